package dev.locus.luts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The decision rules of CILUTS and CTLUTS, driven directly with the events a scheduler gives them. */
class HeuristicsTest {

    private static final int A = 7;
    private static final int B = 8;

    @Test
    void cilutsSwitchesOnceTheIntensityPassesOneHalf() {
        ConflictAvoidance ci = ConflictAvoidance.ciluts();
        ci.bind(2);
        assertFalse(ci.shouldSwitch(A, 0), "CI starts at 0");
        ci.aborted(A, 0);
        ci.aborted(A, 1);
        assertFalse(ci.shouldSwitch(A, 0), "two aborts: CI = 1 - 0.75^2 = 0.4375");
        ci.aborted(A, 0);
        assertTrue(ci.shouldSwitch(A, 0), "three aborts: CI = 1 - 0.75^3 = 0.578");
        assertTrue(ci.shouldSwitch(A, 1), "the intensity is the type's, whichever worker asks");
        assertFalse(ci.shouldSwitch(B, 0), "other types keep their own intensity");
        ci.committed(A, 1);
        assertFalse(ci.shouldSwitch(A, 0), "a commit: CI = 0.75 * 0.578 = 0.434");
    }

    @Test
    void ctlutsSwitchesAgainstTheTypesRunningOnOtherWorkers() {
        ConflictAvoidance ct = ConflictAvoidance.ctluts();
        ct.bind(2);
        assertFalse(ct.shouldSwitch(B, 0));
        ct.started(A, 1);
        for (int i = 0; i < 3; i++) {
            ct.aborted(B, 0); // P(B | A running) = 0.578 after three
        }
        assertTrue(ct.shouldSwitch(B, 0), "A runs on worker 1 and B has aborted against it");
        assertFalse(ct.shouldSwitch(A, 0), "the table is ordered: A has not aborted against A");
        assertFalse(ct.shouldSwitch(B, 1), "worker 1's own transaction does not count against it");
        ct.stopped(1);
        assertFalse(ct.shouldSwitch(B, 0), "nothing runs elsewhere");
        ct.started(A, 1);
        ct.committed(B, 0);
        assertFalse(ct.shouldSwitch(B, 0), "a commit lowers P(B | A) to 0.434");
    }

    @Test
    void ctlutsIgnoresOutcomesOfTypesItNeverStarted() {
        ConflictAvoidance ct = ConflictAvoidance.ctluts();
        ct.bind(2);
        ct.started(A, 1);
        for (int i = 0; i < 5; i++) {
            ct.aborted(99, 0);
        }
        assertFalse(ct.shouldSwitch(99, 0), "aborts of a type never asked about are not recorded");
    }

    @Test
    void moreTypesThanTheTablesHoldAreRefusedClearly() {
        ConflictAvoidance ct = ConflictAvoidance.ctluts();
        ct.bind(1);
        for (int type = 0; type < 64; type++) {
            ct.shouldSwitch(type, 0);
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ct.shouldSwitch(64, 0));
        assertTrue(e.getMessage().contains("more than 64 transaction types"), e.getMessage());
    }

    @Test
    void anInstanceServesOneScheduler() {
        ConflictAvoidance ci = ConflictAvoidance.ciluts();
        LogicalThreadScheduler.builder().workers(1).conflictAvoidance(ci).build().close();
        assertThrows(IllegalStateException.class,
                () -> LogicalThreadScheduler.builder().workers(1).conflictAvoidance(ci).build());
        assertEquals("luts", ConflictAvoidance.none().toString());
    }
}
