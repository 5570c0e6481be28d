# Sourced by .ci/run: what CI keeps between runs, outside the clone, each part under a key
# of everything that decides its content, so that a stale or wrong cache cannot pass a run
# that a cold one would fail.
#
#   target-KEY/    the clone's target/ (a link to it): compiled dependencies, wasm-bindgen-cli
#                  (target/tools, checked against Cargo.lock's version by web/build.sh).
#                  KEY: rustc and cargo's versions and Cargo.lock.  The workspace's own
#                  crates (korf, korf-front, korf-cli, korf-python, korf-web) are removed from it before every
#                  run and compiled anew; what one run makes (target/tmp, dist, site, npm,
#                  the packaged crate) is removed too.
#   web-KEY/       target/web: the WebAssembly build with its standard library.  KEY:
#                  Debian's rustc-web and rust-web-src versions and Cargo.lock.
#   platforms-KEY/ target/platforms: the Windows and ARM builds with their standard libraries
#                  (a build directory a target, build-TARGET).
#                  KEY: as web's, and the cross compilers' versions.
#   dist-tools-KEY/  maturin and zig ($KORF_DIST_TOOLS for dist.sh).  KEY: Python's version and the
#                  pinned versions in dist.sh.
#   tables-KEY/    target/tmp/tables: the test tables.  KEY: the files .ci/table-sources
#                  names (the modules that build tables and every module they call, less
#                  the test modules and the probes, which nothing there calls: both checked
#                  by fast tests), Cargo.lock and the toolchain, which together decide every
#                  byte of a table.  Kept only from a run that passed.
#   npm/           npm's own cache (every package checked against package-lock.json's
#                  hashes when installed).
#
# KORF_CI_CACHE=none keeps nothing: a cold run.  Otherwise $KORF_CI_CACHE, default
# /var/cache/korf-ci.  Other keys' folders are removed when a run passes.

cache_root=${KORF_CI_CACHE:-/var/cache/korf-ci}
cache_hash() { sha256sum | cut -c1-16; }
CI_CACHE_STATE=cold

if [ "$cache_root" = none ]; then
    cache_web_target() { :; }
    cache_platforms_target() { :; }
    cache_save() { :; }
    return 0
fi

mkdir -p "$cache_root"
rust_key=$({ rustc -vV; cargo -V; cat Cargo.lock; } | cache_hash)
target_cache=$cache_root/target-$rust_key
[ -f "$target_cache/.korf-ci-complete" ] && CI_CACHE_STATE=warm
mkdir -p "$target_cache"
if [ -e target ] && [ ! -L target ]; then
    echo ".ci/run: target/ exists in the clone; CI runs on a clean clone (or KORF_CI_CACHE=none)" >&2
    exit 2
fi
ln -sfn "$target_cache" target
rm -rf target/tmp target/dist target/site target/npm target/package/korf-*
# The workspace's own crates, compiled anew each run whatever their files' times.
for profile in --release ""; do
    cargo clean --quiet $profile -p korf -p korf-front -p korf-cli -p korf-python -p korf-web 2>/dev/null || true
done
# The wheel's build directory (dist.sh), and the one it used before it had its own.
CARGO_TARGET_DIR=target/wheel cargo clean --quiet --release --target x86_64-unknown-linux-gnu \
    -p korf -p korf-python 2>/dev/null || true
rm -rf target/x86_64-unknown-linux-gnu

dist_tools_key=$({ python3 -V; grep -E '^dist_tools_pins=' dist.sh; } | cache_hash)
export KORF_DIST_TOOLS=$cache_root/dist-tools-$dist_tools_key

# The files .ci/table-sources names (what builds tables, and what the tables' tests choose),
# less those its `!PATTERN` lines leave out (bash's `*`, which matches `/` too).
mapfile -t table_sources < <(grep -v -e '^#' -e '^$' -e '^!' .ci/table-sources)
mapfile -t table_left_out < <(sed -n 's/^!//p' .ci/table-sources)
table_files() {
    local meta path pattern
    git ls-tree -r HEAD .ci/table-sources "${table_sources[@]}" | while IFS=$'\t' read -r meta path; do
        for pattern in "${table_left_out[@]}"; do
            # shellcheck disable=SC2053 # the pattern is a glob
            [[ $path == $pattern ]] && continue 2
        done
        printf '%s\t%s\n' "$meta" "$path"
    done
}
tables_key=$({ table_files; echo "$rust_key"; } | cache_hash)
mkdir -p target/tmp
if [ -d "$cache_root/tables-$tables_key" ]; then
    ln -sfn "$cache_root/tables-$tables_key" target/tmp/tables
else
    rm -rf "$cache_root/tables-$tables_key.partial"
    mkdir -p "$cache_root/tables-$tables_key.partial"
    ln -sfn "$cache_root/tables-$tables_key.partial" target/tmp/tables
fi

export npm_config_cache=$cache_root/npm

# Called once Debian's Rust for WebAssembly is installed (its version is in the key).
cache_web_target() {
    local key
    key=$({ /usr/bin/rustc -vV; dpkg-query -W rust-web-src 2>/dev/null; cat Cargo.lock; } | cache_hash)
    mkdir -p "$cache_root/web-$key"
    ln -sfn "$cache_root/web-$key" target/web
    CARGO_TARGET_DIR=target/web cargo clean --quiet --profile wasm --target wasm32-unknown-unknown \
        -p korf -p korf-web 2>/dev/null || true
}

# Called once Debian's Rust and cross compilers are installed (their versions are the key).
cache_platforms_target() {
    local key
    key=$({ /usr/bin/rustc -vV; dpkg-query -W rust-web-src gcc-mingw-w64-x86-64 gcc-aarch64-linux-gnu libc6-dev-arm64-cross 2>/dev/null; cat Cargo.lock; } | cache_hash)
    mkdir -p "$cache_root/platforms-$key"
    ln -sfn "$cache_root/platforms-$key" target/platforms
    local t
    for t in x86_64-pc-windows-gnu aarch64-unknown-linux-gnu; do
        CARGO_TARGET_DIR=target/platforms/build-$t cargo clean --quiet --profile cross --target "$t" \
            -p korf -p korf-front -p korf-cli 2>/dev/null || true
    done
}

# After a run that passed: the tables are kept, and other keys' folders removed.
cache_save() {
    local d keep
    if [ -d "$cache_root/tables-$tables_key.partial" ]; then
        rm -rf "$cache_root/tables-$tables_key"
        mv "$cache_root/tables-$tables_key.partial" "$cache_root/tables-$tables_key"
        ln -sfn "$cache_root/tables-$tables_key" target/tmp/tables
    fi
    keep=" $target_cache $cache_root/tables-$tables_key $cache_root/dist-tools-$dist_tools_key $(readlink -f target/web) $(readlink -f target/platforms) $cache_root/npm "
    for d in "$cache_root"/*; do
        [[ $keep == *" $d "* ]] || rm -rf "$d"
    done
    touch "$target_cache/.korf-ci-complete"
    du -sh "$cache_root"/* 2>/dev/null || true
}
