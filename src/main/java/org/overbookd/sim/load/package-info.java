/**
 * CPU load patterns of the Verboven et al. simulator (section 4.1): noisy, spiky and business-hours
 * loads, and loads replayed from a recorded trace. Each VM owns its generator and its random
 * stream.
 *
 * <p>Layer 8, sim (see ArchitectureTest): may import sim and the layers below it.
 */
package org.overbookd.sim.load;
