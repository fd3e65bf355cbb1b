package dev.locus.htm;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Optional;

/**
 * Loads the shim from a class-path resource: copies it into a fresh temporary directory that only
 * this user can open, loads it with {@link System#load}, and deletes the copy and the directory
 * right away (the mapping outlives the file). A library that another user could swap between the
 * copy and the load would run with this process's rights; the private directory rules that out.
 */
final class ShimLoader {

    private static final String LIBRARY_FILE = "liblocushtm.so";

    private ShimLoader() {
    }

    /**
     * Loads the library at class-path {@code resource} through a private directory under
     * {@code tempParent}; empty if loaded, else why not. Never throws for a missing or bad file.
     */
    static Optional<String> load(String resource, Path tempParent) {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        if (!os.equals("linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
            return Optional.of("the shim is built only for linux-x86_64, not " + os + "-" + arch);
        }
        try (InputStream library = ShimLoader.class.getClassLoader().getResourceAsStream(resource)) {
            if (library == null) {
                return Optional.of("resource " + resource + " is not on the class path"
                        + " (the build skips the native step without gcc)");
            }
            Path file = extract(library, tempParent);
            try {
                System.load(file.toString());
            } finally {
                deleteWithParent(file);
            }
            return Optional.empty();
        } catch (IOException | UnsupportedOperationException | SecurityException | UnsatisfiedLinkError e) {
            return Optional.of("cannot load resource " + resource + ": " + e);
        }
    }

    /** Copies {@code library} into a new owner-only directory under {@code tempParent}; the copy. */
    static Path extract(InputStream library, Path tempParent) throws IOException {
        Path dir = Files.createTempDirectory(tempParent, "locus-htm-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path file = Files.createFile(dir.resolve(LIBRARY_FILE),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (OutputStream out = Files.newOutputStream(file)) {
            library.transferTo(out);
        }
        return file;
    }

    private static void deleteWithParent(Path file) {
        Path dir = file.getParent();
        try {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            dir.toFile().deleteOnExit(); // deleted in reverse order: the file, then its directory
            file.toFile().deleteOnExit();
        }
    }
}
