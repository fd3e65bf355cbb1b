package dev.locus.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.IExecutorService;
import com.hazelcast.core.ReadOnly;
import com.hazelcast.map.EntryProcessor;
import com.hazelcast.map.IMap;
import com.hazelcast.nio.serialization.compact.CompactReader;
import com.hazelcast.nio.serialization.compact.CompactSerializer;
import com.hazelcast.nio.serialization.compact.CompactWriter;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Keyed tasks on a loopback cluster of 1 or 3 embedded members (the tests' configuration), run by
 * locus-on-Hazelcast ({@link HazelcastKeyedExecutor#submit}; {@code locus-compact} ships the task
 * with a Compact serializer instead of Java serialization), Hazelcast's
 * {@code IExecutorService.submitToKeyOwner} (the awaitable form of {@code executeOnKeyOwner}) and
 * {@code IMap.submitToKey} with a read-only entry processor. Every task does the same trivial work
 * (it returns its key plus one), so the scores are the cost of getting a task to its key's owner
 * and its result back. Four threads submit from member 0 to 1,024 keys: {@code roundTrip} waits for
 * each task (latency, with percentiles), {@code burst} submits {@value #BURST} and then waits for
 * all (tasks per second).
 *
 * <p>All members share this JVM's cores, so on a small machine this measures overhead, not scaling.
 * Run (not part of the tests), from the repository root: {@code mvn -B -q -pl hazelcast -am
 * test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/locus-hazelcast.cp
 * -Dmdep.includeScope=test}, then {@code java -cp
 * hazelcast/target/test-classes:hazelcast/target/classes:$(cat /tmp/locus-hazelcast.cp)
 * org.openjdk.jmh.Main HazelcastKeyedBenchmark}.
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"--add-modules", "java.se", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
        "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED", "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Threads(4)
public class HazelcastKeyedBenchmark {

    static final int BURST = 256;
    private static final int KEYS = 1_024;

    @Param({"locus", "locus-compact", "submitToKeyOwner", "submitToKey"})
    public String implementation;

    @Param({"1", "3"})
    public int members;

    private TestCluster cluster;
    private Submitter submitter;

    @Setup(Level.Trial)
    public void start() {
        cluster = new TestCluster(members);
        HazelcastInstance member = cluster.members.get(0);
        submitter = switch (implementation) {
            case "locus" -> {
                HazelcastKeyedExecutor executor = cluster.executors.get(0);
                yield key -> executor.submit(key, new PlusOne(key));
            }
            case "locus-compact" -> {
                HazelcastKeyedExecutor executor = cluster.executors.get(0);
                yield key -> executor.submit(key, new CompactPlusOne(key));
            }
            case "submitToKeyOwner" -> {
                IExecutorService executor = member.getExecutorService("peer");
                yield key -> executor.submitToKeyOwner(new PlusOne(key), key);
            }
            case "submitToKey" -> {
                IMap<Long, Long> map = member.getMap("peer");
                yield key -> map.submitToKey(key, new ReadPlusOne()).toCompletableFuture();
            }
            default -> throw new IllegalArgumentException("unknown implementation " + implementation);
        };
    }

    @TearDown(Level.Trial)
    public void stop() {
        cluster.close();
    }

    /** Each benchmark thread's keys. */
    @State(Scope.Thread)
    public static class Keys {
        private final SplittableRandom random = new SplittableRandom();

        long next() {
            return random.nextInt(KEYS);
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public Object roundTrip(Keys keys) throws InterruptedException, ExecutionException {
        return submitter.submit(keys.next()).get();
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @OperationsPerInvocation(BURST)
    public long burst(Keys keys) throws InterruptedException, ExecutionException {
        Future<?>[] futures = new Future<?>[BURST];
        for (int i = 0; i < BURST; i++) {
            futures[i] = submitter.submit(keys.next());
        }
        long sum = 0;
        for (Future<?> f : futures) {
            sum += ((Number) f.get()).longValue();
        }
        return sum;
    }

    /** Sends one task for a key to its owner. */
    @FunctionalInterface
    interface Submitter {
        Future<?> submit(long key);
    }

    /**
     * The task for locus and for {@code submitToKeyOwner}: the same class, so both ship the same
     * bytes (a serializable lambda would travel as a {@code SerializedLambda}, several times larger
     * and slower to read).
     */
    static class PlusOne implements Callable<Long>, ClusterTask<Long> {
        private static final long serialVersionUID = 1L;
        final long key;

        PlusOne(long key) {
            this.key = key;
        }

        @Override
        public Long call() {
            return key + 1;
        }
    }

    /**
     * The same task for {@code locus-compact}, written by its Compact serializer, which the members'
     * configuration registers for this class alone.
     */
    static final class CompactPlusOne extends PlusOne {
        private static final long serialVersionUID = 1L;

        CompactPlusOne(long key) {
            super(key);
        }
    }

    static final class CompactPlusOneSerializer implements CompactSerializer<CompactPlusOne> {

        @Override
        public CompactPlusOne read(CompactReader reader) {
            return new CompactPlusOne(reader.readInt64("key"));
        }

        @Override
        public void write(CompactWriter writer, CompactPlusOne task) {
            writer.writeInt64("key", task.key);
        }

        @Override
        public String getTypeName() {
            return "locus.bench.PlusOne";
        }

        @Override
        public Class<CompactPlusOne> getCompactClass() {
            return CompactPlusOne.class;
        }
    }

    /** The entry processor for {@code submitToKey}: reads nothing, writes nothing, no backup. */
    static final class ReadPlusOne implements EntryProcessor<Long, Long, Long>, ReadOnly {
        private static final long serialVersionUID = 1L;

        @Override
        public Long process(Map.Entry<Long, Long> entry) {
            return entry.getKey() + 1;
        }
    }
}
