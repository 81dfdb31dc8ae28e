package org.overbookd.policy.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The index of hosts by free CPU keeps its order (most free first, then by ordinal) through
 * placements, completions, hosts going and coming, as the sorted set it replaced did: after every
 * change its walk lists the hosts of the cluster in that order, and stops at the first host with
 * too little free CPU. With chunks of 2, 3 and 8 hosts the index cuts 120 hosts into many chunks,
 * splitting and merging them all the time; with its own size, into one or two.
 */
class FreeCpuIndexTest {

    private static final double[] SIZES = {0.05, 0.1, 0.125, 0.25, 0.5};

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 8, FreeCpuIndex.DEFAULT_CHUNK})
    void walksTheHostsByFreeCpuThroughEveryChange(int chunk) {
        SplittableRandom random = new SplittableRandom(34);
        HostIndex cluster = new HostIndex(chunk);
        List<NodeView> nodes = new ArrayList<>();
        for (int h = 0; h < 120; h++) {
            NodeView n = new NodeView("h" + h, h % 5 == 0 ? 2 : 1, 1, Map.of());
            nodes.add(n);
            cluster.addHost(n, h);
        }
        List<String> placed = new ArrayList<>(); // each instance's host
        List<LiveInstance> instances = new ArrayList<>();
        String down = null;
        for (int step = 0; step < 4000; step++) {
            int what = random.nextInt(10);
            if (what < 6) {
                NodeView n = nodes.get(random.nextInt(nodes.size()));
                if (cluster.hasHost(n.id())) {
                    double size = SIZES[random.nextInt(SIZES.length)];
                    LiveInstance i = LiveInstance.fixed(new InstanceView(
                            "i" + step, Fixtures.SILVER, size, size, Map.of(), step, 100, 10, 0, 2, n.id()));
                    cluster.place(n.id(), i, 0);
                    placed.add(n.id());
                    instances.add(i);
                }
            } else if (what < 9 && !placed.isEmpty()) {
                int k = random.nextInt(placed.size());
                cluster.remove(placed.remove(k), instances.remove(k));
            } else if (down == null) {
                down = nodes.get(random.nextInt(nodes.size())).id();
                cluster.removeHost(down);
                String gone = down;
                for (int k = placed.size() - 1; k >= 0; k--) {
                    if (placed.get(k).equals(gone)) {
                        placed.remove(k);
                        instances.remove(k);
                    }
                }
            } else {
                int h = Integer.parseInt(down.substring(1));
                cluster.addHost(nodes.get(h), h);
                down = null;
            }
            double cpu = random.nextDouble(1.2);
            List<NodeState> expected = new ArrayList<>(cluster.scanOrder());
            expected.sort(Comparator.comparingDouble((NodeState n) -> FreeCpuIndex.free(n))
                    .reversed()
                    .thenComparingInt(NodeState::ordinal));
            expected.removeIf(n -> FreeCpuIndex.free(n) + NodeState.EPSILON < cpu);
            List<NodeState> walked = walk(cluster.freeCpu(), cpu);
            assertEquals(expected, walked, "step " + step);
        }
    }

    /** The index's places in order, a chunk at a time, up to the first host without this much free CPU: the walk for room. */
    private static List<NodeState> walk(FreeCpuIndex index, double cpu) {
        List<NodeState> walked = new ArrayList<>();
        for (int k = 0; k < index.chunks(); k++) {
            FreeCpuIndex.Chunk c = index.chunk(k);
            for (int at = 0; at < c.size(); at++) {
                if (!c.hasRoom(at, cpu)) {
                    return walked;
                }
                walked.add(c.node(at));
            }
        }
        return walked;
    }
}
