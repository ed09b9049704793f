"""How the previewed tables join: a column of one whose values are the key of another.

A small model asked a question across two files merges on whatever it guesses (it copied one
file's id column into the other, row by row, and merged that). The preview says which column
holds which key, found from the values the profiles keep of id-like and one-row-each columns: a
key is a column whose values are each in one row of its table; a column of another table holds it
when nearly all of its values are among the key's, and either the names say so (`PULocationID`
and `LocationID`, `customer_id` and `id` of customers, `Module` and `Module code`) or both are ids
too long to match by chance. Two exports often write one code two ways ('CHEM 1010' and 'CHEM1010',
'ab-12' and 'AB12'): keys that match only once spaces, dashes and case are set aside still join,
and the line says how to write both one way first.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from statistics import median

from ..seams import ColumnProfile, FileProfile, TableProfile

ID_LIKE = re.compile(r"(?:id|code|key|no|num|number)$", re.IGNORECASE)
_GENERIC = {"id", "code", "key", "no", "num", "number", "index"}
SHARE = 0.9  # of a column's values found among the key's
MAX_JOINS = 4


_UNNAMED = re.compile(r"(?:sheet|table|tab|data|default)\s*\d*", re.IGNORECASE)  # 'Sheet1' says nothing


def _words(table: TableProfile) -> list[str]:
    return [] if _UNNAMED.fullmatch(table.name.strip()) else re.findall(r"[a-z]+", table.name.lower())


def _word(where: str, table: TableProfile) -> str:
    """A word of a table's name (of its file's stem, else): what its rows are."""
    if words := _words(table):
        return words[0]  # a database table, a sheet, or the records of a JSON file ('stops, one row per item')
    words = re.findall(r"[a-z]+", PurePosixPath(where).stem.lower())
    return words[-1] if words else "other"


def _singular(word: str) -> str:
    return word[:-3] + "y" if word.endswith("ies") else word[:-1] if word.endswith("s") else word


def _owners(where: str, table: TableProfile) -> tuple[str, str]:
    """What a table's rows are, in the singular: by its first word, then by its whole name
    ('customer' for a table or file 'customers'; 'order' and 'orderitem' for 'order_items',
    'customer' and 'customerdata' for 'customer_data')."""
    first = _singular(_word(where, table))
    return first, _singular("".join(_words(table))) or first


def _own_key(c: ColumnProfile, table: TableProfile, whole: str) -> bool:
    """A table's own id: one row each, named for what its rows are (`order_id` of orders), by
    the table's `whole` name: `order_id` of 'order_items' is not its own."""
    return not c.missing and c.distinct == table.rows and _bare(c.name) in (whole + "id", "id")


_SPELLING = re.compile(r"[\s_.-]")
_SPACES = re.compile(r"[\s_]")


def _bare(name: str) -> str:
    """A column's name as names are compared: lower case, without spaces and underscores."""
    return _SPACES.sub("", name.lower())


ONE_WAY = r".astype(str).str.replace(r'[\s_.-]', '', regex=True).str.upper()"


def _one_way(value: str) -> str:
    return _SPELLING.sub("", value).upper()


def _named_alike(column: str, key: str, owners: tuple[str, ...]) -> bool:
    c, k = _bare(column), _bare(key)
    if c == k:
        return k not in _GENERIC  # two tables' own `id` columns name different things
    if any(c + g == k or k + g == c for g in _GENERIC if len(c) >= 4 and len(k) >= 4):
        return True  # `Module` and `Module code`
    return (len(k) >= 4 and c.endswith(k)) or any(o and c in (o + k, o + "id") for o in owners)


def _coded(values: set[str]) -> bool:
    """Codes of letters and digits, too long to match by chance."""
    return median(len(v) for v in values) >= 4 and all(
        re.search(r"\d", v) and re.search(r"[A-Za-z]", v) for v in values
    )


def _holds(
    c: ColumnProfile, key: ColumnProfile, values: set[str], owners: tuple[str, ...], own_key: bool = False
) -> str:
    """How `c` holds the key: "same" (as written), "spelled" (once written one way), "" (not).
    `own_key`: `c` is its table's own id, which can hold another table's ids by their range alone
    (orders 1001-1050 among items 1-2649): it joins only a key of its own name."""
    own = set(c.keys)
    if len(own) < 2:
        return ""
    how = "same" if len(own & values) >= SHARE * len(own) else ""
    if not how and len({_one_way(v) for v in own} & {_one_way(v) for v in values}) >= SHARE * len(own):
        how = "spelled"
    if not how:
        return ""
    ids = bool(ID_LIKE.search(c.name)) or _coded(own)
    alike = (ids or bool(ID_LIKE.search(key.name))) and _named_alike(c.name, key.name, owners)
    if own_key and _bare(c.name) != _bare(key.name):
        return ""
    # A unique date or name is no key; long ids match by chance only rarely.
    return how if alike or (ids and median(len(v) for v in own) >= 4) else ""


def frame_of(table: TableProfile) -> str:
    """The frame a table's load block makes when it is not df (a database's tables: `states`)."""
    made = re.match(r"([A-Za-z_]\w*)\s*=\s*pd\.read_", table.load.splitlines()[0] if table.load else "")
    return made.group(1) if made and made.group(1) != "df" else ""


def own_frame(where: str, table: TableProfile) -> str:
    """The frame the join lines name a table's rows by, beside another file's: `sales_df`."""
    return frame_of(table) or _word(where, table) + "_df"


LOOKUP_COLUMNS = 4  # a table this narrow, keyed, is a lookup: an id and its names


def _about(owner: TableProfile, holder: TableProfile, same_file: bool, wanted: set[int]) -> bool:
    """A join worth saying for the tables a question is about: between two of them, or from one of
    them to a narrow lookup table of its own file (a database's ids and their names)."""
    if id(holder) not in wanted:
        return False
    return id(owner) in wanted or (same_file and max(owner.width, len(owner.columns)) <= LOOKUP_COLUMNS)


def joins(files: list[FileProfile], about: list[TableProfile] | None = None) -> list[str]:
    """One line per column that holds another table's key, at most a few; with `about`, only the
    joins of those tables (`_about`)."""
    tables = [(f"{f.name} {t.name!r}" if t.name else f.name, f.name, t) for f in files for t in f.tables]
    wanted = {id(t) for t in about} if about is not None else {id(t) for _, _, t in tables}
    out: list[str] = []
    said: set[frozenset[tuple[int, str]]] = set()  # two tables one row each on it: said one way
    for where, file, table in tables:
        for key in table.columns:
            if not key.keys or key.missing or key.distinct != table.rows:
                continue  # not one row each
            values, owners = set(key.keys), _owners(file, table)
            for name, other_file, other in tables:
                whole = _owners(other_file, other)[1]
                held = [
                    (c, how)
                    for c in other.columns
                    if other is not table and (how := _holds(c, key, values, owners, _own_key(c, other, whole)))
                ]
                found = [c.name for c, _ in held]
                pair = frozenset({(id(table), key.name), (id(other), found[0] if found else "")})
                if not found or pair in said or not _about(table, other, file == other_file, wanted):
                    continue
                said.add(pair)
                theirs, ours = frame_of(other), frame_of(table)
                left, right = theirs or _word(other_file, other) + "_df", ours or _word(file, table) + "_df"
                if right == left:  # one name for both (`orders` of two databases): each its own
                    left, right = _word(other_file, other) + "_df", _word(file, table) + "2_df"
                # Frames the load blocks make already (a database's tables) need no word on loading.
                framed = bool(theirs and ours) and file == other_file
                holder, owner = (f"table {other.name!r}", f"table {table.name!r}") if framed else (name, where)
                line = (
                    f"{' and '.join(map(repr, found))} of {holder} hold {key.name!r} of {owner}, one row each there. "
                )
                if framed:  # the lookup table's load line, which a preview without room for its block lacks
                    line += "Then: " if id(table) in wanted else f"Then: {table.load.splitlines()[0]}; "
                else:
                    line += f"Load each into its own frame ({left}, {right}), then: "
                if held[0][1] == "spelled":
                    theirs = held[0][0].keys[0]
                    ours = next((v for v in key.keys if _one_way(v) == _one_way(theirs)), key.keys[0])
                    line += (
                        f"the two write the codes differently ({theirs!r} there, {ours!r} here), so write both one "
                        f"way first: {left}[{found[0]!r}] = {left}[{found[0]!r}]{ONE_WAY}, and the same for "
                        f"{right}[{key.name!r}]; then "
                    )
                on = f"on={key.name!r}" if found[0] == key.name else f"left_on={found[0]!r}, right_on={key.name!r}"
                # A column of both, empty where the key is held (a database's legacy entity_id), would
                # leave the other's named entity_id_y: dropped first, the merged one keeps its name.
                named = {c.name for c in table.columns} - {key.name}
                empty = [c.name for c in other.columns if c.name in named and c.empty]
                drop = f".drop(columns={empty!r})" if empty else ""
                out.append(line + f"{left}{drop}.merge({right}, {on}, how='left')")
    return out[:MAX_JOINS]
