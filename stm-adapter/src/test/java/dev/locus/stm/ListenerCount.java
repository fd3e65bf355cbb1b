package dev.locus.stm;

import dev.locus.multiverse.api.GlobalStmInstance;
import dev.locus.multiverse.api.Txn;
import dev.locus.multiverse.api.TxnFactoryBuilder;
import dev.locus.multiverse.api.lifecycle.TxnEvent;
import dev.locus.multiverse.api.lifecycle.TxnListener;
import java.util.concurrent.atomic.AtomicLong;

/** An independent witness: Multiverse's own listener events, counted beside the adapter's. */
final class ListenerCount implements TxnListener {

    final AtomicLong commits = new AtomicLong();
    final AtomicLong aborts = new AtomicLong();

    @Override
    public void notify(Txn txn, TxnEvent event) {
        if (event == TxnEvent.PostCommit) {
            commits.incrementAndGet();
        } else if (event == TxnEvent.PostAbort) {
            aborts.incrementAndGet();
        }
    }

    /** A factory builder whose transactions this witness hears. */
    TxnFactoryBuilder factoryBuilder() {
        return GlobalStmInstance.getGlobalStmInstance().newTxnFactoryBuilder().addPermanentListener(this);
    }
}
