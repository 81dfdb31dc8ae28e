package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.overbookd.model.HostLeftOut;
import org.overbookd.model.VmState;

class OneVmStatesTest {

    @ParameterizedTest(name = "STATE {0} LCM {1} -> {2}")
    @CsvSource({
        "1, 0, QUEUED",
        "2, 0, QUEUED",
        "0, 0, QUEUED",
        "3, 3, RUNNING",
        "3, 1, BOOTING",
        "3, 2, BOOTING",
        "3, 4, BOOTING",
        "3, 16, BOOTING",
        "3, 36, BOOTING",
        "3, 69, BOOTING",
        "3, 6, SUSPENDING",
        "3, 5, SUSPENDING",
        "3, 10, SUSPENDING",
        "3, 41, SUSPENDING",
        "3, 9, RESUMING",
        "3, 21, RESUMING",
        "3, 22, RESUMING",
        "3, 48, RESUMING",
        "3, 49, RESUMING",
        "3, 11, TERMINATING",
        "3, 12, TERMINATING",
        "3, 23, TERMINATING",
        "3, 40, TERMINATING",
        "4, 0, SUSPENDED",
        "5, 0, SUSPENDED",
        "6, 0, DONE",
        "7, 0, DONE",
        "8, 0, DONE",
        "9, 0, DONE",
    })
    void mapsOntoTheModel(int state, int lcm, VmState expected) {
        assertEquals(expected, OneVmStates.toModel(state, lcm));
        // A model state in flight is exactly an ACTIVE sub-state other than RUNNING, failures excepted:
        // a failed VM waits for an administrator, nothing is under way.
        assertEquals(expected.isTransient() && !OneVmStates.failed(state, lcm), OneVmStates.inFlight(state, lcm));
    }

    @Test
    void theFailureSubStatesAreFailedAndNotInFlight() {
        // BOOT_FAILURE, PROLOG_FAILURE, EPILOG_FAILURE, EPILOG_STOP_FAILURE, BOOT_STOPPED_FAILURE,
        // PROLOG_RESUME_FAILURE
        for (int lcm : new int[] {36, 39, 40, 41, 48, 49}) {
            assertTrue(OneVmStates.failed(OneVmStates.ACTIVE, lcm), "LCM " + lcm);
            assertFalse(OneVmStates.inFlight(OneVmStates.ACTIVE, lcm), "LCM " + lcm);
        }
        assertFalse(OneVmStates.failed(OneVmStates.ACTIVE, OneVmStates.BOOT));
        assertFalse(OneVmStates.failed(OneVmStates.ACTIVE, OneVmStates.RUNNING));
        assertFalse(OneVmStates.failed(OneVmStates.HOLD, 36), "only inside ACTIVE");
    }

    @Test
    void describesForPeople() {
        assertEquals("ACTIVE/SAVE_SUSPEND", OneVmStates.describe(3, 6));
        assertEquals("ACTIVE/BOOT_STOPPED", OneVmStates.describe(3, 22));
        assertEquals("HOLD", OneVmStates.describe(2, 0));
        assertEquals("ACTIVE/99", OneVmStates.describe(3, 99));
    }

    @Test
    void onlyMonitoredHostsAreUsable() {
        assertNull(OneHostStates.exclusion(OneHostStates.MONITORED));
        assertNull(OneHostStates.exclusion(OneHostStates.MONITORING_MONITORED));
        for (int state : new int[] {0, 3, 4, 5, 6, 7, 8, 42}) {
            assertFalse(OneHostStates.exclusion(state) == null, "state " + state);
        }
        assertEquals(HostLeftOut.DISABLED, OneHostStates.exclusion(OneHostStates.MONITORING_DISABLED));
        assertEquals(HostLeftOut.UNKNOWN_STATE, OneHostStates.exclusion(42));
    }
}
