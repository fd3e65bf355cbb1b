package dev.locus.hazelcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The run-right protocol of {@link PartitionRights}, model-checked by random simulation: several
 * nodes, a linearizable directory, and every message, directory answer, task end and retry an
 * event that a seeded scheduler runs in random order (so messages overtake one another, answers
 * arrive after later requests, a compare-and-set's outcome is sometimes lost). A node leaves
 * gracefully (runs what it was given, gives its rights up, then leaves the cluster) and another
 * crashes, at random points. In every schedule: no two live nodes run tasks of one partition at
 * once, and every task admitted on a node that did not crash runs.
 */
class PartitionRightsTest {

    private static final int NODES = 3;
    private static final int PARTITIONS = 2;
    private static final int TASKS = 120;
    private static final int MAX_EVENTS = 200_000;

    @Test
    void oneNodeRunsAPartitionAtATimeAndEveryTaskRunsInEverySchedule() {
        for (long seed = 0; seed < 3_000; seed++) {
            new Simulation(seed, seed % 3 == 0, seed % 2 == 0).run();
        }
    }

    /** The check fails when the protocol is skipped: nodes that start tasks without the right. */
    @Test
    void theExclusionCheckCatchesNodesThatIgnoreTheRight() {
        AssertionError caught = null;
        for (long seed = 0; seed < 50 && caught == null; seed++) {
            try {
                new Simulation(seed, false, false).withoutRights().run();
            } catch (AssertionError e) {
                caught = e;
            }
        }
        assertTrue(caught != null && caught.getMessage().contains("at once"), "the check never fired");
    }

    private static final class Simulation {

        private final long seed;
        private final SplittableRandom random;
        private final boolean crash;
        private final boolean leave;
        private boolean rightsIgnored;
        private final List<Event> events = new ArrayList<>();
        private final Map<Integer, RunRight> directory = new HashMap<>();
        private final UUID[] members = new UUID[NODES];
        private final PartitionRights[] nodes = new PartitionRights[NODES];
        /** In the cluster: not crashed, not departed. */
        private final boolean[] alive = new boolean[NODES];
        private final boolean[] crashed = new boolean[NODES];
        /** Takes no more tasks: leaving, or gone. */
        private final boolean[] closed = new boolean[NODES];
        /** Per partition: the nodes running one of its tasks now, with how many. */
        private final int[][] running = new int[PARTITIONS][NODES];
        private final Set<Integer> admittedOnLive = new HashSet<>();
        private final Set<Integer> started = new HashSet<>();
        private final int[] nodeOfTask = new int[TASKS];

        Simulation(long seed, boolean crash, boolean leave) {
            this.seed = seed;
            this.random = new SplittableRandom(seed);
            this.crash = crash;
            this.leave = leave;
            for (int n = 0; n < NODES; n++) {
                members[n] = UUID.randomUUID();
                alive[n] = true;
                nodes[n] = new PartitionRights(members[n], PARTITIONS, new SimulatedEnv(n));
            }
        }

        Simulation withoutRights() {
            rightsIgnored = true;
            return this;
        }

        void run() {
            int crashAt = crash ? random.nextInt(TASKS) : -1;
            int leaveAt = leave ? random.nextInt(TASKS) : -1;
            for (int t = 0; t < TASKS; t++) {
                if (t == crashAt) {
                    crash(random.nextInt(NODES));
                }
                if (t == leaveAt) {
                    leave(random.nextInt(NODES));
                }
                int n = liveNode();
                int p = random.nextInt(PARTITIONS);
                int task = t;
                nodeOfTask[t] = n;
                admittedOnLive.add(t);
                if (rightsIgnored) {
                    start(n, p, task);
                } else {
                    nodes[n].admit(p, () -> start(n, p, task));
                }
                for (int steps = random.nextInt(4); steps > 0 && !events.isEmpty(); steps--) {
                    step();
                }
            }
            for (int steps = 0; !events.isEmpty(); steps++) {
                if (steps > MAX_EVENTS) {
                    fail("seed " + seed + ": still busy after " + MAX_EVENTS + " events");
                }
                if (allRan()) {
                    break; // only rechecks of idle claims can be left
                }
                step();
            }
            admittedOnLive.removeIf(t -> crashed[nodeOfTask[t]]);
            admittedOnLive.removeAll(started);
            assertEquals(Set.of(), admittedOnLive, "seed " + seed + ": tasks that never ran");
        }

        private boolean allRan() {
            for (int t : admittedOnLive) {
                if (!crashed[nodeOfTask[t]] && !started.contains(t)) {
                    return false;
                }
            }
            for (int[] perNode : running) {
                for (int n = 0; n < NODES; n++) {
                    if (alive[n] && perNode[n] > 0) {
                        return false;
                    }
                }
            }
            return true;
        }

        private int liveNode() {
            int n;
            do {
                n = random.nextInt(NODES);
            } while (closed[n]);
            return n;
        }

        private boolean start(int n, int p, int task) {
            for (int other = 0; other < NODES; other++) {
                if (other != n && alive[other] && running[p][other] > 0) {
                    throw new AssertionError("seed " + seed + ": nodes " + other + " and " + n
                            + " run tasks of partition " + p + " at once");
                }
            }
            running[p][n]++;
            started.add(task);
            post(n, () -> {
                running[p][n]--;
                if (!rightsIgnored) {
                    nodes[n].finished(p);
                }
            });
            return true;
        }

        private void crash(int n) {
            if (closed[n] || openCount() == 1) {
                return;
            }
            crashed[n] = true;
            closed[n] = true;
            for (int[] perNode : running) {
                perNode[n] = 0; // a crashed process runs nothing more
            }
            depart(n);
        }

        /** Takes no more tasks on {@code n}; once it has run what it took, it gives its rights up and departs. */
        private void leave(int n) {
            if (closed[n] || openCount() == 1) {
                return;
            }
            closed[n] = true;
            post(n, () -> finishLeave(n));
        }

        private void finishLeave(int n) {
            boolean idle = true;
            for (int t : admittedOnLive) {
                idle &= nodeOfTask[t] != n || started.contains(t);
            }
            for (int[] perNode : running) {
                idle &= perNode[n] == 0;
            }
            if (!idle) {
                post(n, () -> finishLeave(n));
                return;
            }
            nodes[n].relinquish();
            post(n, () -> depart(n)); // the relinquishing compare-and-sets may land before or after
        }

        private void depart(int n) {
            alive[n] = false;
            for (int other = 0; other < NODES; other++) {
                int o = other;
                post(o, () -> nodes[o].memberGone(members[n]));
            }
        }

        private int openCount() {
            int count = 0;
            for (boolean c : closed) {
                count += c ? 0 : 1;
            }
            return count;
        }

        private void post(int node, Runnable action) {
            events.add(new Event(node, action));
        }

        private void step() {
            int i = random.nextInt(events.size());
            Event e = events.get(i);
            events.set(i, events.get(events.size() - 1));
            events.remove(events.size() - 1);
            if (e.node < 0 || alive[e.node]) {
                e.action.run();
            }
        }

        private int nodeOf(UUID member) {
            for (int n = 0; n < NODES; n++) {
                if (members[n].equals(member)) {
                    return n;
                }
            }
            throw new IllegalArgumentException(String.valueOf(member));
        }

        private record Event(int node, Runnable action) {
        }

        /** One node's view of the simulated cluster; the directory is linearized at event time. */
        private final class SimulatedEnv implements PartitionRights.Env {

            private final int node;

            SimulatedEnv(int node) {
                this.node = node;
            }

            @Override
            public void read(int partition, Consumer<RunRight> then) {
                post(-1, () -> {
                    RunRight now = directory.get(partition);
                    post(node, () -> then.accept(now));
                });
            }

            @Override
            public void compareAndSet(int partition, RunRight expected, RunRight next, Consumer<RunRight> then) {
                post(-1, () -> {
                    if (Objects.equals(directory.get(partition), expected)) {
                        directory.put(partition, next); // null: nobody, as a removed entry
                    }
                    if (random.nextInt(8) == 0) {
                        read(partition, then); // the answer was lost: what a later read finds
                    } else {
                        RunRight now = directory.get(partition);
                        post(node, () -> then.accept(now));
                    }
                });
            }

            @Override
            public void requestRelease(int partition, RunRight holder, RunRight claimant) {
                int to = nodeOf(holder.member());
                post(to, () -> nodes[to].releaseRequested(partition, holder.ticket(), claimant));
            }

            @Override
            public void answer(int partition, RunRight claimant, boolean granted) {
                int to = nodeOf(claimant.member());
                post(to, () -> nodes[to].answered(partition, claimant.ticket(), granted));
            }

            @Override
            public boolean isMember(UUID member) {
                return alive[nodeOf(member)];
            }

            @Override
            public void later(Runnable check) {
                post(node, check);
            }
        }
    }
}
