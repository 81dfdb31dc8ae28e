package org.overbookd.daemon.ha;

import java.util.HashMap;
import java.util.Map;

/**
 * One daemon's entry on the heartbeat board, as written and as read back. The value is
 * {@code v=2;node=...;token=...;started=...;seen=...;interval=...;machine=...;pid=...;pstart=...};
 * entries written before the board held one entry per node (no {@code v=}) are {@link #legacy()}
 * and carry neither machine nor process.
 *
 * @param node     the daemon's node name (ha.node-name, else the host name)
 * @param token    unique to the process that wrote the entry
 * @param started  when that process started acting, ms since the epoch
 * @param seen     when it last wrote, ms since the epoch, by its own clock
 * @param interval its overbooking interval, ms
 * @param machine  the name of the machine it runs on; empty in a legacy entry
 * @param pid      its process id there; -1 in a legacy entry
 * @param pstart   when that process started, ms since the epoch; -1 in a legacy entry
 */
record Heartbeat(
        String node,
        String token,
        long started,
        long seen,
        long interval,
        String machine,
        long pid,
        long pstart,
        boolean legacy) {

    private static final String VERSION = "2";

    /** The entry's text; node and machine names are escaped so that {@code ;} and {@code =} stay separators. */
    String format() {
        return "v=" + VERSION + ";node=" + escape(node) + ";token=" + token + ";started=" + started + ";seen=" + seen
                + ";interval=" + interval + ";machine=" + escape(machine) + ";pid=" + pid + ";pstart=" + pstart;
    }

    /** This entry written again at {@code now}. */
    Heartbeat seenAt(long now) {
        return new Heartbeat(node, token, started, now, interval, machine, pid, pstart, false);
    }

    /** Whether it was written within two of its own intervals before {@code now}. */
    boolean freshAt(long now) {
        return now - seen <= 2 * interval;
    }

    /** Whether its process started acting before {@code other}'s (ties broken by token): the one that carries on. */
    boolean olderThan(Heartbeat other) {
        return started < other.started || started == other.started && token.compareTo(other.token) < 0;
    }

    /** The entry in {@code value}, or null for a withdrawn (empty) or unreadable one. */
    static Heartbeat parse(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        Map<String, String> fields = new HashMap<>();
        for (String part : value.split(";")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                fields.put(part.substring(0, eq).strip(), part.substring(eq + 1).strip());
            }
        }
        try {
            boolean legacy = !VERSION.equals(fields.get("v"));
            String token = fields.get("token");
            if (token == null || token.isEmpty()) {
                return null;
            }
            return new Heartbeat(
                    unescape(fields.getOrDefault("node", "?")),
                    token,
                    Long.parseLong(fields.get("started")),
                    Long.parseLong(fields.get("seen")),
                    Long.parseLong(fields.get("interval")),
                    legacy ? "" : unescape(fields.getOrDefault("machine", "")),
                    legacy ? -1 : Long.parseLong(fields.getOrDefault("pid", "-1")),
                    legacy ? -1 : Long.parseLong(fields.getOrDefault("pstart", "-1")),
                    legacy);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String escape(String text) {
        return text.replace("%", "%25").replace(";", "%3B").replace("=", "%3D");
    }

    private static String unescape(String text) {
        return text.replace("%3D", "=").replace("%3B", ";").replace("%25", "%");
    }
}
