package dev.locus.luts;

/**
 * CILUTS ([Nicacio10] §3.3.1): a contention intensity per transaction type, updated at every commit
 * and abort of that type, {@code CI = 0.75*CI + 0.25*CC}; above the threshold, the transaction
 * is switched out instead of being serialized as ATS would.
 *
 * <p>Concurrency: the intensities are {@link MovingAverages}, so concurrent updates from several
 * workers are not lost.
 */
final class ContentionIntensityAvoidance extends ConflictAvoidance {

    private static final int MAX_TYPES = 64;

    private final double threshold;
    private final TypeIndex types = new TypeIndex(MAX_TYPES);
    private final MovingAverages intensity = new MovingAverages(MAX_TYPES);

    ContentionIntensityAvoidance(double threshold) {
        this.threshold = threshold;
    }

    @Override
    boolean shouldSwitch(int type, int worker) {
        return intensity.get(types.of(type)) > threshold;
    }

    @Override
    void committed(int type, int worker) {
        record(type, 0);
    }

    @Override
    void aborted(int type, int worker) {
        record(type, 1);
    }

    private void record(int type, int cc) {
        int index = types.find(type);
        if (index < 0) {
            return; // a type never started by this scheduler: nothing to steer
        }
        intensity.record(index, cc);
    }

    @Override
    public String toString() {
        return "ciluts[threshold=" + threshold + "]";
    }
}
