package dev.locus.jmh.oversubscription;

import dev.locus.jmh.BenchmarkDefaults;
import dev.locus.stm.dictionary.DictionaryKind;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * [Maldonado10] (§5.1, Figure 4) and [Nicacio10] (§4): committed transactions/s and aborts of N threads on
 * this machine's cores, N from 1 to 64, as platform threads under each contention manager and as
 * logical threads on LUTS with each conflict avoidance.
 */
@Threads(1)
public class OversubscriptionBenchmark extends BenchmarkDefaults {

    /*
     * Implementation notes
     *
     * Overview
     *   The SPMD model of [Nicacio10] §2.1: an operation is one phase, in which each of the N
     *   threads runs K = PHASE / N transactions of its ThreadProgram, and it returns when all have
     *   committed; @OperationsPerInvocation(PHASE) makes the score committed transactions/s. The
     *   work of a phase is the same for every N and every configuration (strong scaling, as in
     *   [Nicacio10]'s STAMP runs), and the programs' random streams come from one seed, so every
     *   configuration replays the same transactions. The platform threads are started once per
     *   trial and released for each phase; the logical threads are one LUTS run per phase, on a
     *   scheduler started once per trial with one worker per core, pinned to it as [Nicacio10]'s are
     *   (the platform threads are left to the operating system, as [Nicacio10]'s "Original" and
     *   [Maldonado10]'s threads are). The JMH thread only releases and waits, parked, so it takes no
     *   core from the threads measured.
     *
     *   PHASE is a multiple of 64, so that every N divides it, and is chosen per workload so that
     *   a phase takes some 20-60 ms on two cores: long enough that releasing and collecting 64
     *   threads costs little beside it, short enough for several phases in an iteration. It also
     *   bounds how much time-slicing the platform threads see: at 64 threads each one's share is
     *   one or two milliseconds of work, so the operating system preempts it a few times per
     *   phase at most; a longer phase would show more of that, and fit fewer phases in an
     *   iteration.
     *
     *   Workloads ([Maldonado10] Table 2): red-black tree and skip list of 16K keys, linked list of 1K
     *   and 8K keys, 20% updates (IntegerSetWorkload); STAMP's vacation and kmeans at low and high
     *   contention (VacationWorkload, KmeansWorkload), which [Nicacio10] runs; and a counter array of hot and cold
     *   transactions (CounterArrayWorkload), where conflict avoidance has types to choose among.
     *   The structures are populated once per trial; their size stays about constant.
     *
     *   The auxiliary counter "aborts" is the STM adapter's count of aborted attempts during the
     *   phases (ContentionStats), and "switches" LUTS's count of transactions switched out before
     *   they started (LutsStats), both reported like the score as a rate, so that the report's abort
     *   ratio is aborts / (aborts + commits) with both per second of the same iterations.
     *
     *   The STM runs as TinySTM does in both papers: encounter-time write locking
     *   (SchedulingKind.encounterTimeLocking). The linked lists walk inside the transaction
     *   (TxnLinkedList), so, as in [Maldonado10]'s Table 2, a transaction conflicts with every write
     *   before its key and holds some 500 (1K keys) or 4,000 (8K keys) reads while it runs: the
     *   long transactions whose preemption makes others abort, the premise of both papers.
     *
     *   Differences from the papers: [Maldonado10] runs each thread for a fixed time and counts its
     *   commits; a phase of fixed work instead lets LUTS, whose logical threads run to completion
     *   one after another, be measured the same way as platform threads.
     *
     * Concurrency
     *   One JMH thread per trial (checked at set-up: a second would release phases concurrently).
     *   The team's threads and the workload's data are the trial's; see PlatformTeam and
     *   LogicalTeam.
     *
     * References
     *   [Maldonado10] §5.1 and Table 2; [Nicacio10] §2.1 (SPMD threading interface), §3.3 (CILUTS,
     *   CTLUTS), §4 (configurations).
     */

    /** Transactions per phase of the tree and the skip list, whose transactions are short. */
    static final int PHASE = 6_400;
    /** Transactions per phase of the 1K linked list, whose transactions read some 500 nodes. */
    static final int LIST_PHASE = 1_280;
    /** Transactions per phase of the 8K linked list, whose transactions read some 4,000 nodes. */
    static final int LONG_PHASE = 128;
    /** Transactions per phase of STAMP's vacation, whose transactions walk up to 10 trees of 16K ids. */
    static final int VACATION_PHASE = 2_560;
    /** Transactions per phase of STAMP's kmeans, each of which adds one point of 32 features. */
    static final int KMEANS_PHASE = 12_800;
    /**
     * Transactions per phase of the counter array, whose transactions touch eight counters. Short,
     * because under encounter-time locking a preempted hot transaction holds the hot counters: on
     * two cores, basic and serializeSpin commit only some 300-450 transactions/s at 64 threads, so
     * one phase takes 3-4 s there (against some 5 ms under ATS).
     */
    public static final int COUNTER_PHASE = 1_280;

    @Benchmark
    @OperationsPerInvocation(PHASE)
    public void redBlackTree(Setting setting, PhaseCounters counters) throws InterruptedException {
        counters.runPhase(setting);
    }

    @Benchmark
    @OperationsPerInvocation(PHASE)
    public void skipList(Setting setting, PhaseCounters counters) throws InterruptedException {
        counters.runPhase(setting);
    }

    @Benchmark
    @OperationsPerInvocation(LIST_PHASE)
    public void linkedList1k(Setting setting, PhaseCounters counters) throws InterruptedException {
        counters.runPhase(setting);
    }

    @Benchmark
    @OperationsPerInvocation(LONG_PHASE)
    public void linkedList8k(Setting setting, PhaseCounters counters) throws InterruptedException {
        counters.runPhase(setting);
    }

    @Benchmark
    @OperationsPerInvocation(VACATION_PHASE)
    public void vacationLow(Setting setting, PhaseCounters counters) throws InterruptedException {
        counters.runPhase(setting);
    }

    @Benchmark
    @OperationsPerInvocation(VACATION_PHASE)
    public void vacationHigh(Setting setting, PhaseCounters counters) throws InterruptedException {
        counters.runPhase(setting);
    }

    @Benchmark
    @OperationsPerInvocation(KMEANS_PHASE)
    public void kmeansLow(Setting setting, PhaseCounters counters) throws InterruptedException {
        counters.runPhase(setting);
    }

    @Benchmark
    @OperationsPerInvocation(KMEANS_PHASE)
    public void kmeansHigh(Setting setting, PhaseCounters counters) throws InterruptedException {
        counters.runPhase(setting);
    }

    @Benchmark
    @OperationsPerInvocation(COUNTER_PHASE)
    public void counterArray(Setting setting, PhaseCounters counters) throws InterruptedException {
        counters.runPhase(setting);
    }

    /** The thread count and the configuration; the workload is the method's. */
    @State(Scope.Benchmark)
    public static class Setting {

        /** Platform threads, or logical threads, running the phases. */
        @Param({"1", "2", "4", "8", "16", "32", "64"})
        public int threads;

        @Param({"basic", "backoff", "polka", "serializeSpin", "serializePark", "yielding", "ats",
                "luts", "ciluts", "ctluts", "lutsAts"})
        public String configuration;

        SpmdTeam team;
        /**
         * Transactions per phase: the method's {@code @OperationsPerInvocation}, so that a phase runs
         * as many transactions as the score counts.
         */
        int phase;

        @Setup(Level.Trial)
        public void start(BenchmarkParams params) throws Exception {
            if (params.getThreads() != 1) {
                throw new IllegalStateException("runs its own threads; run it with one JMH thread, not "
                        + params.getThreads());
            }
            phase = params.getOpsPerInvocation();
            team = SchedulingKind.of(configuration).start(workload(params.getBenchmark()).programs(threads));
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            team.stop();
        }

        /** The workload of the benchmark method {@code benchmark} names, populated. */
        static SpmdWorkload workload(String benchmark) throws Exception {
            String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            return switch (method) {
                case "redBlackTree" -> new IntegerSetWorkload(DictionaryKind.RED_BLACK_TREE, 16_384);
                case "skipList" -> new IntegerSetWorkload(DictionaryKind.SKIP_LIST, 16_384);
                case "linkedList1k" -> new IntegerSetWorkload(DictionaryKind.LINKED_LIST, 1_024);
                case "linkedList8k" -> new IntegerSetWorkload(DictionaryKind.LINKED_LIST, 8_192);
                case "vacationLow" -> VacationWorkload.low();
                case "vacationHigh" -> VacationWorkload.high();
                case "kmeansLow" -> KmeansWorkload.low();
                case "kmeansHigh" -> KmeansWorkload.high();
                case "counterArray" -> new CounterArrayWorkload();
                default -> throw new IllegalArgumentException("no workload for benchmark method " + method);
            };
        }
    }

    /**
     * JMH's auxiliary counters for this iteration's phases: the attempts that aborted, and, on
     * LUTS, the transactions switched out before they started (0 for platform threads).
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class PhaseCounters {

        public long aborts;
        public long switches;

        @Setup(Level.Iteration)
        public void reset() {
            aborts = 0;
            switches = 0;
        }

        /** Runs one phase of {@code setting}'s team and adds its aborts and switches. */
        void runPhase(Setting setting) throws InterruptedException {
            long switchesBefore = setting.team.switches();
            aborts += setting.team.runPhase(setting.phase);
            switches += setting.team.switches() - switchesBefore;
        }
    }
}
