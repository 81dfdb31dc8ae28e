/**
 * The record of what overbookd decided and what came of it: AuditLog (a decision is written and
 * flushed before it is enacted, its outcome after) and its rolling JSON-lines file. It names
 * decisions and outcomes, so it sits above backend.
 *
 * <p>Layer 6 (see ArchitectureTest): may import backend, policy, io, random and model.
 */
package org.overbookd.audit;
