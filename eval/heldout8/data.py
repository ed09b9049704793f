"""The eighth held-out set's data files: generated from a seed, with the mess real exports have.

`truth(seed)` builds the clean records (the ground truth the reference answers are computed from,
stdlib only); `write_files(dir, seed)` renders them messily into these files:

- water_accounts.csv    a Québec town's water utility's customer accounts: a Windows export in
                        cp1252 (accented names and streets, a curly apostrophe, so a UTF-8 read
                        fails), CRLF, account keys "WA-000123", tariffs in English and French
                        and several cases ("Residential", "Résidentiel", "Comm.", ...)
- meter_reads_2023_2024.csv
                        the utility's meter reads: a metadata block above the header, account keys
                        spelled four ways ("123", "000123", "WA-000123", "wa-000123"), cumulative
                        register readings with thousands separators ("12,345"), missing readings as
                        "", "NA" or "?", read types as codes and words ("A", "Actual", "Est.", "C",
                        ...), meters replaced mid-period (the new meter starts again near zero)
- courier_runs_march_2024.json
                        a parcel courier's van runs, ISO weeks 10-13 of 2024: a JSON array of runs,
                        each with a nested list of stops (needs exploding); 12-hour times "2:45 PM";
                        outcomes spelled several ways; depot names in mixed case with stray spaces;
                        some parcel ids typed in lower case
- parcel_manifest_march_2024.txt
                        the parcels: pipe-separated; weights in "1.25 kg", "850 g" or "2kg"; declared
                        values "£1,250.00"; services spelled several ways ("Next day", "NEXT DAY",
                        "Next-day", ...); a signature flag as Y/N/Yes/No/TRUE/FALSE/1/0
- lumen_screenings_q3_2024.xlsx
                        a cinema chain's screenings, 1 July - 29 September 2024: the table starts at
                        B5 under a title block and ends with a "Total" row; film titles in capitals;
                        formats spelled several ways ("IMAX", "Imax", "3-D", ...)
- films.csv             the films: titles in title case (some accented), budgets as "$160M", "$900k",
                        blank, "n/a" or "undisclosed"
- concessions_weekly.csv
                        the cinemas' concession sales as a long table: one row per ISO week
                        ("2024-W27"), cinema, category and measure (units or revenue)
- milkings_2024.parquet a dairy farm's robot milkings, March - August 2024: the start time as a
                        timezone-aware UTC timestamp (the farm is in Ireland), missing yields for
                        failed milkings, the robot as a dictionary-encoded column
- herd.sqlite           the herd register: tables `cows` and `breeds` and a view `herd_list`; the
                        cows' breed codes in mixed case with stray spaces, so the view's exact join
                        loses some breeds
Same seed, same bytes.
"""

from __future__ import annotations

import csv
import datetime as dt
import functools
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

SEED = 8_404_008

# --- time: Irish time with its summer time, without a tz database ------------------------------------


@functools.cache
def _last_sunday(year: int, month: int) -> dt.date:
    last = dt.date(year + (month == 12), month % 12 + 1, 1) - dt.timedelta(days=1)
    return last - dt.timedelta(days=(last.weekday() - 6) % 7)


def ie_offset(utc: dt.datetime) -> int:
    """Hours from UTC to Irish local time at a UTC instant: +1 in summer time, else 0."""
    start = dt.datetime.combine(_last_sunday(utc.year, 3), dt.time(1))
    end = dt.datetime.combine(_last_sunday(utc.year, 10), dt.time(1))
    return 1 if start <= utc < end else 0


def to_local(utc: dt.datetime) -> dt.datetime:
    return utc + dt.timedelta(hours=ie_offset(utc))


def from_local(local: dt.datetime) -> dt.datetime | None:
    """The UTC instant of an Irish local time; None in the spring's skipped hour."""
    for offset in (1, 0):
        utc = local - dt.timedelta(hours=offset)
        if ie_offset(utc) == offset:
            return utc
    return None


def _days(first: dt.date, last: dt.date):
    d = first
    while d <= last:
        yield d
        d += dt.timedelta(days=1)


def _pick(rng: random.Random, weights: dict) -> Any:
    return rng.choices(list(weights), weights=list(weights.values()))[0]


@dataclass
class Truth:
    accounts: list[dict[str, Any]] = field(default_factory=list)  # the water utility's customers
    reads: list[dict[str, Any]] = field(default_factory=list)  # meter reads; reading None = no access
    runs: list[dict[str, Any]] = field(default_factory=list)  # courier runs, each with its stops
    parcels: list[dict[str, Any]] = field(default_factory=list)  # weights in grams
    films: list[dict[str, Any]] = field(default_factory=list)  # budgets in thousands of dollars
    screenings: list[dict[str, Any]] = field(default_factory=list)  # gross in pence
    concessions: list[dict[str, Any]] = field(default_factory=list)  # revenue in pence
    cows: list[dict[str, Any]] = field(default_factory=list)
    milkings: list[dict[str, Any]] = field(default_factory=list)  # milk in tenths of a kg, None = failed


# --- water utility ------------------------------------------------------------------------------------

W_FIRST = dt.date(2023, 1, 3)
W_LAST = dt.date(2024, 12, 31)
DISTRICTS = {"Centre-Ville": 0.2, "Saint-Éloi": 0.21, "Les Érables": 0.17, "Bellerive": 0.17, "Côte-Sud": 0.14}
DISTRICTS |= {"Pré-Vert": 0.11}
COMMERCIAL = {"Centre-Ville": 0.3, "Saint-Éloi": 0.17, "Les Érables": 0.08, "Bellerive": 0.12, "Côte-Sud": 0.07}
COMMERCIAL |= {"Pré-Vert": 0.04}
TARIFF_SPELLINGS = {
    "Residential": {"Residential": 6, "RESIDENTIAL": 2, "residential": 1, "Résidentiel": 2},
    "Commercial": {"Commercial": 5, "COMMERCIAL": 2, "Commercial ": 1, "Comm.": 1},
    "Institutional": {"Institutional": 3, "INSTITUTIONAL": 1, "Institutionnel": 1},
}
READ_SPELLINGS = {
    "Actual": {"A": 5, "Actual": 3, "ACTUAL": 1},
    "Estimated": {"E": 4, "Est.": 2, "Estimated": 2, "ESTIMATED": 1},
    "Customer": {"C": 3, "Customer": 2, "Cust. read": 1},
}
ACCOUNT_SPELLINGS = {"{n}": 5, "{n:06d}": 3, "WA-{n:06d}": 2, "wa-{n:06d}": 1}
NO_READING = {"": 2, "NA": 1, "?": 2}
SEASON = {1: 0.95, 2: 0.93, 3: 0.95, 4: 0.98, 5: 1.08, 6: 1.25, 7: 1.38, 8: 1.3, 9: 1.08, 10: 0.98, 11: 0.95}
SEASON |= {12: 0.97}
RATE = {"Residential": (0.42, 0.35), "Commercial": (2.4, 0.7), "Institutional": (7.5, 0.5)}  # m3 a day
W_FIRST_NAMES = ["Hélène", "François", "Zoë", "Jérôme", "Agnès", "Loïc", "Céline", "Benoît", "Maëlle", "Noémie"]
W_FIRST_NAMES += ["René", "Anaïs", "Théo", "Chloé", "Gaëlle", "Mathieu", "Sébastien", "Josée", "Amélie", "Frédéric"]
W_FIRST_NAMES += ["Isabelle", "Marc", "Julie", "Éric"]
W_LAST_NAMES = ["Lefèvre", "Côté", "Bérubé", "Gagnon", "Tremblay", "Lévesque", "Boucher", "Bélanger", "Gélinas"]
W_LAST_NAMES += ["Pelletier", "Ouellet", "Dubœuf", "Fréchette", "Caron", "Bouchard", "Désilets", "Roy", "Lavoie"]
W_LAST_NAMES += ["Thériault", "Nadeau"]
BUSINESSES = ["Boulangerie", "Garage", "Café", "Dépanneur", "Pharmacie", "Salon", "Restaurant", "Épicerie"]
BUSINESSES += ["Quincaillerie", "Buanderie", "Fleuriste", "Clinique dentaire", "Chez l’Ami"]
INSTITUTIONS = ["École Sainte-Thérèse", "École des Érables", "Aréna Jean-Béliveau", "CHSLD Saint-Éloi"]
INSTITUTIONS += ["Hôtel de ville", "Bibliothèque municipale", "Centre communautaire", "Église Notre-Dame"]
INSTITUTIONS += ["Piscine municipale", "Caserne de pompiers no 2", "Centre sportif Bellerive", "Polyvalente de la Côte"]
STREETS = ["rue de l’Église", "rue Saint-Jean", "boulevard des Érables", "rue Notre-Dame", "chemin du Moulin"]
STREETS += ["rue Principale", "avenue des Pins", "rue Bélanger", "rue de la Rivière", "rue Sainte-Thérèse"]
STREETS += ["montée du Coteau", "rue Léo-Ayotte"]


def _water(rng: random.Random, t: Truth) -> None:
    origin = dt.date(2022, 12, 1)
    cum = [0.0]
    for d in _days(origin, dt.date(2025, 1, 31)):
        cum.append(cum[-1] + SEASON[d.month] * (1.03 if d.year == 2024 else 1.0))

    def season(a: dt.date, b: dt.date) -> float:  # the days from a up to b, weighted by season
        return cum[(b - origin).days] - cum[(a - origin).days]

    def serial() -> str:
        return f"{rng.choice('KLMS')}{rng.randint(15, 22)}-{rng.randrange(10**6):06d}"

    numbers = rng.sample(range(100, 60000), 260)
    institutions = set(rng.sample(range(260), len(INSTITUTIONS)))
    names_used: set[str] = set()
    inst = iter(INSTITUTIONS)
    for i, n in enumerate(numbers):
        district = _pick(rng, DISTRICTS)
        if i in institutions:
            tariff, name = "Institutional", next(inst)
        else:
            tariff = "Commercial" if rng.random() < COMMERCIAL[district] else "Residential"
            while True:
                last = rng.choice(W_LAST_NAMES)
                if tariff == "Commercial":
                    biz = rng.choice(BUSINESSES)
                    name = f"{biz} {rng.choice(W_FIRST_NAMES) if biz == 'Chez l’Ami' else last}"
                else:
                    name = f"{rng.choice(W_FIRST_NAMES)} {last}"
                if name not in names_used:
                    break
        names_used.add(name)
        new = rng.random() < 0.07
        connected = (
            dt.date(2023, 2, 1) + dt.timedelta(days=rng.randrange(580))
            if new
            else dt.date(1972, 1, 1) + dt.timedelta(days=int(18500 * rng.random() ** 0.7))
        )
        if connected.weekday() == 6:
            connected += dt.timedelta(days=1)
        t.accounts.append(
            {
                "account": n,
                "name": name,
                "address": f"{rng.randint(2, 1480)}, {rng.choice(STREETS)}",
                "district": district,
                "tariff": tariff,
                "connected": connected,
            }
        )
        mu, sigma = RATE[tariff]
        rate = rng.lognormvariate(math.log(mu), sigma)
        meter = serial()
        if new:
            d, true = connected, rng.random() * 0.5
        else:
            d = W_FIRST + dt.timedelta(days=rng.randrange(45))
            d += dt.timedelta(days=d.weekday() == 6)
            top = {"Residential": 4800, "Commercial": 90000, "Institutional": 150000}[tariff]
            true = rng.uniform(40, top) * rng.random()
        reads = [(d, meter, math.floor(true), "Actual")]
        replace_at = rng.randint(2, 6) if not new and rng.random() < 0.08 else None
        k = 0
        while True:
            nd = d + dt.timedelta(days=91 + rng.randint(-6, 6))
            nd += dt.timedelta(days=nd.weekday() == 6)
            if nd > W_LAST:
                break
            k += 1
            used = rate * season(d, nd) * rng.lognormvariate(0, 0.12)
            before, true = true, true + used
            if k == replace_at:  # the old meter's last reading, then the new meter's first
                reads.append((nd, meter, math.floor(true), "Actual"))
                meter, true = serial(), rng.randint(0, 2) + rng.random() * 0.5
                reads.append((nd, meter, math.floor(true), "Actual"))
            else:
                r = rng.random()
                if r < 0.045:
                    reads.append((nd, meter, None, None))
                elif r < 0.165:
                    reads.append((nd, meter, math.floor(before + rng.uniform(0.7, 1.0) * used), "Estimated"))
                elif r < 0.255:
                    reads.append((nd, meter, math.floor(true), "Customer"))
                else:
                    reads.append((nd, meter, math.floor(true), "Actual"))
            d = nd
        for seq, (day, m, reading, kind) in enumerate(reads):
            t.reads.append({"account": n, "meter": m, "date": day, "reading": reading, "type": kind, "seq": seq})
    t.reads.sort(key=lambda r: (r["date"], r["account"], r["seq"]))


# --- parcel courier -----------------------------------------------------------------------------------

C_FIRST = dt.date(2024, 3, 4)  # Monday of ISO week 10
C_LAST = dt.date(2024, 3, 30)  # Saturday of ISO week 13
DEPOTS = {  # run prefix, AM runs on weekdays, not-home factor, no-access chance
    "Northfield": ("NF", 4, 1.0, 0.015),
    "Eastgate": ("EG", 3, 1.3, 0.012),
    "Westbrook": ("WB", 3, 0.85, 0.045),
}
DEPOT_SPELLINGS = {
    "Northfield": {"Northfield": 6, "NORTHFIELD": 2, "Northfield ": 1, "northfield": 1},
    "Eastgate": {"Eastgate": 6, "EASTGATE": 2, " Eastgate": 1},
    "Westbrook": {"Westbrook": 6, "WESTBROOK": 2, "westbrook ": 1},
}
SERVICES = {"Next day": 0.55, "Economy": 0.38, "Premium": 0.07}
SIGNATURE = {"Next day": 0.22, "Economy": 0.08, "Premium": 1.0}
SERVICE_SPELLINGS = {
    "Next day": {"Next day": 5, "NEXT DAY": 2, "Next-day": 2, "next day ": 1},
    "Economy": {"Economy": 5, "ECONOMY": 2, "economy": 1},
    "Premium": {"Premium": 3, "PREMIUM": 1},
}
OUTCOME_SPELLINGS = {
    "Delivered": {"Delivered": 6, "DELIVERED": 2, "delivered": 1},
    "Neighbour": {"Delivered to neighbour": 3, "Left with neighbour": 2, "NEIGHBOUR": 1},
    "Not home": {"Failed - not home": 3, "Not home - card left": 2, "FAILED: NOT HOME": 1},
    "No access": {"Failed - no access": 2, "No access": 2, "FAILED: NO ACCESS": 1},
    "Refused": {"Refused": 2, "REFUSED": 1, "Refused by recipient": 1},
}
SUCCESS = {"Delivered", "Neighbour"}
YES = {"Y": 4, "Yes": 2, "TRUE": 2, "1": 1}
NO = {"N": 4, "No": 2, "FALSE": 2, "0": 1}
C_FIRST_NAMES = ["Sam", "Priya", "Tom", "Aisha", "Jack", "Megan", "Ollie", "Grace", "Dan", "Zainab", "Luke", "Hannah"]
C_FIRST_NAMES += ["Kwame", "Sophie", "Ryan", "Chloe", "Marek", "Ellie", "Josh", "Fatima"]
C_LAST_NAMES = ["Okafor", "Shaw", "Hughes", "Patel", "Doyle", "Kaur", "Bennett", "Ward", "Novak", "Price", "Reid"]
C_LAST_NAMES += ["Moss", "Ahmed", "Lowe", "Fox", "Hale"]
LETTERS = "ABDEFGHJLNPQRSTUWXYZ"


def _courier(rng: random.Random, t: Truth) -> None:
    pool = [f"{a} {b}" for a in C_FIRST_NAMES for b in C_LAST_NAMES]
    names = rng.sample(pool, 6 * len(DEPOTS))
    drivers = {depot: names[6 * i : 6 * i + 6] for i, depot in enumerate(DEPOTS)}
    ids = iter(rng.sample(range(1_000_000, 9_999_999), 8000))
    waiting: dict[str, list[dict]] = {depot: [] for depot in DEPOTS}  # failed parcels to try again
    for day in _days(C_FIRST, C_LAST):
        if day.weekday() == 6:
            continue
        for depot, (prefix, am, not_home, no_access) in DEPOTS.items():
            am_runs = am if day.weekday() < 5 else am - 1
            pm_runs = rng.choice([1, 1, 2]) if day.weekday() < 5 else 0
            waves = ["AM"] * am_runs + ["PM"] * pm_runs
            sizes = [rng.randint(12, 20) for _ in waves]
            todo, waiting[depot] = waiting[depot], []
            while len(todo) < sum(sizes):
                booked = dt.datetime.combine(day - dt.timedelta(days=rng.choice([1, 1, 1, 2])), dt.time(8))
                booked += dt.timedelta(minutes=rng.randrange(16 * 60))
                service = _pick(rng, SERVICES)
                grams = round(min(25000, max(80, rng.lognormvariate(math.log(1400), 0.8))), -1)
                value = round(rng.lognormvariate(math.log(60), 1.1), 2) if rng.random() < 0.6 else None
                parcel = {
                    "parcel": f"PX{next(ids)}",
                    "booked": booked,
                    "service": service,
                    "grams": int(grams),
                    "value": value,
                    "signature": rng.random() < SIGNATURE[service],
                    "postcode": f"{prefix}{rng.randint(1, 9)} {rng.randint(1, 9)}{rng.choice(LETTERS)}"
                    f"{rng.choice(LETTERS)}",
                    "depot": depot,
                    "attempts": 0,
                }
                t.parcels.append(parcel)
                todo.append(parcel)
            waiting[depot] = todo[sum(sizes) :]
            todo = todo[: sum(sizes)]
            rng.shuffle(todo)
            crew = rng.sample(drivers[depot], len(waves))
            for n, (wave, size) in enumerate(zip(waves, sizes), start=1):
                load, todo = todo[:size], todo[size:]
                clock = dt.datetime.combine(day, dt.time(8 if wave == "AM" else 12)) + dt.timedelta(
                    minutes=rng.randrange(0, 50)
                )
                stops = []
                for s, parcel in enumerate(load, start=1):
                    clock += dt.timedelta(minutes=rng.randint(7, 18))
                    p_home = 0.085 * not_home * (1.35 if 11 <= clock.hour < 14 else 1.0)
                    r = rng.random()
                    if r < 0.008:
                        outcome = "Refused"
                    elif r < 0.008 + no_access:
                        outcome = "No access"
                    elif r < 0.008 + no_access + p_home:
                        outcome = "Neighbour" if not parcel["signature"] and rng.random() < 0.45 else "Not home"
                    else:
                        outcome = "Delivered"
                    parcel["attempts"] += 1
                    if outcome in ("Not home", "No access") and parcel["attempts"] < 3:
                        waiting[depot].append(parcel)
                    stops.append({"stop": s, "parcel": parcel["parcel"], "time": clock.time(), "outcome": outcome})
                t.runs.append(
                    {
                        "run_id": f"{prefix}-{day:%y%m%d}-{n}",
                        "date": day,
                        "depot": depot,
                        "driver": crew[n - 1],
                        "van": f"{prefix}{rng.randint(10, 39)}",
                        "wave": wave,
                        "stops": stops,
                    }
                )
    t.parcels = [p for p in t.parcels if p["attempts"]]


# --- cinema chain ---------------------------------------------------------------------------------------

CIN_FIRST = dt.date(2024, 7, 1)  # Monday of ISO week 27
CIN_LAST = dt.date(2024, 9, 29)  # Sunday of ISO week 39
HOLIDAYS = (dt.date(2024, 7, 22), dt.date(2024, 9, 1))  # the schools' summer holidays
CINEMAS = {  # screens: (number, seats, IMAX); price difference in pence
    "Riverside": ([(1, 310, True), (2, 180, False), (3, 120, False), (4, 72, False)], 60),
    "Old Town": ([(1, 150, False), (2, 90, False)], -40),
    "Parkway": ([(1, 260, True), (2, 160, False), (3, 110, False)], 30),
    "Harbour Point": ([(1, 140, False), (2, 110, False), (3, 70, False)], -80),
}
FILMS = [  # title, genre, certificate, minutes, release, budget ($ thousands), appeal, IMAX, family
    ("Iron Tide", "Action", "12A", 128, "2024-06-28", 160000, 1.0, True, False),
    ("Starfall Academy", "Animation", "U", 96, "2024-07-12", 120000, 1.15, False, True),
    ("The Quiet Harbour", "Drama", "12A", 117, "2024-06-14", 18000, 0.4, False, False),
    ("Grandma's Heist", "Comedy", "12A", 104, "2024-07-05", 35000, 0.7, False, False),
    ("Hollow Pines", "Horror", "15", 99, "2024-07-19", 9500, 0.6, False, False),
    ("Pip & the Moon Bakery", "Animation", "U", 88, "2024-07-26", 75000, 0.9, False, True),
    ("Velocity 9", "Action", "12A", 131, "2024-08-02", 190000, 1.05, True, False),
    ("Les Éclats du Soir", "Drama", "15", 112, "2024-07-05", 850, 0.2, False, False),
    ("Deep Orbit", "Sci-Fi", "12A", 141, "2024-08-16", 210000, 0.95, True, False),
    ("Summer at Kestrel Farm", "Family", "PG", 95, "2024-07-19", 22000, 0.55, False, True),
    ("Night Shift", "Horror", "18", 93, "2024-08-23", 900, 0.5, False, False),
    ("A Field of Poppies", "Drama", "PG", 121, "2024-08-30", None, 0.35, False, False),
    ("Turbo Tortoise 2", "Animation", "U", 90, "2024-06-21", 95000, 1.0, False, True),
    ("The Cartographer", "Drama", "12A", 133, "2024-09-06", 28000, 0.5, False, False),
    ("Double Booking", "Comedy", "15", 101, "2024-08-09", 25000, 0.6, False, False),
    ("Storm Chasers: Rising", "Action", "12A", 124, "2024-09-13", 150000, 0.9, True, False),
    ("The Glass Key Affair", "Thriller", "15", 115, "2024-07-26", 42000, 0.55, False, False),
    ("Lumière", "Drama", "12A", 108, "2024-09-20", None, 0.3, False, False),
    ("Whisker Island", "Animation", "PG", 92, "2024-08-23", 60000, 0.75, False, True),
    ("Crème de la Crime", "Comedy", "12A", 98, "2024-09-27", 11000, 0.5, False, False),
]
SLOTS = {"11:00": 0.22, "14:00": 0.2, "17:30": 0.3, "20:30": 0.42}  # base occupancy
FORMAT_SPELLINGS = {
    "IMAX": {"IMAX": 5, "Imax": 2, "imax ": 1},
    "3D": {"3D": 4, "3-D": 1, "3d": 1},
    "2D": {"2D": 8, "2d": 1},
}
CONCESSIONS = {  # category: units per admission, price in pence at each cinema
    "Popcorn": (0.42, {"Riverside": 590, "Old Town": 640, "Parkway": 600, "Harbour Point": 525}),
    "Soft drinks": (0.55, {"Riverside": 395, "Old Town": 360, "Parkway": 405, "Harbour Point": 350}),
    "Confectionery": (0.3, {"Riverside": 330, "Old Town": 310, "Parkway": 325, "Harbour Point": 300}),
    "Hot food": (0.12, {"Riverside": 720, "Old Town": 650, "Parkway": 690, "Harbour Point": 640}),
}
SPEND = {"Riverside": 1.0, "Old Town": 0.85, "Parkway": 1.1, "Harbour Point": 0.95}


def _cinema(rng: random.Random, t: Truth) -> None:
    for title, genre, cert, minutes, release, budget, appeal, imax, family in FILMS:
        t.films.append(
            {
                "title": title,
                "genre": genre,
                "certificate": cert,
                "minutes": minutes,
                "release": dt.date.fromisoformat(release),
                "budget": budget,
                "appeal": appeal,
                "imax": imax,
                "family": family,
            }
        )

    def popularity(film: dict, day: dt.date) -> float:
        age = (day - film["release"]).days
        return film["appeal"] * 0.75 ** (age // 7) if 0 <= age < 70 else 0.0

    for day in _days(CIN_FIRST, CIN_LAST):
        holiday = HOLIDAYS[0] <= day <= HOLIDAYS[1]
        w = day.weekday()
        slots = list(SLOTS) if w >= 5 or holiday else list(SLOTS)[1:]
        showing = [f for f in t.films if popularity(f, day) > 0]
        for cinema, (screens, delta) in CINEMAS.items():
            for screen, seats, is_imax in screens:
                for slot in slots:
                    options = [f for f in showing if f["imax"]] if is_imax else showing
                    weights = []
                    for f in options:
                        wgt = popularity(f, day)
                        if f["family"]:
                            wgt *= 2.2 if slot in ("11:00", "14:00") else 0.6 if slot == "17:30" else 0.1
                        if f["certificate"] in ("15", "18") and slot in ("11:00", "14:00"):
                            wgt = 0.0
                        weights.append(wgt)
                    film = rng.choices(options, weights=weights)[0]
                    fmt = "IMAX" if is_imax else "3D" if film["family"] and rng.random() < 0.3 else "2D"
                    hh, mm = map(int, slot.split(":"))
                    start = dt.time(hh, mm + rng.choice([0, 0, 15]) if mm == 0 else mm - rng.choice([0, 0, 15]))
                    occ = SLOTS[slot] * (1.45 if w in (4, 5) else 1.15 if w == 6 else 1.3 if w == 1 else 1.0)
                    if film["family"] and (holiday or w >= 5) and slot in ("11:00", "14:00"):
                        occ *= 1.6
                    occ *= min(1.6, 1.2 * popularity(film, day)) * rng.lognormvariate(0, 0.3)
                    admissions = min(seats, round(seats * occ))
                    child = {"U": 0.5, "PG": 0.35, "12A": 0.08}.get(film["certificate"], 0.0)
                    if not film["family"]:
                        child *= 0.5
                    children = min(admissions, round(admissions * child * rng.uniform(0.7, 1.3)))
                    adult = {"IMAX": 1450, "3D": 1140, "2D": 940}[fmt] + delta
                    if w == 1:  # Tuesday saver: one price for all
                        adult = kid = 850 if fmt == "IMAX" else 550
                    else:
                        kid = adult - 260
                    t.screenings.append(
                        {
                            "date": day,
                            "cinema": cinema,
                            "screen": screen,
                            "film": film["title"],
                            "start": start,
                            "format": fmt,
                            "capacity": seats,
                            "admissions": admissions,
                            "gross": (admissions - children) * adult + children * kid,
                        }
                    )
    per_week: dict[tuple[int, str], int] = {}
    for s in t.screenings:
        key = (s["date"].isocalendar()[1], s["cinema"])
        per_week[key] = per_week.get(key, 0) + s["admissions"]
    for (week, cinema), adm in sorted(per_week.items()):
        monday = dt.date.fromisocalendar(2024, week, 1)
        holiday = HOLIDAYS[0] <= monday + dt.timedelta(days=3) <= HOLIDAYS[1]
        for category, (per_head, prices) in CONCESSIONS.items():
            lift = 1.15 if holiday and category in ("Popcorn", "Confectionery") else 1.0
            units = round(adm * per_head * SPEND[cinema] * lift * rng.lognormvariate(0, 0.08))
            price = prices[cinema] * rng.uniform(0.93, 1.0)  # promotions
            t.concessions.append(
                {"week": week, "cinema": cinema, "category": category, "units": units, "pence": round(units * price)}
            )


# --- dairy farm -----------------------------------------------------------------------------------------

D_FIRST = dt.date(2024, 3, 1)
D_LAST = dt.date(2024, 8, 31)
BREEDS = {  # code: name, share of the herd, peak yield (kg a day)
    "HO": ("Holstein Friesian", 0.52, 34.0),
    "JE": ("Jersey", 0.22, 24.0),
    "MO": ("Montbéliarde", 0.13, 29.0),
    "NR": ("Norwegian Red", 0.13, 28.0),
}
BREED_SPELLINGS = {
    "HO": {"HO": 6, "ho": 1, "HO ": 1, "Ho": 1},
    "JE": {"JE": 5, "je": 1, " JE": 1},
    "MO": {"MO": 4, "mo": 1},
    "NR": {"NR": 4, "nr": 1, "NR ": 1},
}
COW_NAMES = ["Daisy", "Bluebell", "Buttercup", "Clover", "Molly", "Bella", "Rosie", "Maisie", "Poppy", "Honey"]
COW_NAMES += ["Bramble", "Dolly", "Nellie", "Primrose", "Hazel", "Willow", "Meadow", "Fern", "Tilly", "Lottie"]
COW_NAMES += ["Maple", "Ruby", "Bonnie", "Cleo", "Dotty", "Ginger", "Heather", "Ivy", "Juno", "Kitty"]


def _dairy(rng: random.Random, t: Truth) -> None:
    numbers = sorted(rng.sample(range(101, 400), 52))
    sold = set(rng.sample(numbers, 4))
    for n in numbers:
        breed = _pick(rng, {k: v[1] for k, v in BREEDS.items()})
        lactation = _pick(rng, {1: 0.25, 2: 0.25, 3: 0.2, 4: 0.15, 5: 0.08, 6: 0.05, 7: 0.02})
        if rng.random() < 0.85:  # spring calving
            calved = dt.date(2024, 1, 20) + dt.timedelta(days=int(rng.triangular(0, 116, 25)))
        else:
            calved = dt.date(2023, 9, 15) + dt.timedelta(days=rng.randrange(76))
        dry = calved + dt.timedelta(days=rng.randint(285, 310))
        left = D_FIRST + dt.timedelta(days=rng.randint(31, 167)) if n in sold else None
        status = "Sold" if left else "Dry" if dry <= D_LAST else "Milking"
        born = calved - dt.timedelta(days=int(365.25 * (lactation + 1)) + rng.randint(-60, 60))
        t.cows.append(
            {
                "cow": n,
                "name": rng.choice(COW_NAMES),
                "breed": breed,
                "born": born,
                "lactation": lactation,
                "calved": calved,
                "status": status,
                "left": left,
            }
        )
        peak = BREEDS[breed][2] * {1: 0.8, 2: 0.93}.get(lactation, 1.0) * rng.lognormvariate(0, 0.1)
        freq = rng.uniform(2.4, 3.2)
        robot = rng.choice(["R1", "R2"])
        start = max(dt.datetime.combine(D_FIRST, dt.time()), dt.datetime.combine(calved, dt.time(12)))
        stop = dt.datetime.combine(min(dry, left or dry, D_LAST + dt.timedelta(days=1)), dt.time())
        clock = start + dt.timedelta(hours=rng.uniform(0, 8))
        last_milked = clock - dt.timedelta(hours=8)
        while clock < stop:
            dim = max(0.5, (clock - dt.datetime.combine(calved, dt.time())).total_seconds() / 86400)
            daily = peak * (dim / 50) ** 0.2 * math.exp(0.2 * (1 - dim / 50))
            hours = (clock - last_milked).total_seconds() / 3600
            failed = rng.random() < 0.025
            tenths = None if failed else round(10 * daily * hours / 24 * rng.lognormvariate(0, 0.07))
            utc = from_local(clock)
            if utc is not None:
                t.milkings.append(
                    {
                        "cow": n,
                        "robot": robot if rng.random() < 0.8 else {"R1": "R2", "R2": "R1"}[robot],
                        "utc": utc,
                        "local": clock,
                        "seconds": round(240 + (tenths or 20) * 1.4 + rng.uniform(-40, 90)),
                        "tenths": tenths,
                    }
                )
            if not failed:
                last_milked = clock
            step = 24 / freq * rng.lognormvariate(0, 0.2)
            clock += dt.timedelta(hours=min(16.0, max(4.5, step)) if not failed else rng.uniform(0.5, 2.0))
            if clock.hour < 6 and rng.random() < 0.65:  # lying down at night, up when the feed is pushed at 6
                clock = dt.datetime.combine(clock.date(), dt.time(6)) + dt.timedelta(hours=rng.expovariate(2.5))
    t.milkings.sort(key=lambda m: (m["utc"], m["cow"]))


def truth(seed: int = SEED) -> Truth:
    t = Truth()
    # one random stream per topic, so that changing one topic's generator leaves the others' data alone
    for name, build in (("water", _water), ("courier", _courier), ("cinema", _cinema), ("dairy", _dairy)):
        build(random.Random(f"{seed}/{name}"), t)
    return t


# --- rendering: the mess ------------------------------------------------------------------------------

WHEN = (2024, 10, 2, 8, 30, 0)  # the xlsx parts' timestamps


def _write_accounts(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/water-accounts")
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(["Account", "Customer", "Address", "District", "Tariff", "Connected"])
    for a in sorted(t.accounts, key=lambda a: a["account"]):
        tariff = _pick(rng, TARIFF_SPELLINGS[a["tariff"]])
        w.writerow(
            [f"WA-{a['account']:06d}", a["name"], a["address"], a["district"], tariff, a["connected"].isoformat()]
        )
    path.write_bytes(buf.getvalue().encode("cp1252"))


def _write_reads(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/water-reads")
    buf = io.StringIO()
    for line in [
        "Régie des eaux de Valmont - meter reading export",
        "Exported: 2025-01-08 07:12",
        "Period: 2023-01-01 to 2024-12-31",
        "Units: m3 (cumulative register reading)",
        "Read type: A = actual, E = estimated, C = customer read",
        "",
    ]:
        buf.write(line + "\n")
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["Account", "Meter", "Read date", "Reading", "Read type"])
    for r in t.reads:
        account = _pick(rng, ACCOUNT_SPELLINGS).format(n=r["account"])
        if r["reading"] is None:
            reading, kind = _pick(rng, NO_READING), ""
        else:
            reading, kind = f"{r['reading']:,}", _pick(rng, READ_SPELLINGS[r["type"]])
        w.writerow([account, r["meter"], r["date"].isoformat(), reading, kind])
    path.write_text(buf.getvalue(), encoding="utf-8")


def twelve_hour(t: dt.time) -> str:
    return f"{t.hour % 12 or 12}:{t.minute:02d} {'AM' if t.hour < 12 else 'PM'}"


def _write_runs(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/courier-runs")
    postcode = {p["parcel"]: p["postcode"] for p in t.parcels}
    out = []
    for run in t.runs:
        stops = []
        for s in run["stops"]:
            stops.append(
                {
                    "stop": s["stop"],
                    "parcel": s["parcel"].lower() if rng.random() < 0.05 else s["parcel"],
                    "postcode": postcode[s["parcel"]],
                    "time": twelve_hour(s["time"]),
                    "outcome": _pick(rng, OUTCOME_SPELLINGS[s["outcome"]]),
                }
            )
        out.append(
            {
                "run_id": run["run_id"],
                "date": run["date"].isoformat(),
                "depot": _pick(rng, DEPOT_SPELLINGS[run["depot"]]),
                "driver": run["driver"],
                "van": run["van"],
                "wave": run["wave"],
                "stops": stops,
            }
        )
    path.write_text(json.dumps(out, ensure_ascii=False) + "\n", encoding="utf-8")


def weight_text(rng: random.Random, grams: int) -> str:
    kg = f"{grams / 1000:.3f}".rstrip("0").rstrip(".")
    if grams < 1000:
        return _pick(rng, {f"{grams} g": 3, f"{kg} kg": 1})
    return _pick(rng, {f"{kg} kg": 5, f"{kg}kg": 2, f"{grams} g": 1})


def _write_manifest(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/courier-manifest")
    lines = ["parcel_id|booked|service|weight|declared_value|signature_required|postcode"]
    for p in sorted(t.parcels, key=lambda p: (p["booked"], p["parcel"])):
        value = f"£{p['value']:,.2f}" if p["value"] is not None else ""
        flag = _pick(rng, YES if p["signature"] else NO)
        lines.append(
            f"{p['parcel']}|{p['booked']:%Y-%m-%d %H:%M}|{_pick(rng, SERVICE_SPELLINGS[p['service']])}|"
            f"{weight_text(rng, p['grams'])}|{value}|{flag}|{p['postcode']}"
        )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


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


def _write_screenings(t: Truth, path: Path, seed: int) -> None:
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell

    rng = random.Random(f"{seed}/cinema-render")
    wb = Workbook(write_only=True)
    ws = wb.create_sheet("Screenings")
    for col, width in zip("ABCDEFGHIJ", [3, 12, 14, 8, 26, 8, 8, 10, 11, 12]):
        ws.column_dimensions[col].width = width
    ws.freeze_panes = "B6"

    def cell(value: Any, fmt: str | None = None) -> WriteOnlyCell:
        c = WriteOnlyCell(ws, value=value)
        if fmt:
            c.number_format = fmt
        return c

    ws.append(["Lumen Cinemas - screenings and admissions report"])
    ws.append(["Period: 01/07/2024 - 29/09/2024 (ISO weeks 27-39). All cinemas."])
    ws.append(["Gross box office in GBP including VAT. Capacity = seats in the screen."])
    ws.append([])
    ws.append([None, "Date", "Cinema", "Screen", "Film", "Start", "Format", "Capacity", "Admissions", "Gross"])
    for s in t.screenings:
        ws.append(
            [
                None,
                cell(s["date"], "dd/mm/yyyy"),
                s["cinema"],
                s["screen"],
                s["film"].upper(),
                cell(s["start"], "hh:mm"),
                _pick(rng, FORMAT_SPELLINGS[s["format"]]),
                s["capacity"],
                s["admissions"],
                cell(s["gross"] / 100, "#,##0.00"),
            ]
        )
    total = sum(s["gross"] for s in t.screenings) / 100
    capacity = sum(s["capacity"] for s in t.screenings)
    admissions = sum(s["admissions"] for s in t.screenings)
    ws.append([None, "Total", None, None, None, None, None, capacity, admissions, cell(total, "#,##0.00")])
    stamp = dt.datetime(*WHEN)
    wb.properties.created = stamp
    wb.properties.modified = stamp
    wb.properties.creator = "lumen-reports"
    buf = io.BytesIO()
    wb.save(buf)
    path.write_bytes(_normalise_zip(buf.getvalue(), WHEN))


def budget_text(rng: random.Random, thousands: int | None) -> str:
    if thousands is None:
        return _pick(rng, {"": 1, "n/a": 1, "undisclosed": 1})
    return f"${thousands / 1000:g}M" if thousands >= 1000 else f"${thousands}k"


def _write_films(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/cinema-films")
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["title", "genre", "certificate", "runtime_min", "uk_release", "budget"])
    for f in sorted(t.films, key=lambda f: (f["release"], f["title"])):
        release = f"{f['release'].day} {f['release']:%b %Y}"
        w.writerow([f["title"], f["genre"], f["certificate"], f["minutes"], release, budget_text(rng, f["budget"])])
    path.write_text(buf.getvalue(), encoding="utf-8")


def _write_concessions(t: Truth, path: Path) -> None:
    lines = ["week,cinema,category,measure,value"]
    for c in t.concessions:
        week = f"2024-W{c['week']:02d}"
        lines.append(f"{week},{c['cinema']},{c['category']},units,{c['units']}")
        lines.append(f"{week},{c['cinema']},{c['category']},revenue_gbp,{c['pence'] / 100:.2f}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _write_milkings(t: Truth, path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    m = t.milkings
    robots = ["R1", "R2"]
    table = pa.table(
        {
            "cow": pa.array([x["cow"] for x in m], pa.int16()),
            "robot": pa.DictionaryArray.from_arrays(
                pa.array([robots.index(x["robot"]) for x in m], pa.int8()), pa.array(robots)
            ),
            "started_at": pa.array([x["utc"].replace(tzinfo=dt.timezone.utc) for x in m], pa.timestamp("ms", tz="UTC")),
            "duration_s": pa.array([x["seconds"] for x in m], pa.int32()),
            "milk_kg": pa.array([x["tenths"] / 10 if x["tenths"] is not None else None for x in m], pa.float64()),
        }
    )
    pq.write_table(table, path, compression="snappy")


def _write_herd(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/dairy-herd")
    path.unlink(missing_ok=True)
    con = sqlite3.connect(path)
    try:
        con.execute("CREATE TABLE breeds (code TEXT PRIMARY KEY, breed TEXT)")
        con.execute(
            "CREATE TABLE cows (cow_no INTEGER PRIMARY KEY, name TEXT, breed_code TEXT, born TEXT,"
            " lactation INTEGER, last_calved TEXT, status TEXT, left_herd TEXT)"
        )
        con.execute(
            "CREATE VIEW herd_list AS SELECT c.cow_no, c.name, b.breed, c.born, c.lactation, c.last_calved,"
            " c.status FROM cows c LEFT JOIN breeds b ON b.code = c.breed_code"
        )
        for code, (name, _, _) in BREEDS.items():
            con.execute("INSERT INTO breeds VALUES (?, ?)", (code, name))
        for c in t.cows:
            con.execute(
                "INSERT INTO cows VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    c["cow"],
                    c["name"],
                    _pick(rng, BREED_SPELLINGS[c["breed"]]),
                    c["born"].isoformat(),
                    c["lactation"],
                    c["calved"].isoformat(),
                    c["status"],
                    c["left"].isoformat() if c["left"] else None,
                ),
            )
        con.commit()
    finally:
        con.close()


FILES = [
    "water_accounts.csv",
    "meter_reads_2023_2024.csv",
    "courier_runs_march_2024.json",
    "parcel_manifest_march_2024.txt",
    "lumen_screenings_q3_2024.xlsx",
    "films.csv",
    "concessions_weekly.csv",
    "milkings_2024.parquet",
    "herd.sqlite",
]


def write_files(target: Path, seed: int = SEED) -> list[str]:
    """Write the data files into `target`; return their names."""
    t = truth(seed)
    target = Path(target)
    target.mkdir(parents=True, exist_ok=True)
    _write_accounts(t, target / "water_accounts.csv", seed)
    _write_reads(t, target / "meter_reads_2023_2024.csv", seed)
    _write_runs(t, target / "courier_runs_march_2024.json", seed)
    _write_manifest(t, target / "parcel_manifest_march_2024.txt", seed)
    _write_screenings(t, target / "lumen_screenings_q3_2024.xlsx", seed)
    _write_films(t, target / "films.csv", seed)
    _write_concessions(t, target / "concessions_weekly.csv")
    _write_milkings(t, target / "milkings_2024.parquet")
    _write_herd(t, target / "herd.sqlite", seed)
    return list(FILES)


if __name__ == "__main__":
    import sys

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout8-data")
    print("\n".join(str(out / n) for n in write_files(out)))
