package dev.locus.jmh.oversubscription;

import dev.locus.contention.ContentionManager;
import dev.locus.contention.ContentionManagers;
import dev.locus.jmh.Labels;
import dev.locus.luts.ConflictAvoidance;
import dev.locus.luts.LogicalThreadScheduler;
import dev.locus.multiverse.api.GlobalStmInstance;
import dev.locus.multiverse.api.LockMode;
import dev.locus.multiverse.api.TxnFactoryBuilder;
import dev.locus.stm.TransactionalExecutor;
import java.util.List;
import java.util.function.Supplier;

/**
 * The configurations the oversubscription suite compares, by the label its {@code configuration}
 * parameter takes: platform threads running Multiverse transactions under each contention manager
 * of the STM adapter ([Maldonado10]'s user-level strategies, Polka and ATS), and logical threads on
 * LUTS with each conflict avoidance of [Nicacio10], and with ATS as its contention manager.
 *
 * <p>Every configuration runs the STM as [Nicacio10] and [Maldonado10] run TinySTM: with encounter-time
 * locking ({@link #encounterTimeLocking}).
 *
 * <p>Soft serialization is missing on purpose: it sends a loser back into its executor's queue,
 * and a platform thread running its own transactions has no queue, so the adapter retries in place
 * and it would measure {@code basic} again.
 */
enum SchedulingKind {

    BASIC("basic", ContentionManagers::basic),
    BACKOFF("backoff", ContentionManagers::backoff),
    POLKA("polka", ContentionManagers::polka),
    SERIALIZE_SPIN("serializeSpin", ContentionManagers::serializeSpin),
    SERIALIZE_PARK("serializePark", ContentionManagers::serializePark),
    YIELDING("yielding", ContentionManagers::yielding),
    ATS("ats", ContentionManagers::ats),
    /** [Nicacio10]'s "LUTS": round-robin, a logical thread keeps its worker until it finishes or waits. */
    LUTS("luts", ConflictAvoidance::none, ContentionManagers::basic),
    CILUTS("ciluts", ConflictAvoidance::ciluts, ContentionManagers::basic),
    CTLUTS("ctluts", ConflictAvoidance::ctluts, ContentionManagers::basic),
    /** ATS's serial lane on LUTS's workers: the baseline that serializes instead of switching. */
    LUTS_ATS("lutsAts", ConflictAvoidance::none, ContentionManagers::ats);

    private final String label;
    /** Null for platform threads. */
    private final Supplier<ConflictAvoidance> avoidance;
    private final Supplier<ContentionManager> manager;

    /** Platform threads under {@code manager}. */
    SchedulingKind(String label, Supplier<ContentionManager> manager) {
        this(label, null, manager);
    }

    /** Logical threads on LUTS with {@code avoidance}, their aborts also going to {@code manager}. */
    SchedulingKind(String label, Supplier<ConflictAvoidance> avoidance, Supplier<ContentionManager> manager) {
        this.label = label;
        this.avoidance = avoidance;
        this.manager = manager;
    }

    /**
     * The kind labelled {@code label}.
     *
     * @throws IllegalArgumentException for an unknown label
     */
    static SchedulingKind of(String label) {
        return Labels.find(values(), kind -> kind.label, label, "configuration");
    }

    /**
     * Starts one thread per program: platform threads, or logical threads on a LUTS scheduler with
     * a worker per core; each gets a new STM adapter, so that counts start at zero.
     */
    SpmdTeam start(List<ThreadProgram> programs) {
        if (avoidance == null) {
            return new PlatformTeam(TransactionalExecutor.withoutExecutor().txnFactoryBuilder(encounterTimeLocking())
                    .contentionManager(manager.get()).build(), programs);
        }
        LogicalThreadScheduler luts = LogicalThreadScheduler.builder().conflictAvoidance(avoidance.get()).build();
        TransactionalExecutor stm = TransactionalExecutor.withoutExecutor().txnFactoryBuilder(encounterTimeLocking())
                .contentionManager(luts.observing(manager.get())).build();
        return new LogicalTeam(luts, stm, programs);
    }

    /**
     * Transactions that lock what they write when they first write it, as TinySTM's default
     * write-back, encounter-time-locking design does: a transaction that then reads or writes that
     * ref conflicts at once, instead of at the writer's commit. Multiverse's {@code Exclusive}
     * write lock is that lock; its {@code Write} lock would still let others read past it.
     */
    static TxnFactoryBuilder encounterTimeLocking() {
        return GlobalStmInstance.getGlobalStmInstance().newTxnFactoryBuilder().setWriteLockMode(LockMode.Exclusive);
    }
}
