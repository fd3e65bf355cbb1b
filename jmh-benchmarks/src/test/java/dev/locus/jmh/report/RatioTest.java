package dev.locus.jmh.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.jmh.report.Claim.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The paired t-interval of a ratio and the verdicts its position gives, on inputs worked out by hand. */
class RatioTest {

    private static final double EPSILON = 1e-9;

    @Test
    void tQuantilesMatchTheTableAndTendToTheNormal() {
        assertEquals(12.706, Student.quantile975(1));
        assertEquals(4.303, Student.quantile975(2));
        assertEquals(2.042, Student.quantile975(30));
        assertEquals(2.021, Student.quantile975(40), 0.001, "Cornish-Fisher beyond the table");
        assertEquals(1.980, Student.quantile975(120), 0.001);
        assertThrows(IllegalArgumentException.class, () -> Student.quantile975(0));
    }

    @Test
    void intervalIsThePairedTIntervalOfTheLogRatios() {
        // log ratios ln 2 + (-0.1, 0, 0.1): mean ln 2, sd 0.1, n 3, half-width 4.303 * 0.1 / sqrt 3.
        Rounds numerator = rounds(2 * Math.exp(-0.1), 2, 2 * Math.exp(0.1));
        Ratio ratio = Ratio.of(numerator, rounds(1, 1, 1));
        double halfWidth = 4.303 * 0.1 / Math.sqrt(3);

        assertEquals(2, ratio.estimate(), EPSILON);
        assertEquals(2 * Math.exp(-halfWidth), ratio.low(), EPSILON);
        assertEquals(2 * Math.exp(halfWidth), ratio.high(), EPSILON);
        assertEquals(3, ratio.rounds());
        assertEquals("2.00× [1.56, 2.56], 3 rounds", ratio.toString());
    }

    @Test
    void pairingCancelsADriftThatMovesBothCellsOfARound() {
        Ratio paired = Ratio.of(rounds(1.2, 2.4, 3.6), rounds(1, 2, 3));

        assertEquals(1.2, paired.low(), EPSILON);
        assertEquals(1.2, paired.high(), EPSILON);
    }

    @Test
    void aProductOfRatiosIsOnePerRound() {
        // (a / b) / (c / d) with a = 4, b = 2, c = 3, d = 3 in every round: 2.
        Ratio ratio = Ratio.of(List.of(rounds(4, 4), rounds(3, 3)), List.of(rounds(2, 2), rounds(3, 3)));

        assertEquals(2, ratio.estimate(), EPSILON);
        assertEquals(2, ratio.rounds());
    }

    @Test
    void oneRoundHasNoIntervalAndNoRoundsIsNotMeasured() {
        Ratio one = Ratio.of(rounds(2), rounds(1));
        assertTrue(one.isMeasured());
        assertFalse(one.hasInterval());
        assertEquals("2.00× (1 round, no interval)", one.toString());
        assertEquals(Outcome.OPEN, Outcome.atLeast(one, 1.05), "no interval, no verdict");

        Ratio none = Ratio.of(rounds(2, 2), Rounds.NONE);
        assertFalse(none.isMeasured());
        assertEquals(Format.MISSING, none.toString());
    }

    @Test
    void cellsWithDifferentRoundsArePairedUpToTheShorter() {
        assertEquals(2, Ratio.of(rounds(2, 2, 9), rounds(1, 1)).rounds());
    }

    @Test
    void anIntervalWhollyAboveTheThresholdHoldsAndWhollyBelowFails() {
        assertEquals(Outcome.HOLDS, Outcome.atLeast(interval(1.06, 1.3), 1.05));
        assertEquals(Outcome.FAILS, Outcome.atLeast(interval(0.9, 1.04), 1.05));
        assertEquals(Outcome.OPEN, Outcome.atLeast(interval(1.0, 1.3), 1.05));
        assertEquals(Outcome.HOLDS, Outcome.below(interval(0.5, 0.8), 0.9));
        assertEquals(Outcome.FAILS, Outcome.below(interval(0.95, 1.1), 0.9));
        assertEquals(Outcome.HOLDS, Outcome.atMost(interval(0.9, 1.1), 1.1));
        assertEquals(Outcome.FAILS, Outcome.atMost(interval(1.2, 1.5), 1.1));
        assertEquals(Outcome.OPEN, Outcome.atMost(interval(1.0, 1.5), 1.1));
    }

    @Test
    void aTieHoldsInsideTheBandFailsOutsideAndIsOpenAcross() {
        assertEquals("tied", Outcome.within(interval(0.97, 1.03), 0.95, 1.05).asTie());
        assertEquals("not tied", Outcome.within(interval(1.1, 1.3), 0.95, 1.05).asTie());
        assertEquals("not tied", Outcome.within(interval(0.7, 0.95), 0.95, 1.05).asTie());
        assertEquals("inconclusive", Outcome.within(interval(0.9, 1.0), 0.95, 1.05).asTie());
    }

    @Test
    void aClaimHoldsIfEveryCheckHoldsAndFallsIfAnyFails() {
        assertEquals(Verdict.REPRODUCED, Verdict.ofAll(Outcome.HOLDS, Outcome.HOLDS));
        assertEquals(Verdict.INCONCLUSIVE, Verdict.ofAll(Outcome.HOLDS, Outcome.OPEN));
        assertEquals(Verdict.CONTRADICTED, Verdict.ofAll(Outcome.HOLDS, Outcome.OPEN, Outcome.FAILS));
    }

    @Test
    void noisyRoundsAroundTheThresholdAreInconclusiveAndTightOnesBelowContradict() {
        // 1.10, 1.00, 1.20 over 1: the interval spans 1.05.
        Ratio noisy = Ratio.of(rounds(1.10, 1.00, 1.20), rounds(1, 1, 1));
        assertTrue(noisy.low() < 1.05 && noisy.high() > 1.05, noisy.toString());
        assertEquals(Outcome.OPEN, Outcome.atLeast(noisy, 1.05));
        // 0.95, 0.96, 0.97 over 1: the whole interval is below 1.05.
        Ratio tight = Ratio.of(rounds(0.95, 0.96, 0.97), rounds(1, 1, 1));
        assertEquals(Outcome.FAILS, Outcome.atLeast(tight, 1.05), tight.toString());
    }

    @Test
    void roundsGiveTheirMeanAndTheHalfWidthOfItsInterval() {
        Rounds rounds = rounds(1, 2, 3);
        assertEquals(2, rounds.mean(), EPSILON);
        assertEquals(4.303 * 1 / Math.sqrt(3), rounds.halfWidth(), EPSILON);
        assertTrue(Double.isNaN(rounds(5).halfWidth()));
    }

    private static Rounds rounds(double... values) {
        return new Rounds(java.util.Arrays.stream(values).boxed().toList());
    }

    private static Ratio interval(double low, double high) {
        return new Ratio(Math.sqrt(low * high), low, high, 3);
    }
}
