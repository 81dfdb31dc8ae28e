package org.overbookd.io;

import java.nio.file.Path;

/**
 * Alibaba's cluster trace v2018, the files of its online containers and machines (headerless CSV,
 * plain or .gz), with the schema of github.com/alibaba/clusterdata, cluster-trace-v2018/schema.txt:
 * <pre>
 *   machine_meta:    machine_id, time_stamp, failure_domain_1, failure_domain_2, cpu_num, mem_size, status
 *   container_meta:  container_id, machine_id, time_stamp, app_du, status, cpu_request, cpu_limit, mem_size
 *   container_usage: container_id, machine_id, time_stamp, cpu_util_percent, mem_util_percent, cpi, mem_gps,
 *                    mpki, net_in, net_out, disk_io_percent
 * </pre>
 * Time stamps are seconds; {@code cpu_request} is in hundredths of a core (100 is one core); a
 * container's {@code cpu_util_percent} is read as percent of its request (the schema leaves it
 * unsaid). An empty {@code cpu_util_percent} (the trace has some) is NaN.
 */
public final class AlibabaRows {

    private AlibabaRows() {}

    public record Machine(String id, long time, int cores) {}

    public record Container(String id, String machineId, long time, double cpuRequest) {}

    public record Usage(String containerId, String machineId, long time, double cpuUtilPercent) {}

    public static void machines(Path file, AzureVmRows.Visitor<Machine> visit) throws InputException {
        try (CsvInput rows = CsvInput.headerless(file)) {
            for (CsvInput.Row row = rows.next(); row != null; row = rows.next()) {
                row.requireWidth(7, "machine_meta row (machine_id ... status)");
                long cores = row.nonNegative(4, "cpu_num");
                if (cores < 1 || cores > 100_000) {
                    throw row.problem("cpu_num " + cores + " is not a machine's core count");
                }
                visit.accept(new Machine(row.text(0), row.nonNegative(1, "time_stamp"), (int) cores));
            }
        }
    }

    public static void containers(Path file, AzureVmRows.Visitor<Container> visit) throws InputException {
        try (CsvInput rows = CsvInput.headerless(file)) {
            for (CsvInput.Row row = rows.next(); row != null; row = rows.next()) {
                row.requireWidth(8, "container_meta row (container_id ... mem_size)");
                visit.accept(new Container(
                        row.text(0),
                        row.text(1),
                        row.nonNegative(2, "time_stamp"),
                        row.number(5, "cpu_request", 0, true)));
            }
        }
    }

    public static void usage(Path file, AzureVmRows.Visitor<Usage> visit) throws InputException {
        try (CsvInput rows = CsvInput.headerless(file)) {
            for (CsvInput.Row row = rows.next(); row != null; row = rows.next()) {
                row.requireWidth(11, "container_usage row (container_id ... disk_io_percent)");
                double time = row.number(2, "time_stamp", 0, false);
                visit.accept(new Usage(row.text(0), row.text(1), (long) time, row.numberOrNaN(3, "cpu_util_percent")));
            }
        }
    }
}
