package org.overbookd.sim.slots;

/**
 * Figure 3b: a slot type, how many slots of it are configured, and how many finished tasks did their
 * successful execution on it. Sticky labels ride on physical slots, so the configured counts of
 * powerful and normal slots add up to all slots and the sticky count is a share of those; the
 * finished tasks are split three ways (sticky, else the tier of the regular slot).
 */
public record SlotTypeUsage(String type, int configuredSlots, int finishedTasks) {}
