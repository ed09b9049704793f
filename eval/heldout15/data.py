"""The fifteenth held-out set's data: clean records built from a fixed seed, rendered the way real
public data exports look.

Four topics, each modelled on a real kind of export:

* quakes      -- a USGS earthquake catalogue search (FDSN event web service) for California and
                 Nevada, downloaded as GeoJSON (`usgs_quakes_ca_nv_2023-10_2024-03.geojson`): epoch
                 millisecond UTC times, depth as the third coordinate, quarry blasts and explosions
                 among the earthquakes, place texts such as `6 km NW of The Geysers, CA`;
* fx          -- the ECB's euro foreign exchange reference rates history (`eurofxref-hist.csv`):
                 newest first, one column per currency including long-gone ones, `N/A`, a trailing
                 comma on every line, TARGET business days only;
* collisions  -- the Department for Transport's road safety open data, collision table, for the
                 Yorkshire and the Humber police forces (`dft-road-casualty-statistics-collision-2023.csv`)
                 with its data guide workbook (`dft-road-casualty-statistics-data-guide-2023.xlsx`):
                 coded columns, `-1` for missing, day-first dates, day of week coded from Sunday;
* tourism     -- a Eurostat bulk download of monthly nights spent at tourist accommodation
                 (`estat_tour_occ_nim.tsv`): the SDMX-TSV layout with comma-joined dimensions in the
                 first column, one column per month, `:` for missing and flags after the numbers
                 (`123456 p`), EU and euro-area aggregates among the countries.

`truth()` builds the clean records with the standard library only (one random stream per topic);
every random choice is made there, so rendering is deterministic and the same seed gives the same
bytes. `write_files(dir)` renders the files (openpyxl for the workbook). `python data.py DIR`
writes them.
"""

from __future__ import annotations

import csv
import io
import json
import math
import random
import re
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

SEED = 15_310_522

EQ_FILE = "usgs_quakes_ca_nv_2023-10_2024-03.geojson"
FX_FILE = "eurofxref-hist.csv"
COL_FILE = "dft-road-casualty-statistics-collision-2023.csv"
GUIDE_FILE = "dft-road-casualty-statistics-data-guide-2023.xlsx"
TOU_FILE = "estat_tour_occ_nim.tsv"
FILES = [EQ_FILE, FX_FILE, COL_FILE, GUIDE_FILE, TOU_FILE]

PACIFIC = ZoneInfo("America/Los_Angeles")
UTC = timezone.utc


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}:{topic}")


@dataclass
class Truth:
    events: list[dict]  # one per catalogue event, oldest first
    fx_days: list[date]  # TARGET business days, oldest first
    fx: dict[str, dict[date, float]]  # currency -> day -> rate as published (units per euro)
    collisions: list[dict]  # one per collision, file order
    nights: dict[tuple, dict[str, int | None]]  # (c_resid, nace, geo) -> 'YYYY-MM' -> nights (None: ':')
    flags: dict[tuple, dict[str, str]]  # (c_resid, nace, geo) -> 'YYYY-MM' -> flag letter


# =================================================================================================
# quakes: USGS catalogue search, 1 October 2023 - 31 March 2024 (UTC), 32-42 N, 125-114 W, M >= 1
# =================================================================================================

EQ_START = datetime(2023, 10, 1, tzinfo=UTC)
EQ_END = datetime(2024, 4, 1, tzinfo=UTC)
# (town, state as the place text writes it, lat, lon, spread km, events a day, depth mean, depth sd,
#  network, magnitude type, magnitude of completeness)
SOURCES = [
    ("The Geysers", "CA", 38.79, -122.76, 2.5, 2.4, 2.2, 0.9, "nc", "md", 1.0),
    ("Cobb", "CA", 38.83, -122.72, 2.5, 0.45, 2.8, 1.0, "nc", "md", 1.0),
    ("Petrolia", "CA", 40.33, -124.29, 14, 0.35, 18.0, 7.0, "nc", "md", 1.3),
    ("Parkfield", "CA", 35.90, -120.43, 6, 0.35, 8.0, 3.0, "nc", "md", 1.0),
    ("Mammoth Lakes", "CA", 37.65, -118.97, 8, 0.6, 6.0, 3.0, "nc", "md", 1.0),
    ("Nevada City", "CA", 39.26, -121.02, 10, 0.13, 9.0, 4.0, "nc", "md", 1.1),
    ("Ridgecrest", "CA", 35.62, -117.67, 12, 1.5, 6.5, 3.0, "ci", "ml", 1.0),
    ("Trona", "CA", 35.76, -117.37, 8, 0.35, 5.5, 3.0, "ci", "ml", 1.0),
    ("Ocotillo Wells", "CA", 33.14, -116.13, 8, 0.7, 9.0, 3.5, "ci", "ml", 1.0),
    ("Borrego Springs", "CA", 33.26, -116.37, 8, 0.5, 10.0, 3.5, "ci", "ml", 1.0),
    ("Mina", "Nevada", 38.39, -118.11, 12, 0.7, 7.0, 3.0, "nn", "ml", 1.0),
    ("Dayton", "Nevada", 39.24, -119.59, 8, 0.2, 6.0, 3.0, "nn", "ml", 1.0),
    ("Tonopah", "Nevada", 38.07, -117.23, 15, 0.25, 5.0, 3.0, "nn", "ml", 1.0),
    ("Delta", "B.C., MX", 32.36, -115.19, 15, 0.5, 8.0, 4.0, "ci", "ml", 1.3),
]  # fmt: skip
# regions the catalogue names without a town: (place, lat, lon, spread km, a day, depth, sd, net, type, Mc)
REGIONS = [
    ("offshore Northern California", 40.4, -125.0, 40, 0.2, 12.0, 6.0, "nc", "md", 1.8),
    ("central Nevada", 39.0, -116.8, 40, 0.15, 8.0, 4.0, "nn", "ml", 1.2),
]  # fmt: skip
QUARRIES = [("Lucerne Valley", 34.44, -116.97, 0.35), ("Corona", 33.85, -117.55, 0.25), ("Mojave", 35.05, -118.17, 0.2)]
DEPOT = ("Hawthorne", 38.52, -118.62)  # an army depot: explosions, type "explosion"
MAINSHOCK_LOCAL = datetime(2024, 2, 8, 16, 10, 27, tzinfo=PACIFIC)  # 00:10 UTC on 9 February
AFTERSHOCKS = 180
COMPASS = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]


def _place(lat: float, lon: float, town: str, state: str, tlat: float, tlon: float) -> str:
    dy = (lat - tlat) * 111.2
    dx = (lon - tlon) * 111.2 * math.cos(math.radians(tlat))
    dist = max(1, round(math.hypot(dx, dy)))
    bearing = math.degrees(math.atan2(dx, dy)) % 360
    return f"{dist} km {COMPASS[round(bearing / 22.5) % 16]} of {town}, {state}"


def _offset(rng: random.Random, lat: float, lon: float, km: float) -> tuple[float, float]:
    return (
        round(lat + rng.gauss(0, km) / 111.2, 4),
        round(lon + rng.gauss(0, km) / (111.2 * math.cos(math.radians(lat))), 4),
    )


def _magnitude(rng: random.Random, net: str, mc: float) -> float:
    m = mc + rng.expovariate(math.log(10))
    while m > 4.6:  # no large background event in the half year: the M5.1 below is the largest
        m = mc + rng.expovariate(math.log(10))
    return round(m, 1) if net == "nn" else round(m, 2)


def _depth(rng: random.Random, net: str, mean: float, sd: float) -> float:
    z = rng.gauss(mean, sd)
    if mean > 3:
        z = abs(z)  # only the shallow geothermal field has events above sea level
    return round(z, 1) if net == "nn" else round(z, 2)


def _build_quakes(rng: random.Random) -> list[dict]:
    ev = []
    span_days = (EQ_END - EQ_START).total_seconds() / 86400

    def poisson_times(per_day: float) -> list[datetime]:
        out, t = [], rng.expovariate(per_day)
        while t < span_days:
            out.append(EQ_START + timedelta(days=t))
            t += rng.expovariate(per_day)
        return out

    for town, state, lat, lon, km, per_day, dmean, dsd, net, mtype, mc in SOURCES:
        for ts in poisson_times(per_day):
            la, lo = _offset(rng, lat, lon, km)
            ev.append({"time": ts, "lat": la, "lon": lo, "depth": _depth(rng, net, dmean, dsd)}
                      | {"mag": _magnitude(rng, net, mc), "net": net, "magType": mtype, "type": "earthquake"}
                      | {"place": _place(la, lo, town, state, lat, lon)})  # fmt: skip
    for place, lat, lon, km, per_day, dmean, dsd, net, mtype, mc in REGIONS:
        for ts in poisson_times(per_day):
            la, lo = _offset(rng, lat, lon, km)
            ev.append({"time": ts, "lat": la, "lon": lo, "depth": _depth(rng, net, dmean, dsd)}
                      | {"mag": _magnitude(rng, net, mc), "net": net, "magType": mtype, "type": "earthquake"}
                      | {"place": place})  # fmt: skip
    # a M5.1 off Cape Mendocino late on a Thursday afternoon, and its aftershocks
    main = MAINSHOCK_LOCAL.astimezone(UTC)
    plat, plon = 40.33, -124.29
    mlat, mlon = plat + 0.01, round(plon - 15 / (111.2 * math.cos(math.radians(plat))), 4)
    ev.append({"time": main, "lat": mlat, "lon": mlon, "depth": 19.84, "mag": 5.1, "net": "nc"}
              | {"magType": "mww", "type": "earthquake", "place": _place(mlat, mlon, "Petrolia", "CA", plat, plon)})  # fmt: skip
    c, horizon = 0.05, 240.0  # Omori: rate ~ 1 / (t + c), t in hours, over ten days
    for _ in range(AFTERSHOCKS):
        hours = c * ((horizon / c + 1) ** rng.random() - 1)
        la, lo = _offset(rng, mlat, mlon, 6)
        ev.append({"time": main + timedelta(hours=hours), "lat": la, "lon": lo}
                  | {"depth": _depth(rng, "nc", 20.0, 4.0), "mag": _magnitude(rng, "nc", 1.3), "net": "nc"}
                  | {"magType": "md", "type": "earthquake", "place": _place(la, lo, "Petrolia", "CA", plat, plon)})  # fmt: skip
    # quarry blasts on weekdays in working hours (local), and the depot's explosions
    day = EQ_START.astimezone(PACIFIC).date()
    while day < EQ_END.astimezone(PACIFIC).date():
        if day.weekday() < 5:
            for town, lat, lon, p in QUARRIES:
                if rng.random() < p:
                    minute = rng.randint(10 * 60, 16 * 60 - 1)
                    local = datetime(day.year, day.month, day.day, minute // 60, minute % 60, rng.randint(0, 59),
                                     tzinfo=PACIFIC)  # fmt: skip
                    la, lo = _offset(rng, lat, lon, 1.5)
                    mag = round(max(1.0, rng.gauss(1.65, 0.3)), 2)
                    ev.append({"time": local.astimezone(UTC), "lat": la, "lon": lo}
                              | {"depth": round(rng.gauss(-0.6, 0.3), 2), "mag": mag, "net": "ci", "magType": "ml"}
                              | {"type": "quarry blast", "place": _place(la, lo, town, "CA", lat, lon)})  # fmt: skip
            if rng.random() < 0.15:
                town, lat, lon = DEPOT
                minute = rng.randint(11 * 60, 15 * 60 - 1)
                local = datetime(day.year, day.month, day.day, minute // 60, minute % 60, rng.randint(0, 59),
                                 tzinfo=PACIFIC)  # fmt: skip
                la, lo = _offset(rng, lat, lon, 2)
                ev.append({"time": local.astimezone(UTC), "lat": la, "lon": lo, "depth": 0.0}
                          | {"mag": round(max(1.0, rng.gauss(1.5, 0.3)), 1), "net": "nn", "magType": "ml"}
                          | {"type": "explosion", "place": _place(la, lo, town, "Nevada", lat, lon)})  # fmt: skip
        day += timedelta(days=1)
    ev = [e for e in ev if EQ_START <= e["time"] < EQ_END and e["mag"] >= 1.0]
    for e in ev:  # millisecond precision, as the catalogue has it
        e["time"] = e["time"].replace(microsecond=(e["time"].microsecond // 1000) * 1000)
    ev.sort(key=lambda e: e["time"])
    serial = {"nc": 73_930_000, "ci": 40_560_000, "nn": 860_000}
    for e in ev:
        serial[e["net"]] += rng.randint(1, 9)
        n = serial[e["net"]]
        e["code"] = f"{n}" if e["net"] != "nn" else f"00{n:06d}"
        e["id"] = e["net"] + e["code"]
        if e["mag"] >= 3.5 and e["magType"] in ("md", "ml") and rng.random() < 0.6:
            e["magType"] = "mw"
        recent = e["time"] > EQ_END - timedelta(days=9)
        e["status"] = "automatic" if (rng.random() < (0.7 if recent else 0.004)) else "reviewed"
        e["updated"] = e["time"] + timedelta(minutes=rng.randint(4, 60 * 24 * (2 if recent else 40)))
        e["felt"] = rng.randint(1, 40 * int(e["mag"]) ** 2) if e["mag"] >= 2.5 and rng.random() < 0.7 else None
        e["nst"] = None if e["net"] == "nn" and rng.random() < 0.5 else rng.randint(4, 60)
        e["dmin"] = round(rng.uniform(0.002, 0.4), 5) if e["net"] != "nn" or rng.random() < 0.5 else None
        e["rms"] = round(rng.uniform(0.01, 0.35), 2)
        e["gap"] = rng.randint(25, 300) if e["nst"] else None
    return ev


def _ms(ts: datetime) -> int:
    return int(round(ts.timestamp() * 1000))


def _write_quakes(t: Truth, d: Path) -> None:
    base = "https://earthquake.usgs.gov"
    feats = []
    for e in reversed(t.events):  # the service orders by time, newest first
        kind = "" if e["type"] == "earthquake" else " " + e["type"].title()
        sig = round(e["mag"] ** 2 * 6.2 + (e["felt"] or 0) / 4)
        props = {
            "mag": e["mag"],
            "place": e["place"],
            "time": _ms(e["time"]),
            "updated": _ms(e["updated"]),
            "tz": None,
            "url": f"{base}/earthquakes/eventpage/{e['id']}",
            "detail": f"{base}/fdsnws/event/1/query?eventid={e['id']}&format=geojson",
            "felt": e["felt"],
            "cdi": round(min(6.0, 1 + e["mag"] * 0.8), 1) if e["felt"] else None,
            "mmi": round(min(6.5, e["mag"] * 1.1), 3) if e["mag"] >= 3.5 else None,
            "alert": "green" if e["mag"] >= 5 else None,
            "status": e["status"],
            "tsunami": 0,
            "sig": sig,
            "net": e["net"],
            "code": e["code"],
            "ids": f",{e['id']},",
            "sources": f",{e['net']},",
            "types": ",nearby-cities,origin,phase-data,"
            if e["mag"] < 2.5
            else ",dyfi,nearby-cities,origin,phase-data,",
            "nst": e["nst"],
            "dmin": e["dmin"],
            "rms": e["rms"],
            "gap": e["gap"],
            "magType": e["magType"],
            "type": e["type"],
            "title": f"M {e['mag']:.1f}{kind} - {e['place']}",
        }
        feats.append(
            {"type": "Feature", "properties": props}
            | {"geometry": {"type": "Point", "coordinates": [e["lon"], e["lat"], e["depth"]]}, "id": e["id"]}
        )
    lons = [e["lon"] for e in t.events]
    lats = [e["lat"] for e in t.events]
    deps = [e["depth"] for e in t.events]
    doc = {
        "type": "FeatureCollection",
        "metadata": {
            "generated": 1712046611000,
            "url": f"{base}/fdsnws/event/1/query?format=geojson&starttime=2023-10-01&endtime=2024-04-01"
            "&minlatitude=32&maxlatitude=42&minlongitude=-125&maxlongitude=-114&minmagnitude=1",
            "title": "USGS Earthquakes",
            "status": 200,
            "api": "1.14.1",
            "count": len(feats),
        },
        "features": feats,
        "bbox": [min(lons), min(lats), min(deps), max(lons), max(lats), max(deps)],
    }
    (d / EQ_FILE).write_bytes(json.dumps(doc, separators=(",", ":")).encode("utf-8"))


# =================================================================================================
# fx: ECB euro reference rates, TARGET business days 2 January 2019 - 31 December 2024
# =================================================================================================

# the real file's columns, in its order; the legacy currencies are N/A throughout
FX_COLUMNS = ["USD", "JPY", "BGN", "CYP", "CZK", "DKK", "EEK", "GBP", "HUF", "LTL", "LVL", "MTL", "PLN", "ROL"]
FX_COLUMNS += ["RON", "SEK", "SIT", "SKK", "CHF", "ISK", "NOK", "HRK", "RUB", "TRL", "TRY", "AUD", "BRL", "CAD"]
FX_COLUMNS += ["CNY", "HKD", "IDR", "ILS", "INR", "KRW", "MXN", "MYR", "NZD", "PHP", "SGD", "THB", "ZAR"]
LEGACY = {"CYP", "EEK", "LTL", "LVL", "MTL", "ROL", "SIT", "SKK", "TRL"}
# US dollars per euro, monthly means to aim at (January 2019 ... December 2024)
USD_MONTHLY = [
    1.141, 1.135, 1.130, 1.123, 1.118, 1.129, 1.122, 1.113, 1.100, 1.105, 1.105, 1.111,
    1.110, 1.091, 1.106, 1.086, 1.090, 1.125, 1.146, 1.183, 1.179, 1.177, 1.184, 1.213,
    1.226, 1.210, 1.190, 1.195, 1.215, 1.205, 1.182, 1.177, 1.177, 1.160, 1.141, 1.130,
    1.131, 1.134, 1.101, 1.079, 1.058, 1.057, 1.018, 1.013, 0.991, 0.983, 1.021, 1.059,
    1.077, 1.071, 1.071, 1.097, 1.087, 1.084, 1.106, 1.091, 1.068, 1.056, 1.081, 1.090,
    1.091, 1.079, 1.087, 1.073, 1.081, 1.076, 1.084, 1.101, 1.111, 1.090, 1.063, 1.048,
]  # fmt: skip
# other currencies: units per euro at the start of 2019 ... 2025 (None: not published), decimals
FX_YEARLY = {
    "JPY": ([125.0, 121.0, 126.0, 130.0, 142.0, 157.0, 163.0], 2),
    "BGN": ([1.9558] * 7, 4),
    "CZK": ([25.7, 25.3, 26.3, 24.4, 24.0, 25.0, 25.2], 3),
    "DKK": ([7.464, 7.472, 7.439, 7.441, 7.438, 7.454, 7.458], 4),
    "GBP": ([0.89, 0.85, 0.90, 0.84, 0.885, 0.86, 0.83], 5),
    "HUF": ([320.0, 335.0, 360.0, 358.0, 400.0, 388.0, 412.0], 2),
    "PLN": ([4.29, 4.25, 4.55, 4.56, 4.70, 4.36, 4.27], 4),
    "RON": ([4.67, 4.78, 4.87, 4.94, 4.92, 4.97, 4.975], 4),
    "SEK": ([10.2, 10.5, 10.1, 10.3, 11.2, 11.1, 11.5], 4),
    "CHF": ([1.125, 1.085, 1.08, 1.04, 0.985, 0.935, 0.94], 4),
    "ISK": ([137.0, 137.0, 156.0, 148.0, 150.0, 150.0, 144.0], 2),
    "NOK": ([9.8, 9.8, 10.8, 10.0, 10.9, 11.6, 11.8], 4),
    "HRK": ([7.42, 7.44, 7.55, 7.51, 7.53, 7.53, 7.53], 4),
    "RUB": ([79.0, 69.0, 91.0, 86.0, 117.0, 117.0, 117.0], 4),
    "TRY": ([6.1, 6.65, 9.0, 15.2, 20.0, 34.7, 36.7], 4),
    "AUD": ([1.59, 1.62, 1.59, 1.57, 1.56, 1.61, 1.68], 4),
    "BRL": ([4.3, 4.5, 6.5, 6.3, 5.7, 5.3, 6.4], 4),
    "CAD": ([1.55, 1.46, 1.56, 1.44, 1.44, 1.46, 1.49], 4),
    "IDR": ([16400.0, 15300.0, 17200.0, 16200.0, 16800.0, 16900.0, 16800.0], 2),
    "ILS": ([4.25, 3.85, 3.91, 3.51, 3.80, 3.96, 3.78], 4),
    "INR": ([79.6, 79.0, 89.8, 84.2, 88.9, 90.7, 89.0], 4),
    "KRW": ([1283.0, 1300.0, 1340.0, 1355.0, 1345.0, 1420.0, 1530.0], 2),
    "MXN": ([22.0, 21.0, 24.3, 23.0, 20.7, 18.5, 21.5], 4),
    "MYR": ([4.70, 4.56, 4.90, 4.72, 4.74, 5.07, 4.65], 4),
    "NZD": ([1.69, 1.67, 1.69, 1.66, 1.69, 1.78, 1.85], 4),
    "PHP": ([59.8, 56.6, 59.0, 58.3, 59.0, 61.2, 60.8], 3),
    "SGD": ([1.55, 1.51, 1.62, 1.52, 1.46, 1.46, 1.42], 4),
    "THB": ([36.6, 33.5, 36.8, 37.8, 36.9, 37.5, 35.7], 3),
    "ZAR": ([16.4, 15.8, 18.0, 18.6, 18.6, 20.2, 19.6], 4),
}
CNY_PER_USD = [6.88, 6.96, 6.45, 6.35, 6.95, 7.10, 7.30]  # yearly anchors; CNY and HKD follow the dollar
HRK_LAST = date(2022, 12, 30)  # Croatia joined the euro on 1 January 2023
RUB_LAST = date(2022, 3, 1)  # the ECB suspended the rouble fixing on 2 March 2022


def _easter(year: int) -> date:
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    la = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * la) // 451
    month = (h + la - 7 * m + 114) // 31
    return date(year, month, (h + la - 7 * m + 114) % 31 + 1)


def target_days(first: date, last: date) -> list[date]:
    out, day = [], first
    while day <= last:
        e = _easter(day.year)
        closed = {date(day.year, 1, 1), e - timedelta(days=2), e + timedelta(days=1), date(day.year, 5, 1)}
        closed |= {date(day.year, 12, 25), date(day.year, 12, 26)}
        if day.weekday() < 5 and day not in closed:
            out.append(day)
        day += timedelta(days=1)
    return out


def _interp(anchors: list[tuple[float, float]], x: float) -> float:
    """Linear interpolation in log space between (x, value) anchors, flat beyond the ends."""
    if x <= anchors[0][0]:
        return anchors[0][1]
    for (x0, v0), (x1, v1) in zip(anchors, anchors[1:]):
        if x <= x1:
            w = (x - x0) / (x1 - x0)
            return math.exp(math.log(v0) * (1 - w) + math.log(v1) * w)
    return anchors[-1][1]


def _build_fx(rng: random.Random) -> tuple[list[date], dict[str, dict[date, float]]]:
    days = target_days(date(2019, 1, 2), date(2024, 12, 31))
    t0 = date(2019, 1, 1)

    def x(day: date) -> float:
        return (day - t0).days

    usd_anchor = [(x(date(2019 + k // 12, k % 12 + 1, 15)), v) for k, v in enumerate(USD_MONTHLY)]
    rates: dict[str, dict[date, float]] = {}

    def walk(anchor: list[tuple[float, float]], vol: float, dec: int, pegged: bool = False) -> dict[date, float]:
        out, noise = {}, 0.0
        for day in days:
            noise = 0.93 * noise + rng.gauss(0, vol)
            v = _interp(anchor, x(day)) * (1 if pegged else math.exp(noise))
            out[day] = round(v, dec)
        return out

    rates["USD"] = walk(usd_anchor, 0.0035, 4)
    yearly = [(x(date(2019 + k, 1, 1)), 0) for k in range(7)]
    for cur, (vals, dec) in FX_YEARLY.items():
        anchor = [(xx, v) for (xx, _), v in zip(yearly, vals)]
        rates[cur] = walk(anchor, 0.0 if cur == "BGN" else 0.004, dec, pegged=cur == "BGN")
    cny_anchor = [(xx, v) for (xx, _), v in zip(yearly, CNY_PER_USD)]
    cny, noise = {}, 0.0
    for day in days:
        noise = 0.9 * noise + rng.gauss(0, 0.0015)
        cny[day] = round(rates["USD"][day] * _interp(cny_anchor, x(day)) * math.exp(noise), 4)
    rates["CNY"] = cny
    rates["HKD"] = {day: round(rates["USD"][day] * rng.gauss(7.80, 0.01), 4) for day in days}
    rates["HRK"] = {k: v for k, v in rates["HRK"].items() if k <= HRK_LAST}
    rates["RUB"] = {k: v for k, v in rates["RUB"].items() if k <= RUB_LAST}
    for cur in LEGACY:
        rates[cur] = {}
    return days, rates


def _write_fx(t: Truth, d: Path) -> None:
    dec = {cur: spec[1] for cur, spec in FX_YEARLY.items()} | {"USD": 4, "CNY": 4, "HKD": 4}
    lines = ["Date," + ",".join(FX_COLUMNS) + ","]
    for day in reversed(t.fx_days):  # newest first, as the ECB publishes it
        cells = []
        for cur in FX_COLUMNS:
            v = t.fx[cur].get(day)
            cells.append("N/A" if v is None else f"{v:.{dec[cur]}f}")
        lines.append(f"{day:%Y-%m-%d}," + ",".join(cells) + ",")
    (d / FX_FILE).write_bytes(("\n".join(lines) + "\n").encode("utf-8"))


# =================================================================================================
# collisions: DfT road safety open data, collision table 2023, Yorkshire and the Humber forces
# =================================================================================================

# (ONS code, name, police force, collision weight, rural share, extra serious share, A roads, motorways)
DISTRICTS = [
    ("E08000032", "Bradford", 13, 12, 0.15, 0.0, [650, 647, 6177, 657], [606]),
    ("E08000033", "Calderdale", 13, 4, 0.30, 0.0, [58, 629, 646, 6025], [62]),
    ("E08000034", "Kirklees", 13, 9, 0.25, 0.0, [62, 629, 616, 644], [62]),
    ("E08000035", "Leeds", 13, 17, 0.15, 0.0, [61, 64, 65, 58, 660, 6120], [1, 62, 621]),
    ("E08000036", "Wakefield", 13, 7, 0.25, 0.0, [638, 642, 645, 61], [1, 62]),
    ("E08000016", "Barnsley", 14, 4, 0.35, 0.0, [628, 635, 61, 6133], [1]),
    ("E08000017", "Doncaster", 14, 6, 0.30, 0.0, [638, 630, 18, 614], [18, 180]),
    ("E08000018", "Rotherham", 14, 5, 0.25, 0.0, [630, 631, 633, 57], [1, 18]),
    ("E08000019", "Sheffield", 14, 10, 0.10, 0.0, [61, 57, 625, 6102], [1]),
    ("E06000065", "North Yorkshire", 12, 11, 0.72, 0.0, [1, 64, 59, 170, 19, 684], [1, 62]),
    ("E06000014", "York", 12, 3, 0.20, 0.0, [64, 1079, 19, 59], []),
    ("E06000010", "Kingston upon Hull, City of", 16, 5, 0.02, 0.0, [63, 1079, 165, 1033], []),
    ("E06000011", "East Riding of Yorkshire", 16, 6, 0.66, 0.06, [63, 164, 165, 614, 1079], [62]),
    ("E06000012", "North East Lincolnshire", 16, 3, 0.20, 0.0, [180, 16, 46, 1173], [180]),
    ("E06000013", "North Lincolnshire", 16, 3, 0.50, 0.0, [18, 15, 161, 1077], [18, 180]),
]  # fmt: skip
FORCES = {12: "North Yorkshire", 13: "West Yorkshire", 14: "South Yorkshire", 16: "Humberside"}
COL_MONTH = {1: 0.95, 2: 0.9, 3: 0.95, 4: 0.92, 5: 1.0, 6: 1.05, 7: 1.0, 8: 0.97, 9: 1.03, 10: 1.08, 11: 1.08,
             12: 0.98}  # fmt: skip
COL_WEEKDAY = [0.95, 1.0, 1.02, 1.05, 1.16, 0.9, 0.76]  # Monday ... Sunday
HOURS = [1.2, 0.8, 0.6, 0.5, 0.5, 0.9, 2, 4.5, 6.5, 4.5, 4, 4.5, 5, 5, 5.5, 7.5, 8, 8.5, 6, 4.5, 3.5, 3, 2.4, 1.8]
DAYLIGHT = {1: (8.0, 16.3), 2: (7.3, 17.2), 3: (6.3, 18.0), 4: (6.3, 19.9), 5: (5.3, 20.7), 6: (4.7, 21.4),
            7: (5.0, 21.3), 8: (5.8, 20.5), 9: (6.7, 19.3), 10: (7.5, 18.1), 11: (7.3, 16.4), 12: (8.1, 15.9)}  # fmt: skip
FROST = {1: 0.09, 2: 0.035, 3: 0.025, 4: 0.005, 11: 0.02, 12: 0.045}
SNOW = {1: 0.008, 2: 0.004, 3: 0.01, 12: 0.01}
WET = {1: 0.38, 2: 0.3, 3: 0.4, 4: 0.28, 5: 0.2, 6: 0.15, 7: 0.3, 8: 0.25, 9: 0.22, 10: 0.35, 11: 0.42, 12: 0.4}
COL_COLUMNS = [
    "collision_index", "collision_year", "collision_reference", "location_easting_osgr", "location_northing_osgr",
    "longitude", "latitude", "police_force", "collision_severity", "number_of_vehicles", "number_of_casualties",
    "date", "day_of_week", "time", "local_authority_district", "local_authority_ons_district",
    "local_authority_highway", "first_road_class", "first_road_number", "road_type", "speed_limit",
    "junction_detail", "junction_control", "second_road_class", "second_road_number",
    "pedestrian_crossing_physical_facilities", "light_conditions", "weather_conditions", "road_surface_conditions",
    "special_conditions_at_site", "carriageway_hazards", "urban_or_rural_area",
    "did_police_officer_attend_scene_of_collision", "trunk_road_flag", "lsoa_of_collision_location",
]  # fmt: skip
# approximate centroids (lat, lon) of the districts, for plausible coordinates
CENTROIDS = {
    "Bradford": (53.83, -1.85), "Calderdale": (53.72, -1.95), "Kirklees": (53.63, -1.75), "Leeds": (53.81, -1.54),
    "Wakefield": (53.66, -1.42), "Barnsley": (53.53, -1.52), "Doncaster": (53.53, -1.10), "Rotherham": (53.41, -1.30),
    "Sheffield": (53.39, -1.50), "North Yorkshire": (54.15, -1.45), "York": (53.96, -1.08),
    "Kingston upon Hull, City of": (53.76, -0.34), "East Riding of Yorkshire": (53.88, -0.55),
    "North East Lincolnshire": (53.54, -0.10), "North Lincolnshire": (53.58, -0.60),
}  # fmt: skip


def _pick(rng: random.Random, table: dict) -> object:
    return rng.choices(list(table), weights=list(table.values()))[0]


def _build_collisions(rng: random.Random) -> list[dict]:
    rows = []
    day = date(2023, 1, 1)
    while day.year == 2023:
        n = round(18.6 * COL_MONTH[day.month] * COL_WEEKDAY[day.weekday()] * rng.uniform(0.75, 1.25))
        for _ in range(n):
            code, name, force, _w, rural_share, extra, a_roads, motorways = rng.choices(
                DISTRICTS, weights=[x[3] for x in DISTRICTS]
            )[0]
            rural = rng.random() < rural_share
            hour = rng.choices(range(24), weights=HOURS)[0]
            minute = rng.randint(0, 59)
            self_rep = rng.random() < 0.06
            if self_rep:
                speed = 99
            elif rng.random() < 0.004:
                speed = -1
            elif rural:
                speed = _pick(rng, {60: 50, 40: 12, 30: 15, 50: 8, 70: 15})
            else:
                speed = _pick(rng, {30: 70, 20: 12, 40: 10, 50: 3, 60: 2, 70: 3})
            if speed == 70 and motorways and rng.random() < 0.6:
                road_class, road_no, road_type = 1, rng.choice(motorways), _pick(rng, {3: 85, 7: 15})
            elif speed == 70:
                road_class, road_no, road_type = 3, rng.choice(a_roads), 3
            else:
                road_class = _pick(rng, {3: 45, 4: 12, 5: 10, 6: 33})
                road_no = (
                    rng.choice(a_roads) if road_class == 3 else (rng.randint(6000, 6490) if road_class == 4 else 0)
                )
                road_type = _pick(rng, {6: 70, 3: 10, 1: 10, 2: 5, 7: 2, 9: 3})
            sunrise, sunset = DAYLIGHT[day.month]
            h = hour + minute / 60
            if rng.random() < 0.004:
                light = -1
            elif sunrise <= h < sunset:
                light = 1
            elif rural:
                light = _pick(rng, {6: 65, 4: 25, 7: 7, 5: 3})
            else:
                light = _pick(rng, {4: 80, 5: 4, 7: 8, 6: 8})
            r = rng.random()
            if r < 0.005:
                surface = -1
            elif r < 0.013:
                surface = 9
            elif r < 0.013 + FROST.get(day.month, 0):
                surface = 4
            elif r < 0.013 + FROST.get(day.month, 0) + SNOW.get(day.month, 0):
                surface = 3
            elif rng.random() < 0.001:
                surface = 5
            else:
                surface = 2 if rng.random() < WET[day.month] else 1
            if surface == 3:
                weather = _pick(rng, {3: 80, 6: 10, 1: 10})
            elif surface == 2:
                weather = _pick(rng, {2: 60, 1: 30, 5: 4, 7: 3, 8: 3})
            else:
                weather = _pick(rng, {1: 90, 4: 2, 7: 1, 8: 2, 9: 4, -1: 1})
            dark = light in (4, 5, 6, 7)
            p_fatal = (0.032 if rural else 0.010) * (1.4 if dark else 1.0)
            p_serious = (0.27 if rural else 0.21) + extra
            s = rng.random()
            severity = 1 if s < p_fatal else (2 if s < p_fatal + p_serious else 3)
            if self_rep:
                severity = 3
            vehicles = _pick(rng, {1: 30, 2: 55, 3: 11, 4: 3, 5: 1})
            casualties = _pick(rng, {1: 75, 2: 16, 3: 6, 4: 2, 5: 1}) + (
                1 if severity == 1 and rng.random() < 0.3 else 0
            )
            lat, lon = CENTROIDS[name]
            lat += rng.gauss(0, 0.06 if not rural else 0.15)
            lon += rng.gauss(0, 0.08 if not rural else 0.2)
            junction = -1 if rng.random() < 0.003 else _pick(rng, {0: 40, 3: 30, 1: 8, 6: 8, 2: 2, 8: 4, 9: 6})
            rows.append(
                {"date": day, "hour": hour, "minute": minute, "ons": code, "district": name, "force": force}
                | {"rural": rural, "speed": speed, "road_class": road_class, "road_no": road_no}
                | {"road_type": road_type, "light": light, "weather": weather, "surface": surface}
                | {"severity": severity, "vehicles": vehicles, "casualties": casualties, "self_rep": self_rep}
                | {"lat": round(lat, 6), "lon": round(lon, 6), "junction": junction}
                | {"located": rng.random() > 0.003, "lsoa": f"E0101{rng.randint(0, 9999):04d}"}
                | {"crossing": _pick(rng, {0: 85, 5: 6, 4: 4, 1: 3, 8: 1, -1: 1}), "hazard": _pick(rng, {0: 97, 2: 2, 7: 1})}
                | {"special": _pick(rng, {0: 96, 4: 2, 5: 1, 9: 1})}
            )  # fmt: skip
        day += timedelta(days=1)
    seq: dict[int, int] = {}
    for r in rows:  # each force numbers its collisions in date order
        seq[r["force"]] = seq.get(r["force"], 230_000 + r["force"] * 1_000) + rng.randint(1, 4)
        r["reference"] = f"{r['force']:02d}{seq[r['force']]:07d}"
    rows.sort(key=lambda r: r["reference"])
    return rows


def _osgr(lat: float, lon: float) -> tuple[int, int]:
    """Rough easting/northing for the region (not a real projection; plausible numbers)."""
    return round(400_000 + (lon + 2.0) * 66_000), round(400_000 + (lat - 53.4) * 111_000)


def _write_collisions(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COL_COLUMNS)
    for r in t.collisions:
        if r["located"]:
            east, north = _osgr(r["lat"], r["lon"])
            loc = [east, north, f"{r['lon']:.6f}", f"{r['lat']:.6f}"]
        else:
            loc = ["NULL", "NULL", "NULL", "NULL"]
        weekday = (r["date"].weekday() + 1) % 7 + 1  # 1 = Sunday ... 7 = Saturday
        junction = r["junction"]
        if junction in (0, -1):
            jc, c2, n2 = -1, -1, -1 if junction == -1 else 0
        else:
            jc, c2 = 4 if junction != 1 else 1, 6
            n2 = 0
        attended = 3 if r["self_rep"] else (1 if r["severity"] < 3 or r["vehicles"] > 1 else 2)
        w.writerow(
            [f"2023{r['reference']}", 2023, r["reference"], *loc, r["force"], r["severity"], r["vehicles"]]
            + [r["casualties"], f"{r['date']:%d/%m/%Y}", weekday, f"{r['hour']:02d}:{r['minute']:02d}", -1]
            + [r["ons"], r["ons"], r["road_class"], r["road_no"], r["road_type"], r["speed"], junction, jc, c2, n2]
            + [r["crossing"], r["light"], r["weather"], r["surface"], r["special"], r["hazard"]]
            + [2 if r["rural"] else 1, attended, 1 if r["road_class"] == 1 else 2, r["lsoa"]]
        )
    (d / COL_FILE).write_bytes(buf.getvalue().encode("utf-8"))


GUIDE_CODES = {
    "police_force": [(12, "North Yorkshire"), (13, "West Yorkshire"), (14, "South Yorkshire"), (16, "Humberside")],
    "collision_severity": [(1, "Fatal"), (2, "Serious"), (3, "Slight")],
    "day_of_week": [(1, "Sunday"), (2, "Monday"), (3, "Tuesday"), (4, "Wednesday"), (5, "Thursday"), (6, "Friday"),
                    (7, "Saturday")],
    "first_road_class": [(1, "Motorway"), (2, "A(M)"), (3, "A"), (4, "B"), (5, "C"), (6, "Unclassified")],
    "road_type": [(1, "Roundabout"), (2, "One way street"), (3, "Dual carriageway"), (6, "Single carriageway"),
                  (7, "Slip road"), (9, "Unknown"), (12, "One way street/Slip road"),
                  (-1, "Data missing or out of range")],
    "speed_limit": [(20, "20"), (30, "30"), (40, "40"), (50, "50"), (60, "60"), (70, "70"),
                    (-1, "Data missing or out of range"), (99, "unknown (self reported)")],
    "junction_detail": [(0, "Not at junction or within 20 metres"), (1, "Roundabout"), (2, "Mini-roundabout"),
                        (3, "T or staggered junction"), (6, "Crossroads"), (8, "Private drive or entrance"),
                        (9, "Other junction"), (-1, "Data missing or out of range")],
    "light_conditions": [(1, "Daylight"), (4, "Darkness - lights lit"), (5, "Darkness - lights unlit"),
                         (6, "Darkness - no lighting"), (7, "Darkness - lighting unknown"),
                         (-1, "Data missing or out of range")],
    "weather_conditions": [(1, "Fine no high winds"), (2, "Raining no high winds"), (3, "Snowing no high winds"),
                           (4, "Fine + high winds"), (5, "Raining + high winds"), (6, "Snowing + high winds"),
                           (7, "Fog or mist"), (8, "Other"), (9, "Unknown"), (-1, "Data missing or out of range")],
    "road_surface_conditions": [(1, "Dry"), (2, "Wet or damp"), (3, "Snow"), (4, "Frost or ice"),
                                (5, "Flood over 3cm. deep"), (9, "unknown (self reported)"),
                                (-1, "Data missing or out of range")],
    "urban_or_rural_area": [(1, "Urban"), (2, "Rural"), (3, "Unallocated"), (-1, "Data missing or out of range")],
    "did_police_officer_attend_scene_of_collision": [
        (1, "Yes"), (2, "No"), (3, "No - collision was reported using a self completion  form (self rep only)"),
        (-1, "Data missing or out of range")],
    "trunk_road_flag": [(1, "Trunk (Roads managed by Highways England)"), (2, "Non-trunk"),
                        (-1, "Data missing or out of range")],
}  # fmt: skip
GUIDE_FORMATS = {"date": "DD/MM/YYYY", "time": "HH:MM", "collision_index": "YYYY + collision_reference"}


def _fixed_zip(path: Path) -> None:
    """Rewrite the xlsx zip with fixed entry timestamps, so the same seed gives the same bytes."""
    with zipfile.ZipFile(path) as z:
        entries = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for fname, blob in entries:
            if fname == "docProps/core.xml":  # openpyxl stamps "modified" with the time of saving
                blob = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2024-09-26T09:30:00Z", blob)
            info = zipfile.ZipInfo(fname, date_time=(2024, 9, 26, 9, 30, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, blob)


def _write_guide(d: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    intro = wb.active
    intro.title = "Introduction"
    for line in [
        "Road Safety Open Data: data guide 2023",
        "",
        "This workbook explains the codes used in the road safety open data files (collision, vehicle and "
        "casualty tables).",
        "The data guide is on the sheet 2023_Data_Guide: one row per code of each coded field.",
        "A code of -1 means 'Data missing or out of range'.",
        "Since 2023 collisions reported by the public online (self completion) are included; their speed limit "
        "and some other fields are coded as unknown (self reported).",
        "Contact: roadacc.stats@dft.gov.uk",
    ]:
        intro.append([line])
    intro["A1"].font = Font(bold=True, size=14)
    ws = wb.create_sheet("2023_Data_Guide")
    ws.append(["table", "field name", "code/format", "label", "note"])
    for c in ws[1]:
        c.font = Font(bold=True)
    for field in COL_COLUMNS:
        if field in GUIDE_FORMATS:
            ws.append(["collision", field, GUIDE_FORMATS[field], None, None])
        elif field in ("local_authority_ons_district", "local_authority_highway"):
            for code, name, *_ in sorted(DISTRICTS):
                ws.append(["collision", field, code, name, None])
        elif field == "local_authority_district":
            ws.append(["collision", field, -1, "Data missing or out of range", "Not populated since 2019; use "
                       "local_authority_ons_district"])  # fmt: skip
        elif field in GUIDE_CODES:
            for code, label in GUIDE_CODES[field]:
                ws.append(["collision", field, code, label, None])
        else:
            ws.append(["collision", field, None, None, None])
    for table, field, codes in [
        ("vehicle", "vehicle_type", [(1, "Pedal cycle"), (2, "Motorcycle 50cc and under"), (9, "Car"),
                                     (11, "Bus or coach (17 or more pass seats)"), (19, "Van / Goods 3.5 tonnes mgw or under")]),
        ("casualty", "casualty_severity", [(1, "Fatal"), (2, "Serious"), (3, "Slight")]),
        ("casualty", "sex_of_casualty", [(1, "Male"), (2, "Female"), (9, "unknown (self reported)"),
                                         (-1, "Data missing or out of range")]),
    ]:  # fmt: skip
        for code, label in codes:
            ws.append([table, field, code, label, None])
    fixed = datetime(2024, 9, 26, 9, 30, 0)
    wb.properties.creator = "DfT Road Safety Statistics"
    wb.properties.created = fixed
    wb.properties.modified = fixed
    wb.properties.lastModifiedBy = "DfT Road Safety Statistics"
    path = d / GUIDE_FILE
    wb.save(path)
    _fixed_zip(path)


# =================================================================================================
# tourism: Eurostat tour_occ_nim, nights spent, January 2019 - December 2024
# =================================================================================================

# (geo, 2019 nights in millions, foreign share, hotel share, season profile)
COUNTRIES = [
    ("AT", 153, 0.73, 0.62, "alpine"), ("BE", 40, 0.50, 0.55, "city"), ("CZ", 56, 0.50, 0.60, "city"),
    ("DE", 495, 0.18, 0.55, "city"), ("EL", 125, 0.78, 0.80, "sun"), ("ES", 470, 0.64, 0.70, "sun"),
    ("FR", 410, 0.30, 0.50, "sun"), ("HR", 92, 0.92, 0.30, "sun"), ("IT", 440, 0.50, 0.60, "sun"),
    ("NL", 125, 0.45, 0.45, "city"), ("PL", 95, 0.20, 0.55, "city"), ("PT", 77, 0.65, 0.70, "sun"),
]  # fmt: skip
EURO_AREA = {"AT", "BE", "DE", "EL", "ES", "FR", "HR", "IT", "NL", "PT"}
SEASON = {
    "sun": [0.25, 0.28, 0.45, 0.75, 1.1, 1.55, 2.2, 2.45, 1.6, 0.8, 0.3, 0.27],
    "alpine": [1.35, 1.45, 1.1, 0.55, 0.55, 0.95, 1.45, 1.55, 1.0, 0.6, 0.35, 1.1],
    "city": [0.6, 0.65, 0.8, 0.95, 1.05, 1.15, 1.45, 1.5, 1.1, 0.95, 0.75, 0.75],
}
COVID = {  # 2020-03 ... 2021-12: share of normal demand
    "2020-03": 0.5, "2020-04": 0.05, "2020-05": 0.1, "2020-06": 0.35, "2020-07": 0.65, "2020-08": 0.7,
    "2020-09": 0.55, "2020-10": 0.45, "2020-11": 0.2, "2020-12": 0.2, "2021-01": 0.15, "2021-02": 0.15,
    "2021-03": 0.2, "2021-04": 0.2, "2021-05": 0.3, "2021-06": 0.55, "2021-07": 0.8, "2021-08": 0.85,
    "2021-09": 0.75, "2021-10": 0.7, "2021-11": 0.6, "2021-12": 0.5,
}  # fmt: skip
YEAR_LEVEL = {2019: 1.0, 2020: 1.0, 2021: 1.0, 2022: 0.95, 2023: 1.02, 2024: 1.05}
MONTHS = [f"{y}-{m:02d}" for y in range(2019, 2025) for m in range(1, 13)]
EL_MISSING = {"2020-04", "2020-05"}  # Greece did not report during the spring 2020 closure
PROVISIONAL = {f"2024-{m:02d}" for m in range(7, 13)}
NACE = ["I551", "I551-I553"]
RESID = ["DOM", "FOR", "TOTAL"]


def _build_tourism(rng: random.Random) -> tuple[dict, dict]:
    nights: dict[tuple, dict[str, int | None]] = {}
    flags: dict[tuple, dict[str, str]] = {}
    hidden: dict[tuple, dict[str, int]] = {}  # the true values, Greece's unpublished months included
    for geo, millions, foreign, hotel, profile in COUNTRIES:
        growth = {y: rng.uniform(0.96, 1.06) for y in YEAR_LEVEL}
        for month in MONTHS:
            year, m = int(month[:4]), int(month[5:])
            base = millions * 1e6 * SEASON[profile][m - 1] / sum(SEASON[profile]) * YEAR_LEVEL[year] * growth[year]
            cov = COVID.get(month, 1.0)
            dom = base * (1 - foreign) * cov**0.7 * rng.uniform(0.95, 1.05)
            fr = base * foreign * cov**1.3 * rng.uniform(0.95, 1.05)
            h_share = hotel * rng.uniform(0.96, 1.04)
            vals = {("DOM", "I551-I553"): round(dom), ("FOR", "I551-I553"): round(fr)}
            vals[("DOM", "I551")] = round(dom * h_share * rng.uniform(0.97, 1.03))
            vals[("FOR", "I551")] = round(fr * min(0.97, h_share * rng.uniform(1.0, 1.1)))
            for nace in NACE:
                vals[("TOTAL", nace)] = vals[("DOM", nace)] + vals[("FOR", nace)]
            for (resid, nace), v in vals.items():
                key = (resid, nace, geo)
                hidden.setdefault(key, {})[month] = v
                published = None if geo == "EL" and month in EL_MISSING else v
                nights.setdefault(key, {})[month] = published
                f = ""
                if month in PROVISIONAL:
                    f = "p"
                elif month.startswith(("2020", "2021")) and published is not None and rng.random() < 0.04:
                    f = "e"
                if geo == "BE" and nace == "I551" and resid == "DOM" and month in ("2021-01", "2021-02"):
                    nights[key][month], f = None, "c"  # confidential
                flags.setdefault(key, {})[month] = f
    for agg, members, extra in (("EU27_2020", None, 1.18), ("EA20", EURO_AREA, 1.1)):
        for resid in RESID:
            for nace in NACE:
                key = (resid, nace, agg)
                nights[key], flags[key] = {}, {}
                for month in MONTHS:
                    total = sum(hidden[(resid, nace, g)][month] for g, *_ in COUNTRIES if not members or g in members)
                    nights[key][month] = round(total * extra)
                    flags[key][month] = "p" if month in PROVISIONAL else ""
    return nights, flags


def _write_tourism(t: Truth, d: Path) -> None:
    lines = ["freq,c_resid,unit,nace_r2,geo\\TIME_PERIOD\t" + "\t".join(f"{m} " for m in MONTHS)]
    for key in sorted(t.nights):  # Eurostat sorts by the dimension codes: c_resid, nace_r2, geo
        resid, nace, geo = key
        cells = []
        for month in MONTHS:
            v, f = t.nights[key][month], t.flags[key][month]
            cells.append(f": {f}" if v is None else f"{v} {f}")
        lines.append(f"M,{resid},NR,{nace},{geo}\t" + "\t".join(cells))
    (d / TOU_FILE).write_bytes(("\n".join(lines) + "\n").encode("utf-8"))


# =================================================================================================


def truth() -> Truth:
    fx_days, fx = _build_fx(_rng("fx"))
    nights, flags = _build_tourism(_rng("tourism"))
    return Truth(
        events=_build_quakes(_rng("quakes")),
        fx_days=fx_days,
        fx=fx,
        collisions=_build_collisions(_rng("collisions")),
        nights=nights,
        flags=flags,
    )


def write_files(d) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_quakes(t, d)
    _write_fx(t, d)
    _write_collisions(t, d)
    _write_guide(d)
    _write_tourism(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python data.py DIR")
    for p in write_files(sys.argv[1]):
        print(p, p.stat().st_size)
