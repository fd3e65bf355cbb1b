package dev.locus.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Exports;
import java.lang.module.ModuleDescriptor.Requires;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The compiled descriptor of dev.locus.core against docs/api-surface.md: it exports, to everyone,
 * exactly the packages that document lists, and its optional dependencies stay optional.
 */
class ModuleBoundaryTest {

    private static final Pattern PACKAGE_HEADING = Pattern.compile("^#### `(dev\\.locus\\.[a-z.]+)`$");

    @Test
    void exportsExactlyTheDocumentedPackages() throws IOException, URISyntaxException {
        ModuleDescriptor core = descriptor();
        assertEquals("dev.locus.core", core.name());
        assertTrue(core.exports().stream().noneMatch(Exports::isQualified), core.exports().toString());
        Set<String> exported = core.exports().stream().map(Exports::source).collect(Collectors.toSet());
        assertEquals(documentedPackages(), exported);
    }

    @Test
    void optionalDependenciesAreStatic() throws IOException, URISyntaxException {
        Map<String, Set<Requires.Modifier>> requires = descriptor().requires().stream()
                .collect(Collectors.toMap(Requires::name, Requires::modifiers));
        assertTrue(requires.get("affinity").contains(Requires.Modifier.STATIC), requires.toString());
        assertTrue(requires.get("micrometer.core").contains(Requires.Modifier.STATIC), requires.toString());
        assertFalse(requires.get("org.jctools.core").contains(Requires.Modifier.STATIC), requires.toString());
    }

    /** Read from locus-core's classes directory: a class loader would find the JDK's first. */
    private static ModuleDescriptor descriptor() throws IOException, URISyntaxException {
        Path classes = Path.of(LocusExecutors.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
            return ModuleDescriptor.read(in);
        }
    }

    /** The package headings of the locus-core section of docs/api-surface.md. */
    private static Set<String> documentedPackages() throws IOException {
        String basedir = System.getProperty("basedir", ".");
        List<String> lines = Files.readAllLines(Path.of(basedir, "..", "docs", "api-surface.md"));
        int from = lines.indexOf("## dev.locus.core (locus-core)");
        int to = lines.indexOf("## dev.locus.stm (locus-stm)");
        assertTrue(from >= 0 && to > from, "docs/api-surface.md has its locus-core section");
        Set<String> packages = lines.subList(from, to).stream()
                .map(PACKAGE_HEADING::matcher)
                .filter(Matcher::matches)
                .map(m -> m.group(1))
                .collect(Collectors.toSet());
        assertFalse(packages.isEmpty(), "no package headings in the locus-core section");
        return packages;
    }
}
