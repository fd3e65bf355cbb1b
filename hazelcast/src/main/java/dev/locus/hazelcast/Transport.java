package dev.locus.hazelcast;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.IExecutorService;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Carries a node's messages to other members through one Hazelcast {@link IExecutorService} per
 * executor, and runs retries after a pause.
 */
final class Transport {

    /** Pause before a message is sent again. */
    static final long RETRY_MILLIS = 10;
    /** Sends of one delivery before its task is refused: about 30 s of a member without the executor. */
    static final int MAX_ATTEMPTS = 3_000;

    private final IExecutorService executor;
    private final ScheduledExecutorService timer;

    Transport(IExecutorService executor, String name) {
        this.executor = executor;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "locus-hazelcast-" + name + "-transport");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Sends {@code message} to {@code target}; exactly one of the callbacks is called, on this
     * transport's thread (or on this one, when the send fails at once).
     *
     * <p>Hazelcast runs an {@code ExecutionCallback} through its default asynchronous executor,
     * which on a machine with fewer than three processors starts a thread per callback (as
     * {@code CompletableFuture} does there); so the callbacks are attached to the returned future
     * with this transport's own thread, which also runs the retries. They are short: bookkeeping
     * and further sends.
     */
    @SuppressWarnings("unchecked") // Hazelcast's member futures are CompletionStages of the task's type
    <R> void send(Message<R> message, Member target, Consumer<R> onResponse, Consumer<Throwable> onFailure) {
        Future<R> future;
        try {
            future = executor.submitToMember(message, target);
        } catch (RuntimeException e) {
            onFailure.accept(e);
            return;
        }
        if (future instanceof CompletionStage<?> stage) {
            ((CompletionStage<R>) stage).whenCompleteAsync((response, failure) -> {
                if (failure != null) {
                    onFailure.accept(failure);
                } else {
                    onResponse.accept(response);
                }
            }, this::runOrDrop);
        } else {
            throw new IllegalStateException("Hazelcast's executor returned a " + future.getClass()
                    + ", not a CompletionStage");
        }
    }

    /** Sends a message whose answer does not matter, to a member that may be gone. */
    void tell(Message<?> message, Member target) {
        send(message, target, r -> { }, t -> { });
    }

    /** Sends {@code message} to each of {@code members}; their answers, by member. */
    <R> Map<Member, Future<R>> askAll(Message<R> message, Collection<Member> members) {
        return executor.submitToMembers(message, members);
    }

    /**
     * Runs {@code retry} after {@link #RETRY_MILLIS}; drops it once the node has stopped, which
     * fails every task still pending there.
     */
    void later(Runnable retry) {
        later(retry, RETRY_MILLIS);
    }

    /** Runs {@code action} after {@code millis}; drops it once the node has stopped. */
    void later(Runnable action, long millis) {
        try {
            timer.schedule(action, millis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException stopped) {
            // the node stopped with its Hazelcast instance
        }
    }

    /** Runs {@code action} on this transport's thread; drops it once the node has stopped. */
    private void runOrDrop(Runnable action) {
        try {
            timer.execute(action);
        } catch (RejectedExecutionException stopped) {
            // the node stopped with its Hazelcast instance, which fails what is still pending
        }
    }

    void close() {
        timer.shutdownNow();
    }
}
