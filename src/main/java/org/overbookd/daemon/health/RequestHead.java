package org.overbookd.daemon.health;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The head of an HTTP/1.x request as the metrics endpoint reads it: request line and header fields,
 * at most {@link #MAX_BYTES}; no body (a scrape has none). Anything else is refused, not guessed at.
 *
 * @param method  GET, HEAD, ...
 * @param path    the target up to its query
 * @param query   the target after {@code ?}, or empty
 * @param headers field values by lower-case name, in order
 */
record RequestHead(String method, String path, String query, Map<String, List<String>> headers) {

    /** A scrape's head is a few hundred bytes; this is room for long Accept lines, not for a flood. */
    static final int MAX_BYTES = 8 * 1024;

    /** Where the head ends in {@code bytes[0, length)}: the index after its blank line, or -1 while it goes on. */
    static int end(byte[] bytes, int length) {
        for (int i = 0; i < length; i++) {
            if (bytes[i] != '\n') {
                continue;
            }
            if (i + 1 < length && bytes[i + 1] == '\n') {
                return i + 2;
            }
            if (i + 2 < length && bytes[i + 1] == '\r' && bytes[i + 2] == '\n') {
                return i + 3;
            }
        }
        return -1;
    }

    /** The head in {@code bytes[0, length)}, which {@link #end} found complete; empty when it is not HTTP. */
    static Optional<RequestHead> parse(byte[] bytes, int length) {
        // ISO-8859-1: every byte is one char, so nothing undecodable can throw here
        String[] lines = new String(bytes, 0, length, StandardCharsets.ISO_8859_1).split("\r?\n");
        String[] request = lines[0].split(" ");
        if (request.length != 3
                || !request[2].startsWith("HTTP/1.")
                || request[0].isEmpty()
                || !request[1].startsWith("/")) {
            return Optional.empty();
        }
        Map<String, List<String>> headers = new TreeMap<>();
        for (int i = 1; i < lines.length && !lines[i].isEmpty(); i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0) {
                return Optional.empty();
            }
            headers.computeIfAbsent(
                            lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(lines[i].substring(colon + 1).strip());
        }
        int q = request[1].indexOf('?');
        return Optional.of(new RequestHead(
                request[0],
                q < 0 ? request[1] : request[1].substring(0, q),
                q < 0 ? "" : request[1].substring(q + 1),
                headers));
    }

    /** The values of a field, by any case of its name. */
    List<String> header(String name) {
        return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }
}
