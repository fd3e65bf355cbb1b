package dev.locus.contention;

/**
 * Decides what a transaction does when it loses a conflict, and may gate its attempts: the
 * contention-management strategies of [Maldonado10] (Maldonado et al., "Scheduling Support for
 * Transactional Memory Contention Management") and of ATS (Yoo and Lee, via [Nicacio10]).
 *
 * <p>An STM integration drives a manager through the {@link Contender} of the thread that runs a
 * transaction: {@link #beforeAttempt} before every attempt, then exactly one of
 * {@link #afterCommit}, {@link #afterConflict} or {@link #afterFailure}. All calls for one
 * contender come from its own thread; a manager instance serves every thread that runs the
 * integration's transactions (a {@code TransactionalExecutor}'s workers, say) at once, so shared
 * state must be thread-safe.
 *
 * <p>The strategies, from {@link ContentionManagers}, and their trade-offs ([Maldonado10] Table 1,
 * extended with the user-level strategies it compares against):
 * <table>
 *   <caption>Where each strategy pays off</caption>
 *   <tr><th>strategy</th><th>threads &le; cores</th><th>threads &gt; cores</th><th>cost</th></tr>
 *   <tr><td>{@linkplain ContentionManagers#basic() basic}</td><td>fine when conflicts are rare</td>
 *       <td>livelock-prone</td><td>none</td></tr>
 *   <tr><td>{@linkplain ContentionManagers#backoff() randomized backoff}</td>
 *       <td>damps repeated conflicts</td><td>sleeps are coarse: waits too long</td>
 *       <td>imprecise; helps some workloads, hurts others</td></tr>
 *   <tr><td>{@linkplain ContentionManagers#polka() Polka}</td><td>favours invested work</td>
 *       <td>as backoff</td><td>karma bookkeeping</td></tr>
 *   <tr><td>{@linkplain ContentionManagers#serializeSpin() serialize, spin} (SER-u spin)</td>
 *       <td>+ precise restart</td><td>&minus; the spinner burns the winner's core</td>
 *       <td>a scan of the contenders per conflict</td></tr>
 *   <tr><td>{@linkplain ContentionManagers#serializePark() serialize, park} (SER-u cond)</td>
 *       <td>&minus; wake-up latency on short transactions</td><td>frees the core</td>
 *       <td>an unpark per waiter on commit</td></tr>
 *   <tr><td>{@linkplain ContentionManagers#yielding() yield}</td><td>little effect</td>
 *       <td>+ short transactions, few conflicts</td><td>a system call per conflict</td></tr>
 *   <tr><td>{@linkplain ContentionManagers#softSerialization() soft serialization}</td>
 *       <td>other queued work runs first</td><td>as on fewer threads</td>
 *       <td>re-queueing; suits non-deterministic transactions</td></tr>
 *   <tr><td>{@linkplain ContentionManagers#ats() ATS}</td><td>serializes only under contention</td>
 *       <td>one serial lane caps parallelism</td><td>one fair lock when contended</td></tr>
 * </table>
 *
 * <p>[Maldonado10]'s kernel strategies have no JVM equivalent. SER-k moves the loser onto the
 * winner's kernel wait queue through memory shared with a modified scheduler, and EXT asks that
 * scheduler not to pre-empt a thread inside a transaction; a JVM can neither change the kernel
 * scheduler nor see or delay pre-emption. The closest user-level strategies are
 * {@link ContentionManagers#serializePark()} for SER-k (the same wait-for-the-winner rule, paid with
 * an unpark instead of a scheduler poll) and, for EXT, running no more transactional threads than
 * cores: a locus executor with as many workers as cores never pre-empts one transaction for
 * another, which is the exposure EXT shortens.
 */
public interface ContentionManager {

    /**
     * Before each attempt; may block, as ATS does to send a transaction through its serial lane.
     *
     * @throws InterruptedException if interrupted while blocked; the transaction is then abandoned
     */
    default void beforeAttempt(Contender self) throws InterruptedException {
    }

    /**
     * After an attempt aborted on a conflict (a contention instance); may wait before answering.
     *
     * @throws InterruptedException if interrupted while waiting; the transaction is then abandoned
     */
    Resolution afterConflict(Contender self) throws InterruptedException;

    /** After an attempt committed. */
    default void afterCommit(Contender self) {
    }

    /** After an attempt ended without a commit for another reason than a conflict. */
    default void afterFailure(Contender self) {
    }
}
