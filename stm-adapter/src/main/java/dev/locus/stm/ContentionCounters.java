package dev.locus.stm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live statistics behind {@link ContentionStats}: one {@link EventCounter} per worker thread,
 * per transaction type and per equal-width key range. A task looks its three counters up once per
 * run ({@link #slicesFor}); each event then touches just those.
 */
final class ContentionCounters {

    private final ConcurrentHashMap<Thread, EventCounter> byThread = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Integer, EventCounter> byType = new ConcurrentHashMap<>();
    private final EventCounter[] byRange;
    private final double minKey;
    private final double width;
    private final long min;
    private final long max;

    /** Ranges of equal width over {@code [min, max]}; keys outside count in the first or last range. */
    ContentionCounters(long min, long max, int ranges) {
        this.min = min;
        this.max = max;
        this.minKey = min;
        this.width = ((double) max - (double) min + 1) / ranges;
        this.byRange = new EventCounter[ranges];
        for (int i = 0; i < ranges; i++) {
            byRange[i] = new EventCounter();
        }
    }

    /** The counters an event of a transaction with this key and type, on this thread, goes to. */
    EventCounter[] slicesFor(long key, int type) {
        return new EventCounter[] {
            byThread.computeIfAbsent(Thread.currentThread(), t -> new EventCounter()),
            byType.computeIfAbsent(type, t -> new EventCounter()),
            byRange[range(key)]
        };
    }

    private int range(long key) {
        if (key <= min) {
            return 0;
        }
        if (key >= max) {
            return byRange.length - 1;
        }
        return (int) Math.min(byRange.length - 1, ((double) key - minKey) / width);
    }

    ContentionStats snapshot() {
        ContentionStats.Counts total = ContentionStats.Counts.ZERO;
        Map<String, ContentionStats.Counts> workers = new HashMap<>();
        for (Map.Entry<Thread, EventCounter> e : byThread.entrySet()) {
            ContentionStats.Counts c = e.getValue().snapshot();
            total = total.plus(c);
            workers.merge(e.getKey().getName(), c, ContentionStats.Counts::plus);
        }
        Map<Integer, ContentionStats.Counts> types = new HashMap<>();
        byType.forEach((type, counter) -> types.put(type, counter.snapshot()));
        List<ContentionStats.KeyRangeCounts> ranges = new ArrayList<>(byRange.length);
        for (int i = 0; i < byRange.length; i++) {
            long from = i == 0 ? min : (long) Math.ceil(minKey + i * width);
            long to = i == byRange.length - 1 ? max : (long) Math.ceil(minKey + (i + 1) * width) - 1;
            ranges.add(new ContentionStats.KeyRangeCounts(from, to, byRange[i].snapshot()));
        }
        return new ContentionStats(total, workers, types, ranges);
    }
}
