package org.overbookd.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The forwarding views forward every method of their view, defaults included: a default left out
 * answers the interface's "none" (no forecast, no history) for a VIM that has one, silently.
 */
class ForwardingViewsTest {

    private static List<String> notForwarded(Class<?> view, Class<?> forwarding) {
        List<String> missing = new ArrayList<>();
        for (Method m : view.getMethods()) {
            if (Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            try {
                if (forwarding.getDeclaredMethod(m.getName(), m.getParameterTypes()) == null) {
                    missing.add(m.getName());
                }
            } catch (NoSuchMethodException e) {
                missing.add(m.getName());
            }
        }
        return missing;
    }

    @Test
    void everyMethodOfAVmViewAndOfAHostViewIsForwarded() {
        assertEquals(List.of(), notForwarded(VmView.class, ForwardingVmView.class));
        assertEquals(List.of(), notForwarded(HostView.class, ForwardingHostView.class));
    }

    @Test
    void everyMethodOfAClusterViewAndOfAQueueIndexIsForwarded() {
        assertEquals(List.of(), notForwarded(ClusterView.class, ForwardingClusterView.class));
        List<String> index = new ArrayList<>();
        for (Method m : QueueIndex.class.getMethods()) {
            try {
                if (!ForwardingQueueIndex.class
                        .getDeclaredMethod(m.getName(), m.getParameterTypes())
                        .isDefault()) {
                    index.add(m.getName());
                }
            } catch (NoSuchMethodException e) {
                index.add(m.getName());
            }
        }
        assertEquals(List.of(), index);
    }
}
