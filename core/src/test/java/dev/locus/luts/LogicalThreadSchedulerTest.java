package dev.locus.luts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.contention.ContentionManager;
import dev.locus.contention.ContentionManagers;
import dev.locus.contention.integration.ContentionDomain;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scheduler's contract: barrier semantics, every logical thread run to completion with each
 * step exactly once and in order under every heuristic, the bound on switches, the worker bound,
 * failures, shutdown and bad input. Transactions are simulated through a contention domain whose
 * manager is the scheduler's observing() one (the STM adapter's tests run real ones).
 */
class LogicalThreadSchedulerTest {

    private static final int WORKERS = Math.min(2, Runtime.getRuntime().availableProcessors());
    private static final long TIMEOUT_SECONDS = 60;
    /** Runs of the step-order test a switching heuristic gets to show one switch. */
    private static final int RUNS_UNTIL_A_SWITCH = 10;

    /** Each heuristic, and ATS on LUTS (no switching, one serial lane for contended threads). */
    static Stream<Setup> heuristics() {
        return Stream.of(
                new Setup("luts", ConflictAvoidance::none, ContentionManagers::basic),
                new Setup("ciluts", ConflictAvoidance::ciluts, ContentionManagers::basic),
                new Setup("ctluts", ConflictAvoidance::ctluts, ContentionManagers::basic),
                new Setup("luts+ats", ConflictAvoidance::none, ContentionManagers::ats));
    }

    record Setup(String name, Supplier<ConflictAvoidance> avoidance, Supplier<ContentionManager> manager) {
        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * Every run must run each step once and in order. The switching heuristics must also switch
     * while type 0 keeps aborting; CTLUTS does only when another worker runs a transaction at the
     * moment of an abort, which a run of a few milliseconds on a loaded machine may never give it,
     * so a run without a switch is repeated, up to {@link #RUNS_UNTIL_A_SWITCH} in all.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("heuristics")
    void everyLogicalThreadRunsEachStepExactlyOnceInOrder(Setup setup) throws Exception {
        boolean switches = setup.name().endsWith("luts") && !setup.name().equals("luts");
        long switched = 0;
        for (int run = 0; run < (switches ? RUNS_UNTIL_A_SWITCH : 1) && switched == 0; run++) {
            switched = runEachStepOnceInOrder(setup);
        }
        if (switches) {
            assertTrue(switched > 0, setup + " never switched in " + RUNS_UNTIL_A_SWITCH
                    + " runs although type 0 keeps aborting");
        } else {
            assertEquals(0, switched, setup + " must not switch");
        }
    }

    /** One run of 64 logical threads of 200 steps, checked step by step; its number of switches. */
    private static long runEachStepOnceInOrder(Setup setup) throws Exception {
        int threads = 64;
        int steps = 200;
        try (LogicalThreadScheduler luts = LogicalThreadScheduler.builder().workers(WORKERS)
                .conflictAvoidance(setup.avoidance().get()).build()) {
            ContentionDomain domain = new ContentionDomain(luts.observing(setup.manager().get()));
            AtomicIntegerArray done = new AtomicIntegerArray(threads);
            List<String> outOfOrder = Collections.synchronizedList(new ArrayList<>());
            LogicalRun run = luts.start(threads, id -> new LogicalThread() {
                final SplittableRandom random = new SplittableRandom(id);
                int next;

                @Override
                public Step next() {
                    if (next == steps) {
                        return Step.finish();
                    }
                    int seq = next++;
                    int type = random.nextInt(4); // type 0 conflicts on most attempts
                    int aborts = type == 0 ? 2 + random.nextInt(3) : random.nextInt(8) == 0 ? 1 : 0;
                    return Step.transaction(type, () -> {
                        SimulatedTransaction.run(domain, type, aborts);
                        if (done.getAndIncrement(id) != seq) {
                            outOfOrder.add(id + ":" + seq);
                        }
                    });
                }
            });
            assertTrue(run.await(TIMEOUT_SECONDS, TimeUnit.SECONDS), "run did not finish");
            for (int id = 0; id < threads; id++) {
                assertEquals(steps, done.get(id), "steps run by logical thread " + id);
            }
            assertEquals(List.of(), outOfOrder);
            LutsStats stats = luts.stats();
            assertEquals((long) threads * steps, stats.transactions());
            return stats.switches();
        }
    }

    @Test
    void nobodyPassesTheBarrierBeforeAllArriveInEveryPhase() throws Exception {
        int threads = 50;
        int phases = 30;
        AtomicIntegerArray arrived = new AtomicIntegerArray(phases);
        List<String> early = Collections.synchronizedList(new ArrayList<>());
        try (LogicalThreadScheduler luts = LogicalThreadScheduler.builder().workers(WORKERS).build()) {
            LogicalRun run = luts.start(threads, id -> new LogicalThread() {
                final SplittableRandom random = new SplittableRandom(id * 31L);
                int phase;
                boolean atBarrier;

                @Override
                public Step next() {
                    if (atBarrier) { // just passed the barrier of `phase`
                        if (arrived.get(phase) != threads) {
                            early.add(id + " passed phase " + phase + " with " + arrived.get(phase) + " arrived");
                        }
                        atBarrier = false;
                        phase++;
                    }
                    if (phase == phases) {
                        return Step.finish();
                    }
                    if (random.nextInt(3) == 0) {
                        return Step.yield(); // some arrive late, in random order
                    }
                    arrived.incrementAndGet(phase);
                    atBarrier = true;
                    return Step.barrier();
                }
            });
            assertTrue(run.await(TIMEOUT_SECONDS, TimeUnit.SECONDS), "barrier run did not finish");
            assertTrue(early.isEmpty(), early.size() + " early passes, the first: " + early.subList(0, Math.min(5, early.size())));
            assertEquals(phases, run.phases());
        }
    }

    @Test
    void aFinishedThreadNoLongerCountsAtTheBarrier() throws Exception {
        int threads = 10;
        AtomicInteger passed = new AtomicInteger();
        try (LogicalThreadScheduler luts = LogicalThreadScheduler.builder().workers(WORKERS).build()) {
            LogicalRun run = luts.start(threads, id -> new LogicalThread() {
                int step;

                @Override
                public Step next() {
                    step++;
                    if (id % 2 == 0 && step == 1) {
                        return Step.finish(); // half leave before the first barrier
                    }
                    if (step <= 3) {
                        return Step.barrier();
                    }
                    passed.incrementAndGet();
                    return Step.finish();
                }
            });
            assertTrue(run.await(TIMEOUT_SECONDS, TimeUnit.SECONDS), "the others waited for finished threads");
            assertEquals(threads / 2, passed.get());
        }
    }

    @Test
    void aTransactionIsSwitchedOutAtMostMaxDeferralsTimesAndEveryTypeRuns() throws Exception {
        int maxDeferrals = 3;
        int threads = 12;
        int steps = 50;
        AlwaysSwitch always = new AlwaysSwitch(threads);
        AtomicInteger worstDeferrals = new AtomicInteger();
        AtomicIntegerArray done = new AtomicIntegerArray(threads);
        try (LogicalThreadScheduler luts = LogicalThreadScheduler.builder().workers(WORKERS)
                .conflictAvoidance(always).maxDeferrals(maxDeferrals).build()) {
            // each logical thread has its own type, so every queued thread is "another type"
            LogicalRun run = luts.start(threads, id -> () -> done.get(id) == steps ? Step.finish()
                    : Step.transaction(id, () -> {
                        worstDeferrals.accumulateAndGet(always.askedSinceLastRun(id), Math::max);
                        done.incrementAndGet(id);
                    }));
            assertTrue(run.await(TIMEOUT_SECONDS, TimeUnit.SECONDS), "a type starved");
            assertTrue(worstDeferrals.get() <= maxDeferrals, "switched out " + worstDeferrals.get() + " times");
            assertEquals(maxDeferrals, worstDeferrals.get(), "the heuristic always asks, so some step used the bound");
            for (int id = 0; id < threads; id++) {
                assertEquals(steps, done.get(id));
            }
            assertTrue(luts.stats().switches() > 0);
        }
    }

    @Test
    void workersNeverExceedTheConfiguredCores() throws Exception {
        Set<Thread> ran = ConcurrentHashMap.newKeySet();
        AtomicInteger running = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        try (LogicalThreadScheduler luts = LogicalThreadScheduler.builder().workers(WORKERS).build()) {
            LogicalRun run = luts.start(256, id -> new LogicalThread() {
                int left = 20;

                @Override
                public Step next() {
                    if (left-- == 0) {
                        return Step.finish();
                    }
                    return Step.transaction(0, () -> {
                        mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
                        ran.add(Thread.currentThread());
                        Thread.onSpinWait();
                        running.decrementAndGet();
                    });
                }
            });
            assertTrue(run.await(TIMEOUT_SECONDS, TimeUnit.SECONDS));
            assertTrue(ran.size() <= WORKERS, ran.size() + " threads ran steps");
            assertTrue(mostAtOnce.get() <= WORKERS, mostAtOnce.get() + " steps at once");
            assertEquals(WORKERS, luts.workers());
        }
        int cores = Runtime.getRuntime().availableProcessors();
        assertThrows(IllegalArgumentException.class, () -> LogicalThreadScheduler.builder().workers(cores + 1));
        assertThrows(IllegalArgumentException.class, () -> LogicalThreadScheduler.builder().workers(0));
    }

    @Test
    void pinnedWorkersRunLogicalThreadsWhetherOrNotPinningWorks() throws Exception {
        AtomicInteger ran = new AtomicInteger();
        try (LogicalThreadScheduler luts = LogicalThreadScheduler.builder().workers(1).pinWorkers(true).build()) {
            LogicalRun run = luts.start(4, id -> new LogicalThread() {
                boolean done;

                @Override
                public Step next() {
                    if (done) {
                        return Step.finish();
                    }
                    done = true;
                    return Step.transaction(0, ran::incrementAndGet);
                }
            });
            assertTrue(run.await(TIMEOUT_SECONDS, TimeUnit.SECONDS));
        }
        assertEquals(4, ran.get());
    }

    @Test
    void yieldGoesToTheTailOfTheRunnableQueue() throws Exception {
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        try (LogicalThreadScheduler luts = LogicalThreadScheduler.builder().workers(1).build()) {
            LogicalRun run = luts.start(3, id -> new LogicalThread() {
                int round;

                @Override
                public Step next() {
                    if (round == 3) {
                        return Step.finish();
                    }
                    order.add(id + "." + round++);
                    return Step.yield();
                }
            });
            assertTrue(run.await(TIMEOUT_SECONDS, TimeUnit.SECONDS));
        }
        assertEquals(List.of("0.0", "1.0", "2.0", "0.1", "1.1", "2.1", "0.2", "1.2", "2.2"), order);
    }

    @Test
    void aFailingLogicalThreadIsReportedAndTheOthersFinish() throws Exception {
        AtomicInteger finished = new AtomicInteger();
        try (LogicalThreadScheduler luts = LogicalThreadScheduler.builder().workers(WORKERS).build()) {
            LogicalRun run = luts.start(8, id -> new LogicalThread() {
                int step;

                @Override
                public Step next() throws Exception {
                    switch (step++) {
                        case 0:
                            return Step.transaction(1, () -> {
                                if (id == 3) {
                                    throw new IllegalStateException("step of 3 failed");
                                }
                            });
                        case 1:
                            if (id == 5) {
                                throw new java.io.IOException("next() of 5 failed");
                            }
                            return id == 6 ? null : Step.barrier();
                        default:
                            finished.incrementAndGet();
                            return Step.finish();
                    }
                }
            });
            ExecutionException e = assertThrows(ExecutionException.class, run::await);
            Set<String> messages = ConcurrentHashMap.newKeySet();
            messages.add(e.getCause().getMessage());
            for (Throwable s : e.getCause().getSuppressed()) {
                messages.add(s.getMessage());
            }
            assertEquals(Set.of("step of 3 failed", "next() of 5 failed", "logical thread 6 returned a null step"), messages);
            assertEquals(5, finished.get(), "the 5 others passed the barrier without the 3 that failed");
        }
    }

    @Test
    void oneExceptionFailingSeveralLogicalThreadsIsReportedOnce() throws Exception {
        IllegalStateException shared = new IllegalStateException("shared failure");
        try (LogicalThreadScheduler luts = LogicalThreadScheduler.builder().workers(WORKERS).build()) {
            LogicalRun run = luts.start(8, id -> () -> {
                throw shared;
            });
            assertTrue(assertThrows(ExecutionException.class, () -> run.await(TIMEOUT_SECONDS, TimeUnit.SECONDS))
                    .getCause() == shared);
            assertEquals(0, shared.getSuppressed().length);
            LogicalRun after = luts.start(4, id -> Step::finish);
            assertTrue(after.await(TIMEOUT_SECONDS, TimeUnit.SECONDS), "the workers survived");
        }
    }

    @Test
    void shutdownNowCancelsRunsAndInterruptsRunningSteps() throws Exception {
        LogicalThreadScheduler luts = LogicalThreadScheduler.builder().workers(1).build();
        CountDownLatch blocked = new CountDownLatch(1);
        AtomicInteger interrupted = new AtomicInteger();
        LogicalRun run = luts.start(4, id -> () -> id == 0
                ? Step.transaction(0, () -> {
                    blocked.countDown();
                    try {
                        Thread.sleep(TimeUnit.MINUTES.toMillis(5));
                    } catch (InterruptedException e) {
                        interrupted.incrementAndGet();
                        throw e;
                    }
                })
                : Step.barrier());
        assertTrue(blocked.await(TIMEOUT_SECONDS, TimeUnit.SECONDS));
        assertFalse(run.isDone());
        luts.shutdownNow();
        assertTrue(luts.awaitTermination(TIMEOUT_SECONDS, TimeUnit.SECONDS), "workers did not stop");
        assertThrows(CancellationException.class, run::await);
        assertEquals(1, interrupted.get());
        assertThrows(RejectedExecutionException.class, () -> luts.start(1, id -> Step::finish));
    }

    @Test
    void shutdownLetsStartedRunsFinish() throws Exception {
        LogicalThreadScheduler luts = LogicalThreadScheduler.builder().workers(WORKERS).build();
        AtomicInteger steps = new AtomicInteger();
        LogicalRun run = luts.start(16, id -> new LogicalThread() {
            int left = 100;

            @Override
            public Step next() {
                return left-- == 0 ? Step.finish() : Step.transaction(0, steps::incrementAndGet);
            }
        });
        luts.shutdown();
        assertThrows(RejectedExecutionException.class, () -> luts.start(1, id -> Step::finish));
        assertTrue(luts.awaitTermination(TIMEOUT_SECONDS, TimeUnit.SECONDS));
        run.await();
        assertEquals(1600, steps.get());
    }

    @Test
    void badInputIsRefused() {
        try (LogicalThreadScheduler luts = LogicalThreadScheduler.builder().workers(1).build()) {
            assertThrows(IllegalArgumentException.class, () -> luts.start(0, id -> Step::finish));
            assertThrows(NullPointerException.class, () -> luts.start(1, null));
            assertThrows(NullPointerException.class, () -> luts.start(2, id -> id == 1 ? null : Step::finish));
            assertThrows(NullPointerException.class, () -> luts.observing(null));
            assertThrows(NullPointerException.class, () -> Step.transaction(0, null));
            LogicalRun closeFromStep = luts.start(1, id -> () -> Step.transaction(0, luts::close));
            ExecutionException e = assertThrows(ExecutionException.class, closeFromStep::await);
            assertInstanceOf(IllegalStateException.class, e.getCause());
        }
        assertThrows(IllegalArgumentException.class, () -> LogicalThreadScheduler.builder().maxDeferrals(-1));
        assertThrows(NullPointerException.class, () -> LogicalThreadScheduler.builder().conflictAvoidance(null));
    }

    /** A heuristic that asks for a switch every time, and counts the asks per type since its last run. */
    private static final class AlwaysSwitch extends ConflictAvoidance {
        private final AtomicIntegerArray asked;

        AlwaysSwitch(int types) {
            asked = new AtomicIntegerArray(types);
        }

        @Override
        boolean shouldSwitch(int type, int worker) {
            asked.incrementAndGet(type);
            return true;
        }

        int askedSinceLastRun(int type) {
            return asked.getAndSet(type, 0);
        }
    }
}
