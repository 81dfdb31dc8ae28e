package org.overbookd.io;

import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Path;
import java.util.zip.ZipException;

/**
 * An input file a simulation reads (a trace, a workload, a servers or hosts file, an overheads file)
 * cannot be used. The message names the file and, where there is one, the line, in the form
 * {@code FILE:LINE: problem}; every command reports it as is. Two kinds, as sysexits.h tells them
 * apart: the file could not be read at all ({@link #unreadable()}: missing, not a regular file, an
 * I/O error; exit 66, EX_NOINPUT), or it was read and is wrong (exit 65, EX_DATAERR). Bytes that
 * are not UTF-8 text, and a .gz file that is not gzip or is cut short, are wrong data, not an
 * unreadable file: the file was read, its contents are at fault.
 */
public final class InputException extends Exception {

    private static final long serialVersionUID = 1L;

    private final boolean unreadable;

    public InputException(Path file, long line, String problem) {
        this(file.toString(), line, problem);
    }

    /** For a source that is not a path as such: a scenario named as the user typed it, a resource. */
    public InputException(String file, long line, String problem) {
        this(where(file, line) + problem, false);
    }

    public InputException(Path file, String problem) {
        this(file, 0, problem);
    }

    /** A message that already names the file and line. */
    public InputException(String message) {
        this(message, false);
    }

    private InputException(String message, boolean unreadable) {
        super(message);
        this.unreadable = unreadable;
    }

    /** {@code file} could not be opened: {@code problem} says why ("no such file", "not a regular file"). */
    public static InputException unreadable(Path file, String problem) {
        return unreadable(file.toString(), problem);
    }

    /** As {@link #unreadable(Path, String)}, for a source named as the user typed it. */
    public static InputException unreadable(String file, String problem) {
        return new InputException(where(file, 0) + problem, true);
    }

    /**
     * Reading {@code file} failed (at {@code line}, or 0 for none) with {@code e}: "cannot read" and
     * the system's words. Unreadable, unless the bytes read were at fault: not UTF-8 text, or not
     * gzip's format or cut short in a .gz file.
     */
    public static InputException cannotRead(Path file, long line, IOException e) {
        return cannotRead(file.toString(), line, e);
    }

    /** As {@link #cannotRead(Path, long, IOException)}, for a source named as the user typed it. */
    public static InputException cannotRead(String file, long line, IOException e) {
        boolean contents =
                e instanceof CharacterCodingException || e instanceof ZipException || e instanceof EOFException;
        return new InputException(where(file, line) + "cannot read: " + IoReasons.of(e), !contents);
    }

    /** Whether the file could not be read at all (exit 66), rather than read and found wrong (exit 65). */
    public boolean unreadable() {
        return unreadable;
    }

    private static String where(String file, long line) {
        return file + (line > 0 ? ":" + line : "") + ": ";
    }
}
