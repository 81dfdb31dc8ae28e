package org.overbookd.daemon;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.configuration2.io.FileHandler;
import org.apache.commons.configuration2.reloading.FileHandlerReloadingDetector;
import org.overbookd.config.ConfigException;
import org.overbookd.config.Option;
import org.overbookd.config.Options;
import org.overbookd.config.Settings;
import org.overbookd.config.SettingsLoader;
import org.overbookd.loop.CycleListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Notices when the configuration file changes (Commons Configuration's reloading detector, checked
 * once per cycle) and re-validates it; {@link #reload} does the same on request (SIGHUP). Bounds,
 * slots and host order apply at once; other keys are reported as needing a restart; an invalid file
 * is reported and the running settings are kept, so a typo never stops the daemon. Thread-safe: the
 * cycle polls, a signal's thread reloads.
 */
final class SettingsReloader {

    private static final Logger LOG = LoggerFactory.getLogger(SettingsReloader.class);

    private final Path file;
    private final Map<String, String> overrides;
    private final FileHandlerReloadingDetector detector;
    private Settings current;

    SettingsReloader(Path file, Map<String, String> overrides, Settings initial) {
        this.file = file;
        this.overrides = Map.copyOf(overrides);
        this.current = initial;
        FileHandler handler = new FileHandler();
        handler.setFile(file.toFile());
        this.detector = new FileHandlerReloadingDetector(handler, 0);
        detector.refresh();
    }

    /** The settings in force: the initial ones with every reload applied. */
    synchronized Settings current() {
        return current;
    }

    /** The new settings when the file changed to something valid with a reloadable change; else empty. */
    Optional<Settings> poll() {
        return poll(CycleListener.NONE);
    }

    /** {@link #poll()}, telling {@code listener} whether a changed file was accepted. */
    synchronized Optional<Settings> poll(CycleListener listener) {
        if (!detector.isReloadingRequired()) {
            return Optional.empty();
        }
        return reload(listener);
    }

    Path file() {
        return file;
    }

    /**
     * Reads the file again whether or not it changed, as a change would (SIGHUP): the new settings
     * when valid with a reloadable change; else empty, with the reason logged.
     */
    synchronized Optional<Settings> reload(CycleListener listener) {
        detector.reloadingPerformed();
        Settings next;
        try {
            next = new SettingsLoader().load(file, overrides).settings();
        } catch (ConfigException e) {
            LOG.error("{} changed but is not valid; keeping the running settings:", file);
            e.problems().forEach(p -> LOG.error("  {}", p));
            listener.reloaded(false);
            return Optional.empty();
        }
        List<String> applied = new ArrayList<>();
        List<String> needRestart = new ArrayList<>();
        for (Option<?> option : Options.ALL) {
            String before = current.formatted(option);
            String after = next.formatted(option);
            if (!before.equals(after)) {
                (Options.RELOADABLE.contains(option) ? applied : needRestart)
                        .add(option.key() + " " + before + " -> " + after);
            }
        }
        if (!needRestart.isEmpty()) {
            LOG.warn("{} changed keys that take effect only after a restart: {}", file, String.join(", ", needRestart));
        }
        listener.reloaded(true);
        if (applied.isEmpty()) {
            return Optional.empty();
        }
        LOG.info("{} reloaded: {}", file, String.join(", ", applied));
        Settings merged = current;
        for (Option<?> option : Options.RELOADABLE) {
            merged = copy(merged, next, option);
        }
        current = merged;
        return Optional.of(merged);
    }

    private static <T> Settings copy(Settings into, Settings from, Option<T> option) {
        return into.with(option, from.get(option));
    }
}
