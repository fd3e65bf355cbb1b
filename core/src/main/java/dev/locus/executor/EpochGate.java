package dev.locus.executor;

/**
 * The executor's current {@link Epoch} and the way in and out of it. A producer {@link #enter()}s,
 * routes and offers its task by the epoch it got, and {@link #exit(Epoch)}s; a publisher replaces
 * the epoch and waits until every producer inside the old one has left, after which everything
 * they offered is in its queue. Publishers must be serialized by the caller.
 *
 * <p>Why nothing slips through: a producer increments its in-flight cell and then re-reads the
 * current epoch; a publisher writes the epoch and then reads the cells. All four accesses are
 * sequentially consistent, so at least one side sees the other: either the producer sees the new
 * epoch and leaves without offering, or the publisher sees the producer's count and waits for its
 * exit, which follows its offer.
 */
final class EpochGate {

    private volatile Epoch current;

    EpochGate(Epoch initial) {
        this.current = initial;
    }

    Epoch current() {
        return current;
    }

    /** Enters the current epoch; pair every call with {@link #exit(Epoch)} on the same thread. */
    Epoch enter() {
        for (;;) {
            Epoch e = current;
            e.inFlight.enter();
            if (current == e) {
                return e;
            }
            e.inFlight.exit();
        }
    }

    void exit(Epoch entered) {
        entered.inFlight.exit();
    }

    /** Makes {@code next} current and waits until no producer is left inside the previous epoch. */
    void publish(Epoch next) {
        Epoch previous = current;
        current = next;
        previous.inFlight.awaitQuiescence();
    }
}
