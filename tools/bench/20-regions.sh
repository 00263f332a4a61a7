#!/usr/bin/env bash
# Region monitoring: `bgkit-bench regions`, the location manager's cost per fix at 20, 1,000 and 100,000
# regions (its spatial index) against a straight scan of every region. Uses $BGKIT_BIN, which
# tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BGKIT_BIN="${BGKIT_BIN:-$here/../../.build-release/release}"
BENCH_WORK="${BENCH_WORK:-$here/work}"
mkdir -p "$BENCH_WORK"
source "$here/compare.sh"

out=$("$BGKIT_BIN/bgkit-bench" regions)
value() { awk -F'\t' -v k="$1" '$1 == k { print $2 }' <<<"$out"; }
echo "## Region monitoring"
echo
echo "\`bgkit-bench regions\`: CPU nanoseconds per fix through \`LocationManager\` (200,000 fixes of a walk at"
echo "~10 m per fix; regions random in Switzerland's bounding box, radii 50–500 m; see docs/LOCATION.md)"
echo "against a straight scan of every region by squared chord, the cheapest exact test. Load average: $(load)."
echo
echo "| regions | manager (index) ns/fix | straight scan ns/fix | scan / index |"
echo "|---:|---:|---:|---:|"
for n in 20 1000 100000; do
    i=$(value "regions.index_ns_per_fix.$n") s=$(value "regions.scan_ns_per_fix.$n")
    echo "| $n | $i | $s | $(calc "$s / ($i + 0.001)")× |"
done
i20=$(value regions.index_ns_per_fix.20) i100k=$(value regions.index_ns_per_fix.100000)
s100k=$(value regions.scan_ns_per_fix.100000)
summary "region monitoring, 100,000 regions, per fix" "$(calc "$i100k / 1000" %.2f) µs" "straight scan $(calc "$s100k / 1000" %.0f) µs" \
    "< 2 µs" "$(awk -v v="$i100k" 'BEGIN { print (v < 2000 ? "yes" : "no") }')"
growth=$(calc "$i100k / ($i20 + 0.001)")
summary "region monitoring, 20 → 100,000 regions" "cost × $growth" "straight scan × $(calc "$s100k / ($(value regions.scan_ns_per_fix.20) + 0.001)" %.0f)" \
    "sublinear (≪ × 5,000)" "$(awk -v g="$growth" 'BEGIN { print (g < 50 ? "yes" : "no") }')"
