"""The thirty-ninth held-out set's data: five files on three topics, each imitating a real export or download.

* `46026h2023.txt.gz`: NOAA NDBC standard meteorological ("stdmet") historical data for buoy 46026 (San
  Francisco), cut to October-December 2023: gzip-compressed, whitespace-aligned columns under two `#` header
  lines (the names `#YY MM DD hh mm WDIR WSPD GST WVHT ...`, then the units `#yr mo dy hr mn degT m/s ...`),
  times in UTC, one row every 10 minutes, the wave columns filled only once an hour (`99.00` on the other
  rows), missing values written as `99.0`, `99.00`, `999`, `999.0` or `9999.0` by column, an outage with no
  rows at all, an anemometer failure, wind speeds in m/s.
* `station_table.txt`: NDBC's station table (`data/stations/station_table.txt`), cut to the Pacific: `|`
  separated under a `# STATION_ID | OWNER | TTYPE | ...` comment header and a lone `#` line, the location as
  text (`37.755 N 122.839 W (37&#176;45'18" N 122&#176;50'21" W)`) with hemisphere letters instead of signs
  and an HTML entity for the degree sign.
* `AlexMorgan_glucose_2-1-2024.csv`: a LibreView CSV export of a FreeStyle Libre 2 user for January 2024: a
  `Glucose Data,Generated on,...` line above the 19-column header, one row per record of a `Record Type`
  (0 historic glucose every 15 minutes, 1 scan, 4 insulin, 5 food, 6 note), month-first 12-hour local
  timestamps, rows grouped by device (the reader, then the phone app) and not in time order overall, a week in
  which both the reader and the phone app uploaded the same sensor's historic readings, carbohydrates in grams
  on the reader and in servings on the app.
* `Clarity_Export_Morgan_Alex_2024-02-15_071502.csv`: a Dexcom Clarity CSV export of the same person's first
  two weeks on a Dexcom G6 (1-14 February 2024): `Index`-numbered rows, the first ones patient, device and
  alert-setting rows without a timestamp (the alert rows carry their threshold in the glucose column), then
  EGV (5-minute glucose), insulin and carbs events, glucose readings below 40 written `Low` and above 400
  written `High`.
* `takeout-20240302T101533Z-001.zip`: a Google Takeout archive of Location History (Timeline): one
  Semantic Location History JSON file a month (December 2023 to February 2024) of `timelineObjects`, each a
  `placeVisit` or an `activitySegment`, coordinates as `latitudeE7`/`longitudeE7` integers, UTC timestamps with
  and without milliseconds, the `distance` of a segment sometimes missing (the `waypointPath` still has its
  `distanceMeters`), visits that run over a month's end written in both months' files, nested
  `otherCandidateLocations` and `childVisits`.

Every record is built first with the standard library from a fixed seed (one random stream per topic);
the files are then rendered from those records, so the same seed gives the same bytes. `truth()` returns
the clean records the references are computed from.

    python data.py DIR   # writes the five files into DIR
"""

from __future__ import annotations

import csv
import functools
import gzip
import io
import json
import math
import random
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

SEED = 39_274_519

BUOY_FILE = "46026h2023.txt.gz"
STATION_FILE = "station_table.txt"
LIBRE_FILE = "AlexMorgan_glucose_2-1-2024.csv"
DEXCOM_FILE = "Clarity_Export_Morgan_Alex_2024-02-15_071502.csv"
TAKEOUT_FILE = "takeout-20240302T101533Z-001.zip"
FILES = [BUOY_FILE, STATION_FILE, LIBRE_FILE, DEXCOM_FILE, TAKEOUT_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    buoy: list[dict]  # the stdmet rows in file order (UTC, None where the file writes a missing-value code)
    stations: list[dict]  # the station table rows in file order
    libre: list[dict]  # the LibreView rows in file order
    libre_readings: list[dict]  # the distinct historic readings (ts, value), in time order
    dexcom: list[dict]  # the Clarity event rows (EGV, Insulin, Carbs) in file order
    timeline: list[dict]  # every distinct timeline object, in time order, with the month files it is written to


def haversine_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(a))


# ==================================================================================================
# Ocean buoy: NDBC stdmet historical file (10-minute rows, UTC) and the NDBC station table
# ==================================================================================================

BY_ID = "46026"
BY_START = datetime(2023, 10, 1)
BY_ROWS = 92 * 144  # 1 October to 31 December, every 10 minutes
BY_OUTAGE = (datetime(2023, 11, 14, 3, 20), datetime(2023, 11, 15, 17, 0))  # no rows at all
BY_ANEMOMETER = (datetime(2023, 12, 5, 12, 0), datetime(2023, 12, 6, 6, 10))  # WDIR 999, WSPD/GST 99.0
BY_ATMP_GAP = (datetime(2023, 10, 20, 6, 0), datetime(2023, 10, 22, 18, 0))  # ATMP 999.0
BY_TZ = "America/Los_Angeles"
KNOT_MS = 0.514444
GALE_KT = 34
# (peak in UTC, wind added at the peak in m/s, half-width in hours, wind direction in the storm)
BY_STORMS = [(datetime(2023, 10, 27, 18), 7.0, 6.0, 195), (datetime(2023, 11, 3, 13), 9.5, 8.0, 210),
             (datetime(2023, 11, 27, 9), 8.5, 7.0, 185), (datetime(2023, 12, 19, 3), 13.0, 7.0, 200),
             (datetime(2023, 12, 28, 21), 8.0, 7.0, 220)]  # fmt: skip
BY_COLUMNS = ["WDIR", "WSPD", "GST", "WVHT", "DPD", "APD", "MWD", "PRES", "ATMP", "WTMP", "DEWP", "VIS", "TIDE"]
BY_MISSING = {"WDIR": "999", "WSPD": "99.0", "GST": "99.0", "WVHT": "99.00", "DPD": "99.00", "APD": "99.00",
              "MWD": "999", "PRES": "9999.0", "ATMP": "999.0", "WTMP": "999.0", "DEWP": "999.0", "VIS": "99.0",
              "TIDE": "99.00"}  # fmt: skip


def _in(ts: datetime, span: tuple[datetime, datetime]) -> bool:
    return span[0] <= ts < span[1]


def _build_buoy(rng: random.Random) -> list[dict]:
    rows = []
    a = p = at = wt = sw = dd = 0.0
    d = 300.0
    winds: list[float] = []
    for i in range(BY_ROWS):
        ts = BY_START + timedelta(minutes=10 * i)
        hour = ts.hour + ts.minute / 60
        frac = i / BY_ROWS
        a = 0.993 * a + rng.gauss(0, 0.22)
        p = 0.995 * p + rng.gauss(0, 0.12)
        at = 0.99 * at + rng.gauss(0, 0.08)
        wt = 0.995 * wt + rng.gauss(0, 0.03)
        sw = 0.98 * sw + rng.gauss(0, 0.05)
        dd = 0.99 * dd + rng.gauss(0, 0.1)
        d += 0.02 * (303 - d) + rng.gauss(0, 2.5)
        storm, sdir = 0.0, 0.0
        for peak, extra, width, sd in BY_STORMS:
            x = (ts - peak).total_seconds() / 3600 / width
            if abs(x) < 4 and extra * math.exp(-0.5 * x * x) > storm:
                storm, sdir = extra * math.exp(-0.5 * x * x), sd
        diurnal = math.sin(2 * math.pi * (hour - 17) / 24)
        wspd = round(max(0.3, 6.0 + a + 1.5 * diurnal + storm), 1)
        gst = round(wspd * rng.uniform(1.12, 1.36) + rng.uniform(0, 0.5), 1)
        w = storm / (storm + 2.5)
        wdir = round(d * (1 - w) + sdir * w) % 360 or 360
        winds.append(wspd)
        r = {"ts": ts, "WDIR": wdir, "WSPD": wspd, "GST": gst, "WVHT": None, "DPD": None, "APD": None, "MWD": None,
             "PRES": round(1017.5 + 3 * p - 2.1 * storm, 1),
             "ATMP": round(14.8 - 3.3 * frac + 0.6 * diurnal + at - 0.08 * storm, 1),
             "WTMP": round(15.1 - 3.0 * frac + wt, 1), "VIS": None, "TIDE": None}  # fmt: skip
        r["DEWP"] = round(r["ATMP"] - max(0.3, 2.6 + 2 * dd), 1)
        if ts.minute == 40 and rng.random() > 0.03:
            w3 = sum(winds[-18:]) / len(winds[-18:])
            wind_sea = 0.012 * w3 * w3
            swell = max(0.6, 1.9 + 0.5 * math.sin(2 * math.pi * i / (144 * 9)) + sw + 0.12 * storm)
            r["WVHT"] = round(math.hypot(wind_sea, swell), 2)
            r["DPD"] = round(rng.uniform(11, 17) if swell > wind_sea else rng.uniform(6.5, 10), 2)
            r["APD"] = round(r["DPD"] * rng.uniform(0.55, 0.7), 2)
            r["MWD"] = round(rng.gauss(292, 8)) if swell > wind_sea else wdir
        if _in(ts, BY_ANEMOMETER):
            r["WDIR"] = r["WSPD"] = r["GST"] = None
        if _in(ts, BY_ATMP_GAP):
            r["ATMP"] = r["DEWP"] = None
        if rng.random() < 0.004:
            r["WTMP"] = None
        if rng.random() < 0.02:
            r["DEWP"] = None
        if rng.random() < 0.002:
            r["PRES"] = None
        if _in(ts, BY_OUTAGE) or rng.random() < 0.003:
            continue  # no row: the buoy did not report
        rows.append(r)
    return rows


def buoy_line(r: dict) -> str:
    ts = r["ts"]
    fmt = {"WDIR": "{:3d}", "WSPD": "{:4.1f}", "GST": "{:4.1f}", "WVHT": "{:5.2f}", "DPD": "{:5.2f}",
           "APD": "{:5.2f}", "MWD": "{:3d}", "PRES": "{:6.1f}", "ATMP": "{:5.1f}", "WTMP": "{:5.1f}",
           "DEWP": "{:5.1f}", "VIS": "{:4.1f}", "TIDE": "{:5.2f}"}  # fmt: skip
    widths = {"PRES": 6, "ATMP": 5, "WTMP": 5, "DEWP": 5, "WVHT": 5, "DPD": 5, "APD": 5, "TIDE": 5, "VIS": 4}
    cells = []
    for c in BY_COLUMNS:
        v = r[c]
        cells.append(fmt[c].format(v) if v is not None else BY_MISSING[c].rjust(widths.get(c, len(BY_MISSING[c]))))
    return f"{ts:%Y %m %d %H %M} " + " ".join(cells)


BY_HEADER = ("#YY  MM DD hh mm WDIR WSPD GST  WVHT   DPD   APD MWD   PRES  ATMP  WTMP  DEWP  VIS  TIDE\n"
             "#yr  mo dy hr mn degT m/s  m/s     m   sec   sec degT   hPa  degC  degC  degC  nmi    ft\n")  # fmt: skip


def _write_buoy(t: Truth, d: Path) -> None:
    text = BY_HEADER + "".join(buoy_line(r) + "\n" for r in t.buoy)
    buf = io.BytesIO()
    with gzip.GzipFile(filename="46026h2023.txt", mode="wb", fileobj=buf, mtime=1_707_300_000) as z:
        z.write(text.encode("ascii"))
    (d / BUOY_FILE).write_bytes(buf.getvalue())


# The station table: (id, owner, type, hull, name, payload, lat, lon, time zone); real station IDs and names
# as remembered, positions approximate. Negative latitudes are south, negative longitudes west.
ST_RADIUS_KM = 125
F3 = "3-meter foundation buoy"
DART = "Tsunami (DART II) buoy"
WAVE = "Waverider buoy"
CMAN = "C-MAN Station"
NOS = "Water Level Observation Network"
STATIONS = [
    ("46001", "N", "6-meter NOMAD buoy", "6N", "WESTERN GULF OF ALASKA - 175NM SE of Kodiak, AK", "SCOOP", 56.296, -148.027, "A"),
    ("46002", "N", F3, "3D", "WEST OREGON - 275NM West of Coos Bay, OR", "SCOOP", 42.662, -130.507, "P"),
    ("46005", "N", "6-meter NOMAD buoy", "6N", "WEST WASHINGTON - 300NM West of Aberdeen, WA", "SCOOP", 46.143, -131.079, "P"),
    ("46006", "N", F3, "3D", "SOUTHEAST PAPA - 600NM West of Eureka, CA", "SCOOP", 40.782, -137.397, "P"),
    ("46011", "N", F3, "3D", "SANTA MARIA - 21NM NW of Point Arguello, CA", "SCOOP", 34.937, -120.998, "P"),
    ("46012", "N", F3, "3D", "HALF MOON BAY - 24NM SSW of San Francisco, CA", "SCOOP", 37.356, -122.881, "P"),
    ("46013", "N", F3, "3D", "BODEGA BAY - 48NM NW of San Francisco, CA", "SCOOP", 38.235, -123.317, "P"),
    ("46014", "N", F3, "3D", "PT ARENA - 19NM North of Point Arena, CA", "SCOOP", 39.225, -123.974, "P"),
    ("46015", "N", F3, "3D", "PORT ORFORD - 15 NM West of Port Orford, OR", "SCOOP", 42.764, -124.832, "P"),
    ("46022", "N", F3, "3D", "EEL RIVER - 17NM WSW of Eureka, CA", "SCOOP", 40.716, -124.540, "P"),
    ("46025", "N", F3, "3D", "Santa Monica Basin - 33NM WSW of Santa Monica, CA", "SCOOP", 33.755, -119.045, "P"),
    ("46026", "N", F3, "3D", "SAN FRANCISCO - 18NM West of San Francisco, CA", "SCOOP", 37.755, -122.839, "P"),
    ("46027", "N", F3, "3D", "ST GEORGES - 8 NM NW of Crescent City, CA", "SCOOP", 41.840, -124.382, "P"),
    ("46028", "N", F3, "3D", "CAPE SAN MARTIN - 55NM West NW of Morro Bay, CA", "SCOOP", 35.770, -121.903, "P"),
    ("46029", "N", F3, "3D", "COLUMBIA RIVER BAR - 20NM West of Columbia River Mouth", "SCOOP", 46.163, -124.487, "P"),
    ("46041", "N", F3, "3D", "CAPE ELIZABETH - 45NM NW of Aberdeen, WA", "SCOOP", 47.352, -124.739, "P"),
    ("46042", "N", F3, "3D", "MONTEREY - 27NM WNW of Monterey, CA", "SCOOP", 36.785, -122.396, "P"),
    ("46047", "N", F3, "3D", "TANNER BANK - 121NM West of San Diego, CA", "SCOOP", 32.388, -119.525, "P"),
    ("46050", "N", F3, "3D", "STONEWALL BANK - 20NM West of Newport, OR", "SCOOP", 44.669, -124.546, "P"),
    ("46059", "N", F3, "3D", "WEST CALIFORNIA - 357NM West of San Francisco, CA", "SCOOP", 38.094, -129.951, "P"),
    ("46066", "N", "6-meter NOMAD buoy", "6N", "SOUTH KODIAK - 310NM SSW of Kodiak, AK", "SCOOP", 52.785, -155.047, "A"),
    ("46086", "N", F3, "3D", "SAN CLEMENTE BASIN - 27NM SE of San Clemente Is, CA", "SCOOP", 32.491, -118.034, "P"),
    ("46087", "N", F3, "3D", "Neah Bay - 6 NM North of Cape Flattery, WA", "SCOOP", 48.493, -124.727, "P"),
    ("46089", "N", F3, "3D", "Tillamook, OR - 85 NM WNW of Tillamook, OR", "SCOOP", 45.893, -125.819, "P"),
    ("46092", "MB", "Moored buoy", " ", "MBM1 - Monterey Bay Aquarium Research Institute mooring M1", " ", 36.751, -122.029, "P"),
    ("46211", "SI", WAVE, " ", "Grays Harbor, WA (036)", " ", 46.858, -124.244, "P"),
    ("46213", "SI", WAVE, " ", "Cape Mendocino, CA (094)", " ", 40.294, -124.731, "P"),
    ("46214", "SI", WAVE, " ", "Point Reyes, CA (029)", " ", 37.946, -123.470, "P"),
    ("46221", "SI", WAVE, " ", "Santa Monica Bay, CA (028)", " ", 33.854, -118.633, "P"),
    ("46222", "SI", WAVE, " ", "San Pedro, CA (092)", " ", 33.618, -118.317, "P"),
    ("46225", "SI", WAVE, " ", "Torrey Pines Outer, CA (100)", " ", 32.933, -117.391, "P"),
    ("46229", "SI", WAVE, " ", "UMPQUA OFFSHORE, OR (139)", " ", 43.772, -124.549, "P"),
    ("46236", "SI", WAVE, " ", "Monterey Canyon Outer, CA (156)", " ", 36.761, -121.947, "P"),
    ("46237", "SI", WAVE, " ", "San Francisco Bar, CA (142)", " ", 37.788, -122.634, "P"),
    ("46239", "SI", WAVE, " ", "Point Sur, CA (157)", " ", 36.342, -122.102, "P"),
    ("46240", "SI", WAVE, " ", "Cabrillo Point, Monterey Bay, CA (158)", " ", 36.626, -121.911, "P"),
    ("46243", "SI", WAVE, " ", "Clatsop Spit, OR (162)", " ", 46.216, -124.128, "P"),
    ("46244", "SI", WAVE, " ", "Humboldt Bay, North Spit, CA (168)", " ", 40.896, -124.357, "P"),
    ("46254", "SI", WAVE, " ", "SCRIPPS Nearshore, CA (201)", " ", 32.868, -117.267, "P"),
    ("46269", "SI", WAVE, " ", "Point Santa Cruz, CA (254)", " ", 36.934, -122.034, "P"),
    ("anvc1", "N", CMAN, " ", "Anacapa Island, CA", " ", 34.016, -119.362, "P"),
    ("carO3", "N", CMAN, " ", "Cape Arago, OR", " ", 43.342, -124.375, "P"),
    ("desw1", "N", CMAN, " ", "Destruction Island, WA", " ", 47.675, -124.485, "P"),
    ("nwpo3", "N", CMAN, " ", "Newport, OR", " ", 44.613, -124.067, "P"),
    ("ptac1", "N", CMAN, " ", "Point Arena, CA", " ", 38.956, -123.740, "P"),
    ("ptgc1", "N", CMAN, " ", "Point Arguello, CA", " ", 34.577, -120.648, "P"),
    ("ttiw1", "N", CMAN, " ", "Tatoosh Island, WA", " ", 48.391, -124.735, "P"),
    ("alxc1", "NO", NOS, " ", "9414750 - Alameda, CA", " ", 37.772, -122.300, "P"),
    ("ftpc1", "NO", NOS, " ", "9414290 - San Francisco, CA", " ", 37.806, -122.465, "P"),
    ("mtyc1", "NO", NOS, " ", "9413450 - Monterey, CA", " ", 36.605, -121.888, "P"),
    ("prjc1", "NO", NOS, " ", "9415144 - Port Chicago, CA", " ", 38.056, -122.039, "P"),
    ("pslc1", "NO", NOS, " ", "9412110 - Port San Luis, CA", " ", 35.169, -120.754, "P"),
    ("pxoc1", "NO", NOS, " ", "9414274 - Pier 1, San Francisco, CA", " ", 37.798, -122.393, "P"),
    ("rcmc1", "NO", NOS, " ", "9414863 - Richmond, CA", " ", 37.923, -122.409, "P"),
    ("crtc1", "NO", NOS, " ", "9419750 - Crescent City, CA", " ", 41.745, -124.184, "P"),
    ("32012", "WH", "Moored buoy", " ", "WHOI Stratus mooring - Southeast Pacific", " ", -19.425, -85.078, " "),
    ("32401", "N", DART, "D2", "ARICA - 190 NM West Southwest of Arica, Chile", "DART", -20.473, -73.429, " "),
    ("32411", "N", DART, "D2", "PANAMA - 330 NM Southwest of Panama City, Panama", "DART", 4.923, -90.686, " "),
    ("32413", "N", DART, "D2", "PERU - 690 NM Southwest of Lima, Peru", "DART", -7.403, -93.498, " "),
    ("43412", "N", DART, "D2", "MEXICO - 210 NM Southwest of Manzanillo, Mexico", "DART", 16.061, -106.991, " "),
    ("46402", "N", DART, "D2", "DUTCH HARBOR - 310 NM SSW of Dutch Harbor, AK", "DART", 51.068, -164.000, "A"),
    ("46404", "N", DART, "D2", "WESTERN OREGON - 260 NM West of Astoria, OR", "DART", 45.853, -128.777, "P"),
    ("46407", "N", DART, "D2", "SOUTHERN OREGON - 200 NM West of Coos Bay, OR", "DART", 42.655, -128.807, "P"),
    ("46411", "N", DART, "D2", "MENDOCINO - 150 NM West of Fort Bragg, CA", "DART", 39.329, -127.011, "P"),
    ("46412", "N", DART, "D2", "SAN DIEGO - 180 NM West of San Diego, CA", "DART", 32.458, -120.540, "P"),
    ("51407", "N", DART, "D2", "KONA - 150 NM West of Kona, Hawaii", "DART", 19.566, -156.603, "H"),
    ("51425", "N", DART, "D2", "APIA - 370 NM NW of Apia, Samoa", "DART", -9.505, -176.247, " "),
    ("51426", "N", DART, "D2", "TONGA - 430 NM SSE of Nuku'alofa, Tonga", "DART", -19.238, -168.147, " "),
    ("52402", "N", DART, "D2", "SAIPAN - 500 NM East of Saipan, NMI", "DART", 11.883, 154.167, " "),
    ("52406", "N", DART, "D2", "MANUS - 580 NM NE of Manus Island, PNG", "DART", -5.292, 165.022, " "),
    ("51000", "N", F3, "3D", "NORTHERN HAWAII ONE - 250 NM NE of Hilo, HI", "SCOOP", 23.528, -153.792, "H"),
    ("51001", "N", F3, "3D", "NORTHWESTERN HAWAII ONE - 188 NM NW of Kauai Island, HI", "SCOOP", 24.453, -162.008, "H"),
    ("51002", "N", F3, "3D", "SOUTHWEST HAWAII - 215 NM SSW of Hilo, HI", "SCOOP", 17.037, -157.746, "H"),
    ("51003", "N", F3, "3D", "WESTERN HAWAII - 205 NM SW of Honolulu, HI", "SCOOP", 19.196, -160.639, "H"),
    ("51004", "N", F3, "3D", "SOUTHEAST HAWAII - 205 NM Southeast of Hilo, HI", "SCOOP", 17.538, -152.230, "H"),
    ("51101", "N", F3, "3D", "NORTHWESTERN HAWAII TWO - 186 NM NW of Kauai Is., HI", "SCOOP", 24.359, -162.081, "H"),
]  # fmt: skip
# The TAO array on the equatorial Pacific (latitude, longitude east of Greenwich, west negative)
TAO_LATS = [8, 5, 2, 0, -2, -5, -8]
TAO_LONS = [165, 180, -170, -155, -140, -125, -110, -95]
TAO_MISSING = {(8, -170), (-8, -170), (8, -155), (-8, 180), (5, -125), (-8, -125), (8, -95)}


def _ll_text(lat: float, lon: float) -> str:
    def dms(x: float) -> str:
        s = round(abs(x) * 3600)
        return f"{s // 3600}&#176;{s % 3600 // 60}'{s % 60}\""

    ns, ew = ("N" if lat >= 0 else "S"), ("E" if lon >= 0 else "W")
    return f"{abs(lat):.3f} {ns} {abs(lon):.3f} {ew} ({dms(lat)} {ns} {dms(lon)} {ew})"


def _build_stations(rng: random.Random) -> list[dict]:
    rows = []
    for sid, owner, ttype, hull, name, payload, lat, lon, tz in STATIONS:
        rows.append({"id": sid.lower(), "owner": owner, "ttype": ttype, "hull": hull, "name": name, "payload": payload,
                     "lat": lat, "lon": lon, "tz": tz})  # fmt: skip
    k = 0
    for lat in TAO_LATS:
        for lon in TAO_LONS:
            if (lat, lon) in TAO_MISSING:
                continue
            k += 1
            prefix = "52" if lon in (165, 180) else ("51" if lon in (-170, -155, -140) else "32")
            sid = f"{prefix}{300 + k:03d}"
            lat_t = f"{abs(lat)}{'N' if lat >= 0 else 'S'}"
            lon_t = f"{abs(lon)}{'E' if lon > 0 and lon != 180 else 'W'}" if lon != 180 else "180W"
            rows.append({"id": sid, "owner": "N", "ttype": "Atlas Buoy", "hull": " ", "payload": "TFLEX",
                         "name": f"TAO Array {lat_t} {lon_t}", "tz": " ",
                         "lat": float(lat) + round(rng.uniform(-0.06, 0.06), 3) * (lat != 0),
                         "lon": float(lon if lon != 180 else -180) + round(rng.uniform(-0.08, 0.08), 3)})  # fmt: skip
    for r in rows:
        r["lat"], r["lon"] = round(r["lat"], 3), round(r["lon"], 3)
        r["forecast"] = "FZPN40,PZZ570" if r["tz"] == "P" and r["ttype"] == F3 else ""
        r["note"] = ""
    rows.sort(key=lambda r: r["id"])
    next(r for r in rows if r["id"] == "46239")["note"] = "Station relocated 2022; see station page"
    next(r for r in rows if r["id"] == "32012")["note"] = "Data courtesy of WHOI"
    return rows


def station_line(s: dict) -> str:
    return "|".join([s["id"], s["owner"], s["ttype"], s["hull"], s["name"], s["payload"], _ll_text(s["lat"], s["lon"]),
                     s["tz"], s["forecast"], s["note"]])  # fmt: skip


def _write_stations(t: Truth, d: Path) -> None:
    head = "# STATION_ID | OWNER | TTYPE | HULL | NAME | PAYLOAD | LOCATION | TIMEZONE | FORECAST | NOTE\n#\n"
    (d / STATION_FILE).write_bytes((head + "".join(station_line(s) + "\n" for s in t.stations)).encode("utf-8"))


# ==================================================================================================
# Glucose: a LibreView export (January 2024, FreeStyle Libre 2) and a Dexcom Clarity export (1-14 February)
# ==================================================================================================

CGM_START = datetime(2024, 1, 1)
CGM_END = datetime(2024, 2, 15)
LOW, HIGH = 70, 180  # the target range, mg/dL
VERY_LOW = 54
SERVING_G = 15
SICK = (datetime(2024, 1, 10, 14, 0), datetime(2024, 1, 17, 12, 0))  # a cold: higher glucose
LIBRE_READER = ("FreeStyle Libre 2", "MQGA215-R3702")
LIBRE_APP = ("FreeStyle LibreLink", "8A1F6C2E-3B7D-4E59-9C10-5D2A7F3B6E41")
APP_FIRST_SCAN = datetime(2024, 1, 10, 12, 4)
READER_LAST_SCAN = datetime(2024, 1, 17, 20, 31)
BOTH = (APP_FIRST_SCAN - timedelta(hours=8), READER_LAST_SCAN)  # both devices hold these historic readings
LIBRE_SENSORS = [datetime(2023, 12, 22, 8, 13), datetime(2024, 1, 5, 8, 40), datetime(2024, 1, 19, 7, 55)]
LIBRE_LOST = (datetime(2024, 1, 7, 23, 30), datetime(2024, 1, 8, 3, 10))  # not scanned within 8 hours
DEX_SENSORS = [datetime(2024, 2, 1, 7, 18, 37), datetime(2024, 2, 11, 7, 41, 12)]
DEX_WARMUP = timedelta(hours=2)
LIBRE_COLUMNS = ["Device", "Serial Number", "Device Timestamp", "Record Type", "Historic Glucose mg/dL",
                 "Scan Glucose mg/dL", "Non-numeric Rapid-Acting Insulin", "Rapid-Acting Insulin (units)",
                 "Non-numeric Food", "Carbohydrates (grams)", "Carbohydrates (servings)",
                 "Non-numeric Long-Acting Insulin", "Long-Acting Insulin Value (units)", "Notes",
                 "Strip Glucose mg/dL", "Ketone mmol/L", "Meal Insulin (units)", "Correction Insulin (units)",
                 "User Change Insulin (units)"]  # fmt: skip
DEX_COLUMNS = ["Index", "Timestamp (YYYY-MM-DDThh:mm:ss)", "Event Type", "Event Subtype", "Patient Info",
               "Device Info", "Source Device ID", "Glucose Value (mg/dL)", "Insulin Value (u)", "Carb Value (grams)",
               "Duration (hh:mm:ss)", "Glucose Rate of Change (mg/dL/min)", "Transmitter Time (Long Integer)",
               "Transmitter ID"]  # fmt: skip
NOTES = ["Run, 5 km", "Pizza night", "Felt shaky, had juice", "Sensor itchy", "Long walk with the dog",
         "Cold coming on", "Skipped lunch, meetings", "Birthday cake!", "Gym: legs", "Late dinner, 9:30 pm"]  # fmt: skip


def _bump(x: float, tau: float) -> float:
    """A meal's glucose response shape: 0 at x <= 0, peak 1 at x = tau, decaying after."""
    return 0.0 if x <= 0 else (x / tau) * math.exp(1 - x / tau)


def _build_curve(rng: random.Random) -> tuple[list[float], list[dict]]:
    """The person's true glucose every 5 minutes from CGM_START, and the meals (time, carbs, insulin)."""
    n = int((CGM_END - CGM_START).total_seconds() // 300) + 1
    days = (CGM_END - CGM_START).days + 1
    day_off = [rng.gauss(0, 7) for _ in range(days + 1)]
    g = [0.0] * n
    meals = []
    for k in range(days):
        day = CGM_START + timedelta(days=k)
        for name, (h0, h1), (c0, c1), p in [("breakfast", (6.9, 8.3), (30, 60), 0.95),
                                            ("lunch", (11.8, 13.6), (40, 80), 0.9),
                                            ("snack", (15.0, 16.5), (12, 25), 0.35),
                                            ("dinner", (18.3, 20.2), (50, 100), 0.97)]:  # fmt: skip
            if rng.random() < p:
                t = day + timedelta(minutes=round(rng.uniform(h0, h1) * 60))
                carbs = rng.randint(c0, c1)
                meals.append({"ts": t, "carbs": carbs, "kind": name, "amp": carbs * rng.uniform(0.75, 1.15)})
    lows = []  # (time, the glucose it bottoms out at, half-width in minutes)
    for k in sorted(rng.sample(range(days - 1), 30)):  # at most one low a day
        h = rng.choice([rng.uniform(1.0, 5.0), rng.uniform(15.0, 17.5), rng.uniform(10.0, 11.5)])
        lows.append((CGM_START + timedelta(days=k, hours=h), rng.uniform(50, 66), rng.uniform(28, 50)))
    lows = [x for x in lows if x[0].date() not in (date(2024, 2, 6), date(2024, 2, 12))]
    lows += [(datetime(2024, 2, 6, 3, 5), 24, 40), (datetime(2024, 2, 12, 2, 40), 27, 36)]  # below 40: Low
    spikes = [(datetime(2024, 2, 8, 20, 30), 300, 50)]  # a forgotten dinner bolus
    e = 0.0
    for i in range(n):
        ts = CGM_START + timedelta(minutes=5 * i)
        hour = ts.hour + ts.minute / 60
        k = i // 288
        frac = (i % 288) / 288
        v = 118 + day_off[k] * (1 - frac) + day_off[k + 1] * frac
        v += 18 * math.exp(-0.5 * ((hour - 6.2) / 1.3) ** 2)  # dawn
        if SICK[0] <= ts < SICK[1]:
            v += 30 * min(1.0, (ts - SICK[0]).total_seconds() / 36000, (SICK[1] - ts).total_seconds() / 36000)
        for m in meals:
            x = (ts - m["ts"]).total_seconds() / 60
            if 0 < x < 360:
                v += m["amp"] * _bump(x, 55)
        for st, height, width in spikes:
            x = (ts - st).total_seconds() / 60
            if -60 < x < 6 * width:
                v += height * _bump(x + 60, 2 * width)
        e = 0.9 * e + rng.gauss(0, 2.6)
        g[i] = v + e
    for lt, bottom, width in lows:
        i0 = int((lt - CGM_START).total_seconds() // 300)
        depth = g[i0] - bottom
        for i in range(max(0, i0 - 60), min(n, i0 + 61)):
            g[i] -= depth * math.exp(-0.5 * ((i - i0) * 5 / width) ** 2)
    return g, meals


def _curve_at(g: list[float], ts: datetime) -> float:
    x = (ts - CGM_START).total_seconds() / 300
    i = int(x)
    return g[i] + (g[i + 1] - g[i]) * (x - i)


def _libre_device(ts: datetime, rng: random.Random) -> tuple[str, str]:
    if ts < APP_FIRST_SCAN:
        return LIBRE_READER
    if ts <= READER_LAST_SCAN:
        return LIBRE_READER if rng.random() < 0.5 else LIBRE_APP
    return LIBRE_APP


def _libre_row(dev: tuple[str, str], ts: datetime, rtype: int, **kw) -> dict:
    r = {"device": dev[0], "serial": dev[1], "ts": ts, "rtype": rtype, "hist": None, "scan": None, "nn_rapid": None,
         "rapid": None, "nn_food": None, "carbs_g": None, "carbs_serv": None, "nn_long": None, "long": None,
         "notes": ""}  # fmt: skip
    r.update(kw)
    return r


def _build_libre(rng: random.Random, g: list[float], meals: list[dict]) -> tuple[list[dict], list[dict]]:
    end = datetime(2024, 2, 1)
    readings = []
    for k, start in enumerate(LIBRE_SENSORS):
        stop = LIBRE_SENSORS[k + 1] if k + 1 < len(LIBRE_SENSORS) else end
        bias = rng.uniform(-5, 5)
        ts = start + timedelta(hours=1)
        while ts < stop and ts < end:
            if ts >= CGM_START and not _in(ts, LIBRE_LOST):
                v = round(_curve_at(g, ts) + bias + rng.gauss(0, 2))
                assert 40 <= v <= 400, (ts, v)
                readings.append({"ts": ts, "value": v})
            ts += timedelta(minutes=15)
    rows = []
    for r in readings:
        if r["ts"] < BOTH[1]:
            rows.append(_libre_row(LIBRE_READER, r["ts"], 0, hist=r["value"]))
        if r["ts"] >= BOTH[0]:
            rows.append(_libre_row(LIBRE_APP, r["ts"], 0, hist=r["value"]))
    for k in range(31):
        day = CGM_START + timedelta(days=k)
        for h0, h1, p in [(6.3, 7.4, 0.9), (7.5, 8.0, 0.5), (9.5, 10.5, 0.6), (12.0, 13.0, 0.7), (14.5, 15.5, 0.6),
                          (17.5, 18.5, 0.6), (21.0, 22.0, 0.6), (22.5, 23.6, 0.85)]:  # fmt: skip
            if rng.random() < p:
                ts = day + timedelta(minutes=round(rng.uniform(h0, h1) * 60))
                v = round(_curve_at(g, ts) + rng.gauss(0, 4))
                rows.append(_libre_row(_libre_device(ts, rng), ts, 1, scan=v))
        ts = day + timedelta(hours=22, minutes=rng.randint(0, 25))
        if rng.random() < 0.94:
            dev = LIBRE_READER if ts < APP_FIRST_SCAN else LIBRE_APP
            rows.append(_libre_row(dev, ts, 4, long=rng.choice([18, 18, 18, 20])))
    nn_food = set(rng.sample(range(len(meals)), 8))
    nn_rapid = set(rng.sample(range(len(meals)), 4))
    for i, m in enumerate(meals):
        if m["ts"] >= end or rng.random() < 0.12:
            continue
        dev = LIBRE_READER if m["ts"] < APP_FIRST_SCAN else LIBRE_APP
        ts_i = m["ts"] - timedelta(minutes=rng.randint(5, 15))
        if i in nn_rapid:
            rows.append(_libre_row(dev, ts_i, 4, nn_rapid=1))
        elif m["kind"] != "snack":
            rows.append(_libre_row(dev, ts_i, 4, rapid=round(m["carbs"] / 10 * rng.uniform(0.9, 1.1) * 2) / 2))
        if i in nn_food:
            rows.append(_libre_row(dev, m["ts"], 5, nn_food=1))
        elif dev == LIBRE_READER:
            rows.append(_libre_row(dev, m["ts"], 5, carbs_g=m["carbs"]))
        else:
            rows.append(_libre_row(dev, m["ts"], 5, carbs_serv=max(0.5, round(m["carbs"] / SERVING_G * 2) / 2)))
    for note in NOTES:
        ts = CGM_START + timedelta(days=rng.randint(0, 30), minutes=rng.randint(7 * 60, 22 * 60))
        rows.append(_libre_row(LIBRE_READER if ts < APP_FIRST_SCAN else LIBRE_APP, ts, 6, notes=note))
    order = {LIBRE_READER[0]: 0, LIBRE_APP[0]: 1}
    rows.sort(key=lambda r: (order[r["device"]], r["ts"], r["rtype"]))
    return rows, readings


def _num(x: float | int | None) -> str:
    if x is None:
        return ""
    return str(int(x)) if float(x).is_integer() else f"{x}"


def _write_libre(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(["Glucose Data", "Generated on", "02-01-2024 9:14 AM UTC", "Generated by", "Alex Morgan"])
    w.writerow(LIBRE_COLUMNS)
    for r in t.libre:
        ts = f"{r['ts']:%m-%d-%Y %I:%M %p}"
        w.writerow([r["device"], r["serial"], ts, r["rtype"], _num(r["hist"]), _num(r["scan"]), _num(r["nn_rapid"]),
                    _num(r["rapid"]), _num(r["nn_food"]), _num(r["carbs_g"]), _num(r["carbs_serv"]),
                    _num(r["nn_long"]), _num(r["long"]), r["notes"], "", "", "", "", ""])  # fmt: skip
    (d / LIBRE_FILE).write_bytes(buf.getvalue().encode("utf-8-sig"))


def _build_dexcom(rng: random.Random, g: list[float], meals: list[dict]) -> list[dict]:
    start, end = datetime(2024, 2, 1), CGM_END
    rows = []
    t0 = DEX_SENSORS[0] - timedelta(days=3, minutes=17)  # the transmitter's start
    for k, s in enumerate(DEX_SENSORS):
        stop = DEX_SENSORS[k + 1] if k + 1 < len(DEX_SENSORS) else end
        bias = rng.uniform(-6, 6)
        ts = s + DEX_WARMUP + timedelta(seconds=rng.randint(5, 250))
        prev = None
        while ts < stop:
            x = round(_curve_at(g, ts) + bias + rng.gauss(0, 2.5))
            if rng.random() < 0.004:  # a lost signal: no reading
                prev = None
            else:
                v: int | str = "Low" if x < 40 else ("High" if x > 400 else x)
                roc = round((x - prev) / 5, 1) if isinstance(v, int) and isinstance(prev, int) else None
                rows.append({"ts": ts, "type": "EGV", "sub": "", "glucose": v, "roc": roc,
                             "ttime": int((ts - t0).total_seconds()), "insulin": None, "carbs": None})  # fmt: skip
                prev = v if isinstance(v, int) else None
            ts += timedelta(minutes=5)
    for m in meals:
        if not start <= m["ts"] < end or rng.random() < 0.08:
            continue
        ts = m["ts"] - timedelta(minutes=rng.randint(3, 12), seconds=rng.randint(0, 59))
        if m["kind"] != "snack" and not (m["kind"] == "dinner" and m["ts"].date() == date(2024, 2, 8)):
            rows.append({"ts": ts, "type": "Insulin", "sub": "Fast-Acting", "glucose": None, "roc": None,
                         "ttime": None, "insulin": round(m["carbs"] / 10 * rng.uniform(0.9, 1.1) * 2) / 2,
                         "carbs": None})  # fmt: skip
        rows.append({"ts": m["ts"] + timedelta(seconds=rng.randint(0, 59)), "type": "Carbs", "sub": "", "glucose": None,
                     "roc": None, "ttime": None, "insulin": None, "carbs": m["carbs"]})  # fmt: skip
    for k in range(14):
        ts = start + timedelta(days=k, hours=22, minutes=rng.randint(0, 25), seconds=rng.randint(0, 59))
        rows.append({"ts": ts, "type": "Insulin", "sub": "Long-Acting", "glucose": None, "roc": None, "ttime": None,
                     "insulin": 18, "carbs": None})  # fmt: skip
    rows.sort(key=lambda r: r["ts"])
    return rows


DEX_META = [("FirstName", "", "Alex", "", "", ""), ("LastName", "", "Morgan", "", "", ""),
            ("DateOfBirth", "", "1991-06-04", "", "", ""),
            ("Device", "", "", "Android G6", "Android G6", ""),
            ("Alert", "High", "", "", "Android G6", "250"), ("Alert", "Low", "", "", "Android G6", "70"),
            ("Alert", "Urgent Low", "", "", "Android G6", "55"), ("Alert", "Urgent Low Soon", "", "", "Android G6", "55"),
            ("Alert", "Rise", "", "", "Android G6", ""), ("Alert", "Fall", "", "", "Android G6", ""),
            ("Alert", "Signal Loss", "", "", "Android G6", "")]  # fmt: skip


def _write_dexcom(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(DEX_COLUMNS)
    idx = 0
    for etype, sub, info, dev, src, glu in DEX_META:
        idx += 1
        w.writerow([idx, "", etype, sub, info, dev, src, glu, "", "", "00:30:00" if etype == "Alert" and glu else "",
                    "", "", ""])  # fmt: skip
    for r in t.dexcom:
        idx += 1
        w.writerow([idx, f"{r['ts']:%Y-%m-%dT%H:%M:%S}", r["type"], r["sub"], "", "", "Android G6",
                    "" if r["glucose"] is None else r["glucose"], _num(r["insulin"]), _num(r["carbs"]), "",
                    "" if r["roc"] is None else r["roc"], "" if r["ttime"] is None else r["ttime"],
                    "8G4KQ2" if r["type"] == "EGV" else ""])  # fmt: skip
    (d / DEXCOM_FILE).write_bytes(buf.getvalue().encode("utf-8"))


# ==================================================================================================
# Location history: Google Takeout, Semantic Location History, December 2023 - February 2024 (Amsterdam)
# ==================================================================================================

TL_TZ = "Europe/Amsterdam"
TL_MONTHS = [(2023, 12, "2023_DECEMBER"), (2024, 1, "2024_JANUARY"), (2024, 2, "2024_FEBRUARY")]
TL_DIR = "Takeout/Location History (Timeline)/Semantic Location History"
TL_NEAR_M = 300
# name, address, lat, lon, semantic type ("" for an ordinary place)
P_HOME = ("", "Jan Pieter Heijestraat 87-2, 1054 MA Amsterdam, Nederland", 52.36361, 4.86032, "TYPE_HOME")
P_WORK = ("", "Gustav Mahlerlaan 1212, 1081 LA Amsterdam, Nederland", 52.33762, 4.87215, "TYPE_WORK")
P_AH = ("Albert Heijn Kinkerstraat", "Kinkerstraat 155, 1053 EG Amsterdam, Nederland", 52.36622, 4.86551, "")
P_JUMBO = ("Jumbo Overtoom", "Overtoom 469, 1054 LC Amsterdam, Nederland", 52.35977, 4.86128, "")
P_GYM = ("Blok Boulders West", "Hannie Dankbaarpassage 18, 1053 RT Amsterdam, Nederland", 52.37421, 4.84955, "")
P_MARKET = ("Ten Katemarkt", "Ten Katestraat, 1053 CE Amsterdam, Nederland", 52.36712, 4.86242, "")
P_PARK = ("Vondelpark", "Vondelpark, Amsterdam, Nederland", 52.35801, 4.86861, "")
P_FOOD = ("Foodhallen", "Bellamyplein 51, 1053 AT Amsterdam, Nederland", 52.36670, 4.86862, "")
P_RIJKS = ("Rijksmuseum", "Museumstraat 1, 1071 XX Amsterdam, Nederland", 52.35999, 4.88520, "")
P_CINEMA = ("Pathé Tuschinski", "Reguliersbreestraat 26-34, 1017 CN Amsterdam, Nederland", 52.36652, 4.89463, "")
P_BAR = ("Café Kinkerhoek", "Kinkerstraat 2, 1053 DT Amsterdam, Nederland", 52.36695, 4.87302, "")
P_PHO = ("Pho Hanoi Kitchen", "Overtoom 121, 1054 HG Amsterdam, Nederland", 52.36204, 4.87409, "")
P_SANNE = (
    "Sanne",
    "Eerste Helmersstraat 210, 1054 EL Amsterdam, Nederland",
    52.36300,
    4.87122,
    "TYPE_ALIASED_LOCATION",
)
P_TJ = ("Tim & Jelle", "Ruysdaelkade 79, 1072 AK Amsterdam, Nederland", 52.35561, 4.89112, "TYPE_ALIASED_LOCATION")
P_CS = ("Amsterdam Centraal", "Stationsplein, 1012 AB Amsterdam, Nederland", 52.37903, 4.90018, "")
P_ZUID = ("Station Amsterdam Zuid", "Zuidplein 10, 1077 XV Amsterdam, Nederland", 52.33893, 4.87303, "")
P_GRON = ("Station Groningen", "Stationsplein 4, 9726 AE Groningen, Nederland", 53.21086, 6.56417, "")
P_PARENTS = (
    "Mum & Dad",
    "Verlengde Hereweg 118, 9722 AK Groningen, Nederland",
    53.19962,
    6.57531,
    "TYPE_ALIASED_LOCATION",
)
P_MARTINI = ("Martinitoren", "Martinikerkhof 1, 9712 JG Groningen, Nederland", 53.21922, 6.56851, "")
P_HAARLEM_ST = ("Station Haarlem", "Stationsplein 1, 2011 LR Haarlem, Nederland", 52.38785, 4.63836, "")
P_HAARLEM = ("Grote Markt Haarlem", "Grote Markt, 2011 RD Haarlem, Nederland", 52.38122, 4.63648, "")
P_SCHIPHOL = (
    "Amsterdam Airport Schiphol",
    "Evert van de Beekstraat 202, 1118 CP Schiphol, Nederland",
    52.31048,
    4.76828,
    "",
)
P_LHR = ("London Heathrow Airport", "Longford TW6, United Kingdom", 51.47002, -0.45429, "")
P_HOTEL = (
    "Premier Inn London King's Cross",
    "26-30 York Way, London N1 9AA, United Kingdom",
    51.53214,
    -0.12288,
    "TYPE_SEARCHED_ADDRESS",
)
P_BM = ("British Museum", "Great Russell St, London WC1B 3DG, United Kingdom", 51.51944, -0.12698, "")
P_BOROUGH = ("Borough Market", "8 Southwark St, London SE1 1TL, United Kingdom", 51.50554, -0.09101, "")
P_LAMB = ("The Lamb", "94 Lamb's Conduit St, London WC1N 3LZ, United Kingdom", 51.52259, -0.11874, "")
P_STARBUCKS = ("Starbucks Amsterdam Centraal", "Stationsplein 15, 1012 AB Amsterdam, Nederland", 52.37870, 4.89990, "")
TL_PLACES = [P_HOME, P_WORK, P_AH, P_JUMBO, P_GYM, P_MARKET, P_PARK, P_FOOD, P_RIJKS, P_CINEMA, P_BAR, P_PHO, P_SANNE,
             P_TJ, P_CS, P_ZUID, P_GRON, P_PARENTS, P_MARTINI, P_HAARLEM_ST, P_HAARLEM, P_SCHIPHOL, P_LHR, P_HOTEL,
             P_BM, P_BOROUGH, P_LAMB, P_STARBUCKS]  # fmt: skip
CANDIDATES = [("Etos Kinkerstraat", 52.36640, 4.86470), ("HEMA Kinkerstraat", 52.36655, 4.86700),
              ("De Hallen Amsterdam", 52.36684, 4.86912), ("Bakkerij Wouda", 52.36290, 4.86101),
              ("Kiosk Vondelpark", 52.35840, 4.86700)]  # fmt: skip
LONDON = {P_LHR, P_HOTEL, P_BM, P_BOROUGH, P_LAMB}
SPEED = {"WALKING": 1.35, "CYCLING": 4.2, "IN_TRAM": 4.4, "IN_TRAIN": 24.0, "IN_SUBWAY": 8.0, "FLYING": 95.0,
         "IN_BUS": 6.0}  # fmt: skip
DETOUR = {"WALKING": 1.3, "CYCLING": 1.3, "IN_TRAM": 1.35, "IN_TRAIN": 1.15, "IN_SUBWAY": 1.3, "FLYING": 1.02,
          "IN_BUS": 1.3}  # fmt: skip
TRAVEL_MODE = {"WALKING": "WALK", "CYCLING": "BICYCLE", "IN_TRAM": "DRIVE", "IN_TRAIN": "DRIVE", "IN_SUBWAY": "WALK",
               "IN_BUS": "DRIVE"}  # fmt: skip
TL_LONDON_TRIP = (date(2024, 2, 9), date(2024, 2, 11))
TL_CHRISTMAS = (date(2023, 12, 23), date(2023, 12, 27))
TL_DAYS_OFF = {date(2023, 12, 25), date(2023, 12, 26), date(2023, 12, 28), date(2023, 12, 29), date(2024, 1, 1)}


def _offset(place: tuple) -> timedelta:
    """Local time minus UTC at a place in December-February: Amsterdam and Groningen UTC+1, London UTC+0."""
    return timedelta(0) if place in LONDON else timedelta(hours=1)


class _Timeline:
    """Moves the person between places; each stay becomes a placeVisit and each move an activitySegment."""

    def __init__(self, rng: random.Random, place: tuple, arrive_utc: datetime) -> None:
        self.rng = rng
        self.objs: list[dict] = []
        self.place, self.arrive = place, arrive_utc
        self.rain: set[date] = set()

    def stamp(self, local: datetime, place: tuple | None = None) -> datetime:
        """A UTC instant for a local wall-clock minute, with random seconds and (mostly) milliseconds."""
        utc = local - _offset(place or self.place)
        ms = self.rng.randint(0, 999) if self.rng.random() < 0.8 else 0
        return utc + timedelta(seconds=self.rng.randint(0, 59), milliseconds=ms)

    def local(self, utc: datetime) -> datetime:
        return utc + _offset(self.place)

    def go(self, dest: tuple, leave_local: datetime, mode: str | None = None, minutes: float | None = None) -> datetime:
        leave = self.stamp(leave_local)
        if leave <= self.arrive + timedelta(minutes=3):
            leave = self.arrive + timedelta(minutes=self.rng.randint(4, 9), seconds=self.rng.randint(0, 59))
        self.objs.append({"kind": "visit", "place": self.place, "start": self.arrive, "end": leave,
                          "child": self.place == P_CS and (leave - self.arrive) > timedelta(minutes=8)})  # fmt: skip
        km = haversine_km(self.place[2], self.place[3], dest[2], dest[3])
        if mode is None:
            mode = "WALKING" if km < 1.0 else "CYCLING" if km < 12 else "IN_TRAIN"
        route_m = km * 1000 * DETOUR[mode] * self.rng.uniform(0.97, 1.05)
        secs = (
            minutes * 60 if minutes else route_m / SPEED[mode] * self.rng.uniform(0.92, 1.1) + self.rng.uniform(20, 90)
        )
        arrive = leave + timedelta(seconds=round(secs), milliseconds=self.rng.randint(0, 999))
        has_distance = mode == "FLYING" or self.rng.random() < 0.84
        has_wp = mode != "FLYING" and (not has_distance or self.rng.random() < 0.7)
        if mode == "WALKING" and not has_distance and self.rng.random() < 0.35:
            has_wp = False  # a short walk with neither: only a raw path
        self.objs.append({"kind": "segment", "type": mode, "start": leave, "end": arrive, "from": self.place,
                          "to": dest, "distance": round(route_m) if has_distance else None,
                          "wp_distance": round(route_m * self.rng.uniform(0.96, 1.04), 1) if has_wp else None,
                          "jitter": [self.rng.uniform(20, 140) for _ in range(2)] + [self.rng.uniform(0, 2 * math.pi) for _ in range(2)]})  # fmt: skip
        self.place, self.arrive = dest, arrive
        return arrive

    def at(self, hhmm: float, day: date) -> datetime:
        return datetime(day.year, day.month, day.day) + timedelta(minutes=round(hhmm * 60))


def _tl_day(s: _Timeline, day: date) -> None:
    rng = s.rng
    wd = day.weekday()

    def after(t: datetime, lo: int, hi: int) -> datetime:
        return s.local(t) + timedelta(minutes=rng.randint(lo, hi))

    if day == TL_CHRISTMAS[0]:
        t = s.go(P_CS, s.at(rng.uniform(9.8, 10.3), day))
        t = s.go(P_GRON, after(t, 12, 20), "IN_TRAIN")
        s.go(P_PARENTS, after(t, 2, 6))
        return
    if TL_CHRISTMAS[0] < day < TL_CHRISTMAS[1]:
        if day == date(2023, 12, 24):
            t = s.go(P_MARTINI, s.at(rng.uniform(14.0, 14.5), day), "WALKING")
            s.go(P_PARENTS, after(t, 60, 90), "WALKING")
        return
    if day == TL_CHRISTMAS[1]:
        t = s.go(P_GRON, s.at(rng.uniform(13.5, 14.0), day))
        t = s.go(P_CS, after(t, 8, 15), "IN_TRAIN")
        s.go(P_HOME, after(t, 3, 10))
        return
    if day == TL_LONDON_TRIP[0]:
        t = s.go(P_WORK, s.at(rng.uniform(8.1, 8.4), day))
        t = s.go(P_ZUID, s.at(14.6, day))
        t = s.go(P_SCHIPHOL, after(t, 4, 9), "IN_TRAIN", minutes=rng.uniform(9, 12))
        t = s.go(P_LHR, s.at(17.7, day), "FLYING", minutes=rng.uniform(62, 70))
        t = s.go(P_HOTEL, after(t, 35, 50), "IN_SUBWAY")
        return
    if day == date(2024, 2, 10):
        t = s.go(P_BM, s.at(rng.uniform(9.6, 10.2), day), "WALKING")
        t = s.go(P_BOROUGH, after(t, 150, 190), "IN_SUBWAY")
        t = s.go(P_LAMB, after(t, 80, 110), "IN_SUBWAY")
        s.go(P_HOTEL, after(t, 120, 170), "WALKING")
        return
    if day == TL_LONDON_TRIP[1]:
        t = s.go(P_LHR, s.at(rng.uniform(11.2, 11.6), day), "IN_SUBWAY")
        t = s.go(P_SCHIPHOL, s.at(14.2, day), "FLYING", minutes=rng.uniform(64, 72))
        t = s.go(P_CS, after(t, 25, 40), "IN_TRAIN", minutes=rng.uniform(14, 18))
        s.go(P_HOME, after(t, 2, 6))
        return
    if day == date(2023, 12, 31):
        t = s.go(P_AH, s.at(rng.uniform(15.0, 15.5), day))
        t = s.go(P_HOME, after(t, 14, 25))
        t = s.go(P_SANNE, s.at(20.5, day))
        s.go(P_HOME, s.at(26.1, day))  # home at about 02:06 on New Year's Day
        return
    workday = wd < 5 and day not in TL_DAYS_OFF
    if workday and wd == 2 and day.isocalendar()[1] % 2 == 0:  # working from home every other Wednesday
        t = s.go(P_AH, s.at(rng.uniform(12.4, 12.8), day))
        s.go(P_HOME, after(t, 10, 18))
        if rng.random() < 0.6:
            t = s.go(P_GYM, s.at(rng.uniform(18.5, 19.2), day))
            s.go(P_HOME, after(t, 80, 110))
        return
    if workday:
        mode = "IN_TRAM" if day in s.rain else None
        t = s.go(P_WORK, s.at(rng.uniform(8.05, 8.65), day), mode)
        leave = s.at(rng.uniform(16.4, 17.2) if wd == 4 else rng.uniform(17.0, 18.2), day)
        if wd in (1, 3) and rng.random() < 0.75:
            t = s.go(P_GYM, leave)
            t = s.go(P_HOME, after(t, 85, 125))
        elif wd in (0, 2) and rng.random() < 0.55:
            t = s.go(P_AH, leave, mode)
            t = s.go(P_HOME, after(t, 9, 20))
        elif wd == 4 and rng.random() < 0.65:
            place = rng.choice([P_BAR, P_BAR, P_PHO, P_SANNE])
            t = s.go(place, leave)
            s.go(P_HOME, s.at(rng.uniform(22.6, 24.8), day))
            return
        else:
            t = s.go(P_HOME, leave, mode)
        if rng.random() < 0.2:
            t = s.go(P_JUMBO, after(t, 60, 150))
            s.go(P_HOME, after(t, 8, 15))
        return
    # weekends and days off
    if wd == 5:
        t = s.go(P_MARKET, s.at(rng.uniform(10.0, 11.0), day))
        t = s.go(P_HOME, after(t, 40, 70))
        t = s.go(P_AH, s.at(rng.uniform(14.0, 15.5), day))
        t = s.go(P_HOME, after(t, 12, 25))
        r = rng.random()
        if r < 0.35:
            t = s.go(rng.choice([P_SANNE, P_TJ]), s.at(rng.uniform(18.8, 19.4), day))
            s.go(P_HOME, s.at(rng.uniform(23.0, 24.3), day))
        elif r < 0.55:
            t = s.go(P_CINEMA, s.at(rng.uniform(19.3, 19.8), day))
            s.go(P_HOME, after(t, 150, 175))
        return
    t = s.go(P_PARK, s.at(rng.uniform(10.8, 11.5), day), "WALKING")
    t = s.go(P_HOME, after(t, 50, 95), "WALKING")
    r = rng.random()
    if r < 0.2:
        t = s.go(P_HAARLEM_ST, s.at(rng.uniform(13.2, 13.8), day), "IN_TRAIN")
        t = s.go(P_HAARLEM, after(t, 2, 5), "WALKING")
        t = s.go(P_HAARLEM_ST, after(t, 120, 170), "WALKING")
        s.go(P_HOME, after(t, 10, 20), "IN_TRAIN")
    elif r < 0.45:
        t = s.go(rng.choice([P_RIJKS, P_FOOD]), s.at(rng.uniform(14.0, 15.0), day))
        s.go(P_HOME, after(t, 90, 150))
    elif r < 0.6:
        t = s.go(P_AH, s.at(rng.uniform(16.0, 17.0), day))
        s.go(P_HOME, after(t, 10, 20))


def _build_timeline(rng: random.Random) -> list[dict]:
    start = datetime(2023, 11, 30, 18, 41, 7, 220000)  # arrived home on the evening before the first month
    s = _Timeline(rng, P_HOME, start)
    day = date(2023, 12, 1)
    s.rain = {day + timedelta(days=k) for k in range(91) if rng.random() < 0.14}
    while day <= date(2024, 2, 29):
        _tl_day(s, day)
        day += timedelta(days=1)
    s.objs.append({"kind": "visit", "place": s.place, "start": s.arrive, "end": s.stamp(datetime(2024, 3, 1, 8, 12)),
                   "child": False})  # fmt: skip
    ids: dict[str, str] = {}
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
    for p in TL_PLACES + [(c[0], "", c[1], c[2], "") for c in CANDIDATES]:
        ids[p[0] or p[4]] = "ChIJ" + "".join(rng.choice(alphabet) for _ in range(23))
    for o in s.objs:
        o["months"] = [name for y, m, name in TL_MONTHS if _overlaps_month(o, y, m)]
        if o["kind"] == "visit":
            p = o["place"]
            o["place_id"] = ids[p[0] or p[4]]
            o["conf"] = rng.choices(["HIGH_CONFIDENCE", "MEDIUM_CONFIDENCE", "LOW_CONFIDENCE", "USER_CONFIRMED"],
                                    weights=[75, 18, 5, 2])[0]  # fmt: skip
            o["visit_conf"] = rng.randint(62, 99)
            o["cands"] = [(c, ids[c[0]], round(rng.uniform(1, 9), 6)) for c in rng.sample(CANDIDATES, rng.randint(0, 3))
                          if haversine_km(p[2], p[3], c[1], c[2]) < 3]  # fmt: skip
            o["loc_conf"] = round(rng.uniform(55, 97), 6)
            o["child_id"] = ids[P_STARBUCKS[0]]
        else:
            o["conf"] = rng.choices(["HIGH", "MEDIUM", "LOW"], weights=[80, 15, 5])[0]
            o["prob"] = round(rng.uniform(60, 99), 6)
    for o in s.objs:
        assert o["months"], o
    return s.objs


def _overlaps_month(o: dict, y: int, m: int) -> bool:
    lo = datetime(y, m, 1) - timedelta(hours=1)  # the month's start in UTC (Amsterdam, UTC+1)
    hi = datetime(y + m // 12, m % 12 + 1, 1) - timedelta(hours=1)
    return o["start"] < hi and o["end"] > lo


def iso_z(t: datetime) -> str:
    if t.microsecond:
        return f"{t:%Y-%m-%dT%H:%M:%S}.{t.microsecond // 1000:03d}Z"
    return f"{t:%Y-%m-%dT%H:%M:%S}Z"


def _e7(x: float) -> int:
    return round(x * 1e7)


def _moved(lat: float, lon: float, metres: float, angle: float) -> tuple[float, float]:
    return (lat + metres * math.cos(angle) / 111_320,
            lon + metres * math.sin(angle) / (111_320 * math.cos(math.radians(lat))))  # fmt: skip


def _visit_json(o: dict) -> dict:
    p = o["place"]
    loc: dict = {"latitudeE7": _e7(p[2]), "longitudeE7": _e7(p[3]), "placeId": o["place_id"], "address": p[1]}
    if p[0] and p[4] not in ("TYPE_HOME", "TYPE_WORK"):
        loc["name"] = p[0]
    if p[4]:
        loc["semanticType"] = p[4]
    loc["sourceInfo"] = {"deviceTag": -1482913055}
    loc["locationConfidence"] = o["loc_conf"]
    loc["calibratedProbability"] = round(o["loc_conf"] * 0.93, 6)
    v: dict = {"location": loc, "duration": {"startTimestamp": iso_z(o["start"]), "endTimestamp": iso_z(o["end"])},
               "placeConfidence": o["conf"], "centerLatE7": _e7(p[2]) + 113, "centerLngE7": _e7(p[3]) - 87,
               "visitConfidence": o["visit_conf"]}  # fmt: skip
    v["otherCandidateLocations"] = [{"latitudeE7": _e7(c[1]), "longitudeE7": _e7(c[2]), "placeId": cid,
                                     "semanticType": "TYPE_UNKNOWN", "locationConfidence": conf}
                                    for c, cid, conf in o["cands"]]  # fmt: skip
    v["editConfirmationStatus"] = "CONFIRMED" if o["conf"] == "USER_CONFIRMED" else "NOT_CONFIRMED"
    v["locationConfidence"] = round(o["loc_conf"])
    v["placeVisitType"] = "SINGLE_PLACE"
    v["placeVisitImportance"] = "MAIN"
    if o["child"]:
        c0 = o["start"] + timedelta(minutes=2, seconds=13)
        c1 = min(o["end"] - timedelta(minutes=1), c0 + timedelta(minutes=6))
        v["childVisits"] = [{"location": {"latitudeE7": _e7(P_STARBUCKS[2]), "longitudeE7": _e7(P_STARBUCKS[3]),
                                          "placeId": o["child_id"], "address": P_STARBUCKS[1], "name": P_STARBUCKS[0],
                                          "sourceInfo": {"deviceTag": -1482913055}, "locationConfidence": 41.2},
                             "duration": {"startTimestamp": iso_z(c0), "endTimestamp": iso_z(c1)},
                             "placeConfidence": "LOW_CONFIDENCE", "visitConfidence": 55,
                             "editConfirmationStatus": "NOT_CONFIRMED", "placeVisitType": "SINGLE_PLACE",
                             "placeVisitImportance": "MAIN"}]  # fmt: skip
    return {"placeVisit": v}


def segment_ends(o: dict) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where the segment starts and ends: near (not on) its two places."""
    a = _moved(o["from"][2], o["from"][3], o["jitter"][0], o["jitter"][2])
    b = _moved(o["to"][2], o["to"][3], o["jitter"][1], o["jitter"][3])
    return (round(a[0], 7), round(a[1], 7)), (round(b[0], 7), round(b[1], 7))


def _segment_json(o: dict) -> dict:
    a, b = segment_ends(o)
    seg: dict = {"startLocation": {"latitudeE7": _e7(a[0]), "longitudeE7": _e7(a[1]), "sourceInfo": {"deviceTag": -1482913055}},
                 "endLocation": {"latitudeE7": _e7(b[0]), "longitudeE7": _e7(b[1]), "sourceInfo": {"deviceTag": -1482913055}},
                 "duration": {"startTimestamp": iso_z(o["start"]), "endTimestamp": iso_z(o["end"])}}  # fmt: skip
    if o["distance"] is not None:
        seg["distance"] = o["distance"]
    seg["activityType"] = o["type"]
    seg["confidence"] = o["conf"]
    others = [m for m in ("WALKING", "CYCLING", "IN_PASSENGER_VEHICLE", "IN_BUS") if m != o["type"]][:2]
    seg["activities"] = [{"activityType": o["type"], "probability": o["prob"]}] + [
        {"activityType": m, "probability": round((100 - o["prob"]) / (k + 2), 6)} for k, m in enumerate(others)
    ]
    if o["wp_distance"] is not None:
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        seg["waypointPath"] = {"waypoints": [{"latE7": _e7(x), "lngE7": _e7(y)} for x, y in (a, mid, b)],
                               "source": "INFERRED", "distanceMeters": o["wp_distance"],
                               "travelMode": TRAVEL_MODE.get(o["type"], "WALK"), "confidence": 0.9}  # fmt: skip
    elif o["type"] != "FLYING":
        seg["simplifiedRawPath"] = {"points": [{"latE7": _e7(a[0]), "lngE7": _e7(a[1]), "accuracyMeters": 12,
                                                "timestamp": iso_z(o["start"])}]}  # fmt: skip
    return {"activitySegment": seg}


def _write_takeout(t: Truth, d: Path) -> None:
    buf = io.BytesIO()
    stamp = (2024, 3, 2, 10, 15, 32)
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        html = (
            '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Archive Overview</title></head>'
            "<body><h1>Your Google data archive</h1><p>Location History (Timeline)</p></body></html>\n"
        )
        z.writestr(zipfile.ZipInfo("Takeout/archive_browser.html", date_time=stamp), html)
        for y, _m, name in TL_MONTHS:
            objs = [
                _visit_json(o) if o["kind"] == "visit" else _segment_json(o) for o in t.timeline if name in o["months"]
            ]
            text = json.dumps({"timelineObjects": objs}, indent=2, ensure_ascii=False) + "\n"
            info = zipfile.ZipInfo(f"{TL_DIR}/{y}/{name}.json", date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text.encode("utf-8"))
        settings = {"createdTime": "2016-05-11T18:02:41.113Z", "modifiedTime": "2024-03-02T10:15:12.640Z",
                    "historyEnabled": True, "deviceSettings": [{"deviceTag": -1482913055, "reportingEnabled": True,
                                                                "devicePrettyName": "Pixel 7", "platformType": "ANDROID"}]}  # fmt: skip
        info = zipfile.ZipInfo("Takeout/Location History (Timeline)/Settings.json", date_time=stamp)
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, json.dumps(settings, indent=2) + "\n")
    (d / TAKEOUT_FILE).write_bytes(buf.getvalue())


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    buoy = _build_buoy(_rng("buoy"))
    stations = _build_stations(_rng("stations"))
    curve, meals = _build_curve(_rng("glucose"))
    libre, readings = _build_libre(_rng("libre"), curve, meals)
    dexcom = _build_dexcom(_rng("dexcom"), curve, meals)
    timeline = _build_timeline(_rng("timeline"))
    return Truth(buoy=buoy, stations=stations, libre=libre, libre_readings=readings, dexcom=dexcom,
                 timeline=timeline)  # fmt: skip


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_buoy(t, d)
    _write_stations(t, d)
    _write_libre(t, d)
    _write_dexcom(t, d)
    _write_takeout(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout39-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
