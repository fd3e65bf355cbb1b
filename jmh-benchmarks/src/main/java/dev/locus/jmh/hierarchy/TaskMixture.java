package dev.locus.jmh.hierarchy;

import dev.locus.hierarchy.LockSet;
import java.util.SplittableRandom;

/** Draws each task from {@code first} with probability {@code firstFraction}, else from {@code second}. */
record TaskMixture(TaskGenerator first, TaskGenerator second, double firstFraction) implements TaskGenerator {

    @Override
    public LockSet next(SplittableRandom random) {
        return random.nextDouble() < firstFraction ? first.next(random) : second.next(random);
    }
}
