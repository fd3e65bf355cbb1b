package dev.locus.hazelcast;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the tasks of one test run did, per key, in the order they ran: shared by every member,
 * since they all live in this JVM. Tasks find it by the run's name.
 */
final class Journal {

    private static final Map<String, Journal> RUNS = new ConcurrentHashMap<>();

    /** Per key: (submitter, sequence) pairs in the order the tasks started. */
    private final Map<Long, List<long[]>> logs = new ConcurrentHashMap<>();
    /** Per key and submitter: tasks running now. */
    private final Map<List<Long>, AtomicInteger> running = new ConcurrentHashMap<>();
    private final AtomicInteger overlaps = new AtomicInteger();
    /** Per key: tasks running now, whoever submitted them. */
    private final Map<Long, AtomicInteger> runningPerKey = new ConcurrentHashMap<>();
    private final AtomicInteger keyOverlaps = new AtomicInteger();

    static Journal open(String run) {
        Journal j = new Journal();
        RUNS.put(run, j);
        return j;
    }

    static Journal of(String run) {
        return RUNS.get(run);
    }

    static void close(String run) {
        RUNS.remove(run);
    }

    void started(long key, int submitter, long seq) {
        List<long[]> log = logs.computeIfAbsent(key, k -> new ArrayList<>());
        synchronized (log) {
            log.add(new long[] {submitter, seq});
        }
        if (running.computeIfAbsent(List.of(key, (long) submitter), k -> new AtomicInteger()).incrementAndGet() > 1) {
            overlaps.incrementAndGet();
        }
        if (runningPerKey.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet() > 1) {
            keyOverlaps.incrementAndGet();
        }
    }

    void finished(long key, int submitter) {
        runningPerKey.get(key).decrementAndGet();
        running.get(List.of(key, (long) submitter)).decrementAndGet();
    }

    /** Times a task started while an earlier one of its key and submitter was still running. */
    int overlaps() {
        return overlaps.get();
    }

    /** Times a task started while another of its key, from any submitter, was still running. */
    int keyOverlaps() {
        return keyOverlaps.get();
    }

    /** The (submitter, sequence) pairs of {@code key}, in the order they started. */
    List<long[]> log(long key) {
        List<long[]> log = logs.getOrDefault(key, List.of());
        synchronized (log) {
            return new ArrayList<>(log);
        }
    }

    Iterable<Long> keys() {
        return logs.keySet();
    }
}
