"""The eighteenth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, time-zone conversion, reshaping or parsing text). A reference whose answer would be a tie
raises, so a seed that makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import calendar
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from data import BANK_FILE, COUNTIES, EBD_FILE, FB_FILE, WD_FILE, YELP_FILE, Truth, truth

LONDON = ZoneInfo("Europe/London")
MADRID = ZoneInfo("Europe/Madrid")


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


def _month_text(year: int, month: int) -> str:
    return f"{calendar.month_name[month]} {year}"


# banking: one record per booked transaction, amounts in cents, `book` the booking date (Buchungstag)

SUPERMARKET_WORDS = ("rewe", "edeka", "aldi", "lidl", "kaufland")


def _card(t: Truth, year: int | None = None) -> list[dict]:
    return [x for x in t.txns if x["text"] == "Kartenzahlung" and (year is None or x["book"].year == year)]


def _grocery_pct(t: Truth) -> float:
    card = _card(t, 2024)
    groceries = [x for x in card if any(w in x["payee"].lower() for w in SUPERMARKET_WORDS)]
    return 100 * sum(x["cents"] for x in groceries) / sum(x["cents"] for x in card)


def _card_peak_month(t: Truth) -> str:
    by: Counter = Counter()
    for x in _card(t):
        by[(x["book"].year, x["book"].month)] -= x["cents"]
    return _month_text(*argmax(by))


# birding: one record per checklist (a shared checklist once, with the sampling ids of its copies)

COUNTED = ("species", "issf")


def _swift_first(t: Truth) -> str:
    days = [
        cl["date"]
        for cl in t.checklists
        if cl["date"].year == 2024 and any(o["common"] == "Common Swift" for o in cl["obs"])
    ]
    return min(days).isoformat()


def _busiest_month(t: Truth) -> str:
    return _month_text(*argmax(Counter((cl["date"].year, cl["date"].month) for cl in t.checklists if cl["complete"])))


def _richest_county(t: Truth) -> str:
    by: dict[str, list[int]] = defaultdict(list)
    for cl in t.checklists:
        if cl["complete"]:
            by[COUNTIES[cl["loc"][1]]].append(sum(o["category"] in COUNTED for o in cl["obs"]))
    return argmax({c: statistics.fmean(v) for c, v in by.items()})


# football: matches per league, kick-off date and time in UK local time; clubs with their stadium


def _points(t: Truth) -> dict[str, int]:
    pts: Counter = Counter()
    for m in t.matches["E0"]:
        if m["fthg"] > m["ftag"]:
            pts[m["home"]] += 3
        elif m["fthg"] < m["ftag"]:
            pts[m["away"]] += 3
        else:
            pts[m["home"]] += 1
            pts[m["away"]] += 1
    return dict(pts)


def _madrid_hour(m: dict) -> int:
    hh, mm = map(int, m["time"].split(":"))
    uk = datetime(m["date"].year, m["date"].month, m["date"].day, hh, mm, tzinfo=LONDON)
    return uk.astimezone(MADRID).hour


def _late_pct(t: Truth) -> float:
    rows = t.matches["SP1"]
    return 100 * sum(_madrid_hour(m) >= 21 for m in rows) / len(rows)


def _big_stadium_goals(t: Truth) -> int:
    big = {c["team"] for c in t.clubs if max(c["capacities"]) >= 50_000}
    return sum(m["fthg"] + m["ftag"] for m in t.matches["E0"] if m["home"] in big)


def _oldest(t: Truth) -> str:
    return min(t.clubs, key=lambda c: c["inception"])["label"].removesuffix(" F.C.")


def _top_referee(t: Truth) -> str:
    cards: Counter = Counter()
    for m in t.matches["E0"]:
        cards[m["referee"]] += m["hy"] + m["ay"]
    return argmax(cards)


# reviews: one record per business; `city` is the city as it is (the file spells St. Louis several ways)

MAIN_CITIES = {("Philadelphia", "PA"), ("Tampa", "FL"), ("Nashville", "TN"), ("St. Louis", "MO")}


def _cats(b: dict) -> list[str]:
    return b["categories"] or []


def _most_reviewed(t: Truth) -> str:
    best = max(t.businesses, key=lambda b: b["reviews"])
    if sum(b["reviews"] == best["reviews"] for b in t.businesses) > 1:
        raise ValueError("tie for most reviews")
    if sum(b["name"] == best["name"] for b in t.businesses) > 1:
        raise ValueError(f"the most reviewed business's name is not unique: {best['name']}")
    return best["name"]


def _wifi_pct(t: Truth) -> float:
    rows = [b for b in t.businesses if (b["city"], b["state"]) == ("Tampa", "FL") and "Restaurants" in _cats(b)]
    return 100 * sum(b["wifi"] == "free" for b in rows) / len(rows)


def _open_at_23_saturday(b: dict) -> bool:
    if not b["hours"] or "Saturday" not in b["hours"]:
        return False
    o, c = b["hours"]["Saturday"]
    return o <= 23 * 60 and (c <= o or c > 23 * 60)


def _city_stars(t: Truth) -> str:
    by: dict[str, list[float]] = defaultdict(list)
    for b in t.businesses:
        if (b["city"], b["state"]) in MAIN_CITIES and b["is_open"] and "Restaurants" in _cats(b):
            by[b["city"]].append(b["stars"])
    return argmax({c: statistics.fmean(v) for c, v in by.items()})


# --- the questions --------------------------------------------------------------------------------

BANK_READ = (
    f"{BANK_FILE} is a German bank's (DKB) export of a current account's transactions, 2023 and 2024; "
    "Betrag (EUR) is the amount in euros, negative for money going out."
)

TASKS = [
    # banking (DKB current account CSV) ---------------------------------------------------------------
    Task(
        "bank_card_count_2024",
        "easy",
        f"{BANK_READ} How many card payments (Buchungstext 'Kartenzahlung') were booked in 2024 (by the booking "
        "date, Buchungstag)?",
        lambda t: len(_card(t, 2024)),
    ),
    Task(
        "bank_salary_2023",
        "easy",
        f"{BANK_READ} How much salary (Buchungstext 'Lohn, Gehalt, Rente') was paid into the account in 2023 (by "
        "Buchungstag)? Give the total in euros.",
        lambda t: (
            sum(x["cents"] for x in t.txns if x["text"] == "Lohn, Gehalt, Rente" and x["book"].year == 2023) / 100
        ),
    ),
    Task(
        "bank_largest_out",
        "easy",
        f"{BANK_READ} What was the largest single payment out of the account in the whole file (the most negative "
        "Betrag)? Give it as a positive number of euros.",
        lambda t: -min(x["cents"] for x in t.txns) / 100,
    ),
    Task(
        "bank_spend_2024",
        "medium",
        f"{BANK_READ} How much money went out of the account in 2024 in total (the sum of all negative amounts "
        "booked in 2024 by Buchungstag: rent, transfers, direct debits, card payments, cash, everything)? Give it as "
        "a positive number of euros.",
        lambda t: -sum(x["cents"] for x in t.txns if x["cents"] < 0 and x["book"].year == 2024) / 100,
    ),
    Task(
        "bank_median_rewe",
        "medium",
        f"{BANK_READ} What is the median amount of the card payments (Buchungstext 'Kartenzahlung') made at REWE "
        "over the whole file? A payment is at REWE when the payee (column 'Auftraggeber / Begünstigter') contains "
        "REWE in any capitalisation. Give a positive number of euros.",
        lambda t: statistics.median(-x["cents"] / 100 for x in _card(t) if "rewe" in x["payee"].lower()),
    ),
    Task(
        "bank_card_peak_month",
        "hard",
        f"{BANK_READ} Add up the card payments (Buchungstext 'Kartenzahlung') in each month of each year, by the "
        "month of the booking date (Buchungstag). Which month (month and year) had the most card spending?",
        _card_peak_month,
        kind="text",
    ),
    Task(
        "bank_grocery_pct_2024",
        "hard",
        f"{BANK_READ} What percentage of the money spent by card (Buchungstext 'Kartenzahlung') in 2024 (by "
        "Buchungstag) went to supermarkets? Count a card payment as a supermarket one when its payee (column "
        "'Auftraggeber / Begünstigter') contains REWE, EDEKA, ALDI, LIDL or KAUFLAND, in any capitalisation.",
        _grocery_pct,
    ),
    # birding (eBird Basic Dataset) ---------------------------------------------------------------------
    Task(
        "eb_kingfisher_rows",
        "easy",
        f"{EBD_FILE} is an eBird Basic Dataset extract (tab-separated, gzip-compressed) for five Bavarian counties, "
        "2023-2024, one row per species per checklist. How many rows are records of Common Kingfisher (COMMON "
        "NAME)?",
        lambda t: sum(len(cl["sids"]) for cl in t.checklists for o in cl["obs"] if o["common"] == "Common Kingfisher"),
    ),
    Task(
        "eb_max_crane",
        "easy",
        f"In {EBD_FILE}, what is the largest number of Common Cranes recorded in one row (OBSERVATION COUNT)? An "
        "X in OBSERVATION COUNT means the species was present but not counted; leave those rows out.",
        lambda t: max(
            o["count"]
            for cl in t.checklists
            for o in cl["obs"]
            if o["common"] == "Common Crane" and o["count"] is not None
        ),  # fmt: skip
    ),
    Task(
        "eb_species",
        "medium",
        f"How many bird species are recorded in {EBD_FILE}? Count species the way eBird does: only rows whose "
        "CATEGORY is species, issf or form count, each COMMON NAME once; spuh rows (such as 'duck sp.'), slash rows "
        "(such as 'Marsh/Willow Tit'), hybrids and domestic types do not count.",
        lambda t: len({o["common"] for cl in t.checklists for o in cl["obs"] if o["category"] in COUNTED}),
    ),
    Task(
        "eb_checklists",
        "medium",
        f"How many checklists does {EBD_FILE} hold? A checklist is a SAMPLING EVENT IDENTIFIER, but a checklist "
        "shared by several observers appears once per observer, each copy with its own SAMPLING EVENT IDENTIFIER "
        "and the same GROUP IDENTIFIER: count a shared checklist once.",
        lambda t: len(t.checklists),
    ),
    Task(
        "eb_median_duration",
        "medium",
        f"In {EBD_FILE}, what is the median checklist duration in minutes (DURATION MINUTES)? Take each checklist "
        "once (the file has a row per species; a shared checklist, with one GROUP IDENTIFIER, counts once) and "
        "leave out checklists with no duration.",
        lambda t: statistics.median(cl["duration"] for cl in t.checklists if cl["duration"] is not None),
    ),
    Task(
        "eb_swift_first_2024",
        "medium",
        f"In {EBD_FILE}, on which date in 2024 was Common Swift first recorded (OBSERVATION DATE)?",
        _swift_first,
        kind="text",
    ),
    Task(
        "eb_busiest_month",
        "hard",
        f"Using {EBD_FILE}: count the complete checklists (ALL SPECIES REPORTED = 1) in each month of each year, by "
        "OBSERVATION DATE, counting a shared checklist (one GROUP IDENTIFIER, several SAMPLING EVENT IDENTIFIERs) "
        "once. Which month (month and year) had the most?",
        _busiest_month,
        kind="text",
    ),
    Task(
        "eb_richest_county",
        "hard",
        f"Using {EBD_FILE}: among the complete checklists (ALL SPECIES REPORTED = 1), each shared checklist (one "
        "GROUP IDENTIFIER) taken once, which county (COUNTY) has the highest average number of species per "
        "checklist? Count a checklist's species as its rows with CATEGORY species or issf.",
        _richest_county,
        kind="text",
    ),
    # football (football-data.co.uk workbook and a Wikidata query result) -------------------------------
    Task(
        "fb_pl_goals",
        "easy",
        f"{FB_FILE} is football-data.co.uk's results workbook for 2023-24, one sheet per league. How many goals were "
        "scored in total in the Premier League (sheet E0; FTHG + FTAG over all matches)?",
        lambda t: sum(m["fthg"] + m["ftag"] for m in t.matches["E0"]),
    ),
    Task(
        "fb_d1_draws",
        "easy",
        f"In {FB_FILE}, how many Bundesliga matches (sheet D1) ended in a draw (FTR = D)?",
        lambda t: sum(m["fthg"] == m["ftag"] for m in t.matches["D1"]),
    ),
    Task(
        "fb_sp1_home_wins",
        "easy",
        f"In {FB_FILE}, how many La Liga matches (sheet SP1) did the home team win (FTR = H)?",
        lambda t: sum(m["fthg"] > m["ftag"] for m in t.matches["SP1"]),
    ),
    Task(
        "fb_top_referee",
        "medium",
        f"In the Premier League sheet (E0) of {FB_FILE}, which referee showed the most yellow cards in total over "
        "the season (HY + AY over the matches he refereed)?",
        _top_referee,
        kind="text",
    ),
    Task(
        "fb_oldest_club",
        "medium",
        f"{WD_FILE} is a Wikidata Query Service result (SPARQL JSON) listing the 2023-24 Premier League clubs with "
        "their stadium, its capacity, and the club's founding date (inception). Which club was founded earliest?",
        _oldest,
        kind="text",
    ),
    Task(
        "fb_pl_champion",
        "hard",
        f"Build the 2023-24 Premier League table from sheet E0 of {FB_FILE}: 3 points for a win, 1 for a draw, "
        "counting every team's home and away matches. Which team finished with the most points?",
        lambda t: argmax(_points(t)),
        kind="text",
    ),
    Task(
        "fb_sp1_late",
        "hard",
        f"In {FB_FILE}, the Time column gives every league's kick-off in UK local time (Europe/London). What "
        "percentage of the La Liga matches (sheet SP1) kicked off at 21:00 or later Spanish local time "
        "(Europe/Madrid)?",
        _late_pct,
    ),
    Task(
        "fb_big_stadium_goals",
        "hard",
        f"Using sheet E0 of {FB_FILE} and {WD_FILE}: how many goals in total (FTHG + FTAG) were scored in Premier "
        "League matches played at a stadium with a capacity of at least 50,000? A match is played at the home "
        "team's stadium. Where Wikidata gives a stadium two capacities, use the larger.",
        _big_stadium_goals,
    ),
    # reviews (Yelp Open Dataset business file) -----------------------------------------------------------
    Task(
        "yelp_open_count",
        "easy",
        f"{YELP_FILE} is the business file of the Yelp Open Dataset (one JSON object per line). How many of its "
        "businesses are open (is_open = 1)?",
        lambda t: sum(b["is_open"] for b in t.businesses),
    ),
    Task(
        "yelp_most_reviewed",
        "easy",
        f"In {YELP_FILE}, which business has the most reviews (review_count)? Give its name.",
        _most_reviewed,
        kind="text",
    ),
    Task(
        "yelp_food_count",
        "medium",
        f"In {YELP_FILE}, how many businesses in Philadelphia (city Philadelphia, state PA) have Food as one of "
        "their categories? The categories field is a comma-separated list; count only the category Food itself.",
        lambda t: sum((b["city"], b["state"]) == ("Philadelphia", "PA") and "Food" in _cats(b) for b in t.businesses),
    ),
    Task(
        "yelp_st_louis",
        "medium",
        f"How many businesses in {YELP_FILE} are in the city of St. Louis, Missouri (state MO)? The city field spells "
        "it several ways (for example 'Saint Louis'); count every spelling, but not nearby towns such as Clayton or "
        "Kirkwood.",
        lambda t: sum((b["city"], b["state"]) == ("St. Louis", "MO") for b in t.businesses),
    ),
    Task(
        "yelp_wifi_pct",
        "hard",
        f"In {YELP_FILE}, what percentage of the restaurants in Tampa (city Tampa, state FL, with Restaurants among "
        "their categories) offer free WiFi? The WiFi attribute is written u'free' or 'free' when it is free; count "
        "restaurants with no WiFi attribute, no attributes at all, or any other value as not free.",
        _wifi_pct,
    ),
    Task(
        "yelp_late_saturday",
        "hard",
        f"In {YELP_FILE}, how many businesses in Philadelphia (city Philadelphia, state PA) that are still open "
        "(is_open = 1) are open at 23:00 on Saturdays? Use the Saturday entry of hours, written 'open-close' in "
        "24-hour H:M (for example '17:0-2:0'): a closing time at or before the opening time means it closes after "
        "midnight, and '0:0-0:0' means open all day. A business is open at 23:00 when it opens at or before 23:00 "
        "and closes after 23:00 (or after midnight). Businesses with no hours or no Saturday entry do not count.",
        lambda t: sum(
            (b["city"], b["state"]) == ("Philadelphia", "PA") and b["is_open"] and _open_at_23_saturday(b)
            for b in t.businesses
        ),
    ),
    Task(
        "yelp_city_stars",
        "hard",
        f"Using {YELP_FILE}: among the restaurants (Restaurants among the categories) that are still open (is_open "
        "= 1) in Philadelphia PA, Tampa FL, Nashville TN and St. Louis MO (every spelling of St. Louis together; "
        "suburbs left out), which of the four cities has the highest average star rating (stars)?",
        _city_stars,
        kind="text",
    ),
]

QUICK = ["bank_card_count_2024", "eb_kingfisher_rows", "yelp_open_count"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "bank_spend_2024": "Betrag turned into numbers by swapping the decimal comma for a point and coercing errors, so "
    "every amount of 1,000 euros or more (written with a '.' thousands separator, '-1.215,00') becomes NaN and "
    "drops out of the sum: the rent, the holiday deposit, two big card payments",
    "eb_species": "distinct COMMON NAMEs counted, including the spuh, slash, hybrid and domestic rows ('duck sp.', "
    "'Marsh/Willow Tit', 'Mallard (Domestic type)' ...)",
    "eb_checklists": "distinct SAMPLING EVENT IDENTIFIERs counted, so a checklist shared by two or three observers "
    "counts two or three times",
    "eb_median_duration": "the median of DURATION MINUTES over all rows, which weights each checklist by its number "
    "of species (long checklists have more rows)",
    "fb_sp1_late": "the Time column read as Spanish local time, but it is UK time, an hour behind Madrid, so a "
    "21:00 kick-off in Madrid shows as 20:00",
    "fb_big_stadium_goals": "the Wikidata labels with ' F.C.' stripped joined to HomeTeam, which silently drops "
    "Man United, Man City, Tottenham, West Ham and Newcastle (spelled differently), and Liverpool's two capacity "
    "rows counting its home matches twice",
    "yelp_food_count": "categories searched for the substring 'Food', which also matches Seafood, Fast Food, "
    "Comfort Food, Soul Food, Specialty Food, Food Trucks ...",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _month_aliases(text: str) -> list[str]:
    """`July 2023`: the other ways of writing that month."""
    name, year = text.split()
    m = list(calendar.month_name).index(name)
    spellings = [f"{calendar.month_abbr[m]} {year}", f"{year}-{m:02d}", f"{m:02d}/{year}", f"{m}/{year}"]
    return [s for s in dict.fromkeys(spellings) if s != text]


def _date_aliases(iso: str) -> list[str]:
    d = date.fromisoformat(iso)
    month = calendar.month_name[d.month]
    return [f"{d.day} {month} {d.year}", f"{month} {d.day}, {d.year}", f"{d:%d.%m.%Y}", f"{d:%d/%m/%Y}"]


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a month, a date, a county, a referee, a club, a city)."""
    t = truth()
    refs = references(t)
    labels = {c["team"]: c["label"] for c in t.clubs}
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id in ("bank_card_peak_month", "eb_busiest_month"):
            task.aliases = _month_aliases(ref)
        elif task.id == "eb_swift_first_2024":
            task.aliases = _date_aliases(ref)
        elif task.id == "eb_richest_county":
            code = next(c for c, name in COUNTIES.items() if name == ref)
            task.aliases = [f"DE-BY-{code}"] + (["Muenchen", "Munich"] if ref == "München" else [])
        elif task.id == "fb_top_referee":
            task.aliases = [ref.split()[-1]]
        elif task.id == "fb_oldest_club":
            short = next(c["team"] for c in t.clubs if c["label"].removesuffix(" F.C.") == ref)
            task.aliases = [short] if short != ref else []
        elif task.id == "fb_pl_champion":
            task.aliases = [labels[ref].removesuffix(" F.C.")]
        elif task.id == "yelp_city_stars":
            task.aliases = {"St. Louis": ["Saint Louis"], "Philadelphia": ["Philly"]}.get(ref, [])


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)
assert set(TRAPS) <= {t.id for t in TASKS} and 6 <= len(TRAPS) <= 8

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
