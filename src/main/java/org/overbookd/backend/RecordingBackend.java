package org.overbookd.backend;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.overbookd.io.RollingFile;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostView;
import org.overbookd.model.VmView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's recorder: appends what each observation measured to a CSV file (record.file), one
 * row per VM and one per host (empty VM columns), so a week of a real cluster can be studied or
 * replayed later:
 * {@code time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu,vcpus,host_forecast,cpu_forecast}.
 * CPU is in percent of one core, host utilization in percent of the host; vcpus is the VM's virtual
 * CPUs ({@link VmView#vcpus}, empty when unknown), what bounds its CPU when the record is replayed.
 * host_forecast is the VIM's forecast of the host's utilization ({@link HostView#forecastUtilization},
 * OpenNebula's USED_CPU_FORECAST over TOTAL_CPU), on the host's row and each of its VMs' as
 * host_utilization is; cpu_forecast a VM's ({@link VmView#forecastLoad}, CPU_FORECAST); each empty
 * when the VIM gave none. They are what a replay's forecast-aware bounds judge, as the daemon's did.
 * The file rolls by size and day ({@link RollingFile}), each rolled file with its header; a file of
 * an older header is rolled aside at start, so that each file's rows match its header.
 *
 * <p>The record is for study, not for safety: a failed write is logged (once, until a write
 * succeeds again) and the cycle goes on. Unlike the audit, it never stops an action.
 */
public final class RecordingBackend extends ForwardingBackend {

    public static final String HEADER =
            "time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu,vcpus"
                    + ",host_forecast,cpu_forecast";
    private static final Logger LOG = LoggerFactory.getLogger(RecordingBackend.class);
    /** Commons CSV quotes names that need it, as the simulator's reader expects; one line per row. */
    private static final CSVFormat FORMAT =
            CSVFormat.DEFAULT.builder().setRecordSeparator("").get();

    private final RollingFile file;
    private boolean failing;

    /** @throws IOException naming the file when it cannot be opened for writing */
    public RecordingBackend(Backend delegate, Path file, RollingFile.Policy policy, Clock clock) throws IOException {
        super(delegate);
        this.file = new RollingFile(file, policy, false, clock, HEADER);
    }

    @Override
    public ClusterView observe(Instant now) throws BackendException {
        ClusterView view = super.observe(now);
        List<String> rows = new ArrayList<>();
        for (HostView host : view.hosts()) {
            String utilization = String.format(Locale.ROOT, "%.3f", host.utilization());
            String hostForecast = figure(host.forecastUtilization());
            rows.add(row(
                    now, host.id(), host.name(), host.cores(), utilization, "", "", "", "", "", "", hostForecast, ""));
            for (VmView vm : host.vms()) {
                rows.add(row(
                        now,
                        host.id(),
                        host.name(),
                        host.cores(),
                        utilization,
                        vm.id(),
                        vm.name(),
                        vm.qos(),
                        vm.state(),
                        String.format(Locale.ROOT, "%.3f", vm.load()),
                        vm.vcpus() > 0 ? vm.vcpus() : "",
                        hostForecast,
                        figure(vm.forecastLoad())));
            }
        }
        try {
            file.append(rows);
            if (failing) {
                LOG.info("record file {} written again", file.path());
                failing = false;
            }
        } catch (IOException e) {
            if (!failing) {
                LOG.error("{}; measurements are not recorded until a write succeeds (actions go on)", e.getMessage());
                failing = true;
            }
        }
        return view;
    }

    /** Closes the file: a recording that ends before its process does (a recorded simulation). */
    public void close() throws IOException {
        file.close();
    }

    /** A forecast to three decimals, empty when there is none (NaN) or it is not a figure a VIM could give. */
    private static String figure(double forecast) {
        return forecast >= 0 && forecast < Double.POSITIVE_INFINITY ? String.format(Locale.ROOT, "%.3f", forecast) : "";
    }

    private static String row(Object... values) {
        return FORMAT.format(values);
    }
}
