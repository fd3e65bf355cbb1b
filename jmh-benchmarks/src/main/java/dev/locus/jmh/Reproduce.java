package dev.locus.jmh;

import dev.locus.jmh.dictionary.DictionaryPlan;
import dev.locus.jmh.elision.ElidedPlacementPlan;
import dev.locus.jmh.elision.ElisionPlan;
import dev.locus.jmh.oversubscription.OversubscriptionPlan;
import dev.locus.jmh.peer.PeerPlan;
import dev.locus.jmh.report.Report;
import dev.locus.jmh.scaling.ScalingPlan;
import dev.locus.jmh.toggle.TogglePlan;
import dev.locus.jmh.toggle.ToggleStmPlan;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The main job: runs [Bai06]'s experiments (§5, Figures 3–9) — the three dictionaries under
 * every executor, key distribution and worker count, and the executor overhead of Figure 9 — and
 * the oversubscription experiments of [Maldonado10] and [Nicacio10] ({@link OversubscriptionPlan}),
 * [Dice14]'s lock-elision HashMap ({@link ElisionPlan}), [Kalikar19]'s Toggle scheduler
 * ({@link TogglePlan}), the peer suite, locus's keyed executors against BookKeeper's
 * OrderedExecutor and the JDK's pools ({@link PeerPlan}), and transactions on Toggle
 * against round-robin + STM ({@link ToggleStmPlan}) and its HashMap of elided critical sections
 * on adaptive against round-robin ({@link ElidedPlacementPlan}), then writes the JMH results,
 * {@code REPORT.md} and the charts.
 *
 * <pre>
 * java -cp jmh-benchmarks/target/benchmarks.jar dev.locus.jmh.Reproduce [--full | --scaling] [--workers 1,2,4] [--only REGEX] [--out results]
 * </pre>
 *
 * <p>The claims' verdicts rest on rounds: a round is one JVM's measurement of a cell, the mean of
 * its measured iterations, and the report gives each ratio a claim reads a 95% interval over
 * paired rounds ({@code report.Ratio}). In the quick profile, where every run shares this JVM, a
 * round is a run: each suite runs round 1 of every cell, then rounds 2 and 3 ({@link #QUICK_ROUNDS})
 * of the cells its claims read, in the same order, so that a slow drift of the machine moves the
 * cells of a round alike. In the full profile a round is a fork.
 *
 * <p>The default is the quick profile: workers 1 and 2, one 0.5 s warm-up and one 0.5 s measured
 * iteration per round, all in this JVM after a warm-up run per benchmark ({@link Profile#QUICK}
 * says why). One iteration per round, where the job used to take three per run: iterations of one
 * run are not independent, so their spread said little (JMH's errors of ±50% to ±566% on three
 * iterations), while rounds give an honest one. The budget on two cores, in configured seconds
 * (870 runs, 1,182 s), plus about 0.18 s per run of JMH's own work and 0.7 s per forked JVM,
 * measured from the 386 runs of the previous profile (16.5 minutes for 881 configured seconds):
 * <pre>
 * [Bai06]     108 cells + 2 × 33 claimed = 174 runs × 1 s, 3 warm-up runs × 4.5 s    188 s
 * Figure 9    12 runs × 1 s, 1 warm-up run                                          17 s
 * oversub.    154 cells + 2 × 28 claimed = 210 runs × 1 s, 7 warm-up runs            245 s
 * [Dice14]    78 cells + 2 × 48 claimed = 174 forked runs × (2 × 1 s + 0.5 s)         435 s
 * [Kalikar19] 78 cells + 2 × 24 claimed = 126 runs × 0.9 s, 2 warm-up runs           122 s
 * peers       63 cells + 2 × 17 claimed = 97 runs × 1 s, 1 warm-up run              102 s
 * Toggle+STM  12 cells + 2 × 12 claimed = 36 runs × 1 s, 1 warm-up run               41 s
 * elided pl.  8 cells + 5 × 4 claimed = 28 runs × 1 s, 2 warm-up runs                33 s
 * JMH         870 runs × 0.18 s + 174 forks × 0.7 s                                  279 s
 *                                                                      about 24.4 minutes
 * </pre>
 * ([Dice14]'s and the elided-placement suites each run ALE's lambda and inline forms.)
 * A check of 150 of these runs ({@code --only} the hash table, Figure 9, the skip list, the mixed
 * elision workload and Figure 5 of [Kalikar19]) on a shared two-core machine took 4 min 10 s: 1.34 s
 * per dictionary run, 1.0 s per Figure 9 or oversubscription run, 3.0 s per forked elision run,
 * 0.93 s per Toggle run, warm-up runs 5-6 s; at those rates the papers' suites take about 15 minutes.
 * Cells no claim reads keep their single round and print no "±".
 * {@code --full} forks three JVMs per run, three rounds, each with five 1 s warm-up and five 1 s
 * measured iterations, on worker counts 1, 2, 4, … up to the machine's processors, adds the
 * cost-balanced adaptive executor, and runs the oversubscription suite's whole grid: about 75
 * minutes on two cores for [Bai06], and some seven hours for the 693 oversubscription runs.
 * {@code --scaling} runs instead the claims that need more than two workers, at up to 16 workers
 * and 64 threads, only the cells the claims read, in three or four rounds, in one call of under ten minutes on 16 cores
 * ({@link ScalingPlan}), into {@code results/scaling} unless {@code --out} says otherwise.
 * {@code --workers} replaces the worker counts of the quick and full profiles (the oversubscription suite's thread
 * counts are its own); {@code --only} keeps the runs whose benchmark, such as
 * {@code OversubscriptionBenchmark.skipList}, the regular expression finds: {@code --only Peer}
 * runs just the peer suite ({@code PeerBenchmark.tasks}), {@code --only ToggleStm} just the Toggle + STM suite
 * ({@code ToggleStmBenchmark}), {@code --only ElidedPlacement} the elided HashMap on keyed
 * executors ({@code ElidedPlacementBenchmark}). Every run is a
 * separate JMH run with one parameter set, so the progress line after each says how far the job
 * is; the JSON is rewritten
 * after every run, so an interrupted job keeps what it measured. A run that fails, or whose
 * iteration is a minute overdue (JMH then interrupts it), is listed at the end with the first lines
 * of the exceptions that failed it, and its cells are left out; their stack traces, and what JMH
 * printed for the run, are in {@code failures.log} in the output directory ({@link FailedRuns});
 * the job then exits with status 1.
 */
public final class Reproduce {

    /** Seconds of a warm-up run ({@link DictionaryPlan} says why a fresh JVM needs them). */
    private static final int WARM_UP_SECONDS = 4;
    /** Rounds of each cell a claim reads in the quick profile: the fewest that give a useful t-interval. */
    static final int QUICK_ROUNDS = 3;

    private final boolean full;
    private final boolean scaling;
    private final int[] workers;
    private final Pattern only;
    private final Path out;

    private Reproduce(boolean full, boolean scaling, int[] workers, Pattern only, Path out) {
        this.full = full;
        this.scaling = scaling;
        this.workers = workers;
        this.only = only;
        this.out = out;
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Reproduce job;
        try {
            job = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: Reproduce [--full | --scaling] [--workers 1,2,4] [--only REGEX] [--out DIRECTORY]");
            System.exit(2);
            return;
        }
        int status = job.run(job.plan(), String.join(" ", args), System.out);
        if (status != 0) {
            System.exit(status);
        }
    }

    public static Reproduce parse(String[] args) {
        boolean full = false;
        boolean scaling = false;
        int[] workers = null;
        Pattern only = Pattern.compile("");
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--full" -> full = true;
                case "--scaling" -> scaling = true;
                case "--workers" -> workers = parseWorkers(value(args, ++i, "--workers needs a list such as 1,2,4"));
                case "--only" -> only = parsePattern(value(args, ++i, "--only needs a regular expression"));
                case "--out" -> out = Path.of(value(args, ++i, "--out needs a directory"));
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (scaling && (full || workers != null)) {
            throw new IllegalArgumentException("--scaling has its own timing and worker counts");
        }
        if (scaling) {
            workers = ScalingPlan.WORKERS;
        } else if (workers == null) {
            workers = full ? powersOfTwoUpTo(Runtime.getRuntime().availableProcessors()) : new int[] {1, 2};
        }
        if (out == null) {
            out = scaling ? Path.of("results", "scaling") : Path.of("results");
        }
        return new Reproduce(full, scaling, workers, only, out);
    }

    /** The directory the results, the report and the run's facts go to. */
    public Path out() {
        return out;
    }

    /**
     * Runs {@code plan} and writes the results, the report and, if a run failed, the failures' log
     * under the output directory.
     *
     * @return the job's exit status: 0, or 1 if a run failed
     */
    int run(List<Run> plan, String arguments, PrintStream console) throws IOException, InterruptedException {
        Files.createDirectories(out);
        Path json = out.resolve("jmh-results.json");
        Instant started = Instant.now();
        console.printf(Locale.ROOT, "locus main job: %s; profile %s; workers %s; %d runs%n",
                scaling ? "[Bai06], [Maldonado10], [Nicacio10] and [Kalikar19]"
                        : "[Bai06], [Maldonado10], [Nicacio10], [Dice14] and [Kalikar19], peers, Toggle + STM and elided placement",
                profile(), Arrays.toString(workers), plan.size());

        if (profile().forks() == 0) {
            QuietLogging.configure(); // the benchmarks run in this JVM, which BenchmarkDefaults' flags do not reach
        }
        // Written now as well, so that a run cut short still names its machine.
        writeRunFacts(out.resolve("run.properties"), started, arguments, false);
        List<RunResult> results = new ArrayList<>();
        FailedRuns failed = new FailedRuns(out);
        for (int i = 0; i < plan.size(); i++) {
            Run run = plan.get(i);
            String outcome;
            try {
                RunResult result = new Runner(options(run).build(), failed.transcript()).runSingle();
                if (!run.warmUp()) {
                    results.add(result);
                    writeJson(results, json);
                }
                outcome = String.format(Locale.ROOT, "%,14.0f %s%s", result.getPrimaryResult().getScore(),
                        result.getPrimaryResult().getScoreUnit(), conflicts(result));
            } catch (RunnerException e) {
                // In this JVM, the failed trial's shared state would otherwise pass to the method's next run.
                List<Throwable> closing = profile().forks() == 0 ? OpenTrials.close(run.include()) : List.of();
                outcome = "FAILED: " + failed.add(run.toString(), e, closing);
            }
            Duration elapsed = Duration.between(started, Instant.now());
            Duration left = elapsed.dividedBy(i + 1).multipliedBy(plan.size() - i - 1);
            console.printf(Locale.ROOT, "[%3d/%d] %-60s %s   %s elapsed, ~%s left%n",
                    i + 1, plan.size(), run, outcome, minutes(elapsed), minutes(left));
        }

        writeRunFacts(out.resolve("run.properties"), started, arguments, true);
        console.println();
        if (results.isEmpty()) {
            console.println("No run gave a result, so there is no report.");
        } else if (ModuleLayer.boot().findModule("java.desktop").isEmpty()) {
            // A runtime made small enough to carry to a lent machine (scripts/device-scaling.sh) has no AWT.
            console.println("This runtime lacks java.desktop, which draws the charts, so there is no report here; run"
                    + " dev.locus.jmh.report.Report --in " + json + " --out " + out + " on a full JDK.");
        } else {
            Report.write(json, out, console);
        }
        if (failed.size() == 0) {
            return 0;
        }
        console.println();
        console.println(failed.size() + " run(s) failed; their cells show as not measured. Their causes (stack traces"
                + " and JMH's output in " + failed.log() + "):");
        failed.summary().forEach(console::println);
        return 1;
    }

    /** Every run of the job, in the order of the report's figures. */
    public List<Run> plan() {
        return (scaling ? ScalingPlan.runs(this::inRounds) : profilePlan()).stream()
                .filter(run -> only.matcher(run.method()).find()).toList();
    }

    private List<Run> profilePlan() {
        boolean warmUps = profile().forks() == 0;
        List<Run> plan = new ArrayList<>(inRounds(DictionaryPlan.runs(full, workers, warmUps), DictionaryPlan::claimed));
        plan.addAll(DictionaryPlan.overheadRuns(workers, warmUps));
        plan.addAll(inRounds(OversubscriptionPlan.runs(full, warmUps), OversubscriptionPlan::claimed));
        plan.addAll(inRounds(ElisionPlan.runs(full), ElisionPlan::claimed));
        plan.addAll(inRounds(TogglePlan.runs(full, workers, warmUps), TogglePlan::claimed));
        plan.addAll(inRounds(PeerPlan.runs(full, workers, warmUps), PeerPlan::claimed));
        plan.addAll(inRounds(ToggleStmPlan.runs(full, workers, warmUps), ToggleStmPlan::claimed));
        plan.addAll(inRounds(ElidedPlacementPlan.runs(warmUps), ElidedPlacementPlan::claimed,
                ElidedPlacementPlan.QUICK_ROUNDS));
        return plan;
    }

    /**
     * A suite's runs, then, in the quick profile, rounds 2 to {@link #QUICK_ROUNDS} of the cells
     * its claims read, each round in the suite's order: round 1 of every cell, then round 2, and
     * so on, so that a slow drift of the machine moves every cell of a round alike. The full
     * profile's rounds are its forks.
     */
    List<Run> inRounds(List<Run> suite, Predicate<Run> claimed) {
        return inRounds(suite, claimed, QUICK_ROUNDS);
    }

    /** As {@link #inRounds(List, Predicate)}, with {@code rounds} rounds in the quick profile. */
    List<Run> inRounds(List<Run> suite, Predicate<Run> claimed, int rounds) {
        List<Run> runs = new ArrayList<>(suite);
        for (int round = 2; !full && round <= rounds; round++) {
            for (Run run : suite) {
                if (!run.warmUp() && claimed.test(run)) {
                    runs.add(run.inRound(round));
                }
            }
        }
        return runs;
    }

    private ChainedOptionsBuilder options() {
        // No forced GC between iterations (the paper forces one before each run, §5.3): JMH's
        // waiting for the heap to settle costs about 3 s per run, half the quick profile's time.
        // An iteration that has not ended a minute after its time is interrupted, and the run
        // fails rather than the job hanging: the producers wait interruptibly for their batches.
        // Iterations are not synchronized: with JMH's default, a producer that has finished its
        // measured batches keeps submitting unmeasured ones until every producer has finished,
        // and on the sorted list that fed itself. The list grows as long as transactions run, each
        // transaction walks it, and ForkJoinPool drains one submitter's queue at a time, so one
        // producer's last batch could wait behind the others' new ones while the list, and every
        // transaction's cost, kept growing: iterations of 0.5 s took minutes. Unsynchronized, each
        // producer stops after the batch it is in; batches are 1,000 transactions, a few
        // milliseconds on the hash table and the tree, under a tenth of the iteration on the list.
        return profile().apply(new OptionsBuilder()
                .shouldFailOnError(true)
                .syncIterations(false)
                .timeout(TimeValue.minutes(1))
                .verbosity(VerboseMode.SILENT));
    }

    /** JMH's options for one run of this job's profile. */
    public ChainedOptionsBuilder options(Run run) {
        ChainedOptionsBuilder options = run.options(options());
        if (run.warmUp()) {
            return options.warmupIterations(WARM_UP_SECONDS).warmupTime(TimeValue.seconds(1)).measurementIterations(1);
        }
        return full ? options : TogglePlan.quick(run, ElisionPlan.quick(run, OversubscriptionPlan.quick(run, options)));
    }

    private Profile profile() {
        return full ? Profile.FULL : scaling ? Profile.SCALING : Profile.QUICK;
    }

    /** How long each run measures. */
    private record Profile(String name, int forks, int warmups, TimeValue warmupTime, int iterations,
                           TimeValue iterationTime) {

        /**
         * In this JVM (JMH's forks 0), after warm-up runs: a forked JVM per run would need a warm-up
         * of four seconds or more per run to measure compiled code, which 120 runs cannot afford in
         * the main job's ten minutes. All executors run the same dictionary and STM code, so they
         * share its compiled form; the full profile forks.
         */
        static final Profile QUICK = new Profile("quick", 0, 1, TimeValue.milliseconds(500), 1,
                TimeValue.milliseconds(500));
        static final Profile FULL = new Profile("full", 3, 5, TimeValue.seconds(1), 5, TimeValue.seconds(1));
        /** The quick profile's timing and rounds over {@link ScalingPlan}'s runs. */
        static final Profile SCALING = new Profile("scaling", QUICK.forks, QUICK.warmups, QUICK.warmupTime,
                QUICK.iterations, QUICK.iterationTime);

        ChainedOptionsBuilder apply(ChainedOptionsBuilder options) {
            return options.forks(forks)
                    .warmupIterations(warmups).warmupTime(warmupTime)
                    .measurementIterations(iterations).measurementTime(iterationTime);
        }

        @Override
        public String toString() {
            String jvms = forks == 0 ? "in one JVM after warm-up runs" : forks + " forks";
            return String.format(Locale.ROOT, "%s: %s, warm-up %d × %s, measurement %d × %s", name, jvms,
                    warmups, warmupTime, iterations, iterationTime);
        }
    }

    /** The run's contention instances per transaction, or its abort ratio; empty if it has neither. */
    private static String conflicts(RunResult result) {
        double commits = result.getPrimaryResult().getScore();
        Result<?> instances = result.getSecondaryResults().get("contentionInstances");
        if (instances != null) {
            return String.format(Locale.ROOT, ", %.4f contention/txn", instances.getScore() / commits);
        }
        Result<?> aborts = result.getSecondaryResults().get("aborts");
        if (aborts != null) {
            return String.format(Locale.ROOT, ", abort ratio %.4f", aborts.getScore() / (aborts.getScore() + commits));
        }
        return "";
    }

    private static void writeJson(List<RunResult> results, Path json) throws IOException {
        try (PrintStream stream = new PrintStream(Files.newOutputStream(json), true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, stream).writeOut(results);
        }
    }

    /**
     * The facts the report prints above its tables: the machine, the JVM, the profile, the time
     * taken if {@code finished}; the claims read the processors.
     */
    private void writeRunFacts(Path file, Instant started, String arguments, boolean finished) throws IOException {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("machine", Machine.describe());
        facts.put("processors", Integer.toString(Runtime.getRuntime().availableProcessors()));
        facts.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        facts.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        facts.put("profile", profile() + "; workers " + Arrays.toString(workers));
        facts.put("command", "java -cp jmh-benchmarks/target/benchmarks.jar " + Reproduce.class.getName()
                + (arguments.isEmpty() ? "" : " " + arguments));
        facts.put("started", started.toString());
        facts.put("duration", finished ? minutes(Duration.between(started, Instant.now()))
                : "not finished: written when the job started");
        Properties properties = new Properties();
        properties.putAll(facts);
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            properties.store(writer, "written by " + Reproduce.class.getName());
        }
    }

    private static String minutes(Duration d) {
        return String.format(Locale.ROOT, "%d min %02d s", d.toMinutes(), d.toSecondsPart());
    }

    private static int[] powersOfTwoUpTo(int processors) {
        return IntStream.iterate(1, w -> w <= processors, w -> w * 2).toArray();
    }

    private static int[] parseWorkers(String list) {
        int[] counts;
        try {
            counts = Arrays.stream(list.split(",")).mapToInt(s -> Integer.parseInt(s.trim())).toArray();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a list of worker counts: " + list, e);
        }
        if (Arrays.stream(counts).anyMatch(w -> w < 1)) {
            throw new IllegalArgumentException("worker counts must be positive: " + list);
        }
        return counts;
    }

    private static Pattern parsePattern(String regex) {
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("not a regular expression: " + regex, e);
        }
    }

    private static String value(String[] args, int index, String problem) {
        if (index >= args.length) {
            throw new IllegalArgumentException(problem);
        }
        return args[index];
    }

    /** What the report says the job ran on. */
    private static final class Machine {

        static String describe() {
            String cpu = cpuModel();
            long bytes = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getTotalMemorySize();
            return String.format(Locale.ROOT, "%s%d processors, %d GiB", cpu.isEmpty() ? "" : cpu + ", ",
                    Runtime.getRuntime().availableProcessors(), Math.round(bytes / (double) (1L << 30)));
        }

        /** The CPU's model name from /proc/cpuinfo, or empty where there is none. */
        private static String cpuModel() {
            try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
                return lines.filter(l -> l.startsWith("model name"))
                        .map(l -> l.substring(l.indexOf(':') + 1).trim())
                        .findFirst().orElse("");
            } catch (IOException | RuntimeException e) {
                return "";
            }
        }
    }
}
