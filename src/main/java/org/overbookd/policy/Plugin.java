package org.overbookd.policy;

/**
 * Anything a policy is made of, or a whole policy, with the name it is chosen by and written under
 * (as the Kubernetes scheduling framework's plugins have Name()). A name is lower-case and unique
 * among the plugins of its kind; {@link PolicyRegistry} maps the names of whole policies to their
 * factories.
 */
public interface Plugin {

    String name();
}
