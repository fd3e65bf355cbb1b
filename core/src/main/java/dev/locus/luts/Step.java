package dev.locus.luts;

import java.util.Objects;

/**
 * What a {@link LogicalThread} does next: run a transaction, yield, wait at the barrier, or
 * finish — [Nicacio10]'s threading and scheduling interface (Table 1) as values a program returns.
 */
public final class Step {

    /** The body of a transaction step: runs one transaction to its commit. */
    @FunctionalInterface
    public interface Action {
        void run() throws Exception;
    }

    enum Kind { TRANSACTION, YIELD, BARRIER, FINISH }

    private static final Step YIELD = new Step(Kind.YIELD, 0, null);
    private static final Step BARRIER = new Step(Kind.BARRIER, 0, null);
    private static final Step FINISH = new Step(Kind.FINISH, 0, null);

    final Kind kind;
    final int type;
    final Action body;

    private Step(Kind kind, int type, Action body) {
        this.kind = kind;
        this.type = type;
        this.body = body;
    }

    /**
     * A transaction of type {@code type} ([Nicacio10]'s transaction id: any int that names the code
     * of a transaction, the same for all its executions). Before it starts, the scheduler's
     * {@link ConflictAvoidance} may switch the worker to another logical thread and run this step
     * later ([Nicacio10]'s {@code luts_switch}). {@code body} should run exactly one transaction, with
     * the same type, through a contention manager from
     * {@link LogicalThreadScheduler#observing}; if it throws, this logical thread ends with that
     * failure.
     *
     * @throws NullPointerException if {@code body} is null
     */
    public static Step transaction(int type, Action body) {
        return new Step(Kind.TRANSACTION, type, Objects.requireNonNull(body, "body"));
    }

    /** Give the worker to the logical thread at the head of the runnable queue and go to its tail ({@code luts_yield}). */
    public static Step yield() {
        return YIELD;
    }

    /**
     * Wait, without holding a worker, until every logical thread of the run that has not finished
     * has arrived ({@code luts_barrier_wait}); then all continue. The barrier is reusable: the next
     * {@code barrier()} of a thread waits for the next phase.
     */
    public static Step barrier() {
        return BARRIER;
    }

    /** This logical thread is done; it no longer counts at the barrier. */
    public static Step finish() {
        return FINISH;
    }

    @Override
    public String toString() {
        return kind == Kind.TRANSACTION ? "transaction[type=" + type + "]" : kind.name().toLowerCase(java.util.Locale.ROOT);
    }
}
