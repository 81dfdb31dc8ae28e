package org.overbookd.daemon;

import java.io.IOException;
import java.nio.file.Path;
import org.overbookd.backend.Backend;
import org.overbookd.config.ConfigException;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.sim.RealTimeSimulatedBackend;
import org.overbookd.sim.SimConfig;
import org.overbookd.sim.InputException;

/** Builds the backend the configuration names, wrapped in the recorder when record.file is set. */
public final class BackendFactory {

    private BackendFactory() {
    }

    private static SimConfig simulated(Settings settings) throws ConfigException {
        try {
            return SimConfig.load(settings);
        } catch (InputException e) {
            throw new ConfigException("", Options.SIM_TRACE_FILE.key(), e.getMessage());
        }
    }

    public static Backend create(Settings settings) throws ConfigException, IOException {
        Backend backend = switch (settings.get(Options.BACKEND)) {
            case SIMULATED -> new RealTimeSimulatedBackend(simulated(settings));
            case OPENNEBULA -> OpenNebulaBackends.create(settings);
        };
        String record = settings.get(Options.RECORD_FILE);
        return record.isEmpty() ? backend : new RecordingBackend(backend, Path.of(record));
    }
}
