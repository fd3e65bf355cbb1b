package dev.locus.elision;

/**
 * Thrown by {@link Swopt#validate()} when a conflicting action ran since the optimistic attempt
 * began: the attempt's reads may be inconsistent, so it ends and the critical section is tried
 * again. A critical section lets it propagate; catching it defeats the validation. One shared
 * instance without a stack trace, since it is control flow, not an error.
 */
public final class Interference extends RuntimeException {

    private static final long serialVersionUID = 1L;

    static final Interference INSTANCE = new Interference();

    private Interference() {
        super("an optimistic attempt met a conflicting action", null, false, false);
    }
}
