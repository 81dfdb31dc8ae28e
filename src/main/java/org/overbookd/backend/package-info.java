/**
 * Where decisions are enacted: the Backend contract (observe a view, enact decisions, report
 * outcomes, settle outcomes that were unknown, name the queued VMs that may go nowhere), its Outcome,
 * UnmatchedVm and BackendException, and the daemon's recorder of what each observation measured
 * (RecordingBackend, record.file), beneath every backend. The OpenNebula
 * backend and the simulated one (Verboven et al.'s cluster, for simulations and rehearsals) are in
 * the sub-packages.
 *
 * <p>Layer 5 (see ArchitectureTest): may import policy, io, random and model.
 */
package org.overbookd.backend;
