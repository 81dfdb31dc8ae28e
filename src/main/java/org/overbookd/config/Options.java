package org.overbookd.config;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.overbookd.backend.opennebula.SuspendAction;
import org.overbookd.backend.simulated.ForecastOrigin;
import org.overbookd.backend.simulated.SizeMix;
import org.overbookd.backend.simulated.SyntheticWorkload;
import org.overbookd.backend.simulated.TraceBackground;
import org.overbookd.policy.overbooking.HostOrder;
import org.overbookd.policy.overbooking.Placement;
import org.overbookd.policy.overbooking.QueueRule;
import org.overbookd.policy.overbooking.UtilizationSource;
import org.overbookd.policy.overbooking.VictimRule;

/**
 * The schema: every key overbookd reads, with its type, default, range and meaning. Nothing reads a
 * key that is not declared here; {@link SettingsLoader} rejects keys that are not.
 */
public final class Options {

    private Options() {}

    // ---- where overbookd acts ----------------------------------------------------------------

    /** Which virtual infrastructure manager {@code overbookd run} drives. */
    public enum BackendKind {
        OPENNEBULA,
        SIMULATED
    }

    public static final Option<BackendKind> BACKEND = Option.choice(
            "backend",
            BackendKind.class,
            BackendKind.OPENNEBULA,
            "What 'overbookd run' drives: opennebula over XML-RPC, or simulated, the built-in simulated cluster"
                    + " advancing in real time (for rehearsals without OpenNebula). 'overbookd simulate' always simulates.");
    public static final Option<java.net.URI> ONE_ENDPOINT = Option.url(
            "one.endpoint", "http://localhost:2633/RPC2", "OpenNebula's XML-RPC endpoint (oned), http:// or https://.");
    public static final Option<String> ONE_AUTH_FILE = Option.path(
            "one.auth-file",
            "/var/lib/one/.one/one_auth",
            "File holding the OpenNebula session string user:password. Refused if readable by group or others."
                    + " Its content is never logged.");
    public static final Option<String> ONE_QOS_ATTRIBUTE = Option.string(
            "one.qos-attribute",
            "QOS",
            "USER_TEMPLATE attribute marking low-QoS VMs: a VM is low-QoS when it equals LOW. Every other VM is"
                    + " high-QoS and never acted on.");
    public static final Option<String> ONE_SLO_ATTRIBUTE = Option.string(
            "one.slo-attribute",
            "SLO",
            "USER_TEMPLATE attribute holding a low-QoS VM's availability SLO, a number from 0 to 1 (0.9 or 90%)."
                    + " Missing or unreadable: overbooking.default-slo.");
    public static final Option<Duration> ONE_TIMEOUT = Option.duration(
            "one.timeout",
            Duration.ofSeconds(30),
            Duration.ofSeconds(1),
            Duration.ofMinutes(10),
            "Deadline of each whole XML-RPC call to OpenNebula: connect, send, and read the whole reply. One attempt"
                    + " only: an action whose reply is lost is audited as unknown and settled from the next observation.");
    public static final Option<Duration> ONE_MAX_SAMPLE_AGE = Option.duration(
            "one.max-sample-age",
            Duration.ofMinutes(10),
            Duration.ofSeconds(30),
            Duration.ofDays(1),
            "A host whose last monitoring sample (TIMESTAMP) is older than this is no measurement: it is left out"
                    + " of the step (stale-monitoring). OpenNebula probes hosts every MONITORING_INTERVAL_HOST (180 s by"
                    + " default); keep this above two intervals.");
    public static final Option<Integer> ONE_MAX_REPLY_MIB = Option.integer(
            "one.max-reply-mib",
            256,
            1,
            2047,
            "Largest reply accepted from OpenNebula, in MiB; a larger one, or one that never ends, fails its call as"
                    + " malformed, naming this key. The VM pool of 100,000 generated VMs is 193 MiB; give the JVM a heap of"
                    + " about four times this (the package's 1 GB for 256).");
    public static final Option<SuspendAction> SUSPEND_ACTION = Option.choice(
            "overbooking.suspend-action",
            SuspendAction.class,
            SuspendAction.SUSPEND,
            "How an overbooked VM is taken off its host in OpenNebula: suspend (memory kept on the host, resumes"
                    + " there) or stop (saved to the datastore, host freed, redeployed anywhere).");

    // ---- overbooking (Verboven et al. section 3) --------------------------------------------

    public static final Option<String> POLICY = Option.string(
            "overbooking.policy",
            "overbooking",
            "Which registered policy of the overbooking model the daemon and 'overbookd simulate' run, by name:"
                    + " overbooking (Verboven et al.'s Algorithms 1 and 2, the only one in the tree) or one registered"
                    + " beside it. An unknown name is refused, naming the registered ones. Read at start: a change"
                    + " needs a restart.");
    public static final Option<Double> LOWER_BOUND = Option.decimal(
            "overbooking.lower-bound",
            70,
            0,
            100,
            "A host whose utilization (percent of its physical CPU, overbooked VMs included; on OpenNebula USED_CPU over"
                    + " TOTAL_CPU whatever RESERVED_CPU says) is at or below this may receive"
                    + " one more overbooked low-QoS VM per overbooking step.");
    public static final Option<Double> UPPER_BOUND = Option.decimal(
            "overbooking.upper-bound",
            90,
            0,
            100,
            "A host with overbooked VMs whose utilization is at or above this suspends the overbooked VM added last."
                    + " Must be greater than the lower bound.");
    public static final Option<Integer> SLOTS = Option.integer(
            "overbooking.slots",
            2,
            0,
            64,
            "Overbooked low-QoS VMs allowed on one host at once. 0 turns overbooking off (the paper's baseline).");
    public static final Option<Integer> STICKY_SLOTS = Option.integer(
            "overbooking.sticky-slots",
            0,
            0,
            10_000_000,
            "Overbooked VMs, cluster-wide, that overbookd promises never to take off their host: the ones on their"
                    + " host the longest. Fewer repeated suspensions for more risk above the upper bound. 0: none.");
    public static final Option<HostOrder> HOST_ORDER = Option.choice(
            "overbooking.host-order",
            HostOrder.class,
            HostOrder.LEAST_UTILIZED,
            "Which candidate host the next queued VM gets: least-utilized first, or index (host id) order.");

    public static final Option<QueueRule> QUEUE = Option.choice(
            "overbooking.queue",
            QueueRule.class,
            QueueRule.FIFO,
            "Which queued low-QoS VM goes first: fifo (the paper's: VMs taken off a host, then new ones, by first"
                    + " arrival) or qos (Silva et al.'s QoS metric: the VM closest to violating its availability SLO).");
    public static final Option<VictimRule> VICTIM = Option.choice(
            "overbooking.victim",
            VictimRule.class,
            VictimRule.LAST_ADDED,
            "Which overbooked VM a host at the upper bound gives up: last-added (the paper's) or qos (the one"
                    + " furthest from violating its availability SLO). qos, in either key, makes the OpenNebula backend read"
                    + " each low-QoS VM's whole history (one.vm.info when the pool shows only its last record).");
    public static final Option<Placement> PLACEMENT = Option.choice(
            "overbooking.placement",
            Placement.class,
            Placement.FIRST_FIT,
            "How queued low-QoS VMs of different sizes (TEMPLATE CPU and MEMORY) are matched to hosts at or below the"
                    + " lower bound: first-fit (queue order, each VM the first host it fits) or maxweight (Psychas and"
                    + " Ghaderi: each host a VM of the size a max-weight configuration holds with the longest queue). A VM fits"
                    + " when its memory is free on the host and its CPU at full load keeps the host at or below the upper"
                    + " bound. VMs without a size fit everywhere, as in the paper.");
    public static final Option<Double> DEFAULT_SLO = Option.decimal(
            "overbooking.default-slo",
            0.5,
            0,
            1,
            "Availability SLO (0 to 1) of a low-QoS VM whose USER_TEMPLATE names none (see one.slo-attribute);"
                    + " used by the qos rules. 0.5 is Silva et al.'s lowest class.");
    public static final Option<Duration> ALLOCATION_TIME = Option.duration(
            "overbooking.allocation-time",
            Duration.ofSeconds(30),
            Duration.ZERO,
            Duration.ofHours(1),
            "Silva et al.'s alpha for the qos rules: how long a VM takes to run again once placed (boot or resume).");

    // ---- the utilization the bounds are compared with ----------------------------------------

    public static final Option<UtilizationSource> UTILIZATION_SOURCE = Option.choice(
            "utilization.source",
            UtilizationSource.class,
            UtilizationSource.MEASURED,
            "What the bounds are compared with: measured (the host's last monitoring sample, the paper's), forecast"
                    + " (OpenNebula's short-term forecast of it: USED_CPU_FORECAST over TOTAL_CPU in the host's monitoring,"
                    + " from its prediction probe) or blend (measured x (1 - utilization.forecast-weight) + forecast x the"
                    + " weight, as OneDRS's PREDICTIVE factor blends them). A host without a forecast (or with 0) is judged"
                    + " on its measurement, logged once. The simulator forecasts as OpenNebula's default model does"
                    + " (sim.forecast.*).");
    public static final Option<Double> UTILIZATION_FORECAST_WEIGHT = Option.decimal(
            "utilization.forecast-weight",
            0.5,
            0,
            1,
            "The forecast's share of a blend (utilization.source = blend), 0 to 1: OneDRS's PREDICTIVE."
                    + " 0 is the measurement, 1 the forecast.");

    // ---- live guards against churn ------------------------------------------------------------

    public static final Option<Duration> GUARD_MIN_RUN_TIME = Option.duration(
            "overbooking.guard.min-run-time",
            Duration.ZERO,
            Duration.ZERO,
            Duration.ofDays(1),
            "A low-QoS VM deployed or resumed less than this long ago is not suspended while another VM of its host"
                    + " may be (its placement time is OpenNebula's: its last history record). When its host, above the upper"
                    + " bound, has no other, it is suspended all the same and the audit says the guard yielded. 0s: off.");
    public static final Option<Integer> GUARD_MAX_SUSPENDS_PER_DAY = Option.integer(
            "overbooking.guard.max-suspends-per-day",
            0,
            0,
            10_000,
            "A low-QoS VM that overbookd suspended this many times in the last 24 hours waits in the queue until fewer"
                    + " of its suspensions are that recent, so that it is never suspended more often than this in a day"
                    + " (counted from the audit log, read back at start). 0: off.");
    public static final Option<Integer> GUARD_MAX_ACTIONS_PER_CYCLE = Option.integer(
            "overbooking.guard.max-actions-per-cycle",
            0,
            0,
            100_000,
            "Actions (deploy, resume, suspend) in one cycle at most: once the cycle's suspensions and placements reach"
                    + " it, the other placements wait for the next cycle. Suspensions of hosts above the upper bound are never"
                    + " held back: past the cap the guard yields, and the audit says so. 0: off.");
    public static final Option<Integer> GUARD_MAX_ACTIONS_PER_HOST_HOUR = Option.integer(
            "overbooking.guard.max-actions-per-host-per-hour",
            0,
            0,
            10_000,
            "A host on which overbookd enacted this many actions in the last hour receives no low-QoS VM until it"
                    + " saw fewer (one cycle acts at most once on a host already, so the cap counts a rolling hour). A host"
                    + " above the upper bound is relieved all the same, and the audit says the guard yielded. 0: off.");

    // ---- schedule ---------------------------------------------------------------------------

    public static final Option<Duration> OVERBOOKING_INTERVAL = Option.duration(
            "schedule.overbooking-interval",
            Duration.ofMinutes(5),
            Duration.ofSeconds(1),
            Duration.ofDays(1),
            "Time between overbooking steps (the daemon's Quartz trigger; the simulator's step).");

    // ---- audit ------------------------------------------------------------------------------

    public static final Option<String> AUDIT_FILE = Option.path(
            "audit.file",
            "",
            "JSON-lines file receiving one record per decision and one per outcome, each synced to disk before"
                    + " its action is sent: a cycle whose decisions cannot be written enacts nothing. Empty: no audit log,"
                    + " which 'run' accepts only with backend = simulated or --dry-run.");
    public static final Option<Long> AUDIT_MAX_FILE_SIZE = Option.size(
            "audit.max-file-size",
            100L << 20,
            1L << 10,
            1L << 40,
            "The audit file rolls to NAME.YYYY-MM-DD.N.jsonl before it would grow past this, and at the"
                    + " first record of each UTC day; a record is never split. 'overbookd audit' reads the rolled files too.");
    public static final Option<Integer> AUDIT_MAX_HISTORY = Option.integer(
            "audit.max-history", 90, 0, 100_000, "Rolled audit files kept; the oldest beyond this are deleted.");
    public static final Option<String> RECORD_FILE = Option.path(
            "record.file",
            "",
            "CSV file to which each daemon cycle appends the measured CPU of every host and VM. Empty: no record.");
    public static final Option<Long> RECORD_MAX_FILE_SIZE = Option.size(
            "record.max-file-size",
            100L << 20,
            1L << 10,
            1L << 40,
            "The record file rolls like the audit file: by this size and by UTC day, never"
                    + " splitting a row; each rolled file starts with the CSV header.");
    public static final Option<Integer> RECORD_MAX_HISTORY = Option.integer(
            "record.max-history", 30, 0, 100_000, "Rolled record files kept; the oldest beyond this are deleted.");

    // ---- watching the daemon ----------------------------------------------------------------

    public static final Option<ListenAddress> METRICS_LISTEN = Option.parsed(
            "metrics.listen",
            "address",
            ListenAddress.NONE,
            "empty, or host:port",
            "Where the daemon serves its Prometheus metrics (GET /metrics),"
                    + " such as 127.0.0.1:9464 (Prometheus's default port for it). Empty: no metrics endpoint. An address in"
                    + " use at start is a configuration error.",
            ListenAddress::parse,
            ListenAddress::format);
    public static final Option<String> STATUS_FILE = Option.path(
            "status.file",
            "/var/lib/overbookd/status.json",
            "JSON file the daemon rewrites after every cycle (last cycle, failures, queue, slots), read by"
                    + " 'overbookd status'. Empty: none. A failed write is logged once and never stops a cycle.");

    // ---- high availability: several daemons sharing one schedule on PostgreSQL -------------

    public static final Option<String> HA_JDBC_URL = Option.string(
            "ha.jdbc-url",
            "",
            "PostgreSQL database shared by every overbookd of an HA group, as jdbc:postgresql://HOST:PORT/DB. Set:"
                    + " the daemons share one clustered Quartz schedule there and only the holder of the writer lease acts."
                    + " Empty: a single daemon (the default). It may not carry a password (password=, sslpassword=, or"
                    + " user:password@ before the host): the password goes in ha.password-file.");
    public static final Option<String> HA_USER =
            Option.string("ha.user", "overbookd", "Database user for ha.jdbc-url.");
    public static final Option<String> HA_PASSWORD_FILE = Option.path(
            "ha.password-file",
            "",
            "File holding the password of ha.user (one line). Refused if readable by group or others. Empty: no"
                    + " password (peer or trust authentication).");
    public static final Option<Integer> HA_POOL_SIZE = Option.integer(
            "ha.pool-size",
            4,
            3,
            64,
            "Database connections Quartz may hold (HikariCP pool); the writer lease uses one more of its own.");
    public static final Option<Duration> HA_CHECKIN_INTERVAL = Option.duration(
            "ha.checkin-interval",
            Duration.ofMinutes(2),
            Duration.ofSeconds(3),
            Duration.ofHours(1),
            "Lifetime of the writer lease, renewed every third of it, and Quartz's cluster check-in. A standby takes"
                    + " over at most this plus a sixth of it plus one overbooking step after the writer stops (from 15s up;"
                    + " below, Quartz's fixed 7.5 s grace before it recovers a dead node's step dominates). A cycle enacts"
                    + " N decisions only while the lease has (2N+2) x one.timeout left, so this must be at least"
                    + " 5 x one.timeout: with ha.jdbc-url set, lower one.timeout (5s: up to 11 decisions a step).");
    public static final Option<String> HA_NODE_NAME = Option.string(
            "ha.node-name", "", "This daemon's name in the audit log, the logs and the status. Empty: the host name.");

    // ---- simulated cluster and workload (Verboven et al. section 4.1) -----------------------

    public static final Option<String> SIM_TRACE_FILE = Option.path(
            "sim.trace-file",
            "",
            "A daemon's record.file to replay: its hosts and the measured load of its high-QoS VMs replace the"
                    + " synthetic ones (sim.nodes and sim.cores-per-node are then unused). Set sim.duration to the span"
                    + " recorded. Empty: the synthetic workload.");
    public static final Option<TraceBackground> SIM_TRACE_BACKGROUND = Option.choice(
            "sim.trace-background",
            TraceBackground.class,
            TraceBackground.HIGH_QOS,
            "What a replayed record's hosts carry besides the simulator's low-QoS VMs: high-qos, each recorded high-QoS"
                    + " VM's CPU; host, each host's own host_utilization less sim.low-qos.mu for each low-QoS VM recorded"
                    + " RUNNING on it (the high-QoS VMs and the hypervisor's overhead as the host's samples measured them),"
                    + " replayed sim.monitoring-lag earlier than the cycle that read it, so that the lagged view sees it when"
                    + " the daemon did. On OpenNebula a VM's CPU trails its host's sample by a VM probe period; host replays"
                    + " what the daemon decided on. Needs host_utilization in the record.");
    public static final Option<Integer> SIM_NODES =
            Option.integer("sim.nodes", 50, 1, 1_000_000, "Number of simulated hosts.");
    public static final Option<Integer> SIM_CORES = Option.integer(
            "sim.cores-per-node",
            8,
            1,
            1024,
            "Cores per simulated host; one high-QoS VM is kept on each core at all times.");
    public static final Option<Duration> SIM_DURATION = Option.duration(
            "sim.duration",
            Duration.ofDays(7),
            Duration.ofMinutes(1),
            Duration.ofDays(3660),
            "Simulated time horizon.");
    public static final Option<Long> SIM_SEED = Option.longInteger(
            "sim.seed", 1, "Master seed; every VM derives its own random stream from it and its id.");
    public static final Option<Duration> SIM_OP_COST = Option.duration(
            "sim.vm-operation-cost",
            Duration.ofSeconds(30),
            Duration.ZERO,
            Duration.ofHours(1),
            "Duration of each VM operation (c_b boot, c_p suspend, c_r resume, c_t shutdown); the VM does no work meanwhile.");
    public static final Option<Double> SIM_OP_LOAD = Option.decimal(
            "sim.vm-operation-load",
            0,
            0,
            100,
            "CPU load (percent of one core) a VM puts on its host while an operation on it is in flight.");
    public static final Option<Optional<Duration>> SIM_SUSPEND_COST = optionalDuration(
            "sim.suspend-cost",
            "Duration of a suspension (c_p) in place of sim.vm-operation-cost. Empty: sim.vm-operation-cost, as in the"
                    + " paper. On a real host it grows with the VM's memory: 3-5 s for 96-192 MB under QEMU's emulation here"
                    + " (docs/testing.md, On a real hypervisor); sim/real-hypervisor.properties sets what was measured.");
    public static final Option<Optional<Duration>> SIM_RESUME_COST = optionalDuration(
            "sim.resume-cost",
            "Duration of a resume (c_r) in place of sim.vm-operation-cost. Empty: sim.vm-operation-cost, as in the"
                    + " paper (see sim.suspend-cost).");
    public static final Option<Duration> SIM_MONITORING_LAG = Option.duration(
            "sim.monitoring-lag",
            Duration.ZERO,
            Duration.ZERO,
            Duration.ofHours(1),
            "How old the host utilization the policy sees is: each step reads every host's utilization as of the"
                    + " newest step at least this long ago (the VMs' states are current). 0s: current, as in the paper. On"
                    + " OpenNebula it is the age of the newest host sample: 5 s (median) at a 15 s probe period on the test"
                    + " hypervisor, up to MONITOR_HOST (120 s by default); sim/real-hypervisor.properties sets what was measured.");
    public static final Option<Duration> SIM_LOAD_INTERVAL = Option.duration(
            "sim.load-interval",
            Duration.ofMinutes(5),
            Duration.ofSeconds(1),
            Duration.ofDays(1),
            "How often every VM draws a new load value; loads hold still in between.");
    public static final Option<Duration> SIM_RUNTIME_UNIT = Option.duration(
            "sim.runtime-unit",
            Duration.ofMinutes(30),
            Duration.ofSeconds(1),
            Duration.ofDays(1),
            "Runtimes are whole multiples of this (the paper's 30 minutes, equation 1).");
    public static final Option<Double> SIM_HIGH_RUNTIME_P = Option.decimal(
            "sim.high-qos.runtime-p",
            0.001,
            1e-9,
            1,
            "Geometric parameter p of high-QoS runtimes: Pr[X = k units] = p(1-p)^(k-1).");
    public static final Option<Double> SIM_LOW_RUNTIME_P = Option.decimal(
            "sim.low-qos.runtime-p",
            0.01,
            1e-9,
            1,
            "Geometric parameter p of low-QoS runtimes (active time needed to finish).");
    public static final Option<Double> SIM_HIGH_MU_MEAN = Option.decimal(
            "sim.high-qos.mu-mean",
            75,
            0,
            100,
            "Mean of N(mean, sd) from which each noisy or spiky high-QoS VM draws its own mean load.");
    public static final Option<Double> SIM_HIGH_MU_SD =
            Option.decimal("sim.high-qos.mu-sd", 15, 0, 100, "Standard deviation of that draw.");
    public static final Option<SyntheticWorkload.PatternMix> SIM_HIGH_PATTERNS = Option.choice(
            "sim.high-qos.patterns",
            SyntheticWorkload.PatternMix.class,
            SyntheticWorkload.PatternMix.MIXED,
            "Load patterns of the high-QoS VMs: mixed (the paper's: noisy, spiky and business at equal odds) or one"
                    + " of them for every VM, to see how a policy fares on each (the other draws stay those of the mix).");
    public static final Option<Double> SIM_NOISY_SD =
            Option.decimal("sim.noisy.sd", 15, 0, 100, "Standard deviation of the noisy pattern N(mu, sd).");
    public static final Option<Double> SIM_SPIKY_SD =
            Option.decimal("sim.spiky.sd", 5, 0, 100, "Standard deviation of the spiky pattern's base N(mu, sd).");
    public static final Option<Double> SIM_SPIKE_P =
            Option.decimal("sim.spiky.spike-probability", 0.01, 0, 1, "Chance that a draw outside a spike starts one.");
    public static final Option<Double> SIM_SPIKE_UP_P = Option.decimal(
            "sim.spiky.positive-probability", 0.9, 0, 1, "Chance that a new spike goes up rather than down.");
    public static final Option<Double> SIM_SPIKE_CONTINUE_P =
            Option.decimal("sim.spiky.continue-probability", 0.5, 0, 1, "Chance that a spike lasts one more draw.");
    public static final Option<Double> SIM_SPIKE_HEIGHT = Option.decimal(
            "sim.spiky.spike-height",
            25,
            0,
            100,
            "Height of a spike in percent of one core, added to (or taken from) the base draw. The paper gives none.");
    public static final Option<Double> SIM_BUSINESS_MIN =
            Option.decimal("sim.business.min", 50, 0, 100, "Business pattern: mean load at night and all weekend.");
    public static final Option<Double> SIM_BUSINESS_MAX =
            Option.decimal("sim.business.max", 90, 0, 100, "Business pattern: mean load in business hours.");
    public static final Option<Double> SIM_BUSINESS_SD =
            Option.decimal("sim.business.sd", 5, 0, 100, "Business pattern: standard deviation around the curve.");
    public static final Option<Double> SIM_BUSINESS_LUNCH_DIP = Option.decimal(
            "sim.business.lunch-dip",
            0.25,
            0,
            1,
            "Depth of the 11:30-13:30 lunch dip as a fraction of (max - min). The paper says only 'slight'.");
    public static final Option<Double> SIM_LOW_MU = Option.decimal(
            "sim.low-qos.mu", 90, 0, 100, "Mean load of every low-QoS VM (noisy pattern, CPU-bound batch work).");
    public static final Option<SizeMix> SIM_LOW_SIZES = Option.parsed(
            "sim.low-qos.sizes",
            "size mix",
            SizeMix.NONE,
            "empty, or cores:weight,...",
            "CPU sizes of the simulated low-QoS VMs and their odds, such as 1:0.7,4:0.3;"
                    + " a VM of c cores loads its host c times the one-core load. Empty: VMs have no size (the paper's), for"
                    + " overbooking.placement to match.",
            SizeMix::parse,
            SizeMix::format);
    public static final Option<Duration> SIM_FORECAST_LOOKBACK = Option.duration(
            "sim.forecast.lookback",
            Duration.ofMinutes(60),
            Duration.ofMinutes(1),
            Duration.ofDays(1),
            "The simulator's forecasts (utilization.source forecast or blend): the history OpenNebula's default model"
                    + " (pyoneai's ridge autoregression) fits, as forecast.conf's host lookback (60 minutes), in samples of"
                    + " one overbooking interval. Under 21 samples plus the period the model forecasts the window's mean, as"
                    + " OpenNebula's does; longer windows fit the regression at each step and cost CPU time.");
    public static final Option<Duration> SIM_FORECAST_PERIOD = Option.duration(
            "sim.forecast.period",
            Duration.ofMinutes(5),
            Duration.ofSeconds(1),
            Duration.ofDays(1),
            "The simulator's forecasts: how far ahead, as forecast.conf's host period (5 minutes), in whole"
                    + " overbooking intervals (at least one).");
    public static final Option<ForecastOrigin> SIM_FORECAST_FROM = Option.choice(
            "sim.forecast.from",
            ForecastOrigin.class,
            ForecastOrigin.RECORD,
            "A replayed record's forecasts (utilization.source forecast or blend): record (what the VIM forecast while"
                    + " the daemon recorded, its host_forecast column, less the record's low-QoS VMs' forecasts, plus"
                    + " the model's forecast of the replay's own low-QoS load; a host or cycle without one has none, as"
                    + " the daemon had none) or samples (the model's forecast from the replayed samples, as if the"
                    + " record held no forecast). A host whose record holds no forecast forecasts from its samples.");

    /** Every option, in documentation order. */
    public static final List<Option<?>> ALL = List.of(
            BACKEND,
            ONE_ENDPOINT,
            ONE_AUTH_FILE,
            ONE_QOS_ATTRIBUTE,
            ONE_SLO_ATTRIBUTE,
            ONE_TIMEOUT,
            ONE_MAX_SAMPLE_AGE,
            ONE_MAX_REPLY_MIB,
            POLICY,
            LOWER_BOUND,
            UPPER_BOUND,
            SLOTS,
            STICKY_SLOTS,
            HOST_ORDER,
            QUEUE,
            VICTIM,
            PLACEMENT,
            DEFAULT_SLO,
            ALLOCATION_TIME,
            SUSPEND_ACTION,
            UTILIZATION_SOURCE,
            UTILIZATION_FORECAST_WEIGHT,
            GUARD_MIN_RUN_TIME,
            GUARD_MAX_SUSPENDS_PER_DAY,
            GUARD_MAX_ACTIONS_PER_CYCLE,
            GUARD_MAX_ACTIONS_PER_HOST_HOUR,
            OVERBOOKING_INTERVAL,
            AUDIT_FILE,
            AUDIT_MAX_FILE_SIZE,
            AUDIT_MAX_HISTORY,
            RECORD_FILE,
            RECORD_MAX_FILE_SIZE,
            RECORD_MAX_HISTORY,
            METRICS_LISTEN,
            STATUS_FILE,
            HA_JDBC_URL,
            HA_USER,
            HA_PASSWORD_FILE,
            HA_POOL_SIZE,
            HA_CHECKIN_INTERVAL,
            HA_NODE_NAME,
            SIM_TRACE_FILE,
            SIM_TRACE_BACKGROUND,
            SIM_NODES,
            SIM_CORES,
            SIM_DURATION,
            SIM_SEED,
            SIM_OP_COST,
            SIM_OP_LOAD,
            SIM_SUSPEND_COST,
            SIM_RESUME_COST,
            SIM_MONITORING_LAG,
            SIM_LOAD_INTERVAL,
            SIM_RUNTIME_UNIT,
            SIM_HIGH_RUNTIME_P,
            SIM_LOW_RUNTIME_P,
            SIM_HIGH_MU_MEAN,
            SIM_HIGH_MU_SD,
            SIM_HIGH_PATTERNS,
            SIM_NOISY_SD,
            SIM_SPIKY_SD,
            SIM_SPIKE_P,
            SIM_SPIKE_UP_P,
            SIM_SPIKE_CONTINUE_P,
            SIM_SPIKE_HEIGHT,
            SIM_BUSINESS_MIN,
            SIM_BUSINESS_MAX,
            SIM_BUSINESS_SD,
            SIM_BUSINESS_LUNCH_DIP,
            SIM_LOW_MU,
            SIM_LOW_SIZES,
            SIM_FORECAST_LOOKBACK,
            SIM_FORECAST_PERIOD,
            SIM_FORECAST_FROM);

    /** A duration from 0 s to 1 h, or empty (the option is off and another one stands for it). */
    private static Option<Optional<Duration>> optionalDuration(String key, String doc) {
        Duration max = Duration.ofHours(1);
        return Option.parsed(
                key,
                "duration",
                Optional.empty(),
                "empty, or 0s to 1h",
                doc,
                raw -> {
                    if (raw.isBlank()) {
                        return Optional.empty();
                    }
                    Duration d = Durations.parse(raw.strip());
                    if (d.isNegative() || d.compareTo(max) > 0) {
                        throw new IllegalArgumentException(raw + " is outside 0s to 1h");
                    }
                    return Optional.of(d);
                },
                d -> d.map(Durations::format).orElse(""));
    }

    private static final Map<String, Option<?>> BY_KEY = new LinkedHashMap<>();

    static {
        for (Option<?> option : ALL) {
            if (BY_KEY.put(option.key(), option) != null) {
                throw new IllegalStateException("duplicate option " + option.key());
            }
        }
    }

    /** Keys the daemon applies on the fly when the file changes; the others need a restart. */
    public static final List<Option<?>> RELOADABLE = List.of(
            LOWER_BOUND,
            UPPER_BOUND,
            SLOTS,
            STICKY_SLOTS,
            HOST_ORDER,
            PLACEMENT,
            DEFAULT_SLO,
            ALLOCATION_TIME,
            UTILIZATION_SOURCE,
            UTILIZATION_FORECAST_WEIGHT,
            GUARD_MIN_RUN_TIME,
            GUARD_MAX_SUSPENDS_PER_DAY,
            GUARD_MAX_ACTIONS_PER_CYCLE,
            GUARD_MAX_ACTIONS_PER_HOST_HOUR);

    /** The option with this key, or null. */
    public static Option<?> byKey(String key) {
        return BY_KEY.get(key);
    }
}
