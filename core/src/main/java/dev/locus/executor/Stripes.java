package dev.locus.executor;

/**
 * Which stripe of a striped structure (the epoch gate's in-flight cells, a worker's lanes) the
 * calling thread uses. A thread always gets the same number, so it leaves from the cell it entered
 * and its tasks stay in one lane, in order.
 */
final class Stripes {

    private Stripes() {
    }

    /**
     * The calling thread's id, as an int for masking: threads created one after another, as a
     * pool's are, get consecutive ids and so different stripes. A plain field read; the identity
     * hash code used before took a slow path in the VM whenever the thread's header held a lock
     * or a hash (a tenth of a producer's time in a profile of 2 producers submitting empty tasks).
     */
    @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+; getId() is the same number
    static int ofCurrentThread() {
        return (int) Thread.currentThread().getId();
    }
}
