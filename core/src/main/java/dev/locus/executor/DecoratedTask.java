package dev.locus.executor;

import java.util.Objects;

/**
 * A task as a {@link TaskDecorator} wrapped it, with the task as submitted, which
 * {@code shutdownNow} returns in its place.
 */
final class DecoratedTask implements Runnable {

    final Runnable submitted;
    private final Runnable decorated;

    private DecoratedTask(Runnable submitted, Runnable decorated) {
        this.submitted = submitted;
        this.decorated = decorated;
    }

    /**
     * {@code task} wrapped by {@code decorator}, or {@code task} itself if there is none.
     *
     * @throws NullPointerException if the decorator returns null
     */
    static Runnable decorate(TaskDecorator decorator, Runnable task) {
        return decorator == null ? task : new DecoratedTask(task, decoration(decorator, task));
    }

    /**
     * What {@code decorator} returns for {@code task}, checked.
     *
     * @throws NullPointerException if the decorator returns null
     */
    static Runnable decoration(TaskDecorator decorator, Runnable task) {
        return Objects.requireNonNull(decorator.decorate(task),
                () -> "task decorator " + decorator + " returned null for " + task);
    }

    /** The task as submitted, if {@code task} is a decoration; else {@code task}. */
    static Runnable submitted(Runnable task) {
        return task instanceof DecoratedTask d ? d.submitted : task;
    }

    @Override
    public void run() {
        decorated.run();
    }

    @Override
    public String toString() {
        return "decorated " + submitted;
    }
}
