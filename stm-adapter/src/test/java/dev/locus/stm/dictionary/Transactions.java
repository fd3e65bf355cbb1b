package dev.locus.stm.dictionary;

import dev.locus.multiverse.api.GlobalStmInstance;
import dev.locus.multiverse.api.Txn;
import dev.locus.multiverse.api.TxnExecutor;
import dev.locus.multiverse.api.lifecycle.TxnEvent;
import java.util.concurrent.atomic.LongAdder;

/** Runs dictionary operations each in a transaction of its own, as the papers' workers do. */
final class Transactions {

    private final TxnExecutor executor;
    private final LongAdder aborts = new LongAdder();

    private Transactions(boolean counting) {
        var builder = GlobalStmInstance.getGlobalStmInstance().newTxnFactoryBuilder();
        if (counting) {
            // Non-speculative: a fat transaction from the start, so no abort is a mere upgrade
            // from a lean one, and every PostAbort is a conflict (or a test failure).
            builder = builder.setSpeculative(false).addPermanentListener((txn, event) -> {
                if (event == TxnEvent.PostAbort) {
                    aborts.increment();
                }
            });
        }
        this.executor = builder.newTxnExecutor();
    }

    /** Multiverse's default configuration: speculative, lean first, Snapshot isolation. */
    static Transactions defaults() {
        return new Transactions(false);
    }

    /** Fat transactions whose aborts are counted. */
    static Transactions countingAborts() {
        return new Transactions(true);
    }

    boolean run(Op op, TxnDictionary dictionary, int key) {
        return executor.execute((Txn txn) -> op.on(dictionary, txn, key));
    }

    TxnExecutor executor() {
        return executor;
    }

    long aborts() {
        return aborts.sum();
    }
}
