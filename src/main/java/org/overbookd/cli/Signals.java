package org.overbookd.cli;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns SIGTERM and SIGINT into an orderly stop. A shutdown hook alone would make the JVM exit 143
 * and could cut a cycle short; handling the signal lets the cycle under way finish and the daemon
 * exit 0, which is what systemd and operators expect of a clean stop. SIGHUP reloads the
 * configuration, as every Unix daemon does, where the JVM's default would exit 129.
 *
 * <p>Java has no public API for signals: sun.misc.Signal, in the module jdk.unsupported that JEP 260
 * keeps open until one exists, is what JVM daemons use. javac warns at each use that it is internal
 * API, and no annotation silences that warning: they are the only warnings of the build (pom.xml).
 */
final class Signals {

    private static final Logger LOG = LoggerFactory.getLogger(Signals.class);

    private Signals() {}

    /**
     * A stop request that may come before there is anything to stop: the handler is installed first
     * thing, so SIGTERM during start-up (reading the configuration, opening files, the first call to
     * oned) also ends in an orderly exit 0 instead of the JVM's 143.
     */
    static final class Termination {
        private Runnable action;
        private boolean requested;

        /** Installs the SIGTERM and SIGINT handlers for this request. */
        static Termination install() {
            Termination termination = new Termination();
            onTermination(termination::request);
            return termination;
        }

        synchronized void request() {
            requested = true;
            if (action != null) {
                action.run();
            }
        }

        synchronized boolean requested() {
            return requested;
        }

        /** What stopping means from now on; runs at once if a stop was already requested. */
        synchronized void onRequest(Runnable stop) {
            action = stop;
            if (requested) {
                stop.run();
            }
        }
    }

    /**
     * What SIGHUP does: nothing but a log line until {@link #to} names the reload (during start-up
     * the configuration is being read anyway); never the JVM's exit 129.
     */
    static final class Reload {
        private volatile Runnable action;

        /** Installs the SIGHUP handler for this reload. */
        static Reload install() {
            Reload reload = new Reload();
            try {
                sun.misc.SignalHandler before = sun.misc.Signal.handle(new sun.misc.Signal("HUP"), signal -> {
                    Runnable now = reload.action;
                    if (now == null) {
                        LOG.info("received SIGHUP while starting: the configuration is being read anyway");
                    } else {
                        LOG.info("received SIGHUP");
                        now.run();
                    }
                });
                // A process started with SIGHUP ignored (nohup) passes that on, and the JVM keeps it
                // ignored rather than install the handler: the signal would then do nothing, silently.
                if (before == sun.misc.SignalHandler.SIG_IGN) {
                    LOG.warn("SIGHUP is ignored in this process (whatever started it ignored it: nohup?): kill -HUP"
                            + " reloads nothing; the configuration still reloads when its file changes");
                }
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                LOG.warn(
                        "cannot handle SIGHUP ({}); the configuration still reloads when its file changes",
                        e.getMessage());
            }
            return reload;
        }

        void to(Runnable reload) {
            action = reload;
        }
    }

    static void onTermination(Runnable stop) {
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(name), signal -> {
                    LOG.info("received SIG{}", name);
                    stop.run();
                });
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                LOG.warn("cannot handle SIG{} ({}); stopping will cut the current cycle short", name, e.getMessage());
            }
        }
    }
}
