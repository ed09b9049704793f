"""The record format of a text log, inferred from its lines, as a regex the model can use.

A small model asked about a log writes a regex from memory that matches nothing
(`INFO  http.*? 5xx`), or splits on spaces and takes the wrong field. Log lines that carry
records (a timestamp, a level, a method, a path, a status, a duration) have a fixed shape; we
find the most common shape, write its regex with named groups, check it against the file's
lines, and hand the model a ready line that loads the records into a DataFrame.
"""

from __future__ import annotations

import keyword
import re
from collections import Counter
from dataclasses import dataclass, field

LEVELS = {"TRACE", "DEBUG", "INFO", "NOTICE", "WARN", "WARNING", "ERROR", "CRITICAL", "FATAL"}
METHODS = {"GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"}

# (kind, token regex, group regex): first match wins. A kind with a group regex becomes a field.
_KINDS: list[tuple[str, re.Pattern[str], str]] = [
    (
        "ts",
        re.compile(
            r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?"
            r"|\d{2}/[A-Za-z]{3}/\d{4}:\d{2}:\d{2}:\d{2}"
        ),
        r"\S+",
    ),  # ISO; Apache's [10/Oct/2000:13:55:36
    ("date", re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{4}"), r"\S+"),
    ("time", re.compile(r"\d{2}:\d{2}:\d{2}(?:[.,]\d+)?"), r"\S+"),
    ("level", re.compile("|".join(sorted(LEVELS, key=len, reverse=True))), r"[A-Z]+"),
    ("method", re.compile("|".join(METHODS)), r"[A-Z]+"),
    ("ip", re.compile(r"\d{1,3}(?:\.\d{1,3}){3}"), r"\S+"),
    ("path", re.compile(r"/\S*"), r"/\S*"),
    ("tz", re.compile(r"[+-]\d{4}"), r"[+-]\d{4}"),
    ("int", re.compile(r"-?\d+"), r"-?\d+"),
    ("float", re.compile(r"-?\d+\.\d+"), r"-?[\d.]+"),
    ("unit", re.compile(r"(-?\d+(?:\.\d+)?)([A-Za-z%µ]{1,3})"), ""),
    ("word", re.compile(r"\S+"), ""),
]


_INT = re.compile(r"-?\d+")
_NAMED_GROUP = re.compile(r"\(\?P<(\w+)>")  # a field of the record regex
# A token: a double-quoted string (spaces and escaped quotes inside), or a run of non-space.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|\S+')
_UNTYPED = ("word", "null", "quoted", "ts", "date", "time", "level", "tz")


@dataclass
class LogFormat:
    regex: str  # with named groups, anchored at the line's start
    fields: list[str]  # group names, in order
    numeric: dict[str, str]  # the groups that hold numbers, and their type ('int' or 'float')
    matched: int  # lines of the sample the regex matches
    total: int  # lines in the sample
    example: str  # a line it matches
    other: str  # a line it does not match ("" when it matches every line)
    levels: list[str]  # the levels seen on all lines, most common first
    prefix: str  # regex of what every line starts with (timestamp, level), then the message; "" if none
    blank: list[str] = field(default_factory=list)  # number groups some records leave as "-" (NaN once loaded)
    partial: bool = False  # some groups are NaN on a record the regex matches (not all are dropped)


def _wrap(token: str) -> tuple[str, str, str]:
    """(opening quotes/brackets, the token inside them, closing ones); linear, unlike a regex
    with a lazy middle, which backtracked for minutes on one long token of brackets."""
    rest = token.lstrip('"[(')
    pre = token[: len(token) - len(rest)]
    core = rest.rstrip('"])')
    return pre, core, rest[len(core) :]


def _kind(token: str) -> tuple[str, re.Match[str] | None]:
    if len(token) > 1 and token[0] == token[-1] == '"':
        return "quoted", None  # one field, whatever it holds (a user agent's words, a request line)
    core = _wrap(token)[1]
    if core == "-":
        return "null", None  # a field left empty, in place of a number or a word
    for kind, rx, _ in _KINDS:
        m = rx.fullmatch(core)
        if m:
            return kind, m
    return "word", None


def _shape(line: str) -> tuple[tuple[str, str, str], ...]:
    """(opening quotes/brackets, kind, closing ones) of each token: `"GET` is a quoted method."""
    out = []
    for token in _TOKEN.findall(line):
        kind = _kind(token)[0]
        pre, _, post = _wrap(token) if kind != "quoted" else ('"', "", '"')
        out.append((pre, kind, post))
    return tuple(out)


Shape = tuple[tuple[str, str, str], ...]


def _fits(shape: Shape, other: Shape) -> bool:
    """The same shape but where one of them has "-" (a field left empty)."""
    return len(shape) == len(other) and all(
        a == b or (a[0] == b[0] and a[2] == b[2] and "null" in (a[1], b[1])) for a, b in zip(shape, other)
    )


def _common(shapes: Counter[Shape]) -> tuple[Shape, int]:
    """The shape the most lines fit (fewest empty fields on a tie), and how many fit it."""
    best: tuple[int, int, Shape] | None = None
    for shape, _ in shapes.most_common(50):  # prose has a shape a line: the common ones are the candidates
        count = sum(n for other, n in shapes.items() if _fits(shape, other))
        key = (count, -sum(k == "null" for _, k, _ in shape), shape)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None
    return best[2], best[0]


class _Fields:
    """The regex of each field of a record shape, and the names and number types of its groups."""

    def __init__(self, http: bool) -> None:
        self.http = http  # a line with a method: a 3-digit number from 100 to 599 is a status
        self.names: list[str] = []
        self.numeric: dict[str, str] = {}
        self.blank: list[str] = []
        self.kinds: list[str] = []  # of the fields that are typed groups
        self.partial = False  # some groups are NaN on a record the regex matches

    def name(self, base: str) -> str:
        n, i = base, 2
        while n in self.names:
            n, i = f"{base}{i}", i + 1
        self.names.append(n)
        return n

    def part(self, pre: str, kind: str, post: str, column: list[str], label: str) -> str:
        """The regex of a field, its tokens being `column` (one a record); `label` names it when
        nothing else does."""
        if kind == "quoted":
            return self._quoted([t[1:-1] for t in column], label)
        column = [_wrap(t)[1] for t in column] if pre or post else column
        filled = [t for t in column if t != "-"]
        if kind == "null" or len(filled) < len(column):  # "-" where others have a value: the value's kind
            kinds = {_kind(t)[0] for t in filled}
            kind = kinds.pop() if len(kinds) == 1 else ("word" if filled else "null")
        if kind in ("word", "null"):
            # A word that is the same on every record is part of the format; else a field.
            inner = re.escape(column[0]) if len(set(column)) == 1 else rf"(?P<{self.name(label)}>\S+)"
        elif kind == "unit" and len(filled) == len(column):
            inner = self._unit(column, label)
        elif kind == "unit":
            inner = rf"(?P<{self.name(label)}>\S+)"
        else:
            inner = self._typed(kind, filled, blank=len(filled) < len(column))
        if post:  # the field ends before its closing quote or bracket
            inner = inner.replace(r"\S+", r"\S+?").replace(r"\S*", r"\S*?")
        return re.escape(pre) + inner + re.escape(post)

    def _typed(self, kind: str, column: list[str], blank: bool) -> str:
        self.kinds.append(kind)
        base = kind
        if kind == "int" and self.http and all(len(t) == 3 and "100" <= t <= "599" for t in column):
            base = "status"
        elif kind in ("int", "float"):
            base = "value"
        # A sign kept where none was sampled: a frost further down.
        group_rx = next(g for k, _, g in _KINDS if k == kind)
        name = self.name(base)
        if kind in ("int", "float") and blank:
            self.blank.append(name)
        elif kind in ("int", "float"):
            self.numeric[name] = kind
        return rf"(?P<{name}>{group_rx}|-)" if blank else rf"(?P<{name}>{group_rx})"

    def _unit(self, column: list[str], label: str) -> str:
        units = {_kind(t)[1].group(2) for t in column}  # type: ignore[union-attr]
        if len(units) != 1:
            return rf"(?P<{self.name(label)}>\S+)"
        unit = units.pop()
        whole = all(_INT.fullmatch(_kind(t)[1].group(1)) for t in column)  # type: ignore[union-attr]
        number = r"-?\d+" if whole else r"-?[\d.]+"
        name = self.name(_identifier(unit))
        self.kinds.append("unit")
        self.numeric[name] = "int" if whole else "float"
        return rf"(?P<{name}>{number}){re.escape(unit)}"

    def _quoted(self, column: list[str], label: str) -> str:
        """A quoted field: the fields inside it when most records write it alike (a request line:
        method, path, protocol), with the whole text too when some do not (a scanner's bytes);
        else one text field (a user agent's words)."""
        shapes = Counter(_shape(t) for t in column)
        shape, count = shapes.most_common(1)[0]
        text = r'(?:[^"\\]|\\.)*'
        if not shape or any(k == "quoted" for _, k, _ in shape) or count < 0.8 * len(column):
            return rf'"(?P<{self.name("text")}>{text})"'
        whole = self.name("text") if count < len(column) else ""
        tokens = [_TOKEN.findall(t) for t in column if _shape(t) == shape]
        before = len(self.names)
        inner = r"\s+".join(
            self.part(pre, kind, post, [t[j] for t in tokens], f"{label}_{j + 1}")
            for j, (pre, kind, post) in enumerate(shape)
        )
        if not whole:
            return rf'"\s*{inner}\s*"'
        self.partial = True  # the fields inside are NaN on the records that write it otherwise
        for name in self.names[before:]:  # numbers among them: NaN there, so converted leniently
            if self.numeric.pop(name, None):
                self.blank.append(name)
        return rf'"(?P<{whole}>\s*{inner}\s*|{text})"'


def infer(lines: list[str], min_share: float = 0.2) -> LogFormat | None:
    """The most common record shape of `lines`, or None when there is no such shape (prose,
    one-off messages, too few typed fields)."""
    lines = [line for line in lines if line.strip()]
    if len(lines) < 3:
        return None
    shapes = Counter(_shape(line) for line in lines)
    shape, count = _common(shapes)
    if count < max(3, min_share * len(lines)):
        return None
    group = [_TOKEN.findall(line) for line in lines if _fits(shape, _shape(line))]
    inside = [k for t in group[0] if t.startswith('"') for _, k, _ in _shape(t[1:-1])]  # a quoted request line
    fields = _Fields(http="method" in [k for _, k, _ in shape] + inside)
    parts = [
        fields.part(pre, kind, post, [tokens[i] for tokens in group], f"field{i + 1}")
        for i, (pre, kind, post) in enumerate(shape)
    ]
    if len([k for k in fields.kinds if k not in _UNTYPED]) < 2:
        return None
    indent = r"\s*" if any(line[:1].isspace() for line in lines) else ""
    # The regex goes into the model's code as r'...': a quote or a control character of a constant
    # word is written as an escape, so the ready line stays one valid string.
    regex = ("^" + indent + r"\s+".join(parts) + r"\s*$").replace("'", r"\x27")
    regex = re.sub(r"[\x00-\x1f\x7f]", lambda m: f"\\x{ord(m.group(0)):02x}", regex)
    rx = re.compile(regex)
    hits = [bool(rx.match(line)) for line in lines]
    if not any(hits):
        return None
    levels = Counter(t for line in lines for t in line.split()[:3] if t in LEVELS)
    named = _header_names(lines[: hits.index(True)], len(fields.names))
    rename = dict(zip(fields.names, named or fields.names))
    return LogFormat(
        prefix=_prefix(lines),
        regex=_NAMED_GROUP.sub(lambda m: f"(?P<{rename[m[1]]}>", regex),
        fields=[rename[f] for f in fields.names],
        numeric={rename[f]: t for f, t in fields.numeric.items()},
        blank=[rename[f] for f in fields.blank],
        partial=fields.partial,
        matched=sum(hits),
        total=len(lines),
        example=next(line for line, hit in zip(lines, hits) if hit),
        other=next((line for line, hit in zip(lines, hits) if not hit), ""),
        levels=[lv for lv, _ in levels.most_common()],
    )


def _header_names(above: list[str], count: int) -> list[str]:
    """The names a header above the records gives their fields: its first line (a `#` comment too,
    the way many instruments and exports write it) with one name per field, each a word and no two
    alike, as Python names (`#YR` is `YR`); [] when there is none."""
    for line in above:
        names = [_identifier_of(t) for t in line.lstrip("#").split()]
        if len(names) == count and all(names) and len(set(names)) == count:
            return names
    return []


def _identifier_of(token: str) -> str:
    word = re.sub(r"\W+", "_", token).strip("_")
    if not re.search(r"[A-Za-z]", word):
        return ""
    return word if word.isidentifier() and not keyword.iskeyword(word) else f"f_{word}"


def _head(line: str) -> tuple[str, ...]:
    """The kinds of a line's leading timestamp and level tokens."""
    head: list[str] = []
    for token in line.split()[:4]:
        kind = _kind(token)[0]
        if kind not in ("ts", "date", "time", "level"):
            break
        head.append(kind)
    return tuple(head)


def _prefix(lines: list[str]) -> str:
    """A regex for every line: its common leading timestamp/level fields, then the message."""
    common: list[str] | None = None
    for line in lines:
        head = list(_head(line))
        if common is None:
            common = head
        else:
            n = 0
            while n < min(len(common), len(head)) and common[n] == head[n]:
                n += 1
            common = common[:n]
        if not common:
            return ""
    if not common or "level" not in common:
        return ""
    groups = [rf"(?P<{k}>{next(g for kind, _, g in _KINDS if kind == k)})" for k in common]
    return "^" + r"\s+".join(groups) + r"\s+(?P<message>.*)$"


def _identifier(unit: str) -> str:
    ident = re.sub(r"\W", "", unit.replace("%", "pct").replace("µ", "u")).lower()
    return ident if ident and not ident[0].isdigit() else f"v_{ident}"


_COMPRESSED_TEXT = {".gz": "gzip", ".bz2": "bz2", ".xz": "lzma"}


def opened_text(name: str, encoding: str = "") -> tuple[str, str]:
    """(the import it needs, or "", the call that opens a file as text, in `encoding` if one is
    given): a compressed one through its module ('rt'), or open() would read its bytes as text and fail."""
    said = f", encoding={encoding!r}" if encoding else ""
    module = _COMPRESSED_TEXT.get(name[name.rfind(".") :].lower()) if "." in name else None
    if module:
        return f"import {module}", f"{module}.open({name!r}, 'rt'{said})"
    return "", f"open({name!r}{said})"


def load_lines(name: str, fmt: LogFormat) -> str:
    """The lines that load the records into `df` (a cell can start with them as they are)."""
    conv = ".astype({" + ", ".join(f"'{f}': {t}" for f, t in fmt.numeric.items()) + "})" if fmt.numeric else ""
    blank = [f"df[{f!r}] = pd.to_numeric(df[{f!r}], errors='coerce')  # '-' or none: NaN" for f in fmt.blank]
    module, opened = opened_text(name)
    return "\n".join(
        [
            *([module] if module else []),
            "import pandas as pd",
            f"lines = pd.Series({opened}.read().splitlines())",
            f"df = lines.str.extract(r'{fmt.regex}').dropna({'how=' + repr('all') if fmt.partial else ''}){conv}",
            *blank,
        ]
    )


def _values(fmt: LogFormat) -> str:
    """The example line's value of each field, so a field named by its place is known by its value."""
    m = re.match(fmt.regex.replace(r"\x27", "'"), fmt.example)
    if m is None:
        return ""
    shown = [f"{k}={v if len(v) <= 40 else v[:37] + '...'}" for k, v in m.groupdict().items() if v is not None]
    return "# in that line: " + ", ".join(shown)


def describe(name: str, fmt: LogFormat, lines_total: int | None) -> str:
    """What the model is told: a block of Python whose prose is comments, because a small model
    pastes the block whole (prose lines between code lines ran as code and failed)."""
    n = f"{lines_total} lines" if lines_total is not None else "many lines"
    whole = lines_total is not None and lines_total == fmt.total
    what = "request" if "method" in fmt.fields else "record"
    share = (
        f"all lines are {what}s"
        if fmt.matched == fmt.total
        else (
            f"{fmt.matched} of the {fmt.total} lines are {what}s"
            if whole
            else f"{fmt.matched} of the first {fmt.total} lines are {what}s"
        )
    )
    block = load_lines(name, fmt).split("\n")
    first = next(i for i, line in enumerate(block) if not line.startswith("import "))  # `import gzip` too
    imports, (load, *records) = block[:first], block[first:]
    out = [f"{name}: text log, {n}. Not loaded yet. Start your cell with:", "```python", *imports, load]
    if fmt.prefix and fmt.matched < fmt.total:
        fields = _NAMED_GROUP.findall(fmt.prefix)
        out += [
            f"# every line has {', '.join(fields)}"
            + (f" (levels {', '.join(fmt.levels)})" if fmt.levels else "")
            + "; for questions about lines or levels:",
            f"all_lines = lines.str.extract(r'{fmt.prefix}')",
        ]
    out += [
        f"# {share}, like: {fmt.example[:200]}",
        *([_values(fmt)] if any(f.startswith(("field", "text")) for f in fmt.fields) else []),
        f"# for questions about {what}s, one column per field (" + ", ".join(fmt.fields) + "):",
        *records,
    ]
    if fmt.other:
        out.append(f"# other lines are messages, like: {fmt.other[:200]}")
    return "\n".join([*out, "```"])


# --- event logs: a common prefix, then messages of many kinds with key=value fields ----------------

# key=value, or key="words in quotes"; a comma or colon after a bare value is the sentence's.
_PAIR_RX = r'(\w+)=(?:"([^"]*)"|(\S+?)[,;:.)]?(?=\s|$))'
_PAIR = re.compile(_PAIR_RX)
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_EVENT = re.compile(r"[A-Za-z_][\w.]*$")
_ISO = re.compile(r"\d{4}-\d{2}-\d{2}")
_OPEN, _CLOSE = r"[\[(]?", r"[\])]?"  # a timestamp or level may stand in brackets


@dataclass
class EventLog:
    regex: str  # every record line: its timestamp, level, [source] and event, then the message
    time: str  # the group holding an ISO date and time, converted on loading ("" when none)
    keys: list[tuple[str, int, bool]]  # key=value keys: (key, lines holding it, every value a number)
    events: list[tuple[str, int]]  # the first words of messages, most common first ([] when not a vocabulary)
    matched: int  # lines of the sample the regex matches
    total: int  # lines in the sample that are not blank
    sampled: int  # lines in the sample
    other: str  # a line it does not match ("" when it matches every line)


def key_values(message: str) -> dict[str, str]:
    return {k: quoted or bare for k, quoted, bare in _PAIR.findall(message)}


def events(lines: list[str], min_share: float = 0.2) -> EventLog | None:
    """The shape of a log whose lines share a prefix (a timestamp, a level, perhaps a [source])
    but whose messages differ, many of them carrying `key=value` fields (one record's fields can
    be spread over several lines, paired by a key). None when the lines are not such a log."""
    body = [line for line in lines if line.strip() and not line.lstrip().startswith("#")]
    heads = Counter(_head(line) for line in body)
    kinds, count = heads.most_common(1)[0] if heads else ((), 0)
    if len(body) < 3 or "level" not in kinds or count < 0.6 * len(body):  # continuation lines aside
        return None
    groups: list[str] = []
    names: list[str] = []
    for i, kind in enumerate(kinds):
        if kind == "time" and i and kinds[i - 1] == "date":  # a date then a time, two tokens: one timestamp
            names[-1] = "time" if "time" not in names else names[-1]
            groups[-1] = rf"{_OPEN}(?P<{names[-1]}>[^\s\])]+ [^\s\])]+){_CLOSE}"
            continue
        name = kind if kind not in names else f"{kind}{names.count(kind) + 1}"  # two timestamps: ts, ts2
        names.append(name)
        inner = r"[A-Z]+" if kind == "level" else r"[^\s\])]+"
        groups.append(rf"{_OPEN}(?P<{name}>{inner}){_CLOSE}")
    head = re.compile("^" + r"\s+".join(groups) + r"\s+(?P<message>.*)$")
    messages = [m["message"] for m in map(head.match, body) if m]
    source = sum(bool(re.match(r"\[[^\]\s]+\]\s", t)) for t in messages) >= 0.5 * len(messages)
    if source:
        messages = [re.sub(r"^\[[^\]\s]+\]\s+", "", t) for t in messages]
    pairs = [key_values(t) for t in messages]
    if sum(bool(p) for p in pairs) < min_share * len(body):
        return None
    held: Counter[str] = Counter(k for p in pairs for k in p)
    numeric = {k for k in held if all(_NUMBER.fullmatch(p[k]) for p in pairs if k in p)}
    firsts = Counter(t.split()[0] for t in messages if t.split() and "=" not in t.split()[0])
    vocabulary = (
        len(firsts) <= 30 and all(_EVENT.match(w) for w in firsts) and sum(firsts.values()) >= 0.8 * len(messages)
    )
    tail = r"(?:(?P<event>[A-Za-z_][\w.]*)(?=\s|$))?\s*(?P<message>.*)$" if vocabulary else r"(?P<message>.*)$"
    regex = "^" + r"\s+".join(groups) + r"\s+" + (r"(?:\[(?P<source>[^\]]*)\]\s+)?" if source else "") + tail
    rx = re.compile(regex)
    fields = set(rx.groupindex)  # a key named like one (level=3) does not replace what the line's head says
    stamp = next((n for n, k in zip(names, kinds) if k in ("ts", "date")), "")
    iso = stamp and all(_ISO.match(m[stamp]) for m in map(rx.match, body[:200]) if m)
    hits = [bool(rx.match(line)) for line in lines if line.strip()]
    return EventLog(
        regex=regex.replace("'", r"\x27"),
        time=stamp if iso else "",
        keys=[(k, n, k in numeric) for k, n in held.most_common(12) if k not in fields],
        events=firsts.most_common(12) if vocabulary else [],
        matched=sum(hits),
        total=len(hits),
        sampled=len(lines),
        other=next((line for line in lines if line.strip() and not rx.match(line)), ""),
    )


def load_events(name: str, log: EventLog, encoding: str = "utf-8") -> str:
    """The lines that load one row per record line, a column per key (a cell can start with them)."""
    numbers = [k for k, _, number in log.keys if number]
    module, opened = opened_text(name, encoding)
    out = [
        *([module] if module else []),
        "import re",
        "import pandas as pd",
        f"rx = re.compile(r'{log.regex}')",
        f"with {opened} as f:",
        "    lines = [m for m in map(rx.match, f.read().splitlines()) if m]",
        f"pairs = [{{k: q or v for k, q, v in re.findall(r'{_PAIR_RX}', m['message'])}} for m in lines]",
        "df = pd.DataFrame([p | m.groupdict() for p, m in zip(pairs, lines)])",
    ]
    if log.time:  # ISO, with or without fractions of a second (a comma too), in every line
        t = repr(log.time)
        out.append(f"df[{t}] = pd.to_datetime(df[{t}].str.replace(',', '.'), format='ISO8601')")
    if numbers:
        out.append(f"df[{numbers!r}] = df[{numbers!r}].apply(pd.to_numeric)")
    return "\n".join(out)


def describe_events(name: str, log: EventLog, lines_total: int | None, encoding: str = "utf-8") -> str:
    """What the model is told of an event log: the block that loads it, and what its lines hold,
    as comments (a small model pastes the block whole)."""
    n = f"{lines_total} lines" if lines_total is not None else "many lines"
    out = [f"{name}: text log of events, {n}. Not loaded yet. Start your cell with:", "```python"]
    out += load_events(name, log, encoding).split("\n")
    if lines_total != log.sampled:
        out.append(f"# the counts below are of the first {log.sampled} lines")
    if log.events:
        out.append("# event (first word of the message): " + ", ".join(f"{e} {c}" for e, c in log.events))
    out.append(
        "# key=value fields become columns (lines holding each): "
        + ", ".join(f"{k} {c}{'' if number else ' (text)'}" for k, c, number in log.keys)
    )
    if log.other:
        skipped = log.total - log.matched
        out.append(f"# {skipped} lines are skipped (comments, continuations), like: {log.other[:160]}")
    return "\n".join([*out, "```"])
