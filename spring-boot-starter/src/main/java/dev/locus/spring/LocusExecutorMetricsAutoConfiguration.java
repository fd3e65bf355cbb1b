package dev.locus.spring;

import dev.locus.metrics.KeyedExecutorMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.LazyInitializationExcludeFilter;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * Binds the auto-configured executor's meters ({@link KeyedExecutorMetrics}: {@code executor.completed},
 * {@code executor.queued} and the rest, tagged {@code name=<locus.executor.name>}) to the
 * application's {@link MeterRegistry}, where it has Micrometer and a registry bean. An executor
 * bean of the application's own is left alone: bind its meters with {@code KeyedExecutorMetrics}.
 *
 * <p>Design notes. It binds as Boot binds its own task executors' meters: once, to the registry
 * injected by type, which under Boot's metrics auto-configuration is the composite of all
 * registries. The binder is not a {@code MeterBinder} bean, which Boot's actuator would bind a
 * second time. It runs after Boot's composite registry auto-configuration, which runs after every
 * registry's, so that the registry condition sees Boot's registries; and is kept out of lazy
 * initialization, as Boot's is, since nothing asks for it.
 */
@AutoConfiguration(after = LocusExecutorAutoConfiguration.class,
        afterName = "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration")
@ConditionalOnClass({MeterRegistry.class, KeyedExecutorMetrics.class})
@ConditionalOnBean({MeterRegistry.class, KeyedExecutorFactoryBean.class})
public class LocusExecutorMetricsAutoConfiguration {

    @Autowired
    void bindLocusExecutorToRegistry(KeyedExecutorFactoryBean executor, MeterRegistry registry) {
        new KeyedExecutorMetrics(executor.getObject(), executor.name(), Tags.empty()).bindTo(registry);
    }

    @Bean
    static LazyInitializationExcludeFilter eagerLocusExecutorMetrics() {
        return LazyInitializationExcludeFilter.forBeanTypes(LocusExecutorMetricsAutoConfiguration.class);
    }
}
