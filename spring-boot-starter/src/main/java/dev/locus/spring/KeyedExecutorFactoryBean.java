package dev.locus.spring;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.beans.factory.InitializingBean;

/**
 * The auto-configured executor's bean: builds the executor when the context creates the bean, and
 * shuts it down when the context destroys it: {@code shutdown()}, then up to the await-termination
 * period for the queued and running tasks to finish, then {@code shutdownNow()}, which interrupts
 * the tasks still running; the queued tasks it returns are counted in a warning and cancelled
 * where they are futures, so that no caller waits for them forever.
 *
 * <p>Design notes. A {@code FactoryBean} rather than a plain executor bean, for the order of
 * destruction: Spring destroys the beans that depend on a bean before the bean itself, and the
 * beans that use the executor are registered as dependents of this factory's name, so their
 * {@code @PreDestroy} methods may still submit to the executor and wait for their tasks. A
 * separate disposable bean that merely referred to the executor could be destroyed before them.
 * As the executor's own bean, it would get its {@code close()} as the inferred destroy method, which
 * waits without bound. The executor is built once, in {@link #afterPropertiesSet()}, so that bad
 * settings fail the context's start, and is never rebuilt: its meters, where it is monitored
 * ({@link ExecutorBuildStrategy}), are registered once, with it.
 */
final class KeyedExecutorFactoryBean implements FactoryBean<KeyedExecutorService>, InitializingBean, DisposableBean {

    private static final Log LOG = LogFactory.getLog(KeyedExecutorFactoryBean.class);

    private final LocusExecutors.Builder builder;
    private final ExecutorBuildStrategy strategy;
    private final String name;
    private final Duration awaitTerminationPeriod;
    private KeyedExecutorService executor;

    /**
     * @param builder the executor's settings
     * @param strategy how the executor is built from them: plainly, or monitored
     * @param name the executor's name, as given to the builder
     * @param awaitTerminationPeriod how long {@link #destroy()} waits for the tasks, at least zero
     */
    KeyedExecutorFactoryBean(LocusExecutors.Builder builder, ExecutorBuildStrategy strategy, String name,
                             Duration awaitTerminationPeriod) {
        this.builder = Objects.requireNonNull(builder, "builder");
        this.strategy = Objects.requireNonNull(strategy, "strategy");
        this.name = Objects.requireNonNull(name, "name");
        this.awaitTerminationPeriod = Objects.requireNonNull(awaitTerminationPeriod, "awaitTerminationPeriod");
    }

    @Override
    public void afterPropertiesSet() {
        executor = strategy.build(builder, name);
    }

    @Override
    public KeyedExecutorService getObject() {
        return executor;
    }

    @Override
    public Class<?> getObjectType() {
        return KeyedExecutorService.class;
    }

    @Override
    public void destroy() {
        executor.shutdown();
        try {
            if (executor.awaitTermination(awaitTerminationPeriod.toNanos(), TimeUnit.NANOSECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<Runnable> neverStarted = executor.shutdownNow();
        for (Runnable task : neverStarted) {
            if (task instanceof Future<?> future) {
                future.cancel(false);
            }
        }
        LOG.warn("Executor '" + name + "' did not terminate within " + awaitTerminationPeriod
                + " of shutdown(); shutdownNow() interrupted its running tasks and returned "
                + neverStarted.size() + " queued tasks, which will not run (futures among them are cancelled)");
    }
}
