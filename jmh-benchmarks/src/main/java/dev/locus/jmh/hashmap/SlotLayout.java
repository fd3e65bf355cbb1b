package dev.locus.jmh.hashmap;

import dev.locus.htm.NativeRegion;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Where the off-heap table keeps what: {@link Buckets#COUNT} buckets one after another, each a
 * fixed number of slots. A bucket is a header of one 8-byte tag per slot, then its slots, each an
 * 8-byte tag and a value:
 *
 * <pre>
 * bucket b: [tag 0] … [tag S-1] [tag 0 | value 0] … [tag S-1 | value S-1]
 * </pre>
 *
 * A tag is the key plus one, 0 for a free slot; the header's copy lets one short read find the
 * slot, the slot's copy lets one read take a key and its value together. Longs are in native byte
 * order, as {@link NativeRegion} keeps them.
 */
final class SlotLayout {

    /** The most slots a bucket may have. */
    static final int MAX_SLOTS = 64;
    static final int TAG_BYTES = Long.BYTES;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

    private final int slots;
    private final int valueSize;
    private final int bucketBytes;

    /**
     * At most 1,024 × 64 × (16 + 4,096) bytes, well within {@link NativeRegion#MAX_SIZE}.
     *
     * @throws IllegalArgumentException if {@code slots} is not in [1, 64] or {@code valueSize} not in [4, 4096]
     */
    SlotLayout(int valueSize, int slots) {
        if (slots < 1 || slots > MAX_SLOTS) {
            throw new IllegalArgumentException("slots per bucket must be in [1, " + MAX_SLOTS + "], was " + slots);
        }
        this.slots = slots;
        this.valueSize = Arguments.checkValueSize(valueSize);
        this.bucketBytes = slots * (TAG_BYTES + slotBytes());
    }

    int slots() {
        return slots;
    }

    int valueSize() {
        return valueSize;
    }

    /** The region's size: every bucket. */
    int regionSize() {
        return Buckets.COUNT * bucketBytes;
    }

    /** The header's length: a tag per slot. */
    int headerBytes() {
        return slots * TAG_BYTES;
    }

    /** A slot's length: its tag and value. */
    int slotBytes() {
        return TAG_BYTES + valueSize;
    }

    int header(int bucket) {
        return bucket * bucketBytes;
    }

    /** The header's tag of {@code slot}. */
    int headerTag(int bucket, int slot) {
        return header(bucket) + slot * TAG_BYTES;
    }

    /** The slot: its tag, then its value. */
    int slot(int bucket, int slot) {
        return header(bucket) + headerBytes() + slot * slotBytes();
    }

    int value(int bucket, int slot) {
        return slot(bucket, slot) + TAG_BYTES;
    }

    /** The slot of {@code key} in a header copied to the start of {@code header}; -1 if none. */
    int find(byte[] header, int key) {
        return indexOf(header, tag(key));
    }

    /** A free slot in a header copied to the start of {@code header}; -1 if the bucket is full. */
    int free(byte[] header) {
        return indexOf(header, 0);
    }

    private int indexOf(byte[] header, long tag) {
        for (int slot = 0; slot < slots; slot++) {
            if (readTag(header, slot * TAG_BYTES) == tag) {
                return slot;
            }
        }
        return -1;
    }

    static long tag(int key) {
        return key + 1L;
    }

    static long readTag(byte[] bytes, int offset) {
        return (long) LONGS.get(bytes, offset);
    }

    static void writeTag(byte[] bytes, int offset, long tag) {
        LONGS.set(bytes, offset, tag);
    }
}
