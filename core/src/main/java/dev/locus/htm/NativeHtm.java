package dev.locus.htm;

import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether the native RTM shim is loaded and whether hardware transactions can be used, decided
 * once, when this class initializes, and reported once through {@link System.Logger} (logger
 * {@code dev.locus.htm.NativeHtm}): a WARNING when the shim did not load, INFO when it loaded but
 * RTM is unusable. Nothing here is required: without the shim, {@link NativeRegion}s live in
 * direct buffers and every operation runs under the region's lock word.
 *
 * <p>The shim is the class-path resource {@value #DEFAULT_LIBRARY}, built by the core module's
 * native step on linux-x86_64 where gcc is present. The system property {@value #LIBRARY_PROPERTY}
 * names another resource instead; it is read once, and exists so that tests can simulate a missing
 * or unloadable library.
 */
public final class NativeHtm {

    /** System property naming the shim's class-path resource; read once, for tests. */
    public static final String LIBRARY_PROPERTY = "locus.htm.library";

    static final String DEFAULT_LIBRARY = "dev/locus/htm/native/linux-x86_64/liblocushtm.so";

    private static final System.Logger LOG = System.getLogger(NativeHtm.class.getName());

    /** Why the shim is not loaded; null once it is. */
    private static final String LIBRARY_PROBLEM;
    /** Why hardware transactions are not used; null when they are. */
    private static final String RTM_PROBLEM;

    static {
        String library = ShimLoader.load(System.getProperty(LIBRARY_PROPERTY, DEFAULT_LIBRARY),
                Path.of(System.getProperty("java.io.tmpdir"))).orElse(null);
        String rtm = "the native shim is not loaded";
        if (library == null) {
            try {
                rtm = RtmDetection.detect().orElse(null);
            } catch (LinkageError e) {
                library = "the loaded library lacks the shim's entry points (" + e + ")";
            }
        }
        LIBRARY_PROBLEM = library;
        RTM_PROBLEM = rtm;
        if (library != null) {
            LOG.log(Level.WARNING, "locus HTM shim not loaded: {0}; native regions run every operation"
                    + " under their lock word in Java", library);
        } else if (rtm != null) {
            LOG.log(Level.INFO, "hardware transactions unavailable: {0}; native regions run every"
                    + " operation under their lock word", rtm);
        }
    }

    private NativeHtm() {
    }

    /** Whether the native shim is loaded (the {@code LOADED} flag). */
    public static boolean isLoaded() {
        return LIBRARY_PROBLEM == null;
    }

    /** Why the shim is not loaded; empty if it is. */
    public static Optional<String> unavailableReason() {
        return Optional.ofNullable(LIBRARY_PROBLEM);
    }

    /**
     * Whether hardware transactions run: the shim is loaded, the processor and the kernel report
     * RTM, and a probe transaction committed.
     */
    public static boolean rtmSupported() {
        return RTM_PROBLEM == null;
    }

    /** Why hardware transactions are not used (the CPUID bit, the kernel's flags, the probe); empty if they are. */
    public static Optional<String> rtmUnavailableReason() {
        return Optional.ofNullable(RTM_PROBLEM);
    }
}
