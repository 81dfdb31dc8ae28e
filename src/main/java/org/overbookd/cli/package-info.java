/**
 * The overbookd command line (picocli): run, check-config, status, audit, simulate for the four
 * models, sweep, tune, compare, the papers' experiments, convert-trace, record-info and the
 * configuration reference; the help's layout, the daemon's console log, and exit codes from sysexits.
 *
 * <p>Layer 11, the top (see ArchitectureTest): may import every other package.
 */
package org.overbookd.cli;
