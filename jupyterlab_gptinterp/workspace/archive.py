"""Zip archives of data files: members of one layout stacked into one table, a member with a
layout of its own a table of its own."""

from __future__ import annotations

import os
import tempfile
import zipfile
from pathlib import Path, PurePosixPath
from typing import Any

from .delimited import csv_columns, csv_load, dialect_of
from .frames import table_profile
from .kinds import MAX_READ, MAX_ROWS, MAX_TABLES, TEXT_SUFFIXES, data_suffix, decode, load_pandas, tabular_lines

MAX_MEMBERS = 500  # an archive's text members looked at (their first lines each)
HEAD_BYTES = 16384  # of each, for its header


def read_archive(name: str, path: Path) -> dict[str, Any]:
    """A zip of several files. Text tables with the same columns (a monthly series, most often) are
    one table, read and stacked with the dialect of the first; a member with columns of its own (a
    feed or an export of several tables, whose `.txt` members are often tables) is a table of its
    own, loaded by its name."""
    with zipfile.ZipFile(path) as archive:
        members = [m for m in archive.namelist() if not m.endswith("/") and not m.startswith("__MACOSX")]
        listed = ", ".join(members[:8]) + (", …" if len(members) > 8 else "")
        groups = _alike_members(archive, members)
        tables = []
        for group in groups[:MAX_TABLES]:
            try:
                tables.append(_archive_table(name, archive, members, group, len(groups) > 1))
            except Exception:  # noqa: BLE001 - one member pandas cannot read leaves the others
                continue
        if not tables:
            return {"kind": "text", "note": f"a zip archive of {len(members)} files: {listed}", "lines": ""}
    note = f"a zip archive of {len(members)} files ({listed})"
    if len(groups) == 1:
        (first, *more) = groups[0]
        what = f"the {len(more) + 1} {data_suffix(first)} files are stacked" if more else f"its table is {first!r}"
        tables[0]["notes"].append(f"{note}; {what}")
        return {"kind": "table", "tables": tables}
    shown = "" if len(groups) <= MAX_TABLES else f", the first {MAX_TABLES} shown"
    return {"kind": "table", "tables": tables, "note": f"{note}: {len(groups)} tables{shown}; each loads on its own"}


def _alike_members(archive: zipfile.ZipFile, members: list[str]) -> list[list[str]]:
    """The text tables of an archive, grouped by their dialect and header row, in the archive's
    order (a `.txt` or `.dat` member only when its lines look like a table, not a read-me). A member
    whose header is not whole in its first bytes is a group of its own."""
    groups: dict[tuple[Any, ...], list[str]] = {}
    for m in [m for m in members if data_suffix(m) in TEXT_SUFFIXES][:MAX_MEMBERS]:
        suffix = data_suffix(m)
        with archive.open(m) as member:
            head = member.read(HEAD_BYTES)
        if len(head) == HEAD_BYTES:  # whole lines only: a character cut in two would change the decoding
            head = head[: head.rfind(b"\n") + 1]
        lines = decode(head)[0].splitlines()
        if not any(line.strip() for line in lines):
            continue  # empty, or no whole line
        if suffix in {".txt", ".dat"} and not tabular_lines(lines, least=2):  # a feed's one-row tables too
            continue
        sep, skip = dialect_of(lines, suffix)
        header = lines[skip].strip() if skip < len(lines) else ""
        groups.setdefault((sep, skip, header) if header else (m,), []).append(m)
    return list(groups.values())


def _archive_table(
    name: str, archive: zipfile.ZipFile, members: list[str], group: list[str], titled: bool
) -> dict[str, Any]:
    """One table of an archive: one member, named by it, or members alike stacked, named by what
    their names share when the archive holds other tables too (`titled`)."""
    pd = load_pandas()
    suffix = data_suffix(group[0])
    with tempfile.TemporaryDirectory() as tmp:  # the dialect is found on a file, as for any CSV
        first = Path(tmp) / f"first{suffix}"
        with archive.open(group[0]) as member:
            first.write_bytes(member.read(MAX_READ))
        _, kwargs, notes = csv_load(name, first, footer=False)
    read = group[:200]  # a few rows of each of the first members: enough to profile
    each = MAX_ROWS // len(read) + 1
    frames = [pd.read_csv(archive.open(m), nrows=each, **kwargs) for m in read]
    df = pd.concat(frames, ignore_index=True)
    args = "".join(f", {k}={v!r}" for k, v in kwargs.items())
    stems = [PurePosixPath(m).name.rsplit(".", 1)[0] for m in group]
    if sum(stem == stems[0] for stem in (PurePosixPath(m).name.rsplit(".", 1)[0] for m in members)) > 1:
        stems[0] = group[0].rsplit(".", 1)[0]  # 2023/orders.csv beside 2024/orders.csv: named by the path
    opened = ["import zipfile", f"archive = zipfile.ZipFile({name!r})"]
    if len(group) == 1:
        load = "\n".join([*opened, f"df = pd.read_csv(archive.open({group[0]!r}){args})"])
        rows = len(df) if len(df) < each else None
        only = group[0]
        read_all = csv_columns(lambda: archive.open(only), archive.getinfo(only).file_size, kwargs)
        return table_profile(stems[0], df, load, rows, notes, read_all)
    # Stacked: the members are picked by their suffix when no other member has it (a Mac's
    # __MACOSX copies left out), else by name.
    chosen = set(group)
    if any(data_suffix(m) == suffix for m in members if m not in chosen):
        pick = f"m in {group!r}"
    elif any(m.startswith("__MACOSX") for m in archive.namelist()):
        pick = f"m.endswith({suffix!r}) and not m.startswith('__MACOSX')"
    else:
        pick = f"m.endswith({suffix!r})"
    load = "\n".join(
        [
            *opened,
            f"members = [m for m in archive.namelist() if {pick}]",
            f"df = pd.concat([pd.read_csv(archive.open(m){args}) for m in members], ignore_index=True)",
        ]
    )
    rows = len(df) if len(read) == len(group) and all(len(f) < each for f in frames) else None
    shared = os.path.commonprefix(stems).rstrip("-_ .0123456789")  # orders of orders-01, orders-02
    return table_profile((shared or stems[0]) if titled else "", df, load, rows, notes)
