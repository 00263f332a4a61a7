#!/usr/bin/env bash
# Footprint: the three tools as `make install` installs them (into a scratch DESTDIR, PREFIX=/usr),
# against issue 19's 40 MB for the three together: the bytes under bin/ (a file reached by several names
# counted once, as `du` counts it) and each name's file, whether any needs Foundation or ICU (neither
# linked nor carried: no libFoundation or libicu among the needed libraries, no ICU data `icudt` inside),
# and the memory of `--version` and of a short `bgloc replay`.
# Uses $BGKIT_BIN (built tools) and $BENCH_WORK (scratch), which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
BENCH_WORK="${BENCH_WORK:-$here/work}"
source "$here/compare.sh"
stage="$BENCH_WORK/install"
rm -rf "$stage"
make --no-print-directory -C "$root" install DESTDIR="$stage" PREFIX=/usr >/dev/null 2>"$BENCH_WORK/install.log" \
    || { echo "bench: make install failed: $(tail -n 3 "$BENCH_WORK/install.log")" >&2; exit 1; }
bin="$stage/usr/bin"
mb() { calc "$1 / 1000000"; }

total=$(du -sb "$bin" | cut -f1)
others=$(du -sb "$stage/usr/share" | cut -f1)
echo "### Footprint (issue 19)"
echo
echo "\`make install DESTDIR=… PREFIX=/usr\`, then \`du -sb\` (load $(load)):"
echo
echo "| installed | bytes | MB | needs Foundation or ICU |"
echo "|---|---:|---:|---|"
foundation_free=yes
for tool in bgloc bgtask bgaudio; do
    file="$bin/$tool"
    size=$(stat -L -c %s "$file")
    kind=""
    [ -L "$file" ] && kind=" (→ $(readlink "$file"))"
    needs=no
    if readelf -d "$file" | grep -Eq 'lib(Foundation|icu|_FoundationICU)' || grep -aq icudt "$file"; then
        needs=yes
        foundation_free=no
    fi
    echo "| \`$tool\`$kind | $size | $(mb "$size") | $needs |"
done
echo "| **bin/, together** | **$total** | **$(mb "$total")** | |"
echo "| manual pages and completions | $others | $(mb "$others") | |"
echo

peak() {  # peak COMMAND…: the maximum resident set in MB, or "failed"
    if /usr/bin/time -f "%M" -o "$BENCH_WORK/peak.txt" "$@" >/dev/null 2>&1; then
        calc "$(tail -n 1 "$BENCH_WORK/peak.txt") / 1024"
    else
        echo failed
    fi
}
trace="$root/Traces/walk-through-region.gpx"
echo "| peak resident memory | MB |"
echo "|---|---:|"
for tool in bgloc bgtask bgaudio; do echo "| \`$tool --version\` | $(peak "$bin/$tool" --version) |"; done
echo "| \`bgloc replay walk-through-region.gpx --regions …\` | $(peak "$bin/bgloc" replay "$trace" --regions "$trace.regions.geojson" --format text) |"
echo "| \`bgloc replay tour.gpx --app app.yaml\` | $(peak "$bin/bgloc" replay "$root/Examples/AudioTour/tour.gpx" --app "$root/Examples/AudioTour/app.yaml" --audio-device null --format text) |"

met=no
[ "$total" -lt 40000000 ] && [ "$foundation_free" = yes ] && met=yes
summary "installed size, bgloc + bgtask + bgaudio (Foundation/ICU: $([ "$foundation_free" = yes ] && echo none || echo linked))" \
    "$(mb "$total") MB" "" "< 40 MB, no Foundation/ICU" "$met"
