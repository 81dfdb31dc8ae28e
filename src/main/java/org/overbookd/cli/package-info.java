/**
 * The overbookd command line (picocli): run, check-config, status, audit, simulate for the four
 * models, sweep, compare, the papers' experiments and the configuration reference; exit codes from sysexits.
 *
 * <p>Layer 11, the top (see ArchitectureTest): may import every other package.
 */
package org.overbookd.cli;
