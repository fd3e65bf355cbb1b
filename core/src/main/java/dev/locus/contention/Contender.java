package dev.locus.contention;

/**
 * A thread that runs transactions, as a {@link ContentionManager} sees it: the transaction it runs,
 * how often that transaction has been tried, whether it is inside an attempt now, how many
 * transactions it has committed, and its contention intensity.
 *
 * <p>Every {@code ContentionManager} method receives the contender of the thread that calls it.
 * locus's STM integrations implement this view and drive the transaction's lifecycle behind it; a
 * user writes managers against it and never implements it. The built-in managers that look at other
 * threads ({@link ContentionManagers#polka() Polka}, serialization) need the integration's own
 * contenders and refuse any other implementation with an {@link IllegalArgumentException}.
 *
 * <p>Methods marked "owner thread only" read state that only the contender's own thread writes;
 * a manager calls them on its {@code self} argument. The others may be read from any thread.
 */
public interface Contender {

    /** The running transaction's type id ([Nicacio10]'s transaction ids); owner thread only. */
    int transactionType();

    /**
     * The number of the running transaction's current or last started attempt, counted across its
     * deferrals: 1 during its first attempt, 0 before it. It is the transaction's karma for Polka.
     * Any thread.
     */
    int attempt();

    /** Times the running transaction was re-queued by {@link Resolution#DEFER}; owner thread only. */
    int deferrals();

    /** Whether this contender is inside an attempt right now; any thread. */
    boolean isAttempting();

    /** Transactions committed on this thread; any thread. */
    long commits();

    /**
     * The contention intensity of this thread, {@code CI = 0.75*CI + 0.25*CC} with {@code CC = 1}
     * on a conflict and 0 on a commit (Yoo and Lee's ATS; [Nicacio10] §3.3.1); owner thread only.
     */
    double contentionIntensity();
}
