package dev.locus.stm;

import dev.locus.multiverse.api.BackoffPolicy;
import dev.locus.multiverse.api.Txn;
import dev.locus.multiverse.api.lifecycle.TxnEvent;
import dev.locus.multiverse.api.lifecycle.TxnListener;

/**
 * Where Multiverse reports to the adapter: a permanent {@link TxnListener} for commits and aborts,
 * and the {@link BackoffPolicy} that Multiverse's retry loop calls after each read/write
 * conflict, which hands the conflict to the contention manager. Both run on the thread of the
 * transaction and find its task through a thread-local set for the length of a run.
 */
final class TxnHooks implements TxnListener, BackoffPolicy {

    private final ThreadLocal<TransactionalTask<?>> running = new ThreadLocal<>();

    void enter(TransactionalTask<?> task) {
        running.set(task);
    }

    void exit() {
        running.remove();
    }

    @Override
    public void notify(Txn txn, TxnEvent event) {
        TransactionalTask<?> task = running.get();
        if (task == null) {
            return;
        }
        if (event == TxnEvent.PostCommit) {
            task.committed();
        } else if (event == TxnEvent.PostAbort) {
            task.aborted();
        }
    }

    @Override
    public void delayUninterruptible(int attempt) {
        TransactionalTask<?> task = running.get();
        if (task != null) {
            task.conflicted();
        }
    }

    @Override
    public void delay(int attempt) {
        delayUninterruptible(attempt);
    }
}
