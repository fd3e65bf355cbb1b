package dev.locus.jmh;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Closes the trial that a failed run left open in this JVM, as its end would have: tears down the
 * benchmark's shared state and makes JMH forget it, so that the next run of the same benchmark
 * method sets up its own.
 */
/*
 * Implementation notes
 *
 * Overview. JMH keeps a benchmark's Scope.Benchmark (and Scope.Group) state in static fields of
 * the class it generates for the benchmark method, sets a field up when it finds it null, and
 * nulls it only after the last iteration of a trial that completed. A run that fails leaves the
 * field set, with the failed trial's state. In a forked JVM that dies with the run; without
 * forking (the main job's quick profile), the next run of the same method found the old state,
 * skipped its own set-up, ran with the old run's parameters and objects, and failed in
 * milliseconds with the old run's exception. That is how the skip list's failure at 64 threads
 * under ats repeated under luts, ciluts, ctluts and lutsAts, one after the other, while each
 * passed alone in a fork. Scope.Thread state lives in the generated object of one run and is not
 * affected.
 *
 * close() finds the generated class through JMH's benchmark list, calls the @TearDown(Level.Trial)
 * methods of every state left in its static fields, then nulls the fields. A tear-down may hang
 * on the very thing that failed the run (a team whose thread never finished its phase), so it
 * runs on a daemon thread and is abandoned after TEAR_DOWN_SECONDS; the field is nulled anyway.
 * The field names and the generated class are JMH's own; JMH 1.37 is the version pinned in the
 * build.
 *
 * Concurrency. Called on the job's thread after JMH's run has returned, when no benchmark thread
 * of that run touches the fields any more (JMH has shut its executor down); an abandoned
 * tear-down thread still holds the state it tears down, not the field.
 *
 * References. JMH's generated *_jmhTest classes (_jmh_tryInit_f_*_G and the trial tear-down of
 * the last iteration).
 */
final class OpenTrials {

    /** How long a left state's tear-down may take before it is abandoned. */
    static final long TEAR_DOWN_SECONDS = 30;

    private OpenTrials() {
    }

    /**
     * Tears down and forgets the shared state left by the failed run of the benchmark methods that
     * {@code include} selects.
     *
     * @return what went wrong on the way (a tear-down that threw or hung), for the failures' log
     */
    static List<Throwable> close(String include) throws InterruptedException {
        List<Throwable> problems = new ArrayList<>();
        for (BenchmarkListEntry benchmark : BenchmarkList.defaultList().find(
                OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of(include), List.of())) {
            String target = benchmark.generatedTarget();
            try {
                closeStates(Class.forName(target.substring(0, target.lastIndexOf('.'))), problems);
            } catch (ClassNotFoundException | IllegalAccessException e) {
                problems.add(new IllegalStateException("cannot reach JMH's state of " + benchmark.getUsername(), e));
            }
        }
        return problems;
    }

    private static void closeStates(Class<?> generated, List<Throwable> problems)
            throws IllegalAccessException, InterruptedException {
        for (Field field : generated.getDeclaredFields()) {
            if (!Modifier.isStatic(field.getModifiers()) || Modifier.isFinal(field.getModifiers())
                    || field.getType().isPrimitive()) {
                continue;
            }
            field.setAccessible(true);
            Object state = field.get(null);
            if (state != null) {
                tearDown(state, problems);
                field.set(null, null);
            }
        }
    }

    /** Calls {@code state}'s trial tear-down methods, on a thread it may abandon. */
    private static void tearDown(Object state, List<Throwable> problems) throws InterruptedException {
        List<Throwable> failures = new ArrayList<>();
        Thread thread = new Thread(() -> {
            for (Method method : trialTearDowns(state.getClass())) {
                try {
                    method.setAccessible(true);
                    method.invoke(state);
                } catch (InvocationTargetException e) {
                    failures.add(e.getCause());
                } catch (IllegalAccessException e) {
                    failures.add(e);
                }
            }
        }, "tear-down of " + state.getClass().getSimpleName());
        thread.setDaemon(true);
        thread.start();
        thread.join(TimeUnit.SECONDS.toMillis(TEAR_DOWN_SECONDS));
        if (thread.isAlive()) {
            problems.add(new IllegalStateException("the tear-down of the failed trial's "
                    + state.getClass().getSimpleName() + " did not end in " + TEAR_DOWN_SECONDS + " s; abandoned"));
        } else {
            problems.addAll(failures);
        }
    }

    private static List<Method> trialTearDowns(Class<?> type) {
        List<Method> methods = new ArrayList<>();
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Method method : c.getDeclaredMethods()) {
                TearDown tearDown = method.getAnnotation(TearDown.class);
                if (tearDown != null && tearDown.value() == Level.Trial) {
                    methods.add(method);
                }
            }
        }
        return methods;
    }
}
