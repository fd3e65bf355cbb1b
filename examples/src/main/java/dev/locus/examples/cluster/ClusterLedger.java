package dev.locus.examples.cluster;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.map.IMap;
import dev.locus.hazelcast.ClusterTask;
import dev.locus.hazelcast.HazelcastKeyedExecutor;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A ledger on a three-member cluster in one process: account balances live in an {@code IMap},
 * and every deposit is a task keyed by its account, which locus runs on the member that owns the
 * account's entry. Two members submit. The task reads the balance and writes it back, with no
 * lock and no entry processor: locus runs one task per account at a time across the whole
 * cluster, whichever member sent it, also while partitions move, so no deposit can overwrite
 * another's. Halfway through, one member leaves with {@code shutdown()}; the
 * partitions it owned move, and the deposits queued for them wait for their turn. At the end every
 * balance must equal the sum of the deposits made to it: a lost or doubled deposit would show.
 * Prints how many deposits each member ran.
 *
 * <p>Run: {@code java -cp examples/target/locus-examples.jar dev.locus.examples.cluster.ClusterLedger}.
 */
public final class ClusterLedger {

    private static final int ACCOUNTS = 1_000;
    private static final int SUBMITTERS = 4;
    private static final int DEPOSITS_PER_SUBMITTER = 2_500;

    private ClusterLedger() {
    }

    public static void main(String[] args) throws Exception {
        int wrong = run(System.out);
        System.exit(wrong == 0 ? 0 : 1);
    }

    /** Runs the ledger, prints what happened, and returns how many balances are wrong. */
    static int run(PrintStream out) throws Exception {
        String cluster = "ledger-" + UUID.randomUUID();
        List<HazelcastInstance> members = new ArrayList<>();
        List<HazelcastKeyedExecutor> executors = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                HazelcastInstance member = Hazelcast.newHazelcastInstance(config(cluster));
                members.add(member);
                executors.add(HazelcastKeyedExecutor.start(member, "ledger"));
            }
            AtomicLongArray expected = new AtomicLongArray(ACCOUNTS);
            List<List<CompletableFuture<Long>>> deposits = new ArrayList<>();
            List<Thread> submitters = new ArrayList<>();
            for (int s = 0; s < SUBMITTERS; s++) {
                int submitter = s;
                HazelcastKeyedExecutor ledger = executors.get(s % 2); // members 1 and 2 submit
                List<CompletableFuture<Long>> mine = new ArrayList<>();
                deposits.add(mine);
                Thread t = new Thread(() -> {
                    SplittableRandom random = new SplittableRandom(submitter);
                    for (int i = 0; i < DEPOSITS_PER_SUBMITTER; i++) {
                        int account = random.nextInt(ACCOUNTS);
                        long amount = 1 + random.nextInt(100);
                        expected.addAndGet(account, amount);
                        mine.add(ledger.submit(account, new Deposit(account, amount)));
                        if (submitter == 0 && i == DEPOSITS_PER_SUBMITTER / 2) {
                            out.println("member 3 leaves (shutdown) with deposits queued");
                            members.get(2).shutdown();
                        }
                    }
                }, "submitter-" + s);
                submitters.add(t);
                t.start();
            }
            for (Thread t : submitters) {
                t.join(TimeUnit.MINUTES.toMillis(2));
            }
            CompletableFuture<?>[] all = deposits.stream().flatMap(List::stream).toArray(CompletableFuture[]::new);
            CompletableFuture.allOf(all).get(2, TimeUnit.MINUTES);

            for (int i = 0; i < executors.size(); i++) {
                out.printf(Locale.ROOT, "member %d ran %,d deposits%n", i + 1, executors.get(i).localStats().executed());
            }
            IMap<Long, Long> balances = members.get(0).getMap("balances");
            int wrong = 0;
            for (long account = 0; account < ACCOUNTS; account++) {
                long balance = balances.getOrDefault(account, 0L);
                if (balance != expected.get((int) account)) {
                    wrong++;
                }
            }
            out.printf(Locale.ROOT, "%,d deposits; %,d of %,d balances exact%n", all.length, ACCOUNTS - wrong, ACCOUNTS);
            return wrong;
        } finally {
            for (HazelcastInstance member : members) {
                member.getLifecycleService().terminate(); // the demo is over: no need to migrate anything
            }
        }
    }

    private static Config config(String cluster) {
        Config config = new Config().setClusterName(cluster);
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "none");
        config.setProperty("hazelcast.wait.seconds.before.join", "0"); // all members start here, at once
        config.setProperty("hazelcast.partition.count", "17"); // a small demo: few partitions to move
        config.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        JoinConfig join = config.getNetworkConfig().getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).addMember("127.0.0.1");
        return config;
    }

    /**
     * Adds {@code amount} to the account's balance on the member that owns it, by a read and a
     * write: no other deposit of the account runs meanwhile, anywhere in the cluster.
     */
    static final class Deposit implements ClusterTask<Long>, HazelcastInstanceAware {

        private static final long serialVersionUID = 1L;

        private final long account;
        private final long amount;
        private transient HazelcastInstance member;

        Deposit(long account, long amount) {
            this.account = account;
            this.amount = amount;
        }

        @Override
        public void setHazelcastInstance(HazelcastInstance member) {
            this.member = member;
        }

        @Override
        public Long call() {
            IMap<Long, Long> balances = member.getMap("balances");
            long balance = balances.getOrDefault(account, 0L) + amount;
            balances.set(account, balance);
            return balance;
        }
    }
}
