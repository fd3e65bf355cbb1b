/**
 * Key sampling and the probability-distribution partition ([Bai06] §4.2) that the adaptive router
 * and Toggle's sampled buckets cut their ranges from. Engine internals: the module does not export
 * this package.
 */
package dev.locus.executor.sampling;
