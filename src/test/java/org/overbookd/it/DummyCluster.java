package org.overbookd.it;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.w3c.dom.Element;

/**
 * The cluster the integration suites build on the real oned: its dummy hosts, one high-QoS VM per
 * host, low-QoS VMs created on hold, OpenNebula users for overbookd, and the measured load. Each
 * host's USED_CPU is a base the suite sets plus {@code perVm} per low-QoS VM active on it, written
 * for our probe by {@link #writeLoads} (run it every few hundred milliseconds), so the daemon's own
 * deployments and suspensions move the load as on a real host.
 */
final class DummyCluster {

    /** A VM of the pool as oned reports it now. */
    record Vm(int id, boolean low, int state, int lcm, int host, long since) {
        boolean activeOn(int h) {
            return state == 3 && host == h;
        }
    }

    /** An OpenNebula user of overbookd's group: oned logs each of its calls with this UID. */
    record User(String name, int uid, String password) {}

    /** The groups the install guide's account recipe makes: overbookd's, and the low-QoS VMs'. */
    record Groups(int overbookd, int lowQos) {}

    private Groups groups;
    private User recipeUser;

    private final OnedFrontEnd one;
    private final int perVm;
    private final int defaultBase;
    private final Map<Integer, String> hostNames = new TreeMap<>();
    private final Map<Integer, Integer> base = new ConcurrentHashMap<>();
    private final List<Integer> highVms = new CopyOnWriteArrayList<>();
    private final List<Integer> lowVms = new CopyOnWriteArrayList<>();
    private final List<String> healed = new CopyOnWriteArrayList<>();
    /** When each host was first seen INIT without a break (System.nanoTime), for {@link #healHosts}. */
    private final Map<Integer, Long> initSince = new ConcurrentHashMap<>();
    /** Hosts {@link #restartMonitoring} set OFFLINE and has not yet enabled (oned did not answer in between). */
    private final Set<Integer> offlineHere = ConcurrentHashMap.newKeySet();

    DummyCluster(OnedFrontEnd one, int perVm, int defaultBase) {
        this.one = one;
        this.perVm = perVm;
        this.defaultBase = defaultBase;
    }

    /** Host id to name, in id order; filled by {@link #readHosts}. */
    Map<Integer, String> hostNames() {
        return hostNames;
    }

    /** Host id to the base USED_CPU the load writer reports under the low-QoS VMs' share. */
    Map<Integer, Integer> base() {
        return base;
    }

    List<Integer> highVms() {
        return highVms;
    }

    List<Integer> lowVms() {
        return lowVms;
    }

    /**
     * How long the suites wait for hosts to be MONITORED with fresh samples: twice the minute that
     * sufficed with one suite at a time. Idle, it takes a few probe periods of 2 s; with two suites side
     * by side beside a build, oned's dummy monitoring lagged (once over 60 s at the end of
     * PlacementAgainstOnedIT). A condition polled, so it costs nothing when it holds sooner.
     */
    static final Duration MONITORED_WITHIN = Duration.ofSeconds(120);

    /**
     * Unpacks and starts the front-end with {@code hosts} dummy hosts, and tends them from {@code loads}
     * from now on ({@link #tend}); whether every host is MONITORED with our probe's samples within
     * {@link #MONITORED_WITHIN}.
     */
    boolean bringUp(int hosts, ScheduledExecutorService loads) throws Exception {
        start(hosts, () -> {});
        tend(loads);
        return Conditions.await(MONITORED_WITHIN, () -> hostsMonitoredSince(0));
    }

    /** What a suite changes in the unpacked front-end before oned starts (its placer, say). */
    interface BeforeStart {
        void run() throws IOException;
    }

    /**
     * Unpacks the front-end, lets {@code beforeStart} change it, starts oned with {@code hosts} dummy
     * hosts and reads them.
     */
    void start(int hosts, BeforeStart beforeStart) throws Exception {
        one.clearDummyActions();
        one.prepare();
        beforeStart.run();
        one.start();
        one.setupHosts(hosts);
        readHosts(hosts);
    }

    /**
     * Writes the hosts' loads every 300 ms from {@code loads} from now on, and restarts the monitoring
     * of a host in ERROR or stuck in INIT, looking every 2 s ({@link #healHosts}).
     */
    void tend(ScheduledExecutorService loads) {
        loads.scheduleWithFixedDelay(this::writeLoads, 0, 300, TimeUnit.MILLISECONDS);
        loads.scheduleWithFixedDelay(this::healHosts, 2, 2, TimeUnit.SECONDS);
    }

    /** Reads oned's hosts; fails unless there are {@code expected}. */
    private void readHosts(int expected) throws Exception {
        for (Element host : elements(one.xml("one.hostpool.info"), "HOST")) {
            hostNames.put(OnedEvidence.integer(host, "ID"), OnedEvidence.text(host, "NAME"));
        }
        if (hostNames.size() != expected) {
            throw new IllegalStateException("expected " + expected + " hosts, oned has " + hostNames);
        }
        for (int h : hostNames.keySet()) {
            base.put(h, defaultBase);
        }
    }

    int firstHost() {
        return hostNames.keySet().iterator().next();
    }

    /** One base per host, in host id order. */
    void setBases(int... values) {
        int i = 0;
        for (int h : hostNames.keySet()) {
            base.put(h, values[i++]);
        }
    }

    /** Each host's USED_CPU = its base + perVm per active low-QoS VM on it; oned down: left as it was. */
    void writeLoads() {
        try {
            List<Vm> vms;
            try {
                vms = pool();
            } catch (RuntimeException e) {
                return; // oned down: the probe keeps reporting the last values
            }
            for (Map.Entry<Integer, String> host : hostNames.entrySet()) {
                long n = vms.stream()
                        .filter(vm -> vm.low() && vm.activeOn(host.getKey()))
                        .count();
                one.setUsedCpu(host.getValue(), base.getOrDefault(host.getKey(), defaultBase) + (int) (perVm * n));
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("load writer: " + e);
        }
    }

    /** A host INIT this long is stuck: oned's restart leaves its hosts INIT for up to a minute here. */
    static final Duration STUCK_IN_INIT = Duration.ofSeconds(90);

    /**
     * Restarts the monitoring of every host oned holds in ERROR, or in INIT for {@link #STUCK_IN_INIT},
     * as an administrator would ({@code onehost forceupdate}: offline, then enabled half a second later),
     * and notes it ({@link #healed}). On a loaded machine the dummy monitoring's start for a host may fail
     * (its client not seen within the driver's 10 s: "Error parsing start message", monitor.log) or a run
     * of our probe may, and oned then keeps the host in ERROR until someone acts; overbookd leaves such a
     * host out of its view meanwhile. Enabling alone once left two hosts INIT for the rest of a suite
     * (monitored, never MONITORED again: the 02:29 CI run's citizen suite), so the monitoring is stopped
     * first. Run beside the loads, every 2 s; a call oned does not answer (stopped, busy) waits for the
     * next round.
     */
    void healHosts() {
        try {
            long now = System.nanoTime();
            for (Element host : elements(one.xml("one.hostpool.info"), "HOST")) {
                int id = OnedEvidence.integer(host, "ID");
                int state = OnedEvidence.integer(host, "STATE");
                if (state == 0) {
                    initSince.putIfAbsent(id, now);
                } else {
                    initSince.remove(id);
                }
                if (state == 8 && offlineHere.contains(id)) {
                    one.call("one.host.status", id, 0); // our restart's enable did not get through: again
                    offlineHere.remove(id);
                    continue;
                }
                String why = state == 3
                        ? "in ERROR"
                        : state == 0 && now - initSince.get(id) >= STUCK_IN_INIT.toNanos()
                                ? "INIT for " + STUCK_IN_INIT.toSeconds() + " s"
                                : null;
                if (why != null) {
                    restartMonitoring(id);
                    initSince.remove(id);
                    healed.add("host " + id + " " + why + " (its dummy monitoring failed: not a fault injected):"
                            + " monitoring restarted (offline, enabled) at " + java.time.Instant.now());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // oned stopped or busy: the next round
        }
    }

    /** What {@code onehost forceupdate} does: the host OFFLINE (its monitoring stops), ENABLED 0.5 s later. */
    void restartMonitoring(int host) throws Exception {
        offlineHere.add(host);
        one.call("one.host.status", host, 2);
        Thread.sleep(500);
        one.call("one.host.status", host, 0);
        offlineHere.remove(host);
    }

    /** What {@link #healHosts} did, in order. */
    List<String> healed() {
        return List.copyOf(healed);
    }

    /** Every host MONITORED (state 2) with a sample taken at or after {@code epoch}. */
    boolean hostsMonitoredSince(long epoch) {
        try {
            for (Element host : elements(one.xml("one.hostpool.info"), "HOST")) {
                if (OnedEvidence.integer(host, "STATE") != 2) {
                    return false;
                }
            }
            List<Element> samples = elements(one.xml("one.hostpool.monitoring", 0), "MONITORING");
            return samples.size() >= hostNames.size()
                    && samples.stream().allMatch(m -> Long.parseLong(OnedEvidence.text(m, "TIMESTAMP")) >= epoch);
        } catch (Exception e) {
            return false;
        }
    }

    /**
     * A user of overbookd's least-privilege group, with a random password: the first call runs the
     * install guide's account recipe (docs/operating.md, step 2: the groups, the ACL rules and the user
     * overbookd) with OpenNebula's own command line; a name other than overbookd is one more user
     * of that group (an HA node of its own).
     */
    User createUser(String name) throws Exception {
        Groups made = accountRecipe();
        if (name.equals("overbookd")) {
            return recipeUser;
        }
        String password = UUID.randomUUID().toString();
        int uid = (Integer) one.call("one.user.allocate", name, password, "core", new Object[] {made.overbookd()});
        return new User(name, uid, password);
    }

    /** Runs the install guide's account recipe once (its first sh block of step 2), the password made up here. */
    Groups accountRecipe() throws Exception {
        if (groups != null) {
            return groups;
        }
        String recipe = InstallGuide.read(InstallGuide.PAGE).step(2).get(0);
        String password = UUID.randomUUID().toString();
        if (!recipe.contains("'a-long-random-password'")) {
            throw new IllegalStateException("the account recipe sets no password to replace:\n" + recipe);
        }
        one.cli(recipe.replace("'a-long-random-password'", "'" + password + "'"));
        Map<String, Integer> byName = new TreeMap<>();
        for (Element group : elements(one.xml("one.grouppool.info"), "GROUP")) {
            byName.put(OnedEvidence.text(group, "NAME"), OnedEvidence.integer(group, "ID"));
        }
        Map<String, Integer> users = new TreeMap<>();
        for (Element user : elements(one.xml("one.userpool.info"), "USER")) {
            users.put(OnedEvidence.text(user, "NAME"), OnedEvidence.integer(user, "ID"));
        }
        groups = new Groups(byName.get("overbookd"), byName.get("lowqos"));
        recipeUser = new User("overbookd", users.get("overbookd"), password);
        return groups;
    }

    /** The virtual CPUs of each high-QoS VM's template: what the daemon's record must give them. */
    static final int HIGH_VCPUS = 2;

    /**
     * One high-QoS VM per host of {@link #HIGH_VCPUS} virtual CPUs, deployed there by the administrator;
     * wait for RUNNING with {@link #pool}.
     */
    void createHighQosVms() throws Exception {
        for (int h : hostNames.keySet()) {
            int id = (Integer) one.call(
                    "one.vm.allocate",
                    "NAME=\"high-" + hostNames.get(h) + "\"\nCPU=\"1\"\nVCPU=\"" + HIGH_VCPUS
                            + "\"\nMEMORY=\"128\"\nQOS=\"HIGH\"",
                    true);
            one.call("one.vm.deploy", id, h, false, -1);
            highVms.add(id);
        }
    }

    /** {@code count} low-QoS VMs on hold in the low-QoS group, SLOs cycling through 0.5, 0.9 and 95%. */
    void createLowQosVms(int count) throws Exception {
        String[] slos = {"0.5", "0.9", "95%"};
        int first = lowVms.size();
        for (int i = 0; i < count; i++) {
            int id = (Integer) one.call(
                    "one.vm.allocate",
                    "NAME=\"low-" + (first + i) + "\"\nCPU=\"1\"\nMEMORY=\"128\"\n" + "QOS=\"LOW\"\nSLO=\""
                            + slos[i % slos.length] + "\"",
                    true);
            one.call("one.vm.chown", id, -1, accountRecipe().lowQos()); // the group overbookd's account may manage
            lowVms.add(id);
        }
    }

    void delete(int vm) throws Exception {
        Object[] reply = one.raw("one.vm.action", "terminate-hard", vm);
        if (!Boolean.TRUE.equals(reply[0])) {
            one.call("one.vm.recover", vm, 3);
        }
    }

    List<Vm> pool() {
        try {
            List<Vm> out = new ArrayList<>();
            for (Element vm : OnedEvidence.vms(one.xml("one.vmpool.infoextended", -2, -1, -1, -1))) {
                int id = OnedEvidence.integer(vm, "ID");
                Element user =
                        (Element) vm.getElementsByTagName("USER_TEMPLATE").item(0);
                boolean low = user != null && "LOW".equals(OnedEvidence.text(user, "QOS"));
                int hid = -1;
                long since = 0;
                var hist = vm.getElementsByTagName("HISTORY");
                if (hist.getLength() > 0) {
                    Element last = (Element) hist.item(hist.getLength() - 1);
                    hid = OnedEvidence.integer(last, "HID");
                    since = Long.parseLong(OnedEvidence.text(last, "STIME"));
                }
                out.add(new Vm(
                        id, low, OnedEvidence.integer(vm, "STATE"), OnedEvidence.integer(vm, "LCM_STATE"), hid, since));
            }
            return out;
        } catch (Exception e) {
            throw new IllegalStateException("vmpool: " + e.getMessage(), e);
        }
    }

    /** Every host holds {@code slots} RUNNING low-QoS VMs. */
    boolean hostsFull(int slots) {
        List<Vm> vms = pool();
        return hostNames.keySet().stream()
                .allMatch(h -> vms.stream()
                                .filter(vm -> vm.low() && vm.activeOn(h) && vm.lcm() == 3)
                                .count()
                        == slots);
    }

    boolean noLowActive() {
        return pool().stream().noneMatch(vm -> vm.low() && vm.state() == 3);
    }

    /** The direct children of the root named {@code tag}. */
    static List<Element> elements(String xml, String tag) {
        var list = OnedEvidence.parse(xml).getDocumentElement().getElementsByTagName(tag);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            if (list.item(i).getParentNode() == list.item(i).getOwnerDocument().getDocumentElement()) {
                out.add((Element) list.item(i));
            }
        }
        return out;
    }
}
