"""JSON (and JSON lines) and YAML: the table of records in them, flattened where nested, with a second
table of a record's items where records hold lists of records.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

from . import trees
from .frames import columns_of, table_profile
from .kinds import MAX_COLUMNS, MAX_ROWS, OPENERS, YAML_SUFFIXES, file_kind, first_lines, load_pandas, open_file

WHOLE_LINES_BYTES = 20_000_000  # JSON lines files up to this size are read whole (their fields may change)
MAX_YAML = 2_000_000  # bytes of YAML parsed


# JSON assigned to a name in a line of JavaScript (`window.YTD.tweets.part0 = [`, `var data = {`): how
# web apps' data exports and JSONP files hold their data. Only the name and '=' come before it.
_ASSIGNED = re.compile(r"\A\s*(?:(?:var|let|const)\s+)?[A-Za-z_$][\w$.]*\s*=\s*(?=[\[{])")


def assigned_json(path: Path) -> bool:
    """Whether a file is JSON assigned to a name in JavaScript (read as JSON after the '=')."""
    with open_file(path) as f:
        return bool(_ASSIGNED.match(f.read(400).decode("utf-8", errors="replace")))


def _tree(path: Path) -> tuple[Any, str]:
    """(the parsed JSON or YAML, the expression that parses it in a cell)."""
    module, opener = OPENERS.get(path.suffix.lower(), ("", "open({})"))
    handle = opener.format(repr(path.name))
    with open_file(path) as f:
        raw = f.read()
    if file_kind(path) in YAML_SUFFIXES:
        import yaml

        if len(raw) > MAX_YAML:  # PyYAML reads a few hundred KB a second
            raise ValueError(f"a YAML file over {MAX_YAML // 1_000_000} MB is not parsed here")
        return yaml.safe_load(raw), f"yaml.safe_load({handle})"
    text = raw.decode("utf-8", errors="replace")
    if m := _ASSIGNED.match(text):
        body = text[m.end() :].strip().removesuffix(";")
        read = f"{handle}.read().decode('utf-8')" if module else f"{handle}.read()"  # a compressed file gives bytes
        return json.loads(body), f"json.loads({read}.split('=', 1)[1].strip().removesuffix(';'))"
    return json.loads(text), f"json.load({handle})"


def _records_load(name: str, path: Path) -> tuple[str, Any, list[str], dict[str, Any]]:
    pd = load_pandas()
    if file_kind(path) in (".jsonl", ".ndjson"):
        # Read whole when not large: records written over months change their fields part-way
        # (a field renamed by a software update), which the first rows never show.
        whole = path.stat().st_size <= WHOLE_LINES_BYTES
        df = pd.read_json(path, lines=True, nrows=None if whole else MAX_ROWS)
        notes = _partial_fields(df)
        df, lines, flat = _fields_of_records(df)
        if flat:
            notes.append(
                f"the fields of {', '.join(flat)} become 'outer.inner' columns (missing where a line has none)"
            )
        return "\n".join([f"df = pd.read_json({name!r}, lines=True)", *lines]), df, notes, {}
    data, loader = _tree(path)
    loader = loader.replace(repr(path.name), repr(name))
    found = trees.find(data)
    if found is None:
        keys = ", ".join(repr(k) for k in list(data)[:20]) if isinstance(data, dict) else ""
        return "", None, [f"an object with keys {keys}" if keys else "no table of records in it"], {}
    rows = trees.data_at(data, found.path)
    records = [] if found.shape == "rows" else rows if found.shape == "records" else list(rows.values())
    records = [r[found.wrapper] for r in records[:200]] if found.wrapper else records
    nested = any(isinstance(v, dict) for r in records[:200] if isinstance(r, dict) for v in r.values())
    note = trees.describe(found, nested)
    if (
        found.shape == "records"
        and not found.path
        and not nested
        and not found.wrapper
        and loader.startswith("json.load(")
    ):
        df = pd.read_json(io.StringIO(json.dumps(rows[:MAX_ROWS], default=str)))
        return f"df = pd.read_json({name!r})", df, [note] if note else [], {}
    module = loader.partition(".")[0]
    opener = OPENERS.get(path.suffix.lower(), ("", ""))[0]
    imports = ", ".join([module, *([opener] if opener else [])])
    code = "\n".join([f"import {imports}", *trees.load_lines(found, loader)])
    scope: dict[str, Any] = {"pd": pd}
    # The table from the tree already parsed, by the very lines offered (the loader swapped for it).
    tree = trees.cut(data, found.path, MAX_ROWS + 1)
    exec(code.replace(loader, "tree").split("\n", 1)[1], {**scope, "tree": tree}, scope)  # noqa: S102
    said, choices = _alike(data, found)
    return code, scope["df"].head(MAX_ROWS), [n for n in (note, said) if n], choices


ALIKE_NAMED = 400  # characters of the names of keys alike in a records file's note


def _alike(data: Any, found: trees.Found) -> tuple[str, dict[str, Any]]:
    """A note naming the other keys whose records are alike, and the table fields that let a
    preview load the one a question names ("" and {} when there are none): each choice is the
    subscripts from the key on (`['NetIncomeLoss']['units']['USD']`)."""
    got = trees.alike(data, found)
    if got is None:
        return "", {}
    k, paths = got
    rest = found.path[k + 1 :]
    names = ", ".join(repr(key) + ("" if at == rest else f" (under {trees.index(at)})") for key, at in paths.items())
    cut = names.rfind(", ", 0, ALIKE_NAMED) if len(names) > ALIKE_NAMED else -1
    note = (
        f"{trees.index(found.path[:k]) or 'the top'} holds {len(paths)} keys alike, each with its records under "
        f"{trees.index(rest)}: {names if cut < 0 else names[:cut] + ', …'}; the load block takes "
        f"{found.path[k]!r}: write the one the question needs in its place"
    )
    choices = [trees.index((key, *at)) for key, at in list(paths.items())[:2000]]
    return note, {"choices": choices, "chosen": trees.index(found.path[k:])}


def _fields_of_records(df: Any) -> tuple[Any, list[str], list[str]]:
    """Columns of records (each value an object, or missing) made a column per field, named as
    json_normalize names them ('carried.cars'): (the frame, the lines that do it, the columns). A
    small model given a column of dicts sums the dicts."""
    pd = load_pandas()
    lines, flat = [], []
    for col in list(df.columns)[:MAX_COLUMNS]:
        values = df[col].dropna().head(500)
        if not len(values) or not all(isinstance(v, dict) for v in values):
            continue
        fields = f"[v if isinstance(v, dict) else {{}} for v in df.pop({str(col)!r})]"
        line = f"df = df.join(pd.json_normalize({fields}).add_prefix({str(col) + '.'!r}))"
        scope: dict[str, Any] = {"pd": pd, "df": df}
        try:
            exec(line, scope)  # noqa: S102 - the line offered, run on the rows read
        except Exception:  # noqa: BLE001 - fields that clash with columns: the column stays as it is
            continue
        df = scope["df"]
        lines.append(line)
        flat.append(repr(str(col)))
    return df, lines, flat


ITEM_LEVELS = 3  # lists of records within items gone down through (a match's innings' overs' balls)
MAX_ITEMS = 200_000  # items of a level gone down from (a ball-by-ball season is 15,000)


MAX_LISTS = 4  # columns of lists of records whose items get a table (a CVE's descriptions, weaknesses, metrics)


def items_tables(load: str, df: Any, whole: bool) -> list[dict[str, Any]]:
    """Tables for the columns that hold lists of records (a van run's stops, an order's lines, a
    CVE's weaknesses and metrics): one row per item, beside the fields of the record it is in, by
    the lines that make it from the first table (run here). Where nearly every item holds a list
    of records of its own (an innings' overs, an over's balls), a table of the innermost items
    too, the fields of every record they are in beside them: a question about balls bowled is
    asked of that one, one about orders of the first. A small model left with `explode` kept dicts
    in a column and could not see the items' own fields (their times, their spellings); with the
    first list's items only, a CVE's severity was out of sight."""
    tables: list[dict[str, Any]] = []
    done: set[str] = set()
    while len(done) < MAX_LISTS:
        left = frozenset(str(c) for c in df.columns[:MAX_COLUMNS]) - done
        level = _items(load, df, (), left)
        if level is None:
            break
        done.add(level[2][-1])
        levels = []
        while level is not None:
            levels.append(level)
            block, out, path, fields = level
            deeper = len(path) < ITEM_LEVELS and len(out) <= MAX_ITEMS  # each level copies its records' fields
            level = _items(block, out, path, fields) if deeper else None
        tables += [_items_profile(*level[:3], whole) for level in levels[:1] + levels[1:][-1:]]
    return tables


def _items_profile(block: str, out: Any, path: tuple[str, ...], whole: bool) -> dict[str, Any]:
    where = "".join(f", in {p!r}" for p in reversed(path[:-1]))
    note = (
        f"one row per item of {path[-1]!r}{where}, its fields first, then those of the records it is in (the "
        f"last {2 * len(path)} lines of the load make it); a record's own fields repeat on each of its items, "
        "so count records, or sum their fields, on the table of those records"
    )
    rows = len(out) if whole else None
    columns = columns_of(out) if whole else None
    return table_profile(f"{path[-1]}, one row per item", out.head(MAX_ROWS), block, rows, [note], columns)


def _items(
    load: str, df: Any, within: tuple[str, ...], own: frozenset[str] | None
) -> tuple[str, Any, tuple[str, ...], frozenset[str]] | None:
    """(the load block, the frame, the path of lists, the items' own columns) of one row per item
    of the first column of lists of records; within items (`own`: their fields), only of a list
    nearly every item holds (a ball's wickets, on a few balls, are no level of their own)."""
    pd = load_pandas()
    for col in df.columns[:MAX_COLUMNS]:
        if own is not None and str(col) not in own:
            continue  # a list of the record the items are in (its other lists): no items of these
        held = df[col].dropna()
        sample = held.head(50)
        if not len(sample) or not all(isinstance(v, list) for v in sample):
            continue
        if not any(isinstance(x, dict) for v in sample for x in v):
            continue
        if within and len(held) < 0.9 * len(df):
            continue
        c = repr(str(col))
        explode = f"df = df.explode({c}, ignore_index=True).dropna(subset=[{c}]).reset_index(drop=True)"
        scope: dict[str, Any] = {"pd": pd, "df": df}
        exec(explode, scope)  # noqa: S102 - the line offered, run on the rows read
        if not all(isinstance(x, dict) for x in scope["df"][col]):
            continue
        keys = {str(k) for x in scope["df"][col].head(500) for k in x}
        prefix = f".add_prefix({str(col) + '.'!r})" if keys & {str(k) for k in df.columns} else ""
        # The item's own fields first: they are what a table of items is asked about, and a preview
        # that names a table's first columns named only the record's (24 races' circuit, not results).
        lines = [explode, f"df = pd.json_normalize(df[{c}].tolist()){prefix}.join(df.drop(columns={c}))"]
        try:
            exec(lines[1], scope)  # noqa: S102
        except Exception:  # noqa: BLE001 - items that do not line up: no table of them
            return None
        out = scope["df"]
        fields = frozenset(map(str, out.columns[: len(out.columns) - len(df.columns) + 1]))
        return "\n".join([load, *lines]), out, (*within, str(col)), fields
    return None


def _partial_fields(df: Any) -> list[str]:
    """Notes on fields that only one stretch of the records has (from some row on, or up to one):
    the same quantity under another name, or a field added, part-way through the file."""
    notes, n = [], len(df)
    for col in df.columns:
        present = df[col].notna().to_numpy().nonzero()[0]
        if not len(present) or len(present) == n:
            continue
        first, last = int(present[0]), int(present[-1])
        if (first > 0.05 * n or last < 0.95 * n) and len(present) >= 0.9 * (last - first + 1):
            notes.append(
                f"{str(col)!r} is in rows {first + 1:,} to {last + 1:,} only (of {n:,}): records changed fields "
                "part-way; combine it with the field it replaces or continues"
            )
    return notes[:4]


def read_records(name: str, path: Path) -> dict[str, Any]:
    load, df, notes, choices = _records_load(name, path)
    if df is None:
        return {"kind": "text", "note": "; ".join(notes), "lines": first_lines(path)}
    lines = file_kind(path) in (".jsonl", ".ndjson") and path.stat().st_size <= WHOLE_LINES_BYTES  # read whole
    rows = len(df) if len(df) < MAX_ROWS or lines else None
    if rows is None or len(df) <= MAX_ROWS:
        items = items_tables(load, df, whole=rows is not None)
        table = {**table_profile("", df, load, rows, notes), **choices}
        return {"kind": "records", "tables": [table, *items]}
    # Read whole: profiled from rows spread over the file, but missing values counted in all of it
    # (a count from the spread rows, beside the file's row count, would read as the file's).
    missing = {str(c): int(n) for c, n in df.isna().sum().items()}
    spread = df.iloc[:: -(-len(df) // MAX_ROWS)]
    table = {**table_profile("", spread, load, rows, notes, columns_of(df)), **choices}
    for column in table["columns"]:
        column["missing"] = missing.get(column["name"], column["missing"])
    return {"kind": "records", "tables": [table]}
