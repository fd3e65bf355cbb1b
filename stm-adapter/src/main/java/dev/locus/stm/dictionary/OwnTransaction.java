package dev.locus.stm.dictionary;

import org.multiverse.api.GlobalStmInstance;
import org.multiverse.api.PropagationLevel;
import org.multiverse.api.TxnExecutor;
import org.multiverse.api.callables.TxnCallable;

/** Runs a read-only computation in a transaction of its own, outside any the caller is in. */
final class OwnTransaction {

    private static final TxnExecutor READ_ONLY = GlobalStmInstance.getGlobalStmInstance()
            .newTxnFactoryBuilder()
            .setPropagationLevel(PropagationLevel.RequiresNew)
            .setReadonly(true)
            .newTxnExecutor();

    private OwnTransaction() {
    }

    static <E> E read(TxnCallable<E> reader) {
        return READ_ONLY.execute(reader);
    }
}
