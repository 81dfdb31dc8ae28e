package org.overbookd.sim.slots;

import org.overbookd.io.InputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a CSV input file record by record, knowing the line of each record so that every problem
 * names the file and line. Files ending in {@code .gz} are read through gunzip (the Google trace
 * ships that way). With a header, the columns are checked by name: all required ones present, none
 * unknown (a misspelt optional column would otherwise be silently ignored).
 */
final class CsvRows implements AutoCloseable {

    private static final Pattern START_LINE = Pattern.compile("\\(startline (\\d+)\\) (.*)");

    private final Path file;
    private final CSVParser parser;
    private final Iterator<CSVRecord> records;
    private final Map<String, Integer> columns;
    private CSVRecord record;

    private CsvRows(Path file, CSVParser parser, Map<String, Integer> columns) {
        this.file = file;
        this.parser = parser;
        this.records = parser.iterator();
        this.columns = columns;
    }

    /** A file whose first line names its columns. */
    static CsvRows withHeader(Path file, List<String> required, List<String> optional) throws InputException {
        return withHeader(file, open(file), required, optional);
    }

    /** As {@link #withHeader(Path, List, List)} over an open stream; {@code file} names it in messages. */
    static CsvRows withHeader(Path file, InputStream in, List<String> required, List<String> optional)
            throws InputException {
        CSVParser parser = parse(file, in, CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
                .setTrim(true).get());
        List<String> names = parser.getHeaderNames();
        List<String> problems = new ArrayList<>();
        for (String name : names) {
            if (!required.contains(name) && !optional.contains(name)) {
                problems.add("unknown column '" + name + "'");
            }
        }
        for (String name : required) {
            if (!names.contains(name)) {
                problems.add("missing column '" + name + "'");
            }
        }
        if (!problems.isEmpty()) {
            close(parser);
            List<String> known = new ArrayList<>(required);
            optional.forEach(o -> known.add(o + " (optional)"));
            throw new InputException(file, 1, String.join(", ", problems) + "; the header must name "
                    + String.join(", ", known));
        }
        return new CsvRows(file, parser, parser.getHeaderMap());
    }

    /** The file's bytes, gunzipped if its name ends in .gz; a missing or unreadable file is a InputException. */
    static InputStream open(Path file) throws InputException {
        try {
            InputStream in = Files.newInputStream(file);
            return file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(in, 1 << 16) : in;
        } catch (NoSuchFileException e) {
            throw new InputException(file, "no such file");
        } catch (IOException e) {
            throw new InputException(file, "cannot read: " + message(e));
        }
    }

    private static CSVParser parse(Path file, InputStream in, CSVFormat format) throws InputException {
        try {
            return CSVParser.parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16), format);
        } catch (IOException | UncheckedIOException e) {
            throw new InputException(file, "cannot read: " + message(e));
        } catch (IllegalArgumentException e) {
            throw new InputException(file, 1, "bad header: " + e.getMessage());
        }
    }

    /** Moves to the next record; false at the end of the file. */
    boolean next() throws InputException {
        try {
            if (!records.hasNext()) {
                record = null;
                return false;
            }
            record = records.next();
            return true;
        } catch (UncheckedIOException | IllegalStateException e) {
            // Commons CSV names the line a broken record starts on as "(startline N) ..."
            Matcher m = START_LINE.matcher(message(e));
            if (m.find()) {
                throw new InputException(file, Long.parseLong(m.group(1)), "unreadable CSV: " + m.group(2));
            }
            throw new InputException(file, parser.getCurrentLineNumber(), "unreadable CSV: " + message(e));
        }
    }

    /** The line the current record ends on (its only line unless a quoted field spans lines). */
    long line() {
        return parser.getCurrentLineNumber();
    }

    Path file() {
        return file;
    }

    int size() {
        return record.size();
    }

    String field(int position) {
        return record.get(position);
    }

    boolean has(String column) {
        return columns.containsKey(column);
    }

    String field(String column) {
        return record.get(columns.get(column));
    }

    /** Every header column has a value on this line. */
    void requireAllColumns() throws InputException {
        if (record.size() != columns.size()) {
            throw problem("expected " + columns.size() + " fields, found " + record.size());
        }
    }

    InputException problem(String text) {
        return new InputException(file, line(), text);
    }

    int wholeNumber(String name, String text, long min, long max) throws InputException {
        long value = longNumber(name, text);
        if (value < min || value > max) {
            throw problem(name + " " + value + " is outside " + min + " to " + max);
        }
        return (int) value;
    }

    long longNumber(String name, String text) throws InputException {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw problem(name + " '" + text + "' is not a whole number");
        }
    }

    /** A finite number at or above {@code min}, or above it when {@code strict}. */
    double number(String name, String text, double min, boolean strict) throws InputException {
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw problem(name + " '" + text + "' is not a number");
        }
        if (!Double.isFinite(value) || value < min || (strict && value == min)) {
            throw problem(name + " " + text + " must be a finite number " + (strict ? "above " : "at least ")
                    + (min == Math.rint(min) ? Long.toString((long) min) : Double.toString(min)));
        }
        return value;
    }

    private static String message(Exception e) {
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    }

    @Override
    public void close() {
        close(parser);
    }

    private static void close(CSVParser parser) {
        try {
            parser.close();
        } catch (IOException e) {
            // reading is over; a failed close of an input file loses nothing
        }
    }
}
