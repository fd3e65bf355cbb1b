package dev.locus.hazelcast;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import dev.locus.executor.IdleStrategy;
import dev.locus.executor.LocusExecutors;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Embedded members in this JVM, joined over TCP/IP on 127.0.0.1 only (no multicast), with 17
 * partitions and short timeouts, and the serializers of the tasks of {@link NativeSerializationTest}
 * and {@link HazelcastKeyedBenchmark}; each runs a node of one executor.
 */
final class TestCluster implements AutoCloseable {

    static final int PARTITIONS = 17;
    private static final int BASE_PORT = 5901;

    /** The executor every member of a test cluster starts. */
    static final String EXECUTOR = "test";

    private final String clusterName = "locus-test-" + UUID.randomUUID();
    final List<HazelcastInstance> members = new ArrayList<>();
    final List<HazelcastKeyedExecutor> executors = new ArrayList<>();
    private final Map<String, String> properties;

    TestCluster(int size) {
        this(size, Map.of());
    }

    /** With these Hazelcast properties on every member, beside the class's settings. */
    TestCluster(int size, Map<String, String> properties) {
        this.properties = properties;
        for (int i = 0; i < size; i++) {
            join();
        }
    }

    /** Starts one more member and its node; returns its index. */
    int join() {
        Config config = config(clusterName);
        properties.forEach(config::setProperty);
        HazelcastInstance member = Hazelcast.newHazelcastInstance(config);
        members.add(member);
        executors.add(startExecutor(member, EXECUTOR, "m" + members.size()));
        return members.size() - 1;
    }

    /**
     * Waits until member {@code index} owns a partition: a member that has joined gets its first
     * partitions only when Hazelcast's migration reaches it, a few seconds later on a small host.
     *
     * @throws AssertionError if it owns none after {@code timeoutSeconds}
     */
    void awaitOwnsPartitions(int index, long timeoutSeconds) throws InterruptedException {
        HazelcastInstance member = members.get(index);
        UUID here = member.getCluster().getLocalMember().getUuid();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (member.getPartitionService().getPartitions().stream()
                .noneMatch(p -> p.getOwner() != null && p.getOwner().getUuid().equals(here))) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("member " + index + " owns no partition " + timeoutSeconds + " s after it joined");
            }
            Thread.sleep(10);
        }
    }

    /** The smallest non-negative key whose partition a member other than {@code member} owns. */
    static long keyOwnedElsewhere(HazelcastInstance member) {
        UUID here = member.getCluster().getLocalMember().getUuid();
        long key = 0;
        while (member.getPartitionService().getPartition(key).getOwner().getUuid().equals(here)) {
            key++;
        }
        return key;
    }

    /** The name members of this cluster join by, also from another JVM ({@link ChildMember}). */
    String clusterName() {
        return clusterName;
    }

    /** A member of the cluster {@code clusterName}, with this class's settings. */
    static HazelcastInstance newMember(String clusterName) {
        return Hazelcast.newHazelcastInstance(config(clusterName));
    }

    /** Starts the node of {@code executorName} on {@code member}, with a 2-worker local executor. */
    static HazelcastKeyedExecutor startExecutor(HazelcastInstance member, String executorName, String memberLabel) {
        return HazelcastKeyedExecutor.builder(member, executorName)
                .localExecutor(LocusExecutors.builder(2)
                        .idleStrategy(IdleStrategy.parkImmediately())
                        .name(memberLabel + "-" + executorName)
                        .build())
                .start();
    }

    private static Config config(String clusterName) {
        Config config = new Config();
        config.setClusterName(clusterName);
        config.setProperty("hazelcast.partition.count", String.valueOf(PARTITIONS));
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "none");
        config.setProperty("hazelcast.shutdownhook.enabled", "false");
        config.setProperty("hazelcast.wait.seconds.before.join", "0");
        config.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        config.setProperty("hazelcast.max.no.heartbeat.seconds", "10");
        config.setProperty("hazelcast.graceful.shutdown.max.wait", "60");
        config.setProperty("hazelcast.socket.bind.any", "false");
        config.setProperty("hazelcast.event.thread.count", "2");
        config.setProperty("hazelcast.operation.thread.count", "2");
        config.setProperty("hazelcast.operation.generic.thread.count", "2");
        config.setProperty("hazelcast.io.thread.count", "1");
        NetworkConfig network = config.getNetworkConfig();
        network.setPort(BASE_PORT).setPortAutoIncrement(true).setPortCount(50);
        network.getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        JoinConfig join = network.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true);
        for (int port = BASE_PORT; port < BASE_PORT + 8; port++) {
            join.getTcpIpConfig().addMember("127.0.0.1:" + port);
        }
        NativeSerializationTest.register(config);
        config.getSerializationConfig().getCompactSerializationConfig()
                .addSerializer(new HazelcastKeyedBenchmark.CompactPlusOneSerializer());
        return config;
    }

    @Override
    public void close() {
        for (HazelcastInstance member : members) {
            if (member.getLifecycleService().isRunning()) {
                member.getLifecycleService().terminate();
            }
        }
    }
}
