"""Hints: after a failed run, what any Python or pandas user would be told about that error.

By the error's kind, never by the data: a close match for a misspelt name (columns of the files the
code reads, inner keys of flattened records, standard-library modules), the import a NameError
lacks, the tested load line when a file was read wrongly or a loaded structure was walked as
records it does not hold, which frame lacks a merge's key (and what it has), the frame of the cell
that holds a column another frame was indexed for (the line mended), the columns a regex's groups
make, the other table of a database or workbook that holds a missing column, how to convert a
column that holds text where numbers or dates are needed, a frame given where one column is needed
(str.extract's), NaN cast to int, usecols naming columns a table lacks, a word among numbers,
durations or dates (errors='coerce'), a conversion that failed on a value of a column of plain text
(that column was converted by mistake), JSON read by hand, a row taken of an empty selection, the
largest of only missing values, a tuple of columns meant as a list, a math function used
unimported, a None a lookup returned, a file that is not UTF-8, times with and without a time zone,
conditions joined without parentheses (the line mended), a column name with a dot inside .query()
(backticks), a group-by's result assigned as a column (NaN: .transform), a failing conversion of a
column that nothing after it uses (delete the line), and that a call the installed pandas rejects
must be written another way. Column facts come from the preview's profiles, so a hint never
contradicts what the model was shown.
"""

from __future__ import annotations

import ast
import builtins
import difflib
import keyword
import math
import re
import sys
from pathlib import PurePosixPath

from ..context import MISSING_MODULE
from ..outcome import Outcome
from ..seams import ColumnProfile, FileProfile, TableProfile
from .base import Aid, Note, TurnState
from .errors import failing_line, failing_lineno, is_api_error, unused_failing
from .folding import LOOP, unfolded
from .joins import own_frame
from .names import parsed
from .preview import exploded, exploded_all, load_block, loaded_kind
from .repeats import installs_only

_QUOTED = re.compile(r"['\"]([^'\"]+)['\"]")
_UNDEFINED = re.compile(r"name '(\w+)' is not defined")
_QUERY = re.compile(r"\.query\(\s*(['\"])(.*?)\1")
_NO_ATTR = re.compile(r"'([\w.]+)' object has no attribute '(\w+)'")
_NUMBER = re.compile(r"^(?:u?int|float)\d*$")  # a plain or numpy number: int, numpy.int32, float64
# What is asked of a date or a column of dates (`x.hour`, `x.dt.hour`), of a value that is not one.
_DATE_PARTS = {"dt", "hour", "minute", "year", "month", "day", "weekday", "dayofweek", "day_of_week", "date", "week"}
_IMPORTS = {
    "pd": "import pandas as pd", "np": "import numpy as np", "plt": "import matplotlib.pyplot as plt",
    "sns": "import seaborn as sns", "json": "import json", "re": "import re", "math": "import math",
    "sqlite3": "import sqlite3", "datetime": "import datetime", "os": "import os", "io": "import io",
    "statistics": "import statistics", "collections": "import collections", "Counter": "from collections import Counter",
}  # fmt: skip
# Methods a newer pandas removed, and what replaced them.
_REMOVED = {
    "append": "pd.concat([df, other])", "iteritems": ".items()", "applymap": ".map(func)",
    "mad": "(s - s.mean()).abs().mean()", "swapaxes": ".transpose()", "is_monotonic": ".is_monotonic_increasing",
}  # fmt: skip
_TEXT_NOT_NUMBER = re.compile(
    r"unsupported operand type|can only concatenate str|not supported between instances of 'str'"
    r"|could not convert string to float|Could not convert .* to numeric|Unable to parse string|agg function failed|"
    r"dtype->(?:object|str)|cannot perform \w+ with type|must be real number, not str|invalid literal for int",
    re.IGNORECASE,
)
_DATE_PARSE = re.compile(
    r"doesn't match format|time data .* does not match|Unknown datetime string format|DateParseError"
    r"|day is out of range|month must be in 1..12|Can only use \.dt accessor",
    re.IGNORECASE,
)
# Two frames combined by a key or row by row, the pandas way that does not line them up.
_MERGE_TYPES = re.compile(r"merge on (.+?) and (.+?) columns for key '([^']+)'")
_UNALIGNED = re.compile(r"Can only compare identically-labeled|Lengths must match to compare")
# A frame (several columns) where one column is needed: to_numeric/to_datetime of a frame, or a
# frame assigned to one column (str.extract gives a frame, one column per group).
_FRAME_FOR_COLUMN = re.compile(
    r"arg must be a list, tuple, 1-d array, or Series|to assemble mappings requires at least that|"
    r"Cannot set a DataFrame with multiple columns to the single column|Data must be 1-dimensional"
)
# A Series where one bool is needed: most often `a == 1 & b == 2` (& binds first) or and/or.
_AMBIGUOUS = re.compile(r"truth value of an? (?:Series|DataFrame|array)\b.* is ambiguous", re.IGNORECASE)
_COMPARISON = re.compile(r"==|!=|<=|>=|(?<![<>=-])[<>](?![<>=])|\.isin\(|\.between\(")
# Times with and without a time zone, by what pandas says of them.
_ZONES = (
    (
        re.compile(r"Cannot convert tz-naive Timestamp"),
        "this one time carries no time zone yet: ts.tz_localize('UTC') (or the zone it was written in) first, then "
        ".tz_convert('<the zone>'); for a column of times the same through .dt.",
    ),
    (
        re.compile(r"tz-naive timestamps, use tz_localize"),
        "the times carry no time zone yet: say which zone they were written in first, .dt.tz_localize('UTC') (or "
        "that zone), then .dt.tz_convert('<the zone>').",
    ),
    (
        re.compile(r"Already tz-aware"),
        "the times already carry a time zone: convert them with .dt.tz_convert('<the zone>'), not tz_localize.",
    ),
    (
        re.compile(r"Invalid comparison between dtype=datetime64\[\w+, |tz-naive and tz-aware"),
        "times with a time zone met times without one: give both the same zone (pd.Timestamp('2024-01-01', "
        "tz='UTC'), or .dt.tz_localize on the naive side), then compare or subtract.",
    ),
    (
        re.compile(r"No time zone found with key|UnknownTimeZoneError"),
        "that is no time zone name: use an IANA name, Area/City, such as 'Europe/Paris' or 'America/New_York'.",
    ),
    (
        re.compile(r"Mixed timezones detected|unless utc=True"),
        "the text holds times with different UTC offsets: pd.to_datetime(col, utc=True) reads them all as UTC; "
        "then .dt.tz_convert('<the zone>') for local time.",
    ),
)
# Calls pandas refuses with a message that names no way out: what does that.
_API_MISTAKES = (
    (
        re.compile(r"kwarg 'errors' to be one of \['raise', 'ignore'\]\. Supplied value is 'coerce'"),
        ".astype() takes no errors='coerce': pd.to_numeric(col, errors='coerce') (numbers) or "
        "pd.to_datetime(col, errors='coerce') (dates) turn what does not convert into NaN.",
    ),
    (
        re.compile(r"cannot insert (.+), already exists(?s:.*)reset_index"),  # the value, then the code
        "reset_index() makes a column of the index, and the frame has a column of that name already: "
        ".reset_index(drop=True) drops the index instead, or group with as_index=False.",
    ),
    (
        re.compile(r"unsupported format string passed to (?:Series|DataFrame|numpy\.ndarray)\.__format__"),
        "a number format (such as {x:.2f}) takes one number, and it was given a whole column or frame (a "
        "value per row): reduce it to one value first (.sum(), .mean(), .iloc[0]), or print it without the format.",
    ),
)
# A key used on what is not a record: the keys of a dict iterated over, a row that is an array.
_NOT_A_RECORD = re.compile(r"(string|list) indices must be integers|'(?:str|list)' object has no attribute 'get'")
_READ_FAIL = re.compile(r"ParserError|Error tokenizing data|UnicodeDecodeError|EmptyDataError|BadZipFile|XLRDError")
# A described file's JSON read by hand: a nested dict given to pd.DataFrame, its text taken for a path.
_BY_HAND = re.compile(r"Mixing dicts with non-Series|Invalid file path or buffer object type|File name too long")
# A word among numbers or durations ('DNF', 'n/a'): pandas names it.
_WORD_AMONG = (
    (re.compile(r"Could not convert '([^']{1,40})' to NumPy timedelta"), "durations", "pd.to_timedelta"),
    (re.compile(r"Unable to parse string '([^']{1,40})'"), "numbers", "pd.to_numeric"),
    (re.compile(r"time data \"([^\"]{1,40})\" doesn't match"), "dates", "pd.to_datetime"),
)


# A first row taken of nothing: `df[...].iloc[0]`, `.values[0]`, `.index[0]` after a filter that kept no row.
_EMPTY = re.compile(
    r"out of bounds for axis 0 with size 0|single positional indexer is out-of-bounds|index 0 is out of bounds"
    r"|^index out of bounds$|of an empty sequence"
)
_ALL_NA = re.compile(r"(?:idxmax|idxmin|argmax|argmin).*(?:all NA|all-NA)|^Encountered all NA values")
# `x = x.method(...)` where the method works in place and returns None.
_ASSIGNED_NONE = re.compile(
    r"^[ \t]*(\w+)\s*=\s*\1\.(?:\w+\([^\n]*inplace\s*=\s*True[^\n]*|(?:append|extend|insert|sort|reverse|update|clear)\(.*)$",
    re.MULTILINE,
)
_NAMED_GROUP = re.compile(r"\(\?P<(\w+)>")  # a regex's named group: a column of str.extract's frame
_USECOLS = re.compile(r"Usecols do not match columns, columns expected but not found: (\[.*?\])(?: \(sheet: (.+)\))?")


class Hints(Aid):
    name = "hints"

    async def after_run(self, turn: TurnState, outcome: Outcome) -> Note | None:
        if not outcome.failed:
            return _installed(turn, outcome)
        if not outcome.error_name:
            return None
        said = (unused_failing(outcome), hint(outcome, turn.files, turn.listing), grouped_as_column(outcome.code))
        text = " ".join(t for t in said if t)
        return Note(text=f"Hint: {text}") if text else None


_INSTALLED = re.compile(r"^(?:Successfully installed|Requirement already satisfied)\b(?![\s\S]*^ERROR:)", re.MULTILINE)


def _installed(turn: TurnState, outcome: Outcome) -> Note | None:
    """After an install that worked, the cell that failed for want of a module, not run since, is
    what comes next (a small model read the install's output as its answer to give, and gave none)."""
    if not outcome.ran or not installs_only(outcome.code) or not _INSTALLED.search(outcome.printed):
        return None  # %pip never raises: a failed install ('ERROR: No matching distribution') is status ok
    earlier = turn.outcomes[: turn.outcomes.index(outcome)] if outcome in turn.outcomes else turn.outcomes
    wanting = next(
        (o for o in reversed(earlier) if o.ran and o.error_name in ("ModuleNotFoundError", "ImportError")), None
    )
    if wanting is None or any(o.ran and not o.failed for o in earlier[earlier.index(wanting) + 1 :]):
        return None
    return Note(
        text=f"Hint: the install worked. The cell that failed with {wanting.error_name}: {wanting.error_value[:120]} "
        "has not run since and can run now: propose it again (as it was, or mended), then answer from its output."
    )


# `df['c'] = df.groupby(...)...mean()`: one row per group, put beside every row of df.
_GROUPED_COLUMN = re.compile(
    r"^[ \t]*(\w+)\[\s*(['\"])([^'\"\n]+)\2\s*\]\s*=\s*\1\.groupby\(.*?\)(?:\[[^\]\n]*\])*"
    r"\.(sum|mean|median|count|size|max|min|std|var|nunique|first|last|agg)\([^()\n]*\)\s*(?:#.*)?$",
    re.MULTILINE,
)


def grouped_as_column(code: str) -> str:
    """A group-by's result (one row per group) assigned as a column of the frame it came from: its
    index is the groups, not the rows, so the column is NaN wherever they do not line up."""
    m = _GROUPED_COLUMN.search(code)
    if not m:
        return ""
    frame, column, how = m.group(1), m.group(3), m.group(4)
    return (
        f"`{frame}[{column!r}] = {frame}.groupby(...)....{how}()` puts one value per group beside the rows of "
        f"{frame}, which line up with no group (NaN). For a value per row use .transform({how!r}); for one row per "
        "group keep the result as its own frame: result = "
        f"{frame}.groupby(...)[...].{how}()."
    )


def _indexed(missing: str, line: str) -> str:
    """The frame `line` takes the column `missing` of (`name['missing']`), or ""."""
    found = re.search(rf"\b([A-Za-z_]\w*)\[\s*['\"]{re.escape(missing)}['\"]", line)
    return found.group(1) if found else ""


def _dropped(missing: str, outcome: Outcome, tables: list[TableProfile]) -> str:
    """A KeyError on a column that a line of the cell above the failing one took out of that frame
    (`.drop(columns=...)`, `del`, `.pop`; a load block's `explode` and `json_normalize` of a list
    column drop it once its items are the rows): which line, and the columns the frame has after it
    where a described table's load makes them."""
    lineno = failing_lineno(outcome)
    lines = outcome.code.splitlines()
    name = _indexed(missing, lines[lineno - 1]) if lineno and lineno <= len(lines) else ""
    if not name:
        return ""
    key = rf"['\"]{re.escape(missing)}['\"]"
    takes = re.compile(
        rf"^\s*{re.escape(name)}\s*=.*\.drop\((?:[^)]*\bcolumns\s*=\s*\[?[^)]*{key}|\s*\[?\s*{key}[^)]*axis\s*=\s*(?:1|'columns'))"
        rf"|^\s*del\s+{re.escape(name)}\[\s*{key}|^\s*{re.escape(name)}\.pop\(\s*{key}"
    )
    for n in range(lineno - 1, 0, -1):
        line = lines[n - 1]
        if re.match(rf"^\s*{re.escape(name)}\s*=(?!=)", line) and not takes.search(line):
            return ""  # the frame was made anew after any drop above: not this
        if takes.search(line):
            made = next((t for t in tables if _squeezed(line) in _squeezed(t.load)), None)
            cols = [c.name for c in made.columns] if made else []
            more = f" ({len(cols)} in all)" if len(cols) > 10 else ""
            after = f" After it `{name}` has the columns {', '.join(map(repr, cols[:10]))}{more}." if cols else ""
            shown = line.strip() if len(line.strip()) <= 160 else line.strip()[:157] + "..."
            return (
                f"line {n} of the cell (`{shown}`) takes {missing!r} out of `{name}`, so from there on `{name}` has no "
                f"column {missing!r}.{after} Use those columns, or take {missing!r} before that line."
            )
    return ""


def _reassigned(missing: str, outcome: Outcome, files: list[FileProfile]) -> str:
    """A KeyError on a frame name the cell assigned a new frame twice (two files' load blocks pasted
    one after the other, each as `df`): the column is of the first, the name holds the second."""
    lineno = failing_lineno(outcome)
    indexed = _indexed(missing, outcome.code.splitlines()[lineno - 1] if lineno else "")
    if not indexed:
        return ""
    try:
        body = ast.parse(outcome.code).body
    except (SyntaxError, ValueError):  # (a null byte: ValueError before Python 3.12)
        return ""
    name = indexed
    made = [  # new frames given the name: not `df = df[...]`, which keeps its columns
        node
        for node in body
        if isinstance(node, ast.Assign)
        and node.lineno < lineno
        and [t.id for t in node.targets if isinstance(t, ast.Name)] == [name]
        and name not in {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
    ]
    tables = [(f, t) for f in files for t in f.tables]

    def table_of(node: ast.Assign) -> tuple[FileProfile, TableProfile] | None:
        made_here = _squeezed(ast.get_source_segment(outcome.code, node.value) or "")
        return next(((f, t) for f, t in tables if (e := _load_expr(t.load)) and _squeezed(e) == made_here), None)

    found = [(node, table_of(node)) for node in made]
    holding = [(node, ft) for node, ft in found if ft and missing in [c.name for c in ft[1].columns]]
    last, last_table = found[-1] if found else (None, None)
    if last is None or last_table is None or not holding or holding[-1][0] is last:
        return ""
    first, (f, t) = holding[-1]
    columns = ", ".join(repr(c.name) for c in last_table[1].columns[:12])
    return (
        f"{missing!r} is a column of the frame line {first.lineno} makes ({_where(f, t)}), but line {last.lineno} "
        f"assigns `{name}` again ({_where(*last_table)}), so from there on `{name}` is that table, whose columns "
        f"are {columns}. Give each frame its own name and use the one that holds what the question asks about."
    )


def _other_frame(missing: str, outcome: Outcome, files: list[FileProfile]) -> str:
    """A KeyError on one frame of the cell for a column of another frame the cell loaded (two
    files' load blocks, then the second file's column taken of the first's frame): which frame holds
    it, and the failing line with that frame in place. A small model told only that the column is
    "of another frame" wrote `df[...]` again, five times over."""
    line = failing_line(outcome)
    name = _indexed(missing, line)
    if not name:
        return ""
    lineno, whole = failing_lineno(outcome), outcome.code
    before = "\n".join(whole.splitlines()[: lineno - 1]) if lineno else whole
    made = re.findall(rf"^[ \t]*{re.escape(name)}\s*=(?!=)(.*)$", before, re.MULTILINE)
    own = frame_table(name, before, files)
    if not made or (own and missing in [c.name for c in own[1].columns]):
        return ""  # a frame of an earlier cell, or one loaded with the column (filtered or grouped since)
    for other in dict.fromkeys(re.findall(r"^[ \t]*([A-Za-z_]\w*)\s*=\s*.*read_\w+\(", whole, re.MULTILINE)):
        held = frame_table(other, whole, files) if other != name else None
        if not held or missing not in [c.name for c in held[1].columns]:
            continue
        if any(re.search(rf"\b{re.escape(other)}\b", m) for m in made):
            return ""  # made from the other frame (a merge, a selection): its columns are another matter
        # The line mended only where every column it takes of the frame is the other's, and by name only
        # (a .loc mixing rows of one frame with a mask of the other would align them silently).
        taken = re.findall(rf"(?<![\w.]){re.escape(name)}\[\s*['\"]([^'\"]+)['\"]", line)
        alone = set(taken) <= {c.name for c in held[1].columns} and not re.search(
            rf"(?<![\w.]){re.escape(name)}\s*\.(?:i?loc|i?at)\b", line
        )
        fixed = re.sub(rf"(?<![\w.]){re.escape(name)}\b(?=\s*\[)", other, line).strip()
        mended = f" That line with it: `{fixed}`" if alone and len(fixed) <= 300 else ""
        what = f" ({own[0]})" if own else ""
        late = not frame_table(other, before, files)
        order = f" The cell loads `{other}` only after this line: load it first." if late else ""
        return (
            f"{missing!r} is a column of `{other}` ({held[0]}), not of `{name}`{what}: take it of `{other}`, "
            f"or merge the two frames on the column they share first.{mended}{order}"
        )
    return ""


def _melted(missing: str, tables: list[TableProfile]) -> str:
    """A KeyError on a column that the melt a table's note offers makes ('period', 'value'): the
    file has periods as columns, and the cell used the long form without making it."""
    for t in tables:
        for note in t.notes:
            if re.search(rf"\b(?:var|value)_name={re.escape(repr(missing))}", note) and "df = df.melt(" in note:
                return (
                    f"{missing!r} is not a column of the file: its periods are columns. The melt in the preview's "
                    f"note makes {missing!r}; run it after the load lines: {note[note.index('df = df.melt(') :]}"
                )
    return ""


def hint(outcome: Outcome, files: list[FileProfile], listing: list[str]) -> str:
    name, value, code = outcome.error_name, outcome.error_value, outcome.code
    tables = [t for f in files for t in f.tables]
    named = [f for f in files if f.name in code]
    # The columns of what the code reads; another file's only when the code names none (it uses a
    # frame an earlier cell loaded): a file described without tables has no columns to offer.
    read = [t for f in named for t in f.tables] if named else tables
    columns = [c for t in read for c in t.columns]
    if name == "KeyError":
        key = _key_value(value)
        if several := _several_columns(key, columns):
            return several
        if said := _unlabelled_rows(key):
            return said
        missing = _missing_key(key)
        names = [c.name for t in read for c in t.columns]
        melted = "" if ".melt(" in code else _melted(missing, read)  # a melt of its own names its columns
        if said := _reassigned(missing, outcome, named) or _other_frame(missing, outcome, named):
            return said
        if said := _dropped(missing, outcome, read):
            return said
        if said := _merge_key_hint(missing, outcome, named) or _items_key(missing, named, code):
            return said
        if said := _unused_load(missing, files, code) or melted:
            return said
        # Unknown columns (a file described without tables) are no ground for sending it to another file;
        # a file of lines loaded by a regex has the columns its named groups make.
        fields = [g for f in named if not f.tables and _extracted(f.load) for g in _NAMED_GROUP.findall(f.load)]
        known = (read or fields) and not _close(missing, names + fields, 0.6)
        said = _key_hint(missing, read, failing_line(outcome)) if read or not fields else _fields_hint(missing, fields)
        return said + ((_elsewhere(missing, files, code) if known else "") or _own_load(code, files))
    if name == "UndefinedVariableError" or (name == "NameError" and ".query(" in failing_line(outcome)):
        return _query_hint(value, failing_line(outcome) or code) or _name_hint(value, _block_for(code, files), code)
    if name == "NameError":
        return _name_hint(value, _block_for(code, files), code)
    if name == "ModuleNotFoundError":
        return _module_hint(value)
    if name == "FileNotFoundError":
        return _inside(value, files) or (f"Files beside the notebook: {', '.join(listing)}." if listing else "")
    # Read as text by open() or json.load, not by its reader (zipfile, gzip, pandas): its bytes.
    by_hand = re.search(r"(?<![\w.])open\(|json\.load\(", code) and not re.search(
        r"zipfile|gzip|bz2|lzma|pd\.read_", code
    )
    packed = [f for f in named if _packed(f.name)] if by_hand else []
    if name in ("UnicodeDecodeError", "JSONDecodeError") and packed:
        f = packed[0]  # no text in another encoding: a latin-1 read of a zip is JSON of nothing
        return f"read {f.name} with its tested load line: {_load_of(f)}" if f.tables else _packed(f.name)
    if name == "JSONDecodeError" and value.startswith("Extra data") and by_hand and not packed:
        if rec := next((f for f in named if f.tables and f.kind != "table"), None):  # records, not a CSV's cell
            return f"read {rec.name} with its tested load line: {_load_of(rec)}"
        return (
            "the text holds more than one JSON document (JSON lines: one object per line): "
            "pd.read_json(path, lines=True), or [json.loads(line) for line in open(path) if line.strip()]."
        )
    if name == "UnicodeDecodeError" and not any(f.tables or f.load for f in named):
        return _encoding_hint(value)  # a file with no tested line (or none described)
    if _READ_FAIL.search(name) or _READ_FAIL.search(value) or (named and _BY_HAND.search(value)):
        target = named or ([] if _BY_HAND.search(value) else files)
        if target and target[0].kind == "text" and not target[0].load and name != "UnicodeDecodeError":
            return _text_hint(target[0])
        return f"read {target[0].name} with its tested load line: {_load_of(target[0])}" if target else ""
    if m := _USECOLS.search(value):
        return _usecols_hint(m.group(1), m.group(2) or "", named)
    if name == "ValueError" and (said := _word_among(value, [c for c in columns if c.name in code])):
        return said
    if name == "ValueError" and (said := _value_of_words(value, columns)):
        return said
    if name == "IntCastingNaNError" or "cannot convert float NaN to integer" in value:
        return (
            "the column holds missing values (NaN, or inf), which a plain int cannot hold: convert with "
            ".astype('Int64') (integers with missing values), or drop or fill them first (.dropna(), .fillna(0); "
            "inf: .replace([np.inf, -np.inf], np.nan))."
        )
    if m := _NOT_A_RECORD.search(value):
        return _record_hint(m.group(1) or "", files, code)
    if name == "AttributeError":
        return _accessor_hint(outcome, columns) or _attribute_hint(value, columns, failing_line(outcome) or code, code)
    if zone := next((advice for pattern, advice in _ZONES if pattern.search(value)), ""):
        return zone
    if zone := next((advice for pattern, advice in _API_MISTAKES if pattern.search(f"{value}\n{code}")), ""):
        return zone
    if "unconverted data remains" in value:
        return (
            "the format= given covers only the start of the text: the values hold more (a day, a time) or several "
            "layouts. Write the whole layout in format=, or pass format='mixed' to read each value as it is."
        )
    if _DATE_PARSE.search(value):
        dated = [c for c in columns if c.name in code and any("date" in n for n in c.notes)]
        how = f" For {dated[0].name!r}: {_date_note(dated[0])}" if dated else ""
        return "The dates are written as text in a layout that was not given: parse them explicitly." + how
    if _FRAME_FOR_COLUMN.search(value):
        extract = ".str.extract(" in code and "expand=False" not in code
        return "a frame (one or more columns) was given where one column is needed" + (
            ": .str.extract(pattern) gives a frame, one column per group; with one group write "
            ".str.extract(pattern, expand=False) for a column, or take one column of it: [0]."
            if extract
            else ": take the one column (frame['c'], or frame.iloc[:, 0]) first."
        )
    if name == "TypeError" and _BITWISE.search(value):  # `a == 1 & b == 2`: & binds first
        joined = next((x for x in code.splitlines() if re.search(r"[&|]", x) and _COMPARISON.search(x)), "")
        return _ambiguous_hint(failing_line(outcome) or joined)
    if name == "TypeError" and (m := _UNSUPPORTED.search(value)):
        if said := _reduced_hint(m[1] or m[2], value, failing_line(outcome) or code):
            return said
    if name == "TypeError" and _MISSING_VALUE.search(value):
        return (
            "a missing value (NaN, which is a float) stands where the code expects text, a list or a record: the rows "
            "without one hold NaN. Skip them first (.dropna() on that column, or `isinstance(v, str)` / "
            "`isinstance(v, (list, dict))` inside the function) before `in`, indexing or looping over a value."
        )
    if _TEXT_NOT_NUMBER.search(value) or (name == "TypeError" and re.search(r"\bstr\b", value)):
        texts = [
            c
            for c in columns
            if c.name in code and c.dtype in ("text", "mixed") and c.notes and not _block_converted(c, code)
        ]
        which = "; ".join(f"{c.name!r} is {c.notes[0]}" for c in texts[:2])
        return (
            "A column still holds text where numbers or dates are needed: convert it first "
            "(pd.to_numeric after cleaning, or pd.to_datetime), then compute." + (f" {which}." if which else "")
        )
    if m := _MERGE_TYPES.search(value):
        a, b, key = m.groups()
        return (
            f"the key {key!r} is {a} in one frame and {b} in the other: give it one type on both sides before the "
            "merge (ids: .astype(str).str.strip() on each; numbers: pd.to_numeric on each)."
        )
    if _UNALIGNED.search(value):
        return (
            "two frames (or a frame and a list) were compared or combined row by row, but their rows are not the "
            "same records in the same order: merge them on the column they share first (pd.merge(a, b, on=key)), "
            "then compare the columns of the merged frame."
        )
    if _AMBIGUOUS.search(value):
        return _ambiguous_hint(failing_line(outcome))
    if _EMPTY.search(value):
        return (
            "a position past the end: the frame or selection is shorter (or narrower) than asked, most often empty "
            "(a filter or lookup that matched no rows). Print its shape, how many rows each condition keeps, and "
            "the values the column really holds."
        )
    if _ALL_NA.search(value):
        return (
            "a group (or the column) holds only missing values (NaN), so it has no largest or smallest: drop the "
            "missing values first (.dropna()), or check why the values are missing (a conversion that failed)."
        )
    if is_api_error(outcome):
        line = failing_line(outcome)
        where = f" The line `{line}`" if line else " That call"
        return f"{where} is rejected by the installed library version ({name}: {value[:160]}). Write it another way."
    return ""


def _record_hint(indexed: str, files: list[FileProfile], code: str) -> str:
    """A loaded structure walked by hand, read as records where it holds none: its table is found
    by the profile, so the tested load line says where it is."""
    what = (
        "a row that is a list (its values by position)"
        if indexed == "list"
        else "a string: looping over a dict gives its keys"
        if indexed == "string"
        else "a value that is not one record"
    )
    head = f"The code used a key on {what}, not on a record."
    if indexed == "string" and (frame := _looped_frame(code)):
        return (
            f"The code used a key on a string: `for ... in {frame}` loops over a DataFrame's column names, not its "
            f"rows. For rows: `for _, row in {frame}.iterrows():`; better, without a loop: compare whole columns, "
            "or merge two frames on a key."
        )
    read = [f for f in files if f.name in code and f.tables]
    if not read:
        return head + " Print the structure's type and first items before indexing it."
    for f in read:  # a column of lists of records that the code walks: the profile's table of its items
        for t in f.tables:
            if (items := exploded(t)) and re.search(rf"['\"]{re.escape(items)}['\"]", code):
                return (
                    f"{head} Each row's {items!r} is a list of records: the table of its items, one row per item "
                    f"with the item's fields as columns, loads so:\n{load_block(f, t)}"
                )
    return f"{head} The table in {read[0].name} loads with its tested load line, then use its columns:\n{_load_of(read[0])}"


def _a_frame(value: ast.expr) -> bool:
    """An expression that gives a frame: a reader's result (but every sheet, or every HTML table: a
    dict or a list of frames), rows picked by a mask (`df[df.a > 1]`, `df[a & b]`) or columns by a list."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
        every = value.func.attr == "read_html" or any(
            k.arg == "sheet_name" and (isinstance(k.value, ast.List) or getattr(k.value, "value", 0) is None)
            for k in value.keywords
        )
        return value.func.attr.startswith("read_") and not every
    if isinstance(value, ast.Subscript):
        key = value.slice
        return isinstance(key, (ast.Compare, ast.List)) or (
            isinstance(key, ast.BinOp) and isinstance(key.op, (ast.BitAnd, ast.BitOr))
        )
    return False


def _looped_frame(code: str) -> str:
    """The name a `for` loop walks that holds a frame: assigned a reader's result, or rows picked by
    a mask or columns by a list (`df[df.a > 1]`, `df[['a', 'b']]`); "" when none."""
    tree = parsed(code)
    if tree is None:
        return ""
    frames = {
        node.targets[0].id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and _a_frame(node.value)
    }
    walked = [n.iter.id for n in ast.walk(tree) if isinstance(n, ast.For) and isinstance(n.iter, ast.Name)]
    return next((name for name in walked if name in frames), "")


# `df['a'] == 'x' & df['b'] == 4`: & applied to 'x' and a column before ==, as pandas words it.
_BITWISE = re.compile(r"Cannot perform '(?:r?and_|r?or_|r?xor)'|operation '(?:r?and_|r?or_|r?xor)' not supported")
# A sum or mean over columns of dates or text, as pandas words it.
_UNSUPPORTED = re.compile(r"does not support operation '(\w+)'|Cannot perform reduction '(\w+)'")
# An aggregate of a whole grouped frame (no column taken): every column is aggregated, dates and names too.
_WHOLE_GROUPS = re.compile(r"\.groupby\((?:[^()]|\([^()]*\))*\)\s*\.(?:sum|mean|median|std|var|prod)\(\s*\)")


def _reduced_hint(op: str, value: str, line: str) -> str:
    """A sum or mean pandas refuses on dates or text: of a whole frame, the columns to aggregate are
    to be taken first; of a column of dates, what dates have; "" for a column of text."""
    what = "dates" if re.search(r"datetime|Timestamp|Datetime", value) else "text"
    if _WHOLE_GROUPS.search(line):
        return (
            f"{op} was applied to every column of a frame, its {what} columns too: take the columns to aggregate "
            f"first, df.groupby(key)['<column>'].{op}() (several: [['a', 'b']]), or pass numeric_only=True."
        )
    if what == "dates":
        return f"a column of dates has no {op}: the span of dates is .max() - .min(); count rows with .size()."
    return ""  # a column of text: the hint on text where numbers are needed


def _ambiguous_hint(line: str) -> str:
    mended = _conditions_parenthesized(line) if line else ""
    if mended and mended != line:
        return (
            f"& and | bind before ==, < and >, and `and`/`or` cannot combine columns: write `{mended}` (each "
            "comparison in parentheses, joined by & or |)."
        )
    return (
        "a column of True/False was used where one True or False is needed: join conditions with & and |, each "
        "comparison in parentheses, not and/or; test a frame with len(df) > 0 or .empty, a column with .any()."
    )


def _conditions_parenthesized(line: str) -> str:
    """`line` with the conditions inside its brackets (or on the right of its `=`) joined by & and |,
    each comparison in parentheses: `df[a == 1 & b == 2]` becomes `df[(a == 1) & (b == 2)]`."""
    spans, stack, quote = [], [], ""
    for i, ch in enumerate(line):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "[":
            stack.append(i)
        elif ch == "]" and stack:
            start = stack.pop()
            if not stack:
                spans.append((start + 1, i))
    mended = line
    for start, end in reversed(spans):
        mended = mended[:start] + ", ".join(_joined(p) for p in _split(mended[start:end], ",")) + mended[end:]
    lhs, eq, rhs = line.partition(" = ")
    return mended if mended != line or not eq else lhs + eq + _joined(rhs)


def _top_level(text: str) -> list[bool]:
    """For each character of `text`: is it outside quotes and brackets?"""
    flags, depth, quote = [], 0, ""
    for ch in text:
        flags.append(not quote and depth == 0 and ch not in "'\"([{)]}")
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
    return flags


def _split(text: str, sep: str) -> list[str]:
    """`text` split at each `sep` outside brackets and quotes."""
    top = _top_level(text)
    cuts = [-1, *(i for i, ch in enumerate(text) if ch == sep and top[i]), len(text)]
    return [text[a + 1 : b].strip() for a, b in zip(cuts, cuts[1:])]


_JOINS = re.compile(r"\s*(&|\|)\s*|\s+(and|or)\s+")


def _joined(condition: str) -> str:
    """`condition` with each comparison joined by &, |, and, or in parentheses (and/or as &/|)."""
    top = _top_level(condition)
    joins = [m for m in _JOINS.finditer(condition) if top[m.start(m.lastindex or 1)]]
    if not joins:
        return condition
    cuts = [(0, 0), *((m.start(), m.end()) for m in joins), (len(condition), len(condition))]
    parts = [condition[a[1] : b[0]].strip() for a, b in zip(cuts, cuts[1:])]
    ops = [{"and": "&", "or": "|"}.get(m.group(m.lastindex or 1), m.group(m.lastindex or 1)) for m in joins]
    wrapped = [f"({p})" if _COMPARISON.search(p) and not (p.startswith("(") and p.endswith(")")) else p for p in parts]
    return wrapped[0] + "".join(f" {op} {p}" for op, p in zip(ops, wrapped[1:]))


def _first_quoted(value: str) -> str:
    m = _QUOTED.search(value)
    return m.group(1) if m else ""


_A_NUMBER = re.compile(r"[-+]?\d+(?:[.,]\d+)?")
# The value a conversion failed on, as pandas and Python quote it.
_FAILED_VALUE = re.compile(
    r"could not convert string to float: '(?P<a>[^'\n]{1,80})'|time data \"(?P<b>[^\"\n]{1,80})\" doesn't match"
    r"|Unable to parse string \"(?P<c>[^\"\n]{1,80})\"|invalid literal for int\(\) with base 10: '(?P<d>[^'\n]{1,80})'"
)


def _value_of_words(value: str, columns: list[ColumnProfile]) -> str:
    """The value a conversion failed on is one the preview shows for a column of plain text (a
    name, a label, a code): that column was converted by mistake, and no cleaning makes it a
    number or a date. Said only of a column the profile found nothing else in, no number among
    its values shown (words among numbers are `_word_among`'s)."""
    m = _FAILED_VALUE.search(value)
    failed = next((g for g in m.groups() if g), "") if m else ""
    if not failed or re.fullmatch(r"[\d\s:.,/+-]+", failed):  # a time or a number written otherwise: not a word
        return ""
    kind = "dates" if m and m["b"] else "numbers"
    for c in columns:
        shown = (*c.samples, *c.values)
        if (
            c.dtype in ("text", "mixed")
            and not c.holds
            and failed in shown
            and not any(map(_A_NUMBER.fullmatch, shown))
        ):
            return (
                f"{failed!r} is a value of the column {c.name!r}, which holds text, not {kind}: leave that column "
                f"out of the conversion, and convert only the column that holds the {kind} the question needs."
            )
    return ""


def _word_among(value: str, used: list[ColumnProfile]) -> str:
    """A word among numbers, durations or dates ('DNF', 'n/a'), which pandas names while converting:
    no cleaning makes it one, so errors='coerce'. Only where the values around it convert: pandas
    met it past the first value, or the profile of a column the code uses shows it beside values
    with digits. A column of words is not to be coerced away, nor a number written as text."""
    for pattern, kind, how in _WORD_AMONG:
        m = pattern.search(value)
        word = next((g for g in m.groups() if g), "") if m else ""
        if not word or re.search(r"\d", word):
            continue
        later = (at := re.search(r"at position (\d+)", value)) is not None and int(at.group(1)) > 0
        beside = any(word in c.values and any(re.search(r"\d", v) for v in c.values) for c in used)
        if later or beside:
            return (
                f"{word!r} is a word among the {kind}: convert with {how}(col, errors='coerce'), which makes such "
                "words missing (NaN), then decide whether those rows count."
            )
    return ""


def _key_value(value: str) -> object:
    """A KeyError's key as Python wrote it (`'a'`, `"it's"`, a tuple), else its text unquoted."""
    try:
        return ast.literal_eval(value.strip())
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return value.strip().strip("'\"")


def _several_columns(key: object, columns: list[ColumnProfile]) -> str:
    """`df['a', 'b']` looks up one column named by the tuple ('a', 'b'); several columns are a list."""
    names = {c.name for c in columns}
    if not isinstance(key, tuple) or len(key) < 2 or not all(isinstance(k, str) and k in names for k in key):
        return ""
    return (
        f"df[{', '.join(map(repr, key))}] asks for one column named by the pair {key!r}: for several columns, give "
        f"a list, df[[{', '.join(map(repr, key))}]]."
    )


def _missing_key(key: object) -> str:
    """The key a KeyError names, or the first of a list pandas quotes inside its message
    (`"None of [Index(['a', 'b'], dtype='str')] are in the [columns]"`, `"['a'] not in index"`,
    `'Column not found: a'`)."""
    if not isinstance(key, str):
        return str(key)
    if m := _KEY_LIST.search(key):
        listed = m.group(1) or m.group(2)
        return _first_quoted(listed) or listed
    return key.removeprefix("Column not found: ").strip()


_KEY_LIST = re.compile(r"^None of \[Index\(\[(.*?)\]|^\[(.*?)\] not in index", re.DOTALL)
# `'x' in v`, `v[0]`, `for a in v` where a row holds NaN (a float) instead of text, a list or a record.
_MISSING_VALUE = re.compile(  # Python 3.14 says "is not a container or iterable"
    r"argument of type 'float' is not (?:a container or )?iterable|'float' object is not (?:iterable|subscriptable)"
)


def _unlabelled_rows(key: object) -> str:
    """`df[values]` whose values are no column names (NaN, numbers, True/False with NaN among them):
    a mask that is not all True/False, read by pandas as labels to look up."""
    m = _KEY_LIST.search(key) if isinstance(key, str) else None
    listed = (m.group(1) if m.group(1) is not None else m.group(2)) if m else ""
    if not listed or "'" in listed or '"' in listed or not re.search(r"\b(?:nan|True|False)\b", listed):
        return ""  # row labels looked up with .loc ([2019, 2020]) are another matter
    shown = ", ".join(listed.replace("\n", " ").split(",")[:3]).strip()
    return (
        f"the frame was indexed with values ({shown}, ...) that are not column names: pandas reads df[...] of a list "
        "as columns to take. To keep rows, index with a mask of True/False (df[df['c'] == v]); a condition made with "
        ".apply or .map that gives NaN on some rows needs .fillna(False) first."
    )


_MERGE_CALL = re.compile(r"(?:\bpd\.merge\(\s*(\w+)\s*,\s*|\b(\w+)\.merge\(\s*)(\w+)")


def _merge_key_hint(missing: str, outcome: Outcome, named: list[FileProfile]) -> str:
    """A merge on a key one of its two frames lacks: `on=` names a column of one table only, and
    the model, told only that the column exists, merges on it again. Which frame's table has the
    key and which has not (with its columns), when the line that raised is that merge and each
    frame was loaded from a described table in the cell; "" otherwise (a misspelt key, a key an
    earlier step dropped: the usual hint says those better)."""
    n = failing_lineno(outcome, innermost=True)
    line = outcome.code.splitlines()[n - 1] if n else ""
    call = _MERGE_CALL.search(line)
    if not call or not re.search(rf"\bon\s*=\s*\[?[^)=]*['\"]{re.escape(missing)}['\"]", _call_args(line, call.end())):
        return ""
    frames = [frame_table(name, outcome.code, named) for name in (call.group(1) or call.group(2), call.group(3))]
    if None in frames:
        return ""
    (lw, left), (rw, right) = frames  # type: ignore[misc]
    has = [missing in [c.name for c in t.columns] for t in (left, right)]
    if has.count(True) != 1:
        return ""
    (hw, _), (lacks, t) = ((lw, left), (rw, right)) if has[0] else ((rw, right), (lw, left))
    return (
        f"a merge on {missing!r} needs a column of that name in both frames: {hw} has it, {lacks} has not (its "
        f"columns: {', '.join(repr(c.name) for c in t.columns[:30])}). Name each side's own column, the two that "
        "hold the same values: left.merge(right, left_on='<left column>', right_on='<right column>')."
    )


def _call_args(line: str, start: int) -> str:
    """The text of a call's arguments, from `start` (inside its parentheses) to the one that closes it."""
    depth = 1
    for i in range(start, len(line)):
        depth += {"(": 1, ")": -1}.get(line[i], 0)
        if depth == 0:
            return line[start:i]
    return line[start:]


def frame_table(name: str, code: str, named: list[FileProfile]) -> tuple[str, TableProfile] | None:
    """The described table a frame of the cell was loaded from (`name = pd.read_...(...)`), by the
    last line that assigns it from a reader."""
    assigned = re.findall(rf"^[ \t]*{re.escape(name)}\s*=\s*(.*read_\w+\(.*)$", code, re.MULTILINE)
    if not assigned:
        return None
    line = assigned[-1]
    for f in named:
        if ("read_sql" not in line) if f.kind == "database" else (f.name not in line):
            continue
        for t in f.tables:
            if (len(f.tables) == 1 and f.kind != "database") or _loads(t, line, _squeezed(line), f):
                return _where(f, t), t
    return None


def _loads(t: TableProfile, code: str, flat: str, f: FileProfile | None = None) -> bool:
    """The code loads this table: with its tested line, or by its sheet or table name (any case
    for a database's: SQL does not tell them apart)."""
    tested = (e := _load_expr(t.load)) and _squeezed(e) in flat
    case = re.IGNORECASE if f is not None and f.kind == "database" else 0
    return bool(tested or (t.name and re.search(rf"(?<![\w-]){re.escape(t.name)}(?![\w-])", code, case)))


def _variable(name: str) -> str:
    """A frame's name for a table or sheet: `Region Managers` region_managers, `2023` sheet_2023."""
    word = re.sub(r"\W+", "_", name.lower()).strip("_")
    named = word.isidentifier() and not keyword.iskeyword(word) and word != LOOP
    return word if named else f"sheet_{word}".rstrip("_")


def _where(f: FileProfile, t: TableProfile) -> str:
    part = "sheet" if f.kind == "workbook" else "table"
    return f"the {part} {t.name!r} of {f.name}" if t.name else f.name


def _key_hint(missing: str, tables: list[TableProfile], line: str = "") -> str:
    if not tables:
        return f"There is no key {missing!r}: print df.columns (or the keys) to see the exact names; they are case-sensitive."
    for t in tables:
        names = [c.name for c in t.columns] + t.unprofiled
        if missing in names:
            indexed = re.search(rf"([\w.]+)\[\s*['\"]{re.escape(missing)}['\"]", line)
            what = f" (`{indexed.group(1)}`)" if indexed else ""
            line_ = _reader_line(t.load)
            line_ = line_ if len(line_) <= 120 else line_[:117] + "..."  # a log's regex is no help here
            return (
                f"{missing!r} is a column of the file as loaded by `{line_}`, but not of the object "
                f"this line indexes{what} (a grouped or filtered result, or another frame): print its columns first."
            )
        inner = [n for n in names if n.endswith("." + missing)]
        if inner:
            return f"The records are nested: after pd.json_normalize the column is {inner[0]!r}."
        outer = [n for n in names if n.startswith(missing + ".")]
        if outer:  # a record flattened: no column of its own, one per inner key
            return (
                f"There is no column {missing!r}: its records were flattened into one column per inner key: "
                f"{', '.join(repr(n) for n in outer[:12])}. Use the one that holds what you need."
            )
    t = next((t for t in tables if _close(missing, [c.name for c in t.columns] + t.unprofiled, 0.6)), tables[0])
    names = [c.name for c in t.columns] + t.unprofiled  # the table meant: the one with a close name
    close = _close(missing, names, 0.6)
    listed = ", ".join(repr(n) for n in names[:30])
    return (
        f"There is no column {missing!r}"
        + (f"; did you mean {close!r}?" if close else ".")
        + f" The columns are exactly: {listed}."
        + (_corrected(line, missing, close) if close else _as_value(missing, t))
    )


def _extracted(load: str) -> bool:
    """The load makes its frame of a regex's groups alone (str.extract): its columns are those groups
    (an event log's load adds a column per key=value key, through groupdict or a frame of dicts)."""
    return ".str.extract(" in load and "groupdict" not in load and "pd.DataFrame(" not in load


def _fields_hint(missing: str, fields: list[str]) -> str:
    listed, close = ", ".join(repr(n) for n in dict.fromkeys(fields)), _close(missing, fields, 0.6)
    meant = f"; did you mean {close!r}?" if close else "."
    return f"There is no column {missing!r}{meant} The columns the file's load line makes are exactly {listed}."


def _corrected(line: str, missing: str, close: str) -> str:
    """The failing line with the close name in place of the missing one: a small model told the
    name wrote the line it had again, unchanged, three times."""
    if re.search(r"['\"\\]", close):  # written inside the old quotes, it would not parse
        return ""
    fixed = re.sub(rf"(['\"]){re.escape(missing)}\1", lambda m: m[1] + close + m[1], line)
    return f" That line with it: `{fixed.strip()}`" if fixed != line and len(fixed) <= 300 else ""


def _as_value(missing: str, table: TableProfile) -> str:
    """Where the missing key (or a word of it) is a value of a column: the table is long (one row
    per item and measure), so what was taken for a column is a set of rows to select."""
    said = {w for w in re.split(r"[\W_]+", missing.lower()) if len(w) > 2} | {missing.lower()}
    for c in table.columns:
        found = next((v for v in c.values if v.lower() in said), None)
        if found is not None:
            numbers = [n.name for n in table.columns if n.dtype in ("int", "float") and n.name != c.name]
            then = f", then use {numbers[0]!r}" if len(numbers) == 1 else ""
            keys = [k.name for k in table.columns if k.dtype == "text" and k.name != c.name]
            # Two of its values side by side (a ratio, a difference) need one row per item, not a selection.
            pivot = (
                f"; to use {found!r} beside another of its values ({', '.join(repr(v) for v in c.values[:4])}), "
                f"one column each: df.pivot_table(index={keys[:4]!r}, columns={c.name!r}, values={numbers[0]!r}, "
                "aggfunc='sum').reset_index()"
                if len(numbers) == 1 and keys and len(c.values) >= 2
                else ""
            )
            return (
                f" {found!r} is a value of the column {c.name!r}, not a column: select those rows first, "
                f"df[df[{c.name!r}] == {found!r}]{then}{pivot}."
            )
    return ""


def _name_hint(value: str, block: str, code: str = "") -> str:
    m = _UNDEFINED.search(value)
    name = m.group(1) if m else ""
    if name in _IMPORTS:
        return f"add `{_IMPORTS[name]}` at the top of the cell."
    if name and callable(getattr(math, name, None)) and re.search(rf"(?<![\w.]){name}\s*\(", code):
        return (
            f"{name} is in the math module: add `from math import {name}` at the top of the cell (it takes single "
            "numbers: for whole columns, numpy's function of that name)."
        )
    if name and (own := _misspelt(name, _assigned(code))):
        how = "names are case-sensitive" if own.lower() == name.lower() else "a misspelling"
        return f"{name!r} is not defined, but the cell defines {own!r} ({how}): write {own!r}."
    if name in _assigned(code) and _used_before(code, name):
        return f"{name!r} is used before the line of this cell that defines it: define it first."
    if block:
        return (
            f"{name!r} is not defined: nothing is loaded yet (a cell that failed defines nothing, and the data files "
            f"are only described). Start the cell with:\n{block}"
        )
    return f"{name!r} is not defined: a cell that failed defines nothing; define it in this cell."


def _assigned(code: str) -> list[str]:
    """The names the code itself binds: assigned, defined, imported, looped over."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    names |= {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    names |= {
        (a.asname or a.name).split(".")[0]
        for n in ast.walk(tree)
        if isinstance(n, (ast.Import, ast.ImportFrom))
        for a in n.names
    }
    return sorted(names)


def _misspelt(name: str, names: list[str]) -> str:
    """The name of `names` that `name` misspells: the same but for case, or one letter changed, added
    or dropped inside it (`totl`, `total`); not a name that adds to it (`df2`, `dfs`, `totals` are
    other frames made from `df`, `total`: the name missing is the one never loaded)."""
    for other in names:
        if other != name and other.lower() == name.lower():
            return other
    for other in names:
        short, long = sorted((name, other), key=len)
        if other == name or long.startswith(short) or long.endswith(short) or len(long) - len(short) > 1:
            continue
        if len(short) >= 4 and difflib.SequenceMatcher(None, name, other).ratio() >= 0.85:
            return other
    return ""


def _used_before(code: str, name: str) -> bool:
    """Whether the code reads `name` on a line above the first that assigns it (`df = df[...]`,
    one line, is no such use: the name was never there)."""
    nodes = [n for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Name) and n.id == name]
    stored = min((n.lineno for n in nodes if isinstance(n.ctx, ast.Store)), default=0)
    return any(isinstance(n.ctx, ast.Load) and n.lineno < stored for n in nodes)


def _query_hint(value: str, line: str) -> str:
    """A name inside .query() that is the start of a column name with a dot or a space in it
    ('properties.mag'): query reads `properties` as a variable unless the name is in backticks."""
    m = _UNDEFINED.search(value)
    query = _QUERY.search(line)
    if not m or not query:
        return ""
    expr = query.group(2)
    whole = re.search(rf"(?<![\w`.]){re.escape(m.group(1))}(?:\.\w+)+", expr)
    if not whole:
        return ""
    quote = '"' if query.group(1) == "'" else "'"
    fixed = expr.replace(whole.group(0), f"`{whole.group(0)}`")
    return (
        f"inside .query() a name with a dot is read as a variable and its attribute: write the column "
        f"{whole.group(0)!r} in backticks, .query({quote}{fixed}{quote}), or select without query: "
        f"df[df[{whole.group(0)!r}] ...]."
    )


def _close(missing: str, names: list[str], cutoff: float) -> str | None:
    """The name of `names` that `missing` means: the same but for case, else the closest spelling."""
    return {n.lower(): n for n in names}.get(missing.lower()) or next(
        iter(difflib.get_close_matches(missing, names, 1, cutoff)), None
    )


def _elsewhere(missing: str, files: list[FileProfile], code: str) -> str:
    """A missing column that another described file has, which the code does not read: a join."""
    for f in files:
        if f.name in code:
            continue
        for t in f.tables:
            found = _close(missing, [c.name for c in t.columns], 0.8)
            if found:
                block, _ = _block_as_own_frame(f, t)
                return (
                    f" {found!r} is a column of {f.name}, which this code does not read: load it too, as another "
                    f"frame, and merge the two on the column they share.\n{block}"
                )
    return ""


def _block_as_own_frame(f: FileProfile, t: TableProfile, taken: str = "") -> tuple[str, str]:
    """`t`'s load block with its frame named as the join lines and the opening name it (`sales_df`),
    beside another file's frame (named `taken`), and that name."""
    name = own_frame(f.name, t)
    if name in _SHADOWED or keyword.iskeyword(name) or hasattr(builtins, name):
        name += "_df"
    if name == taken:
        name += "_2"
    return re.sub(r"\bdf\b", name, load_block(f, t)), name


# Names a load block or a cell uses for what is not a frame: a frame of the same name would hide them.
_SHADOWED = {LOOP, "df", "pd", "np", "re", "io", "os", "sys", "json", "math", "zipfile", "gzip", "ET", "con", "sqlite3"}


def _reader_line(load: str) -> str:
    """The line of a load block that makes its frame (`df = ...`, else its first assignment of a
    reader's result), not a conversion after it, nor what it reads from (`archive =
    zipfile.ZipFile(...)`: every member's; `text = open(...)`: the text a frame is built of)."""
    lines = load.splitlines()
    assigned = [line for line in lines if "=" in line]
    made = [line for line in assigned if re.match(r"df\s*=", line)] or [line for line in assigned if "read_" in line]
    return (made or assigned or lines or [""])[0]


def _load_expr(load: str) -> str:
    """What the first assignment of a load block assigns (`pd.read_sql(...)`), "" when none."""
    return _reader_line(load).partition("=")[2].strip()


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text).replace('"', "'")


def _items_key(missing: str, files: list[FileProfile], code: str) -> str:
    """A column of a table of items (a row per item of the records' lists: a race's results, an
    over's balls) used on the records, whose lists the code never unfolds: that table's block. The
    usual hint (a column of the file, not of the object indexed) sent the model to print columns."""
    for f in files:
        plain = {c.name for t in f.tables if not exploded_all(t) for c in t.columns}
        for t in f.tables:
            lists = exploded_all(t)
            if not lists or missing in plain or missing not in {c.name for c in t.columns}:
                continue
            if all(re.search(rf"\.explode\(\s*['\"]{re.escape(i)}['\"]", code) for i in lists):
                continue  # the code makes these rows: the object indexed is another
            path = " of ".join(repr(i) for i in reversed(lists))
            return (
                f"{missing!r} is a column of the table {t.name!r}: one row per item of {path} (lists inside the "
                f"records), not of the records this code loads. Load that table so:\n{load_block(f, t)}"
            )
    return ""


def _unused_load(missing: str, files: list[FileProfile], code: str) -> str:
    """A column of a described table whose tested load line the code does not use (it reads the
    file its own way: another sheet's header row, no sheet): that table's lines, to start from."""
    flat = _squeezed(code)
    for f in files:
        for t in f.tables:
            expr = _load_expr(t.load)
            if f.name in code and expr and missing in [c.name for c in t.columns] and _squeezed(expr) not in flat:
                where = f"sheet {t.name!r} of {f.name}" if f.kind == "workbook" and t.name else f.name
                loaded = [o for o in f.tables if o is not t and _loads(o, code, flat, f)]
                if any(missing in [c.name for c in o.columns] for o in loaded):
                    continue  # a table the code loads has it: the object indexed is another (the usual hint)
                if loaded and not _loads(t, code, flat, f):  # another table of the file, not this one read wrongly
                    block = re.sub(r"\bdf\b", _variable(t.name), load_block(f, t))
                    shared = [c.name for c in t.columns if c.name in {o.name for o in loaded[0].columns}]
                    return (
                        f"{missing!r} is a column of {_where(f, t)}, which this code does not load (it loads "
                        f"{loaded[0].name!r}): load that one too, as another frame, and merge the two on the column "
                        f"they share{f' ({shared[0]!r})' if shared else ''}.\n{block}"
                    )
                if said := _one_reader_for_two(missing, f, t, files, code):
                    return said
                return (
                    f"{missing!r} is a column of {where} as its tested load lines read it; this code reads the file its own "
                    f"way (another sheet, header row or reader), so its columns differ. Start from:\n"
                    f"{load_block(f, t)}"
                )
    return ""


# A reader called with a variable, not a file's name: one function (`load(path)`) for several files.
_READ_BY_NAME = re.compile(r"\b(?:pd\.)?read_\w+\(\s*[A-Za-z_]\w*\s*[,)]")


def _one_reader_for_two(missing: str, f: FileProfile, t: TableProfile, files: list[FileProfile], code: str) -> str:
    """The code reads files by one set of lines (a reader given a variable) and names another file
    that lacks the column `f`'s table has: those lines, fitted to `f`, were applied to that file."""
    through = _READ_BY_NAME.search(code)
    tree = parsed(code)
    # The files the cell's own functions are given by name (`load('ledger.csv')`).
    given = {
        a.value
        for n in (ast.walk(tree) if tree else [])
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
        for a in n.args
        if isinstance(a, ast.Constant)
    }
    lacking = [
        o
        for o in files
        if o is not f
        and o.name in given
        and o.tables
        and all(missing not in (c.name for c in x.columns) for x in o.tables)
    ]
    if not through or not lacking:
        return ""
    o = lacking[0]
    block, name = _block_as_own_frame(f, t)
    own = _block_as_own_frame(o, o.tables[0], name)[0].replace("import pandas as pd\n", "")
    columns = ", ".join(repr(c.name) for c in o.tables[0].columns[:8])
    return (
        f"{missing!r} is a column of {f.name} only. This code reads every file by the same lines "
        f"(`{through.group(0)}...`), fitted to {f.name}; {o.name} is laid out otherwise and has no {missing!r} "
        f"(its columns: {columns}). Load each file with its own tested lines, into a frame of its own:\n"
        f"{block}\n{own}"
    )


_COMPRESSED = {".gz": "gzip", ".bz2": "bz2", ".xz": "lzma"}


def _packed(name: str) -> str:
    """What to say of a file that is compressed bytes, not text ("" for any other): open() reads
    the bytes, and json.load or a decode fails on them whatever the encoding."""
    suffix = PurePosixPath(name).suffix.lower()
    if suffix == ".zip":
        return (
            f"{name} is a zip archive, not text: open() reads its compressed bytes. Open its members: "
            f"`import zipfile; archive = zipfile.ZipFile({name!r})`; `archive.namelist()` lists them and "
            "`archive.open(member)` opens one for json.load, pd.read_csv or .read()."
        )
    if module := _COMPRESSED.get(suffix):
        return (
            f"{name} is compressed ({module}), not text: `{module}.open({name!r}, 'rt')` reads its text, and "
            "pandas' readers take the name as it is."
        )
    return ""


def _encoding_hint(value: str) -> str:
    if re.search(r"byte 0xf[ef] in position 0", value):  # a UTF-16 byte-order mark
        return "the file is UTF-16 (it starts with a byte-order mark): open it with encoding='utf-16'."
    return (  # latin-1 reads any byte
        "the file is not UTF-8: give its encoding, open(path, encoding='latin-1') or pd.read_...(path, "
        "encoding='latin-1') (or the encoding its first line declares)."
    )


def _usecols_hint(wanted: str, sheet: str, named: list[FileProfile]) -> str:
    """usecols= named columns the table (as read) lacks: its tested lines and columns."""
    for f in named:
        table = next((t for t in f.tables if t.name == sheet), None) if sheet else next(iter(f.tables), None)
        if table is not None:
            listed = ", ".join(repr(c.name) for c in table.columns[:30])
            return (
                f"{wanted} are not columns of {_where(f, table)} as read (a header row elsewhere, other names). Load it "
                f"with its tested lines, then select the columns you need. Its columns: {listed}.\n{load_block(f, table)}"
            )
    return "usecols named columns the file, as read, does not have: load it without usecols and print df.columns."


def _own_load(code: str, files: list[FileProfile]) -> str:
    """When the code reads a described file with a reader call of its own (no sheet, no header
    row, another separator), its frame is not the one described: the tested load line is."""
    flat = _squeezed(code)
    for f in files:
        reader = re.search(rf"read_\w+\(\s*['\"]{re.escape(f.name)}['\"]", code)
        loads = [_squeezed(expr) for t in f.tables if (expr := _load_expr(t.load))]
        if reader and loads and not any(load in flat for load in loads):
            return (
                f" The code reads {f.name} its own way, not with its tested load line, so its columns differ from "
                f"those described. Start from:\n{load_block(f, f.tables[0])}"
            )
    return ""


def _block_for(code: str, files: list[FileProfile]) -> str:
    """The complete load lines of the file the code reads (named, or its load line used), else of
    the first file described."""

    def reads(f: FileProfile) -> bool:
        return f.name in code or any(expr in code for t in f.tables if (expr := _load_expr(t.load)))

    tabular = any(f.tables for f in files)
    for f in sorted(files, key=lambda f: not reads(f)):
        if f.tables:
            return load_block(f, f.tables[0])
        if f.load and (reads(f) or not tabular):
            return f.load if f.load.startswith("import pandas") else f"import pandas as pd\n{f.load}"
    return ""


def _inside(value: str, files: list[FileProfile]) -> str:
    """A missing file that a described file holds (a member of an archive): read the holder."""
    wanted = PurePosixPath(_first_quoted(value) or value.strip()).name
    for f in files:
        said = " ".join([f.note, f.load, *(n for t in f.tables for n in [t.load, *t.notes])])
        if (
            wanted
            and wanted != f.name
            and f.tables
            and re.search(rf"(?<![\w.-]){re.escape(wanted)}(?![\w-]|\.\w)", said)
        ):
            return f"{wanted} is not beside the notebook: it is inside {f.name}. Read it with:\n{load_block(f, f.tables[0])}"
    return ""


def _module_hint(value: str) -> str:
    m = MISSING_MODULE.search(value)
    module = m.group(1).split(".")[0] if m else ""
    close = difflib.get_close_matches(module, sorted(sys.stdlib_module_names), 1, 0.75)
    if module in sys.stdlib_module_names:
        return f"{module} is part of Python's standard library; nothing needs installing."
    if close:
        return f"Did you mean {close[0]!r}? It is part of Python's standard library (nothing to install)."
    return ""


def _attribute_hint(value: str, columns: list[ColumnProfile], code: str = "", cell: str = "") -> str:
    """`code`: the line that raised (else the cell); `cell`: the whole cell."""
    m = _NO_ATTR.search(value)
    if not m:
        return ""
    owner, attr = m.groups()
    if owner == "NoneType":
        if m := _ASSIGNED_NONE.search(cell or code):
            return (
                f"`{m.group(0).strip()}` assigned None: a method that changes its object in place (inplace=True, "
                "list.append, .sort(), .update()) returns None. Call it without assigning, or assign the result of "
                "the version that returns a value (df = df.dropna())."
            )
        return (
            f"a value here is None, so it has no .{attr}: a lookup found nothing (an XML element's .find() or a "
            "dict's .get() for an element or key some records lack). Test for None first, e.g. "
            f"`x.{attr} if x is not None else None`, or skip those records."
        )
    if owner in ("float", "int") and hasattr(str, attr):
        return (
            f"a value here is a number ({owner}; a missing value is a float NaN), not text, so it has no .{attr}: "
            "that column holds numbers or missing values. Use it as numbers; if you need to tell rows apart "
            "(a unit, a category), test the column that says so."
        )
    kind = owner.rpartition(".")[2]
    if _NUMBER.match(kind) and attr in _DATE_PARTS:
        if ".dt." not in (cell or code):
            return f"this value is a number ({owner}), not a date: convert the column with pd.to_datetime first."
        return (
            f"this is one number ({owner}), not a date or a column: a value taken from a result grouped by "
            f"`.dt.hour` (or .dt.month, .dt.day ...) is that hour or month already. Use it as it is, without .{attr}."
        )
    if kind == "datetime64" and attr in _DATE_PARTS:
        return (
            f"this is one date value ({owner}), not a column: pd.Timestamp(value).hour (or .month ...) gives its parts."
        )
    if owner == "Series" and attr in _DATE_PARTS | {"strftime", "day_name", "month_name", "time"} and attr != "dt":
        part = "isocalendar().week" if attr == "week" else attr  # Series.dt.week is gone from pandas 2
        return (
            f"this is a whole column (a Series), not one date: each date's {attr} comes through .dt, as "
            f"col.dt.{part}; a function given the column gets the whole column too, so use .dt there as well."
        )
    if owner == "Series" and hasattr(str, attr):
        return f"this is a whole column (a Series), not one text: each value's {attr} comes through .str, as col.str.{attr}."
    if owner == "str" and attr in ("dt", "year", "month", "day"):
        return "the values are text, not dates: convert the column with pd.to_datetime first."
    names = {c.name.lower(): c.name for c in columns}
    if attr.lower() in names:
        return f"{attr!r} is a column: write df[{names[attr.lower()]!r}]."
    if owner in ("DataFrame", "Series") and attr in _REMOVED:
        return f"this pandas has no {owner}.{attr}: use {_REMOVED[attr]}."
    if owner == "DataFrame" and attr in ("str", "dt"):
        fixed = _extract_fixed(code) if attr == "str" else None
        if fixed:  # a small model reads "take [0]" as .str[0]: show the line mended
            before, after = fixed
            return (
                "str.extract returns a DataFrame, one column per group (0, 1, ...), so .str after it fails: "
                f"select the group's column with [0]. Write `{after}` instead of `{before}`."
            )
        return (
            f".{attr} works on one column (a Series), and this is a DataFrame: str.extract returns one column "
            "per group (take [0], or pass expand=False), and df[['a']] is a frame (write df['a'])."
        )
    if "accessor" in value or attr in ("str", "dt"):
        return "the .str accessor is for text and .dt for dates: check the column's type in the preview."
    close = difflib.get_close_matches(attr, list(names.values()), 1, 0.7)
    return f"did you mean the column {close[0]!r}? Write df[{close[0]!r}]." if close else ""


_EXTRACT_STR = re.compile(r"(\.str\.extract\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))\.str\[")  # two levels of (...)
_STR_ON = re.compile(r"\[\s*['\"]([^'\"]+)['\"]\s*\]\.(str|dt)\b")


# What durations have and dates do not, asked of dates (`df['start'].dt.days`).
_SPAN_OF_DATES = re.compile(r"'DatetimeProperties' object has no attribute '(days|total_seconds|seconds|components)'")


def _accessor_hint(outcome: Outcome, columns: list[ColumnProfile]) -> str:
    """`.str` on a column that is not text, `.dt` on one that is not dates yet (or no longer)."""
    value, code = outcome.error_value, outcome.code
    accessor = "str" if "Can only use .str accessor" in value else "dt" if "Can only use .dt accessor" in value else ""
    if m := _SPAN_OF_DATES.search(value):
        return (
            f".dt.{m[1]} is of durations (timedelta), and this column holds dates: subtract one date from another "
            f"first, (later - earlier).dt.{m[1]}{'()' if m[1] == 'total_seconds' else ''}; a date's own parts are "
            ".dt.year, .dt.month, .dt.day, .dt.hour."
        )
    if not accessor:
        return ""
    line = failing_line(outcome)
    before = code[: code.find(line)] if line else ""
    again = [c for c, a in _STR_ON.findall(line) if a == "dt" and converted(c, before)]
    if accessor == "dt" and again:
        return (
            f"the line `{line}` uses .dt on values that are not datetimes any more, although the cell converted "
            "them before: .dt.date, .apply or a group-by key leave Python dates or text (object dtype). Use those "
            "values as they are, or keep the datetime column and take .dt from it."
        )
    types = {c.name: c for c in columns}
    used = [types[c] for c, a in _STR_ON.findall(code) if a == accessor and c in types]
    if accessor == "str":
        which = ", ".join(f"{c.name!r} is {_as_loaded(c, before or code)}" for c in used) or "that column is not text"
        return f"{which}: use it as it is (.dt for dates, arithmetic for numbers); do not clean it with .str."
    which = "; ".join(f"{c.name!r}: {_date_note(c) or 'pd.to_datetime(col)'}" for c in used)
    return "the column is not dates yet: convert it with pd.to_datetime first." + (f" {which}." if which else "")


def _extract_fixed(code: str) -> tuple[str, str] | None:
    """The first line of `code` that takes .str[...] of what str.extract returned, and that line mended."""
    for line in code.splitlines():
        mended = _EXTRACT_STR.sub(r"\1[", line)
        if mended != line:
            return line.strip(), mended.strip()
    return None


def converted(column: str, code: str) -> bool:
    """`code` assigns pd.to_datetime(...) or .astype('datetime64') to `column` (of a frame, or as
    `assign(column=...)`), or reads it with parse_dates."""
    name, code = re.escape(column), unfolded(code)
    target = rf"(?:['\"]{name}['\"]\s*\]|\.{name}\b|\b{name})\s*=\s*"  # df['c'], df.loc[:, 'c'], df.c, c=
    return bool(
        re.search(target + r"(?:pd|pandas)\.to_datetime\(", code)
        or re.search(target + r"[^\n]*\.astype\(\s*['\"]datetime64", code)
        or re.search(rf"parse_dates\s*=\s*[\[(][^\])]*['\"]{name}['\"]", code)
    )


def _as_loaded(column: ColumnProfile, code: str) -> str:
    """The column's type once `code` ran: its profile's, unless the code has the load block's line
    that converted it."""
    if _block_converted(column, code):
        return f"{loaded_kind(column.holds)} already (the load block converted it)"
    return column.dtype


def _block_converted(column: ColumnProfile, code: str) -> bool:
    """`code` has the load block's line that converts `column`."""
    return bool(column.converted) and column.converted in unfolded(code)


def _date_note(column: ColumnProfile) -> str:
    return next((n for n in column.notes if "date" in n), "")


def _text_hint(f: FileProfile) -> str:
    """A file of text that no reader makes a table of, read as a table (its lines then split into
    other numbers of fields, line after line)."""
    return (
        f"{f.name} is text that is not a table: no separator splits its lines into the same fields. Read its "
        f"lines (lines = open({f.name!r}, encoding='utf-8-sig').read().splitlines()) and take the values from "
        "them, as its first lines in the preview show them laid out."
    )


def _load_of(f: FileProfile) -> str:
    if f.tables:
        return load_block(f, f.tables[0])
    return f.load or f"open({f.name!r})"
