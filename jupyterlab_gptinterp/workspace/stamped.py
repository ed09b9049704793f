"""Text whose records each begin with a date and a time, then free words: a chat's export, a
journal, a log whose messages run over several lines.

Read as a CSV, such a file splits at the comma inside its stamp (`3/12/24, 9:15 PM - ...`), takes
its first record for a header and cuts every message that holds a comma; read line by line, a
message that runs over several lines loses its later lines. Here a record is a stamped line with
the lines below it that carry no stamp; the stamp is read with the one format that parses every
stamp (day or month first decided by the values), and the name before `: ` becomes a column when
most records start with one of a few names (a sender, a program).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from .logformat import opened_text

# (regex, strptime formats to try in order): the day and month order is settled by the values.
_DATES: list[tuple[str, list[str]]] = [
    (r"\d{4}-\d{2}-\d{2}", ["%Y-%m-%d"]),
    (r"\d{4}/\d{2}/\d{2}", ["%Y/%m/%d"]),
    *[
        (
            rf"\d{{1,2}}{re.escape(sep)}\d{{1,2}}{re.escape(sep)}\d{{{digits}}}",
            [f"%m{sep}%d{sep}{y}", f"%d{sep}%m{sep}{y}"],
        )
        for sep in "/.-"
        for digits, y in (("4", "%Y"), ("2", "%y"))
    ],
    (r"[A-Z][a-z]{2} \d{1,2}, \d{4}", ["%b %d, %Y"]),
    (r"\d{1,2} [A-Z][a-z]{2},? \d{4}", ["%d %b %Y", "%d %b, %Y"]),
    (r"[A-Z][a-z]{2} {1,2}\d{1,2}", ["%b %d"]),  # syslog's (RFC 3164): no year
]
_TIMES: list[tuple[str, str]] = [
    (r"\d{1,2}:\d{2}:\d{2}\s?[AaPp][Mm]", "%I:%M:%S %p"),
    (r"\d{1,2}:\d{2}\s?[AaPp][Mm]", "%I:%M %p"),
    (r"\d{1,2}:\d{2}:\d{2}\.\d+", "%H:%M:%S.%f"),
    (r"\d{1,2}:\d{2}:\d{2}", "%H:%M:%S"),
    (r"\d{1,2}:\d{2}", "%H:%M"),
]
_JOINS: list[tuple[str, str]] = [(r",\s", ", "), (r"\s", " "), ("T", "T")]
# Between the stamp and the record's words: spaces, not a tab (a TSV's first column is no stamp).
_AFTER: list[str] = [r" +- +", r": +", r" +"]
# Marks a phone writes, unseen, before some lines (iOS before an attachment's notice).
_MARKS = r"[\u200e\u200f]*"

_ANY = re.compile(
    r"^"
    + _MARKS
    + r"(?P<open>\[?)(?P<date>"
    + "|".join(d for d, _ in _DATES)
    + r")(?P<join>"
    + "|".join(j for j, _ in _JOINS)
    + r")(?P<time>"
    + "|".join(t for t, _ in _TIMES)
    + r")(?P<close>\]?)(?P<after>"
    + "|".join(_AFTER)
    + r")(?P<rest>\S.*)$"
)
_NAME = re.compile(r"^([^:\n]{1,40}?): ")
# Syslog's message (RFC 3164): the host, the program and its process id, then the text.
_SYSLOG = r"(?s)^(?P<host>\S+) (?P<program>[\w./-]+)(?:\[(?P<pid>\d+)\])?: +(?P<text>.*)$"
# rsyslog writes a message sent again and again once, then this: the text, N more times.
_REPEATED = r"^message repeated (\d+) times: \[ ?(.*?) ?\]$"
# Prose: a word (from its start: linear on a long run of letters), a space, more.
_WORDS = re.compile(r"(?<![A-Za-z\u00c0-\uffff])[A-Za-z\u00c0-\uffff]{2,} +\S")
_FIELDS = re.compile(r"\t|^[|;,]|\s\|\s")  # fields apart by tabs or bars: a table, not words


@dataclass
class Stamped:
    regex: str  # a stamped line: (?P<time>...) and (?P<message>...)
    format: str  # strptime format of the time group, once its blanks are single spaces
    named: bool  # most records start with one of a few names before ': '
    records: int  # stamped lines in the sample
    lines: int  # lines in the sample that are not blank
    guessed: bool  # day and month could not be told apart: the format reads the month first
    syslog: bool = False  # most messages are a host, a program[pid], then the text
    repeated: bool = False  # some syslog messages are 'message repeated N times: [ text ]'


def _form(text: str, forms: list[tuple[str, Any]]) -> int:
    return next(i for i, (rx, _) in enumerate(forms) if re.fullmatch(rx, text))


def _stamped(body: list[str]) -> list[re.Match[str]]:
    """The stamped lines of `body` when most of its lines start with a stamp and go on in words,
    else none (a table whose first column is a time, a log of fields, prose)."""
    found = [m for m in map(_ANY.match, body) if m]
    if (
        len(body) < 3
        or len(found) < 0.6 * len(body)
        or sum(bool(_FIELDS.search(m["rest"])) for m in found) > 0.2 * len(found)
    ):
        return []
    return found if sum(bool(_WORDS.search(m["rest"])) for m in found) >= 0.5 * len(found) else []


def stamped(lines: list[str], headless: bool = False) -> bool:
    """Most lines start with a date and a time, then words: records, not a delimited table; with
    `headless`, the first line too (a table's first line is its header of names)."""
    body = [line for line in lines if line.strip()]
    return bool(_stamped(body)) and (not headless or bool(_ANY.match(body[0])))


def infer(lines: list[str], pd: Any) -> Stamped | None:
    """How the records of `lines` are stamped, or None when they are not (`stamped`)."""
    body = [line for line in lines if line.strip()]
    found = _stamped(body)
    if not found:
        return None
    shapes = Counter(
        (
            m["open"],
            _form(m["date"], _DATES),
            _form(m["join"], _JOINS),
            _form(m["time"], _TIMES),
            m["close"],
            _form(m["after"], [(a, 0) for a in _AFTER]),
        )
        for m in found
    )
    (opened, date, join, time, closed, after), count = shapes.most_common(1)[0]
    if count < 0.8 * len(found):
        return None
    stamp = _DATES[date][0] + _JOINS[join][0] + _TIMES[time][0]
    regex = rf"^{_MARKS}{re.escape(opened)}(?P<time>{stamp}){re.escape(closed)}{_AFTER[after]}(?P<message>.*)$"
    rx = re.compile(regex)
    stamps = pd.Series([m["time"] for m in map(rx.match, body) if m]).str.replace(r"\s+", " ", regex=True)
    clock = _JOINS[join][1] + _TIMES[time][1]
    if clock.endswith(" %p") and stamps.str.contains(r"\d[AaPp][Mm]$").mean() > 0.5:
        clock = clock[: -len(" %p")] + "%p"  # '9:15PM': no space before it
    # A stamp without a year is tried in a leap year (29 February); it loads as text (`yearless`).
    dated = stamps if not yearless(_DATES[date][1][0]) else "2000 " + stamps
    readable = [day + clock for day in _DATES[date][1] if _parses(pd, dated, _with_year(day) + clock)]
    if not readable:
        return None
    messages = [m["message"] for m in map(rx.match, body) if m]
    names = Counter(n[1] for n in map(_NAME.match, messages) if n)
    # A few names, each again and again (a chat's members); not one a line (a program's pid in it).
    named = sum(names.values()) >= 0.5 * len(messages) and len(names) <= max(3, len(messages) // 5)
    # Most with a process id too: 'Ben Okafor: hi' is a name, not a host and a program.
    fields = [f for f in (re.match(_SYSLOG, m) for m in messages) if f]
    syslog = len(fields) >= 0.8 * len(messages) and sum(bool(f["pid"]) for f in fields) >= 0.5 * len(messages)
    repeated = syslog and any(re.match(_REPEATED, f["text"]) for f in fields)
    return Stamped(
        regex, readable[0], named and not syslog, len(stamps), len(body), len(readable) > 1, syslog, repeated
    )


def yearless(fmt: str) -> bool:
    return "%Y" not in fmt and "%y" not in fmt


def _with_year(day: str) -> str:
    return day if not yearless(day) else "%Y " + day


def _parses(pd: Any, stamps: Any, fmt: str) -> bool:
    try:
        pd.to_datetime(stamps, format=fmt)
    except (ValueError, TypeError):
        return False
    return True


def load(name: str, found: Stamped, encoding: str) -> str:
    """The lines that load one row per record (a cell can start with them as they are)."""
    module, opened = opened_text(name, encoding)
    out = [  # (pandas is imported by the block the preview shows)
        *([module] if module else []),
        f"lines = pd.Series([line for line in {opened}.read().splitlines() if line.strip()])",
        f"parts = lines.str.extract(r'{found.regex}')",
        "parts['message'] = parts['message'].fillna(lines)  # a line without a stamp goes on with the message above",
        "df = parts.groupby(parts['time'].notna().cumsum()).agg({'time': 'first', 'message': '\\n'.join})",
        "df = df[df['time'].notna()].reset_index(drop=True)",
    ]
    if not yearless(found.format):
        out.append(
            f"df['time'] = pd.to_datetime(df['time'].str.replace(r'\\s+', ' ', regex=True), format={found.format!r})"
        )
    if found.syslog:
        out += [
            f"fields = df['message'].str.extract(r'{_SYSLOG}')",
            "df = df.join(fields[['host', 'program', 'pid']])",
            "df['message'] = fields['text'].fillna(df['message'])",
        ]
    if found.repeated:
        out += [
            f"again = df['message'].str.extract(r'{_REPEATED}')",
            "df['message'] = again[1].fillna(df['message'])",
            "df = df.loc[df.index.repeat(again[0].fillna('1').astype(int))].reset_index(drop=True)  # a row each time",
        ]
    if found.named:
        out += [
            "sender = df['message'].str.extract(r'(?s)^([^:\\n]{1,40}?): (.*)$')",
            "df.insert(1, 'sender', sender[0])  # none for a line no one wrote (a notice)",
            "df['message'] = sender[1].fillna(df['message'])",
        ]
    return "\n".join(out)


def notes(found: Stamped) -> list[str]:
    said = [
        f"one row per record: a line that starts with a date and a time ({found.records} of the {found.lines} lines "
        "read), with the lines under it that have none (a message over several lines)"
    ]
    if found.named:
        said.append("sender: the name before ': ' (none on a notice such as someone joining)")
    if found.guessed:
        said.append(f"no stamp shows whether the day or the month comes first: read as {found.format!r}")
    if yearless(found.format):
        said.append(
            "the stamps have no year, so 'time' is text: dates are pd.to_datetime('<year> ' + "
            f"df['time'].str.replace(r'\\s+', ' ', regex=True), format='%Y {found.format}'); from a January after "
            "a December on, the year is the next one"
        )
    if found.syslog:
        said.append("each message is the host, the program and its process id (pid), then the text: columns of each")
    if found.repeated:
        said.append(
            "'message repeated N times: [ text ]' lines (syslog's shorthand for a message sent again) are N rows "
            "of that text, so counting rows counts every time it was sent"
        )
    return said
