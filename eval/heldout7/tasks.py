"""The seventh held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, resampling or reshaping). A reference whose answer would be a tie raises, so a seed that
makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from data import AIRPORTS, Truth, truth

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
VARIETY_ALIASES = {
    "Sauvignon Blanc": ["Sauvignon", "Sauv Blanc"],
    "Pinot Noir": [],
    "Chardonnay": [],
    "Pinot Gris": ["Pinot Grigio"],
    "Riesling": [],
    "Syrah": ["Shiraz"],
}


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


def mean(values) -> float:
    values = list(values)
    return sum(values) / len(values)


def share(part: int, whole: int) -> float:
    return 100 * part / whole


def date_aliases(d: dt.date) -> list[str]:
    month = MONTH_NAMES[d.month - 1]
    return [
        f"{d.day} {month} {d.year}",
        f"{month} {d.day}, {d.year}",
        f"{d.day} {month[:3]} {d.year}",
        f"{month[:3]} {d.day}, {d.year}",
        f"{d:%d/%m/%Y}",
        f"{d:%d.%m.%Y}",
        f"{d:%Y/%m/%d}",
    ]


def month_aliases(year: int, month: int) -> list[str]:
    name = MONTH_NAMES[month - 1]
    return [name[:3], f"{name} {year}", f"{name[:3]} {year}", f"{year}-{month:02d}", f"{month:02d}/{year}"]


# solar farm


def _kwh(readings) -> float:
    return sum(r["watts"] for r in readings) * 0.25 / 1000


def _best_day(t: Truth) -> dt.date:
    by_day: Counter = Counter()
    for r in t.readings:
        by_day[r["ts"].date()] += r["watts"]
    return argmax(by_day)


def _lowest_yield_may(t: Truth) -> str:
    kwp = {i["unit"]: i["kwp"] for i in t.inverters}
    may = [r for r in t.readings if r["ts"].month == 5]
    return argmin({u: _kwh(r for r in may if r["unit"] == u) / kwp[u] for u in kwp})


def _unit_aliases(unit: str) -> list[str]:
    n = int(unit[4:])
    return [unit.replace("-", ""), f"INV {n}", f"INV-{n}", f"inverter {n}", f"inverter {n:02d}"]


# hotels


def _stayed(t: Truth, hotel: str | None = None) -> list[dict]:
    return [b for b in t.bookings if b["status"] == "Checked out" and hotel in (None, b["hotel"])]


def _nights(b: dict) -> int:
    return (b["departure"] - b["arrival"]).days


def _nights_in(bookings, year: int, month: int) -> int:
    n = 0
    for b in bookings:
        d = b["arrival"]
        while d < b["departure"]:
            n += (d.year, d.month) == (year, month)
            d += dt.timedelta(days=1)
    return n


def _adr(t: Truth, hotel: str) -> float:
    stays = _stayed(t, hotel)
    return sum(b["rate"] * _nights(b) for b in stays) / sum(_nights(b) for b in stays)


def _occupancy(t: Truth, hotel: str, year: int, month: int, days: int) -> float:
    rooms = next(h["rooms"] for h in t.hotels if h["hotel"] == hotel)
    return share(_nights_in(_stayed(t, hotel), year, month), rooms * days)


# airline


def _minutes(a: dt.datetime, b: dt.datetime) -> float:
    return (b - a).total_seconds() / 60


def _arrived(t: Truth) -> list[dict]:
    return [f for f in t.flights if f["status"] == "ARR"]


def _on_time(f: dict) -> bool:
    return _minutes(f["sta"], f["ata"]) < 15


def _worst_month(t: Truth) -> int:
    flights: Counter = Counter()
    on_time: Counter = Counter()
    for f in _arrived(t):
        flights[f["date"].month] += 1
        on_time[f["date"].month] += _on_time(f)
    return argmin({m: on_time[m] / flights[m] for m in flights})


def _foreign_country(t: Truth) -> str:
    country = {a["code"]: a["country"] for a in t.airports}
    return argmax(Counter(country[f["dest"]] for f in _arrived(t) if country[f["dest"]] != "Norway"))


def _worst_airport(t: Truth) -> str:
    delays: dict[str, list[float]] = {}
    for f in t.flights:
        if f["atd"] is not None:
            delays.setdefault(f["origin"], []).append(_minutes(f["std"], f["atd"]))
    return argmax({code: mean(d) for code, d in delays.items() if len(d) >= 100})


def _airport_aliases(code: str) -> list[str]:
    a = next(a for a in AIRPORTS if a[0] == code)
    return [code, a[1]] + (["Schiphol"] if code == "AMS" else [])


def _city(t: Truth, code: str) -> str:
    return next(a["city"] for a in t.airports if a["code"] == code)


# vineyard


def _harvest(t: Truth, year: int) -> dict[str, int]:
    return {h["block"]: h["kg"] for h in t.harvest if h["vintage"] == year and h["kg"] is not None}


def _variety_area(t: Truth) -> str:
    area: Counter = Counter()
    for b in t.blocks:
        area[b["variety"]] += b["hectares"]
    return argmax(area)


def _variety_yield(t: Truth, year: int) -> str:
    kg = _harvest(t, year)
    tonnes: Counter = Counter()
    hectares: Counter = Counter()
    for b in t.blocks:
        if b["block"] in kg:
            tonnes[b["variety"]] += kg[b["block"]] / 1000
            hectares[b["variety"]] += b["hectares"]
    return argmax({v: tonnes[v] / hectares[v] for v in tonnes})


def _record_2024(t: Truth) -> int:
    best: dict[str, int] = {}
    for h in t.harvest:
        if h["vintage"] < 2024:
            best[h["block"]] = max(best.get(h["block"], 0), h["kg"] or 0)
    latest = _harvest(t, 2024)
    return sum(latest.get(b, 0) > kg for b, kg in best.items())


_SEED_T = truth()

TASKS: list[Task] = [
    # --- easy -------------------------------------------------------------------------------------
    Task(
        "solar-reading-count",
        "easy",
        "How many readings does solar_inverters_2024.jsonl contain?",
        lambda t: len(t.readings),
    ),
    Task(
        "solar-max-temp",
        "easy",
        "What was the highest inverter temperature, in °C, in the solar farm's readings?",
        lambda t: max(r["temp"] for r in t.readings if r["temp"] is not None),
    ),
    Task(
        "hotel-airport-bookings",
        "easy",
        "How many bookings are on the Airport hotel's sheet of hotel_bookings_2024.xlsx?",
        lambda t: sum(b["hotel"] == "Airport" for b in t.bookings),
    ),
    Task(
        "hotel-all-bookings",
        "easy",
        "How many bookings does hotel_bookings_2024.xlsx hold across all of the group's hotels?",
        lambda t: len(t.bookings),
    ),
    Task(
        "hotel-harbour-suites",
        "easy",
        "How many of the Harbour hotel's bookings were for a Suite?",
        lambda t: sum(b["hotel"] == "Harbour" and b["room"] == "Suite" for b in t.bookings),
    ),
    Task(
        "air-flight-count",
        "easy",
        "How many flights are listed in flights_2024q3.xml?",
        lambda t: len(t.flights),
    ),
    Task(
        "air-cancelled",
        "easy",
        "How many of Nordvik Air's flights in July to September 2024 were cancelled?",
        lambda t: sum(f["status"] == "CNL" for f in t.flights),
    ),
    Task(
        "air-osl-departures",
        "easy",
        "How many Nordvik Air flights were scheduled to depart from Oslo (OSL) in July to September 2024?",
        lambda t: sum(f["origin"] == "OSL" for f in t.flights),
    ),
    Task(
        "vine-total-area",
        "easy",
        "What is the total area, in hectares, of the blocks in vineyard_blocks.dta?",
        lambda t: round(sum(b["hectares"] for b in t.blocks), 2),
    ),
    Task(
        "vine-old-blocks",
        "easy",
        "How many of the vineyard's blocks were planted before 2000?",
        lambda t: sum(b["planted"] < 2000 for b in t.blocks),
    ),
    # --- medium -----------------------------------------------------------------------------------
    Task(
        "solar-dc-capacity",
        "medium",
        "What is the solar farm's total DC capacity in kWp, according to inverter_register.txt?",
        lambda t: round(sum(i["kwp"] for i in t.inverters), 2),
    ),
    Task(
        "solar-total-energy",
        "medium",
        "Each reading in solar_inverters_2024.jsonl gives an inverter's average AC power over the 15 minutes "
        "ending at its timestamp. Adding up all the readings, how many kWh did the solar farm produce from April "
        "to June 2024?",
        lambda t: _kwh(t.readings),
    ),
    Task(
        "solar-fault-readings",
        "medium",
        "How many of the solar farm's readings report the inverter in a fault state?",
        lambda t: sum(r["state"] == "fault" for r in t.readings),
    ),
    Task(
        "hotel-cancel-share",
        "medium",
        "What percentage of the hotel group's bookings, over all three hotels, were cancelled?",
        lambda t: share(sum(b["status"] == "Cancelled" for b in t.bookings), len(t.bookings)),
    ),
    Task(
        "hotel-oldtown-nights",
        "medium",
        "What was the average length of stay, in nights, of the Old Town hotel's bookings whose guests stayed "
        "(status checked out)?",
        lambda t: mean(_nights(b) for b in _stayed(t, "Old Town")),
    ),
    Task(
        "hotel-top-channel",
        "medium",
        "Which booking channel brought the hotel group the most bookings?",
        lambda t: argmax(Counter(b["channel"] for b in t.bookings)),
        "text",
        ["Booking"],
    ),
    Task(
        "air-ontime-pct",
        "medium",
        "Of Nordvik Air's flights that arrived at their destination (not cancelled or diverted), what percentage "
        "arrived less than 15 minutes after their scheduled arrival time?",
        lambda t: share(sum(_on_time(f) for f in _arrived(t)), len(_arrived(t))),
    ),
    Task(
        "air-cancel-weekday",
        "medium",
        "On which day of the week were the most Nordvik Air flights cancelled, by the flight's scheduled date?",
        lambda t: WEEKDAYS[argmax(Counter(f["date"].weekday() for f in t.flights if f["status"] == "CNL"))],
        "text",
    ),
    Task(
        "vine-2023-total",
        "medium",
        "How many tonnes of grapes did the vineyard harvest in the 2023 vintage, according to harvest_by_block.csv?",
        lambda t: sum(_harvest(t, 2023).values()) / 1000,
    ),
    Task(
        "vine-variety-area",
        "medium",
        "Which grape variety covers the largest area of the vineyard?",
        _variety_area,
        "text",
        VARIETY_ALIASES[_variety_area(_SEED_T)],
    ),
    # --- hard -------------------------------------------------------------------------------------
    Task(
        "solar-best-day",
        "hard",
        "On which date did the solar farm produce the most energy, adding up all inverters' readings (each the "
        "average power over the 15 minutes ending at its timestamp)?",
        lambda t: _best_day(t).isoformat(),
        "text",
        date_aliases(_best_day(_SEED_T)),
    ),
    Task(
        "solar-lowest-yield-may",
        "hard",
        "Which inverter had the lowest specific yield in May 2024, that is the energy it produced according to its "
        "readings (kWh) divided by its DC capacity in the inverter register (kWp)?",
        _lowest_yield_may,
        "text",
        _unit_aliases(_lowest_yield_may(_SEED_T)),
    ),
    Task(
        "hotel-harbour-adr",
        "hard",
        "What was the Harbour hotel's average daily rate (ADR), in euros, over the bookings whose guests stayed "
        "(status checked out): room revenue (the nightly rate times the number of nights) divided by the number "
        "of room-nights?",
        lambda t: _adr(t, "Harbour"),
    ),
    Task(
        "hotel-august-nights",
        "hard",
        "How many room-nights did the group's three hotels sell in August 2024, counting only bookings whose "
        "guests stayed (status checked out) and counting each night in the month it falls in?",
        lambda t: _nights_in(_stayed(t), 2024, 8),
    ),
    Task(
        "hotel-oldtown-occupancy",
        "hard",
        "What was the Old Town hotel's occupancy in July 2024, in percent: the room-nights of July occupied by "
        "guests who stayed (status checked out), divided by the hotel's number of rooms times 31?",
        lambda t: _occupancy(t, "Old Town", 2024, 7, 31),
    ),
    Task(
        "air-worst-month",
        "hard",
        "In which month of July to September 2024 was Nordvik Air's on-time rate lowest, counting a flight that "
        "arrived as on time when it arrived less than 15 minutes after its scheduled arrival?",
        lambda t: MONTH_NAMES[_worst_month(t) - 1],
        "text",
        month_aliases(2024, _worst_month(_SEED_T)),
    ),
    Task(
        "air-foreign-country",
        "hard",
        "Apart from Norway, which country received the most Nordvik Air arrivals (flights that arrived there) "
        "in July to September 2024?",
        _foreign_country,
        "text",
    ),
    Task(
        "air-worst-airport",
        "hard",
        "Among airports with at least 100 Nordvik Air departures that actually left (not cancelled), which "
        "airport had the highest average departure delay, counting early departures as negative delays? Give "
        "its city.",
        lambda t: _city(t, _worst_airport(t)),
        "text",
        _airport_aliases(_worst_airport(_SEED_T)),
    ),
    Task(
        "vine-variety-yield-2024",
        "hard",
        "In the 2024 vintage, which grape variety had the highest yield per hectare: the variety's total 2024 "
        "harvest in tonnes divided by the total area of its blocks that were harvested in 2024?",
        lambda t: _variety_yield(t, 2024),
        "text",
        VARIETY_ALIASES[_variety_yield(_SEED_T, 2024)],
    ),
    Task(
        "vine-record-2024",
        "hard",
        "How many of the vineyard's blocks harvested more grapes (by weight) in 2024 than in any earlier vintage "
        "from 2017 to 2023?",
        _record_2024,
    ),
]

# Quick mode: a few easy tasks.
QUICK = ["solar-reading-count", "hotel-all-bookings", "air-flight-count"]


def references(seed: int | None = None) -> dict[str, Any]:
    t = truth() if seed is None else truth(seed)
    return {task.id: task.ref(t) for task in TASKS}


if __name__ == "__main__":
    for task, (tid, ref) in zip(TASKS, references().items()):
        print(f"{task.difficulty:<7} {tid:<30} {ref!r:<30} {task.question}")
