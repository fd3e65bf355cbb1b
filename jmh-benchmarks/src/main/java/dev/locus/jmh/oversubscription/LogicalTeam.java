package dev.locus.jmh.oversubscription;

import dev.locus.luts.LogicalThread;
import dev.locus.luts.LogicalThreadScheduler;
import dev.locus.luts.Step;
import dev.locus.stm.TransactionalExecutor;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * One logical thread per program on a {@link LogicalThreadScheduler}, whose workers are as many
 * as cores however many logical threads there are ([Nicacio10]). Each phase is one LUTS run: every
 * logical thread's execution-context record holds its program and the transactions it has left,
 * and each transaction is a step the scheduler may switch out before it starts.
 */
final class LogicalTeam extends SpmdTeam {

    private final LogicalThreadScheduler luts;

    /** @param stm an adapter whose contention manager is {@code luts.observing(…)} */
    LogicalTeam(LogicalThreadScheduler luts, TransactionalExecutor stm, List<ThreadProgram> programs) {
        super(stm, programs);
        this.luts = luts;
    }

    @Override
    void run(int each) throws InterruptedException {
        try {
            luts.start(programs.size(), id -> new Share(programs.get(id), each)).await();
        } catch (ExecutionException e) {
            throw new IllegalStateException("a logical thread failed", e.getCause());
        }
    }

    @Override
    long switches() {
        return luts.stats().switches();
    }

    @Override
    void stop() {
        luts.close();
    }

    /** A logical thread's share of one phase: {@code left} more transactions of its program. */
    private final class Share implements LogicalThread {

        private final ThreadProgram program;
        private int left;

        Share(ThreadProgram program, int transactions) {
            this.program = program;
            this.left = transactions;
        }

        @Override
        public Step next() {
            if (left == 0) {
                return Step.finish();
            }
            left--;
            return Step.transaction(program.chooseNext(), () -> program.runChosen(stm));
        }
    }
}
