package org.overbookd.policy.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.overbookd.policy.Plugin;
import org.overbookd.policy.hybrid.HybridSettings;
import org.overbookd.policy.maxweight.GreedySolver;
import org.overbookd.policy.maxweight.Padding;
import org.overbookd.policy.maxweight.RefreshMaxWeightScheduler;
import org.overbookd.policy.maxweight.RoutedRefreshScheduler;
import org.overbookd.policy.maxweight.TypeSettings;
import org.overbookd.policy.overbooking.HostOrder;
import org.overbookd.policy.overbooking.OverbookingSettings;
import org.overbookd.policy.qos.RequestSettings;
import org.overbookd.policy.qos.ScanLimits;
import org.overbookd.policy.qos.ServiceClasses;

class PolicyRegistryTest {

    @Test
    void eachModelListsTheNamesTheCommandLineAccepts() {
        assertEquals(List.of("overbooking"), PolicyRegistry.IN_TREE.names(PolicyRegistry.OVERBOOKING));
        assertEquals(List.of("qos", "priority"), PolicyRegistry.IN_TREE.names(PolicyRegistry.REQUESTS));
        assertEquals(List.of("hybrid", "pri", "pri-n"), PolicyRegistry.IN_TREE.names(PolicyRegistry.SLOTS));
        assertEquals(
                List.of("maxweight", "m14", "m14-central", "g16", "best-fit"),
                PolicyRegistry.IN_TREE.names(PolicyRegistry.TYPES));
    }

    /** m14 is the baseline as the paper cites it (routed to per-server queues); the central-queue reading keeps its own name. */
    @Test
    void m14IsTheRoutedBaselineAndTheCentralQueueVariantIsNamedApart() {
        TypeSettings types =
                new TypeSettings(new GreedySolver(), Padding.LARGEST_FIRST, new double[] {1}, new SplittableRandom(1));
        assertInstanceOf(
                RoutedRefreshScheduler.class, PolicyRegistry.IN_TREE.create(PolicyRegistry.TYPES, "m14", types));
        assertInstanceOf(
                RefreshMaxWeightScheduler.class,
                PolicyRegistry.IN_TREE.create(PolicyRegistry.TYPES, "m14-central", types));
    }

    @Test
    void aNameMeansOnePolicyAcrossModels() {
        List<String> all = new ArrayList<>();
        for (PolicyRegistry.Model<?, ?> m : List.of(
                PolicyRegistry.OVERBOOKING, PolicyRegistry.REQUESTS, PolicyRegistry.SLOTS, PolicyRegistry.TYPES)) {
            all.addAll(PolicyRegistry.IN_TREE.names(m));
        }
        assertEquals(all.size(), new HashSet<>(all).size(), all.toString());
    }

    @Test
    void everyPolicyAnswersWithTheNameItWasBuiltUnder() {
        OverbookingSettings overbooking = new OverbookingSettings(70, 90, 2, HostOrder.LEAST_UTILIZED);
        RequestSettings requests = new RequestSettings(ServiceClasses.defaults(), ScanLimits.NONE);
        HybridSettings slots = HybridSettings.defaults(1);
        TypeSettings types =
                new TypeSettings(new GreedySolver(), Padding.LARGEST_FIRST, new double[] {1}, new SplittableRandom(1));
        check(PolicyRegistry.OVERBOOKING, overbooking);
        check(PolicyRegistry.REQUESTS, requests);
        check(PolicyRegistry.SLOTS, slots);
        check(PolicyRegistry.TYPES, types);
    }

    private static <S, P extends Plugin> void check(PolicyRegistry.Model<S, P> model, S settings) {
        for (String name : PolicyRegistry.IN_TREE.names(model)) {
            P first = PolicyRegistry.IN_TREE.create(model, name, settings);
            assertEquals(name, first.name());
            assertFalse(
                    first == PolicyRegistry.IN_TREE.create(model, name, settings), name + ": a fresh policy each time");
        }
    }

    @Test
    void anUnknownNameGivesOneErrorListingTheKnownOnes() {
        UnknownPolicyException e = assertThrows(
                UnknownPolicyException.class,
                () -> PolicyRegistry.IN_TREE.create(PolicyRegistry.SLOTS, "fifo", HybridSettings.defaults(1)));
        assertEquals("'fifo' is not one of hybrid, pri, pri-n", e.getMessage());
        assertEquals(List.of("hybrid", "pri", "pri-n"), e.known());
    }

    @Test
    void namesAreExactAndBelongToTheirModel() {
        assertFalse(PolicyRegistry.IN_TREE.has(PolicyRegistry.TYPES, "MaxWeight"), "case is the caller's business");
        assertFalse(PolicyRegistry.IN_TREE.has(PolicyRegistry.TYPES, "qos"), "qos is a request policy");
        assertTrue(PolicyRegistry.IN_TREE.has(PolicyRegistry.REQUESTS, "qos"));
    }

    @Test
    void aPolicyAddedToACopyKeepsTheInTreeRegistryAsItWasAndNamesStayUnique() {
        PolicyRegistry more = PolicyRegistry.IN_TREE.with(
                PolicyRegistry.SLOTS,
                org.overbookd.policy.PluginFactory.of(
                        "pri-2", s -> org.overbookd.policy.hybrid.HybridPolicy.priN(2, 1)));
        assertEquals(List.of("hybrid", "pri", "pri-n", "pri-2"), more.names(PolicyRegistry.SLOTS));
        assertEquals(List.of("hybrid", "pri", "pri-n"), PolicyRegistry.IN_TREE.names(PolicyRegistry.SLOTS));
        IllegalArgumentException twice = assertThrows(
                IllegalArgumentException.class,
                () -> more.with(PolicyRegistry.TYPES, org.overbookd.policy.PluginFactory.of("qos", s -> null)));
        assertEquals("a policy named qos is already registered (model requests)", twice.getMessage());
    }

    @Test
    void argumentsAreParsedCheckedAndDefaultedByTheirDeclaration() {
        HybridSettings settings = HybridSettings.defaults(1);
        assertEquals(
                HybridSettings.PAPER_STICKY_SLOTS,
                PolicyRegistry.IN_TREE
                        .create(PolicyRegistry.SLOTS, "hybrid", settings)
                        .stickySlots());
        assertEquals(
                7,
                PolicyRegistry.IN_TREE
                        .create(PolicyRegistry.SLOTS, "hybrid", settings, java.util.Map.of("sticky-slots", " 7"))
                        .stickySlots());
        org.overbookd.policy.ArgumentException bad = assertThrows(
                org.overbookd.policy.ArgumentException.class,
                () -> PolicyRegistry.IN_TREE.create(
                        PolicyRegistry.SLOTS, "pri-n", settings, java.util.Map.of("eviction-limit", "0")));
        assertEquals("eviction-limit", bad.key());
        assertFalse(bad.isUndeclared());
        assertEquals("must be at least 1, got 0", bad.getMessage());
        org.overbookd.policy.ArgumentException other = assertThrows(
                org.overbookd.policy.ArgumentException.class,
                () -> PolicyRegistry.IN_TREE.create(
                        PolicyRegistry.SLOTS, "pri", settings, java.util.Map.of("eviction-limit", "3")));
        assertTrue(other.isUndeclared());
        assertEquals(List.of("pri-n"), other.takenBy());
    }

    @Test
    void algorithmOneDeclaresItsBetaAndRecheckWithTheModelsDefaults() {
        TypeSettings types =
                new TypeSettings(new GreedySolver(), Padding.LARGEST_FIRST, new double[] {1}, new SplittableRandom(1));
        assertEquals(
                List.of("beta", "recheck-empty"),
                PolicyRegistry.IN_TREE.arguments(PolicyRegistry.TYPES, "maxweight").stream()
                        .map(org.overbookd.policy.Argument::key)
                        .toList());
        assertEquals(
                0.5,
                PolicyRegistry.IN_TREE
                        .create(PolicyRegistry.TYPES, "maxweight", types)
                        .beta());
        assertEquals(
                0.25,
                PolicyRegistry.IN_TREE
                        .create(PolicyRegistry.TYPES, "maxweight", types, java.util.Map.of("beta", "0.25"))
                        .beta());
        org.overbookd.policy.ArgumentException m14 = assertThrows(
                org.overbookd.policy.ArgumentException.class,
                () -> PolicyRegistry.IN_TREE.create(
                        PolicyRegistry.TYPES, "m14", types, java.util.Map.of("beta", "0.25")));
        assertEquals(List.of("maxweight"), m14.takenBy());
    }
}
