package org.overbookd.backend.opennebula;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.xml.stream.XMLStreamException;
import org.overbookd.backend.BackendException;

/**
 * Who overbookd is in OpenNebula and what it sees, read without changing anything: oned's
 * version, the session's user and primary group, and how many hosts that user may see (OpenNebula
 * lists only the hosts an account may use, so a user without the right sees an empty pool, not an
 * error). For {@code check-config}.
 *
 * @param hosts hosts of one.hostpool.info as this user sees them
 */
public record OneAccount(String version, String user, int userId, String group, int groupId, int hosts) {

    /**
     * @throws BackendException when oned does not answer, refuses the session (cause AUTH), or
     *                          answers something else than it should
     */
    public static OneAccount of(URI endpoint, Path authFile, Duration timeout) throws BackendException {
        OneXmlRpcClient client = new OneXmlRpcClient(endpoint, OneSession.read(authFile), timeout);
        String version = String.valueOf(client.call("one.system.version"));
        String user = client.callForXml("one.user.info", -1);
        List<HostRecord> hosts = parse(client, "one.hostpool.info", client.callForXml("one.hostpool.info"));
        try {
            return XmlScanner.read(user, in -> {
                in.expectRoot("USER");
                int id = -1;
                int gid = -1;
                String name = "";
                String gname = "";
                while (in.next()) {
                    switch (in.name()) {
                        case "ID" -> id = in.intValue();
                        case "GID" -> gid = in.intValue();
                        case "NAME" -> name = in.stringValue();
                        case "GNAME" -> gname = in.stringValue();
                        default -> in.skip();
                    }
                }
                return new OneAccount(ServerText.bounded(version), name, id, gname, gid, hosts.size());
            });
        } catch (XMLStreamException | RuntimeException e) {
            throw client.malformed("one.user.info", String.valueOf(e.getMessage()), e);
        }
    }

    private static List<HostRecord> parse(OneXmlRpcClient client, String method, String xml) throws BackendException {
        try {
            return HostPoolParser.parse(xml);
        } catch (XMLStreamException | RuntimeException e) {
            throw client.malformed(method, String.valueOf(e.getMessage()), e);
        }
    }
}
