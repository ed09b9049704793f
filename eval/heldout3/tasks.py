"""The third held-out set's questions, each with its difficulty and the reference code that computes its answer.

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

from data import PASS_MARK, SUBJECTS, UTC, Truth, file_months, truth

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


def _in_file(t: Truth, month: int) -> list[dict]:
    """The rows of one monthly appointments export (with the overlap it repeats)."""
    return [a for a in t.appointments if month in file_months(a)]


def _attended(t: Truth) -> list[dict]:
    return [a for a in t.appointments if a["status"] == "attended"]


def _doctor(t: Truth, did: str) -> dict:
    return next(d for d in t.doctors if d["id"] == did)


def _noshow_doctor(t: Truth) -> str:
    seen = [a for a in t.appointments if a["status"] in ("attended", "no-show")]
    shows = total_by(seen, lambda a: a["doctor"], lambda a: 1)
    misses = total_by(seen, lambda a: a["doctor"], lambda a: a["status"] == "no-show")
    return _doctor(t, argmax({d: misses[d] / shows[d] for d in shows}))["name"]


def _order_total(o: dict) -> float:
    return o["qty"] * o["unit_price"] * (1 - o["discount"] / 100)


def _placed(o: dict) -> dt.datetime:
    return dt.datetime.fromtimestamp(o["placed_ms"] / 1000, UTC)


def _category(t: Truth) -> dict[str, str]:
    return {p["sku"]: p["category"] for p in t.products}


def _return_rate_category(t: Truth) -> str:
    cat = _category(t)
    returned = {r["order"] for r in t.returns}
    orders = total_by(t.orders, lambda o: cat[o["sku"]], lambda o: 1)
    back = total_by(t.orders, lambda o: cat[o["sku"]], lambda o: o["id"] in returned)
    return argmax({c: back[c] / orders[c] for c in orders})


def _days_to_return(t: Truth) -> float:
    placed = {o["id"]: o["placed_ms"] for o in t.orders}
    return round(statistics.mean((r["received_s"] * 1000 - placed[r["order"]]) / 86_400_000 for r in t.returns), 1)


def _best_growth_month(t: Truth) -> int:
    revenue = total_by(t.orders, lambda o: _placed(o).month, _order_total)
    return argmax({m: revenue[m] / revenue[m - 1] - 1 for m in range(2, 13)})


def _rain(t: Truth) -> list[dict]:
    return [w for w in t.weather if w["rain"] is not None]


def _wettest_month_of_year(t: Truth) -> int:
    return argmax(total_by(_rain(t), lambda w: w["date"].month, lambda w: w["rain"]))


def _wettest_single_month(t: Truth) -> tuple[int, int]:
    best = argmax(total_by(_rain(t), lambda w: (w["date"].year, w["date"].month), lambda w: w["rain"]))
    if best[1] == _wettest_month_of_year(t):
        raise ValueError("the single wettest month is also the wettest month of the year: the questions would agree")
    return best


def _month_aliases(year: int, month: int) -> list[str]:
    short = MONTH_NAMES[month - 1][:3]
    return [f"{year}-{month:02d}", f"{short} {year}", f"{month:02d}/{year}", f"{month}/{year}"]


def _rolling_rain(t: Truth, station: str, days: int) -> float:
    rain = {w["date"]: w["rain"] or 0.0 for w in t.weather if w["station"] == station}
    first = min(rain)
    best = 0.0
    for k in range((max(rain) - first).days + 1):
        end = first + dt.timedelta(days=k)
        best = max(best, sum(rain.get(end - dt.timedelta(days=j), 0.0) for j in range(days)))
    return round(best, 1)


def _elevation_corr(t: Truth) -> float:
    elev = [s["elevation"] for s in t.stations]
    mean_tmax = [
        statistics.mean(w["tmax"] for w in t.weather if w["station"] == s["id"] and w["tmax"] is not None)
        for s in t.stations
    ]
    return round(statistics.correlation(elev, mean_tmax), 3)


def _rain_change(t: Truth, station: str) -> float:
    year = total_by([w for w in _rain(t) if w["station"] == station], lambda w: w["date"].year, lambda w: w["rain"])
    return round((year[2024] / year[2023] - 1) * 100, 1)


def _sat(t: Truth, subject: str) -> list[int]:
    return [s["scores"][subject] for s in t.students if isinstance(s["scores"][subject], int)]


def _best_class(t: Truth) -> str:
    exams = [(s["class"], v) for s in t.students for v in s["scores"].values() if isinstance(v, int)]
    total = total_by(exams, lambda e: e[0], lambda e: e[1])
    count = total_by(exams, lambda e: e[0], lambda e: 1)
    return argmax({c: total[c] / count[c] for c in total})


def _maths_pass_with_resits(t: Truth) -> int:
    resit = {r["student"]: r["score"] for r in t.resits if r["subject"] == "Maths"}
    passed = 0
    for s in t.students:
        scores = [v for v in (s["scores"]["Maths"], resit.get(s["id"])) if isinstance(v, int)]
        passed += bool(scores) and max(scores) >= PASS_MARK
    return passed


_SEED_T = truth()  # the default seed's records, for the text answers' aliases


def _last_name(name: str) -> list[str]:
    return [name.split()[-1]]


TASKS: list[Task] = [
    # --- easy: one obvious operation on one file ---
    Task(
        "clinic-jan-count",
        "easy",
        "How many appointments are listed in appointments_2024-01.csv?",
        lambda t: len(_in_file(t, 1)),
    ),
    Task("clinic-doctors-count", "easy", "How many doctors are listed in doctors.xml?", lambda t: len(t.doctors)),
    Task(
        "clinic-top-specialty",
        "easy",
        "Which specialty has the most doctors in doctors.xml?",
        lambda t: argmax(Counter(d["specialty"] for d in t.doctors)),
        kind="text",
        aliases=["general practitioner", "GP"],
    ),
    Task("shop-orders-count", "easy", "How many orders are there in orders.csv.gz?", lambda t: len(t.orders)),
    Task(
        "shop-garden-products",
        "easy",
        "How many products in products.parquet belong to the Garden category?",
        lambda t: sum(p["category"] == "Garden" for p in t.products),
    ),
    Task("shop-returns-count", "easy", "How many returns are recorded in returns.json?", lambda t: len(t.returns)),
    Task(
        "shop-max-price",
        "easy",
        "What is the price of the most expensive product in products.parquet?",
        lambda t: max(p["price"] for p in t.products),
    ),
    Task(
        "weather-highest-station",
        "easy",
        "Which weather station in stations.md is at the highest elevation? Give its name.",
        lambda t: max(t.stations, key=lambda s: s["elevation"])["name"],
        kind="text",
        aliases=[max(_SEED_T.stations, key=lambda s: s["elevation"])["id"]],
    ),
    Task(
        "weather-ws02-days",
        "easy",
        "How many days of readings does weather.csv have for station WS02?",
        lambda t: sum(w["station"] == "WS02" for w in t.weather),
    ),
    Task(
        "exam-students-count",
        "easy",
        "How many students are listed in exam_results.xlsx?",
        lambda t: len(t.students),
    ),
    Task(
        "exam-top-history",
        "easy",
        "What is the highest History score in exam_results.xlsx?",
        lambda t: max(_sat(t, "History")),
    ),
    Task(
        "exam-largest-class",
        "easy",
        "Which class has the most students in exam_results.xlsx?",
        lambda t: argmax(Counter(s["class"] for s in t.students)),
        kind="text",
    ),
    # --- medium: one cleaning step, a group-by, or reading an odd format ---
    Task(
        "clinic-jan-cancelled",
        "medium",
        "How many appointments in appointments_2024-01.csv were cancelled, whether by the patient or by the clinic?",
        lambda t: sum(a["status"].startswith("cancelled") for a in _in_file(t, 1)),
    ),
    Task(
        "clinic-german-doctors",
        "medium",
        "According to doctors.xml, how many doctors speak German?",
        lambda t: sum("German" in d["languages"] for d in t.doctors),
    ),
    Task(
        "clinic-feb-evening",
        "medium",
        "How many appointments in appointments_2024-02.csv start at 5 pm or later?",
        lambda t: sum(a["time"] >= dt.time(17, 0) for a in _in_file(t, 2)),
    ),
    Task(
        "clinic-march-fees",
        "medium",
        "What is the total of the fees charged for appointments dated in March 2024? Round to 2 decimals.",
        lambda t: round(sum(a["fee"] or 0 for a in t.appointments if a["date"].month == 3), 2),
    ),
    Task(
        "shop-revenue",
        "medium",
        "What was the total revenue in orders.csv.gz after discounts (quantity times unit price, less the "
        "discount), in EUR? Round to 2 decimals.",
        lambda t: round(sum(_order_total(o) for o in t.orders), 2),
    ),
    Task(
        "shop-busiest-weekday",
        "medium",
        "On which day of the week (in UTC) were the most orders placed in orders.csv.gz?",
        lambda t: WEEKDAYS[argmax(Counter(_placed(o).weekday() for o in t.orders))],
        kind="text",
    ),
    Task(
        "shop-eco-products",
        "medium",
        "How many products in products.parquet are tagged 'eco'?",
        lambda t: sum("eco" in p["tags"] for p in t.products),
    ),
    Task(
        "shop-heavy-products",
        "medium",
        "How many products in products.parquet weigh more than 3 kg?",
        lambda t: sum(p["dims"]["weight_kg"] > 3 for p in t.products),
    ),
    Task(
        "shop-refund-total",
        "medium",
        "What is the total amount refunded according to returns.json? Returns without a refund amount do not "
        "count. Round to 2 decimals.",
        lambda t: round(sum(r["refund"] or 0 for r in t.returns), 2),
    ),
    Task(
        "weather-max-temp",
        "medium",
        "What is the highest daily maximum temperature (tmax) in weather.csv, in °C?",
        lambda t: max(w["tmax"] for w in t.weather if w["tmax"] is not None),
    ),
    Task(
        "weather-opened-before-2015",
        "medium",
        "How many of the weather stations in stations.md opened before 2015?",
        lambda t: sum(s["opened"].year < 2015 for s in t.stations),
    ),
    Task(
        "weather-ws04-frost",
        "medium",
        "On how many days in 2024 did station WS04 record a minimum temperature below 0 °C?",
        lambda t: sum(
            w["station"] == "WS04" and w["date"].year == 2024 and w["tmin"] is not None and w["tmin"] < 0
            for w in t.weather
        ),
    ),
    Task(
        "weather-ws01-july-std",
        "medium",
        "What is the sample standard deviation of station WS01's daily maximum temperature in July 2024? "
        "Round to 2 decimals.",
        lambda t: round(
            statistics.stdev(
                w["tmax"]
                for w in t.weather
                if w["station"] == "WS01" and w["date"].strftime("%Y-%m") == "2024-07" and w["tmax"] is not None
            ),
            2,
        ),
    ),
    Task(
        "exam-science-pass-pct",
        "medium",
        "What percentage of the students who sat the Science exam passed it? The pass mark is in the workbook's "
        "notes; ignore resits. Round to 1 decimal.",
        lambda t: round(100 * sum(v >= PASS_MARK for v in _sat(t, "Science")) / len(_sat(t, "Science")), 1),
    ),
    # --- hard: cleaning plus grouping, joining, resampling or reshaping ---
    Task(
        "clinic-distinct-appointments",
        "hard",
        "How many distinct appointments are there in the six monthly appointment files (January to June 2024) "
        "together?",
        lambda t: len(t.appointments),
    ),
    Task(
        "clinic-noshow-doctor",
        "hard",
        "From January to June 2024, which doctor had the highest no-show rate (no-shows divided by attended plus "
        "no-show appointments; cancelled appointments don't count)? Give the doctor's name from doctors.xml, only "
        "the top one.",
        _noshow_doctor,
        kind="text",
        aliases=_last_name(_noshow_doctor(_SEED_T)),
    ),
    Task(
        "clinic-new-patient-fraction",
        "hard",
        "Of the attended appointments from January to June 2024, what fraction were with new patients? Give a "
        "fraction between 0 and 1, rounded to 3 decimals.",
        lambda t: round(sum(a["new_patient"] for a in _attended(t)) / len(_attended(t)), 3),
    ),
    Task(
        "clinic-dermatology-hours",
        "hard",
        "How many hours of attended appointments (by booked duration) did the clinic's Dermatology doctors have "
        "from January to June 2024? Round to 2 decimals.",
        lambda t: round(
            sum(a["minutes"] for a in _attended(t) if _doctor(t, a["doctor"])["specialty"] == "Dermatology") / 60, 2
        ),
    ),
    Task(
        "clinic-busiest-weekday",
        "hard",
        "Counting each appointment once, on which day of the week did the most attended appointments take place "
        "from January to June 2024?",
        lambda t: WEEKDAYS[argmax(Counter(a["date"].weekday() for a in _attended(t)))],
        kind="text",
    ),
    Task(
        "shop-return-rate-category",
        "hard",
        "Which product category has the highest return rate, i.e. orders with a return in returns.json divided by "
        "all orders of that category? Give only the top one.",
        _return_rate_category,
        kind="text",
    ),
    Task(
        "shop-days-to-return",
        "hard",
        "On average, how many days passed between an order being placed and its return being received? Use the "
        "exact timestamps (fractional days) and round to 1 decimal.",
        _days_to_return,
    ),
    Task(
        "shop-best-month-growth",
        "hard",
        "Which month of 2024 had the largest percentage increase in revenue after discounts over the month "
        "before (months in UTC)? Give only the month.",
        lambda t: MONTH_NAMES[_best_growth_month(t) - 1],
        kind="text",
        aliases=[MONTH_NAMES[_best_growth_month(_SEED_T) - 1][:3]],
    ),
    Task(
        "weather-wettest-month-of-year",
        "hard",
        "Adding up the rain of all stations over both years in weather.csv, which month of the year (January to "
        "December) is the wettest?",
        lambda t: MONTH_NAMES[_wettest_month_of_year(t) - 1],
        kind="text",
        aliases=[MONTH_NAMES[_wettest_month_of_year(_SEED_T) - 1][:3]],
    ),
    Task(
        "weather-wettest-single-month",
        "hard",
        "Adding up the rain of all stations in weather.csv, which single month (of a particular year) was the "
        "wettest? Give the month and the year.",
        lambda t: f"{MONTH_NAMES[_wettest_single_month(t)[1] - 1]} {_wettest_single_month(t)[0]}",
        kind="text",
        aliases=_month_aliases(*_wettest_single_month(_SEED_T)),
    ),
    Task(
        "weather-ws03-rolling-rain",
        "hard",
        "What is the largest amount of rain station WS03 recorded in any 7 consecutive calendar days? Count a "
        "missing reading, or a day without a row, as 0 mm. Round to 1 decimal.",
        lambda t: _rolling_rain(t, "WS03", 7),
    ),
    Task(
        "weather-elevation-corr",
        "hard",
        "Across the stations, what is the Pearson correlation between a station's elevation (from stations.md) "
        "and its mean daily maximum temperature over 2023-2024 in weather.csv? Round to 3 decimals.",
        _elevation_corr,
    ),
    Task(
        "weather-ws05-rain-change",
        "hard",
        "By what percentage did the total rain recorded at station WS05 change from 2023 to 2024? Round to 1 decimal.",
        lambda t: _rain_change(t, "WS05"),
    ),
    Task(
        "exam-best-class",
        "hard",
        "Which class has the highest average exam score in exam_results.xlsx, counting every exam its students sat "
        "(all subjects; absent and excused don't count; ignore resits)?",
        _best_class,
        kind="text",
    ),
    Task(
        "exam-lowest-median-subject",
        "hard",
        "Which subject has the lowest median score in exam_results.xlsx (ignore resits)?",
        lambda t: argmin({x: statistics.median(_sat(t, x)) for x in SUBJECTS}),
        kind="text",
    ),
    Task(
        "exam-maths-pass-resits",
        "hard",
        "If a student's better score counts where they resat Maths (see the Resits sheet of exam_results.xlsx), "
        "how many students passed Maths?",
        _maths_pass_with_resits,
    ),
]

# Quick mode: a few easy tasks.
QUICK = ["clinic-jan-count", "shop-orders-count", "exam-students-count"]


def references(seed: int | None = None) -> dict[str, Any]:
    t = truth() if seed is None else truth(seed)
    return {task.id: task.ref(t) for task in TASKS}


if __name__ == "__main__":
    for task, (tid, ref) in zip(TASKS, references().items()):
        print(f"{task.difficulty:<7} {tid:<30} {ref!r:<26} {task.question}")
