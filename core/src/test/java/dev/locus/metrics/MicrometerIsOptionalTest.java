package dev.locus.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.executor.LocusExecutors;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;
import org.junit.jupiter.api.Test;

/**
 * Micrometer is an optional dependency of locus-core: an application without it must be able to
 * use every executor, which holds only if no class outside {@code dev.locus.metrics} refers to a
 * Micrometer type (a reference would fail with {@code NoClassDefFoundError} when its code runs).
 */
class MicrometerIsOptionalTest {

    @Test
    void noClassOutsideTheMetricsPackageRefersToMicrometer() throws IOException, URISyntaxException {
        Path classes = locationOf(LocusExecutors.class);
        List<String> offenders;
        try (Stream<Path> files = Files.walk(classes)) {
            offenders = files.filter(f -> f.toString().endsWith(".class"))
                    .filter(f -> !classes.relativize(f).startsWith(Path.of("dev", "locus", "metrics")))
                    .filter(MicrometerIsOptionalTest::refersToMicrometer)
                    .map(f -> classes.relativize(f).toString())
                    .toList();
        }
        assertEquals(List.of(), offenders, "classes outside dev.locus.metrics that refer to Micrometer or to dev.locus.metrics");
        assertTrue(refersToMicrometer(classes.resolve("dev/locus/metrics/KeyedExecutorMetrics.class")),
                "the scan must see the binder's references, or it proves nothing");
    }

    @Test
    void theExecutorsRunInAClassLoaderWithoutMicrometer() throws Exception {
        URL[] path = {
            locationOf(LocusExecutors.class).toUri().toURL(),
            locationOf(WithoutMicrometer.class).toUri().toURL(),
            locationOf(MpscUnboundedXaddArrayQueue.class).toUri().toURL(),
        };
        try (URLClassLoader loader = new URLClassLoader("without-micrometer", path, ClassLoader.getPlatformClassLoader())) {
            assertThrows(ClassNotFoundException.class,
                    () -> Class.forName("io.micrometer.core.instrument.MeterRegistry", false, loader),
                    "the isolated class loader must not see Micrometer");
            assertThrows(NoClassDefFoundError.class,
                    () -> Class.forName(KeyedExecutorMetrics.class.getName(), true, loader),
                    "the binder cannot load without Micrometer");
            Class<?> app = Class.forName(WithoutMicrometer.class.getName(), true, loader);
            assertEquals(loader, app.getClassLoader());
            @SuppressWarnings("unchecked")
            Supplier<String> run = (Supplier<String>) app.getDeclaredConstructor().newInstance();
            assertEquals("200 200;200 200;200 200;", run.get());
        }
    }

    private static boolean refersToMicrometer(Path classFile) {
        try {
            String constants = new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1);
            return constants.contains("io/micrometer/") || constants.contains("dev/locus/metrics/");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path locationOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
