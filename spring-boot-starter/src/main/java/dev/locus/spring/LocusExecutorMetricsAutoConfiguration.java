package dev.locus.spring;

import dev.locus.metrics.KeyedExecutorMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * Has the auto-configured executor built through {@link KeyedExecutorMetrics#monitor}, into the
 * application's {@link MeterRegistry}, where it has Micrometer and a registry bean: every meter of
 * {@link KeyedExecutorMetrics}, tagged {@code name=<locus.executor.name>}, the {@code executor} and
 * {@code executor.idle} timers and their per-worker shares included. The timing wraps the
 * application's task decorator, which the tasks still run in. An executor bean of the application's
 * own is left alone: build it with {@code KeyedExecutorMetrics.monitor} for its meters.
 *
 * <p>The timing costs each task three clock reads and 56 bytes beside Micrometer's two
 * {@code Timer.record} calls ({@code docs/migration.md}); without a registry bean, or without
 * Micrometer, the executor is built plainly and pays none of it.
 *
 * <p>Design notes. The meters are registered once, as the executor is built, in the registry
 * injected by type, as Boot binds its own task executors' meters: under Boot's metrics
 * auto-configuration that is the composite of all registries. The strategy is not a
 * {@code MeterBinder} bean, which Boot's actuator would bind a second time. This runs after Boot's
 * composite registry auto-configuration, which runs after every registry's, so that the registry
 * condition sees Boot's registries, and after ours, so that the condition on our executor's bean
 * sees it. It needs no exclusion from lazy initialization: the executor's bean asks for the
 * strategy as it is created, so a lazy executor is built with its meters when it is first asked
 * for, and one never asked for has none.
 */
@AutoConfiguration(after = LocusExecutorAutoConfiguration.class,
        afterName = "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration")
@ConditionalOnClass({MeterRegistry.class, KeyedExecutorMetrics.class})
@ConditionalOnBean({MeterRegistry.class, KeyedExecutorFactoryBean.class})
public class LocusExecutorMetricsAutoConfiguration {

    @Bean
    ExecutorBuildStrategy monitoredLocusExecutor(MeterRegistry registry) {
        return (builder, name) -> KeyedExecutorMetrics.monitor(registry, builder, name, Tags.empty());
    }
}
