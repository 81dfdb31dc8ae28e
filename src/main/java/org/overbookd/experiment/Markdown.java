package org.overbookd.experiment;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A Markdown table, as the documentation writes them: a header row, the separator row and one row
 * per line, cells separated by " | ", '\n' line ends. Numbers are formatted by the caller in the root
 * locale ({@link #number}), so the same figures give the same bytes anywhere.
 */
public final class Markdown {

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    public Markdown(String... header) {
        this.header = List.of(header);
    }

    public Markdown(List<String> header) {
        this.header = List.copyOf(header);
    }

    public Markdown row(Object... cells) {
        List<String> row = new ArrayList<>(cells.length);
        for (Object c : cells) {
            row.add(String.valueOf(c));
        }
        return row(row);
    }

    public Markdown row(List<String> cells) {
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException(cells.size() + " cells for " + header.size() + " columns");
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    /** Prints the table, each line ending in '\n'. */
    public void print(PrintWriter out) {
        line(out, header);
        List<String> rule = new ArrayList<>();
        header.forEach(h -> rule.add("---"));
        line(out, rule);
        rows.forEach(r -> line(out, r));
        out.flush();
    }

    private static void line(PrintWriter out, List<String> cells) {
        out.print("| " + String.join(" | ", cells) + " |\n");
    }

    /** A number with fixed decimals and thousands separators in the root locale: 12,845.1. */
    public static String number(double value, int decimals) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return unsigned(String.format(Locale.ROOT, "%,." + decimals + "f", value));
    }

    /** A number with fixed decimals, no separators: 73.53. A value that rounds to zero is written without a sign. */
    public static String plain(double value, int decimals) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return unsigned(String.format(Locale.ROOT, "%." + decimals + "f", value));
    }

    /** "-0" and "-0.00" (a small negative value rounded) as "0" and "0.00". */
    private static String unsigned(String formatted) {
        return formatted.startsWith("-") && formatted.chars().noneMatch(c -> c >= '1' && c <= '9')
                ? formatted.substring(1)
                : formatted;
    }
}
