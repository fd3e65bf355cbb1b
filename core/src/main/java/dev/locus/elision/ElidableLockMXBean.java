package dev.locus.elision;

/**
 * JMX view of an {@link ElidableLock}'s report, registered as
 * {@code dev.locus:type=ElidableLock,name=<label>} by {@link ElidableLock#registerMBean()}.
 */
public interface ElidableLockMXBean {

    String getLabel();

    String getPolicy();

    /** Executions over all contexts. */
    long getExecutions();

    /** The report as text, a row per context. */
    String getReportText();

    /** The report as JSON. */
    String getReportJson();
}
