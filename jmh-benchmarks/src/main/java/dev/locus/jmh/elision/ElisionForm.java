package dev.locus.jmh.elision;

import dev.locus.jmh.report.Names;
import java.util.List;

/**
 * ALE's two forms of a critical section, as the suites name them: the lambda form
 * ({@code CriticalSection}) and the inline form ({@code InlineSection}).
 * The elision suite names a configuration's inline form with a suffix ({@code SWOPT_1_INLINE}), the
 * elided-placement suite with its {@code form} parameter; results without one are the lambda
 * form's, as every earlier result is.
 */
public enum ElisionForm {

    LAMBDA("lambda", ""),
    INLINE("inline", "_INLINE");

    /** The elided-placement suite's {@code form} parameter. */
    public final String param;
    private final String suffix;

    ElisionForm(String param, String suffix) {
        this.param = param;
        this.suffix = suffix;
    }

    /** The form named by the elided-placement suite's {@code form} parameter. */
    public static ElisionForm ofParam(String param) {
        for (ElisionForm form : values()) {
            if (form.param.equals(param)) {
                return form;
            }
        }
        throw new IllegalStateException("unknown form " + param);
    }

    /** The elision suite's name of {@code configuration} in this form: LOCK_ONLY, LOCK_ONLY_INLINE. */
    String configuration(String configuration) {
        return configuration + suffix;
    }

    /** The elision suite's adaptive policy in this form. */
    public String adaptive() {
        return configuration(Names.ADAPTIVE_ELISION);
    }

    /** The elision suite's static policies in this form, the ones its adaptive policy is held against. */
    public List<String> statics() {
        return Names.STATIC_ELISION.stream().map(this::configuration).toList();
    }

    /**
     * The lambda form's name of an elision configuration {@code name} of either form: what a chart
     * draws it beside, in the same colour.
     */
    public static String lambdaTwin(String name) {
        return name.endsWith(INLINE.suffix) ? name.substring(0, name.length() - INLINE.suffix.length()) : name;
    }

    /** A series of this form: {@code name} itself in the lambda form, "name (inline)" in the inline one. */
    public String series(String name) {
        return this == LAMBDA ? name : name + " (" + param + ")";
    }
}
