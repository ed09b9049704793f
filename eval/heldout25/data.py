"""The twenty-fifth held-out set's data: four files on four topics, each imitating a real public export.

* `gtfs_lvt_20250303.zip`: a GTFS static feed (a zip of comma-separated `.txt` tables) of a small
  invented bus agency: stops with stations and their bays, routes, trips, stop times past 24:00:00,
  a weekly calendar and date exceptions in `calendar_dates.txt`.
* `hannah.okoye@gmail.com.ics`: a Google Calendar export (iCalendar, RFC 5545): folded lines,
  escaped text, time zones per event, all-day events with exclusive ends, weekly rules with
  excluded dates and moved or cancelled occurrences.
* `Tour_du_Mont_Blanc_2024.gpx`: a GPX 1.1 file of a six-day hike as Garmin's desktop app exports
  it: one track per day, segments broken where a bus or a gondola was taken, times in UTC, heart
  rate in Garmin's TrackPointExtension namespace.
* `access.log`: an Apache HTTP Server access log in the combined format for a small blog: local
  times with their offset across a daylight-saving change, `-` for no bytes, bots, a monitor,
  scanners and malformed requests.

Every record is built first with the standard library from a fixed seed (one random stream per
topic); the files are then rendered from those records, so the same seed gives the same bytes.
`truth()` returns the clean records the references are computed from.

    python data.py DIR   # writes the four files into DIR
"""

from __future__ import annotations

import functools
import io
import math
import random
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from xml.sax.saxutils import escape
from zoneinfo import ZoneInfo

SEED = 25_318_774
UTC = timezone.utc
DENVER = ZoneInfo("America/Denver")
LONDON = ZoneInfo("Europe/London")
NEW_YORK = ZoneInfo("America/New_York")
PARIS = ZoneInfo("Europe/Paris")
LOS_ANGELES = ZoneInfo("America/Los_Angeles")

GTFS_FILE = "gtfs_lvt_20250303.zip"
ICS_FILE = "hannah.okoye@gmail.com.ics"
GPX_FILE = "Tour_du_Mont_Blanc_2024.gpx"
LOG_FILE = "access.log"
FILES = [GTFS_FILE, ICS_FILE, GPX_FILE, LOG_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    gtfs: dict  # stops, routes, trips (each with its stop times in seconds), calendar, calendar_dates
    ics: list[dict]  # one dict per VEVENT block, clean fields (aware datetimes or dates)
    gpx: dict  # waypoints and days, each day a list of segments of points (lat, lon, ele, UTC time, hr)
    log: list[dict]  # one dict per request, in file order, with a UTC time


# ==================================================================================================
# GTFS feed
# ==================================================================================================

FEED_START, FEED_END = date(2025, 3, 3), date(2025, 6, 29)
HOLIDAY = date(2025, 5, 26)  # Memorial Day: Sunday service (and a game shuttle) instead of weekday service
GAME_DAYS = [date(2025, 4, 12), date(2025, 5, 10), HOLIDAY, date(2025, 6, 14)]
STREETS = [
    "College Ave",
    "Mason St",
    "Shields St",
    "Taft Hill Rd",
    "Lemay Ave",
    "Timberline Rd",
    "Drake Rd",
    "Prospect Rd",
    "Horsetooth Rd",
    "Harmony Rd",
    "Mulberry St",
    "Laporte Ave",
    "Vine Dr",
    "Elizabeth St",
    "Stuart St",
    "Swallow Rd",
    "Trilby Rd",
    "Overland Trl",
    "Riverside Ave",
    "Laurel St",
    "Magnolia St",
    "Olive St",
    "Oak St",
    "Mountain Ave",
    "Linden St",
    "Jefferson St",
    "Willow St",
    "Boardwalk Dr",
    "Centre Ave",
    "Research Blvd",
    "Ziegler Rd",
    "Kechter Rd",
    "Lincoln Ave",
    "Buckingham St",
]
CROSS = [
    "1st St",
    "2nd St",
    "3rd St",
    "Cherry St",
    "Maple St",
    "Pitkin St",
    "Lake St",
    "Plum St",
    "Myrtle St",
    "Spring Park Dr",
    "Stover St",
    "Whedbee St",
    "Peterson St",
    "Remington St",
    "Matthews St",
    "Canyon Ave",
    "Meldrum St",
    "Howes St",
    "Loomis Ave",
    "Wood St",
    "Grant Ave",
    "Sherwood St",
    "Whitcomb St",
    "Edwards St",
]
# route_id, short name, long name, route_type, colour, bay at Central Station (or None), serves the mall,
# number of stops, late service (last weekday trips after 23:00), weekday peak headway
ROUTES = [
    ("101", "1", "North College", 3, "0072CE", "A", False, 16, True, 15),
    ("102", "2", "Mulberry Crosstown", 3, "E03A3E", "B", True, 18, True, 15),
    ("103", "3", "Shields and CSU", 3, "F2A900", "C", False, 15, False, 20),
    ("105", "5", "Lemay South", 3, "00A651", "D", True, 17, False, 20),
    ("106", "6", "Drake and Horsetooth", 3, "8E44AD", None, True, 14, False, 30),
    ("107", "7", "Timberline", 3, "7A5C3E", "E", False, 13, False, 30),
    ("108", "8", "Harmony Connector", 3, "009CA6", None, True, 16, False, 30),
    ("110", "10", "West Elizabeth", 3, "D9531E", "F", False, 15, True, 15),
    ("114", "14", "Prospect Ridge", 3, "5B6770", "E", False, 12, False, 30),
    ("190", "SC", "Downtown Streetcar", 0, "B5121B", None, False, 9, False, 10),
    ("199", "GS", "Stadium Game Day Shuttle", 3, "1D1D1B", "A", False, 5, False, 0),
]
CENTRAL_ID, MALL_ID = "9000", "8000"
CENTRAL_NAME, MALL_NAME = "Central Station", "Foothills Mall Transit Center"


def _hms(sec: int | None) -> str:
    """GTFS time as some feeds write it: hours unpadded below 10 and past 24 for after midnight."""
    if sec is None:
        return ""
    return f"{sec // 3600}:{sec // 60 % 60:02d}:{sec % 60:02d}"


def _build_gtfs(rng: random.Random) -> dict:
    stops: list[dict] = []
    used: set[str] = set()
    stops.append(
        {
            "stop_id": CENTRAL_ID,
            "stop_code": "",
            "stop_name": CENTRAL_NAME,
            "lat": 40.58802,
            "lon": -105.07634,
            "location_type": 1,
            "parent_station": "",
            "wheelchair_boarding": 1,
        }
    )
    for i, bay in enumerate("ABCDEF"):
        stops.append(
            {
                "stop_id": f"{9001 + i}",
                "stop_code": f"0{9001 + i}",
                "stop_name": f"{CENTRAL_NAME} Bay {bay}",
                "lat": round(40.58802 + 0.00011 * (i - 2.5), 6),
                "lon": round(-105.07634 + 0.00009 * i, 6),
                "location_type": 0,
                "parent_station": CENTRAL_ID,
                "wheelchair_boarding": 1,
            }
        )
    stops.append(
        {
            "stop_id": MALL_ID,
            "stop_code": "08000",
            "stop_name": MALL_NAME,
            "lat": 40.54301,
            "lon": -105.03913,
            "location_type": 0,
            "parent_station": "",
            "wheelchair_boarding": 1,
        }
    )
    next_id = 1001

    def new_stop(street: str) -> str:
        nonlocal next_id
        while True:
            name = f"{street} & {rng.choice(CROSS)}"
            if name not in used:
                break
        used.add(name)
        sid = f"{next_id}"
        next_id += rng.choice([1, 1, 2, 3])
        wb = rng.choices([1, 2, 0, None], weights=[60, 12, 20, 8])[0]
        stops.append(
            {
                "stop_id": sid,
                "stop_code": f"0{sid}",
                "stop_name": name,
                "lat": round(40.50 + rng.random() * 0.13, 6),
                "lon": round(-105.15 + rng.random() * 0.13, 6),
                "location_type": rng.choice([0, 0, 0, None]),
                "parent_station": "",
                "wheelchair_boarding": wb,
            }
        )
        return sid

    shared = [new_stop("Mountain Ave"), new_stop("Laurel St")]  # downtown stops served by two routes
    routes, patterns = [], {}
    for rid, short, long_, rtype, colour, bay, mall, n, _late, _peak in ROUTES:
        routes.append({"route_id": rid, "short": short, "long": long_, "type": rtype, "color": colour})
        street = rng.choice(STREETS)
        seq = [new_stop(street if rng.random() < 0.6 else rng.choice(STREETS)) for _ in range(n - 1 - bool(mall))]
        if bay:
            seq.insert(len(seq) // 2 if rid != "199" else 0, f"{9001 + 'ABCDEF'.index(bay)}")
        if mall:
            seq.insert(len(seq) - 2, MALL_ID)
        if rid in ("101", "110"):
            seq.insert(1, shared[0])
        if rid in ("103", "107"):
            seq.insert(2, shared[1])
        if rid == "199":
            seq = seq[:5]
        patterns[rid] = (seq, [rng.choice([60, 60, 120, 120, 120, 180, 240]) for _ in seq[1:]])
    trips = []
    for rid, _short, _, _, _, _, _, _, late, peak in ROUTES:
        seq, hops = patterns[rid]
        for service in ("WKDY", "SAT", "SUN", "GAME"):
            if (service == "GAME") != (rid == "199"):
                continue
            for direction in (0, 1):
                if service == "GAME":
                    starts = [16 * 3600 + 15 * 60 * k + direction * 3 * 3600 for k in range(6)]
                else:
                    first = {"WKDY": 5 * 3600 + 30 * 60, "SAT": 6 * 3600 + 30 * 60, "SUN": 8 * 3600}[service]
                    first += rng.choice([0, 5, 10, 15]) * 60 + direction * 600
                    last = {
                        "WKDY": (23 * 3600 + 50 * 60) if late else 21 * 3600 + 45 * 60,
                        "SAT": 21 * 3600 + 30 * 60,
                        "SUN": 19 * 3600,
                    }[service]
                    starts, t = [], first
                    while t <= last:
                        starts.append(t)
                        h = t / 3600
                        if service == "WKDY":
                            step = (
                                peak if (6.5 <= h < 9 or 15.5 <= h < 18.5) else max(30, 2 * peak if peak < 30 else 60)
                            )
                            if rid == "190":
                                step = 10 if 7 <= h < 19 else 20
                        elif service == "SAT":
                            step = 30 if rid in ("101", "102", "110", "190") else 60
                        else:
                            step = 60
                        t += step * 60
                order = seq if direction == 0 else list(reversed(seq))
                hop = hops if direction == 0 else list(reversed(hops))
                for k, start in enumerate(starts):
                    times, t = [], start
                    for i, sid in enumerate(order):
                        if i:
                            t += hop[i - 1] + (60 if service == "WKDY" and 7.0 <= start / 3600 < 9 else 0)
                        arr = t
                        if sid.startswith("900") and 0 < i < len(order) - 1:
                            t += 120  # dwell at a Central Station bay
                        timed = i in (0, len(order) - 1) or sid.startswith("900") or sid == MALL_ID or i % 3 == 0
                        times.append(
                            {
                                "stop_id": sid,
                                "seq": i + 1,
                                "arr": arr if timed else None,
                                "dep": t if timed else None,
                                "timepoint": int(timed),
                            }
                        )
                    trips.append(
                        {
                            "trip_id": f"{rid}-{service}-{direction}-{k + 1:03d}",
                            "route_id": rid,
                            "service_id": service,
                            "direction_id": direction,
                            "headsign": stops_name(stops, order[-1]),
                            "stop_times": times,
                        }
                    )
    rng.shuffle(trips)
    trips.sort(key=lambda tr: (tr["route_id"], tr["service_id"]))
    calendar = [("WKDY", "1111100"), ("SAT", "0000010"), ("SUN", "0000001")]
    calendar_dates = [("WKDY", HOLIDAY, 2), ("SUN", HOLIDAY, 1)] + [("GAME", d, 1) for d in GAME_DAYS]
    calendar_dates.sort(key=lambda x: (x[1], x[0]))
    return {"stops": stops, "routes": routes, "trips": trips, "calendar": calendar, "calendar_dates": calendar_dates}


def stops_name(stops: list[dict], sid: str) -> str:
    name = next(s["stop_name"] for s in stops if s["stop_id"] == sid)
    return name.split(" Bay ")[0] if name.startswith(CENTRAL_NAME) else name


def services_on(g: dict, day: date) -> set[str]:
    """The service_ids running on a date: calendar.txt's weekdays, then calendar_dates.txt's exceptions."""
    on = {s for s, days in g["calendar"] if FEED_START <= day <= FEED_END and days[day.weekday()] == "1"}
    for s, d, kind in g["calendar_dates"]:
        if d == day:
            (on.add if kind == 1 else on.discard)(s)
    return on


def _csv(rows: list[list]) -> str:
    def cell(v) -> str:
        v = "" if v is None else str(v)
        return f'"{v}"' if ("," in v or '"' in v) else v

    return "".join(",".join(cell(v) for v in r) + "\r\n" for r in rows)


def _write_gtfs(t: Truth, d: Path) -> None:
    g = t.gtfs
    files = {}
    files["agency.txt"] = _csv(
        [
            ["agency_id", "agency_name", "agency_url", "agency_timezone", "agency_lang", "agency_phone"],
            [
                "LVT",
                "Larkspur Valley Transit",
                "https://www.ridelvt.example.org",
                "America/Denver",
                "en",
                "(970) 555-0142",
            ],
        ]
    )
    files["feed_info.txt"] = _csv(
        [
            [
                "feed_publisher_name",
                "feed_publisher_url",
                "feed_lang",
                "feed_start_date",
                "feed_end_date",
                "feed_version",
            ],
            [
                "Larkspur Valley Transit",
                "https://www.ridelvt.example.org",
                "en",
                f"{FEED_START:%Y%m%d}",
                f"{FEED_END:%Y%m%d}",
                "2025-03-03T11:42:07",
            ],
        ]
    )
    files["calendar.txt"] = _csv(
        [
            [
                "service_id",
                "monday",
                "tuesday",
                "wednesday",
                "thursday",
                "friday",
                "saturday",
                "sunday",
                "start_date",
                "end_date",
            ]
        ]
        + [[s, *days, f"{FEED_START:%Y%m%d}", f"{FEED_END:%Y%m%d}"] for s, days in g["calendar"]]
    )
    files["calendar_dates.txt"] = _csv(
        [["service_id", "date", "exception_type"]] + [[s, f"{dd:%Y%m%d}", k] for s, dd, k in g["calendar_dates"]]
    )
    files["routes.txt"] = _csv(
        [
            [
                "route_id",
                "agency_id",
                "route_short_name",
                "route_long_name",
                "route_type",
                "route_color",
                "route_text_color",
            ]
        ]
        + [[r["route_id"], "LVT", r["short"], r["long"], r["type"], r["color"], "FFFFFF"] for r in g["routes"]]
    )
    files["stops.txt"] = "\ufeff" + _csv(
        [
            [
                "stop_id",
                "stop_code",
                "stop_name",
                "stop_lat",
                "stop_lon",
                "location_type",
                "parent_station",
                "wheelchair_boarding",
            ]
        ]
        + [
            [
                s["stop_id"],
                s["stop_code"],
                s["stop_name"],
                f"{s['lat']:.6f}",
                f"{s['lon']:.6f}",
                s["location_type"],
                s["parent_station"],
                s["wheelchair_boarding"],
            ]
            for s in g["stops"]
        ]
    )
    files["trips.txt"] = _csv(
        [["route_id", "service_id", "trip_id", "trip_headsign", "direction_id", "wheelchair_accessible"]]
        + [
            [tr["route_id"], tr["service_id"], tr["trip_id"], tr["headsign"], tr["direction_id"], 1]
            for tr in g["trips"]
        ]
    )
    st = [["trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence", "timepoint"]]
    for tr in g["trips"]:
        for s in tr["stop_times"]:
            st.append([tr["trip_id"], _hms(s["arr"]), _hms(s["dep"]), s["stop_id"], s["seq"], s["timepoint"]])
    files["stop_times.txt"] = _csv(st)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in files.items():
            info = zipfile.ZipInfo(name, date_time=(2025, 3, 3, 11, 42, 6))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text.encode("utf-8"))
    (d / GTFS_FILE).write_bytes(buf.getvalue())


# ==================================================================================================
# Google Calendar export (iCalendar)
# ==================================================================================================

ME = ("Hannah Okoye", "hannah.okoye@gmail.com")
ORGANISERS = [  # name, e-mail, zone their invitations are written in, weight
    ("Priya Raghunathan-Whitfield", "priya.raghunathan-whitfield@kestrelanalytics.co.uk", "Europe/London", 14),
    ("Tom Ellery", "tom.ellery@kestrelanalytics.co.uk", "Europe/London", 11),
    ("Dana Whitcombe", "dana.whitcombe@kestrelanalytics.com", "America/New_York", 12),
    ("Marcus Bell", "m.bell@northgate-partners.com", "UTC", 9),
    ("Aisha Karimi", "aisha.karimi@northgate-partners.com", "UTC", 6),
]
WORK_TITLES = [
    "Weekly sync",
    "Q{q} planning",
    "Project Heron: status",
    "1:1",
    "Data review",
    "Client call: Northgate",
    "Roadmap workshop",
    "Budget check-in",
    "Hiring panel",
    "Retro",
    "Design crit",
    "Vendor demo",
]
PERSONAL = [
    ("Dentist", "Smile Studio\\, 14 Lower Marsh\\, London SE1 7RJ"),
    ("Haircut", "Jo's\\, Brixton"),
    ("Gym: spin class", "PureGym Waterloo"),
    ("Dinner with Sam\\, Alex & Jo", "Padella\\, Borough Market"),
    ("Call Mum", ""),
    ("GP appointment", "Lambeth Walk Group Practice"),
    ("Book club", "The Crown\\, Kennington"),
    ("Car MOT", "Kwik Fit Streatham"),
    ("Drinks with Lena", ""),
]
LEAVE = [
    (date(2024, 2, 19), 5, False),
    (date(2024, 5, 24), 4, False),
    (date(2024, 7, 29), 12, False),
    (date(2024, 9, 27), 4, True),
    (date(2024, 10, 28), 5, False),
    (date(2024, 12, 23), 9, False),
]
YOGA_START = datetime(2023, 9, 5, 18, 30, tzinfo=LONDON)
YOGA_UNTIL = datetime(2024, 12, 17, 18, 30, tzinfo=UTC)
YOGA_EX = [
    date(2023, 12, 26),
    date(2024, 4, 2),
    date(2024, 5, 28),
    date(2024, 8, 6),
    date(2024, 8, 13),
    date(2024, 10, 29),
]
YOGA_MOVED = (date(2024, 3, 12), datetime(2024, 3, 14, 18, 30, tzinfo=LONDON))
SPANISH_START = datetime(2024, 1, 11, 19, 0, tzinfo=LONDON)
SPANISH_COUNT = 30
SPANISH_EX = [date(2024, 2, 22), date(2024, 8, 1)]
SPANISH_MOVED = {  # original date -> (new start, new end) or None for a cancelled occurrence
    date(2024, 3, 28): (datetime(2024, 3, 27, 18, 0, tzinfo=LONDON), datetime(2024, 3, 27, 20, 0, tzinfo=LONDON)),
    date(2024, 6, 13): (datetime(2024, 6, 13, 19, 30, tzinfo=LONDON), datetime(2024, 6, 13, 21, 15, tzinfo=LONDON)),
    date(2024, 5, 2): None,
}


def _uid(rng: random.Random) -> str:
    return "".join(rng.choice("0123456789abcdefghijklmnopqrstuv") for _ in range(26)) + "@google.com"


def weekly(start: datetime, *, until: datetime | None = None, count: int | None = None) -> list[datetime]:
    """The starts of a FREQ=WEEKLY rule on the start's weekday (in the start's own zone)."""
    out, k = [], 0
    while True:
        dt = datetime.combine(start.date() + timedelta(weeks=k), start.timetz())
        if (until is not None and dt > until) or (count is not None and k >= count):
            return out
        out.append(dt)
        k += 1


def _build_ics(rng: random.Random) -> list[dict]:
    ev: list[dict] = []

    def stamp(dt_local: datetime) -> datetime:
        return (
            (dt_local - timedelta(days=rng.randint(2, 40), minutes=rng.randint(0, 900)))
            .astimezone(UTC)
            .replace(microsecond=0)
        )

    # weekly yoga: started in 2023, six weeks skipped, one class moved to the Thursday
    yoga_uid = _uid(rng)
    ev.append(
        {
            "uid": yoga_uid,
            "summary": "Yoga",
            "start": YOGA_START,
            "end": YOGA_START + timedelta(hours=1),
            "all_day": False,
            "rrule": f"FREQ=WEEKLY;WKST=MO;UNTIL={YOGA_UNTIL:%Y%m%dT%H%M%SZ};BYDAY=TU",
            "exdates": [datetime.combine(x, YOGA_START.timetz()) for x in YOGA_EX],
            "recurrence_id": None,
            "status": "CONFIRMED",
            "organizer": None,
            "location": "Triyoga Camden",
            "created": stamp(YOGA_START),
            "description": "Bring mat\\, class 6/12",
        }
    )
    orig, new = YOGA_MOVED
    ev.append(
        {
            "uid": yoga_uid,
            "summary": "Yoga",
            "start": new,
            "end": new + timedelta(hours=1),
            "all_day": False,
            "rrule": None,
            "exdates": [],
            "recurrence_id": datetime.combine(orig, YOGA_START.timetz()),
            "status": "CONFIRMED",
            "organizer": None,
            "location": "Triyoga Camden",
            "created": stamp(new),
            "description": "Moved to Thursday (teacher away Tuesday)",
        }
    )
    sp_uid = _uid(rng)
    ev.append(
        {
            "uid": sp_uid,
            "summary": "Spanish class (B1)",
            "start": SPANISH_START,
            "end": SPANISH_START + timedelta(minutes=90),
            "all_day": False,
            "rrule": f"FREQ=WEEKLY;WKST=MO;COUNT={SPANISH_COUNT};BYDAY=TH",
            "exdates": [datetime.combine(x, SPANISH_START.timetz()) for x in SPANISH_EX],
            "recurrence_id": None,
            "status": "CONFIRMED",
            "organizer": None,
            "location": "Instituto Cervantes\\, 102 Eaton Square",
            "created": stamp(SPANISH_START),
            "description": "Aula 3. Homework: unidad 4",
        }
    )
    for odate, moved in SPANISH_MOVED.items():
        rid = datetime.combine(odate, SPANISH_START.timetz())
        s, e = moved if moved else (rid, rid + timedelta(minutes=90))
        ev.append(
            {
                "uid": sp_uid,
                "summary": "Spanish class (B1)",
                "start": s,
                "end": e,
                "all_day": False,
                "rrule": None,
                "exdates": [],
                "recurrence_id": rid,
                "status": "CONFIRMED" if moved else "CANCELLED",
                "organizer": None,
                "location": "Instituto Cervantes\\, 102 Eaton Square",
                "created": stamp(s),
                "description": "",
            }
        )
    # all-day events: leave (DTEND the day after the last day), a birthday, a conference, reminders
    for first, ndays, cancelled in LEAVE:
        ev.append(
            {
                "uid": _uid(rng),
                "summary": "Annual leave",
                "start": first,
                "end": first + timedelta(days=ndays),
                "all_day": True,
                "rrule": None,
                "exdates": [],
                "recurrence_id": None,
                "status": "CANCELLED" if cancelled else "CONFIRMED",
                "organizer": None,
                "location": "",
                "created": datetime(first.year, first.month, 1, 9, 12, 44, tzinfo=UTC) - timedelta(days=35),
                "description": "Approved in Workday" if not cancelled else "Withdrawn",
            }
        )
    for summary, first, ndays, rule in [
        ("Mum's birthday 🎂", date(2019, 4, 17), 1, "FREQ=YEARLY"),
        ("PyData London", date(2024, 6, 14), 3, None),
        ("Passport renewal deadline", date(2024, 3, 8), 1, None),
        ("Bin collection: garden waste", date(2024, 4, 5), 1, "FREQ=WEEKLY;INTERVAL=2;COUNT=16;BYDAY=FR"),
        ("Lena's wedding (Lisbon)", date(2024, 9, 6), 3, None),
        ("Council tax due", date(2024, 1, 1), 1, "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1"),
    ]:
        ev.append(
            {
                "uid": _uid(rng),
                "summary": summary,
                "start": first,
                "end": first + timedelta(days=ndays),
                "all_day": True,
                "rrule": rule,
                "exdates": [],
                "recurrence_id": None,
                "status": "CONFIRMED",
                "organizer": None,
                "location": "",
                "created": datetime(2024, 1, 3, 20, 1, 5, tzinfo=UTC),
                "description": "",
            }
        )
    # single timed events through 2024
    day = date(2024, 1, 2)
    while day <= date(2024, 12, 20):
        if day.weekday() < 5:
            for _ in range(rng.choices([0, 1, 2], weights=[45, 40, 15])[0]):
                name, email, zone, _ = rng.choices(ORGANISERS, weights=[o[3] for o in ORGANISERS])[0]
                tz = ZoneInfo(zone) if zone != "UTC" else UTC
                if zone == "America/New_York":
                    hh, mm = rng.choice([(8, 0), (8, 30), (9, 0), (10, 0), (11, 0), (11, 30)])
                elif zone == "UTC":
                    hh, mm = rng.choice([(7, 30), (8, 0), (8, 30), (9, 0), (10, 0), (13, 0), (14, 30), (15, 0)])
                else:
                    hh, mm = rng.choice([(8, 30), (9, 0), (9, 30), (10, 0), (11, 0), (13, 30), (14, 0), (16, 0)])
                s = datetime(day.year, day.month, day.day, hh, mm, tzinfo=tz)
                title = rng.choice(WORK_TITLES).replace("{q}", str((day.month - 1) // 3 + 1))
                ev.append(
                    {
                        "uid": _uid(rng)
                        if zone != "UTC"
                        else f"040000008200E00074C5B7101A82E008{rng.getrandbits(64):016X}",
                        "summary": title,
                        "start": s,
                        "end": s + timedelta(minutes=rng.choice([30, 30, 45, 60, 90])),
                        "all_day": False,
                        "rrule": None,
                        "exdates": [],
                        "recurrence_id": None,
                        "status": "CANCELLED" if rng.random() < 0.07 else "CONFIRMED",
                        "organizer": (name, email),
                        "location": rng.choice(["", "Microsoft Teams Meeting", "Zoom", "Meeting room 4.02 (Kite)"]),
                        "created": stamp(s),
                        "description": "Agenda:\\n1. Updates\\n2. Risks\\, blockers\\n3. AOB"
                        if rng.random() < 0.4
                        else "",
                    }
                )
        if rng.random() < 0.22:
            title, loc = rng.choice(PERSONAL)
            hh, mm = rng.choice([(7, 0), (7, 30), (8, 15), (12, 30), (17, 45), (18, 0), (19, 0), (19, 30)])
            s = datetime(day.year, day.month, day.day, hh, mm, tzinfo=LONDON)
            ev.append(
                {
                    "uid": _uid(rng),
                    "summary": title,
                    "start": s,
                    "end": s + timedelta(minutes=60),
                    "all_day": False,
                    "rrule": None,
                    "exdates": [],
                    "recurrence_id": None,
                    "status": "CONFIRMED",
                    "organizer": None,
                    "location": loc,
                    "created": stamp(s),
                    "description": "",
                }
            )
        day += timedelta(days=1)
    rng.shuffle(ev)
    return ev


VTIMEZONES = """BEGIN:VTIMEZONE
TZID:Europe/London
X-LIC-LOCATION:Europe/London
BEGIN:DAYLIGHT
TZOFFSETFROM:+0000
TZOFFSETTO:+0100
TZNAME:BST
DTSTART:19700329T010000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:+0100
TZOFFSETTO:+0000
TZNAME:GMT
DTSTART:19701025T020000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
END:STANDARD
END:VTIMEZONE
BEGIN:VTIMEZONE
TZID:America/New_York
X-LIC-LOCATION:America/New_York
BEGIN:DAYLIGHT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE""".split("\n")


def _fold(line: str) -> list[str]:
    """RFC 5545 folding: lines of at most 75 octets, continuations starting with a space."""
    out, cur, limit = [], "", 75
    for ch in line:
        if len((cur + ch).encode("utf-8")) > limit:
            out.append(cur)
            cur, limit = " ", 75
        cur += ch
    out.append(cur)
    return out


def _ical_dt(name: str, v) -> str:
    if isinstance(v, datetime):
        if v.tzinfo is UTC:
            return f"{name}:{v:%Y%m%dT%H%M%SZ}"
        return f"{name};TZID={v.tzinfo.key}:{v:%Y%m%dT%H%M%S}"
    return f"{name};VALUE=DATE:{v:%Y%m%d}"


def _write_ics(t: Truth, d: Path) -> None:
    L = [
        "BEGIN:VCALENDAR",
        "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
        "VERSION:2.0",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        "X-WR-CALNAME:hannah.okoye@gmail.com",
        "X-WR-TIMEZONE:Europe/London",
        *VTIMEZONES,
    ]
    for e in t.ics:
        L.append("BEGIN:VEVENT")
        L.append(_ical_dt("DTSTART", e["start"]))
        L.append(_ical_dt("DTEND", e["end"]))
        if e["rrule"]:
            L.append(f"RRULE:{e['rrule']}")
        for x in e["exdates"]:
            L.append(_ical_dt("EXDATE", x))
        L.append(f"DTSTAMP:{datetime(2025, 1, 6, 21, 14, 3):%Y%m%dT%H%M%SZ}")
        if e["organizer"]:
            name, email = e["organizer"]
            L.append(f"ORGANIZER;CN={name}:mailto:{email}")
        L.append(f"UID:{e['uid']}")
        if e["recurrence_id"] is not None:
            L.append(_ical_dt("RECURRENCE-ID", e["recurrence_id"]))
        if e["organizer"]:
            for name, email in [e["organizer"], ME]:
                role = "ACCEPTED" if (name, email) != ME or e["status"] != "CANCELLED" else "DECLINED"
                L.append(
                    f"ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT={role};CN={name};"
                    f"X-NUM-GUESTS=0:mailto:{email}"
                )
        L.append(f"CREATED:{e['created']:%Y%m%dT%H%M%SZ}")
        L.append(f"DESCRIPTION:{e['description']}")
        L.append(f"LAST-MODIFIED:{e['created'] + timedelta(hours=3):%Y%m%dT%H%M%SZ}")
        L.append(f"LOCATION:{e['location']}")
        L.append("SEQUENCE:0" if e["recurrence_id"] is None else "SEQUENCE:1")
        L.append(f"STATUS:{e['status']}")
        L.append(f"SUMMARY:{e['summary']}")
        L.append("TRANSP:TRANSPARENT" if e["all_day"] else "TRANSP:OPAQUE")
        L.append("END:VEVENT")
    L.append("END:VCALENDAR")
    folded = [part for line in L for part in _fold(line)]
    (d / ICS_FILE).write_bytes(("\r\n".join(folded) + "\r\n").encode("utf-8"))


# ==================================================================================================
# GPX of a six-day hike (Garmin)
# ==================================================================================================

# Each day: local start (hour, minute), then legs of (lat, lon, ele) nodes; a None between nodes is a
# break in recording (a new <trkseg>): a bus or a gondola ride.
DAYS = [
    (
        date(2024, 8, 19),
        (8, 4),
        [(45.89061, 6.79903, 1008), (45.88382, 6.76002, 1653), (45.86101, 6.74405, 1410), (45.82162, 6.72721, 1164)],
    ),
    (
        date(2024, 8, 20),
        (7, 31),
        [
            (45.82162, 6.72721, 1164),
            (45.80052, 6.72153, 1210),
            (45.77481, 6.71950, 1720),
            (45.74053, 6.72281, 2329),
            (45.73451, 6.73402, 2479),
            (45.70051, 6.73752, 1549),
        ],
    ),
    (
        date(2024, 8, 21),
        (8, 12),
        [
            (45.70051, 6.73752, 1549),
            (45.70212, 6.74298, 1560),
            None,
            (45.71352, 6.78401, 1789),
            (45.73910, 6.79550, 2200),
            (45.75152, 6.80651, 2516),
            (45.76603, 6.83304, 2195),
        ],
    ),
    (
        date(2024, 8, 22),
        (7, 48),
        [
            (45.76603, 6.83304, 2195),
            (45.77452, 6.85401, 1970),
            (45.77352, 6.87253, 2430),
            (45.79104, 6.93702, 1956),
            None,
            (45.79301, 6.96455, 1220),
            (45.79302, 6.97204, 1224),
        ],
    ),
    (
        date(2024, 8, 23),
        (7, 55),
        [(45.79302, 6.97204, 1224), (45.80853, 6.97103, 1989), (45.82450, 7.00210, 2340), (45.84352, 7.03953, 2025)],
    ),
    (
        date(2024, 8, 24),
        (7, 20),
        [
            (45.84352, 7.03953, 2025),
            (45.86004, 7.05602, 1769),
            (45.87452, 7.08703, 2537),
            (45.89910, 7.09350, 2071),
            (45.93253, 7.09604, 1593),
        ],
    ),
]
HUTS = [
    ("Auberge du Truc", 45.8335, 6.7412, 1720),
    ("Refuge des Mottets", 45.7220, 6.7660, 1870),
    ("Rifugio Elisabetta", 45.76603, 6.83304, 2195),
    ("Rifugio Bonatti", 45.84352, 7.03953, 2025),
    ("Grand Col Ferret", 45.87452, 7.08703, 2537),
    ("Gîte de la Léchère", 45.9240, 7.0990, 1690),
]
R_EARTH_KM = 6371.0


def haversine_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * R_EARTH_KM * math.asin(math.sqrt(a))


def _build_gpx(rng: random.Random) -> dict:
    days = []
    for n, (day, (hh, mm), nodes) in enumerate(DAYS):
        t = datetime(day.year, day.month, day.day, hh, mm, rng.randint(0, 59), tzinfo=PARIS).astimezone(UTC)
        segs, seg = [], []
        hr_gap = None
        if n in (1, 4):  # the chest strap lost contact for a stretch
            hr_gap = (rng.uniform(0.3, 0.5), rng.uniform(0.55, 0.7))
        n_legs = len(nodes) - 1
        lunch_leg = rng.randrange(1, n_legs - 1) if n_legs > 2 else 0
        if nodes[lunch_leg] is None or nodes[lunch_leg + 1] is None:
            lunch_leg = 0
        for li in range(n_legs):
            a, b = nodes[li], nodes[li + 1]
            if a is None:
                continue
            if b is None:  # bus / gondola: recording stops, time passes
                segs.append(seg)
                seg = []
                t += timedelta(minutes=rng.randint(25, 45))
                continue
            dist = haversine_km(a[0], a[1], b[0], b[1]) * 1.35  # trails wind
            climb = b[2] - a[2]
            hours = dist / 4.2 + max(climb, 0) / 380 + max(-climb, 0) / 700
            nsteps = max(2, int(hours * 3600 / 30))
            closes = li == n_legs - 1 or nodes[li + 2] is None  # the last leg of a segment ends on its node
            waves = rng.choice([3, 5, 7])
            grade = climb / max(dist * 1000, 1)
            for k in range(nsteps + int(closes)):
                f = k / nsteps
                wig = math.sin(f * math.pi * waves) * 0.0009
                lat = a[0] + (b[0] - a[0]) * f + wig * 0.6 + rng.gauss(0, 0.00003)
                lon = a[1] + (b[1] - a[1]) * f + wig + rng.gauss(0, 0.00003)
                ele = a[2] + (b[2] - a[2]) * (f * f * (3 - 2 * f)) + 6 * math.sin(f * 9) + rng.gauss(0, 0.6)
                prog = (li + f) / n_legs
                hr = round(98 + 260 * max(grade, 0) + 250 * max(-grade, 0) * 0.1 + rng.gauss(0, 4))
                if hr_gap and hr_gap[0] <= prog <= hr_gap[1]:
                    hr = None
                seg.append(
                    {
                        "lat": round(lat, 7),
                        "lon": round(lon, 7),
                        "ele": round(ele, 1),
                        "time": t,
                        "hr": hr,
                        "atemp": round(16 + 8 * prog - (ele - 1500) / 200 + rng.gauss(0, 0.4), 1),
                    }
                )
                t += timedelta(seconds=rng.randint(8, 52))
            if li == lunch_leg:
                t += timedelta(minutes=rng.randint(35, 70))  # lunch: auto pause, no points
        segs.append(seg)
        days.append({"date": day, "name": f"TMB Day {n + 1}", "segments": segs})
    return {"days": days, "huts": HUTS}


def _write_gpx(t: Truth, d: Path) -> None:
    L = [
        '<?xml version="1.0" encoding="UTF-8" standalone="no" ?>',
        '<gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3" '
        'xmlns:wptx1="http://www.garmin.com/xmlschemas/WaypointExtension/v1" '
        'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" creator="Garmin Desktop App" '
        'version="1.1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd '
        "http://www.garmin.com/xmlschemas/GpxExtensions/v3 http://www8.garmin.com/xmlschemas/GpxExtensionsv3.xsd "
        "http://www.garmin.com/xmlschemas/TrackPointExtension/v1 "
        'http://www8.garmin.com/xmlschemas/TrackPointExtensionv1.xsd">',
        '<metadata><link href="http://www.garmin.com"><text>Garmin International</text></link>'
        '<time>2024-08-26T18:40:11Z</time><bounds maxlat="45.9331" maxlon="7.0965" minlat="45.6998" '
        'minlon="6.7196"/></metadata>',
    ]
    for name, lat, lon, ele in t.gpx["huts"]:
        L.append(
            f'<wpt lat="{lat}" lon="{lon}"><ele>{ele}</ele><time>2024-08-10T19:02:33Z</time>'
            f"<name>{escape(name)}</name><sym>Lodge</sym><type>user</type></wpt>"
        )
    for day in t.gpx["days"]:
        L.append(
            f"<trk><name>{day['name']}</name><extensions><gpxx:TrackExtension><gpxx:DisplayColor>DarkMagenta"
            "</gpxx:DisplayColor></gpxx:TrackExtension></extensions>"
        )
        for seg in day["segments"]:
            L.append("<trkseg>")
            for p in seg:
                ext = f"<gpxtpx:atemp>{p['atemp']}</gpxtpx:atemp>"
                if p["hr"] is not None:
                    ext += f"<gpxtpx:hr>{p['hr']}</gpxtpx:hr>"
                L.append(
                    f'<trkpt lat="{p["lat"]:.7f}" lon="{p["lon"]:.7f}"><ele>{p["ele"]:.1f}</ele>'
                    f"<time>{p['time']:%Y-%m-%dT%H:%M:%SZ}</time><extensions><gpxtpx:TrackPointExtension>{ext}"
                    "</gpxtpx:TrackPointExtension></extensions></trkpt>"
                )
            L.append("</trkseg>")
        L.append("</trk>")
    L.append("</gpx>")
    (d / GPX_FILE).write_bytes(("\n".join(L) + "\n").encode("utf-8"))


# ==================================================================================================
# Apache access log (combined format)
# ==================================================================================================

LOG_START = datetime(2024, 10, 30, 0, 0, tzinfo=LOS_ANGELES)
LOG_END = datetime(2024, 11, 7, 0, 0, tzinfo=LOS_ANGELES)
POSTS = [
    "why-my-kite-flies-left",
    "sourdough-for-programmers",
    "a-tiny-rust-allocator",
    "notes-on-postgres-vacuum",
    "the-bike-shed-was-blue",
    "reading-the-gtfs-spec",
    "self-hosting-in-2024",
    "learning-welsh-on-the-bus",
    "emacs-after-ten-years",
    "my-home-weather-station",
]
POST_W = [16, 12, 8, 7, 3, 4, 6, 3, 5, 4]
NEWSLETTER_POST = "why-my-kite-flies-left"
PAGES = ["/", "/", "/blog/", "/about/", "/talks/", "/feed.xml"]
ASSETS = [
    ("/static/css/site.css", 18_244),
    ("/static/js/app.js", 41_907),
    ("/static/img/logo.svg", 3_511),
    ("/favicon.ico", 15_086),
]
FILES_DL = [
    ("/files/kite-talk-slides.pdf", 4_812_330),
    ("/files/weather-station-data-2023.csv.gz", 2_104_877),
    ("/files/rust-allocator-notes.pdf", 1_377_920),
]
BROWSERS = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.58 Mobile Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0",
]
BOTS = [  # user agent, ip prefix, weight
    ("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "66.249.66.", 30),
    ("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "40.77.167.", 18),
    ("Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)", "5.39.1.", 14),
    (
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
        "20.171.207.",
        12,
    ),
    ("Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)", "85.208.96.", 10),
    ("python-requests/2.31.0", "34.125.", 6),
    ("Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "213.180.203.", 5),
]
MONITOR_UA = "Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)"
MONITOR_IPS = ["69.162.124.231", "63.143.42.248", "216.144.250.150"]
REFERRERS = [
    ("-", 40),
    ("https://www.google.com/", 30),
    ("https://duckduckgo.com/", 6),
    ("https://t.co/Xw3kQ9zLmA", 4),
    ("https://news.ycombinator.com/", 3),
    ("https://www.bing.com/", 3),
]
SCANS = [
    "/wp-login.php",
    "/.env",
    "/wp-admin/setup-config.php",
    "/phpmyadmin/index.php",
    "/.git/config",
    "/xmlrpc.php",
    "/admin/config.php",
    "/cgi-bin/luci/;stok=/locale",
    "/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php",
]


def _ip(rng: random.Random) -> str:
    if rng.random() < 0.14:
        return f"2a02:{rng.randrange(0xFFFF):x}:{rng.randrange(0xFFFF):x}:{rng.randrange(0xFFFF):x}::{rng.randrange(1, 0xFFF):x}"
    return f"{rng.choice([73, 98, 24, 71, 108, 174, 86, 92, 151, 2, 187, 81])}.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"


def _page_bytes(path: str) -> int:
    return 9_000 + (sum(map(ord, path)) * 37) % 21_000


def _build_log(rng: random.Random) -> list[dict]:
    reqs: list[dict] = []
    start_utc, end_utc = LOG_START.astimezone(UTC), LOG_END.astimezone(UTC)

    def add(t, ip, method, path, status, size, ref, ua, proto="HTTP/1.1", raw=None):
        reqs.append(
            {
                "time": t,
                "ip": ip,
                "method": method,
                "path": path,
                "status": status,
                "bytes": size,
                "referer": ref,
                "ua": ua,
                "proto": proto,
                "raw": raw,
            }
        )

    # the uptime monitor: HEAD / every five minutes
    t = start_utc + timedelta(seconds=rng.randint(0, 299))
    while t < end_utc:
        add(t, rng.choice(MONITOR_IPS), "HEAD", "/", 200, None, "https://uptimerobot.com/", MONITOR_UA)
        t += timedelta(seconds=300 + rng.randint(-2, 2))
    # people: sessions that start more often in the evening, Los Angeles time
    hour_w = [2, 1, 1, 1, 1, 2, 4, 6, 8, 9, 9, 9, 10, 9, 9, 9, 9, 10, 12, 16, 22, 18, 10, 5]
    returning: list[tuple[str, str]] = []
    day = LOG_START
    while day < LOG_END:
        for _ in range(rng.randint(62, 80)):
            hour = rng.choices(range(24), weights=hour_w)[0]
            st = datetime(
                day.year, day.month, day.day, hour, rng.randrange(60), rng.randrange(60), tzinfo=LOS_ANGELES
            ).astimezone(UTC)
            if returning and rng.random() < 0.25:
                ip, ua, cached = *rng.choice(returning), True
            else:
                ip, ua, cached = _ip(rng), rng.choice(BROWSERS), False
                returning.append((ip, ua))
            ref = rng.choices([r for r, _ in REFERRERS], weights=[w for _, w in REFERRERS])[0]
            n_pages = rng.choices([1, 2, 3, 4, 5], weights=[45, 25, 15, 10, 5])[0]
            t = st
            for k in range(n_pages):
                r = rng.random()
                if r < 0.62:
                    post = rng.choices(POSTS, weights=POST_W)[0]
                    path = f"/blog/{post}/"
                    if post == NEWSLETTER_POST and k == 0 and rng.random() < 0.75:
                        path += rng.choice(
                            [
                                "?utm_source=newsletter&utm_medium=email&utm_campaign=oct24",
                                "?utm_source=newsletter&utm_medium=email",
                                "?ref=mastodon",
                                "?utm_source=hn",
                            ]
                        )
                        ref = "-" if "newsletter" in path else ref
                elif r < 0.66:
                    path = "/blog/2019/old-kite-post.html"
                else:
                    path = rng.choice(PAGES)
                status = 404 if path.endswith(".html") else (304 if cached and rng.random() < 0.3 else 200)
                size = None if status == 304 else (_page_bytes(path) if status == 200 else 1_247)
                add(t, ip, "GET", path, status, size, ref if k == 0 else "https://kiteandkernel.net/", ua, "HTTP/2.0")
                if k == 0:
                    for a, b in ASSETS:
                        ts = t + timedelta(seconds=rng.randint(0, 2))
                        if cached:
                            add(ts, ip, "GET", a, 304, None, f"https://kiteandkernel.net{path}", ua, "HTTP/2.0")
                        else:
                            add(ts, ip, "GET", a, 200, b, f"https://kiteandkernel.net{path}", ua, "HTTP/2.0")
                if rng.random() < 0.04:
                    f, size = rng.choice(FILES_DL)
                    add(
                        t + timedelta(seconds=rng.randint(20, 90)),
                        ip,
                        "GET",
                        f,
                        200,
                        size,
                        f"https://kiteandkernel.net{path}",
                        ua,
                        "HTTP/2.0",
                    )
                gap = rng.choices(
                    [rng.randint(15, 300), rng.randint(300, 1500), rng.randint(2000, 5000)], weights=[70, 22, 8]
                )[0]
                t += timedelta(seconds=gap)
        day += timedelta(days=1)
    # crawlers
    t = start_utc
    while t < end_utc:
        ua, prefix, _ = rng.choices(BOTS, weights=[b[2] for b in BOTS])[0]
        ip = prefix + ".".join(str(rng.randrange(1, 255)) for _ in range(4 - prefix.count(".")))
        path = rng.choice(
            ["/robots.txt", "/sitemap.xml", "/feed.xml", "/", "/about/"] + [f"/blog/{p}/" for p in POSTS] * 2
        )
        add(t, ip, "GET", path, 200, _page_bytes(path), "-", ua)
        t += timedelta(seconds=rng.randint(60, 1500))
    # scanners and garbage
    t = start_utc + timedelta(seconds=rng.randint(0, 3000))
    while t < end_utc:
        ip = f"{rng.choice([45, 185, 193, 103, 162])}.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"
        kind = rng.random()
        if kind < 0.7:
            for _ in range(rng.randint(1, 4)):
                add(
                    t, ip, "GET", rng.choice(SCANS), 404, 196, "-", "Mozilla/5.0 (Windows NT 6.1; Win64; x64) zgrab/0.x"
                )
                t += timedelta(seconds=1)
        elif kind < 0.85:
            add(t, ip, None, None, 400, 226, "-", "-", raw="\\x16\\x03\\x01\\x02\\x00\\x01\\x00\\x01\\xfc\\x03\\x03")
        elif kind < 0.93:
            add(t, ip, None, None, 408, None, "-", "-", raw="-")
        else:
            add(
                t,
                ip,
                "GET",
                '/search?q=\\"><script>alert(1)</script>',
                404,
                196,
                "-",
                'Mozilla/5.0 \\"Nessus\\" scanner',
            )
        t += timedelta(seconds=rng.randint(900, 7200))
    reqs = [r for r in reqs if start_utc <= r["time"] < end_utc]
    reqs.sort(key=lambda r: r["time"])
    return reqs


def _log_line(r: dict) -> str:
    local = r["time"].astimezone(LOS_ANGELES)
    off = local.strftime("%z")
    req = r["raw"] if r["raw"] is not None else f"{r['method']} {r['path']} {r['proto']}"
    size = "-" if r["bytes"] is None else str(r["bytes"])
    return f'{r["ip"]} - - [{local:%d/%b/%Y:%H:%M:%S} {off}] "{req}" {r["status"]} {size} "{r["referer"]}" "{r["ua"]}"'


def _write_log(t: Truth, d: Path) -> None:
    (d / LOG_FILE).write_bytes(("\n".join(_log_line(r) for r in t.log) + "\n").encode("utf-8"))


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    return Truth(
        gtfs=_build_gtfs(_rng("gtfs")),
        ics=_build_ics(_rng("ics")),
        gpx=_build_gpx(_rng("gpx")),
        log=_build_log(_rng("log")),
    )


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_gtfs(t, d)
    _write_ics(t, d)
    _write_gpx(t, d)
    _write_log(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout25-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
