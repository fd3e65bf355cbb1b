package dev.locus.hazelcast;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.ExecutionCallback;
import com.hazelcast.core.IExecutorService;
import java.util.Collection;
import java.util.Map;
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
            Thread t = new Thread(r, "locus-hazelcast-" + name + "-retry");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Sends {@code message} to {@code target}; exactly one of the callbacks is called, on a
     * Hazelcast thread or (for a failure to send at all) on this one.
     */
    <R> void send(Message<R> message, Member target, Consumer<R> onResponse, Consumer<Throwable> onFailure) {
        try {
            executor.submitToMember(message, target, new ExecutionCallback<R>() {
                @Override
                public void onResponse(R response) {
                    onResponse.accept(response);
                }

                @Override
                public void onFailure(Throwable t) {
                    onFailure.accept(t);
                }
            });
        } catch (RuntimeException e) {
            onFailure.accept(e);
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
        try {
            timer.schedule(retry, RETRY_MILLIS, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException stopped) {
            // the node stopped with its Hazelcast instance
        }
    }

    void close() {
        timer.shutdownNow();
    }
}
