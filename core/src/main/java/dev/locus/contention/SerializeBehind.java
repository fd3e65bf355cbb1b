package dev.locus.contention;

import dev.locus.contention.integration.ThreadContender;
import java.util.List;

/**
 * Serialization ([Maldonado10] §3, Algorithm 1): the loser waits until the winner has committed, then
 * restarts at once. Multiverse does not name the winner, so the loser waits for every contender
 * that was inside an attempt when it aborted, until each has committed or left its transaction.
 * Spinning is SER-u (spin), TinySTM's CM_DELAY; parking until the winner's commit unparks it is
 * SER-u (cond). Either wait is bounded: past the bound the loser retries anyway.
 *
 * <p>Deadlock freedom: a loser only waits for contenders that were <em>attempting</em> when it
 * aborted, and a contender is not attempting while it waits. Take the wait-for edge of a cycle
 * that formed last, {@code a -> b}: {@code b} was attempting when {@code a} aborted, yet {@code b}
 * has its own edge in the cycle, which formed earlier and still holds, so {@code b} was waiting
 * then; a contradiction.
 */
final class SerializeBehind implements ContentionManager {

    private final boolean park;
    private final long boundNanos;

    SerializeBehind(boolean park, long boundNanos) {
        this.park = park;
        this.boundNanos = boundNanos;
    }

    @Override
    public Resolution afterConflict(Contender self) throws InterruptedException {
        List<ThreadContender> all = ThreadContender.of(self).domain().contenders();
        ThreadContender[] winners = new ThreadContender[all.size()];
        long[] commitsSeen = new long[all.size()];
        int n = 0;
        for (ThreadContender c : all) {
            if (c != self && c.isAttempting()) {
                commitsSeen[n] = c.commits();
                winners[n++] = c;
            }
        }
        long deadline = System.nanoTime() + boundNanos;
        for (int i = 0; i < n; i++) {
            while (!winners[i].movedOnFrom(commitsSeen[i])) {
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                if (System.nanoTime() - deadline >= 0) {
                    return Resolution.RETRY;
                }
                if (park) {
                    winners[i].parkUntilMovedOn(commitsSeen[i], deadline);
                } else {
                    Thread.onSpinWait();
                }
            }
        }
        return Resolution.RETRY;
    }

    @Override
    public String toString() {
        return (park ? "serializePark" : "serializeSpin") + "[bound=" + boundNanos + "ns]";
    }
}
