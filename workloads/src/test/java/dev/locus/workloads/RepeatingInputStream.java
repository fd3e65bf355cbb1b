package dev.locus.workloads;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The bytes of {@code head}, then {@code unit} {@code repeats} times, then {@code tail}, in
 * US-ASCII, generated as they are read: a document of any size in constant memory.
 */
final class RepeatingInputStream extends InputStream {

    private final byte[][] parts;
    private long unitsLeft;
    /** 0: head, 1: a unit, 2: tail, 3: the end. */
    private int part;
    private int offset;

    RepeatingInputStream(String head, String unit, long repeats, String tail) {
        if (unit.isEmpty() || repeats < 0) {
            throw new IllegalArgumentException("an empty unit or " + repeats + " repeats");
        }
        this.parts = new byte[][] {ascii(head), ascii(unit), ascii(tail)};
        this.unitsLeft = repeats;
    }

    @Override
    public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] buffer, int from, int length) {
        Objects.checkFromIndexSize(from, length, buffer.length);
        int copied = 0;
        while (copied < length && part < parts.length) {
            if (offset == parts[part].length) {
                nextPart();
                continue;
            }
            int n = Math.min(length - copied, parts[part].length - offset);
            System.arraycopy(parts[part], offset, buffer, from + copied, n);
            offset += n;
            copied += n;
        }
        return copied == 0 && length > 0 ? -1 : copied;
    }

    private void nextPart() {
        offset = 0;
        if (part == 0 && unitsLeft == 0) {
            part = 2;
        } else if (part == 1 && --unitsLeft > 0) {
            return;
        } else {
            part++;
        }
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
