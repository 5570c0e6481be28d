#!/usr/bin/env bash
# Build korf's release artifacts into target/dist/:
#
#   korf-VERSION-x86_64-linux.tar.gz   the static binary (glibc, crt-static), README, LICENSE
#   korf                               the same binary, unpacked (what the image holds)
#   korf-VERSION-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl
#   korf-VERSION.tar.gz                the Python sdist
#   korf-VERSION.crate                 the crates, as `cargo publish` would upload them: the
#   korf-front-VERSION.crate           library, what the front ends share, and the command
#   korf-cli-VERSION.crate             line (`cargo install korf-cli` gives `korf`)
#   korf-VERSION.oci.tar               the container image (podman/buildah), where they run
#   korf-VERSION-x86_64-windows.zip    korf.exe (x86_64-pc-windows-gnu), README, LICENSE
#   korf-VERSION-aarch64-linux.tar.gz  the static binary for ARM Linux (Raspberry Pi OS
#                                      64-bit, ARM servers)
#   korf-VERSION-cp39-abi3-win_amd64.whl            the wheel for Windows (windows-wheel)
#   korf-VERSION-cp39-abi3-manylinux2014_aarch64...whl  and for ARM Linux (aarch64-wheel)
#   korf-VERSION-cp39-abi3-macosx_11_0_*.whl        and for macOS, each processor (macos-wheel)
#   SHA256SUMS
#
# Usage: ./dist.sh [--parallel] [binary] [wheel] [sdist] [crate] [image] [windows] [aarch64]
#                  [macos] [windows-wheel] [aarch64-wheel] [macos-wheel]
# (none: the first five; the others are cross-built, below)
#
# --parallel builds the artifacts named side by side (not the image, which packs the
# binary): the binary and the wheel compile their own crates on the release build's
# library and dependencies (target/release; cargo's lock takes them in turn), the crate's
# check has a build directory of its own (target/package/check-target).  Each step's
# output is printed when it ends.
# Then tests/dist/check.sh tries each artifact in a clean setting.  Needs: cargo, python3
# (maturin and ziglang come from PyPI into target/dist-tools, or $KORF_DIST_TOOLS), and for the image podman
# or buildah (Debian packages).  Nothing is published.
set -euo pipefail
cd "$(dirname "$0")"

parallel=false
if [ "${1:-}" = --parallel ]; then
    parallel=true
    shift
fi
what=("$@")
[ ${#what[@]} -eq 0 ] && what=(binary wheel sdist crate image)
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
KORF_COMMIT=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
export KORF_COMMIT
dist=target/dist
mkdir -p "$dist"
# The cross builds' folder by its own path, not through the clone: CI links
# target/platforms to a cache outside the clone (.ci/cache.sh), and cargo counts a
# linker's path and the RUSTFLAGS (the ARM standard library's --sysroot) among what decides
# every compiled crate, so a path through a clone elsewhere compiled the standard library
# and every dependency again (2 min 30 s of a warm run's Windows build, as long as a cold one).
mkdir -p target/platforms
platforms=$(cd target/platforms && pwd -P)
say() { printf '\n== %s\n' "$*"; }

binary() {
    say "static binary"
    # crt-static links glibc in.  Given to the binary's own compile alone (`cargo rustc`),
    # where the link happens, it keeps off build scripts and proc macros, and the library
    # and dependencies are the release build's (the test command's, in CI): only the
    # binary is compiled and linked again.  Same profile as every release build.
    cargo rustc --release --locked -p korf-cli --bin korf -- -C target-feature=+crt-static
    local name="korf-$version-x86_64-linux" stage
    stage=$(mktemp -d)
    mkdir "$stage/$name"
    strip -o "$stage/$name/korf" target/release/korf
    cp README.md LICENSE CHANGELOG.md "$stage/$name/"
    tar -C "$stage" -czf "$dist/$name.tar.gz" "$name"
    cp "$stage/$name/korf" "$dist/korf"
    rm -rf "$stage"
    ls -l "$dist/korf" "$dist/$name.tar.gz"
}

# The build tools from PyPI, pinned, in a virtual environment at $KORF_DIST_TOOLS (default
# target/dist-tools; CI keeps one outside the clone under a key of these pins).
dist_tools_pins="maturin==1.16.0 ziglang==0.17.1"
tools_dir=${KORF_DIST_TOOLS:-target/dist-tools}
# Under a lock: two builds side by side (tests/slow.sh platforms) may both ask for them.
tools() {
    mkdir -p "$(dirname "$tools_dir")"
    (
        flock 9
        local pins
        pins=$(cat "$tools_dir/.pins" 2>/dev/null || true)
        if [ ! -x "$tools_dir/bin/maturin" ] || [ "$pins" != "$dist_tools_pins" ]; then
            rm -rf "$tools_dir"
            python3 -m venv "$tools_dir"
            # shellcheck disable=SC2086 # one word a pin
            "$tools_dir/bin/pip" install --quiet $dist_tools_pins
            echo "$dist_tools_pins" >"$tools_dir/.pins"
        fi
    ) 9>"$tools_dir.lock"
}

wheel() {
    say "manylinux wheel"
    tools
    # zig links the module against glibc 2.17's symbols: a wheel pip takes on any Linux of
    # the last decade; --compatibility makes maturin check the symbols it links.  The
    # linker is given to the module's own compile alone (maturin passes the trailing flags
    # to that rustc), not through --zig, which names a linker for every crate and an
    # explicit --target: so the library and the dependencies are the release build's (the
    # test command's, in CI) and only what the Python package adds is compiled.
    PATH="$(cd "$tools_dir" && pwd)/bin:$PATH" "$tools_dir/bin/maturin" build --release \
        --locked --manifest-path python/Cargo.toml --compatibility manylinux2014 \
        --out "$dist" -- -C linker="$(zig_linker x86_64)"
}

# A linker that links with zig against glibc 2.17's symbols (manylinux2014) for ARCH
# (x86_64 or aarch64), through maturin's zig driver, which rewrites what zig does not
# take.  Prints its path.
zig_linker() { # ARCH
    tools >&2 # (its output is not the path)
    local link=$platforms/$1-zig-link tools_abs
    tools_abs=$(cd "$tools_dir" && pwd)
    cat >"$link" <<LINK
#!/usr/bin/env bash
export CARGO_ZIGBUILD_ZIG_COMMAND="$tools_abs/bin/python3"
export CARGO_ZIGBUILD_ZIG_COMMAND_ARGS='-m ziglang'
exec "$tools_abs/bin/maturin" zig cc -- -g -fno-sanitize=all -target $1-linux-gnu.2.17 "\$@"
LINK
    chmod +x "$link"
    echo "$link"
}

sdist() {
    say "Python sdist"
    tools
    "$tools_dir/bin/maturin" sdist --manifest-path python/Cargo.toml --out "$dist"
}

crate() {
    say "crate"
    # The three crates packed, their packaged sources checked on their own (packaged_check)
    # and the dry run of the upload.
    local crates=(-p korf -p korf-front -p korf-cli) name
    cargo package --locked --allow-dirty --no-verify "${crates[@]}"
    packaged_check
    cargo publish --dry-run --locked --allow-dirty --no-verify "${crates[@]}"
    for name in korf korf-front korf-cli; do
        cp "target/package/$name-$version.crate" "$dist/"
    done
}

# What cargo package's own verification makes sure of (that the packed sources compile on
# their own, without the repository around them), in one compile: the three crates
# unpacked side by side, a workspace of them in which korf-front and korf-cli find the
# library and korf-front at their unpacked folders (they are not on crates.io; their
# manifests name them by version), checked with the release profile and the lock file, in
# a build directory of its own (--parallel: the binary's holds that build's lock).
# Cargo's verification built each crate in its own build, the library three times over,
# with every dependency in the dev profile: 4 min 44 s of a cold CI run's artifacts.
# (Unpacked with the time of unpacking: always checked again.)
packaged_check() {
    local dir=target/package/check name members=()
    rm -rf "$dir"
    mkdir -p "$dir"
    for name in korf korf-front korf-cli; do
        tar -C "$dir" -mxzf "target/package/$name-$version.crate"
        members+=("\"$name-$version\"")
    done
    {
        echo "[workspace]"
        echo "members = [$(IFS=,; echo "${members[*]}")]"
        echo 'resolver = "2"'
        echo "[patch.crates-io]"
        echo "korf = { path = \"korf-$version\" }"
        echo "korf-front = { path = \"korf-front-$version\" }"
        sed -n '/^\[profile\.release\]/,/^$/p' Cargo.toml
    } >"$dir/Cargo.toml"
    cp Cargo.lock "$dir/"
    CARGO_TARGET_DIR=target/package/check-target cargo check --release --workspace \
        --manifest-path "$dir/Cargo.toml"
}

image() {
    say "container image"
    [ -x "$dist/korf" ] || binary
    local tool
    tool=$(command -v podman || command -v buildah || true)
    if [ -z "$tool" ]; then
        echo "no podman or buildah here: the image is not built (apt-get install podman)"
        return 0
    fi
    local context
    context=$(mktemp -d)
    cp "$dist/korf" "$context/"
    "$tool" build --file Containerfile --tag "korf:$version" --tag korf:latest "$context"
    rm -rf "$context"
    rm -f "$dist/korf-$version.oci.tar"
    "$tool" push "korf:$version" "oci-archive:$dist/korf-$version.oci.tar:korf:$version"
}

# The cross-built binaries: Debian's Rust (rustc-web, whose standard library sources
# rust-web-src builds for any target: RUSTC_BOOTSTRAP lets that stable compiler take
# -Zbuild-std, as web/build.sh does for the page) with Debian's cross linkers
# (gcc-mingw-w64-x86-64; gcc-aarch64-linux-gnu and libc6-dev-arm64-cross). A build
# directory for each target, target/platforms/build-TARGET (cross_dir), so that two
# targets build side by side (tests/slow.sh platforms) without waiting on one lock.
# LINK_FLAGS go to the binary's own compile alone, where it links (as for the x86_64
# binary), and the dependencies' features are resolved over the whole workspace (cargo's
# -Zfeature-unification) for the binary and the wheel alike: the standard library, the
# dependencies and the library are then the wheel's too, which compiles only pyo3 and the
# Python package (the binary's features differ from a resolution of its own in a few
# crates' `std` features, none of them korf's).
cross_env=(RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1
    CARGO_UNSTABLE_FEATURE_UNIFICATION=true CARGO_RESOLVER_FEATURE_UNIFICATION=workspace)
need_cross_tools() { # [TOOL...]: Debian's Rust and each tool named
    local tool
    for tool in /usr/bin/rustc /usr/bin/cargo "$@"; do
        [ -x "$(command -v "$tool" || echo "/usr/bin/$tool")" ] || {
            echo "dist.sh: $tool is missing: apt-get install rustc-web cargo-web rust-web-src gcc-mingw-w64-x86-64 gcc-aarch64-linux-gnu libc6-dev-arm64-cross" >&2
            return 2
        }
    done
}
# The build directory of TARGET's binary and wheel.
cross_dir() { echo "$platforms/build-$1"; }
# The prefix of cargo's variables for TARGET (CARGO_TARGET_X86_64_PC_WINDOWS_GNU).
target_var() { echo "CARGO_TARGET_$(echo "$1" | tr 'a-z-' 'A-Z_')"; }

# The standard library of TARGET.  For ARM Linux, Debian ships its own build of it for
# its Rust (libstd-rust-web-dev:arm64): unpacked into target/platforms, not installed
# (installed, it brings 17 arm64 system libraries, after which the ARM wheel's check hung
# under qemu-user: lab/2026-12-06-where-ci-spends-its-processors.md), it spares
# compiling the standard library, about 100 s of a processor.  Elsewhere, or where it
# cannot be fetched (arm64 not among dpkg's architectures, no network), -Zbuild-std
# compiles it from rust-web-src.  Sets std_rustflags (for the target's crates) and
# build_std (cargo's -Zbuild-std crates, comma-separated; empty: none).
target_std() { # TARGET
    std_rustflags="" build_std="std,panic_unwind"
    [ "$1" = aarch64-unknown-linux-gnu ] || return 0
    local version root
    version=$(dpkg-query -W -f '${Version}' rustc-web 2>/dev/null) || return 0
    root=$platforms/debian-std-arm64-$version
    if [ ! -d "$root/usr/lib/rustlib/$1/lib" ]; then
        rm -rf "$root.part" && mkdir -p "$root.part"
        if ! (cd "$root.part" && apt-get download "libstd-rust-web-dev:arm64=$version" >fetch.log 2>&1 &&
            dpkg-deb -x libstd-rust-web-dev_*_arm64.deb unpacked); then
            echo "dist.sh: Debian's ARM standard library was not fetched ($(tail -n 1 "$root.part/fetch.log")): compiling it (-Zbuild-std)" >&2
            return 0
        fi
        mv "$root.part/unpacked" "$root" && rm -rf "$root.part"
    fi
    std_rustflags="--sysroot=$root/usr" build_std=""
}

cross_build() { # TARGET LINKER RUSTFLAGS LINK_FLAGS [VARIABLE=VALUE...]
    local target=$1 linker=$2 rustflags=$3 link_flags=$4 var
    shift 4
    need_cross_tools "$linker"
    var=$(target_var "$target")
    target_std "$target"
    env "${cross_env[@]}" CARGO_TARGET_DIR="$(cross_dir "$target")" "${var}_LINKER=$linker" \
        "${var}_RUSTFLAGS=$rustflags $std_rustflags" "$@" \
        /usr/bin/cargo rustc --profile cross --locked -p korf-cli --bin korf --target "$target" \
        ${build_std:+-Zbuild-std=$build_std} -- $link_flags
}

# The C runtime and libgcc linked in: korf.exe and the wheel's module need no DLL beyond
# Windows' own (and the wheel's, python3.dll).  rustc names its own start and end objects
# (rsbegin.o, rsend.o) in every mingw link; -Zbuild-std does not build them, and on x86_64
# (unwinding by SEH, not registered frames) they hold nothing: the linker is mingw's gcc
# with those two left out.  Prints the linker's path.
mingw_linker() {
    local link=$platforms/mingw-link
    cat >"$link" <<'LINK'
#!/usr/bin/env bash
args=()
for a in "$@"; do
    case $a in rsbegin.o | rsend.o) ;; *) args+=("$a") ;; esac
done
exec x86_64-w64-mingw32-gcc "${args[@]}"
LINK
    chmod +x "$link"
    echo "$link"
}
windows_flags="-C target-feature=+crt-static -C link-self-contained=no"

windows() {
    say "Windows binary (x86_64)"
    cross_build x86_64-pc-windows-gnu "$(mingw_linker)" "$windows_flags" ""
    local name="korf-$version-x86_64-windows" stage
    stage=$(mktemp -d)
    mkdir "$stage/$name"
    x86_64-w64-mingw32-strip -o "$stage/$name/korf.exe" "$(cross_dir x86_64-pc-windows-gnu)/x86_64-pc-windows-gnu/cross/korf.exe"
    cp README.md LICENSE CHANGELOG.md "$stage/$name/"
    rm -f "$dist/$name.zip"
    (cd "$stage" && python3 -m zipfile -c "$OLDPWD/$dist/$name.zip" "$name")
    rm -rf "$stage"
    ls -l "$dist/$name.zip"
}

# The ARM builds' linker, one path for the binary and the wheel: cargo counts the linker
# among the settings every crate is compiled under, so a different one (maturin's own zig
# wrapper, --zig) compiled the standard library and every dependency again for the wheel.
# Debian's cross gcc links the static binary; with KORF_ZIG_LINK set, zig links the wheel's
# module against glibc 2.17's symbols (manylinux2014), through zig_linker's wrapper.
# Prints the wrapper's path.
aarch64_linker() {
    local link=$platforms/aarch64-link zig
    zig=$(zig_linker aarch64)
    cat >"$link" <<LINK
#!/usr/bin/env bash
[ -n "\${KORF_ZIG_LINK:-}" ] && exec "$zig" "\$@"
exec aarch64-linux-gnu-gcc "\$@"
LINK
    chmod +x "$link"
    echo "$link"
}

aarch64() {
    say "ARM Linux binary (aarch64, static)"
    need_cross_tools aarch64-linux-gnu-gcc
    cross_build aarch64-unknown-linux-gnu "$(aarch64_linker)" "" "-C target-feature=+crt-static"
    local name="korf-$version-aarch64-linux" stage
    stage=$(mktemp -d)
    mkdir "$stage/$name"
    aarch64-linux-gnu-strip -o "$stage/$name/korf" "$(cross_dir aarch64-unknown-linux-gnu)/aarch64-unknown-linux-gnu/cross/korf"
    cp README.md LICENSE CHANGELOG.md "$stage/$name/"
    tar -C "$stage" -czf "$dist/$name.tar.gz" "$name"
    rm -rf "$stage"
    ls -l "$dist/$name.tar.gz"
}

# The cross-built wheels (abi3: one per platform for every CPython from 3.9 on).  maturin
# drives Debian's cargo as cross_build does (the standard library of target_std, and the
# features resolved over the workspace, through cargo's environment), in the same build
# directory and with the binary's flags and linker path for the target, so that each
# platform's standard library, dependencies and library are built once for its binary
# and its wheel.  No Python of the target platform is needed to build: pyo3 writes
# Windows' python3.dll import library itself (generate-import-lib).  maturin's --strip
# strips the module alone (a flag of its own compile).
cross_wheel() { # TARGET RUSTFLAGS [MATURIN-OPTION...] [-- VARIABLE=VALUE...]
    local target=$1 rustflags=$2 opts=() std_env=()
    shift 2
    while [ $# -gt 0 ] && [ "$1" != -- ]; do
        opts+=("$1")
        shift
    done
    [ "${1:-}" = -- ] && shift
    need_cross_tools
    tools
    target_std "$target"
    [ -n "$build_std" ] && std_env=(CARGO_UNSTABLE_BUILD_STD="${build_std//,/ }")
    env "${cross_env[@]}" CARGO_TARGET_DIR="$(cross_dir "$target")" CARGO=/usr/bin/cargo "${std_env[@]}" \
        "$(target_var "$target")_RUSTFLAGS=$rustflags $std_rustflags" \
        PATH="$(cd "$tools_dir" && pwd)/bin:$PATH" "$@" \
        "$tools_dir/bin/maturin" build --profile cross --locked --manifest-path python/Cargo.toml \
        --target "$target" "${opts[@]}" --out "$dist"
}

windows_wheel() {
    say "Windows wheel (x86_64)"
    local var
    var=$(target_var x86_64-pc-windows-gnu)
    cross_wheel x86_64-pc-windows-gnu "$windows_flags" --strip -- "${var}_LINKER=$(mingw_linker)"
}

aarch64_wheel() {
    say "ARM Linux wheel (aarch64, manylinux2014)"
    # zig as the linker against glibc 2.17's symbols, as for the x86_64 wheel, through
    # the binary's linker path (aarch64_linker), so that the standard library and the
    # dependencies the two share are built once; maturin checks the symbols it links.
    local var
    var=$(target_var aarch64-unknown-linux-gnu)
    cross_wheel aarch64-unknown-linux-gnu "" --compatibility manylinux2014 --strip -- \
        "${var}_LINKER=$(aarch64_linker)" KORF_ZIG_LINK=1
}

# macOS, both processors, in one universal binary.  zig (from PyPI, pinned with maturin
# above) compiles the C that ring holds and links, against the macOS system library's
# stubs it ships: no Apple SDK, and nothing else, is needed.  llvm-lipo (Debian's llvm-14)
# joins the two.
# The oldest macOS the binary and the wheels run on: 11 (Big Sur), the first on Apple's own
# processors.
macos_oldest=11.0
# zig's wrappers and the stubs both macOS builds link with (in target/platforms).
macos_toolchain() {
    tools
    local zig arch
    zig="$(cd "$tools_dir" && pwd)/bin/python3 -m ziglang"
    printf '#!/usr/bin/env bash\nexec %s ar "$@"\n' "$zig" >target/platforms/zig-ar
    chmod +x target/platforms/zig-ar
    # The standard library links libiconv (/usr/lib/libiconv.2.dylib on every Mac), whose
    # stub zig does not ship: a text stub of the three functions it names.
    mkdir -p target/platforms/macos-stubs
    cat >target/platforms/macos-stubs/libiconv.tbd <<'TBD'
--- !tapi-tbd
tbd-version:     4
targets:         [ x86_64-macos, arm64-macos ]
install-name:    '/usr/lib/libiconv.2.dylib'
current-version: 7
compatibility-version: 7
exports:
  - targets:     [ x86_64-macos, arm64-macos ]
    symbols:     [ _iconv, _iconv_close, _iconv_open ]
...
TBD
    for arch in x86_64 aarch64; do
        # One wrapper is the C compiler and the linker: cc-rs and rustc name the target in
        # clang's words (--target=x86_64-apple-macosx, -arch x86_64), which zig refuses;
        # zig takes its own.
        cat >"target/platforms/zig-$arch-macos" <<ZIG
#!/usr/bin/env bash
args=()
skip=0
for a in "\$@"; do
    if [ \$skip = 1 ]; then skip=0; continue; fi
    case \$a in -arch) skip=1 ;; --target=*) ;; *) args+=("\$a") ;; esac
done
exec $zig cc -target $arch-macos.$macos_oldest "\${args[@]}"
ZIG
        chmod +x "target/platforms/zig-$arch-macos"
    done
}
# The environment of a build for ARCH (x86_64 or aarch64) with those wrappers, one
# VARIABLE=VALUE a line.
macos_env() { # ARCH
    local arch=$1 target=$1-apple-darwin
    echo "CC_${target//-/_}=$platforms/zig-$arch-macos"
    echo "AR_${target//-/_}=$platforms/zig-ar"
    echo "MACOSX_DEPLOYMENT_TARGET=$macos_oldest"
}

macos() {
    say "macOS binary (universal: x86_64 and arm64)"
    local lipo arch target slices=() envs=()
    lipo=$(command -v llvm-lipo || command -v llvm-lipo-14) ||
        { echo "dist.sh: llvm-lipo is missing: apt-get install llvm-14" >&2; return 2; }
    macos_toolchain
    for arch in x86_64 aarch64; do
        target=$arch-apple-darwin
        # Not stripped by rustc: for Mach-O it would call rust-objcopy, which Debian's Rust
        # lacks, and after the linker's signature.
        mapfile -t envs < <(macos_env "$arch")
        cross_build "$target" "$platforms/zig-$arch-macos" \
            "-L native=$platforms/macos-stubs" "" CARGO_PROFILE_CROSS_STRIP=false "${envs[@]}"
        slices+=("$(cross_dir "$target")/$target/cross/korf")
    done
    local name="korf-$version-macos-universal" stage
    stage=$(mktemp -d)
    mkdir "$stage/$name"
    "$lipo" -create -output "$stage/$name/korf" "${slices[@]}"
    cp README.md LICENSE CHANGELOG.md "$stage/$name/"
    tar -C "$stage" -czf "$dist/$name.tar.gz" "$name"
    rm -rf "$stage"
    ls -l "$dist/$name.tar.gz"
}

# A wheel for each processor (maturin's universal2 tag wants both in one build, which
# its own linker set-up for macOS does; ours is zig through the wrappers above), built
# but not run here, as the binary.  An extension module leaves Python's symbols for the
# interpreter to bind (pyo3 links it with -undefined dynamic_lookup).
macos_wheel() {
    say "macOS wheels (x86_64 and arm64)"
    local arch target var envs=()
    macos_toolchain
    for arch in x86_64 aarch64; do
        target=$arch-apple-darwin
        var=$(target_var "$target")
        mapfile -t envs < <(macos_env "$arch")
        cross_wheel "$target" "-L native=$platforms/macos-stubs" \
            -- "${var}_LINKER=$platforms/zig-$arch-macos" \
            CARGO_PROFILE_CROSS_STRIP=false "${envs[@]}"
    done
}

# Every name checked before anything is built.
for step in "${what[@]}"; do
    case "$step" in
        binary | wheel | sdist | crate | image | windows | aarch64 | macos) ;;
        windows-wheel | aarch64-wheel | macos-wheel) ;;
        *) echo "dist.sh: unknown artifact '$step' (one of: binary wheel sdist crate image windows aarch64 macos windows-wheel aarch64-wheel macos-wheel)" >&2; exit 2 ;;
    esac
done
if $parallel; then
    [[ " ${what[*]} " == *" image "* ]] &&
        { echo "dist.sh: --parallel does not build the image (it packs the binary): build it after" >&2; exit 2; }
    pids=()
    for step in "${what[@]}"; do
        ("${step/-/_}") > "$dist/.$step.log" 2>&1 &
        pids+=($!)
    done
    failed=()
    for i in "${!pids[@]}"; do
        wait "${pids[$i]}" || failed+=("${what[$i]}")
        cat "$dist/.${what[$i]}.log"
        rm -f "$dist/.${what[$i]}.log"
    done
    if [ ${#failed[@]} -gt 0 ]; then
        echo "dist.sh: failed: ${failed[*]} (output above)" >&2
        exit 1
    fi
else
    for step in "${what[@]}"; do "${step/-/_}"; done
fi
# (Written whole and renamed: two runs side by side may both write it.)
(cd "$dist" && { sha256sum -- *.tar.gz *.zip *.whl *.crate *.oci.tar korf 2>/dev/null >".SHA256SUMS.$$" || true; } &&
    mv ".SHA256SUMS.$$" SHA256SUMS)
say "target/dist"
ls -l "$dist"
