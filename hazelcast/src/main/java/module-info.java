/**
 * locus-hazelcast: a keyed executor across a Hazelcast cluster that keeps per-key order while the
 * members that own the keys change.
 */
module dev.locus.hazelcast {
    requires transitive dev.locus.core;
    requires transitive com.hazelcast.core;

    exports dev.locus.hazelcast;
    // Hazelcast makes the messages between members (DataSerializable operations) by reflection
    opens dev.locus.hazelcast to com.hazelcast.core;
}
