/**
 * CPU load patterns of the Verboven et al. simulator (section 4.1): noisy, spiky and business-hours
 * loads, and loads replayed from a recorded trace. Each VM owns its generator and its random
 * stream. These objects define the draws; a simulated run draws the three synthetic patterns on
 * the backend's flat path instead, with the same arithmetic, and only a trace through its object
 * (see the simulated package).
 *
 * <p>Layer 5, backend (see ArchitectureTest): may import random and model; the simulated backend
 * uses it, not the other way round.
 */
package org.overbookd.backend.simulated.load;
