package org.overbookd.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The one reader of CSV input files (traces, workloads, servers, hosts, a run's own results read
 * back): streamed record by record, gunzipped by name ({@link InputFiles}), fields trimmed, blank
 * lines skipped but counted, and every problem an {@link InputException} naming the file and line,
 * worded once here for all of them ("cpu 'half' is not a number").
 *
 * <p>A file either has no header (the Google trace: columns by position) or names its columns on
 * line 1, checked against {@link Columns}: every required column present and, unless the format
 * allows others, no unknown one (a misspelt optional column would otherwise be silently ignored).
 * With a header, every record must have as many fields as the header.
 */
public final class CsvInput implements AutoCloseable {

    private static final Pattern START_LINE = Pattern.compile("\\(startline (\\d+)\\) (.*)");

    /** The columns a header must, may, and (unless {@code othersAllowed}) only name. */
    public record Columns(List<String> required, List<String> optional, boolean othersAllowed) {

        public Columns {
            required = List.copyOf(required);
            optional = List.copyOf(optional);
        }

        /** These columns and no others, in any order. */
        public static Columns exactly(List<String> required, List<String> optional) {
            return new Columns(required, optional, false);
        }

        /** At least the required columns; any other column is ignored. */
        public static Columns atLeast(List<String> required, List<String> optional) {
            return new Columns(required, optional, true);
        }
    }

    private final Path file;
    private final CSVParser parser;
    private final Iterator<CSVRecord> records;
    private final Map<String, Integer> header;

    private CsvInput(Path file, CSVParser parser, Map<String, Integer> header) {
        this.file = file;
        this.parser = parser;
        this.records = parser.iterator();
        this.header = header;
    }

    /** A file without a header: fields by position. */
    public static CsvInput headerless(Path file) throws InputException {
        return new CsvInput(file, parse(file, InputFiles.open(file), format().get()), null);
    }

    /** A file whose first line names its columns. */
    public static CsvInput withHeader(Path file, Columns columns) throws InputException {
        return withHeader(file, InputFiles.open(file), columns);
    }

    /** As {@link #withHeader(Path, Columns)} over an open stream; {@code name} names it in messages. */
    public static CsvInput withHeader(Path name, InputStream in, Columns columns) throws InputException {
        try {
            return withHeader(name, InputFiles.text(in, false), columns);
        } catch (IOException e) {
            throw InputException.cannotRead(name, 0, e);
        }
    }

    private static CsvInput withHeader(Path file, BufferedReader text, Columns columns) throws InputException {
        CSVParser parser =
                parse(file, text, format().setHeader().setSkipHeaderRecord(true).get());
        List<String> names = parser.getHeaderNames();
        List<String> problems = new ArrayList<>();
        for (String name : names) {
            if (!columns.othersAllowed()
                    && !columns.required().contains(name)
                    && !columns.optional().contains(name)) {
                problems.add("unknown column '" + name + "'");
            }
        }
        for (String name : columns.required()) {
            if (!names.contains(name)) {
                problems.add("missing column '" + name + "'");
            }
        }
        if (!problems.isEmpty()) {
            close(parser);
            List<String> known = new ArrayList<>(columns.required());
            columns.optional().forEach(o -> known.add(o + " (optional)"));
            throw new InputException(
                    file, 1, String.join(", ", problems) + "; the header must name " + String.join(", ", known));
        }
        return new CsvInput(file, parser, parser.getHeaderMap());
    }

    private static CSVFormat.Builder format() {
        return CSVFormat.DEFAULT.builder().setIgnoreEmptyLines(true).setTrim(true);
    }

    private static CSVParser parse(Path file, BufferedReader text, CSVFormat format) throws InputException {
        try {
            return CSVParser.parse(text, format);
        } catch (CSVException e) { // an IOException, but of the file's contents: its header line does not parse
            close(text);
            Matcher m = START_LINE.matcher(String.valueOf(e.getMessage()));
            throw new InputException(file, 1, "unreadable CSV: " + (m.find() ? m.group(2) : e.getMessage()));
        } catch (IOException e) {
            close(text);
            throw InputException.cannotRead(file, 1, e);
        } catch (UncheckedIOException e) {
            close(text);
            throw InputException.cannotRead(file, 1, e.getCause());
        } catch (IllegalArgumentException e) {
            close(text);
            throw new InputException(file, 1, "bad header: " + e.getMessage());
        }
    }

    public Path file() {
        return file;
    }

    /** The header names this column (always false without a header). */
    public boolean has(String column) {
        return header != null && header.containsKey(column);
    }

    /** The next record, or null at the end of the file. */
    public Row next() throws InputException {
        while (true) {
            CSVRecord record = read();
            if (record == null) {
                return null;
            }
            Row row = new Row(file, parser.getCurrentLineNumber(), record, header);
            if (record.size() == 1 && record.get(0).isEmpty()) {
                continue; // a line of spaces is as blank as an empty one
            }
            if (header != null && record.size() != header.size()) {
                throw row.problem("expected " + header.size() + " fields, found " + record.size());
            }
            return row;
        }
    }

    /** What a caller does with each record; it may reject one with {@link Row#problem}. */
    @FunctionalInterface
    public interface Visitor {
        void accept(Row row) throws InputException;
    }

    /** Visits every remaining record in file order. */
    public void forEach(Visitor visit) throws InputException {
        for (Row row = next(); row != null; row = next()) {
            visit.accept(row);
        }
    }

    private CSVRecord read() throws InputException {
        try {
            return records.hasNext() ? records.next() : null;
        } catch (UncheckedIOException | IllegalStateException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            String text = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
            if (cause instanceof IOException io && !(cause instanceof CSVException)) {
                throw InputException.cannotRead(file, parser.getCurrentLineNumber() + 1, io);
            }
            // Commons CSV names the line a broken record starts on as "(startline N) ..."
            Matcher m = START_LINE.matcher(text);
            if (m.find()) {
                throw new InputException(file, Long.parseLong(m.group(1)), "unreadable CSV: " + m.group(2));
            }
            throw new InputException(file, parser.getCurrentLineNumber(), "unreadable CSV: " + text);
        }
    }

    @Override
    public void close() {
        close(parser);
    }

    private static void close(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // reading is over; a failed close of an input file loses nothing
        }
    }

    /**
     * One record, its fields read as typed values. {@code name} is how a problem names the field:
     * the column's name in a file with a header, the caller's word for a position without one.
     */
    public static final class Row {

        private final Path file;
        private final long line;
        private final CSVRecord record;
        private final Map<String, Integer> header;

        private Row(Path file, long line, CSVRecord record, Map<String, Integer> header) {
            this.file = file;
            this.line = line;
            this.record = record;
            this.header = header;
        }

        public Path file() {
            return file;
        }

        /** The line the record ends on (its only line unless a quoted field spans lines). */
        public long line() {
            return line;
        }

        public int size() {
            return record.size();
        }

        /** A problem with this record, in the caller's own terms. */
        public InputException problem(String text) {
            return new InputException(file, line, text);
        }

        /** Headerless files: the record has exactly {@code expected} fields; {@code what} names a record. */
        public void requireWidth(int expected, String what) throws InputException {
            if (record.size() != expected) {
                throw problem("expected " + expected + " fields of " + what + ", found " + record.size());
            }
        }

        public String text(int position) {
            return record.get(position);
        }

        /** The column's text; empty when the header does not name it (an optional column). */
        public String text(String column) {
            Integer position = header == null ? null : header.get(column);
            return position == null ? "" : record.get(position);
        }

        /** The column's text, which must not be empty. */
        public String required(String column) throws InputException {
            return nonEmpty(text(column), column);
        }

        private String nonEmpty(String text, String name) throws InputException {
            if (text.isEmpty()) {
                throw problem(name + " is empty");
            }
            return text;
        }

        public long whole(int position, String name) throws InputException {
            String t = nonEmpty(text(position), name);
            Long value = StrictNumbers.integer(t);
            if (value == null) {
                throw problem(name + " '" + t + "' is not a whole number");
            }
            return value;
        }

        /** A whole number at least 0: the timestamps and identifiers of a trace. */
        public long nonNegative(int position, String name) throws InputException {
            long value = whole(position, name);
            if (value < 0) {
                throw problem(name + " " + value + " is negative");
            }
            return value;
        }

        public long whole(String column) throws InputException {
            return whole(position(column), column);
        }

        /** Where a column the caller reads as a value is; an absent optional column reads as empty. */
        private int position(String column) throws InputException {
            Integer position = header == null ? null : header.get(column);
            if (position == null) {
                throw problem(column + " is empty");
            }
            return position;
        }

        /** A whole number from {@code min} to {@code max}. */
        public int whole(String column, long min, long max) throws InputException {
            long value = whole(column);
            if (value < min || value > max) {
                throw problem(column + " " + value + " is outside " + min + " to " + max);
            }
            return (int) value;
        }

        /** A finite number at or above {@code min}, or above it when {@code above}. */
        public double number(int position, String name, double min, boolean above) throws InputException {
            String t = nonEmpty(text(position), name);
            Double value = StrictNumbers.decimal(t);
            if (value == null) {
                throw problem(name + " '" + t + "' is not a number");
            }
            if (!Double.isFinite(value) || value < min || (above && value == min)) {
                throw problem(name + " " + t + " must be a finite number" + bound(min, above));
            }
            return value;
        }

        public double number(String column, double min, boolean above) throws InputException {
            return number(position(column), column, min, above);
        }

        private static String bound(double min, boolean above) {
            if (min == Double.NEGATIVE_INFINITY) {
                return "";
            }
            return (above ? " above " : " at least ")
                    + (min == Math.rint(min) ? Long.toString((long) min) : Double.toString(min));
        }

        /** A finite number at least 0, or NaN when the field is empty (a request the trace leaves out). */
        public double numberOrNaN(int position, String name) throws InputException {
            return text(position).isEmpty() ? Double.NaN : number(position, name, 0, false);
        }

        /** Any finite number, negative ones too. */
        public double number(String column) throws InputException {
            return number(column, Double.NEGATIVE_INFINITY, false);
        }
    }
}
