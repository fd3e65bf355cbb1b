package dev.locus.jmh.oversubscription;

import dev.locus.stm.TransactionalExecutor;

/**
 * One thread of an SPMD workload ([Nicacio10] §2.1): the state the thread carries from one
 * transaction to the next, and the transactions it runs. Its thread, platform or logical, asks for
 * the next transaction's type first, so that a scheduler may decide before the transaction starts
 * whether to run it now ([Nicacio10] §3.3), and then runs it.
 *
 * <p>A program is used by one thread at a time; a logical thread may move between workers, whose
 * hand-offs order its accesses.
 */
interface ThreadProgram {

    /**
     * Chooses this thread's next transaction.
     *
     * @return its type, the one {@link #runChosen} passes to the STM adapter
     */
    int chooseNext();

    /** Runs the transaction {@link #chooseNext} chose, through {@code stm}, until it commits. */
    void runChosen(TransactionalExecutor stm) throws Exception;
}
