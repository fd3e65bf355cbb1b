package dev.locus.luts;

/**
 * The program of one logical thread of a {@link LogicalThreadScheduler}: [Nicacio10]'s execution
 * context record, whose fields hold the thread's state and whose {@link #next()} computes its next
 * step. Because a logical thread gives its worker back only between steps, no transaction of one
 * logical thread is ever pre-empted by another.
 *
 * <p>The scheduler calls {@code next()} on one of its workers whenever the logical thread
 * continues: first when it starts, then after each step, never from two threads at once (calls
 * are ordered by happens-before, so plain fields are safe). {@code next()} may do any local work;
 * shared data should be touched inside the transactions its steps run.
 */
@FunctionalInterface
public interface LogicalThread {

    /**
     * Computes this logical thread's next step.
     *
     * @throws Exception to end this logical thread with a failure (see {@link LogicalRun#await()})
     */
    Step next() throws Exception;
}
