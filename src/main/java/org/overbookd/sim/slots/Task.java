package org.overbookd.sim.slots;

/**
 * One task of a workload: its name in the trace, when it is submitted (seconds), its priority class
 * 0-11 and the CPU it needs to finish, in CPU-seconds (the same normalized unit as the servers'
 * capacity, see {@link ServerType}). Memory is carried from traces that give it and not used by the
 * slot model, which places tasks without looking at their needs (section 2.1); NaN when absent.
 */
public record Task(String id, double submit, int priority, double cpuSeconds, double memory) {}
