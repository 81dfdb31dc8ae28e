package org.overbookd.sim.types;

import org.overbookd.policy.maxweight.ConfigurationSolver;
import org.overbookd.policy.maxweight.Padding;
import org.overbookd.policy.maxweight.SolverChoice;
import org.overbookd.policy.maxweight.TypeScheduler;
import org.overbookd.policy.maxweight.TypeSettings;
import org.overbookd.policy.registry.PolicyRegistry;
import org.overbookd.random.Seeds;

/**
 * One policy with its settings, ready to run on a scenario: resolves the solver for the scenario's
 * servers, gives G16 its own random stream from the master seed, and runs the engine.
 *
 * @param policy       the scheduler's name in the {@link PolicyRegistry}: maxweight, m14, m14-central, g16, best-fit
 * @param beta         Algorithm 1's beta (ignored by the other policies)
 * @param recheckEmpty Algorithm 1's extension to empty servers (ignored by the other policies)
 */
public record TypesRun(String policy, SolverChoice solver, Padding padding, double beta, boolean recheckEmpty) {

    /** G16's sampling stream: derived from the master seed, apart from the workload's streams. */
    static final long G16_ROLE = 0x4731365341L;

    /**
     * @throws IllegalArgumentException when the exact solver is asked for servers too large for it
     * @throws org.overbookd.policy.registry.UnknownPolicyException when no VM-type scheduler has that name
     */
    public TypesResult run(TypesScenario scenario, long seed, double horizon, int samples) {
        TypesWorld shapeOnly = new TypesWorld(scenario.servers(), scenario.types(), (s, j, a, d) -> {});
        ConfigurationSolver resolved = solver.resolve(shapeOnly);
        TypeScheduler scheduler = PolicyRegistry.IN_TREE.create(
                PolicyRegistry.TYPES,
                policy,
                new TypeSettings(
                        resolved, padding, beta, recheckEmpty, scenario.serviceRates(), Seeds.stream(seed, G16_ROLE)));
        return new TypesSimulation(scenario, scheduler, seed, horizon, samples)
                .run(scheduler.beta(), scheduler.solverName());
    }
}
