package dev.locus.jmh.oversubscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.stm.ContentionStats;
import dev.locus.stm.dictionary.DictionaryKind;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * [Maldonado10]'s integer set: populated with the given number of keys from twice as many, then kept
 * at that size by alternating inserts and removals, with 80% lookups.
 */
@Timeout(60)
class IntegerSetWorkloadTest {

    private static final int SIZE = 1_024;
    private static final int THREADS = 16;
    private static final int PHASE = 64 * 100;

    @Test
    void populatedWithSizeDistinctKeysOfTwiceTheRange() throws Exception {
        int[] keys = new IntegerSetWorkload(DictionaryKind.SKIP_LIST, SIZE).set().keys();

        assertEquals(SIZE, keys.length);
        assertTrue(keys[0] >= 0 && keys[keys.length - 1] < 2 * SIZE, Arrays.toString(keys));
    }

    @Test
    void alternatingUpdatesKeepTheSizeAndLookupsAreFourFifths() throws Exception {
        IntegerSetWorkload workload = new IntegerSetWorkload(DictionaryKind.SORTED_LIST, SIZE);
        SpmdTeam team = SchedulingKind.BASIC.start(workload.programs(THREADS));
        try {
            for (int phase = 0; phase < 5; phase++) {
                team.runPhase(PHASE);
            }
            ContentionStats stats = team.stats();
            int size = workload.set().keys().length;
            assertTrue(size >= SIZE && size <= SIZE + THREADS,
                    size + " keys: at most one inserted and not yet removed per thread");
            Map<Integer, ContentionStats.Counts> byType = stats.byType();
            double lookups = byType.get(IntegerSetWorkload.CONTAINS).commits() / (double) (5 * PHASE);
            assertEquals(0.8, lookups, 0.02, "share of lookups");
            long inserts = byType.get(IntegerSetWorkload.INSERT).commits();
            long deletes = byType.get(IntegerSetWorkload.DELETE).commits();
            assertTrue(inserts >= deletes && deletes > 0.4 * inserts,
                    inserts + " inserts, " + deletes + " deletes: a delete follows each insert that added a key");
        } finally {
            team.stop();
        }
    }
}
