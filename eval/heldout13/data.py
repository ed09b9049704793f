"""The thirteenth held-out set's data: clean records built from a fixed seed, rendered the way real
public data exports look.

Four topics, each modelled on a real kind of export:

* marathon -- a city marathon's official results as downloaded from the timing company's results
              page (`riverside_marathon_2024_results.csv`): a title block above the header, times
              as text, split times that drop the hour below one hour, DNF and DSQ rows;
* ferry    -- a ferry operator's sailing-history feed (`ferry_sailings_2024.jsonl`), one JSON object
              per scheduled sailing, nested objects, timestamps in UTC for a UK operator;
* a&e      -- an NHS-style monthly "A&E attendances and emergency admissions" provider return
              (`ae_attendances_2023-24.xlsx`, two sheets);
* energy   -- a council's half-hourly smart-meter electricity export (`halfhourly_electricity_2024.parquet`)
              and its property team's list of metered sites (`meter_sites.tsv`).

`truth()` builds the clean records with the standard library only (one random stream per topic);
every random choice is made there, so rendering is deterministic and the same seed gives the same
bytes. `write_files(dir)` renders the files (openpyxl for the workbook, pyarrow for the parquet
file). `python data.py DIR` writes them.
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

SEED = 13_240_414

MAR_FILE = "riverside_marathon_2024_results.csv"
FERRY_FILE = "ferry_sailings_2024.jsonl"
AE_FILE = "ae_attendances_2023-24.xlsx"
METER_FILE = "halfhourly_electricity_2024.parquet"
SITES_FILE = "meter_sites.tsv"
FILES = [MAR_FILE, FERRY_FILE, AE_FILE, METER_FILE, SITES_FILE]

LONDON = ZoneInfo("Europe/London")
UTC = timezone.utc


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}:{topic}")


@dataclass
class Truth:
    runners: list[dict]  # every runner listed; status FIN / DNF / DSQ; times in seconds, None when absent
    sailings: list[dict]  # every scheduled sailing, file order
    trusts: list[dict]  # one per trust: code, both spellings of its name, region, population
    ae: list[dict]  # one per trust and month: attendances, 4-hour breaches, 12-hour waits, admissions
    sites: list[dict]  # one per metered site
    readings: list[dict]  # every row of the meter export, file order (superseded estimates included)


# =================================================================================================
# marathon: official results, Sunday 14 April 2024
# =================================================================================================

N_RUNNERS = 5_200
FIRST_M = [
    "James", "Oliver", "Thomas", "Daniel", "Matthew", "Christopher", "Andrew", "David", "Michael", "Ben",
    "Sam", "Luke", "Ryan", "Adam", "Mark", "Paul", "Richard", "Stephen", "Jonathan", "Peter", "Simon",
    "Gareth", "Rhys", "Callum", "Ewan", "Tomasz", "Piotr", "Jamal", "Ravi", "Arjun", "Kieran", "Sean",
    "Patrick", "Joe", "Harry", "Jack", "George", "Will", "Rob", "Chris", "Neil", "Ian", "Stuart",
    "Alistair", "Dominic", "Marcus", "Nathan", "Owen", "Liam", "Connor", "Mateo", "Dafydd",
]  # fmt: skip
FIRST_F = [
    "Sarah", "Emma", "Laura", "Rachel", "Hannah", "Charlotte", "Sophie", "Katie", "Rebecca", "Claire",
    "Amy", "Jessica", "Lucy", "Helen", "Kate", "Jennifer", "Nicola", "Louise", "Gemma", "Victoria", "Anna",
    "Ellie", "Megan", "Chloe", "Zoë", "Siobhán", "Aoife", "Niamh", "Priya", "Aisha", "Fatima", "Joanna",
    "Agnieszka", "Kirsty", "Fiona", "Morag", "Eilidh", "Ruth", "Alice", "Grace", "Holly", "Jade",
    "Natalie", "Rosie", "Beth", "Jo", "Caroline", "Sian", "Bethan", "Léa",
]  # fmt: skip
LAST = [
    "Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Robinson",
    "Wright", "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Wood", "Jackson",
    "Clarke", "Murphy", "Kelly", "O'Brien", "Byrne", "Ryan", "Walsh", "Khan", "Ali", "Hughes", "Edwards",
    "Lewis", "Morgan", "Price", "Griffiths", "Owen", "Baker", "Harris", "Martin", "Cooper", "King", "Lee",
    "Turner", "Hill", "Ward", "Morris", "Moore", "Clark", "Carter", "Phillips", "Mitchell", "Bell", "Shaw",
    "Kowalski", "Nowak", "Fraser", "Campbell", "Stewart", "MacDonald", "Reid", "Ross", "Scott", "Young",
    "Allen", "Knight", "Fletcher", "Pearson", "Chapman", "Webb", "Rogers", "Gray", "Mason", "Dixon",
    "Hunt", "Palmer", "Holmes", "Barnes", "Lloyd", "Sutton", "Ellis",
]  # fmt: skip
# (canonical club name, weight, shorter spelling some entrants type)
CLUBS = [
    ("Riverside Harriers", 9.0, None),
    ("Northfield Harriers", 5.0, None),
    ("Kingsmead Harriers & AC", 3.5, None),
    ("Eastvale Harriers", 3.0, None),
    ("Bramley Harriers", 2.0, None),
    ("Riverside Road Runners", 7.0, "Riverside RR"),
    ("Westbrook Running Club", 5.0, "Westbrook RC"),
    ("Castle Joggers", 4.0, None),
    ("Northfield Athletic Club", 4.0, "Northfield AC"),
    ("Lakeside Triathlon Club", 3.0, "Lakeside Tri"),
    ("Millstone Striders", 3.5, None),
    ("Hill End Runners", 2.5, None),
    ("Canal Path Runners", 3.0, None),
    ("Stonebridge Athletic Club", 2.5, "Stonebridge AC"),
    ("Valley Fell Runners", 1.5, None),
    ("Oakwood Jogging Club", 2.0, "Oakwood JC"),
    ("Forest Flyers", 2.0, None),
    ("Seaton Striders", 1.5, None),
    ("Meadow Runners", 2.0, None),
    ("Run Together Riverside", 2.5, None),
]
UNATTACHED = ["", "", "", "", "", "", "Unattached", "U/A", "N/A", "none"]


def category(gender: str, age: int) -> str:
    if age < 35:
        return f"{gender}SEN"
    return f"{gender}{min(70, age // 5 * 5)}"


def _build_marathon(rng: random.Random) -> list[dict]:
    runners, seen_names = [], set()
    bibs = rng.sample(range(101, 9000), N_RUNNERS)
    for bib in bibs:
        gender = "M" if rng.random() < 0.58 else "F"
        while True:
            name = f"{rng.choice(FIRST_M if gender == 'M' else FIRST_F)} {rng.choice(LAST)}"
            if name not in seen_names or rng.random() < 0.5:  # a few namesakes, as in any big field
                break
        seen_names.add(name)
        age = max(18, min(82, round(rng.gauss(40, 10.5))))
        median = (252 if gender == "M" else 278) * (1 + 0.0075 * max(0, age - 35))
        chip = max(8_100, round(60 * math.exp(rng.gauss(math.log(median), 0.18))))
        predicted = chip * math.exp(rng.gauss(0, 0.08))  # the entry time decides the start wave
        if rng.random() < 0.1:  # started further back: a late entry, or running with a friend
            predicted *= rng.uniform(1.15, 1.7)
        h = min(0.53, max(0.445, rng.gauss(0.486, 0.016)))
        half = round(chip * h)
        k10 = round(half * 10 / 21.0975 * rng.gauss(0.985, 0.012))
        k30 = round(half + (chip - half) * 8.9025 / 21.0975 * rng.gauss(0.975, 0.012))
        r = rng.random()
        status = "DNF" if r < 0.026 else ("DSQ" if r < 0.0272 else "FIN")
        if r < 0.026:  # stopped somewhere: the splits before that point only
            stop = rng.random()
            half = half if stop > 0.35 else None
            k30 = k30 if stop > 0.75 else None
        club_name, _, short = rng.choices(CLUBS + [(None, 95.0, None)], weights=[c[1] for c in CLUBS] + [95.0])[0]
        if club_name is None:
            club = rng.choice(UNATTACHED)
        else:
            q = rng.random()
            club = club_name
            if q < 0.09:
                club = club_name.lower()
            elif q < 0.13:
                club = club_name.upper()
            elif q < 0.25 and short:
                club = short
        runners.append(
            {
                "bib": bib,
                "name": name,
                "gender": gender,
                "age": age,
                "category": category(gender, age),
                "club": club,
                "status": status,
                "predicted": predicted,
                "chip": chip if status == "FIN" else None,
                "run": chip,  # what the clock would have said (DSQ runners did finish)
                "k10": None if rng.random() < 0.012 else k10,
                "half": None if (half is None or rng.random() < 0.008) else half,
                "k30": None if (k30 is None or rng.random() < 0.01) else k30,
            }
        )
    order = sorted(runners, key=lambda x: x["predicted"])  # start waves by entry time
    for rank, x in enumerate(order):
        x["lag"] = max(3, round(6 + 1150 * rank / len(order) + rng.gauss(0, 30)))
        x["gun"] = x["run"] + x["lag"] if x["status"] == "FIN" else None
    fin = sorted((x for x in runners if x["status"] == "FIN"), key=lambda x: (x["gun"], x["bib"]))
    by_gender, by_cat = {}, {}
    for pos, x in enumerate(fin, start=1):
        x["pos"] = pos
        by_gender[x["gender"]] = by_gender.get(x["gender"], 0) + 1
        by_cat[x["category"]] = by_cat.get(x["category"], 0) + 1
        x["gender_pos"], x["cat_pos"] = by_gender[x["gender"]], by_cat[x["category"]]
    rest = sorted((x for x in runners if x["status"] != "FIN"), key=lambda x: (x["status"], x["bib"]))
    for x in rest:
        x["pos"] = x["gender_pos"] = x["cat_pos"] = None
    return fin + rest  # file order


def _clock(seconds: int | None, short: bool = False) -> str:
    """h:mm:ss; a split under an hour is written mm:ss, as the timing company's pages show it."""
    if seconds is None:
        return ""
    h, rem = divmod(seconds, 3600)
    m, s = divmod(rem, 60)
    return f"{m:02d}:{s:02d}" if short and h == 0 else f"{h}:{m:02d}:{s:02d}"


def _write_marathon(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["Riverside Marathon 2024 - Official Results"])
    w.writerow(["Sunday 14 April 2024, start 09:30. Positions are by gun time; chip time is start mat to finish."])
    w.writerow([])
    w.writerow(
        ["Pos", "Bib", "Name", "Gender", "Category", "Club", "10K", "Half", "30K", "Gun Time", "Chip Time"]
        + ["Gender Pos", "Cat Pos"]
    )
    for x in t.runners:
        gun = _clock(x["gun"]) if x["status"] == "FIN" else x["status"]
        chip = _clock(x["chip"]) if x["status"] == "FIN" else x["status"]
        w.writerow(
            [
                x["pos"] or "",
                x["bib"],
                x["name"],
                x["gender"],
                x["category"],
                x["club"],
                _clock(x["k10"], short=True),
                _clock(x["half"], short=True),
                _clock(x["k30"], short=True),
                gun,
                chip,
                x["gender_pos"] or "",
                x["cat_pos"] or "",
            ]
        )
    (d / MAR_FILE).write_bytes(buf.getvalue().encode("utf-8"))


# =================================================================================================
# ferry: sailing history of a Clyde and west-coast operator, 2024 (timestamps in UTC)
# =================================================================================================

# (out code, back code, out port, back port, crossing minutes, vessel, pax cap, car cap, exposure,
#  outbound local times, return local times, how many of each run in winter)
ROUTES = [
    ("ARD-BRO", "BRO-ARD", "Ardrossan", "Brodick", 55, "MV Arran Spirit", 1000, 110, 1.0,
     ["07:00", "09:45", "12:30", "15:15", "18:00"], ["08:20", "11:05", "13:50", "16:35", "19:20"], 4),
    ("OBN-CRN", "CRN-OBN", "Oban", "Craignure", 46, "MV Mull Voyager", 960, 70, 0.9,
     ["06:55", "08:00", "10:00", "12:00", "14:00", "16:00", "18:00"],
     ["07:45", "08:55", "10:55", "12:55", "14:55", "16:55", "19:00"], 5),
    ("LAR-CUM", "CUM-LAR", "Largs", "Cumbrae Slip", 10, "MV Cumbrae Lass", 250, 18, 0.5,
     ["06:45", "08:15", "10:30", "13:00", "15:30", "18:00"], ["07:05", "08:35", "10:50", "13:20", "15:50", "18:20"], 6),
    ("WEM-ROT", "ROT-WEM", "Wemyss Bay", "Rothesay", 35, "MV Bute Venture", 450, 60, 0.6,
     ["06:15", "07:30", "10:00", "13:00", "16:00", "18:45"], ["06:55", "08:15", "11:00", "14:00", "17:00", "19:35"], 6),
]  # fmt: skip
RELIEF = [  # (route out code, vessel, first local date, last local date, pax cap, car cap)
    ("ARD-BRO", "MV Kyles Ranger", date(2024, 1, 8), date(2024, 2, 2), 500, 52),
    ("OBN-CRN", "MV Sound of Jura", date(2024, 2, 12), date(2024, 3, 8), 640, 48),
    ("LAR-CUM", "MV Kyles Ranger", date(2024, 3, 11), date(2024, 3, 22), 500, 52),
    ("WEM-ROT", "MV Sound of Jura", date(2024, 11, 4), date(2024, 11, 22), 640, 48),
]
SUMMER = (date(2024, 3, 29), date(2024, 10, 25))  # summer timetable, inclusive
STORMS = [date(2024, 1, 2), date(2024, 1, 21), date(2024, 1, 22), date(2024, 3, 2), date(2024, 10, 24)]
STORMS += [date(2024, 11, 23), date(2024, 12, 7), date(2024, 12, 8), date(2024, 12, 27)]
WEATHER_P = [0.07, 0.05, 0.04, 0.02, 0.01, 0.005, 0.005, 0.01, 0.02, 0.04, 0.05, 0.06]  # by month
SEASON_PAX = [0.35, 0.38, 0.5, 0.7, 0.8, 0.9, 1.0, 1.0, 0.8, 0.6, 0.4, 0.45]
DOW_PAX = [0.9, 0.88, 0.9, 0.95, 1.05, 1.15, 1.05]


def _build_ferry(rng: random.Random) -> list[dict]:
    sailings = []
    day = date(2024, 1, 1)
    while day <= date(2024, 12, 31):
        summer = SUMMER[0] <= day <= SUMMER[1]
        for out, back, a, b, _cross, vessel, cap, cars, exposure, t_out, t_back, n_winter in ROUTES:
            ship, pcap, ccap = vessel, cap, cars
            for r_out, r_vessel, first, last, r_pcap, r_ccap in RELIEF:
                if r_out == out and first <= day <= last:
                    ship, pcap, ccap = r_vessel, r_pcap, r_ccap
            legs = [(out, a, b, hm) for hm in t_out] + [(back, b, a, hm) for hm in t_back]
            keep = len(t_out) if summer else n_winter
            legs = [leg for leg in legs if (t_out if leg[0] == out else t_back).index(leg[3]) < keep]
            storm = day in STORMS and rng.random() < 0.55 + 0.45 * exposure
            for code, origin, dest, hm in sorted(legs, key=lambda leg: leg[3]):
                hh, mm = map(int, hm.split(":"))
                local = datetime(day.year, day.month, day.day, hh, mm, tzinfo=LONDON)
                utc = local.astimezone(UTC)
                reason = None
                if storm and rng.random() < 0.92:
                    reason = "Weather"
                elif rng.random() < WEATHER_P[day.month - 1] * exposure:
                    reason = "Weather"
                elif rng.random() < 0.007:
                    reason = "Technical"
                elif rng.random() < 0.003:
                    reason = "Crew availability"
                rec = {
                    "sailing_id": f"{code}-{local:%Y%m%d}-{local:%H%M}",
                    "route": code,
                    "origin": origin,
                    "destination": dest,
                    "vessel": ship,
                    "local": local,
                    "utc": utc,
                    "status": "CANCELLED" if reason else "DEPARTED",
                    "reason": reason,
                    "delay": None,
                    "passengers": None,
                    "cars": None,
                }
                if reason is None:
                    delay = round(60 * math.exp(rng.gauss(math.log(2.2), 0.85))) - 60
                    if rng.random() < 0.012:
                        delay += rng.randint(1_800, 7_200)
                    rec["delay"] = max(-90, min(delay, 9_000))
                    tod = 0.6 + 0.5 * math.exp(-((((hh + mm / 60) - 12.5) / 4) ** 2))
                    f = 0.55 * SEASON_PAX[day.month - 1] * DOW_PAX[day.weekday()] * tod * rng.gauss(1, 0.15)
                    if rng.random() > 0.006:  # the passenger counter failed on a few sailings
                        rec["passengers"] = max(0, min(pcap, round(cap * f)))
                        rec["cars"] = max(0, min(ccap, round(cars * f * rng.gauss(1.15, 0.1))))
                sailings.append(rec)
        day += timedelta(days=1)
    sailings.sort(key=lambda s: (s["utc"], s["route"]))
    return sailings


DISRUPTION_CODES = {"Weather": "WX", "Technical": "TEC", "Crew availability": "CRW"}


def _iso(dt: datetime) -> str:
    return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _write_ferry(t: Truth, d: Path) -> None:
    lines = []
    for s in t.sailings:
        departed = s["status"] == "DEPARTED"
        rec = {
            "sailing_id": s["sailing_id"],
            "route": s["route"],
            "origin": s["origin"],
            "destination": s["destination"],
            "vessel": s["vessel"],
            "scheduled_departure": _iso(s["utc"]),
            "actual_departure": _iso(s["utc"] + timedelta(seconds=s["delay"])) if departed else None,
            "status": s["status"],
            "disruption": None if departed else {"code": DISRUPTION_CODES[s["reason"]], "reason": s["reason"]},
            "carried": {"passengers": s["passengers"], "cars": s["cars"]} if s["passengers"] is not None else None,
        }
        lines.append(json.dumps(rec, ensure_ascii=False, separators=(",", ":")))
    (d / FERRY_FILE).write_bytes(("\n".join(lines) + "\n").encode("utf-8"))


# =================================================================================================
# a&e: monthly provider-level A&E return, April 2023 - March 2024
# =================================================================================================

AE_MONTHS = [date(2023, m, 1) for m in range(4, 13)] + [date(2024, m, 1) for m in range(1, 4)]
REGIONS = {
    "Midlands": "NHS ENGLAND MIDLANDS",
    "North West": "NHS ENGLAND NORTH WEST",
    "South West": "NHS ENGLAND SOUTH WEST",
    "London": "NHS ENGLAND LONDON",
}
# (code, name on the return, name on the Trusts sheet, region, ICB, population,
#  monthly type 1 / type 2 / type 3 attendances, type 1 and type 3 share within 4 hours, 12-hour rate)
TRUSTS = [
    ("RQ4", "Northshire Hospitals NHS Foundation Trust", "Northshire Hospitals NHS FT", "Midlands",
     "NHS Northshire ICB", 612_000, 10_400, 0, 2_100, 0.68, 0.97, 0.060),
    ("RQ7", "Trentvale University Hospitals NHS Trust", "Trentvale Univ. Hospitals NHS Trust", "Midlands",
     "NHS Trent and Soar ICB", 845_000, 14_900, 0, 0, 0.61, 0.0, 0.085),
    ("RT2", "Mercia Acute Hospitals NHS Trust", "Mercia Acute Hospitals", "Midlands",
     "NHS Mercia ICB", 402_000, 8_100, 0, 3_300, 0.72, 0.98, 0.040),
    ("RT9", "Peaks and Dales Community NHS Trust", "Peaks & Dales Community NHS Trust", "Midlands",
     "NHS Trent and Soar ICB", 298_000, 0, 0, 4_600, 0.0, 0.995, 0.0),
    ("RM3", "Lunesdale Teaching Hospitals NHS Foundation Trust", "Lunesdale Teaching Hospitals NHS FT", "North West",
     "NHS Lancashire Coast ICB", 520_000, 9_800, 0, 1_500, 0.66, 0.96, 0.095),
    ("RM6", "Irwell Valley Hospitals NHS Foundation Trust", "Irwell Valley Hospitals NHS FT", "North West",
     "NHS Greater Irwell ICB", 455_000, 9_300, 0, 2_900, 0.63, 0.97, 0.110),
    ("RW1", "Merseybank University Hospitals NHS Trust", "Merseybank University Hospitals", "North West",
     "NHS Merseybank ICB", 780_000, 15_600, 0, 0, 0.59, 0.0, 0.120),
    ("RW8", "Pennine Moor Community Healthcare NHS Trust", "Pennine Moor Community Healthcare", "North West",
     "NHS Greater Irwell ICB", 350_000, 0, 0, 5_200, 0.0, 0.99, 0.0),
    ("RH5", "Tamar and Exe Hospitals NHS Foundation Trust", "Tamar & Exe Hospitals NHS FT", "South West",
     "NHS Devon Estuaries ICB", 498_000, 8_700, 0, 2_400, 0.70, 0.98, 0.050),
    ("RH8", "Severnside University Hospitals NHS Foundation Trust", "Severnside University Hospitals NHS FT",
     "South West", "NHS Severn Vale ICB", 910_000, 13_800, 0, 3_900, 0.64, 0.97, 0.070),
    ("RK2", "Wessex Downs Healthcare NHS Trust", "Wessex Downs Healthcare", "South West",
     "NHS Wessex Downs ICB", 365_000, 6_900, 0, 0, 0.74, 0.0, 0.035),
    ("RJ1", "Thames Reach Hospitals NHS Trust", "Thames Reach Hospitals NHS Trust", "London",
     "NHS North East Thames ICB", 690_000, 14_200, 0, 6_800, 0.69, 0.98, 0.055),
    ("RJ6", "Northgate University Hospital NHS Foundation Trust", "Northgate Univ. Hospital NHS FT", "London",
     "NHS North Central Thames ICB", 540_000, 11_900, 0, 2_200, 0.71, 0.97, 0.045),
    ("RP6", "Riverside Eye Hospital NHS Foundation Trust", "Riverside Eye Hospital NHS FT", "London",
     "NHS North Central Thames ICB", 1_450_000, 0, 3_100, 0, 0.0, 0.0, 0.0),
    ("RY9", "Capital Community Urgent Care NHS Trust", "Capital Community Urgent Care", "London",
     "NHS South Thames ICB", 720_000, 0, 0, 9_400, 0.0, 0.992, 0.0),
]  # fmt: skip
AE_SEASON = [0.98, 1.04, 1.03, 1.06, 0.99, 1.00, 1.01, 0.99, 1.00, 0.95, 0.93, 1.02]
BREACH_SEASON = [1.0, 0.95, 0.95, 0.98, 0.97, 1.0, 1.08, 1.12, 1.2, 1.15, 1.1, 1.02]
DAYS = [30, 31, 30, 31, 31, 30, 31, 30, 31, 31, 29, 31]


def _build_ae(rng: random.Random) -> tuple[list[dict], list[dict]]:
    trusts, rows = [], []
    for code, name, alt, region, icb, pop, t1, t2, t3, p1, p3, r12 in TRUSTS:
        trusts.append(
            {"code": code, "name": name, "alt": alt, "region": region, "icb": icb, "population": pop, "sites": 0}
        )
        trusts[-1]["sites"] = (1 if t1 < 12_000 else 2) if t1 else 0
        for i, m in enumerate(AE_MONTHS):
            scale = AE_SEASON[i] * DAYS[i] / 30.4
            a1 = round(t1 * scale * rng.uniform(0.96, 1.04))
            a2 = round(t2 * scale * rng.uniform(0.95, 1.05))
            a3 = round(t3 * scale * rng.uniform(0.94, 1.06))
            b1 = round(a1 * min(0.8, (1 - p1) * BREACH_SEASON[i] * rng.uniform(0.93, 1.07)))
            b2 = round(a2 * 0.025 * rng.uniform(0.5, 1.5))
            b3 = round(a3 * (1 - p3) * rng.uniform(0.6, 1.4)) if a3 else 0
            adm = round(a1 * rng.uniform(0.26, 0.31))
            w12 = round(adm * r12 * BREACH_SEASON[i] ** 2 * rng.uniform(0.8, 1.2))
            rows.append(
                {"code": code, "month": m, "t1": a1, "t2": a2, "t3": a3, "b1": b1, "b2": b2, "b3": b3}
                | {"adm_t1": adm, "adm_total": adm + round(adm * rng.uniform(0.35, 0.5)) if a1 else 0, "w12": w12}
            )
    return trusts, rows


def _fixed_zip(path: Path) -> None:
    """Rewrite the xlsx zip with fixed entry timestamps, so the same seed gives the same bytes."""
    with zipfile.ZipFile(path) as z:
        entries = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for fname, blob in entries:
            if fname == "docProps/core.xml":  # openpyxl stamps "modified" with the time of saving
                blob = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2024-05-09T09:30:00Z", blob)
            info = zipfile.ZipInfo(fname, date_time=(2024, 5, 9, 9, 30, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, blob)


def _period(m: date) -> str:
    return f"MSitAE-{m.strftime('%B').upper()}-{m.year}"


def _write_ae(t: Truth, d: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = "Provider Level Data"
    ws.append(["A&E Attendances and Emergency Admissions: April 2023 to March 2024"])
    ws["A1"].font = Font(bold=True, size=14)
    ws.append(
        ["Monthly provider-level data. Source: Monthly A&E Attendances and Emergency Admissions collection (MSitAE)."]
    )
    ws.append(["Published 9 May 2024. Revised figures for earlier months are included."])
    ws.append([])
    att, four, adm = "A&E attendances", "A&E attendances > 4 hours from arrival to admission, transfer or discharge", ""
    ws.append(["", "", "", "", att, "", "", "", four, "", "", "", "", "Emergency Admissions", "", adm])
    types = ["Type 1 Departments - Major A&E", "Type 2 Departments - Single Specialty"]
    types += ["Type 3 Departments - Other A&E/Minor Injury Unit"]
    ws.append(
        ["Period", "Org Code", "Parent Org", "Org name"]
        + types
        + ["Total attendances"]
        + types
        + ["Total Attendances > 4 hours", "Percentage in 4 hours or less (all)"]
        + ["Emergency admissions via Type 1 A&E", "Total emergency admissions"]
        + ["Number of patients spending >12 hours from decision to admit to admission"]
    )
    for c in ws[5] + ws[6]:
        c.font = Font(bold=True)
    name = {tr["code"]: tr for tr in t.trusts}
    by_month: dict[date, list[dict]] = {}
    for r in t.ae:
        by_month.setdefault(r["month"], []).append(r)

    def cell(v: int, show_zero: bool) -> int | str:
        return v if (v or show_zero) else "-"

    for m in AE_MONTHS:
        rows = sorted(by_month[m], key=lambda r: r["code"])
        tot = {k: sum(r[k] for r in rows) for k in ("t1", "t2", "t3", "b1", "b2", "b3", "adm_t1", "adm_total", "w12")}
        for r, is_total in [(tot, True)] + [(r, False) for r in rows]:
            att_all = r["t1"] + r["t2"] + r["t3"]
            br_all = r["b1"] + r["b2"] + r["b3"]
            head = [_period(m), "-", "-", "Total"] if is_total else None
            if head is None:
                tr = name[r["code"]]
                head = [_period(m), r["code"], REGIONS[tr["region"]], tr["name"]]
            has1, has2, has3 = r["t1"] > 0, r["t2"] > 0, r["t3"] > 0
            ws.append(
                head
                + [cell(r["t1"], has1), cell(r["t2"], has2), cell(r["t3"], has3), att_all]
                + [cell(r["b1"], has1), cell(r["b2"], has2), cell(r["b3"], has3), br_all]
                + [round(1 - br_all / att_all, 4)]
                + [cell(r["adm_t1"], has1), cell(r["adm_total"], has1), cell(r["w12"], has1)]
            )
            ws.cell(ws.max_row, 13).number_format = "0.0%"
    ws.append([])
    ws.append(["Notes:"])
    ws.append(["1. '-' means the organisation does not provide that type of service."])
    ws.append(["2. Type 3 includes urgent treatment centres, walk-in centres and minor injury units."])
    ts = wb.create_sheet("Trusts")
    ts.append(
        ["ODS code", "Trust name", "Region", "Integrated care board", "Catchment population (2023)"] + ["Type 1 sites"]
    )
    for tr in sorted(t.trusts, key=lambda tr: tr["alt"]):
        ts.append([tr["code"], tr["alt"], tr["region"], tr["icb"], tr["population"], tr["sites"]])
        ts.cell(ts.max_row, 5).number_format = "#,##0"
    fixed = datetime(2024, 5, 9, 9, 30, 0)
    wb.properties.creator = "Performance Analysis Team"
    wb.properties.created = fixed
    wb.properties.modified = fixed
    wb.properties.lastModifiedBy = "Performance Analysis Team"
    path = d / AE_FILE
    wb.save(path)
    _fixed_zip(path)


# =================================================================================================
# energy: a council's half-hourly electricity export for 2024 and its list of metered sites
# =================================================================================================

# (name, type, floor area m2, address, postcode, MPAN core, smart meter installed, base kW, occupied kW)
SITES = [
    ("Town Hall", "Office", 6_850, "1 Market Square", "WB1 1AA", "1500012873461", date(2019, 3, 14), 22, 95),
    ("Civic Offices", "Office", 4_120, "Castle Street", "WB1 2HQ", "1500027764105", date(2020, 8, 5), 14, 66),
    ("Central Library", "Library", 2_940, "Bridge Street", "WB1 3LB", "1500031908827", date(2018, 11, 22), 6, 34),
    ("Eastgate Library", "Library", 610, "Eastgate Road", "WB4 6EL", "1500040562239", date(2020, 6, 3), 1.8, 8),
    ("Westbrook Leisure Centre", "Leisure centre", 5_300, "Westbrook Park", "WB6 2LC", "1500058811376",
     date(2021, 7, 9), 58, 125),
    ("Brookfield Primary School", "School", 1_850, "Brookfield Lane", "WB3 4BP", "1500063347092", date(2020, 2, 11), 3.5, 24),
    ("St Anne's CE Primary School", "School", 1_420, "Church Walk", "WB2 7SA", "1500071129584", date(2020, 10, 2), 2.8, 19),
    ("Hillside Academy", "School", 4_600, "Hillside Road", "WB5 1HA", "1500086640318", date(2022, 1, 27), 9, 68),
    ("Moorside High School", "School", 7_900, "Moor Lane", "WB5 9MH", "1500092205743", date(2020, 4, 6), 14, 112),
    ("Northgate Depot", "Depot", 2_200, "Northgate Industrial Estate", "WB7 3ND", "1500105518620",
     date(2019, 9, 12), 5, 30),
]  # fmt: skip
HOLIDAYS = [  # school holidays, inclusive, and bank holidays
    (date(2024, 1, 1), date(2024, 1, 3)),
    (date(2024, 2, 12), date(2024, 2, 16)),
    (date(2024, 3, 29), date(2024, 4, 12)),
    (date(2024, 5, 27), date(2024, 5, 31)),
    (date(2024, 7, 24), date(2024, 9, 3)),
    (date(2024, 10, 28), date(2024, 11, 1)),
    (date(2024, 12, 23), date(2024, 12, 31)),
]
BANK = [date(2024, 1, 1), date(2024, 3, 29), date(2024, 4, 1), date(2024, 5, 6), date(2024, 5, 27), date(2024, 8, 26)]
BANK += [date(2024, 12, 25), date(2024, 12, 26)]
OUTAGES = {"1500040562239": (date(2024, 3, 4), 3), "1500086640318": (date(2024, 9, 17), 2)}  # comms failures
LIGHT = [1.18, 1.12, 1.04, 0.95, 0.9, 0.86, 0.86, 0.9, 0.95, 1.04, 1.13, 1.2]  # lighting and heating pumps


def _occupied(kind: str, local: datetime, holiday: bool, bank: bool) -> float:
    """Share of the occupied load in use in this local half hour."""
    h = local.hour + local.minute / 60
    wd = local.weekday()
    if kind == "School":
        if wd >= 5 or holiday or bank:
            return 0.05
        return 1.0 if 7.5 <= h < 16.5 else (0.35 if 16.5 <= h < 18.5 else 0.0)
    if kind == "Office":
        if wd >= 5 or bank:
            return 0.04
        return 1.0 if 8 <= h < 18 else (0.3 if 7 <= h < 8 or 18 <= h < 19.5 else 0.0)
    if kind == "Library":
        if wd == 6 or bank:
            return 0.0
        close = 13 if wd == 5 else (19 if wd in (1, 3) else 17)
        return 1.0 if 9 <= h < close else (0.25 if 8.5 <= h < 9 else 0.0)
    if kind == "Leisure centre":
        if local.date() in (date(2024, 12, 25), date(2024, 12, 26), date(2024, 1, 1)):
            return 0.1
        return 1.0 if 6.5 <= h < 22 else 0.1
    return 1.0 if wd < 5 and not bank and 6 <= h < 15 else 0.02  # depot


def _build_energy(rng: random.Random) -> tuple[list[dict], list[dict]]:
    sites = [
        {"name": n, "type": k, "area": a, "address": ad, "postcode": pc, "mpan": mp, "installed": ins}
        | {"base": b, "occ": o}
        for n, k, a, ad, pc, mp, ins, b, o in SITES
    ]
    start = datetime(2024, 1, 1, tzinfo=UTC)
    slots = []
    for i in range(366 * 48):
        utc = start + timedelta(minutes=30 * i)
        local = utc.astimezone(LONDON)
        day = local.date()
        holiday = any(a <= day <= b for a, b in HOLIDAYS)
        slots.append((utc, local, holiday, day in BANK))
    readings = []
    for s in sites:
        gap = OUTAGES.get(s["mpan"])
        gap_days = [gap[0] + timedelta(days=k) for k in range(gap[1])] if gap else []
        level = 1.0
        for utc, local, holiday, bank in slots:
            if local.date() in gap_days:
                continue
            if local.hour == 0 and local.minute == 0:
                level = rng.gauss(1.0, 0.05)  # day-to-day variation (weather, events)
            occ = _occupied(s["type"], local, holiday, bank)
            kw = (s["base"] + s["occ"] * occ * level) * LIGHT[local.month - 1] * rng.gauss(1.0, 0.06)
            kwh = round(max(0.0, kw * 0.5), 3)
            received = utc + timedelta(minutes=30) + timedelta(hours=rng.uniform(2, 26))
            if rng.random() < 0.03:  # estimated by the data collector; most are replaced later
                est = round(max(0.0, kwh * rng.gauss(1.0, 0.2)), 3)
                readings.append({"mpan": s["mpan"], "start": utc, "kwh": est, "quality": "E", "received": received})
                if rng.random() < 0.75:
                    later = received + timedelta(hours=rng.uniform(24, 24 * 9))
                    readings.append({"mpan": s["mpan"], "start": utc, "kwh": kwh, "quality": "A", "received": later})
            else:
                readings.append({"mpan": s["mpan"], "start": utc, "kwh": kwh, "quality": "A", "received": received})
    for r in readings:  # whole seconds, as the collector stamps them
        r["received"] = r["received"].replace(microsecond=0)
    readings.sort(key=lambda r: (r["mpan"], r["start"], r["received"]))
    return sites, readings


def _spaced(mpan: str) -> str:
    return f"{mpan[:2]} {mpan[2:6]} {mpan[6:10]} {mpan[10:]}"


def _write_energy(t: Truth, d: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    naive = [r["start"].replace(tzinfo=None) for r in t.readings]
    table = pa.table(
        {
            "mpan": pa.array([r["mpan"] for r in t.readings], pa.string()),
            "interval_start_utc": pa.array(naive, pa.timestamp("ms")),
            "kwh": pa.array([r["kwh"] for r in t.readings], pa.float64()),
            "quality": pa.array([r["quality"] for r in t.readings], pa.string()),
            "received_at_utc": pa.array([r["received"].replace(tzinfo=None) for r in t.readings], pa.timestamp("ms")),
        }
    )
    pq.write_table(table, d / METER_FILE, compression="snappy", row_group_size=100_000)
    buf = io.StringIO()
    w = csv.writer(buf, delimiter="\t", lineterminator="\n")
    w.writerow(["site_name", "site_type", "address", "postcode", "mpan", "floor_area_m2", "smart_meter_installed"])
    for s in t.sites:
        w.writerow(
            [s["name"], s["type"], s["address"], s["postcode"], _spaced(s["mpan"]), f"{s['area']:,}"]
            + [s["installed"].strftime("%d/%m/%Y")]
        )
    (d / SITES_FILE).write_bytes(buf.getvalue().encode("utf-8"))


# =================================================================================================


def truth() -> Truth:
    trusts, ae = _build_ae(_rng("ae"))
    sites, readings = _build_energy(_rng("energy"))
    return Truth(
        runners=_build_marathon(_rng("marathon")),
        sailings=_build_ferry(_rng("ferry")),
        trusts=trusts,
        ae=ae,
        sites=sites,
        readings=readings,
    )


def write_files(d) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_marathon(t, d)
    _write_ferry(t, d)
    _write_ae(t, d)
    _write_energy(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python data.py DIR")
    for p in write_files(sys.argv[1]):
        print(p, p.stat().st_size)
