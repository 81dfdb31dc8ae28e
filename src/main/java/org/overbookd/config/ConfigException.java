package org.overbookd.config;

import java.util.List;
import java.util.stream.Collectors;

/** The configuration cannot be used; carries every problem found, not just the first. */
public final class ConfigException extends Exception {

    private static final long serialVersionUID = 1L;

    private final List<ConfigProblem> problems;

    public ConfigException(List<ConfigProblem> problems) {
        super(problems.stream().map(ConfigProblem::toString).collect(Collectors.joining("\n")));
        this.problems = List.copyOf(problems);
    }

    public ConfigException(String where, String key, String message) {
        this(List.of(new ConfigProblem(where, key, message)));
    }

    public List<ConfigProblem> problems() {
        return problems;
    }
}
