"""The twenty-first held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, time zones, reshaping or parsing text). A reference whose answer would be a tie raises,
so a seed that makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import calendar
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timezone
from typing import Any

from data import (
    AREAS,
    CPI_DATA_FILE,
    CPI_SERIES_FILE,
    NAMESPACES,
    OSM_FILE,
    PODCAST_FILE,
    PV14_FILE,
    PV15_FILE,
    STATION,
    Truth,
    km_between,
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


def _month_text(year: int, month: int) -> str:
    return f"{calendar.month_name[month]} {year}"


# podcast: items newest first; "published" is an aware datetime in New York time


def _in_year(t: Truth, year: int) -> int:
    ny = sum(e["published"].year == year for e in t.episodes)
    utc = sum(e["published"].astimezone(timezone.utc).year == year for e in t.episodes)
    if ny != utc:
        raise ValueError("an item near New Year is in different years in New York and in UTC")
    return ny


def _longest_gap(t: Truth) -> int:
    days = sorted(e["published"].date() for e in t.episodes if e["type"] == "full")
    gaps = [(b - a).days for a, b in zip(days, days[1:])]
    if gaps.count(max(gaps)) > 1:
        raise ValueError("two longest gaps")
    return max(gaps)


def _longest_episode(t: Truth) -> str:
    return argmax({e["itunes_title"]: e["seconds"] for e in t.episodes})


# prices: series_id -> {"values": {(year, period): value}, ...}


def _v(t: Truth, sid: str, year: int, period: str) -> float:
    return t.cpi[sid]["values"][(year, period)]


def _yoy(t: Truth, sid: str, year: int, month: int) -> float:
    return 100 * (_v(t, sid, year, f"M{month:02d}") / _v(t, sid, year - 1, f"M{month:02d}") - 1)


def _sa_dec_2024(t: Truth) -> float:
    sa, nsa = _v(t, "CUSR0000SA0", 2024, "M12"), _v(t, "CUUR0000SA0", 2024, "M12")
    if abs(sa - nsa) <= 0.002 * sa:
        raise ValueError("the unadjusted value would be scored right too")
    return sa


def _peak_inflation(t: Truth) -> float:
    vals = t.cpi["CUUR0000SA0"]["values"]
    rates = [_yoy(t, "CUUR0000SA0", y, int(p[1:])) for (y, p) in vals if p != "M13" and (y - 1, p) in vals]
    return max(rates)


def _gas_peak(t: Truth) -> str:
    vals = t.cpi["CUUR0000SETB01"]["values"]
    return _month_text(*argmax({(y, int(p[1:])): v for (y, p), v in vals.items() if p != "M13"}))


def _metro_2024(t: Truth) -> str:
    rise = {
        AREAS[s["area"]]: _v(t, sid, 2024, "M13") / _v(t, sid, 2023, "M13") - 1
        for sid, s in t.cpi.items()
        if s["area"].startswith("S") and s["item"] == "SA0" and s["periodicity"] == "R"
    }
    return argmax(rise)


def _core_above_2023(t: Truth) -> int:
    n = 0
    for m in range(1, 13):
        core, headline = _yoy(t, "CUUR0000SA0L1E", 2023, m), _yoy(t, "CUUR0000SA0", 2023, m)
        if abs(core - headline) < 0.01:
            raise ValueError(f"core and headline too close in 2023-{m:02d}")
        n += core > headline
    return n


# pageviews: hour -> {(domain_code, title): views}

WIKIPEDIAS = ["de", "en", "es", "fr", "it", "ja", "nl", "pl", "pt", "ru", "zh"]


def _views(t: Truth, hour: int, domains: tuple[str, ...]) -> int:
    return sum(n for (dom, _), n in t.pageviews[hour].items() if dom in domains)


def _second_wikipedia(t: Truth) -> str:
    by = {lang: _views(t, 14, (lang, f"{lang}.m")) for lang in WIKIPEDIAS}
    ranked = sorted(by, key=by.get, reverse=True)
    if ranked[0] != "en":
        raise ValueError("English is not first")
    del by["en"]
    return argmax(by)


def _en_by_title(t: Truth, hour: int) -> Counter:
    by: Counter = Counter()
    for (dom, title), n in t.pageviews[hour].items():
        if dom in ("en", "en.m"):
            by[title] += n
    return by


def _riser(t: Truth) -> str:
    a, b = _en_by_title(t, 14), _en_by_title(t, 15)
    return argmax({title: b[title] - a[title] for title in set(a) | set(b)})


def _is_article(title: str) -> bool:
    return title != "Main_Page" and title.split(":")[0] not in NAMESPACES


def _top_article(t: Truth) -> str:
    both = _en_by_title(t, 14) + _en_by_title(t, 15)
    return argmax({title: n for title, n in both.items() if _is_article(title)})


# osm: places with their tags; a way's lat/lon is the mean of its four distinct corner nodes


def _amenity(t: Truth, kind: str) -> list[dict]:
    return [p for p in t.osm if p["tags"]["amenity"] == kind]


def _top_cuisine(t: Truth) -> str:
    return argmax(Counter(c.strip() for p in _amenity(t, "restaurant") for c in p["tags"]["cuisine"].split(";")))


def _pub_district(t: Truth) -> str:
    return argmax(Counter(p["district"] for p in _amenity(t, "pub") if "addr:postcode" in p["tags"]))


def _pubs_near_station(t: Truth) -> int:
    dist = [km_between((p["lat"], p["lon"]), STATION) for p in _amenity(t, "pub")]
    if any(abs(d - 1.0) < 0.03 for d in dist):
        raise ValueError("a pub is too close to the 1 km circle")
    return sum(d <= 1.0 for d in dist)


# --- the questions --------------------------------------------------------------------------------

POD_READ = f"{PODCAST_FILE} is the RSS feed of the podcast Small Histories, saved from its host."
CPI_READ = (
    f"{CPI_DATA_FILE} and {CPI_SERIES_FILE} are the consumer price index (CPI-U) flat files from the BLS "
    "(download.bls.gov/pub/time.series/cu/)."
)
PV_READ = (
    f"{PV14_FILE} and {PV15_FILE} are two hourly Wikimedia pageview dumps (dumps.wikimedia.org/other/pageviews), "
    "for 15 September 2024 from 14:00 and from 15:00 UTC."
)
OSM_READ = (
    f"{OSM_FILE} is an Overpass API export of the food and drink places in Leeds mapped in OpenStreetMap "
    "(amenity cafe, restaurant, pub, bar and fast_food)."
)

TASKS = [
    # podcast (RSS feed) --------------------------------------------------------------------------------
    Task(
        "pod_bonus_count",
        "easy",
        f"{POD_READ} How many bonus episodes (itunes:episodeType bonus) are in the feed?",
        lambda t: sum(e["type"] == "bonus" for e in t.episodes),
    ),
    Task(
        "pod_items_2023",
        "easy",
        f"{POD_READ} How many items (of any type) did the show publish in 2023?",
        lambda t: _in_year(t, 2023),
    ),
    Task(
        "pod_explicit",
        "medium",
        f"{POD_READ} How many of the items in the feed are marked as explicit?",
        lambda t: sum(e["explicit"] for e in t.episodes),
    ),
    Task(
        "pod_total_hours",
        "medium",
        f"{POD_READ} What is the total running time of all the items in the feed (itunes:duration), in hours?",
        lambda t: sum(e["seconds"] for e in t.episodes) / 3600,
    ),
    Task(
        "pod_longest_episode",
        "medium",
        f"{POD_READ} Which item in the feed is the longest? Give its title.",
        _longest_episode,
        kind="text",
    ),
    Task(
        "pod_longest_gap",
        "medium",
        f"{POD_READ} What was the longest gap between two consecutive full episodes (itunes:episodeType full), in "
        "days between their release dates (New York time)?",
        _longest_gap,
    ),
    Task(
        "pod_monday_releases",
        "hard",
        f"{POD_READ} How many of the full episodes (itunes:episodeType full) were released on a Monday, New York time?",
        lambda t: sum(e["type"] == "full" and e["published"].weekday() == 0 for e in t.episodes),
    ),
    # prices (BLS CPI flat files) ----------------------------------------------------------------------
    Task(
        "cpi_annual_2023",
        "easy",
        f"{CPI_READ} What was the 2023 annual average of the all items index for the U.S. city average, not "
        "seasonally adjusted (series CUUR0000SA0)?",
        lambda t: _v(t, "CUUR0000SA0", 2023, "M13"),
    ),
    Task(
        "cpi_sa_dec_2024",
        "easy",
        f"{CPI_READ} What was the seasonally adjusted all items index for the U.S. city average in December 2024 "
        "(series CUSR0000SA0)?",
        _sa_dec_2024,
    ),
    Task(
        "cpi_sa_series",
        "easy",
        f"{CPI_READ} How many of the series listed in {CPI_SERIES_FILE} are seasonally adjusted?",
        lambda t: sum(s["seasonal"] == "S" for s in t.cpi.values()),
    ),
    Task(
        "cpi_dec_2024_change",
        "medium",
        f"{CPI_READ} By how many percent did the all items index (U.S. city average, not seasonally adjusted) rise "
        "from December 2023 to December 2024? Give two decimals.",
        lambda t: _yoy(t, "CUUR0000SA0", 2024, 12),
    ),
    Task(
        "cpi_gasoline_peak",
        "medium",
        f"{CPI_READ} In which month was the gasoline (all types) index for the U.S. city average, not seasonally "
        "adjusted, at its highest?",
        _gas_peak,
        kind="text",
    ),
    Task(
        "cpi_peak_inflation",
        "hard",
        f"{CPI_READ} What was the highest 12-month inflation rate of the all items index (U.S. city average, not "
        "seasonally adjusted) over the months in the file, i.e. a month's index against the same month a year "
        "earlier? Give the rate in percent with two decimals.",
        _peak_inflation,
    ),
    Task(
        "cpi_metro_2024",
        "hard",
        f"{CPI_READ} Of the metropolitan areas in the files, which had the highest all items inflation in 2024, "
        "measured as the rise of the 2024 annual average over the 2023 annual average (not seasonally adjusted)?",
        _metro_2024,
        kind="text",
    ),
    Task(
        "cpi_core_above_2023",
        "hard",
        f"{CPI_READ} In how many months of 2023 was the 12-month change of the all items less food and energy index "
        "(core CPI) higher than the 12-month change of the all items index? Both for the U.S. city average, not "
        "seasonally adjusted.",
        _core_above_2023,
    ),
    # pageviews (Wikimedia hourly dumps) ---------------------------------------------------------------
    Task(
        "pv_de_main_page",
        "easy",
        f"{PV_READ} How many views did the German Wikipedia's main page (Wikipedia:Hauptseite) get on the desktop "
        "site (domain code de) in the 14:00 hour?",
        lambda t: t.pageviews[14][("de", "Wikipedia:Hauptseite")],
    ),
    Task(
        "pv_swift_mobile",
        "easy",
        f"{PV_READ} How many views did the English Wikipedia article Taylor_Swift get on the mobile site (en.m) in "
        "the 15:00 hour?",
        lambda t: t.pageviews[15][("en.m", "Taylor_Swift")],
    ),
    Task(
        "pv_en_total",
        "medium",
        f"{PV_READ} How many views did the English Wikipedia get in the 14:00 hour, desktop (en) and mobile (en.m) "
        "together?",
        lambda t: _views(t, 14, ("en", "en.m")),
    ),
    Task(
        "pv_mobile_share",
        "medium",
        f"{PV_READ} What percentage of the English Wikipedia's views in the 15:00 hour were on the mobile site (en.m) "
        "rather than the desktop site (en)?",
        lambda t: 100 * _views(t, 15, ("en.m",)) / _views(t, 15, ("en", "en.m")),
    ),
    Task(
        "pv_second_wikipedia",
        "hard",
        f"{PV_READ} After English, which language edition of Wikipedia had the most views in the 14:00 hour, desktop "
        "and mobile together? Only Wikipedia itself, not Wiktionary, Wikibooks or the other sister projects. Give "
        "its language code.",
        _second_wikipedia,
        kind="text",
    ),
    Task(
        "pv_biggest_riser",
        "hard",
        f"{PV_READ} Which English Wikipedia article gained the most views from the 14:00 hour to the 15:00 hour, "
        "desktop and mobile together?",
        _riser,
        kind="text",
    ),
    Task(
        "pv_top_article",
        "hard",
        f"{PV_READ} Over both hours together, which English Wikipedia article had the most views, desktop and mobile "
        "together? Leave out the Main_Page and pages in the other namespaces (Special:, File:, Category:, Talk:, "
        "User:, Template:, Help:, Portal:, Wikipedia:).",
        _top_article,
        kind="text",
    ),
    # osm (Overpass API JSON) --------------------------------------------------------------------------
    Task(
        "osm_cafes",
        "easy",
        f"{OSM_READ} How many cafés (amenity=cafe) are in the export?",
        lambda t: len(_amenity(t, "cafe")),
    ),
    Task(
        "osm_wheelchair_restaurants",
        "easy",
        f"{OSM_READ} How many restaurants are tagged wheelchair=yes?",
        lambda t: sum(p["tags"].get("wheelchair") == "yes" for p in _amenity(t, "restaurant")),
    ),
    Task(
        "osm_mcdonalds",
        "easy",
        f"{OSM_READ} How many places in the export have the brand McDonald's (brand tag)?",
        lambda t: sum(p["tags"].get("brand") == "McDonald's" for p in t.osm),
    ),
    Task(
        "osm_places_total",
        "medium",
        f"{OSM_READ} How many food and drink places does the export hold altogether?",
        lambda t: len(t.osm),
    ),
    Task(
        "osm_top_cuisine",
        "medium",
        f"{OSM_READ} Which cuisine is the most common among the restaurants? A restaurant listing several cuisines "
        "counts once for each.",
        _top_cuisine,
        kind="text",
    ),
    Task(
        "osm_pub_district",
        "hard",
        f"{OSM_READ} Which postcode district (the outward code, such as LS6) has the most pubs? Go by the pubs' "
        "addr:postcode and leave out pubs without one.",
        _pub_district,
        kind="text",
    ),
    Task(
        "osm_pubs_near_station",
        "hard",
        f"{OSM_READ} How many of the pubs in the export are within 1 km, in a straight line, of Leeds railway "
        f"station (latitude {STATION[0]}, longitude {STATION[1]})?",
        _pubs_near_station,
    ),
    Task(
        "osm_sunday_cafes",
        "hard",
        f"{OSM_READ} How many cafés are open on Sundays according to their opening_hours? Leave out the cafés "
        "without opening_hours.",
        lambda t: sum(p["open_days"] is not None and 6 in p["open_days"] for p in _amenity(t, "cafe")),
    ),
]

QUICK = ["pod_bonus_count", "cpi_annual_2023", "osm_cafes"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "pod_explicit": "itunes:explicit compared with 'true' (the spelling of the newest items), but the items "
    "imported from the older hosts write 'yes' (and 'no' or 'clean')",
    "pod_total_hours": "itunes:duration put through pd.to_timedelta(errors='coerce'): the plain seconds ('3723') "
    "become nanoseconds and the minutes-past-sixty form ('62:03') becomes NaT, so only the HH:MM:SS items count",
    "pod_monday_releases": "the weekday taken from the UTC time (pd.to_datetime(utc=True), as the mixed offsets "
    "require): the older episodes went out on Monday evening in New York, which is Tuesday in UTC",
    "cpi_peak_inflation": "the 12-month change taken as pct_change(12) down the rows of the series, which also "
    "hold the M13 annual averages, so each 'year earlier' row is eleven months earlier",
    "pv_en_total": "the dump read with read_csv's default quoting: a page title that is a lone '\"' opens a "
    "quoted field that swallows the following lines up to the next quote character, and their views are lost",
    "pv_second_wikipedia": "the language taken as the part of the domain code before the first dot, which adds "
    "French Wiktionary (fr.d, fr.m.d) and the other sister projects to their language's Wikipedia",
    "pv_biggest_riser": "the two hours joined with an inner join, which drops the article created during the "
    "15:00 hour (a page with no views in an hour is not in that hour's file)",
    "osm_places_total": "every element counted, but the ways' bare skeleton nodes (no tags) follow the places",
    "osm_pub_district": "the district taken as the text before the space in addr:postcode, so 'LS14DY' and "
    "'ls1' are districts of their own and LS1 loses its lead",
    "osm_pubs_near_station": "only elements with lat/lon measured, so the pubs drawn as building outlines (ways, "
    "whose position is in their nodes) are left out",
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


def _area_aliases(name: str) -> list[str]:
    """`Miami-Fort Lauderdale-West Palm Beach, FL`: without the state, and the first city alone."""
    short = name.split(",")[0]
    return list(dict.fromkeys([short, short.split("-")[0]]))


def _title_aliases(title: str) -> list[str]:
    """A wiki title with spaces for underscores, and the short form people use."""
    out = [title.replace("_", " ")]
    if title.startswith("The_Lord_of_the_Rings:_"):
        out.append("The Rings of Power")
    if title[:4].isdigit() and title[4] == "_":
        out.append(title[5:].replace("_", " "))
    return out


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a month, an area, a wiki title, a language)."""
    refs = references(truth())
    by_id = defaultdict(list)
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "cpi_gasoline_peak":
            by_id[task.id] = _month_aliases(ref)
        elif task.id == "cpi_metro_2024":
            by_id[task.id] = _area_aliases(ref)
        elif task.id in ("pv_biggest_riser", "pv_top_article"):
            by_id[task.id] = _title_aliases(ref)
        elif task.id == "pv_second_wikipedia":
            names = {"ja": "Japanese", "de": "German", "fr": "French", "es": "Spanish", "ru": "Russian"}
            by_id[task.id] = [names[ref], f"{ref}.wikipedia.org"] if ref in names else []
        elif task.id == "osm_pub_district":
            by_id[task.id] = [f"{ref[:2]} {ref[2:]}"]
        task.aliases = by_id[task.id]


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)
assert set(TRAPS) <= {t.id for t in TASKS} and len(TRAPS) >= 7

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
