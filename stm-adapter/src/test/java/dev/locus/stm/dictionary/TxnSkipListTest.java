package dev.locus.stm.dictionary;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TxnSkipListTest {

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 33})
    void rejectsMaxLevelOutsideOneToThirtyTwo(int maxLevel) {
        assertThrows(IllegalArgumentException.class, () -> new TxnSkipList(maxLevel));
    }

    /** One level is a plain sorted list; 32 lets heights use every bit of the random draw. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 32})
    void anyMaxLevelBehavesLikeATreeSet(int maxLevel) {
        DictionaryChecks.assertBehavesLikeTreeSet(new TxnSkipList(maxLevel), ThreadLocalRandom.current().nextLong(), 3_000);
    }
}
