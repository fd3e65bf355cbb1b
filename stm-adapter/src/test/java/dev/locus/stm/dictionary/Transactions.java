package dev.locus.stm.dictionary;

import org.multiverse.api.GlobalStmInstance;
import org.multiverse.api.Txn;
import org.multiverse.api.TxnExecutor;

/** Runs dictionary operations each in a transaction of its own, as the papers' workers do. */
final class Transactions {

    private final TxnExecutor executor;

    private Transactions() {
        this.executor = GlobalStmInstance.getGlobalStmInstance().newTxnFactoryBuilder().newTxnExecutor();
    }

    /** Multiverse's default configuration: speculative, lean first, Snapshot isolation. */
    static Transactions defaults() {
        return new Transactions();
    }

    boolean run(Op op, TxnDictionary dictionary, int key) {
        return executor.execute((Txn txn) -> op.on(dictionary, txn, key));
    }

    TxnExecutor executor() {
        return executor;
    }
}
