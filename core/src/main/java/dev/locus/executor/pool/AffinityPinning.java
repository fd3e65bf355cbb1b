package dev.locus.executor.pool;

import java.lang.System.Logger.Level;
import java.util.BitSet;

/**
 * Pins the calling worker thread to one CPU with OpenHFT Affinity, an optional dependency. Any
 * failure (the library missing, no native support, a CPU outside the process's allowed set) is
 * logged with its reason and the worker runs unpinned. Public for the LUTS workers, which pin
 * themselves; not an API (see {@link WorkerPool}).
 */
public final class AffinityPinning {

    private static final System.Logger LOG = System.getLogger(AffinityPinning.class.getName());

    private AffinityPinning() {
    }

    /** Pins the calling thread to CPU {@code workerIndex} modulo the processors, or logs why not. */
    public static void pin(int workerIndex) {
        int cpu = workerIndex % Runtime.getRuntime().availableProcessors();
        try {
            net.openhft.affinity.Affinity.setAffinity(cpu);
            BitSet now = net.openhft.affinity.Affinity.getAffinity();
            if (now.cardinality() != 1 || !now.get(cpu)) {
                LOG.log(Level.WARNING, "worker {0} not pinned to CPU {1}: Affinity reports CPUs {2}; running unpinned",
                        workerIndex, cpu, now);
            }
        } catch (LinkageError | RuntimeException e) {
            LOG.log(Level.WARNING, "worker " + workerIndex + " not pinned to CPU " + cpu + " (" + e
                    + "); is net.openhft:affinity on the class path? Running unpinned");
        }
    }
}
