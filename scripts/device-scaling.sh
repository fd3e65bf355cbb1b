#!/usr/bin/env bash
# Builds what a lent 16-core machine (no JDK, no network) needs into .device/, the one ignored
# folder to carry: benchmarks.jar, a Java runtime made with jlink (packed), and run.sh, which runs
# there one of
#   scaling: `Reproduce --scaling`, the claims that need more than two workers (sized to the
#            call's 600 s on its own);
#   peers:   the peer suite at 8 producers x 8 workers (PeerBenchmark: forkJoin, adaptive with
#            either lane choice (Ordering.PER_KEY, PER_KEY_PER_THREAD) and, on empty tasks,
#            fixedRange; every workload, 3 forks, so that a fork that settles in another mode
#            shows; about 290 s),
# writing JSON under $OUT. A session's device time (15 minutes) holds one such call. Checks that the lot fits in the 64 MiB a session may send, and prints
# the command to run there and the carry list. Run from anywhere inside the repository.
set -euo pipefail

root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
cd "$root"
jlink=${JLINK:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/jlink}
device=.device
limit_mib=64
# What jdeps --print-module-deps finds in benchmarks.jar, less java.desktop: the report's charts
# (XChart on AWT) would take the runtime from 48 to 62 MiB, over the limit with the jar and the
# working tree, so the device writes the JSON and run.properties and the report is made here.
# java.logging and java.xml are the HTM binding's log and the Toggle suite's XML parser.
modules=java.base,java.logging,java.management,java.sql,java.xml,jdk.management,jdk.unsupported

mvn -B -q -DskipTests package
rm -rf "$device"
mkdir -p "$device"
cp jmh-benchmarks/target/benchmarks.jar "$device/"
# The device is x86-64 Linux: JNA's native libraries for the other platforms (1.2 MB, Affinity's)
# would only take room under the limit.
unzip -Z1 "$device/benchmarks.jar" | grep -E '^com/sun/jna/[^/]+/(lib)?jnidispatch' | grep -v '/linux-x86-64/' \
    | xargs zip -q -d "$device/benchmarks.jar"
"$jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages --compress=zip-9 \
    --output "$device/runtime"
# libjvm.so's symbol table (5 MB) serves debuggers and crash reports only.
strip --strip-unneeded "$device/runtime/lib/server/libjvm.so"
# The runtime travels as a tarball, which run.sh unpacks there: libjvm.so (24 MB stripped) packs to
# a third, and the runtime, the jar and the working tree together had grown past the limit.
tar -czf "$device/runtime.tar.gz" -C "$device" runtime
rm -rf "$device/runtime"

# The working tree travels with the carried folder, within the same limit, which counts disk blocks.
tree_bytes=$(git ls-files -z --cached --others --exclude-standard | xargs -0 du -c --block-size=1 2>/dev/null | tail -1 | cut -f1)
carried_bytes=$(du -s --block-size=1 "$device" | cut -f1)
size_mib=$(( (tree_bytes + carried_bytes) / 1024 / 1024 ))
if (( size_mib >= limit_mib )); then
    echo "$device and the working tree are $size_mib MiB, over the $limit_mib MiB a session may send" >&2
    exit 1
fi
# The device call's limit is 600 s; the scaling profile is stopped where it would overrun (it then
# loses its last rounds), so that what finished still comes back.
cat >"$device/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs on the lent machine from the repository root; $OUT is the folder that comes back.
# Usage: bash .device/run.sh scaling|peers
set -uo pipefail
java=.device/runtime/bin/java
[ -x "$java" ] || tar -xzf .device/runtime.tar.gz -C .device || exit 1
start=$SECONDS
trap 'exit 143' TERM INT # so that the EXIT trap, where one is set, runs
# The command's output, stdout and stderr, each line prefixed with the epoch second it came.
stamped() {
  "$@" 2>&1 | while IFS= read -r line; do printf '%(%s)T %s\n' -1 "$line"; done
  return "${PIPESTATUS[0]}"
}
# Once a second until killed: the epoch second, then /proc/stat's procs_running and ctxt lines.
sample_load() {
  while :; do
    printf '%(%s)T %s\n' -1 "$(grep -E '^(procs_running|ctxt) ' /proc/stat | tr '\n' ' ')"
    sleep 1
  done
}
nproc >"$OUT/machine.txt"; grep -m1 'model name' /proc/cpuinfo >>"$OUT/machine.txt"
case "${1:-}" in
  scaling)
    mkdir -p "$OUT/scaling"
    timeout $((585 - (SECONDS - start))) $java -cp .device/benchmarks.jar dev.locus.jmh.Reproduce --scaling \
        --out "$OUT/scaling" >"$OUT/scaling/reproduce.log" 2>&1
    echo "scaling: rc $? after $((SECONDS - start)) s" | tee -a "$OUT/machine.txt"
    ;;
  peers)
    mkdir -p "$OUT/peers"
    # Forks that settle at a fraction of the others' speed (keyed-dispatch.md): the logs' lines carry
    # the second they were printed, and load.log the runnable threads and context switches of each
    # second, so that a slow fork's iterations can be set beside the machine's load.
    sample_load >"$OUT/peers/load.log" &
    sampler=$!
    trap 'kill $sampler 2>/dev/null' EXIT
    stamped $java -jar .device/benchmarks.jar 'PeerBenchmark.tasks' -t 8 -p workers=8 \
        -p implementation=forkJoin,adaptive,adaptivePerThread -p workload=empty,uniform,zipf,exponential,perKeyState \
        -f 3 -wi 1 -w 1s -i 3 -r 1s -rf json -rff "$OUT/peers/jmh-peers-8x8.json" >"$OUT/peers/jmh-peers-8x8.log"
    echo "peers: rc $? after $((SECONDS - start)) s" | tee -a "$OUT/machine.txt"
    # fixedRange never re-partitions: beside adaptive on empty tasks it shows what re-partitioning costs
    stamped $java -jar .device/benchmarks.jar 'PeerBenchmark.tasks' -t 8 -p workers=8 -p implementation=fixedRange \
        -p workload=empty -f 3 -wi 1 -w 1s -i 3 -r 1s -rf json -rff "$OUT/peers/jmh-peers-8x8-fixed.json" \
        >"$OUT/peers/jmh-peers-8x8-fixed.log"
    echo "fixedRange: rc $? after $((SECONDS - start)) s" | tee -a "$OUT/machine.txt"
    ;;
  *)
    echo "usage: bash .device/run.sh scaling|peers" >&2
    exit 2
    ;;
esac
RUN
chmod +x "$device/run.sh"

cat <<DONE
to send: $size_mib MiB of $limit_mib ($(du -sh "$device/runtime.tar.gz" | cut -f1) runtime, packed, \
$(du -sh "$device/benchmarks.jar" | cut -f1) jar, $(( tree_bytes / 1024 / 1024 )) MiB working tree)
carry: ["$device"]
command on the device (timeout_s 600; one of the two per session, under \$OUT):
  bash $device/run.sh scaling; cat \$OUT/machine.txt
  bash $device/run.sh peers; cat \$OUT/machine.txt
then here, with files_at the folder the files came back to, the scaling report and the main one:
  cp -r <files_at>/scaling results/   (or <files_at>/peers)
  java -cp jmh-benchmarks/target/benchmarks.jar dev.locus.jmh.report.Report --in results/scaling/jmh-results.json --out results/scaling
  java -cp jmh-benchmarks/target/benchmarks.jar dev.locus.jmh.report.Report
DONE
