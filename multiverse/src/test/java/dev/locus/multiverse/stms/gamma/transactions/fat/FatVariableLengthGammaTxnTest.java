package dev.locus.multiverse.stms.gamma.transactions.fat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.locus.multiverse.stms.gamma.GammaStm;
import dev.locus.multiverse.stms.gamma.transactionalobjects.GammaTxnLong;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The patched probe of {@link FatVariableLengthGammaTxn}: references whose identity hashes lie
 * within a probe jump of 0 or of {@link Integer#MAX_VALUE}, opened where every slot their probe
 * visits is taken, are written, read back and committed. Unpatched, the probe index went below 0
 * (hash - jump, and hash + jump past {@code Integer.MAX_VALUE}) and the first of them threw
 * {@link ArrayIndexOutOfBoundsException}.
 */
class FatVariableLengthGammaTxnTest {

    /** Beyond any array length this test reaches, so hashes that far apart share slots. */
    private static final int FAR = 1 << 20;
    /** Slots taken at each end of the array, more than any jump an edge reference's probe makes. */
    private static final int TAKEN = 32;
    private static final int EDGE = 8;

    private final GammaStm stm = new GammaStm();

    @Test
    void referencesWithHashesAtBothEndsOfTheRangeAreFoundInAFullArray() {
        List<GammaTxnLong> refs = new ArrayList<>();
        for (int slot = 0; slot < TAKEN; slot++) {
            refs.add(withIdentityHash(FAR + slot)); // slot `slot`, hash above every low edge
            refs.add(withIdentityHash(Integer.MAX_VALUE - FAR - slot)); // slot length-1-slot, below every high edge
        }
        for (int d = 1; d <= EDGE; d++) {
            refs.add(withIdentityHash(d));
            refs.add(withIdentityHash(Integer.MAX_VALUE - d + 1));
        }
        FatVariableLengthGammaTxn txn = assertInstanceOf(FatVariableLengthGammaTxn.class,
                stm.newTxnFactoryBuilder().setSpeculative(false).newTransactionFactory().newTxn());
        for (int i = 0; i < refs.size(); i++) {
            refs.get(i).set(txn, i);
        }
        for (int i = 0; i < refs.size(); i++) {
            assertEquals(i, refs.get(i).get(txn), "reference " + i + " read back in the transaction");
        }
        txn.commit();
        for (int i = 0; i < refs.size(); i++) {
            assertEquals(i, refs.get(i).atomicGet(), "reference " + i + " after the commit");
        }
    }

    /** A reference whose identity hash, as Multiverse sees it, is {@code hash} (not 0: 0 means not yet taken). */
    private GammaTxnLong withIdentityHash(int hash) {
        return new GammaTxnLong(stm) {
            {
                identityHashCode = hash;
            }
        };
    }
}
