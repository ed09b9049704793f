"""Text that is not a delimited table: Markdown tables, iCalendar and vCard blocks, fixed-width
reports, logs and other lines.
"""

from __future__ import annotations

import io
import re
import types
from collections import Counter
from pathlib import Path
from typing import Any

from . import fixedrecords, fixedwidth, grids, logformat, sections, spaced, stamped, stanzas
from .delimited import read_as_missing
from .frames import columns_of, table_profile
from .kinds import (
    COMPRESSED,
    GROUPED,
    MAX_READ,
    MAX_ROWS,
    MAX_SCANNED,
    MAX_TABLES,
    NUMBERISH,
    count_lines,
    decode,
    first_lines,
    load_call,
    load_pandas,
    open_file,
)

_MD_ALIGN = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")


def read_markdown(name: str, path: Path) -> dict[str, Any]:
    """The pipe tables of a markdown file, each read with read_csv between its lines."""
    pd = load_pandas()
    with open_file(path) as f:
        text, encoding = decode(f.read(MAX_READ))
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
        return read_lines(name, path)
    tables = []
    for title, header, rows in found[:MAX_TABLES]:
        row = lines[header].strip()
        first, last = (1 if row.startswith("|") else 0), (-1 if row.endswith("|") else None)
        cut = f".iloc[:, {first or ''}:{last or ''}]" if first or last else ""
        kwargs: dict[str, Any] = {"sep": r"\s*\|\s*", "engine": "python", "nrows": rows}
        if encoding not in ("utf-8-sig", "utf-8"):
            kwargs["encoding"] = encoding
        skip = f"skiprows=lambda i: i < {header} or i == {header + 1}"
        call = load_call("pd.read_csv", name, kwargs).replace("engine='python'", f"engine='python', {skip}")
        df = pd.read_csv(path, skiprows=lambda i, h=header: i < h or i == h + 1, **kwargs).iloc[:, first:last]
        tables.append(table_profile(title, df, f"df = {call}{cut}", len(df), []))
    note = f"markdown with {len(found)} table(s)" + (
        "" if len(found) <= MAX_TABLES else f", the first {MAX_TABLES} shown"
    )
    return {"kind": "table", "tables": tables, "note": note + "; each loads on its own"}


_OPENER_IMPORT = re.compile(r"^import (gzip|bz2|lzma)\n", re.MULTILINE)


def _run_on(load: str, text: str) -> Any:
    """The `df` the very lines offered make, run on `text` (read here) where they open the file,
    with open() or, compressed, its module's."""
    opened = types.SimpleNamespace(open=lambda *a, **k: io.StringIO(text))
    scope: dict[str, Any] = {"pd": load_pandas(), "open": opened.open, "gzip": opened, "bz2": opened, "lzma": opened}
    exec(_OPENER_IMPORT.sub("", load), scope)  # noqa: S102 - the lines offered, but for the import of an opener
    return scope["df"]


def read_calendar(name: str, path: Path) -> dict[str, Any]:
    """One row per component (an event, a contact) of an iCalendar or vCard file: the most
    repeated BEGIN:X ... END:X block, each KEY:VALUE line of it a column (parameters dropped)."""
    with open_file(path) as f:
        text, encoding = decode(f.read())
    kinds = Counter(re.findall(r"^BEGIN:([A-Z-]+)\s*$", text, flags=re.M))
    kinds.pop("VCALENDAR", None)
    if not kinds:
        return read_lines(name, path)
    kind = kinds.most_common(1)[0][0]
    module, opened = logformat.opened_text(name, "" if encoding.startswith("utf-8") else encoding)
    load = "\n".join(
        [
            *([module] if module else []),
            "import re",
            f"text = re.sub(r'\\n[ \\t]', '', {opened}.read().replace('\\r\\n', '\\n'))  # continued lines unfolded",
            f"blocks = re.findall(r'^BEGIN:{kind}$(.*?)^END:{kind}$', text, flags=re.M | re.S)",
            "df = pd.DataFrame([dict(re.findall(r'^([A-Z][A-Z0-9-]*)(?:;[^:\\n]*)?:(.*)$', b, flags=re.M)) for b in blocks])",
        ]
    )
    df = _run_on(load, text)
    note = f"one row per {kind} block; each KEY:VALUE line is a column (parameters such as ;VALUE=DATE dropped)"
    return {"kind": "table", "tables": [table_profile("", df.head(MAX_ROWS), load, len(df), [note], columns_of(df))]}


def _tokens_alike(path: Path, found: spaced.Spaced) -> bool:
    """Every row of the whole file splits into as many tokens as the header has names: read_csv
    refuses a row with more, but pads one with fewer, putting its values under the wrong names."""
    n = len(found.names)
    with open_file(path) as f:
        for i, raw in enumerate(f):
            if i >= found.skip and raw.strip() and len(raw.split()) != n:
                return False
    return True


def _fwf_args(path: Path, encoding: str) -> dict[str, Any]:
    """read_fwf's encoding and compression: pandas 3.1's read_fwf infers no compression from the name."""
    args: dict[str, Any] = {} if encoding in ("utf-8-sig", "utf-8") else {"encoding": encoding}
    if packed := COMPRESSED.get(path.suffix.lower()):
        args["compression"] = {"lzma": "xz"}.get(packed, packed)
    return args


def _fixed(name: str, path: Path, text: str, encoding: str, whole: bool) -> dict[str, Any] | None:
    """A text report whose columns are aligned with spaces, read with read_fwf at the columns
    found; None when it is not one. `whole`: `text` is all of the file."""
    lines = re.split(r"\r\n|\r|\n", text)  # as pandas counts lines: a form feed does not end one
    found = fixedwidth.layout(lines[:5000])
    if found is None or found.rows < 2:
        return None
    reaches_end = found.header + found.rows + len(found.skip) + len(found.summary) >= len(lines) - 1
    kwargs: dict[str, Any] = {"colspecs": found.colspecs, **_fwf_args(path, encoding)}
    body = [line[a:b].strip() for line in lines[found.header + 1 : found.header + 200] for a, b in found.colspecs]
    numeric = [c for c in body if c and NUMBERISH.match(c)]
    if sum(bool(GROUPED.match(c)) for c in numeric) > 0.05 * max(len(numeric), 1):
        kwargs["thousands"] = ","
    if whole or not reaches_end:
        kwargs["nrows"] = found.rows
    skip = [*range(found.header), *found.skip]
    notes = ["fixed-width columns, found from the blanks shared by every line of the table"]
    cells = [[line[a:b] for a, b in found.colspecs] for line in lines[found.header : found.header + MAX_ROWS]]
    read_as_missing(cells[0], [r for i, r in enumerate(cells[1:], found.header + 1) if i not in skip], kwargs, notes)
    pd = load_pandas()
    df = pd.read_fwf(path, skiprows=skip, **kwargs)
    above = f"*range({found.header}), " if found.header else ""
    rules = ", ".join(str(r) for r in found.skip)
    skips = f"[{above}{rules}]" if found.skip else str(found.header)
    call = load_call("pd.read_fwf", name, kwargs).replace(f"{name!r}, ", f"{name!r}, skiprows={skips}, ", 1)
    if found.header:
        notes.append(f"the header is on line {found.header + 1}; the lines above it are a title or notes")
    if found.summary and "nrows" in kwargs:
        notes.append(f"the line(s) under the table's closing rule are a summary, left out: {found.summary[0][:80]!r}")
    rows = len(df) if "nrows" in kwargs else None
    # A header underlined by a rule is a printed table's, whatever log format its rows also fit.
    ruled = bool(fixedwidth.RULE.match(lines[found.header + 1]))
    # A header of names over the records: a table (`yyyy  mm  tmax`), not a log whose lines it fits.
    named = fixedwidth.named(lines[found.header], found.colspecs)
    table = table_profile("", df, f"df = {call}", rows, notes)
    return {"kind": "table", "tables": [table], "ruled": ruled, "named": named, "covers": found.rows}


def _spaced(name: str, path: Path, found: spaced.Spaced, encoding: str) -> dict[str, Any] | None:
    """A table of blank-separated tokens under a header of names, read whole with read_csv; None
    when a row past those sampled has another count of tokens."""
    kwargs: dict[str, Any] = {"sep": r"\s+", "header": None, "names": found.names, "skiprows": found.skip}
    if encoding not in ("utf-8-sig", "utf-8"):
        kwargs["encoding"] = encoding
    notes = [
        f"columns separated by blanks; the names are line {found.header + 1}'s"
        + (" (a # comment)" if found.comment else "")
    ]
    read_as_missing(found.names, found.rows[:MAX_ROWS], kwargs, notes)
    if found.units:
        units = ", ".join(
            f"{n} {u}"
            for n, u in zip(found.names, found.units)
            if u.lower() != n.lower() and any(ch.isalpha() for ch in u)
        )
        notes.append(f"units, from the line under the names (skipped): {units}")
    if path.stat().st_size > MAX_SCANNED or not _tokens_alike(path, found):
        return None  # a row with fewer tokens would be read short, its last values missing
    pd = load_pandas()
    try:
        df = pd.read_csv(path, **kwargs)
    except (ValueError, pd.errors.ParserError):
        return None
    table = table_profile("", df, f"df = {load_call('pd.read_csv', name, kwargs)}", len(df), notes)
    return {"kind": "table", "tables": [table]}


def _records(name: str, path: Path, found: fixedrecords.Records, encoding: str, whole: bool) -> dict[str, Any]:
    """Headerless fixed-width records read at the fields found; a group of fields repeated along
    the line becomes a row per line and group (the long table nearly every question wants)."""
    lead = [f"c{i + 1}" for i in range(len(found.lead))]
    kwargs: dict[str, Any] = {"header": None, **_fwf_args(path, encoding)}
    args = "".join(f", {k}={v!r}" for k, v in kwargs.items())
    if found.dates:  # digits that are dates stay text, for to_datetime with their format
        args += ", dtype={" + ", ".join(f"{lead[k]!r}: str" for k in found.dates) + "}"
    notes = ["fixed-width records with no header, the fields found from the positions every line fills"]
    if not found.group:
        lines = [f"df = pd.read_fwf({name!r}, colspecs={found.lead!r}, names={lead!r}{args})"]
    else:
        each = [f"g{i + 1}" for i in range(len(found.group))]
        start, period, k = found.start, found.period, found.repeats
        lines = [
            f"lead, each = {lead!r}, {each!r}",
            f"colspecs = {found.lead!r} + [({start} + {period} * k + a, {start} + {period} * k + b)"
            f" for k in range({k}) for a, b in {found.group!r}]",
            f"names = lead + [f'{{n}}.{{k}}' for k in range(1, {k + 1}) for n in each]",
            f"wide = pd.read_fwf({name!r}, colspecs=colspecs, names=names{args})",
            f"df = pd.concat([wide[lead].assign(group=k, **{{n: wide[f'{{n}}.{{k}}'] for n in each}})"
            f" for k in range(1, {k + 1})], ignore_index=True)",
        ]
        notes.insert(
            0,
            f"each line holds {len(lead)} field(s), then {k} groups of {len(each)} fields alike; the load makes a "
            f"row per line and group: 'group' numbers the group along the line (1-{k}), {', '.join(each)} are its fields",
        )
    lines += [f"df[{lead[i]!r}] = pd.to_datetime(df[{lead[i]!r}], format={fmt!r})" for i, fmt in found.dates.items()]
    load = "\n".join(lines)
    scope: dict[str, Any] = {"pd": load_pandas()}
    read = f"pd.read_fwf({str(path)!r}" + ("" if whole else f", nrows={MAX_ROWS}")
    exec(load.replace(f"pd.read_fwf({name!r}", read), scope)  # noqa: S102 - the very lines offered
    df = scope["df"]
    return {"kind": "table", "tables": [table_profile("", df.head(MAX_ROWS), load, len(df) if whole else None, notes)]}


def _stamped(name: str, text: str, found: stamped.Stamped, encoding: str, whole: bool) -> dict[str, Any] | None:
    """One row per stamped record, its lines under it joined; read from `text`, the first MAX_READ
    bytes of a larger file, whose count of rows is then unknown."""
    load = stamped.load(name, found, encoding)
    try:
        df = _run_on(load, text)
    except ValueError:  # a stamp past the lines sampled that the format does not read: not offered
        return None
    notes = [*stamped.notes(found), *([said] if (said := _fields_in(df["message"])) else [])]
    table = table_profile("", df.head(MAX_ROWS), load, len(df) if whole else None, notes, columns_of(df), events=True)
    return {"kind": "table", "tables": [table]}


FIELDS_NAMED = 32  # key=value keys a log's note names


def _fields_in(messages: Any) -> str:
    """A note on the key=value fields messages carry (a mail server's `client=`, `status=`,
    `sasl_username=`): which, on how many rows, and how to take one as a column; "" when few
    messages carry any. A small model counted rows whose text merely contained the value."""
    held: Counter[str] = Counter()
    for text in messages.dropna().astype(str):
        held.update(logformat.key_values(text).keys())  # in the order written: ties list alike every run
    common = [(k, n) for k, n in held.most_common(FIELDS_NAMED) if n >= max(2, 0.02 * len(messages))]
    if not common:
        return ""
    keys = ", ".join(f"{k}= {n}" for k, n in common)
    first = common[0][0]
    return (
        f"messages carry key=value fields (rows holding each): {keys}; "
        f"df['message'].str.extract(r'\\b{first}=([^\\s,;]+?)[.,;)]?(?=[\\s,;]|$)', expand=False) takes one as a "
        "column (NaN where a row has none)"
    )


def read_lines(name: str, path: Path) -> dict[str, Any]:
    with open_file(path) as f:
        head = f.read(MAX_READ)
    text, encoding = decode(head)
    if titled := read_sections(name, text, encoding, len(head) < MAX_READ, blocks=False):  # '[Results]' and its table
        return titled
    lines = text.splitlines()[:2000]
    plain = path.suffix.lower() not in (".gz", ".bz2", ".xz", ".zip")  # np.loadtxt of the name: text only
    if plain and (grid := grids.find(lines)) is not None and encoding.startswith("utf-8"):  # a raster: numpy's
        return {"kind": "lines", "lines": grids.describe(name, grid), "load": grids.load(name, grid), "rows": None}
    # A compressed log counts by the bytes it holds: some twenty times the bytes it takes on disk.
    scanned = MAX_SCANNED // 20 if path.suffix.lower() in (".gz", ".bz2", ".xz") else MAX_SCANNED
    total = count_lines(path, encoding) if path.stat().st_size < scanned else None
    fmt = logformat.infer(lines)
    weak = fmt is None or fmt.matched < 0.5 * fmt.total  # no record shape for most lines
    found = stamped.infer(text.splitlines(), load_pandas()) if weak else None  # every stamp, so its format reads all
    fields = fixedrecords.records(lines)
    fixed = _fixed(name, path, text, encoding, len(head) < MAX_READ)
    columns = spaced.infer(re.split(r"\r\n|\r|\n", text)[:2000])
    if columns is not None and (fixed is None or len(fixed["tables"][0]["columns"]) < len(columns.names)):
        # One blank between numbers is a column too, where every row has the header's count of tokens.
        if (table := _spaced(name, path, columns, encoding)) is not None:
            return table
    if fixed is not None:
        ruled, named, covers = fixed.pop("ruled"), fixed.pop("named"), fixed.pop("covers")
        # A report, unless more of its lines are stamped records than its columns cover, or its
        # "header" is a record like the others over a stretch of lines that share a blank column.
        records = found is not None and found.records > covers
        headed = (ruled or named) and 2 * covers >= sum(1 for line in lines if line.strip())
        if fields is None or headed:
            if ruled or (weak and not records) or (fmt is not None and not weak and named and covers >= fmt.matched):
                return fixed
    if fields is not None and (fields.group or weak and found is None):
        # A group of fields repeated along every line is records, whatever tokens a log's shape finds.
        try:
            return _records(name, path, fields, encoding, len(head) < MAX_READ)
        except (ValueError, TypeError):  # a line past those sampled that the fields do not read: not offered
            pass
    if ruled := _ruled(name, text, encoding, len(head) < MAX_READ):  # entries of a few lines, each ended by a rule
        return ruled
    if keyed := _stanzas(name, text, encoding, len(head) < MAX_READ):  # records of key: value lines
        return keyed
    events = logformat.events(lines) if weak else None
    if events is not None:
        return {
            "kind": "lines",
            "lines": logformat.describe_events(name, events, total, encoding),
            "load": logformat.load_events(name, events, encoding),
            "rows": total,
        }
    table = _stamped(name, text, found, encoding, len(head) < MAX_READ) if found is not None else None
    if table is not None:
        return table
    if fmt is not None:
        return {
            "kind": "lines",
            "lines": logformat.describe(name, fmt, total),
            "load": logformat.load_lines(name, fmt),
            "rows": total,
        }
    return {"kind": "text", "lines": first_lines(path), "rows": total}


# A line of one mark repeated ('==========', '-----', '*****'): where records of a few lines each
# end, in a file of them (a reader's saved highlights, a journal, a printed list of entries).
_RULE = re.compile(r"^[ \t]*([=*_~#+-])\1{2,}[ \t\r]*$", re.MULTILINE)
MIN_RULED = 5  # records: fewer rules are sections of a document
RULED_LINES = 12  # a record's lines at most (median): longer are sections too


def _ruled(name: str, text: str, encoding: str, whole: bool) -> dict[str, Any] | None:
    """One row per record of a file of records apart by a rule line, each of its lines (not blank) a
    column, or None when the file is not one: the most common rule stands between at least MIN_RULED
    records of a few lines each, most of them of the same count of lines within one."""
    rules = Counter(m.group(0).strip() for m in _RULE.finditer(text))
    if not rules:
        return None
    rule, n = rules.most_common(1)[0]
    pattern = rf"^[ \t]*{re.escape(rule)}[ \t\r]*$"
    blocks = [[line for line in b.splitlines() if line.strip()] for b in re.split(pattern, text, flags=re.M)]
    sizes = sorted(len(b) for b in blocks if b)
    if n < MIN_RULED or len(sizes) < MIN_RULED or not 2 <= sizes[len(sizes) // 2] <= RULED_LINES:
        return None
    middle = sizes[len(sizes) // 2]
    if sum(abs(size - middle) <= 1 for size in sizes) < 0.8 * len(sizes):
        return None
    module, opened = logformat.opened_text(name, "" if encoding.startswith("utf-8") else encoding)
    load = "\n".join(
        [
            *([module] if module else []),
            "import re",
            f"text = {opened}.read().replace('\\ufeff', '')  # a byte-order mark may start any record",
            f"records = [[s for s in r.splitlines() if s.strip()] for r in re.split(r'{pattern}', text, flags=re.M)]",
            "df = pd.DataFrame([r for r in records if r])",
            "df.columns = [f'line {i + 1}' for i in range(df.shape[1])]",
        ]
    )
    try:
        df = _run_on(load, text)
    except (ValueError, re.error):
        return None
    note = f"one row per record, the records apart by lines {rule!r}; each of a record's lines (not blank) is a column"
    table = table_profile("", df.head(MAX_ROWS), load, len(df) if whole else None, [note], columns_of(df))
    return {"kind": "table", "tables": [table]}


def _stanzas(name: str, text: str, encoding: str, whole: bool) -> dict[str, Any] | None:
    """Records of `key: value` lines each opened by a line of one key (`stanzas`): a table of them,
    and one of the tab-separated lines inside them where they hold some; None when the file is not one."""
    key = stanzas.head_key(text.splitlines()[:2000])
    if not key:
        return None
    module, opened = logformat.opened_text(name, "" if encoding.startswith("utf-8") else encoding)
    made = []
    for rows in (False, True):
        load = stanzas.load(opened, module, key, rows)
        try:
            made.append((load, _run_on(load, text)))
        except (ValueError, re.error):  # records: not read after all; rows: no tab-separated lines (max() of none)
            if not rows:
                return None
    if made[0][1].empty:
        return None
    both, lines = len(made) == 2, "lines" if key != "lines" else "rows"
    tables = [
        table_profile(
            (lines if rows else key) if both else "",
            df.head(MAX_ROWS),
            load,
            len(df) if whole else None,
            stanzas.notes(key, rows, both),
            columns_of(df),
        )
        for rows, (load, df) in zip((False, True), made)
    ]
    return {"kind": "table", "tables": tables}


def read_titled(name: str, path: Path) -> dict[str, Any] | None:
    """The tables of a file in '[Title]' sections (a sample sheet as .csv too), or None."""
    with open_file(path) as f:
        head = f.read(MAX_READ)
    return read_sections(name, *decode(head), len(head) < MAX_READ)


def read_sections(name: str, text: str, encoding: str, whole: bool, blocks: bool = True) -> dict[str, Any] | None:
    """A table per section of a file in sections opened by '[Title]' lines that is one, each read
    by the lines offered, run here; None when the file is not one or no section's table reads."""
    found, before = sections.find(text.splitlines(), blocks)  # titled blocks: in a file that looks tabular only
    module, opened = logformat.opened_text(name, "" if encoding.startswith("utf-8") else encoding)
    tables = []
    for s in [s for s in found if s.sep][:MAX_TABLES]:
        load = sections.load(opened, module, s.title, s.sep, s.skip, s.blocks)
        try:
            df = _run_on(load, text)
        except (ValueError, KeyError, re.error):  # pandas' ParserError is a ValueError
            continue
        title = s.title or "before the sections"
        tables.append(table_profile(title, df.head(MAX_ROWS), load, len(df) if whole else None, [], columns_of(df)))
    if not tables:
        return None
    return {"kind": "table", "tables": tables, "note": sections.note(found, before)}
