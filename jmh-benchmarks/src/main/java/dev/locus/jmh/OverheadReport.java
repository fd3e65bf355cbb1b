package dev.locus.jmh;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs {@link ExecutorOverheadBenchmark} with 1 and 2 producers ([Bai06], Figure 9), writes the
 * JMH results as JSON and prints a Markdown table of tasks/s with each implementation's ratio to
 * ThreadPoolExecutor and ForkJoinPool.
 *
 * <pre>
 * java -cp jmh-benchmarks/target/benchmarks.jar dev.locus.jmh.OverheadReport [--quick] [--out FILE]
 * </pre>
 *
 * {@code --quick} uses {@link BenchmarkDefaults#quick}; without it, the full profile of
 * {@link BenchmarkDefaults}. The JSON goes to {@code jmh-benchmarks/target/jmh-overhead.json} from
 * the repository root ({@code target/jmh-overhead.json} from the module directory) unless
 * {@code --out} says otherwise.
 */
public final class OverheadReport {

    private static final int[] PRODUCERS = {1, 2};
    private static final String THREAD_POOL = "threadPool";
    private static final String FORK_JOIN = "forkJoin";
    /** The aim for a locus executor: this many times ThreadPoolExecutor, and not below ForkJoinPool. */
    private static final double AIM_VS_THREAD_POOL = 3.0;

    private OverheadReport() {
    }

    public static void main(String[] args) throws RunnerException, IOException {
        boolean quick = false;
        Path out = Files.isDirectory(Path.of("jmh-benchmarks"))
                ? Path.of("jmh-benchmarks", "target", "jmh-overhead.json")
                : Path.of("target", "jmh-overhead.json");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> quick = true;
                case "--out" -> {
                    if (++i == args.length) {
                        usage("--out needs a file");
                    }
                    out = Path.of(args[i]);
                }
                default -> usage("unknown argument " + args[i]);
            }
        }

        List<RunResult> results = new ArrayList<>();
        for (int producers : PRODUCERS) {
            ChainedOptionsBuilder options = new OptionsBuilder()
                    .include("^" + Pattern.quote(ExecutorOverheadBenchmark.class.getName()) + "\\.")
                    .threads(producers)
                    .shouldFailOnError(true);
            if (quick) {
                BenchmarkDefaults.quick(options);
            }
            results.addAll(new Runner(options.build()).run());
        }

        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (PrintStream json = new PrintStream(Files.newOutputStream(out), true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, json).writeOut(results);
        }
        System.out.println();
        System.out.print(table(results));
        System.out.println();
        System.out.println("JSON: " + out.toAbsolutePath());
    }

    /** One row per (implementation, producers): tasks/s, its error, and the ratios to the JDK pools. */
    static String table(List<RunResult> results) {
        StringBuilder table = new StringBuilder(
                "| implementation | producers | tasks/s | ± (99.9%) | vs threadPool | vs forkJoin | aim |\n"
                + "|---|---:|---:|---:|---:|---:|---|\n");
        for (int producers : PRODUCERS) {
            double threadPool = score(results, THREAD_POOL, producers);
            double forkJoin = score(results, FORK_JOIN, producers);
            for (RunResult result : results) {
                if (result.getParams().getThreads() != producers) {
                    continue;
                }
                String implementation = implementation(result);
                double score = result.getPrimaryResult().getScore();
                double vsThreadPool = score / threadPool;
                double vsForkJoin = score / forkJoin;
                boolean baseline = implementation.equals(THREAD_POOL) || implementation.equals(FORK_JOIN);
                String aim = baseline ? ""
                        : vsThreadPool >= AIM_VS_THREAD_POOL && vsForkJoin >= 1.0 ? "met" : "MISSED";
                table.append(String.format(Locale.ROOT, "| %s | %d | %,.0f | %,.0f | %.2fx | %.2fx | %s |\n",
                        implementation, producers, score, result.getPrimaryResult().getScoreError(),
                        vsThreadPool, vsForkJoin, aim));
            }
        }
        return table.toString();
    }

    private static double score(List<RunResult> results, String implementation, int producers) {
        return results.stream()
                .filter(r -> r.getParams().getThreads() == producers)
                .filter(r -> implementation(r).equals(implementation))
                .mapToDouble(r -> r.getPrimaryResult().getScore())
                .findFirst()
                .orElse(Double.NaN);
    }

    private static String implementation(RunResult result) {
        return result.getParams().getParam("implementation");
    }

    private static void usage(String problem) {
        System.err.println(problem);
        System.err.println("usage: OverheadReport [--quick] [--out FILE]");
        System.exit(2);
    }
}
