package dev.locus.jmh.hashmap;

import dev.locus.elision.Swopt;

/**
 * One call's optimistic attempt in progress, as the table's {@link Validation}: a failed check
 * throws ALE's Interference through {@link Swopt#validate()}. Reused by its Operation, so an
 * attempt allocates nothing.
 */
final class CurrentAttempt implements Validation {

    private Swopt swopt;

    /** This, validating against {@code attempt}; a later attempt of the same Operation replaces it. */
    Validation of(Swopt attempt) {
        if (swopt != attempt) {
            swopt = attempt;
        }
        return this;
    }

    @Override
    public boolean stillValid() {
        swopt.validate();
        return true;
    }
}
