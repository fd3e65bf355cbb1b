package dev.locus.jmh.scaling;

import dev.locus.jmh.report.Report;
import dev.locus.jmh.report.RunFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The report's part on {@code Reproduce --scaling}, whose results sit in {@code scaling/} beside
 * the main job's JSON with their own {@code run.properties}: that machine's facts and a link to
 * the report made from them, so that the 2-core and the larger machine's numbers are each
 * labelled with their machine. Empty where there are no scaling results.
 *
 * <p>Not a {@link dev.locus.jmh.report.ClaimSection}: it holds no claims of its own; the claims
 * the scaling run checks are in the report made from its results, which this part links to.
 */
public final class ScalingSection {

    /** The scaling results' directory, beside the main job's JSON. */
    static final String DIRECTORY = "scaling";
    private static final String JSON = "jmh-results.json";

    private ScalingSection() {
    }

    /** The section for the scaling results beside {@code resultsJson}, linked from {@code outputDirectory}. */
    public static String document(Path resultsJson, Path outputDirectory) throws IOException {
        Path directory = resultsJson.toAbsolutePath().resolveSibling(DIRECTORY);
        Path json = directory.resolve(JSON);
        if (!Files.isRegularFile(json)) {
            return "";
        }
        StringBuilder md = new StringBuilder("\n## Scaling: the claims at more than two workers\n\n");
        md.append("`Reproduce --scaling` ran [Bai06], [Maldonado10]/[Nicacio10] and [Kalikar19] at up to 16 workers and 64 threads")
                .append(" on this machine:\n\n");
        RunFacts.besides(json).lines().forEach(line -> md.append(line).append('\n'));
        Path report = directory.resolve(Report.REPORT_FILE);
        md.append('\n');
        if (Files.isRegularFile(report)) {
            String link = outputDirectory.toAbsolutePath().relativize(report).toString().replace('\\', '/');
            md.append("Its claims, tables and charts: [").append(link).append("](").append(link).append(").\n");
        } else {
            md.append("Its report is not written yet: `java -cp jmh-benchmarks/target/benchmarks.jar ")
                    .append(Report.class.getName()).append(" --in ").append(json).append(" --out ").append(directory)
                    .append("`.\n");
        }
        return md.toString();
    }
}
