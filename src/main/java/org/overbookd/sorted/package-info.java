/**
 * Sets of ints kept as ascending arrays without repeats, for the code that scans positions in
 * order and narrows the scan by what changed: {@link org.overbookd.sorted.SortedInts} (their union).
 * The QoS-driven pass's remembered failed scans (hosts) and the requirement documents' matches
 * (element numbers) both keep such sets.
 *
 * <p>Layer 2 (see ArchitectureTest): imports nothing of overbookd.
 */
package org.overbookd.sorted;
