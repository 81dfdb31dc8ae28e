package org.overbookd.testing;

import java.io.IOException;
import java.io.InterruptedIOException;

/**
 * The close() of a test's real process (a daemon, oned, a hypervisor host) waits for it to end. An
 * AutoCloseable whose close() throws InterruptedException lets a try-with-resources swallow an
 * interrupt (javac's -Xlint:try says so): here the interrupt is kept on the thread and reported as an
 * InterruptedIOException, which fails the test that was being torn down.
 */
public final class Closing {

    /** What close() waits for. */
    public interface Wait {
        void run() throws IOException, InterruptedException;
    }

    private Closing() {}

    /** Runs {@code wait}; an interrupt is kept on the thread and thrown as an InterruptedIOException. */
    public static void waiting(String what, Wait wait) throws IOException {
        try {
            wait.run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            InterruptedIOException io = new InterruptedIOException("interrupted while " + what);
            io.initCause(e);
            throw io;
        }
    }
}
