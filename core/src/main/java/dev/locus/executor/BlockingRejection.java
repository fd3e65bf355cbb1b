package dev.locus.executor;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;

/** {@link RejectionHandler#block(Duration)}: the executor waits; called, it rejects. */
final class BlockingRejection implements RejectionHandler {

    private final Duration timeout;

    BlockingRejection(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must be >= 0, was " + timeout);
        }
        this.timeout = timeout;
    }

    /** The timeout in nanoseconds, saturated at {@code Long.MAX_VALUE}. */
    long timeoutNanos() {
        return timeout.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : timeout.toNanos();
    }

    @Override
    public void rejected(Runnable task, KeyedExecutorService executor, boolean shutdown) {
        throw new RejectedExecutionException("Task " + task + " rejected from " + executor
                + (shutdown ? ": executor is shut down" : ": worker queue stayed full for " + timeout));
    }

    @Override
    public String toString() {
        return "RejectionHandler.block(" + timeout + ")";
    }
}
