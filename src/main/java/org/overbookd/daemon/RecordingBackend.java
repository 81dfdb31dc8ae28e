package org.overbookd.daemon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.overbookd.backend.Backend;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.Outcome;
import org.overbookd.model.ClusterView;
import org.overbookd.model.HostView;
import org.overbookd.model.VmView;
import org.overbookd.policy.Decision;

/**
 * Appends what each observation measured to a CSV file (record.file), one row per VM and one per
 * host (empty VM columns), so a week of a real cluster can be studied or replayed later:
 * {@code time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu}.
 * CPU is in percent of one core, host utilization in percent of the host.
 */
final class RecordingBackend implements Backend {

    static final String HEADER = "time,host_id,host_name,cores,host_utilization,vm_id,vm_name,qos,state,cpu";
    /** Commons CSV quotes names that need it, as the simulator's reader expects; one line per row. */
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();

    private final Backend delegate;
    private final Path file;

    RecordingBackend(Backend delegate, Path file) throws IOException {
        this.delegate = delegate;
        this.file = file;
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        if (!Files.exists(file) || Files.size(file) == 0) {
            Files.writeString(file, HEADER + "\n", StandardCharsets.UTF_8);
        }
    }

    @Override
    public ClusterView observe(Instant now) throws BackendException {
        ClusterView view = delegate.observe(now);
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
                CSVPrinter csv = new CSVPrinter(out, FORMAT)) {
            for (HostView host : view.hosts()) {
                String utilization = String.format(Locale.ROOT, "%.3f", host.utilization());
                csv.printRecord(now, host.id(), host.name(), host.cores(), utilization, "", "", "", "", "");
                for (VmView vm : host.vms()) {
                    csv.printRecord(now, host.id(), host.name(), host.cores(), utilization, vm.id(), vm.name(), vm.qos(),
                            vm.state(), String.format(Locale.ROOT, "%.3f", vm.load()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to the record file " + file + ": " + e.getMessage(), e);
        }
        return view;
    }

    @Override
    public List<Outcome> enact(List<Decision> decisions, Instant now) {
        return delegate.enact(decisions, now);
    }
}
