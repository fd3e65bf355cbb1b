package dev.locus.spring;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.executor.KeyedExecutorService;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@link KeyedExecutorFactoryBean#destroy()} as the context closes: queued and running tasks
 * finish within the await-termination period; past it, the running task is interrupted, the queued
 * ones are cancelled and counted in a warning, and the close does not wait for them; and beans
 * that use the executor can still use it while they are destroyed.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ExecutorShutdownTest {

    private static final long WAIT_S = 10;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(LocusExecutorAutoConfiguration.class))
            .withPropertyValues("locus.executor.workers=1");

    @Test
    void closingWaitsForTheQueuedAndRunningTasks() {
        runner.withPropertyValues("locus.executor.shutdown.await-termination-period=10s").run(context -> {
            KeyedExecutorService executor = context.getBean(KeyedExecutorService.class);
            List<Future<?>> tasks = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                tasks.add(executor.submit(1, () -> sleep(40)));
            }
            context.close();
            assertTrue(executor.isTerminated());
            for (Future<?> task : tasks) {
                assertTrue(task.isDone() && !task.isCancelled(), "every task ran: " + task);
            }
        });
    }

    @Test
    void pastThePeriodTheRunningTaskIsInterruptedAndTheQueuedOnesCancelled() {
        runner.withPropertyValues("locus.executor.shutdown.await-termination-period=200ms").run(context -> {
            KeyedExecutorService executor = context.getBean(KeyedExecutorService.class);
            CountDownLatch running = new CountDownLatch(1);
            AtomicBoolean interrupted = new AtomicBoolean();
            executor.execute(1, () -> {
                running.countDown();
                try {
                    new CountDownLatch(1).await();
                } catch (InterruptedException e) {
                    interrupted.set(true);
                }
            });
            Future<?> queued = executor.submit(1, () -> { });
            assertTrue(running.await(WAIT_S, SECONDS));

            // Spring's commons-logging goes to java.util.logging where, as here, neither Log4j nor SLF4J is.
            List<String> warnings = new ArrayList<>();
            Logger logger = Logger.getLogger(KeyedExecutorFactoryBean.class.getName());
            Handler capture = new Handler() {
                @Override
                public void publish(LogRecord record) {
                    warnings.add(record.getMessage());
                }

                @Override
                public void flush() {
                }

                @Override
                public void close() {
                }
            };
            logger.addHandler(capture);
            long start = System.nanoTime();
            try {
                context.close();
            } finally {
                logger.removeHandler(capture);
            }
            long closeMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            assertTrue(closeMillis >= 200 && closeMillis < 5_000, "close took the period, not more: " + closeMillis);
            assertTrue(executor.awaitTermination(WAIT_S, SECONDS));
            assertTrue(interrupted.get(), "the running task was interrupted");
            assertTrue(queued.isCancelled(), "the queued task was cancelled");
            assertEquals(1, warnings.size(), "one warning: " + warnings);
            assertTrue(warnings.get(0).contains("returned 1 queued tasks"), warnings.get(0));
        });
    }

    @Test
    void aBeanThatUsesTheExecutorCanStillSubmitWhileItIsDestroyed() {
        runner.withBean(Flusher.class).run(context -> {
            Flusher flusher = context.getBean(Flusher.class);
            context.close();
            assertEquals("flushed", flusher.outcome);
        });
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** On destroy, submits a last task and records what came of it. */
    static final class Flusher implements DisposableBean {

        private final KeyedExecutorService executor;
        volatile String outcome;

        Flusher(KeyedExecutorService executor) {
            this.executor = executor;
        }

        @Override
        public void destroy() {
            try {
                outcome = executor.submit(1, () -> "flushed").get(WAIT_S, SECONDS);
            } catch (Exception e) {
                outcome = e.toString();
            }
        }
    }
}
