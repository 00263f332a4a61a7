# Shared by the NN-*.sh benchmark scripts (sourced, not run): times contenders on one input file and prints
# a markdown table. Each contender: a label and a shell command reading "$F". Median of 3 runs each; peak
# memory (max RSS) from /usr/bin/time -f %M when it is installed.
#
#   contender "bgloc info" "\"$BGKIT_BIN/bgloc\" info \"\$F\" --format json"
#   compare "$F"     # prints the table, ratios against the first contender
set -euo pipefail

labels=()
commands=()
skipped=()

# contender LABEL COMMAND [TOOL]: TOOL (default: the command's first word) must be on PATH, else skipped.
contender() {
    local tool="${3:-${2%% *}}"
    tool="${tool//\"/}"
    if [[ "$tool" == */* ]] && [ -x "$tool" ] || command -v "$tool" >/dev/null 2>&1; then
        labels+=("$1")
        commands+=("$2")
    else
        skipped+=("$1 ($tool is not installed)")
    fi
}

# run_once COMMAND → prints "seconds cpu_seconds peak_kib" ("-" for CPU and peak without GNU time).
run_once() {
    local out
    out=$(mktemp)
    if [ -x /usr/bin/time ]; then
        F="$F" /usr/bin/time -f "%e %U %S %M" -o "$out" bash -c "$1" >/dev/null 2>&1 || { echo "failed"; rm -f "$out"; return; }
        tail -n 1 "$out" | awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }'
    else
        local start end
        start=$(date +%s.%N)
        F="$F" bash -c "$1" >/dev/null 2>&1 || { echo "failed"; rm -f "$out"; return; }
        end=$(date +%s.%N)
        echo "$(echo "$end - $start" | bc) - -"
    fi
    rm -f "$out"
}

compare() {
    F="$1"
    export F
    local megabytes
    megabytes=$(echo "scale=3; $(stat -c %s "$F") / 1000000" | bc)
    echo
    echo "Input: $(basename "$F"), ${megabytes} MB. Median of 3 runs (wall clock; CPU = user + system, the"
    echo "fairer number on a busy machine); peak memory is max RSS. Load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')."
    echo
    echo "| tool | median s | MB/s | CPU s | MB/s of CPU | time vs ${labels[0]} | peak MB |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    local first=""
    for i in "${!labels[@]}"; do
        local times=() cpus=() peaks=() result
        for _ in 1 2 3; do
            result=$(run_once "${commands[$i]}")
            if [ "$result" = "failed" ]; then times=(); break; fi
            read -r wall cpu peak <<<"$result"
            times+=("$wall")
            cpus+=("$cpu")
            peaks+=("$peak")
        done
        if [ ${#times[@]} -eq 0 ]; then
            echo "| ${labels[$i]} | failed | | | | | |"
            continue
        fi
        local median cpu cpurate peak rate ratio
        median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
        cpu=$(printf '%s\n' "${cpus[@]}" | sort -n | sed -n 2p)
        cpurate="-"
        [ "$cpu" != "-" ] && cpurate=$(echo "scale=1; $megabytes / ($cpu + 0.0001)" | bc)
        peak=$(printf '%s\n' "${peaks[@]}" | sort -n | tail -n 1)
        [ "$peak" != "-" ] && peak=$(echo "scale=1; $peak / 1024" | bc)
        rate=$(echo "scale=1; $megabytes / ($median + 0.0001)" | bc)
        [ -z "$first" ] && first=$median
        ratio=$(echo "scale=2; ($median + 0.0001) / ($first + 0.0001)" | bc)
        echo "| ${labels[$i]} | $median | $rate | $cpu | $cpurate | ${ratio}× | $peak |"
    done
    for s in "${skipped[@]+"${skipped[@]}"}"; do echo; echo "Skipped: $s."; done
}
