package org.overbookd.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.overbookd.packaging.Deb.assertContains;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The install guide (docs/operating.md), followed command by command by it/package/follow-install-guide.sh in a
 * throwaway root (an overlay of this machine's /): the package installed with apt-get, the session
 * file, the two keys, check-config, the dry run as user overbookd against a stand-in oned, enable;
 * then the installed result checked and the package purged. Needs root and a machine that lets it mount
 * (exit 77 of the script); skipped, saying so, without them.
 */
@Tag("slow")
class PackageInstallIT {

    private static final String SESSION = "overbookd:a-long-random-password";

    /** The guide: the section "Running beside OpenNebula" of docs/operating.md. */
    private static Path guide() {
        return Path.of("docs/operating.md");
    }

    @Test
    void theInstallGuideWorksAsWritten() throws Exception {
        Deb.Result id = Deb.run(Duration.ofSeconds(10), Map.of(), "id", "-u");
        Assumptions.assumeTrue(
                id.output().strip().equals("0"), "the install guide runs as root (mounts an overlay root)");
        Path deb = Deb.built();
        try (CannedOned oned = new CannedOned(SESSION)) {
            Deb.Result r = Deb.run(
                    Duration.ofMinutes(5),
                    Map.of(),
                    "it/package/follow-install-guide.sh",
                    guide().toString(),
                    deb.toAbsolutePath().toString(),
                    oned.endpoint().toString());
            System.out.println(r.output());
            Assumptions.assumeFalse(
                    r.exit() == 77, "no throwaway root here: " + r.output().strip());
            assertEquals(0, r.exit(), r.output());
            assertContains(r.output(), "follow-install-guide.sh: all checks passed");
            assertContains(r.output(), "may keep the heartbeat board");
            assertFalse(r.output().contains("Exception"), r.output());

            List<CannedOned.Call> calls = oned.calls();
            assertFalse(calls.isEmpty(), "the dry run reached oned:\n" + r.output());
            // the session came from /etc/overbookd/one_auth, written by the guide and named by the edited key
            assertTrue(calls.stream().allMatch(c -> c.session().equals(SESSION)), calls.toString());
            // check-config's questions (the account, the heartbeat board's probe), then the dry run's reads
            // (with VM 42 waiting: the datastores and clusters it may be placed with)
            assertEquals(
                    List.of(
                            "one.clusterpool.info",
                            "one.datastorepool.info",
                            "one.document.allocate",
                            "one.document.chmod",
                            "one.document.update",
                            "one.documentpool.info",
                            "one.hostpool.info",
                            "one.hostpool.monitoring",
                            "one.system.version",
                            "one.user.info",
                            "one.vmpool.infoextended",
                            "one.vmpool.monitoring"),
                    calls.stream()
                            .map(CannedOned.Call::method)
                            .distinct()
                            .sorted()
                            .toList());
            // the dry run decided (VM 42 onto host 0), audited it where the package made room, and sent
            // no action (the stand-in would have recorded one.vm.deploy)
            assertTrue(
                    Pattern.compile("(?m)^\\S+Z\\s+1\\s+decision\\s+deploy\\s+42\\s")
                            .matcher(r.output())
                            .find(),
                    r.output());
        }
    }
}
