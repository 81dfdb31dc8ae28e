package org.overbookd.policy;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Why a decision was made: a sentence for people and the measured inputs behind it for programs.
 * Facts keep insertion order so that audit lines are byte-identical from run to run.
 *
 * <p>A reason is either written out at once ({@link #because}) or drafted ({@link #drafted}): the
 * values it needs are captured when the decision is made and the sentence and facts are written
 * only when first read, then kept. A simulation without an audit log makes millions of decisions
 * whose reasons nobody reads; a draft makes those cost one small object each. Both kinds are the
 * same value: equal when their text and facts are.
 */
public final class Reason {

    /**
     * The inputs of a reason, captured when the decision was made, and how to write it. An
     * implementation keeps copies of what it needs, never a live view, which may have changed by
     * the time the reason is read.
     */
    @FunctionalInterface
    public interface Draft {
        /** The reason written out; called at most once per reason read from one thread. */
        Reason render();
    }

    private final Draft draft;
    /** The written reason: this one when built eagerly, the draft's once read. */
    private volatile Reason written;

    private final String text;
    private final Map<String, Object> facts;

    /** A reason written out; {@code facts} is copied, in its iteration order. */
    public Reason(String text, Map<String, Object> facts) {
        this.text = Objects.requireNonNull(text, "text");
        this.facts = Collections.unmodifiableMap(new LinkedHashMap<>(facts));
        this.draft = null;
        this.written = this;
    }

    private Reason(Draft draft) {
        this.draft = Objects.requireNonNull(draft, "draft");
        this.text = null;
        this.facts = null;
    }

    public static Builder because(String text) {
        return new Builder(text);
    }

    /** A reason written from {@code draft} when first read. */
    public static Reason drafted(Draft draft) {
        return new Reason(draft);
    }

    public String text() {
        return written().text;
    }

    public Map<String, Object> facts() {
        return written().facts;
    }

    // Two threads reading a draft at once may both render it: the results are equal and immutable
    // (final fields), so whichever is kept is safe to share.
    private Reason written() {
        Reason r = written;
        if (r == null) {
            r = Objects.requireNonNull(draft.render(), "a draft rendered no reason");
            written = r.written();
        }
        return written;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Reason other && text().equals(other.text()) && facts().equals(other.facts());
    }

    @Override
    public int hashCode() {
        return 31 * text().hashCode() + facts().hashCode();
    }

    /** What the record this class once was printed. */
    @Override
    public String toString() {
        return "Reason[text=" + text() + ", facts=" + facts() + "]";
    }

    /** Collects facts in order; values are numbers, strings or booleans. */
    public static final class Builder {
        private final String text;
        private final Map<String, Object> facts = new LinkedHashMap<>();

        private Builder(String text) {
            this.text = text;
        }

        public Builder fact(String name, Object value) {
            facts.put(name, value);
            return this;
        }

        public Reason build() {
            return new Reason(text, facts);
        }
    }
}
