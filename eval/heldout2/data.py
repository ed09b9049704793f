"""The second held-out set's data files: generated from a seed, with the mess real exports have.

`truth(seed)` builds the clean records (the ground truth the reference answers are computed from,
stdlib only); `write_files(dir, seed)` renders them messily into seven files:

- vehicles.json     a bus fleet from a REST API: the records under "data", next to pagination
                    "meta" and "links"; a nested "specs" object (fuel, seats, length)
- parts.txt         the workshop's parts catalogue as a fixed-width printed report: title lines,
                    a dashed rule, descriptions with spaces, prices like "1,249.00", a footer
- work_orders.csv   maintenance work orders: vehicle ids in mixed case ("bus-017", "Bus-017"),
                    the part line as text "Qty: 3 x 4.50 EUR", labour as "1h 20m" / "45m" / "2h",
                    some rows exported twice
- tickets.parquet   IT helpdesk tickets: timezone-aware UTC timestamps, categorical priority
                    (ordered), category and channel, "satisfied" as Y / yes / N / no / "" (no answer)
- agents.xlsx       the service desk's staff list: two title lines above the header on row 3
- expenses.csv      travel expense claims exported from a spreadsheet: ";" separator, amounts in
                    European format "1.234,56" but distances in ISO "123.5", a footer "Total" row
- energy.csv        daily energy meter readings of three buildings over 2023-2024 in LONG format
                    (date, building, meter, value), with missing days
Same seed, same bytes.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import math
import random
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

SEED = 9_130_002
LOCAL = ZoneInfo("Europe/Amsterdam")
UTC = dt.timezone.utc

DEPOTS = ["Westpark", "Eastgate", "Riverside"]
MODELS = {  # model: (fuel, typical seats, length in m)
    "Citaro": ("diesel", 36, 12.0),
    "Urbino 12": ("diesel", 34, 12.0),
    "Lion's City": ("diesel", 38, 12.2),
    "Citaro G": ("diesel", 50, 18.1),
    "eCitaro": ("electric", 32, 12.1),
    "Urbino 12 electric": ("electric", 30, 12.0),
    "Lion's City hybrid": ("hybrid", 37, 12.2),
}
PART_KINDS = {  # category: (code prefix, descriptions, price range in EUR)
    "Brakes": (
        "BRK",
        ["Brake pad set front", "Brake pad set rear", "Brake disc", "Brake caliper", "ABS sensor"],
        (40, 480),
    ),
    "Engine": ("ENG", ["Turbocharger", "Water pump", "Fan belt", "Injector", "Thermostat", "Glow plug"], (15, 1900)),
    "Electrical": (
        "ELE",
        ["Starter motor", "Alternator", "Battery module 24V", "Headlight unit", "Fuse kit"],
        (12, 2400),
    ),
    "Body": ("BDY", ["Wing mirror", "Door seal", "Windscreen wiper", "Bumper corner", "Seat cover"], (9, 650)),
    "Filters": ("FLT", ["Oil filter", "Air filter", "Fuel filter", "Cabin filter"], (8, 95)),
    "Tyres": ("TYR", ["Tyre 275/70 R22.5", "Tyre 295/80 R22.5", "Inner tube", "Wheel nut set"], (18, 520)),
}
TEAMS = ["Network", "Workplace", "Applications"]
TICKET_CATEGORIES = ["access", "hardware", "network", "software"]
PRIORITIES = ["low", "normal", "high", "urgent"]
CHANNELS = ["email", "phone", "portal"]
EXPENSE_CATEGORIES = ["Hotel", "Train", "Flight", "Meals", "Taxi", "Mileage"]
MILEAGE_RATE = 0.30
BUILDINGS = ["Main Hall", "Lab Wing", "Sports Centre"]
METERS = ["electricity_kwh", "heat_kwh"]
FIRST = ["Anouk", "Bas", "Chiara", "Daan", "Elif", "Femke", "Gijs", "Hanna", "Ivo", "Jana", "Koen", "Lotte", "Milan"]
FIRST += ["Noor", "Olaf", "Priya", "Rik", "Sanne", "Teun", "Vera", "Wout", "Yara", "Zeno", "Lena", "Mats"]
LAST = ["de Vries", "Jansen", "Bakker", "Visser", "Smit", "Meijer", "Mulder", "Bos", "Vos", "Peters", "Hendriks"]
LAST += ["Dekker", "Brouwer", "Kok", "Postma", "Kuipers", "Veenstra", "Brandt", "Schouten", "Willems"]
TICKETS_EXPORTED = dt.datetime(2024, 7, 1, 6, 0, tzinfo=UTC)


@dataclass
class Truth:
    vehicles: list[dict[str, Any]] = field(default_factory=list)
    parts: list[dict[str, Any]] = field(default_factory=list)
    work_orders: list[dict[str, Any]] = field(default_factory=list)  # one per work order (no duplicates)
    agents: list[dict[str, Any]] = field(default_factory=list)
    tickets: list[dict[str, Any]] = field(default_factory=list)
    expenses: list[dict[str, Any]] = field(default_factory=list)
    energy: list[dict[str, Any]] = field(default_factory=list)  # only the readings present in the file


def _fleet(rng: random.Random, t: Truth) -> None:
    numbers = sorted(rng.sample(range(1, 140), 60))
    for n in numbers:
        model = rng.choices(list(MODELS), weights=[5, 4, 3, 2, 3, 2, 2])[0]
        fuel, seats, length = MODELS[model]
        first_year = 2018 if fuel == "electric" else 2008
        commissioned = dt.date(rng.randint(first_year, 2023), rng.randint(1, 12), rng.randint(1, 28))
        age = (dt.date(2024, 7, 1) - commissioned).days / 365.25
        t.vehicles.append(
            {
                "id": f"BUS-{n:03d}",
                "model": model,
                "depot": rng.choices(DEPOTS, weights=[4, 3, 3])[0],
                "commissioned": commissioned,
                "odometer_km": int(age * rng.uniform(42_000, 68_000)) + rng.randrange(500, 3000),
                "fuel": fuel,
                "seats": seats + rng.choice([-2, 0, 0, 0, 2]),
                "length_m": length,
                "id_styles": rng.choice([["upper"], ["upper", "lower"], ["upper", "lower", "title"]]),
            }
        )
    rng.shuffle(t.vehicles)

    codes: set[str] = set()
    for category, (prefix, names, (low, high)) in PART_KINDS.items():
        for name in names:
            code = f"{prefix}-{rng.randrange(100, 9999):04d}"
            while code in codes:
                code = f"{prefix}-{rng.randrange(100, 9999):04d}"
            codes.add(code)
            price = round(math.exp(rng.uniform(math.log(low), math.log(high))), 2)
            t.parts.append(
                {"code": code, "name": name, "category": category, "price": price, "stock": rng.randint(0, 60)}
            )
    rng.shuffle(t.parts)

    part_weight = {"Brakes": 5, "Engine": 2, "Electrical": 2, "Body": 3, "Filters": 7, "Tyres": 3}
    vehicle_weight = [rng.lognormvariate(0, 0.5) * (1.3 if v["fuel"] == "diesel" else 1.0) for v in t.vehicles]
    days = [d for d in (dt.date(2024, 1, 2) + dt.timedelta(days=i) for i in range(180)) if d.weekday() < 5]
    for i in range(330):
        part = rng.choices(t.parts, weights=[part_weight[p["category"]] for p in t.parts])[0]
        vehicle = rng.choices(t.vehicles, weights=vehicle_weight)[0]
        qty = rng.choice([1, 1, 2, 4, 6]) if part["category"] == "Filters" else rng.choice([1, 1, 1, 2, 2, 4])
        discount = rng.choice([0.0, 0.0, 0.0, 0.05, 0.1])
        t.work_orders.append(
            {
                "wo_id": 24001 + i,
                "opened": rng.choice(days),
                "vehicle": vehicle["id"],
                "vehicle_raw": _spell_vehicle(vehicle["id"], rng.choice(vehicle["id_styles"])),
                "part": part["code"],
                "qty": qty,
                "unit_price": round(part["price"] * (1 - discount), 2),
                "labour_min": 5 * rng.randint(3, 60),
            }
        )
    t.work_orders.sort(key=lambda w: (w["opened"], w["wo_id"]))
    for i, w in enumerate(t.work_orders):
        w["wo_id"] = 24001 + i


def _spell_vehicle(vid: str, style: str) -> str:
    return {"upper": vid, "lower": vid.lower(), "title": vid.title()}[style]


def _helpdesk(rng: random.Random, t: Truth) -> None:
    names = rng.sample([(f, s) for f in FIRST for s in LAST], 14)
    logins: set[str] = set()
    for i, (first, last) in enumerate(names):
        login = (first[0] + last.split()[-1]).lower()
        while login in logins:
            login += "2"
        logins.add(login)
        t.agents.append(
            {
                "login": login,
                "name": f"{first} {last}",
                "team": TEAMS[i % 3] if i < 12 else rng.choice(TEAMS),
                "level": rng.choice(["1st line", "1st line", "2nd line"]),
                "started": dt.date(rng.randint(2011, 2023), rng.randint(1, 12), rng.randint(1, 28)),
                "hours": rng.choice([40, 40, 36, 32, 24]),
            }
        )
    home = {"network": "Network", "hardware": "Workplace", "access": "Applications", "software": "Applications"}
    agent_weight = [rng.uniform(0.5, 2.0) for _ in t.agents]
    median_hours = {"low": 40.0, "normal": 18.0, "high": 7.0, "urgent": 2.5}
    day_weight = [1.2, 1.1, 1.0, 1.0, 0.9, 0.15, 0.1]
    days = [dt.date(2024, 1, 1) + dt.timedelta(days=i) for i in range(182)]
    hour_weight = [0.2, 0.1, 0.1, 0.1, 0.2, 0.4, 1, 3, 7, 9, 8, 7, 5, 7, 8, 7, 6, 4, 2, 1.5, 1, 0.7, 0.5, 0.3]
    for _ in range(430):
        day = rng.choices(days, weights=[day_weight[d.weekday()] for d in days])[0]
        local = dt.datetime.combine(day, dt.time(rng.choices(range(24), weights=hour_weight)[0], rng.randrange(60)))
        opened = local.replace(tzinfo=LOCAL).astimezone(UTC).replace(second=rng.randrange(60))
        category = rng.choices(TICKET_CATEGORIES, weights=[3, 3, 2, 4])[0]
        priority = rng.choices(PRIORITIES, weights=[3, 6, 3, 1])[0]
        if rng.random() < 0.03:
            agent = None
        else:
            team = home[category] if rng.random() < 0.8 else rng.choice(TEAMS)
            pool = [(a, w) for a, w in zip(t.agents, agent_weight) if a["team"] == team]
            agent = rng.choices([a for a, _ in pool], weights=[w for _, w in pool])[0]["login"]
        hours = rng.lognormvariate(math.log(median_hours[priority]), 0.8)
        closed = opened + dt.timedelta(seconds=int(hours * 3600))
        if agent is None or rng.random() < 0.03 or closed > TICKETS_EXPORTED:
            closed = None
        satisfied = None
        if closed is not None and rng.random() < 0.6:
            satisfied = rng.random() < (0.85 if hours < 24 else 0.55)
        t.tickets.append(
            {
                "opened": opened,
                "closed": closed,
                "category": category,
                "priority": priority,
                "channel": rng.choices(CHANNELS, weights=[4, 2, 5])[0],
                "agent": agent,
                "satisfied": satisfied,
                "yes_no": rng.choice([("Y", "N"), ("yes", "no"), ("Y", "no")]),
            }
        )
    t.tickets.sort(key=lambda r: r["opened"])
    for i, r in enumerate(t.tickets):
        r["ticket_id"] = 880_001 + i


def _expenses(rng: random.Random, t: Truth) -> None:
    staff = [f"{f} {s}" for f, s in rng.sample([(f, s) for f in FIRST for s in LAST], 12)]
    staff_weight = [rng.uniform(0.4, 2.0) for _ in staff]
    days = [d for d in (dt.date(2024, 1, 2) + dt.timedelta(days=i) for i in range(180)) if d.weekday() < 5]
    for _ in range(270):
        category = rng.choices(EXPENSE_CATEGORIES, weights=[4, 5, 2, 5, 3, 4])[0]
        km = None
        if category == "Hotel":
            amount = rng.randint(1, 5) * rng.uniform(85, 260)
        elif category == "Flight":
            amount = rng.uniform(140, 1450)
        elif category == "Train":
            amount = rng.uniform(19, 240)
        elif category == "Meals":
            amount = rng.uniform(8, 95)
        elif category == "Taxi":
            amount = rng.uniform(12, 85)
        else:
            km = round(rng.uniform(12, 480), 1)
            amount = km * MILEAGE_RATE
        t.expenses.append(
            {
                "date": rng.choice(days),
                "employee": rng.choices(staff, weights=staff_weight)[0],
                "category": category,
                "amount": round(amount, 2),
                "km": km,
            }
        )
    t.expenses.sort(key=lambda e: e["date"])
    for i, e in enumerate(t.expenses):
        e["claim_id"] = 3001 + i


def _energy(rng: random.Random, t: Truth) -> None:
    size = {"Main Hall": 1.0, "Lab Wing": 1.6, "Sports Centre": 0.8}
    heat_share = {"Main Hall": 1.0, "Lab Wing": 0.8, "Sports Centre": 1.5}
    outage = (dt.date(2024, 5, 13), dt.date(2024, 5, 21))  # the Lab Wing's electricity meter was offline
    day = dt.date(2023, 1, 1)
    while day <= dt.date(2024, 12, 31):
        doy = day.timetuple().tm_yday
        cold = 0.5 + 0.5 * math.cos((doy - 15) / 365.25 * 2 * math.pi)  # 1 in mid-January, 0 in mid-July
        if dt.date(2023, 12, 4) <= day <= dt.date(2023, 12, 22):
            cold += 0.2  # a cold spell in December 2023
        weekend = day.weekday() >= 5
        for b in BUILDINGS:
            busy = (0.55 if weekend else 1.0) if b != "Sports Centre" else (1.15 if weekend else 0.9)
            elec = size[b] * 900 * busy * (0.9 + 0.2 * cold) * rng.uniform(0.9, 1.1)
            heat = size[b] * heat_share[b] * (150 + 1500 * cold) * (0.8 if weekend else 1.0) * rng.uniform(0.85, 1.15)
            for meter, value in zip(METERS, (elec, heat)):
                lost = rng.random() < 0.035 or (
                    b == "Lab Wing" and meter == "electricity_kwh" and outage[0] <= day <= outage[1]
                )
                if not lost:
                    t.energy.append({"date": day, "building": b, "meter": meter, "value": round(value, 1)})
        day += dt.timedelta(days=1)


def truth(seed: int = SEED) -> Truth:
    t = Truth()
    # one random stream per topic, so that changing one topic's generator leaves the others' data alone
    for name, build in (("fleet", _fleet), ("helpdesk", _helpdesk), ("expenses", _expenses), ("energy", _energy)):
        build(random.Random(f"{seed}/{name}"), t)
    return t


# --- rendering: the mess ------------------------------------------------------------------------


def _eu(x: float) -> str:  # 1234.5 -> "1.234,50"
    return f"{x:,.2f}".replace(",", " ").replace(".", ",").replace(" ", ".")


def _labour(minutes: int) -> str:
    h, m = divmod(minutes, 60)
    return " ".join(([f"{h}h"] if h else []) + ([f"{m}m"] if m else []))


def _write_vehicles(t: Truth, path: Path) -> None:
    records = [
        {
            "id": v["id"],
            "model": v["model"],
            "depot": v["depot"],
            "commissioned": v["commissioned"].isoformat(),
            "odometer_km": v["odometer_km"],
            "specs": {"fuel": v["fuel"], "seats": v["seats"], "length_m": v["length_m"]},
        }
        for v in t.vehicles
    ]
    body = {
        "data": records,
        "meta": {"page": 1, "per_page": 100, "total": len(records), "total_pages": 1},
        "links": {"self": "https://fleet.example.org/api/v2/vehicles?page=1", "next": None},
    }
    path.write_text(json.dumps(body, indent=2) + "\n", encoding="utf-8")


def _write_parts(t: Truth, path: Path) -> None:
    lines = [
        "CITY TRANSIT WORKSHOP - SPARE PARTS CATALOGUE",
        "Prices in EUR excl. VAT                                        printed 2024-07-01",
        "",
        f"{'CODE':<10}{'DESCRIPTION':<28}{'CATEGORY':<14}{'UNIT PRICE':>12}{'IN STOCK':>10}",
        f"{'-' * 8:<10}{'-' * 26:<28}{'-' * 12:<14}{'-' * 12:>12}{'-' * 8:>10}",
    ]
    for p in sorted(t.parts, key=lambda p: p["code"]):
        lines.append(f"{p['code']:<10}{p['name']:<28}{p['category']:<14}{p['price']:>12,.2f}{p['stock']:>10}")
    lines += ["-" * 74, f"{len(t.parts)} parts listed{'page 1 of 1':>61}"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _write_work_orders(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/work_orders.csv")
    rows = [
        [
            w["wo_id"],
            w["opened"].isoformat(),
            w["vehicle_raw"],
            w["part"],
            f"Qty: {w['qty']} x {w['unit_price']:.2f} EUR",
            _labour(w["labour_min"]),
        ]
        for w in t.work_orders
    ]
    for i in sorted(rng.sample(range(len(rows)), 14), reverse=True):  # exported twice
        rows.insert(i + rng.choice([1, 1, 2, 5]), list(rows[i]))
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["wo_id", "opened", "vehicle", "part", "line", "labour"])
        w.writerows(rows)


def _dictionary(values: list[str], categories: list[str], ordered: bool = False):
    import pyarrow as pa

    return pa.DictionaryArray.from_arrays(
        pa.array([categories.index(v) for v in values], pa.int8()), pa.array(categories), ordered=ordered
    )


def _write_tickets(t: Truth, path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    def answer(r) -> str:
        return "" if r["satisfied"] is None else r["yes_no"][0 if r["satisfied"] else 1]

    ts = pa.timestamp("s", tz="UTC")
    table = pa.table(
        {
            "ticket_id": pa.array([r["ticket_id"] for r in t.tickets], pa.int32()),
            "opened_at": pa.array([r["opened"] for r in t.tickets], ts),
            "closed_at": pa.array([r["closed"] for r in t.tickets], ts),
            "priority": _dictionary([r["priority"] for r in t.tickets], PRIORITIES, ordered=True),
            "category": _dictionary([r["category"] for r in t.tickets], TICKET_CATEGORIES),
            "channel": _dictionary([r["channel"] for r in t.tickets], CHANNELS),
            "agent": pa.array([r["agent"] for r in t.tickets], pa.string()),
            "satisfied": pa.array([answer(r) for r in t.tickets], pa.string()),
        }
    )
    pq.write_table(table, path, compression="snappy")


def _write_agents(t: Truth, path: Path) -> None:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Staff"
    ws.append(["IT Service Desk - staff list"])
    ws.append(["Status as of 1 July 2024 (confidential)"])
    ws.append(["Login", "Name", "Team", "Level", "Started", "Hours/week"])
    for a in sorted(t.agents, key=lambda a: (a["team"], a["name"])):
        ws.append([a["login"], a["name"], a["team"], a["level"], a["started"], a["hours"]])
        ws.cell(row=ws.max_row, column=5).number_format = "DD-MM-YYYY"
    fixed = dt.datetime(2024, 7, 1, 8, 0, 0)
    wb.properties.created = fixed
    wb.properties.modified = fixed
    wb.properties.creator = "Service Desk"
    raw = io.BytesIO()
    wb.save(raw)
    # openpyxl stamps the save time into the zip entries and docProps/core.xml: pin both
    with zipfile.ZipFile(io.BytesIO(raw.getvalue())) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                data = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"2024-07-01T08:00:00Z", data)
            out.writestr(zipfile.ZipInfo(info.filename, date_time=(2024, 7, 1, 8, 0, 0)), data, zipfile.ZIP_DEFLATED)


def _write_expenses(t: Truth, path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, delimiter=";", lineterminator="\n")
        w.writerow(["claim_id", "date", "employee", "category", "amount_eur", "km"])
        for e in t.expenses:
            km = "" if e["km"] is None else f"{e['km']:.1f}"
            w.writerow([e["claim_id"], e["date"].isoformat(), e["employee"], e["category"], _eu(e["amount"]), km])
        total_km = sum(e["km"] for e in t.expenses if e["km"] is not None)
        w.writerow(["Total", "", "", "", _eu(sum(e["amount"] for e in t.expenses)), f"{total_km:.1f}"])


def _write_energy(t: Truth, path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["date", "building", "meter", "value"])
        for r in t.energy:
            w.writerow([r["date"].isoformat(), r["building"], r["meter"], f"{r['value']:.1f}"])


FILES = [
    "vehicles.json",
    "parts.txt",
    "work_orders.csv",
    "tickets.parquet",
    "agents.xlsx",
    "expenses.csv",
    "energy.csv",
]


def write_files(target: Path, seed: int = SEED) -> list[str]:
    """Write the data files into `target`; return their names."""
    t = truth(seed)
    target = Path(target)
    target.mkdir(parents=True, exist_ok=True)
    _write_vehicles(t, target / "vehicles.json")
    _write_parts(t, target / "parts.txt")
    _write_work_orders(t, target / "work_orders.csv", seed)
    _write_tickets(t, target / "tickets.parquet")
    _write_agents(t, target / "agents.xlsx")
    _write_expenses(t, target / "expenses.csv")
    _write_energy(t, target / "energy.csv")
    return list(FILES)


if __name__ == "__main__":
    import sys

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout2-data")
    print("\n".join(str(out / n) for n in write_files(out)))
