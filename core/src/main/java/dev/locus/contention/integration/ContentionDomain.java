package dev.locus.contention.integration;

import dev.locus.contention.Contender;
import dev.locus.contention.ContentionManager;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The threads whose transactions may conflict with one another, and the
 * {@link ContentionManager} that arbitrates among them: what an STM integration builds around a
 * manager. Each thread gets its {@link ThreadContender} on first use; a contender whose thread has
 * died is dropped when the next thread joins.
 */
public final class ContentionDomain {

    private final ContentionManager manager;
    private final ThreadLocal<ThreadContender> own = ThreadLocal.withInitial(this::join);
    /** Copy-on-write; replaced under {@code this}. */
    private volatile ThreadContender[] contenders = new ThreadContender[0];

    public ContentionDomain(ContentionManager manager) {
        this.manager = Objects.requireNonNull(manager, "manager");
    }

    public ContentionManager manager() {
        return manager;
    }

    /** The calling thread's contender. */
    public ThreadContender contender() {
        return own.get();
    }

    /**
     * Every contender that has joined and whose thread is alive or was at the last join, the
     * caller's {@link Contender} included; a snapshot, any thread.
     */
    public List<ThreadContender> contenders() {
        return Collections.unmodifiableList(Arrays.asList(contenders));
    }

    private synchronized ThreadContender join() {
        ThreadContender joined = new ThreadContender(this, Thread.currentThread());
        List<ThreadContender> next = new ArrayList<>(contenders.length + 1);
        for (ThreadContender c : contenders) {
            if (c.thread().isAlive()) {
                next.add(c);
            }
        }
        next.add(joined);
        contenders = next.toArray(new ThreadContender[0]);
        return joined;
    }

    @Override
    public String toString() {
        return "ContentionDomain[" + manager + ", contenders=" + contenders.length + "]";
    }
}
