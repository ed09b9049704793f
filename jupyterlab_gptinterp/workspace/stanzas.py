"""Records of `key: value` lines, each opened by a line of the same key: `git log` (a `commit`
line, then `Author:`, `Date:`, the message indented, and `--numstat`'s tab-separated rows), LDIF
(`dn:`), Debian control files (`Package:`), a `key: value` dump. One row per record, a column per
key; indented lines are its text; tab-separated lines a second table, one row each.
"""

from __future__ import annotations

import re
from collections import Counter

MIN_RECORDS = 5  # fewer: a document's few sections, not records
STRAY = 0.2  # lines of no known kind (not a field, indented, tab-separated or blank) a file of records may hold
_KEY = r"[A-Za-z](?:[\w.-]*\w)?"
_HEAD = re.compile(rf"^({_KEY})(?::[ \t]+|[ \t]+)(\S.*)$")
FIELD = rf"({_KEY}):[ \t]+(.*)"


def head_key(lines: list[str]) -> str:
    """The key every record's first line has (`commit` of `commit 4110de8`, `dn` of `dn: uid=x`),
    or "": the key of the file's first line, at the start of MIN_RECORDS lines or more, nearly
    always after a blank line, most records holding a `key: value` line of another key, and few
    lines that are none of a record's kinds (they would be lost: prose, a chat's lines)."""
    filled = [i for i, line in enumerate(lines) if line.strip()]
    if not filled or not (m := _HEAD.match(lines[filled[0]])):
        return ""
    key = m.group(1)
    starts = [i for i in filled if (h := _HEAD.match(lines[i])) and h.group(1) == key]
    if len(starts) < MIN_RECORDS or sum(i == filled[0] or not lines[i - 1].strip() for i in starts) < 0.8 * len(starts):
        return ""
    fielded = 0
    for a, b in zip(starts, [*starts[1:], len(lines)]):
        keys = Counter(f.group(1) for line in lines[a + 1 : b] if (f := re.match(FIELD, line)))
        fielded += bool(keys) and key not in keys
    kinds = [i in starts or re.match(FIELD, lines[i]) or lines[i][:1] in " \t" or "\t" in lines[i] for i in filled]
    return key if fielded >= 0.8 * len(starts) and kinds.count(False) <= STRAY * len(filled) else ""


def load(opened: str, module: str, key: str, rows: bool) -> str:
    """The lines that parse the records into `records` (and tab-separated lines into `rows`, each
    with its record's key value first), then make `df` of them, or of the rows when `rows`."""
    column = key if key != "text" else "text_"  # the indented lines' column is 'text'
    made = (
        f"df = pd.DataFrame(rows, columns=[{column!r}, *(f'field {{i + 1}}' for i in range(max(map(len, rows)) - 1))])"
        if rows
        else "df = pd.DataFrame(records)"
    )
    head = f"{re.escape(key)}(?::[ \\t]|[ \\t])"  # the key, then ':' or a blank, as head_key found it
    return "\n".join(
        [
            *([module] if module else []),
            "import re",
            f"text = {opened}.read().replace('\\ufeff', '')  # a byte-order mark would hide the first record",
            "records, rows = [], []",
            f"for block in re.split(r'(?m)^(?={head})', text):  # a record starts at each {key!r} line",
            "    lines = block.splitlines()",
            f"    if not lines or not re.match(r'{head}', lines[0]):",
            "        continue",
            f"    rec = {{{column!r}: re.sub(r'^{re.escape(key)}:?', '', lines[0]).strip()}}",
            "    for line in lines[1:]:",
            f"        if m := re.match(r'{FIELD}', line):  # key: value (a key again: joined by '; ')",
            "            rec[m[1]] = rec[m[1]] + '; ' + m[2].strip() if m[1] in rec else m[2].strip()",
            "        elif line[:1] in (' ', '\\t') and line.strip():  # indented: the record's text",
            "            rec['text'] = (rec.get('text', '') + '\\n' + line.strip()).strip()",
            "        elif '\\t' in line:  # tab-separated: a row of its own",
            f"            rows.append([rec[{column!r}], *line.split('\\t')])",
            "    records.append(rec)",
            made,
        ]
    )


def notes(key: str, rows: bool, both: bool = False) -> list[str]:
    """What a table of records (`rows` False) or of their tab-separated lines says of itself; the
    records' table names the lines' (`both`): a preview fitted to a question may leave it out."""
    if rows:
        return [
            f"one row per tab-separated line inside a record, its record's {key!r} first (the fields as written: "
            f"`git log --numstat` writes added, deleted, path; '-' for a binary file)"
        ]
    table = "lines" if key != "lines" else "rows"
    lines = f"; the tab-separated lines inside them are the table {table!r}, one row each with its {key!r}"
    return [
        f"one row per record; a record starts at each line that begins with {key!r}; each `key: value` line is a "
        f"column (a key written twice: its values joined by '; '); indented lines are the record's 'text'"
        + (lines if both else "")
    ]
