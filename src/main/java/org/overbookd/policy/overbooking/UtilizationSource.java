package org.overbookd.policy.overbooking;

/**
 * What the bounds are compared with: the host's measured utilization (the paper's), the VIM's
 * short-term forecast of it, or a blend of the two weighted as OpenNebula's OneDRS weighs current
 * and forecast usage with its PREDICTIVE factor.
 */
public enum UtilizationSource {
    /** The last measurement (Verboven et al.). */
    MEASURED,
    /** The forecast; a host without one falls back to its measurement. */
    FORECAST,
    /** measured x (1 - weight) + forecast x weight; a host without a forecast falls back to its measurement. */
    BLEND
}
