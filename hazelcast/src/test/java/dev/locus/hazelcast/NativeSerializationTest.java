package dev.locus.hazelcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.config.Config;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import com.hazelcast.nio.serialization.compact.CompactReader;
import com.hazelcast.nio.serialization.compact.CompactSerializer;
import com.hazelcast.nio.serialization.compact.CompactWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Tasks and results travel by the members' Hazelcast serialization: a task class registered for
 * Compact (and not Java-serializable at all), an {@code IdentifiedDataSerializable} task, and a
 * result that only zero-configuration Compact can write, each to keys owned by both members.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NativeSerializationTest {

    private static final int FACTORY = 7001;
    private static TestCluster cluster;

    @BeforeAll
    static void startCluster() {
        cluster = new TestCluster(2);
    }

    @AfterAll
    static void stopCluster() {
        cluster.close();
    }

    /** What the test tasks need in every member's configuration (TestCluster registers it). */
    static void register(Config config) {
        config.getSerializationConfig().getCompactSerializationConfig().addSerializer(new CreditSerializer());
        config.getSerializationConfig().addDataSerializableFactory(FACTORY, id -> new Square());
    }

    @Test
    void aCompactTaskTravelsByItsSerializerAndAZeroConfigResultComesBack() throws Exception {
        Credit.Amount notJavaSerializable = new Credit.Amount(5);
        assertThrows(NotSerializableException.class, () -> javaSerialize(new Credit(1, notJavaSerializable)),
                "the task cannot travel by Java serialization");
        int written = CreditSerializer.WRITES.get();
        int read = CreditSerializer.READS.get();
        for (long key = 0; key < 32; key++) {
            Balance b = cluster.executors.get(0).submit(key, new Credit(key, new Credit.Amount(key * 10)))
                    .get(30, TimeUnit.SECONDS);
            assertEquals(new Balance(key, key * 10 + 1), b);
        }
        assertTrue(CreditSerializer.WRITES.get() - written >= 32, "the Compact serializer wrote every task");
        assertTrue(CreditSerializer.READS.get() - read >= 32, "and read every one where it ran");
    }

    @Test
    void anIdentifiedDataSerializableTaskRuns() throws Exception {
        for (long key = 0; key < 32; key++) {
            assertEquals(key * key, cluster.executors.get(1).submit(key, new Square(key)).get(30, TimeUnit.SECONDS));
        }
    }

    @Test
    void aKeyHazelcastSerializesWithoutJavaSerializationIsAKey() throws Exception {
        Balance key = new Balance(3, 4); // a record, not Serializable: zero-configuration Compact
        assertEquals(7L, cluster.executors.get(0).submit(key, () -> 7L).get(30, TimeUnit.SECONDS));
    }

    private static void javaSerialize(Object value) throws IOException {
        try (ObjectOutputStream out = new ObjectOutputStream(new ByteArrayOutputStream())) {
            out.writeObject(value);
        }
    }

    /** A result type that is not Java-serializable: Hazelcast writes it with zero-configuration Compact. */
    record Balance(long account, long amount) {
    }

    /** A task whose state Java serialization cannot write; its Compact serializer can. */
    static final class Credit implements ClusterTask<Balance> {

        private static final long serialVersionUID = 1L;

        final long account;
        final Amount amount;

        Credit(long account, Amount amount) {
            this.account = account;
            this.amount = amount;
        }

        @Override
        public Balance call() {
            return new Balance(account, amount.value + 1);
        }

        /** Not Serializable. */
        static final class Amount {
            final long value;

            Amount(long value) {
                this.value = value;
            }
        }
    }

    static final class CreditSerializer implements CompactSerializer<Credit> {

        static final AtomicInteger WRITES = new AtomicInteger();
        static final AtomicInteger READS = new AtomicInteger();

        @Override
        public Credit read(CompactReader reader) {
            READS.incrementAndGet();
            return new Credit(reader.readInt64("account"), new Credit.Amount(reader.readInt64("amount")));
        }

        @Override
        public void write(CompactWriter writer, Credit credit) {
            WRITES.incrementAndGet();
            writer.writeInt64("account", credit.account);
            writer.writeInt64("amount", credit.amount.value);
        }

        @Override
        public String getTypeName() {
            return "locus.test.Credit";
        }

        @Override
        public Class<Credit> getCompactClass() {
            return Credit.class;
        }
    }

    /** Squares its number; written by Hazelcast's IdentifiedDataSerializable. */
    static final class Square implements ClusterTask<Long>, IdentifiedDataSerializable {

        private static final long serialVersionUID = 1L;

        private long n;

        Square() {
        }

        Square(long n) {
            this.n = n;
        }

        @Override
        public Long call() {
            return n * n;
        }

        @Override
        public void writeData(ObjectDataOutput out) throws IOException {
            out.writeLong(n);
        }

        @Override
        public void readData(ObjectDataInput in) throws IOException {
            n = in.readLong();
        }

        @Override
        public int getFactoryId() {
            return FACTORY;
        }

        @Override
        public int getClassId() {
            return 1;
        }
    }
}
