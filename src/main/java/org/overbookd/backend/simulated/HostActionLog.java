package org.overbookd.backend.simulated;

/**
 * The actions on hosts not yet filed into each host's history ({@link SimHost#actions}), in the
 * order they were taken: the enactor appends one here, and the hosts' histories take them in only
 * when a guard asks one of them ({@link SimHost#actionsSince}) or the log is full, host by host.
 *
 * <p>Why. Filing an action at once read the host's history array, a cache miss at nearly every
 * action of a Google cell, whose actions land on hosts spread over the whole cell (docs/performance.md
 * gives the profile). A run whose policy has no guard never asks, and filing a full log host by host
 * reads each host's history once for all its actions in the log.
 *
 * <p>A host's history is the same either way: {@link RecentTimes#add} of each of its actions, in
 * the order they were taken, with the same window; only when the adds happen differs, and nothing
 * reads the history in between (the log is filed before any answer).
 */
final class HostActionLog {

    /** The window of the guards' question: actions per host in an hour. */
    static final long HOUR = 3_600;
    /** At least, and per host: about 16 actions a host per filing when every host is acted on alike. */
    private static final int MIN_CAPACITY = 4096;

    private static final int PER_HOST = 16;

    private final SimHost[] hosts;
    private final int[] host;
    private final long[] second;
    private int size;
    /** Per host, where its first action goes in {@link #order} as a filing sorts them. */
    private final int[] start;
    /** The log's entries host by host (and within one host in the order they were taken), as a filing sorts them. */
    private final int[] order;

    HostActionLog(SimHost[] hosts) {
        this.hosts = hosts;
        int capacity = (int) Math.min(1 << 24, Math.max(MIN_CAPACITY, (long) PER_HOST * hosts.length));
        this.host = new int[capacity];
        this.second = new long[capacity];
        this.order = new int[capacity];
        this.start = new int[hosts.length + 1];
    }

    /** Host {@code hostId} (one of the hosts) was acted on at {@code now}, no earlier than its last action. */
    void acted(int hostId, long now) {
        if (size == host.length) {
            file();
        }
        host[size] = hostId;
        second[size] = now;
        size++;
    }

    /**
     * Files every action logged into its host's history: sorted by host (a counting sort, stable, so
     * each host's actions keep their order), then each host's taken in at once.
     */
    void file() {
        if (size == 0) {
            return;
        }
        int n = size;
        java.util.Arrays.fill(start, 0);
        for (int i = 0; i < n; i++) {
            start[host[i] + 1]++;
        }
        for (int h = 0; h < hosts.length; h++) {
            start[h + 1] += start[h];
        }
        for (int i = 0; i < n; i++) {
            order[start[host[i]]++] = i;
        }
        for (int k = 0; k < n; ) {
            int h = host[order[k]];
            SimHost acted = hosts[h];
            long[] times = acted.actions;
            for (; k < n && host[order[k]] == h; k++) {
                times = RecentTimes.add(times, second[order[k]], HOUR);
            }
            acted.actions = times;
        }
        size = 0;
    }
}
