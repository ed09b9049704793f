"""Data files the model should know before it writes code: exact names, columns, types, samples.

Small models guess column names ('Revenue' for `revenue`), call `read_csv` on a .tsv without a
separator and parse "$1,234.50" as a number. A short, exact preview of the files the question
names (or that sit beside the notebook) prevents most of that. Stdlib only; every read is
bounded; nothing outside the server root is read and symlinks are never followed.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import logformat, units

DATA_SUFFIXES = (".csv", ".tsv", ".json", ".jsonl", ".log", ".txt")
MAX_READ = 256 * 1024  # bytes read to profile a file
MAX_COUNT = 20 * 1024 * 1024  # files up to this size get an exact row count
_NAME = re.compile(r"[\w./-]+\.(?:csv|tsv|jsonl|json|log|txt)\b", re.IGNORECASE)
_MONEY = re.compile(r"^-?[$€£]\s?\d[\d,]*(\.\d+)?$")
_UNIT = re.compile(r"^(-?\d+(?:\.\d+)?)\s*([A-Za-z%°]+)$")
_INT = re.compile(r"^-?\d+$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_MISSING = ("", "NA", "N/A", "null", "None", "nan", "NaN")
_FLOAT = re.compile(r"^-?\d*\.\d+(e-?\d+)?$|^-?\d+e-?\d+$", re.IGNORECASE)
_DATES = [
    ("YYYY-MM-DD", re.compile(r"^\d{4}-\d{2}-\d{2}")),
    ("MM/DD/YYYY", re.compile(r"^\d{1,2}/\d{1,2}/\d{4}$")),
    ("D Mon YYYY", re.compile(r"^\d{1,2} [A-Za-z]{3,9},? \d{4}$")),
    ("Mon D YYYY", re.compile(r"^[A-Za-z]{3,9} \d{1,2},? \d{4}$")),
]


@dataclass
class FilePreview:
    name: str  # path relative to the notebook's directory, as the code should open it
    text: str  # what the model is shown
    columns: list[str] = field(default_factory=list)
    sep: str | None = None
    log: bool = False  # a text log whose record format was found (its columns are the fields)
    load: str = ""  # the line(s) that load it into `df`, for a hint when the model forgets to


def _inside(root: Path, path: Path, want_file: bool = True) -> bool:
    """True when `path` is a regular file (or directory) under `root`, no symlink on the way."""
    try:
        rel = path.relative_to(root)
    except ValueError:
        return False
    if ".." in rel.parts:
        return False
    current = root
    for part in rel.parts:
        current = current / part
        if current.is_symlink():
            return False
    return path.is_file() if want_file else path.is_dir()


def candidates(
    root: str | Path, notebook_path: str, question: str, limit: int = 4, beside: bool = True
) -> list[tuple[str, Path]]:
    """(name, path) of the data files to preview: those the question names, else those beside the
    notebook (most recently modified first)."""
    root = Path(root).resolve()
    nb_dir = Path(os.path.normpath(root / notebook_path.lstrip("/"))).parent
    if not _inside(root, nb_dir, want_file=False):
        return []
    named: list[tuple[str, Path]] = []
    for name in dict.fromkeys(m.group(0) for m in _NAME.finditer(question)):
        path = Path(os.path.normpath(nb_dir / name))
        if _inside(root, path) and all(p != path for _, p in named):
            named.append((name, path))
    if named or not beside:
        return named[:limit]
    try:
        found = [p for p in nb_dir.iterdir() if p.suffix.lower() in DATA_SUFFIXES and not p.name.startswith(".")]
    except OSError:
        return []
    found = [p for p in found if _inside(root, p)]
    found.sort(key=lambda p: (-p.stat().st_mtime, p.name))
    return [(p.name, p) for p in found[:limit]]


def preview(name: str, path: Path, sample_rows: int = 3, question: str = "") -> FilePreview:
    """A compact description of one file; never raises on a bad file. `question` picks the unit
    that mixed-unit columns are converted to."""
    name = _CONTROL.sub("?", name)  # a file name cannot add lines to the prompt
    try:
        size = path.stat().st_size
        with path.open("rb") as f:
            head = f.read(MAX_READ)
        lines_total = _count_lines(path) if size <= MAX_COUNT else None
    except OSError as exc:
        return FilePreview(name, f"{name}: cannot be read ({exc.strerror}).")
    text = head.decode("utf-8", errors="replace")
    if len(head) == MAX_READ:  # drop a partial last line
        text = text[: text.rfind("\n") + 1] or text
    suffix = path.suffix.lower()
    try:
        if suffix in (".csv", ".tsv") or (suffix == ".txt" and _looks_tabular(text)):
            return _table(name, suffix, text, lines_total, sample_rows, question)
        if suffix in (".json", ".jsonl"):
            got = _json(name, text, head, size, sample_rows, question)
            if got is not None:
                return got
    except (csv.Error, ValueError):
        pass
    try:
        return _lines(name, text, lines_total, sample_rows)
    except Exception:  # a file no rule foresaw: its first lines, never a failed turn
        return _first_lines(name, text, lines_total, sample_rows)


def _count_lines(path: Path) -> int:
    count = 0
    last = b"\n"
    with path.open("rb") as f:
        while block := f.read(1 << 20):
            count += block.count(b"\n")
            last = block[-1:]
    return count + (last != b"\n")


def _looks_tabular(text: str) -> bool:
    first = text.splitlines()[:5]
    return len(first) >= 2 and all(line.count(",") >= 1 for line in first)


def _table(name: str, suffix: str, text: str, lines_total: int | None, sample_rows: int, question: str) -> FilePreview:
    lines = text.splitlines()
    if suffix == ".tsv":
        sep = "\t"
    else:
        try:
            sep = csv.Sniffer().sniff("\n".join(lines[:20]), delimiters=",;\t|").delimiter
        except csv.Error:
            sep = ","
    rows = list(csv.reader(io.StringIO(text), delimiter=sep))
    if not rows:
        return FilePreview(name, f"{name}: empty file.")
    header, body = rows[0], [r for r in rows[1:] if r]
    n = f"{lines_total - 1} rows" if lines_total is not None else "many rows"
    sep_name = {"\t": "tab", ",": "comma", ";": "semicolon", "|": "pipe"}.get(sep, repr(sep))
    read = f"pd.read_csv({name!r}" + (", sep='\\t'" if sep == "\t" else f", sep={sep!r}" if sep != "," else "") + ")"
    cols = _columns([(col, [r[i].strip() for r in body if i < len(r)]) for i, col in enumerate(header)], question)
    joiner = " \\t " if sep == "\t" else sep  # a visible tab
    sample = "\n".join(joiner.join(r) for r in rows[1 : 1 + sample_rows])
    text_out = (
        f"{name}: {sep_name}-separated, {n}. Load: {read}\nColumns (exact names):\n"
        + "\n".join(cols)
        + f"\nFirst rows:\n{sample}"
    )
    return FilePreview(name, text_out, header, sep, load=f"df = {read}")


def _columns(table: list[tuple[str, list[str]]], question: str) -> list[str]:
    """One line per column (a repeated header too), and a ready conversion line under a column
    in mixed units."""
    profiles = {col: _profile(values) for col, values in table}
    out = []
    for i, (col, values) in enumerate(table):
        out.append(f"  {col!r}: {_profile(values)}")
        filled = list(dict.fromkeys(v for v in values if v not in _MISSING))
        note = None
        if "MIXED units" in profiles[col]:
            note = units.number_with_unit(col, _unit_list(filled), question)
        elif 2 <= len(filled) <= 4 and units.dimension(filled):
            # A column of units: it applies to the nearest number column, the one before it first.
            names = [c for c, _ in table]
            near = sorted(
                (n for n in names if n != col and profiles[n].startswith(("int", "float"))),
                key=lambda n: (abs(names.index(n) - i), names.index(n) > i),
            )
            if near:
                note = units.value_and_unit(near[0], col, filled, question)
        if note:
            out.append(f"    {note}")
    return out


def _unit_list(values: list[str]) -> list[str]:
    return list(dict.fromkeys(m.group(2) for m in map(_UNIT.match, values) if m))


def _profile(values: list[str]) -> str:
    """The column's type as the model should treat it, with what needs cleaning."""
    filled = [v for v in values if v not in _MISSING]
    missing = len(values) - len(filled)
    miss = f", {missing} missing" if missing else ""
    if not filled:
        return "empty" + miss
    if all(_INT.match(v) for v in filled):
        return "int" + miss
    if all(_INT.match(v) or _FLOAT.match(v) for v in filled):
        return "float" + miss
    if all(_MONEY.match(v) for v in filled):
        return f"text money like {filled[0]!r} (remove {filled[0][0]!r} and ',' then float){miss}"
    units = [_UNIT.match(v) for v in filled]
    if all(units):
        found = sorted({m.group(2) for m in units if m})
        mixed = " MIXED units: convert before summing" if len(found) > 1 else ""
        return f"text number+unit like {filled[0]!r}, units {', '.join(found)}{mixed}{miss}"
    styles = [label for label, rx in _DATES if any(rx.match(v) for v in filled)]
    if styles and all(any(rx.match(v) for _, rx in _DATES) for v in filled):
        if len(styles) > 1:
            return f"dates in {len(styles)} formats ({', '.join(styles)}): pd.to_datetime(col, format='mixed'){miss}"
        return f"date {styles[0]}{miss}"
    distinct = list(dict.fromkeys(filled))
    if len(distinct) <= 8:
        return "text, values " + ", ".join(repr(v) for v in distinct) + miss
    return f"text like {filled[0]!r}{miss}"


def _json(name: str, text: str, head: bytes, size: int, sample_rows: int, question: str) -> FilePreview | None:
    if name.lower().endswith(".jsonl"):
        records = [json.loads(line) for line in text.splitlines()[:200] if line.strip()]
        load = f"pd.read_json({name!r}, lines=True)"
    else:
        if len(head) < size:
            return None  # too big to parse whole here
        data = json.loads(text)
        if isinstance(data, dict):
            keys = ", ".join(repr(k) for k in list(data)[:20])
            return FilePreview(name, f"{name}: JSON object with keys {keys}.")
        if not isinstance(data, list):
            return None
        records = data
        load = f"pd.read_json({name!r})"
    if not records or not all(isinstance(r, dict) for r in records):
        return None
    keys = list(dict.fromkeys(k for r in records for k in r))
    cols = _columns([(k, ["" if r.get(k) is None else str(r.get(k)) for r in records]) for k in keys], question)
    sample = "\n".join(json.dumps(r) for r in records[:sample_rows])
    return FilePreview(
        name,
        f"{name}: JSON list of {len(records)} records. Load: {load}\nFields (exact names):\n"
        + "\n".join(cols)
        + f"\nFirst records:\n{sample}",
        keys,
        load=f"df = {load}",
    )


def _lines(name: str, text: str, lines_total: int | None, sample_rows: int) -> FilePreview:
    lines = text.splitlines()
    fmt = logformat.infer(lines[:2000])
    if fmt is not None:
        return FilePreview(
            name, logformat.describe(name, fmt, lines_total), fmt.fields, log=True, load=logformat.load_lines(name, fmt)
        )
    return _first_lines(name, text, lines_total, sample_rows)


def _first_lines(name: str, text: str, lines_total: int | None, sample_rows: int) -> FilePreview:
    lines = text.splitlines()
    n = f"{lines_total} lines" if lines_total is not None else "many lines"
    sample = "\n".join(line[:200] for line in lines[: sample_rows + 2])
    return FilePreview(name, f"{name}: text, {n}, not a table (parse the lines yourself). First lines:\n{sample}")


def previews(
    root: str | Path, notebook_path: str, question: str, budget: int = 1500, beside: bool = True
) -> list[FilePreview]:
    """Previews of the candidate files within `budget` characters in all."""
    out: list[FilePreview] = []
    used = 0
    for name, path in candidates(root, notebook_path, question, beside=beside):
        p = preview(name, path, question=question)
        if used + len(p.text) > budget:
            if out:
                continue
            p.text = p.text[:budget]
        out.append(p)
        used += len(p.text)
    return out
