package dev.locus.hazelcast;

/** A task's outcome, on its way back to the member that submitted it. */
final class Completion extends Message<Void> {

    private static final long serialVersionUID = 1L;

    private final long taskId;
    @SuppressWarnings("serial") // a task's result must be serializable; ClusterTask says so
    private final Object result;
    private final Throwable failure;

    Completion(String executor, long taskId, Object result, Throwable failure) {
        super(executor);
        this.taskId = taskId;
        this.result = result;
        this.failure = failure;
    }

    @Override
    Void deliverTo(ClusterNode node) {
        node.sender.complete(taskId, result, failure);
        return null;
    }

    @Override
    Void noNode() {
        return null;
    }
}
