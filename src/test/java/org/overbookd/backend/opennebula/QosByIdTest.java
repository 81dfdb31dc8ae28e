package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.overbookd.model.QosClass;

/** The QoS classes by VM id against a plain map given the same VMs: the same map, whatever their order. */
class QosByIdTest {

    @Test
    void itIsTheMapThatPuttingEachVmInTurnMakes() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 200; round++) {
            int n = random.nextInt(300);
            boolean ascending = round % 2 == 0;
            Map<Integer, QosClass> expected = new HashMap<>();
            QosById.Builder builder = new QosById.Builder(random.nextInt(8));
            int id = -50;
            for (int i = 0; i < n; i++) {
                // ascending pools as oned sends them, and shuffled ones with ids given twice, negative ones too
                id = ascending ? id + 1 + random.nextInt(3) : random.nextInt(-40, 160);
                QosClass qos = random.nextBoolean() ? QosClass.LOW : QosClass.HIGH;
                expected.put(id, qos);
                builder.put(id, qos);
            }
            QosById actual = builder.build();
            assertEquals(expected, actual, "round " + round);
            assertEquals(actual, expected, "round " + round);
            assertEquals(expected.size(), actual.size());
            for (int probe = -60; probe < 170; probe++) {
                assertEquals(expected.get(probe), actual.get(probe), "VM " + probe);
                assertEquals(expected.containsKey(probe), actual.containsKey(probe), "VM " + probe);
            }
        }
    }

    @Test
    void itIsReadOnlyAndKnowsOnlyIntegerIds() {
        QosById.Builder builder = new QosById.Builder(1);
        builder.put(3, QosClass.LOW);
        QosById qos = builder.build();
        assertNull(qos.get(3L), "a long is no VM id of this map");
        assertNull(qos.get("3"));
        assertThrows(UnsupportedOperationException.class, () -> qos.put(4, QosClass.HIGH));
        assertTrue(qos.entrySet().iterator().hasNext());
    }
}
