#!/usr/bin/env bash
# Measures `mcp-codegen audit` on poisoned tools written by other people: VIGIL
# (https://github.com/Touring-686/VIGIL), a benchmark of tool poisoning on AgentDojo's suites.
# Its data is not in this repository; this fetches it at a pinned commit into a scratch
# directory, puts each distinct text in a one-tool snapshot and counts the ones the default
# audit fails (exit 1):
#   - injection vectors: the strings its attack files define in `INJECTION_VECTORS`;
#   - look-alike tools: the docstrings of the functions in its Type II and Type III tool files.
# Placeholders such as `{MALICIOUS_CITY}` are filled with a fixed value.
#
#   scripts/audit-vigil.sh [SCRATCH_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scratch=${1:-$(mktemp -d)}
commit=e6d06b163d34cf8fd44b4fdf6c481cc82f17051b
if [ ! -d "$scratch/vigil/.git" ]; then
  git clone -q https://github.com/Touring-686/VIGIL "$scratch/vigil"
fi
git -C "$scratch/vigil" checkout -q "$commit"
cargo build -q -p mcp-codegen-cli
codegen="${CARGO_TARGET_DIR:-$root/target}/debug/mcp-codegen"
rm -rf "$scratch/snapshots" && mkdir -p "$scratch/snapshots/vector" "$scratch/snapshots/doc"
python3 - "$scratch/vigil/src/agentdojo/adverseral_tool" "$scratch/snapshots" <<'PY'
import ast, json, pathlib, re, sys
source, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
seen, count = set(), {"vector": 0, "doc": 0}

def text_of(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(p.value if isinstance(p, ast.Constant) else "{X}" for p in node.values)
    return None

def write(kind, tool, text):
    text = re.sub(r"\{[A-Za-z_]+\}", "attacker-value", text.strip())
    if len(text) <= 40 or text in seen:
        return
    seen.add(text)
    count[kind] += 1
    name = re.sub(r"[^A-Za-z0-9_]", "_", tool)[:60] or "tool"
    snapshot = {"format": 1, "server": {"name": "vigil", "version": "external"},
                "tools": [{"name": name, "description": text,
                           "inputSchema": {"type": "object", "properties": {}}}]}
    path = out / kind / f"{count[kind]:03d}-{name}.json"
    path.write_text(json.dumps(snapshot, indent=1))

for file in sorted(source.rglob("*.py")):
    tree = ast.parse(file.read_text())
    look_alike = re.search(r"type_(ii|iii)_[ab]\.py$", file.name)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            named = any(isinstance(t, ast.Name) and "VECTOR" in t.id.upper() for t in targets)
            if named and isinstance(node.value, ast.Dict):
                for key, value in zip(node.value.keys, node.value.values):
                    text = text_of(value)
                    if text:
                        write("vector", str(getattr(key, "value", "tool")), text)
        if look_alike and isinstance(node, ast.FunctionDef):
            doc = ast.get_docstring(node)
            if doc:
                write("doc", node.name, doc)
PY
for kind in vector doc; do
  total=0 caught=0
  for f in "$scratch/snapshots/$kind"/*.json; do
    total=$((total + 1))
    "$codegen" audit "$f" > /dev/null 2>&1 || caught=$((caught + 1))
  done
  echo "$kind: $caught of $total fail the default audit"
done
