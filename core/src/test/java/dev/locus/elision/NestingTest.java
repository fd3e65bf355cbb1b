package dev.locus.elision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.StampedLock;
import org.junit.jupiter.api.Test;

/** The nesting rules of [Dice14] §4.1 and §3.3, and the misuse they refuse. */
class NestingTest {

    private static final ElisionPolicy OPTIMISTIC = ElisionPolicy.fixed(0, 3);

    @Test
    void aSectionOfALockTheThreadHoldsRunsWithoutAcquiringAgain() {
        ElidableLock lock = ElidableLock.builder("stamped", LockApi.of(new StampedLock())).policy(OPTIMISTIC).build();
        CriticalSection<Void, String> inner = lock.section("inner", () -> "inner locked", swopt -> "inner optimistic");
        CriticalSection<Void, String> outer = lock.section("outer", () -> "outer + " + inner.call());
        assertEquals("outer + inner locked", outer.call(), "StampedLock is not reentrant: acquiring again would hang");
    }

    @Test
    void aSectionSharedByThreadsSeesEachCallersOwnFrames() throws InterruptedException {
        ElidableLock lock = ElidableLock.builder("stamped", LockApi.of(new StampedLock())).policy(OPTIMISTIC).build();
        CriticalSection<Void, String> inner = lock.section("inner", () -> "inner locked", swopt -> "inner optimistic");
        assertEquals("inner optimistic", inner.call(), "this thread calls first: the section remembers it");
        CriticalSection<Void, String> outer = lock.section("outer", () -> "outer + " + inner.call());
        String[] nested = new String[1];
        Thread other = new Thread(() -> nested[0] = outer.call());
        other.start();
        join(other);
        assertEquals("outer + inner locked", nested[0],
                "the other thread holds the lock: with this thread's frames it would try SWOPT, then acquire again and hang");
        assertEquals("inner optimistic", inner.call());
    }

    @Test
    void swoptIsNotChosenInsideAnOptimisticAttemptOnAnotherLock() {
        ElidableLock a = ElidableLock.builder("a", LockApi.of(new ReentrantLock())).policy(OPTIMISTIC).build();
        ElidableLock b = ElidableLock.builder("b", LockApi.of(new ReentrantLock())).policy(OPTIMISTIC).build();
        CriticalSection<Void, String> onB = b.section("onB", () -> "b locked", swopt -> "b optimistic");
        CriticalSection<Void, String> onA = a.section("onA", () -> "a locked", swopt -> "a optimistic, " + onB.call());
        assertEquals("a optimistic, b locked", onA.call());
        CriticalSection<Void, String> sameLock = a.section("sameLock", () -> "a locked", swopt -> "a optimistic");
        CriticalSection<Void, String> outer = a.section("outer", () -> "locked", swopt -> "outer, " + sameLock.call());
        assertEquals("outer, a optimistic", outer.call(), "SWOPT nests within SWOPT on the same lock");
    }

    @Test
    void aSwoptKeptBeyondItsAttemptRefusesToValidate() {
        ElidableLock lock = ElidableLock.builder("l", LockApi.of(new ReentrantLock())).policy(OPTIMISTIC).build();
        Swopt[] kept = new Swopt[1];
        CriticalSection<Void, String> read = lock.section("read", () -> "locked", swopt -> {
            kept[0] = swopt;
            return "optimistic";
        });
        assertEquals("optimistic", read.call());
        assertThrows(IllegalStateException.class, kept[0]::validate,
                "a stale Swopt must not answer for an attempt that has ended");
    }

    @Test
    void aLockedUpdateAfterAStaleOptimisticSearchRetriesTheSearch() {
        ElidableLock lock = ElidableLock.builder("l", LockApi.of(new ReentrantLock())).policy(OPTIMISTIC).build();
        CriticalSection<Void, Void> interfere = lock.section("interfere", () -> {
            lock.conflictingAction(() -> { });
            return null;
        });
        List<String> updates = new ArrayList<>();
        int[] searches = {0};
        CriticalSection<Void, Void> update = lock.section("update", () -> {
            updates.add("after search " + searches[0]);
            return null;
        });
        CriticalSection<Void, String> insert = lock.section("insert", () -> "locked path", swopt -> {
            searches[0]++;
            if (searches[0] == 1) {
                Thread other = new Thread(interfere::call); // a writer acts between search and update
                other.start();
                join(other);
            }
            update.call();
            return "optimistic path";
        });
        assertEquals("optimistic path", insert.call());
        assertEquals(List.of("after search 2"), updates, "the stale search's update must not happen");
        GranuleReport nested = lock.report().rows().stream().filter(r -> r.context().equals("insert > update"))
                .findFirst().orElseThrow();
        assertEquals(1, nested.mode(Mode.LOCK).attempts() - nested.mode(Mode.LOCK).successes(),
                "the stale update is counted as a failed lock attempt");
    }

    @Test
    void conflictingActionsNeedTheLockHeldBySectionOfIt() {
        ElidableLock lock = ElidableLock.builder("l", LockApi.of(new ReentrantLock())).policy(OPTIMISTIC).build();
        assertThrows(IllegalStateException.class, () -> lock.conflictingAction(() -> { }), "outside any section");
        IllegalStateException inOptimistic = assertThrows(IllegalStateException.class,
                () -> lock.section("s", () -> "locked", swopt -> {
                    lock.conflictingAction(() -> { });
                    return "optimistic";
                }).call());
        assertTrue(inOptimistic.getMessage().contains("holds the lock"), inOptimistic.getMessage());
        int[] ran = {0};
        lock.section("nested actions", () -> {
            lock.conflictingAction(() -> lock.conflictingAction(() -> ran[0]++));
            return null;
        }).call();
        assertEquals(1, ran[0]);
        assertEquals(0, lock.stableVersion() % 2, "the version is even again after nested actions");
    }

    @Test
    void anExceptionFromTheLockedBodyPropagatesAndReleasesTheLock() {
        ReentrantLock jdk = new ReentrantLock();
        ElidableLock lock = ElidableLock.builder("l", LockApi.of(jdk)).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> lock.section("fails", () -> {
            lock.conflictingAction(() -> {
                throw new IllegalArgumentException("in the action");
            });
            return null;
        }).call());
        assertEquals("in the action", e.getMessage());
        assertTrue(!jdk.isLocked() && lock.stableVersion() % 2 == 0, "lock released, version even");
    }

    @Test
    void anExceptionFromAValidOptimisticAttemptIsTheSectionsOwn() {
        ElidableLock lock = ElidableLock.builder("l", LockApi.of(new ReentrantLock())).policy(OPTIMISTIC).build();
        assertThrows(ArithmeticException.class, () -> lock.section("s", () -> 0, swopt -> Math.floorDiv(1, 0)).call());
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
