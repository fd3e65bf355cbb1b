package dev.locus.hazelcast;

import java.util.ArrayList;
import java.util.List;

/** A batch of deliveries for one member. */
final class Deliveries extends Message<Boolean> {

    private static final long serialVersionUID = 1L;

    private final ArrayList<Delivery> batch;

    Deliveries(String executor, List<Delivery> batch) {
        super(executor);
        this.batch = new ArrayList<>(batch);
    }

    @Override
    Boolean deliverTo(ClusterNode node) {
        node.receiver.deliver(batch);
        return Boolean.TRUE;
    }

    /** False: the sender tries again until the member starts its node or leaves. */
    @Override
    Boolean noNode() {
        return Boolean.FALSE;
    }
}
