package dev.locus.toggle;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import dev.locus.testing.Jcstress;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Runs the jcstress scenarios of {@link ToggleHandoffStress} (see {@link Jcstress} for the modes). */
class ToggleHandoffStressTest {

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void innerSubBucketsChangeHandsOnlyThroughTheProtocol() {
        assertDoesNotThrow(() -> Jcstress.run(ToggleHandoffStress.class), "jcstress observed a forbidden outcome");
    }
}
