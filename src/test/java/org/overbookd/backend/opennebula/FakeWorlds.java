package org.overbookd.backend.opennebula;

/**
 * The standard world most tests run against: usable hosts 0, 1 and 7, one host left out for each
 * reason, and VMs of both QoS classes in every state overbookd distinguishes.
 *
 * <pre>
 * host 0  8 cores  MONITORED             USED_CPU  400  -> 50 %
 * host 1  4 cores  MONITORED             USED_CPU  600  -> 150 %
 * host 2           DISABLED              left out
 * host 3           ERROR                 left out
 * host 4           OFFLINE               left out
 * host 5           INIT, no sample       left out
 * host 6           MONITORED, no sample  left out
 * host 7  2 cores  MONITORING_MONITORED  USED_CPU   50  -> 25 %, busy: VM 18 boots there
 *
 * VM 10 high (no attribute)  running on 0       VM 17 high  HOLD
 * VM 11 high (QOS=HIGH)      running on 0       VM 18 high  ACTIVE/BOOT on 7
 * VM 12 low  running on 0 since now-300         VM 19 low   running on 1
 * VM 13 low ("low") running on 0 since now-900  VM 20 low   running on disabled host 2
 * VM 14 low  HOLD                               VM 21 low   PENDING
 * VM 15 low  SUSPENDED on 1                     VM 22 low   POWEROFF on 0
 * VM 16 low  STOPPED, last on 0                 VM 23 QOS=LOWER, so high, HOLD
 * </pre>
 */
final class FakeWorlds {

    private FakeWorlds() {}

    static void standard(FakeOned one) {
        long now = one.now();
        FakeHost h0 = one.host(0, "node0", 8).usedCpu(400L);
        FakeHost h1 = one.host(1, "node1", 4).usedCpu(600L);
        FakeHost h2 = one.host(2, "node2", 8).state(OneHostStates.DISABLED).usedCpu(100L);
        one.host(3, "node3", 8).state(OneHostStates.ERROR);
        one.host(4, "node4", 8).state(OneHostStates.OFFLINE);
        one.host(5, "node5", 8).state(OneHostStates.INIT).usedCpu(null);
        one.host(6, "node6", 8).usedCpu(null);
        FakeHost h7 = one.host(7, "node7", 2)
                .state(OneHostStates.MONITORING_MONITORED)
                .usedCpu(50L);

        one.vm(10, "web").runningOn(h0, now - 5000).cpu(100.0);
        one.vm(11, "db").attribute("QOS", "HIGH").runningOn(h0, now - 5000).cpu(100.0);
        one.vm(12, "batch-12").low().runningOn(h0, now - 300).cpu(80.0);
        one.vm(13, "batch-13").attribute("QOS", "low").runningOn(h0, now - 900).cpu(20.0);
        one.vm(14, "batch-14").low();
        one.vm(15, "batch-15").low().stay(h1, now - 2000).state(OneVmStates.SUSPENDED, OneVmStates.LCM_INIT);
        FakeVm stopped =
                one.vm(16, "batch-16").low().stay(h0, now - 2000).state(OneVmStates.STOPPED, OneVmStates.LCM_INIT);
        stopped.lastStay().etime = now - 1000;
        one.vm(17, "web-new");
        one.vm(18, "web-boot").stay(h7, now - 10).state(OneVmStates.ACTIVE, OneVmStates.BOOT);
        one.vm(19, "batch-19").low().runningOn(h1, now - 100).cpu(50.0);
        one.vm(20, "batch-20").low().runningOn(h2, now - 100).cpu(50.0);
        one.vm(21, "batch-21").low().state(OneVmStates.PENDING, OneVmStates.LCM_INIT);
        one.vm(22, "batch-22").low().stay(h0, now - 4000).state(OneVmStates.POWEROFF, OneVmStates.LCM_INIT);
        one.vm(23, "odd").attribute("QOS", "LOWER");
    }
}
