"""An id given where a question asks which thing: the name is in another table; a row's label
given where it asks which group.

A question that asks which vessel, route or member wants its name; a small model groups by the
id column it finds first and answers with `V4`. When a described table gives that id a name, the
check says where to look it up. Known by the columns' names and values, never by any data's.
"""

from __future__ import annotations

import ast
import re

from ..seams import FileProfile, TableProfile
from .names import parsed
from .preview import words

_ASKS_WHICH = re.compile(r"\b(?:which|who|whose|what)\b", re.IGNORECASE)
_NAMES = {"name", "title", "label", "description", "desc"}


def _is_id(column: str) -> bool:
    parts = words(column)
    return bool(parts) and (parts[-1] in ("id", "code", "key") or (len(parts) == 1 and parts[0].endswith("id")))


# The lines pandas prints under a Series: no value of it.
_FOOTER = re.compile(r"^(?:Name: .*|Length: .*|dtype: \w+|.*, dtype: \w+)$")


def _mixed(value: str) -> bool:
    return bool(re.search(r"[A-Za-z]", value) and re.search(r"\d", value))


def _shape(value: str) -> str:
    return re.sub(r"[A-Za-z]+", "a", re.sub(r"\d+", "9", value))


def _where(f: FileProfile, t: TableProfile) -> str:
    return f"table {t.name!r} of {f.name}" if t.name else f.name


def id_for_name(question: str, code: str, printed: str, files: list[FileProfile]) -> str:
    """A note when the last value `printed` looks like a value of an id column the code used, the
    question asks which thing (and no id), and another described table has that id column and a
    name for it the code never used; else ""."""
    if not _ASKS_WHICH.search(question) or {"id", "ids", "code", "codes"} & set(words(question)):
        return ""
    lines = [line.strip() for line in printed.splitlines() if line.strip() and not _FOOTER.match(line.strip())]
    tokens = [w.strip("'\".,:;()[]") for w in lines[-1].split()] if lines else []
    tables = [(f, t) for f in files for t in f.tables]
    for _, t in tables:
        for c in t.columns:
            if not _is_id(c.name) or not re.search(rf"['\"]{re.escape(c.name)}['\"]", code):
                continue
            known = [*c.samples, *c.values]
            # A number may be any count: only an id of letters and digits is known by its shape.
            value = next(
                (w for w in tokens if w in known or (_mixed(w) and any(_shape(w) == _shape(k) for k in known))), ""
            )
            if not value:
                continue
            for g, u in tables:
                if u is t or not any(words(o.name) == words(c.name) for o in u.columns):
                    continue
                named = [o for o in u.columns if o.dtype == "text" and _NAMES & set(words(o.name))]
                if named and not any(re.search(rf"['\"]{re.escape(o.name)}['\"]", code) for o in named):
                    return (
                        f"the result {value!r} looks like a value of {c.name!r}, an id, and the question asks which "
                        f"one, by name. {_where(g, u)} gives each {c.name!r} its {named[0].name!r}: look the id up "
                        "there (merge on it) and answer with the name."
                    )
    return ""


# Group methods that give a value per row, under the row's own index (not one per group), and
# what keeps that index after them (a value each, a selection of rows).
_PER_ROW = {"diff", "shift", "transform", "cumsum", "cumcount", "cummax", "cummin", "rank", "pct_change"}
_KEEPS_INDEX = {"total_seconds", "abs", "fillna", "astype", "round", "clip", "dropna", "div", "mul", "sub", "add"}
_ARG_EXTREMES = ("idxmax", "idxmin")
_ROW_LABEL = (
    "`{call}` gives the index label of one row, not a group: `.groupby(...).{how}()` keeps each row's own index "
    "(row numbers). For the group, reduce to one value per group first (`.groupby(key)[col].agg(...)`, e.g. "
    "lambda s: s.max() - s.min()), then `.idxmax()`; or look the row up: `df.loc[label, key]`."
)


def _per_row(node: ast.AST, known: dict[str, str]) -> str:
    """The per-row group method whose rows' index `node`'s value still has ("" if none): walked from
    the outermost call in, through what keeps the index; `known`: names assigned such values."""
    while True:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            inner = ast.unparse(node.func.value)
            if node.func.attr in _PER_ROW:
                keyed = ".set_index(" in inner or "level=" in inner or ".groupby(" not in inner
                return "" if keyed else node.func.attr
            if node.func.attr not in _KEEPS_INDEX:
                return ""
            node = node.func.value
        elif isinstance(node, ast.Attribute) and node.attr in ("dt", "str"):
            node = node.value
        elif isinstance(node, ast.Subscript):  # rows picked by a mask keep their labels
            node = node.value
        else:
            return known.get(node.id, "") if isinstance(node, ast.Name) else ""


def row_label(question: str, code: str) -> str:
    """A note when a question asks which thing and the code takes idxmax/idxmin of a per-row group
    result (its index is the rows', a row number) without looking the row up; else ""."""
    tree = parsed(code)
    if tree is None or not _ASKS_WHICH.search(question) or "index_col=" in code:
        return ""
    known: dict[str, str] = {}
    for n in sorted((n for n in ast.walk(tree) if isinstance(n, ast.Assign)), key=lambda n: n.lineno):
        if len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            known[n.targets[0].id] = _per_row(n.value, known)
    # A label looked up (`df.loc[gaps.idxmax(), 'name']`, or by a name it was given) is the right use of it.
    looked_up = {id(n) for s in ast.walk(tree) if isinstance(s, ast.Subscript) for n in ast.walk(s.slice)}
    keys = {
        n.id
        for s in ast.walk(tree)
        if isinstance(s, ast.Subscript)
        for n in ast.walk(s.slice)
        if isinstance(n, ast.Name)
    }
    labels = {
        t.id
        for n in ast.walk(tree)
        if isinstance(n, ast.Assign)
        for t in n.targets
        if isinstance(t, ast.Name) and t.id in keys
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in labels for t in node.targets):
            looked_up |= {id(n) for n in ast.walk(node.value)}
    for node in ast.walk(tree):
        if id(node) in looked_up:
            continue
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _ARG_EXTREMES:
            if how := _per_row(node.func.value, known):
                return _ROW_LABEL.format(call=ast.unparse(node), how=how)
    return ""
