package dev.locus.elision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Optimistic readers through both forms, a {@link CriticalSection} and an
 * {@link InlineSection}, never return a state that was never stored, while writers through both
 * forms move a record through states that are invalid in between. The record's invariant: its two
 * stamps {@code a} and {@code b} are equal, its {@code values} array is {@code length} long, and
 * every value is {@code a}. A writer changes the fields one at a time inside a conflicting action,
 * pausing between them; a reader reads them one at a time, pausing too, and indexes
 * {@code values} with {@code length}, so a torn read can return a wrong state or throw
 * {@link ArrayIndexOutOfBoundsException}.
 *
 * <p>The same read, run by a reader that does not validate, must see a torn state (a wrong
 * snapshot or an exception) within the run: that shows the writers really race the readers here,
 * so the validated readers' clean record means something. The run lasts until the unvalidated
 * reader has seen a torn state and each validated reader has had an attempt fail validation, and
 * at least {@value #MIN_MILLIS} ms; at most {@value #MAX_MILLIS} ms.
 */
class TornReadTest {

    private static final long MIN_MILLIS = 1_000;
    private static final long MAX_MILLIS = 8_000;
    private static final int PAUSE_SPINS = 8;
    private static final int MAX_LENGTH = 7;

    /** The shared state. Written only inside conflicting actions; read optimistically. */
    private static final class Record {
        long a;
        long b;
        int length = 1;
        long[] values = {0};
    }

    /** What a reader saw. */
    private record Snapshot(long a, long b, int length, int valuesLength, long first, long last) {
        boolean consistent() {
            return a == b && length == valuesLength && first == a && last == a;
        }
    }

    private final Record record = new Record();
    private final ElidableLock lock = ElidableLock.builder("record", LockApi.of(new ReentrantLock()))
            .policy(ElisionPolicy.fixed(0, 3)).build();
    private volatile boolean stop;

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void noValidatedReaderReturnsATornStateAndAnUnvalidatedOneSeesOne() throws InterruptedException {
        CriticalSection<Void, Void> lambdaWrite = lock.section("lambdaWrite", () -> {
            long next = record.a + 1;
            lock.conflictingAction(() -> write(next));
            return null;
        });
        InlineSection inlineWrite = lock.inlineSection("inlineWrite");
        AtomicLong lambdaFailures = new AtomicLong();
        long[] lambdaBodies = {0, 0}; // optimistic, locked: touched by the lambda reader only
        CriticalSection<Void, Snapshot> lambdaRead = lock.section("lambdaRead", () -> {
            lambdaBodies[1]++;
            return read();
        }, swopt -> {
            lambdaBodies[0]++;
            return read();
        });
        InlineSection inlineRead = lock.inlineSection("inlineRead").withSwopt();
        AtomicLong inlineFailures = new AtomicLong();
        AtomicLong unvalidatedTears = new AtomicLong();
        List<String> torn = Collections.synchronizedList(new ArrayList<>());
        long[] reads = new long[2];

        List<Thread> threads = List.of(
                new Thread(() -> {
                    while (!stop) {
                        lambdaWrite.call();
                    }
                }, "lambda writer"),
                new Thread(() -> {
                    while (!stop) {
                        long stamp = inlineWrite.begin();
                        try {
                            long next = record.a + 1;
                            inlineWrite.conflictingAction(stamp, () -> write(next));
                        } finally {
                            inlineWrite.end(stamp);
                        }
                    }
                }, "inline writer"),
                new Thread(() -> {
                    while (!stop) {
                        long optimistic = lambdaBodies[0];
                        long locked = lambdaBodies[1];
                        check(lambdaRead.call(), "lambda", torn);
                        lambdaFailures.addAndGet(lambdaBodies[0] - optimistic - (lambdaBodies[1] == locked ? 1 : 0));
                        reads[0]++;
                    }
                }, "lambda reader"),
                new Thread(() -> {
                    while (!stop) {
                        check(readInline(inlineRead, inlineFailures), "inline", torn);
                        reads[1]++;
                    }
                }, "inline reader"),
                new Thread(() -> {
                    while (!stop) {
                        try {
                            if (!read().consistent()) {
                                unvalidatedTears.incrementAndGet();
                            }
                        } catch (ArrayIndexOutOfBoundsException e) {
                            unvalidatedTears.incrementAndGet();
                        }
                    }
                }, "unvalidated reader"));
        List<Throwable> thrown = Collections.synchronizedList(new ArrayList<>());
        for (Thread t : threads) {
            t.setUncaughtExceptionHandler((thread, e) -> thrown.add(e));
            t.start();
        }
        long start = System.nanoTime();
        long elapsedMillis;
        do {
            Thread.sleep(20);
            elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        } while (elapsedMillis < MAX_MILLIS && thrown.isEmpty() && (elapsedMillis < MIN_MILLIS
                || unvalidatedTears.get() == 0 || lambdaFailures.get() == 0 || inlineFailures.get() == 0));
        stop = true;
        for (Thread t : threads) {
            t.join();
        }

        String run = elapsedMillis + " ms, " + record.a + " writes, reads lambda " + reads[0] + " inline "
                + reads[1] + ", failed optimistic attempts lambda " + lambdaFailures + " inline " + inlineFailures
                + ", torn states the unvalidated reader saw " + unvalidatedTears;
        assertEquals(List.of(), thrown, "a reader or writer threw (a torn read's exception let through?); " + run);
        assertEquals(List.of(), torn.subList(0, Math.min(3, torn.size())), torn.size() + " torn states returned; " + run);
        assertTrue(unvalidatedTears.get() > 0, "the race is not real here: without validation no torn state; " + run);
        assertTrue(lambdaFailures.get() > 0 && inlineFailures.get() > 0,
                "a validated reader never met a writer, so its clean record shows nothing; " + run);
        for (String reader : List.of("lambdaRead", "inlineRead")) {
            GranuleReport row = lock.report().rows().stream().filter(r -> r.context().equals(reader)).findFirst()
                    .orElseThrow();
            assertTrue(row.mode(Mode.SWOPT).successes() > 0, "optimistic reads succeeded too: " + row);
        }
    }

    /** The inline reader: InlineSection's loop, counting the attempts end() found invalid. */
    private Snapshot readInline(InlineSection section, AtomicLong failures) {
        long stamp = section.begin();
        while (true) {
            try {
                Snapshot s = read();
                if (section.end(stamp)) {
                    return s;
                }
            } catch (ArrayIndexOutOfBoundsException e) {
                if (section.end(stamp)) {
                    throw e;
                }
            }
            failures.incrementAndGet();
            stamp = section.retry(stamp);
        }
    }

    /** Reads the record field by field, as an optimistic body does; may throw on a torn state. */
    private Snapshot read() {
        long a = record.a;
        int length = record.length;
        pause();
        long[] values = record.values;
        long last = values[length - 1];
        pause();
        return new Snapshot(a, record.b, length, values.length, values[0], last);
    }

    /** Moves the record from its state to the one of stamp {@code next}, field by field. */
    private void write(long next) {
        record.a = next;
        pause();
        long[] values = new long[1 + (int) (next % MAX_LENGTH)];
        Arrays.fill(values, next);
        record.length = values.length;
        pause();
        record.values = values;
        pause();
        record.b = next;
    }

    private static void check(Snapshot s, String form, List<String> torn) {
        if (!s.consistent()) {
            torn.add(form + ": " + s);
        }
    }

    private static void pause() {
        for (int i = 0; i < PAUSE_SPINS; i++) {
            Thread.onSpinWait();
        }
    }
}
