package dev.locus.hierarchy.lock;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.hierarchy.HierarchicalTask;
import dev.locus.hierarchy.Hierarchy;
import dev.locus.hierarchy.LockMode;
import dev.locus.hierarchy.LockSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@link HierarchicalLockManager} contract, run against every manager: who waits for whom,
 * what an interrupt leaves behind, release rules, and bad input. Every wait is bounded.
 * The hierarchy is {@link TestHierarchies#binaryTree()}.
 */
@Timeout(value = 60, unit = SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LockManagerContractTest {

    private static final Hierarchy TREE = TestHierarchies.binaryTree();

    private final Queue<String> grants = new ConcurrentLinkedQueue<>();

    static List<?> managers() {
        return LockManagers.all().toList();
    }

    private static LockSet read(int node) {
        return LockSet.of(TREE, node, LockMode.READ);
    }

    private static LockSet write(int node) {
        return LockSet.of(TREE, node, LockMode.WRITE);
    }

    @ParameterizedTest
    @MethodSource("managers")
    void aConflictingRequestWaitsUntilTheHolderReleases(LockManagers.Spec spec) throws Exception {
        HierarchicalLockManager manager = spec.create(TREE);
        assertWaitsUntilReleased(manager, manager.lock(write(1)), read(3));
    }

    @ParameterizedTest
    @MethodSource("managers")
    void disjointReadersHoldTogether(LockManagers.Spec spec) throws Exception {
        assertHeldTogether(spec.create(TREE), read(3), read(5));
    }

    @ParameterizedTest
    @MethodSource("managers")
    void readersOfNestedNodesHoldTogether(LockManagers.Spec spec) throws Exception {
        assertHeldTogether(spec.create(TREE), read(0), read(3));
    }

    @ParameterizedTest
    @MethodSource("managers")
    void disjointWritersHoldTogetherUnlessTheManagerSerializesWriters(LockManagers.Spec spec) throws Exception {
        HierarchicalLockManager manager = spec.create(TREE);
        if (spec.disjointWritersTogether()) {
            assertHeldTogether(manager, write(3), LockSet.on(TREE).write(5).read(6).build());
        } else {
            assertWaitsUntilReleased(manager, manager.lock(write(3)), write(5));
        }
    }

    /** Checks that a request for {@code waiting} waits while {@code held} is held, and runs once it is released. */
    private void assertWaitsUntilReleased(HierarchicalLockManager manager, HierarchicalLockManager.Held held,
            LockSet waiting) throws InterruptedException {
        Locker waiter = Locker.holding("waiter for " + waiting, () -> manager.lock(waiting), grants);
        waiter.awaitBlocked();
        held.close();
        assertTrue(waiter.awaitLocked(), "granted after the release");
        waiter.release();
        waiter.assertNoFailure();
    }

    private void assertHeldTogether(HierarchicalLockManager manager, LockSet first, LockSet second) throws Exception {
        HierarchicalLockManager.Held held = manager.lock(first);
        Locker other = Locker.holding("holder of " + second, () -> manager.lock(second), grants);
        assertTrue(other.awaitLocked(), second + " granted while " + first + " is held");
        other.release();
        held.close();
        other.assertNoFailure();
    }

    @ParameterizedTest
    @MethodSource("managers")
    void anInterruptedWaiterThrowsAndHoldsNothing(LockManagers.Spec spec) throws Exception {
        HierarchicalLockManager manager = spec.create(TREE);
        HierarchicalLockManager.Held held = manager.lock(write(5));
        // Medium-grained and intention locks get the locks for node 1 before they wait for leaf 5.
        Locker waiter = Locker.holding("waiter", () -> manager.lock(LockSet.on(TREE).read(1).write(5).build()), grants);
        waiter.awaitBlocked();
        waiter.interrupt();
        waiter.join();
        assertInstanceOf(InterruptedException.class, waiter.failure());
        assertFalse(waiter.interruptedAfterFailure(), "the interrupt status is cleared, as by lockInterruptibly");
        held.close();
        Locker everything = Locker.holding("writer of the root", () -> manager.lock(write(0)), grants);
        assertTrue(everything.awaitLocked(), "the interrupted request left something held");
        everything.release();
        assertEquals(List.of("writer of the root"), List.copyOf(grants));
    }

    @ParameterizedTest
    @MethodSource("managers")
    void anInterruptOnEntryThrowsAndClearsTheStatus(LockManagers.Spec spec) throws Exception {
        HierarchicalLockManager manager = spec.create(TREE);
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> manager.lock(read(3)));
        assertFalse(Thread.interrupted());
        manager.lock(write(0)).close();
    }

    @ParameterizedTest
    @MethodSource("managers")
    void aSecondReleaseIsRejectedAndReleasesNothing(LockManagers.Spec spec) throws Exception {
        HierarchicalLockManager manager = spec.create(TREE);
        HierarchicalLockManager.Held first = manager.lock(write(3));
        first.close();
        HierarchicalLockManager.Held second = manager.lock(write(3));
        assertThrows(IllegalStateException.class, first::close);
        assertWaitsUntilReleased(manager, second, read(3));
    }

    @ParameterizedTest
    @MethodSource("managers")
    void onlyTheLockingThreadReleases(LockManagers.Spec spec) throws Exception {
        HierarchicalLockManager manager = spec.create(TREE);
        HierarchicalLockManager.Held held = manager.lock(write(0));
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread other = new Thread(() -> {
            try {
                held.close();
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        other.start();
        other.join(SECONDS.toMillis(10));
        assertInstanceOf(IllegalMonitorStateException.class, thrown.get());
        assertWaitsUntilReleased(manager, held, read(6));
    }

    @ParameterizedTest
    @MethodSource("managers")
    void runReleasesWhenTheTaskThrows(LockManagers.Spec spec) throws Exception {
        HierarchicalLockManager manager = spec.create(TREE);
        IllegalStateException boom = new IllegalStateException("boom");
        HierarchicalTask task = new HierarchicalTask(write(0), () -> {
            throw boom;
        });
        assertSame(boom, assertThrows(IllegalStateException.class, () -> manager.run(task)));
        Locker next = Locker.holding("next", () -> manager.lock(write(0)), grants);
        assertTrue(next.awaitLocked());
        next.release();
    }

    @ParameterizedTest
    @MethodSource("managers")
    void rejectsBadInput(LockManagers.Spec spec) {
        HierarchicalLockManager manager = spec.create(TREE);
        assertThrows(NullPointerException.class, () -> manager.lock(null));
        assertThrows(NullPointerException.class, () -> manager.run(null));
        assertThrows(NullPointerException.class, () -> spec.create(null));
        Hierarchy twin = TestHierarchies.binaryTree();
        assertThrows(IllegalArgumentException.class, () -> manager.lock(LockSet.of(twin, 3, LockMode.READ)),
                "a lock set of an equal but other hierarchy");
        assertSame(TREE, manager.hierarchy());
    }

    @Test
    void lockSetsRejectUnknownNodesAndEmptySets() {
        assertThrows(IllegalArgumentException.class, () -> LockSet.on(TREE).read(7));
        assertThrows(IllegalArgumentException.class, () -> LockSet.on(TREE).write(-1));
        assertThrows(IllegalArgumentException.class, () -> LockSet.on(TREE).build());
    }

    @Test
    void everyKindHasItsOwnName() {
        Set<String> names = Stream.of(HierarchicalLocks.Kind.values()).map(kind -> kind.create(TREE).name())
                .collect(Collectors.toSet());
        assertEquals(HierarchicalLocks.Kind.values().length, names.size(), names::toString);
        assertNotEquals(HierarchicalLocks.numLock(TREE).name(),
                HierarchicalLocks.numLock(TREE, new NumLockCostModel(0, 1)).name(), "the cost model shows in the name");
        assertEquals("domlock over " + TREE, HierarchicalLocks.domLock(TREE).toString());
    }
}
