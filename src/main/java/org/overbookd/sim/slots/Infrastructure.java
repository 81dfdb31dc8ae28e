package org.overbookd.sim.slots;

import java.util.ArrayList;
import java.util.List;

/**
 * The servers of a run, expanded from their types, and their slots grouped in tiers by CPU per slot
 * (highest first), which is how HYBRID tells "powerful" slots from "normal" ones (section 2.1.1).
 *
 * <p>Tiers are exact groups of equal CPU per slot (within a relative 1e-9, so 0.5/24 and 1.0/48 are
 * one tier). For reports a tier is called powerful when its CPU per slot is above the cluster's
 * average (total capacity over total slots): in Table 1 the 5 type-D servers with 24 slots, 120
 * slots, are powerful and the 2,952 others normal, as in the paper.
 */
public final class Infrastructure {

    private final List<ServerType> types;
    private final ServerType[] typeOf;
    private final int[] tierOf;
    private final double[] tierCpuPerSlot;
    private final boolean[] tierPowerful;
    private final int[] tierSlots;
    private final int totalSlots;

    public Infrastructure(List<ServerType> types) {
        this.types = List.copyOf(types);
        List<ServerType> servers = new ArrayList<>();
        for (ServerType type : types) {
            for (int i = 0; i < type.count(); i++) {
                servers.add(type);
            }
        }
        if (servers.isEmpty()) {
            throw new IllegalArgumentException("no servers");
        }
        typeOf = servers.toArray(new ServerType[0]);
        double[] levels =
                servers.stream().mapToDouble(ServerType::cpuPerSlot).sorted().toArray();
        List<Double> tiers = new ArrayList<>();
        for (int i = levels.length - 1; i >= 0; i--) {
            if (tiers.isEmpty() || !same(tiers.get(tiers.size() - 1), levels[i])) {
                tiers.add(levels[i]);
            }
        }
        tierCpuPerSlot = tiers.stream().mapToDouble(Double::doubleValue).toArray();
        tierOf = new int[typeOf.length];
        tierSlots = new int[tierCpuPerSlot.length];
        double capacity = 0;
        int slots = 0;
        for (int s = 0; s < typeOf.length; s++) {
            int tier = 0;
            while (!same(tierCpuPerSlot[tier], typeOf[s].cpuPerSlot())) {
                tier++;
            }
            tierOf[s] = tier;
            tierSlots[tier] += typeOf[s].slots();
            capacity += typeOf[s].cpu();
            slots += typeOf[s].slots();
        }
        totalSlots = slots;
        double average = capacity / slots;
        tierPowerful = new boolean[tierCpuPerSlot.length];
        for (int t = 0; t < tierCpuPerSlot.length; t++) {
            tierPowerful[t] = tierCpuPerSlot[t] > average && !same(tierCpuPerSlot[t], average);
        }
    }

    /** Table 1 of the paper: 125 servers, 3,072 slots. */
    public static Infrastructure table1() {
        return new Infrastructure(ServerMix.table1());
    }

    private static boolean same(double a, double b) {
        return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
    }

    public List<ServerType> types() {
        return types;
    }

    public int servers() {
        return typeOf.length;
    }

    public ServerType server(int index) {
        return typeOf[index];
    }

    public int tierOf(int server) {
        return tierOf[server];
    }

    public int tiers() {
        return tierCpuPerSlot.length;
    }

    public double tierCpuPerSlot(int tier) {
        return tierCpuPerSlot[tier];
    }

    public boolean tierPowerful(int tier) {
        return tierPowerful[tier];
    }

    public int tierSlots(int tier) {
        return tierSlots[tier];
    }

    public int totalSlots() {
        return totalSlots;
    }

    /** Slots on powerful tiers. */
    public int powerfulSlots() {
        int n = 0;
        for (int t = 0; t < tiers(); t++) {
            n += tierPowerful[t] ? tierSlots[t] : 0;
        }
        return n;
    }
}
