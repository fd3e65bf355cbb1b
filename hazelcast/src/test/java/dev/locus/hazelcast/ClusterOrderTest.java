package dev.locus.hazelcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The guarantees of {@link HazelcastKeyedExecutor} on real members: exactly once and per
 * (submitter, key) order, with stable membership, across a join and a graceful leave (by
 * {@code shutdown()} or {@code terminate()}), and what a crash does.
 */
class ClusterOrderTest {

    private TestCluster cluster;
    private final String run = "run-" + System.nanoTime();

    @AfterEach
    void tearDown() {
        if (cluster != null) {
            cluster.close();
        }
        Journal.close(run);
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void stableMembershipRunsEachTaskOnceInOrder() throws Exception {
        cluster = new TestCluster(3);
        Workload w = new Workload(cluster, run, new int[] {0, 1, 2, 0}, 1_000, 5_000);
        w.run(120);
        w.assertExactlyOnceInOrder();
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void joinAndGracefulLeaveKeepOrder() throws Exception {
        cluster = new TestCluster(3);
        CompletableFuture<?>[] leave = new CompletableFuture<?>[1];
        Workload w = new Workload(cluster, run, new int[] {0, 1, 0, 1}, 1_000, 25_000)
                .at(0.25, () -> awaitPartitions(cluster.join())) // so that the joiner runs tasks before they run out
                .at(0.5, () -> leave[0] = CompletableFuture.runAsync(() -> cluster.members.get(2).shutdown()));
        w.run(180);
        leave[0].get(120, TimeUnit.SECONDS);
        w.assertExactlyOnceInOrder();
        long[] ranOn = cluster.executors.stream().mapToLong(e -> e.localStats().executed()).toArray();
        assertTrue(ranOn[2] > 0 && ranOn[3] > 0, "the members that left and joined ran tasks: " + Arrays.toString(ranOn));
    }

    private void awaitPartitions(int member) {
        try {
            cluster.awaitOwnsPartitions(member, 60);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Exclusion across submitters while partitions move: submitters on every member send busy
     * tasks to few keys while one member joins, leaves gracefully, and another joins. No two tasks
     * of one key run at once anywhere in the cluster (the members share this JVM, so one counter
     * per key sees them all; without the run rights 84 pairs overlapped), and exactly once and per
     * (submitter, key) order hold as ever.
     */
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void oneTaskPerKeyClusterWideWhilePartitionsMove() throws Exception {
        cluster = new TestCluster(3);
        CompletableFuture<?>[] leave = new CompletableFuture<?>[1];
        Workload w = new Workload(cluster, run, new int[] {0, 1, 2, 0, 1, 2}, 64, 20_000)
                .taskNanos(50_000)
                .at(0.2, () -> cluster.join())
                .at(0.5, () -> leave[0] = CompletableFuture.runAsync(() -> cluster.members.get(3).shutdown()))
                .at(0.75, () -> cluster.join());
        w.run(240);
        leave[0].get(120, TimeUnit.SECONDS);
        w.assertExactlyOnceInOrder();
        long handOvers = cluster.executors.stream().mapToLong(e -> e.node().receiver.handOvers()).sum();
        assertTrue(handOvers > 0, "run rights moved between members");
    }

    /**
     * Hazelcast's {@code terminate()} fires the lifecycle event that {@code shutdown()} fires, so a
     * member terminated by its own code leaves the executor gracefully, as the javadoc says: no
     * task is lost, reported unknown or run twice, and per (submitter, key) order holds.
     */
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void terminateLeavesAsGracefullyAsShutdown() throws Exception {
        cluster = new TestCluster(3);
        CompletableFuture<?>[] leave = new CompletableFuture<?>[1];
        Workload w = new Workload(cluster, run, new int[] {0, 1, 0, 1}, 1_000, 5_000)
                .at(0.5, () -> leave[0] = CompletableFuture.runAsync(
                        () -> cluster.members.get(2).getLifecycleService().terminate()));
        w.run(120);
        leave[0].get(120, TimeUnit.SECONDS);
        w.assertExactlyOnceInOrder();
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void crashFailsItsTasksAsUnknownAndNothingRunsTwice() throws Exception {
        cluster = new TestCluster(3);
        Workload w = new Workload(cluster, run, new int[] {0, 1, 0, 1}, 1_000, 5_000)
                .at(0.5, () -> {
                    cluster.executors.get(2).node().crash();
                    cluster.members.get(2).getLifecycleService().terminate();
                });
        w.run(120);
        int unknown = w.assertCrashOutcomes();
        assertTrue(unknown > 0, "tasks on the crashed member were reported unknown");
    }
}
