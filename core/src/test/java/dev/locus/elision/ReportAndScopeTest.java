package dev.locus.elision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/** A report lists every (lock, context) with counts equal to a counted run; scopes shape contexts. */
class ReportAndScopeTest {

    @Test
    void theReportCountsEveryGranuleOfACountedRun() {
        ElidableLock table = ElidableLock.builder("table", LockApi.of(new ReentrantLock()))
                .policy(ElisionPolicy.fixed(0, 1)).build();
        ElidableLock index = ElidableLock.builder("index", LockApi.readSide(new ReentrantReadWriteLock())).build();
        CriticalSection<Void, Integer> get = table.section("get", () -> 1, swopt -> 2);
        CriticalSection<Void, Integer> put = table.section("put", () -> 3);
        CriticalSection<Void, Integer> find = index.section("find", () -> 4);
        for (int i = 0; i < 1000; i++) {
            get.call();
        }
        for (int i = 0; i < 300; i++) {
            put.call();
        }
        Scope refresh = Scope.enter("refresh");
        try {
            for (int i = 0; i < 70; i++) {
                get.call();
                find.call();
            }
        } finally {
            refresh.close();
        }
        Map<String, GranuleReport> rows = table.report().rows().stream()
                .collect(Collectors.toMap(GranuleReport::context, r -> r));
        assertEquals(Map.of("get", 1000L, "put", 300L, "refresh > get", 70L),
                rows.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().executions())));
        assertEquals(1000, rows.get("get").mode(Mode.SWOPT).successes());
        assertEquals(0, rows.get("get").mode(Mode.LOCK).attempts());
        assertEquals(300, rows.get("put").mode(Mode.LOCK).successes());
        GranuleReport findRow = index.report().rows().get(0);
        assertEquals("refresh > find", findRow.context());
        assertEquals(70, findRow.mode(Mode.LOCK).attempts());

        String text = table.report().toText();
        assertTrue(text.contains("refresh > get") && text.contains("1000/1000"), text);
        String json = table.report().toJson();
        assertTrue(json.contains("{\"lock\": \"table\", \"context\": \"put\", \"executions\": 300"), json);
        assertTrue(json.contains("\"lock\": {\"attempts\": 300, \"successes\": 300"), json);
    }

    @Test
    void timedCountsSayHowManyAttemptsEachMeanIsOfSoThatTwoReportsGiveTheMeanBetween() {
        ElidableLock table = ElidableLock.builder("timed", LockApi.of(new ReentrantLock()))
                .policy(ElisionPolicy.fixed(0, 1)).build();
        CriticalSection<Void, Integer> get = table.section("get", () -> 1, swopt -> 2);
        CriticalSection<Void, Integer> put = table.section("put", () -> 3);
        for (int i = 0; i < 160_000; i++) {
            get.call();
            put.call();
        }
        GranuleReport.ModeReport swopt = table.report().rows().stream().filter(r -> r.context().equals("get"))
                .findFirst().orElseThrow().mode(Mode.SWOPT);
        GranuleReport.ModeReport lock = table.report().rows().stream().filter(r -> r.context().equals("put"))
                .findFirst().orElseThrow().mode(Mode.LOCK);
        for (GranuleReport.ModeReport m : new GranuleReport.ModeReport[] {swopt, lock}) {
            // about 1 in 1,024 of 160,000 executions: 156 expected, 5 standard deviations either way
            assertTrue(m.timedSuccesses() > 90 && m.timedSuccesses() < 230, "" + m);
            assertTrue(m.meanSuccessNanos() > 0, "" + m);
            assertEquals(0, m.timedFailures(), "" + m);
        }
        assertEquals(0, table.report().rows().stream().filter(r -> r.context().equals("put")).findFirst()
                .orElseThrow().mode(Mode.SWOPT).timedSuccesses());
    }

    @Test
    void theReportIsReadableOverJmx() throws Exception {
        ElidableLock lock = ElidableLock.builder("jmx test", LockApi.of(new ReentrantLock())).build();
        CriticalSection<Void, Integer> cs = lock.section("cs", () -> 1);
        for (int i = 0; i < 5; i++) {
            cs.call();
        }
        ObjectName name = lock.registerMBean();
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            assertEquals(5L, server.getAttribute(name, "Executions"));
            assertEquals("lockOnly", server.getAttribute(name, "Policy"));
            assertTrue(((String) server.getAttribute(name, "ReportJson")).contains("\"executions\": 5"));
            assertThrows(IllegalStateException.class, lock::registerMBean, "registered twice");
        } finally {
            ManagementFactory.getPlatformMBeanServer().unregisterMBean(name);
        }
    }

    @Test
    void scopesCloseInnermostFirstOnTheirThread() throws Exception {
        Scope outer = Scope.enter("outer");
        Scope inner = Scope.enter("inner");
        assertEquals("outer > inner", Scope.currentPath());
        assertThrows(IllegalStateException.class, outer::close, "inner is still open");
        Thread other = new Thread(() -> assertThrows(IllegalStateException.class, inner::close));
        other.start();
        other.join();
        inner.close();
        outer.close();
        outer.close(); // closing twice is harmless
        assertEquals("", Scope.currentPath());
        assertThrows(IllegalArgumentException.class, () -> Scope.enter(""));
        assertThrows(NullPointerException.class, () -> Scope.enter(null));
    }

    @Test
    void badInputIsRefused() {
        ReentrantLock jdk = new ReentrantLock();
        assertThrows(NullPointerException.class, () -> ElidableLock.builder(null, LockApi.of(jdk)));
        assertThrows(NullPointerException.class, () -> ElidableLock.builder("l", null));
        assertThrows(NullPointerException.class, () -> LockApi.of((ReentrantLock) null));
        ElidableLock lock = ElidableLock.builder("l", LockApi.of(jdk)).build();
        assertThrows(NullPointerException.class, () -> lock.section(null, () -> 1));
        assertThrows(NullPointerException.class, () -> lock.section("s", (Supplier<Integer>) null));
        assertThrows(NullPointerException.class, () -> lock.section("s", (Function<Integer, Integer>) null));
        assertThrows(NullPointerException.class, () -> lock.section("s", () -> 1).withSwopt((Function<Swopt, Integer>) null));
        assertThrows(NullPointerException.class, () -> lock.section("s", () -> 1).withSwopt((BiFunction<Void, Swopt, Integer>) null));
        assertThrows(NullPointerException.class, () -> lock.section("s", () -> 1).withHtm(null));
        assertThrows(NullPointerException.class, () -> ElidableLock.builder("l", LockApi.of(jdk)).policy(null));
    }
}
