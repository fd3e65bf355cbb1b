package dev.locus.executor;

import java.util.Objects;

/**
 * Wraps each task at submission, as Spring's {@code TaskDecorator} does for its executors: the
 * hook for carrying context from the submitting thread into the task, such as the SLF4J MDC, a
 * tracing span or a security context.
 *
 * <p>A keyed executor built with one ({@link LocusExecutors.Builder#taskDecorator}) calls
 * {@link #decorate} once per task, on the submitting thread, before it queues the task; the worker
 * then runs what it returned in the task's place. For {@code submit} and {@code submitAsync} the
 * task decorated is the future that runs the caller's work. Tasks returned by
 * {@code shutdownNow} and tasks handed to the rejection handler are the tasks as submitted, not
 * their decorations.
 *
 * <pre>{@code
 * TaskDecorator mdc = task -> {
 *     Map<String, String> context = MDC.getCopyOfContextMap();
 *     return () -> {
 *         Map<String, String> previous = MDC.getCopyOfContextMap();
 *         if (context == null) MDC.clear(); else MDC.setContextMap(context);
 *         try {
 *             task.run();
 *         } finally {
 *             if (previous == null) MDC.clear(); else MDC.setContextMap(previous);
 *         }
 *     };
 * };
 * }</pre>
 *
 * <p>Two decorators compose with {@link #andThen}: {@code mdc.andThen(tracing)} carries both, the
 * tracing wrapper outside the MDC one.
 */
@FunctionalInterface
public interface TaskDecorator {

    /**
     * The runnable to run in place of {@code task}; it should call {@code task.run()} once. An
     * exception thrown here reaches the submitter, and the task is not queued.
     *
     * @param task the task as submitted (or the future that runs it)
     * @return a non-null runnable
     */
    Runnable decorate(Runnable task);

    /**
     * This decorator, then {@code after} around what it returned, as {@code Function.andThen}
     * composes: on the submitting thread this one decorates the task first and {@code after}
     * decorates the result; on the worker {@code after}'s runnable runs outermost, before and after
     * this one's, which runs the task. So {@code after} sees the task with this decorator's context
     * in place, and whatever it measures includes this decorator's wrapper.
     *
     * @throws NullPointerException if {@code after} is null; the composed decorator throws it if
     *     this one returns null
     */
    default TaskDecorator andThen(TaskDecorator after) {
        Objects.requireNonNull(after, "after");
        return task -> after.decorate(DecoratedTask.decoration(this, task));
    }
}
