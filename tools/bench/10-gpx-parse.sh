#!/usr/bin/env bash
# GPX parsing: `bgloc info` on a generated 110 MB GPX file against gpxpy (in a venv under $BENCH_WORK),
# GPSBabel (GPX to unicsv into /dev/null) and `xmllint --stream --noout` (libxml2's reader, a lower bound
# for any parse); then peak memory of the same programs on 10 MB, 110 MB and 1 GB files.
# Uses $BGKIT_BIN (built tools) and $BENCH_WORK (scratch), which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BGKIT_BIN="${BGKIT_BIN:-$here/../../.build-release/release}"
BENCH_WORK="${BENCH_WORK:-$here/work}"
RUNS="${BENCH_RUNS:-3}"
mkdir -p "$BENCH_WORK"
source "$here/compare.sh"

gpx() {  # gpx MEGABYTES: the generated file's path, generated once
    local path="$BENCH_WORK/bench-$1mb.gpx"
    if [ ! -s "$path" ]; then
        echo "generating $path (once)" >&2
        python3 "$here/make-gpx.py" "$1" "$path.part" && mv "$path.part" "$path"
    fi
    echo "$path"
}

# gpxpy from PyPI, in a venv of its own (Debian's system pip is externally managed).
venv="$BENCH_WORK/venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import gpxpy" 2>/dev/null; then
    { python3 -m venv "$venv" && "$venv/bin/pip" install -q gpxpy; } >&2 || echo "bench: could not install gpxpy" >&2
fi

labels=("bgloc info" "gpxpy" "gpsbabel -o unicsv" "xmllint --stream")
tools=("$BGKIT_BIN/bgloc" "$venv/bin/python" gpsbabel xmllint)
commands=(
    "\"$BGKIT_BIN/bgloc\" info \"\$F\" --format json"
    "\"$venv/bin/python\" -c 'import sys, gpxpy; gpxpy.parse(open(sys.argv[1], encoding=\"utf-8\"))' \"\$F\""
    "gpsbabel -i gpx -f \"\$F\" -o unicsv -F /dev/null"
    "xmllint --stream --noout \"\$F\""
)
"$venv/bin/python" -c "import gpxpy" 2>/dev/null || tools[1]=/nonexistent/gpxpy

export F
F=$(gpx 110)
megabytes=$(calc "$(stat -c %s "$F") / 1e6")
echo "## GPX parsing"
echo
echo "Input: a generated GPX 1.1 track, ${megabytes} MB ($(grep -c '<trkpt' "$F") points with elevation, time,"
echo "satellites, HDOP and Garmin speed/course extensions). Median of $RUNS runs; CPU = user + system."
echo "MB/s of CPU is the fairer speed on a shared machine (load average at the start: $(load))."
echo
echo "| program | wall s | CPU s | MB/s (wall) | MB/s (CPU) | CPU vs bgloc | peak MB |"
echo "|---|---:|---:|---:|---:|---:|---:|"
declare -A cpu peak110
for i in "${!labels[@]}"; do
    if ! has "${tools[$i]}"; then
        echo "| ${labels[$i]} | not installed | | | | | |"
        continue
    fi
    measure "${labels[$i]}" "$RUNS" "${commands[$i]}"
    if [ "$M_OK" = 0 ]; then
        echo "| ${labels[$i]} | failed | | | | | |"
        continue
    fi
    cpu[$i]=$M_CPU
    peak110[$i]=$M_PEAK
    echo "| ${labels[$i]} | $M_WALL | $M_CPU | $(calc "$megabytes / ($M_WALL + 0.001)") |" \
        "$(calc "$megabytes / ($M_CPU + 0.001)") | $(calc "($M_CPU + 0.001) / (${cpu[0]:-0} + 0.001)" %.2f)× | $M_PEAK |"
done

# Summary rows: speed, then the ratios the issue asks for.
if [ -n "${cpu[0]:-}" ]; then
    rate=$(calc "$megabytes / (${cpu[0]} + 0.001)" %.0f)
    contenders=""
    for i in 1 2 3; do
        if [ -n "${cpu[$i]:-}" ]; then
            contenders+="${labels[$i]} $(calc "$megabytes / (${cpu[$i]} + 0.001)" %.0f) MB/s; "
        else
            contenders+="${labels[$i]} not installed; "
        fi
    done
    gpxpy_ratio="gpxpy not installed" gpxpy_met="–"
    if [ -n "${cpu[1]:-}" ]; then
        gpxpy_ratio=$(calc "${cpu[1]} / (${cpu[0]} + 0.001)" %.0f)
        gpxpy_met=$(awk -v r="$gpxpy_ratio" 'BEGIN { print (r >= 20 ? "yes" : "no") }')
        gpxpy_ratio="${gpxpy_ratio}× faster than gpxpy"
    fi
    # Issue 19: at least 3× xmllint --stream's speed, on CPU time (xmllint's CPU seconds over bgloc's).
    xml_ratio="xmllint not installed" xml_met="–"
    if [ -n "${cpu[3]:-}" ]; then
        xml_ratio=$(calc "${cpu[3]} / (${cpu[0]} + 0.001)" %.2f)
        xml_met=$(awk -v r="$xml_ratio" 'BEGIN { print (r >= 3 ? "met" : "not met") }')
        echo
        echo "GPX parse vs xmllint --stream: ${xml_ratio}× (target ≥ 3×) ${xml_met}"
        xml_met=$([ "$xml_met" = met ] && echo yes || echo no)
        xml_ratio="${xml_ratio}× xmllint's speed (CPU)"
    fi
    summary "GPX parse, ${megabytes} MB (\`bgloc info\`), CPU" "$rate MB/s" "${contenders%; }" "≥ 100 MB/s" \
        "$(awk -v r="$rate" 'BEGIN { print (r >= 100 ? "yes" : "no") }')"
    summary "GPX parse against gpxpy" "$gpxpy_ratio" "" "≥ 20×" "$gpxpy_met"
    summary "GPX parse vs xmllint --stream" "$xml_ratio" "" "≥ 3×" "$xml_met"
else
    summary "GPX parse (\`bgloc info\`)" "failed" "" "≥ 100 MB/s" "no"
fi

# Peak memory at three sizes: the 110 MB figures come from the runs above.
free_gb=$(df -Pk "$BENCH_WORK" | awk 'NR == 2 { printf "%d", $4 / 1048576 }')
echo
echo "### Peak memory (max RSS, MB) by file size"
echo
echo "| program | 10 MB | 110 MB | 1 GB |"
echo "|---|---:|---:|---:|"
declare -A peaks
for i in "${!labels[@]}"; do
    if ! has "${tools[$i]}"; then
        echo "| ${labels[$i]} | not installed | not installed | not installed |"
        continue
    fi
    F=$(gpx 10)
    measure "${labels[$i]} 10 MB" 1 "${commands[$i]}"
    small=$M_PEAK
    big="not run"
    # gpxpy and GPSBabel hold the whole track in memory (gigabytes for 1 GB, and minutes): not run there.
    if [ "$i" = 0 ] || [ "$i" = 3 ]; then
        if [ "$free_gb" -ge 5 ]; then
            F=$(gpx 1000)
            measure "${labels[$i]} 1 GB" 1 "${commands[$i]}"
            big=$M_PEAK
        else
            big="skipped: ${free_gb} GB free"
        fi
    fi
    peaks[$i]="$small ${peak110[$i]:-failed} $big"
    echo "| ${labels[$i]} | $small | ${peak110[$i]:-failed} | $big |"
done
echo
echo "One run per size at 10 MB and 1 GB (peak memory barely varies); gpxpy and GPSBabel build the whole"
echo "track in memory, so they are not run on the 1 GB file (gigabytes of RAM, minutes each)."
read -r s m b <<<"${peaks[0]:-failed failed failed}"
flat=$(awk -v s="$s" -v m="$m" -v b="$b" 'BEGIN { print (s + 0 > 0 && s < 50 && m < 50 && b + 0 > 0 && b < 50 ? "yes" : "no") }')
others=""
for i in 1 2 3; do
    read -r os om ob <<<"${peaks[$i]:-x x x}"
    [ "$os" = x ] && others+="${labels[$i]} not installed; " || others+="${labels[$i]} $os / $om / $ob; "
done
summary "peak memory, GPX 10 MB / 110 MB / 1 GB (MB)" "$s / $m / $b" "${others%; }" "flat, < 50 MB" "$flat"
