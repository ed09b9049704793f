"""Every package the extension imports is declared in pyproject.toml: one that is there only
because a dependency happens to bring it along breaks the day that dependency stops."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "jupyterlab_gptinterp"
# Imported only where present, with a fallback: the file previews' child process runs pandas, and
# PyYAML for a .yaml file (a file it cannot read is said to need it).
OPTIONAL = {"pandas", "yaml"}


def _name(requirement: str) -> str:
    return re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _imported_modules() -> set[str]:
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        if "labextension" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return found - set(sys.stdlib_module_names) - {"jupyterlab_gptinterp"}


def test_every_imported_package_is_a_declared_dependency():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    # An optional feature's imports are declared by its extra (each imports them where it is used).
    declared = {_name(r) for r in project["dependencies"] + extras["local"] + extras["mcp"]}
    distributions = importlib.metadata.packages_distributions()
    imported = _imported_modules()
    assert {"tornado", "traitlets", "pydantic", "jupyter_server"} <= imported  # the scan sees imports
    missing = {}
    for module in imported - OPTIONAL:
        dists = distributions.get(module, [module])
        if not {_name(d) for d in dists} & declared:
            missing[module] = dists
    assert not missing, f"imported but not declared in pyproject.toml: {missing}"
