package dev.locus.jmh.hashmap;

import dev.locus.elision.ElisionPolicy;
import java.util.function.IntFunction;

/**
 * The HashMaps paper 003 §5.1 compares, plus the JDK's peers, each made for a value size: the
 * elision benchmark's {@code @Param}. HTM configurations are not here: they run the
 * {@link OffHeapHashMap}, and only mean something where {@code NativeHtm.rtmSupported()}.
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
    SYNCHRONIZED(SynchronizedHashMap::new),
    READ_WRITE_LOCK(LockedHashMap::readWrite),
    STAMPED_LOCK(StampedHashMap::new),
    CONCURRENT_HASH_MAP(ConcurrentByteMap::new);

    private final IntFunction<ByteValueMap> factory;

    Implementation(IntFunction<ByteValueMap> factory) {
        this.factory = factory;
    }

    /**
     * An empty map of {@code valueSize}-byte values.
     *
     * @throws IllegalArgumentException if {@code valueSize} is not in [4, 4096]
     */
    public ByteValueMap create(int valueSize) {
        return factory.apply(valueSize);
    }
}
