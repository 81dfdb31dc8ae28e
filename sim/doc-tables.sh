#!/usr/bin/env bash
# Regenerates every table of the documentation that a command prints (README.md and sim/README*.md,
# between '<!-- table: overbookd ... -->' and '<!-- end table -->'; '(slow)' ones included) from what
# the commands print now, after a change that moves output bytes. Check with
#   mvn -B test -Dtest='DocTablesTest,DocTablesSlowTest' -Djacoco.skip=true
# (DocTablesTest, in the fast suite, checks the quick ones; DocTablesSlowTest, tagged slow, the rest).
#   sim/doc-tables.sh          every table
#   sim/doc-tables.sh quick    the quick ones only
set -euo pipefail
cd "$(dirname "$0")/.."
tests='DocTablesTest#everyQuickTableIsWhatItsCommandPrints,DocTablesSlowTest'
[ "${1:-}" = quick ] && tests='DocTablesTest#everyQuickTableIsWhatItsCommandPrints'
mvn -B -q test -Djacoco.skip=true -DexcludedGroups=none -Dsurefire.failIfNoSpecifiedTests=false \
    -Dtest="$tests" -Doverbookd.docs.update=true
git --no-pager diff --stat -- README.md 'sim/README*.md' || true
