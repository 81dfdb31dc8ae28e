#!/bin/sh
# Waits for a Kubernetes Job to end, either way: exit 0 once it is complete, 1 as soon as it has failed
# (kubectl wait --for=condition=complete sits out its whole timeout when a Job fails), 69 when neither
# happened within TIMEOUT (seconds, or with s, m or h: 90, 30m, 2h; default 2h). docs/simulator.md, "Sweeps on a
# batch system":
#
#   sh sim/k8s-wait.sh overbookd-sweep 2h && kubectl apply -f sim/k8s-sweep.yaml -l step=merge
#
# It asks kubectl for the Job's conditions every K8S_WAIT_POLL seconds (default 10).
set -eu
usage="usage: k8s-wait.sh JOB [TIMEOUT]"
job=${1:?$usage}
timeout=${2:-2h}
case $timeout in
    *h) seconds=$(( ${timeout%h} * 3600 )) ;;
    *m) seconds=$(( ${timeout%m} * 60 )) ;;
    *s) seconds=${timeout%s} ;;
    *) seconds=$timeout ;;
esac
poll=${K8S_WAIT_POLL:-10}
start=$(date +%s)
while :; do
    # the conditions that hold; kubectl's own complaint (no such Job yet, the API away) is shown, and the wait goes on
    conditions=$(kubectl get job "$job" -o jsonpath='{range .status.conditions[?(@.status=="True")]}{.type} {end}' || true)
    case " $conditions " in
        *" Complete "*)
            echo "job/$job complete"
            exit 0 ;;
        *" Failed "*)
            reason=$(kubectl get job "$job" -o jsonpath='{.status.conditions[?(@.type=="Failed")].message}' || true)
            echo "job/$job failed: $reason" >&2
            exit 1 ;;
    esac
    if [ $(( $(date +%s) - start )) -ge "$seconds" ]; then
        echo "job/$job neither complete nor failed after $seconds s" >&2
        exit 69
    fi
    sleep "$poll"
done
