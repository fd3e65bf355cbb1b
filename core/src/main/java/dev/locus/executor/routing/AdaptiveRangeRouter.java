package dev.locus.executor.routing;

import dev.locus.executor.sampling.KeySampler;
import dev.locus.executor.sampling.PdPartition;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * The key-based adaptive scheduler of [Bai06] §4.2. It warms up while it samples every key:
 * each key goes to the worker a hash of the key picks, so that keys from any key space, small ids
 * as well as keys spread over all of {@code long}, fall evenly on the workers; or, given a
 * {@linkplain Settings#warmupRange(long, long) warm-up range}, the paper's fixed partition of that
 * range. Once it holds {@code confidenceThreshold} samples (10,000 by default, the paper's figure
 * for a 99%-accurate CDF with 95% confidence) it installs the PD-partition of the samples, whose
 * ranges hold about equal numbers of tasks; the executor switches to it as to any re-partition,
 * keeping per-key order.
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
 * estimate, and a last cut from the rewritten window settles the partition. Where the settled
 * partition still leaves the load imbalanced twice in a row, as for keys that sweep the key space
 * faster than a window can follow, it stops cutting ranges: it spreads the keys by a hash of the
 * key, as in the warm-up, which balances any stream of many keys whatever their order, and returns
 * to ranges once a cut of the window has kept the load as balanced as it promised while it watched
 * ({@link RepartitionBackoff}).
 *
 * <p>Load is measured in tasks, unless {@link Settings#costFeedback(boolean)} is on and tasks
 * report their cost through {@code KeyedExecutorService.recordCost}: then each sampled task counts
 * by what tasks with nearby keys were reported to take, so that ranges of expensive tasks get
 * narrower; and each cut moves a little, within half the imbalance the threshold allows, to where
 * the fewest aborts were reported, so that a cluster of conflicting keys runs on one worker
 * instead of aborting on two.
 */
/*
 * Implementation notes
 *
 * Overview. sample() counts one submitted key in sampleEvery into RangeLoad (per range of the
 * current table, fading) and one in eight of those into the window, and asks for a check about
 * once every checkEvery counted keys. rebalance() re-partitions when RangeLoad shows the busiest
 * range above the threshold and the window agrees, starts a catch-up (every key counted and
 * windowed, two windows' worth) when the window is too stale to agree, and settles on the
 * rewritten window afterwards.
 *
 * Warm-up. The warm-up table is key-affine and spreads any key space over all workers. Key-affine,
 * so that the switch to the PD-partition is a re-partition between two key-affine tables, which
 * the executor's epoch hand-off makes without breaking per-key order (a task whose key moved waits
 * until the key's warm-up owner has passed its fence), exactly as it makes every later one.
 * Spreading, because before sampling the router cannot know where the keys lie, and an equal-width
 * partition of a range much wider than the keys puts them all on one worker for the whole warm-up:
 * account ids 1 to 1,000 in [0, Integer.MAX_VALUE] all fall in the first of four ranges. So by
 * default HashedTable routes each key by SplitMix64's finalizer, scaled onto the workers by a
 * multiply and a shift: a few multiplies per submission and no allocation. It gives up range
 * locality for the warm-up's first confidenceThreshold tasks; a user who knows the key range gets
 * the paper's fixed partition, and that locality, with Settings.warmupRange. Sampling is the same
 * on either table.
 *
 * Cost weighting: demand times price. Submissions say how often a key comes, cost reports what
 * its tasks take; the load of a range is the product. With costFeedback on, RangeCost keeps the
 * reported time per bucket of keys (16 buckets per worker, at least 64, each an equal share of the
 * window, re-cut whenever a partition is computed), fed by one report in sampleEvery and keeping
 * the latest 64 to 128 reports per bucket. A sampled submission then counts as w copies, w its
 * bucket's mean time over the mean time of all reports, rounded up or down at random so that it
 * is right on average (randomized rounding, capped at MAX_COPIES); RangeLoad adds the copies in
 * one atomic add and the window takes each with probability 1/8. So the window holds keys in
 * proportion to cost, PdPartition cuts it into ranges of equal cost, and the drift checks compare
 * costs, all unchanged. Cost is the wall time alone: the attempts that aborted are already in it.
 * A bucket without enough reports weighs 1, as a task of mean reported cost, so without reports
 * the router is the plain one. Counting the reports themselves instead, each weighted by its
 * time, would measure what the workers completed rather than what they were given: a saturated
 * worker reports one second of work per second however long its queue grows, so an overloaded
 * range looks balanced until its neighbour runs dry, and reports come in completion order, so a
 * burst that one worker finishes last fills the window with its keys (docs/keyed-dispatch.md
 * compares the two designs).
 *
 * Conflict co-location. With key partitioning two tasks can only abort each other when they run
 * on different workers, so aborts gather around a cut that splits a cluster of conflicting keys.
 * Aborted keys go into a second window (one abort in sampleEvery, a copy per abort, so keys weigh
 * by abort count). Every partition the router computes (the first, a re-partition, a settling
 * cut) passes through ConflictCuts, which moves each cut to the nearby position of least abort
 * density per unit of load; and every CONFLICT_LOOK_EVERY-th check that finds the load balanced
 * puts the current cuts through it, proposing the moved cuts when aborts concentrate near one
 * (the only trigger that re-partitions a balanced table). Such a look copies and sorts the window,
 * once per some 65,000 tasks with the default settings, so a cut leaves a cluster some tens of
 * thousands of tasks after its aborts begin.
 *
 * Reconciling the two. They pull apart: cost balancing puts cuts where the cost halves, and a
 * conflicting range is expensive precisely because it aborts, so balancing alone would put more
 * cuts into it, making it abort more and look more expensive still. Balance decides roughly where
 * a cut goes, conflicts decide exactly where: a conflict move may grow a worker by
 * CONFLICT_SHARE = half of (imbalanceThreshold - 1) times its fair share of cost (5% at 1.10),
 * counted against the cuts already placed, so a moved partition stays inside the threshold with
 * room for noise and never causes a re-partition itself. Once a cluster lies wholly on one worker
 * its aborts stop and its cost falls to what its work costs, so the cost weights stop pulling the
 * cut back into it; the abort window forgets only as new aborts replace old ones, so it still
 * remembers the cluster when a later re-partition recomputes the cut from cost. A cluster too wide
 * to move a cut out of within the tolerance stays split: balance wins, and its aborts are paid
 * for as cost.
 *
 * Spreading. A stream whose keys move on faster than the window refreshes (consecutive ids
 * sweeping the key space) defeats every cut from recent keys: each adaptation finds the keys gone
 * elsewhere by its judgment, and a chase costs a hand-off through every queue and a catch-up each
 * time, while the cut in place loads a few workers. Spacing the chase out only leaves the load on
 * such cuts for longer (docs/keyed-dispatch.md measures both). So the check that judges a failed
 * adaptation during a chase (RepartitionBackoff) installs the hashed table instead, one hand-off
 * like any other, if the load has left what the cut promised on the samples it was cut from by
 * more than the threshold: a cut that promised no better, as for a key too hot to balance, has
 * not been outrun. Spread, the router keeps sampling: the load is counted against a shadow cut of
 * the window, not against the table in use, and after a full turn-over of the counts
 * (confidenceThreshold counted keys) the shadow is replaced by a fresh cut if it broke its
 * promise by more than the threshold; the router returns to it once it has kept it for
 * SHADOW_TURNS turn-overs in a row and the backoff's hold has passed. The return
 * is an adaptation like any other: a catch-up rewrites the window, which still holds keys from
 * before (a tenth of it after some 1.5 million tasks at the default rates), follow-ups correct
 * the cut, and the backoff judges it, so a stream that is still sweeping sends the router back to
 * the hash, with a longer hold before it may return again. A stream that changes
 * while spread (a sweep that turns skewed) is followed at the window's pace, through the shadow,
 * not by a catch-up. The router does not spread where a hash would not balance the window, as
 * for a key that alone takes more than a worker's share: the cut in place isolates it, a hash
 * would not. Spreading gives up range locality, and with it the co-location of conflicting keys,
 * but a stream that no cut follows has neither to give.
 *
 * Concurrency. sample() runs in every producer, recordCost() in any thread (workers, usually),
 * both concurrently with each other and with rebalance(), which the executor never runs twice at
 * once. Shared between them: the windows (KeySampler, lock-free), RangeLoad and RangeCost (atomic
 * counters and adders, approximate by design: a key or report racing with a reset, regrid or scaling may
 * count against the old state), catchUp (AtomicInteger, decremented only while positive) and the
 * volatile flags adapted and settling. checksSinceLook, catchUpRestarts, backoff, shadow and
 * promise are touched only by rebalance(). Neither sample() nor recordCost() locks, and
 * neither allocates once RangeLoad's adders have grown the cells that contending producers need.
 *
 * Memory ordering. adapted and settling are volatile; settling is set before the sample that ends
 * a catch-up asks for a check, so that check sees it. RangeCost publishes each new grid, and each
 * new array of weights, whole through a volatile field, so a reader sees a complete one.
 * KeySampler publishes a slot's key before its written flag (release/acquire), so a snapshot
 * holds no torn key.
 *
 * References. [Bai06] §4.2 (PD-partition), §1 and §4.1 (close keys are likely to conflict, so
 * grouping them on one worker means fewer conflicts), §7 (conflict reduction in high-contention
 * workloads left for further study); the STM adapter's TransactionalExecutor, which reports the
 * cost and aborts of each transaction (recordCost).
 */
public final class AdaptiveRangeRouter implements Router {

    private static final double MIN_IMPROVEMENT = 0.9;
    private static final double SETTLE_IMPROVEMENT = 0.97;
    /** In steady state one counted key in this many also enters the window. */
    private static final int WINDOW_SHARE = 8;
    /** Most copies one sampled key or abort report counts as: caps the work of one call. */
    private static final int MAX_COPIES = 64;
    /** Buckets of {@link RangeCost} per worker, and at least {@code MIN_COST_BUCKETS}. */
    private static final int COST_BUCKETS_PER_WORKER = 16;
    private static final int MIN_COST_BUCKETS = 64;
    /** Aborted keys remembered for conflict-aware cuts. */
    private static final int ABORT_WINDOW = 1024;
    /** One balanced check in this many looks for cuts to move off abort clusters. */
    private static final int CONFLICT_LOOK_EVERY = 8;
    /**
     * Follow-up re-partitions that may restart a catch-up, so that it lasts at most five times two
     * windows: with keys that move on faster than a cut can follow, every follow-up found the load
     * imbalanced again, and the catch-up, which samples every key, never ended.
     */
    private static final int MAX_CATCH_UP_RESTARTS = 4;
    /**
     * Turn-overs of the counts in a row in which a shadow cut must keep its promise before the
     * router returns to it from the hash: two producers sweeping half a key space apart pass a
     * few in a row, and each return costs a catch-up and its follow-ups.
     */
    private static final int SHADOW_TURNS = 5;
    /** The part of the imbalance the threshold allows that a conflict move may use. */
    private static final double CONFLICT_SHARE = 0.5;

    private final int workers;
    private final Settings settings;
    private final KeySampler window;
    private final RangeLoad load;
    /** Keys of aborted attempts, a copy per abort; fed only with cost feedback on. */
    private final KeySampler aborted = new KeySampler(ABORT_WINDOW);
    /** Reported time per key range; fed only with cost feedback on. */
    private final RangeCost cost = new RangeCost();
    /** Samples still to take at the full rate after a drift; shared only while positive. */
    private final AtomicInteger catchUp = new AtomicInteger();
    private volatile boolean adapted;
    /** Set when a catch-up ends; the next rebalance settles the partition on the fresh window. */
    private volatile boolean settling;
    /** Balanced checks since the last look at conflicts; rebalance() only. */
    private int checksSinceLook;
    /** Follow-ups that restarted the catch-up under way; rebalance() only. */
    private int catchUpRestarts;
    /** Holds back re-partitions that keep failing to balance the load; rebalance() only. */
    private final RepartitionBackoff backoff;
    /** The table a stream that no cut can follow runs on (spreadIfHashBalances()). */
    private final HashedTable hashed;
    /**
     * While the router runs on {@code hashed}, the cut the load is counted against; otherwise
     * null. rebalance() only.
     */
    private RangeTable shadow;
    /** Turn-overs of the counts in a row in which {@code shadow} kept its promise; rebalance() only. */
    private int shadowKept;
    /**
     * The busiest share that the cut the load is counted against (the installed one, or the
     * shadow) gave the samples it was cut from; rebalance() only.
     */
    private double promise;

    /** @throws IllegalArgumentException if {@code workers < 1} */
    public AdaptiveRangeRouter(int workers, Settings settings) {
        this(workers, settings, System::nanoTime);
    }

    /** @param nanoClock the time of the backoff's holds, as {@link System#nanoTime()} gives it */
    AdaptiveRangeRouter(int workers, Settings settings, LongSupplier nanoClock) {
        this.workers = Routers.checkWorkers(workers);
        if (settings == null) {
            throw new NullPointerException("settings");
        }
        this.settings = settings;
        this.window = new KeySampler(settings.confidenceThreshold);
        this.load = new RangeLoad(workers);
        this.backoff = new RepartitionBackoff(nanoClock);
        this.hashed = new HashedTable(workers);
    }

    /** A router with the {@linkplain Settings#defaults() default settings}. */
    public AdaptiveRangeRouter(int workers) {
        this(workers, Settings.defaults());
    }

    @Override
    public RoutingTable initialTable() {
        return settings.warmupTable(workers);
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
        if (!catchingUp && !oneIn(settings.sampleEvery, random)) {
            return false;
        }
        int copies = settings.costFeedback ? copies(cost.weight(key), random) : 1;
        if (copies > 0) {
            load.record(key, copies);
            int windowed = catchingUp ? copies : copies((double) copies / WINDOW_SHARE, random);
            for (int i = 0; i < windowed; i++) {
                window.record(key);
            }
        }
        if (catchUpLeft == 1) {
            settling = true; // the window now holds only keys seen since the drift
            return true;
        }
        return copies > 0 && random.nextInt(settings.checkEvery) < copies;
    }

    /**
     * With {@linkplain Settings#costFeedback(boolean) cost feedback} on, learns what tasks in the
     * key's range cost and remembers aborted keys for conflict-aware cuts; otherwise ignores the
     * report.
     */
    @Override
    public void recordCost(long key, long nanos, int aborts) {
        if (!settings.costFeedback || adapted && !settings.rebalancing) {
            return; // nothing would use it
        }
        ThreadLocalRandom random = ThreadLocalRandom.current();
        if (aborts > 0) {
            for (int i = copies((double) aborts / settings.sampleEvery, random); i > 0; i--) {
                aborted.record(key);
            }
        }
        if (random.nextInt(settings.sampleEvery) == 0) {
            cost.record(key, nanos);
        }
    }

    /**
     * True with probability {@code 1/n} (to within 2^-32): one draw mapped onto {@code [0, n)} by a
     * multiply and a shift. {@code nextInt(n)} does the same with a rejection loop and a call that
     * the compiler did not inline on the producer's path, where this runs for every task.
     */
    private static boolean oneIn(int n, ThreadLocalRandom random) {
        return ((random.nextInt() & 0xFFFF_FFFFL) * n) >>> 32 == 0;
    }

    /** {@code expected} rounded down or up at random, so that it is right on average; capped. */
    private static int copies(double expected, ThreadLocalRandom random) {
        if (expected >= MAX_COPIES) {
            return MAX_COPIES;
        }
        int whole = (int) expected;
        return random.nextDouble() < expected - whole ? whole + 1 : whole;
    }

    @Override
    public RoutingTable rebalance(RoutingTable current) {
        if (!adapted) {
            if (!window.isFull()) {
                return null;
            }
            adapted = true;
            long[] samples = window.snapshot();
            RangeTable first = partition(samples);
            return installed(first, busiestShare(first, samples));
        }
        if (!settings.rebalancing) {
            return null;
        }
        if (settling) {
            settling = false;
            backoff.settled();
            return settle(current);
        }
        if (shadow != null) {
            return whileSpread(current);
        }
        if (load.table() != current) {
            load.reset(current); // the executor kept another table than the one proposed
            return null;
        }
        double counted = load.total();
        double share = load.busiestShare();
        load.fade(Math.max(0, 1 - (double) settings.checkEvery / settings.confidenceThreshold));
        cost.look();
        boolean imbalanced = share * workers > settings.imbalanceThreshold;
        if (counted < settings.confidenceThreshold / 2.0) {
            return conflictLookDue() ? separateConflicts(current) : null;
        }
        // A catch-up's follow-up checks correct its adaptation's first cut; the backoff spaces
        // out adaptations, so it judges only checks outside one.
        boolean catchingUp = catchUp.get() > 0; // read once: producers count it down meanwhile
        boolean judges = !catchingUp && backoff.judging();
        if (!(catchingUp ? imbalanced : backoff.proceed(imbalanced))) {
            if (judges && backoff.chasing() && kept(share) > settings.imbalanceThreshold) {
                RoutingTable hash = spreadIfHashBalances();
                if (hash != null) {
                    return hash;
                }
            }
            return conflictLookDue() ? separateConflicts(current) : null;
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
        RangeTable proposal = partition(samples);
        double promised = busiestShare(proposal, samples);
        if (promised >= currentShare * MIN_IMPROVEMENT) {
            return null;
        }
        if (catchUp.get() <= 0) {
            catchUpRestarts = 0;
            catchUp.set(2 * settings.confidenceThreshold);
        } else if (catchUpRestarts++ < MAX_CATCH_UP_RESTARTS) {
            catchUp.set(2 * settings.confidenceThreshold); // a follow-up: the window forgets its cut
        }
        return installed(proposal, promised);
    }

    /**
     * After a drift the first re-partitions are cut from a window that still mixes old and new
     * keys; once the catch-up has rewritten the window twice over, one more cut from the clean
     * window settles the partition, if it improves the busiest share by a few percent.
     */
    private RoutingTable settle(RoutingTable current) {
        long[] samples = window.snapshot();
        RangeTable proposal = partition(samples);
        double promised = busiestShare(proposal, samples);
        return promised < busiestShare(current, samples) * SETTLE_IMPROVEMENT ? installed(proposal, promised) : null;
    }

    /**
     * Gives up cutting ranges for a stream that keeps moving away from its cuts: proposes the
     * hashed table, and counts the load against a shadow cut of the window from now on.
     */
    private RoutingTable spreadIfHashBalances() {
        long[] samples = window.snapshot();
        if (busiestShare(hashed, samples) * workers > settings.imbalanceThreshold) {
            return null; // keys hot enough to load one worker: the held cut does better than a hash
        }
        cutShadow(samples);
        return hashed;
    }

    /** Counts the load from now on against the PD-partition of {@code samples}, remembering its promise. */
    private void cutShadow(long[] samples) {
        shadow = partition(samples);
        promise = busiestShare(shadow, samples);
        shadowKept = 0;
        load.reset(shadow);
    }

    /**
     * A check while spread. At each turn-over of the load counted against the shadow cut, cuts a
     * new shadow from the window if the load broke what the cut promised on the samples it was cut
     * from by more than the threshold; returns to the cut once it has kept its promise for
     * {@link #SHADOW_TURNS} turn-overs in a row and the backoff's hold is over. The return is an
     * adaptation, with its catch-up.
     */
    private RoutingTable whileSpread(RoutingTable current) {
        cost.look();
        if (current != hashed) {
            shadow = null; // the executor kept another table than the one proposed
            load.reset(current);
            return null;
        }
        if (load.total() < settings.confidenceThreshold) {
            return null;
        }
        if (kept(load.busiestShare()) > settings.imbalanceThreshold) {
            cutShadow(window.snapshot());
            return null;
        }
        if (++shadowKept < SHADOW_TURNS || !backoff.holdOver()) {
            load.reset(shadow);
            return null;
        }
        RangeTable cut = shadow;
        shadow = null;
        catchUpRestarts = 0;
        catchUp.set(2 * settings.confidenceThreshold); // an adaptation: its catch-up, settling, judgment
        return installed(cut, promise);
    }

    /**
     * The PD-partition of {@code samples}. With cost feedback it also re-cuts {@link #cost}'s
     * buckets to the samples, and moves the cuts off abort clusters; it then sorts {@code samples}.
     */
    private RangeTable partition(long[] samples) {
        RangeTable table = RangeTable.of(PdPartition.cuts(samples, workers, settings.histogramBins));
        if (!settings.costFeedback) {
            return table;
        }
        Arrays.sort(samples);
        cost.regrid(samples, Math.max(MIN_COST_BUCKETS, COST_BUCKETS_PER_WORKER * workers));
        return RangeTable.of(separated(table.boundaries(), samples, aborted.snapshot()));
    }

    private boolean conflictLookDue() {
        if (!settings.costFeedback || ++checksSinceLook < CONFLICT_LOOK_EVERY) {
            return false;
        }
        checksSinceLook = 0;
        return true;
    }

    /** The current cuts moved off abort clusters, or {@code null} when none moves. */
    private RoutingTable separateConflicts(RoutingTable current) {
        long[] aborts = aborted.snapshot();
        if (aborts.length < ConflictCuts.MIN_ABORTS) {
            return null; // too few to move a cut: spare copying and sorting the window
        }
        long[] samples = window.snapshot();
        Arrays.sort(samples);
        long[] cuts = current.boundaries();
        long[] moved = separated(cuts, samples, aborts);
        return Arrays.equals(moved, cuts) ? null : installed(RangeTable.of(moved), promise);
    }

    /** {@code cuts} moved by {@link ConflictCuts} against {@code sorted} samples; sorts {@code aborts}. */
    private long[] separated(long[] cuts, long[] sorted, long[] aborts) {
        if (aborts.length < ConflictCuts.MIN_ABORTS || cuts.length != workers - 1) {
            return cuts;
        }
        Arrays.sort(aborts);
        return ConflictCuts.adjust(cuts, sorted, aborts, (settings.imbalanceThreshold - 1) * CONFLICT_SHARE);
    }

    /**
     * Counts load against {@code table} from now on, assuming the executor installs it, and
     * remembers the busiest share it {@code promised} on the samples it was cut from.
     */
    private RangeTable installed(RangeTable table, double promised) {
        load.reset(table);
        promise = promised;
        return table;
    }

    /**
     * A busiest {@code share} of the counted load over what the cut counted against promised (or
     * the fair share, if it promised less): above the threshold, the keys have left the cut.
     */
    private double kept(double share) {
        return share / Math.max(1.0 / workers, promise);
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
                new Settings(10_000, 1024, null, true, 8, 1024, 1.10, false);

        private final int confidenceThreshold;
        private final int histogramBins;
        /** The range cut into equal widths during warm-up; {@code null}: warm up on a {@link HashedTable}. */
        private final WarmupRange warmupRange;
        private final boolean rebalancing;
        private final int sampleEvery;
        private final int checkEvery;
        private final double imbalanceThreshold;
        private final boolean costFeedback;

        private Settings(int confidenceThreshold, int histogramBins, WarmupRange warmupRange, boolean rebalancing,
                         int sampleEvery, int checkEvery, double imbalanceThreshold, boolean costFeedback) {
            this.confidenceThreshold = confidenceThreshold;
            this.histogramBins = histogramBins;
            this.warmupRange = warmupRange;
            this.rebalancing = rebalancing;
            this.sampleEvery = sampleEvery;
            this.checkEvery = checkEvery;
            this.imbalanceThreshold = imbalanceThreshold;
            this.costFeedback = costFeedback;
        }

        /**
         * 10,000 samples before the first PD-partition (also the size of the sample window), 1,024
         * histogram bins, warm-up on a hash of the key (no {@linkplain #warmupRange(long, long)
         * warm-up range}), re-balancing on with one key in 8 sampled, a check about every 1,024
         * samples, a threshold of 1.10, and cost feedback off.
         */
        public static Settings defaults() {
            return DEFAULTS;
        }

        /** Samples gathered before the first PD-partition, and the size of the sample window. */
        public Settings confidenceThreshold(int samples) {
            return new Settings(Routers.checkPositive("confidenceThreshold", samples), histogramBins,
                    warmupRange, rebalancing, sampleEvery, checkEvery, imbalanceThreshold,
                    costFeedback);
        }

        /** Bins of the equal-width histogram. */
        public Settings histogramBins(int bins) {
            return new Settings(confidenceThreshold, Routers.checkPositive("histogramBins", bins),
                    warmupRange, rebalancing, sampleEvery, checkEvery, imbalanceThreshold,
                    costFeedback);
        }

        /**
         * The key range cut into equal widths during warm-up ([Bai06]'s fixed partition), for a
         * user who knows that the keys spread evenly over it: neighbouring keys then share a
         * worker from the first task. Without one the warm-up sends each key to a worker picked
         * by a hash of the key, which spreads any key space evenly but scatters neighbouring keys.
         *
         * @throws IllegalArgumentException if {@code minKey > maxKey}
         */
        public Settings warmupRange(long minKey, long maxKey) {
            RangeTable.equalWidth(1, minKey, maxKey); // validates the range
            return new Settings(confidenceThreshold, histogramBins, new WarmupRange(minKey, maxKey), rebalancing,
                    sampleEvery, checkEvery, imbalanceThreshold, costFeedback);
        }

        /** Whether to keep sampling after warm-up and re-partition on drift (the paper does not). */
        public Settings rebalancing(boolean enabled) {
            return new Settings(confidenceThreshold, histogramBins, warmupRange, enabled,
                    sampleEvery, checkEvery, imbalanceThreshold, costFeedback);
        }

        /** After warm-up, one key in {@code n} (on average) enters the window. */
        public Settings sampleEvery(int n) {
            return new Settings(confidenceThreshold, histogramBins, warmupRange, rebalancing,
                    Routers.checkPositive("sampleEvery", n), checkEvery, imbalanceThreshold, costFeedback);
        }

        /** Balance is checked about once every {@code n} samples. */
        public Settings checkEvery(int n) {
            return new Settings(confidenceThreshold, histogramBins, warmupRange, rebalancing,
                    sampleEvery, Routers.checkPositive("checkEvery", n), imbalanceThreshold, costFeedback);
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
            return new Settings(confidenceThreshold, histogramBins, warmupRange, rebalancing,
                    sampleEvery, checkEvery, threshold, costFeedback);
        }

        /**
         * Whether to use the costs that tasks report through
         * {@code KeyedExecutorService.recordCost}. When on, after warm-up each sampled task counts
         * by the mean time reported for tasks with nearby keys, so each worker gets about the same
         * share of time rather than of tasks; and each cut may move by up to half the imbalance
         * the {@linkplain #imbalanceThreshold(double) threshold} allows, to keep a cluster of keys
         * whose tasks abort one another on one worker. Needs
         * {@linkplain #rebalancing(boolean) re-balancing}. Keys with no reports count as tasks of
         * mean cost, so without reports the router behaves as with it off.
         */
        public Settings costFeedback(boolean enabled) {
            return new Settings(confidenceThreshold, histogramBins, warmupRange, rebalancing,
                    sampleEvery, checkEvery, imbalanceThreshold, enabled);
        }

        /** The table the router starts on: see {@link #warmupRange(long, long)}. */
        private RoutingTable warmupTable(int workers) {
            return warmupRange == null
                    ? new HashedTable(workers)
                    : RangeTable.equalWidth(workers, warmupRange.minKey, warmupRange.maxKey);
        }

        @Override
        public String toString() {
            return "Settings[confidenceThreshold=" + confidenceThreshold + ", histogramBins=" + histogramBins
                    + ", warmup=" + (warmupRange == null ? "hashed" : warmupRange) + ", rebalancing=" + rebalancing
                    + ", sampleEvery=" + sampleEvery + ", checkEvery=" + checkEvery
                    + ", imbalanceThreshold=" + imbalanceThreshold + ", costFeedback=" + costFeedback + "]";
        }

        private record WarmupRange(long minKey, long maxKey) {

            @Override
            public String toString() {
                return "[" + minKey + ", " + maxKey + "]";
            }
        }
    }
}
