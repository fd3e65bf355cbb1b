package dev.locus.contention;

/**
 * [Maldonado10]'s YIELD (Algorithm 4): give up the processor after a conflict and retry when the
 * scheduler comes back. Pays off with more threads than cores and transactions shorter than a time
 * slice; with a core per thread it is close to {@linkplain ImmediateRetry basic}.
 */
final class YieldOnConflict implements ContentionManager {

    @Override
    public Resolution afterConflict(Contender self) {
        Thread.yield();
        return Resolution.RETRY;
    }

    @Override
    public String toString() {
        return "yield";
    }
}
