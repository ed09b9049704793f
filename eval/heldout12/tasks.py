"""The twelfth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, resampling or reshaping). A reference whose answer would be a tie raises, so a seed that
makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import calendar
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from data import AQ_FILE, BIKE_FILE, DENVER, LIB_FILE, SHOP_FILE, STATION_FILE, Truth, truth


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


# bike


def _station(t: Truth) -> dict[str, dict]:
    return {s["short_name"]: s for s in t.stations}


def _member_minutes(t: Truth) -> float:
    return mean(
        (r["ended_at"] - r["started_at"]).total_seconds() / 60 for r in t.rides if r["member_casual"] == "member"
    )


def _top_start_station(t: Truth) -> str:
    st = _station(t)
    return st[argmax(Counter(r["start"] for r in t.rides if r["start"]))]["name"]


def _same_station_share(t: Truth) -> float:
    docked = [r for r in t.rides if r["start"] and r["end"]]
    return 100 * sum(r["start"] == r["end"] for r in docked) / len(docked)


def _per_dock_top(t: Truth) -> str:
    st = _station(t)
    counts = Counter(r["start"] for r in t.rides if r["start"])
    return st[argmax({k: n / st[k]["capacity"] for k, n in counts.items()})]["name"]


def _largest_station_departures(t: Truth) -> int:
    big = argmax({s["short_name"]: s["capacity"] for s in t.stations})
    return sum(r["start"] == big for r in t.rides)


# air: local time is America/Denver; missing values are None in the clean records


def _local(r: dict) -> datetime:
    return r["utc"].astimezone(DENVER)


def _pm25_mean(t: Truth) -> float:
    return mean(r["pm25"] for r in t.air if r["pm25"] is not None)


def _daily(t: Truth, key: str, local: bool) -> dict[date, list[float]]:
    by_day = defaultdict(list)
    for r in t.air:
        if r[key] is not None:
            by_day[(_local(r) if local else r["utc"]).date()].append(r[key])
    return by_day


def _worst_local_day(t: Truth) -> str:
    return argmax({d: mean(v) for d, v in _daily(t, "pm25", local=True).items()}).isoformat()


def _august_afternoon_o3(t: Truth) -> float:
    return mean(r["o3"] for r in t.air if r["o3"] is not None and _local(r).month == 8 and 12 <= _local(r).hour <= 17)


def _july_daily_max_o3(t: Truth) -> float:
    days = {d: max(v) for d, v in _daily(t, "o3", local=True).items() if (d.year, d.month) == (2024, 7)}
    assert len(days) == 31
    return mean(days.values())


# library: branches by their Branches-sheet name


def _branch(t: Truth, name: str) -> dict:
    return next(b for b in t.branches if b["name"] == name)


def _total_issues(t: Truth) -> int:
    return sum(sum(per.values()) for per in t.issues.values())


def _per_hour_top(t: Truth) -> str:
    return argmax({n: sum(per.values()) / _branch(t, n)["hours"] for n, per in t.issues.items()})


def _q1_q4_growth(t: Truth) -> str:
    q1 = [date(2023, m, 1) for m in (4, 5, 6)]
    q4 = [date(2024, m, 1) for m in (1, 2, 3)]
    return argmax({n: sum(per[m] for m in q4) / sum(per[m] for m in q1) - 1 for n, per in t.issues.items()})


# shop: a customer is a person (an email, case ignored); order value in pounds


def _person(t: Truth) -> dict[int, str]:
    return {c["customer_id"]: c["email"].lower() for c in t.customers}


def _completed_revenue(t: Truth) -> float:
    done = {o["order_id"] for o in t.orders if o["status"] == "completed"}
    return sum(i["quantity"] * i["unit_price_pence"] for i in t.items if i["order_id"] in done) / 100


def _top_category_2024(t: Truth) -> str:
    done = {o["order_id"] for o in t.orders if o["status"] == "completed" and o["at"].year == 2024}
    cat = {p["product_id"]: p["category"] for p in t.products}
    rev = Counter()
    for i in t.items:
        if i["order_id"] in done:
            rev[cat[i["product_id"]]] += i["quantity"] * i["unit_price_pence"]
    return argmax(rev)


def _busiest_month(t: Truth) -> str:
    m = argmax(Counter((o["at"].year, o["at"].month) for o in t.orders))
    return f"{calendar.month_name[m[1]]} {m[0]}"


# --- the questions --------------------------------------------------------------------------------

TASKS = [
    # bike --------------------------------------------------------------------------------------
    Task("bike_ride_count", "easy", f"How many rides are there in {BIKE_FILE}?", lambda t: len(t.rides)),
    Task(
        "bike_casual_rides",
        "easy",
        f"In {BIKE_FILE}, how many rides were taken by casual riders (member_casual is casual)?",
        lambda t: sum(r["member_casual"] == "casual" for r in t.rides),
    ),
    Task(
        "bike_member_minutes",
        "medium",
        f"What is the average ride duration in minutes for members in {BIKE_FILE}?",
        _member_minutes,
    ),
    Task(
        "bike_top_start_station",
        "medium",
        f"Which start station had the most rides in {BIKE_FILE}? Give the station name.",
        _top_start_station,
        kind="text",
    ),
    Task(
        "bike_total_docks",
        "medium",
        f"What is the total dock capacity of all the stations listed in {STATION_FILE}?",
        lambda t: sum(s["capacity"] for s in t.stations),
    ),
    Task(
        "bike_same_station_pct",
        "hard",
        f"In {BIKE_FILE}, of the rides that both started and ended at a docking station, what "
        "percentage ended at the same station they started from?",
        _same_station_share,
    ),
    Task(
        "bike_departures_per_dock",
        "hard",
        f"Using {BIKE_FILE} and {STATION_FILE}, which station had the most ride starts per dock "
        "(number of rides starting there divided by its capacity)? Give the station name.",
        _per_dock_top,
        kind="text",
    ),
    Task(
        "bike_biggest_station_rides",
        "hard",
        f"How many rides in {BIKE_FILE} started at the station with the largest capacity in {STATION_FILE}?",
        _largest_station_departures,
    ),
    # air ---------------------------------------------------------------------------------------
    Task(
        "aq_max_o3",
        "easy",
        f"What is the highest ozone (O3) reading in ppb in {AQ_FILE}?",
        lambda t: max(r["o3"] for r in t.air if r["o3"] is not None),
    ),
    Task(
        "aq_pm25_over_35",
        "easy",
        f"In {AQ_FILE}, for how many hours was PM2.5 above 35 ug/m3?",
        lambda t: sum(r["pm25"] is not None and r["pm25"] > 35 for r in t.air),
    ),
    Task(
        "aq_mean_pm25",
        "medium",
        f"What was the average PM2.5 concentration (ug/m3) over the whole period in {AQ_FILE}?",
        _pm25_mean,
    ),
    Task(
        "aq_pm10_missing",
        "medium",
        f"For how many hours is the PM10 reading missing in {AQ_FILE}?",
        lambda t: sum(r["pm10"] is None for r in t.air),
    ),
    Task(
        "aq_worst_local_day",
        "hard",
        f"The monitor in {AQ_FILE} is in Denver. Using Denver local dates, on which day was the daily "
        "average PM2.5 highest?",
        _worst_local_day,
        kind="text",
    ),
    Task(
        "aq_aug_afternoon_o3",
        "hard",
        f"From {AQ_FILE}, what was the average ozone level in ppb during August 2024 afternoons, "
        "i.e. readings from 12:00 to 17:59 Denver local time?",
        _august_afternoon_o3,
    ),
    Task(
        "aq_july_daily_max_o3",
        "hard",
        f"Using {AQ_FILE}, take each day of July 2024 in Denver local time, find that day's highest "
        "hourly ozone reading, and average those daily maxima. What do you get (ppb)?",
        _july_daily_max_o3,
    ),
    # library -----------------------------------------------------------------------------------
    Task(
        "lib_branch_count",
        "easy",
        f"How many branches are listed on the Branches sheet of {LIB_FILE}?",
        lambda t: len(t.branches),
    ),
    Task(
        "lib_longest_hours",
        "easy",
        f"Which branch in {LIB_FILE} (Branches sheet) has the most weekly opening hours?",
        lambda t: argmax({b["name"]: b["hours"] for b in t.branches}),
        kind="text",
    ),
    Task(
        "lib_community_hours",
        "easy",
        f"On the Branches sheet of {LIB_FILE}, what are the total weekly opening hours of the "
        "Community type libraries?",
        lambda t: sum(b["hours"] for b in t.branches if b["type"] == "Community"),
    ),
    Task(
        "lib_total_issues",
        "medium",
        f"How many issues were there in total across all branches over the whole year in {LIB_FILE}?",
        _total_issues,
    ),
    Task(
        "lib_jan_issues",
        "medium",
        f"In {LIB_FILE}, how many issues did all the branches have together in January 2024?",
        lambda t: sum(per[date(2024, 1, 1)] for per in t.issues.values()),
    ),
    Task(
        "lib_issues_per_hour",
        "hard",
        f"Using both sheets of {LIB_FILE}, which branch had the most issues over the year per weekly opening hour?",
        _per_hour_top,
        kind="text",
    ),
    Task(
        "lib_q1_q4_growth",
        "hard",
        f"In {LIB_FILE}, which branch had the largest percentage increase in issues from April-June 2023 "
        "to January-March 2024?",
        _q1_q4_growth,
        kind="text",
    ),
    # shop --------------------------------------------------------------------------------------
    Task(
        "shop_product_count",
        "easy",
        f"How many products are in the products table of {SHOP_FILE}?",
        lambda t: len(t.products),
    ),
    Task(
        "shop_cancelled_orders",
        "easy",
        f"How many orders in {SHOP_FILE} have the status cancelled?",
        lambda t: sum(o["status"] == "cancelled" for o in t.orders),
    ),
    Task(
        "shop_priciest_product",
        "easy",
        f"What is the name of the most expensive product in {SHOP_FILE}?",
        lambda t: argmax({p["name"]: p["price"] for p in t.products}),
        kind="text",
    ),
    Task(
        "shop_completed_revenue",
        "medium",
        f"What is the total revenue in pounds from completed orders in {SHOP_FILE}, counting the order "
        "items (quantity times unit price) and not shipping?",
        _completed_revenue,
    ),
    Task(
        "shop_orders_march_2023",
        "medium",
        f"How many orders were placed in March 2023 according to {SHOP_FILE}?",
        lambda t: sum((o["at"].year, o["at"].month) == (2023, 3) for o in t.orders),
    ),
    Task(
        "shop_unique_customers",
        "medium",
        f"How many different people have placed at least one order in {SHOP_FILE}? Some people "
        "checked out as guests more than once, so count people by email address.",
        lambda t: len({_person(t)[o["customer_id"]] for o in t.orders}),
    ),
    Task(
        "shop_top_category_2024",
        "hard",
        f"In {SHOP_FILE}, which product category brought in the most item revenue from completed "
        "orders placed in 2024?",
        _top_category_2024,
        kind="text",
    ),
    Task(
        "shop_busiest_month",
        "hard",
        f"Which calendar month had the most orders (any status) in {SHOP_FILE}?",
        _busiest_month,
        kind="text",
    ),
]

QUICK = ["bike_ride_count", "aq_max_o3", "shop_product_count"]


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _date_aliases(iso: str) -> list[str]:
    d = date.fromisoformat(iso)
    return [
        f"{d.day} {calendar.month_name[d.month]}",
        f"{calendar.month_name[d.month]} {d.day}",
        f"{d.day:02d}/{d.month:02d}/{d.year}",
        f"{d.month}/{d.day}/{d.year}",
    ]


def _month_aliases(text: str) -> list[str]:
    name, year = text.split()
    m = list(calendar.month_name).index(name)
    return [f"{calendar.month_abbr[m]} {year}", f"{year}-{m:02d}"]


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a date, a month, a branch's other spelling)."""
    t = truth()
    refs = references(t)
    spelled = {b["name"]: b["spelled"] for b in t.branches}
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "aq_worst_local_day":
            task.aliases = _date_aliases(ref)
        elif task.id == "shop_busiest_month":
            task.aliases = _month_aliases(ref)
        elif task.id.startswith("lib_"):
            task.aliases = sorted({spelled[ref], ref.replace("&", "and"), ref.replace("'", "")} - {ref})


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
