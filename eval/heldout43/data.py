"""The forty-third held-out set's data: five files on three topics, each imitating a real export or download.

* `logbook_2024-06-30_21_14_05.csv`: a private pilot's logbook exported from ForeFlight: one CSV holding two
  tables, each under a title line and a row of field types (`Aircraft Table`, then `Flights Table`), every row
  padded with commas to the widest table; flights newest first; decimal hours, blank for zero; simulator
  sessions (a Redbird AATD) logged with `TotalTime` 0.0 and their time in `SimulatedFlight`; aircraft details
  (make, model, `Complex`, `TAA` ...) only in the Aircraft Table; approaches packed as
  `count;type;runway;airport;comments` in `Approach1`-`Approach6`; people as `name;role;email`; comments with
  commas, quotes and line breaks.
* `log_240612_083105_KPAO.csv`: the Garmin G1000 flight data log of one of those flights, copied from the
  MFD's SD card: a `#airframe_info` line, a `#` line of units (`#yyy-mm-dd`, `ft msl`, `gph`, `deg F` ...),
  then the column names padded with leading spaces, one row a second from avionics power-on to power-off,
  values padded to fixed widths, blank where the sensor has no value (no GPS fix yet, airspeed below 20 kt).
* `2024-03-18T1422_Grades-STAT_201_SP24.csv`: a Canvas gradebook export of a statistics course (UTF-8 with a
  byte-order mark, CRLF): `Student` as "Last, First", Canvas and SIS IDs, the section, one column per
  assignment named with its Canvas ID in parentheses, then the assignment groups' and the course's computed
  scores and grades; a second row `    Points Possible` (`(read only)` under computed columns); Canvas's
  `Student, Test`; `EX` for excused; blank for not submitted.
* `STAT 201 Midterm Review - Attendance report 3-5-24.csv`: a Microsoft Teams meeting attendance report:
  UTF-16 (little-endian, with a byte-order mark), tab-separated, in three titled sections (`1. Summary`,
  `2. Participants`, `3. In-Meeting Activities`), times as `3/5/24, 5:58:12 PM`, durations as `1h 4m 28s`;
  one row per person in the participants section and one per join in the activities section; display names
  with preferred first names; guests and a dial-in caller without an email.
* `sleep-2024-01-13.json`: thirty days of a Fitbit's sleep logs from a Google Takeout export: a JSON array of
  nested records, newest first (`dateOfSleep` is the morning the sleep ended, `startTime` local without a
  zone, `duration` in milliseconds), `stages` records (deep, light, REM, wake) and `classic` ones (asleep,
  restless, awake) for naps, manual logs and a night without enough heart-rate data, naps beside the main
  sleep (`mainSleep` false), one night with no log at all.

Every record is built first with the standard library from a fixed seed (one random stream per topic);
the files are then rendered from those records, so the same seed gives the same bytes. `truth()` returns
the clean records the references are computed from.

    python data.py DIR   # writes the five files into DIR
"""

from __future__ import annotations

import codecs
import csv
import functools
import io
import json
import math
import random
import sys
import unicodedata
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

SEED = 43_208_519

LOGBOOK_FILE = "logbook_2024-06-30_21_14_05.csv"
G1000_FILE = "log_240612_083105_KPAO.csv"
GRADES_FILE = "2024-03-18T1422_Grades-STAT_201_SP24.csv"
TEAMS_FILE = "STAT 201 Midterm Review - Attendance report 3-5-24.csv"
SLEEP_FILE = "sleep-2024-01-13.json"
FILES = [LOGBOOK_FILE, G1000_FILE, GRADES_FILE, TEAMS_FILE, SLEEP_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    aircraft: list[dict]  # the Aircraft Table rows
    flights: list[dict]  # the Flights Table rows, newest first (as in the file)
    g1000: list[dict]  # one row a second: column name -> value (None when blank)
    g1000_flight: dict  # the logbook entry the G1000 log belongs to
    students: list[dict]  # the gradebook rows (real students and the test student), in file order
    assignments: list[dict]  # name, id, points, group
    participants: list[dict]  # the Teams participants, in file order, each with its sessions
    meeting: dict  # title, start, end
    sleeps: list[dict]  # the sleep logs, newest first (as in the file)


# ==================================================================================================
# Aviation: a ForeFlight logbook export and a G1000 flight data log
# ==================================================================================================

PILOT = "Dana Whitfield"
INSTRUCTOR = ("Maria Okafor", "mokafor.cfii@gmail.com")
SAFETY_FRIEND = ("Ken Ishida", "ken.ishida@outlook.com")
G1000_TAIL = "N61917"
G1000_DAY = date(2024, 6, 12)
SIM_ID = "RB-TD2"
ARROW = "N3029R"
# AircraftID, equipType (FAA), TypeCode, Year, Make, Model, Category, Class, GearType, EngineType, Complex,
# HighPerformance, Pressurized, TAA (invented tails; real types)
AIRCRAFT = [
    ("N52418", "aircraft", "C172", 1998, "Cessna", "172S", "Airplane", "ASEL", "FT", "Piston", False, False, False, False),
    ("N5214K", "aircraft", "C172", 1978, "Cessna", "172N", "Airplane", "ASEL", "FT", "Piston", False, False, False, False),
    (G1000_TAIL, "aircraft", "C172", 2006, "Cessna", "172S", "Airplane", "ASEL", "FT", "Piston", False, False, False, True),
    ("N2148Q", "aircraft", "P28A", 1981, "Piper", "PA-28-181", "Airplane", "ASEL", "FT", "Piston", False, False, False, False),
    ("N8163V", "aircraft", "P28A", 1996, "Piper", "PA-28-181", "Airplane", "ASEL", "FT", "Piston", False, False, False, False),
    (ARROW, "aircraft", "P28R", 1977, "Piper", "PA-28R-201", "Airplane", "ASEL", "RT", "Piston", True, False, False, False),
    ("N735ZE", "aircraft", "C182", 2004, "Cessna", "182T", "Airplane", "ASEL", "FT", "Piston", False, True, False, False),
    (SIM_ID, "aatd", "C172", 2019, "Redbird", "TD2", "Simulator", "ATD", "FT", "Piston", False, False, False, False),
]  # fmt: skip
AIRCRAFT_COLUMNS = ["AircraftID", "equipType (FAA)", "TypeCode", "Year", "Make", "Model", "Category", "Class",
                    "GearType", "EngineType", "Complex", "HighPerformance", "Pressurized", "TAA"]  # fmt: skip
AIRCRAFT_TYPES = ["Text", "Text", "Text", "YYYY", "Text", "Text", "Text", "Text", "Text", "Text", "Boolean",
                  "Boolean", "Boolean", "Boolean"]  # fmt: skip
FLIGHT_COLUMNS = (
    ["Date", "AircraftID", "From", "To", "Route", "TimeOut", "TimeOff", "TimeOn", "TimeIn", "OnDuty", "OffDuty",
     "TotalTime", "PIC", "SIC", "Night", "Solo", "CrossCountry", "NVG", "NVGOps", "Distance", "DayTakeoffs",
     "DayLandingsFullStop", "NightTakeoffs", "NightLandingsFullStop", "AllLandings", "ActualInstrument",
     "SimulatedInstrument", "HobbsStart", "HobbsEnd", "TachStart", "TachEnd", "Holds"]
    + [f"Approach{i}" for i in range(1, 7)]
    + ["DualGiven", "DualReceived", "SimulatedFlight", "GroundTraining", "InstructorName", "InstructorComments"]
    + [f"Person{i}" for i in range(1, 7)]
    + ["FlightReview", "Checkride", "IPC", "NVGProficiency", "FAA6158", "PilotComments"]
)  # fmt: skip
FLIGHT_TYPES = (
    ["Date", "Text", "Text", "Text", "Text", "hhmm", "hhmm", "hhmm", "hhmm", "hhmm", "hhmm", "Decimal", "Decimal",
     "Decimal", "Decimal", "Decimal", "Decimal", "Decimal", "Number", "Decimal", "Number", "Number", "Number",
     "Number", "Number", "Decimal", "Decimal", "Decimal", "Decimal", "Decimal", "Decimal", "Number"]
    + ["Packed Detail"] * 6
    + ["Decimal", "Decimal", "Decimal", "Decimal", "Text", "Text"]
    + ["Packed Detail"] * 6
    + ["Boolean", "Boolean", "Boolean", "Boolean", "Boolean", "Text"]
)  # fmt: skip
# ICAO, distance from KPAO in nm, approaches (type, runway) that can be flown there
AIRPORTS = {
    "KSQL": (9, [("RNAV (GPS)", "30")]), "KSJC": (11, [("ILS", "30L"), ("RNAV (GPS) Y", "12R")]),
    "KHAF": (21, [("RNAV (GPS)", "12")]), "KHWD": (17, [("LOC", "28L")]), "KRHV": (17, []),
    "KOAK": (21, [("ILS", "30")]), "KLVK": (25, [("RNAV (GPS)", "25R")]), "KCCR": (33, [("ILS", "19R")]),
    "KWVI": (37, [("RNAV (GPS)", "20")]), "KCVH": (41, [("RNAV (GPS)", "24")]),
    "KMRY": (55, [("ILS", "10R"), ("RNAV (GPS)", "28L")]), "KSNS": (52, [("ILS", "31"), ("VOR", "31")]),
    "KAPC": (54, [("ILS", "36L")]), "KSCK": (56, [("ILS", "29R")]), "KMOD": (63, [("RNAV (GPS)", "28R")]),
    "KSTS": (68, []), "O69": (51, []), "KLSN": (60, []), "KPRB": (130, []), "KTRK": (150, []),
}  # fmt: skip
NEAR = ["KSQL", "KSJC", "KHAF", "KHWD", "KRHV", "KOAK", "KLVK", "KCCR", "KWVI", "KCVH"]
FAR = ["KMRY", "KSNS", "KAPC", "KSCK", "KMOD", "KSTS", "O69", "KLSN", "KPRB", "KTRK"]
IFR_FIELDS = ["KSJC", "KHAF", "KHWD", "KOAK", "KLVK", "KWVI", "KCVH", "KMRY", "KSNS", "KSQL"]
LOG_FIRST, LOG_LAST = date(2022, 3, 5), date(2024, 6, 30)
COMMENTS = [
    "Pattern work, winds 310@12G18",
    "Marine layer at PAO, \"scattered 800\" on the ATIS; waited it out on the ground",
    "Steep turns, slow flight, power-on and power-off stalls",
    "Bay tour with Sam and Jo, Class B transition over SFO approved",
    "Lunch at the field, $100 hamburger as advertised",
    "Short-field landings; a go-around on the second, too fast over the numbers",
    "Practice area, engine-out drills\nDiscussed the checklist afterwards",
    "",
]  # fmt: skip


def _is_dst(d: date) -> bool:
    """US daylight saving time: from the second Sunday of March to the first Sunday of November."""
    march = date(d.year, 3, 8)
    start = march + timedelta(days=(6 - march.weekday()) % 7)
    nov = date(d.year, 11, 1)
    end = nov + timedelta(days=(6 - nov.weekday()) % 7)
    return start <= d < end


def _zulu(d: date, local_minutes: int) -> str:
    z = (local_minutes + (7 if _is_dst(d) else 8) * 60) % 1440
    return f"{z // 60:02d}{z % 60:02d}"


def _blank_flight(d: date, ac: str) -> dict:
    return {"date": d, "aircraft": ac, "from": "", "to": "", "route": "", "time_out": "", "time_off": "",
            "time_on": "", "time_in": "", "total": 0.0, "pic": 0.0, "sic": 0.0, "night": 0.0, "solo": 0.0,
            "xc": 0.0, "distance": 0.0, "day_to": 0, "day_fs": 0, "night_to": 0, "night_fs": 0, "all_ldg": 0,
            "actual": 0.0, "sim_inst": 0.0, "hobbs": None, "tach": None, "holds": 0, "approaches": [],
            "dual_received": 0.0, "sim_flight": 0.0, "ground": 0.0, "instructor": "", "instructor_comments": "",
            "persons": [], "flight_review": False, "checkride": False, "ipc": False, "comments": ""}  # fmt: skip


def _build_logbook(rng: random.Random, meta: dict) -> list[dict]:
    flights: list[dict] = []
    hobbs = {ac[0]: rng.uniform(2000, 9000) for ac in AIRCRAFT if ac[1] == "aircraft"}
    tach = {k: v * 0.83 for k, v in hobbs.items()}

    def meter(f: dict) -> None:
        if f["aircraft"] not in hobbs or rng.random() < 0.25:
            if f["aircraft"] in hobbs:
                hobbs[f["aircraft"]] += f["total"] + rng.uniform(0.5, 9)
                tach[f["aircraft"]] += (f["total"] + rng.uniform(0.5, 9)) * 0.83
            return
        h0 = round(hobbs[f["aircraft"]] + rng.uniform(0.2, 6), 1)
        h1 = round(h0 + f["total"] + rng.choice([0.0, 0.1, 0.1]), 1)
        t0 = round(tach[f["aircraft"]] + rng.uniform(0.2, 5), 1)
        t1 = round(t0 + (h1 - h0) * rng.uniform(0.78, 0.88), 1)
        hobbs[f["aircraft"]], tach[f["aircraft"]] = h1, t1
        f["hobbs"], f["tach"] = (h0, h1), (t0, t1)

    def times(f: dict, local_start: int) -> None:
        if rng.random() < 0.65:
            f["time_out"] = _zulu(f["date"], local_start)
            f["time_in"] = _zulu(f["date"], local_start + round(f["total"] * 60) + rng.randint(-3, 3))
            if rng.random() < 0.3:
                f["time_off"] = _zulu(f["date"], local_start + rng.randint(8, 15))
                f["time_on"] = _zulu(f["date"], local_start + round(f["total"] * 60) - rng.randint(5, 10))

    def local(d: date, ac: str, night: bool = False) -> dict:
        f = _blank_flight(d, ac)
        f["from"] = f["to"] = "KPAO"
        f["total"] = f["pic"] = round(rng.uniform(0.8, 1.6), 1)
        n = rng.choice([1, 1, 2, 3, 4, 5, 6])
        if night:
            f["night"] = round(f["total"] * rng.uniform(0.6, 1.0), 1)
            f["night_to"] = f["night_fs"] = rng.randint(1, 3)
            f["all_ldg"] = f["night_fs"]
            f["day_to"] = f["day_fs"] = 0
        else:
            f["day_to"], f["day_fs"], f["all_ldg"] = n, rng.randint(1, min(n, 2)), n
        f["comments"] = rng.choice(COMMENTS)
        times(f, rng.randint(19 * 60, 21 * 60) if night else rng.randint(8 * 60, 17 * 60))
        return f

    def trip(d: dict | date, ac: str, dest: str, night: bool = False) -> list[dict]:
        dist, _ = AIRPORTS[dest]
        leg = round(dist / 105 + 0.25, 1)
        out = []
        if rng.random() < 0.5:  # one entry for the round trip
            f = _blank_flight(d, ac)
            f["from"], f["to"], f["route"] = "KPAO", "KPAO", dest
            f["total"] = f["pic"] = round(2 * leg + rng.uniform(-0.1, 0.3), 1)
            f["distance"] = float(2 * dist)
            if dest in FAR:
                f["xc"] = f["total"]
            f["day_to"] = f["day_fs"] = f["all_ldg"] = 2
            out.append(f)
        else:
            for a, b in (("KPAO", dest), (dest, "KPAO")):
                f = _blank_flight(d, ac)
                f["from"], f["to"] = a, b
                f["total"] = f["pic"] = round(leg + rng.uniform(-0.1, 0.2), 1)
                f["distance"] = float(dist)
                if dest in FAR:
                    f["xc"] = f["total"]
                f["day_to"] = f["day_fs"] = f["all_ldg"] = 1
                out.append(f)
        if night:  # the last leg home after dark
            g = out[-1]
            g["night"] = round(g["total"] * rng.uniform(0.5, 0.9), 1)
            g["day_to"], g["day_fs"] = g["day_to"] - 1, g["day_fs"] - 1
            g["night_fs"] = 1
            g["all_ldg"] = g["day_fs"] + g["night_fs"]
        start = rng.randint(9 * 60, 14 * 60) if not night else rng.randint(16 * 60, 18 * 60)
        for f in out:
            f["comments"] = rng.choice(COMMENTS[:1] + COMMENTS[3:])
            times(f, start)
            start += round(f["total"] * 60) + rng.randint(40, 120)
        return out

    def approaches(n_fields: int, fields: list[str], repeat: bool) -> list[tuple]:
        out, used = [], set()
        for _ in range(n_fields):
            apt = rng.choice(fields)
            opts = [o for o in AIRPORTS[apt][1] if (apt, o) not in used]
            if not opts:
                continue
            typ, rwy = rng.choice(opts)
            used.add((apt, (typ, rwy)))
            count = rng.choice([1, 1, 2, 2, 3]) if repeat else rng.choice([1, 1, 1, 2])
            out.append((count, typ, rwy, apt))
        return out

    def ifr_dual(d: date, ac: str) -> dict:
        f = _blank_flight(d, ac)
        f["from"] = f["to"] = "KPAO"
        fields = rng.sample([a for a in IFR_FIELDS if AIRPORTS[a][1] and AIRPORTS[a][0] < 45], 2)
        f["route"] = " ".join(fields)
        f["total"] = f["pic"] = f["dual_received"] = round(rng.uniform(1.2, 2.0), 1)
        f["sim_inst"] = round(f["total"] * rng.uniform(0.55, 0.75), 1)
        if rng.random() < 0.3:
            f["actual"] = round(rng.uniform(0.2, 0.5), 1)
        f["approaches"] = approaches(rng.randint(1, 3), fields, repeat=False)
        f["holds"] = rng.choice([0, 0, 1, 1, 2])
        f["day_to"] = f["day_fs"] = 1
        f["all_ldg"] = 1
        f["instructor"] = INSTRUCTOR[0]
        f["persons"] = [f"{INSTRUCTOR[0]};Instructor;{INSTRUCTOR[1]}"]
        f["instructor_comments"] = rng.choice(["Good hold entries", "Work on the scan during the turns",
                                               "Partial panel next lesson", "Approach briefings improving"])  # fmt: skip
        times(f, rng.randint(8 * 60, 16 * 60))
        return f

    def sim(d: date) -> dict:
        f = _blank_flight(d, SIM_ID)
        f["sim_flight"] = f["sim_inst"] = f["dual_received"] = round(rng.uniform(1.0, 1.6), 1)
        fields = rng.sample([a for a in IFR_FIELDS if AIRPORTS[a][1]], 2)
        f["approaches"] = approaches(rng.randint(2, 4), fields, repeat=True)
        f["holds"] = rng.choice([0, 1, 1, 2, 3])
        f["instructor"] = INSTRUCTOR[0]
        f["persons"] = [f"{INSTRUCTOR[0]};Instructor;{INSTRUCTOR[1]}"]
        f["comments"] = rng.choice(["Redbird: approaches and holds", "Redbird, partial panel",
                                    "Redbird: missed approaches, \"unusual attitudes\"", ""])  # fmt: skip
        return f

    def safety(d: date, ac: str) -> dict:
        f = _blank_flight(d, ac)
        f["from"] = f["to"] = "KPAO"
        f["route"] = " ".join(rng.sample(["KSJC", "KHAF", "KOAK", "KLVK", "KWVI"], 2))
        f["total"] = f["sic"] = round(rng.uniform(1.1, 1.9), 1)
        f["persons"] = [f"{SAFETY_FRIEND[0]};PIC;{SAFETY_FRIEND[1]}"]
        f["comments"] = "Safety pilot for Ken, he flew under the hood"
        times(f, rng.randint(8 * 60, 15 * 60))
        return f

    fixed: dict[date, list] = {
        date(2023, 4, 8): [("checkout", ARROW)], date(2023, 4, 15): [("checkout", ARROW)],
        date(2023, 4, 22): [("checkout", ARROW)], date(2023, 9, 9): [("checkout", "N735ZE")],
        date(2023, 9, 16): [("checkout", "N735ZE")], date(2024, 2, 17): [("review", "N52418")],
        date(2024, 4, 20): [("night_local", "N8163V")], date(2024, 5, 25): [("night_trip", "N52418")],
    }  # fmt: skip
    safety_days = [date(2023, 6, 10), date(2023, 7, 1), date(2023, 8, 19), date(2023, 11, 4), date(2024, 1, 13),
                   date(2024, 3, 2), date(2024, 4, 6), date(2024, 5, 11)]  # fmt: skip
    for k, d in enumerate(safety_days):
        fixed.setdefault(d, []).append(("safety", ARROW if k % 2 == 0 else "N2148Q"))

    special = sorted(set(fixed) | {G1000_DAY})
    d = LOG_FIRST
    while d <= LOG_LAST:
        todo = fixed.pop(d, None)
        day: list[dict] = []
        if d == G1000_DAY:
            day = _g1000_entries(meta)
        elif todo:
            for kind, ac in todo:
                if kind == "checkout":
                    f = local(d, ac)
                    f["dual_received"] = f["total"]
                    f["instructor"] = INSTRUCTOR[0]
                    f["persons"] = [f"{INSTRUCTOR[0]};Instructor;{INSTRUCTOR[1]}"]
                    f["instructor_comments"] = ("Complex checkout: gear and prop" if ac == ARROW
                                                else "High-performance checkout")  # fmt: skip
                    day.append(f)
                elif kind == "review":
                    f = local(d, ac)
                    f["dual_received"] = f["total"]
                    f["flight_review"] = True
                    f["instructor"] = INSTRUCTOR[0]
                    f["persons"] = [f"{INSTRUCTOR[0]};Instructor;{INSTRUCTOR[1]}"]
                    f["ground"] = 1.0
                    day.append(f)
                elif kind == "night_local":
                    day.append(local(d, ac, night=True))
                elif kind == "night_trip":
                    day.extend(trip(d, ac, "KMRY", night=True))
                else:
                    day.append(safety(d, ac))
        else:
            instrument = d >= date(2023, 10, 14)
            u = rng.random()
            fleet = ["N52418", "N5214K", "N2148Q", "N8163V", G1000_TAIL]
            if d >= date(2023, 5, 1):
                fleet += [ARROW, ARROW]
            if d >= date(2023, 9, 20):
                fleet += ["N735ZE"]
            ac = rng.choice(fleet)
            if instrument and u < 0.32:
                day.append(sim(d))
            elif instrument and u < 0.55:
                day.append(ifr_dual(d, rng.choice(["N52418", G1000_TAIL, G1000_TAIL])))
            elif u < 0.72:
                day.append(local(d, ac))
            elif u < 0.8:
                day.append(local(d, ac, night=True))
            else:
                day.extend(trip(d, ac, rng.choice(NEAR + FAR + FAR), night=rng.random() < 0.12))
        for f in day:
            if f["aircraft"] in hobbs:
                meter(f)
        flights.extend(day)
        nxt = d + timedelta(days=rng.choice([2, 3, 4, 5, 6, 7, 8, 10, 12]))
        d = min([x for x in special if d < x < nxt] + [nxt])
    assert not fixed, fixed
    flights.reverse()  # newest first, as ForeFlight exports
    return flights


def _g1000_entries(meta: dict) -> list[dict]:
    """The two logbook entries of the G1000 day, in the order flown: the logged flight (KPAO-KMRY), then home."""
    d = G1000_DAY

    def lm(t: int) -> int:
        x = meta["start"] + timedelta(seconds=t)
        return x.hour * 60 + x.minute

    out_f = _blank_flight(d, G1000_TAIL)
    out_f["from"], out_f["to"] = "KPAO", "KMRY"
    out_f["time_out"], out_f["time_off"] = _zulu(d, lm(meta["engine_on"])), _zulu(d, lm(meta["liftoff"]))
    out_f["time_on"], out_f["time_in"] = _zulu(d, lm(meta["touchdown"])), _zulu(d, lm(meta["engine_off"]))
    out_f["total"] = round((meta["engine_off"] - meta["engine_on"]) / 3600, 1)
    out_f["pic"] = out_f["dual_received"] = out_f["xc"] = out_f["total"]
    out_f["distance"] = 55.0
    out_f["sim_inst"] = 0.4
    out_f["approaches"] = [(1, "ILS", "10R", "KMRY")]
    out_f["day_to"] = out_f["day_fs"] = out_f["all_ldg"] = 1
    out_f["comments"] = "IFR to Monterey, ILS 10R to a full stop. Coffee at the FBO"
    back = _blank_flight(d, G1000_TAIL)
    back["from"], back["to"], back["route"] = "KMRY", "KPAO", "KHAF"
    back["total"] = round(out_f["total"] + 0.3, 1)
    back["pic"] = back["dual_received"] = back["xc"] = back["total"]
    back["distance"] = 62.0
    back["sim_inst"] = 0.7
    back["approaches"] = [(1, "RNAV (GPS)", "12", "KHAF")]
    back["holds"] = 1
    back["day_to"], back["day_fs"], back["all_ldg"] = 1, 1, 1
    back["time_out"] = _zulu(d, lm(meta["engine_off"]) + 68)
    back["time_in"] = _zulu(d, lm(meta["engine_off"]) + 68 + round(back["total"] * 60) + 2)
    back["comments"] = "Home via Half Moon Bay, RNAV 12 to a low approach, then VFR to PAO"
    for f in (out_f, back):
        f["instructor"] = INSTRUCTOR[0]
        f["persons"] = [f"{INSTRUCTOR[0]};Instructor;{INSTRUCTOR[1]}"]
    return [out_f, back]


# --- the G1000 log ---------------------------------------------------------------------------------

KPAO = (37.461111, -122.115056)
KMRY = (36.587000, -121.842944)
KPAO_ELEV, KMRY_ELEV = 7.0, 257.0
CRUISE_ALT = 4500.0
WIND_FROM, WIND_KT = 300.0, 12.0
# (name, unit, width): the G1000 columns this log carries, in the G1000's order
G1000_COLUMNS = [
    ("Lcl Date", "yyy-mm-dd", 10), ("Lcl Time", "hh:mm:ss", 8), ("UTCOfst", "hh:mm", 7), ("AtvWpt", "ident", 6),
    ("Latitude", "degrees", 12), ("Longitude", "degrees", 12), ("AltB", "ft Baro", 7), ("BaroA", "inch", 5),
    ("AltMSL", "ft msl", 7), ("OAT", "deg C", 5), ("IAS", "kt", 6), ("GndSpd", "kt", 6), ("VSpd", "fpm", 7),
    ("Pitch", "deg", 6), ("Roll", "deg", 6), ("LatAc", "G", 6), ("NormAc", "G", 6), ("HDG", "deg", 6),
    ("TRK", "deg", 6), ("volt1", "volts", 5), ("volt2", "volts", 5), ("amp1", "amps", 6), ("FQtyL", "gals", 6),
    ("FQtyR", "gals", 6), ("E1 FFlow", "gph", 8), ("E1 OilT", "deg F", 7), ("E1 OilP", "psi", 7),
    ("E1 RPM", "rpm", 7), ("E1 CHT1", "deg F", 7), ("E1 CHT2", "deg F", 7), ("E1 CHT3", "deg F", 7),
    ("E1 CHT4", "deg F", 7), ("E1 EGT1", "deg F", 8), ("E1 EGT2", "deg F", 8), ("E1 EGT3", "deg F", 8),
    ("E1 EGT4", "deg F", 8), ("AltGPS", "ft wgs", 7), ("TAS", "kt", 6), ("HSIS", "enum", 4), ("CRS", "deg", 6),
    ("NAV1", "MHz", 7), ("NAV2", "MHz", 7), ("COM1", "MHz", 7), ("COM2", "MHz", 7), ("HCDI", "fsd", 5),
    ("VCDI", "fsd", 5), ("WndSpd", "kt", 6), ("WndDr", "deg", 6), ("WptDst", "nm", 6), ("WptBrg", "deg", 6),
    ("MagVar", "deg", 6), ("AfcsOn", "bool", 6), ("GPSfix", "enum", 6), ("HAL", "mt", 6), ("VAL", "mt", 6),
]  # fmt: skip
CYL_OFFSET = [-9.0, -2.0, 11.0, -17.0]  # cylinder 3 runs hottest
EGT_OFFSET = [12.0, -20.0, 25.0, -8.0]


def _nm_between(a: tuple[float, float], b: tuple[float, float]) -> float:
    dlat = (b[0] - a[0]) * 60
    dlon = (b[1] - a[1]) * 60 * math.cos(math.radians((a[0] + b[0]) / 2))
    return math.hypot(dlat, dlon)


def _bearing(a: tuple[float, float], b: tuple[float, float]) -> float:
    dlat = b[0] - a[0]
    dlon = (b[1] - a[1]) * math.cos(math.radians((a[0] + b[0]) / 2))
    return math.degrees(math.atan2(dlon, dlat)) % 360


def _move(p: tuple[float, float], hdg: float, nm: float) -> tuple[float, float]:
    lat = p[0] + nm * math.cos(math.radians(hdg)) / 60
    lon = p[1] + nm * math.sin(math.radians(hdg)) / (60 * math.cos(math.radians(p[0])))
    return lat, lon


def _build_g1000(rng: random.Random) -> tuple[list[dict], dict]:
    start = datetime(2024, 6, 12, 8, 31, 5)
    FIX, ENGINE_ON, TAXI, RUNUP, RUNUP_END, LINEUP, ROLL = 38, 75, 170, 420, 515, 600, 615
    AIRBORNE = ("climb", "cruise", "descent", "approach")
    pos = (37.458950, -122.113420)  # the club's ramp
    alt, ias, gs, hdg = KPAO_ELEV, 0.0, 0.0, 210.0
    phase = "ground"
    cht, egt, oil_t = [82.0] * 4, [80.0] * 4, 79.0
    fuel = [24.3, 24.6]
    rows: list[dict] = []
    t = 0
    liftoff = touchdown = engine_off = end = None
    pattern_rate = 0.0
    afcs = 0
    while end is None or t <= end:
        vs_target = 0.0
        # --- what the pilot does this second ---
        if phase == "ground":
            if t >= ROLL:
                phase = "roll"
        if phase == "ground":
            on = t >= ENGINE_ON
            if t < TAXI:
                gs_t, hdg_t, rpm_t, ff_t = 0.0, hdg, (1000.0 if on else 0.0), (2.4 if on else 0.0)
            elif t < RUNUP:
                leg = [210.0, 300.0, 300.0, 320.0, 320.0][min((t - TAXI) // 60, 4)]
                gs_t, hdg_t, rpm_t, ff_t = 9.0 + 2 * math.sin(t / 17), leg, 1120.0, 2.8
            elif t < RUNUP_END:
                gs_t, hdg_t, rpm_t, ff_t = 0.0, 320.0, 1800.0, 5.6
            elif t < LINEUP:
                gs_t, hdg_t, rpm_t, ff_t = 7.0, 320.0, 1100.0, 2.7
            else:
                gs_t, hdg_t, rpm_t, ff_t = 0.0, 310.0, 1150.0, 2.8
            gs += (gs_t - gs) * 0.3
            hdg += ((hdg_t - hdg + 180) % 360 - 180) * 0.25
            alt = KPAO_ELEV
        elif phase == "roll":
            rpm_t, ff_t = 2520.0, 15.4
            ias = min(ias + 2.4, 62.0)
            gs, hdg = max(ias - 3, 0.0), 310.0
            if ias >= 58:
                phase, liftoff = "climb", t
        elif phase in AIRBORNE:
            brg = _bearing(pos, KMRY)
            dist = _nm_between(pos, KMRY)
            if phase == "climb":
                ias_t, rpm_t, ff_t, vs_target = 76.0, 2470.0, 12.8, 680.0
                if alt >= CRUISE_ALT - 5:
                    phase = "cruise"
            elif phase == "cruise":
                ias_t, rpm_t, ff_t, vs_target = 106.0, 2400.0, 8.6, (CRUISE_ALT - alt) * 0.5
                afcs = 1
                if dist < 18.0:
                    phase, afcs = "descent", 0
            elif phase == "descent":
                ias_t, rpm_t, ff_t, vs_target = 110.0, 2150.0, 6.9, -520.0
                if alt <= KMRY_ELEV + 1000:
                    phase = "approach"
                    pattern_rate = (alt - KMRY_ELEV) / max((dist - 0.3) / 84 * 60, 0.5)
            else:
                close = dist < 1.5
                ias_t, rpm_t, ff_t, vs_target = (
                    (66.0 if close else 82.0),
                    (1500.0 if close else 1850.0),
                    5.2,
                    -pattern_rate,
                )
            ias += (ias_t - ias) * 0.08 + rng.gauss(0, 0.4)
            alt = max(alt + (vs_target + rng.gauss(0, 40)) / 60, KMRY_ELEV if phase == "approach" else KPAO_ELEV)
            tas = ias * (1 + 0.017 * alt / 1000)
            gs = tas - WIND_KT * math.cos(math.radians(WIND_FROM - brg))
            hdg = brg - 4.0 + rng.gauss(0, 0.8)
            if phase == "approach" and (alt <= KMRY_ELEV + 0.5 or dist < 0.05):
                phase, touchdown, alt = "rollout", t, KMRY_ELEV
        elif phase == "rollout":
            rpm_t, ff_t = 1000.0, 2.4
            ias = max(0.0, ias - 2.6)
            gs, alt = ias, KMRY_ELEV
            if ias == 0:
                phase = "taxi_in"
        else:  # taxi in, shut down, power off
            ias, alt = 0.0, KMRY_ELEV
            taxi = t - touchdown
            if engine_off is None and taxi >= 300:
                engine_off, end = t, t + 34
            gs_t = 8.0 if taxi < 260 else 0.0
            rpm_t, ff_t = (1080.0, 2.6) if taxi < 290 else (1000.0, 2.4)
            gs += (gs_t - gs) * 0.3
            hdg = [100.0, 100.0, 190.0, 190.0, 250.0][min(taxi // 60, 4)]
        engine = t >= ENGINE_ON and (engine_off is None or t < engine_off)
        airborne = phase in AIRBORNE
        # --- the aircraft's response ---
        pos = _move(pos, _bearing(pos, KMRY) if airborne else hdg, gs / 3600)
        rpm = max(0.0, rpm_t + rng.gauss(0, 12)) if engine else 0.0
        ff = max(0.0, ff_t + rng.gauss(0, 0.08)) if engine else 0.0
        power = rpm / 2500
        airflow = max(ias, 15.0 if engine else 0.0) / 100
        for k in range(4):
            if engine:
                target = 150 + 250 * power**1.4 * (1.25 if ff_t > 12 else 1.0) - 35 * airflow + CYL_OFFSET[k] * power
                cht[k] += (target - cht[k]) / 95 + rng.gauss(0, 0.15)
                etarget = 500 + 950 * power**0.8 + (140 if 8 < ff_t < 9 else 0) + EGT_OFFSET[k] * power
                egt[k] += (etarget - egt[k]) / 25 + rng.gauss(0, 1.2)
            else:
                cht[k] += (82 - cht[k]) / 900
                egt[k] += (80 - egt[k]) / 120
        if engine:
            oil_t += (188 + 14 * power - oil_t) / 520 + rng.gauss(0, 0.05)
        fuel[0] -= ff / 3600 / 2
        fuel[1] -= ff / 3600 / 2
        vs = vs_target + rng.gauss(0, 35) if airborne else rng.gauss(0, 8)
        now = start + timedelta(seconds=t)
        fix = t >= FIX
        to_go = _nm_between(pos, KMRY)
        baro = 29.98 if touchdown is not None or (airborne and to_go < 25) else 30.01
        slosh = 0.35 * math.sin(t / 23) * (1 if airborne else 0.2)
        pitch = {"climb": 6.8, "cruise": 0.9, "descent": -2.9, "approach": -2.9}.get(phase, 0.2)
        trk = None
        if fix and (airborne or gs > 3):
            trk = round((_bearing(pos, KMRY) if airborne else hdg) % 360, 1)
        rows.append({
            "Lcl Date": now.strftime("%Y-%m-%d"), "Lcl Time": now.strftime("%H:%M:%S"), "UTCOfst": "-07:00",
            "AtvWpt": "KMRY" if t >= 300 and touchdown is None else None,
            "Latitude": round(pos[0] + rng.gauss(0, 0.000004), 7) if fix else None,
            "Longitude": round(pos[1] + rng.gauss(0, 0.000004), 7) if fix else None,
            "AltB": round(alt + rng.gauss(0, 4), 1), "BaroA": baro,
            "AltMSL": round(alt + rng.gauss(0, 3), 1) if fix else None,
            "OAT": round(17.5 - 1.9 * alt / 1000 + rng.gauss(0, 0.1), 1),
            "IAS": round(ias, 2) if ias >= 20 else None,
            "GndSpd": round(max(gs, 0.0), 2) if fix else None,
            "VSpd": round(vs, 2), "Pitch": round(pitch + rng.gauss(0, 0.4), 2),
            "Roll": round(rng.gauss(0, 1.6 if airborne else 0.3), 2),
            "LatAc": round(rng.gauss(0, 0.02 if airborne else 0.01), 2),
            "NormAc": round(rng.gauss(0, 0.04 if airborne else 0.01), 2),
            "HDG": round(hdg % 360, 1), "TRK": trk,
            "volt1": round((28.1 if engine and rpm > 900 else 24.3) + rng.gauss(0, 0.05), 1),
            "volt2": round((28.0 if engine and rpm > 900 else 24.2) + rng.gauss(0, 0.05), 1),
            "amp1": round((2.0 + 10 * math.exp(-(t - ENGINE_ON) / 240) if engine else -14.5) + rng.gauss(0, 0.3), 1),
            "FQtyL": round(fuel[0] + slosh + rng.gauss(0, 0.12) - 0.8, 2),
            "FQtyR": round(fuel[1] - slosh + rng.gauss(0, 0.12) - 0.5, 2),
            "E1 FFlow": round(ff, 2), "E1 OilT": round(oil_t, 2),
            "E1 OilP": round(68 - 0.08 * (oil_t - 80) + 6 * power + rng.gauss(0, 0.4), 2) if engine else 0.0,
            "E1 RPM": round(rpm, 1),
            **{f"E1 CHT{k + 1}": round(cht[k], 2) for k in range(4)},
            **{f"E1 EGT{k + 1}": round(egt[k], 2) for k in range(4)},
            "AltGPS": round(alt - 106 + rng.gauss(0, 8), 1) if fix else None,
            "TAS": round(ias * (1 + 0.017 * alt / 1000), 2) if ias >= 20 else None,
            "HSIS": "GPS", "CRS": round(_bearing(KPAO, KMRY), 1) if t >= 300 else None,
            "NAV1": 110.5, "NAV2": 114.0 if touchdown is None else 110.7,
            "COM1": 118.6 if t < 900 else (120.1 if touchdown is None and to_go > 15 else 118.4),
            "COM2": 135.275, "HCDI": round(rng.gauss(0, 0.05), 2) if airborne and t >= 300 else None, "VCDI": None,
            "WndSpd": round(WIND_KT + rng.gauss(0, 1.2), 2) if airborne and ias > 30 else None,
            "WndDr": round(WIND_FROM + rng.gauss(0, 4), 2) if airborne and ias > 30 else None,
            "WptDst": round(to_go, 2) if t >= 300 and fix else None,
            "WptBrg": round(_bearing(pos, KMRY), 1) if t >= 300 and fix else None,
            "MagVar": 13.3, "AfcsOn": afcs, "GPSfix": "NoSoln" if not fix else ("3D" if t < 95 else "3DDiff"),
            "HAL": 40.0 if fix else 0.0, "VAL": 50.0 if fix else 0.0,
        })  # fmt: skip
        t += 1
    meta = {"start": start, "engine_on": ENGINE_ON, "liftoff": liftoff, "touchdown": touchdown,
            "engine_off": engine_off}  # fmt: skip
    return rows, meta


def _fmt_g(v: object) -> str:
    if v is None:
        return ""
    return f"{v:.2f}" if isinstance(v, float) else str(v)


def _write_g1000(t: Truth, d: Path) -> None:
    fmt = {"Latitude": "{:.7f}", "Longitude": "{:.7f}", "AltB": "{:.1f}", "AltMSL": "{:.1f}", "AltGPS": "{:.1f}",
           "OAT": "{:.1f}", "BaroA": "{:.2f}", "HDG": "{:.1f}", "TRK": "{:.1f}", "volt1": "{:.1f}", "volt2": "{:.1f}",
           "amp1": "{:.1f}", "E1 RPM": "{:.1f}", "CRS": "{:.1f}", "WptBrg": "{:.1f}", "NAV1": "{:.2f}",
           "NAV2": "{:.2f}", "COM1": "{:.3f}", "COM2": "{:.3f}", "MagVar": "{:.1f}"}  # fmt: skip
    widths = [max(w, len(n), len(u)) + 1 for n, u, w in G1000_COLUMNS]
    lines = [
        '#airframe_info, log_version="1.00", airframe_name="Cessna 172S", unit_software_part_number="006-B0319-B6", '
        'unit_software_version="20.03", system_software_part_number="006-B0319-B6", system_id="1J2K9F03", '
        "mode=NORMAL,",
        ",".join("#" + u if i == 0 else u.rjust(w) for i, ((_, u, _), w) in enumerate(zip(G1000_COLUMNS, widths))),
        ",".join(n.rjust(w) for (n, _, _), w in zip(G1000_COLUMNS, widths)),
    ]  # fmt: skip
    for row in t.g1000:
        cells = []
        for (n, _, _), w in zip(G1000_COLUMNS, widths):
            v = row[n]
            s = "" if v is None else (fmt[n].format(v) if n in fmt else _fmt_g(v))
            if s.startswith("-") and not s.strip("-0."):
                s = s[1:]  # no negative zero
            cells.append(s.rjust(w))
        lines.append(",".join(cells))
    (d / G1000_FILE).write_bytes(("\r\n".join(lines) + "\r\n").encode("ascii"))


def _write_logbook(t: Truth, d: Path) -> None:
    width = len(FLIGHT_COLUMNS)

    def pad(cells: list) -> list:
        return cells + [""] * (width - len(cells))

    def dec(x: float) -> str:
        return f"{x:.1f}" if x else ""

    def num(x: int) -> str:
        return str(x) if x else ""

    def boolean(x: bool) -> str:
        return "TRUE" if x else "FALSE"

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(
        pad(
            [
                "ForeFlight Logbook Import",
                "This row is required for importing into ForeFlight. Do not delete or modify.",
            ]
        )
    )
    w.writerow(pad([]))
    w.writerow(pad(["Aircraft Table"]))
    w.writerow(pad(AIRCRAFT_TYPES))
    w.writerow(pad(AIRCRAFT_COLUMNS))
    for a in t.aircraft:
        w.writerow(pad([a["id"], a["equip"], a["type"], str(a["year"]), a["make"], a["model"], a["category"],
                        a["class"], a["gear"], a["engine"], boolean(a["complex"]), boolean(a["hp"]),
                        boolean(a["pressurized"]), boolean(a["taa"])]))  # fmt: skip
    w.writerow(pad([]))
    w.writerow(pad(["Flights Table"]))
    w.writerow(FLIGHT_TYPES)
    w.writerow(FLIGHT_COLUMNS)
    for f in t.flights:
        appr = [f"{n};{typ};{rwy};{apt};" for n, typ, rwy, apt in f["approaches"]]
        persons = f["persons"]
        row = [
            f["date"].isoformat(), f["aircraft"], f["from"], f["to"], f["route"], f["time_out"], f["time_off"],
            f["time_on"], f["time_in"], "", "", f"{f['total']:.1f}", dec(f["pic"]), dec(f["sic"]), dec(f["night"]),
            dec(f["solo"]), dec(f["xc"]), "", "", dec(f["distance"]), num(f["day_to"]), num(f["day_fs"]),
            num(f["night_to"]), num(f["night_fs"]), num(f["all_ldg"]), dec(f["actual"]), dec(f["sim_inst"]),
            f"{f['hobbs'][0]:.1f}" if f["hobbs"] else "", f"{f['hobbs'][1]:.1f}" if f["hobbs"] else "",
            f"{f['tach'][0]:.1f}" if f.get("tach") else "", f"{f['tach'][1]:.1f}" if f.get("tach") else "",
            num(f["holds"]),
            *(appr + [""] * (6 - len(appr))),
            "", dec(f["dual_received"]), dec(f["sim_flight"]), dec(f["ground"]), f["instructor"],
            f["instructor_comments"],
            *(persons + [""] * (6 - len(persons))),
            boolean(f["flight_review"]), boolean(f["checkride"]), boolean(f["ipc"]), "FALSE", "FALSE", f["comments"],
        ]  # fmt: skip
        assert len(row) == width
        w.writerow(row)
    (d / LOGBOOK_FILE).write_bytes(buf.getvalue().encode("utf-8"))


# ==================================================================================================
# Teaching: a Canvas gradebook export and a Teams attendance report
# ==================================================================================================

UNI_DOMAIN = "bayview.edu"
STUDENT_DOMAIN = "students.bayview.edu"
SECTIONS = ["STAT 201-001", "STAT 201-002"]
HOMEWORK_POINTS = [10, 10, 15, 10, 20, 15]
QUIZ_POINTS = [5, 5, 5, 5]
GROUP_WEIGHTS = {"Homework": 30, "Quizzes": 20, "Exams": 50}
GRADE_SCHEME = [(94, "A"), (90, "A-"), (87, "B+"), (84, "B"), (80, "B-"), (77, "C+"), (74, "C"), (70, "C-"),
                (67, "D+"), (64, "D"), (61, "D-"), (0, "F")]  # Canvas's default scheme  # fmt: skip
FIRST_NAMES = [
    "Jamie", "Olivia", "Ethan", "Sofía", "Liam", "Ava", "Noah", "Mia", "Lucas", "Harper", "Mateo", "Chloé",
    "Aiden", "Zoë", "Daniel", "Grace", "Ryan", "Priyanka", "Kevin", "Hannah", "Marcus", "Isabella", "Tyler",
    "Fatima", "Brandon", "Emily", "Diego", "Aaliyah", "Jordan", "Megan", "Andrés", "Leila", "Nathan", "Sarah",
    "Kai", "Rachel", "Omar", "Julia", "Caleb", "Natalie", "Hiroshi", "Elena", "Samuel", "Madison", "Ibrahim",
    "Victoria", "Connor", "Yasmin", "Gabriel", "Ashley", "Wei", "Claire", "Luis", "Nadia", "Evan", "Amara",
    "Jonah", "Maya", "Tomás", "Lauren", "Dylan", "Anika", "Isaac", "Brianna", "Mohammed", "Kayla", "Xavier",
    "Rebecca", "Miguel", "Jasmine", "Owen", "Sienna", "Adrian", "Camila", "Henry", "Naomi", "Vikram", "Paige",
    "Julian", "Ingrid", "Cole", "Alondra", "Felix", "Tessa", "Rafael", "Hailey",
]  # fmt: skip
LAST_NAMES = [
    "Chen", "Patel", "Nguyễn", "García", "Johnson", "Kim", "Rodríguez", "Williams", "Okonkwo", "Müller", "Singh",
    "Martínez", "Brown", "Hernández", "Lee", "O'Brien", "Davis", "Tanaka", "López", "Wilson", "Ahmed", "Anderson",
    "Kowalski", "Thomas", "Pham", "Jackson", "Rossi", "White", "Haddad", "Harris", "Sánchez", "Martin",
    "Nakamura", "Thompson", "Ramírez", "Moore", "Ivanova", "Clark", "Torres", "Lewis", "Schmidt", "Walker",
    "Flores", "Hall", "Yamamoto", "Allen", "Gómez", "Young", "Hussein", "King", "Díaz", "Wright", "Cohen",
    "Scott", "Reyes", "Green", "Baker", "Adams", "Nelson", "Morales", "Hill", "Campbell", "Mitchell", "Ortiz",
    "Roberts", "Carter", "Phillips", "Evans", "Turner", "Van der Berg", "Parker", "Collins", "Edwards", "Stewart",
    "Gutiérrez", "Morris", "Murphy", "Cook", "Rogers", "Peña", "Morgan", "Cooper", "Peterson", "Bailey", "Reed",
    "Kelly", "Howard", "Ward", "Cox", "Richardson",
]  # fmt: skip
PREFERRED = {"Jamie": None, "Priyanka": "Priya", "Hiroshi": "Hiro", "Victoria": "Tori", "Mohammed": "Mo",
             "Alondra": "Allie", "Isabella": "Bella", "Gabriel": "Gabe", "Nathan": "Nate", "Rebecca": "Becca",
             "Samuel": "Sam", "Vikram": "Vik"}  # fmt: skip
TOP_STUDENT = ("Okonkwo", "Adaeze")
TEST_STUDENT = "Student, Test"
MEETING_TITLE = "STAT 201 Midterm Review"
MEETING_DAY = date(2024, 3, 5)
ORGANIZER = ("Priya Raman", f"praman@{UNI_DOMAIN}")
PRESENTER = ("Marcus Bell", f"mbell@{UNI_DOMAIN}")
GUESTS = ["Tutoring Center (Guest)", "Dev Kapoor (Guest)", "+1 650-555-0143"]


def _ascii(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s) if c.isascii() and c.isalpha()).lower()


def _q(x: float, step: float = 0.5) -> float:
    return round(round(x / step) * step, 2)


def canvas_scores(s: dict, assignments: list[dict], final: bool) -> tuple[dict, float | None]:
    """Canvas's group and course scores: each group earned/possible over the graded (current) or all
    (final, missing counting zero) assignments, excused ones left out; groups weighted."""
    groups = {}
    for g in GROUP_WEIGHTS:
        earned = possible = 0.0
        for a in assignments:
            if a["group"] != g:
                continue
            v = s["scores"][a["name"]]
            if v == "EX" or (v is None and not final):
                continue
            earned += v or 0.0
            possible += a["points"]
        groups[g] = round(100 * earned / possible, 2) if possible else None
    used = {g: w for g, w in GROUP_WEIGHTS.items() if groups[g] is not None}
    course = round(sum(groups[g] * w for g, w in used.items()) / sum(used.values()), 2) if used else None
    return groups, course


def letter(score: float | None) -> str:
    if score is None:
        return ""
    return next(g for cut, g in GRADE_SCHEME if score >= cut)


def _build_course(rng: random.Random) -> tuple[list[dict], list[dict], list[dict], dict]:
    assignments = []
    aid = rng.randint(2_210_000, 2_219_000)
    for k, pts in enumerate(HOMEWORK_POINTS, 1):
        assignments.append({"name": f"Homework {k}", "id": aid, "points": pts, "group": "Homework"})
        aid += rng.randint(1, 40)
    for k, pts in enumerate(QUIZ_POINTS, 1):
        assignments.append({"name": f"Quiz {k}", "id": aid, "points": pts, "group": "Quizzes"})
        aid += rng.randint(1, 40)
    assignments.append({"name": "Midterm Exam", "id": aid, "points": 100, "group": "Exams"})

    n = 86
    firsts = rng.sample(FIRST_NAMES, n)
    lasts = rng.sample(LAST_NAMES, n)
    people = list(zip(lasts, firsts))
    if TOP_STUDENT not in people:
        people[rng.randrange(n)] = TOP_STUDENT
    logins: set[str] = set()
    students = []
    canvas_ids = rng.sample(range(183_000, 189_999), n + 1)
    for k, (last, first) in enumerate(people):
        while True:
            login = f"{_ascii(first)[0]}{_ascii(last)[:7]}{rng.randint(10, 99)}"
            if login not in logins:
                logins.add(login)
                break
        display_first = PREFERRED.get(first) or first
        display = f"{display_first} {last}"
        if rng.random() < 0.06 and _ascii(last) != last.lower().replace(" ", "").replace("'", ""):
            display = f"{display_first} {unicodedata.normalize('NFKD', last).encode('ascii', 'ignore').decode()}"
        students.append({"name": f"{last}, {first}", "first": first, "last": last, "display": display,
                         "canvas_id": canvas_ids[k], "sis_id": f"9{rng.randint(10_000_000, 99_999_999)}",
                         "login": login, "section": SECTIONS[0] if rng.random() < 0.52 else SECTIONS[1],
                         "test": False})  # fmt: skip

    # who came to the review session (before the midterm; coming helps a little)
    for s in students:
        s["ability"] = min(0.99, max(0.3, rng.gauss(0.79, 0.11)))
        s["diligence"] = rng.betavariate(9, 1.0) if rng.random() > 0.06 else rng.uniform(0.35, 0.6)
        s["attends"] = rng.random() < 0.35 + 0.45 * s["diligence"]
    top = next(s for s in students if (s["last"], s["first"]) == TOP_STUDENT)
    top["ability"], top["diligence"], top["attends"] = 0.97, 1.0, True

    for s in students:
        sc: dict = {}
        for a in assignments:
            if a["group"] == "Homework":
                if rng.random() > s["diligence"]:
                    v = None
                elif rng.random() < 0.012:
                    v = "EX"
                else:
                    v = float(min(a["points"], max(0.0, _q(a["points"] * (s["ability"] + 0.06 + rng.gauss(0, 0.07))))))
            elif a["group"] == "Quizzes":
                v = None if rng.random() > (1 + s["diligence"]) / 2 else float(
                    min(5, max(0, round(5 * (s["ability"] + rng.gauss(0, 0.13))))))  # fmt: skip
            else:
                v = min(100.0, max(0.0, _q(100 * (s["ability"] + 0.035 * s["attends"] + rng.gauss(0, 0.07)))))
            sc[a["name"]] = v
        s["scores"] = sc
    for a in assignments:
        if a["group"] == "Homework":
            top["scores"][a["name"]] = "EX" if a["name"] == "Homework 4" else float(a["points"])
    hw = [a for a in assignments if a["group"] == "Homework"]

    def hw_pct(s: dict) -> float:
        got = [(s["scores"][a["name"]], a["points"]) for a in hw if s["scores"][a["name"]] != "EX"]
        return 100 * sum(v or 0 for v, _ in got) / sum(p for _, p in got)

    for s in students:  # nobody else with a perfect homework record
        while s is not top and hw_pct(s) > 98.5:
            a = rng.choice([a for a in hw if isinstance(s["scores"][a["name"]], float)])
            s["scores"][a["name"]] = max(0.0, s["scores"][a["name"]] - 1.0)
    others = [s for s in students if s is not top]
    rng.choice(others)["scores"]["Midterm Exam"] = "EX"
    for s in rng.sample([s for s in others if s["scores"]["Midterm Exam"] != "EX"], 2):
        s["scores"]["Midterm Exam"] = None

    test = {"name": TEST_STUDENT, "first": "Test", "last": "Student", "display": "", "canvas_id": canvas_ids[n],
            "sis_id": "", "login": "", "section": SECTIONS[0], "test": True, "attends": False,
            "scores": {a["name"]: (10.0 if a["name"] == "Homework 1" else None) for a in assignments}}  # fmt: skip
    students.sort(key=lambda s: (_ascii(s["last"]), _ascii(s["first"])))
    students.append(test)
    for s in students:
        s["current_groups"], s["current"] = canvas_scores(s, assignments, final=False)
        s["final_groups"], s["final"] = canvas_scores(s, assignments, final=True)

    # --- the Teams meeting ---
    t0 = datetime.combine(MEETING_DAY, datetime.min.time()).replace(hour=17, minute=52, second=rng.randint(0, 59))
    end = datetime.combine(MEETING_DAY, datetime.min.time()).replace(hour=19, minute=33, second=rng.randint(0, 59))
    participants = [{"name": ORGANIZER[0], "email": ORGANIZER[1], "role": "Organizer", "sessions": [(t0, end)]}]
    pj = t0 + timedelta(seconds=rng.randint(200, 400))
    participants.append({"name": PRESENTER[0], "email": PRESENTER[1], "role": "Presenter",
                         "sessions": [(pj, end - timedelta(seconds=rng.randint(20, 90)))]})  # fmt: skip
    six = t0.replace(hour=18, minute=0, second=0)
    for s in students:
        if not s["attends"]:
            continue
        join = six + timedelta(seconds=round(rng.gauss(60, 240)))
        if rng.random() < 0.15:
            join += timedelta(seconds=rng.randint(600, 2400))  # came late
        join = max(join, t0 + timedelta(seconds=30))
        leave = end - timedelta(seconds=rng.randint(5, 300))
        if rng.random() < 0.22:
            leave -= timedelta(seconds=rng.randint(900, 3600))  # left early
        leave = max(leave, join + timedelta(seconds=rng.randint(300, 900)))
        sessions = [(join, leave)]
        for _ in range(rng.choice([0, 0, 0, 1, 1, 2])):  # dropped and came back
            a, b = sessions[-1]
            if (b - a).total_seconds() < 1200:
                break
            cut = a + timedelta(seconds=rng.randint(300, int((b - a).total_seconds()) - 600))
            back = cut + timedelta(seconds=rng.randint(40, min(900, int((b - cut).total_seconds()) - 180)))
            sessions[-1] = (a, cut)
            sessions.append((back, b))
        participants.append({"name": s["display"], "email": f"{s['login']}@{STUDENT_DOMAIN}", "role": "Attendee",
                             "sessions": sessions, "login": s["login"]})  # fmt: skip
    for g in GUESTS:
        join = six + timedelta(seconds=rng.randint(-120, 1500))
        participants.append({"name": g, "email": "", "role": "Attendee",
                             "sessions": [(join, join + timedelta(seconds=rng.randint(600, 4000)))]})  # fmt: skip
    participants.sort(key=lambda p: p["sessions"][0][0])
    meeting = {"title": MEETING_TITLE, "start": t0, "end": max(b for p in participants for _, b in p["sessions"])}
    return students, assignments, participants, meeting


def _write_grades(t: Truth, d: Path) -> None:
    computed = []
    for g in GROUP_WEIGHTS:
        computed += [
            f"{g} Current Score",
            f"{g} Unposted Current Score",
            f"{g} Final Score",
            f"{g} Unposted Final Score",
        ]
    computed += ["Current Score", "Unposted Current Score", "Final Score", "Unposted Final Score", "Current Grade",
                 "Unposted Current Grade", "Final Grade", "Unposted Final Grade"]  # fmt: skip
    header = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
    header += [f"{a['name']} ({a['id']})" for a in t.assignments] + computed
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(header)
    w.writerow(["    Points Possible", "", "", "", ""] + [f"{a['points']:.2f}" for a in t.assignments]
               + ["(read only)"] * len(computed))  # fmt: skip

    def score(v: object) -> str:
        if v is None:
            return ""
        if v == "EX":
            return "EX"
        return f"{v:g}"

    def pct(v: float | None) -> str:
        return "" if v is None else f"{v:.2f}"

    for s in t.students:
        cells = [s["name"], str(s["canvas_id"]), s["sis_id"], s["login"], s["section"]]
        cells += [score(s["scores"][a["name"]]) for a in t.assignments]
        for g in GROUP_WEIGHTS:
            c, f = pct(s["current_groups"][g]), pct(s["final_groups"][g])
            cells += [c, c, f, f]
        c, f = pct(s["current"]), pct(s["final"])
        cells += [c, c, f, f, letter(s["current"]), letter(s["current"]), letter(s["final"]), letter(s["final"])]
        w.writerow(cells)
    (d / GRADES_FILE).write_bytes(codecs.BOM_UTF8 + buf.getvalue().encode("utf-8"))


def teams_time(x: datetime) -> str:
    h = x.hour % 12 or 12
    return f"{x.month}/{x.day}/{x.year % 100}, {h}:{x.minute:02d}:{x.second:02d} {'AM' if x.hour < 12 else 'PM'}"


def teams_duration(seconds: int) -> str:
    h, rest = divmod(int(seconds), 3600)
    m, s = divmod(rest, 60)
    parts = [f"{h}h"] if h else []
    if m or h:
        parts.append(f"{m}m")
    parts.append(f"{s}s")
    return " ".join(parts)


def in_meeting(p: dict) -> int:
    return int(sum((b - a).total_seconds() for a, b in p["sessions"]))


def _write_teams(t: Truth, d: Path) -> None:
    m = t.meeting
    durations = [in_meeting(p) for p in t.participants]
    lines = [
        "1. Summary",
        f"Meeting title\t{m['title']}",
        f"Attended participants\t{len(t.participants)}",
        f"Start time\t{teams_time(m['start'])}",
        f"End time\t{teams_time(m['end'])}",
        f"Meeting duration\t{teams_duration((m['end'] - m['start']).total_seconds())}",
        f"Average attendance time\t{teams_duration(round(sum(durations) / len(durations)))}",
        "",
        "2. Participants",
        "Name\tFirst Join\tLast Leave\tIn-Meeting Duration\tEmail\tParticipant ID (UPN)\tRole",
    ]
    for p in t.participants:
        first = p["sessions"][0][0]
        last = max(b for _, b in p["sessions"])
        lines.append("\t".join([p["name"], teams_time(first), teams_time(last), teams_duration(in_meeting(p)),
                                p["email"], p["email"], p["role"]]))  # fmt: skip
    lines += ["", "3. In-Meeting Activities", "Name\tJoin Time\tLeave Time\tDuration\tEmail\tRole"]
    for p in t.participants:
        for a, b in p["sessions"]:
            lines.append("\t".join([p["name"], teams_time(a), teams_time(b),
                                    teams_duration((b - a).total_seconds()), p["email"], p["role"]]))  # fmt: skip
    text = "\r\n".join(lines) + "\r\n"
    (d / TEAMS_FILE).write_bytes(codecs.BOM_UTF16_LE + text.encode("utf-16-le"))


# ==================================================================================================
# Sleep: a Fitbit sleep file from Google Takeout
# ==================================================================================================

SL_FIRST, SL_LAST = date(2024, 1, 13), date(2024, 2, 11)  # dateOfSleep, the morning the sleep ended
SL_MISSING = date(2024, 1, 31)  # the watch was charging: no log
SL_MANUAL = [date(2024, 1, 16), date(2024, 2, 7)]  # the watch left off, sleep logged by hand
SL_CLASSIC = date(2024, 1, 22)  # worn loose: no heart-rate data, a classic record
SL_LONG_RUN = [date(2024, 1, 28), date(2024, 1, 29), date(2024, 1, 30), date(2024, 2, 1), date(2024, 2, 2),
               date(2024, 2, 3), date(2024, 2, 4)]  # fmt: skip
SL_SHORT = [date(2024, 1, 27), date(2024, 2, 5)]
SL_NAPS = [date(2024, 1, 14), date(2024, 1, 21), date(2024, 2, 3), date(2024, 2, 10)]
SL_WAKE_NIGHT = date(2024, 1, 25)  # a night with a long spell awake
SL_LIE_IN = date(2024, 1, 28)  # Sunday morning: the longest sleep of the month


def _ts(x: datetime) -> str:
    return x.strftime("%Y-%m-%dT%H:%M:%S.000")


def _split_units(rng: random.Random, total: int, k: int) -> list[int]:
    """total (30-second units) split into k positive parts."""
    k = max(1, min(k, total))
    cuts = sorted(rng.sample(range(1, total), k - 1)) if k > 1 else []
    return [b - a for a, b in zip([0] + cuts, cuts + [total])]


def _stages(rng: random.Random, start: datetime, asleep: int, awake: int, long_wake: bool) -> dict:
    deep = round(asleep * rng.uniform(0.13, 0.2))
    rem = round(asleep * rng.uniform(0.18, 0.25))
    light = asleep - deep - rem
    cycles = max(3, round(asleep / 95))
    light_parts = _split_units(rng, light * 2, 2 * cycles)
    deep_w = [max(0.2, 1.6 - 0.35 * i) for i in range(cycles)]  # more deep early, more REM late
    rem_w = [0.4 + 0.3 * i for i in range(cycles)]

    def weighted(total_units: int, weights: list[float]) -> list[int]:
        raw = [w * rng.uniform(0.7, 1.3) for w in weights]
        parts = [max(2, int(total_units * r / sum(raw))) for r in raw]
        parts[0] += total_units - sum(parts)
        if parts[0] < 2:
            raise ValueError("stage split")
        return parts

    deep_parts = weighted(deep * 2, deep_w)
    rem_parts = weighted(rem * 2, rem_w)
    seq: list[list] = []
    for i in range(cycles):
        seq += [["light", light_parts[2 * i]], ["deep", deep_parts[i]], ["light", light_parts[2 * i + 1]],
                ["rem", rem_parts[i]]]  # fmt: skip
    n_wake = rng.randint(max(2, awake // 6), max(3, awake // 3))
    if long_wake:  # one long spell awake (23.5 minutes) among the short ones
        wake_parts = _split_units(rng, awake * 2 - 47, n_wake - 1) + [47]
    else:
        wake_parts = _split_units(rng, awake * 2, n_wake)
    with_wake: list[list] = []
    if not long_wake and rng.random() < 0.5:  # a few minutes awake before falling asleep
        with_wake.append(["wake", wake_parts.pop(0)])
    gaps = set(rng.sample(range(1, len(seq)), min(len(wake_parts), len(seq) - 1)))
    for i, seg in enumerate(seq):
        if i in gaps and wake_parts:
            with_wake.append(["wake", wake_parts.pop()])
        with_wake.append(seg)
    if wake_parts:
        with_wake.append(["wake", sum(wake_parts)])
    data, short, t = [], [], start
    for level, units in with_wake:
        data.append({"dateTime": _ts(t), "level": level, "seconds": units * 30})
        if level == "light" and units > 20 and rng.random() < 0.5:
            off = rng.randint(4, units - 8)
            short.append({"dateTime": _ts(t + timedelta(seconds=off * 30)), "level": "wake",
                          "seconds": 30 * rng.randint(1, 4)})  # fmt: skip
        t += timedelta(seconds=units * 30)
    summary = {}
    for level, avg in (("deep", 71), ("wake", 52), ("light", 246), ("rem", 93)):
        segs = [x for x in data if x["level"] == level]
        summary[level] = {"count": len(segs), "minutes": sum(x["seconds"] for x in segs) // 60,
                          "thirtyDayAvgMinutes": avg + rng.randint(-6, 6)}  # fmt: skip
    assert sum(v["minutes"] for k, v in summary.items() if k != "wake") == asleep
    assert summary["wake"]["minutes"] == awake
    return {"summary": summary, "data": data, "shortData": short}


def _classic(rng: random.Random, start: datetime, asleep: int, awake: int, manual: bool) -> dict:
    if manual:
        data = [{"dateTime": _ts(start), "level": "asleep", "seconds": asleep * 60}]
        summary = {"asleep": {"count": 0, "minutes": asleep}, "awake": {"count": 0, "minutes": 0},
                   "restless": {"count": 0, "minutes": 0}}  # fmt: skip
        return {"summary": summary, "data": data}
    restless = round(awake * rng.uniform(0.6, 0.85))
    aw = awake - restless
    breaks = [["restless", u] for u in _split_units(rng, restless * 2, rng.randint(1, min(6, restless * 2)))]
    if aw:
        breaks += [["awake", u] for u in _split_units(rng, aw * 2, rng.randint(1, min(2, aw * 2)))]
    rng.shuffle(breaks)
    merged: list[list] = []
    for i, u in enumerate(_split_units(rng, asleep * 2, len(breaks) + 1)):
        merged.append(["asleep", u])
        if i < len(breaks):
            merged.append(breaks[i])
    data, t = [], start
    for level, units in merged:
        data.append({"dateTime": _ts(t), "level": level, "seconds": units * 30})
        t += timedelta(seconds=units * 30)
    summary = {}
    for level in ("asleep", "awake", "restless"):
        segs = [x for x in data if x["level"] == level]
        summary[level] = {"count": len(segs), "minutes": sum(x["seconds"] for x in segs) // 60}
    assert (
        summary["asleep"]["minutes"] == asleep and summary["awake"]["minutes"] + summary["restless"]["minutes"] == awake
    )
    return {"summary": summary, "data": data}


def _build_sleep(rng: random.Random) -> list[dict]:
    nights = []
    d = SL_FIRST
    while d <= SL_LAST:
        if d != SL_MISSING:
            nights.append(d)
        d += timedelta(days=1)
    # which nights reach 7 hours asleep: a long run around the missing night, short runs elsewhere
    long_ = {}
    run = 0
    for d in nights:
        if d in SL_LONG_RUN:
            long_[d] = True
        elif d in SL_SHORT:
            long_[d] = False
        else:
            long_[d] = run < 2 and rng.random() < 0.5
        run = run + 1 if long_[d] and long_.get(d - timedelta(days=1)) else (1 if long_[d] else 0)
    records = []
    log_id = 45_170_000_000 + rng.randint(0, 999_999)
    for d in nights:
        evening = d - timedelta(days=1)
        weekend = evening.weekday() in (4, 5)  # Friday and Saturday nights
        bed = (24 * 60 + 20 if weekend else 23 * 60 + 5) + round(rng.gauss(0, 38 if weekend else 30))
        if long_[d]:
            asleep = rng.randint(448, 505) if weekend else rng.randint(421, 470)
        else:
            asleep = rng.randint(385, 418) if weekend else rng.randint(330, 412)
        if d == SL_LIE_IN:
            asleep = rng.randint(518, 545)
        manual = d in SL_MANUAL
        classic = manual or d == SL_CLASSIC
        awake = 0 if manual else rng.randint(38, 68) if d != SL_WAKE_NIGHT else 74
        start = datetime.combine(evening, datetime.min.time()) + timedelta(minutes=bed, seconds=rng.choice([0, 30]))
        if manual:
            start = start.replace(second=0, minute=(start.minute // 15) * 15)
        tib = asleep + awake
        if classic:
            levels = _classic(rng, start, asleep, awake, manual)
        else:
            while True:
                try:
                    levels = _stages(rng, start, asleep, awake, d == SL_WAKE_NIGHT)
                    break
                except ValueError:
                    continue
        records.append(_sleep_record(log_id, d, start, tib, asleep, awake, classic, manual, True, levels, rng))
        log_id += rng.randint(80_000_000, 260_000_000)
        if d in SL_NAPS:
            nap_start = datetime.combine(d, datetime.min.time()) + timedelta(minutes=rng.randint(13 * 60, 16 * 60))
            nap_asleep = rng.randint(22, 78)
            nap_awake = rng.randint(3, 9)
            nap_levels = _classic(rng, nap_start, nap_asleep, nap_awake, manual=False)
            records.append(_sleep_record(log_id + rng.randint(1, 60_000_000), d, nap_start, nap_asleep + nap_awake,
                                         nap_asleep, nap_awake, True, False, False, nap_levels, rng))  # fmt: skip
            log_id += rng.randint(80_000_000, 260_000_000)
    records.sort(key=lambda r: r["startTime"], reverse=True)
    return records


def _sleep_record(log_id: int, d: date, start: datetime, tib: int, asleep: int, awake: int, classic: bool,
                  manual: bool, main: bool, levels: dict, rng: random.Random) -> dict:  # fmt: skip
    return {
        "logId": log_id,
        "dateOfSleep": d.isoformat(),
        "startTime": _ts(start),
        "endTime": _ts(start + timedelta(minutes=tib)),
        "duration": tib * 60_000,
        "minutesToFallAsleep": 0,
        "minutesAsleep": asleep,
        "minutesAwake": awake,
        "minutesAfterWakeup": 0,
        "timeInBed": tib,
        "efficiency": 100 if manual else min(100, round(100 * asleep / tib) + rng.choice([-1, 0, 0, 1])),
        "type": "classic" if classic else "stages",
        "infoCode": 0 if (manual or not classic or not main) else 2,
        "logType": "manual" if manual else "auto_detected",
        "levels": levels,
        "mainSleep": main,
    }


def _write_sleep(t: Truth, d: Path) -> None:
    text = json.dumps(t.sleeps, indent=2, separators=(",", " : "), ensure_ascii=False)
    (d / SLEEP_FILE).write_bytes(text.encode("utf-8"))


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    rows, meta = _build_g1000(_rng("g1000"))
    flights = _build_logbook(_rng("aviation"), meta)
    logged = next(f for f in flights if f["date"] == G1000_DAY and f["from"] == "KPAO")
    aircraft = [dict(zip(["id", "equip", "type", "year", "make", "model", "category", "class", "gear", "engine",
                          "complex", "hp", "pressurized", "taa"], a)) for a in AIRCRAFT]  # fmt: skip
    students, assignments, participants, meeting = _build_course(_rng("course"))
    sleeps = _build_sleep(_rng("sleep"))
    return Truth(aircraft=aircraft, flights=flights, g1000=rows, g1000_flight=logged, students=students,
                 assignments=assignments, participants=participants, meeting=meeting, sleeps=sleeps)  # fmt: skip


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_logbook(t, d)
    _write_g1000(t, d)
    _write_grades(t, d)
    _write_teams(t, d)
    _write_sleep(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout43-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
