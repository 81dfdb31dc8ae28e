package org.overbookd.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.apache.xmlrpc.XmlRpcException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.overbookd.it.OnedEvidence.Call;
import org.overbookd.testing.SharedFiles;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * overbookd as a citizen of a real OpenNebula 7.4 cloud (issue 30, items 2 to 6), on the real oned
 * with dummy drivers, set up as the install guide (docs/operating.md) says, with OpenNebula's own command line:
 * <ul>
 *   <li>the least-privilege account of step 2: its ACL rules are exactly the recipe's, the daemon runs
 *       as that user, and a VM marked low-QoS outside the low-QoS group is refused by oned (0x200) and
 *       audited in words that say so;</li>
 *   <li>step 4's placer and hook: a burst of VMs instantiated from a template marked once is held,
 *       none placed by OpenNebula's scheduler, while high-QoS VMs are placed as usual; a released or
 *       user-resumed low-QoS VM is held again;</li>
 *   <li>restarts with the default 5-minute interval: after a clean stop and after a kill -9, each new
 *       process enacts in its first cycle, and ten restarts leave one heartbeat entry for the node;</li>
 *   <li>kill -HUP reloads and the daemon keeps running;</li>
 *   <li>OneDRS: every VM overbookd placed carries ONEDRS_BLOCKED = "YES", marked by one.vm.update right
 *       before its deploy or resume (oned.log); a cluster set to full automation is warned of at
 *       start; a VM an administrator migrates is followed: its slot moves with it.</li>
 * </ul>
 * Every check is evaluated and printed; the test fails listing those that did not hold.
 */
@Tag("slow")
@Tag("oned")
class CitizenAgainstOnedIT {

    private static final int HOSTS = 3;
    private static final int PER_VM = 150;
    private static final int FILLING = 200; // 25 %: one VM makes 43.75 %, below the lower bound 70
    private static final int CROSSING = 600; // 75 %: above the lower bound; one VM makes 93.75 %, above 90
    private static final int BURST = 20;
    private static final int RESTARTS = 10;

    private OnedFrontEnd one;
    private DummyCluster cluster;
    /** The suite's folder: removed once the suite passes, kept when it fails. */
    @RegisterExtension
    final SuiteFolder folder = new SuiteFolder("overbookd-citizen-");

    private Path work;
    private Path jar;
    private DummyCluster.Groups groups;
    private DummyCluster.User overbookd;
    private int foreignVm;
    private final List<Integer> burst = new ArrayList<>();
    private final List<Integer> highVms = new ArrayList<>();
    private final Checks checks = new Checks();
    private final List<String> figures = new ArrayList<>();
    private final List<DaemonProcess> daemons = new ArrayList<>();
    /** One audit trail for every daemon of the run: cycle numbers go on across the restarts. */
    private Path audit;

    @Test
    void overbookdLivesInARealCloud() throws Exception {
        Path script = SharedFiles.require("opennebula/one-dummy.sh");
        SharedFiles.require("opennebula/opennebula-7.4.0-dummy.tar.xz");
        Assumptions.assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/ruby")),
                "skipped: OpenNebula's runtime packages are missing; run `one-dummy.sh deps` as root (.ci/run does)");
        Assumptions.assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/python3")), "skipped: no python3 for the front-end's scripts");
        jar = Path.of("target/overbookd.jar").toAbsolutePath();
        assertTrue(Files.exists(jar), "target/overbookd.jar is missing: run the suite through Maven (verify)");
        long started = System.nanoTime();
        work = folder.create();
        audit = work.resolve("audit.jsonl");
        one = new OnedFrontEnd(
                script,
                work.resolve("one"),
                Path.of("it/opennebula/host-monitor-probe").toAbsolutePath(),
                OnedPorts.CITIZEN_SUITE);
        cluster = new DummyCluster(one, PER_VM, FILLING);
        ScheduledExecutorService loads = Executors.newSingleThreadScheduledExecutor();
        try {
            Files.createDirectories(work.resolve("one"));
            checks.check(
                    "hosts MONITORED with our probe's samples",
                    cluster.bringUp(HOSTS, loads),
                    "not within " + DummyCluster.MONITORED_WITHIN.toSeconds() + " s");

            leastPrivilegeAccount();
            placerAndHook();
            restartsActAtOnce();
            foreignVmRefused();
            sighupReloads();
            migrationIsFollowed();
            evidence();
        } finally {
            loads.shutdownNow();
            for (DaemonProcess d : daemons) {
                d.stop();
            }
            one.close();
            summary(started);
        }
        checks.failIfAny();
    }

    // ---------------------------------------------------------------- step 2: the account

    private void leastPrivilegeAccount() throws Exception {
        groups = cluster.accountRecipe();
        overbookd = cluster.createUser("overbookd");
        Set<String> rules = new TreeSet<>();
        for (Element acl : DummyCluster.elements(one.xml("one.acl.info"), "ACL")) {
            String rule = OnedEvidence.text(acl, "STRING");
            if (rule.startsWith("@" + groups.overbookd() + " ")) {
                rules.add(rule.replaceFirst(" [#*]\\d*$", "")
                        .replace("@" + groups.overbookd() + " ", "@G ")
                        .replace("@" + groups.lowQos(), "@L"));
            }
        }
        Set<String> expected = new TreeSet<>(List.of(
                "@G HOST/* USE+MANAGE",
                "@G VM/* USE",
                "@G VM/@L MANAGE+ADMIN",
                "@G DATASTORE/* USE",
                "@G CLUSTER/* USE",
                "@G DOCUMENT/* CREATE"));
        check(
                "step 2: overbookd's group has exactly the recipe's ACL rules (and none of the default VDC's)",
                rules.equals(expected),
                "has " + rules + ", expected " + expected);
        Element user = OnedEvidence.parse(one.xml("one.user.info", overbookd.uid(), false))
                .getDocumentElement();
        check(
                "step 2: the user overbookd is not in oneadmin's group",
                OnedEvidence.integer(user, "GID") == groups.overbookd()
                        && !one.xml("one.user.info", overbookd.uid(), false).contains("<GROUPS><ID>0</ID>"),
                "GID " + OnedEvidence.integer(user, "GID"));
        figures.add("account: user overbookd (uid " + overbookd.uid() + ") in group overbookd (" + groups.overbookd()
                + "), low-QoS VMs' group lowqos (" + groups.lowQos() + "), rules " + rules);

        // a VM marked low-QoS in another group than lowqos, on hold, the oldest: overbookd's first choice
        foreignVm =
                (Integer) one.call("one.vm.allocate", "NAME=\"foreign\"\nCPU=\"1\"\nMEMORY=\"128\"\nQOS=\"LOW\"", true);
    }

    // ---------------------------------------------------------------- step 4: placer and hook

    private void placerAndHook() throws Exception {
        InstallGuide guide = InstallGuide.read(InstallGuide.PAGE);
        Path share = Files.createDirectories(work.resolve("share/opennebula"));
        for (String file : List.of("place", "hold-low-qos", "hold-low-qos.hook")) {
            Files.copy(
                    Path.of("conf/opennebula", file),
                    share.resolve(file),
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.COPY_ATTRIBUTES);
        }
        Path hook = share.resolve("hold-low-qos.hook");
        Files.writeString(hook, Files.readString(hook).replace("/usr/share/overbookd/opennebula", share.toString()));
        // the packaged front-end's paths, mapped to the unpacked one; systemctl restart opennebula restarts oned
        String frontEnd = guide.step(4)
                .get(0)
                .replace("/usr/share/overbookd/opennebula", share.toString())
                .replace(
                        "/var/lib/one/remotes",
                        one.install().resolve("var/remotes").toString())
                .replace(
                        "/etc/one/oned.conf",
                        one.install().resolve("etc/oned.conf").toString());
        List<String> lines = frontEnd.lines().toList();
        String beforeRestart = lines.stream()
                .takeWhile(l -> !l.startsWith("systemctl restart opennebula"))
                .collect(Collectors.joining("\n"));
        String afterRestart = lines.stream()
                .dropWhile(l -> !l.startsWith("systemctl restart opennebula"))
                .skip(1)
                .collect(Collectors.joining("\n"));
        one.cli(beforeRestart);
        check(
                "step 4: oned.conf names overbookd's placer",
                Files.readString(one.install().resolve("etc/oned.conf")).contains("-p overbookd-rank -o one_drs"),
                "SCHED_MAD unchanged");
        one.restart();
        one.startHookManager(); // OpenNebula's hook execution manager, as a front-end runs it
        long restarted = Instant.now().getEpochSecond();
        awaitOrFail(
                "hosts MONITORED again after oned's restart",
                DummyCluster.MONITORED_WITHIN,
                () -> cluster.hostsMonitoredSince(restarted));

        // a user of the low-QoS group owns a template and marks it once (step 4's second block)
        String batchPassword = UUID.randomUUID().toString();
        one.call("one.user.allocate", "batch", batchPassword, "core", new Object[] {groups.lowQos()});
        String batchSession = "batch:" + batchPassword;
        Path batchAuth = work.resolve("batch_auth");
        Files.writeString(batchAuth, batchSession + "\n");
        String created = one.cli("onetemplate create --name batch-job --cpu 1 --memory 128", batchAuth);
        int template = Integer.parseInt(created.replaceAll("(?s).*ID: (\\d+).*", "$1"));
        List<String> userBlock = guide.step(4).get(1).lines().toList();
        one.cli(
                userBlock.stream()
                        .filter(l -> !l.startsWith("onetemplate instantiate"))
                        .collect(Collectors.joining("\n")),
                batchAuth);
        int web = (Integer) one.call("one.template.allocate", "NAME=\"web\"\nCPU=\"1\"\nMEMORY=\"128\"");

        // the placer alone, before the hook: a fast burst stays pending through the scheduler's passes, unplaced
        long before = System.nanoTime();
        for (int i = 0; i < BURST; i++) {
            burst.add((Integer) one.callAs(batchSession, "one.template.instantiate", template, "", false, "", false));
        }
        for (int i = 0; i < 3; i++) {
            highVms.add((Integer) one.call("one.template.instantiate", web, "", false, "", false));
        }
        figures.add(String.format(
                "placer alone: %d low-QoS VMs and %d high-QoS instantiated in %.1f s, pending",
                burst.size(), highVms.size(), OnedFrontEnd.since(before).toMillis() / 1000.0));
        awaitOrFail(
                "the high-QoS VMs placed by OpenNebula's scheduler and RUNNING",
                Duration.ofSeconds(60),
                () -> cluster.pool().stream()
                        .filter(vm -> highVms.contains(vm.id()))
                        .allMatch(vm -> vm.lcm() == 3));
        pause(Duration.ofSeconds(15)); // a scheduler window (10 s) more than the high-QoS VMs needed
        check(
                "step 4, placer: " + BURST + " low-QoS VMs pending through the scheduler's passes (" + BURST
                        + " > SCHED_MAX_WND_LENGTH), none placed",
                misplaced(burst, 1).isEmpty(),
                misplaced(burst, 1).toString());
        for (int vm : burst) {
            one.call("one.vm.action", "hold", vm); // pending from before the hook: the administrator holds them
        }

        // the hook, registered as the guide says; then the guide's own instantiate, as a burst
        one.cli(afterRestart);
        String instantiate = userBlock.stream()
                .filter(l -> l.startsWith("onetemplate instantiate"))
                .findFirst()
                .orElseThrow()
                .replaceFirst("\\s+#.*$", "");
        List<Integer> held = vmIds(one.cli(instantiate + " --multiple 10", batchAuth));
        burst.addAll(held);
        pause(Duration.ofSeconds(15));
        check(
                "step 4, placer and hook: the guide's instantiate of the marked template, 10 at once: every VM held,"
                        + " none placed",
                held.size() == 10 && misplaced(held, 2).isEmpty(),
                held + " " + misplaced(held, 2));
        // a user releases one (it goes pending): held again
        int released = held.get(0);
        one.call("one.vm.action", "release", released);
        awaitOrFail(
                "step 4: a released low-QoS VM is held again by the hook",
                Duration.ofSeconds(30),
                () -> vmState(released) == 2);
        pause(Duration.ofSeconds(12));
        check(
                "step 4: the released VM was never placed",
                misplaced(List.of(released), 2).isEmpty(),
                "state " + vmState(released));
    }

    /** The VMs not in {@code state} or with a HISTORY record (placed once). */
    private List<String> misplaced(List<Integer> vms, int state) throws Exception {
        List<String> wrong = new ArrayList<>();
        for (int vm : vms) {
            if (vmState(vm) != state
                    || !OnedEvidence.histories(one.xml("one.vm.info", vm, false))
                            .isEmpty()) {
                wrong.add("VM " + vm + " state " + vmState(vm));
            }
        }
        return wrong;
    }

    // ---------------------------------------------------------------- item 2: restarts

    private void restartsActAtOnce() throws Exception {
        // OneDRS set to act without review on the cluster: the first daemon must say so
        one.call("one.cluster.update", 0, "ONE_DRS = [ POLICY = \"balance\", AUTOMATION = \"full\" ]", 1);
        List<String> notFirst = new ArrayList<>();
        for (int i = 0; i <= RESTARTS; i++) {
            boolean fill = i % 2 == 0;
            setBases(fill ? FILLING : CROSSING);
            awaitQuiet();
            long since = Instant.now().getEpochSecond() + 1;
            awaitOrFail(
                    "restart " + i + ": the new load measured",
                    Duration.ofSeconds(30),
                    () -> cluster.hostsMonitoredSince(since));
            long after = lastCycle();
            DaemonProcess daemon = start("restart-" + i, null, "overbooking.slots = 1");
            Conditions.await(Duration.ofSeconds(60), () -> cycles(daemon) >= 1 || !daemon.alive());
            List<JsonNode> outcomes = outcomes(after).stream()
                    .filter(r -> r.path("cycle").asLong() == after + 1)
                    .toList();
            long ok = outcomes.stream()
                    .filter(r -> "ok".equals(r.path("outcome").asText()))
                    .count();
            long stood = outcomes.stream()
                    .filter(r -> "STOOD_DOWN".equals(r.path("error_code").asText()))
                    .count();
            figures.add("restart " + i + " (" + (fill ? "filling" : "crossing") + ", after a "
                    + (i == 0 ? "fresh start" : i % 3 == 0 ? "kill -9" : "SIGTERM") + "): first cycle "
                    + outcomes.size() + " outcomes, " + ok + " ok, " + stood + " stood down");
            if (ok == 0 || stood > 0) {
                notFirst.add("restart " + i + ": "
                        + outcomes.stream()
                                .map(r -> r.path("action").asText() + " "
                                        + r.path("outcome").asText() + " "
                                        + r.path("error_code").asText(""))
                                .toList());
            }
            if (i == 0) {
                check(
                        "OneDRS: the daemon warns at start of a cluster whose automation is full",
                        daemon.output().contains("OneDRS automation is full on cluster default (id 0)"),
                        daemon.output());
                one.call("one.cluster.update", 0, "ONE_DRS = [ POLICY = \"balance\", AUTOMATION = \"manual\" ]", 1);
            }
            if ((i + 1) % 3 == 0) {
                daemon.kill9(); // a crash: its entry stays on the board, fresh
            } else {
                int code = daemon.stop();
                if (code != 0 || !daemon.output().contains("withdrew this daemon's heartbeat")) {
                    notFirst.add("restart " + i + ": exit " + code + ", withdrew: "
                            + daemon.output().contains("withdrew this daemon's heartbeat"));
                }
            }
        }
        check(
                "restarts (default 5 m interval): each of " + (RESTARTS + 1)
                        + " processes, after a SIGTERM or a kill -9,"
                        + " enacted in its first cycle, never standing down",
                notFirst.isEmpty(),
                String.join("; ", notFirst));
        Map<String, String> board = board();
        List<String> entries =
                board.keySet().stream().filter(k -> k.startsWith("OVERBOOKD_")).toList();
        check(
                "restarts: the heartbeat board holds one entry for the node after " + RESTARTS + " restarts",
                entries.size() == 1,
                board.toString());
        figures.add("heartbeat board after the restarts: " + board);
    }

    /**
     * Least privilege: the VM marked low-QoS outside the low-QoS group, overbookd's first choice in
     * every filling round, was refused by oned (0x200), audited in overbookd's words, never changed;
     * then the administrator deletes it (at the head of the queue it would take the first host's turn
     * in every cycle).
     */
    private void foreignVmRefused() throws Exception {
        List<Call> ours = OnedEvidence.calls(one.install().resolve("var")).stream()
                .filter(c -> c.uid() == overbookd.uid())
                .toList();
        List<JsonNode> outcomes = outcomes(0);
        List<JsonNode> foreign = outcomes.stream()
                .filter(r -> r.path("vm_id").asInt() == foreignVm)
                .toList();
        boolean refusedClearly = !foreign.isEmpty()
                && foreign.stream()
                        .allMatch(r -> "refused".equals(r.path("outcome").asText())
                                && "0x200".equals(r.path("error_code").asText())
                                && r.path("error_message")
                                        .asText()
                                        .startsWith("outside overbookd's rights in OpenNebula: its user may not"
                                                + " do this to VM " + foreignVm));
        check(
                "least privilege: a VM marked low-QoS outside the low-QoS group is refused by oned (0x200) and audited"
                        + " as outside overbookd's rights",
                refusedClearly,
                foreign.stream().map(JsonNode::toString).toList().toString());
        boolean untouched = vmState(foreignVm) == 2
                && OnedEvidence.histories(one.xml("one.vm.info", foreignVm, false))
                        .isEmpty();
        long onedRefusals =
                ours.stream().filter(c -> c.vm() == foreignVm && !c.success()).count();
        check(
                "least privilege: the foreign VM never changed (HOLD, no HISTORY), oned refused each call changing it",
                untouched && onedRefusals >= foreign.size(),
                "state " + vmState(foreignVm) + ", refusals in oned.log " + onedRefusals + ", refused outcomes "
                        + foreign.size());
        if (!foreign.isEmpty()) {
            figures.add("the refusal, audited: "
                    + foreign.get(0).path("error_message").asText());
        }

        cluster.delete(foreignVm);
    }

    // ---------------------------------------------------------------- item 4: SIGHUP

    private void sighupReloads() throws Exception {
        setBases(FILLING);
        DaemonProcess daemon = start("sighup", null, "overbooking.slots = 1");
        awaitOrFail("SIGHUP: the daemon's first cycle", Duration.ofSeconds(60), () -> cycles(daemon) >= 1);
        daemon.signal("HUP");
        awaitOrFail(
                "SIGHUP: the configuration reloaded (logged)",
                Duration.ofSeconds(20),
                () -> output(daemon).contains("reloaded: nothing to apply"));
        pause(Duration.ofSeconds(2));
        check("SIGHUP: the daemon keeps running", daemon.alive(), "it exited " + daemon.output());
        int code = daemon.stop();
        check("SIGHUP: SIGTERM afterwards still stops it with 0", code == 0, "exit " + code);
    }

    // ---------------------------------------------------------------- item 5: a VM moved by someone else

    private void migrationIsFollowed() throws Exception {
        Map<Integer, String> names = cluster.hostNames();
        List<Integer> hosts = new ArrayList<>(names.keySet());
        int a = hosts.get(0);
        int b = hosts.get(1);
        setBases(CROSSING);
        long after = lastCycle();
        DaemonProcess daemon = start("migrate", "2s", "overbooking.slots = 1");
        awaitOrFail(
                "migrate: no low-QoS VM active (all taken off at the upper bound)",
                Duration.ofSeconds(90),
                () -> cluster.noLowActive());
        cluster.setBases(FILLING, CROSSING, CROSSING);
        // the VM seen running may leave before the administrator's call lands (the daemon acts every 2 s):
        // the id is taken from the same pool read that saw it, and a refused migration is tried again
        int moved = -1;
        Instant migrated = null;
        for (int attempt = 1; moved < 0; attempt++) {
            AtomicInteger seen = new AtomicInteger(-1);
            awaitOrFail(
                    "migrate: a low-QoS VM running on " + names.get(a),
                    Duration.ofSeconds(60),
                    () -> cluster.pool().stream()
                            .filter(vm -> vm.low() && vm.activeOn(a) && vm.lcm() == 3)
                            .findFirst()
                            .map(vm -> {
                                seen.set(vm.id());
                                return true;
                            })
                            .orElse(false));
            // the loads stay: the first host's slot is held by the VM, the second has none and is above the
            // lower bound; once the VM lands there, the second is past the upper bound and the first has room
            migrated = Instant.now();
            try {
                one.call("one.vm.migrate", seen.get(), b, false, false, -1, 0); // the administrator moves it
                moved = seen.get();
            } catch (XmlRpcException e) {
                List<String> acts = outcomes(after).stream()
                        .filter(r -> r.path("vm_id").asInt() == seen.get())
                        .map(r -> r.path("action").asText() + " on "
                                + r.path("host_id").asText() + ": "
                                + r.path("outcome").asText())
                        .toList();
                figures.add("migrate: VM " + seen.get() + " left " + names.get(a) + " before it was moved (" + acts
                        + "; " + e.getMessage() + ")");
                if (attempt == 3) {
                    check("migrate: a running low-QoS VM could be moved", false, "3 attempts refused");
                    daemon.stop();
                    return;
                }
            }
        }
        int vmMoved = moved;
        Instant movedAt = migrated;
        awaitOrFail(
                "migrate: VM " + vmMoved + " RUNNING on " + names.get(b),
                Duration.ofSeconds(60),
                () -> cluster.pool().stream().anyMatch(vm -> vm.id() == vmMoved && vm.activeOn(b) && vm.lcm() == 3));
        boolean suspendedThere = Conditions.await(
                Duration.ofSeconds(60),
                () -> outcomes(after).stream()
                        .anyMatch(r -> r.path("vm_id").asInt() == vmMoved
                                && r.path("host_id").asInt() == b
                                && "suspend".equals(r.path("action").asText())
                                && "ok".equals(r.path("outcome").asText())));
        check(
                "migrate: the moved VM's slot moved with it (suspended on " + names.get(b)
                        + " once that host crossed the" + " upper bound)",
                suspendedThere,
                "no suspension of VM " + vmMoved + " on host " + b);
        // the moved VM held the first host's only slot from its last placement there until the migration;
        // the slot is given again when another VM is placed there after that placement. Not compared with
        // the time of the migration call: a record's time is its cycle's, taken before the cycle reads the
        // pool, so a cycle begun just before the call may see the VM gone and refill the slot (under load:
        // a deploy on host1 audited at 19:02:26.296 for a call made after it)
        Instant heldSince = outcomes(after).stream()
                .filter(r -> r.path("vm_id").asInt() == vmMoved
                        && r.path("host_id").asInt() == a
                        && !"suspend".equals(r.path("action").asText())
                        && "ok".equals(r.path("outcome").asText()))
                .map(OnedEvidence::auditTime)
                .reduce((first, second) -> second)
                .orElse(movedAt);
        boolean refilled = Conditions.await(
                Duration.ofSeconds(60),
                () -> outcomes(after).stream()
                        .anyMatch(r -> r.path("host_id").asInt() == a
                                && r.path("vm_id").asInt() != vmMoved
                                && !"suspend".equals(r.path("action").asText())
                                && "ok".equals(r.path("outcome").asText())
                                && OnedEvidence.auditTime(r).isAfter(heldSince)));
        check(
                "migrate: the slot it left on " + names.get(a) + " was given to another VM",
                refilled,
                "nothing placed on host " + a + " after the migration");
        daemon.stop();
    }

    // ---------------------------------------------------------------- the evidence of oned.log and the audits

    private void evidence() throws Exception {
        List<Call> ours = OnedEvidence.calls(one.install().resolve("var")).stream()
                .filter(c -> c.uid() == overbookd.uid())
                .toList();
        // OneDRS: each deploy or resume oned accepted from overbookd followed one.vm.update of that VM
        List<String> unmarked = new ArrayList<>();
        Map<Integer, Instant> lastMark = new TreeMap<>();
        for (Call c : ours) {
            if (c.method().equals("one.vm.update") && c.success()) {
                lastMark.put(c.vm(), c.time());
            } else if (c.acts()
                    && c.success()
                    && (c.verb().equals("deploy") || c.verb().equals("resume"))) {
                Instant marked = lastMark.remove(c.vm());
                if (marked == null || marked.isAfter(c.time())) {
                    unmarked.add(c.verb() + " VM " + c.vm() + " at " + c.time());
                }
            }
        }
        Set<Integer> placedByUs = ours.stream()
                .filter(c -> c.acts()
                        && c.success()
                        && (c.verb().equals("deploy") || c.verb().equals("resume")))
                .map(Call::vm)
                .collect(Collectors.toSet());
        for (int vm : placedByUs) {
            Element user = (Element) OnedEvidence.parse(one.xml("one.vm.info", vm, false))
                    .getDocumentElement()
                    .getElementsByTagName("USER_TEMPLATE")
                    .item(0);
            if (!"YES".equals(OnedEvidence.text(user, "ONEDRS_BLOCKED"))) {
                unmarked.add("VM " + vm + " has no ONEDRS_BLOCKED = YES");
            }
        }
        check(
                "OneDRS: every VM overbookd placed carries ONEDRS_BLOCKED = YES, set right before each deploy or resume"
                        + " (oned.log)",
                unmarked.isEmpty() && !placedByUs.isEmpty(),
                unmarked + " of " + placedByUs.size() + " VMs");
        figures.add("OneDRS mark: " + placedByUs.size() + " VMs placed by overbookd, each marked first");
        boolean clean = daemons.stream()
                .map(CitizenAgainstOnedIT::output)
                .noneMatch(out -> out.contains("\n\tat ") || out.contains(overbookd.password()));
        check("no stack trace nor secret in the daemons' output", clean, "see the daemons' output");
    }

    // ---------------------------------------------------------------- helpers

    /** The daemon as the least-privilege user; null interval: the default, 5 minutes. */
    private DaemonProcess start(String name, String interval, String... extra) throws Exception {
        Path dir = Files.createDirectories(work.resolve("daemon-" + name));
        Path auth = dir.resolve("one_auth");
        Files.writeString(auth, "overbookd:" + overbookd.password() + "\n");
        Files.setPosixFilePermissions(auth, PosixFilePermissions.fromString("rw-------"));
        List<String> lines = new ArrayList<>(List.of(
                "backend = opennebula",
                "one.endpoint = " + one.endpoint(),
                "one.auth-file = " + auth,
                "one.timeout = 10s",
                "overbooking.lower-bound = 70",
                "overbooking.upper-bound = 90",
                "audit.file = " + audit,
                "status.file = " + work.resolve("status.json"),
                "ha.node-name = front1"));
        if (interval != null) {
            lines.add("schedule.overbooking-interval = " + interval);
        }
        lines.addAll(List.of(extra));
        Path config = dir.resolve("overbookd.properties");
        Files.write(config, lines);
        DaemonProcess daemon = DaemonProcess.start(jar, config, dir, "daemon");
        daemons.add(daemon);
        return daemon;
    }

    /** The outcomes audited in cycles after {@code after}. */
    private List<JsonNode> outcomes(long after) {
        try {
            return Files.exists(audit)
                    ? OnedEvidence.audit(audit).stream()
                            .filter(r -> "outcome".equals(r.path("event").asText())
                                    && r.path("cycle").asLong() > after)
                            .toList()
                    : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The last cycle in the trail: the next daemon's first is the one after it. */
    private long lastCycle() {
        try {
            return Files.exists(audit)
                    ? OnedEvidence.audit(audit).stream()
                            .mapToLong(r -> r.path("cycle").asLong())
                            .max()
                            .orElse(0)
                    : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private static List<Integer> vmIds(String cliOutput) {
        return java.util.regex.Pattern.compile("VM ID: (\\d+)")
                .matcher(cliOutput)
                .results()
                .map(m -> Integer.parseInt(m.group(1)))
                .toList();
    }

    /** The board's template as oneadmin sees it: attribute to value. */
    private Map<String, String> board() throws Exception {
        Map<String, String> entries = new TreeMap<>();
        for (Element document : DummyCluster.elements(one.xml("one.documentpool.info", -2, -1, -1, 6815), "DOCUMENT")) {
            Element template =
                    (Element) document.getElementsByTagName("TEMPLATE").item(0);
            for (Node n = template.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e) {
                    entries.put(e.getTagName(), e.getTextContent());
                }
            }
        }
        return entries;
    }

    private int vmState(int vm) {
        try {
            return OnedEvidence.integer(
                    OnedEvidence.parse(one.xml("one.vm.info", vm, false)).getDocumentElement(), "STATE");
        } catch (Exception e) {
            return -1;
        }
    }

    /** Until no low-QoS VM is mid-operation: a restart starts from a settled cluster. */
    private void awaitQuiet() throws InterruptedException {
        Conditions.await(
                Duration.ofSeconds(60),
                () -> cluster.pool().stream().noneMatch(vm -> vm.low() && vm.state() == 3 && vm.lcm() != 3));
    }

    private void setBases(int base) {
        cluster.setBases(base, base, base);
    }

    private static long cycles(DaemonProcess daemon) {
        try {
            return daemon.cyclesLogged();
        } catch (IOException e) {
            return 0;
        }
    }

    private static String output(DaemonProcess daemon) {
        try {
            return daemon.output();
        } catch (IOException e) {
            return "";
        }
    }

    private static void pause(Duration d) throws InterruptedException {
        long end = System.nanoTime() + d.toNanos();
        Conditions.await(d, () -> System.nanoTime() >= end);
    }

    private void awaitOrFail(String what, Duration deadline, BooleanSupplier condition) {
        checks.awaitOrFail(what, deadline, condition);
    }

    private void check(String name, boolean ok, String failure) {
        checks.check(name, ok, failure);
    }

    private void summary(long started) {
        StringBuilder s = new StringBuilder("\n=== overbookd, a citizen of a real oned 7.4 (dummy drivers) ===\n");
        figures.forEach(f -> s.append("  ").append(f).append('\n'));
        cluster.healed().forEach(h -> s.append("  ").append(h).append('\n'));
        checks.print(s);
        s.append(String.format(
                "wall time %d s (evidence in %s)%n", OnedFrontEnd.since(started).toSeconds(), work));
        System.out.println(s);
    }
}
