package dev.locus.jmh.oversubscription;

import dev.locus.jmh.report.Claim.Verdict;
import dev.locus.jmh.report.Claim;
import dev.locus.jmh.report.Names;
import dev.locus.jmh.report.Outcome;
import dev.locus.jmh.report.Ratio;
import dev.locus.jmh.report.Results;
import dev.locus.jmh.report.Rounds;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The oversubscription claim of [Nicacio10] and [Maldonado10], per workload, computed from the measurements:
 * does LUTS keep, beyond the machine's cores, the throughput it has at as many threads as cores,
 * while plain threads degrade, and by how much?
 */
public final class OversubscriptionClaims {

    /*
     * Implementation notes
     *
     * Overview
     *   A configuration's retention is its commit rate at the most threads measured over its rate
     *   at the base: the most threads measured that the machine runs without time-slicing, at most
     *   one per processor (2 on two cores, 16 on sixteen). [Nicacio10] compares 64 threads with 8 on
     *   8 cores; comparing with fewer threads than cores would measure scaling below the cores,
     *   not oversubscription. LUTS "keeps" its throughput if it retains at least KEEPS; "basic"
     *   (platform threads, immediate retry, [Maldonado10]'s baseline) "degrades" if it retains less.
     *   Each retention is a ratio within one configuration, so it does not depend on the machine's
     *   speed. The measured text adds the best platform-thread configuration at the most threads,
     *   whose retention says whether a contention manager alone already holds up, and LUTS's rate
     *   over basic's and over that best one at the most threads: by how much LUTS wins or loses.
     *
     *   The claim is not testable where the machine's processors are not recorded (there is no
     *   base) or where no thread count above them was measured (nothing is oversubscribed).
     *
     *   KEEPS allows 10%: twice the 5% margin of [Bai06]'s claims, since each retention divides
     *   two runs' scores and carries both errors. Each retention is a Ratio over paired rounds
     *   with its 95% interval: reproduced if LUTS's interval lies at or above KEEPS and basic's
     *   wholly below it, contradicted if LUTS's lies wholly below or basic's at or above,
     *   inconclusive otherwise (Outcome, Claim.Verdict).
     *
     * References
     *   [Nicacio10] §4.1 (LUTS holds its speedup from 16 to 64 threads on 8 cores; tinySTM alone
     *   does not); [Maldonado10] §5.1 (basic and SER-u spin drop off beyond the cores).
     */

    /** "Keeps" its throughput at the base: retains at least this fraction of it at the most threads. */
    static final double KEEPS = 0.90;

    private OversubscriptionClaims() {
    }

    /** One claim per workload, in report order. */
    public static List<Claim> evaluate(Results results) {
        return Arrays.stream(Workload.values()).map(workload -> lutsKeepsItsThroughput(results, workload)).toList();
    }

    static Claim lutsKeepsItsThroughput(Results all, Workload workload) {
        String claim = "LUTS keeps its throughput beyond the cores while plain threads degrade: " + workload.label();
        String paper = "LUTS sustains its throughput from 16 to 64 threads on 8 cores, tinySTM alone does not"
                + " (001 §4.1); basic drops off beyond the cores (004 §5.1)";
        if (all.processors().isEmpty()) {
            return Claim.notTestable(claim, paper, "the machine's processors are not recorded (run.properties), so"
                    + " there is no base to compare beyond");
        }
        int cores = all.processors().getAsInt();
        OversubscriptionResults results = all.oversubscription();
        int base = results.threads(workload).stream()
                .filter(n -> n <= cores)
                .filter(n -> !results.rounds(workload, Names.LUTS, n).isEmpty())
                .filter(n -> !results.rounds(workload, Names.BASIC, n).isEmpty())
                .reduce(0, Math::max);
        if (base == 0) {
            return Claim.notMeasured(claim, paper, "luts and basic on " + workload.method() + " at " + cores
                    + " threads or fewer, one per processor");
        }
        int most = results.threads(workload).stream()
                .filter(n -> n > cores)
                .filter(n -> retention(results, workload, Names.LUTS, n, base).isMeasured())
                .filter(n -> retention(results, workload, Names.BASIC, n, base).isMeasured())
                .reduce(0, Math::max);
        if (most == 0) {
            return Claim.notTestable(claim, paper, "no thread count above this machine's " + cores
                    + " processors was measured for luts and basic on " + workload.method());
        }
        Ratio luts = retention(results, workload, Names.LUTS, most, base);
        Ratio basic = retention(results, workload, Names.BASIC, most, base);
        StringBuilder measured = new StringBuilder(String.format(Locale.ROOT,
                "%d/%d threads (%d processors): luts %s, basic %s", most, base, cores, luts, basic));
        Optional<String> bestPlain = Names.PLATFORM_THREAD_CONFIGURATIONS.stream()
                .filter(c -> retention(results, workload, c, most, base).isMeasured())
                .max(Comparator.comparingDouble(c -> results.commitRate(workload, c, most)));
        bestPlain.filter(c -> !c.equals(Names.BASIC)).ifPresent(c -> measured.append(String.format(Locale.ROOT,
                ", %s (best plain at %d) %s", c, most, retention(results, workload, c, most, base))));
        Rounds lutsRate = results.rounds(workload, Names.LUTS, most);
        measured.append(String.format(Locale.ROOT, "; at %d threads luts/basic %s", most,
                Ratio.of(lutsRate, results.rounds(workload, Names.BASIC, most))));
        bestPlain.filter(c -> !c.equals(Names.BASIC)).ifPresent(c -> measured.append(String.format(Locale.ROOT,
                ", luts/%s %s", c, Ratio.of(lutsRate, results.rounds(workload, c, most)))));
        return new Claim(claim, paper, measured.toString(),
                Verdict.ofAll(Outcome.atLeast(luts, KEEPS), Outcome.below(basic, KEEPS)));
    }

    /** {@code configuration}'s commit rate at {@code threads} over its rate at {@code base}, paired by round. */
    private static Ratio retention(OversubscriptionResults results, Workload workload, String configuration,
            int threads, int base) {
        return Ratio.of(results.rounds(workload, configuration, threads), results.rounds(workload, configuration, base));
    }
}
