package org.overbookd.backend.opennebula;

import org.overbookd.model.VmState;

/**
 * OpenNebula's two-level VM state (STATE, and LCM_STATE inside ACTIVE) and how it maps onto
 * {@link VmState}. Values from OpenNebula's VM state reference (vm.xsd points to it).
 *
 * <p>The mapping:
 * <ul>
 *   <li>INIT, PENDING, HOLD, CLONING, CLONING_FAILURE: {@link VmState#QUEUED} (not yet placed);</li>
 *   <li>ACTIVE/RUNNING: {@link VmState#RUNNING}, the only ACTIVE sub-state that is not an
 *       operation in flight;</li>
 *   <li>ACTIVE and saving or leaving for the datastore (SAVE_SUSPEND, SAVE_STOP, EPILOG_STOP and
 *       its failure): {@link VmState#SUSPENDING};</li>
 *   <li>ACTIVE and coming back (PROLOG_RESUME, BOOT_SUSPENDED, BOOT_STOPPED and their failures):
 *       {@link VmState#RESUMING};</li>
 *   <li>ACTIVE and going away (EPILOG, SHUTDOWN*, CLEANUP*, EPILOG_UNDEPLOY and failures):
 *       {@link VmState#TERMINATING};</li>
 *   <li>every other ACTIVE sub-state (PROLOG, BOOT*, migrations, hotplugs, snapshots, backups,
 *       UNKNOWN, failures): {@link VmState#BOOTING}, the VM is on the host but not running its
 *       workload; the host counts as busy, except for a failure ({@link #failed}), which waits
 *       for an administrator;</li>
 *   <li>STOPPED, SUSPENDED: {@link VmState#SUSPENDED} (off its host, waiting);</li>
 *   <li>DONE, FAILED, and POWEROFF/UNDEPLOYED (switched off by someone else; overbookd neither
 *       queues nor resumes them): {@link VmState#DONE}.</li>
 * </ul>
 */
final class OneVmStates {

    static final int INIT = 0;
    static final int PENDING = 1;
    static final int HOLD = 2;
    static final int ACTIVE = 3;
    static final int STOPPED = 4;
    static final int SUSPENDED = 5;
    static final int DONE = 6;
    static final int FAILED = 7;
    static final int POWEROFF = 8;
    static final int UNDEPLOYED = 9;
    static final int CLONING = 10;
    static final int CLONING_FAILURE = 11;

    static final int LCM_INIT = 0;
    static final int PROLOG = 1;
    static final int BOOT = 2;
    static final int RUNNING = 3;
    static final int SAVE_STOP = 5;
    static final int SAVE_SUSPEND = 6;
    static final int PROLOG_RESUME = 9;
    static final int EPILOG_STOP = 10;
    static final int EPILOG = 11;
    static final int SHUTDOWN = 12;
    static final int CLEANUP_RESUBMIT = 15;
    static final int SHUTDOWN_POWEROFF = 18;
    static final int BOOT_SUSPENDED = 21;
    static final int BOOT_STOPPED = 22;
    static final int CLEANUP_DELETE = 23;
    static final int SHUTDOWN_UNDEPLOY = 29;
    static final int EPILOG_UNDEPLOY = 30;
    static final int EPILOG_FAILURE = 40;
    static final int EPILOG_STOP_FAILURE = 41;
    static final int EPILOG_UNDEPLOY_FAILURE = 42;
    static final int BOOT_STOPPED_FAILURE = 48;
    static final int PROLOG_RESUME_FAILURE = 49;

    private static final String[] STATE_NAMES = {
        "INIT",
        "PENDING",
        "HOLD",
        "ACTIVE",
        "STOPPED",
        "SUSPENDED",
        "DONE",
        "FAILED",
        "POWEROFF",
        "UNDEPLOYED",
        "CLONING",
        "CLONING_FAILURE",
    };

    private static final String[] LCM_NAMES = {
        "LCM_INIT",
        "PROLOG",
        "BOOT",
        "RUNNING",
        "MIGRATE",
        "SAVE_STOP",
        "SAVE_SUSPEND",
        "SAVE_MIGRATE",
        "PROLOG_MIGRATE",
        "PROLOG_RESUME",
        "EPILOG_STOP",
        "EPILOG",
        "SHUTDOWN",
        "CANCEL",
        "FAILURE",
        "CLEANUP_RESUBMIT",
        "UNKNOWN",
        "HOTPLUG",
        "SHUTDOWN_POWEROFF",
        "BOOT_UNKNOWN",
        "BOOT_POWEROFF",
        "BOOT_SUSPENDED",
        "BOOT_STOPPED",
        "CLEANUP_DELETE",
        "HOTPLUG_SNAPSHOT",
        "HOTPLUG_NIC",
        "HOTPLUG_SAVEAS",
        "HOTPLUG_SAVEAS_POWEROFF",
        "HOTPLUG_SAVEAS_SUSPENDED",
        "SHUTDOWN_UNDEPLOY",
        "EPILOG_UNDEPLOY",
        "PROLOG_UNDEPLOY",
        "BOOT_UNDEPLOY",
        "HOTPLUG_PROLOG_POWEROFF",
        "HOTPLUG_EPILOG_POWEROFF",
        "BOOT_MIGRATE",
        "BOOT_FAILURE",
        "BOOT_MIGRATE_FAILURE",
        "PROLOG_MIGRATE_FAILURE",
        "PROLOG_FAILURE",
        "EPILOG_FAILURE",
        "EPILOG_STOP_FAILURE",
        "EPILOG_UNDEPLOY_FAILURE",
        "PROLOG_MIGRATE_POWEROFF",
        "PROLOG_MIGRATE_POWEROFF_FAILURE",
        "PROLOG_MIGRATE_SUSPEND",
        "PROLOG_MIGRATE_SUSPEND_FAILURE",
        "BOOT_UNDEPLOY_FAILURE",
        "BOOT_STOPPED_FAILURE",
        "PROLOG_RESUME_FAILURE",
        "PROLOG_UNDEPLOY_FAILURE",
    };

    private OneVmStates() {}

    static VmState toModel(int state, int lcmState) {
        return switch (state) {
            case INIT, PENDING, HOLD, CLONING, CLONING_FAILURE -> VmState.QUEUED;
            case ACTIVE -> activeToModel(lcmState);
            case STOPPED, SUSPENDED -> VmState.SUSPENDED;
            default -> VmState.DONE;
        };
    }

    private static VmState activeToModel(int lcmState) {
        return switch (lcmState) {
            case RUNNING -> VmState.RUNNING;
            case SAVE_SUSPEND, SAVE_STOP, EPILOG_STOP, EPILOG_STOP_FAILURE -> VmState.SUSPENDING;
            case PROLOG_RESUME, BOOT_SUSPENDED, BOOT_STOPPED, BOOT_STOPPED_FAILURE, PROLOG_RESUME_FAILURE ->
                VmState.RESUMING;
            case EPILOG,
                    SHUTDOWN,
                    CLEANUP_RESUBMIT,
                    SHUTDOWN_POWEROFF,
                    CLEANUP_DELETE,
                    SHUTDOWN_UNDEPLOY,
                    EPILOG_UNDEPLOY,
                    EPILOG_FAILURE,
                    EPILOG_UNDEPLOY_FAILURE -> VmState.TERMINATING;
            default -> VmState.BOOTING;
        };
    }

    /**
     * True when the VM keeps its host busy with an operation: any ACTIVE sub-state but RUNNING and
     * the failures. Whatever the VM's QoS, the host then has its single operation slot taken.
     */
    static boolean inFlight(int state, int lcmState) {
        return state == ACTIVE && lcmState != RUNNING && !failed(state, lcmState);
    }

    /**
     * True for an ACTIVE VM whose last operation failed (BOOT_FAILURE, PROLOG_FAILURE,
     * EPILOG_FAILURE and the other *_FAILURE sub-states, and the old FAILURE): nothing is under
     * way and nothing will be until an administrator recovers it ({@code onevm recover}). oned
     * keeps the host's capacity allocated to it meanwhile.
     */
    static boolean failed(int state, int lcmState) {
        return state == ACTIVE
                && lcmState >= 0
                && lcmState < LCM_NAMES.length
                && LCM_NAMES[lcmState].endsWith("FAILURE");
    }

    /** {@code ACTIVE/RUNNING}, {@code HOLD}: for messages people read. */
    static String describe(int state, int lcmState) {
        String name = name(STATE_NAMES, state);
        return state == ACTIVE ? name + "/" + name(LCM_NAMES, lcmState) : name;
    }

    private static String name(String[] names, int value) {
        return value >= 0 && value < names.length ? names[value] : String.valueOf(value);
    }
}
