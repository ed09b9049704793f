"""The held-out questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading a nested/odd format), hard (cleaning plus
grouping, joining, resampling or reshaping). A reference whose answer would be a tie raises,
so a seed that makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import datetime as dt
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from data import Truth, truth

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


def _minutes(r) -> float:
    return (r["ended_at"] - r["started_at"]).total_seconds() / 60


def _ended(t: Truth):
    return [r for r in t.trips if r["ended_at"] is not None]


def _air(t: Truth, station: str, key: str, keep=lambda at: True) -> list[float]:
    return [r[key] for r in t.air if r["station"] == station and r[key] is not None and keep(r["at"])]


def _daily_means(t: Truth, station: str, key: str) -> dict[dt.date, float]:
    days: dict[dt.date, list[float]] = {}
    for r in t.air:
        if r["station"] == station and r[key] is not None:
            days.setdefault(r["at"].date(), []).append(r[key])
    return {d: statistics.fmean(v) for d, v in days.items()}


def _days_above(t: Truth, station: str, key: str, limit: float, month: int) -> int:
    means = {d: m for d, m in _daily_means(t, station, key).items() if d.month == month}
    if any(abs(m - limit) < 1e-6 for m in means.values()):
        raise ValueError("a daily mean sits on the limit")
    return sum(m > limit for m in means.values())


def _books(t: Truth) -> dict[str, dict]:
    return {b["isbn"]: b for b in t.books}


def _first_last(name: str) -> str:  # "Lastname, Firstname" -> "Firstname Lastname"
    last, first = name.split(", ")
    return f"{first} {last}"


def _patients(t: Truth) -> dict[str, dict]:
    return {p["patient_id"]: p for p in t.patients}


def _revenue(t: Truth, year: int | None = None) -> list[dict]:
    return [r for r in t.revenue if r["revenue"] is not None and (year is None or r["year"] == year)]


def _store_2024(t: Truth) -> dict[int, int]:
    out: dict[int, int] = {}
    for r in _revenue(t, 2024):
        out[r["store"]] = out.get(r["store"], 0) + r["revenue"]
    return out


def _date_aliases(d: dt.date) -> list[str]:
    month, mon = MONTH_NAMES[d.month - 1], MONTH_NAMES[d.month - 1][:3]
    suffix = "th" if 11 <= d.day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
    return [
        f"{d.day} {month} {d.year}",
        f"{month} {d.day} {d.year}",
        f"{d.day} {mon} {d.year}",
        f"{mon} {d.day} {d.year}",
        f"{d.day}{suffix} {month} {d.year}",
        f"{month} {d.day}{suffix} {d.year}",
        f"{d.day:02d} {month} {d.year}",
        f"{month} {d.day:02d} {d.year}",
        d.strftime("%d/%m/%Y"),
        d.strftime("%d.%m.%Y"),
    ]


def _month_aliases(m: int, year: int) -> list[str]:
    return [f"{MONTH_NAMES[m - 1]} {year}", MONTH_NAMES[m - 1][:3], f"{year}-{m:02d}"]


# References that also yield their aliases are computed once per truth.
def _busiest_week(t: Truth) -> dt.date:
    weeks = Counter(r["started_at"].date() - dt.timedelta(days=r["started_at"].weekday()) for r in t.trips)
    return argmax(weeks)


def _worst_no2_day(t: Truth) -> dt.date:
    return argmax(_daily_means(t, "Ringroad", "no2"))


def _best_month_2024(t: Truth) -> int:
    months: dict[int, int] = {}
    for r in _revenue(t, 2024):
        months[r["month"]] = months.get(r["month"], 0) + r["revenue"]
    return argmax(months)


def _top_author(t: Truth) -> str:
    books = _books(t)
    per_author: Counter[str] = Counter()
    for loan in t.loans:
        for a in books[loan["isbn"]]["authors"]:
            per_author[a] += 1
    winner = argmax(per_author)
    # the same author wins if only first authors are counted: the question has one answer either way
    first_only = Counter(books[loan["isbn"]]["authors"][0] for loan in t.loans)
    if argmax(first_only) != winner:
        raise ValueError("top author depends on how co-authors are counted")
    return winner


def _top_patient(t: Truth) -> dict:
    done = Counter(a["patient_id"] for a in t.appointments if a["status"] == "completed")
    return _patients(t)[argmax(done)]


_SEED_T = truth()  # the default seed's records, for the text answers' aliases


def _name_aliases(first: str, last: str) -> list[str]:
    return [f"{last}, {first}"]


TASKS: list[Task] = [
    # --- easy: one obvious operation on one file
    Task("trips-count", "easy", "How many bike trips are recorded in trips.parquet?", lambda t: len(t.trips)),
    Task(
        "trips-electric",
        "easy",
        "How many of the trips in trips.parquet were made on an electric bike?",
        lambda t: sum(r["bike_type"] == "electric" for r in t.trips),
    ),
    Task(
        "trips-longest-distance",
        "easy",
        "What is the longest trip distance (distance_km) in trips.parquet, in km?",
        lambda t: max(r["distance_km"] for r in t.trips if r["distance_km"] is not None),
    ),
    Task(
        "air-ringroad-rows",
        "easy",
        "How many rows of readings does air_quality.csv have for the Ringroad station?",
        lambda t: sum(r["station"] == "Ringroad" for r in t.air),
    ),
    Task(
        "loans-still-out",
        "easy",
        "How many loans in loans.jsonl have no returned date (returned is null), i.e. the book is still out?",
        lambda t: sum(r["returned"] is None for r in t.loans),
    ),
    Task(
        "loans-harbour",
        "easy",
        "How many loans in loans.jsonl were made at the Harbour branch?",
        lambda t: sum(r["branch"] == "Harbour" for r in t.loans),
    ),
    Task("books-count", "easy", "How many books are in the catalogue books.json?", lambda t: len(t.books)),
    Task(
        "books-max-pages",
        "easy",
        "What is the highest page count of any book in books.json?",
        lambda t: max(b["pages"] for b in t.books if b["pages"] is not None),
    ),
    Task(
        "clinic-appointments",
        "easy",
        "How many appointments are in the appointments table of clinic.sqlite?",
        lambda t: len(t.appointments),
    ),
    Task(
        "clinic-unity-care",
        "easy",
        "How many patients in clinic.sqlite are insured with Unity Care?",
        lambda t: sum(p["insurer"] == "Unity Care" for p in t.patients),
    ),
    Task(
        "stores-count",
        "easy",
        "How many stores are listed on the Stores sheet of retail.xlsx?",
        lambda t: len(t.stores),
    ),
    Task(
        "stores-floor-area",
        "easy",
        "What is the total floor area in square metres of all the stores on the Stores sheet of retail.xlsx?",
        lambda t: sum(s["area_m2"] for s in t.stores),
    ),
    # --- medium: one cleaning step, a group-by, or a nested/odd format
    Task(
        "trips-median-minutes",
        "medium",
        "What is the median trip duration in minutes in trips.parquet? Duration is ended_at minus started_at; "
        "leave out trips that have no end time.",
        lambda t: statistics.median(_minutes(r) for r in _ended(t)),
    ),
    Task(
        "trips-top-start-station",
        "medium",
        "Which station is the starting point of the most trips in trips.parquet?",
        lambda t: argmax(Counter(r["start_station"] for r in t.trips)),
        "text",
    ),
    Task(
        "air-central-pm25",
        "medium",
        "What is the average PM2.5 value at the Central station in air_quality.csv, ignoring missing values? "
        "(two decimals are enough)",
        lambda t: statistics.fmean(_air(t, "Central", "pm25")),
    ),
    Task(
        "air-ringroad-corr",
        "medium",
        "In air_quality.csv, what is the Pearson correlation between PM2.5 and NO2 at the Ringroad station, using "
        "the hours where both values are present? Give it to 3 decimals.",
        lambda t: statistics.correlation(
            *zip(
                *[
                    (r["pm25"], r["no2"])
                    for r in t.air
                    if r["station"] == "Ringroad" and r["pm25"] is not None and r["no2"] is not None
                ]
            )
        ),
    ),
    Task(
        "loans-renewed-pct",
        "medium",
        "What percentage of all loans in loans.jsonl were renewed?",
        lambda t: 100 * sum(r["renewed"] for r in t.loans) / len(t.loans),
    ),
    Task(
        "loans-mean-days",
        "medium",
        "For the loans in loans.jsonl that have been returned, what is the average loan length in days "
        "(returned date minus borrowed date)?",
        lambda t: statistics.fmean((r["returned"] - r["borrowed"]).days for r in t.loans if r["returned"]),
    ),
    Task(
        "loans-q1-fines",
        "medium",
        "What is the total of the fines (fine_eur, in euros) on the loans in loans.jsonl that were borrowed from "
        "January to March 2024? A loan with no fine counts as zero.",
        lambda t: round(sum(r["fine_eur"] for r in t.loans if r["borrowed"].month <= 3), 2),
    ),
    Task(
        "air-min-temp",
        "medium",
        "What is the lowest temperature (Temp, in degrees C) in air_quality.csv, over both stations?",
        lambda t: min(r["temp"] for r in t.air if r["temp"] is not None),
    ),
    Task(
        "books-top-publisher",
        "medium",
        "Which publisher has the most books in books.json?",
        lambda t: argmax(Counter(b["publisher"] for b in t.books)),
        "text",
    ),
    Task(
        "books-history-count",
        "medium",
        "How many books in books.json have 'history' among their subjects?",
        lambda t: sum("history" in b["subjects"] for b in t.books),
    ),
    Task(
        "books-rating-std",
        "medium",
        "What is the sample standard deviation of the average rating (ratings.average) of the books in books.json "
        "that have at least 500 ratings (ratings.count)?",
        lambda t: statistics.stdev(b["rating"] for b in t.books if b["ratings_count"] >= 500),
    ),
    Task(
        "clinic-derm-no-show",
        "medium",
        "In clinic.sqlite, what percentage of the Dermatology appointments have the status no-show?",
        lambda t: (
            100
            * sum(a["status"] == "no-show" for a in t.appointments if a["department"] == "Dermatology")
            / sum(a["department"] == "Dermatology" for a in t.appointments)
        ),
    ),
    Task(
        "clinic-top-email-domain",
        "medium",
        "Which e-mail domain (the part after the @, ignoring upper/lower case) is the most common among the "
        "patients in clinic.sqlite?",
        lambda t: argmax(Counter(p["domain"] for p in t.patients)),
        "text",
    ),
    Task(
        "stores-outlet-online-share",
        "medium",
        "On the Stores sheet of retail.xlsx, what is the average online share, in percent, of the Outlet stores? "
        "Skip stores with no online share.",
        lambda t: statistics.fmean(
            s["online_share"] for s in t.stores if s["format"] == "Outlet" and s["online_share"] is not None
        ),
    ),
    Task(
        "stores-opened-before-2015",
        "easy",
        "How many of the stores on the Stores sheet of retail.xlsx opened before 1 January 2015?",
        lambda t: sum(s["opened"] < dt.date(2015, 1, 1) for s in t.stores),
    ),
    Task(
        "revenue-2024-total",
        "medium",
        "What is the total revenue of all stores in 2024 (January to December) in store_revenue.csv? "
        "Missing months count as nothing.",
        lambda t: sum(r["revenue"] for r in _revenue(t, 2024)),
    ),
    # --- hard: cleaning plus grouping, joining, resampling or reshaping
    Task(
        "trips-busiest-week",
        "hard",
        "In trips.parquet, which Monday-to-Sunday week had the most trips started? Give the date of that "
        "week's Monday.",
        lambda t: _busiest_week(t).isoformat(),
        "text",
        _date_aliases(_busiest_week(_SEED_T)),
    ),
    Task(
        "trips-casual-round-pct",
        "hard",
        "In trips.parquet, among the casual riders' trips that have an end station, what percentage ended at the "
        "same station they started from?",
        lambda t: (
            100
            * sum(
                r["end_station"] == r["start_station"]
                for r in t.trips
                if r["rider_type"] == "casual" and r["end_station"] is not None
            )
            / sum(r["rider_type"] == "casual" and r["end_station"] is not None for r in t.trips)
        ),
    ),
    Task(
        "air-worst-no2-day",
        "hard",
        "In air_quality.csv, on which calendar day was the daily mean NO2 at the Ringroad station highest "
        "(mean of that day's hourly values, missing values ignored)?",
        lambda t: _worst_no2_day(t).isoformat(),
        "text",
        _date_aliases(_worst_no2_day(_SEED_T)),
    ),
    Task(
        "air-march-pm25-days",
        "hard",
        "In air_quality.csv, on how many days in March 2024 was the daily mean PM2.5 at the Central station above "
        "25 ug/m3 (daily mean of the hourly values, missing values ignored)?",
        lambda t: _days_above(t, "Central", "pm25", 25.0, 3),
    ),
    Task(
        "air-feb-no2",
        "hard",
        "What was the mean NO2 at the Ringroad station in February 2024 according to air_quality.csv, over all "
        "hourly values of that month, missing values ignored?",
        lambda t: statistics.fmean(_air(t, "Ringroad", "no2", lambda at: at.month == 2)),
    ),
    Task(
        "loans-top-title",
        "hard",
        "Which book was borrowed most often? Match the loans in loans.jsonl to books.json by ISBN and give the title.",
        lambda t: _books(t)[argmax(Counter(r["isbn"] for r in t.loans))]["title"],
        "text",
    ),
    Task(
        "loans-top-author",
        "hard",
        "Whose books were borrowed most often? Match loans.jsonl to books.json by ISBN, count each loan once for "
        "each author of the borrowed book, and give the author's name as 'Firstname Lastname'.",
        lambda t: _first_last(_top_author(t)),
        "text",
        [_top_author(_SEED_T)],
    ),
    Task(
        "loans-pre-2000-pct",
        "hard",
        "What percentage of the loans in loans.jsonl are of books published before 2000 (published.year in "
        "books.json)? Match the two files by ISBN.",
        lambda t: 100 * sum(_books(t)[r["isbn"]]["year"] < 2000 for r in t.loans) / len(t.loans),
    ),
    Task(
        "clinic-top-patient",
        "hard",
        "In clinic.sqlite, which patient had the most completed appointments? Give the name as 'Firstname Lastname'.",
        lambda t: f"{_top_patient(t)['first']} {_top_patient(t)['last']}",
        "text",
        _name_aliases(_top_patient(_SEED_T)["first"], _top_patient(_SEED_T)["last"]),
    ),
    Task(
        "clinic-wait-born-before-1960",
        "hard",
        "In clinic.sqlite, what is the median waiting time (wait_min) of the completed appointments of patients "
        "born before 1960? Ignore appointments with no waiting time recorded.",
        lambda t: statistics.median(
            a["wait_min"]
            for a in t.appointments
            if a["status"] == "completed"
            and a["wait_min"] is not None
            and _patients(t)[a["patient_id"]]["birth_date"].year < 1960
        ),
    ),
    Task(
        "revenue-top-city",
        "hard",
        "Which city's stores had the highest total revenue in 2024? Match store_revenue.csv to the Stores sheet of "
        "retail.xlsx by store number.",
        lambda t: argmax(
            {
                c: sum(
                    v for n, v in _store_2024(t).items() if next(s for s in t.stores if s["store"] == n)["city"] == c
                )
                for c in {s["city"] for s in t.stores}
            }
        ),
        "text",
    ),
    Task(
        "revenue-over-target",
        "hard",
        "How many stores had a total 2024 revenue in store_revenue.csv above their 2024 target on the Targets "
        "sheet of retail.xlsx?",
        lambda t: sum(_store_2024(t).get(s["store"], 0) > s["target_2024"] for s in t.stores),
    ),
    Task(
        "revenue-best-month-2024",
        "hard",
        "In store_revenue.csv, which month of 2024 had the highest total revenue over all stores?",
        lambda t: MONTH_NAMES[_best_month_2024(t) - 1],
        "text",
        _month_aliases(_best_month_2024(_SEED_T), 2024),
    ),
]

# Quick mode: a few easy tasks.
QUICK = ["trips-count", "books-count", "clinic-appointments"]


def references(seed: int | None = None) -> dict[str, Any]:
    t = truth() if seed is None else truth(seed)
    return {task.id: task.ref(t) for task in TASKS}


if __name__ == "__main__":
    for task, (tid, ref) in zip(TASKS, references().items()):
        print(f"{task.difficulty:<7} {tid:<30} {ref!r:<26} {task.question}")
