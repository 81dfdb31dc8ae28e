package org.overbookd.backend.simulated.flat;

import java.util.SplittableRandom;
import org.overbookd.backend.simulated.load.LoadGenerator;

/**
 * What the flat state reads and writes of a VM that takes or leaves one of its slots: the pattern
 * it draws, and the state of its draw that it carries while it holds no slot (its stream, its
 * spike state) or keeps once found (the index of its draw profile in the state's table). The
 * simulated backend's VM implements it; the flat state knows no more of the VM, so that this package
 * does not depend on the one above it.
 */
public interface FlatVm {

    /** The VM's id, for error messages. */
    long id();

    /** What the VM's load does; null for a VM that has let it go because it takes no slot again. */
    LoadGenerator generator();

    /** The VM's stream when its generator draws through its own object (a trace); null for a flat pattern. */
    SplittableRandom random();

    /** The factor its load is multiplied by: its low-QoS size, 1 without one. */
    double scale();

    /** The VM's slot while it holds one, -1 otherwise. */
    int slot();

    void slot(int slot);

    /** The VM's flat random stream ({@link FlatStream}) while it holds no slot. */
    long stream();

    void stream(long state);

    /** The VM's spike state while it holds no slot. */
    byte spike();

    void spike(byte state);

    /**
     * Its profile's index in {@link HotState#profiles} (its spread, size and curve or spike model),
     * -1 until first found; a VM that takes only one slot may keep none (-1 always), and the state
     * looks the index up that once.
     */
    int profileIndex();

    void profileIndex(int index);
}
