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

# run_once COMMAND → prints "seconds peak_kib" (peak "-" without GNU time).
run_once() {
    local out
    out=$(mktemp)
    if [ -x /usr/bin/time ]; then
        F="$F" /usr/bin/time -f "%e %M" -o "$out" bash -c "$1" >/dev/null 2>&1 || { echo "failed"; rm -f "$out"; return; }
        tail -n 1 "$out"
    else
        local start end
        start=$(date +%s.%N)
        F="$F" bash -c "$1" >/dev/null 2>&1 || { echo "failed"; rm -f "$out"; return; }
        end=$(date +%s.%N)
        echo "$(echo "$end - $start" | bc) -"
    fi
    rm -f "$out"
}

compare() {
    F="$1"
    export F
    local megabytes
    megabytes=$(echo "scale=3; $(stat -c %s "$F") / 1000000" | bc)
    echo
    echo "Input: $(basename "$F"), ${megabytes} MB. Median of 3 runs; peak memory is max RSS."
    echo
    echo "| tool | median s | MB/s | time vs ${labels[0]} | peak MB |"
    echo "|---|---:|---:|---:|---:|"
    local first=""
    for i in "${!labels[@]}"; do
        local times=() peaks=() result
        for _ in 1 2 3; do
            result=$(run_once "${commands[$i]}")
            if [ "$result" = "failed" ]; then times=(); break; fi
            times+=("${result% *}")
            peaks+=("${result#* }")
        done
        if [ ${#times[@]} -eq 0 ]; then
            echo "| ${labels[$i]} | failed | | | |"
            continue
        fi
        local median peak rate ratio
        median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
        peak=$(printf '%s\n' "${peaks[@]}" | sort -n | tail -n 1)
        [ "$peak" != "-" ] && peak=$(echo "scale=1; $peak / 1024" | bc)
        rate=$(echo "scale=1; $megabytes / ($median + 0.0001)" | bc)
        [ -z "$first" ] && first=$median
        ratio=$(echo "scale=2; ($median + 0.0001) / ($first + 0.0001)" | bc)
        echo "| ${labels[$i]} | $median | $rate | ${ratio}× | $peak |"
    done
    for s in "${skipped[@]+"${skipped[@]}"}"; do echo; echo "Skipped: $s."; done
}
