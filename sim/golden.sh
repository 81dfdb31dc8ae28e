#!/usr/bin/env bash
# The golden outputs (src/test/resources/golden.sha256): the SHA-256 of every file that small runs of
# every model, the sweep, tune and compare write (GoldenOutputsTest lists the runs).
#   sim/golden.sh          checks them (the test fails naming each file whose bytes changed)
#   sim/golden.sh update   rewrites the manifest from what the runs write now: only when a change of
#                          bits is intended; say so, and why, in CHANGELOG.md, and re-check the paper
#                          tables (sim/doc-tables.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
update=false
case "${1:-}" in
    update) update=true ;;
    '') ;;
    *) echo "usage: sim/golden.sh [update]" >&2; exit 64 ;;
esac
mvn -B -q test -Djacoco.skip=true -DexcludedGroups=none -Dsurefire.failIfNoSpecifiedTests=false \
    -Dtest=GoldenOutputsTest -Doverbookd.golden.update="$update"
git --no-pager diff --stat -- src/test/resources/golden.sha256 || true
