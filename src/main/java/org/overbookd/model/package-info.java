/**
 * Read-only views of the cluster a policy decides on (ClusterView, HostView, VmView) and the
 * references and values they are made of (HostRef, VmRef, VmSize, QosClass, VmState, RunRecord), and
 * why a backend leaves a host out of a view or a low-QoS VM alone (HostLeftOut, VmLeftAlone), or why
 * a queued VM may run on no host (VmUnmatched). Backends implement the views; policies only read
 * them. A view that changes some answers of another and keeps the rest extends a forwarding base
 * (ForwardingClusterView, ForwardingHostView, ForwardingVmView; ForwardingQueueIndex for the queue
 * index), so that a method added to a view is forwarded in one place.
 *
 * <p>Layer 1, the bottom (see ArchitectureTest): imports nothing of overbookd.
 */
package org.overbookd.model;
