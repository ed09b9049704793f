"""The questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files, so a parsing slip cannot hide in the reference.
Difficulty: easy (one obvious operation on one file), medium (needs one cleaning step or a
group-by), hard (cleaning and grouping, mixed date formats or unit conversion).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from data import Truth, truth

LB = 453.59237


@dataclass
class Task:
    id: str
    difficulty: str
    question: str
    ref: Callable[[Truth], Any]
    kind: str = "number"  # number | text
    aliases: list[str] = field(default_factory=list)  # other accepted spellings of a text answer


def _with(rows, key):
    return [r[key] for r in rows if r[key] is not None]


def _requests(t: Truth):
    return [r for r in t.log if r["request"]]


def _month_name(m: int) -> str:
    return [
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
    ][m - 1]


def _argmax(counter: dict[str, float]) -> str:
    return max(counter.items(), key=lambda kv: kv[1])[0]


def _sum_by(rows, key, value):
    out: dict[str, float] = {}
    for r in rows:
        if r[value] is not None:
            out[r[key]] = out.get(r[key], 0) + r[value]
    return out


def _grams(r) -> float:
    return r["weight_value"] * {"g": 1, "kg": 1000, "lb": LB}[r["weight_unit"]]


def _celsius(r) -> float:  # from the file's rounded value, as an analyst would compute it
    return r["temp"] if r["unit"] == "C" else (r["temp"] - 32) * 5 / 9


TASKS: list[Task] = [
    # --- easy
    Task("orders-count", "easy", "How many orders (rows) are in sales.csv?", lambda t: len(t.sales)),
    Task("employees-count", "easy", "How many employees are listed in employees.tsv?", lambda t: len(t.employees)),
    Task(
        "log-errors",
        "easy",
        "How many lines of server.log have the level ERROR?",
        lambda t: sum(r["level"] == "ERROR" for r in t.log),
    ),
    Task(
        "max-salary",
        "easy",
        "What is the highest salary in employees.tsv?",
        lambda t: max(_with(t.employees, "salary")),
    ),
    Task(
        "products-distinct",
        "easy",
        "How many distinct products are there in sales.csv?",
        lambda t: len({r["product"] for r in t.sales}),
    ),
    Task("weather-count", "easy", "How many records are in weather.json?", lambda t: len(t.weather)),
    Task(
        "out-of-stock",
        "easy",
        "How many items in inventory.csv have a stock of 0?",
        lambda t: sum(r["stock"] == 0 for r in t.inventory),
    ),
    Task(
        "total-stock",
        "easy",
        "What is the total stock (sum of the stock column) in inventory.csv?",
        lambda t: sum(r["stock"] for r in t.inventory),
    ),
    Task(
        "sales-dept-count",
        "easy",
        "How many employees work in the Sales department (employees.tsv)?",
        lambda t: sum(r["department"] == "Sales" for r in t.employees),
    ),
    Task(
        "oldest-age",
        "easy",
        "What is the age of the oldest employee in employees.tsv?",
        lambda t: max(r["age"] for r in t.employees),
    ),
    Task("log-lines", "easy", "How many lines does server.log have?", lambda t: len(t.log)),
    # --- medium
    Task(
        "sales-total",
        "medium",
        "What is the total of the amount column in sales.csv?",
        lambda t: round(sum(_with(t.sales, "amount")), 2),
    ),
    Task(
        "eng-avg-salary",
        "medium",
        "What is the average salary in the Engineering department (employees.tsv)?",
        lambda t: statistics.mean(r["salary"] for r in t.employees if r["department"] == "Engineering" and r["salary"]),
    ),
    Task(
        "missing-quantity",
        "medium",
        "How many orders in sales.csv have no quantity?",
        lambda t: sum(r["quantity"] is None for r in t.sales),
    ),
    Task(
        "top-region-orders",
        "medium",
        "Which region has the most orders in sales.csv?",
        lambda t: Counter(r["region"] for r in t.sales).most_common(1)[0][0],
        "text",
    ),
    Task(
        "server-5xx",
        "medium",
        "How many requests in server.log got a 5xx status code?",
        lambda t: sum(r["status"] >= 500 for r in _requests(t)),
    ),
    Task(
        "mean-latency",
        "medium",
        "What is the mean response time in milliseconds of the requests in server.log?",
        lambda t: statistics.mean(r["ms"] for r in _requests(t)),
    ),
    Task(
        "top-product-qty",
        "medium",
        "Which product has the highest total quantity sold in sales.csv?",
        lambda t: _argmax(_sum_by(t.sales, "product", "quantity")),
        "text",
    ),
    Task(
        "missing-salary",
        "medium",
        "How many employees in employees.tsv have no salary recorded?",
        lambda t: sum(r["salary"] is None for r in t.employees),
    ),
    Task(
        "mean-rain",
        "medium",
        "What is the average rain_mm in weather.json, ignoring missing values?",
        lambda t: statistics.mean(_with(t.weather, "rain_mm")),
    ),
    Task(
        "top-dept-salary",
        "medium",
        "Which department has the highest average salary in employees.tsv?",
        lambda t: _argmax(
            {
                d: statistics.mean(r["salary"] for r in t.employees if r["department"] == d and r["salary"])
                for d in {r["department"] for r in t.employees}
            }
        ),
        "text",
    ),
    Task(
        "top-path",
        "medium",
        "Which URL path is requested most often in server.log?",
        lambda t: Counter(r["path"] for r in _requests(t)).most_common(1)[0][0],
        "text",
    ),
    # --- hard
    Task(
        "march-total",
        "hard",
        "What is the total amount of the orders placed in March 2024 in sales.csv?",
        lambda t: round(sum(r["amount"] for r in t.sales if r["date"].month == 3 and r["amount"] is not None), 2),
    ),
    Task(
        "denver-celsius",
        "hard",
        "What is the average temperature of Denver in weather.json, in degrees Celsius?",
        lambda t: statistics.mean(_celsius(r) for r in t.weather if r["city"] == "Denver"),
    ),
    Task(
        "inventory-kg",
        "hard",
        "What is the total weight in kg of all the stock in inventory.csv (weight times stock)?",
        lambda t: sum(_grams(r) * r["stock"] for r in t.inventory) / 1000,
    ),
    Task(
        "q2-top-region",
        "hard",
        "Which region had the highest total amount in sales.csv from April to June 2024?",
        lambda t: _argmax(_sum_by([r for r in t.sales if 4 <= r["date"].month <= 6], "region", "amount")),
        "text",
    ),
    Task(
        "busiest-month",
        "hard",
        "In which month of 2024 were the most orders placed (sales.csv)?",
        lambda t: _month_name(Counter(r["date"].month for r in t.sales).most_common(1)[0][0]),
        "text",
    ),
    Task(
        "slowest-path",
        "hard",
        "Which URL path has the highest average response time in server.log?",
        lambda t: _argmax(
            {
                p: statistics.mean(r["ms"] for r in _requests(t) if r["path"] == p)
                for p in {r["path"] for r in _requests(t)}
            }
        ),
        "text",
    ),
    Task(
        "senior-high-earners",
        "hard",
        "How many employees in employees.tsv were hired in 2021 or later and earn more than 80000?",
        lambda t: sum(r["hire_date"].year >= 2021 and (r["salary"] or 0) > 80000 for r in t.employees),
    ),
    Task(
        "max-celsius",
        "hard",
        "What is the highest temperature in weather.json, in degrees Celsius?",
        lambda t: max(_celsius(r) for r in t.weather),
    ),
    Task(
        "error-rate",
        "hard",
        "What percentage of the requests in server.log got a status code of 400 or above?",
        lambda t: 100 * sum(r["status"] >= 400 for r in _requests(t)) / len(_requests(t)),
    ),
    Task(
        "amount-per-unit",
        "hard",
        "In sales.csv, what is the total amount divided by the total quantity, over orders that have both?",
        lambda t: (
            sum(r["amount"] for r in t.sales if r["amount"] is not None and r["quantity"] is not None)
            / sum(r["quantity"] for r in t.sales if r["amount"] is not None and r["quantity"] is not None)
        ),
    ),
    Task(
        "garden-grams",
        "hard",
        "What is the average weight in grams of the garden items in inventory.csv?",
        lambda t: statistics.mean(_grams(r) for r in t.inventory if r["category"] == "garden"),
    ),
]

# The subset the loop's aids were developed and ablated on (4 per difficulty).
DEV = [
    "weather-count",
    "sales-dept-count",
    "oldest-age",
    "log-lines",
    "sales-total",
    "top-product-qty",
    "mean-rain",
    "server-5xx",
    "march-total",
    "denver-celsius",
    "inventory-kg",
    "error-rate",
]

# Quick mode (CI): easy tasks the local model solves reliably with the full loop.
QUICK = ["orders-count", "weather-count", "out-of-stock"]


def references(seed: int | None = None) -> dict[str, Any]:
    t = truth() if seed is None else truth(seed)
    return {task.id: task.ref(t) for task in TASKS}


if __name__ == "__main__":
    for task, (tid, ref) in zip(TASKS, references().items()):
        print(f"{task.difficulty:<7} {tid:<20} {ref!r:<24} {task.question}")
