package dev.locus.jmh.hierarchy;

import java.util.function.Function;

/** Finds the constant of an enum by the label its benchmark parameter uses. */
final class Labels {

    private Labels() {
    }

    /**
     * The constant of {@code values} whose {@code label} is {@code wanted}.
     *
     * @param what the parameter in words, for the message
     * @throws IllegalArgumentException if none has that label
     */
    static <E extends Enum<E>> E find(E[] values, Function<E, String> label, String wanted, String what) {
        for (E value : values) {
            if (label.apply(value).equals(wanted)) {
                return value;
            }
        }
        throw new IllegalArgumentException("unknown " + what + " " + wanted);
    }
}
