package dev.locus.executor;

/**
 * Which stripe of a striped structure (the epoch gate's in-flight cells, a worker's lane for the
 * thread's tasks where they go by thread) the calling thread starts at. A thread always gets the same number, so that it
 * enters and leaves the same in-flight cell.
 */
final class Stripes {

    private Stripes() {
    }

    /**
     * The calling thread's id: positive, unique among live threads, and consecutive for threads
     * created one after another, as a pool's are, which masked give different stripes. A plain
     * field read; the identity hash code used before took a slow path in the VM whenever the
     * thread's header held a lock or a hash (a tenth of a producer's time in a profile of 2
     * producers submitting empty tasks).
     */
    @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+; getId() is the same number
    static long idOfCurrentThread() {
        return Thread.currentThread().getId();
    }
}
