package dev.locus.elision;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A thread's context in [Dice14]'s sense (§3.4): the sequence of scopes it is in, from the
 * outermost. Contexts are interned, one object per sequence, so that a granule is found by
 * identity, and numbered, so that a thread can hold its context in an int: a critical section sets
 * and restores its thread's context on every call, and a reference store into a long-lived object
 * costs a GC write barrier (under G1 a StoreLoad fence), an int store nothing. Immutable and
 * thread-safe.
 */
final class Context {

    private static final AtomicInteger NEXT_ID = new AtomicInteger();
    private static final ConcurrentHashMap<Integer, Context> BY_ID = new ConcurrentHashMap<>();

    static final Context ROOT = new Context(null, "");

    /** This context's number, unique in the JVM; see {@link #byId}. */
    final int id;

    private final Context parent;
    private final String scope;
    private final String path;
    private final ConcurrentHashMap<String, Context> children = new ConcurrentHashMap<>();

    private Context(Context parent, String scope) {
        this.parent = parent;
        this.scope = scope;
        this.path = parent == null ? "" : parent.path.isEmpty() ? scope : parent.path + " > " + scope;
        this.id = NEXT_ID.getAndIncrement();
        BY_ID.put(id, this);
    }

    /** The context numbered {@code id}. */
    static Context byId(int id) {
        return BY_ID.get(id);
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
