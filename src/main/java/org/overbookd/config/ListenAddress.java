package org.overbookd.config;

import java.net.InetSocketAddress;

/**
 * A TCP address to listen on, written {@code host:port} ({@code [::1]:9464} for an IPv6 literal),
 * or {@link #NONE} for the empty value: nothing listens. Port 0 asks for any free port (tests).
 */
public record ListenAddress(String host, int port) {

    public static final ListenAddress NONE = new ListenAddress("", -1);

    public boolean isNone() {
        return port < 0;
    }

    /** The socket address, resolving the host; only for an address that is not {@link #NONE}. */
    public InetSocketAddress socketAddress() {
        return new InetSocketAddress(host, port);
    }

    /**
     * @throws IllegalArgumentException saying what is wrong with {@code raw}, without the key
     */
    public static ListenAddress parse(String raw) {
        String text = raw.trim();
        if (text.isEmpty()) {
            return NONE;
        }
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("'" + raw + "' is not host:port (such as 127.0.0.1:9464)");
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        } else if (host.contains(":")) {
            throw new IllegalArgumentException("'" + raw + "': write an IPv6 address in brackets, such as [::1]:9464");
        }
        if (host.isEmpty()) {
            throw new IllegalArgumentException("'" + raw + "' has no host");
        }
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + raw + "': the port is not a whole number");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("'" + raw + "': the port is outside 0 to 65535");
        }
        return new ListenAddress(host, port);
    }

    public String format() {
        if (isNone()) {
            return "";
        }
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    @Override
    public String toString() {
        return format();
    }
}
