"""Checks: a run that worked but whose result cannot be the answer gets a short note first.

An answer given straight after a noted run, with no run since, is sent back twice (the loop makes
the call after the second a focused one); the code of a noted run proposed again is declined with
the note once. A model that proposes it a second time holds that the result is right: the short
check call then judges whether that output answers the question, so a note that was wrong about a
right result costs one call, not the rest of the turn.

Read from the outcome, by kind of result, never by the data: nothing printed by a cell that only
loaded data; a result that is empty, NaN or None; 0 from a sum or mean over a filter; a search
or filter that found nothing; an inner merge with a smaller file whose columns the cell never
takes (it only drops rows); a share beyond 100 %; text values summed end to end; a conversion with
errors='coerce' that silently turned what it could not parse into NaN (unless the preview listed every
value and only those with no number can be NaN); missing values filled with
0 before a mean; the largest of counts within groups picked as a (group, value) pair over every
value, not the one asked about; a text match on dates the preview found written in several formats (it finds
only the rows written one way, and no error says so); text put in lower (upper) case, then compared
with a literal that is not (it can never match); a column the preview found holding numbers
as text, summed, ranked or sorted as it is (text adds up end to end and orders as words); numbers
in several units used without their units (a unit column beside them never read, the units of
"12 kg" / "850 g" never named); rows kept by `!= 0` on a column with missing values (NaN != 0
is True); a
column the question names, never used (the result was worked out from something else); rows
selected by a value the column never holds (the preview lists every value of a column of few), or by
a literal written otherwise than every value it sampled; one year the question names and the code
never selects, in data of several years (`selection.py`); rows
selected, grouped or counted by a column the preview found writing one value several ways ('urgent',
'Urgent'), before they were made one; a result worked out from values the cell typed in itself, when the question is about data files;
an id where the question asks which thing, and another table names it (`ids.py`); a result the cell
computed and assigned a name, never read again (what it printed does not come from it); a comparison
stored and never read (no row selected by it). Of a run that
failed: an item taken of an empty selection (`.iloc[0]`, `idxmax()`), with the filter that kept no rows.
"""

from __future__ import annotations

import ast
import re
from os.path import commonprefix

from ..outcome import Outcome
from ..seams import FileProfile
from .base import Aid, Note, Refusal, Review, TurnState
from .folding import unfolded
from .hints import converted, frame_table, grouped_as_column
from .ids import id_for_name, row_label
from .names import from_kernel, parsed
from .preview import member_of, words
from .repeats import normalise_code, same_success
from .selection import (
    WRITES,
    column_pattern,
    compared_with,
    converts,
    member_unselected,
    period_unselected,
    unapplied_comparison,
    written_otherwise,
)

_NOTHING = re.compile(r"(?:^|[:=]\s*|\bis\s+)(nan|NaN|None|NaT|<NA>|inf|-inf|\[\]|\{\}|set\(\))\.?\s*$")
_EMPTY = re.compile(r"^(?:Empty DataFrame|Series\(\[\],)|\bno\b.{0,60}\bfound\b", re.IGNORECASE | re.MULTILINE)
# Errors of taking an item of nothing: an empty selection, not a wrong index.
_NONE_TO_TAKE = re.compile(
    r"single positional indexer is out-of-bounds|index 0 is out of bounds|of an empty sequence|arg is an empty sequence"
    r"|zero-size array"
)
_ZERO = re.compile(r"(?:^|[:=]\s*|\bis\s+)-?0(?:\.0+)?\s*$")
_AGGREGATE = re.compile(r"\.(?:sum|mean|median|count|size|nunique|max|min)\(|\blen\(|\bsum\(|\.shape\[0\]")
_FILTERS = re.compile(r"==|!=|>=|<=|\.isin\(|\.between\(|\.query\(|\.loc\[|\.str\.(?:contains|startswith)")
_SEARCHES = re.compile(r"\bre\.(?:findall|search|match|finditer)|\.str\.(?:contains|extract|match)|\.startswith\(")
_COERCE = re.compile(r"errors\s*=\s*['\"]coerce['\"]")
_ARG_EXTREME = re.compile(r"\.(?:idxmax|idxmin|nlargest|nsmallest)\(")
_PAIR = re.compile(r"\(\s*['\"][^'\"\n]*['\"]\s*,\s*['\"][^'\"\n]*['\"]\s*\)")
_FILL_ZERO = re.compile(r"\.fillna\(\s*(?:value\s*=\s*)?0(?:\.0*)?\s*(?:,[^)]*)?\)")
_RESHAPES = re.compile(r"\.(?:pivot|pivot_table|unstack|crosstab)\b|\bpd\.crosstab\(")  # where NaN means none
_AVERAGES = re.compile(r"\.(?:mean|median|std|var)\(")
_COUNTS_NA = re.compile(r"\.isna\(|\.isnull\(|\.notna\(|\.notnull\(|\.dropna\(")
_LOADS = re.compile(r"\b(?:pd\.read_\w+|pd\.json_normalize|open)\(")
_CASED = r"\.str\.(?P<case>lower|upper|casefold)\(\)(?:\.str\.strip\(\))?"
# What text is compared with, right after it: `== 'x'`, `.isin(['x', ...])`, `.str.contains('x')`.
_COMPARED = (
    r"(?:\s*\)?\s*(?:==|!=)\s*(?P<q1>['\"])(?P<lit>[^'\"\n]*)(?P=q1)|\.isin\(\s*[\[(](?P<list>[^\])]*)[\])]"
    r"|\.str\.(?:contains|startswith|endswith)\(\s*(?P<q2>['\"])(?P<sub>[^'\"\n]*)(?P=q2))"
)
# A name or column given case-changed text: `d = ...str.lower()`, `df['d'] = df['d'].str.lower()`.
_ASSIGNED = re.compile(
    r"^\s*(?:\w+\[\s*['\"](?P<key>[^'\"]+)['\"]\s*\]|(?P<var>\w+))\s*=[^=\n].*" + _CASED + r"\s*$", re.M
)
# The same symbol around two or more numbers with nothing between them: strings summed.
_JOINED = re.compile(r"^(\D{0,3})\d[\d.,]*(\D{0,3})(?:\1\d[\d.,]*\2)+$")
# A column (df['c'] or df.c) matched as text: a string method on it, or a comparison with a
# string (the literal captured: a year alone, or "", matches in any format).
_COLUMN = r"(?:\[\s*['\"](?P<key>[^'\"]+)['\"]\s*\]|\.(?P<attr>[A-Za-z_]\w*))"
_TEXT_MATCH = re.compile(
    _COLUMN + r"(?:\.str\.(?:contains|startswith|endswith|match|fullmatch|slice|split|extract)\(\s*"
    r"(?:r?['\"](?P<arg>[^'\"]*)['\"])?|(?P<sliced>\.str\s*\[)|\s*(?:[<>]=?|[=!]=)\s*['\"](?P<cmp>[^'\"]*)['\"]"
    r"|\.between\(\s*['\"](?P<low>[^'\"]*)['\"])"
)
_TEXT_MATCHED = re.compile(r"['\"](?P<cmp>[^'\"]*)['\"]\s*(?:[<>]=?|[=!]=)\s*\w+" + _COLUMN)  # '2024-04' <= df['c']
_ANY_FORMAT = re.compile(r"\(?\\d\{4\}\)?|\d{4}|")
# A column added, ranked or sorted, which on text gives a wrong result and no error: df['c'].sum(),
# sort_values('c') / nlargest(3, 'c'), sum(df['c']).
_ORDERED = re.compile(
    _COLUMN + r"\s*\.(?:sum|cumsum|max|min|idxmax|idxmin|nlargest|nsmallest|sort_values|rank)\("
    r"|\.(?:sort_values|nlargest|nsmallest)\([^)]*?['\"](?P<by>[^'\"]+)['\"]"
    r"|\b(?:sum|max|min|sorted)\(\s*\w+" + _COLUMN.replace("key", "key2").replace("attr", "attr2") + r"\s*\)"
)


SEND_BACK = 2  # replies in words after a noted run sent back for the code the note asks for


class Checks(Aid):
    name = "checks"

    def __init__(self) -> None:
        self.flagged: Outcome | None = None  # the last run a check noted (its note is in `noted`)
        self.sent_back = 0  # replies sent back since it was noted
        self.noted: dict[
            str, tuple[str, Outcome]
        ] = {}  # the code of each run a check noted (normalised): the note, the run
        self.reminded: set[str] = set()  # noted code already declined once with its note

    async def refuse(self, turn: TurnState, code: str) -> Refusal | None:
        """The code of a noted run, again: it would print what the check found wrong. Told once; a
        model that insists holds that result right, so the short check call judges its output."""
        key = normalise_code(code)
        if key not in self.noted:
            return None
        note, run = self.noted[key]
        if key not in self.reminded:
            self.reminded.add(key)
            return Refusal(
                "The model proposed the same code again; it was reminded of the check on its result.",
                f"Not run: you already ran exactly this code, and the check on its result said: {note} Change the "
                "code as that says.",
            )
        if self.flagged is run:
            self.flagged = None  # what the model says of that output next is not sent back for the note
        return await same_success(turn, run)

    async def after_run(self, turn: TurnState, outcome: Outcome) -> Note | None:
        if not outcome.ran:
            return None
        ran = [c.source for c in turn.notebook.cells] + [o.code for o in turn.outcomes if o.ran and not o.failed]
        code, before = outcome.code, "\n".join(ran)
        if outcome.failed:
            text = empty_selection(outcome, turn.files, before)
            return Note(text=f"Check: {text}") if text else None
        seen = [*turn.seen, *(o.printed for o in turn.outcomes if o is not outcome)] if turn.files else []
        text = own_data(code, "\n".join(seen)) if turn.files else ""
        text = text or other_file(turn.question, code, [*(f.name for f in turn.files), *turn.listing])
        text = text or other_file(turn.question, code, members(turn.files))
        text = text or merged_as_filter(code, turn.files, before)
        text = text or empty_compared(code, turn.files, before)
        text = text or value_not_held(code, turn.files, before) or spellings_apart(code, turn.files, before)
        text = text or column_named_as_value(code, turn.files, before) or filters_exclude(code)
        text = text or written_otherwise(code, turn.files, before)
        text = text or period_unselected(turn.question, code, turn.files, before, outcome.printed, turn.asked)
        text = text or member_unselected(turn.question, code, turn.files, before)
        text = text or dates_matched_as_text(code, turn.files, before) or compact_dates_as_numbers(code, turn.files)
        text = text or numbers_used_as_text(code, turn.files, before) or units_ignored(code, turn.files, before)
        text = text or unit_of_other_column(turn.question, code, turn.files)
        text = text or records_for_lines(turn.question, code, turn.files)
        text = text or record_fields_on_items(code, turn.files)
        text = text or missing_kept(code, turn.files, before)
        text = text or check(outcome, turn.files) or unused_column(turn.question, code, turn.files, before)
        text = text or counted_not_summed(turn.question, code, turn.files)
        text = text or share_out_of_range(turn.question, outcome.results or outcome.printed)
        text = text or grouped_as_column(code) or unused_result(code, outcome.printed)
        text = text or unapplied_comparison(code, outcome.printed)
        text = text or id_for_name(turn.question, code, outcome.results, turn.files) or row_label(turn.question, code)
        if text:
            self.flagged, self.sent_back = outcome, 0
            self.noted[normalise_code(code)] = (text, outcome)
        return Note(text=f"Check: {text}") if text else None

    async def review(self, turn: TurnState, text: str) -> Review | None:
        """An answer straight after a run a check noted, with no run since, goes back for the
        corrected code: a small model reads the note and answers from that output all the same, and
        offered to explain why the result is right instead, it argues for it. Sent back once, it
        often agrees with the note in words ("The check is correct."), so it goes back twice; the
        loop makes the next call a focused one (the question, that run, this request), and its reply
        is shown, whatever it is."""
        if self.flagged is None or turn.last_run is not self.flagged:
            return None
        note = self.noted[normalise_code(self.flagged.code)][0]
        self.sent_back += 1
        if self.sent_back >= SEND_BACK:
            self.flagged = None
        how = "one line, then one ```python block" if turn.fenced else "a run_code call"
        return Review(
            show=False,
            retry=f"Not the answer yet: the check on the last result said {note} Reply with {how} that does what "
            "it says.",
        )


# Calls that bring data into a cell: a reader (read_csv, scan_parquet, json.load, open_dataset…),
# a file, workbook or database opened or queried, a folder listed, a web API asked.
_READS = re.compile(
    r"^(?:read|load|open|scan|connect|listdir|scandir|glob|iglob|walk|ZipFile|ExcelFile|sql|query|execute|get)"
)


def _number(node: ast.AST) -> float | None:
    """The value of a literal number (True and False are no numbers), else None."""
    value = node.value if isinstance(node, ast.Constant) else None
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def own_data(code: str, seen: str = "") -> str:
    """A note when `code` printed a result worked out only from values it wrote itself: it reads no
    file, uses no variable of an earlier cell, and types in rows (three or more values, not all of
    them numbers an output printed) or a number no output, cell or message of the chat (`seen`)
    holds. A small model that cannot load a file makes up a few rows "for example", and their sum
    looks like an answer; arithmetic on numbers an output printed is left alone."""
    tree = parsed(code)
    if tree is None or from_kernel(tree):
        return ""  # not Python ast can follow, or it uses what an earlier cell made
    said = {float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", seen.replace(",", ""))}
    rows, numbers = False, []
    # Text that is no data: a docstring, the parts of an f-string (a report's lines).
    worded = {id(c) for n in ast.walk(tree) if isinstance(n, ast.Expr | ast.JoinedStr) for c in ast.iter_child_nodes(n)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if _READS.match(_called(func)) and not (node.args and _typed_text(node.args[0])):
                return ""  # it reads data (not text it typed: read_csv(StringIO('''a,b ...''')))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in worded:
            # Lines pasted in as text (a log's lines from the preview): rows typed in all the same.
            rows = rows or len([line for line in node.value.splitlines() if line.strip()]) >= PASTED_LINES
        elif isinstance(node, ast.List | ast.Tuple | ast.Set):
            items = node.elts
            rows = rows or (
                len(items) >= 3
                and all(isinstance(i, ast.Constant | ast.Dict) for i in items)
                and any(_number(i) not in said for i in items)  # a dict, a string: None, never said
            )
        elif (number := _number(node)) is not None:
            numbers.append(number)
    unseen = [n for n in numbers if n not in said and not (abs(n) <= 12 or n in (24, 60, 100, 365, 1000, 3600))]
    if not rows and not unseen:
        return ""
    return (
        "the cell worked its result out from values written into the code itself; it read no data file and "
        "used no variable of an earlier cell, so its result says nothing about the data. Load the file the "
        "question is about and compute from its rows."
    )


PASTED_LINES = 3  # lines of text in one string that are rows typed in, not a message or a pattern


def _called(func: ast.AST) -> str:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _typed_text(arg: ast.AST) -> bool:
    """A reader's argument that is text the cell typed, as a file: StringIO/BytesIO (a string of
    several lines given to read_sql or execute is a query, not data)."""
    return isinstance(arg, ast.Call) and _called(arg.func) in ("StringIO", "BytesIO")


def other_file(question: str, code: str, files: list[str]) -> str:
    """A note when the question names a data file by its name and the cell, standing alone, reads
    other data files but never names that one: its result is about another file (a small model
    given the question about 'auth.log' read the workbook it had used before)."""
    tree = parsed(code)
    if tree is None or from_kernel(tree):
        return ""  # it may use what an earlier cell loaded from the named file
    strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    named = [f for f in dict.fromkeys(files) if re.search(rf"(?<![\w.-]){re.escape(f)}(?![\w-])", question)]
    read = [f for f in dict.fromkeys(files) if any(s == f or s.endswith("/" + f) for s in strings)]
    if not named or not read or set(named) & set(read):
        return ""
    return (
        f"the question is about {' and '.join(map(repr, named))}, but the cell read {', '.join(map(repr, read))} "
        f"and not {named[0]!r}, so its result is about another file. Load {named[0]!r} with the lines the data "
        "description gives for it, and compute from its rows."
    )


def members(files: list[FileProfile]) -> list[str]:
    """The files within files (an archive's CSVs) that tables load: a question may name one of
    them, and a cell read its neighbour."""
    return list(dict.fromkeys(m for f in files for t in f.tables if (m := member_of(f, t))))


def merged_as_filter(code: str, files: list[FileProfile], ran: str = "") -> str:
    """An inner merge (pandas' default) of two loaded tables after which the cell takes none of the
    second's own columns, with fewer rows in the second: it adds nothing and keeps only the rows
    whose key the other file has too, so a count or mean over the first file's records silently
    loses rows (a small model merges every file a question's preamble names)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return ""
    loaded = f"{ran}\n{code}"
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Assign) and isinstance(call := node.value, ast.Call)):
            continue
        func, target = call.func, node.targets[0]
        if not (isinstance(func, ast.Attribute) and func.attr == "merge" and isinstance(target, ast.Name)):
            continue
        args = [*([func.value] if not (isinstance(func.value, ast.Name) and func.value.id == "pd") else []), *call.args]
        keywords = {k.arg: k.value for k in call.keywords}
        sides = [
            keywords.get("left", args[0] if args else None),
            keywords.get("right", args[1] if len(args) > 1 else None),
        ]
        how = keywords.get("how", args[2] if len(args) > 2 else None)  # merge(left, right, how, on, ...)
        if not all(isinstance(a, ast.Name) for a in sides) or not (how is None or _constant(how) == "inner"):
            continue
        frames = [a.id for a in sides if isinstance(a, ast.Name)]
        found = [frame_table(f, loaded, files) for f in frames]
        if not (found[0] and found[1]) or found[0][1] is found[1][1]:
            continue
        (where, first), (other_where, second) = found[0], found[1]
        if first.rows is None or second.rows is None or first.rows <= second.rows:
            continue  # a merge that keeps as many rows as the other file has may well drop none
        later = [n for n in ast.walk(tree) if getattr(n, "lineno", 0) > node.lineno]
        if not any(isinstance(n, ast.Name) and n.id == target.id for n in later):
            continue  # the merged frame is never used
        taken = {n.value for n in later if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        taken |= {n.attr for n in later if isinstance(n, ast.Attribute)}
        own = {c.name for c in second.columns} | set(second.unprofiled)
        own -= {c.name for c in first.columns} | set(first.unprofiled)
        if own & taken or not taken & {c.name for c in first.columns}:
            continue
        return (
            f"the merge of `{frames[0]}` with `{frames[1]}` takes none of {other_where}'s own columns, and an inner "
            f"merge keeps only the rows whose key is in both ({where}: {first.rows:,} rows; {other_where}: "
            f"{second.rows:,}): rows of `{frames[0]}` are silently dropped. If the question is about {where}'s "
            f"records, compute on `{frames[0]}` itself, without the merge."
        )
    return ""


def _constant(node: ast.AST) -> object:
    return node.value if isinstance(node, ast.Constant) else None


def empty_selection(outcome: Outcome, files: list[FileProfile], ran: str = "") -> str:
    """A note when a run failed taking an item of something empty (`.iloc[0]`, `idxmax()`, `max()`
    of nothing): the error names the symptom, while the cause is a filter above it that kept no
    rows, which no error reported."""
    if not _NONE_TO_TAKE.search(outcome.error_value):
        return ""
    why = value_not_held(outcome.code, files, ran) or spellings_apart(outcome.code, files, ran)
    why = why or written_otherwise(outcome.code, files, ran)
    return "it failed taking an item of an empty selection: a filter above kept no rows" + (
        f". {why[0].upper()}{why[1:]}"
        if why
        else ": print len() after each filter, and value_counts() of each column it compares, to see how the data "
        "writes the values."
    )


# Rows that `==` on a one-valued column may rightly keep: those of another frame merged or concatenated in.
_OTHER_ROWS = r"\.merge\(|\bpd\.concat\(|\.join\("


def _changed(column: str, code: str, ran: str) -> bool:
    """`column` is assigned or converted in `code` or the cells run before it (`ran`)."""
    ref = column_pattern(column)
    changed = _unstripped(ref, unfolded(ran + "\n" + code))
    return bool(re.search(ref + r"\s*=[^=]", changed)) or converts(column, changed)


def empty_compared(code: str, files: list[FileProfile], ran: str = "") -> str:
    """A note when `code` selects rows by a value of a column the preview said is empty in every row
    of a table read whole (an API answer's 'reporterDesc' beside its 'reporterCode'): the filter
    keeps no row, and a sum over them is 0 with no error."""
    for f in files:
        for t in f.tables:
            for c in t.columns:
                if not (t.whole and c.empty):
                    continue
                ref = column_pattern(c.name)
                if _changed(c.name, code, ran):
                    continue  # filled in a cell: not what the preview saw
                if any(o.name == c.name and o.distinct for g in files for u in g.tables for o in u.columns):
                    continue  # a column of this name that holds values (another file's) may be the one
                if said := compared_with(ref, code, "==|!="):
                    # A column named alike that holds values: 'reporterCode' beside 'reporterDesc'.
                    alike = [o.name for o in t.columns if o.distinct and len(commonprefix([o.name, c.name])) >= 4]
                    beside = f" ({alike[0]!r} beside it holds values)" if alike else ""
                    return (
                        f"{c.name!r} is empty in every row (no value at all), so comparing it with {said[0]!r} "
                        f"keeps no rows. Select by a column that holds values{beside}; where it holds codes, a "
                        "Join line of the preview may say which file names them. Then compute again."
                    )
    return ""


def value_not_held(code: str, files: list[FileProfile], ran: str = "") -> str:
    """A note when `code` selects rows of a column by a value that column never holds but another
    column does, or spells otherwise (the preview lists every value of a column of few, in a table
    read whole): the filter keeps none of the rows meant, and no error says so. A value no column
    holds may rightly select nothing: no note. Nor by the only value a column holds: that keeps
    every row, which is the answer when the file is of that value only (one area's tests, filtered
    by the area) and not when the question means rows another column tells apart; a note that
    said so turned right answers wrong."""
    columns = [c for f in files for t in f.tables for c in t.columns if t.all_values(c)]
    for c in columns:
        ref = column_pattern(c.name)
        if _changed(c.name, code, ran):
            continue  # changed in a cell: what it holds then is not what the preview saw
        # Codes are named only where no column of this name is in a table not read whole, and no
        # rows of another frame are joined.
        unlisted = any(o.name == c.name and not t.all_values(o) for f in files for t in f.tables for o in t.columns)
        codes_only = not unlisted and not re.search(_OTHER_ROWS, code)
        for literal in compared_with(ref, code, "=="):
            if any(literal in o.values for o in columns if o.name == c.name):
                continue  # (a column of this name in another file may be the one filtered)
            # Case, spaces and hyphens aside ('MERCEDES BENZ' for 'Mercedes-Benz'), and the same name
            # shorter or longer by whole words ('MERCEDES'): a register writes one name several ways.
            named = words(literal)
            spelled = [v for v in c.values if named and "".join(words(v)) == "".join(named)]
            kin = [v for v in c.values if v not in spelled and _word_start(words(v), named)]
            holders = [o.name for o in columns if o.name != c.name and literal in o.values]
            # A value of another column with a word of the question after it ('BLUE Tilt': Color 'BLUE').
            begun = [
                (o.name, v)
                for f in files
                for t in f.tables
                for o in t.columns
                if t.all_values(o) and o.name != c.name
                for v in o.values
                if len(v.strip()) > 1
                and len(words(v)) < len(named)
                and _word_start(words(v), named)
                # the words after it name the file's subject ('Tilt' of Tilt_log.csv), not a place's rest
                and set(named[len(words(v)) :]) <= set(words(f.name))
            ]
            # Part of the values ('P1' of 'P1 - Emergency (24 hrs)'): == matches none of them.
            part = literal.strip().casefold()
            within = [v for v in c.values if len(part) >= 2 and part in v.casefold()]
            coded = codes_only and _coded(c.values, literal)
            if not (spelled or holders or within or begun) and coded:
                values = ", ".join(repr(v) for v in c.values)
                return (
                    f"{literal!r} is never a value of {c.name!r}, whose values are codes: {values}. This filter "
                    "keeps no rows; if the question means one of these codes, select by it and compute again."
                )
            if spelled or holders or within or begun:
                also = f" (and {', '.join(map(repr, spelled[1:]))}: .isin([...]) of them all)" if spelled[1:] else ""
                if kin:  # 'MERCEDES' may be the same make, 'GUINEA-BISSAU' is not Guinea: the model is to judge
                    also += f"; also in the data, maybe the same or not: {', '.join(map(repr, kin))}"
                how = (
                    f"the data spells it {spelled[0]!r}{also}"
                    if spelled
                    else f"it is a value of {holders[0]!r}"
                    if holders
                    else f"it is part of {within[0]!r}: .str.contains({literal!r}, regex=False) selects those rows"
                    if within
                    else f"it begins with {begun[0][1]!r}, a value of {begun[0][0]!r}: select by that column"
                )
                values = ", ".join(repr(v) for v in c.values)
                return f"{literal!r} is never a value of {c.name!r} (its values: {values}), so this filter keeps no rows; {how}."
    return ""


def column_named_as_value(code: str, files: list[FileProfile], ran: str = "") -> str:
    """A note when `code` compares a column with the name of another column of its table
    (`df['type'] != 'mainSleep'`, where 'mainSleep' is a True/False column of its own): no row
    holds that text, so `==` keeps none and `!=` keeps every row, and no error says so."""
    for f in files:
        for t in f.tables:
            names = {c.name for c in t.columns} | set(t.unprofiled)
            for c in t.columns:
                if _changed(c.name, code, ran) or not t.all_values(c):
                    continue  # (a value it holds may be unlisted: no note)
                for literal in compared_with(column_pattern(c.name), code, "==|!="):
                    if literal == c.name or literal not in names or literal in c.values:
                        continue
                    held = [o for o in t.columns if o.name == literal]
                    values = (
                        ", a True/False column"
                        if held and held[0].dtype == "bool"
                        else f" (values: {', '.join(map(repr, held[0].values[:6]))})"
                        if held and held[0].values
                        else ""
                    )
                    return (
                        f"{literal!r} is the name of a column of {f.name}{values}, not a value of {c.name!r}: comparing "
                        f"{c.name!r} with it keeps no rows with ==, and every row with !=. Select by that column "
                        f"itself and compute again."
                    )
    return ""


_KEPT_ONLY = re.compile(r"^(\w+)\s*=\s*\1\[\s*\1\[\s*(['\"])(.+?)\2\s*\]\s*==\s*(['\"])(.*?)\4\s*\]$")


def filters_exclude(code: str) -> str:
    """A note when a frame cut down to the rows of one value of a column (`df = df[df['c'] == 'a']`)
    is then selected by another value of that column: no row is left to hold it, and the count is
    0 (or the sum, the mean nothing) with no error. Statements of the cell's top level only, in
    order, up to one that binds the frame anew or holds a block (a branch, a loop, a function may
    or may not run, or have its own frame of that name)."""
    tree = parsed(code)
    body = tree.body if tree is not None else []
    for i, stmt in enumerate(body):
        kept = _KEPT_ONLY.match(ast.unparse(stmt)) if isinstance(stmt, ast.Assign) else None
        if kept is None:
            continue
        frame, column, value = kept.group(1), kept.group(3), kept.group(5)
        for later in body[i + 1 :]:
            if not isinstance(later, (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign)):
                break
            text = ast.unparse(later)
            for other in compared_with(rf"\b{frame}" + column_pattern(column), text, "=="):
                if other != value:
                    return (
                        f"`{frame}` was cut to the rows whose {column!r} is {value!r}, and then selected by "
                        f"{column!r} == {other!r}: none of its rows is left to hold that value, so the selection "
                        "is empty. Select from the rows before the first filter."
                    )
            if any(isinstance(n, ast.Name) and n.id == frame and isinstance(n.ctx, ast.Store) for n in ast.walk(later)):
                break  # made anew: what it holds then is not this filter's
    return ""


def _word_start(some: list[str], other: list[str]) -> bool:
    """Whether one list of words begins the other, neither empty nor the same."""
    short, long = sorted((some, other), key=len)
    return bool(short) and len(short) < len(long) and long[: len(short)] == short


_CODE = re.compile(r"[A-Z][A-Z0-9_-]{0,9}")  # 'ES', 'EU27_2020', 'PCH_SM': capitals, not words ('Male')


def _coded(values: list[str], literal: str) -> bool:
    """A column of short codes compared with a code it lacks: a code guessed ('SP' for Spain, whose
    code here is 'ES'), more likely than one asked for and absent. Words absent may rightly select
    nothing ('Bakery' among shop types, 'Other' beside 'Male' and 'Female')."""
    return len(values) >= 2 and all(_CODE.fullmatch(v) for v in [*values, literal])


def _unstripped(ref: str, code: str) -> str:
    """`code` without the lines that only strip the spaces around a column's values in place
    (`df['c'] = df['c'].str.strip()`): each value is spelled as the preview saw it."""
    only = rf"^[ \t]*\w+{ref}\s*=\s*\w+{ref}\.str\.[lr]?strip\(\)[ \t]*(?:#.*)?$"
    return re.sub(only, "", code, flags=re.MULTILINE)


def spellings_apart(code: str, files: list[FileProfile], ran: str = "") -> str:
    """A note when `code` selects rows of a column by a value (`== 'x'`, `.isin([...])`) or groups or
    counts by it, where the preview found one value written several ways ('urgent', 'Urgent'), and
    neither it nor the code before it (`ran`) made them one: the filter keeps only the rows written
    that way, the groups count them apart, and no error says so."""
    named = [f for f in files if f.name in code] or files
    notes = _holding(named, "several spellings", "one value written in several cases", "one code is spelled")
    for column, note in notes.items():
        ref, name = column_pattern(column), re.escape(column)
        if converts(column, f"{ran}\n{code}") or re.search(ref + r"\s*=[^=]", unfolded(f"{ran}\n{code}")):
            continue  # made one (a string method, map, astype) or replaced
        examples = note.split("(", 1)[-1].split("):", 1)[0]
        spelled = {v.strip().casefold() for v in re.findall(r"'([^']*)'", examples)}
        selected = any(v.strip().casefold() in spelled for v in compared_with(ref, code, "==|!="))
        grouped = re.search(
            rf"groupby\(\s*(?:\[[^\]]*)?['\"]{name}['\"]|pivot_table\([^)]*['\"]{name}['\"]|"
            + ref
            + r"\.(?:value_counts|nunique|mode)\(",
            code,
        )
        if selected or grouped:
            what = (
                "a comparison with one spelling keeps only the rows written that way"
                if selected
                else "grouping or counting by it counts each spelling apart"
            )
            start = re.search(r"\b[A-Za-z_]\w*\[", note)  # df[...], or a database table's frame
            recipe = re.sub(r" makes them one .*$", "", note[start.start() :] if start else "")
            how = f": {recipe}" if recipe else ""
            return (
                f"{column!r} holds one value written several ways ({examples}), so {what}, with no error. Make the "
                f"spellings one first{how}, then compute again."
            )
    return ""


def dates_matched_as_text(code: str, files: list[FileProfile], ran: str = "") -> str:
    """A note when `code` matched or compared as text a column of dates the preview found in several
    formats, and neither it nor the code that ran before it (`ran`) converted the column."""
    notes = _holding(files, "dates in several formats", "dates as text")
    for m in [*_TEXT_MATCH.finditer(code), *_TEXT_MATCHED.finditer(code)]:
        column, found = m["key"] or m["attr"], m.groupdict()
        literal = next((found[g] for g in ("arg", "cmp", "low") if found.get(g) is not None), None)
        if literal is not None and not found.get("sliced") and _ANY_FORMAT.fullmatch(literal):
            continue  # a year, or nothing: the same in every format
        if column in notes and not converted(column, f"{ran}\n{code}"):
            expr, _, remark = notes[column].split(": ", 1)[-1].partition("; ")
            return (
                f"{column!r} holds dates written as text in several formats, so a text match or comparison finds "
                f"only the rows written one way. Convert the column first, `df[{column!r}] = {expr}`"
                + (f" ({remark})" if remark else "")
                + ", then filter or group with .dt."
            )
    return ""


_EIGHT_DIGITS = re.compile(_COLUMN + r"\s*(?:[<>]=?|[=!]=)\s*(?P<num>(?:19|20)\d{6})\b")


def compact_dates_as_numbers(code: str, files: list[FileProfile]) -> str:
    """A note when `code` compares a column the load lines made dates (it holds 20250526 in the
    file) with such a number: a date is never equal to a number, so the filter keeps no rows, and
    no error says so."""
    dated = {c.name for f in files for t in f.tables for c in t.columns if c.converted and c.dtype in ("int", "float")}
    for m in _EIGHT_DIGITS.finditer(code):
        column, number = m["key"] or m["attr"], m["num"]
        if column in dated:
            day = f"{number[:4]}-{number[4:6]}-{number[6:]}"
            return (
                f"{column!r} holds dates after the load lines (the file writes them as numbers like {number}), "
                f"and a date is never equal to a number, so this comparison keeps no rows. Compare with "
                f"pd.Timestamp({day!r}) and compute again."
            )
    return ""


def numbers_used_as_text(code: str, files: list[FileProfile], ran: str = "") -> str:
    """A note when `code` adds, ranks or sorts a column the preview found holding numbers as text, and
    neither it nor the code that ran before it touched that column with a conversion."""
    notes = _holding(files, "numbers", "numbers written as text", "percentages as text")
    notes |= _holding(files, "numbers with units", "numbers with different units")
    for m in _ORDERED.finditer(code) if notes else ():
        column = m["key"] or m["attr"] or m["by"] or m["key2"] or m["attr2"]
        if column in notes and not converts(column, f"{ran}\n{code}"):
            recipe = notes[column].split(": ", 1)[-1]
            return (
                f"{column!r} holds numbers written as text, and this cell used it as it is: a sum of text joins "
                "the values end to end, and max, min and sorting compare them as words, with no error. Convert it "
                f"to numbers first ({recipe}), then compute again."
            )
    return ""


def missing_kept(code: str, files: list[FileProfile], ran: str = "") -> str:
    """A note when `code` keeps rows by `column != 0` (or `!= ''`), meaning those that have a value,
    on a column the preview found values missing in, which neither it nor the code before it
    (`ran`) filled or dropped: NaN != 0 is True, so the missing rows pass, with no error."""
    used = f"{ran}\n{code}"
    for c in (c for f in files for t in f.tables for c in t.columns if c.missing):
        ref = column_pattern(c.name)
        if not re.search(ref + r"\s*\)?\s*!=\s*(?:0(?:\.0*)?|''|\"\")(?![\w.])", code):
            continue
        if re.search(ref + r"\s*\.(?:fillna|dropna|notna|notnull|isna|isnull)\(", used) or re.search(
            r"dropna\([^)]*" + re.escape(repr(c.name)[1:-1]), used
        ):
            continue
        return (
            f"{c.name!r} has {c.missing} missing value(s), and NaN != 0 is True, so `!= 0` keeps the rows where it "
            f"is missing. To keep the rows that have a value, use .notna() (or .dropna(subset=[{c.name!r}])), then "
            "compute again."
        )
    return ""


_UNITS_LISTED = re.compile(
    r"; units ((?:'[^']*'(?:, )?)+)(?: on some rows[^)]*)?\)"
)  # in the preview's note on numbers with units


def units_ignored(code: str, files: list[FileProfile], ran: str = "") -> str:
    """A note when `code` used numbers written in several units, row by row, and neither it nor the
    code before it (`ran`) ever took the unit: a column of numbers with their units as text, whose
    units the code never names, or a number column beside a column of units (the column just
    before it) that the code never used. Sums, means and maxima then mix the units, with no error."""
    used = f"{ran}\n{code}"
    if not _AGGREGATE.search(code):
        return ""  # a look at the values is no result yet
    for t in (t for f in files for t in f.tables):
        for i, c in enumerate(t.columns):
            if c.holds == "numbers with units" and re.search(column_pattern(c.name), code):
                listed = next((m[1] for n in c.notes if (m := _UNITS_LISTED.search(n))), "")
                units = re.findall(r"'([^']+)'", listed)
                if units and not any(re.search(rf"['\"]{re.escape(u)}['\"]", used) for u in units):
                    return (
                        f"{c.name!r} holds numbers in several units ({', '.join(repr(u) for u in units)}), and the "
                        "cell took the numbers without their units, so it mixed them. Take each row's unit too and "
                        "convert every row to the one unit asked for, then compute again."
                    )
            if (
                c.holds == "units"
                and i
                and re.search(column_pattern(t.columns[i - 1].name), code)
                and not re.search(column_pattern(c.name), used)
            ):
                number = t.columns[i - 1].name
                return (
                    f"{c.name!r} gives the unit of {number!r} row by row ({', '.join(repr(v) for v in c.values)}), and "
                    f"the cell never used it, so its result mixes units. Convert each row of {number!r} by its "
                    f"{c.name!r} to the one unit asked for, then compute again."
                )
    return ""


def records_for_lines(question: str, code: str, files: list[FileProfile]) -> str:
    """A note when a question about a log's lines was answered from its records' frame (`df`: the
    lines of the record shape only, the requests of a server log) where the preview offered a frame
    of every line (`all_lines`): counts and shares over lines then leave the other lines out."""
    used = re.search(r"\ball_lines\b(?!\s*=[^=])", code)  # read, not only made (the opening makes it)
    if not re.search(r"\blines?\b", question, re.IGNORECASE) or used:
        return ""
    for f in files:
        shares = re.search(r"# (\d+) of the (\d+) lines are (\w+)", f.lines)
        every = re.search(r"^all_lines = .*$", f.lines, re.M)
        if f.kind != "lines" or not every or not shares or not re.search(r"\bdf\b", code):
            continue
        # Only fields every line has: a request's status or path is the records' own (a right df).
        fields = set(re.findall(r"\(\?P<(\w+)>", every.group(0)))
        read = set(re.findall(r"\bdf\[['\"](\w+)['\"]\]|\bdf\.(\w+)\b(?!\()", code))
        columns = {a or b for a, b in read}
        part, whole, what = shares.groups()
        if columns and columns <= fields and not re.search(rf"\b{re.escape(what.rstrip('s'))}", question, re.I):
            return (
                f"the question is about lines of {f.name}, and the cell computed from df, which holds only the "
                f"{part} {what} of its {whole} lines; all_lines (in the load block) holds every line with its "
                "fields: compute from it and run again."
            )
    return ""


_AGGREGATED = r"\s*\.\s*(?:sum|mean|median|std|var|count|value_counts|describe|quantile|cumsum)\("
_EXPLODED = re.compile(r"\.explode\(\s*(['\"])(.+?)\1")


def record_fields_on_items(code: str, files: list[FileProfile]) -> str:
    """A note when the cell made the preview's table of a list's items (one row per item, each
    beside the fields of the record it is in) and then summed, averaged or counted a record's own
    field there: every record repeats once per item, so the result is over items, not records (897
    sleep stages for 33 nights, each night's minutes asleep counted some 27 times). No note where
    an item's own field is read ('level', 'seconds'), the rows are grouped or made one per record
    again, or a record's field only selects items, lists values or takes the largest."""
    made = {m.group(2) for m in _EXPLODED.finditer(code)}
    for f in files:
        records = [t for t in f.tables if ".explode(" not in t.load]
        for t in f.tables:
            path = [m.group(2) for m in _EXPLODED.finditer(t.load)]
            if len(path) != 1 or path[0] not in made or not records:
                continue
            rec = records[0]
            fields = {c.name for c in rec.columns} | set(rec.unprofiled)
            own = {c.name for c in t.columns} - fields
            loaded = {line.strip() for line in t.load.splitlines()}
            rest = "\n".join(line for line in code.splitlines() if line.strip() not in loaded)
            if re.search(r"drop_duplicates|nunique|\.first\(\)|groupby\(", rest):
                continue  # brought back to one row per record, or one per group of them
            if any(re.search(column_pattern(n), rest) for n in own):
                continue  # an item's own field read: the table of items is the one
            # A record's field summed, averaged or counted over the items (not listed, nor its largest).
            used = [n for n in sorted(fields) if re.search(column_pattern(n) + _AGGREGATED, rest)]
            if not used:
                continue
            sizes = f" ({t.rows:,} rows for {rec.rows:,} records)" if t.rows and rec.rows else ""
            return (
                f"the cell made the table of the items of {path[0]!r}, one row per item{sizes}, and then summed, "
                f"averaged or counted the records' own fields ({', '.join(map(repr, used[:4]))}): each record repeats "
                "on every one of its items, so it counts once per item. Leave out the explode lines and compute on "
                "the records' own table, one row per record."
            )
    return ""


# Units a column's name may end with (`ELEV_IN_FT`, `temp_c`, `Weight (lb)`) and a question may ask in,
# by what they measure: (unit, the words that say it in a question, its short forms in a name).
_NAMED_UNITS = {
    "length": [
        ("feet", r"feet|foot|ft", {"ft", "feet"}),
        ("metres", r"met(?:er|re)s?|m", {"m", "meters", "metres"}),
        ("miles", r"miles?|mi", {"mi", "miles"}),
        ("kilometres", r"kilomet(?:er|re)s?|km", {"km"}),
    ],
    "weight": [
        ("kilograms", r"kilograms?|kg", {"kg"}),
        ("pounds", r"pounds?|lbs?", {"lb", "lbs"}),
        ("grams", r"grams?|g", {"g"}),
    ],
    "temperature": [
        ("Fahrenheit", r"fahrenheit|°\s*f|degrees f", {"f", "degf"}),
        ("Celsius", r"celsius|centigrade|°\s*c|degrees c", {"c", "degc"}),
    ],
}


def _name_unit(name: str) -> tuple[str, str, str] | None:
    """(what it measures, unit, the name without it) a column's name ends with: its last word
    (`ELEV_IN_FT`, `tempF`)."""
    parts = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", name)
    last = parts[-1].lower() if len(parts) >= 2 else ""
    stem = " ".join(p.lower() for p in parts[:-1])
    found = [(what, unit) for what, units in _NAMED_UNITS.items() for unit, _, short in units if last in short]
    return (*found[0], stem) if found else None


def unit_of_other_column(question: str, code: str, files: list[FileProfile]) -> str:
    """A note when the question asks for a quantity in one unit and the cell read a column whose name
    gives it in another, while a column of the same table gives it in the unit asked (ELEV_IN_M read
    for a question in feet, ELEV_IN_FT beside it): no error says so, and the number is of another
    scale."""
    if re.search(r"[*/]", code) and re.search(r"\d\.\d|\b\d+\s*/\s*\d", code):
        return ""  # multiplied or divided, a factor in the cell (3.28, 9 / 5): perhaps the conversion itself
    for t in (t for f in files for t in f.tables):
        units = {c.name: u for c in t.columns if (u := _name_unit(c.name))}
        for name, (what, unit, stem) in units.items():
            if not re.search(column_pattern(name), code):
                continue
            # The same quantity in another unit: the same name but for the unit (ELEV_IN_M, ELEV_IN_FT),
            # which also keeps a one-letter 'M' or 'C' of a code (Size_M, Grade_C) out.
            for other, (what2, unit2, stem2) in units.items():
                if what2 != what or unit2 == unit or stem2 != stem or re.search(column_pattern(other), code):
                    continue
                said = next(words for u, words, _ in _NAMED_UNITS[what] if u == unit2)
                mine = next(words for u, words, _ in _NAMED_UNITS[what] if u == unit)
                # The question's unit: after a number or as a word of its own; not the column's own unit too.
                asks = re.search(rf"(?<![\w.'’])(?:{said})(?!\w)", question, re.IGNORECASE)
                if asks and not re.search(rf"(?<![\w.'’])(?:{mine})(?!\w)", question, re.IGNORECASE):
                    return (
                        f"the question asks in {unit2}, but the cell read {name!r}, which is in {unit}; "
                        f"{other!r} gives the same in {unit2}. Use {other!r} and compute again."
                    )
    return ""


# A question after the group with the most (or least) of a quantity: "the day with the most hours".
_MOST_OF = re.compile(
    r"\b(?:most|fewest|least|highest|lowest|largest|smallest|biggest)\s+(?:total\s+)?(?P<what>hours|minutes|seconds"
    r"|kilomet(?:er|re)s|km|miles|metres|meters|kilograms|kg|tonnes|tons|litres|liters|dollars|pounds|euros|money"
    r"|revenue|spending|spend|cost|costs|sales|points|goals|distance|time|duration|energy|rainfall|precipitation"
    r"|amount|value|volume|weight|mileage)\b",
    re.IGNORECASE,
)
# A result that counts rows per group: the mode, value_counts, a group's size or count.
_ROWS_COUNTED = re.compile(r"\.(?:mode|value_counts)\(|\.size\(\)|\.count\(\)")
_SUMMED = re.compile(r"\.(?:sum|agg|aggregate|apply|transform|cumsum|pivot_table)\(|\bsum\(|\.resample\(")


# Short forms a column's name gives a quantity in ('Duration (h)').
_UNITS = {
    "hours": {"h", "hr", "hrs", "duration"},
    "minutes": {"min", "mins", "duration"},
    "seconds": {"s", "sec", "secs", "duration"},
    "time": {"duration"},
}


# A question about a part of a whole: the share is 0-100 % (a difference of two shares, -100 to 100
# points). Growth, change and ratios may pass 100; so does a rate (per 1,000, per hour).
_SHARE = re.compile(r"\b(?:percentage|percent|per cent|share|proportion)\b", re.IGNORECASE)
# Shares of something other than a whole, which may pass 100: growth, a gap to another value, a target.
_NOT_A_SHARE = re.compile(
    r"\b(?:increas|decreas|grow|grew|chang|rise|rising|rose|fell|fall|ratio|times|rate|per (?!cent)|higher|lower"
    r"|more|less|than|differ|target|goal|markup|margin|above|below|over|exceed)\w*",
    re.I,
)
_NUMBER = r"-?\d[\d,]*(?:\.\d+)?"
_MARKED = re.compile(rf"({_NUMBER})\s*(?:%|percent|per cent)", re.I)  # a number given as a percentage
_BARE = re.compile(rf"^\s*({_NUMBER})\s*$")  # a line that is a number alone
_LABELLED = re.compile(rf"^(.*?)(?:[:=]|\bis)\s*({_NUMBER})\s*$")  # 'Share of card payments: 412.5'


def _share_given(printed: str) -> str:
    """The share an output gives: the last number marked as a percentage; else its last line if that
    is a number alone or one whose label says share or percentage; else ""."""
    lines = [line for line in printed.splitlines() if line.strip()]
    marked = [m.group(1) for line in lines for m in _MARKED.finditer(line)]
    if marked or not lines:
        return marked[-1] if marked else ""
    if m := _BARE.match(lines[-1]):
        return m.group(1)
    m = _LABELLED.match(lines[-1])
    return m.group(2) if m and _SHARE.search(m.group(1)) else ""


def share_out_of_range(question: str, printed: str) -> str:
    """A note when the question asks for a share (a percentage of a whole, or the gap between two
    shares) and the share the output gives is beyond 100: no part is more than its whole, so the
    count above the division holds rows the one below does not (a filter or frame on one side
    only), or the share was multiplied by 100 twice."""
    if not _SHARE.search(question) or _NOT_A_SHARE.search(question):
        return ""
    given = _share_given(printed)
    try:
        if not given or abs(float(given.replace(",", ""))) <= 100:
            return ""
    except ValueError:
        return ""
    return (
        f"the question asks for a share, and {given} is beyond 100 %: a part is never more "
        "than its whole (a gap between two shares is at most 100 points). The count above the division holds rows "
        "the one below does not (a filter, or another frame, on one side only), or the share was multiplied by 100 "
        "twice. Print the numerator and the denominator, make both count the same rows, and compute again."
    )


def counted_not_summed(question: str, code: str, files: list[FileProfile]) -> str:
    """A note when the question asks which group has the most of a quantity (hours, km, money),
    a column of numbers holds that quantity (its name says it: 'Points', 'Duration (h)'), and the
    code counts rows per group (mode, value_counts, size) with no sum and never uses that column:
    the day with the most entries is not the day with the most hours. Where each row is one of
    what is counted (a row per goal), no column holds it, and counting is right."""
    m = _MOST_OF.search(question)
    if not m or not _ROWS_COUNTED.search(code) or _SUMMED.search(code):
        return ""
    what = m["what"].lower()
    forms = {what, what.rstrip("s"), *_UNITS.get(what, set())}
    held = [
        c.name
        for f in files
        for t in f.tables
        for c in t.columns
        if c.dtype in ("int", "float") and forms & set(words(c.name)) and not re.search(_mentions(c.name), code)
    ]
    if not held:
        return ""
    return (
        f"the question asks for the most {what}, a total per group, and the code counts rows (mode, value_counts, "
        f"size): the group with the most rows is not the one with the most {what}. Sum {held[0]!r} per group, "
        f"df.groupby(<group>)[{held[0]!r}].sum(), then take its idxmax()."
    )


# Words a question uses for what it asks, not for which column: a column named only with them
# ("total", "count") is no sign of what the question is about.
_ASKING = {"total", "count", "sum", "mean", "average", "avg", "max", "min", "number", "value", "first", "last", "top"}


def unused_column(question: str, code: str, files: list[FileProfile], ran: str = "") -> str:
    """A note when the question names a column of a described table (every word of its name is a
    word of the question) that neither `code` nor the code that ran before it (`ran`) used: the
    result was worked out from something else (an age from a date, with an age column there). A
    column overwritten with values computed from other columns (`df['age'] = ...` that does not
    read df['age']), and not read before, counts as unused: its own values never were. No note
    when another column the question names was used."""
    said = set(words(question))
    used = f"{ran}\n{code}"
    # The columns past those profiled count too, by name ('Cancelled', the 48th of 109, used).
    names = [(f, n) for f in files for t in f.tables for n in [*(c.name for c in t.columns), *t.unprofiled]]
    named = [
        (f, n)
        for f, n in names
        if (parts := words(n))
        and set(parts) <= said
        and not set(parts) <= _ASKING
        and max(map(len, parts)) >= 3
        and not all(p.isdigit() for p in parts)  # a year as a column name: a wide table, melted
    ]
    unused = [(f, n) for f, n in named if not re.search(_mentions(n), _before_replaced(n, used))]
    # When a column the question names was used, the result was worked out from it: another one
    # named too may only describe it ("no reading value ... the meter could not be read").
    if not unused or len(unused) < len(named):
        return ""
    f, name = unused[0]
    return (
        f"the question names {name!r}, a column of {f.name}, and the code never used that column, "
        f"so it worked the result out from something else. Compute it from the column {name!r} "
        "itself, then answer."
    )


def _mentions(column: str) -> str:
    """A pattern for `column` named anywhere: as a string ('c', in a list or a call) or as `.c`."""
    return rf"['\"]{re.escape(column)}['\"]|\.{re.escape(column)}\b"


def _before_replaced(column: str, code: str) -> str:
    """`code` up to the first line that replaces `column` whole with values not read from it
    (`df['c'] = <no df['c'] on the right>`); all of it when no line does."""
    mentions = _mentions(column)
    target = re.compile(
        rf"^\s*\w+(?:\[\s*['\"]{re.escape(column)}['\"]\s*\]|\.{re.escape(column)})\s*=(?!=)(?P<rhs>.*)$"
    )
    lines = code.splitlines()
    for i, line in enumerate(lines):
        m = target.match(line)
        if m and not re.search(mentions, m["rhs"]):
            return "\n".join(lines[:i])
    return code


def _holding(files: list[FileProfile], holds: str, *starts: str) -> dict[str, str]:
    """The columns that hold `holds` as text, with the preview's note on each (the one that begins
    with one of `starts`: it carries the conversion)."""
    return {
        c.name: next((n for n in c.notes if n.startswith(starts)), "")
        for f in files
        for t in f.tables
        for c in t.columns
        if c.holds == holds
    }


# Calls that work a result out of data: a name assigned one and never read again was computed for nothing.
_RESULTS = {"sum", "mean", "median", "count", "size", "nunique", "max", "min", "idxmax", "idxmin", "std", "var"}
_RESULTS |= {"corr", "value_counts", "groupby", "agg", "quantile", "nlargest", "nsmallest", "resample", "pivot_table"}


def unused_result(code: str, printed: str) -> str:
    """A note when the cell assigns a name a computed result (`total = df['n'].sum()`), never reads
    that name again, nor works the same out again, and prints something: what it printed does not
    come from that result (a small model works out the total per day, then prints the latest date
    as the busiest one)."""
    body = tree.body if printed.strip() and (tree := parsed(code)) is not None else []
    for i, statement in enumerate(body):
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
            continue
        target, value = statement.targets[0], statement.value
        outer = value.value if isinstance(value, ast.Subscript) else value  # total = df.sum()['n']
        worked = isinstance(outer, ast.Call) and isinstance(outer.func, ast.Attribute) and outer.func.attr in _RESULTS
        if not isinstance(target, ast.Name) or not worked:
            continue  # a plot, a frame loaded or reshaped: no result of its own
        after = "\n".join(ast.unparse(s) for s in body[i + 1 :])
        if not re.search(rf"\b{target.id}\b", after) and ast.unparse(value) not in after:
            return (
                f"the cell computes {target.id!r} and never uses it, so what it printed does not come from that "
                f"result. Print what the question asks, worked out from {target.id!r}, then answer."
            )
    return ""


def case_mismatch(code: str) -> str:
    """A note when `code` changes the case of text (.str.lower()) and compares the result with a
    literal in the other case: the comparison can never be true, and no error says so."""
    found = [(m["case"], m) for m in re.finditer(_CASED + _COMPARED, code)]
    for m in _ASSIGNED.finditer(code):  # then compared further down
        ref = column_pattern(m["key"]) if m["key"] else rf"\b{m['var']}"
        found += [(m["case"], c) for c in re.finditer(ref + _COMPARED, code[m.end() :])]
    for case, c in found:
        fold = str.upper if case == "upper" else str.lower
        literals = re.findall(r"['\"]([^'\"]*)['\"]", c["list"]) if c["list"] is not None else [c["lit"] or c["sub"]]
        wrong = next((t for t in literals if fold(t) != t), None)
        if wrong is not None:
            return (
                f"the cell changed the text to {'upper' if case == 'upper' else 'lower'} case, then compared it "
                f"with {wrong!r}, which is not in that case, so it can never match. Compare with {fold(wrong)!r}."
            )
    return ""


def coerced_words_only(code: str, files: list[FileProfile]) -> bool:
    """`code` coerces columns the preview listed every value of, and in each the values that hold a
    number are written alike (a plain number, the same symbols around it): what errors='coerce' makes
    NaN is the values with no number in them ('Free', '-'), or all of them, which other checks see."""
    calls = re.findall(r"to_numeric\(\s*\w+(?:\[\s*['\"]([^'\"]+)['\"]\s*\]|\.(\w+))", code)
    named = {a or b for a, b in calls}
    # The preview named the words among the numbers ('ABS', 'DEF') and offered this coercion itself.
    words = {c.name for f in files for t in f.tables for c in t.columns if c.holds == "numbers and words"}
    if named and named <= words and len(_COERCE.findall(code)) <= len(calls):
        return True
    known = {c.name: c for f in files for t in f.tables for c in t.columns if t.all_values(c)}
    if not named or not named <= known.keys() or len(_COERCE.findall(code)) > len(calls):
        return False  # another coercion in the cell (dates, an apply) is not vouched for
    for name in named:
        numbers = [v.strip() for v in known[name].values if re.search(r"\d", v)]
        shapes = {re.sub(r"\d+(?:\.\d+)?", "9", v) for v in numbers}
        if len(shapes) > 1:
            return False
        symbols = {ch for shape in shapes for ch in shape if ch not in "9 "}
        if any(ch not in code for ch in symbols):
            return False  # the symbol around the numbers is never removed: every value becomes NaN
        if not all(re.fullmatch(r"[^\d.,]{0,3}\d+(?:\.\d+)?[^\d.,]{0,3}", v) for v in numbers):
            return False
    return True


def shares_within_groups(code: str) -> bool:
    """`code` takes the shares of each value within groups (groupby(...)...value_counts(normalize=True),
    the groups made on that line or named on one before), and never keeps one value's column: the
    largest label is then a (group, value) pair over every value, not the one a rate is asked of.
    Raw counts are left alone: the most common pair may be what was asked."""
    if not re.search(r"normalize\s*=\s*True", code) or re.search(r"\.unstack\(|\.xs\(|\.pivot", code):
        return False
    grouped = {m[1] for m in re.finditer(r"^\s*(\w+)\s*=.*\bgroupby\(", code, re.M)}
    return any(
        "value_counts(" in line and ("groupby(" in line or any(re.search(rf"\b{g}\b", line) for g in grouped))
        for line in code.splitlines()
    )


# `df['a'].fillna(0, inplace=True)`, `df.loc[m].replace(..., inplace=True)`: a method in place on a part
# of a frame, which under copy-on-write (pandas 3) changes a copy; pandas warns, the frame is as it was.
_CHAINED_INPLACE = re.compile(r"^[ \t]*(\w+(?:\[[^\]\n]+\]|\.\w+)+)\.(\w+)\([^\n]*\binplace\s*=\s*True", re.M)


def chained_inplace(code: str, printed: str) -> str:
    """A method called in place on a column, which pandas said changed nothing (its warning's class in
    the output: pandas 2 still changed the frame, and warns otherwise)."""
    m = _CHAINED_INPLACE.search(code)
    if not m or "ChainedAssignmentError" not in printed:
        return ""
    part, method = m.groups()
    return (
        f"`{part}.{method}(..., inplace=True)` changed a copy, not the frame (pandas' copy-on-write, as its warning "
        f"says): {part} is as it was, and the result was computed without that step. Assign instead: "
        f"{part} = {part}.{method}(...) without inplace, and compute again."
    )


def check(outcome: Outcome, files: list[FileProfile] | None = None) -> str:
    """A note when the result of a run that worked cannot be the answer, or ""."""
    code, output = outcome.code, outcome.printed
    if mismatch := case_mismatch(code) or chained_inplace(code, output):
        return mismatch
    if not output:
        if not _LOADS.search(code) or WRITES.search(code) or outcome.files:
            return ""
        return (
            "the cell loaded data and printed nothing, so there is no result to answer from yet. Its variables "
            "exist in the kernel: run a cell that computes what was asked and prints it."
        )
    said = outcome.results or output  # what the code printed, not the warnings after it
    lines = [line.strip() for line in said.splitlines() if line.strip()]
    last = lines[-1] if lines else ""
    value = last.split(":")[-1].split("=")[-1].strip()
    if _PAIR.search(last) and _ARG_EXTREME.search(code) and shares_within_groups(code):
        return (
            "the result is a (group, value) pair: the counts or shares were taken of every value within each group, "
            "and the largest was picked over all of them, not over the value the question asks about. Keep that "
            "value's column first, e.g. shares = df.groupby(g)[c].value_counts(normalize=True).unstack(fill_value=0), "
            "then shares['<the value>'].idxmax(), and compute again."
        )
    if _JOINED.match(value) and len(value) >= 9 and re.search(r"\D", value.strip("0123456789.,")):
        return (
            "the output is text values joined end to end, so the column holds text and adding concatenated "
            "strings. Convert it to numbers first (remove the symbols, then astype(float)), then compute again."
        )
    if _COERCE.search(code) and not _COUNTS_NA.search(code) and not coerced_words_only(code, files or []):
        return (
            "errors='coerce' turns every value it cannot parse into NaN, silently, and sums and means skip them. "
            "Print how many values became NaN; if any that hold a number did, clean the text first and run again."
        )
    fill = _FILL_ZERO.search(code)
    if fill and _AVERAGES.search(code, fill.end()) and not _RESHAPES.search(code, 0, fill.start()):
        return (
            "the cell filled missing values with 0 before averaging, so they count as zeros and pull the result "
            "down. Unless the question says to count missing values as 0, leave them NaN (.mean() skips NaN) and "
            "compute again."
        )
    if _NOTHING.search(last) or any(_NOTHING.fullmatch(line) for line in lines):
        return (
            "the result is empty or NaN, so it cannot be the answer. Usually a column still holds text, a "
            "conversion turned every value into NaN, or a filter matched no rows. Print the intermediate values, "
            "fix the code and run it again."
        )
    if _EMPTY.search(said) or (last in ("0", "0.0") and _SEARCHES.search(code)):
        return "the search or filter found nothing; it probably does not match the data. Print a few rows first."
    if _ZERO.search(last) and _AGGREGATE.search(code) and _FILTERS.search(code):
        return (
            "the result is 0: the filter probably kept no rows (a date or text compared in another format?). "
            "Print how many rows the filter keeps."
        )
    return ""
