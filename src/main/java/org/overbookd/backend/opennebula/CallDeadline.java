package org.overbookd.backend.opennebula;

import javax.xml.stream.XMLStreamException;

/**
 * The one deadline of a call to oned (`one.timeout` from the call's start), shared by everything the
 * call does: connecting, sending, reading the reply, and parsing the document it carries. A document
 * whose parse has not ended by then fails the call as a timeout, like a reply that came too late: a
 * reply built to be slow to read must not hold the cycle longer than a slow network may.
 */
final class CallDeadline {

    /** No deadline: for documents read from files and for tests of the parsers alone. */
    static final CallDeadline NONE = new CallDeadline(0, Long.MAX_VALUE, false);

    private final long nanos;
    private final long timeoutMillis;
    private final boolean set;

    private CallDeadline(long nanos, long timeoutMillis, boolean set) {
        this.nanos = nanos;
        this.timeoutMillis = timeoutMillis;
        this.set = set;
    }

    /** The deadline {@code timeoutMillis} from now. */
    static CallDeadline after(long timeoutMillis) {
        return new CallDeadline(System.nanoTime() + timeoutMillis * 1_000_000L, timeoutMillis, true);
    }

    long timeoutMillis() {
        return timeoutMillis;
    }

    /** Nanoseconds left, negative or zero once passed; {@link Long#MAX_VALUE} for {@link #NONE}. */
    long remainingNanos() {
        return set ? nanos - System.nanoTime() : Long.MAX_VALUE;
    }

    boolean passed() {
        return remainingNanos() <= 0;
    }

    /** Throws {@link Passed} once the deadline has passed. */
    void check(String during) throws Passed {
        if (passed()) {
            throw new Passed(timeoutMillis, during);
        }
    }

    /** A parse the deadline cut short: an XMLStreamException, so that it leaves a parser as its refusals do. */
    static final class Passed extends XMLStreamException {
        private static final long serialVersionUID = 1L;

        Passed(long timeoutMillis, String during) {
            super("no whole reply within " + timeoutMillis + " ms (deadline passed during " + during + ")");
        }
    }
}
