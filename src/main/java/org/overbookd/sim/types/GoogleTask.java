package org.overbookd.sim.types;

/**
 * A task of a Google-format trace before typing: when it was submitted and how long it ran (seconds
 * from the trace's origin), and its normalized CPU and memory requests (0 to 1).
 */
public record GoogleTask(double arrival, double service, double cpu, double memory) {}
