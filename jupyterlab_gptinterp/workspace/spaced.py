"""A table whose columns are separated by blanks, one token per field: a header of names (often a
`#` comment, as scientific instruments write it) and rows that split into as many tokens.

Fixed-width inference needs two blanks between columns to tell them from words, and such files
put one between numbers (`2023 10 01 00 00 303  7.5`); a line-by-line regex drops the rows a
field's pattern did not foresee (a negative reading further down). `read_csv(sep=r'\\s+')` reads
every row by its tokens, so it is offered when every line sampled has the header's count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .fixedwidth import RULE

MAX_HEAD = 40  # lines looked through for the header
MAX_SAMPLE = 500  # rows looked through for columns of numbers
MAX_UNITS = 3  # lines with no digit right under the header (units), skipped


@dataclass
class Spaced:
    header: int  # the header's line number (0-based)
    names: list[str]  # the header's tokens, a leading `#` dropped
    units: list[str]  # the units line's tokens, where it has one per column
    skip: int  # lines before the first row: the header, those above it and the units lines
    rows: list[list[str]]  # the rows sampled, as tokens
    comment: bool  # the header is a `#` comment


def _named(tokens: list[str]) -> bool:
    return all(any(ch.isalpha() for ch in t) for t in tokens) and len(set(tokens)) == len(tokens)


def _digits(tokens: list[str]) -> bool:
    return any(ch.isdigit() for t in tokens for ch in t)


def _number(token: str) -> bool:
    try:
        float(token)
    except ValueError:
        return False
    return True


def _numeric_columns(rows: list[list[str]]) -> int:
    """Columns nearly all numbers: what makes rows of tokens a table, not words alike in count."""
    return sum(sum(_number(r[k]) for r in rows) >= 0.9 * len(rows) for k in range(len(rows[0])))


def _spans(line: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(r"\S+", line)]


def _aligned(header: str, rows: list[str]) -> bool:
    """Nearly every row's tokens stand under the header's, each overlapping the name of its place:
    the columns the names say, not a value of two words taking the next name's place."""
    names = _spans(header)

    def under(row: str) -> bool:
        return all(a < d and c < b for (a, b), (c, d) in zip(names, _spans(row)))

    return sum(map(under, rows)) >= 0.9 * len(rows)


def infer(lines: list[str]) -> Spaced | None:
    """The layout, or None unless a header of at least three names is followed by at least three
    rows, every row sampled splitting into as many tokens, some of them digits, each under its
    name, two columns or more of numbers, and no rule line."""
    for h, line in enumerate(lines[:MAX_HEAD]):
        names = line.lstrip("#").split()
        if len(names) < 3 or not _named(names):
            continue
        below = [i for i in range(h + 1, len(lines)) if lines[i].strip()]
        units = 0  # lines of no number under the header ('m3/s', 'km2' are units, not values)
        while units < min(MAX_UNITS, len(below)) and not any(
            _number(t) for t in lines[below[units]].lstrip("#").split()
        ):
            units += 1
        body = below[units:]
        rows = [lines[i].split() for i in body]
        if len(rows) < 3 or any(
            len(r) != len(names) or not _digits(r) or RULE.match(lines[i]) for i, r in zip(body, rows)
        ):
            continue  # a title above the header, or no table at all
        if _numeric_columns(rows[:MAX_SAMPLE]) < 2:
            return None
        if not _aligned(line, [lines[i] for i in body[:MAX_SAMPLE]]):
            return None  # tokens alike in count, not in place ('Fort Collins' under 'Site' and 'Date')
        unit = lines[below[0]].lstrip("#").split() if units == 1 else []
        first = body[0]
        return Spaced(h, names, unit if len(unit) == len(names) else [], first, rows, line.lstrip().startswith("#"))
    return None
