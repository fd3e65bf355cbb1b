package dev.locus.jmh.hashmap;

import dev.locus.elision.ElisionPolicy;
import dev.locus.htm.NativeHtm;
import java.util.function.IntFunction;

/**
 * The HashMaps [Dice14] §5.1 compares, plus the JDK's peers, each made for a value size: the
 * elision benchmark's {@code @Param}, named as the paper names its configurations (§5:
 * "Instrumented", "Static-SWOptLock-10", "Adaptive-HL", …). ALE's configurations without HTM come
 * in two forms: the lambda form's sections ({@link dev.locus.elision.CriticalSection}s)
 * and, suffixed {@code _INLINE}, the same policies with the sections written in place
 * ({@link dev.locus.elision.InlineSection}s). The HTM configurations run the
 * {@link OffHeapHashMap} and exist only where {@link NativeHtm#rtmSupported()}: elsewhere
 * {@link #create} refuses them rather than measure the fallback under an HTM name.
 */
public enum Implementation {

    /** The table under a plain {@code ReentrantLock}, no ALE: the paper's "Uninstrumented". */
    UNINSTRUMENTED(LockedHashMap::uninstrumented),
    /** ALE with every section under the lock: the paper's "Instrumented". */
    LOCK_ONLY(size -> new HeapElidedHashMap(size, ElisionPolicy.lockOnly())),
    /** The static policy, one SWOPT attempt, then the lock: the paper's Static-SWOPTLock-1. */
    SWOPT_1(size -> new HeapElidedHashMap(size, ElisionPolicy.fixed(0, 1))),
    /** The static policy, ten SWOPT attempts, then the lock: Static-SWOPTLock-10. */
    SWOPT_10(size -> new HeapElidedHashMap(size, ElisionPolicy.fixed(0, 10))),
    /** The adaptive policy over the lock and SWOPT: the paper's Adaptive-SL (Adaptive-All less HTM). */
    ADAPTIVE(size -> new HeapElidedHashMap(size, ElisionPolicy.adaptive())),
    /** {@link #LOCK_ONLY} with every section in ALE's inline form: {@link InlineElidedHashMap}. */
    LOCK_ONLY_INLINE(size -> new InlineElidedHashMap(size, ElisionPolicy.lockOnly())),
    /** {@link #SWOPT_1} in the inline form. */
    SWOPT_1_INLINE(size -> new InlineElidedHashMap(size, ElisionPolicy.fixed(0, 1))),
    /** {@link #SWOPT_10} in the inline form. */
    SWOPT_10_INLINE(size -> new InlineElidedHashMap(size, ElisionPolicy.fixed(0, 10))),
    /** {@link #ADAPTIVE} in the inline form. */
    ADAPTIVE_INLINE(size -> new InlineElidedHashMap(size, ElisionPolicy.adaptive())),
    /** Two hardware transactions, then the lock: Static-HTMLock-2. Needs RTM. */
    HTM_LOCK_2(size -> offHeap(size, ElisionPolicy.fixed(2, 0))),
    /** Ten hardware transactions, then the lock: Static-HL-10. Needs RTM. */
    HTM_LOCK_10(size -> offHeap(size, ElisionPolicy.fixed(10, 0))),
    /** The adaptive policy over the lock and HTM: Adaptive-HL. Needs RTM. */
    ADAPTIVE_HTM(size -> offHeap(size, ElisionPolicy.adaptive())),
    SYNCHRONIZED(SynchronizedHashMap::new),
    READ_WRITE_LOCK(LockedHashMap::readWrite),
    STAMPED_LOCK(StampedHashMap::new),
    CONCURRENT_HASH_MAP(ConcurrentByteMap::new);

    /**
     * Slots per bucket of the off-heap table: the mixed workload keeps about two keys per bucket,
     * and a bucket of sixteen is all but impossible (Poisson(2) tail, below 10^-9 per bucket).
     */
    private static final int OFF_HEAP_SLOTS = 16;

    private final IntFunction<ByteValueMap> factory;

    Implementation(IntFunction<ByteValueMap> factory) {
        this.factory = factory;
    }

    /**
     * An empty map of {@code valueSize}-byte values.
     *
     * @throws IllegalArgumentException if {@code valueSize} is not in [4, 4096]
     * @throws UnsupportedOperationException for an HTM configuration where the CPU has no RTM
     */
    public ByteValueMap create(int valueSize) {
        return factory.apply(valueSize);
    }

    /** Whether this configuration runs hardware transactions, so needs RTM. */
    public boolean needsRtm() {
        return this == HTM_LOCK_2 || this == HTM_LOCK_10 || this == ADAPTIVE_HTM;
    }

    private static ByteValueMap offHeap(int valueSize, ElisionPolicy policy) {
        if (!NativeHtm.rtmSupported()) {
            throw new UnsupportedOperationException("HTM configurations need a CPU with RTM: " + NativeHtm.rtmUnavailableReason().orElse("unknown reason"));
        }
        return OffHeapHashMap.create(valueSize, OFF_HEAP_SLOTS, policy);
    }
}
