#!/usr/bin/env bash
# Each target of Package.swift declares exactly the modules its Swift files import: no import of
# a project module or package product it does not declare (it would build only through another
# target's dependency), and no declared dependency it does not import. Modules that are neither
# a target of the package nor a product named in it (Foundation, Glibc, Testing, …) are the
# toolchain's and not checked. Exits 1 naming each mismatch. No network, no build.
#
# `scripts/check-imports.sh [PACKAGE_DIR]` (default: the repository this script is in).
set -euo pipefail
here=$(cd "${1:-$(dirname "$0")/..}" && pwd)
exec python3 - "$here" <<'PY'
import os
import re
import sys

root = sys.argv[1]
text = open(os.path.join(root, "Package.swift"), encoding="utf-8").read()
# Comments out, so that a target named in a comment is not read as one.
text = re.sub(r"//[^\n]*", "", text)


def call_body(source, start):
    """The text between the parenthesis at `start` and the one that closes it."""
    depth = 0
    for i in range(start, len(source)):
        if source[i] == "(":
            depth += 1
        elif source[i] == ")":
            depth -= 1
            if depth == 0:
                return source[start + 1 : i]
    raise SystemExit("check-imports: unbalanced parentheses in Package.swift")


def bracket_body(source, key):
    """The text of `key: [ ... ]` in a call's body, or None."""
    m = re.search(r"\b" + key + r"\s*:\s*\[", source)
    if not m:
        return None
    depth = 0
    for i in range(m.end() - 1, len(source)):
        if source[i] == "[":
            depth += 1
        elif source[i] == "]":
            depth -= 1
            if depth == 0:
                return source[m.end() : i]
    raise SystemExit("check-imports: unbalanced brackets in Package.swift")


targets = []
for m in re.finditer(r"\.(target|executableTarget|testTarget|systemLibrary)\s*\(", text):
    kind = m.group(1)
    body = call_body(text, m.end() - 1)
    name = re.search(r'\bname\s*:\s*"([^"]+)"', body).group(1)
    path = re.search(r'\bpath\s*:\s*"([^"]+)"', body)
    deps = bracket_body(body, "dependencies") or ""
    products = set(re.findall(r'\.product\s*\(\s*name\s*:\s*"([^"]+)"', deps))
    plain = set(re.findall(r'"([^"]+)"', re.sub(r"\.product\s*\([^)]*\)", "", deps)))
    default = ("Tests/" if kind == "testTarget" else "Sources/") + name
    targets.append(
        {
            "kind": kind,
            "name": name,
            "path": path.group(1) if path else default,
            "targets": plain,
            "products": products,
        }
    )

names = {t["name"] for t in targets}
# A dependency named by a plain string that is no target is a product by name.
for t in targets:
    t["products"] |= t["targets"] - names
    t["targets"] &= names
products = set().union(*(t["products"] for t in targets))
checked = names | products

import_line = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
    re.M,
)

problems = []
for t in targets:
    if t["kind"] == "systemLibrary":
        continue
    folder = os.path.join(root, t["path"])
    if not os.path.isdir(folder):
        problems.append(f"{t['name']}: its folder {t['path']} is missing")
        continue
    imports = {}
    for dirpath, _, files in os.walk(folder):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(dirpath, file)
            source = open(path, encoding="utf-8").read()
            for module in import_line.findall(source):
                if module in checked:
                    imports.setdefault(module, os.path.relpath(path, root))
    declared = t["targets"] | t["products"]
    for module in sorted(set(imports) - declared):
        problems.append(f"{t['name']}: imports {module} ({imports[module]}) but does not declare it")
    for module in sorted(declared - set(imports)):
        problems.append(f"{t['name']}: declares {module} but imports it nowhere")

for problem in problems:
    print(f"check-imports: {problem}", file=sys.stderr)
sys.exit(1 if problems else 0)
PY
