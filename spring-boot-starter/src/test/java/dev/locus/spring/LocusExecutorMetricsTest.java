package dev.locus.spring;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.executor.KeyedExecutorService;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.LazyInitializationBeanFactoryPostProcessor;
import org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.metrics.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@link LocusExecutorMetricsAutoConfiguration}: the executor is built monitored, its meters and
 * timers tagged with its name, in the application's registry or in Boot's, and its tasks are timed
 * around the application's decorator; an executor bean of the application's own gets none; without
 * a registry or without Micrometer, the executor is built plainly, runs its tasks outside any
 * timing, and the starter does not fail.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LocusExecutorMetricsTest {

    private static final long WAIT_S = 10;
    private static final int TASKS = 25;
    /** KeyedExecutorMetrics's timing decorator, package-private in locus-core. */
    private static final String TIMING = "dev.locus.metrics.TaskTiming";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(LocusExecutorAutoConfiguration.class,
                    LocusExecutorMetricsAutoConfiguration.class))
            .withPropertyValues("locus.executor.workers=2", "locus.executor.name=metered");

    @Test
    void theApplicationsRegistryGetsTheMetersAndTimersTaggedWithTheName() {
        runner.withUserConfiguration(OwnRegistry.class).run(context -> {
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            KeyedExecutorService executor = context.getBean(KeyedExecutorService.class);
            runTasks(executor);
            assertEquals(TASKS, registry.get("executor.completed").tag("name", "metered").functionCounter().count());
            assertEquals(2, registry.get("executor.pool.size").tag("name", "metered").gauge().value());
            assertThat(registry.find("locus.executor.worker.completed").tag("name", "metered").meters()).hasSize(2);
            assertTimed(registry, TASKS);
            assertTrue(runsInsideTheTiming(executor));
        });
    }

    @Test
    void bootsAutoConfiguredRegistryGetsThemToo() {
        runner.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
                        SimpleMetricsExportAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class))
                .run(context -> {
                    MeterRegistry registry = context.getBean(MeterRegistry.class);
                    runTasks(context.getBean(KeyedExecutorService.class));
                    assertEquals(TASKS, registry.get("executor.completed").tag("name", "metered")
                            .functionCounter().count());
                    assertTimed(registry, TASKS);
                });
    }

    @Test
    void theTasksRunInTheApplicationsDecoratorAndAreTimed() {
        runner.withUserConfiguration(OwnRegistry.class, TaskDecoratorWiringTest.LocusDecorator.class).run(context -> {
            assertEquals("locus:r-42",
                    TaskDecoratorWiringTest.requestSeenByATask(context.getBean(KeyedExecutorService.class)));
            assertTimed(context.getBean(MeterRegistry.class), 1);
        });
    }

    @Test
    void aLazyExecutorIsBuiltWithItsMetersWhenFirstAskedFor() {
        runner.withUserConfiguration(OwnRegistry.class)
                .withInitializer(context -> context.addBeanFactoryPostProcessor(
                        new LazyInitializationBeanFactoryPostProcessor()))
                .run(context -> {
                    MeterRegistry registry = context.getBean(MeterRegistry.class);
                    assertThat(registry.getMeters()).isEmpty();
                    runTasks(context.getBean(KeyedExecutorService.class));
                    assertTimed(registry, TASKS);
                });
    }

    @Test
    void anApplicationsOwnExecutorIsLeftToTheApplication() {
        runner.withUserConfiguration(OwnRegistry.class, LocusExecutorAutoConfigurationTest.OwnExecutor.class)
                .run(context -> assertThat(context.getBean(MeterRegistry.class).getMeters()).isEmpty());
    }

    @Test
    void withoutARegistryTheTasksRunUntimed() {
        runner.run(context -> {
            assertThat(context).hasNotFailed()
                    .hasSingleBean(KeyedExecutorService.class)
                    .doesNotHaveBean(LocusExecutorMetricsAutoConfiguration.class)
                    .doesNotHaveBean(ExecutorBuildStrategy.class);
            assertFalse(runsInsideTheTiming(context.getBean(KeyedExecutorService.class)));
        });
    }

    @Test
    void withoutMicrometerTheExecutorIsStillConfiguredAndRunsTasks() {
        runner.withClassLoader(new FilteredClassLoader("io.micrometer"))
                .run(context -> {
                    assertThat(context).hasNotFailed()
                            .hasSingleBean(KeyedExecutorService.class)
                            .doesNotHaveBean(LocusExecutorMetricsAutoConfiguration.class);
                    assertFalse(runsInsideTheTiming(context.getBean(KeyedExecutorService.class)));
                });
    }

    /**
     * The starter loaded by a class loader that has no micrometer-core at all, as in an application
     * without it. {@link FilteredClassLoader} above hides Micrometer from the conditions only: the
     * starter's own classes are still loaded, and linked, by the test's class loader, which has it,
     * so a Micrometer type named by {@link LocusExecutorAutoConfiguration} would go unnoticed there.
     */
    @Test
    void withoutMicrometerCoreOnTheClassPathTheStarterLoadsAndItsExecutorRunsTasks() throws Exception {
        List<URL> path = new ArrayList<>();
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!Path.of(entry).getFileName().toString().startsWith("micrometer-core-")) {
                path.add(url(entry));
            }
        }
        try (URLClassLoader loader = new URLClassLoader("without-micrometer-core", path.toArray(URL[]::new),
                ClassLoader.getPlatformClassLoader())) {
            assertThrows(ClassNotFoundException.class,
                    () -> Class.forName("io.micrometer.core.instrument.MeterRegistry", false, loader),
                    "the isolated class loader must not see Micrometer");
            Callable<?> run = (Callable<?>) loader.loadClass(WithoutMicrometerCore.class.getName())
                    .getDeclaredConstructor().newInstance();
            assertThat(run.call()).isEqualTo("locus-worker-0");
        }
    }

    /**
     * Run in a class loader without micrometer-core: starts both auto-configurations and returns
     * the name of the thread that ran a task. They are imported by name, as an application's
     * auto-configuration imports them, so that their conditions are read from their class files;
     * {@link AutoConfigurations} would register the classes, whose conditions naming Micrometer
     * types cannot be read without it. Public, and naming nothing of the enclosing test, which that
     * class loader cannot link.
     */
    @ImportAutoConfiguration({LocusExecutorAutoConfiguration.class, LocusExecutorMetricsAutoConfiguration.class})
    public static final class WithoutMicrometerCore implements Callable<String> {
        @Override
        public String call() {
            List<String> ran = new ArrayList<>();
            new ApplicationContextRunner()
                    .withClassLoader(WithoutMicrometerCore.class.getClassLoader())
                    .withUserConfiguration(WithoutMicrometerCore.class)
                    .withPropertyValues("locus.executor.workers=1")
                    .run(context -> ran.add(context.getBean(KeyedExecutorService.class)
                            .submit(1, () -> Thread.currentThread().getName()).get(WAIT_S, SECONDS)));
            return ran.get(0);
        }
    }

    private static URL url(String entry) {
        try {
            return Path.of(entry).toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(entry, e);
        }
    }

    /** Runs {@link #TASKS} tasks and waits until the executor counts them all as run. */
    private static void runTasks(KeyedExecutorService executor) throws Exception {
        Future<?> last = null;
        for (int i = 0; i < TASKS; i++) {
            last = executor.submit(i % 2, () -> { });
        }
        last.get(WAIT_S, SECONDS);
        awaitCount(() -> executor.stats().executed(), TASKS);
    }

    /**
     * The {@code executor} and {@code executor.idle} timers count {@code tasks}, and so do their
     * per-worker shares together.
     */
    private static void assertTimed(MeterRegistry registry, long tasks) throws InterruptedException {
        // A task's future completes inside it, before the timing around it records it: wait for each.
        assertEquals(tasks, awaitCount(() -> registry.get("executor").tag("name", "metered").timer().count(), tasks));
        assertEquals(tasks, awaitCount(() -> registry.get("executor.idle").tag("name", "metered").timer().count(),
                tasks));
        assertEquals(tasks, awaitCount(() -> workersCount(registry, "locus.executor.worker.execution"), tasks));
        assertEquals(tasks, awaitCount(() -> workersCount(registry, "locus.executor.worker.idle"), tasks));
    }

    private static double workersCount(MeterRegistry registry, String name) {
        return registry.find(name).tag("name", "metered").functionTimers().stream()
                .mapToDouble(FunctionTimer::count).sum();
    }

    /** {@code count} once it reaches {@code expected}, or as it is after {@link #WAIT_S}. */
    private static double awaitCount(DoubleSupplier count, double expected) throws InterruptedException {
        long deadline = System.nanoTime() + SECONDS.toNanos(WAIT_S);
        while (count.getAsDouble() < expected && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        return count.getAsDouble();
    }

    /** Whether a task runs inside KeyedExecutorMetrics's timing: whether the timing is on its stack. */
    private static boolean runsInsideTheTiming(KeyedExecutorService executor) throws Exception {
        return executor.submit(3, () -> StackWalker.getInstance().walk(frames -> frames
                .anyMatch(frame -> frame.getClassName().equals(TIMING)))).get(WAIT_S, SECONDS);
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnRegistry {
        @Bean
        SimpleMeterRegistry registry() {
            return new SimpleMeterRegistry();
        }
    }
}
