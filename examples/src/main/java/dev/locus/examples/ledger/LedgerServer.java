package dev.locus.examples.ledger;

import java.net.URI;
import java.util.Objects;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;

/**
 * An embedded Jetty 12 server that serves a {@link Ledger} over HTTP/1.1 on 127.0.0.1, on a port
 * the operating system picks (see {@link LedgerHandler} for the interface).
 *
 * <pre>{@code
 * try (LedgerServer server = LedgerServer.start(new KeyedLedger(1_000, 2))) {
 *     // POST server.uri().resolve("/deposit?account=7&amount=100") ...
 * }
 * }</pre>
 *
 * <p>{@link #close()} shuts down in order: the connector stops accepting connections and requests
 * that arrive meanwhile are answered 503; every request already being handled is answered (the
 * ledger is still open); then the ledger is closed, which stops its executor. So every request the
 * ledger accepted is answered, and none is lost in between.
 */
public final class LedgerServer implements AutoCloseable {

    /** How long {@link #close()} waits for requests in progress before Jetty gives up on them. */
    private static final long STOP_TIMEOUT_MILLIS = 30_000;

    /**
     * How long an idle kept-alive connection stays open once closing has begun (Jetty's default is a
     * second, which every close of a server that had clients would wait out).
     */
    private static final long SHUTDOWN_IDLE_TIMEOUT_MILLIS = 100;

    private final Server server;
    private final Ledger ledger;
    private final URI uri;

    private LedgerServer(Server server, Ledger ledger, URI uri) {
        this.server = server;
        this.ledger = ledger;
        this.uri = uri;
    }

    /**
     * Starts serving {@code ledger}, which the server then owns: {@link #close()} closes it, and so
     * does a failure to start.
     *
     * @throws IllegalStateException if Jetty could not start
     */
    public static LedgerServer start(Ledger ledger) {
        Objects.requireNonNull(ledger, "ledger");
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        connector.setShutdownIdleTimeout(SHUTDOWN_IDLE_TIMEOUT_MILLIS);
        server.addConnector(connector);
        server.setHandler(new GracefulHandler(new LedgerHandler(ledger)));
        server.setStopTimeout(STOP_TIMEOUT_MILLIS);
        try {
            server.start();
        } catch (Exception e) {
            try {
                server.stop();
            } catch (Exception suppressed) {
                e.addSuppressed(suppressed);
            } finally {
                ledger.close();
            }
            throw new IllegalStateException("Jetty did not start", e);
        }
        return new LedgerServer(server, ledger, URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/"));
    }

    /** The server's base address, {@code http://127.0.0.1:<port>/}. */
    public URI uri() {
        return uri;
    }

    /** The ledger it serves. */
    public Ledger ledger() {
        return ledger;
    }

    /**
     * Stops the server gracefully (see the class comment), then closes the ledger. Idempotent.
     *
     * @throws IllegalStateException if Jetty failed to stop; the ledger is closed all the same
     */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("Jetty did not stop cleanly", e);
        } finally {
            ledger.close();
        }
    }
}
