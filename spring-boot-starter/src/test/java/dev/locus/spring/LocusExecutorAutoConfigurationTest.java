package dev.locus.spring;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@link LocusExecutorAutoConfiguration}: the default bean runs keyed tasks in per-key order;
 * each property reaches the executor; a bean of the application's own, or
 * {@code locus.executor.enabled=false}, means no bean of ours; Boot's own task executor stays;
 * bad values fail the start with a message that names them.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LocusExecutorAutoConfigurationTest {

    private static final long WAIT_S = 10;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(LocusExecutorAutoConfiguration.class));

    @Test
    void theDefaultBeanHasAWorkerPerProcessorAndRunsEachKeysTasksInOrder() {
        runner.run(context -> {
            assertThat(context).hasSingleBean(KeyedExecutorService.class);
            KeyedExecutorService executor = context.getBean(KeyedExecutorService.class);
            assertEquals(Runtime.getRuntime().availableProcessors(), executor.workers());

            int keys = 8;
            int perKey = 200;
            List<List<Integer>> seen = IntStream.range(0, keys)
                    .mapToObj(k -> Collections.synchronizedList(new ArrayList<Integer>())).toList();
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < perKey; i++) {
                for (int k = 0; k < keys; k++) {
                    int key = k;
                    int seq = i;
                    futures.add(executor.submit(key, () -> seen.get(key).add(seq)));
                }
            }
            for (Future<?> f : futures) {
                f.get(WAIT_S, SECONDS);
            }
            List<Integer> inOrder = IntStream.range(0, perKey).boxed().toList();
            for (int k = 0; k < keys; k++) {
                assertEquals(inOrder, seen.get(k), "tasks of key " + k);
            }
            assertTrue(executor.submit(0, () -> Thread.currentThread().getName()).get(WAIT_S, SECONDS)
                    .startsWith("locus-worker-"), "default name");
        });
    }

    @Test
    void workersNameRouterQueueCapacityAndMBeanComeFromTheProperties() {
        runner.withPropertyValues("locus.executor.workers=3", "locus.executor.name=mapped",
                        "locus.executor.router.type=fixed-range", "locus.executor.router.min-key=0",
                        "locus.executor.router.max-key=2", "locus.executor.queue-capacity=2",
                        "locus.executor.register-mbean=true")
                .run(context -> {
                    KeyedExecutorService executor = context.getBean(KeyedExecutorService.class);
                    assertEquals(3, executor.workers());
                    for (long key = 0; key <= 2; key++) {
                        assertEquals("mapped-worker-" + key, executor.submit(key,
                                () -> Thread.currentThread().getName()).get(WAIT_S, SECONDS), "key " + key);
                    }
                    assertTrue(ManagementFactory.getPlatformMBeanServer().isRegistered(
                            new ObjectName("dev.locus:type=KeyedExecutorService,name=" + ObjectName.quote("mapped"))));

                    CountDownLatch release = new CountDownLatch(1);
                    try {
                        fillQueue(executor, 1, release, 2);
                        assertThrows(RejectedExecutionException.class, () -> executor.execute(1, () -> { }),
                                "a third waiting task overflows queue-capacity=2 (abort)");
                    } finally {
                        release.countDown();
                    }
                });
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "adaptive                                                                 | 0",
        "adaptive;locus.executor.router.min-key=0;locus.executor.router.max-key=99    | 1",
        "fixed-range;locus.executor.router.min-key=0;locus.executor.router.max-key=99 | 1",
        "round-robin                                                              | 0",
    })
    void eachRouterTypeGivesItsTable(String typeAndKeys, int boundaries) {
        runner.withPropertyValues("locus.executor.workers=2")
                .withPropertyValues(("locus.executor.router.type=" + typeAndKeys).split(";"))
                .run(context -> assertEquals(boundaries,
                        context.getBean(KeyedExecutorService.class).stats().boundaries().length,
                        "two ranges have one boundary; a hashed (adaptive warm-up) or round-robin table none"));
    }

    @Test
    void blockWaitsForRoomThenRejects() {
        withFullQueue("block", executor -> {
            long start = System.nanoTime();
            assertThrows(RejectedExecutionException.class, () -> executor.execute(0, () -> { }));
            assertTrue(System.nanoTime() - start >= 100_000_000L, "waited the block-timeout of 100ms");
        });
    }

    @Test
    void callerRunsRunsTheOverflowInTheSubmittingThread() {
        withFullQueue("caller-runs", executor -> {
            Thread caller = Thread.currentThread();
            AtomicBoolean ranHere = new AtomicBoolean();
            executor.execute(0, () -> ranHere.set(Thread.currentThread() == caller));
            assertTrue(ranHere.get());
        });
    }

    @Test
    void discardCancelsTheOverflow() {
        withFullQueue("discard", executor -> assertTrue(executor.submit(0, () -> { }).isCancelled()));
    }

    @Test
    void anApplicationsOwnExecutorBeanWins() {
        runner.withUserConfiguration(OwnExecutor.class).run(context -> {
            assertThat(context).hasSingleBean(KeyedExecutorService.class);
            assertThat(context).doesNotHaveBean(KeyedExecutorFactoryBean.class);
            assertSame(context.getBean(OwnExecutor.class).executor, context.getBean(KeyedExecutorService.class));
        });
    }

    @Test
    void enabledFalseGivesNoExecutor() {
        runner.withPropertyValues("locus.executor.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(KeyedExecutorService.class));
    }

    @Test
    void bootsApplicationTaskExecutorStaysBesideIt() {
        new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(LocusExecutorAutoConfiguration.class,
                        TaskExecutionAutoConfiguration.class))
                .run(context -> {
                    assertThat(context).hasBean("applicationTaskExecutor");
                    assertThat(context).hasSingleBean(KeyedExecutorService.class);
                });
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "locus.executor.workers=0                              | workers must be in [1, 4096], was 0",
        "locus.executor.queue-capacity=0                       | queueCapacity must be > 0, was 0",
        "locus.executor.idle.spins=-1                          | spins must be >= 0, was -1",
        "locus.executor.rejection.policy=block;locus.executor.rejection.block-timeout=-1s | timeout must be >= 0",
        "locus.executor.router.type=fixed-range                | router.type=fixed-range needs router.min-key and router.max-key",
        "locus.executor.router.type=fixed-range;locus.executor.router.min-key=9;locus.executor.router.max-key=1"
                + " | minKey (9) must be <= maxKey (1)",
        "locus.executor.router.min-key=5                       | router.min-key and router.max-key must be set together",
        "locus.executor.router.type=round-robin;locus.executor.router.min-key=0;locus.executor.router.max-key=1"
                + " | router.type=round-robin ignores keys",
        "locus.executor.shutdown.await-termination-period=-1s  | shutdown.await-termination-period must be >= 0",
    })
    void aBadValueFailsTheStartAndSaysWhich(String properties, String message) {
        runner.withPropertyValues(properties.split(";")).run(context -> {
            assertThat(context).hasFailed();
            Throwable cause = context.getStartupFailure();
            while (cause != null && !(cause instanceof IllegalArgumentException)) {
                cause = cause.getCause();
            }
            assertThat(cause).as("the first IllegalArgumentException among the causes")
                    .hasMessageStartingWith("Invalid locus.executor properties: ")
                    .hasMessageContaining(message);
        });
    }

    @Test
    void anUnknownRouterFailsTheBindingOfItsProperty() {
        runner.withPropertyValues("locus.executor.router.type=hashed")
                .run(context -> assertThat(context.getStartupFailure())
                        .hasStackTraceContaining("locus.executor.router.type"));
    }

    /**
     * One worker with a queue of one, its worker held by a task and its queue full, under the given
     * rejection policy; then {@code overflow}, then the worker released.
     */
    private void withFullQueue(String policy, ExecutorCheck overflow) {
        runner.withPropertyValues("locus.executor.workers=1", "locus.executor.queue-capacity=1",
                        "locus.executor.rejection.policy=" + policy, "locus.executor.rejection.block-timeout=100ms")
                .run(context -> {
                    KeyedExecutorService executor = context.getBean(KeyedExecutorService.class);
                    CountDownLatch release = new CountDownLatch(1);
                    try {
                        fillQueue(executor, 0, release, 1);
                        overflow.check(executor);
                    } finally {
                        release.countDown();
                    }
                });
    }

    /** Holds {@code key}'s worker until {@code release} and queues {@code waiting} tasks behind it. */
    private static void fillQueue(KeyedExecutorService executor, long key, CountDownLatch release, int waiting)
            throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        executor.execute(key, () -> {
            running.countDown();
            awaitQuietly(release);
        });
        assertTrue(running.await(WAIT_S, SECONDS), "the holding task started");
        for (int i = 0; i < waiting; i++) {
            executor.execute(key, () -> { });
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @FunctionalInterface
    private interface ExecutorCheck {
        void check(KeyedExecutorService executor) throws Exception;
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnExecutor {

        final KeyedExecutorService executor = LocusExecutors.roundRobin(1);

        @Bean
        KeyedExecutorService ownExecutor() {
            return executor;
        }
    }
}
