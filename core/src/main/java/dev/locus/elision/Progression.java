package dev.locus.elision;

/**
 * A mode progression of [Dice14] §4.2: the modes an execution tries, in order, ending with the
 * lock.
 */
enum Progression {
    LOCK(false, false),
    SWOPT_LOCK(false, true),
    HTM_LOCK(true, false),
    HTM_SWOPT_LOCK(true, true);

    final boolean htm;
    final boolean swopt;

    Progression(boolean htm, boolean swopt) {
        this.htm = htm;
        this.swopt = swopt;
    }

    /** The progression without HTM, whose times bound an HTM progression's fallback from above. */
    Progression withoutHtm() {
        return swopt ? SWOPT_LOCK : LOCK;
    }
}
