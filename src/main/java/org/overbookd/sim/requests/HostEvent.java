package org.overbookd.sim.requests;

/** A host-events row: at time_s the host is removed (fails, retires) or added (recovers, joins). */
public record HostEvent(double timeS, String host, boolean add) {}
