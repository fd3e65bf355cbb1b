package dev.locus.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's measured numbers against the documents they cite.
 *
 * <p>Design notes. A number in the README is checked when it is the text of a link to a Markdown
 * file of the repository: {@code [2.20×](docs/results/REPORT.md#some-heading)}. Every decimal in
 * the link's text must occur in the linked file, as a number of its own (not inside a longer one),
 * and, where the link names a heading, inside that heading's section (up to the next heading of
 * the same or a higher level; lines in fenced code are not headings). Headings are named as GitHub names their anchors. Every row of the
 * README's comparison table must carry such a link, so that a ratio cannot be added without its
 * source; a ratio changed on one side only fails the test.
 */
class ReadmeNumbersTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static final String COMPARISON_HEADING = "## Measured against the alternatives";

    private static final Pattern LINK = Pattern.compile("\\[([^\\]]*)\\]\\(([^)\\s]+\\.md)(?:#([^)\\s]+))?\\)");

    private static final Pattern DECIMAL = Pattern.compile("\\d+\\.\\d+");

    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*)$");

    @Test
    void everyLinkedNumberOccursInItsSource() throws IOException {
        List<String> missing = new ArrayList<>();
        int checked = 0;
        Matcher link = LINK.matcher(readme());
        while (link.find()) {
            List<String> numbers = decimals(link.group(1));
            if (numbers.isEmpty()) {
                continue;
            }
            String source = section(ROOT.resolve(link.group(2)), link.group(3));
            for (String number : numbers) {
                checked++;
                if (!occurs(number, source)) {
                    missing.add(number + " of [" + link.group(1) + "] in " + link.group(2)
                            + (link.group(3) == null ? "" : "#" + link.group(3)));
                }
            }
        }
        assertTrue(checked >= 20, "expected the README to link at least 20 measured numbers, found " + checked);
        assertEquals(List.of(), missing, "README numbers absent from the sources they link to");
    }

    @Test
    void everyComparisonRowLinksItsRatio() throws IOException {
        List<String> rows = comparisonRows(readme());
        assertTrue(rows.size() >= 10, "expected the comparison table to have at least 10 rows, found " + rows.size());
        for (String row : rows) {
            String[] cells = row.split("\\|");
            String ratio = cells[cells.length - 1];
            Matcher link = LINK.matcher(ratio);
            assertTrue(link.find() && !decimals(link.group(1)).isEmpty(),
                    "the ratio cell of this row is not a link to its source: " + row);
        }
    }

    @Test
    void aChangedNumberIsCaught() {
        String source = "| adaptive | 2.20× | 12.24× |";
        assertTrue(occurs("2.20", source));
        assertFalse(occurs("2.21", source), "a different number");
        assertFalse(occurs("2.2", source), "a prefix of a longer number");
        assertFalse(occurs("2.24", source), "a suffix of a longer number");
    }

    @Test
    void headingsAreNamedAsGitHubNamesTheirAnchors() {
        assertEquals("counter-per-task-keys-zipf-s--11-over-105", anchor("counter per task, keys Zipf s = 1.1 over 10^5"));
        assertEquals("across-a-hazelcast-cluster-locus-hazelcast", anchor("Across a Hazelcast cluster (`locus-hazelcast`)"));
    }

    private static String readme() throws IOException {
        return Files.readString(ROOT.resolve("README.md"));
    }

    private static List<String> decimals(String text) {
        List<String> numbers = new ArrayList<>();
        Matcher m = DECIMAL.matcher(text);
        while (m.find()) {
            numbers.add(m.group());
        }
        return numbers;
    }

    private static boolean occurs(String number, String text) {
        return Pattern.compile("(?<![\\d.])" + Pattern.quote(number) + "(?!\\d)").matcher(text).find();
    }

    /** The table rows under the comparison heading, header and separator left out. */
    private static List<String> comparisonRows(String readme) {
        List<String> rows = new ArrayList<>();
        boolean inSection = false;
        int tableLine = 0;
        for (String line : readme.split("\n")) {
            if (line.startsWith("## ")) {
                inSection = line.equals(COMPARISON_HEADING);
            } else if (inSection && line.startsWith("|")) {
                if (++tableLine > 2) {
                    rows.add(line);
                }
            }
        }
        return rows;
    }

    /** The file, or the section of it under the heading whose anchor is {@code anchor}. */
    private static String section(Path file, String anchor) throws IOException {
        assertTrue(Files.isRegularFile(file), "the README links to a missing file: " + ROOT.relativize(file));
        String text = Files.readString(file);
        if (anchor == null) {
            return text;
        }
        StringBuilder section = new StringBuilder();
        int level = 0;
        boolean inCode = false;
        for (String line : text.split("\n")) {
            if (line.startsWith("```")) {
                inCode = !inCode;
            }
            Matcher heading = HEADING.matcher(line);
            if (!inCode && heading.matches()) {
                int depth = heading.group(1).length();
                if (level > 0 && depth <= level) {
                    break;
                }
                if (level == 0 && anchor(heading.group(2)).equals(anchor)) {
                    level = depth;
                }
            }
            if (level > 0) {
                section.append(line).append('\n');
            }
        }
        assertTrue(level > 0, "no heading #" + anchor + " in " + ROOT.relativize(file));
        return section.toString();
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
    static String anchor(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }
}
