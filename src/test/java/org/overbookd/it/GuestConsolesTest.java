package org.overbookd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GuestConsolesTest {

    @TempDir
    Path tmp;

    private static String line(int i) {
        return "OBL " + (100 * i) + " " + (10 * i) + " 75 noisy " + (100 * i) + " 0\n";
    }

    @Test
    void linesCutAcrossPollsAreReadWholeAndInOrder() throws IOException {
        Path file = tmp.resolve("vm.log");
        GuestConsoles consoles = new GuestConsoles();
        consoles.watch(7, file);
        Files.writeString(file, "[    0.000000] Linux version 6.1\nOBL start\n" + line(1) + line(2).substring(0, 9));
        consoles.poll();
        Files.writeString(file, line(2).substring(9) + line(3), StandardOpenOption.APPEND);
        consoles.poll();

        assertEquals(1, consoles.boots(7));
        assertEquals(List.of(10L, 20L, 30L), units(consoles.reports(7)));
        assertEquals(200, consoles.reports(7).get(1).uptimeCs(), "the cut line's fields");
    }

    /**
     * The hypervisor suite polls from its poller thread and, during the calibration, from the test's
     * own thread too. Two polls at once once read the same bytes twice: a guest's counter seemed to go
     * back (62138 then 61461 again) and failed a CI run. Each line must be recorded once, in order,
     * however many threads poll.
     */
    @Test
    void pollsFromSeveralThreadsRecordEachLineOnce() throws Exception {
        Path file = tmp.resolve("vm.log");
        Files.createFile(file);
        GuestConsoles consoles = new GuestConsoles();
        consoles.watch(3, file);
        int lines = 20_000;
        AtomicBoolean written = new AtomicBoolean();
        List<Thread> pollers = new ArrayList<>();
        List<Throwable> errors = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < 3; t++) {
            Thread p = new Thread(() -> {
                try {
                    while (!written.get()) {
                        consoles.poll();
                    }
                } catch (Throwable e) {
                    errors.add(e);
                }
            });
            p.start();
            pollers.add(p);
        }
        try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.APPEND)) {
            for (int i = 1; i <= lines; i++) {
                byte[] b = line(i).getBytes(StandardCharsets.US_ASCII);
                // half a line at a time, as a console writes: polls see lines cut anywhere
                out.write(b, 0, b.length / 2);
                out.flush();
                out.write(b, b.length / 2, b.length - b.length / 2);
                out.flush();
            }
        } finally {
            written.set(true);
            for (Thread p : pollers) {
                p.join();
            }
        }
        consoles.poll();

        assertTrue(errors.isEmpty(), errors.toString());
        List<Long> units = units(consoles.reports(3));
        List<Long> expected = new ArrayList<>();
        for (int i = 1; i <= lines; i++) {
            expected.add(10L * i);
        }
        assertEquals(expected.size(), units.size(), "one report per line");
        assertEquals(expected, units, "in the order written");
    }

    private static List<Long> units(List<GuestConsoles.Report> reports) {
        return reports.stream().map(GuestConsoles.Report::units).toList();
    }
}
