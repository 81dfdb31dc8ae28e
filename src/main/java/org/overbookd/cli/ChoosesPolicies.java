package org.overbookd.cli;

import org.overbookd.policy.registry.PolicyRegistry;

/**
 * A command that chooses its policy by name: it is handed the registry to choose from when it is
 * built (PolicyRegistry.IN_TREE, or that and more: {@link Main#commandLine(PolicyRegistry)}), as the
 * Kubernetes scheduler's command is built with out-of-tree plugins.
 */
interface ChoosesPolicies {

    void use(PolicyRegistry policies);
}
