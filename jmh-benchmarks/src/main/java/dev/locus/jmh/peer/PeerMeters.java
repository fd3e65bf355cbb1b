package dev.locus.jmh.peer;

import dev.locus.executor.KeyedExecutorService;
import dev.locus.executor.LocusExecutors;
import dev.locus.jmh.Labels;
import dev.locus.metrics.KeyedExecutorMetrics;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/**
 * Whether {@link PeerBenchmark}'s locus executor is monitored, by the label its {@code meters}
 * parameter takes: what Micrometer's timers cost per task, and how much of it is the timing's own.
 */
enum PeerMeters {

    /** Built as a user without metrics builds it: no task decorator. */
    NONE("none"),
    /**
     * {@link KeyedExecutorMetrics#monitor} into a {@link SimpleMeterRegistry} of its own, with
     * Micrometer's defaults: every task timed twice ({@code executor}, {@code executor.idle}) and
     * counted in its worker's share.
     */
    SIMPLE("simple"),
    /**
     * {@link KeyedExecutorMetrics#monitor} into a registry that denies every meter, so that
     * Micrometer hands out its no-op timers: the timing's own cost (clock reads, the decoration,
     * the per-worker shares), without Micrometer's recording.
     */
    NOOP("noop");

    private final String label;

    PeerMeters(String label) {
        this.label = label;
    }

    /** @throws IllegalArgumentException for an unknown label */
    static PeerMeters of(String label) {
        return Labels.find(values(), PeerMeters::label, label, "meters");
    }

    String label() {
        return label;
    }

    KeyedExecutorService build(LocusExecutors.Builder builder) {
        return switch (this) {
            case NONE -> builder.build();
            case SIMPLE -> KeyedExecutorMetrics.monitor(new SimpleMeterRegistry(), builder, "peer", Tags.empty());
            case NOOP -> {
                SimpleMeterRegistry denying = new SimpleMeterRegistry();
                denying.config().meterFilter(MeterFilter.deny());
                yield KeyedExecutorMetrics.monitor(denying, builder, "peer", Tags.empty());
            }
        };
    }
}
