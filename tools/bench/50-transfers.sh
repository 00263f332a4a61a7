#!/usr/bin/env bash
# Transfers: the libcurl transport (`bgkit-bench upload` / `bgkit-bench download`, one CurlTransport
# attempt each) against `curl -T` and `curl -o`, the same 1 GB file to and from the same nginx on loopback,
# the contenders interleaved run by run. Throughput is the file's size over the wall time of the whole
# program; peak memory is GNU time's max RSS, for the 1 GB file and for an 8 MB one (constant memory:
# the two peaks match). nginx is the test kit's (`bgkit-bench nginx`: a free loopback port, a temporary
# configuration with `dav_methods PUT`), killed with SIGKILL at the end, also on Ctrl-C. The files live in
# a temporary folder under /tmp, removed at the end (about 4 GB at the peak).
# Uses $BGKIT_BIN (built tools) and $BENCH_WORK (scratch), which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BGKIT_BIN="${BGKIT_BIN:-$here/../../.build-release/release}"
BENCH_WORK="${BENCH_WORK:-$here/work}"
RUNS="${BENCH_RUNS:-3}"
SIZE_MB="${BENCH_TRANSFER_MB:-1024}"
mkdir -p "$BENCH_WORK"
source "$here/compare.sh"

echo "## Transfers (CurlTransport against curl, loopback nginx)"
echo
nginx_program=$(command -v nginx || echo /usr/sbin/nginx)
if ! has curl || ! has "$nginx_program"; then
    echo "curl or nginx is not installed (tools/install-deps): not measured."
    summary "transfers: upload / download throughput and memory" "not measured" "curl or nginx not installed" "≥ 0.9× curl" "–"
    exit 0
fi

scratch=$(mktemp -d /tmp/bgkit-bench-transfers.XXXXXX)
nginx_pid="" nginx_root="" keeper_pid=""
cleanup() {
    set +e
    [ -n "$nginx_pid" ] && kill -KILL -- "-$nginx_pid" 2>/dev/null
    exec 3>&-  # the keeper, at the end of its input, reaps nginx and removes nginx's folder
    if [ -n "$keeper_pid" ]; then
        for ((k = 0; k < 50; k++)); do kill -0 "$keeper_pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$keeper_pid" 2>/dev/null
        wait "$keeper_pid" 2>/dev/null
    fi
    # A keeper killed (Ctrl-C reaches it too) leaves nginx's folder behind.
    [ -n "$nginx_root" ] && rm -rf "$(dirname "$nginx_root")"
    rm -rf "$scratch"
    return 0
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkfifo "$scratch/keep"
"$BGKIT_BIN/bgkit-bench" nginx <"$scratch/keep" >"$scratch/nginx.info" 2>"$scratch/nginx.err" &
keeper_pid=$!
exec 3>"$scratch/keep"  # the keeper runs until this closes
for ((k = 0; k < 200; k++)); do
    [ -s "$scratch/nginx.info" ] && break
    kill -0 "$keeper_pid" 2>/dev/null || break
    sleep 0.1
done
read -r port nginx_root nginx_pid <"$scratch/nginx.info" || { echo "bench: nginx did not start: $(cat "$scratch/nginx.err")" >&2; exit 1; }
url="http://127.0.0.1:$port"

big="$scratch/big.bin" small="$scratch/small.bin"
head -c $((SIZE_MB * 1048576)) /dev/urandom >"$big"
head -c $((8 * 1048576)) /dev/urandom >"$small"
cp "$big" "$nginx_root/big.bin"
cp "$small" "$nginx_root/small.bin"
bytes=$(stat -c %s "$big")

# timed FILE COMMAND…: runs COMMAND under GNU time; appends "wall user system peak_kB" to FILE.
timed() {
    local file="$1" out="$scratch/time"
    shift
    /usr/bin/time -f "%e %U %S %M" -o "$out" "$@" >"$scratch/out" 2>"$scratch/err" || { echo "bench: $* failed: $(tail -n 3 "$scratch/err")" >&2; exit 1; }
    tail -n 1 "$out" >>"$file"
    # bgkit-bench's count of progress reports (none from curl).
    awk -F'\t' '$1 == "transfer.progress_reports" { print $2 }' "$scratch/out" >>"$file.reports"
}

# one CONTENDER DIRECTION FILE TAG: one transfer of FILE ("up" to nginx, "down" from it), timed into
# $scratch/TAG. The contender "sync" (downloads only) is `curl -o` then `sync FILE` (an fsync, as the
# transport makes before its rename).
one() {
    local who="$1" direction="$2" name="$3" tag="$4"
    if [ "$direction" = up ]; then
        if [ "$who" = curl ]; then
            timed "$scratch/$tag" curl -sS -f -T "$scratch/$name" -o /dev/null "$url/up-$who-$name"
        else
            timed "$scratch/$tag" "$BGKIT_BIN/bgkit-bench" upload "$scratch/$name" "$url/up-$who-$name"
        fi
        cmp -s "$scratch/$name" "$nginx_root/up-$who-$name" || { echo "bench: $who's upload of $name differs on the server" >&2; exit 1; }
        rm -f "$nginx_root/up-$who-$name"
    else
        rm -f "$scratch/down-$who-$name"
        if [ "$who" = curl ]; then
            timed "$scratch/$tag" curl -sS -f -o "$scratch/down-$who-$name" "$url/$name"
        elif [ "$who" = sync ]; then
            timed "$scratch/$tag" bash -c 'curl -sS -f -o "$1" "$2" && sync "$1"' - "$scratch/down-$who-$name" "$url/$name"
        else
            timed "$scratch/$tag" "$BGKIT_BIN/bgkit-bench" download "$url/$name" "$scratch/down-$who-$name"
        fi
        cmp -s "$scratch/$name" "$scratch/down-$who-$name" || { echo "bench: $who's download of $name differs" >&2; exit 1; }
        rm -f "$scratch/down-$who-$name"
    fi
}

contenders() { [ "$1" = up ] && echo "bgkit curl" || echo "bgkit curl sync"; }
sync  # the generated files go to the disk now, not during the first measured runs
started_load=$(load)
for direction in up down; do
    for who in $(contenders "$direction"); do one "$who" "$direction" small.bin "$direction-$who-small"; done
    for ((k = 0; k < RUNS; k++)); do
        order=$(contenders "$direction")
        # Every other run the other way round, so that neither goes always first (after the other's writes).
        ((k % 2 == 0)) || order=$(tr ' ' '\n' <<<"$order" | tac | tr '\n' ' ')
        for who in $order; do one "$who" "$direction" big.bin "$direction-$who-big"; done
    done
done

declare -A reports
median_wall() { median $(awk '{ print $1 }' "$scratch/$1"); }
median_cpu() { median $(awk '{ printf "%.2f\n", $2 + $3 }' "$scratch/$1"); }
peak() { awk '{ print $4 }' "$scratch/$1" | sort -n | tail -n 1 | awk '{ printf "%.1f", $1 / 1024 }'; }
mbps() { calc "$bytes / 1048576 / $1" %.0f; }

echo "A ${SIZE_MB} MB file of random bytes, \`PUT\` to and \`GET\` from nginx $("$nginx_program" -v 2>&1 | grep -o '[0-9][0-9.]*') on 127.0.0.1 (\`dav_methods PUT\`),"
echo "by \`bgkit-bench upload|download\` (one \`CurlTransport\` attempt, a program of its own) and by curl"
echo "$(curl --version | head -n 1 | cut -d' ' -f2) (\`curl -T\`, \`curl -o\`); every copy compared byte for byte. Median wall"
echo "time of $RUNS runs, interleaved (every other run in the reverse order); peak memory is the largest max"
echo "RSS (GNU time), with the same for an 8 MB file beside it (flat memory: the two match)."
echo "Both write downloads to the same disk; the transport syncs the"
echo "file before renaming it into place, curl does not (\`curl -o; sync FILE\` does the same fsync).
CPU is user + system of the program (the kernel's writeback is not in it). Load average at the start:"
echo "$started_load, at the end: $(load)."
echo
echo "| transfer | program | wall s | MB/s | vs curl | CPU s | peak MB (${SIZE_MB} MB) | peak MB (8 MB) |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
for direction in up down; do
    label=$([ "$direction" = up ] && echo "upload (PUT)" || echo "download (GET)")
    curl_wall=$(median_wall "$direction-curl-big")
    for who in $(contenders "$direction"); do
        w=$(median_wall "$direction-$who-big")
        case "$who:$direction" in
            curl:up) program="curl -T" ;;
            curl:down) program="curl -o" ;;
            sync:down) program="curl -o, then sync FILE" ;;
            *) program=CurlTransport ;;
        esac
        echo "| $label | $program | $w | $(mbps "$w") | $(calc "$curl_wall / $w" %.2f)× | $(median_cpu "$direction-$who-big") |" \
            "$(peak "$direction-$who-big") | $(peak "$direction-$who-small") |"
    done
    reports[$direction]=$(median $(cat "$scratch/$direction-bgkit-big.reports"))
    ours=$(median_wall "$direction-bgkit-big")
    ratio=$(calc "$curl_wall / $ours" %.2f)
    summary "transfers: $label of ${SIZE_MB} MB on loopback nginx, throughput" "$(mbps "$ours") MB/s" \
        "$([ "$direction" = up ] && echo "curl -T" || echo "curl -o") $(mbps "$curl_wall") MB/s (${ratio}×)$(
            [ "$direction" = down ] && echo "; curl -o + sync $(mbps "$(median_wall down-sync-big)") MB/s")" "≥ 0.9× curl" \
        "$(awk -v r="$ratio" 'BEGIN { print (r >= 0.9 ? "yes" : "no") }')"
    big_peak=$(peak "$direction-bgkit-big") small_peak=$(peak "$direction-bgkit-small")
    summary "transfers: $label of ${SIZE_MB} MB, peak memory" "$big_peak MB (8 MB file: $small_peak MB)" \
        "curl $(peak "$direction-curl-big") MB (8 MB file: $(peak "$direction-curl-small") MB)" "flat: within 2 MB of the 8 MB file's" \
        "$(awk -v b="$big_peak" -v s="$small_peak" 'BEGIN { print (b - s <= 2 ? "yes" : "no") }')"
done
echo
echo "Progress reports per ${SIZE_MB} MB transfer (CurlTransport, median): ${reports[up]} up, ${reports[down]} down."
