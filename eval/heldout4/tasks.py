"""The fourth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, resampling or reshaping). A reference whose answer would be a tie raises, so a seed that
makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import datetime as dt
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from data import EXCEED_PM25, Truth, to_local, truth

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


def argmin(scores: dict[Any, float]) -> Any:
    return argmax({k: -v for k, v in scores.items()})


def total_by(records, key: Callable, value: Callable) -> dict[Any, float]:
    out: dict[Any, float] = {}
    for r in records:
        out[key(r)] = out.get(key(r), 0) + value(r)
    return out


def mean(values) -> float:
    values = list(values)
    return sum(values) / len(values)


# library


def _branch_name(t: Truth, code: str) -> str:
    return next(b["name"] for b in t.branches if b["code"] == code)


def _busiest_branch(t: Truth) -> str:
    return _branch_name(t, argmax(Counter(loan["branch"] for loan in t.loans)))


def _returned_late(t: Truth) -> int:
    return sum(1 for loan in t.loans if loan["returned"] is not None and loan["returned"].date() > loan["due"])


def _longest_kept_genre(t: Truth) -> str:
    genre = {i["number"]: i["genre"] for i in t.items}
    days: dict[str, list[float]] = {}
    for loan in t.loans:
        if loan["returned"] is not None:
            kept = (loan["returned"] - loan["out"]).total_seconds() / 86400
            days.setdefault(genre[loan["item"]], []).append(kept)
    return argmax({g: statistics.median(v) for g, v in days.items()})


def _never_borrowed(t: Truth) -> int:
    borrowed = {loan["item"] for loan in t.loans}
    return sum(1 for i in t.items if i["number"] not in borrowed)


def _fines_of(t: Truth, member_type: str) -> float:
    kind = {m["id"]: m["type"] for m in t.members}
    return round(sum(loan["fine"] or 0.0 for loan in t.loans if kind[loan["member"]] == member_type), 2)


# 311 service requests


def _district_name(t: Truth, code: str) -> str:
    return next(d["name"] for d in t.districts if d["code"] == code)


def _in_year(t: Truth, year: int) -> list[dict]:
    return [r for r in t.requests if r["created"].year == year]


def _median_close_hours(t: Truth) -> float:
    return statistics.median(
        (r["closed"] - r["created"]).total_seconds() / 3600 for r in t.requests if r["closed"] is not None
    )


def _per_1000(t: Truth, year: int) -> str:
    counts = Counter(r["district"] for r in _in_year(t, year) if r["district"] is not None)
    pop = {d["code"]: d["population"] for d in t.districts}
    return _district_name(t, argmax({c: n / pop[c] * 1000 for c, n in counts.items()}))


def _noise_peak(t: Truth) -> tuple[int, int]:
    noise = [r["created"] for r in t.requests if r["type"] == "Noise"]
    single = argmax(Counter((c.year, c.month) for c in noise))
    of_year = argmax(Counter(c.month for c in noise))
    if single[1] == of_year:
        raise ValueError("the peak month and the peak month-of-year agree: the question would not test the difference")
    return single


def _month_aliases(year: int, month: int) -> list[str]:
    name = MONTH_NAMES[month - 1]
    return [f"{name[:3]} {year}", f"{year}-{month:02d}", f"{month:02d}/{year}", f"{name}, {year}"]


def _daily_mean(t: Truth, district: str, year: int) -> float:
    code = next(d["code"] for d in t.districts if d["name"] == district)
    n = sum(1 for r in _in_year(t, year) if r["district"] == code)
    days = (dt.date(year + 1, 1, 1) - dt.date(year, 1, 1)).days
    return n / days


# ferry


def _ran(t: Truth) -> list[dict]:
    return [s for s in t.sailings if s["status"] == "OK"]


def _route_name(t: Truth, rid: str) -> str:
    return next(r["name"] for r in t.routes if r["id"] == rid)


def _delay_min(s: dict) -> float:
    return (s["actual"] - s["sched"]).total_seconds() / 60


def _fullest_route(t: Truth) -> str:
    pax: dict[str, list[int]] = {}
    for s in _ran(t):
        pax.setdefault(s["route"], []).append(s["pax"])
    return _route_name(t, argmax({r: mean(v) for r, v in pax.items()}))


def _mean_delay(t: Truth, rid: str, year: int, month: int) -> float:
    return mean(
        _delay_min(s) for s in _ran(t) if s["route"] == rid and (s["sched"].year, s["sched"].month) == (year, month)
    )


def _most_late(t: Truth, year: int, month: int, minutes: float) -> str:
    late = Counter(
        s["route"] for s in _ran(t) if (s["sched"].year, s["sched"].month) == (year, month) and _delay_min(s) >= minutes
    )
    return _route_name(t, argmax(late))


def _car_revenue(t: Truth, year: int) -> float:
    fare = {r: f["car"] or 0.0 for r, f in t.fares[year].items()}
    return round(sum(s["cars"] * fare[s["route"]] for s in _ran(t)), 2)


def _child_fare(t: Truth, rid: str, year: int) -> float:
    fare = t.fares[year][rid]["child"]
    if any(t.fares[y][rid]["child"] == fare for y in t.fares if y != year):
        raise ValueError("the fare is the same in another year's sheet: the question would not test the sheet")
    return fare


def _route_aliases(t: Truth, name: str) -> list[str]:
    route = next(r for r in t.routes if r["name"] == name)
    out = [route["id"], f"{route['from']} to {route['to']}", f"{route['from']}-{route['to']}"]
    ports = Counter(p for r in t.routes for p in (r["from"], r["to"]))
    out += [p for p in (route["from"], route["to"]) if ports[p] == 1]
    return out


# air quality


def _valid(t: Truth, sensor: str, pol: str) -> list[tuple[dt.datetime, float]]:
    values = t.readings.get((sensor, pol), [])
    return [(h, v) for h, v in zip(t.hours, values) if v is not None]


def _sensor(t: Truth, sid: str) -> dict:
    return next(s for s in t.sensors if s["id"] == sid)


def _no2_peak_hour(t: Truth, sensor: str) -> int:
    by_hour: dict[int, list[float]] = {}
    for h, v in _valid(t, sensor, "no2"):
        by_hour.setdefault(to_local(h).hour, []).append(v)
    return argmax({hour: mean(v) for hour, v in by_hour.items()})


def _highest_no2(t: Truth) -> str:
    return argmax({s["id"]: max(v for _, v in _valid(t, s["id"], "no2")) for s in t.sensors if s["no2_base"]})


def _median_pm_top(t: Truth, year: int, month: int) -> str:
    medians = {}
    for s in t.sensors:
        values = [v for h, v in _valid(t, s["id"], "pm25") if (to_local(h).year, to_local(h).month) == (year, month)]
        medians[s["id"]] = statistics.median(values)
    return argmax(medians)


def _exceed_days(t: Truth, sensor: str, first: dt.date, last: dt.date, limit: float) -> int:
    by_day: dict[dt.date, list[float]] = {}
    for h, v in _valid(t, sensor, "pm25"):
        day = to_local(h).date()
        if first <= day <= last:
            by_day.setdefault(day, []).append(v)
    return sum(1 for v in by_day.values() if mean(v) > limit)


def _district_no2(t: Truth) -> str:
    pooled: dict[str, list[float]] = {}
    for s in t.sensors:
        pooled.setdefault(s["district"], []).extend(v for _, v in _valid(t, s["id"], "no2"))
    return _district_name(t, argmax({d: mean(v) for d, v in pooled.items() if v}))


def _sensor_aliases(t: Truth, sid: str) -> list[str]:
    return [sid.replace("-", ""), sid.replace("-", " "), _sensor(t, sid)["site"]]


_SEED_T = truth()  # the default seed's records, for the text answers' aliases


def _district_aliases(name: str) -> list[str]:
    return [next(d["code"] for d in _SEED_T.districts if d["name"] == name)]


def _branch_aliases(name: str) -> list[str]:
    code = next(b["code"] for b in _SEED_T.branches if b["name"] == name)
    out = [code, name.replace(" ", ""), f"{name} branch"]
    if name.endswith(" Library"):
        out.append(name.removesuffix(" Library"))
    return out


_PEAK = _noise_peak(_SEED_T)
_BUSIEST = _busiest_branch(_SEED_T)
_GENRE = _longest_kept_genre(_SEED_T)
_TOP_TYPE = argmax(Counter(r["type"] for r in _in_year(_SEED_T, 2024)))

TASKS: list[Task] = [
    # --- easy: one obvious operation on one file ---
    Task(
        "lib-catalogue-items",
        "easy",
        "How many items are listed in the library's catalogue.xml?",
        lambda t: len(t.items),
    ),
    Task(
        "lib-branch-seats",
        "easy",
        "Across all the library branches in branches.yaml, how many seats are there in total?",
        lambda t: sum(b["seats"] for b in t.branches),
    ),
    Task(
        "lib-student-members",
        "easy",
        "How many of the library's members are students?",
        lambda t: sum(1 for m in t.members if m["type"] == "student"),
    ),
    Task(
        "sr-requests-count",
        "easy",
        "How many service requests are in service_requests.json?",
        lambda t: len(t.requests),
    ),
    Task(
        "sr-largest-district",
        "easy",
        "Which district of the city has the largest population?",
        lambda t: _district_name(t, argmax({d["code"]: d["population"] for d in t.districts})),
        "text",
        _district_aliases(_district_name(_SEED_T, argmax({d["code"]: d["population"] for d in _SEED_T.districts}))),
    ),
    Task(
        "sr-top-channel",
        "easy",
        "Through which channel were the most 311 service requests submitted?",
        lambda t: argmax(Counter(r["channel"] for r in t.requests)),
        "text",
        {"Phone": ["telephone", "phone calls", "by phone"], "App": ["mobile app", "the app"]}.get(
            argmax(Counter(r["channel"] for r in _SEED_T.requests)), []
        ),
    ),
    Task("ferry-vessel-count", "easy", "How many vessels are listed in ferry.sqlite?", lambda t: len(t.vessels)),
    Task(
        "ferry-largest-vessel",
        "easy",
        "Which ferry can carry the most passengers?",
        lambda t: next(v["name"] for v in t.vessels if v["id"] == argmax({v["id"]: v["pax"] for v in t.vessels})),
        "text",
        [max(_SEED_T.vessels, key=lambda v: v["pax"])["name"].removeprefix("MV ")],
    ),
    Task(
        "ferry-total-passengers",
        "easy",
        "How many passengers did the ferries carry in total, according to the sailings in ferry.sqlite?",
        lambda t: sum(s["pax"] for s in _ran(t)),
    ),
    Task("aq-sensor-count", "easy", "How many sensors does the air-quality network have?", lambda t: len(t.sensors)),
    Task(
        "aq-first-installed",
        "easy",
        "Which air-quality sensor was installed first?",
        lambda t: argmin({s["id"]: s["installed"].toordinal() for s in t.sensors}),
        "text",
        _sensor_aliases(_SEED_T, argmin({s["id"]: s["installed"].toordinal() for s in _SEED_T.sensors})),
    ),
    Task(
        "aq-traffic-sensors",
        "easy",
        "How many of the air-quality sensors are at traffic sites?",
        lambda t: sum(1 for s in t.sensors if s["type"] == "traffic"),
    ),
    # --- medium: one cleaning step, a group-by, or an odd format ---
    Task("lib-distinct-loans", "medium", "How many separate loans does loans.csv record?", lambda t: len(t.loans)),
    Task(
        "lib-busiest-branch",
        "medium",
        "Which library branch lent out the most items in 2024?",
        _busiest_branch,
        "text",
        _branch_aliases(_BUSIEST),
    ),
    Task("lib-late-returns", "medium", "How many library loans were returned after their due date?", _returned_late),
    Task(
        "sr-top-type-2024",
        "medium",
        "What was the most common type of 311 complaint in 2024?",
        lambda t: argmax(Counter(r["type"] for r in _in_year(t, 2024))),
        "text",
        [_TOP_TYPE + "s", _TOP_TYPE.lower() + " complaints"],
    ),
    Task(
        "sr-median-close-hours",
        "medium",
        "What is the median time, in hours, it took to close a 311 service request (counting the closed ones)?",
        _median_close_hours,
    ),
    Task(
        "sr-still-open",
        "medium",
        "How many service requests were still not closed when the 311 data was exported?",
        lambda t: sum(1 for r in t.requests if r["closed"] is None),
    ),
    Task(
        "ferry-cancelled",
        "medium",
        "How many ferry sailings were cancelled?",
        lambda t: sum(1 for s in t.sailings if s["status"] != "OK"),
    ),
    Task(
        "ferry-child-fare-r2",
        "medium",
        "What did a child's single ticket from Marlowe to Fennick cost in 2024, in euros?",
        lambda t: _child_fare(t, "R2", 2024),
    ),
    Task(
        "ferry-fullest-route",
        "medium",
        "Which ferry route carried the most passengers per sailing on average, counting the sailings that ran?",
        _fullest_route,
        "text",
        _route_aliases(_SEED_T, _fullest_route(_SEED_T)),
    ),
    Task(
        "aq-mean-pm-aq02",
        "medium",
        "What was the average PM2.5 concentration at sensor AQ-02 over the whole period in aq_hourly_2024.csv.gz, in µg/m³?",
        lambda t: mean(v for _, v in _valid(t, "AQ-02", "pm25")),
    ),
    Task(
        "aq-no2-peak-hour",
        "medium",
        "At what hour of the day (local time, Europe/Amsterdam) is NO2 at sensor AQ-01 highest on average? "
        "Give the hour as a number from 0 to 23.",
        lambda t: _no2_peak_hour(t, "AQ-01"),
    ),
    Task(
        "aq-max-no2-sensor",
        "medium",
        "Which air-quality sensor recorded the single highest hourly NO2 reading?",
        _highest_no2,
        "text",
        _sensor_aliases(_SEED_T, _highest_no2(_SEED_T)),
    ),
    # --- hard: cleaning plus grouping, joining, resampling or reshaping ---
    Task(
        "lib-genre-longest-kept",
        "hard",
        "Looking at library loans that have been returned, which genre do borrowers keep the longest, going by the "
        "median loan length?",
        _longest_kept_genre,
        "text",
        {"Cookery": ["cookbooks", "cooking"], "History": ["history books"]}.get(_GENRE, []),
    ),
    Task(
        "lib-never-borrowed",
        "hard",
        "How many items in the library catalogue were never borrowed in 2024?",
        _never_borrowed,
    ),
    Task(
        "lib-adult-fines",
        "hard",
        "How much did the library charge its adult members in fines in 2024, in euros?",
        lambda t: _fines_of(t, "adult"),
    ),
    Task(
        "sr-per-1000-district",
        "hard",
        "Which district had the most 311 service requests per 1,000 residents in 2024?",
        lambda t: _per_1000(t, 2024),
        "text",
        _district_aliases(_per_1000(_SEED_T, 2024)),
    ),
    Task(
        "sr-noise-peak-month",
        "hard",
        "In which month (and year) were 311 noise complaints at their highest?",
        lambda t: f"{MONTH_NAMES[_noise_peak(t)[1] - 1]} {_noise_peak(t)[0]}",
        "text",
        _month_aliases(*_PEAK),
    ),
    Task(
        "sr-westmoor-daily",
        "hard",
        "On average, how many 311 service requests per day came from Westmoor in 2024?",
        lambda t: _daily_mean(t, "Westmoor", 2024),
    ),
    Task(
        "ferry-r2-july-delay",
        "hard",
        "What was the average departure delay, in minutes, of the Marlowe–Fennick ferries in July 2024?",
        lambda t: _mean_delay(t, "R2", 2024, 7),
    ),
    Task(
        "ferry-late-route-aug",
        "hard",
        "Which ferry route had the most departures that left 15 minutes or more late in August 2024?",
        lambda t: _most_late(t, 2024, 8, 15),
        "text",
        _route_aliases(_SEED_T, _most_late(_SEED_T, 2024, 8, 15)),
    ),
    Task(
        "ferry-car-revenue-2024",
        "hard",
        "Using the 2024 car fares, how much car-fare revenue did the ferry sailings bring in across all routes "
        "(cars carried times the route's car fare), in euros?",
        lambda t: _car_revenue(t, 2024),
    ),
    Task(
        "aq-feb-median-pm",
        "hard",
        "Which air-quality sensor had the highest median PM2.5 level in February 2024?",
        lambda t: _median_pm_top(t, 2024, 2),
        "text",
        _sensor_aliases(_SEED_T, _median_pm_top(_SEED_T, 2024, 2)),
    ),
    Task(
        "aq-exceed-days",
        "hard",
        "On how many days in January–June 2024 did the daily mean PM2.5 at sensor AQ-04 exceed 15 µg/m³? "
        "Use calendar days in local time (Europe/Amsterdam).",
        lambda t: _exceed_days(t, "AQ-04", dt.date(2024, 1, 1), dt.date(2024, 6, 30), EXCEED_PM25),
    ),
    Task(
        "aq-district-no2",
        "hard",
        "Which district of the city had the highest average NO2 concentration over the air-quality monitoring period?",
        _district_no2,
        "text",
        _district_aliases(_district_no2(_SEED_T)),
    ),
]

# Quick mode: a few easy tasks.
QUICK = ["lib-catalogue-items", "sr-requests-count", "ferry-vessel-count"]


def references(seed: int | None = None) -> dict[str, Any]:
    t = truth() if seed is None else truth(seed)
    return {task.id: task.ref(t) for task in TASKS}


if __name__ == "__main__":
    for task, (tid, ref) in zip(TASKS, references().items()):
        print(f"{task.difficulty:<7} {tid:<26} {ref!r:<26} {task.question}")
