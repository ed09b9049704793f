"""The sixth held-out set's data files: generated from a seed, with the mess real exports have.

`truth(seed)` builds the clean records (the ground truth the reference answers are computed from,
stdlib only); `write_files(dir, seed)` renders them messily into these files:

- library.sqlite        a public library's catalogue and loans, January 2023 to June 2024, as an
                        SQLite database of two tables: `catalogue` (item ids as zero-padded text,
                        "004512", formats spelled several ways) and `loans` (the item as an INTEGER,
                        so 4512; checkout timestamps and due/return dates as text; NULL = not back)
- library_members.csv.gz
                        the library's members: a gzip-compressed CSV, day-first join dates
                        "03/07/2023", patron ids that the loans table calls `borrower`
- ed_visits_2024.json   a hospital emergency department's visits in 2024 as an API response: the
                        records under "visits" beside a "meta" block, ISO timestamps in UTC ("Z")
                        while the hospital is in Chicago, the vitals nested, oxygen saturation as
                        text "96%", a Yes/No ambulance flag, the length of stay as an ISO 8601
                        duration "PT3H25M", dispositions spelled several ways
- port_calls_2023_2024.xlsx
                        a port's ship calls: a "Read me" sheet first, the table on the "Calls" sheet,
                        local timestamps, vessel types in mixed case
- cargo_2023_2024.csv   the cargo of each call: semicolon-separated, decimal commas and dots as
                        thousands separators ("12.345,6" tonnes, "1.234" TEU), the call key named
                        "Call ref" where the calls sheet says "Call No."
- marathon_2024_results.tsv
                        a city marathon's results: a tab-separated table under a "#" comment
                        preamble, times as text "3:32:05", zero-padded bibs "0042", DNF/DSQ rows
                        with empty times
- marathon_entrants.parquet
                        the marathon's entrants: dictionary-encoded (categorical) columns, the bib
                        as zero-padded text, a Yes/No first-marathon flag, entrants who did not start
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

SEED = 9_270_006

# --- time: US Central Time with its summer time, without a tz database ------------------------------


def _nth_sunday(year: int, month: int, n: int) -> dt.date:
    first = dt.date(year, month, 1)
    return first + dt.timedelta(days=(6 - first.weekday()) % 7 + 7 * (n - 1))


def utc_offset(utc: dt.datetime) -> int:
    """Hours from UTC to Chicago's local time at a UTC instant: -5 in summer time, else -6."""
    start = dt.datetime.combine(_nth_sunday(utc.year, 3, 2), dt.time(8))  # 02:00 CST
    end = dt.datetime.combine(_nth_sunday(utc.year, 11, 1), dt.time(7))  # 02:00 CDT
    return -5 if start <= utc < end else -6


def to_local(utc: dt.datetime) -> dt.datetime:
    return utc + dt.timedelta(hours=utc_offset(utc))


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
    items: list[dict[str, Any]] = field(default_factory=list)  # the library's catalogue
    members: list[dict[str, Any]] = field(default_factory=list)
    loans: list[dict[str, Any]] = field(default_factory=list)
    visits: list[dict[str, Any]] = field(default_factory=list)  # ED visits, times in UTC
    vessels: list[dict[str, Any]] = field(default_factory=list)
    calls: list[dict[str, Any]] = field(default_factory=list)  # port calls, local times
    cargo: list[dict[str, Any]] = field(default_factory=list)  # tonnes in tenths (int), TEU
    entrants: list[dict[str, Any]] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)  # starters only; times in seconds


# --- library ------------------------------------------------------------------------------------------

LIB_FIRST = dt.date(2023, 1, 2)
LIB_LAST = dt.date(2024, 6, 29)  # the extract was taken the next morning
BRANCHES = ["Central", "Northgate", "Riverside", "Hillcrest"]
SUBJECTS = ["Fiction", "Mystery", "Children's", "Young Adult", "History", "Biography", "Science", "Cookery", "Travel"]
FORMATS = {"Book": 0.68, "eBook": 0.14, "Audiobook": 0.08, "DVD": 0.10}
FORMAT_SPELLINGS = {
    "Book": {"Book": 6, "BOOK": 2, "book": 1, "Book ": 1},
    "eBook": {"eBook": 4, "EBOOK": 2, "ebook": 1, "E-book": 2},
    "Audiobook": {"Audiobook": 4, "AUDIOBOOK": 2, "audiobook": 1},
    "DVD": {"DVD": 4, "dvd": 2, "Dvd": 1},
}
DVD_SUBJECTS = ["Fiction", "Children's", "Travel", "History", "Science"]
LOAN_DAYS = {"Book": 21, "Audiobook": 21, "DVD": 7, "eBook": 14}
LATE = {"Book": 0.12, "Audiobook": 0.17, "DVD": 0.33, "eBook": 0.0}
AGE_GROUPS = {"Child": 0.2, "Teen": 0.1, "Adult": 0.5, "Senior": 0.2}
ACTIVITY = {"Child": 1.4, "Teen": 0.8, "Adult": 1.0, "Senior": 1.3}
TASTE = {  # subject weights per age group
    "Child": {"Children's": 6, "Fiction": 0.5, "Science": 0.5, "Mystery": 0.1, "Travel": 0.1},
    "Teen": {"Young Adult": 4, "Fiction": 1.5, "Science": 0.6, "Mystery": 0.5, "History": 0.2},
    "Adult": {
        "Fiction": 3,
        "Mystery": 1.5,
        "Cookery": 1,
        "Travel": 0.8,
        "Biography": 0.8,
        "History": 0.8,
        "Science": 0.8,
        "Young Adult": 0.2,
    },
    "Senior": {"Mystery": 2.7, "Fiction": 1.8, "History": 1.5, "Biography": 1.2, "Travel": 0.8, "Cookery": 0.8},
}
LIB_WEEKDAY = [1.0, 1.1, 0.95, 1.05, 0.85, 1.3]  # Monday to Saturday; closed on Sundays
LIB_MONTH = {1: 1.15, 2: 1.0, 3: 1.05, 4: 0.95, 5: 0.9, 6: 1.0, 7: 1.35, 8: 1.3, 9: 0.95, 10: 1.0, 11: 1.0, 12: 0.75}
LIB_BASE = 3.6  # loans a day
ADJ = ["Silent", "Hidden", "Last", "Winter", "Golden", "Broken", "Distant", "Little", "Secret", "Wild", "Lost", "Quiet"]
NOUN = ["Garden", "River", "Harbour", "Letter", "Island", "Kingdom", "Orchard", "Lantern", "Voyage", "Tide", "Forest"]
FIRST_F = ["Anna", "Maria", "Sofia", "Grace", "Emma", "Chloe", "Aisha", "Lucy", "Ella", "Mia", "Zoe", "Ruth"]
FIRST_F += ["Nora", "Ines"]
FIRST_M = ["James", "David", "Tom", "Liam", "Noah", "Ravi", "Ben", "Omar", "Jack", "Sam", "Leo", "Ivan", "Hugo", "Kofi"]
FIRST = FIRST_F + FIRST_M
LAST = ["Smith", "Jones", "Patel", "Brown", "Murphy", "Garcia", "Nowak", "Kowalski", "Wilson", "Evans", "Taylor"]
LAST += ["Khan", "Walsh", "Moreau", "Fischer", "Jansen", "Rossi", "Larsen", "Byrne", "Clarke", "Hughes", "Novak"]


def _library(rng: random.Random, t: Truth) -> None:
    ids = rng.sample(range(1000, 99999), 420)
    for n, num in enumerate(ids):
        fmt = _pick(rng, FORMATS)
        subject = rng.choice(DVD_SUBJECTS) if fmt == "DVD" else SUBJECTS[n % len(SUBJECTS)]
        t.items.append(
            {
                "item_id": f"{num:06d}",
                "title": f"The {rng.choice(ADJ)} {rng.choice(NOUN)}",
                "author": f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                "format": fmt,
                "subject": subject,
                "branch": rng.choice(BRANCHES),
                "acquired": dt.date(2008, 1, 1) + dt.timedelta(days=rng.randrange(5400)),
            }
        )
    by_subject: dict[str, list[dict]] = {}
    for item in t.items:
        by_subject.setdefault(item["subject"], []).append(item)
    for _ in range(360):
        joined = dt.date(2012, 1, 1) + dt.timedelta(days=int(4550 * rng.random() ** 0.6))
        t.members.append(
            {
                "patron_id": f"P{rng.randrange(10000, 999999):06d}",
                "joined": joined,
                "age_group": _pick(rng, AGE_GROUPS),
                "branch": rng.choice(BRANCHES),
                "activity": rng.gammavariate(2.0, 0.5),
            }
        )
    assert len({m["patron_id"] for m in t.members}) == len(t.members)
    loan_id = 100000
    for day in _days(LIB_FIRST, LIB_LAST):
        w = day.weekday()
        if w == 6:
            continue
        lam = LIB_BASE * LIB_WEEKDAY[w] * LIB_MONTH[day.month] * (1.05 if day.year == 2024 else 1.0)
        members = [m for m in t.members if m["joined"] <= day]
        weights = [m["activity"] * ACTIVITY[m["age_group"]] for m in members]
        closing = 19 if w < 5 else 16
        for _ in range(_poisson(rng, lam)):
            member = rng.choices(members, weights=weights)[0]
            subject = _pick(rng, TASTE[member["age_group"]])
            item = rng.choice(by_subject[subject])
            fmt = item["format"]
            secs = rng.randrange(int(9.5 * 3600), closing * 3600)
            out = dt.datetime.combine(day, dt.time()) + dt.timedelta(seconds=secs)
            renewals = 0 if fmt == "eBook" else rng.choices([0, 1, 2], weights=[70, 20, 10])[0]
            if fmt == "DVD":
                renewals = min(renewals, 1)
            kept = LOAN_DAYS[fmt] * (1 + renewals)
            due = day + dt.timedelta(days=kept)
            if fmt == "eBook":
                back = due if rng.random() < 0.7 else day + dt.timedelta(days=rng.randint(1, kept))
            elif rng.random() < LATE[fmt]:
                back = due + dt.timedelta(days=int(rng.triangular(1, 30, 2)))
            else:
                back = day + dt.timedelta(days=int(round(rng.triangular(1, kept, kept * 0.8))))
            if back.weekday() == 6 and fmt != "eBook":  # the book drop is emptied on Monday
                back += dt.timedelta(days=1)
            if back > LIB_LAST or rng.random() < 0.01:  # still out, or lost
                back = None
            loan_id += rng.randint(1, 3)
            t.loans.append(
                {
                    "loan_id": loan_id,
                    "item_id": item["item_id"],
                    "patron_id": member["patron_id"],
                    "branch": member["branch"] if rng.random() < 0.8 else rng.choice(BRANCHES),
                    "checked_out": out,
                    "due": due,
                    "returned": back,
                    "renewals": renewals,
                }
            )


# --- emergency department --------------------------------------------------------------------------------

ED_FIRST = dt.date(2024, 1, 1)
ED_LAST = dt.date(2024, 12, 31)
ED_BASE = 4.1  # visits a day
ED_HOURS = [0.45, 0.35, 0.3, 0.25, 0.25, 0.3, 0.45, 0.7, 0.95, 1.15, 1.3, 1.55]
ED_HOURS += [1.3, 1.25, 1.2, 1.15, 1.15, 1.2, 1.25, 1.2, 1.05, 0.9, 0.75, 0.6]
ED_WEEKDAY = [1.3, 1.05, 1.0, 0.98, 0.97, 0.92, 0.95]
ED_MONTH = {1: 1.2, 2: 1.15, 3: 1.0, 4: 0.95, 5: 0.95, 6: 1.0, 7: 1.05, 8: 1.0, 9: 0.95, 10: 1.0, 11: 1.05, 12: 1.25}
TRIAGE = {1: 0.02, 2: 0.15, 3: 0.45, 4: 0.28, 5: 0.10}
AMBULANCE = {1: 0.8, 2: 0.45, 3: 0.2, 4: 0.06, 5: 0.02}
WAIT_MEDIAN = {1: 2, 2: 12, 3: 38, 4: 50, 5: 56}  # minutes from arrival to provider
ADMIT = {1: 0.7, 2: 0.45, 3: 0.17, 4: 0.04, 5: 0.01}
SPO2 = {1: (80, 96), 2: (85, 99), 3: (91, 100), 4: (94, 100), 5: (95, 100)}
COMPLAINTS = {
    "Abdominal pain": 12,
    "Chest pain": 10,
    "Shortness of breath": 8,
    "Fall": 8,
    "Fever": 7,
    "Laceration": 6,
    "Back pain": 5,
    "Headache": 5,
    "Dizziness": 4,
    "Allergic reaction": 3,
    "Motor vehicle collision": 3,
    "Psychiatric evaluation": 3,
}
DISPOSITION_SPELLINGS = {
    "Discharged": {"Discharged": 6, "discharged": 2, "DISCHARGED": 1},
    "Admitted": {"Admitted": 5, "ADMITTED": 2, "admitted": 1, "Admitted ": 1},
    "Transferred": {"Transferred": 3, "transferred": 1},
    "LWBS": {"LWBS": 3, "Left without being seen": 2, "lwbs": 1},
}
NYE = dt.date(2024, 12, 31)  # New Year's Eve: an evening rush, long waits


def _ed(rng: random.Random, t: Truth) -> None:
    arrivals: list[tuple[dt.datetime, float]] = []
    for day in _days(ED_FIRST, ED_LAST):
        lam = ED_BASE * ED_WEEKDAY[day.weekday()] * ED_MONTH[day.month]
        hours = [rng.choices(range(24), weights=ED_HOURS)[0] for _ in range(_poisson(rng, lam))]
        if day == NYE:
            hours += [rng.randint(19, 23) for _ in range(9)]
        for h in hours:
            local = dt.datetime.combine(day, dt.time(h, rng.randrange(60)))
            utc = local - dt.timedelta(hours=-6)
            if utc_offset(utc - dt.timedelta(hours=1)) == -5:
                utc -= dt.timedelta(hours=1)
            if to_local(utc) != local:  # the spring's skipped hour or the autumn's repeated one
                continue
            crowd = ED_MONTH[day.month] ** 3 * (2.2 if day == NYE and h >= 19 else 1.0)
            crowd *= 1.25 if 17 <= h <= 23 else 1.0
            arrivals.append((utc, crowd))
    arrivals.sort(key=lambda a: a[0])
    for n, (utc, crowd) in enumerate(arrivals, start=1):
        triage = _pick(rng, TRIAGE)
        ambulance = rng.random() < AMBULANCE[triage]
        lo, hi = SPO2[triage]
        spo2 = min(100, int(rng.triangular(lo, hi + 1, hi))) if rng.random() < 0.86 else None
        wait = max(0, round(WAIT_MEDIAN[triage] * (crowd if triage >= 3 else 1.0) * math.exp(rng.gauss(0, 0.55))))
        wait = min(wait, 420)
        lwbs_p = 0.0 if triage <= 2 or ambulance else min(0.6, 0.005 + max(0, wait - 50) / 260)
        if rng.random() < lwbs_p:
            disposition, seen = "LWBS", None
            stay = max(5, round(wait * rng.uniform(0.5, 1.0)))
        else:
            seen = utc + dt.timedelta(minutes=wait)
            admit = ADMIT[triage] + (0.3 if spo2 is not None and spo2 < 92 else 0.0)
            r = rng.random()
            if r < admit:
                disposition = "Admitted"
                stay = (
                    wait + round(rng.lognormvariate(math.log(190), 0.4)) + round(rng.lognormvariate(math.log(230), 0.6))
                )
            elif r < admit + 0.03:
                disposition = "Transferred"
                stay = wait + round(rng.lognormvariate(math.log(240), 0.35))
            else:
                disposition = "Discharged"
                stay = wait + round(rng.lognormvariate(math.log(120), 0.45))
        t.visits.append(
            {
                "visit_id": f"ED24-{n:06d}",
                "arrived": utc,
                "triage": triage,
                "complaint": _pick(rng, COMPLAINTS),
                "ambulance": ambulance,
                "spo2": spo2,
                "heart_rate": rng.randint(58, 125),
                "seen": seen,
                "departed": utc + dt.timedelta(minutes=stay),
                "disposition": disposition,
            }
        )


# --- port ----------------------------------------------------------------------------------------------

PORT_FIRST = dt.date(2023, 1, 1)
PORT_LAST = dt.date(2024, 12, 31)
VESSEL_TYPES = {  # vessels, calls a year, gross tonnage range, hours in port (median)
    "Container ship": (30, 100, (15000, 95000), 22),
    "Bulk carrier": (22, 48, (20000, 45000), 58),
    "Tanker": (18, 36, (25000, 60000), 34),
    "Ro-Ro": (8, 40, (20000, 60000), 11),
    "General cargo": (16, 34, (3000, 12000), 40),
    "Cruise ship": (8, 22, (40000, 140000), 10),
}
TYPE_SPELLINGS = {
    "Container ship": {"Container ship": 5, "CONTAINER SHIP": 2, "container ship": 1, "Container Ship": 2},
    "Bulk carrier": {"Bulk carrier": 5, "BULK CARRIER": 2, "Bulk Carrier": 1},
    "Tanker": {"Tanker": 5, "TANKER": 2, "tanker": 1},
    "Ro-Ro": {"Ro-Ro": 5, "RO-RO": 2, "ro-ro": 1},
    "General cargo": {"General cargo": 5, "GENERAL CARGO": 2, "General Cargo": 1},
    "Cruise ship": {"Cruise ship": 5, "CRUISE SHIP": 1, "Cruise Ship": 1},
}
BERTHS = {  # per type: berth weights in 2023, in 2024 (K3, the new container quay, opened in January 2024)
    "Container ship": ({"K1": 0.6, "K2": 0.4}, {"K1": 0.27, "K2": 0.18, "K3": 0.55}),
    "Bulk carrier": ({"B4": 0.55, "B5": 0.45}, {"B4": 0.55, "B5": 0.45}),
    "Tanker": ({"T6": 0.5, "T7": 0.5}, {"T6": 0.5, "T7": 0.5}),
    "Ro-Ro": ({"R8": 1.0}, {"R8": 1.0}),
    "General cargo": ({"G10": 0.7, "B5": 0.3}, {"G10": 0.7, "B5": 0.3}),
    "Cruise ship": ({"C9": 1.0}, {"C9": 1.0}),
}
PORT_MONTH = {1: 0.85, 2: 0.85, 3: 0.95, 4: 1.0, 5: 1.05, 6: 1.1, 7: 1.1, 8: 1.05, 9: 1.1, 10: 1.15, 11: 0.95, 12: 0.85}
GRAIN_MONTH = {1: 0.6, 2: 0.5, 3: 0.5, 4: 0.5, 5: 0.5, 6: 0.6, 7: 0.9, 8: 1.6, 9: 2.2, 10: 2.0, 11: 1.2, 12: 0.8}
CRUISE_MONTHS = {5: 0.8, 6: 1.3, 7: 1.6, 8: 1.6, 9: 1.0}
FLAGS = ["Panama", "Liberia", "Marshall Islands", "Malta", "Denmark", "Norway", "Bahamas", "Cyprus", "Singapore"]
SHIP_A = ["Nordic", "Baltic", "Atlantic", "Arctic", "Celtic", "Aurora", "Coral", "Silver", "Ocean", "Polar", "Amber"]
SHIP_A += ["Viking", "Crimson", "Hanseatic", "Jade", "Boreal"]
SHIP_B = ["Star", "Trader", "Pioneer", "Spirit", "Express", "Venture", "Horizon", "Breeze", "Carrier", "Dawn"]
SHIP_B += ["Voyager", "Falcon", "Harmony", "Glory", "Meridian", "Pride"]


def _port(rng: random.Random, t: Truth) -> None:
    names = [f"{a} {b}" for a in SHIP_A for b in SHIP_B]
    rng.shuffle(names)
    imos = rng.sample(range(9100000, 9990000), 200)
    fleet: dict[str, list[dict]] = {}
    for vtype, (count, _, (lo, hi), _) in VESSEL_TYPES.items():
        for _ in range(count):
            v = {"imo": imos.pop(), "name": names.pop(), "type": vtype, "gt": rng.randint(lo, hi)}
            v["flag"] = rng.choice(FLAGS)
            v["weight"] = rng.uniform(0.3, 2.0)
            t.vessels.append(v)
            fleet.setdefault(vtype, []).append(v)
    per_year: dict[int, int] = {}
    for day in _days(PORT_FIRST, PORT_LAST):
        growth = 1.08 if day.year == 2024 else 1.0
        for vtype, (_, yearly, _, hours) in VESSEL_TYPES.items():
            if vtype == "Cruise ship":
                lam = yearly / 153 * CRUISE_MONTHS.get(day.month, 0.0)
                if day.weekday() == 5:  # turnaround day
                    lam *= 3.5
            else:
                lam = yearly / 365 * PORT_MONTH[day.month] * growth
                if vtype == "Bulk carrier":
                    lam *= 0.5 + 0.5 * GRAIN_MONTH[day.month]
            for _ in range(_poisson(rng, lam)):
                vessels = fleet[vtype]
                v = rng.choices(vessels, weights=[x["weight"] for x in vessels])[0]
                if vtype == "Cruise ship":
                    ata = dt.datetime.combine(day, dt.time(rng.randint(6, 8), rng.randrange(0, 60, 5)))
                    stay = rng.uniform(8, 11.5)
                else:
                    ata = dt.datetime.combine(day, dt.time(rng.randrange(24), rng.randrange(0, 60, 5)))
                    stay = hours * math.exp(rng.gauss(0, 0.35))
                atd = ata + dt.timedelta(minutes=5 * round(stay * 12))
                per_year[day.year] = per_year.get(day.year, 0) + 1
                berth = _pick(rng, BERTHS[vtype][day.year - 2023])
                t.calls.append({"imo": v["imo"], "type": vtype, "berth": berth, "ata": ata, "atd": atd, "gt": v["gt"]})
    t.calls.sort(key=lambda c: c["ata"])
    seq: dict[int, int] = {}
    for c in t.calls:
        y = c["ata"].year
        seq[y] = seq.get(y, 0) + 1
        c["call_no"] = f"PC{y % 100}-{seq[y]:04d}"
        _cargo(rng, t, c)


def _cargo(rng: random.Random, t: Truth, c: dict) -> None:
    def row(commodity: str, direction: str, tonnes: float, teu: int | None = None) -> None:
        t.cargo.append(
            {
                "call_no": c["call_no"],
                "commodity": commodity,
                "direction": direction,
                "tenths": round(tonnes * 10),
                "teu": teu,
            }
        )

    gt, vtype, month = c["gt"], c["type"], c["ata"].month
    if vtype == "Container ship":
        for direction in ("Import", "Export"):
            teu = round(gt / 13 * rng.uniform(0.2, 0.5))
            row("Containers", direction, teu * rng.uniform(9.5, 14.5), teu)
    elif vtype == "Bulk carrier":
        grain = rng.random() < 0.35 * GRAIN_MONTH[month]
        commodity, direction = (
            ("Grain", "Export") if grain else (rng.choice(["Coal", "Iron ore", "Fertiliser"]), "Import")
        )
        row(commodity, direction, gt * 1.6 * rng.uniform(0.6, 1.0))
    elif vtype == "Tanker":
        if rng.random() < 0.55:
            row("Crude oil", "Import", gt * 1.7 * rng.uniform(0.6, 1.0))
        else:
            row("Refined products", "Export", gt * 1.5 * rng.uniform(0.5, 1.0))
    elif vtype == "Ro-Ro":
        row("Vehicles", "Import", gt * 0.12 * rng.uniform(0.5, 1.0))
        if rng.random() < 0.7:
            row("Vehicles", "Export", gt * 0.1 * rng.uniform(0.3, 1.0))
    elif vtype == "General cargo":
        for _ in range(rng.choice([1, 1, 2])):
            row(
                rng.choice(["Steel", "Timber", "Project cargo", "Paper"]),
                rng.choice(["Import", "Export"]),
                gt * 1.1 * rng.uniform(0.2, 0.6),
            )


# --- marathon --------------------------------------------------------------------------------------------

RACE_DAY = dt.date(2024, 10, 13)
COUNTRIES = {  # share of entrants, minutes faster (-) or slower (+) than the field
    "GBR": (0.5, 0.0),
    "IRL": (0.09, -2.0),
    "FRA": (0.07, 3.0),
    "DEU": (0.07, -4.0),
    "NLD": (0.06, -9.0),
    "USA": (0.06, 6.0),
    "ESP": (0.05, 2.0),
    "ITA": (0.04, 4.0),
    "DNK": (0.05, -5.0),
    "KEN": (0.006, 0.0),
}
RUN_AGES = {"18-34": (0.35, 0.0, 0.02), "35-44": (0.3, 3.0, 0.025), "45-54": (0.2, 11.0, 0.035)}
RUN_AGES |= {"55-64": (0.11, 24.0, 0.06), "65+": (0.04, 40.0, 0.13)}  # share, minutes slower, DNF chance
CLUBS = ["Harriers AC", "Road Runners", "Tri Club", "Striders", "Athletic Club", "Joggers", "Running Club"]
TOWNS = ["Eastfield", "Millbrook", "Westport", "Kingsley", "Ashford", "Redcliffe", "Oakham", "Norbury"]


def _marathon(rng: random.Random, t: Truth) -> None:
    people = []
    for _ in range(1060):
        country = _pick(rng, {k: v[0] for k, v in COUNTRIES.items()})
        sex = "M" if rng.random() < 0.58 else "F"
        age = _pick(rng, {k: v[0] for k, v in RUN_AGES.items()})
        first = rng.random() < 0.3
        if country == "KEN":
            age, first = "18-34", False
            minutes = rng.uniform(131, 146) if sex == "M" else rng.uniform(146, 160)
        else:
            base = 232 if sex == "M" else 256
            minutes = (base + RUN_AGES[age][1] + COUNTRIES[country][1] + (14 if first else 0)) * math.exp(
                rng.gauss(0, 0.13)
            )
        people.append({"sex": sex, "age_group": age, "country": country, "first": first, "expected": minutes})
    people.sort(key=lambda p: p["expected"])  # bibs and waves by the time the runner predicted
    for n, p in enumerate(people, start=1):
        wave = "A" if n <= 160 else "B" if n <= 480 else "C" if n <= 800 else "D"
        club = f"{rng.choice(TOWNS)} {rng.choice(CLUBS)}" if rng.random() < 0.4 else None
        entrant = {
            "bib": f"{n:04d}",
            "name": f"{rng.choice(FIRST_M if p['sex'] == 'M' else FIRST_F)} {rng.choice(LAST)}",
            "sex": p["sex"],
            "age_group": p["age_group"],
            "country": p["country"],
            "club": club,
            "first_marathon": p["first"],
            "wave": wave,
        }
        t.entrants.append(entrant)
        if rng.random() < 0.08:  # did not start
            continue
        chip = round(p["expected"] * 60 * math.exp(rng.gauss(0, 0.05)))
        half = round(chip * rng.uniform(0.465, 0.515))
        delay = {"A": (0, 60), "B": (180, 360), "C": (420, 720), "D": (720, 1200)}[wave]
        gun = chip + rng.randint(*delay)
        dnf_p = RUN_AGES[p["age_group"]][2] + (0.02 if p["first"] else 0.0)
        r = rng.random()
        if r < dnf_p:
            status = "DNF"
            half = half if rng.random() < 0.55 else None
            chip = gun = None
        elif r < dnf_p + 0.003:
            status, chip, gun = "DSQ", None, None
        else:
            status = "FIN"
        t.results.append({"bib": entrant["bib"], "status": status, "half": half, "chip": chip, "gun": gun})


def truth(seed: int = SEED) -> Truth:
    t = Truth()
    # one random stream per topic, so that changing one topic's generator leaves the others' data alone
    for name, build in (("library", _library), ("ed", _ed), ("port", _port), ("marathon", _marathon)):
        build(random.Random(f"{seed}/{name}"), t)
    return t


# --- rendering: the mess ------------------------------------------------------------------------------

WHEN = (2025, 1, 6, 9, 0, 0)  # the xlsx parts' timestamps


def _write_library(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/library-render")
    path.unlink(missing_ok=True)
    con = sqlite3.connect(path)
    try:
        con.execute(
            "CREATE TABLE catalogue (item_id TEXT PRIMARY KEY, title TEXT, author TEXT, format TEXT,"
            " subject TEXT, home_branch TEXT, acquired TEXT)"
        )
        con.execute(
            "CREATE TABLE loans (loan_id INTEGER PRIMARY KEY, item INTEGER, borrower TEXT, branch TEXT,"
            " checked_out TEXT, due_date TEXT, returned TEXT, renewals INTEGER)"
        )
        for it in sorted(t.items, key=lambda i: i["item_id"]):
            spelling = _pick(rng, FORMAT_SPELLINGS[it["format"]])
            con.execute(
                "INSERT INTO catalogue VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    it["item_id"],
                    it["title"],
                    it["author"],
                    spelling,
                    it["subject"],
                    it["branch"],
                    it["acquired"].isoformat(),
                ),
            )
        for loan in t.loans:
            con.execute(
                "INSERT INTO loans VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    loan["loan_id"],
                    int(loan["item_id"]),
                    loan["patron_id"],
                    loan["branch"],
                    loan["checked_out"].strftime("%Y-%m-%d %H:%M:%S"),
                    loan["due"].isoformat(),
                    loan["returned"].isoformat() if loan["returned"] else None,
                    loan["renewals"],
                ),
            )
        con.commit()
    finally:
        con.close()


def _write_members(t: Truth, path: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["patron_id", "joined", "age_group", "home_branch"])
    for m in sorted(t.members, key=lambda m: m["joined"]):
        w.writerow([m["patron_id"], m["joined"].strftime("%d/%m/%Y"), m["age_group"], m["branch"]])
    path.write_bytes(gzip.compress(buf.getvalue().encode(), mtime=0))


def _z(x: dt.datetime) -> str:
    return x.strftime("%Y-%m-%dT%H:%M:%SZ")


def iso_duration(minutes: int) -> str:
    days, rest = divmod(minutes, 1440)
    h, m = divmod(rest, 60)
    text = "P" + (f"{days}D" if days else "") + "T" + (f"{h}H" if h else "") + (f"{m}M" if m or not (h or days) else "")
    return text.rstrip("T")


def _write_ed(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/ed-render")
    records = []
    for v in t.visits:
        stay = round((v["departed"] - v["arrived"]).total_seconds() / 60)
        records.append(
            {
                "visit_id": v["visit_id"],
                "arrived_at": _z(v["arrived"]),
                "triage_level": v["triage"],
                "chief_complaint": v["complaint"],
                "arrived_by_ambulance": "Yes" if v["ambulance"] else "No",
                "vitals": {"spo2": f"{v['spo2']}%" if v["spo2"] is not None else None, "heart_rate": v["heart_rate"]},
                "provider_seen_at": _z(v["seen"]) if v["seen"] else None,
                "departed_at": _z(v["departed"]),
                "length_of_stay": iso_duration(stay),
                "disposition": _pick(rng, DISPOSITION_SPELLINGS[v["disposition"]]),
            }
        )
    doc = {
        "meta": {
            "source": "St. Brendan's Hospital, Chicago IL - emergency department tracking board",
            "extracted_at": "2025-01-03T14:05:11Z",
            "timezone": "UTC",
            "period": {"from": "2024-01-01", "to": "2024-12-31", "basis": "arrival, local date"},
            "count": len(records),
            "page": 1,
            "pages": 1,
        },
        "visits": records,
    }
    path.write_text(json.dumps(doc, ensure_ascii=False) + "\n", encoding="utf-8")


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


def _write_calls(t: Truth, path: Path, seed: int) -> None:
    from openpyxl import Workbook

    rng = random.Random(f"{seed}/port-render")
    vessels = {v["imo"]: v for v in t.vessels}
    wb = Workbook()
    notes = wb.active
    notes.title = "Read me"
    for line in [
        "Port of Easthaven - vessel calls 2023-2024",
        "Source: harbour master's port call register, exported 6 January 2025.",
        "One row per call (a vessel's visit to a berth). Times are local port time.",
        "ATA = actual time of arrival at the berth; ATD = actual time of departure from it.",
        "GT = gross tonnage of the vessel. Berth K3 (new container quay) in service from January 2024.",
        "The cargo handled on each call is in cargo_2023_2024.csv.",
    ]:
        notes.append([line])
    notes.column_dimensions["A"].width = 90
    ws = wb.create_sheet("Calls")
    ws.append(["Call No.", "Vessel", "IMO", "Vessel type", "Flag", "GT", "Berth", "ATA", "ATD"])
    for c in t.calls:
        v = vessels[c["imo"]]
        spelling = _pick(rng, TYPE_SPELLINGS[c["type"]])
        ws.append([c["call_no"], v["name"], v["imo"], spelling, v["flag"], v["gt"], c["berth"], c["ata"], c["atd"]])
    for row in ws.iter_rows(min_row=2, min_col=8, max_col=9):
        for cell in row:
            cell.number_format = "yyyy-mm-dd hh:mm"
    for col, width in zip("ABCDEFGHI", [11, 20, 10, 16, 17, 8, 7, 17, 17]):
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "A2"
    stamp = dt.datetime(*WHEN)
    wb.properties.created = stamp
    wb.properties.modified = stamp
    wb.properties.creator = "harbourmaster"
    buf = io.BytesIO()
    wb.save(buf)
    path.write_bytes(_normalise_zip(buf.getvalue(), WHEN))


def euro(value: float, decimals: int) -> str:
    """12345.6 -> '12.345,6': dots between thousands, a decimal comma."""
    text = f"{value:,.{decimals}f}"
    return text.replace(",", "_").replace(".", ",").replace("_", ".")


def _write_cargo(t: Truth, path: Path) -> None:
    lines = ["Call ref;Commodity;Direction;Tonnes;TEU"]
    for c in t.cargo:
        teu = euro(c["teu"], 0) if c["teu"] is not None else ""
        lines.append(f"{c['call_no']};{c['commodity']};{c['direction']};{euro(c['tenths'] / 10, 1)};{teu}")
    path.write_text("\r\n".join(lines) + "\r\n", encoding="utf-8")


def hms(seconds: int | None) -> str:
    if seconds is None:
        return ""
    h, rest = divmod(seconds, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}"


def _write_results(t: Truth, path: Path) -> None:
    entrants = {e["bib"]: e for e in t.entrants}
    finishers = sorted((r for r in t.results if r["status"] == "FIN"), key=lambda r: (r["chip"], r["bib"]))
    place = {r["bib"]: n for n, r in enumerate(finishers, start=1)}
    order = finishers + [r for r in t.results if r["status"] != "FIN"]
    lines = [
        "# Easthaven City Marathon 2024 - official results",
        f"# Race date: {RACE_DAY.isoformat()}. Start 09:00. Certified course, 42.195 km.",
        "# Times are h:mm:ss. Chip = from crossing the start mat to the finish; Gun = from the start gun.",
        "# Half = chip time at the half-marathon mat (21.1 km). Place is by chip time.",
        "# Status: FIN finished, DNF did not finish, DSQ disqualified. Non-starters are not listed.",
        "Place\tBib\tName\tSex\tHalf\tChip\tGun\tStatus",
    ]
    for r in order:
        e = entrants[r["bib"]]
        lines.append(
            "\t".join(
                [
                    str(place.get(r["bib"], "")),
                    r["bib"],
                    e["name"],
                    e["sex"],
                    hms(r["half"]),
                    hms(r["chip"]),
                    hms(r["gun"]),
                    r["status"],
                ]
            )
        )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _write_entrants(t: Truth, path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    def cat(values: list[str], order: list[str]) -> pa.DictionaryArray:
        return pa.DictionaryArray.from_arrays(pa.array([order.index(v) for v in values], pa.int8()), pa.array(order))

    e = t.entrants
    table = pa.table(
        {
            "bib": pa.array([x["bib"] for x in e], pa.string()),
            "name": pa.array([x["name"] for x in e], pa.string()),
            "sex": cat([x["sex"] for x in e], ["F", "M"]),
            "age_group": cat([x["age_group"] for x in e], list(RUN_AGES)),
            "country": cat([x["country"] for x in e], sorted(COUNTRIES)),
            "club": pa.array([x["club"] for x in e], pa.string()),
            "first_marathon": pa.array(["Yes" if x["first_marathon"] else "No" for x in e], pa.string()),
            "wave": cat([x["wave"] for x in e], ["A", "B", "C", "D"]),
        }
    )
    pq.write_table(table, path, compression="snappy")


FILES = [
    "library.sqlite",
    "library_members.csv.gz",
    "ed_visits_2024.json",
    "port_calls_2023_2024.xlsx",
    "cargo_2023_2024.csv",
    "marathon_2024_results.tsv",
    "marathon_entrants.parquet",
]


def write_files(target: Path, seed: int = SEED) -> list[str]:
    """Write the data files into `target`; return their names."""
    t = truth(seed)
    target = Path(target)
    target.mkdir(parents=True, exist_ok=True)
    _write_library(t, target / "library.sqlite", seed)
    _write_members(t, target / "library_members.csv.gz")
    _write_ed(t, target / "ed_visits_2024.json", seed)
    _write_calls(t, target / "port_calls_2023_2024.xlsx", seed)
    _write_cargo(t, target / "cargo_2023_2024.csv")
    _write_results(t, target / "marathon_2024_results.tsv")
    _write_entrants(t, target / "marathon_entrants.parquet")
    return list(FILES)


if __name__ == "__main__":
    import sys

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout6-data")
    print("\n".join(str(out / n) for n in write_files(out)))
