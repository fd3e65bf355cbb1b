package dev.locus.executor;

/**
 * A queued task of an executor whose router re-partitions: the task with the key and the table
 * version it was routed under, so that its worker can tell whether it must wait for a hand-off.
 */
final class KeyedTask {

    final Runnable task;
    final long key;
    final long tableVersion;

    KeyedTask(Runnable task, long key, long tableVersion) {
        this.task = task;
        this.key = key;
        this.tableVersion = tableVersion;
    }
}
