package org.overbookd.model;

/**
 * The two service levels of Verboven et al. section 2.1. High-QoS VMs own their cores and are
 * never acted on by overbookd; low-QoS VMs may be deployed onto, and taken off, overbooked hosts.
 */
public enum QosClass {
    HIGH,
    LOW
}
