package dev.locus.executor.sampling;

/** Argument checks shared by the sampling classes. */
final class Sampling {

    private Sampling() {
    }

    static int checkPositive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be > 0, was " + value);
        }
        return value;
    }
}
