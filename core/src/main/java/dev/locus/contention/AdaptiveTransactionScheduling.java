package dev.locus.contention;

import java.util.concurrent.locks.ReentrantLock;

/**
 * ATS (Yoo and Lee, as used by [Nicacio10] §4): each thread keeps its contention intensity
 * ({@link Contender#contentionIntensity()}); while it is above the threshold, the thread's
 * attempts go through one serial lane, a fair lock standing for the central queue, so that highly
 * contended transactions run one at a time while the rest run in parallel. The lane is held from
 * the start of an attempt to its end, whichever way it ends.
 */
final class AdaptiveTransactionScheduling implements ContentionManager {

    private final double threshold;
    private final ReentrantLock lane = new ReentrantLock(true);

    AdaptiveTransactionScheduling(double threshold) {
        this.threshold = threshold;
    }

    @Override
    public void beforeAttempt(Contender self) throws InterruptedException {
        if (self.contentionIntensity() > threshold && !lane.isHeldByCurrentThread()) {
            lane.lockInterruptibly();
        }
    }

    @Override
    public Resolution afterConflict(Contender self) {
        leaveLane();
        return Resolution.RETRY;
    }

    @Override
    public void afterCommit(Contender self) {
        leaveLane();
    }

    @Override
    public void afterFailure(Contender self) {
        leaveLane();
    }

    private void leaveLane() {
        if (lane.isHeldByCurrentThread()) {
            lane.unlock();
        }
    }

    @Override
    public String toString() {
        return "ats[threshold=" + threshold + "]";
    }
}
