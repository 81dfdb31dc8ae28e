package org.overbookd.shard;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The build a shard was computed by: overbookd's version and a fingerprint of the code that makes a
 * simulated result, the SHA-256 over the class files of every package but those that cannot change
 * one (the commands' words, the daemon, the audit and the OpenNebula backend). Two shards of one
 * sweep or tune merge only if their builds are the same: a build with other simulator code gives
 * other numbers under the same settings, and a merged table of both matches neither.
 *
 * <p>Read once per process from where this class was loaded (the jar, or the classes directory of a
 * source tree): a few hundred small files, a few milliseconds.
 *
 * @param version       the jar's Implementation-Version, "development" from a classes directory
 * @param classesSha256 hex SHA-256 over the name, length and bytes of each class file counted, in name order
 */
public record Build(String version, String classesSha256) {

    private static final String ROOT = "org/overbookd/";
    /** Packages (as paths under {@link #ROOT}) whose classes do not enter a simulated result. */
    private static final List<String> LEFT_OUT = List.of("cli/", "daemon/", "audit/", "backend/opennebula/");

    private static final class Holder {
        static final Build CURRENT = read();
    }

    /** The build this process runs. */
    public static Build current() {
        return Holder.CURRENT;
    }

    /** "0.1.0, simulator classes a1b2c3d4e5f6": for a person telling two builds apart. */
    public String describe() {
        return version + ", simulator classes " + classesSha256.substring(0, Math.min(12, classesSha256.length()));
    }

    private static Build read() {
        String version = Build.class.getPackage().getImplementationVersion();
        CodeSource source = Build.class.getProtectionDomain().getCodeSource();
        if (source == null) {
            throw new IllegalStateException("cannot tell where overbookd's classes were loaded from");
        }
        try {
            Path where = Path.of(source.getLocation().toURI());
            return new Build(version == null ? "development" : version, fingerprint(where));
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IllegalStateException("overbookd's classes are at " + source.getLocation() + ", not a file", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read overbookd's classes to fingerprint them", e);
        }
    }

    /** The fingerprint of the classes in {@code where}, a jar or a directory of class files. */
    static String fingerprint(Path where) throws IOException {
        Map<String, byte[]> classes = new TreeMap<>();
        if (Files.isDirectory(where)) {
            Path root = where.resolve(ROOT);
            if (Files.isDirectory(root)) {
                try (Stream<Path> files = Files.walk(root)) {
                    for (Path file : (Iterable<Path>) files::iterator) {
                        String name = where.relativize(file)
                                .toString()
                                .replace(where.getFileSystem().getSeparator(), "/");
                        if (counts(name) && Files.isRegularFile(file)) {
                            classes.put(name, Files.readAllBytes(file));
                        }
                    }
                }
            }
        } else {
            try (JarFile jar = new JarFile(where.toFile())) {
                for (JarEntry entry : (Iterable<JarEntry>) jar.stream()::iterator) {
                    if (counts(entry.getName()) && !entry.isDirectory()) {
                        try (InputStream in = jar.getInputStream(entry)) {
                            classes.put(entry.getName(), in.readAllBytes());
                        }
                    }
                }
            }
        }
        if (classes.isEmpty()) {
            throw new IOException(where + " holds no overbookd class");
        }
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
        for (Map.Entry<String, byte[]> c : classes.entrySet()) {
            sha.update(c.getKey().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update(Integer.toString(c.getValue().length).getBytes(StandardCharsets.US_ASCII));
            sha.update((byte) 0);
            sha.update(c.getValue());
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** Whether a file of the jar or directory is a class of a package counted. */
    private static boolean counts(String name) {
        if (!name.startsWith(ROOT) || !name.endsWith(".class")) {
            return false;
        }
        String rest = name.substring(ROOT.length());
        return LEFT_OUT.stream().noneMatch(rest::startsWith);
    }

    /**
     * What differs between this build and {@code other}, in words, each side named: "version: the
     * shards' 0.1.0, this merge's 0.2.0". Empty when they are the same.
     */
    public List<String> differences(Build other, String thisOne, String otherOne) {
        List<String> out = new ArrayList<>();
        if (!version.equals(other.version)) {
            out.add("version: " + thisOne + " " + version + ", " + otherOne + " " + other.version);
        }
        if (!classesSha256.equals(other.classesSha256)) {
            out.add("simulator classes (SHA-256): " + thisOne + " " + classesSha256 + ", " + otherOne + " "
                    + other.classesSha256);
        }
        return out;
    }
}
