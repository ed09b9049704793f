"""Text in sections, each opened by a title on a line of its own, some holding a delimited table:
in brackets (`[Results]`, an INI file's `[Settings]`: an instrument's export, a sequencer's sample
sheet), or a title alone in the first field of a block of lines that blank lines set apart (a
logbook export's `Aircraft Table` and `Flights Table`, a meeting report's `2. Participants`). One
table per section that is one, read from the section's own text; the lines before the first title
and the other sections are named, not lost.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass

MIN_SECTIONS = 2  # one title may be a note's; two or more are the file's parts
MIN_ROWS = 2  # a table's rows under its header
MAX_NAMED = 12  # section titles a note names
MIN_BLOCK_WIDTH = 3  # fields of a table under a title alone: two may be a list of notes with a comma
_TITLE = re.compile(r"^\[([^\[\]\r\n]{1,80})\][,;\t ]*$")  # a sample sheet's '[Data],,,' too
SEPARATORS = ("\t", ",", ";", "|")
_ASSIGNED = re.compile(r"^\s*[\w.-]+\s*[=:]")
# What the load splits the text by: a title line; its words are the dict's key.
SPLIT = r"(?m)^\ufeff?\[([^\[\]\r\n]{1,80})\][,;\t ]*\r?$"  # a byte-order mark before the first


# What parts blocks of lines: one or more lines that are blank, or empty fields only (',,,').
BLOCKS = r"\r?\n(?:[ \t,;]*\r?\n)+"
_EMPTY = re.compile(r"^[ \t,;]*$")


@dataclass
class Section:
    title: str
    sep: str  # the table's separator, "" when the section is not a table
    lines: int  # its lines that are not blank
    skip: int = 0  # lines of the section above its table's header (a row of the fields' types)
    blocks: bool = False  # a block set apart by blank lines, not a '[Title]' line, opens it


def find(lines: list[str], blocks: bool = True) -> tuple[list[Section], int]:
    """The file's sections and the count of lines (not blank) before the first, or ([], 0) when the
    file is not one of sections: fewer than MIN_SECTIONS titles, a title twice (a dict of them would
    keep one), or no section a table."""
    titles = [(i, m.group(1).strip()) for i, line in enumerate(lines) if (m := _TITLE.match(line.strip()))]
    names = [t for _, t in titles]
    if len(titles) < MIN_SECTIONS or len(set(names)) < len(names):
        return _blocks(lines) if blocks else ([], 0)
    found = []
    for (start, title), end in zip(titles, [i for i, _ in titles[1:]] + [len(lines)]):
        body = [line for line in lines[start + 1 : end] if line.strip()]
        found.append(Section(title, separator(body), len(body)))
    before = [line for line in lines[: titles[0][0]] if line.strip()]
    found.insert(0, Section("", separator(before), len(before)))  # a table before the first title too
    if not any(s.sep for s in found):
        return [], 0
    return found, 0 if found[0].sep else len(before)


def _blocks(lines: list[str]) -> tuple[list[Section], int]:
    """The sections of a file of blocks set apart by blank lines, each of two or more opened by a
    title alone in its first field, or ([], 0). The first block untitled is the lines before."""
    blocks: list[list[str]] = [[]]
    for line in lines:
        if _EMPTY.match(line):
            blocks.append([]) if blocks[-1] else None
        else:
            blocks[-1].append(line)
    titled = [(title, b[1:]) for b in blocks if len(b) > 1 and (title := _block_title(b[0]))]
    names = [t for t, _ in titled]
    if len(titled) < MIN_SECTIONS or len(set(names)) < len(names):
        return [], 0
    if any(sum(line.count('"') for line in b) % 2 for b in blocks):
        return [], 0  # a quoted value holds a blank line: the blank lines part values, not tables
    found = []
    for title, body in titled:
        skip = _types_row(body)
        sep = separator(body[skip:])
        if sep and len(_trimmed(next(csv.reader(body[skip : skip + 1], delimiter=sep)))) < MIN_BLOCK_WIDTH:
            sep = ""  # 'Alice, draft the memo' under 'Action items': notes in a list, not a table
        found.append(Section(title, sep, len(body), skip, blocks=True))
    if not any(s.sep for s in found):
        return [], 0
    first = next(i for i, b in enumerate(blocks) if len(b) > 1 and _block_title(b[0]))
    # Rows with no title after a table: its own rows past an empty one, which the split would lose
    # (a line of one field, a footer, is no row).
    untitled = [b for b in blocks[first + 1 :] if b and not (len(b) > 1 and _block_title(b[0]))]
    if any(len([f for f in line.split(sep) if f.strip()]) >= 2 for b in untitled for line in b for sep in SEPARATORS):
        return [], 0
    return found, sum(len(b) for b in blocks[:first])


def _block_title(line: str) -> str:
    """A title alone in a line's first field ('Flights Table,,,', '2. Participants'), or ""."""
    title = line.strip().strip(",;\t").strip()
    if not title or len(title) > 80 or any(sep in title for sep in SEPARATORS) or _number(title):
        return ""
    return title


def _types_row(body: list[str]) -> int:
    """1 when a section's first line names its fields' types above the header ('Text,Text,YYYY,...'
    over 'AircraftID,equipType,TypeCode,Year'): the same words repeat in it, the names under it are
    all different. Else 0."""
    if len(body) <= MIN_ROWS + 1:
        return 0
    for sep in SEPARATORS:
        try:
            top, header = (_trimmed(r) for r in csv.reader(body[:2], delimiter=sep))
        except (csv.Error, ValueError):
            continue
        named = [h for h in header if h.strip()]
        if len(header) >= 2 and len(named) == len(set(named)) == len(header) and len(top) <= len(header):
            if len({t for t in top if t.strip()}) < len([t for t in top if t.strip()]):
                return 1
    return 0


def separator(body: list[str]) -> str:
    """The separator that splits a header and MIN_ROWS rows or more into the same count of fields
    (two or more; empty fields at a row's end aside, as spreadsheets pad), the header's all named
    and not numbers (else a `key,value` list); "" when none does."""
    if len(body) <= MIN_ROWS:
        return ""
    for sep in SEPARATORS:
        try:
            rows = [_trimmed(r) for r in csv.reader(body, delimiter=sep)]
        except csv.Error:  # a field past csv's limit: no table to offer
            return ""
        header, width = rows[0], len(rows[0])
        if width < 2 or not all(h.strip() for h in header) or any(_number(h) for h in header):
            continue
        if _ASSIGNED.match(header[0]):
            return ""  # `key = value` lines of an INI or TOML section, not a table's header
        if sum(1 for r in rows[1:] if 2 <= len(r) <= width) >= 0.8 * (len(rows) - 1):
            return sep
    return ""


def _trimmed(row: list[str]) -> list[str]:
    while row and not row[-1].strip():
        row = row[:-1]
    return row


def _number(text: str) -> bool:
    try:
        float(text.replace(",", ""))
    except ValueError:
        return False
    return True


def load(opened: str, module: str, title: str, sep: str, skip: int = 0, blocks: bool = False) -> str:
    """The lines that split the text into `sections` (title -> text) and read one as `df`."""
    if blocks:
        return "\n".join(
            [
                *([module] if module else []),
                "import io",
                "import re",
                f"blocks = re.split(r'{BLOCKS}', {opened}.read())  # blank lines set the tables apart",
                "sections = {b.split('\\n', 1)[0].strip(' \\t,;\\r\\ufeff'): b.split('\\n', 1)[1] for b in blocks if '\\n' in b}",
                f"df = pd.read_csv(io.StringIO(sections[{title!r}]), sep={sep!r}"
                + (f", skiprows={skip})  # the line above the header names the fields' types" if skip else ")"),
            ]
        )
    return "\n".join(
        [
            *([module] if module else []),
            "import io",
            "import re",
            f"parts = re.split(r'{SPLIT}', {opened}.read())  # a line '[Title]' opens a section",
            "sections = {title.strip(): body.strip() for title, body in zip(parts[1::2], parts[2::2])}",
            f"df = pd.read_csv(io.StringIO(sections[{title!r}]), sep={sep!r})"
            if title
            else f"df = pd.read_csv(io.StringIO(parts[0].lstrip('\\ufeff').strip()), sep={sep!r})  # before the first section",
        ]
    )


def note(sections: list[Section], before: int) -> str:
    """What the file says of itself: its sections, and where the text that is not a table is."""
    titled = [s for s in sections if s.title]
    others = [s.title for s in titled if not s.sep]
    named = ", ".join(repr(s.title) for s in titled[:MAX_NAMED]) + (", ..." if len(titled) > MAX_NAMED else "")
    opened = (
        "a title alone above a block of lines that blank lines set apart" if titled[0].blocks else "a line '[Title]'"
    )
    out = [f"text in sections, each opened by {opened}: {named}; each table below is read from its own section"]
    if not sections[0].title and sections[0].sep:
        out.append("the table before the first section is the first table")
    if others:
        out.append(f"the sections {others[:MAX_NAMED]!r} are not tables: sections[title] holds a section's text")
    if before:
        out.append(f"the {before} lines before the first section are {'blocks' if titled[0].blocks else 'parts'}[0]")
    return "; ".join(out) + "."
