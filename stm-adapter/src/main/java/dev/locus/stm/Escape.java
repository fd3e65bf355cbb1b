package dev.locus.stm;

/**
 * Leaves Multiverse's retry loop from inside its backoff call, for the two exits the loop does not
 * have: a deferral ({@link dev.locus.contention.Resolution#DEFER}) and an interrupt while the
 * contention manager waited. Multiverse steers its own loop with {@code Error}s
 * ({@code ControlFlowError}); an {@code Error} passes its {@code catch (RuntimeException)} and
 * {@code catch (Exception)} untouched, after its {@code finally} has put the transaction back.
 */
final class Escape extends Error {

    private static final long serialVersionUID = 1L;

    static final Escape DEFERRAL = new Escape(null);

    Escape(InterruptedException cause) {
        super(cause == null ? "deferred" : "interrupted", cause, false, false);
    }
}
