package dev.locus.executor;

/**
 * How a worker with an empty queue waits: it spins, then yields, then parks until a producer
 * wakes it. Producers wake only a worker that has announced it is parking, so a busy worker
 * costs its producers no {@code unpark}.
 *
 * <p>Spinning lowers the latency of the next task at the price of a core, which a producer may
 * need: on a 2-core machine with one producer and two workers, 100 spins before yielding cost
 * about a third of the empty-task throughput against yielding at once (measured on such a
 * machine). Yielding gives the core to whoever is runnable and costs a
 * system call when nobody is; parking costs the producer an {@code unpark} for the next task.
 */
public final class IdleStrategy {

    private static final IdleStrategy DEFAULT = new IdleStrategy(0, 100);
    private static final IdleStrategy PARK = new IdleStrategy(0, 0);

    private final int spins;
    private final int yields;

    private IdleStrategy(int spins, int yields) {
        this.spins = spins;
        this.yields = yields;
    }

    /**
     * Spins {@code spins} times ({@link Thread#onSpinWait()}), then yields {@code yields} times,
     * then parks.
     *
     * @throws IllegalArgumentException if {@code spins} or {@code yields} is negative
     */
    public static IdleStrategy spinYieldPark(int spins, int yields) {
        if (spins < 0) {
            throw new IllegalArgumentException("spins must be >= 0, was " + spins);
        }
        if (yields < 0) {
            throw new IllegalArgumentException("yields must be >= 0, was " + yields);
        }
        return new IdleStrategy(spins, yields);
    }

    /**
     * The default: no spins, 100 yields, then park. Servers keep it too: a worker that yields
     * before it parks takes the next task without costing its producer an {@code unpark}, which
     * made keyed dispatch several times faster than {@link #parkImmediately()}, while on an HTTP
     * service sharing the cores with its server threads the two measured alike
     * (docs/keyed-dispatch.md).
     */
    public static IdleStrategy defaultStrategy() {
        return DEFAULT;
    }

    /** Parks as soon as the queue is empty. */
    public static IdleStrategy parkImmediately() {
        return PARK;
    }

    /**
     * Waits one round of an idle spell: a spin for the first {@code spins} rounds, then a yield
     * for the next {@code yields}, then {@code park} for every round after.
     *
     * @param round the rounds this spell has waited so far: 0 at first, then what this returned
     * @return the round to pass next time
     */
    public int idle(int round, Runnable park) {
        if (round < spins) {
            Thread.onSpinWait();
        } else if (round < spins + yields) {
            Thread.yield();
        } else {
            park.run();
            return round;
        }
        return round + 1;
    }

    public int spins() {
        return spins;
    }

    public int yields() {
        return yields;
    }

    @Override
    public String toString() {
        return "IdleStrategy[spins=" + spins + ", yields=" + yields + ", then park]";
    }
}
