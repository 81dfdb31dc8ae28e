package org.overbookd.policy.qos;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.SplittableRandom;

/** Fisher-Yates with the run's seeded source, so a later stable sort breaks ties at random. */
final class Shuffle {

    private Shuffle() {
    }

    static <T> List<T> shuffled(Collection<T> items, SplittableRandom random) {
        List<T> list = new ArrayList<>(items);
        for (int i = list.size() - 1; i > 0; i--) {
            int k = random.nextInt(i + 1);
            T t = list.get(i);
            list.set(i, list.get(k));
            list.set(k, t);
        }
        return list;
    }
}
