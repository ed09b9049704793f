"""Text in sections, each opened by a title in brackets on a line of its own (`[Results]`, an INI
file's `[Settings]`), some holding a delimited table: an instrument's export (a qPCR run's
`[Sample Setup]` and `[Results]`), a sequencer's sample sheet (`[Header]`, `[Data]`). One table per
section that is one, read from the section's own text; the lines before the first title and the
other sections are named, not lost.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass

MIN_SECTIONS = 2  # one title may be a note's; two or more are the file's parts
MIN_ROWS = 2  # a table's rows under its header
MAX_NAMED = 12  # section titles a note names
_TITLE = re.compile(r"^\[([^\[\]\r\n]{1,80})\][,;\t ]*$")  # a sample sheet's '[Data],,,' too
SEPARATORS = ("\t", ",", ";", "|")
_ASSIGNED = re.compile(r"^\s*[\w.-]+\s*[=:]")
# What the load splits the text by: a title line; its words are the dict's key.
SPLIT = r"(?m)^\ufeff?\[([^\[\]\r\n]{1,80})\][,;\t ]*\r?$"  # a byte-order mark before the first


@dataclass
class Section:
    title: str
    sep: str  # the table's separator, "" when the section is not a table
    lines: int  # its lines that are not blank


def find(lines: list[str]) -> tuple[list[Section], int]:
    """The file's sections and the count of lines (not blank) before the first, or ([], 0) when the
    file is not one of sections: fewer than MIN_SECTIONS titles, a title twice (a dict of them would
    keep one), or no section a table."""
    titles = [(i, m.group(1).strip()) for i, line in enumerate(lines) if (m := _TITLE.match(line.strip()))]
    names = [t for _, t in titles]
    if len(titles) < MIN_SECTIONS or len(set(names)) < len(names):
        return [], 0
    found = []
    for (start, title), end in zip(titles, [i for i, _ in titles[1:]] + [len(lines)]):
        body = [line for line in lines[start + 1 : end] if line.strip()]
        found.append(Section(title, separator(body), len(body)))
    before = [line for line in lines[: titles[0][0]] if line.strip()]
    found.insert(0, Section("", separator(before), len(before)))  # a table before the first title too
    if not any(s.sep for s in found):
        return [], 0
    return found, 0 if found[0].sep else len(before)


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


def load(opened: str, module: str, title: str, sep: str) -> str:
    """The lines that split the text into `sections` (title -> text) and read one as `df`."""
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
    out = [f"text in sections, each opened by a line '[Title]': {named}; each table below is read from its own section"]
    if sections[0].sep:
        out.append("the table before the first section is the first table")
    if others:
        out.append(f"the sections {others[:MAX_NAMED]!r} are not tables: sections[title] holds a section's text")
    if before:
        out.append(f"the {before} lines before the first section are parts[0]")
    return "; ".join(out) + "."
