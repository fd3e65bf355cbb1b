package dev.locus.spring;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.locus.executor.KeyedExecutorService;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.metrics.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@link LocusExecutorMetricsAutoConfiguration}: the executor's meters, tagged with its name, in
 * the application's registry or in Boot's; none for an executor bean of the application's own; none,
 * and no failure, without a registry or without Micrometer.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LocusExecutorMetricsTest {

    private static final long WAIT_S = 10;
    private static final int TASKS = 25;

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(LocusExecutorAutoConfiguration.class,
                    LocusExecutorMetricsAutoConfiguration.class))
            .withPropertyValues("locus.executor.workers=2", "locus.executor.name=metered");

    @Test
    void theApplicationsRegistryGetsTheMetersTaggedWithTheName() {
        runner.withUserConfiguration(OwnRegistry.class).run(context -> {
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            runTasks(context.getBean(KeyedExecutorService.class));
            assertEquals(TASKS, registry.get("executor.completed").tag("name", "metered").functionCounter().count());
            assertEquals(2, registry.get("executor.pool.size").tag("name", "metered").gauge().value());
            assertThat(registry.find("locus.executor.worker.completed").tag("name", "metered").meters()).hasSize(2);
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
                });
    }

    @Test
    void anApplicationsOwnExecutorIsLeftToTheApplication() {
        runner.withUserConfiguration(OwnRegistry.class, LocusExecutorAutoConfigurationTest.OwnExecutor.class)
                .run(context -> assertThat(context.getBean(MeterRegistry.class).find("executor.completed").meters())
                        .isEmpty());
    }

    @Test
    void withoutARegistryNothingIsBound() {
        runner.run(context -> assertThat(context).hasNotFailed()
                .hasSingleBean(KeyedExecutorService.class)
                .doesNotHaveBean(LocusExecutorMetricsAutoConfiguration.class));
    }

    @Test
    void withoutMicrometerTheExecutorIsStillConfigured() {
        runner.withClassLoader(new FilteredClassLoader("io.micrometer"))
                .run(context -> assertThat(context).hasNotFailed()
                        .hasSingleBean(KeyedExecutorService.class)
                        .doesNotHaveBean(LocusExecutorMetricsAutoConfiguration.class));
    }

    /** Runs {@link #TASKS} tasks and waits until the executor counts them all as run. */
    private static void runTasks(KeyedExecutorService executor) throws Exception {
        Future<?> last = null;
        for (int i = 0; i < TASKS; i++) {
            last = executor.submit(i % 2, () -> { });
        }
        last.get(WAIT_S, SECONDS);
        long deadline = System.nanoTime() + SECONDS.toNanos(WAIT_S);
        while (executor.stats().executed() < TASKS && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnRegistry {
        @Bean
        SimpleMeterRegistry registry() {
            return new SimpleMeterRegistry();
        }
    }
}
