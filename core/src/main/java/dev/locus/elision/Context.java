package dev.locus.elision;

import java.util.concurrent.ConcurrentHashMap;

/**
 * A thread's context in paper 003's sense (§3.4): the sequence of scopes it is in, from the
 * outermost. Contexts are interned, one object per sequence, so that a granule is found by
 * identity. Immutable and thread-safe.
 */
final class Context {

    static final Context ROOT = new Context(null, "");

    private final Context parent;
    private final String scope;
    private final String path;
    private final ConcurrentHashMap<String, Context> children = new ConcurrentHashMap<>();

    private Context(Context parent, String scope) {
        this.parent = parent;
        this.scope = scope;
        this.path = parent == null ? "" : parent.path.isEmpty() ? scope : parent.path + " > " + scope;
    }

    /** This context with {@code scope} entered. */
    Context enter(String scope) {
        Context child = children.get(scope);
        return child != null ? child : children.computeIfAbsent(scope, s -> new Context(this, s));
    }

    /** This context with its innermost scope left. */
    Context leave() {
        if (parent == null) {
            throw new IllegalStateException("no scope to leave");
        }
        return parent;
    }

    String innermost() {
        return scope;
    }

    /** The scopes from the outermost, e.g. "cache.get > HashMap.get". */
    String path() {
        return path;
    }

    @Override
    public String toString() {
        return path.isEmpty() ? "(no scope)" : path;
    }
}
