package org.overbookd.policy.qos;

import java.util.Map;

/** Short constructors for hand-made scenarios. */
final class Fixtures {

    static final ServiceClasses CLASSES = ServiceClasses.defaults();
    static final ServiceClass GOLD = CLASSES.find("gold").orElseThrow();
    static final ServiceClass SILVER = CLASSES.find("silver").orElseThrow();
    static final ServiceClass BRONZE = CLASSES.find("bronze").orElseThrow();

    private Fixtures() {}

    /** A one-slot instance (cpu = mem = 1) with the given accounting in seconds and no overheads. */
    static InstanceView inst(String id, ServiceClass c, double e, double p, String node, long admission) {
        return new InstanceView(id, c, 1, 1, Map.of(), admission, e, p, 0, 0, node);
    }

    static InstanceView withOverhead(InstanceView v, double overheadPaid) {
        return new InstanceView(
                v.id(),
                v.serviceClass(),
                v.cpu(),
                v.mem(),
                v.constraints(),
                v.admission(),
                v.runS(),
                v.pendingS(),
                overheadPaid,
                v.alphaS(),
                v.node());
    }

    static NodeView node(String id, double slots) {
        return new NodeView(id, slots, slots, Map.of());
    }

    static Candidate cand(InstanceView v) {
        return new Candidate(v);
    }
}
