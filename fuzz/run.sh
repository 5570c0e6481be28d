#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo-fuzz, libFuzzer, the nightly toolchain): each target in
# turn from its committed corpus, SECONDS seconds each (default 60).
#
#     fuzz/run.sh            every target, 60 s each
#     fuzz/run.sh 600 position checkpoint
#     fuzz/run.sh minimise   every corpus cut to the inputs that keep its coverage
#                            (cargo fuzz cmin; after a campaign, before committing)
#
# New inputs that widen coverage are added to fuzz/corpus/<target>/; a crash is written to
# fuzz/artifacts/<target>/ and stops the run (copy it into fuzz/regressions/<target>/ once
# fixed, where the test command replays it on stable).
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
for target in "${targets[@]}"; do
    if $minimise; then
        before=$(find "corpus/$target" -type f | wc -l)
        cargo +nightly fuzz cmin -O "$target" "corpus/$target" 2>&1 | tail -n 2
        printf '== %s: %s inputs, %s before\n' "$target" \
            "$(find "corpus/$target" -type f | wc -l)" "$before"
        continue
    fi
    printf '== %s, %s s\n' "$target" "$seconds"
    cargo +nightly fuzz run -O "$target" "corpus/$target" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 2>&1 | tail -n 5
done
