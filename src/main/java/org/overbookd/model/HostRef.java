package org.overbookd.model;

/** An immutable reference to a host, safe to keep after the view it came from has changed. */
public record HostRef(int id, String name) {
    public static HostRef of(HostView host) {
        return new HostRef(host.id(), host.name());
    }
}
