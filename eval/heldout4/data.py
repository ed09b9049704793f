"""The fourth held-out set's data files: generated from a seed, with the mess real exports have.

`truth(seed)` builds the clean records (the ground truth the reference answers are computed from,
stdlib only); `write_files(dir, seed)` renders them messily into these files:

- loans.csv          a city library's 2024 loans: semicolon-separated, UTF-8 with a byte-order mark,
                     CRLF line ends, day-first dotted dates "05.03.2024 14:22", the due date without a
                     time, fines with a decimal comma "1,75", the branch spelled several ways
                     ("Central", "CENTRAL LIBRARY", "Harbourview"), the item number without the
                     catalogue's leading zeros, some loans exported twice (identical rows)
- catalogue.xml      the library's catalogue: a default XML namespace, the barcode as a zero-padded
                     attribute, nested <authors>
- branches.yaml      the library's branches: nested opening hours, comments
- members.parquet    the library's members: a dictionary (categorical) column, a timestamp column,
                     a nullable integer column
- service_requests.json
                     a city's 311 service requests 2023-2024 in a Socrata-style export: column names
                     only in meta.view.columns, rows as arrays that start with eight hidden system
                     columns, every value a string, floating (zone-less) timestamps, a nested location
                     array, district names in capitals, status spelled several ways
- districts.txt      the city's districts as a fixed-width text report: windows-1252 encoded, a title
                     block, thousands separators, a dashed rule and a TOTAL row at the bottom
- ferry.sqlite       a ferry operator's routes, vessels and 2024 sailings: the scheduled departure as
                     LOCAL text, the actual departure as UTC Unix seconds (summer time in between),
                     cancellations coded CXL / CXL-WX / CXL-TECH, NULL passengers on cancelled sailings
- ferry_fares.xlsx   fares per route, one sheet per year (the older year first), a title above the
                     header (row 3), a dash for "no car fare", a footnote under the table
- sensors.json       an air-quality network's sensors: nested site and pollutant objects, one sensor
                     reporting PM2.5 in mg/m3 where the others use ug/m3
- aq_hourly_2024.csv.gz
                     hourly readings January-June 2024, gzip-compressed, wide with a two-row header
                     (sensor, then pollutant), UTC timestamps with a Z, fault code -999, blank cells
                     for outages, a few hours missing altogether
Same seed, same bytes.
"""

from __future__ import annotations

import csv
import datetime as dt
import gzip
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

SEED = 8_310_004

# --- time: Central European Time with EU summer time, without a tz database -------------------------


def _last_sunday(year: int, month: int) -> dt.date:
    d = dt.date(year, month + 1, 1) - dt.timedelta(days=1)
    return d - dt.timedelta(days=(d.weekday() - 6) % 7)


def utc_offset(utc: dt.datetime) -> int:
    """Hours Europe/Amsterdam is ahead of UTC at the naive UTC instant `utc`."""
    start = dt.datetime.combine(_last_sunday(utc.year, 3), dt.time(1))
    end = dt.datetime.combine(_last_sunday(utc.year, 10), dt.time(1))
    return 2 if start <= utc < end else 1


def to_local(utc: dt.datetime) -> dt.datetime:
    return utc + dt.timedelta(hours=utc_offset(utc))


def to_utc(local: dt.datetime) -> dt.datetime:
    """Naive local wall time -> naive UTC (wall times in the skipped/repeated hour are not used)."""
    summer = local - dt.timedelta(hours=2)
    return summer if utc_offset(summer) == 2 else local - dt.timedelta(hours=1)


def _days(first: dt.date, last: dt.date):
    d = first
    while d <= last:
        yield d
        d += dt.timedelta(days=1)


def _poisson(rng: random.Random, lam: float) -> int:
    if lam <= 0:
        return 0
    if lam > 30:
        return max(0, round(rng.gauss(lam, math.sqrt(lam))))
    limit, k, p = math.exp(-lam), 0, 1.0
    while True:
        p *= rng.random()
        if p <= limit:
            return k
        k += 1


# --- the city's districts (shared by the 311 requests and the air-quality sensors) ---------------------

DISTRICTS = [  # code, name, population (about), area km2 (about)
    ("D01", "Old Town", 18_200, 3.4),
    ("D02", "Harbourside", 26_500, 7.9),
    ("D03", "Bélair", 14_300, 4.1),
    ("D04", "Northgate", 31_900, 9.6),
    ("D05", "Riverside", 22_900, 6.2),
    ("D06", "Oakfield", 12_500, 8.8),
    ("D07", "Sainte-Hélène", 9_900, 5.3),
    ("D08", "Westmoor", 7_200, 12.8),
]

# --- library ------------------------------------------------------------------------------------------

BRANCHES = [  # code, name, district, opened, seats, share of loans
    ("CEN", "Central Library", "D01", 1962, 240, 0.31),
    ("RVS", "Riverside", "D05", 1987, 96, 0.22),
    ("OAK", "Oakfield", "D06", 2004, 64, 0.19),
    ("NGT", "Northgate", "D04", 1975, 88, 0.15),
    ("HBV", "Harbour View", "D02", 2016, 120, 0.13),
]
BRANCH_HOURS = {
    "CEN": {"mon-fri": "09:00-20:00", "sat": "10:00-17:00", "sun": "12:00-17:00"},
    "RVS": {"mon-fri": "10:00-18:00", "sat": "10:00-14:00", "sun": "closed"},
    "OAK": {"mon-fri": "10:00-18:00", "sat": "10:00-14:00", "sun": "closed"},
    "NGT": {"mon-fri": "09:30-19:00", "sat": "10:00-16:00", "sun": "closed"},
    "HBV": {"mon-fri": "10:00-20:00", "sat": "10:00-17:00", "sun": "closed"},
}
GENRES = {  # genre: typical days a loan is kept
    "Fiction": 15.0,
    "Crime": 13.0,
    "Children": 10.0,
    "Biography": 18.0,
    "History": 21.0,
    "Science": 17.0,
    "Cookery": 26.0,
    "Travel": 19.5,
    "Graphic novels": 8.0,
}
FORMATS = {"Book": (0.80, 21, 0.25), "Large print": (0.06, 21, 0.25), "Audiobook": (0.06, 21, 0.50)}
DVD = ("DVD", 0.08, 7, 1.00)  # DVDs are films, lent for a week
FINE_CAP = 8.00
MEMBER_TYPES = {"adult": (0.50, 1.0), "child": (0.20, 1.6), "student": (0.14, 0.9), "senior": (0.16, 1.3)}
LIB_EXPORTED = dt.datetime(2025, 1, 6, 8, 0)
WORDS_A = ["Silent", "Hidden", "Last", "Northern", "Broken", "Golden", "Winter", "Lost", "Secret", "Quiet", "Red"]
WORDS_B = ["Harbour", "Garden", "Kitchen", "River", "Letters", "Island", "Machine", "Summer", "Crown", "Orchard"]
FIRST = ["Mara", "Tobias", "Ines", "Kofi", "Lena", "Ruben", "Saoirse", "Pieter", "Yara", "Emil", "Noor", "Hugo"]
LAST = ["Quist", "Achterberg", "Delacroix", "Mensah", "Holm", "Vasquez", "Brennan", "Okafor", "Lindqvist", "Ferreira"]

# --- 311 ----------------------------------------------------------------------------------------------

SR_TYPES = {  # type: (requests a month, median hours to close, month weights Jan..Dec)
    "Pothole": (22, 96, [1.6, 1.9, 1.7, 1.3, 1.0, 0.8, 0.6, 0.6, 0.7, 0.8, 1.0, 1.3]),
    "Street Light Out": (15, 60, [1.4, 1.3, 1.1, 0.9, 0.8, 0.6, 0.6, 0.7, 0.9, 1.1, 1.3, 1.4]),
    "Illegal Dumping": (17, 30, [0.8, 0.8, 0.9, 1.0, 1.1, 1.2, 1.2, 1.2, 1.1, 1.0, 0.9, 0.8]),
    "Graffiti": (12, 140, [0.9, 0.9, 1.0, 1.0, 1.1, 1.1, 1.1, 1.1, 1.0, 1.0, 0.9, 0.9]),
    "Missed Collection": (18, 18, [1.0] * 12),
    "Tree Maintenance": (7, 220, [1.3, 1.5, 1.0, 0.7, 0.6, 0.6, 0.7, 0.8, 1.0, 1.5, 1.7, 1.3]),
    "Abandoned Vehicle": (6, 110, [1.0] * 12),
}
NOISE_COUNTS = {  # noise complaints per month, set exactly: July 2024 is the peak month, August the peak month-of-year
    2023: [12, 11, 14, 17, 21, 27, 35, 48, 24, 17, 13, 15],
    2024: [14, 12, 15, 18, 23, 31, 51, 42, 25, 18, 14, 17],
}
NOISE_CLOSE_HOURS = 2.5
MISSED_2023_EXTRA = 50  # a new waste contractor's first year: extra missed collections, March-October 2023
POTHOLE_2024_FACTOR = 1.35  # a hard winter
DISTRICT_FACTOR = {"D01": 1.45}  # the old town reports far more per resident
CHANNELS = {"Phone": 0.36, "App": 0.29, "Web": 0.25, "Email": 0.10}
SR_EXPORTED = dt.datetime(2025, 1, 2, 9, 0)
STREETS = ["Quay Street", "Mill Lane", "Church Road", "Station Avenue", "Market Square", "Dyke Road", "Elm Grove"]

# --- ferry --------------------------------------------------------------------------------------------

ROUTES = [  # id, from, to, crossing minutes, departures (local), main vessel, passengers/sailing, cars/sailing, share late
    (
        "R1",
        "Marlowe",
        "Gull Island",
        35,
        ["06:45", "08:15", "09:45", "11:15", "12:45", "14:15", "16:45", "18:15"],
        "V1",
        140,
        18,
        0.05,
    ),
    ("R2", "Marlowe", "Fennick", 50, ["07:30", "09:30", "11:30", "13:30", "15:30", "17:30"], "V2", 170, 26, 0.08),
    ("R3", "Gull Island", "Fennick", 25, ["08:00", "10:30", "13:00", "15:30", "18:00"], "V3", 55, 0, 0.04),
    ("R4", "Marlowe", "Port Albin", 80, ["07:00", "12:00", "17:00"], "V4", 330, 45, 0.22),
]
VESSELS = [  # id, name, passengers, cars, built
    ("V1", "MV Kittiwake", 350, 40, 2006),
    ("V2", "MV Shearwater", 420, 55, 2011),
    ("V3", "MV Tern", 120, 0, 1998),
    ("V4", "MV Gannet", 600, 80, 2019),
    ("V5", "MV Puffin", 250, 30, 1994),
]
RELIEF = "V5"
SUMMER_LATE = {"R2": 2.8}  # July-August: the Marlowe-Fennick boats wait for the delayed holiday trains
SEASON = {3: 0.55, 4: 0.7, 5: 0.85, 6: 1.0, 7: 1.3, 8: 1.35, 9: 0.9, 10: 0.65}
FERRY_FIRST, FERRY_LAST = dt.date(2024, 3, 1), dt.date(2024, 10, 31)
FARES = {  # year: route: (adult, child, senior, car incl. driver or None, bicycle)
    2023: {
        "R1": (9.20, 4.60, 6.90, 36.00, 3.00),
        "R2": (11.80, 5.90, 8.85, 43.50, 3.00),
        "R3": (6.20, 3.10, 4.65, None, 2.50),
        "R4": (17.90, 8.95, 13.40, 68.00, 4.00),
    },
    2024: {
        "R1": (9.80, 4.90, 7.35, 38.50, 3.00),
        "R2": (12.40, 6.20, 9.30, 46.00, 3.50),
        "R3": (6.50, 3.25, 4.90, None, 2.50),
        "R4": (18.90, 9.45, 14.20, 72.50, 4.00),
    },
}
CANCEL_CODES = [("CXL-WX", 0.6), ("CXL-TECH", 0.25), ("CXL", 0.15)]

# --- air quality --------------------------------------------------------------------------------------

SENSORS = [  # id, site, district, type, installed, PM2.5 base ug/m3, NO2 base ug/m3 (None: no NO2 sensor), PM unit
    ("AQ-01", "Station Square", "D01", "traffic", dt.date(2021, 5, 12), 12.0, 34.0, "µg/m3"),
    ("AQ-02", "Harbour Road", "D02", "traffic", dt.date(2021, 5, 19), 11.5, 37.0, "µg/m3"),
    ("AQ-03", "Bélair Park", "D03", "urban background", dt.date(2019, 10, 8), 8.5, 16.0, "µg/m3"),
    ("AQ-04", "Riverside Works", "D05", "industrial", dt.date(2021, 11, 3), 16.0, 27.0, "mg/m3"),
    ("AQ-05", "Northgate School", "D04", "urban background", dt.date(2022, 9, 14), 9.5, 20.0, "µg/m3"),
    ("AQ-06", "Westmoor Common", "D08", "rural background", dt.date(2023, 4, 20), 7.0, None, "µg/m3"),
]
AQ_FIRST = dt.datetime(2024, 1, 1, 0, 0)  # UTC
AQ_HOURS = 182 * 24
PM_SEASON = {1: 1.4, 2: 1.3, 3: 1.1, 4: 0.9, 5: 0.8, 6: 0.75}
NO2_SEASON = {1: 1.25, 2: 1.2, 3: 1.05, 4: 0.95, 5: 0.85, 6: 0.8}
FAULTS = {("AQ-02", "pm25"): 0.018, ("AQ-02", "no2"): 0.018, ("AQ-03", "pm25"): 0.005}  # share of -999 codes
OUTAGES = {"AQ-05": (dt.datetime(2024, 3, 11, 6), 7 * 24 + 5), "AQ-06": (dt.datetime(2024, 5, 2, 13), 41)}
EXCEED_PM25 = 15.0  # ug/m3, the WHO 24-hour guideline
LOCAL_TZ = "Europe/Amsterdam"


@dataclass
class Truth:
    districts: list[dict[str, Any]] = field(default_factory=list)
    branches: list[dict[str, Any]] = field(default_factory=list)
    items: list[dict[str, Any]] = field(default_factory=list)
    members: list[dict[str, Any]] = field(default_factory=list)
    loans: list[dict[str, Any]] = field(default_factory=list)  # one per loan (no duplicates)
    requests: list[dict[str, Any]] = field(default_factory=list)
    routes: list[dict[str, Any]] = field(default_factory=list)
    vessels: list[dict[str, Any]] = field(default_factory=list)
    fares: dict[int, dict[str, dict[str, Any]]] = field(default_factory=dict)
    sailings: list[dict[str, Any]] = field(default_factory=list)
    sensors: list[dict[str, Any]] = field(default_factory=list)
    hours: list[dt.datetime] = field(default_factory=list)  # naive UTC, the hours the export has a row for
    readings: dict[tuple[str, str], list[float | None]] = field(default_factory=dict)  # None: missing
    faults: set[tuple[str, str, int]] = field(default_factory=set)  # (sensor, pollutant, hour index) coded -999


def _districts(rng: random.Random, t: Truth) -> None:
    for code, name, pop, area in DISTRICTS:
        t.districts.append(
            {
                "code": code,
                "name": name,
                "population": pop + rng.randint(-150, 150),
                "area_km2": round(area + rng.uniform(-0.09, 0.09), 2),
            }
        )


def _library(rng: random.Random, t: Truth) -> None:
    for code, name, district, opened, seats, share in BRANCHES:
        t.branches.append(
            {"code": code, "name": name, "district": district, "opened": opened, "seats": seats, "share": share}
        )
    numbers = rng.sample(range(10_000, 100_000), 640)
    for n in numbers:
        u = rng.random()
        if u < DVD[1]:
            fmt, genre = DVD[0], "Film"
        else:
            u = rng.random()
            acc = 0.0
            fmt = "Book"
            for f, (share, _, _) in FORMATS.items():
                acc += share / (1 - DVD[1])
                if u < acc:
                    fmt = f
                    break
            genre = rng.choice(list(GENRES))
        year = rng.choice(range(1958, 2025)) if rng.random() < 0.7 else rng.choice([2022, 2023, 2024])
        authors = [f"{rng.choice(FIRST)} {rng.choice(LAST)}" for _ in range(rng.choice([1, 1, 1, 2, 2, 3]))]
        t.items.append(
            {
                "number": n,
                "barcode": f"{n:08d}",
                "title": f"The {rng.choice(WORDS_A)} {rng.choice(WORDS_B)}",
                "authors": authors,
                "format": fmt,
                "genre": genre,
                "published": year,
                "language": rng.choices(["en", "fr", "de", "nl"], [0.85, 0.05, 0.05, 0.05])[0],
                "popularity": rng.lognormvariate(0, 1.1) * (2.0 if year >= 2023 else 1.0),
            }
        )
    member_numbers = rng.sample(range(10_000, 60_000), 950)
    for n in member_numbers:
        mtype = rng.choices(list(MEMBER_TYPES), [v[0] for v in MEMBER_TYPES.values()])[0]
        joined = dt.date(2005, 1, 1) + dt.timedelta(days=rng.randrange(0, 7300))
        if rng.random() < 0.12:
            joined = dt.date(2024, 1, 1) + dt.timedelta(days=rng.randrange(0, 330))
        born = {"child": (2010, 2020), "student": (1998, 2006), "adult": (1960, 2000), "senior": (1935, 1959)}[mtype]
        t.members.append(
            {
                "id": f"M{n}",
                "type": mtype,
                "joined": joined,
                "home_branch": rng.choices([b[0] for b in BRANCHES], [b[5] for b in BRANCHES])[0],
                "birth_year": None if rng.random() < 0.07 else rng.randint(*born),
                "activity": rng.lognormvariate(0, 0.8) * MEMBER_TYPES[mtype][1],
            }
        )
    periods = {f: (p, rate) for f, (_, p, rate) in FORMATS.items()} | {DVD[0]: (DVD[2], DVD[3])}
    item_weights = [i["popularity"] for i in t.items]
    member_weights = [m["activity"] for m in t.members]
    year_start, year_end = dt.date(2024, 1, 1), dt.date(2024, 12, 31)
    loans = []
    for _ in range(3200):
        member = rng.choices(t.members, member_weights)[0]
        item = rng.choices(t.items, item_weights)[0]
        first = max(year_start, member["joined"])
        day = first + dt.timedelta(days=rng.randrange(0, (year_end - first).days + 1))
        if rng.random() < 0.8:
            branch = member["home_branch"]
        else:
            branch = rng.choices([b[0] for b in BRANCHES], [b[5] for b in BRANCHES])[0]
        if day.weekday() == 6 and branch != "CEN":
            day -= dt.timedelta(days=1)
        open_h, close_h = (10, 16) if day.weekday() >= 5 else (10, 18)
        out = dt.datetime.combine(day, dt.time(rng.randint(open_h, close_h), rng.randrange(60)))
        period, rate = periods[item["format"]]
        due = day + dt.timedelta(days=period)
        if rng.random() < 0.13:
            back_day = due  # brought back on the due date itself
        else:
            typical = GENRES.get(item["genre"], 6.0) * (0.8 if member["type"] == "child" else 1.0)
            keep = rng.lognormvariate(math.log(typical), 0.45)
            back_day = day + dt.timedelta(days=max(0, round(keep)))
        back = dt.datetime.combine(back_day, dt.time(rng.randint(9, 19), rng.randrange(60)))
        if back_day == day and back <= out:
            back = out + dt.timedelta(minutes=rng.randint(20, 90))
        if back > LIB_EXPORTED or rng.random() < 0.015:
            back = None  # still out (or lost)
        fine = None
        if back is not None:
            late = max(0, (back.date() - due).days)
            fine = 0.0 if member["type"] == "child" else round(min(FINE_CAP, late * rate), 2)
        loans.append(
            {
                "out": out,
                "item": item["number"],
                "member": member["id"],
                "branch": branch,
                "due": due,
                "returned": back,
                "fine": fine,
            }
        )
    loans.sort(key=lambda r: r["out"])
    for i, loan in enumerate(loans):
        loan["id"] = f"L24{i + 1:05d}"
    t.loans = loans


def _requests(rng: random.Random, t: Truth) -> None:
    weights = {d["code"]: d["population"] * DISTRICT_FACTOR.get(d["code"], 1.0) for d in t.districts}
    rows = []
    for year in (2023, 2024):
        for month in range(1, 13):
            first = dt.date(year, month, 1)
            ndays = ((first.replace(day=28) + dt.timedelta(days=4)).replace(day=1) - first).days
            counts = {}
            for typ, (rate, _, season) in SR_TYPES.items():
                lam = rate * season[month - 1]
                if typ == "Pothole" and year == 2024:
                    lam *= POTHOLE_2024_FACTOR
                if typ == "Missed Collection" and year == 2023 and 3 <= month <= 10:
                    lam += MISSED_2023_EXTRA
                counts[typ] = _poisson(rng, lam)
            counts["Noise"] = NOISE_COUNTS[year][month - 1]
            for typ, n in counts.items():
                for _ in range(n):
                    day = first + dt.timedelta(days=rng.randrange(ndays))
                    if typ == "Noise":
                        hour = rng.choice([21, 22, 22, 23, 23, 0, 0, 1, 2, 19, 20])
                    else:
                        hour = rng.choices(
                            range(24), [1, 1, 1, 1, 1, 2, 4, 7, 9, 9, 9, 8, 7, 8, 8, 8, 7, 6, 5, 4, 3, 2, 2, 1]
                        )[0]
                    created = dt.datetime.combine(day, dt.time(hour, rng.randrange(60), rng.randrange(60)))
                    median = NOISE_CLOSE_HOURS if typ == "Noise" else SR_TYPES[typ][1]
                    hours = rng.lognormvariate(math.log(median), 0.9)
                    closed = created + dt.timedelta(seconds=round(hours * 3600))
                    if closed > SR_EXPORTED or rng.random() < 0.015:
                        closed = None
                    district = None if rng.random() < 0.04 else rng.choices(list(weights), list(weights.values()))[0]
                    rows.append(
                        {
                            "type": typ,
                            "created": created,
                            "closed": closed,
                            "district": district,
                            "channel": rng.choices(list(CHANNELS), list(CHANNELS.values()))[0],
                            "street": f"{rng.randint(1, 180)} {rng.choice(STREETS)}",
                            "lat": round(52.07 + rng.uniform(-0.04, 0.04), 6),
                            "lon": round(4.30 + rng.uniform(-0.06, 0.06), 6),
                            "open_status": rng.choices(
                                ["Open", "In Progress", "Assigned", "Pending"], [0.4, 0.3, 0.2, 0.1]
                            )[0],
                        }
                    )
    rows.sort(key=lambda r: r["created"])
    seq = {2023: 0, 2024: 0}
    for r in rows:
        seq[r["created"].year] += 1
        r["id"] = f"SR-{r['created'].year}-{seq[r['created'].year]:06d}"
        r["status"] = "Closed" if r["closed"] is not None else r.pop("open_status")
        r.pop("open_status", None)
    t.requests = rows


def _ferry(rng: random.Random, t: Truth) -> None:
    for rid, origin, dest, minutes, deps, vessel, pax, cars, late in ROUTES:
        t.routes.append(
            {
                "id": rid,
                "from": origin,
                "to": dest,
                "name": f"{origin} – {dest}",
                "crossing_min": minutes,
                "vessel": vessel,
                "pax": pax,
                "cars": cars,
                "late": late,
                "departures": deps,
            }
        )
    t.vessels = [{"id": v, "name": n, "pax": p, "cars": c, "built": b} for v, n, p, c, b in VESSELS]
    cap = {v["id"]: v for v in t.vessels}
    t.fares = {
        y: {r: dict(zip(["adult", "child", "senior", "car", "bicycle"], f)) for r, f in by.items()}
        for y, by in FARES.items()
    }
    sid = 0
    for day in _days(FERRY_FIRST, FERRY_LAST):
        storm = rng.random() < (0.10 if day.month in (3, 10) else 0.03)  # a rough day: more cancellations
        for route in t.routes:
            for k, hhmm in enumerate(route["departures"]):
                sid += 1
                sched = dt.datetime.combine(day, dt.time.fromisoformat(hhmm))
                vessel = route["vessel"]
                if route["id"] != "R3" and rng.random() < 0.06:
                    vessel = RELIEF
                p_cancel = (0.25 if storm else 0.012) * (1.5 if route["id"] == "R4" else 1.0)
                rec = {"id": sid, "route": route["id"], "vessel": vessel, "sched": sched}
                if rng.random() < p_cancel:
                    rec |= {
                        "status": rng.choices([c for c, _ in CANCEL_CODES], [w for _, w in CANCEL_CODES])[0],
                        "actual": None,
                        "pax": None,
                        "cars": None,
                    }
                else:
                    p_late = route["late"] * (SUMMER_LATE.get(route["id"], 1.0) if day.month in (7, 8) else 1.0)
                    if rng.random() < p_late:
                        delay = 15 + rng.expovariate(1 / 12)
                    else:
                        delay = min(14.5, rng.expovariate(1 / 3))
                    actual = sched + dt.timedelta(seconds=round(delay * 60))
                    factor = SEASON[day.month] * (1.15 if day.weekday() >= 5 else 1.0)
                    factor *= 1.1 if 0 < k < len(route["departures"]) - 1 else 0.85
                    pax = min(cap[vessel]["pax"], max(0, round(rng.gauss(route["pax"] * factor, route["pax"] * 0.2))))
                    cars = min(
                        cap[vessel]["cars"],
                        max(0, round(rng.gauss(route["cars"] * factor, route["cars"] * 0.2 + 0.01))),
                    )
                    rec |= {"status": "OK", "actual": actual, "pax": pax, "cars": cars}
                t.sailings.append(rec)


def _air(rng: random.Random, t: Truth) -> None:
    for sid, site, district, kind, installed, pm, no2, unit in SENSORS:
        t.sensors.append(
            {
                "id": sid,
                "site": site,
                "district": district,
                "type": kind,
                "installed": installed,
                "pm_base": pm,
                "no2_base": no2,
                "pm_unit": unit,
            }
        )
    all_hours = [AQ_FIRST + dt.timedelta(hours=h) for h in range(AQ_HOURS)]
    dropped = set(rng.sample(range(24, AQ_HOURS - 24), 5))  # the logger restarted: those hours have no row
    t.hours = [h for i, h in enumerate(all_hours) if i not in dropped]
    episode, level = {}, 0.0
    for d in range(183):
        level = 0.7 * level + rng.gauss(0, 0.35)
        episode[d] = level

    def bump(h: float, centre: float, width: float) -> float:
        dist = min(abs(h - centre), 24 - abs(h - centre))
        return math.exp(-0.5 * (dist / width) ** 2)

    for s in t.sensors:
        pm_key, no2_key = (s["id"], "pm25"), (s["id"], "no2")
        t.readings[pm_key] = []
        if s["no2_base"] is not None:
            t.readings[no2_key] = []
        for h in t.hours:
            local = to_local(h)
            e = episode[(h - AQ_FIRST).days]
            lh = local.hour
            diurnal = 0.85 + 0.35 * bump(lh, 20, 2.0) + 0.15 * bump(lh, 8, 1.2)
            pm = s["pm_base"] * PM_SEASON[h.month] * math.exp(e) * diurnal * rng.lognormvariate(0, 0.25)
            t.readings[pm_key].append(max(0.5, round(pm, 1)))
            if s["no2_base"] is not None:
                if local.weekday() < 5:
                    shape = 0.55 + 0.9 * bump(lh, 8, 1.0) + 0.6 * bump(lh, 18, 1.3)
                else:
                    shape = 0.7 + 0.25 * bump(lh, 12, 3.0)
                if s["id"] == "AQ-02":  # the harbour: ships keep it high around the clock
                    shape = 0.5 * shape + 0.45
                no2 = s["no2_base"] * NO2_SEASON[h.month] * math.exp(0.5 * e) * shape * rng.lognormvariate(0, 0.3)
                t.readings[no2_key].append(max(1.0, round(no2, 1)))
    for (sensor, pol), share in FAULTS.items():
        for i in range(len(t.hours)):
            if rng.random() < share:
                t.readings[(sensor, pol)][i] = None
                t.faults.add((sensor, pol, i))
    for sensor, (start, n) in OUTAGES.items():
        for i, h in enumerate(t.hours):
            if start <= h < start + dt.timedelta(hours=n):
                for key in t.readings:
                    if key[0] == sensor:
                        t.readings[key][i] = None
                        t.faults.discard((key[0], key[1], i))


def truth(seed: int = SEED) -> Truth:
    t = Truth()
    # one random stream per topic, so that changing one topic's generator leaves the others' data alone
    for name, build in (
        ("districts", _districts),
        ("library", _library),
        ("requests", _requests),
        ("ferry", _ferry),
        ("air", _air),
    ):
        build(random.Random(f"{seed}/{name}"), t)
    return t


# --- rendering: the mess ------------------------------------------------------------------------------

BRANCH_SPELLINGS = {
    "CEN": ["Central Library", "Central", "CENTRAL LIBRARY", "central library"],
    "RVS": ["Riverside", "Riverside Branch"],
    "OAK": ["Oakfield"],
    "NGT": ["Northgate", "NORTHGATE"],
    "HBV": ["Harbour View", "Harbourview", "HARBOUR VIEW"],
}
STATUS_SPELLINGS = {
    "Closed": ["Closed"] * 6 + ["CLOSED", "closed"],
    "Open": ["Open", "Open", "OPEN"],
    "In Progress": ["In Progress", "In progress"],
    "Assigned": ["Assigned"],
    "Pending": ["Pending", "PENDING"],
}
DUPLICATE_SHARE = 0.04
NS = "http://marlowe-library.example/ns/catalogue/1.0"


def _comma(x: float) -> str:
    return f"{x:.2f}".replace(".", ",")


def _write_loans(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/render/loans")
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=";", lineterminator="\r\n")
    w.writerow(["Loan ID", "Item No", "Member", "Branch", "Checked out", "Due date", "Returned", "Fine (EUR)"])
    for loan in t.loans:
        row = [
            loan["id"],
            str(loan["item"]),
            loan["member"],
            rng.choice(BRANCH_SPELLINGS[loan["branch"]]),
            loan["out"].strftime("%d.%m.%Y %H:%M"),
            loan["due"].strftime("%d.%m.%Y"),
            "" if loan["returned"] is None else loan["returned"].strftime("%d.%m.%Y %H:%M"),
            "" if loan["fine"] is None else _comma(loan["fine"]),
        ]
        w.writerow(row)
        if rng.random() < DUPLICATE_SHARE:
            w.writerow(row)  # the sync exported this loan twice
    path.write_bytes(buf.getvalue().encode("utf-8-sig"))


def _write_catalogue(t: Truth, path: Path) -> None:
    def esc(s: str) -> str:
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<catalogue xmlns="{NS}" library="Marlowe Public Library" exported="2025-01-06T08:00:00">',
    ]
    for item in sorted(t.items, key=lambda i: i["barcode"]):
        lines.append(f'  <item barcode="{item["barcode"]}">')
        lines.append(f"    <title>{esc(item['title'])}</title>")
        lines.append("    <authors>")
        for k, a in enumerate(item["authors"]):
            role = "author" if k == 0 or item["format"] != "Book" else "co-author"
            lines.append(f'      <author role="{role}">{esc(a)}</author>')
        lines.append("    </authors>")
        lines.append(f"    <format>{item['format']}</format>")
        lines.append(f"    <genre>{esc(item['genre'])}</genre>")
        lines.append(f"    <published>{item['published']}</published>")
        lines.append(f"    <language>{item['language']}</language>")
        lines.append("  </item>")
    lines.append("</catalogue>")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _write_branches(t: Truth, path: Path) -> None:
    lines = [
        "# Marlowe Public Library - branch directory",
        "# exported from the library management system, 2025-01-06",
        "library: Marlowe Public Library",
        "branches:",
    ]
    for b in t.branches:
        h = BRANCH_HOURS[b["code"]]
        lines += [
            f"  - code: {b['code']}",
            f"    name: {b['name']}",
            f"    district: {b['district']}",
            f"    opened: {b['opened']}",
            f"    seats: {b['seats']}",
            "    hours:",
            f'      mon-fri: "{h["mon-fri"]}"',
            f'      sat: "{h["sat"]}"',
            f"      sun: {h['sun'] if h['sun'] == 'closed' else chr(34) + h['sun'] + chr(34)}",
        ]
        if b["code"] == "HBV":
            lines.append("    # opened in the refurbished harbour master's office")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _write_members(t: Truth, path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.table(
        {
            "member_id": pa.array([m["id"] for m in t.members], pa.string()),
            "member_type": pa.array([m["type"] for m in t.members], pa.string()).dictionary_encode(),
            "joined": pa.array([dt.datetime.combine(m["joined"], dt.time()) for m in t.members], pa.timestamp("ms")),
            "home_branch": pa.array([m["home_branch"] for m in t.members], pa.string()),
            "birth_year": pa.array([m["birth_year"] for m in t.members], pa.int16()),
        }
    )
    pq.write_table(table, path)


def _iso_floating(x: dt.datetime | None) -> str | None:
    return None if x is None else x.strftime("%Y-%m-%dT%H:%M:%S.000")


def _write_requests(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/render/requests")
    names = {d["code"]: d["name"].upper() for d in t.districts}
    hidden = ["sid", "id", "position", "created_at", "created_meta", "updated_at", "updated_meta", "meta"]
    visible = [
        ("Request ID", "request_id", "text"),
        ("Created Date", "created_date", "calendar_date"),
        ("Closed Date", "closed_date", "calendar_date"),
        ("Complaint Type", "complaint_type", "text"),
        ("Status", "status", "text"),
        ("District", "district", "text"),
        ("Channel", "channel", "text"),
        ("Location", "location", "location"),
    ]
    columns = [
        {
            "id": -1,
            "name": n,
            "dataTypeName": "meta_data",
            "fieldName": f":{n}",
            "position": 0,
            "renderTypeName": "meta_data",
            "format": {},
            "flags": ["hidden"],
        }
        for n in hidden
    ] + [
        {
            "id": 501_200 + k,
            "name": n,
            "dataTypeName": typ,
            "fieldName": f,
            "position": k + 1,
            "renderTypeName": typ,
            "format": {},
        }
        for k, (n, f, typ) in enumerate(visible)
    ]
    data = []
    for r in t.requests:
        stamp = int((r["created"] - dt.datetime(1970, 1, 1)).total_seconds()) + 3600
        sid = "row-" + "".join(rng.choice("abcdefghjkmnpqrstuvwxyz23456789") for _ in range(12))
        loc = None
        if rng.random() > 0.03:
            human = json.dumps({"address": r["street"], "city": "Marlowe", "state": "", "zip": ""})
            loc = [human, f"{r['lat']}", f"{r['lon']}", None, False]
        data.append(
            [
                sid,
                f"00000000-0000-0000-{rng.randrange(16**4):04X}-{rng.randrange(16**12):012X}",
                0,
                stamp,
                None,
                stamp,
                None,
                "{ }",
                r["id"],
                _iso_floating(r["created"]),
                _iso_floating(r["closed"]),
                r["type"],
                rng.choice(STATUS_SPELLINGS[r["status"]]),
                None if r["district"] is None else names[r["district"]],
                r["channel"],
                loc,
            ]
        )
    doc = {
        "meta": {
            "view": {
                "id": "m3r1-311x",
                "name": "311 Service Requests (2023 - present)",
                "attribution": "City of Marlowe",
                "category": "City Services",
                "rowsUpdatedAt": 1735808400,
                "columns": columns,
            }
        },
        "data": data,
    }
    path.write_text(
        json.dumps(doc, ensure_ascii=False, indent=None, separators=(",", ":")).replace("],[", "]\n,[") + "\n",
        encoding="utf-8",
    )


def _write_districts(t: Truth, path: Path) -> None:
    lines = [
        "MARLOWE CITY COUNCIL",
        "District reference table",
        "Source: Census 2021 (published 30 June 2022)",
        "",
        f"{'CODE':<6}{'DISTRICT':<20}{'POPULATION':>12}{'AREA (km²)':>12}",
        f"{'----':<6}{'-' * 18:<20}{'-' * 10:>12}{'-' * 10:>12}",
    ]
    for d in t.districts:
        lines.append(f"{d['code']:<6}{d['name']:<20}{d['population']:>12,}{d['area_km2']:>12.2f}")
    lines.append(f"{'----':<6}{'-' * 18:<20}{'-' * 10:>12}{'-' * 10:>12}")
    pop = sum(d["population"] for d in t.districts)
    area = sum(d["area_km2"] for d in t.districts)
    lines.append(f"{'':<6}{'TOTAL':<20}{pop:>12,}{area:>12.2f}")
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("cp1252"))


def _epoch(x: dt.datetime) -> int:
    return int((x - dt.datetime(1970, 1, 1)).total_seconds())


def _write_ferry(t: Truth, path: Path) -> None:
    if path.exists():
        path.unlink()
    con = sqlite3.connect(path)
    con.executescript(
        """
        CREATE TABLE routes (route_id TEXT PRIMARY KEY, name TEXT, from_port TEXT, to_port TEXT,
                             crossing_minutes INTEGER);
        CREATE TABLE vessels (vessel_id TEXT PRIMARY KEY, name TEXT, passenger_capacity INTEGER,
                              car_capacity INTEGER, year_built INTEGER);
        CREATE TABLE sailings (sailing_id INTEGER PRIMARY KEY, route_id TEXT REFERENCES routes,
                               vessel_id TEXT REFERENCES vessels,
                               scheduled_departure TEXT,   -- local time (Europe/Amsterdam)
                               actual_departure INTEGER,   -- Unix time, seconds (UTC)
                               status TEXT, passengers INTEGER, cars INTEGER);
        """
    )
    con.executemany(
        "INSERT INTO routes VALUES (?,?,?,?,?)",
        [(r["id"], r["name"], r["from"], r["to"], r["crossing_min"]) for r in t.routes],
    )
    con.executemany(
        "INSERT INTO vessels VALUES (?,?,?,?,?)",
        [(v["id"], v["name"], v["pax"], v["cars"], v["built"]) for v in t.vessels],
    )
    con.executemany(
        "INSERT INTO sailings VALUES (?,?,?,?,?,?,?,?)",
        [
            (
                s["id"],
                s["route"],
                s["vessel"],
                s["sched"].strftime("%Y-%m-%d %H:%M"),
                None if s["actual"] is None else _epoch(to_utc(s["actual"])),
                s["status"],
                s["pax"],
                s["cars"],
            )
            for s in t.sailings
        ],
    )
    con.commit()
    con.execute("VACUUM")
    con.close()


def _fix_zip(raw: bytes, path: Path, when: tuple[int, ...]) -> None:
    with zipfile.ZipFile(io.BytesIO(raw)) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "docProps/core.xml":  # openpyxl stamps the save time into `modified`
                stamp = dt.datetime(*when).strftime("%Y-%m-%dT%H:%M:%SZ").encode()
                body = re.sub(
                    rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)", rb"\g<1>" + stamp + rb"\g<2>", body
                )
            out.writestr(zipfile.ZipInfo(info.filename, date_time=when), body, zipfile.ZIP_DEFLATED)


def _write_fares(t: Truth, path: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    wb.remove(wb.active)
    names = {r["id"]: r["name"] for r in t.routes}
    for year in sorted(t.fares):
        ws = wb.create_sheet(str(year))
        ws["A1"] = f"Marlowe Ferries — passenger and vehicle fares {year}"
        ws["A1"].font = Font(bold=True, size=14)
        ws.merge_cells("A1:G1")
        ws["A2"] = "Single journey, EUR, incl. VAT"
        ws.append(["Code", "Route", "Adult", "Child (4–15)", "Senior (65+)", "Car incl. driver", "Bicycle"])
        for c in ws[3]:
            c.font = Font(bold=True)
        for rid, f in t.fares[year].items():
            ws.append(
                [
                    rid,
                    names[rid],
                    f["adult"],
                    f["child"],
                    f["senior"],
                    "–" if f["car"] is None else f["car"],
                    f["bicycle"],
                ]
            )
            for c in ws[ws.max_row][2:]:
                if isinstance(c.value, float):
                    c.number_format = '"€" #,##0.00'
        ws.append([])
        ws.append(
            [f"Children under 4 travel free. Fares valid 1 March – 31 October {year}. Route R3 carries no vehicles."]
        )
        ws.column_dimensions["B"].width = 26
    fixed = dt.datetime(2024, 2, 12, 9, 30)
    wb.properties.created = fixed
    wb.properties.modified = fixed
    wb.properties.creator = "Marlowe Ferries ticketing"
    raw = io.BytesIO()
    wb.save(raw)
    _fix_zip(raw.getvalue(), path, (2024, 2, 12, 9, 30, 0))


def _write_sensors(t: Truth, path: Path) -> None:
    sensors = []
    for s in t.sensors:
        pollutants = {"pm25": {"unit": s["pm_unit"], "method": "optical particle counter"}}
        if s["no2_base"] is not None:
            pollutants["no2"] = {"unit": "µg/m3", "method": "electrochemical cell"}
        sensors.append(
            {
                "id": s["id"],
                "site": {"name": s["site"], "district": s["district"], "type": s["type"]},
                "installed": s["installed"].isoformat(),
                "pollutants": pollutants,
            }
        )
    doc = {
        "network": "Marlowe Clean Air",
        "operator": "City of Marlowe, environment dept.",
        "local_time_zone": LOCAL_TZ,
        "timestamps": "UTC",
        "sensors": sensors,
    }
    path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _write_air(t: Truth, path: Path) -> None:
    keys = list(t.readings)
    units = {s["id"]: s["pm_unit"] for s in t.sensors}
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["time"] + [k[0] for k in keys])
    w.writerow([""] + [k[1] for k in keys])
    for i, h in enumerate(t.hours):
        row = [h.strftime("%Y-%m-%dT%H:%M:%SZ")]
        for sensor, pol in keys:
            v = t.readings[(sensor, pol)][i]
            if (sensor, pol, i) in t.faults:
                row.append("-999")
            elif v is None:
                row.append("")
            elif pol == "pm25" and units[sensor] == "mg/m3":
                row.append(f"{v / 1000:.4f}")
            else:
                row.append(f"{v:.1f}")
        w.writerow(row)
    raw = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz:
        gz.write(buf.getvalue().encode("utf-8"))
    path.write_bytes(raw.getvalue())


FILES = [
    "loans.csv",
    "catalogue.xml",
    "branches.yaml",
    "members.parquet",
    "service_requests.json",
    "districts.txt",
    "ferry.sqlite",
    "ferry_fares.xlsx",
    "sensors.json",
    "aq_hourly_2024.csv.gz",
]


def write_files(target: Path, seed: int = SEED) -> list[str]:
    """Write the data files into `target`; return their names."""
    t = truth(seed)
    target = Path(target)
    target.mkdir(parents=True, exist_ok=True)
    _write_loans(t, target / "loans.csv", seed)
    _write_catalogue(t, target / "catalogue.xml")
    _write_branches(t, target / "branches.yaml")
    _write_members(t, target / "members.parquet")
    _write_requests(t, target / "service_requests.json", seed)
    _write_districts(t, target / "districts.txt")
    _write_ferry(t, target / "ferry.sqlite")
    _write_fares(t, target / "ferry_fares.xlsx")
    _write_sensors(t, target / "sensors.json")
    _write_air(t, target / "aq_hourly_2024.csv.gz")
    return list(FILES)


if __name__ == "__main__":
    import sys

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout4-data")
    print("\n".join(str(out / n) for n in write_files(out)))
