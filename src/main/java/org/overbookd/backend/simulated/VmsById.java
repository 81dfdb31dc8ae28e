package org.overbookd.backend.simulated;

import java.util.Arrays;

/**
 * The VMs a decision may name, found by id with one array read: ids are handed out in rising
 * order ({@link VmFactory}), so the table is a run of pages of 4,096 consecutive ids, each page
 * dropped once the last VM in it is forgotten. A Google-cell run looks a VM up for every decision
 * (some 560 a step); a {@code HashMap<Long, SimVm>} took a node and a boxed key out of memory for
 * each, this takes the page's slot, next to those of the VMs that arrived with it.
 */
final class VmsById {

    private static final int PAGE_BITS = 12;
    private static final int PAGE = 1 << PAGE_BITS;

    /** Page {@code p} holds ids {@code p * PAGE} onwards; null when none of them is held. */
    private LowQosVm[][] pages = new LowQosVm[64][];
    /** VMs held in each page, so that an emptied page can go. */
    private int[] held = new int[64];

    /** The VM with this id, or null when none is held. */
    LowQosVm get(long id) {
        long p = id >>> PAGE_BITS;
        if (id < 0 || p >= pages.length) {
            return null;
        }
        LowQosVm[] page = pages[(int) p];
        return page == null ? null : page[(int) id & (PAGE - 1)];
    }

    /** Holds {@code vm} under its id, in place of any VM held under it. */
    void put(LowQosVm vm) {
        long id = vm.id;
        if (id < 0) {
            throw new IllegalArgumentException("VM ids are not negative: " + id);
        }
        long p = id >>> PAGE_BITS;
        if (p >= pages.length) {
            if (p >= Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("VM id " + id + " is beyond the table's reach");
            }
            int n = (int) Math.max(p + 1, Math.min(2L * pages.length, Integer.MAX_VALUE - 8));
            pages = Arrays.copyOf(pages, n);
            held = Arrays.copyOf(held, n);
        }
        int at = (int) p;
        LowQosVm[] page = pages[at];
        if (page == null) {
            page = new LowQosVm[PAGE];
            pages[at] = page;
        }
        int slot = (int) id & (PAGE - 1);
        if (page[slot] == null) {
            held[at]++;
        }
        page[slot] = vm;
    }

    /** Forgets the VM held under {@code vm}'s id, if it is that VM. */
    void remove(LowQosVm vm) {
        long id = vm.id;
        long p = id >>> PAGE_BITS;
        if (id < 0 || p >= pages.length) {
            return;
        }
        int at = (int) p;
        LowQosVm[] page = pages[at];
        int slot = (int) id & (PAGE - 1);
        if (page == null || page[slot] != vm) {
            return;
        }
        page[slot] = null;
        if (--held[at] == 0) {
            pages[at] = null;
        }
    }
}
