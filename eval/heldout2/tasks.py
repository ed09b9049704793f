"""The second held-out set's questions, each with its difficulty and the reference code that computes its answer.

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

from data import LOCAL, Truth, truth

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
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


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


def _vehicles(t: Truth) -> dict[str, dict]:
    return {v["id"]: v for v in t.vehicles}


def _parts(t: Truth) -> dict[str, dict]:
    return {p["code"]: p for p in t.parts}


def _cost(w: dict) -> float:
    return w["qty"] * w["unit_price"]


def _closed(t: Truth) -> list[dict]:
    return [r for r in t.tickets if r["closed"] is not None]


def _hours(r: dict) -> float:
    return (r["closed"] - r["opened"]).total_seconds() / 3600


def _local(r: dict) -> dt.datetime:
    return r["opened"].astimezone(LOCAL)


def _agents(t: Truth) -> dict[str, dict]:
    return {a["login"]: a for a in t.agents}


def _energy(t: Truth, building: str, meter: str) -> dict[dt.date, float]:
    return {r["date"]: r["value"] for r in t.energy if r["building"] == building and r["meter"] == meter}


def _monthly_mean(t: Truth, building: str, meter: str, key: Callable[[dt.date], Any]) -> dict[Any, float]:
    groups: dict[Any, list[float]] = {}
    for d, v in _energy(t, building, meter).items():
        groups.setdefault(key(d), []).append(v)
    return {k: statistics.fmean(v) for k, v in groups.items()}


def _days_heat_over_elec(t: Truth, building: str) -> int:
    elec, heat = _energy(t, building, "electricity_kwh"), _energy(t, building, "heat_kwh")
    return sum(heat[d] > elec[d] for d in heat if d in elec)


def _best_single_month(t: Truth) -> tuple[int, int]:
    return argmax(_monthly_mean(t, "Main Hall", "electricity_kwh", lambda d: (d.year, d.month)))


def _best_month_of_year(t: Truth) -> int:
    best = argmax(_monthly_mean(t, "Lab Wing", "heat_kwh", lambda d: d.month))
    # the question is meant to tell "month of the year" from "a month of one year": make sure they differ
    single = argmax(_monthly_mean(t, "Lab Wing", "heat_kwh", lambda d: (d.year, d.month)))
    if single[1] == best:
        raise ValueError("the month-of-year answer equals the single month's: the question tests nothing")
    return best


def _month_aliases(year: int, month: int) -> list[str]:
    name = MONTH_NAMES[month - 1]
    return [f"{name[:3]} {year}", f"{year}-{month:02d}", f"{month:02d}/{year}", f"{name}, {year}"]


def _busiest_weekday(t: Truth) -> int:
    return argmax(Counter(_local(r).weekday() for r in t.tickets))


_SEED_T = truth()  # the default seed's records, for the text answers' aliases


def _name_of(login: str) -> list[str]:
    return [_agents(_SEED_T)[login]["name"]] if login in _agents(_SEED_T) else []


def _top_urgent_agent(t: Truth) -> str:
    return argmax(Counter(r["agent"] for r in t.tickets if r["priority"] == "urgent" and r["agent"]))


TASKS: list[Task] = [
    # --- easy: one obvious operation on one file
    Task("vehicles-count", "easy", "How many vehicles are listed in vehicles.json?", lambda t: len(t.vehicles)),
    Task(
        "vehicles-eastgate",
        "easy",
        "How many vehicles in vehicles.json are based at the Eastgate depot?",
        lambda t: sum(v["depot"] == "Eastgate" for v in t.vehicles),
    ),
    Task(
        "parts-brakes",
        "easy",
        "How many parts in the parts catalogue parts.txt belong to the Brakes category?",
        lambda t: sum(p["category"] == "Brakes" for p in t.parts),
    ),
    Task(
        "parts-priciest",
        "easy",
        "Which part in parts.txt has the highest unit price? Give its code.",
        lambda t: argmax({p["code"]: p["price"] for p in t.parts}),
        "text",
    ),
    Task(
        "wo-distinct-ids",
        "easy",
        "How many distinct work orders (distinct wo_id values) are in work_orders.csv?",
        lambda t: len(t.work_orders),
    ),
    Task(
        "tickets-urgent",
        "easy",
        "How many tickets in tickets.parquet have the priority urgent?",
        lambda t: sum(r["priority"] == "urgent" for r in t.tickets),
    ),
    Task(
        "tickets-open",
        "easy",
        "How many tickets in tickets.parquet are still open, i.e. have no closed_at time?",
        lambda t: sum(r["closed"] is None for r in t.tickets),
    ),
    Task(
        "agents-network",
        "easy",
        "How many agents on the staff list in agents.xlsx are in the Network team?",
        lambda t: sum(a["team"] == "Network" for a in t.agents),
    ),
    Task("expenses-count", "easy", "How many expense claims are in expenses.csv?", lambda t: len(t.expenses)),
    Task(
        "expenses-mileage-count",
        "easy",
        "How many of the claims in expenses.csv are in the Mileage category?",
        lambda t: sum(e["category"] == "Mileage" for e in t.expenses),
    ),
    Task(
        "energy-max-electricity",
        "easy",
        "What is the highest single daily electricity reading (meter electricity_kwh) in energy.csv, over all "
        "buildings, in kWh?",
        lambda t: max(r["value"] for r in t.energy if r["meter"] == "electricity_kwh"),
    ),
    Task(
        "energy-sports-heat-rows",
        "easy",
        "How many heat readings (meter heat_kwh) does energy.csv hold for the Sports Centre?",
        lambda t: sum(r["building"] == "Sports Centre" and r["meter"] == "heat_kwh" for r in t.energy),
    ),
    # --- medium: one cleaning step, a group-by, or an odd format
    Task(
        "vehicles-electric-seats",
        "medium",
        "What is the average number of seats of the electric buses in vehicles.json (fuel is electric)?",
        lambda t: statistics.fmean(v["seats"] for v in t.vehicles if v["fuel"] == "electric"),
    ),
    Task(
        "vehicles-old-median-km",
        "medium",
        "What is the median odometer reading (odometer_km) of the vehicles in vehicles.json that were commissioned "
        "before 1 January 2015?",
        lambda t: statistics.median(v["odometer_km"] for v in t.vehicles if v["commissioned"] < dt.date(2015, 1, 1)),
    ),
    Task(
        "parts-stock-value",
        "medium",
        "What is the total value of the stock in parts.txt, i.e. unit price times quantity in stock summed over "
        "all parts, in EUR?",
        lambda t: round(sum(p["price"] * p["stock"] for p in t.parts), 2),
    ),
    Task(
        "wo-distinct-vehicles",
        "medium",
        "How many distinct vehicles had at least one work order in work_orders.csv?",
        lambda t: len({w["vehicle"] for w in t.work_orders}),
    ),
    Task(
        "wo-median-labour",
        "medium",
        "What is the median labour time, in minutes, of the work orders in work_orders.csv? Count each work order "
        "once.",
        lambda t: statistics.median(w["labour_min"] for w in t.work_orders),
    ),
    Task(
        "tickets-satisfied-pct",
        "medium",
        "In tickets.parquet, of the tickets whose requester answered the satisfaction question (satisfied is not "
        "empty), what percentage were satisfied?",
        lambda t: (
            100 * sum(r["satisfied"] is True for r in t.tickets) / sum(r["satisfied"] is not None for r in t.tickets)
        ),
    ),
    Task(
        "tickets-within-day-fraction",
        "medium",
        "In tickets.parquet, what fraction of the closed tickets were closed within 24 hours of being opened? "
        "Give it as a fraction between 0 and 1, not as a percentage.",
        lambda t: sum(_hours(r) <= 24 for r in _closed(t)) / len(_closed(t)),
    ),
    Task(
        "tickets-urgent-median-hours",
        "medium",
        "What is the median resolution time in hours (closed_at minus opened_at) of the closed urgent tickets in "
        "tickets.parquet?",
        lambda t: statistics.median(_hours(r) for r in _closed(t) if r["priority"] == "urgent"),
    ),
    Task(
        "tickets-top-urgent-agent",
        "medium",
        "Which agent handled the most urgent tickets in tickets.parquet? Give only the top agent's login.",
        _top_urgent_agent,
        "text",
        _name_of(_top_urgent_agent(_SEED_T)),
    ),
    Task(
        "agents-mean-hours",
        "medium",
        "In agents.xlsx, what is the average number of weekly hours (Hours/week) of the agents who started before "
        "1 January 2018?",
        lambda t: statistics.fmean(a["hours"] for a in t.agents if a["started"] < dt.date(2018, 1, 1)),
    ),
    Task(
        "expenses-total",
        "medium",
        "What is the total amount in EUR of all the expense claims in expenses.csv?",
        lambda t: round(sum(e["amount"] for e in t.expenses), 2),
    ),
    Task(
        "expenses-mileage-km",
        "medium",
        "What is the mean distance in km of the Mileage claims in expenses.csv?",
        lambda t: statistics.fmean(e["km"] for e in t.expenses if e["km"] is not None),
    ),
    Task(
        "expenses-hotel-median",
        "medium",
        "What is the median amount in EUR of the Hotel claims in expenses.csv?",
        lambda t: statistics.median(e["amount"] for e in t.expenses if e["category"] == "Hotel"),
    ),
    Task(
        "energy-top-heat-building",
        "medium",
        "Which building has the highest total heat consumption (meter heat_kwh) in energy.csv over the whole period?",
        lambda t: argmax(
            total_by([r for r in t.energy if r["meter"] == "heat_kwh"], lambda r: r["building"], lambda r: r["value"])
        ),
        "text",
    ),
    # --- hard: cleaning plus grouping, joining, resampling or reshaping
    Task(
        "wo-parts-cost",
        "hard",
        "What is the total parts cost in EUR of the work orders in work_orders.csv (quantity times unit price, both "
        "taken from the line text)? Count each work order once.",
        lambda t: round(sum(_cost(w) for w in t.work_orders), 2),
    ),
    Task(
        "wo-top-vehicle",
        "hard",
        "Which vehicle had the highest total parts cost (quantity times unit price from the line text) over its "
        "work orders in work_orders.csv, counting each work order once? Give only that vehicle's id.",
        lambda t: argmax(total_by(t.work_orders, lambda w: w["vehicle"], _cost)),
        "text",
    ),
    Task(
        "wo-depot-labour",
        "hard",
        "Which depot's vehicles needed the most labour time in total? Match work_orders.csv to vehicles.json by "
        "vehicle id and count each work order once.",
        lambda t: argmax(
            total_by(t.work_orders, lambda w: _vehicles(t)[w["vehicle"]]["depot"], lambda w: w["labour_min"])
        ),
        "text",
    ),
    Task(
        "wo-top-category",
        "hard",
        "Which part category (as listed in parts.txt) accounts for the highest parts cost in work_orders.csv? "
        "Parts cost is quantity times unit price from the line text; count each work order once.",
        lambda t: argmax(total_by(t.work_orders, lambda w: _parts(t)[w["part"]]["category"], _cost)),
        "text",
    ),
    Task(
        "wo-electric-labour-hours",
        "hard",
        "How many hours of labour in total went into the electric buses (fuel electric in vehicles.json), "
        "according to work_orders.csv? Count each work order once.",
        lambda t: sum(w["labour_min"] for w in t.work_orders if _vehicles(t)[w["vehicle"]]["fuel"] == "electric") / 60,
    ),
    Task(
        "tickets-after-hours",
        "hard",
        "How many tickets in tickets.parquet were opened outside office hours, i.e. before 08:00 or at 18:00 or "
        "later, in local Amsterdam time (Europe/Amsterdam)?",
        lambda t: sum(not 8 <= _local(r).hour < 18 for r in t.tickets),
    ),
    Task(
        "tickets-busiest-weekday",
        "hard",
        "On which day of the week, in local Amsterdam time, were the most tickets in tickets.parquet opened?",
        lambda t: WEEKDAYS[_busiest_weekday(t)],
        "text",
    ),
    Task(
        "tickets-fastest-team",
        "hard",
        "Which team (see agents.xlsx) has the lowest median resolution time in hours over the closed tickets its "
        "agents handled in tickets.parquet?",
        lambda t: argmin(
            {
                team: statistics.median(_hours(r) for r in _closed(t) if _agents(t)[r["agent"]]["team"] == team)
                for team in {a["team"] for a in t.agents}
            }
        ),
        "text",
    ),
    Task(
        "expenses-top-employee-q2",
        "hard",
        "In expenses.csv, which employee's claims dated April to June 2024 add up to the highest total amount? "
        "Give only that one name.",
        lambda t: argmax(
            total_by([e for e in t.expenses if e["date"].month >= 4], lambda e: e["employee"], lambda e: e["amount"])
        ),
        "text",
    ),
    Task(
        "energy-best-single-month",
        "hard",
        "In energy.csv, which month of which year had the highest average daily electricity consumption "
        "(electricity_kwh) at the Main Hall? Average over the days that have a reading, and answer like "
        "'March 2023'.",
        lambda t: f"{MONTH_NAMES[_best_single_month(t)[1] - 1]} {_best_single_month(t)[0]}",
        "text",
        _month_aliases(*_best_single_month(_SEED_T)),
    ),
    Task(
        "energy-best-month-of-year",
        "hard",
        "In energy.csv, taking 2023 and 2024 together, which month of the year (January to December) had the "
        "highest average daily heat consumption (heat_kwh) at the Lab Wing? Average over all days with a reading.",
        lambda t: MONTH_NAMES[_best_month_of_year(t) - 1],
        "text",
    ),
    Task(
        "energy-lab-missing-days",
        "hard",
        "On how many days of 2024 is there no electricity reading (electricity_kwh) for the Lab Wing in energy.csv?",
        lambda t: 366 - sum(d.year == 2024 for d in _energy(t, "Lab Wing", "electricity_kwh")),
    ),
    Task(
        "energy-sports-heat-over-elec",
        "hard",
        "In energy.csv, on how many days did the Sports Centre use more heat (heat_kwh) than electricity "
        "(electricity_kwh)? Count only days that have both readings.",
        lambda t: _days_heat_over_elec(t, "Sports Centre"),
    ),
]

# Quick mode: a few easy tasks.
QUICK = ["vehicles-count", "tickets-urgent", "expenses-count"]


def references(seed: int | None = None) -> dict[str, Any]:
    t = truth() if seed is None else truth(seed)
    return {task.id: task.ref(t) for task in TASKS}


if __name__ == "__main__":
    for task, (tid, ref) in zip(TASKS, references().items()):
        print(f"{task.difficulty:<7} {tid:<30} {ref!r:<26} {task.question}")
