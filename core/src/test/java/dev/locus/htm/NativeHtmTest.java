package dev.locus.htm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The shim on this machine: it loads wherever the build bundled it, and its RTM verdict agrees
 * with CPUID and the kernel, with a reason whenever RTM is off.
 */
class NativeHtmTest {

    private static boolean bundled() {
        return NativeHtm.class.getClassLoader().getResource(NativeHtm.DEFAULT_LIBRARY) != null;
    }

    @Test
    void aBundledShimLoads() {
        assumeTrue(bundled(), "the build skipped the native step, so no shim is bundled");
        assertEquals(Optional.empty(), NativeHtm.unavailableReason());
        assertTrue(NativeHtm.isLoaded());
    }

    @Test
    void rtmIsUsedOnlyWhereCpuidAndTheKernelBothReportIt() {
        assumeTrue(NativeHtm.isLoaded(), () -> "shim not loaded: " + NativeHtm.unavailableReason().orElse(""));
        boolean cpuid = (RtmShim.cpuidRtm() & RtmShim.CPUID_RTM) != 0;
        Optional<String> kernel = RtmDetection.kernelProblem(RtmDetection.CPUINFO);

        assertEquals(NativeHtm.rtmSupported(), NativeHtm.rtmUnavailableReason().isEmpty());
        if (!cpuid) {
            assertFalse(NativeHtm.rtmSupported());
            assertTrue(NativeHtm.rtmUnavailableReason().orElseThrow().contains("CPUID"));
        }
        if (kernel.isPresent()) {
            assertFalse(NativeHtm.rtmSupported());
            assertTrue(NativeHtm.rtmUnavailableReason().orElseThrow().contains(kernel.get()));
        }
        System.out.println("[NativeHtmTest] RTM " + (NativeHtm.rtmSupported() ? "usable"
                : "unavailable: " + NativeHtm.rtmUnavailableReason().orElseThrow()));
    }

    @Test
    void withoutTheShimRtmIsOffForThatReason() {
        assumeTrue(!NativeHtm.isLoaded(), "the shim is loaded");
        assertFalse(NativeHtm.rtmSupported());
        assertTrue(NativeHtm.unavailableReason().isPresent());
        assertTrue(NativeHtm.rtmUnavailableReason().orElseThrow().contains("not loaded"));
    }
}
