package dev.locus.examples;

import dev.locus.executor.ExecutorStats;
import dev.locus.executor.ExecutorStats.KeyRangeLoad;
import dev.locus.executor.ExecutorStats.WorkerStats;
import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.executor.routing.AdaptiveRangeRouter;
import dev.locus.stm.dictionary.KeyDistribution;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.UnaryOperator;

/**
 * Drives the three schedulers of [Bai06] (round-robin, fixed key ranges, adaptive key ranges)
 * with the paper's three key distributions (§5.4) and prints what each worker did.
 *
 * <p>For every distribution and scheduler, {@value #PRODUCERS} producer threads submit the same
 * seeded stream of keys to a fresh executor of {@value #WORKERS} workers; each task is a small
 * unit of work (about a microsecond) on the block of a shared array that its key selects, so
 * tasks with nearby keys share cache lines. The executor is then closed, every submitted task is
 * checked to have run exactly once, and the run's per-worker counts, imbalance, partition
 * boundaries, re-partitions, hottest key ranges and throughput are printed, followed by a summary.
 *
 * <pre>
 * java -jar examples/target/locus-examples.jar [--tasks N] [--seed S] [--warmup N]
 * </pre>
 */
public final class SkewedKeys {

    /** Worker threads per executor. */
    public static final int WORKERS = 4;

    /** Producer threads per run (the paper's four parallel producers, §5.1). */
    public static final int PRODUCERS = 4;

    /** Tasks per run unless {@code --tasks} says otherwise. */
    public static final int DEFAULT_TASKS = 400_000;

    /** Seed of the key streams unless {@code --seed} says otherwise. */
    public static final long DEFAULT_SEED = 2_006L;

    /** Upper bound of the default warm-up (tasks per scheduler, not reported). */
    public static final int DEFAULT_WARMUP = 40_000;

    private static final int TOP_RANGES = 3;

    private SkewedKeys() {
    }

    /** The executors under comparison, in the paper's order (§4.2). */
    public enum Scheduler {

        /** Tasks go to workers in turn; keys are ignored. */
        ROUND_ROBIN("round-robin", LocusExecutors.Builder::roundRobin),

        /** The key space {@code [0, 131071]} cut into equal-width ranges, one per worker. */
        FIXED_RANGE("fixed-range", builder -> builder.fixedRange(0, KeyDistribution.MAX_KEY)),

        /** Fixed ranges while 10,000 keys are sampled, then the PD-partition of the samples. */
        ADAPTIVE("adaptive", builder -> builder.adaptive(
                AdaptiveRangeRouter.Settings.defaults().warmupRange(0, KeyDistribution.MAX_KEY)));

        private final String label;
        private final UnaryOperator<LocusExecutors.Builder> routing;

        Scheduler(String label, UnaryOperator<LocusExecutors.Builder> routing) {
            this.label = label;
            this.routing = routing;
        }

        /** The name used in output. */
        public String label() {
            return label;
        }

        /** A new executor of {@value SkewedKeys#WORKERS} workers with this scheduler. */
        public KeyedExecutorService start(String name) {
            return routing.apply(LocusExecutors.builder(WORKERS).name(name)).build();
        }
    }

    /**
     * What to run.
     *
     * @param tasks tasks submitted per (distribution, scheduler) run, split among the producers
     * @param seed seed of the key streams; each distribution feeds every scheduler the same keys
     * @param warmupTasks tasks run per scheduler before the measured runs, to warm the JIT
     */
    public record Options(int tasks, long seed, int warmupTasks) {

        public Options {
            if (tasks < 1) {
                throw new IllegalArgumentException("--tasks must be > 0, was " + tasks);
            }
            if (warmupTasks < 0) {
                throw new IllegalArgumentException("--warmup must be >= 0, was " + warmupTasks);
            }
        }

        /** The defaults: 400,000 tasks, seed 2006, 40,000 warm-up tasks. */
        public static Options defaults() {
            return parse();
        }

        /**
         * Reads {@code --tasks N}, {@code --seed S} and {@code --warmup N}; the warm-up defaults to
         * the smaller of 40,000 and the task count.
         *
         * @throws IllegalArgumentException on an unknown flag, a missing value, or a bad number
         */
        public static Options parse(String... args) {
            int tasks = DEFAULT_TASKS;
            long seed = DEFAULT_SEED;
            int warmup = -1;
            for (int i = 0; i < args.length; i++) {
                String flag = args[i];
                if (!flag.equals("--tasks") && !flag.equals("--seed") && !flag.equals("--warmup")) {
                    throw new IllegalArgumentException("unknown argument: " + flag);
                }
                if (i + 1 == args.length) {
                    throw new IllegalArgumentException(flag + " needs a value");
                }
                String value = args[++i].replace("_", "");
                try {
                    switch (flag) {
                        case "--tasks" -> tasks = Integer.parseInt(value);
                        case "--seed" -> seed = Long.parseLong(value);
                        default -> warmup = Integer.parseInt(value);
                    }
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(flag + " needs a number, was " + args[i], e);
                }
            }
            return new Options(tasks, seed, warmup >= 0 ? warmup : Math.min(DEFAULT_WARMUP, tasks));
        }
    }

    /**
     * One measured run.
     *
     * @param distribution where the keys came from
     * @param scheduler which executor ran them
     * @param submitted tasks the producers handed to the executor
     * @param stats the executor's statistics after it terminated
     * @param elapsedNanos from the producers' start until the executor had run every task
     */
    public record Run(KeyDistribution distribution, Scheduler scheduler, long submitted, ExecutorStats stats,
                      long elapsedNanos) {

        /** Tasks run per second of {@link #elapsedNanos()}. */
        public double tasksPerSecond() {
            return submitted * 1e9 / Math.max(1, elapsedNanos);
        }
    }

    /**
     * Runs every distribution against every scheduler, printing a table per run and a summary to
     * {@code out}.
     *
     * @return the runs, distribution-major, in enum order
     * @throws IllegalStateException if an executor ran a different number of tasks than submitted
     */
    public static List<Run> run(Options options, PrintStream out) throws InterruptedException {
        out.printf(Locale.ROOT, "locus SkewedKeys: %d producers, %d workers, %,d tasks per run, seed %d, "
                        + "%d CPUs, Java %s%n",
                PRODUCERS, WORKERS, options.tasks(), options.seed(),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        out.printf(Locale.ROOT, "keys in [0, %,d]; warm-up: %,d uniform tasks per scheduler (not reported)%n",
                KeyDistribution.MAX_KEY, options.warmupTasks());
        ExecutorService producers = Executors.newFixedThreadPool(PRODUCERS, producerThreads());
        try {
            if (options.warmupTasks() > 0) {
                for (Scheduler scheduler : Scheduler.values()) {
                    runOnce(producers, KeyDistribution.UNIFORM, scheduler, options.warmupTasks(), ~options.seed());
                }
            }
            List<Run> runs = new ArrayList<>();
            for (KeyDistribution distribution : KeyDistribution.values()) {
                for (Scheduler scheduler : Scheduler.values()) {
                    Run run = runOnce(producers, distribution, scheduler, options.tasks(), options.seed());
                    print(run, out);
                    runs.add(run);
                }
            }
            printSummary(runs, out);
            return runs;
        } finally {
            producers.shutdownNow();
            producers.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    /** Entry point of {@code locus-examples.jar}. */
    public static void main(String[] args) throws InterruptedException {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: java -jar locus-examples.jar [--tasks N] [--seed S] [--warmup N]");
            System.exit(2);
            return;
        }
        run(options, System.out);
    }

    /** Submits {@code tasks} keyed tasks from the producers to a fresh executor and closes it. */
    static Run runOnce(ExecutorService producers, KeyDistribution distribution, Scheduler scheduler, int tasks,
                       long seed) throws InterruptedException {
        Cells cells = new Cells();
        LongAdder completed = new LongAdder();
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Long>> submitted = new ArrayList<>();
        long begin;
        long end;
        ExecutorStats stats;
        KeyedExecutorService executor = scheduler.start("skewed-" + distribution.label() + "-" + scheduler.label());
        try {
            for (int p = 0; p < PRODUCERS; p++) {
                int quota = tasks / PRODUCERS + (p < tasks % PRODUCERS ? 1 : 0);
                // the same keys for every scheduler: the seed depends on distribution and producer only
                SplittableRandom random = new SplittableRandom(seed + 1_000_003L * distribution.ordinal() + p);
                Callable<Long> producer = () -> {
                    start.await();
                    for (int i = 0; i < quota; i++) {
                        long key = distribution.next(random);
                        executor.execute(key, () -> {
                            cells.touch(key);
                            completed.increment();
                        });
                    }
                    return (long) quota;
                };
                submitted.add(producers.submit(producer));
            }
            begin = System.nanoTime();
            start.countDown();
            long total = 0;
            for (Future<Long> f : submitted) {
                total += join(f);
            }
            executor.close(); // waits until every queued task has run
            end = System.nanoTime();
            stats = executor.stats();
            if (total != tasks || stats.executed() != tasks || completed.sum() != tasks) {
                throw new IllegalStateException(String.format(Locale.ROOT,
                        "%s / %s: %d tasks to submit, %d submitted, executor counted %d, %d completed",
                        distribution.label(), scheduler.label(), tasks, total, stats.executed(),
                        completed.sum()));
            }
        } finally {
            start.countDown(); // release producers if we failed before starting them
            executor.shutdownNow();
        }
        return new Run(distribution, scheduler, tasks, stats, end - begin);
    }

    private static long join(Future<Long> producer) throws InterruptedException {
        try {
            return producer.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("producer failed", e.getCause());
        }
    }

    private static ThreadFactory producerThreads() {
        AtomicInteger next = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, "producer-" + next.getAndIncrement());
            thread.setDaemon(true);
            return thread;
        };
    }

    private static void print(Run run, PrintStream out) {
        ExecutorStats stats = run.stats();
        out.println();
        String title = "--- " + run.distribution().label() + " / " + run.scheduler().label() + " ";
        out.println(title + "-".repeat(Math.max(3, 60 - title.length())));
        out.println("worker      executed    share");
        for (WorkerStats worker : stats.workers()) {
            out.printf(Locale.ROOT, "%6d  %12s  %6.1f%%%n", worker.index(), count(worker.executed()),
                    100.0 * worker.executed() / Math.max(1, stats.executed()));
        }
        out.printf(Locale.ROOT, "imbalance     %.2f (busiest worker / mean)%n", stats.imbalance());
        out.println("boundaries    " + boundaries(stats.boundaries()));
        out.println("repartitions  " + stats.repartitions());
        out.println("hottest       " + hottest(stats.hottestRanges()));
        out.printf(Locale.ROOT, "elapsed       %,d ms, %s tasks/s%n",
                TimeUnit.NANOSECONDS.toMillis(run.elapsedNanos()), count(Math.round(run.tasksPerSecond())));
    }

    private static void printSummary(List<Run> runs, PrintStream out) {
        out.println();
        out.printf(Locale.ROOT, "=== summary: %,d tasks per run; imbalance = busiest worker / mean (1.00 is even)%n",
                runs.isEmpty() ? 0 : runs.get(0).submitted());
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "%-13s", "distribution"));
        StringBuilder units = new StringBuilder(String.format(Locale.ROOT, "%-13s", ""));
        for (Scheduler scheduler : Scheduler.values()) {
            header.append(String.format(Locale.ROOT, " | %-20s", scheduler.label()));
            units.append(String.format(Locale.ROOT, " | %9s %10s", "imbalance", "tasks/s"));
        }
        out.println(header);
        out.println(units);
        for (KeyDistribution distribution : KeyDistribution.values()) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-13s", distribution.label()));
            for (Scheduler scheduler : Scheduler.values()) {
                Run run = runs.stream()
                        .filter(r -> r.distribution() == distribution && r.scheduler() == scheduler)
                        .findFirst().orElseThrow();
                row.append(String.format(Locale.ROOT, " | %9.2f %10s", run.stats().imbalance(),
                        count(Math.round(run.tasksPerSecond()))));
            }
            out.println(row);
        }
    }

    private static String boundaries(long[] boundaries) {
        if (boundaries.length == 0) {
            return "none (keys ignored)";
        }
        StringBuilder text = new StringBuilder("[");
        for (int i = 0; i < boundaries.length; i++) {
            text.append(i == 0 ? "" : ", ").append(count(boundaries[i]));
        }
        return text.append(']').toString();
    }

    private static String hottest(List<KeyRangeLoad> ranges) {
        if (ranges.isEmpty()) {
            return "none (keys not sampled)";
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < Math.min(TOP_RANGES, ranges.size()); i++) {
            KeyRangeLoad range = ranges.get(i);
            text.append(i == 0 ? "" : "; ").append(String.format(Locale.ROOT, "[%s, %s) %.1f%%",
                    count(range.from()), count(range.to()), 100 * range.share()));
        }
        return text.toString();
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /**
     * The shared data the tasks touch: one long per key, grouped in blocks of 64 (eight cache
     * lines). A task reads its key's block a few times and writes its key's slot, about a
     * microsecond of work. Tasks with nearby keys share a block, so a scheduler that keeps a key
     * range on one worker keeps those lines in one core's cache; round-robin moves them between
     * cores.
     *
     * <p>The write is a plain, racy store: under round-robin two workers may touch one block at
     * once. Nothing reads the values back for correctness; they only make the work real.
     */
    static final class Cells {

        private static final int BLOCK = 64;
        private static final int PASSES = 8;

        private final long[] slots = new long[KeyDistribution.KEY_SPACE];

        void touch(long key) {
            int slot = (int) key;
            int base = slot & -BLOCK;
            long h = key;
            for (int pass = 0; pass < PASSES; pass++) {
                for (int i = 0; i < BLOCK; i++) {
                    h = (h ^ slots[base + i]) * 0x9E3779B97F4A7C15L;
                    h ^= h >>> 29;
                }
            }
            slots[slot] = h;
        }
    }
}
