package dev.locus.jmh;

import java.util.function.IntSupplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What locus-multiverse, Multiverse 0.7.0 relocated and with its probe-index fix, costs
 * beside the 0.7.0 jar as released: one transaction reading {@link #reads} references, the way
 * locus-stm runs transactions (not speculative, hence FatVariableLengthGammaTxn, whose probe the
 * fix changes) and the dictionaries read ({@code ensure}, then {@code get}).
 */
@State(Scope.Thread)
public class MultiverseBuildBenchmark extends BenchmarkDefaults {

    @Param({"multiverse-0.7.0", "locus-multiverse"})
    public String build;

    /** References read per transaction: an array of 32 and one of 1,024 or 2,048. */
    @Param({"16", "512"})
    public int reads;

    private IntSupplier transaction;

    @Setup
    public void setUp() {
        transaction = switch (build) {
            case "multiverse-0.7.0" -> released(reads);
            case "locus-multiverse" -> patched(reads);
            default -> throw new IllegalArgumentException("no Multiverse build " + build);
        };
    }

    @Benchmark
    public int readTransaction() {
        return transaction.getAsInt();
    }

    private static IntSupplier released(int reads) {
        org.multiverse.api.references.TxnInteger[] refs = new org.multiverse.api.references.TxnInteger[reads];
        for (int i = 0; i < reads; i++) {
            refs[i] = org.multiverse.api.StmUtils.newTxnInteger(i);
        }
        org.multiverse.api.TxnExecutor executor = org.multiverse.api.GlobalStmInstance.getGlobalStmInstance()
                .newTxnFactoryBuilder().setSpeculative(false).newTxnExecutor();
        org.multiverse.api.callables.TxnIntCallable body = txn -> {
            int sum = 0;
            for (org.multiverse.api.references.TxnInteger ref : refs) {
                ref.ensure(txn);
                sum += ref.get(txn);
            }
            return sum;
        };
        return () -> executor.execute(body);
    }

    private static IntSupplier patched(int reads) {
        dev.locus.multiverse.api.references.TxnInteger[] refs = new dev.locus.multiverse.api.references.TxnInteger[reads];
        for (int i = 0; i < reads; i++) {
            refs[i] = dev.locus.multiverse.api.StmUtils.newTxnInteger(i);
        }
        dev.locus.multiverse.api.TxnExecutor executor = dev.locus.multiverse.api.GlobalStmInstance.getGlobalStmInstance()
                .newTxnFactoryBuilder().setSpeculative(false).newTxnExecutor();
        dev.locus.multiverse.api.callables.TxnIntCallable body = txn -> {
            int sum = 0;
            for (dev.locus.multiverse.api.references.TxnInteger ref : refs) {
                ref.ensure(txn);
                sum += ref.get(txn);
            }
            return sum;
        };
        return () -> executor.execute(body);
    }
}
