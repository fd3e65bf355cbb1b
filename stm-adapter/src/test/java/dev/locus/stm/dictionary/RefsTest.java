package dev.locus.stm.dictionary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.locus.multiverse.api.GlobalStmInstance;
import dev.locus.multiverse.api.StmUtils;
import dev.locus.multiverse.api.Txn;
import dev.locus.multiverse.api.exceptions.ReadWriteConflict;
import dev.locus.multiverse.api.references.TxnBoolean;
import dev.locus.multiverse.api.references.TxnRef;
import org.junit.jupiter.api.Test;

/**
 * A validated write of the value a reference already holds still fails the commit when another
 * transaction changed that reference meanwhile: under Snapshot isolation GammaStm checks a
 * non-changing write only if {@code ensure} was asked for after the write.
 */
class RefsTest {

    private static Txn snapshotTransaction() {
        return GlobalStmInstance.getGlobalStmInstance().newTxnFactoryBuilder()
                .setSpeculative(false)
                .newTransactionFactory()
                .newTxn();
    }

    @Test
    void rewritingABooleanWithItsOwnValueIsValidated() {
        TxnBoolean red = StmUtils.newTxnBoolean(true);
        TxnRef<String> elsewhere = StmUtils.newTxnRef("before");
        Txn txn = snapshotTransaction();
        Refs.write(txn, red, true);
        Refs.write(txn, elsewhere, "after");

        red.atomicSet(false); // another transaction commits first

        assertThrows(ReadWriteConflict.class, txn::commit);
        assertFalse(red.atomicGet());
        assertEquals("before", elsewhere.atomicGet());
    }

    @Test
    void rewritingAReferenceWithItsOwnValueIsValidated() {
        String child = "child";
        TxnRef<String> left = StmUtils.newTxnRef(child);
        TxnRef<String> elsewhere = StmUtils.newTxnRef("before");
        Txn txn = snapshotTransaction();
        Refs.write(txn, left, child);
        Refs.write(txn, elsewhere, "after");

        left.atomicSet("moved");

        assertThrows(ReadWriteConflict.class, txn::commit);
        assertEquals("moved", left.atomicGet());
        assertEquals("before", elsewhere.atomicGet());
    }
}
