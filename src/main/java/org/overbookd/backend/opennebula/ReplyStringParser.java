package org.overbookd.backend.opennebula;

import java.util.ArrayList;
import java.util.List;
import org.apache.xmlrpc.parser.TypeParserImpl;
import org.xml.sax.Attributes;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * The text of one XML-RPC {@code <string>} element, gathered in pieces of at most {@link #PIECE}
 * characters and joined once at its end tag into a string of exactly its length.
 *
 * <p>Why: Apache XML-RPC's own parser appends to one StringBuffer, which doubles whenever it fills and
 * turns wholly into two bytes a character at the first character beyond Latin-1. A 256 MiB reply could
 * then hold 3 bytes a byte read in ASCII and 6 with one such character: a reply that never ended
 * exhausted a 512 MB heap before the transport's cap (one.max-reply-mib) cut it. Here a piece is two
 * bytes a character only if it holds such a character itself, a reply cut at the cap holds about the
 * cap, and the joined string costs its own size once more ({@link String#join} copies each piece once
 * into a string of the exact length).
 */
final class ReplyStringParser extends TypeParserImpl {

    /** Characters per piece: a 1 MiB copy per MiB read, and a list of a few hundred pieces. */
    static final int PIECE = 1 << 20;

    private final List<String> pieces = new ArrayList<>();
    private final StringBuilder piece = new StringBuilder();
    private int level;

    @Override
    public void startDocument() throws SAXException {
        level = 0;
        pieces.clear();
        piece.setLength(0);
    }

    @Override
    public void startElement(String uri, String localName, String qName, Attributes attributes) throws SAXException {
        if (level++ != 0) {
            throw new SAXParseException("an element inside <string>: <" + qName + ">", getDocumentLocator());
        }
    }

    @Override
    public void characters(char[] chars, int start, int length) {
        int at = start;
        int left = length;
        while (left > 0) {
            int n = Math.min(left, PIECE - piece.length());
            piece.append(chars, at, n);
            at += n;
            left -= n;
            if (piece.length() == PIECE) {
                pieces.add(piece.toString());
                piece.setLength(0);
            }
        }
    }

    @Override
    public void ignorableWhitespace(char[] chars, int start, int length) {
        characters(chars, start, length);
    }

    @Override
    public void endElement(String uri, String localName, String qName) throws SAXException {
        if (--level != 0) {
            throw new SAXParseException("an element inside <string>: </" + qName + ">", getDocumentLocator());
        }
        if (pieces.isEmpty()) {
            setResult(piece.toString());
            return;
        }
        pieces.add(piece.toString());
        piece.setLength(0);
        piece.trimToSize();
        String whole = String.join("", pieces);
        pieces.clear();
        setResult(whole);
    }
}
