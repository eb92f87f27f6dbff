#!/usr/bin/env bash
# Builds the npm package (wasm/: the library as WebAssembly through wasm-bindgen) and the page
# (web/), from a fresh clone, installing what it needs from the package registries:
#
#   scripts/build-wasm.sh            # then: cd wasm && node --test; open web/index.html via any static server
#
# The route (the rustup toolchain here has only the x86_64 target, and no other can be
# downloaded): Debian's rustc-web with its standard library's sources (rust-web-src) compiles
# std itself for wasm32-unknown-unknown, driven by the rustup nightly cargo (-Zbuild-std, made
# to accept a stable rustc by RUSTC_BOOTSTRAP=1); lld's wasm-ld links. wasm-bindgen-cli comes
# from crates.io at the version of the wasm-bindgen crate in wasm/Cargo.lock, installed once
# under ~/.cargo/wasm-bindgen-VERSION; binaryen's wasm-opt from npm. Out:
#   wasm/pkg/       the wasm-bindgen output (sudoku_wasm.js, .d.ts, sudoku_wasm_bg.wasm, optimised)
#   web/pkg/        a copy of the package for the page (web/ is then the whole static site)
#   target/wasm/sizes.txt   the .wasm's size before and after wasm-opt
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# Debian's rustc for the web targets, its std's sources, and wasm-ld.
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
need=()
for p in rustc-web libstd-rust-web-dev rust-web-src lld; do
  dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if ((${#need[@]})); then
  echo "== apt-get install ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
debian_rustc=/usr/bin/rustc
"$debian_rustc" --print target-list | grep -qx wasm32-unknown-unknown

# The nightly cargo (for -Zbuild-std); rustup brings it where it is missing.
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
nightly_cargo=$(rustup which --toolchain nightly cargo)

echo "== cargo build (wasm32-unknown-unknown, std built from Debian's sources)"
RUSTC="$debian_rustc" RUSTC_BOOTSTRAP=1 \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld \
  "$nightly_cargo" build --locked --release \
  --manifest-path wasm/Cargo.toml --target-dir target/wasm \
  --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort
raw=target/wasm/wasm32-unknown-unknown/release/sudoku_wasm.wasm

# wasm-bindgen-cli at the wasm-bindgen crate's version, built once.
version=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/[^0-9.]/, ""); print}' wasm/Cargo.lock)
tools="$HOME/.cargo/wasm-bindgen-$version"
if ! "$tools/bin/wasm-bindgen" --version 2>/dev/null | grep -q " $version\$"; then
  echo "== cargo install wasm-bindgen-cli $version (once, into $tools)"
  cargo install wasm-bindgen-cli --version "$version" --root "$tools"
fi

echo "== wasm-bindgen --target web"
rm -rf wasm/pkg
"$tools/bin/wasm-bindgen" --target web --out-dir wasm/pkg "$raw"

echo "== wasm-opt (binaryen from npm)"
(cd wasm && npm ci --no-audit --no-fund --silent)
before=$(stat -c %s wasm/pkg/sudoku_wasm_bg.wasm)
wasm/node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals \
  wasm/pkg/sudoku_wasm_bg.wasm -o wasm/pkg/sudoku_wasm_bg.wasm
after=$(stat -c %s wasm/pkg/sudoku_wasm_bg.wasm)
printf 'sudoku_wasm_bg.wasm: %s bytes from wasm-bindgen, %s after wasm-opt -O3\n' "$before" "$after" |
  tee target/wasm/sizes.txt

echo "== web/pkg (the page's copy of the package)"
rm -rf web/pkg
mkdir -p web/pkg/pkg
cp wasm/index.js wasm/index.d.ts web/pkg/
cp wasm/pkg/sudoku_wasm.js wasm/pkg/sudoku_wasm_bg.wasm wasm/pkg/sudoku_wasm.d.ts web/pkg/pkg/
echo "built: wasm/ (npm package; cd wasm && npm pack) and web/ (static page) from $root"
