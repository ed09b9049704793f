"""The thirty-ninth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, several steps or a careful definition).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise; so does a seed on which a trap would not bite.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any
from zoneinfo import ZoneInfo

from data import (
    BUOY_FILE,
    BY_ID,
    BY_TZ,
    CMAN,
    DEXCOM_FILE,
    GALE_KT,
    HIGH,
    KNOT_MS,
    LIBRE_FILE,
    LOW,
    P_HOME,
    P_WORK,
    SERVING_G,
    ST_RADIUS_KM,
    STATION_FILE,
    TAKEOUT_FILE,
    TL_NEAR_M,
    VERY_LOW,
    Truth,
    haversine_km,
    segment_ends,
    truth,
)  # fmt: skip


@dataclass
class Task:
    id: str
    difficulty: str
    question: str
    ref: Callable[[Truth], Any]
    kind: str = "number"  # number | text
    aliases: list[str] = field(default_factory=list)  # other accepted spellings of a text answer (default seed)


# --- helpers over the clean records ---------------------------------------------------------------


def argmax(scores: dict[Any, float], margin: float = 0) -> Any:
    """The key with the highest score; raises on a tie (the question would have two answers)."""
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) > 1 and ranked[0][1] - ranked[1][1] <= margin:
        raise ValueError(f"tie for first place: {ranked[:2]}")
    return ranked[0][0]


def no_trap(ref: Any, careless: Any, what: str, rel: float = 0.002) -> None:
    """Raise when the careless reading comes within rel (the scorer's 0.2 % by default) of the reference."""
    close = careless == ref or (
        isinstance(ref, float)
        and isinstance(careless, (int, float))
        and abs(float(careless) - ref) <= max(0.006, rel * abs(ref))
    )
    if close:
        raise ValueError(f"the careless reading gives the reference ({ref!r}): {what}")


def not_on_edge(x: float, places: int, what: str) -> None:
    """Raise when x sits so near a rounding boundary that careful readings could round it either way."""
    scaled = x * 10**places
    if abs(scaled - round(scaled) - 0.5) < 1e-3 or abs(scaled - round(scaled) + 0.5) < 1e-3:
        raise ValueError(f"{what}: {x} is on a rounding edge")


def rounded(x: float, places: int, what: str) -> float:
    not_on_edge(x, places, what)
    return round(x, places)


def date_aliases(d: str) -> list[str]:
    """Other spellings of an ISO date: 18 December 2023, December 18, 12/18/2023 ..."""
    x = datetime.strptime(d, "%Y-%m-%d")
    month, mon = x.strftime("%B"), x.strftime("%b")
    return [f"{x.day} {month}", f"{month} {x.day}", f"{x.day} {mon}", f"{mon} {x.day}",
            f"{x.month}/{x.day}/{x.year}", f"{x.day}/{x.month}/{x.year}", f"{x:%d.%m.%Y}"]  # fmt: skip


# Buoy: stdmet rows (ts in UTC; None where the file writes 99.0, 999, 9999.0 ...) and the station table


def _valid(t: Truth, col: str) -> list[dict]:
    return [r for r in t.buoy if r[col] is not None]


def _by_max_wave(t: Truth, codes: bool = False) -> float:
    if codes:  # the missing-value code 99.00 read as a wave height
        return max(99.0 if r["WVHT"] is None else r["WVHT"] for r in t.buoy)
    ref = max(r["WVHT"] for r in _valid(t, "WVHT"))
    no_trap(ref, _by_max_wave(t, codes=True), "no row without a wave height")
    return ref


def _by_gale(t: Truth, as_knots: bool = False) -> int:
    if as_knots:  # WSPD (m/s) compared with 34 as if it were knots: only the 99.0 codes pass
        return sum((99.0 if r["WSPD"] is None else r["WSPD"]) >= GALE_KT for r in t.buoy)
    ref = sum(r["WSPD"] / KNOT_MS >= GALE_KT for r in _valid(t, "WSPD"))
    assert all(abs(r["WSPD"] / KNOT_MS - GALE_KT) > 0.01 for r in _valid(t, "WSPD"))
    assert ref >= 20
    no_trap(ref, _by_gale(t, as_knots=True), "no anemometer failure")
    return ref


def _by_longest_gap(t: Truth) -> float:
    gaps = [(b["ts"] - a["ts"]).total_seconds() / 3600 for a, b in zip(t.buoy, t.buoy[1:])]
    return rounded(max(gaps), 1, "longest gap")


def _by_windiest_day(t: Truth, utc: bool = False) -> str:
    tz = ZoneInfo(BY_TZ)
    days: dict[str, list[float]] = {}
    for r in _valid(t, "WSPD"):
        ts = r["ts"] if utc else r["ts"].replace(tzinfo=timezone.utc).astimezone(tz)
        days.setdefault(f"{ts:%Y-%m-%d}", []).append(r["WSPD"])
    means = {d: sum(v) / len(v) for d, v in days.items()}
    if utc:  # the file's UTC dates: the storm's evening (local) falls on the next UTC day
        return max(means, key=means.get)
    ref = argmax(means, margin=0.2)
    no_trap(ref, _by_windiest_day(t, utc=True), "the storm inside one UTC day")
    return ref


SECTORS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


def sector(deg: int) -> str:
    return SECTORS[int(((deg + 22.5) % 360) // 45)]


def _by_sector_dec(t: Truth) -> str:
    c = Counter(sector(r["WDIR"]) for r in _valid(t, "WDIR") if r["ts"].month == 12)
    return argmax(c, margin=40)


def _st_southern(t: Truth, unsigned: bool = False) -> str:
    if unsigned:  # the latitude read without its hemisphere letter: the smallest number is on the equator
        return min(t.stations, key=lambda s: abs(s["lat"]))["id"]
    ref = argmax({s["id"]: -s["lat"] for s in t.stations}, margin=0.2)
    no_trap(ref, _st_southern(t, unsigned=True), "nothing south of the equator")
    return ref


def _st_within(t: Truth) -> int:
    me = next(s for s in t.stations if s["id"] == BY_ID)
    dist = [haversine_km(me["lat"], me["lon"], s["lat"], s["lon"]) for s in t.stations if s["id"] != BY_ID]
    assert not any(abs(x - ST_RADIUS_KM) < 3 for x in dist), "a station on the radius"
    return sum(x <= ST_RADIUS_KM for x in dist)


# Glucose: LibreView rows (device, ts, rtype, hist, scan, rapid, carbs_g, carbs_serv ...), the distinct
# historic readings, and the Clarity events (EGV glucose an int or 'Low'/'High')


def _tir(values: list) -> float:
    return 100 * sum(isinstance(v, int) and LOW <= v <= HIGH for v in values) / len(values)


def _egv(t: Truth) -> list:
    return [r["glucose"] for r in t.dexcom if r["type"] == "EGV"]


def _cgm_mean(t: Truth, every_row: bool = False) -> float:
    if every_row:  # the week both devices uploaded counted twice
        vals = [r["hist"] for r in t.libre if r["rtype"] == 0]
        return round(sum(vals) / len(vals), 1)
    vals = [r["value"] for r in t.libre_readings]
    assert len(vals) < sum(r["rtype"] == 0 for r in t.libre)
    ref = rounded(sum(vals) / len(vals), 1, "mean glucose")
    no_trap(ref, _cgm_mean(t, every_row=True), "the overlap week like the rest", rel=0.004)
    return ref


def _cgm_carbs(t: Truth, grams_only: bool = False) -> float:
    grams = sum(r["carbs_g"] for r in t.libre if r["carbs_g"] is not None)
    if grams_only:  # the servings the phone app logged left out
        return float(grams)
    serv = sum(r["carbs_serv"] for r in t.libre if r["carbs_serv"] is not None)
    ref = rounded(grams + SERVING_G * serv, 1, "carbs")
    no_trap(ref, _cgm_carbs(t, grams_only=True), "no servings")
    return ref


def _dex_very_low(t: Truth, numeric_only: bool = False) -> float:
    egv = _egv(t)
    if numeric_only:  # Low and High coerced to NaN and dropped
        nums = [v for v in egv if isinstance(v, int)]
        return round(100 * sum(v < VERY_LOW for v in nums) / len(nums), 2)
    assert "Low" in egv and "High" in egv
    ref = rounded(100 * sum(v == "Low" or (isinstance(v, int) and v < VERY_LOW) for v in egv) / len(egv), 2, "pct")
    no_trap(ref, _dex_very_low(t, numeric_only=True), "no Low readings")
    return ref


def _cgm_low_episodes(t: Truth) -> int:
    n, run, prev = 0, 0, None
    for r in t.libre_readings:
        step = prev is not None and r["ts"] - prev == timedelta(minutes=15)
        if r["value"] < LOW:
            run = run + 1 if step and run else 1
            if run == 2:
                n += 1
        else:
            run = 0
        prev = r["ts"]
    assert n >= 5
    return n


def _cgm_tir_change(t: Truth) -> float:
    jan = _tir([r["value"] for r in t.libre_readings])
    feb = _tir(_egv(t))
    return rounded(feb - jan, 1, "time in range change")


def _cgm_top_hour(t: Truth) -> int:
    by: dict[int, list[int]] = {}
    for r in t.libre_readings:
        by.setdefault(r["ts"].hour, []).append(r["value"])
    return argmax({h: sum(v) / len(v) for h, v in by.items()}, margin=1.0)


def _dex_night_mean(t: Truth) -> float:
    vals = [{"Low": 40, "High": 400}.get(r["glucose"], r["glucose"]) for r in t.dexcom
            if r["type"] == "EGV" and r["ts"].hour < 6]  # fmt: skip
    assert any(r["glucose"] == "Low" and r["ts"].hour < 6 for r in t.dexcom)
    return rounded(sum(vals) / len(vals), 1, "night mean")


# Timeline: distinct objects (visit: place, start, end in UTC; segment: type, start, end, distance, wp_distance)
# with the month files each is written to. Amsterdam is UTC+1 all winter.

AMS = timedelta(hours=1)


def _visits(t: Truth, month: str | None = None) -> list[dict]:
    return [o for o in t.timeline if o["kind"] == "visit" and (month is None or month in o["months"])]


def _segments(t: Truth, kind: str, month: str | None = None) -> list[dict]:
    return [
        o
        for o in t.timeline
        if o["kind"] == "segment" and o["type"] == kind and (month is None or month in o["months"])
    ]


def _km(o: dict) -> float:
    return (o["distance"] if o["distance"] is not None else o["wp_distance"]) / 1000


def _tl_visits_total(t: Truth, per_file: bool = False) -> int:
    if per_file:  # the three files' visits added up: a visit over a month's end is in both files
        return sum(len(o["months"]) for o in _visits(t))
    ref = len(_visits(t))
    no_trap(ref, _tl_visits_total(t, per_file=True), "no visit over a month's end")
    return ref


def _in_jan(ts: datetime) -> bool:
    local = ts + AMS
    return local.year == 2024 and local.month == 1


def _tl_km_cycled(t: Truth, distance_only: bool = False) -> float:
    segs = [o for o in _segments(t, "CYCLING") if _in_jan(o["start"])]
    if distance_only:  # the segments without a distance field dropped
        return round(sum(o["distance"] for o in segs if o["distance"] is not None) / 1000, 1)
    assert all(o["distance"] is not None or o["wp_distance"] is not None for o in segs)
    ref = rounded(sum(_km(o) for o in segs), 1, "km cycled")
    no_trap(ref, _tl_km_cycled(t, distance_only=True), "every segment with a distance")
    return ref


def _tl_top_place(t: Truth) -> str:
    c = Counter(o["place"][0] for o in _visits(t) if o["place"][4] not in ("TYPE_HOME", "TYPE_WORK"))
    return argmax(c, margin=4)


def _tl_leave_work(t: Truth, utc: bool = False) -> float:
    ends = [o["end"] + (timedelta(0) if utc else AMS) for o in _visits(t) if o["place"] == P_WORK and _in_jan(o["end"])]
    hours = [e.hour + e.minute / 60 + (e.second + e.microsecond / 1e6) / 3600 for e in ends]
    if utc:  # the UTC clock: an hour early
        return round(sum(hours) / len(hours), 2)
    ref = rounded(sum(hours) / len(hours), 2, "leaving time")
    no_trap(ref, _tl_leave_work(t, utc=True), "Amsterdam on UTC")
    return ref


def _tl_home_hours_feb(t: Truth) -> float:
    lo, hi = datetime(2024, 2, 1) - AMS, datetime(2024, 3, 1) - AMS
    secs = sum(max(0.0, (min(o["end"], hi) - max(o["start"], lo)).total_seconds()) for o in _visits(t)
               if o["place"] == P_HOME)  # fmt: skip
    return rounded(secs / 3600, 1, "hours at home")


def _tl_commute(t: Truth) -> float:
    def near(p: tuple[float, float], place: tuple) -> float:
        return haversine_km(round(p[0] * 1e7) / 1e7, round(p[1] * 1e7) / 1e7, place[2], place[3]) * 1000

    picked, true = [], []
    for o in _segments(t, "CYCLING"):
        if not _in_jan(o["start"]):
            continue
        a, b = segment_ends(o)
        da, db = near(a, P_HOME), near(b, P_WORK)
        assert abs(da - TL_NEAR_M) > 20 or db > TL_NEAR_M + 20, "a start on the 300 m line"
        assert abs(db - TL_NEAR_M) > 20 or da > TL_NEAR_M + 20, "an end on the 300 m line"
        if da <= TL_NEAR_M and db <= TL_NEAR_M:
            picked.append(o)
        if o["from"] == P_HOME and o["to"] == P_WORK:
            true.append(o)
    assert picked == true and len(picked) >= 10
    return rounded(statistics.median((o["end"] - o["start"]).total_seconds() / 60 for o in picked), 1, "median")


BY = (
    f"NOAA NDBC standard meteorological data for buoy {BY_ID} (San Francisco), October to December 2023 "
    f"({BUOY_FILE}: the historical stdmet file cut to the last quarter; times in UTC)."
)
ST = f"NDBC's station table ({STATION_FILE}), cut to the Pacific."
CGM = (
    f"My glucose data: a LibreView export of my FreeStyle Libre 2 for January 2024 ({LIBRE_FILE}) and a Dexcom "
    f"Clarity export of my first two weeks on a Dexcom G6, 1-14 February 2024 ({DEXCOM_FILE}); both in mg/dL and "
    "in my local time."
)
TL = (
    f"My Google Location History (Timeline) from Google Takeout ({TAKEOUT_FILE}): the Semantic Location History "
    "files for December 2023, January 2024 and February 2024. I live in Amsterdam (Europe/Amsterdam time)."
)
HIST = "the 15-minute historic readings (Record Type 0), each reading once"

TASKS = [
    # --- Ocean buoy: NDBC stdmet file and station table ---
    Task(
        "by_min_pres",
        "easy",
        f"{BY} What was the lowest sea-level pressure (PRES, in hPa) recorded?",
        lambda t: min(r["PRES"] for r in _valid(t, "PRES")),
    ),
    Task(
        "by_min_wtmp",
        "easy",
        f"{BY} What was the lowest sea surface temperature (WTMP, in °C) recorded?",
        lambda t: min(r["WTMP"] for r in _valid(t, "WTMP")),
    ),
    Task(
        "st_cman",
        "easy",
        f"{ST} How many stations in it are C-MAN stations (TTYPE {CMAN})?",
        lambda t: sum(s["ttype"] == CMAN for s in t.stations),
    ),
    Task(
        "by_max_wave",
        "medium",
        f"{BY} What was the highest significant wave height (WVHT, in metres) recorded?",
        _by_max_wave,
    ),
    Task(
        "by_gale",
        "medium",
        f"{BY} In how many 10-minute records did the wind speed (WSPD) reach gale force, {GALE_KT} knots or more? "
        f"Take 1 knot = {KNOT_MS} m/s.",
        _by_gale,
    ),
    Task(
        "by_longest_gap",
        "medium",
        f"{BY} The buoy sometimes stopped reporting. What was the longest time between two consecutive records, in "
        "hours? Give one decimal.",
        _by_longest_gap,
    ),
    Task(
        "st_southern",
        "medium",
        f"{ST} Which station in it lies furthest south? Give its station ID.",
        _st_southern,
        kind="text",
    ),
    Task(
        "by_windiest_day",
        "hard",
        f"{BY} On which calendar day, in local time at the buoy ({BY_TZ}), was the average wind speed (WSPD) "
        "highest? Average the day's records that have a wind speed; give the date.",
        _by_windiest_day,
        kind="text",
    ),
    Task(
        "by_sector_dec",
        "hard",
        f"{BY} In December 2023 (UTC dates), from which of the eight compass sectors did the wind (WDIR, the "
        "direction it blows from) most often blow? The sectors are 45 degrees wide and centred on N (0), NE (45), "
        "E, SE, S, SW, W and NW (315), so N runs from 337.5 to 22.5 degrees. Count the records that have a wind "
        "direction; give the sector's abbreviation.",
        _by_sector_dec,
        kind="text",
    ),
    Task(
        "st_within",
        "hard",
        f"{ST} How many other stations in it lie within {ST_RADIUS_KM} km of buoy {BY_ID}? Use the decimal "
        "latitudes and longitudes in LOCATION and the great-circle (haversine) distance with an Earth radius of "
        "6371 km.",
        _st_within,
    ),
    # --- Glucose: LibreView and Dexcom Clarity exports ---
    Task(
        "cgm_scans",
        "easy",
        f"{CGM} How many scan glucose readings (Record Type 1) are in {LIBRE_FILE}?",
        lambda t: sum(r["rtype"] == 1 for r in t.libre),
    ),
    Task(
        "cgm_rapid_total",
        "easy",
        f"{CGM} How many units of rapid-acting insulin did I log in total in {LIBRE_FILE} (the Rapid-Acting "
        "Insulin (units) column)?",
        lambda t: rounded(sum(r["rapid"] for r in t.libre if r["rapid"] is not None), 1, "units"),
    ),
    Task(
        "dex_egv_count",
        "easy",
        f"{CGM} How many glucose readings (Event Type EGV) are in {DEXCOM_FILE}?",
        lambda t: len(_egv(t)),
    ),
    Task(
        "cgm_mean_jan",
        "medium",
        f"{CGM} What was my mean sensor glucose in January according to {LIBRE_FILE}? Use {HIST}; give one decimal.",
        _cgm_mean,
    ),
    Task(
        "cgm_carbs",
        "medium",
        f"{CGM} How many grams of carbohydrate did I log in {LIBRE_FILE} in total? One serving is {SERVING_G} g; "
        "leave out food logged without an amount. Give one decimal.",
        _cgm_carbs,
    ),
    Task(
        "dex_very_low",
        "medium",
        f"{CGM} In {DEXCOM_FILE}, what percentage of the glucose readings (Event Type EGV) were below {VERY_LOW} "
        "mg/dL? Give two decimals.",
        _dex_very_low,
    ),
    Task(
        "cgm_low_episodes",
        "hard",
        f"{CGM} How many low episodes are there in January in {LIBRE_FILE}? Use {HIST}. An episode is a run of at "
        f"least two consecutive readings below {LOW} mg/dL, each taken 15 minutes after the one before; a longer "
        f"gap or a reading of {LOW} or more ends the run.",
        _cgm_low_episodes,
    ),
    Task(
        "cgm_tir_change",
        "hard",
        f"{CGM} Time in range is the percentage of readings from {LOW} to {HIGH} mg/dL inclusive. By how many "
        f"percentage points did it change from January ({HIST}, in {LIBRE_FILE}) to 1-14 February (all EGV "
        f"readings in {DEXCOM_FILE})? Give February minus January with one decimal.",
        _cgm_tir_change,
    ),
    Task(
        "cgm_top_hour",
        "hard",
        f"{CGM} In January, in which hour of the day was my mean glucose highest? Use {HIST} in {LIBRE_FILE}, "
        "grouped by the hour of their timestamp (0 to 23); give the hour.",
        _cgm_top_hour,
    ),
    Task(
        "dex_night_mean",
        "hard",
        f"{CGM} What was my mean overnight glucose in {DEXCOM_FILE}, over the EGV readings timed from 00:00 up to "
        "(not including) 06:00 on any day, counting a reading below 40 mg/dL as 40 and one above 400 as 400? Give one "
        "decimal.",
        _dex_night_mean,
    ),
    # --- Location history: Google Takeout Semantic Location History ---
    Task(
        "tl_visits_jan",
        "easy",
        f"{TL} How many place visits (placeVisit objects) are in the file 2024_JANUARY.json?",
        lambda t: len(_visits(t, "2024_JANUARY")),
    ),
    Task(
        "tl_cycling_feb",
        "easy",
        f"{TL} How many activity segments in 2024_FEBRUARY.json have the activity type CYCLING?",
        lambda t: len(_segments(t, "CYCLING", "2024_FEBRUARY")),
    ),
    Task(
        "tl_flight_km",
        "easy",
        f"{TL} How long was my longest flight (an activity segment of type FLYING) in kilometres, by its distance "
        "field? Give one decimal.",
        lambda t: rounded(max(o["distance"] for o in _segments(t, "FLYING")) / 1000, 1, "flight"),
    ),
    Task(
        "tl_places_dec",
        "easy",
        f"{TL} How many different places (by placeId) did I visit according to the place visits in "
        "2023_DECEMBER.json? Count the visits' own locations, not child visits or other candidate locations.",
        lambda t: len({o["place_id"] for o in _visits(t, "2023_DECEMBER")}),
    ),
    Task(
        "tl_visits_total",
        "medium",
        f"{TL} How many place visits did I make in total over the three monthly files? Count each visit once.",
        _tl_visits_total,
    ),
    Task(
        "tl_km_cycled_jan",
        "medium",
        f"{TL} How many kilometres did I cycle (activity type CYCLING) on segments that started in January 2024, "
        "Amsterdam time? Take each segment's distance field in metres or, for a segment without one, its "
        "waypointPath distanceMeters. Give one decimal.",
        _tl_km_cycled,
    ),
    Task(
        "tl_top_place",
        "medium",
        f"{TL} Apart from my home and my work (semantic types TYPE_HOME and TYPE_WORK), which place did I visit most "
        "often over the three months? Count each place visit once (child visits are not visits) and give the "
        "place's name.",
        _tl_top_place,
        kind="text",
        aliases=["Albert Heijn"],
    ),
    Task(
        "tl_leave_work",
        "hard",
        f"{TL} On average, at what time of day did my visits at work (semantic type TYPE_WORK) end in January 2024, "
        "in Amsterdam time? Give the time as hours after midnight with two decimals (17:45 is 17.75).",
        _tl_leave_work,
    ),
    Task(
        "tl_home_hours_feb",
        "hard",
        f"{TL} How many hours did I spend at home (place visits with semantic type TYPE_HOME) in February 2024, "
        "Amsterdam time? Count only the part of a visit between 1 February 00:00 and 1 March 00:00, each visit "
        "once; give one decimal.",
        _tl_home_hours_feb,
    ),
    Task(
        "tl_commute_median",
        "hard",
        f"{TL} What was the median duration in minutes of my cycling commutes in January 2024 (Amsterdam time): the "
        f"CYCLING segments that start within {TL_NEAR_M} m of my home and end within {TL_NEAR_M} m of my work (the "
        "locations of my TYPE_HOME and TYPE_WORK place visits), by great-circle distance? Give one decimal.",
        _tl_commute,
    ),
]

QUICK = ["by_min_pres", "cgm_scans", "tl_visits_jan"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "by_max_wave": "the largest WVHT taken as it stands: the wave columns hold the missing-value code 99.00 on "
    "every row but the hourly wave record",
    "by_gale": "WSPD compared with 34 as if it were in knots: the file's units line says m/s, and the only values "
    "of 34 or more are the anemometer failure's missing-value code 99.0",
    "st_southern": "the latitude read as the number before its hemisphere letter: the smallest number is a TAO "
    "buoy on the equator, while the stations marked S lie south of it",
    "by_windiest_day": "the records grouped by their UTC date: the storm peaked in the buoy's evening, after "
    "midnight UTC, so the UTC day is the next one",
    "cgm_mean_jan": "every historic row averaged: for a week the reader and the phone app both uploaded the same "
    "sensor's readings (in a week of higher glucose), so those readings count twice",
    "cgm_carbs": "the Carbohydrates (grams) column summed: after I switched to the phone app my carbs were logged "
    "in servings, in the Carbohydrates (servings) column",
    "dex_very_low": "the glucose column coerced to numbers: readings below 40 are written Low and drop out of "
    "both the count and the total",
    "tl_visits_total": "the visits of the three files added up: a visit that runs over a month's end is written "
    "in both months' files",
    "tl_km_cycled_jan": "only the distance field summed: some segments have none, and their length is in the "
    "waypointPath's distanceMeters",
    "tl_leave_work": "the end times read on the UTC clock of the timestamps (Z): Amsterdam is an hour ahead in winter",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a date's other spellings, a sector's name)."""
    refs = references()
    names = {"N": "north", "NE": "northeast", "E": "east", "SE": "southeast", "S": "south", "SW": "southwest",
             "W": "west", "NW": "northwest"}  # fmt: skip
    for task in TASKS:
        ref = refs[task.id]
        if task.id == "by_windiest_day":
            task.aliases = date_aliases(ref)
        if task.id == "by_sector_dec":
            full = names[ref]
            task.aliases = (
                [full, full.replace("north", "north-").replace("south", "south-")] if len(ref) == 2 else [full]
            )


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)
assert set(TRAPS) <= {t.id for t in TASKS} and len(TRAPS) == 10
assert all(t.difficulty != "easy" for t in TASKS if t.id in TRAPS)

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
