package dev.locus.spring;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;

/**
 * How {@link KeyedExecutorFactoryBean} turns the builder of {@code locus.executor.*} into the
 * executor: {@link #PLAIN}, unless the application has Micrometer and a registry, where
 * {@link LocusExecutorMetricsAutoConfiguration} defines a bean of this type that builds it through
 * {@code KeyedExecutorMetrics.monitor}.
 *
 * <p>Design notes. Monitoring has to build the executor, not bind to it afterwards: its timers need
 * every task decorated from its submission on, and the decorator is fixed when the executor is
 * built. Yet {@link LocusExecutorAutoConfiguration}, which builds it, must name no Micrometer type,
 * or it would fail to load in an application without Micrometer. This interface is the seam between
 * the two: it names only locus types, the executor's bean asks for a bean of it through an
 * {@code ObjectProvider} as it is instantiated, after every auto-configuration has registered its
 * bean definitions whatever their order, and builds plainly where there is none. Package-private:
 * it is not a hook for applications, whose own {@code KeyedExecutorService} bean replaces ours.
 */
@FunctionalInterface
interface ExecutorBuildStrategy {

    /** {@link LocusExecutors.Builder#build()}: no decorator but the builder's own. */
    ExecutorBuildStrategy PLAIN = (builder, name) -> builder.build();

    /**
     * Builds the executor, running.
     *
     * @param builder the executor's settings, left as they are
     * @param name the executor's name, as given to the builder
     * @throws IllegalArgumentException as {@link LocusExecutors.Builder#build()}
     */
    KeyedExecutorService build(LocusExecutors.Builder builder, String name);
}
