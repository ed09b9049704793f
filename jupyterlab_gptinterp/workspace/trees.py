"""Where the table sits in a tree of JSON or YAML.

Exports put their rows in one of three shapes, at any depth under wrappers of metadata: a list of
objects (records), a list of arrays whose column names are kept elsewhere in the file (pandas'
`orient='split'`, most open-data portals), or an object of objects keyed by an id. The largest
one found is the table; nothing here knows any particular export.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import takewhile
from typing import Any

MAX_DEPTH = 5
MAX_NODES = 20_000  # nodes of a tree looked at
# Keys that name a column in a list of column descriptions, the likeliest first.
NAME_KEYS = ("name", "fieldName", "field", "title", "label", "id", "key", "column")

Path = tuple[Any, ...]


@dataclass
class Found:
    path: Path  # where the rows are
    shape: str  # "records" | "rows" | "keyed"
    rows: int
    columns: Path = ()  # for "rows": where the column names are
    name_key: str = ""  # for "rows": the key that names a column in each description ("": plain strings)
    names: list[str] = field(default_factory=list)
    wrapper: str = ""  # for "records": the one key each record is wrapped in ({"tweet": {...}})


def index(path: Path) -> str:
    """`path` as Python subscripts: ['meta']['view']."""
    return "".join(f"[{p!r}]" for p in path)


def _mostly(items: list[Any], kind: type) -> bool:
    head = items[:200]
    return bool(head) and sum(isinstance(x, kind) for x in head) >= 0.8 * len(head)


def _tables(node: Any, path: Path, depth: int, out: list[Found], seen: set[int]) -> None:
    # A YAML file's aliases make a small file a huge tree: each node is looked at once, and so many.
    if id(node) in seen or len(seen) > MAX_NODES:
        return
    seen.add(id(node))
    if isinstance(node, list):
        if _mostly(node, dict):
            out.append(Found(path, "records", len(node)))
        elif _mostly(node, list) and len(node) >= 2:
            out.append(Found(path, "rows", len(node)))
        return
    if not isinstance(node, dict) or depth > MAX_DEPTH:
        return
    values = list(node.values())
    if len(values) >= 3 and all(isinstance(v, dict) and v for v in values):
        shared = set.intersection(*(set(v) for v in values[:200]))
        if shared:  # records keyed by an id, not a nest of unlike objects; a larger table may sit inside them
            out.append(Found(path, "keyed", len(values)))
    for key, value in node.items():
        if isinstance(key, (str, int)) and not isinstance(key, bool):  # a key a load line can write
            _tables(value, (*path, key), depth + 1, out, seen)


def _names(node: Any, width: int) -> tuple[str, list[str]] | None:
    """(the naming key, the names) when `node` describes `width` columns."""
    if not isinstance(node, list) or len(node) != width:
        return None
    if all(isinstance(x, str) for x in node):
        return "", list(node)
    if not all(isinstance(x, dict) for x in node):
        return None
    for key in NAME_KEYS:
        names = [x.get(key) for x in node]
        if all(isinstance(n, str) for n in names) and len(set(names)) == width:
            return key, [str(n) for n in names]
    return None


def _column_names(data: Any, rows: Found) -> None:
    """Fill in where the column names of a list of arrays are: the list of `width` names or
    descriptions nearest to the rows in the tree."""
    width = Counter(len(r) for r in data_at(data, rows.path)[:200] if isinstance(r, list)).most_common(1)[0][0]
    best: tuple[int, Path, str, list[str]] | None = None
    todo: list[tuple[Any, Path]] = [(data, ())]
    seen: set[int] = set()
    while todo and len(seen) <= MAX_NODES:
        node, path = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if path == rows.path:
            continue
        named = _names(node, width)
        if named is not None:
            shared = len(list(takewhile(lambda ab: ab[0] == ab[1], zip(path, rows.path))))
            if best is None or (shared, -len(path)) > (best[0], -len(best[1])):
                best = (shared, path, *named)
        if isinstance(node, dict) and len(path) <= MAX_DEPTH:
            todo += [(v, (*path, k)) for k, v in node.items() if isinstance(k, str)]
    if best is not None:
        _, rows.columns, rows.name_key, rows.names = best


def data_at(data: Any, path: Path) -> Any:
    for key in path:
        data = data[key]
    return data


def cut(data: Any, path: Path, n: int) -> Any:
    """`data` with the table at `path` cut to its first `n` rows (the rest of the tree shared)."""
    if path:
        return {**data, path[0]: cut(data[path[0]], path[1:], n)} if isinstance(data, dict) else data
    if isinstance(data, dict):
        return dict(list(data.items())[:n])
    return data[:n] if isinstance(data, list) else data


def find(data: Any) -> Found | None:
    """The largest table in `data`, the shallowest of equal ones; None when there is none."""
    found: list[Found] = []
    _tables(data, (), 0, found, set())
    if not found:
        return None
    best = max(found, key=lambda f: (f.rows, -len(f.path)))
    if best.shape == "records":
        rows = data_at(data, best.path)  # all of them: one record without the key would fail the load
        keys = {tuple(r) if isinstance(r, dict) else None for r in rows}
        one = next(iter(keys)) if len(keys) == 1 else None
        if one and len(one) == 1 and isinstance(one[0], str) and all(isinstance(r[one[0]], dict) for r in rows):
            best.wrapper = one[0]  # every column would be named 'tweet.…'
    if best.shape == "rows":
        rows = data_at(data, best.path)
        first = rows[0] if isinstance(rows[0], list) else []
        if first and all(isinstance(x, str) for x in first) and not all(isinstance(x, str) for x in rows[1]):
            best.names, best.columns, best.rows = list(first), (*best.path, 0), best.rows - 1  # a header row
        else:
            _column_names(data, best)
    return best


def alike(data: Any, found: Found) -> tuple[int, dict[str, Path]] | None:
    """(k, {key: the path under it}) when the object at `found.path[:k]` holds three or more keys
    alike, most of them with records at the rest of the path or beside it (an XBRL company facts
    file: a concept per key, its facts under ['units']['USD'], a per-share one's under
    ['units']['USD/shares']); the deepest such object. The largest is only one of them."""
    if found.shape != "records" or found.wrapper:
        return None
    largest = data_at(data, found.path)
    fields = {str(f) for f in largest[0]} if largest and isinstance(largest[0], dict) else set()
    for k in range(len(found.path) - 1, -1, -1):
        node, rest = data_at(data, found.path[:k]), found.path[k + 1 :]
        if not isinstance(node, dict) or len(node) < 3:
            continue
        paths = {
            key: at
            for key, value in node.items()
            if isinstance(key, str)
            and (at := _records_near(value, rest)) is not None
            and _alike_fields(value, at, fields)
        }
        if len(paths) >= max(3, 0.8 * len(node)):
            return k, paths
    return None


def _alike_fields(node: Any, path: Path, fields: set[str]) -> bool:
    """Its first record's fields are mostly those of the largest table's (the same kind of record,
    not another table that sits alike: 'users' beside 'orders')."""
    first = data_at(node, path)[0]
    own = {str(f) for f in first} if isinstance(first, dict) else set()
    return bool(own | fields) and len(own & fields) >= 0.5 * len(own | fields)


def _records_near(node: Any, path: Path) -> Path | None:
    """`path` when `node` has records there, else the path to the one table of records beside its
    end (another unit's key); None when neither."""
    for at in (path, *(((*path[:-1], key),) if path and isinstance(key := _only_key(node, path[:-1]), str) else ())):
        try:
            rows = data_at(node, at)
        except (KeyError, IndexError, TypeError):
            continue
        if isinstance(rows, list) and _mostly(rows, dict):
            return at
    return None


def _only_key(node: Any, path: Path) -> Any:
    try:
        parent = data_at(node, path)
    except (KeyError, IndexError, TypeError):
        return None
    return next(iter(parent)) if isinstance(parent, dict) and len(parent) == 1 else None


def load_lines(found: Found, loader: str) -> list[str]:
    """The code that makes `df` of the table, given `loader`, an expression for the whole tree."""
    at = index(found.path)
    if found.shape == "records" and found.wrapper:
        return [f"df = pd.json_normalize([r[{found.wrapper!r}] for r in {loader}{at}])"]
    if found.shape == "records":
        return [f"df = pd.json_normalize({loader}{at})"]
    if found.shape == "keyed":
        return [f"df = pd.json_normalize([{{'key': k, **v}} for k, v in {loader}{at}.items()])"]
    if not found.names:
        return [f"df = pd.DataFrame({loader}{at})", "df.columns = [f'c{i}' for i in range(df.shape[1])]"]
    if found.columns == (*found.path, 0):  # the first row holds the names
        return [f"data = {loader}{at}", "df = pd.DataFrame(data[1:], columns=data[0])"]
    cols = index(found.columns)
    names = f"[c[{found.name_key!r}] for c in data{cols}]" if found.name_key else f"data{cols}"
    return [f"data = {loader}", f"df = pd.DataFrame(data{at}, columns={names})"]


def describe(found: Found, nested: bool) -> str:
    """What a reader of the file needs to know about where its table is."""
    where = f"under {index(found.path)}" if found.path else "at the top"
    if found.shape == "keyed":
        return f"one record per key of the object {where} (the key becomes the column 'key')"
    if found.shape == "rows":
        if not found.names:
            return f"the rows are arrays {where}; no column names were found in the file"
        if found.columns == (*found.path, 0):
            return f"the rows are arrays {where}; the first one holds the column names"
        named = f"each one's {found.name_key!r}" if found.name_key else "a list of names"
        return f"the rows are arrays {where}; their column names are in {index(found.columns)} ({named})"
    flat = "; nested records are flattened: inner keys become 'outer.inner' columns" if nested else ""
    if found.wrapper:
        where += f", each inside {{{found.wrapper!r}: {{...}}}}, taken out of it"
    return f"the records are {where}{flat}" if found.path or flat or found.wrapper else ""
