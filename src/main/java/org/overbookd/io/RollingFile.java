package org.overbookd.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A file of whole lines that overbookd appends to for months (the audit log, the record file), and
 * that must neither grow without bound nor lose or split a line.
 *
 * <ul>
 *   <li><b>Whole lines.</b> Each {@link #append} writes complete lines in one write; a file never
 *       rolls in the middle of one. If a write fails half-way (disk full), the next successful one
 *       starts on a new line, so the torn fragment stays a line of its own that readers skip.</li>
 *   <li><b>Durable when asked.</b> With {@code sync}, an append returns only once the lines are on
 *       the device ({@link FileChannel#force}): the audit's promise that a decision is recorded
 *       before its action is sent.</li>
 *   <li><b>Follows the path, not the inode.</b> Before each append it checks that the path still
 *       names the file it has open; if the file was deleted or renamed (logrotate), it opens the path
 *       anew, and if that fails (directory gone), the append fails: nothing is written to a file no
 *       one can read.</li>
 *   <li><b>Rolls by size and by day.</b> Before an append that would take the file past
 *       {@code maxBytes}, or the first append on a new UTC day, the file is renamed to
 *       {@code NAME.YYYY-MM-DD.N.EXT} (the day of its last write, N counting from 1) and a new one
 *       started; only the newest {@code maxHistory} rolled files are kept. A file that is not a
 *       regular file ({@code /dev/stdout}) never rolls.</li>
 *   <li><b>Headers.</b> Given a header (a CSV file's), every new file starts with it.</li>
 * </ul>
 *
 * Not thread-safe: its owners serialize appends.
 */
public final class RollingFile implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RollingFile.class);

    /** What decides when a file rolls and how many rolled files stay. */
    public record Policy(long maxBytes, int maxHistory) {
        public Policy {
            if (maxBytes < 1 || maxHistory < 0) {
                throw new IllegalArgumentException("maxBytes must be positive and maxHistory not negative");
            }
        }
    }

    private final Path path;
    private final Policy policy;
    private final boolean sync;
    private final Clock clock;
    private final String header;
    private FileChannel channel;
    private Object fileKey;
    private LocalDate day;
    private long size;
    private boolean tornTail;
    /** A write failed: whether it left a partial line is checked before the next one. */
    private boolean checkTail;

    /**
     * Opens (creating it and its directory if needed) {@code path} for appending.
     *
     * @throws IOException naming the path when it cannot be opened for writing
     */
    public RollingFile(Path path, Policy policy, boolean sync, Clock clock) throws IOException {
        this(path, policy, sync, clock, null);
    }

    /**
     * @param header a line every new file starts with (a CSV header), or null
     * @throws IOException naming the path when it cannot be opened for writing
     */
    public RollingFile(Path path, Policy policy, boolean sync, Clock clock, String header) throws IOException {
        this.header = header;
        this.path = Objects.requireNonNull(path, "path");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.sync = sync;
        this.clock = clock;
        open(true);
        if (header != null && size > 0 && !header.equals(firstLine())) {
            // a file of another format (an older version's header): its rows stay under their header, in
            // a rolled file of their own, and the new rows start a file with this header
            close();
            Files.move(path, nextRolledName(day));
            open(false);
            day = today();
        }
    }

    /** The file's first line, or null when it has none whole (no line break within a header's length and more). */
    private String firstLine() throws IOException {
        try (FileChannel reader = FileChannel.open(path, StandardOpenOption.READ)) {
            // a header's length and a little more: enough to tell whether the first line is it
            ByteBuffer head = ByteBuffer.allocate(header.length() + 2);
            int read;
            do {
                read = reader.read(head);
            } while (read > 0 && head.hasRemaining());
            String text = new String(head.array(), 0, head.position(), StandardCharsets.UTF_8);
            int end = text.indexOf('\n');
            return end < 0 ? null : text.substring(0, end);
        }
    }

    public Path path() {
        return path;
    }

    /** Appends {@code lines}, each given without its line break, as one write. */
    public void append(List<String> lines) throws IOException {
        if (lines.isEmpty()) {
            return;
        }
        StringBuilder text = new StringBuilder();
        for (String line : lines) {
            text.append(line).append('\n');
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        try {
            if (channel == null || !stillAtPath()) {
                reopen();
            }
            if (checkTail) {
                tornTail = size > 0 && Files.isRegularFile(path) && !endsWithNewline();
                checkTail = false;
            }
            rollIfDue(bytes.length);
            ByteBuffer buffer = ByteBuffer.wrap(tornTail ? withLeadingNewline(bytes) : bytes);
            while (buffer.hasRemaining()) {
                size += channel.write(buffer);
            }
            tornTail = false;
            if (sync) {
                channel.force(false);
            }
        } catch (IOException e) {
            checkTail = true;
            throw new IOException("cannot write " + path + ": " + reason(e), e);
        }
    }

    /** Appends one line. */
    public void append(String line) throws IOException {
        append(List.of(line));
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
            channel = null;
        }
    }

    /**
     * @param createParent create a missing directory: at start-up only. A directory that vanishes
     *                     while running (removed, unmounted) is a failure to report, not to paper over.
     */
    private void open(boolean createParent) throws IOException {
        try {
            Path parent = path.toAbsolutePath().getParent();
            if (createParent && parent != null && !Files.isDirectory(parent)) {
                Files.createDirectories(parent);
            }
            channel = FileChannel.open(
                    path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new IOException("cannot open " + path + " for writing: " + e.getFile() + " is not a directory", e);
        } catch (IOException e) {
            throw new IOException("cannot open " + path + " for writing: " + reason(e), e);
        }
        BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
        fileKey = attributes.fileKey();
        size = attributes.isRegularFile() ? attributes.size() : 0;
        day = attributes.isRegularFile() && size > 0
                ? LocalDate.ofInstant(attributes.lastModifiedTime().toInstant(), ZoneOffset.UTC)
                : today();
        tornTail = attributes.isRegularFile() && size > 0 && !endsWithNewline();
        if (header != null && attributes.isRegularFile() && size == 0) {
            size += channel.write(ByteBuffer.wrap((header + "\n").getBytes(StandardCharsets.UTF_8)));
        }
    }

    private void reopen() throws IOException {
        close();
        open(false);
    }

    /** True when the path still names the file we have open (not deleted, not renamed away). */
    private boolean stillAtPath() {
        try {
            Object key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
            return key != null && key.equals(fileKey);
        } catch (IOException e) {
            return false;
        }
    }

    private void rollIfDue(int incoming) throws IOException {
        int headerBytes = header == null ? 0 : header.length() + 1;
        if (!Files.isRegularFile(path) || size <= headerBytes) {
            day = today();
            return;
        }
        boolean tooBig = size + incoming > policy.maxBytes();
        boolean newDay = !today().equals(day);
        if (!tooBig && !newDay) {
            return;
        }
        close();
        Files.move(path, nextRolledName(day));
        open(false);
        day = today();
        prune();
    }

    /** The next number for {@code of}: one past the largest in use, so numbers never go back after pruning. */
    private Path nextRolledName(LocalDate of) throws IOException {
        String[] stemExt = stemAndExtension(path.getFileName().toString());
        String prefix = stemExt[0] + "." + of + ".";
        int next = 1;
        for (Path rolled : rolled(path)) {
            String name = rolled.getFileName().toString();
            if (name.startsWith(prefix)) {
                next = Math.max(
                        next,
                        Integer.parseInt(name.substring(prefix.length(), name.length() - stemExt[1].length())) + 1);
            }
        }
        return path.resolveSibling(prefix + next + stemExt[1]);
    }

    /**
     * Deletes the oldest rolled files beyond the retention. A file that cannot be deleted is logged
     * and left: retention is housekeeping, and must never fail the write (for the audit: the cycle).
     */
    private void prune() {
        List<Path> rolled;
        try {
            rolled = rolled(path);
        } catch (IOException e) {
            LOG.warn("cannot list the rolled files of {}: {}", path, IoReasons.of(e));
            return;
        }
        for (int i = 0; i < rolled.size() - policy.maxHistory(); i++) {
            try {
                Files.deleteIfExists(rolled.get(i));
            } catch (IOException e) {
                LOG.warn("cannot delete the old rolled file {}: {}", rolled.get(i), IoReasons.of(e));
            }
        }
    }

    /**
     * The rolled files of {@code path}, oldest first (by day, then number): what a reader reads
     * before {@code path} itself to see the whole history that is still kept.
     */
    public static List<Path> rolled(Path path) throws IOException {
        return rolledFiles(path).stream().map(Rolled::file).toList();
    }

    /**
     * The rolled files of {@code path} whose last write was on {@code day} or later, oldest first: a
     * reader that wants the records from {@code day} on need not open the older ones.
     */
    public static List<Path> rolledSince(Path path, LocalDate day) throws IOException {
        String from = day.toString();
        return rolledFiles(path).stream()
                .filter(r -> r.day().compareTo(from) >= 0)
                .map(Rolled::file)
                .toList();
    }

    /** A rolled file, with the day of its last write (as its name writes it) and its number. */
    private record Rolled(Path file, String day, int n) {}

    private static List<Rolled> rolledFiles(Path path) throws IOException {
        String[] stemExt = stemAndExtension(path.getFileName().toString());
        Pattern name = Pattern.compile(
                Pattern.quote(stemExt[0]) + "\\.(\\d{4}-\\d{2}-\\d{2})\\.(\\d+)" + Pattern.quote(stemExt[1]));
        List<Rolled> found = new ArrayList<>();
        Path dir = path.toAbsolutePath().getParent();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                Matcher m = name.matcher(entry.getFileName().toString());
                if (m.matches() && m.group(2).length() < 10) { // a number too long to be ours is not ours
                    found.add(new Rolled(entry, m.group(1), Integer.parseInt(m.group(2))));
                }
            }
        } catch (NoSuchFileException e) {
            return List.of();
        }
        found.sort(Comparator.comparing(Rolled::day).thenComparingInt(Rolled::n));
        return found;
    }

    /** "audit.jsonl" -> {"audit", ".jsonl"}; "audit" -> {"audit", ""}. */
    private static String[] stemAndExtension(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return dot <= 0
                ? new String[] {fileName, ""}
                : new String[] {fileName.substring(0, dot), fileName.substring(dot)};
    }

    private boolean endsWithNewline() throws IOException {
        try (FileChannel reader = FileChannel.open(path, StandardOpenOption.READ)) {
            ByteBuffer last = ByteBuffer.allocate(1);
            reader.read(last, reader.size() - 1);
            return last.get(0) == '\n';
        }
    }

    private static byte[] withLeadingNewline(byte[] bytes) {
        byte[] out = new byte[bytes.length + 1];
        out[0] = '\n';
        System.arraycopy(bytes, 0, out, 1, bytes.length);
        return out;
    }

    private LocalDate today() {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }

    static String reason(IOException e) {
        return IoReasons.of(e);
    }
}
