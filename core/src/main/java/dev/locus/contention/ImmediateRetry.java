package dev.locus.contention;

/** [Maldonado10]'s "basic" (TinySTM's CM_SUICIDE): restart at once. */
final class ImmediateRetry implements ContentionManager {

    @Override
    public Resolution afterConflict(Contender self) {
        return Resolution.RETRY;
    }

    @Override
    public String toString() {
        return "basic";
    }
}
