package org.overbookd.policy.qos;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The service classes a cluster has seen, numbered in order of appearance, with what the Q bounds
 * need of each: the rate r = 1 / SLO - 1 at which Q grows while an instance holds resources (eq. 3
 * and 6 with de/dt = 1, dp/dt = 0), the margin phi and the baseline's priority.
 */
final class SeenClasses {

    private final List<ServiceClass> classes = new ArrayList<>();
    // copies of what the bounds read of each class, so a scan over every host reads arrays
    private double[] rates = new double[0];
    private double[] margins = new double[0];
    private int[] priorities = new int[0];

    int number(ServiceClass c) {
        for (int i = 0; i < classes.size(); i++) {
            if (classes.get(i) == c || classes.get(i).equals(c)) {
                return i;
            }
        }
        classes.add(c);
        int s = classes.size() - 1;
        rates = Arrays.copyOf(rates, s + 1);
        margins = Arrays.copyOf(margins, s + 1);
        priorities = Arrays.copyOf(priorities, s + 1);
        rates[s] = 1 / c.slo() - 1;
        margins[s] = c.safetyMarginS();
        priorities[s] = c.priority();
        return s;
    }

    int size() {
        return classes.size();
    }

    double rate(int number) {
        return rates[number];
    }

    ServiceClass serviceClass(int number) {
        return classes.get(number);
    }

    double safetyMargin(int number) {
        return margins[number];
    }

    int priority(int number) {
        return priorities[number];
    }
}
