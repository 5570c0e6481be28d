#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo-fuzz, libFuzzer, the nightly toolchain): each target in
# turn from its committed corpus, SECONDS seconds each (default 60).
#
#     fuzz/run.sh            every target, 60 s each
#     fuzz/run.sh 600 position checkpoint
#     fuzz/run.sh minimise   every corpus cut to the inputs that keep its coverage
#                            (cargo fuzz cmin; after a campaign, before committing)
#
# Each corpus is kept as one file, fuzz/corpus/<target>.b64 (an input per line, base64):
# it is unpacked into fuzz/corpus/<target>/ for the run and packed back after it, with the
# new inputs that widened coverage.  A crash is written to fuzz/artifacts/<target>/ and
# stops the run (copy it into fuzz/regressions/<target>/ once fixed, where the test command
# replays it on stable, as it replays every corpus).
set -euo pipefail
cd "$(dirname "$0")"

seconds=${1:-60}
shift || true
minimise=false
if [ "$seconds" = minimise ]; then
    minimise=true
    seconds=0
fi
if ! $minimise && ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
    echo "fuzz/run.sh: the first argument is a whole number of seconds or 'minimise', got '$seconds'" >&2
    exit 2
fi
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(position batch_lines table_header checkpoint results)

if ! rustup toolchain list | grep -q '^nightly'; then
    echo "fuzz/run.sh: cargo-fuzz needs the nightly toolchain (rustup toolchain install nightly)" >&2
    exit 2
fi
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked --quiet
# corpus/<target>.b64 into corpus/<target>/, a file per input named by its SHA-1.
unpack() {
    local dir="corpus/$1"
    rm -rf "$dir"
    mkdir -p "$dir"
    grep -v '^#' "corpus/$1.b64" | while IFS= read -r line; do
        [ -n "$line" ] || continue
        printf '%s' "$line" | base64 -d >"$dir/input"
        mv "$dir/input" "$dir/$(sha1sum <"$dir/input" | cut -c1-40)"
    done
}

# corpus/<target>/ back into corpus/<target>.b64, sorted, written atomically.
pack() {
    local dir="corpus/$1"
    {
        printf '# The corpus of fuzz target %s: one input per line, base64 (fuzz/run.sh unpacks it into corpus/%s/ and packs it back).\n' "$1" "$1"
        find "$dir" -type f -size +0 | sort | while IFS= read -r f; do
            base64 -w0 "$f"
            echo
        done
    } >"corpus/$1.b64.tmp"
    mv "corpus/$1.b64.tmp" "corpus/$1.b64"
    rm -rf "$dir"
}

for target in "${targets[@]}"; do
    unpack "$target"
    status=0
    if $minimise; then
        before=$(find "corpus/$target" -type f | wc -l)
        cargo +nightly fuzz cmin -O "$target" "corpus/$target" 2>&1 | tail -n 2 || status=$?
        printf '== %s: %s inputs, %s before\n' "$target" \
            "$(find "corpus/$target" -type f | wc -l)" "$before"
    else
        printf '== %s, %s s\n' "$target" "$seconds"
        cargo +nightly fuzz run -O "$target" "corpus/$target" -- \
            -max_total_time="$seconds" -rss_limit_mb=2048 2>&1 | tail -n 5 || status=$?
    fi
    # The inputs found so far are kept whatever the run's end.
    pack "$target"
    if [ "$status" -ne 0 ]; then
        echo "fuzz/run.sh: $target stopped (exit $status); a crash is in fuzz/artifacts/$target/" >&2
        exit "$status"
    fi
done
