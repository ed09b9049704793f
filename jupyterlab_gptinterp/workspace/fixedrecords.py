"""Fixed-width records with no header: lines of one length whose fields sit at fixed positions
(a weather station's daily file, a mainframe export), often a lead of fields and then a group of
fields repeated to the end of the line (a value and its flags for each day of a month).

Splitting such a line at blanks is wrong: a blank flag merges two fields, a wide number touches
its neighbour. The fields are found from what every line does at each position instead: a field
of digits is right-aligned (a filled position fills the next one), a field of text left-aligned,
a position always filled in every line with its neighbours is one code; a run of digits that
reads as dates in every line (yyyymmdd, yyyymm) is a field of its own. A small model shown a
regex of 35 groups for such a file copied it, wrong, on every question.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date

MIN_LINES = 20
MIN_WIDTH = 20
SAME_LENGTH = 0.9  # of the lines that have the common length
MAX_PERIOD = 40  # characters in one repeated group
MIN_REPEATS = 3
RARE = 0.25  # of the lines filling a position that may match one blank in every line a group on
ALIGNED = 0.99  # of the lines where a filled position fills its neighbour too


@dataclass
class Records:
    lead: list[tuple[int, int]]  # the fields before the groups (colspecs)
    group: list[tuple[int, int]]  # one group's fields, from the group's start; [] when none repeat
    start: int  # where the first group begins
    period: int  # characters per group
    repeats: int
    dates: dict[int, str]  # lead field index -> the strptime format its digits are dates in


def _kind(ch: str) -> str:
    return "d" if ch.isdigit() or ch in "-+.," else "x"


def _fields(rows: list[str]) -> tuple[list[tuple[int, int]], dict[int, str]]:
    """The fields of lines of one length, and the formats of those that are dates."""
    width, n = len(rows[0]), len(rows)
    filled = [[not r[i].isspace() for r in rows] for i in range(width)]
    count = [sum(f) for f in filled]
    always = [c >= 0.995 * n for c in count]
    kinds = [{_kind(r[i]) for r in rows if not r[i].isspace()} for i in range(width)]
    digits = [k == {"d"} for k in kinds]

    def fills(a: list[bool], b: list[bool]) -> bool:  # a filled position fills b as well
        held = sum(a)
        return not held or sum(x and y for x, y in zip(a, b)) >= ALIGNED * held

    def spaced(i: int) -> bool:  # filled after a blank, a letter before it: a space between words
        after = [r for r, on, off in zip(rows, filled[i], filled[i - 1]) if on and not off]
        return i >= 2 and sum(r[i - 2].isalpha() for r in after) >= ALIGNED * len(after)

    bounds: set[int] = set()
    dated: dict[int, str] = {}
    for run in _digit_runs(rows, always):
        if found := _date_window(rows, *run):
            at, size, fmt = found
            bounds |= {at, at + size}
            dated[at] = fmt
    for i in range(1, width):
        if not count[i] or not count[i - 1] or (always[i] and always[i - 1]):
            continue
        if digits[i] != digits[i - 1]:
            bounds.add(i)
        elif not (fills(filled[i - 1], filled[i]) if digits[i] else fills(filled[i], filled[i - 1]) or spaced(i)):
            bounds.add(i)
    spans, start = [], None
    for i in range(width + 1):
        blank = i == width or not count[i]
        if start is not None and (blank or i in bounds):
            spans.append((start, i))
            start = None
        if start is None and not blank:
            start = i
    return spans, {k: dated[a] for k, (a, _) in enumerate(spans) if a in dated}


def _digit_runs(rows: list[str], always: list[bool]) -> list[tuple[int, int]]:
    """(start, end) of each run of positions holding a digit in every line."""
    runs, start = [], None
    for i in range(len(rows[0]) + 1):
        ok = i < len(rows[0]) and always[i] and all(r[i].isdigit() for r in rows)
        if ok and start is None:
            start = i
        elif not ok and start is not None:
            runs.append((start, i))
            start = None
    return runs


def _is_date(text: str) -> bool:
    try:
        return 1700 <= int(text[:4]) <= 2100 and bool(date(int(text[:4]), int(text[4:6]), int(text[6:8] or 1)))
    except ValueError:
        return False


def _date_window(rows: list[str], start: int, end: int) -> tuple[int, int, str] | None:
    """(position, size, format) of the digits inside a run that are a date in every line: eight
    (yyyymmdd) before six (yyyymm), at the run's end or start before its middle."""
    for size, fmt in ((8, "%Y%m%d"), (6, "%Y%m")):
        for at in dict.fromkeys([end - size, start, *range(start + 1, end - size)]):
            if at >= start and all(_is_date(r[at : at + size]) for r in rows):
                return at, size, fmt
    return None


def _period(rows: list[str]) -> tuple[int, int] | None:
    """(start, period) of a group of positions that repeats at least MIN_REPEATS times to the end
    of the line: at each position of every group the same kind (digits or not; a position blank
    in every line matches one that few lines fill: a flag seldom set). The earliest start, then the shortest period. None when nothing repeats or a group
    is all of one kind (a line of digits repeats at any period)."""
    width = len(rows[0])
    kinds = [{_kind(r[i]) for r in rows if not r[i].isspace()} for i in range(width)]
    sig = ["d" if k == {"d"} else ("x" if k else "") for k in kinds]
    fill = [sum(not r[i].isspace() for r in rows) / len(rows) for i in range(width)]

    def same(i: int, j: int) -> bool:
        return sig[i] == sig[j] or (not sig[i] and fill[j] <= RARE) or (not sig[j] and fill[i] <= RARE)

    for start in range(width // 2):
        for period in range(2, MAX_PERIOD + 1):
            repeats = (width - start) // period
            if repeats < MIN_REPEATS or width - start - repeats * period:
                continue
            one = sig[start : start + period]
            if len({s for s in one if s}) < 2 and all(one):
                continue
            if all(same(i, i + period) for i in range(start, width - period)):
                return start, period
    return None


def records(lines: list[str]) -> Records | None:
    """The fields of headerless fixed-width records, or None when the lines are not of one length
    or no field is found."""
    body = [line for line in lines if line.strip()]
    if len(body) < MIN_LINES:
        return None
    width, n = Counter(len(line) for line in body).most_common(1)[0]
    if width < MIN_WIDTH or n < SAME_LENGTH * len(body) or any("\t" in line for line in body):
        return None
    rows = [line for line in body if len(line) == width]
    found = _period(rows)
    if found is None:
        lead, dates = _fields(rows)
        return Records(lead, [], width, 0, 0, dates) if len(lead) >= 2 else None
    start, period = found
    lead, dates = _fields([r[:start] for r in rows]) if start else ([], {})
    repeats = (width - start) // period
    group, _ = _fields([r[start + k * period : start + (k + 1) * period] for r in rows for k in range(repeats)])
    return Records(lead, group, start, period, repeats, dates) if group else None
