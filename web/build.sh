#!/usr/bin/env bash
# Build korf for the browser: the static site in target/site/ (index.html at its root,
# assets/ beside it: the page, korf's WebAssembly module and its JavaScript) and the npm
# package in target/npm/ (korf-<version>.tgz, by `npm pack`; nothing is published).
#
# Needs Debian's Rust for WebAssembly (the standard library's sources, to build it for
# wasm32-unknown-unknown) and lld:
#     apt-get install rustc-web cargo-web rust-web-src lld
# and the wasm-bindgen CLI of the version in Cargo.lock (installed into target/tools/ from
# crates.io if not on PATH, once; unoptimised, since it runs once a build on one module:
# 206 s of CPU to compile where an optimised install takes 513 s).  Host the folder with
# any static web server, e.g. `python3 -m http.server -d target/site`.
set -euo pipefail
cd "$(dirname "$0")/.."

site=target/site
npm_dir=target/npm/korf
wasm_target=target/web

for tool in /usr/bin/rustc /usr/bin/cargo /usr/bin/wasm-ld; do
    [ -x "$tool" ] || { echo "web/build.sh: $tool is missing: apt-get install rustc-web cargo-web rust-web-src lld" >&2; exit 2; }
done
[ -f /usr/lib/rustlib/src/rust/library/Cargo.lock ] ||
    { echo "web/build.sh: the standard library's sources are missing: apt-get install rust-web-src" >&2; exit 2; }

# The wasm-bindgen CLI must be the crate's version exactly.
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
bindgen=$(command -v wasm-bindgen || true)
if [ -z "$bindgen" ] || [ "$("$bindgen" --version | cut -d' ' -f2)" != "$bindgen_version" ]; then
    bindgen=target/tools/bin/wasm-bindgen
    if [ ! -x "$bindgen" ] || [ "$("$bindgen" --version | cut -d' ' -f2)" != "$bindgen_version" ]; then
        echo "installing wasm-bindgen-cli $bindgen_version into target/tools (once)" >&2
        cargo install --quiet --debug wasm-bindgen-cli --version "$bindgen_version" --root target/tools
    fi
fi

# The library and its bindings for wasm32-unknown-unknown, with the standard library built
# from Debian's sources (RUSTC_BOOTSTRAP lets this stable compiler take -Zbuild-std).
RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1 \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld CARGO_TARGET_DIR="$wasm_target" \
    /usr/bin/cargo build --quiet --locked --profile wasm -p korf-web \
    --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort

rm -rf "$site" "$npm_dir"
mkdir -p "$site/assets" "$npm_dir"
"$bindgen" --target web --out-dir "$site/assets" \
    "$wasm_target/wasm32-unknown-unknown/wasm/korf_web.wasm"
rm -f "$site/assets/korf_web_bg.wasm.d.ts"

# The page (the same files korf serve serves), its worker and korf's JavaScript API.
cp web/page/index.html "$site/"
cp web/page/{app.js,local.js,cube.js,cube3d.js,style.css} "$site/assets/"
cp web/js/{korf.js,korf.d.ts,worker.js} "$site/assets/"

# The npm package: korf's JavaScript API and the module, at the workspace's version.
cp "$site"/assets/{korf.js,korf.d.ts,korf_web.js,korf_web.d.ts,korf_web_bg.wasm} "$npm_dir/"
cp web/js/README.md "$npm_dir/"
version=$(awk -F'"' '/^\[workspace.package\]/ { w = 1 } w && /^version/ { print $2; exit }' Cargo.toml)
sed "s/\"version\": \"[^\"]*\"/\"version\": \"$version\"/" web/js/package.json > "$npm_dir/package.json"
(cd target/npm && npm pack --silent ./korf >/dev/null)

echo "site: $site ($(du -sh "$site" | cut -f1); module $(du -h "$site/assets/korf_web_bg.wasm" | cut -f1))"
echo "npm package: $(ls target/npm/korf-*.tgz)"
