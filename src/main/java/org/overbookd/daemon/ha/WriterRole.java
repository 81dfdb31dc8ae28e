package org.overbookd.daemon.ha;

/**
 * Read side for status and metrics: whether this node is the active writer. Cheap and thread-safe;
 * the answer is the one the enact gate would give on time alone (the gate also renews first).
 */
public interface WriterRole {

    Role role();

    /** This daemon's name (ha.node-name, or the host name), as written in the audit log. */
    String node();

    /** A single daemon: always {@link Role#SINGLE}. */
    static WriterRole single(String node) {
        return new WriterRole() {
            @Override
            public Role role() {
                return Role.SINGLE;
            }

            @Override
            public String node() {
                return node;
            }
        };
    }
}
