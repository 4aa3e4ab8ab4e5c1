#!/usr/bin/env bash
# Builds the local Kubernetes control plane from Go modules into a cache keyed by version.
# Only missing binaries are built; a second run is a no-op. See ../../../docs/local-control-plane.md.
set -euo pipefail

K8S_VERSION="${K8S_VERSION:-v1.37.2}"
ETCD_VERSION="${ETCD_VERSION:-v3.7.3}"
KWOK_VERSION="${KWOK_VERSION:-v0.8.0}"
CACHE_ROOT="${AGENT_OPERATORS_CACHE:-$HOME/.cache/agent-operators}"
BIN_DIR="${CACHE_ROOT}/k8s-${K8S_VERSION}-etcd-${ETCD_VERSION}-kwok-${KWOK_VERSION}/bin"
WORK_DIR="${CACHE_ROOT}/build"

if [[ "${1:-}" == "--print-bin-dir" ]]; then echo "$BIN_DIR"; exit 0; fi

command -v go >/dev/null || { echo "build-control-plane: Go 1.26+ is required to build the local control plane (https://go.dev/dl)" >&2; exit 1; }
mkdir -p "$BIN_DIR" "$WORK_DIR"
export GOFLAGS="${GOFLAGS:--buildvcs=false} -trimpath"
export CGO_ENABLED=0

K8S_BINS=(kube-apiserver kube-controller-manager kube-scheduler kubectl)
missing=()
for b in "${K8S_BINS[@]}" etcd kwok; do [[ -x "$BIN_DIR/$b" ]] || missing+=("$b"); done
[[ -s "$BIN_DIR/kwok-stages.yaml" ]] || missing+=(kwok-stages)
if [[ ${#missing[@]} -eq 0 ]]; then echo "control plane binaries ready in $BIN_DIR"; exit 0; fi
echo "building control plane binaries into $BIN_DIR: ${missing[*]} (a cold build takes several minutes)"

needs() { [[ " ${missing[*]} " == *" $1 "* ]]; }

# Runs one build step while printing the elapsed time every 20 s, since a cold build is slow.
build_step() {
  local name="$1"; shift
  local start=$SECONDS
  echo "==> $name: building"
  ( while sleep 20; do echo "    $name: still building ($((SECONDS - start)) s)"; done ) &
  local ticker=$!
  if ! "$@" > "$WORK_DIR/$name.log" 2>&1; then
    kill "$ticker" 2>/dev/null || true
    echo "==> $name: FAILED after $((SECONDS - start)) s; last lines of $WORK_DIR/$name.log:" >&2
    tail -n 40 "$WORK_DIR/$name.log" >&2
    exit 1
  fi
  kill "$ticker" 2>/dev/null || true
  wait "$ticker" 2>/dev/null || true
  echo "==> $name: done in $((SECONDS - start)) s"
}

# A wrapper module that requires a module whose go.mod replaces its own sub-modules with local
# folders, and pins each of those to its published version instead.
make_wrapper() {
  local dir="$1" module="$2" version="$3" prefix="$4" subversion="$5"
  mkdir -p "$dir"
  local gomod
  gomod=$(go mod download -json "$module@$version" | sed -n 's/.*"GoMod": "\(.*\)",/\1/p')
  {
    echo "module local/wrapper"
    echo
    echo "go 1.26"
    echo
    echo "require $module $version"
    echo
    grep -E "^\s+${prefix}[^ ]* => \./" "$gomod" | awk -v v="$subversion" '{print "replace " $1 " => " $1 " " v}'
  } > "$dir/go.mod"
  echo "package wrapper" > "$dir/wrapper.go"
  (cd "$dir" && go mod tidy >/dev/null 2>&1 || true)
}

K8S_MINOR="${K8S_VERSION#v1.}"; K8S_MINOR="${K8S_MINOR%%.*}"
STAGING_VERSION="v0.${K8S_VERSION#v1.}"
LDFLAGS="-s -w -X k8s.io/component-base/version.gitVersion=${K8S_VERSION} -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=${K8S_MINOR} -X k8s.io/component-base/version.gitTreeState=clean -X k8s.io/client-go/pkg/version.gitVersion=${K8S_VERSION} -X k8s.io/client-go/pkg/version.gitMajor=1 -X k8s.io/client-go/pkg/version.gitMinor=${K8S_MINOR}"

k8s_dir="$WORK_DIR/k8s-$K8S_VERSION"
build_k8s() {
  make_wrapper "$k8s_dir" k8s.io/kubernetes "$K8S_VERSION" "k8s.io/" "$STAGING_VERSION"
  cd "$k8s_dir"
  # Resolve the full module graph for the commands we build (tidy cannot see them from wrapper.go).
  cat > tools.go <<GO
//go:build tools
package wrapper
import (
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager"
	_ "k8s.io/kubernetes/cmd/kube-scheduler"
	_ "k8s.io/kubernetes/cmd/kubectl"
)
GO
  go mod tidy
  local b
  for b in "${K8S_BINS[@]}"; do
    if needs "$b"; then
      go build -ldflags "$LDFLAGS" -o "$BIN_DIR/$b.tmp" "k8s.io/kubernetes/cmd/$b" && mv "$BIN_DIR/$b.tmp" "$BIN_DIR/$b"
      echo "    built $b ($((SECONDS - step_start)) s so far)"
    fi
  done
}

etcd_dir="$WORK_DIR/etcd-$ETCD_VERSION"
build_etcd() {
  make_wrapper "$etcd_dir" go.etcd.io/etcd/server/v3 "$ETCD_VERSION" "go.etcd.io/etcd/" "$ETCD_VERSION"
  cd "$etcd_dir"
  cat > tools.go <<GO
//go:build tools
package wrapper
import _ "go.etcd.io/etcd/server/v3"
GO
  go mod tidy
  go build -ldflags "-s -w" -o "$BIN_DIR/etcd.tmp" go.etcd.io/etcd/server/v3 && mv "$BIN_DIR/etcd.tmp" "$BIN_DIR/etcd"
}

# kwok's own stage definitions (nodes Ready with lease heartbeats, pods Ready/Complete/deleted,
# PVCs provisioned and bound for StorageClass kwok-volume), taken from the module we built.
build_kwok_stages() {
  local dir
  dir=$(go mod download -json "sigs.k8s.io/kwok@$KWOK_VERSION" | sed -n 's/.*"Dir": "\(.*\)",/\1/p')
  local out="$BIN_DIR/kwok-stages.yaml.tmp"
  : > "$out"
  local f
  for f in "$dir"/kustomize/stage/node/fast/node-*.yaml "$dir"/kustomize/stage/node/heartbeat-with-lease/node-*.yaml \
    "$dir"/kustomize/stage/pod/fast/pod-*.yaml "$dir"/kustomize/stage/volume/fast/p*.yaml; do
    echo "---" >> "$out"; cat "$f" >> "$out"
  done
  mv "$out" "$BIN_DIR/kwok-stages.yaml"
}

build_kwok() {
  GOBIN="$WORK_DIR/kwok-$KWOK_VERSION" go install -ldflags "-s -w -X sigs.k8s.io/kwok/pkg/consts.Version=${KWOK_VERSION#v}" "sigs.k8s.io/kwok/cmd/kwok@$KWOK_VERSION"
  mv "$WORK_DIR/kwok-$KWOK_VERSION/kwok" "$BIN_DIR/kwok"
}

total_start=$SECONDS
if needs etcd; then step_start=$SECONDS; build_step etcd build_etcd; fi
if needs kwok; then step_start=$SECONDS; build_step kwok build_kwok; fi
if needs kwok-stages; then step_start=$SECONDS; build_step kwok-stages build_kwok_stages; fi
for b in "${K8S_BINS[@]}"; do
  if needs "$b"; then step_start=$SECONDS; build_step "kubernetes-$K8S_VERSION" build_k8s; break; fi
done
echo "control plane binaries built in $((SECONDS - total_start)) s into $BIN_DIR"
