package dev.locus.jmh.oversubscription;

import dev.locus.jmh.stamp.Vacation;
import dev.locus.stm.TransactionalExecutor;
import java.util.SplittableRandom;

/**
 * STAMP's vacation (see {@link Vacation}) as an SPMD workload: each thread is one vacation client,
 * whose transaction types are its three actions, {@link Vacation#MAKE_RESERVATION},
 * {@link Vacation#DELETE_CUSTOMER} and {@link Vacation#UPDATE_TABLES}, so that conflict avoidance
 * can tell them apart. [Nicacio10] §4 runs vacation-low and vacation-high; [Maldonado10] §5.2 vacation
 * with both settings.
 */
final class VacationWorkload implements SpmdWorkload {

    /**
     * Ids per table: the STAMP README's size for simulated runs, which makes the database some
     * 36 MB when populated, and each walk some 14 nodes deep.
     */
    static final int RELATIONS = 16_384;

    private final Vacation vacation;

    /** Vacation at {@code level} over {@value #RELATIONS} ids per table, populated. */
    VacationWorkload(Vacation.Contention level) {
        this(level, RELATIONS);
    }

    /** Vacation at {@code level} over {@code relations} ids per table, populated. */
    VacationWorkload(Vacation.Contention level, int relations) {
        this.vacation = new Vacation(level, relations);
    }

    /** vacation-low: {@code -n2 -q90 -u98}. */
    static VacationWorkload low() {
        return new VacationWorkload(Vacation.Contention.LOW);
    }

    /** vacation-high: {@code -n4 -q60 -u90}. */
    static VacationWorkload high() {
        return new VacationWorkload(Vacation.Contention.HIGH);
    }

    /** The database, for {@link Vacation#checkTables()} after phases. */
    Vacation vacation() {
        return vacation;
    }

    @Override
    public ThreadProgram program(SplittableRandom random) {
        Vacation.Client client = vacation.client(random);
        return new ThreadProgram() {
            @Override
            public int chooseNext() {
                return client.chooseNext();
            }

            @Override
            public void runChosen(TransactionalExecutor stm) throws Exception {
                client.runChosen(stm);
            }
        };
    }
}
