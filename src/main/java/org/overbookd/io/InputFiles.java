package org.overbookd.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Opens an input file as UTF-8 text, gunzipped if its name ends in .gz (the Google trace ships
 * both ways). Bytes that are not UTF-8 fail the read instead of turning into replacement
 * characters that would then fail as a number on some later line.
 */
public final class InputFiles {

    private static final int BUFFER = 1 << 16;

    private InputFiles() {}

    /** The file's text; a missing or unreadable file is an {@link InputException} naming it. */
    public static BufferedReader open(Path file) throws InputException {
        boolean gzipped =
                file.getFileName() != null && file.getFileName().toString().endsWith(".gz");
        InputStream in = null;
        try {
            in = Files.newInputStream(file);
            return text(in, gzipped);
        } catch (NoSuchFileException e) {
            throw InputException.unreadable(file, "no such file");
        } catch (IOException e) {
            closeQuietly(in);
            throw InputException.cannotRead(file, 0, e);
        }
    }

    /** Refuses, as unreadable, an input directory that is not there or not a directory. */
    public static void requireDirectory(Path dir) throws InputException {
        if (!Files.isDirectory(dir)) {
            throw InputException.unreadable(dir, Files.exists(dir) ? "not a directory" : "no such directory");
        }
    }

    private static void closeQuietly(InputStream in) {
        try {
            if (in != null) {
                in.close();
            }
        } catch (IOException e) {
            // already failing with the reason that matters
        }
    }

    /** An open stream's text (a resource shipped in the jar, say), gunzipped when asked. */
    public static BufferedReader text(InputStream in, boolean gzipped) throws IOException {
        InputStream bytes = gzipped ? new GZIPInputStream(in, BUFFER) : in;
        return new BufferedReader(
                new InputStreamReader(
                        bytes,
                        StandardCharsets.UTF_8
                                .newDecoder()
                                .onMalformedInput(CodingErrorAction.REPORT)
                                .onUnmappableCharacter(CodingErrorAction.REPORT)),
                BUFFER);
    }
}
