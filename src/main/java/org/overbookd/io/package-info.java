/**
 * Files overbookd reads and writes, below any one use of them: RollingFile (whole lines appended
 * for months, rolled without losing or splitting a line; the audit log and the record file) and
 * IoReasons (the operating system's words for an I/O failure, for messages that already name the
 * file), InputException (bad input data, naming file and line) and TaskEventRows (the Google cluster
 * trace's task_events files, read as rows of typed fields); CsvTable and Decimals, the one writer of
 * result tables (header, typed cells, fixed decimals with the rounding named).
 *
 * <p>Layer 3 (see ArchitectureTest): may import random and model.
 */
package org.overbookd.io;
