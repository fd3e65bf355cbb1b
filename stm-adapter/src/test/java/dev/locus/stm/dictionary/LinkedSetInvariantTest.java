package dev.locus.stm.dictionary;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A list whose links no longer go up in key (which LinkedSet's invariant rules out) makes an
 * operation fail with a message naming the link, instead of walking round the cycle forever.
 */
class LinkedSetInvariantTest {

    @Test
    @Timeout(10)
    void aCycleFailsTheWalkInsteadOfSpinning() {
        Transactions transactions = Transactions.defaults();
        for (LinkedSet list : new LinkedSet[] {new TxnSortedList(), new TxnSkipList(1)}) {
            for (int key : new int[] {10, 20, 30}) {
                transactions.run(Op.INSERT, list, key);
            }
            LinkedNode ten = list.head.next(0).atomicGet();
            LinkedNode twenty = ten.next(0).atomicGet();
            twenty.next(0).atomicSet(ten); // corrupt on purpose: 20 -> 10 -> 20 -> ...

            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> transactions.run(Op.INSERT, list, 25));
            assertTrue(e.getMessage().contains("node 20 links to node 10"), e.getMessage());
        }
    }
}
