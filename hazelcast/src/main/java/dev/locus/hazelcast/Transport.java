package dev.locus.hazelcast;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.instance.impl.HazelcastInstanceImpl;
import com.hazelcast.instance.impl.HazelcastInstanceProxy;
import com.hazelcast.spi.impl.operationservice.OperationService;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Carries a node's messages to other members as Hazelcast operations, and runs retries after a
 * pause.
 */
/*
 * Design notes
 *
 * A message is invoked on its target member through the member's OperationService, which is
 * Hazelcast's internal SPI (as is the SerializationService that Payload uses): there is no public
 * API that runs code on another member without an IExecutorService's extra thread hand-off and
 * Java-serialized task. Hazelcast's own services, Jet among them, are written against the same
 * SPI; the tests exercise every message, so an upgrade that changes it fails them.
 *
 * Callbacks. Hazelcast completes an invocation's future on its response thread, and runs a
 * callback attached without an executor through its default asynchronous executor, which on a
 * machine with fewer than three processors starts a thread per callback (as CompletableFuture does
 * there). So every callback names its executor. Tasks' outcomes go to the completers (invoke), a cached pool: completing a future runs
 * the application's dependent stages, which may block, so neither Hazelcast's response thread nor a
 * single thread of ours may run them (a stage that waits for another task's future would wait for
 * itself). Threads are reused once idle, so none is started per task in steady state. The
 * protocol's other answers go to this transport's thread (send), which also runs the retries.
 */
final class Transport {

    /** Pause before a message is sent again. */
    static final long RETRY_MILLIS = 10;
    /** Sends of one delivery before its task is refused: about 30 s of a member without the executor. */
    static final int MAX_ATTEMPTS = 3_000;

    private final OperationService operations;
    private final ScheduledExecutorService timer;
    private final ExecutorService completers;

    Transport(HazelcastInstance instance, String name) {
        this.operations = member(instance).node.getNodeEngine().getOperationService();
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "locus-hazelcast-" + name + "-transport");
            t.setDaemon(true);
            return t;
        });
        AtomicInteger completerIds = new AtomicInteger();
        this.completers = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, "locus-hazelcast-" + name + "-completer-" + completerIds.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    private static HazelcastInstanceImpl member(HazelcastInstance instance) {
        if (instance instanceof HazelcastInstanceProxy proxy) {
            return proxy.getOriginal();
        }
        if (instance instanceof HazelcastInstanceImpl member) {
            return member;
        }
        throw new IllegalStateException("not a Hazelcast member instance: " + instance.getClass().getName());
    }

    /**
     * Invokes {@code message} on {@code target} and passes its response or failure to
     * {@code then} on one of this transport's completer threads, which may run the application's
     * code (it completes the application's futures).
     */
    <R> void invoke(Message<R> message, Member target, BiConsumer<R, Throwable> then) {
        invocation(message, target).whenCompleteAsync(then, completers);
    }

    private <R> CompletableFuture<R> invocation(Message<R> message, Member target) {
        try {
            return operations.invokeOnTarget(null, message, target.getAddress());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Sends {@code message} to {@code target}; exactly one of the callbacks is called, on this transport's thread. */
    <R> void send(Message<R> message, Member target, Consumer<R> onResponse, Consumer<Throwable> onFailure) {
        invocation(message, target).whenCompleteAsync((response, failure) -> {
            if (failure != null) {
                onFailure.accept(failure);
            } else {
                onResponse.accept(response);
            }
        }, this::runOrDrop);
    }

    /** Sends a message whose answer does not matter, to a member that may be gone. */
    void tell(Message<?> message, Member target) {
        send(message, target, r -> { }, t -> { });
    }

    /**
     * Sends a copy of the message {@code create} makes to each of {@code members} (an operation is
     * invoked once); their answers, by member.
     */
    <R> Map<Member, CompletableFuture<R>> askAll(Supplier<Message<R>> create, Collection<Member> members) {
        Map<Member, CompletableFuture<R>> answers = new LinkedHashMap<>();
        for (Member m : members) {
            answers.put(m, invocation(create.get(), m));
        }
        return answers;
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
        completers.shutdown();
    }
}
