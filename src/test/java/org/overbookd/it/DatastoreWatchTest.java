package org.overbookd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The placement suite's watch of the system datastores, on readings shaped as the 19:41 run's. */
class DatastoreWatchTest {

    private static final String MONITORED =
            "<TOTAL_MB>4796800</TOTAL_MB><FREE_MB>3333260</FREE_MB><USED_MB>1429920</USED_MB>";
    private static final String ZEROS = "<TOTAL_MB>0</TOTAL_MB><FREE_MB>0</FREE_MB><USED_MB>0</USED_MB>";

    private static String ds(int id, int state, int cluster, String capacity, String shared) {
        return "<DATASTORE><ID>" + id + "</ID><TYPE>1</TYPE><STATE>" + state + "</STATE><CLUSTERS><ID>" + cluster
                + "</ID></CLUSTERS>" + capacity + "<TEMPLATE><SHARED><![CDATA[" + shared
                + "]]></SHARED></TEMPLATE></DATASTORE>";
    }

    /** Datastore 0 (cluster 0) as given, 100 (cluster 100) monitored, 102 not shared, 103 disabled. */
    private static String pool(String zero) {
        return "<DATASTORE_POOL>" + zero + ds(100, 0, 100, MONITORED, "YES") + ds(102, 0, 100, ZEROS, "NO")
                + ds(103, 1, 100, MONITORED, "YES")
                + "<DATASTORE><ID>1</ID><TYPE>0</TYPE><STATE>0</STATE><CLUSTERS><ID>0</ID></CLUSTERS>" + ZEROS
                + "<TEMPLATE/></DATASTORE></DATASTORE_POOL>";
    }

    private static Instant at(String time) {
        return Instant.parse("2026-11-28T" + time + "Z");
    }

    /** The run's readings: datastore 0 unmonitored from 19:41:33 to 19:41:54, monitored again at 19:42:03. */
    private static DatastoreWatch run() {
        DatastoreWatch watch = new DatastoreWatch();
        watch.read(at("19:41:27.395"), at("19:41:27.395").plusMillis(40), pool(ds(0, 0, 0, MONITORED, "YES")));
        watch.read(at("19:41:33.099"), at("19:41:33.099").plusMillis(40), pool(ds(0, 0, 0, ZEROS, "YES")));
        watch.read(at("19:41:53.923"), at("19:41:53.923").plusMillis(40), pool(ds(0, 0, 0, ZEROS, "YES")));
        watch.read(at("19:42:03.563"), at("19:42:03.563").plusMillis(40), pool(ds(0, 0, 0, MONITORED, "YES")));
        return watch;
    }

    @Test
    void aCycleReadingWhileTheDatastoreOfItsClusterReadUnmonitoredIsExplained() {
        Optional<String> why = run().unusableDuring(at("19:41:32.142"), at("19:41:32.292"), Set.of(0));

        assertTrue(why.isPresent());
        assertTrue(why.get().startsWith("datastore 0 read unmonitored"), why.get());
    }

    @Test
    void theEpisodeSpansFromTheLastUsableReadingAskedToTheFirstUsableOneAgainAnswered() {
        DatastoreWatch watch = run();

        assertTrue(watch.unusableDuring(at("19:41:27.000"), at("19:41:27.395"), Set.of(0))
                .isPresent());
        assertTrue(watch.unusableDuring(at("19:42:03.603"), at("19:42:04.000"), Set.of(0))
                .isPresent());
        assertEquals(Optional.empty(), watch.unusableDuring(at("19:41:26.000"), at("19:41:27.394"), Set.of(0)));
        assertEquals(Optional.empty(), watch.unusableDuring(at("19:42:03.604"), at("19:42:05.000"), Set.of(0)));
    }

    @Test
    void onlyADatastoreOfTheNamedClustersExplains() {
        assertEquals(Optional.empty(), run().unusableDuring(at("19:41:32.142"), at("19:41:32.292"), Set.of(100, 101)));
        assertTrue(run().unusableDuring(at("19:41:32.142"), at("19:41:32.292"), Set.of())
                .isPresent());
    }

    @Test
    void aDatastoreNeverReadUsableOrNotSharedOrNotSystemMakesNoEpisode() {
        DatastoreWatch watch = new DatastoreWatch();
        // 103 disabled throughout, 102 not shared with zeros (usable), image datastore 1 with zeros
        watch.read(at("19:41:00"), at("19:41:00").plusMillis(40), pool(ds(0, 0, 0, MONITORED, "YES")));
        watch.read(at("19:41:10"), at("19:41:10").plusMillis(40), pool(ds(0, 0, 0, MONITORED, "YES")));

        assertEquals(Optional.empty(), watch.unusableDuring(at("19:40:00"), at("19:42:00"), Set.of()));
    }

    @Test
    void aDatastoreStillUnusableAtTheLastReadingExplainsEveryLaterCycle() {
        DatastoreWatch watch = new DatastoreWatch();
        watch.read(at("19:41:00"), at("19:41:00").plusMillis(40), pool(ds(0, 0, 0, MONITORED, "YES")));
        watch.read(at("19:41:10"), at("19:41:10").plusMillis(40), pool(ds(0, 1, 0, MONITORED, "YES")));

        Optional<String> why = watch.unusableDuring(at("19:43:00"), at("19:43:01"), Set.of(0));
        assertTrue(why.isPresent());
        assertTrue(why.get().contains("in STATE 1"), why.get());
    }
}
