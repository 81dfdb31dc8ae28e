package org.overbookd.it;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The test guests' own counters, read from their serial consoles (files the host's libvirt writes):
 * each line {@code OBL <uptime cs> <units> <load> <pattern> <day clock cs> <holding>} (see
 * {@code it/hypervisor/guest-init}), stamped with the host's time when {@link #poll} first saw it. Poll
 * about once a second: a line's stamp is then at most that late. Safe to poll from several threads.
 */
final class GuestConsoles {

    /**
     * One report of a guest: its uptime, the work units it has done since boot, its current target load,
     * its pattern's day clock (the uptime less the time a held peak stood still) and whether it holds a
     * peak now.
     */
    record Report(Instant seen, long uptimeCs, long units, int load, long clockCs, boolean holding) {}

    private final Map<Integer, Path> files = new ConcurrentHashMap<>();
    private final Map<Integer, Long> offsets = new ConcurrentHashMap<>();
    private final Map<Integer, StringBuilder> partial = new ConcurrentHashMap<>();
    private final Map<Integer, List<Report>> reports = new ConcurrentHashMap<>();
    private final Map<Integer, Integer> boots = new ConcurrentHashMap<>();

    void watch(int vm, Path serialLog) {
        files.put(vm, serialLog);
        reports.put(vm, java.util.Collections.synchronizedList(new ArrayList<>()));
        boots.put(vm, 0);
    }

    /**
     * Reads what each console has written since the last poll. One poll at a time: the hypervisor
     * suite polls from its poller thread and, while it calibrates, from its own; two polls at once
     * read the same bytes from the same offset, and a guest's counter then seemed to go back.
     */
    synchronized void poll() {
        Instant now = Instant.now();
        for (Map.Entry<Integer, Path> e : files.entrySet()) {
            int vm = e.getKey();
            Path file = e.getValue();
            if (!Files.exists(file)) {
                continue;
            }
            try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
                long from = offsets.getOrDefault(vm, 0L);
                long length = f.length();
                if (length <= from) {
                    continue;
                }
                byte[] bytes = new byte[(int) Math.min(length - from, 1 << 20)];
                f.seek(from);
                f.readFully(bytes);
                offsets.put(vm, from + bytes.length);
                StringBuilder text = partial.computeIfAbsent(vm, k -> new StringBuilder());
                text.append(new String(bytes, StandardCharsets.ISO_8859_1));
                int nl;
                while ((nl = text.indexOf("\n")) >= 0) {
                    line(vm, text.substring(0, nl).strip(), now);
                    text.delete(0, nl + 1);
                }
            } catch (IOException ex) {
                // the file is being created or rotated by libvirt: read it at the next poll
            }
        }
    }

    private void line(int vm, String line, Instant now) {
        int at = line.indexOf("OBL ");
        if (at < 0) {
            return;
        }
        String[] f = line.substring(at).split("\\s+");
        if (f.length >= 2 && f[1].equals("start")) {
            boots.merge(vm, 1, Integer::sum);
            return;
        }
        if (f.length < 5) {
            return;
        }
        try {
            long uptime = Long.parseLong(f[1]);
            long clock = f.length >= 7 ? Long.parseLong(f[5]) : uptime;
            boolean holding = f.length >= 7 && f[6].equals("1");
            reports.get(vm).add(new Report(now, uptime, Long.parseLong(f[2]), Integer.parseInt(f[3]), clock, holding));
        } catch (NumberFormatException e) {
            // a line cut by the console: skip it
        }
    }

    /** Every report of the guest, in order. */
    List<Report> reports(int vm) {
        synchronized (reports.get(vm)) {
            return List.copyOf(reports.get(vm));
        }
    }

    /** How many times the guest's init started: 1 for a guest that was never rebooted. */
    int boots(int vm) {
        return boots.getOrDefault(vm, 0);
    }

    /** The guest's last report seen at or before {@code t}, or null. */
    Report at(int vm, Instant t) {
        Report last = null;
        for (Report r : reports(vm)) {
            if (r.seen().isAfter(t)) {
                break;
            }
            last = r;
        }
        return last;
    }
}
