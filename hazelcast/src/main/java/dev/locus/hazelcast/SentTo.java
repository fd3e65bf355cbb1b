package dev.locus.hazelcast;

import java.io.Serializable;
import java.util.UUID;

/**
 * What one node sent a leaving member: for each partition, the sequence number of the last task
 * of its lane that went there, or -1.
 */
record SentTo(UUID senderNode, UUID senderMember, long[] lastSeq) implements Serializable {
}
