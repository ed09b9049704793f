"""The twentieth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a join, an odd format or a unit), hard (cleaning plus grouping, joining
files whose keys are written differently, reshaping, time zones). A reference whose answer would be
a tie raises, so a seed that makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any
from urllib.parse import urlsplit

from data import (
    ACS_FILE,
    BASICS_FILE,
    GAZ_FILE,
    HISTORY_FILE,
    HOME_TZ,
    NAMES_FILE,
    RATINGS_FILE,
    TYPED,
    Truth,
    shown,
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


# census


def _county(t: Truth, code: str) -> list[dict]:
    return [r for r in t.tracts if r["county"] == code]


def _density(r: dict) -> float:
    return r["pop"] / (r["aland"] / 1e6)


def _densest_tract(t: Truth) -> str:
    return argmax({r["geoid"]: _density(r) for r in t.tracts if r["pop"] >= 1000})


def _wfh_county(t: Truth) -> str:
    home, workers = Counter(), Counter()
    for r in t.tracts:
        home[r["county_name"]] += r["wfh"]
        workers[r["county_name"]] += r["workers"]
    return argmax({c: home[c] / workers[c] for c in workers}) + " County"


# browser


def _local(dt) -> datetime:
    return dt.astimezone(HOME_TZ)


def _in_month(dt, year: int, month: int) -> bool:
    loc = _local(dt)
    return (loc.year, loc.month) == (year, month)


def _busiest_day(t: Truth) -> str:
    return argmax(Counter(_local(v["time"]).date() for v in t.browser["visits"])).isoformat()


def _youtube_hours(t: Truth) -> float:
    us = sum(
        v["duration_us"]
        for v in t.browser["visits"]
        if not v["synced"]
        and _in_month(v["time"], 2024, 10)
        and urlsplit(v["url"]).hostname in ("www.youtube.com", "m.youtube.com")
    )
    return us / 3_600_000_000


def _top_search(t: Truth) -> str:
    return argmax(Counter(s["normalized"] for s in t.browser["searches"] if _in_month(s["time"], 2024, 10)))


# films


def _movies(t: Truth) -> list[dict]:
    return [x for x in t.titles if x["type"] == "movie"]


def _horror_partner(t: Truth) -> str:
    c = Counter(
        g
        for x in _movies(t)
        if not x["adult"] and x["year"] is not None and 2020 <= x["year"] <= 2024 and "Horror" in x["genres"]
        for g in x["genres"]
        if g != "Horror"
    )
    return argmax(c)


def _best_2010s(t: Truth) -> dict:
    pool = [
        x
        for x in _movies(t)
        if not x["adult"] and x["year"] is not None and 2010 <= x["year"] <= 2019 and (x["votes"] or 0) >= 50_000
    ]
    return max(pool, key=lambda x: (x["rating"], x["votes"]))


def _horror_decade(t: Truth) -> str:
    num, den = Counter(), Counter()
    for x in _movies(t):
        if "Horror" in x["genres"] and x["votes"] and x["year"] is not None and 1960 <= x["year"] <= 2019:
            num[x["year"] // 10 * 10] += x["rating"] * x["votes"]
            den[x["year"] // 10 * 10] += x["votes"]
    return f"{argmax({d: num[d] / den[d] for d in den})}s"


# names


def _count(t: Truth, sex: str, name: str, year: int) -> int:
    (row,) = [r for r in t.names[sex] if r["name"] == name]
    return row["counts"][year]


def _top_name(t: Truth, sex: str, year: int) -> str:
    return argmax({r["name"]: r["counts"][year] for r in t.names[sex] if shown(r["counts"][year])})


def _faded(t: Truth) -> int:
    return sum(r["counts"][2014] >= 50 and r["counts"][2023] < 5 for r in t.names["girls"])


def _biggest_rise(t: Truth) -> str:
    return argmax(
        {
            r["name"]: r["counts"][2023] - r["counts"][2014]
            for r in t.names["boys"]
            if shown(r["counts"][2014]) and shown(r["counts"][2023])
        }
    )


def _top10_share(t: Truth) -> float:
    counts = sorted((r["counts"][2023] for r in t.names["girls"] if shown(r["counts"][2023])), reverse=True)
    if counts[9] == counts[10]:
        raise ValueError("tie at the tenth place")
    return 100 * sum(counts[:10]) / sum(counts)


MUHAMMAD = ["Muhammad", "Mohammed", "Mohammad", "Muhammed", "Mohamed"]

ACS_READ = (
    f"{ACS_FILE} is what the Census Bureau's data API returned for an American Community Survey 5-year "
    "(2019-2023) query of every census tract in Arizona; the columns are ACS variables such as B01003_001E."
)
GAZ_READ = f"{GAZ_FILE} is the Census Bureau's Gazetteer file of Arizona's census tracts."
HIST_READ = (
    f"{HISTORY_FILE} is the History file (an SQLite database) copied from my laptop's Chrome profile. I live in "
    "Sydney, Australia, and by a day or a month I mean my local time there (Australia/Sydney)."
)
IMDB_READ = (
    f"{BASICS_FILE} and {RATINGS_FILE} are the IMDb non-commercial datasets (title.basics: one row per title; "
    "title.ratings: the average rating and number of votes of the rated titles)."
)
NAMES_READ = f"{NAMES_FILE} is the ONS workbook of baby names in England and Wales, 2014 to 2023."

TASKS = [
    # census (ACS API JSON and Gazetteer) ---------------------------------------------------------------
    Task(
        "ac_pima_tracts",
        "easy",
        f"{ACS_READ} How many census tracts of Pima County (county code 019) does it list?",
        lambda t: len(_county(t, "019")),
    ),
    Task(
        "ac_population",
        "easy",
        f"{ACS_READ} What is Arizona's total population by this data: the sum of B01003_001E (total population) over "
        "all the tracts?",
        lambda t: sum(r["pop"] for r in t.tracts),
    ),
    Task(
        "ac_dry_tracts",
        "easy",
        f"{GAZ_READ} How many of the tracts in it have no water area at all (AWATER is 0)?",
        lambda t: sum(r["awater"] == 0 for r in t.tracts),
    ),
    Task(
        "ac_home_under_300k",
        "medium",
        f"{ACS_READ} How many tracts of Maricopa County (county code 013) have a median value of owner-occupied "
        "homes (B25077_001E, in dollars) below $300,000? Leave out the tracts for which the ACS has no estimate.",
        lambda t: sum(r["home"] is not None and r["home"] < 300_000 for r in _county(t, "013")),
    ),
    Task(
        "ac_renter_pct",
        "medium",
        f"{ACS_READ} What percentage of the occupied housing units in Yuma County (county code 027) are "
        "renter-occupied? Add up B25003_003E (renter occupied) and B25003_001E (all occupied housing units) over the "
        "county's tracts.",
        lambda t: 100 * sum(r["renters"] for r in _county(t, "027")) / sum(r["hh"] for r in _county(t, "027")),
    ),
    Task(
        "ac_pima_density",
        "medium",
        f"Using {ACS_FILE} (the Census data API's ACS 5-year 2019-2023 answer for Arizona's census tracts) and "
        f"{GAZ_FILE} (the Census Gazetteer file of the same tracts): what is Pima County's (county code 019) "
        "population density in people per square kilometre of land? Divide the sum of its tracts' total population "
        "(B01003_001E) by the sum of their land areas (ALAND in the Gazetteer file).",
        lambda t: sum(r["pop"] for r in _county(t, "019")) / (sum(r["aland"] for r in _county(t, "019")) / 1e6),
    ),
    Task(
        "ac_densest_tract",
        "hard",
        f"Using {ACS_FILE} (the Census data API's ACS 5-year 2019-2023 answer for Arizona's census tracts) and "
        f"{GAZ_FILE} (the Census Gazetteer file of the same tracts): of the tracts with at least 1,000 residents "
        "(B01003_001E), which has the highest population density, in people per square kilometre of land (ALAND)? "
        "Give its 11-digit GEOID.",
        _densest_tract,
        kind="text",
    ),
    Task(
        "ac_wfh_county",
        "hard",
        f"{ACS_READ} Which Arizona county has the highest share of workers who worked from home, i.e. B08301_021E "
        "(worked from home) divided by B08301_001E (workers 16 years and over), each summed over the county's "
        "tracts? Give the county's name.",
        _wfh_county,
        kind="text",
    ),
    # browser (Chrome History SQLite) ---------------------------------------------------------------------
    Task(
        "ch_typed_urls",
        "easy",
        f"{HIST_READ} How many URLs in its urls table have been typed into the address bar at least once "
        "(typed_count above 0)?",
        lambda t: sum(u["typed"] > 0 for u in t.browser["urls"]),
    ),
    Task(
        "ch_top_url",
        "easy",
        f"{HIST_READ} Which URL in the urls table has the highest visit_count? Give the URL.",
        lambda t: argmax({u["url"]: u["visits"] for u in t.browser["urls"]}),
        kind="text",
    ),
    Task(
        "ch_download_mib",
        "medium",
        f"{HIST_READ} What is the total size, in MiB (1 MiB = 1,048,576 bytes), of the downloads in the downloads "
        "table that completed (state 1)? Use received_bytes.",
        lambda t: sum(d["received"] for d in t.browser["downloads"] if d["state"] == 1) / 2**20,
    ),
    Task(
        "ch_typed_visits",
        "medium",
        f"{HIST_READ} How many rows of the visits table have the core page transition type TYPED (the user typed "
        "the URL into the address bar)?",
        lambda t: sum((v["transition"] & 0xFF) == TYPED for v in t.browser["visits"]),
    ),
    Task(
        "ch_laptop_visits_sep",
        "medium",
        f"{HIST_READ} How many visits (rows of the visits table) did I make on this laptop in September 2024? "
        "Chrome on my phone syncs its history into this file as well: leave the phone's visits out.",
        lambda t: sum(not v["synced"] and _in_month(v["time"], 2024, 9) for v in t.browser["visits"]),
    ),
    Task(
        "ch_busiest_day",
        "hard",
        f"{HIST_READ} On which day does the visits table have the most visits? Count every row (the visits synced "
        "from my phone too) and give the date.",
        _busiest_day,
        kind="text",
    ),
    Task(
        "ch_youtube_hours",
        "hard",
        f"{HIST_READ} How many hours did I spend on YouTube on this laptop in October 2024? Add up the visit_duration "
        "of the visits to pages on www.youtube.com and m.youtube.com (not music.youtube.com, not youtu.be links), "
        "leaving out the visits synced from my phone.",
        _youtube_hours,
    ),
    Task(
        "ch_top_search",
        "hard",
        f"{HIST_READ} Which search term did I search for most often in October 2024? keyword_search_terms has one "
        "row per search; take each search's date from its visit, and count searches that differ only in capital "
        "letters as the same term.",
        _top_search,
        kind="text",
    ),
    # films (IMDb datasets) ------------------------------------------------------------------------------
    Task(
        "im_movies_2023",
        "easy",
        f"{IMDB_READ} How many feature films (titleType movie) in title.basics have startYear 2023?",
        lambda t: sum(x["year"] == 2023 for x in _movies(t)),
    ),
    Task(
        "im_votes_100k",
        "easy",
        f"{IMDB_READ} How many titles in title.ratings have at least 100,000 votes (numVotes)?",
        lambda t: sum((x["votes"] or 0) >= 100_000 for x in t.titles),
    ),
    Task(
        "im_series_2010s",
        "easy",
        f"{IMDB_READ} How many TV series (titleType tvSeries) in title.basics started in the years 2010 to 2019 "
        "(startYear)?",
        lambda t: sum(
            x["type"] == "tvSeries" and x["year"] is not None and 2010 <= x["year"] <= 2019 for x in t.titles
        ),
    ),
    Task(
        "im_no_runtime",
        "medium",
        f"{IMDB_READ} How many feature films (titleType movie) in title.basics have no runtime (runtimeMinutes)?",
        lambda t: sum(x["runtime"] is None for x in _movies(t)),
    ),
    Task(
        "im_horror_partner",
        "medium",
        f"{IMDB_READ} Among the feature films (titleType movie, not adult) with startYear 2020 to 2024 whose genres "
        "include Horror, which other genre appears most often alongside Horror?",
        _horror_partner,
        kind="text",
    ),
    Task(
        "im_best_2010s",
        "hard",
        f"{IMDB_READ} Of the feature films (titleType movie, not adult) with startYear 2010 to 2019 and at least "
        "50,000 votes, which has the highest averageRating? If two share it, take the one with more votes. Give its "
        "primaryTitle.",
        lambda t: _best_2010s(t)["title"],
        kind="text",
    ),
    Task(
        "im_horror_decade",
        "hard",
        f"{IMDB_READ} For the feature films (titleType movie) whose genres include Horror, which decade of startYear, "
        "from the 1960s to the 2010s, has the highest vote-weighted average rating (the sum of averageRating times "
        "numVotes divided by the sum of numVotes, over the rated films of the decade)?",
        _horror_decade,
        kind="text",
    ),
    # names (ONS baby names workbook) ---------------------------------------------------------------------
    Task(
        "bn_top_girl_2023",
        "easy",
        f"{NAMES_READ} What was the most popular girls' name in 2023?",
        lambda t: _top_name(t, "girls", 2023),
        kind="text",
    ),
    Task(
        "bn_theo_2019",
        "easy",
        f"{NAMES_READ} How many baby boys were named Theo in 2019?",
        lambda t: _count(t, "boys", "Theo", 2019),
    ),
    Task(
        "bn_muhammad_2023",
        "medium",
        f"{NAMES_READ} How many baby boys were given the name Muhammad in 2023 in any of the spellings "
        + ", ".join(MUHAMMAD[:-1])
        + f" and {MUHAMMAD[-1]}, all together?",
        lambda t: sum(_count(t, "boys", n, 2023) for n in MUHAMMAD),
    ),
    Task(
        "bn_frankie_2023",
        "medium",
        f"{NAMES_READ} How many babies, boys and girls together, were named Frankie in 2023?",
        lambda t: _count(t, "boys", "Frankie", 2023) + _count(t, "girls", "Frankie", 2023),
    ),
    Task(
        "bn_faded",
        "hard",
        f"{NAMES_READ} How many girls' names were given to at least 50 girls in 2014 but to fewer than 5 girls in "
        "2023? The workbook shows [x] where a name was given to fewer than 3 babies in a year.",
        _faded,
    ),
    Task(
        "bn_biggest_rise",
        "hard",
        f"{NAMES_READ} Which boys' name had the largest increase in the number of babies given it from 2014 to 2023? "
        "Consider the names with a count shown in both years.",
        _biggest_rise,
        kind="text",
    ),
    Task(
        "bn_top10_share",
        "hard",
        f"{NAMES_READ} What percentage of all the girls counted in 2023 (the sum of that year's counts shown for "
        "girls' names) were given one of the ten most popular girls' names of 2023?",
        _top10_share,
    ),
]

QUICK = ["ac_population", "im_movies_2023", "bn_theo_2019"]

# careless readings that are plausible but wrong (check.py asserts each one bites)
TRAPS = {
    "ac_home_under_300k": "the B25077_001E strings turned into numbers as they are, so the tracts without an estimate "
    "(the ACS annotation value -666666666) count as homes worth less than $300,000",
    "ch_laptop_visits_sep": "every visit of September counted, but the visits synced from the phone (marked in "
    "visit_source with source 0, and by originator_cache_guid) are in the same visits table",
    "ch_busiest_day": "the WebKit times converted to UTC and the UTC date taken: a long Saturday-morning session in "
    "Sydney (UTC+11 after daylight saving began on 6 October) falls on the Friday in UTC",
    "ch_top_search": "the searches grouped by term as typed, so 'Weather Sydney', 'weather sydney' and 'Weather "
    "sydney' count apart (normalized_term, or lower-casing, puts them together)",
    "im_no_runtime": "title.basics read with read_csv's defaults: `\\N` is not a missing-value marker for pandas, so "
    "runtimeMinutes has no missing values and the count is 0",
    "bn_frankie_2023": "only one sheet read: boys and girls are on separate sheets (Table_1 and Table_2), and Frankie "
    "is on both",
    "bn_faded": "the counts turned into numbers with [x] as missing, so the names shown as [x] in 2023 (fewer than 3 "
    "girls) drop out of the 'fewer than 5' test",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _date_aliases(iso: str) -> list[str]:
    d = date.fromisoformat(iso)
    return [
        f"{d.day} {d:%B %Y}", f"{d:%B} {d.day}, {d.year}", f"{d.day} {d:%b %Y}", f"{d:%b} {d.day}, {d.year}",
        f"{d:%d/%m/%Y}", f"{d:%A} {d.day} {d:%B %Y}", f"{d:%A}, {d:%B} {d.day}, {d.year}",
    ]  # fmt: skip


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a tract, a county, a URL, a date, a title, a decade)."""
    t = truth()
    refs = references(t)
    by_id: dict[str, list[str]] = defaultdict(list)
    (tract,) = [r for r in t.tracts if r["geoid"] == refs["ac_densest_tract"]]
    by_id["ac_densest_tract"] = [
        tract["geoid"].lstrip("0"),
        f"Census Tract {tract['label']}; {tract['county_name']} County; Arizona",
        f"Census Tract {tract['label']}, {tract['county_name']} County, Arizona",
    ]
    county = refs["ac_wfh_county"].removesuffix(" County")
    by_id["ac_wfh_county"] = [county, f"{county} County, Arizona"]
    url = refs["ch_top_url"]
    by_id["ch_top_url"] = [url.split("://", 1)[1], url.split("://", 1)[1].removesuffix("#inbox")]
    by_id["ch_busiest_day"] = _date_aliases(refs["ch_busiest_day"])
    term = refs["ch_top_search"]
    by_id["ch_top_search"] = [s["term"] for s in t.browser["searches"] if s["normalized"] == term and s["term"] != term]
    best = _best_2010s(t)
    by_id["im_best_2010s"] = [f"{best['title']} ({best['year']})"] + ([best["original"]] if best["original"] != best["title"] else [])  # fmt: skip
    dec = int(refs["im_horror_decade"][:4])
    by_id["im_horror_decade"] = [f"{dec}-{dec + 9}", f"{dec}–{dec + 9}", f"{dec} to {dec + 9}", f"the {dec}s"]
    for task in TASKS:
        if task.kind == "text":
            task.aliases = list(dict.fromkeys(a for a in by_id[task.id] if a != refs[task.id]))


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
