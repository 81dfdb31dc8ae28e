package org.overbookd.sim.requests;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.overbookd.io.CsvInput;
import org.overbookd.io.CsvInput.Row;
import org.overbookd.io.InputException;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;

/**
 * Reads the CSV inputs (service classes, hosts, workload, host events) and checks them against each
 * other. Each names its required and optional columns; other columns are ignored.
 */
public final class Inputs {

    private Inputs() {}

    /**
     * Service classes: {@code name,slo,importance,priority} and optional {@code safety_margin_s}
     * (default 10) and {@code overhead_limit} (default 1 - slo); importance 1 is the most important.
     */
    public static ServiceClasses classes(Path file) throws InputException {
        List<ServiceClass> classes = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Row row : rows(
                file, List.of("name", "slo", "importance", "priority"), List.of("safety_margin_s", "overhead_limit"))) {
            String name = row.required("name");
            if (!names.add(name)) {
                throw new InputException(file, row.line(), "duplicate class " + name);
            }
            double slo = number(row, "slo");
            double margin = row.text("safety_margin_s").isEmpty()
                    ? ServiceClass.DEFAULT_SAFETY_MARGIN_S
                    : number(row, "safety_margin_s");
            double limit = row.text("overhead_limit").isEmpty() ? 1 - slo : number(row, "overhead_limit");
            try {
                classes.add(new ServiceClass(
                        name, slo, integer(row, "importance"), margin, limit, integer(row, "priority")));
            } catch (IllegalArgumentException e) {
                throw new InputException(file, row.line(), e.getMessage());
            }
        }
        if (classes.isEmpty()) {
            throw new InputException(file, "no classes");
        }
        return new ServiceClasses(classes);
    }

    /** The whole numbers of these files may be written as decimals ("2.0"), as they always could. */
    private static int integer(Row row, String column) throws InputException {
        double v = number(row, column);
        if (v != Math.rint(v) || v > Integer.MAX_VALUE) {
            throw row.problem(column + " '" + row.text(column) + "' is not a whole number");
        }
        return (int) v;
    }

    private static double number(Row row, String column) throws InputException {
        return row.number(column, 0, false);
    }

    /** Every record of a file with these columns and maybe others, read whole. */
    private static List<Row> rows(Path file, List<String> required, List<String> optional) throws InputException {
        List<Row> rows = new ArrayList<>();
        try (CsvInput in = CsvInput.withHeader(file, CsvInput.Columns.atLeast(required, optional))) {
            in.forEach(rows::add);
        }
        return rows;
    }

    /** key=value;key=value, as placement constraints and host attributes are written. */
    private static Map<String, String> pairs(Row row, String column) throws InputException {
        Map<String, String> map = new LinkedHashMap<>();
        String text = row.text(column);
        if (text.isEmpty()) {
            return map;
        }
        for (String pair : text.split(";")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw row.problem(column + " must be key=value;...: " + pair);
            }
            map.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
        }
        return map;
    }

    public static List<HostSpec> hosts(Path file) throws InputException {
        List<HostSpec> hosts = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (Row row : rows(file, List.of("id", "cpu", "mem"), List.of("attributes"))) {
            String id = row.required("id");
            if (!ids.add(id)) {
                throw new InputException(file, row.line(), "duplicate host id " + id);
            }
            hosts.add(new HostSpec(id, number(row, "cpu"), number(row, "mem"), pairs(row, "attributes")));
        }
        if (hosts.isEmpty()) {
            throw new InputException(file, "no hosts");
        }
        return hosts;
    }

    /** Requests in file order; each must fit on at least one host, alone. */
    public static List<RequestSpec> workload(Path file, ServiceClasses classes, List<HostSpec> hosts)
            throws InputException {
        List<RequestSpec> requests = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (Row row :
                rows(file, List.of("id", "submit_s", "duration_s", "cpu", "mem", "class"), List.of("constraints"))) {
            String id = row.required("id");
            if (!ids.add(id)) {
                throw new InputException(file, row.line(), "duplicate request id " + id);
            }
            String name = row.required("class");
            var serviceClass = classes.find(name)
                    .orElseThrow(() -> new InputException(
                            file,
                            row.line(),
                            "unknown class " + name + " (known: "
                                    + String.join(
                                            ", ",
                                            classes.all().stream()
                                                    .map(c -> c.name())
                                                    .toList()) + ")"));
            RequestSpec r = new RequestSpec(
                    id,
                    number(row, "submit_s"),
                    number(row, "duration_s"),
                    number(row, "cpu"),
                    number(row, "mem"),
                    serviceClass,
                    pairs(row, "constraints"));
            if (hosts.stream().noneMatch(h -> r.cpu() <= h.cpu() && r.mem() <= h.mem())) {
                throw new InputException(
                        file,
                        row.line(),
                        "request " + id + " (cpu " + r.cpu() + ", mem " + r.mem() + ") is larger than every host");
            }
            requests.add(r);
        }
        return requests;
    }

    public static List<HostEvent> hostEvents(Path file, List<HostSpec> hosts) throws InputException {
        Set<String> known = new HashSet<>();
        hosts.forEach(h -> known.add(h.id()));
        List<HostEvent> events = new ArrayList<>();
        for (Row row : rows(file, List.of("time_s", "host", "event"), List.of())) {
            String host = row.required("host");
            if (!known.contains(host)) {
                throw new InputException(file, row.line(), "unknown host " + host);
            }
            String kind = row.required("event");
            if (!kind.equals("add") && !kind.equals("remove")) {
                throw new InputException(file, row.line(), "event must be add or remove: " + kind);
            }
            events.add(new HostEvent(number(row, "time_s"), host, kind.equals("add")));
        }
        return events;
    }
}
