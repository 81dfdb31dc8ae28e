package org.overbookd.backend.opennebula;

/** A host of the fake oned, or of a generated pool. Mutable: tests set what oned would report. */
final class FakeHost {

    final int id;
    final String name;
    int state = OneHostStates.MONITORED;
    int maxCpu;
    /** HOST/MONITORING/CAPACITY/USED_CPU; null when the host has no monitoring record. */
    Long usedCpu;

    FakeHost(int id, String name, int cores) {
        this.id = id;
        this.name = name;
        this.maxCpu = cores * 100;
        this.usedCpu = 0L;
    }

    FakeHost state(int state) {
        this.state = state;
        return this;
    }

    FakeHost usedCpu(Long usedCpu) {
        this.usedCpu = usedCpu;
        return this;
    }

    FakeHost maxCpu(int maxCpu) {
        this.maxCpu = maxCpu;
        return this;
    }
}
