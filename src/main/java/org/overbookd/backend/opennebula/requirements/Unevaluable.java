package org.overbookd.backend.opennebula.requirements;

/**
 * An expression that parsed but cannot be evaluated on one object as oned would: the work budget
 * ran out, the object's document is larger than overbookd indexes, or the comparison reads what
 * oned leaves undefined. The caller treats the object as not matched, and says why.
 */
public final class Unevaluable extends Exception {

    private static final long serialVersionUID = 1L;

    Unevaluable(String message) {
        super(message, null, false, false);
    }
}
