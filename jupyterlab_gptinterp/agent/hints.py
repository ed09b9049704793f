"""Help for a small model between steps: error hints, repeated code, ungrounded answers.

Pure functions over text. The loop calls them (each behind a `LoopConfig.aids` switch):
- `error_hint`: a short, specific hint after a failed run (the columns that exist after a
  KeyError, the file's first lines after a parser error, `sep='\\t'` for a .tsv, ...);
- `same_code`: a proposal identical (up to comments and whitespace) to one already run this turn;
- `result_check`: a run that worked but printed a result that is wrong on its face (NaN, text
  values joined end to end, nothing found);
- `ungrounded`: numbers in a final answer that appear in no output the model saw.
"""

from __future__ import annotations

import difflib
import io
import re
import tokenize
from collections.abc import Iterable, Sequence

from .files import FilePreview

# A number with a unit in an error's value: '0.19 kg', '500 g', '26.45 lb'.
_UNIT_VALUE = re.compile(r"'\s*-?\d[\d.,]*\s?(?:kg|g|mg|lb|lbs|oz|km|m|cm|mm|mi|ms|s|min|h)\s*'")
MONEY_IDIOM = "df[col].str.replace(r'[$,]', '', regex=True).astype(float)"
UNITS_IDIOM = (
    "The values carry units ('0.19 kg', '500 g'): split the number from the unit and convert each unit, "
    r"e.g. df['kg'] = df[col].str.extract(r'([\d.]+)\s*([^\d\s]+)')"
    ".pipe(lambda p: p[0].astype(float) * p[1].map({'kg': 1, 'g': 0.001, 'lb': 0.45359237}))."
)

_KEY = re.compile(r"KeyError: ['\"]?(.+?)['\"]?\s*$", re.MULTILINE)
_ATTR = re.compile(r"AttributeError: '(?:DataFrame|Series)' object has no attribute '([^']+)'")
_READ = re.compile(r"read_csv\(\s*(?:r|f)?['\"]([^'\"]+)['\"]([^)]*)\)")


def _error_text(result: str) -> str:
    """The error part of a result as `context.result_for_model` words it ("" when it ran fine)."""
    at = result.find("\nError:\n")
    return result[at + 8 :] if at >= 0 else ""


def _last_line(error: str) -> str:
    lines = [line.strip() for line in error.strip().splitlines() if line.strip()]
    return lines[-1] if lines else ""


def error_hint(result: str, code: str, previews: Sequence[FilePreview]) -> str:
    """One or two sentences that point at the cause of the error in `result`, or ""."""
    error = _error_text(result)
    if not error:
        return ""
    last = _last_line(error)
    hints: list[str] = []
    for name, args in _READ.findall(code):
        if name.lower().endswith(".tsv") and "sep" not in args and "delimiter" not in args:
            hints.append(f"{name} is tab-separated: read it with pd.read_csv({name!r}, sep='\\t').")
    missing = None
    if "KeyError" in last:
        found = _KEY.search(last)
        missing = found.group(1) if found else None
    elif (found := _ATTR.search(error)) is not None:
        missing = found.group(1)
    if missing is not None:
        hints.append(_column_hint(missing, code, previews))
    elif "Can only use .str accessor with string values" in last:
        numeric = [c for c in dict.fromkeys(_STR_ON.findall(code)) if _is_number_column(c, previews)]
        which = (
            f"{', '.join(repr(c) for c in numeric)} {'is' if len(numeric) == 1 else 'are'} already numbers"
            if numeric
            else "That column is already numbers"
        )
        hints.append(
            f"{which}: use it as it is; delete the line that cleans it with .str or removes '$' "
            "(clean only the columns the preview calls text)."
        )
    elif "ParserError" in error or "Error tokenizing data" in error or "UnicodeDecodeError" in error:
        named = [p for p in previews if p.name in code] or list(previews)
        for p in named[:1]:
            what = "is a log, not a table: load it with the lines below" if p.log else "is not what read_csv expected"
            hints.append(f"{p.name} {what}. {p.text}")
    elif _UNIT_VALUE.search(last) and ("could not convert" in last or "TypeError" in last):
        hints.append(UNITS_IDIOM)
    elif "could not convert string to float" in last or ("$" in last and ("TypeError" in last or "ValueError" in last)):
        hints.append(f"Some values are text like '$1,234.50': clean them first, e.g. {MONEY_IDIOM}.")
    elif re.search(r"doesn't match format|DateParseError|Unknown datetime string format|time data", last):
        hints.append("The dates are in several formats: use pd.to_datetime(df[col], format='mixed').")
    elif "NameError" in last:
        hints.append(_name_hint(last, code, previews))
    elif "FileNotFoundError" in last and previews:
        hints.append("Data files beside the notebook: " + ", ".join(p.name for p in previews) + ".")
    hints = [h for h in dict.fromkeys(hints) if h]
    return ("Hint: " + " ".join(hints)) if hints else ""


# --- results wrong on their face -------------------------------------------------------------

_OUTPUT = re.compile(r"^Output:\n(.*?)(?=^Error:\n|\Z)", re.DOTALL | re.MULTILINE)
# A value that is not one: the whole last line, or what follows its label ("mean: nan").
_NOTHING = re.compile(r"(?:^|[:=]\s*|\bis\s+)(nan|NaN|None|NaT|<NA>|inf|-inf|\[\]|\{\}|set\(\))\.?\s*$")
# Text values summed: pandas joins strings ("$1,960.16$818.54...", "0.56 kg0.56 kg...").
_JOINED_MONEY = re.compile(r"(?:-?\$[\d,]+(?:\.\d+)?){3,}")
_JOINED_UNITS = re.compile(r"(?:\d+(?:\.\d+)?\s?(?:kg|g|lb|lbs|oz|mg)(?=\d)){3,}")
_EMPTY = re.compile(r"^(?:Empty DataFrame|Series\(\[\],)|\bno\b.{0,60}\bfound\b", re.IGNORECASE | re.MULTILINE)
_WRITES = re.compile(
    r"\.to_(?:csv|parquet|excel|json|pickle|feather|sql|html|xml|hdf)\(|\.savefig\(|\.write\(|open\([^)]*['\"][wax]b?\+?['\"]"
)
_LOADS = re.compile(r"\b(?:pd\.read_\w+|open)\(|\.str\.extract\(")
_SEARCHES = re.compile(r"\bre\.(?:findall|search|match|finditer)|\.str\.(?:contains|extract|match)|\.startswith\(")


def result_check(result: str, code: str) -> str:
    """A note when a run that worked printed a result that cannot be the answer, or ""."""
    found = _OUTPUT.search(result)
    output = found.group(1).strip() if found else ""
    if _error_text(result):
        return ""
    if not output:
        # A small model loads the data in one cell, then has nothing to answer from. (A cell that
        # only defines something may rightly print nothing: only loading data gets the note.)
        if "produced no output" not in result or not _LOADS.search(code) or _WRITES.search(code):
            return ""
        return (
            "Check: the cell loaded data and printed nothing, so there is no result to answer from yet. Its "
            "variables exist in the kernel: run a cell that computes what was asked and prints it."
        )
    last = output.splitlines()[-1].strip()
    money, units = _JOINED_MONEY.search(output), _JOINED_UNITS.search(output)
    if money or units:
        how = UNITS_IDIOM if units else f"For money: {MONEY_IDIOM}."
        return (
            "Check: the output is text values joined end to end, so the column holds text and the sum "
            f"concatenated strings. Convert it to numbers first, then run the calculation again. {how}"
        )
    # The last line, or any line that is nothing but such a value (a warning may follow it).
    if _NOTHING.search(last) or any(_NOTHING.fullmatch(line.strip()) for line in output.splitlines()):
        return (
            "Check: the result is empty or NaN, so it cannot be the answer. Usually a column still holds "
            "text ('$1,234.50', '500 g'), a conversion with errors='coerce' turned every value into NaN, "
            "or a filter matched no rows. Print the intermediate values (df[col].head(), len(rows)), "
            "fix the code and run it again."
        )
    if _EMPTY.search(output) or (last == "0" and _SEARCHES.search(code)):
        return (
            "Check: the search found nothing. The pattern or filter probably does not match the data: "
            "print a few raw lines or rows first, then adjust it."
        )
    return ""


_STR_ON = re.compile(r"\[\s*['\"]([^'\"]+)['\"]\s*\]\.str\b")


def _is_number_column(col: str, previews: Sequence[FilePreview]) -> bool:
    return any(re.search(rf"^  {re.escape(repr(col))}: (?:int|float)\b", p.text, re.MULTILINE) for p in previews)


_UNDEFINED = re.compile(r"name '(\w+)' is not defined")
_IMPORTS = {
    "pd": "import pandas as pd",
    "np": "import numpy as np",
    "plt": "import matplotlib.pyplot as plt",
    "re": "import re",
    "json": "import json",
    "math": "import math",
    "datetime": "import datetime",
}


def _name_hint(last: str, code: str, previews: Sequence[FilePreview]) -> str:
    """A NameError: the import it lacks, or the load lines of the data (a small model takes the
    preview's ready lines for cells that already ran, and starts with `df[...]`)."""
    found = _UNDEFINED.search(last)
    name = found.group(1) if found else ""
    if name in _IMPORTS:
        return f"{name!r} is not defined: add `{_IMPORTS[name]}` at the top of the cell."
    loads = [p for p in previews if p.load]
    used = [p for p in loads if p.name in code] or loads
    if name and used:
        return (
            f"{name!r} is not defined: nothing is loaded yet (the data files are only described, and a cell "
            f"that failed defines nothing). Start the cell with:\nimport pandas as pd\n{used[0].load}"
        )
    return (
        "Variables of a cell that failed were never defined: define them again in this cell (load the data here too)."
    )


def _column_hint(missing: str, code: str, previews: Sequence[FilePreview]) -> str:
    tables = [p for p in previews if p.columns]
    used = [p for p in tables if p.name in code] or tables
    if not used:
        return f"There is no column {missing!r}; print df.columns to see the exact names (they are case-sensitive)."
    p = used[0]
    cols = ", ".join(repr(c) for c in p.columns)
    text = f"There is no column {missing!r}. The columns of {p.name} are exactly: {cols}."
    lower = {c.lower(): c for c in p.columns}
    close = lower.get(missing.lower()) or next(iter(difflib.get_close_matches(missing, p.columns, 1, 0.6)), None)
    if close and close != missing:
        text += f" Did you mean {close!r}?"
    return text


def only_comments(code: str) -> bool:
    """True when every line of `code` is blank or a comment: running it does nothing (a small
    model wrote `# %pip install pandas` for the hint's install line, ran it, and then made up a
    total)."""
    return all(not line.strip() or line.lstrip().startswith("#") for line in code.splitlines())


def pasted_output(code: str, result: str) -> bool:
    """True when `code` is a copy of (part of) the output in `result`, not code: a small model
    pastes the last output into a python block, and running it fails or echoes it back."""
    found = _OUTPUT.search(result)
    output = " ".join(found.group(1).split()) if found else ""
    mine = " ".join(code.split())
    if len(mine) < 3 or mine not in output:
        return False
    try:  # code that the last cell happened to print (a name, a line of source) is still code
        compile(code, "<proposal>", "exec")
        return mine == output
    except (SyntaxError, ValueError):
        return True


def normalise_code(code: str) -> str:
    """The code without comments, blank lines and layout, for spotting a repeat."""
    try:
        tokens = [
            t.string
            for t in tokenize.generate_tokens(io.StringIO(code.strip() + "\n").readline)
            if t.type
            not in (
                tokenize.COMMENT,
                tokenize.NL,
                tokenize.NEWLINE,
                tokenize.INDENT,
                tokenize.DEDENT,
                tokenize.ENDMARKER,
            )
        ]
        return " ".join(tokens).replace('"', "'")
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return " ".join(line.split("#")[0].strip() for line in code.splitlines() if line.strip()).replace('"', "'")


def same_code(code: str, earlier: Iterable[str]) -> str | None:
    """The earlier code that `code` repeats (up to comments and whitespace), or None."""
    mine = normalise_code(code)
    return next((old for old in earlier if normalise_code(old) == mine), None)


# --- grounding ---------------------------------------------------------------------------------

_FENCE = re.compile(r"```[^\n]*\n.*?```", re.DOTALL)
_LIST_MARK = re.compile(r"^\s*\d+[.)]\s", re.MULTILINE)
_NUM = re.compile(r"(?<![\w.])[-−]?\$?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w])")


def _numbers(text: str) -> list[tuple[str, float, int]]:
    """(as written, value, decimals) for each number in `text`."""
    out = []
    for raw in _NUM.findall(text):
        clean = raw.replace("$", "").replace(",", "").replace("−", "-")
        try:
            value = float(clean)
        except ValueError:
            continue
        decimals = len(clean.split(".")[1]) if "." in clean and "e" not in clean.lower() else 0
        out.append((raw, value, decimals))
    return out


def ungrounded(answer: str, seen: Iterable[str]) -> list[str]:
    """Numbers of `answer` (code blocks and list markers aside) found in none of the `seen` texts,
    allowing for rounding, thousands separators and a ratio shown as a percentage."""
    prose = _LIST_MARK.sub(" ", _FENCE.sub(" ", answer))
    wanted = _numbers(prose)
    if not wanted:
        return []
    values = {v for text in seen for _, v, _ in _numbers(text)}
    missing = []
    for raw, value, decimals in wanted:
        unit = 10.0**-decimals  # the answer may round or truncate what it saw to its last digit

        def near(v: float, value: float = value, unit: float = unit) -> bool:
            return abs(v - value) < unit or abs(v - value) <= 1e-5 * abs(value)

        if not any(near(v) or near(100 * v) for v in values):
            missing.append(raw.strip())
    return list(dict.fromkeys(missing))


_PRINT_ARGS = re.compile(r"\bprint\(([^()]*)\)")
_STRINGS = re.compile(r"""(?:[rbfu]{0,2})("[^"\n]*"|'[^'\n]*')""", re.IGNORECASE)


def without_literals(output: str, code: str) -> str:
    """`output` without the numbers `code` printed as bare literals (`print(1042)`, `print("x:", 7)`):
    printing a number grounds nothing. Data written in code and computed on (a DataFrame built
    from literals, then printed) still counts."""
    literals = set()
    for args in _PRINT_ARGS.findall(code):
        if not re.search(r"[A-Za-z_]", _STRINGS.sub(" ", args)):  # only strings and numbers
            literals |= {value for _, value, _ in _numbers(args)}
    if not literals:
        return output
    return _NUM.sub(
        lambda m: " " if any(v == value for _, v, _ in _numbers(m.group(0)) for value in literals) else m.group(0),
        output,
    )
