package org.overbookd.policy.overbooking;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.overbookd.model.HostRef;
import org.overbookd.model.HostView;
import org.overbookd.model.VmRef;
import org.overbookd.model.VmState;
import org.overbookd.model.VmView;
import org.overbookd.policy.Reason;
import org.overbookd.policy.cluster.Decision;
import org.overbookd.policy.cluster.HeldBack;
import org.overbookd.policy.cluster.Yielded;

/**
 * The live guards over one step ({@link Guards}): which overbooked VMs they protect from being the
 * victim, which queued VMs and candidate hosts they hold back, how many placements the step may still
 * make; and, as data, what they held back and where they yielded to the upper bound. What a guard
 * needs comes from the view alone (when a VM was placed, how often it and its host were acted on),
 * so the policy stays a function of its view and the instant.
 *
 * <p>No guard ever keeps a host above the upper bound: a protected victim is passed over for another
 * VM of its host, and when its host has none, the guard yields and the rule's own victim goes. The
 * caps on actions bind placements only for the same reason. A VM at its cap of suspensions is kept
 * in the queue rather than protected where it runs: a VM overbookd places always has a suspension
 * left, so the cap is never broken to relieve a host.
 */
final class StepGuards {

    private final Guards guards;
    private final Instant dayAgo;
    private final Instant hourAgo;
    /** A VM placed after this has not run its minimum time. */
    private final Instant placedAfter;

    private final Instant now;
    private final List<HeldBack> held = new ArrayList<>();
    private final List<Yielded> yielded = new ArrayList<>();
    private int suspensions;

    StepGuards(Guards guards, Instant now) {
        this.guards = guards;
        this.now = now;
        this.dayAgo = now.minus(Guards.DAY);
        this.hourAgo = now.minus(Guards.HOUR);
        this.placedAfter = now.minus(guards.minRunTime());
    }

    /** Why {@code vm}, running overbooked, may not be the victim now while another may; null when it may. */
    Protection protection(VmView vm) {
        if (guards.on(Guard.MIN_RUN_TIME)
                && vm.placedAt() != null
                && vm.placedAt().isAfter(placedAfter)) {
            long ran = Math.max(0, Duration.between(vm.placedAt(), now).toSeconds());
            return new Protection(
                    Guard.MIN_RUN_TIME,
                    "placed " + ran + " s ago, under the " + guards.minRunTime().toSeconds() + " s it may run first");
        }
        if (guards.on(Guard.SUSPENDS_PER_DAY)) {
            int times = vm.suspensionsSince(dayAgo);
            if (times >= guards.maxSuspendsPerDay()) {
                return new Protection(
                        Guard.SUSPENDS_PER_DAY,
                        "suspended " + times + " times in the last 24 h, the cap " + guards.maxSuspendsPerDay());
            }
        }
        return null;
    }

    /** A guard's protection of a VM, in words. */
    record Protection(Guard guard, String why) {}

    /**
     * Of a host's possible victims, in the victim rule's order of preference, the one to suspend:
     * the first no guard protects; when every one is protected, the rule's own choice, the guard
     * yielding to the upper bound. Records what was passed over; {@code note} receives what the
     * decision's reason must say (null when no guard played a part).
     */
    VmView victim(List<VmView> preferred, HostView host, GuardNote[] note) {
        VmView first = preferred.get(0);
        List<VmView> passed = new ArrayList<>();
        List<Protection> why = new ArrayList<>();
        for (VmView vm : preferred) {
            Protection p = protection(vm);
            if (p == null) {
                note[0] = passed.isEmpty() ? null : GuardNote.passedOver(passed, why);
                for (int i = 0; i < passed.size(); i++) {
                    hold(
                            why.get(i).guard(),
                            "suspend",
                            VmRef.of(passed.get(i)),
                            HostRef.of(host),
                            "VM " + passed.get(i).id() + " on host " + host.name() + " is protected by guard "
                                    + why.get(i).guard().label() + " ("
                                    + why.get(i).why() + "): VM " + vm.id()
                                    + " of the same host is suspended instead");
                }
                return vm;
            }
            passed.add(vm);
            why.add(p);
        }
        note[0] = GuardNote.yielded(why.get(0), first);
        return first;
    }

    /**
     * A suspension of a host above the upper bound is about to be decided: the caps on actions,
     * which never hold one back, yield when they are reached. Counts it.
     */
    void suspending(HostView host, GuardNote[] note) {
        if (guards.on(Guard.ACTIONS_PER_HOST) && host.actionsSince(hourAgo) >= guards.maxActionsPerHostHour()) {
            note[0] = GuardNote.also(
                    note[0],
                    Guard.ACTIONS_PER_HOST,
                    host.actionsSince(hourAgo) + " actions on the host in the last hour, the cap "
                            + guards.maxActionsPerHostHour());
        }
        if (guards.on(Guard.ACTIONS_PER_CYCLE) && suspensions >= guards.maxActionsPerCycle()) {
            note[0] = GuardNote.also(
                    note[0],
                    Guard.ACTIONS_PER_CYCLE,
                    suspensions + " suspensions this step, the cap " + guards.maxActionsPerCycle());
        }
        suspensions++;
    }

    /** The suspension {@code decision} was decided with {@code note}: the guards that yielded to the bound are counted. */
    void decided(Decision decision, GuardNote note) {
        if (note != null) {
            for (Guard g : note.yielded()) {
                yielded.add(new Yielded(g.label(), decision));
            }
        }
    }

    /** The candidate hosts a placement may go to: those at their cap of actions in the last hour are held. */
    List<HostView> candidates(List<HostView> candidates) {
        if (!guards.on(Guard.ACTIONS_PER_HOST)) {
            return candidates;
        }
        List<HostView> kept = new ArrayList<>(candidates.size());
        for (HostView host : candidates) {
            int actions = host.actionsSince(hourAgo);
            if (actions >= guards.maxActionsPerHostHour()) {
                hold(
                        Guard.ACTIONS_PER_HOST,
                        "place",
                        null,
                        HostRef.of(host),
                        "host " + host.name() + " at "
                                + StepReasons.oneDecimal(host.utilization()) + "% may take a VM, but saw " + actions
                                + " of overbookd's actions in the last hour, the cap " + guards.maxActionsPerHostHour()
                                + ": it takes none this step");
            } else {
                kept.add(host);
            }
        }
        return kept;
    }

    /** Whether the queue must be read whole, to hold back the VMs at their cap of suspensions. */
    boolean filtersQueue() {
        return guards.on(Guard.SUSPENDS_PER_DAY);
    }

    /** The queued VMs that may be placed: those suspended as often as the cap allows in 24 hours wait. */
    List<VmView> waiting(List<? extends VmView> queue) {
        List<VmView> kept = new ArrayList<>(queue.size());
        for (VmView vm : queue) {
            int times = vm.suspensionsSince(dayAgo);
            if (times >= guards.maxSuspendsPerDay()) {
                hold(
                        Guard.SUSPENDS_PER_DAY,
                        vm.state() == VmState.SUSPENDED ? "resume" : "deploy",
                        VmRef.of(vm),
                        null,
                        "VM " + vm.id() + " was suspended " + times + " times in the last 24 h, the cap "
                                + guards.maxSuspendsPerDay()
                                + ": it waits in the queue until fewer of its suspensions are"
                                + " that recent, so that overbookd never has to suspend it once more than the cap allows");
            } else {
                kept.add(vm);
            }
        }
        return kept;
    }

    /** How many placements the step may make after its suspensions; {@link Integer#MAX_VALUE} without a cap. */
    int placementsLeft() {
        return guards.on(Guard.ACTIONS_PER_CYCLE)
                ? Math.max(0, guards.maxActionsPerCycle() - suspensions)
                : Integer.MAX_VALUE;
    }

    /** A placement the cap on actions per step holds back to the next step. */
    void overCycleCap(VmView vm, HostView host) {
        hold(
                Guard.ACTIONS_PER_CYCLE,
                vm.state() == VmState.SUSPENDED ? "resume" : "deploy",
                VmRef.of(vm),
                HostRef.of(host),
                "VM " + vm.id() + " could go to host " + host.name() + ", but the step already holds "
                        + guards.maxActionsPerCycle() + " actions, the cap: it waits for the next step");
    }

    private void hold(Guard guard, String action, VmRef vm, HostRef host, String text) {
        String label = guard.label();
        held.add(new HeldBack(
                label,
                action,
                vm,
                host,
                Reason.drafted(() -> Reason.because(text).fact("guard", label).build())));
    }

    List<HeldBack> held() {
        return held;
    }

    List<Yielded> yielded() {
        return yielded;
    }

    /**
     * What a suspension's reason says of the guards: the VMs they protected, passed over for this one,
     * or the guards that yielded to the upper bound, with why.
     */
    record GuardNote(List<Long> passedOver, String passedWhy, List<Guard> yielded, String yieldedWhy) {

        static GuardNote passedOver(List<VmView> vms, List<Protection> why) {
            List<Long> ids = new ArrayList<>(vms.size());
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < vms.size(); i++) {
                ids.add(vms.get(i).id());
                text.append(i == 0 ? "" : "; ")
                        .append("VM ")
                        .append(vms.get(i).id())
                        .append(", guard ")
                        .append(why.get(i).guard().label())
                        .append(": ")
                        .append(why.get(i).why());
            }
            return new GuardNote(ids, text.toString(), List.of(), "");
        }

        static GuardNote yielded(Protection protection, VmView vm) {
            return new GuardNote(
                    List.of(),
                    "",
                    List.of(protection.guard()),
                    "guard " + protection.guard().label()
                            + " yields to the upper bound, no other VM of the host may be suspended (VM " + vm.id()
                            + " "
                            + protection.why() + ")");
        }

        /** {@code note} (or none) with {@code guard} yielding too, for {@code why}. */
        static GuardNote also(GuardNote note, Guard guard, String why) {
            List<Guard> guards = new ArrayList<>(note == null ? List.of() : note.yielded());
            guards.add(guard);
            String text = "guard " + guard.label() + " yields to the upper bound (" + why + ")";
            if (note == null) {
                return new GuardNote(List.of(), "", guards, text);
            }
            return new GuardNote(
                    note.passedOver(),
                    note.passedWhy(),
                    guards,
                    note.yieldedWhy().isEmpty() ? text : note.yieldedWhy() + "; " + text);
        }
    }
}
