package dev.locus.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The JMH settings every suite in this module shares, kept in one place: suites extend this class
 * (JMH reads these annotations from superclasses), and runners apply {@link #quick} for a run that
 * finishes in minutes on two cores. The annotations are the full profile.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g",
        "-Djava.util.logging.config.class=dev.locus.jmh.QuietLogging"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 2)
public abstract class BenchmarkDefaults {

    /** The quick profile: 1 fork, 2 warm-up and 3 measured iterations of 1 s each. */
    public static ChainedOptionsBuilder quick(ChainedOptionsBuilder options) {
        return options.forks(1)
                .warmupIterations(2).warmupTime(TimeValue.seconds(1))
                .measurementIterations(3).measurementTime(TimeValue.seconds(1));
    }
}
