#!/usr/bin/env bash
# Regenerates conf/overbookd.properties and the README's key reference from the option schema.
# ConfigDocsTest fails when either is stale. Needs a built jar: mvn -B -q package -DskipTests
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
echo "regenerated conf/overbookd.properties and the README key reference"
