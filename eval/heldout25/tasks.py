"""The twenty-fifth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, time arithmetic or several steps).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise.
"""

from __future__ import annotations

import calendar
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from data import (
    CENTRAL_ID,
    GPX_FILE,
    GTFS_FILE,
    HOLIDAY,
    ICS_FILE,
    LOG_FILE,
    LONDON,
    LOS_ANGELES,
    PARIS,
    SPANISH_COUNT,
    SPANISH_EX,
    SPANISH_MOVED,
    SPANISH_START,
    UTC,
    YOGA_EX,
    YOGA_START,
    YOGA_UNTIL,
    Truth,
    haversine_km,
    services_on,
    truth,
    weekly,
)


@dataclass
class Task:
    id: str
    difficulty: str
    question: str
    ref: Callable[[Truth], Any]
    kind: str = "number"  # number | text
    aliases: list[str] = field(default_factory=list)  # other accepted spellings of a text answer (default seed)


# --- helpers over the clean records ---------------------------------------------------------------


def argmax(scores: dict[Any, float]) -> Any:
    """The key with the highest score; raises on a tie (the question would have two answers)."""
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        raise ValueError(f"tie for first place: {ranked[:2]}")
    return ranked[0][0]


def clock(seconds: int) -> str:
    """A GTFS time (seconds after the service day's noon minus 12 h) as a 24-hour clock time HH:MM."""
    s = seconds % 86400
    return f"{s // 3600:02d}:{s // 60 % 60:02d}"


# gtfs: stops, routes, trips with their stop times (seconds after the service day's start, None when untimed)


def _trips(t: Truth, service: str) -> list[dict]:
    return [tr for tr in t.gtfs["trips"] if tr["service_id"] == service]


def _top_route(t: Truth) -> str:
    long_name = {r["route_id"]: r["long"] for r in t.gtfs["routes"]}
    return argmax(Counter(long_name[tr["route_id"]] for tr in t.gtfs["trips"]))


def _accessible(t: Truth) -> int:
    return sum(s["wheelchair_boarding"] == 1 for s in t.gtfs["stops"] if s["location_type"] in (0, None))


def _central_bays(t: Truth) -> set[str]:
    return {s["stop_id"] for s in t.gtfs["stops"] if s["parent_station"] == CENTRAL_ID}


def _last_departure(t: Truth) -> int:
    bays = _central_bays(t)
    deps = [st["dep"] for tr in _trips(t, "WKDY") for st in tr["stop_times"][:-1] if st["stop_id"] in bays]
    last = max(deps)
    if deps.count(last) > 1 or last < 86400:
        raise ValueError("the last departure from Central Station is shared or not after midnight")
    return last


def _after_midnight(t: Truth) -> int:
    return sum(tr["stop_times"][-1]["arr"] >= 86400 for tr in _trips(t, "WKDY"))


def _holiday_trips(t: Truth) -> int:
    on = services_on(t.gtfs, HOLIDAY)
    if on == {"WKDY"}:
        raise ValueError("the holiday has no exception")
    return sum(tr["service_id"] in on for tr in t.gtfs["trips"])


def _saturday_hours(t: Truth) -> float:
    secs = sum(tr["stop_times"][-1]["arr"] - tr["stop_times"][0]["dep"] for tr in _trips(t, "SAT"))
    return round(secs / 3600, 1)


def _stop_events(t: Truth, by_station: bool) -> Counter:
    stops = {s["stop_id"]: s for s in t.gtfs["stops"]}
    names = {s["stop_id"]: s["stop_name"] for s in t.gtfs["stops"]}
    out: Counter = Counter()
    for tr in _trips(t, "WKDY"):
        for st in tr["stop_times"]:
            s = stops[st["stop_id"]]
            key = names[s["parent_station"]] if by_station and s["parent_station"] else s["stop_name"]
            out[key] += 1
    return out


def _busiest_stop(t: Truth) -> str:
    ref = argmax(_stop_events(t, True))
    if argmax(_stop_events(t, False)).startswith(ref):
        raise ValueError("the busiest single stop_id is the busiest station: no trap")
    return ref


# ics: one dict per VEVENT, starts and ends aware datetimes (or dates for all-day events)


def _single_timed(t: Truth) -> list[dict]:
    return [
        e
        for e in t.ics
        if not e["all_day"] and e["rrule"] is None and e["recurrence_id"] is None and e["status"] != "CANCELLED"
    ]


def _early_starts(t: Truth, as_written: bool = False) -> int:
    n = 0
    for e in _single_timed(t):
        local = e["start"].astimezone(LONDON)
        if local.year == 2024 and (e["start"].hour if as_written else local.hour) < 9:
            n += 1
    return n


def _yoga_2024(t: Truth, skip_exdates: bool = True) -> int:
    starts = weekly(YOGA_START, until=YOGA_UNTIL)
    if skip_exdates:
        starts = [s for s in starts if s.date() not in YOGA_EX]
    # the moved class (a RECURRENCE-ID override) replaces its occurrence: still one class, in 2024
    return sum(s.year == 2024 for s in starts)


def _leave_days(t: Truth, inclusive_end: bool = False) -> int:
    leave = [e for e in t.ics if e["summary"] == "Annual leave" and e["status"] != "CANCELLED"]
    return sum((e["end"] - e["start"]).days + int(inclusive_end) for e in leave)


def _top_organizer(t: Truth) -> str:
    return argmax(Counter(e["organizer"][0] for e in t.ics if e["organizer"]))


def _spanish_hours(t: Truth) -> float:
    total = timedelta()
    for s in weekly(SPANISH_START, count=SPANISH_COUNT):
        if s.date() in SPANISH_EX:
            continue
        if s.date() in SPANISH_MOVED:
            moved = SPANISH_MOVED[s.date()]
            if moved is None:
                continue
            total += moved[1] - moved[0]
        else:
            total += timedelta(minutes=90)
    return round(total.total_seconds() / 3600, 2)


# gpx: days of segments of points


def _points(t: Truth) -> list[dict]:
    return [p for day in t.gpx["days"] for seg in day["segments"] for p in seg]


def _pairs(day: dict):
    for seg in day["segments"]:
        yield from zip(seg, seg[1:])


def _walk_km(t: Truth, across_breaks: bool = False) -> float:
    if across_breaks:
        pts = _points(t)
        pairs = list(zip(pts, pts[1:]))
    else:
        pairs = [pq for day in t.gpx["days"] for pq in _pairs(day)]
    return round(sum(haversine_km(p["lat"], p["lon"], q["lat"], q["lon"]) for p, q in pairs), 1)


def _start_local(t: Truth, zone=PARIS) -> str:
    first = t.gpx["days"][2]["segments"][0][0]["time"]
    return f"{first.astimezone(zone):%H:%M}"


def _hr_day2(t: Truth) -> float:
    hrs = [p["hr"] for seg in t.gpx["days"][1]["segments"] for p in seg if p["hr"] is not None]
    if len(hrs) == sum(len(seg) for seg in t.gpx["days"][1]["segments"]):
        raise ValueError("no gap in day 2's heart rate")
    return round(statistics.fmean(hrs), 1)


def _climb_day(t: Truth) -> str:
    gain = {day["date"].isoformat(): sum(max(q["ele"] - p["ele"], 0) for p, q in _pairs(day)) for day in t.gpx["days"]}
    return argmax({k: round(v, 1) for k, v in gain.items()})


def _above_2500(t: Truth) -> float:
    secs = sum(
        (q["time"] - p["time"]).total_seconds()
        for day in t.gpx["days"]
        for p, q in _pairs(day)
        if p["ele"] > 2500 and q["ele"] > 2500
    )
    return round(secs / 60, 1)


# log: one dict per request (UTC time, ip, method, path, status, bytes or None, referer, user agent)

HUMAN_EXCLUDE = ("bot", "spider", "crawl", "python", "curl")


def _top_post(t: Truth, keep_query: bool = False) -> str:
    c: Counter = Counter()
    for r in t.log:
        p = r["path"] or ""
        if not p.startswith("/blog/"):
            continue
        bare = p.split("?")[0]
        parts = bare.strip("/").split("/")
        if len(parts) != 2 or not bare.endswith("/"):
            continue
        c[p if keep_query else parts[1]] += 1
    top = argmax(c)
    if not keep_query and _top_post(t, keep_query=True).split("?")[0] == f"/blog/{top}/":
        raise ValueError("the top post is also the top path as logged: no trap")
    return top


def _peak_hour(t: Truth, zone=UTC) -> int:
    return argmax(Counter(r["time"].astimezone(zone).hour for r in t.log))


def _sessions(t: Truth) -> int:
    by_visitor = defaultdict(list)
    for r in t.log:
        if not any(w in r["ua"].lower() for w in HUMAN_EXCLUDE):
            by_visitor[(r["ip"], r["ua"])].append(r["time"])
    n = 0
    for times in by_visitor.values():
        times.sort()
        n += 1 + sum((b - a) > timedelta(minutes=30) for a, b in zip(times, times[1:]))
    return n


def _biggest(t: Truth) -> str:
    sizes: dict[str, int] = {}
    for r in t.log:
        if r["bytes"] is not None:
            sizes[r["path"]] = max(sizes.get(r["path"], 0), r["bytes"])
    return argmax(sizes)


GT = (
    f"The GTFS feed {GTFS_FILE} of Larkspur Valley Transit (a zip of GTFS .txt tables; service_id WKDY is the "
    "regular weekday service, SAT Saturday, SUN Sunday)."
)
IC = f"My Google Calendar export {ICS_FILE} (I live in London)."
GX = (
    f"The GPX file {GPX_FILE} of my six-day hike on the Tour du Mont Blanc (one track per day, in order; "
    "the hike was in the Europe/Paris time zone)."
)
LG = (
    f"My web server's {LOG_FILE} (Apache combined log format; the server's clock is in Los Angeles and each "
    "time carries its UTC offset)."
)

TASKS = [
    # --- GTFS feed ---
    Task(
        "gt_routes",
        "easy",
        f"{GT} How many routes does the feed have (rows of routes.txt)?",
        lambda t: len(t.gtfs["routes"]),
    ),
    Task(
        "gt_top_route",
        "easy",
        f"{GT} Which route has the most trips in trips.txt, all services together? Give its route_long_name.",
        _top_route,
        kind="text",
    ),
    Task(
        "gt_accessible",
        "easy",
        f"{GT} How many stops in stops.txt have wheelchair_boarding = 1? Count only boarding locations "
        "(location_type 0 or empty), not stations.",
        _accessible,
    ),
    Task(
        "gt_last_departure",
        "medium",
        f"{GT} On a regular weekday (service WKDY), what is the last scheduled departure from Central Station "
        "(any of its bays)? Give the clock time as HH:MM on a 24-hour clock.",
        lambda t: clock(_last_departure(t)),
        kind="text",
    ),
    Task(
        "gt_after_midnight",
        "medium",
        f"{GT} How many weekday trips (service WKDY) reach their last stop at or after midnight, on the next "
        "calendar day?",
        _after_midnight,
    ),
    Task(
        "gt_holiday_trips",
        "hard",
        f"{GT} How many trips does the feed schedule on Monday 26 May 2025 (Memorial Day)?",
        _holiday_trips,
    ),
    Task(
        "gt_saturday_hours",
        "hard",
        f"{GT} What is the total scheduled in-service time of all Saturday trips (service SAT), taking each trip from "
        "its first departure to its last arrival, in hours rounded to one decimal?",
        _saturday_hours,
    ),
    Task(
        "gt_busiest_stop",
        "hard",
        f"{GT} On a regular weekday (service WKDY), which stop or station has the most scheduled stop events "
        "(stop_times rows)? A station's bays count together as the station. Give its stop_name.",
        _busiest_stop,
        kind="text",
    ),
    # --- Google Calendar ---
    Task(
        "ic_events",
        "easy",
        f"{IC} How many VEVENT entries does the file contain?",
        lambda t: len(t.ics),
    ),
    Task(
        "ic_all_day",
        "easy",
        f"{IC} How many of its VEVENT entries are all-day events (a DTSTART that is a date, VALUE=DATE)?",
        lambda t: sum(e["all_day"] for e in t.ics),
    ),
    Task(
        "ic_yoga_2024",
        "medium",
        f"{IC} How many Yoga classes did I have in calendar year 2024, according to the calendar? Count each class "
        "once.",
        _yoga_2024,
    ),
    Task(
        "ic_leave_days",
        "medium",
        f"{IC} My annual leave is entered as all-day events called 'Annual leave'. Leaving out cancelled ones, how "
        "many days of annual leave does the calendar hold, weekends included?",
        _leave_days,
    ),
    Task(
        "ic_top_organizer",
        "medium",
        f"{IC} Which person organised the most of the events in the file (the ORGANIZER of each VEVENT)? Give the "
        "name.",
        _top_organizer,
        kind="text",
    ),
    Task(
        "ic_early_starts",
        "hard",
        f"{IC} Among the one-off timed events of 2024 (not recurring, not all-day, not cancelled), how many start "
        "before 09:00 London time?",
        _early_starts,
    ),
    Task(
        "ic_spanish_hours",
        "hard",
        f"{IC} How many hours of Spanish class did I have in 2024? Count every class that took place, with its own "
        "start and end time.",
        _spanish_hours,
    ),
    # --- GPX ---
    Task(
        "gx_max_ele",
        "easy",
        f"{GX} What is the highest elevation of any track point, in metres?",
        lambda t: max(p["ele"] for p in _points(t)),
    ),
    Task(
        "gx_max_hr",
        "easy",
        f"{GX} What is the highest heart rate recorded at any track point, in beats per minute?",
        lambda t: max(p["hr"] for p in _points(t) if p["hr"] is not None),
    ),
    Task(
        "gx_start_local",
        "medium",
        f"{GX} At what local time did I start recording on day 3 (the third track)? Give HH:MM on a 24-hour clock.",
        _start_local,
        kind="text",
    ),
    Task(
        "gx_hr_day2",
        "medium",
        f"{GX} What was my average heart rate on day 2 (the second track), over the track points that have a heart "
        "rate, in beats per minute rounded to one decimal?",
        _hr_day2,
    ),
    Task(
        "gx_walk_km",
        "hard",
        f"{GX} How far did I walk in total, in km rounded to one decimal? Sum the great-circle (haversine) distances "
        "between consecutive track points with an Earth radius of 6371 km; where the recording was broken (I took a "
        "bus or a gondola) the ride is not walking.",
        _walk_km,
    ),
    Task(
        "gx_climb_day",
        "hard",
        f"{GX} On which day did I climb the most, summing the elevation increases between consecutive track points "
        "of the day's recording (rides excluded)? Give the date.",
        _climb_day,
        kind="text",
    ),
    Task(
        "gx_above_2500",
        "hard",
        f"{GX} How many minutes in total did I spend above 2,500 m? Sum the time between consecutive recorded track "
        "points that are both higher than 2,500 m, and round to one decimal.",
        _above_2500,
    ),
    # --- access log ---
    Task(
        "lg_404",
        "easy",
        f"{LG} How many requests got the status 404?",
        lambda t: sum(r["status"] == 404 for r in t.log),
    ),
    Task(
        "lg_clients",
        "easy",
        f"{LG} How many distinct client IP addresses (IPv4 and IPv6) appear in the log?",
        lambda t: len({r["ip"] for r in t.log}),
    ),
    Task(
        "lg_biggest",
        "easy",
        f"{LG} Which path was served in the largest single response (bytes sent)? Give the path.",
        _biggest,
        kind="text",
    ),
    Task(
        "lg_mib",
        "medium",
        f"{LG} How much data did the server send in total (the response size field), in MiB (1 MiB = 1,048,576 "
        "bytes) rounded to two decimals?",
        lambda t: round(sum(r["bytes"] or 0 for r in t.log) / 1_048_576, 2),
    ),
    Task(
        "lg_top_post",
        "medium",
        f"{LG} Which blog post (a path /blog/<name>/) was requested most often, by anyone? Give the post's name "
        "(the part after /blog/).",
        _top_post,
        kind="text",
    ),
    Task(
        "lg_bot_share",
        "medium",
        f"{LG} What percentage of all requests have a user agent containing 'bot' (in any case)? Round to one decimal.",
        lambda t: round(100 * sum("bot" in r["ua"].lower() for r in t.log) / len(t.log), 1),
    ),
    Task(
        "lg_peak_hour_utc",
        "hard",
        f"{LG} Over the whole log, in which hour of the day in UTC (0-23) were the most requests made? Give the hour "
        "as a number.",
        _peak_hour,
    ),
    Task(
        "lg_sessions",
        "hard",
        f"{LG} Treat each distinct pair of client IP and user agent as a visitor and leave out user agents containing "
        "'bot', 'spider', 'crawl', 'python' or 'curl' (in any case). A visitor's session ends when more than 30 "
        "minutes pass without a request from them. How many sessions are there?",
        _sessions,
    ),
]

QUICK = ["gt_routes", "ic_events", "lg_404"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "gt_last_departure": "the times compared as text: hours below 10 are written without a leading zero ('9:58:00' "
    "sorts after '24:07:00'), and a time past 24:00:00 is the next morning's clock",
    "gt_holiday_trips": "only calendar.txt read (a Monday runs WKDY): calendar_dates.txt removes the weekday service "
    "that day and adds the Sunday service and the game-day shuttle",
    "gt_busiest_stop": "stop events counted per stop_id: Central Station's trips are spread over its six bays",
    "ic_yoga_2024": "the weekly rule expanded without its EXDATE lines: the skipped weeks counted as classes",
    "ic_leave_days": "DTEND taken as the last day of leave: for all-day events it is the day after (exclusive)",
    "ic_early_starts": "the clock time read as written: events in UTC (Z) and in America/New_York are not in "
    "London time",
    "gx_start_local": "the <time> read as local time: it is UTC (Z), two hours behind Paris in August",
    "gx_walk_km": "the distance summed over all consecutive points: the bus and gondola rides between segments "
    "counted as walking",
    "lg_top_post": "requests counted per path as logged: the newsletter's links carry query strings "
    "(?utm_source=…) that split one post's count",
    "lg_peak_hour_utc": "the hour read from the logged local time: it is Los Angeles time (UTC-7, then UTC-8)",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _clock_aliases(text: str) -> list[str]:
    h, m = map(int, text.split(":"))
    twelve = h % 12 or 12
    half = "am" if h < 12 else "pm"
    out = [f"{h}:{m:02d}", f"{twelve}:{m:02d} {half}", f"{twelve}:{m:02d} {half[0]}.m.", f"{h:02d}{m:02d}"]
    return [s for s in dict.fromkeys(out) if s != text]


def _date_aliases(text: str) -> list[str]:
    d = date.fromisoformat(text)
    month = calendar.month_name[d.month]
    return [
        f"{d.day} {month} {d.year}",
        f"{month} {d.day}, {d.year}",
        f"{month} {d.day} {d.year}",
        f"{d.day} {calendar.month_abbr[d.month]} {d.year}",
        f"{calendar.month_abbr[d.month]} {d.day}, {d.year}",
        f"{d.day:02d}/{d.month:02d}/{d.year}",
        f"{d.day}.{d.month}.{d.year}",
    ]


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a clock time, a date, a route, a person, a path)."""
    t = truth()
    refs = references(t)
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id in ("gt_last_departure", "gx_start_local"):
            task.aliases = _clock_aliases(ref)
        elif task.id == "gt_top_route":
            short = next(r["short"] for r in t.gtfs["routes"] if r["long"] == ref)
            task.aliases = [f"Route {short}", f"route_short_name {short}"]
        elif task.id == "gt_busiest_stop":
            task.aliases = [f"stop {CENTRAL_ID}"] if ref == "Central Station" else []
        elif task.id == "ic_top_organizer":
            task.aliases = [next(e["organizer"][1] for e in t.ics if e["organizer"] and e["organizer"][0] == ref)]
        elif task.id == "gx_climb_day":
            n = next(i for i, day in enumerate(t.gpx["days"]) if day["date"].isoformat() == ref) + 1
            task.aliases = [*_date_aliases(ref), f"Day {n}"]
        elif task.id == "lg_top_post":
            task.aliases = [f"/blog/{ref}/", ref.replace("-", " ")]
        elif task.id == "lg_biggest":
            task.aliases = [ref.rsplit("/", 1)[1]]


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)
assert set(TRAPS) <= {t.id for t in TASKS} and len(TRAPS) <= 10
assert all(t.difficulty != "easy" for t in TASKS if t.id in TRAPS)
assert LOS_ANGELES.key == "America/Los_Angeles"

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
