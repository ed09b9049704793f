"""What an error says, read from a run's outcome: its kind, the line that raised it, and whether
the call itself is what the installed library rejects (it would fail again on any data)."""

from __future__ import annotations

import re

from .. import outputs as _outputs
from ..outcome import Outcome

_ARROW = re.compile(r"^-*>\s*(\d+)\s(.*)$")
_CELL = re.compile(r"^(?:Cell In\s*\[\d*\], line (\d+)|Input In \[\d*\].*<cell line: (\d+)>)")
_CAUSES = re.compile(r"^(?:The above exception was the direct cause|During handling of the above exception).*$", re.M)
# Errors about the call itself, not the data: the same line fails again whatever the data.
_API = re.compile(
    r"unexpected keyword argument|takes \d+ positional|missing \d+ required positional|is not callable"
    r"|cannot import name|Invalid frequency|is no longer supported|was removed|is not supported"
    r"|got an invalid value for|must be one of|^module '[\w.]+' has no attribute",
    re.IGNORECASE,
)
# A method a library object lacks (a removed or misspelt API); a plain value's missing method
# ('float' object has no attribute 'endswith') is about the data instead.
_LIBRARY_ATTR = re.compile(
    r"^'(?:Series|Index|\w*GroupBy|Resampler|Rolling|Timestamp|DatetimeIndex|Styler|\w*Accessor)' object has no attribute"
)


def traceback_text(outcome: Outcome) -> str:
    error = outcome.error
    lines = error.get("traceback") or []
    return _outputs.clean_text("\n".join(str(x) for x in lines)) if isinstance(lines, list) else ""


def failing_lineno(outcome: Outcome) -> int:
    """The number of the cell's line that raised, or 0 when the traceback does not show one the
    code holds. IPython heads the cell's frame `Cell In[n], line N`; a chained error lists its
    causes first (pandas' arithmetic on Arrow strings), so the frame is read from the last part."""
    text = traceback_text(outcome)
    last = _CAUSES.split(text)[-1].splitlines()
    code = outcome.code.splitlines()
    for line in last:
        if m := _CELL.match(line.strip()):
            n = int(m.group(1) or m.group(2))
            return n if 0 < n <= len(code) and code[n - 1].strip() else 0
    for line in text.splitlines():  # no frame header: the first arrow is the cell's own line
        m = _ARROW.match(line.strip())
        if m and m.group(2).strip():
            n = int(m.group(1))
            return n if 0 < n <= len(code) and code[n - 1].strip() == m.group(2).strip() else 0
    return 0


def failing_line(outcome: Outcome) -> str:
    """The line of the cell that raised, or ""."""
    n = failing_lineno(outcome)
    return outcome.code.splitlines()[n - 1].strip() if n else ""


def is_api_error(outcome: Outcome) -> bool:
    """The error is about how a function or attribute was used, not about the data."""
    name = outcome.error_name
    if name in ("KeyError", "FileNotFoundError", "NameError", "ModuleNotFoundError"):
        return False
    if name == "AttributeError" and _LIBRARY_ATTR.search(outcome.error_value):
        return True
    return bool(_API.search(outcome.error_value))


def normalise(line: str) -> str:
    return re.sub(r"\s+", "", line.replace('"', "'"))
