package org.overbookd.sim.requests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.overbookd.policy.qos.ServiceClasses;

/** Section 4.2's sampling on the generated users, and section 4.3's sizing on a sample's peak. */
class UserSampleTest {

    private static final ServiceClasses CLASSES = ServiceClasses.defaults();
    /** Small: 300 users for a day at a fiftieth of the cell's job rate. */
    private static final UserPopulation POPULATION = new UserPopulation(300, 0.317 / 50, 1, 1);

    @Test
    void usersDifferAndEachUsersRequestsAreItsOwn() {
        List<List<RequestSpec>> users = POPULATION.requests(1, CLASSES);
        assertEquals(300, users.size());
        assertEquals(users, POPULATION.requests(1, CLASSES), "the same seed, the same users");
        // heavy-tailed activity: the busiest tenth of the users submit most requests
        int[] sizes = users.stream().mapToInt(List::size).sorted().toArray();
        long all = java.util.Arrays.stream(sizes).sum();
        long top = java.util.Arrays.stream(sizes, 270, 300).sum();
        assertTrue(top > all / 2, top + " of " + all);
        for (List<RequestSpec> u : users) {
            for (int i = 1; i < u.size(); i++) {
                assertTrue(u.get(i).submitS() >= u.get(i - 1).submitS(), "each user's in submit order");
            }
            assertTrue(u.stream().allMatch(r -> r.submitS() < 86_400 && r.cpu() > 0 && r.cpu() <= 0.5));
        }
    }

    @Test
    void aSampleIsATenthOfEachGroupAndTheSamplesDiffer() {
        List<List<RequestSpec>> users = POPULATION.requests(1, CLASSES);
        int[] groups = UserSample.groups(users, 6, 1);
        int k = java.util.Arrays.stream(groups).max().getAsInt() + 1;
        assertTrue(k >= 4 && k <= 6, "k-means keeps most of its 6 groups: " + k);
        List<Integer> one = UserSample.users(groups, 0.1, 1, 1);
        for (int g = 0; g < k; g++) {
            int group = g;
            long members =
                    java.util.Arrays.stream(groups).filter(x -> x == group).count();
            long chosen = one.stream().filter(u -> groups[u] == group).count();
            assertEquals(Math.max(1, Math.round(0.1 * members)), chosen, "group " + g);
        }
        assertNotEquals(one, UserSample.users(groups, 0.1, 1, 2));
        List<RequestSpec> sample = UserSample.requests(users, one);
        assertEquals(one.stream().mapToInt(u -> users.get(u).size()).sum(), sample.size());
        for (int i = 1; i < sample.size(); i++) {
            assertTrue(sample.get(i).submitS() >= sample.get(i - 1).submitS());
        }
    }

    @Test
    void theCellIsSizedOnThePeakAndCutByRemovingMachines() {
        List<List<RequestSpec>> users = POPULATION.requests(1, CLASSES);
        List<RequestSpec> sample =
                UserSample.requests(users, UserSample.users(UserSample.groups(users, 6, 1), 0.1, 1, 3));
        PeakDemand.Profile peak = CellSizing.peak(sample, 86_400);
        boolean byCpu = peak.peakCpu() >= peak.peakMem();
        List<HostSpec> n = CellSizing.machines(peak, 1, 3);
        List<HostSpec> cut = CellSizing.machines(peak, 0.8, 3);
        double whole = n.stream().mapToDouble(h -> byCpu ? h.cpu() : h.mem()).sum();
        double less = cut.stream().mapToDouble(h -> byCpu ? h.cpu() : h.mem()).sum();
        // at least N, by less than a machine; then at most 0.8N
        assertTrue(whole >= peak.n() && whole < peak.n() + 1, whole + " for N = " + peak.n());
        assertTrue(less <= 0.8 * peak.n() + 1e-9 && less > 0.8 * peak.n() - 1, less + " for 0.8N");
        assertTrue(
                cut.stream().allMatch(h -> n.stream().anyMatch(m -> m.id().equals(h.id()))), "0.8N is N less machines");
        assertEquals(
                (int) Math.round(1.1 * Math.ceil(peak.n())),
                CellSizing.unitServers(peak, 1.1).size());
    }
}
