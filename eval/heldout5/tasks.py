"""The fifth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, resampling or reshaping). A reference whose answer would be a tie raises, so a seed that
makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from data import RISKS, Truth, truth

MONTH_NAMES = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


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


def mean(values) -> float:
    values = list(values)
    return sum(values) / len(values)


def hour_text(h: int) -> str:
    return f"{h}:00"


def hour_aliases(h: int) -> list[str]:
    twelve = h % 12 or 12
    half = "am" if h < 12 else "pm"
    return [
        f"{h:02d}:00",
        f"{twelve} {half}",
        f"{twelve}{half}",
        f"{twelve}:00 {half}",
        f"{h}h",
        f"{h:02d}h",
        f"hour {h}",
    ]


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def month_aliases(m: int, year: int) -> list[str]:
    return [MONTH_NAMES[m - 1][:3], f"{year}-{m:02d}", f"{m:02d}/{year}"]


# bike share


def _station(t: Truth, sid: str) -> dict:
    return next(s for s in t.stations if s["id"] == sid)


def _casual_median_minutes(t: Truth, month: int) -> float:
    return round(
        statistics.median(
            (x["end"] - x["start"]).total_seconds() / 60
            for x in t.trips
            if not x["member"] and x["start"].month == month
        ),
        3,
    )


def _weekend_peak_hour(t: Truth) -> int:
    weekend = argmax(Counter(x["start"].hour for x in t.trips if x["start"].weekday() >= 5))
    anyday = argmax(Counter(x["start"].hour for x in t.trips))
    if weekend == anyday:
        raise ValueError("the weekend peak is the every-day peak: the question would not test the filter")
    return weekend


def _top_start_neighbourhood(t: Truth) -> str:
    hood = {s["id"]: s["neighbourhood"] for s in t.stations}
    return argmax(Counter(hood[x["from"]] for x in t.trips if x["from"] is not None))


def _net_loss_station(t: Truth) -> str:
    net: Counter = Counter()
    for x in t.trips:
        if x["from"] is not None:
            net[x["from"]] += 1
        if x["to"] is not None:
            net[x["to"]] -= 1
    return _station(t, argmax(net))["name"]


def _net_loss_id(t: Truth) -> str:
    return next(s["id"] for s in t.stations if s["name"] == _net_loss_station(t))


# food inspections


def _establishment(t: Truth) -> dict[int, dict]:
    return {e["licence"]: e for e in t.establishments}


def _fails_2024(t: Truth) -> list[dict]:
    return [x for x in t.inspections if x["result"] == "Fail" and x["date"].year == 2024]


def _fail_month_2024(t: Truth) -> int:
    return argmax(Counter(x["date"].month for x in _fails_2024(t)))


def _restaurant_fail_pct(t: Truth, year: int) -> float:
    est = _establishment(t)
    rows = [x for x in t.inspections if x["date"].year == year and est[x["licence"]]["type"] == "Restaurant"]
    return round(100 * sum(x["result"] == "Fail" for x in rows) / len(rows), 3)


def _ward_most_fails(t: Truth) -> int:
    est = _establishment(t)
    return argmax(Counter(est[x["licence"]]["ward"] for x in _fails_2024(t)))


def _repeat_failers(t: Truth) -> int:
    return sum(1 for n in Counter(x["licence"] for x in _fails_2024(t)).values() if n >= 2)


# electricity


def _national_2024(t: Truth) -> list:
    return [h["date"] for h in t.holidays if h["national"] and h["date"].year == 2024]


def _peak_price_hour(t: Truth) -> dict:
    prices = [h["price"] for h in t.hours]
    top = max(prices)
    if prices.count(top) > 1:
        raise ValueError("two hours share the top price")
    return next(h for h in t.hours if h["price"] == top)


def _priciest_local_hour(t: Truth) -> int:
    by: dict[int, list[float]] = {}
    for h in t.hours:
        by.setdefault(h["local"].hour, []).append(h["price"])
    return argmax({k: mean(v) for k, v in by.items()})


def _holiday_gwh(t: Truth) -> float:
    days = set(_national_2024(t))
    per_day: dict = {}
    for h in t.hours:
        d = h["local"].date()
        if d in days:
            if h["load"] is None:
                raise ValueError("a holiday has a gap in the load data")
            per_day[d] = per_day.get(d, 0) + h["load"]
    assert len(per_day) == len(days)
    return round(mean(per_day.values()) / 1000, 3)


# schools


def _census(t: Truth, year: int) -> list[dict]:
    return [c for c in t.census if c["year"] == year]


def _reception_fall(t: Truth) -> int:
    fall = sum(c["reception"] or 0 for c in _census(t, 202122)) - sum(c["reception"] or 0 for c in _census(t, 202324))
    if fall <= 0:
        raise ValueError("Reception numbers did not fall")
    return fall


def _district_growth(t: Truth) -> str:
    where = {s["urn"]: s["district"] for s in t.schools}
    growth: Counter = Counter()
    for c in _census(t, 202324):
        growth[where[c["urn"]]] += c["total"]
    for c in _census(t, 202122):
        growth[where[c["urn"]]] -= c["total"]
    return argmax(growth)


def _district_mean_open(t: Truth) -> str:
    school = {s["urn"]: s for s in t.schools}
    by: dict[str, list[int]] = {}
    for c in _census(t, 202324):
        s = school[c["urn"]]
        if s["status"].startswith("Open"):
            by.setdefault(s["district"], []).append(c["total"])
    return argmax({k: mean(v) for k, v in by.items()})


_SEED_T = truth()

TASKS: list[Task] = [
    # --- easy -------------------------------------------------------------------------------------
    Task(
        "bike-station-count",
        "easy",
        "How many docking stations does the bike-share scheme have?",
        lambda t: len(t.stations),
    ),
    Task(
        "bike-total-docks",
        "easy",
        "What is the total number of docks across all the stations in bike_stations.geojson?",
        lambda t: sum(s["capacity"] for s in t.stations),
    ),
    Task(
        "food-inspection-count",
        "easy",
        "How many inspections are in food_inspections.csv?",
        lambda t: len(t.inspections),
    ),
    Task(
        "food-fail-count",
        "easy",
        "How many food safety inspections had a result of Fail?",
        lambda t: sum(1 for x in t.inspections if x["result"] == "Fail"),
    ),
    Task(
        "food-risk1-count",
        "easy",
        "How many of the food inspections were of high-risk (Risk 1) establishments?",
        lambda t: sum(1 for x in t.inspections if _establishment(t)[x["licence"]]["risk"] == RISKS[0]),
    ),
    Task(
        "elec-negative-hours",
        "easy",
        "In how many hours of 2024 was the day-ahead electricity price negative?",
        lambda t: sum(1 for h in t.hours if h["price"] < 0),
    ),
    Task(
        "elec-max-price",
        "easy",
        "What was the highest day-ahead price in day_ahead_prices_2024.parquet, in EUR/MWh?",
        lambda t: _peak_price_hour(t)["price"],
    ),
    Task(
        "elec-mean-forecast",
        "easy",
        "What was the average day-ahead load forecast over 2024, in MW?",
        lambda t: round(mean(h["forecast"] for h in t.hours), 3),
    ),
    Task(
        "sch-pupils-2324",
        "easy",
        "How many pupils were on roll across all schools in the 2023/24 school census?",
        lambda t: sum(c["total"] for c in _census(t, 202324)),
    ),
    Task(
        "sch-secondary-2324",
        "easy",
        "How many secondary schools are in the 2023/24 school census data?",
        lambda t: sum(1 for c in _census(t, 202324) if c["phase"] == "Secondary"),
    ),
    # --- medium -----------------------------------------------------------------------------------
    Task(
        "bike-trips-q2",
        "medium",
        "How many bike-share trips were taken in April–June 2024 altogether?",
        lambda t: len(t.trips),
    ),
    Task(
        "bike-casual-median-may",
        "medium",
        "What was the median trip length, in minutes, for casual (non-member) riders in May 2024?",
        lambda t: _casual_median_minutes(t, 5),
    ),
    Task(
        "food-fail-month-2024",
        "medium",
        "Which month of 2024 had the most failed food inspections?",
        lambda t: MONTH_NAMES[_fail_month_2024(t) - 1],
        "text",
        month_aliases(_fail_month_2024(_SEED_T), 2024),
    ),
    Task(
        "food-mean-violations",
        "medium",
        "On average, how many violations were cited per inspection in the food inspections data?",
        lambda t: round(mean(len(x["violations"]) for x in t.inspections), 4),
    ),
    Task(
        "food-restaurant-fail-pct-2024",
        "medium",
        "What percentage of restaurant inspections in 2024 ended in a Fail?",
        lambda t: _restaurant_fail_pct(t, 2024),
    ),
    Task(
        "elec-peak-load",
        "medium",
        "What was the highest actual hourly electricity load in 2024, in MW?",
        lambda t: max(h["load"] for h in t.hours if h["load"] is not None),
    ),
    Task(
        "elec-weekday-holidays",
        "medium",
        "How many of Belgium's national public holidays in 2024 fell on a weekday (Monday to Friday)? "
        "Use public_holidays.ics.",
        lambda t: sum(1 for d in _national_2024(t) if d.weekday() < 5),
    ),
    Task(
        "sch-open-directory",
        "medium",
        "How many schools in the schools directory are currently open?",
        lambda t: sum(1 for s in t.schools if s["status"].startswith("Open")),
    ),
    Task(
        "sch-reception-fall",
        "medium",
        "By how many pupils did the number of Reception pupils fall between 2021/22 and 2023/24?",
        _reception_fall,
    ),
    Task(
        "sch-fsm-primary",
        "medium",
        "In the 2023/24 census, what was the mean free-school-meals percentage of the primary schools?",
        lambda t: round(
            mean(c["fsm_pct"] for c in _census(t, 202324) if c["phase"] == "Primary" and c["fsm_pct"] is not None), 3
        ),
    ),
    # --- hard -------------------------------------------------------------------------------------
    Task(
        "bike-weekend-peak-hour",
        "hard",
        "At what hour of the day do the most bike-share trips start at weekends?",
        lambda t: hour_text(_weekend_peak_hour(t)),
        "text",
        hour_aliases(_weekend_peak_hour(_SEED_T)),
    ),
    Task(
        "bike-top-neighbourhood",
        "hard",
        "Which neighbourhood did the most bike-share trips start from in Q2 2024?",
        _top_start_neighbourhood,
        "text",
    ),
    Task(
        "bike-net-loss-station",
        "hard",
        "Over April–June 2024, which bike-share station lost the most bikes, i.e. had the largest number of trips "
        "starting there minus trips ending there?",
        _net_loss_station,
        "text",
        [_net_loss_id(_SEED_T)],
    ),
    Task(
        "food-ward-most-fails",
        "hard",
        "Which ward had the most failed food inspections in 2024? The ward is in business_licences.jsonl.",
        lambda t: f"Ward {_ward_most_fails(t)}",
        "text",
        [f"{ordinal(_ward_most_fails(_SEED_T))} ward"],
    ),
    Task(
        "food-repeat-failers",
        "hard",
        "How many establishments failed two or more food inspections in 2024?",
        _repeat_failers,
    ),
    Task(
        "elec-load-at-max-price",
        "hard",
        "What was the actual electricity load, in MW, in the hour when the day-ahead price was at its 2024 peak?",
        lambda t: _peak_price_hour(t)["load"],
    ),
    Task(
        "elec-priciest-hour",
        "hard",
        "Averaged over 2024, which hour of the day (Belgian local time) had the highest day-ahead electricity price?",
        lambda t: hour_text(_priciest_local_hour(t)),
        "text",
        hour_aliases(_priciest_local_hour(_SEED_T)),
    ),
    Task(
        "elec-holiday-gwh",
        "hard",
        "How much electricity was consumed on an average national public holiday in 2024, in GWh "
        "(actual load, local calendar days)?",
        _holiday_gwh,
    ),
    Task(
        "sch-district-growth",
        "hard",
        "Which district's total pupil numbers grew the most between 2021/22 and 2023/24?",
        _district_growth,
        "text",
    ),
    Task(
        "sch-district-mean-open",
        "hard",
        "Counting only schools that are still open, which district had the largest average number of pupils per "
        "school in 2023/24?",
        _district_mean_open,
        "text",
    ),
]

# Quick mode: a few easy tasks.
QUICK = ["bike-station-count", "food-inspection-count", "elec-negative-hours"]


def references(seed: int | None = None) -> dict[str, Any]:
    t = truth() if seed is None else truth(seed)
    return {task.id: task.ref(t) for task in TASKS}


if __name__ == "__main__":
    for task, (tid, ref) in zip(TASKS, references().items()):
        print(f"{task.difficulty:<7} {tid:<30} {ref!r:<30} {task.question}")
