package org.overbookd.it;

/**
 * The ports of one real oned with dummy drivers, all derived from its XML-RPC port as
 * {@code it/hypervisor/host.sh} derives them, so that two fronts-ends with different XML-RPC ports never
 * share one: gRPC (the port above; this build has no gRPC server, set anyway), the hook manager's
 * publisher and replier (532 and 531 below), monitord's (1,501 above).
 *
 * <p>Each real-oned suite has ports of its own, fixed rather than found free at start: a free port found
 * by binding and closing could be taken again (by the other suite's clients, whose outgoing ports come
 * from the ephemeral range, above these) before oned binds it; fixed ports below that range are not, and a
 * stale oned on one is named when the suite starts. Taken already: 2633 (a front-end started by hand with
 * {@code one-dummy.sh}: 2101, 2102, 2634, 4124).
 */
record OnedPorts(int xmlRpc) {

    static final OnedPorts OVERBOOKD_SUITE = new OnedPorts(2653);
    static final OnedPorts CITIZEN_SUITE = new OnedPorts(2663);
    static final OnedPorts PLACEMENT_SUITE = new OnedPorts(2673);
    static final OnedPorts HA_SUITE = new OnedPorts(2683);
    /** {@code it/hypervisor/host.sh}'s default, which {@link HypervisorHost} passes to it as ONE_PORT. */
    static final OnedPorts HYPERVISOR = new OnedPorts(2643);

    String endpoint() {
        return "http://127.0.0.1:" + xmlRpc + "/RPC2";
    }

    int grpc() {
        return xmlRpc + 1;
    }

    int hookPublisher() {
        return xmlRpc - 532;
    }

    int hookReplier() {
        return xmlRpc - 531;
    }

    int monitord() {
        return xmlRpc + 1501;
    }
}
