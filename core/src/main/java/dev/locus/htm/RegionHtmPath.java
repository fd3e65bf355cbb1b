package dev.locus.htm;

import dev.locus.elision.HtmAttempt;
import dev.locus.elision.HtmPath;
import java.util.Objects;

/**
 * The hardware-transactional path of a critical section over a {@link NativeRegion}, for
 * {@link dev.locus.elision.CriticalSection#withHtm}: no JNI code, only a body that runs the
 * region's transactional operations through a {@link RegionTransaction}.
 *
 * <pre>{@code
 * NativeRegion region = NativeRegion.allocate(4096);
 * ElidableLock lock = ElidableLock.builder("counters", RegionLockApi.of(region))
 *         .policy(ElisionPolicy.adaptive()).build();
 * CriticalSection<Integer, Long> read = lock.section("read", (Integer offset) -> readLocked(region, offset))
 *         .withHtm(RegionHtmPath.of(region, (offset, tx) -> {
 *             byte[] bytes = new byte[8];                                  // Java, outside the transaction
 *             return tx.read(offset, bytes, 0, 8) ? asLong(bytes) : null;  // one transaction
 *         }));
 * }</pre>
 *
 * <p>What runs in hardware: only the shim's region operations, a copy between the region and a
 * Java array ({@link RegionTransaction#read}, {@link RegionTransaction#write}), each in a
 * transaction that first checks the region's lock word. Java code never runs inside a hardware
 * transaction (the JVM's safepoints, allocation and JIT would abort it): the body's Java code runs
 * between transactions, so a body of several operations must validate what it read
 * ({@link RegionTransaction#changed()}). The section's lock must be {@link RegionLockApi} over the
 * same region, or transactions and lock holders would not exclude each other.
 *
 * <p>{@linkplain #available() Available} only where {@link NativeHtm#rtmSupported()}; elsewhere
 * ALE never attempts it and the section runs its other paths. An attempt allocates its
 * {@link RegionTransaction} and the {@link HtmAttempt}.
 */
public final class RegionHtmPath<A, T> implements HtmPath<A, T> {

    /** A critical section's body as region transactions; its result is used only if no operation aborted. */
    @FunctionalInterface
    public interface Body<A, T> {

        /**
         * Runs the section for a call with {@code argument} through {@code tx}; should return once an
         * operation returns false.
         */
        T run(A argument, RegionTransaction tx);
    }

    private final NativeRegion region;
    private final Body<A, T> body;

    private RegionHtmPath(NativeRegion region, Body<A, T> body) {
        this.region = region;
        this.body = body;
    }

    /** A path running {@code body} over {@code region}. */
    public static <A, T> RegionHtmPath<A, T> of(NativeRegion region, Body<A, T> body) {
        return new RegionHtmPath<>(Objects.requireNonNull(region, "region"), Objects.requireNonNull(body, "body"));
    }

    @Override
    public boolean available() {
        return NativeHtm.rtmSupported();
    }

    @Override
    public HtmAttempt<T> attempt(A argument) {
        RegionTransaction tx = new RegionTransaction(region);
        T value = body.run(argument, tx);
        return tx.aborted() ? HtmAttempt.aborted(tx.status()) : HtmAttempt.committed(value);
    }
}
