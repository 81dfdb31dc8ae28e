package org.overbookd.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ReasonTest {

    private static Reason eager() {
        return Reason.because("host h1 at 96.0% >= upper bound 95%")
                .fact("host_utilization", 96.0)
                .fact("slots", 2)
                .fact("vm_q_seconds", "infinite")
                .build();
    }

    @Test
    void aDraftReadsAsTheReasonItWritesAndIsWrittenOnce() {
        AtomicInteger renders = new AtomicInteger();
        Reason drafted = Reason.drafted(() -> {
            renders.incrementAndGet();
            return eager();
        });
        assertEquals(0, renders.get(), "nothing is written until someone reads it");
        assertEquals(eager().text(), drafted.text());
        assertEquals(
                List.of("host_utilization", "slots", "vm_q_seconds"),
                new ArrayList<>(drafted.facts().keySet()),
                "facts in the order they were given, as audit lines need");
        assertEquals(eager().facts(), drafted.facts());
        assertEquals(eager(), drafted);
        assertEquals(drafted, eager());
        assertEquals(eager().hashCode(), drafted.hashCode());
        assertEquals(eager().toString(), drafted.toString());
        assertEquals(1, renders.get(), "written once, then kept");
    }

    @Test
    void equalityIsByTextAndFacts() {
        assertNotEquals(
                eager(), Reason.because("host h1 at 96.0% >= upper bound 95%").build());
        assertNotEquals(
                eager(),
                Reason.drafted(() -> Reason.because("other")
                        .fact("host_utilization", 96.0)
                        .fact("slots", 2)
                        .fact("vm_q_seconds", "infinite")
                        .build()));
        assertEquals("Reason[text=t, facts={a=1}]", new Reason("t", Map.of("a", 1)).toString());
    }

    @Test
    void factsCannotBeChangedByTheirReader() {
        Reason drafted = Reason.drafted(ReasonTest::eager);
        assertThrows(UnsupportedOperationException.class, () -> drafted.facts().put("x", 1));
    }
}
