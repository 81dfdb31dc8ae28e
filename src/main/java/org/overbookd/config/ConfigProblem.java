package org.overbookd.config;

/**
 * One thing wrong with the configuration.
 *
 * @param where the file and line ({@code conf/x.properties:12}), {@code --set}, or empty
 * @param key   the key at fault, or empty when the problem is the file itself
 * @param message what is wrong, in words
 */
public record ConfigProblem(String where, String key, String message) {
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        if (!where.isEmpty()) {
            s.append(where).append(": ");
        }
        if (!key.isEmpty()) {
            s.append(key).append(": ");
        }
        return s.append(message).toString();
    }
}
