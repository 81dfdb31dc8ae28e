package org.overbookd.policy.qos;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The classes a run offers, looked up by name; listed from the most to the least important. */
public final class ServiceClasses {

    private final Map<String, ServiceClass> byName = new LinkedHashMap<>();

    public ServiceClasses(List<ServiceClass> classes) {
        List<ServiceClass> sorted = new ArrayList<>(classes);
        sorted.sort(Comparator.comparingInt(ServiceClass::importance).thenComparing(ServiceClass::name));
        for (ServiceClass c : sorted) {
            if (byName.putIfAbsent(c.name(), c) != null) {
                throw new IllegalArgumentException("service class " + c.name() + " is defined twice");
            }
        }
    }

    /** The paper's three classes (section 4.2): gold 100%, silver 90%, bronze 50%. */
    public static ServiceClasses defaults() {
        return new ServiceClasses(List.of(
                ServiceClass.of("gold", 1.0, 1, 3),
                ServiceClass.of("silver", 0.9, 2, 2),
                ServiceClass.of("bronze", 0.5, 3, 1)));
    }

    public Optional<ServiceClass> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** Most important first. */
    public List<ServiceClass> all() {
        return Collections.unmodifiableList(new ArrayList<>(byName.values()));
    }

    /** The least important rank offered: its classes are the "bronze" of section 5.3. */
    public int leastImportance() {
        return byName.values().stream().mapToInt(ServiceClass::importance).max().orElse(1);
    }
}
