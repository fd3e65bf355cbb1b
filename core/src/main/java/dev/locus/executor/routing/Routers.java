package dev.locus.executor.routing;

/** Argument checks shared by the routers. */
final class Routers {

    private Routers() {
    }

    static int checkWorkers(int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be > 0, was " + workers);
        }
        return workers;
    }

    static int checkPositive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be > 0, was " + value);
        }
        return value;
    }
}
