/**
 * Files overbookd reads and writes, below any one use of them: RollingFile (whole lines appended
 * for months, rolled without losing or splitting a line; the audit log and the record file),
 * IoReasons (the operating system's words for an I/O failure, for messages that already name the
 * file), OutputDirectory (an output directory tried before the work whose results go into it), and
 * the one input layer every model reads through: InputException (bad input, naming file
 * and line; exit 65 for a file read and found wrong, 66 for one that could not be read), InputFiles
 * (UTF-8 text, gunzipped by name), CsvInput (the one CSV reader, typed fields, one wording for
 * every problem), StrictNumbers (the one rule for a number in an input file), KeyValueLines (the
 * properties format as Commons Configuration reads it, with line numbers), TaskEventRows and
 * TaskUsageRows (the Google cluster trace's task_events and task_usage files, read as typed events
 * and usage intervals), and the other public traces' rows: AzureVmRows (Azure 2019's VM table and CPU
 * readings), AlibabaRows (Alibaba 2018's machines and containers), GoogleInstanceUsageRows (Google
 * 2019's instance usage, JSON lines) and SwfJobs (the Standard Workload Format); and CsvTable and Decimals, the one writer of result tables (header, typed
 * cells, fixed decimals with the rounding named), Png, the one writer of charts (ImageIO's bytes,
 * faster), and Provenance, what every result table and chart
 * says it was computed on (the workload, its kind, the source of its demands).
 *
 * <p>Layer 3 (see ArchitectureTest): may import random and model, and Commons CSV, Commons
 * Configuration's properties reader, Jackson (for JSON lines) and XChart (to draw a chart it writes).
 */
package org.overbookd.io;
