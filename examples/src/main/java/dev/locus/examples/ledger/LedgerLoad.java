package dev.locus.examples.ledger;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.ToDoubleFunction;

/**
 * Serves the ledger on a locus {@link KeyedLedger} and on a {@link LockingLedger}
 * ({@code ThreadPoolExecutor} and a lock per account), each in a JVM of its own
 * ({@link FreshJvm}), drives each with the same {@link LoadGenerator} load on 127.0.0.1, and prints
 * throughput, latency percentiles and the balance checks of every run, then the keyed service's
 * requests/s and p99 as ratios to the locking service's. The services take turns, in rounds that
 * alternate which goes first; each run warms its service up (not reported) and then measures it,
 * starting from zero balances on a fresh server.
 *
 * <pre>
 * java -cp examples/target/locus-examples.jar dev.locus.examples.ledger.LedgerLoad \
 *     [--requests N] [--clients N] [--accounts N] [--workers N] [--zipf S] [--seed S] [--warmup N] [--rounds N]
 * </pre>
 *
 * Exits with status 1 if a check failed.
 */
public final class LedgerLoad {

    private LedgerLoad() {
    }

    /** The two services under comparison. */
    public enum Service {

        /**
         * Handlers hand each operation to a locus keyed executor by account, as a transaction;
         * no locks, transfers atomic.
         */
        KEYED("locus keyed", KeyedLedger::new),

        /** Handlers hand each operation to a ThreadPoolExecutor; a lock per account. */
        LOCKING("TPE + locks", LockingLedger::new);

        private final String label;
        private final BiFunction<Integer, Integer, Ledger> ledger;

        Service(String label, BiFunction<Integer, Integer, Ledger> ledger) {
            this.label = label;
            this.ledger = ledger;
        }

        /** The name used in output. */
        public String label() {
            return label;
        }

        /** A new ledger of {@code accounts} accounts on {@code workers} threads. */
        public Ledger newLedger(int accounts, int workers) {
            return ledger.apply(accounts, workers);
        }
    }

    /**
     * What to run.
     *
     * @param load the measured load, the same for both services
     * @param workers executor threads of each ledger
     * @param warmupRequests requests of the unreported warm-up run before each measured one (0: none)
     * @param rounds rounds of one measured run per service
     */
    public record Options(LoadGenerator.Settings load, int workers, int warmupRequests, int rounds) {

        /** @throws IllegalArgumentException if {@code workers < 1}, {@code warmupRequests < 0} or {@code rounds < 1} */
        public Options {
            if (workers < 1) {
                throw new IllegalArgumentException("--workers must be > 0, was " + workers);
            }
            if (warmupRequests < 0) {
                throw new IllegalArgumentException("--warmup must be >= 0, was " + warmupRequests);
            }
            if (rounds < 1) {
                throw new IllegalArgumentException("--rounds must be > 0, was " + rounds);
            }
        }

        /**
         * Reads the flags; defaults: 40,000 requests, 16 clients, 1,000 accounts, one worker per
         * CPU, Zipf exponent 1, seed 18, 10,000 warm-up requests, 3 rounds.
         *
         * @throws IllegalArgumentException on an unknown flag, a missing value or a bad number
         */
        public static Options parse(String... args) {
            int requests = 40_000;
            int clients = 16;
            int accounts = 1_000;
            int workers = Runtime.getRuntime().availableProcessors();
            double zipf = 1.0;
            long seed = 18;
            int warmup = 10_000;
            int rounds = 3;
            for (int i = 0; i < args.length; i += 2) {
                String flag = args[i];
                if (i + 1 == args.length) {
                    throw new IllegalArgumentException(flag + " needs a value");
                }
                String value = args[i + 1].replace("_", "");
                try {
                    switch (flag) {
                        case "--requests" -> requests = Integer.parseInt(value);
                        case "--clients" -> clients = Integer.parseInt(value);
                        case "--accounts" -> accounts = Integer.parseInt(value);
                        case "--workers" -> workers = Integer.parseInt(value);
                        case "--zipf" -> zipf = Double.parseDouble(value);
                        case "--seed" -> seed = Long.parseLong(value);
                        case "--warmup" -> warmup = Integer.parseInt(value);
                        case "--rounds" -> rounds = Integer.parseInt(value);
                        default -> throw new IllegalArgumentException("unknown argument: " + flag);
                    }
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(flag + " needs a number, was " + args[i + 1], e);
                }
            }
            return new Options(new LoadGenerator.Settings(requests, clients, accounts, zipf, seed), workers, warmup,
                    rounds);
        }

        /** The flags that {@link #parse} reads back into these options. */
        List<String> toArgs() {
            return List.of("--requests", Integer.toString(load.requests()), "--clients", Integer.toString(load.clients()),
                    "--accounts", Integer.toString(load.accounts()), "--workers", Integer.toString(workers),
                    "--zipf", Double.toString(load.zipfExponent()), "--seed", Long.toString(load.seed()),
                    "--warmup", Integer.toString(warmupRequests), "--rounds", Integer.toString(rounds));
        }
    }

    /**
     * Runs the rounds, each service in a JVM of its own, printing a line per run and then the
     * ratios.
     *
     * @return the measured runs, in the order they ran
     */
    public static List<LoadReport> run(Options options, PrintStream out) throws InterruptedException {
        LoadGenerator.Settings load = options.load();
        out.printf(Locale.ROOT, "locus ledger over HTTP (Jetty 12, 127.0.0.1): %,d requests per run, %d clients, "
                        + "%,d accounts (Zipf s=%.2f), %d workers, %d CPUs, Java %s; %d rounds, each service in a "
                        + "JVM of its own%n",
                load.requests(), load.clients(), load.accounts(), load.zipfExponent(), options.workers(),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), options.rounds());
        out.printf(Locale.ROOT, "%-5s %-12s %10s %8s %8s %8s %9s %8s  %s%n",
                "round", "service", "requests/s", "p50 ms", "p99 ms", "p999 ms", "applied", "refused", "checks");
        List<LoadReport> reports = new ArrayList<>();
        Map<Service, List<LoadReport>> byService = new EnumMap<>(Service.class);
        for (int round = 1; round <= options.rounds(); round++) {
            List<Service> order = new ArrayList<>(List.of(Service.values()));
            if (round % 2 == 0) {
                Collections.reverse(order); // each service goes first as often as the other
            }
            for (Service service : order) {
                LoadReport report = FreshJvm.run(service, options);
                out.printf(Locale.ROOT, "%-5d %-12s %,10d %8.2f %8.2f %8.2f %,9d %,8d  %s%n",
                        round, service.label(), Math.round(report.requestsPerSecond()),
                        millis(report.latencyNanos(0.5)), millis(report.latencyNanos(0.99)),
                        millis(report.latencyNanos(0.999)), report.applied(), report.refused(),
                        checks(report, load.accounts()));
                reports.add(report);
                byService.computeIfAbsent(service, s -> new ArrayList<>()).add(report);
            }
        }
        List<LoadReport> keyed = byService.get(Service.KEYED);
        List<LoadReport> locking = byService.get(Service.LOCKING);
        out.printf(Locale.ROOT, "%s / %s, geometric mean of the rounds' ratios [lowest, highest]: requests/s %s, "
                        + "p99 %s%n", Service.KEYED.label(), Service.LOCKING.label(),
                ratio(keyed, locking, LoadReport::requestsPerSecond),
                ratio(keyed, locking, r -> r.latencyNanos(0.99)));
        return reports;
    }

    /** Entry point; exits 2 on bad flags and 1 if a check failed. */
    public static void main(String[] args) throws InterruptedException, IOException {
        if (args.length >= 3 && FreshJvm.CHILD.equals(args[0])) {
            FreshJvm.child(Service.valueOf(args[1]), Path.of(args[2]),
                    Options.parse(Arrays.copyOfRange(args, 3, args.length)));
            return;
        }
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: LedgerLoad [--requests N] [--clients N] [--accounts N] [--workers N] "
                    + "[--zipf S] [--seed S] [--warmup N] [--rounds N]");
            System.exit(2);
            return;
        }
        boolean ok = run(options, System.out).stream().allMatch(LoadReport::ok);
        System.exit(ok ? 0 : 1);
    }

    /** {@code a[i] / b[i]} of {@code value}, as geometric mean [lowest, highest]. */
    private static String ratio(List<LoadReport> a, List<LoadReport> b, ToDoubleFunction<LoadReport> value) {
        double logSum = 0;
        double lowest = Double.POSITIVE_INFINITY;
        double highest = 0;
        for (int i = 0; i < a.size(); i++) {
            double ratio = value.applyAsDouble(a.get(i)) / value.applyAsDouble(b.get(i));
            logSum += Math.log(ratio);
            lowest = Math.min(lowest, ratio);
            highest = Math.max(highest, ratio);
        }
        return String.format(Locale.ROOT, "%.2fx [%.2f, %.2f]", Math.exp(logSum / a.size()), lowest, highest);
    }

    /** One run on a fresh server; the server (and its ledger) is closed before this returns. */
    static LoadReport runOnce(Service service, int workers, LoadGenerator.Settings load) throws InterruptedException {
        try (LedgerServer server = LedgerServer.start(service.newLedger(load.accounts(), workers))) {
            return LoadGenerator.run(server.uri(), load);
        }
    }

    private static String checks(LoadReport report, int accounts) {
        if (report.ok()) {
            return String.format(Locale.ROOT, "ok: every request answered, %,d balances exact, none negative", accounts);
        }
        return String.format(Locale.ROOT, "FAILED: %d unanswered, %d negative, %d accounts wrong; first: %s",
                report.failed(), report.negative(), report.mismatches(), report.firstProblem());
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }
}
