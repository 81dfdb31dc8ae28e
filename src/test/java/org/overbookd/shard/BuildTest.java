package org.overbookd.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The build's fingerprint follows the simulator's class files, wherever they are loaded from. */
class BuildTest {

    @TempDir
    Path dir;

    private static void put(Path root, String name, byte[] bytes) throws IOException {
        Path file = root.resolve(name);
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
    }

    private static void jar(Path classes, Path jar, List<String> names) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file)) {
            for (String name : names) {
                out.putNextEntry(new JarEntry(name));
                out.write(Files.readAllBytes(classes.resolve(name)));
                out.closeEntry();
            }
        }
    }

    @Test
    void theFingerprintIsOfTheSimulatorsClassesInAJarOrADirectoryAlike() throws IOException {
        Path classes = dir.resolve("classes");
        List<String> names = List.of(
                "org/overbookd/sim/overbooking/Simulation.class",
                "org/overbookd/backend/simulated/World.class",
                "org/overbookd/cli/Main.class",
                "org/overbookd/backend/opennebula/OneBackend.class",
                "org/overbookd/sweep/Tuning.class");
        for (String name : names) {
            put(classes, name, ("bytes of " + name).getBytes());
        }
        String fingerprint = Build.fingerprint(classes);
        Path jar = dir.resolve("overbookd.jar");
        jar(classes, jar, names);
        assertEquals(fingerprint, Build.fingerprint(jar), "the same classes in a jar");

        put(classes, "org/overbookd/cli/Main.class", "another command line".getBytes());
        put(classes, "org/overbookd/backend/opennebula/OneBackend.class", "another backend".getBytes());
        assertEquals(fingerprint, Build.fingerprint(classes), "the commands and OpenNebula change no simulated result");

        put(
                classes,
                "org/overbookd/backend/simulated/World.class",
                "bytes of org/overbookd/backend/simulated/World.clasS".getBytes());
        String changed = Build.fingerprint(classes);
        assertNotEquals(fingerprint, changed, "one byte of the simulated world");
        put(classes, "org/overbookd/backend/simulated/Extra.class", new byte[0]);
        assertNotEquals(changed, Build.fingerprint(classes), "a class more");
    }

    @Test
    void theCurrentBuildNamesItsVersionAndItsClasses() {
        Build build = Build.current();
        assertEquals(64, build.classesSha256().length(), build.toString());
        assertEquals("development", build.version(), "tests run from the classes directory, no manifest");
        assertTrue(build.differences(build, "a", "b").isEmpty());
        Build other = new Build("0.2.0", "0".repeat(64));
        assertEquals(
                List.of(
                        "version: this development, that 0.2.0",
                        "simulator classes (SHA-256): this " + build.classesSha256() + ", that " + "0".repeat(64)),
                build.differences(other, "this", "that"));
    }
}
