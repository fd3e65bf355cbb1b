package dev.locus.elision;

import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.ObjectName;
import javax.management.StandardMBean;

/** The {@link ElidableLockMXBean} of one lock, reading its report on every call. */
final class LockMBean implements ElidableLockMXBean {

    private final ElidableLock lock;

    private LockMBean(ElidableLock lock) {
        this.lock = lock;
    }

    static ObjectName register(ElidableLock lock) {
        try {
            ObjectName name = new ObjectName("dev.locus:type=ElidableLock,name=" + ObjectName.quote(lock.label()));
            ManagementFactory.getPlatformMBeanServer().registerMBean(
                    new StandardMBean(new LockMBean(lock), ElidableLockMXBean.class, true), name);
            return name;
        } catch (JMException e) {
            throw new IllegalStateException("cannot register an MBean for elidable lock '" + lock.label() + "': " + e, e);
        }
    }

    @Override
    public String getLabel() {
        return lock.label();
    }

    @Override
    public String getPolicy() {
        return lock.policy().toString();
    }

    @Override
    public long getExecutions() {
        return lock.report().rows().stream().mapToLong(GranuleReport::executions).sum();
    }

    @Override
    public String getReportText() {
        return lock.report().toText();
    }

    @Override
    public String getReportJson() {
        return lock.report().toJson();
    }
}
