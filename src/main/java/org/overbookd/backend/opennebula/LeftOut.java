package org.overbookd.backend.opennebula;

/**
 * A host or a low-QoS VM that an observation saw but did not offer the policy, with why.
 *
 * @param id     host or VM id
 * @param name   its name in OpenNebula
 * @param label  the short reason counted in the view ({@code offline}, {@code stale-monitoring},
 *               {@code failed}, {@code pending}, ...)
 * @param detail the same for people: what was seen
 */
record LeftOut(int id, String name, String label, String detail) {
}
