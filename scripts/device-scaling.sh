#!/usr/bin/env bash
# Builds what a lent 16-core machine (no JDK, no network) needs to run `Reproduce --scaling`
# (issue 15, item 5) into .device/, the one ignored folder to carry: benchmarks.jar and a Java
# runtime made with jlink. Checks that the two fit in the 64 MiB a session may send, and prints
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
"$jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages --compress=zip-9 \
    --output "$device/runtime"

# The working tree travels with the carried folder, within the same limit.
tree_bytes=$(git ls-files -z --cached --others --exclude-standard | xargs -0 du -cb 2>/dev/null | tail -1 | cut -f1)
carried_bytes=$(du -sb "$device" | cut -f1)
size_mib=$(( (tree_bytes + carried_bytes) / 1024 / 1024 ))
if (( size_mib >= limit_mib )); then
    echo "$device and the working tree are $size_mib MiB, over the $limit_mib MiB a session may send" >&2
    exit 1
fi
cat <<DONE
to send: $size_mib MiB of $limit_mib ($(du -sh "$device/runtime" | cut -f1) runtime, \
$(du -sh "$device/benchmarks.jar" | cut -f1) jar, $(( tree_bytes / 1024 / 1024 )) MiB working tree)
carry: ["$device"]
command on the device (projected 8 min 2 s on 16 cores; JSON and run.properties under \$OUT/scaling):
  $device/runtime/bin/java -cp $device/benchmarks.jar dev.locus.jmh.Reproduce --scaling --out \$OUT/scaling
then here, with files_at the folder the files came back to, the scaling report and the main one:
  cp -r <files_at>/scaling results/
  java -cp jmh-benchmarks/target/benchmarks.jar dev.locus.jmh.report.Report --in results/scaling/jmh-results.json --out results/scaling
  java -cp jmh-benchmarks/target/benchmarks.jar dev.locus.jmh.report.Report
DONE
