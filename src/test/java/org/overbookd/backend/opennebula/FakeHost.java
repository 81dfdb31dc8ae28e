package org.overbookd.backend.opennebula;

/** A host of the fake oned, or of a generated pool. Mutable: tests set what oned would report. */
final class FakeHost {

    final int id;
    final String name;
    int state = OneHostStates.MONITORED;
    /** HOST_SHARE/TOTAL_CPU: the physical CPU, cores x 100. */
    final int totalCpu;
    /** HOST_SHARE/MAX_CPU: TOTAL_CPU less RESERVED_CPU (which may be negative, to overcommit). */
    int maxCpu;
    /** HOST/MONITORING/CAPACITY/USED_CPU; null when the host has no monitoring record. */
    Long usedCpu;
    /** The sample's TIMESTAMP; null: the fake's clock at the call. */
    Long sampledAt;
    /** HOST/CLUSTER_ID: 0, OpenNebula's default cluster. */
    int clusterId;
    /** Attributes of HOST/TEMPLATE beyond HYPERVISOR and HOSTNAME, as an administrator sets them. */
    final java.util.Map<String, String> template = new java.util.LinkedHashMap<>();

    FakeHost(int id, String name, int cores) {
        this.id = id;
        this.name = name;
        this.totalCpu = cores * 100;
        this.maxCpu = totalCpu;
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

    /** What oned reports when the host's template says RESERVED_CPU = {@code reserved}. */
    FakeHost reservedCpu(int reserved) {
        this.maxCpu = totalCpu - reserved;
        return this;
    }

    /** Freezes the host's sample at {@code timestamp}, as when OpenNebula stops monitoring it. */
    FakeHost sampledAt(Long timestamp) {
        this.sampledAt = timestamp;
        return this;
    }

    FakeHost cluster(int clusterId) {
        this.clusterId = clusterId;
        return this;
    }

    FakeHost template(String name, String value) {
        template.put(name, value);
        return this;
    }

    FakeHost maxCpu(int maxCpu) {
        this.maxCpu = maxCpu;
        return this;
    }
}
