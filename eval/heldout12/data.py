"""The twelfth held-out set's data: clean records built from a fixed seed, rendered the way real
public data exports look.

Four topics, each modelled on a real export:

* bike    -- Capital Bikeshare monthly trip history (`202406-capitalbikeshare-tripdata.csv`) and the
             GBFS `station_information.json` feed of the same system;
* air     -- an hourly air-quality monitor export for a Denver site (`denver_aq_hourly_2024Q3.csv`),
             timestamps in UTC, -999 for a missing value, units in the column headers;
* library -- a council library service's "issues by branch and month" workbook
             (`library_issues_2023-24.xlsx`, two sheets) as published on an open-data portal;
* shop    -- the SQLite database behind a small online tea shop (`shop.sqlite`, four tables).

`truth()` builds the clean records with the standard library only (one random stream per topic);
every random choice is made there, so rendering is deterministic and the same seed gives the same
bytes. `write_files(dir)` renders the files (openpyxl for the workbook, sqlite3 for the database).
`python data.py DIR` writes them.
"""

from __future__ import annotations

import csv
import io
import json
import math
import random
import re
import sqlite3
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

SEED = 12_090_427

BIKE_FILE = "202406-capitalbikeshare-tripdata.csv"
STATION_FILE = "station_information.json"
AQ_FILE = "denver_aq_hourly_2024Q3.csv"
LIB_FILE = "library_issues_2023-24.xlsx"
SHOP_FILE = "shop.sqlite"
FILES = [BIKE_FILE, STATION_FILE, AQ_FILE, LIB_FILE, SHOP_FILE]

DENVER = ZoneInfo("America/Denver")


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}:{topic}")


@dataclass
class Truth:
    stations: list[dict]  # GBFS stations
    rides: list[dict]  # every ride, file order; start/end short_name or None when dockless
    air: list[dict]  # one per UTC hour: clean values, None where missing
    branches: list[dict]  # canonical (Branches sheet) name, the issues-sheet spelling, attributes
    issues: dict[str, dict[date, int]]  # canonical branch name -> month -> issues (0 when closed)
    closed: dict[str, list[date]]  # branch -> months shown as "Closed"
    customers: list[dict]
    products: list[dict]
    orders: list[dict]
    items: list[dict]


# =================================================================================================
# bike: Capital Bikeshare, June 2024, and its GBFS station_information feed
# =================================================================================================

# (short_name, name, lat, lon, weight)
STATIONS = [
    ("31201", "15th & P St NW", 38.909801, -77.034427, 1.6),
    ("31200", "Massachusetts Ave & Dupont Circle NW", 38.910100, -77.044400, 2.4),
    ("31229", "New Hampshire Ave & T St NW", 38.915544, -77.038252, 1.3),
    ("31623", "Columbus Circle / Union Station", 38.897290, -77.006660, 2.6),
    ("31258", "Lincoln Memorial", 38.888255, -77.049436, 2.0),
    ("31247", "Jefferson Dr & 14th St SW", 38.888553, -77.032429, 1.9),
    ("31248", "Smithsonian-National Mall / Jefferson Dr & 12th St SW", 38.888767, -77.028160, 1.8),
    ("31289", "Henry Bacon Dr & Lincoln Memorial Circle NW", 38.890539, -77.049383, 1.2),
    ("31101", "14th & V St NW", 38.917764, -77.032096, 1.5),
    ("31241", "Thomas Circle", 38.905900, -77.032500, 1.4),
    ("31214", "17th & Corcoran St NW", 38.912100, -77.038700, 1.1),
    ("31613", "Eastern Market Metro / Pennsylvania Ave & 8th St SE", 38.884095, -76.995234, 1.2),
    ("31609", "Maryland & Independence Ave SW", 38.888100, -77.016000, 0.9),
    ("31631", "4th & M St SW", 38.876697, -77.017898, 0.8),
    ("31646", "Maine Ave & 7th St SW", 38.878694, -77.023054, 1.0),
    ("31124", "14th & Irving St NW", 38.928552, -77.032224, 1.3),
    ("31110", "18th St & Wyoming Ave NW", 38.918809, -77.041571, 0.9),
    ("31111", "10th & U St NW", 38.917200, -77.025900, 1.2),
    ("31603", "1st & M St NE", 38.905697, -77.005483, 1.0),
    ("31627", "3rd & M St NE", 38.905221, -77.002115, 0.8),
    ("31265", "5th St & Massachusetts Ave NW", 38.900930, -77.018677, 0.9),
    ("31277", "17th & G St NW", 38.898410, -77.039624, 0.8),
    ("31285", "22nd & P ST NW", 38.909394, -77.048728, 0.7),
    ("31237", "25th St & Pennsylvania Ave NW", 38.903584, -77.053558, 0.6),
    ("31650", "Potomac Ave & Half St SW", 38.868812, -77.010160, 0.7),
    ("31208", "M St & New Jersey Ave SE", 38.876393, -77.003574, 0.9),
    ("31612", "D St & Maryland Ave NE", 38.894832, -76.997460, 0.6),
    ("31509", "New Jersey Ave & R St NW", 38.912659, -77.017669, 0.6),
    ("31014", "Lynn St & 19th St North", 38.897315, -77.070993, 0.5),
    ("31007", "Crystal City Metro / 18th St & S Bell St", 38.857800, -77.051900, 0.5),
    ("31904", "East West Hwy & Blair Mill Rd", 38.990600, -77.030000, 0.2),
    ("32039", "Old Georgetown Rd & Southwick St", 38.994100, -77.097000, 0.2),
    ("31303", "Tenleytown / Wisconsin Ave & Albemarle St NW", 38.947800, -77.079600, 0.4),
    ("31304", "36th & Calvert St NW / Glover Park", 38.922581, -77.070334, 0.3),
    ("31115", "Columbia Rd & Georgia Ave NW", 38.928100, -77.023100, 0.5),
    ("31634", "3rd & Tingey St SE", 38.875010, -77.002400, 0.7),
]
N_RIDES = 12_000


def _build_bike(rng: random.Random) -> tuple[list[dict], list[dict]]:
    stations = []
    caps = rng.sample(range(11, 56), len(STATIONS))  # distinct capacities: "the largest" is unique
    for (short, name, lat, lon, w), cap in zip(STATIONS, caps):
        a, b, c, d = rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(48)
        sid = f"{a:08x}-{b:04x}-11e7-{c:04x}-{d:012x}"
        stations.append(
            {
                "station_id": sid,
                "short_name": short,
                "name": name,
                "lat": lat,
                "lon": lon,
                "capacity": cap,
                "weight": w,
                "region_id": "42" if not short.startswith(("310", "319", "320")) else "41",
                "has_kiosk": rng.random() < 0.85,
            }
        )
    weights = [s["weight"] for s in stations]
    hours_wd = [2, 1, 1, 1, 2, 5, 14, 30, 42, 25, 18, 20, 24, 24, 23, 27, 38, 52, 40, 27, 18, 12, 8, 4]
    hours_we = [5, 3, 2, 1, 1, 2, 4, 8, 14, 22, 30, 35, 38, 38, 37, 35, 33, 30, 26, 20, 15, 11, 8, 6]
    rides = []
    for _ in range(N_RIDES):
        day = date(2024, 6, rng.randint(1, 30))
        weekend = day.weekday() >= 5
        member = rng.random() < (0.48 if weekend else 0.68)
        hour = rng.choices(range(24), weights=hours_we if weekend else hours_wd)[0]
        start = datetime(day.year, day.month, day.day, hour, rng.randint(0, 59), rng.randint(0, 59))
        minutes = math.exp(rng.gauss(math.log(10.5 if member else 17.0), 0.6))
        if rng.random() < 0.004:
            minutes += rng.uniform(120, 600)  # a bike left undocked for hours
        end = start + timedelta(seconds=max(61, round(minutes * 60)))
        ebike = rng.random() < 0.56
        s = rng.choices(stations, weights=weights)[0]
        if rng.random() < (0.05 if member else 0.17):
            e = s
        else:
            e = rng.choices(stations, weights=weights)[0]
        start_docked = not (ebike and rng.random() < 0.13)
        end_docked = not (ebike and rng.random() < 0.15)
        rides.append(
            {
                "ride_id": f"{rng.getrandbits(64):016X}",
                "rideable_type": "electric_bike" if ebike else "classic_bike",
                "started_at": start,
                "ended_at": end,
                "start": s["short_name"] if start_docked else None,
                "end": e["short_name"] if end_docked else None,
                "start_xy": (s["lat"], s["lon"])
                if start_docked
                else (round(s["lat"] + rng.uniform(-0.006, 0.006), 2), round(s["lon"] + rng.uniform(-0.006, 0.006), 2)),
                "end_xy": (e["lat"], e["lon"])
                if end_docked
                else (round(e["lat"] + rng.uniform(-0.006, 0.006), 2), round(e["lon"] + rng.uniform(-0.006, 0.006), 2)),
                "member_casual": "member" if member else "casual",
            }
        )
    rides.sort(key=lambda r: r["ride_id"])  # exports are not in time order
    return stations, rides


def _write_bike(t: Truth, d: Path) -> None:
    name = {s["short_name"]: s["name"] for s in t.stations}
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(
        [
            "ride_id",
            "rideable_type",
            "started_at",
            "ended_at",
            "start_station_name",
            "start_station_id",
            "end_station_name",
            "end_station_id",
            "start_lat",
            "start_lng",
            "end_lat",
            "end_lng",
            "member_casual",
        ]
    )
    for r in t.rides:
        w.writerow(
            [
                r["ride_id"],
                r["rideable_type"],
                r["started_at"].strftime("%Y-%m-%d %H:%M:%S"),
                r["ended_at"].strftime("%Y-%m-%d %H:%M:%S"),
                name[r["start"]] if r["start"] else "",
                r["start"] or "",
                name[r["end"]] if r["end"] else "",
                r["end"] or "",
                r["start_xy"][0],
                r["start_xy"][1],
                r["end_xy"][0],
                r["end_xy"][1],
                r["member_casual"],
            ]
        )
    (d / BIKE_FILE).write_bytes(buf.getvalue().encode("utf-8"))
    feed = {
        "data": {
            "stations": [
                {
                    "station_id": s["station_id"],
                    "name": s["name"],
                    "short_name": s["short_name"],
                    "lat": s["lat"],
                    "lon": s["lon"],
                    "region_id": s["region_id"],
                    "capacity": s["capacity"],
                    "rental_methods": ["KEY", "CREDITCARD"] if s["has_kiosk"] else ["KEY"],
                    "has_kiosk": s["has_kiosk"],
                    "eightd_has_key_dispenser": False,
                    "station_type": "classic",
                    "external_id": s["station_id"],
                    "legacy_id": s["short_name"],
                    "rental_uris": {
                        "android": f"https://dc.lft.to/lastmile_qr_scan?station_id={s['station_id']}",
                        "ios": f"https://dc.lft.to/lastmile_qr_scan?station_id={s['station_id']}",
                    },
                }
                for s in sorted(t.stations, key=lambda s: s["station_id"])
            ]
        },
        "last_updated": 1719792000,
        "ttl": 5,
        "version": "2.3",
    }
    (d / STATION_FILE).write_bytes(json.dumps(feed, indent=None).encode("utf-8"))


# =================================================================================================
# air: hourly monitor export, Denver, 1 July - 30 September 2024 (UTC)
# =================================================================================================

AQ_START = datetime(2024, 7, 1, tzinfo=timezone.utc)
AQ_HOURS = 92 * 24
# smoke episodes in local time: (start, hours, extra PM2.5)
SMOKE = [
    (datetime(2024, 8, 11, 12), 12, 52.0),
    (datetime(2024, 8, 20, 18), 12, 50.0),
    (datetime(2024, 7, 24, 15), 6, 25.0),
]
SENTINEL = "-999"


def _build_air(rng: random.Random) -> list[dict]:
    smoke = [(s.replace(tzinfo=DENVER), h, x) for s, h, x in SMOKE]
    outage = {AQ_START + timedelta(hours=h) for h in range(1503, 1508)}  # power cut: nothing recorded
    pm10_gap = {AQ_START + timedelta(hours=h) for h in range(700, 731)}  # PM10 sampler fault
    rows = []
    temp_day = 0.0
    for h in range(AQ_HOURS):
        utc = AQ_START + timedelta(hours=h)
        loc = utc.astimezone(DENVER)
        doy = (loc.date() - date(2024, 7, 1)).days
        if loc.hour == 0 or h == 0:
            temp_day = rng.gauss(0, 2.0)
        season = 1.0 - max(0, doy - 45) / 60  # cooling into September
        diurnal = math.cos((loc.hour - 15) / 24 * 2 * math.pi)
        temp = 16 + 8 * season + 8 * diurnal + temp_day + rng.gauss(0, 0.6)
        pm = 6.5 + 2.5 * math.cos((loc.hour - 8) / 24 * 2 * math.pi) + rng.gauss(0, 1.2)
        for s, hrs, extra in smoke:
            if s <= loc < s + timedelta(hours=hrs):
                pm += extra + rng.gauss(0, 3)
        pm = max(1.0, pm)
        o3 = 32 + 24 * max(0.0, diurnal) * (0.6 + 0.4 * season) + 0.8 * (temp - 22) + rng.gauss(0, 4)
        no2 = (
            9
            + 8 * max(0.0, math.cos((loc.hour - 7) / 24 * 2 * math.pi))
            + 5 * max(0.0, math.cos((loc.hour - 20) / 24 * 2 * math.pi))
            + rng.gauss(0, 2)
        )
        row = {
            "utc": utc,
            "pm25": round(pm, 1),
            "pm10": round(pm * 1.6 + 8 + rng.gauss(0, 3)),
            "o3": max(2, round(o3)),
            "no2": round(max(0.5, no2), 1),
            "temp": round(temp, 1),
            "rh": max(8, min(95, round(45 - 1.6 * (temp - 20) + rng.gauss(0, 6)))),
        }
        for k, p in (("pm25", 0.015), ("pm10", 0.03), ("o3", 0.01), ("no2", 0.02), ("temp", 0.003), ("rh", 0.003)):
            if rng.random() < p:
                row[k] = None
        if utc in pm10_gap:
            row["pm10"] = None
        if utc in outage:
            for k in ("pm25", "pm10", "o3", "no2", "temp", "rh"):
                row[k] = None
        rows.append(row)
    return rows


def _write_air(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(
        [
            "Site",
            "AQS ID",
            "Latitude",
            "Longitude",
            "Date Time (UTC)",
            "PM2.5 (ug/m3)",
            "PM10 (ug/m3)",
            "O3 (ppb)",
            "NO2 (ppb)",
            "Temperature (C)",
            "RH (%)",
        ]
    )
    for r in t.air:
        vals = [
            SENTINEL if r[k] is None else (f"{r[k]:.1f}" if isinstance(r[k], float) else str(r[k]))
            for k in ("pm25", "pm10", "o3", "no2", "temp", "rh")
        ]
        w.writerow(
            ["Denver - CAMP", "080310002", "39.751184", "-104.987625", r["utc"].strftime("%Y-%m-%d %H:%M")] + vals
        )
    (d / AQ_FILE).write_bytes(buf.getvalue().encode("utf-8"))


# =================================================================================================
# library: issues by branch and month, April 2023 - March 2024, and a branches sheet
# =================================================================================================

MONTHS = [date(2023, m, 1) for m in range(4, 13)] + [date(2024, m, 1) for m in range(1, 4)]
TEXT_MONTH = date(2024, 1, 1)  # pasted in from another report: numbers stored as text
SEASON = [1.0, 0.97, 0.95, 1.22, 1.30, 0.96, 1.0, 1.02, 0.80, 1.05, 1.0, 1.03]
# (canonical name, issues-sheet spelling, code, type, ward, weekly hours, PCs, annual issues)
BRANCHES = [
    ("Central Library", "Central", "LB01", "Hub", "Castle", 60, 40, 92000),
    ("Northgate", "Northgate", "LB02", "Hub", "Northgate", 48, 18, 41000),
    ("St Mary's", "St. Mary's", "LB03", "Community", "Abbey", 24, 6, 33000),
    ("Hillside & Moorfield", "Hillside and Moorfield", "LB04", "Community", "Moorfield", 30, 8, 21000),
    ("Riverside", "Riverside", "LB05", "Hub", "Riverside", 45, 16, 36000),
    ("Ashby", "Ashby", "LB06", "Community", "Ashby", 28, 6, 15500),
    ("Brook Lane", "Brook Lane", "LB07", "Community", "Brookfield", 22, 4, 11800),
    ("Elmwood", "Elmwood", "LB08", "Community", "Elmwood", 26, 6, 17300),
    ("Kingsway", "Kingsway", "LB09", "Hub", "Kingsway", 44, 14, 33500),
    ("Oakfield", "Oakfield", "LB10", "Community", "Oakfield", 20, 4, 9400),
    ("Park View", "Park View", "LB11", "Community", "Parkside", 25, 5, 14100),
    ("Southbridge", "Southbridge", "LB12", "Hub", "Southbridge", 40, 12, 30200),
    ("Thornton", "Thornton", "LB13", "Community", "Thornton", 18, 3, 7600),
    ("West End", "West End", "LB14", "Community", "Westfield", 32, 8, 19800),
    ("Mobile Library", "Mobile Library", "LB15", "Mobile", "(all wards)", 27, 0, 6200),
]
CLOSED = {"Elmwood": [date(2023, 5, 1), date(2023, 6, 1)]}  # refurbishment


def _build_library(rng: random.Random):
    branches, issues = [], {}
    for name, spelled, code, typ, ward, hours, pcs, annual in BRANCHES:
        branches.append(
            {"name": name, "spelled": spelled, "code": code, "type": typ, "ward": ward, "hours": hours, "pcs": pcs}
        )
        trend = rng.uniform(-0.08, 0.10)
        per = {}
        for i, m in enumerate(MONTHS):
            if m in CLOSED.get(name, []):
                per[m] = 0
                continue
            bump = 1.35 if name in CLOSED and i > 2 and i < 6 else 1.0  # reopened: new stock
            per[m] = round(annual / 12 * SEASON[i] * (1 + trend * i / 11) * bump * rng.uniform(0.93, 1.07))
        issues[name] = per
    return branches, issues, {k: list(v) for k, v in CLOSED.items()}


def _fixed_zip(path: Path) -> None:
    """Rewrite the xlsx zip with fixed entry timestamps, so the same seed gives the same bytes."""
    with zipfile.ZipFile(path) as z:
        entries = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for fname, blob in entries:
            if fname == "docProps/core.xml":  # openpyxl stamps "modified" with the time of saving
                blob = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2024-04-18T09:30:00Z", blob)
            info = zipfile.ZipInfo(fname, date_time=(2024, 4, 18, 9, 30, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, blob)


def _write_library(t: Truth, d: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = "Issues by branch"
    ws.append(["Library issues by branch and month, April 2023 to March 2024"])
    ws["A1"].font = Font(bold=True, size=14)
    ws.append(["Source: library management system. Issues include renewals. Mobile library counts all stops."])
    ws.append([])
    ws.append(["Branch"] + [datetime(m.year, m.month, 1) for m in MONTHS] + ["Total"])
    for c in ws[4][1:13]:
        c.number_format = "mmm-yy"
    for b in t.branches:
        per = t.issues[b["name"]]
        row = [b["spelled"]]
        for m in MONTHS:
            if m in t.closed.get(b["name"], []):
                row.append("Closed")
            elif m == TEXT_MONTH:
                row.append(f"{per[m]:,}")
            else:
                row.append(per[m])
        row.append(sum(per.values()))
        ws.append(row)
    ws.append(
        ["Total"]
        + [sum(t.issues[b["name"]][m] for b in t.branches) for m in MONTHS]
        + [sum(sum(v.values()) for v in t.issues.values())]
    )
    ws.append([])
    ws.append(["Figures for Mar-24 are provisional."])
    bs = wb.create_sheet("Branches")
    bs.append(["Code", "Branch", "Type", "Ward", "Weekly opening hours", "Public PCs"])
    for b in sorted(t.branches, key=lambda b: b["code"]):
        bs.append([b["code"], b["name"], b["type"], b["ward"], b["hours"], b["pcs"]])
    fixed = datetime(2024, 4, 18, 9, 30, 0)
    wb.properties.creator = "Library Services"
    wb.properties.created = fixed
    wb.properties.modified = fixed
    wb.properties.lastModifiedBy = "Library Services"
    path = d / LIB_FILE
    wb.save(path)
    _fixed_zip(path)


# =================================================================================================
# shop: SQLite database of a small online tea shop, January 2023 - June 2024
# =================================================================================================

MIGRATION = datetime(2023, 7, 1)  # orders imported from the old platform keep its dd/mm/yyyy HH:MM dates
PRICE_RISE = datetime(2024, 1, 1)
PRODUCTS = [  # name, category, price in pence (2023), weight
    ("English Breakfast 250g", "Tea", 650, 3.0),
    ("Earl Grey 250g", "Tea", 695, 2.6),
    ("Darjeeling First Flush 100g", "Tea", 1250, 1.0),
    ("Assam Gold 250g", "Tea", 725, 1.6),
    ("Sencha 100g", "Tea", 895, 1.2),
    ("Jasmine Pearls 50g", "Tea", 1150, 0.8),
    ("Lapsang Souchong 100g", "Tea", 795, 0.6),
    ("Chamomile 50g", "Tea", 450, 1.1),
    ("Peppermint 50g", "Tea", 425, 1.3),
    ("Rooibos 100g", "Tea", 495, 1.0),
    ("Masala Chai 250g", "Tea", 760, 1.4),
    ("Oolong Tie Guan Yin 100g", "Tea", 1395, 0.5),
    ("House Espresso Beans 1kg", "Coffee", 2400, 1.5),
    ("Colombian Filter 250g", "Coffee", 850, 1.8),
    ("Ethiopian Yirgacheffe 250g", "Coffee", 1095, 1.2),
    ("Decaf Swiss Water 250g", "Coffee", 895, 0.7),
    ("Cold Brew Bags x10", "Coffee", 995, 0.6),
    ("Brazil Santos 1kg", "Coffee", 2150, 0.8),
    ("Glass Teapot 800ml", "Teaware", 2495, 0.6),
    ("Cast Iron Teapot", "Teaware", 4495, 0.25),
    ("Infuser Mug", "Teaware", 1450, 0.7),
    ("Porcelain Cup & Saucer", "Teaware", 1250, 0.4),
    ("Gaiwan Set", "Teaware", 3295, 0.2),
    ("Tea Caddy 250g", "Teaware", 895, 0.5),
    ("Afternoon Tea Gift Box", "Gift sets", 3495, 0.5),
    ("Coffee Lover's Hamper", "Gift sets", 5995, 0.25),
    ("Tea Discovery Set", "Gift sets", 2250, 0.6),
    ("Advent Calendar of Tea", "Gift sets", 2995, 0.3),
    ("Stainless Infuser", "Accessories", 395, 1.0),
    ("Paper Filters x100", "Accessories", 350, 0.8),
    ("Milk Frother", "Accessories", 1995, 0.3),
    ("Digital Scale", "Accessories", 2195, 0.2),
    ("Gooseneck Kettle", "Accessories", 5495, 0.2),
    ("Bamboo Tea Scoop", "Accessories", 295, 0.5),
]
FIRST = [
    "Olivia",
    "Amelia",
    "Isla",
    "Ava",
    "Emily",
    "Sophia",
    "Grace",
    "Mia",
    "Poppy",
    "Ella",
    "Jack",
    "Oliver",
    "Harry",
    "George",
    "Noah",
    "Charlie",
    "Jacob",
    "Alfie",
    "Freddie",
    "Oscar",
    "Siobhan",
    "Aoife",
    "Ciara",
    "Niamh",
    "Sean",
    "Liam",
    "Conor",
    "Priya",
    "Arjun",
    "Fatima",
    "Mohammed",
    "Zara",
    "Tom",
    "Lucy",
    "Hannah",
]
LAST = [
    "Smith",
    "Jones",
    "Taylor",
    "Brown",
    "Williams",
    "Wilson",
    "Johnson",
    "Davies",
    "Patel",
    "Robinson",
    "Wright",
    "Thompson",
    "Evans",
    "Walker",
    "White",
    "Roberts",
    "Green",
    "Hall",
    "Wood",
    "Jackson",
    "Clarke",
    "Murphy",
    "Kelly",
    "O'Brien",
    "Byrne",
    "Ryan",
    "Walsh",
    "Khan",
    "Ali",
    "Hughes",
    "Edwards",
    "Lewis",
]
DOMAINS = ["gmail.com", "hotmail.co.uk", "outlook.com", "yahoo.co.uk", "btinternet.com", "icloud.com", "eircom.net"]
COUNTRIES = [("United Kingdom", 0.84), ("Ireland", 0.09), ("France", 0.03), ("Germany", 0.02), ("Netherlands", 0.02)]
MONTH_WEIGHT = {1: 0.8, 2: 0.8, 3: 0.95, 4: 0.9, 5: 0.9, 6: 0.85, 7: 0.8, 8: 0.8, 9: 0.95, 10: 1.1, 11: 1.5, 12: 1.9}
N_PEOPLE = 640


def _build_shop(rng: random.Random):
    products = []
    for i, (name, cat, price, w) in enumerate(PRODUCTS, start=1):
        products.append(
            {
                "product_id": i,
                "sku": f"{cat[:3].upper()}-{1000 + i * 7}",
                "name": name,
                "category": cat,
                "price_2023": price,
                "price": round(price * 1.08 / 5) * 5,
                "weight": w,
                "active": 0 if name in ("Lapsang Souchong 100g", "Digital Scale") else 1,
            }
        )
    people, seen = [], set()
    while len(people) < N_PEOPLE:
        first, last = rng.choice(FIRST), rng.choice(LAST)
        email = f"{first}.{last}{rng.choice(['', '', str(rng.randint(1, 99))])}@{rng.choice(DOMAINS)}".lower().replace(
            "'", ""
        )
        if email in seen:
            continue
        seen.add(email)
        country = rng.choices([c for c, _ in COUNTRIES], weights=[w for _, w in COUNTRIES])[0]
        people.append(
            {
                "email": email,
                "first": first,
                "last": last,
                "country": country,
                "n_orders": min(9, max(0, int(rng.expovariate(0.55)))) + (0 if rng.random() < 0.07 else 1),
            }
        )
    customers, orders, items = [], [], []
    days = [date(2023, 1, 1) + timedelta(days=k) for k in range((date(2024, 7, 1) - date(2023, 1, 1)).days)]
    day_w = [
        MONTH_WEIGHT[x.month] * (1.15 if x.year == 2024 else 1.0) * (1.3 if x.weekday() == 6 else 1.0) for x in days
    ]

    def new_customer(p, when, spelled):
        cid = len(customers) + 1
        customers.append(
            {
                "customer_id": cid,
                "email": spelled,
                "first_name": p["first"],
                "last_name": p["last"],
                "country": p["country"],
                "created_at": when,
                "person": p["email"],
            }
        )
        return cid

    pending = []
    for p in people:
        when = sorted(rng.choices(days, weights=day_w, k=p["n_orders"])) if p["n_orders"] else []
        signup = datetime.combine(when[0] if when else rng.choice(days), datetime.min.time()) + timedelta(
            minutes=rng.randint(360, 1380)
        )
        account = None
        guest_only = rng.random() < 0.3
        if not guest_only or not when:
            account = new_customer(p, signup, p["email"])
        for k, dd in enumerate(when):
            at = datetime.combine(dd, datetime.min.time()) + timedelta(minutes=rng.randint(360, 1400))
            if account is None or (k > 0 and rng.random() < 0.2):
                # guest checkout: a new customer row, the email as typed that time
                typed = p["email"]
                r = rng.random()
                if r < 0.35:
                    typed = typed[0].upper() + typed[1:]
                elif r < 0.5:
                    typed = p["first"] + "." + typed.split(".", 1)[1]
                elif r < 0.6:
                    typed = typed.upper()
                cid = new_customer(p, at - timedelta(seconds=40), typed)
            else:
                cid = account
            pending.append((at, cid, p))
    pending.sort(key=lambda x: x[0])
    for oid, (at, cid, p) in enumerate(pending, start=1001):
        r = rng.random()
        status = "completed" if r < 0.87 else ("cancelled" if r < 0.95 else "refunded")
        n_lines = rng.choices([1, 2, 3, 4], weights=[5, 3, 1.5, 0.7])[0]
        gift_boost = 4.0 if at.month in (11, 12) else 1.0
        weights = [x["weight"] * (gift_boost if x["category"] == "Gift sets" else 1.0) for x in products]
        chosen = []
        while len(chosen) < n_lines:
            pr = rng.choices(products, weights=weights)[0]
            if pr["product_id"] not in chosen:
                chosen.append(pr["product_id"])
        subtotal = 0
        for pid in chosen:
            pr = products[pid - 1]
            qty = rng.choices([1, 2, 3, 4], weights=[8, 2.5, 0.8, 0.3])[0]
            unit = pr["price"] if at >= PRICE_RISE else pr["price_2023"]
            items.append({"order_id": oid, "product_id": pid, "quantity": qty, "unit_price_pence": unit})
            subtotal += qty * unit
        country = p["country"]
        shipping = (
            0 if country == "United Kingdom" and subtotal >= 3000 else (395 if country == "United Kingdom" else 995)
        )
        orders.append({"order_id": oid, "customer_id": cid, "at": at, "status": status, "shipping_pence": shipping})
    for k, it in enumerate(items, start=1):
        it["order_item_id"] = k
    return customers, products, orders, items


def _shop_date(at: datetime) -> str:
    return at.strftime("%d/%m/%Y %H:%M") if at < MIGRATION else at.strftime("%Y-%m-%d %H:%M:%S")


def _write_shop(t: Truth, d: Path) -> None:
    path = d / SHOP_FILE
    if path.exists():
        path.unlink()
    con = sqlite3.connect(path)
    con.executescript("""
        CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, email TEXT NOT NULL, first_name TEXT,
            last_name TEXT, country TEXT, created_at TEXT);
        CREATE TABLE products (product_id INTEGER PRIMARY KEY, sku TEXT UNIQUE, name TEXT, category TEXT,
            price_pence INTEGER, active INTEGER);
        CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(customer_id),
            order_date TEXT, status TEXT, shipping_pence INTEGER);
        CREATE TABLE order_items (order_item_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(order_id),
            product_id INTEGER REFERENCES products(product_id), quantity INTEGER, unit_price_pence INTEGER);
    """)
    con.executemany(
        "INSERT INTO customers VALUES (?,?,?,?,?,?)",
        [
            (c["customer_id"], c["email"], c["first_name"], c["last_name"], c["country"], _shop_date(c["created_at"]))
            for c in t.customers
        ],
    )
    con.executemany(
        "INSERT INTO products VALUES (?,?,?,?,?,?)",
        [(p["product_id"], p["sku"], p["name"], p["category"], p["price"], p["active"]) for p in t.products],
    )
    con.executemany(
        "INSERT INTO orders VALUES (?,?,?,?,?)",
        [(o["order_id"], o["customer_id"], _shop_date(o["at"]), o["status"], o["shipping_pence"]) for o in t.orders],
    )
    con.executemany(
        "INSERT INTO order_items VALUES (?,?,?,?,?)",
        [(i["order_item_id"], i["order_id"], i["product_id"], i["quantity"], i["unit_price_pence"]) for i in t.items],
    )
    con.commit()
    con.close()


# =================================================================================================


def truth() -> Truth:
    stations, rides = _build_bike(_rng("bike"))
    branches, issues, closed = _build_library(_rng("library"))
    customers, products, orders, items = _build_shop(_rng("shop"))
    return Truth(
        stations=stations,
        rides=rides,
        air=_build_air(_rng("air")),
        branches=branches,
        issues=issues,
        closed=closed,
        customers=customers,
        products=products,
        orders=orders,
        items=items,
    )


def write_files(d) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_bike(t, d)
    _write_air(t, d)
    _write_library(t, d)
    _write_shop(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python data.py DIR")
    for p in write_files(sys.argv[1]):
        print(p, p.stat().st_size)
