package org.overbookd.it;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.overbookd.it.GuestConsoles.Report;

/**
 * The high-QoS guests' peaks, held until the daemon has seen them. A guest started with {@code obl.hold}
 * stops its day's clock at the peak's start (10:00) and stays at the peak until it reads a byte on its
 * second serial port, a socket on this host ({@code it/hypervisor/guest-init}). On a machine shared with
 * builds the host's samples of a peak read 66-96 % of what the guests ask for, and a peak of fixed length
 * could end before any sample crossed the upper bound: held, it lasts until the daemon decides a
 * suspension on a sample that crossed, or until {@link #deadline}, and then plays the rest of its day.
 *
 * <p>The guests' day index counts the releases: the Nth byte releases the Nth day's peak, so a byte is
 * sent once a day however often a holding report is read again.
 */
final class HeldPeaks {

    /**
     * A held peak: its guest, when the suite first saw it held, when it told the guest to go on, how long
     * the guest held it by its own clock until its last report then (the suite sees a hold late when its
     * poller waits on a loaded host), and why it was let go on.
     */
    record Hold(int vm, Instant seen, Instant released, double guestSeconds, String why) {}

    private final int daySeconds;
    private final Duration deadline;
    private final Map<Integer, Path> sockets = new ConcurrentHashMap<>();
    private final Map<Integer, Integer> sent = new ConcurrentHashMap<>();
    private final Map<Integer, Instant> heldSince = new ConcurrentHashMap<>();
    private final Map<Integer, Instant> lastRelease = new ConcurrentHashMap<>();
    /** The guest's time held (its uptime less its day clock, centiseconds) at its last release. */
    private final Map<Integer, Long> heldBefore = new ConcurrentHashMap<>();

    private final List<Hold> holds = new CopyOnWriteArrayList<>();

    HeldPeaks(int daySeconds, Duration deadline) {
        this.daySeconds = daySeconds;
        this.deadline = deadline;
    }

    /** The guest's second serial port: a socket QEMU listens on, in libvirt's terms, for the guest's template. */
    static String serialPort(Path socket) {
        return "<serial type='unix'><source mode='bind' path='" + socket + "'/><target port='1'/></serial>";
    }

    void watch(int vm, Path socket) {
        sockets.put(vm, socket);
        sent.put(vm, 0);
    }

    /**
     * Releases each held peak whose guest the daemon has seen at its peak: a suspension decided since the
     * guest's last release ({@code suspensionsDecided}, times from the audit), or the hold past the deadline.
     */
    void poll(GuestConsoles consoles, List<Instant> suspensionsDecided) {
        Instant now = Instant.now();
        for (Map.Entry<Integer, Path> e : sockets.entrySet()) {
            int vm = e.getKey();
            List<Report> reports = consoles.reports(vm);
            Report last = reports.isEmpty() ? null : reports.get(reports.size() - 1);
            int day = last == null ? -1 : (int) (last.clockCs() / (daySeconds * 100L));
            if (last == null || !last.holding() || sent.get(vm) > day) {
                continue;
            }
            Instant since = heldSince.computeIfAbsent(vm, k -> now);
            Instant after = lastRelease.getOrDefault(vm, Instant.MIN);
            String why = suspensionsDecided.stream()
                    .filter(t -> t.isAfter(after))
                    .findFirst()
                    .map(t -> "the daemon decided a suspension at " + t)
                    .orElse(null);
            if (why == null && Duration.between(since, now).compareTo(deadline) >= 0) {
                why = "no suspension within " + deadline.toSeconds() + " s: released unseen";
            }
            if (why == null) {
                continue;
            }
            try {
                goOn(e.getValue());
            } catch (IOException ex) {
                System.err.println("held peaks: VM " + vm + ": " + ex); // told again at the next poll
                continue;
            }
            sent.put(vm, day + 1);
            heldSince.remove(vm);
            lastRelease.put(vm, now);
            long held = last.uptimeCs() - last.clockCs();
            holds.add(new Hold(vm, since, now, (held - heldBefore.getOrDefault(vm, 0L)) / 100.0, why));
            heldBefore.put(vm, held);
        }
    }

    /** The peaks held and released so far. */
    List<Hold> holds() {
        return List.copyOf(holds);
    }

    private static void goOn(Path socket) throws IOException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            channel.write(ByteBuffer.wrap(new byte[] {'g'}));
        }
    }
}
