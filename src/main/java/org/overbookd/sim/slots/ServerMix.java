package org.overbookd.sim.slots;

import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.overbookd.io.CsvInput;
import org.overbookd.io.InputException;

/**
 * Reads a servers file: CSV with the header {@code type,count,cpu,memory,cores,slots}, one row per
 * server type (Table 1's layout, cores added). The default infrastructure, Table 1 itself, is the
 * file {@code table1-servers.csv} shipped beside this class, read by the same code.
 */
public final class ServerMix {

    static final List<String> COLUMNS = List.of("type", "count", "cpu", "memory", "cores", "slots");
    private static final String TABLE_1 = "table1-servers.csv";

    private ServerMix() {}

    public static List<ServerType> read(Path file) throws InputException {
        return read(file, CsvInput.withHeader(file, CsvInput.Columns.exactly(COLUMNS, List.of())));
    }

    private static List<ServerType> read(Path file, CsvInput opened) throws InputException {
        List<ServerType> types = new ArrayList<>();
        try (CsvInput rows = opened) {
            for (CsvInput.Row row = rows.next(); row != null; row = rows.next()) {
                types.add(new ServerType(
                        row.required("type"),
                        row.whole("count", 0, 1_000_000),
                        row.number("cpu", 0, true),
                        row.number("memory", 0, false),
                        row.whole("cores", 1, 100_000),
                        row.whole("slots", 1, 100_000)));
            }
        }
        if (types.stream().mapToInt(ServerType::count).sum() == 0) {
            throw new InputException(file, "no servers: every count is 0 or there are no rows");
        }
        return types;
    }

    /** Table 1: 125 servers, 3072 slots. */
    public static List<ServerType> table1() {
        InputStream in = ServerMix.class.getResourceAsStream(TABLE_1);
        if (in == null) {
            throw new IllegalStateException(TABLE_1 + " missing from the classpath");
        }
        Path name = Path.of(TABLE_1);
        try {
            return read(name, CsvInput.withHeader(name, in, CsvInput.Columns.exactly(COLUMNS, List.of())));
        } catch (InputException e) {
            throw new IllegalStateException("the shipped " + TABLE_1 + " is unreadable", e);
        }
    }
}
