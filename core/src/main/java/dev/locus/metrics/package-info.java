/**
 * Micrometer meters for locus executors: {@link dev.locus.metrics.KeyedExecutorMetrics}, a
 * {@code MeterBinder}. Micrometer is an optional dependency of {@code locus-core}: this package
 * needs {@code io.micrometer:micrometer-core} on the class path, and no other package of locus
 * refers to it, so an application without Micrometer never loads it.
 */
package dev.locus.metrics;
