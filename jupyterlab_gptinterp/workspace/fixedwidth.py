"""The layout of a text report whose columns are aligned with spaces (fixed width).

Reports printed for reading put a title block above the table, rule lines (`-----`) under its
header and above a total, and notes below it. The table is the longest block of lines that share
columns of blanks; its header is the line a rule of dashes underlines, else the first line of that
block which keeps them (a title that runs straight into the header does not); lines under the
last rule inside the block are a summary. Lines right under the header with no digit, above rows
that have them, are a second header line of units (`degC  mm  hours`), skipped like rules.
pandas' own inference (`read_fwf(colspecs='infer')`) reads the rule lines as data and finds one
column, so the columns are found here and passed to it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

RULE = re.compile(r"^[\s\-=_+|*~.:]+$")
_UNDERLINE = re.compile(r"^[\s\-=+|]*[-=]{3}[\s\-=+|]*$")  # a rule of dashes or equals signs
_NUMBER = re.compile(r"[-+]?[\d.,]*\d[\d.,]*%?")
MAX_HEAD = 40  # lines of the title block looked through for the header


@dataclass
class Layout:
    header: int  # the header's line number in the file (0-based)
    skip: list[int]  # line numbers to skip after it (rules), as read_fwf's skiprows takes them with the lines above
    colspecs: list[tuple[int, int]]
    rows: int  # rows of data under the header, down to the summary
    summary: list[str]  # the lines under the table's last rule (totals), stripped


def _columns(lines: list[str]) -> list[tuple[int, int]]:
    """The runs of positions where some line has a character, between at least two positions blank
    in all."""
    width = max(len(line) for line in lines)
    used = [False] * width
    for line in lines:
        for i, ch in enumerate(line):
            if not ch.isspace():
                used[i] = True
    # One blank between columns is too little to tell a column from a space between words of prose.
    for i in range(1, width - 1):
        if not used[i] and used[i - 1] and used[i + 1]:
            used[i] = True
    spans, start = [], None
    for i, u in enumerate([*used, False]):
        if u and start is None:
            start = i
        elif not u and start is not None:
            spans.append((start, i))
            start = None
    return spans


def _blocks(lines: list[str]) -> list[tuple[int, int]]:
    """(first, end) of each run of non-blank lines."""
    out, start = [], None
    for i, line in enumerate([*lines, ""]):
        if line.strip() and start is None:
            start = i
        elif not line.strip() and start is not None:
            out.append((start, i))
            start = None
    return out


def layout(lines: list[str]) -> Layout | None:
    """The table of a fixed-width report, or None when no block of at least three lines shares
    two columns or more."""
    best: tuple[int, int, int, list[tuple[int, int]]] | None = None  # (-rows, header, end, columns)
    for first, end in _blocks(lines):
        if any("\t" in lines[i] for i in range(first, end)):
            continue  # tabs align nothing by position
        text = [i for i in range(first, end) if not RULE.match(lines[i])]
        # A line with a rule of dashes right under it is the header, whatever a title above shares.
        ruled = next((i for i in text[:MAX_HEAD] if i + 1 < end and _UNDERLINE.match(lines[i + 1])), None)
        start = text.index(ruled) if ruled is not None and len(text) - text.index(ruled) >= 3 else 0
        for k, header in enumerate(text[start:MAX_HEAD], start):
            body = text[k:]
            if len(body) < 3:
                break
            columns = _columns([lines[i] for i in body])
            if len(columns) >= 2:
                if best is None or -len(body) < best[0]:
                    best = (-len(body), header, end, columns)
                break
    if best is None:
        return None
    _, header, end, columns = best
    if all(_NUMBER.fullmatch(lines[header][a:b].strip() or "0") for a, b in columns):
        return None  # no header line: a list of values, not a report
    rules = [i for i in range(header + 1, end) if RULE.match(lines[i])]
    rules = sorted([*rules, *_units(lines, [i for i in range(header + 1, end) if i not in rules])])
    # A rule with data above and under it closes the table: what follows sums it up.
    data = [i for i in range(header + 1, end) if i not in rules]
    closing = [r for r in rules if any(i < r for i in data) and any(i > r for i in data)]
    stop = closing[-1] if closing else end
    summary = [lines[i].strip() for i in data if i > stop]
    rows = sum(1 for i in data if i < stop)
    return Layout(header, [r for r in rules if r < stop], columns, rows, summary)


def _units(lines: list[str], below: list[int]) -> list[int]:
    """The lines at the top of `below` that hold no digit, when nearly every line under them does."""
    top = 0
    while top < len(below) and top < 3 and not any(ch.isdigit() for ch in lines[below[top]]):
        top += 1
    rest = below[top:]
    digits = sum(any(ch.isdigit() for ch in lines[i]) for i in rest)
    return below[:top] if rest and len(rest) >= 3 and digits >= 0.9 * len(rest) else []


def named(line: str, columns: list[tuple[int, int]]) -> bool:
    """The columns of `line` hold names: words, no number, date or time (a header, not a record);
    a column or so may have none (a flag column the header leaves blank)."""
    cells = [line[a:b].strip() for a, b in columns]
    names = [c for c in cells if c]
    return len(names) >= max(2, len(cells) - 1) and all(
        any(ch.isalpha() for ch in c) and not re.search(r"\d{2}", c) for c in names
    )


def looks_fixed(lines: list[str]) -> bool:
    found = layout(lines)
    return found is not None and found.rows >= 2
