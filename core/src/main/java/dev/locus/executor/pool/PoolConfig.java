package dev.locus.executor.pool;

import java.util.concurrent.ThreadFactory;

/** What {@link PoolSettings} collected for one executor: its name, thread factory and pinning. */
public record PoolConfig(String name, ThreadFactory threadFactory, boolean pinWorkers) {
}
