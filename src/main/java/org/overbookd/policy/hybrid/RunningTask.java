package org.overbookd.policy.hybrid;

/** A task executing on a slot, as a policy sees it. */
public interface RunningTask {

    int index();

    int priority();

    /** Evictions it suffered before this execution. */
    int evictions();

    /** The server whose slot it holds. */
    int server();

    /** Whether it runs under a sticky label: then it is never evicted. */
    boolean sticky();

    /**
     * Rank of this execution's start among all starts of the run: a task that started later has a
     * higher rank, and of two started at the same instant the one placed second does. "Started most
     * recently" compares these.
     */
    long startOrder();
}
