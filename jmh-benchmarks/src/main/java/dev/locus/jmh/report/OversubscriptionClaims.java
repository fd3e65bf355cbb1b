package dev.locus.jmh.report;

import dev.locus.jmh.report.Claim.Verdict;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Issue 7's closing question, per workload, computed from the measurements: does LUTS keep its
 * 2-thread throughput at 64 logical threads while plain threads degrade, and by how much?
 */
final class OversubscriptionClaims {

    /*
     * Implementation notes
     *
     * Overview
     *   On two cores, 2 threads are the most that need no time-slicing, so a configuration's
     *   retention is its commit rate at the most threads measured (64 in both profiles) over its
     *   rate at 2. LUTS "keeps" its throughput if it retains at least KEEPS; "basic" (platform
     *   threads, immediate retry, paper 004's baseline) "degrades" if it retains less. Each
     *   retention is a ratio within one configuration, so it does not depend on the machine's
     *   speed. The measured text adds the best platform-thread configuration at the most threads,
     *   whose retention says whether a contention manager alone already holds up, and LUTS's rate
     *   over basic's and over that best one at the most threads: by how much LUTS wins or loses.
     *
     *   KEEPS allows 10%: twice the 5% margin of paper 002's claims, since each retention divides
     *   two runs' scores and carries both errors. Each retention is a Ratio over paired rounds
     *   with its 95% interval: reproduced if LUTS's interval lies at or above KEEPS and basic's
     *   wholly below it, contradicted if LUTS's lies wholly below or basic's at or above,
     *   inconclusive otherwise (Outcome, Claim.Verdict).
     *
     * References
     *   Paper 001 §4.1 (LUTS holds its speedup from 16 to 64 threads on 8 cores; tinySTM alone
     *   does not); paper 004 §5.1 (basic and SER-u spin drop off beyond the cores).
     */

    /** "Keeps" its 2-thread throughput: retains at least this fraction of it at the most threads. */
    static final double KEEPS = 0.90;
    /** The most threads that two cores run without time-slicing. */
    static final int BASE_THREADS = 2;

    private OversubscriptionClaims() {
    }

    /** One claim per workload, in report order. */
    static List<Claim> evaluate(Results results) {
        return Arrays.stream(Workload.values())
                .map(workload -> lutsKeepsItsThroughput(results.oversubscription(), workload)).toList();
    }

    static Claim lutsKeepsItsThroughput(OversubscriptionResults results, Workload workload) {
        String claim = "LUTS keeps its 2-thread throughput at 64 threads while plain threads degrade: "
                + workload.label();
        String paper = "LUTS sustains its throughput from 16 to 64 threads on 8 cores, tinySTM alone does not"
                + " (001 §4.1); basic drops off beyond the cores (004 §5.1)";
        int most = results.threads(workload).stream()
                .filter(n -> n > BASE_THREADS)
                .filter(n -> retention(results, workload, Names.LUTS, n).isMeasured())
                .filter(n -> retention(results, workload, Names.BASIC, n).isMeasured())
                .reduce(0, Math::max);
        if (most == 0) {
            return Claim.notMeasured(claim, paper, "luts and basic on " + workload.method() + " at 2 threads and more");
        }
        Ratio luts = retention(results, workload, Names.LUTS, most);
        Ratio basic = retention(results, workload, Names.BASIC, most);
        StringBuilder measured = new StringBuilder(String.format(Locale.ROOT,
                "%d/%d threads: luts %s, basic %s", most, BASE_THREADS, luts, basic));
        Optional<String> bestPlain = Names.PLATFORM_THREAD_CONFIGURATIONS.stream()
                .filter(c -> retention(results, workload, c, most).isMeasured())
                .max(Comparator.comparingDouble(c -> results.commitRate(workload, c, most)));
        bestPlain.filter(c -> !c.equals(Names.BASIC)).ifPresent(c -> measured.append(String.format(Locale.ROOT,
                ", %s (best plain at %d) %s", c, most, retention(results, workload, c, most))));
        Rounds lutsRate = results.rounds(workload, Names.LUTS, most);
        measured.append(String.format(Locale.ROOT, "; at %d threads luts/basic %s", most,
                Ratio.of(lutsRate, results.rounds(workload, Names.BASIC, most))));
        bestPlain.filter(c -> !c.equals(Names.BASIC)).ifPresent(c -> measured.append(String.format(Locale.ROOT,
                ", luts/%s %s", c, Ratio.of(lutsRate, results.rounds(workload, c, most)))));
        return new Claim(claim, paper, measured.toString(),
                Verdict.ofAll(Outcome.atLeast(luts, KEEPS), Outcome.below(basic, KEEPS)));
    }

    /** {@code configuration}'s commit rate at {@code threads} over its rate at 2, paired by round. */
    private static Ratio retention(OversubscriptionResults results, Workload workload, String configuration,
            int threads) {
        return Ratio.of(results.rounds(workload, configuration, threads),
                results.rounds(workload, configuration, BASE_THREADS));
    }
}
