package org.overbookd.daemon;

import java.nio.file.Path;
import org.overbookd.backend.ActionCheck;
import org.overbookd.backend.Backend;
import org.overbookd.backend.BackendException;
import org.overbookd.backend.opennebula.OpenNebulaBackend;
import org.overbookd.backend.opennebula.OpenNebulaSettings;
import org.overbookd.config.Bindings;
import org.overbookd.config.ConfigException;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;

/** Binds the one.* settings to the OpenNebula backend. */
final class OpenNebulaBackends {

    private OpenNebulaBackends() {
    }

    /**
     * @throws ConfigException naming one.auth-file when the session file is missing, unreadable or
     *                         readable by others: restarting cannot fix that, so it is a configuration error
     * @param beforeEach asked right before each action of a batch (the HA writer lease, or always yes)
     */
    static Backend create(Settings settings, ActionCheck beforeEach) throws ConfigException {
        OpenNebulaSettings one = new OpenNebulaSettings(
                settings.get(Options.ONE_ENDPOINT),
                Path.of(settings.get(Options.ONE_AUTH_FILE)),
                settings.get(Options.ONE_QOS_ATTRIBUTE),
                settings.get(Options.ONE_TIMEOUT),
                settings.get(Options.SUSPEND_ACTION),
                settings.get(Options.ONE_SLO_ATTRIBUTE),
                Bindings.overbooking(settings).needsRunHistory(),
                settings.get(Options.ONE_MAX_SAMPLE_AGE),
                settings.get(Options.ONE_MAX_REPLY_MIB) * 1024L * 1024L);
        try {
            return new OpenNebulaBackend(one, beforeEach);
        } catch (BackendException e) {
            throw new ConfigException("", Options.ONE_AUTH_FILE.key(), e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new ConfigException("", Options.ONE_ENDPOINT.key(), e.getMessage());
        }
    }
}
