package dev.locus.contention;

/**
 * [Maldonado10]'s SOFTSER (Algorithm 5), in a task queue: the loser is not blocked but
 * deprioritized. The Linux version lowers the loser thread's priority until the transactions it
 * conflicted with commit; here the loser's task goes back behind the tasks queued on its worker,
 * which run first, and retries when it comes round. After {@code maxDeferrals} deferrals a
 * transaction retries in place, so it cannot be deferred forever.
 *
 * <p>Deferring lets later tasks, including tasks with the same key, run before the loser; that
 * suits transactions whose effect does not depend on running in submission order, the
 * non-deterministic transactions the paper proposes soft serialization for.
 */
final class SoftSerialization implements ContentionManager {

    private final int maxDeferrals;

    SoftSerialization(int maxDeferrals) {
        this.maxDeferrals = maxDeferrals;
    }

    @Override
    public Resolution afterConflict(Contender self) {
        return self.deferrals() < maxDeferrals ? Resolution.DEFER : Resolution.RETRY;
    }

    @Override
    public String toString() {
        return "softSerialization[maxDeferrals=" + maxDeferrals + "]";
    }
}
