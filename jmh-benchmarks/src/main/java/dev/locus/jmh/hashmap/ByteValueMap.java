package dev.locus.jmh.hashmap;

import dev.locus.elision.ElisionReport;
import java.util.Optional;

/**
 * The HashMap of [Dice14] §3: keys to values of one fixed size, {@link #valueSize()} bytes (4 B
 * to 4 KB). Every implementation is safe for concurrent use; they differ in how they synchronize,
 * which is what the elision benchmark compares. Keys are non-negative.
 */
public interface ByteValueMap extends AutoCloseable {

    /** The smallest value size, in bytes. */
    int MIN_VALUE_SIZE = 4;
    /** The largest value size, in bytes. */
    int MAX_VALUE_SIZE = 4096;

    /**
     * Copies the value of {@code key} into the first {@link #valueSize()} bytes of {@code into}.
     *
     * @return whether {@code key} is present; {@code into} is unchanged if not
     * @throws NullPointerException if {@code into} is null
     * @throws IllegalArgumentException if {@code key} is negative or {@code into} is shorter than a value
     */
    boolean get(int key, byte[] into);

    /**
     * Inserts {@code key} with a copy of {@code value}, or overwrites its value if present.
     *
     * @return whether {@code key} was absent
     * @throws NullPointerException if {@code value} is null
     * @throws IllegalArgumentException if {@code key} is negative or {@code value} is not
     *     {@link #valueSize()} bytes long
     */
    boolean insert(int key, byte[] value);

    /**
     * Removes {@code key} if present.
     *
     * @return whether it was present
     * @throws IllegalArgumentException if {@code key} is negative
     */
    boolean remove(int key);

    /** The size of every value, in bytes. */
    int valueSize();

    /**
     * This map as one calling thread should use it, to be kept and reused by that thread: maps whose
     * operations pass the caller's arguments in a holder (ALE's sections take one argument) keep the
     * holder in the view and so allocate nothing per call; the others return themselves. The view
     * shares the map's contents and is closed with the map, not on its own.
     */
    default ByteValueMap forCaller() {
        return this;
    }

    /** ALE's report of the map's lock, for the maps built on an ElidableLock; empty for the others. */
    default Optional<ElisionReport> elisionReport() {
        return Optional.empty();
    }

    /** Frees what the map holds outside the Java heap; a no-op for maps that hold nothing there. */
    @Override
    default void close() {
    }
}
