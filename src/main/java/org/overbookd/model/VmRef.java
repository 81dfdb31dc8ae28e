package org.overbookd.model;

/** An immutable reference to a VM, safe to keep after the view it came from has changed. */
public record VmRef(long id, String name) {
    public static VmRef of(VmView vm) {
        return new VmRef(vm.id(), vm.name());
    }
}
