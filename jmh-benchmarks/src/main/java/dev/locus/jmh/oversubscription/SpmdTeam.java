package dev.locus.jmh.oversubscription;

import dev.locus.stm.ContentionStats;
import dev.locus.stm.TransactionalExecutor;
import java.util.List;

/**
 * The threads of an SPMD run ([Nicacio10] §2.1), platform or logical, each with its
 * {@link ThreadProgram}, running their transactions through one STM adapter: {@link #runPhase}
 * releases them for one phase and returns when every transaction of the phase has committed.
 */
public abstract class SpmdTeam {

    final TransactionalExecutor stm;
    final List<ThreadProgram> programs;

    SpmdTeam(TransactionalExecutor stm, List<ThreadProgram> programs) {
        this.stm = stm;
        this.programs = List.copyOf(programs);
    }

    /**
     * Runs {@code transactions} transactions, an equal share on each thread, and waits until all
     * have committed. Not for concurrent callers.
     *
     * @return the attempts that aborted meanwhile, as the STM adapter counted them
     * @throws IllegalArgumentException if the threads cannot share {@code transactions} equally
     * @throws IllegalStateException if a transaction failed
     * @throws InterruptedException if interrupted while waiting; the phase then ends unobserved
     */
    final long runPhase(int transactions) throws InterruptedException {
        if (transactions % programs.size() != 0) {
            throw new IllegalArgumentException(transactions + " transactions do not divide among "
                    + programs.size() + " threads");
        }
        long before = stats().total().aborts();
        run(transactions / programs.size());
        return stats().total().aborts() - before;
    }

    /** The adapter's counts so far. */
    final ContentionStats stats() {
        return stm.stats();
    }

    /** Transactions switched out before they started, so far: LUTS's conflict avoidance at work. */
    long switches() {
        return 0;
    }

    /** Has every thread run {@code each} transactions of its program; returns when all committed. */
    abstract void run(int each) throws InterruptedException;

    /** Stops the threads; waits for a phase still running to end. */
    abstract void stop() throws InterruptedException;
}
