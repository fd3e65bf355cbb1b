package dev.locus.hazelcast;

import com.hazelcast.core.HazelcastInstance;

/**
 * A member of a test cluster in a JVM of its own, for {@link KilledMemberTest}: joins the cluster
 * named by its argument, starts the test executor, prints {@code ready}, and runs until it is
 * killed (or its standard input closes, so that it never outlives the test JVM).
 */
public final class ChildMember {

    private ChildMember() {
    }

    public static void main(String[] args) throws Exception {
        HazelcastInstance member = TestCluster.newMember(args[0]);
        TestCluster.startExecutor(member, TestCluster.EXECUTOR, "child");
        System.out.println("ready");
        System.out.flush();
        while (System.in.read() >= 0) {
            // wait for the test JVM's end of the pipe
        }
        member.getLifecycleService().terminate();
    }
}
