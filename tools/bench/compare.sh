# Shared by the NN-*.sh benchmark scripts (sourced, not run). Each script prints its section of
# docs/PERFORMANCE.md (markdown) on stdout and adds its rows of the summary table with `summary`.
#
#   measure "bgloc info" 3 "\"$BGKIT_BIN/bgloc\" info \"\$F\" --format json"   # F exported by the script
#   echo "$M_WALL $M_CPU $M_PEAK"                                               # medians; peak = max
#   summary "GPX parse" "123 MB/s" "gpxpy 4 MB/s" "≥ 100 MB/s" "yes"
set -euo pipefail

# The built tools and the scratch folder, which tools/bench/run exports; a script run by hand gets the
# release build's and tools/bench/work (`here` is the sourcing script's folder).
BGKIT_BIN="${BGKIT_BIN:-$here/../../.build-release/release}"
BENCH_WORK="${BENCH_WORK:-$here/work}"
mkdir -p "$BENCH_WORK"
BENCH_SUMMARY="${BENCH_SUMMARY:-$BENCH_WORK/summary.tsv}"

# has TOOL: true when TOOL (a path or a command name) can run.
has() {
    if [[ "$1" == */* ]]; then [ -x "$1" ]; else command -v "$1" >/dev/null 2>&1; fi
}

# measure LABEL RUNS COMMAND: runs COMMAND (through bash, output discarded) RUNS times under GNU time.
# Sets M_WALL and M_CPU (user + system) to the median seconds and M_PEAK to the largest max RSS in MB;
# M_OK=0 when a run failed (M_WALL etc. are then "failed").
measure() {
    local label="$1" runs="$2" command="$3" out walls=() cpus=() peaks=()
    out=$(mktemp)
    M_OK=1
    for ((k = 0; k < runs; k++)); do
        if ! /usr/bin/time -f "%e %U %S %M" -o "$out" bash -c "$command" >/dev/null 2>"$out.err"; then
            echo "bench: $label failed: $(tail -n 3 "$out.err")" >&2
            M_OK=0
            break
        fi
        read -r wall user system peak < <(tail -n 1 "$out")
        walls+=("$wall")
        cpus+=("$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')")
        peaks+=("$peak")
    done
    rm -f "$out" "$out.err"
    if [ "$M_OK" = 0 ]; then
        M_WALL=failed M_CPU=failed M_PEAK=failed
        return
    fi
    M_WALL=$(median "${walls[@]}")
    M_CPU=$(median "${cpus[@]}")
    M_PEAK=$(printf '%s\n' "${peaks[@]}" | sort -n | tail -n 1 | awk '{ printf "%.1f", $1 / 1024 }')
}

# bench_runs NAME: runs `bgkit-bench NAME` $RUNS times ($BGKIT_BIN), keeping each run's lines for
# bench_value.
bench_runs() {
    BENCH_OUTPUTS=()
    for ((k = 0; k < RUNS; k++)); do BENCH_OUTPUTS+=("$("$BGKIT_BIN/bgkit-bench" "$1")"); done
}

# bench_value KEY: the median over bench_runs' runs of the measurement KEY.
bench_value() {
    median $(for r in "${BENCH_OUTPUTS[@]}"; do awk -F'\t' -v k="$1" '$1 == k { print $2 }' <<<"$r"; done)
}

# median VALUES…: the middle value (the lower middle for an even count).
median() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# calc EXPRESSION: floating-point arithmetic through awk, printed with the given format (default %.1f).
calc() {
    awk "BEGIN { printf \"${2:-%.1f}\", $1 }"
}

# summary WHAT BGKIT CONTENDERS TARGET MET: one row of the summary table.
summary() {
    printf '%s\t%s\t%s\t%s\t%s\n' "$@" >>"$BENCH_SUMMARY"
}

# load: the load average, to print beside numbers measured on a shared machine.
load() {
    cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?"
}
