package org.overbookd.experiment;

import java.util.List;
import java.util.Optional;

/** Every experiment by its name, in the order the command lists them. */
public final class Experiments {

    private static final List<Experiment> ALL = List.of(
            new VerbovenTables(),
            new StickySlotsOverbooking(),
            new HybridTable2(),
            new QosValidation(),
            new QosHeterogeneous(),
            new PsychasExamples(),
            new PsychasFigure4(),
            new SilvaSection5(),
            new SilvaSlo(),
            new ForecastGuards());

    private Experiments() {}

    public static List<Experiment> all() {
        return ALL;
    }

    public static Optional<Experiment> byName(String name) {
        return ALL.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    public static List<String> names() {
        return ALL.stream().map(Experiment::name).toList();
    }
}
