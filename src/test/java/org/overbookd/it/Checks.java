package org.overbookd.it;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The checks of a real-oned suite: each evaluated and kept, in order, so that the summary prints
 * them all and the test fails once at the end, listing those that did not hold.
 */
final class Checks {

    /** Whether a check held, why not when it did not, and when it was made, in seconds since these checks began. */
    private record Result(boolean ok, String failure, double madeAt) {}

    private final Map<String, Result> results = new LinkedHashMap<>();
    private final long began = System.nanoTime();

    /** A check that {@code condition} holds within {@code deadline} ({@link Conditions#await}); whether it did. */
    boolean awaitOrFail(String what, Duration deadline, BooleanSupplier condition) {
        boolean ok = Conditions.await(deadline, condition);
        check(what, ok, "not within " + deadline.toSeconds() + " s");
        return ok;
    }

    void check(String name, boolean ok, String failure) {
        results.put(name, new Result(ok, failure, (System.nanoTime() - began) / 1e9));
    }

    /** The checks' lines for a summary: "checks: N of M held" and one line per check, with when it was made. */
    void print(StringBuilder s) {
        long ok = results.values().stream().filter(Result::ok).count();
        s.append(String.format("checks: %d of %d held%n", ok, results.size()));
        results.forEach((k, v) -> s.append("  [")
                .append(v.ok() ? "ok" : "FAILED")
                .append(String.format("] %5.0f s  ", v.madeAt()))
                .append(k)
                .append(v.ok() ? "" : " -- " + v.failure())
                .append('\n'));
    }

    /** The checks' lines, as {@link #print} writes them. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        print(s);
        return s.toString();
    }

    /** Fails the test listing the checks that did not hold, if any. */
    void failIfAny() {
        List<String> failed = results.entrySet().stream()
                .filter(e -> !e.getValue().ok())
                .map(e -> e.getKey() + ": FAILED: " + e.getValue().failure())
                .toList();
        if (!failed.isEmpty()) {
            fail(failed.size() + " of " + results.size() + " checks failed:\n  " + String.join("\n  ", failed));
        }
    }
}
