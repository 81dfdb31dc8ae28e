package org.overbookd.backend.opennebula;

import org.apache.xmlrpc.common.TypeFactoryImpl;
import org.apache.xmlrpc.common.XmlRpcController;
import org.apache.xmlrpc.common.XmlRpcStreamConfig;
import org.apache.xmlrpc.parser.I8Parser;
import org.apache.xmlrpc.parser.TypeParser;
import org.apache.ws.commons.util.NamespaceContextImpl;

/**
 * Accepts the bare {@code <i8>} (no namespace) that oned's xmlrpc-c puts in every error reply.
 *
 * <p>Apache XML-RPC only knows {@code i8} as a vendor extension in its own namespace, and only
 * with extensions on. Turning extensions on would also enable serializable Java objects in replies
 * (a known deserialization hole), so we keep them off and teach the parser this one plain type.
 */
final class I8TypeFactory extends TypeFactoryImpl {

    private static final String I8 = "i8";

    I8TypeFactory(XmlRpcController controller) {
        super(controller);
    }

    @Override
    public TypeParser getParser(XmlRpcStreamConfig config, NamespaceContextImpl context, String uri, String localName) {
        if ((uri == null || uri.isEmpty()) && I8.equals(localName)) {
            return new I8Parser();
        }
        return super.getParser(config, context, uri, localName);
    }
}
