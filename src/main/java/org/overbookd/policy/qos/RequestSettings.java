package org.overbookd.policy.qos;

/** What a request scheduler is built from: the service classes it knows and how far a pass may look. */
public record RequestSettings(ServiceClasses classes, ScanLimits limits) {}
