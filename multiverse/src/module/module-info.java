/**
 * Multiverse 0.7.0, relocated into dev.locus.multiverse and patched (src/patch) for locus-stm. All
 * of its packages are exported, as they were on the class path: its API is used directly
 * ({@code dev.locus.multiverse.api}), and its STM is found by class name.
 */
module dev.locus.multiverse {
    requires java.logging;
    // sun.misc.Unsafe, for Multiverse's field updates.
    requires jdk.unsupported;

    exports dev.locus.multiverse;
    exports dev.locus.multiverse.api;
    exports dev.locus.multiverse.api.blocking;
    exports dev.locus.multiverse.api.callables;
    exports dev.locus.multiverse.api.collections;
    exports dev.locus.multiverse.api.exceptions;
    exports dev.locus.multiverse.api.functions;
    exports dev.locus.multiverse.api.lifecycle;
    exports dev.locus.multiverse.api.predicates;
    exports dev.locus.multiverse.api.references;
    exports dev.locus.multiverse.collections;
    exports dev.locus.multiverse.commitbarriers;
    exports dev.locus.multiverse.stms.gamma;
    exports dev.locus.multiverse.stms.gamma.transactionalobjects;
    exports dev.locus.multiverse.stms.gamma.transactions;
    exports dev.locus.multiverse.stms.gamma.transactions.fat;
    exports dev.locus.multiverse.stms.gamma.transactions.lean;
    exports dev.locus.multiverse.utils;
}
