package org.overbookd.backend.opennebula;

import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

/**
 * The server side of XML-RPC, as much as the fake oned needs: it reads a methodCall of scalar
 * parameters (StAX) and writes oned's reply arrays, faults included.
 */
final class XmlRpcWire {

    /** A call as the fake received it; {@code params} starts with the session string. */
    record Call(String method, List<Object> params) {
        Object param(int index) {
            return params.get(index);
        }

        /** The parameters after the session. */
        List<Object> arguments() {
            return params.subList(1, params.size());
        }
    }

    private XmlRpcWire() {}

    static Call parseCall(byte[] body) throws XMLStreamException {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        XMLStreamReader xml = factory.createXMLStreamReader(new ByteArrayInputStream(body));
        String method = null;
        List<Object> params = new ArrayList<>();
        String type = null;
        StringBuilder text = new StringBuilder();
        while (xml.hasNext()) {
            int event = xml.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                text.setLength(0);
                String name = xml.getLocalName();
                if (!name.equals("value")
                        && !name.equals("param")
                        && !name.equals("params")
                        && !name.equals("methodCall")
                        && !name.equals("methodName")) {
                    type = name;
                }
            } else if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) {
                text.append(xml.getText());
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                String name = xml.getLocalName();
                if (name.equals("methodName")) {
                    method = text.toString().strip();
                } else if (name.equals("value")) {
                    // A value with no type element is a string (the Apache client writes strings so).
                    params.add(scalar(type == null ? "string" : type, text.toString()));
                    type = null;
                }
            }
        }
        return new Call(method, params);
    }

    private static Object scalar(String type, String text) {
        return switch (type) {
            case "int", "i4" -> Integer.valueOf(text.strip());
            case "i8" -> Long.valueOf(text.strip());
            case "boolean" -> text.strip().equals("1");
            case "double" -> Double.valueOf(text.strip());
            case "string" -> text;
            default -> throw new IllegalArgumentException("the fake does not take parameters of type " + type);
        };
    }

    /** {@code [true, value, 0]}. */
    static String success(Object value) {
        return response(xml -> {
            array(xml, true, value, 0);
        });
    }

    /** {@code [false, message, code, 0, (i8) 0]}: oned's error reply, bare i8 included. */
    static String failure(String message, int code) {
        return response(xml -> array(xml, false, message, code, 0, 0L));
    }

    /** A reply that is a bare value, not oned's array. */
    static String bare(Object value) {
        return response(xml -> value(xml, value));
    }

    /** An XML-RPC fault, which oned itself only sends for unknown methods or bad signatures. */
    static String fault(int code, String message) {
        return write(xml -> {
            xml.writeStartElement("methodResponse");
            xml.writeStartElement("fault");
            xml.writeStartElement("value");
            xml.writeStartElement("struct");
            member(xml, "faultCode", code);
            member(xml, "faultString", message);
            xml.writeEndElement();
            xml.writeEndElement();
            xml.writeEndElement();
            xml.writeEndElement();
        });
    }

    private static String response(OneDocuments.Body param) {
        return write(xml -> {
            xml.writeStartElement("methodResponse");
            xml.writeStartElement("params");
            xml.writeStartElement("param");
            param.write(xml);
            xml.writeEndElement();
            xml.writeEndElement();
            xml.writeEndElement();
        });
    }

    private static void array(XMLStreamWriter xml, Object... values) throws XMLStreamException {
        xml.writeStartElement("value");
        xml.writeStartElement("array");
        xml.writeStartElement("data");
        for (Object value : values) {
            value(xml, value);
        }
        xml.writeEndElement();
        xml.writeEndElement();
        xml.writeEndElement();
    }

    private static void member(XMLStreamWriter xml, String name, Object value) throws XMLStreamException {
        xml.writeStartElement("member");
        xml.writeStartElement("name");
        xml.writeCharacters(name);
        xml.writeEndElement();
        value(xml, value);
        xml.writeEndElement();
    }

    private static void value(XMLStreamWriter xml, Object value) throws XMLStreamException {
        xml.writeStartElement("value");
        String type;
        String text;
        if (value instanceof Boolean b) {
            type = "boolean";
            text = b ? "1" : "0";
        } else if (value instanceof Integer) {
            type = "int";
            text = value.toString();
        } else if (value instanceof Long) {
            type = "i8";
            text = value.toString();
        } else {
            type = "string";
            text = String.valueOf(value);
        }
        xml.writeStartElement(type);
        xml.writeCharacters(text);
        xml.writeEndElement();
        xml.writeEndElement();
    }

    private static String write(OneDocuments.Body body) {
        StringWriter out = new StringWriter();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(out);
            xml.writeStartDocument("UTF-8", "1.0");
            body.write(xml);
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return out.toString();
    }
}
