package org.overbookd.sim.requests;

import org.overbookd.io.InputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.overbookd.policy.qos.ServiceClass;
import org.overbookd.policy.qos.ServiceClasses;

/** Reads the three CSV inputs and checks them against each other. */
public final class Inputs {

    private Inputs() {
    }

    /**
     * Service classes: {@code name,slo,importance,priority} and optional {@code safety_margin_s}
     * (default 10) and {@code overhead_limit} (default 1 - slo); importance 1 is the most important.
     */
    public static ServiceClasses classes(Path file) throws InputException {
        List<ServiceClass> classes = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (CsvRows.Row row : CsvRows.read(file, List.of("name", "slo", "importance", "priority"))) {
            String name = row.text("name");
            if (!names.add(name)) {
                throw new InputException(file, row.line(), "duplicate class " + name);
            }
            double slo = row.number("slo");
            double margin = row.optional("safety_margin_s").isEmpty()
                    ? ServiceClass.DEFAULT_SAFETY_MARGIN_S : row.number("safety_margin_s");
            double limit = row.optional("overhead_limit").isEmpty() ? 1 - slo : row.number("overhead_limit");
            try {
                classes.add(new ServiceClass(name, slo, integer(row, "importance"), margin, limit,
                        integer(row, "priority")));
            } catch (IllegalArgumentException e) {
                throw new InputException(file, row.line(), e.getMessage());
            }
        }
        if (classes.isEmpty()) {
            throw new InputException(file, "no classes");
        }
        return new ServiceClasses(classes);
    }

    private static int integer(CsvRows.Row row, String column) throws InputException {
        double v = row.number(column);
        if (v != Math.rint(v) || v > Integer.MAX_VALUE) {
            throw new InputException(row.file(), row.line(), column + " must be a whole number: " + row.text(column));
        }
        return (int) v;
    }

    public static List<HostSpec> hosts(Path file) throws InputException {
        List<HostSpec> hosts = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (CsvRows.Row row : CsvRows.read(file, List.of("id", "cpu", "mem"))) {
            String id = row.text("id");
            if (!ids.add(id)) {
                throw new InputException(file, row.line(), "duplicate host id " + id);
            }
            hosts.add(new HostSpec(id, row.number("cpu"), row.number("mem"), CsvRows.pairs(row, "attributes")));
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
        for (CsvRows.Row row : CsvRows.read(file, List.of("id", "submit_s", "duration_s", "cpu", "mem", "class"))) {
            String id = row.text("id");
            if (!ids.add(id)) {
                throw new InputException(file, row.line(), "duplicate request id " + id);
            }
            String name = row.text("class");
            var serviceClass = classes.find(name).orElseThrow(() -> new InputException(file, row.line(),
                    "unknown class " + name + " (known: "
                            + String.join(", ", classes.all().stream().map(c -> c.name()).toList()) + ")"));
            RequestSpec r = new RequestSpec(id, row.number("submit_s"), row.number("duration_s"),
                    row.number("cpu"), row.number("mem"), serviceClass, CsvRows.pairs(row, "constraints"));
            if (hosts.stream().noneMatch(h -> r.cpu() <= h.cpu() && r.mem() <= h.mem())) {
                throw new InputException(file, row.line(), "request " + id + " (cpu " + r.cpu() + ", mem " + r.mem()
                        + ") is larger than every host");
            }
            requests.add(r);
        }
        return requests;
    }

    public static List<HostEvent> hostEvents(Path file, List<HostSpec> hosts) throws InputException {
        Set<String> known = new HashSet<>();
        hosts.forEach(h -> known.add(h.id()));
        List<HostEvent> events = new ArrayList<>();
        for (CsvRows.Row row : CsvRows.read(file, List.of("time_s", "host", "event"))) {
            String host = row.text("host");
            if (!known.contains(host)) {
                throw new InputException(file, row.line(), "unknown host " + host);
            }
            String kind = row.text("event");
            if (!kind.equals("add") && !kind.equals("remove")) {
                throw new InputException(file, row.line(), "event must be add or remove: " + kind);
            }
            events.add(new HostEvent(row.number("time_s"), host, kind.equals("add")));
        }
        return events;
    }
}
