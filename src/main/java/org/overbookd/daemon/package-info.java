/**
 * The long-running service: what overbookd run assembles from its settings (Service: backend,
 * reloadable policy, audit log), the Quartz schedule of the control loop, the checks before start
 * (Preflight), settings reload, the recorder around the backend when record.file is set (the
 * recorder itself is backend's RecordingBackend), and how an out-of-memory ends the process
 * (OutOfMemoryExit: exit 70 with one line, whichever thread meets it).
 *
 * <p>Layer 10 (see ArchitectureTest): may import config and everything below, not cli. It wires in
 * daemon.health and daemon.ha, which do not import it.
 */
package org.overbookd.daemon;
