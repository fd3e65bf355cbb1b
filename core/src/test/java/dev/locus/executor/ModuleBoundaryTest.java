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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The compiled descriptor of dev.locus.core against docs/api-surface.md: it exports, to everyone,
 * exactly the packages that document lists as exported, to named modules only the packages it
 * lists as exported only to them, and its optional dependencies stay optional.
 */
class ModuleBoundaryTest {

    private static final Pattern PACKAGE_HEADING = Pattern.compile("^#### `(dev\\.locus\\.[a-z.]+)`$");
    private static final Pattern QUALIFIED_HEADING = Pattern.compile("^- Exported only to `(dev\\.locus\\.[a-z.]+)`.*");
    private static final Pattern QUALIFIED_PACKAGE = Pattern.compile("^  - `(dev\\.locus\\.[a-z.]+)`:.*");

    @Test
    void exportsExactlyTheDocumentedPackages() throws IOException, URISyntaxException {
        ModuleDescriptor core = descriptor();
        assertEquals("dev.locus.core", core.name());
        Set<String> exported = core.exports().stream()
                .filter(e -> !e.isQualified())
                .map(Exports::source)
                .collect(Collectors.toSet());
        assertEquals(documentedPackages(), exported);
    }

    @Test
    void exportsToNamedModulesExactlyTheDocumentedPackages() throws IOException, URISyntaxException {
        Map<String, Set<String>> qualified = descriptor().exports().stream()
                .filter(Exports::isQualified)
                .collect(Collectors.toMap(Exports::source, Exports::targets));
        assertEquals(documentedQualifiedExports(), qualified);
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
        Set<String> packages = coreSection().stream()
                .map(PACKAGE_HEADING::matcher)
                .filter(Matcher::matches)
                .map(m -> m.group(1))
                .collect(Collectors.toSet());
        assertFalse(packages.isEmpty(), "no package headings in the locus-core section");
        return packages;
    }

    /**
     * The packages listed under "Exported only to `module`" in the locus-core section, each with
     * the module it is exported to.
     */
    private static Map<String, Set<String>> documentedQualifiedExports() throws IOException {
        Map<String, Set<String>> exports = new HashMap<>();
        String target = null;
        for (String line : coreSection()) {
            Matcher heading = QUALIFIED_HEADING.matcher(line);
            Matcher pkg = QUALIFIED_PACKAGE.matcher(line);
            if (heading.matches()) {
                target = heading.group(1);
            } else if (target != null && pkg.matches()) {
                exports.computeIfAbsent(pkg.group(1), p -> new HashSet<>()).add(target);
            } else if (!line.startsWith("  ")) {
                target = null;
            }
        }
        return exports;
    }

    private static List<String> coreSection() throws IOException {
        String basedir = System.getProperty("basedir", ".");
        List<String> lines = Files.readAllLines(Path.of(basedir, "..", "docs", "api-surface.md"));
        int from = lines.indexOf("## dev.locus.core (locus-core)");
        int to = lines.indexOf("## dev.locus.stm (locus-stm)");
        assertTrue(from >= 0 && to > from, "docs/api-surface.md has its locus-core section");
        return lines.subList(from, to);
    }
}
