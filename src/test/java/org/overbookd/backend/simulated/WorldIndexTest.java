package org.overbookd.backend.simulated;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SimBindings;
import org.overbookd.model.BoundScan;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostView;
import org.overbookd.model.QueueIndex;
import org.overbookd.model.VmView;
import org.overbookd.policy.cluster.Decision;
import org.overbookd.policy.overbooking.HostOrder;
import org.overbookd.policy.overbooking.OverbookingPolicy;
import org.overbookd.policy.overbooking.OverbookingSettings;
import org.overbookd.policy.overbooking.Placement;
import org.overbookd.policy.overbooking.QosTerms;
import org.overbookd.policy.overbooking.QueueOrder;
import org.overbookd.policy.overbooking.QueueRule;
import org.overbookd.policy.overbooking.VictimRule;

/**
 * The simulated world's indexes (its queue in FIFO order with kept counts, its scans of the hosts at
 * the bounds) against the policy's own general path over the same world, step after step of a
 * busy run: the same decisions, reasons included, every step; and the queue it keeps is the one a
 * sort of its VMs gives.
 */
class WorldIndexTest {

    private static final Instant EPOCH = Instant.parse("2024-01-01T00:00:00Z");

    /** The same world with only the ClusterView contract: the policy takes its general path. */
    private record Plain(ClusterView view) implements ClusterView {
        @Override
        public List<? extends HostView> hosts() {
            return view.hosts();
        }

        @Override
        public List<? extends VmView> queue() {
            return view.queue();
        }
    }

    private static List<Long> ids(List<? extends VmView> vms) {
        return vms.stream().map(VmView::id).toList();
    }

    @ParameterizedTest(name = "sizes [{0}], {1}, {2}, sticky {3}")
    @CsvSource({
        "'', FIRST_FIT, FIFO, 0",
        "'1:0.6,2:0.3,4:0.1', FIRST_FIT, FIFO, 0",
        "'1:0.6,2:0.3,4:0.1', MAXWEIGHT, FIFO, 3",
        "'1:0.5,3:0.5', FIRST_FIT, QOS, 0",
    })
    void indexedStepDecidesAsTheGeneralOne(String sizes, Placement placement, QueueRule queue, int sticky) {
        Settings s = Settings.defaults()
                .with(Options.SIM_NODES, 40)
                .with(Options.SIM_DURATION, Duration.ofDays(2))
                .with(Options.SIM_LOW_SIZES, SizeMix.parse(sizes));
        SimulatedBackend backend = new SimulatedBackend(SimBindings.simConfig(s).world(), EPOCH);
        OverbookingPolicy policy = new OverbookingPolicy(new OverbookingSettings(
                75,
                95,
                2,
                HostOrder.LEAST_UTILIZED,
                sticky,
                queue,
                VictimRule.LAST_ADDED,
                QosTerms.DEFAULTS,
                placement));
        int suspends = 0;
        int resumes = 0;
        int deploys = 0;
        for (long second = 0; second < 2 * 86_400; second += 300) {
            backend.advanceThrough(second);
            Instant now = EPOCH.plusSeconds(second);
            ClusterView view = backend.observe(now);
            assertTrue(view instanceof QueueIndex && view instanceof BoundScan);
            QueueIndex index = (QueueIndex) view;
            List<VmView> sorted = new ArrayList<>(view.queue());
            sorted.sort(QueueOrder.FIFO);
            assertEquals(ids(sorted), ids(view.queue()), "the queue kept in FIFO order at " + second);
            assertEquals(view.queue().size(), index.queued());
            assertEquals(!sizes.isEmpty(), index.anySized());
            assertFalse(index.anyPinned(), "the simulator swaps suspended VMs out");

            List<Decision> general = policy.decide(new Plain(view), now);
            List<Decision> indexed = policy.decide(view, now);
            assertEquals(general, indexed, "step at " + second);
            for (Decision d : indexed) {
                if (d instanceof Decision.Suspend) {
                    suspends++;
                } else if (d instanceof Decision.Resume) {
                    resumes++;
                } else {
                    deploys++;
                }
            }
            backend.enact(indexed, now);
        }
        // the run exercised every kind of decision, so the comparison above meant something
        assertTrue(
                suspends > 20 && resumes > 20 && deploys > 20,
                Map.of("suspends", suspends, "resumes", resumes, "deploys", deploys)
                        .toString());
        assertEquals(0, backend.totals().refused());
    }
}
