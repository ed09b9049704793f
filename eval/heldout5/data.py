"""The fifth held-out set's data files: generated from a seed, with the mess real exports have.

`truth(seed)` builds the clean records (the ground truth the reference answers are computed from,
stdlib only); `write_files(dir, seed)` renders them messily into these files:

- tripdata_2024Q2.zip   a bike-share scheme's trips April-June 2024: a zip of three monthly CSVs
                        (plus the __MACOSX resource-fork junk a Mac adds), local naive timestamps,
                        some with milliseconds and some without, e-bike trips that start or end
                        away from a docking station (no station, coarse coordinates)
- bike_stations.geojson the scheme's docking stations: a GeoJSON FeatureCollection, coordinates as
                        [longitude, latitude], the attributes in `properties`
- food_inspections.csv  a city's food-safety inspections 2023-2024: month-first dates "03/14/2024",
                        the licence number as a float "2034567.0", facility types spelled several ways,
                        the violations as one text field joined with " | " whose comments can hold
                        line breaks (quoted multi-line fields)
- business_licences.jsonl
                        the city's food business licences, one JSON object a line, one record per
                        licence TERM (a renewed licence appears more than once), the ward as a string
- actual_total_load_2024.csv
                        a grid operator's hourly load 2024, ENTSO-E style: the time as a local interval
                        "01.01.2024 00:00 - 01.01.2024 01:00" (CET/CEST; the autumn's repeated hour
                        twice, the spring's skipped hour absent), "n/e" and "-" for missing values
- day_ahead_prices_2024.parquet
                        hourly day-ahead prices, timestamps in UTC (time-zone aware), negative prices
- public_holidays.ics   an iCalendar file of national and regional holidays 2023-2025: CRLF, folded
                        long lines, all-day events with an exclusive DTEND, a CATEGORIES property
- school_census.dta     a county's school census 2021/22-2023/24 in Stata format: value-labelled
                        phase, the year coded 202324, the meanings only in the variable labels,
                        -1 for a suppressed percentage
- schools_directory.txt the county's schools: pipe-delimited, a HDR record above the column names and
                        a TRL record (the row count) at the bottom, day-first dates, closed schools
Same seed, same bytes.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import math
import random
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEED = 9_270_005

# --- time: Central European Time with EU summer time, without a tz database -------------------------


def _last_sunday(year: int, month: int) -> dt.date:
    d = dt.date(year, month + 1, 1) - dt.timedelta(days=1)
    return d - dt.timedelta(days=(d.weekday() - 6) % 7)


def utc_offset(utc: dt.datetime) -> int:
    """Hours Europe/Brussels is ahead of UTC at the naive UTC instant `utc`."""
    start = dt.datetime.combine(_last_sunday(utc.year, 3), dt.time(1))
    end = dt.datetime.combine(_last_sunday(utc.year, 10), dt.time(1))
    return 2 if start <= utc < end else 1


def to_local(utc: dt.datetime) -> dt.datetime:
    return utc + dt.timedelta(hours=utc_offset(utc))


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


def easter(year: int) -> dt.date:
    """Gregorian Easter Sunday (the anonymous algorithm)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l_) // 451
    month = (h + l_ - 7 * m + 114) // 31
    day = (h + l_ - 7 * m + 114) % 31 + 1
    return dt.date(year, month, day)


# --- bike share ---------------------------------------------------------------------------------------

NEIGHBOURHOODS = [  # name, stations, popularity per station, centre (lat, lng)
    ("Northfield", 11, 0.55, (41.912, -87.655)),
    ("Market District", 8, 1.65, (41.884, -87.632)),
    ("Canal Quarter", 7, 1.25, (41.879, -87.645)),
    ("University Hill", 6, 1.10, (41.869, -87.662)),
    ("Lakeside", 7, 1.00, (41.895, -87.618)),
    ("Eastbank", 5, 0.80, (41.902, -87.628)),
    ("Old Mill", 4, 0.70, (41.861, -87.640)),
]
STREETS = ["Elm St", "Grand Ave", "Lake St", "Wells St", "Canal St", "Halsted St", "Ohio St", "Erie St", "Clark St"]
CROSS = ["1st Ave", "2nd Ave", "3rd Ave", "Oak St", "Pine St", "Mill Rd", "Union Pl", "Park Dr", "Bridge St"]
BIKE_FIRST = dt.date(2024, 4, 1)
BIKE_LAST = dt.date(2024, 6, 30)
WEEKDAY_HOURS = [1, 0.5, 0.3, 0.3, 0.6, 2, 6, 13, 15, 8, 6, 7, 9, 8, 7, 9, 13, 17, 12, 8, 6, 4, 3, 2]
WEEKEND_HOURS = [2, 1.5, 1, 0.6, 0.4, 0.6, 1, 2, 4, 7, 9, 11, 12, 13, 14, 13.5, 12, 10, 8, 6, 5, 4, 3, 2.5]
EBIKE_SHARE = 0.38
UNDOCKED_END = 0.14  # share of e-bike trips left outside a station
UNDOCKED_START = 0.06

# --- food inspections ---------------------------------------------------------------------------------

FACILITY_TYPES = [  # canonical, share, risk weights (1, 2, 3)
    ("Restaurant", 0.64, (0.75, 0.22, 0.03)),
    ("Grocery Store", 0.15, (0.35, 0.40, 0.25)),
    ("Bakery", 0.07, (0.45, 0.45, 0.10)),
    ("School", 0.06, (0.70, 0.25, 0.05)),
    ("Daycare (Under 6 Years)", 0.04, (0.80, 0.20, 0.00)),
    ("Mobile Food Preparer", 0.04, (0.30, 0.50, 0.20)),
]
TYPE_SPELLINGS = {
    "Restaurant": ["Restaurant", "Restaurant", "Restaurant", "RESTAURANT", "restaurant", "Restaurant "],
    "Grocery Store": ["Grocery Store", "Grocery Store", "GROCERY STORE", "grocery store"],
    "Bakery": ["Bakery", "BAKERY"],
    "School": ["School", "SCHOOL"],
    "Daycare (Under 6 Years)": ["Daycare (Under 6 Years)"],
    "Mobile Food Preparer": ["Mobile Food Preparer", "MOBILE FOOD PREPARER"],
}
RISKS = ["Risk 1 (High)", "Risk 2 (Medium)", "Risk 3 (Low)"]
CHAINS = ["TACO RIO", "BREW BROTHERS COFFEE", "GOLDEN WOK", "PIZZA PALERMO", "GREENLEAF MARKET"]
FOOD_WORDS_A = ["LUCKY", "BLUE", "OLD", "LITTLE", "HAPPY", "ROYAL", "SUNNY", "CORNER", "GOLDEN", "RED", "SILVER"]
OWNERS = ["MARIA", "TONY", "LUPE", "JIMMY", "NGUYEN", "ROSA", "SAM", "ABDUL", "KIM", "ELENA", "FRANK", "PAULA"]
CUISINES = ["THAI", "PHO", "BBQ", "TACO", "SUSHI", "CURRY", "PIZZA", "FALAFEL", "DUMPLING"]
FOOD_WORDS_B = ["DRAGON", "TABLE", "KITCHEN", "GRILL", "BISTRO", "DELI", "CAFE", "TAQUERIA", "DINER", "SPOON"]
WARDS = {1: 0.7, 2: 1.5, 3: 0.8, 4: 1.3, 5: 0.9, 6: 1.0, 7: 1.2, 8: 0.6, 9: 1.1, 10: 0.9, 11: 0.8, 12: 1.0}
# share of licences with an earlier term still in the export (ward 2's licences are all new)
RENEWED = {2: 0.0, 4: 0.85, 5: 0.95, 7: 0.80, 11: 0.9}
RENEWED_DEFAULT = 0.45
WARD_FAIL = {2: 1.15, 4: 0.80}  # ward 2's establishments fail more often than the rest
VIOLATIONS = {
    1: "PERSON IN CHARGE PRESENT, DEMONSTRATES KNOWLEDGE, AND PERFORMS DUTIES",
    2: "CITY OF BROOKHAVEN FOOD SERVICE SANITATION CERTIFICATE",
    3: "MANAGEMENT, FOOD EMPLOYEE AND CONDITIONAL EMPLOYEE; KNOWLEDGE, RESPONSIBILITIES AND REPORTING",
    10: "ADEQUATE HANDWASHING SINKS PROPERLY SUPPLIED AND ACCESSIBLE",
    16: "FOOD-CONTACT SURFACES: CLEANED & SANITIZED",
    22: "PROPER COLD HOLDING TEMPERATURES",
    33: "PROPER COOLING METHODS USED; ADEQUATE EQUIPMENT FOR TEMPERATURE CONTROL",
    38: "INSECTS, RODENTS, & ANIMALS NOT PRESENT",
    47: "FOOD & NON-FOOD CONTACT SURFACES CLEANABLE, PROPERLY DESIGNED, CONSTRUCTED & USED",
    49: "NON-FOOD/FOOD CONTACT SURFACES CLEAN",
    51: "PLUMBING INSTALLED; PROPER BACKFLOW DEVICES",
    55: "PHYSICAL FACILITIES INSTALLED, MAINTAINED & CLEAN",
    58: "ALLERGEN TRAINING AS REQUIRED",
}
COMMENTS = [
    "OBSERVED NO SOAP AT HANDSINK IN PREP AREA. INSTRUCTED TO PROVIDE.",
    "FOUND 12 MICE DROPPINGS ON FLOOR UNDER DISH MACHINE. INSTRUCTED TO CLEAN AND SANITIZE.",
    "COLD HOLDING UNIT AT 47.0F. MANAGER DISCARDED PRODUCT.",
    "MUST CLEAN INTERIOR OF ICE MACHINE.",
    "NO CERTIFIED FOOD MANAGER ON SITE WHILE TCS FOODS PREPARED.",
    "WALLS AND CEILING IN REAR STORAGE WITH PEELING PAINT.",
    "LEAKING PIPE UNDER 3-COMPARTMENT SINK.",
    "MUST PROVIDE ALLERGEN TRAINING CERTIFICATES FOR ALL FOOD HANDLERS.",
]
FAIL_MONTH = {7: 1.6, 8: 1.15}  # summer heat: cold holding fails
FOOD_FIRST = dt.date(2023, 1, 2)
FOOD_LAST = dt.date(2024, 12, 31)
FOOD_MONTH = {1: 0.85, 2: 0.9, 3: 1.0, 4: 1.0, 5: 1.05, 6: 1.1, 7: 1.2, 8: 1.15, 9: 1.0, 10: 1.0, 11: 0.9, 12: 0.75}

# --- electricity ----------------------------------------------------------------------------------------

ZONE = "BE"
LOCAL_TZ = "Europe/Brussels"
LOAD_MONTH = {
    1: 1.13,
    2: 1.10,
    3: 1.03,
    4: 0.97,
    5: 0.93,
    6: 0.91,
    7: 0.90,
    8: 0.89,
    9: 0.94,
    10: 1.0,
    11: 1.07,
    12: 1.12,
}
LOAD_HOURS = [
    0.86,
    0.83,
    0.81,
    0.80,
    0.80,
    0.83,
    0.90,
    0.98,
    1.04,
    1.06,
    1.07,
    1.07,
    1.05,
    1.03,
    1.02,
    1.02,
    1.04,
    1.09,
    1.12,
    1.10,
    1.04,
    0.98,
    0.93,
    0.89,
]
PRICE_HOURS = [
    0.86,
    0.82,
    0.79,
    0.78,
    0.80,
    0.86,
    0.98,
    1.12,
    1.18,
    1.10,
    1.0,
    0.94,
    0.90,
    0.88,
    0.90,
    0.97,
    1.06,
    1.20,
    1.30,
    1.33,
    1.22,
    1.08,
    0.98,
    0.92,
]
SOLAR = [0, 0, 0, 0, 0, 0, 0.05, 0.15, 0.35, 0.6, 0.8, 0.95, 1.0, 0.95, 0.8, 0.6, 0.35, 0.15, 0.05, 0, 0, 0, 0, 0]
SOLAR_MONTH = {1: 0.15, 2: 0.25, 3: 0.45, 4: 0.75, 5: 0.95, 6: 1.0, 7: 1.0, 8: 0.85, 9: 0.6, 10: 0.35, 11: 0.2, 12: 0.1}
SPIKE = (dt.date(2024, 1, 17), 18)  # a cold, windless January evening: the year's price spike (local hour)
NO_DATA = (dt.datetime(2024, 9, 12, 3), 5)  # an outage of the load data (local start, hours): "-"
REGIONAL = [  # month, day, summary
    (7, 11, "Feest van de Vlaamse Gemeenschap (Flemish Community holiday)"),
    (9, 27, "Fête de la Fédération Wallonie-Bruxelles (French Community holiday)"),
    (11, 15, "Feiertag der Deutschsprachigen Gemeinschaft (German-speaking Community holiday)"),
]

# --- schools ---------------------------------------------------------------------------------------------

SCHOOL_DISTRICTS = {  # name: (schools, growth a year, primary size factor)
    "Kingsmoor": (31, 0.012, 1.05),
    "Eastvale": (24, 0.030, 1.25),
    "Northbrook": (27, -0.010, 1.00),
    "Marsh End": (19, 0.004, 1.02),
    "Holme Valley": (22, -0.004, 0.85),
    "Wyke": (17, 0.020, 1.10),
}
PHASES = ["Nursery", "Primary", "Secondary", "Special", "All-through"]
PHASE_SHARE = {"Nursery": 0.03, "Primary": 0.70, "Secondary": 0.18, "Special": 0.06, "All-through": 0.03}
YEARS = [202122, 202223, 202324]
SAINTS = ["St Mary's", "St John's", "St Aidan's", "Holy Trinity", "St Oswald's", "St Hilda's", "Christ Church"]
PLACE = ["Ashby", "Brook", "Carlton", "Denby", "Elmfield", "Fenwick", "Garforth", "Hawley", "Ivy Bank", "Jesmond",
         "Kirkby", "Langley", "Moorside", "Netherton", "Oakwood", "Pinfold", "Quarry Hill", "Rowan", "Stanley",
         "Thornhill", "Upton", "Victoria", "Westfield", "Yewtree", "Alder Grove", "Beckside", "Cragg Vale",
         "Dalton", "Eccleshill", "Fairburn", "Gledhow", "Harden", "Ingleby", "Keswick Road", "Lidget Green",
         "Meanwood", "Norwood", "Otley Road", "Pudsey", "Roundhay", "Saltaire", "Tong", "Whinmoor", "Zetland"]  # fmt: skip
EXTRACT_DATE = dt.date(2024, 9, 16)


@dataclass
class Truth:
    stations: list[dict[str, Any]] = field(default_factory=list)
    trips: list[dict[str, Any]] = field(default_factory=list)
    establishments: list[dict[str, Any]] = field(default_factory=list)
    licence_terms: list[dict[str, Any]] = field(default_factory=list)
    inspections: list[dict[str, Any]] = field(default_factory=list)
    hours: list[dict[str, Any]] = field(default_factory=list)  # one per UTC hour of local 2024
    holidays: list[dict[str, Any]] = field(default_factory=list)  # date, summary, national (bool)
    schools: list[dict[str, Any]] = field(default_factory=list)
    census: list[dict[str, Any]] = field(default_factory=list)  # one per school and year


# --- bike share ---------------------------------------------------------------------------------------


def _bikes(rng: random.Random, t: Truth) -> None:
    n = 0
    used = set()
    for hood, count, pop, (lat, lng) in NEIGHBOURHOODS:
        for _ in range(count):
            n += 1
            while True:
                name = f"{rng.choice(STREETS)} & {rng.choice(CROSS)}"
                if name not in used:
                    used.add(name)
                    break
            start_w = pop * rng.uniform(0.5, 1.5)
            t.stations.append(
                {
                    "id": f"KB{n:03d}",
                    "name": name,
                    "neighbourhood": hood,
                    "capacity": rng.choice([11, 15, 15, 19, 19, 19, 23, 23, 27, 31, 35]),
                    "lat": round(lat + rng.uniform(-0.008, 0.008), 6),
                    "lng": round(lng + rng.uniform(-0.010, 0.010), 6),
                    "charging": rng.random() < 0.3,
                    "opened": dt.date(2019, 5, 1) + dt.timedelta(days=rng.randrange(0, 1500)),
                    "start_w": start_w,
                    # uphill stations lose bikes: people ride down and do not ride back up
                    "end_w": start_w * (rng.uniform(0.45, 0.8) if hood == "University Hill" else rng.uniform(0.8, 1.3)),
                }
            )
    st = t.stations
    summit = next(s for s in st if s["neighbourhood"] == "University Hill")  # the campus at the top of the hill
    summit["start_w"], summit["end_w"] = summit["start_w"] * 1.3, summit["start_w"] * 0.35
    start_w = [s["start_w"] for s in st]
    end_w = [s["end_w"] for s in st]
    trips = []
    for day in _days(BIKE_FIRST, BIKE_LAST):
        weekend = day.weekday() >= 5
        weather = rng.choice([0.55, 0.8, 1.0, 1.0, 1.1, 1.2, 1.25])
        season = 0.85 + 0.3 * (day - BIKE_FIRST).days / 90
        lam = (40 if weekend else 50) * weather * season
        hours = WEEKEND_HOURS if weekend else WEEKDAY_HOURS
        for _ in range(_poisson(rng, lam)):
            hour = rng.choices(range(24), hours)[0]
            start = dt.datetime.combine(day, dt.time(hour, rng.randrange(60), rng.randrange(60)))
            member = rng.random() < (0.50 if weekend else 0.74)
            ebike = rng.random() < EBIKE_SHARE
            median = (9.5 if member else 17.0) * (0.8 if ebike else 1.0)
            seconds = max(75, round(60 * median * math.exp(rng.gauss(0, 0.55))))
            end = start + dt.timedelta(seconds=seconds, milliseconds=rng.randrange(1000) if ebike else 0)
            if ebike:
                start += dt.timedelta(milliseconds=rng.randrange(1000))
            a = rng.choices(range(len(st)), start_w)[0]
            b = rng.choices(range(len(st)), end_w)[0]
            s_from = None if ebike and rng.random() < UNDOCKED_START else st[a]["id"]
            s_to = None if ebike and rng.random() < UNDOCKED_END else st[b]["id"]
            trips.append(
                {
                    "id": "".join(rng.choice("0123456789ABCDEF") for _ in range(16)),
                    "ebike": ebike,
                    "start": start,
                    "end": end,
                    "from": s_from,
                    "to": s_to,
                    "from_xy": (st[a]["lat"] + rng.uniform(-0.004, 0.004), st[a]["lng"] + rng.uniform(-0.004, 0.004)),
                    "to_xy": (st[b]["lat"] + rng.uniform(-0.004, 0.004), st[b]["lng"] + rng.uniform(-0.004, 0.004)),
                    "member": member,
                }
            )
    t.trips = trips


# --- food inspections ---------------------------------------------------------------------------------


def _food(rng: random.Random, t: Truth) -> None:
    numbers = set()
    names = set()
    types = [f[0] for f in FACILITY_TYPES]
    for _ in range(430):
        while True:
            lic = rng.randrange(1_000_000, 2_999_999)
            if lic not in numbers:
                numbers.add(lic)
                break
        ftype = rng.choices(types, [f[1] for f in FACILITY_TYPES])[0]
        risk = rng.choices(RISKS, next(f[2] for f in FACILITY_TYPES if f[0] == ftype))[0]
        if ftype == "Restaurant" and rng.random() < 0.12:
            name = rng.choice(CHAINS)
        else:
            while True:
                suffix = {"Grocery Store": "MARKET", "Bakery": "BAKERY", "School": "ACADEMY"}.get(ftype, "")
                name = rng.choice(
                    [
                        f"{rng.choice(FOOD_WORDS_A)} {rng.choice(FOOD_WORDS_B)}",
                        f"{rng.choice(OWNERS)}'S {rng.choice(FOOD_WORDS_B)}",
                        f"{rng.choice(FOOD_WORDS_A)} {rng.choice(CUISINES)} {rng.choice(FOOD_WORDS_B)}",
                    ]
                )
                name = f"{name} {suffix}".strip()
                if name not in names:
                    names.add(name)
                    break
        ward = rng.choices(list(WARDS), list(WARDS.values()))[0]
        issued = dt.date(2012, 1, 1) + dt.timedelta(days=rng.randrange(0, 4300))
        t.establishments.append(
            {
                "licence": lic,
                "name": name,
                "type": ftype,
                "risk": risk,
                "ward": ward,
                "address": f"{rng.randrange(100, 9900)} {rng.choice(['N', 'S', 'W', 'E'])} {rng.choice(STREETS).upper()}",
                "zip": rng.choice(["60601", "60605", "60607", "60610", "60614", "60622", "60642"]),
                "issued": issued,
                "quality": rng.gauss(0, 0.6) + 2 * (WARD_FAIL.get(ward, 1.0) - 1),
            }
        )
    # licence terms: two years each; the export holds the current term and, for some, one or two before
    for e in t.establishments:
        start = e["issued"]
        while start + dt.timedelta(days=730) < dt.date(2024, 1, 15):
            start += dt.timedelta(days=730)
        terms = [start]
        for _ in range(2):
            before = terms[0] - dt.timedelta(days=730)
            if before < e["issued"] or rng.random() >= RENEWED.get(e["ward"], RENEWED_DEFAULT):
                break
            terms.insert(0, before)
        for s in terms:
            t.licence_terms.append({"licence": e["licence"], "start": s, "end": s + dt.timedelta(days=729)})
    insp_id = 2_580_000
    rows = []
    for e in t.establishments:
        fail_factor = WARD_FAIL.get(e["ward"], 1.0)
        base = 1.6 if e["risk"] == RISKS[0] else (1.1 if e["risk"] == RISKS[1] else 0.8)
        for year in (2023, 2024):
            visits = _poisson(rng, base)
            for _ in range(visits):
                while True:
                    day = dt.date(year, 1, 1) + dt.timedelta(days=rng.randrange(0, 366 if year == 2024 else 365))
                    if day.weekday() < 5 and rng.random() < FOOD_MONTH[day.month] / 1.2:
                        break
                kind = rng.choices(["Canvass", "Complaint", "License", "Short Form Complaint"], [0.62, 0.2, 0.1, 0.08])[
                    0
                ]
                rows.append((day, kind, e, fail_factor))
    rows.sort(key=lambda r: (r[0], r[2]["licence"]))
    for day, kind, e, fail_factor in rows:
        chain = [(day, kind)]
        while chain:
            d, k = chain.pop()
            if d > FOOD_LAST:
                continue
            p_fail = 0.17 * fail_factor * math.exp(e["quality"]) * (1.6 if "Complaint" in k else 1.0)
            p_fail = min(0.9, p_fail * FAIL_MONTH.get(d.month, 1.0))
            if k.endswith("Re-Inspection"):
                p_fail *= 0.55
            r = rng.random()
            if rng.random() < 0.035:
                result = rng.choice(["No Entry", "Not Ready"])
            elif r < p_fail:
                result = "Fail"
            elif r < p_fail + 0.24:
                result = "Pass w/ Conditions"
            else:
                result = "Pass"
            n_viol = {"Fail": rng.randint(3, 9), "Pass w/ Conditions": rng.randint(1, 5), "Pass": rng.randint(0, 3)}
            codes = sorted(rng.sample(sorted(VIOLATIONS), n_viol.get(result, 0)))
            violations = []
            for c in codes:
                comment = rng.choice(COMMENTS)
                if rng.random() < 0.12:
                    comment += "\n" + rng.choice(COMMENTS)  # inspectors' comments can run over several lines
                violations.append((c, comment))
            insp_id += rng.randint(1, 40)
            t.inspections.append(
                {
                    "id": insp_id,
                    "licence": e["licence"],
                    "date": d,
                    "type": k,
                    "result": result,
                    "violations": violations,
                }
            )
            if result == "Fail" and not k.endswith("Re-Inspection"):
                chain.append((d + dt.timedelta(days=rng.randint(7, 30)), f"{k.split(' ')[0]} Re-Inspection"))
    t.inspections.sort(key=lambda x: x["id"])


# --- electricity -----------------------------------------------------------------------------------------


def _holidays(t: Truth) -> None:
    for year in (2023, 2024, 2025):
        e = easter(year)
        national = [
            (dt.date(year, 1, 1), "Nieuwjaar / Jour de l'An / Neujahr (New Year's Day)"),
            (e, "Pasen / Pâques / Ostern (Easter Sunday)"),
            (e + dt.timedelta(days=1), "Paasmaandag / Lundi de Pâques / Ostermontag (Easter Monday)"),
            (dt.date(year, 5, 1), "Dag van de Arbeid / Fête du Travail / Tag der Arbeit (Labour Day)"),
            (e + dt.timedelta(days=39), "O.L.H. Hemelvaart / Ascension / Christi Himmelfahrt (Ascension Day)"),
            (e + dt.timedelta(days=49), "Pinksteren / Pentecôte / Pfingsten (Whit Sunday)"),
            (e + dt.timedelta(days=50), "Pinkstermaandag / Lundi de Pentecôte / Pfingstmontag (Whit Monday)"),
            (dt.date(year, 7, 21), "Nationale feestdag / Fête nationale / Nationalfeiertag (National Day)"),
            (dt.date(year, 8, 15), "O.L.V. Hemelvaart / Assomption / Mariä Himmelfahrt (Assumption)"),
            (dt.date(year, 11, 1), "Allerheiligen / Toussaint / Allerheiligen (All Saints' Day)"),
            (dt.date(year, 11, 11), "Wapenstilstand / Armistice / Waffenstillstand (Armistice Day)"),
            (dt.date(year, 12, 25), "Kerstmis / Noël / Weihnachten (Christmas Day)"),
        ]
        for d, s in national:
            t.holidays.append({"date": d, "summary": s, "national": True})
        for m, day, s in REGIONAL:
            t.holidays.append({"date": dt.date(year, m, day), "summary": s, "national": False})
    t.holidays.sort(key=lambda h: (h["date"], not h["national"]))


def _electricity(rng: random.Random, t: Truth) -> None:
    _holidays(t)
    off = {h["date"] for h in t.holidays if h["national"]}
    first = dt.datetime(2023, 12, 31, 23)  # local 2024-01-01 00:00 is 23:00 UTC the day before
    last = dt.datetime(2024, 12, 31, 22)
    day_wind = {}
    day_sun = {}
    for d in _days(dt.date(2024, 1, 1), dt.date(2024, 12, 31)):
        day_wind[d] = rng.choice([0.2, 0.5, 0.8, 1.0, 1.2, 1.5, 1.8])
        day_sun[d] = rng.choice([0.1, 0.4, 0.7, 0.9, 1.0, 1.0, 1.1])
    u = first
    while u <= last:
        loc = to_local(u)
        d = loc.date()
        rest = d.weekday() >= 5 or d in off
        shape = LOAD_HOURS[loc.hour] if not rest else 0.88 + (LOAD_HOURS[loc.hour] - 0.88) * 0.6
        load = 10_200 * LOAD_MONTH[d.month] * shape * (0.86 if rest else 1.0) + rng.gauss(0, 140)
        load = round(load)
        forecast = round(load + rng.gauss(0, 190))
        solar = SOLAR[loc.hour] * SOLAR_MONTH[d.month] * day_sun[d]
        price = 62 * PRICE_HOURS[loc.hour] * (1 + 0.9 * (load / 10_200 - 1)) * (1.25 - 0.25 * day_wind[d])
        price += rng.gauss(0, 4) - 95 * solar * (1.4 if rest else 1.0)
        if (d, loc.hour) == SPIKE:
            price = 312.0 + rng.uniform(0, 20)
        elif d == SPIKE[0] and abs(loc.hour - SPIKE[1]) <= 2:
            price = 190 + rng.uniform(0, 40)
        t.hours.append(
            {
                "utc": u,
                "local": loc,
                "forecast": forecast,
                "load": load,
                "price": round(price, 2),
                "missing": None,
            }
        )
        u += dt.timedelta(hours=1)
    # gaps in the actual load: a 5-hour outage ("-") and scattered "n/e" hours, away from holidays
    # and from the price spike
    start, n = NO_DATA
    for h in t.hours:
        if start <= h["local"] < start + dt.timedelta(hours=n):
            h["missing"] = "-"
    candidates = [h for h in t.hours if h["local"].date() not in off and h["local"].date() != SPIKE[0]]
    for h in rng.sample(candidates, 14):
        if h["missing"] is None:
            h["missing"] = "n/e"
    for h in t.hours:
        if h["missing"]:
            h["load"] = None


# --- schools ---------------------------------------------------------------------------------------------


def _schools(rng: random.Random, t: Truth) -> None:
    urn = 100_000 + rng.randrange(0, 5000)
    used = set()
    schools = []
    for district, (count, growth, size) in SCHOOL_DISTRICTS.items():
        for _ in range(count):
            urn += rng.randint(3, 60)
            phase = rng.choices(list(PHASE_SHARE), list(PHASE_SHARE.values()))[0]
            while True:
                stem = rng.choice(SAINTS) if rng.random() < 0.25 else rng.choice(PLACE)
                name = {
                    "Nursery": f"{stem} Nursery School",
                    "Primary": f"{stem} {rng.choice(['Primary School', 'Primary School', 'Junior and Infant School', 'C of E Primary School'])}",
                    "Secondary": f"{stem} {rng.choice(['Academy', 'High School', 'School'])}",
                    "Special": f"{stem} {rng.choice(['Special School', 'School'])}",
                    "All-through": f"{stem} All-Through School",
                }[phase]
                if name not in used:
                    used.add(name)
                    break
            schools.append(
                {
                    "urn": urn,
                    "name": name,
                    "phase": phase,
                    "district": district,
                    "postcode": f"NS{rng.randint(1, 19)} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}",
                    "opened": dt.date(1950, 9, 1) + dt.timedelta(days=rng.randrange(0, 24000)),
                    "closed": None,
                    "status": "Open",
                    "growth": growth + rng.gauss(0, 0.02),
                    "size": size,
                }
            )
    # a few schools closed, a few opened lately, a few are to close
    primaries = [s for s in schools if s["phase"] == "Primary"]
    for s in rng.sample(primaries, 3):
        s["closed"], s["status"] = dt.date(2023, 8, 31), "Closed"
    # summer 2024: Wyke's big secondaries merge into one new academy (not in the census yet), and a primary closes
    big = [s for s in schools if s["district"] == "Wyke" and s["phase"] in ("Secondary", "All-through")]
    for s in rng.sample(big, min(2, len(big))) + [s for s in rng.sample(primaries, 8) if s["status"] == "Open"][:1]:
        s["closed"], s["status"] = dt.date(2024, 8, 31), "Closed"
    for s in [s for s in rng.sample(schools, 10) if s["status"] == "Open"][:4]:
        s["status"] = "Open, but proposed to close"
    for s in [s for s in rng.sample(schools, 10) if s["status"] == "Open"][:2]:
        s["opened"] = dt.date(2022, 9, 1)
    t.schools = schools
    for s in schools:
        base = {
            "Nursery": rng.randint(60, 140),
            "Primary": round(rng.randint(170, 560) * s["size"]),
            "Secondary": rng.randint(650, 1650),
            "Special": rng.randint(60, 220),
            "All-through": rng.randint(900, 1900),
        }[s["phase"]]
        fsm = rng.uniform(6, 42)
        for i, year in enumerate(YEARS):
            start = dt.date(year // 100, 9, 1)
            if s["opened"] > start or (s["closed"] is not None and s["closed"] < start):
                continue
            total = round(base * (1 + s["growth"]) ** i + rng.gauss(0, 6))
            reception = None
            if s["phase"] in ("Primary", "All-through"):
                reception = round(total / 7 * (1 - 0.035 * i) + rng.gauss(0, 3))
            f = round(min(70.0, max(1.0, fsm + rng.gauss(0, 1.5))), 1)
            suppressed = total < 120 or rng.random() < 0.04
            t.census.append(
                {
                    "urn": s["urn"],
                    "year": year,
                    "phase": s["phase"],
                    "total": total,
                    "girls": round(total * rng.uniform(0.46, 0.52)) if s["phase"] != "Special" else round(total * 0.3),
                    "reception": reception,
                    "fsm_pct": None if suppressed else f,
                    "fte_teachers": round(total / rng.uniform(17, 23), 1),
                }
            )


def truth(seed: int = SEED) -> Truth:
    t = Truth()
    # one random stream per topic, so that changing one topic's generator leaves the others' data alone
    for name, build in (("bikes", _bikes), ("food", _food), ("electricity", _electricity), ("schools", _schools)):
        build(random.Random(f"{seed}/{name}"), t)
    return t


# --- rendering: the mess ------------------------------------------------------------------------------

WHEN = (2024, 7, 2, 6, 0, 0)  # the zip members' timestamps


def _zip(path: Path, members: list[tuple[str, bytes]], when: tuple[int, ...]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, body in members:
            info = zipfile.ZipInfo(name, date_time=when)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, body)


def _stamp(x: dt.datetime) -> str:
    s = x.strftime("%Y-%m-%d %H:%M:%S")
    return s + f".{x.microsecond // 1000:03d}" if x.microsecond else s


def _write_trips(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/render/trips")
    st = {s["id"]: s for s in t.stations}
    members: list[tuple[str, bytes]] = []
    header = ["ride_id", "rideable_type", "started_at", "ended_at", "start_station_name", "start_station_id"]
    header += ["end_station_name", "end_station_id", "start_lat", "start_lng", "end_lat", "end_lng", "member_casual"]
    for month in (4, 5, 6):
        rows = [x for x in t.trips if x["start"].month == month]
        rows = sorted(rows, key=lambda x: (x["ebike"], x["from"] or "", x["start"]))  # the operator's order
        rng.shuffle(rows)
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(header)
        for x in rows:
            fa, fb = x["from_xy"], x["to_xy"]
            w.writerow(
                [
                    x["id"],
                    "electric_bike" if x["ebike"] else "classic_bike",
                    _stamp(x["start"]),
                    _stamp(x["end"]),
                    st[x["from"]]["name"] if x["from"] else "",
                    x["from"] or "",
                    st[x["to"]]["name"] if x["to"] else "",
                    x["to"] or "",
                    f"{fa[0]:.2f}" if x["from"] is None else f"{fa[0]:.6f}",
                    f"{fa[1]:.2f}" if x["from"] is None else f"{fa[1]:.6f}",
                    f"{fb[0]:.2f}" if x["to"] is None else f"{fb[0]:.6f}",
                    f"{fb[1]:.2f}" if x["to"] is None else f"{fb[1]:.6f}",
                    "member" if x["member"] else "casual",
                ]
            )
        name = f"2024{month:02d}-kelbybikes-tripdata.csv"
        members.append((name, buf.getvalue().encode("utf-8")))
        # the AppleDouble resource fork a Mac's "Compress" adds beside each file
        fork = b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        \x00\x02\x00\x00\x00\t\x00\x00\x002\x00\x00\x0e\xb0"
        members.append((f"__MACOSX/._{name}", fork + bytes(rng.randrange(256) for _ in range(120))))
    members = [m for m in members if not m[0].startswith("__")] + [m for m in members if m[0].startswith("__")]
    _zip(path, members, WHEN)


def _write_stations(t: Truth, path: Path) -> None:
    features = []
    for s in t.stations:
        features.append(
            {
                "type": "Feature",
                "geometry": {"type": "Point", "coordinates": [s["lng"], s["lat"]]},
                "properties": {
                    "station_id": s["id"],
                    "name": s["name"],
                    "capacity": s["capacity"],
                    "neighbourhood": s["neighbourhood"],
                    "ebike_charging": s["charging"],
                    "installed": s["opened"].isoformat(),
                },
            }
        )
    doc = {
        "type": "FeatureCollection",
        "name": "kelby_bikes_stations",
        "crs": {"type": "name", "properties": {"name": "urn:ogc:def:crs:OGC:1.3:CRS84"}},
        "features": features,
    }
    path.write_text(json.dumps(doc, ensure_ascii=False) + "\n", encoding="utf-8")


def _write_inspections(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/render/inspections")
    est = {e["licence"]: e for e in t.establishments}
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(
        [
            "Inspection ID",
            "DBA Name",
            "AKA Name",
            "License #",
            "Facility Type",
            "Risk",
            "Address",
            "City",
            "State",
            "Zip",
            "Inspection Date",
            "Inspection Type",
            "Results",
            "Violations",
            "Latitude",
            "Longitude",
        ]
    )
    for x in sorted(t.inspections, key=lambda x: x["date"], reverse=True):  # newest first, as the portal does
        e = est[x["licence"]]
        name = e["name"]
        if rng.random() < 0.15:
            name = name.title()
        if rng.random() < 0.05:
            name += " "
        if e["name"] in CHAINS and rng.random() < 0.6:
            name = f"{name} #{e['licence'] % 97}"
        violations = " | ".join(f"{c}. {VIOLATIONS[c]} - Comments: {comment}" for c, comment in x["violations"])
        w.writerow(
            [
                x["id"],
                name,
                e["name"].title() if rng.random() < 0.5 else "",
                f"{float(e['licence'])}",
                rng.choice(TYPE_SPELLINGS[e["type"]]),
                e["risk"],
                e["address"] + " ",
                "BROOKHAVEN" if rng.random() < 0.97 else "Brookhaven",
                "IL",
                e["zip"],
                x["date"].strftime("%m/%d/%Y"),
                x["type"],
                x["result"],
                violations,
                f"{41.85 + (e['licence'] % 1000) / 10000:.6f}",
                f"{-87.70 + (e['licence'] % 777) / 10000:.6f}",
            ]
        )
    path.write_text(buf.getvalue(), encoding="utf-8")


def _write_licences(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/render/licences")
    est = {e["licence"]: e for e in t.establishments}
    desc = {
        "Restaurant": "Retail Food Establishment",
        "Grocery Store": "Retail Food Establishment",
        "Bakery": "Retail Food Establishment",
        "School": "Food - Shared Kitchen",
        "Daycare (Under 6 Years)": "Children's Services Facility License",
        "Mobile Food Preparer": "Mobile Food License",
    }
    lines = []
    terms = sorted(t.licence_terms, key=lambda x: (x["start"], x["licence"]))
    latest = {}
    for term in terms:
        latest[term["licence"]] = term["start"]
    for i, term in enumerate(terms):
        e = est[term["licence"]]
        current = term["end"] >= dt.date(2024, 9, 1)
        rec = {
            "id": f"{e['licence']}-{term['start'].strftime('%Y%m%d')}",
            "license_id": str(2_900_000 + i * 7 + rng.randrange(7)),
            "account_number": str(400_000 + e["licence"] % 300_000),
            "legal_name": f"{e['name'].title()} {rng.choice(['LLC', 'INC', 'INC.', 'CORP'])}",
            "doing_business_as_name": e["name"],
            "address": e["address"],
            "city": "BROOKHAVEN",
            "state": "IL",
            "zip_code": e["zip"],
            "ward": str(e["ward"]),
            "license_number": e["licence"],
            "license_description": desc[e["type"]],
            "application_type": "RENEW" if term["start"] > e["issued"] else "ISSUE",
            "license_term_start_date": term["start"].strftime("%Y-%m-%dT00:00:00.000"),
            "license_term_expiration_date": term["end"].strftime("%Y-%m-%dT00:00:00.000"),
            "license_status": "AAI" if current else "AAC",
        }
        if term["start"] < latest[e["licence"]] and rng.random() < 0.15:
            del rec["ward"]  # the older terms predate the ward lookup: no ward on the record
        lines.append(json.dumps(rec, ensure_ascii=False))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _write_load(t: Truth, path: Path) -> None:
    lines = [
        f'"Time (CET/CEST)","Day-ahead Total Load Forecast [MW] - BZN|{ZONE}","Actual Total Load [MW] - BZN|{ZONE}"'
    ]
    for h in t.hours:
        a = h["local"]
        b = a + dt.timedelta(hours=1)
        span = f"{a:%d.%m.%Y %H:%M} - {b:%d.%m.%Y %H:%M}"
        actual = h["missing"] if h["missing"] else str(h["load"])
        lines.append(f'"{span}","{h["forecast"]}","{actual}"')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _write_prices(t: Truth, path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pa.table(
        {
            "datetime_utc": pa.array([h["utc"] for h in t.hours], pa.timestamp("us", tz="UTC")),
            "bidding_zone": pa.array([ZONE] * len(t.hours), pa.string()).dictionary_encode(),
            "resolution": pa.array(["PT60M"] * len(t.hours), pa.string()).dictionary_encode(),
            "price_eur_mwh": pa.array([h["price"] for h in t.hours], pa.float64()),
        }
    )
    pq.write_table(table, path)


def _fold(line: str) -> list[str]:
    """RFC 5545 line folding: at most 75 octets a line, continuation lines start with a space."""
    pieces, raw, limit = [], line.encode("utf-8"), 75
    while len(raw) > limit:
        cut = limit
        while (raw[cut] & 0xC0) == 0x80:  # do not split a UTF-8 character
            cut -= 1
        pieces.append(raw[:cut].decode("utf-8"))
        raw, limit = raw[cut:], 74
    pieces.append(raw.decode("utf-8"))
    return [pieces[0]] + [" " + p for p in pieces[1:]]


def _write_holidays(t: Truth, path: Path) -> None:
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//FOD Werkgelegenheid//Feestdagen//NL",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "X-WR-CALNAME:Feestdagen België / Jours fériés Belgique",
        f"X-WR-TIMEZONE:{LOCAL_TZ}",
    ]
    for h in t.holidays:
        d = h["date"]
        lines += [
            "BEGIN:VEVENT",
            f"UID:{d:%Y%m%d}-{'nat' if h['national'] else 'reg'}@feestdagen.example.be",
            "DTSTAMP:20221115T090000Z",
            f"DTSTART;VALUE=DATE:{d:%Y%m%d}",
            f"DTEND;VALUE=DATE:{d + dt.timedelta(days=1):%Y%m%d}",
            f"SUMMARY:{h['summary'].replace(',', chr(92) + ',')}",
            f"CATEGORIES:{'Public holiday' if h['national'] else 'Regional holiday'}",
            "DESCRIPTION:"
            + (
                "Wettelijke feestdag - jour férié légal. Valt hij op een zondag\\, dan krijgen werknemers een vervangdag."
                if h["national"]
                else "Feestdag van een gemeenschap: geen wettelijke feestdag voor de hele privésector."
            ),
            "TRANSP:TRANSPARENT",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    folded = [piece for line in lines for piece in _fold(line)]
    path.write_bytes(("\r\n".join(folded) + "\r\n").encode("utf-8"))


def _write_census(t: Truth, path: Path) -> None:
    import pandas as pd

    rows = sorted(t.census, key=lambda r: (r["year"], r["urn"]))

    def col(key, missing=None):
        return [missing if r[key] is None else r[key] for r in rows]

    df = pd.DataFrame(
        {
            "urn": pd.array(col("urn"), dtype="int32"),
            "time_period": pd.array(col("year"), dtype="int32"),
            "phase": pd.Categorical(col("phase"), categories=PHASES),
            "headcount": pd.array(col("total"), dtype="int32"),
            "hc_girls": pd.array(col("girls"), dtype="int32"),
            "hc_rec": [float("nan") if r["reception"] is None else float(r["reception"]) for r in rows],
            "fsm_pct": [-1.0 if r["fsm_pct"] is None else r["fsm_pct"] for r in rows],
            "fte_teach": [r["fte_teachers"] for r in rows],
        }
    )
    labels = {
        "urn": "Unique reference number of the school",
        "time_period": "Academic year (202324 = 2023/24)",
        "phase": "Phase of education",
        "headcount": "Pupils on roll, headcount (all year groups)",
        "hc_girls": "Pupils on roll, headcount, girls",
        "hc_rec": "Pupils on roll in the Reception year group",
        "fsm_pct": "% pupils eligible for free school meals (-1 = suppressed)",
        "fte_teach": "Teachers, full-time equivalent",
    }
    df.to_stata(
        path,
        write_index=False,
        version=118,
        time_stamp=dt.datetime(2024, 9, 20, 11, 5),
        data_label="Northshire school census, spring term, 2021/22 to 2023/24",
        variable_labels=labels,
    )


def _write_directory(t: Truth, path: Path) -> None:
    lines = [f"HDR|NORTHSHIRE COUNTY COUNCIL|SCHOOLS DIRECTORY|EXTRACT {EXTRACT_DATE:%Y%m%d}"]
    lines.append("URN|SCHOOL_NAME|PHASE|DISTRICT|POSTCODE|OPEN_DATE|CLOSE_DATE|STATUS")
    for s in sorted(t.schools, key=lambda s: s["name"]):
        close = "" if s["closed"] is None else f"{s['closed']:%d/%m/%Y}"
        lines.append(
            f"{s['urn']}|{s['name']}|{s['phase']}|{s['district']}|{s['postcode']}|{s['opened']:%d/%m/%Y}|{close}|{s['status']}"
        )
    lines.append(f"TRL|{len(t.schools):06d}")
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("utf-8"))


FILES = [
    "tripdata_2024Q2.zip",
    "bike_stations.geojson",
    "food_inspections.csv",
    "business_licences.jsonl",
    "actual_total_load_2024.csv",
    "day_ahead_prices_2024.parquet",
    "public_holidays.ics",
    "school_census.dta",
    "schools_directory.txt",
]


def write_files(target: Path, seed: int = SEED) -> list[str]:
    """Write the data files into `target`; return their names."""
    t = truth(seed)
    target = Path(target)
    target.mkdir(parents=True, exist_ok=True)
    _write_trips(t, target / "tripdata_2024Q2.zip", seed)
    _write_stations(t, target / "bike_stations.geojson")
    _write_inspections(t, target / "food_inspections.csv", seed)
    _write_licences(t, target / "business_licences.jsonl", seed)
    _write_load(t, target / "actual_total_load_2024.csv")
    _write_prices(t, target / "day_ahead_prices_2024.parquet")
    _write_holidays(t, target / "public_holidays.ics")
    _write_census(t, target / "school_census.dta")
    _write_directory(t, target / "schools_directory.txt")
    return list(FILES)


if __name__ == "__main__":
    import sys

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout5-data")
    print("\n".join(str(out / n) for n in write_files(out)))
