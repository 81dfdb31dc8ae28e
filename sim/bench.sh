#!/usr/bin/env bash
# Benchmarks of overbookd; numbers go into release notes, never into tests.
#
#   sim/bench.sh sweep [RUNS]   tables 1-3 sweep, cold JVM each time, RUNS times (default 5): median wall and CPU
#                               time of plain `java -jar`, then of the launcher src/deb/overbookd with its
#                               class-data archive (made first by `--make-class-archive`, as the package does)
#   sim/bench.sh sweep-long [RUNS]  the same grid, 200 hosts for two weeks (runs 16 times longer), through the launcher
#                               with its class-data archive, RUNS times (default 3), alternating with HotSpot's default
#                               C2 thresholds (JAVA_OPTS) and the launcher's own for a sweep: median wall and CPU time
#   sim/bench.sh scale [RUNS]   12,500 hosts x 29 days (sim/scale-google-cell.properties), RUNS times (default 3), through
#                               the launcher src/deb/overbookd (the parallel collector, as `overbookd simulate` runs):
#                               median wall and CPU time and peak RSS, under -Xmx4g; beside it the CPU cost of one
#                               clipped Gaussian draw (DrawCostBenchmark), measured first, and the run's CPU per
#                               VM-step as a multiple of it (CPU over CPU, both from this run of the script);
#                               first a line on the machine's CPU and caches (lscpu), on which that multiple
#                               depends: 2.5 where the cell fits in a 260 MB L3, 5.6-6.4 with 32 MB
#   sim/bench.sh scale-large [HOSTS] [RUNS]  the 12,500-host cell and HOSTS (default 125,000) x 29 days, in RUNS
#                               (default 3) alternating pairs, as installed under -Xmx4g: each run's CPU per VM-step
#                               against the draw's CPU, each pair's ratio, and the large runs' median CPU as a
#                               multiple of the small runs' median; the md5 of each run's summary.csv
#   sim/bench.sh draw           ns of CPU per VM-step of the load draw sweep alone (12,500 octacore hosts, 1 and 2
#                               threads; the process's CPU) against a bare clipped Gaussian's CPU, and their ratio
#   sim/bench.sh events         the engine's event queue: ns per add+remove, the binary heap before issue 15 and
#                               the 4-ary one now, 125,000 pending events in the Google-cell mix (EventQueueBenchmark)
#   sim/bench.sh jmh            JMH: one overbooking step over 12,500 hosts: the general path on a frozen view
#                               (the daemon's), the simulator's world through its indexes, and the same world
#                               behind a plain view
#   sim/bench.sh one [RUNS]     parse a generated OpenNebula pool of 10,000 hosts and 100,000 VMs and decide, with the
#                               daemon's JVM options (init/overbookd.default's JAVA_OPTS: a 1 GB heap, the parallel collector),
#                               in RUNS fresh JVMs (default 3): each one's first (cold) parse and decision and the
#                               medians of its later ones, then the median cold parse and decision of the RUNS
#   sim/bench.sh xml [RUNS]     the VM pool parser on overbookd's XML scanner against the same parser on Woodstox,
#                               hardened, each in fresh JVMs (RUNS each, alternating, default 1): the generated
#                               100,000-VM pool (cold, warm), then hostile documents: 4,096 to 262,144 USER_TEMPLATE
#                               names of one String.hashCode against as many of distinct hashes, QOS values of one
#                               hash over 131,072 VMs, nesting 1,000,000 deep, 131,072 attributes; thread CPU time
#   sim/bench.sh one-requirements [RUNS]  the same pool with OpenNebula 7's requirements (the automatic one on every
#                               VM, four of owners' on low-QoS VMs) and the datastore and cluster pools: the parse includes
#                               where each queued VM may go, as the daemon's observation does
#   sim/bench.sh slots [RUNS]   the slot model's default built-in scenario (steady, about 71,000 tasks, 15 h,
#                               125 servers), each of HYBRID, PRI and PRI-N, cold JVM each time, RUNS times
#                               (default 3): median wall time
#   sim/bench.sh pass [JMH OPTIONS]  JMH: one QoS-driven / priority scheduling pass, 12,500 hosts, 150,000 running, 5,000 pending
#   sim/bench.sh pass-cpu [WARMUPS] [PASSES]  the exact QoS-driven pass of the same benchmark (default 2 warm-up passes, then
#                               5), each timed by the process's CPU and the wall clock (SchedulingPassCpu): medians and ranges
#   sim/bench.sh month [RUNS] [UNTIL_S]  a month of generated Google-cell load (12,500 hosts, ~25 million requests),
#                               QoS-driven, --hosts-to-score 10 --failures-in-a-row 20, through the launcher under
#                               -Xmx6g, RUNS times (default 1), or its first UNTIL_S seconds: median wall and CPU time
#                               and peak RSS, classes.csv, and the md5 of the four result files
#   sim/bench.sh maxweight [RUNS]  Example 2 of Psychas and Ghaderi for 10 million arrivals (Algorithm 1), RUNS times
#                               (default 3): median wall time; then JMH: one r-max configuration, 8 VM types
#   sim/bench.sh tune [RUNS]    a week of 50 octacore hosts recorded by the daemon's own recorder (the test helper
#                               DaemonRecord: the simulated backend, 5-minute cycles), then 'tune --max-degradation 1
#                               --threads 2' with the default grid (42 configurations and the baseline x 3 seeds =
#                               129 replays), cold JVM each time, RUNS times (default 3): median wall time
#   sim/bench.sh all
#
# Builds the jar and test classes first. Run on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."

# Every temporary file and folder the benchmarks make is listed here and removed at the exit, an
# interrupted run's too: a month's requests.csv alone is 1.7 GB, which a stopped run left behind.
temporaries=()
trap 'rm -rf "${temporaries[@]}"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

build() {
    mvn -B -q package -DskipTests -Djacoco.skip=true
}

median() {
    sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

timed_runs() { # name runs command...  (sets MEDIAN_WALL and MEDIAN_CPU; the last run's stdout goes to $TIMED_STDOUT if set)
    local name=$1 runs=$2
    shift 2
    local times=() rss=() cpus=() i
    for i in $(seq "$runs"); do
        local out
        out=$(mktemp)
        temporaries+=("$out")
        /usr/bin/time -f "%e %M %U %S" -o "$out" "$@" > "${TIMED_STDOUT:-/dev/null}" 2>/dev/null
        read -r t m u s < "$out"
        rm -f "$out"
        local cpu
        cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }')
        echo "  $name run $i: ${t} s wall, ${cpu} s CPU, $((m / 1024)) MB peak RSS" >&2
        times+=("$t")
        rss+=("$m")
        cpus+=("$cpu")
    done
    local mr
    MEDIAN_WALL=$(printf '%s\n' "${times[@]}" | median)
    MEDIAN_CPU=$(printf '%s\n' "${cpus[@]}" | median)
    mr=$(printf '%s\n' "${rss[@]}" | median)
    echo "$name: median ${MEDIAN_WALL} s wall, ${MEDIAN_CPU} s CPU, median peak RSS $((${mr%.*} / 1024)) MB over $runs runs"
}

sweep() {
    local out archive
    out=$(mktemp -d)
    temporaries+=("$out")
    timed_runs "tables 1-3 sweep (36 runs, --threads 2), java -jar" "${1:-5}" \
        java -jar target/overbookd.jar sweep --config sim/verboven-tables.properties --out "$out" --threads 2
    # the same through the package's launcher with its class-data archive, made first for this jar
    # (the archive is made once per jar; its training sweep is not timed)
    archive=$(OVERBOOKD_JAR=target/overbookd.jar src/deb/overbookd --make-class-archive)
    echo "  ${archive#overbookd: }" >&2
    timed_runs "tables 1-3 sweep (36 runs, --threads 2), launcher with class-data archive" "${1:-5}" \
        env OVERBOOKD_JAR=target/overbookd.jar src/deb/overbookd \
        sweep --config sim/verboven-tables.properties --out "$out" --threads 2
    rm -rf "$out"
}

# HotSpot's own thresholds from tier 3 (C1) to tier 4 (C2), which JAVA_OPTS restores for a sweep
# (the launcher raises them a hundredfold for one)
HOTSPOT_TIER4="-XX:Tier4InvocationThreshold=5000 -XX:Tier4MinInvocationThreshold=600 -XX:Tier4CompileThreshold=15000 -XX:Tier4BackEdgeThreshold=40000"

sweep_long() {
    local out config archive default=() raised=()
    out=$(mktemp -d)
    temporaries+=("$out")
    config=$out/long.properties
    sed 's/^sim\.seed = 1$/sim.seed = 1\nsim.nodes = 200\nsim.duration = 14d/' sim/verboven-tables.properties > "$config"
    archive=$(OVERBOOKD_JAR=target/overbookd.jar src/deb/overbookd --make-class-archive)
    echo "  ${archive#overbookd: }" >&2
    # alternating, so that a change in the machine's load falls on both alike
    for i in $(seq "${1:-3}"); do
        timed_runs "long sweep (36 runs of 200 hosts x 14 d), launcher, HotSpot's C2 thresholds" 1 \
            env OVERBOOKD_JAR=target/overbookd.jar JAVA_OPTS="$HOTSPOT_TIER4" src/deb/overbookd \
            sweep --config "$config" --out "$out/a" --threads 2 > /dev/null
        default+=("$MEDIAN_WALL $MEDIAN_CPU")
        timed_runs "long sweep (36 runs of 200 hosts x 14 d), launcher, its C2 thresholds for a sweep" 1 \
            env OVERBOOKD_JAR=target/overbookd.jar src/deb/overbookd \
            sweep --config "$config" --out "$out/b" --threads 2 > /dev/null
        raised+=("$MEDIAN_WALL $MEDIAN_CPU")
    done
    echo "long sweep, HotSpot's C2 thresholds: median $(printf '%s\n' "${default[@]}" | cut -d' ' -f1 | median) s wall," \
        "$(printf '%s\n' "${default[@]}" | cut -d' ' -f2 | median) s CPU over ${1:-3} runs"
    echo "long sweep, the launcher's thresholds: median $(printf '%s\n' "${raised[@]}" | cut -d' ' -f1 | median) s wall," \
        "$(printf '%s\n' "${raised[@]}" | cut -d' ' -f2 | median) s CPU over ${1:-3} runs"
    rm -rf "$out"
}

machine() { # one line on the CPU and its caches: a ratio to the draw depends on them (docs/performance.md)
    if command -v lscpu > /dev/null; then
        LC_ALL=C lscpu | awk -F': *' '
            /^Model name/ { model = $2 } /^CPU\(s\)/ { cpus = $2 } /^L2 cache/ { l2 = $2 } /^L3 cache/ { l3 = $2 }
            END { printf "machine: %s, %s CPUs, L2 %s, L3 %s\n", model, cpus, l2, l3 }'
    fi
}

draw_cost() { # the floor: what one clipped Gaussian draw costs on this machine now, in CPU (sets DRAW)
    local cp
    machine
    cp=$(test_classpath)
    java -cp "$cp" org.overbookd.backend.simulated.DrawCostBenchmark | tee target/draw-cost.txt
    DRAW=$(awk '/one stream/ { print $3 }' target/draw-cost.txt)
}

per_vm_step() { # summary-stdout cpu-seconds wall-seconds: the run's CPU per VM-step against the draw's CPU ($DRAW)
    # VM-steps: every running VM draws once per 5-minute step, so they are the VM-hours that ran
    # (high-QoS hours + overbooked hours) times 12. Both CPU times: the run's (/usr/bin/time, user +
    # system, every thread of the JVM) and the draw's (its thread's), measured in the same run of
    # this script, so that the ratio holds on a loaded machine, where wall time would not.
    awk -v cpu="$2" -v wall="$3" -v draw="$DRAW" '
        /high-QoS hours/ { high = $3 } /overbooked hours/ { low = $3 }
        END {
            steps = (high + low) * 12
            printf "VM-steps: %.3g; CPU %.2f ns per VM-step = %.2f x the draw (%.2f ns CPU per clipped Gaussian, this run);" \
                " wall %.2f ns per VM-step\n", steps, cpu * 1e9 / steps, cpu * 1e9 / steps / draw, draw, wall * 1e9 / steps
            printf "the draws alone: %.1f s of CPU; the run: %.1f s of CPU\n", steps * draw / 1e9, cpu
        }' "$1"
}

scale() {
    local summary archive out
    draw_cost
    summary=$(mktemp)
    temporaries+=("$summary")
    out=$(mktemp -d)
    temporaries+=("$out")
    # through the package's launcher, as an installed `overbookd simulate` runs: the parallel collector,
    # and the class-data archive the package's postinst makes (made here for this jar first, untimed);
    # then without the archive, as a clone's launcher runs before --make-class-archive
    archive=$(OVERBOOKD_JAR=target/overbookd.jar src/deb/overbookd --make-class-archive)
    echo "  ${archive#overbookd: }" >&2
    timed_runs "scale 12,500 hosts x 29 d (overbookd simulate, -Xmx4g, --threads 2), no class-data archive" "${1:-3}" \
        env JAVA_OPTS=-Xmx4g OVERBOOKD_JAR="$PWD/target/overbookd.jar" OVERBOOKD_CLASS_ARCHIVE= \
        src/deb/overbookd simulate --config sim/scale-google-cell.properties --threads 2
    TIMED_STDOUT=$summary timed_runs "scale 12,500 hosts x 29 d (overbookd simulate, -Xmx4g, --threads 2), as installed" "${1:-3}" \
        env JAVA_OPTS=-Xmx4g OVERBOOKD_JAR="$PWD/target/overbookd.jar" \
        src/deb/overbookd simulate --config sim/scale-google-cell.properties --threads 2 --out "$out"
    per_vm_step "$summary" "$MEDIAN_CPU" "$MEDIAN_WALL"
    echo "summary.csv md5 $(md5sum < "$out/summary.csv" | cut -d' ' -f1)"
    rm -rf "$summary" "$out"
}

scale_large() { # [HOSTS] [RUNS]: HOSTS (default 125,000) x 29 d against the 12,500-host cell, as installed, -Xmx4g
    # RUNS (default 3) alternating pairs, small run first: one run of the small cell varies by +-10 % on this
    # machine, more than the margin the ratio is judged by, so each pair gives a ratio and the medians give one
    local hosts=${1:-125000} runs=${2:-3} summary out archive smalls=() larges=() ratios=() small big i
    draw_cost
    summary=$(mktemp)
    temporaries+=("$summary")
    out=$(mktemp -d)
    temporaries+=("$out")
    archive=$(OVERBOOKD_JAR=target/overbookd.jar src/deb/overbookd --make-class-archive)
    echo "  ${archive#overbookd: }" >&2
    for i in $(seq "$runs"); do
        TIMED_STDOUT=$summary timed_runs "pair $i: scale 12,500 hosts x 29 d (-Xmx4g, --threads 2)" 1 \
            env JAVA_OPTS=-Xmx4g OVERBOOKD_JAR="$PWD/target/overbookd.jar" \
            src/deb/overbookd simulate --config sim/scale-google-cell.properties --threads 2 --out "$out"
        per_vm_step "$summary" "$MEDIAN_CPU" "$MEDIAN_WALL"
        echo "summary.csv md5 $(md5sum < "$out/summary.csv" | cut -d' ' -f1)"
        small=$MEDIAN_CPU
        # a heap of at most 4 GB: with -Xmx4g a run that needed more would stop with exit 70 (out of memory)
        TIMED_STDOUT=$summary timed_runs "pair $i: scale $hosts hosts x 29 d (-Xmx4g, --threads 2)" 1 \
            env JAVA_OPTS=-Xmx4g OVERBOOKD_JAR="$PWD/target/overbookd.jar" \
            src/deb/overbookd simulate --config sim/scale-google-cell.properties --set sim.nodes="$hosts" --threads 2 --out "$out"
        per_vm_step "$summary" "$MEDIAN_CPU" "$MEDIAN_WALL"
        echo "summary.csv md5 $(md5sum < "$out/summary.csv" | cut -d' ' -f1)"
        big=$MEDIAN_CPU
        smalls+=("$small")
        larges+=("$big")
        ratios+=("$(awk -v b="$big" -v s="$small" 'BEGIN { printf "%.3f", b / s }')")
        echo "pair $i: $hosts hosts ${big} s CPU, 12,500 hosts ${small} s CPU: ${ratios[-1]} x"
    done
    small=$(printf '%s\n' "${smalls[@]}" | median)
    big=$(printf '%s\n' "${larges[@]}" | median)
    awk -v big="$big" -v small="$small" -v hosts="$hosts" -v runs="$runs" \
        -v pairs="$(printf '%s\n' "${ratios[@]}" | median)" \
        'BEGIN { printf "%d hosts: %.2f x the CPU of 12,500 hosts (medians of %d runs each: %.2f s against %.2f s; median of the pairs'"'"' ratios %.2f), within a heap of 4 GB\n", hosts, big / small, runs, big, small, pairs }'
    rm -rf "$summary" "$out"
}

slots() {
    local out
    out=$(mktemp -d)
    temporaries+=("$out")
    for policy in hybrid pri pri-n; do
        timed_runs "slot model, built-in steady scenario, $policy" "${1:-3}" \
            java -jar target/overbookd.jar simulate --model slots --policy "$policy" --out "$out"
    done
    rm -rf "$out"
}

test_classpath() { # compiles the tests and prints the classpath that runs them
    mvn -B -q test-compile dependency:build-classpath -Dmdep.outputFile=target/test-classpath.txt \
        -Dmdep.includeScope=test -Djacoco.skip=true >&2
    echo "target/test-classes:target/classes:$(cat target/test-classpath.txt)"
}

jmh_run() { # benchmark-class result-file [JMH options]
    local bench=$1 result=$2 cp
    shift 2
    cp=$(test_classpath)
    java -cp "$cp" org.openjdk.jmh.Main "$bench" "$@" -rf text -rff "$result"
}

jmh() {
    jmh_run OverbookingStepBenchmark target/jmh-overbooking-step.txt
}

pass() {
    jmh_run SchedulingPassBenchmark target/jmh-scheduling-pass.txt "$@"
}

pass_cpu() {
    local cp
    cp=$(test_classpath)
    java -Xmx2g -cp "$cp" org.overbookd.bench.SchedulingPassCpu "${1:-2}" "${2:-5}"
}

month() {
    local out until=()
    out=$(mktemp -d)
    temporaries+=("$out")
    [ -n "${2:-}" ] && until=(--until "$2")
    # through the package's launcher, as an installed `overbookd simulate` runs (the parallel collector)
    timed_runs "generated Google-cell month${2:+ (first $2 s)}, QoS-driven, N = 10, K = 20 (-Xmx6g)" "${1:-1}" \
        env JAVA_OPTS=-Xmx6g OVERBOOKD_JAR="$PWD/target/overbookd.jar" \
        src/deb/overbookd simulate --model requests --policy qos --workload generated:google-month \
        --hosts-to-score 10 --failures-in-a-row 20 "${until[@]}" --out "$out"
    cat "$out/classes.csv"
    (cd "$out" && md5sum classes.csv intervals.csv penalties.csv requests.csv)
    rm -rf "$out"
}

maxweight() {
    local out
    out=$(mktemp -d)
    temporaries+=("$out")
    # 10 million arrivals at 4 x 0.89 per unit of time: horizon 2,808,990 (10,004,331 arrivals for seed 1)
    timed_runs "Example 2, 10 million arrivals, maxweight" "${1:-3}" \
        java -jar target/overbookd.jar simulate --model types --scenario example2 --policy maxweight \
        --horizon 2808990 --out "$out"
    rm -rf "$out"
    jmh_run MaxWeightConfigurationBenchmark target/jmh-maxweight-configuration.txt
}

one() {
    # $2 = requirements: the pool carries OpenNebula 7's requirements and the parse matches the queue
    local cp log opts args=()
    [ "${2:-}" = requirements ] && args=(10000 100000 requirements)
    cp=$(test_classpath)
    log=$(mktemp)
    temporaries+=("$log")
    # the daemon's own JVM options, as the package installs them; a list of options, split on blanks below
    opts=$(. init/overbookd.default && echo "$JAVA_OPTS")
    echo "JVM options of init/overbookd.default: $opts"
    for i in $(seq "${1:-3}"); do
        java $opts -cp "$cp" org.overbookd.backend.opennebula.PoolParseBenchmark "${args[@]}" | tee -a "$log"
    done
    echo "first parse, median of ${1:-3} fresh JVMs: $(awk '/^parse: cold/ { print $3 }' "$log" | median) ms;" \
        "decision median of the runs' medians: $(awk '/^decide:/ { print $6 }' "$log" | median) ms"
    rm -f "$log"
}

xml() {
    local cp
    cp=$(test_classpath)
    for i in $(seq "${1:-1}"); do
        for parser in scanner woodstox; do
            java -Xmx3g -XX:+UseParallelGC -cp "$cp" org.overbookd.backend.opennebula.XmlParserBenchmark "$parser"
        done
    done
}

draw() {
    local cp
    cp=$(test_classpath)
    java -cp "$cp" org.overbookd.backend.simulated.DrawSweepBench 12500 300 1
    java -cp "$cp" org.overbookd.backend.simulated.DrawSweepBench 12500 300 2
}

events() {
    local cp
    cp=$(test_classpath)
    java -cp "$cp" org.overbookd.engine.EventQueueBenchmark | tee target/event-queue.txt
}

tune() {
    local cp rec out
    cp=$(test_classpath)
    rec=$(mktemp -d)
    temporaries+=("$rec")
    out=$(mktemp -d)
    temporaries+=("$out")
    java -cp "$cp" org.overbookd.cli.DaemonRecord "$rec/record.csv" 50 7
    timed_runs "tune, a week of 50 hosts, default grid, 3 seeds (--threads 2)" "${1:-3}" \
        java -jar target/overbookd.jar tune --record "$rec/record.csv" --max-degradation 1 --threads 2 --out "$out"
    rm -rf "$rec" "$out"
}

command -v /usr/bin/time > /dev/null || { echo "bench.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 69; }
case "${1:-all}" in
    sweep) build; sweep "${2:-}";;
    sweep-long) build; sweep_long "${2:-}";;
    scale) build; scale "${2:-}";;
    scale-large) build; scale_large "${2:-}" "${3:-}";;
    jmh) build; jmh;;
    one) build; one "${2:-}";;
    xml) build; xml "${2:-}";;
    one-requirements) build; one "${2:-}" requirements;;
    slots) build; slots "${2:-}";;
    pass) shift; build; pass "$@";;
    pass-cpu) build; pass_cpu "${2:-}" "${3:-}";;
    maxweight) build; maxweight "${2:-}";;
    month) build; month "${2:-}" "${3:-}";;
    tune) build; tune "${2:-}";;
    draw) build; draw;;
    events) build; events;;
    all) build; sweep; scale; draw; events; slots; jmh; one; pass; maxweight; tune;;
    *) echo "usage: sim/bench.sh sweep|sweep-long|scale|scale-large|draw|events|slots|jmh|one|one-requirements|xml|pass|pass-cpu|maxweight|month|tune|all [RUNS | JMH options]" >&2; exit 64;;
esac
