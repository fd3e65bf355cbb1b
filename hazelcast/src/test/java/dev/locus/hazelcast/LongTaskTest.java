package dev.locus.hazelcast;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A task on another member that runs four times Hazelcast's operation call timeout, and one of the
 * same key queued behind it: both complete with their results. The answer to a delivery is the
 * response of a Hazelcast invocation, which Hazelcast would time out without the operation
 * heartbeats that keep it alive while the task waits and runs.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LongTaskTest {

    private static final long CALL_TIMEOUT_MILLIS = 2_000;

    @Test
    void aTaskLongerThanTheCallTimeoutAndOneQueuedBehindItComplete() throws Exception {
        try (TestCluster cluster = new TestCluster(2,
                Map.of("hazelcast.operation.call.timeout.millis", String.valueOf(CALL_TIMEOUT_MILLIS)))) {
            long k = TestCluster.keyOwnedElsewhere(cluster.members.get(0));
            long sleep = 4 * CALL_TIMEOUT_MILLIS;
            HazelcastKeyedExecutor executor = cluster.executors.get(0);
            CompletableFuture<String> slow = executor.submit(k, () -> {
                Thread.sleep(sleep);
                return "slow " + k;
            });
            CompletableFuture<String> queued = executor.submit(k, () -> "queued " + k);
            assertEquals("slow " + k, slow.get(60, TimeUnit.SECONDS));
            assertEquals("queued " + k, queued.get(60, TimeUnit.SECONDS));
        }
    }
}
