package dev.locus.elision;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import dev.locus.testing.Jcstress;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Runs the jcstress scenarios of {@link VersionValidationStress} (see {@link Jcstress} for the modes). */
class VersionValidationStressTest {

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void noValidatedReadIsTorn() {
        assertDoesNotThrow(() -> Jcstress.run(VersionValidationStress.class), "jcstress observed a forbidden outcome");
    }
}
