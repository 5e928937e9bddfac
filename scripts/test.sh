#!/usr/bin/env bash
# Runs every check of the workspace, as CI does: formatting; the tests, built with clippy's
# lints on (-D warnings, every target, every feature); mcp-runtime and mcp-codegen checked with
# each feature alone and with none; the docs (-D warnings); and the published crates packaged
# and compiled from their packages. First installs, locally and pinned, the third-party MCP
# servers the tests talk to and the MCP conformance suite (with the Node 22 it needs): npm
# packages into test-servers/node_modules (package-lock.json) and PyPI packages into
# test-servers/.venv (requirements.txt; the Python MCP SDK 1.x into .venv-sdk1,
# requirements-sdk1.txt; FastMCP with tasks into .venv-fastmcp, requirements-fastmcp.txt).
# Nothing is installed globally.
#
#   scripts/test.sh                  install what changed, then every stage
#   scripts/test.sh --install-only   only install the pinned test servers
#   scripts/test.sh --test-only      only `cargo test --workspace` (servers already installed),
#                                    less the two corpus crates, which only compile bindings
#   scripts/test.sh [--test-only] -- ARGS   ARGS go to `cargo test`
set -euo pipefail
cd "$(dirname "$0")/.."
here=$(pwd)

mode=all
while [ $# -gt 0 ]; do
  case $1 in
    --install-only) mode=install; shift ;;
    --test-only) mode=test; shift ;;
    --) shift; break ;;
    *) echo "error: unknown argument $1 (scripts/test.sh [--install-only | --test-only] [-- CARGO TEST ARGS])" >&2; exit 2 ;;
  esac
done

need() { command -v "$1" >/dev/null 2>&1 || { echo "error: $1 is required ($2)" >&2; exit 2; }; }
need cargo "install Rust from https://rustup.rs"
need npm "install Node.js 18+ and npm"
need python3 "install Python 3.10+"
[ "$mode" = install ] || need clippy-driver "rustup component add clippy"

# The tests start python3 hundreds of times (stdio servers, the browser stand-in). Through a
# version manager's shim (pyenv's is a shell script that runs a dozen more) each start cost
# 0.1 s of CPU more than the interpreter's own: the directory of the interpreter the shim
# picks goes first on PATH, so each start is the interpreter alone (the same one).
python_dir=$(python3 -c 'import os, sys; print(os.path.dirname(sys.executable))' 2>/dev/null) &&
  [ -x "$python_dir/python3" ] && export PATH="$python_dir:$PATH"

# Reinstall only when a lock file changed since the last install.
stamp() { sha256sum "$1" | cut -d' ' -f1; }

npm_install() {
  local npm_lock="$here/test-servers/package-lock.json"
  if [ "$(cat test-servers/node_modules/.lock-stamp 2>/dev/null)" != "$(stamp "$npm_lock")" ]; then
    echo "== installing npm test servers (test-servers/package-lock.json)"
    (cd test-servers && npm ci --no-audit --no-fund --loglevel=error)
    stamp "$npm_lock" > test-servers/node_modules/.lock-stamp
  fi
}

# A virtualenv in test-servers/ from a pinned requirements file, rebuilt when the file changes.
venv() {
  local dir=test-servers/$1 lock="$here/test-servers/$2" what=$3
  if [ "$(cat "$dir/.lock-stamp" 2>/dev/null)" != "$(stamp "$lock")" ]; then
    echo "== installing $what (test-servers/$2)"
    rm -rf "$dir"
    python3 -m venv "$dir"
    "$dir/bin/pip" install --quiet --disable-pip-version-check -r "$lock"
    stamp "$lock" > "$dir/.lock-stamp"
  fi
}
install() {
  npm_install
  venv .venv requirements.txt "PyPI test servers"
  # The Python MCP SDK 1.x (legacy era only), beside the 2.x above, for the era tests.
  venv .venv-sdk1 requirements-sdk1.txt "the Python MCP SDK 1.x"
  # FastMCP and its tasks extension (2026-07-28 tasks from a third party), for the tasks tests.
  venv .venv-fastmcp requirements-fastmcp.txt "FastMCP with tasks"
}

# CI builds from cold, where incremental state would only double the target dir's size on
# disk; a developer's re-run after a small change is what incremental builds are for.
if [ -n "${CI:-}" ]; then export CARGO_INCREMENTAL=0; fi

# Each stage says how long it took, so CI's time is easy to account for.
stage() {
  local name=$1; shift
  local start=$SECONDS
  echo "== $name"
  "$@"
  local rc=$?
  echo "   ($name: $((SECONDS - start)) s)"
  return $rc
}

# A CI disk is shared with other jobs: each run says what was free at its start and its end
# and what target/ took, so a run that fills the disk is told from one that breaks.
disk() {
  local free used=none
  free=$(df -h --output=avail . | tail -1 | tr -d ' ')
  [ ! -d target ] || used=$(du -sh target | cut -f1)
  echo "   (disk: $free free, target/ $used)"
}

# The feature sets the crates promise to build with: each feature alone, and none. Each set
# is checked beside tests/feature-matrix, which holds the proc macros' syn to the features the
# test build gave it: the sets then share syn and every proc macro with the test build and
# with each other (else each set compiled them again, for its own mix of syn features).
features() {
  local crate=$1; shift
  for set in "" "$@"; do
    local start=$SECONDS out
    # A warning here is one clippy cannot see (code dead only in this feature set): fail on it.
    out=$(cargo check -q -p "$crate" -p mcp-toolset-feature-matrix --no-default-features \
      ${set:+--features "$crate/$set"} 2>&1) || { echo "$out"; return 1; }
    [ -z "$out" ] || { echo "$out"; return 1; }
    echo "   -p $crate --no-default-features ${set:+--features $set} ($((SECONDS - start)) s)"
  done
}
# `rustls` is left out: no code of ours is gated on it (it only turns on rmcp's and reqwest's
# TLS), and the CLI, which clippy, the tests and the packages check, turns it on. `rig` is left
# out: it turns on `host` and everything under it, so alone it is `--all-features` (which
# clippy checks) less `fake`, which nothing of `rig` names.
feature_matrix() {
  features mcp-runtime stdio http oauth host fake otel && features mcp-codegen live audit
}

package() {
  local out=target/package verify=target/package/verify crate
  cargo package -q --allow-dirty --no-verify -p mcp-runtime -p mcp-codegen -p mcp-macros -p mcp-codegen-cli
  rm -rf "$verify" && mkdir -p "$verify"
  local members="" patches=""
  for crate in mcp-runtime mcp-codegen mcp-macros mcp-codegen-cli; do
    local dir; dir=$(basename "$(ls "$out/$crate"-[0-9]*.crate)" .crate)
    tar -xzf "$out/$dir.crate" -C "$verify"
    members="$members\"$dir\", "
    patches="$patches$crate = { path = \"$dir\" }\n"
  done
  {
    printf '[workspace]\nresolver = "3"\nmembers = [%s]\n\n[patch.crates-io]\n%b\n' "$members" "$patches"
    sed -n '/^\[profile/,$p' Cargo.toml
  } > "$verify/Cargo.toml"
  cp Cargo.lock "$verify/Cargo.lock"
  cargo check -q --manifest-path "$verify/Cargo.toml" --workspace --all-features --target-dir target
}

if [ "$mode" = install ]; then
  stage "install test servers" install
  exit 0
fi
log=$(mktemp)
install_log=$(mktemp)
installing=""
# A run that stops early (a failed stage, Ctrl-C) stops the installs it started: else a
# half-done `npm ci` goes on in the background, and the next run's collides with it.
cleanup() {
  [ -z "$installing" ] || kill -- -"$installing" 2>/dev/null || true
  rm -f "$log" "$install_log"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# The installs wait on the network more than the CPU: they run beside the lints, and the tests
# wait for them. In a session of their own, so that the cleanup above reaches every process
# they start.
if [ "$mode" = all ]; then
  setsid "$here/scripts/test.sh" --install-only > "$install_log" 2>&1 &
  installing=$!
fi
installed() {
  [ -n "$installing" ] || return 0
  local rc=0
  wait "$installing" || rc=$?
  installing=""
  cat "$install_log"
  return $rc
}

status=0
# Four test threads on any machine: most tests wait on a server process, so more threads than
# cores finish sooner (the e2e suite: 90 s with 2, 50 s with 4 on a 2-core machine), and
# four leave the timing assertions of the fault tests their margin (with 10 they fail).
export RUST_TEST_THREADS=${RUST_TEST_THREADS:-4}
# Clippy's lints run while the tests build, not in a `cargo clippy` of their own: clippy-driver
# compiles our crates in rustc's place (cargo's RUSTC_WORKSPACE_WRAPPER, as `cargo clippy`
# sets it; CLIPPY_ARGS is how cargo-clippy hands it its arguments), so each dependency is
# compiled once, for the tests, not once more in check mode. The run keeps the same two
# variables, or cargo would compile our crates again.
lint=()
if [ "$mode" = all ]; then
  lint=(RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver)"
        CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__")
fi
# Every feature, so the tests build all that clippy is to lint. The corpus crates compile the
# bindings of every corpus snapshot under #![deny(warnings)] (and the 2024 one a doc example per
# server): the quick loop leaves them out, as they run nothing a change to the runtime or the
# generator needs to see at once (the goldens compile generated code against the runtime in
# the loop too), and their builds were a third of a re-run's time.
cargo_test() {
  local skip=()
  [ "$mode" = all ] || skip=(--exclude mcp-toolset-corpus-2021 --exclude mcp-toolset-corpus)
  env "${lint[@]}" cargo test --workspace --all-features "${skip[@]}" "$@"
}
# The benches too, as `cargo clippy --all-targets` would (built as tests, never run here).
lint_build() { cargo_test --no-run -q && cargo_test --no-run -q --benches; }
run_tests() { cargo_test "$@" 2>&1 | tee "$log"; }

[ "$mode" = all ] && disk
if [ "$mode" = all ]; then
  stage "cargo fmt --check" cargo fmt --all -- --check || status=$?
  [ "$status" -eq 0 ] && { stage "cargo test --no-run, clippy -D warnings" lint_build || status=$?; }
fi
installed || status=$?
[ "$status" -eq 0 ] && { stage "cargo test --workspace $*" run_tests "$@" || status=$?; }
[ "$mode" = all ] && [ "$status" -eq 0 ] && { stage "feature matrix" feature_matrix || status=$?; }
# Generated bindings document cleanly: the goldens and every corpus snapshot, and our crates.
# target/doc starts empty: rustdoc never deletes the search-index shards of earlier runs, and
# every crate it documents reads and rewrites all of them (the corpus's make that hundreds of
# MB: a re-run's docs took 183 s with them and 41 s without).
# The lint variables again: they are part of what cargo keys our crates' builds by, so with
# them (and tests/corpus-bindings holding bitflags' build-side features to the test build's)
# the docs reuse the test build's mcp-codegen for the build scripts and their output.
docs() {
  rm -rf target/doc
  env "${lint[@]}" cargo doc --no-deps -q --lib --all-features -p mcp-runtime -p mcp-codegen -p mcp-codegen-cli -p mcp-macros \
    -p mcp-toolset-goldens -p mcp-toolset-corpus
}
if [ "$mode" = all ]; then
  [ "$status" -eq 0 ] && { RUSTDOCFLAGS="-D warnings" stage "cargo doc (RUSTDOCFLAGS=-D warnings)" \
    docs || status=$?; }
  [ "$status" -eq 0 ] && { stage "cargo package" package || status=$?; }
fi
[ "$mode" = all ] && disk
# One closing line for the whole workspace (cargo prints one per test binary and doc pass).
awk '/^test result:/ { p += $4; f += $6; i += $8 }
     END { printf "%d passed, %d failed, %d ignored\n", p, f, i }' "$log"
exit "$status"
