package dev.locus.executor;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jcstress.JCStress;
import org.openjdk.jcstress.Options;

/**
 * Runs the jcstress scenarios of {@link EpochGateStress} in jcstress's quick mode; jcstress throws
 * when any run produced a forbidden outcome. {@code -Dlocus.jcstress.mode=default} runs them
 * longer.
 */
class EpochGateStressTest {

    @Test
    @Timeout(value = 10, unit = java.util.concurrent.TimeUnit.MINUTES)
    void noProducerSlipsPastAPublisher() throws Exception {
        Path results = Files.createTempDirectory("locus-jcstress");
        Options options = new Options(new String[] {
            "-t", EpochGateStress.class.getName().replace(".", "\\.") + ".*",
            "-m", System.getProperty("locus.jcstress.mode", "quick"),
            "-r", results.toString()});
        if (!options.parse()) {
            throw new IllegalStateException("bad jcstress options");
        }
        // JCStress.run() throws an AssertionError listing every forbidden outcome it observed.
        assertDoesNotThrow(() -> new JCStress(options).run(), "jcstress observed a forbidden outcome");
    }
}
