package dev.locus.jmh.report;

/**
 * One claim of a paper (paper 002's §5.4, or issue 7's about papers 001 and 004) set against the
 * measurements.
 *
 * @param claim the claim in a few words
 * @param paperSays what the paper reports
 * @param measured the ratios this run measured, each with the worker count it is at
 */
record Claim(String claim, String paperSays, String measured, Verdict verdict) {

    enum Verdict {
        REPRODUCED("reproduced"),
        TIED("tied"),
        NOT_REPRODUCED("not reproduced"),
        NOT_MEASURED("not measured");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** A claim the file has no data for. */
    static Claim notMeasured(String claim, String paperSays, String missing) {
        return new Claim(claim, paperSays, "not measured: " + missing, Verdict.NOT_MEASURED);
    }
}
