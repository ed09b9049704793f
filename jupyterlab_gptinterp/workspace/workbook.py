"""Workbooks: each sheet's table under its header row, with the columns used and the rows
below the data (totals, notes) left out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import plates
from .delimited import markers_for_all, read_as_missing, two_row_header, two_rows_note
from .frames import column_label, columns_of, table_profile
from .kinds import MAX_ROWS, MAX_TABLES, TRAILER, load_call, load_pandas


def _header_row(raw: Any) -> int:
    """The first row of a sheet that is as wide as the table under it (titles sit above it)."""
    widths = [int(raw.iloc[i].notna().sum()) for i in range(min(len(raw), 30))]
    if not widths:
        return 0
    full = max(widths)
    return next((i for i, w in enumerate(widths) if w >= max(2, full * 0.8)), 0)


def _used_columns(header: Any) -> str:
    """The columns of a sheet's header row, first to last filled ("C:H"), when they start right of A."""
    pd = load_pandas()
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
    pd = load_pandas()
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
        if not cells or not TRAILER.match(first := str(cells[0][1]).strip()):
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


def _plates(pd: Any, book: Any, name: str, sheet: str) -> dict[str, Any] | None:
    """The sheet's grids of wells as one table, a row per well, or None when it holds no such grids."""
    grids = plates.find(pd.read_excel(book, sheet_name=sheet, header=None, nrows=plates.GRID_ROWS))
    if not grids:
        return None
    load = plates.load(name, sheet, grids)
    scope: dict[str, Any] = {"pd": pd}
    exec(load.replace(f"pd.read_excel({name!r}", "pd.read_excel(book"), {**scope, "book": book}, scope)  # noqa: S102 - the lines offered
    df = scope["df"]
    return table_profile(sheet, df.head(MAX_ROWS), load, len(df), [plates.note(grids)], columns_of(df))


def read_workbook(name: str, path: Path) -> dict[str, Any]:
    pd = load_pandas()
    book = pd.ExcelFile(path)
    tables = []
    for sheet in book.sheet_names[:MAX_TABLES]:
        raw = pd.read_excel(book, sheet_name=sheet, header=None, nrows=40)
        if plates.numbered(raw):
            try:
                table = _plates(pd, book, name, str(sheet))
            except (ValueError, KeyError, TypeError, IndexError):  # grids not as found: the sheet as a table
                table = None
            if table is not None:
                tables.append(table)
                continue
        skip = _header_row(raw)
        cells = [["" if pd.isna(v) else str(v) for v in row] for row in raw.itertuples(index=False)]
        # The upper row of a two-row header has gaps (merged cells), so it is not as wide as the table.
        tried = (skip - 2, skip - 1, skip)
        names, start = next(((n, i) for i in tried if i >= 0 and (n := two_row_header(cells[i:]))), ([], 0))
        kwargs: dict[str, Any] = {"sheet_name": sheet, **({"skiprows": skip} if skip else {})}
        if names:
            skip = start
            kwargs.update(skiprows=start + 2, header=None, names=names)
        if not names and len(raw) > skip and (span := _used_columns(raw.iloc[skip])):  # right of column A
            kwargs["usecols"] = span
        df = pd.read_excel(book, nrows=MAX_ROWS, **kwargs)
        notes = [f"the header is on row {skip + 1}; the row(s) above it are a title or notes"] if skip else []
        title = next((c.strip() for row in cells[:skip] for c in row if c.strip()), "")
        if names:
            notes.append(two_rows_note(names))
        if len(df) < MAX_ROWS and (footer := _footer_rows(df))[0]:
            off, totals = footer
            below = [str(v) for i in range(len(df) - off, len(df)) for v in df.iloc[i].dropna().iloc[:1]]
            kwargs["skipfooter"] = off
            df = pd.read_excel(book, **kwargs)  # read again: the total's words made its columns text
            what = " and ".join(w for w, k in (("a total", totals), ("notes", len(below) - totals)) if k)
            said = ", ".join(repr(b[:40]) for b in below)
            notes.append(f"the last {off} row(s) are {what}, not rows ({said}): skipfooter drops them")
        cells = [["" if pd.isna(v) else str(v) for v in row] for row in df.itertuples(index=False)]
        read_as_missing([column_label(c) for c in df.columns], cells, kwargs, notes)
        if "na_values" in kwargs:
            if not all(isinstance(c, str) for c in df.columns):  # dates across the header: not the names said
                markers_for_all(kwargs)
            df = pd.read_excel(book, nrows=None if "skipfooter" in kwargs else MAX_ROWS, **kwargs)
        rows = len(df) if len(df) < MAX_ROWS or "skipfooter" in kwargs else None  # else: rows past those read
        table = table_profile(str(sheet), df, f"df = {load_call('pd.read_excel', name, kwargs)}", rows, notes)
        tables.append({**table, "title": title} if title else table)
    return {"kind": "workbook", "tables": tables, "note": f"sheets: {', '.join(repr(s) for s in book.sheet_names)}"}
