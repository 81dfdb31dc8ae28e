/**
 * The in-tree registry of policies (PolicyRegistry): every policy of every model by its name, with
 * its factory, so the command line and the configuration choose policies one way. Above the policy
 * packages it names, so that none of them depends on the list of all the others.
 *
 * <p>Layer 4, policy (see ArchitectureTest): may import the other policy packages, io, random and
 * model.
 */
package org.overbookd.policy.registry;
