#!/usr/bin/env bash
# Follows the install guide (docs/operating.md), command by command, in a throwaway root: an overlay of
# this machine's / (its Java, dpkg, apt, adduser, systemctl), so the package is installed for real
# (dpkg, maintainer scripts, conffiles, the overbookd user) and every change vanishes afterwards.
# Needs root (unshare, mount); exits 77 where it cannot mount the throwaway root. systemd is not
# PID 1 here: the unit is enabled and verified (systemd-analyze verify), not started.
#
# usage: it/package/follow-install-guide.sh GUIDE.md DEB ENDPOINT
#   GUIDE.md  markdown holding the section "## Running beside OpenNebula"; its ```sh blocks are run
#             in order, as root, from a directory whose target/ holds the .deb
#   DEB       the package under test (target/overbookd_<version>_all.deb)
#   ENDPOINT  an oned (or stand-in) to use instead of the guide's http://localhost:2633/RPC2
#
# Where the run departs from the guide's text, and why:
#   - `mvn ...` lines are skipped: the build under test made DEB already;
#   - oneuser, onegroup, onevdc, oneacl, onehook, onetemplate, onevm and journalctl are stubs that
#     print their arguments (onegroup create prints an ID as the real one does): there is no OpenNebula
#     front-end and no journal here; the real-oned suite runs the OpenNebula commands for real
#     (CitizenAgainstOnedIT);
#   - /etc/one/oned.conf is a stand-in holding OpenNebula 7.4's SCHED_MAD, and
#     `systemctl restart opennebula` only says so;
#   - `systemctl enable --now` enables but cannot start: there is no systemd as PID 1 to start it;
#   - http://localhost:2633/RPC2 is replaced by ENDPOINT.
# After the guide: checks of the installed result, then `dpkg --purge`, and checks of what it left.
set -euo pipefail

if [ "${1:-}" != --inside ]; then
    [ "$(id -u)" = 0 ] || { echo "follow-install-guide.sh: needs root (unshare, mount, chroot)" >&2; exit 77; }
    [ $# = 3 ] || { echo "usage: $0 GUIDE.md DEB ENDPOINT" >&2; exit 64; }
    # a private mount namespace: the overlay and its binds disappear with this process
    # (exit 77: this machine cannot give us one, e.g. an unprivileged container)
    unshare --mount --propagation private true 2> /dev/null ||
        { echo "follow-install-guide.sh: cannot make a private mount namespace here" >&2; exit 77; }
    exec unshare --mount --propagation private "$0" --inside "$@"
fi
shift
guide=$1 deb=$2 endpoint=$3

work=$(mktemp -d /tmp/overbookd-root.XXXXXX)
trap 'umount -R "$work/root" 2> /dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/upper" "$work/overlay-work" "$work/root"
mount -t overlay overlay -o "lowerdir=/,upperdir=$work/upper,workdir=$work/overlay-work" "$work/root" ||
    { echo "follow-install-guide.sh: cannot mount an overlay of / here" >&2; exit 77; }
mount -t proc proc "$work/root/proc"
mount --rbind /dev "$work/root/dev"
mount -t tmpfs tmpfs "$work/root/tmp"
mount -t tmpfs tmpfs "$work/root/run"
root=$work/root

mkdir -p "$root/root/overbookd/target" "$root/etc/one"
cat > "$root/etc/one/oned.conf" <<'ONED'
SCHED_MAD = [
      EXECUTABLE = "one_sched",
      ARGUMENTS  = "-t 15 -p rank -o one_drs"
]
ONED
cp "$deb" "$root/root/overbookd/target/"

# The guide's commands: the ```sh blocks of its section, list indentation removed.
commands=$(awk '
    /^## / { in_section = ($0 == "## Running beside OpenNebula") }
    in_section && /^ *```sh$/ { in_block = 1; next }
    in_section && /^ *```$/ { in_block = 0; next }
    in_section && in_block { sub(/^   /, ""); print }
' "$guide" | grep -v '^mvn ' | sed "s|http://localhost:2633/RPC2|$endpoint|g")
[ -n "$commands" ] || { echo "follow-install-guide.sh: no sh commands under '## Running beside OpenNebula' in $guide" >&2; exit 65; }

stubs='
oneuser() { echo "(stub) oneuser $*"; }
onegroup() { echo "(stub) onegroup $*" >&2; echo "ID: 100"; }
onevdc() { echo "(stub) onevdc $*"; }
oneacl() { echo "(stub) oneacl $*"; }
onehook() { echo "(stub) onehook $*"; }
onetemplate() { echo "(stub) onetemplate $*"; echo 42; }
onevm() { echo "(stub) onevm $*"; }
journalctl() { echo "(stub) journalctl $*"; }
systemctl() {
    if [ "$1" = restart ] && [ "$2" = opennebula ]; then
        echo "(no OpenNebula here) systemctl restart opennebula"
    elif [ "$1" = enable ] && [ "$2" = --now ]; then
        shift 2
        echo "(no systemd as PID 1: enabling, not starting) systemctl enable $*"
        command systemctl enable "$@"
    else
        command systemctl "$@"
    fi
}
'
echo "== the guide, as run"
printf '%s\n' "$commands"
echo "== running it"
chroot "$root" /bin/sh -e -x -c "$stubs
cd /root/overbookd
$commands"
echo "== the guide ran to its end"

check() {
    local what=$1; shift
    if chroot "$root" /bin/sh -c "$*"; then
        echo "CHECK ok: $what"
    else
        echo "CHECK FAILED: $what ($*)"
        failed=1
    fi
}
failed=0
check "package installed" '[ "$(dpkg-query -W -f="\${Status}" overbookd)" = "install ok installed" ]'
check "overbookd on the PATH runs" 'overbookd --version | grep -q "^overbookd "'
check "conffiles registered" 'dpkg-query -W -f="\${Conffiles}" overbookd | grep -q /etc/default/overbookd &&
    dpkg-query -W -f="\${Conffiles}" overbookd | grep -q /etc/overbookd/overbookd.properties'
check "system user overbookd" 'getent passwd overbookd | grep -q ":/var/lib/overbookd:/usr/sbin/nologin$"'
check "log and state directories" '[ "$(stat -c "%U:%G %a" /var/log/overbookd)" = "overbookd:overbookd 750" ] &&
    [ "$(stat -c "%U:%G %a" /var/lib/overbookd)" = "overbookd:overbookd 750" ]'
check "the dry run wrote the audit log" '[ -s /var/log/overbookd/audit.jsonl ] &&
    [ "$(stat -c %U /var/log/overbookd/audit.jsonl)" = overbookd ]'
check "class-data archive made for the installed Java and jar" 'set -- /var/cache/overbookd/overbookd-*.jsa &&
    [ $# = 1 ] && [ "$(stat -c "%U %a" "$1")" = "root 644" ]'
# mapped, not only present: the JVM names where each class came from
check "the launcher maps the archive" 'JAVA_OPTS=-Xlog:class+load overbookd --version |
    grep -q "org.overbookd.cli.Main source: shared objects file$"'
check "overbookd's placer installed for OpenNebula's scheduler" '[ -x /var/lib/one/remotes/scheduler/overbookd-rank/place ] &&
    cmp -s /usr/share/overbookd/opennebula/place /var/lib/one/remotes/scheduler/overbookd-rank/place'
check "oned.conf names it as SCHED_MAD's placer" 'grep -q "ARGUMENTS  = \"-t 15 -p overbookd-rank -o one_drs\"" /etc/one/oned.conf'
check "the hook's template names the installed script" '[ -x "$(sed -n "s/^COMMAND *= *\"\(.*\)\"$/\1/p" \
    /usr/share/overbookd/opennebula/hold-low-qos.hook)" ]'
check "service enabled" '[ -L /etc/systemd/system/multi-user.target.wants/overbookd.service ]'
check "installed unit verifies" 'out=$(systemd-analyze verify /lib/systemd/system/overbookd.service 2>&1) &&
    [ -z "$out" ] || { echo "$out"; false; }'
echo "== audit log after the dry run"
chroot "$root" cat /var/log/overbookd/audit.jsonl || true

echo "== dpkg --purge overbookd"
chroot "$root" dpkg --purge overbookd
check "purge removed the files" '[ ! -e /usr/bin/overbookd ] && [ ! -e /usr/share/overbookd ] &&
    [ ! -e /lib/systemd/system/overbookd.service ] && [ ! -e /etc/default/overbookd ] &&
    [ ! -e /etc/overbookd/overbookd.properties ]'
check "purge removed logs, state, class-data archive and enablement" '[ ! -e /var/log/overbookd ] &&
    [ ! -e /var/lib/overbookd ] && [ ! -e /var/cache/overbookd ] &&
    [ ! -e /etc/systemd/system/multi-user.target.wants/overbookd.service ]'
check "purge kept the user and the administrator's session file" 'getent passwd overbookd > /dev/null &&
    [ -f /etc/overbookd/one_auth ]'

if [ "$failed" != 0 ]; then
    echo "follow-install-guide.sh: some checks failed" >&2
    exit 1
fi
echo "follow-install-guide.sh: all checks passed"
