package dev.locus.luts;

/**
 * One logical thread as the scheduler holds it ([Nicacio10]'s ECR, Listing 1): its program, the
 * step it was switched out of, and how often that step has been switched out. Touched by one
 * worker at a time; hand-offs go through the runnable queue's or the barrier's lock.
 */
final class ExecutionContext {

    /** The type of a context that waits for no particular transaction. */
    static final int NO_TYPE = Integer.MIN_VALUE;

    final int id;
    final LogicalRun run;
    final LogicalThread program;
    /** The transaction step this context was switched out of; null when it continues with next(). */
    Step pending;
    /** Times the pending transaction has been switched out. */
    int deferrals;

    ExecutionContext(int id, LogicalRun run, LogicalThread program) {
        this.id = id;
        this.run = run;
        this.program = program;
    }

    /** The type of the transaction this context waits to start, or {@link #NO_TYPE}. */
    int pendingType() {
        return pending == null ? NO_TYPE : pending.type;
    }

    @Override
    public String toString() {
        return "logical thread " + id;
    }
}
