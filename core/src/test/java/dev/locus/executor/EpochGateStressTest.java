package dev.locus.executor;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import dev.locus.testing.Jcstress;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Runs the jcstress scenarios of {@link EpochGateStress} (see {@link Jcstress} for the modes). */
class EpochGateStressTest {

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void noProducerSlipsPastAPublisher() {
        assertDoesNotThrow(() -> Jcstress.run(EpochGateStress.class), "jcstress observed a forbidden outcome");
    }
}
