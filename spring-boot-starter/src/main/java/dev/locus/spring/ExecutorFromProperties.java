package dev.locus.spring;

import dev.locus.executor.IdleStrategy;
import dev.locus.executor.LocusExecutors;
import dev.locus.executor.RejectionHandler;
import dev.locus.executor.TaskDecorator;
import dev.locus.executor.routing.AdaptiveRangeRouter;
import java.time.Duration;

/**
 * Turns {@link LocusExecutorProperties} into a {@link LocusExecutors.Builder}.
 *
 * <p>Design notes. The builder is the one judge of values: this class passes each property to
 * the builder method of the same meaning and adds only the checks the builder cannot make (which
 * properties go together), so that the two never disagree about what is valid. Every
 * {@link IllegalArgumentException}, the builder's or ours, leaves with the same prefix, which
 * names the property group; the application's start then fails with it in the cause chain.
 */
final class ExecutorFromProperties {

    private static final String PREFIX = "Invalid locus.executor properties: ";

    private ExecutorFromProperties() {
    }

    /**
     * A builder with every setting of {@code properties}, and {@code decorator} unless null.
     *
     * @throws IllegalArgumentException if a value is out of range or keys are missing or unused
     */
    static LocusExecutors.Builder builder(LocusExecutorProperties properties, TaskDecorator decorator) {
        try {
            LocusExecutors.Builder builder = LocusExecutors.builder(properties.getWorkers())
                    .name(properties.getName())
                    .ordering(properties.getOrdering())
                    .registerMBean(properties.isRegisterMbean())
                    .rejectionHandler(rejectionHandler(properties.getRejection()))
                    .idleStrategy(IdleStrategy.spinYieldPark(properties.getIdle().getSpins(),
                            properties.getIdle().getYields()));
            router(builder, properties.getRouter());
            if (properties.getQueueCapacity() != null) {
                builder.queueCapacity(properties.getQueueCapacity());
            }
            if (decorator != null) {
                builder.taskDecorator(decorator);
            }
            return builder;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(PREFIX + e.getMessage(), e);
        }
    }

    /**
     * The shutdown's await-termination period.
     *
     * @throws IllegalArgumentException if it is negative
     */
    static Duration awaitTerminationPeriod(LocusExecutorProperties properties) {
        Duration period = properties.getShutdown().getAwaitTerminationPeriod();
        if (period == null || period.isNegative()) {
            throw new IllegalArgumentException(PREFIX + "shutdown.await-termination-period must be >= 0, was "
                    + period);
        }
        return period;
    }

    private static void router(LocusExecutors.Builder builder, LocusExecutorProperties.Router router) {
        Long min = router.getMinKey();
        Long max = router.getMaxKey();
        if ((min == null) != (max == null)) {
            throw new IllegalArgumentException("router.min-key and router.max-key must be set together, were "
                    + min + " and " + max);
        }
        switch (router.getType()) {
            case ADAPTIVE -> builder.adaptive(min == null ? AdaptiveRangeRouter.Settings.defaults()
                    : AdaptiveRangeRouter.Settings.defaults().warmupRange(min, max));
            case FIXED_RANGE -> {
                if (min == null) {
                    throw new IllegalArgumentException("router.type=fixed-range needs router.min-key and router.max-key");
                }
                builder.fixedRange(min, max);
            }
            case ROUND_ROBIN -> {
                if (min != null) {
                    throw new IllegalArgumentException("router.type=round-robin ignores keys; unset router.min-key and router.max-key");
                }
                builder.roundRobin();
            }
        }
    }

    private static RejectionHandler rejectionHandler(LocusExecutorProperties.Rejection rejection) {
        return switch (rejection.getPolicy()) {
            case ABORT -> RejectionHandler.abort();
            case BLOCK -> RejectionHandler.block(rejection.getBlockTimeout());
            case CALLER_RUNS -> RejectionHandler.callerRuns();
            case DISCARD -> RejectionHandler.discard();
        };
    }
}
