#!/bin/bash
# A real hypervisor for overbookd's tests: the shared OpenNebula 7.4 front-end with one `qemu` host,
# this machine itself (libvirt and QEMU's own emulation, TCG; the KVM drivers' variant "for nested
# virtualization"), reached over SSH to itself as OpenNebula reaches any host.
#
#   host.sh check        # one line saying why this machine cannot run it (exit 1), or nothing (exit 0)
#   host.sh deps         # Debian packages it needs (root; apt-get): libvirt, QEMU, sshd, the guest's kernel and busybox
#   host.sh guest        # builds the test guest in $ONE_ROOT/guest: vmlinuz (linux-image-cloud-amd64) and
#                        # initrd.gz (busybox-static and guest-init, beside this script)
#   host.sh start        # libvirtd, sshd and a key to itself, then oned on 127.0.0.1:$ONE_PORT (default 2643),
#                        # all in a cgroup of the greatest CPU weight (see dedicate)
#   host.sh setup        # the host `localhost` (IM_MAD and VM_MAD qemu); waits until it is MONITORED
#   host.sh stop         # oned, the guests of this install, its monitoring client, the libvirtd, virtlogd and
#                        # sshd it started (by the process ids it recorded), then ONE_ROOT (KEEP_ONE_ROOT=1 keeps it)
#   host.sh env          # the exports a client needs
#
# ONE_ROOT (default /tmp/one-hypervisor) holds the install (unpacked from the shared tarball; the
# folder holding it is $OVERBOOKD_SHARED/opennebula, else ../shared/opennebula beside the clone), its
# database and logs (opennebula-7.4.0/var/oned.log, vms/<id>/vm.log), the system datastore
# (opennebula-7.4.0/var/datastores/0/<vm id>/checkpoint is a suspended VM's memory), the guest and
# one_auth. The unpacked copy only (never the tarball) is changed so that it can run beside another
# engineer's oned on the same machine: oned's XML-RPC port, the hook manager's ports, monitord's
# port, the remote scripts' folder and the monitoring client's pid file are its own. The probe periods
# are the tarball's (MONITOR_HOST 15 s, MONITOR_VM 10 s), shorter than OpenNebula's defaults (120 s,
# 30 s). With HOST_CPU=guests the host's USED_CPU counts only the guests' QEMU processes (see
# guests-vmstat): on a machine shared with other work, which OpenNebula's vmstat would count too.
#
# Facts measured here (2 cores, nested virtualization): the Debian cloud kernel 6.1 needs 80 MB of
# guest memory under TCG (64 MB: it stops before its first line; 72 MB: "System is deadlocked on
# memory"); it boots to the guest's init in about 2 s. /dev/kvm exists but KVM nested is too slow.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
if [ -z "${OVERBOOKD_SHARED:-}" ] && [ -d "$HERE/../../../shared" ]; then
    OVERBOOKD_SHARED=$(cd "$HERE/../../../shared" && pwd)
fi
SHARED_ONE=${OVERBOOKD_SHARED:-/nonexistent}/opennebula
ONE_ROOT=${ONE_ROOT:-/tmp/one-hypervisor}
ONE_PORT=${ONE_PORT:-2643}
INST=$ONE_ROOT/opennebula-7.4.0
export ONE_LOCATION=$INST
export ONE_AUTH=$ONE_ROOT/one_auth
export ONE_XMLRPC=http://127.0.0.1:$ONE_PORT/RPC2
export RUBYLIB=$INST/lib/ruby
export PATH=$INST/bin:$PATH
PW=${ONE_PW:-oneadmin:opennebula-test-pw}
# ports of our own, derived from oned's so that two copies with different ONE_PORT never share one
HM_PUB=$((ONE_PORT - 532)); HM_REP=$((ONE_PORT - 531)); MONITOR_PORT=$((ONE_PORT + 1501))
PKGS="libvirt-daemon-system libvirt-clients qemu-system-x86 qemu-utils openssh-server busybox-static
    linux-image-cloud-amd64 cpio libxml2-utils rsync pciutils jq"

check() {
    [ -f "$SHARED_ONE/opennebula-7.4.0-dummy.tar.xz" ] \
        || { echo "no OpenNebula tarball (set OVERBOOKD_SHARED to the folder holding opennebula/)"; return 1; }
    [ "$(id -u)" = 0 ] || { echo "not root (libvirt's system instance and sshd need it)"; return 1; }
    command -v qemu-system-x86_64 > /dev/null || { echo "no QEMU (qemu-system-x86_64; host.sh deps installs it)"; return 1; }
    command -v libvirtd > /dev/null || { echo "no libvirt (libvirtd; host.sh deps installs it)"; return 1; }
    command -v sshd > /dev/null || [ -x /usr/sbin/sshd ] || { echo "no sshd (host.sh deps installs it)"; return 1; }
    kernel > /dev/null || { echo "no guest kernel (linux-image-cloud-amd64 in /boot; host.sh deps installs it)"; return 1; }
    # the list read whole, not piped into grep -q: busybox writes it a name at a time, and grep's exit at
    # the match (250th of 269) could cut it short; under pipefail busybox's SIGPIPE then failed the check
    # at random (a CI run skipped the whole suite so)
    [ -x /bin/busybox ] && grep -qx usleep <<< "$(/bin/busybox --list)" \
        || { echo "no busybox-static (host.sh deps installs it)"; return 1; }
    [ -x /usr/bin/ruby ] || { echo "no ruby (OpenNebula's runtime packages; host.sh deps installs them)"; return 1; }
    command -v xmllint > /dev/null || { echo "no xmllint (libxml2-utils; host.sh deps installs it)"; return 1; }
}

deps() {
    bash "$SHARED_ONE/one-dummy.sh" deps
    # shellcheck disable=SC2086
    if dpkg -s $PKGS > /dev/null 2>&1; then echo "hypervisor packages present"; return 0; fi
    apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $PKGS > /dev/null
}

kernel() { # the newest cloud kernel installed
    local k
    k=$(ls -1 /boot/vmlinuz-*-cloud-amd64 2>/dev/null | sort -V | tail -1)
    [ -n "$k" ] && echo "$k"
}

guest() {
    local dir=$ONE_ROOT/guest stage
    mkdir -p "$dir"
    stage=$(mktemp -d "$ONE_ROOT/guest-stage.XXXXXX")
    mkdir -p "$stage/bin" "$stage/dev"
    cp /bin/busybox "$stage/bin/busybox"
    cp "$HERE/guest-init" "$stage/init"
    chmod 755 "$stage/init"
    mknod -m 600 "$stage/dev/console" c 5 1
    (cd "$stage" && find . | cpio -o -H newc --quiet | gzip -9) > "$dir/initrd.gz"
    rm -rf "$stage"
    cp "$(kernel)" "$dir/vmlinuz"
    chmod 644 "$dir/vmlinuz" "$dir/initrd.gz"
    chmod 755 "$ONE_ROOT" "$dir"
    echo "guest in $dir: $(basename "$(kernel)"), initrd $(stat -c %s "$dir/initrd.gz") bytes"
}

unpack() {
    if [ ! -x "$INST/bin/oned" ]; then
        ONE_ROOT=$ONE_ROOT bash "$SHARED_ONE/one-dummy.sh" unpack > /dev/null
    fi
    local conf=$INST/etc/oned.conf mon=$INST/etc/monitord.conf ctl
    sed -i -E "s|^PORT = [0-9]+|PORT = $ONE_PORT|; s|-p [0-9]+ -l [0-9]+ -b 127.0.0.1|-p $HM_PUB -l $HM_REP -b 127.0.0.1|" "$conf"
    sed -i -E "s|^#?SCRIPTS_REMOTE_DIR=.*|SCRIPTS_REMOTE_DIR=$ONE_ROOT/remotes|" "$conf"
    sed -i -E "s|^(\s*PORT\s*=\s*)[0-9]+,|\1$MONITOR_PORT,|" "$mon"
    grep -q "^PORT = $ONE_PORT" "$conf" && grep -q "$MONITOR_PORT," "$mon" \
        || { echo "could not set the ports in $conf and $mon"; return 1; }
    # HOST_CPU=guests: the host's USED_CPU counts the guests alone (guests-vmstat says why)
    local lib=$INST/var/remotes/im/lib
    if [ "${HOST_CPU:-machine}" = guests ]; then
        cp "$HERE/guests-vmstat" "$lib/guests-vmstat"
        sed -i 's|`vmstat 1 2`|`#{File.dirname(__FILE__)}/guests-vmstat`|' "$lib/linux.rb"
    else
        sed -i 's|`#{File.dirname(__FILE__)}/guests-vmstat`|`vmstat 1 2`|' "$lib/linux.rb"
    fi
    # the monitoring client's pid file is named by host id alone: another install's host 0 would share it
    for ctl in "$INST"/var/remotes/im/*.d/monitord-client_control.sh; do
        sed -i -E "s|/tmp/one-monitord-\\\$HID|/tmp/one-monitord-$ONE_PORT-\$HID|g" "$ctl"
    done
}

rpc() { # python expression over `one` (ServerProxy) and `s` (session)
    python3 -c "import xmlrpc.client; s=open('$ONE_AUTH').read().strip(); one=xmlrpc.client.ServerProxy('$ONE_XMLRPC').one; $1"
}

alive() { # alive PIDFILE: the process the file names runs
    [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null
}

libvirt_up() {
    # what this install starts it records by process id (started-*), so that stop ends those and no other
    if ! virsh -q -c qemu:///system version > /dev/null 2>&1; then
        if ! alive /run/virtlogd.pid; then
            virtlogd -d
            local i
            for i in $(seq 1 20); do alive /run/virtlogd.pid && break; sleep 0.25; done
            cp /run/virtlogd.pid "$ONE_ROOT/started-virtlogd"
        fi
        libvirtd -d
        local i
        for i in $(seq 1 40); do virsh -q -c qemu:///system version > /dev/null 2>&1 && break; sleep 0.25; done
        cp /run/libvirtd.pid "$ONE_ROOT/started-libvirtd"
    fi
    virsh -q -c qemu:///system version > /dev/null || { echo "libvirtd does not answer"; return 1; }
}

ssh_up() {
    mkdir -p /root/.ssh /run/sshd
    chmod 700 /root/.ssh
    [ -f /root/.ssh/id_ed25519 ] || ssh-keygen -q -t ed25519 -N '' -f /root/.ssh/id_ed25519 -C "overbookd-it-hypervisor"
    grep -qF "$(cut -d' ' -f2 /root/.ssh/id_ed25519.pub)" /root/.ssh/authorized_keys 2>/dev/null \
        || cat /root/.ssh/id_ed25519.pub >> /root/.ssh/authorized_keys
    chmod 600 /root/.ssh/authorized_keys
    if ! ssh -o BatchMode=yes -o ConnectTimeout=3 localhost true 2>/dev/null; then
        if ! { [ -f /run/sshd.pid ] && kill -0 "$(cat /run/sshd.pid)" 2>/dev/null; }; then
            /usr/sbin/sshd
            local j
            for j in $(seq 1 20); do alive /run/sshd.pid && break; sleep 0.25; done
            cp /run/sshd.pid "$ONE_ROOT/started-sshd"
        fi
        local i
        for i in $(seq 1 20); do
            [ -n "$(ssh-keyscan -t ed25519 localhost 2>/dev/null)" ] && break; sleep 0.25
        done
        ssh-keygen -F localhost > /dev/null 2>&1 || ssh-keyscan -t ed25519 localhost >> /root/.ssh/known_hosts 2>/dev/null
        ssh -o BatchMode=yes -o ConnectTimeout=3 localhost true || { echo "ssh to localhost fails"; return 1; }
    fi
}

node_libs() {
    # a real host has OpenNebula's Ruby libraries from its node package in /usr/lib/one/ruby (the
    # monitoring client and the probes load them from there; they require load_opennebula_paths
    # before adding that folder to Ruby's path, so a package puts it on Ruby's own path too): ours,
    # unless another copy is there
    # (a link left by a run that did not stop, into an install since removed, is replaced)
    if [ -L /usr/lib/one/ruby ] && [ ! -e /usr/lib/one/ruby ]; then rm -f /usr/lib/one/ruby; fi
    if [ ! -e /usr/lib/one/ruby ]; then
        mkdir -p /usr/lib/one /usr/local/lib/site_ruby
        ln -s "$INST/lib/ruby" /usr/lib/one/ruby
        ln -sf /usr/lib/one/ruby/load_opennebula_paths.rb /usr/local/lib/site_ruby/load_opennebula_paths.rb
        touch "$ONE_ROOT/made-node-libs"
    fi
    # and the emulator the KVM driver's domains name (the node package links it to the distribution's)
    if [ ! -e /usr/bin/qemu-kvm-one ]; then
        ln -s /usr/bin/qemu-system-x86_64 /usr/bin/qemu-kvm-one
        touch "$ONE_ROOT/made-qemu-kvm-one"
    fi
}

# The cgroup of this install's front-end and host services (v1's cpu controller, else v2's), named by its port
CGROUP=""
for c in /sys/fs/cgroup/cpu /sys/fs/cgroup/unified /sys/fs/cgroup; do
    if [ -f "$c/cgroup.procs" ] && { [ -f "$c/cpu.shares" ] || [ -f "$c/cgroup.controllers" ]; }; then
        CGROUP=$c/overbookd-hypervisor-$ONE_PORT; break
    fi
done

dedicate() {
    # A hypervisor and its front-end run nothing else; this machine runs builds beside them. oned, its
    # monitoring client and probes (reached through the sshd started below), libvirtd and the drivers
    # are children of this shell: in a cgroup of the greatest CPU weight, they get the CPU they ask for
    # (measured before: at a load average of 80 the host's probe did not run for 95 s, so overbookd saw
    # no sample of the guests' peak). The guests are libvirt's (cgroup machine, HypervisorHost gives it
    # the same weight). Nothing is capped: the weight counts only while these processes want the CPU.
    [ -n "$CGROUP" ] || return 0
    mkdir -p "$CGROUP" 2>/dev/null || return 0
    if [ -f "$CGROUP/cpu.shares" ]; then echo 262144 > "$CGROUP/cpu.shares"
    elif [ -f "$CGROUP/cpu.weight" ]; then echo 10000 > "$CGROUP/cpu.weight"
    fi
    echo $$ > "$CGROUP/cgroup.procs" 2>/dev/null || true
}

start() {
    mkdir -p "$ONE_ROOT"
    unpack
    node_libs
    dedicate
    [ -f "$ONE_ROOT/guest/initrd.gz" ] || guest > /dev/null
    libvirt_up
    ssh_up
    [ -f "$ONE_AUTH" ] || (umask 077; echo "$PW" > "$ONE_AUTH")
    chmod 600 "$ONE_AUTH"
    if [ -f "$ONE_ROOT/oned.pid" ] && kill -0 "$(cat "$ONE_ROOT/oned.pid")" 2>/dev/null; then
        echo "oned already running, pid $(cat "$ONE_ROOT/oned.pid")"; return 0
    fi
    (cd "$INST/var" && exec "$INST/bin/oned" -f > "$INST/var/oned.stdout" 2>&1) &
    echo $! > "$ONE_ROOT/oned.pid"
    local i
    for i in $(seq 1 90); do
        if rpc "import sys; sys.exit(0 if one.system.version(s)[0] else 1)" 2>/dev/null; then
            echo "oned answers on $ONE_XMLRPC, pid $(cat "$ONE_ROOT/oned.pid")"; return 0
        fi
        sleep 0.5
    done
    echo "oned did not answer in 45 s; the end of its log:"; tail -20 "$INST/var/oned.log" 2>/dev/null; return 1
}

setup() {
    # a host left in ERROR by an earlier run is monitored again only once enabled again
    rpc "
import re
for mid in re.findall(r'<MARKETPLACE><ID>(\d+)</ID>', one.marketpool.info(s)[1]):
    one.market.enable(s, int(mid), False)
pool = one.hostpool.info(s)[1]
m = re.search(r'<HOST><ID>(\d+)</ID><NAME>localhost</NAME><STATE>(\d+)', pool)
if not m:
    print('host localhost', one.host.allocate(s, 'localhost', 'qemu', 'qemu', -1))
elif m.group(2) == '3':
    one.host.status(s, int(m.group(1)), 0)
"
    local i state
    for i in $(seq 1 90); do
        state=$(rpc "import re; print(re.search(r'<HOST><ID>\d+</ID><NAME>localhost</NAME><STATE>(\d+)', one.hostpool.info(s)[1]).group(1))")
        [ "$state" = 2 ] && { echo "host localhost MONITORED"; return 0; }
        sleep 1
    done
    echo "host localhost not MONITORED in 90 s (state $state); the end of monitor.log:"
    tail -5 "$INST/var/monitor.log"
    return 1
}

end_pid() { # end_pid PID WHAT: SIGTERM, then SIGKILL after 15 s; says so
    local i
    kill -TERM "$1" 2>/dev/null || return 0
    for i in $(seq 1 60); do kill -0 "$1" 2>/dev/null || { echo "$2 $1 stopped"; return 0; }; sleep 0.25; done
    kill -KILL "$1" 2>/dev/null && echo "$2 $1 killed (did not end on SIGTERM in 15 s)"
}

stop() {
    local d xml pid f w
    if [ -f "$ONE_ROOT/oned.pid" ]; then
        end_pid "$(cat "$ONE_ROOT/oned.pid")" oned
        rm -f "$ONE_ROOT/oned.pid"
    fi
    # this install's guests: their kernel lives in our ONE_ROOT (a suspended one has no domain, only its image)
    for d in $(virsh -q -c qemu:///system list --all --name 2>/dev/null); do
        # (not a pipe into grep -q: under pipefail virsh's SIGPIPE would make it fail)
        xml=$(virsh -c qemu:///system dumpxml "$d" 2>/dev/null || true)
        if [[ $xml == *"$ONE_ROOT/guest/"* ]]; then
            virsh -q -c qemu:///system destroy "$d" > /dev/null 2>&1 || true
            virsh -q -c qemu:///system undefine "$d" > /dev/null 2>&1 || true
            echo "guest $d destroyed"
        fi
    done
    # an emulator libvirt lost track of (a save or restore cut short): by its command line naming our guest
    for pid in $(pgrep -u libvirt-qemu 2>/dev/null; pgrep -x qemu-system-x86_64 2>/dev/null); do
        if grep -qF "$ONE_ROOT/guest/" <<< "$(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null)"; then
            end_pid "$pid" "guest emulator"
        fi
    done
    for f in /tmp/one-monitord-"$ONE_PORT"-*.pid; do
        [ -f "$f" ] || continue
        pid=$(cat "$f")
        if grep -qF "$ONE_ROOT/remotes/im/" <<< "$(tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null)"; then
            end_pid "$pid" monitord-client
        fi
        rm -f "$f"
    done
    if [ -f "$ONE_ROOT/made-node-libs" ]; then
        if [ "$(readlink /usr/lib/one/ruby)" = "$INST/lib/ruby" ]; then
            rm -f /usr/lib/one/ruby /usr/local/lib/site_ruby/load_opennebula_paths.rb
        fi
        rmdir /usr/lib/one 2>/dev/null || true
        rm -f "$ONE_ROOT/made-node-libs"
    fi
    if [ -f "$ONE_ROOT/made-qemu-kvm-one" ]; then
        [ "$(readlink /usr/bin/qemu-kvm-one)" = /usr/bin/qemu-system-x86_64 ] && rm -f /usr/bin/qemu-kvm-one
        rm -f "$ONE_ROOT/made-qemu-kvm-one"
    fi
    # the guests' cgroup weight, raised by the suite while it ran (HypervisorHost.prioritizeGuests)
    if [ -f "$ONE_ROOT/machine-cpu-weight" ]; then
        read -r f w < "$ONE_ROOT/machine-cpu-weight"
        [ -w "$f" ] && echo "$w" > "$f" && echo "guests' cgroup weight back to $w"
        rm -f "$ONE_ROOT/machine-cpu-weight"
    fi
    # the daemons this install started, by the process ids it recorded (libvirtd before virtlogd, its logger)
    for d in libvirtd virtlogd sshd; do
        if [ -f "$ONE_ROOT/started-$d" ]; then
            end_pid "$(cat "$ONE_ROOT/started-$d")" "$d"
            rm -f "$ONE_ROOT/started-$d"
        fi
    done
    # libvirt's cgroups of guests that no longer run (left when a guest ends while libvirtd stops): rmdir
    # removes a cgroup only when no process is in it
    for d in /sys/fs/cgroup/*/machine/qemu-*-one-*.libvirt-qemu; do
        [ -d "$d" ] || continue
        find "$d" -mindepth 1 -depth -type d -exec rmdir {} \; 2>/dev/null || true
        rmdir "$d" 2>/dev/null && echo "empty cgroup $d removed"
    done
    # the front-end's cgroup, once no process is left in it
    if [ -n "$CGROUP" ] && [ -d "$CGROUP" ]; then
        rmdir "$CGROUP" 2>/dev/null && echo "cgroup $CGROUP removed" || echo "cgroup $CGROUP not empty: $(tr '\n' ' ' < "$CGROUP/cgroup.procs")"
    fi
    # and the install itself: only a folder this script made (the unpacked tarball or the guest inside it)
    if [ "${KEEP_ONE_ROOT:-}" != 1 ] && [ -d "$ONE_ROOT" ] && [ "$ONE_ROOT" != / ] \
        && { [ -d "$INST" ] || [ -d "$ONE_ROOT/guest" ]; }; then
        rm -rf "$ONE_ROOT" && echo "$ONE_ROOT removed"
    fi
}

case "${1:-}" in
    check) check ;; deps) deps ;; guest) mkdir -p "$ONE_ROOT"; guest ;; start) start ;; setup) setup ;;
    stop) stop ;;
    env) echo "export ONE_LOCATION=$INST ONE_AUTH=$ONE_AUTH ONE_XMLRPC=$ONE_XMLRPC RUBYLIB=$RUBYLIB PATH=$INST/bin:\$PATH" ;;
    *) echo "usage: $0 check|deps|guest|start|setup|stop|env"; exit 64 ;;
esac
