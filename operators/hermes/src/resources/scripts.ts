// Scripts the operator's helper containers run, shipped in the config ConfigMap (so an operator
// upgrade that changes them rolls the pod through the config hash). Inputs come from files and
// environment variables, never from string interpolation, so user values cannot inject code.

/** Where the config ConfigMap (and the user's config ConfigMap key) is mounted in init containers. */
export const CONFIG_MOUNT = '/hermes-operator/config';
export const WORKSPACE_MOUNT = '/hermes-operator/workspace';
export const WORKSPACE_REFS_MOUNT = '/hermes-operator/workspace-refs';

/**
 * config-init (agent image, python3 from its venv, which has PyYAML): checks required tools,
 * creates directories, seeds config.yaml (merge: deep-merge over the file on the volume, operator
 * keys win; overwrite: replace), writes honcho.json, and builds the CA bundle.
 */
export const CONFIG_INIT_PY = `"""config-init (hermes-operator): prepares $HERMES_HOME before the agent starts."""
import json
import os
import shutil
import sys
import tempfile

import yaml

SRC = os.environ.get("HERMES_OPERATOR_CONFIG_DIR", "${CONFIG_MOUNT}")
HOME = os.environ.get("HERMES_HOME", "/opt/data")
TOOLS = {"ffmpeg": "runtime.ffmpeg", "rg": "runtime.ripgrep"}


def fail(message):
    print("config-init: " + message, file=sys.stderr)
    sys.exit(1)


def load(path):
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        data = yaml.safe_load(f)
    if data is None:
        return {}
    if not isinstance(data, dict):
        fail(path + " must hold a YAML mapping")
    return data


def merge(base, over):
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def write(path, text, mode):
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".hermes-operator-")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(tmp, mode)
    os.replace(tmp, path)


for tool in os.environ.get("HERMES_REQUIRED_TOOLS", "").split():
    if shutil.which(tool) is None:
        fail(tool + " is not in the agent image; use an image that has it or set spec." + TOOLS.get(tool, tool) + ".enabled: false")

for rel in json.loads(os.environ.get("HERMES_INIT_DIRS", "[]")):
    os.makedirs(os.path.join(HOME, rel), exist_ok=True)

user = load(os.path.join(SRC, "config.yaml"))
operator = load(os.path.join(SRC, "operator.yaml")) or {}
if user is not None or operator:
    desired = merge(operator, user or {})
    target = os.path.join(HOME, "config.yaml")
    current = load(target) if os.environ.get("HERMES_CONFIG_MERGE_MODE", "merge") == "merge" else None
    result = merge(current, desired) if current else desired
    write(target, yaml.safe_dump(result, sort_keys=False, allow_unicode=True), 0o600)
    print("config-init: wrote " + target)

honcho = os.path.join(SRC, "honcho.json")
if os.path.exists(honcho):
    with open(honcho, encoding="utf-8") as f:
        write(os.path.join(HOME, "honcho.json"), f.read(), 0o600)

extra, out = os.environ.get("HERMES_CA_EXTRA"), os.environ.get("HERMES_CA_OUT")
if extra and out:
    parts = []
    for path in ("/etc/ssl/certs/ca-certificates.crt", extra):
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                parts.append(f.read().strip())
    write(out, "\\n".join(parts) + "\\n", 0o644)
`;

/**
 * workspace-init (agent image): seeds files from the workspace ConfigMap (keys listed in its
 * manifest.json with their paths) and from workspace.configMapRefs, then creates directories.
 * IfMissing never touches an existing path (not even a dangling symlink); Always replaces the
 * path itself. Symlinks are never followed.
 */
export const WORKSPACE_INIT_PY = `"""workspace-init (hermes-operator): seeds workspace files into $HERMES_HOME."""
import json
import os
import sys
import tempfile

SRC = os.environ.get("HERMES_OPERATOR_WORKSPACE_DIR", "${WORKSPACE_MOUNT}")
REFS = os.environ.get("HERMES_OPERATOR_WORKSPACE_REFS_DIR", "${WORKSPACE_REFS_MOUNT}")
HOME = os.environ.get("HERMES_HOME", "/opt/data")


def fail(message):
    print("workspace-init: " + message, file=sys.stderr)
    sys.exit(1)


def safe(rel):
    parts = rel.split("/")
    if rel.startswith("/") or ".." in parts:
        fail("refusing path " + rel)
    return os.path.join(HOME, *parts)


with open(os.path.join(SRC, "manifest.json"), encoding="utf-8") as f:
    manifest = json.load(f)
policy = manifest.get("policy", "IfMissing")


def seed(rel, source, mode):
    dest = safe(rel)
    if policy == "IfMissing" and os.path.lexists(dest):
        return
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(source, "rb") as f:
        content = f.read()
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(dest), prefix=".hermes-operator-")
    with os.fdopen(fd, "wb") as f:
        f.write(content)
    os.chmod(tmp, mode)
    os.replace(tmp, dest)
    print("workspace-init: wrote " + rel)


for rel in manifest.get("directories", []):
    os.makedirs(safe(rel), exist_ok=True)

if os.path.isdir(REFS):
    for ref in sorted(os.listdir(REFS)):
        folder = os.path.join(REFS, ref)
        for key in sorted(os.listdir(folder)):
            if not key.startswith(".."):
                seed(key, os.path.join(folder, key), 0o644)

for item in manifest.get("files", []):
    seed(item["path"], os.path.join(SRC, item["key"]), item.get("mode", 0o644))
`;

/**
 * runtime-init (uv image with the agent's Python minor version): installs runtime.pipPackages
 * into $HERMES_HOME/.runtime/python<version>, which the agent has on PYTHONPATH. Skipped when the
 * installed set already matches; a failed install leaves the previous set in place.
 */
export const RUNTIME_INIT_SH = `set -eu
target="$HERMES_HOME/.runtime/python$RUNTIME_PYTHON_VERSION"
stamp="$target/.hermes-operator-requirements"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$RUNTIME_REQUIREMENTS" ]; then
  echo "runtime-init: packages up to date"
  exit 0
fi
rm -rf "$target.new"
mkdir -p "$target.new"
printf '%s\\n' "$RUNTIME_REQUIREMENTS" > /tmp/requirements.txt
uv pip install --no-cache --python "python$RUNTIME_PYTHON_VERSION" --target "$target.new" -r /tmp/requirements.txt
printf '%s' "$RUNTIME_REQUIREMENTS" > "$target.new/.hermes-operator-requirements"
rm -rf "$target"
mv "$target.new" "$target"
echo "runtime-init: installed into $target"
`;

/** ollama sidecar: serve, then pull the configured models (one per line in OLLAMA_PULL_MODELS). */
export const OLLAMA_START_SH = `ollama serve &
pid=$!
trap 'kill -TERM "$pid"' TERM INT
until ollama list >/dev/null 2>&1; do sleep 1; done
printf '%s\\n' "$OLLAMA_PULL_MODELS" | while IFS= read -r model; do
  [ -n "$model" ] && { ollama pull "$model" || echo "ollama: pulling $model failed" >&2; }
done
wait "$pid"
`;
