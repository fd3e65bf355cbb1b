package dev.locus.contention.integration;

import dev.locus.contention.Contender;
import dev.locus.contention.ContentionManager;
import dev.locus.contention.Resolution;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * A thread that runs transactions in a {@link ContentionDomain}: the {@link Contender} its
 * {@link ContentionManager} sees, and the lifecycle an STM integration drives behind it.
 *
 * <p>The integration calls the lifecycle methods from the contender's own thread, in this order for
 * each transaction: {@link #begin}, then per attempt {@link #startAttempt} followed by one of
 * {@link #committed}, {@link #conflicted} or {@link #failed}, and {@link #end} if the transaction
 * stops without committing (it failed for good, or was deferred). The built-in managers that look
 * at other threads reach them through {@link #of} and {@link ContentionDomain#contenders()}, and
 * wait for them with {@link #parkUntilMovedOn}.
 */
public final class ThreadContender implements Contender {

    /** Weight of history in the contention intensity, {@code CI = a*CI + (1-a)*CC} ([Nicacio10] §3.3.1). */
    static final double INTENSITY_HISTORY = 0.75;

    private static final int IDLE = 0;
    private static final int BETWEEN_ATTEMPTS = 1;
    private static final int ATTEMPTING = 2;

    private final ContentionDomain domain;
    private final Thread thread;
    private final AtomicReference<Waiter> waiters = new AtomicReference<>();

    /* Written by the owner only; volatile because other contenders read them. */
    private volatile int state;
    private volatile long commits;
    private volatile int attempt;

    /* Owner only. */
    private TransactionRecord transaction;
    private double contentionIntensity;

    ThreadContender(ContentionDomain domain, Thread thread) {
        this.domain = domain;
        this.thread = thread;
    }

    // ---- lifecycle, called by the STM integration on the owner thread ----

    /** A transaction starts (or resumes after a deferral) on this thread. */
    public void begin(TransactionRecord txn) {
        if (transaction != null) {
            throw new IllegalStateException("a transaction is already running on " + thread.getName()
                    + "; nested transactions are flattened by the STM and are not begun again");
        }
        transaction = txn;
        attempt = txn.attempts();
        state = BETWEEN_ATTEMPTS;
    }

    /**
     * An attempt is about to start; the manager may first block.
     *
     * @throws InterruptedException from the manager; call {@link #end()} then
     */
    public void startAttempt() throws InterruptedException {
        domain.manager().beforeAttempt(this);
        attempt = running().startAttempt();
        state = ATTEMPTING;
    }

    /** The attempt committed: the transaction is over. Wakes the contenders serialized behind it. */
    public void committed() {
        running();
        contentionIntensity *= INTENSITY_HISTORY;
        commits++; // single writer
        state = IDLE;
        domain.manager().afterCommit(this);
        transaction = null;
        wakeWaiters();
    }

    /**
     * The attempt aborted on a conflict; returns what the manager decided, after its wait.
     *
     * @throws InterruptedException from the manager; call {@link #end()} then
     */
    public Resolution conflicted() throws InterruptedException {
        running();
        contentionIntensity = INTENSITY_HISTORY * contentionIntensity + (1 - INTENSITY_HISTORY);
        state = BETWEEN_ATTEMPTS;
        return domain.manager().afterConflict(this);
    }

    /** The attempt ended without commit, not by a conflict (an exception, a blocking retry). */
    public void failed() {
        running();
        state = BETWEEN_ATTEMPTS;
        domain.manager().afterFailure(this);
    }

    /** The transaction stops here without committing: it failed for good or was deferred. */
    public void end() {
        state = IDLE;
        transaction = null;
        wakeWaiters();
    }

    // ---- the manager's view ----

    /**
     * The integration's contender behind a manager's argument.
     *
     * @throws IllegalArgumentException if {@code self} is not one: the manager was called by
     *     something other than a locus STM integration
     */
    public static ThreadContender of(Contender self) {
        if (self instanceof ThreadContender own) {
            return own;
        }
        throw new IllegalArgumentException("this contention manager is driven by a locus STM integration's "
                + "contenders, not by " + (self == null ? "null" : self.getClass().getName()));
    }

    /** The domain this contender belongs to. */
    public ContentionDomain domain() {
        return domain;
    }

    /** The transaction running on this thread; owner thread only. */
    public TransactionRecord transaction() {
        return running();
    }

    @Override
    public int transactionType() {
        return running().type();
    }

    @Override
    public int attempt() {
        return attempt;
    }

    @Override
    public int deferrals() {
        return running().deferrals();
    }

    @Override
    public boolean isAttempting() {
        return state == ATTEMPTING;
    }

    @Override
    public long commits() {
        return commits;
    }

    @Override
    public double contentionIntensity() {
        return contentionIntensity;
    }

    Thread thread() {
        return thread;
    }

    /**
     * Whether the transaction this contender ran when {@code commitsSeen} was read has finished:
     * it committed, or the contender left its transaction without committing. Any thread.
     */
    public boolean movedOnFrom(long commitsSeen) {
        return commits != commitsSeen || state == IDLE;
    }

    /**
     * Parks the calling thread until {@link #movedOnFrom} holds, the deadline passes or it is
     * interrupted (a spurious return is possible; callers re-check).
     */
    public void parkUntilMovedOn(long commitsSeen, long deadlineNanos) {
        Waiter w = new Waiter(Thread.currentThread());
        do {
            w.next = waiters.get();
        } while (!waiters.compareAndSet(w.next, w));
        // Dekker with committed()/end(): we publish the waiter then read the state; they write the
        // state then take the waiters. One of us sees the other.
        if (!movedOnFrom(commitsSeen)) {
            LockSupport.parkNanos(this, deadlineNanos - System.nanoTime());
        }
    }

    private void wakeWaiters() {
        if (waiters.get() == null) {
            return;
        }
        for (Waiter w = waiters.getAndSet(null); w != null; w = w.next) {
            LockSupport.unpark(w.thread);
        }
    }

    private TransactionRecord running() {
        TransactionRecord txn = transaction;
        if (txn == null) {
            throw new IllegalStateException("no transaction has begun on " + thread.getName());
        }
        return txn;
    }

    @Override
    public String toString() {
        return "ThreadContender[" + thread.getName() + ", commits=" + commits + ", attempting=" + isAttempting() + "]";
    }

    private static final class Waiter {
        final Thread thread;
        Waiter next;

        Waiter(Thread thread) {
            this.thread = thread;
        }
    }
}
