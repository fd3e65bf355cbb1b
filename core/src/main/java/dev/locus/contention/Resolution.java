package dev.locus.contention;

/** What a {@link ContentionManager} tells a transaction that lost a conflict to do next. */
public enum Resolution {

    /** Run the next attempt now, on this thread (after whatever wait the manager already did). */
    RETRY,

    /**
     * Let other work go first: the task goes back behind the tasks queued on its worker and retries
     * when it comes round again. Where the transaction cannot be re-queued (it does not run on an
     * executor that can, or shutdown has begun) this reads as {@link #RETRY}.
     */
    DEFER
}
