package dev.locus.contention;

import dev.locus.contention.integration.ThreadContender;

/**
 * Polka (Scherer and Scott), the contention manager of [Bai06]'s experiments: karma-weighted
 * randomized exponential backoff. A transaction's karma is the work it has invested, here its
 * attempts so far, kept across aborts. The loser backs off once per unit of karma the enemy holds
 * over it, each time for a random, exponentially growing interval, then retries.
 *
 * <p>Multiverse detects conflicts by aborting the transaction that finds them and does not say
 * with whom, so the enemy is taken to be the contender with the most karma among those attempting
 * now, and "abort the enemy" (DSTM's last step) becomes "retry".
 */
final class Polka implements ContentionManager {

    private final long baseNanos;
    private final long capNanos;

    Polka(long baseNanos, long capNanos) {
        this.baseNanos = baseNanos;
        this.capNanos = capNanos;
    }

    @Override
    public Resolution afterConflict(Contender self) throws InterruptedException {
        int enemyKarma = 0;
        for (ThreadContender c : ThreadContender.of(self).domain().contenders()) {
            if (c != self && c.isAttempting()) {
                enemyKarma = Math.max(enemyKarma, c.attempt());
            }
        }
        for (int round = 1; round <= enemyKarma - self.attempt(); round++) {
            Pause.nanos(Pause.exponential(baseNanos, capNanos, round));
        }
        return Resolution.RETRY;
    }

    @Override
    public String toString() {
        return "polka[base=" + baseNanos + "ns, cap=" + capNanos + "ns]";
    }
}
