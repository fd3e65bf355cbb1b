package dev.locus.examples.ledger;

/**
 * What one ledger operation did.
 *
 * @param applied whether the operation changed the ledger; {@code false} when it was refused
 *     (a withdrawal or transfer the account could not cover, or a credit that would overflow a
 *     balance); a balance query is always applied
 * @param balance the account's balance once the operation was applied or refused; for a transfer,
 *     the source account's
 */
public record Outcome(boolean applied, long balance) {

    static Outcome applied(long balance) {
        return new Outcome(true, balance);
    }

    static Outcome refused(long balance) {
        return new Outcome(false, balance);
    }
}
