package org.overbookd.sim.types;

import java.util.Map;
import org.overbookd.policy.maxweight.ConfigurationSolver;
import org.overbookd.policy.maxweight.Padding;
import org.overbookd.policy.maxweight.SolverChoice;
import org.overbookd.policy.maxweight.TypeScheduler;
import org.overbookd.policy.maxweight.TypeSettings;
import org.overbookd.policy.registry.PolicyRegistry;
import org.overbookd.random.Seeds;

/**
 * One policy with its settings and arguments, ready to run on a scenario: resolves the solver for
 * the scenario's servers, gives G16 its own random stream from the master seed, builds the policy
 * from the registry and runs the engine.
 *
 * @param registry  where the policy is found: {@link PolicyRegistry#IN_TREE}, or that and more
 * @param policy    the scheduler's name in the registry: maxweight, m14, m14-central, g16, best-fit
 * @param arguments the arguments the policy declares, as text by key (Algorithm 1's {@code beta} and
 *                  {@code recheck-empty}); those not given at their defaults
 */
public record TypesRun(
        PolicyRegistry registry, String policy, SolverChoice solver, Padding padding, Map<String, String> arguments) {

    /** G16's sampling stream: derived from the master seed, apart from the workload's streams. */
    static final long G16_ROLE = 0x4731365341L;

    public TypesRun {
        arguments = Map.copyOf(arguments);
    }

    /** An in-tree policy. */
    public TypesRun(String policy, SolverChoice solver, Padding padding, Map<String, String> arguments) {
        this(PolicyRegistry.IN_TREE, policy, solver, padding, arguments);
    }

    /** An in-tree policy at the model's defaults (the automatic solver, largest-first padding) with these arguments. */
    public static TypesRun atDefaults(String policy, Map<String, String> arguments) {
        return new TypesRun(policy, SolverChoice.AUTO, Padding.LARGEST_FIRST, arguments);
    }

    /**
     * @throws IllegalArgumentException when the exact solver is asked for servers too large for it
     * @throws org.overbookd.policy.registry.UnknownPolicyException when no VM-type scheduler has that name
     * @throws org.overbookd.policy.ArgumentException naming the key of an argument the policy does not
     *     declare or whose value it refuses
     */
    public TypesResult run(TypesScenario scenario, long seed, double horizon, int samples) {
        TypesWorld shapeOnly = new TypesWorld(scenario.servers(), scenario.types(), (s, j, a, d) -> {});
        ConfigurationSolver resolved = solver.resolve(shapeOnly);
        TypeScheduler scheduler = registry.create(
                PolicyRegistry.TYPES,
                policy,
                new TypeSettings(resolved, padding, scenario.serviceRates(), Seeds.stream(seed, G16_ROLE)),
                arguments);
        return new TypesSimulation(scenario, scheduler, seed, horizon, samples)
                .run(scheduler.beta(), scheduler.solverName());
    }
}
