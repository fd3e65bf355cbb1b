package dev.locus.hazelcast;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

/**
 * Java serialization of tasks and outcomes to bytes, done where they are made (by the submitter, by
 * the worker that ran the task), so that a value that does not serialize fails its own submission
 * or future and never the batch it would have travelled in.
 */
final class Payload {

    private Payload() {
    }

    /**
     * @throws IllegalArgumentException if {@code value} does not serialize
     */
    static byte[] serialize(Object value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (IOException e) {
            throw new IllegalArgumentException("not serializable: " + e, e);
        }
        return bytes.toByteArray();
    }

    /** Reads a value with {@code loader}'s classes. */
    static Object deserialize(byte[] bytes, ClassLoader loader) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(bytes), loader)) {
            return in.readObject();
        }
    }

    /** The class loader for a member's payloads: its configuration's, else this module's. */
    static ClassLoader loaderOf(ClassLoader configured) {
        return configured != null ? configured : Payload.class.getClassLoader();
    }

    private static final class LoaderObjectInputStream extends ObjectInputStream {

        private final ClassLoader loader;

        LoaderObjectInputStream(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
