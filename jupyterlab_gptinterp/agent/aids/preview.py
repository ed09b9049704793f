"""Preview: the data files a request is about, as pandas sees them, before the model writes code.

A model that guesses a file's columns, separator or types writes code that fails or, worse,
computes the wrong thing. The files the request names (by file name, or by a name's stem as a
word: "the trips data" for trips.parquet) and the files attached to it are profiled through the
Workspace seam: the tested load line, exact column names and types, and what each column really
holds. A request that names no file gets the files whose names, columns, labels or few values
say its words (a small model guesses a file from its name alone, often the wrong one); others
are only listed by name. Previews that do not fit their budget whole are fitted to the question:
every file and table keeps at least its name, and the tables it is about their load lines first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import PurePosixPath

from ..seams import ColumnProfile, FileProfile, TableProfile, Workspace, printable
from .base import Aid, TurnState
from .folding import folded
from .joins import ID_LIKE, frame_of, joins

NOT_LOADED = "Not loaded yet. Start your cell with:"
HEADER = "Data files, described here and not loaded yet (paths relative to the notebook; use these exact names):"
_NAME = re.compile(r"[\w./-]+\.[A-Za-z0-9]{1,8}\b")
_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """The lower-case words of `text` (letters and digits): how a name is found in a question."""
    return _WORD.findall(text.lower())


def stem_of(name: str) -> str:
    """A file's name before its first dot: what it is about (orders of orders.csv.gz)."""
    return PurePosixPath(name).name.split(".")[0]


def _forms(word: str) -> set[str]:
    """A word with its plural ending dropped too (sensors, branches, countries: sensor, branch, country)."""
    forms = {word}
    if len(word) > 3 and word.endswith("s"):
        forms |= {word[:-1], word[:-2] if word.endswith("es") else word}
    if len(word) > 4 and word.endswith("ies"):
        forms.add(word[:-3] + "y")
    return forms


def named_files(question: str, available: list[str], partly_too: bool = True) -> list[str]:
    """The files of `available` that `question` names: by file name, or by every word of a name's
    stem ("air quality" or "air_quality" for air_quality.csv), then those a longer word of whose
    stem it says ("sensor" for sensors.json), singular or plural. Files that differ only by their
    digits (a monthly series) are named only in full: one of them alone would stand for all."""
    named = [n for n in dict.fromkeys(m.group(0) for m in _NAME.finditer(question)) if n in available or "/" in n]
    said = set().union(*(_forms(w) for w in words(question)))
    partly: dict[tuple[str, ...], list[str]] = {}
    for name in available:
        stem = words(stem_of(name))
        if name in named or not stem:
            continue
        if all(_forms(w) & said for w in stem) and any(len(w) > 2 for w in stem):
            named.append(name)
        elif any(len(w) > 3 and not w.isdigit() and _forms(w) & said for w in stem):
            partly.setdefault(tuple(w for w in stem if not w.isdigit()), []).append(name)
    return named + [names[0] for names in partly.values() if len(names) == 1 and partly_too]


def mentions_files(question: str, available: list[str]) -> bool:
    """`question` names a file of `available`, or says a word of a file's name ("how many orders?"
    beside orders.csv, an entry of a series like sales_2024-03.csv), singular or plural: it is about
    the data even when it names no file in full, so that no file was described."""
    said = set().union(*(_forms(w) for w in words(question)))
    return bool(named_files(question, available)) or any(
        _forms(w) & said for name in available for w in words(stem_of(name)) if len(w) > 3 and not w.isdigit()
    )


# Words of a question that say nothing of which data it is about.
_PLAIN = set(
    "what which where when many much does were with from that this have each there their than into over more most "
    "least after before between number total average mean median data file files table column columns value values "
    "show tell give find count rows record records year years month months week day days "
    # Comparisons pick among rows; as a prefix they matched columns ('highest': 'Elevation High').
    "highest lowest largest smallest biggest greatest fewest longest shortest "
    "higher lower larger smaller bigger greater fewer longer shorter".split()
)


def _about(f: FileProfile) -> tuple[set[str], set[str]]:
    """The words a file's name, column names and column labels say (strong), and those its few
    values say (the profile's own wording of a column is no word of the data)."""
    names = [stem_of(f.name), *(n for t in f.tables for c in t.columns for n in (c.name, c.label))]
    values = [v for t in f.tables for c in t.columns for v in c.values]
    return {w for n in names for w in words(n)}, {w for v in values for w in words(v)}


def _says(forms: set[str], text: set[str]) -> bool:
    """A word of the question in `text`, or one starting the other ('trips': tripdata, 'temperature': temp)."""
    return bool(forms & text) or any(
        (w.startswith(f) or f.startswith(w)) and min(len(w), len(f)) > 3 for f in forms for w in text
    )


_YEAR = re.compile(r"(1[89]|20)\d\d")


def _asked(question: str, years: bool = False) -> list[set[str]]:
    """The words of a question that may say which data it is about, each with its singular; with
    `years`, the years it names too (a table of years as columns names its columns by them)."""
    return [
        _forms(w)
        for w in words(question)
        if len(w) > 3 and w not in _PLAIN and (not w.isdigit() or (years and _YEAR.fullmatch(w)))
    ]


def scores(question: str, files: list[FileProfile]) -> list[tuple[int, bool]]:
    """Per file, how many of the question's words its name, columns, labels or few values say (all
    but a value count twice), and whether any but a value says one."""
    asked = _asked(question)
    out = []
    for f in files:
        names, said = _about(f) if f.tables else (set(), set())
        hits = [2 if _says(forms, names) else 1 if _says(forms, said) else 0 for forms in asked]
        out.append((sum(hits), 2 in hits))
    return out


UNSCORED = 3  # what another file must say beyond named notes: two words of the question (2 each)


def _columns(f: FileProfile) -> set[str]:
    return {c.name for t in f.tables for c in t.columns}


def _texts(f: FileProfile) -> set[str]:
    """The text values a file's profile keeps (no numbers, no yes/no): what a join would match."""
    kept = {
        v.strip() for t in f.tables for c in t.columns if c.dtype == "text" for v in (*c.values, *c.keys, *c.samples)
    }
    return {v for v in kept if len(v) > 1 and not _NUMBER.fullmatch(v) and v.lower() not in _FLAGS}


_NUMBER = re.compile(r"[-+]?[\d.,]+%?")
_FLAGS = {"yes", "no", "true", "false", "y", "n", "t", "f", "none", "null", "nan", "na", "n/a", "unknown", "other"}
SHARED_VALUES = 2  # text values two files both hold that say one's rows name the other's


def _related(named: list[FileProfile], other: FileProfile) -> bool:
    """`other` is what a second file is needed beside the `named` for: to join (an id's column of
    the same name as one of theirs, or some of the same text values, a station's code in both) or to
    stack (the same columns as one of them). A shared 'date' or 'message' says neither."""
    mine = _columns(other)
    shared = set().union(*(_columns(f) for f in named)) & mine
    values = set().union(*(_texts(f) for f in named))
    return (
        any(ID_LIKE.search(n) for n in shared)
        or any(mine and _columns(f) == mine for f in named)
        or len(values & _texts(other)) >= SHARED_VALUES
    )


def chosen(question: str, files: list[FileProfile], named: int = 0, limit: int = 2) -> list[FileProfile]:
    """The files a question is about, of `files` whose first `named` it names: those, and one that
    says more of its words than any of those and is related to them (`_related`: a question names
    one file and needs another too, to join or to stack); naming none, those whose name, a column or
    a label says one of its words (a value alone may be a month of any table), and at least half as
    many as the best; none when no file says any. A named file pandas failed to read says no word:
    then no other is taken for it (the model would load the file it is shown, not the one it was
    asked about). An unrelated file drawn in by the question's words was read in place of the named
    one (a web log's questions read a transit feed that said 'trips' and 'stops', a log of logins a
    workbook with a column 'Invalid votes'). Named files of words only (notes) hold no data: another
    file that says several of the question's words is taken for them."""
    score = scores(question, files)
    if named:
        if any(f.kind == "unreadable" or "could not read" in f.note for f in files[:named]):
            return files[:named]
        top = max(s for s, _ in score[:named])
        notes = all(f.kind == "text" for f in files[:named])
        top = max(top, UNSCORED) if notes else top
        extra = sorted(
            (
                i
                for i in range(named, len(files))
                if score[i][0] > top and score[i][1] and (notes or _related(files[:named], files[i]))
            ),
            key=lambda i: -score[i][0],
        )
        return files[:named] + [files[i] for i in extra[:1]]
    best = max((s for s, _ in score), default=0)
    found = [i for i, (s, strong) in enumerate(score) if strong and s * 2 > best]
    return [files[i] for i in sorted(found, key=lambda i: -score[i][0])[:limit]]


# Characters of previews (~700 tokens). At 1,500 a whole preview fit 32 of the development set's 33
# questions but about a third of the held-out sets' (none on two of them: larger files, more tables,
# more mess), and in one held-out question of twenty a file the question named was left out.
PREVIEW_BUDGET = 2500
SCAN_BYTES = 5_000_000  # larger files are read only when a question names them


class Preview(Aid):
    name = "preview"

    def __init__(self, workspace: Workspace | None, budget: int = PREVIEW_BUDGET, limit: int = 4, scan: int = 10):
        self.workspace = workspace
        self.budget = budget
        self.limit = limit
        self.scan = scan  # a question that names no file: up to this many files are read to find its own

    def fresh(self) -> Preview:
        return self  # no per-turn state (the workspace is shared and caches profiles)

    async def context(self, turn: TurnState) -> str:
        if self.workspace is None or turn.action == "explain":
            return ""
        path = turn.notebook.path
        available = self.workspace.data_files(path, [m.group(0) for m in _NAME.finditer(turn.question)])
        wanted = list(dict.fromkeys([*turn.attachments, *named_files(turn.question, available, False)]))
        wanted = wanted[: self.limit]
        turn.listing = available
        if 0 < len(available) <= self.scan and all(n in available for n in wanted):
            # Which files the question is about, from what each holds (profiles cached, read once;
            # the named ones first and whole, the others only if small: a scan stays quick).
            named = await self.workspace.profiles(path, wanted) if wanted else []
            others = [n for n in available if n not in wanted]
            found = chosen(
                turn.question, [*named, *await self.workspace.profiles(path, others, SCAN_BYTES)], len(named)
            )
            if found:
                turn.files = found = as_asked(found, turn.question)
                # Named or attached, the files are what the user meant; chosen, the others are listed too.
                shown = {f.name for f in found}
                rest = [printable(n) for n in others if printable(n) not in shown] if not wanted else []
                listed = f"\n\nOther files beside the notebook: {', '.join(rest)}." if rest else ""
                return render(found, self.budget, self.workspace.pandas_version(), turn.question) + listed
        wanted = wanted or named_files(turn.question, available)[: self.limit]  # too many files to read them all
        if not wanted:
            return f"Data files beside the notebook: {', '.join(map(printable, available))}." if available else ""
        turn.files = as_asked(await self.workspace.profiles(path, wanted), turn.question)
        return render(turn.files, self.budget, self.workspace.pandas_version(), turn.question)


def render(files: list[FileProfile], budget: int, pandas: str = "", question: str = "") -> str:
    """The profiles as the model reads them, within `budget` characters: whole if they fit (with
    fewer samples and notes if need be); else fitted to the tables `question` is about."""
    head = HEADER + (f" pandas {pandas} is installed." if pandas else "")
    files = as_asked(files, question)
    joined = "\n".join([*(f"Join: {j}." for j in joins(files)), *_stacked(files)])
    firsts = {id(f): g[0] for g in _stack_groups(files) for f in g[1:]}
    for detail in (2, 1, 0):
        parts = [_twin(f, firsts[id(f)]) if id(f) in firsts else _file(f, {}, FIRST_COLUMNS + detail) for f in files]
        text = _joined(head, parts, joined)
        if len(text) <= budget:
            return text
    # Not every table with its columns named: fitted to the question. (Each table's first columns
    # alone counted the rest of a wide one: Comtrade's 'primaryValue' was the 44th of 47.)
    return _fitted(files, budget, question, head)


def as_asked(files: list[FileProfile], question: str) -> list[FileProfile]:
    """The profiles as `question` reads them (the keys and columns it names first). The preview
    sets the turn's files to these, so a hint's load block is the one the model was shown, not the
    profile's own ('CostOfRevenue' where the preview loaded 'NetIncomeLoss'). Applied twice, the same."""
    return [_named_first(_named_choice(f, question), question) for f in files]


def _named_choice(f: FileProfile, question: str) -> FileProfile:
    """`f` with each table that has keys alike loading the one the question names first (the
    profile loads the largest: 'CostOfRevenue' where 'NetIncomeLoss' was asked). Its columns were
    read from the other: their names and types stand, not its row count or values."""
    tables = []
    for t in f.tables:
        said = [(m.start(), c) for c in t.choices if (m := re.search(_key_named(c), question))]
        choice = min(said)[1] if said else t.chosen
        if choice == t.chosen or t.chosen not in t.load:
            tables.append(t)
            continue
        taken, named = _KEY.match(t.chosen), _KEY.match(choice)
        notes = [n.replace(t.chosen, choice) for n in t.notes]
        if taken and named:
            notes = [n.replace(f"takes {taken[1]}", f"takes {named[1]}") for n in notes]
        notes.append(f"the columns below were read from {t.chosen}, loaded alike")
        head, _, tail = t.load.rpartition(t.chosen)  # the key's own place: a path may say a name twice
        columns = [replace(c, values=[], samples=[], distinct=0) for c in t.columns]
        tables.append(
            replace(t, load=head + choice + tail, chosen=choice, notes=notes, rows=None, whole=False, columns=columns)
        )
    return replace(f, tables=tables) if any(a is not b for a, b in zip(tables, f.tables)) else f


_KEY = re.compile(r"\[('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")\]")  # a choice's first subscript, its key quoted


def _key_named(choice: str) -> str:
    """A pattern for the key of `choice` said as a word of the question (keys of four characters
    or more: 'US' is a word of many questions)."""
    m = _KEY.match(choice)
    key = m[1][1:-1].replace("\\\\", "\\") if m else choice
    return rf"(?<!\w){re.escape(key)}(?!\w)" if len(key) >= 4 else r"(?!)"


FEW_HAVE = 3  # columns with a word of the question in their names: more, and the word says little


def _named_first(f: FileProfile, question: str) -> FileProfile:
    """`f` with the columns the question names first in each table, by their exact name, then by a
    word that few of its columns have: a preview that must be cut describes a table's first
    columns, and 'ReadStatus' was the 30th of 51 ('host_is_superhost' of "superhost", the 15th of 75)."""
    tables = []
    asked = _asked(question)
    for t in f.tables:
        named = [c for c in t.columns if len(c.name) > 2 and re.search(rf"(?<!\w){re.escape(c.name)}(?!\w)", question)]
        for forms in asked:
            having = [c for c in t.columns if c not in named and forms & set(words(c.name))]  # whole words
            named += having if len(having) <= FEW_HAVE else []
        # All of them first when one is past the first described, so a second pass moves nothing.
        first = named if any(t.columns.index(c) >= FIRST_DESCRIBED for c in named) else []
        tables.append(replace(t, columns=first + [c for c in t.columns if c not in first]) if first else t)
    return replace(f, tables=tables) if any(a is not b for a, b in zip(tables, f.tables)) else f


def said_first(names: list[str], question: str) -> list[str]:
    """`names` with those that hold a word of `question` first: a list of names cut to its room
    ended before Comtrade's 'primaryValue' of "the value of ...". (Moved before the columns
    described, such words pushed a flight table's 'FlightDate' out of them.)"""
    said = [w for w in words(question) if len(w) > 3 and not w.isdigit() and w not in _FUNCTION]
    return sorted(names, key=lambda n: not any(w in n.lower() for w in said))


# Words of a question no column is named by.
_FUNCTION = set(
    "what which where when does were with from that this have each there their than into over many much".split()
)


def _joined(head: str, parts: list[str], joined: str) -> str:
    return head + "\n\n" + "\n\n".join(parts + ([joined] if joined else []))


# How much of a table a fitted preview shows: its name only (SKIPPED); its name, size and column
# names (BRIEF); with its load lines and notes (LOADED); then 12 columns with one note each
# (FIRST_COLUMNS), all columns (ALL_COLUMNS), and their samples (DETAILED): the three levels of
# detail of a preview that fits.
SKIPPED, BRIEF, LOADED, FIRST_COLUMNS, ALL_COLUMNS, DETAILED = -1, 0, 1, 2, 3, 4
Levels = dict[tuple[int, int], int]  # (file, table) -> level; a table not in it is at BRIEF
Rooms = dict[tuple[int, int], int]  # (file, table) -> characters for the names of columns not described
MIN_ROOM = 60  # fewer characters name too few columns to be worth a line
REST_ROOM = 600  # at most, per table, of the room left


def _fitted(files: list[FileProfile], budget: int, question: str, head: str) -> str:
    """The preview within `budget` when the whole does not fit. Cut at its end, it lost whole files
    and tables: on held-out sets whose files are larger than the development set's, a second file
    a question named was gone in one question of twenty. So every table is named with its columns
    first; the tables the question is about get their load lines next, then their detail; the
    others get what room is left. Where even that does not fit, the tables least about it are
    listed by name only. Only the joins between the tables it is about are said."""
    units = [(i, j) for i, f in enumerate(files) for j in range(len(f.tables)) if not _follower(f, f.tables[j])]
    asked = _asked(question, years=True)
    score = {u: _table_score(asked, files[u[0]], files[u[0]].tables[u[1]]) for u in units}
    # Which of a file's tables: the words of its own name do not tell them apart.
    within = {u: _table_score(asked, files[u[0]], files[u[0]].tables[u[1]], own=False) for u in units}
    # The tables a question is about, in each file: those it names ("the Teams table"), else the one
    # whose columns and values say the most of its words, else the largest. (Columns alone say too
    # little: "team" is in a column name of most tables of a baseball database.) Records' items, with
    # the records' fields beside each, only when their own columns say more than the records' do: a
    # word among the items' values ("issue" in a label) is no question about the items.
    wanted: set[tuple[int, int]] = set()
    chosen: set[tuple[int, int]] = set()
    for i, f in enumerate(files):
        mine = [u for u in units if u[0] == i]
        if not mine:
            continue
        best = max(mine, key=lambda u: (within[u], f.tables[u[1]].rows or 0))
        j = _extended(f, f.tables[best[1]])
        base = (i, j) if j is not None else None
        if base is not None and base in mine:
            columns = {u: _table_score(asked, f, f.tables[u[1]], own=False, values=False) for u in (best, base)}
            best = best if columns[best] > columns[base] else base
        # A table of items is asked of beside its records (how many reports, and which drugs): both
        # are wanted, the one chosen loaded first where there is room for one.
        named = {u for u in mine if within[u] >= NAMED}
        wanted |= named or {best, *([base] if base in mine else [])}
        chosen |= named or {best}
    ranked = sorted(units, key=lambda u: (u not in wanted, u not in chosen, -score[u], u[0], -within[u]))
    about = [files[i].tables[j] for i, j in wanted]
    joined = "\n".join([*(f"Join: {j}." for j in joins(files, about)), *_stacked(files)])

    rooms: Rooms = {}
    counts: Rooms = {}  # (file, table) -> columns described at FIRST_COLUMNS, where fewer than FIRST_DESCRIBED

    def text(levels: Levels) -> str:
        return _joined(head, _files(files, levels, rooms, question, counts), joined)

    def fits(levels: Levels) -> bool:
        return len(text(levels)) <= budget

    levels: Levels = {}
    for u in reversed(ranked):  # the least relevant are listed by name only, until the rest fits
        if fits(levels):
            break
        levels[u] = SKIPPED
    for u in ranked[: len(wanted)]:  # load lines for each table it is about, room made by naming others only
        trial = dict(levels)
        yields = chosen if u in chosen else wanted  # a records' table makes room for its chosen items'
        spare = [o for o in reversed(ranked) if o not in yields and trial.get(o) != SKIPPED]
        while not fits({**trial, u: LOADED}) and spare:
            trial[spare.pop(0)] = SKIPPED
        if trial.get(u) != SKIPPED and fits({**trial, u: LOADED}):
            levels = {**trial, u: LOADED}
    # Then detail, the tables it is about first: each described before any is described in full (the
    # first a greedy pass reached took all the room: a workbook's 30 columns, the named CSV's none);
    # a table with the columns of one before it (a second month's file) only once that one's are all.
    names = {u: [c.name for c in files[u[0]].tables[u[1]].columns] for u in units}
    twins = {u: [o for o in ranked[:k] if names[o] == names[u]] for k, u in enumerate(ranked)}
    for top in (FIRST_COLUMNS, DETAILED):
        for u in ranked:
            now = levels.get(u, BRIEF)
            if (top == FIRST_COLUMNS and u not in wanted) or any(levels.get(o, BRIEF) < ALL_COLUMNS for o in twins[u]):
                continue
            if now != SKIPPED and now < top:
                levels[u] = next((lv for lv in range(top, now, -1) if fits({**levels, u: lv})), now)
            if top == FIRST_COLUMNS and levels.get(u) == LOADED:  # fewer columns, not none
                for n in FEWER_DESCRIBED:
                    counts[u] = n
                    if fits({**levels, u: FIRST_COLUMNS}):
                        levels[u] = FIRST_COLUMNS
                        break
                else:
                    del counts[u]
    for u in ranked:  # last, the room left names the columns past those described
        if levels.get(u, BRIEF) >= FIRST_COLUMNS:
            _name_rest(u, levels, rooms, budget, text)
    return text(levels)[:budget]


def _name_rest(u: tuple[int, int], levels: Levels, rooms: Rooms, budget: int, text: Callable[[Levels], str]) -> None:
    """Room in `rooms` for the names of table `u`'s columns past those described, where it fits:
    Comtrade's 'primaryValue' was the 44th of 47 columns, counted and never named."""
    left = budget - len(text(levels))
    if left < MIN_ROOM:
        return
    rooms[u] = min(REST_ROOM, left)
    if len(text(levels)) > budget:
        del rooms[u]


NAMED = 100  # a table's score when the question says its name


def _table_score(asked: list[set[str]], f: FileProfile, t: TableProfile, own: bool = True, values: bool = True) -> int:
    """How many of the question's words (`asked`) a table says: NAMED when it says every word of the
    table's name ("the Teams table"; not "orders" for 'order_items') or, with `own`, of its file's
    (every table of the file named), else 2 a word for a column's name or label and 1 for one of its
    few values; without `own`, not the words of the file's own name, which say which file, not which
    of its tables (a metadata sheet's source line repeats them); without `values`, not its values. A
    year the question says is a column's name in a table of years as columns, or one of the periods
    its load block melts into rows."""
    said = set().union(*asked) if asked else set()
    for label in (t.name, stem_of(f.name) if own else ""):  # a file's name says which file, not which table
        name = [w for w in words(label) if len(w) > 2 and not w.isdigit() and w not in _PLAIN]
        if name and all(_forms(w) & said for w in name):
            return NAMED
    columns = {w for c in t.columns for n in (c.name, c.label) for w in words(n)}
    said_in = {w for c in t.columns for v in c.values for w in words(v)} | set(words(t.title)) if values else set()
    name_words = set() if own else set(words(f.name))
    periods = columns | {w for p in t.periods for w in words(p)}  # a table of years across, melted or not
    years = sum(2 for forms in asked if forms & periods and any(_YEAR.fullmatch(w) for w in forms))
    return years + sum(
        2 if _says(forms, columns) else 1 if _says(forms, said_in) else 0
        for forms in asked
        if not forms & name_words and not any(w.isdigit() for w in forms)
    )


def _files(files: list[FileProfile], levels: Levels, rooms: Rooms, question: str, counts: Rooms) -> list[str]:
    # Fitted, a table's columns past the first 12 (or `counts`) are named only in the room `rooms` gives
    # it (none, counted): the room goes first to the load lines of the other tables the question may need.
    return [
        _file(
            f,
            {j: lv for (i, j), lv in levels.items() if i == k},
            BRIEF,
            {j: r for (i, j), r in rooms.items() if i == k},
            question,
            {j: n for (i, j), n in counts.items() if i == k},
        )
        for k, f in enumerate(files)
    ]


_EXPLODED = re.compile(r"\.explode\((['\"])(.+?)\1")  # a load block's line that makes a row per item


def exploded(t: TableProfile) -> str:
    """The column of lists whose items a table's load block makes its rows (`.explode('lines'`), or ""."""
    return next(iter(exploded_all(t)), "")


def exploded_all(t: TableProfile) -> list[str]:
    """Every list a table's load block unfolds, outermost first (an innings', then its overs')."""
    return [m[2] for m in _EXPLODED.finditer(t.load)]


def _extended(f: FileProfile, t: TableProfile) -> int | None:
    """The index of the table of `f` whose records' items `t` holds, their fields beside each: its
    columns but the list its load block unfolds, and others of its own."""
    mine = {c.name for c in t.columns}
    for j, o in enumerate(f.tables):
        theirs = {c.name for c in o.columns}
        if o is not t and theirs - mine == {exploded(t)} and mine - theirs:
            return j
    return None


def _follower(f: FileProfile, t: TableProfile) -> bool:
    """A sheet with the same columns as one before it: said in one line, loaded alike."""
    return any(t in g and t is not g[0] for g in _alike(f))


def _file(
    f: FileProfile,
    levels: dict[int, int],
    default: int,
    rooms: dict[int, int] | None = None,
    question: str = "",
    counts: dict[int, int] | None = None,
) -> str:
    """File `f` with each table at its level of `levels` (table index -> level), else `default`;
    the columns past those described named with their labels (`rooms` None), else by name in the
    characters `rooms` gives the table (table index -> room; none, counted); at FIRST_COLUMNS, as
    many columns described as `counts` gives the table, else FIRST_DESCRIBED."""
    if f.kind == "unreadable":
        return f"{f.name}: cannot be read ({f.note})."
    if f.kind in ("lines", "text"):
        note = f" ({f.note})" if f.note else ""
        return f"{f.name}: text{note}. {f.lines}" if f.kind == "text" else f.lines
    out = [f"{f.name}: {f.note}" if f.note else ""]
    alike = _alike(f)
    skipped = []
    for j, t in enumerate(f.tables):
        group = next((g for g in alike if t in g), [])
        first = next(k for k, x in enumerate(f.tables) if x is group[0]) if group else j
        level = levels.get(first, default)
        if group and t is not group[0] and level != SKIPPED:
            out.append(f"{_where(f, t)}, the same columns as sheet {group[0].name!r}; load it alike.")
        elif level == SKIPPED:
            skipped.append(f"{t.name!r} ({_rows(t)})" if t.name else _rows(t))
        elif level == BRIEF:
            out.append(f"{_where(f, t)}; columns {_names(t)} (not described here).")
        else:
            named = None if rooms is None else rooms.get(j, 0)
            described = (counts or {}).get(j, FIRST_DESCRIBED)
            out.append(
                _loaded(f, t) if level == LOADED else _table(f, t, level - FIRST_COLUMNS, named, question, described)
            )
            if group:
                out.append(_all_sheets(f, group))
    if skipped:
        more = f" and {len(skipped) - SKIPPED_NAMES} more" if len(skipped) > SKIPPED_NAMES else ""
        out.append(f"Also in {f.name}, not described here: {', '.join(skipped[:SKIPPED_NAMES])}{more}.")
    return "\n".join(p for p in out if p)


SKIPPED_NAMES = 8  # tables listed by name in a file's "Also in" line; the rest are counted
BRIEF_COLUMNS = 160  # characters of column names in a table's line when its columns are not described


def _names(t: TableProfile) -> str:
    names = ", ".join(repr(c.name) for c in t.columns)
    more = max(t.width, len(t.columns)) > len(t.columns)
    if len(names) > BRIEF_COLUMNS:
        cut = names.rfind(", ", 0, BRIEF_COLUMNS)
        names, more = (names[:cut] if cut > 0 else repr(t.columns[0].name[:BRIEF_COLUMNS])), True
    return names + (", …" if more else "")


def _loaded(f: FileProfile, t: TableProfile) -> str:
    """A table's load lines and notes, its columns by name only."""
    lines = [_head(f, t), *(f"Note: {n}." for n in t.notes[:2]), f"Columns (exact names): {_names(t)}"]
    return "\n".join(lines)


def _sheet_free(t: TableProfile) -> str:
    return t.load.replace(f"sheet_name={t.name!r}", "sheet_name=sheet")


def _alike(f: FileProfile) -> list[list[TableProfile]]:
    """The sheets of a workbook that hold one table each alike (a sheet per site, per month): the
    same columns, loaded by the same lines but for the sheet's name; groups of two or more."""
    if f.kind != "workbook":
        return []
    groups: dict[tuple[str, ...], list[TableProfile]] = {}
    for t in f.tables:
        if "sheet_name=sheet" in (load := _sheet_free(t)):
            groups.setdefault((load, *(f"{c.name}:{c.dtype}" for c in t.columns)), []).append(t)
    return [g for g in groups.values() if len(g) > 1]


def _all_sheets(f: FileProfile, group: list[TableProfile]) -> str:
    """The lines that load the sheets of `group` into one frame, with a column naming each row's sheet."""
    sheets = [t.name for t in group]
    body = "\n".join("    " + line for line in folded(_sheet_free(group[0])).splitlines())
    return (
        f"Sheets {', '.join(map(repr, sheets))} have the same columns. For all of them in one frame:\n```python\n"
        f"import pandas as pd\nframes = []\nfor sheet in {sheets!r}:\n{body}\n    frames.append(df.assign(sheet=sheet))\n"
        "df = pd.concat(frames, ignore_index=True)\n```"
    )


def _stack_groups(files: list[FileProfile]) -> list[list[FileProfile]]:
    """Files of one table each that load alike but for their names (an export split in parts, a
    file a month): groups of two or more, in the order given."""
    groups: dict[tuple[str, ...], list[FileProfile]] = {}
    for f in files:
        if f.kind in ("table", "records") and len(f.tables) == 1 and repr(f.name) in f.tables[0].load:
            t = f.tables[0]
            shape = (f.kind, t.load.replace(repr(f.name), "{name}"), *(f"{c.name}:{c.dtype}" for c in t.columns))
            groups.setdefault(shape, []).append(f)
    return [g for g in groups.values() if len(g) > 1]


def _twin(f: FileProfile, first: FileProfile) -> str:
    """A part of a stacked export past the first: its own load lines, its columns by reference
    (describing a second month's file again spent the room and the model's reading time twice)."""
    return f"{_head(f, f.tables[0])}\nIts columns are those of {first.name!r}, described there."


def _stacked(files: list[FileProfile]) -> list[str]:
    """For files of one table each that load alike but for their names (`_stack_groups`), the lines
    that load those described into one frame, each row naming its file: a question over "the whole
    history" needs every part, and the parts past the first are often described by their names
    only. (A part the preview did not choose is not among them.)"""
    out = []
    for group in _stack_groups(files):
        names, first = [f.name for f in group], group[0]
        taken = {c.name for c in first.tables[0].columns}
        column = next((n for n in ("file", "source_file") if n not in taken), "file_name_")
        body = load_block(first, first.tables[0]).replace(repr(first.name), "name").split("\n", 1)[1]
        lines = "\n".join("    " + line for line in body.splitlines())
        out.append(
            f"Files {', '.join(map(repr, names))} have the same columns. For these in one frame:\n```python\n"
            f"import pandas as pd\nframes = []\nfor name in {names!r}:\n{lines}\n    frames.append(df.assign({column}=name))\n"
            "df = pd.concat(frames, ignore_index=True)\n```"
        )
    return out + [_members_stacked(f, group) for f in files for group in _member_groups(f)]


# A file within a file, as a table's load lines name it (an archive's CSV).
_MEMBER = re.compile(r"""['"]([^'"\n]+\.\w{2,5})['"]""")


def member_of(f: FileProfile, t: TableProfile) -> str:
    """The file within `f` (an archive's CSV) that table `t` loads, as its load lines name it, or ""."""
    return next((m for m in _MEMBER.findall(t.load) if m != f.name), "")


def _member_groups(f: FileProfile) -> list[list[TableProfile]]:
    """Tables of one archive that load alike but for the member's name, with the columns of one
    all in the other but for two at most (a fire archive's 'type' beside its near real-time file):
    one period split over parts, which a question over the whole period needs together."""
    groups: dict[str, list[TableProfile]] = {}
    for t in f.tables:
        if member := member_of(f, t):
            groups.setdefault(t.load.replace(repr(member), "{name}"), []).append(t)
    out = []
    for group in groups.values():
        names = [{c.name for c in t.columns} for t in group]
        common = set.intersection(*names) if names else set()
        if len(group) > 1 and common and all(len(n - common) <= 2 for n in names):
            out.append(group)
    return out


def _members_stacked(f: FileProfile, group: list[TableProfile]) -> str:
    """The lines that load tables of one archive that load alike into one frame, each row naming its member."""
    names = [member_of(f, t) for t in group]
    common = set.intersection(*({c.name for c in t.columns} for t in group))
    only = [f"{c.name!r} only in {member_of(f, t)!r}" for t in group for c in t.columns if c.name not in common]
    lines = load_block(f, group[0]).replace(repr(names[0]), "name").splitlines()
    first = next((i for i, line in enumerate(lines) if re.search(r"\bname\b", line)), len(lines))
    before = "\n".join(lines[:first])  # imports, the archive opened: once
    body = "\n".join("    " + line for line in lines[first:])
    taken = {c.name for t in group for c in t.columns}
    column = next((n for n in ("file", "source_file") if n not in taken), "file_name_")
    return (
        f"Files {', '.join(map(repr, names))} of {f.name} have the same columns{' (' + ', '.join(only) + ')' if only else ''}"
        ": a question over all their rows needs them all. For these in one frame:\n```python\n"
        + before
        + f"\nframes = []\nfor name in {names!r}:\n{body}\n    frames.append(df.assign({column}=name))\n"
        "df = pd.concat(frames, ignore_index=True)\n```"
    )


def load_block(f: FileProfile, t: TableProfile) -> str:
    """The complete lines that load table `t` of file `f` in a fresh cell (imports, connection)."""
    imports = "import pandas as pd\n" + ("import sqlite3\n" if f.kind == "database" else "")
    connect = f"con = sqlite3.connect({f.name!r})\n" if f.kind == "database" else ""
    return f"{imports}{connect}{folded(t.load)}"


# Times written with a UTC marker (Z, +00:00) convert to UTC; a question in local time needs them converted.
_UTC = re.compile(r"(?:Z|[+-]00:?00)$")
UTC_TEXT = "; in UTC: for local time, .dt.tz_convert('<the zone>') first"
UTC_NAIVE = "UTC by its name: for local time, .dt.tz_localize('UTC').dt.tz_convert('<the zone>') first"


def _where(f: FileProfile, t: TableProfile) -> str:
    """Which table it is, and its rows."""
    where = f"{'sheet' if f.kind == 'workbook' else 'table'} {t.name!r}" if t.name else f.name
    # A sheet's title tells sheets alike apart ('Table_1' boys, 'Table_2' girls).
    titled = f" (its title: {t.title!r})" if t.title else ""
    return f"{where}{titled}: {_rows(t)}"


def _rows(t: TableProfile) -> str:
    return f"{t.rows} rows" if t.rows is not None else "many rows"


def _head(f: FileProfile, t: TableProfile) -> str:
    # Complete lines a cell can start with: a small model copies them as they are. Fenced, and said
    # to be not run: written bare, `df = ...` read to a 1.5B model as a cell that had run (its first
    # cell used df without loading it, in 6 of 6 questions tried; 4 of 6 loaded it once fenced).
    return f"{_where(f, t)}. {NOT_LOADED}\n```python\n{load_block(f, t)}\n```"


REST_LABEL = 40  # characters of a label beside a column listed past the described ones
UNPROFILED_NAMES = 600  # characters of the names of a table's columns past those profiled
EMPTY_NAMED = 16  # columns with no value named in a table's line of them; the rest counted
FIRST_DESCRIBED = 12  # columns described in a table's least detailed description
FEWER_DESCRIBED = (8, 4)  # or these, for a table the question is about, rather than none


def _table(
    f: FileProfile,
    t: TableProfile,
    detail: int,
    room: int | None = None,
    question: str = "",
    described: int = FIRST_DESCRIBED,
) -> str:
    """Table `t` at `detail`, its columns past those described named with their labels (`room`
    None), else by name in `room` characters (0: counted only), those `question` says first."""
    lines = [_head(f, t)]
    lines += [f"Note: {n}." for n in t.notes]
    lines.append("Columns (exact names):")
    # Columns with no value at all (a database's legacy columns) in one line: described one by
    # one, a table of them read as if those were the columns to use.
    empty = [c for c in t.columns if c.empty]
    held = [c for c in t.columns if not c.empty]
    shown = held if detail else held[:described]
    lines += [f"  {c.name!r}: {_column(c, detail)}" for c in shown]
    if empty:
        named = ", ".join(repr(c.name) for c in empty[:EMPTY_NAMED])
        counted = f" and {len(empty) - EMPTY_NAMED} more" if len(empty) > EMPTY_NAMED else ""
        lines.append(f"  Empty in every row read (no values): {named}{counted}")
    more = max(t.width, len(t.columns)) - len(shown) - len(empty)
    unseen = held[len(shown) :]
    # Named all the same: the column a question needs is often past the 12th.
    if more > 0 and room is None and (unseen or t.unprofiled):
        rest = ", ".join(f"{c.name!r}" + (f" ({c.label[:REST_LABEL]})" if c.label else "") for c in unseen)
        if t.unprofiled:  # past those profiled: their names alone, as many as fit
            rest = ", ".join(p for p in (rest, _cut([repr(n) for n in t.unprofiled], UNPROFILED_NAMES)) if p)
        lines.append(f"  … and {more} more columns: {rest}")
    elif more > 0 and room and (unseen or t.unprofiled):
        names = [repr(n) for n in said_first([*(c.name for c in unseen), *t.unprofiled], question)]
        lines.append(f"  … and {more} more columns: {_cut(names, room)}")
    elif more > 0:
        lines.append(f"  … and {more} more columns (print {frame_of(t) or 'df'}.columns)")
    return "\n".join(lines)


def _cut(names: list[str], room: int) -> str:
    """`names` joined by ', ' within `room` characters, whole names only (at least the first),
    ', …' after them when some are left out."""
    joined = ", ".join(names)
    if len(joined) <= room:
        return joined
    kept, length = names[:1], len(names[0]) + len(", …")
    for name in names[1:]:
        length += len(name) + 2  # ", " before it
        if length > room:
            break
        kept.append(name)
    return ", ".join([*kept, "…"])


def _column(c: ColumnProfile, detail: int = 2) -> str:
    """What a column holds, as its line of the preview says it."""
    what = c.dtype + (f", {c.missing} missing" if c.missing else "")
    if c.converted:  # the block above converts it: described as the code will find it
        dates = c.holds.startswith("dates")
        numbers = c.dtype in ("int", "float")  # dates written as numbers (20230102)
        like = f" like {c.samples[0] if numbers else repr(c.samples[0])}" if c.samples else ""
        kind = "durations (timedelta)" if c.holds == "durations" else loaded_kind(c.holds)
        what = f"{kind} after the lines above ({'numbers' if numbers else 'text'}{like} in the file)"
        what += "; compare with True/False, not the text" if c.holds == "yes/no" else ""
        what += "; minutes: .dt.total_seconds() / 60" if c.holds == "durations" else ""
        what += "; the start of each interval" if c.holds.endswith("interval starts") else ""
        what += (f", {c.missing} missing" if c.missing else "") + ("; use .dt, not .str" if dates else "")
        if dates and c.samples and _UTC.search(c.samples[0]):
            what += UTC_TEXT
        elif dates and _utc_by_name(c.name):
            what += "; " + UTC_NAIVE
    elif notes := ([f"labelled {c.label!r}"] if c.label else []) + c.notes:
        zoned = c.dtype == "datetime" and any(n.startswith("already dates in ") for n in c.notes)
        notes += [UTC_NAIVE] if c.dtype == "datetime" and not zoned and _utc_by_name(c.name) else []
        what += "; " + "; ".join(notes if detail else notes[:1])
    elif detail == 2 and c.samples:  # values show what a column holds better than its name
        values = c.samples[:3] if c.dtype in ("int", "float") else [repr(s) for s in c.samples[:2]]
        what += " like " + ", ".join(values)
    return what


def loaded_kind(holds: str) -> str:
    """What the load block makes of a text column that holds `holds` (ColumnProfile.holds)."""
    if holds.startswith("dates"):
        return "dates"
    return {"durations": "durations", "yes/no": "True/False (yes/no)"}.get(holds, "numbers")


def _utc_by_name(name: str) -> bool:
    """The column's name says its times are in UTC (time_utc), and no offset from it (UTC+1)."""
    return "utc" in words(name) and not re.search(r"utc\s*[+-]\s*\d", name, re.IGNORECASE)
