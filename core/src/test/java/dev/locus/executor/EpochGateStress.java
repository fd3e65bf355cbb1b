package dev.locus.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.locus.executor.routing.RangeTable;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * jcstress scenarios for {@link EpochGate}: a producer that gets into an epoch must have its offer
 * seen by a publisher that replaced that epoch, or it must see the new epoch and offer nothing.
 * Run by {@link EpochGateStressTest}.
 */
public final class EpochGateStress {

    private EpochGateStress() {
    }

    /** The shutdown race: one producer against one publisher of the next epoch. */
    @JCStressTest
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "producer entered the old epoch; the publisher waited and saw its offer")
    @Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "producer entered after the publish, saw the new epoch and offered nothing")
    @Outcome(id = "1, 0", expect = FORBIDDEN, desc = "publisher stopped waiting while an offer under the old epoch was unseen: a lost task")
    @Outcome(id = "0, 1", expect = FORBIDDEN, desc = "an offer appeared although the producer saw the new epoch")
    @State
    public static class OfferIsSeenOrRefused {

        private final Epoch running = new Epoch(RangeTable.of(), 0, Epoch.RUNNING);
        private final EpochGate gate = new EpochGate(running);
        /** The producer's "queue": written inside the epoch, read by the publisher after it. */
        private int offered;

        @Actor
        public void producer(II_Result r) {
            Epoch e = gate.enter();
            if (e == running) {
                offered = 1;
                r.r1 = 1;
            }
            gate.exit(e);
        }

        @Actor
        public void publisher(II_Result r) {
            gate.publish(running.withState(Epoch.SHUTDOWN));
            r.r2 = offered;
        }
    }
}
