package dev.locus.jmh.peer;

/**
 * An executor of {@link PeerBenchmark}, as a producer sees it: a task with its key (a peer that
 * cannot use the key ignores it), and how to stop it once it has run every task.
 */
final class PeerExecutor {

    /** How a peer takes one task. */
    @FunctionalInterface
    interface Dispatch {
        void execute(long key, Runnable task);
    }

    /** Shuts a peer down and waits until it has run its queued tasks. */
    @FunctionalInterface
    interface Stop {
        /** @throws IllegalStateException if it did not terminate in time */
        void stop() throws InterruptedException;
    }

    private final Dispatch dispatch;
    private final Stop stop;

    PeerExecutor(Dispatch dispatch, Stop stop) {
        this.dispatch = dispatch;
        this.stop = stop;
    }

    void execute(long key, Runnable task) {
        dispatch.execute(key, task);
    }

    void stop() throws InterruptedException {
        stop.stop();
    }
}
