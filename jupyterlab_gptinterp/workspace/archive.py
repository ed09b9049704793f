"""Zip archives of data files: members of one layout stacked into one table, a member with a
layout of its own a table of its own, JSON or XML documents a row each."""

from __future__ import annotations

import json
import os
import tempfile
import zipfile
from pathlib import Path, PurePosixPath
from typing import Any

from .delimited import csv_columns, csv_load, dialect_of
from .frames import table_profile
from .kinds import (
    MAX_COLUMNS,
    MAX_READ,
    MAX_ROWS,
    MAX_TABLES,
    TEXT_SUFFIXES,
    data_suffix,
    decode,
    documents_read,
    load_pandas,
    tabular_lines,
)
from .records import items_tables
from .xmldocuments import xml_documents

MAX_MEMBERS = 500  # an archive's text members looked at (their first lines each)
HEAD_BYTES = 16384  # of each, for its header
KEYED = 8  # keys under one object, each in few documents, that make it a map keyed by values (names, ids)


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
        try:
            documents = [] if tables else _documents(name, archive, members)
        except Exception:  # noqa: BLE001 - documents pandas cannot flatten (too deep): their names only
            documents = []
        if documents:
            documents[0]["notes"].append(f"a zip archive of {len(members)} files ({listed}); a row per JSON document")
            return {"kind": "records", "tables": documents}
        try:
            documents = [] if tables else xml_documents(name, archive, members)
        except Exception:  # noqa: BLE001 - a member that does not parse: the names only
            documents = []
        if documents:
            return {"kind": "table", "tables": documents}
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


def _documents(name: str, archive: zipfile.ZipFile, members: list[str]) -> list[dict[str, Any]]:
    """A zip of JSON documents, an object each (a match, a filing, a page of an API's answers): a
    table of one row per document, its objects flattened as json_normalize names them
    ('info.toss.decision'), and the tables of the items of its lists of records. A small model
    shown only the members' names opened the zip as JSON, or guessed keys at the top that are a
    level down. [] when the JSON members are not objects or fewer than two."""
    pd = load_pandas()
    chosen = [m for m in members if m.endswith(".json")]  # as the load line picks them
    docs, encodings, read = [], set(), []
    for m in documents_read(archive, chosen):
        with archive.open(m) as member:
            text, encoding = decode(member.read())
        try:
            docs.append(json.loads(text))
        except ValueError:
            return []
        encodings.add(encoding)
        read.append(m)
    if len(docs) < 2 or not all(isinstance(d, dict) for d in docs):
        return []
    macos = any(m.startswith("__MACOSX") for m in archive.namelist())  # a Mac's copies: no documents
    pick = "m.endswith('.json')" + (" and not m.startswith('__MACOSX')" if macos else "")
    other = sorted(encodings - {"utf-8-sig"})  # json.load reads UTF-8 bytes, a byte-order mark too
    read_one = f"json.loads(archive.read(m).decode({other[0]!r}))" if other else "json.load(archive.open(m))"
    flat = pd.json_normalize(docs)  # the frame of the line that normalizes them, made once
    # Each row keeps the member it came from ("in the January file"), as the XML documents' do.
    column = next(c for c in ("file", "member", "zip_member") if c not in flat.columns)
    lines = [
        "import json, zipfile",
        f"archive = zipfile.ZipFile({name!r})",
        f"members = [m for m in archive.namelist() if {pick}]",
        f"docs = [{read_one} for m in members]",
        "df = pd.json_normalize(docs)",
        f"df.insert(0, {column!r}, members)",
    ]
    notes = []
    if keyed := _keyed(flat):
        cut = tuple(k + "." for k in keyed)
        held = int(flat.filter(like=cut[0]).notna().any(axis=1).to_numpy().argmax())  # a document that has it
        lines.append(f"df = df.drop(columns=[c for c in df.columns if c.startswith({cut!r})])")
        notes.append(
            f"{', '.join(map(repr, keyed))}: objects keyed by values (a key per name or id, each in a few "
            "documents), a column per key once flattened; the load drops them: docs[i] holds each document's, "
            f"e.g. docs[{held}]{''.join(f'[{p!r}]' for p in keyed[0].split('.'))}"
        )
    scope: dict[str, Any] = {"pd": pd, "df": flat, "members": read}
    exec("\n".join(lines[5:]), scope)  # noqa: S102 - the lines offered after json_normalize, on its frame
    df = scope["df"]
    whole = len(docs) == len(chosen)
    load = "\n".join(lines)
    table = table_profile("", df.head(MAX_ROWS), load, len(df) if whole else None, notes)
    return [table, *items_tables(load, df, whole)]


def _keyed(df: Any) -> list[str]:
    """The objects of flattened documents whose keys are values, not fields: many keys, each in
    less than half of the documents (a team's players under the team's name). Outermost first."""
    under: dict[str, set[str]] = {}
    for column in map(str, df.columns):
        parts = column.split(".")
        for i in range(1, len(parts)):
            under.setdefault(".".join(parts[:i]), set()).add(parts[i])
    keyed: list[str] = []
    for prefix, keys in under.items():
        if len(keys) < KEYED or any(prefix.startswith(k + ".") for k in keyed):
            continue
        present = []
        for k in sorted(keys)[:MAX_COLUMNS]:
            at = f"{prefix}.{k}"
            own = [c for c in map(str, df.columns) if c == at or c.startswith(at + ".")]
            present.append(df[own].notna().any(axis=1).mean())
        if sum(present) / len(present) < 0.5:
            keyed.append(prefix)
    return keyed
