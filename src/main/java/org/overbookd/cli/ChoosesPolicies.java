package org.overbookd.cli;

import org.overbookd.policy.registry.PolicyRegistry;

/**
 * A command (or one of its converters) that chooses its policy by name: it is handed the registry to
 * choose from when it is built (PolicyRegistry.IN_TREE, or that and more:
 * {@link Main#commandLine(PolicyRegistry)}), as the Kubernetes scheduler's command is built with
 * out-of-tree plugins. One class rather than an interface so that the registry's field and its
 * setter are written once for every such command.
 */
abstract class ChoosesPolicies {

    private PolicyRegistry registry = PolicyRegistry.IN_TREE;

    /** Called by the command line's factory as it builds the command. */
    final void use(PolicyRegistry policies) {
        this.registry = policies;
    }

    /** The registry the command line was built with; the in-tree policies when none was given. */
    final PolicyRegistry registry() {
        return registry;
    }
}
