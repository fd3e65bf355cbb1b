package dev.locus.jmh.oversubscription;

import dev.locus.stm.TransactionalExecutor;
import java.util.List;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One platform thread per program, started once and released for each phase: the conventional
 * threads of [Maldonado10] §5.1 and of [Nicacio10]'s "Original" configuration, which the operating
 * system time-slices when there are more of them than cores.
 */
final class PlatformTeam extends SpmdTeam {

    /*
     * Implementation notes
     *
     * Overview
     *   Each thread loops: wait at the phaser for a phase to start, run its share, arrive at the
     *   phaser again. runPhase's caller is one more party: it arrives to start the phase and
     *   arrives and waits to see it end. So a phase is two phaser phases: start (even) and end
     *   (odd). A transaction that throws ends that thread's share early; the failure is kept and
     *   rethrown to the caller after the phase. stop() terminates the phaser, which releases
     *   every waiting thread, and joins them.
     *
     * Concurrency
     *   `each` is written by the caller before it arrives to start a phase and read by the threads
     *   after that phase advanced; `failure` is set by a thread before it arrives at the end and
     *   read by the caller after the end advanced.
     *
     * Memory ordering
     *   Phaser: actions before an arrival happen-before the phase advance, which happens-before
     *   actions after it; that orders both plain fields.
     *
     * References
     *   [Nicacio10] §4 ("Original": one system-level thread per application thread); [Maldonado10] §5.1.
     */

    private static final long JOIN_MILLIS = TimeUnit.SECONDS.toMillis(30);

    private final Phaser phaser;
    private final Thread[] threads;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private int each;

    PlatformTeam(TransactionalExecutor stm, List<ThreadProgram> programs) {
        super(stm, programs);
        this.phaser = new Phaser(programs.size() + 1);
        this.threads = new Thread[programs.size()];
        for (int i = 0; i < threads.length; i++) {
            ThreadProgram program = this.programs.get(i);
            threads[i] = new Thread(() -> loop(program), "spmd-" + i);
            threads[i].setDaemon(true);
            threads[i].start();
        }
    }

    private void loop(ThreadProgram program) {
        while (phaser.arriveAndAwaitAdvance() >= 0) {
            try {
                for (int i = 0; i < each; i++) {
                    program.chooseNext();
                    program.runChosen(stm);
                }
            } catch (Throwable t) { // whatever it is, this thread must still arrive at the end
                failure.compareAndSet(null, t);
            }
            if (phaser.arriveAndAwaitAdvance() < 0) {
                return;
            }
        }
    }

    @Override
    void run(int each) throws InterruptedException {
        this.each = each;
        phaser.awaitAdvanceInterruptibly(phaser.arrive());
        phaser.awaitAdvanceInterruptibly(phaser.arrive());
        Throwable failed = failure.getAndSet(null);
        if (failed != null) {
            throw new IllegalStateException("a transaction failed", failed);
        }
    }

    @Override
    void stop() throws InterruptedException {
        phaser.forceTermination();
        for (Thread thread : threads) {
            thread.join(JOIN_MILLIS);
            if (thread.isAlive()) {
                throw new IllegalStateException(thread.getName() + " did not stop");
            }
        }
    }
}
