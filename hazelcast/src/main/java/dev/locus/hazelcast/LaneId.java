package dev.locus.hazelcast;

import java.util.UUID;

/**
 * A lane: the tasks one executor instance (a node, {@code senderNode}, on member
 * {@code senderMember}) sends for one partition, numbered 0, 1, 2... in the order they were
 * submitted there.
 */
record LaneId(UUID senderNode, UUID senderMember, int partition) {
}
