package dev.locus.examples.ledger;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Sends a fixed number of requests to a ledger server on the loopback interface, from a fixed
 * number of client threads that each wait for an answer before sending the next request, then
 * reads every account's balance and checks it (see {@link Audit}).
 *
 * <p>Accounts are drawn from a Zipf distribution over the account ids, rank = id: account 0 is the
 * busiest. Every run is bounded: a request that takes longer than 30 seconds fails, and clients
 * still running after {@link #DEADLINE} are interrupted and the run reported as failed.
 */
public final class LoadGenerator {

    /** How long a whole run may take before its clients are interrupted. */
    public static final Duration DEADLINE = Duration.ofMinutes(5);

    private LoadGenerator() {
    }

    /**
     * What to send.
     *
     * @param requests requests in all, split evenly among the clients
     * @param clients client threads, each with one request outstanding at a time
     * @param accounts accounts the requests touch: ids {@code [0, accounts)}, as the server's ledger has
     * @param zipfExponent skew of the accounts; 0 is uniform, 1 the classic Zipf
     * @param seed seed of the request streams
     */
    public record Settings(int requests, int clients, int accounts, double zipfExponent, long seed) {

        /** @throws IllegalArgumentException on a non-positive count, one account, or a bad exponent */
        public Settings {
            if (requests < 1) {
                throw new IllegalArgumentException("requests must be > 0, was " + requests);
            }
            if (clients < 1) {
                throw new IllegalArgumentException("clients must be > 0, was " + clients);
            }
            if (accounts < 2) {
                throw new IllegalArgumentException("accounts must be >= 2 (transfers need two), was " + accounts);
            }
            new Zipf(1, zipfExponent); // checks the exponent
        }
    }

    /**
     * Runs the load against the server at {@code base} (which must be on 127.0.0.1) and checks the
     * final balances.
     *
     * @throws IllegalArgumentException if {@code base} is not a loopback address
     */
    public static LoadReport run(URI base, Settings settings) throws InterruptedException {
        Objects.requireNonNull(settings, "settings");
        if (!"127.0.0.1".equals(base.getHost())) {
            throw new IllegalArgumentException("load goes to 127.0.0.1 only, not " + base);
        }
        HttpClient http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(LoadRequest.TIMEOUT)
                .build();
        Zipf accounts = new Zipf(settings.accounts(), settings.zipfExponent());
        SplittableRandom seeds = new SplittableRandom(settings.seed());

        List<Client> clients = new ArrayList<>();
        for (int c = 0; c < settings.clients(); c++) {
            int share = settings.requests() / settings.clients() + (c < settings.requests() % settings.clients() ? 1 : 0);
            clients.add(new Client(http, base, accounts, seeds.split(), share, settings.accounts()));
        }
        long start = System.nanoTime();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients.size(); c++) {
            Thread thread = new Thread(clients.get(c), "load-client-" + c);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        Audit audit = new Audit(settings.accounts());
        long deadline = start + DEADLINE.toNanos();
        for (Thread thread : threads) {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (thread.isAlive()) {
                thread.interrupt();
                thread.join();
                audit.fail(thread.getName() + " was still running after " + DEADLINE);
            }
        }
        long elapsed = System.nanoTime() - start;

        long[] latencies = new long[settings.requests()];
        int sent = 0;
        for (Client client : clients) {
            audit.add(client.audit);
            System.arraycopy(client.latencies, 0, latencies, sent, client.sent);
            sent += client.sent;
        }
        latencies = Arrays.copyOf(latencies, sent);
        Arrays.sort(latencies);

        long[] balances = finalBalances(http, base, settings.accounts(), audit);
        int mismatches = balances == null ? 0 : audit.mismatches(balances);
        return new LoadReport(sent, elapsed, latencies, audit.applied(), audit.refused(), audit.failed(),
                audit.negative(), mismatches, audit.firstProblem());
    }

    /** Every account's balance by GET /balance, or {@code null} (noted in {@code audit}) if one failed. */
    private static long[] finalBalances(HttpClient http, URI base, int accounts, Audit audit)
            throws InterruptedException {
        long[] balances = new long[accounts];
        for (int a = 0; a < accounts; a++) {
            LoadRequest query = LoadRequest.balanceOf(a);
            try {
                HttpResponse<String> response = http.send(query.toHttp(base), HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() != 200) {
                    audit.fail(query + " answered " + response.statusCode() + ": " + response.body().strip());
                    return null;
                }
                balances[a] = Long.parseLong(response.body().strip());
            } catch (IOException | NumberFormatException e) {
                audit.fail(query + " failed: " + e);
                return null;
            }
        }
        return balances;
    }

    /** One client thread: sends its share of requests one after another and audits the answers. */
    private static final class Client implements Runnable {

        private final HttpClient http;
        private final URI base;
        private final Zipf accounts;
        private final SplittableRandom random;
        private final long[] latencies;
        private final Audit audit;
        private int sent; // read by the generator after join()

        Client(HttpClient http, URI base, Zipf accounts, SplittableRandom random, int requests, int accountCount) {
            this.http = http;
            this.base = base;
            this.accounts = accounts;
            this.random = random;
            this.latencies = new long[requests];
            this.audit = new Audit(accountCount);
        }

        @Override
        public void run() {
            while (sent < latencies.length && !Thread.currentThread().isInterrupted()) {
                LoadRequest request = LoadRequest.random(random, accounts);
                long start = System.nanoTime();
                try {
                    HttpResponse<String> response = http.send(request.toHttp(base), HttpResponse.BodyHandlers.ofString());
                    latencies[sent++] = System.nanoTime() - start;
                    audit.answer(request, response.statusCode(), response.body());
                } catch (IOException e) {
                    latencies[sent++] = System.nanoTime() - start;
                    audit.fail(request + " failed: " + e);
                } catch (InterruptedException e) {
                    audit.fail(request + " interrupted");
                    return;
                }
            }
        }
    }
}
