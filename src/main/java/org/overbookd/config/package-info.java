/**
 * Settings: the schema of every key (Option, Options) with its default, range and documentation,
 * the loader that reads a properties file and names the file, line and key of each problem, and the
 * bindings of settings to what runs on them (Bindings for the overbooking policy, SimBindings for
 * the simulator).
 *
 * <p>Layer 9 (see ArchitectureTest): may import sim, loop, audit, backend, policy, io, random and
 * model. It is the only package that knows both how settings are read and what they drive.
 */
package org.overbookd.config;
