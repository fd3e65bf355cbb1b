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
 * <p>Ordered after Boot's task execution auto-configuration: the executor is an
 * {@link java.util.concurrent.Executor}, and Boot's {@code applicationTaskExecutor} is defined only
 * while no {@code Executor} bean is, so running first would take it away from the application.
 */
@AutoConfiguration(after = TaskExecutionAutoConfiguration.class)
@ConditionalOnProperty(prefix = "locus.executor", name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties(LocusExecutorProperties.class)
public class LocusExecutorAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(KeyedExecutorService.class)
    KeyedExecutorFactoryBean locusExecutor(LocusExecutorProperties properties,
                                           ObjectProvider<TaskDecorator> locusDecorator,
                                           ObjectProvider<org.springframework.core.task.TaskDecorator> springDecorator) {
        return new KeyedExecutorFactoryBean(
                ExecutorFromProperties.builder(properties, decorator(locusDecorator, springDecorator)),
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
