package org.overbookd.policy.qos;

import java.util.Map;

/** An instance whose e grows while it holds a host and whose p grows while it waits. */
final class Inst implements LiveInstance {
    final String id;
    final ServiceClass c;
    final double size;
    final long admission;
    double run;
    double pending;
    double clock;
    String node;

    Inst(String id, ServiceClass c, double size, long admission, double run, double pending) {
        this.id = id;
        this.c = c;
        this.size = size;
        this.admission = admission;
        this.run = run;
        this.pending = pending;
    }

    @Override
    public InstanceView viewAt(double t) {
        if (node == null) {
            pending += t - clock;
        } else {
            run += t - clock;
        }
        clock = t;
        return new InstanceView(id, c, size, size, Map.of(), admission, run, pending, 0, 2, node);
    }
}
