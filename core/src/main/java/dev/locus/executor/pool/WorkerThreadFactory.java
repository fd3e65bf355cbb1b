package dev.locus.executor.pool;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Non-daemon threads named {@code <executor>-worker-<i>}, like {@code Executors.defaultThreadFactory}.
 */
final class WorkerThreadFactory implements ThreadFactory {

    private final String prefix;
    private final AtomicInteger next = new AtomicInteger();

    WorkerThreadFactory(String executorName) {
        this.prefix = executorName + "-worker-";
    }

    @Override
    public Thread newThread(Runnable r) {
        Thread t = new Thread(r, prefix + next.getAndIncrement());
        t.setDaemon(false);
        t.setPriority(Thread.NORM_PRIORITY);
        return t;
    }
}
