package dev.locus.hazelcast;

import com.hazelcast.config.EvictionPolicy;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.EntryProcessor;
import com.hazelcast.map.IMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Who holds each partition's run right, in an {@link IMap} of the executor (partition id to
 * {@link RunRight}), so that a hand-off and a take-over after a crash agree through one
 * compare-and-set, and the record survives the loss of a member (the map's backups). A record
 * that vanished would let a claimant take a right that its holder still uses, so the map must
 * keep its entries: the member's configuration for it is checked at start.
 */
final class RightsDirectory {

    private final IMap<Integer, RunRight> rights;

    /**
     * @throws IllegalStateException if the map configuration that applies to the directory lets
     *     entries expire or be evicted, or keeps no synchronous backup
     */
    RightsDirectory(HazelcastInstance instance, String executor) {
        String name = "locus:" + executor + ":rights";
        MapConfig config = instance.getConfig().findMapConfig(name);
        if (config.getTimeToLiveSeconds() > 0 || config.getMaxIdleSeconds() > 0
                || config.getEvictionConfig().getEvictionPolicy() != EvictionPolicy.NONE
                || config.getBackupCount() < 1) {
            throw new IllegalStateException("map " + name + " records which member may run each partition's tasks,"
                    + " so its entries must not expire or be evicted, and it needs a synchronous backup; the"
                    + " configuration that applies to it (" + config.getName() + ") has time-to-live "
                    + config.getTimeToLiveSeconds() + " s, max-idle " + config.getMaxIdleSeconds() + " s, eviction "
                    + config.getEvictionConfig().getEvictionPolicy() + ", backup-count " + config.getBackupCount());
        }
        this.rights = instance.getMap(name);
    }

    /** The holder of {@code partition}'s right, or null when nobody has claimed it yet. */
    CompletionStage<RunRight> read(int partition) {
        return attempt(() -> rights.getAsync(partition));
    }

    /**
     * Records {@code next} as the holder if {@code expected} is (null: nobody, for either);
     * completes with the holder after the attempt, which is {@code next} exactly when it succeeded.
     */
    CompletionStage<RunRight> compareAndSet(int partition, RunRight expected, RunRight next) {
        return attempt(() -> rights.submitToKey(partition, new CompareAndSet(expected, next)));
    }

    /** The stage {@code call} returns, or a failed one when it throws (the member is shutting down). */
    private static CompletionStage<RunRight> attempt(Supplier<CompletionStage<RunRight>> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Runs on the partition's owner (and its backups): the compare-and-set itself. */
    private static final class CompareAndSet implements EntryProcessor<Integer, RunRight, RunRight> {

        private static final long serialVersionUID = 1L;

        private final RunRight expected;
        private final RunRight next;

        CompareAndSet(RunRight expected, RunRight next) {
            this.expected = expected;
            this.next = next;
        }

        @Override
        public RunRight process(Map.Entry<Integer, RunRight> entry) {
            if (Objects.equals(entry.getValue(), expected)) {
                entry.setValue(next); // null removes the entry
            }
            return entry.getValue();
        }
    }
}
