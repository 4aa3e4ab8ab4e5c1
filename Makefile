# agent-operators: every target brings what it needs (Node 24 where the machine's Node is older,
# npm packages, the Go-built control plane in a cache outside the clone).
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

NODE_BIN := $(shell scripts/ensure-node.sh)
export PATH := $(if $(NODE_BIN),$(NODE_BIN):,)$(PATH)
CONTROL_PLANE_BUILD := packages/testing/scripts/build-control-plane.sh
NODE := node --disable-warning=ExperimentalWarning

.PHONY: help deps binaries lint typecheck generate check-generated build test test-unit test-integration \
	test-e2e demo cluster-up cluster-down bench

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | column -t -s $$'\t'

node_modules/.installed: package.json package-lock.json packages/*/package.json operators/*/package.json
	npm ci --no-audit --no-fund
	@touch $@

deps: node_modules/.installed ## Install npm packages (and Node 24 if needed)

binaries: ## Build the local control plane (kube-apiserver, etcd, kwok, ...) into the cache, if missing
	@bash $(CONTROL_PLANE_BUILD)

lint: deps ## ESLint (with the reconcile guard) and Prettier
	npx eslint --max-warnings=0 .
	npx prettier --check .

typecheck: deps ## Type-check every package
	npx tsc -p tsconfig.json

generate: deps ## Regenerate CRDs, API reference and condition docs from the schemas
	@for g in operators/*/scripts/generate.ts; do [ -f "$$g" ] && $(NODE) "$$g"; done; true

check-generated: deps ## Fail when generated files drift from their sources
	@for g in operators/*/scripts/generate.ts; do [ -f "$$g" ] && $(NODE) "$$g" --check; done; true

build: typecheck ## Type-check (Node 24 runs the TypeScript sources directly)

test: deps binaries lint typecheck check-generated test-unit test-integration test-e2e ## Everything a contributor must pass

test-unit: deps ## Unit tests (no server)
	npx vitest run --project unit

test-integration: deps binaries ## Integration tests on a real etcd + kube-apiserver
	npx vitest run --project integration

test-e2e: deps binaries ## End-to-end tests on the kwok cluster
	npx vitest run --project e2e

demo: deps binaries ## Show the operators working (USE_CURRENT_CONTEXT=1 to use your kubeconfig)
	$(NODE) scripts/demo.ts

cluster-up: deps binaries ## Start a long-lived local cluster (kwok nodes) and print how to use it
	$(NODE) packages/testing/src/cli.ts up

cluster-down: deps ## Stop the cluster started by cluster-up
	$(NODE) packages/testing/src/cli.ts down

bench: deps binaries ## Run the benchmarks and print their numbers (see docs/benchmarks.md)
	$(NODE) scripts/bench.ts
