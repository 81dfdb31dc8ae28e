#!/usr/bin/env bash
# Regenerates the tables of the documentation that a command prints (README.md, docs/ and sim/README*.md,
# between '<!-- table: overbookd ... -->' and '<!-- end table -->') from what the commands print now,
# after a change that moves output bytes. Check with
#   mvn -B test -Dtest='DocTablesTest,DocTablesSlowTest' -DexcludedGroups=none -Djacoco.skip=true
# (DocTablesTest, in the fast suite, checks the quick ones; DocTablesSlowTest, tagged slow, the
# '(slow)' ones, and with -Doverbookd.docs.long=true the '(long)' paper-scale ones too).
#   sim/doc-tables.sh          the quick and the slow tables (a few minutes)
#   sim/doc-tables.sh quick    the quick ones only
#   sim/doc-tables.sh long     every table, the paper-scale experiments included (tens of minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
tests='DocTablesTest#everyQuickTableIsWhatItsCommandPrints,DocTablesSlowTest'
long=false
case "${1:-}" in
    quick) tests='DocTablesTest#everyQuickTableIsWhatItsCommandPrints' ;;
    long) long=true ;;
    '') ;;
    *) echo "usage: sim/doc-tables.sh [quick|long]" >&2; exit 64 ;;
esac
mvn -B -q test -Djacoco.skip=true -DexcludedGroups=none -Dsurefire.failIfNoSpecifiedTests=false \
    -Dtest="$tests" -Doverbookd.docs.update=true -Doverbookd.docs.long="$long"
git --no-pager diff --stat -- README.md docs 'sim/README*.md' || true
