package dev.locus.executor;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * What the library's executors do alike around their worker threads: report a task's failure and
 * close. Public only for the library's other schedulers (the Toggle workers); not an API.
 */
public final class ExecutorSupport {

    private ExecutorSupport() {
    }

    /** Hands a task's throwable to the current thread's handler, as if the thread had died of it. */
    public static void report(Throwable failure) {
        Thread t = Thread.currentThread();
        try {
            t.getUncaughtExceptionHandler().uncaughtException(t, failure);
        } catch (Throwable ignored) {
            // A failing handler must not take the worker down with it.
        }
    }

    /**
     * {@code ExecutorService.close()} of JDK 19, for JDK 17: shuts {@code executor} down and waits
     * for it to terminate; if interrupted meanwhile, calls {@code shutdownNow()}, keeps waiting, and
     * re-asserts the interrupt. Called from one of the executor's own workers
     * ({@code fromWorker}), it only shuts down, since waiting there would wait for itself.
     */
    public static void close(ExecutorService executor, boolean fromWorker) {
        executor.shutdown();
        if (fromWorker) {
            return;
        }
        boolean interrupted = false;
        while (!executor.isTerminated()) {
            try {
                executor.awaitTermination(1, TimeUnit.DAYS);
            } catch (InterruptedException e) {
                if (!interrupted) {
                    executor.shutdownNow();
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
