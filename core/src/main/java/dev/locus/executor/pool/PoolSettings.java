package dev.locus.executor.pool;

import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.function.Supplier;

/**
 * The worker settings that the builders of the keyed executors and of Toggle share, collected
 * once: each public builder method checks and stores through here. Not thread-safe, as the
 * builders.
 */
public final class PoolSettings {

    private String name;
    private ThreadFactory threadFactory;
    private boolean pinWorkers;

    /** Names the executor, and by default its worker threads {@code name-worker-i}. */
    public void name(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    /** The factory of the worker threads, instead of non-daemon threads named after the executor. */
    public void threadFactory(ThreadFactory threadFactory) {
        this.threadFactory = Objects.requireNonNull(threadFactory, "threadFactory");
    }

    /** Whether worker {@code i} pins itself to CPU {@code i mod cores} ({@link AffinityPinning}). */
    public void pinWorkers(boolean pin) {
        this.pinWorkers = pin;
    }

    /** The settings for one executor; {@code defaultName} is asked only if no name was given. */
    public PoolConfig config(Supplier<String> defaultName) {
        String executorName = name != null ? name : defaultName.get();
        ThreadFactory factory = threadFactory != null ? threadFactory : new WorkerThreadFactory(executorName);
        return new PoolConfig(executorName, factory, pinWorkers);
    }
}
