/**
 * Read-only views of the cluster a policy decides on (ClusterView, HostView, VmView) and the
 * references and values they are made of (HostRef, VmRef, VmSize, QosClass, VmState, RunRecord), and
 * why a backend leaves a host out of a view or a low-QoS VM alone (HostLeftOut, VmLeftAlone), or why
 * a queued VM may run on no host (VmUnmatched). Backends implement the views; policies only read
 * them.
 *
 * <p>Layer 1, the bottom (see ArchitectureTest): imports nothing of overbookd.
 */
package org.overbookd.model;
