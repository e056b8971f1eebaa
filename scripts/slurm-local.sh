#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, to run dlx's --part shares
# through a real batch scheduler (docs/cover.md, scripts/scale-out.sh).
#
#   scripts/slurm-local.sh start    # install if missing, configure, start, wait for an idle node
#   scripts/slurm-local.sh status   # sinfo
#   scripts/slurm-local.sh stop     # stop slurmd, slurmctld and munged
#
# Run as root on a Debian machine (tested on Debian 12, slurm-wlm 22.05).
# `start` installs slurm-wlm and munge with apt-get if they are missing,
# writes /etc/slurm/slurm.conf for this host (its CPUs and memory as
# `slurmd -C` reports them; no accounting, no cgroups, daemons as root, so
# it also works in a container), starts munged, slurmctld and slurmd in
# the background, and waits until `sinfo` shows the node idle. It will not
# overwrite a slurm.conf that it did not write. `stop` ends the daemons by
# their pid files. Daemons started from a session end with the session.
set -euo pipefail

CONF=/etc/slurm/slurm.conf
MARK="# Written by dlx scripts/slurm-local.sh"
STATE=/var/spool/slurm-local
LOGS=/var/log/slurm-local
RUN=/run/slurm-local

die() {
    echo "slurm-local: $*" >&2
    exit 1
}

install_missing() {
    local missing=()
    command -v slurmctld >/dev/null || missing+=(slurm-wlm)
    command -v munged >/dev/null || missing+=(munge)
    if ((${#missing[@]})); then
        echo "slurm-local: installing ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
}

write_conf() {
    if [[ -e $CONF ]] && ! grep -qF "$MARK" "$CONF"; then
        die "$CONF exists and was not written by this script; not touching it"
    fi
    # `slurmd -C`: "NodeName=host CPUs=.. Boards=.. ... RealMemory=.."
    local node
    node=$(slurmd -C | head -n 1)
    [[ $node == NodeName=* ]] || die "slurmd -C did not describe this node: $node"
    local host=${node%% *}
    host=${host#NodeName=}
    mkdir -p "$(dirname "$CONF")" "$STATE/ctld" "$STATE/d" "$LOGS" "$RUN"
    cat >"$CONF" <<EOF
$MARK: a one-node cluster for $host.
ClusterName=dlx-local
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/d
SlurmctldPidFile=$RUN/slurmctld.pid
SlurmdPidFile=$RUN/slurmd.pid
SlurmctldLogFile=$LOGS/slurmctld.log
SlurmdLogFile=$LOGS/slurmd.log
$node State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
    echo "$host"
}

alive() { # pid file
    [[ -s $1 ]] && kill -0 "$(cat "$1")" 2>/dev/null
}

start_munge() {
    if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
        return
    fi
    [[ -s /etc/munge/munge.key ]] || mungekey --create --keyfile=/etc/munge/munge.key
    chown munge:munge /etc/munge/munge.key
    chmod 0400 /etc/munge/munge.key
    mkdir -p /run/munge /var/log/munge /var/lib/munge
    chown munge:munge /run/munge /var/log/munge /var/lib/munge
    runuser -u munge -- /usr/sbin/munged
    for _ in $(seq 50); do
        munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && return
        sleep 0.2
    done
    die "munged did not start"
}

start() {
    [[ $(id -u) == 0 ]] || die "run as root"
    install_missing
    local host
    host=$(write_conf)
    start_munge
    # -c: forget any state of an earlier run (jobs, a node marked down).
    alive "$RUN/slurmctld.pid" || slurmctld -c
    alive "$RUN/slurmd.pid" || slurmd
    for _ in $(seq 120); do
        local state
        state=$(sinfo -h -n "$host" -o %T 2>/dev/null || true)
        case $state in
        idle*)
            echo "slurm-local: node $host idle ($(sinfo -h -n "$host" -o '%c CPUs'))"
            return
            ;;
        down* | drain*) scontrol update nodename="$host" state=resume 2>/dev/null || true ;;
        esac
        sleep 0.5
    done
    sinfo >&2 || true
    die "the node did not become idle; see $LOGS"
}

stop_one() { # pid file, name
    if alive "$1"; then
        local pid
        pid=$(cat "$1")
        kill "$pid"
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.2
        done
        echo "slurm-local: stopped $2 ($pid)"
    fi
}

stop() {
    stop_one "$RUN/slurmd.pid" slurmd
    stop_one "$RUN/slurmctld.pid" slurmctld
    stop_one /run/munge/munged.pid munged
}

case ${1:-} in
start) start ;;
stop) stop ;;
status) sinfo ;;
*)
    echo "usage: $0 start|status|stop" >&2
    exit 2
    ;;
esac
