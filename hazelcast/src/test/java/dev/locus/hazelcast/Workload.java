package dev.locus.hazelcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Submitting threads, each on a given member, each sending its tasks (numbered 0, 1, 2...) to
 * random keys, with a bounded number outstanding; actions run when the submitted count passes
 * given fractions of the total. Then the checks on the journal.
 */
final class Workload {

    private static final int OUTSTANDING = 2_000;

    private final TestCluster cluster;
    private final String run;
    private final int[] submitterMembers;
    private final int keys;
    private final int tasksPerSubmitter;
    final Journal journal;
    /** Per submitter, its tasks' futures by sequence number. */
    final List<List<CompletableFuture<Long>>> futures = new ArrayList<>();
    private final Map<Double, Runnable> actions = new HashMap<>();
    private long taskNanos;

    Workload(TestCluster cluster, String run, int[] submitterMembers, int keys, int tasksPerSubmitter) {
        this.cluster = cluster;
        this.run = run;
        this.submitterMembers = submitterMembers;
        this.keys = keys;
        this.tasksPerSubmitter = tasksPerSubmitter;
        this.journal = Journal.open(run);
    }

    /** Makes each task busy for this long, so that a key's tasks queue up on its owner. */
    Workload taskNanos(long nanos) {
        this.taskNanos = nanos;
        return this;
    }

    /** Runs {@code action} on submitter 0's thread once it has submitted this fraction of its tasks. */
    Workload at(double fraction, Runnable action) {
        actions.put(fraction, action);
        return this;
    }

    /** Submits everything and waits (bounded) until every future is complete. */
    void run(long timeoutSeconds) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(submitterMembers.length);
        AtomicReference<Throwable> error = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < submitterMembers.length; s++) {
            List<CompletableFuture<Long>> mine = new ArrayList<>(tasksPerSubmitter);
            futures.add(mine);
            int submitter = s;
            HazelcastKeyedExecutor executor = cluster.executors.get(submitterMembers[s]);
            Thread t = new Thread(() -> {
                try {
                    submit(submitter, executor, mine);
                } catch (Throwable e) {
                    error.compareAndSet(null, e);
                } finally {
                    done.countDown();
                }
            }, "submitter-" + s);
            threads.add(t);
            t.start();
        }
        boolean finished = done.await(timeoutSeconds, TimeUnit.SECONDS);
        if (error.get() != null) {
            throw new AssertionError("a submitter failed", error.get());
        }
        assertTrue(finished, "submitters still submitting after " + timeoutSeconds + " s");
        for (List<CompletableFuture<Long>> mine : futures) {
            try {
                CompletableFuture.allOf(mine.toArray(CompletableFuture[]::new)).get(timeoutSeconds, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException expectedInCrashRuns) {
                // every future is complete now; the checks look at each
            } catch (java.util.concurrent.TimeoutException e) {
                long pending = mine.stream().filter(f -> !f.isDone()).count();
                fail(pending + " futures still incomplete after " + timeoutSeconds + " s");
            }
        }
    }

    private void submit(int submitter, HazelcastKeyedExecutor executor, List<CompletableFuture<Long>> mine)
            throws InterruptedException {
        SplittableRandom random = new SplittableRandom(submitter * 7919L + 17);
        Semaphore window = new Semaphore(OUTSTANDING);
        for (int seq = 0; seq < tasksPerSubmitter; seq++) {
            if (submitter == 0) {
                Runnable action = actions.remove((double) seq / tasksPerSubmitter);
                if (action != null) {
                    action.run();
                }
            }
            long key = random.nextInt(keys);
            if (!window.tryAcquire(60, TimeUnit.SECONDS)) {
                throw new AssertionError("no outcome for 60 s with " + OUTSTANDING + " tasks outstanding");
            }
            CompletableFuture<Long> f = executor.submit(key, new RecordingTask(run, key, submitter, seq, taskNanos));
            f.whenComplete((r, e) -> window.release());
            mine.add(f);
        }
    }

    /**
     * Every task ran exactly once, its future has its result, per (submitter, key) in order, and no
     * two tasks of one key ran at once anywhere in the cluster.
     */
    void assertExactlyOnceInOrder() {
        for (List<CompletableFuture<Long>> mine : futures) {
            for (int seq = 0; seq < mine.size(); seq++) {
                assertEquals(seq, mine.get(seq).join(), "a future's result");
            }
        }
        Set<List<Long>> ran = assertOrderedAndOnce();
        assertEquals((long) submitterMembers.length * tasksPerSubmitter, ran.size(), "tasks run");
        assertEquals(0, journal.keyOverlaps(), "tasks of one key that ran at once, from any submitters");
    }

    /**
     * After a crash: each future completed, normally (its task ran once) or with
     * TaskOutcomeUnknownException (its task ran at most once); runs in order per (submitter, key).
     *
     * @return how many futures report an unknown outcome
     */
    int assertCrashOutcomes() {
        Set<List<Long>> ran = assertOrderedAndOnce();
        int unknown = 0;
        for (int s = 0; s < futures.size(); s++) {
            List<CompletableFuture<Long>> mine = futures.get(s);
            for (int seq = 0; seq < mine.size(); seq++) {
                try {
                    assertEquals(seq, mine.get(seq).join());
                    assertTrue(ran.contains(List.of((long) s, (long) seq)), "a completed task ran");
                } catch (CompletionException e) {
                    if (!(e.getCause() instanceof TaskOutcomeUnknownException)) {
                        throw new AssertionError("unexpected failure of task " + s + "/" + seq, e.getCause());
                    }
                    unknown++;
                }
            }
        }
        return unknown;
    }

    /** Checks the logs: no task twice, per (submitter, key) increasing, no overlap; returns what ran. */
    private Set<List<Long>> assertOrderedAndOnce() {
        Set<List<Long>> ran = new HashSet<>();
        for (long key : journal.keys()) {
            Map<Long, Long> last = new HashMap<>();
            for (long[] entry : journal.log(key)) {
                assertTrue(ran.add(List.of(entry[0], entry[1])), "task " + entry[0] + "/" + entry[1] + " ran twice");
                Long previous = last.put(entry[0], entry[1]);
                if (previous != null && previous > entry[1]) {
                    fail("key " + key + ": submitter " + entry[0] + "'s task " + entry[1] + " ran after its task " + previous);
                }
            }
        }
        assertEquals(0, journal.overlaps(), "tasks of one key and submitter that ran at once");
        return ran;
    }
}
