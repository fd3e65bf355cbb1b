package dev.locus.jmh;

import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;

/**
 * One JMH run: a benchmark method with one value per parameter and a thread count (0: the
 * method's own), or a warm-up run whose result is dropped.
 */
public record Run(String method, Map<String, String> params, int threads, boolean warmUp, int round) {

    public Run(String method, Map<String, String> params, int threads, boolean warmUp) {
        this(method, params, threads, warmUp, 1);
    }

    /** This run's cell in round {@code round}. */
    public Run inRound(int round) {
        return new Run(method, params, threads, warmUp, round);
    }

    /** The regular expression JMH selects this run's benchmark method by, in {@code dev.locus.jmh} or a suite's package below it. */
    public String include() {
        return "^" + Pattern.quote(Run.class.getPackageName() + ".") + "(\\w+\\.)?" + Pattern.quote(method) + "$";
    }

    public ChainedOptionsBuilder options(ChainedOptionsBuilder options) {
        options.include(include());
        params.forEach(options::param);
        if (threads > 0) {
            options.threads(threads);
        }
        return options;
    }

    private static String label(String param) {
        return switch (param) {
            case "workers" -> "w=";
            case "threads" -> "threads=";
            case "segments" -> "segments=";
            default -> "";
        };
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(method);
        Stream.of("mix", "scale", "skewness", "nodes", "size", "distribution", "executor", "scheduler", "lockManager",
                        "workers", "configuration", "threads", "implementation", "workload", "valueSize", "segments")
                .filter(params::containsKey)
                .forEach(p -> s.append(' ').append(label(p)).append(params.get(p)));
        if (threads > 0) {
            s.append(" threads=").append(threads);
        }
        if (round > 1) {
            s.append(" (round ").append(round).append(')');
        }
        return warmUp ? s.append(" (warm-up, not recorded)").toString() : s.toString();
    }
}
