"""Does the code select the rows the question asks about? Four checks the `Checks` aid runs on a
run that worked, read from the question, the code and the preview, never from the data's names:

- the question names one year, the data holds dates of other years, and neither the code nor a
  cell before it names that year: the result is over every year (a small model drops "in 2024"
  from "the total downloads in 2024" and answers the total of all years), or names the year and
  not the one month the question names with it ('March 2024');
- the question names one file of several whose rows a described table stacks (a zip's monthly
  files, with a column naming each row's file), and the code never names it: the result is over
  every file;
- a text column compared with a literal written otherwise than every value the preview sampled
  (`== 'March 2024'` where the column holds '2022-01', '2022-02'): `==` keeps no row, with no error;
- a comparison stored (`df['d'] = df['d'].dt.year == 2023`, `mask = ...`) and never read again: a
  column of True/False on every row, and what is printed is of all the rows.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from ..seams import ColumnProfile, FileProfile
from .folding import unfolded
from .names import parsed

_YEAR = re.compile(r"(?<![\w.])(?:19|20)\d\d(?![\w])")
# A year inside a date as data writes it ('2023-09-10', '10/09/2023', '2023-01-01T00:00'): not a
# count that happens to read 2023.
_DATED_YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?=[-/.]\d)|(?<=\d[-/.])((?:19|20)\d\d)(?!\d)")
_STRING = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"")
_CODE_IN_STRING = re.compile(r"[<>=@]")  # a query string ("year == 2024") selects; a label does not
# English month names, not the locale's: questions and pandas both write them so.
_MONTHS = "January February March April May June July August September October November December".split()
# A month named before a year in a question: 'March 2024', 'Mar. 2024', '15 March 2024', 'March 15, 2024'.
_MONTH = (
    r"\b(" + "|".join(_MONTHS) + "|" + "|".join(m[:3] for m in _MONTHS) + r")\b\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?,?)?"
)
_FILE = re.compile(r"[\w.-]+\.[A-Za-z][\w]{0,7}\b")  # a file name in a question: its years name the file


def period_unselected(
    question: str, code: str, files: list[FileProfile], ran: str = "", printed: str = "", parts: Sequence[str] = ()
) -> str:
    """A note when the question names exactly one year, a file the code reads holds dates of other
    years (in a column's samples or values, or in the file's name, unless the name holds that year
    alone), and neither `code` nor the code that ran before it (`ran`) names that year, nor does
    the output have a row for it: nothing selected that year's rows. Likewise a month the question
    names with that year ('March 2024') that the code names in no way (its name, or its number
    beside the year or the word month), where the year is named: the result is over the whole year.
    Where the question's `parts` are known (the parts call) and none names the year, the year is
    context ("exported on 2 December 2024"), not a condition: no note."""
    asked = {m.group(0) for m in _YEAR.finditer(_FILE.sub(" ", question))}
    if parts and not any(asked & set(_YEAR.findall(part)) for part in parts):
        return ""
    if len(asked) != 1:
        return ""  # no year, or a span of years (the whole data may be that span)
    year = asked.pop()
    together = f"{ran}\n{code}"
    for f in files:
        together = together.replace(f.name, " ")
    together = _unworded(together)  # not the name of a file it reads, nor words it prints
    if re.search(rf"(?<!\d){year}(?!\d)", together):
        months = {[m[:3] for m in _MONTHS].index(m.group(1)[:3]) + 1 for m in re.finditer(_MONTH, question)}
        if (
            len(months) != 1
            or not re.search(_MONTH + rf"\s+{year}\b", question)
            or re.search(_named_month(months.pop(), year), together, re.IGNORECASE)
        ):
            return ""
        return (
            f"the question asks about one month of {year}, and the code selects {year} but no month: the result is "
            "over the whole year. Keep only that month's rows too (e.g. dt.month == the month's number), then "
            "compute again."
        )
    if re.search(rf"^\s*{year}\b", printed, re.MULTILINE):
        return ""  # a row per year: the output has the year's own
    named = [f for f in files if f.name in code] or files
    if any(set(_YEAR.findall(f.name.replace("_", " "))) == {year} for f in named):
        return ""  # a file of that year: its other dates (a birth date, say) are not other years' rows
    others = {y for f in named for y in _years(f) if y != year}
    if not others:
        return ""  # no sign the data holds other years: a file of that year alone needs no filter
    return (
        f"the question asks about {year}, and neither this code nor a cell before it selects {year}: the data "
        f"also holds {', '.join(sorted(others)[:3])}, so the result is over every year. Keep only {year}'s rows "
        "first (e.g. df[df[date].dt.year == "
        f"{year}] after pd.to_datetime), then compute again."
    )


_MEMBER_COLUMNS = ("file", "member", "zip_member", "source_file", "path")


def member_unselected(question: str, code: str, files: list[FileProfile], ran: str = "") -> str:
    """A note when the question names a file that is one of several inside a described archive or
    folder (its preview lists it), and neither the code nor a cell before it names that file or a
    word of its name: the result is over every file there ('the visits in 2024_JANUARY.json'
    answered with the visits of three months' files)."""
    together = f"{ran}\n{code}".lower()
    described = [f.name for f in files]
    # Tables of several files' rows, a column naming each row's file (not an archive of different tables).
    stacked = [(f, t, c.name) for f in files for t in f.tables for c in t.columns if c.name in _MEMBER_COLUMNS]
    for name in dict.fromkeys(_FILE.findall(question)):
        if any(name in d for d in described):
            continue  # a described file, or a part of its name: other_file's matter
        held = next(((f, t, column) for f, t, column in stacked if any(name in n for n in [*t.notes, t.load])), None)
        if held is None:
            continue
        stem = name.rsplit(".", 1)[0]
        words = [w for w in re.split(r"[\W_]+", stem) if len(w) >= 3 and not w.isdigit()]
        if stem.lower() in together or any(w.lower() in together for w in words):
            continue
        # A string of the code that only this file's name holds ('_02' of week_02.json) selects it too.
        others = {m for n in held[1].notes for m in _FILE.findall(n) if not m.endswith(name)}
        literals = [m.group(0)[1:-1].lower() for m in _STRING.finditer(f"{ran}\n{code}")]
        if any(v and v in name.lower() and not any(v in o.lower() for o in others) for v in literals):
            continue
        return (
            f"the question asks about {name!r} only, one of the files in {held[0].name!r}, and the code never names "
            f"it: the result is over every file there. Keep only that file's rows (the {held[2]!r} column holds "
            "each row's file), then compute again."
        )
    return ""


def _named_month(month: int, year: str) -> str:
    """A pattern for a month named in code: its name or first three letters as a word, or its number
    beside the year ('2024-03', (2024, 3)) or after the word month (dt.month == 3)."""
    name, n = _MONTHS[month - 1], rf"0?{month}(?!\d)"
    return (
        rf"\b(?:{name}|{name[:3]})\b|{year}\s*[-/,]\s*{n}|(?<!\d){n}\s*[-/]\s*{year}|month[^\n]{{0,30}}?(?<![\d.]){n}"
    )


def _unworded(code: str) -> str:
    """`code` without the strings that select nothing: labels it prints (three words or more, no
    comparison in them, unlike a query) and file names (whose years name the file)."""

    def kept(m: re.Match[str]) -> str:
        text = m.group(0)[1:-1]
        label = len(text.split()) >= 3 and not _CODE_IN_STRING.search(text)
        return " " if label or _FILE.fullmatch(text.strip()) else m.group(0)

    return _STRING.sub(kept, code)


def _years(f: FileProfile) -> set[str]:
    """The years a file's dates show: in its name, and in each column's samples and values."""
    found = {m.group(0) for m in _YEAR.finditer(f.name.replace("_", " "))}
    for t in f.tables:
        for c in t.columns:
            for text in [*c.samples, *c.values]:
                found |= {a or b for a, b in _DATED_YEAR.findall(text)}
    return found


def _shape(text: str) -> str:
    """How a value is written: each run of digits a 9, each run of letters an a, the rest as is."""
    return re.sub(r"[^\W\d_]+", "a", re.sub(r"\d+", "9", text.strip()))


def written_otherwise(code: str, files: list[FileProfile], ran: str = "") -> str:
    """A note when `code` compares a text column (`== 'x'`, `.isin([...])`) with a literal written
    otherwise than every value the preview sampled of it, all of them written one way ('2022-01'
    and 'March 2024'): `==` keeps none of the rows meant. Not for words against words (a name of
    two words among names of one is still a name), a value the preview saw, or a column changed
    in a cell first."""
    together = unfolded(f"{ran}\n{code}")
    sampled = _sampled(files)
    for c in sampled:
        ref = column_pattern(c.name)
        if re.search(ref + r"\s*=[^=]", together) or converts(c.name, together):
            continue  # converted or replaced: what it holds then is not what the preview sampled
        alike = [o for o in sampled if o.name == c.name]  # a column of this name in another file may be the one
        seen = {v for o in alike for v in (*o.samples, *o.values)}
        shapes = {_shape(v) for o in alike for v in o.samples}
        kept = re.sub(r"~\s*\(?\s*\w+" + ref + r"\.isin\([^)]*\)", " ", code)  # rows left out by a value: no harm
        for literal in compared_with(ref, kept, "=="):
            if not literal.strip() or literal in seen or len(shapes) != 1 or _shape(literal) in shapes:
                continue
            if not re.search(r"\d", literal + next(iter(shapes))):
                continue  # words against words
            like = ", ".join(repr(v) for v in c.samples[:3])
            return (
                f"{c.name!r} holds values written like {like}, and the code compares it with {literal!r}, "
                "written another way, so that comparison keeps no rows, with no error. Write the value as the "
                "column does, then compute again."
            )
    return ""


def _sampled(files: list[FileProfile]) -> list[ColumnProfile]:
    """Text columns with three or more whole samples (a sample cut short with '…' shows no shape)."""
    return [
        c
        for f in files
        for t in f.tables
        for c in t.columns
        if c.dtype == "text" and len(c.samples) >= 3 and not any(s.endswith("…") for s in c.samples)
    ]


def compared_with(ref: str, code: str, ops: str) -> list[str]:
    """The literals `code` selects the column `ref` by: `ref == 'x'` (`ops`: the comparisons taken)
    and `ref.isin(['x', 'y'])`."""
    said = [m.group(2) for m in re.finditer(ref + rf"\s*(?:{ops})\s*(['\"])([^'\"\n]*)\1", code)]
    for m in re.finditer(ref + r"\.isin\(\s*[\[(]([^\])]*)[\])]", code):
        said += re.findall(r"['\"]([^'\"\n]*)['\"]", m.group(1))
    return said


def column_pattern(column: str) -> str:
    """A pattern for the column `column` taken of a frame: `['c']` or `.c`."""
    name = re.escape(column)
    return rf"(?:\[\s*['\"]{name}['\"]\s*\]|\.{name}\b)"


def converts(column: str, code: str) -> bool:
    """`code` converts `column` somewhere: a string method, astype or to_numeric taken of it, or
    read_csv's parse_dates."""
    ref, name, code = column_pattern(column), re.escape(column), unfolded(code)
    return bool(
        re.search(ref + r"\s*\.(?:str\.|astype\(|apply\(|map\()", code)
        or re.search(r"to_numeric\(\s*\w+" + ref, code)
        or re.search(rf"parse_dates\s*=\s*[\[(][^\])]*['\"]{name}['\"]", code)
    )


def unapplied_comparison(code: str, printed: str) -> str:
    """A note when the cell stores a comparison of a frame's column (in a name, or in a column:
    `df['d'] = df['d'].dt.year == 2023`) that nothing after it reads, nor works out again, nor
    writes out, and prints something: no row was selected by it."""
    body = tree.body if printed.strip() and (tree := parsed(code)) is not None else []
    for i, statement in enumerate(body):
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
            continue
        target, value = statement.targets[0], statement.value
        frame = _masks(value)
        if not frame or "groupby" in ast.unparse(value):  # a group's mask does not line up with the rows
            continue
        if isinstance(target, ast.Name):
            name, said = target.id, rf"\b{re.escape(target.id)}\b"
        elif (
            isinstance(target, ast.Subscript)
            and isinstance(key := target.slice, ast.Constant)
            and isinstance(target.value, ast.Name)
            and target.value.id == frame
        ):
            name, said = ast.unparse(target), rf"['\"]{re.escape(str(key.value))}['\"]|\.{re.escape(str(key.value))}\b"
        else:
            continue
        after = "\n".join(ast.unparse(s) for s in body[i + 1 :])
        if re.search(said, after) or ast.unparse(value) in after or WRITES.search(after):
            continue
        # A new column of flags, then the frame printed to look at: no result was meant from it yet.
        if isinstance(target, ast.Subscript) and not re.search(said, ast.unparse(value)) and not _WORKED.search(after):
            continue
        return (
            f"the cell stores the comparison {ast.unparse(value)} in {name} (True or False on every row) and "
            f"never uses it, so no row was selected and what it printed is of all the rows. In place of that "
            f"line, keep the rows where it holds: {frame} = {frame}[{ast.unparse(value)}]; then compute again."
        )
    return ""


_WORKED = re.compile(r"\blen\(|\.(?:sum|mean|median|count|size|nunique|value_counts|groupby|max|min|shape)\b")
# A cell that writes a file or a figure: its result is that, not a printed one.
WRITES = re.compile(
    r"\.to_(?:csv|parquet|excel|json|pickle|feather|sql|html|xml|hdf)\(|\.savefig\(|\.write\(|open\([^)]*['\"][wax]b?\+?['\"]"
)
_ORDER = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _masks(node: ast.AST) -> str:
    """The frame whose rows a comparison (or comparisons joined by & or |) marks: each compares a
    column of it (`df['a'] > 1`, `df.a.str.len() == 3`); "" when not (`total > 100`, `'a' in
    df.columns`, `np.log(df['a']) > 1`, which is not said of one frame)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.BitAnd, ast.BitOr)):
        left, right = _masks(node.left), _masks(node.right)
        return left if left and left == right else ""
    if not isinstance(node, ast.Compare) or not all(isinstance(op, _ORDER) for op in node.ops):
        return ""
    return _column_of(node.left)


def _column_of(node: ast.AST) -> str:
    """The frame of the column an expression starts from (`df` of `df['d'].dt.year`), or ""."""
    called = False
    while True:
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            return node.value.id if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str) else ""
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            return "" if called else node.value.id  # `df.a`; not a function of a module (`np.log(...)`)
        if isinstance(node, ast.Call):
            node, called = node.func, True
        elif isinstance(node, (ast.Attribute, ast.Subscript)):
            node, called = node.value, False
        else:
            return ""
