"""The twenty-fourth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, time arithmetic or several steps).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise.
"""

from __future__ import annotations

import calendar
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from data import (
    ANKI_FILE,
    BERLIN,
    CHICAGO,
    EXO_FILE,
    PC_TO_LY,
    PUBMED_FILE,
    ROLLOVER,
    TW_USER,
    TWEETS_FILE,
    Truth,
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


def argmin(scores: dict[Any, float]) -> Any:
    return argmax({k: -v for k, v in scores.items()})


# exo: one dict per row of the table, values as written; default_flag 1 marks one row per planet


def _defaults(t: Truth) -> list[dict]:
    rows = [r for r in t.exo if r["default_flag"] == 1]
    if len(rows) != len({r["pl_name"] for r in t.exo}):
        raise ValueError("not one default row per planet")
    return rows


def _within_50_ly(t: Truth) -> int:
    rows = _defaults(t)
    if any(abs(r["sy_dist"] * PC_TO_LY - 50) < 0.02 for r in rows):
        raise ValueError("a planet too close to the 50 light-year line")
    return sum(r["sy_dist"] * PC_TO_LY < 50 for r in rows)


def _latest_mass_row(t: Truth, planet: str) -> dict:
    with_mass = [r for r in t.exo if r["pl_name"] == planet and r["pl_bmasse"] is not None]
    return max(with_mass, key=lambda r: r["pl_pubdate"])


def _latest_mass_planet(t: Truth) -> str:
    """A planet whose newest published mass is not its default row's (the most rows first, then by name)."""
    by: dict[str, list[dict]] = {}
    for r in t.exo:
        by.setdefault(r["pl_name"], []).append(r)
    candidates = []
    for name, rows in by.items():
        dated = [r["pl_pubdate"] for r in rows]
        if len(set(dated)) != len(dated):
            continue
        default = next(r for r in rows if r["default_flag"] == 1)
        latest = _latest_mass_row(t, name) if any(r["pl_bmasse"] is not None for r in rows) else None
        if latest is None or default["pl_bmasse"] is None or latest is default:
            continue
        if abs(latest["pl_bmasse"] - default["pl_bmasse"]) / default["pl_bmasse"] < 0.05:
            continue
        if default["discoverymethod"] != "Transit":
            continue
        candidates.append((-len(rows), name))
    if not candidates:
        raise ValueError("no planet whose newest mass differs from its default row's")
    return sorted(candidates)[0][1]


def _densest(t: Truth) -> str:
    rows = [r for r in _defaults(t) if r["pl_bmassprov"] == "Mass" and r["pl_rade"] is not None]
    return argmax({r["pl_name"]: r["pl_bmasse"] / r["pl_rade"] ** 3 for r in rows})


# tweets: oldest first; kind original | reply | thread (a reply to myself) | retweet; edit_of the first version's id


def _local(tw: dict):
    return tw["utc"].astimezone(CHICAGO)


def _top_reply(t: Truth) -> str:
    counts = Counter(tw["reply_to"] for tw in t.tweets if tw["reply_to"])
    mine = counts.pop(TW_USER, 0)
    best = argmax(counts)
    if mine <= counts[best]:
        raise ValueError("self-replies would not bite: fewer than the top other account's")
    return best


def _top_hashtag(t: Truth) -> str:
    return argmax(Counter(h.lower() for tw in t.tweets if tw["kind"] != "retweet" for h in tw["hashtags"]))


def _originals_2023(t: Truth) -> int:
    rows = [tw for tw in t.tweets if tw["kind"] == "original" and tw["edit_of"] is None and _local(tw).year == 2023]
    if not any(tw["versions"] and len(tw["versions"]) > 1 for tw in rows):
        raise ValueError("no edited tweet in 2023")
    return len(rows)


def _best_month_2024(t: Truth) -> str:
    likes: Counter = Counter()
    for tw in t.tweets:
        if tw["kind"] != "retweet" and _local(tw).year == 2024:
            likes[_local(tw).month] += tw["favorites"]
    return f"{calendar.month_name[argmax(likes)]} 2024"


def _most_liked(t: Truth) -> str:
    return str(argmax({tw["id"]: tw["favorites"] for tw in t.tweets}))


def _top_app(t: Truth) -> str:
    return argmax(Counter(tw["source"].split(">")[1].split("<")[0] for tw in t.tweets))


# anki: notes and cards with their deck; revlog rows with a UTC datetime; deleted notes' cards gone


def _live_cards(t: Truth) -> dict[int, dict]:
    deleted = set(t.anki["deleted"])
    return {c["id"]: c for c in t.anki["cards"] if c["nid"] not in deleted}


def _anki_day(utc) -> date:
    return (utc.astimezone(BERLIN) - timedelta(hours=ROLLOVER)).date()


def _answers_2024(t: Truth) -> int:
    return sum(r["ease"] > 0 and r["utc"].astimezone(BERLIN).year == 2024 for r in t.anki["revlog"])


def _busiest_day_2024(t: Truth) -> str:
    counts = Counter(_anki_day(r["utc"]) for r in t.anki["revlog"] if r["ease"] > 0)
    return argmax({d: n for d, n in counts.items() if d.year == 2024}).isoformat()


def _biggest_deck(t: Truth) -> str:
    return argmax(Counter(c["deck"] for c in _live_cards(t).values()))


def _hardest_word(t: Truth) -> str:
    cards = _live_cards(t)
    notes = {n["id"]: n for n in t.anki["notes"]}
    counts: Counter = Counter()
    for r in t.anki["revlog"]:
        c = cards.get(r["cid"])
        if r["ease"] == 1 and c and c["deck"] == "Spanish::Vocabulary":
            counts[notes[c["nid"]]["front"]] += 1
    return argmax(counts)


def _verbs_hours(t: Truth) -> float:
    cards = _live_cards(t)
    ms = sum(r["time"] for r in t.anki["revlog"] if r["cid"] in cards and cards[r["cid"]]["deck"] == "Spanish::Verbs")
    return round(ms / 3_600_000, 1)


# pubmed: one dict per article; authors with their affiliations as (text, clean country)


def _top_journal(t: Truth) -> str:
    return argmax(Counter(a["journal"] for a in t.pubmed))


def _issue_2023(t: Truth) -> int:
    if not any("MedlineDate" in a["pubdate"] and a["issue_year"] == 2023 for a in t.pubmed):
        raise ValueError("no MedlineDate issue in 2023")
    return sum(a["issue_year"] == 2023 for a in t.pubmed)


def _top_author(t: Truth) -> str:
    counts = Counter()
    for a in t.pubmed:
        counts.update({f"{au['last']} {au['initials']}" for au in a["authors"] if "last" in au})
    return argmax(counts)


def _first_author_china(t: Truth) -> int:
    return sum(any(country == "China" for _, country in a["authors"][0].get("affs", [])) for a in t.pubmed)


def _accept_days(t: Truth) -> float:
    days = [
        (a["history"]["accepted"] - a["history"]["received"]).days
        for a in t.pubmed
        if {"received", "accepted"} <= set(a["history"])
    ]
    return statistics.median(days)


# --- the questions -------------------------------------------------------------------------------

EXO = f"The NASA Exoplanet Archive table {EXO_FILE} (its Planetary Systems table: a planet can have several rows, one per published parameter set, and default_flag = 1 marks one row per planet)."
TW = f"My Twitter archive's {TWEETS_FILE} (account @{TW_USER}; I live in Chicago)."
ANKI = f"My Anki collection {ANKI_FILE} (I live in Berlin)."
PM = f"The PubMed search results saved as {PUBMED_FILE}."
LATEST_PLANET = _latest_mass_planet(truth())

TASKS = [
    # --- exoplanets ---
    Task(
        "exo_microlensing",
        "easy",
        f"{EXO} Using the rows with default_flag = 1, how many planets were discovered by Microlensing?",
        lambda t: sum(r["discoverymethod"] == "Microlensing" for r in _defaults(t)),
    ),
    Task(
        "exo_nearest_host",
        "easy",
        f"{EXO} Which host star is nearest to us (the smallest sy_dist)? Give the host name.",
        lambda t: argmin({r["hostname"]: r["sy_dist"] for r in t.exo}),
        kind="text",
    ),
    Task(
        "exo_longest_period",
        "easy",
        f"{EXO} What is the longest orbital period (pl_orbper) on any row of the table, in days?",
        lambda t: max(r["pl_orbper"] for r in t.exo if r["pl_orbper"] is not None),
    ),
    Task(
        "exo_planets",
        "medium",
        f"The NASA Exoplanet Archive table {EXO_FILE}: how many different planets does it list?",
        lambda t: len({r["pl_name"] for r in t.exo}),
    ),
    Task(
        "exo_within_50ly",
        "medium",
        f"The NASA Exoplanet Archive table {EXO_FILE}: how many planets are less than 50 light years from us? Count each "
        f"planet once, and use 1 parsec = {PC_TO_LY} light years.",
        _within_50_ly,
    ),
    Task(
        "exo_rv_median_period",
        "medium",
        f"{EXO} Using each planet's default parameter set, what is the median orbital period of the planets discovered "
        "by Radial Velocity, in days, rounded to two decimals?",
        lambda t: round(
            statistics.median(r["pl_orbper"] for r in _defaults(t) if r["discoverymethod"] == "Radial Velocity"), 2
        ),
    ),
    Task(
        "exo_latest_mass",
        "hard",
        f"The NASA Exoplanet Archive table {EXO_FILE}: what is the mass of the planet {LATEST_PLANET} in Earth masses, "
        "according to the most recently published parameter set (pl_pubdate) that gives a mass?",
        lambda t: _latest_mass_row(t, LATEST_PLANET)["pl_bmasse"],
    ),
    Task(
        "exo_densest",
        "hard",
        f"{EXO} Using each planet's default parameter set, which planet with both a measured mass (pl_bmassprov 'Mass', "
        "not 'Msini') and a radius has the highest bulk density? Give the planet name.",
        _densest,
        kind="text",
    ),
    # --- Twitter archive ---
    Task(
        "tw_most_liked",
        "easy",
        f"{TW} Which entry in the file got the most likes (favorite_count)? Give its tweet id.",
        _most_liked,
        kind="text",
    ),
    Task(
        "tw_app",
        "easy",
        f"{TW} From which app did I post the most entries in the file (the source field)? Give the app's name.",
        _top_app,
        kind="text",
    ),
    Task(
        "tw_top_reply",
        "medium",
        f"{TW} Which other account did I reply to most often? Give its handle.",
        _top_reply,
        kind="text",
    ),
    Task(
        "tw_hashtag",
        "medium",
        f"{TW} Which hashtag did I use most in my own tweets and replies (retweets left out), counting different "
        "capitalisations as the same hashtag? Give it without the #, in lower case.",
        _top_hashtag,
        kind="text",
    ),
    Task(
        "tw_originals_2023",
        "hard",
        f"{TW} How many tweets did I post in 2023 (Chicago time) that are neither retweets nor replies (replies to my "
        "own tweets, i.e. threads, are replies too)? An edited tweet appears in the archive once per version: count it once.",
        _originals_2023,
    ),
    Task(
        "tw_night",
        "hard",
        f"{TW} How many entries in the file (retweets and replies included) did I post between midnight and 6 am "
        "Chicago time, i.e. from 00:00 to 05:59?",
        lambda t: sum(_local(tw).hour < 6 for tw in t.tweets),
    ),
    Task(
        "tw_best_month_2024",
        "hard",
        f"{TW} In 2024 (Chicago time), in which month did my own tweets and replies (not retweets) get the most likes in "
        "total, summing favorite_count over their entries? Give the month and year.",
        _best_month_2024,
        kind="text",
    ),
    # --- Anki ---
    Task(
        "anki_notes",
        "easy",
        f"{ANKI} How many notes are in the collection?",
        lambda t: len(t.anki["notes"]) - len(t.anki["deleted"]),
    ),
    Task(
        "anki_suspended",
        "easy",
        f"{ANKI} How many cards are suspended (queue = -1 in the cards table)?",
        lambda t: sum(c["queue"] == -1 for c in _live_cards(t).values()),
    ),
    Task(
        "anki_again",
        "easy",
        f"{ANKI} How many times have I pressed Again (ease = 1 in the revlog table)?",
        lambda t: sum(r["ease"] == 1 for r in t.anki["revlog"]),
    ),
    Task(
        "anki_answers_2024",
        "medium",
        f"{ANKI} How many times did I answer a card (press Again, Hard, Good or Easy) in 2024, Berlin time?",
        _answers_2024,
    ),
    Task(
        "anki_biggest_deck",
        "medium",
        f"{ANKI} Which deck holds the most cards? Give the deck's full name as Anki stores it (Parent::Child).",
        _biggest_deck,
        kind="text",
    ),
    Task(
        "anki_busiest_day_2024",
        "hard",
        f"{ANKI} In 2024, on which day did I answer the most cards? Count days as Anki does, from {ROLLOVER} am to "
        f"{ROLLOVER} am Berlin time, and give the date on which that day starts (YYYY-MM-DD).",
        _busiest_day_2024,
        kind="text",
    ),
    Task(
        "anki_hardest_word",
        "hard",
        f"{ANKI} In the deck Spanish::Vocabulary, which note did I press Again on most often, counting the Again presses "
        "on both of its cards? Give its Front field (the Spanish word).",
        _hardest_word,
        kind="text",
    ),
    Task(
        "anki_verbs_hours",
        "hard",
        f"{ANKI} How many hours in total have I spent answering the cards of the deck Spanish::Verbs? Round to one decimal.",
        _verbs_hours,
    ),
    # --- PubMed ---
    Task(
        "pm_articles",
        "easy",
        f"{PM} How many articles does the file contain?",
        lambda t: len(t.pubmed),
    ),
    Task(
        "pm_top_journal",
        "easy",
        f"{PM} Which journal has the most articles in the file? Give the journal's title.",
        _top_journal,
        kind="text",
    ),
    Task(
        "pm_issue_2023",
        "medium",
        f"{PM} How many of the articles have a journal issue date (PubDate) in 2023?",
        _issue_2023,
    ),
    Task(
        "pm_top_author",
        "medium",
        f"{PM} Which author appears on the most articles? Give the last name and initials as PubMed writes them (e.g. "
        "Smith JA).",
        _top_author,
        kind="text",
    ),
    Task(
        "pm_not_english",
        "medium",
        f"{PM} How many of the articles are not written in English (their Language)?",
        lambda t: sum(a["lang"] != "eng" for a in t.pubmed),
    ),
    Task(
        "pm_first_author_china",
        "hard",
        f"{PM} How many articles have a first author with an affiliation in China?",
        _first_author_china,
    ),
    Task(
        "pm_accept_days",
        "hard",
        f"{PM} Over the articles whose history gives both a received and an accepted date, what is the median number of "
        "days from received to accepted?",
        _accept_days,
    ),
]

QUICK = ["exo_microlensing", "anki_notes", "pm_articles"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "exo_planets": "the rows counted: a planet has one row per published parameter set",
    "exo_within_50ly": "sy_dist taken as light years: it is in parsecs",
    "exo_latest_mass": "the default parameter set's mass taken (default_flag 1): the archive's default is not always "
    "the newest publication",
    "tw_top_reply": "the most frequent in_reply_to_screen_name taken: that is the account itself, whose replies to its "
    "own tweets are threads",
    "tw_originals_2023": "every entry that is neither a retweet nor a reply counted: an edited tweet is in the archive "
    "once per version",
    "tw_night": "created_at read as Chicago time: it is UTC (+0000), five or six hours ahead",
    "anki_answers_2024": "every revlog row of 2024 counted, the manual rescheduling rows (type 4, ease 0) included",
    "anki_busiest_day_2024": "the reviews grouped by calendar date (Berlin or UTC): a session after midnight and "
    "before 4 am belongs to the day before",
    "pm_issue_2023": "only PubDate's Year element read: issues dated with a MedlineDate ('2023 Jul-Aug') are missed",
    "pm_first_author_china": "the country read as the affiliation's last comma-separated part and compared with "
    "'China': 'P.R. China', 'PR China', 'People's Republic of China' and affiliations ending in an e-mail address "
    "are missed",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _month_aliases(text: str) -> list[str]:
    """`July 2024`: the other ways of writing that month."""
    name, year = text.split()
    m = list(calendar.month_name).index(name)
    spellings = [f"{calendar.month_abbr[m]} {year}", f"{year}-{m:02d}", f"{m:02d}/{year}", f"{m}/{year}"]
    return [s for s in dict.fromkeys(spellings) if s != text]


def _date_aliases(text: str) -> list[str]:
    d = date.fromisoformat(text)
    month = calendar.month_name[d.month]
    return [
        f"{d.day} {month} {d.year}",
        f"{month} {d.day}, {d.year}",
        f"{month} {d.day} {d.year}",
        f"{d.day}.{d.month}.{d.year}",
        f"{d.day:02d}.{d.month:02d}.{d.year}",
    ]


def _journal_aliases(t: Truth, title: str) -> list[str]:
    iso = next(a["iso"] for a in t.pubmed if a["journal"] == title)
    short = title.split(" (")[0]
    return [s for s in dict.fromkeys([iso, short, short.removeprefix("The ")]) if s != title]


def _author_aliases(t: Truth, name: str) -> list[str]:
    last, initials = name.rsplit(" ", 1)
    fore = next(
        au["fore"] for a in t.pubmed for au in a["authors"] if au.get("last") == last and au["initials"] == initials
    )
    dotted = "".join(f"{c}." for c in initials)
    return [
        f"{last}, {initials}",
        f"{fore} {last}",
        f"{last}, {fore}",
        f"{dotted} {last}",
        f"{' '.join(initials)} {last}",
        f"{last} {' '.join(initials)}",
    ]


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a month, a date, a journal, an author, a handle)."""
    t = truth()
    refs = references(t)
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "tw_best_month_2024":
            task.aliases = _month_aliases(ref)
        elif task.id == "anki_busiest_day_2024":
            task.aliases = _date_aliases(ref)
        elif task.id == "tw_top_reply":
            task.aliases = [f"@{ref}"]
        elif task.id == "tw_hashtag":
            task.aliases = [f"#{ref}"]
        elif task.id == "tw_app":
            task.aliases = [ref.removeprefix("Twitter for ")] if ref.startswith("Twitter for ") else []
        elif task.id == "anki_hardest_word":
            task.aliases = [ref.split(" ", 1)[1]] if ref.split(" ", 1)[0] in ("el", "la", "los", "las") else []
        elif task.id == "anki_biggest_deck":
            task.aliases = [ref.replace("::", " :: "), ref.replace("::", " / "), ref.replace("::", "/")]
        elif task.id == "pm_top_journal":
            task.aliases = _journal_aliases(t, ref)
        elif task.id == "pm_top_author":
            task.aliases = _author_aliases(t, ref)


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)
assert set(TRAPS) <= {t.id for t in TASKS} and len(TRAPS) <= 10
assert all(t.difficulty != "easy" for t in TASKS if t.id in TRAPS)

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
