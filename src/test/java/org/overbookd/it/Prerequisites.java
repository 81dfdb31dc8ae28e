package org.overbookd.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.overbookd.testing.SharedFiles;

/** What a suite against the real oned needs, checked first: the shared front-end, its runtime, the built jar. */
final class Prerequisites {

    private Prerequisites() {}

    /** one-dummy.sh of the shared folder; skips the suite, saying why, when it or OpenNebula's runtime is missing. */
    static Path oneDummyScript() {
        Path script = SharedFiles.require("opennebula/one-dummy.sh");
        SharedFiles.require("opennebula/opennebula-7.4.0-dummy.tar.xz");
        Assumptions.assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/ruby")),
                "skipped: OpenNebula's runtime packages are missing; run `one-dummy.sh deps` as root (.ci/run does)");
        return script;
    }

    /** target/overbookd.jar, which Maven's verify packages before the suites run. */
    static Path builtJar() {
        Path jar = Path.of("target/overbookd.jar").toAbsolutePath();
        assertTrue(Files.exists(jar), "target/overbookd.jar is missing: run the suite through Maven (verify)");
        return jar;
    }
}
