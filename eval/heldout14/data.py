"""The fourteenth held-out set's data: clean records built from a fixed seed, rendered the way real
public data exports look.

Four topics, each modelled on a real kind of export:

* housing    -- a council housing landlord's responsive repairs log, as published in its open-data
                area (`repairs_log_2023-24.csv`): a title block, day-first dates, costs as text with
                a pound sign and thousands separators, jobs exported twice, a total row and a note;
* bus        -- a bus operator's real-time punctuality archive in SIRI stop-monitoring XML
                (`bus_departures_2024-06.xml`): a default namespace, times in UTC, cancelled and
                untracked departures with no actual time, the AVL system's own status flag;
* river      -- an Environment Agency style flood-monitoring API readings dump
                (`river_readings_2024-10.json`) and the area hydrometry team's fixed-width
                station register (`gauging_stations.txt`);
* university -- a student records system's module registration report with its module catalogue
                (`module_registrations_2024-25.xlsx`, two sheets).

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
from xml.sax.saxutils import escape
from zoneinfo import ZoneInfo

SEED = 14_250_117

HOU_FILE = "repairs_log_2023-24.csv"
BUS_FILE = "bus_departures_2024-06.xml"
RIV_FILE = "river_readings_2024-10.json"
REG_FILE = "gauging_stations.txt"
UNI_FILE = "module_registrations_2024-25.xlsx"
FILES = [HOU_FILE, BUS_FILE, RIV_FILE, REG_FILE, UNI_FILE]

LONDON = ZoneInfo("Europe/London")
UTC = timezone.utc


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}:{topic}")


@dataclass
class Truth:
    jobs: list[dict]  # one per repair job (Job Ref unique); `dup` marks a job the export lists twice
    departures: list[dict]  # one per scheduled bus departure, file order
    stations: list[dict]  # one per gauging station in the register
    readings: list[dict]  # one per API item: measure ref, parameter, UTC time, values (1 or 2)
    modules: list[dict]  # one per module in the catalogue
    regs: list[dict]  # one per module registration row


# =================================================================================================
# housing: responsive repairs log, jobs reported 1 April 2023 - 31 March 2024
# =================================================================================================

# (trade, weight, median cost in pounds, share that are P1 emergencies, job descriptions)
TRADES = [
    ("Plumbing", 20, 145, 0.22, ["Leaking tap", "Blocked sink", "Burst pipe", "WC not flushing", "Leak under bath"]),
    ("Electrical", 13, 120, 0.28, ["No power to sockets", "Light fitting faulty", "Extractor fan not working"]),
    ("Carpentry", 14, 160, 0.05, ["Door not closing", "Kitchen cupboard door", "Broken stair tread", "Window board"]),
    ("Heating", 12, 210, 0.35, ["No heating", "No hot water", "Radiator cold", "Boiler pressure low"]),
    ("Roofing", 6, 480, 0.12, ["Slipped tiles", "Gutter blocked", "Roof leak", "Flashing loose"]),
    ("Plastering", 7, 260, 0.0, ["Ceiling crack", "Blown plaster", "Patch repair after leak"]),
    ("Glazing", 6, 190, 0.15, ["Cracked pane", "Failed double glazing unit", "Window won't lock"]),
    ("Drainage", 6, 175, 0.25, ["Blocked drain", "Manhole cover broken", "Gully blocked"]),
    ("Damp & Mould", 9, 340, 0.02, ["Mould in bedroom", "Condensation", "Damp patch on wall", "Mould wash and treat"]),
    ("Locksmith", 7, 95, 0.5, ["Lock change", "Lost keys", "Door lock jammed"]),
]  # fmt: skip
# (ward, weight, cost factor: older stock costs more to repair)
WARDS = [
    ("Abbey", 11, 1.0), ("Brookside", 14, 0.95), ("Castle", 9, 1.08), ("Eastfield", 16, 0.97),
    ("Hollins", 10, 1.22), ("Northgate", 13, 1.02), ("Riverside", 15, 0.93), ("St Peter's", 12, 1.05),
]  # fmt: skip
CONTRACTORS = [("In-house DLO", 55), ("Northgate Building Services Ltd", 20), ("Apex Heating & Plumbing", 15)]
CONTRACTORS += [("City Roofing Co", 10)]
PRIORITIES = ["P1 - Emergency (24 hrs)", "P2 - Urgent (7 days)", "P3 - Routine (28 days)"]
HOU_START, HOU_END, HOU_EXTRACT = date(2023, 4, 1), date(2024, 3, 31), date(2024, 4, 2)
HOU_VOLUME = {
    4: 0.9,
    5: 0.88,
    6: 0.85,
    7: 0.85,
    8: 0.82,
    9: 0.92,
    10: 1.05,
    11: 1.15,
    12: 1.2,
    1: 1.25,
    2: 1.15,
    3: 1.0,
}
DAMP_SEASON = {4: 0.7, 5: 0.5, 6: 0.4, 7: 0.35, 8: 0.4, 9: 0.6, 10: 1.0, 11: 1.5, 12: 1.8, 1: 2.3, 2: 1.9, 3: 1.2}


def _build_housing(rng: random.Random) -> list[dict]:
    jobs = []
    day = HOU_START
    ref = 230_001
    while day <= HOU_END:
        n = round(16 * HOU_VOLUME[day.month] * (0.35 if day.weekday() >= 5 else 1.0) * rng.uniform(0.8, 1.2))
        for _ in range(n):
            weights = [w * (DAMP_SEASON[day.month] if t == "Damp & Mould" else 1) for t, w, *_ in TRADES]
            trade, _, median, p1, descs = rng.choices(TRADES, weights=weights)[0]
            r = rng.random()
            prio = 0 if r < p1 else (1 if r < p1 + (1 - p1) * 0.35 else 2)
            if trade == "Roofing":
                contractor = "City Roofing Co" if rng.random() < 0.7 else "In-house DLO"
            elif trade in ("Heating", "Plumbing") and rng.random() < 0.4:
                contractor = "Apex Heating & Plumbing"
            else:
                contractor = rng.choices([c for c, _ in CONTRACTORS[:2]], weights=[70, 30])[0]
            ward, _, factor = rng.choices(WARDS, weights=[w for _, w, _ in WARDS])[0]
            if prio == 0:
                lag = rng.choices([0, 1, 2, 3, 5], weights=[55, 30, 8, 4, 3])[0]
            elif prio == 1:
                lag = min(30, 1 + int(rng.expovariate(1 / 4.5)))
            else:
                lag = min(120, 2 + int(rng.expovariate(1 / 21)))
            s = rng.random()
            status, completed, cost = "Completed", day + timedelta(days=lag), None
            if s < 0.045:
                status, completed = "Cancelled", None
            elif s < 0.085:
                status, completed, cost = "No Access", None, 0.0
            elif s < 0.095 or completed > HOU_END:
                status, completed = "Open", None
            if status == "Completed":
                big = 5 if rng.random() < 0.01 else 1
                cost = round(median * factor * big * (1.25 if prio == 0 else 1) * math.exp(rng.gauss(0, 0.5)), 2)
            jobs.append(
                {
                    "ref": f"RJ{ref}",
                    "reported": day,
                    "completed": completed,
                    "priority": PRIORITIES[prio],
                    "trade": trade,
                    "desc": rng.choice(descs),
                    "property": f"{rng.randint(1, 9)}{rng.randint(0, 99999):05d}",
                    "ward": ward,
                    "contractor": contractor,
                    "status": status,
                    "cost": cost,
                    "dup": status == "Completed" and rng.random() < 0.025,  # exported twice
                }
            )
            ref += 1
        day += timedelta(days=1)
    return jobs


def _money(v: float) -> str:
    return f"£{v:,.2f}"


def _write_housing(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(["Eastbrook Homes - Responsive Repairs Log"])
    w.writerow([f"Jobs reported 01/04/2023 to 31/03/2024, extracted {HOU_EXTRACT:%d/%m/%Y} 06:15. Costs include VAT."])
    w.writerow([])
    w.writerow(["Job Ref", "Date Reported", "Date Completed", "Priority", "Trade", "Job Description"]
               + ["Property Ref", "Ward", "Contractor", "Status", "Cost"])  # fmt: skip
    total = 0.0
    for j in t.jobs:
        if j["status"] == "Cancelled":
            cost = "n/a"
        elif j["cost"] is None:
            cost = ""
        else:
            cost = _money(j["cost"])
        row = [j["ref"], f"{j['reported']:%d/%m/%Y}", f"{j['completed']:%d/%m/%Y}" if j["completed"] else ""]
        row += [j["priority"], j["trade"], j["desc"], j["property"], j["ward"], j["contractor"], j["status"], cost]
        for _ in range(2 if j["dup"] else 1):
            w.writerow(row)
            total += j["cost"] or 0.0
    w.writerow(["TOTAL", "", "", "", "", "", "", "", "", "", _money(round(total, 2))])
    w.writerow([])
    w.writerow(["Note: a job can appear more than once where it was updated while the extract ran."])
    (d / HOU_FILE).write_bytes(buf.getvalue().encode("utf-8"))


# =================================================================================================
# bus: SIRI stop-monitoring archive of departures from each line's origin, June 2024 (UTC)
# =================================================================================================

# (line, outbound origin, inbound origin, first outbound local minute, last, running offset of the
#  inbound timetable, weekday / Saturday / Sunday headway (None = no service), base delay s, fleet)
LINES = [
    ("1", "Harbour Bus Station (Stand A)", "Westfield Park", 360, 1320, 40, 30, 30, 30, 35, range(101, 109)),
    ("2", "Harbour Bus Station (Stand B)", "Hillcrest Estate", 390, 1170, 35, 30, 30, 60, 60, range(109, 115)),
    ("X4", "Harbour Bus Station (Stand D)", "Airport Terminal", 375, 1155, 50, 60, 60, None, 150, range(201, 206)),
    ("12", "Market Street", "Northbay Hospital", 420, 1140, 30, 30, 30, 60, 75, range(115, 121)),
    ("21A", "Railway Station", "Oakleigh Village", 430, 1090, 45, 60, 60, 120, 25, range(121, 124)),
    ("33", "Market Street", "Kingsmoor", 540, 1020, 55, 120, 120, None, 15, range(124, 126)),
]  # fmt: skip
SPARES = range(126, 131)
BUS_DAYS = [date(2024, 6, 1) + timedelta(days=k) for k in range(30)]
ROADWORKS = date(2024, 6, 19)  # a burst water main closes Harbour Road all day
DRIVERS_SHORT = date(2024, 6, 24)  # driver shortage: lines 2 and 12 lose trips
STOP_NAMES = sorted({ln[1] for ln in LINES} | {ln[2] for ln in LINES})
STOPS = {name: f"4400HB{k * 37 + 1021:05d}" for k, name in enumerate(STOP_NAMES)}  # NaPTAN-style codes


def _build_bus(rng: random.Random) -> list[dict]:
    deps = []
    journey = 1000
    for day in BUS_DAYS:
        wd = day.weekday()
        day_shock = rng.gauss(0, 25) + (320 if day == ROADWORKS else 0)
        for line, out, back, first, last, offset, h_wk, h_sat, h_sun, base, fleet in LINES:
            head = h_wk if wd < 5 else (h_sat if wd == 5 else h_sun)
            if head is None:
                continue
            line_shock = rng.gauss(0, 20)
            for direction, origin, start in (("outbound", out, first), ("inbound", back, first + offset)):
                minute = start
                while minute <= last + (offset if direction == "inbound" else 0):
                    local = datetime(day.year, day.month, day.day, minute // 60, minute % 60, tzinfo=LONDON)
                    h = minute / 60
                    cong = 0.0
                    if wd < 5 and 7 <= h < 9.5:
                        cong = 150
                    elif wd < 5 and 16 <= h < 18.5:
                        cong = 165
                    elif wd == 5 and 11 <= h < 15:
                        cong = 60
                    delay = base + cong + day_shock + line_shock + rng.gauss(0, 75) + rng.expovariate(1 / 80) - 70
                    delay = max(-300, round(delay))
                    p_cancel = 0.12 if (day == DRIVERS_SHORT and line in ("2", "12")) else 0.012
                    r = rng.random()
                    status = "cancelled" if r < p_cancel else ("noReport" if r < p_cancel + 0.02 else None)
                    vehicle = rng.choice(SPARES) if rng.random() < 0.05 else rng.choice(fleet)
                    if status is None:
                        status = "early" if delay < -60 else ("onTime" if delay <= 180 else "delayed")
                    aimed = local.astimezone(UTC)
                    if status == "cancelled":
                        recorded = aimed - timedelta(seconds=rng.randint(600, 5400))
                    elif status == "noReport":
                        recorded = aimed + timedelta(seconds=rng.randint(900, 1800))
                    else:
                        recorded = aimed + timedelta(seconds=delay + rng.randint(5, 40))
                    journey += 1
                    deps.append(
                        {
                            "line": line,
                            "direction": direction,
                            "journey": f"HB-{line}-{journey}",
                            "stop": origin,
                            "stop_ref": STOPS[origin],
                            "local": local,
                            "aimed": aimed,
                            "delay": delay if status not in ("cancelled", "noReport") else None,
                            "status": status,
                            "vehicle": None if status == "cancelled" else f"HB{vehicle:04d}",
                            "recorded": recorded,
                        }
                    )
                    minute += head
    deps.sort(key=lambda x: (x["aimed"], x["line"], x["direction"]))
    return deps


def _siri_time(dt: datetime) -> str:
    return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S+00:00")


def _write_bus(t: Truth, d: Path) -> None:
    out = ['<?xml version="1.0" encoding="UTF-8"?>']
    out.append('<Siri xmlns="http://www.siri.org.uk/siri" version="2.0">')
    out.append("  <ServiceDelivery>")
    out.append("    <ResponseTimestamp>2024-07-01T02:00:07+00:00</ResponseTimestamp>")
    out.append("    <ProducerRef>HARBOURLINE</ProducerRef>")
    out.append('    <StopMonitoringDelivery version="2.0">')
    out.append("      <ResponseTimestamp>2024-07-01T02:00:07+00:00</ResponseTimestamp>")
    for x in t.departures:
        v = ["      <MonitoredStopVisit>"]
        v.append(f"        <RecordedAtTime>{_siri_time(x['recorded'])}</RecordedAtTime>")
        v.append(f"        <LineRef>{x['line']}</LineRef>")
        v.append(f"        <DirectionRef>{x['direction']}</DirectionRef>")
        v.append(f"        <DatedVehicleJourneyRef>{x['journey']}</DatedVehicleJourneyRef>")
        if x["vehicle"]:
            v.append(f"        <VehicleRef>{x['vehicle']}</VehicleRef>")
        v.append(f"        <StopPointRef>{x['stop_ref']}</StopPointRef>")
        v.append(f"        <StopPointName>{escape(x['stop'])}</StopPointName>")
        v.append(f"        <AimedDepartureTime>{_siri_time(x['aimed'])}</AimedDepartureTime>")
        if x["delay"] is not None:
            actual = x["aimed"] + timedelta(seconds=x["delay"])
            v.append(f"        <ActualDepartureTime>{_siri_time(actual)}</ActualDepartureTime>")
        v.append(f"        <DepartureStatus>{x['status']}</DepartureStatus>")
        v.append("      </MonitoredStopVisit>")
        out.extend(v)
    out += ["    </StopMonitoringDelivery>", "  </ServiceDelivery>", "</Siri>"]
    (d / BUS_FILE).write_bytes(("\n".join(out) + "\n").encode("utf-8"))


# =================================================================================================
# river: 15-minute readings for October 2024 (UTC) and the station register
# =================================================================================================

# (ref, name, river, grid ref, catchment km2, opened, typical low, typical high, flow rating (a, h0, b)
#  or None, base stage m, stage per mm of rain, lag h, time to peak h)
STATIONS = [
    ("721203", "Ashburn Head", "River Ashburn", "SD 71230 64210", 42.3, date(1974, 3, 14), 0.12, 0.95, None,
     0.18, 0.034, 2, 4),
    ("721415", "Kelby Bridge", "River Ashburn", "SD 66810 59930", 186.7, date(1968, 10, 2), 0.28, 1.62,
     (22.0, 0.12, 1.7), 0.33, 0.045, 6, 9),
    ("721560", "Castleford Weir", "River Ashburn", "SD 58440 52170", 1482.6, date(1966, 1, 27), 0.41, 2.35,
     (75.0, 0.3, 1.5), 0.52, 0.058, 16, 22),
    ("072003", "Kell Head", "River Kell", "SD 80115 70342", 61.5, date(1981, 7, 9), 0.1, 0.88, None,
     0.15, 0.03, 3, 5),
    ("722240", "Thornby", "River Kell", "SD 74390 63006", 864.2, date(1959, 5, 21), 0.35, 1.95, None,
     0.41, 0.05, 12, 16),
    ("722310", "Rye Mill", "River Kell", "SD 69952 55871", 1105.0, date(1971, 11, 30), 0.4, 1.85, None,
     0.47, 0.064, 14, 18),
    ("722118", "Hollin Ghyll", "Hollin Beck", "SD 77204 68815", 18.9, date(1992, 4, 16), 0.06, 0.72, None,
     0.09, 0.028, 1, 2.5),
]  # fmt: skip
RIV_START = datetime(2024, 10, 1, tzinfo=UTC)
RIV_SLOTS = 31 * 96
RAIN = [(40, 14), (185, 9), (300, 20), (455, 48), (470, 12), (610, 16), (700, 26)]  # (UTC hour, mm)
OUTAGE = ("722240", datetime(2024, 10, 12, 6, 0, tzinfo=UTC), datetime(2024, 10, 13, 13, 45, tzinfo=UTC))
API = "http://environment.data.gov.uk/flood-monitoring"


def _build_river(rng: random.Random) -> tuple[list[dict], list[dict]]:
    stations, readings = [], []
    for ref, name, river, ngr, area, opened, lo, hi, rating, base, sens, lag, tpeak in STATIONS:
        stations.append(
            {"ref": ref, "name": name, "river": river, "ngr": ngr, "area": area, "opened": opened}
            | {"low": lo, "high": hi, "flow": rating is not None}
        )
        drift = rng.uniform(-0.03, 0.03)
        for k in range(RIV_SLOTS):
            ts = RIV_START + timedelta(minutes=15 * k)
            if ref == OUTAGE[0] and OUTAGE[1] <= ts <= OUTAGE[2]:
                continue
            hours = k / 4
            stage = base + drift * hours / 744
            for t0, mm in RAIN:
                x = (hours - t0 - lag) / tpeak
                if x > 0:
                    stage += sens * mm * x * math.exp(1 - x) * (1 + 0.15 * math.exp(-x))
            stage = round(max(0.01, stage + rng.gauss(0, 0.004)), 3)
            measures = [("level", stage)]
            if rating:
                a, h0, b = rating
                measures.append(("flow", round(a * max(0.0, stage - h0) ** b * rng.gauss(1, 0.004), 3)))
            for param, value in measures:
                values = [value]
                if rng.random() < 0.002:  # the API's duplicate-reading quirk: a list of two values
                    values.append(round(value * rng.gauss(1, 0.01) + rng.choice([-1, 1]) * 0.002, 3))
                readings.append({"ref": ref, "param": param, "time": ts, "values": values})
    readings.sort(key=lambda r: (r["time"], r["ref"], r["param"]), reverse=True)  # newest first, as the API
    return stations, readings


def _measure_uri(ref: str, param: str) -> str:
    tail = "level-stage-i-15_min-m" if param == "level" else "flow--i-15_min-m3_s"
    return f"{API}/id/measures/{ref}-{tail}"


def _write_river(t: Truth, d: Path) -> None:
    items = []
    for r in t.readings:
        v = r["values"][0] if len(r["values"]) == 1 else r["values"]
        items.append(
            {"dateTime": r["time"].strftime("%Y-%m-%dT%H:%M:%SZ"), "measure": _measure_uri(r["ref"], r["param"])}
            | {"value": v}
        )
    doc = {
        "@context": f"{API}/meta/context.jsonld",
        "meta": {
            "publisher": "Environment Agency",
            "licence": "http://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/",
            "documentation": f"{API}/doc/reference",
            "version": "0.9",
            "comment": "Status: Beta service",
            "hasFormat": [f"{API}/data/readings.csv?startdate=2024-10-01&enddate=2024-10-31&_limit=100000"],
            "limit": 100000,
        },
        "items": items,
    }
    (d / RIV_FILE).write_bytes(json.dumps(doc, separators=(",", ":")).encode("utf-8"))

    cols = [("STN REF", 7), ("STATION NAME", 20), ("RIVER", 15), ("NGR", 14), ("CATCHMENT", 10)]
    cols += [("OPENED", 10), ("TYPICAL RANGE", 16), ("MEASURES", 13)]
    lines = ["ASHBURN & KELL HYDROMETRIC AREA - GAUGING STATION REGISTER"]
    lines.append("Printed 04/11/2024 from the hydrometry database. Catchment areas in km2; stage in metres above")
    lines.append("the station datum.")
    lines.append("")
    lines.append("  ".join(n.ljust(w) for n, w in cols).rstrip())
    lines.append("  ".join("-" * w for _, w in cols))
    for s in t.stations:
        vals = [s["ref"], s["name"], s["river"], s["ngr"], f"{s['area']:,.1f}".rjust(10)]
        vals += [s["opened"].strftime("%d/%m/%Y"), f"{s['low']:.2f}m - {s['high']:.2f}m"]
        vals += ["level, flow" if s["flow"] else "level"]
        lines.append("  ".join(v.ljust(w) for v, (_, w) in zip(vals, cols)).rstrip())
    lines.append("")
    lines.append("Typical range: 5th to 95th percentile of stage, 2019-2023.")
    lines.append("Flow is derived from stage using the current rating.")
    (d / REG_FILE).write_bytes(("\n".join(lines) + "\n").encode("utf-8"))


# =================================================================================================
# university: semester 1 module registrations 2024/25 and the module catalogue
# =================================================================================================

# (school, code prefix, UG programme, PGT programme, PGT modules, semester-2 modules, mean mark,
#  UG students per year, PGT students)
SCHOOLS = [
    ("School of Chemistry", "CHEM", "BSc (Hons) Chemistry", "MSc Analytical Chemistry", 4, 2, 58, 85, 40),
    ("School of Computing", "COMP", "BSc (Hons) Computer Science", "MSc Data Science", 6, 1, 59, 150, 110),
    ("School of History", "HIST", "BA (Hons) History", "MA Public History", 5, 3, 61, 75, 25),
    ("Business School", "MGMT", "BA (Hons) Business Management", "MSc International Business", 6, 2, 58, 165, 160),
    ("School of Engineering", "ENGR", "BEng (Hons) Mechanical Engineering", "MSc Advanced Engineering", 5, 1, 53,
     110, 60),
]  # fmt: skip
TOPICS = {
    "CHEM": ["Foundations of Chemistry", "Laboratory Skills", "Organic Chemistry", "Physical Chemistry",
             "Spectroscopy", "Inorganic Chemistry", "Analytical Methods", "Chemometrics", "Mass Spectrometry",
             "Separation Science", "Research Project Preparation", "Green Chemistry", "Materials Chemistry"],
    "COMP": ["Programming 1", "Computer Systems", "Algorithms", "Databases", "Machine Learning",
             "Software Engineering", "Statistics for Data Science", "Data Visualisation", "Big Data Systems",
             "Natural Language Processing", "Ethics of AI", "Applied Deep Learning", "Networks"],
    "HIST": ["Making History", "Medieval Europe", "Empire and Decolonisation", "Modern Britain",
             "Historiography", "The Cold War", "Heritage and Museums", "Oral History", "Digital Archives",
             "Public History Project", "Memory and Commemoration", "Early Modern Europe", "Histories of Science",
             "Global Environmental History"],
    "MGMT": ["Principles of Management", "Business Economics", "Marketing", "Organisational Behaviour",
             "Strategic Management", "Corporate Finance", "Global Strategy", "International Marketing",
             "Cross-cultural Management", "Supply Chain Management", "Business Analytics", "Entrepreneurship",
             "Accounting for Managers", "Leadership"],
    "ENGR": ["Engineering Mathematics", "Statics and Dynamics", "Thermodynamics", "Materials", "Fluid Mechanics",
             "Control Systems", "Finite Element Analysis", "Advanced Manufacturing", "Computational Fluid Dynamics",
             "Engineering Management", "Robotics", "Design Project"],
}  # fmt: skip


def _build_university(rng: random.Random) -> tuple[list[dict], list[dict]]:
    modules = []
    for school, pre, _ug, _pg, n_pgt, n_sem2, *_ in SCHOOLS:
        titles = iter(TOPICS[pre])
        for level in (1, 2, 3):
            for k in (1, 2):
                modules.append({"code": f"{pre}{level}0{k}0", "title": next(titles), "school": school}
                               | {"credits": 20, "semester": 1, "level": f"UG{level}"})  # fmt: skip
        for k in range(1, n_pgt + 1):
            modules.append({"code": f"{pre}70{k}0", "title": next(titles), "school": school}
                           | {"credits": 15, "semester": 1, "level": "PGT"})  # fmt: skip
        for k in range(n_sem2):
            level = [1, 2, 3][k]
            modules.append({"code": f"{pre}{level}0{k + 3}0", "title": next(titles), "school": school}
                           | {"credits": 20, "semester": 2, "level": f"UG{level}"})  # fmt: skip
    by_level: dict[str, list[dict]] = {}
    for m in modules:
        if m["semester"] == 1:
            by_level.setdefault(m["level"], []).append(m)
    regs = []
    ids = iter(rng.sample(range(2_300_000, 2_500_000), 4_000))
    students = []
    for school, pre, ug, pg, _n_pgt, _n_sem2, mean, n_ug, n_pg in SCHOOLS:
        for level in ("UG1", "UG2", "UG3", "PGT"):
            n = n_pg if level == "PGT" else n_ug
            for _ in range(round(n * rng.uniform(0.9, 1.1))):
                students.append((next(ids), school, pre, pg if level == "PGT" else ug, level, mean))
    rng.shuffle(students)
    for sid, _school, pre, programme, level, _mean in students:
        pgt = level == "PGT"
        mode = "PT" if rng.random() < (0.3 if pgt else 0.04) else "FT"
        fee = "Overseas" if rng.random() < (0.6 if pgt else 0.13) else "Home"
        own = [m for m in by_level[level] if m["code"].startswith(pre)]
        if pgt:
            chosen = rng.sample(own, 2 if mode == "PT" else 4)
        else:
            core = own[:2]
            elective = rng.choice([m for m in by_level[level] if not m["code"].startswith(pre)])
            chosen = core[:1] + [elective] if mode == "PT" else core + [elective]
        ability = rng.gauss(0, 7)
        interrupted = rng.random() < 0.015
        for m in chosen:
            when = date(2024, 9, 9) + timedelta(days=min(45, int(rng.expovariate(1 / 9))))
            status = "Interrupted" if interrupted else ("Withdrawn" if rng.random() < 0.04 else "Registered")
            mark = None
            if status == "Registered":
                r = rng.random()
                if r < 0.035:
                    mark = "ABS"
                elif r < 0.09:
                    mark = "DEF"
                elif r >= 0.12:
                    m_school = next(s for s in SCHOOLS if s[0] == m["school"])
                    mark = max(0, min(100, round(rng.gauss(m_school[6] + ability + (3 if pgt else 0), 12))))
            regs.append(
                {"student": sid, "programme": programme, "level": level, "mode": mode, "fee": fee}
                | {"module": m["code"], "status": status, "registered_on": when, "mark": mark}
            )
    count: dict[str, int] = {}
    for r in regs:
        if r["status"] == "Registered":
            count[r["module"]] = count.get(r["module"], 0) + 1
    for m in modules:
        demand = count.get(m["code"], rng.randint(30, 120))
        m["capacity"] = max(20, 5 * round(demand * rng.uniform(0.85, 1.35) / 5))
    modules.sort(key=lambda m: m["code"])
    return modules, regs


def _fixed_zip(path: Path) -> None:
    """Rewrite the xlsx zip with fixed entry timestamps, so the same seed gives the same bytes."""
    with zipfile.ZipFile(path) as z:
        entries = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for fname, blob in entries:
            if fname == "docProps/core.xml":  # openpyxl stamps "modified" with the time of saving
                blob = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2025-01-15T08:02:00Z", blob)
            info = zipfile.ZipInfo(fname, date_time=(2025, 1, 15, 8, 2, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, blob)


def _spaced(code: str) -> str:
    return f"{code[:4]} {code[4:]}"


def _write_university(t: Truth, d: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = "Registrations"
    ws.append(["Northern Lakes University - Module registrations 2024/25, semester 1"])
    ws["A1"].font = Font(bold=True, size=13)
    ws.append(["Report MOD_REG_03, run 15/01/2025 08:02. Marks are first-attempt module marks (ABS = absent, "
               "DEF = deferred, blank = not yet returned)."])  # fmt: skip
    ws.append([])
    ws.append(["Student ID", "Programme", "Level", "Mode", "Fee status", "Module", "Registration status"]
              + ["Registered on", "Mark"])  # fmt: skip
    for c in ws[4]:
        c.font = Font(bold=True)
    for r in t.regs:
        ws.append(
            [r["student"], r["programme"], r["level"], r["mode"], r["fee"], r["module"], r["status"]]
            + [r["registered_on"].strftime("%d/%m/%Y"), r["mark"]]
        )
    cs = wb.create_sheet("Module catalogue")
    cs.append(["Module catalogue 2024/25"])
    cs["A1"].font = Font(bold=True, size=13)
    cs.append([])
    cs.append(["Module code", "Module title", "School", "Credits", "Semester", "Capacity"])
    for c in cs[3]:
        c.font = Font(bold=True)
    for m in t.modules:
        cs.append([_spaced(m["code"]), m["title"], m["school"], m["credits"], m["semester"], m["capacity"]])
    cs.append([])
    cs.append(["Notes"])
    cs.append(["Capacity is the maximum class size agreed with the School for 2024/25."])
    cs.append(["Semester 2 modules open for registration in January."])
    fixed = datetime(2025, 1, 15, 8, 2, 0)
    wb.properties.creator = "Student Records"
    wb.properties.created = fixed
    wb.properties.modified = fixed
    wb.properties.lastModifiedBy = "Student Records"
    path = d / UNI_FILE
    wb.save(path)
    _fixed_zip(path)


# =================================================================================================


def truth() -> Truth:
    stations, readings = _build_river(_rng("river"))
    modules, regs = _build_university(_rng("university"))
    return Truth(
        jobs=_build_housing(_rng("housing")),
        departures=_build_bus(_rng("bus")),
        stations=stations,
        readings=readings,
        modules=modules,
        regs=regs,
    )


def write_files(d) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_housing(t, d)
    _write_bus(t, d)
    _write_river(t, d)
    _write_university(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python data.py DIR")
    for p in write_files(sys.argv[1]):
        print(p, p.stat().st_size)
