"""How the previewed tables join: a column of one whose values are the key of another.

A small model asked a question across two files merges on whatever it guesses (it copied one
file's id column into the other, row by row, and merged that). The preview says which column
holds which key, found from the values the profiles keep of id-like and one-row-each columns: a
key is a column whose values are each in one row of its table; a column of another table holds it
when nearly all of its values are among the key's, and either the names say so (`PULocationID`
and `LocationID`, `customer_id` and `id` of customers) or both are ids too long to match by chance.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from statistics import median

from ..seams import ColumnProfile, FileProfile, TableProfile

_ID_LIKE = re.compile(r"(?:id|code|key|no|num|number)$", re.IGNORECASE)
_GENERIC = {"id", "code", "key", "no", "num", "number", "index"}
SHARE = 0.9  # of a column's values found among the key's
MAX_JOINS = 4


def _word(where: str, table: TableProfile) -> str:
    """A word of a table's name (of its file's stem, else): what its rows are."""
    if words := re.findall(r"[a-z]+", table.name.lower()):
        return words[0]  # a database table, a sheet, or the records of a JSON file ('stops, one row per item')
    words = re.findall(r"[a-z]+", PurePosixPath(where).stem.lower())
    return words[-1] if words else "other"


def _owner(where: str, table: TableProfile) -> str:
    """The thing a table's rows are, in the singular: 'customer' for a table or file 'customers'."""
    word = _word(where, table)
    return word[:-3] + "y" if word.endswith("ies") else word[:-1] if word.endswith("s") else word


def _named_alike(column: str, key: str, owner: str) -> bool:
    c, k = column.lower().replace("_", ""), key.lower().replace("_", "")
    if c == k:
        return k not in _GENERIC  # two tables' own `id` columns name different things
    return (len(k) >= 4 and c.endswith(k)) or (bool(owner) and c in (owner + k, owner + "id"))


def _holds(c: ColumnProfile, key: ColumnProfile, values: set[str], owner: str) -> bool:
    own = set(c.keys)
    if len(own) < 2 or len(own & values) < SHARE * len(own):
        return False
    ids = bool(_ID_LIKE.search(c.name))
    alike = (ids or bool(_ID_LIKE.search(key.name))) and _named_alike(c.name, key.name, owner)
    return alike or (ids and median(len(v) for v in own) >= 4)  # a unique date or name is no key


def joins(files: list[FileProfile]) -> list[str]:
    """One line per column that holds another table's key, at most a few."""
    tables = [(f"{f.name} {t.name!r}" if t.name else f.name, f.name, t) for f in files for t in f.tables]
    out: list[str] = []
    said: set[frozenset[tuple[int, str]]] = set()  # two tables one row each on it: said one way
    for where, file, table in tables:
        for key in table.columns:
            if not key.keys or key.missing or key.distinct != table.rows:
                continue  # not one row each
            values, owner = set(key.keys), _owner(file, table)
            for name, other_file, other in tables:
                found = [c.name for c in other.columns if other is not table and _holds(c, key, values, owner)]
                pair = frozenset({(id(table), key.name), (id(other), found[0] if found else "")})
                if not found or pair in said:
                    continue
                said.add(pair)
                left, right = _word(other_file, other) + "_df", _word(file, table) + "_df"
                right = right if right != left else right.replace("_df", "2_df")
                out.append(
                    f"{' and '.join(map(repr, found))} of {name} hold {key.name!r} of {where}, one row each there. "
                    f"Load each into its own frame ({left}, {right}), then: {left}.merge({right}, "
                    f"left_on={found[0]!r}, right_on={key.name!r}, how='left')"
                )
    return out[:MAX_JOINS]
