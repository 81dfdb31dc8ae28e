/**
 * Where decisions are enacted: the Backend contract (observe a view, enact decisions, report
 * outcomes, settle outcomes that were unknown), its Outcome and BackendException. The OpenNebula
 * backend is in the sub-package; the simulated backend is still in sim (issue 18 moves it here).
 *
 * <p>Layer 5 (see ArchitectureTest): may import policy, io, random and model.
 */
package org.overbookd.backend;
