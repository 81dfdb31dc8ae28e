package org.overbookd.backend.opennebula;

import java.util.Arrays;

/**
 * The names of the open elements from the root down to the current one. Parsers match on depth
 * and the last one or two names instead of building path strings: a pool of 100,000 VMs has
 * millions of elements.
 */
final class ElementPath {

    private String[] names = new String[16];
    private int depth;

    void push(String name) {
        if (depth == names.length) {
            names = Arrays.copyOf(names, depth * 2);
        }
        names[depth++] = name;
    }

    void pop() {
        names[--depth] = null;
    }

    /** 1 for the root element. */
    int depth() {
        return depth;
    }

    /** The current element's local name. */
    String name() {
        return names[depth - 1];
    }

    /** The enclosing element's local name, or the empty string at the root. */
    String parent() {
        return depth > 1 ? names[depth - 2] : "";
    }

    /** True when the current element is {@code name} at {@code level} (1 = root). */
    boolean is(int level, String name) {
        return depth == level && names[depth - 1].equals(name);
    }

    @Override
    public String toString() {
        return String.join("/", Arrays.copyOf(names, depth));
    }
}
