/**
 * locus-stm: Multiverse transactions run on locus executors, with locus's contention managers
 * ([Maldonado10], [Nicacio10]) deciding what a transaction does after a conflict, and the
 * transactional dictionaries of the [Bai06] and [Maldonado10] microbenchmarks.
 *
 * <p>Multiverse's types ({@code TxnCallable}, {@code TxnLong}, ...) appear in this module's API, so
 * it is required transitively.
 */
module dev.locus.stm {
    requires transitive dev.locus.core;
    requires transitive dev.locus.multiverse;

    exports dev.locus.stm;
    exports dev.locus.stm.dictionary;
}
