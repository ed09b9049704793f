"""The twenty-eighth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, time arithmetic or several steps).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise; so does a seed on which a trap would not bite.
"""

from __future__ import annotations

import calendar
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from data import (
    ES_FILE,
    ES_GEO,
    ES_MEMBERS,
    ES_NAME,
    EU27,
    FAV_ARTIST,
    FAV_TRACK,
    KB_BOOK_CLUB,
    KB_FILE,
    LONDON,
    PARTY_DAY,
    REV_NEW,
    SEC_FILE,
    SEC_NAME,
    SP_FILE_0,
    SP_FILE_1,
    UTC,
    Truth,
    sp_ts,
    truth,
)


@dataclass
class Task:
    id: str
    difficulty: str
    question: str
    ref: Callable[[Truth], Any]
    kind: str = "number"  # number | text
    aliases: list[str] = field(default_factory=list)  # other accepted spellings of a text answer (default seed)


# --- helpers over the clean records ---------------------------------------------------------------


def argmax(scores: dict[Any, float]) -> Any:
    """The key with the highest score; raises on a tie (the question would have two answers)."""
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        raise ValueError(f"tie for first place: {ranked[:2]}")
    return ranked[0][0]


def no_trap(ref: Any, careless: Any, what: str) -> None:
    close = careless == ref or (
        isinstance(ref, float)
        and isinstance(careless, (int, float))
        and abs(float(careless) - ref) <= max(0.006, 0.002 * abs(ref))
    )
    if close:
        raise ValueError(f"the careless reading gives the reference ({ref!r}): {what}")


# eurostat: cell[(geo, c_resid, unit, nace_r2, (year, month))] = (value or None, flag)

ALL = "I551-I553"


def _cell(t: Truth, geo: str, c: str, n: str, ym: tuple[int, int]) -> tuple[Any, str]:
    return t.estat["cell"][(geo, c, "NR", n, ym)]


def _val(t: Truth, geo: str, c: str, n: str, ym: tuple[int, int]) -> int:
    v, _ = _cell(t, geo, c, n, ym)
    if v is None:
        raise ValueError(f"no value published for {geo} {c} {n} {ym}")
    return v


def _year(t: Truth, geo: str, y: int, c: str = "TOTAL", n: str = ALL) -> int:
    return sum(_val(t, geo, c, n, (y, m)) for m in range(1, 13))


def _italy_peak(t: Truth) -> str:
    return calendar.month_name[argmax({m: _val(t, "IT", "TOTAL", ALL, (2023, m)) for m in range(1, 13)})]


def _eu_july(t: Truth, every_row: bool = False) -> int:
    ym = (2023, 7)
    if every_row:  # the aggregates and the countries outside the EU summed with the members
        geos = [g[0] for g in ES_GEO] + [EU27, "EA20"]
        return sum(_cell(t, g, "TOTAL", ALL, ym)[0] or 0 for g in geos)
    ref = _val(t, EU27, "TOTAL", ALL, ym)
    assert ref == sum(_val(t, g, "TOTAL", ALL, ym) for g in ES_MEMBERS), "the EU row is the sum of its members"
    no_trap(ref, _eu_july(t, every_row=True), "no aggregate or outside country in the table")
    return ref


def _de_2023(t: Truth, unflagged_only: bool = False) -> int:
    cells = [_cell(t, "DE", "TOTAL", ALL, (2023, m)) for m in range(1, 13)]
    if unflagged_only:  # '22921420 b' coerced to missing
        return sum(v for v, f in cells if v is not None and not f)
    ref = _year(t, "DE", 2023)
    no_trap(ref, _de_2023(t, unflagged_only=True), "no German month of 2023 carries a flag")
    return ref


def _camping_share(t: Truth) -> float:
    return round(100 * _year(t, "FR", 2023, n="I553") / _year(t, "FR", 2023), 1)


def _recovery(t: Truth) -> str:
    return ES_NAME[argmax({g: _year(t, g, 2023) / _year(t, g, 2019) for g in ES_MEMBERS})]


# sec: q[(year, quarter)] true amounts in thousands of dollars; period(year, quarters) sums them


def _annual(t: Truth, y: int) -> dict:
    return t.sec["period"](y, [1, 2, 3, 4])


def _q2_2023(t: Truth, year_to_date: bool = False) -> float:
    if year_to_date:  # the six-month figure the same filing reports with the same end date
        return round(t.sec["period"](2023, [1, 2])["REV"] / 1000, 1)
    ref = round(t.sec["q"][(2023, 2)]["REV"] / 1000, 1)
    no_trap(ref, _q2_2023(t, year_to_date=True), "the six months equal the quarter")
    return ref


def _losses(t: Truth, every_fact: bool = False) -> float:
    if every_fact:  # every annual NetIncomeLoss fact below zero summed, the same year once per 10-K reporting it
        facts = [
            fa
            for fa in t.sec["facts"]
            if fa["concept"] == "NetIncomeLoss"
            and fa["filing"]["form"] == "10-K"
            and fa["start"] is not None
            and (fa["end"] - fa["start"]).days > 360
            and 2015 <= fa["end"].year <= 2024
            and fa["val"] < 0
        ]
        return round(-sum(fa["val"] for fa in facts) / 1e6, 1)
    ref = round(-sum(min(0, _annual(t, y)["NetIncomeLoss"]) for y in range(2015, 2025)) / 1000, 1)
    if ref <= 0:
        raise ValueError("no loss-making year")
    no_trap(ref, _losses(t, every_fact=True), "each loss reported once")
    return ref


def _growth(t: Truth, new_tag_only: bool = False) -> int:
    rev = {y: _annual(t, y)["REV"] for y in range(2013, 2025)}
    years = range(2014, 2025)
    if new_tag_only:  # only the ASC 606 revenue concept read: the years before 2016 are missing
        have = {
            fa["end"].year
            for fa in t.sec["facts"]
            if fa["concept"] == REV_NEW and fa["start"] is not None and (fa["end"] - fa["start"]).days > 360
        }
        years = [y for y in years if y in have and y - 1 in have]
    best = argmax({y: rev[y] / rev[y - 1] for y in years})
    if not new_tag_only:
        no_trap(best, _growth(t, new_tag_only=True), "the fastest year is under the new concept too")
    return best


def _capex_q3(t: Truth, year_to_date: bool = False) -> float:
    if year_to_date:  # the nine-month cash-flow figure the third-quarter 10-Q reports
        return round(t.sec["period"](2024, [1, 2, 3])["capex"] / 1000, 1)
    ref = round(t.sec["q"][(2024, 3)]["capex"] / 1000, 1)
    no_trap(ref, _capex_q3(t, year_to_date=True), "nine months equal one quarter")
    return ref


def _shares(t: Truth) -> int:
    return max(t.sec["filings"], key=lambda f: f["filed"])["outstanding"]


# spotify: one dict per stream; the file's ts (end of the stream, UTC, to the second) is what counts


def _ts(p: dict) -> datetime:
    return datetime.strptime(sp_ts(p), "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


def _music(t: Truth) -> list[dict]:
    return [p for p in t.spotify if p["kind"] == "music"]


def _local(d: datetime) -> date:
    return d.astimezone(LONDON).date()


def _top(t: Truth, key: str) -> str:
    total: Counter = Counter()
    for p in t.spotify:
        if p[key] is not None:
            total[p[key]] += p["ms_played"]
    return argmax(total)


def _hours_2023(t: Truth) -> float:
    return round(sum(p["ms_played"] for p in _music(t) if _local(_ts(p)).year == 2023) / 3.6e6, 1)


def _party_day(t: Truth, utc_day: bool = False) -> float:
    if utc_day:
        ms = sum(p["ms_played"] for p in _music(t) if _ts(p).date() == PARTY_DAY)
        return round(ms / 60_000, 1)
    plays = [p for p in _music(t) if _local(_ts(p)) == PARTY_DAY]
    assert all(_local(p["start"]) == PARTY_DAY for p in plays), "a stream runs over the day's midnight"
    ref = round(sum(p["ms_played"] for p in plays) / 60_000, 1)
    no_trap(ref, _party_day(t, utc_day=True), "the UTC day holds as much music")
    return ref


def _first_2024(t: Truth, by_end: bool = False) -> str:
    new_year = datetime(2024, 1, 1, tzinfo=LONDON)
    if by_end:  # the earliest ts in 2024: ts is when a stream ended
        return min((p for p in _music(t) if _ts(p) >= new_year), key=_ts)["track"]
    started = [(_ts(p) - timedelta(milliseconds=p["ms_played"]), p) for p in _music(t)]
    ref = min(((s, p) for s, p in started if s >= new_year), key=lambda sp: sp[0])[1]["track"]
    no_trap(ref, _first_2024(t, by_end=True), "no song plays over midnight")
    return ref


def _new_artist(t: Truth) -> str:
    first: dict = {}
    total: Counter = Counter()
    for p in _music(t):
        first.setdefault(p["artist"], _local(_ts(p)))
        first[p["artist"]] = min(first[p["artist"]], _local(_ts(p)))
        total[p["artist"]] += p["ms_played"]
    return argmax({a: total[a] for a, d in first.items() if d.year == 2024})


def _fav_plays(t: Truth) -> int:
    return sum(p["track"] == FAV_TRACK and p["artist"] == FAV_ARTIST and p["ms_played"] >= 30_000 for p in t.spotify)


# kobo: books, chapters, bookmarks, shelves, shelf_content


def _books(t: Truth, every_row: bool = False) -> int:
    if every_row:  # the chapters are rows of the same content table
        return len(t.kobo["books"]) + len(t.kobo["chapters"])
    ref = len(t.kobo["books"])
    no_trap(ref, _books(t, every_row=True), "no chapter rows")
    return ref


def _club_hours(t: Truth, with_deleted: bool = False) -> float:
    ids = {
        s["cid"] for s in t.kobo["shelf_content"] if s["shelf"] == KB_BOOK_CLUB and (with_deleted or not s["deleted"])
    }
    ref = round(sum(b["spent"] for b in t.kobo["books"] if b["cid"] in ids) / 3600, 1)
    if not with_deleted:
        no_trap(ref, _club_hours(t, with_deleted=True), "no book taken out of the collection")
    return ref


def _most_highlighted(t: Truth) -> str:
    title = {b["cid"]: b["title"] for b in t.kobo["books"]}
    return argmax(Counter(title[m["volume"]] for m in t.kobo["bookmarks"] if m["type"] in ("highlight", "note")))


ES = (
    f"Eurostat's table of nights spent at tourist accommodation establishments by month (dataset tour_occ_nim), "
    f"downloaded as {ES_FILE}."
)
SEC = f"The SEC's XBRL company facts for {SEC_NAME} in {SEC_FILE} (its fiscal year is the calendar year)."
SP = f"My Spotify extended streaming history, in {SP_FILE_0} and {SP_FILE_1}. I live in London."
KB = f"The database of my Kobo e-reader, {KB_FILE}."

TASKS = [
    # --- Eurostat tourism nights ---
    Task(
        "es_spain_aug",
        "easy",
        f"{ES} How many nights did non-residents (c_resid FOR) spend in tourist accommodation in Spain in August "
        "2023, counting all accommodation types (nace_r2 I551-I553)?",
        lambda t: _val(t, "ES", "FOR", ALL, (2023, 8)),
    ),
    Task(
        "es_italy_peak",
        "easy",
        f"{ES} In which month of 2023 were the most nights spent in tourist accommodation in Italy (residents and "
        "non-residents together, all accommodation types)? Give the month.",
        _italy_peak,
        kind="text",
    ),
    Task(
        "es_greece",
        "medium",
        f"{ES} How many nights did non-residents spend in hotels and similar accommodation (nace_r2 I551) in Greece "
        "in July 2023?",
        lambda t: _val(t, "EL", "FOR", "I551", (2023, 7)),
    ),
    Task(
        "es_eu_july",
        "medium",
        f"{ES} How many nights in total were spent in tourist accommodation in the European Union (the 27 member "
        "states) in July 2023, residents and non-residents together and all accommodation types?",
        _eu_july,
    ),
    Task(
        "es_de_2023",
        "medium",
        f"{ES} How many nights were spent in tourist accommodation in Germany over the whole of 2023 (residents "
        "and non-residents together, all accommodation types)?",
        _de_2023,
    ),
    Task(
        "es_camping_share",
        "hard",
        f"{ES} In 2023, what percentage of all nights spent in tourist accommodation in France were spent on "
        "camping grounds (nace_r2 I553), residents and non-residents together? Round to one decimal.",
        _camping_share,
    ),
    Task(
        "es_recovery",
        "hard",
        f"{ES} Which EU member state had the largest percentage increase in nights spent in tourist accommodation "
        "(residents and non-residents together, all accommodation types) from 2019 to 2023, comparing the two "
        "calendar years' totals?",
        _recovery,
        kind="text",
    ),
    # --- SEC company facts ---
    Task(
        "sec_ni_2024",
        "easy",
        f"{SEC} What was the company's net income for fiscal 2024 (NetIncomeLoss for the year ended 31 December "
        "2024)? Give US$ millions to one decimal.",
        lambda t: round(_annual(t, 2024)["NetIncomeLoss"] / 1000, 1),
    ),
    Task(
        "sec_eps_2024",
        "easy",
        f"{SEC} What were the company's diluted earnings per share for fiscal 2024, in dollars?",
        lambda t: _annual(t, 2024)["EarningsPerShareDiluted"],
    ),
    Task(
        "sec_shares",
        "medium",
        f"{SEC} How many shares of common stock did the company have outstanding according to the cover page of "
        "its most recent filing in the file? Give the exact number.",
        _shares,
    ),
    Task(
        "sec_q2_2023",
        "medium",
        f"{SEC} What was the company's revenue for the second quarter of 2023 (April to June 2023)? Give US$ "
        "millions to one decimal.",
        _q2_2023,
    ),
    Task(
        "sec_losses",
        "medium",
        f"{SEC} Add up the net losses of the fiscal years from 2015 to 2024 that ended in a loss for the full year. "
        "How large is the total loss, in US$ millions to one decimal (as a positive number)?",
        _losses,
    ),
    Task(
        "sec_growth",
        "hard",
        f"{SEC} In which fiscal year from 2014 to 2024 did the company's annual revenue grow fastest, in percent "
        "over the year before? Give the year.",
        _growth,
    ),
    Task(
        "sec_q4_2023",
        "hard",
        f"{SEC} What was the company's revenue in the fourth quarter of 2023 (October to December 2023)? Give US$ "
        "millions to one decimal.",
        lambda t: round(t.sec["q"][(2023, 4)]["REV"] / 1000, 1),
    ),
    Task(
        "sec_capex_q3",
        "hard",
        f"{SEC} How much did the company pay for property, plant and equipment (capital expenditure) in the third "
        "quarter of 2024 alone, July to September? Give US$ millions to one decimal.",
        _capex_q3,
    ),
    # --- Spotify streaming history ---
    Task(
        "sp_top_artist",
        "easy",
        f"{SP} Which artist did I spend the most time listening to, over the whole history?",
        lambda t: _top(t, "artist"),
        kind="text",
    ),
    Task(
        "sp_podcast",
        "easy",
        f"{SP} Which podcast did I spend the most time listening to?",
        lambda t: _top(t, "show"),
        kind="text",
    ),
    Task(
        "sp_skipped",
        "easy",
        f"{SP} How many times did I skip a track (entries marked as skipped)?",
        lambda t: sum(p["skipped"] for p in t.spotify),
    ),
    Task(
        "sp_fav_plays",
        "medium",
        f"{SP} How many times did I play '{FAV_TRACK}' by {FAV_ARTIST} for at least 30 seconds?",
        _fav_plays,
    ),
    Task(
        "sp_party_day",
        "medium",
        f"{SP} How many minutes of music did I listen to on Saturday 15 July 2023, going by London time? Round to "
        "one decimal.",
        _party_day,
    ),
    Task(
        "sp_hours_2023",
        "hard",
        f"{SP} How many hours of music (not podcasts) did I listen to in 2023? Round to one decimal.",
        _hours_2023,
    ),
    Task(
        "sp_first_2024",
        "hard",
        f"{SP} What was the first song I started playing in 2024 (London time)? Give its title.",
        _first_2024,
        kind="text",
    ),
    Task(
        "sp_new_artist",
        "hard",
        f"{SP} Of the artists I listened to for the first time in 2024 (none of their songs played in 2023), which "
        "one did I listen to for the longest time in total?",
        _new_artist,
        kind="text",
    ),
    # --- Kobo e-reader ---
    Task(
        "kb_finished",
        "easy",
        f"{KB} How many books have I finished (ReadStatus 2)?",
        lambda t: sum(b["status"] == 2 for b in t.kobo["books"]),
    ),
    Task(
        "kb_author",
        "easy",
        f"{KB} Which author has the most books on the device?",
        lambda t: argmax(Counter(b["author"] for b in t.kobo["books"])),
        kind="text",
    ),
    Task(
        "kb_highlights",
        "easy",
        f"{KB} How many highlights have I made (bookmarks of Type 'highlight')?",
        lambda t: sum(m["type"] == "highlight" for m in t.kobo["bookmarks"]),
    ),
    Task(
        "kb_books",
        "medium",
        f"{KB} How many books are on the device?",
        _books,
    ),
    Task(
        "kb_hours",
        "medium",
        f"{KB} How many hours have I spent reading in total, according to the e-reader's own record of reading "
        "time? Round to one decimal.",
        lambda t: round(sum(b["spent"] for b in t.kobo["books"]) / 3600, 1),
    ),
    Task(
        "kb_bookclub",
        "hard",
        f"{KB} How many hours have I spent reading the books that are in my '{KB_BOOK_CLUB}' collection now? Round "
        "to one decimal.",
        _club_hours,
    ),
    Task(
        "kb_most_highlighted",
        "hard",
        f"{KB} Which book have I marked up most? Count its highlights and notes (bookmarks of Type 'highlight' or "
        "'note') and give the book's title.",
        _most_highlighted,
        kind="text",
    ),
]

QUICK = ["es_spain_aug", "sec_ni_2024", "kb_finished"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "es_eu_july": "every row of the table summed for the month: the EU27_2020 and EA20 aggregates and the countries "
    "outside the EU are rows beside the member states",
    "es_de_2023": "the month columns coerced to numbers: a value with a status flag ('22921420 b', a break in the "
    "series) is text and drops out of the year's sum",
    "sec_q2_2023": "the revenue fact of the Q2 10-Q ending 30 June 2023 taken as it comes: the filing reports the "
    "six months to date with the same end date beside the quarter",
    "sec_losses": "every negative annual NetIncomeLoss fact summed: a year's figure is repeated in each of the three "
    "10-Ks that report it",
    "sec_growth": "only the RevenueFromContractWithCustomerExcludingAssessedTax concept read: the filings before 2018 "
    "tag revenue as Revenues, so the years before 2016 and the fastest year drop out",
    "sec_capex_q3": "the capital expenditure of the Q3 10-Q taken as the quarter's: cash-flow figures in a 10-Q are "
    "year to date (nine months)",
    "sp_party_day": "the day taken in UTC from ts: London is on UTC+1 in July, so the party's first hour falls on "
    "14 July and the next night's first hour on the 15th",
    "sp_first_2024": "the earliest ts of 2024 taken: ts is when a stream ended, and the song playing at midnight "
    "started in 2023",
    "kb_books": "the rows of the content table counted: each book's chapters are rows of their own (ContentType 9 "
    "beside the books' 6)",
    "kb_bookclub": "every ShelfContent row of the collection joined: books taken out of the collection stay as rows "
    "with _IsDeleted 'true'",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a month's number, a country's code, an author's surname)."""
    t = truth()
    refs = references(t)
    code = {name: c for c, name in ES_NAME.items()}
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "es_italy_peak":
            m = list(calendar.month_name).index(ref)
            task.aliases = [f"2023-{m:02d}", calendar.month_abbr[m]]
        elif task.id == "es_recovery":
            task.aliases = [code[ref]]
        elif task.id == "kb_author":
            task.aliases = [ref.split()[-1]]


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)
assert set(TRAPS) <= {t.id for t in TASKS} and len(TRAPS) == 10
assert all(t.difficulty != "easy" for t in TASKS if t.id in TRAPS)

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
