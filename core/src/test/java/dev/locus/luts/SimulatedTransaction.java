package dev.locus.luts;

import dev.locus.contention.integration.ContentionDomain;
import dev.locus.contention.integration.ThreadContender;
import dev.locus.contention.integration.TransactionRecord;

/**
 * Drives a contender through one transaction's lifecycle without an STM, as the STM adapter does:
 * {@code aborts} attempts that conflict, then one that commits. Enough for the conflict-avoidance
 * heuristics, which see only these events.
 */
final class SimulatedTransaction {

    private SimulatedTransaction() {
    }

    static void run(ContentionDomain domain, int type, int aborts) throws InterruptedException {
        ThreadContender self = domain.contender();
        self.begin(new TransactionRecord(type));
        for (int i = 0; i < aborts; i++) {
            self.startAttempt();
            self.conflicted();
        }
        self.startAttempt();
        self.committed();
    }
}
