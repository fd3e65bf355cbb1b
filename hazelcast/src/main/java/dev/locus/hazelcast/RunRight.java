package dev.locus.hazelcast;

import java.io.Serializable;
import java.util.UUID;

/**
 * The right to start a partition's tasks, as the rights directory records it: held by the node on
 * {@code member} that claimed it with {@code ticket}. A ticket is made for one claim and never
 * reused, so a node knows an answer about an earlier claim, or a right it has since handed on, for
 * what it is.
 */
record RunRight(UUID member, UUID ticket) implements Serializable {
}
