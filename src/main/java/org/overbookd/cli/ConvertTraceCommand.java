package org.overbookd.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.overbookd.backend.simulated.TraceRecords;
import org.overbookd.io.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "convert-trace",
        description = {
            "Write a public trace as a daemon's record, which simulate (--set sim.trace-file=FILE) and tune",
            "(--record FILE) replay: azure-2019 (the VM table and CPU readings; vmcategory is the QoS class),",
            "alibaba-2018 (machines, online containers and their usage) or google-2019 (instance usage)."
        },
        footer = {
            "",
            "Examples:",
            "  overbookd convert-trace azure-2019 --vmtable vmtable.csv.gz \\",
            "      --cpu-readings vm_cpu_readings-file-1-of-195.csv.gz --host-cores 32 \\",
            "      --out azure.csv",
            "  overbookd convert-trace alibaba-2018 --machine-meta machine_meta.csv \\",
            "      --container-meta container_meta.csv \\",
            "      --container-usage container_usage.csv --out alibaba.csv",
            "  overbookd convert-trace google-2019 \\",
            "      --instance-usage instance_usage-000000000000.json.gz \\",
            "      --machine-cores 64 --cores-per-unit 64 --out google.csv",
            "  overbookd tune --record azure.csv --max-degradation 1 --out tune/"
        })
final class ConvertTraceCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FORMAT", description = "azure-2019, alibaba-2018 or google-2019.")
    String format;

    @Option(names = "--vmtable", paramLabel = "FILE", description = "azure-2019: vmtable.csv (.gz).")
    Path vmtable;

    @Option(
            names = "--cpu-readings",
            paramLabel = "FILE",
            split = ",",
            description = "azure-2019: vm_cpu_readings files (.gz), comma-separated.")
    List<Path> cpuReadings;

    @Option(
            names = "--host-cores",
            paramLabel = "N",
            defaultValue = "32",
            description = "azure-2019: the cores of a host the VMs are packed onto (default ${DEFAULT-VALUE}).")
    int hostCores;

    @Option(names = "--machine-meta", paramLabel = "FILE", description = "alibaba-2018: machine_meta.csv.")
    Path machineMeta;

    @Option(names = "--container-meta", paramLabel = "FILE", description = "alibaba-2018: container_meta.csv.")
    Path containerMeta;

    @Option(
            names = "--container-usage",
            paramLabel = "FILE",
            split = ",",
            description = "alibaba-2018: container_usage files, comma-separated.")
    List<Path> containerUsage;

    @Option(
            names = "--instance-usage",
            paramLabel = "FILE",
            split = ",",
            description = "google-2019: instance_usage JSON-lines files (.gz), comma-separated.")
    List<Path> instanceUsage;

    @Option(
            names = "--machine-cores",
            paramLabel = "N",
            defaultValue = "64",
            description =
                    "google-2019: the cores of every machine (the trace normalises them away; default ${DEFAULT-VALUE}).")
    int machineCores;

    @Option(
            names = "--cores-per-unit",
            paramLabel = "C",
            defaultValue = "64",
            description =
                    "google-2019: cores in the trace's normalised CPU unit, its largest machine (default ${DEFAULT-VALUE}).")
    double coresPerUnit;

    @Option(
            names = "--cycle",
            paramLabel = "SECONDS",
            defaultValue = "300",
            description =
                    "alibaba-2018 and google-2019: the record's cycle, samples averaged within it (default ${DEFAULT-VALUE}).")
    long cycle;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The record to write.")
    Path out;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        TraceRecords.Summary summary;
        try {
            Path dir = out.toAbsolutePath().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
            try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
                summary = switch (format) {
                    case "azure-2019" -> {
                        require(
                                vmtable != null && cpuReadings != null,
                                "azure-2019 needs --vmtable and --cpu-readings");
                        atLeast(hostCores, "--host-cores");
                        yield TraceRecords.azure(vmtable, cpuReadings, hostCores, w);
                    }
                    case "alibaba-2018" -> {
                        require(
                                machineMeta != null && containerMeta != null && containerUsage != null,
                                "alibaba-2018 needs --machine-meta, --container-meta and --container-usage");
                        atLeast(cycle, "--cycle");
                        yield TraceRecords.alibaba(machineMeta, containerMeta, containerUsage, cycle, w);
                    }
                    case "google-2019" -> {
                        require(instanceUsage != null, "google-2019 needs --instance-usage");
                        atLeast(machineCores, "--machine-cores");
                        atLeast(cycle, "--cycle");
                        require(coresPerUnit > 0 && Double.isFinite(coresPerUnit), "--cores-per-unit must be positive");
                        yield TraceRecords.google2019(instanceUsage, machineCores, coresPerUnit, cycle, w);
                    }
                    default ->
                        throw new ParameterException(
                                spec.commandLine(),
                                "FORMAT: '" + format + "' is not one of azure-2019, alibaba-2018, google-2019");
                };
            }
        } catch (InputException e) {
            err.println("overbookd: " + e.getMessage());
            err.flush();
            return ExitCodes.of(e);
        } catch (IOException e) {
            err.println("overbookd: " + Main.writeFailure(out, e));
            err.flush();
            return ExitCodes.CANT_CREATE;
        }
        spec.commandLine()
                .getOut()
                .printf(
                        Locale.ROOT,
                        "wrote %s: %d hosts, %d high-QoS and %d low-QoS VMs, %d cycles%s%n",
                        out,
                        summary.hosts(),
                        summary.highVms(),
                        summary.lowVms(),
                        summary.cycles(),
                        summary.skipped() > 0
                                ? " (" + summary.skipped() + " rows left out: see convert-trace --help)"
                                : "");
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }

    private void require(boolean condition, String message) {
        if (!condition) {
            throw new ParameterException(spec.commandLine(), message);
        }
    }

    private void atLeast(long value, String option) {
        require(value >= 1, option + " must be at least 1");
    }
}
