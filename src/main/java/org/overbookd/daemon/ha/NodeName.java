package org.overbookd.daemon.ha;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** The name a daemon goes by in the audit log and the logs: ha.node-name, else the host name. */
public final class NodeName {

    private NodeName() {}

    public static String of(String configured) {
        if (!configured.isBlank()) {
            return configured.strip();
        }
        String env = System.getenv("HOSTNAME");
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return env == null || env.isBlank() ? "localhost" : env;
        }
    }
}
