package dev.locus.jmh.hierarchy;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/** How a trial's scheduler stops: shut down, then at most {@value #SECONDS} s for what it holds. */
final class Shutdown {

    static final long SECONDS = 10;

    private Shutdown() {
    }

    /**
     * Shuts {@code executor} down and waits for its workers.
     *
     * @throws IllegalStateException if they have not finished after {@value #SECONDS} s; the
     *     {@code work} still queued (tasks, transactions) is then dropped and counted in the message
     */
    static void awaitOrFail(ExecutorService executor, String work) throws InterruptedException {
        executor.shutdown();
        if (!executor.awaitTermination(SECONDS, TimeUnit.SECONDS)) {
            int dropped = executor.shutdownNow().size();
            throw new IllegalStateException(executor + " did not terminate within " + SECONDS + " s; dropped "
                    + dropped + " queued " + work);
        }
    }
}
