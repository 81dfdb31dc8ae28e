package org.overbookd.sim.requests;

import java.util.Locale;

/**
 * Where the seconds an instance spends being allocated go in its availability (eq. 1). The paper's
 * text and the authors' published simulator disagree; the text is the default.
 */
public enum OverheadAccounting {

    /**
     * Every allocation's overhead is time that "had resources allocated to it" (eq. 1), so it counts
     * in e: the reading of the paper's text.
     */
    PAPER_TEXT("paper-text"),

    /**
     * As the authors' simulator counts (its Termination records of validation test 1): the first
     * allocation's overhead counts in e, every later one (after a preemption or a host failure) is
     * time without service and counts in p.
     */
    PUBLISHED_SIMULATOR("published-simulator");

    private final String key;

    OverheadAccounting(String key) {
        this.key = key;
    }

    /** The name on the command line. */
    public String key() {
        return key;
    }

    /** The accounting named {@code key}, in any case; null when there is none. */
    public static OverheadAccounting byKey(String key) {
        for (OverheadAccounting a : values()) {
            if (a.key.equals(key.toLowerCase(Locale.ROOT))) {
                return a;
            }
        }
        return null;
    }
}
