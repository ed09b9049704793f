"""What every reader here shares: the kind of data file a path holds (by its suffix, else by its
first bytes), how to open and decode it (compressed or not), its first lines, the shared limits
(bytes, rows, columns, tables looked at), the patterns of values that look like numbers, periods or
totals, and the load call a reader offers.
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
import re
import zipfile
from collections import Counter
from pathlib import Path, PurePosixPath
from typing import IO, Any

from . import logformat, stamped

MAX_READ = 512 * 1024  # bytes of a text file looked at
MAX_ROWS = 5000  # rows loaded to profile a table
MAX_SCANNED = 50_000_000  # bytes of a file read to its end (its lines counted, its columns of few values read)
MAX_COLUMNS = 80  # columns profiled per table: real exports run past 40 (a rental listing has 75, its price the 41st)
MAX_DOCUMENTS = 300  # members of a zip read for its table of documents
MAX_TABLES = 12  # sheets or tables profiled per file (12 sheets of 3,000 rows: 3.5 s, 6: 1.9 s)
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
OPENERS = {
    ".gz": ("gzip", "gzip.open({})"),
    ".bz2": ("bz2", "bz2.open({})"),
    ".xz": ("lzma", "lzma.open({})"),
    ".zip": ("zipfile", "zipfile.ZipFile({0}).open(zipfile.ZipFile({0}).namelist()[0])"),
}
NUMBERISH = re.compile(r"^[^\d\-+.,]*[-+]?[\d.,' ]*\d[^\d]*$")
GROUPED = re.compile(r"^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$")
TRAILER = re.compile(r"(?:total|sum|trailer|trl|end|eof|count|records?)\b", re.IGNORECASE)
TOTAL_VALUE = re.compile(r"(?:grand\s+|sub-?)?totals?(?:\s*(?:for|of|[-:–]).*)?", re.IGNORECASE)
_UNDERLINES = re.compile(r"^ *[-=]{2,}(?: +[-=]{2,})+ *$")  # '----  ------': columns underlined, a printed table
MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
PERIOD_CODE = r" *\[\w+\]"  # a code after a period, in brackets (the World Bank's '2015 [YR2015]')
# A period, as a column header or a cell, its code after it if it has one.
PERIOD = re.compile(
    rf"^(?:(?:{MONTHS})[a-z]*[ _\-/]*\d{{2,4}}|\d{{4}}[ _\-/]*(?:{MONTHS})[a-z]*|\d{{4}}[-_/]\d{{1,2}}(?:-\d{{2}})?|(?:19|20)\d{{2}}|q[1-4][ _-]*\d{{2,4}})(?:{PERIOD_CODE})?$",
    re.IGNORECASE,
)


def load_pandas() -> Any:
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
    # A compressed '.txt' (a bulk TSV download) or '.vcf' (a genome's variants): which text, its bytes say.
    if _compressed(name) and inner in PLAIN_TEXT | CALENDAR_SUFFIXES:
        return True
    return inner not in NOT_DATA and (not inner or _MIME.guess_type("x" + inner)[0] is None)


def _compressed(name: str) -> bool:
    return PurePosixPath(name).suffix.lower() in COMPRESSED.keys() - {".zip"}


PLAIN_TEXT = {".txt", ".dat"}  # suffixes that say text, not which kind of it


def file_kind(path: Path) -> str:
    """The suffix that says what a file holds: by its name (`data_suffix`), else, where the name
    says nothing (`by_bytes`), by its first bytes ("" when neither says)."""
    named = data_suffix(path.name)
    if named in CALENDAR_SUFFIXES and not _begins_block(path):  # '.vcf': a vCard, or a genome's variants
        named = ""
    elif not by_bytes(path.name) and named not in PLAIN_TEXT:
        return named
    try:
        st = path.stat()
    except OSError:
        return named if not by_bytes(path.name) else ""
    sniffed = _sniffed(str(path), st.st_size, st.st_mtime_ns)
    if named in PLAIN_TEXT:  # '.txt' says text, not which: records in it are records (a bulk JSON lines dump)
        return sniffed if sniffed in JSON_SUFFIXES | XML_SUFFIXES else named
    return sniffed


def _begins_block(path: Path) -> bool:
    """Whether a file starts as iCalendar and vCard do: 'BEGIN:'."""
    try:
        with open_file(path) as f:
            return decode(f.read(64))[0].lstrip("\ufeff \t\r\n").upper().startswith("BEGIN:")
    except Exception:  # noqa: BLE001 - unreadable: its name says what it is
        return True


@functools.lru_cache(maxsize=256)
def _sniffed(path: str, size: int, mtime_ns: int) -> str:
    """`file_kind` by the bytes, once per version of a file: the listing asks on every turn, and the
    profile of one file asks several times."""
    try:
        with open_file(Path(path)) as f:
            head = f.read(SNIFF_BYTES)
    except Exception:  # noqa: BLE001 - unreadable, or a corrupt archive (zlib.error is no OSError): no data
        return ""
    return sniff(head, whole=len(head) < SNIFF_BYTES)


def sniff_order(name: str) -> int:
    """Which files whose name says nothing are opened first, when a folder holds more than are
    opened: no suffix, a number (`.1`, `.2023`) or a compression before any other suffix."""
    suffix = PurePosixPath(name).suffix.lower()
    return 0 if not suffix or suffix[1:].isdigit() or _compressed(name) else 1


def sniff(head: bytes, whole: bool = False) -> str:
    """The kind the first bytes of a file show beyond doubt ("" when they show none): a database or
    parquet by its magic bytes; else text that is XML, JSON or JSON lines, a delimited table, a
    log's lines or values apart by blanks."""
    kind = next((kind for magic, kind in MAGIC.items() if head.startswith(magic)), "")
    if kind or b"\x00" in head:
        return kind
    text = decode(head)[0].lstrip("\ufeff \t\r\n")
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
    if _logged(lines[:200]):  # (compressed too: a log's load line opens it with its module)
        return ".log"
    return ".dat" if blank_separated([line for line in lines[:60] if line.strip()]) else ""


def _logged(lines: list[str]) -> bool:
    """A log's lines: most of one shape stamped with a time, a date or a level, events, or records
    that each start with a date and a time."""
    fmt = logformat.infer(lines)
    typed = fmt is not None and any(f.rstrip("0123456789") in ("ts", "date", "time", "level") for f in fmt.fields)
    return (
        (typed and fmt is not None and fmt.matched >= 0.8 * fmt.total)
        or logformat.events(lines) is not None
        or stamped.stamped(lines)
    )


def _parses_as_json(text: str, whole: bool) -> bool:
    """JSON, or JSON cut short where the bytes read end (not a log's '[2024-03-01 10:00]' lines)."""
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        # Cut inside a string (a browser's user agent in a HAR capture), the error is where the
        # string starts: a string holds no line break, so one running to the cut is the cut.
        cut = exc.msg.startswith("Unterminated string") and "\n" not in text[exc.pos :]
        return not whole and (cut or exc.pos >= len(text.rstrip()) - 1)
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
    """Delimited rows of values, as the profile reads a .txt (`tabular_lines`), most of them with two
    values or more (not a recipe's indent, not a trailing comma) and few of those sentences (prose
    with a comma or two on each line is not a table)."""
    rows = [line for line in lines[comment_lines(lines) :][:20] if line.strip()]
    if len(rows) < 3 or not tabular_lines(rows):
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


def open_file(path: Path) -> IO[bytes] | io.BufferedIOBase:
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


# Byte-order marks of the wide encodings (a Teams or Excel "Unicode text" export is UTF-16), the
# longer first: UTF-32's little-endian mark begins with UTF-16's.
_WIDE_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32", 4),
    (codecs.BOM_UTF32_BE, "utf-32", 4),
    (codecs.BOM_UTF16_LE, "utf-16", 2),
    (codecs.BOM_UTF16_BE, "utf-16", 2),
)


def decode(head: bytes) -> tuple[str, str]:
    """The text of a file's first bytes and the encoding that reads it (as pandas' `encoding=`)."""
    for bom, encoding, width in _WIDE_BOMS:
        if head.startswith(bom):  # cut to whole code units: the head may end inside one
            return head[: len(head) - len(head) % width].decode(encoding, errors="replace"), encoding
    # UTF-16 with no mark: the zero bytes of ASCII characters, all on one side of each pair (not a
    # logger's text padded with zeros at its end).
    sample = head[:4096].rstrip(b"\0")
    odd, even = sample[1::2].count(0), sample[::2].count(0)
    if len(sample) >= 16 and max(odd, even) >= 0.4 * (len(sample) // 2) and min(odd, even) <= 0.05 * (len(sample) // 2):
        encoding = "utf-16-le" if odd > even else "utf-16-be"
        return head[: len(head) - len(head) % 2].decode(encoding, errors="replace"), encoding
    for encoding in ("utf-8-sig", "cp1252", "latin-1"):
        try:
            return head.decode(encoding), encoding
        except UnicodeDecodeError:
            continue
    return head.decode("utf-8", errors="replace"), "utf-8"


def blank_separated(body: list[str]) -> bool:
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
    return any(all(NUMBERISH.match(r[i]) for r in split[1:]) for i in range(len(split[0])))


def count_lines(path: Path, encoding: str = "") -> int:
    """Lines of a file; in a wide encoding (UTF-16, UTF-32) of its text, whose bytes hold 0x0A in
    other characters than the newline."""
    if encoding.startswith(("utf-16", "utf-32")):
        decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        n, end = 0, "\n"
        with open_file(path) as f:
            while block := f.read(1 << 20):
                text = decoder.decode(block)
                n, end = n + text.count("\n"), text[-1:] or end
        return n + (end != "\n")
    n = 0
    last = b"\n"
    with open_file(path) as f:
        while block := f.read(1 << 20):
            n += block.count(b"\n")
            last = block[-1:]
    return n + (last != b"\n")


def first_lines(path: Path, n: int = 5) -> str:
    with open_file(path) as f:
        text, _ = decode(f.read(8192))
    return "\n".join(line[:200] for line in text.splitlines()[:n])


def comment_lines(lines: list[str]) -> int:
    """How many lines at the top are a block of `#` comments (with blank lines among them): the
    notes a scientific export writes above its header (the producer, the date, each column's
    meaning and unit), which would otherwise be read as rows."""
    n = 0
    while n < len(lines) and (lines[n].lstrip().startswith("#") or not lines[n].strip()):
        n += 1
    last = next((i for i in range(n - 1, -1, -1) if lines[i].strip()), None)
    if last is None or n >= len(lines):
        return 0
    # '#,Name,Type' or '#chrom\tstart' over rows as wide: the header itself, named with a '#'.
    if any(lines[last].count(sep) == lines[n].count(sep) > 0 for sep in (",", "\t", ";", "|")):
        return last
    return n


def looks_tabular(path: Path) -> bool:
    with open_file(path) as f:
        text, _ = decode(f.read(16384))
    return tabular_lines(text.splitlines())


def tabular_lines(text_lines: list[str], least: int = 3) -> bool:
    """Delimited rows in the first lines, below a block of `#` comments if there is one (a genome
    export's notes, a VCF's `##` meta lines)."""
    text_lines = text_lines[comment_lines(text_lines) :]
    lines = [line for line in text_lines[:20] if line.strip()]
    if len(lines) < least or any(_UNDERLINES.match(line) for line in lines):  # a printed report's header
        return False
    if stamped.stamped(lines, headless=True):  # '3/12/24, 9:15 PM - Name: words': a comma in each, no table
        return False
    for sep in (",", ";", "\t", "|"):
        counts = Counter(len(next(csv.reader([line], delimiter=sep))) for line in lines)
        width, freq = counts.most_common(1)[0]
        if width >= 2 and freq >= 0.7 * len(lines):
            return True
    return False


def load_call(func: str, name: str, kwargs: dict[str, Any]) -> str:
    args = [repr(name)] + [f"{k}={v!r}" for k, v in kwargs.items()]
    return f"{func}({', '.join(args)})"


def documents_read(archive: zipfile.ZipFile, names: list[str]) -> list[str]:
    """The first of these members that fit the profile's budget (each at most 4 × MAX_READ, all
    together at most MAX_SCANNED), in order, up to the first that does not."""
    fit, read = [], 0
    for m in names[:MAX_DOCUMENTS]:
        size = archive.getinfo(m).file_size
        if size > 4 * MAX_READ or read + size > MAX_SCANNED:
            break
        read += size
        fit.append(m)
    return fit
