package org.overbookd.backend.opennebula;

/**
 * A host or a low-QoS VM in a condition the backend says once, when it begins: a host left out of the
 * view, a low-QoS VM left alone, or a queued one that may go nowhere (it stays in the queue).
 *
 * @param id     host or VM id
 * @param name   its name in OpenNebula
 * @param label  the short reason counted in the view ({@code offline}, {@code stale-monitoring},
 *               {@code failed}, {@code pending}, {@code no-host}, ...)
 * @param detail the same for people: what was seen
 */
record LeftOut(int id, String name, String label, String detail) {}
