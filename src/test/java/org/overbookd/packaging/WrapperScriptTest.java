package org.overbookd.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * /usr/bin/overbookd (src/deb/overbookd) picks a Java 17 or later and hands it JAVA_OPTS, the jar and
 * the arguments, or says what it found and exits 78. Fake JDKs stand in for real ones: a bin/java that
 * prints its arguments, and the release file real JDKs carry, which the wrapper reads instead of
 * starting a JVM.
 */
class WrapperScriptTest {

    private static final Path WRAPPER = Path.of("src", "deb", "overbookd");

    @TempDir
    Path dir;

    private record Result(int exit, String out, String err) {}

    /** A fake JDK home whose release file says {@code version} and whose java echoes its arguments. */
    private Path jdk(String name, String version) throws IOException {
        Path home = dir.resolve(name);
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + version + "\"\n");
        Path java = home.resolve("bin").resolve("java");
        Files.writeString(java, "#!/bin/sh\necho \"" + name + ":$*\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return home;
    }

    /**
     * A fake JDK whose release file also names its build, as real ones do (the class-data archive's
     * key), and whose java runs {@code script}.
     */
    private Path jdk(String name, String version, String build, String script) throws IOException {
        Path home = jdk(name, version);
        Files.writeString(
                home.resolve("release"),
                "IMPLEMENTOR=\"test\"\nJAVA_RUNTIME_VERSION=\"" + build + "\"\nJAVA_VERSION=\"" + version + "\"\n");
        Files.writeString(home.resolve("bin").resolve("java"), "#!/bin/sh\n" + script);
        return home;
    }

    private Result run(Map<String, String> env, String... args) throws IOException, InterruptedException {
        Path jar = dir.resolve("overbookd.jar");
        if (!Files.exists(jar)) {
            Files.writeString(jar, "not a jar: the fake java never opens it");
        }
        List<String> command = new java.util.ArrayList<>(List.of("sh", WRAPPER.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().clear();
        pb.environment().put("PATH", "/usr/bin:/bin");
        pb.environment().put("OVERBOOKD_JAR", jar.toString());
        pb.environment().putAll(env);
        pb.redirectOutput(dir.resolve("out").toFile())
                .redirectError(dir.resolve("err").toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "wrapper finished");
        return new Result(
                p.exitValue(),
                Files.readString(dir.resolve("out"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("err"), StandardCharsets.UTF_8));
    }

    @Test
    void runsJavaHomesJavaWithOptionsJarAndArguments() throws Exception {
        Path home = jdk("jdk17", "17.0.15");
        Result r = run(
                Map.of("JAVA_HOME", home.toString(), "JAVA_OPTS", "-Xmx512m -XX:+ExitOnOutOfMemoryError"),
                "check-config",
                "--config",
                "/etc/overbookd/overbookd.properties");
        assertEquals(0, r.exit(), r.err());
        assertEquals(
                "jdk17:-Xmx512m -XX:+ExitOnOutOfMemoryError -jar " + dir.resolve("overbookd.jar")
                        + " check-config --config /etc/overbookd/overbookd.properties",
                r.out().strip());
    }

    @Test
    void argumentsWithBlanksStayWhole() throws Exception {
        Path home = jdk("jdk21", "21.0.2");
        Result r = run(Map.of("JAVA_HOME", home.toString()), "audit", "/var/log/over bookd/audit.jsonl");
        assertEquals(0, r.exit(), r.err());
        // the fake java joins its arguments with blanks; a split argument would show as two, a
        // missing JAVA_OPTS as no extra word before -jar
        assertEquals(
                "jdk21:-jar " + dir.resolve("overbookd.jar") + " audit /var/log/over bookd/audit.jsonl",
                r.out().strip());
    }

    @Test
    void anOldJavaHomeIsRefusedWith78AndNamed() throws Exception {
        Path home = jdk("jdk11", "11.0.22");
        Result r = run(Map.of("JAVA_HOME", home.toString()), "--version");
        assertEquals(78, r.exit());
        assertEquals("", r.out(), "nothing was run");
        assertTrue(r.err().contains("needs Java 17 or later"), r.err());
        assertTrue(r.err().contains(home.resolve("bin/java") + " (Java 11)"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void javaEightsOldVersionSchemeReadsAsEight() throws Exception {
        Path home = jdk("jdk8", "1.8.0_402");
        Result r = run(Map.of("JAVA_HOME", home.toString()), "--version");
        assertEquals(78, r.exit());
        assertTrue(r.err().contains("(Java 8)"), r.err());
    }

    @Test
    void aJavaHomeWithoutJavaIsNamed() throws Exception {
        Result r = run(Map.of("JAVA_HOME", dir.resolve("nowhere").toString()), "--version");
        assertEquals(78, r.exit());
        assertTrue(r.err().contains("JAVA_HOME=" + dir.resolve("nowhere") + " has no bin/java"), r.err());
    }

    @Test
    void javaOnThePathIsUsedWhenJavaHomeIsUnset() throws Exception {
        Path home = jdk("jdk25", "25");
        Result r = run(Map.of("PATH", home.resolve("bin") + ":/usr/bin:/bin"), "--version");
        assertEquals(0, r.exit(), r.err());
        assertEquals(
                "jdk25:-jar " + dir.resolve("overbookd.jar") + " --version",
                r.out().strip());
    }

    @Test
    void anUnreadableJarIsNamed() throws Exception {
        Path home = jdk("jdk17", "17");
        Result r = run(
                Map.of(
                        "JAVA_HOME",
                        home.toString(),
                        "OVERBOOKD_JAR",
                        dir.resolve("missing.jar").toString()),
                "--version");
        assertEquals(78, r.exit());
        assertTrue(r.err().contains("cannot read " + dir.resolve("missing.jar")), r.err());
    }

    @Test
    void theClassArchiveOfThisJavaBuildBesideTheJarIsMappedQuietly() throws Exception {
        Path home = jdk("jdk17", "17.0.15", "17.0.15+6-Debian-1deb12u1", "echo \"jdk17:$*\"\n");
        Path archive = archiveMadeAfterTheJar("overbookd-17.0.15+6-Debian-1deb12u1.jsa");
        Result r = run(Map.of("JAVA_HOME", home.toString(), "JAVA_OPTS", "-Xmx512m"), "--version");
        assertEquals(0, r.exit(), r.err());
        // the archive's options first, so that JAVA_OPTS (-Xshare:off) overrides them
        assertEquals(
                "jdk17:-XX:SharedArchiveFile=" + archive + " -Xlog:cds=off,cds+dynamic=off -Xmx512m -jar "
                        + dir.resolve("overbookd.jar").toRealPath() + " --version",
                r.out().strip());
    }

    /** The launcher's C2 thresholds for a sweep: a hundred times HotSpot's defaults. */
    private static final String SWEEP_JIT = "-XX:Tier4InvocationThreshold=500000 -XX:Tier4MinInvocationThreshold=60000"
            + " -XX:Tier4CompileThreshold=1500000 -XX:Tier4BackEdgeThreshold=4000000";
    /** The launcher's C2 thresholds for a simulation: ten times HotSpot's defaults. */
    private static final String SIMULATE_JIT = "-XX:Tier4InvocationThreshold=50000 -XX:Tier4MinInvocationThreshold=6000"
            + " -XX:Tier4CompileThreshold=150000 -XX:Tier4BackEdgeThreshold=400000";

    @Test
    void aSweepCompilesWithC2OnlyWhatIsReallyHotAndJavaOptsStillWin() throws Exception {
        Path home = jdk("jdk17", "17.0.15");
        Result r = run(
                Map.of("JAVA_HOME", home.toString(), "JAVA_OPTS", "-XX:Tier4BackEdgeThreshold=40000"),
                "sweep",
                "--config",
                "sim/verboven-tables.properties",
                "--out",
                "results/tables");
        assertEquals(0, r.exit(), r.err());
        // JAVA_OPTS after the sweep's thresholds: HotSpot takes the last setting of a flag
        assertEquals(
                "jdk17:" + SWEEP_JIT + " -XX:Tier4BackEdgeThreshold=40000 -jar " + dir.resolve("overbookd.jar")
                        + " sweep --config sim/verboven-tables.properties --out results/tables",
                r.out().strip());
        // 'sweep merge' draws the same charts
        r = run(Map.of("JAVA_HOME", home.toString()), "sweep", "merge", "results/shard-1", "--out", "results/tables");
        assertEquals(
                "jdk17:" + SWEEP_JIT + " -jar " + dir.resolve("overbookd.jar")
                        + " sweep merge results/shard-1 --out results/tables",
                r.out().strip());
    }

    @Test
    void theJavaRunningTheseTestsTakesTheSweepsThresholdsWithoutAWord() throws Exception {
        assertTheJavaRunningTheseTestsTakesWithoutAWord(SWEEP_JIT.split(" "));
    }

    @Test
    void aSimulationTakesTenTimesHotSpotsThresholdsBesideItsCollectorAndJavaOptsStillWin() throws Exception {
        Path home = jdk("jdk17", "17.0.15");
        Result r = run(
                Map.of("JAVA_HOME", home.toString(), "JAVA_OPTS", "-XX:Tier4InvocationThreshold=5000"),
                "simulate",
                "--model",
                "slots");
        assertEquals(0, r.exit(), r.err());
        // JAVA_OPTS after the simulation's thresholds: HotSpot takes the last setting of a flag
        assertEquals(
                "jdk17:" + SIMULATE_JIT + " -XX:+UseParallelGC -XX:Tier4InvocationThreshold=5000 -jar "
                        + dir.resolve("overbookd.jar") + " simulate --model slots",
                r.out().strip());
        List<String> options = new java.util.ArrayList<>(List.of(SIMULATE_JIT.split(" ")));
        options.add("-XX:+UseParallelGC");
        assertTheJavaRunningTheseTestsTakesWithoutAWord(options.toArray(String[]::new));
    }

    /** An unknown -XX flag stops a JVM before main; a removed one makes it warn on every start. */
    private static void assertTheJavaRunningTheseTestsTakesWithoutAWord(String... options) throws Exception {
        List<String> command = new java.util.ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(List.of(options));
        command.add("-version");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "java -version finished");
        assertEquals(0, p.exitValue(), out);
        assertFalse(out.toLowerCase(java.util.Locale.ROOT).contains("warning"), out);
        assertFalse(out.contains("Unrecognized"), out);
    }

    @Test
    void aCommandsOwnOptionsComeAfterTheClassArchivesAndBeforeJavaOpts() throws Exception {
        Path home = jdk("jdk17", "17.0.15", "17.0.15+6-Debian-1deb12u1", "echo \"jdk17:$*\"\n");
        Path archive = archiveMadeAfterTheJar("overbookd-17.0.15+6-Debian-1deb12u1.jsa");
        // the sweep's C2 thresholds; the simulation's, and its collector
        for (Map.Entry<String, String> own : Map.of(
                        "sweep", SWEEP_JIT, "simulate", SIMULATE_JIT + " -XX:+UseParallelGC")
                .entrySet()) {
            Result r = run(
                    Map.of("JAVA_HOME", home.toString(), "JAVA_OPTS", "-Xmx512m"),
                    own.getKey(),
                    "--config",
                    "s.properties");
            assertEquals(0, r.exit(), r.err());
            assertEquals(
                    "jdk17:-XX:SharedArchiveFile=" + archive + " -Xlog:cds=off,cds+dynamic=off " + own.getValue()
                            + " -Xmx512m -jar " + dir.resolve("overbookd.jar").toRealPath() + " " + own.getKey()
                            + " --config s.properties",
                    r.out().strip());
        }
    }

    @Test
    void otherCommandsKeepHotSpotsThresholdsEvenWithSweepAmongTheirArguments() throws Exception {
        Path home = jdk("jdk17", "17.0.15");
        for (String command : List.of("tune", "run", "audit")) {
            Result r = run(Map.of("JAVA_HOME", home.toString()), command, "sweep");
            assertEquals(
                    "jdk17:-jar " + dir.resolve("overbookd.jar") + " " + command + " sweep",
                    r.out().strip());
        }
        // a simulation takes its own, whatever its arguments say
        Result r = run(Map.of("JAVA_HOME", home.toString()), "simulate", "sweep");
        assertEquals(
                "jdk17:" + SIMULATE_JIT + " -XX:+UseParallelGC -jar " + dir.resolve("overbookd.jar")
                        + " simulate sweep",
                r.out().strip());
    }

    /**
     * A simulation of the request model runs with transparent huge pages where this machine's kernel
     * offers them (the launcher reads the same file), before JAVA_OPTS; other models and commands,
     * and a kernel without them, get no flag.
     */
    @Test
    void aRequestSimulationTakesTransparentHugePagesWhereTheKernelOffersThem() throws Exception {
        Path home = jdk("jdk17", "17.0.15");
        String thp = kernelOffersHugePages() ? " -XX:+UseTransparentHugePages" : "";
        Path jar = dir.resolve("overbookd.jar");
        for (List<String> args : List.of(
                List.of("simulate", "--model", "requests", "--until", "86400"),
                List.of("simulate", "--until", "86400", "--model=requests"))) {
            Result r = run(
                    Map.of("JAVA_HOME", home.toString(), "JAVA_OPTS", "-XX:-UseTransparentHugePages"),
                    args.toArray(String[]::new));
            assertEquals(0, r.exit(), r.err());
            assertEquals(
                    "jdk17:" + SIMULATE_JIT + " -XX:+UseParallelGC" + thp + " -XX:-UseTransparentHugePages -jar " + jar
                            + " " + String.join(" ", args),
                    r.out().strip());
        }
        for (List<String> args : List.of(
                List.of("simulate", "--model", "slots"),
                List.of("simulate", "requests"),
                List.of("run", "--model", "requests"))) {
            Result r = run(Map.of("JAVA_HOME", home.toString()), args.toArray(String[]::new));
            assertFalse(r.out().contains("TransparentHugePages"), args + ": " + r.out());
        }
        if (!thp.isEmpty()) {
            assertTheJavaRunningTheseTestsTakesWithoutAWord("-XX:+UseTransparentHugePages");
        }
    }

    /** Whether the kernel offers transparent huge pages to a process that asks (modes always and madvise). */
    private static boolean kernelOffersHugePages() throws IOException {
        Path enabled = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        if (!Files.isReadable(enabled)) {
            return false;
        }
        String mode = Files.readString(enabled);
        return mode.contains("[always]") || mode.contains("[madvise]");
    }

    @Test
    void onlySimulationsAndExperimentsRunUnderTheParallelCollector() throws Exception {
        Path home = jdk("jdk17", "17.0.15");
        for (String command : List.of("run", "sweep", "tune", "compare", "check-config")) {
            Result r = run(Map.of("JAVA_HOME", home.toString()), command);
            assertFalse(r.out().contains("UseParallelGC"), command + ": " + r.out());
        }
        Result experiment = run(Map.of("JAVA_HOME", home.toString()), "experiment", "silva-slo");
        assertEquals(
                "jdk17:-XX:+UseParallelGC -jar " + dir.resolve("overbookd.jar") + " experiment silva-slo",
                experiment.out().strip());
    }

    @Test
    void aCollectorNamedInJavaOptsIsTheOnlyOne() throws Exception {
        Path home = jdk("jdk17", "17.0.15");
        // the JVM refuses two collectors ("multiple garbage collectors selected"): the user's wins alone
        for (String collector : List.of("-XX:+UseG1GC", "-XX:+UseSerialGC", "-XX:+UseZGC", "-XX:+UseParallelGC")) {
            Result r = run(
                    Map.of("JAVA_HOME", home.toString(), "JAVA_OPTS", "-Xmx4g " + collector + " -XX:+AlwaysPreTouch"),
                    "simulate");
            assertEquals(
                    "jdk17:" + SIMULATE_JIT + " -Xmx4g " + collector + " -XX:+AlwaysPreTouch -jar "
                            + dir.resolve("overbookd.jar") + " simulate",
                    r.out().strip());
        }
    }

    @Test
    void theJavaRunningTheseTestsTakesTheParallelCollectorBesideTheClassArchiveOptionsWithoutAWord() throws Exception {
        assertTheJavaRunningTheseTestsTakesWithoutAWord("-Xlog:cds=off,cds+dynamic=off", "-XX:+UseParallelGC");
    }

    /** An archive made a minute after the jar, as the launcher makes them. */
    private Path archiveMadeAfterTheJar(String name) throws IOException {
        Path jar = dir.resolve("overbookd.jar");
        Files.writeString(jar, "not a jar: the fake java never opens it");
        Path archive = dir.resolve(name);
        Files.writeString(archive, "an archive: the fake java never maps it");
        Files.setLastModifiedTime(
                archive, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 60_000));
        return archive;
    }

    @Test
    void anArchiveOlderThanTheJarIsNotUsed() throws Exception {
        Path home = jdk("jdk17", "17.0.15", "17.0.15+6", "echo \"jdk17:$*\"\n");
        Path archive = archiveMadeAfterTheJar("overbookd-17.0.15+6.jsa");
        // the jar rebuilt since: the archive would not match it
        Files.setLastModifiedTime(
                dir.resolve("overbookd.jar"),
                FileTime.fromMillis(Files.getLastModifiedTime(archive).toMillis() + 60_000));
        Result r = run(Map.of("JAVA_HOME", home.toString()), "--version");
        assertEquals(0, r.exit(), r.err());
        assertEquals(
                "jdk17:-jar " + dir.resolve("overbookd.jar") + " --version",
                r.out().strip());
    }

    @Test
    void anArchiveOfAnotherJavaBuildIsNotUsed() throws Exception {
        Path home = jdk("jdk17", "17.0.15", "17.0.15+6-Debian-1deb12u1", "echo \"jdk17:$*\"\n");
        archiveMadeAfterTheJar("overbookd-17.0.14+7-Debian-1deb12u1.jsa");
        Result r = run(Map.of("JAVA_HOME", home.toString()), "--version");
        assertEquals(0, r.exit(), r.err());
        assertEquals(
                "jdk17:-jar " + dir.resolve("overbookd.jar") + " --version",
                r.out().strip());
    }

    @Test
    void anEmptyClassArchiveSettingTurnsTheArchiveOff() throws Exception {
        Path home = jdk("jdk17", "17.0.15", "17.0.15+6", "echo \"jdk17:$*\"\n");
        archiveMadeAfterTheJar("overbookd-17.0.15+6.jsa");
        Result r = run(Map.of("JAVA_HOME", home.toString(), "OVERBOOKD_CLASS_ARCHIVE", ""), "--version");
        assertEquals(0, r.exit(), r.err());
        assertEquals(
                "jdk17:-jar " + dir.resolve("overbookd.jar") + " --version",
                r.out().strip());
    }

    /**
     * The fake java writes the class list -XX:DumpLoadedClassList names and, under -Xshare:dump, the
     * archive -XX:SharedArchiveFile names, as a real one does, and keeps each run's arguments and the
     * training configuration in its home for the test to read.
     */
    private static final String ARCHIVING_JAVA = """
            prev=
            dump=
            for a; do
                case $a in
                    -XX:DumpLoadedClassList=*) echo classes > "${a#*=}" ;;
                    -Xshare:dump) dump=1 ;;
                    -XX:SharedArchiveFile=*) if [ -n "$dump" ]; then echo archived > "${a#*=}"; fi ;;
                esac
                if [ "$prev" = --config ]; then cp "$a" "$(dirname "$0")/../training.properties"; fi
                prev=$a
            done
            echo "$*" >> "$(dirname "$0")/../args"
            echo "the sweep's progress lines" >&2
            """;

    @Test
    void makeClassArchiveTrainsOnASweepWithChartsAndPutsTheArchiveBesideTheJar() throws Exception {
        Path home = jdk("jdk17", "17.0.15", "17.0.15+6", ARCHIVING_JAVA);
        Result r = run(Map.of("JAVA_HOME", home.toString()), "--make-class-archive");
        assertEquals(0, r.exit(), r.err());
        Path archive = dir.resolve("overbookd-17.0.15+6.jsa");
        assertEquals("overbookd: class-data archive " + archive, r.out().strip());
        assertEquals("archived\n", Files.readString(archive));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(archive)));
        assertFalse(Files.exists(dir.resolve("overbookd-17.0.15+6.jsa.new")), "no half-written file left");
        assertEquals("", r.err(), "the training sweep's output is shown only when it fails");
        // a static archive of the classes the training sweep loaded, for the jar as every start names it
        String jar = Pattern.quote(dir.resolve("overbookd.jar").toRealPath().toString());
        String args = Files.readString(home.resolve("args"));
        assertTrue(
                args.matches("-XX:DumpLoadedClassList=(\\S+)/classes\\.list -jar " + jar
                        + " sweep --config \\S+ --out \\S+ --threads 2\n"
                        + "-Xshare:dump -XX:SharedClassListFile=\\1/classes\\.list -XX:SharedArchiveFile=\\1/archive\\.jsa -cp "
                        + jar + "\n"),
                args);
        // two lower bounds: the sweep draws its charts, a third of the classes a sweep loads
        String training = Files.readString(home.resolve("training.properties"));
        assertTrue(training.contains("sweep.overbooking.lower-bound = 70, 75\n"), training);
        assertTrue(training.contains("sweep.overbooking.slots = 1, 2\n"), training);
    }

    @Test
    void makeClassArchiveReplacesTheArchivesOfEarlierJavaBuildsOnly() throws Exception {
        Path home = jdk("jdk17", "17.0.15", "17.0.15+6", ARCHIVING_JAVA);
        Path earlier = dir.resolve("overbookd-17.0.14+7.jsa");
        Path otherJar = dir.resolve("other-17.0.14+7.jsa");
        // a clone's target/ holds overbookd.jar and overbookd-0.1.0-SNAPSHOT.jar: the second's archive
        // starts with the first's name
        Path snapshotJar = dir.resolve("overbookd-0.1.0-SNAPSHOT-17.0.15+6.jsa");
        Path earlyAccess = dir.resolve("overbookd-18-ea+3.jsa");
        Files.writeString(earlier, "the previous Java's");
        Files.writeString(otherJar, "another jar's");
        Files.writeString(snapshotJar, "the snapshot jar's");
        Files.writeString(earlyAccess, "an early-access Java's");
        Result r = run(Map.of("JAVA_HOME", home.toString()), "--make-class-archive");
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.exists(dir.resolve("overbookd-17.0.15+6.jsa")));
        assertFalse(Files.exists(earlier), "the earlier build's archive is gone");
        assertFalse(Files.exists(earlyAccess), "an early-access build's archive is gone too");
        assertTrue(Files.exists(otherJar), "another jar's archive is not ours to delete");
        assertTrue(Files.exists(snapshotJar), "nor is that of a jar whose name starts as this one's does");
    }

    @Test
    void aFailedTrainingRunExits70ShowingItsOutputAndLeavesNoArchive() throws Exception {
        Path home = jdk("jdk17", "17.0.15", "17.0.15+6", "echo \"sweep: no such scenario\" >&2\nexit 65\n");
        Result r = run(Map.of("JAVA_HOME", home.toString()), "--make-class-archive");
        assertEquals(70, r.exit());
        assertTrue(r.err().contains("the training sweep for the class-data archive failed"), r.err());
        assertTrue(r.err().contains("sweep: no such scenario"), r.err());
        assertFalse(Files.exists(dir.resolve("overbookd-17.0.15+6.jsa")));
    }

    @Test
    void makeClassArchiveNeedsTheJavaBuild() throws Exception {
        Path home = jdk("jdk17", "17.0.15");
        Result r = run(Map.of("JAVA_HOME", home.toString()), "--make-class-archive");
        assertEquals(69, r.exit());
        assertTrue(r.err().contains("names no JAVA_RUNTIME_VERSION"), r.err());
    }
}
