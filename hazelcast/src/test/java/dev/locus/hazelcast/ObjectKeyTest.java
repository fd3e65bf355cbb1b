package dev.locus.hazelcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.map.IMap;
import com.hazelcast.partition.PartitionAware;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Keys of any serializable type run where Hazelcast keeps their IMap entries, and one key's tasks
 * from several members never overlap on its owner (stable membership). The members share this
 * JVM, so a static map sees every member's tasks.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ObjectKeyTest {

    private static final String ACCOUNTS = "accounts";
    private static final int KEYS = 120;
    private static final Map<Object, AtomicInteger> RUNNING = new ConcurrentHashMap<>();
    private static final Map<Object, List<Integer>> RAN = new ConcurrentHashMap<>();

    private static TestCluster cluster;

    @BeforeAll
    static void startCluster() {
        cluster = new TestCluster(3);
        IMap<String, Long> accounts = cluster.members.get(0).getMap(ACCOUNTS);
        for (int k = 0; k < KEYS; k++) {
            accounts.set(account(k), 0L);
        }
    }

    @AfterAll
    static void stopCluster() {
        cluster.close();
    }

    private static String account(int k) {
        return "account-" + k;
    }

    @Test
    void everyTaskFindsItsEntryLocalAndNoTwoOfAKeyOverlapWhicheverMemberSentThem() throws Exception {
        int perSubmitter = 300;
        AtomicLongArray submitted = new AtomicLongArray(KEYS);
        List<CompletableFuture<Boolean>> futures = new CopyOnWriteArrayList<>();
        List<Thread> submitters = new ArrayList<>();
        for (int m = 0; m < cluster.executors.size(); m++) {
            for (int t = 0; t < 2; t++) {
                HazelcastKeyedExecutor executor = cluster.executors.get(m);
                long seed = m * 10L + t;
                submitters.add(new Thread(() -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    for (int i = 0; i < perSubmitter; i++) {
                        int k = random.nextInt(KEYS);
                        submitted.incrementAndGet(k);
                        futures.add(executor.submit(account(k), new Increment(account(k))));
                    }
                }));
            }
        }
        submitters.forEach(Thread::start);
        for (Thread t : submitters) {
            t.join();
        }
        int local = 0;
        for (CompletableFuture<Boolean> f : futures) {
            if (f.get(60, TimeUnit.SECONDS)) {
                local++;
            }
        }
        assertEquals(futures.size(), local, "tasks that found their entry on their member, alone");
        IMap<String, Long> accounts = cluster.members.get(1).getMap(ACCOUNTS);
        for (int k = 0; k < KEYS; k++) {
            assertEquals(submitted.get(k), accounts.get(account(k)), "increments of " + account(k));
        }
    }

    @Test
    void aPartitionAwareKeyRunsWithItsPartitionKeysEntry() throws Exception {
        for (int i = 0; i < 60; i++) {
            Order order = new Order(UUID.randomUUID(), account(i % KEYS));
            HazelcastKeyedExecutor executor = cluster.executors.get(i % cluster.executors.size());
            assertTrue(executor.submit(order, new IsLocal(order.account)).get(30, TimeUnit.SECONDS),
                    order + " ran where " + order.account + " lives");
        }
    }

    @Test
    void aLongObjectIsTheSameKeyAsTheLong() throws Exception {
        long key = 17;
        List<CompletableFuture<Void>> futures = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            int n = i;
            futures.add(i % 2 == 0
                    ? executor().submit(key, () -> log(key, n))
                    : executor().submit(Long.valueOf(key), () -> log(key, n)));
        }
        for (CompletableFuture<Void> f : futures) {
            f.get(30, TimeUnit.SECONDS);
        }
        List<Integer> ran = RAN.get(key);
        assertEquals(400, ran.size());
        for (int i = 0; i < ran.size(); i++) {
            assertEquals(i, ran.get(i), "the two overloads' tasks of one key ran in submission order");
        }
    }

    @Test
    void refusesKeysThatCannotBeKeys() {
        assertThrows(NullPointerException.class, () -> executor().submit((Object) null, () -> 1));
        assertThrows(NullPointerException.class, () -> executor().submit("k", null));
        assertThrows(IllegalArgumentException.class, () -> executor().submit(new Object(), () -> 1));
    }

    @Test
    void equalKeysShareALocalKeyAndDistinctOnesSpread() {
        Payload payload = new Payload(cluster.members.get(0));
        assertEquals(ClusterKeys.localKey(payload, account(3)), ClusterKeys.localKey(payload, new String(account(3))));
        assertEquals(ClusterKeys.localKey(payload, new Order(new UUID(1, 2), "a")),
                ClusterKeys.localKey(payload, new Order(new UUID(1, 2), "a")));
        long distinct = IntStream.range(0, 10_000)
                .mapToLong(k -> ClusterKeys.localKey(payload, account(k))).distinct().count();
        assertEquals(10_000, distinct, "no collisions among 10,000 account names");
    }

    private static HazelcastKeyedExecutor executor() {
        return cluster.executors.get(0);
    }

    private static Void log(long key, int n) {
        RAN.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(n);
        return null;
    }

    /** A line of an order: its own key, placed with its account. */
    record Order(UUID id, String account) implements PartitionAware<String>, Serializable {
        @Override
        public String getPartitionKey() {
            return account;
        }
    }

    /** Whether the entry of {@code account} is held by the member the task runs on. */
    private static class IsLocal implements ClusterTask<Boolean>, HazelcastInstanceAware {

        private static final long serialVersionUID = 1L;

        final String account;
        transient HazelcastInstance member;

        IsLocal(String account) {
            this.account = account;
        }

        @Override
        public void setHazelcastInstance(HazelcastInstance member) {
            this.member = member;
        }

        @Override
        public Boolean call() {
            return member.<String, Long>getMap(ACCOUNTS).localKeySet().contains(account);
        }
    }

    /**
     * Adds one to the account with a plain read and write, which loses updates if two tasks of the
     * account overlap; true if the entry was local and no other task of the key was running.
     */
    private static final class Increment extends IsLocal {

        private static final long serialVersionUID = 1L;

        Increment(String account) {
            super(account);
        }

        @Override
        public Boolean call() {
            AtomicInteger running = RUNNING.computeIfAbsent(account, k -> new AtomicInteger());
            boolean alone = running.incrementAndGet() == 1;
            try {
                boolean local = super.call();
                IMap<String, Long> accounts = member.getMap(ACCOUNTS);
                accounts.set(account, accounts.get(account) + 1);
                return alone && local;
            } finally {
                running.decrementAndGet();
            }
        }
    }
}
