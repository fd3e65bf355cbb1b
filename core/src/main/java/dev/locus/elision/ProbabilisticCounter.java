package dev.locus.elision;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ThreadLocalRandom;

/**
 * An event counter that stays cheap under contention and is accurate after few events: the BFP
 * ("binary floating point") statistical counter of Dice, Lev and Moir, which [Dice14] §4.3 uses.
 * It counts exactly up to 4,096 events; beyond, the count is a 12-bit mantissa times 2^e, and an
 * event updates it only with probability 2^-e, adding 2^e in expectation, so the count stays
 * unbiased, its relative standard error stays near 1/sqrt(2^12) ≈ 1.6%, and threads write the
 * shared word ever more rarely as the count grows.
 */
/*
 * Implementation notes
 *
 * Overview. One int holds the exponent (high 16 bits) and the mantissa (low 16 bits, below 2^12).
 * An increment at exponent e draws a coin that comes up with probability 2^-e (the low e bits of
 * a random int are all zero; the caller may pass the int, drawn cheaply from its thread's
 * generator, since a ThreadLocalRandom per counter cost a few ns a call) and, if it does,
 * adds one to the mantissa; a mantissa reaching 2^12 becomes 2^11 with exponent e+1, which
 * preserves the value (2^12 * 2^e = 2^11 * 2^(e+1)).
 *
 * Concurrency. Updates are compare-and-set. An event whose coin came up at exponent e is worth
 * 2^e; if its CAS fails and the exponent has meanwhile grown to e' (it never falls), it keeps that
 * worth by adding 2^e' with probability 2^-(e'-e), so a fresh coin of e'-e bits decides (none when
 * the exponent is unchanged: it simply retries). A fresh coin against the new state's whole
 * exponent would count such an event with probability 2^-e twice over, and under-count under
 * contention.
 * The exponent stops at 30, where the counter saturates at 2^12 * 2^30 events.
 *
 * Memory ordering. The state is one volatile int in the counter itself (a VarHandle, not an
 * AtomicInteger: a critical section reads a counter on every call, and an AtomicInteger is one
 * more dependent load); get() may miss increments that race with it.
 *
 * References. [Dice14] §4.3; Dice, Lev, Moir, "Scalable statistics counters", SPAA 2013.
 */
final class ProbabilisticCounter {

    private static final int MANTISSA_BITS = 12;
    private static final int MANTISSA_LIMIT = 1 << MANTISSA_BITS;
    private static final int EXPONENT_SHIFT = 16;
    private static final int MANTISSA_MASK = (1 << EXPONENT_SHIFT) - 1;
    private static final int MAX_EXPONENT = 30;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(ProbabilisticCounter.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;

    void increment() {
        increment(ThreadLocalRandom.current().nextInt());
    }

    /**
     * Counts an event, drawing its coin from the low bits of {@code random}, uniformly random bits
     * that no other decision of this counter used (a thread's {@link ThreadState#nextRandom()}).
     */
    void increment(int random) {
        int s = state;
        if (comesUp(random, s)) {
            add(s); // out of line: once the count is large, almost every event stops here
        }
    }

    /** Whether the coin {@code random} comes up for state {@code s}: probability 2^-exponent. */
    private static boolean comesUp(int random, int s) {
        return (random & ((1 << (s >>> EXPONENT_SHIFT)) - 1)) == 0;
    }

    /** Adds the event whose coin came up at state {@code s}; see "Concurrency" for a failed CAS. */
    private void add(int s) {
        while (true) {
            int exponent = s >>> EXPONENT_SHIFT;
            int mantissa = (s & MANTISSA_MASK) + 1;
            int next;
            if (mantissa < MANTISSA_LIMIT) {
                next = (exponent << EXPONENT_SHIFT) | mantissa;
            } else if (exponent < MAX_EXPONENT) {
                next = ((exponent + 1) << EXPONENT_SHIFT) | (MANTISSA_LIMIT >>> 1);
            } else {
                return; // saturated
            }
            if (STATE.compareAndSet(this, s, next)) {
                return;
            }
            int now = state;
            int grown = (now >>> EXPONENT_SHIFT) - exponent;
            if (grown > 0 && (ThreadLocalRandom.current().nextInt() & ((1 << grown) - 1)) != 0) {
                return;
            }
            s = now;
        }
    }

    /** The estimated number of events; exact below 4,096. */
    long get() {
        int s = state;
        return (long) (s & MANTISSA_MASK) << (s >>> EXPONENT_SHIFT);
    }
}
