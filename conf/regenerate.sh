#!/usr/bin/env bash
# Regenerates conf/overbookd.properties and the key reference of docs/configuration.md from the
# option schema (ConfigDocsTest fails when either is stale), and the package table of
# docs/architecture.md from the package-info files (ArchitectureTest fails when it is stale, and
# writes the table to target/architecture.md).
# Needs a built jar: mvn -B -q package -DskipTests
set -euo pipefail
cd "$(dirname "$0")/.."
jar=target/overbookd.jar
[ -f "$jar" ] || { echo "regenerate.sh: build first (mvn -B -q package -DskipTests)" >&2; exit 66; }
java -jar "$jar" config-reference --format properties > conf/overbookd.properties
java -jar "$jar" config-reference > target/reference.md
python3 - <<'PY'
# the reference is the page's one table of keys: from its header to the first blank line after it
page = open('docs/configuration.md').read()
start = page.index('| key | type | default | allowed | meaning |')
end = page.find('\n\n', start)
end = len(page) if end < 0 else end + 1
open('docs/configuration.md', 'w').write(page[:start] + open('target/reference.md').read() + page[end:])
PY
rm -f target/architecture.md
mvn -B -q test -Dtest=ArchitectureTest -Djacoco.skip=true > /dev/null 2>&1 || true
[ -f target/architecture.md ] || { echo "regenerate.sh: ArchitectureTest wrote no target/architecture.md" >&2; exit 70; }
python3 - <<'PY'
page = open('docs/architecture.md').read()
head = '| layer | package | what it holds |\n'
start = page.index(head)
end = page.index('\n\n', start)
open('docs/architecture.md', 'w').write(page[:start] + open('target/architecture.md').read() + page[end + 1:])
PY
echo "regenerated conf/overbookd.properties, the key reference of docs/configuration.md and the package table of docs/architecture.md"
