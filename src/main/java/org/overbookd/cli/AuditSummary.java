package org.overbookd.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code overbookd audit --summary}: what the daemon decided over a window of its audit log, and
 * what became of it, as a plain table. Two columns: the decisions a daemon meant to enact, and
 * those of a {@code --dry-run} daemon, counted apart (the control loop gives those the outcome
 * {@code skipped} with the words "dry run"): a rehearsal's suspensions per day are the projection
 * an administrator compares with the simulator's.
 *
 * <p>A decision's outcome is its {@code outcome} record (same node, cycle, action and VM); an
 * {@code unknown} one settled later ({@code reconciled}, possibly cycles on) counts as settled.
 * Hosts touched, VMs suspended and suspensions count, among the decisions meant to be enacted,
 * those whose outcome was {@code ok}, what happened to the cluster; among dry-run decisions, all,
 * except that a dry-run suspension of a VM the same node also decided to suspend in its previous
 * cycle is a repeat, not counted: a rehearsal changes nothing, so it decides the same suspension
 * again every cycle until the load moves, where an enacted one would have happened once.
 */
final class AuditSummary {

    static final String DRY_RUN = "dry run";
    private static final List<String> ACTIONS = List.of("deploy", "suspend", "resume");
    private static final List<String> STATUSES = List.of("ok", "refused", "failed", "unknown", "skipped", "none");

    /** One decision and what became of it. */
    private static final class Decided {
        final String node;
        final long cycle;
        final String action;
        final long vm;
        final int host;
        final Instant time;
        /** The outcome's status; "none" while no outcome record was read. */
        String status = "none";

        boolean dryRun;
        boolean settledLater;

        Decided(String node, long cycle, String action, long vm, int host, Instant time) {
            this.node = node;
            this.cycle = cycle;
            this.action = action;
            this.vm = vm;
            this.host = host;
            this.time = time;
        }
    }

    private record Key(String node, long cycle, String action, long vm) {}

    private final Map<Key, Decided> decisions = new LinkedHashMap<>();
    /** The latest decision of each (action, VM) whose outcome is unknown: the one a reconciled record settles. */
    private final Map<String, Decided> unknown = new HashMap<>();

    private final Map<String, Long> nodes = new TreeMap<>();
    private long records;
    /** Outcomes whose decision lies before the window. */
    private long orphaned;
    /** VMs found to run on no host, by reason: the reason they were last found so for. */
    private final Map<Long, String> unmatchedVms = new TreeMap<>();
    /** Holds of the live guards that began in the window, by guard. */
    private final Map<String, Long> held = new TreeMap<>();

    private Instant first;
    private Instant last;

    void add(JsonNode r, Instant time) {
        records++;
        first = first == null || time.isBefore(first) ? time : first;
        last = last == null || time.isAfter(last) ? time : last;
        String node = r.path("node").asText("");
        if (!node.isEmpty()) {
            nodes.merge(node, 1L, Long::sum);
        }
        String action = r.path("action").asText();
        long vm = r.path("vm_id").asLong();
        Key key = new Key(node, r.path("cycle").asLong(), action, vm);
        switch (r.path("event").asText()) {
            case "decision" ->
                decisions.putIfAbsent(
                        key,
                        new Decided(
                                node, key.cycle(), action, vm, r.get("host_id").asInt(), time));
            case "outcome" -> {
                Decided d = decisions.get(key);
                if (d == null) {
                    orphaned++; // its decision lies before the window (or was lost): not counted
                    return;
                }
                d.status = r.path("outcome").asText("none");
                d.dryRun = d.status.equals("skipped")
                        && !r.has("error_code")
                        && DRY_RUN.equals(r.path("error_message").asText());
                if (d.status.equals("unknown")) {
                    unknown.put(action + " " + vm, d);
                }
            }
            case "reconciled" -> {
                Decided d = unknown.remove(action + " " + vm);
                if (d != null) {
                    d.status = r.path("outcome").asText("none");
                    d.settledLater = true;
                }
            }
            case "unmatched" -> unmatchedVms.put(vm, r.path("unmatched").asText("?"));
            case "held" -> held.merge(r.path("guard").asText("?"), 1L, Long::sum);
            default -> {
                // a newer kind of record: counted in the records, nothing else
            }
        }
    }

    /** The figures of one column. */
    private static final class Column {
        final Map<String, Long> byAction = new LinkedHashMap<>();
        final Map<String, Long> byStatus = new LinkedHashMap<>();
        long total;
        long settledLater;
        final Set<Integer> hosts = new HashSet<>();
        final Map<Long, Long> suspensionsPerVm = new HashMap<>();
        /** When each VM was suspended, in the log's order. */
        final Map<Long, List<Instant>> suspendedAt = new HashMap<>();

        long suspensions;
        long repeats;

        Column() {
            ACTIONS.forEach(a -> byAction.put(a, 0L));
            STATUSES.forEach(s -> byStatus.put(s, 0L));
        }

        void add(Decided d, boolean happened, boolean repeat) {
            total++;
            byAction.merge(d.action, 1L, Long::sum);
            byStatus.merge(d.status, 1L, Long::sum);
            settledLater += d.settledLater ? 1 : 0;
            if (happened) {
                hosts.add(d.host);
                if (d.action.equals("suspend") && repeat) {
                    repeats++;
                } else if (d.action.equals("suspend")) {
                    suspensions++;
                    suspensionsPerVm.merge(d.vm, 1L, Long::sum);
                    suspendedAt.computeIfAbsent(d.vm, k -> new ArrayList<>()).add(d.time);
                }
            }
        }
    }

    void print(PrintWriter out, Instant since, Instant until) {
        Column decided = new Column();
        Column dry = new Column();
        for (Decided d : decisions.values()) {
            if (d.dryRun) {
                Decided before = decisions.get(new Key(d.node, d.cycle - 1, d.action, d.vm));
                dry.add(d, true, before != null && before.dryRun);
            } else {
                decided.add(d, d.status.equals("ok"), false);
            }
        }
        Instant from = since != null ? since : first;
        Instant to = until != null ? until : last;
        Duration span = from == null || to == null ? Duration.ZERO : Duration.between(from, to);
        out.printf(
                Locale.ROOT,
                "window    %s to %s (%s)%n",
                from == null ? "-" : from,
                to == null ? "-" : to,
                hours(span));
        out.printf(
                Locale.ROOT,
                "records   %d%s%n",
                records,
                orphaned > 0 ? " (" + orphaned + " outcomes whose decision is before the window, not counted)" : "");
        List<String> wrote = new ArrayList<>();
        nodes.forEach((node, n) -> wrote.add(node + " (" + n + " records)"));
        out.printf(Locale.ROOT, "nodes     %s%n", wrote.isEmpty() ? "none named" : String.join(", ", wrote));
        out.println();
        row(out, "", "decided", "dry run");
        row(out, "decisions", decided.total, dry.total);
        for (String action : ACTIONS) {
            row(out, "  " + action, decided.byAction.get(action), dry.byAction.get(action));
        }
        for (String status : STATUSES) {
            row(out, "outcome " + status, decided.byStatus.get(status), dry.byStatus.get(status));
        }
        row(out, "  settled after unknown", decided.settledLater, dry.settledLater);
        row(out, "hosts touched", decided.hosts.size(), dry.hosts.size());
        row(out, "VMs suspended (distinct)", decided.suspensionsPerVm.size(), dry.suspensionsPerVm.size());
        row(out, "suspensions", decided.suspensions, dry.suspensions);
        row(out, "  repeats, not counted", "-", dry.repeats);
        row(out, "suspensions per VM, max", max(decided), max(dry));
        row(out, "suspensions per VM, mean", mean(decided), mean(dry));
        row(out, "  of one VM in 24 h, max", mostInDay(decided), mostInDay(dry));
        row(out, "suspensions per day", perDay(decided.suspensions, span), perDay(dry.suspensions, span));
        out.println();
        Map<String, Long> byReason = new TreeMap<>();
        unmatchedVms.values().forEach(reason -> byReason.merge(reason, 1L, Long::sum));
        List<String> reasons = new ArrayList<>();
        byReason.forEach((reason, n) -> reasons.add(reason + " " + n));
        out.printf(
                Locale.ROOT,
                "VMs that matched no host  %d%s%n",
                unmatchedVms.size(),
                reasons.isEmpty() ? "" : " (" + String.join(", ", reasons) + ", by the last reason found)");
        List<String> guards = new ArrayList<>();
        held.forEach((guard, n) -> guards.add(guard + " " + n));
        out.printf(
                Locale.ROOT,
                "holds by the live guards  %d%s%n",
                held.values().stream().mapToLong(Long::longValue).sum(),
                guards.isEmpty() ? "" : " (" + String.join(", ", guards) + ", each hold counted once, when it began)");
        out.println();
        out.println(
                "decided: decisions meant to be enacted; hosts, VMs and suspensions count those whose outcome was ok.");
        out.println("dry run: decisions of a --dry-run daemon, enacted by no one; their suspensions per day are the"
                + " projection.");
        out.println(
                "         A suspension the node also decided the cycle before is a repeat (nothing was enacted, so the"
                        + " load stayed): counted once.");
    }

    private static void row(PrintWriter out, String label, Object a, Object b) {
        out.printf(Locale.ROOT, "%-26s %10s %10s%n", label, a, b);
    }

    private static String max(Column c) {
        return c.suspensionsPerVm.isEmpty()
                ? "-"
                : Long.toString(c.suspensionsPerVm.values().stream()
                        .mapToLong(Long::longValue)
                        .max()
                        .orElse(0));
    }

    private static String mean(Column c) {
        return c.suspensionsPerVm.isEmpty()
                ? "-"
                : String.format(Locale.ROOT, "%.2f", (double) c.suspensions / c.suspensionsPerVm.size());
    }

    /** The most suspensions of one VM within any 24 hours of the window: what the live cap per VM bounds. */
    private static String mostInDay(Column c) {
        if (c.suspendedAt.isEmpty()) {
            return "-";
        }
        int most = 0;
        for (List<Instant> times : c.suspendedAt.values()) {
            List<Instant> sorted = new ArrayList<>(times);
            sorted.sort(null);
            for (int end = 0, start = 0; end < sorted.size(); end++) {
                while (Duration.between(sorted.get(start), sorted.get(end)).compareTo(Duration.ofHours(24)) >= 0) {
                    start++;
                }
                most = Math.max(most, end - start + 1);
            }
        }
        return Integer.toString(most);
    }

    private static String perDay(long n, Duration span) {
        return span.isZero() || span.isNegative()
                ? "-"
                : String.format(Locale.ROOT, "%.1f", n * 86_400_000.0 / span.toMillis());
    }

    private static String hours(Duration span) {
        return String.format(Locale.ROOT, "%.1f h", span.toMillis() / 3_600_000.0);
    }
}
