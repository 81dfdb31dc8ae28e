package org.overbookd.sim.types;

/** One VM of a trace once typed: arrival and service time in seconds from the first arrival, and its type. */
public record TraceTask(double arrival, double service, int type) {}
