package dev.locus.jmh.report;

import dev.locus.jmh.elision.ElisionForm;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The executor, distribution and configuration names the benchmarks use as {@code @Param} values,
 * and the order the report shows them in: the known ones as listed, then any others alphabetically
 * (a new executor needs no change here), then the baselines that run without an executor.
 */
public final class Names {

    public static final String ROUND_ROBIN = "roundRobin";
    public static final String FIXED_RANGE = "fixedRange";
    public static final String ADAPTIVE = "adaptive";
    public static final String THREAD_POOL = "threadPool";
    public static final String FORK_JOIN = "forkJoin";
    /** Each thread runs its own transactions (the paper's Figure 1a); workers = JMH threads. */
    public static final String NONE = "none";
    /** Figure 9's baseline: k threads run empty transactions in a loop; workers = JMH threads. */
    public static final String LOOP = "loop";

    public static final String UNIFORM = "uniform";
    static final String GAUSSIAN = "gaussian";
    public static final String EXPONENTIAL = "exponential";

    /** Platform threads under the STM adapter's immediate retry: [Maldonado10]'s "basic". */
    public static final String BASIC = "basic";
    /** LUTS's round-robin: logical threads on a worker per core, without conflict avoidance. */
    public static final String LUTS = "luts";
    /** The oversubscription suite's configurations that run platform threads, one per contention manager. */
    public static final List<String> PLATFORM_THREAD_CONFIGURATIONS = List.of(BASIC, "backoff", "polka", "serializeSpin",
            "serializePark", "yielding", "ats");

    /** [Dice14]'s "Instrumented": ALE with every section under the lock, the elision suite's reference. */
    public static final String LOCK_ONLY = "LOCK_ONLY";
    /** The static policy with ten SWOPT attempts, then the lock. */
    public static final String SWOPT_10 = "SWOPT_10";
    /** ALE's adaptive policy in the elision suite. */
    public static final String ADAPTIVE_ELISION = "ADAPTIVE";
    /** The elision suite's static ALE policies, the ones adaptive is held against. */
    public static final List<String> STATIC_ELISION = List.of(LOCK_ONLY, "SWOPT_1", SWOPT_10);
    /** The elision suite's HTM configurations, measured only on a CPU with RTM; not in the adaptive claim. */
    static final List<String> HTM_ELISION = List.of("HTM_LOCK_2", "HTM_LOCK_10", "ADAPTIVE_HTM");
    /** The elision suite's peers: the JDK's synchronization, no ALE; drawn dashed. */
    public static final List<String> ELISION_PEERS = List.of("SYNCHRONIZED", "READ_WRITE_LOCK", "STAMPED_LOCK",
            "CONCURRENT_HASH_MAP");

    /** [Kalikar19]'s baseline: STMBench7's fair round-robin with DomLock. */
    public static final String ROUND_ROBIN_DOM_LOCK = "roundRobin + domLock";
    /** [Kalikar19]'s Toggle + DomLock, stealing on. */
    public static final String TOGGLE_DOM_LOCK = "toggle + domLock";
    /** Toggle + DomLock with stealing off ([Kalikar19] Figure 5). */
    public static final String TOGGLE_NO_STEAL_DOM_LOCK = "toggleNoSteal + domLock";
    /** Round-robin under each lock manager, then Toggle's configurations (the Toggle suite's series). */
    public static final Comparator<String> TOGGLE_ORDER = order(List.of("roundRobin + coarse", "roundRobin + mediumGrained",
            "roundRobin + intention", ROUND_ROBIN_DOM_LOCK, "roundRobin + numLock", TOGGLE_DOM_LOCK, "toggle + numLock",
            TOGGLE_NO_STEAL_DOM_LOCK, "toggleExclusive"), List.of());

    /** BookKeeper's OrderedExecutor in the peer suite. */
    public static final String BOOKKEEPER = "bookkeeper";
    /** The peer suite's executors that are not locus's, drawn dashed. */
    static final List<String> PEERS = List.of(THREAD_POOL, FORK_JOIN, BOOKKEEPER, "striped");
    /** The peer suite's workloads; its empty tasks and its per-key state workload. */
    public static final String EMPTY = "empty";
    public static final String ZIPF = "zipf";
    public static final String PER_KEY_STATE = "perKeyState";
    /** The peer suite's key streams whose tasks increment a counter. */
    public static final List<String> KEY_STREAMS = List.of(UNIFORM, ZIPF, EXPONENTIAL);

    /** The paper's three executors, the ones its claims are about. */
    public static final List<String> PAPER_EXECUTORS = List.of(ROUND_ROBIN, FIXED_RANGE, ADAPTIVE);

    public static final Comparator<String> EXECUTOR_ORDER = order(
            List.of(ROUND_ROBIN, FIXED_RANGE, ADAPTIVE, THREAD_POOL, FORK_JOIN), List.of(NONE, LOOP));
    static final Comparator<String> DISTRIBUTION_ORDER = order(
            List.of(UNIFORM, GAUSSIAN, EXPONENTIAL), List.of());
    /** Platform threads first, then LUTS's configurations. */
    public static final Comparator<String> CONFIGURATION_ORDER = order(Stream.concat(PLATFORM_THREAD_CONFIGURATIONS.stream(),
            Stream.of(LUTS, "ciluts", "ctluts", "lutsAts")).toList(), List.of());

    /** The peers, then locus's executors (the peer suite's rows and series). */
    /** The Toggle + STM suite's Toggle in scheduler-exclusive mode, running transactions. */
    public static final String TOGGLE_STM = "toggle";
    /** The Toggle + STM suite's Toggle placing transactions only, under a lock manager that takes nothing. */
    public static final String TOGGLE_PLACEMENT = "togglePlacement";
    /** Round-robin + STM, the baseline, then the two ways of running transactions on Toggle. */
    public static final Comparator<String> TOGGLE_STM_ORDER = order(List.of(ROUND_ROBIN, TOGGLE_STM, TOGGLE_PLACEMENT),
            List.of());

    /**
     * The elided HashMap on keyed executors: round-robin, the baseline, then adaptive, in the
     * lambda form, then in the inline form.
     */
    public static final Comparator<String> ELIDED_PLACEMENT_ORDER = order(Stream.of(ElisionForm.values())
            .flatMap(form -> Stream.of(form.series(ROUND_ROBIN), form.series(ADAPTIVE))).toList(), List.of());

    public static final Comparator<String> PEER_ORDER = order(Stream.concat(PEERS.stream(),
            Stream.of(ROUND_ROBIN, FIXED_RANGE, ADAPTIVE)).toList(), List.of());
    public static final Comparator<String> PEER_WORKLOAD_ORDER = order(Stream.concat(Stream.of(EMPTY),
            Stream.concat(KEY_STREAMS.stream(), Stream.of(PER_KEY_STATE))).toList(), List.of());

    /**
     * The uninstrumented lock, ALE's static policies and adaptive in the lambda form, then in the
     * inline form, HTM where measured, then the peers.
     */
    public static final Comparator<String> ELISION_ORDER = order(Stream.of(Stream.of("UNINSTRUMENTED"),
            Stream.of(ElisionForm.values()).flatMap(form -> Stream.concat(form.statics().stream(),
                    Stream.of(form.adaptive()))),
            HTM_ELISION.stream(), ELISION_PEERS.stream()).flatMap(s -> s).toList(),
            List.of());

    private Names() {
    }

    /** Whether {@code name} is a baseline without an executor, drawn dashed. */
    public static boolean isBaseline(String name) {
        return name.equals(NONE) || name.equals(LOOP);
    }

    /** A distribution's name in prose: the paper capitalises Gaussian. */
    public static String distributionLabel(String distribution) {
        return distribution.equals(GAUSSIAN) ? "Gaussian" : distribution;
    }

    private static Comparator<String> order(List<String> first, List<String> last) {
        return Comparator.<String>comparingInt(name -> rank(name, first, last))
                .thenComparing(Comparator.naturalOrder());
    }

    /** first[i] ranks i, an unknown name first.size(), last[i] first.size() + 1 + i. */
    private static int rank(String name, List<String> first, List<String> last) {
        int known = first.indexOf(name);
        if (known >= 0) {
            return known;
        }
        int baseline = last.indexOf(name);
        return baseline >= 0 ? first.size() + 1 + baseline : first.size();
    }
}
