package dev.locus.jmh.peer;

import dev.locus.jmh.Completion;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The per-key state workload of {@link PeerBenchmark}: a record of about 64 bytes per key, which
 * each task reads, modifies and writes. Under an executor that runs one key's tasks one at a time
 * ({@link PeerKind#keyedOrder()}) a task updates it with plain reads and writes; under the others
 * it holds the record's monitor while it does.
 *
 * <p>Every task for key {@code k} adds the same value {@code k + 1}, and writes each field
 * separately, so the final state says whether each update was applied once and whole: a record
 * that {@code n} updates reached has {@code version == 2n}, {@code sum == n·v},
 * {@code squares == n·v²}, {@code parity == v} if {@code n} is odd else 0, and {@code last == v}
 * if {@code n > 0}; and the counts of all records add up to the tasks that ran. Two unsynchronized
 * updates that overlap lose one of them in some fields but not others, or in all, which the sum
 * of the counts shows.
 */
final class KeyRecords implements KeyedState {

    private final Record[] records;
    private final boolean locked;

    /** @param locked whether a task holds its record's monitor while it updates it */
    KeyRecords(int keys, boolean locked) {
        this.records = Stream.generate(Record::new).limit(keys).toArray(Record[]::new);
        this.locked = locked;
    }

    @Override
    public Runnable task(long key, Completion completion) {
        Record record = records[(int) key];
        long value = key + 1;
        if (locked) {
            return () -> {
                synchronized (record) {
                    record.add(value);
                }
                completion.increment();
            };
        }
        return () -> {
            record.add(value);
            completion.increment();
        };
    }

    /** Applies one update to {@code key}'s record that stops half-way, as a race would leave it. */
    void tear(long key) {
        records[(int) key].count++;
    }

    @Override
    public void check(long completed) {
        long count = 0;
        for (int key = 0; key < records.length; key++) {
            Record record = records[key];
            record.check(key + 1, key);
            count += record.count;
        }
        if (count != completed) {
            throw new IllegalStateException("the records count " + count + " updates, but " + completed
                    + " tasks completed");
        }
    }

    /** One key's state: 6 longs and a 12-byte header, 64 bytes with compressed class pointers. */
    private static final class Record {

        long version;
        long count;
        long sum;
        long squares;
        long parity;
        long last;

        void add(long value) {
            version++;
            count++;
            sum += value;
            squares += value * value;
            parity ^= value;
            last = value;
            version++;
        }

        /** @throws IllegalStateException unless each of {@link #count} updates of {@code value} was whole */
        void check(long value, int key) {
            boolean whole = version == 2 * count && sum == count * value && squares == count * value * value
                    && parity == ((count & 1) == 1 ? value : 0) && last == (count > 0 ? value : 0);
            if (!whole) {
                throw new IllegalStateException(String.format(Locale.ROOT,
                        "key %d's record is torn: version %d, count %d, sum %d, squares %d, parity %d, last %d"
                        + " (each update adds %d)", key, version, count, sum, squares, parity, last, value));
            }
        }
    }
}
