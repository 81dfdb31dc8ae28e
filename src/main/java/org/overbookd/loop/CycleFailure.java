package org.overbookd.loop;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.overbookd.backend.BackendException;

/**
 * Why a cycle failed, as the operator's signals count it (the metrics' {@code cause}, the status
 * file, systemd's status line). A cycle fails when it could not observe (the backend's {@link
 * BackendException.Cause}), or when it observed but did not do what it decided: its decisions could
 * not be audited, so none was enacted ({@link #AUDIT}), or its time budget ran out before all of them
 * were sent ({@link #BUDGET}). A cycle that stood down on purpose (an HA standby, a second daemon) or
 * a dry run has not failed.
 *
 * @param cause   a lower-case label: one of {@link #causes()}
 * @param message what went wrong, in words; never a secret
 */
public record CycleFailure(String cause, String message) {

    /** The audit log could not be written: nothing was enacted. */
    public static final String AUDIT = "audit";
    /** The cycle's time budget ran out: the rest of its decisions were not sent. */
    public static final String BUDGET = "budget";

    public CycleFailure {
        Objects.requireNonNull(cause, "cause");
        Objects.requireNonNull(message, "message");
    }

    /** The cycle could not observe. */
    public static CycleFailure of(BackendException.Cause cause, String message) {
        return new CycleFailure(cause.label(), message);
    }

    /** Every cause label, those of the backend first: the series a dashboard and an alert refer to. */
    public static List<String> causes() {
        List<String> all = new ArrayList<>();
        for (BackendException.Cause c : BackendException.Cause.values()) {
            all.add(c.label());
        }
        all.add(AUDIT);
        all.add(BUDGET);
        return List.copyOf(all);
    }
}
