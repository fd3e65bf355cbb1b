package dev.locus.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import dev.locus.executor.ExecutorStats;
import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;

/**
 * Keyed execution across the members of a Hazelcast cluster: each task runs on the member that owns
 * its key's partition, in a local locus {@link KeyedExecutorService} (adaptive by default), keyed
 * there by the same key. A key is a {@code long} or any value Hazelcast serializes (a {@code String}, a
 * {@code UUID}, a record, a {@link com.hazelcast.partition.PartitionAware} key); its partition is
 * the one Hazelcast gives it, so the task runs on the member that holds the key's {@code IMap}
 * entry.
 *
 * <p>Start one on every member that should run tasks, with the same name, right after the member
 * joins; then submit from any of them:
 *
 * <pre>{@code
 * HazelcastKeyedExecutor ledger = HazelcastKeyedExecutor.start(hazelcast, "ledger");
 * CompletableFuture<Long> balance = ledger.submit(accountId, () -> Accounts.credit(accountId, 100));
 * }</pre>
 *
 * <p>Tasks and their results travel by the members' Hazelcast serialization: Compact or
 * {@code IdentifiedDataSerializable} where the configuration registers the class, Java
 * serialization otherwise ({@link ClusterTask}).
 *
 * <h2>Guarantees</h2>
 * <ul>
 *   <li><b>Stable membership.</b> Every submitted task runs exactly once and completes its future
 *       with its result or exception, or is refused with a {@link RejectedExecutionException}
 *       (thrown by {@code submit}, or through the future). Tasks of one key submitted from one
 *       member (so in particular by one thread) run in submission order, and no two tasks of one
 *       key ever run at once anywhere in the cluster, whichever members sent them.</li>
 *   <li><b>Graceful membership changes</b> (a member joins; a member calls {@link #close()} or
 *       shuts its Hazelcast instance down with {@code shutdown()}): the same, including for keys
 *       whose partitions migrate while their tasks are queued. A member leaving first tells the
 *       others to route to it no more, runs everything they already sent it and reports it, and
 *       only then lets Hazelcast migrate its partitions away. A key's new owner starts the key's
 *       tasks only after the old owner has run every earlier one from the same submitting member
 *       (a fence per partition and submitting member). No two tasks of one key run at once, also
 *       during a migration: a member starts a partition's tasks only while it holds the
 *       partition's run right, which one member holds at a time and hands to another only once
 *       none of the partition's tasks runs on it (kept in the map {@code locus:<name>:rights}).
 *       While senders disagree about a partition's owner, the right moves back and forth between
 *       the members that have its tasks, and a long task of any key of the partition delays
 *       that.</li>
 *   <li><b>Crash</b> (a member dies, is cut off, or the test calls {@code terminate()} without a
 *       leave; see below): tasks on their way to it, queued there or running there complete
 *       exceptionally with {@link TaskOutcomeUnknownException} once the cluster removes the
 *       member: each may have run, wholly or in part, or not at all, and none is run again by the
 *       executor. Later tasks of the same keys run on the new owners without waiting for the lost
 *       ones, still in submission order among themselves; a run right the member held is taken
 *       over. No submitter waits for a lost task longer than Hazelcast takes to notice the member
 *       is gone.</li>
 * </ul>
 *
 * <p>{@code terminate()} fires the same lifecycle event as {@code shutdown()}, so a member that
 * is terminated by its own code still leaves the executor gracefully before it stops; only a
 * member that stops without running it (a killed process, a lost network) crashes in the sense
 * above. A split-brain cluster is not handled: both halves run tasks.
 *
 * <p>Thread-safe. The local executor and the helper threads belong to this object: {@link #close()}
 * and the Hazelcast instance's shutdown stop them.
 */
public final class HazelcastKeyedExecutor implements AutoCloseable {

    private final ClusterNode node;

    private HazelcastKeyedExecutor(ClusterNode node) {
        this.node = node;
    }

    /**
     * Starts this member's part of the executor {@code name} with the defaults: an adaptive local
     * executor with one worker per processor, a one-minute leave timeout.
     *
     * @throws IllegalStateException if this member already has an executor of that name, or the
     *     instance is not running, or the member's configuration lets the map
     *     {@code locus:<name>:rights} lose entries (see {@link Builder#start()})
     */
    public static HazelcastKeyedExecutor start(HazelcastInstance instance, String name) {
        return builder(instance, name).start();
    }

    /** A builder for this member's part of the executor {@code name}. */
    public static Builder builder(HazelcastInstance instance, String name) {
        return new Builder(instance, name);
    }

    /**
     * Runs {@code task} on the member that owns {@code key}'s partition.
     *
     * <p>The future completes, and its dependent stages attached without an executor run, on a
     * worker of this member's local executor when the task ran here, or else on one of the
     * executor's completer threads (a cached pool, never a Hazelcast thread).
     *
     * @return a future completed with the task's result or exception, or exceptionally with a
     *     {@link TaskOutcomeUnknownException} or {@link RejectedExecutionException}
     * @throws NullPointerException if {@code task} is null
     * @throws RejectedExecutionException once {@link #close()} has begun on this member
     */
    public <T> CompletableFuture<T> submit(long key, ClusterTask<T> task) {
        Objects.requireNonNull(task, "task");
        return node.sender.submit(key, key, task);
    }

    /**
     * Runs {@code task} on the member that owns {@code key}'s partition: the partition Hazelcast
     * itself gives {@code key}, so the task runs where an {@code IMap} keeps the entry of
     * {@code key}, and where a {@link com.hazelcast.partition.PartitionAware} key's partition key
     * lives. The guarantees are those of {@link #submit(long, ClusterTask)}, for keys equal in their
     * serialized form, as for an {@code IMap}: a key is any value the member's Hazelcast
     * serialization writes (Compact, {@code IdentifiedDataSerializable}, Java serialization...),
     * and its tasks are told apart from other keys' on the owner by a hash of that form. A
     * {@code Long} key is the same key as in {@link #submit(long, ClusterTask)}.
     *
     * @return a future completed with the task's result or exception, or exceptionally with a
     *     {@link TaskOutcomeUnknownException} or {@link RejectedExecutionException}
     * @throws NullPointerException if {@code key} or {@code task} is null
     * @throws IllegalArgumentException if {@code key} does not serialize
     * @throws RejectedExecutionException once {@link #close()} has begun on this member
     */
    public <T> CompletableFuture<T> submit(Object key, ClusterTask<T> task) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(task, "task");
        if (key instanceof Long value) {
            return submit(value.longValue(), task);
        }
        return node.sender.submit(key, ClusterKeys.localKey(node.payload, key), task);
    }

    /** The executor's name, the same on every member. */
    public String name() {
        return node.name;
    }

    /** Statistics of this member's local executor: the tasks run here. */
    public ExecutorStats localStats() {
        return node.local.stats();
    }

    /**
     * Leaves the executor on this member, gracefully: refuses new submissions here, lets the other
     * members know, runs every task they already sent here, waits for the outcomes of the tasks
     * submitted here, and stops the local executor. Each wait is bounded by the leave timeout.
     * The Hazelcast instance stays up; shutting it down calls this first.
     */
    @Override
    public void close() {
        node.close();
    }

    /** Whether {@link #close()} has finished on this member. */
    public boolean isClosed() {
        return node.isClosed();
    }

    /** For tests: this member's node. */
    ClusterNode node() {
        return node;
    }

    /** Settings of one member's part of an executor; not thread-safe. */
    public static final class Builder {

        private final HazelcastInstance instance;
        private final String name;
        private KeyedExecutorService local;
        private Duration leaveTimeout = Duration.ofMinutes(1);

        private Builder(HazelcastInstance instance, String name) {
            this.instance = Objects.requireNonNull(instance, "instance");
            this.name = Objects.requireNonNull(name, "name");
            if (name.isEmpty()) {
                throw new IllegalArgumentException("name must not be empty");
            }
        }

        /**
         * The executor that runs this member's tasks; it then belongs to this executor, which shuts
         * it down. Default: {@code LocusExecutors.adaptive(availableProcessors)}.
         */
        public Builder localExecutor(KeyedExecutorService local) {
            this.local = Objects.requireNonNull(local, "local");
            return this;
        }

        /**
         * How long a leave may wait for each of its steps together (default one minute), after which
         * what is left behaves as after a crash.
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder leaveTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("leaveTimeout must be positive, was " + timeout);
            }
            this.leaveTimeout = timeout;
            return this;
        }

        /**
         * Starts this member's part and returns it.
         *
         * @throws IllegalStateException if this member already has an executor of that name, or
         *     the instance is not running, or the member's configuration lets the map
         *     {@code locus:<name>:rights} lose entries (time-to-live, max-idle, eviction, or no
         *     synchronous backup)
         */
        public HazelcastKeyedExecutor start() {
            KeyedExecutorService executor = local != null ? local
                    : LocusExecutors.builder(Runtime.getRuntime().availableProcessors())
                            .name("locus-hazelcast-" + name).build();
            try {
                return new HazelcastKeyedExecutor(ClusterNode.start(instance, name, executor, leaveTimeout));
            } catch (RuntimeException e) {
                if (local == null) {
                    executor.shutdownNow();
                }
                throw e;
            }
        }
    }
}
