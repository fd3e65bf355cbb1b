package dev.locus.hierarchy.lock;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockSet;
import java.util.List;
import java.util.Queue;
import java.util.StringJoiner;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Gray's modes, the node locks each request plans, and the FIFO grant of one node lock. */
@Timeout(value = 30, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class IntentionLockingTest {

    /** Gray's table, row by row in the order IS, IX, S, SIX, X; + is compatible. */
    private static final List<String> GRAY = List.of(
            "++++-",
            "++---",
            "+-+--",
            "+----",
            "-----");

    @Test
    void compatibilityIsGraysMatrix() {
        IntentionMode[] modes = IntentionMode.values();
        for (int row = 0; row < modes.length; row++) {
            for (int column = 0; column < modes.length; column++) {
                assertEquals(GRAY.get(row).charAt(column) == '+', modes[row].compatibleWith(modes[column]),
                        modes[row] + " with " + modes[column]);
            }
        }
    }

    @Test
    void joiningModesGivesTheLeastModeThatGrantsBoth() {
        assertEquals(IntentionMode.SIX, IntentionMode.IX.join(IntentionMode.S));
        assertEquals(IntentionMode.SIX, IntentionMode.S.join(IntentionMode.IX));
        assertEquals(IntentionMode.IX, IntentionMode.IS.join(IntentionMode.IX));
        assertEquals(IntentionMode.S, IntentionMode.S.join(IntentionMode.IS));
        assertEquals(IntentionMode.X, IntentionMode.SIX.join(IntentionMode.X));
        assertEquals(IntentionMode.SIX, IntentionMode.SIX.join(IntentionMode.IS));
        for (IntentionMode a : IntentionMode.values()) {
            for (IntentionMode b : IntentionMode.values()) {
                IntentionMode joined = a.join(b);
                for (IntentionMode other : IntentionMode.values()) {
                    if (!a.compatibleWith(other) || !b.compatibleWith(other)) {
                        assertTrue(!joined.compatibleWith(other), a + " join " + b + " must exclude " + other);
                    }
                }
            }
        }
    }

    @Test
    void inATreeAReadIsSharedWithIntentionsUpToTheRoot() {
        Hierarchy tree = TestHierarchies.binaryTree();
        assertEquals("0:IS 1:IS 3:S", plan(LockSet.on(tree).read(3).build()));
        assertEquals("0:IX 1:SIX 3:X", plan(LockSet.on(tree).read(1).write(3).build()));
        assertEquals("0:IX 1:IS 2:IX 3:S 6:X", plan(LockSet.on(tree).read(3).write(6).build()));
    }

    /**
     * Root 0 with children 1 and 2; node 3 is shared by 1 and 2, with leaf 4 below it; leaves 5
     * under 2 and 6 under 1.
     */
    @Test
    void inADagAWriteAlsoLocksSharedDescendantsWithIntentionsOnAllTheirAncestors() {
        Hierarchy.Builder builder = Hierarchy.builder();
        builder.nodes(7);
        builder.edge(0, 1).edge(0, 2).edge(1, 3).edge(2, 3).edge(3, 4).edge(2, 5).edge(1, 6);
        Hierarchy dag = builder.build();
        assertEquals("0:IX 1:X 2:IX 3:X", plan(LockSet.on(dag).write(1).build()));
        assertEquals("0:IX 1:IX 2:IX 3:IX 4:X", plan(LockSet.on(dag).write(4).build()), "all ancestors of a write");
        assertEquals("0:IS 1:IS 3:IS 4:S", plan(LockSet.on(dag).read(4).build()), "one path for a read");
        assertEquals("0:IS 2:S", plan(LockSet.on(dag).read(2).build()));
    }

    @Test
    void aNodeLockGrantsInArrivalOrder() throws Exception {
        IntentionLock lock = new IntentionLock();
        Queue<String> grants = new ConcurrentLinkedQueue<>();
        lock.acquire(IntentionMode.S);
        Locker writer = Locker.passing("X", () -> held(lock, IntentionMode.X), grants);
        writer.awaitBlocked();
        Locker reader = Locker.passing("IS", () -> held(lock, IntentionMode.IS), grants);
        reader.awaitBlocked();
        lock.release(IntentionMode.S);
        writer.join();
        reader.join();
        assertEquals(List.of("X", "IS"), List.copyOf(grants), "IS, compatible with the S held, still queued behind X");
        writer.assertNoFailure();
        reader.assertNoFailure();
    }

    private static HierarchicalLockManager.Held held(IntentionLock lock, IntentionMode mode) throws InterruptedException {
        lock.acquire(mode);
        return new OnceHeld() {
            @Override
            void release() {
                lock.release(mode);
            }
        };
    }

    private static String plan(LockSet locks) {
        StringJoiner text = new StringJoiner(" ");
        for (long entry : new IntentionPlanner(locks.hierarchy()).plan(locks)) {
            text.add(IntentionPlanner.node(entry) + ":" + IntentionPlanner.mode(entry));
        }
        return text.toString();
    }
}
