package org.overbookd.policy.hybrid;

import java.util.StringJoiner;

/** An enum constant known on the command line and in files by a lower-case label. */
public interface Labelled {

    String label();

    /** The constant whose label is {@code text}; the message of the exception lists the labels. */
    static <E extends Enum<E> & Labelled> E parse(Class<E> type, String text) {
        StringJoiner labels = new StringJoiner(", ");
        for (E constant : type.getEnumConstants()) {
            if (constant.label().equals(text)) {
                return constant;
            }
            labels.add(constant.label());
        }
        throw new IllegalArgumentException("'" + text + "' is not one of " + labels);
    }
}
