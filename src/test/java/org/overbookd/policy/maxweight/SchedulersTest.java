package org.overbookd.policy.maxweight;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Algorithm 1 and the baselines, one rule at a time, on Example 1's server (capacity 6; types 4 and 1). */
class SchedulersTest {

    private static final int LARGE = 0;
    private static final int SMALL = 1;

    private static FakeTypedView example1() {
        return new FakeTypedView(new long[] {6}, new long[] {4, 1});
    }

    /** Algorithm 1 on Example 1, run to the state: configuration (1, 2), all three slots full, 10 small VMs waiting. */
    private static MaxWeightScheduler fullOneTwo(FakeTypedView c, double beta) {
        MaxWeightScheduler s = new MaxWeightScheduler(new ExactSolver(), Padding.LARGEST_FIRST, beta, false);
        c.begin(s);
        c.arrive(s, LARGE);
        c.arrive(s, SMALL);
        c.arrive(s, SMALL);
        c.backlog(SMALL, 10);
        return s;
    }

    @Test
    void theFirstLargeVmGivesThePaddedConfigurationAndArrivalsTakeItsSlotsAtOnce() {
        FakeTypedView c = example1();
        MaxWeightScheduler s = fullOneTwo(c, 0.5);
        assertArrayEquals(new int[] {1, 2}, s.configuration(0), "one large VM waits, then two small slots of padding");
        assertEquals(List.of("0@0", "1@0", "1@0"), c.starts);
        c.arrive(s, SMALL);
        assertEquals(11, c.queued(SMALL), "no small slot left: it queues");
    }

    /**
     * Start-up as the paper reads: servers start stalled and empty, reserving nothing; the first VM
     * that has to queue makes the lowest-numbered empty stalled server active with an r-max
     * configuration for the queues of that moment (one small VM: (0, 6)), and only that server. A
     * large VM then finds no slot (server 0 holds smalls only), queues, and server 1 takes (1, 2).
     */
    @Test
    void serversStartStalledAndEmptyAndTheFirstQueuedVmActivatesOne() {
        FakeTypedView c = new FakeTypedView(new long[] {6, 6, 6}, new long[] {4, 1});
        MaxWeightScheduler s = new MaxWeightScheduler(new ExactSolver(), Padding.LARGEST_FIRST, 0.5, false);
        c.begin(s);
        for (int server = 0; server < 3; server++) {
            assertEquals(Period.STALLED, s.period(server));
            assertArrayEquals(new int[] {0, 0}, s.configuration(server), "nothing reserved at time 0");
        }
        assertEquals(0, s.resets());
        c.arrive(s, SMALL);
        assertEquals(List.of("1@0"), c.starts, "the small VM starts on server 0 at once");
        assertEquals(Period.ACTIVE, s.period(0));
        assertArrayEquals(new int[] {0, 6}, s.configuration(0));
        assertEquals(5, s.emptySlots(0, SMALL));
        assertEquals(Period.STALLED, s.period(1), "one server per queued VM");
        c.arrive(s, SMALL);
        assertEquals(List.of("1@0", "1@0"), c.starts, "a slot was free: nothing queued, nothing activated");
        assertEquals(Period.STALLED, s.period(1));
        c.arrive(s, LARGE);
        assertEquals(List.of("1@0", "1@0", "0@1"), c.starts);
        assertEquals(Period.ACTIVE, s.period(1));
        assertArrayEquals(new int[] {1, 2}, s.configuration(1));
        assertEquals(Period.STALLED, s.period(2));
        assertEquals(2, s.resets());
    }

    /**
     * Condition (4) at a small VM's departure: f((1,2), Q) = 2 x 10 = 20 and the max-weight
     * configuration (0,6) weighs 6 x 10 = 60. With beta = 0.5, 20 &lt; 30: the server stalls, takes
     * nothing more, and once empty starts (0,6) with six waiting small VMs.
     */
    @Test
    void aDepartureStallsTheServerWhenConditionFourHolds() {
        FakeTypedView c = example1();
        MaxWeightScheduler s = fullOneTwo(c, 0.5);
        c.depart(s, 0, SMALL);
        assertEquals(Period.STALLED, s.period(0));
        assertEquals(10, c.queued(SMALL), "a stalled server schedules nothing");
        assertEquals(1, s.stalls());
        c.depart(s, 0, SMALL);
        c.depart(s, 0, LARGE);
        assertEquals(Period.ACTIVE, s.period(0), "empty: a new active period");
        assertArrayEquals(new int[] {0, 6}, s.configuration(0));
        assertEquals(6, c.running(0, SMALL));
        assertEquals(4, c.queued(SMALL));
    }

    /**
     * A stalled server that empties while no queue holds a VM stays stalled and empty (every
     * configuration weighs 0), reserving nothing, until a VM has to queue. Server 0 holds (1, 2) full
     * and six small VMs wait: f((1,2), Q) = 12 &lt; 0.5 x 36 at a small departure, so it stalls; the
     * idle server 1 takes the six; server 0 then empties with empty queues.
     */
    @Test
    void aStalledServerThatEmptiesWithEmptyQueuesWaitsForTheNextQueuedVm() {
        FakeTypedView c = new FakeTypedView(new long[] {6, 6}, new long[] {4, 1});
        MaxWeightScheduler s = new MaxWeightScheduler(new ExactSolver(), Padding.LARGEST_FIRST, 0.5, false);
        c.begin(s);
        c.arrive(s, LARGE);
        c.arrive(s, SMALL);
        c.arrive(s, SMALL);
        c.backlog(SMALL, 6);
        c.depart(s, 0, SMALL);
        assertEquals(Period.STALLED, s.period(0));
        c.announce(s, SMALL);
        assertArrayEquals(new int[] {0, 6}, s.configuration(1), "server 1 woke for the six small VMs");
        assertEquals(0, c.queued(SMALL));
        c.depart(s, 0, SMALL);
        c.depart(s, 0, LARGE);
        assertEquals(Period.STALLED, s.period(0), "empty, but nothing to configure for");
        assertEquals(0, s.emptySlots(0, LARGE) + s.emptySlots(0, SMALL), "nothing reserved");
        c.arrive(s, LARGE);
        assertEquals(Period.ACTIVE, s.period(0));
        assertEquals(1, c.running(0, LARGE), "the large VM had to queue and woke server 0");
    }

    /** With beta = 0.3, 20 &lt; 18 is false: the freed slot takes the oldest waiting small VM. */
    @Test
    void aDepartureRefillsTheSlotWhenConditionFourDoesNotHold() {
        FakeTypedView c = example1();
        MaxWeightScheduler s = fullOneTwo(c, 0.3);
        c.depart(s, 0, SMALL);
        assertEquals(Period.ACTIVE, s.period(0));
        assertEquals(9, c.queued(SMALL));
        assertEquals(2, c.running(0, SMALL));
        // the large slot, with no large VM waiting, is reserved and the next large arrival takes it
        c.depart(s, 0, LARGE);
        assertEquals(1, s.emptySlots(0, LARGE));
        c.arrive(s, LARGE);
        assertEquals(1, c.running(0, LARGE));
    }

    @Test
    void betaMustBeStrictlyBetweenZeroAndOne() {
        for (double beta : new double[] {0, 1, -0.1, Double.NaN}) {
            try {
                new MaxWeightScheduler(new ExactSolver(), Padding.NONE, beta, false);
                throw new AssertionError("accepted beta " + beta);
            } catch (IllegalArgumentException expected) {
                assertTrue(expected.getMessage().contains("beta"));
            }
        }
    }

    /**
     * An empty active server reserved for a type nobody sends: its last large VM has left with no
     * queue anywhere, so condition (4) (0 &lt; beta x 0) did not hold and it kept (1, 0). Small VMs
     * then queue for ever unless the recheck extension resets it: f((1,0), Q) = 0 &lt; 0.5 x 6.
     */
    @Test
    void recheckEmptyResetsAnIdleServerWhenAnArrivalQueues() {
        for (boolean recheck : new boolean[] {false, true}) {
            FakeTypedView c = example1();
            MaxWeightScheduler s = new MaxWeightScheduler(new ExactSolver(), Padding.NONE, 0.5, recheck);
            c.begin(s);
            c.arrive(s, LARGE);
            assertArrayEquals(new int[] {1, 0}, s.configuration(0));
            c.depart(s, 0, LARGE);
            assertEquals(Period.ACTIVE, s.period(0));
            for (int i = 0; i < 3; i++) {
                c.arrive(s, SMALL);
            }
            assertEquals(recheck ? 3 : 0, c.running(0, SMALL), "recheck " + recheck);
            assertEquals(recheck ? 0 : 3, c.queued(SMALL), "recheck " + recheck);
        }
    }

    /**
     * The cited M14 on two of Example 1's servers: an arrival takes a free slot of its type if one
     * has one; otherwise it joins the shortest queue of its type (ties to an empty server, which
     * refreshes at once for its own queues, then the lowest number) and waits there, even while
     * another server could take it; a departure refills from the server's own queue.
     */
    @Test
    void m14RoutesAnArrivalToTheShortestQueueOfItsTypeAndKeepsPerServerQueues() {
        FakeTypedView c = new FakeTypedView(new long[] {6, 6}, new long[] {4, 1});
        RoutedRefreshScheduler s = new RoutedRefreshScheduler(new ExactSolver(), Padding.LARGEST_FIRST);
        c.begin(s);
        assertArrayEquals(new int[] {0, 0}, s.configuration(0), "no configuration before a VM is routed");
        c.arrive(s, SMALL);
        assertArrayEquals(new int[] {0, 6}, s.configuration(0), "refreshed for its own queue: one small VM");
        c.arrive(s, LARGE);
        assertEquals(List.of("1@0", "0@1"), c.starts, "the empty server 1 wins the tie and refreshes");
        assertArrayEquals(new int[] {1, 2}, s.configuration(1));
        c.arrive(s, SMALL);
        assertEquals("1@0", c.starts.get(2), "a free small slot: the lowest-numbered server's");
        c.arrive(s, LARGE);
        c.arrive(s, LARGE);
        assertEquals(1, s.queuedAt(0, LARGE), "shortest queue, lowest number: server 0, which holds no large slot");
        assertEquals(1, s.queuedAt(1, LARGE), "then server 1, whose queue is now the shorter");
        assertEquals(2, c.queued(LARGE));
        c.depart(s, 1, LARGE);
        assertEquals("0@1", c.starts.get(c.starts.size() - 1), "server 1 refills from its own queue");
        assertEquals(0, s.queuedAt(1, LARGE));
        assertEquals(1, s.queuedAt(0, LARGE), "server 0's VM still waits at server 0");
        assertEquals(1, c.queued(LARGE));
    }

    /** M14 never stalls: it keeps (1, 2) and refills from the queue, however long the queue gets. */
    @Test
    void m14KeepsItsConfigurationWhileTheServerIsBusy() {
        FakeTypedView c = example1();
        RefreshMaxWeightScheduler s = new RefreshMaxWeightScheduler(new ExactSolver(), Padding.LARGEST_FIRST);
        c.begin(s);
        c.arrive(s, LARGE);
        c.arrive(s, SMALL);
        c.arrive(s, SMALL);
        c.backlog(SMALL, 100);
        for (int i = 0; i < 50; i++) {
            c.depart(s, 0, SMALL);
        }
        assertArrayEquals(new int[] {1, 2}, s.configuration(0));
        assertEquals(50, c.queued(SMALL));
        assertEquals(2, c.running(0, SMALL));
    }

    @Test
    void bestFitPicksTheTightestServerAndRefillsOldestFirst() {
        FakeTypedView c = new FakeTypedView(new long[] {8, 4, 2}, new long[] {2, 4});
        BestFitScheduler s = new BestFitScheduler();
        c.begin(s);
        c.arrive(s, 0);
        c.arrive(s, 1);
        c.arrive(s, 1);
        c.arrive(s, 1);
        assertEquals(List.of("0@2", "1@1", "1@0", "1@0"), c.starts, "each on the server it leaves the least room on");
        c.arrive(s, 1);
        c.now = 1;
        c.arrive(s, 0);
        assertEquals(1, c.queued(0));
        assertEquals(1, c.queued(1));
        c.depart(s, 0, 1);
        assertEquals("1@0", c.starts.get(4), "both fit the freed 4 units: the older (type 1) goes first");
        assertEquals(1, c.queued(0));
        c.depart(s, 2, 0);
        assertEquals("0@2", c.starts.get(5));
        assertEquals(0, c.queued(0) + c.queued(1));
    }

    @Test
    void g16PlacesOnlyOnItsClockAndOnlyWhatFits() {
        FakeTypedView c = example1();
        RandomizedSamplingScheduler s = new RandomizedSamplingScheduler(new double[] {1, 1}, new SplittableRandom(1));
        c.begin(s);
        assertEquals(Double.POSITIVE_INFINITY, s.nextTimer(), "no queue, nothing to sample");
        c.arrive(s, LARGE);
        c.arrive(s, SMALL);
        assertEquals(0, c.starts.size(), "arrivals wait for the clock");
        double t = s.nextTimer();
        assertTrue(t > 0 && t < Double.POSITIVE_INFINITY);
        for (int i = 0; i < 2; i++) {
            c.now = s.nextTimer();
            c.timer(s);
        }
        assertEquals(0, c.queued(LARGE) + c.queued(SMALL));
        c.backlog(LARGE, 3);
        c.announce(s, LARGE);
        assertEquals(Double.POSITIVE_INFINITY, s.nextTimer(), "a second large VM does not fit next to the first");
    }

    @Test
    void aSchedulerReturnsItsStartsAndLeavesTheViewAlone() {
        FakeTypedView c = example1();
        BestFitScheduler s = new BestFitScheduler();
        c.begin(s);
        c.backlog(SMALL, 7);
        // the freed server takes small VMs until it is full: six, planned one after the other
        List<Start> starts = s.decide(new TypeEvent.Departure(c, 0, LARGE, 0));
        assertEquals(
                List.of(
                        new Start(0, SMALL),
                        new Start(0, SMALL),
                        new Start(0, SMALL),
                        new Start(0, SMALL),
                        new Start(0, SMALL),
                        new Start(0, SMALL)),
                starts);
        assertEquals(7, c.queued(SMALL), "the model, not the scheduler, starts the VMs");
        assertEquals(6, c.residual(0, 0));
        assertEquals(List.of(), c.starts);
    }

    @Test
    void aPlanRefusesWhatTheModelWouldRefuse() {
        FakeTypedView c = example1();
        c.backlog(LARGE, 2);
        PlannedStarts plan = new PlannedStarts(c);
        plan.start(0, LARGE);
        assertEquals(1, plan.queued(LARGE));
        assertEquals(2, plan.residual(0, 0));
        assertThrows(IllegalStateException.class, () -> plan.start(0, LARGE), "a second large VM does not fit");
        assertThrows(IllegalStateException.class, () -> plan.start(0, SMALL), "no small VM waits");
        assertEquals(List.of(new Start(0, LARGE)), plan.starts());
    }
}
