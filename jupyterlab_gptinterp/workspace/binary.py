"""Tables stored in binary formats pandas reads: parquet and feather, SQLite databases, Stata,
SAS and SPSS files.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from .frames import ReadColumns, columns_of, frame_name, framed, shown_value, table_profile
from .kinds import MAX_ROWS, MAX_TABLES, load_pandas


def read_parquet(name: str, path: Path) -> dict[str, Any]:
    pd = load_pandas()
    reader = "read_feather" if path.suffix.lower() in (".feather", ".arrow") else "read_parquet"
    df = getattr(pd, reader)(path)
    return {
        "kind": "table",
        "tables": [table_profile("", df.head(MAX_ROWS), f"df = pd.{reader}({name!r})", len(df), [], columns_of(df))],
    }


# Cells of a database table read again for its columns of few values (some 100 bytes each in
# pandas: 200 MB at most, a second or two), as many columns as fit.
MAX_SCANNED_CELLS = 2_000_000


def _columns_in(con: sqlite3.Connection, quoted: str, held: list[Any], rows: int) -> ReadColumns | None:
    """Reads columns of a database table of `rows` (of `held`, its columns), the first of those
    asked that fit in MAX_SCANNED_CELLS; None where not one does."""
    if rows > MAX_SCANNED_CELLS:
        return None

    def read(labels: list[Any]) -> Any:
        kept = [c for c in labels if c in held][: MAX_SCANNED_CELLS // max(rows, 1)]
        names = ", ".join('"' + str(c).replace('"', '""') + '"' for c in kept)
        return load_pandas().read_sql(f"SELECT {names} FROM {quoted}", con)

    return read


def read_database(name: str, path: Path) -> dict[str, Any]:
    pd = load_pandas()
    # Read as it is on disk: no lock waited for (a browser holds its History's), no -shm file left
    # beside it; but through its -wal file where one holds rows not yet written back.
    wal = path.with_name(path.name + "-wal").exists()
    con = sqlite3.connect(path.resolve().as_uri() + ("?mode=ro" if wal else "?immutable=1"), uri=True)
    try:
        found = con.execute(
            "SELECT name, type, sql FROM sqlite_master"
            " WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ).fetchall()
        names = [name for name, _, _ in found]
        views = {name: sql for name, kind, sql in found if kind == "view"}
        tables = []
        used: set[str] = set()  # frame names given: two tables' names can make one ('A b', 'a_b')
        for table in names[:MAX_TABLES]:
            quoted = '"' + table.replace('"', '""') + '"'
            rows = con.execute(f"SELECT COUNT(*) FROM {quoted}").fetchone()[0]
            df = pd.read_sql(f"SELECT * FROM {quoted} LIMIT {MAX_ROWS}", con)
            load = f"df = pd.read_sql('SELECT * FROM {quoted}', con)"
            # A view is a query over the tables: what it joins and filters is what its rows leave out.
            said = (
                [f"a view, not a table: {shown_value(' '.join(str(views[table]).split()), 400)}"]
                if table in views
                else []
            )
            frame = frame_name(table, used)
            used.add(frame)
            read_all = _columns_in(con, quoted, list(df.columns), rows)
            tables.append(framed(table_profile(table, df, load, rows, said, read_all), frame))
    finally:
        con.close()
    return {
        "kind": "database",
        "tables": tables,
        "note": f"SQLite tables: {', '.join(repr(t) for t in names)}",
    }


def read_statistical(name: str, path: Path, reader: str) -> dict[str, Any]:
    """A Stata, SAS or SPSS file; a Stata file's variable labels are where its terse column names
    are explained (and its codes: '-1 = suppressed'), so each column is shown with its label."""
    pd = load_pandas()
    labels: dict[str, str] = {}
    notes: list[str] = []
    if reader != "read_stata":
        df = getattr(pd, reader)(path)
    else:  # one read: the data, then its labels
        with pd.io.stata.StataReader(path) as stata:
            df = stata.read()
            labels = {str(k): str(v) for k, v in stata.variable_labels().items() if str(v).strip()}
            if str(stata.data_label).strip():
                notes.append(f"the file's label: {str(stata.data_label).strip()[:200]!r}")
    table = table_profile("", df.head(MAX_ROWS), f"df = pd.{reader}({name!r})", len(df), notes, columns_of(df))
    for column in table["columns"]:
        column["label"] = labels.get(column["name"], "")[:160]
    return {"kind": "table", "tables": [table]}
