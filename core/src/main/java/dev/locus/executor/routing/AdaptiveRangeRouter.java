package dev.locus.executor.routing;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The key-based adaptive scheduler of paper 002 §4.2. It starts on the fixed partition of a
 * warm-up key range while it samples every key; once it holds {@code confidenceThreshold}
 * samples (10,000 by default, the paper's figure for a 99%-accurate CDF with 95% confidence) it
 * installs the PD-partition of the samples, whose ranges hold about equal numbers of tasks.
 *
 * <p>Beyond the paper, it keeps watching: after warm-up it samples one key in
 * {@code sampleEvery} and counts it against its range of the current table, fading the counts so
 * that they span about one window; one sampled key in eight also replaces a random key of the
 * window (cache misses on a large array are what sampling costs a producer). About once every
 * {@code checkEvery} samples it looks at the counts, a few reads; when the busiest range's share
 * exceeds {@code imbalanceThreshold} times the fair share it consults the window: if the window
 * agrees, it computes the window's PD-partition and proposes it if that lowers the share by at
 * least a tenth; if the window is too stale to agree, or after a re-partition, it catches up by
 * writing every key into the window until it has been rewritten twice, so that it forgets the old
 * distribution within tens of thousands of tasks. Follow-up checks correct the first, mixed
 * estimate, and a last cut from the rewritten window settles the partition.
 * Load is measured in tasks; a router that weighs ranges by cost can build on the same window.
 */
public final class AdaptiveRangeRouter implements Router {

    private static final double MIN_IMPROVEMENT = 0.9;
    private static final double SETTLE_IMPROVEMENT = 0.97;
    /** In steady state one counted key in this many also enters the window. */
    private static final int WINDOW_SHARE = 8;

    private final int workers;
    private final Settings settings;
    private final KeySampler window;
    private final RangeLoad load;
    /** Samples still to take at the full rate after a drift; shared only while positive. */
    private final AtomicInteger catchUp = new AtomicInteger();
    private volatile boolean adapted;
    /** Set when a catch-up ends; the next rebalance settles the partition on the fresh window. */
    private volatile boolean settling;

    /** @throws IllegalArgumentException if {@code workers < 1} */
    public AdaptiveRangeRouter(int workers, Settings settings) {
        this.workers = Routers.checkWorkers(workers);
        if (settings == null) {
            throw new NullPointerException("settings");
        }
        this.settings = settings;
        this.window = new KeySampler(settings.confidenceThreshold);
        this.load = new RangeLoad(workers);
    }

    /** A router with the {@linkplain Settings#defaults() default settings}. */
    public AdaptiveRangeRouter(int workers) {
        this(workers, Settings.defaults());
    }

    @Override
    public RoutingTable initialTable() {
        return RangeTable.equalWidth(workers, settings.warmupMinKey, settings.warmupMaxKey);
    }

    @Override
    public boolean repartitions() {
        return true;
    }

    @Override
    public boolean sample(long key) {
        if (!adapted) {
            return window.record(key) || window.isFull();
        }
        if (!settings.rebalancing) {
            return false;
        }
        ThreadLocalRandom random = ThreadLocalRandom.current();
        int catchUpLeft = catchUp.get() > 0 ? catchUp.getAndDecrement() : 0;
        boolean catchingUp = catchUpLeft > 0;
        if (!catchingUp && random.nextInt(settings.sampleEvery) != 0) {
            return false;
        }
        load.record(key);
        if (catchingUp || random.nextInt(WINDOW_SHARE) == 0) {
            window.record(key);
        }
        if (catchUpLeft == 1) {
            settling = true; // the window now holds only keys seen since the drift
            return true;
        }
        return random.nextInt(settings.checkEvery) == 0;
    }

    @Override
    public RoutingTable rebalance(RoutingTable current) {
        if (!adapted) {
            if (!window.isFull()) {
                return null;
            }
            adapted = true;
            return installed(PdPartition.of(window.snapshot(), workers, settings.histogramBins));
        }
        if (!settings.rebalancing) {
            return null;
        }
        if (settling) {
            settling = false;
            return settle(current);
        }
        if (load.table() != current) {
            load.reset(current); // the executor kept another table than the one proposed
            return null;
        }
        double counted = load.total();
        double share = load.busiestShare();
        load.fade(Math.max(0, 1 - (double) settings.checkEvery / settings.confidenceThreshold));
        if (counted < settings.confidenceThreshold / 2.0 || share * workers <= settings.imbalanceThreshold) {
            return null;
        }
        long[] samples = window.snapshot();
        double currentShare = busiestShare(current, samples);
        if (currentShare * workers <= settings.imbalanceThreshold) {
            // The counts see a drift that the slowly refreshed window does not show yet.
            if (catchUp.get() <= 0) {
                catchUp.set(2 * settings.confidenceThreshold);
            }
            return null;
        }
        RangeTable proposal = PdPartition.of(samples, workers, settings.histogramBins);
        if (busiestShare(proposal, samples) >= currentShare * MIN_IMPROVEMENT) {
            return null;
        }
        catchUp.set(2 * settings.confidenceThreshold);
        return installed(proposal);
    }

    /**
     * After a drift the first re-partitions are cut from a window that still mixes old and new
     * keys; once the catch-up has rewritten the window twice over, one more cut from the clean
     * window settles the partition, if it improves the busiest share by a few percent.
     */
    private RoutingTable settle(RoutingTable current) {
        long[] samples = window.snapshot();
        RangeTable proposal = PdPartition.of(samples, workers, settings.histogramBins);
        boolean better = busiestShare(proposal, samples) < busiestShare(current, samples) * SETTLE_IMPROVEMENT;
        return better ? installed(proposal) : null;
    }

    /** Counts load against {@code table} from now on, assuming the executor installs it. */
    private RangeTable installed(RangeTable table) {
        load.reset(table);
        return table;
    }

    /** Whether the warm-up is over and the router runs on a PD-partition. */
    public boolean isAdapted() {
        return adapted;
    }

    /** The settings this router was built with. */
    public Settings settings() {
        return settings;
    }

    /** The fraction of {@code samples} that the busiest worker of {@code table} receives. */
    static double busiestShare(RoutingTable table, long[] samples) {
        long[] perWorker = new long[table.workers()];
        for (long key : samples) {
            perWorker[table.route(key)]++;
        }
        long max = 0;
        for (long n : perWorker) {
            max = Math.max(max, n);
        }
        return samples.length == 0 ? 0 : (double) max / samples.length;
    }

    @Override
    public String toString() {
        return "AdaptiveRangeRouter[workers=" + workers + ", adapted=" + adapted + ", " + settings + "]";
    }

    /**
     * Tuning of the adaptive router. Immutable; each {@code with} method returns a copy.
     */
    public static final class Settings {

        private static final Settings DEFAULTS =
                new Settings(10_000, 1024, 0, Integer.MAX_VALUE, true, 8, 1024, 1.10);

        private final int confidenceThreshold;
        private final int histogramBins;
        private final long warmupMinKey;
        private final long warmupMaxKey;
        private final boolean rebalancing;
        private final int sampleEvery;
        private final int checkEvery;
        private final double imbalanceThreshold;

        private Settings(int confidenceThreshold, int histogramBins, long warmupMinKey, long warmupMaxKey,
                         boolean rebalancing, int sampleEvery, int checkEvery, double imbalanceThreshold) {
            this.confidenceThreshold = confidenceThreshold;
            this.histogramBins = histogramBins;
            this.warmupMinKey = warmupMinKey;
            this.warmupMaxKey = warmupMaxKey;
            this.rebalancing = rebalancing;
            this.sampleEvery = sampleEvery;
            this.checkEvery = checkEvery;
            this.imbalanceThreshold = imbalanceThreshold;
        }

        /**
         * 10,000 samples before the first PD-partition (also the size of the sample window), 1,024
         * histogram bins, warm-up on {@code [0, Integer.MAX_VALUE]}, re-balancing on with one key
         * in 8 sampled, a check about every 1,024 samples and a threshold of 1.10.
         */
        public static Settings defaults() {
            return DEFAULTS;
        }

        /** Samples gathered before the first PD-partition, and the size of the sample window. */
        public Settings confidenceThreshold(int samples) {
            return new Settings(Routers.checkPositive("confidenceThreshold", samples), histogramBins,
                    warmupMinKey, warmupMaxKey, rebalancing, sampleEvery, checkEvery, imbalanceThreshold);
        }

        /** Bins of the equal-width histogram. */
        public Settings histogramBins(int bins) {
            return new Settings(confidenceThreshold, Routers.checkPositive("histogramBins", bins),
                    warmupMinKey, warmupMaxKey, rebalancing, sampleEvery, checkEvery, imbalanceThreshold);
        }

        /** The key range cut into equal widths during warm-up. */
        public Settings warmupRange(long minKey, long maxKey) {
            RangeTable.equalWidth(1, minKey, maxKey); // validates the range
            return new Settings(confidenceThreshold, histogramBins, minKey, maxKey, rebalancing,
                    sampleEvery, checkEvery, imbalanceThreshold);
        }

        /** Whether to keep sampling after warm-up and re-partition on drift (the paper does not). */
        public Settings rebalancing(boolean enabled) {
            return new Settings(confidenceThreshold, histogramBins, warmupMinKey, warmupMaxKey, enabled,
                    sampleEvery, checkEvery, imbalanceThreshold);
        }

        /** After warm-up, one key in {@code n} (on average) enters the window. */
        public Settings sampleEvery(int n) {
            return new Settings(confidenceThreshold, histogramBins, warmupMinKey, warmupMaxKey, rebalancing,
                    Routers.checkPositive("sampleEvery", n), checkEvery, imbalanceThreshold);
        }

        /** Balance is checked about once every {@code n} samples. */
        public Settings checkEvery(int n) {
            return new Settings(confidenceThreshold, histogramBins, warmupMinKey, warmupMaxKey, rebalancing,
                    sampleEvery, Routers.checkPositive("checkEvery", n), imbalanceThreshold);
        }

        /**
         * Re-partition when the busiest worker's share of the window exceeds this multiple of the
         * fair share.
         *
         * @throws IllegalArgumentException unless {@code threshold > 1}
         */
        public Settings imbalanceThreshold(double threshold) {
            if (!(threshold > 1.0)) {
                throw new IllegalArgumentException("imbalanceThreshold must be > 1, was " + threshold);
            }
            return new Settings(confidenceThreshold, histogramBins, warmupMinKey, warmupMaxKey, rebalancing,
                    sampleEvery, checkEvery, threshold);
        }

        @Override
        public String toString() {
            return "Settings[confidenceThreshold=" + confidenceThreshold + ", histogramBins=" + histogramBins
                    + ", warmup=[" + warmupMinKey + ", " + warmupMaxKey + "], rebalancing=" + rebalancing
                    + ", sampleEvery=" + sampleEvery + ", checkEvery=" + checkEvery
                    + ", imbalanceThreshold=" + imbalanceThreshold + "]";
        }
    }
}
