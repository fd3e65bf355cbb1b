package dev.locus.elision;

import java.util.Objects;

/**
 * An explicit scope ([Dice14]'s BEGIN_SCOPE/END_SCOPE): while it is open on a thread, the
 * critical sections that thread runs are counted in a context that includes it, so that one
 * source-level critical section reached from different places gets separate statistics and
 * separate policy choices.
 *
 * <pre>{@code
 * try (Scope s = Scope.enter("cache.refresh")) {
 *     map.get(key);        // its critical sections run in context "cache.refresh > ..."
 * }
 * }</pre>
 *
 * <p>Scopes nest and must be closed in the reverse order of opening, on the thread that opened them.
 */
public final class Scope implements AutoCloseable {

    private final ThreadState owner;
    private final Context entered;
    private boolean closed;

    private Scope(ThreadState owner, Context entered) {
        this.owner = owner;
        this.entered = entered;
    }

    /**
     * Opens scope {@code label} on the calling thread.
     *
     * @throws NullPointerException if {@code label} is null
     * @throws IllegalArgumentException if {@code label} is empty
     */
    public static Scope enter(String label) {
        Objects.requireNonNull(label, "label");
        if (label.isEmpty()) {
            throw new IllegalArgumentException("a scope needs a non-empty label");
        }
        ThreadState state = ThreadState.current();
        Context entered = state.context().enter(label);
        state.contextId = entered.id;
        return new Scope(state, entered);
    }

    /** The calling thread's context, for reports and tests: its scopes from the outermost. */
    static String currentPath() {
        return ThreadState.current().context().path();
    }

    /**
     * Closes this scope.
     *
     * @throws IllegalStateException on another thread than the one that opened it, or when a scope
     *     opened inside it is still open
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        ThreadState state = ThreadState.current();
        if (state != owner) {
            throw new IllegalStateException("scope " + entered.innermost() + " closed on another thread");
        }
        if (state.contextId != entered.id) {
            throw new IllegalStateException("scope " + entered.innermost() + " closed while " + state.context()
                    + " is open: close scopes innermost first");
        }
        state.contextId = entered.leave().id;
        closed = true;
    }
}
