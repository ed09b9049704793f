"""What a text column really holds, read from its values: numbers, percentages, dates (several
formats, day or month first, intervals), durations, yes/no, lists, one value spelled several ways.

Each finding is a note for the model and, when one expression converts the whole column, that
expression with the same operation done here, so the profile tries the line it offers.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

_BOOL_WORDS = {"yes", "no", "y", "n", "true", "false", "t", "f"}
# A date in numbers has a year of four digits at one end, or is three pairs of digits (01.02.24):
# a version number (2.4.1, 10.2.13) is no date, though dateutil reads one.
_DATEISH = re.compile(
    r"(?<![\d.])(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4}|\d{2}([-/.])\d{2}\1\d{2})(?![\d.])"
    r"|\d{1,2} [A-Za-z]{3,9},? \d{4}|[A-Za-z]{3,9} \d{1,2},? \d{4}"
    r"|" + r"[A-Za-z]{3} [A-Za-z]{3} +\d{1,2} \d{1,2}:\d{2}:\d{2}(?: [+-]\d{4})? \d{4}"
)
# C's ctime with a UTC offset ('Sat Mar 02 18:04:11 +0000 2024': Twitter's API and archives, some
# logs): pandas infers no format for it and parses each value apart, slowly, with a warning.
_CTIME_ZONED = re.compile(r"[A-Za-z]{3} [A-Za-z]{3} \d{2} \d{2}:\d{2}:\d{2} [+-]\d{4} \d{4}")
_ENTITY = re.compile(r"&#?\w+;")


def _pd() -> Any:
    import pandas

    return pandas


@dataclass
class Conversion:
    """How a text column becomes what it holds: the expression the model is offered ({col} for the
    column) and the same operation done here, so the offered line is tried before it is offered."""

    expr: str
    apply: Callable[[Any], Any]


def text_notes(values: list[str]) -> tuple[list[str], str, Conversion | None]:
    """What a text column holds, when it is something else written as text: (notes, what it holds,
    as `ColumnProfile.holds` names it, and how to convert it when one expression does)."""
    notes: list[str] = []
    if not values:
        return notes, "", None
    distinct = list(dict.fromkeys(values))
    lowered = {v.strip().lower() for v in distinct}
    if lowered <= _BOOL_WORDS | {"0", "1"} and len(lowered) >= 2:
        return _yes_no(distinct, lowered)
    padded = [v for v in distinct if v != v.strip()]
    if cased := _cases(distinct):
        notes.append(cased)
    elif padded:
        notes.append(f"some values have spaces around them ({padded[0]!r}): {{col}}.str.strip()")
    durations, conversion = _as_durations(values)
    if durations:
        return [*notes, durations], "durations" if conversion else "", conversion
    if ranged := _ranges(values):
        return [*notes, ranged], "ranges", None
    if held := _json_text(values):  # before numbers and dates, which a JSON text may hold
        return [*notes, held], "json", None
    if placed := _degrees(distinct):  # before numbers: '394108N' is no number with an N
        return [*notes, placed], "coordinates", None
    numbers, conversion = _as_numbers(values)
    if numbers:
        notes.append(numbers)
        units = numbers.startswith("numbers with different units")
        return notes, "numbers with units" if units else "numbers", conversion
    dates, conversion = _as_dates(values)
    if dates:
        notes.append(dates)
        holds = "dates, interval starts" if dates.startswith("time intervals") else "dates"
        return notes, "dates in several formats" if dates.startswith("dates as text in ") else holds, conversion
    if fields := _key_values(values):  # before lists: a field's value may be a list ('a|b')
        return [*notes, fields], "fields", None
    if listed := _lists(values):
        return [*notes, listed], "lists", None
    spelled = _spellings(distinct)
    if spelled:
        notes.append(spelled)
    return notes, "several spellings" if cased or spelled else "", None


_YES = ("yes", "y", "true", "t", "1")


def _yes_no(distinct: list[str], lowered: set[str]) -> tuple[list[str], str, Conversion]:
    """Yes/no as text ('t'/'f', 'Yes'/'No'): True/False, a missing value kept missing (pandas'
    nullable boolean), so `== True`, a mask, `.sum()` and `.mean()` count what they say. A few
    spellings are mapped as written (a short line: a wide table may convert several such columns)."""
    shown = ", ".join(repr(v) for v in distinct[:6])
    table = {v: v.strip().lower() in _YES for v in sorted(distinct)}  # sorted: columns alike, lines alike
    yes = sorted(v for v in lowered if v in _YES)
    if len(distinct) <= 4:
        expr = f"{{col}}.map({table!r}).astype('boolean')"

        def apply(s: Any) -> Any:
            return s.map(table).astype("boolean")

    else:
        expr = f"{{col}}.str.strip().str.lower().isin({yes!r}).where({{col}}.notna()).astype('boolean')"

        def apply(s: Any) -> Any:
            return s.str.strip().str.lower().isin(yes).where(s.notna()).astype("boolean")

    return [f"yes/no written as text ({shown}): {expr}"], "yes/no", Conversion(expr, apply)


# Durations as text: ISO 8601 (PT2H30M, P1DT2H) or numbers with time units (1h 20m, 45 min), which
# pd.to_timedelta reads; clock-like h:mm:ss, which may as well be a time of day. One expression
# serves both: a small model given two (to_timedelta, to_datetime with a format) merged them.
_ISO_DURATION = re.compile(
    r"^P(?=\d|T\d)(?:\d+W)?(?:\d+D)?(?:T(?=\d)(?:\d+(?:\.\d+)?H)?(?:\d+(?:\.\d+)?M)?(?:\d+(?:\.\d+)?S)?)?$"
)
_UNIT_DURATION = re.compile(
    r"^(?:\d+(?:\.\d+)?\s*(?:h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?|d|days?)\s*)+$", re.IGNORECASE
)
_CLOCK = re.compile(r"^\d{1,3}:\d{2}:\d{2}$")
_MINUTES = re.compile(r"^\d{1,3}:[0-5]\d$")  # m:ss, or h:mm
_HOUR_MINUTE = re.compile(r"^(?:[01]?\d|2[0-3]):[0-5]\d$")
_TWELVE_HOUR = re.compile(r"^(?:0?[1-9]|1[0-2]):[0-5]\d(?::[0-5]\d)?\s?[AaPp][Mm]$")


def _as_durations(values: list[str]) -> tuple[str, Conversion | None]:
    """Durations written as text, and their conversion to timedeltas; h:mm:ss gets a note only."""
    stripped = [v.strip() for v in values]
    enough = 0.8 * len(stripped)
    timed = [v for v in stripped if _UNIT_DURATION.match(v)]
    # "m" or "s" alone may be metres or a size: an hour or minute word, or two parts, says time.
    if len(timed) >= enough and any(re.search(r"\d\s*(?:h|hr|hour|min)|\d\D+\d", v, re.IGNORECASE) for v in timed):
        return _timedelta(f"durations as text ({timed[0]!r})")
    iso = [v for v in stripped if _ISO_DURATION.match(v)]
    if len(iso) >= enough:
        return _timedelta(f"durations as text in ISO 8601 ({iso[0]!r})")
    clock = [v for v in stripped if _CLOCK.match(v)]
    minutes = [v for v in stripped if _MINUTES.match(v)]
    # m:ss where some value is past 23 (no hour), h:mm:ss beside it past an hour: a split time.
    if len(clock) + len(minutes) >= enough and any(int(v.split(":")[0]) > 23 for v in minutes):
        expr = "pd.to_timedelta({col}.where({col}.str.count(':') == 2, '0:' + {col}))"
        note = f"durations as text, m:ss or h:mm:ss ({minutes[0]!r}): {expr}; then .dt.total_seconds() / 60 for minutes"
        return note, Conversion(expr, lambda s: _pd().to_timedelta(s.where(s.str.count(":") == 2, "0:" + s)))
    if len(clock) >= enough:
        return (
            f"times as text ({clock[0]!r}): pd.to_timedelta({{col}}) reads them, as durations or as the time "
            "since midnight; then .dt.total_seconds() / 60 for minutes",
            None,
        )
    short = [v for v in stripped if _HOUR_MINUTE.match(v)]
    if len(short) >= enough:
        return (
            f"times of day as text ({short[0]!r}): pd.to_timedelta({{col}} + ':00') is the time since midnight",
            None,
        )
    twelve = [v for v in stripped if _TWELVE_HOUR.match(v)]
    if len(twelve) >= enough:  # '12:40 PM' is 12:40 and '12:05 AM' 00:05: a format reads them right
        seconds = ":%S" if twelve[0].count(":") == 2 else ""
        return (
            f"times of day as text in 12-hour form ({twelve[0]!r}): pd.to_datetime({{col}}.str.strip().str.upper(), "
            f"format='%I:%M{seconds} %p').dt.hour is the hour, 0 to 23",
            None,
        )
    return "", None


def _timedelta(note: str) -> tuple[str, Conversion]:
    expr = "pd.to_timedelta({col})"
    return f"{note}: {expr}; then .dt.total_seconds() / 60 for minutes", Conversion(
        expr, lambda s: _pd().to_timedelta(s)
    )


# A range of numbers written "low - high" ('0.12m - 0.95m', '£5 to £10'): spaced, so that ids and
# dates ('2024-001') are not taken for one.
_RANGE = re.compile(
    r"^\s*\D{0,3}?(\d[\d,]*(?:\.\d+)?)\s*([^\d\s-]{0,5})\s+(?:-|–|to)\s+\D{0,3}?(\d[\d,]*(?:\.\d+)?)\s*\2\s*$"
)


def _ranges(values: list[str]) -> str:
    """A note for ranges of numbers as text, in nearly every row, each low to high."""
    spans = [m for v in values if (m := _RANGE.match(v))]
    if len(spans) < max(0.8 * len(values), 2):
        return ""
    ordered = sum(float(m[1].replace(",", "")) <= float(m[3].replace(",", "")) for m in spans)
    if ordered < 0.9 * len(spans):
        return ""
    return (
        f"ranges of numbers as text ({spans[0].group(0).strip()!r}); each row's low and high: ends = "
        r"{col}.str.extract(r'(\d[\d,]*\.?\d*)\D+(\d[\d,]*\.?\d*)').replace(',', '', regex=True).astype(float); "
        "low, high = ends[0], ends[1]"
    )


def _json_text(values: list[str]) -> str:
    """Values that are JSON objects or lists written as text (an app's settings in a database
    column): how to read them, and the records in them when they hold records."""
    import json

    parsed = []
    for v in values[:50]:
        try:
            parsed.append(json.loads(v) if v.strip()[:1] in ("{", "[") else None)
        except ValueError:
            parsed.append(None)
    if not parsed or sum(p is not None and p != {} and p != [] for p in parsed) < 0.9 * len(parsed):
        return ""
    first = next(p for p in parsed if p)
    if isinstance(first, dict) and all(isinstance(x, dict) for x in first.values()):
        keys = list(dict.fromkeys(k for x in first.values() for k in x))[:6]
        return (
            f"JSON text: an object of records keyed by id, each with {', '.join(map(repr, keys))}, …; one row per record "
            "(import json): pd.json_normalize([r for v in {col} for r in json.loads(v).values()])"
        )
    if isinstance(first, list) and all(isinstance(x, dict) for x in first):
        return (
            "JSON text: a list of records; one row per record (import json): "
            "pd.json_normalize([r for v in {col} for r in json.loads(v)])"
        )
    named = f" with keys {', '.join(map(repr, list(first)[:6]))}" if isinstance(first, dict) else ""
    return f"JSON text{named}: json.loads(value) reads it ({{col}}.map(json.loads) for all; import json)"


_KEY = re.compile(r"[A-Za-z_][\w.-]{0,40}")


def _key_values(values: list[str]) -> str:
    """Values that are key=value fields joined by ';' or '&' (a VCF's INFO, a GFF's attributes, a
    query string), in most rows: which keys, and how to take one as a column."""
    for sep in (";", "&"):
        held: Counter[str] = Counter()
        rows = 0
        for v in values:
            parts = [p for p in v.strip().split(sep) if p.strip()]
            keyed = [p.split("=", 1)[0].strip() for p in parts if "=" in p]
            if len(keyed) >= 2 and len(keyed) >= 0.8 * len(parts) and all(_KEY.fullmatch(k) for k in keyed):
                rows += 1
                held.update(list(dict.fromkeys(keyed)))  # in the order written: ties list alike every run
        if rows >= 0.8 * len(values) and held:
            keys = ", ".join(f"{k} {n}" for k, n in held.most_common(12))
            first = held.most_common(1)[0][0]
            return (
                f"key=value fields joined by {sep!r} (keys, of {len(values)} rows looked at holding each: {keys}); one key as a column: "
                f"{{col}}.str.extract(r'(?:^|{sep})\\s*{re.escape(first)}\\s*=([^{sep}]*)', expand=False) (NaN where a row "
                "has none)"
            )
    return ""


def _lists(values: list[str]) -> str:
    """Values that are lists of items joined by one separator (' | ', ';'), in a good share of rows;
    ASCII's unit separator (\x1f) joins fields, however few."""
    values = [_ENTITY.sub("", v) for v in values]  # '&amp;' holds a ';' and joins nothing
    for sep in ("\x1f", " | ", "|", "; ", ";"):
        counts = [v.count(sep) for v in values]
        if sep == "\x1f" and sum(c > 0 for c in counts) >= 0.3 * len(values):
            return (
                f"fields joined by '\\x1f' (up to {max(counts) + 1} in a row): {{col}}.str.split('\\x1f', expand=True) "
                "gives a column per field ([0] the first)"
            )
        if sum(c > 0 for c in counts) >= 0.3 * len(values) and max(counts) >= 2:
            return (
                f"each value is a list of items joined by {sep!r} (up to {max(counts) + 1} in a row); items per "
                f"row: {{col}}.str.split({sep!r}, regex=False).str.len().fillna(0) (a missing value: 0 items); "
                f"one row per item: {{col}}.str.split({sep!r}, regex=False).explode()"
            )
    return ""


def _decimal_mark(number: str) -> str:
    """',' or '.' when the way `number` is written shows its decimal mark ('1.234,56', '1.234.567',
    '348,69', '3.5'), else '' ('1,234' could be either; '01.03.2024' is no number)."""
    for mark, thousands in ((",", r"\."), (".", ",")):
        grouped = rf"\d{{1,3}}(?:{thousands}\d{{3}})+"
        if re.fullmatch(rf"{grouped}{re.escape(mark)}\d+|\d{{1,3}}(?:{thousands}\d{{3}}){{2,}}", number):
            return mark
        if re.fullmatch(rf"\d+{re.escape(mark)}(?:\d{{1,2}}|\d{{4,}})", number):
            return mark
    return ""


def _ordinal(number: str) -> str:
    """The ending English writes after `number` as an ordinal ('1' 'st', '12' 'th'), "x" for a decimal."""
    if not number.isdigit():
        return "x"
    n = int(number)
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _number_of(value: str) -> str:
    m = re.search(r"[-+]?\d[\d,]*(?:\.\d+)?", value)
    return m.group() if m else ""


CONSTANT = 5  # rows of one value that make a column a label, not numbers to convert
# A year with letters (and a number) glued on: an edition or a period of that year.
_YEAR_LABEL = re.compile(r"((?:19|20)\d\d)([A-Za-z]+\d{0,2})")


# A latitude or longitude in degrees, minutes and seconds with its hemisphere: '394108N', '1055524W'
# (a gazetteer's), '39°41\'08"N', '39 41 08 N'. Capitals only: '12030s' is a duration.
_DMS = re.compile(r"(\d{1,3})[°:\s]?\s*([0-5]\d)['′:\s]?\s*([0-5]\d(?:\.\d+)?)[\"″]?\s*([NSEW])")
# What the note's lines extract with: no quote inside, so it pastes into r'...'.
_DMS_COMPACT = r"^\s*(\d{1,3}?)(\d\d)(\d\d(?:\.\d+)?)([NSEW])\s*$"
_DMS_SPACED = r"(\d{1,3})\D+([0-5]\d)\D+([0-5]\d(?:\.\d+)?)\D*?([NSEW])"


def _degrees(distinct: list[str]) -> str:
    """A note for coordinates in degrees, minutes and seconds, which removing the letter would make a
    number of another scale (394108 for 39.69 degrees)."""
    placed = [found for v in distinct if (found := _DMS.fullmatch(v.strip()))]
    if len(placed) < 3 or len(placed) < 0.9 * len(distinct):
        return ""
    if any(int(p[1]) > (90 if p[4] in "NS" else 180) for p in placed):
        return ""  # no latitude past 90, no longitude past 180
    d, m, sec, hemi = placed[0].groups()
    compact = all(p.group(0) == "".join(p.groups()) for p in placed)
    pattern = _DMS_COMPACT if compact else _DMS_SPACED
    return (
        f"coordinates in degrees, minutes and seconds ({placed[0].group(0)!r} is {d}° {m}' {sec}\" {hemi}), "
        f"not numbers: p = {{col}}.str.extract(r'{pattern}'); degrees = (p[0].astype(float) + p[1].astype(float) / 60 "
        "+ p[2].astype(float) / 3600) * p[3].map({'N': 1, 'E': 1, 'S': -1, 'W': -1})"
    )


def _as_numbers(values: list[str]) -> tuple[str, Conversion | None]:
    """'numbers after removing ...' when nearly every value is a number wrapped in symbols, and the
    conversion (None for numbers in several units: no one expression makes them one number).
    Numbers written with a decimal comma ('348,69 €') are read so, when no value says otherwise."""
    marks = {_decimal_mark(m.group()) for v in values for m in [re.search(r"\d[\d.,]*\d|\d", v)] if m}
    comma = "," in marks and "." not in marks
    first = values[0]
    if comma:  # read as '1234.56' here; the offered expression does the same to the column
        values = [v.replace(".", "").replace(",", ".") for v in values]
    to_float = ".str.replace('.', '').str.replace(',', '.').astype(float)" if comma else ".astype(float)"

    def number(s: Any) -> Any:
        return (s.str.replace(".", "").str.replace(",", ".") if comma else s).astype(float)

    written = " with a decimal comma" if comma else ""
    if len(values) >= CONSTANT and len(set(values)) == 1:
        return "", None  # one value on every row ('11N'): a label of the file, not an amount; listed as it is
    parsed = zeros = 0
    lettered: dict[str, set[str]] = {}  # a number: the capitals glued on it, "" for none
    removed: Counter[str] = Counter()
    suffixes: Counter[str] = Counter()
    percent = 0
    # '2016w', '2016s', '2019Q1': years in a row, each with several parts, not numbers in units
    # ('1950kg', '1950lb', '2000kg': a few numbers far apart)
    labels = [m.groups() for v in values if (m := _YEAR_LABEL.fullmatch(v.strip()))]
    years = sorted({int(y) for y, _ in labels})
    if len(labels) >= 0.9 * len(values) and len(years) < len(set(labels)) and years[-1] - years[0] < 2 * len(years):
        return "", None
    for v in values:
        s = v.strip()
        m = re.fullmatch(r"([^\d\-+.]*)\s*([-+]?\d[\d,]*(?:\.\d+)?|[-+]?\.\d+)\s*([^\d]*)", s)
        if not m:
            continue
        parsed += 1
        pre, num, post = m.groups()
        if re.search(r"[A-Za-z]", pre) or re.fullmatch(r"[-_][A-Z0-9]{1,3}", post.strip()):  # a code: 'E100', '10-K'
            return "", None
        zeros += bool(re.match(r"[-+]?0\d", num))
        glued = post[:1].isalpha() and s[m.end(2) : m.start(3)] == ""
        if re.match(r"\.[A-Za-z]", post):  # '500.xml', '12.jpg': a file's name
            return "", None
        if "@" in post or (glued and re.fullmatch(_ordinal(num) + r"\b.*", post)):  # an address, '2nd line'
            return "", None
        if (glued and re.fullmatch(r"[A-Z]{1,3}", post)) or not post.strip():
            lettered.setdefault(num, set()).add(post.strip())
        if pre:
            removed[pre.strip()] += 1
        if "," in num:
            removed[","] += 1
        if post.strip() == "%":
            percent += 1
        elif post.strip():
            suffixes[post.strip()] += 1
    # A leading zero, often: codes with their labels ('06 BROOKLYN', '01: Infections'). Capitals glued
    # on, several to one number ('10A', '10B', '15', '15E'): classes and kinds, not amounts in units.
    several = sum(1 for v in values if len(lettered.get(_number_of(v), ())) > 1)
    if (zeros and zeros * 3 >= parsed) or (several and several * 2 >= parsed and len(lettered) < parsed):
        return "", None
    if parsed >= 0.9 * len(values) and not (removed or suffixes or percent or comma):
        return _plain_numbers(values)
    if parsed < 0.9 * len(values) or not (removed or suffixes or percent or comma):
        return "", None
    if percent >= 0.9 * parsed:
        expr = f"{{col}}.str.rstrip('%'){to_float}"
        return f"percentages as text{written} ({first!r}): {expr}", Conversion(
            expr, lambda s: number(s.str.rstrip("%"))
        )
    kinds = [s for s, _ in suffixes.most_common(6)]
    if len(suffixes) > 8:
        return "", None  # many different words after a number ('6541 W LAKE ST'): no unit, no number
    # Flags mark some rows, or several kinds of them: one letter after every number is a unit ('5 d').
    if kinds and all(_FLAG.fullmatch(k) for k in kinds) and (len(kinds) > 1 or suffixes[kinds[0]] < 0.9 * parsed):
        return _flagged(first, kinds, comma, removed[","] > 0, number)
    # A unit word on some rows only ('850 kg' among bare '5.6'): the bare ones are in another unit.
    # A currency (a symbol, a code like EUR) on some rows only is the same money: removed below.
    some = len(kinds) == 1 and re.fullmatch(r"[A-Za-z]+", kinds[0]) and not re.fullmatch(r"[A-Z]{3}", kinds[0])
    if len(kinds) > 1 or (some and suffixes[kinds[0]] < 0.9 * parsed):
        parts = to_float if comma else ".str.replace(',', '').astype(float)" if removed[","] else ".astype(float)"
        listed = ", ".join(repr(k) for k in kinds) + ("" if len(kinds) > 1 else " on some rows, none on the others")
        return (
            f"numbers with different units as text{written} ({first!r}; units {listed}); convert every row to one "
            # The whole usage (given only the extract, a small model took .str[0] of its frame), as
            # Python only after the colon: a small model copies that tail into its cell as it is.
            f"unit before comparing or adding: parts = {{col}}.str.extract(r'([-\\d.,]+)\\s*(.*)'); "
            f"number, unit = parts[0]{parts}, parts[1]"
        ), None
    symbols = list(dict.fromkeys([s for s, _ in removed.most_common(3)] + kinds))  # '€5' and '5 €' alike
    if not symbols:  # '348,69': nothing to remove, only the comma to read
        expr = f"{{col}}{to_float}"
        return f"numbers written as text{written} ({first!r}): {expr}", Conversion(expr, number)
    pattern = "[" + "".join(re.escape(c) for c in dict.fromkeys("".join(symbols))) + "]"
    listed = " and ".join(repr(s) for s in symbols)
    # A quote among the symbols (FAOSTAT's "'0111"): the other quotes, or the pattern's repr, keep the line Python.
    literal = f"r'{pattern}'" if "'" not in pattern else f'r"{pattern}"' if '"' not in pattern else repr(pattern)
    expr = f"{{col}}.str.replace({literal}, '', regex=True).str.strip(){to_float}"
    # A quote (a code's mark more often than a number's) or a line break among the symbols: the
    # note, never the load block's line.
    conversion = (
        None
        if "'" in pattern or not pattern.isprintable()
        else Conversion(expr, lambda s: number(s.str.replace(pattern, "", regex=True).str.strip()))
    )
    return f"numbers written as text{written} ({first!r}): remove {listed}, then convert: {expr}", conversion


MAX_CODES = 8  # distinct plain numbers in a text column that read as codes rather than amounts
_COMPACT_DATE = re.compile(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")  # 20240115: a date, not a number
PLAIN_NUMBER = re.compile(r"[-+]?(?:0|[1-9]\d{0,14})(?:\.\d+)?")  # no leading zero (a code), no id's 16+ digits


def _plain_numbers(values: list[str]) -> tuple[str, Conversion | None]:
    """Numbers with nothing around them, written as text (JSON's `"favorite_count": "12"`, XML's
    text): pd.to_numeric reads them, whole numbers as integers. Codes with a leading zero ('02134')
    and long ids, whose digits a float would round, stay text; so do a few values over and over
    ('1', '2': a code, its values listed as they are)."""
    if (
        len(set(values)) <= MAX_CODES
        or not all(PLAIN_NUMBER.fullmatch(v.strip()) for v in values)
        or all(_COMPACT_DATE.fullmatch(v) for v in values)
    ):
        return "", None
    expr = "pd.to_numeric({col})"
    return f"numbers written as text ({values[0]!r}): {expr}", Conversion(expr, lambda s: _pd().to_numeric(s))


# The letters statistics offices put after a number on some rows (Eurostat's and SDMX's: b break,
# c confidential, d definition differs, e estimated, f forecast, n not significant, p provisional,
# r revised, u low reliability, z not applicable): a mark on the number, not a unit.
_FLAG = re.compile(r"[bcdefnpruz]{1,3}")


def _flagged(
    first: str, flags: list[str], comma: bool, thousands: bool, number: Callable[[Any], Any]
) -> tuple[str, Conversion]:
    """Numbers some of which carry a flag letter ('2410024 e'): the number is what precedes it."""
    grouped = ".str.replace(',', '')" if thousands and not comma else ""
    to_float = ".str.replace('.', '').str.replace(',', '.').astype(float)" if comma else ".astype(float)"
    expr = rf"{{col}}.str.extract(r'([-\d.,]+)', expand=False){grouped}{to_float}"

    def apply(s: Any) -> Any:
        found = s.str.extract(r"([-\d.,]+)", expand=False)
        return number(found.str.replace(",", "") if grouped else found)

    listed = ", ".join(repr(f) for f in flags)
    return (
        f"numbers as text, some with a flag letter after them ({first!r}; {listed}: estimated, provisional ... as "
        f"statistics offices mark them): the number is what precedes the flag: {expr}",
        Conversion(expr, apply),
    )


def _shape(value: str) -> str:
    return re.sub(r"[A-Za-z]+", "a", re.sub(r"\d+", "9", value.strip()))


# A time interval written "start - end" (hourly data exported by many grid and metering systems).
_INTERVAL = re.compile(r"^\s*(\S.*?\S)\s+([-–])\s+(\S.*?)\s*$")


# A UTC offset after a time ('20:18:12 2024 +0530', '...T09:00:00-07:00'), not a date's '-06-'.
_OFFSET = re.compile(r"(\d:\d\d(?::\d\d(?:\.\d+)?)?(?: \d{4})? ?)([+-]\d\d:?\d\d)\b")


def _layout(value: str) -> str:
    """A date's shape, its UTC offset aside: '+0530' and '-0700' are one layout."""
    return _shape(_OFFSET.sub(r"\g<1>+0000", value))


AROUND_DATE = 24  # characters beside a date in a value that is one: 'Monday, ' and ' 12:22:43 PM' are 20


def _as_dates(values: list[str]) -> tuple[str, Conversion | None]:
    """How dates written as text are laid out (the formats, day-first or month-first), and the
    conversion; intervals "start - end" are converted to their starts."""
    # Both ends dates of one shape, with a year of four digits or a month's name (no version ranges).
    spans = [
        m
        for v in values
        if (m := _INTERVAL.match(v))
        and _DATEISH.search(m[1])
        and _shape(m[1]) == _shape(m[3])
        and re.search(r"\d{4}|[A-Za-z]{3}", m[1])
    ]
    if spans and len(spans) >= 0.8 * len(values) and len({m[2] for m in spans}) == 1:
        starts = [m[1] for m in spans]
        note, conversion = _as_dates(starts)
        if not note or conversion is None:
            return "", None
        sep = f" {spans[0][2]} "
        expr = conversion.expr.replace("{col}", f"{{col}}.str.split({sep!r}).str[0]", 1)
        first = conversion.apply
        return (
            f"time intervals as text ({values[0]!r}): each row's start, {expr}",
            Conversion(expr, lambda s: first(s.str.split(sep).str[0])),
        )
    # A date and what dates carry (a weekday, a time, AM/PM, a zone); a date inside a longer text
    # ('- Highlight on page 3 | Added on 6 May 2018') is not one to_datetime reads.
    dated = [v for v in values if (m := _DATEISH.search(v)) and len(v.strip()) - len(m.group(0)) <= AROUND_DATE]
    if len(dated) < 0.8 * len(values):
        return "", None
    shapes = Counter(_layout(v) for v in dated)
    order = _day_order(dated)
    kwargs = {**({"format": "mixed"} if len(shapes) > 1 else {}), **({"dayfirst": True} if order == "day" else {})}
    # Times written with several UTC offsets (a team's commits, a traveller's log): pandas reads them
    # only into one zone, UTC.
    zoned = len({m.group(2).replace(":", "") for v in dated if (m := _OFFSET.search(v))}) > 1
    if all(_CTIME_ZONED.fullmatch(v.strip()) for v in dated):
        kwargs = {"format": "%a %b %d %H:%M:%S %z %Y"}
    elif len(shapes) == 1 and (guessed := _guessed_format(dated, order == "day", zoned)):
        kwargs = {"format": guessed}
    if zoned:
        kwargs["utc"] = True
    expr = "pd.to_datetime({col}" + "".join(f", {k}={v!r}" for k, v in kwargs.items()) + ")"
    if len(shapes) > 1:
        listed = ", ".join(repr(next(v for v in dated if _layout(v) == s)) for s, _ in shapes.most_common(4))
        note = f"dates as text in {len(shapes)} formats ({listed}): {expr}"
    else:
        note = f"dates as text ({dated[0]!r}): {expr}"
    if zoned:
        note += "; their UTC offsets differ, so they are read as UTC (each one's local time is in its text)"
    if order == "day":
        note += f"; the day comes first (values like {next(v for v in dated if _first_over_12(v))!r})"
    elif order == "month":
        note += "; the month comes first"
    return note, Conversion(expr, lambda s: _pd().to_datetime(s, **kwargs))


def _guessed_format(dated: list[str], dayfirst: bool, utc: bool = False) -> str:
    """A format that reads every value, guessed from a later one where pandas guesses none from the
    first ('Jan 2, 2022, 3:09:45 PM': a day under 13 could be an hour) and would parse each value
    apart, slowly, with a warning in every output; "" when pandas' own guess reads them, or none does."""
    import warnings

    try:
        from pandas.tseries.api import guess_datetime_format  # public since pandas 2.2
    except ImportError:
        return ""
    pd = _pd()
    values = pd.Series([v.strip() for v in dated])
    tried: set[str | None] = set()
    for i, value in enumerate(values.head(30)):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fmt = guess_datetime_format(value, dayfirst=dayfirst)
        if fmt in tried:
            continue
        tried.add(fmt)
        if fmt is not None:
            try:
                pd.to_datetime(values, format=fmt, utc=utc)
            except (ValueError, TypeError, OverflowError):
                continue
            return "" if i == 0 else fmt
    return ""


def _numeric_parts(value: str) -> list[int]:
    m = re.search(r"(\d{1,4})[-/.](\d{1,2})[-/.](\d{1,4})", value)
    return [int(g) for g in m.groups()] if m else []


def _first_over_12(value: str) -> bool:
    parts = _numeric_parts(value)
    return len(parts) == 3 and parts[0] <= 31 and parts[0] > 12 and parts[2] > 31


def _day_order(values: list[str]) -> str:
    """'day' when some date has a first field over 12 (dd/mm/yyyy), 'month' when a second does."""
    day = month = False
    for v in values:
        parts = _numeric_parts(v)
        if len(parts) != 3 or parts[0] > 31:  # year first: ISO order
            continue
        day |= parts[0] > 12
        month |= parts[1] > 12
    return "day" if day and not month else "month" if month and not day else ""


def _cases(distinct: list[str]) -> str:
    """One category written in several cases, perhaps with spaces ('HO', 'Ho', ' ho'): they count,
    group and join as different values until they are made one."""
    groups: dict[str, list[str]] = {}
    for v in distinct:
        groups.setdefault(v.strip().casefold(), []).append(v)
    if len(groups) > 50 or len(groups) == len(distinct):
        return ""
    same = next(g for g in groups.values() if len(g) > 1)
    if all(v.strip() == same[0].strip() for v in same):
        return ""  # spaces only: said as such
    usual = Counter(v.strip() for v in distinct).most_common(1)[0][0]
    case = ".str.upper()" if usual.isupper() else ".str.lower()" if usual.islower() else ".str.title()"
    return (
        f"one value written in several cases ({', '.join(repr(v) for v in same[:4])}): {{col}}.str.strip(){case} "
        "makes them one before counting, grouping or joining"
    )


def _spellings(distinct: list[str]) -> str:
    """One code spelled several ways ('AB-007', 'ab7', 'Ab 07'): they collapse once case, symbols
    and leading zeros are set aside."""
    if len(distinct) < 4 or not all(re.search(r"\d", v) and re.search(r"[A-Za-z]", v) for v in distinct[:50]):
        return ""

    def key(v: str) -> str:
        return re.sub(r"(?<![0-9])0+(?=\d)", "", re.sub(r"[^a-z0-9]", "", v.lower()))

    keys = Counter(key(v) for v in distinct)
    if len(keys) >= 0.8 * len(distinct):
        return ""
    example = next(k for k, n in keys.items() if n > 1)
    same = [v for v in distinct if key(v) == example][:4]
    return (
        f"one code is spelled several ways ({', '.join(repr(v) for v in same)}): normalise it before comparing or "
        "joining: {col}.str.lower().str.replace(r'[^a-z0-9]', '', regex=True).str.replace(r'(?<![0-9])0+(?=[0-9])', "
        "'', regex=True)"
    )
