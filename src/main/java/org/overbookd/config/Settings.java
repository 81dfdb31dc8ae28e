package org.overbookd.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A validated configuration: a value for every option, from the file, an override or the default. */
public final class Settings {

    private final Map<Option<?>, Object> values;

    Settings(Map<Option<?>, Object> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** All defaults. */
    public static Settings defaults() {
        Map<Option<?>, Object> values = new LinkedHashMap<>();
        for (Option<?> option : Options.ALL) {
            values.put(option, option.defaultValue());
        }
        return new Settings(values);
    }

    @SuppressWarnings("unchecked") // every value is stored under its own Option<T>, checked by it
    public <T> T get(Option<T> option) {
        if (!values.containsKey(option)) {
            throw new IllegalArgumentException("unknown option " + option.key());
        }
        return (T) values.get(option);
    }

    /** A copy with one value replaced; the caller has validated it. */
    public <T> Settings with(Option<T> option, T value) {
        Map<Option<?>, Object> copy = new LinkedHashMap<>(values);
        copy.put(option, value);
        return new Settings(copy);
    }

    /**
     * Every option as a {@code key=value} line, in the order of {@link Options#ALL}: equal for two
     * settings that run the same (what a shard's fingerprint is made of).
     */
    public String lines() {
        StringBuilder text = new StringBuilder();
        for (Option<?> option : Options.ALL) {
            text.append(option.key()).append('=').append(formatted(option)).append('\n');
        }
        return text.toString();
    }

    /** The value of an option as it would be written in a file. */
    public <T> String formatted(Option<T> option) {
        return option.format(get(option));
    }
}
