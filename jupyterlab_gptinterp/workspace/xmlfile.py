"""XML files: the repeated element that makes a record, its fields (children and attributes),
and records owned by a parent element joined to it.
"""

from __future__ import annotations

import codecs
import re
from collections import Counter
from pathlib import Path
from typing import Any

from .frames import shown_value, table_profile
from .kinds import MAX_READ, OPENERS, first_lines, load_call, load_pandas, open_file


def _record_tag(root: Any) -> tuple[str, str]:
    """(the tag of the repeated element that holds one record each, its namespace): the tag most
    often repeated under one parent, the shallowest first ("" when no element repeats)."""
    best: tuple[int, int, str] = (1, 0, "")
    todo = [(root, 0)]
    while todo:
        parent, depth = todo.pop()
        counts = Counter(child.tag for child in parent)
        for tag, n in counts.items():
            if isinstance(tag, str) and (n, -depth) > best[:2]:
                best = (n, -depth, tag)
        todo += [(child, depth + 1) for child in parent]
    return _split_tag(best[2])


def _split_tag(tag: str) -> tuple[str, str]:
    """(local name, namespace) of an ElementTree tag ('{uri}local')."""
    if tag.startswith("{"):
        uri, _, local = tag[1:].partition("}")
        return local, uri
    return tag, ""


_NUMBER_TEXT = re.compile(r"-?\d+(?:\.\d+)?")


def _leaves(records: list[Any], child: str) -> list[str]:
    """The tags inside `child` when they are named values, each at most once and holding no element
    (a record: <Scores><Hygiene>5</Hygiene>...); [] when they repeat (a list) or nest further."""
    tags: dict[str, None] = {}
    for r in records:
        for element in r.findall(child):
            inner = [x.tag for x in element]
            if len(set(inner)) != len(inner) or any(len(x) for x in element):
                return []
            tags.update(dict.fromkeys(inner))
    return list(tags)[:8]


MAX_PATHS = 24  # columns made of the values nested deep in a record
MAX_LISTS = 6  # paths of values a record holds several of, named in a note


def _local(path: str) -> str:
    """A path without its namespace prefixes ('n2:TrackPointExtension/n2:hr' 'TrackPointExtension/hr')."""
    return re.sub(r"(?<![^/])\w+:", "", path)


def _short_names(paths: list[str], among: set[str], taken: set[str]) -> list[str]:
    """The ending of each path that names its column: the shortest that no other path of `among`
    ends with ('Journal/Title' for 'MedlineCitation/Article/Journal/Title'), which `.//` finds in
    a record, and whose name (prefixes dropped) no column of `taken` has already."""
    names = []
    for p in paths:
        parts = p.split("/")
        for n in range(1, len(parts) + 1):
            end = "/".join(parts[-n:])
            if _local(end) not in taken and not any(q != p and (q == end or q.endswith("/" + end)) for q in among):
                names.append(end)
                break
    return names


def _prefixed(tag: str, ns: dict[str, str]) -> str:
    """A tag as a path writes it: '{uri}hr' as 'n2:hr', its prefix added to `ns` (prefix: uri)."""
    local, uri = _split_tag(tag)
    if not uri:
        return tag
    prefix = next((k for k, v in ns.items() if v == uri), "") or (f"n{len(ns) + 1}" if ns else "n")
    ns[prefix] = uri
    return f"{prefix}:{local}"


def _element_paths(records: list[Any], ns: dict[str, str]) -> set[str]:
    """Every path of an element inside the records ('MedlineCitation/Article/Journal/Title')."""
    paths: set[str] = set()
    todo = [(e, _prefixed(e.tag, ns)) for r in records[:200] for e in r if isinstance(e.tag, str)]
    while todo and len(paths) < 20_000:
        element, path = todo.pop()
        paths.add(path)
        todo += [(x, f"{path}/{_prefixed(x.tag, ns)}") for x in element if isinstance(x.tag, str)]
    return paths


def _deep_paths(
    records: list[Any], child: str, among: set[str], taken: set[str], ns: dict[str, str]
) -> tuple[list[str], list[str]]:
    """(the paths under `child` to values a record holds once, those to values it holds several of):
    the text of elements that hold no element, however deep (<Journal><Title> inside <Article>),
    in the order a record has them; values in fewer than a third of the records, and markup inside
    a text (<i> in a title), are left out."""
    once: Counter[str] = Counter()
    many: Counter[str] = Counter()
    seen: dict[str, set[str | None]] = {}  # a path's (first) values: one alone says nothing of a record
    sample = records[:200]
    for r in sample:
        counts: Counter[str] = Counter()
        todo = [(e, _prefixed(child, ns)) for e in r.findall(child)]
        while todo:
            element, path = todo.pop(0)
            if len(element) and not (element.text or "").strip():
                todo += [(x, f"{path}/{_prefixed(x.tag, ns)}") for x in element if isinstance(x.tag, str)]
            elif (element.text or "").strip():
                counts[path] += 1
        for path, n in counts.items():
            (once if n == 1 else many)[path] += 1
            seen.setdefault(path, set()).add(r.findtext(path, namespaces=ns))
    listed = [p for p in many if many[p] + once[p] >= 0.3 * len(sample)]
    single = [p for p in once if p not in many and once[p] >= 0.3 * len(sample) and len(seen[p]) > 1]
    return _short_names(single[:MAX_PATHS], among, taken), _short_names(listed[:MAX_LISTS], among, taken)


_XML_ENCODING = re.compile(rb"""\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")


def _utf8(head: bytes) -> bool:
    """The bytes read as UTF-8 (a character cut at the end of the read does not count)."""
    try:
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        return False
    return True


def read_xml(name: str, path: Path) -> dict[str, Any]:
    from xml.etree import ElementTree

    pd = load_pandas()
    with open_file(path) as f:
        root = ElementTree.parse(f).getroot()
    tag, uri = _record_tag(root)
    if not tag:
        return {"kind": "text", "note": "XML with no repeated element", "lines": first_lines(path)}
    xpath, find = (f".//n:{tag}", f"{{{uri}}}{tag}") if uri else (f".//{tag}", tag)
    kwargs: dict[str, Any] = {"xpath": xpath, "parser": "etree", **({"namespaces": {"n": uri}} if uri else {})}
    with open_file(path) as f:  # read_xml decodes as UTF-8 whatever the file declares
        head = f.read(MAX_READ)
    declared = _XML_ENCODING.match(head)
    if declared and not _utf8(head):  # a file declared latin-1 is often UTF-8 all the same
        kwargs["encoding"] = declared.group(1).decode()
    df = pd.read_xml(path, **kwargs)
    records = list(root.iter(find))
    notes = [f"one record per <{tag}> element (attributes and child elements become columns)"]
    # What the export says of itself (a period, units, what codes mean), in the root's attributes.
    said = "; ".join(f"{k.rpartition('}')[2]}={shown_value(v, 300)!r}" for k, v in list(root.attrib.items())[:6])
    if said:
        notes.append(f"the root element <{root.tag.rpartition('}')[2]}> says: {said[:600]}")
    lines = [f"df = {load_call('pd.read_xml', name, kwargs)}"]
    # Child elements that hold elements of their own come out empty: a list column, built by hand.
    nested = list(dict.fromkeys(c.tag for r in records[:200] for c in r if len(c)))
    module, opener = OPENERS.get(path.suffix.lower(), ("", "{}"))
    extra = f", {module}" if module else ""
    opened = [
        f"import xml.etree.ElementTree as ET{extra}",
        f"records = list(ET.parse({opener.format(repr(name))}).getroot().iter({find!r}))",
    ]
    if nested and len(records) == len(df):
        lines += opened
        flat, listed, deeper, itemized = [], [], [], []
        ns = {"n": uri} if uri else {}  # the prefixes of namespaced paths, as the load line's
        among = _element_paths(records, ns)
        for child in nested[:4]:
            col = child.rpartition("}")[2]
            leaves = _leaves(records[:200], child)
            if leaves:  # a record of named values (<Scores><Hygiene>): a column each, as json_normalize names them
                flat.append(col)
                lines.append(f"df = df.drop(columns=[{col!r}])" if col in df.columns else "")
                df = df.drop(columns=[col], errors="ignore")
                for leaf in leaves:
                    name_ = f"{col}.{leaf.rpartition('}')[2]}"
                    values = [r.findtext(f"{child}/{leaf}") for r in records]
                    texts = [(v or "").strip() for v in values]
                    numbers = all(not t or _NUMBER_TEXT.fullmatch(t) for t in texts)
                    found = f"r.findtext({child + '/' + leaf!r})"
                    if numbers:  # an empty element is a missing value
                        found = f"pd.to_numeric([{found} or None for r in records])"
                        df[name_] = pd.to_numeric([t or None for t in texts])
                    else:
                        found = f"[{found} for r in records]"
                        df[name_] = values
                    lines.append(f"df[{name_!r}] = {found}")
            elif (deep := _deep_paths(records, child, among, {str(c) for c in df.columns}, ns))[0]:
                # Values nested deeper (<Article><Journal><Title>): a column each, named by its path.
                names, lists = deep
                lines += [f"df = df.drop(columns=[{col!r}])"] if col in df.columns else []
                df = df.drop(columns=[col], errors="ignore")
                # A path of prefixed tags names its column without them, unless two would be one.
                local = [_local(c) for c in names]
                columns = [n if local.count(n) == 1 else c for n, c in zip(local, names)]
                if ns:
                    lines += [
                        f"ns = {ns!r}",
                        f"names = {dict(zip(columns, names))!r}",
                        "for c, path in names.items():",
                        "    df[c] = [r.findtext('.//' + path, namespaces=ns) for r in records]",
                    ]
                else:
                    lines += [
                        f"names = {names!r}",
                        "for c in names:",
                        "    df[c] = [r.findtext('.//' + c) for r in records]",
                    ]
                for column, c in zip(columns, names):
                    df[column] = [r.findtext(".//" + c, namespaces=ns) for r in records]
                several = ", ".join(repr(_local(p)) for p in lists)
                first = f"'.//{lists[0]}'" + (", ns" if ns else "") if lists else ""
                deeper.append(
                    f"the values nested in <{col}> are columns named by the end of their path"
                    + (
                        f"; a record holds several {several}: [[x.text for x in r.findall({first})] for r in records]"
                        " lists the first (the same for the others)"
                        if lists
                        else ""
                    ),
                )
            else:
                items = [x for r in records[:200] for x in r.findall(child + "/*")]
                if items and all(len(x) and not any(len(g) for g in x) for x in items):
                    itemized.append(child)  # <HOPS> of <HOP>s, each of named values: a table of its own
                listed.append(col)
                lines.append(f"df[{col!r}] = [[x.text for x in r.findall({child + '/*'!r})] for r in records]")
                df[col] = [[x.text for x in r.findall(child + "/*")] for r in records]
        lines = [line for line in lines if line]
        notes[1:1] = deeper  # before the root's words: a fitted preview keeps a table's first notes
        if flat:
            notes.append("the values inside " + ", ".join(f"<{c}>" for c in flat) + " become 'outer.inner' columns")
        if listed:
            notes.append("nested elements (" + ", ".join(f"<{c}>" for c in listed) + ") become list columns")
    if len(records) == len(df):
        lines += _child_attributes(records, df, [] if nested else opened, notes)
    parent = {c: p for p in root.iter() for c in p}  # one walk for the owners of every kind of record
    lines += _owner_columns(root, parent, find, df, opener.format(repr(name)), module, notes)
    owned = _owned_records(name, path, records, kwargs, opener.format(repr(name)), module, root, parent)
    if owned:
        notes.append(
            f"each <{tag}> holds several "
            + ", ".join(f"<{t.partition(' ')[0]}>" for t, _ in owned)
            + ": one row each in the table(s) "
            + ", ".join(repr(t) for t, _ in owned)
        )
    if nested and len(records) == len(df):
        made = _item_tables(records, itemized, tag, opened)
        owned += made
        if made:
            notes.append(
                "the items inside "
                + ", ".join(f"<{_split_tag(c)[0]}>" for c in itemized[: len(made)])
                + f" are one row each in the table(s) {', '.join(repr(t) for t, _ in made)}, with their <{tag}>'s "
                "name beside them"
            )
    others = _other_kinds(name, path, root, find, kwargs)
    if others:
        kinds = ", ".join(f"{n} <{t}>" for t, n, _ in others)
        notes.append(f"beside the {len(records)} <{tag}>, the file holds {kinds}: the table(s) of the same names")
    main = table_profile(tag if others else "", df, "\n".join(lines), len(df), notes)
    return {"kind": "table", "tables": [main, *(table for _, table in owned), *(table for _, _, table in others)]}


def _read_elements(path: Path, kwargs: dict[str, Any], tag: str) -> tuple[dict[str, Any], Any] | None:
    """read_xml's arguments for the elements `tag` ('{uri}local') and the frame they make, or None
    when it cannot read them (the main table stands without them)."""
    local, uri = _split_tag(tag)
    found = {**kwargs, "xpath": f".//n:{local}" if uri else f".//{local}"}
    if uri:
        found["namespaces"] = {"n": uri}
    try:
        return found, load_pandas().read_xml(path, **found)
    except Exception:  # noqa: BLE001
        return None


def _other_kinds(
    name: str, path: Path, root: Any, find: str, kwargs: dict[str, Any]
) -> list[tuple[str, int, dict[str, Any]]]:
    """Other elements repeated beside the records, under their parent (an SMS backup's <mms> beside
    its <sms>): another kind of record, a table of its own each, named by its tag. At most two, of
    three elements or more (a feed's channel holds two <link> beside its items: no kind of record)."""
    parents = {p for p in root.iter() if any(c.tag == find for c in p)}
    if len(parents) != 1:
        return []
    counts = Counter(c.tag for c in next(iter(parents)) if isinstance(c.tag, str) and c.tag != find)
    out = []
    for tag, n in counts.most_common(2):
        if n < 3:
            break
        if sum(1 for _ in root.iter(tag)) != n:  # nested elsewhere too (an entry's <category>): .//tag reads those
            continue
        local = _split_tag(tag)[0]
        if (read := _read_elements(path, kwargs, tag)) is None:
            continue
        found, df = read
        load = f"df = {load_call('pd.read_xml', name, found)}"
        out.append((local, n, table_profile(local, df, load, len(df), [f"one record per <{local}> element"])))
    return out


_XSI = "{http://www.w3.org/2001/XMLSchema-instance}"  # xsi:nil, xsi:type: the schema's, not the data's


def _child_attributes(records: list[Any], df: Any, opened: list[str], notes: list[str]) -> list[str]:
    """Columns for the attributes of the elements a record holds once and that hold no element
    (<legislator party="R" state="TX">Adams</legislator>): read_xml keeps only their text. Adds
    them to `df` as '<child>.<attribute>'; returns the lines that do it, after `opened` (the lines
    that make `records`, unless already made)."""
    sample = records[:200]
    tags = dict.fromkeys(
        c.tag
        for r in sample
        for c in r
        if isinstance(c.tag, str) and not len(c) and any(not k.startswith(_XSI) for k in c.attrib)
    )
    once = [t for t in tags if all(sum(c.tag == t for c in r) <= 1 for r in sample)][:4]
    columns: dict[str, tuple[str, str]] = {}
    for tag in once:
        keys = dict.fromkeys(k for r in sample for c in r if c.tag == tag for k in c.attrib if not k.startswith(_XSI))
        for key in list(keys)[:6]:
            column = f"{_split_tag(tag)[0]}.{_split_tag(key)[0]}"
            if column not in df.columns:
                columns[column] = (tag, key)
                df[column] = [next((e.get(key) for e in r.findall(tag)), None) for r in records]
    if not columns:
        return []
    notes.append(
        "the attributes of " + ", ".join(f"<{_split_tag(t)[0]}>" for t in once) + " are '<child>.<attribute>' columns"
    )
    return [
        *opened,
        f"attributes = {columns!r}  # column: (child, attribute)",
        "for c, (t, k) in attributes.items():",
        "    df[c] = [next((e.get(k) for e in r.findall(t)), None) for r in records]",
    ]


MAX_ITEM_TABLES = 3


def _item_tables(
    records: list[Any], containers: list[str], tag: str, opened: list[str]
) -> list[tuple[str, dict[str, Any]]]:
    """A table per container of items (a recipe's <HOPS> of <HOP>s, each of named values): one row
    per item, its values as columns, and the first value of its record that tells records apart
    (the recipe's <NAME>) beside them. read_xml gives the record one empty column for them."""
    pd = load_pandas()
    leaves = list(dict.fromkeys(c.tag for r in records[:200] for c in r if not len(c) and isinstance(c.tag, str)))
    key = next((k for k in leaves if len({(r.findtext(k) or "").strip() for r in records} - {""}) == len(records)), "")
    local = _split_tag(tag)[0]
    out: list[tuple[str, dict[str, Any]]] = []
    for child in containers[:MAX_ITEM_TABLES]:
        owner = f"{local}.{_split_tag(key)[0]}" if key else f"{local} number"
        own = f"r.findtext({key!r})" if key else "i"
        loop = "for r in records" if key else "for i, r in enumerate(records)"
        lines = [
            *opened,
            f"rows = [{{{owner!r}: {own}, **{{f.tag.rpartition('}}')[2]: f.text for f in item}}}} {loop} "
            f"for item in r.findall({child + '/*'!r})]",
            "df = pd.DataFrame(rows)",
        ]
        rows = [
            {owner: r.findtext(key) if key else i, **{f.tag.rpartition("}")[2]: f.text for f in item}}
            for i, r in enumerate(records)
            for item in r.findall(child + "/*")
        ]
        df = pd.DataFrame(rows)
        for column in df.columns[1:]:  # numbers as numbers (codes with a leading zero stay text)
            texts = [t.strip() for t in df[column].dropna()]
            if texts and all(_NUMBER_TEXT.fullmatch(t) and not re.match(r"-?0\d", t) for t in texts):
                df[column] = pd.to_numeric(df[column])
                lines.append(f"df[{column!r}] = pd.to_numeric(df[{column!r}])")
        item = _split_tag(next(x.tag for r in records for x in r.findall(child + "/*")))[0]
        title = f"{item} records"
        if any(t == title for t, _ in out):  # <DRY><HOP> beside <HOPS><HOP>: by their container too
            title = f"{item} records in {_split_tag(child)[0]}"
        notes = [f"one row per <{item}> inside a <{_split_tag(child)[0]}>, with its <{local}>'s {owner!r}"]
        out.append((title, table_profile(title, df, "\n".join(lines), len(df), notes)))
    return out


def _owned_records(
    name: str,
    path: Path,
    records: list[Any],
    kwargs: dict[str, Any],
    opened: str,
    module: str,
    root: Any,
    parent: dict[Any, Any],
) -> list[tuple[str, dict[str, Any]]]:
    """Elements a record holds several of (<station> with many <price fuel=.. value=../>): read_xml
    gives the record one empty column for them, so each kind is a table of its own, one row per
    element, with its record's values beside it (the owner columns). At most two kinds."""
    repeated: Counter[str] = Counter()
    for r in records[:200]:
        repeated.update(t for t, n in Counter(c.tag for c in r).items() if n > 1 and isinstance(t, str))
    out: list[tuple[str, dict[str, Any]]] = []
    for child, _ in repeated.most_common(2):
        sample = [c for r in records[:200] for c in r if c.tag == child][:200]
        if any(len(c) for c in sample) or not all(c.attrib for c in sample):
            continue  # a list of plain values is a list column already; deeper records are not read here
        local = _split_tag(child)[0]
        if (read := _read_elements(path, kwargs, child)) is None:
            continue
        found, df = read
        notes: list[str] = []
        lines = [
            f"df = {load_call('pd.read_xml', name, found)}",
            *_owner_columns(root, parent, child, df, opened, module, notes),
        ]
        title = f"{local} records"
        out.append((title, table_profile(title, df, "\n".join(lines), len(df), [f"one row per <{local}>", *notes])))
    return out


def _owner_columns(
    root: Any, parent: dict[Any, Any], find: str, df: Any, opened: str, module: str, notes: list[str]
) -> list[str]:
    """Records that sit in repeated elements of their own (<station id="7"><price .../>...</station>)
    lose their owner to read_xml: its attributes and named values become '<owner>.<name>' columns,
    as json_normalize's meta does for JSON (numbers as numbers, codes with a leading zero as text).
    Adds them to `df`; returns the lines that do it. `parent`: each element's parent."""
    owners = [parent[r] for r in root.iter(find) if r in parent]  # in the records' own order
    parents = list(dict.fromkeys(owners))
    if len(owners) != len(df) or len({p.tag for p in parents}) != 1 or not 2 <= len(parents) < len(owners):
        return []
    sample = parents[:200]
    keys = list(dict.fromkeys(k for p in sample for k in p.attrib))[:10]
    # Named values: elements that hold text somewhere and never elements of their own.
    inner = [c for p in sample for c in p if c.tag != find]
    nesting = {c.tag for c in inner if len(c)} | set(keys)
    leaves = list(dict.fromkeys(c.tag for c in inner if c.tag not in nesting and (c.text or "").strip()))[:4]
    if not keys and not leaves:
        return []
    pd = load_pandas()
    short = parents[0].tag.rpartition("}")[2]
    extra = f", {module}" if module else ""
    lines = [
        f"import xml.etree.ElementTree as ET{extra}",
        f"root = ET.parse({opened}).getroot()",
        "parent = {c: p for p in root.iter() for c in p}",
        f"owners = [parent[r] for r in root.iter({find!r})]  # each record's <{short}>",
    ]
    for name, how in [
        *((k, f"p.get({k!r})") for k in keys),
        *((leaf, f"(p.findtext({leaf!r}) or '').strip()") for leaf in leaves),
    ]:
        column = f"{short}.{name.rpartition('}')[2]}"
        values = [p.get(name) if name in keys else (p.findtext(name) or "").strip() for p in owners]
        texts = [v or "" for v in values]
        if all(not t or (_NUMBER_TEXT.fullmatch(t) and not re.match(r"-?0\d", t)) for t in texts) and any(texts):
            df[column] = pd.to_numeric([t or None for t in texts])
            lines.append(f"df[{column!r}] = pd.to_numeric([{how} or None for p in owners])")
        else:
            df[column] = values
            lines.append(f"df[{column!r}] = [{how} for p in owners]")
    notes.append(f"each record sits inside a <{short}>: its attributes and values are the '{short}.' columns")
    return lines
