package org.overbookd.backend.opennebula;

import org.apache.ws.commons.util.NamespaceContextImpl;
import org.apache.xmlrpc.common.TypeFactoryImpl;
import org.apache.xmlrpc.common.XmlRpcController;
import org.apache.xmlrpc.common.XmlRpcStreamConfig;
import org.apache.xmlrpc.parser.I8Parser;
import org.apache.xmlrpc.parser.TypeParser;

/**
 * The value types of oned's replies as Apache XML-RPC reads them, with two changes.
 *
 * <p>A bare {@code <i8>} (no namespace), which oned's xmlrpc-c puts in every error reply, is read.
 * Apache XML-RPC only knows {@code i8} as a vendor extension in its own namespace, and only with
 * extensions on. Turning extensions on would also enable serializable Java objects in replies (a
 * known deserialization hole), so we keep them off and teach the parser this one plain type.
 *
 * <p>A {@code <string>}, which carries the pools' documents, is gathered in pieces
 * ({@link ReplyStringParser}) rather than in one buffer that doubles as it grows: what a reply costs
 * in memory is then about its size, not up to three times it.
 */
final class ReplyTypeFactory extends TypeFactoryImpl {

    private static final String I8 = "i8";
    private static final String STRING = "string";

    ReplyTypeFactory(XmlRpcController controller) {
        super(controller);
    }

    @Override
    public TypeParser getParser(XmlRpcStreamConfig config, NamespaceContextImpl context, String uri, String localName) {
        if (uri == null || uri.isEmpty()) {
            if (I8.equals(localName)) {
                return new I8Parser();
            }
            if (STRING.equals(localName)) {
                return new ReplyStringParser();
            }
        }
        return super.getParser(config, context, uri, localName);
    }
}
