package org.overbookd.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.zip.ZipException;

/**
 * The operating system's words for an I/O failure ("no such file or directory", "permission
 * denied", "No space left on device"), for messages that already name the file: Java's own
 * messages are often the bare path ({@code /proc/x}), a class name, or a decoder's "Input length = 1".
 */
public final class IoReasons {

    private IoReasons() {}

    public static String of(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "already exists";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "directory not empty";
        }
        if (e instanceof CharacterCodingException) {
            return "not a UTF-8 text file";
        }
        if (e instanceof ZipException) { // GZIPInputStream's: "Not in GZIP format", "Corrupt GZIP trailer", ...
            return "Not in GZIP format".equals(e.getMessage())
                    ? "not a gzip file"
                    : "corrupt gzip data (" + e.getMessage() + ")";
        }
        if (e instanceof EOFException) {
            return "cut short (the file ends in the middle of its data)";
        }
        if (e instanceof FileSystemException fs) {
            return fs.getReason() != null ? fs.getReason() : "cannot be written or read (" + fs.getFile() + ")";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    public static String of(UncheckedIOException e) {
        return of(e.getCause());
    }

    /** {@link #of(IOException)} for an I/O failure, possibly wrapped; the plain message otherwise. */
    public static String of(Exception e) {
        if (e instanceof IOException io) {
            return of(io);
        }
        if (e instanceof UncheckedIOException io) {
            return of(io);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** The file an exception names, if it names one. */
    public static String file(IOException e) {
        return e instanceof FileSystemException fs && fs.getFile() != null ? fs.getFile() : null;
    }
}
