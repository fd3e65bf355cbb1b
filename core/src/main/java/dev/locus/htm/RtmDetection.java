package dev.locus.htm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.IntUnaryOperator;

/**
 * Decides whether hardware transactions are usable, and says why not: the processor must report
 * RTM (CPUID leaf 7, EBX bit 11, without RTM_ALWAYS_ABORT in EDX bit 11), the kernel must list
 * {@code rtm} in every {@code flags} line of {@code /proc/cpuinfo} (it clears the flag where TSX is
 * switched off, e.g. {@code tsx=off}), and then a probe transaction must commit: microcode can
 * leave the CPUID bit set while every {@code XBEGIN} aborts. The probe runs only when both sources
 * agree, because {@code XBEGIN} on a processor without RTM raises #UD, which would kill the JVM.
 */
final class RtmDetection {

    static final Path CPUINFO = Path.of("/proc/cpuinfo");
    static final int PROBE_ATTEMPTS = 16;

    private RtmDetection() {
    }

    /** Detects RTM on this machine through the loaded shim; empty if usable, else the reason. */
    static Optional<String> detect() {
        return problem(RtmShim.cpuidRtm(), kernelProblem(CPUINFO), RtmShim::probeRtm);
    }

    /**
     * The decision: {@code cpuidBits} as {@link RtmShim#cpuidRtm()} returns them, the kernel's
     * objection (empty if none), and the probe, called with {@link #PROBE_ATTEMPTS} only when both
     * say yes; empty if RTM is usable, else the reason.
     */
    static Optional<String> problem(int cpuidBits, Optional<String> kernelProblem, IntUnaryOperator probe) {
        List<String> reasons = new ArrayList<>();
        if ((cpuidBits & RtmShim.CPUID_LEAF7) == 0) {
            reasons.add("the processor has no CPUID leaf 7");
        } else if ((cpuidBits & RtmShim.CPUID_RTM) == 0) {
            reasons.add("CPUID.(EAX=7,ECX=0):EBX[11] (RTM) is 0");
        } else if ((cpuidBits & RtmShim.CPUID_RTM_ALWAYS_ABORT) != 0) {
            reasons.add("CPUID.(EAX=7,ECX=0):EDX[11] (RTM_ALWAYS_ABORT) is 1: microcode aborts every transaction");
        }
        kernelProblem.ifPresent(reasons::add);
        if (!reasons.isEmpty()) {
            return Optional.of(String.join("; ", reasons));
        }
        int status = probe.applyAsInt(PROBE_ATTEMPTS);
        if (HtmStatus.isCommitted(status)) {
            return Optional.empty();
        }
        return Optional.of("none of " + PROBE_ATTEMPTS + " probe transactions committed (last: "
                + HtmStatus.describe(status) + "); microcode may have disabled TSX");
    }

    /** The kernel's objection to RTM from a {@code /proc/cpuinfo} file; empty if it lists rtm. */
    static Optional<String> kernelProblem(Path cpuinfo) {
        try {
            return kernelProblem(Files.readAllLines(cpuinfo));
        } catch (IOException e) {
            return Optional.of("cannot read " + cpuinfo + " (" + e + ")");
        }
    }

    /** The kernel's objection from the lines of {@code /proc/cpuinfo}; empty if every CPU lists rtm. */
    static Optional<String> kernelProblem(List<String> cpuinfoLines) {
        List<String> flagLines = cpuinfoLines.stream()
                .filter(line -> line.startsWith("flags") && line.indexOf(':') > 0)
                .toList();
        if (flagLines.isEmpty()) {
            return Optional.of("/proc/cpuinfo has no flags line");
        }
        boolean everyCpu = flagLines.stream().allMatch(line -> Arrays
                .asList(line.substring(line.indexOf(':') + 1).trim().split("\\s+"))
                .contains("rtm"));
        return everyCpu ? Optional.empty() : Optional.of("the kernel's /proc/cpuinfo flags lack rtm");
    }
}
