package dev.locus.jmh.hierarchy;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.lock.HierarchicalLockManager;
import dev.locus.jmh.Labels;

/** The schedulers the Toggle suite compares, by the label of its {@code scheduler} param. */
enum SchedulerKind {

    /** The paper's fair round-robin, tasks locking through the lock manager. */
    ROUND_ROBIN("roundRobin"),
    /** Toggle in lock-manager mode, stealing on: the paper's Toggle + DomLock. */
    TOGGLE("toggle"),
    /** As {@link #TOGGLE} with stealing off ([Kalikar19] Figure 5). */
    TOGGLE_NO_STEAL("toggleNoSteal"),
    /** Toggle in scheduler-exclusive mode: no lock manager, the scheduler keeps conflicting tasks apart. */
    TOGGLE_EXCLUSIVE("toggleExclusive");

    private final String label;

    SchedulerKind(String label) {
        this.label = label;
    }

    /** @throws IllegalArgumentException for an unknown label */
    static SchedulerKind of(String label) {
        return Labels.find(values(), SchedulerKind::label, label, "scheduler");
    }

    String label() {
        return label;
    }

    /** Whether the tasks take locks from a lock manager. */
    boolean locks() {
        return this != TOGGLE_EXCLUSIVE;
    }

    /**
     * Starts {@code workers} workers over {@code hierarchy}.
     *
     * @param locks the lock manager the tasks lock through; not used by {@link #TOGGLE_EXCLUSIVE}
     */
    TaskScheduler start(Hierarchy hierarchy, int workers, HierarchicalLockManager locks) {
        return switch (this) {
            case ROUND_ROBIN -> new RoundRobinScheduler(workers, locks);
            case TOGGLE -> new ToggleScheduler(hierarchy, workers, true, locks);
            case TOGGLE_NO_STEAL -> new ToggleScheduler(hierarchy, workers, false, locks);
            case TOGGLE_EXCLUSIVE -> new ToggleScheduler(hierarchy, workers, true, null);
        };
    }
}
