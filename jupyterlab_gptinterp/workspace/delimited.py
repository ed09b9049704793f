"""Delimited text tables read as read_csv would be told to: separator, header row below a title,
two header rows, missing-value markers, footers, decimal commas.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from .frames import ReadColumns, shown_value, table_profile
from .kinds import (
    GROUPED,
    MAX_READ,
    MAX_ROWS,
    MAX_SCANNED,
    NUMBERISH,
    PERIOD,
    TOTAL_VALUE,
    TRAILER,
    blank_separated,
    comment_lines,
    count_lines,
    decode,
    file_kind,
    load_call,
    load_pandas,
    open_file,
)

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
    "..",  # the World Bank's 'no data', in most rows of a year just begun
    ":",  # Eurostat's
}
NULLS = {"\\N"}  # markers that are never a value, in any column
_NUMBER = re.compile(r"[-+]?[\d.,' ]*\d[\d.,' ]*%?")
_DECIMAL_COMMA = re.compile(r"^-?\d+,\d+$")
_WIDE_TOTAL = re.compile(r"(?:grand\s+)?(?:total|sum)\b", re.IGNORECASE)
_MARKER = re.compile(r"[^\w\s]{1,3}")  # '..', '-', ':', '*'
# A statistics office's shorthand in brackets: '[x]' not available, '[c]' confidential, '[z]' not
# applicable, '[low]' (the UK's GSS style). Never a value, however many rows have it.
_BRACKETED = re.compile(r"\[[a-z]{1,4}\]", re.IGNORECASE)
_CLOCKISH = re.compile(r"[-+]?\d[\d:./\- T]*\d(?:\s*[AaPp][Mm])?")  # '2:30:15', '2024-01-05', '05/01/24'
_WORD = re.compile(r"[A-Za-z][A-Za-z ]{0,19}")
_STATUS = re.compile(r"[A-Za-z][a-z]{3,}(?: [a-z]+)?")  # 'Closed', 'Pending review': a word, not a code


BLANKS = r"\s+"  # read_csv's separator for values apart by any run of spaces or tabs


_ABOUT_COLUMN = re.compile(r"^#\s*(?:[A-Za-z]+\s+)?([\w.-]+)\s*[:=]\s*(\S.*)$")


def commented_columns(lines: list[str], names: list[str]) -> dict[str, str]:
    """What the comment block says of each column by name (`# COLUMN sy_dist: Distance [pc]`,
    `# temp = air temperature, degC`): the label a data dictionary gives it."""
    wanted = {n.strip() for n in names}
    said = {}
    for line in lines[: comment_lines(lines)]:
        m = _ABOUT_COLUMN.match(line.strip())
        if m and m.group(1) in wanted:
            said[m.group(1)] = m.group(2).strip()[:160]
    return said


def dialect_of(lines: list[str], suffix: str, blanks: bool = False) -> tuple[str, int]:
    """(separator, rows before the header): the separator that splits most lines into the same
    number of fields, and the title or note lines above the header that do not (a block of `#`
    comments first); `blanks`: runs of blanks when no character does."""
    lead = comment_lines(lines)
    if lead:
        sep, skip = dialect_of(lines[lead:], suffix, blanks)
        return sep, lead + skip
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
        # Squared: a separator splits every record alike (a tab between a VCF's 8 fields), not most
        # of them into more pieces (the ';' inside its INFO field).
        score = (freq / len(counts)) ** 2 * min(width, 20)
        if counts[0] == width:  # the header splits as its rows do (a VCF's '#CHROM' line by tabs, not by ';')
            score *= 2
        if score > best[2]:
            # A wide header one field off its rows is still the header (pandas pads the rows short of
            # it): the Met's 54 names over rows of 53 were skipped as a title.
            skip = next((i for i, c in enumerate(counts) if c == width or (width >= 5 and abs(c - width) == 1)), 0)
            best = (sep, skip, score)
    sep, skip, score = best
    if not score and blanks and blank_separated(body):  # values apart by blanks ('en Cat 17 0')
        sep = BLANKS
    # Blank lines before the header count as rows to skip too.
    nonblank = [i for i, line in enumerate(lines) if line.strip()]
    return sep, nonblank[skip] if skip < len(nonblank) else 0


def csv_load(name: str, path: Path, footer: bool = True) -> tuple[str, dict[str, Any], list[str]]:
    """(the read_csv call as code, its keyword arguments, notes); `footer`: a trailer may be skipped
    (not where the rows are read with `nrows`, which pandas refuses beside `skipfooter`)."""
    with open_file(path) as f:
        head = f.read(MAX_READ)
    text, encoding = decode(head)
    lines = text.splitlines()
    if len(head) == MAX_READ and lines:
        lines = lines[:-1]
    sep, skip = dialect_of(lines, file_kind(path), blanks=True)
    rows = [line.split() for line in lines[skip:]] if sep == BLANKS else list(csv.reader(lines[skip:], delimiter=sep))
    kwargs: dict[str, Any] = {}
    notes: list[str] = []
    if sep != ",":
        kwargs["sep"] = sep
    if sep != BLANKS and (below := header_below(rows)):
        notes.append(f"the header is on line {skip + below + 1}; {_above_note(rows[:below])}")
        skip += below
        rows = rows[below:]
    if skip:
        kwargs["skiprows"] = skip
        above = "comments ('#' lines)" if comment_lines(lines) else "a title or notes"
        notes.append(f"the header is on line {skip + 1}; the line(s) above it are {above}") if not notes else None
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
    numeric_cells = [c for c in cells if c and NUMBERISH.match(c)]
    commas = [c for c in numeric_cells if _DECIMAL_COMMA.match(c)]
    # '6,850' may be either; '6,85', '0,125' or '1234,5' is no thousands grouping: a decimal comma.
    if (
        sep != ","
        and len(commas) > 0.2 * len(numeric_cells)
        and any(not GROUPED.match(c) or c.lstrip("-").startswith("0,") for c in commas)
    ):
        kwargs["decimal"] = ","
        notes.append("numbers use a decimal comma")
    elif sum(bool(GROUPED.match(c)) for c in numeric_cells) > 0.05 * max(len(numeric_cells), 1):
        kwargs["thousands"] = ","
    units = [] if headerless else units_above(rows[:400])
    about = not headerless and not units and about_columns(rows[:400])
    if about:  # a row of each column's maximum, unit or kind under the header: skipped, and said
        kwargs["skiprows"] = [*range(skip), skip + 1]
        said = ", ".join(f"{h.strip()!r}: {c.strip()!r}" for h, c in zip(rows[0][1:], rows[1][1:]) if c.strip())
        notes.append(
            f"the row under the header ({rows[1][0].strip()!r}) is no record: it says something of each column "
            f"({shown_value(said, 160)}); the load skips it; pd.read_csv({name!r}, nrows=1) reads it"
        )
    first = 1 + about + bool(units)  # the first record's row: under the header, its units or a row about it
    names_row = rows[bool(units)] if rows else []
    read_as_missing(names_row, rows[first:], kwargs, notes)  # all read: statuses sort last
    if headerless:
        markers_for_all(kwargs)  # pandas names the columns 0, 1, ...
    if footer and len(head) < MAX_READ and (n := _footer([r for r in rows if any(c.strip() for c in r)])):
        blank = len(lines) - len("\n".join(lines).rstrip().splitlines())  # pandas counts blank lines at the end
        last = next(line for line in reversed(lines) if line.strip())
        kwargs.update(skipfooter=n + blank, engine="python")
        notes.append(
            f"the last {n} line(s) are a trailer or total, not rows ({last.strip()[:40]!r}): skipfooter drops them"
        )
    names = [] if headerless or units else two_row_header(rows[:400])
    if units:  # '#' units over the names: the names are the header, the units said
        header = [c.strip() for c in rows[1]]
        markers_for_all(kwargs)
        kwargs.update(skiprows=skip + 2, header=None, names=header, skipinitialspace=True)
        said = ", ".join(f"{h!r}: {u!r}" for h, u in zip(header, units) if u)
        notes[:] = [n for n in notes if not n.startswith("the header is on line")]
        notes.insert(
            0,
            f"the header is on line {skip + 2}; the '#' line above it gives each column's unit ({shown_value(said, 200)})",
        )
    elif names:
        markers_for_all(kwargs)  # the columns get other names
        kwargs.update(skiprows=skip + 2, header=None, names=names)
        notes.append(two_rows_note(names))
    elif (
        not headerless
        and not about
        and rows
        and rows[0]
        and rows[0][0].startswith("#")
        and rows[0][0].lstrip("#").strip()
    ):
        # '#CHROM', '# rsid': the header written as the last comment line; named without its '#'
        # (df['rsid'] finds nothing in a column named '# rsid'); a column named '#' alone keeps it.
        header = [rows[0][0].lstrip("#").strip(), *(c.strip() for c in rows[0][1:])]
        if len(set(header)) == len(header):  # (names= takes no name twice; the header's own row then stays)
            markers_for_all(kwargs)
            kwargs.update(skiprows=skip + 1, header=None, names=header)
    return load_call("pd.read_csv", name, kwargs), kwargs, notes


def header_below(rows: list[list[str]]) -> int:
    """Rows above the header that are no part of the table, padded to its width (a price
    transparency file's 'hospital_name,last_updated_on,…' over their values, a spreadsheet's title
    row of commas): the header is the first row that names nearly every column, distinct words,
    when the first row names at most half of them. 0 when the first row is the header."""
    width = max((len(r) for r in rows[:12]), default=0)
    if width < 4 or len(rows) < 3:
        return 0

    def filled(row: list[str]) -> list[str]:
        return [c.strip() for c in row if c.strip()]

    if 2 * len(filled(rows[0])) > width:
        return 0
    for i in range(1, min(10, len(rows) - 1)):
        names = filled(rows[i])
        if (
            len(names) >= 0.9 * width
            and len(set(names)) == len(names)
            and not any(_NUMBER.fullmatch(c) or c.lower() in _MISSING_WORDS for c in names)
        ):
            return i
    return 0


def _above_note(rows: list[list[str]]) -> str:
    """What the rows above a header hold: fields of the whole file, names over values, or a title."""
    if len(rows) == 2 and (pairs := [(n.strip(), v.strip()) for n, v in zip(rows[0], rows[1]) if n.strip()]):
        said = ", ".join(f"{shown_value(n, 40)!r}: {shown_value(v, 60)!r}" for n, v in pairs)
        return f"the 2 lines above it are fields of the whole file, names over values ({shown_value(said, 400)}); the load skips them"
    return f"the {len(rows)} line(s) above it are a title or notes"


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
        numeric = bool(column) and sum(bool(NUMBERISH.match(v)) for v in column) >= 0.9 * len(column)
        if numeric != bool(NUMBERISH.match(cell)):
            return False
        if numeric and _NUMBER.fullmatch(cell) and not PERIOD.match(cell):
            numbers.append(cell)
    # Numbers counting up by one ('date,0,1,2,3': hours or days across) are names.
    counted = [int(n) for n in numbers if n.isdigit()]
    return bool(numbers) and not (len(counted) > 1 and counted == list(range(counted[0], counted[0] + len(counted))))


def about_columns(rows: list[list[str]]) -> bool:
    """Whether the first row under the header is about the columns, not a record (a gradebook's
    'Points Possible' row, a logger's units row): in three or more columns of numbers it holds a
    word found in no other row of that column ('(read only)', 'kg'), where a record's word there
    would be a missing value's, written again further down."""
    if len(rows) < 4 or len(rows[1]) != len(rows[0]):
        return False
    body = [r for r in rows[2:200] if len(r) == len(rows[0])]
    odd = numbers = blank = 0
    for i, cell in enumerate(c.strip() for c in rows[1]):
        column = [r[i].strip() for r in body if r[i].strip()]
        blank += not cell and len(column) == len(body)  # empty where every record has a value (an id)
        if len(column) < 2 or sum(bool(NUMBERISH.match(v)) for v in column) < 0.9 * len(column):
            continue
        numbers += bool(cell) and bool(_NUMBER.fullmatch(cell))
        if cell and not NUMBERISH.match(cell) and cell.lower() not in _MISSING_WORDS and cell not in column:
            odd += 1
    # And unlike a record in one more way: no number where the records have them (a units row), or
    # nothing where every record has something. A runner's 'DNF' laps beside a bib number is a record.
    return odd >= 3 and (not numbers or blank > 0)


def units_above(rows: list[list[str]]) -> list[str]:
    """Each column's unit, where the first row is a comment line of units over the names (a flight
    data recorder's `#yyy-mm-dd, hh:mm:ss, ft msl, gph` over `Lcl Date, Lcl Time, AltMSL, E1 FFlow`):
    a '#' line in every field, the row under it distinct names, not numbers, over numbers. Else []."""
    if len(rows) < 4 or not rows[0] or not rows[0][0].lstrip().startswith("#") or len(rows[0]) != len(rows[1]):
        return []
    upper = [c.strip() for c in rows[0]]
    upper[0] = upper[0].lstrip("#").strip()
    names = [c.strip() for c in rows[1]]
    if not all(upper) or not all(names) or len(set(names)) < len(names):
        return []
    if any(_NUMBER.fullmatch(n) or n.lower() in _MISSING_WORDS for n in names):
        return []  # a number or a missing value's word: the row is a record, the '#' line its header
    body = [r for r in rows[2:] if len(r) == len(names)]
    if len(body) < 2 or not any(all(NUMBERISH.match(r[i].strip()) for r in body) for i in range(len(names))):
        return []  # no column of numbers under the names: they may be records
    return upper


def two_rows_note(names: list[str]) -> str:
    first, pair = names[0], next(n for n in names if "/" in n)
    return (
        f"the header is two rows: each column is named 'upper/lower' (e.g. {pair!r}); one row per column: "
        f"long = df.melt(id_vars=[{first!r}], var_name='column', value_name='value'); "
        "long[['upper', 'lower']] = long['column'].str.split('/', n=1, expand=True)"
    )


def two_row_header(rows: list[list[str]]) -> list[str]:
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
    if not values or sum(bool(NUMBERISH.match(v)) for v in values) < 0.8 * len(values):
        return []  # the second row is not a header over numbers: it is data
    groups = [u for u in upper if u]
    if groups == [upper[0]]:
        return []  # a line in the first cell alone ('Source: ...' above 'Name'): a title, not a group
    if len(set(groups)) == len(groups) and all(upper[i] for i in under):
        return []  # every column has its own name above: the lower row adds nothing a group would
    names, group = [], ""
    for u, low in zip(upper, lower):
        group = u or group
        names.append(f"{group}/{low}" if low and group else low or u)
    return names if len(set(names)) == len(names) and any("/" in n for n in names) else []


def read_as_missing(header_row: list[str], rows: list[list[str]], kwargs: dict[str, Any], notes: list[str]) -> None:
    """`na_values` for the words standing for a missing value in columns of numbers, and a note."""
    markers = _missing_markers(rows)
    nulls = NULLS & {c.strip() for r in rows for c in r}  # a NULL written \N is missing in any column
    if not markers and not nulls:
        return
    header = [c.strip() for c in header_row]
    shorthand = set().union(*markers.values())
    # Per column, so that the same word elsewhere stays text, where pandas names the columns so;
    # a bracketed shorthand ('[x]') is no word of any text, so it is one list for all.
    if nulls or (shorthand and all(_BRACKETED.fullmatch(v) for v in shorthand)):
        kwargs["na_values"] = sorted(nulls.union(shorthand))
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
    if len(markers) > 6 and not nulls:  # a wide table's columns alike: counted, not each named
        said = [f"{v!r} in {sum(v in m for m in markers.values())} columns" for v in sorted(shorthand)]
    said += [f"{v!r} in any column" for v in sorted(nulls)]
    # Said how to find them again: a model counting the word itself ('DNF') in the loaded column gets 0.
    notes.append(f"read as missing, so .isna() finds them: {', '.join(said[:6])}")


def markers_for_all(kwargs: dict[str, Any]) -> None:
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
        numeric = [v for v in column if v and NUMBERISH.match(v)]
        clock = [v for v in column if v and not NUMBERISH.match(v) and _CLOCKISH.fullmatch(v)]
        # '-' or '[x]' in most rows of a column of counts
        said = [v for v in column if v.lower() in _MISSING_WORDS or _BRACKETED.fullmatch(v)]
        if len(numeric) + len(clock) < 0.5 * (len(column) - len(said)):
            continue
        others = [v for v in column if v and not NUMBERISH.match(v) and not _CLOCKISH.fullmatch(v)]
        mostly = len(others) <= 0.25 * (len(numeric) + len(clock)) and len(set(others)) <= 3
        word = _WORD if len(clock) > len(numeric) else _STATUS  # a time or a date is never a word ('DNF')
        # A 'Total' row is a row of its own (`frames._total_rows`), not a missing value.
        status = {v for v in set(others) if _MARKER.fullmatch(v) or word.fullmatch(v) and not TOTAL_VALUE.fullmatch(v)}
        marked = set(said)  # (a set: a column has thousands of values)
        markers = Counter(v for v in others if v in marked or (mostly and v in status))
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
        return len(row) <= width // 2 or bool(TRAILER.match(first))

    n = 0
    while width > 2 and n < 3 and len(rows) > n + 3 and trailer(rows[-1 - n]):
        n += 1
    return n if n and len(rows[-1 - n]) == width else 0


def csv_columns(source: Path | Callable[[], IO[bytes]], size: int, kwargs: dict[str, Any]) -> ReadColumns | None:
    """Reads some columns of every row of a CSV (`source`: its path, or what opens it) read as
    `kwargs` say, where it is not too large for that."""
    if kwargs.get("engine") == "python" or size > MAX_SCANNED:  # (the python engine is slow)
        return None

    def read(labels: list[Any]) -> Any:
        opened = source if isinstance(source, Path) else source()
        if kwargs.get("header", 0) is None and "names" not in kwargs:
            # Columns by their numbers: with no header, pandas 3 reads no row through a callable.
            return load_pandas().read_csv(opened, **kwargs, usecols=[c for c in labels if isinstance(c, int)])
        return load_pandas().read_csv(opened, **kwargs, usecols=lambda c: c in labels)

    return read


SORTED_FEW = 50  # distinct numbers in the rows read of a column the file may be sorted by


def _text_further_down(df: Any, read_all: ReadColumns | None) -> list[Any]:
    """Columns of few whole numbers in the rows read that hold text further down: a file sorted
    by chromosome shows 1, 2, 3 in its first rows, and X, Y, MT at its end."""
    pd = load_pandas()
    few = [c for c in list(df.columns)[:40] if df[c].dtype.kind in "iu" and df[c].nunique() <= SORTED_FEW]
    if not few or read_all is None:
        return []
    try:
        every = read_all(few)
    except Exception:  # noqa: BLE001 - the first rows are profiled as they are
        return []
    return [  # the labels as pandas has them: 1, not '1', for a file with no header
        c
        for c in few
        if c in every.columns and pd.to_numeric(every[c], errors="coerce").isna().sum() > every[c].isna().sum()
    ]


def read_text_table(name: str, path: Path) -> dict[str, Any]:
    pd = load_pandas()
    call, kwargs, notes = csv_load(name, path)
    try:  # (a footer is skipped only in a file read whole: pandas reads no footer with `nrows`)
        df = pd.read_csv(path, **kwargs) if "skipfooter" in kwargs else pd.read_csv(path, nrows=MAX_ROWS, **kwargs)
    except Exception:
        call, kwargs, notes = (
            load_call("pd.read_csv", name, {"sep": None, "engine": "python"}),
            {"sep": None, "engine": "python"},
            [],
        )
        df = pd.read_csv(path, nrows=MAX_ROWS, **kwargs)
    read_all = csv_columns(path, path.stat().st_size, kwargs)
    if len(df) >= MAX_ROWS and (texts := _text_further_down(df, read_all)):
        # Read as text, as the whole file holds it: pandas would read the column as a mix of
        # numbers and strings (DtypeWarning), where == '1' and == 1 each miss some rows.
        kwargs["dtype"] = {**kwargs.get("dtype", {}), **{c: "str" for c in texts}}
        call = load_call("pd.read_csv", name, kwargs)
        df = pd.read_csv(path, nrows=MAX_ROWS, **kwargs)
        read_all = csv_columns(path, path.stat().st_size, kwargs)
        notes = [
            *notes,
            f"text further down than the first {MAX_ROWS} rows in {', '.join(repr(str(c)) for c in texts)}: read as text (dtype=)",
        ]
    if len(df) < MAX_ROWS:  # all of it was read: its rows, even where a quoted value spans lines
        total: int | None = len(df)
    else:
        header = 0 if "header" in kwargs else 1
        skipped = kwargs.get("skiprows", 0)
        skipped = len(skipped) if isinstance(skipped, list) else skipped
        lines = count_lines(path, kwargs.get("encoding", "")) if path.stat().st_size < MAX_SCANNED else None
        total = lines - header - skipped if lines is not None else None
    table = table_profile("", df, f"df = {call}", total, notes, read_all)
    if kwargs.get("skiprows"):
        with open_file(path) as f:
            labels = commented_columns(decode(f.read(MAX_READ))[0].splitlines(), [str(c) for c in df.columns])
        for column in table["columns"]:
            column["label"] = labels.get(column["name"], column.get("label", ""))
    return {"kind": "table", "tables": [table]}
