package dev.locus.jmh.oversubscription;

import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * The shared data of an SPMD workload, ready to measure, and the program each of its threads runs.
 */
interface SpmdWorkload {

    /**
     * The programs of {@code threads} threads, each drawing from its own random stream. The streams
     * are split from one fixed seed, so every configuration of a benchmark replays the same draws.
     */
    default List<ThreadProgram> programs(int threads) {
        SplittableRandom seeds = new SplittableRandom(0x10C05);
        return Stream.generate(() -> program(seeds.split())).limit(threads).toList();
    }

    /** A new thread's program, drawing from {@code random}. */
    ThreadProgram program(SplittableRandom random);
}
