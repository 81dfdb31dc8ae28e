package org.overbookd.policy.overbooking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.overbookd.model.FixtureCluster.Host;
import org.overbookd.model.HostView;

/**
 * {@link CandidatePositions} answers what a map from host id to position filled in host order
 * answers: consecutive ids (OpenNebula's), ids far apart, negative and extreme ids, ids listed
 * twice (the last position wins), and ids that are no candidate.
 */
class CandidatePositionsTest {

    @Test
    void answersAsAMapFilledInOrderDoes() {
        SplittableRandom random = new SplittableRandom(15);
        for (int n : new int[] {0, 1, 2, 3, 100, 4_000, 40_000}) {
            for (int spread : new int[] {1, 3, 1 << 16, Integer.MAX_VALUE}) {
                List<HostView> candidates = new ArrayList<>(n);
                Map<Integer, Integer> expected = new HashMap<>();
                for (int i = 0; i < n; i++) {
                    int id = spread == 1 ? i : random.nextInt() % spread;
                    if (i % 97 == 5) {
                        id = i == 5 ? Integer.MIN_VALUE : Integer.MAX_VALUE;
                    }
                    candidates.add(Host.of(id, 10));
                    expected.put(id, i);
                }
                CandidatePositions positions = new CandidatePositions(candidates);
                for (Map.Entry<Integer, Integer> e : expected.entrySet()) {
                    assertEquals(e.getValue(), positions.of(e.getKey()), "n " + n + ", spread " + spread);
                }
                for (int k = 0; k < 2_000; k++) {
                    int id = random.nextInt();
                    assertEquals(expected.getOrDefault(id, -1), positions.of(id), "absent id " + id);
                }
                assertEquals(expected.getOrDefault(n, -1), positions.of(n), "the id after the last");
            }
        }
        assertEquals(-1, CandidatePositions.NONE.of(0));
    }
}
