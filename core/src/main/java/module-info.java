/**
 * locus-core: executors that place tasks by the keys they touch ([Bai06]), the Toggle executor and
 * hierarchical locks ([Kalikar19], [Kalikar16], [Kalikar18]), contention managers ([Maldonado10]),
 * the LUTS scheduler ([Nicacio10]) and lock elision ([Dice14]).
 *
 * <p>The API packages are exported; {@code dev.locus.executor.pool} (the worker pool the executors
 * share) and {@code dev.locus.executor.sampling} (the PD-partition and its key sampling) are engine
 * internals and are not. {@code dev.locus.contention.integration} (the transaction lifecycle behind
 * a contention manager's view of a thread) is exported only to locus-stm, the integration that
 * drives it. docs/api-surface.md lists every exported public type with the reason a
 * user needs it. The optional dependencies are {@code static}: Affinity is
 * loaded only when worker pinning is switched on, Micrometer only by {@code dev.locus.metrics}
 * (whose user requires Micrometer anyway, to have a registry). JMX is passed on
 * ({@code transitive}): an {@code ElidableLock} names its {@code ObjectName}.
 *
 * <p>{@code "module"} warnings are suppressed because locus-stm, the target of the qualified
 * export, is built after this module and is not on its module path.
 */
@SuppressWarnings("module")
module dev.locus.core {
    requires transitive java.management;
    requires org.jctools.core;
    requires static affinity;
    requires static micrometer.core;

    exports dev.locus.contention;
    exports dev.locus.contention.integration to dev.locus.stm;
    exports dev.locus.elision;
    exports dev.locus.executor;
    exports dev.locus.executor.routing;
    exports dev.locus.hierarchy;
    exports dev.locus.hierarchy.lock;
    exports dev.locus.htm;
    exports dev.locus.luts;
    exports dev.locus.metrics;
    exports dev.locus.toggle;
}
