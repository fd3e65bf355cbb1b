package dev.locus.stm;

import java.util.concurrent.atomic.AtomicLong;
import org.multiverse.api.GlobalStmInstance;
import org.multiverse.api.Txn;
import org.multiverse.api.TxnFactoryBuilder;
import org.multiverse.api.lifecycle.TxnEvent;
import org.multiverse.api.lifecycle.TxnListener;

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
