package dev.locus.executor;

import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;

/** The {@link LocusExecutorMXBean} of one executor, and its registration. */
final class ExecutorMBean implements LocusExecutorMXBean {

    private final LocusExecutor executor;

    private ExecutorMBean(LocusExecutor executor) {
        this.executor = executor;
    }

    /**
     * Registers the bean for {@code executor}.
     *
     * @throws IllegalArgumentException if the name is taken or not a valid JMX name
     */
    static ObjectName register(LocusExecutor executor, String name) {
        try {
            ObjectName objectName = new ObjectName("dev.locus:type=KeyedExecutorService,name=" + ObjectName.quote(name));
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            server.registerMBean(new StandardMBean(new ExecutorMBean(executor), LocusExecutorMXBean.class, true),
                    objectName);
            return objectName;
        } catch (JMException e) {
            throw new IllegalArgumentException("cannot register MBean for executor '" + name + "': " + e, e);
        }
    }

    static void unregister(ObjectName name) {
        try {
            ManagementFactory.getPlatformMBeanServer().unregisterMBean(name);
        } catch (JMException e) {
            // Already gone (unregistered by someone else): nothing left to clean up.
        }
    }

    @Override
    public String getRouter() {
        return executor.router().toString();
    }

    @Override
    public int getWorkers() {
        return executor.workers();
    }

    @Override
    public long[] getExecutedCounts() {
        return executor.stats().workers().stream().mapToLong(ExecutorStats.WorkerStats::executed).toArray();
    }

    @Override
    public long[] getQueuedCounts() {
        return executor.stats().workers().stream().mapToLong(ExecutorStats.WorkerStats::queued).toArray();
    }

    @Override
    public long[] getStealCounts() {
        return executor.stats().workers().stream().mapToLong(ExecutorStats.WorkerStats::steals).toArray();
    }

    @Override
    public long[] getBoundaries() {
        return executor.stats().boundaries();
    }

    @Override
    public long getRepartitions() {
        return executor.stats().repartitions();
    }

    @Override
    public long getRejected() {
        return executor.stats().rejected();
    }

    @Override
    public String[] getHottestKeyRanges() {
        return executor.stats().hottestRanges().stream()
                .map(r -> String.format("[%d, %d) %.1f%%", r.from(), r.to(), 100 * r.share()))
                .toArray(String[]::new);
    }

    @Override
    public boolean isShutdown() {
        return executor.isShutdown();
    }

    @Override
    public boolean isTerminated() {
        return executor.isTerminated();
    }
}
