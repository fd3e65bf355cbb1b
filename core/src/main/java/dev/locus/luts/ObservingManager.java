package dev.locus.luts;

import dev.locus.contention.Contender;
import dev.locus.contention.ContentionManager;
import dev.locus.contention.Resolution;

/**
 * The contention manager of {@link LogicalThreadScheduler#observing}: reports each attempt's
 * commit or abort, with its transaction type and worker, to the scheduler's conflict avoidance,
 * then does what the wrapped manager does. Attempts on threads that are not the scheduler's
 * workers are passed through unreported.
 */
final class ObservingManager implements ContentionManager {

    private final LogicalThreadScheduler scheduler;
    private final ContentionManager inner;

    ObservingManager(LogicalThreadScheduler scheduler, ContentionManager inner) {
        this.scheduler = scheduler;
        this.inner = inner;
    }

    @Override
    public void beforeAttempt(Contender self) throws InterruptedException {
        inner.beforeAttempt(self);
    }

    @Override
    public Resolution afterConflict(Contender self) throws InterruptedException {
        int worker = scheduler.currentWorker();
        if (worker >= 0) {
            scheduler.avoidance().aborted(self.transactionType(), worker);
        }
        return inner.afterConflict(self);
    }

    @Override
    public void afterCommit(Contender self) {
        int worker = scheduler.currentWorker();
        if (worker >= 0) {
            scheduler.avoidance().committed(self.transactionType(), worker);
        }
        inner.afterCommit(self);
    }

    @Override
    public void afterFailure(Contender self) {
        inner.afterFailure(self);
    }

    @Override
    public String toString() {
        return scheduler.avoidance() + "+" + inner;
    }
}
