"""The evaluation's data files: generated from a seed, with the mess real files have.

`truth(seed)` builds clean records (the ground truth the reference answers are computed from);
`write_files(dir, seed)` renders them messily: "$1,234.50" amounts and missing values, three date
formats in one column, a tab-separated file, JSON with null fields and mixed units (C/F), a
server log with free-form lines between request lines, weights in g/kg/lb. Same seed, same bytes.
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEED = 20261123

REGIONS = ["North", "South", "East", "West"]
PRODUCTS = ["Widget", "Gadget", "Gizmo", "Doohickey", "Sprocket"]
DEPARTMENTS = ["Engineering", "Sales", "Marketing", "Support"]
FIRST = [
    "Ana",
    "Ben",
    "Chen",
    "Dara",
    "Eli",
    "Fatima",
    "Goran",
    "Hana",
    "Ivan",
    "Jia",
    "Kofi",
    "Lena",
    "Mateo",
    "Nora",
    "Omar",
    "Priya",
    "Quinn",
    "Rosa",
    "Sven",
    "Tariq",
    "Uma",
    "Victor",
    "Wen",
    "Xavier",
    "Yara",
    "Zane",
]
LAST = [
    "Alvarez",
    "Brown",
    "Costa",
    "Dubois",
    "Eriksen",
    "Fischer",
    "Garcia",
    "Horvat",
    "Ito",
    "Jensen",
    "Khan",
    "Larsen",
    "Moreau",
    "Novak",
    "Okafor",
    "Petrov",
    "Rossi",
    "Silva",
    "Tanaka",
    "Weber",
]
CITIES = ["Lisbon", "Oslo", "Cairo", "Denver", "Osaka"]
PATHS = ["/api/users", "/api/orders", "/api/products", "/api/search", "/health", "/login"]
CATEGORIES = ["tools", "hardware", "garden", "kitchen"]


@dataclass
class Truth:
    sales: list[dict[str, Any]] = field(default_factory=list)
    employees: list[dict[str, Any]] = field(default_factory=list)
    weather: list[dict[str, Any]] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)  # request lines and free-form lines
    inventory: list[dict[str, Any]] = field(default_factory=list)


def truth(seed: int = SEED) -> Truth:
    rng = random.Random(seed)
    t = Truth()
    start = dt.date(2024, 1, 1)
    for i in range(150):
        t.sales.append(
            {
                "order_id": 1001 + i,
                "date": start + dt.timedelta(days=rng.randrange(182)),  # January to June 2024
                "region": rng.choice(REGIONS),
                "product": rng.choices(PRODUCTS, weights=[5, 4, 3, 2, 2])[0],
                "quantity": None if rng.random() < 0.06 else rng.randint(1, 20),
                "amount": None if rng.random() < 0.05 else round(rng.uniform(15, 2500), 2),
                "date_style": rng.choice(["iso", "us", "text"]),
            }
        )
    names = rng.sample([f"{first} {last}" for first in FIRST for last in LAST], 48)
    for i, name in enumerate(names):
        dept = rng.choices(DEPARTMENTS, weights=[4, 3, 2, 2])[0]
        base = {"Engineering": 95000, "Sales": 70000, "Marketing": 72000, "Support": 55000}[dept]
        t.employees.append(
            {
                "emp_id": f"E{100 + i}",
                "name": name,
                "department": dept,
                "salary": None if rng.random() < 0.08 else base + rng.randrange(-15000, 30000, 500),
                "hire_date": dt.date(2015, 1, 1) + dt.timedelta(days=rng.randrange(3600)),
                "age": rng.randint(22, 64),
                "remote": rng.random() < 0.4,
            }
        )
    for day in range(14):
        for city in CITIES:
            if rng.random() < 0.15:
                continue
            celsius = {"Lisbon": 24, "Oslo": 16, "Cairo": 34, "Denver": 27, "Osaka": 29}[city] + rng.uniform(-5, 5)
            unit = "F" if city == "Denver" or rng.random() < 0.2 else "C"
            t.weather.append(
                {
                    "city": city,
                    "date": (dt.date(2024, 7, 1) + dt.timedelta(days=day)).isoformat(),
                    "celsius": round(celsius, 1),
                    "unit": unit,
                    "temp": round(celsius, 1) if unit == "C" else round(celsius * 9 / 5 + 32, 1),
                    "rain_mm": None if rng.random() < 0.3 else round(rng.choice([0.0, 0.0, rng.uniform(0.2, 30)]), 1),
                }
            )
    when = dt.datetime(2024, 5, 1, 8, 0, 0)
    for _ in range(320):
        when += dt.timedelta(seconds=rng.randint(1, 90))
        if rng.random() < 0.12:
            level, text = rng.choice(
                [
                    ("WARN", "cache miss ratio high"),
                    ("ERROR", "db connection timeout after 5000ms"),
                    ("INFO", "worker heartbeat ok"),
                    ("ERROR", "payment provider returned malformed JSON"),
                    ("WARN", "slow query detected on orders table"),
                ]
            )
            t.log.append({"ts": when, "level": level, "message": text, "request": False})
            continue
        path = rng.choices(PATHS, weights=[5, 4, 3, 3, 2, 1])[0]
        status = rng.choices([200, 201, 204, 301, 400, 404, 500, 503], weights=[60, 8, 4, 2, 5, 8, 4, 2])[0]
        ms = int(rng.lognormvariate(4.2, 0.6)) + (300 if path == "/api/search" else 0)
        level = "ERROR" if status >= 500 else "WARN" if status >= 400 else "INFO"
        t.log.append(
            {
                "ts": when,
                "level": level,
                "request": True,
                "method": rng.choice(["GET", "GET", "GET", "POST"]),
                "path": path,
                "status": status,
                "ms": ms,
            }
        )
    for i in range(36):
        grams = rng.choice([rng.uniform(50, 950), rng.uniform(1000, 25000)])
        unit = rng.choice(["g", "kg", "lb"])
        shown = {"g": round(grams), "kg": round(grams / 1000, 2), "lb": round(grams / 453.59237, 2)}[unit]
        t.inventory.append(
            {
                "sku": f"SKU-{3000 + i * 7}",
                "item": f"{rng.choice(['Steel', 'Oak', 'Copper', 'Rubber', 'Glass'])} "
                f"{rng.choice(['Hammer', 'Bracket', 'Pot', 'Hose', 'Shelf', 'Valve', 'Lamp'])}",
                "category": rng.choice(CATEGORIES),
                "weight_value": shown,
                "weight_unit": unit,
                "stock": 0 if rng.random() < 0.15 else rng.randint(1, 120),
                "price": round(rng.uniform(2, 300), 2),
            }
        )
    return t


# --- rendering: the mess ------------------------------------------------------------------------


def _money(x: float | None) -> str:
    return "" if x is None else f"${x:,.2f}"


def _date(d: dt.date, style: str) -> str:
    if style == "us":
        return d.strftime("%m/%d/%Y")
    if style == "text":
        return f"{d.day} {d.strftime('%b')} {d.year}"
    return d.isoformat()


def write_files(target: Path, seed: int = SEED) -> list[str]:
    """Write the data files into `target`; return their names."""
    t = truth(seed)
    target.mkdir(parents=True, exist_ok=True)
    with (target / "sales.csv").open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["order_id", "order_date", "region", "product", "quantity", "amount"])
        for r in t.sales:
            w.writerow(
                [
                    r["order_id"],
                    _date(r["date"], r["date_style"]),
                    r["region"],
                    r["product"],
                    "" if r["quantity"] is None else r["quantity"],
                    _money(r["amount"]),
                ]
            )
    with (target / "employees.tsv").open("w", newline="") as f:
        w = csv.writer(f, delimiter="\t")
        w.writerow(["emp_id", "name", "department", "salary", "hire_date", "age", "remote"])
        for r in t.employees:
            w.writerow(
                [
                    r["emp_id"],
                    r["name"],
                    r["department"],
                    "" if r["salary"] is None else r["salary"],
                    r["hire_date"].isoformat(),
                    r["age"],
                    "yes" if r["remote"] else "no",
                ]
            )
    weather = [{k: r[k] for k in ("city", "date", "temp", "unit", "rain_mm")} for r in t.weather]
    (target / "weather.json").write_text(json.dumps(weather, indent=1) + "\n")
    with (target / "server.log").open("w") as f:
        for r in t.log:
            stamp = r["ts"].strftime("%Y-%m-%dT%H:%M:%SZ")
            if r["request"]:
                f.write(f"{stamp} {r['level']:<5} http {r['method']} {r['path']} {r['status']} {r['ms']}ms\n")
            else:
                f.write(f"{stamp} {r['level']:<5} app {r['message']}\n")
    with (target / "inventory.csv").open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["sku", "item", "category", "weight", "stock", "price"])
        for r in t.inventory:
            w.writerow(
                [
                    r["sku"],
                    r["item"],
                    r["category"],
                    f"{r['weight_value']} {r['weight_unit']}",
                    r["stock"],
                    f"{r['price']:.2f}",
                ]
            )
    return ["sales.csv", "employees.tsv", "weather.json", "server.log", "inventory.csv"]


if __name__ == "__main__":
    import sys

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "eval-data")
    print("\n".join(str(out / n) for n in write_files(out)))
