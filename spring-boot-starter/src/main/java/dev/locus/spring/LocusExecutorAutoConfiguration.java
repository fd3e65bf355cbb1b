package dev.locus.spring;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.TaskDecorator;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configures a {@link KeyedExecutorService} bean, {@code locusExecutor}, from the
 * {@code locus.executor.*} properties ({@link LocusExecutorProperties}), unless the application
 * defines a {@code KeyedExecutorService} bean of its own or sets
 * {@code locus.executor.enabled=false}. The context shuts the executor down when it closes
 * ({@link KeyedExecutorFactoryBean}).
 *
 * <p>Tasks are wrapped by the application's {@link TaskDecorator} bean, if it has exactly one (or
 * one {@code @Primary}); if it has none, by its Spring
 * {@link org.springframework.core.task.TaskDecorator} bean on the same terms, which is the decorator Spring Boot gives its own task executor: a decorator that
 * carries the MDC or a security context into {@code @Async} methods carries it into keyed tasks too.
 *
 * <p>Where the application has Micrometer and a {@code MeterRegistry} bean, the executor is built
 * through {@link dev.locus.metrics.KeyedExecutorMetrics#monitor KeyedExecutorMetrics.monitor}
 * ({@link LocusExecutorMetricsAutoConfiguration}): its tasks are timed around that decorator, and
 * all its meters, the timers included, are registered as it is built. Otherwise it is built plainly,
 * and its tasks run with no decorator but the application's.
 *
 * <p>Ordered after Boot's task execution auto-configuration: the executor is an
 * {@link java.util.concurrent.Executor}, and Boot's {@code applicationTaskExecutor} is defined only
 * while no {@code Executor} bean is, so running first would take it away from the application.
 *
 * <p>Design notes. This class names no Micrometer type, so that it loads without Micrometer; it
 * takes how to build the executor from an {@link ExecutorBuildStrategy} bean, which the metrics
 * auto-configuration defines. That one is ordered after this one, for its condition on our bean,
 * and its strategy bean is registered later; the executor's bean still finds it, because its
 * {@code ObjectProvider} is resolved when the bean is instantiated, once every auto-configuration's
 * bean definitions are in.
 */
@AutoConfiguration(after = TaskExecutionAutoConfiguration.class)
@ConditionalOnProperty(prefix = "locus.executor", name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties(LocusExecutorProperties.class)
public class LocusExecutorAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(KeyedExecutorService.class)
    KeyedExecutorFactoryBean locusExecutor(LocusExecutorProperties properties,
                                           ObjectProvider<TaskDecorator> locusDecorator,
                                           ObjectProvider<org.springframework.core.task.TaskDecorator> springDecorator,
                                           ObjectProvider<ExecutorBuildStrategy> strategy) {
        return new KeyedExecutorFactoryBean(
                ExecutorFromProperties.builder(properties, decorator(locusDecorator, springDecorator)),
                strategy.getIfAvailable(() -> ExecutorBuildStrategy.PLAIN),
                properties.getName(), ExecutorFromProperties.awaitTerminationPeriod(properties));
    }

    /** The locus decorator if there is one, else the Spring decorator; null where either is ambiguous. */
    private static TaskDecorator decorator(ObjectProvider<TaskDecorator> locus,
                                           ObjectProvider<org.springframework.core.task.TaskDecorator> spring) {
        if (locus.iterator().hasNext()) {
            return locus.getIfUnique();
        }
        org.springframework.core.task.TaskDecorator adapted = spring.getIfUnique();
        return adapted == null ? null : adapted::decorate;
    }
}
