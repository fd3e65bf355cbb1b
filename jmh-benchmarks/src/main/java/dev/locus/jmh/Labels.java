package dev.locus.jmh;

import java.util.function.Function;

/** Finds the constant of an enum by the label its benchmark parameter uses. */
public final class Labels {

    private Labels() {
    }

    /**
     * The constant of {@code values} whose {@code label} is {@code wanted}.
     *
     * @param what the parameter in words, for the message
     * @throws IllegalArgumentException if none has that label
     */
    public static <E extends Enum<E>> E find(E[] values, Function<E, String> label, String wanted, String what) {
        for (E value : values) {
            if (label.apply(value).equals(wanted)) {
                return value;
            }
        }
        throw new IllegalArgumentException("unknown " + what + " " + wanted);
    }
}
