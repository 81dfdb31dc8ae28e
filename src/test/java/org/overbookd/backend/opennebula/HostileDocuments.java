package org.overbookd.backend.opennebula;

import java.util.ArrayList;
import java.util.List;

/**
 * Documents a VM owner or a hostile oned could make the daemon read, for tests and benchmarks: names
 * of one Java hash, deep nesting, many attributes.
 *
 * <p>"AO" and "B0" have the same {@link String#hashCode} (65 x 31 + 79 = 66 x 31 + 48), so every
 * string of n such blocks has the same hash as every other: 2^n upper-case names, valid OpenNebula
 * attribute names, that a table hashing with Java's 31 puts on one chain.
 */
final class HostileDocuments {

    private HostileDocuments() {}

    /** {@code count} (a power of two) distinct names of one String.hashCode. */
    static List<String> collidingNames(int count) {
        return names(count, "AO", "B0");
    }

    /** {@code count} names as long as {@link #collidingNames}'s, of blocks whose hashes differ. */
    static List<String> distinctNames(int count) {
        return names(count, "AA", "BB");
    }

    private static List<String> names(int count, String zero, String one) {
        int blocks = Integer.numberOfTrailingZeros(count);
        if (Integer.bitCount(count) != 1) {
            throw new IllegalArgumentException("a power of two, not " + count);
        }
        List<String> names = new ArrayList<>(count);
        StringBuilder name = new StringBuilder(2 * blocks);
        for (int i = 0; i < count; i++) {
            name.setLength(0);
            for (int b = blocks - 1; b >= 0; b--) {
                name.append((i >>> b & 1) == 0 ? zero : one);
            }
            names.add(name.toString());
        }
        return names;
    }

    /** A VM of the fake oned carrying one USER_TEMPLATE attribute per name, each with the value "1". */
    static FakeVm vmWithAttributes(int id, List<String> names) {
        FakeVm vm = new FakeVm(id, "vm-" + id, 1_700_000_000L);
        for (String name : names) {
            vm.attribute(name, "1");
        }
        return vm;
    }

    /** A VM pool of {@code vms} VMs, VM i with {@code QOS} = {@code values.get(i)}. */
    static String poolWithQos(List<String> values) {
        List<FakeVm> vms = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            vms.add(new FakeVm(i, "vm-" + i, 1_700_000_000L).attribute("QOS", values.get(i)));
        }
        return OneDocuments.toString(OneDocuments.vmPool(vms));
    }

    /** A VM pool of one VM whose USER_TEMPLATE holds an element nested {@code depth} deep. */
    static String poolNested(int depth) {
        return "<VM_POOL><VM><ID>1</ID><USER_TEMPLATE>" + "<A>".repeat(depth) + "1" + "</A>".repeat(depth)
                + "</USER_TEMPLATE></VM></VM_POOL>";
    }

    /** A VM pool of one VM whose USER_TEMPLATE holds an element with one attribute per name. */
    static String poolWithAttributes(List<String> names) {
        StringBuilder xml = new StringBuilder("<VM_POOL><VM><ID>1</ID><USER_TEMPLATE><A");
        for (String name : names) {
            xml.append(' ').append(name).append("='1'");
        }
        return xml.append("/></USER_TEMPLATE></VM></VM_POOL>").toString();
    }
}
