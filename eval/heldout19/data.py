"""The nineteenth held-out set's data: clean records built from a fixed seed, rendered the way real
public data exports look.

Four topics, each modelled on a real kind of export:

* transit  -- a GTFS static feed as a transit agency publishes it (`google_transit.zip`): a zip of
              comma-separated `.txt` tables (agency, stops, routes, trips, stop_times, calendar,
              calendar_dates, feed_info); stations with platforms and entrances beside plain bus stops
              with an empty location_type, a byte-order mark on stops.txt, CRLF line ends, times past
              midnight written `24:35:00` / `25:04:00` and hours before ten unpadded (`5:02:00`), empty
              times at non-timepoint bus stops, holidays as calendar_dates exceptions (weekday service
              removed, Sunday service added), an event service that only calendar_dates knows;
* health   -- an Apple Health `export.xml` (the file inside the iPhone's export.zip): an internal DTD
              before the data, every value an XML attribute, dates as local time with a UTC offset
              (`2024-07-02 06:41:10 +0100`, `-0400` on a trip to New York), steps recorded by both the
              iPhone and the Apple Watch (the same walking twice), weights from a scale in kg beside
              hand-entered ones in lb, workouts whose distances and energy sit in nested
              `WorkoutStatistics` elements, sleep stages as category records, one ActivitySummary a day;
* survey   -- a developer survey's public results in the style of the Stack Overflow Developer Survey
              (`survey_results_public.csv`): multi-select answers joined with `;`, `NA` for no answer,
              years of experience as text where they are not numbers (`Less than 1 year`), long answer
              texts with commas and curly apostrophes, currencies as `EUR\\tEuropean Euro`, country names
              the survey's own way (`United Kingdom of Great Britain and Northern Ireland`);
* world    -- World Bank data: a DataBank extract of World Development Indicators as CSV
              (`P_Data_Extract_From_World_Development_Indicators_Data.csv`: a byte-order mark, one row per
              economy and series, years as columns `2015 [YR2015]`, `..` for no value, the aggregates
              (World, regions, income groups, Euro area, OECD) as rows beside the countries, two footer
              lines under blank ones) and the World Bank API's country list as JSON
              (`worldbank_countries.json`: a two-element array of paging information and the list,
              region / income level as nested objects, `Sub-Saharan Africa ` with a trailing space,
              aggregates as entries whose region is `Aggregates`, coordinates as strings).

`truth()` builds the clean records with the standard library only (one random stream per topic);
every random choice is made there, so rendering is deterministic and the same seed gives the same
bytes. `write_files(dir)` renders the files (the zip with fixed entry timestamps). `python data.py
DIR` writes them.
"""

from __future__ import annotations

import csv
import io
import json
import math
import random
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path
from xml.sax.saxutils import quoteattr
from zoneinfo import ZoneInfo

SEED = 19_640_117
UTC = timezone.utc

GTFS_FILE = "google_transit.zip"
HEALTH_FILE = "export.xml"
SURVEY_FILE = "survey_results_public.csv"
WDI_FILE = "P_Data_Extract_From_World_Development_Indicators_Data.csv"
WB_FILE = "worldbank_countries.json"
FILES = [GTFS_FILE, HEALTH_FILE, SURVEY_FILE, WDI_FILE, WB_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}:{topic}")


@dataclass
class Truth:
    gtfs: dict  # routes, stops, trips (with their calls, times in minutes after midnight), calendar
    health: dict  # steps, heart rate, weights, sleep, workouts, activity summaries (aware datetimes)
    respondents: list[dict]  # survey answers (clean: lists for multi-selects, None for no answer)
    economies: list[dict]  # countries and aggregates with their series {code: {year: value or None}}
    api_only: list[dict]  # further entries of the World Bank country list (no data in the extract)


def _pick(rng: random.Random, weights: dict):
    keys = list(weights)
    return rng.choices(keys, weights=[weights[k] for k in keys])[0]


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# =================================================================================================
# transit: a GTFS feed of a mid-sized US city's light rail and buses, spring/summer 2025
# =================================================================================================

GTFS_START, GTFS_END = date(2025, 3, 1), date(2025, 8, 31)
WKDY, SAT, SUN, EVT = "WKDY_S25", "SAT_S25", "SUN_S25", "EVT_RIVERFEST"
CALENDAR = {WKDY: (1, 1, 1, 1, 1, 0, 0), SAT: (0, 0, 0, 0, 0, 1, 0), SUN: (0, 0, 0, 0, 0, 0, 1)}
GTFS_HOLIDAYS = [date(2025, 5, 26), date(2025, 7, 4)]  # Memorial Day, Independence Day: Sunday service
EVENT_DAY = date(2025, 6, 14)  # Riverfest: late extra Red Line trains, only in calendar_dates
AGENCY_TZ = "America/Chicago"

# route id, short name, long name, colour, stations in order (direction 0 runs this way)
RAIL_LINES = [
    ("RED", "Red", "Red Line: Airport - Northgate", "D7263D", [
        "Airport Terminal", "Cargo Road", "Southfield", "Lincoln Park", "Medical Center", "Union Square",
        "Central Station", "Museum District", "State University", "Oak Hill", "Riverside Mall",
        "Northgate Transit Center",
    ]),
    ("BLUE", "Blue", "Blue Line: Westfield - Harbor Point", "1B6AC9", [
        "Westfield", "Fairgrounds", "Elm Street", "Civic Center", "Central Station", "Market Hall", "Eastbank",
        "Mill Creek", "Harbor Point",
    ]),
]  # fmt: skip
# service -> first departure, last departure (minutes after midnight of the service day), headway
RAIL_SERVICE = {
    WKDY: (5 * 60 + 2, 24 * 60 + 32, 10),
    SAT: (5 * 60 + 34, 25 * 60 + 4, 15),
    SUN: (6 * 60 + 8, 24 * 60 + 8, 20),
}
DOWNTOWN = [
    "Washington Ave & 3rd St", "Market St & 2nd St", "Market St & 4th St", "Central Station Bus Plaza",
    "Market St & 6th St", "Grand Ave & 7th St", "Grand Ave & 5th St", "Court House Square",
]  # fmt: skip
# route id, short name, long name, street out, street back, terminals, headways (WKDY, SAT, SUN; None = no service)
BUS_ROUTES = [
    ("2101", "1", "Main Street", "Main St", "N Main St", ("Southgate Plaza", "Northside Loop"), (20, 30, 40)),
    ("2104", "4", "Oak Avenue", "Oak Ave", "Walnut St", ("Oak Ave Garage", "Walnut Hills"), (30, 30, 60)),
    ("2107", "7", "Cedar Street Crosstown", "Cedar St", "Lake Dr", ("Cedar Park", "Lakeview Terrace"), (20, 30, 45)),
    ("2110", "10", "University - Eastbank", "College Ave", "E River Rd", ("State University Bus Hub", "Eastbank Commons"), (15, 20, 30)),
    ("2112", "12", "Maple Avenue", "Maple Ave", "Pine St", ("Maple Grove", "Pinecrest"), (30, 60, None)),
    ("2115", "15", "Hillcrest", "Hill Rd", "Hillcrest Blvd", ("Hill Rd Depot", "Hillcrest Hospital"), (30, 45, None)),
    ("2122", "22", "Lincoln Avenue", "Lincoln Ave", "Fairview Rd", ("Lincoln Park Bus Bay", "Fairview Mall"), (15, 30, 30)),
    ("2131", "31", "Jefferson - Industrial Park", "Jefferson St", "Industrial Pkwy", ("Jefferson Yards", "Industrial Park East"), (40, None, None)),
    ("2144", "44", "Westfield - Mill Creek", "Westfield Rd", "Mill Creek Rd", ("Westfield Bus Bay", "Mill Creek Village"), (30, 60, 60)),
]  # fmt: skip
EXPRESS = ("2195", "X5", "Northgate Express", ["Northgate Park & Ride", "I-35 & County Rd 12", "I-35 & Airport Blvd"])
CIRCULATOR = ("2199", "", "Downtown Circulator")


def _clock(minutes: int) -> str:
    """GTFS time: hours past 24 for the next morning, hours below ten unpadded."""
    return f"{minutes // 60}:{minutes % 60:02d}:00"


def _build_gtfs(rng: random.Random) -> dict:
    stops: list[dict] = []
    routes: list[dict] = []
    trips: list[dict] = []

    def stop(**kw) -> dict:
        s = {"code": "", "desc": "", "location_type": "", "parent": "", "wheelchair": "", "platform": ""} | kw
        stops.append(s)
        return s

    # rail stations, their platforms and a few entrances
    station_ids: dict[str, dict] = {}
    platforms: dict[tuple[str, str, int], str] = {}  # (line, station, direction) -> platform stop id
    n = 0
    for line, _, _, _, stations in RAIL_LINES:
        for name in stations:
            if name not in station_ids:
                n += 1
                lat, lon = 41.85 + rng.uniform(-0.09, 0.09), -87.68 + rng.uniform(-0.12, 0.12)
                station_ids[name] = {"id": f"STN{n:02d}", "lat": lat, "lon": lon, "next": 1}
                stop(id=f"STN{n:02d}", name=name, lat=lat, lon=lon, location_type="1", wheelchair=rng.choice("1112"))
            st = station_ids[name]
            for direction in (0, 1):
                pid = f"7{st['id'][3:]}{st['next']}"
                platforms[(line, name, direction)] = pid
                stop(
                    id=pid, code=pid, name=name, lat=st["lat"] + rng.uniform(-3e-4, 3e-4),
                    lon=st["lon"] + rng.uniform(-3e-4, 3e-4), location_type="0", parent=st["id"],
                    wheelchair=rng.choice("1112"), platform=str(st["next"]),
                )  # fmt: skip
                st["next"] += 1
    for name, entrance in [("Central Station", "4th St Entrance"), ("Central Station", "Market St Entrance"), ("Airport Terminal", "Terminal Entrance")]:  # fmt: skip
        st = station_ids[name]
        stop(
            id=f"{st['id']}_E{st['next']}", name=f"{name} - {entrance}", lat=st["lat"] + 6e-4, lon=st["lon"] - 4e-4,
            location_type="2", parent=st["id"], wheelchair=rng.choice("12"),
        )  # fmt: skip
        st["next"] += 1

    # bus stops: every stop location has a stop on each side of the street (its own stop_id, the same name)
    sides: dict[str, tuple[str, str]] = {}
    next_id = [1001]

    def location(name: str) -> tuple[str, str]:
        if name not in sides:
            lat, lon = 41.85 + rng.uniform(-0.12, 0.12), -87.68 + rng.uniform(-0.15, 0.15)
            ids = []
            for _side in range(2):
                sid = str(next_id[0])
                next_id[0] += 1
                wc = _pick(rng, {"1": 0.6, "2": 0.15, "0": 0.1, "": 0.15})
                stop(id=sid, code=sid, name=name, lat=lat + rng.uniform(-2e-4, 2e-4), lon=lon + rng.uniform(-2e-4, 2e-4), wheelchair=wc)  # fmt: skip
                ids.append(sid)
            sides[name] = (ids[0], ids[1])
        return sides[name]

    for name in DOWNTOWN:
        location(name)

    def add_trip(route_id: str, service: str, direction: int, headsign: str, calls: list[tuple[str, int, int, bool]]):
        trips.append(
            {"route": route_id, "service": service, "direction": direction, "headsign": headsign, "calls": calls}
        )

    # rail trips
    for line, short, long_name, colour, stations in RAIL_LINES:
        routes.append({"id": line, "short": short, "long": long_name, "type": 0, "colour": colour})
        seg = [rng.choice([2, 2, 3]) for _ in stations[:-1]]
        for service, (first, last, headway) in RAIL_SERVICE.items():
            for direction in (0, 1):
                order = stations if direction == 0 else stations[::-1]
                gaps = seg if direction == 0 else seg[::-1]
                start = first + (0 if direction == 0 else 4 + (line == "BLUE"))
                while start <= last:
                    t, calls = start, []
                    for i, name in enumerate(order):
                        dwell = 1 if name == "Central Station" and 0 < i < len(order) - 1 else 0
                        calls.append((platforms[(line, name, direction)], t, t + dwell, True))
                        t += dwell + (gaps[i] if i < len(gaps) else 0)
                    add_trip(line, service, direction, order[-1], calls)
                    start += headway
        if line == "RED":  # Riverfest: extra late trains both ways, every 15 minutes from 22:05 to 25:35
            for direction in (0, 1):
                order = stations if direction == 0 else stations[::-1]
                gaps = seg if direction == 0 else seg[::-1]
                for start in range(22 * 60 + 5 + 7 * direction, 25 * 60 + 36, 15):
                    t, calls = start, []
                    for i, name in enumerate(order):
                        calls.append((platforms[(line, name, direction)], t, t, True))
                        t += gaps[i] if i < len(gaps) else 0
                    add_trip(line, EVT, direction, order[-1], calls)

    # bus trips
    def bus_times(pattern: list[str], seg: list[int], start: int) -> list[int]:
        hour = (start // 60) % 24
        factor = 1.2 if 7 <= hour < 9 or 16 <= hour < 18 else 0.85 if hour >= 20 or hour < 6 else 1.0
        out, t = [], float(start)
        for i in range(len(pattern)):
            out.append(round(t))
            if i < len(seg):
                t += seg[i] * factor
        return out

    def bus_calls(pattern: list[str], direction: int, times: list[int]) -> list[tuple[str, int, int, bool]]:
        calls = []
        for i, (name, t) in enumerate(zip(pattern, times)):
            timed = i == 0 or i == len(pattern) - 1 or i % 4 == 0 or name == "Central Station Bus Plaza"
            calls.append((location(name)[direction], t, t, timed))
        return calls

    for route_id, short, long_name, street_a, street_b, (term_a, term_b), headways in BUS_ROUTES:
        routes.append({"id": route_id, "short": short, "long": long_name, "type": 3, "colour": "F2A900"})
        k = rng.randint(3, 6)
        lo = rng.randint(0, len(DOWNTOWN) - k)
        core = DOWNTOWN[lo : lo + k]
        if rng.random() < 0.5:
            core = core[::-1]
        a0, b0 = rng.randint(9, 16), rng.randint(9, 16)
        out_a = [f"{street_a} & {_ordinal(a0 + 2 * j)} St" for j in range(rng.randint(6, 10))][::-1]
        out_b = [f"{street_b} & {_ordinal(b0 + 3 * j)} St" for j in range(rng.randint(6, 10))]
        pattern = [term_a, *out_a, *core, *out_b, term_b]
        seg = [rng.choice([1, 2, 2, 3]) if not (a in DOWNTOWN and b in DOWNTOWN) else rng.choice([1, 2]) for a, b in zip(pattern, pattern[1:])]  # fmt: skip
        for service, headway in zip((WKDY, SAT, SUN), headways):
            if headway is None:
                continue
            first = {WKDY: rng.randint(5 * 60 + 15, 6 * 60), SAT: rng.randint(6 * 60, 7 * 60), SUN: rng.randint(7 * 60, 8 * 60)}[service]  # fmt: skip
            last = rng.randint(22 * 60 + 20, 23 * 60 + 40) if service != SUN else rng.randint(21 * 60, 22 * 60 + 30)
            for direction in (0, 1):
                order = pattern if direction == 0 else pattern[::-1]
                gaps = seg if direction == 0 else seg[::-1]
                start = first + (0 if direction == 0 else rng.randint(0, headway - 1))
                while start <= last:
                    add_trip(route_id, service, direction, order[-1], bus_calls(order, direction, bus_times(order, gaps, start)))  # fmt: skip
                    start += headway
    # the express: peak hours only, inbound in the morning, outbound in the afternoon
    route_id, short, long_name, outer = EXPRESS
    routes.append({"id": route_id, "short": short, "long": long_name, "type": 3, "colour": "6B2C91"})
    pattern = [*outer, "Market St & 2nd St", "Market St & 4th St", "Central Station Bus Plaza"]
    seg = [4, 9, 5, 2, 2]
    for direction, (first, last) in ((0, (6 * 60 + 20, 8 * 60 + 40)), (1, (16 * 60 + 10, 18 * 60 + 30))):
        order = pattern if direction == 0 else pattern[::-1]
        gaps = seg if direction == 0 else seg[::-1]
        for start in range(first, last + 1, 20):
            add_trip(route_id, WKDY, direction, order[-1], bus_calls(order, direction, bus_times(order, gaps, start)))
    # the circulator: a loop round downtown, no short name
    route_id, short, long_name = CIRCULATOR
    routes.append({"id": route_id, "short": short, "long": long_name, "type": 3, "colour": "00A5A8"})
    loop = [*DOWNTOWN, DOWNTOWN[0]]
    seg = [2] * (len(loop) - 1)
    for service, first, last, headway in ((WKDY, 7 * 60, 19 * 60, 12), (SAT, 10 * 60, 18 * 60, 20)):
        for start in range(first, last + 1, headway):
            add_trip(route_id, service, 0, "Downtown Loop", bus_calls(loop, 0, bus_times(loop, seg, start)))

    order = {"RED": 0, "BLUE": 1}
    trips.sort(key=lambda t: (order.get(t["route"], 2), t["route"], t["service"], t["direction"], t["calls"][0][2]))
    base = rng.randint(5_100_000, 5_200_000)
    for i, t in enumerate(trips):
        t["id"] = str(base + i)
    return {"routes": routes, "stops": stops, "trips": trips}


def active_services(day: date) -> list[str]:
    """The service ids running on `day`: calendar.txt's weekday flags, then calendar_dates' exceptions."""
    on = [s for s, flags in CALENDAR.items() if GTFS_START <= day <= GTFS_END and flags[day.weekday()]]
    if day in GTFS_HOLIDAYS:
        on = [s for s in on if s != WKDY] + [SUN]
    if day == EVENT_DAY:
        on.append(EVT)
    return on


def _csv_text(rows: list[list], quote_all: bool = False) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n", quoting=csv.QUOTE_ALL if quote_all else csv.QUOTE_MINIMAL)
    w.writerows(rows)
    return buf.getvalue()


def _write_gtfs(t: Truth, d: Path) -> None:
    g = t.gtfs
    files: dict[str, str] = {}
    files["agency.txt"] = _csv_text(
        [
            ["agency_id", "agency_name", "agency_url", "agency_timezone", "agency_lang", "agency_phone", "agency_fare_url"],
            ["KVT", "Kestrel Valley Transit", "https://www.kestrelvalleytransit.org", AGENCY_TZ, "en", "(555) 555-0142", "https://www.kestrelvalleytransit.org/fares"],
        ]
    )  # fmt: skip
    rows = [["stop_id", "stop_code", "stop_name", "stop_desc", "stop_lat", "stop_lon", "zone_id", "stop_url"]]
    rows[0] += ["location_type", "parent_station", "wheelchair_boarding", "platform_code"]
    for s in g["stops"]:
        rows.append([s["id"], s["code"], s["name"], s["desc"], f"{s['lat']:.6f}", f"{s['lon']:.6f}", "", ""])
        rows[-1] += [s["location_type"], s["parent"], s["wheelchair"], s["platform"]]
    files["stops.txt"] = "\ufeff" + _csv_text(rows)
    rows = [["route_id", "agency_id", "route_short_name", "route_long_name", "route_desc", "route_type"]]
    rows[0] += ["route_url", "route_color", "route_text_color"]
    for r in g["routes"]:
        rows.append([r["id"], "KVT", r["short"], r["long"], "", r["type"], "", r["colour"], "FFFFFF"])
    files["routes.txt"] = _csv_text(rows, quote_all=True)
    rows = [["route_id", "service_id", "trip_id", "trip_headsign", "direction_id", "block_id", "shape_id"]]
    rows[0] += ["wheelchair_accessible", "bikes_allowed"]
    st_rows = [["trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence", "pickup_type"]]
    st_rows[0] += ["drop_off_type", "timepoint"]
    for tr in g["trips"]:
        rail = tr["route"] in ("RED", "BLUE")
        rows.append([tr["route"], tr["service"], tr["id"], tr["headsign"], tr["direction"], "", f"{tr['route']}_{tr['direction']}", 1, "" if rail else 1])  # fmt: skip
        last = len(tr["calls"]) - 1
        for i, (sid, arr, dep, timed) in enumerate(tr["calls"]):
            st_rows.append([tr["id"], _clock(arr) if timed else "", _clock(dep) if timed else "", sid, i + 1])
            st_rows[-1] += [1 if i == last else 0, 1 if i == 0 else 0, 1 if timed else 0]
    files["trips.txt"] = _csv_text(rows)
    files["stop_times.txt"] = _csv_text(st_rows)
    rows = [["service_id", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]]
    rows[0] += ["start_date", "end_date"]
    for s, flags in CALENDAR.items():
        rows.append([s, *flags, f"{GTFS_START:%Y%m%d}", f"{GTFS_END:%Y%m%d}"])
    files["calendar.txt"] = _csv_text(rows)
    rows = [["service_id", "date", "exception_type"]]
    for day in GTFS_HOLIDAYS:
        rows += [[WKDY, f"{day:%Y%m%d}", 2], [SUN, f"{day:%Y%m%d}", 1]]
    rows.append([EVT, f"{EVENT_DAY:%Y%m%d}", 1])
    files["calendar_dates.txt"] = _csv_text(rows)
    files["feed_info.txt"] = _csv_text(
        [
            ["feed_publisher_name", "feed_publisher_url", "feed_lang", "feed_start_date", "feed_end_date", "feed_version", "feed_contact_email"],
            ["Kestrel Valley Transit", "https://www.kestrelvalleytransit.org", "en", f"{GTFS_START:%Y%m%d}", f"{GTFS_END:%Y%m%d}", "2025.02.20-S25", "gtfs@kestrelvalleytransit.org"],
        ]
    )  # fmt: skip
    names = ["agency.txt", "calendar.txt", "calendar_dates.txt", "feed_info.txt", "routes.txt", "stop_times.txt"]
    names += ["stops.txt", "trips.txt"]
    with zipfile.ZipFile(d / GTFS_FILE, "w", zipfile.ZIP_DEFLATED) as z:
        for name in names:
            info = zipfile.ZipInfo(name, date_time=(2025, 2, 20, 14, 5, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, files[name].encode("utf-8"))


# =================================================================================================
# health: one person's Apple Health export, November 2023 to January 2025, living in London
# =================================================================================================

HEALTH_START, HEALTH_END = date(2023, 11, 1), date(2025, 1, 5)
HOME_TZ = "Europe/London"
TRAVEL = [(date(2024, 5, 17), date(2024, 5, 21), "Europe/Berlin"), (date(2024, 9, 12), date(2024, 9, 20), "America/New_York")]  # fmt: skip
WATCH = "Anna\u2019s Apple Watch"
PHONE = "Anna\u2019s iPhone"
WATCH_DEVICE = (
    "<<HKDevice: 0x{:x}>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:{}>"
)
PHONE_DEVICE = (
    "<<HKDevice: 0x{:x}>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,5, software:{}>"
)
SCALE_DEVICE = "<<HKDevice: 0x{:x}>, name:Body+, manufacturer:Withings, model:WBS05, hardware:5, software:1340>"
LB_FROM, LB_UNTIL = date(2024, 6, 10), date(2024, 8, 25)  # the scale broke; weights typed in by hand, in lb
LB = 0.45359237
MOVE_GOAL_CHANGE = date(2024, 6, 1)  # the Move goal went from 500 to 600 kcal


def _tz_on(day: date) -> str:
    for start, end, tz in TRAVEL:
        if start <= day <= end:
            return tz
    return HOME_TZ


def _at(day: date, minutes: float, tz: str) -> datetime:
    """Local wall-clock time `minutes` after midnight of `day` in `tz` (never inside a DST gap here)."""
    whole = int(minutes)
    base = datetime.combine(day, time(), tzinfo=ZoneInfo(tz))
    return base + timedelta(minutes=whole, seconds=round((minutes - whole) * 60))


def _software(day: date, watch: bool) -> str:
    if watch:
        return "10.1" if day < date(2024, 3, 10) else "10.4" if day < date(2024, 9, 20) else "11.1"
    return "17.1" if day < date(2024, 3, 10) else "17.4.1" if day < date(2024, 9, 20) else "18.1"


def _build_health(rng: random.Random) -> dict:
    steps: list[dict] = []
    hr: list[dict] = []
    weights: list[dict] = []
    sleep: list[dict] = []
    workouts: list[dict] = []
    summaries: list[dict] = []
    weight_kg = 68.4
    day = HEALTH_START
    while day <= HEALTH_END:
        tz = _tz_on(day)
        away = tz != HOME_TZ
        worn = rng.random() < 0.93
        wd = day.weekday()
        todays: list[dict] = []
        # workouts first (they add steps and heart rate)
        plan: list[tuple[str, float]] = []  # (activity, start minute)
        if wd in (1, 3) and rng.random() < 0.8:
            early = 0.7 if tz == "America/New_York" else 0.6
            plan.append(("Running", rng.uniform(6 * 60 + 5, 7 * 60 + 50) if rng.random() < early else rng.uniform(17 * 60 + 45, 19 * 60 + 30)))  # fmt: skip
        if wd == 6 and rng.random() < 0.85:
            plan.append(("Running", rng.uniform(8 * 60, 10 * 60 + 30)))
        if wd == 5 and rng.random() < 0.5:
            plan.append(("Walking", rng.uniform(10 * 60, 15 * 60)))
        if wd in (0, 2) and 4 <= day.month <= 9 and rng.random() < 0.18:
            plan.append(("Cycling", rng.uniform(17 * 60 + 30, 19 * 60)))
        if wd == 2 and not away and rng.random() < 0.6:
            plan.append(("Yoga", 19 * 60 + rng.choice([0, 0, 15])))
        if wd == 4 and rng.random() < 0.5:
            plan.append(("TraditionalStrengthTraining", rng.uniform(6 * 60 + 30, 7 * 60 + 35) if rng.random() < 0.5 else rng.uniform(18 * 60, 19 * 60)))  # fmt: skip
        if not worn:
            plan = []
        run_steps = 0
        for activity, start_min in plan:
            indoor = False
            dist = None
            if activity == "Running":
                long_run = wd == 6
                km = rng.uniform(10, 16) if long_run else rng.uniform(5, 9)
                if long_run and date(2024, 8, 15) <= day <= date(2024, 10, 13):
                    km += rng.uniform(2, 6)  # half-marathon training
                indoor = not long_run and day.month in (12, 1, 2) and rng.random() < 0.3
                pace = rng.uniform(5.15, 6.05)
                dur = km * pace
                dist = round(km, 5)
                energy = km * rng.uniform(58, 66)
                hr_avg = rng.randint(148, 162)
                hr_max = min(192, hr_avg + rng.randint(12, 30))
                run_steps += round(km * rng.uniform(1250, 1400))
            elif activity == "Walking":
                km = rng.uniform(3, 8)
                dur = km * rng.uniform(11, 13)
                dist = round(km, 5)
                energy = km * rng.uniform(45, 52)
                hr_avg, hr_max = rng.randint(95, 110), rng.randint(115, 128)
            elif activity == "Cycling":
                km = rng.uniform(15, 40)
                dur = km * rng.uniform(2.6, 3.3)
                dist = round(km, 5)
                energy = km * rng.uniform(18, 24)
                hr_avg, hr_max = rng.randint(128, 142), rng.randint(150, 172)
            elif activity == "Yoga":
                dur = rng.choice([45, 60, 60, 75]) + rng.uniform(-1, 1)
                energy = dur * rng.uniform(2.8, 3.4)
                hr_avg, hr_max = rng.randint(88, 100), rng.randint(110, 125)
            else:
                dur = rng.uniform(35, 55)
                energy = dur * rng.uniform(5.5, 6.8)
                hr_avg, hr_max = rng.randint(112, 125), rng.randint(140, 158)
            start = _at(day, start_min, tz)
            end = start + timedelta(seconds=round(dur * 60))
            w = {
                "activity": activity, "start": start, "end": end, "duration": dur, "distance": dist,
                "energy": round(energy, 3), "basal": round(dur * rng.uniform(1.05, 1.2), 3), "indoor": indoor,
                "tz": tz, "hr": (hr_avg, rng.randint(78, 100), hr_max), "temp_f": round(52 - 14 * math.cos(2 * math.pi * (day.timetuple().tm_yday - 20) / 365) + rng.gauss(0, 5)),
                "humidity": rng.randint(45, 98) * 100, "mets": round(energy / (dur / 60) / 60.0, 4),
                "created": end + timedelta(seconds=rng.randint(5, 90)), "ptr": rng.randint(0x280000000, 0x28FFFFFFF),
                "software": _software(day, True),
            }  # fmt: skip
            workouts.append(w)
            todays.append(w)
            for _ in range(2 if activity in ("Running", "Cycling") else 1):
                at = start + timedelta(seconds=rng.randint(60, max(61, int(dur * 60) - 60)))
                hr.append({"at": at, "value": rng.randint(hr_avg - 10, hr_max), "motion": 2})
        # steps: the watch counts everything it is worn for, the phone only what it is carried for
        base_steps = max(1500, round(rng.gauss(9200 if wd < 5 else 8200, 2600)))
        if away:
            base_steps += rng.randint(2000, 6000)  # sightseeing
        watch_total = base_steps + run_steps
        phone_total = round(base_steps * rng.uniform(0.55, 0.92))
        for source, total in ((WATCH, watch_total if worn else 0), (PHONE, phone_total)):
            if total <= 0:
                continue
            k = rng.randint(3, 6)
            starts = sorted(rng.sample(range(7 * 60, 21 * 60 + 30, 5), k))
            weights_ = [rng.random() + 0.2 for _ in range(k)]
            parts = [int(total * w / sum(weights_)) for w in weights_]
            parts[-1] += total - sum(parts)
            ptr = rng.randint(0x280000000, 0x28FFFFFFF)
            for s_min, value in zip(starts, parts):
                start = _at(day, s_min, tz)
                end = start + timedelta(minutes=rng.randint(4, 28), seconds=rng.randint(0, 59))
                steps.append({"source": source, "start": start, "end": end, "value": value, "ptr": ptr, "software": _software(day, source == WATCH), "created": end + timedelta(seconds=rng.randint(30, 900))})  # fmt: skip
        if worn:
            for _ in range(rng.randint(3, 4)):
                at = _at(day, rng.uniform(8 * 60, 22 * 60), tz)
                hr.append({"at": at, "value": rng.randint(58, 96), "motion": rng.choice([0, 1, 1])})
        # weight: the scale most mornings at home; typed in by hand in lb while the scale was broken
        weight_kg += rng.gauss(-0.006, 0.04)
        if not away and rng.random() < 0.4:
            value = weight_kg + rng.gauss(0, 0.35)
            at = _at(day, rng.uniform(6 * 60 + 50, 7 * 60 + 40), tz)
            if LB_FROM <= day <= LB_UNTIL:
                weights.append({"at": at, "value": round(value / LB, 1), "unit": "lb", "source": "Health"})
            else:
                weights.append({"at": at, "value": round(value, 2), "unit": "kg", "source": "Health Mate"})
        # sleep: stages recorded by the watch through the night that starts this evening
        zone = ZoneInfo(tz)
        bed = _at(day, rng.uniform(22 * 60 + 50, 24 * 60 - 5), tz).astimezone(UTC)
        t = bed + timedelta(minutes=rng.randint(5, 20))
        end_sleep = t + timedelta(seconds=round(rng.uniform(6.0, 8.4) * 3600))
        same_offset = bed.astimezone(zone).utcoffset() == (end_sleep + timedelta(hours=1)).astimezone(zone).utcoffset()
        # no sleep tracked on a travel night, nor on the two nights the clocks change (the watch was charging)
        if worn and _tz_on(day + timedelta(days=1)) == tz and day < HEALTH_END and same_offset:
            cycle = 0
            while t < end_sleep:
                stages = [("AsleepCore", rng.uniform(30, 50)), ("AsleepDeep", rng.uniform(25, 45) * (0.88**cycle))]
                stages += [("AsleepREM", rng.uniform(12, 25) * (1.15**cycle))]
                if rng.random() < 0.3:
                    stages.append(("Awake", rng.uniform(1, 6)))
                for stage, minutes in stages:
                    if t >= end_sleep:
                        break
                    seg_end = min(end_sleep, t + timedelta(seconds=round(minutes * 60)))
                    sleep.append({"stage": stage, "start": t.astimezone(zone), "end": seg_end.astimezone(zone), "source": WATCH})  # fmt: skip
                    t = seg_end
                cycle += 1
            sleep.append({"stage": "InBed", "start": bed.astimezone(zone), "end": (end_sleep + timedelta(minutes=rng.randint(3, 15))).astimezone(zone), "source": PHONE})  # fmt: skip
        # the day's Activity rings
        goal = 500 if day < MOVE_GOAL_CHANGE else 600
        if worn:
            active = 95 + watch_total * rng.uniform(0.017, 0.024) + sum(w["energy"] for w in todays)
            exercise = round(sum(w["duration"] for w in todays) + rng.uniform(0, 12))
            stand = rng.randint(8, 14)
        else:
            active, exercise, stand = rng.uniform(0, 25), 0, rng.randint(0, 2)
        summaries.append({"day": day, "active": round(active, 3), "goal": goal, "exercise": exercise, "stand": stand})
        day += timedelta(days=1)
    return {"steps": steps, "hr": hr, "weights": weights, "sleep": sleep, "workouts": workouts, "summaries": summaries}


def _hk(dt: datetime) -> str:
    return f"{dt:%Y-%m-%d %H:%M:%S %z}"


HEALTH_DTD = """<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 13 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Me EMPTY>
<!ATTLIST Me
  HKCharacteristicTypeIdentifierDateOfBirth                 CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBiologicalSex               CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBloodType                   CDATA #REQUIRED
  HKCharacteristicTypeIdentifierFitzpatrickSkinType         CDATA #REQUIRED
  HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!-- Note: Any Records that appear as children of a correlation also appear as top-level records in this document. -->
<!ELEMENT Correlation ((MetadataEntry|Record)*)>
<!ATTLIST Correlation
  type          CDATA #REQUIRED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
<!ATTLIST Workout
  workoutActivityType   CDATA #REQUIRED
  duration              CDATA #IMPLIED
  durationUnit          CDATA #IMPLIED
  totalDistance         CDATA #IMPLIED
  totalDistanceUnit     CDATA #IMPLIED
  totalEnergyBurned     CDATA #IMPLIED
  totalEnergyBurnedUnit CDATA #IMPLIED
  sourceName            CDATA #REQUIRED
  sourceVersion         CDATA #IMPLIED
  device                CDATA #IMPLIED
  creationDate          CDATA #IMPLIED
  startDate             CDATA #REQUIRED
  endDate               CDATA #REQUIRED
>
<!ELEMENT WorkoutEvent (MetadataEntry?)>
<!ATTLIST WorkoutEvent
  type         CDATA #REQUIRED
  date         CDATA #REQUIRED
  duration     CDATA #IMPLIED
  durationUnit CDATA #IMPLIED
>
<!ELEMENT WorkoutStatistics EMPTY>
<!ATTLIST WorkoutStatistics
  type      CDATA #REQUIRED
  startDate CDATA #REQUIRED
  endDate   CDATA #REQUIRED
  average   CDATA #IMPLIED
  minimum   CDATA #IMPLIED
  maximum   CDATA #IMPLIED
  sum       CDATA #IMPLIED
  unit      CDATA #IMPLIED
>
<!ELEMENT WorkoutRoute ((MetadataEntry|FileReference)*)>
<!ATTLIST WorkoutRoute
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT FileReference EMPTY>
<!ATTLIST FileReference
  path CDATA #REQUIRED
>
<!ELEMENT ActivitySummary EMPTY>
<!ATTLIST ActivitySummary
  dateComponents           CDATA #IMPLIED
  activeEnergyBurned       CDATA #IMPLIED
  activeEnergyBurnedGoal   CDATA #IMPLIED
  activeEnergyBurnedUnit   CDATA #IMPLIED
  appleMoveTime            CDATA #IMPLIED
  appleMoveTimeGoal        CDATA #IMPLIED
  appleExerciseTime        CDATA #IMPLIED
  appleExerciseTimeGoal    CDATA #IMPLIED
  appleStandHours          CDATA #IMPLIED
  appleStandHoursGoal      CDATA #IMPLIED
>
<!ELEMENT MetadataEntry EMPTY>
<!ATTLIST MetadataEntry
  key   CDATA #REQUIRED
  value CDATA #REQUIRED
>
]>
"""

DISTANCE_TYPE = {"Running": "DistanceWalkingRunning", "Walking": "DistanceWalkingRunning", "Cycling": "DistanceCycling"}


def _attrs(**kw) -> str:
    return " ".join(f"{k}={quoteattr(str(v))}" for k, v in kw.items() if v is not None)


def _write_health(t: Truth, d: Path) -> None:
    h = t.health
    out = ['<?xml version="1.0" encoding="UTF-8"?>', HEALTH_DTD.rstrip("\n"), '<HealthData locale="en_GB">']
    out.append(' <ExportDate value="2025-01-05 20:14:31 +0000"/>')
    out.append(
        ' <Me HKCharacteristicTypeIdentifierDateOfBirth="1988-04-12" HKCharacteristicTypeIdentifierBiologicalSex='
        '"HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" '
        'HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" '
        'HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>'
    )

    def record(kind: str, **kw) -> str:
        return f" <Record {_attrs(type=kind, **kw)}"

    for s in sorted(h["steps"], key=lambda s: (s["source"] != PHONE, s["start"])):
        template = WATCH_DEVICE if s["source"] == WATCH else PHONE_DEVICE
        out.append(
            record(
                "HKQuantityTypeIdentifierStepCount",
                sourceName=s["source"],
                sourceVersion=s["software"],
                device=template.format(s["ptr"], s["software"]),
                unit="count",
                creationDate=_hk(s["created"]),
                startDate=_hk(s["start"]),
                endDate=_hk(s["end"]),
                value=s["value"],
            )
            + "/>"  # fmt: skip
        )
    for r in sorted(h["hr"], key=lambda r: r["at"]):
        created = r["at"] + timedelta(seconds=3)
        out.append(
            record(
                "HKQuantityTypeIdentifierHeartRate",
                sourceName=WATCH,
                sourceVersion="10.4",
                device=WATCH_DEVICE.format(0x283F1A2B0, "10.4"),
                unit="count/min",
                creationDate=_hk(created),
                startDate=_hk(r["at"]),
                endDate=_hk(r["at"]),
                value=r["value"],
            )
            + ">"  # fmt: skip
        )
        out.append(f'  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="{r["motion"]}"/>')
        out.append(" </Record>")
    for w in sorted(h["weights"], key=lambda w: w["at"]):
        if w["source"] == "Health":
            out.append(record("HKQuantityTypeIdentifierBodyMass", sourceName="Health", sourceVersion="17.4.1", unit=w["unit"], creationDate=_hk(w["at"]), startDate=_hk(w["at"]), endDate=_hk(w["at"]), value=w["value"]) + ">")  # fmt: skip
            out.append('  <MetadataEntry key="HKWasUserEntered" value="1"/>')
            out.append(" </Record>")
        else:
            created = w["at"] + timedelta(minutes=2)
            out.append(record("HKQuantityTypeIdentifierBodyMass", sourceName="Health Mate", sourceVersion="60301", device=SCALE_DEVICE.format(0x2839D7C40), unit=w["unit"], creationDate=_hk(created), startDate=_hk(w["at"]), endDate=_hk(w["at"]), value=w["value"]) + "/>")  # fmt: skip
    for s in sorted(h["sleep"], key=lambda s: (s["source"] != PHONE, s["start"])):
        src = {"sourceName": s["source"], "sourceVersion": "10.4" if s["source"] == WATCH else "17.4.1"}
        out.append(
            record(
                "HKCategoryTypeIdentifierSleepAnalysis",
                **src,
                creationDate=_hk(s["end"] + timedelta(minutes=9)),
                startDate=_hk(s["start"]),
                endDate=_hk(s["end"]),
                value=f"HKCategoryValueSleepAnalysis{s['stage']}",
            )
            + "/>"  # fmt: skip
        )
    for w in h["workouts"]:
        head = _attrs(
            workoutActivityType=f"HKWorkoutActivityType{w['activity']}", duration=f"{w['duration']:.10g}",
            durationUnit="min", sourceName=WATCH, sourceVersion=w["software"],
            device=WATCH_DEVICE.format(w["ptr"], w["software"]), creationDate=_hk(w["created"]),
            startDate=_hk(w["start"]), endDate=_hk(w["end"]),
        )  # fmt: skip
        out.append(f" <Workout {head}>")
        if w["activity"] in ("Running", "Walking", "Cycling"):
            out.append(f'  <MetadataEntry key="HKIndoorWorkout" value="{int(w["indoor"])}"/>')
        out.append(f'  <MetadataEntry key="HKTimeZone" value="{w["tz"]}"/>')
        if not w["indoor"] and w["activity"] in ("Running", "Walking", "Cycling"):
            out.append(f'  <MetadataEntry key="HKWeatherHumidity" value="{w["humidity"]} %"/>')
            out.append(f'  <MetadataEntry key="HKWeatherTemperature" value="{w["temp_f"]} degF"/>')
        out.append(f'  <MetadataEntry key="HKAverageMETs" value="{w["mets"]:g} kcal/hr·kg"/>')
        span = {"startDate": _hk(w["start"]), "endDate": _hk(w["end"])}

        def stat(kind: str, span=span, **kw) -> str:
            return f"  <WorkoutStatistics {_attrs(type='HKQuantityTypeIdentifier' + kind, **span, **kw)}/>"

        out.append(stat("ActiveEnergyBurned", sum=w["energy"], unit="kcal"))
        out.append(stat("BasalEnergyBurned", sum=w["basal"], unit="kcal"))
        if w["distance"] is not None:
            out.append(stat(DISTANCE_TYPE[w["activity"]], sum=w["distance"], unit="km"))
        avg, lo, hi = w["hr"]
        out.append(stat("HeartRate", average=avg, minimum=lo, maximum=hi, unit="count/min"))
        if w["distance"] is not None and not w["indoor"]:
            hour = w["start"].hour % 12 or 12
            stamp = f"{w['start']:%Y-%m-%d}_{hour}.{w['start']:%M}{'am' if w['start'].hour < 12 else 'pm'}"
            out.append(f"  <WorkoutRoute {_attrs(sourceName=WATCH, sourceVersion=w['software'], creationDate=_hk(w['created']), **span)}>")  # fmt: skip
            out.append('   <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>')
            out.append(f'   <FileReference path="/workout-routes/route_{stamp}.gpx"/>')
            out.append("  </WorkoutRoute>")
        out.append(" </Workout>")
    for s in h["summaries"]:
        out.append(
            f' <ActivitySummary dateComponents="{s["day"]:%Y-%m-%d}" activeEnergyBurned="{s["active"]}" '
            f'activeEnergyBurnedGoal="{s["goal"]}" activeEnergyBurnedUnit="kcal" appleMoveTime="0" appleMoveTimeGoal="0" '
            f'appleExerciseTime="{s["exercise"]}" appleExerciseTimeGoal="30" appleStandHours="{s["stand"]}" '
            'appleStandHoursGoal="12"/>'
        )
    out.append("</HealthData>")
    (d / HEALTH_FILE).write_bytes(("\n".join(out) + "\n").encode("utf-8"))


# =================================================================================================
# world: World Bank economies (a DataBank WDI extract and the API's country list)
# =================================================================================================

REGIONS = {
    "EAS": ("Z4", "East Asia & Pacific"), "ECS": ("Z7", "Europe & Central Asia"),
    "LCN": ("ZJ", "Latin America & Caribbean "), "MEA": ("ZQ", "Middle East & North Africa"),
    "NAC": ("XU", "North America"), "SAS": ("8S", "South Asia"), "SSF": ("ZG", "Sub-Saharan Africa "),
}  # fmt: skip
ADMIN = {"EAS": "EAP", "ECS": "ECA", "LCN": "LAC", "MEA": "MNA", "SAS": "SAS", "SSF": "SSA"}
INCOMES = {
    "HIC": ("XD", "High income"), "UMC": ("XT", "Upper middle income"), "LMC": ("XN", "Lower middle income"),
    "LIC": ("XM", "Low income"), "INX": ("XY", "Not classified"),
}  # fmt: skip
LENDING = {"IBD": ("XF", "IBRD"), "IDB": ("XH", "Blend"), "IDX": ("XI", "IDA"), "LNX": ("XX", "Not classified")}
# code, iso2, World Bank name, region, income, lending, capital, lon, lat, population 2023 (millions),
# GDP per capita 2023 (US$), life expectancy 2022, internet users % 2015 and 2023 (None = no value),
# last year with a GDP figure, the survey's name for the country (None: not a survey country)
COUNTRIES = [
    ("USA", "US", "United States", "NAC", "HIC", "LNX", "Washington D.C.", -77.032, 38.8895, 334.9, 80700, 77.4, 74.6, 92.0, 2023, "United States of America"),
    ("GBR", "GB", "United Kingdom", "ECS", "HIC", "LNX", "London", -0.126236, 51.5002, 67.7, 48900, 80.7, 92.0, 95.5, 2023, "United Kingdom of Great Britain and Northern Ireland"),
    ("DEU", "DE", "Germany", "ECS", "HIC", "LNX", "Berlin", 13.4115, 52.5235, 84.5, 52700, 80.7, 87.6, 92.5, 2023, "Germany"),
    ("IND", "IN", "India", "SAS", "LMC", "IBD", "New Delhi", 77.225, 28.6353, 1428.6, 2480, 67.7, 14.9, None, 2023, "India"),
    ("CAN", "CA", "Canada", "NAC", "HIC", "LNX", "Ottawa", -75.6919, 45.4215, 40.1, 53400, 81.3, 90.0, 94.0, 2023, "Canada"),
    ("FRA", "FR", "France", "ECS", "HIC", "LNX", "Paris", 2.35097, 48.8566, 68.2, 44500, 82.3, 78.0, 86.0, 2023, "France"),
    ("POL", "PL", "Poland", "ECS", "HIC", "LNX", "Warsaw", 21.02, 52.26, 36.7, 22100, 77.4, 68.0, 87.0, 2023, "Poland"),
    ("NLD", "NL", "Netherlands", "ECS", "HIC", "LNX", "Amsterdam", 4.89095, 52.3738, 17.9, 64600, 81.7, 91.7, 97.0, 2023, "Netherlands"),
    ("BRA", "BR", "Brazil", "LCN", "UMC", "IBD", "Brasilia", -47.9292, -15.7801, 216.4, 10000, 73.4, 58.3, 84.0, 2023, "Brazil"),
    ("AUS", "AU", "Australia", "EAS", "HIC", "LNX", "Canberra", 149.129, -35.282, 26.6, 64700, 83.2, 84.6, 96.0, 2023, "Australia"),
    ("ESP", "ES", "Spain", "ECS", "HIC", "LNX", "Madrid", -3.70327, 40.4167, 48.4, 33500, 83.2, 78.7, 95.0, 2023, "Spain"),
    ("ITA", "IT", "Italy", "ECS", "HIC", "LNX", "Rome", 12.4823, 41.8955, 58.8, 38400, 82.9, 58.1, 86.0, 2023, "Italy"),
    ("SWE", "SE", "Sweden", "ECS", "HIC", "LNX", "Stockholm", 18.0645, 59.3327, 10.5, 55500, 83.1, 90.6, 96.0, 2023, "Sweden"),
    ("CHE", "CH", "Switzerland", "ECS", "HIC", "LNX", "Bern", 7.44821, 46.948, 8.8, 99900, 83.5, 87.5, 96.0, 2023, "Switzerland"),
    ("AUT", "AT", "Austria", "ECS", "HIC", "LNX", "Vienna", 16.3798, 48.2201, 9.1, 56500, 81.1, 83.9, 95.0, 2023, "Austria"),
    ("RUS", "RU", "Russian Federation", "ECS", "HIC", "IBD", "Moscow", 37.6176, 55.7558, 143.8, 13800, 72.0, 70.1, 92.0, 2023, "Russian Federation"),
    ("UKR", "UA", "Ukraine", "ECS", "UMC", "IBD", "Kiev", 30.5038, 50.4536, 37.7, 5100, 68.6, 48.9, 79.0, 2023, "Ukraine"),
    ("ISR", "IL", "Israel", "MEA", "HIC", "LNX", "Jerusalem", 35.2035, 31.7717, 9.8, 52200, 82.7, 77.4, 91.0, 2023, "Israel"),
    ("CZE", "CZ", "Czechia", "ECS", "HIC", "LNX", "Prague", 14.4205, 50.0878, 10.9, 31000, 77.9, 75.7, 85.0, 2023, "Czech Republic"),
    ("BEL", "BE", "Belgium", "ECS", "HIC", "LNX", "Brussels", 4.36761, 50.8371, 11.8, 53500, 81.8, 85.1, 94.0, 2023, "Belgium"),
    ("DNK", "DK", "Denmark", "ECS", "HIC", "LNX", "Copenhagen", 12.5681, 55.6763, 5.9, 68300, 81.4, 96.3, 98.0, 2023, "Denmark"),
    ("NOR", "NO", "Norway", "ECS", "HIC", "LNX", "Oslo", 10.7387, 59.9138, 5.5, 87900, 82.9, 96.8, 99.0, 2023, "Norway"),
    ("FIN", "FI", "Finland", "ECS", "HIC", "LNX", "Helsinki", 24.9525, 60.1608, 5.6, 52900, 81.2, 86.4, 94.0, 2023, "Finland"),
    ("PRT", "PT", "Portugal", "ECS", "HIC", "LNX", "Lisbon", -9.13552, 38.7072, 10.5, 27300, 81.8, 68.6, 86.0, 2023, "Portugal"),
    ("ROU", "RO", "Romania", "ECS", "HIC", "IBD", "Bucharest", 26.0979, 44.4479, 19.0, 18400, 75.3, 55.8, 89.0, 2023, "Romania"),
    ("TUR", "TR", "Turkiye", "ECS", "UMC", "IBD", "Ankara", 32.3606, 39.7153, 85.3, 13000, 76.0, 53.7, 86.0, 2023, "Turkey"),
    ("IRN", "IR", "Iran, Islamic Rep.", "MEA", "LMC", "IBD", "Tehran", 51.4447, 35.6878, 89.2, 4500, 74.6, 45.3, 79.0, 2023, "Iran, Islamic Republic of..."),
    ("PAK", "PK", "Pakistan", "SAS", "LMC", "IDB", "Islamabad", 72.8, 30.5167, 240.5, 1400, 66.4, 14.0, None, 2023, "Pakistan"),
    ("BGD", "BD", "Bangladesh", "SAS", "LMC", "IDX", "Dhaka", 90.4113, 23.7055, 173.0, 2500, 72.4, 14.4, 45.0, 2023, "Bangladesh"),
    ("NGA", "NG", "Nigeria", "SSF", "LMC", "IDB", "Abuja", 7.48906, 9.05804, 223.8, 1600, 53.6, 24.5, 39.0, 2023, "Nigeria"),
    ("MEX", "MX", "Mexico", "LCN", "UMC", "IBD", "Mexico City", -99.1276, 19.427, 128.5, 13900, 73.0, 57.4, 81.0, 2023, "Mexico"),
    ("ARG", "AR", "Argentina", "LCN", "UMC", "IBD", "Buenos Aires", -58.4173, -34.6118, 46.7, 13700, 76.1, 68.0, 89.0, 2023, "Argentina"),
    ("IDN", "ID", "Indonesia", "EAS", "UMC", "IBD", "Jakarta", 106.83, -6.19752, 277.5, 4900, 68.3, 22.0, 69.0, 2023, "Indonesia"),
    ("CHN", "CN", "China", "EAS", "UMC", "IBD", "Beijing", 116.286, 40.0495, 1410.7, 12600, 78.6, 50.3, 90.0, 2023, "China"),
    ("JPN", "JP", "Japan", "EAS", "HIC", "LNX", "Tokyo", 139.77, 35.67, 124.5, 33800, 84.0, 91.1, None, 2023, "Japan"),
    ("KOR", "KR", "Korea, Rep.", "EAS", "HIC", "LNX", "Seoul", 126.957, 37.5323, 51.7, 33100, 82.7, 89.9, 97.0, 2023, "Republic of Korea"),
    ("ZAF", "ZA", "South Africa", "SSF", "UMC", "IBD", "Pretoria", 28.1871, -25.746, 60.4, 6000, 62.3, 51.9, 75.0, 2023, "South Africa"),
    ("EGY", "EG", "Egypt, Arab Rep.", "MEA", "LMC", "IBD", "Cairo", 31.2461, 30.0982, 112.7, 3500, 70.2, 37.8, 73.0, 2023, "Egypt"),
    ("VNM", "VN", "Viet Nam", "EAS", "LMC", "IBD", "Hanoi", 105.825, 21.0069, 98.9, 4300, 74.6, 45.0, 79.0, 2023, "Viet Nam"),
    ("PHL", "PH", "Philippines", "EAS", "LMC", "IBD", "Manila", 121.035, 14.5515, 117.3, 3800, 71.7, 36.9, 83.0, 2023, "Philippines"),
    ("GRC", "GR", "Greece", "ECS", "HIC", "LNX", "Athens", 23.7166, 37.9792, 10.4, 23400, 81.0, 66.8, 85.0, 2023, "Greece"),
    ("HUN", "HU", "Hungary", "ECS", "HIC", "LNX", "Budapest", 19.0408, 47.4984, 9.6, 22100, 76.2, 72.8, 91.0, 2023, "Hungary"),
    ("NZL", "NZ", "New Zealand", "EAS", "HIC", "LNX", "Wellington", 174.776, -41.2865, 5.2, 48500, 82.1, 88.2, 96.0, 2023, "New Zealand"),
    ("IRL", "IE", "Ireland", "ECS", "HIC", "LNX", "Dublin", -6.26749, 53.3441, 5.3, 103700, 82.6, 80.1, 95.0, 2023, "Ireland"),
    ("SVK", "SK", "Slovak Republic", "ECS", "HIC", "LNX", "Bratislava", 17.1073, 48.1484, 5.4, 24500, 77.2, 77.6, 89.0, 2023, "Slovakia"),
    ("HKG", "HK", "Hong Kong SAR, China", "EAS", "HIC", "LNX", "", 114.109, 22.3964, 7.5, 50500, 85.5, 84.9, 96.0, 2023, "Hong Kong (S.A.R.)"),
    ("KEN", "KE", "Kenya", "SSF", "LMC", "IDB", "Nairobi", 36.8126, -1.27975, 55.1, 1950, 62.7, 16.6, None, 2023, "Kenya"),
    ("COL", "CO", "Colombia", "LCN", "UMC", "IBD", "Bogota", -74.082, 4.60987, 52.1, 6900, 73.0, 55.9, 77.0, 2023, "Colombia"),
    ("CHL", "CL", "Chile", "LCN", "HIC", "IBD", "Santiago", -70.6475, -33.475, 19.6, 17100, 79.5, 76.6, 94.0, 2023, "Chile"),
    ("LKA", "LK", "Sri Lanka", "SAS", "LMC", "IBD", "Colombo", 79.8528, 6.92148, 22.0, 3800, 76.6, 30.0, 50.0, 2023, "Sri Lanka"),
    ("NPL", "NP", "Nepal", "SAS", "LMC", "IDX", "Kathmandu", 85.3157, 27.6939, 30.9, 1300, 70.5, 17.6, 56.0, 2023, "Nepal"),
    ("BGR", "BG", "Bulgaria", "ECS", "UMC", "IBD", "Sofia", 23.3238, 42.7105, 6.4, 15800, 73.6, 56.7, 80.0, 2023, "Bulgaria"),
    ("SRB", "RS", "Serbia", "ECS", "UMC", "IBD", "Belgrade", 20.4656, 44.8024, 6.6, 10500, 74.2, 65.3, 85.0, 2023, "Serbia"),
    ("HRV", "HR", "Croatia", "ECS", "HIC", "LNX", "Zagreb", 15.9614, 45.8069, 3.9, 21900, 77.6, 69.8, 84.0, 2023, "Croatia"),
    ("VEN", "VE", "Venezuela, RB", "LCN", "INX", "IBD", "Caracas", -69.8371, 9.08165, 28.8, 0, 71.1, 57.0, None, 2014, "Venezuela, Bolivarian Republic of..."),
    ("MAR", "MA", "Morocco", "MEA", "LMC", "IBD", "Rabat", -6.8704, 33.9905, 37.8, 3700, 74.0, 57.1, 90.0, 2023, "Morocco"),
    ("SGP", "SG", "Singapore", "EAS", "HIC", "LNX", "Singapore", 103.85, 1.28941, 5.9, 84700, 83.0, 79.0, 94.0, 2023, "Singapore"),
    ("MYS", "MY", "Malaysia", "EAS", "UMC", "IBD", "Kuala Lumpur", 101.684, 3.12433, 34.3, 11600, 76.0, 71.1, 97.0, 2023, "Malaysia"),
    ("ETH", "ET", "Ethiopia", "SSF", "LIC", "IDX", "Addis Ababa", 38.7468, 9.02274, 126.5, 1300, 65.0, 13.9, None, 2023, None),
    ("GHA", "GH", "Ghana", "SSF", "LMC", "IDX", "Accra", -0.20795, 5.57045, 34.1, 2200, 64.1, 23.5, 70.0, 2023, None),
    ("TZA", "TZ", "Tanzania", "SSF", "LMC", "IDX", "Dodoma", 35.7382, -6.17221, 67.4, 1200, 66.2, 5.0, 32.0, 2023, None),
    ("UGA", "UG", "Uganda", "SSF", "LIC", "IDX", "Kampala", 32.5729, 0.314269, 48.6, 1000, 63.0, 17.8, 27.0, 2023, None),
    ("SEN", "SN", "Senegal", "SSF", "LMC", "IDX", "Dakar", -17.4734, 14.7247, 17.8, 1700, 68.0, 21.7, 60.0, 2023, None),
    ("CIV", "CI", "Cote d'Ivoire", "SSF", "LMC", "IDB", "Yamoussoukro", -4.0305, 5.332, 28.9, 2600, 59.0, 38.4, 45.0, 2023, None),
    ("AGO", "AO", "Angola", "SSF", "LMC", "IBD", "Luanda", 13.242, -8.81155, 36.7, 2300, 61.9, 22.0, 45.0, 2023, None),
    ("ERI", "ER", "Eritrea", "SSF", "LIC", "IDX", "Asmara", 38.9183, 15.3315, 3.7, 0, 66.5, 1.1, None, 2011, None),
    ("SSD", "SS", "South Sudan", "SSF", "LIC", "IDX", "Juba", 31.6, 4.85, 11.1, 0, 55.5, 4.5, None, 2015, None),
    ("SAU", "SA", "Saudi Arabia", "MEA", "HIC", "LNX", "Riyadh", 46.6977, 24.6748, 36.9, 30400, 78.7, 69.6, 100.0, 2023, None),
    ("ARE", "AE", "United Arab Emirates", "MEA", "HIC", "LNX", "Abu Dhabi", 54.3705, 24.4764, 10.6, 52900, 79.2, 90.5, 100.0, 2023, None),
    ("QAT", "QA", "Qatar", "MEA", "HIC", "LNX", "Doha", 51.5082, 25.2948, 2.7, 81400, 81.6, 92.9, 99.7, 2023, None),
    ("JOR", "JO", "Jordan", "MEA", "UMC", "IBD", "Amman", 35.9263, 31.9497, 11.3, 4500, 74.3, 60.1, 92.0, 2023, None),
    ("DZA", "DZ", "Algeria", "MEA", "UMC", "IBD", "Algiers", 3.05097, 36.7397, 45.6, 5400, 76.3, 38.2, 76.0, 2023, None),
    ("TUN", "TN", "Tunisia", "MEA", "LMC", "IBD", "Tunis", 10.21, 36.7899, 12.5, 4000, 76.7, 46.5, 79.0, 2023, None),
    ("YEM", "YE", "Yemen, Rep.", "MEA", "LIC", "IDX", "Sana'a", 44.2075, 15.3522, 34.4, 0, 63.7, 24.6, None, 2018, None),
    ("SYR", "SY", "Syrian Arab Republic", "MEA", "LIC", "IDX", "Damascus", 36.3119, 33.5146, 23.2, 0, 72.1, 30.0, None, 2021, None),
    ("LBN", "LB", "Lebanon", "MEA", "LMC", "IBD", "Beirut", 35.5134, 33.8872, 5.4, 3300, 74.2, 74.0, 88.0, 2023, None),
    ("PER", "PE", "Peru", "LCN", "UMC", "IBD", "Lima", -77.0465, -12.0931, 34.4, 7800, 73.0, 40.9, 79.0, 2023, None),
    ("ECU", "EC", "Ecuador", "LCN", "UMC", "IBD", "Quito", -78.5243, -0.229498, 18.2, 6500, 77.6, 48.9, 73.0, 2023, None),
    ("BOL", "BO", "Bolivia", "LCN", "LMC", "IBD", "La Paz", -68.1336, -16.4955, 12.4, 3700, 64.9, 35.6, 70.0, 2023, None),
    ("URY", "UY", "Uruguay", "LCN", "HIC", "IBD", "Montevideo", -56.0675, -34.8941, 3.4, 22800, 78.0, 64.6, 90.0, 2023, None),
    ("CUB", "CU", "Cuba", "LCN", "UMC", "LNX", "Havana", -82.3667, 23.1333, 11.2, 0, 78.1, 37.3, None, 2020, None),
    ("THA", "TH", "Thailand", "EAS", "UMC", "IBD", "Bangkok", 100.521, 13.7308, 71.8, 7200, 79.7, 39.3, 89.0, 2023, None),
    ("MMR", "MM", "Myanmar", "EAS", "LMC", "IDX", "Naypyidaw", 95.9562, 21.914, 54.6, 1200, 66.9, 21.8, 58.0, 2023, None),
    ("KHM", "KH", "Cambodia", "EAS", "LMC", "IDX", "Phnom Penh", 104.874, 11.5556, 17.4, 2400, 69.9, 18.0, 60.0, 2023, None),
    ("MNG", "MN", "Mongolia", "EAS", "LMC", "IDB", "Ulaanbaatar", 106.937, 47.9129, 3.4, 5800, 71.3, 22.3, 83.0, 2023, None),
    ("KAZ", "KZ", "Kazakhstan", "ECS", "UMC", "IBD", "Astana", 71.4382, 51.1879, 19.9, 13100, 73.2, 70.8, 92.0, 2023, None),
    ("UZB", "UZ", "Uzbekistan", "ECS", "LMC", "IDB", "Tashkent", 69.269, 41.3052, 36.4, 2500, 71.7, 42.8, 89.0, 2023, None),
    ("GEO", "GE", "Georgia", "ECS", "UMC", "IBD", "Tbilisi", 44.793, 41.71, 3.7, 8100, 71.7, 50.0, 81.0, 2023, None),
    ("PNG", "PG", "Papua New Guinea", "EAS", "LMC", "IDB", "Port Moresby", 147.194, -9.47357, 10.3, 3000, 65.4, 7.9, None, 2023, None),
    ("FJI", "FJ", "Fiji", "EAS", "UMC", "IDB", "Suva", 178.399, -18.1149, 0.94, 5900, 67.1, 42.5, None, 2023, None),
    ("AFG", "AF", "Afghanistan", "SAS", "LIC", "IDX", "Kabul", 69.1761, 34.5228, 41.5, 410, 62.9, 8.3, None, 2022, None),
]  # fmt: skip
# countries the API lists that the extract has no rows for: code, iso2, name, region, income, lending, capital, lon, lat
API_ONLY = [
    ("ABW", "AW", "Aruba", "LCN", "HIC", "LNX", "Oranjestad", -70.0167, 12.5167),
    ("AND", "AD", "Andorra", "ECS", "HIC", "LNX", "Andorra la Vella", 1.5218, 42.5075),
    ("BDI", "BI", "Burundi", "SSF", "LIC", "IDX", "Bujumbura", 29.3639, -3.3784),
    ("BTN", "BT", "Bhutan", "SAS", "LMC", "IDX", "Thimphu", 89.6177, 27.5768),
    ("BWA", "BW", "Botswana", "SSF", "UMC", "IBD", "Gaborone", 25.9201, -24.6544),
    ("CRI", "CR", "Costa Rica", "LCN", "UMC", "IBD", "San Jose", -84.0089, 9.63701),
    ("DJI", "DJ", "Djibouti", "MEA", "LMC", "IDX", "Djibouti", 43.1425, 11.5806),
    ("GAB", "GA", "Gabon", "SSF", "UMC", "IBD", "Libreville", 9.45162, 0.38832),
    ("ISL", "IS", "Iceland", "ECS", "HIC", "LNX", "Reykjavik", -21.8952, 64.1353),
    ("KWT", "KW", "Kuwait", "MEA", "HIC", "LNX", "Kuwait City", 47.9824, 29.3721),
    ("LAO", "LA", "Lao PDR", "EAS", "LMC", "IDX", "Vientiane", 102.177, 18.5826),
    ("LSO", "LS", "Lesotho", "SSF", "LMC", "IDX", "Maseru", 27.7167, -29.5208),
    ("MLI", "ML", "Mali", "SSF", "LIC", "IDX", "Bamako", -7.50034, 13.5667),
    ("MLT", "MT", "Malta", "MEA", "HIC", "LNX", "Valletta", 14.5189, 35.9042),
    ("NAM", "NA", "Namibia", "SSF", "UMC", "IBD", "Windhoek", 17.0931, -22.5648),
    ("OMN", "OM", "Oman", "MEA", "HIC", "LNX", "Muscat", 58.5874, 23.6105),
    ("PAN", "PA", "Panama", "LCN", "HIC", "IBD", "Panama City", -79.5188, 8.99427),
    ("PRY", "PY", "Paraguay", "LCN", "UMC", "IBD", "Asuncion", -57.6362, -25.3005),
    ("RWA", "RW", "Rwanda", "SSF", "LIC", "IDX", "Kigali", 30.0587, -1.95325),
    ("SOM", "SO", "Somalia", "SSF", "LIC", "IDX", "Mogadishu", 45.3254, 2.07515),
    ("TCD", "TD", "Chad", "SSF", "LIC", "IDX", "N'Djamena", 15.0445, 12.1048),
    ("TGO", "TG", "Togo", "SSF", "LIC", "IDX", "Lome", 1.2255, 6.1228),
    ("ZMB", "ZM", "Zambia", "SSF", "LMC", "IDX", "Lusaka", 28.2937, -15.3982),
    ("ZWE", "ZW", "Zimbabwe", "SSF", "LMC", "IDB", "Harare", 31.0672, -17.8312),
]  # fmt: skip
EURO_AREA = ["AUT", "BEL", "DEU", "ESP", "FIN", "FRA", "GRC", "HRV", "IRL", "ITA", "NLD", "PRT", "SVK"]
EU = [*EURO_AREA, "BGR", "CZE", "DNK", "HUN", "POL", "ROU", "SWE"]
OECD = [*EU[:13], "CZE", "DNK", "HUN", "POL", "SWE", "USA", "GBR", "CAN", "AUS", "CHE", "ISR", "NOR", "TUR"]
OECD += ["JPN", "KOR", "NZL", "MEX", "COL", "CHL"]
# aggregate code, iso2, name, members (a function of a country row)
AGGREGATES = [
    ("WLD", "1W", "World", lambda c: True),
    ("HIC", "XD", "High income", lambda c: c["income"] == "HIC"),
    ("UMC", "XT", "Upper middle income", lambda c: c["income"] == "UMC"),
    ("LMC", "XN", "Lower middle income", lambda c: c["income"] == "LMC"),
    ("LIC", "XM", "Low income", lambda c: c["income"] == "LIC"),
    ("EAS", "Z4", "East Asia & Pacific", lambda c: c["region"] == "EAS"),
    ("ECS", "Z7", "Europe & Central Asia", lambda c: c["region"] == "ECS"),
    ("LCN", "ZJ", "Latin America & Caribbean", lambda c: c["region"] == "LCN"),
    ("MEA", "ZQ", "Middle East & North Africa", lambda c: c["region"] == "MEA"),
    ("NAC", "XU", "North America", lambda c: c["region"] == "NAC"),
    ("SAS", "8S", "South Asia", lambda c: c["region"] == "SAS"),
    ("SSF", "ZG", "Sub-Saharan Africa", lambda c: c["region"] == "SSF"),
    ("EMU", "XC", "Euro area", lambda c: c["code"] in EURO_AREA),
    ("EUU", "EU", "European Union", lambda c: c["code"] in EU),
    ("OED", "OE", "OECD members", lambda c: c["code"] in OECD),
]
API_ONLY_AGGREGATES = [("ARB", "1A", "Arab World"), ("CEB", "B8", "Central Europe and the Baltics")]
API_ONLY_AGGREGATES += [("FCS", "F1", "Fragile and conflict affected situations"), ("IDA", "XG", "IDA total")]
API_ONLY_AGGREGATES += [("LDC", "XL", "Least developed countries: UN classification")]
SERIES = [
    ("SP.POP.TOTL", "Population, total"),
    ("NY.GDP.MKTP.CD", "GDP (current US$)"),
    ("NY.GDP.PCAP.CD", "GDP per capita (current US$)"),
    ("SP.DYN.LE00.IN", "Life expectancy at birth, total (years)"),
    ("IT.NET.USER.ZS", "Individuals using the Internet (% of population)"),
]
YEARS = list(range(2015, 2024))
POP_GROWTH = {"HIC": 0.004, "UMC": 0.006, "LMC": 0.016, "LIC": 0.027, "INX": -0.005}
POP_GROWTH_OF = {"JPN": -0.004, "CHN": 0.0, "RUS": -0.001, "UKR": -0.03, "BGR": -0.007, "SRB": -0.006}
POP_GROWTH_OF |= {"ROU": -0.005, "HRV": -0.006, "GRC": -0.004, "KOR": 0.001, "ITA": -0.002, "SYR": 0.01}


def _build_world(rng: random.Random) -> tuple[list[dict], list[dict]]:
    economies = []
    for code, iso2, name, region, income, lending, capital, lon, lat, pop_m, gdppc, le22, net15, net23, gdp_last, survey in COUNTRIES:  # fmt: skip
        g = POP_GROWTH_OF.get(code, POP_GROWTH[income]) + rng.gauss(0, 0.002)
        pop = {y: round(pop_m * 1e6 * (1 + g) ** (y - 2023) * (1 + rng.gauss(0, 0.001))) for y in YEARS}
        if code == "UKR":
            pop = {y: round(pop[y] * (1.12 if y < 2022 else 1.0)) for y in YEARS}
        if gdppc == 0:  # no GDP since `gdp_last`: invent the level it would have had
            gdppc = {"VEN": 3800, "ERI": 640, "SSD": 1100, "YEM": 650, "SYR": 1200, "CUB": 9500}[code]
        pc = {2023: gdppc * (1 + rng.gauss(0, 0.02))}
        for y in range(2022, 2014, -1):
            growth = rng.gauss(0.035, 0.05) + (-0.07 if y + 1 == 2021 else 0.06 if y + 1 == 2022 else 0)
            pc[y] = pc[y + 1] / (1 + growth)
        gdp = {y: pc[y] * pop[y] if y <= gdp_last else None for y in YEARS}
        gdp_pc = {y: pc[y] if y <= gdp_last else None for y in YEARS}
        le = {}
        for y in YEARS:
            dip = {2020: -0.9, 2021: -1.3}.get(y, 0.0) * (0.6 if income in ("LIC", "LMC") else 1.0)
            le[y] = (
                None if y == 2023 else le22 - 0.18 * (2022 - y) + dip + rng.gauss(0, 0.08) + (0.45 if y == 2022 else 0)
            )
        le[2022] = le22 + rng.gauss(0, 0.05)
        net = {}
        end = net23 if net23 is not None else min(99.0, net15 + rng.uniform(15, 35))
        for y in YEARS:
            share = (y - 2015) / 8
            v = net15 + (end - net15) * share ** rng.uniform(0.8, 1.2) + (rng.gauss(0, 0.6) if 2015 < y < 2023 else 0)
            net[y] = min(100.0, max(0.1, v))
        if net23 is None:
            net[2023] = None
            if rng.random() < 0.5:
                net[2022] = None
        if code in ("ERI", "SSD"):
            for y in YEARS[-5:]:
                net[y] = None
        series = {
            "SP.POP.TOTL": pop, "NY.GDP.MKTP.CD": gdp, "NY.GDP.PCAP.CD": gdp_pc, "SP.DYN.LE00.IN": le,
            "IT.NET.USER.ZS": net,
        }  # fmt: skip
        economies.append(
            {"code": code, "iso2": iso2, "name": name, "region": region, "income": income, "lending": lending}
            | {"capital": capital, "lon": lon, "lat": lat, "survey": survey, "series": series, "aggregate": False}
        )
    for code, iso2, name, member in AGGREGATES:
        members = [c for c in economies if not c["aggregate"] and member(c)]
        cover = rng.uniform(1.04, 1.3) if code != "NAC" else 1.0003  # the aggregate covers countries not in the extract
        series = {}
        pop = {y: round(sum(c["series"]["SP.POP.TOTL"][y] for c in members) * cover) for y in YEARS}
        gdp = {}
        for y in YEARS:
            have = [c for c in members if c["series"]["NY.GDP.MKTP.CD"][y] is not None]
            gdp[y] = sum(c["series"]["NY.GDP.MKTP.CD"][y] for c in have) * cover * rng.uniform(1.0, 1.03)
        series["SP.POP.TOTL"] = pop
        series["NY.GDP.MKTP.CD"] = gdp
        series["NY.GDP.PCAP.CD"] = {y: gdp[y] / pop[y] for y in YEARS}
        for key in ("SP.DYN.LE00.IN", "IT.NET.USER.ZS"):
            vals = {}
            for y in YEARS:
                have = [c for c in members if c["series"][key][y] is not None]
                if not have or (key == "SP.DYN.LE00.IN" and y == 2023):
                    vals[y] = None
                    continue
                w = sum(c["series"]["SP.POP.TOTL"][y] for c in have)
                vals[y] = sum(c["series"][key][y] * c["series"]["SP.POP.TOTL"][y] for c in have) / w
            series[key] = vals
        economies.append({"code": code, "iso2": iso2, "name": name, "series": series, "aggregate": True})
    api_only = [
        {"code": c[0], "iso2": c[1], "name": c[2], "region": c[3], "income": c[4], "lending": c[5]}
        | {"capital": c[6], "lon": c[7], "lat": c[8], "aggregate": False}
        for c in API_ONLY
    ]
    api_only += [{"code": a[0], "iso2": a[1], "name": a[2], "aggregate": True} for a in API_ONLY_AGGREGATES]
    return economies, api_only


def _wdi_value(v: float | int | None, code: str) -> str:
    if v is None:
        return ".."
    if code == "SP.POP.TOTL":
        return str(int(v))
    return f"{v:.15g}"


def _write_wdi(t: Truth, d: Path) -> None:
    rows = [["Country Name", "Country Code", "Series Name", "Series Code", *[f"{y} [YR{y}]" for y in YEARS]]]
    countries = sorted((e for e in t.economies if not e["aggregate"]), key=lambda e: e["name"])
    aggregates = [e for e in t.economies if e["aggregate"]]
    for e in countries + aggregates:
        for code, label in SERIES:
            rows.append([e["name"], e["code"], label, code, *[_wdi_value(e["series"][code][y], code) for y in YEARS]])
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerows(rows)
    buf.write("\r\n\r\nData from database: World Development Indicators\r\nLast Updated: 12/16/2024\r\n")
    (d / WDI_FILE).write_bytes(("\ufeff" + buf.getvalue()).encode("utf-8"))


def _write_wb(t: Truth, d: Path) -> None:
    blank = {"id": "", "iso2code": "", "value": ""}
    entries = []
    for e in [*t.economies, *t.api_only]:
        if e["aggregate"]:
            agg = {"id": "NA", "iso2code": "NA", "value": "Aggregates"}
            entries.append(
                {"id": e["code"], "iso2Code": e["iso2"], "name": e["name"], "region": agg, "adminregion": blank}
                | {"incomeLevel": agg, "lendingType": agg, "capitalCity": "", "longitude": "", "latitude": ""}
            )
            continue
        reg = {"id": e["region"], "iso2code": REGIONS[e["region"]][0], "value": REGIONS[e["region"]][1]}
        admin = blank
        if e["income"] not in ("HIC", "INX") and e["region"] in ADMIN:
            name = REGIONS[e["region"]][1].strip() + " (excluding high income)"
            admin = {"id": ADMIN[e["region"]], "iso2code": "", "value": name}
        entries.append(
            {"id": e["code"], "iso2Code": e["iso2"], "name": e["name"], "region": reg, "adminregion": admin}
            | {"incomeLevel": {"id": e["income"], "iso2code": INCOMES[e["income"]][0], "value": INCOMES[e["income"]][1]}}
            | {"lendingType": {"id": e["lending"], "iso2code": LENDING[e["lending"]][0], "value": LENDING[e["lending"]][1]}}
            | {"capitalCity": e["capital"], "longitude": f"{e['lon']:g}", "latitude": f"{e['lat']:g}"}
        )  # fmt: skip
    entries.sort(key=lambda x: x["id"])
    page = {"page": 1, "pages": 1, "per_page": "300", "total": len(entries), "sourceid": None, "lastupdated": "2024-12-16"}  # fmt: skip
    (d / WB_FILE).write_bytes(json.dumps([page, entries], indent=1, ensure_ascii=False).encode("utf-8"))


# =================================================================================================
# survey: a developer survey's public results (Stack Overflow Developer Survey style), 2,600 answers
# =================================================================================================

N_RESPONDENTS = 2600
SURVEY_COUNTRY_W = {
    "USA": 0.19, "DEU": 0.08, "IND": 0.07, "GBR": 0.05, "CAN": 0.03, "FRA": 0.035, "POL": 0.025, "NLD": 0.02,
    "BRA": 0.03, "AUS": 0.02, "ESP": 0.02, "ITA": 0.02, "SWE": 0.013, "CHE": 0.012, "AUT": 0.01, "RUS": 0.012,
    "UKR": 0.015, "ISR": 0.01, "CZE": 0.01, "BEL": 0.008, "DNK": 0.007, "NOR": 0.007, "FIN": 0.007, "PRT": 0.008,
    "ROU": 0.008, "TUR": 0.01, "IRN": 0.01, "PAK": 0.012, "BGD": 0.01, "NGA": 0.008, "MEX": 0.01, "ARG": 0.008,
    "IDN": 0.008, "CHN": 0.007, "JPN": 0.005, "KOR": 0.004, "ZAF": 0.008, "EGY": 0.008, "VNM": 0.006, "PHL": 0.006,
    "GRC": 0.007, "HUN": 0.006, "NZL": 0.005, "IRL": 0.005, "SVK": 0.004, "HKG": 0.003, "KEN": 0.004, "COL": 0.006,
    "CHL": 0.005, "LKA": 0.005, "NPL": 0.004, "BGR": 0.005, "SRB": 0.005, "HRV": 0.004, "VEN": 0.002, "MAR": 0.004,
    "SGP": 0.004, "MYS": 0.004,
}  # fmt: skip
CURRENCY = {"USA": "USD\tUnited States dollar", "GBR": "GBP\tPound sterling", "IND": "INR\tIndian rupee"}
CURRENCY |= {"CAN": "CAD\tCanadian dollar", "POL": "PLN\tPolish zloty", "BRA": "BRL\tBrazilian real"}
CURRENCY |= {"AUS": "AUD\tAustralian dollar", "SWE": "SEK\tSwedish krona", "CHE": "CHF\tSwiss franc"}
CURRENCY |= {"JPN": "JPY\tJapanese yen", "TUR": "TRY\tTurkish lira", "UKR": "UAH\tUkrainian hryvnia"}
USD_PER = {"USD": 1.0, "EUR": 1.08, "GBP": 1.26, "INR": 0.012, "CAD": 0.74, "PLN": 0.25, "BRL": 0.2, "AUD": 0.66}
USD_PER |= {"SEK": 0.095, "CHF": 1.13, "JPY": 0.0068, "TRY": 0.033, "UAH": 0.026}
MAIN_BRANCH = {
    "I am a developer by profession": 0.76,
    "I am not primarily a developer, but I write code sometimes as part of my work/studies": 0.08,
    "I am learning to code": 0.06,
    "I code primarily as a hobby": 0.05,
    "I used to be a developer by profession, but no longer am": 0.03,
    "None of these": 0.02,
}
AGES = {"Under 18 years old": 0.03, "18-24 years old": 0.17, "25-34 years old": 0.38, "35-44 years old": 0.24}
AGES |= {"45-54 years old": 0.1, "55-64 years old": 0.04, "65 years or older": 0.01, "Prefer not to say": 0.01}
REMOTE = {"Remote": 0.38, "Hybrid (some remote, some in-person)": 0.42, "In-person": 0.2}
ED_LEVELS = {
    "Bachelor\u2019s degree (B.A., B.S., B.Eng., etc.)": 0.45,
    "Master\u2019s degree (M.A., M.S., M.Eng., MBA, etc.)": 0.26,
    "Some college/university study without earning a degree": 0.12,
    "Secondary school (e.g. American high school, German Realschule or Gymnasium, etc.)": 0.08,
    "Professional degree (JD, MD, Ph.D, Ed.D, etc.)": 0.05,
    "Associate degree (A.A., A.S., etc.)": 0.03,
    "Something else": 0.01,
}
DEV_TYPES = {
    "Developer, full-stack": 0.3, "Developer, back-end": 0.19, "Developer, front-end": 0.07,
    "Developer, mobile": 0.05, "Developer, desktop or enterprise applications": 0.04,
    "Developer, embedded applications or devices": 0.03, "Data scientist or machine learning specialist": 0.03,
    "Engineering manager": 0.03, "DevOps specialist": 0.025, "Cloud infrastructure engineer": 0.02,
    "Data engineer": 0.02, "Research & Development role": 0.02, "Other (please specify):": 0.03,
}  # fmt: skip
ORG_SIZES = [
    "Just me - I am a freelancer, sole proprietor, etc.", "2 to 9 employees", "10 to 19 employees",
    "20 to 99 employees", "100 to 499 employees", "500 to 999 employees", "1,000 to 4,999 employees",
    "5,000 to 9,999 employees", "10,000 or more employees", "I don\u2019t know",
]  # fmt: skip
# language, chance of having worked with it, chance of wanting to
LANGUAGES = [
    ("Assembly", 0.05, 0.04), ("Bash/Shell (all shells)", 0.33, 0.2), ("C", 0.2, 0.1), ("C#", 0.27, 0.2),
    ("C++", 0.22, 0.14), ("Dart", 0.06, 0.06), ("Delphi", 0.03, 0.01), ("Elixir", 0.02, 0.04), ("Go", 0.13, 0.16),
    ("Groovy", 0.04, 0.01), ("HTML/CSS", 0.52, 0.33), ("Java", 0.3, 0.16), ("JavaScript", 0.62, 0.38),
    ("Kotlin", 0.09, 0.1), ("Lua", 0.06, 0.05), ("MATLAB", 0.04, 0.01), ("Objective-C", 0.02, 0.01),
    ("PHP", 0.18, 0.1), ("Perl", 0.02, 0.01), ("PowerShell", 0.13, 0.06), ("Python", 0.5, 0.41),
    ("R", 0.04, 0.03), ("Ruby", 0.05, 0.04), ("Rust", 0.12, 0.28), ("SQL", 0.5, 0.34), ("Scala", 0.03, 0.03),
    ("Swift", 0.05, 0.05), ("TypeScript", 0.38, 0.4), ("Visual Basic (.Net)", 0.04, 0.01),
]  # fmt: skip
DATABASES = [
    ("BigQuery", 0.04), ("Cloud Firestore", 0.05), ("Dynamodb", 0.06), ("Elasticsearch", 0.12),
    ("Firebase Realtime Database", 0.06), ("MariaDB", 0.16), ("Microsoft SQL Server", 0.25), ("MongoDB", 0.25),
    ("MySQL", 0.38), ("Oracle", 0.1), ("PostgreSQL", 0.48), ("Redis", 0.2), ("SQLite", 0.31), ("Supabase", 0.04),
]  # fmt: skip
AI_SELECT = {"Yes": 0.62, "No, but I plan to soon": 0.14, "No, and I don't plan to": 0.24}
COMP_LEVEL = {"HIC": 1.0, "UMC": 0.32, "LMC": 0.16, "LIC": 0.1, "INX": 0.12}
SURVEY_COLUMNS = [
    "ResponseId", "MainBranch", "Age", "Employment", "RemoteWork", "EdLevel", "YearsCode", "YearsCodePro", "DevType",
    "OrgSize", "Country", "Currency", "CompTotal", "LanguageHaveWorkedWith", "LanguageWantToWorkWith",
    "DatabaseHaveWorkedWith", "AISelect", "ConvertedCompYearly", "JobSat",
]  # fmt: skip


def _build_survey(rng: random.Random, economies: list[dict]) -> list[dict]:
    by_code = {e["code"]: e for e in economies if not e["aggregate"]}
    out = []
    for i in range(N_RESPONDENTS):
        branch = _pick(rng, MAIN_BRANCH)
        pro = branch == "I am a developer by profession"
        age = _pick(rng, AGES)
        if age == "Under 18 years old":
            branch = rng.choice(["I am learning to code", "I code primarily as a hobby"])
            pro = False
        code = _pick(rng, SURVEY_COUNTRY_W) if rng.random() > 0.004 else None
        young = age in ("Under 18 years old", "18-24 years old")
        if pro or branch.startswith("I am not primarily"):
            employment = ["Employed, full-time"] if rng.random() < 0.82 else ["Independent contractor, freelancer, or self-employed"]  # fmt: skip
            if rng.random() < 0.08:
                employment.append(rng.choice(["Independent contractor, freelancer, or self-employed", "Employed, part-time"]))  # fmt: skip
                employment = list(dict.fromkeys(employment))
        elif branch == "I am learning to code" or young:
            employment = ["Student, full-time"] if rng.random() < 0.7 else ["Not employed, but looking for work"]
        elif branch.startswith("I used to be"):
            employment = [rng.choice(["Retired", "Not employed, but looking for work", "Employed, full-time"])]
        else:
            employment = [rng.choice(["Employed, full-time", "Student, full-time", "Not employed, and not looking for work"])]  # fmt: skip
        employed = any(e.startswith(("Employed", "Independent")) for e in employment)
        base_years = {"Under 18 years old": 3, "18-24 years old": 5, "25-34 years old": 10, "35-44 years old": 17}.get(age, 25)  # fmt: skip
        years_code = max(0, round(rng.gauss(base_years, base_years * 0.35)))
        years_pro = None
        if employed:
            years_pro = max(0, years_code - rng.randint(1, 6))
        if rng.random() < 0.04:
            years_code = None
        if years_pro is not None and rng.random() < 0.03:
            years_pro = None
        if age in ("65 years or older",) and years_code is not None and rng.random() < 0.4:
            years_code = 51
            if years_pro is not None and rng.random() < 0.5:
                years_pro = 51
        langs = None
        if rng.random() > 0.11:
            langs = [name for name, p, _ in LANGUAGES if rng.random() < p * (1.2 if pro else 0.8)]
            langs = langs or [rng.choice(["Python", "JavaScript"])]
        wants = None
        if rng.random() > 0.17:
            wants = [name for name, _, p in LANGUAGES if rng.random() < p] or ["Python"]
        dbs = None
        if rng.random() > 0.3:
            dbs = [name for name, p in DATABASES if rng.random() < p] or ["PostgreSQL"]
        comp = comp_total = currency = None
        if employed and code is not None and rng.random() < 0.62:
            e = by_code[code]
            level = COMP_LEVEL[e["income"]] * (1.6 if code == "USA" else 1.25 if code == "CHE" else 1.0)
            usd = max(1200.0, rng.lognormvariate(math.log(72000 * level), 0.55) * (1 + 0.02 * min(years_pro or 0, 25)))
            cur = CURRENCY.get(code) or ("EUR\tEuropean Euro" if code in EURO_AREA else "USD\tUnited States dollar")
            comp = round(usd)
            currency = cur
            local = usd / USD_PER[cur[:3]]
            comp_total = (
                round(local, -2) if rng.random() < 0.85 else round(local / 12, -1)
            )  # some gave a monthly figure
        out.append(
            {
                "id": i + 1, "branch": branch, "age": age, "employment": employment,
                "remote": _pick(rng, REMOTE) if employed else None,
                "ed": _pick(rng, ED_LEVELS) if rng.random() > 0.02 else None,
                "years_code": years_code, "years_pro": years_pro,
                "devtype": (_pick(rng, DEV_TYPES) if employed else "Student" if "Student, full-time" in employment else None),
                "org": rng.choice(ORG_SIZES) if employed else None, "country": code,
                "currency": currency, "comp_total": comp_total,
                "langs": sorted(langs) if langs else None, "wants": sorted(wants) if wants else None,
                "dbs": sorted(dbs) if dbs else None,
                "ai": _pick(rng, AI_SELECT) if rng.random() > 0.09 else None, "comp": comp,
                "jobsat": rng.randint(3, 10) if employed and rng.random() < 0.55 else None,
            }
        )  # fmt: skip
    return out


def _years_text(v: int | None) -> str:
    if v is None:
        return "NA"
    if v == 0:
        return "Less than 1 year"
    if v > 50:
        return "More than 50 years"
    return str(v)


def _write_survey(t: Truth, d: Path) -> None:
    names = {e["code"]: e["survey"] for e in t.economies if not e["aggregate"]}
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(SURVEY_COLUMNS)

    def na(v) -> str:
        if v is None:
            return "NA"
        if isinstance(v, list):
            return ";".join(v)
        return str(v)

    for r in t.respondents:
        comp_total = "NA" if r["comp_total"] is None else f"{r['comp_total']:.0f}"
        w.writerow(
            [
                r["id"], r["branch"], r["age"], na(r["employment"]), na(r["remote"]), na(r["ed"]),
                _years_text(r["years_code"]), _years_text(r["years_pro"]), na(r["devtype"]), na(r["org"]),
                na(names.get(r["country"])), na(r["currency"]), comp_total, na(r["langs"]), na(r["wants"]),
                na(r["dbs"]), na(r["ai"]), na(r["comp"]), na(r["jobsat"]),
            ]
        )  # fmt: skip
    (d / SURVEY_FILE).write_bytes(buf.getvalue().encode("utf-8"))


# =================================================================================================


def truth() -> Truth:
    economies, api_only = _build_world(_rng("world"))
    return Truth(
        gtfs=_build_gtfs(_rng("transit")),
        health=_build_health(_rng("health")),
        respondents=_build_survey(_rng("survey"), economies),
        economies=economies,
        api_only=api_only,
    )


def write_files(d) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_gtfs(t, d)
    _write_health(t, d)
    _write_survey(t, d)
    _write_wdi(t, d)
    _write_wb(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python data.py DIR")
    for p in write_files(sys.argv[1]):
        print(p, p.stat().st_size)
