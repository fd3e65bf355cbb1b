package dev.locus.stm.dictionary;

import dev.locus.multiverse.api.GlobalStmInstance;
import dev.locus.multiverse.api.PropagationLevel;
import dev.locus.multiverse.api.TxnExecutor;
import dev.locus.multiverse.api.callables.TxnCallable;

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
