package dev.locus.hazelcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.config.MapConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The API's contract on a two-member cluster: results, exceptions, bad input, routing, close. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HazelcastKeyedExecutorTest {

    private static TestCluster cluster;

    @BeforeAll
    static void startCluster() {
        cluster = new TestCluster(2);
    }

    @AfterAll
    static void stopCluster() {
        cluster.close();
    }

    private static HazelcastKeyedExecutor executor() {
        return cluster.executors.get(0);
    }

    @Test
    void returnsTheResult() throws Exception {
        assertEquals("k=42", executor().submit(42, () -> "k=" + 42).get(30, TimeUnit.SECONDS));
        assertEquals(null, executor().submit(43, () -> null).get(30, TimeUnit.SECONDS));
    }

    @Test
    void reportsTheTasksException() {
        ExecutionException e = assertThrows(ExecutionException.class, () -> executor().submit(7, () -> {
            throw new IllegalStateException("boom");
        }).get(30, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals("boom", e.getCause().getMessage());
    }

    @Test
    void runsEachTaskOnTheOwnerOfItsKey() throws Exception {
        HazelcastInstance member = cluster.members.get(0);
        int onOther = 0;
        for (long key = 0; key < 64; key++) {
            UUID ranOn = executor().submit(key, new WhereAmI()).get(30, TimeUnit.SECONDS);
            UUID owner = member.getPartitionService().getPartition(key).getOwner().getUuid();
            assertEquals(owner, ranOn, "key " + key);
            if (!owner.equals(member.getCluster().getLocalMember().getUuid())) {
                onOther++;
            }
        }
        assertTrue(onOther > 0, "some keys are owned by the other member");
    }

    @Test
    void refusesBadInput() {
        assertThrows(NullPointerException.class, () -> executor().submit(1, null));
        Object notSerializable = new Object();
        assertThrows(IllegalArgumentException.class, () -> executor().submit(1, () -> notSerializable.hashCode()));
        HazelcastInstance member = cluster.members.get(0);
        assertThrows(NullPointerException.class, () -> HazelcastKeyedExecutor.builder(null, "x"));
        assertThrows(NullPointerException.class, () -> HazelcastKeyedExecutor.builder(member, null));
        assertThrows(IllegalArgumentException.class, () -> HazelcastKeyedExecutor.builder(member, ""));
        assertThrows(IllegalArgumentException.class,
                () -> HazelcastKeyedExecutor.builder(member, "x").leaveTimeout(Duration.ZERO));
        assertThrows(IllegalStateException.class, () -> HazelcastKeyedExecutor.start(member, TestCluster.EXECUTOR));
    }

    /** The run rights must outlive every idle time: a map configuration that would drop them is refused. */
    @Test
    void refusesARightsMapThatWouldLoseEntries() {
        HazelcastInstance member = cluster.members.get(0);
        member.getConfig().addMapConfig(new MapConfig("locus:expiring:rights").setTimeToLiveSeconds(60));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> HazelcastKeyedExecutor.start(member, "expiring"));
        assertTrue(e.getMessage().contains("time-to-live 60 s"), e.getMessage());
        member.getConfig().addMapConfig(new MapConfig("locus:unbacked:rights").setBackupCount(0));
        assertThrows(IllegalStateException.class, () -> HazelcastKeyedExecutor.start(member, "unbacked"));
    }

    @Test
    void aResultThatDoesNotSerializeFailsItsFuture() {
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> executor().submit(3, Object::new).get(30, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, e.getCause());
    }

    @Test
    void closeRunsWhatWasSentAndThenRefuses() throws Exception {
        HazelcastInstance member = cluster.members.get(1);
        HazelcastKeyedExecutor other = HazelcastKeyedExecutor.start(member, "closing");
        HazelcastKeyedExecutor mine = HazelcastKeyedExecutor.start(cluster.members.get(0), "closing");
        var futures = new java.util.ArrayList<java.util.concurrent.CompletableFuture<Long>>();
        for (long key = 0; key < 2_000; key++) {
            long k = key;
            futures.add(mine.submit(key, () -> k));
        }
        other.close();
        assertTrue(other.isClosed());
        assertThrows(RejectedExecutionException.class, () -> other.submit(1, () -> 1));
        for (int i = 0; i < futures.size(); i++) {
            assertEquals(i, futures.get(i).get(30, TimeUnit.SECONDS));
        }
        // the closed member's partitions go to the member still in the executor
        assertEquals(mine.submit(5, new WhereAmI()).get(30, TimeUnit.SECONDS),
                cluster.members.get(0).getCluster().getLocalMember().getUuid());
        mine.close();
    }

    /**
     * A remote task's future completes on a thread of the executor's own, not on Hazelcast's (where
     * a blocking stage could stall the member's invocations), and a stage attached to it may wait
     * for another task's future.
     */
    @Test
    void dependentStagesRunOffHazelcastThreadsAndMayWaitForOtherTasks() throws Exception {
        long k = TestCluster.keyOwnedElsewhere(cluster.members.get(0));
        String completedOn = executor().submit(k, () -> {
            Thread.sleep(200); // so that the stage below is attached before the outcome arrives
            return k;
        }).thenApply(x -> Thread.currentThread().getName()).get(30, TimeUnit.SECONDS);
        assertTrue(completedOn.startsWith("locus-hazelcast-"), completedOn);
        int waited = executor().submit(k, () -> {
            Thread.sleep(200);
            return 1;
        }).thenApply(x -> x + executor().submit(k + 1, () -> 2).join()).get(30, TimeUnit.SECONDS);
        assertEquals(3, waited);
    }

    /** Returns the UUID of the member it runs on. */
    private static final class WhereAmI implements ClusterTask<UUID>, HazelcastInstanceAware {

        private static final long serialVersionUID = 1L;

        private transient HazelcastInstance instance;

        @Override
        public void setHazelcastInstance(HazelcastInstance instance) {
            this.instance = instance;
        }

        @Override
        public UUID call() {
            return instance.getCluster().getLocalMember().getUuid();
        }
    }
}
