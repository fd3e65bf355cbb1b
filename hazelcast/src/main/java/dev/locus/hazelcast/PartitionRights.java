package dev.locus.hazelcast;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * One node's side of the run rights: a node starts a partition's tasks only while it holds that
 * partition's right, which one node in the cluster holds at a time. Tasks whose lanes have
 * released them wait here until the node holds the right; a node that has such tasks claims the
 * right, and a holder asked for it hands it over once its running tasks of the partition have
 * finished. Confined to the node's dispatcher thread.
 */
/*
 * Implementation notes
 *
 * Overview. The directory (RightsDirectory) maps each partition to the RunRight of its holder. A
 * node with waiting tasks of p and no right makes a fresh ticket and reads the directory:
 *   - nobody, or a holder whose member has left the cluster: it compare-and-sets its own right in;
 *   - a live holder: it asks that node to release (ReleaseRequest), and the holder answers;
 *   - its own ticket: it holds the right (a hand-off whose answer it has not seen yet).
 * It holds the right once the directory names its ticket: by its own compare-and-set, by the
 * holder's answer that it has set it, or by a later read. On acquiring, it starts every waiting
 * task of p, so each hand-off runs at least one task (no livelock when two nodes keep asking).
 * A holder asked to release stops starting p's tasks (later ones wait), and once none of them is
 * running it compare-and-sets the claimant's right in place of its own and answers. Others that
 * asked meanwhile are told, after the hand-off, to read the directory again. An answer, a read or
 * a compare-and-set about a ticket other than the current claim is stale and ignored.
 *
 * Invariant (one partition, whole cluster): at most one node has started tasks of p that are
 * still running. A node starts p's tasks only while the directory names its ticket; it gives the
 * ticket up only by the compare-and-set that names the next one, which it issues after its last
 * running task of p has finished and while it starts no more; and the directory names a ticket of
 * a member that left the cluster only until a claimant replaces it, which is safe because that
 * member runs nothing any more (a graceful leave ran everything first; a crash ran nothing more).
 * A split-brain cluster breaks the last premise, as the executor's javadoc says.
 *
 * Tasks never move between members: a task waits on the member its lane sent it to until that
 * member holds the right. So exactly once and per-lane order are the lanes' business alone, as
 * before the rights existed; the rights only add exclusion across lanes. The price is that a
 * partition's right shuttles between members that both have its tasks, which happens while
 * senders disagree about the partition's owner (a migration) and while an old owner runs what was
 * queued there: one directory compare-and-set and two messages per hand-off. A running task of
 * any key of p delays the hand-off, so a task that never ends stalls p on the other members.
 *
 * Concurrency. Everything here runs on the dispatcher thread; the Env answers through callbacks
 * that it runs there too.
 *
 * References. Token-based mutual exclusion (Suzuki-Kasami), with the token's place kept in a
 * compare-and-set register so that a crashed holder's token can be taken over.
 */
final class PartitionRights {

    /** What the rights need from the cluster; callbacks run on the dispatcher thread. */
    interface Env {

        /** Reads the directory's holder of {@code partition} (null: none) and passes it to {@code then}. */
        void read(int partition, Consumer<RunRight> then);

        /**
         * Sets {@code next} (null: nobody) as the holder if {@code expected} is, then passes the holder to
         * {@code then}; when the outcome cannot be known, passes what a later read finds.
         */
        void compareAndSet(int partition, RunRight expected, RunRight next, Consumer<RunRight> then);

        /** Asks {@code holder}'s node to hand the right over to {@code claimant}. */
        void requestRelease(int partition, RunRight holder, RunRight claimant);

        /** Tells {@code claimant} that it now holds the right ({@code granted}), or to read the directory again. */
        void answer(int partition, RunRight claimant, boolean granted);

        boolean isMember(UUID member);

        /** Runs {@code check} after a pause, unless the node has stopped. */
        void later(Runnable check);
    }

    private final UUID member;
    private final Env env;
    private final Slot[] slots;
    private volatile long handOvers; // written by the dispatcher only
    /** Set once this node's leave is done: it claims nothing any more. */
    private boolean relinquished;

    PartitionRights(UUID member, int partitions, Env env) {
        this.member = member;
        this.env = env;
        this.slots = new Slot[partitions];
        for (int p = 0; p < partitions; p++) {
            slots[p] = new Slot();
        }
    }

    /**
     * A task that its lane has released: started now if this node holds the partition's right and
     * is not handing it over, else when it next holds it. {@code start} hands the task to the
     * local executor and says whether it took it.
     */
    void admit(int partition, BooleanSupplier start) {
        Slot s = slots[partition];
        if (s.held != null && s.releaseTo == null && s.waiting.isEmpty()) {
            start(s, start);
            return;
        }
        s.waiting.add(start);
        if (s.held == null) {
            claim(partition, s);
        }
    }

    /** A task of {@code partition} started here has finished. */
    void finished(int partition) {
        Slot s = slots[partition];
        s.running--;
        maybeHandOver(partition, s);
    }

    /** Another node asks for the right, which the directory says this node holds under {@code ticket}. */
    void releaseRequested(int partition, UUID ticket, RunRight claimant) {
        Slot s = slots[partition];
        if (!ticket.equals(s.held) && !ticket.equals(s.claim)) {
            env.answer(partition, claimant, false); // handed on already: ask the directory again
            return;
        }
        if (s.releaseTo == null) {
            s.releaseTo = claimant;
        } else if (!s.releaseTo.equals(claimant) && !s.turnedAway.contains(claimant)) {
            s.turnedAway.add(claimant);
        }
        maybeHandOver(partition, s);
    }

    /** The holder's answer to this node's request: the right is this node's, or it should ask again. */
    void answered(int partition, UUID ticket, boolean granted) {
        Slot s = slots[partition];
        if (!ticket.equals(s.claim)) {
            return;
        }
        if (granted) {
            acquired(partition, s);
        } else {
            ask(partition, ticket);
        }
    }

    /**
     * A member left the cluster: claims that wait for it read the directory again now, and a right
     * promised to it is not handed over (those turned away meanwhile ask again).
     */
    void memberGone(UUID gone) {
        for (int p = 0; p < slots.length; p++) {
            Slot s = slots[p];
            if (s.claim != null && s.askedOf != null && s.askedOf.member().equals(gone)) {
                ask(p, s.claim);
            }
            if (s.releaseTo != null && !s.handingOver && s.releaseTo.member().equals(gone)) {
                s.releaseTo = null;
                turnAway(p, s);
                if (s.held != null) {
                    startWaiting(s);
                }
            }
        }
    }

    /**
     * Gives up every right this node holds, for a node that will start no more tasks (its leave has
     * run everything), so that claimants take them from the directory without asking it.
     */
    void relinquish() {
        relinquished = true;
        for (int p = 0; p < slots.length; p++) {
            maybeHandOver(p, slots[p]);
        }
    }

    /** How many times this node has handed a right on or given it up; for tests. */
    long handOvers() {
        return handOvers;
    }

    private void start(Slot s, BooleanSupplier start) {
        if (start.getAsBoolean()) {
            s.running++;
        }
    }

    private void claim(int partition, Slot s) {
        if (s.claim == null && !relinquished) {
            s.claim = UUID.randomUUID();
            ask(partition, s.claim);
        }
    }

    private void ask(int partition, UUID ticket) {
        env.read(partition, holder -> claimAnswered(partition, ticket, holder));
    }

    private void claimAnswered(int partition, UUID ticket, RunRight holder) {
        Slot s = slots[partition];
        if (!ticket.equals(s.claim)) {
            return;
        }
        if (holder != null && ticket.equals(holder.ticket())) {
            acquired(partition, s);
            return;
        }
        RunRight mine = new RunRight(member, ticket);
        s.askedOf = holder;
        if (holder == null || holder.member().equals(member) || !env.isMember(holder.member())) {
            // nobody's, or an earlier node's of this member, or a member's that left: take it
            env.compareAndSet(partition, holder, mine, now -> claimAnswered(partition, ticket, now));
            return;
        }
        env.requestRelease(partition, holder, mine);
        if (!s.recheckDue) { // a safety net: the holder answers, or leaves the cluster
            s.recheckDue = true;
            env.later(() -> {
                s.recheckDue = false;
                if (s.claim != null) {
                    ask(partition, s.claim); // whichever claim is current by then
                }
            });
        }
    }

    private void acquired(int partition, Slot s) {
        s.held = s.claim;
        s.claim = null;
        s.askedOf = null;
        startWaiting(s);
        maybeHandOver(partition, s);
    }

    private void startWaiting(Slot s) {
        for (BooleanSupplier start; (start = s.waiting.poll()) != null; ) {
            start(s, start);
        }
    }

    private void maybeHandOver(int partition, Slot s) {
        if (s.held == null || (s.releaseTo == null && !relinquished) || s.handingOver || s.running > 0) {
            return;
        }
        s.handingOver = true;
        UUID held = s.held;
        RunRight to = s.releaseTo;
        env.compareAndSet(partition, new RunRight(member, held), to, now -> handedOver(partition, held, to, now));
    }

    private void handedOver(int partition, UUID held, RunRight to, RunRight now) {
        Slot s = slots[partition];
        s.handingOver = false;
        if (now != null && now.member().equals(member) && now.ticket().equals(held)) {
            maybeHandOver(partition, s); // the compare-and-set did not take effect: again
            return;
        }
        // Either `to` (null: nobody) holds it now, or a claimant took it over from this node, judged gone.
        handOvers++;
        s.held = null;
        s.releaseTo = null;
        if (to != null) {
            env.answer(partition, to, to.equals(now));
        }
        turnAway(partition, s);
        if (!s.waiting.isEmpty()) {
            claim(partition, s);
        }
    }

    private void turnAway(int partition, Slot s) {
        for (RunRight other : s.turnedAway) {
            env.answer(partition, other, false);
        }
        s.turnedAway.clear();
    }

    /** One partition, as this node sees it. */
    private static final class Slot {
        /** Started when this node holds the right, in the order their lanes released them. */
        final ArrayDeque<BooleanSupplier> waiting = new ArrayDeque<>();
        /** Claimants asked for the right while it was promised to another. */
        final List<RunRight> turnedAway = new ArrayList<>();
        /** The ticket under which this node holds the right, or null. */
        UUID held;
        /** The ticket of this node's claim in progress, or null. */
        UUID claim;
        /** The holder the claim last asked to release. */
        RunRight askedOf;
        /** The claimant to hand the right to once no task of the partition runs here. */
        RunRight releaseTo;
        /** A re-read of the directory is scheduled, for whichever claim is current when it runs. */
        boolean recheckDue;
        /** The hand-off's compare-and-set is in flight. */
        boolean handingOver;
        /** Tasks of the partition started here and not finished. */
        int running;
    }
}
