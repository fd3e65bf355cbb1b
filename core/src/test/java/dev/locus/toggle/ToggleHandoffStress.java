package dev.locus.toggle;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * jcstress scenarios for the toggle hand-off of Algorithm 2, driving the production
 * {@link ToggleProtocol}: an inner sub-bucket is run by one thread at a time, each exactly once per
 * inner phase; a stealer sees what the host put in the sub-bucket it claims; and the host goes
 * back to its outer bucket only after its stealers finished, so it sees their work and never
 * refills a sub-bucket under a late stealer. Sub-buckets and their "tasks" are plain fields, as
 * the executor's are plain deques. Run by {@link ToggleHandoffStressTest}.
 */
public final class ToggleHandoffStress {

    private ToggleHandoffStress() {
    }

    /**
     * Two inner phases back to back over two sub-buckets, a host and a stealer; between the phases
     * the host refills the sub-buckets in outer mode. The stealer tries to join once, and may pass
     * the gate in the first phase yet claim in the second. Each sub-bucket holds one task, named
     * by a bit: phase 1 sub-bucket 0 is 1, sub-bucket 1 is 2; phase 2 sub-bucket 0 is 4,
     * sub-bucket 1 is 8. Whoever claims a sub-bucket takes the task out and counts it done.
     * Results: the tasks the host ran, the tasks the stealer ran, the claims that found their
     * sub-bucket empty, and the tasks done as the host sees them after its last phase.
     */
    @JCStressTest
    @Outcome(id = "15, 0, 0, 4", expect = ACCEPTABLE, desc = "the host ran every task; the stealer found nothing left or came after the phases")
    @Outcome(id = {"14, 1, 0, 4", "13, 2, 0, 4", "12, 3, 0, 4"}, expect = ACCEPTABLE, desc = "the stealer ran one or both sub-buckets of phase 1; the host waited for it before refilling")
    @Outcome(id = {"11, 4, 0, 4", "7, 8, 0, 4", "3, 12, 0, 4"}, expect = ACCEPTABLE, desc = "the stealer passed the gate late and claimed in phase 2, which counted it; the host saw its tasks done")
    @Outcome(expect = FORBIDDEN, desc = "a task ran twice or never, a claim found its sub-bucket empty (touched outside its phase, or two claimants), the stealer ran tasks of both phases, or the host finished without seeing the stealer's work")
    @State
    public static class SubBucketsChangeHandsOnlyThroughThePhases {

        private final ToggleProtocol protocol = new ToggleProtocol(2);
        /** The sub-buckets: the task each holds, 0 when empty. */
        private final int[] subBucket = new int[2];
        /** Per task (by bit number), 1 once run; each slot written by the one thread that ran it. */
        private final int[] finished = new int[4];
        private int hostRan;
        private int stealerRan;
        private int hostEmptyClaims;
        private int stealerEmptyClaims;

        @Actor
        public void host(IIII_Result r) {
            for (int phase = 0; phase < 2; phase++) {
                subBucket[0] = 1 << (2 * phase);
                subBucket[1] = 2 << (2 * phase);
                protocol.open();
                for (int sub; (sub = protocol.claim()) >= 0; ) {
                    int task = take(sub);
                    hostRan |= task;
                    hostEmptyClaims += task == 0 ? 1 : 0;
                }
                protocol.awaitStealers(() -> false);
                protocol.close();
            }
            r.r1 = hostRan;
            r.r4 = finished[0] + finished[1] + finished[2] + finished[3];
        }

        @Actor
        public void stealer(IIII_Result r) {
            if (protocol.mayJoin()) {
                protocol.join();
                for (int sub; (sub = protocol.claim()) >= 0; ) {
                    int task = take(sub);
                    stealerRan |= task;
                    stealerEmptyClaims += task == 0 ? 1 : 0;
                }
                protocol.leave();
            }
            r.r2 = stealerRan;
        }

        /** Runs the task of a claimed sub-bucket: takes it out and marks it finished. */
        private int take(int sub) {
            int task = subBucket[sub];
            subBucket[sub] = 0;
            if (task != 0) {
                finished[Integer.numberOfTrailingZeros(task)] = 1;
            }
            return task;
        }

        @Arbiter
        public void emptyClaims(IIII_Result r) {
            r.r3 = hostEmptyClaims + stealerEmptyClaims;
        }
    }
}
