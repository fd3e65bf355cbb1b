package dev.locus.executor;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Non-daemon threads named {@code <executor>-worker-<i>}, like {@code Executors.defaultThreadFactory}.
 * Public only for the library's other schedulers (the Toggle workers); not an API.
 */
public final class WorkerThreadFactory implements ThreadFactory {

    private final String prefix;
    private final AtomicInteger next = new AtomicInteger();

    public WorkerThreadFactory(String executorName) {
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
