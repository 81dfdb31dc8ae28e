#!/usr/bin/env bash
# Regenerates conf/overbookd.properties and the README's key reference from the option schema
# (ConfigDocsTest fails when either is stale), and the README's package table from the package-info
# files (ArchitectureTest fails when it is stale, and writes the table to target/architecture.md).
# Needs a built jar: mvn -B -q package -DskipTests
set -euo pipefail
cd "$(dirname "$0")/.."
jar=target/overbookd.jar
[ -f "$jar" ] || { echo "regenerate.sh: build first (mvn -B -q package -DskipTests)" >&2; exit 66; }
java -jar "$jar" config-reference --format properties > conf/overbookd.properties
java -jar "$jar" config-reference > target/reference.md
python3 - <<'PY'
readme = open('README.md').read()
start = readme.index('| key | type | default | allowed | meaning |')
end = readme.index('\n## Performance')
open('README.md', 'w').write(readme[:start] + open('target/reference.md').read() + readme[end:])
PY
rm -f target/architecture.md
mvn -B -q test -Dtest=ArchitectureTest -Djacoco.skip=true > /dev/null 2>&1 || true
[ -f target/architecture.md ] || { echo "regenerate.sh: ArchitectureTest wrote no target/architecture.md" >&2; exit 70; }
python3 - <<'PY'
readme = open('README.md').read()
head = '| layer | package | what it holds |\n'
start = readme.index(head)
end = readme.index('\n\n', start)
open('README.md', 'w').write(readme[:start] + open('target/architecture.md').read() + readme[end + 1:])
PY
echo "regenerated conf/overbookd.properties, the README key reference and its package table"
