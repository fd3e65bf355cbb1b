package dev.locus.workloads;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The characters of an XML document's bytes, decoded for the parser so that bytes that are not
 * valid in the document's encoding fail with the line and column where they occur
 * ({@link InvalidBytes}). The JDK's parser, left to decode them itself, prints {@code [Fatal Error]}
 * to {@code System.err} and throws its own exception, which says neither.
 */
/*
 * Implementation notes
 *
 * Overview. The encoding is detected from the first bytes as the XML specification's Appendix F
 * describes: a byte-order mark (UTF-8, UTF-16BE or UTF-16LE, skipped), else the first characters
 * "<?" in UTF-16 without a mark, else the encoding that the XML declaration of an ASCII-compatible
 * document names, else UTF-8. Encodings of the EBCDIC family and UTF-32 are not detected; such a
 * document reads as malformed. The declaration is handed on with the characters; the JDK's parser
 * ignores its encoding when it reads characters.
 *
 * The decoder reports malformed and unmappable input. Reads return the characters decoded before
 * the invalid bytes, and the read after them throws; the line and column are counted over the
 * characters returned (TextPosition), so they point at the character the invalid bytes would have
 * been.
 *
 * Concurrency. None: a Reader for one parser on one thread.
 *
 * References. XML 1.0 (Fifth Edition), Appendix F.1 (detection without external encoding
 * information).
 */
final class StrictXmlReader extends Reader {

    /** Bytes read ahead to find the encoding: enough for any XML declaration in practice. */
    private static final int BUFFER = 8192;
    private static final Pattern DECLARED_ENCODING = Pattern.compile(
            "^<\\?xml[^>]*?\\sencoding\\s*=\\s*[\"']([^\"']*)[\"']");

    private final InputStream in;
    private final ByteBuffer bytes;
    private final CharsetDecoder decoder;
    /** Decoded characters not yet returned; in read mode. */
    private final CharBuffer chars = CharBuffer.allocate(BUFFER).flip();
    private boolean endOfInput;
    private boolean flushed;
    /** Whether the bytes after those decoded are invalid. */
    private boolean invalid;
    private final TextPosition position = new TextPosition();

    private StrictXmlReader(InputStream in, ByteBuffer bytes, Charset charset) {
        this.in = in;
        this.bytes = bytes;
        this.decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
    }

    /**
     * The characters of the document {@code in} holds. Reads ahead the first bytes; never closes
     * {@code in}.
     *
     * @throws IllegalArgumentException if the XML declaration names an encoding this JVM lacks
     * @throws IOException if reading fails
     */
    static StrictXmlReader of(InputStream in) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(BUFFER);
        boolean endOfInput = fill(in, bytes);
        bytes.flip();
        StrictXmlReader reader = new StrictXmlReader(in, bytes, detect(bytes));
        reader.endOfInput = endOfInput;
        return reader;
    }

    /** The document's encoding, by Appendix F; skips a byte-order mark. */
    private static Charset detect(ByteBuffer head) {
        if (startsWith(head, 0xEF, 0xBB, 0xBF)) {
            head.position(3);
            return StandardCharsets.UTF_8;
        }
        if (startsWith(head, 0xFE, 0xFF)) {
            head.position(2);
            return StandardCharsets.UTF_16BE;
        }
        if (startsWith(head, 0xFF, 0xFE)) {
            head.position(2);
            return StandardCharsets.UTF_16LE;
        }
        if (startsWith(head, 0x00, '<', 0x00, '?')) {
            return StandardCharsets.UTF_16BE;
        }
        if (startsWith(head, '<', 0x00, '?', 0x00)) {
            return StandardCharsets.UTF_16LE;
        }
        String ascii = new String(head.array(), 0, head.limit(), StandardCharsets.ISO_8859_1);
        Matcher declared = DECLARED_ENCODING.matcher(ascii);
        return declared.find() ? charset(declared.group(1), declared.start(1) + 1) : StandardCharsets.UTF_8;
    }

    private static Charset charset(String name, int column) {
        try {
            return Charset.forName(name);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw new IllegalArgumentException("malformed XML at line 1, column " + column
                    + ": unsupported encoding \"" + name + "\"", e);
        }
    }

    private static boolean startsWith(ByteBuffer head, int... prefix) {
        if (head.remaining() < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((head.get(i) & 0xFF) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /** Reads into {@code bytes} (in write mode) until it is full or the input ends; true at the end. */
    private static boolean fill(InputStream in, ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
            int n = in.read(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
            if (n < 0) {
                return true;
            }
            bytes.position(bytes.position() + n);
        }
        return false;
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (!chars.hasRemaining()) {
            chars.clear();
            while (chars.position() == 0 && !invalid && !flushed) {
                decodeSome();
            }
            chars.flip();
        }
        if (chars.hasRemaining()) {
            int n = Math.min(length, chars.remaining());
            chars.get(buffer, offset, n);
            position.advance(buffer, offset, n);
            return n;
        }
        if (invalid) {
            throw new InvalidBytes(decoder.charset(), position);
        }
        return -1;
    }

    /** Decodes into {@code chars} what the buffered bytes give, reading more when they give nothing. */
    private void decodeSome() throws IOException {
        if (endOfInput && !bytes.hasRemaining()) {
            flushed = !decoder.decode(bytes, chars, true).isOverflow() && !decoder.flush(chars).isOverflow();
            return;
        }
        CoderResult result = decoder.decode(bytes, chars, endOfInput);
        if (result.isError()) {
            invalid = true;
        } else if (result.isUnderflow()) {
            bytes.compact();
            endOfInput = fill(in, bytes);
            bytes.flip();
        }
    }

    @Override
    public void close() {
        // the caller's stream
    }

    /** Bytes that are not valid in the document's encoding, where they start. */
    static final class InvalidBytes extends IOException {

        private static final long serialVersionUID = 1L;

        InvalidBytes(Charset charset, TextPosition position) {
            super("at " + position + ": bytes that are not valid " + charset.name());
        }
    }
}
