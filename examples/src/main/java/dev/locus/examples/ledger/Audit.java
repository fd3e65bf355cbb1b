package dev.locus.examples.ledger;

/**
 * What a load generator's client saw, and what the final balances must therefore be. One per
 * client thread (not thread-safe); {@link #add(Audit)} merges them.
 *
 * <p>The checks. An applied operation changes the expected balance of each account it touches by
 * its amount; refused ones and queries change nothing. After the load, each account's balance must
 * equal its expected balance. Every answer carries the balance of the account the operation
 * decreased (or would have), so no balance ever went negative if no answer reported a negative
 * one: a balance only ever decreases through a withdrawal or a transfer's debit, and each of those
 * reports the balance it left.
 */
final class Audit {

    private final long[] expected;
    private long applied;
    private long refused;
    private long failed;
    private long negative;
    private String firstProblem;

    Audit(int accounts) {
        this.expected = new long[accounts];
    }

    /** Records an HTTP answer: 200 applied, 409 refused, anything else failed. */
    void answer(LoadRequest request, int status, String body) {
        if (status != 200 && status != 409) {
            fail(request + " answered " + status + ": " + body.strip());
            return;
        }
        try {
            outcome(request, new Outcome(status == 200, Long.parseLong(body.strip())));
        } catch (NumberFormatException e) {
            fail(request + " answered " + status + " with a body that is not a balance: " + body.strip());
        }
    }

    /** Records the outcome of {@code request}. */
    void outcome(LoadRequest request, Outcome outcome) {
        if (outcome.balance() < 0) {
            negative++;
            problem(request + " left a negative balance: " + outcome.balance());
        }
        if (!outcome.applied()) {
            refused++;
            return;
        }
        applied++;
        switch (request.operation()) {
            case DEPOSIT -> expected[request.account()] += request.amount();
            case WITHDRAW -> expected[request.account()] -= request.amount();
            case TRANSFER -> {
                expected[request.account()] -= request.amount();
                expected[request.to()] += request.amount();
            }
            case BALANCE -> { }
        }
    }

    /** Records a request that got no answer (or an unusable one). */
    void fail(String why) {
        failed++;
        problem(why);
    }

    /** Adds {@code other}'s counts and expectations to this one's. */
    void add(Audit other) {
        for (int a = 0; a < expected.length; a++) {
            expected[a] += other.expected[a];
        }
        applied += other.applied;
        refused += other.refused;
        failed += other.failed;
        negative += other.negative;
        if (firstProblem == null) {
            firstProblem = other.firstProblem;
        }
    }

    /**
     * Compares the final balances with the expected ones.
     *
     * @return how many accounts differ; the first is noted as a problem
     */
    int mismatches(long[] balances) {
        int mismatches = 0;
        for (int a = 0; a < expected.length; a++) {
            if (balances[a] != expected[a]) {
                if (mismatches++ == 0) {
                    problem("account " + a + " holds " + balances[a] + ", its applied operations sum to "
                            + expected[a]);
                }
            }
        }
        return mismatches;
    }

    long applied() {
        return applied;
    }

    long refused() {
        return refused;
    }

    long failed() {
        return failed;
    }

    long negative() {
        return negative;
    }

    /** The first thing that went wrong, or {@code null}. */
    String firstProblem() {
        return firstProblem;
    }

    private void problem(String why) {
        if (firstProblem == null) {
            firstProblem = why;
        }
    }
}
