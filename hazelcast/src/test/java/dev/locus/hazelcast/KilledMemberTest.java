package dev.locus.hazelcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.core.HazelcastInstance;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A member that is a process of its own, killed with SIGKILL while four threads on the two
 * members in this JVM submit: no leave, no lifecycle event, only the sockets closing. Every future
 * completes, normally or with TaskOutcomeUnknownException, within a bounded time; no task runs
 * twice; per (submitter, key) the tasks that completed ran in order; and what is submitted once
 * the cluster has removed the member completes normally on the survivors.
 */
class KilledMemberTest {

    private static final int SUBMITTERS = 4;
    private static final int TASKS_PER_SUBMITTER = 5_000;
    private static final int KEYS = 500;
    private static final int OUTSTANDING = 1_000;
    private static final long OUTCOME_SECONDS = 60;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aKilledMembersTasksFailAsUnknownNothingRunsTwiceAndOrderHolds() throws Exception {
        Path logs = Files.createTempDirectory("locus-killed-member");
        try (TestCluster cluster = new TestCluster(2)) {
            Process child = startChild(cluster.clusterName());
            try {
                HazelcastInstance observer = cluster.members.get(0);
                awaitThreeMembersAndSafePartitions(observer);
                AtomicLong removedAt = new AtomicLong();
                observer.getCluster().addMembershipListener(new MembershipListener() {
                    @Override
                    public void memberAdded(MembershipEvent event) {
                    }

                    @Override
                    public void memberRemoved(MembershipEvent event) {
                        removedAt.compareAndSet(0, System.nanoTime());
                    }
                });

                long[][] submittedAt = new long[SUBMITTERS][TASKS_PER_SUBMITTER];
                long[][] completedAt = new long[SUBMITTERS][TASKS_PER_SUBMITTER];
                List<List<CompletableFuture<Long>>> futures = new ArrayList<>();
                AtomicLong killedAt = new AtomicLong();
                CountDownLatch submitted = new CountDownLatch(SUBMITTERS);
                CountDownLatch outcomes = new CountDownLatch(SUBMITTERS * TASKS_PER_SUBMITTER);
                for (int s = 0; s < SUBMITTERS; s++) {
                    List<CompletableFuture<Long>> mine = new ArrayList<>();
                    futures.add(mine);
                    int submitter = s;
                    HazelcastKeyedExecutor executor = cluster.executors.get(s % 2);
                    new Thread(() -> {
                        try {
                            submit(submitter, executor, logs, mine, submittedAt[submitter], completedAt[submitter], outcomes,
                                    () -> {
                                        killedAt.set(System.nanoTime());
                                        child.destroyForcibly(); // SIGKILL
                                    });
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        } finally {
                            submitted.countDown();
                        }
                    }, "submitter-" + s).start();
                }
                assertTrue(submitted.await(OUTCOME_SECONDS * 2, TimeUnit.SECONDS), "submitters done");
                assertTrue(child.waitFor(30, TimeUnit.SECONDS) && child.exitValue() != 0, "the child was killed");
                assertTrue(outcomes.await(OUTCOME_SECONDS, TimeUnit.SECONDS), "every future completed within "
                        + OUTCOME_SECONDS + " s of the last submission: " + outcomes.getCount() + " did not");

                int completed = 0;
                int unknown = 0;
                long lastUnknownNanos = 0;
                Map<List<Long>, Boolean> completedNormally = new HashMap<>();
                for (int s = 0; s < SUBMITTERS; s++) {
                    List<CompletableFuture<Long>> mine = futures.get(s);
                    for (int seq = 0; seq < mine.size(); seq++) {
                        try {
                            assertEquals(seq, mine.get(seq).get());
                            completed++;
                            completedNormally.put(List.of((long) s, (long) seq), true);
                        } catch (ExecutionException e) {
                            if (!(e.getCause() instanceof TaskOutcomeUnknownException)) {
                                throw new AssertionError("task " + s + "/" + seq + " failed otherwise", e.getCause());
                            }
                            unknown++;
                            lastUnknownNanos = Math.max(lastUnknownNanos, completedAt[s][seq]);
                            assertTrue(removedAt.get() == 0 || submittedAt[s][seq] < removedAt.get(),
                                    "task " + s + "/" + seq + ", submitted after the member was removed, is unknown");
                        }
                    }
                }

                List<long[]> ran = RunLog.readAll(logs);
                Map<List<Long>, Integer> runs = new HashMap<>();
                for (long[] r : ran) {
                    runs.merge(List.of(r[0], r[1]), 1, Integer::sum);
                }
                runs.forEach((task, n) -> assertEquals(1, n, "task " + task + " ran " + n + " times"));
                completedNormally.keySet().forEach(task -> assertTrue(runs.containsKey(task), "completed task " + task + " ran"));
                int orderViolations = orderViolations(ran, completedNormally);
                assertEquals(0, orderViolations, "completed tasks of one (submitter, key) that ran out of order");

                assertTrue(removedAt.get() != 0, "the cluster removed the killed member");
                double removedAfterMs = (removedAt.get() - killedAt.get()) / 1e6;
                double lastUnknownAfterRemovalMs = (lastUnknownNanos - removedAt.get()) / 1e6;
                System.out.printf(Locale.ROOT,
                        "killed member: %,d tasks, %,d completed, %,d unknown; %,d runs logged, 0 twice, 0 out of order;"
                                + " removed %.0f ms after the kill, last unknown outcome %.0f ms after that%n",
                        SUBMITTERS * TASKS_PER_SUBMITTER, completed, unknown, ran.size(), removedAfterMs,
                        Math.max(0, lastUnknownAfterRemovalMs));
                assertEquals(SUBMITTERS * TASKS_PER_SUBMITTER, completed + unknown);
            } finally {
                child.destroyForcibly();
            }
        } finally {
            try (var files = Files.list(logs)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    Files.delete(f);
                }
            }
            Files.delete(logs);
        }
    }

    private static void submit(int submitter, HazelcastKeyedExecutor executor, Path logs, List<CompletableFuture<Long>> mine,
            long[] submittedAt, long[] completedAt, CountDownLatch outcomes, Runnable kill) throws InterruptedException {
        SplittableRandom random = new SplittableRandom(submitter * 7919L + 17);
        Semaphore window = new Semaphore(OUTSTANDING);
        for (int seq = 0; seq < TASKS_PER_SUBMITTER; seq++) {
            if (submitter == 0 && seq == TASKS_PER_SUBMITTER / 2) {
                kill.run();
            }
            long key = random.nextInt(KEYS);
            if (!window.tryAcquire(OUTCOME_SECONDS, TimeUnit.SECONDS)) {
                fail("no outcome for " + OUTCOME_SECONDS + " s with " + OUTSTANDING + " tasks outstanding");
            }
            int n = seq;
            submittedAt[seq] = System.nanoTime();
            CompletableFuture<Long> f = executor.submit(key, new RunLog.Task(logs.toString(), submitter, seq, key));
            f.whenComplete((r, e) -> {
                completedAt[n] = System.nanoTime();
                window.release();
                outcomes.countDown();
            });
            mine.add(f);
        }
    }

    /** Among tasks that completed normally: per (submitter, key), a later start with a lower sequence. */
    private static int orderViolations(List<long[]> ran, Map<List<Long>, Boolean> completedNormally) {
        List<long[]> byStart = new ArrayList<>(ran);
        byStart.sort(Comparator.comparingLong(r -> r[3]));
        Map<List<Long>, Long> last = new HashMap<>();
        int violations = 0;
        for (long[] r : byStart) {
            if (!completedNormally.containsKey(List.of(r[0], r[1]))) {
                continue;
            }
            Long previous = last.put(List.of(r[0], r[2]), r[1]);
            if (previous != null && previous > r[1]) {
                violations++;
            }
        }
        return violations;
    }

    /** A JVM running ChildMember on this test's class path and module options; ready when it says so. */
    private static Process startChild(String clusterName) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("--add-") || a.startsWith("-Dhazelcast"))
                .forEach(command::add);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(ChildMember.class.getName());
        command.add(clusterName);
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        CountDownLatch ready = new CountDownLatch(1);
        Thread drain = new Thread(() -> {
            try {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    if (line.equals("ready")) {
                        ready.countDown();
                    }
                }
            } catch (IOException e) {
                // the child is gone
            }
        }, "child-output");
        drain.setDaemon(true);
        drain.start();
        if (!ready.await(90, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            fail("the child member did not start within 90 s");
        }
        return child;
    }

    private static void awaitThreeMembersAndSafePartitions(HazelcastInstance member) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (member.getCluster().getMembers().size() < 3 || !member.getPartitionService().isClusterSafe()) {
            if (System.nanoTime() > deadline) {
                fail("no safe three-member cluster within 90 s: " + member.getCluster().getMembers());
            }
            Thread.sleep(50);
        }
    }
}
