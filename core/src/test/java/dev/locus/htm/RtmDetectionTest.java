package dev.locus.htm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Optional;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;

/** The RTM decision over fake CPUID bits, kernel flags and probes: no hardware needed. */
class RtmDetectionTest {

    private static final int RTM = RtmShim.CPUID_LEAF7 | RtmShim.CPUID_RTM;
    private static final IntUnaryOperator MUST_NOT_PROBE = attempts -> fail("probed although RTM was ruled out");

    @Test
    void theKernelMustListRtmForEveryCpu() {
        assertEquals(Optional.empty(), RtmDetection.kernelProblem(List.of(
                "processor\t: 0", "flags\t\t: fpu sse2 rtm avx2", "processor\t: 1", "flags\t\t: rtm fpu")));
        assertEquals(Optional.of("the kernel's /proc/cpuinfo flags lack rtm"), RtmDetection.kernelProblem(List.of(
                "flags\t\t: fpu rtm", "flags\t\t: fpu hle", "flags\t\t: fpu rtm_always_abort")));
        assertEquals(Optional.of("/proc/cpuinfo has no flags line"), RtmDetection.kernelProblem(List.of("processor : 0")));
    }

    @Test
    void noTransactionIsProbedUnlessCpuidAndKernelBothSayRtm() {
        String noCpuid = RtmDetection.problem(RtmShim.CPUID_LEAF7, Optional.empty(), MUST_NOT_PROBE).orElseThrow();
        assertTrue(noCpuid.contains("EBX[11]"), noCpuid);

        String neither = RtmDetection.problem(RtmShim.CPUID_LEAF7, Optional.of("kernel says no"), MUST_NOT_PROBE)
                .orElseThrow();
        assertTrue(neither.contains("EBX[11]") && neither.contains("kernel says no"), neither);

        String kernelOnly = RtmDetection.problem(RTM, Optional.of("kernel says no"), MUST_NOT_PROBE).orElseThrow();
        assertEquals("kernel says no", kernelOnly);

        String alwaysAbort = RtmDetection.problem(RTM | RtmShim.CPUID_RTM_ALWAYS_ABORT, Optional.empty(),
                MUST_NOT_PROBE).orElseThrow();
        assertTrue(alwaysAbort.contains("RTM_ALWAYS_ABORT"), alwaysAbort);

        String noLeaf = RtmDetection.problem(0, Optional.empty(), MUST_NOT_PROBE).orElseThrow();
        assertTrue(noLeaf.contains("leaf 7"), noLeaf);
    }

    @Test
    void aProbeThatNeverCommitsMeansTsxIsOff() {
        String probeFailed = RtmDetection.problem(RTM, Optional.empty(), attempts -> 0).orElseThrow();
        assertTrue(probeFailed.contains("probe") && probeFailed.contains("microcode"), probeFailed);
        assertEquals(Optional.empty(), RtmDetection.problem(RTM, Optional.empty(), attempts -> HtmStatus.COMMITTED));
    }
}
