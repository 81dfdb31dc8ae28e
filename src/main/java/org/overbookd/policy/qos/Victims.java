package org.overbookd.policy.qos;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;

/** The iterative search of section 3.3.1, shared by both policies; they differ in order and eligibility. */
final class Victims {

    private Victims() {}

    /** Eligible instances in the given order until j fits, or null when they never free enough. */
    static List<Candidate> takeUntilFits(
            Candidate j, NodeState node, List<Candidate> order, BiPredicate<Candidate, Candidate> eligible) {
        List<Candidate> victims = new ArrayList<>();
        double cpu = 0;
        double mem = 0;
        for (Candidate k : order) {
            if (!eligible.test(j, k)) {
                continue;
            }
            victims.add(k);
            cpu += k.view().cpu();
            mem += k.view().mem();
            if (node.fitsWithout(j.view(), cpu, mem)) {
                return victims;
            }
        }
        return null;
    }
}
