package org.overbookd.sorted;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class SortedIntsTest {

    @Test
    void theUnionIsAscendingWithoutRepeatsWhateverEachSideHolds() {
        assertArrayEquals(new int[] {1, 2, 3, 5, 8}, SortedInts.union(new int[] {1, 3, 3, 8}, new int[] {2, 3, 5, 5}));
        assertArrayEquals(new int[] {-4, 0, 7}, SortedInts.union(new int[] {-4, 0, 7}, new int[0]));
        assertArrayEquals(new int[] {-4, 0, 7}, SortedInts.union(new int[0], new int[] {-4, -4, 0, 7}));
        assertArrayEquals(new int[0], SortedInts.union(new int[0], new int[0]));
    }
}
