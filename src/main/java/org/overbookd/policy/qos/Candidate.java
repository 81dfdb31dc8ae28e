package org.overbookd.policy.qos;

/**
 * An instance during one scheduling pass: its view, its QoS metric frozen at the start of the pass
 * (every decision of a pass is taken at the same instant t), and whether the pass just placed it.
 */
public final class Candidate {

    private final LiveInstance source;
    private final InstanceView view;
    private final double qos;
    private boolean placedThisPass;
    /** The cluster's entry for a resident, so a pass can take a victim off its host. */
    Resident resident;

    public Candidate(InstanceView view) {
        this(LiveInstance.fixed(view), view);
    }

    Candidate(LiveInstance source, InstanceView view) {
        this.source = source;
        this.view = view;
        this.qos = view.qos();
    }

    public InstanceView view() {
        return view;
    }

    LiveInstance source() {
        return source;
    }

    public ServiceClass serviceClass() {
        return view.serviceClass();
    }

    public double qos() {
        return qos;
    }

    /** The margin Q - phi: negative when the instance is close to, or past, violating its SLO. */
    public double margin() {
        return qos - view.serviceClass().safetyMarginS();
    }

    public boolean placedThisPass() {
        return placedThisPass;
    }

    void markPlaced() {
        placedThisPass = true;
    }
}
