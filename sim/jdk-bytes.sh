#!/usr/bin/env bash
# The same bytes on any JVM: runs target/overbookd.jar on the JDK on the PATH and on a second JDK of
# another major version, a small scaled Google cell (1,250 hosts x 3 days, the first size at which
# JDK 17's and JDK 25's own nextGaussian drew apart) and the 36-configuration sweep of tables 1-3,
# and compares their CSV files byte for byte. The charts are not compared: a PNG holds the JDK's
# font rendering, not the simulation's numbers.
#
#   sim/jdk-bytes.sh [JAVA]    JAVA: the second JDK's java; by default the first one under
#                              /usr/lib/jvm or /opt whose major version differs from the PATH's
#
# Exit 0 same bytes (or no second JDK: one line says so), 1 a difference (named), 66 no jar.
set -euo pipefail
cd "$(dirname "$0")/.."
jar=target/overbookd.jar
[ -f "$jar" ] || { echo "jdk-bytes: $jar is missing (mvn package first)" >&2; exit 66; }

major() { # the major version a java binary reports
    "$1" -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.specification.version/ { print $2 }'
}

first=$(command -v java)
second=${1:-}
if [ -z "$second" ]; then
    for candidate in /usr/lib/jvm/*/bin/java /opt/*/bin/java /opt/*/*/bin/java; do
        if [ -x "$candidate" ] && [ "$(major "$candidate")" != "$(major "$first")" ]; then
            second=$candidate
            break
        fi
    done
fi
if [ -z "$second" ]; then
    echo "jdk-bytes: skipped, no JDK of another major version than $(major "$first") under /usr/lib/jvm or /opt"
    exit 0
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
for jdk in "$first" "$second"; do
    dir=$out/$(major "$jdk")
    mkdir -p "$dir/cell" "$dir/sweep"
    "$jdk" -jar "$jar" simulate --config sim/scale-google-cell.properties --set sim.nodes=1250 \
        --set sim.duration=3d --threads 2 --out "$dir/cell" > /dev/null
    "$jdk" -jar "$jar" sweep --config sim/verboven-tables.properties --threads 2 --out "$dir/sweep" \
        > /dev/null 2>&1
done
a=$out/$(major "$first")
b=$out/$(major "$second")
for file in cell/summary.csv sweep/sweep.csv sweep/sweep-intervals.csv; do
    if [ -f "$a/$file" ] || [ -f "$b/$file" ]; then
        if cmp -s "$a/$file" "$b/$file"; then
            echo "jdk-bytes: $file the same on Java $(major "$first") and $(major "$second") (md5 $(md5sum < "$a/$file" | cut -c1-8)...)"
        else
            echo "jdk-bytes: $file DIFFERS between Java $(major "$first") ($first) and $(major "$second") ($second):" >&2
            diff "$a/$file" "$b/$file" | head -5 >&2 || true
            status=1
        fi
    fi
done
exit $status
