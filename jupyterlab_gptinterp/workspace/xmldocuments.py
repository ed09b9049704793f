"""A zip of XML documents of one kind (a roll call, a filing, an article each): a table of one row
per document, its values that a document holds once, and a table of the elements each document
repeats (the members' votes of a roll call), a row each, with the document's file to join them on.

Shown only the members' names, a small model guessed the elements' names and parsed the zip's
path as a folder; one document read alone (`read_xml`) drops what a document says of itself.
"""

from __future__ import annotations

import zipfile
import zlib
from collections import Counter
from typing import Any
from xml.etree import ElementTree

from .frames import table_profile
from .kinds import MAX_COLUMNS, MAX_ROWS, documents_read, load_pandas

ONCE = 0.9  # of the documents holding a value once, for it to be a column of the documents' table


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _once(roots: list[Any]) -> list[str]:
    """The paths (local names, from the root) of elements holding text and no element that nearly
    every document has once and none has twice, in the first document's order."""
    held: Counter[str] = Counter()
    order: dict[str, None] = {}
    twice: set[str] = set()
    for root in roots:
        counts: Counter[str] = Counter()
        todo = [(child, _local(child.tag)) for child in root if isinstance(child.tag, str)]
        while todo:
            element, path = todo.pop(0)
            if len(element):
                todo += [(x, f"{path}/{_local(x.tag)}") for x in element if isinstance(x.tag, str)]
            elif (element.text or "").strip():
                counts[path] += 1
        twice |= {p for p, n in counts.items() if n > 1}
        held.update(counts.keys())
        order.update(dict.fromkeys(counts))
    return [p for p in order if p not in twice and held[p] >= ONCE * len(roots)]


def _ending(path: str, roots: list[Any], spaced: bool) -> str:
    """The shortest end of `path` ('totals-by-vote/yea-total') that finds at most one element in
    every document."""
    parts = path.split("/")
    for n in range(1, len(parts)):
        end = parts[-n:]
        found = ".//" + "/".join(("{*}" if spaced else "") + t for t in end)
        if all(len(r.findall(found)) <= 1 for r in roots):
            return "/".join(end)
    return path


def _repeated(roots: list[Any]) -> str:
    """The local name of the element the documents repeat most (a record each), or ""."""
    counts: Counter[str] = Counter()
    for root in roots:
        counts.update(_local(e.tag) for e in root.iter() if isinstance(e.tag, str) and e is not root)
    tag, n = counts.most_common(1)[0] if counts else ("", 0)
    return tag if n >= 2 * len(roots) else ""


def xml_documents(name: str, archive: zipfile.ZipFile, members: list[str]) -> list[dict[str, Any]]:
    """The documents' table and their repeated elements' table; [] when the XML members are fewer
    than two, too large, not parsed, or of different root elements."""
    chosen = [m for m in members if m.lower().endswith(".xml")]
    roots, parsed, broken = [], [], []  # parsed: the members whose roots these are
    for m in documents_read(archive, chosen):
        try:
            with archive.open(m) as member:
                roots.append(ElementTree.parse(member).getroot())
            parsed.append(m)
        except (ElementTree.ParseError, zipfile.BadZipFile, EOFError, OSError, zlib.error) as exc:
            # one document cut short or not XML: the others are still a table
            broken.append(f"{m}: {exc}")
    if len(roots) < 2 or len({_local(r.tag) for r in roots}) > 1:
        return []
    paths = _once(roots)[:MAX_COLUMNS]
    spaced = any(e.tag.startswith("{") for e in roots[0].iter() if isinstance(e.tag, str))
    found = ["/".join("{*}" + t for t in p.split("/")) if spaced else p for p in paths]  # any namespace
    suffix = {m.rpartition(".")[2] for m in chosen}
    pick = f"m.endswith('.{suffix.pop()}')" if len(suffix) == 1 else "m.lower().endswith('.xml')"
    opened = [
        "import zipfile",
        "import xml.etree.ElementTree as ET",
        f"archive = zipfile.ZipFile({name!r})",
        f"members = [m for m in archive.namelist() if {pick}]",
        "roots = [ET.parse(archive.open(m)).getroot() for m in members]",
    ]
    if broken:  # each member parsed on its own, the ones that are no well-formed XML left out
        opened[-1:] = [
            "def parsed(m):  # None for a document that is not well-formed XML",
            "    try:",
            "        return ET.parse(archive.open(m)).getroot()",
            "    except ET.ParseError:",
            "        return None",
            "pairs = [(m, r) for m in members if (r := parsed(m)) is not None]",
            "members, roots = [m for m, _ in pairs], [r for _, r in pairs]",
        ]
    whole = len(roots) + len(broken) == len(chosen)
    pd = load_pandas()
    tables = []
    if paths:
        values = {p: [r.findtext(f) for r in roots] for p, f in zip(paths, found)}
        # A value every document holds alike (a header's words, the chamber) is said once, not a column.
        same = [p for p in paths if len(roots) == len(chosen) and len(set(values[p])) == 1]
        kept = [p for p in paths if p not in same]
        ends = [_ending(p, roots, spaced) for p in kept]
        names = [e.rpartition("/")[2] for e in ends]
        names = [n if names.count(n) == 1 else e for n, e in zip(names, ends)]
        star = "{*}" if spaced else ""
        if names == ends:  # each a tag a document holds once: found by its name
            make = [
                f"names = {names!r}  # values each document holds once",
                f"df = pd.DataFrame({{c: [r.findtext('.//{star}' + c) for r in roots] for c in names}}).assign(file=members)",
            ]
        else:
            within = {n: ".//" + "/".join(star + t for t in e.split("/")) for n, e in zip(names, ends)}
            make = [
                f"paths = {within!r}  # values each document holds once",
                "df = pd.DataFrame({c: [r.findtext(p) for r in roots] for c, p in paths.items()}).assign(file=members)",
            ]
        df = pd.DataFrame({n: values[p] for n, p in zip(names, kept)}).assign(file=parsed)
        notes = [f"a zip archive of {len(chosen)} XML documents of <{_local(roots[0].tag)}>; a row per document"]
        if broken:
            notes.append(f"{len(broken)} of them are not well-formed XML and left out ({broken[0][:160]})")
        if same:
            alike = ", ".join(f"{p.rpartition('/')[2]}={values[p][0]!r}" for p in same)
            notes.append(f"the same in every document, so no column: {alike[:400]}")
        tables.append(
            table_profile("", df.head(MAX_ROWS), "\n".join([*opened, *make]), len(df) if whole else None, notes)
        )
    tag = _repeated(roots)
    if tag:
        each = f"'.//{{*}}{tag}'" if spaced else f"'.//{tag}'"
        lines = [
            *opened,
            "def fields(e):  # an element's attributes, and its children's text and attributes",
            "    row = {k.rpartition('}')[2]: v for k, v in e.attrib.items()}",
            "    for c in e:",
            "        t = c.tag.rpartition('}')[2]",
            "        row[t] = (c.text or '').strip()",
            "        row.update({f\"{t}.{k.rpartition('}')[2]}\": v for k, v in c.attrib.items()})",
            "    return row",
            f"df = pd.DataFrame([{{'file': m, **fields(e)}} for m, r in zip(members, roots) for e in r.iterfind({each})])",
        ]
        load = "\n".join(lines)
        scope: dict[str, Any] = {"pd": pd}
        exec("\n".join(lines[len(opened) : -1]), scope)  # noqa: S102 - the function offered, run on the documents read here
        make = scope["fields"]
        rows = [{"file": m, **make(e)} for m, r in zip(parsed, roots) for e in r.iterfind(f".//{{*}}{tag}")]
        df = pd.DataFrame(rows)
        joined = "; join it to the documents' table on 'file'" if tables else ""
        notes = [f"a row per <{tag}> of every document{joined}"]
        if broken and not tables:
            notes.append(f"{len(broken)} documents are not well-formed XML and left out ({broken[0][:160]})")
        tables.append(table_profile(f"{tag}, one row each", df.head(MAX_ROWS), load, len(df) if whole else None, notes))
    return tables
