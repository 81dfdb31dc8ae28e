/**
 * The backend on a real OpenNebula cluster: the XML-RPC client and its transport, the session from
 * the auth file, the parsers of the host and VM pools into views, which hosts and VMs are left out
 * and why, where each queued VM may go by OpenNebula's own matching (its requirements, the system
 * datastores, the host states), the planning of each decision into OpenNebula calls (deploy with a
 * system datastore, suspend or stop, resume, and the OneDRS mark of a VM placed), the daily look at
 * the clusters' OneDRS automation, the heartbeat board of daemons without HA, and what oned says of
 * the account (for check-config).
 *
 * <p>Layer 5, backend (see ArchitectureTest): may import backend, policy, io, random and model; not
 * the simulator.
 */
package org.overbookd.backend.opennebula;
