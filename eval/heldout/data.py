"""The held-out evaluation's data files: generated from a seed, with the mess real public data has.

`truth(seed)` builds the clean records (the ground truth the reference answers are computed from,
stdlib only); `write_files(dir, seed)` renders them messily into seven files of kinds the
development set does not have:

- trips.parquet        city bike trips (typed columns; durations only as start/end timestamps,
                       missing end times, station names with stray trailing spaces)
- air_quality.csv      hourly air-quality readings: a title line above the header, `;` separator,
                       decimal commas, day-first "dd/mm/yyyy HH:MM" times, negative temperatures,
                       missing values written "", "NA", "-", "n/a"
- loans.jsonl          library loans, one JSON object a line: ISBNs spelled three ways, "renewed"
                       as yes/no/Y/N/true/false (strings and JSON booleans), absent fine fields
- books.json           the library's catalogue as nested JSON (authors as a list of objects named
                       "Lastname, Firstname", published/ratings sub-objects, subject lists)
- clinic.sqlite        a clinic's SQLite database: tables patients and appointments
- retail.xlsx          a retailer's workbook, sheets Stores (ids "ST-007", "12.5%" text shares)
                       and Targets (a title line and a blank line above the header)
- store_revenue.csv    monthly revenue per store as a WIDE table (one column per month),
                       "12,345" thousands separators, store ids spelled "st7", "ST07", "St-7", ...
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
import sqlite3
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEED = 7_770_001

STATIONS = [
    "Harbour Square",
    "Central Library",
    "Mill Street",
    "University North",
    "Riverside Park",
    "Old Town Hall",
    "Market Hall",
    "Canal Bridge",
    "Stadium East",
    "Botanic Garden",
    "Railway Station",
    "Hospital Gate",
]
AIR_STATIONS = ["Central", "Ringroad"]
BRANCHES = ["Central", "Eastside", "Harbour"]
PUBLISHERS = ["Northwind Press", "Harbor & Finch", "Bluebell Books", "Kestrel House", "Old Mill Publishing", "Greyline"]
SUBJECTS = [
    "fiction",
    "mystery",
    "history",
    "science",
    "biography",
    "travel",
    "cooking",
    "poetry",
    "fantasy",
    "children",
]
FIRST = [
    "Aiko",
    "Bram",
    "Carmen",
    "Dmitri",
    "Esther",
    "Farid",
    "Greta",
    "Hugo",
    "Ines",
    "Jonas",
    "Kaia",
    "Luca",
    "Maren",
    "Nikolai",
    "Olga",
    "Pablo",
    "Ruth",
    "Stefan",
    "Tomas",
    "Ulla",
    "Vera",
    "Willem",
    "Yusuf",
    "Zofia",
    "Amara",
    "Bjorn",
    "Chidi",
    "Delia",
    "Emil",
    "Freya",
]
LAST = [
    "Andersen",
    "Bakker",
    "Castillo",
    "Dimitrov",
    "Engel",
    "Ferreira",
    "Gruber",
    "Haas",
    "Iqbal",
    "Janssen",
    "Kowalski",
    "Lindqvist",
    "Mensah",
    "Nieminen",
    "Oliveira",
    "Popescu",
    "Quist",
    "Richter",
    "Szabo",
    "Toivonen",
    "Ueda",
    "Vasquez",
    "Wojcik",
    "Yilmaz",
    "Zeller",
    "Brennan",
    "Carvalho",
    "Duarte",
]
TITLE_ADJ = [
    "Silent",
    "Crimson",
    "Hidden",
    "Last",
    "Northern",
    "Broken",
    "Golden",
    "Quiet",
    "Distant",
    "Winter",
    "Paper",
    "Salt",
]
TITLE_NOUN = [
    "Harbour",
    "Garden",
    "Lighthouse",
    "Archive",
    "River",
    "Orchard",
    "Map",
    "Bridge",
    "Kingdom",
    "Clock",
    "Tide",
    "Letter",
]
TITLE_THING = ["Salt", "Bread", "Clocks", "Bridges", "Maps", "Tea", "Glass", "Rivers", "Railways", "Spices"]
DOMAINS = ["gmail.com", "outlook.com", "yahoo.com", "proton.me", "web.de", "posteo.de", "icloud.com"]
INSURERS = ["HealthFirst", "Unity Care", "Meridian Mutual", "CivicHealth"]
DEPARTMENTS = ["General practice", "Cardiology", "Dermatology", "Physiotherapy"]
CITIES = ["Porto", "Ghent", "Aarhus", "Graz", "Bologna", "Tampere", "Brno"]
FORMATS = ["Mall", "High street", "Outlet"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
AIR_START = dt.datetime(2024, 2, 12, 0, 0)  # a Monday; five weeks of hourly readings (to 17 March)
AIR_HOURS = 35 * 24
LOANS_EXPORTED = dt.date(2024, 6, 30)


@dataclass
class Truth:
    trips: list[dict[str, Any]] = field(default_factory=list)
    air: list[dict[str, Any]] = field(default_factory=list)
    books: list[dict[str, Any]] = field(default_factory=list)
    loans: list[dict[str, Any]] = field(default_factory=list)
    patients: list[dict[str, Any]] = field(default_factory=list)
    appointments: list[dict[str, Any]] = field(default_factory=list)
    stores: list[dict[str, Any]] = field(default_factory=list)
    # one row per store and month (Jan 2023 .. Dec 2024); revenue None when not open or not reported
    revenue: list[dict[str, Any]] = field(default_factory=list)


def _isbn13(rng: random.Random) -> str:
    digits = [9, 7, 8] + [rng.randrange(10) for _ in range(9)]
    check = (10 - sum(d * (1 if i % 2 == 0 else 3) for i, d in enumerate(digits)) % 10) % 10
    return "".join(map(str, digits + [check]))


def _trips(rng: random.Random, t: Truth) -> None:
    days = [dt.date(2024, 4, 1) + dt.timedelta(days=i) for i in range(91)]  # Q2 2024, Monday 1 April .. Sunday 30 June
    day_weight = [rng.choice([0.4, 0.8, 1.0, 1.0, 1.2, 1.5]) * (1.3 if d.month > 4 else 1.0) for d in days]
    station_weight = [rng.uniform(1, 10) for _ in STATIONS]
    member_hours = [0.2, 0.1, 0.1, 0.1, 0.2, 0.6, 2, 6, 9, 5, 3, 3, 4, 3, 3, 4, 7, 9, 6, 4, 3, 2, 1, 0.5]
    casual_hours = [0.3, 0.2, 0.1, 0.1, 0.1, 0.2, 0.5, 1, 2, 3, 5, 7, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 0.6]
    for _ in range(400 + rng.randrange(60)):
        day = rng.choices(days, weights=day_weight)[0]
        weekend = day.weekday() >= 5
        rider = "casual" if rng.random() < (0.5 if weekend else 0.25) else "member"
        hour = rng.choices(range(24), weights=casual_hours if rider == "casual" else member_hours)[0]
        start = dt.datetime.combine(day, dt.time(hour, rng.randrange(60), rng.randrange(60)))
        bike = "electric" if rng.random() < 0.35 else "classic"
        seconds = rng.lognormvariate(math.log(660 if rider == "member" else 1300), 0.55 if rider == "member" else 0.65)
        seconds = int(min(max(seconds * (0.8 if bike == "electric" else 1.0), 95), 3 * 3600))
        start_station = rng.choices(STATIONS, weights=station_weight)[0]
        lost = rng.random() < 0.025
        if lost:
            end_station = None
        elif rng.random() < (0.2 if rider == "casual" else 0.04):
            end_station = start_station
        else:
            end_station = rng.choices(
                [s for s in STATIONS if s != start_station],
                weights=[w for s, w in zip(STATIONS, station_weight) if s != start_station],
            )[0]
        speed = (10 if rider == "casual" else 14) + (4 if bike == "electric" else 0)
        distance = None
        if not lost and rng.random() > 0.08:
            distance = round(
                seconds / 3600 * speed * (0.6 if end_station == start_station else 1.0) * rng.uniform(0.8, 1.1), 2
            )
        t.trips.append(
            {
                "ride_id": f"{rng.getrandbits(48):012X}",
                "started_at": start,
                "ended_at": None if lost else start + dt.timedelta(seconds=seconds),
                "start_station": start_station,
                "end_station": end_station,
                "rider_type": rider,
                "bike_type": bike,
                "distance_km": distance,
                # rendering: a stray trailing space on some station names
                "start_raw": start_station + (rng.choice([" ", "  "]) if rng.random() < 0.07 else ""),
                "end_raw": None if end_station is None else end_station + (" " if rng.random() < 0.07 else ""),
            }
        )
    t.trips.sort(key=lambda r: r["started_at"])


def _air(rng: random.Random, t: Truth) -> None:
    level = {s: 18.0 for s in AIR_STATIONS}
    day_level: dict[tuple[str, int], float] = {}
    day_temp: list[float] = []
    for d in range(AIR_HOURS // 24):
        episode = rng.random() < 0.15
        day_temp.append(rng.uniform(-4, 9) + d * 0.15)
        for s in AIR_STATIONS:
            level[s] = 0.55 * level[s] + 0.45 * rng.uniform(4, 30) + (rng.uniform(10, 22) if episode else 0)
            day_level[s, d] = level[s]
    outage = (AIR_START + dt.timedelta(days=15, hours=10), AIR_START + dt.timedelta(days=15, hours=21))
    for h in range(AIR_HOURS):
        at = AIR_START + dt.timedelta(hours=h)
        d = h // 24
        rush = 1.0 if at.hour in (7, 8, 9, 16, 17, 18) else 0.0
        temp = day_temp[d] + 4 * math.sin((at.hour - 9) / 24 * 2 * math.pi) + rng.uniform(-0.8, 0.8)
        for s in AIR_STATIONS:
            pm = (
                day_level[s, d]
                * (1.15 if s == "Ringroad" else 1.0)
                * (1 + 0.2 * math.cos((at.hour - 20) / 24 * 2 * math.pi))
            )
            pm = max(0.5, pm + rng.gauss(0, 3))
            no2 = 12 + 0.55 * pm + rush * rng.uniform(8, 20) + (14 if s == "Ringroad" else 0) + rng.gauss(0, 4)
            no2 = max(1.0, no2)
            rec = {
                "station": s,
                "at": at,
                "pm25": round(pm, 1),
                "no2": round(no2, 1),
                "temp": round(temp + (0.6 if s == "Central" else 0.0), 1),
            }
            for k in ("pm25", "no2", "temp"):
                if rng.random() < 0.035 or (s == "Central" and outage[0] <= at <= outage[1]):
                    rec[k] = None
            rec["na_style"] = rng.choice(["", "NA", "-", "n/a"])
            t.air.append(rec)


def _books_and_loans(rng: random.Random, t: Truth) -> None:
    authors = rng.sample([f"{last}, {first}" for first in FIRST for last in LAST], 40)
    author_weight = [rng.choice([1, 1, 1, 2, 3]) for _ in authors]
    publisher_weight = [6, 3, 4, 2, 3, 2]
    titles: set[str] = set()
    while len(titles) < 60:
        titles.add(
            rng.choice(
                [
                    lambda: f"The {rng.choice(TITLE_ADJ)} {rng.choice(TITLE_NOUN)}",
                    lambda: f"{rng.choice(TITLE_NOUN)} of {rng.choice(TITLE_ADJ)} {rng.choice(TITLE_NOUN)}s",
                    lambda: f"A History of {rng.choice(TITLE_THING)}",
                    lambda: f"{rng.choice(FIRST)}'s {rng.choice(TITLE_NOUN)}",
                ]
            )()
        )
    isbns: set[str] = set()
    while len(isbns) < 60:
        isbns.add(_isbn13(rng))
    shuffled = sorted(titles)  # (a set's order varies between processes: sort, then shuffle)
    rng.shuffle(shuffled)
    for title, isbn in zip(shuffled, sorted(isbns)):
        first_author = rng.choices(authors, weights=author_weight)[0]
        names = [first_author]
        if rng.random() < 0.12:
            names.append(rng.choice([a for a in authors if a != first_author]))
        t.books.append(
            {
                "isbn": isbn,
                "title": title,
                "authors": names,  # "Lastname, Firstname"
                "year": rng.randint(1952, 2023),
                "publisher": rng.choices(PUBLISHERS, weights=publisher_weight)[0],
                "pages": None if rng.random() < 0.08 else rng.randint(120, 720),
                "ratings_count": int(rng.lognormvariate(math.log(600), 1.3)) + 3,
                "rating": round(rng.uniform(2.8, 4.7), 2),
                "subjects": rng.sample(SUBJECTS, rng.choice([1, 1, 2, 2, 3])),
            }
        )
    rng.shuffle(t.books)
    popularity = [1 / (rank + 1) ** 0.8 for rank in range(len(t.books))]
    rng.shuffle(popularity)
    open_days = [d for d in (dt.date(2024, 1, 2) + dt.timedelta(days=i) for i in range(179)) if d.weekday() != 6]
    for _ in range(340):
        book = rng.choices(t.books, weights=popularity)[0]
        borrowed = rng.choice(open_days)
        renewed = rng.random() < 0.24
        due = borrowed + dt.timedelta(days=42 if renewed else 21)
        returned = None
        if rng.random() > 0.05:
            returned = borrowed + dt.timedelta(
                days=rng.choice([rng.randint(2, 21), rng.randint(7, 21), rng.randint(14, 42 if renewed else 30)])
            )
            if returned > LOANS_EXPORTED:
                returned = None
        late = 0 if returned is None else max(0, (returned - due).days)
        t.loans.append(
            {
                "member": f"M{rng.randint(1, 160):04d}",
                "branch": rng.choices(BRANCHES, weights=[5, 3, 2.5])[0],
                "isbn": book["isbn"],
                "borrowed": borrowed,
                "due": due,
                "returned": returned,
                "renewed": renewed,
                "fine_eur": round(min(late * 0.25, 10.0), 2),
                "isbn_style": rng.choices(["hyphen", "plain", "prefix"], weights=[6, 3, 1])[0],
                "renewed_style": rng.choice(["yesno", "YN", "bool", "boolstr"]),
            }
        )
    t.loans.sort(key=lambda r: r["borrowed"])
    for i, r in enumerate(t.loans):
        r["loan_id"] = 50001 + i


def _clinic(rng: random.Random, t: Truth) -> None:
    names = rng.sample([(f, s) for f in FIRST for s in LAST], 90)
    domain_weight = [8, 5, 3, 2, 3, 1, 2]
    for i, (first, last) in enumerate(names):
        domain = rng.choices(DOMAINS, weights=domain_weight)[0]
        user = rng.choice(
            [
                f"{first}.{last}".lower(),
                f"{first[0]}{last}".lower() + str(rng.randint(1, 99)),
                f"{last}.{first[0]}".lower(),
            ]
        )
        shown_domain = domain if rng.random() < 0.85 else rng.choice([domain.upper(), domain.capitalize()])
        t.patients.append(
            {
                "patient_id": f"P{i + 1:04d}",
                "first": first,
                "last": last,
                "birth_date": dt.date(1935, 1, 1) + dt.timedelta(days=rng.randrange(71 * 365)),
                "email": f"{user}@{shown_domain}",
                "domain": domain,
                "insurer": None if rng.random() < 0.07 else rng.choices(INSURERS, weights=[4, 3, 2, 2])[0],
            }
        )
    visit_weight = [rng.lognormvariate(0, 0.8) for _ in t.patients]
    days = [d for d in (dt.date(2024, 4, 1) + dt.timedelta(days=i) for i in range(89)) if d.weekday() < 5]
    no_show = {"General practice": 0.09, "Cardiology": 0.05, "Dermatology": 0.15, "Physiotherapy": 0.08}
    fee = {"General practice": 45.0, "Cardiology": 120.0, "Dermatology": 85.0, "Physiotherapy": 60.0}
    taken: set[tuple[str, dt.datetime]] = set()
    while len(t.appointments) < 410:
        dept = rng.choices(DEPARTMENTS, weights=[5, 2, 3, 3])[0]
        when = dt.datetime.combine(rng.choice(days), dt.time(8, 0)) + dt.timedelta(minutes=15 * rng.randrange(36))
        if (dept, when) in taken:
            continue
        taken.add((dept, when))
        patient = rng.choices(t.patients, weights=visit_weight)[0]
        u = rng.random()
        status = "no-show" if u < no_show[dept] else "cancelled" if u < no_show[dept] + 0.07 else "completed"
        age = 2024 - patient["birth_date"].year
        wait = None
        if status == "completed" and rng.random() > 0.05:
            wait = int(rng.lognormvariate(math.log(12 + age / 8), 0.6))
        t.appointments.append(
            {
                "patient_id": patient["patient_id"],
                "department": dept,
                "scheduled": when,
                "status": status,
                "wait_min": wait,
                "fee": fee[dept] if status == "completed" else 0.0,
            }
        )
    t.appointments.sort(key=lambda r: (r["scheduled"], r["department"]))
    for i, r in enumerate(t.appointments):
        r["appt_id"] = 7001 + i


def _retail(rng: random.Random, t: Truth) -> None:
    numbers = rng.sample(range(1, 46), 18)
    new = set(rng.sample(numbers, 4))  # opened during 2023
    season = [rng.uniform(0.8, 1.25) for _ in range(12)]
    for n in numbers:
        if n in new:
            opened = dt.date(2023, rng.randint(3, 10), rng.randint(2, 28))
        else:
            opened = dt.date(rng.randint(2008, 2022), rng.randint(1, 12), rng.randint(1, 28))
        area = rng.randrange(300, 2500, 10)
        fmt = rng.choices(FORMATS, weights=[3, 4, 2])[0]
        t.stores.append(
            {
                "store": n,
                "city": rng.choices(CITIES, weights=[3, 3, 2, 2, 3, 1, 2])[0],
                "format": fmt,
                "area_m2": area,
                "opened": opened,
                "online_share": None if rng.random() < 0.12 else round(rng.uniform(3, 28), 1),
                "manager": f"{rng.choice(LAST)}, {rng.choice(FIRST)}",
                "id_style": rng.choice(["st{n}", "ST{n:02d}", "St-{n}", "ST-{n:03d} ", "st {n:03d}"]),
            }
        )
        base = area * rng.uniform(70, 130) * {"Mall": 1.1, "High street": 1.0, "Outlet": 0.8}[fmt]
        growth = rng.uniform(-0.06, 0.12)
        full_2024 = 0.0
        for year in (2023, 2024):
            for month in range(1, 13):
                first_day = dt.date(year, month, 1)
                expected = base * season[month - 1] * rng.uniform(0.96, 1.04) * (1 + growth) ** (year - 2023)
                value: int | None = round(expected * rng.uniform(0.94, 1.06))
                if (opened.year, opened.month) == (year, month):
                    value = round(value * (1 - (opened.day - 1) / 31))
                elif opened > first_day:
                    value = None
                if year == 2024:
                    full_2024 += expected
                t.revenue.append(
                    {
                        "store": n,
                        "year": year,
                        "month": month,
                        "revenue": value,
                        "na_style": "" if value is None else rng.choice(["n/a", "-", ""]),
                    }
                )
        t.stores[-1]["target_2024"] = round(full_2024 * rng.uniform(0.9, 1.1), -3)
    # a few months a store did not report (after it had opened)
    reported = [r for r in t.revenue if r["revenue"] is not None]
    for r in rng.sample(reported, 6):
        r["revenue"] = None


def truth(seed: int = SEED) -> Truth:
    t = Truth()
    # one random stream per topic, so that changing one topic's generator leaves the others' data alone
    for name, build in (
        ("trips", _trips),
        ("air", _air),
        ("library", _books_and_loans),
        ("clinic", _clinic),
        ("retail", _retail),
    ):
        build(random.Random(f"{seed}/{name}"), t)
    return t


# --- rendering: the mess ------------------------------------------------------------------------


def _isbn(isbn: str, style: str) -> str:
    hyphen = f"{isbn[:3]}-{isbn[3]}-{isbn[4:8]}-{isbn[8:12]}-{isbn[12]}"
    return {"hyphen": hyphen, "plain": isbn, "prefix": f"ISBN {hyphen}"}[style]


def _yes_no(value: bool, style: str) -> Any:
    return {
        "yesno": "yes" if value else "no",
        "YN": "Y" if value else "N",
        "bool": value,
        "boolstr": "true" if value else "false",
    }[style]


def _comma(x: float | None, na: str) -> str:
    return na if x is None else f"{x:.1f}".replace(".", ",")


def _store_id(n: int, style: str) -> str:
    return style.format(n=n)


def _write_trips(t: Truth, path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = pa.schema(
        [
            ("ride_id", pa.string()),
            ("started_at", pa.timestamp("s")),
            ("ended_at", pa.timestamp("s")),
            ("start_station", pa.string()),
            ("end_station", pa.string()),
            ("rider_type", pa.string()),
            ("bike_type", pa.string()),
            ("distance_km", pa.float64()),
        ]
    )
    table = pa.table(
        {
            "ride_id": [r["ride_id"] for r in t.trips],
            "started_at": [r["started_at"] for r in t.trips],
            "ended_at": [r["ended_at"] for r in t.trips],
            "start_station": [r["start_raw"] for r in t.trips],
            "end_station": [r["end_raw"] for r in t.trips],
            "rider_type": [r["rider_type"] for r in t.trips],
            "bike_type": [r["bike_type"] for r in t.trips],
            "distance_km": [r["distance_km"] for r in t.trips],
        },
        schema=schema,
    )
    pq.write_table(table, path, compression="snappy")


def _write_air(t: Truth, path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as f:
        f.write("City Environment Office - hourly air quality means (PM2.5 and NO2 in ug/m3, Temp in degC)\n")
        w = csv.writer(f, delimiter=";", lineterminator="\n")
        w.writerow(["Station", "Date/time", "PM2.5", "NO2", "Temp"])
        for r in t.air:
            na = r["na_style"]
            w.writerow(
                [
                    r["station"],
                    r["at"].strftime("%d/%m/%Y %H:%M"),
                    _comma(r["pm25"], na),
                    _comma(r["no2"], na),
                    _comma(r["temp"], na),
                ]
            )


def _write_loans(t: Truth, path: Path) -> None:
    with path.open("w", encoding="utf-8") as f:
        for r in t.loans:
            rec: dict[str, Any] = {
                "loan_id": r["loan_id"],
                "member": r["member"],
                "branch": r["branch"],
                "isbn": _isbn(r["isbn"], r["isbn_style"]),
                "borrowed": r["borrowed"].isoformat(),
                "due": r["due"].isoformat(),
                "returned": None if r["returned"] is None else r["returned"].isoformat(),
                "renewed": _yes_no(r["renewed"], r["renewed_style"]),
            }
            if r["fine_eur"]:
                rec["fine_eur"] = r["fine_eur"]
            f.write(json.dumps(rec) + "\n")


def _write_books(t: Truth, path: Path) -> None:
    books = [
        {
            "isbn": b["isbn"],
            "title": b["title"],
            "authors": [{"name": a} for a in b["authors"]],
            "published": {"year": b["year"], "publisher": b["publisher"]},
            "pages": b["pages"],
            "ratings": {"count": b["ratings_count"], "average": b["rating"]},
            "subjects": b["subjects"],
        }
        for b in t.books
    ]
    path.write_text(json.dumps(books, indent=2) + "\n", encoding="utf-8")


def _write_clinic(t: Truth, path: Path) -> None:
    if path.exists():
        path.unlink()
    con = sqlite3.connect(path)
    con.executescript("""
        CREATE TABLE patients (patient_id TEXT PRIMARY KEY, name TEXT NOT NULL, birth_date TEXT, email TEXT,
                               insurer TEXT);
        CREATE TABLE appointments (appt_id INTEGER PRIMARY KEY, patient_id TEXT REFERENCES patients(patient_id),
                                   department TEXT, scheduled TEXT, status TEXT, wait_min INTEGER, fee REAL);
    """)
    con.executemany(
        "INSERT INTO patients VALUES (?, ?, ?, ?, ?)",
        [
            (p["patient_id"], f"{p['last']}, {p['first']}", p["birth_date"].isoformat(), p["email"], p["insurer"])
            for p in t.patients
        ],
    )
    con.executemany(
        "INSERT INTO appointments VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (
                a["appt_id"],
                a["patient_id"],
                a["department"],
                a["scheduled"].strftime("%Y-%m-%d %H:%M"),
                a["status"],
                a["wait_min"],
                a["fee"],
            )
            for a in t.appointments
        ],
    )
    con.commit()
    con.close()


def _write_retail(t: Truth, path: Path) -> None:
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Stores"
    ws.append(["Store ID", "City", "Format", "Floor area (m2)", "Opened", "Online share"])
    for s in t.stores:
        ws.append(
            [
                f"ST-{s['store']:03d}",
                s["city"],
                s["format"],
                s["area_m2"],
                s["opened"],
                None if s["online_share"] is None else f"{s['online_share']}%",
            ]
        )
        ws.cell(row=ws.max_row, column=5).number_format = "DD.MM.YYYY"
    tg = wb.create_sheet("Targets")
    tg.append(["Sales targets FY2024 (EUR, excl. VAT)"])
    tg.append([])
    tg.append(["Store", "Target 2024", "Manager"])
    for s in sorted(t.stores, key=lambda s: s["store"]):
        tg.append([f"ST-{s['store']:03d}", s["target_2024"], s["manager"]])
        tg.cell(row=tg.max_row, column=2).number_format = "#,##0"
    fixed = dt.datetime(2024, 1, 15, 9, 0, 0)
    wb.properties.created = fixed
    wb.properties.modified = fixed
    wb.properties.creator = "Finance"
    raw = io.BytesIO()
    wb.save(raw)
    # openpyxl stamps the save time into the zip entries and docProps/core.xml: pin both
    with zipfile.ZipFile(io.BytesIO(raw.getvalue())) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                data = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"2024-01-15T09:00:00Z", data)
            out.writestr(
                zipfile.ZipInfo(info.filename, date_time=(2024, 1, 15, 9, 0, 0)),
                data,
                compress_type=zipfile.ZIP_DEFLATED,
            )


def _write_revenue(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(seed + 1)
    stores = {s["store"]: s for s in t.stores}
    order = sorted(stores, key=lambda _: rng.random())
    cells = {(r["store"], r["year"], r["month"]): r for r in t.revenue}
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["store"] + [f"{MONTHS[m - 1]} {y}" for y in (2023, 2024) for m in range(1, 13)])
        for n in order:
            row = [_store_id(n, stores[n]["id_style"])]
            for y in (2023, 2024):
                for m in range(1, 13):
                    r = cells[n, y, m]
                    row.append(r["na_style"] if r["revenue"] is None else f"{r['revenue']:,}")
            w.writerow(row)


FILES = [
    "trips.parquet",
    "air_quality.csv",
    "loans.jsonl",
    "books.json",
    "clinic.sqlite",
    "retail.xlsx",
    "store_revenue.csv",
]


def write_files(target: Path, seed: int = SEED) -> list[str]:
    """Write the data files into `target`; return their names."""
    t = truth(seed)
    target = Path(target)
    target.mkdir(parents=True, exist_ok=True)
    _write_trips(t, target / "trips.parquet")
    _write_air(t, target / "air_quality.csv")
    _write_loans(t, target / "loans.jsonl")
    _write_books(t, target / "books.json")
    _write_clinic(t, target / "clinic.sqlite")
    _write_retail(t, target / "retail.xlsx")
    _write_revenue(t, target / "store_revenue.csv", seed)
    return list(FILES)


if __name__ == "__main__":
    import sys

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout-data")
    print("\n".join(str(out / n) for n in write_files(out)))
