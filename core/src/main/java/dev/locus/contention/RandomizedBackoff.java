package dev.locus.contention;

/**
 * Randomized exponential backoff ([Maldonado10] §2.2): after the n-th aborted attempt, wait a random
 * time up to {@code min(cap, base * 2^(n-1))}.
 */
final class RandomizedBackoff implements ContentionManager {

    private final long baseNanos;
    private final long capNanos;

    RandomizedBackoff(long baseNanos, long capNanos) {
        this.baseNanos = baseNanos;
        this.capNanos = capNanos;
    }

    @Override
    public Resolution afterConflict(Contender self) throws InterruptedException {
        Pause.nanos(Pause.exponential(baseNanos, capNanos, self.attempt()));
        return Resolution.RETRY;
    }

    @Override
    public String toString() {
        return "backoff[base=" + baseNanos + "ns, cap=" + capNanos + "ns]";
    }
}
