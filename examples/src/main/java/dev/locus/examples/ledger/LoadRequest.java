package dev.locus.examples.ledger;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * One request of the load: an operation on an account ({@code to} is a transfer's destination,
 * unused otherwise), and how it is sent over HTTP.
 */
record LoadRequest(LoadRequest.Operation operation, int account, int to, long amount) {

    /** How long one request may take before it counts as failed. */
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** The largest amount a random request moves. */
    static final int MAX_AMOUNT = 100;

    /** The operations, with the share of the load each gets. */
    enum Operation {
        DEPOSIT(35), WITHDRAW(25), TRANSFER(25), BALANCE(15);

        /** Percent of the requests. */
        final int percent;

        Operation(int percent) {
            this.percent = percent;
        }
    }

    /**
     * A random request: the operation by its share, accounts by {@code accounts} (a transfer's two
     * differ, so {@code accounts} must have at least two ranks), an amount in {@code [1, 100]}.
     */
    static LoadRequest random(SplittableRandom random, Zipf accounts) {
        int dice = random.nextInt(100);
        Operation operation = Operation.BALANCE;
        for (Operation candidate : Operation.values()) {
            if (dice < candidate.percent) {
                operation = candidate;
                break;
            }
            dice -= candidate.percent;
        }
        int account = accounts.next(random);
        int to = account;
        if (operation == Operation.TRANSFER) {
            while (to == account) {
                to = accounts.next(random);
            }
        }
        return new LoadRequest(operation, account, to, random.nextInt(1, MAX_AMOUNT + 1));
    }

    /** A balance query, as the final check sends it. */
    static LoadRequest balanceOf(int account) {
        return new LoadRequest(Operation.BALANCE, account, account, 0);
    }

    /** The HTTP request against the server at {@code base}. */
    HttpRequest toHttp(URI base) {
        String query = switch (operation) {
            case TRANSFER -> "transfer?from=" + account + "&to=" + to + "&amount=" + amount;
            case BALANCE -> "balance?account=" + account;
            default -> name() + "?account=" + account + "&amount=" + amount;
        };
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(query)).timeout(TIMEOUT);
        return (operation == Operation.BALANCE ? builder.GET() : builder.POST(HttpRequest.BodyPublishers.noBody()))
                .build();
    }

    @Override
    public String toString() {
        return switch (operation) {
            case TRANSFER -> "transfer of " + amount + " from " + account + " to " + to;
            case BALANCE -> "balance of " + account;
            default -> name() + " of " + amount + " on " + account;
        };
    }

    private String name() {
        return operation.name().toLowerCase(Locale.ROOT);
    }
}
