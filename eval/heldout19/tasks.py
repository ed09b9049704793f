"""The nineteenth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, time zones, reshaping or parsing text). A reference whose answer would be a tie raises,
so a seed that makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import calendar
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from data import (
    GTFS_FILE,
    HEALTH_FILE,
    LB,
    REGIONS,
    SAT,
    SURVEY_FILE,
    WATCH,
    WB_FILE,
    WDI_FILE,
    WKDY,
    Truth,
    active_services,
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


# transit: trips with their calls (stop id, arrival, departure in minutes after the service day's midnight, timed?)


def _route_id(t: Truth, short: str) -> str:
    (rid,) = [r["id"] for r in t.gtfs["routes"] if r["short"] == short]
    return rid


def _busiest_bus_stop(t: Truth) -> str:
    names = {s["id"]: s["name"] for s in t.gtfs["stops"]}
    rail = {r["id"] for r in t.gtfs["routes"] if r["type"] != 3}
    by: Counter = Counter()
    for trip in t.gtfs["trips"]:
        if trip["service"] == WKDY and trip["route"] not in rail:
            for sid, *_ in trip["calls"]:
                by[names[sid]] += 1
    return argmax(by)


def _runtime(t: Truth, short: str) -> float:
    rid = _route_id(t, short)
    runs = [tr["calls"][-1][1] - tr["calls"][0][2] for tr in t.gtfs["trips"] if tr["route"] == rid and tr["service"] == WKDY]  # fmt: skip
    return statistics.fmean(runs)


def _last_red_from_central(t: Truth) -> str:
    central = {s["id"] for s in t.gtfs["stops"] if s["name"] == "Central Station" and s["location_type"] == "0"}
    times = [
        dep
        for tr in t.gtfs["trips"]
        if tr["route"] == "RED" and tr["service"] == SAT and tr["headsign"] == "Airport Terminal"
        for sid, _, dep, _ in tr["calls"]
        if sid in central
    ]
    last = max(times)
    return f"{(last // 60) % 24:02d}:{last % 60:02d}"


# health: aware local datetimes (each with the UTC offset the export writes)


def _watch_steps_by_day(t: Truth) -> Counter:
    by: Counter = Counter()
    for s in t.health["steps"]:
        if s["source"] == WATCH:
            by[s["start"].date()] += s["value"]
    return by


def _weight_avg_2024(t: Truth) -> float:
    kg = [w["value"] * (LB if w["unit"] == "lb" else 1) for w in t.health["weights"] if w["at"].year == 2024]
    return statistics.fmean(kg)


def _deep_sleep_hours(t: Truth, year: int, month: int) -> float:
    secs = sum(
        (s["end"] - s["start"]).total_seconds()
        for s in t.health["sleep"]
        if s["stage"] == "AsleepDeep" and (s["start"].year, s["start"].month) == (year, month)
    )
    return secs / 3600


def _run_month_2024(t: Truth) -> str:
    by: Counter = Counter()
    for w in t.health["workouts"]:
        if w["activity"] == "Running" and w["start"].year == 2024:
            by[w["start"].month] += w["distance"]
    return _month_text(2024, argmax(by))


# survey: one record per respondent; multi-selects as lists, None for NA, country as a World Bank code


def _top_wanted(t: Truth) -> str:
    return argmax(Counter(lang for r in t.respondents if r["wants"] for lang in r["wants"]))


def _high_income_pct(t: Truth) -> float:
    income = {e["code"]: e["income"] for e in t.economies if not e["aggregate"]}
    rows = [r for r in t.respondents if r["country"] is not None]
    return 100 * sum(income[r["country"]] == "HIC" for r in rows) / len(rows)


# world: economies with series {code: {year: value or None}}; aggregates flagged


def _countries(t: Truth) -> list[dict]:
    return [e for e in t.economies if not e["aggregate"]]


def _series(e: dict, code: str, year: int):
    return e["series"][code][year]


def _internet_jump(t: Truth) -> str:
    gains = {}
    for e in _countries(t):
        a, b = _series(e, "IT.NET.USER.ZS", 2015), _series(e, "IT.NET.USER.ZS", 2023)
        if a is not None and b is not None:
            gains[e["name"]] = b - a
    return argmax(gains)


def _region_gdp(t: Truth) -> str:
    by: Counter = Counter()
    for e in _countries(t):
        v = _series(e, "NY.GDP.MKTP.CD", 2022)
        if v is not None:
            by[REGIONS[e["region"]][1].strip()] += v
    return argmax(by)


def _ssa_count(t: Truth) -> int:
    return sum(not e["aggregate"] and e["region"] == "SSF" for e in [*t.economies, *t.api_only])


# --- the questions --------------------------------------------------------------------------------

GTFS_READ = (
    f"{GTFS_FILE} is the GTFS feed of Kestrel Valley Transit (a zip of GTFS .txt tables: stops.txt, routes.txt, "
    "trips.txt, stop_times.txt, calendar.txt, calendar_dates.txt ...)."
)
HEALTH_READ = (
    f"{HEALTH_FILE} is my Apple Health export. Its dates are the local time where I was, with the UTC offset "
    "(for example '2024-07-02 06:41:10 +0100')."
)
SURVEY_READ = f"{SURVEY_FILE} holds the public results of a developer survey, one row per respondent."
WDI_READ = f"{WDI_FILE} is a World Development Indicators extract from the World Bank's DataBank"

TASKS = [
    # transit (GTFS feed) -------------------------------------------------------------------------------
    Task(
        "gtfs_bus_routes",
        "easy",
        f"{GTFS_READ} How many bus routes (route_type 3 in routes.txt) does the feed have?",
        lambda t: sum(r["type"] == 3 for r in t.gtfs["routes"]),
    ),
    Task(
        "gtfs_sat_trips",
        "easy",
        f"{GTFS_READ} How many trips in trips.txt belong to the Saturday service (service_id {SAT})?",
        lambda t: sum(tr["service"] == SAT for tr in t.gtfs["trips"]),
    ),
    Task(
        "gtfs_accessible_stops",
        "medium",
        f"{GTFS_READ} How many of the stops where vehicles actually stop (location_type 0 or empty in stops.txt; not "
        "stations or entrances) are wheelchair accessible (wheelchair_boarding = 1)?",
        lambda t: sum(s["location_type"] in ("", "0") and s["wheelchair"] == "1" for s in t.gtfs["stops"]),
    ),
    Task(
        "gtfs_route7_stops",
        "medium",
        f"{GTFS_READ} How many different stops (distinct stop_id values) does bus route 7 (route_short_name 7) "
        "serve, over all its trips in both directions?",
        lambda t: len({sid for tr in t.gtfs["trips"] if tr["route"] == _route_id(t, "7") for sid, *_ in tr["calls"]}),
    ),
    Task(
        "gtfs_busiest_bus_stop",
        "hard",
        f"{GTFS_READ} On the regular weekday service (service_id {WKDY}), which bus stop has the most scheduled bus "
        "calls? Count one call per stop_times row of a bus trip (route_type 3), whether or not the row has a time. The "
        "two stops on opposite sides of a street share a stop_name but have different stop_ids: count them together "
        "by stop_name. Give the stop name.",
        _busiest_bus_stop,
        kind="text",
    ),
    Task(
        "gtfs_memorial_day_trips",
        "hard",
        f"{GTFS_READ} How many trips (rail and bus together) does the feed schedule on Monday 26 May 2025?",
        lambda t: sum(tr["service"] in active_services(date(2025, 5, 26)) for tr in t.gtfs["trips"]),
    ),
    Task(
        "gtfs_route22_runtime",
        "hard",
        f"{GTFS_READ} What is the average scheduled running time, in minutes, of bus route 22's weekday trips "
        f"(service_id {WKDY}, both directions), from the departure at the first stop to the arrival at the last "
        "stop?",
        lambda t: _runtime(t, "22"),
    ),
    Task(
        "gtfs_last_red_saturday",
        "hard",
        f"{GTFS_READ} On the Saturday service ({SAT}), at what time does the last Red Line train towards Airport "
        "Terminal (trip_headsign 'Airport Terminal') leave Central Station? Give the clock time.",
        _last_red_from_central,
        kind="text",
    ),
    # health (Apple Health export.xml) --------------------------------------------------------------------
    Task(
        "hl_runs_2024",
        "easy",
        f"{HEALTH_READ} How many running workouts (workoutActivityType HKWorkoutActivityTypeRunning) did I do in 2024?",
        lambda t: sum(w["activity"] == "Running" and w["start"].year == 2024 for w in t.health["workouts"]),
    ),
    Task(
        "hl_max_heart_rate",
        "easy",
        f"{HEALTH_READ} What is the highest heart rate among the heart-rate records (Record type "
        "HKQuantityTypeIdentifierHeartRate, in count/min) in the export?",
        lambda t: max(r["value"] for r in t.health["hr"]),
    ),
    Task(
        "hl_move_ring_days",
        "easy",
        f"{HEALTH_READ} On how many days of 2024 did I close my Move ring, i.e. the day's ActivitySummary has "
        "activeEnergyBurned at least activeEnergyBurnedGoal?",
        lambda t: sum(s["day"].year == 2024 and s["active"] >= s["goal"] for s in t.health["summaries"]),
    ),
    Task(
        "hl_weight_2024",
        "medium",
        f"{HEALTH_READ} What was my average body weight in 2024 in kg, over all the weigh-ins (Record type "
        "HKQuantityTypeIdentifierBodyMass) of that year?",
        _weight_avg_2024,
    ),
    Task(
        "hl_deep_sleep_march",
        "medium",
        f"{HEALTH_READ} How many hours of deep sleep did my watch record in March 2024? Add up endDate minus startDate "
        "of the sleep records (HKCategoryTypeIdentifierSleepAnalysis) with value "
        "HKCategoryValueSleepAnalysisAsleepDeep whose startDate is in March 2024.",
        lambda t: _deep_sleep_hours(t, 2024, 3),
    ),
    Task(
        "hl_10k_days",
        "hard",
        f"{HEALTH_READ} On how many days in 2024 did I walk at least 10,000 steps? Add up the step-count records "
        "(HKQuantityTypeIdentifierStepCount) per day, by the local date of startDate. My iPhone and my Apple Watch "
        f"both count steps, so the same walking is recorded twice: use only the watch's records (sourceName "
        f"'{WATCH}').",
        lambda t: sum(d.year == 2024 and n >= 10_000 for d, n in _watch_steps_by_day(t).items()),
    ),
    Task(
        "hl_early_workouts",
        "hard",
        f"{HEALTH_READ} How many of my workouts (all types) in 2024 started before 7:00 in the morning, local time "
        "where I was?",
        lambda t: sum(w["start"].year == 2024 and w["start"].hour < 7 for w in t.health["workouts"]),
    ),
    Task(
        "hl_run_month",
        "hard",
        f"{HEALTH_READ} In which month of 2024 did I run the longest total distance? Use the distance of each running "
        "workout (its WorkoutStatistics of type HKQuantityTypeIdentifierDistanceWalkingRunning, in km) and the month "
        "of the workout's startDate.",
        _run_month_2024,
        kind="text",
    ),
    # survey (developer survey results) -------------------------------------------------------------------
    Task(
        "sv_germany_count",
        "easy",
        f"{SURVEY_READ} How many respondents are from Germany (Country)?",
        lambda t: sum(r["country"] == "DEU" for r in t.respondents),
    ),
    Task(
        "sv_median_comp",
        "easy",
        f"{SURVEY_READ} What is the median yearly compensation in US dollars (ConvertedCompYearly) among the "
        "respondents who gave one?",
        lambda t: statistics.median(r["comp"] for r in t.respondents if r["comp"] is not None),
    ),
    Task(
        "sv_pro_count",
        "easy",
        f"{SURVEY_READ} How many respondents are developers by profession (MainBranch 'I am a developer by "
        "profession')?",
        lambda t: sum(r["branch"] == "I am a developer by profession" for r in t.respondents),
    ),
    Task(
        "sv_java_count",
        "medium",
        f"{SURVEY_READ} How many respondents have worked with Java (one of the languages in LanguageHaveWorkedWith, "
        "a ';'-separated list)?",
        lambda t: sum(bool(r["langs"]) and "Java" in r["langs"] for r in t.respondents),
    ),
    Task(
        "sv_top_wanted",
        "medium",
        f"{SURVEY_READ} Which programming language do the most respondents want to work with next year "
        "(LanguageWantToWorkWith, a ';'-separated list)?",
        _top_wanted,
        kind="text",
    ),
    Task(
        "sv_years_pro_mean",
        "medium",
        f"{SURVEY_READ} What is the average number of years of professional coding experience (YearsCodePro) among "
        "the respondents who answered? Count 'Less than 1 year' as 0 and 'More than 50 years' as 51.",
        lambda t: statistics.fmean(r["years_pro"] for r in t.respondents if r["years_pro"] is not None),
    ),
    Task(
        "sv_high_income_pct",
        "hard",
        f"Using {SURVEY_FILE} (a developer survey, one row per respondent) and {WB_FILE} (the World Bank's country "
        "list with each country's income level): what percentage of the respondents who gave a country live in a "
        "high-income country (incomeLevel 'High income')? Match the survey's Country to the World Bank's country "
        "name.",
        _high_income_pct,
    ),
    # world (World Bank DataBank extract and API country list) --------------------------------------------
    Task(
        "wb_nigeria_pop_2020",
        "easy",
        f"{WDI_READ}. What was Nigeria's population (series 'Population, total') in 2020?",
        lambda t: next(_series(e, "SP.POP.TOTL", 2020) for e in _countries(t) if e["code"] == "NGA"),
    ),
    Task(
        "wb_top_life_2022",
        "easy",
        f"{WDI_READ}. Which economy had the highest life expectancy at birth (series SP.DYN.LE00.IN) in 2022?",
        lambda t: argmax({e["name"]: _series(e, "SP.DYN.LE00.IN", 2022) for e in t.economies}),
        kind="text",
    ),
    Task(
        "wb_long_life_2022",
        "medium",
        f"{WDI_READ}: one row per economy and series, the countries followed by aggregates such as World, the "
        "regions, the income groups and the Euro area. How many countries had a life expectancy at birth "
        "(SP.DYN.LE00.IN) of 80 years or more in 2022? Aggregates are not countries.",
        lambda t: sum(_series(e, "SP.DYN.LE00.IN", 2022) >= 80 for e in _countries(t)),
    ),
    Task(
        "wb_ssa_countries",
        "medium",
        f"{WB_FILE} is the World Bank API's country list (api.worldbank.org/v2/country?format=json). How many "
        "countries does it place in the Sub-Saharan Africa region? Aggregates are not countries.",
        _ssa_count,
    ),
    Task(
        "wb_missing_gdp_2023",
        "medium",
        f"{WDI_READ}; '..' marks a missing value. For how many economies is the 2023 GDP (series NY.GDP.MKTP.CD, "
        "current US$) missing?",
        lambda t: sum(_series(e, "NY.GDP.MKTP.CD", 2023) is None for e in t.economies),
    ),
    Task(
        "wb_internet_jump",
        "hard",
        f"{WDI_READ}; '..' marks a missing value. Which country's share of people using the Internet (series "
        "IT.NET.USER.ZS, % of population) rose the most, in percentage points, from 2015 to 2023? Consider only "
        "countries with a value in both years.",
        _internet_jump,
        kind="text",
    ),
    Task(
        "wb_region_gdp_2022",
        "hard",
        f"Using {WDI_FILE} (a World Bank DataBank extract; '..' marks a missing value) and {WB_FILE} (the World Bank "
        "API's country list, with each country's region): add up the 2022 GDP (NY.GDP.MKTP.CD, current US$) of the "
        "countries in the extract by their region. Which region has the largest total? Count only countries, not the "
        "aggregate rows, and skip missing values.",
        _region_gdp,
        kind="text",
    ),
]

QUICK = ["gtfs_sat_trips", "hl_max_heart_rate", "sv_germany_count"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "gtfs_memorial_day_trips": "only calendar.txt consulted (a Monday runs the weekday service), but calendar_dates.txt "
    "removes the weekday service on Memorial Day and adds the Sunday service",
    "hl_weight_2024": "the BodyMass values averaged as they are, but the weigh-ins typed in by hand over the summer "
    "are in lb (unit 'lb'), not kg",
    "hl_10k_days": "the step records of both sources added up, so the iPhone's steps double the watch's and far more "
    "days pass 10,000",
    "hl_early_workouts": "the dates parsed with utc=True (the offsets differ, so pandas wants that) and the UTC hour "
    "taken: a 07:20 start in British Summer Time counts as 06:20, a 06:30 start in New York as 10:30",
    "sv_java_count": "LanguageHaveWorkedWith searched for the substring 'Java', which also matches JavaScript",
    "sv_high_income_pct": "the survey's Country joined to the World Bank name as it is, which silently drops the "
    "countries named differently (United States of America, United Kingdom of Great Britain and Northern Ireland, "
    "Republic of Korea, Czech Republic, Turkey, Slovakia, Hong Kong (S.A.R.), Egypt, Iran, Venezuela)",
    "wb_long_life_2022": "every row of the life-expectancy series counted, so the aggregates at 80 or more (the Euro "
    "area, the European Union, the high-income group ...) count as countries",
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


def _clock_aliases(text: str) -> list[str]:
    """`01:05`: the same time as 1:05, 1:05 am, or 25:05 as GTFS writes it past midnight."""
    hh, mm = map(int, text.split(":"))
    out = [f"{hh}:{mm:02d}", f"{hh % 12 or 12}:{mm:02d} am" if hh < 12 else f"{hh % 12 or 12}:{mm:02d} pm"]
    if hh < 4:
        out.append(f"{hh + 24}:{mm:02d}")
    return [s for s in dict.fromkeys(out) if s != text]


COUNTRY_ALIASES = {
    "Hong Kong SAR, China": ["Hong Kong"], "Korea, Rep.": ["South Korea", "Republic of Korea"],
    "Egypt, Arab Rep.": ["Egypt"], "Iran, Islamic Rep.": ["Iran"], "Venezuela, RB": ["Venezuela"],
    "Slovak Republic": ["Slovakia"], "Czechia": ["Czech Republic"], "Turkiye": ["Turkey", "Türkiye"],
    "Russian Federation": ["Russia"], "Viet Nam": ["Vietnam"], "Yemen, Rep.": ["Yemen"], "Syrian Arab Republic": ["Syria"],
    "Lao PDR": ["Laos"], "Cote d'Ivoire": ["Ivory Coast", "Côte d'Ivoire"], "United States": ["USA", "US"],
    "United Kingdom": ["UK"],
}  # fmt: skip
REGION_ALIASES = {r.strip(): [r.strip().replace("&", "and"), code] for code, (_, r) in REGIONS.items()}


def _stop_aliases(name: str) -> list[str]:
    if " & " not in name:
        return []
    a, b = name.split(" & ")
    return [f"{a} and {b}", f"{a} / {b}", f"{a}/{b}", f"{a} at {b}"]


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a month, a clock time, a country, a region, a stop)."""
    refs = references(truth())
    by_id = defaultdict(list)
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "hl_run_month":
            by_id[task.id] = _month_aliases(ref)
        elif task.id == "gtfs_last_red_saturday":
            by_id[task.id] = _clock_aliases(ref)
        elif task.id in ("wb_top_life_2022", "wb_internet_jump"):
            by_id[task.id] = COUNTRY_ALIASES.get(ref, [])
        elif task.id == "wb_region_gdp_2022":
            by_id[task.id] = [a for a in REGION_ALIASES.get(ref, []) if a != ref]
        elif task.id == "gtfs_busiest_bus_stop":
            by_id[task.id] = _stop_aliases(ref)
        task.aliases = by_id[task.id]


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
