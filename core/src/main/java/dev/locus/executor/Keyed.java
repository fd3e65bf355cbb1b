package dev.locus.executor;

/**
 * A task that names its own key, so that a plain {@link java.util.concurrent.Executor#execute(Runnable)}
 * or {@code submit} can place it like {@link KeyedExecutorService#execute(long, Runnable)} would.
 *
 * <p>The key must not change while the task is queued.
 */
@FunctionalInterface
public interface Keyed {

    /** The transaction key of [Bai06] §4.1: numerically close keys should touch nearby data. */
    long key();
}
