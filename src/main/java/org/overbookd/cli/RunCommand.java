package org.overbookd.cli;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.overbookd.backend.BackendException;
import org.overbookd.config.Settings;
import org.overbookd.daemon.Daemon;
import org.overbookd.daemon.Service;
import org.overbookd.daemon.ha.DatabaseUnavailableException;
import org.overbookd.loop.CycleFailure;
import org.overbookd.loop.CycleResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "run",
        description = {
            "Run the daemon: the overbooking step every schedule.overbooking-interval against the backend"
                    + " of the configuration (OpenNebula, or the simulated cluster in real time).",
            "SIGTERM or SIGINT lets the cycle under way finish, then exits 0. Bounds and slots are reloaded when"
                    + " the configuration file changes, and on SIGHUP (systemctl reload overbookd)."
        },
        footer = {
            "",
            "Examples:",
            "  overbookd run --config /etc/overbookd/overbookd.properties",
            "  overbookd run --config conf/overbookd.properties --once --dry-run",
            "      # one cycle that decides and audits, enacting nothing"
        })
final class RunCommand extends ChoosesPolicies implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(RunCommand.class);

    @Spec
    CommandSpec spec;

    @Mixin
    ConfigOptions configOptions;

    @Option(
            names = "--once",
            description = "Run one cycle, then exit (73 if the audit log cannot be written, so nothing was"
                    + " enacted; 69 if the cycle failed otherwise: the backend not reached, refusing the session or"
                    + " answering malformed, or its time budget run out before every decision was sent).")
    boolean once;

    @Option(names = "--dry-run", description = "Decide and audit, but enact nothing.")
    boolean dryRun;

    @Override
    public Integer call() throws Exception {
        if (configOptions.config == null) {
            throw new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "Missing required option: '--config=FILE'");
        }
        Signals.Termination termination = once ? null : Signals.Termination.install();
        Signals.Reload reload = once ? null : Signals.Reload.install();
        LOG.info("starting with {}", configOptions.config);
        // overbooking.policy checked with the other keys, naming the line that set it; the service checks it too
        Settings settings = configOptions.load(List.of(), Map.of(), registry()).settings();
        Service assembled;
        try {
            assembled = Service.assemble(
                    settings, configOptions.config, configOptions.overrides, dryRun, Clock.systemUTC(), registry());
        } catch (DatabaseUnavailableException e) {
            spec.commandLine().getErr().println("overbookd: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return ExitCodes.UNAVAILABLE;
        }
        try (Service service = assembled) {
            if (once) {
                if (service.ha() != null) {
                    // in an HA group, one cycle acts only if no other node holds the writer lease
                    service.ha().lease().renew();
                }
                CycleResult result;
                try {
                    result = service.runner().runCycle();
                } catch (BackendException e) {
                    spec.commandLine().getErr().println("overbookd: " + e.getMessage());
                    spec.commandLine().getErr().flush();
                    return ExitCodes.UNAVAILABLE;
                }
                // a cycle that decided but could not do it is no success for a script either
                Optional<CycleFailure> failure = result.failure();
                if (failure.isPresent()) {
                    spec.commandLine()
                            .getErr()
                            .println("overbookd: cycle " + result.cycle() + " failed ("
                                    + failure.get().cause() + "): "
                                    + failure.get().message());
                    spec.commandLine().getErr().flush();
                    // the audit log cannot be written (73); or oned too slow to act within the budget (69)
                    return failure.get().cause().equals(CycleFailure.AUDIT)
                            ? ExitCodes.CANT_CREATE
                            : ExitCodes.UNAVAILABLE;
                }
                return ExitCodes.OK;
            }
            if (termination.requested()) {
                LOG.info("stopped before the first cycle");
                return ExitCodes.OK;
            }
            Daemon daemon = new Daemon(service.runner(), service.interval(), service.ha());
            // under systemd's watchdog, beat at half its period; a standby of an HA group runs no cycle and
            // beats every interval anyway, so that its status file shows it alive
            service.health()
                    .heartbeatInterval()
                    .or(() -> service.ha() == null
                            ? java.util.Optional.empty()
                            : java.util.Optional.of(service.interval()))
                    .ifPresent(every -> daemon.heartbeat(every, service.health()::heartbeat));
            reload.to(service.runner()::reloadNow);
            termination.onRequest(() -> {
                service.health().stopping();
                daemon.stop();
            });
            daemon.run();
            return ExitCodes.OK;
        }
    }
}
