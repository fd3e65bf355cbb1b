/**
 * Hardware transactional memory for lock elision: the native RTM shim's loader and capability
 * checks ({@link dev.locus.htm.NativeHtm}), off-heap regions whose critical sections run as
 * hardware transactions or under the region's lock word ({@link dev.locus.htm.NativeRegion}), the
 * decoding of transaction status ({@link dev.locus.htm.HtmStatus}), and the HTM path of an
 * {@link dev.locus.elision.ElidableLock}'s sections over a region ({@link dev.locus.htm.RegionHtmPath},
 * with {@link dev.locus.htm.RegionLockApi} as the lock).
 *
 * <p>What a hardware transaction here can run: only the region operations the shim provides, a
 * copy between a region and a Java array or a compare-and-set of one long, each one transaction
 * that first reads the region's lock word. Java code never runs inside a hardware transaction:
 * the JVM's safepoint polls, allocation, garbage-collection barriers and compiled code's calls
 * would abort it, and a page fault cannot be taken inside one (the region's pages are mapped when
 * it is allocated). A section's Java logic runs between transactions, which are atomic one by one.
 * Where RTM is unusable (no shim, no RTM in CPUID or the kernel, a probe that never commits) no
 * transaction starts and every operation runs under the lock word. [Dice14] §§2, 4.
 */
package dev.locus.htm;
