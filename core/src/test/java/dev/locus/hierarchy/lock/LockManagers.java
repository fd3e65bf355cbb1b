package dev.locus.hierarchy.lock;

import dev.locus.hierarchy.Hierarchy;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;

/**
 * Every lock manager configuration the suites run against: each {@link HierarchicalLocks.Kind},
 * so a new kind inherits every test.
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
        return kinds;
    }
}
