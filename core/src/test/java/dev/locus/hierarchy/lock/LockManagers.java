package dev.locus.hierarchy.lock;

import dev.locus.hierarchy.Hierarchy;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;

/**
 * Every lock manager configuration the suites run against: each {@link HierarchicalLocks.Kind},
 * so a new kind inherits every test, plus NumLock at both ends of its cost model.
 */
final class LockManagers {

    /**
     * How to create a manager, and whether it lets writers of disjoint sets run together
     * (coarse and medium-grained do not: they serialize writers by design).
     */
    record Spec(Function<Hierarchy, HierarchicalLockManager> factory, boolean disjointWritersTogether) {
        HierarchicalLockManager create(Hierarchy hierarchy) {
            return factory.apply(hierarchy);
        }
    }

    private LockManagers() {
    }

    static Stream<Named<Spec>> all() {
        Stream<Named<Spec>> kinds = Stream.of(HierarchicalLocks.Kind.values()).map(kind -> Named.of(kind.name(),
                new Spec(kind::create, !List.of(HierarchicalLocks.Kind.COARSE, HierarchicalLocks.Kind.MEDIUM_GRAINED)
                        .contains(kind))));
        return Stream.concat(kinds, Stream.of(
                Named.of("NUM_LOCK never cutting", new Spec(h -> HierarchicalLocks.numLock(h, new NumLockCostModel(1, 0)), true)),
                Named.of("NUM_LOCK cutting every gap", new Spec(h -> HierarchicalLocks.numLock(h, new NumLockCostModel(0, 1)), true))));
    }
}
