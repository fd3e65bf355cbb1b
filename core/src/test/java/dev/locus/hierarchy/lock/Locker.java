package dev.locus.hierarchy.lock;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Queue;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * A thread that takes locks, notes the grant, holds them until told (or not at all), and
 * releases them: lets a test put requests into a manager in a known order and watch who waits.
 */
final class Locker {

    private static final long WAIT_S = 10;

    private final String name;
    private final Thread thread;
    private final CountDownLatch locked = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private volatile Throwable failure;
    private volatile boolean interruptedAfterFailure;

    private Locker(String name, Callable<HierarchicalLockManager.Held> lock, Queue<String> grants, boolean hold) {
        this.name = name;
        if (!hold) {
            release.countDown();
        }
        thread = new Thread(() -> {
            try {
                HierarchicalLockManager.Held held = lock.call();
                grants.add(name);
                locked.countDown();
                try {
                    release.await();
                } finally {
                    held.close();
                }
            } catch (Throwable e) {
                failure = e;
                interruptedAfterFailure = Thread.currentThread().isInterrupted();
            }
        }, name);
        thread.start();
    }

    /** Starts a thread that locks, logs its name to {@code grants}, and holds until {@link #release}. */
    static Locker holding(String name, Callable<HierarchicalLockManager.Held> lock, Queue<String> grants) {
        return new Locker(name, lock, grants, true);
    }

    /** Starts a thread that locks, logs its name to {@code grants}, and releases at once. */
    static Locker passing(String name, Callable<HierarchicalLockManager.Held> lock, Queue<String> grants) {
        return new Locker(name, lock, grants, false);
    }

    /** Whether the locks were granted within the test's patience. */
    boolean awaitLocked() throws InterruptedException {
        return locked.await(WAIT_S, SECONDS);
    }

    boolean isLocked() {
        return locked.getCount() == 0;
    }

    /** Waits until the thread is parked waiting, and fails if it got its locks instead. */
    void awaitBlocked() throws InterruptedException {
        long deadline = System.nanoTime() + SECONDS.toNanos(WAIT_S);
        while (thread.getState() != Thread.State.WAITING) {
            if (isLocked() || !thread.isAlive()) {
                fail(name + " was not made to wait" + (failure == null ? "" : ": " + failure));
            }
            if (System.nanoTime() > deadline) {
                fail(name + " neither waits nor holds its locks");
            }
            Thread.sleep(1);
        }
        assertFalse(isLocked(), name + " holds its locks");
    }

    void interrupt() {
        thread.interrupt();
    }

    /** Lets the thread release and waits for it to end. */
    void release() throws InterruptedException {
        release.countDown();
        join();
    }

    void join() throws InterruptedException {
        thread.join(SECONDS.toMillis(WAIT_S));
        assertFalse(thread.isAlive(), name + " did not finish");
    }

    /** What the thread threw; null if nothing. */
    Throwable failure() {
        return failure;
    }

    /** Whether the thread's interrupt status was set after it threw. */
    boolean interruptedAfterFailure() {
        return interruptedAfterFailure;
    }

    /** Fails if the thread threw. */
    void assertNoFailure() {
        assertTrue(failure == null, () -> name + " failed: " + failure);
    }
}
