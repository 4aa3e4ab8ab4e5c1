#!/usr/bin/env bash
# Prints a directory holding a Node.js >= 22.12 binary to put first on PATH, or nothing when the
# node already on PATH is new enough. Older machines get Node 24 LTS from the npm registry (the
# node-<os>-<arch> packages carry the official binary), installed into a cache outside the clone.
set -euo pipefail
NODE_VERSION="${AGENT_OPERATORS_NODE_VERSION:-24.22.3}"
CACHE_ROOT="${AGENT_OPERATORS_CACHE:-$HOME/.cache/agent-operators}"

if command -v node >/dev/null 2>&1; then
  if node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>22||(a===22&&b>=12)?0:1)'; then
    exit 0
  fi
fi
case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "unsupported OS $(uname -s)" >&2; exit 1 ;; esac
case "$(uname -m)" in x86_64|amd64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) echo "unsupported CPU $(uname -m)" >&2; exit 1 ;; esac
pkg="node-${os}-${arch}"
dir="$CACHE_ROOT/node-v$NODE_VERSION"
bin="$dir/node_modules/$pkg/bin"
if [[ ! -x "$bin/node" ]]; then
  command -v npm >/dev/null 2>&1 || { echo "ensure-node: npm is needed to fetch Node $NODE_VERSION" >&2; exit 1; }
  echo "ensure-node: installing Node $NODE_VERSION ($pkg) into $dir" >&2
  mkdir -p "$dir"
  npm install --silent --no-save --no-package-lock --no-audit --no-fund --prefix "$dir" "$pkg@$NODE_VERSION" >&2
fi
echo "$bin"
