"""The ninth held-out set's data files: generated from a seed, with the mess real exports have.

`truth(seed)` builds the clean records (the ground truth the reference answers are computed from,
stdlib only); `write_files(dir, seed)` renders them messily into these files:

- museum_orders_api.json
                        a science museum's ticket orders for visits April to June 2024, as the pages
                        of a paginated API saved in one JSON array: each page a "meta" block and a
                        "data" list; orders nested (a "visit" object, a list of "items"); creation
                        times in UTC ("...Z") while the museum runs on UK time; money in pence
                        ("unit_amount": 1650, "total_amount"); consecutive pages overlap, so some
                        orders appear twice; refunded orders kept with "status": "refunded"
- ticket_types.csv      the museum's ticket types: two title lines and a blank line above the header,
                        prices as "£16.50" or "Free", how many people each ticket admits
- lab_registry.sqlite   a pathology lab's sample registry (SQLite): tables samples, sites, tests,
                        results, units and reject_reasons; collection times in two formats (ISO from
                        electronic requests, day-first "04/03/2024 09:12" from paper forms); priorities
                        spelled several ways; site codes sometimes lower-case or padded with spaces;
                        reject reasons as one-letter codes; creatinine reported in umol/L except in
                        mg/dL from the old analyser (the units table gives the factor)
- parking_tickets_q1_2024.csv
                        a city's parking tickets, January to March 2024: ";"-separated, cp1252,
                        two title lines and a blank line above the header, a "Total" line at the
                        bottom (with "." thousands separators), decimal commas ("27,50"), day-first
                        dotted dates "05.03.2024 14:22", "-" for not paid, street names spelled
                        several ways ("Königstraße", "Koenigstrasse", "Königstr.")
- offence_codes.txt     the offence catalogue as a fixed-width text report: title, blank line,
                        header and dashed rule; band (higher / lower) and fine with a decimal comma
- studio_bookings.parquet
                        a fitness studio's class bookings, September to November 2024: class start
                        times as UTC timestamps (the studio is in Berlin; the clocks go back on
                        27 October), durations as text ("45 min", "45min", "0:45", "1h15", "1 h"),
                        class names spelled several ways, members as integers (1043)
- members.xlsx          the studio's members: a "Members" sheet with a title block (merged title
                        cell, a status line, a blank row) above the header, members numbered
                        "PS-01043", plan codes; a "Plans" sheet (plan names, fees as "€89.00" text)
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
from zoneinfo import ZoneInfo

SEED = 9_462_019

UTC = dt.timezone.utc
LONDON = ZoneInfo("Europe/London")
BERLIN = ZoneInfo("Europe/Berlin")


def _days(first: dt.date, last: dt.date):
    d = first
    while d <= last:
        yield d
        d += dt.timedelta(days=1)


def _poisson(rng: random.Random, lam: float) -> int:
    limit, k, p = math.exp(-lam), 0, 1.0
    while True:
        p *= rng.random()
        if p <= limit:
            return k
        k += 1


def _pick(rng: random.Random, weights: dict) -> Any:
    return rng.choices(list(weights), weights=list(weights.values()))[0]


@dataclass
class Truth:
    tickets: list[dict[str, Any]] = field(default_factory=list)  # ticket types; price in pence
    orders: list[dict[str, Any]] = field(default_factory=list)  # distinct orders; money in pence
    sites: list[dict[str, Any]] = field(default_factory=list)
    tests: list[dict[str, Any]] = field(default_factory=list)
    samples: list[dict[str, Any]] = field(default_factory=list)  # local naive datetimes
    results: list[dict[str, Any]] = field(default_factory=list)  # value as reported, with its unit
    offences: list[dict[str, Any]] = field(default_factory=list)
    pcns: list[dict[str, Any]] = field(default_factory=list)  # parking tickets; euros in cents
    plans: list[dict[str, Any]] = field(default_factory=list)
    members: list[dict[str, Any]] = field(default_factory=list)
    sessions: list[dict[str, Any]] = field(default_factory=list)  # start as aware UTC and Berlin local
    bookings: list[dict[str, Any]] = field(default_factory=list)


# --- museum ticketing ------------------------------------------------------------------------------------

MUSEUM_FIRST = dt.date(2024, 4, 1)
MUSEUM_LAST = dt.date(2024, 6, 30)
TICKETS = [  # code, name, price (pence), people admitted
    ("ADT", "Adult", 1650, 1),
    ("CHD", "Child (5-15)", 950, 1),
    ("CON", "Concession (60+, student)", 1200, 1),
    ("FAM", "Family (2 adults + 2 children)", 4500, 4),
    ("FAM1", "Family (1 adult + 2 children)", 3200, 3),
    ("U5", "Under 5", 0, 1),
    ("MEM", "Member", 0, 1),
]
BANK_HOLIDAYS = {dt.date(2024, 4, 1), dt.date(2024, 5, 6), dt.date(2024, 5, 27)}
SCHOOL_HOLIDAYS = [(dt.date(2024, 4, 1), dt.date(2024, 4, 12)), (dt.date(2024, 5, 27), dt.date(2024, 5, 31))]
MUSEUM_CHANNELS = {"web": 55, "app": 15, "desk": 30}
REFUND = {"web": 0.05, "app": 0.11, "desk": 0.0}
ONLINE_HOURS = {  # local hour an online order is placed
    0: 1,
    6: 1,
    7: 2,
    8: 3,
    9: 4,
    10: 4,
    11: 4,
    12: 5,
    13: 5,
    14: 4,
    15: 4,
    16: 4,
    17: 5,
    18: 6,
    19: 8,
    20: 9,
    21: 8,
    22: 5,
    23: 2,
}
SLOTS = ["10:00", "11:00", "12:00", "13:00", "14:00", "15:00"]


def _party(rng: random.Random) -> list[tuple[str, int]]:
    kind = _pick(rng, {"family": 40, "adults": 35, "seniors": 13, "members": 12})
    items: dict[str, int] = {}
    if kind == "family":
        r = rng.random()
        if r < 0.45:
            items["FAM"] = 1 if rng.random() < 0.9 else 2
        elif r < 0.65:
            items["FAM1"] = 1
        else:
            items["ADT"] = _pick(rng, {1: 3, 2: 7})
            items["CHD"] = _pick(rng, {1: 5, 2: 4, 3: 2})
        if rng.random() < 0.25:
            items["U5"] = 1
    elif kind == "adults":
        items["ADT"] = _pick(rng, {1: 4, 2: 8, 3: 2, 4: 2})
        if rng.random() < 0.2:
            items["CON"] = 1
    elif kind == "seniors":
        items["CON"] = _pick(rng, {1: 4, 2: 6})
    else:
        items["MEM"] = _pick(rng, {1: 5, 2: 5})
        if rng.random() < 0.4:
            items["CHD"] = _pick(rng, {1: 1, 2: 1})
    return list(items.items())


def _museum(rng: random.Random, t: Truth) -> None:
    price = {c: p for c, _, p, _ in TICKETS}
    for code, name, pence, admits in TICKETS:
        t.tickets.append({"code": code, "name": name, "price": pence, "admits": admits})
    made = []
    for day in _days(MUSEUM_FIRST, MUSEUM_LAST):
        if day.weekday() == 0 and day not in BANK_HOLIDAYS:
            continue  # closed on Mondays
        lam = 34 if day.weekday() < 5 else 62
        if any(a <= day <= b for a, b in SCHOOL_HOLIDAYS) or day in BANK_HOLIDAYS:
            lam *= 1.5
        for _ in range(_poisson(rng, lam)):
            channel = _pick(rng, MUSEUM_CHANNELS)
            items = _party(rng)
            slot = rng.choice(SLOTS)
            if channel == "desk":
                local = dt.datetime.combine(day, dt.time(int(slot[:2]))) - dt.timedelta(
                    minutes=rng.randint(0, 45), seconds=rng.randint(0, 59)
                )
            else:
                lead = min(int(rng.expovariate(1 / 7)), 45)
                hour = _pick(rng, ONLINE_HOURS) if lead else rng.choice([6, 7, 8, 9])
                local = dt.datetime.combine(
                    day - dt.timedelta(days=lead), dt.time(hour, rng.randint(0, 59), rng.randint(0, 59))
                )
            created = local.replace(tzinfo=LONDON).astimezone(UTC)
            subtotal = sum(price[c] * q for c, q in items)
            discount = round(subtotal * 0.1) if channel != "desk" and subtotal and rng.random() < 0.1 else 0
            status = "refunded" if rng.random() < REFUND[channel] else "paid"
            made.append(
                {
                    "created": created,
                    "local": created.astimezone(LONDON).replace(tzinfo=None),
                    "channel": channel,
                    "visit": day,
                    "slot": slot,
                    "items": items,
                    "subtotal": subtotal,
                    "discount": discount,
                    "total": subtotal - discount,
                    "status": status,
                }
            )
    made.sort(key=lambda o: o["created"])
    for n, o in enumerate(made):
        o["id"] = 410_001 + n
    t.orders = made


# --- pathology lab ---------------------------------------------------------------------------------------

LAB_FIRST = dt.date(2024, 3, 1)
LAB_LAST = dt.date(2024, 5, 31)
SITES = [  # code, name, kind, samples a day, open at weekends
    ("GP01", "Abbey Road Surgery", "GP surgery", 13, False),
    ("GP02", "Brook Lane Medical Centre", "GP surgery", 16, False),
    ("GP03", "Castle Street Practice", "GP surgery", 9, False),
    ("GP04", "Dene Valley Surgery", "GP surgery", 12, False),
    ("GP05", "Elm Park Health Centre", "GP surgery", 14, False),
    ("GP06", "Fairfield Surgery", "GP surgery", 8, False),
    ("GP07", "Greenhill Medical Practice", "GP surgery", 11, False),
    ("WD03", "Ward 3 - Acute Medical Unit", "Hospital ward", 22, True),
    ("WD07", "Ward 7 - Cardiology", "Hospital ward", 14, True),
    ("WD11", "Ward 11 - Renal", "Hospital ward", 10, True),
    ("WD14", "Ward 14 - Elderly Care", "Hospital ward", 12, True),
    ("OP01", "Diabetes Clinic", "Outpatient clinic", 8, False),
    ("OP02", "Anticoagulation Clinic", "Outpatient clinic", 10, False),
    ("CH01", "Beechwood Care Home", "Care home", 2.6, False),
    ("CH02", "Millbrook Lodge", "Care home", 2.1, False),
    ("CH03", "The Orchards Nursing Home", "Care home", 3.0, False),
]
TESTS = [  # code, name, department, target hours, processing minutes (median)
    ("FBC", "Full blood count", "Haematology", 4, 50),
    ("COAG", "Coagulation screen", "Haematology", 4, 62),
    ("UE", "Urea and electrolytes", "Biochemistry", 6, 95),
    ("LFT", "Liver function tests", "Biochemistry", 6, 110),
    ("CRP", "C-reactive protein", "Biochemistry", 6, 92),
    ("TROP", "High-sensitivity troponin", "Biochemistry", 1, 42),
    ("TSH", "Thyroid function", "Biochemistry", 24, 600),
    ("HBA1C", "HbA1c", "Biochemistry", 48, 1800),
]
TEST_MIX = {
    "GP surgery": {"FBC": 26, "UE": 24, "LFT": 14, "CRP": 8, "HBA1C": 12, "TSH": 12, "COAG": 4},
    "Hospital ward": {"FBC": 28, "UE": 28, "CRP": 14, "LFT": 10, "COAG": 8, "TROP": 12},
    "Care home": {"FBC": 30, "UE": 35, "CRP": 15, "LFT": 10, "TSH": 10},
    "OP01": {"HBA1C": 50, "UE": 30, "FBC": 20},
    "OP02": {"COAG": 85, "FBC": 15},
    "WD07": {"FBC": 22, "UE": 26, "CRP": 8, "LFT": 6, "COAG": 10, "TROP": 28},
    "WD11": {"FBC": 24, "UE": 48, "CRP": 12, "LFT": 8, "COAG": 8},
}
URGENT = {"GP surgery": 0.05, "Hospital ward": 0.45, "Outpatient clinic": 0.1, "Care home": 0.12}
REJECT = {"GP surgery": 0.025, "Hospital ward": 0.015, "Outpatient clinic": 0.02, "Care home": 0.075}
REJECT_REASONS = {  # code: description, weight
    "H": ("Haemolysed", 38),
    "I": ("Insufficient volume", 26),
    "L": ("Labelling error", 18),
    "C": ("Clotted", 12),
    "D": ("Delayed in transit", 6),
}
CREATININE_SWITCH = dt.datetime(2024, 3, 25)  # the new analyser reports umol/L; the old one mg/dL
MG_DL = 88.4  # umol/L per mg/dL of creatinine
WARD_HOURS = {
    h: w for h, w in zip(range(24), [2, 2, 2, 2, 3, 6, 14, 12, 8, 6, 6, 5, 5, 5, 4, 4, 5, 5, 4, 4, 3, 3, 3, 2])
}


def _lab(rng: random.Random, t: Truth) -> None:
    for code, name, kind, _, _ in SITES:
        t.sites.append({"code": code, "name": name, "kind": kind})
    for code, name, dept, target, _ in TESTS:
        t.tests.append({"code": code, "name": name, "department": dept, "target_h": target})
    processing = {c: p for c, *_, p in TESTS}
    made = []
    for day in _days(LAB_FIRST, LAB_LAST):
        for code, _, kind, lam, weekends in SITES:
            if day.weekday() >= 5 and not weekends:
                continue
            for _ in range(_poisson(rng, lam)):
                test = _pick(rng, TEST_MIX.get(code, TEST_MIX.get(kind)))
                urgent = test == "TROP" or rng.random() < URGENT[kind]
                paper = kind == "Care home" or (kind == "GP surgery" and rng.random() < 0.2)
                if kind == "GP surgery":
                    minute = rng.randint(8 * 60 + 20, 12 * 60 + 30)
                elif kind == "Care home":
                    minute = rng.randint(7 * 60 + 30, 10 * 60 + 30)
                elif kind == "Outpatient clinic":
                    minute = rng.randint(9 * 60, 16 * 60)
                else:
                    minute = _pick(rng, WARD_HOURS) * 60 + rng.randint(0, 59)
                collected = dt.datetime.combine(day, dt.time()) + dt.timedelta(minutes=minute)
                if kind in ("GP surgery", "Care home"):  # the courier's rounds at 13:15 and 16:30
                    run = dt.datetime.combine(day, dt.time(13, 15))
                    if collected + dt.timedelta(minutes=40) > run:
                        run = dt.datetime.combine(day, dt.time(16, 30))
                    received = run + dt.timedelta(minutes=rng.randint(20, 55), seconds=rng.randint(0, 59))
                elif kind == "Hospital ward":
                    lag = rng.randint(8, 30) if urgent else rng.randint(20, 95)
                    received = collected + dt.timedelta(minutes=lag, seconds=rng.randint(0, 59))
                else:
                    received = collected + dt.timedelta(minutes=rng.randint(30, 120), seconds=rng.randint(0, 59))
                rejected = rng.random() < REJECT[kind]
                reason = _pick(rng, {k: w for k, (_, w) in REJECT_REASONS.items()}) if rejected else None
                reported = None
                if not rejected:
                    median = processing[test] * (0.6 if urgent and test != "TROP" else 1.0)
                    minutes = rng.lognormvariate(math.log(median), 0.45)
                    reported = received + dt.timedelta(seconds=round(minutes * 60))
                made.append(
                    {
                        "site": code,
                        "kind": kind,
                        "test": test,
                        "urgent": urgent,
                        "paper": paper,
                        "collected": collected,
                        "received": received,
                        "reported": reported,
                        "status": "rejected" if rejected else "reported",
                        "reason": reason,
                        "patient": f"P{rng.randint(1_000_000, 9_999_999)}",
                    }
                )
    made.sort(key=lambda s: (s["received"], s["site"]))
    for n, s in enumerate(made, start=1):
        s["id"] = f"NP24-{n:06d}"
        if s["test"] != "UE" or s["status"] != "reported":
            continue
        renal = s["site"] == "WD11"
        sodium = round(rng.gauss(139, 3.2))
        potassium = round(rng.gauss(4.3, 0.45) + (0.5 if renal else 0.0), 1)
        urea = round(rng.lognormvariate(math.log(12 if renal else 5.8), 0.35), 1)
        umol = round(rng.lognormvariate(math.log(260 if renal else 84), 0.3 if renal else 0.25))
        old = s["received"] < CREATININE_SWITCH
        t.results += [
            {"sample": s["id"], "analyte": "Sodium", "value": float(sodium), "unit": "mmol/L"},
            {"sample": s["id"], "analyte": "Potassium", "value": potassium, "unit": "mmol/L"},
            {"sample": s["id"], "analyte": "Urea", "value": urea, "unit": "mmol/L"},
            {
                "sample": s["id"],
                "analyte": "Creatinine",
                "value": round(umol / MG_DL, 2) if old else float(umol),
                "unit": "mg/dL" if old else "umol/L",
            },
        ]
    t.samples = made


# --- parking enforcement ---------------------------------------------------------------------------------

PARK_FIRST = dt.date(2024, 1, 1)
PARK_LAST = dt.date(2024, 3, 31)
PARK_EXPORT = dt.date(2024, 4, 30)
PARK_CLOSED = {dt.date(2024, 1, 1), dt.date(2024, 3, 29)}
OFFENCES = [  # code, description, band, fine (euros)
    ("01", "No valid parking ticket displayed", "lower", 30),
    ("02", "Parking ticket expired", "lower", 25),
    ("05", "Maximum stay exceeded", "lower", 30),
    ("12", "Residents' parking zone without permit", "higher", 55),
    ("21", "Parked on footway or cycle lane", "higher", 55),
    ("23", "Disabled bay without blue badge", "higher", 70),
    ("25", "Parked in a loading bay", "higher", 55),
    ("30", "Double parking", "higher", 55),
    ("40", "Parked within 5 m of a junction", "lower", 35),
    ("60", "Obstructing a fire lane", "higher", 80),
]
ZONES = {  # zone: share of tickets, streets (weights), offences (weights)
    "A": (
        40,
        {"Königstraße": 5, "Marktplatz": 4, "Schloßallee": 2, "Kirchgasse": 1.5},
        {"01": 40, "02": 30, "05": 15, "21": 7, "30": 5, "23": 3},
    ),
    "B": (
        25,
        {"Bahnhofstraße": 4, "Poststraße": 2, "Am Güterbahnhof": 1.5},
        {"01": 25, "25": 25, "21": 20, "30": 15, "02": 15},
    ),
    "C": (22, {"Lindenweg": 2, "Mühlenweg": 2, "Rosenstraße": 1.5, "Ahornallee": 1}, {"12": 70, "21": 15, "40": 15}),
    "D": (13, {"Klinikstraße": 3, "Am Stadtpark": 1.5}, {"23": 30, "01": 30, "02": 20, "60": 20}),
}
STREET_SPELLINGS = {
    "Königstraße": {"Königstraße": 45, "Koenigstrasse": 30, "Königstr.": 25},
    "Schloßallee": {"Schloßallee": 6, "Schlossallee": 4},
    "Bahnhofstraße": {"Bahnhofstraße": 6, "Bahnhofstr.": 4},
    "Mühlenweg": {"Mühlenweg": 7, "Muehlenweg": 3},
    "Klinikstraße": {"Klinikstraße": 7, "Klinikstr.": 3},
    "Poststraße": {"Poststraße": 8, "Poststr.": 2},
}
OFFICERS = {
    f"W-{n}": rate for n, rate in zip(range(101, 113), [4.2, 3.1, 5.6, 3.8, 2.9, 4.4, 4.9, 3.5, 2.6, 4.0, 3.3, 3.9])
}
REMINDER_FEE = 15
RESIDENTS_CAMPAIGN = 2.6  # March: a campaign against parking in the residents' zone without a permit


def _parking(rng: random.Random, t: Truth) -> None:
    fine = {c: f for c, _, _, f in OFFENCES}
    for code, desc, band, euros in OFFENCES:
        t.offences.append({"code": code, "description": desc, "band": band, "fine": euros})
    home = {o: "AABACBADABCD"[i] for i, o in enumerate(OFFICERS)}  # each officer's beat
    made = []
    for day in _days(PARK_FIRST, PARK_LAST):
        if day.weekday() == 6 or day in PARK_CLOSED:
            continue
        on_duty = rng.sample(sorted(OFFICERS), 6 if day.weekday() == 5 else 8)
        for officer in on_duty:
            for _ in range(_poisson(rng, OFFICERS[officer] * (1.08 if day.month == 3 else 1.0))):
                shares = {
                    z: v[0] * (RESIDENTS_CAMPAIGN if z == "C" and day.month == 3 else 1) for z, v in ZONES.items()
                }
                zone = home[officer] if rng.random() < 0.55 else _pick(rng, shares)
                _, streets, offences = ZONES[zone]
                code = _pick(rng, offences)
                issued = dt.datetime.combine(day, dt.time(rng.randint(8, 19), rng.randint(0, 59)))
                r = rng.random()
                paid_on, paid, status = None, None, "Open"
                if r < 0.06:
                    status = "Cancelled"
                else:
                    q = rng.random()
                    days = (
                        rng.randint(0, 14)
                        if q < 0.62
                        else rng.randint(15, 28)
                        if q < 0.86
                        else rng.randint(29, 75)
                        if q < 0.96
                        else None
                    )
                    if days is not None and day + dt.timedelta(days=days) <= PARK_EXPORT:
                        paid_on = day + dt.timedelta(days=days)
                        euros = fine[code]
                        paid = euros * 50 if days <= 14 else euros * 100 if days <= 28 else (euros + REMINDER_FEE) * 100
                        status = "Paid"
                made.append(
                    {
                        "issued": issued,
                        "street": _pick(rng, streets),
                        "zone": zone,
                        "offence": code,
                        "fine": fine[code] * 100,
                        "paid": paid,
                        "paid_on": paid_on,
                        "status": status,
                        "officer": officer,
                    }
                )
    made.sort(key=lambda p: (p["issued"], p["officer"]))
    for n, p in enumerate(made, start=1):
        p["ticket"] = f"WM-24-{n:05d}"
    t.pcns = made


# --- fitness studio --------------------------------------------------------------------------------------

STUDIO_FIRST = dt.date(2024, 9, 2)
STUDIO_LAST = dt.date(2024, 11, 30)
STUDIO_CLOSED = {dt.date(2024, 10, 3)}
TIMETABLE = {  # weekday: (local start, class, minutes, instructor, capacity)
    0: [
        ("06:30", "Spin", 45, "Lena", 20),
        ("09:30", "Pilates", 55, "Mara", 14),
        ("12:15", "HIIT", 30, "Jonas", 16),
        ("17:30", "Spin", 45, "Jonas", 20),
        ("18:30", "Yoga", 75, "Mara", 18),
        ("19:45", "Boxing", 60, "Deniz", 16),
    ],
    1: [
        ("07:00", "HIIT", 45, "Jonas", 16),
        ("10:00", "Yoga", 60, "Ines", 18),
        ("18:00", "Pilates", 55, "Mara", 14),
        ("19:00", "Spin", 45, "Lena", 20),
        ("20:00", "Yoga", 60, "Ines", 18),
    ],
    2: [
        ("06:30", "Spin", 45, "Lena", 20),
        ("08:00", "Yoga", 60, "Ines", 18),
        ("12:15", "Spin", 30, "Jonas", 20),
        ("17:30", "Boxing", 60, "Deniz", 16),
        ("18:45", "HIIT", 45, "Jonas", 16),
        ("19:45", "Yoga", 75, "Mara", 18),
    ],
    3: [
        ("07:00", "Pilates", 55, "Mara", 14),
        ("09:00", "Spin", 45, "Lena", 20),
        ("18:00", "Spin", 45, "Jonas", 20),
        ("19:00", "Boxing", 60, "Deniz", 16),
        ("20:00", "Yoga", 60, "Ines", 18),
    ],
    4: [
        ("06:30", "HIIT", 30, "Jonas", 16),
        ("08:00", "Spin", 45, "Lena", 20),
        ("12:15", "Yoga", 45, "Ines", 18),
        ("17:30", "Boxing", 60, "Deniz", 16),
        ("18:30", "Spin", 45, "Lena", 20),
    ],
    5: [("09:00", "Spin", 60, "Lena", 20), ("10:15", "Yoga", 90, "Mara", 18), ("11:30", "Boxing", 60, "Deniz", 16)],
    6: [("10:00", "Yoga", 75, "Ines", 18), ("11:30", "Pilates", 55, "Mara", 14), ("17:00", "Spin", 45, "Jonas", 20)],
}
PLANS = [  # code, name, monthly fee (euros), classes a month (None: unlimited), weekly classes wanted, frozen share
    ("UNL", "Unlimited", 89, None, 2.7, 0.08),
    ("8X", "8 classes", 65, 8, 1.8, 0.1),
    ("4X", "4 classes", 39, 4, 0.95, 0.1),
    ("OFF", "Off-peak", 59, None, 3.3, 0.55),
]
CLASS_TASTE = {"Spin": 1.3, "Yoga": 1.2, "HIIT": 0.8, "Pilates": 0.8, "Boxing": 0.8}
CLASS_SPELLINGS = {
    "Spin": {"Spin": 5, "SPIN": 2, "Spin class": 3},
    "Yoga": {"Yoga": 8, "yoga": 2},
    "HIIT": {"HIIT": 6, "Hiit": 2, "H.I.I.T.": 2},
    "Pilates": {"Pilates": 8, "pilates": 2},
    "Boxing": {"Boxing": 8, "boxing": 2},
}
BOOKING_OUTCOME = {"attended": 82, "no-show": 7, "late-cancel": 4, "cancelled": 7}
FIRST_NAMES = [
    "Anna",
    "Ben",
    "Clara",
    "David",
    "Elif",
    "Felix",
    "Greta",
    "Hannes",
    "Ida",
    "Jan",
    "Katrin",
    "Leon",
    "Mia",
    "Noah",
    "Olga",
    "Paul",
    "Quentin",
    "Rosa",
    "Sven",
    "Tara",
    "Uwe",
    "Vera",
    "Wim",
    "Yusuf",
    "Zoe",
]


def _off_peak(start_local: dt.datetime) -> bool:
    return start_local.weekday() < 5 and start_local.hour < 16


def _studio(rng: random.Random, t: Truth) -> None:
    for code, name, fee, per_month, _, _ in PLANS:
        t.plans.append({"code": code, "name": name, "fee": fee, "per_month": per_month})
    plan_of = {p[0]: p for p in PLANS}
    for n in range(430):
        code = _pick(rng, {"UNL": 30, "8X": 30, "4X": 25, "OFF": 15})
        joined = dt.date(2019, 1, 7) + dt.timedelta(days=rng.randint(0, 2140))
        frozen = rng.random() < plan_of[code][5]
        t.members.append(
            {
                "id": 1001 + n,
                "first": rng.choice(FIRST_NAMES),
                "joined": joined,
                "plan": code,
                "status": "Frozen" if frozen else "Active",
                "keen": rng.uniform(0.5, 1.5),
                "taste": {c: w * rng.uniform(0.3, 1.7) for c, w in CLASS_TASTE.items()},
                "early": rng.random() < 0.3,
            }
        )
    sid = 5000
    for day in _days(STUDIO_FIRST, STUDIO_LAST):
        if day in STUDIO_CLOSED:
            continue
        for start, cls, minutes, instructor, capacity in TIMETABLE[day.weekday()]:
            sid += 1
            local = dt.datetime.combine(day, dt.time(int(start[:2]), int(start[3:])))
            t.sessions.append(
                {
                    "id": sid,
                    "local": local,
                    "utc": local.replace(tzinfo=BERLIN).astimezone(UTC),
                    "class": cls,
                    "minutes": minutes,
                    "instructor": instructor,
                    "capacity": capacity,
                }
            )
    weeks: dict[dt.date, list[dict]] = {}
    for s in t.sessions:
        weeks.setdefault(s["local"].date() - dt.timedelta(days=s["local"].weekday()), []).append(s)
    taken: dict[int, int] = {}
    booked: set[tuple[int, int]] = set()
    used: dict[tuple[int, int], int] = {}  # classes booked (not cancelled) per member and month
    made = []
    for monday in sorted(weeks):
        for m in t.members:
            if m["status"] == "Frozen" or m["joined"] > monday:
                continue
            code, _, _, per_month, weekly, _ = plan_of[m["plan"]]
            options = [s for s in weeks[monday] if code != "OFF" or _off_peak(s["local"])]
            for _ in range(_poisson(rng, weekly * m["keen"])):
                weights = [
                    m["taste"][s["class"]] * (2.5 if m["early"] == (s["local"].hour < 8) else 0.4) for s in options
                ]
                s = rng.choices(options, weights=weights)[0]
                key = (m["id"], s["local"].month)
                if taken.get(s["id"], 0) >= s["capacity"] or (m["id"], s["id"]) in booked:
                    continue
                if per_month is not None and used.get(key, 0) >= per_month:
                    continue
                status = _pick(rng, BOOKING_OUTCOME)
                booked.add((m["id"], s["id"]))
                if status != "cancelled":
                    taken[s["id"]] = taken.get(s["id"], 0) + 1
                    used[key] = used.get(key, 0) + 1
                made.append({"member": m["id"], "session": s["id"], "status": status})
    start = {s["id"]: s["utc"] for s in t.sessions}
    made.sort(key=lambda b: (start[b["session"]], b["member"]))
    for n, b in enumerate(made, start=1):
        b["id"] = 700_000 + n
    t.bookings = made


def truth(seed: int = SEED) -> Truth:
    t = Truth()
    # one random stream per topic, so that changing one topic's generator leaves the others' data alone
    for name, build in (("museum", _museum), ("lab", _lab), ("parking", _parking), ("studio", _studio)):
        build(random.Random(f"{seed}/{name}"), t)
    return t


# --- rendering: the mess ------------------------------------------------------------------------------

WHEN = (2025, 2, 3, 9, 0, 0)  # the xlsx parts' timestamps


def _write_orders(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/museum-render")
    records = []
    for o in t.orders:
        records.append(
            {
                "id": o["id"],
                "created_at": o["created"].strftime("%Y-%m-%dT%H:%M:%SZ"),
                "channel": o["channel"],
                "status": o["status"],
                "visit": {"date": o["visit"].isoformat(), "slot": o["slot"]},
                "items": [
                    {"ticket": c, "qty": q, "unit_amount": next(x["price"] for x in t.tickets if x["code"] == c)}
                    for c, q in o["items"]
                ],
                "discount": {"code": "SPRING10", "amount": o["discount"]} if o["discount"] else None,
                "total_amount": o["total"],
                "currency": "GBP",
            }
        )
    per_page, start, pages = 100, 0, []
    while start < len(records):
        chunk = records[start : start + per_page]
        pages.append(chunk)
        if start + per_page >= len(records):
            break
        # an order created while the export was paging pushes the next page back: it repeats a record or two
        start += per_page - (_pick(rng, {0: 6, 1: 3, 2: 1}))
    out = []
    for n, chunk in enumerate(pages, start=1):
        meta = {"page": n, "per_page": per_page, "total": len(records), "pages": len(pages)}
        meta["next"] = f"/v2/orders?visit_from=2024-04-01&visit_to=2024-06-30&page={n + 1}" if n < len(pages) else None
        out.append({"meta": meta, "data": chunk})
    path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _write_tickets(t: Truth, path: Path) -> None:
    buf = io.StringIO()
    buf.write("Brackwater Museum of Science - admission prices 2024\n")
    buf.write("Prices include VAT. Members and under-5s go free.\n\n")
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["Code", "Ticket", "Price", "Admits"])
    for x in t.tickets:
        price = "Free" if x["price"] == 0 else f"£{x['price'] / 100:.2f}"
        w.writerow([x["code"], x["name"], price, x["admits"]])
    path.write_text(buf.getvalue(), encoding="utf-8")


PRIORITY_SPELLINGS = {
    True: {"urgent": 5, "Urgent": 3, "URGENT": 1, "Urg": 1},
    False: {"routine": 6, "Routine": 3, "ROUTINE": 1},
}


def _write_lab(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/lab-render")
    if path.exists():
        path.unlink()
    con = sqlite3.connect(path)
    con.executescript(
        """
        CREATE TABLE sites (code TEXT PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL);
        CREATE TABLE tests (code TEXT PRIMARY KEY, name TEXT NOT NULL, department TEXT, target_tat_hours INTEGER);
        CREATE TABLE reject_reasons (code TEXT PRIMARY KEY, description TEXT NOT NULL);
        CREATE TABLE units (analyte TEXT, unit TEXT, factor REAL, standard_unit TEXT,
                            PRIMARY KEY (analyte, unit));
        CREATE TABLE samples (sample_id TEXT PRIMARY KEY, patient TEXT, site TEXT, test TEXT, priority TEXT,
                              collected TEXT, received TEXT, reported TEXT, status TEXT, reject_code TEXT);
        CREATE TABLE results (sample_id TEXT, analyte TEXT, value REAL, unit TEXT);
        """
    )
    con.executemany("INSERT INTO sites VALUES (?,?,?)", [(s["code"], s["name"], s["kind"]) for s in t.sites])
    con.executemany(
        "INSERT INTO tests VALUES (?,?,?,?)", [(x["code"], x["name"], x["department"], x["target_h"]) for x in t.tests]
    )
    con.executemany("INSERT INTO reject_reasons VALUES (?,?)", [(k, v[0]) for k, v in REJECT_REASONS.items()])
    units = [
        ("Sodium", "mmol/L", 1.0, "mmol/L"),
        ("Potassium", "mmol/L", 1.0, "mmol/L"),
        ("Urea", "mmol/L", 1.0, "mmol/L"),
        ("Creatinine", "umol/L", 1.0, "umol/L"),
        ("Creatinine", "mg/dL", MG_DL, "umol/L"),
    ]
    con.executemany("INSERT INTO units VALUES (?,?,?,?)", units)
    rows = []
    for s in t.samples:
        site = s["site"]
        r = rng.random()
        if r < 0.04:
            site = site.lower()
        elif r < 0.07:
            site = site + " "
        elif r < 0.09:
            site = " " + site.lower()
        collected = s["collected"].strftime("%d/%m/%Y %H:%M" if s["paper"] else "%Y-%m-%d %H:%M")
        rows.append(
            (
                s["id"],
                s["patient"],
                site,
                s["test"],
                _pick(rng, PRIORITY_SPELLINGS[s["urgent"]]),
                collected,
                s["received"].strftime("%Y-%m-%dT%H:%M:%S"),
                s["reported"].strftime("%Y-%m-%dT%H:%M:%S") if s["reported"] else None,
                s["status"],
                s["reason"],
            )
        )
    con.executemany("INSERT INTO samples VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
    con.executemany(
        "INSERT INTO results VALUES (?,?,?,?)", [(r["sample"], r["analyte"], r["value"], r["unit"]) for r in t.results]
    )
    con.commit()
    con.execute("VACUUM")
    con.close()


def _eu(cents: int, thousands: bool = False) -> str:
    """12345 cents as "123,45" (or "1.234,56" with a thousands separator)."""
    text = f"{cents / 100:,.2f}" if thousands else f"{cents / 100:.2f}"
    return text.replace(",", "_").replace(".", ",").replace("_", ".")


def _write_parking(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/parking-render")
    buf = io.StringIO()
    buf.write("Stadt Westmark - Ordnungsamt - parking tickets issued\r\n")
    buf.write("Period 01.01.2024 - 31.03.2024; exported 30.04.2024\r\n\r\n")
    w = csv.writer(buf, delimiter=";", lineterminator="\r\n")
    w.writerow(
        ["Ticket no", "Issued", "Street", "Zone", "Offence", "Fine EUR", "Paid EUR", "Paid on", "Status", "Officer"]
    )
    for p in t.pcns:
        street = _pick(rng, STREET_SPELLINGS.get(p["street"], {p["street"]: 1}))
        w.writerow(
            [
                p["ticket"],
                p["issued"].strftime("%d.%m.%Y %H:%M"),
                street,
                p["zone"],
                p["offence"],
                _eu(p["fine"]),
                _eu(p["paid"]) if p["paid"] is not None else "-",
                p["paid_on"].strftime("%d.%m.%Y") if p["paid_on"] else "-",
                p["status"],
                p["officer"],
            ]
        )
    fines = sum(p["fine"] for p in t.pcns)
    paid = sum(p["paid"] or 0 for p in t.pcns)
    w.writerow([f"Total {len(t.pcns)} tickets", "", "", "", "", _eu(fines, True), _eu(paid, True), "", "", ""])
    path.write_bytes(buf.getvalue().encode("cp1252"))


def _write_offences(t: Truth, path: Path) -> None:
    lines = [
        "WESTMARK PARKING ENFORCEMENT - OFFENCE CATALOGUE                valid from 01.01.2024",
        "",
        "Code  Description                               Band    Fine_EUR",
        "----  ----------------------------------------  ------  --------",
    ]
    for o in t.offences:
        lines.append(f"{o['code']:>4}  {o['description']:<40}  {o['band']:<6}  {_eu(o['fine'] * 100):>8}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _duration(rng: random.Random, minutes: int) -> str:
    h, m = divmod(minutes, 60)
    forms = {f"{minutes} min": 5, f"{minutes}min": 2, f"{h}:{m:02d}": 2}
    if h:
        forms[f"{h} h" if m == 0 else f"{h}h{m:02d}"] = 2
    return _pick(rng, forms)


def _write_bookings(t: Truth, path: Path, seed: int) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = random.Random(f"{seed}/studio-render")
    shown = {s["id"]: (_pick(rng, CLASS_SPELLINGS[s["class"]]), _duration(rng, s["minutes"])) for s in t.sessions}
    sessions = {s["id"]: s for s in t.sessions}
    b = t.bookings
    table = pa.table(
        {
            "booking_id": pa.array([x["id"] for x in b], pa.int64()),
            "session_id": pa.array([x["session"] for x in b], pa.int64()),
            "member_id": pa.array([x["member"] for x in b], pa.int64()),
            "class_name": pa.array([shown[x["session"]][0] for x in b], pa.string()),
            "instructor": pa.array([sessions[x["session"]]["instructor"] for x in b], pa.string()),
            "starts_at": pa.array([sessions[x["session"]]["utc"] for x in b], pa.timestamp("us", tz="UTC")),
            "duration": pa.array([shown[x["session"]][1] for x in b], pa.string()),
            "status": pa.array([x["status"] for x in b], pa.string()),
        }
    )
    pq.write_table(table, path, compression="snappy")


def _normalise_zip(raw: bytes, when: tuple[int, ...]) -> bytes:
    """Rewrite an xlsx (a zip) with fixed timestamps, so the same workbook gives the same bytes."""
    stamp = dt.datetime(*when).strftime("%Y-%m-%dT%H:%M:%SZ").encode()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(raw)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                data = re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*", rb"\g<1>" + stamp, data)
            z = zipfile.ZipInfo(info.filename, date_time=when)
            z.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(z, data)
    return out.getvalue()


def _write_members(t: Truth, path: Path, seed: int) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font

    rng = random.Random(f"{seed}/members-render")
    wb = Workbook()
    ws = wb.active
    ws.title = "Members"
    ws.append(["Pulse Studio Berlin - member list"])
    ws.merge_cells("A1:E1")
    ws["A1"].font = Font(bold=True, size=14)
    ws["A1"].alignment = Alignment(horizontal="center")
    ws.append(["Status as of 30.11.2024"])
    ws.append([])
    ws.append(["Member no.", "First name", "Joined", "Plan", "Status"])
    for cell in ws[4]:
        cell.font = Font(bold=True)
    for m in t.members:
        joined: Any = m["joined"] if rng.random() < 0.9 else m["joined"].strftime("%d.%m.%Y")
        ws.append([f"PS-{m['id']:05d}", m["first"], joined, m["plan"], m["status"]])
    for row in ws.iter_rows(min_row=5, min_col=3, max_col=3):
        row[0].number_format = "dd.mm.yyyy"
    for col, width in zip("ABCDE", [12, 12, 12, 8, 9]):
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A5"
    ps = wb.create_sheet("Plans")
    ps.append(["Code", "Plan", "Monthly fee", "Classes per month"])
    for p in t.plans:
        per_month = "unlimited (weekdays before 16:00)" if p["code"] == "OFF" else p["per_month"] or "unlimited"
        ps.append([p["code"], p["name"], f"€{p['fee']}.00", per_month])
    stamp = dt.datetime(*WHEN)
    wb.properties.created = stamp
    wb.properties.modified = stamp
    wb.properties.creator = "frontdesk"
    buf = io.BytesIO()
    wb.save(buf)
    path.write_bytes(_normalise_zip(buf.getvalue(), WHEN))


FILES = [
    "museum_orders_api.json",
    "ticket_types.csv",
    "lab_registry.sqlite",
    "parking_tickets_q1_2024.csv",
    "offence_codes.txt",
    "studio_bookings.parquet",
    "members.xlsx",
]


def write_files(target: Path, seed: int = SEED) -> list[str]:
    """Write the data files into `target`; return their names."""
    t = truth(seed)
    target = Path(target)
    target.mkdir(parents=True, exist_ok=True)
    _write_orders(t, target / "museum_orders_api.json", seed)
    _write_tickets(t, target / "ticket_types.csv")
    _write_lab(t, target / "lab_registry.sqlite", seed)
    _write_parking(t, target / "parking_tickets_q1_2024.csv", seed)
    _write_offences(t, target / "offence_codes.txt")
    _write_bookings(t, target / "studio_bookings.parquet", seed)
    _write_members(t, target / "members.xlsx", seed)
    return list(FILES)


if __name__ == "__main__":
    import sys

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout9-data")
    print("\n".join(str(out / n) for n in write_files(out)))
