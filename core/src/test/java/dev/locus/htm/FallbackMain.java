package dev.locus.htm;

/**
 * Run by {@link FallbackProcessTest} in a JVM of its own, with {@value NativeHtm#LIBRARY_PROPERTY}
 * pointing at a missing or broken library: uses regions as a user would and prints what it saw.
 * Exits 0 only if every result was right.
 */
public final class FallbackMain {

    private FallbackMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        boolean ok = !NativeHtm.isLoaded() && !NativeHtm.rtmSupported();
        System.out.println("loaded=" + NativeHtm.isLoaded() + " rtm=" + NativeHtm.rtmSupported());
        System.out.println("reason=" + NativeHtm.unavailableReason().orElse(""));
        for (int round = 0; round < 3; round++) {
            try (NativeRegion region = NativeRegion.allocate(RegionWorkloads.VALUE_BYTES)) {
                long total = RegionWorkloads.countConcurrently(region, 4, 5_000);
                long torn = RegionWorkloads.tornReads(region, RegionWorkloads.VALUE_BYTES, 2, 2, 5_000);
                int status = region.tryHtmRead(0, new byte[8], 0, 8);
                System.out.println("total=" + total + " torn=" + torn + " attempt=" + HtmStatus.describe(status));
                ok &= total == 20_000 && torn == 0 && HtmStatus.isNotAttempted(status);
            }
        }
        System.out.println(ok ? "fallback ok" : "fallback FAILED");
        System.exit(ok ? 0 : 1);
    }
}
