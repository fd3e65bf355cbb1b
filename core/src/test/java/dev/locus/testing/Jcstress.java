package dev.locus.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import org.openjdk.jcstress.JCStress;
import org.openjdk.jcstress.Options;

/**
 * Runs the jcstress scenarios nested in a class, in jcstress's quick mode unless
 * {@code -Dlocus.jcstress.mode=default} asks for longer; jcstress throws an AssertionError listing
 * every forbidden outcome it observed.
 */
public final class Jcstress {

    private Jcstress() {
    }

    public static void run(Class<?> scenarios) throws Exception {
        Path results = Files.createTempDirectory("locus-jcstress");
        Options options = new Options(new String[] {
            "-t", scenarios.getName().replace(".", "\\.") + ".*",
            "-m", System.getProperty("locus.jcstress.mode", "quick"),
            "-r", results.toString()});
        if (!options.parse()) {
            throw new IllegalStateException("bad jcstress options");
        }
        new JCStress(options).run();
    }
}
