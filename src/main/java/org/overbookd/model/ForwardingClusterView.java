package org.overbookd.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A cluster view that answers every question with the view it wraps: the base of views that change
 * some answers (hosts judged on another signal, hosts and VMs that carry a guard's history, hosts at
 * a lagged utilization) and keep the rest, as {@link ForwardingHostView} is for hosts. A method added
 * to {@link ClusterView} is forwarded here, once for all of them. A view over one that keeps its
 * queue in order forwards that too by implementing {@link ForwardingQueueIndex}.
 */
public abstract class ForwardingClusterView implements ClusterView {

    private final ClusterView view;

    protected ForwardingClusterView(ClusterView view) {
        this.view = Objects.requireNonNull(view, "view");
    }

    @Override
    public List<? extends HostView> hosts() {
        return view.hosts();
    }

    @Override
    public List<? extends VmView> queue() {
        return view.queue();
    }

    @Override
    public Map<String, Integer> hostsLeftOut() {
        return view.hostsLeftOut();
    }

    @Override
    public Map<String, Integer> vmsLeftAlone() {
        return view.vmsLeftAlone();
    }

    @Override
    public Map<String, Integer> vmsUnmatched() {
        return view.vmsUnmatched();
    }
}
