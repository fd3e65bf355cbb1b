package dev.locus.jmh.elision;

import dev.locus.elision.ElisionReport;
import dev.locus.elision.GranuleReport;
import dev.locus.elision.Mode;
import dev.locus.jmh.BenchmarkDefaults;
import dev.locus.jmh.hashmap.ByteValueMap;
import dev.locus.jmh.hashmap.Implementation;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * [Dice14] §5.1 (Figures 2 and 3): operations/s on the HashMap of 1,024 buckets under each
 * {@link Implementation} — uninstrumented lock, ALE lock-only, static SWOPT with 1 and 10
 * attempts, the adaptive policy, static and adaptive HTM where the CPU has RTM, and the JDK's
 * peers. Thread counts are JMH's own: run it once per count with
 * {@code -t 1}, {@code -t 2}, {@code -t 4}, {@code -t 8}.
 */
public class ElisionBenchmark extends BenchmarkDefaults {

    /*
     * Implementation notes
     *
     * Overview
     *   getOnly: key range 16, the table full (all 16 keys present before the trial), so every get
     *   finds its key and copies a value of valueSize bytes: [Dice14]'s Figure 2 workload. mixed:
     *   key range 4,096, half the keys present at the start, 60% get, 20% insert, 20% remove of
     *   1 KB values: Figure 3's workload; inserts and removes of random keys keep the table about
     *   half full, some two keys per bucket. Each JMH thread draws its keys and operations from
     *   its own random stream; a thread's buffers are its own, so the only sharing is the map's.
     *   The score is operations/s over all threads.
     *
     *   getOnly also reports, as auxiliary counters (AttemptTimes), ALE's own timing of get's
     *   successful attempts in LOCK and SWOPT mode during each iteration: what [Dice14]'s
     *   Figure 2(b) shows beside the throughput of Figure 2(a), "data collected by the library".
     *   ALE times about 1 in 1,024 executions, attempt by attempt, and keeps a sum and a count per
     *   mode; the counters are the sampled nanoseconds and the count of timed successes between
     *   the lock's reports at the iteration's start and end, so their quotient is the mean time
     *   of a successful attempt in that iteration (warm-up iterations apart). Only JMH's thread 0
     *   reports, since the lock's counts are all threads'; the reports are read outside the
     *   measured loop.
     *
     *   Threads come from JMH (-t), not from a @Param: JMH then measures every thread's
     *   operations and starts them together. The report reads the count from the result's
     *   "threads" field.
     *
     *   Differences from the paper: the HTM configurations run only where the CPU has RTM (the
     *   main job leaves them out elsewhere, and Implementation refuses them); the paper's table
     *   is C, copies values with memcpy and takes a pthread mutex, this one is Java over a
     *   ReentrantLock. Each value of the paper's sizes (4 B to 4 KB) is measured, not only 4
     *   threads.
     *
     * Placement
     *   The copy into Caller.into is the one store of a get, and where that buffer lies decides
     *   more than the implementation at small values: a load of the next get that the CPU takes
     *   to depend on the copy (an address equal to the buffer's modulo 4 KB, on the x86 cores
     *   measured) waits for it, and gets no longer overlap: a factor of three on one host
     *   (docs/elision-cost.md, "Where the buffer lies"). A fixed placement makes each
     *   configuration's forks agree on a figure that another heap layout would not give, so each
     *   iteration moves the buffer and the random stream to a random offset within a 4 KB page
     *   (Caller.place), and the forks and iterations sample placements as they sample the JIT.
     *
     * Concurrency
     *   The map is the trial's, shared by all threads (Scope.Benchmark); it is filled in @Setup
     *   before any thread measures. Callers are per thread.
     *
     * References
     *   [Dice14] §5.1, Figures 2(a) and 3.
     */

    /** Figure 2's key range: 16 keys, all present. */
    static final int GET_ONLY_KEYS = 16;
    /** Figure 3's key range; the table starts with half of it. */
    static final int MIXED_KEYS = 4096;
    /** Figure 3's value size. */
    static final int MIXED_VALUE_SIZE = 1024;

    @Benchmark
    public boolean getOnly(GetOnly table, Caller caller, AttemptTimes times) {
        return caller.view(table.map).get(caller.random.nextInt(GET_ONLY_KEYS), caller.into);
    }

    @Benchmark
    public boolean mixed(Mixed table, Caller caller) {
        ByteValueMap map = caller.view(table.map);
        int key = caller.random.nextInt(MIXED_KEYS);
        int operation = caller.random.nextInt(10);
        if (operation < 6) {
            return map.get(key, caller.into);
        }
        return operation < 8 ? map.insert(key, caller.value) : map.remove(key);
    }

    /** Figure 2's table: every key of the range present, values of each size. */
    @State(Scope.Benchmark)
    public static class GetOnly extends Table {

        @Param
        public Implementation implementation;

        @Param({"4", "64", "1024", "4096"})
        public int valueSize;

        @Setup(Level.Trial)
        public void fill() {
            map = implementation.create(valueSize);
            for (int key = 0; key < GET_ONLY_KEYS; key++) {
                map.insert(key, new byte[valueSize]);
            }
        }
    }

    /** Figure 3's table: half of the key range present, drawn with a fixed seed, 1 KB values. */
    @State(Scope.Benchmark)
    public static class Mixed extends Table {

        @Param
        public Implementation implementation;

        @Setup(Level.Trial)
        public void fill() {
            map = implementation.create(MIXED_VALUE_SIZE);
            SplittableRandom random = new SplittableRandom(42);
            byte[] value = new byte[MIXED_VALUE_SIZE];
            int present = 0;
            while (present < MIXED_KEYS / 2) {
                if (map.insert(random.nextInt(MIXED_KEYS), value)) {
                    present++;
                }
            }
        }
    }

    /**
     * ALE's timing of get's successful attempts in LOCK and SWOPT mode over one iteration, from the
     * map's lock report ([Dice14] Figure 2(b)'s SuccLock and SuccSWOpt): the nanoseconds of the
     * timed ones and their count, each per second as JMH writes an operations counter, so that
     * {@code lockSuccessNanos ÷ lockTimedSuccesses} is the mean time of a successful LOCK attempt.
     * Zero for maps without ALE and for modes a policy does not use.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class AttemptTimes {

        public long lockSuccessNanos;
        public long lockTimedSuccesses;
        public long swoptSuccessNanos;
        public long swoptTimedSuccesses;

        private boolean reports;
        private long[] start;

        @Setup(Level.Iteration)
        public void start(GetOnly table, ThreadParams thread) {
            reports = thread.getThreadIndex() == 0;
            start = reports ? timed(table.map) : null;
        }

        /** Set after JMH zeroes the counters, which it does after the iteration's set-up. */
        @TearDown(Level.Iteration)
        public void stop(GetOnly table) {
            if (reports) {
                long[] end = timed(table.map);
                lockSuccessNanos = end[0] - start[0];
                lockTimedSuccesses = end[1] - start[1];
                swoptSuccessNanos = end[2] - start[2];
                swoptTimedSuccesses = end[3] - start[3];
            }
        }

        /** get's sampled success nanoseconds and timed successes in LOCK, then SWOPT mode, so far. */
        static long[] timed(ByteValueMap map) {
            long[] timed = new long[4];
            map.elisionReport().map(ElisionReport::rows).orElse(List.of()).stream()
                    .filter(row -> row.context().equals("get"))
                    .forEach(row -> {
                        add(timed, 0, row.mode(Mode.LOCK));
                        add(timed, 2, row.mode(Mode.SWOPT));
                    });
            return timed;
        }

        private static void add(long[] timed, int at, GranuleReport.ModeReport mode) {
            if (mode.timedSuccesses() > 0) {
                timed[at] += Math.round(mode.meanSuccessNanos() * mode.timedSuccesses());
                timed[at + 1] += mode.timedSuccesses();
            }
        }
    }

    /** A trial's table, freed when the trial ends: the HTM configurations hold off-heap memory. */
    public abstract static class Table {

        ByteValueMap map;

        @TearDown(Level.Trial)
        public void free() {
            map.close();
        }
    }

    /**
     * One thread's random stream and buffers (where get copies to, what insert stores), and its
     * {@linkplain ByteValueMap#forCaller() view} of the trial's map, made on its first call.
     */
    @State(Scope.Thread)
    public static class Caller {

        /** A page of memory: moving a buffer within it moves it against every address modulo 4 KB. */
        private static final int PAGE = 4096;

        final byte[] value = new byte[MIXED_VALUE_SIZE];
        byte[] into;
        SplittableRandom random;
        private ByteValueMap viewed;
        private ByteValueMap view;
        /** Allocated just before {@link #into}, so that its random length moves {@code into}. */
        @SuppressWarnings("unused") // kept so that the placement holds until the next one
        private long[] padding;

        /** This thread's view of {@code map}, made when the map is not the one it last viewed. */
        ByteValueMap view(ByteValueMap map) {
            if (map != viewed) {
                view = map.forCaller();
                viewed = map;
            }
            return view;
        }

        @Setup(Level.Trial)
        public void seed() {
            random = new SplittableRandom(ThreadLocalRandom.current().nextLong());
        }

        /**
         * Allocates {@link #into} and the random stream again, after padding of a random length
         * below a page: see "Placement". Bump allocation puts them right after the padding, or in a
         * new allocation buffer, which is as random.
         */
        @Setup(Level.Iteration)
        public void place() {
            padding = new long[random.nextInt(PAGE / Long.BYTES)];
            into = new byte[ByteValueMap.MAX_VALUE_SIZE];
            random = random.split();
        }
    }
}
