package org.overbookd.daemon;

/**
 * How an OutOfMemoryError ends overbookd, whichever thread meets it (the command's own, the daemon's
 * Quartz worker, a pool thread): exit 70, sysexits' internal error, after one line on stderr that says
 * how to raise the heap. Never a stack trace (an allocation's trace tells the operator nothing), and
 * never the JVM's own exit 3 of {@code -XX:+ExitOnOutOfMemoryError}, which the package does not set.
 *
 * <p>Why end at all: a heap that ran out once is one in which any allocation may fail next, in the
 * audit's writer or the scheduler's thread as well, and a daemon that carries on half-broken is worse
 * than one systemd starts again. Why {@link Runtime#halt} and not {@link System#exit}: exit runs the
 * shutdown hooks, and the daemon's waits for the cycle under way, which may be the very thread
 * calling it. Every audit record is synced as it is written, so halting loses none.
 */
public final class OutOfMemoryExit {

    /** sysexits' EX_SOFTWARE. */
    public static final int CODE = 70;

    private OutOfMemoryExit() {}

    /** The line the operator reads. */
    public static String message() {
        return "overbookd: out of memory (maximum heap " + Runtime.getRuntime().maxMemory() / (1 << 20)
                + " MB); raise it with java -Xmx (for the service: JAVA_OPTS in /etc/default/overbookd),"
                + " or make the run smaller";
    }

    /** True if {@code failure} is an OutOfMemoryError or was caused by one. */
    public static boolean causedBy(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof OutOfMemoryError) {
                return true;
            }
        }
        return false;
    }

    /** Prints {@link #message()} and halts the JVM with {@link #CODE}. */
    public static void halt() {
        System.err.println(message());
        System.err.flush();
        Runtime.getRuntime().halt(CODE);
    }

    /**
     * From now on a thread that dies of an OutOfMemoryError halts the JVM as {@link #halt} does; any
     * other uncaught failure is reported as the JVM reports it.
     */
    public static void onUncaught() {
        Thread.setDefaultUncaughtExceptionHandler((thread, failure) -> {
            if (causedBy(failure)) {
                halt();
            }
            System.err.print("Exception in thread \"" + thread.getName() + "\" ");
            failure.printStackTrace();
        });
    }
}
