package dev.locus.executor;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The executors a test opened, stopped after it: {@code shutdownNow}, then a bounded wait for
 * termination that fails the test if one does not end. Register it with
 * {@code @RegisterExtension final OpenedExecutors opened = new OpenedExecutors();}.
 */
public final class OpenedExecutors implements AfterEachCallback {

    private static final long WAIT_S = 10;

    private final List<KeyedExecutorService> opened = new ArrayList<>();

    /** Remembers {@code executor} for the clean-up and returns it. */
    public KeyedExecutorService open(KeyedExecutorService executor) {
        opened.add(executor);
        return executor;
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        opened.forEach(KeyedExecutorService::shutdownNow);
        for (KeyedExecutorService executor : opened) {
            assertTrue(executor.awaitTermination(WAIT_S, SECONDS), "cleanup: " + executor + " did not terminate");
        }
        opened.clear();
    }
}
