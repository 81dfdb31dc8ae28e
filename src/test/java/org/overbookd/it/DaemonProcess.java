package org.overbookd.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.overbookd.testing.Closing;

/**
 * The built daemon, {@code java -jar target/overbookd.jar run --config FILE}, as a child process
 * whose stdout and stderr go to files the suite reads (cycles done, the secret check).
 */
final class DaemonProcess implements AutoCloseable {

    /** "cycle 12: 1 decision in 40 ms" or "cycle 13 failed: ...": one line per cycle run. */
    private static final Pattern CYCLE = Pattern.compile("\\bcycle \\d+(: (?!audit)| failed)");

    private final Process process;
    private final Path stdout;
    private final Path stderr;
    private Integer exitCode;

    private DaemonProcess(Process process, Path stdout, Path stderr) {
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    static DaemonProcess start(Path jar, Path config, Path dir, String name) throws IOException {
        Path out = dir.resolve(name + ".stdout");
        Path err = dir.resolve(name + ".stderr");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "-jar", jar.toString(), "run", "--config", config.toString()))
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        return new DaemonProcess(p, out, err);
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Cycles the daemon has logged, failed ones included; 0 before the first. */
    long cyclesLogged() throws IOException {
        long n = 0;
        for (Path file : List.of(stdout, stderr)) {
            Matcher m = CYCLE.matcher(Files.readString(file));
            while (m.find()) {
                n++;
            }
        }
        return n;
    }

    String output() throws IOException {
        return Files.readString(stdout) + Files.readString(stderr);
    }

    List<Path> outputFiles() {
        return List.of(stdout, stderr);
    }

    /** Sends {@code signal} (HUP, TERM, ...) to the daemon, as kill does. */
    void signal(String signal) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                .inheritIO()
                .start()
                .waitFor();
    }

    /** kill -9, as a crash: no cycle finishes, nothing is withdrawn; the exit code, 137. */
    int kill9() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
        exitCode = process.exitValue();
        return exitCode;
    }

    /** SIGTERM, then the exit code (the daemon finishes its cycle and exits 0); -1 if it had to be killed. */
    int stop() throws InterruptedException {
        if (exitCode != null) {
            return exitCode;
        }
        process.destroy();
        if (process.waitFor(30, TimeUnit.SECONDS)) {
            exitCode = process.exitValue();
        } else {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            exitCode = -1;
        }
        return exitCode;
    }

    @Override
    public void close() throws IOException {
        Closing.waiting("stopping the daemon", this::stop);
    }
}
