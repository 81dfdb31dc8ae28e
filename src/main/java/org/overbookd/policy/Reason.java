package org.overbookd.policy;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Why a decision was made: a sentence for people and the measured inputs behind it for programs.
 * Facts keep insertion order so that audit lines are byte-identical from run to run.
 */
public record Reason(String text, Map<String, Object> facts) {

    public Reason {
        Objects.requireNonNull(text, "text");
        facts = Collections.unmodifiableMap(new LinkedHashMap<>(facts));
    }

    public static Builder because(String text) {
        return new Builder(text);
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
