package org.overbookd.tune;

import org.overbookd.sim.overbooking.SimResult;

/** What {@code tune} maximizes within the degradation budget. */
public enum Objective {
    /** Mean CPU utilization of the cluster, percent (the paper's headline figure). */
    UTILIZATION("utilization", "mean utilization", "%", "Mean utilization (%)"),
    /** Hours low-QoS VMs ran: the work overbooking got done. */
    LOW_QOS_HOURS("low-qos-hours", "low-QoS hours", "h", "Low-QoS VM hours (h)");

    private final String cliName;
    private final String words;
    private final String unit;
    private final String axisTitle;

    Objective(String cliName, String words, String unit, String axisTitle) {
        this.cliName = cliName;
        this.words = words;
        this.unit = unit;
        this.axisTitle = axisTitle;
    }

    /** As typed after {@code --objective}. */
    public String cliName() {
        return cliName;
    }

    /** In a sentence: "mean utilization". */
    public String words() {
        return words;
    }

    public String unit() {
        return unit;
    }

    public String axisTitle() {
        return axisTitle;
    }

    public double of(SimResult r) {
        return this == UTILIZATION ? r.utilization() : r.overbookedHours();
    }

    /** The objective named {@code name} ({@link #cliName}), or null. */
    public static Objective named(String name) {
        for (Objective o : values()) {
            if (o.cliName.equals(name)) {
                return o;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return cliName;
    }
}
