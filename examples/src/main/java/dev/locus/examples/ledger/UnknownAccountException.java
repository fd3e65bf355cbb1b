package dev.locus.examples.ledger;

/** An account id outside the ledger's {@code [0, accounts)}. */
public final class UnknownAccountException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    UnknownAccountException(int account, int accounts) {
        super("no such account: " + account + " (accounts are 0.." + (accounts - 1) + ")");
    }
}
