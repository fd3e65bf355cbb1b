package dev.locus.examples.ledger;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * The ledger's HTTP interface, a Jetty core handler that never blocks: it parses the request,
 * hands the operation to the {@link Ledger}, returns, and answers when the operation's future
 * completes. The answer is written by the thread that completed the future, a ledger worker; the
 * write is asynchronous, so the worker does not wait for the network, and Jetty's callback ends the
 * request once the answer is out. (Handing the write to Jetty's own pool instead was slower for
 * both ledgers on the 2-core development machine.)
 *
 * <pre>
 * POST /deposit?account=A&amp;amount=N
 * POST /withdraw?account=A&amp;amount=N
 * POST /transfer?from=A&amp;to=B&amp;amount=N
 * GET  /balance?account=A
 * </pre>
 *
 * <p>The body of an answer is one decimal number, the account's balance (the source's, for a
 * transfer), and its status says what happened: 200 applied, 409 refused (not enough funds, or a
 * balance would overflow), 400 a missing or malformed parameter, 404 an unknown path or account,
 * 405 the wrong method, 503 the ledger is closed, 500 the operation failed.
 */
final class LedgerHandler extends Handler.Abstract.NonBlocking {

    private final Ledger ledger;

    LedgerHandler(Ledger ledger) {
        this.ledger = ledger;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String path = Request.getPathInContext(request);
        Route route = Route.of(path);
        if (route == null) {
            answer(response, callback, HttpStatus.NOT_FOUND_404, "no such resource: " + path);
            return true;
        }
        if (!route.method.is(request.getMethod())) {
            answer(response, callback, HttpStatus.METHOD_NOT_ALLOWED_405, path + " takes " + route.method);
            return true;
        }
        CompletableFuture<Outcome> outcome;
        try {
            outcome = route.start(ledger, Request.extractQueryParameters(request));
        } catch (UnknownAccountException e) {
            answer(response, callback, HttpStatus.NOT_FOUND_404, e.getMessage());
            return true;
        } catch (IllegalArgumentException e) {
            answer(response, callback, HttpStatus.BAD_REQUEST_400, e.getMessage());
            return true;
        }
        outcome.whenComplete((result, failure) -> {
            if (failure == null) {
                answer(response, callback, result.applied() ? HttpStatus.OK_200 : HttpStatus.CONFLICT_409,
                        Long.toString(result.balance()));
            } else {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure;
                answer(response, callback, cause instanceof RejectedExecutionException
                        ? HttpStatus.SERVICE_UNAVAILABLE_503 : HttpStatus.INTERNAL_SERVER_ERROR_500,
                        String.valueOf(cause));
            }
        });
        return true;
    }

    /** Writes a one-line plain-text answer and completes the request when it is written. */
    private static void answer(Response response, Callback callback, int status, String body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain;charset=utf-8");
        Content.Sink.write(response, true, body + "\n", callback);
    }

    /** The four operations, by path. */
    private enum Route {

        DEPOSIT("/deposit", HttpMethod.POST) {
            @Override
            CompletableFuture<Outcome> start(Ledger ledger, Fields query) {
                return ledger.deposit(account(query, "account"), amount(query));
            }
        },
        WITHDRAW("/withdraw", HttpMethod.POST) {
            @Override
            CompletableFuture<Outcome> start(Ledger ledger, Fields query) {
                return ledger.withdraw(account(query, "account"), amount(query));
            }
        },
        TRANSFER("/transfer", HttpMethod.POST) {
            @Override
            CompletableFuture<Outcome> start(Ledger ledger, Fields query) {
                return ledger.transfer(account(query, "from"), account(query, "to"), amount(query));
            }
        },
        BALANCE("/balance", HttpMethod.GET) {
            @Override
            CompletableFuture<Outcome> start(Ledger ledger, Fields query) {
                return ledger.balance(account(query, "account"));
            }
        };

        private final String path;
        private final HttpMethod method;

        Route(String path, HttpMethod method) {
            this.path = path;
            this.method = method;
        }

        /** Parses the query and starts the operation on {@code ledger}. */
        abstract CompletableFuture<Outcome> start(Ledger ledger, Fields query);

        static Route of(String path) {
            for (Route route : values()) {
                if (route.path.equals(path)) {
                    return route;
                }
            }
            return null;
        }

        private static int account(Fields query, String name) {
            return (int) parse(query, name, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }

        private static long amount(Fields query) {
            return parse(query, "amount", Long.MIN_VALUE, Long.MAX_VALUE);
        }

        /** The parameter as a number in {@code [min, max]}; the ledger checks what it means. */
        private static long parse(Fields query, String name, long min, long max) {
            String value = query.getValue(name);
            if (value == null) {
                throw new IllegalArgumentException("missing parameter " + name);
            }
            try {
                long number = Long.parseLong(value);
                if (number < min || number > max) {
                    throw new NumberFormatException();
                }
                return number;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("parameter " + name + " is not a number in range: " + value, e);
            }
        }
    }
}
