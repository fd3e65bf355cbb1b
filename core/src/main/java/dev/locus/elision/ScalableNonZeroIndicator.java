package dev.locus.elision;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Whether any thread has arrived and not yet departed, answered from one word that threads write
 * only when a stripe turns from empty to occupied or back: a two-level scalable non-zero indicator
 * in the spirit of Ellen, Lev, Luchangco and Moir (PODC 2007), which [Dice14]'s grouping uses to
 * track optimistic executions that are retrying.
 */
/*
 * Implementation notes
 *
 * Overview. Arrivals and departures count in one of several stripes (chosen at random per
 * arrival; the departure names the same stripe). The root counts the stripes that are, or are
 * about to be, non-zero. An arrival at an empty stripe raises the root before it makes the stripe
 * non-zero; a departure that empties a stripe lowers the root after. So at every moment the root is
 * at least the number of non-zero stripes, and isNonZero() == false implies nobody is inside.
 * The converse may lag: the root can stay raised for a moment after the last departure, or after
 * a failed arrival attempt, which only makes a waiter wait a little longer.
 *
 * Concurrency. Stripes and root are atomics updated by compare-and-set or atomic add; an arrival
 * that raised the root but lost the race to make the stripe non-zero lowers it again and retries.
 *
 * Memory ordering. All updates are volatile read-modify-writes, so an arrival happens-before a
 * query that sees its effect.
 *
 * References. [Dice14] §4.2 (grouping); Ellen et al., "SNZI: scalable nonzero indicators", PODC 2007.
 */
final class ScalableNonZeroIndicator {

    private static final int STRIPES = 8;

    private final AtomicIntegerArray stripes = new AtomicIntegerArray(STRIPES);
    private final AtomicInteger root = new AtomicInteger();

    /** Arrives; returns the stripe to {@link #depart(int)} from. */
    int arrive() {
        int stripe = ThreadLocalRandom.current().nextInt(STRIPES);
        while (true) {
            int count = stripes.get(stripe);
            if (count > 0) {
                if (stripes.compareAndSet(stripe, count, count + 1)) {
                    return stripe;
                }
                continue;
            }
            root.incrementAndGet();
            if (stripes.compareAndSet(stripe, 0, 1)) {
                return stripe;
            }
            root.decrementAndGet();
        }
    }

    /** Departs from {@code stripe}, which an {@link #arrive()} returned. */
    void depart(int stripe) {
        if (stripes.decrementAndGet(stripe) == 0) {
            root.decrementAndGet();
        }
    }

    /** Whether some arrival has not departed (possibly true for a moment after the last departure). */
    boolean isNonZero() {
        return root.get() != 0;
    }
}
