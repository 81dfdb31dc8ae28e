package org.overbookd.policy.maxweight;

/** The one decision of a VM-type scheduler: start the oldest waiting VM of this type on this server. */
public record Start(int server, int type) {}
