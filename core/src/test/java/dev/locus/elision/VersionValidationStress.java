package dev.locus.elision;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.locks.ReentrantLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZII_Result;

/**
 * jcstress scenarios for the version word of {@link ElidableLock}: an optimistic read that
 * validates must have seen all of a conflicting action's writes or none of them. Run by
 * {@link VersionValidationStressTest}.
 */
public final class VersionValidationStress {

    private VersionValidationStress() {
    }

    /** A writer updates two fields inside one conflicting action; a reader reads them optimistically. */
    @JCStressTest
    @Outcome(id = "true, 0, 0", expect = ACCEPTABLE, desc = "validated; read before the action")
    @Outcome(id = "true, 1, 1", expect = ACCEPTABLE, desc = "validated; read after the action")
    @Outcome(id = "false, .*", expect = ACCEPTABLE_INTERESTING, desc = "the action overlapped; validation failed and the attempt would retry")
    @Outcome(id = "true, 1, 0", expect = FORBIDDEN, desc = "validated a torn read: the new y with the old x")
    @Outcome(id = "true, 0, 1", expect = FORBIDDEN, desc = "validated a torn read: the new x with the old y")
    @State
    public static class ValidatedReadsAreAllOrNothing {

        private final ElidableLock lock = ElidableLock.builder("stress", LockApi.of(new ReentrantLock())).build();
        private final CriticalSection<Void, Void> write = lock.section("write", () -> {
            lock.conflictingAction(() -> {
                x = 1;
                y = 1;
            });
            return null;
        });
        private int x;
        private int y;

        @Actor
        public void writer() {
            write.call();
        }

        @Actor
        public void reader(ZII_Result r) {
            long v = lock.stableVersion();
            int seenY = y;
            int seenX = x;
            r.r1 = lock.validate(v);
            r.r2 = seenY;
            r.r3 = seenX;
        }
    }
}
