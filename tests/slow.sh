#!/usr/bin/env bash
# The slow tier: every check that cannot be fast, in one place (docs/testing.md lists what
# each covers and why it is slow).  README's test command, `cargo test --release`, is the
# fast tier; CI runs both (.ci/run calls this script a step at a time, to time each).
#
# Usage: tests/slow.sh [STEP...]        (no argument: every step, in this order)
#        tests/slow.sh --side-by-side STEP...   (the steps at once, each one's output
#                                               printed when it ends)
#
#   rust       the #[ignore]d tests of the slow tier (`cargo test --release -- --ignored
#              slow::`, the libraries' and the integration tests' side by side):
#              processes killed at several points of a long search, Korf's own tables,
#              the argument sweeps, breadth-first checks of whole tables
#   tables     every table the tests built, recounted against its expected distribution
#   three-axis the k = 3 coset table (671 MiB, about 2.5 minutes and 2 GB to build; the
#              smallest three-axis table) and its checks: the three-axis walk, which no
#              small table takes, and with the phase-1 table beside it (the k = 4
#              table's own: `cargo test --release --lib tables::coset::tests_flips --
#              --ignored`, docs/testing.md)
#   artifacts  ./dist.sh --parallel binary wheel crate (the crate's packaged sources checked
#              on their own), then the binary and the wheel tried in a clean setting
#   python     the Python package's tests, on the wheel built by `artifacts`
#   platforms  ./dist.sh windows windows-wheel beside ./dist.sh aarch64 aarch64-wheel
#              (cross-built with Debian's Rust, a lane a platform), then in each lane
#              korf.exe under wine or the ARM binary under qemu-user:
#              tables built, solves, the held-in 16-move list at its length, a bad input
#              refused; the ARM wheel in an arm64 CPython under qemu-user and the
#              Windows wheel in CPython for Windows under wine solve
#   bench      `korf bench` as the main job: short lists at their published lengths, and
#              the tail check (no position's work past 1.25 times the recorded build's)
#   web        the page in Chromium (served by korf, and static with korf in WebAssembly),
#              the npm package, and a load run against `korf serve`
#
# Needs what each step names: the `web` step Debian's chromium, rustc-web, cargo-web,
# rust-web-src and lld; `platforms` rustc-web, cargo-web, rust-web-src, gcc-mingw-w64-x86-64,
# wine, wine64, qemu-user, gcc-aarch64-linux-gnu and libc6-dev-arm64-cross (.ci/run
# installs them).  Tables go to target/tmp/tables (or
# $KORF_TEST_TABLES), shared with the fast tier.
set -euo pipefail
cd "$(dirname "$0")/.."

# An absolute path: the browser tests run from tests/browser.
tables=$(realpath -m "${KORF_TEST_TABLES:-target/tmp/tables}")
export KORF_TEST_TABLES=$tables
korf() { ./target/release/korf "$@"; }
# The library's ignored unit tests whose names start with FILTER: through the workspace (every
# package's unit tests, the filter picking the library's), as README's test command
# builds them.  `cargo test -p korf` resolves the dependencies' features for the library
# alone and compiled the library again (80 s on two cores), and the next workspace build
# again after it.
library_tests() { # FILTER [test-harness options...]
    local filter=$1
    shift
    cargo test --release --lib -- "$filter" --ignored "$@"
}
# The release binary (after the fast tier nothing is compiled: korf asks for the
# dependency features the tests' dependencies turn on, so both builds resolve alike).
binary() { cargo build --release --quiet; }
# Runs each JOB side by side ("LABEL: COMMAND WORDS...", a function of this script or a
# program), its output kept in target/tmp/side-LABEL.log and printed, in the order given,
# when it ends; fails naming the jobs that failed.
side_by_side() { # JOB...
    local job pids=() labels=() failed=() i words
    mkdir -p target/tmp
    for job in "$@"; do
        labels+=("${job%%:*}")
        read -ra words <<<"${job#*:}"
        "${words[@]}" >"target/tmp/side-${job%%:*}.log" 2>&1 &
        pids+=($!)
    done
    for i in "${!pids[@]}"; do
        wait "${pids[$i]}" || failed+=("${labels[$i]}")
        printf '\n== %s (side by side)\n' "${labels[$i]}"
        cat "target/tmp/side-${labels[$i]}.log"
    done
    [ ${#failed[@]} -eq 0 ] || { echo "tests/slow.sh: failed: ${failed[*]} (output above)" >&2; return 1; }
}

rust() {
    # The libraries' and binaries' slow tests beside the integration tests': each binary's
    # tests end on one long test with a core idle, and the test tables' generation lock
    # (tests/integration/common.rs) lets two test binaries share the tables' folder.
    cargo test --release --no-run --quiet
    side_by_side "libraries: cargo test --release --lib --bins -- --ignored slow::" \
        "integration: cargo test --release --test integration -- --ignored slow::"
}

tables() {
    # The test tables (Korf's three against thesis Tables 3.2-3.4, the coset and two-phase
    # tables) recounted; then the library's large-table checks of the tables present.
    binary
    korf tables verify --dir "$tables"
    KORF_TABLES="$tables" library_tests tables::tests --skip slow::
}

three_axis() {
    binary
    korf tables generate --dir "$tables" --only coset3
    library_tests tables::coset::tests_relative_flips
    # coset3 with the phase-1 table beside it (what `auto` takes at the 1 GiB rung).
    library_tests tables::layers::tests_with_phase1::coset3
}

artifacts() {
    ./dist.sh --parallel binary wheel crate
    tests/dist/check.sh binary wheel
}

python() {
    local whl
    whl=$(ls target/dist/korf-*manylinux*x86_64*.whl 2>/dev/null | head -n 1)
    [ -n "$whl" ] || { echo "tests/slow.sh python: no wheel in target/dist: run tests/slow.sh artifacts" >&2; exit 2; }
    rm -rf target/tmp/venv
    python3 -m venv target/tmp/venv
    target/tmp/venv/bin/pip install --quiet --no-index "$whl"
    target/tmp/venv/bin/pip install --quiet pytest
    binary
    KORF_TEST_TABLES="$tables" KORF_BIN=target/release/korf target/tmp/venv/bin/pytest -q python/tests
}

platforms() {
    # Two lanes side by side, one a platform: its binary, its wheel, then both checked
    # (Windows under wine, ARM under qemu-user).  Each build directory is its own
    # (dist.sh cross_dir), and each build is mostly one crate at a time, so the other
    # lane's build or check fills the second core.  Each part is timed: this is CI's
    # longest stage.
    side_by_side "windows: platform_lane windows" "aarch64: platform_lane aarch64"
}
# One platform's lane: PLATFORM (windows or aarch64).
platform_lane() {
    local platform=$1 artifact start
    for artifact in "$platform" "$platform-wheel"; do
        start=$SECONDS
        ./dist.sh "$artifact"
        took "$artifact built" "$start"
    done
    start=$SECONDS
    tests/dist/check.sh "$platform" "$platform-wheel"
    took "$platform checked ($([ "$platform" = windows ] && echo wine || echo qemu-user))" "$start"
}
# A step's part, timed: WHAT START (the $SECONDS it started at).
took() {
    local t=$((SECONDS - $2))
    printf '== platforms: %s in %dm%02ds\n' "$1" $((t / 60)) $((t % 60))
}

bench() {
    binary
    korf tables generate --dir "$tables" --only coset3
    korf bench --tables "$tables" --compare korf,coset benches/scrambles/easy.txt
    # The tail: no position of a short list may take more than 1.25 times the work (nodes,
    # the two-phase search's included; the same on every run with one thread) recorded
    # for the build before (benches/tail/README.md says how to renew the record).
    korf bench --tables "$tables" --heuristic coset3 --threads 1 benches/tail/positions.txt \
        --baseline benches/tail/coset3.jsonl --max-ratio 1.25 | tail -n 12
    # The patterns: symmetric positions the corner and coset tables read as nearly solved,
    # each within 1.25 times the work recorded for it (benches/patterns/README.md).
    korf bench --tables "$tables" --heuristic coset3 --threads 1 benches/patterns/positions.txt \
        --baseline benches/patterns/coset3.jsonl --max-ratio 1.25 | tail -n 9
    korf bench --tables "$tables" --expect-length 16 benches/scrambles/ci-16.txt
    # Every optimal solution of the published 16-move list (about 30 s with the k = 3 table).
    korf bench --tables "$tables" --all --expect-length 16 benches/scrambles/optimal-16.txt | tail -n 2
    # The catalogue, and the plan --memory auto makes on this machine (nothing built).
    korf tables list --dir "$tables"
    korf tables generate --dir "$tables" --memory auto --dry-run
    # Two-phase: a reproducible scramble list, and the fast solver over it on one thread.
    korf scramble -n 200 --seed 2026 --format facelets > target/tmp/random-200.txt
    korf bench --fast --threads 1 --tables "$tables" target/tmp/random-200.txt | tail -n 4
}

web() {
    binary
    web/build.sh
    npm ci --prefix tests/browser --no-audit --no-fund --silent
    npm --prefix tests/browser test 2>&1 | grep -E '^(not )?ok|^# '
    python3 benches/serve-load.py --tables "$tables" --clients 50 --requests 4 --rounds 2
}

steps=(rust tables three-axis artifacts python platforms bench web)
together=false
if [ "${1:-}" = --side-by-side ]; then
    together=true
    shift
    [ $# -gt 0 ] || { echo "tests/slow.sh: --side-by-side needs the steps to run at once (one of: ${steps[*]})" >&2; exit 2; }
fi
what=("$@")
[ ${#what[@]} -eq 0 ] && what=("${steps[@]}")
for step in "${what[@]}"; do
    [[ " ${steps[*]} " == *" $step "* ]] ||
        { echo "tests/slow.sh: unknown step '$step' (one of: ${steps[*]})" >&2; exit 2; }
done
if $together; then
    jobs=()
    for step in "${what[@]}"; do jobs+=("$step: ${step/-/_}"); done
    side_by_side "${jobs[@]}"
    exit
fi
for step in "${what[@]}"; do
    printf '\n== slow tier: %s\n' "$step"
    "${step/-/_}"
done
