package dev.locus.examples.ledger;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * Serves the ledger twice, once on a locus {@link KeyedLedger} and once on a {@link LockingLedger}
 * ({@code ThreadPoolExecutor} and a lock per account), drives each with the same
 * {@link LoadGenerator} load on 127.0.0.1, and prints throughput, latency percentiles and the
 * balance checks. Both services first get a warm-up load, each on a server of its own (not
 * reported); every measured run starts from zero balances on a fresh server.
 *
 * <pre>
 * java -cp examples/target/locus-examples.jar dev.locus.examples.ledger.LedgerLoad \
 *     [--requests N] [--clients N] [--accounts N] [--workers N] [--zipf S] [--seed S] [--warmup N]
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
     * @param warmupRequests requests of the unreported warm-up run per service (0: none)
     */
    public record Options(LoadGenerator.Settings load, int workers, int warmupRequests) {

        /** @throws IllegalArgumentException if {@code workers < 1} or {@code warmupRequests < 0} */
        public Options {
            if (workers < 1) {
                throw new IllegalArgumentException("--workers must be > 0, was " + workers);
            }
            if (warmupRequests < 0) {
                throw new IllegalArgumentException("--warmup must be >= 0, was " + warmupRequests);
            }
        }

        /**
         * Reads the flags; defaults: 40,000 requests, 16 clients, 1,000 accounts, one worker per
         * CPU, Zipf exponent 1, seed 18, 10,000 warm-up requests.
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
                        default -> throw new IllegalArgumentException("unknown argument: " + flag);
                    }
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(flag + " needs a number, was " + args[i + 1], e);
                }
            }
            return new Options(new LoadGenerator.Settings(requests, clients, accounts, zipf, seed), workers, warmup);
        }
    }

    /**
     * Warms both services up, then runs the measured load against each, printing a line per service.
     *
     * @return the measured runs, in {@link Service} order
     */
    public static List<LoadReport> run(Options options, PrintStream out) throws InterruptedException {
        LoadGenerator.Settings load = options.load();
        out.printf(Locale.ROOT, "locus ledger over HTTP (Jetty 12, 127.0.0.1): %,d requests per service, %d clients, "
                        + "%,d accounts (Zipf s=%.2f), %d workers, %d CPUs, Java %s%n",
                load.requests(), load.clients(), load.accounts(), load.zipfExponent(), options.workers(),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        out.printf(Locale.ROOT, "%-12s %10s %8s %8s %8s %9s %8s  %s%n",
                "service", "requests/s", "p50 ms", "p99 ms", "p999 ms", "applied", "refused", "checks");
        if (options.warmupRequests() > 0) {
            // both services before either is measured: the JIT compiles the client's and Jetty's
            // paths during the first run, which would otherwise count against the first service
            LoadGenerator.Settings warmup = new LoadGenerator.Settings(options.warmupRequests(), load.clients(),
                    load.accounts(), load.zipfExponent(), ~load.seed());
            for (Service service : Service.values()) {
                runOnce(service, options.workers(), warmup);
            }
        }
        List<LoadReport> reports = new ArrayList<>();
        for (Service service : Service.values()) {
            LoadReport report = runOnce(service, options.workers(), load);
            out.printf(Locale.ROOT, "%-12s %,10d %8.2f %8.2f %8.2f %,9d %,8d  %s%n",
                    service.label(), Math.round(report.requestsPerSecond()), millis(report.latencyNanos(0.5)),
                    millis(report.latencyNanos(0.99)), millis(report.latencyNanos(0.999)), report.applied(),
                    report.refused(), checks(report, load.accounts()));
            reports.add(report);
        }
        return reports;
    }

    /** Entry point; exits 2 on bad flags and 1 if a check failed. */
    public static void main(String[] args) throws InterruptedException {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("usage: LedgerLoad [--requests N] [--clients N] [--accounts N] [--workers N] "
                    + "[--zipf S] [--seed S] [--warmup N]");
            System.exit(2);
            return;
        }
        boolean ok = run(options, System.out).stream().allMatch(LoadReport::ok);
        System.exit(ok ? 0 : 1);
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
