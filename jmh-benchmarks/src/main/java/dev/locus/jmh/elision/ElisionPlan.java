package dev.locus.jmh.elision;

import dev.locus.htm.NativeHtm;
import dev.locus.jmh.Run;
import dev.locus.jmh.hashmap.Implementation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The main job's runs of {@link ElisionBenchmark} ([Dice14] §5.1): get-only at every value size
 * and mixed, every implementation, threads 1, 2, 4 and 8 in the full profile (260 runs without
 * RTM); in the quick one, get-only at 4 B and 1 KB and mixed at 1 and 2 threads, which answers
 * the two closing questions, in both of ALE's forms, on a two-core machine in about
 * seven minutes (78 cells, 48 of them — adaptive and the static policies in each form — in three
 * rounds: 174 runs). The HTM configurations run only where {@link NativeHtm#rtmSupported()}.
 *
 * <p>Unlike the other suites' quick runs, each of these forks its own JVM: a get costs tens of
 * nanoseconds, so call sites made megamorphic by earlier runs' policies, lock adapters and maps
 * would weigh on later ones, and which implementation ran first would decide the ranking. A fresh
 * JVM needs about two seconds of this workload before ALE's paths are compiled (on two busy
 * cores, lock-only's mixed rate climbed from 0.1 to 2 M ops/s over four half-second warm-up
 * iterations), so each run warms up for two.
 */
public final class ElisionPlan {

    private static final String BENCHMARK = "ElisionBenchmark.";
    static final List<Integer> THREADS = List.of(1, 2, 4, 8);
    static final List<Integer> QUICK_THREADS = List.of(1, 2);
    static final List<String> VALUE_SIZES = List.of("4", "64", "1024", "4096");
    static final List<String> QUICK_VALUE_SIZES = List.of("4", "1024");

    private ElisionPlan() {
    }

    /** A quick run's warm-up iterations of one second each, in its fresh JVM. */
    static final int QUICK_WARM_UP_ITERATIONS = 2;

    /**
     * The policies the elision claims compare: adaptive, and the static policies it must be within, in
     * each of ALE's forms.
     */
    private static final List<String> CLAIMED = Stream.of(Implementation.ADAPTIVE, Implementation.LOCK_ONLY,
            Implementation.SWOPT_1, Implementation.SWOPT_10, Implementation.ADAPTIVE_INLINE,
            Implementation.LOCK_ONLY_INLINE, Implementation.SWOPT_1_INLINE, Implementation.SWOPT_10_INLINE)
            .map(Implementation::name).toList();

    /** Whether the elision claims read this run: adaptive and the static policies, in every cell. */
    public static boolean claimed(Run run) {
        return run.method().startsWith(BENCHMARK) && CLAIMED.contains(run.params().get("implementation"));
    }

    /** {@code options} for {@code run} in the quick profile: this suite's runs fork and warm up longer. */
    public static ChainedOptionsBuilder quick(Run run, ChainedOptionsBuilder options) {
        return run.method().startsWith(BENCHMARK) ? options.forks(1).warmupIterations(QUICK_WARM_UP_ITERATIONS)
                .warmupTime(TimeValue.seconds(1)) : options;
    }

    /** The runs in the report's order: get-only by value size, then mixed; each by thread count. */
    public static List<Run> runs(boolean full) {
        List<Integer> threads = full ? THREADS : QUICK_THREADS;
        List<String> implementations = Stream.of(Implementation.values())
                .filter(implementation -> !implementation.needsRtm() || NativeHtm.rtmSupported())
                .map(Implementation::name).toList();
        List<Run> runs = new ArrayList<>();
        for (String valueSize : full ? VALUE_SIZES : QUICK_VALUE_SIZES) {
            for (int n : threads) {
                for (String implementation : implementations) {
                    runs.add(new Run(BENCHMARK + "getOnly",
                            Map.of("implementation", implementation, "valueSize", valueSize), n, false));
                }
            }
        }
        for (int n : threads) {
            for (String implementation : implementations) {
                runs.add(new Run(BENCHMARK + "mixed", Map.of("implementation", implementation), n, false));
            }
        }
        return runs;
    }
}
