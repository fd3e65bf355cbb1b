package dev.locus.spring;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.TaskDecorator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The decorator beans {@link LocusExecutorAutoConfiguration} applies: a locus {@link TaskDecorator},
 * else a Spring {@code TaskDecorator}; a task sees the context its submitter's decorator carried,
 * here a thread-local, which the worker does not have of its own.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TaskDecoratorWiringTest {

    private static final long WAIT_S = 10;
    private static final ThreadLocal<String> REQUEST = new ThreadLocal<>();

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(LocusExecutorAutoConfiguration.class));

    @Test
    void withoutADecoratorTheTaskSeesNothing() {
        runner.run(context -> assertNull(requestSeenByATask(context.getBean(KeyedExecutorService.class))));
    }

    @Test
    void aLocusDecoratorBeanCarriesTheContext() {
        runner.withUserConfiguration(LocusDecorator.class).run(context ->
                assertEquals("locus:r-42", requestSeenByATask(context.getBean(KeyedExecutorService.class))));
    }

    @Test
    void aSpringDecoratorBeanCarriesTheContextWhereThereIsNoLocusOne() {
        runner.withUserConfiguration(SpringDecorator.class).run(context ->
                assertEquals("spring:r-42", requestSeenByATask(context.getBean(KeyedExecutorService.class))));
    }

    @Test
    void theLocusDecoratorWinsOverTheSpringOne() {
        runner.withUserConfiguration(LocusDecorator.class, SpringDecorator.class).run(context ->
                assertEquals("locus:r-42", requestSeenByATask(context.getBean(KeyedExecutorService.class))));
    }

    @Test
    void twoLocusDecoratorsAreAmbiguousAndNeitherIsApplied() {
        runner.withUserConfiguration(LocusDecorator.class, AnotherLocusDecorator.class, SpringDecorator.class)
                .run(context -> assertNull(requestSeenByATask(context.getBean(KeyedExecutorService.class))));
    }

    /** What {@link #REQUEST} holds in a task submitted while it holds {@code r-42}. */
    static String requestSeenByATask(KeyedExecutorService executor) throws Exception {
        REQUEST.set("r-42");
        try {
            return executor.submit(7, REQUEST::get).get(WAIT_S, SECONDS);
        } finally {
            REQUEST.remove();
        }
    }

    /** Sets {@link #REQUEST} to {@code tag:<the submitter's value>} around the task. */
    private static Runnable carry(String tag, Runnable task) {
        String request = tag + ":" + REQUEST.get();
        return () -> {
            REQUEST.set(request);
            try {
                task.run();
            } finally {
                REQUEST.remove();
            }
        };
    }

    @Configuration(proxyBeanMethods = false)
    static class LocusDecorator {
        @Bean
        TaskDecorator locusDecorator() {
            return task -> carry("locus", task);
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class AnotherLocusDecorator {
        @Bean
        TaskDecorator anotherLocusDecorator() {
            return task -> carry("another", task);
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class SpringDecorator {
        @Bean
        org.springframework.core.task.TaskDecorator springDecorator() {
            return task -> carry("spring", task);
        }
    }
}
