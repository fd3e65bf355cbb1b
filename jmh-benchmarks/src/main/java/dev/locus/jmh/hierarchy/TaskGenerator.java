package dev.locus.jmh.hierarchy;

import dev.locus.hierarchy.LockSet;
import java.util.SplittableRandom;

/** Draws the lock sets of a workload's tasks. */
interface TaskGenerator {

    /** The next task's lock set, drawn from {@code random}. */
    LockSet next(SplittableRandom random);
}
