package dev.locus.elision;

import dev.locus.executor.KeyedExecutorService;
import java.util.Objects;
import java.util.concurrent.Future;

/**
 * Runs critical sections of {@link ElidableLock}s as tasks of a {@link KeyedExecutorService}, so
 * that placement and elision compose: the executor puts each section on the worker that owns its
 * key, and the section runs there in the mode its lock's policy chooses, with its attempts counted
 * in the lock's {@linkplain ElidableLock#report() report} as for a section called directly.
 *
 * <p>Placement helps elision when the key follows what the section conflicts over. Give each
 * range of the data its own lock (its own version word) and key the sections by that range with a
 * router that places by key ({@code fixedRange}, {@code adaptive}): the writers of a range then
 * run on one worker, one after another, and they invalidate only the optimistic readers of their
 * own range. With one lock for everything, any writer anywhere invalidates every reader, and no
 * placement changes that.
 *
 * <pre>{@code
 * KeyedExecutorService executor = LocusExecutors.adaptive(2);
 * // gets[s]: segment s's get, built once, as a source-level critical section is written once
 * gets[s] = segmentLocks[s].section("get", (K key) -> find(key))
 *         .withSwopt((key, swopt) -> findOptimistically(key, swopt));
 * // each call: placed by the key's bucket, run as a section of its segment's lock
 * Future<V> value = KeyedSections.submit(executor, bucketOf(key), gets[segmentOf(key)], key);
 * }</pre>
 *
 * <p>The executor's promises hold for the section as for any task submitted under {@code key}: it
 * runs once, is returned by {@code shutdownNow()} (as its future), or is rejected; sections with one
 * key run in submission order under a keyed router with per-key ordering. A section that throws
 * completes its future exceptionally, and its lock is released.
 */
public final class KeyedSections {

    private KeyedSections() {
    }

    /**
     * Submits {@code section} to run once, with {@link CriticalSection#call(Object)
     * call(argument)}, on the worker of {@code executor} that owns {@code key}.
     *
     * @return the section's result, or what it threw
     * @throws NullPointerException if {@code executor} or {@code section} is null
     * @throws java.util.concurrent.RejectedExecutionException as {@code executor.submit(key, ...)}
     */
    public static <A, T> Future<T> submit(KeyedExecutorService executor, long key, CriticalSection<A, T> section,
            A argument) {
        Objects.requireNonNull(executor, "executor");
        Objects.requireNonNull(section, "section");
        return executor.submit(key, () -> section.call(argument));
    }

    /**
     * As {@link #submit(KeyedExecutorService, long, CriticalSection, Object)}, for a section whose
     * bodies take no argument.
     */
    public static <T> Future<T> submit(KeyedExecutorService executor, long key, CriticalSection<Void, T> section) {
        return submit(executor, key, section, null);
    }
}
