package dev.locus.contention.integration;

import dev.locus.contention.Resolution;

/**
 * One transaction as contention management sees it: its type and how often it has been tried
 * and deferred. It outlives a single run of its task, so a transaction that was
 * {@linkplain Resolution#DEFER deferred} keeps its history (and its karma) when it comes back,
 * possibly on another thread. Touched by one thread at a time: the one running the transaction.
 */
public final class TransactionRecord {

    private final int type;
    private int attempts;
    private int deferrals;

    /** @param type the transaction type id ([Nicacio10]'s transaction ids); any int */
    public TransactionRecord(int type) {
        this.type = type;
    }

    public int type() {
        return type;
    }

    /** Attempts started so far, the one running now included. */
    public int attempts() {
        return attempts;
    }

    /** Times the transaction was re-queued by {@link Resolution#DEFER}. */
    public int deferrals() {
        return deferrals;
    }

    /** Notes that the transaction was re-queued; called by the integration that re-queued it. */
    public void deferred() {
        deferrals++;
    }

    int startAttempt() {
        return ++attempts;
    }
}
