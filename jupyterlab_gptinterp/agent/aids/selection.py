"""Does the code select the rows the question asks about? Two checks the `Checks` aid runs on a run
that worked, read from the question, the code and the preview, never from the data's names:

- the question names one year, the data holds dates of other years, and neither the code nor a
  cell before it names that year: the result is over every year (a small model drops "in 2024"
  from "the total downloads in 2024" and answers the total of all years), or names the year and
  not the one month the question names with it ('March 2024');
- a text column compared with a literal written otherwise than every value the preview sampled
  (`== 'March 2024'` where the column holds '2022-01', '2022-02'): `==` keeps no row, with no error.
"""

from __future__ import annotations

import calendar
import re

from ..seams import ColumnProfile, FileProfile

_YEAR = re.compile(r"(?<![\w.])(?:19|20)\d\d(?![\w])")
# A year inside a date as data writes it ('2023-09-10', '10/09/2023', '2023-01-01T00:00'): not a
# count that happens to read 2023.
_DATED_YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?=[-/.]\d)|(?<=\d[-/.])((?:19|20)\d\d)(?!\d)")
_STRING = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"")
_MONTHS = [m for m in calendar.month_abbr if m]  # Jan ... Dec
# A month named before a year in a question: 'March 2024', 'Mar. 2024', '15 March 2024', 'March 15, 2024'.
_MONTH = r"\b(" + "|".join(calendar.month_name[1:]) + "|" + "|".join(_MONTHS) + r")\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?,?)?"
_FILE = re.compile(r"[\w.-]+\.[A-Za-z][\w]{0,7}\b")  # a file name in a question: its years name the file


def period_unselected(question: str, code: str, files: list[FileProfile], ran: str = "") -> str:
    """A note when the question names exactly one year, a file the code reads holds dates of other
    years (in a column's samples or values, or in the file's name), and neither `code` nor the code
    that ran before it (`ran`) names that year: nothing selected that year's rows. Likewise a month
    the question names with that year ('March 2024') that the code names in no way (its name or
    number), where the year is named: the result is over the whole year."""
    asked = {m.group(0) for m in _YEAR.finditer(_FILE.sub(" ", question))}
    if len(asked) != 1:
        return ""  # no year, or a span of years (the whole data may be that span)
    year = asked.pop()
    together = f"{ran}\n{code}"
    for f in files:
        together = together.replace(f.name, " ")
    together = _unworded(_FILE.sub(" ", together))  # not the name of a file it reads, nor words it prints
    if re.search(rf"(?<!\d){year}(?!\d)", together):
        months = {_MONTHS.index(m.group(1)[:3]) + 1 for m in re.finditer(_MONTH, question)}
        if (
            len(months) != 1
            or not re.search(_MONTH + rf"\s+{year}\b", question)
            or re.search(_named_month(months.pop()), together, re.IGNORECASE)
        ):
            return ""
        return (
            f"the question asks about one month of {year}, and the code selects {year} but no month: the result is "
            "over the whole year. Keep only that month's rows too (e.g. dt.month == the month's number), then "
            "compute again."
        )
    named = [f for f in files if f.name in code] or files
    others = {y for f in named for y in _years(f) if y != year}
    if not others:
        return ""  # no sign the data holds other years: a file of that year alone needs no filter
    return (
        f"the question asks about {year}, and neither this code nor a cell before it selects {year}: the data "
        f"also holds {', '.join(sorted(others)[:3])}, so the result is over every year. Keep only {year}'s rows "
        "first (e.g. df[df[date].dt.year == "
        f"{year}] after pd.to_datetime), then compute again."
    )


def _named_month(month: int) -> str:
    """A pattern for a month named in code: its name, its first three letters, or its number."""
    return rf"{calendar.month_abbr[month]}|(?<![\d.])0?{month}(?![\d.])"


def _unworded(code: str) -> str:
    """`code` without its strings of three words or more: labels it prints, not values it selects."""
    return _STRING.sub(lambda m: " " if len(m.group(0).split()) >= 3 else m.group(0), code)


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
    and 'March 2024'): `==` keeps none of the rows meant. Not for a column changed in a cell first."""
    together = f"{ran}\n{code}"
    for c in _sampled(files):
        ref = column_pattern(c.name)
        if re.search(ref + r"\s*=[^=]", together) or converts(c.name, together):
            continue  # converted or replaced: what it holds then is not what the preview sampled
        shapes = {_shape(s) for s in c.samples}
        kept = re.sub(r"~\s*\w+" + ref + r"\.isin\([^)]*\)", " ", code)  # rows left out by a value: no harm
        for literal in compared_with(ref, kept, "=="):
            if literal.strip() and len(shapes) == 1 and _shape(literal) not in shapes:
                like = ", ".join(repr(s) for s in c.samples[:3])
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
    """`code` converts `column` somewhere: a string method, astype or to_numeric taken of it."""
    ref = column_pattern(column)
    return bool(
        re.search(ref + r"\s*\.(?:str\.|astype\(|apply\(|map\()", code) or re.search(r"to_numeric\(\s*\w+" + ref, code)
    )
