/**
 * The registry of policies (PolicyRegistry): every policy of every model by its name, with its
 * factory (the arguments it declares and how it is built), so the command line and the
 * configuration choose policies and hand their arguments over one way. IN_TREE holds this code
 * base's policies, one line each; with() adds one to a copy (a test's, or an out-of-tree policy).
 * Above the policy packages it names, so that none of them depends on the list of all the others.
 *
 * <p>Layer 4, policy (see ArchitectureTest): may import the other policy packages, io, random and
 * model.
 */
package org.overbookd.policy.registry;
