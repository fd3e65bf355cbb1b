package dev.locus.hazelcast;

import java.util.ArrayList;
import java.util.List;

/** A batch of outcomes for the member that submitted the tasks. */
final class Completions extends Message<Boolean> {

    private static final long serialVersionUID = 1L;

    private final ArrayList<Completion> batch;

    Completions(String executor, List<Completion> batch) {
        super(executor);
        this.batch = new ArrayList<>(batch);
    }

    @Override
    Boolean deliverTo(ClusterNode node) {
        for (Completion c : batch) {
            node.sender.complete(c);
        }
        return Boolean.TRUE;
    }

    /** False: the submitter's node has stopped, and nobody waits for these outcomes. */
    @Override
    Boolean noNode() {
        return Boolean.FALSE;
    }
}
