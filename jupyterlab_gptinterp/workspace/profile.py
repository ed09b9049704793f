"""A data file as pandas sees it: how to load it, its columns and types, and what looks odd.

Run in a child process (`python -m jupyterlab_gptinterp.workspace.profile`, a JSON request on
stdin, a JSON list of profiles on stdout) so a slow or hostile file can cost a timeout, never the
server. The profile is what a careful analyst finds in the first minutes with a new file:

- the load line, tried here before it is offered: separator, header row below a title, decimal
  comma, thousands separator, missing-value markers and a header of two rows of a CSV; the sheets
  of a workbook; the tables of a SQLite file; the table in a JSON or YAML tree (records, arrays
  with their column names kept elsewhere, objects keyed by id), flattened when nested; the
  columns of a fixed-width report (aligned with spaces) under its title, without rules and total;
  the CSV files of a zip archive stacked; a table per '[Title]' section of an instrument's export;
  grids of wells one under another in a sheet as a row per well; an ESRI ASCII grid with numpy; Stata, SAS and SPSS files by their readers; a row per
  event (or contact) of an iCalendar or vCard file;
- a file whose name says nothing of its kind (no suffix, or one no reader here knows) by its first
  bytes: a database, parquet, XML, JSON (lines), a delimited table or a log;
- per column: the type pandas gives it, missing values, a few samples;
- general observations on text columns (`columns.py`): numbers after removing symbols (with the
  suffixes that differ, e.g. units; a decimal comma read as one when some value shows it),
  percentages, dates as text (day first or month first, several formats, intervals), durations,
  yes/no text, values with spaces around them, lists, one id spelled several ways; a number of
  9s (-999) far outside the other numbers, a code for a missing value;
- a wide table (one column per month or year) that wants melting; rows that are exact copies;
- the load block then converts the columns that hold numbers or dates as text, each line tried on
  the rows read here and kept only when it turns no value into NaN.

Nothing here knows any particular file; every observation is about pandas and common data.

`profile` picks the reader by the file's kind (`kinds.py`): `delimited.py`, `records.py` (JSON,
YAML), `workbook.py`, `binary.py` (parquet, SQLite, statistics packages), `xmlfile.py`,
`archive.py` (zip) or `plaintext.py`; each describes its tables with `frames.py`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from .archive import read_archive
from .binary import read_database, read_parquet, read_statistical
from .delimited import read_text_table
from .frames import shown_value
from .kinds import (
    ARCHIVE_SUFFIXES,
    CALENDAR_SUFFIXES,
    EXCEL_SUFFIXES,
    JSON_SUFFIXES,
    MARKDOWN_SUFFIXES,
    PARQUET_SUFFIXES,
    SQLITE_SUFFIXES,
    STATS_READERS,
    TEXT_SUFFIXES,
    XML_SUFFIXES,
    YAML_SUFFIXES,
    file_kind,
    first_lines,
    load_pandas,
    looks_tabular,
)
from .plaintext import read_calendar, read_lines, read_markdown, read_titled
from .records import assigned_json, read_records
from .workbook import read_workbook
from .xmlfile import read_xml


def profile(name: str, path: Path) -> dict[str, Any]:
    """The profile of one file as a dict (the fields of `agent.seams.FileProfile`)."""
    suffix = file_kind(path)
    base: dict[str, Any] = {"name": name, "size": path.stat().st_size}
    try:
        if suffix in EXCEL_SUFFIXES:
            found = read_workbook(name, path)
        elif suffix in PARQUET_SUFFIXES:
            found = read_parquet(name, path)
        elif suffix in SQLITE_SUFFIXES:
            found = read_database(name, path)
        elif suffix in JSON_SUFFIXES | YAML_SUFFIXES:
            found = read_records(name, path)
        elif suffix in XML_SUFFIXES:
            found = read_xml(name, path)
        elif suffix in MARKDOWN_SUFFIXES:
            found = read_markdown(name, path)
        elif suffix in STATS_READERS:
            found = read_statistical(name, path, STATS_READERS[suffix])
        elif suffix in ARCHIVE_SUFFIXES:
            found = read_archive(name, path)
        elif suffix in CALENDAR_SUFFIXES:
            found = read_calendar(name, path)
        elif suffix in TEXT_SUFFIXES - {".txt"} or (suffix == ".txt" and looks_tabular(path)):
            found = read_titled(name, path) or read_text_table(name, path)
            if suffix == ".dat" and _one_column(found):  # no separator: perhaps fixed-width records
                lines = read_lines(name, path)
                found = lines if lines.get("kind") == "table" else found
        elif assigned_json(path):  # a web app's export: JSON after `name =` (else a script: its lines)
            try:
                found = read_records(name, path)
            except ValueError:
                found = read_lines(name, path)
        else:
            found = read_lines(name, path)
    except ImportError as exc:
        found = {"kind": "unreadable", "note": f"reading it needs a package that is not installed here ({exc.name})"}
    except Exception as exc:  # a file no rule foresaw: say so, never fail the turn
        try:
            found = {
                "kind": "text",
                "lines": first_lines(path),
                "note": f"pandas could not read it ({type(exc).__name__}: {shown_value(exc, 120)})",
            }
        except Exception as fallback:  # noqa: BLE001 - not even its lines: say so
            found = {"kind": "unreadable", "note": getattr(fallback, "strerror", None) or "cannot be read"}
    return {**base, **found}


def _one_column(found: dict[str, Any]) -> bool:
    tables = found.get("tables") or []
    return len(tables) == 1 and len(tables[0].get("columns") or []) == 1


def main() -> None:
    request = json.loads(sys.stdin.read())
    pd = None
    try:
        pd = load_pandas()
    except ImportError:
        pass
    out = []
    for name, path in request["files"]:
        try:  # one file's failure never costs the others their profiles
            out.append(
                profile(name, Path(path))
                if pd is not None
                else {"name": name, "kind": "unreadable", "note": "pandas is not installed"}
            )
        except Exception:  # noqa: BLE001
            out.append({"name": name, "kind": "unreadable", "note": "it could not be read"})
    json.dump({"pandas": getattr(pd, "__version__", ""), "files": out}, sys.stdout, default=str)


if __name__ == "__main__":
    main()
