"""The eleventh held-out set's questions, each with its difficulty and the reference code that computes its answer.

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
from datetime import date
from typing import Any

from data import LGA, Truth, truth


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


# taxi: a trip is any row except a reversal (the negated copy of a voided trip); "in March" means
# picked up in March 2024


def _march(t: Truth) -> list[dict]:
    return [r for r in t.trips if r["kind"] != "reversal" and (r["pu_time"].year, r["pu_time"].month) == (2024, 3)]


def _zone(t: Truth) -> dict[int, dict]:
    return {z["LocationID"]: z for z in t.zones}


def _busiest_date(t: Truth) -> str:
    return argmax(Counter(r["pu_time"].date() for r in _march(t))).isoformat()


def _top_manhattan_zone(t: Truth) -> str:
    zone = _zone(t)
    counts = Counter(zone[r["pul"]]["Zone"] for r in _march(t) if zone[r["pul"]]["Borough"] == "Manhattan")
    return argmax(counts)


def _lga_manhattan_minutes(t: Truth) -> float:
    zone = _zone(t)
    return mean(
        (r["do_time"] - r["pu_time"]).total_seconds() / 60
        for r in _march(t)
        if r["pul"] == LGA and zone[r["dol"]]["Borough"] == "Manhattan"
    )


def _friday_minus_sunday(t: Truth) -> float:
    per_day = Counter(r["pu_time"].date() for r in _march(t))
    by_dow = defaultdict(list)
    for d in (date(2024, 3, k) for k in range(1, 32)):
        by_dow[d.weekday()].append(per_day[d])
    return mean(by_dow[4]) - mean(by_dow[6])


# weather


def _rec(t: Truth, y: int, m: int) -> dict:
    return next(r for r in t.weather if (r["year"], r["month"]) == (y, m))


def _rain_2023(t: Truth) -> float:
    vals = [r["rain"] for r in t.weather if r["year"] == 2023]
    assert len(vals) == 12 and None not in vals
    return sum(vals)


def _wettest_year(t: Truth) -> int:
    by_year = defaultdict(list)
    for r in t.weather:
        if not r["provisional"]:
            by_year[r["year"]].append(r["rain"])
    return argmax({y: sum(v) for y, v in by_year.items() if len(v) == 12 and None not in v})


def _period(t: Truth, a: int, b: int) -> list[dict]:
    rows = [r for r in t.weather if a <= r["year"] <= b]
    assert len(rows) == 12 * (b - a + 1) and all(r["tmax"] is not None and r["tmin"] is not None for r in rows)
    return rows


def _warming(t: Truth) -> float:
    def tmean(rows):
        return mean((r["tmax"] + r["tmin"]) / 2 for r in rows)

    return tmean(_period(t, 1991, 2020)) - tmean(_period(t, 1961, 1990))


def _month_most_warming(t: Truth) -> str:
    old, new = _period(t, 1961, 1990), _period(t, 1991, 2020)
    diff = {
        m: mean(r["tmax"] for r in new if r["month"] == m) - mean(r["tmax"] for r in old if r["month"] == m)
        for m in range(1, 13)
    }
    return calendar.month_name[argmax(diff)]


# spending


def _pounds(lines) -> float:
    return sum(p["pence"] for p in lines) / 100


def _top_area(t: Truth) -> str:
    tot = defaultdict(int)
    for p in t.payments:
        tot[p["area"]] += p["pence"]
    return argmax(tot)


def _top_month(t: Truth) -> str:
    tot = defaultdict(int)
    for p in t.payments:
        tot[(p["date"].year, p["date"].month)] += p["pence"]
    y, m = argmax(tot)
    return f"{calendar.month_name[m]} {y}"


def _suppliers(t: Truth) -> int:
    return len({p["supplier"] for p in t.payments if not p["redacted"]})


def _largest_supplier_total(t: Truth) -> float:
    tot = defaultdict(int)
    for p in t.payments:
        if not p["redacted"]:
            tot[p["supplier"]] += p["pence"]
    return tot[argmax(tot)] / 100


# hygiene: a "rated" establishment has a numeric RatingValue 0-5


def _ests(t: Truth, *codes: str) -> list[dict]:
    return [e for c in codes for e in t.fhrs[c]["establishments"]]


def _rated(t: Truth, *codes: str) -> list[dict]:
    return [e for e in _ests(t, *codes) if e["rating"].isdigit()]


def _share_5_xml(t: Truth) -> float:
    rated = _rated(t, "527")
    return 100 * sum(e["rating"] == "5" for e in rated) / len(rated)


def _top_type_json(t: Truth) -> str:
    return argmax(Counter(e["btype"] for e in _ests(t, "528")))


def _type_lowest_share_5(t: Truth) -> str:
    by_type = defaultdict(list)
    for e in _rated(t, "527", "528"):
        by_type[e["btype"]].append(e["rating"] == "5")
    return argmin({k: sum(v) / len(v) for k, v in by_type.items() if len(v) >= 50})


def _old_ratings(t: Truth) -> int:
    return sum(e["rating_date"] < date(2022, 1, 1) for e in _rated(t, "527", "528"))


def _worst_district(t: Truth) -> str:
    by = defaultdict(list)
    for e in _rated(t, "527"):
        if e["district"]:
            by[e["district"]].append(int(e["rating"]))
    return argmin({k: mean(v) for k, v in by.items() if len(v) >= 40})


def _restaurant_hygiene(t: Truth) -> float:
    return mean(e["scores"][0] for e in _rated(t, "527", "528") if e["btype"] == "Restaurant/Cafe/Canteen")


# --- the questions --------------------------------------------------------------------------------

TAXI, ZONES = "yellow_tripdata_2024-03.parquet", "taxi_zone_lookup.csv"
WX = "lowmoordata.txt"
SPEND = "eastvale_spend_over_500_2023-24.csv"
XML, JSON = "FHRS527en-GB.xml", "FHRS528en-GB.json"


def _date_aliases(iso: str) -> list[str]:
    d = date.fromisoformat(iso)
    return [
        f"{d.day} {d:%B}",
        f"{d:%B} {d.day}",
        f"{d.day}/{d.month}/{d.year}",
        f"{d:%d/%m/%Y}",
        f"{d:%d.%m.%Y}",
        f"{d.month}/{d.day}/{d.year}",
        f"{d:%m/%d/%Y}",
    ]


def _month_aliases(month_year: str) -> list[str]:
    name, year = month_year.split()
    m = list(calendar.month_name).index(name)
    return [f"{calendar.month_abbr[m]} {year}", f"{year}-{m:02d}", f"{m:02d}/{year}", name]


def _type_aliases(btype: str) -> list[str]:
    extra = {
        "Takeaway/sandwich shop": ["takeaway", "takeaways", "takeaway sandwich shop", "takeaway/sandwich shops"],
        "Restaurant/Cafe/Canteen": [
            "restaurant",
            "restaurants",
            "restaurant cafe canteen",
            "restaurants/cafes/canteens",
        ],
        "Pub/bar/nightclub": ["pub", "pubs", "pub bar nightclub", "pubs/bars/nightclubs"],
        "Mobile caterer": ["mobile caterers"],
        "Hotel/bed & breakfast/guest house": ["hotel", "hotels", "hotel/bed breakfast/guest house"],
        "Other catering premises": ["other catering"],
        "Retailers - other": ["retailers other", "other retailers"],
    }
    return extra.get(btype, [])


TASKS: list[Task] = [
    # ---------------------------------------------------------------- easy
    Task(
        "taxi_cash_trips",
        "easy",
        f"How many trips in {TAXI} were paid in cash (payment_type 2)?",
        lambda t: sum(r["ptype"] == 2 for r in t.trips),
    ),
    Task(
        "taxi_max_total",
        "easy",
        f"What is the largest total_amount of any trip in {TAXI}, in dollars?",
        lambda t: max(r["total"] for r in t.trips) / 100,
    ),
    Task(
        "taxi_jfk_flat_fares",
        "easy",
        f"How many trips in {TAXI} were charged the JFK flat fare (RatecodeID 2)?",
        lambda t: sum(r["rc"] == 2 for r in t.trips),
    ),
    Task(
        "wx_max_tmax",
        "easy",
        f"{WX} is a Met Office station file of monthly values. What is the highest monthly mean maximum "
        "temperature (tmax, °C) in the whole record?",
        lambda t: max(r["tmax"] for r in t.weather if r["tmax"] is not None),
    ),
    Task(
        "wx_rain_2023", "easy", f"What was the total rainfall at Lowmoor in 2023, in mm, according to {WX}?", _rain_2023
    ),
    Task(
        "spend_max_payment",
        "easy",
        f"What was the largest single payment (Net Amount) in {SPEND}, in pounds?",
        lambda t: max(p["pence"] for p in t.payments) / 100,
    ),
    Task(
        "spend_redacted_lines",
        "easy",
        f"How many payment lines in {SPEND} have the supplier name redacted as personal data?",
        lambda t: sum(p["redacted"] for p in t.payments),
    ),
    Task("spend_line_count", "easy", f"How many payment lines does {SPEND} contain?", lambda t: len(t.payments)),
    Task(
        "fhrs_xml_count",
        "easy",
        f"How many food businesses are listed in the food hygiene ratings file {XML}?",
        lambda t: len(_ests(t, "527")),
    ),
    Task(
        "fhrs_json_fives",
        "easy",
        f"How many establishments in the food hygiene ratings file {JSON} have a rating of 5?",
        lambda t: sum(e["rating"] == "5" for e in _ests(t, "528")),
    ),
    # ---------------------------------------------------------------- medium
    Task(
        "taxi_tip_share",
        "medium",
        f"In {TAXI}, for credit-card trips (payment_type 1), what is total tip_amount as a percentage of "
        "total fare_amount?",
        lambda t: (
            100 * sum(r["tip"] for r in t.trips if r["ptype"] == 1) / sum(r["fare"] for r in t.trips if r["ptype"] == 1)
        ),
    ),
    Task(
        "taxi_busiest_day",
        "medium",
        f"On which date in March 2024 were the most taxi trips picked up, according to {TAXI}?",
        _busiest_date,
        kind="text",
    ),
    Task(
        "wx_wettest_year",
        "medium",
        f"According to {WX}, which calendar year was the wettest (highest total rainfall)? Only count years "
        "with rainfall for all 12 months.",
        _wettest_year,
    ),
    Task(
        "wx_june_sun",
        "medium",
        f"What is the average June sunshine at Lowmoor, in hours, over all years that have a June sunshine "
        f"value in {WX}?",
        lambda t: mean(r["sun"] for r in t.weather if r["month"] == 6 and r["sun"] is not None),
    ),
    Task(
        "spend_total",
        "medium",
        f"What was Eastvale District Council's total net spend in {SPEND}, in pounds (credit notes included)?",
        lambda t: _pounds(t.payments),
    ),
    Task("spend_top_area", "medium", f"Which service area spent the most in total in {SPEND}?", _top_area, kind="text"),
    Task(
        "spend_top_month",
        "medium",
        f"In which month was the council's total spend highest in {SPEND}?",
        _top_month,
        kind="text",
    ),
    Task(
        "spend_supplier_count",
        "medium",
        f"How many different suppliers were paid in {SPEND}, not counting redacted payments?",
        _suppliers,
    ),
    Task(
        "fhrs_xml_share_5",
        "medium",
        f"In {XML}, what percentage of establishments with a numeric hygiene rating (0-5) are rated 5?",
        _share_5_xml,
    ),
    Task(
        "fhrs_json_top_type",
        "medium",
        f"Which business type has the most establishments in {JSON}?",
        _top_type_json,
        kind="text",
    ),
    # ---------------------------------------------------------------- hard
    Task(
        "taxi_top_manhattan_zone",
        "hard",
        f"Using {TAXI} and {ZONES}, which Manhattan zone had the most taxi pickups in March 2024?",
        _top_manhattan_zone,
        kind="text",
    ),
    Task(
        "taxi_lga_minutes",
        "hard",
        f"Using {TAXI} and {ZONES}, what was the average trip duration in minutes for trips picked up at "
        "LaGuardia Airport and dropped off anywhere in Manhattan, in March 2024?",
        _lga_manhattan_minutes,
    ),
    Task(
        "taxi_friday_vs_sunday",
        "hard",
        f"From {TAXI}: on average, how many more trips were picked up on a Friday than on a Sunday in "
        "March 2024 (average trips per Friday minus average trips per Sunday)?",
        _friday_minus_sunday,
    ),
    Task(
        "wx_warming",
        "hard",
        f"Using {WX}, with each month's mean temperature taken as (tmax + tmin) / 2, how many °C warmer was "
        "the 1991-2020 average than the 1961-1990 average?",
        _warming,
    ),
    Task(
        "wx_month_most_warming",
        "hard",
        f"Using {WX}, which calendar month's average tmax rose the most between 1961-1990 and 1991-2020?",
        _month_most_warming,
        kind="text",
    ),
    Task(
        "spend_largest_supplier_total",
        "hard",
        f"How much was paid in total over the year to the council's largest supplier in {SPEND}, in pounds "
        "(not counting redacted payments)?",
        _largest_supplier_total,
    ),
    Task(
        "fhrs_type_lowest_5",
        "hard",
        f"Combining both food hygiene files ({XML} and {JSON}), which business type has the lowest share of "
        "its rated establishments (numeric rating 0-5) rated 5? Only consider types with at least 50 rated "
        "establishments.",
        _type_lowest_share_5,
        kind="text",
    ),
    Task(
        "fhrs_old_ratings",
        "hard",
        f"Combining {XML} and {JSON}, how many establishments with a numeric rating (0-5) were last rated "
        "before 1 January 2022?",
        _old_ratings,
    ),
    Task(
        "fhrs_worst_district",
        "hard",
        f"In {XML}, which postcode district (the part of the postcode before the space, e.g. EV3) has the "
        "lowest average hygiene rating, among districts with at least 40 establishments with a numeric rating?",
        _worst_district,
        kind="text",
    ),
    Task(
        "fhrs_restaurant_hygiene",
        "hard",
        f"Combining {XML} and {JSON}, what is the average Hygiene score (from the Scores section) of "
        "establishments of type Restaurant/Cafe/Canteen that have a numeric rating?",
        _restaurant_hygiene,
    ),
]

QUICK = ["taxi_cash_trips", "wx_rain_2023", "fhrs_xml_count"]


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a date, a month, a business type)."""
    t = truth()
    refs = references(t)
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "taxi_busiest_day":
            task.aliases = _date_aliases(ref)
        elif task.id == "spend_top_month":
            task.aliases = _month_aliases(ref)
        elif task.id in ("fhrs_json_top_type", "fhrs_type_lowest_5"):
            task.aliases = _type_aliases(ref)
        elif task.id == "wx_month_most_warming":
            task.aliases = [calendar.month_abbr[list(calendar.month_name).index(ref)]]
        elif task.id == "spend_top_area":
            task.aliases = [ref.replace("&", "and")]


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
