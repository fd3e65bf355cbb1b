package dev.locus.contention;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The threads whose transactions may conflict with one another, and the
 * {@link ContentionManager} that arbitrates among them. Each thread gets its {@link Contender} on
 * first use; a contender whose thread has died is dropped when the next thread joins.
 */
public final class ContentionDomain {

    private final ContentionManager manager;
    private final ThreadLocal<Contender> own = ThreadLocal.withInitial(this::join);
    /** Copy-on-write; replaced under {@code this}. */
    private volatile Contender[] contenders = new Contender[0];

    public ContentionDomain(ContentionManager manager) {
        this.manager = Objects.requireNonNull(manager, "manager");
    }

    public ContentionManager manager() {
        return manager;
    }

    /** The calling thread's contender. */
    public Contender contender() {
        return own.get();
    }

    /** Every contender that has joined and whose thread is alive or was at the last join. */
    Contender[] contenders() {
        return contenders;
    }

    private synchronized Contender join() {
        Contender joined = new Contender(this, Thread.currentThread());
        List<Contender> next = new ArrayList<>(contenders.length + 1);
        for (Contender c : contenders) {
            if (c.thread().isAlive()) {
                next.add(c);
            }
        }
        next.add(joined);
        contenders = next.toArray(new Contender[0]);
        return joined;
    }

    @Override
    public String toString() {
        return "ContentionDomain[" + manager + ", contenders=" + contenders.length + "]";
    }
}
