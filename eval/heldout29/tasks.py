"""The twenty-ninth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, time arithmetic or several steps).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise; so does a seed on which a trap would not bite.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from data import (
    AREA_H,
    ASHE_FILE,
    BTS_CARRIERS_FILE,
    BTS_FILE,
    CARRIER_NAME,
    CASSAVA,
    CHICKENS,
    COFFEE,
    DEPARTED_DAY,
    FAO_AGGS,
    FAO_CHINA,
    FAO_COUNTRIES,
    FAO_FILE,
    FAO_NAME,
    FAO_YEARS,
    MAIZE,
    PM_FILE,
    PRODUCTION,
    PROGRAMMERS,
    PROLIFIC,
    SOC_GROUPS,
    SOYA,
    STOCKS,
    WHEAT,
    YIELD,
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


def no_trap(ref: Any, careless: Any, what: str) -> None:
    close = careless == ref or (
        isinstance(ref, float)
        and isinstance(careless, (int, float))
        and abs(float(careless) - ref) <= max(0.006, 0.002 * abs(ref))
    )
    if close:
        raise ValueError(f"the careless reading gives the reference ({ref!r}): {what}")


# faostat: cell[(area code, item code, element code, year)] = (value or None, flag)


def _fao(t: Truth, area: int, item: int, el: int, y: int) -> int:
    v, _ = t.fao["cell"][(area, item, el, y)]
    if v is None:
        raise ValueError(f"no value for {area} {item} {el} {y}")
    return v


def _cassava_est(t: Truth) -> int:
    n = sum(t.fao["cell"][(159, CASSAVA, PRODUCTION, y)][1] == "E" for y in FAO_YEARS)
    if not 0 < n < len(FAO_YEARS):
        raise ValueError(f"every or no year flagged E ({n})")
    return n


def _world_wheat(t: Truth, every_row: bool = False) -> int:
    cells = t.fao["cell"]
    if every_row:  # the aggregates and China (351) summed with the countries
        areas = FAO_COUNTRIES + [FAO_CHINA[0]] + [a[0] for a in FAO_AGGS]
        return sum(cells[(a, WHEAT, PRODUCTION, 2022)][0] or 0 for a in areas if (a, WHEAT, PRODUCTION, 2022) in cells)
    ref = _fao(t, 5000, WHEAT, PRODUCTION, 2022)
    countries = sum(
        cells[(a, WHEAT, PRODUCTION, 2022)][0] or 0 for a in FAO_COUNTRIES if (a, WHEAT, PRODUCTION, 2022) in cells
    )
    assert ref == countries, "the World row is the sum of the countries"
    no_trap(ref, _world_wheat(t, every_row=True), "no aggregate row for wheat")
    return ref


def _chickens(t: Truth, as_given: bool = False) -> int:
    v = _fao(t, 21, CHICKENS, STOCKS, 2022)
    if as_given:  # the value in the file, which counts thousands of birds
        return v
    ref = v * 1000
    no_trap(ref, _chickens(t, as_given=True), "chickens counted in birds")
    return ref


def _soy_increase(t: Truth) -> str:
    cells = t.fao["cell"]
    inc = {}
    for a in FAO_COUNTRIES:
        if (a, SOYA, AREA_H, 2022) in cells:
            v22, v12 = cells[(a, SOYA, AREA_H, 2022)][0], cells[(a, SOYA, AREA_H, 2012)][0]
            if v22 is not None and v12 is not None:
                inc[a] = v22 - v12
    return FAO_NAME[argmax(inc)]


def _wheat_yield_top(t: Truth) -> str:
    cells = t.fao["cell"]
    big = [
        a
        for a in FAO_COUNTRIES
        if (a, WHEAT, AREA_H, 2022) in cells and (cells[(a, WHEAT, AREA_H, 2022)][0] or 0) >= 1_000_000
    ]
    return FAO_NAME[argmax({a: _fao(t, a, WHEAT, YIELD, 2022) for a in big})]


# bts: one dict per scheduled flight


def _cxl_airline(t: Truth) -> str:
    n, c = Counter(), Counter()
    for f in t.bts:
        n[f["carrier"]] += 1
        c[f["carrier"]] += f["cancelled"]
    return CARRIER_NAME[argmax({k: c[k] / n[k] for k in n})]


def _ontime(t: Truth, skip_missing: bool = False) -> float:
    nk = [f for f in t.bts if f["carrier"] == "NK"]
    if skip_missing:  # 1 - mean(ArrDel15): the cancelled and diverted flights have no ArrDel15 and drop out
        flown = [f for f in nk if "arr_delay" in f]
        return round(100 * sum(f["arr_delay"] < 15 for f in flown) / len(flown), 1)
    ref = round(100 * sum("arr_delay" in f and f["arr_delay"] < 15 for f in nk) / len(nk), 1)
    no_trap(ref, _ontime(t, skip_missing=True), "no cancelled or diverted Spirit flight")
    return ref


def _red_eye(t: Truth, no_2400: bool = False) -> int:
    left = [f["dep_abs"] % 1440 for f in t.bts if not f["cancelled"]]
    if no_2400:  # DepTime below 100: a departure at midnight is written 2400
        return sum(0 < m < 60 for m in left)
    ref = sum(m < 60 for m in left)
    no_trap(ref, _red_eye(t, no_2400=True), "no departure at midnight")
    return ref


def _departed_day(t: Truth, by_flight_date: bool = False) -> int:
    flown = [f for f in t.bts if not f["cancelled"]]
    if by_flight_date:  # FlightDate is the scheduled day, not the day the flight left
        return sum(f["date"] == DEPARTED_DAY for f in flown)
    ref = sum(f["dep_date"] == DEPARTED_DAY for f in flown)
    no_trap(ref, _departed_day(t, by_flight_date=True), "no flight left on another day than scheduled")
    return ref


def _late_aircraft(t: Truth) -> str:
    late, total = Counter(), Counter()
    for f in t.bts:
        if "causes" in f:
            late[f["carrier"]] += f["causes"][4]
            total[f["carrier"]] += sum(f["causes"])
    return CARRIER_NAME[argmax({k: late[k] / total[k] for k in total})]


# ashe: sheets[sheet] = rows (desc, code or None, jobs in thousands, median, ..., None where the file has 'x')


def _row(t: Truth, sheet: str, code: str | None) -> dict:
    return next(r for r in t.ashe["sheets"][sheet] if r["code"] == code)


def _programmers(t: Truth, first_sheet: bool = False) -> int:
    if first_sheet:  # read_excel's default: the first sheet, 'All' (full-time and part-time together)
        return _row(t, "All", PROGRAMMERS)["median"]
    ref = _row(t, "Full-Time", PROGRAMMERS)["median"]
    no_trap(ref, _programmers(t, first_sheet=True), "no part-time programmers")
    return ref


def _prof_jobs(t: Truth, every_level: bool = False) -> float:
    rows = t.ashe["sheets"]["All"]
    if every_level:  # every row whose code starts with 2: the group, its sub-groups, minor groups and unit groups
        return round(sum(r["jobs"] for r in rows if r["code"] and r["code"].startswith("2")), 1)
    ref = round(_row(t, "All", "2")["jobs"], 1)
    no_trap(ref, _prof_jobs(t, every_level=True), "one level of the classification")
    return ref


def _gender_gap(t: Truth) -> float:
    m = _row(t, "Male Full-Time", None)["median"]
    f = _row(t, "Female Full-Time", None)["median"]
    return round(100 * (m - f) / m, 1)


def _top_major(t: Truth) -> str:
    return SOC_GROUPS[
        argmax({r["code"]: r["median"] for r in t.ashe["sheets"]["All"] if r["code"] and len(r["code"]) == 1})
    ]


def _pt_share(t: Truth) -> str:
    share = {
        r["code"]: _row(t, "Part-Time", r["code"])["jobs"] / r["jobs"]
        for r in t.ashe["sheets"]["All"]
        if r["code"] and len(r["code"]) == 1
    }
    return SOC_GROUPS[argmax(share)]


def _gap_unit(t: Truth) -> str:
    gaps = {}
    for r in t.ashe["sheets"]["Male Full-Time"]:
        if r["code"] and len(r["code"]) == 4:
            f = _row(t, "Female Full-Time", r["code"])
            if r["median"] is not None and f["median"] is not None:
                gaps[r["desc"]] = (r["median"] - f["median"]) / r["median"]
    return argmax(gaps)


# pubmed: one dict per record


def _top_journal(t: Truth) -> str:
    return argmax(Counter(r["journal"][0] for r in t.pubmed))


def _issue_2022(t: Truth, year_element_only: bool = False) -> int:
    if year_element_only:  # PubDate/Year read: an issue dated as a MedlineDate range has no Year element
        return sum(r["year"] == 2022 and "medline" not in r["pubdate"] for r in t.pubmed)
    ref = sum(r["year"] == 2022 for r in t.pubmed)
    no_trap(ref, _issue_2022(t, year_element_only=True), "no issue of 2022 dated as a range")
    return ref


def _daphnia(t: Truth, text_before_markup: bool = False) -> int:
    if text_before_markup:  # ElementTree's .text: only the title's text before its first <i>, <sub> or <sup>
        return sum("daphnia" in r["title_markup"].split("<")[0].lower() for r in t.pubmed)
    ref = sum("daphnia" in r["title"].lower() for r in t.pubmed)
    no_trap(ref, _daphnia(t, text_before_markup=True), "no Daphnia set in italics")
    return ref


def _top_author(t: Truth, surname_only: bool = False) -> str:
    count: Counter = Counter()
    for r in t.pubmed:
        keys = {(a["last"] if surname_only else f"{a['last']} {a['initials']}") for a in r["authors"]}
        count.update(keys)
    if surname_only:  # different people of the same surname counted as one
        return argmax(count)
    ref = argmax(count)
    if ref != f"{PROLIFIC['last']} {PROLIFIC['initials']}":
        raise ValueError(f"the most frequent author is {ref}")
    if sum(a["last"] == PROLIFIC["last"] for r in t.pubmed for a in r["authors"]) != count[ref]:
        raise ValueError("another author shares the surname")
    no_trap(PROLIFIC["last"], _top_author(t, surname_only=True), "the most frequent surname is the author's")
    return ref


def _china_first(t: Truth) -> int:
    return sum(bool(r["authors"]) and r["authors"][0]["country"] == "China" for r in t.pubmed)


def _days_accept(t: Truth) -> float:
    days = [(r["accepted"] - r["received"]).days for r in t.pubmed if r["received"] and r["accepted"]]
    m = statistics.median(days)
    return int(m) if m == int(m) else float(m)


FAO = f"FAOSTAT's Crops and livestock products data (the bulk download, normalized), in {FAO_FILE}."
BTS = (
    f"The US Bureau of Transportation Statistics' on-time performance data for January 2024, as the TranStats "
    f"prezipped file {BTS_FILE}, with the carrier code table {BTS_CARRIERS_FILE}. The times in it are local times "
    "at the airport concerned."
)
ASHE = (
    f"The ONS Annual Survey of Hours and Earnings (ASHE) table of gross annual pay by occupation (SOC 2020), "
    f"2024 provisional results, in the workbook {ASHE_FILE}."
)
PM = f"A PubMed search for microplastics, saved as PubMed XML in {PM_FILE}."

TASKS = [
    # --- FAOSTAT crops and livestock ---
    Task(
        "fao_wheat_fr",
        "easy",
        f"{FAO} How many tonnes of wheat did France produce in 2022 (element Production)?",
        lambda t: _fao(t, 68, WHEAT, PRODUCTION, 2022),
    ),
    Task(
        "fao_cassava_est",
        "easy",
        f"{FAO} In how many of the years 2010 to 2022 is Nigeria's production of cassava (item 'Cassava, fresh', "
        "element Production) flagged E, an estimated value?",
        _cassava_est,
    ),
    Task(
        "fao_vn_coffee_peak",
        "easy",
        f"{FAO} In which year from 2010 to 2022 did Viet Nam produce the most green coffee (item 'Coffee, green', "
        "element Production)? Give the year.",
        lambda t: argmax({y: _fao(t, 237, COFFEE, PRODUCTION, y) for y in FAO_YEARS}),
    ),
    Task(
        "fao_world_wheat",
        "medium",
        f"{FAO} How many tonnes of wheat were produced in the world in 2022?",
        _world_wheat,
    ),
    Task(
        "fao_chickens",
        "medium",
        f"{FAO} How many chickens were there in Brazil in 2022 (element Stocks)? Give the number of birds.",
        _chickens,
    ),
    Task(
        "fao_yield_us",
        "medium",
        f"{FAO} What was the yield of maize (item 'Maize (corn)') in the United States of America in 2022, in "
        "tonnes per hectare? Round to two decimals.",
        lambda t: round(_fao(t, 231, MAIZE, YIELD, 2022) / 10_000, 2),
    ),
    Task(
        "fao_soy_increase",
        "hard",
        f"{FAO} Which country increased its area harvested of soya beans the most, in hectares, from 2012 to 2022?",
        _soy_increase,
        kind="text",
    ),
    Task(
        "fao_wheat_yield_top",
        "hard",
        f"{FAO} Of the countries that harvested at least 1 million hectares of wheat in 2022, which had the highest "
        "wheat yield that year?",
        _wheat_yield_top,
        kind="text",
    ),
    # --- BTS on-time performance ---
    Task(
        "bts_cancelled",
        "easy",
        f"{BTS} How many flights were cancelled in January 2024?",
        lambda t: sum(f["cancelled"] for f in t.bts),
    ),
    Task(
        "bts_busiest_origin",
        "easy",
        f"{BTS} Which airport had the most scheduled departures in January 2024 (flights by origin, cancelled ones "
        "included)? Give its three-letter code.",
        lambda t: argmax(Counter(f["origin"] for f in t.bts)),
        kind="text",
    ),
    Task(
        "bts_diverted",
        "easy",
        f"{BTS} How many flights were diverted in January 2024?",
        lambda t: sum(f["diverted"] for f in t.bts),
    ),
    Task(
        "bts_ontime_pct",
        "medium",
        f"{BTS} What percentage of Spirit Air Lines' (code NK) scheduled flights in January 2024 arrived on time, "
        "that is less than 15 minutes after the scheduled arrival time? Count cancelled and diverted flights as not "
        "on time. Give a percentage to one decimal.",
        _ontime,
    ),
    Task(
        "bts_red_eye",
        "medium",
        f"{BTS} How many flights left the gate in the first hour after midnight, between 00:00 and 00:59 local time "
        "(actual departure time, DepTime)?",
        _red_eye,
    ),
    Task(
        "bts_cxl_airline",
        "medium",
        f"{BTS} Which airline (Reporting_Airline) cancelled the largest share of its scheduled flights in January "
        "2024? Give the airline's name.",
        _cxl_airline,
        kind="text",
    ),
    Task(
        "bts_departed_day",
        "hard",
        f"{BTS} How many flights actually left the gate on Saturday 13 January 2024, local time at the origin airport, "
        "whatever day they were scheduled for?",
        _departed_day,
    ),
    Task(
        "bts_late_aircraft",
        "hard",
        f"{BTS} Which airline attributed the largest share of its delay minutes to a late-arriving aircraft "
        "(LateAircraftDelay as a share of the five delay-cause columns together)? Give the airline's name.",
        _late_aircraft,
        kind="text",
    ),
    # --- ONS ASHE pay by occupation ---
    Task(
        "ashe_jobs_all",
        "easy",
        f"{ASHE} How many employee jobs does the table count for all employees, in thousands? Round to one decimal.",
        lambda t: round(_row(t, "All", None)["jobs"], 1),
    ),
    Task(
        "ashe_top_major",
        "easy",
        f"{ASHE} For all employees, which of the nine major occupation groups (one-digit SOC codes) has the highest "
        "median gross annual pay? Give the group's name.",
        _top_major,
        kind="text",
    ),
    Task(
        "ashe_programmers_ft",
        "medium",
        f"{ASHE} What is the median gross annual pay of full-time employees who are programmers and software "
        "development professionals (SOC 2020 code 2134), in pounds?",
        _programmers,
    ),
    Task(
        "ashe_prof_jobs",
        "medium",
        f"{ASHE} How many employee jobs are there in professional occupations (SOC major group 2), all employees, in "
        "thousands? Round to one decimal.",
        _prof_jobs,
    ),
    Task(
        "ashe_gender_gap",
        "medium",
        f"{ASHE} By how many percent is the median gross annual pay of female full-time employees below that of male "
        "full-time employees, all occupations together? Give (male - female) / male x 100 to one decimal.",
        _gender_gap,
    ),
    Task(
        "ashe_pt_share",
        "hard",
        f"{ASHE} In which major occupation group (one-digit SOC code) is the share of employee jobs that are "
        "part-time the highest? Give the group's name.",
        _pt_share,
        kind="text",
    ),
    Task(
        "ashe_gap_unit",
        "hard",
        f"{ASHE} Among the four-digit occupations (unit groups) for which both the male and the female full-time "
        "median annual pay are published, which has the largest gap between them, as (male - female) / male? Give "
        "the occupation's name.",
        _gap_unit,
        kind="text",
    ),
    # --- PubMed search ---
    Task(
        "pm_top_journal",
        "easy",
        f"{PM} Which journal has the most records in the file?",
        _top_journal,
        kind="text",
    ),
    Task(
        "pm_reviews",
        "easy",
        f"{PM} How many records have the publication type 'Review'?",
        lambda t: sum("Review" in r["pubtypes"] for r in t.pubmed),
    ),
    Task(
        "pm_issue_2022",
        "medium",
        f"{PM} How many records appeared in journal issues dated 2022? Go by the date of the journal issue, not the "
        "electronic publication date.",
        _issue_2022,
    ),
    Task(
        "pm_daphnia",
        "hard",
        f"{PM} How many records mention Daphnia (the water flea genus) in the article title?",
        _daphnia,
    ),
    Task(
        "pm_top_author",
        "hard",
        f"{PM} Which author appears on the most records? Give the name as PubMed lists it, surname and initials "
        "(such as 'Smith JA'); collective (group) authors do not count.",
        _top_author,
        kind="text",
    ),
    Task(
        "pm_china_first",
        "hard",
        f"{PM} How many records have a first author whose first listed affiliation is in China?",
        _china_first,
    ),
    Task(
        "pm_days_accept",
        "hard",
        f"{PM} For the records whose publication history has both a 'received' and an 'accepted' date, what is the "
        "median number of days from received to accepted?",
        _days_accept,
    ),
]

QUICK = ["fao_wheat_fr", "bts_cancelled", "ashe_jobs_all"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "fao_world_wheat": "every row of wheat production in 2022 summed: the World, continent, EU and least-developed "
    "aggregates and China (351, mainland + Taiwan + Hong Kong) are areas beside the countries",
    "fao_chickens": "the Value taken as the number of birds: chickens are counted in thousands (Unit '1000 An')",
    "bts_ontime_pct": "100 x (1 - mean of ArrDel15): cancelled and diverted flights have no ArrDel15 and drop out of "
    "the mean instead of counting as not on time",
    "bts_red_eye": "DepTime below 100 counted: a departure at midnight is written 2400, not 0000",
    "bts_departed_day": "the flights with FlightDate 16 January counted: FlightDate is the scheduled day, and delays "
    "push departures past midnight into the next day (into the 13th from the 12th, a day of snow in Chicago)",
    "ashe_programmers_ft": "the workbook read with read_excel's default, the first sheet 'All': it mixes full-time "
    "and part-time jobs; full-time employees are on the sheet 'Full-Time'",
    "ashe_prof_jobs": "every row whose code starts with 2 summed: the major group, its sub-major groups, minor groups "
    "and unit groups are rows of one column, so each job is counted four times",
    "pm_issue_2022": "PubDate/Year read: bimonthly issues are dated as a MedlineDate range ('2022 Jan-Feb') with no "
    "Year element and drop out",
    "pm_daphnia": "the titles taken with ElementTree's .text: it stops at the first inline element, and Daphnia is "
    "mostly set in italics (<i>Daphnia magna</i>)",
    "pm_top_author": "authors counted by LastName alone: different people of the same surname (Wang, Li, Zhang ...) "
    "are counted as one",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


APT_NAME = {"ORD": "O'Hare", "ATL": "Hartsfield-Jackson", "DFW": "Dallas/Fort Worth", "DEN": "Denver"}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a country's short name, an airline's code, ...)."""
    t = truth()
    refs = references(t)
    journal = {j[0]: j[1] for j in __import__("data").PM_JOURNALS}
    code = {v: k for k, v in CARRIER_NAME.items()}
    short = {
        "United Kingdom of Great Britain and Northern Ireland": ["United Kingdom", "UK"],
        "United States of America": ["United States", "USA"],
        "China, mainland": ["China"],
        "Russian Federation": ["Russia"],
        "Türkiye": ["Turkey", "Turkiye"],
        "Iran (Islamic Republic of)": ["Iran"],
    }
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id.startswith("fao_"):
            task.aliases = short.get(ref, [])
        elif task.id in ("bts_cxl_airline", "bts_late_aircraft"):
            task.aliases = [code[ref], ref.replace(" Inc.", "").replace(" Co.", "")]
        elif task.id == "bts_busiest_origin":
            task.aliases = [APT_NAME[ref]] if ref in APT_NAME else []
        elif task.id == "pm_top_journal":
            task.aliases = list(dict.fromkeys([journal[ref], journal[ref].removeprefix("The ")]))
        elif task.id == "pm_top_author":
            last, ini = PROLIFIC["last"], PROLIFIC["initials"]
            fore = PROLIFIC["fore"]
            task.aliases = [
                f"{fore} {last}",
                f"{' '.join(ini)} {last}",
                f"{ini} {last}",
                f"{last} {' '.join(ini)}",
                last,
            ]


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
