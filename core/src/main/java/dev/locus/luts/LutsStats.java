package dev.locus.luts;

/**
 * Counts of a {@link LogicalThreadScheduler} since it was built.
 *
 * @param transactions transaction steps started
 * @param switches times a worker switched away from a transaction about to start
 */
public record LutsStats(long transactions, long switches) {
}
