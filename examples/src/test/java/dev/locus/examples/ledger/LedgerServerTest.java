package dev.locus.examples.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.locus.examples.ledger.LedgerLoad.Service;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The ledger over HTTP: the README's load run in short, the interface's answers, and shutdown. */
class LedgerServerTest {

    private static final Duration LIMIT = Duration.ofSeconds(90);

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    /** The README command with a small load: both services answer everything, balances exact. */
    @Test
    void shortLoadRunPassesEveryCheckOnBothServices() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(buffer, true, StandardCharsets.UTF_8);
        LedgerLoad.Options options = LedgerLoad.Options.parse("--requests", "1_000", "--clients", "8",
                "--accounts", "50", "--workers", "2", "--warmup", "0", "--rounds", "1");
        List<LoadReport> reports = assertTimeoutPreemptively(LIMIT, () -> LedgerLoad.run(options, out));

        String text = buffer.toString(StandardCharsets.UTF_8);
        assertEquals(Service.values().length, reports.size(), text);
        for (LoadReport report : reports) {
            assertTrue(report.ok(), report.firstProblem() + "\n" + text);
            assertEquals(1_000, report.requests());
            assertEquals(1_000, report.applied() + report.refused());
            assertEquals(1_000, report.latencyNanos().length);
            assertTrue(report.refused() > 0, "no withdrawal was refused, so the overdraft rule was never tested");
            assertTrue(report.latencyNanos(0.5) <= report.latencyNanos(0.99));
            assertTrue(report.requestsPerSecond() > 0);
        }
        assertTrue(text.contains("locus keyed") && text.contains("TPE + locks"), text);
        assertTrue(text.contains("ok: every request answered, 50 balances exact, none negative"), text);
        assertTrue(text.contains("locus keyed / TPE + locks, geometric mean"), text);
    }

    @ParameterizedTest
    @EnumSource(Service.class)
    void answersEveryKindOfRequestWithAClearStatus(Service service) throws Exception {
        try (LedgerServer server = LedgerServer.start(service.newLedger(3, 2))) {
            URI base = server.uri();
            assertAnswer(200, "100", post(base, "deposit?account=0&amount=100"));
            assertAnswer(200, "70", post(base, "withdraw?account=0&amount=30"));
            assertAnswer(409, "70", post(base, "withdraw?account=0&amount=71"));
            assertAnswer(200, "50", post(base, "transfer?from=0&to=2&amount=20"));
            assertAnswer(409, "50", post(base, "transfer?from=0&to=2&amount=51"));
            assertAnswer(200, "20", get(base, "balance?account=2"));

            assertEquals(400, post(base, "deposit?account=0").statusCode());
            assertEquals(400, post(base, "deposit?account=0&amount=ten").statusCode());
            assertEquals(400, post(base, "deposit?account=0&amount=0").statusCode());
            assertEquals(400, post(base, "withdraw?account=0&amount=-5").statusCode());
            assertEquals(400, post(base, "transfer?from=1&to=1&amount=5").statusCode());
            assertEquals(400, get(base, "balance?account=99999999999").statusCode());
            assertEquals(404, post(base, "deposit?account=3&amount=1").statusCode());
            assertEquals(404, get(base, "balance?account=-1").statusCode());
            assertEquals(404, get(base, "accounts").statusCode());
            assertEquals(405, get(base, "deposit?account=0&amount=1").statusCode());
            assertEquals(405, post(base, "balance?account=0").statusCode());
            assertAnswer(200, "50", get(base, "balance?account=0")); // the refused requests changed nothing
        }
    }

    @Test
    void loadGoesToLoopbackOnlyAndOptionsAreChecked() {
        LoadGenerator.Settings settings = new LoadGenerator.Settings(10, 1, 2, 1.0, 1);
        assertThrows(IllegalArgumentException.class,
                () -> LoadGenerator.run(URI.create("http://192.0.2.1:8080/"), settings));
        assertThrows(IllegalArgumentException.class, () -> new LoadGenerator.Settings(0, 1, 2, 1.0, 1));
        assertThrows(IllegalArgumentException.class, () -> new LoadGenerator.Settings(10, 0, 2, 1.0, 1));
        assertThrows(IllegalArgumentException.class, () -> new LoadGenerator.Settings(10, 1, 1, 1.0, 1));
        assertThrows(IllegalArgumentException.class, () -> new LoadGenerator.Settings(10, 1, 2, -1, 1));
        assertThrows(IllegalArgumentException.class, () -> new LoadGenerator.Settings(10, 1, 2, Double.NaN, 1));

        LedgerLoad.Options options = LedgerLoad.Options.parse("--requests", "5_000", "--zipf", "0.5", "--workers", "3");
        assertEquals(5_000, options.load().requests());
        assertEquals(0.5, options.load().zipfExponent());
        assertEquals(3, options.workers());
        assertEquals(16, LedgerLoad.Options.parse().load().clients());
        assertThrows(IllegalArgumentException.class, () -> LedgerLoad.Options.parse("--requests"));
        assertThrows(IllegalArgumentException.class, () -> LedgerLoad.Options.parse("--requests", "many"));
        assertThrows(IllegalArgumentException.class, () -> LedgerLoad.Options.parse("--workers", "0"));
        assertThrows(IllegalArgumentException.class, () -> LedgerLoad.Options.parse("--warmup", "-1"));
        assertThrows(IllegalArgumentException.class, () -> LedgerLoad.Options.parse("--rounds", "0"));
        LedgerLoad.Options read = LedgerLoad.Options.parse("--requests", "5_000", "--zipf", "0.5", "--rounds", "4");
        assertEquals(read, LedgerLoad.Options.parse(read.toArgs().toArray(String[]::new)), "a child reads what it was given");
        assertThrows(IllegalArgumentException.class, () -> LedgerLoad.Options.parse("--verbose", "1"));
    }

    /**
     * Clients keep sending while the server closes. Every request ends one of three ways: answered
     * 200 or 409 (then, if applied, it shows in the final balances), answered 503, or never read by
     * the server (an I/O error, and no effect). A request that was applied but got no answer would
     * show up as a balance that is not the sum of the applied answers.
     */
    @ParameterizedTest
    @EnumSource(Service.class)
    void closeAnswersEveryRequestTheLedgerAccepted(Service service) {
        assertTimeoutPreemptively(LIMIT, () -> {
            for (int round = 0; round < 5; round++) {
                LedgerServer server = LedgerServer.start(service.newLedger(20, 2));
                AtomicBoolean stop = new AtomicBoolean();
                AtomicLong answered = new AtomicLong();
                List<Audit> audits = new ArrayList<>();
                List<Thread> clients = new ArrayList<>();
                for (int c = 0; c < 8; c++) {
                    Audit audit = new Audit(20);
                    audits.add(audit);
                    SplittableRandom random = new SplittableRandom(round * 100L + c);
                    Thread client = new Thread(() -> sendUntilRefused(server.uri(), random, audit, stop, answered));
                    clients.add(client);
                    client.start();
                }
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (answered.get() < 300 && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                server.close();
                stop.set(true);
                Audit all = new Audit(20);
                for (int c = 0; c < clients.size(); c++) {
                    clients.get(c).join();
                    all.add(audits.get(c));
                }
                assertEquals(0, all.failed(), all.firstProblem());
                assertEquals(0, all.negative(), all.firstProblem());
                assertEquals(0, all.mismatches(server.ledger().finalBalances()), all.firstProblem());
                assertTrue(all.applied() >= 100, "only " + all.applied() + " requests applied before close");
            }
        });
    }

    /** Sends random requests until {@code stop}; 503 and I/O errors (the server going away) are expected. */
    private void sendUntilRefused(URI base, SplittableRandom random, Audit audit, AtomicBoolean stop,
                                  AtomicLong answered) {
        Zipf accounts = new Zipf(20, 1.0);
        while (!stop.get()) {
            LoadRequest request = LoadRequest.random(random, accounts);
            try {
                HttpResponse<String> response = http.send(request.toHttp(base), HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() != 503) {
                    audit.answer(request, response.statusCode(), response.body());
                    answered.incrementAndGet();
                }
            } catch (IOException e) {
                // not read by the server (connection refused or closed before the request was parsed)
            } catch (InterruptedException e) {
                audit.fail("interrupted");
                return;
            }
        }
    }

    private HttpResponse<String> post(URI base, String query) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(base.resolve(query)).POST(HttpRequest.BodyPublishers.noBody())
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(URI base, String query) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(base.resolve(query)).GET().timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static void assertAnswer(int status, String body, HttpResponse<String> response) {
        assertEquals(status, response.statusCode(), response.body());
        assertEquals(body, response.body().strip());
    }
}
