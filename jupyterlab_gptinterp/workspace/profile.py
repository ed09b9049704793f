"""A data file as pandas sees it: how to load it, its columns and types, and what looks odd.

Run in a child process (`python -m jupyterlab_gptinterp.workspace.profile`, a JSON request on
stdin, a JSON list of profiles on stdout) so a slow or hostile file can cost a timeout, never the
server. The profile is what a careful analyst finds in the first minutes with a new file:

- the load line, tried here before it is offered: separator, header row below a title, decimal
  comma, thousands separator, missing-value markers and a header of two rows of a CSV; the sheets
  of a workbook; the tables of a SQLite file; the table in a JSON or YAML tree (records, arrays
  with their column names kept elsewhere, objects keyed by id), flattened when nested; the
  columns of a fixed-width report (aligned with spaces) under its title, without rules and total;
  the CSV files of a zip archive stacked; Stata, SAS and SPSS files by their readers; a row per
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
"""

from __future__ import annotations

import bz2
import codecs
import csv
import functools
import gzip
import io
import json
import lzma
import mimetypes
import os
import re
import sqlite3
import sys
import tempfile
import zipfile
from collections import Counter
from pathlib import Path, PurePosixPath
from typing import IO, Any

from . import fixedwidth, logformat, trees
from .columns import Conversion, text_notes

MAX_READ = 512 * 1024  # bytes of a text file looked at
MAX_ROWS = 5000  # rows loaded to profile a table
WHOLE_LINES_BYTES = 20_000_000  # JSON lines files up to this size are read whole (their fields may change)
MAX_YAML = 2_000_000  # bytes of YAML parsed
MAX_COLUMNS = 40  # columns profiled per table
MAX_TABLES = 12  # sheets or tables profiled per file (12 sheets of 3,000 rows: 3.5 s, 6: 1.9 s)
SAMPLES = 3
TEXT_SUFFIXES = {".csv", ".tsv", ".txt", ".dat", ".tab", ".psv"}
JSON_SUFFIXES = {".json", ".jsonl", ".ndjson", ".geojson"}
YAML_SUFFIXES = {".yaml", ".yml"}
EXCEL_SUFFIXES = {".xlsx", ".xlsm", ".xls", ".ods"}
PARQUET_SUFFIXES = {".parquet", ".pq", ".feather", ".arrow"}
SQLITE_SUFFIXES = {".sqlite", ".sqlite3", ".db"}
LOG_SUFFIXES = {".log", ".out"}
XML_SUFFIXES = {".xml"}
MARKDOWN_SUFFIXES = {".md", ".markdown"}
# Files of statistics packages, each read by its pandas reader (SPSS needs pyreadstat).
STATS_READERS = {".dta": "read_stata", ".sas7bdat": "read_sas", ".xpt": "read_sas", ".sav": "read_spss"}
ARCHIVE_SUFFIXES = {".zip"}  # an archive of several data files
CALENDAR_SUFFIXES = {".ics", ".vcf"}  # iCalendar, vCard: BEGIN/END blocks of KEY:VALUE lines
_KINDS = (
    TEXT_SUFFIXES,
    JSON_SUFFIXES,
    YAML_SUFFIXES,
    EXCEL_SUFFIXES,
    PARQUET_SUFFIXES,
    SQLITE_SUFFIXES,
    LOG_SUFFIXES,
    XML_SUFFIXES,
)
DATA_SUFFIXES = set().union(*_KINDS, MARKDOWN_SUFFIXES, STATS_READERS, ARCHIVE_SUFFIXES, CALENDAR_SUFFIXES)
# Compressions pandas reads by the file name alone (read_csv, read_json, read_xml infer them).
COMPRESSED = {".gz": "gzip", ".bz2": "bz2", ".xz": "lzma", ".zip": "zip"}
# How a cell opens one by hand (json.load needs a file object): the module, the call.
_OPENERS = {
    ".gz": ("gzip", "gzip.open({})"),
    ".bz2": ("bz2", "bz2.open({})"),
    ".xz": ("lzma", "lzma.open({})"),
    ".zip": ("zipfile", "zipfile.ZipFile({0}).open(zipfile.ZipFile({0}).namelist()[0])"),
}

_MISSING_WORDS = {
    "",
    "-",
    "--",
    "—",
    "?",
    "na",
    "n/a",
    "n/e",
    "n.a.",
    "n.d.",
    "nan",
    "null",
    "none",
    "nil",
    "missing",
    "#n/a",
    "\\n",  # \N: a NULL as MySQL, PostgreSQL COPY and many dumps write it
    ".",
}
NULLS = {"\\N"}  # markers that are never a value, in any column
_NUMBERISH = re.compile(r"^[^\d\-+.,]*[-+]?[\d.,' ]*\d[^\d]*$")
_NUMBER = re.compile(r"[-+]?[\d.,' ]*\d[\d.,' ]*%?")
_DECIMAL_COMMA = re.compile(r"^-?\d+,\d+$")
_GROUPED = re.compile(r"^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$")
_WIDE_TOTAL = re.compile(r"(?:grand\s+)?(?:total|sum)\b", re.IGNORECASE)
_TRAILER = re.compile(r"(?:total|sum|trailer|trl|end|eof|count|records?)\b", re.IGNORECASE)
_MARKER = re.compile(r"[^\w\s]{1,3}")  # '..', '-', ':', '*'
_CLOCKISH = re.compile(r"[-+]?\d[\d:./\- T]*\d(?:\s*[AaPp][Mm])?")  # '2:30:15', '2024-01-05', '05/01/24'
_TOTAL_VALUE = re.compile(r"(?:grand\s+|sub-?)?totals?(?:\s*(?:for|of|[-:–]).*)?", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][A-Za-z ]{0,19}")
_UNDERLINES = re.compile(r"^ *[-=]{2,}(?: +[-=]{2,})+ *$")  # '----  ------': columns underlined, a printed table
_STATUS = re.compile(r"[A-Za-z][a-z]{3,}(?: [a-z]+)?")  # 'Closed', 'Pending review': a word, not a code
_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
_MONTH_NAME = re.compile(rf"^(?:{_MONTHS})[a-z]*\.?$", re.IGNORECASE)
_PERIOD = re.compile(
    rf"^(?:(?:{_MONTHS})[a-z]*[ _\-/]*\d{{2,4}}|\d{{4}}[ _\-/]*(?:{_MONTHS})[a-z]*|\d{{4}}[-_/]\d{{1,2}}(?:-\d{{2}})?|(?:19|20)\d{{2}}|q[1-4][ _-]*\d{{2,4}})$",
    re.IGNORECASE,
)
_UNIT_NAME = re.compile(r"\b(?:units?|uom|currency|scale)\b|_units?$|^units?_", re.IGNORECASE)


def _pd() -> Any:
    import pandas

    return pandas


def data_suffix(name: str) -> str:
    """The suffix that says what a file holds: the inner one of a compressed file (.csv of x.csv.gz),
    "" for a compressed file of no kind read here."""
    suffixes = [x.lower() for x in PurePosixPath(name).suffixes]
    if suffixes and suffixes[-1] in COMPRESSED:
        inner = suffixes[-2] if len(suffixes) > 1 else ""
        # Only kinds whose load line reads it compressed as it is (pandas infers the compression).
        if inner in (TEXT_SUFFIXES - {".txt", ".dat"}) | JSON_SUFFIXES | XML_SUFFIXES:
            return inner
        return ".zip" if suffixes[-1] == ".zip" else ""  # a zip of other things: an archive
    return suffixes[-1] if suffixes else ""


# A file whose name does not say what it holds (a browser's `History`, `cu.data.0.Current`, a feed's
# `.rss`, a dump's `.gz` of text) is told by its first bytes: only kinds whose bytes say so beyond doubt.
MAGIC = {b"SQLite format 3\x00": ".sqlite", b"PAR1": ".parquet"}
SNIFF_BYTES = 16384
# Suffixes that say a file is something else, though neither a reader here nor Python's MIME table
# names them: a notebook, source code, a config, keys, or a backup or an editor's or a download's
# leftover (the data a backup copies is listed by its own name).
NOT_DATA = {
    *(".ipynb", ".bak", ".tmp", ".temp", ".swp", ".swo", ".orig", ".old", ".lock", ".part", ".crdownload"),
    *(".r", ".rmd", ".sql", ".go", ".rs", ".java", ".kt", ".scala", ".ts", ".tsx", ".jsx", ".vue", ".svelte"),
    *(".rb", ".php", ".pl", ".lua", ".jl", ".m", ".cs", ".swift", ".ps1", ".bat", ".cmd", ".mk", ".cmake"),
    *(".toml", ".ini", ".cfg", ".conf", ".env", ".properties", ".editorconfig", ".in", ".bib", ".tex"),
    *(".pem", ".key", ".crt", ".pub", ".patch", ".diff", ".map", ".pyi", ".pxd", ".pyx", ".ipynb_checkpoints"),
}
_MIME = mimetypes.MimeTypes()  # Python's own table only: the same answer on every machine
_JSON_START = re.compile(r'\{\s*["}]|\[\s*(?:[\[{"\]\d-]|(?:true|false|null)\s*[,\]])')
_XML_START = re.compile(r"<(?:\?xml|!--|!doctype|[A-Za-z_][\w.:-]*[\s>/])", re.IGNORECASE)
_PROSE = re.compile(r"\S+(?:\s+\S+){2,}")  # three words or more: a phrase, seldom a value


def by_bytes(name: str) -> bool:
    """Whether a file's kind is looked for in its first bytes: its name says no kind read here,
    and nothing else either (code, a page, an image, a backup: what the MIME table or NOT_DATA names)."""
    if data_suffix(name) in DATA_SUFFIXES or name.endswith("~"):
        return False
    inner = PurePosixPath(name[: -len(PurePosixPath(name).suffix)] if _compressed(name) else name).suffix.lower()
    return inner not in NOT_DATA and (not inner or _MIME.guess_type("x" + inner)[0] is None)


def _compressed(name: str) -> bool:
    return PurePosixPath(name).suffix.lower() in COMPRESSED.keys() - {".zip"}


def file_kind(path: Path) -> str:
    """The suffix that says what a file holds: by its name (`data_suffix`), else, where the name
    says nothing (`by_bytes`), by its first bytes ("" when neither says)."""
    if not by_bytes(path.name):
        return data_suffix(path.name)
    try:
        st = path.stat()
    except OSError:
        return ""
    return _sniffed(str(path), st.st_size, st.st_mtime_ns)


@functools.lru_cache(maxsize=256)
def _sniffed(path: str, size: int, mtime_ns: int) -> str:
    """`file_kind` by the bytes, once per version of a file: the listing asks on every turn, and the
    profile of one file asks several times."""
    try:
        with _open(Path(path)) as f:
            head = f.read(SNIFF_BYTES)
    except Exception:  # noqa: BLE001 - unreadable, or a corrupt archive (zlib.error is no OSError): no data
        return ""
    return sniff(head, whole=len(head) < SNIFF_BYTES, compressed=_compressed(path))


def sniff_order(name: str) -> int:
    """Which files whose name says nothing are opened first, when a folder holds more than are
    opened: no suffix, a number (`.1`, `.2023`) or a compression before any other suffix."""
    suffix = PurePosixPath(name).suffix.lower()
    return 0 if not suffix or suffix[1:].isdigit() or _compressed(name) else 1


def sniff(head: bytes, whole: bool = False, compressed: bool = False) -> str:
    """The kind the first bytes of a file show beyond doubt ("" when they show none): a database or
    parquet by its magic bytes; else text that is XML, JSON or JSON lines, a delimited table, a
    log's lines (not `compressed`: their load line opens the file as it is) or values apart by
    blanks."""
    kind = next((kind for magic, kind in MAGIC.items() if head.startswith(magic)), "")
    if kind or b"\x00" in head:
        return kind
    text = _decode(head)[0].lstrip("\ufeff \t\r\n")
    lines = text.splitlines() if whole else text.splitlines()[:-1]  # the last may be cut
    if _XML_START.match(text):
        return ".xml" if _parses_as_xml(text, whole) else ""
    if _JSON_START.match(text):
        if len(lines) > 1 and _parses_as_json(lines[0], True) and lines[1].lstrip().startswith("{"):
            return ".jsonl"
        if _parses_as_json(text, whole):
            return ".json"
    if _sniffed_table(lines):
        return ".txt"
    if not compressed and _logged(lines[:200]):
        return ".log"
    return ".dat" if _blank_separated([line for line in lines[:60] if line.strip()]) else ""


def _logged(lines: list[str]) -> bool:
    """A log's lines: most of one shape stamped with a time, a date or a level, or events."""
    fmt = logformat.infer(lines)
    stamped = fmt is not None and any(f.rstrip("0123456789") in ("ts", "date", "time", "level") for f in fmt.fields)
    return (stamped and fmt is not None and fmt.matched >= 0.8 * fmt.total) or logformat.events(lines) is not None


def _parses_as_json(text: str, whole: bool) -> bool:
    """JSON, or JSON cut short where the bytes read end (not a log's '[2024-03-01 10:00]' lines)."""
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return not whole and exc.pos >= len(text.rstrip()) - 1
    return True


def _parses_as_xml(text: str, whole: bool) -> bool:
    """Well-formed XML as far as it goes, and not a web page (an unclosed <meta> or <br> is not
    XML; a page that is, opening with <html>, is still a page)."""
    from xml.etree import ElementTree

    parser: ElementTree.XMLPullParser = ElementTree.XMLPullParser(events=("start",))
    try:
        parser.feed(text)
        if whole:
            parser.close()
    except ElementTree.ParseError:
        return False
    first = next(iter(parser.read_events()), None)
    root = str(getattr(first[1], "tag", "")) if isinstance(first, tuple) and len(first) == 2 else ""
    return root.rpartition("}")[2].lower() not in ("", "html", "head", "body", "div", "template", "svg")


def _sniffed_table(lines: list[str]) -> bool:
    """Delimited rows of values, as the profile reads a .txt (`_tabular_lines`), most of them with two
    values or more (not a recipe's indent, not a trailing comma) and few of those sentences (prose
    with a comma or two on each line is not a table)."""
    rows = [line for line in lines[:20] if line.strip()]
    if len(rows) < 3 or not _tabular_lines(rows):
        return False
    for sep in (",", ";", "\t", "|"):
        split = [r for r in csv.reader(rows, delimiter=sep) if sum(bool(c.strip()) for c in r) >= 2]
        width, freq = Counter(len(r) for r in split).most_common(1)[0] if split else (0, 0)
        cells = [c for r in split if len(r) == width for c in r]
        if (
            width >= 2
            and freq >= 0.7 * len(rows)
            and sum(bool(_PROSE.fullmatch(c.strip())) for c in cells) < 0.5 * len(cells)
        ):
            return True
    return False


def _open(path: Path) -> IO[bytes] | io.BufferedIOBase:
    """The file's bytes, decompressed when its name says it is compressed."""
    kind = COMPRESSED.get(path.suffix.lower())
    if kind == "gzip":
        return gzip.open(path, "rb")
    if kind in ("bz2", "lzma"):
        return bz2.open(path, "rb") if kind == "bz2" else lzma.open(path, "rb")
    if kind == "zip":
        archive = zipfile.ZipFile(path)
        members = [m for m in archive.namelist() if not m.endswith("/")]
        if len(members) != 1:  # pandas reads a zip of one file only
            raise ValueError(f"a zip archive of {len(members)} files")
        return archive.open(members[0])
    return path.open("rb")


# --- reading text tables ------------------------------------------------------------------------


def _decode(head: bytes) -> tuple[str, str]:
    for encoding in ("utf-8-sig", "cp1252", "latin-1"):
        try:
            return head.decode(encoding), encoding
        except UnicodeDecodeError:
            continue
    return head.decode("utf-8", errors="replace"), "utf-8"


BLANKS = r"\s+"  # read_csv's separator for values apart by any run of spaces or tabs


def _dialect(lines: list[str], suffix: str, blanks: bool = False) -> tuple[str, int]:
    """(separator, rows before the header): the separator that splits most lines into the same
    number of fields, and the title or note lines above the header that do not; `blanks`: runs of
    blanks when no character does."""
    candidates = ["\t"] if suffix == ".tsv" else [",", ";", "\t", "|"]
    best = (",", 0, 0.0)
    body = [line for line in lines[:60] if line.strip()]
    for sep in candidates:
        # Records, not lines: a quoted value may span lines (an address, a note).
        counts = [len(r) for r in csv.reader(body, delimiter=sep)]
        if not counts:
            continue
        width, freq = Counter(counts).most_common(1)[0]
        if width < 2:
            continue
        score = freq / len(counts) * min(width, 20)
        if score > best[2]:
            skip = next((i for i, c in enumerate(counts) if c == width), 0)
            best = (sep, skip, score)
    sep, skip, score = best
    if not score and blanks and _blank_separated(body):  # values apart by blanks ('en Cat 17 0')
        sep = BLANKS
    # Blank lines before the header count as rows to skip too.
    nonblank = [i for i, line in enumerate(lines) if line.strip()]
    return sep, nonblank[skip] if skip < len(nonblank) else 0


def _blank_separated(body: list[str]) -> bool:
    """Whether lines no character splits alike are values apart by blanks: every line has as many
    (two or more), none is quoted, and some column holds numbers in every line under the first (a
    list of names, or of phrases, is one column)."""
    split = [line.split() for line in body]
    if (
        len(split) < 3
        or len(split[0]) < 2
        or any(len(r) != len(split[0]) for r in split)
        or any('"' in b for b in body)
    ):
        return False
    return any(all(_NUMBERISH.match(r[i]) for r in split[1:]) for i in range(len(split[0])))


def _csv_load(name: str, path: Path, footer: bool = True) -> tuple[str, dict[str, Any], list[str]]:
    """(the read_csv call as code, its keyword arguments, notes); `footer`: a trailer may be skipped
    (not where the rows are read with `nrows`, which pandas refuses beside `skipfooter`)."""
    with _open(path) as f:
        head = f.read(MAX_READ)
    text, encoding = _decode(head)
    lines = text.splitlines()
    if len(head) == MAX_READ and lines:
        lines = lines[:-1]
    sep, skip = _dialect(lines, file_kind(path), blanks=True)
    rows = [line.split() for line in lines[skip:]] if sep == BLANKS else list(csv.reader(lines[skip:], delimiter=sep))
    kwargs: dict[str, Any] = {}
    notes: list[str] = []
    if sep != ",":
        kwargs["sep"] = sep
    if skip:
        kwargs["skiprows"] = skip
        notes.append(f"the header is on line {skip + 1}; the line(s) above it are a title or notes")
    headerless = _headerless(rows)
    if headerless:
        kwargs["header"] = None
        notes.append(
            f"no header: the first line is a record like the others; the columns are named '0' to "
            f"'{len(rows[0]) - 1}' (rename them from what they hold)"
        )
        rows = [[""] * len(rows[0]), *rows]  # the rows below stay rows
    cells = [c.strip() for row in rows[1:400] for c in row]
    if encoding not in ("utf-8-sig", "utf-8"):
        kwargs["encoding"] = encoding
    numeric_cells = [c for c in cells if c and _NUMBERISH.match(c)]
    commas = [c for c in numeric_cells if _DECIMAL_COMMA.match(c)]
    # '6,850' may be either; '6,85', '0,125' or '1234,5' is no thousands grouping: a decimal comma.
    if (
        sep != ","
        and len(commas) > 0.2 * len(numeric_cells)
        and any(not _GROUPED.match(c) or c.lstrip("-").startswith("0,") for c in commas)
    ):
        kwargs["decimal"] = ","
        notes.append("numbers use a decimal comma")
    elif sum(bool(_GROUPED.match(c)) for c in numeric_cells) > 0.05 * max(len(numeric_cells), 1):
        kwargs["thousands"] = ","
    _read_as_missing(rows[0] if rows else [], rows[1:], kwargs, notes)  # all read: statuses sort last
    if headerless:
        _markers_for_all(kwargs)  # pandas names the columns 0, 1, ...
    if footer and len(head) < MAX_READ and (n := _footer([r for r in rows if any(c.strip() for c in r)])):
        blank = len(lines) - len("\n".join(lines).rstrip().splitlines())  # pandas counts blank lines at the end
        last = next(line for line in reversed(lines) if line.strip())
        kwargs.update(skipfooter=n + blank, engine="python")
        notes.append(
            f"the last {n} line(s) are a trailer or total, not rows ({last.strip()[:40]!r}): skipfooter drops them"
        )
    names = [] if headerless else _two_row_header(rows[:400])
    if names:
        _markers_for_all(kwargs)  # the columns get other names
        kwargs.update(skiprows=skip + 2, header=None, names=names)
        notes.append(_two_rows_note(names))
    return _call("pd.read_csv", name, kwargs), kwargs, notes


def _headerless(rows: list[list[str]]) -> bool:
    """Whether the first row is a record, not names: in every column its cell is of the kind of the
    values under it (numbers over numbers, text over text), and some of its cells are plain numbers
    but no year or month (a wide table's header of years is names; 'x1' over numbers is a name)."""
    body = [r for r in rows[1:200] if len(r) == len(rows[0])] if rows else []
    if len(body) < 2 or len(rows[0]) < 2:
        return False
    numbers: list[str] = []
    for i, cell in enumerate(c.strip() for c in rows[0]):
        if cell.lower() in _MISSING_WORDS:  # a record's missing value ('', '\N') says neither
            continue
        column = [r[i].strip() for r in body if r[i].strip()]
        numeric = bool(column) and sum(bool(_NUMBERISH.match(v)) for v in column) >= 0.9 * len(column)
        if numeric != bool(_NUMBERISH.match(cell)):
            return False
        if numeric and _NUMBER.fullmatch(cell) and not _PERIOD.match(cell):
            numbers.append(cell)
    # Numbers counting up by one ('date,0,1,2,3': hours or days across) are names.
    counted = [int(n) for n in numbers if n.isdigit()]
    return bool(numbers) and not (len(counted) > 1 and counted == list(range(counted[0], counted[0] + len(counted))))


def _two_rows_note(names: list[str]) -> str:
    first, pair = names[0], next(n for n in names if "/" in n)
    return (
        f"the header is two rows: each column is named 'upper/lower' (e.g. {pair!r}); one row per column: "
        f"long = df.melt(id_vars=[{first!r}], var_name='column', value_name='value'); "
        "long[['upper', 'lower']] = long['column'].str.split('/', n=1, expand=True)"
    )


def _two_row_header(rows: list[list[str]]) -> list[str]:
    """The column names of a table whose header is two rows (a group over the columns under it, as
    exports of a pivot or of merged cells write it), joined 'upper/lower'; [] when it is one row."""
    if len(rows) < 4 or len(rows[0]) != len(rows[1]) or len(rows[0]) < 3:
        return []
    upper, lower = [c.strip() for c in rows[0]], [c.strip() for c in rows[1]]
    under = [i for i, c in enumerate(lower) if c]
    if len(under) < 2 or any(_NUMBER.fullmatch(c) for c in upper + lower if c):
        return []
    body = [r for r in rows[2:] if len(r) == len(upper)]
    values = [r[i].strip() for r in body for i in under if r[i].strip()]
    if not values or sum(bool(_NUMBERISH.match(v)) for v in values) < 0.8 * len(values):
        return []  # the second row is not a header over numbers: it is data
    groups = [u for u in upper if u]
    if len(set(groups)) == len(groups) and all(upper[i] for i in under):
        return []  # every column has its own name above: the lower row adds nothing a group would
    names, group = [], ""
    for u, low in zip(upper, lower):
        group = u or group
        names.append(f"{group}/{low}" if low and group else low or u)
    return names if len(set(names)) == len(names) and any("/" in n for n in names) else []


def _read_as_missing(header_row: list[str], rows: list[list[str]], kwargs: dict[str, Any], notes: list[str]) -> None:
    """`na_values` for the words standing for a missing value in columns of numbers, and a note."""
    markers = _missing_markers(rows)
    nulls = NULLS & {c.strip() for r in rows for c in r}  # a NULL written \N is missing in any column
    if not markers and not nulls:
        return
    header = [c.strip() for c in header_row]
    # Per column, so that the same word elsewhere stays text, where pandas names the columns so.
    if nulls:
        kwargs["na_values"] = sorted(nulls.union(*markers.values()))
    elif all(i < len(header) and header[i] and header_row[i] == header[i] for i in markers):
        kwargs["na_values"] = {header[i]: sorted(m) for i, m in markers.items()}
    else:
        kwargs["na_values"] = sorted(set().union(*markers.values()))
    said = [
        f"{v!r} in {header[i] if i < len(header) and header[i] else i!r} ({n} rows)"
        for i, m in markers.items()
        for v, n in m.items()
        if v not in nulls
    ]
    said += [f"{v!r} in any column" for v in sorted(nulls)]
    # Said how to find them again: a model counting the word itself ('DNF') in the loaded column gets 0.
    notes.append(f"read as missing, so .isna() finds them: {', '.join(said[:6])}")


def _markers_for_all(kwargs: dict[str, Any]) -> None:
    """`na_values` for every column, where the names they were found under are not the labels pandas reads."""
    if isinstance(kwargs.get("na_values"), dict):
        kwargs["na_values"] = sorted({v for m in kwargs["na_values"].values() for v in m})


def _missing_markers(rows: list[list[str]]) -> dict[int, Counter[str]]:
    """Per column that otherwise holds numbers, the words standing for a missing value in it and how
    often: the common ones ('n/a', 'n/e', '-'), and, where they are few, short tokens with no letter
    ('..', ':', '*') or a status word written where there was no number ('Closed', 'Suppressed'),
    or any word among times and dates ('DNF' for a finish time). Among numbers a code ('Pre-K',
    'K', '<LOD', 'W/O') may be a value: it stays."""
    width = max((len(r) for r in rows), default=0)
    found: dict[int, Counter[str]] = {}
    for i in range(width):
        column = [r[i].strip() for r in rows if i < len(r)]
        numeric = [v for v in column if v and _NUMBERISH.match(v)]
        clock = [v for v in column if v and not _NUMBERISH.match(v) and _CLOCKISH.fullmatch(v)]
        said = [v for v in column if v.lower() in _MISSING_WORDS]  # '-' in most rows of a column of counts
        if len(numeric) + len(clock) < 0.5 * (len(column) - len(said)):
            continue
        others = [v for v in column if v and not _NUMBERISH.match(v) and not _CLOCKISH.fullmatch(v)]
        mostly = len(others) <= 0.25 * (len(numeric) + len(clock)) and len(set(others)) <= 3
        word = _WORD if len(clock) > len(numeric) else _STATUS  # a time or a date is never a word ('DNF')
        # A 'Total' row is a row of its own (`_total_rows`), not a missing value.
        status = {v for v in set(others) if _MARKER.fullmatch(v) or word.fullmatch(v) and not _TOTAL_VALUE.fullmatch(v)}
        markers = Counter(v for v in others if v.lower() in _MISSING_WORDS or (mostly and v in status))
        if markers:
            found[i] = markers
    return found


def _footer(rows: list[list[str]]) -> int:
    """Records after the table that are not rows of it (a trailer 'TRL|000140', a 'Total,190'
    line): the last few, below rows as wide as the header, each of at most half its fields or
    opening with a word such as 'total'. A row that only lacks its last values is a row. A total
    line that spreadsheets write as wide as the table ('Total;;;;97.255,00;...') opens with such a
    word and fills at most half its fields."""
    width = len(rows[0]) if rows else 0

    firsts = {r[0].strip().split(" ")[0].casefold() for r in rows[1:-3] if r}  # words that open rows

    def trailer(row: list[str]) -> bool:
        first = row[0].strip()
        if len(row) >= width:  # only a total, and not a word that opens rows above it ('End' of a match)
            wide = _WIDE_TOTAL.match(first) and first.split(" ")[0].casefold() not in firsts
            return bool(wide) and sum(bool(c.strip()) for c in row) <= width // 2
        return len(row) <= width // 2 or bool(_TRAILER.match(first))

    n = 0
    while width > 2 and n < 3 and len(rows) > n + 3 and trailer(rows[-1 - n]):
        n += 1
    return n if n and len(rows[-1 - n]) == width else 0


def _call(func: str, name: str, kwargs: dict[str, Any]) -> str:
    args = [repr(name)] + [f"{k}={v!r}" for k, v in kwargs.items()]
    return f"{func}({', '.join(args)})"


# --- columns --------------------------------------------------------------------------------------


def _kind(series: Any) -> str:
    pd = _pd()
    dtype = series.dtype
    if pd.api.types.is_bool_dtype(dtype):
        return "bool"
    if pd.api.types.is_integer_dtype(dtype):
        return "int"
    if pd.api.types.is_float_dtype(dtype):
        return "float"
    if pd.api.types.is_datetime64_any_dtype(dtype):
        return "datetime"
    if pd.api.types.is_timedelta64_dtype(dtype):
        return "timedelta"
    values = series.dropna()
    if len(values) and all(isinstance(v, str) for v in values.head(200)):
        return "text"
    # Every value read, not the first ones: an API's few lists among numbers ('value': [0.30, 0.31]
    # where two readings met) make an object column that is no column of floats.
    kinds = {type(v).__name__ for v in values}
    if kinds & {"dict", "list"}:
        nested = sum(isinstance(v, dict | list) for v in values)
        return "nested" if 2 * nested >= len(values) else "mixed " + "/".join(sorted(kinds))
    if kinds <= {"date", "datetime", "Timestamp"}:
        return "date objects"
    return "mixed " + "/".join(sorted(kinds)) if len(kinds) > 1 else (kinds.pop() if kinds else "empty")


def _shown(value: Any, limit: int = 40) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _columns(df: Any) -> list[dict[str, Any]]:
    out = []
    for col in list(df.columns)[:MAX_COLUMNS]:
        series = df[col]
        if getattr(series, "ndim", 1) != 1:  # a repeated column name: pandas gives a frame
            series = series.iloc[:, 0]
        kind = _kind(series)
        values = series.dropna()
        notes: list[str] = []
        holds, conversion = "", None
        samples: list[str] = []
        few: list[str] = []  # every value of a text column that has few
        distinct = 0
        try:
            uniques = values.astype(str).unique().tolist() if kind != "nested" else []
            distinct = len(uniques)
            samples = [_shown(v) for v in uniques[:SAMPLES]]
        except (TypeError, ValueError):
            pass
        if kind == "text":
            texts = [str(v) for v in values.head(2000)]
            notes, holds, conversion = text_notes(texts)
            shared = _shared_start(uniques)
            if not notes and 0 < distinct <= 8 and not shared:
                few = [str(v) for v in uniques]
                notes.append("values: " + ", ".join(repr(_shown(v)) for v in few))
                samples = []
                # Named for units and holding unit-like words ('kg', 'C', 'm3'), not ids ('INV01').
                if _UNIT_NAME.search(str(col)) and all(len(v) <= 10 and not re.search(r"\d\d", v) for v in few):
                    notes.append("the unit of each row's number: convert to one unit before comparing or averaging")
                    holds = "units"
            if shared:  # values cut at 40 characters would show the shared start only
                samples = []
                notes.append(shared)
        elif kind == "nested":
            first = values.iloc[0] if len(values) else None
            if isinstance(first, dict):
                notes.append(f"nested records with keys {', '.join(repr(k) for k in list(first)[:8])}")
            elif isinstance(first, list):
                notes.append(_list_note(str(col), values))
            samples = [_shown(json.dumps(v, default=str), 60) for v in values.head(2)]
        elif kind.startswith("mixed") and (mixed := _mixed_numbers(values))[1]:
            notes, holds, conversion = mixed  # numbers, some written as text ('€136.00', 136)
        elif kind.startswith("mixed") and (listed := _lists_among_values(values)):
            notes.append(listed)
        elif kind.startswith("mixed") and (words := _words_among_numbers(values)):
            notes.append(words)
            holds = "numbers and words"
        elif kind.startswith("mixed"):
            notes.append(
                "values of several types ("
                + ", ".join(list(dict.fromkeys(repr(v) for v in values.head(200).tolist()))[:6])
                + ")"
            )
        elif kind == "datetime":
            zone = str(getattr(values.dt, "tz", None) or "")
            utc = zone.upper().removeprefix("ETC/") in ("UTC", "TZUTC()", "UTC+00:00")
            local = "; for local time, {col}.dt.tz_convert('<the zone>')" if utc else ""
            zone = "UTC" if utc else zone
            notes.append(f"already dates{f' in {zone}' if zone else ''}: use .dt, not .str{local}")
        elif kind in ("int", "float") and (epoch := _epoch(str(col), values)):
            notes.append(epoch)
        elif kind in ("int", "float") and (code := _missing_code(values)) is not None:
            notes.append(
                f"{code:g} looks like a code for a missing value, not a number ({int((values == code).sum())} rows): "
                f"{{col}} = {{col}}.mask({{col}} == {code:g}) before computing"
            )
        notes = [n.replace("{col}", f"df[{str(col)!r}]") for n in notes]
        out.append(
            {
                "name": str(col),
                "dtype": kind,
                "missing": int(series.isna().sum()),
                "distinct": distinct,
                "samples": samples,
                "values": few,
                "notes": notes,
                "holds": holds,
                "converted": _converted(df, col, series, conversion),
                "keys": _keys(str(col), kind, values, distinct),
            }
        )
    return out


_ID_NAME = re.compile(r"(?:id|code|key|no|num|number)$", re.IGNORECASE)
MAX_KEYS = 3000  # values of a column kept to find which tables join on it


def _keys(name: str, kind: str, values: Any, distinct: int) -> list[str]:
    """The values of a column that may join tables (named like an id, one row each, or codes of
    letters and digits), as text (31205.0 read with missing values as 31205); [] for others and
    for columns of too many."""
    if kind not in ("int", "float", "text") or not 2 <= distinct <= MAX_KEYS:
        return []
    if not (_ID_NAME.search(name) or distinct == len(values) or (kind == "text" and codes(values.unique()))):
        return []
    uniques = values.unique()
    if kind == "float" and not all(float(v).is_integer() for v in uniques):
        return []
    return sorted(str(int(v)) if kind != "text" else str(v).strip() for v in uniques)


def _list_note(col: str, values: Any) -> str:
    """Lists in a column: a row per item (explode), or, where every list holds the same few numbers
    (coordinates, a pair), each item by its position."""
    shown = _shown(json.dumps(values.iloc[0], default=str), 60)
    head = values.head(2000).tolist()
    sizes = {len(v) if isinstance(v, list) else -1 for v in head}
    numbers = all(
        isinstance(x, int | float) and not isinstance(x, bool) for v in head if isinstance(v, list) for x in v
    )
    if len(sizes) == 1 and 2 <= (n := sizes.pop()) <= 4 and numbers:
        order = " (GeoJSON order: longitude, latitude, then elevation or depth)" if col.endswith("coordinates") else ""
        return (
            f"lists of {n} numbers each ({shown}){order}: one item by its position, df[{col!r}].str[0] ... "
            f".str[{n - 1}]"
        )
    return f"lists ({shown}): df.explode({col!r}) gives a row per item"


_TIME_NAME = re.compile(r"time|date|updated|created|modified|_at$|^ts$|stamp", re.IGNORECASE)


def _epoch(col: str, values: Any) -> str:
    """Whole numbers named like a time that are seconds or milliseconds since 1970 (an API's
    timestamps, 2001 to 2096): how to read them as dates."""
    if not _TIME_NAME.search(col) or not len(values):
        return ""
    low, high = float(values.min()), float(values.max())
    for unit, lo, hi in (("ms", 1e12, 4e12), ("s", 1e9, 4e9)):
        if lo <= low and high < hi and all(float(v).is_integer() for v in values.head(200)):
            when = _pd().to_datetime(int(values.iloc[0]), unit=unit, utc=True).strftime("%Y-%m-%d %H:%M UTC")
            span = "milliseconds" if unit == "ms" else "seconds"
            return (
                f"{span} since 1970 ({int(values.iloc[0])} is {when}): pd.to_datetime({{col}}, unit={unit!r}, "
                "utc=True) reads them as dates"
            )
    return ""


_CODE = re.compile(r"(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9][A-Za-z0-9 _./-]{1,15}")


def codes(values: Any) -> bool:
    """Nearly every value is a short code of letters and digits ('CHEM1010', 'RJ-2301'): an identifier."""
    texts = [str(v).strip() for v in values]
    return bool(texts) and sum(bool(_CODE.fullmatch(t)) for t in texts) >= 0.95 * len(texts)


def _missing_code(values: Any) -> float | None:
    """A value written only of 9s (-999, 9999), repeated, far outside the other values: agencies
    write it where a reading is missing."""
    codes = [v for v in values.unique()[:5000] if re.fullmatch(r"-?9{2,}(?:\.0+)?", f"{v:g}" if v == v else "")]
    for code in sorted(codes, key=abs, reverse=True):
        rest = values[values != code]
        if (values == code).sum() >= 2 and len(rest) and (code < 0 <= rest.min() or code > 0 and rest.max() * 5 < code):
            return float(code)
    return None


def _wide(df: Any) -> str:
    periods = [str(c) for c in df.columns if _PERIOD.match(str(c).strip()) or _MONTH_NAME.match(str(c).strip())]
    if len(periods) < 6:
        return ""
    keep = [str(c) for c in df.columns if str(c) not in periods][:8]
    return (
        f"wide: {len(periods)} columns are periods ({periods[0]!r} … {periods[-1]!r}), one value per column; "
        f"df.melt(id_vars={keep!r}, var_name='period', value_name='value') gives one row per period"
    )


def _shared_start(uniques: list[str]) -> str:
    """A note for long values that all open alike (an API's URLs naming a station and a measure at
    their end), saying that start once and showing what differs; "" otherwise."""
    if len(uniques) < 2 or min(len(v) for v in uniques) <= 40:
        return ""
    start = os.path.commonprefix(uniques)
    start = start[: max(start.rfind(c) for c in "/:?&=#_-. ") + 1]  # whole words follow: '7001', not '1'
    if len(start) < 12:
        return ""
    tails = ", ".join(repr(_shown(v[len(start) :], 50)) for v in uniques[:10])
    return f"every value starts {start!r}; what follows it: {tails}"


def _lists_among_values(values: Any) -> str:
    """A note for a few lists among single values (two readings where one was expected)."""
    lists = values[values.map(lambda v: isinstance(v, list))]
    if lists.empty:
        return ""
    first = _shown(json.dumps(lists.iloc[0], default=str), 40)
    return (
        f"{len(lists)} values are lists ({first}) among single values: {{col}}.explode() gives a row per item; "
        "{col}.map(lambda v: v[0] if isinstance(v, list) else v) keeps the first of each"
    )


def _words_among_numbers(values: Any) -> str:
    """A note for numbers with a few words among them (a mark 'ABS' or 'DEF' typed where there was
    none), naming the words and how to take the numbers alone; "" for anything else. On such a
    column .str gives NaN for every number, the trap a small model falls into."""
    numbers = values.map(lambda v: isinstance(v, int | float) and not isinstance(v, bool))
    words = Counter(str(v).strip() for v in values[~numbers])
    if not words or len(words) > 5 or numbers.sum() < 0.75 * len(values):
        return ""
    said = ", ".join(f"{w!r} ({n} rows)" for w, n in words.most_common())
    return (
        f"numbers, with words among them: {said}; the numbers alone: pd.to_numeric({{col}}, errors='coerce') "
        "(the words become NaN; .str on this column would make every number NaN)"
    )


def _mixed_numbers(values: Any) -> tuple[list[str], str, Conversion | None]:
    """A column of numbers some of which are text with a symbol or unit (a spreadsheet typed into
    by hand): the text column's notes and conversion, taken of the values as text."""
    notes, holds, conversion = text_notes([str(v) for v in values.head(2000)])
    if not holds.startswith("numbers"):
        return [], "", None
    notes = [n.replace("{col}", "{col}.astype(str)") for n in notes]
    if conversion is not None:
        first = conversion
        conversion = Conversion(first.expr.replace("{col}", "{col}.astype(str)"), lambda s: first.apply(s.astype(str)))
    return notes, holds, conversion


def _converted(df: Any, col: Any, series: Any, conversion: Conversion | None) -> str:
    """The line that makes a text column the numbers or dates it holds, tried on the rows read here:
    "" when there is none, or it fails, or it would turn a value into NaN."""
    if conversion is None or df[col].ndim != 1:
        return ""
    try:
        done = conversion.apply(series)
    except Exception:  # noqa: BLE001 - a value the expression cannot take: offer the note only
        return ""
    if int(done.notna().sum()) < int(series.notna().sum()):
        return ""
    target = f"df[{str(col)!r}]"
    return f"{target} = {conversion.expr.replace('{col}', target)}"


STRIP_LABELS = "df.columns = df.columns.str.strip()"


def _keys_in_one(df: Any) -> tuple[Any, str] | None:
    """A first column whose name lists several keys joined by commas, each value the same number
    of parts (a statistics office's SDMX table: 'freq,unit,geo\\TIME_PERIOD' over 'M,NR,AT'): the
    frame with a column per key, and the line that makes them."""
    if not len(df.columns) or not isinstance(first := df.columns[0], str) or first.count(",") < 1:
        return None
    names = [n.split("\\")[0].strip() for n in first.split(",")]  # 'geo\\TIME_PERIOD': the key is geo
    values = df[first].dropna().astype(str)
    if not len(values) or not all(n.isidentifier() for n in names) or set(names) & set(map(str, df.columns)):
        return None
    if not (values.str.count(",") == len(names) - 1).all():
        return None
    out = df.copy()
    out[names] = out[first].str.split(",", expand=True)
    out = out[[*names, *[c for c in df.columns if c != first]]]
    line = f"df[{names!r}] = df.pop({first!r}).str.split(',', expand=True)"
    return out, line + f"\ndf = df[{names!r} + [c for c in df.columns if c not in {names!r}]]"


TEXT_LABELS = "df.columns = [c.strftime('%Y-%m-%d') if hasattr(c, 'strftime') else str(c) for c in df.columns]"


def _label(c: Any) -> str:
    """A column label as TEXT_LABELS makes it text."""
    return c.strftime("%Y-%m-%d") if hasattr(c, "strftime") else str(c)


def _total_rows(df: Any) -> tuple[str, str]:
    """Rows inside a table that total others ('Total' in its name column, once per month of a
    stacked export): the line that drops them and a note, or ("", "")."""
    for col in list(df.columns)[:MAX_COLUMNS]:
        series = df[col]
        if series.ndim != 1 or _kind(series) != "text":
            continue
        found = sorted({v for v in series.dropna().unique() if _TOTAL_VALUE.fullmatch(str(v).strip())})
        n = int(series.isin(found).sum())
        if found and n <= 0.2 * len(df):
            return f"df = df[~df[{str(col)!r}].isin({found!r})]", (
                f"{n} rows are totals of the others ({', '.join(map(repr, found))} in {str(col)!r}): "
                "the load block drops them, so sums and counts are over the rest"
            )
    return "", ""


DROP_COPIES = "df = df.drop_duplicates()"


def _key_of_copies(df: Any) -> str:
    """The column naming each record (one value per row, once the exact copies are dropped, and
    text or whole numbers), where a table holds exact copies of rows; "" when none does: without
    an id, two equal rows may be two records (two sales of one item on one day)."""
    kept = df.drop_duplicates()
    for name in df.columns[:3]:
        col = kept[name]
        if col.dtype.kind in "iuO" and col.notna().all() and col.is_unique and len(kept) >= 10:
            return str(name)
    return ""


def _table(name: str, df: Any, load: str, rows: int | None, notes: list[str]) -> dict[str, Any]:
    """A table's profile. Its load block also converts the columns that hold numbers or dates as
    text (each line tried here): a small model that starts from the block computes on values, not
    on text, with no step of its own to forget."""
    if not all(isinstance(c, str) for c in df.columns):
        # A header of dates or numbers (months across a sheet) gives labels df['2024-01-01'] cannot
        # find: they are made text first, as the preview names them.
        df = df.copy()
        df.columns = [_label(c) for c in df.columns]
        load += "\n" + TEXT_LABELS
    names = [str(c) for c in df.columns]
    if any(n != n.strip() for n in names) and len({n.strip() for n in names}) == len(names):
        # '2019-01 ' in the header (a statistics office's TSV): df['2019-01'] would find nothing.
        df = df.copy()
        df.columns = [n.strip() for n in names]
        load += "\n" + STRIP_LABELS
    split = _keys_in_one(df)
    if split:  # 'freq,unit,geo\\TIME_PERIOD' over 'M,NR,AT': a column per key, as the header names them
        df, line = split
        load += "\n" + line
    wide = _wide(df)
    columns = _columns(df)
    try:
        copies = int(df.duplicated().sum())
    except TypeError:  # list or dict cells cannot be compared
        copies = 0
    key = _key_of_copies(df) if copies else ""
    if key:  # a record with its own id, written out twice: the load block keeps one of each
        notes = [
            *notes,
            f"{copies} rows were exact copies of an earlier row, {key!r} and all (a record exported twice): the "
            "load block drops them, so each row is one record",
        ]
    elif copies:
        notes = [
            *notes,
            f"{copies} rows are exact copies of an earlier row (of the {len(df)} read): if each row is one record, "
            "df = df.drop_duplicates() first",
        ]
    converts = [c["converted"] for c in columns if c["converted"]]
    if key:
        converts.insert(0, DROP_COPIES)
    dropped, said = _total_rows(df)
    if dropped:
        converts, notes = [dropped, *converts], [*notes, said]
    return {
        "name": name,
        "rows": rows,
        "load": "\n".join([load, *converts]),
        "columns": columns,
        "width": int(df.shape[1]),
        "notes": notes + ([wide] if wide else []),
        "whole": rows is not None and len(df) >= rows,
    }


# --- one file of each kind -------------------------------------------------------------------------


def _count_lines(path: Path) -> int:
    n = 0
    last = b"\n"
    with _open(path) as f:
        while block := f.read(1 << 20):
            n += block.count(b"\n")
            last = block[-1:]
    return n + (last != b"\n")


def _text_table(name: str, path: Path) -> dict[str, Any]:
    pd = _pd()
    call, kwargs, notes = _csv_load(name, path)
    try:  # (a footer is skipped only in a file read whole: pandas reads no footer with `nrows`)
        df = pd.read_csv(path, **kwargs) if "skipfooter" in kwargs else pd.read_csv(path, nrows=MAX_ROWS, **kwargs)
    except Exception:
        call, kwargs, notes = (
            _call("pd.read_csv", name, {"sep": None, "engine": "python"}),
            {"sep": None, "engine": "python"},
            [],
        )
        df = pd.read_csv(path, nrows=MAX_ROWS, **kwargs)
    if len(df) < MAX_ROWS:  # all of it was read: its rows, even where a quoted value spans lines
        total: int | None = len(df)
    else:
        header = 0 if "header" in kwargs else 1
        total = _count_lines(path) - header - kwargs.get("skiprows", 0) if path.stat().st_size < 50_000_000 else None
    return {"kind": "table", "tables": [_table("", df, f"df = {call}", total, notes)]}


def _tree(path: Path) -> tuple[Any, str]:
    """(the parsed JSON or YAML, the expression that parses it in a cell)."""
    module, opener = _OPENERS.get(path.suffix.lower(), ("", "open({})"))
    handle = opener.format(repr(path.name))
    with _open(path) as f:
        raw = f.read()
    if file_kind(path) in YAML_SUFFIXES:
        import yaml

        if len(raw) > MAX_YAML:  # PyYAML reads a few hundred KB a second
            raise ValueError(f"a YAML file over {MAX_YAML // 1_000_000} MB is not parsed here")
        return yaml.safe_load(raw), f"yaml.safe_load({handle})"
    return json.loads(raw.decode("utf-8", errors="replace")), f"json.load({handle})"


def _records_load(name: str, path: Path) -> tuple[str, Any, list[str]]:
    pd = _pd()
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
        return "\n".join([f"df = pd.read_json({name!r}, lines=True)", *lines]), df, notes
    data, loader = _tree(path)
    loader = loader.replace(repr(path.name), repr(name))
    found = trees.find(data)
    if found is None:
        keys = ", ".join(repr(k) for k in list(data)[:20]) if isinstance(data, dict) else ""
        return "", None, [f"an object with keys {keys}" if keys else "no table of records in it"]
    rows = trees.data_at(data, found.path)
    records = [] if found.shape == "rows" else rows if found.shape == "records" else list(rows.values())
    nested = any(isinstance(v, dict) for r in records[:200] if isinstance(r, dict) for v in r.values())
    note = trees.describe(found, nested)
    if found.shape == "records" and not found.path and not nested and loader.startswith("json."):
        df = pd.read_json(io.StringIO(json.dumps(rows[:MAX_ROWS], default=str)))
        return f"df = pd.read_json({name!r})", df, [note] if note else []
    module = loader.partition(".")[0]
    opener = _OPENERS.get(path.suffix.lower(), ("", ""))[0]
    imports = ", ".join([module, *([opener] if opener else [])])
    code = "\n".join([f"import {imports}", *trees.load_lines(found, loader)])
    scope: dict[str, Any] = {"pd": pd}
    # The table from the tree already parsed, by the very lines offered (the loader swapped for it).
    tree = trees.cut(data, found.path, MAX_ROWS + 1)
    exec(code.replace(loader, "tree").split("\n", 1)[1], {**scope, "tree": tree}, scope)  # noqa: S102
    return code, scope["df"].head(MAX_ROWS), [note] if note else []


def _fields_of_records(df: Any) -> tuple[Any, list[str], list[str]]:
    """Columns of records (each value an object, or missing) made a column per field, named as
    json_normalize names them ('carried.cars'): (the frame, the lines that do it, the columns). A
    small model given a column of dicts sums the dicts."""
    pd = _pd()
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


def _items(load: str, df: Any, whole: bool) -> dict[str, Any] | None:
    """A second table for the first column that holds lists of records (a van run's stops, an
    order's lines): one row per item, beside the fields of the record it is in, by the lines that
    make it from the first table (run here). A small model left with `explode` kept dicts in a
    column and could not see the items' own fields (their times, their spellings)."""
    pd = _pd()
    for col in df.columns[:MAX_COLUMNS]:
        sample = df[col].dropna().head(50)
        if not len(sample) or not all(isinstance(v, list) for v in sample):
            continue
        if not any(isinstance(x, dict) for v in sample for x in v):
            continue
        c = repr(str(col))
        explode = f"df = df.explode({c}, ignore_index=True).dropna(subset=[{c}]).reset_index(drop=True)"
        scope: dict[str, Any] = {"pd": pd, "df": df}
        exec(explode, scope)  # noqa: S102 - the line offered, run on the rows read
        if not all(isinstance(x, dict) for x in scope["df"][col]):
            continue
        own = {str(k) for x in scope["df"][col].head(500) for k in x}
        prefix = f".add_prefix({str(col) + '.'!r})" if own & {str(k) for k in df.columns} else ""
        lines = [explode, f"df = df.drop(columns={c}).join(pd.json_normalize(df[{c}].tolist()){prefix})"]
        try:
            exec(lines[1], scope)  # noqa: S102
        except Exception:  # noqa: BLE001 - items that do not line up: no table of them
            return None
        out = scope["df"]
        note = (
            f"one row per item of {c}, with the fields of the record it is in (the lines after the first make it); "
            "a record's own fields repeat on each of its items, so count records, or sum their fields, on the table above"
        )
        return _table(
            f"{col}, one row per item",
            out.head(MAX_ROWS),
            "\n".join([load, *lines]),
            len(out) if whole else None,
            [note],
        )
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


def _records(name: str, path: Path) -> dict[str, Any]:
    load, df, notes = _records_load(name, path)
    if df is None:
        return {"kind": "text", "note": "; ".join(notes), "lines": _first_lines(path)}
    rows = len(df) if len(df) < MAX_ROWS or file_kind(path) in (".jsonl", ".ndjson") else None
    if rows is None or len(df) <= MAX_ROWS:
        items = _items(load, df, whole=rows is not None)
        return {"kind": "records", "tables": [_table("", df, load, rows, notes), *([items] if items else [])]}
    # Read whole: profiled from rows spread over the file, but missing values counted in all of it
    # (a count from the spread rows, beside the file's row count, would read as the file's).
    missing = {str(c): int(n) for c, n in df.isna().sum().items()}
    table = _table("", df.iloc[:: -(-len(df) // MAX_ROWS)], load, rows, notes)
    for column in table["columns"]:
        column["missing"] = missing.get(column["name"], column["missing"])
    return {"kind": "records", "tables": [table]}


def _header_row(raw: Any) -> int:
    """The first row of a sheet that is as wide as the table under it (titles sit above it)."""
    widths = [int(raw.iloc[i].notna().sum()) for i in range(min(len(raw), 30))]
    if not widths:
        return 0
    full = max(widths)
    return next((i for i, w in enumerate(widths) if w >= max(2, full * 0.8)), 0)


def _used_columns(header: Any) -> str:
    """The columns of a sheet's header row, first to last filled ("C:H"), when they start right of A."""
    pd = _pd()
    filled = [i for i, v in enumerate(header) if not pd.isna(v)]
    if not filled or filled[0] == 0:
        return ""
    return f"{_letters(filled[0])}:{_letters(filled[-1])}"


def _letters(i: int) -> str:
    """A column's letters in a spreadsheet (0 → A, 27 → AB)."""
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(65 + r) + out
    return out


def _footer_rows(df: Any) -> tuple[int, int]:
    """(rows at the bottom of a sheet that are not rows of its table, how many of them are totals):
    notes under it (one cell of a sentence, longer than any value above it in that column) and blank
    rows, and
    above them one or two totals, each naming itself in its first filled cell and either leaving
    some columns empty or holding the sums of the rows above ('Total' under the monthly rows)."""
    pd = _pd()
    width = df.shape[1]
    firsts = {str(v).strip().split(" ")[0].casefold() for v in df.iloc[:-3, 0] if not pd.isna(v)}
    table = df[df.notna().sum(axis=1) >= 2]  # rows of two cells or more: not a note (notes are compared to these)

    def filled(at: int) -> list[tuple[int, Any]]:
        return [(j, v) for j, v in enumerate(df.iloc[at]) if not pd.isna(v)]

    def one_text(at: int) -> tuple[int, str] | None:
        cells = filled(at)
        ok = len(cells) == 1 and isinstance(cells[0][1], str) and width >= 3
        return (cells[0][0], cells[0][1].strip()) if ok else None

    def note(at: int) -> bool:
        if (cell := one_text(at)) is None:
            return False
        j, text = cell
        longest = max((len(str(v)) for v in table.iloc[:, j] if not pd.isna(v)), default=0)
        return len(text.split()) >= 3 and len(text) > longest

    def heading(at: int) -> bool:  # 'Notes' over the notes: a cell alone, no value of its column
        cell = one_text(at)
        return cell is not None and cell[1] not in {str(v).strip() for v in table.iloc[:, cell[0]] if not pd.isna(v)}

    def sums(at: int) -> bool:
        agree = []
        for j, v in filled(at):
            above = [x for x in df.iloc[:at, j] if isinstance(x, (int, float)) and not isinstance(x, bool) and x == x]
            if isinstance(v, (int, float)) and not isinstance(v, bool) and len(above) >= 2:
                agree.append(abs(v - sum(above)) <= 0.005 * max(1.0, abs(sum(above))))
        return bool(agree) and 2 * sum(agree) >= len(agree)

    def total(at: int) -> bool:
        cells = filled(at)
        if not cells or not _TRAILER.match(first := str(cells[0][1]).strip()):
            return False
        return len(cells) < width or (first.split(" ")[0].casefold() not in firsts and sums(at))

    n, noted = 0, False
    while n < 6 and len(df) > n + 3:
        at = len(df) - 1 - n
        if not filled(at) or note(at):  # a blank row between the table and its notes is read as a row of NaN
            noted = noted or bool(filled(at))
        elif not (noted and heading(at)):
            break
        n += 1
    totals = 0
    while totals < 2 and len(df) > n + 3 and total(len(df) - 1 - n):
        n, totals = n + 1, totals + 1
    return (n, totals) if any(filled(i) for i in range(len(df) - n, len(df))) else (0, 0)


def _workbook(name: str, path: Path) -> dict[str, Any]:
    pd = _pd()
    book = pd.ExcelFile(path)
    tables = []
    for sheet in book.sheet_names[:MAX_TABLES]:
        raw = pd.read_excel(book, sheet_name=sheet, header=None, nrows=40)
        skip = _header_row(raw)
        cells = [["" if pd.isna(v) else str(v) for v in row] for row in raw.itertuples(index=False)]
        # The upper row of a two-row header has gaps (merged cells), so it is not as wide as the table.
        tried = (skip - 2, skip - 1, skip)
        names, start = next(((n, i) for i in tried if i >= 0 and (n := _two_row_header(cells[i:]))), ([], 0))
        kwargs: dict[str, Any] = {"sheet_name": sheet, **({"skiprows": skip} if skip else {})}
        if names:
            skip = start
            kwargs.update(skiprows=start + 2, header=None, names=names)
        if not names and len(raw) > skip and (span := _used_columns(raw.iloc[skip])):  # right of column A
            kwargs["usecols"] = span
        df = pd.read_excel(book, nrows=MAX_ROWS, **kwargs)
        notes = [f"the header is on row {skip + 1}; the row(s) above it are a title or notes"] if skip else []
        if names:
            notes.append(_two_rows_note(names))
        if len(df) < MAX_ROWS and (footer := _footer_rows(df))[0]:
            off, totals = footer
            below = [str(v) for i in range(len(df) - off, len(df)) for v in df.iloc[i].dropna().iloc[:1]]
            kwargs["skipfooter"] = off
            df = pd.read_excel(book, **kwargs)  # read again: the total's words made its columns text
            what = " and ".join(w for w, k in (("a total", totals), ("notes", len(below) - totals)) if k)
            said = ", ".join(repr(b[:40]) for b in below)
            notes.append(f"the last {off} row(s) are {what}, not rows ({said}): skipfooter drops them")
        cells = [["" if pd.isna(v) else str(v) for v in row] for row in df.itertuples(index=False)]
        _read_as_missing([_label(c) for c in df.columns], cells, kwargs, notes)
        if "na_values" in kwargs:
            if not all(isinstance(c, str) for c in df.columns):  # dates across the header: not the names said
                _markers_for_all(kwargs)
            df = pd.read_excel(book, nrows=None if "skipfooter" in kwargs else MAX_ROWS, **kwargs)
        tables.append(_table(str(sheet), df, f"df = {_call('pd.read_excel', name, kwargs)}", len(df), notes))
    return {"kind": "workbook", "tables": tables, "note": f"sheets: {', '.join(repr(s) for s in book.sheet_names)}"}


def _parquet(name: str, path: Path) -> dict[str, Any]:
    pd = _pd()
    reader = "read_feather" if path.suffix.lower() in (".feather", ".arrow") else "read_parquet"
    df = getattr(pd, reader)(path)
    return {"kind": "table", "tables": [_table("", df.head(MAX_ROWS), f"df = pd.{reader}({name!r})", len(df), [])]}


def _database(name: str, path: Path) -> dict[str, Any]:
    pd = _pd()
    # Read as it is on disk: no lock waited for (a browser holds its History's), no -shm file left
    # beside it; but through its -wal file where one holds rows not yet written back.
    wal = path.with_name(path.name + "-wal").exists()
    con = sqlite3.connect(path.resolve().as_uri() + ("?mode=ro" if wal else "?immutable=1"), uri=True)
    try:
        found = con.execute(
            "SELECT name, type, sql FROM sqlite_master"
            " WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ).fetchall()
        names = [name for name, _, _ in found]
        views = {name: sql for name, kind, sql in found if kind == "view"}
        tables = []
        for table in names[:MAX_TABLES]:
            quoted = '"' + table.replace('"', '""') + '"'
            rows = con.execute(f"SELECT COUNT(*) FROM {quoted}").fetchone()[0]
            df = pd.read_sql(f"SELECT * FROM {quoted} LIMIT {MAX_ROWS}", con)
            load = f"df = pd.read_sql('SELECT * FROM {quoted}', con)"
            # A view is a query over the tables: what it joins and filters is what its rows leave out.
            said = (
                [f"a view, not a table: {_shown(' '.join(str(views[table]).split()), 400)}"] if table in views else []
            )
            tables.append(_table(table, df, load, rows, said))
    finally:
        con.close()
    return {
        "kind": "database",
        "tables": tables,
        "note": f"SQLite tables: {', '.join(repr(t) for t in names)}",
    }


def _record_tag(root: Any) -> tuple[str, str]:
    """(the tag of the repeated element that holds one record each, its namespace): the tag most
    often repeated under one parent, the shallowest first ("" when no element repeats)."""
    best: tuple[int, int, str] = (1, 0, "")
    todo = [(root, 0)]
    while todo:
        parent, depth = todo.pop()
        counts = Counter(child.tag for child in parent)
        for tag, n in counts.items():
            if isinstance(tag, str) and (n, -depth) > best[:2]:
                best = (n, -depth, tag)
        todo += [(child, depth + 1) for child in parent]
    return _split_tag(best[2])


def _split_tag(tag: str) -> tuple[str, str]:
    """(local name, namespace) of an ElementTree tag ('{uri}local')."""
    if tag.startswith("{"):
        uri, _, local = tag[1:].partition("}")
        return local, uri
    return tag, ""


_NUMBER_TEXT = re.compile(r"-?\d+(?:\.\d+)?")


def _leaves(records: list[Any], child: str) -> list[str]:
    """The tags inside `child` when they are named values, each at most once and holding no element
    (a record: <Scores><Hygiene>5</Hygiene>...); [] when they repeat (a list) or nest further."""
    tags: dict[str, None] = {}
    for r in records:
        for element in r.findall(child):
            inner = [x.tag for x in element]
            if len(set(inner)) != len(inner) or any(len(x) for x in element):
                return []
            tags.update(dict.fromkeys(inner))
    return list(tags)[:8]


_XML_ENCODING = re.compile(rb"""\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")


def _utf8(head: bytes) -> bool:
    """The bytes read as UTF-8 (a character cut at the end of the read does not count)."""
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        return False
    return True


def _xml(name: str, path: Path) -> dict[str, Any]:
    from xml.etree import ElementTree

    pd = _pd()
    with _open(path) as f:
        root = ElementTree.parse(f).getroot()
    tag, uri = _record_tag(root)
    if not tag:
        return {"kind": "text", "note": "XML with no repeated element", "lines": _first_lines(path)}
    xpath, find = (f".//n:{tag}", f"{{{uri}}}{tag}") if uri else (f".//{tag}", tag)
    kwargs: dict[str, Any] = {"xpath": xpath, "parser": "etree", **({"namespaces": {"n": uri}} if uri else {})}
    with _open(path) as f:  # read_xml decodes as UTF-8 whatever the file declares
        head = f.read(MAX_READ)
    declared = _XML_ENCODING.match(head)
    if declared and not _utf8(head):  # a file declared latin-1 is often UTF-8 all the same
        kwargs["encoding"] = declared.group(1).decode()
    df = pd.read_xml(path, **kwargs)
    records = list(root.iter(find))
    notes = [f"one record per <{tag}> element (attributes and child elements become columns)"]
    # What the export says of itself (a period, units, what codes mean), in the root's attributes.
    said = "; ".join(f"{k.rpartition('}')[2]}={_shown(v, 300)!r}" for k, v in list(root.attrib.items())[:6])
    if said:
        notes.append(f"the root element <{root.tag.rpartition('}')[2]}> says: {said[:600]}")
    lines = [f"df = {_call('pd.read_xml', name, kwargs)}"]
    # Child elements that hold elements of their own come out empty: a list column, built by hand.
    nested = list(dict.fromkeys(c.tag for r in records[:200] for c in r if len(c)))
    module, opener = _OPENERS.get(path.suffix.lower(), ("", "{}"))
    if nested and len(records) == len(df):
        extra = f", {module}" if module else ""
        lines.append(f"import xml.etree.ElementTree as ET{extra}")
        lines.append(f"records = list(ET.parse({opener.format(repr(name))}).getroot().iter({find!r}))")
        flat, listed = [], []
        for child in nested[:4]:
            col = child.rpartition("}")[2]
            leaves = _leaves(records[:200], child)
            if leaves:  # a record of named values (<Scores><Hygiene>): a column each, as json_normalize names them
                flat.append(col)
                lines.append(f"df = df.drop(columns=[{col!r}])" if col in df.columns else "")
                df = df.drop(columns=[col], errors="ignore")
                for leaf in leaves:
                    name_ = f"{col}.{leaf.rpartition('}')[2]}"
                    values = [r.findtext(f"{child}/{leaf}") for r in records]
                    texts = [(v or "").strip() for v in values]
                    numbers = all(not t or _NUMBER_TEXT.fullmatch(t) for t in texts)
                    found = f"r.findtext({child + '/' + leaf!r})"
                    if numbers:  # an empty element is a missing value
                        found = f"pd.to_numeric([{found} or None for r in records])"
                        df[name_] = pd.to_numeric([t or None for t in texts])
                    else:
                        found = f"[{found} for r in records]"
                        df[name_] = values
                    lines.append(f"df[{name_!r}] = {found}")
            else:
                listed.append(col)
                lines.append(f"df[{col!r}] = [[x.text for x in r.findall({child + '/*'!r})] for r in records]")
                df[col] = [[x.text for x in r.findall(child + "/*")] for r in records]
        lines = [line for line in lines if line]
        if flat:
            notes.append("the values inside " + ", ".join(f"<{c}>" for c in flat) + " become 'outer.inner' columns")
        if listed:
            notes.append("nested elements (" + ", ".join(f"<{c}>" for c in listed) + ") become list columns")
    parent = {c: p for p in root.iter() for c in p}  # one walk for the owners of every kind of record
    lines += _owner_columns(root, parent, find, df, opener.format(repr(name)), module, notes)
    owned = _owned_records(name, path, records, kwargs, opener.format(repr(name)), module, root, parent)
    if owned:
        notes.append(
            f"each <{tag}> holds several "
            + ", ".join(f"<{t.partition(' ')[0]}>" for t, _ in owned)
            + ": one row each in the table(s) "
            + ", ".join(repr(t) for t, _ in owned)
        )
    tables = [_table("", df, "\n".join(lines), len(df), notes), *(table for _, table in owned)]
    return {"kind": "table", "tables": tables}


def _owned_records(
    name: str,
    path: Path,
    records: list[Any],
    kwargs: dict[str, Any],
    opened: str,
    module: str,
    root: Any,
    parent: dict[Any, Any],
) -> list[tuple[str, dict[str, Any]]]:
    """Elements a record holds several of (<station> with many <price fuel=.. value=../>): read_xml
    gives the record one empty column for them, so each kind is a table of its own, one row per
    element, with its record's values beside it (the owner columns). At most two kinds."""
    pd = _pd()
    repeated: Counter[str] = Counter()
    for r in records[:200]:
        repeated.update(t for t, n in Counter(c.tag for c in r).items() if n > 1 and isinstance(t, str))
    out: list[tuple[str, dict[str, Any]]] = []
    for child, _ in repeated.most_common(2):
        sample = [c for r in records[:200] for c in r if c.tag == child][:200]
        if any(len(c) for c in sample) or not all(c.attrib for c in sample):
            continue  # a list of plain values is a list column already; deeper records are not read here
        local, uri = _split_tag(child)
        found = {**kwargs, "xpath": f".//n:{local}" if uri else f".//{local}"}
        if uri:
            found["namespaces"] = {"n": uri}
        try:
            df = pd.read_xml(path, **found)
        except Exception:  # noqa: BLE001 (the main table stands without it)
            continue
        notes: list[str] = []
        lines = [
            f"df = {_call('pd.read_xml', name, found)}",
            *_owner_columns(root, parent, child, df, opened, module, notes),
        ]
        title = f"{local} records"
        out.append((title, _table(title, df, "\n".join(lines), len(df), [f"one row per <{local}>", *notes])))
    return out


def _owner_columns(
    root: Any, parent: dict[Any, Any], find: str, df: Any, opened: str, module: str, notes: list[str]
) -> list[str]:
    """Records that sit in repeated elements of their own (<station id="7"><price .../>...</station>)
    lose their owner to read_xml: its attributes and named values become '<owner>.<name>' columns,
    as json_normalize's meta does for JSON (numbers as numbers, codes with a leading zero as text).
    Adds them to `df`; returns the lines that do it. `parent`: each element's parent."""
    owners = [parent[r] for r in root.iter(find) if r in parent]  # in the records' own order
    parents = list(dict.fromkeys(owners))
    if len(owners) != len(df) or len({p.tag for p in parents}) != 1 or not 2 <= len(parents) < len(owners):
        return []
    sample = parents[:200]
    keys = list(dict.fromkeys(k for p in sample for k in p.attrib))[:10]
    # Named values: elements that hold text somewhere and never elements of their own.
    inner = [c for p in sample for c in p if c.tag != find]
    nesting = {c.tag for c in inner if len(c)} | set(keys)
    leaves = list(dict.fromkeys(c.tag for c in inner if c.tag not in nesting and (c.text or "").strip()))[:4]
    if not keys and not leaves:
        return []
    pd = _pd()
    short = parents[0].tag.rpartition("}")[2]
    extra = f", {module}" if module else ""
    lines = [
        f"import xml.etree.ElementTree as ET{extra}",
        f"root = ET.parse({opened}).getroot()",
        "parent = {c: p for p in root.iter() for c in p}",
        f"owners = [parent[r] for r in root.iter({find!r})]  # each record's <{short}>",
    ]
    for name, how in [
        *((k, f"p.get({k!r})") for k in keys),
        *((leaf, f"(p.findtext({leaf!r}) or '').strip()") for leaf in leaves),
    ]:
        column = f"{short}.{name.rpartition('}')[2]}"
        values = [p.get(name) if name in keys else (p.findtext(name) or "").strip() for p in owners]
        texts = [v or "" for v in values]
        if all(not t or (_NUMBER_TEXT.fullmatch(t) and not re.match(r"-?0\d", t)) for t in texts) and any(texts):
            df[column] = pd.to_numeric([t or None for t in texts])
            lines.append(f"df[{column!r}] = pd.to_numeric([{how} or None for p in owners])")
        else:
            df[column] = values
            lines.append(f"df[{column!r}] = [{how} for p in owners]")
    notes.append(f"each record sits inside a <{short}>: its attributes and values are the '{short}.' columns")
    return lines


_MD_ALIGN = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")


def _markdown(name: str, path: Path) -> dict[str, Any]:
    """The pipe tables of a markdown file, each read with read_csv between its lines."""
    pd = _pd()
    with _open(path) as f:
        text, encoding = _decode(f.read(MAX_READ))
    lines = text.splitlines()
    found: list[tuple[str, int, int]] = []  # (heading above it, header line, lines of rows)
    heading, i = "", 0
    while i < len(lines):
        if lines[i].lstrip().startswith("#"):
            heading = lines[i].strip("# \t")
        if "|" in lines[i] and i + 1 < len(lines) and _MD_ALIGN.match(lines[i + 1]):
            end = i + 2
            while end < len(lines) and "|" in lines[end] and lines[end].strip():
                end += 1
            found.append((heading or f"table {len(found) + 1}", i, end - i - 2))
            i = end
            continue
        i += 1
    if not found:
        return _lines(name, path)
    tables = []
    for title, header, rows in found[:MAX_TABLES]:
        row = lines[header].strip()
        first, last = (1 if row.startswith("|") else 0), (-1 if row.endswith("|") else None)
        cut = f".iloc[:, {first or ''}:{last or ''}]" if first or last else ""
        kwargs: dict[str, Any] = {"sep": r"\s*\|\s*", "engine": "python", "nrows": rows}
        if encoding not in ("utf-8-sig", "utf-8"):
            kwargs["encoding"] = encoding
        skip = f"skiprows=lambda i: i < {header} or i == {header + 1}"
        call = _call("pd.read_csv", name, kwargs).replace("engine='python'", f"engine='python', {skip}")
        df = pd.read_csv(path, skiprows=lambda i, h=header: i < h or i == h + 1, **kwargs).iloc[:, first:last]
        tables.append(_table(title, df, f"df = {call}{cut}", len(df), []))
    note = f"markdown with {len(found)} table(s)" + (
        "" if len(found) <= MAX_TABLES else f", the first {MAX_TABLES} shown"
    )
    return {"kind": "table", "tables": tables, "note": note + "; each loads on its own"}


def _statistical(name: str, path: Path, reader: str) -> dict[str, Any]:
    """A Stata, SAS or SPSS file; a Stata file's variable labels are where its terse column names
    are explained (and its codes: '-1 = suppressed'), so each column is shown with its label."""
    pd = _pd()
    labels: dict[str, str] = {}
    notes: list[str] = []
    if reader != "read_stata":
        df = getattr(pd, reader)(path)
    else:  # one read: the data, then its labels
        with pd.io.stata.StataReader(path) as stata:
            df = stata.read()
            labels = {str(k): str(v) for k, v in stata.variable_labels().items() if str(v).strip()}
            if str(stata.data_label).strip():
                notes.append(f"the file's label: {str(stata.data_label).strip()[:200]!r}")
    table = _table("", df.head(MAX_ROWS), f"df = pd.{reader}({name!r})", len(df), notes)
    for column in table["columns"]:
        column["label"] = labels.get(column["name"], "")[:160]
    return {"kind": "table", "tables": [table]}


MAX_MEMBERS = 500  # an archive's text members looked at (their first lines each)
HEAD_BYTES = 16384  # of each, for its header


def _archive(name: str, path: Path) -> dict[str, Any]:
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
        lines = _decode(head)[0].splitlines()
        if not any(line.strip() for line in lines):
            continue  # empty, or no whole line
        if suffix in {".txt", ".dat"} and not _tabular_lines(lines, least=2):  # a feed's one-row tables too
            continue
        sep, skip = _dialect(lines, suffix)
        header = lines[skip].strip() if skip < len(lines) else ""
        groups.setdefault((sep, skip, header) if header else (m,), []).append(m)
    return list(groups.values())


def _archive_table(
    name: str, archive: zipfile.ZipFile, members: list[str], group: list[str], titled: bool
) -> dict[str, Any]:
    """One table of an archive: one member, named by it, or members alike stacked, named by what
    their names share when the archive holds other tables too (`titled`)."""
    pd = _pd()
    suffix = data_suffix(group[0])
    with tempfile.TemporaryDirectory() as tmp:  # the dialect is found on a file, as for any CSV
        first = Path(tmp) / f"first{suffix}"
        with archive.open(group[0]) as member:
            first.write_bytes(member.read(MAX_READ))
        _, kwargs, notes = _csv_load(name, first, footer=False)
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
        return _table(stems[0], df, load, rows, notes)
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
    return _table((shared or stems[0]) if titled else "", df, load, rows, notes)


def _calendar(name: str, path: Path) -> dict[str, Any]:
    """One row per component (an event, a contact) of an iCalendar or vCard file: the most
    repeated BEGIN:X ... END:X block, each KEY:VALUE line of it a column (parameters dropped)."""
    with _open(path) as f:
        text, encoding = _decode(f.read())
    kinds = Counter(re.findall(r"^BEGIN:([A-Z-]+)\s*$", text, flags=re.M))
    kinds.pop("VCALENDAR", None)
    if not kinds:
        return _lines(name, path)
    kind = kinds.most_common(1)[0][0]
    opened = f"open({name!r}{'' if encoding.startswith('utf-8') else f', encoding={encoding!r}'})"
    load = "\n".join(
        [
            "import re",
            f"text = re.sub(r'\\n[ \\t]', '', {opened}.read().replace('\\r\\n', '\\n'))  # continued lines unfolded",
            f"blocks = re.findall(r'^BEGIN:{kind}$(.*?)^END:{kind}$', text, flags=re.M | re.S)",
            "df = pd.DataFrame([dict(re.findall(r'^([A-Z][A-Z0-9-]*)(?:;[^:\\n]*)?:(.*)$', b, flags=re.M)) for b in blocks])",
        ]
    )
    scope: dict[str, Any] = {"pd": _pd(), "open": lambda *a, **k: io.StringIO(text)}
    exec(load, scope)  # noqa: S102 - the very lines offered, on the text read here
    df = scope["df"]
    note = f"one row per {kind} block; each KEY:VALUE line is a column (parameters such as ;VALUE=DATE dropped)"
    return {"kind": "table", "tables": [_table("", df.head(MAX_ROWS), load, len(df), [note])]}


def _first_lines(path: Path, n: int = 5) -> str:
    with _open(path) as f:
        text, _ = _decode(f.read(8192))
    return "\n".join(line[:200] for line in text.splitlines()[:n])


def _fixed(name: str, path: Path, text: str, encoding: str, whole: bool) -> dict[str, Any] | None:
    """A text report whose columns are aligned with spaces, read with read_fwf at the columns
    found; None when it is not one. `whole`: `text` is all of the file."""
    lines = re.split(r"\r\n|\r|\n", text)  # as pandas counts lines: a form feed does not end one
    found = fixedwidth.layout(lines[:5000])
    if found is None or found.rows < 2:
        return None
    reaches_end = found.header + found.rows + len(found.skip) + len(found.summary) >= len(lines) - 1
    kwargs: dict[str, Any] = {"colspecs": found.colspecs}
    if encoding not in ("utf-8-sig", "utf-8"):
        kwargs["encoding"] = encoding
    body = [line[a:b].strip() for line in lines[found.header + 1 : found.header + 200] for a, b in found.colspecs]
    numeric = [c for c in body if c and _NUMBERISH.match(c)]
    if sum(bool(_GROUPED.match(c)) for c in numeric) > 0.05 * max(len(numeric), 1):
        kwargs["thousands"] = ","
    if whole or not reaches_end:
        kwargs["nrows"] = found.rows
    skip = [*range(found.header), *found.skip]
    notes = ["fixed-width columns, found from the blanks shared by every line of the table"]
    cells = [[line[a:b] for a, b in found.colspecs] for line in lines[found.header : found.header + MAX_ROWS]]
    _read_as_missing(cells[0], [r for i, r in enumerate(cells[1:], found.header + 1) if i not in skip], kwargs, notes)
    pd = _pd()
    df = pd.read_fwf(path, skiprows=skip, **kwargs)
    above = f"*range({found.header}), " if found.header else ""
    rules = ", ".join(str(r) for r in found.skip)
    skips = f"[{above}{rules}]" if found.skip else str(found.header)
    call = _call("pd.read_fwf", name, kwargs).replace(f"{name!r}, ", f"{name!r}, skiprows={skips}, ", 1)
    if found.header:
        notes.append(f"the header is on line {found.header + 1}; the lines above it are a title or notes")
    if found.summary and "nrows" in kwargs:
        notes.append(f"the line(s) under the table's closing rule are a summary, left out: {found.summary[0][:80]!r}")
    rows = len(df) if "nrows" in kwargs else None
    # A header underlined by a rule is a printed table's, whatever log format its rows also fit.
    ruled = bool(fixedwidth.RULE.match(lines[found.header + 1]))
    # A header of names over the records: a table (`yyyy  mm  tmax`), not a log whose lines it fits.
    named = fixedwidth.named(lines[found.header], found.colspecs)
    table = _table("", df, f"df = {call}", rows, notes)
    return {"kind": "table", "tables": [table], "ruled": ruled, "named": named, "covers": found.rows}


def _lines(name: str, path: Path) -> dict[str, Any]:
    with _open(path) as f:
        head = f.read(MAX_READ)
    text, encoding = _decode(head)
    lines = text.splitlines()[:2000]
    total = _count_lines(path) if path.stat().st_size < 50_000_000 else None
    fmt = logformat.infer(lines)
    fixed = _fixed(name, path, text, encoding, len(head) < MAX_READ)
    if fixed is not None:
        ruled, named, covers = fixed.pop("ruled"), fixed.pop("named"), fixed.pop("covers")
        if ruled or fmt is None or fmt.matched < 0.5 * fmt.total or (named and covers >= fmt.matched):  # a report
            return fixed
    events = logformat.events(lines) if fmt is None or fmt.matched < 0.5 * fmt.total else None
    if events is not None:
        return {
            "kind": "lines",
            "lines": logformat.describe_events(name, events, total, encoding),
            "load": logformat.load_events(name, events, encoding),
            "rows": total,
        }
    if fmt is not None:
        return {
            "kind": "lines",
            "lines": logformat.describe(name, fmt, total),
            "load": logformat.load_lines(name, fmt),
            "rows": total,
        }
    return {"kind": "text", "lines": _first_lines(path), "rows": total}


def _looks_tabular(path: Path) -> bool:
    with _open(path) as f:
        text, _ = _decode(f.read(16384))
    return _tabular_lines(text.splitlines())


def _tabular_lines(text_lines: list[str], least: int = 3) -> bool:
    lines = [line for line in text_lines[:20] if line.strip()]
    if len(lines) < least or any(_UNDERLINES.match(line) for line in lines):  # a printed report's header
        return False
    for sep in (",", ";", "\t", "|"):
        counts = Counter(len(next(csv.reader([line], delimiter=sep))) for line in lines)
        width, freq = counts.most_common(1)[0]
        if width >= 2 and freq >= 0.7 * len(lines):
            return True
    return False


def profile(name: str, path: Path) -> dict[str, Any]:
    """The profile of one file as a dict (the fields of `agent.seams.FileProfile`)."""
    suffix = file_kind(path)
    base: dict[str, Any] = {"name": name, "size": path.stat().st_size}
    try:
        if suffix in EXCEL_SUFFIXES:
            found = _workbook(name, path)
        elif suffix in PARQUET_SUFFIXES:
            found = _parquet(name, path)
        elif suffix in SQLITE_SUFFIXES:
            found = _database(name, path)
        elif suffix in JSON_SUFFIXES | YAML_SUFFIXES:
            found = _records(name, path)
        elif suffix in XML_SUFFIXES:
            found = _xml(name, path)
        elif suffix in MARKDOWN_SUFFIXES:
            found = _markdown(name, path)
        elif suffix in STATS_READERS:
            found = _statistical(name, path, STATS_READERS[suffix])
        elif suffix in ARCHIVE_SUFFIXES:
            found = _archive(name, path)
        elif suffix in CALENDAR_SUFFIXES:
            found = _calendar(name, path)
        elif suffix in TEXT_SUFFIXES - {".txt"} or (suffix in {".txt", ".dat"} and _looks_tabular(path)):
            found = _text_table(name, path)
        else:
            found = _lines(name, path)
    except ImportError as exc:
        found = {"kind": "unreadable", "note": f"reading it needs a package that is not installed here ({exc.name})"}
    except Exception as exc:  # a file no rule foresaw: say so, never fail the turn
        try:
            found = {
                "kind": "text",
                "lines": _first_lines(path),
                "note": f"pandas could not read it ({type(exc).__name__}: {_shown(exc, 120)})",
            }
        except Exception as fallback:  # noqa: BLE001 - not even its lines: say so
            found = {"kind": "unreadable", "note": getattr(fallback, "strerror", None) or "cannot be read"}
    return {**base, **found}


def main() -> None:
    request = json.loads(sys.stdin.read())
    pd = None
    try:
        pd = _pd()
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
