package org.overbookd.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;

class SettingsReloaderTest {

    @TempDir
    Path dir;

    private int generation;

    /** Rewrites the file with a clearly later modification time, whatever the file system's resolution. */
    private void write(Path file, String text) throws IOException {
        Files.writeString(file, text);
        Files.setLastModifiedTime(file, FileTime.fromMillis(1_000_000_000_000L + 10_000L * ++generation));
    }

    @Test
    void appliesNewBoundsKeepsSettingsOnABadFileAndLeavesRestartKeysAlone() throws Exception {
        Path file = dir.resolve("overbookd.properties");
        write(file, "overbooking.lower-bound = 60\noverbooking.upper-bound = 85\n");
        Settings initial = new SettingsLoader().load(file, Map.of()).settings();
        SettingsReloader reloader = new SettingsReloader(file, Map.of("overbooking.slots", "3"), initial);

        assertTrue(reloader.poll().isEmpty(), "nothing changed yet");

        write(file, "overbooking.lower-bound = 75\noverbooking.upper-bound = 95\n");
        Optional<Settings> next = reloader.poll();
        assertTrue(next.isPresent());
        assertEquals(75.0, next.get().get(Options.LOWER_BOUND));
        assertEquals(95.0, next.get().get(Options.UPPER_BOUND));
        assertEquals(3, next.get().get(Options.SLOTS), "--set overrides keep winning after a reload");

        write(file, "overbooking.lower-bound = 99\noverbooking.upper-bound = 95\n");
        assertTrue(reloader.poll().isEmpty(), "an invalid file is not applied");

        write(file, "overbooking.lower-bound = 75\noverbooking.upper-bound = 95\nschedule.overbooking-interval = 1m\n");
        assertTrue(reloader.poll().isEmpty(), "only a restart applies a new interval");

        write(file, "overbooking.lower-bound = 70\noverbooking.upper-bound = 95\nschedule.overbooking-interval = 1m\n");
        Optional<Settings> last = reloader.poll();
        assertTrue(last.isPresent());
        assertEquals(70.0, last.get().get(Options.LOWER_BOUND));
        assertEquals(
                initial.get(Options.OVERBOOKING_INTERVAL),
                last.get().get(Options.OVERBOOKING_INTERVAL),
                "the running interval is kept");
    }
}
