"""The forty-fifth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, several steps or a careful definition).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise; so does a seed on which a trap would not bite.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from data import (
    CENSUS_FILE,
    IA_D1_DATE,
    IA_LINN,
    METRICS_FILE,
    NASS_FILE,
    OD_FL,
    OD_POP_STATE,
    OD_SMALL,
    OD_SUPPRESSED,
    OD_TOP_MONTH,
    USDM_FILE,
    WONDER_FILE,
    ZD_ZIP,
    Truth,
    census_rows,
    to_local,
    truth,
)  # fmt: skip


@dataclass
class Task:
    id: str
    difficulty: str
    question: str
    ref: Callable[[Truth], Any]
    kind: str = "number"  # number | text
    aliases: list[str] = field(default_factory=list)  # other accepted spellings of a text answer (default seed)


# --- helpers over the clean records ---------------------------------------------------------------


def argmax(scores: dict[Any, float], margin: float = 0) -> Any:
    """The key with the highest score; raises on a tie (the question would have two answers)."""
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) > 1 and ranked[0][1] - ranked[1][1] <= margin:
        raise ValueError(f"tie for first place: {ranked[:2]}")
    return ranked[0][0]


def no_trap(ref: Any, careless: Any, what: str, rel: float = 0.002) -> None:
    """Raise when the careless reading comes within rel (the scorer's 0.2 % by default) of the reference."""
    close = careless == ref or (
        isinstance(ref, float)
        and isinstance(careless, (int, float))
        and abs(float(careless) - ref) <= max(0.006, rel * abs(ref))
    )
    if close:
        raise ValueError(f"the careless reading gives the reference ({ref!r}): {what}")


def not_on_edge(x: float, places: int, what: str) -> None:
    """Raise when x sits so near a rounding boundary that careful readings could round it either way."""
    scaled = x * 10**places
    if abs(scaled - round(scaled) - 0.5) < 1e-3 or abs(scaled - round(scaled) + 0.5) < 1e-3:
        raise ValueError(f"{what}: {x} is on a rounding edge")


def rounded(x: float, places: int, what: str) -> float:
    not_on_edge(x, places, what)
    return round(x, places)


def pearson(xs: list[float], ys: list[float]) -> float:
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy)


# Crops: Quick Stats rows {year, level, county (dict or None), crop, key ACRES/PROD/YIELD, value (None withheld),
# other (the OTHER (COMBINED) COUNTIES rows)}; Drought Monitor rows {date, fips, county, none, d [D0..D4 cumulative]}


def _county_values(t: Truth, year: int, crop: str, key: str) -> dict[str, float]:
    """Published county values (not withheld, not the combined rows), by county name."""
    return {
        r["county"]["name"]: r["value"]
        for r in t.nass
        if r["year"] == year and r["level"] == "COUNTY" and r["crop"] == crop and r["key"] == key
        and not r.get("other") and r["value"] is not None
    }  # fmt: skip


def _other_values(t: Truth, year: int, crop: str, key: str) -> list[float]:
    return [
        r["value"] for r in t.nass if r["year"] == year and r["crop"] == crop and r["key"] == key and r.get("other")
    ]


def _state_value(t: Truth, year: int, crop: str, key: str) -> float:
    (v,) = [r["value"] for r in t.nass if r["year"] == year and r["level"] == "STATE" and r["crop"] == crop
            and r["key"] == key]  # fmt: skip
    return v


def _ia_soy_top(t: Truth) -> str:
    ys = _county_values(t, 2021, "SOYBEANS", "YIELD")
    top = argmax(ys, margin=0.05)
    assert all(o < ys[top] for o in _other_values(t, 2021, "SOYBEANS", "YIELD"))
    return top


def _ia_linn_none(t: Truth) -> int:
    n = sum(r["county"] == IA_LINN and r["none"] == 100 for r in t.usdm)
    assert 0 < n < 52
    return n


def _ia_corn_total(t: Truth, careless: bool = False) -> int:
    total = int(_state_value(t, 2023, "CORN", "PROD"))
    rows = [r for r in t.nass if r["year"] == 2023 and r["crop"] == "CORN" and r["key"] == "PROD"]
    assert sum(r["value"] for r in rows if r["level"] == "COUNTY" and r["value"] is not None) == total
    if careless:  # every row of the item summed: the state row and the county rows (the combined ones too)
        return int(sum(r["value"] for r in rows if r["value"] is not None))
    no_trap(total, _ia_corn_total(t, careless=True), "no state row")
    return total


def _ia_counties_200(t: Truth, careless: bool = False) -> int:
    n = sum(v >= 200 for v in _county_values(t, 2023, "CORN", "YIELD").values())
    if careless:  # the OTHER (COMBINED) COUNTIES rows counted as counties
        return n + sum(v >= 200 for v in _other_values(t, 2023, "CORN", "YIELD"))
    no_trap(n, _ia_counties_200(t, careless=True), "no combined row over 200")
    return n


def _ia_median_soy(t: Truth) -> float:
    return round(statistics.median(_county_values(t, 2020, "SOYBEANS", "YIELD").values()), 2)


def _ia_d1_only(t: Truth, careless: bool = False) -> float:
    rows = [r for r in t.usdm if r["date"] == IA_D1_DATE]
    assert len(rows) == 99
    if careless:  # the D1 column taken as the area in D1 alone (it is D1 or worse)
        return round(sum(r["d"][1] for r in rows) / 99, 2)
    x = rounded(sum(r["d"][1] - r["d"][2] for r in rows) / 99, 2, "mean D1-only share")
    no_trap(x, _ia_d1_only(t, careless=True), "no D2 on that map")
    return x


def _ia_corr(t: Truth) -> float:
    ys = _county_values(t, 2023, "CORN", "YIELD")
    fips = {c["name"]: c["fips"] for c in t.counties}
    acc: dict[str, list[float]] = {}
    for r in t.usdm:
        if date(2023, 6, 1) <= r["date"] <= date(2023, 8, 31):
            acc.setdefault(r["fips"], []).append(r["d"][2])
    names = sorted(ys)
    xs = [sum(acc[fips[n]]) / len(acc[fips[n]]) for n in names]
    return rounded(pearson(xs, [ys[n] for n in names]), 2, "correlation")


def _ia_drop(t: Truth) -> str:
    a, b = _county_values(t, 2022, "CORN", "YIELD"), _county_values(t, 2023, "CORN", "YIELD")
    return argmax({n: a[n] - b[n] for n in set(a) & set(b)}, margin=0.3)


def _ia_month(t: Truth) -> str:
    acc: dict[int, list[float]] = {}
    for r in t.usdm:
        acc.setdefault(r["date"].month, []).append(r["d"][2])
    m = argmax({k: sum(v) / len(v) for k, v in acc.items()}, margin=0.5)
    return date(2023, m, 1).strftime("%B")


# Help desk: tickets (the export's objects with _utc, _merged) and metrics (with _reply, _full)


def _zd_subject(t: Truth) -> int:
    pat = re.compile(r"\bw-?2\b", re.I)
    return sum(bool(pat.search(x["subject"])) for x in t.tickets)


def _zd_csat(t: Truth, careless: bool = False) -> float:
    c = Counter(x["satisfaction_rating"]["score"] for x in t.tickets)
    if careless:  # every ticket with a survey counted, answered or not ('offered' is a survey sent, not answered)
        return round(100 * c["good"] / (c["good"] + c["bad"] + c["offered"]), 1)
    x = rounded(100 * c["good"] / (c["good"] + c["bad"]), 1, "CSAT")
    no_trap(x, _zd_csat(t, careless=True), "no unanswered survey")
    return x


def _zd_area_urgent(t: Truth) -> str:
    c = Counter(x["custom_fields"][0]["value"] for x in t.tickets if x["priority"] == "urgent")
    c.pop(None, None)
    return argmax(dict(c), margin=2)


def _zd_month(t: Truth) -> str:
    local = Counter((to_local(x["_utc"]).year, to_local(x["_utc"]).month) for x in t.tickets)
    utc = Counter((x["_utc"].year, x["_utc"].month) for x in t.tickets)
    ym = argmax(dict(local), margin=3)
    assert argmax(dict(utc), margin=3) == ym  # the month does not depend on the clock
    return date(ym[0], ym[1], 1).strftime("%B %Y")


def _zd_weekend(t: Truth, utc: bool = False) -> int:
    day = (lambda x: x["_utc"]) if utc else (lambda x: to_local(x["_utc"]))
    n = sum(day(x).weekday() >= 5 for x in t.tickets)
    if utc:  # created_at's weekday taken as it stands (UTC)
        return n
    no_trap(n, _zd_weekend(t, utc=True), "as many weekend tickets in UTC")
    return n


def _zd_merge(t: Truth, with_merged: bool = False) -> float:
    merged = {x["id"] for x in t.tickets if x["_merged"]}
    solved = {x["id"] for x in t.tickets if x["status"] in ("solved", "closed")}
    mins = [m["full_resolution_time_in_minutes"]["calendar"] for m in t.metrics
            if m["ticket_id"] in solved and (with_merged or m["ticket_id"] not in merged)]  # fmt: skip
    assert all(v is not None for v in mins)
    x = statistics.median(mins) / 60
    if with_merged:  # the tickets closed by merging into another counted too
        return round(x, 1)
    ref = rounded(x, 1, "median resolution hours")
    no_trap(ref, _zd_merge(t, with_merged=True), "merged tickets do not move the median")
    return ref


def _zd_slow_channel(t: Truth) -> str:
    channel = {x["id"]: x["via"]["channel"] for x in t.tickets}
    acc: dict[str, list[int]] = {}
    for m in t.metrics:
        b = m["reply_time_in_minutes"]["business"]
        if b is not None:
            acc.setdefault(channel[m["ticket_id"]], []).append(b)
    return argmax({c: statistics.median(v) for c, v in acc.items()}, margin=8)


# Overdose deaths: states {name, region, pops {year}, base} and deaths {state, year, month, deaths}


def _shown(t: Truth) -> list[dict]:
    """The monthly rows the export lists (counts under 10 are suppressed and hidden)."""
    return [r for r in t.deaths if r["deaths"] >= 10]


def _od_fl(t: Truth) -> int:
    state, y, m = OD_FL
    (r,) = [r for r in t.deaths if r["state"] == state and r["year"] == y and r["month"] == m]
    assert r["deaths"] >= 10
    return r["deaths"]


def _od_pop(t: Truth) -> int:
    return next(s["pops"][2023] for s in t.states if s["name"] == OD_POP_STATE)


def _od_jan_top(t: Truth) -> str:
    y, m = OD_TOP_MONTH
    return argmax({r["state"]: r["deaths"] for r in _shown(t) if r["year"] == y and r["month"] == m}, margin=20)


def _od_total(t: Truth, careless: bool = False) -> int:
    total = sum(r["deaths"] for r in t.deaths)
    if careless:  # the Deaths column summed as it stands: the monthly rows, each state's Total row and the grand Total
        return sum(r["deaths"] for r in _shown(t)) + total + total
    no_trap(total, _od_total(t, careless=True), "no Total rows")
    return total


def _od_small_total(t: Truth, careless: bool = False) -> int:
    rows = [r for r in t.deaths if r["state"] == OD_SMALL]
    if careless:  # the listed months added up: the suppressed months are missing
        return sum(r["deaths"] for r in rows if r["deaths"] >= 10)
    n = sum(r["deaths"] for r in rows)
    no_trap(n, _od_small_total(t, careless=True), "no suppressed month")
    return n


def _od_missing(t: Truth) -> int:
    n = sum(r["state"] == OD_SUPPRESSED and r["deaths"] < 10 for r in t.deaths)
    assert 0 < n < 48
    return n


def _deaths_year(t: Truth, year: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in _shown(t):
        if r["year"] == year:
            out[r["state"]] = out.get(r["state"], 0) + r["deaths"]
    return out


def _od_rate_top(t: Truth) -> str:
    d = _deaths_year(t, 2023)
    pop = {s["name"]: s["pops"][2023] for s in t.states}
    top = argmax({s: 1e5 * n / pop[s] for s, n in d.items()}, margin=1.0)
    assert all(r["deaths"] >= 10 for r in t.deaths if r["state"] == top)
    return top


def _od_us_rate(t: Truth, careless: bool = False) -> float:
    deaths = sum(_deaths_year(t, 2023).values())
    us = sum(s["pops"][2023] for s in t.states)
    if careless:  # the 2023 column of the workbook summed: the United States, the regions, the states and Puerto Rico
        col = sum(row[5] for row in census_rows(t)[4:] if isinstance(row[5], int))
        return round(1e5 * deaths / col, 1)
    x = rounded(1e5 * deaths / us, 1, "national rate")
    no_trap(x, _od_us_rate(t, careless=True), "the column sum is the national population")
    return x


def _od_month_peak(t: Truth) -> str:
    c: Counter = Counter()
    for r in _shown(t):
        c[(r["year"], r["month"])] += r["deaths"]
    y, m = argmax(dict(c), margin=30)
    return date(y, m, 1).strftime("%B %Y")


def _od_fall(t: Truth) -> float:
    a, b = sum(_deaths_year(t, 2023).values()), sum(_deaths_year(t, 2024).values())
    assert b < a
    return rounded(100 * (a - b) / a, 1, "fall")


IA = (
    f"A USDA NASS Quick Stats download for Iowa ({NASS_FILE}: survey estimates by county and for the state, corn "
    f"for grain and soybeans, 2020-2023) and the U.S. Drought Monitor's county statistics for Iowa for 2023 "
    f"({USDM_FILE})."
)
ZD = (
    f"A payroll company's Zendesk help desk: the full JSON export of its tickets ({ZD_ZIP}; tickets created from "
    f"January 2023 to June 2024) and the ticket metrics pulled from the Zendesk API ({METRICS_FILE})."
)
OD = (
    f"Drug overdose deaths by state of residence and month, 2021-2024, exported from CDC WONDER ({WONDER_FILE}), "
    f"and the Census Bureau's state population estimates ({CENSUS_FILE})."
)
FL_STATE, FL_Y, FL_M = OD_FL
TOP_Y, TOP_M = OD_TOP_MONTH

TASKS = [
    # --- Crops and drought: NASS Quick Stats and the U.S. Drought Monitor ---
    Task(
        "ia_state_yield",
        "easy",
        f"{IA} What was Iowa's corn for grain yield for the whole state in 2022, in bushels per acre, according to "
        f"{NASS_FILE}?",
        lambda t: _state_value(t, 2022, "CORN", "YIELD"),
    ),
    Task(
        "ia_soy_top",
        "easy",
        f"{IA} Which Iowa county had the highest soybean yield in 2021 in {NASS_FILE}? Give the county's name.",
        _ia_soy_top,
        kind="text",
    ),
    Task(
        "ia_linn_none",
        "easy",
        f"{IA} On how many of the weekly maps in {USDM_FILE} was {IA_LINN} County entirely free of drought and "
        "dryness (None = 100)?",
        _ia_linn_none,
    ),
    Task(
        "ia_corn_total",
        "medium",
        f"{IA} How many bushels of corn for grain did Iowa produce in 2023, according to {NASS_FILE}?",
        _ia_corn_total,
    ),
    Task(
        "ia_counties_200",
        "medium",
        f"{IA} In 2023, how many Iowa counties had a corn for grain yield of 200 bushels per acre or more in "
        f"{NASS_FILE}?",
        _ia_counties_200,
    ),
    Task(
        "ia_median_soy",
        "medium",
        f"{IA} What was the median soybean yield (bushels per acre) across the Iowa counties with a published yield "
        f"in 2020 in {NASS_FILE}?",
        _ia_median_soy,
    ),
    Task(
        "ia_d1_only",
        "medium",
        f"{IA} On the Drought Monitor map of {IA_D1_DATE:%B} {IA_D1_DATE.day}, {IA_D1_DATE.year} in {USDM_FILE}, what "
        "percentage of its area was in moderate drought (category D1 itself, not D2 or worse), averaged over Iowa's "
        "99 counties (a plain mean of the county percentages)? Give two decimals.",
        _ia_d1_only,
    ),
    Task(
        "ia_corr",
        "hard",
        f"{IA} For the Iowa counties with a published 2023 corn for grain yield in {NASS_FILE}, what is the Pearson "
        f"correlation between that yield and the county's average percentage of area in severe drought or worse "
        f"(D2 to D4) over the maps dated June 1 to August 31, 2023 in {USDM_FILE}? Give two decimals.",
        _ia_corr,
    ),
    Task(
        "ia_drop",
        "hard",
        f"{IA} Which Iowa county's corn for grain yield fell the most (in bushels per acre) from 2022 to 2023 in "
        f"{NASS_FILE}? Only counties with a published yield in both years count. Give the county's name.",
        _ia_drop,
        kind="text",
    ),
    Task(
        "ia_month",
        "hard",
        f"{IA} Averaging the percentage of county area in severe drought or worse (D2 to D4) over all Iowa counties "
        f"and all the maps dated in each calendar month of 2023 ({USDM_FILE}), which month had the highest average?",
        _ia_month,
        kind="text",
    ),
    # --- Help desk: a Zendesk JSON export and the ticket metrics ---
    Task(
        "zd_urgent",
        "easy",
        f"{ZD} How many tickets in the export have priority urgent?",
        lambda t: sum(x["priority"] == "urgent" for x in t.tickets),
    ),
    Task(
        "zd_email",
        "easy",
        f"{ZD} How many tickets came in by email (the channel in the ticket's via field)?",
        lambda t: sum(x["via"]["channel"] == "email" for x in t.tickets),
    ),
    Task(
        "zd_reopened",
        "easy",
        f"{ZD} How many tickets were reopened at least once, according to {METRICS_FILE}?",
        lambda t: sum(m["reopens"] > 0 for m in t.metrics),
    ),
    Task(
        "zd_subject",
        "easy",
        f"{ZD} How many tickets mention a W-2 form in their subject (written W-2 or W2, in any case)?",
        _zd_subject,
    ),
    Task(
        "zd_csat",
        "medium",
        f"{ZD} Of the satisfaction surveys that customers answered (rated good or bad), what percentage were rated "
        "good? Give one decimal.",
        _zd_csat,
    ),
    Task(
        "zd_area_urgent",
        "medium",
        f"{ZD} Which product area (the custom field with id 360041128731) has the most urgent tickets? Give the "
        "field's value.",
        _zd_area_urgent,
        kind="text",
    ),
    Task(
        "zd_month",
        "medium",
        f"{ZD} In which month (month and year) were the most tickets created?",
        _zd_month,
        kind="text",
    ),
    Task(
        "zd_weekend",
        "hard",
        f"{ZD} The support team is in Chicago (US Central time). How many tickets were created on a Saturday or a "
        "Sunday, Chicago time?",
        _zd_weekend,
    ),
    Task(
        "zd_merge",
        "hard",
        f"{ZD} What is the median full resolution time, in hours of calendar time, of the solved and closed tickets? "
        "Leave out the tickets that were closed by being merged into another ticket (tag closed_by_merge). Give one "
        "decimal.",
        _zd_merge,
    ),
    Task(
        "zd_slow_channel",
        "hard",
        f"{ZD} Which channel (the ticket's via channel) has the slowest median first reply time in business minutes, "
        f"counting only tickets that got a reply ({METRICS_FILE})? Give the channel as the export names it.",
        _zd_slow_channel,
        kind="text",
    ),
    # --- Overdose deaths: CDC WONDER and the Census population estimates ---
    Task(
        "od_fl_mar",
        "easy",
        f"{OD} How many overdose deaths does the WONDER export give for {FL_STATE} in {date(FL_Y, FL_M, 1):%B %Y}?",
        _od_fl,
    ),
    Task(
        "od_tx_pop",
        "easy",
        f"{OD} What was the population of {OD_POP_STATE} on July 1, 2023, according to {CENSUS_FILE}?",
        _od_pop,
    ),
    Task(
        "od_jan_top",
        "easy",
        f"{OD} Which state had the most overdose deaths in {date(TOP_Y, TOP_M, 1):%B %Y} in the WONDER export?",
        _od_jan_top,
        kind="text",
    ),
    Task(
        "od_total",
        "medium",
        f"{OD} How many overdose deaths were there in the whole United States over 2021-2024 according to the WONDER "
        "export?",
        _od_total,
    ),
    Task(
        "od_small_total",
        "medium",
        f"{OD} How many overdose deaths did {OD_SMALL} have over 2021-2024 according to the WONDER export?",
        _od_small_total,
    ),
    Task(
        "od_missing",
        "medium",
        f"{OD} For how many of the 48 months has the WONDER export no row for {OD_SUPPRESSED} (its counts under 10 "
        "are suppressed)?",
        _od_missing,
    ),
    Task(
        "od_rate_top",
        "hard",
        f"{OD} Which state had the highest overdose death rate per 100,000 residents in 2023? Add up each state's "
        "monthly rows for 2023 in the WONDER export and divide by its July 1, 2023 population from the Census "
        "workbook.",
        _od_rate_top,
        kind="text",
    ),
    Task(
        "od_us_rate",
        "hard",
        f"{OD} What was the national overdose death rate per 100,000 in 2023: all the states' monthly rows for 2023 "
        "in the WONDER export added up, divided by the United States population on July 1, 2023 from the Census "
        "workbook? Give one decimal.",
        _od_us_rate,
    ),
    Task(
        "od_month_peak",
        "hard",
        f"{OD} Adding up all the states' monthly rows in the WONDER export for each month of each year, which month "
        "had the most overdose deaths nationally? Give the month and year.",
        _od_month_peak,
        kind="text",
    ),
    Task(
        "od_fall",
        "hard",
        f"{OD} By what percentage did the national number of overdose deaths fall from 2023 to 2024, adding up all "
        "the states' monthly rows of each year in the WONDER export? Give one decimal.",
        _od_fall,
    ),
]

QUICK = ["ia_state_yield", "zd_urgent", "od_fl_mar"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "ia_corn_total": "every row of the production item for 2023 summed: the state row is in the same column as the "
    "county rows, so the total is counted twice",
    "ia_counties_200": "the OTHER (COMBINED) COUNTIES rows (Geo Level COUNTY) counted as counties",
    "ia_d1_only": "the D1 column taken as the area in D1: the statistics are cumulative (StatisticFormatID 1), so D1 "
    "is the area in D1 or worse",
    "zd_csat": "good ratings divided by every ticket with a survey: 'offered' is a survey sent and not answered",
    "zd_weekend": "the weekday of created_at taken as it stands: created_at is UTC, so Friday evening in Chicago is "
    "Saturday and Sunday evening is Monday",
    "zd_merge": "the tickets closed by merging (tag closed_by_merge, closed within minutes) kept in the median",
    "od_total": "the Deaths column summed: each state's Total row and the grand Total are rows of the export too",
    "od_small_total": "the state's monthly rows added up: months with fewer than 10 deaths are suppressed and hidden, "
    "but counted in the state's Total row",
    "od_us_rate": "the 2023 column of the workbook summed for the national population: the United States row and the "
    "four regions sit above the states (and Puerto Rico below)",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (the spellings a file uses for a county, a month)."""
    refs = references()
    for task in TASKS:
        ref = refs[task.id]
        if task.id in ("ia_soy_top", "ia_drop"):
            task.aliases = [f"{ref} County", ref.upper().replace("'", " ")]
        if task.id in ("zd_month", "od_month_peak"):
            d = _parse_month_year(ref)
            task.aliases = [f"{d:%Y-%m}", f"{d:%b %Y}", f"{d:%Y/%m}", f"{d:%m/%Y}"]


def _parse_month_year(text: str) -> date:
    name, year = text.split()
    months = [date(2000, m, 1).strftime("%B") for m in range(1, 13)]
    return date(int(year), months.index(name) + 1, 1)


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)
assert set(TRAPS) <= {t.id for t in TASKS} and 7 <= len(TRAPS) <= 10
assert all(t.difficulty != "easy" for t in TASKS if t.id in TRAPS)

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
