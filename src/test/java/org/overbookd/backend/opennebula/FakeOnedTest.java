package org.overbookd.backend.opennebula;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** Tests against a fake oned holding the standard world ({@link FakeWorlds}), one per test. */
abstract class FakeOnedTest {

    @TempDir
    Path dir;

    FakeOned one;

    @BeforeEach
    void startFakeOned() throws Exception {
        one = FakeOned.start(TestSessions.SESSION);
        FakeWorlds.standard(one);
    }

    @AfterEach
    void closeFakeOned() {
        one.close();
    }

    OpenNebulaSettings settings(String qosAttribute, Duration timeout, SuspendAction suspendAction) throws Exception {
        return new OpenNebulaSettings(one.endpoint(), TestSessions.authFile(dir), qosAttribute, timeout, suspendAction);
    }

    OpenNebulaBackend backend(Duration timeout, SuspendAction suspendAction) throws Exception {
        return new OpenNebulaBackend(settings("QOS", timeout, suspendAction));
    }

    /** A backend that has observed once, with the observation's calls forgotten. */
    OpenNebulaBackend observed(Duration timeout, SuspendAction suspendAction) throws Exception {
        OpenNebulaBackend backend = backend(timeout, suspendAction);
        backend.observe(Instant.EPOCH);
        one.forgetCalls();
        return backend;
    }
}
