package org.overbookd.daemon;

import org.overbookd.backend.Backend;
import org.overbookd.config.ConfigException;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;

/** Binds the one.* settings to the OpenNebula backend. */
final class OpenNebulaBackends {

    private OpenNebulaBackends() {
    }

    static Backend create(Settings settings) throws ConfigException {
        throw new ConfigException("", Options.BACKEND.key(),
                "the OpenNebula backend is not part of this build yet; use backend = simulated");
    }
}
