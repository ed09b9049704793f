"""A loaded frame described for the model: each column's kind, missing values, samples and
general observations, the keys it may join on, and the table's own notes (wide, totals, copies).
"""

from __future__ import annotations

import builtins
import json
import keyword
import os
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from .columns import PLAIN_NUMBER, Conversion, text_notes
from .kinds import MAX_COLUMNS, MONTHS, PERIOD, PERIOD_CODE, TOTAL_VALUE, load_pandas

SAMPLES = 3
MAX_NAMED = 400  # column names kept of a wide table, profiled or not
_MONTH_NAME = re.compile(rf"^(?:{MONTHS})[a-z]*\.?$", re.IGNORECASE)
_UNIT_NAME = re.compile(r"\b(?:units?|uom|currency|scale)\b|_units?$|^units?_", re.IGNORECASE)
_MULTIPLE = re.compile(r"(1(?:0|,000)+) +(\S.*)")  # '1000 An', '100 g/ha': a unit counted in multiples


def _multiples_note(multiples: list[re.Match[str]]) -> str:
    """A units column's values that count in multiples of a unit ('1000 An': thousands of animals)."""
    return "; ".join(
        f"{m[0]!r} counts in {m[1]}s of {m[2]!r}: a row's number times {m[1]} is in {m[2]!r}" for m in multiples
    )


def _kind(series: Any) -> str:
    pd = load_pandas()
    dtype = series.dtype
    if pd.api.types.is_bool_dtype(dtype):
        return "bool"
    if pd.api.types.is_integer_dtype(dtype):
        return "int"
    if pd.api.types.is_float_dtype(dtype):
        return "float"
    if pd.api.types.is_datetime64_any_dtype(dtype):
        return "datetime"
    if pd.api.types.is_timedelta64_dtype(dtype):
        return "timedelta"
    values = series.dropna()
    if len(values) and all(isinstance(v, str) for v in values.head(200)):
        return "text"
    # Every value read, not the first ones: an API's few lists among numbers ('value': [0.30, 0.31]
    # where two readings met) make an object column that is no column of floats.
    kinds = {type(v).__name__ for v in values}
    if kinds & {"dict", "list"}:
        nested = sum(isinstance(v, dict | list) for v in values)
        return "nested" if 2 * nested >= len(values) else "mixed " + "/".join(sorted(kinds))
    if kinds and kinds <= {"date", "datetime", "Timestamp"}:  # (no kinds at all: no value, not dates)
        return "date objects"
    return "mixed " + "/".join(sorted(kinds)) if len(kinds) > 1 else (kinds.pop() if kinds else "empty")


def shown_value(value: Any, limit: int = 40) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _columns(df: Any, scanned: dict[str, tuple[list[str], int]]) -> list[dict[str, Any]]:
    """`scanned`: the values (and how many rows hold one) of text columns read from every row, where
    `df` is some of them."""
    out = []
    for col in list(df.columns)[:MAX_COLUMNS]:
        series = df[col]
        if getattr(series, "ndim", 1) != 1:  # a repeated column name: pandas gives a frame
            series = series.iloc[:, 0]
        kind = _kind(series)
        values = series.dropna()
        notes: list[str] = []
        holds, conversion = "", None
        samples: list[str] = []
        few: list[str] = []  # every value of a text column that has few
        distinct = 0
        uniques: list[str] = []
        try:
            uniques = values.astype(str).unique().tolist() if kind != "nested" else []
            distinct = len(uniques)
            samples = [shown_value(v) for v in uniques[:SAMPLES]]
        except (TypeError, ValueError):
            pass
        held, rows_held = scanned.get(str(col), (uniques, len(values))) if kind == "text" else (uniques, 0)
        whole = False  # `few` are every value of the column, read from every row of a longer file
        if kind == "text":
            texts = [str(v) for v in values.head(2000)]
            notes, holds, conversion = text_notes(texts)
            # Tried on rows from all of it too, not its head: a file sorted by a column ('1', '2' ...
            # 'X', 'MT') shows its numbers first, and a conversion to numbers would lose the others.
            if conversion is not None and _reads_all(conversion, texts):
                spread = [str(v) for v in values.iloc[:: -(-len(values) // 2000) or 1]]
                if not _reads_all(conversion, list(dict.fromkeys([*spread, *map(str, held)]))):
                    notes, holds, conversion = [], "", None
            if not notes and (worded := _words_among_number_text(values)):
                notes, holds = [worded], "numbers and words"
            shared = _shared_start(uniques)
            listable = not notes or holds == "numbers and words"  # the words' note keeps the list ('X', 'MT')
            if listable and not shared and (_listed(held, rows_held) or _listed(uniques, len(values))):
                # Those of every row where they are few enough to list, else those of the rows read.
                whole = str(col) in scanned and _listed(held, rows_held)
                few = [str(v) for v in (held if whole else uniques)]
                notes.append("values: " + ", ".join(repr(shown_value(v)) for v in few))
                samples = []
                # Named for units and holding unit-like words ('kg', 'C', 'm3'), not ids ('INV01').
                counted = {v: _MULTIPLE.fullmatch(v) for v in few}
                units = [m[2] if (m := counted[v]) else v for v in few]
                if (
                    len(few) <= 8
                    and _UNIT_NAME.search(str(col))
                    and all(len(v) <= 10 and not re.search(r"\d\d", v) for v in units)
                ):
                    notes.append("the unit of each row's number: convert to one unit before comparing or averaging")
                    holds = "units"
                    if multiples := [m for m in counted.values() if m]:
                        notes.append(_multiples_note(multiples))
            if shared:  # values cut at 40 characters would show the shared start only
                samples = []
                notes.append(shared)
        elif kind == "nested":
            first = values.iloc[0] if len(values) else None
            if isinstance(first, dict):
                notes.append(f"nested records with keys {', '.join(repr(k) for k in list(first)[:8])}")
            elif isinstance(first, list):
                notes.append(_list_note(str(col), values))
            samples = [shown_value(json.dumps(v, default=str), 60) for v in values.head(2)]
        elif kind.startswith("mixed") and (mixed := _mixed_numbers(values))[1]:
            notes, holds, conversion = mixed  # numbers, some written as text ('€136.00', 136)
        elif kind.startswith("mixed") and (listed := _lists_among_values(values)):
            notes.append(listed)
        elif kind.startswith("mixed") and (words := _words_among_numbers(values)):
            notes.append(words)
            holds = "numbers and words"
        elif kind.startswith("mixed"):
            notes.append(
                "values of several types ("
                + ", ".join(list(dict.fromkeys(repr(v) for v in values.head(200).tolist()))[:6])
                + ")"
            )
        elif kind == "datetime":
            zone = str(getattr(values.dt, "tz", None) or "")
            utc = zone.upper().removeprefix("ETC/") in ("UTC", "TZUTC()", "UTC+00:00")
            local = "; for local time, {col}.dt.tz_convert('<the zone>')" if utc else ""
            zone = "UTC" if utc else zone
            notes.append(f"already dates{f' in {zone}' if zone else ''}: use .dt, not .str{local}")
        elif kind in ("int", "float") and (compact := _compact_dates(str(col), kind, values)):
            notes, holds, conversion = [_COMPACT_NOTE.format(first=int(values.iloc[0]))], "dates", compact
        elif kind in ("int", "float") and (epoch := _epoch(str(col), values)):
            notes.append(epoch)
        elif kind in ("int", "float") and (code := _missing_code(values)) is not None:
            notes.append(
                f"{code:g} looks like a code for a missing value, not a number ({int((values == code).sum())} rows): "
                f"{{col}} = {{col}}.mask({{col}} == {code:g}) before computing"
            )
        notes = [n.replace("{col}", f"df[{str(col)!r}]") for n in notes]
        out.append(
            {
                "name": str(col),
                "dtype": kind,
                "missing": int(series.isna().sum()),
                "distinct": len(held) if kind == "text" else distinct,
                "samples": samples,
                "values": few,
                "whole": whole,
                "notes": notes,
                "holds": holds,
                "converted": _converted(df, col, series, conversion),
                "keys": _keys(str(col), kind, values, distinct),
            }
        )
    return out


_ID_NAME = re.compile(r"(?:id|code|key|no|num|number)$", re.IGNORECASE)
MAX_KEYS = 3000  # values of a column kept to find which tables join on it


def _keys(name: str, kind: str, values: Any, distinct: int) -> list[str]:
    """The values of a column that may join tables (named like an id, one row each, or codes of
    letters and digits), as text (31205.0 read with missing values as 31205); [] for others and
    for columns of too many."""
    if kind not in ("int", "float", "text") or not 2 <= distinct <= MAX_KEYS:
        return []
    if not (_ID_NAME.search(name) or distinct == len(values) or (kind == "text" and codes(values.unique()))):
        return []
    uniques = values.unique()
    if kind == "float" and not all(float(v).is_integer() for v in uniques):
        return []
    return sorted(str(int(v)) if kind != "text" else str(v).strip() for v in uniques)


def _list_note(col: str, values: Any) -> str:
    """Lists in a column: a row per item (explode), or, where every list holds the same few numbers
    (coordinates, a pair), each item by its position."""
    shown = shown_value(json.dumps(values.iloc[0], default=str), 60)
    head = values.head(2000).tolist()
    sizes = {len(v) if isinstance(v, list) else -1 for v in head}
    numbers = all(
        isinstance(x, int | float) and not isinstance(x, bool) for v in head if isinstance(v, list) for x in v
    )
    if len(sizes) == 1 and 2 <= (n := sizes.pop()) <= 4 and numbers:
        order = " (GeoJSON order: longitude, latitude, then elevation or depth)" if col.endswith("coordinates") else ""
        return (
            f"lists of {n} numbers each ({shown}){order}: one item by its position, df[{col!r}].str[0] ... "
            f".str[{n - 1}]"
        )
    return f"lists ({shown}): df.explode({col!r}) gives a row per item"


_TIME_NAME = re.compile(r"time|date|updated|created|modified|_at$|(?:^|_)ts$|stamp", re.IGNORECASE)


_COMPACT_NOTE = "dates written as YYYYMMDD numbers ({first})"


def _compact_dates(col: str, kind: str, values: Any) -> Conversion | None:
    """Whole numbers that are dates written YYYYMMDD (a season file's `20230102`): read as dates,
    since `pd.to_datetime` of the numbers themselves takes them for nanoseconds since 1970 (every
    date in 1970). Named like a time, or three dates or more: an id of eight digits is rarely a
    date every time."""
    if not len(values) or not all(float(v).is_integer() for v in values.head(2000)):
        return None
    low, high = float(values.min()), float(values.max())
    if not (19000101 <= low and high <= 21001231) or (values.nunique() < 3 and not _TIME_NAME.search(col)):
        return None
    pd = load_pandas()
    text = "{col}.astype(str)" if kind == "int" else "{col}.astype('Int64').astype('string')"
    expr = f"pd.to_datetime({text}, format='%Y%m%d')"

    def apply(series: Any) -> Any:
        numbers = series.astype(str) if kind == "int" else series.astype("Int64").astype("string")
        return pd.to_datetime(numbers, format="%Y%m%d")

    try:
        apply(values)
    except (ValueError, TypeError):
        return None  # 20231345: not a date
    return Conversion(expr, apply)


def _epoch(col: str, values: Any) -> str:
    """Whole numbers named like a time that are seconds or milliseconds since 1970 (an API's
    timestamps, 2001 to 2096; whole or, named so, with a fraction): how to read them as dates. Milliseconds under any name, said as a
    guess: an app's ids are often the time they were made (1693856270850)."""
    named = bool(_TIME_NAME.search(col))
    if not len(values):
        return ""
    low, high = float(values.min()), float(values.max())
    # Unnamed, only up to 2033: 13-digit codes past it (product barcodes) would read as far-off times.
    for unit, lo, hi in (("ms", 1e12, 4e12 if named else 2e12), ("s", 1e9, 4e9))[: 2 if named else 1]:
        # Named, fractions too: a recorder's `time.time()` floats (1737688579.7565212).
        if lo <= low and high < hi and (named or all(float(v).is_integer() for v in values.head(200))):
            when = load_pandas().to_datetime(int(values.iloc[0]), unit=unit, utc=True).strftime("%Y-%m-%d %H:%M UTC")
            span = "milliseconds" if unit == "ms" else "seconds"
            if not named:
                return f"if a time, ms since 1970 ({when}): pd.to_datetime({{col}}, unit='ms', utc=True)"
            return (
                f"{span} since 1970 ({int(values.iloc[0])} is {when}): pd.to_datetime({{col}}, unit={unit!r}, "
                "utc=True) reads them as dates"
            )
    return ""


_CODE = re.compile(r"(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9][A-Za-z0-9 _./-]{1,15}")


def codes(values: Any) -> bool:
    """Nearly every value is a short code of letters and digits ('CHEM1010', 'RJ-2301'): an identifier."""
    texts = [str(v).strip() for v in values]
    return bool(texts) and sum(bool(_CODE.fullmatch(t)) for t in texts) >= 0.95 * len(texts)


def _missing_code(values: Any) -> float | None:
    """A value written only of 9s (-999, 9999), repeated, over twice the others, or -1
    repeated among values never below 0 (and not a flag of a few values): agencies write it where a
    reading is missing."""
    codes = [v for v in values.unique()[:5000] if re.fullmatch(r"-?9{2,}(?:\.0+)?", f"{v:g}" if v == v else "")]
    for code in sorted(codes, key=abs, reverse=True):
        rest = values[values != code]
        # Among negative values only -999 and longer, five times the lowest: -9999 among temperatures down to -40.
        low = code < 0 and (rest.min() >= 0 or code <= -999 and code < 5 * rest.min())
        if (values == code).sum() >= 2 and len(rest) and (low or code > 0 and rest.max() * 2 < code):
            return float(code)
    rest = values[values != -1]
    if (values == -1).sum() >= 2 and len(rest) and rest.min() >= 0 and rest.nunique() > 3:
        return -1.0
    return None


def _wide(df: Any, converted: set[str]) -> str:
    """A note for periods as columns: the melt that gives a row per period, and, when the periods
    hold numbers written as text ('22921420 b', a statistics office's flags) that the load block
    does not convert (`converted`: it converts no column past the profiled ones, nor one whose
    conversion would make a value missing), the line that reads the melted values."""
    periods = _periods(df)
    if len(periods) < 6:
        return ""
    keep = [str(c) for c in df.columns if str(c) not in periods][:8]
    melt = f"df = df.melt(id_vars={keep!r}, var_name='period', value_name='value')"
    melt += f"; {coded}" if (coded := _unbracketed(periods)) else ""
    held, then = "", ""
    text = [c for c in periods if c not in converted and _kind(_column_of(df, c)) == "text"]  # text after loading
    conversion, said = _read_periods(df, text)
    if conversion is not None and said:
        held = ", " + said.split(" (")[0]
        then = "; " + _read_values(conversion, mixed=len(text) < len(periods))
    return (
        f"wide: {len(periods)} columns are periods ({periods[0]!r} … {periods[-1]!r}), one value per column{held}; "
        f"one row per period{' with its number' if then else ''}: {melt}{then}"
    )


MELT_KEYS = 12  # columns beside the periods, at most, for the load block to melt a wide table
MELT_ROWS = 200_000  # long rows profiled, at most (5,000 rows of 420 months would make 2.1 million)


def _melt(df: Any) -> tuple[Any, str, str, list[str]] | None:
    """A table with periods as columns (a statistics office's months across, '2019-01' … '2024-06')
    holding numbers: (the long frame, the lines that make it, a note, the periods). The load block melts it to
    a row per key and period, its values read as numbers: a small model given the wide table
    filtered a 'period' column it never made, or summed flagged text ('22921420 b'), in every
    question of a set over one. None when it is not such a table (or too wide a one to say)."""
    periods = _periods(df)
    keys = [str(c) for c in df.columns if str(c) not in periods]
    if len(periods) < 6 or not 1 <= len(keys) <= MELT_KEYS or len(set(df.columns)) != len(df.columns):
        return None
    kinds = {c: _kind(df[c]) for c in periods}
    if not all(k in ("int", "float", "text", "empty") for k in kinds.values()):
        return None
    if not all(_kind(df[c]) == "text" for c in keys):
        return None  # a number beside the periods (a row's total) would repeat on each period's row
    text = [c for c in periods if kinds[c] == "text"]
    conversion, said = _read_periods(df, text)
    if text and conversion is None:
        return None  # words, not amounts, per period (names ranked by year): the note says how to melt
    lines = [f"df = df.melt(id_vars={keys!r}, var_name='period', value_name='value')"]
    if conversion is not None:
        lines.append(_read_values(conversion, mixed=len(text) < len(periods)))
    if coded := _unbracketed(periods):
        lines.append(coded)
    df = df.head(max(1, MELT_ROWS // len(periods)))  # a file's count is still said as the long one's
    scope: dict[str, Any] = {"df": df, "pd": load_pandas()}
    try:
        exec("\n".join(lines), scope)  # noqa: S102 - the lines offered, run on the rows read
    except Exception:  # noqa: BLE001 - a value the conversion cannot take: the wide table and its note
        return None
    read = f", {said.split(' (')[0]}, read as numbers" if said else ""
    note = (
        f"the file has {len(periods)} periods as columns ({periods[0]!r} … {periods[-1]!r}{read}): the load block "
        f"melts them into 'period' ({'that text without its code' if coded else 'that text'}) and 'value', one row per {', '.join(map(repr, keys))} and period"
    )
    return scope["df"], "\n".join(lines), note, periods


_BRACKETED = re.compile(PERIOD_CODE + "$")


def _unbracketed(periods: list[str]) -> str:
    """The line that drops the code after each melted period ('2019 [YR2019]' is '2019'), or ""."""
    if not any(_BRACKETED.search(p) for p in periods):
        return ""
    return f"df['period'] = df['period'].str.replace({_BRACKETED.pattern!r}, '', regex=True)"


def _periods(df: Any) -> list[str]:
    """The columns named as periods ('2019-01', 'Jan 2024', '2023', 'March', '2015 [YR2015]'); those
    with a code in brackets only if each period has one ('2019 [M]' beside '2019 [F]' are two columns
    of one year, not two years)."""
    found = [str(c) for c in df.columns if PERIOD.match(str(c).strip()) or _MONTH_NAME.match(str(c).strip())]
    bare = [_BRACKETED.sub("", p.strip()) for p in found]
    return found if len(set(bare)) == len(bare) else [p for p in found if not _BRACKETED.search(p.strip())]


def _read_periods(df: Any, text: list[str]) -> tuple[Conversion | None, str]:
    """How the values of the period columns `text` (text after loading) read as numbers, from a
    sample of each: the conversion (None unless they hold numbers) and the note that says so ("")."""
    texts = [v for c in text[:MAX_COLUMNS] for v in _column_of(df, c).dropna().head(50) if isinstance(v, str)]
    notes, holds, conversion = text_notes(texts[:2000])
    return (conversion if holds == "numbers" else None), next((n for n in notes if n.startswith("numbers")), "")


def _read_values(conversion: Conversion, mixed: bool) -> str:
    """The line that reads melted values written as text; `mixed`: numbers among them (periods
    pandas read as numbers), which keep their value (as text, 1000.0 would lose its point to a
    decimal-comma reading, and 1e-05 read as 1)."""
    if not mixed:
        return "df['value'] = " + conversion.expr.replace("{col}", "df['value']")
    text = conversion.expr.replace("{col}", "df['value'].astype(str)")
    return f"df['value'] = pd.to_numeric(df['value'].mask(df['value'].map(type) == str, {text}))"


def _column_of(df: Any, col: str) -> Any:
    series = df[col]
    return series.iloc[:, 0] if getattr(series, "ndim", 1) != 1 else series  # a repeated name: the first


# A column of short codes (countries 'ES', 'EL'; statuses) has every value listed, up to this many:
# two of them shown, a filter wrote 'SP' for Spain and 'GR' for Greece and summed nothing.
MAX_CODES_LISTED = 40
MAX_SCANNED_VALUES = 400  # a text column with more values than this in the rows read is not read again
MAX_NAMES_LISTED = 24
# Codes to list whole are capitals, not words or names ('Alice'); `_CODE` above is any identifier.
# A register's labels in capitals are codes too ('MERCEDES-BENZ', 'LAND ROVER'): a filter writes
# them as a name is written ('Mercedes-Benz') and, shown a few, misses the ones spelled otherwise.
_CAPITALS = re.compile(r"[A-Z][A-Z0-9_-]{0,9}|[A-Z][A-Z0-9&'./ -]{1,18}[A-Z0-9]")


_NUMBERED_CODE = re.compile(r"[A-Z0-9][A-Z0-9_-]{0,9}")


def _listed(uniques: list[str], count: int) -> bool:
    """Few values, or codes or names few enough to list (`count`: the rows that hold one)."""
    return 0 < len(uniques) <= 8 or _codes(uniques, count)


def _codes(uniques: list[str], count: int) -> bool:
    """Short codes, or a few more short names (an item, a region), each on several rows (an id of a
    row each is no value to filter by): listed whole, so a filter can use the spelling the data has
    ('Coffee, green' for coffee)."""
    few = 8 < len(uniques) <= MAX_CODES_LISTED and count >= 3 * len(uniques)
    if few and all(_CAPITALS.fullmatch(v) for v in uniques) and sum(map(len, uniques)) <= 240:
        return True
    # Numbered codes with lettered ones among them (chromosomes '1' ... '22', 'X', 'MT'), not days of a month.
    if few and all(_NUMBERED_CODE.fullmatch(v) for v in uniques) and any(not v.isdigit() for v in uniques):
        return sum(map(len, uniques)) <= 240
    return few and len(uniques) <= MAX_NAMES_LISTED and max(map(len, uniques)) <= 30 and sum(map(len, uniques)) <= 300


def _shared_start(uniques: list[str]) -> str:
    """A note for long values that all open alike (an API's URLs naming a station and a measure at
    their end), saying that start once and showing what differs; "" otherwise."""
    if len(uniques) < 2 or min(len(v) for v in uniques) <= 40:
        return ""
    start = os.path.commonprefix(uniques)
    start = start[: max(start.rfind(c) for c in "/:?&=#_-. ") + 1]  # whole words follow: '7001', not '1'
    if len(start) < 12:
        return ""
    tails = ", ".join(repr(shown_value(v[len(start) :], 50)) for v in uniques[:10])
    return f"every value starts {start!r}; what follows it: {tails}"


def _lists_among_values(values: Any) -> str:
    """A note for a few lists among single values (two readings where one was expected)."""
    lists = values[values.map(lambda v: isinstance(v, list))]
    if lists.empty:
        return ""
    first = shown_value(json.dumps(lists.iloc[0], default=str), 40)
    return (
        f"{len(lists)} values are lists ({first}) among single values: {{col}}.explode() gives a row per item; "
        "{col}.map(lambda v: v[0] if isinstance(v, list) else v) keeps the first of each"
    )


def _words_among_numbers(values: Any) -> str:
    """A note for numbers with a few words among them (a mark 'ABS' or 'DEF' typed where there was
    none), naming the words and how to take the numbers alone; "" for anything else. On such a
    column .str gives NaN for every number, the trap a small model falls into."""
    numbers = values.map(lambda v: isinstance(v, int | float) and not isinstance(v, bool))
    words = Counter(str(v).strip() for v in values[~numbers])
    if not words or len(words) > 5 or numbers.sum() < 0.75 * len(values):
        return ""
    said = ", ".join(f"{w!r} ({n} rows)" for w, n in words.most_common())
    return (
        f"numbers, with words among them: {said}; the numbers alone: pd.to_numeric({{col}}, errors='coerce') "
        "(the words become NaN; .str on this column would make every number NaN)"
    )


def _words_among_number_text(values: Any) -> str:
    """A note for numbers written as text with a word or few in their place on some rows ('Low',
    'High': a reading beyond what a device measures), naming the words and their rows. The load
    block converts nothing: to_numeric(errors='coerce') would make the words NaN, and what they
    stand for is the question's to say."""
    texts = values.dropna().astype(str).str.strip()
    plain = texts.map(lambda v: bool(PLAIN_NUMBER.fullmatch(v)))
    words = Counter(texts[~plain])
    if (
        not words
        or len(words) > 3
        or words.total() < 2  # a word once: a header or a units line among the rows, not a reading's mark
        or plain.sum() < max(10, 0.9 * len(texts))
        or not all(w[:1].isalpha() for w in words)
    ):
        return ""
    said = ", ".join(f"{w!r} ({n} rows)" for w, n in words.most_common())
    first = words.most_common(1)[0][0]
    return (
        f"numbers written as text, with words on some rows in their place: {said}; pd.to_numeric({{col}}, "
        f"errors='coerce') reads the numbers and makes the words NaN; where a word stands for a value, replace it "
        f"first: {{col}}.replace({{{first!r}: ...}})"
    )


def _mixed_numbers(values: Any) -> tuple[list[str], str, Conversion | None]:
    """A column of numbers some of which are text with a symbol or unit (a spreadsheet typed into
    by hand): the text column's notes and conversion, taken of the values as text."""
    notes, holds, conversion = text_notes([str(v) for v in values.head(2000)])
    if not holds.startswith("numbers"):
        return [], "", None
    notes = [n.replace("{col}", "{col}.astype(str)") for n in notes]
    if conversion is not None:
        first = conversion
        conversion = Conversion(first.expr.replace("{col}", "{col}.astype(str)"), lambda s: first.apply(s.astype(str)))
    return notes, holds, conversion


def _alike_together(lines: list[tuple[str, str]]) -> list[str]:
    """Conversion lines (column, line), those alike but for their column next to each other, in the
    order each kind first comes: the preview shows a run of them as one loop, and each line touches
    its own column only, so the order is free."""
    shapes: dict[str, list[str]] = {}
    for name, line in lines:
        shapes.setdefault(line.replace(f"df[{name!r}]", "df[col]"), []).append(line)
    return [line for alike in shapes.values() for line in alike]


def _converted(df: Any, col: Any, series: Any, conversion: Conversion | None) -> str:
    """The line that makes a text column the numbers or dates it holds, tried on the rows read here:
    "" when there is none, or it fails, or it would turn a value into NaN."""
    if conversion is None or df[col].ndim != 1 or not _reads_all(conversion, series):
        return ""
    target = f"df[{str(col)!r}]"
    return f"{target} = {conversion.expr.replace('{col}', target)}"


def _reads_all(conversion: Conversion, values: Any) -> bool:
    """Whether a conversion reads each of `values` (a series, or a list of text) that is not
    missing: it raises on none, and turns none into NaN."""
    series = values if hasattr(values, "notna") else load_pandas().Series(values, dtype=object)
    try:
        done = conversion.apply(series)
    except Exception:  # noqa: BLE001 - a value the expression cannot take
        return False
    return int(done.notna().sum()) >= int(series.notna().sum())


STRIP_LABELS = "df.columns = df.columns.str.strip()"


def _keys_in_one(df: Any) -> tuple[Any, str] | None:
    """A first column whose name lists several keys joined by commas, each value the same number
    of parts (a statistics office's SDMX table: 'freq,unit,geo\\TIME_PERIOD' over 'M,NR,AT'): the
    frame with a column per key, and the line that makes them."""
    if not len(df.columns) or not isinstance(first := df.columns[0], str) or first.count(",") < 1:
        return None
    names = [n.split("\\")[0].strip() for n in first.split(",")]  # 'geo\\TIME_PERIOD': the key is geo
    values = df[first].dropna().astype(str)
    if not len(values) or not all(n.isidentifier() for n in names) or set(names) & set(map(str, df.columns)):
        return None
    if not (values.str.count(",") == len(names) - 1).all():
        return None
    out = df.copy()
    out[names] = out[first].str.split(",", expand=True)
    out = out[[*names, *[c for c in df.columns if c != first]]]
    line = f"df[{names!r}] = df.pop({first!r}).str.split(',', expand=True)"
    return out, line + f"\ndf = df[{names!r} + [c for c in df.columns if c not in {names!r}]]"


TEXT_LABELS = "df.columns = [c.strftime('%Y-%m-%d') if hasattr(c, 'strftime') else str(c) for c in df.columns]"


def column_label(c: Any) -> str:
    """A column label as TEXT_LABELS makes it text."""
    return c.strftime("%Y-%m-%d") if hasattr(c, "strftime") else str(c)


def _total_rows(df: Any) -> tuple[str, str]:
    """Rows inside a table that total others ('Total' in its name column, once per month of a
    stacked export): the line that drops them and a note, or ("", "")."""
    for col in list(df.columns)[:MAX_COLUMNS]:
        series = df[col]
        if series.ndim != 1 or _kind(series) != "text":
            continue
        found = sorted({v for v in series.dropna().unique() if TOTAL_VALUE.fullmatch(str(v).strip())})
        n = int(series.isin(found).sum())
        if found and n <= 0.2 * len(df):
            return f"df = df[~df[{str(col)!r}].isin({found!r})]", (
                f"{n} rows are totals of the others ({', '.join(map(repr, found))} in {str(col)!r}): "
                "the load block drops them, so sums and counts are over the rest"
            )
    return "", ""


# Areas that sum others, as statistics offices list them beside the countries: the world, continents
# and regions, economic unions, income and development groups.
_AGGREGATE = re.compile(
    r"world|africa|americas|asia|europe|oceania|north america|south america|latin america.*|sub-saharan africa.*"
    r"|(?:northern|southern|eastern|western|central|middle) (?:africa|america|asia|europe)|south-eastern asia"
    r"|east asia.*|south asia.*|middle east.*|europe & central asia.*|arab world|caribbean"
    r"|european union.*|euro ?area.*|eu ?\d\d(?:_\d{4})?|ea ?\d\d|oecd.*|.*\bcountries\b.*"
    r"|(?:low|high|middle|upper middle|lower middle|low & middle)[ -]income.*",
    re.IGNORECASE,
)


def _aggregates(df: Any, scanned: dict[str, tuple[list[str], int]], texts: set[str]) -> str:
    """A note on a column of areas that lists aggregates ('World', 'Africa', 'European Union')
    beside the countries they sum, or "": a sum over every row counts each country again in each
    aggregate, and a ranking of countries finds 'World' first."""
    for col in (c for c in list(df.columns)[:MAX_COLUMNS] if str(c) in texts):
        series = df[col]
        if series.ndim != 1:
            continue
        held = scanned[str(col)][0] if str(col) in scanned else [str(v) for v in series.dropna().unique()]
        found = [v for v in held if _AGGREGATE.fullmatch(v.strip())]
        if (len(found) >= 2 or any(v.strip().casefold() == "world" for v in found)) and len(held) - len(found) >= 3:
            shown = ", ".join(map(repr, found[:8])) + (", …" if len(found) > 8 else "")
            return (
                f"{str(col)!r} holds aggregates beside the areas they sum ({shown}): a sum over every row counts "
                "each area again in each aggregate. For a total, take the aggregate's own row ('World' for the "
                "world); to compare or rank areas, leave the aggregates out first"
            )
    return ""


def _calendar(df: Any) -> tuple[dict[str, str], str]:
    """New names for the columns of a file with no header ('0', '1', ...) that hold a year, a month
    and perhaps a day side by side, and for one that holds the same time as a decimal year
    (1818.001), with a note on them; ({}, "") where none do. Said only in a note, a small model
    averaged '3', the decimal year, as the measure all the same."""
    names = [c for c in df.columns if isinstance(c, str) and c.isdigit()]
    if len(names) != df.shape[1] or df.columns.duplicated().any():
        return {}, ""
    names = names[:MAX_COLUMNS]

    def within(c: str, low: int, high: int, varied: bool = True) -> bool:
        if df[c].dtype.kind not in "iu":
            return False
        s = df[c].dropna()
        return len(s) > 0 and low <= s.min() and s.max() <= high and (not varied or s.nunique() > 1)

    def dates(year: str, month: str, day: str) -> bool:
        """Every row a date, in order: a series over time, not ids and counts that fall in range."""
        made = load_pandas().to_datetime(
            {"year": df[year], "month": df[month], "day": df[day] if day else 1}, errors="coerce"
        )
        return bool(made.notna().all() and made.is_monotonic_increasing)

    for i, year in enumerate(names[:-1]):
        month = names[i + 1]
        # Several rows a year (months or days of it), not one id a row that falls in range.
        if not (within(year, 1000, 2200, varied=False) and df[year].nunique() * 2 <= len(df) and within(month, 1, 12)):
            continue
        day = names[i + 2] if i + 2 < len(names) and within(names[i + 2], 1, 31) else ""
        if not (day and dates(year, month, day)):
            day = ""
            if not dates(year, month, day):
                continue
        named = {year: "year", month: "month", **({day: "day"} if day else {})}
        decimal = next(
            (
                c
                for c in names
                if df[c].dtype.kind == "f"
                and df[c].notna().any()
                and bool(((df[c] // 1) == df[year])[df[c].notna()].all())
            ),
            "",
        )
        parts = "df[['year', 'month', 'day']]" if day else "df[['year', 'month']].assign(day=1)"
        which = ", ".join(named.values())
        note = f"the load block names the {which} columns {', '.join(map(repr, named.values()))}"
        note += f" (the file has no header): pd.to_datetime({parts}) makes them dates"
        if decimal:
            named[decimal] = "decimal_year"
            first = float(df[decimal].dropna().iloc[0])
            note += f"; 'decimal_year' is the same time as a decimal year ({first!r}), not a measure"
        return named, note
    return {}, ""


DROP_COPIES = "df = df.drop_duplicates()"


def _key_of_copies(df: Any) -> str:
    """The column naming each record (one value per row, once the exact copies are dropped, and
    text or whole numbers), where a table holds exact copies of rows; "" when none does: without
    an id, two equal rows may be two records (two sales of one item on one day)."""
    kept = df.drop_duplicates()
    for name in df.columns[:3]:
        col = kept[name]
        if col.dtype.kind in "iuO" and col.notna().all() and col.is_unique and len(kept) >= 10:
            return str(name)
    return ""


# Reads the columns of these labels from every row of a table (a label the file lacks is left out).
ReadColumns = Callable[[list[Any]], Any]


def columns_of(df: Any) -> ReadColumns:
    """Reads columns of `df`, a table held whole whose profile is of some of its rows."""
    return lambda labels: df[[c for c in labels if c in df.columns]]


def _relabelled(read_all: ReadColumns | None, labels: dict[Any, Any]) -> ReadColumns | None:
    """`read_all` for a frame whose columns were renamed (`labels`: new label -> the file's)."""
    if read_all is None:
        return None
    back = {old: new for new, old in labels.items()}
    return lambda wanted: read_all([labels.get(c, c) for c in wanted]).rename(columns=back)


def _scanned(df: Any, read_all: ReadColumns) -> dict[str, tuple[list[str], int]]:
    """The values of `df`'s text columns of up to MAX_SCANNED_VALUES values in its rows, as every
    row holds them, and how many rows hold one; {} where they cannot be read."""
    few = [
        c
        for c in list(df.columns)[:MAX_COLUMNS]
        if getattr(df[c], "ndim", 1) == 1 and _kind(df[c]) == "text" and df[c].nunique() <= MAX_SCANNED_VALUES
    ]
    if not few:
        return {}
    try:
        every = read_all(few)
        held = {str(c): every[c].dropna() for c in few if c in every.columns and getattr(every[c], "ndim", 1) == 1}
        # Text in the rows read, and text to the end: numbers further down (a chunk pandas read as
        # integers, a database column of mixed types) are no text values a filter can compare.
        text = {c: v for c, v in held.items() if load_pandas().api.types.infer_dtype(v, skipna=True) == "string"}
        return {c: (v.unique().tolist(), len(v)) for c, v in text.items()}
    except Exception:  # noqa: BLE001 - a file that reads otherwise whole: its first rows are profiled as before
        return {}


def table_profile(
    name: str,
    df: Any,
    load: str,
    rows: int | None,
    notes: list[str],
    read_all: ReadColumns | None = None,
    events: bool = False,
) -> dict[str, Any]:
    """A table's profile. Its load block also converts the columns that hold numbers or dates as
    text (each line tried here): a small model that starts from the block computes on values, not
    on text, with no step of its own to forget. Where `df` is some of the rows, `read_all` reads
    a few columns from all of them: a text column of few values is listed whole (a file sorted by
    country shows a few countries in its first rows, all of its units). `events`: each row is
    something that happened at a time, and two alike in one minute are two ("ok" said twice)."""
    if not all(isinstance(c, str) for c in df.columns):
        # A header of dates or numbers (months across a sheet) gives labels df['2024-01-01'] cannot
        # find: they are made text first, as the preview names them.
        df = df.copy()
        read_all = _relabelled(read_all, {column_label(c): c for c in df.columns})
        df.columns = [column_label(c) for c in df.columns]
        load += "\n" + TEXT_LABELS
    names = [str(c) for c in df.columns]
    if any(n != n.strip() for n in names) and len({n.strip() for n in names}) == len(names):
        # '2019-01 ' in the header (a statistics office's TSV): df['2019-01'] would find nothing.
        df = df.copy()
        read_all = _relabelled(read_all, {n.strip(): c for n, c in zip(names, df.columns)})
        df.columns = [n.strip() for n in names]
        load += "\n" + STRIP_LABELS
    renamed, calendar = _calendar(df)
    if renamed:  # no header: the columns that hold a year, month and day named so
        df = df.rename(columns=renamed)
        read_all = _relabelled(read_all, {new: old for old, new in renamed.items()})
        load += f"\ndf = df.rename(columns={renamed!r})"
        notes = [*notes, calendar]
    split = _keys_in_one(df)
    if split:  # 'freq,unit,geo\\TIME_PERIOD' over 'M,NR,AT': a column per key, as the header names them
        df, line = split
        load += "\n" + line
    if melted := _melt(df):
        long, lines, note, periods = melted
        total = rows * len(periods) if rows else rows
        table = table_profile(name, long, load + "\n" + lines, total, [*notes, note], read_all)
        return {**table, "periods": periods}
    partial = rows is None or len(df) < rows
    scanned = _scanned(df, read_all) if read_all and partial else {}
    columns = _columns(df, scanned)
    wide = _wide(df, {c["name"] for c in columns if c["converted"]})
    try:
        copies = 0 if events else int(df.duplicated().sum())
    except TypeError:  # list or dict cells cannot be compared
        copies = 0
    key = _key_of_copies(df) if copies else ""
    if key:  # a record with its own id, written out twice: the load block keeps one of each
        notes = [
            *notes,
            f"{copies} rows were exact copies of an earlier row, {key!r} and all (a record exported twice): the "
            "load block drops them, so each row is one record",
        ]
    elif copies:
        notes = [
            *notes,
            f"{copies} rows are exact copies of an earlier row (of the {len(df)} read): if each row is one record, "
            "df = df.drop_duplicates() first",
        ]
    converts = _alike_together([(c["name"], c["converted"]) for c in columns if c["converted"]])
    if key:
        converts.insert(0, DROP_COPIES)
    dropped, said = _total_rows(df)
    if dropped:
        converts, notes = [dropped, *converts], [*notes, said]
    if aggregates := _aggregates(df, scanned, {c["name"] for c in columns if c["dtype"] == "text"}):
        notes = [*notes, aggregates]
    if partial:  # part of the file read (or rows uncounted): a value listed is not all it holds
        for c in (c for c in columns if not c["whole"]):
            c["notes"] = [re.sub("^values: ", f"values in the {len(df)} rows read: ", n) for n in c["notes"]]
    return {
        "name": name,
        "rows": rows,
        "load": "\n".join([load, *converts]),
        "columns": columns,
        "width": int(df.shape[1]),
        # Past the columns profiled, their names only: a KeyError's hint and the preview name them
        # ('outcome.type' of a wide API export, flattened after the 40th column).
        "unprofiled": [str(c) for c in list(df.columns)[MAX_COLUMNS:MAX_NAMED]],
        "notes": notes + ([wide] if wide else []),
        "whole": rows is not None and len(df) >= rows,
    }


# `df` where our lines use it as the frame (df[...], df.x, df = , (df), df,), not a word of a
# table's or column's name inside quotes ('x df y').
_DF = re.compile(r"(?<![\w'\"])df(?=\[|\.|\s*=(?!=)|\)|,|\s*$)", re.MULTILINE)
# Names a cell already uses: Python's own, the modules and names our lines and notes bind, and
# the loop variable of a folded load block (`for col in [...]`).
_TAKEN = set(dir(builtins)) | {
    *("pd", "np", "con", "sqlite3", "json", "re", "os", "io", "math", "time", "datetime", "zipfile", "gzip"),
    *("df", "col", "data", "parts", "long", "ends", "lines", "frames", "archive", "members", "text", "blocks"),
    *("names", "ns", "rows", "sheet", "merged", "number", "unit", "low", "high"),
}


def frame_name(table: str, used: set[str] | frozenset[str] = frozenset()) -> str:
    """A frame's name for a table of a database (`Region Managers` region_managers; `list` list_df;
    `2023` t_2023), none of `used`; "" for a name with no letters or digits (it is loaded as df)."""
    word = re.sub(r"\W+", "_", table.lower()).strip("_")
    if not word:
        return ""
    word = word if word.isidentifier() else f"t_{word}"
    word = f"{word}_df" if keyword.iskeyword(word) or word in _TAKEN else word
    n, name = 2, word
    while name in used:
        name, n = f"{word}_{n}", n + 1
    return name


def framed(table: dict[str, Any], name: str) -> dict[str, Any]:
    """`table`'s load lines and notes with its frame called `name`, not df: the tables of one
    database each in a frame of their own, so a cell that starts from two load blocks keeps both
    (a small model pasted every table's block, each into df, and used the last)."""
    if not name:
        return table

    def sub(text: str) -> str:
        return _DF.sub(name, text)

    columns = [{**c, "notes": [sub(n) for n in c["notes"]], "converted": sub(c["converted"])} for c in table["columns"]]
    return {**table, "load": sub(table["load"]), "notes": [sub(n) for n in table["notes"]], "columns": columns}
