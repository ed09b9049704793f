"""Grids of the same shape one under another in a sheet, each a header row of column numbers (1, 2,
3 ...) with row letters (A, B, C ...) down its left: a plate reader's export (a layout and one
grid per wavelength read, 8 by 12 for 96 wells), a microarray's or a spotting robot's. Read as one
row per well ('A1') and a column per grid, named by the label above it: the tidy form the
questions about wells need, where the sheet read as one table gives the first grid only.
"""

from __future__ import annotations

import numbers
import string
from dataclasses import dataclass
from typing import Any

MIN_COLUMNS = 3  # 1, 2, 3: fewer is no grid
MIN_GRIDS = 2  # one grid reads as a table already
GRID_ROWS = 500  # rows of a sheet looked at for grids
RESERVED = {"well", "row", "column"}  # the table's own columns: no grid's label


@dataclass
class Grid:
    top: int  # the row of its column numbers
    left: int  # the column of its row letters
    columns: int
    rows: int
    label: str


def numbered(raw: Any) -> bool:
    """Whether a row of `raw` holds column numbers 1, 2, 3 ... right of its first column (a grid may
    start there: its row letters are left of them)."""
    for i in range(len(raw)):
        row = list(raw.iloc[i])
        if any(_number(v) and v == 1 and _numbered(row[j:]) >= MIN_COLUMNS for j, v in enumerate(row) if j):
            return True
    return False


def find(raw: Any) -> list[Grid]:
    """The sheet's grids (`raw`: read with header=None), or [] unless MIN_GRIDS or more of one
    shape, each with a label of its own."""
    grids: list[Grid] = []
    for i in range(len(raw)):
        row = list(raw.iloc[i])
        for j in range(1, len(row)):
            n = _numbered(row[j:])
            if n < MIN_COLUMNS:
                continue
            letters = 0
            while i + 1 + letters < len(raw) and raw.iat[i + 1 + letters, j - 1] == string.ascii_uppercase[letters]:
                letters += 1
                if letters == len(string.ascii_uppercase):
                    break
            if letters >= 2:
                below = grids[-1].top + grids[-1].rows if grids else -1  # the last row of the grid above
                label = _label(raw, j - 1, [r for r in (i - 1, i - 2) if r > below])
                grids.append(
                    Grid(i, j - 1, n, letters, label if label and label not in RESERVED else f"grid at row {i + 1}")
                )
            break
    shapes = {(g.left, g.columns, g.rows) for g in grids}
    labels = [g.label for g in grids]
    if len(grids) < MIN_GRIDS or len(shapes) > 1 or len(set(labels)) < len(labels):
        return []
    return grids


def _numbered(cells: list[Any]) -> int:
    """How many cells from the first hold 1, 2, 3 ... in turn."""
    n = 0
    for v in cells:
        if not _number(v) or v != n + 1:
            break
        n += 1
    return n


def _number(v: Any) -> bool:
    return isinstance(v, numbers.Real) and not isinstance(v, bool)  # numpy's int64 of a mixed row too


def _label(raw: Any, left: int, rows: list[int]) -> str:
    """The text in `rows` (the two above a grid, not those of the grid above it): the first filled
    cell from the grid's left; "" when none."""
    for i in rows:
        if i >= 0:
            filled = [v for v in list(raw.iloc[i])[left:] if isinstance(v, (str, int, float)) and str(v).strip()]
            filled = [v for v in filled if str(v) != "nan"]
            if filled:
                return str(filled[0]).strip().removesuffix(".0")
    return ""


def load(name: str, sheet: str, grids: list[Grid]) -> str:
    """The lines that make `df`: one row per well, its row letter and column number, then a column
    per grid holding the well's value in it."""
    g = grids[0]
    tops = ", ".join(f"{x.label!r}: {x.top}" for x in grids)
    return "\n".join(
        [
            f"raw = pd.read_excel({name!r}, sheet_name={sheet!r}, header=None)",
            f"grids = {{{tops}}}  # each grid's label: the row of its column numbers (0-based)",
            "wells = {}",
            "for label, top in grids.items():",
            f"    for r in range(top + 1, top + {g.rows + 1}):  # rows {string.ascii_uppercase[0]} to "
            f"{string.ascii_uppercase[g.rows - 1]}, their letters in column {g.left}",
            f"        for c in range({g.left + 1}, {g.left + 1 + g.columns}):  # columns 1 to {g.columns}",
            f"            well = f'{{raw.iat[r, {g.left}]}}{{int(raw.iat[top, c])}}'",
            "            wells.setdefault(well, {'row': raw.iat[r, "
            + str(g.left)
            + "], 'column': int(raw.iat[top, c])})",
            "            wells[well][label] = raw.iat[r, c]",
            "df = pd.DataFrame.from_dict(wells, orient='index').rename_axis('well').reset_index()",
        ]
    )


def note(grids: list[Grid]) -> str:
    g = grids[0]
    labels = ", ".join(repr(x.label) for x in grids)
    return (
        f"the sheet holds {len(grids)} grids of rows A to {string.ascii_uppercase[g.rows - 1]} by columns 1 to "
        f"{g.columns}, labelled {labels}: one row per well ('A1'), a column per grid"
    )
