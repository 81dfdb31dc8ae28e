package org.overbookd.cli;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns SIGTERM and SIGINT into an orderly stop. A shutdown hook alone would make the JVM exit 143
 * and could cut a cycle short; handling the signal lets the cycle under way finish and the daemon
 * exit 0, which is what systemd and operators expect of a clean stop.
 */
final class Signals {

    private static final Logger LOG = LoggerFactory.getLogger(Signals.class);

    private Signals() {
    }

    @SuppressWarnings("removal")
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
