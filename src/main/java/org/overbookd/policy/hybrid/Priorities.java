package org.overbookd.policy.hybrid;

/** The twelve priority classes of the Google trace, 0 (lowest) to 11, and which of them are production. */
public final class Priorities {

    public static final int LOWEST = 0;
    public static final int HIGHEST = 11;
    public static final int COUNT = HIGHEST - LOWEST + 1;
    /** Classes 9-11 are the production classes of section 3.2, the ones sent to the most powerful slots. */
    public static final int PRODUCTION = 9;

    private Priorities() {}

    public static boolean isProduction(int priority) {
        return priority >= PRODUCTION;
    }

    public static boolean isValid(int priority) {
        return priority >= LOWEST && priority <= HIGHEST;
    }
}
