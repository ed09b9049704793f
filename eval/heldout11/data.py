"""The eleventh held-out set's data: clean records built from a fixed seed, rendered the way real
public open-data exports look.

Four topics, each modelled on a real export:

* taxi     -- NYC TLC "Yellow Taxi Trip Records" (`yellow_tripdata_2024-03.parquet`) and the TLC
              `taxi_zone_lookup.csv`;
* weather  -- a Met Office "historic station data" text file (like `oxforddata.txt`);
* spending -- an English district council's "spend over £500" transparency CSV (Local Government
              Transparency Code), exported from the finance system via Excel;
* hygiene  -- Food Standards Agency FHRS open-data files, one council as XML (`FHRS527en-GB.xml`),
              a neighbouring council as the JSON download of the same schema (`FHRS528en-GB.json`).

`truth()` builds the clean records with the standard library only (one random stream per topic);
every random choice, including which value is flagged or how a name is spelled, is made there, so
rendering is deterministic. `write_files(dir)` renders the files (pyarrow is needed only for the
parquet file). `python data.py DIR` writes them.
"""

from __future__ import annotations

import calendar
import json
import math
import random
import sys
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from xml.sax.saxutils import escape

SEED = 11_270_311

TAXI_FILE = "yellow_tripdata_2024-03.parquet"
ZONE_FILE = "taxi_zone_lookup.csv"
WEATHER_FILE = "lowmoordata.txt"
SPEND_FILE = "eastvale_spend_over_500_2023-24.csv"
XML_FILE = "FHRS527en-GB.xml"
JSON_FILE = "FHRS528en-GB.json"
FILES = [TAXI_FILE, ZONE_FILE, WEATHER_FILE, SPEND_FILE, XML_FILE, JSON_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}:{topic}")


@dataclass
class Truth:
    trips: list[dict]  # every row of the parquet file, in file order, with its `kind`
    zones: list[dict]
    weather: list[dict]  # one per month, clean values (None where missing), flags, provisional
    payments: list[dict]  # every payment line, supplier by its canonical name
    fhrs: dict[str, dict]  # "527" / "528" -> header fields and establishments


# =================================================================================================
# taxi: TLC yellow taxi trip records, March 2024
# =================================================================================================

Y, B, A = "Yellow Zone", "Boro Zone", "Airports"
# (LocationID, Borough, Zone, service_zone, x, y in miles from Midtown, pickup weight)
ZONES = [
    (1, "EWR", "Newark Airport", "EWR", -11.0, -7.0, 0.03),
    (4, "Manhattan", "Alphabet City", Y, 0.8, -2.8, 0.8),
    (7, "Queens", "Astoria", B, 3.5, 2.5, 0.35),
    (13, "Manhattan", "Battery Park City", Y, -1.8, -4.2, 0.7),
    (25, "Brooklyn", "Boerum Hill", B, 0.3, -5.5, 0.12),
    (33, "Brooklyn", "Brooklyn Heights", B, -0.3, -5.0, 0.22),
    (43, "Manhattan", "Central Park", Y, 0.0, 1.5, 1.6),
    (48, "Manhattan", "Clinton East", Y, -0.7, 0.2, 2.6),
    (50, "Manhattan", "Clinton West", Y, -1.1, 0.4, 1.1),
    (65, "Brooklyn", "Downtown Brooklyn/MetroTech", B, 0.2, -5.2, 0.18),
    (68, "Manhattan", "East Chelsea", Y, -0.6, -1.2, 2.7),
    (74, "Manhattan", "East Harlem North", B, 1.5, 6.0, 0.4),
    (75, "Manhattan", "East Harlem South", B, 1.2, 5.0, 0.5),
    (79, "Manhattan", "East Village", Y, 0.2, -2.4, 3.0),
    (87, "Manhattan", "Financial District North", Y, -1.0, -4.3, 1.2),
    (88, "Manhattan", "Financial District South", Y, -1.2, -4.7, 0.5),
    (90, "Manhattan", "Flatiron", Y, -0.2, -1.5, 2.2),
    (97, "Brooklyn", "Fort Greene", B, 1.0, -5.3, 0.12),
    (100, "Manhattan", "Garment District", Y, -0.4, -0.4, 2.0),
    (107, "Manhattan", "Gramercy", Y, 0.2, -1.3, 2.4),
    (113, "Manhattan", "Greenwich Village North", Y, -0.3, -2.3, 1.8),
    (114, "Manhattan", "Greenwich Village South", Y, -0.4, -2.7, 1.9),
    (125, "Manhattan", "Hudson Sq", Y, -0.9, -3.0, 0.9),
    (129, "Queens", "Jackson Heights", B, 6.0, 1.5, 0.15),
    (132, "Queens", "JFK Airport", A, 10.0, -9.0, 4.3),
    (137, "Manhattan", "Kips Bay", Y, 0.4, -0.9, 1.9),
    (138, "Queens", "LaGuardia Airport", A, 6.0, 3.0, 2.9),
    (140, "Manhattan", "Lenox Hill East", Y, 1.2, 1.7, 2.0),
    (141, "Manhattan", "Lenox Hill West", Y, 0.9, 1.5, 2.7),
    (142, "Manhattan", "Lincoln Square East", Y, -0.5, 1.2, 3.1),
    (143, "Manhattan", "Lincoln Square West", Y, -0.9, 1.4, 1.3),
    (144, "Manhattan", "Little Italy/NoLiTa", Y, -0.3, -3.2, 1.1),
    (145, "Queens", "Long Island City/Hunters Point", B, 1.8, -0.5, 0.25),
    (146, "Queens", "Long Island City/Queens Plaza", B, 2.2, 0.3, 0.25),
    (148, "Manhattan", "Lower East Side", Y, 0.3, -3.3, 1.5),
    (151, "Manhattan", "Manhattan Valley", Y, -0.3, 4.4, 0.9),
    (158, "Manhattan", "Meatpacking/West Village West", Y, -1.0, -2.0, 1.5),
    (161, "Manhattan", "Midtown Center", Y, 0.0, 0.0, 4.2),
    (162, "Manhattan", "Midtown East", Y, 0.4, 0.1, 3.4),
    (163, "Manhattan", "Midtown North", Y, -0.2, 0.6, 3.0),
    (164, "Manhattan", "Midtown South", Y, -0.2, -0.7, 2.9),
    (166, "Manhattan", "Morningside Heights", B, -0.6, 5.3, 0.6),
    (168, "Bronx", "Mott Haven/Port Morris", B, 1.5, 7.5, 0.07),
    (170, "Manhattan", "Murray Hill", Y, 0.3, -0.4, 2.9),
    (181, "Brooklyn", "Park Slope", B, 0.5, -7.0, 0.18),
    (186, "Manhattan", "Penn Station/Madison Sq West", Y, -0.6, -0.6, 3.1),
    (209, "Manhattan", "Seaport", Y, -0.6, -4.0, 0.6),
    (211, "Manhattan", "SoHo", Y, -0.6, -2.9, 1.3),
    (224, "Manhattan", "Stuy Town/Peter Cooper Village", Y, 0.8, -1.7, 0.5),
    (226, "Queens", "Sunnyside", B, 3.5, 0.3, 0.12),
    (229, "Manhattan", "Sutton Place/Turtle Bay North", Y, 0.9, 0.5, 1.9),
    (230, "Manhattan", "Times Sq/Theatre District", Y, -0.3, 0.3, 3.3),
    (231, "Manhattan", "TriBeCa/Civic Center", Y, -0.9, -3.6, 1.6),
    (233, "Manhattan", "UN/Turtle Bay South", Y, 0.8, -0.1, 1.5),
    (234, "Manhattan", "Union Sq", Y, -0.2, -1.9, 2.8),
    (236, "Manhattan", "Upper East Side North", Y, 1.3, 2.6, 3.9),
    (237, "Manhattan", "Upper East Side South", Y, 1.0, 1.9, 4.1),
    (238, "Manhattan", "Upper West Side North", Y, -0.6, 3.4, 1.8),
    (239, "Manhattan", "Upper West Side South", Y, -0.7, 2.3, 2.5),
    (246, "Manhattan", "West Chelsea/Hudson Yards", Y, -1.2, -0.6, 1.6),
    (247, "Bronx", "West Concourse", B, 0.5, 9.0, 0.05),
    (249, "Manhattan", "West Village", Y, -0.6, -2.2, 2.0),
    (255, "Brooklyn", "Williamsburg (North Side)", B, 2.5, -2.8, 0.28),
    (256, "Brooklyn", "Williamsburg (South Side)", B, 2.0, -3.5, 0.18),
    (261, "Manhattan", "World Trade Center", Y, -1.2, -4.0, 0.7),
    (262, "Manhattan", "Yorkville East", Y, 1.6, 2.9, 1.0),
    (263, "Manhattan", "Yorkville West", Y, 1.3, 3.1, 1.6),
    (264, "Unknown", "N/A", "N/A", None, None, 0.9),
    (265, "N/A", "Outside of NYC", "N/A", None, None, 0.08),
]
JFK, LGA, EWR = 132, 138, 1

N_TRIPS = 44_000
HOURS_WEEKDAY = [
    1.6,
    1.0,
    0.6,
    0.4,
    0.3,
    0.5,
    1.3,
    2.4,
    3.2,
    3.3,
    3.3,
    3.5,
    3.8,
    3.9,
    4.3,
    4.5,
    4.5,
    5.2,
    5.6,
    4.9,
    4.3,
    4.3,
    4.0,
    3.0,
]
HOURS_WEEKEND = [
    3.0,
    2.4,
    1.8,
    1.2,
    0.7,
    0.5,
    0.7,
    1.0,
    1.5,
    2.2,
    2.9,
    3.4,
    3.8,
    3.9,
    4.0,
    4.0,
    4.0,
    4.1,
    4.2,
    4.0,
    3.8,
    3.9,
    4.0,
    3.6,
]
DOW_WEIGHT = [0.86, 0.95, 1.0, 1.08, 1.05, 1.0, 0.82]  # Monday..Sunday


def _taxi_fare(rng: random.Random, pu: int, do: int, dist: float, minutes: float, when: datetime, zone: dict) -> dict:
    """Money in cents for one trip, by the 2024 yellow-cab rules (roughly)."""
    bor = {z: zone[z]["borough"] for z in zone}
    svc = {z: zone[z]["service_zone"] for z in zone}
    manhattan = {pu, do} & {z for z in zone if bor[z] == "Manhattan"}
    weekday = when.weekday() < 5
    if JFK in (pu, do) and (bor.get(pu) == "Manhattan" or bor.get(do) == "Manhattan"):
        rc, fare = 2, 7000
        extra = 500 if weekday and 16 <= when.hour < 20 else 0
    elif do == EWR:
        rc = 3
        fare = 300 + 70 * round(dist * 5 + 0.35 * minutes) + 2000
        extra = 0
    else:
        rc = 5 if rng.random() < 0.003 else 1
        fare = 300 + 70 * round(dist * 5 + 0.35 * minutes)
        if rc == 5:
            fare = rng.choice([2500, 4000, 5000, 6000, 8000, 10000])
        extra = 250 if weekday and 16 <= when.hour < 20 else (100 if when.hour >= 20 or when.hour < 6 else 0)
    cong = 250 if (svc.get(pu) == Y or svc.get(do) == Y) else 0
    apt = 175 if pu in (JFK, LGA) else 0
    tolls = 0
    if manhattan and (
        bor.get(pu) in ("Queens", "Brooklyn", "Bronx") or bor.get(do) in ("Queens", "Brooklyn", "Bronx", "EWR")
    ):
        if rng.random() < (0.45 if do == EWR else 0.33):
            tolls = 1738 if do == EWR else 694
    return dict(rc=rc, fare=fare, extra=extra, mta=50, impr=100, cong=cong, apt=apt, tolls=tolls)


def _build_taxi(rng: random.Random) -> tuple[list[dict], list[dict]]:
    zone = {z[0]: dict(id=z[0], borough=z[1], zone=z[2], service_zone=z[3], x=z[4], y=z[5], w=z[6]) for z in ZONES}
    ids = list(zone)
    pu_w = [zone[z]["w"] for z in ids]

    def do_weight(z: int, pu: int) -> float:
        if zone[pu]["service_zone"] == A:  # from the airports mostly to Manhattan
            return zone[z]["w"] * (1.6 if zone[z]["borough"] == "Manhattan" else 0.6) * (0.1 if z in (JFK, LGA) else 1)
        w = zone[z]["w"]
        if zone[z]["service_zone"] == A:
            w *= 0.55
        elif zone[z]["borough"] in ("Queens", "Brooklyn", "Bronx"):
            w *= 1.7
        return w

    do_w = {pu: [do_weight(z, pu) for z in ids] for pu in ids}
    days = [date(2024, 3, d) for d in range(1, 32)]
    day_w = [DOW_WEIGHT[d.weekday()] * rng.gauss(1, 0.05) for d in days]

    def one_trip(pickup: datetime) -> dict:
        pu = rng.choices(ids, pu_w)[0]
        do = rng.choices(ids, do_w[pu])[0]
        a, b = zone[pu], zone[do]
        if a["x"] is None or b["x"] is None:
            dist = round(rng.uniform(0.6, 9.0), 2)
        else:
            d = math.hypot(a["x"] - b["x"], a["y"] - b["y"])
            dist = round(max(0.35, d * 1.3 * rng.uniform(0.85, 1.25) + rng.uniform(0.1, 0.6)), 2)
        far = A in (a["service_zone"], b["service_zone"]) or "EWR" in (a["borough"], b["borough"])
        h = pickup.hour
        rush = pickup.weekday() < 5 and (7 <= h < 10 or 15 <= h < 20)
        night = h < 6 or h >= 22
        speed = (20 if far else 9.5) * (0.7 if rush else (1.45 if night else 1.0)) * rng.uniform(0.75, 1.3)
        minutes = dist / speed * 60 + rng.uniform(1.0, 4.0)
        secs = round(minutes * 60)
        m = _taxi_fare(rng, pu, do, dist, minutes, pickup, zone)
        vendor = 2 if rng.random() < 0.74 else 1
        flex = rng.random() < 0.04
        if flex:
            ptype = 0
        else:
            ptype = rng.choices([1, 2, 3, 4], [0.79, 0.195, 0.009, 0.006])[0]
        if ptype in (1, 0):
            r = rng.random()
            if r < 0.11:
                tip = 0
            else:
                pct = rng.choices([0.15, 0.18, 0.20, 0.22, 0.25, 0.30], [0.15, 0.08, 0.37, 0.06, 0.22, 0.12])[0]
                base = m["fare"] + m["extra"] + m["mta"] + m["impr"] + m["cong"] + m["apt"]
                tip = round(pct * base) if rng.random() < 0.85 else rng.choice([100, 200, 300, 500, 1000])
        else:
            tip = 0
        total = m["fare"] + m["extra"] + m["mta"] + tip + m["tolls"] + m["impr"] + m["cong"] + m["apt"]
        if flex:
            pc, rc, sf, cong, apt = None, None, None, None, None
        else:
            pc = rng.choices([1, 2, 3, 4, 5, 6], [0.73, 0.145, 0.04, 0.02, 0.035, 0.025])[0]
            if vendor == 1 and rng.random() < 0.05:
                pc = 0
            rc = m["rc"]
            sf = "Y" if vendor == 1 and rng.random() < 0.02 else "N"
            cong, apt = m["cong"], m["apt"]
        shown_dist = 0.0 if rng.random() < 0.012 else dist
        return dict(
            kind="trip",
            vendor=vendor,
            pu_time=pickup,
            do_time=pickup + timedelta(seconds=secs),
            pc=pc,
            dist=shown_dist,
            rc=rc,
            sf=sf,
            pul=pu,
            dol=do,
            ptype=ptype,
            fare=m["fare"],
            extra=m["extra"],
            mta=m["mta"],
            tip=tip,
            tolls=m["tolls"],
            impr=m["impr"],
            total=total,
            cong=cong,
            apt=apt,
        )

    def draw_time(day: date) -> datetime:
        hw = HOURS_WEEKEND if day.weekday() >= 5 else HOURS_WEEKDAY
        while True:
            h = rng.choices(range(24), hw)[0]
            if not (day == date(2024, 3, 10) and h == 2):  # clocks went forward: no 02:xx that night
                break
        return datetime(day.year, day.month, day.day, h, rng.randrange(60), rng.randrange(60))

    rows = []
    for _ in range(N_TRIPS):
        rows.append(one_trip(draw_time(rng.choices(days, day_w)[0])))
    rows.sort(key=lambda r: r["pu_time"])

    # disputed / no-charge metered trips voided: the trip, then a copy with every amount negated
    out = []
    money = ("fare", "extra", "mta", "tip", "tolls", "impr", "total", "cong", "apt")
    for r in rows:
        if r["rc"] == 1 and r["ptype"] in (1, 2) and rng.random() < 0.006:
            r["ptype"] = rng.choice([3, 4])
            r["total"] -= r["tip"]
            r["tip"] = 0
            r["kind"] = "voided"
            rev = dict(r, kind="reversal")
            for k in money:
                if rev[k] is not None:
                    rev[k] = -rev[k]
            out += [r, rev]
        else:
            out.append(r)
    rows = out

    # odometer glitches on two app-booked trips
    flex_rows = [r for r in rows if r["ptype"] == 0 and r["kind"] == "trip"]
    for r, d in zip(rng.sample(flex_rows, 2), (48912.37, 176230.5)):
        r["dist"] = d

    # pickups outside the month: the last minutes of February, the first of April, two clock resets
    extra_rows = []
    for stamp in (
        datetime(2024, 2, 29, 23, 41, 7),
        datetime(2024, 2, 29, 23, 52, 40),
        datetime(2024, 2, 29, 23, 58, 3),
        datetime(2024, 4, 1, 0, 3, 12),
        datetime(2024, 4, 1, 0, 11, 55),
    ):
        r = one_trip(stamp)
        r["kind"] = "outside"
        extra_rows.append(r)
    for stamp in (datetime(2009, 1, 1, 0, 4, 21), datetime(2002, 12, 31, 23, 18, 2)):
        r = one_trip(stamp)
        r["kind"] = "outside"
        r["vendor"] = 2
        extra_rows.append(r)
    rows = extra_rows[:3] + rows + extra_rows[3:5]
    for r in extra_rows[5:]:  # clock-reset rows sit where they were submitted
        rows.insert(rng.randrange(1000, len(rows) - 1000), r)

    zones = [
        dict(LocationID=z["id"], Borough=z["borough"], Zone=z["zone"], service_zone=z["service_zone"])
        for z in zone.values()
    ]
    return rows, zones


def _write_taxi(t: Truth, d: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = t.trips

    def cents(k):
        return [None if r[k] is None else r[k] / 100 for r in rows]

    schema = pa.schema(
        [
            ("VendorID", pa.int32()),
            ("tpep_pickup_datetime", pa.timestamp("us")),
            ("tpep_dropoff_datetime", pa.timestamp("us")),
            ("passenger_count", pa.int64()),
            ("trip_distance", pa.float64()),
            ("RatecodeID", pa.int64()),
            ("store_and_fwd_flag", pa.large_string()),
            ("PULocationID", pa.int32()),
            ("DOLocationID", pa.int32()),
            ("payment_type", pa.int64()),
            ("fare_amount", pa.float64()),
            ("extra", pa.float64()),
            ("mta_tax", pa.float64()),
            ("tip_amount", pa.float64()),
            ("tolls_amount", pa.float64()),
            ("improvement_surcharge", pa.float64()),
            ("total_amount", pa.float64()),
            ("congestion_surcharge", pa.float64()),
            ("Airport_fee", pa.float64()),
        ]
    )
    cols = [
        [r["vendor"] for r in rows],
        [r["pu_time"] for r in rows],
        [r["do_time"] for r in rows],
        [r["pc"] for r in rows],
        [r["dist"] for r in rows],
        [r["rc"] for r in rows],
        [r["sf"] for r in rows],
        [r["pul"] for r in rows],
        [r["dol"] for r in rows],
        [r["ptype"] for r in rows],
        cents("fare"),
        cents("extra"),
        cents("mta"),
        cents("tip"),
        cents("tolls"),
        cents("impr"),
        cents("total"),
        cents("cong"),
        cents("apt"),
    ]
    table = pa.Table.from_arrays([pa.array(c, type=f.type) for c, f in zip(cols, schema)], schema=schema)
    pq.write_table(table, d / TAXI_FILE, compression="snappy", row_group_size=20_000)

    lines = ['"LocationID","Borough","Zone","service_zone"']
    for z in sorted(t.zones, key=lambda z: z["LocationID"]):
        lines.append(f'{z["LocationID"]},"{z["Borough"]}","{z["Zone"]}","{z["service_zone"]}"')
    (d / ZONE_FILE).write_bytes(("\n".join(lines) + "\n").encode())


# =================================================================================================
# weather: Met Office historic station data, monthly
# =================================================================================================

TMAX = [7.4, 8.0, 10.7, 13.8, 17.2, 20.2, 22.3, 21.9, 19.0, 14.9, 10.6, 7.9]
TMIN = [1.6, 1.4, 2.8, 4.4, 7.1, 10.0, 12.0, 11.8, 9.9, 7.3, 4.0, 2.0]
RAIN = [68, 50, 49, 47, 52, 54, 56, 61, 57, 74, 77, 74]
SUN = [55, 74, 112, 152, 192, 188, 198, 183, 143, 103, 64, 49]
W_FIRST, W_LAST = (1908, 1), (2024, 4)
SUN_FROM = 1929
KZ_FROM = 2005  # sunshine from the automatic Kipp & Zonen sensor from January 2005


def _build_weather(rng: random.Random) -> list[dict]:
    out = []
    y, m = W_FIRST
    while (y, m) <= W_LAST:
        trend = 0.004 * (y - 1908) + (0.027 * (y - 1985) if y > 1985 else 0.0)
        # warming a little uneven through the year
        seasonal = 1.0 + 0.35 * math.cos((m - 6.5) / 12 * 2 * math.pi)
        anom = rng.gauss(0, 1.35)
        tmax = round(TMAX[m - 1] + trend * seasonal + anom + rng.gauss(0, 0.45), 1)
        tmin = round(TMIN[m - 1] + trend + 0.8 * anom + rng.gauss(0, 0.45), 1)
        ndays = calendar.monthrange(y, m)[1]
        if m in (6, 7, 8):
            af = 0
        else:
            lam = max(0.0, (4.6 - tmin) * 3.3)
            af = max(0, min(ndays, round(rng.gauss(lam, 1.6 + lam * 0.15))))
            if m in (5, 9, 10) and tmin > 6.5:
                af = 0
        rain = round(RAIN[m - 1] * rng.gammavariate(3.0, 1 / 3.0), 1)
        sun = round(SUN[m - 1] * rng.uniform(0.7, 1.3) * (1 + 0.002 * (y - 1960)), 1) if y >= SUN_FROM else None
        rec = dict(
            year=y,
            month=m,
            tmax=tmax,
            tmin=tmin,
            af=af,
            rain=rain,
            sun=sun,
            flags=dict(tmax="", tmin="", af="", rain="", sun="#" if sun is not None and y >= KZ_FROM else ""),
            provisional=(y, m) >= (2024, 1),
        )
        p = 0.025 if y >= 1995 else 0.006
        for k in ("tmax", "tmin", "af", "rain"):
            if rng.random() < p:
                rec["flags"][k] = "*"
        out.append(rec)
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)

    def rec(yy, mm):
        return out[(yy - W_FIRST[0]) * 12 + mm - 1]

    for yy in (1908, 1909, 1910):  # no frost counts in the first years
        for mm in range(1, 13):
            rec(yy, mm)["af"] = None
    for mm in (6, 7, 8):  # wartime gap
        r = rec(1944, mm)
        r["tmax"] = r["tmin"] = r["af"] = None
    rec(1944, 7)["rain"] = None
    for yy, mm in [(1940, 9), (1940, 10), (1940, 11), (1940, 12), (1941, 1), (1941, 2), (1941, 3), (1987, 11)]:
        rec(yy, mm)["sun"] = None
    rec(2011, 3)["rain"] = None  # gauge fault
    rec(2023, 8)["flags"]["rain"] = "*"  # estimated from a neighbouring gauge
    for r in out:
        for k in ("tmax", "tmin", "af", "rain", "sun"):
            if r[k] is None:
                r["flags"][k] = ""
    return out


def _write_weather(t: Truth, d: Path) -> None:
    """Each value right-aligned to its column's end, a flag (`*` or `#`) just after it."""
    ends = {"tmax": 18, "tmin": 26, "af": 34, "rain": 42, "sun": 50}
    lines = [
        "Lowmoor",
        "Location: 438200E 331600N, Lat 52.882 Lon -1.435, 95 metres amsl",
        "Estimated data is marked with a * after the value.",
        "Missing data (more than 2 days missing in month) is marked by  ---.",
        "Sunshine data taken from an automatic Kipp & Zonen sensor marked with a #, otherwise sunshine data taken from a Campbell Stokes recorder.",
        "   yyyy  mm   tmax    tmin      af    rain     sun",
        "              degC    degC    days      mm   hours",
    ]
    for r in t.weather:
        s = f"   {r['year']:4d}  {r['month']:2d}"
        for k, e in ends.items():
            v = r[k]
            num = "---" if v is None else (str(v) if k == "af" else f"{v:.1f}")
            s = s.ljust(e - len(num)) + num + r["flags"][k]
        if r["provisional"]:
            s += "  Provisional"
        lines.append(s)
    (d / WEATHER_FILE).write_bytes(("\n".join(lines) + "\n").encode("ascii"))


# =================================================================================================
# spending: a district council's "spend over £500", April 2023 - March 2024
# =================================================================================================

BODY, BODY_CODE = "Eastvale District Council", "E07000299"
REDACTED = "REDACTED - PERSONAL DATA"
ERP_SWITCH = date(2023, 10, 1)  # new finance system: supplier names exported in capitals from here
BANK_HOLIDAYS = {
    date(2023, 4, 7),
    date(2023, 4, 10),
    date(2023, 5, 1),
    date(2023, 5, 8),
    date(2023, 5, 29),
    date(2023, 8, 28),
    date(2023, 12, 25),
    date(2023, 12, 26),
    date(2024, 1, 1),
    date(2024, 3, 29),
}

SERVICE_AREAS = {
    "Waste & Recycling": ["Contract Payments", "Vehicle Hire", "Equipment Purchase", "Fuel"],
    "Housing": ["Repairs & Maintenance", "Temporary Accommodation", "Grants to Individuals", "Professional Fees"],
    "Planning, Regeneration & Growth": ["Consultancy", "Professional Fees", "Capital Works", "Legal Fees"],
    "Leisure & Culture": ["Management Fee", "Repairs & Maintenance", "Grants to Voluntary Orgs", "Energy Costs"],
    "Environmental Health": ["Professional Fees", "Equipment Purchase", "Pest Control", "Laboratory Services"],
    "Finance & Revenues": ["Bank Charges", "Software Licences", "Postage", "Audit Fees", "Insurance"],
    "Corporate Services": ["Agency Staff", "Printing & Stationery", "Cleaning", "Security", "Energy Costs"],
    "ICT": ["Software Licences", "Hardware", "Telephony", "Consultancy"],
    "Legal & Democratic": ["Legal Fees", "Election Costs", "Printing & Stationery"],
    "Parks & Open Spaces": ["Grounds Maintenance", "Tree Works", "Equipment Purchase", "Repairs & Maintenance"],
    "Car Parks": ["Business Rates", "Cash Collection", "Repairs & Maintenance", "Equipment Purchase"],
}

# canonical name, type, service area, expense type, lines per year, typical amount (£), spread
BIG_SUPPLIERS = [
    (
        "Veridian Environmental Services Ltd",
        "Company",
        "Waste & Recycling",
        "Contract Payments",
        "monthly",
        318_000,
        0.03,
    ),
    ("Active Eastvale Leisure Trust", "Charity", "Leisure & Culture", "Management Fee", "monthly", 96_500, 0.02),
    ("Granite Construction Ltd", "Company", "Planning, Regeneration & Growth", "Capital Works", 7, 210_000, 0.6),
    ("Oakfield Building Services Ltd", "Company", "Housing", "Repairs & Maintenance", 190, 4_200, 0.8),
    ("Kestrel Recruitment Ltd", "Company", "Corporate Services", "Agency Staff", 100, 9_800, 0.45),
    ("Brightwell Energy Supply Ltd", "Company", "Corporate Services", "Energy Costs", "monthly", 41_000, 0.25),
    ("Northgate Software Solutions Ltd", "Company", "ICT", "Software Licences", 9, 38_000, 0.9),
    ("Eastshire County Council", "Public Body", "Finance & Revenues", "Audit Fees", 14, 24_000, 0.7),
    ("Greenways Grounds Maintenance Ltd", "Company", "Parks & Open Spaces", "Grounds Maintenance", 60, 7_400, 0.5),
    ("Lowmoor Fleet Hire Ltd", "Company", "Waste & Recycling", "Vehicle Hire", 36, 11_500, 0.4),
]
WORDS = [
    "Abbey",
    "Beacon",
    "Brookside",
    "Castlegate",
    "Cedar",
    "Crownfield",
    "Eastshire",
    "Falcon",
    "Harbour",
    "Heron",
    "Linden",
    "Meadow",
    "Pennine",
    "Riverside",
    "Sterling",
    "Summit",
    "Wolds",
    "Willow",
    "Ashby",
    "Bramley",
    "Chalk",
    "Dalton",
    "Elmwood",
    "Fenwick",
    "Gable",
    "Hawthorn",
    "Ivy",
    "Juniper",
    "Kingsley",
    "Larch",
    "Marlow",
    "Norbury",
    "Orchard",
    "Parkway",
    "Quarry",
    "Redbrook",
    "Saxon",
    "Tanner",
    "Upland",
    "Vantage",
    "Wessex",
    "Yew",
]
TRADES = {
    "Repairs & Maintenance": ["Building Services", "Roofing", "Electrical", "Plumbing & Heating", "Glazing"],
    "Professional Fees": ["Surveyors", "Associates", "Consulting"],
    "Consultancy": ["Consulting", "Advisory", "Partners"],
    "Legal Fees": ["Legal Services", "Solicitors"],
    "Equipment Purchase": ["Supplies", "Equipment", "Trading"],
    "Software Licences": ["Software", "Digital", "Systems"],
    "Hardware": ["IT Solutions", "Computers"],
    "Telephony": ["Communications", "Telecom"],
    "Printing & Stationery": ["Print", "Office Supplies"],
    "Cleaning": ["Cleaning Services", "Hygiene Services"],
    "Security": ["Security", "Guarding"],
    "Tree Works": ["Tree Surgeons", "Arboriculture"],
    "Pest Control": ["Pest Control"],
    "Laboratory Services": ["Laboratories", "Analytical"],
    "Fuel": ["Fuels", "Oil"],
    "Cash Collection": ["Cash Services"],
    "Grounds Maintenance": ["Landscapes", "Grounds Care"],
    "Election Costs": ["Print", "Mailing"],
    "Vehicle Hire": ["Vehicle Hire", "Commercials"],
    "Postage": ["Mailing", "Post"],
    "Insurance": ["Insurance Brokers"],
    "Bank Charges": ["Payments"],
    "Audit Fees": ["Audit"],
    "Capital Works": ["Construction", "Contractors"],
    "Energy Costs": ["Energy"],
    "Agency Staff": ["Recruitment", "Staffing"],
}
CHARITIES = [
    "Eastvale Citizens Advice",
    "Eastvale Community Transport",
    "St Anne\u2019s Hospice",
    "Lowmoor Youth Trust",
    "Eastvale Foodbank",
    "Eastshire Rural Community Council",
    "Eastvale Women\u2019s Aid",
    "Lowmoor Arts Centre Trust",
    "Eastvale Credit Union",
    "Shelter Eastshire",
    "Eastvale Carers\u2019 Centre",
    "Lowmoor Heritage Trust",
]
PUBLIC_BODIES = [
    "Eastshire Fire & Rescue Service",
    "Environment Agency",
    "Eastshire Police & Crime Commissioner",
    "Lowmoor Town Council",
    "Eastshire Pension Fund",
]
SUFFIX = ["Ltd", "Ltd", "Ltd", "Limited", "Ltd", "LLP", "plc"]


def _build_spending(rng: random.Random) -> list[dict]:
    suppliers = []  # (name, type, area, etype, lines, amount, spread)
    suppliers += [dict(zip(("name", "stype", "area", "etype", "n", "amount", "spread"), s)) for s in BIG_SUPPLIERS]
    used = {s["name"] for s in suppliers}
    pairs = [
        (a, e)
        for a, es in SERVICE_AREAS.items()
        for e in es
        if e
        not in (
            "Contract Payments",
            "Management Fee",
            "Temporary Accommodation",
            "Grants to Individuals",
            "Grants to Voluntary Orgs",
            "Business Rates",
        )
    ]
    while len(suppliers) < 215:
        area, etype = rng.choice(pairs)
        trade = rng.choice(TRADES.get(etype, ["Services"]))
        name = f"{rng.choice(WORDS)} {trade} {rng.choice(SUFFIX)}"
        if name in used:
            continue
        used.add(name)
        n = max(1, round(rng.expovariate(1 / 20)))
        suppliers.append(
            dict(
                name=name,
                stype="Company" if "LLP" not in name else "Partnership",
                area=area,
                etype=etype,
                n=n,
                amount=round(rng.lognormvariate(7.9, 0.8)),
                spread=0.6,
            )
        )
    for c in CHARITIES:
        area = rng.choice(["Leisure & Culture", "Housing", "Corporate Services"])
        suppliers.append(
            dict(
                name=c,
                stype="Charity",
                area=area,
                etype="Grants to Voluntary Orgs",
                n=rng.randint(1, 6),
                amount=round(rng.lognormvariate(8.3, 0.7)),
                spread=0.5,
            )
        )
    for p in PUBLIC_BODIES:
        suppliers.append(
            dict(
                name=p,
                stype="Public Body",
                area=rng.choice(["Finance & Revenues", "Corporate Services", "Environmental Health"]),
                etype="Professional Fees",
                n=rng.randint(1, 8),
                amount=round(rng.lognormvariate(8.6, 0.8)),
                spread=0.5,
            )
        )
    suppliers.append(
        dict(
            name=REDACTED,
            stype="Individual",
            area="Housing",
            etype="Temporary Accommodation",
            n=170,
            amount=1_100,
            spread=0.6,
        )
    )
    suppliers.append(
        dict(
            name=REDACTED,
            stype="Individual",
            area="Housing",
            etype="Grants to Individuals",
            n=45,
            amount=4_600,
            spread=0.7,
        )
    )
    suppliers.append(
        dict(
            name="Eastvale Business Rates",
            stype="Public Body",
            area="Car Parks",
            etype="Business Rates",
            n=10,
            amount=6_300,
            spread=0.1,
        )
    )
    # three suppliers stored with trailing spaces in the old finance system
    padded = set(rng.sample([s["name"] for s in suppliers[10:215]], 3))

    runs = []
    d = date(2023, 4, 1)
    while d <= date(2024, 3, 31):
        if d.weekday() in (1, 4) and d not in BANK_HOLIDAYS:
            runs.append(d)
        d += timedelta(days=1)

    def run_for(month_index: int | None) -> date:
        if month_index is None:
            w = [1.45 if r.month == 3 else 1.0 for r in runs]  # year-end invoices
            return rng.choices(runs, w)[0]
        y, m = (2023, 4 + month_index) if month_index < 9 else (2024, month_index - 8)
        cands = [r for r in runs if (r.year, r.month) == (y, m)]
        return rng.choice(cands[-2:])

    lines = []
    for s in suppliers:
        if s["n"] == "monthly":
            dates = [run_for(i) for i in range(12)]
        else:
            dates = [run_for(None) for _ in range(s["n"])]
        for dt in dates:
            while True:  # only payments of £500 or more are published
                if s["spread"] > 0.05:
                    amt = s["amount"] * math.exp(rng.gauss(0, s["spread"]))
                else:
                    amt = s["amount"] * rng.uniform(1 - s["spread"], 1 + s["spread"])
                if dt.month == 3:
                    amt *= 1.15
                if rng.random() < 0.012 and s["n"] != "monthly":
                    amt = -amt * rng.uniform(0.3, 1.0)  # credit note
                if abs(amt) >= 500:
                    break
            pence = round(amt * 100)
            lines.append(
                dict(date=dt, supplier=s["name"], stype=s["stype"], area=s["area"], etype=s["etype"], pence=pence)
            )
    # some invoices are coded to two or three budget lines under one transaction number
    rng.shuffle(lines)
    lines.sort(key=lambda r: r["date"])
    out = []
    txn = 5_100_000
    for ln in lines:
        txn += rng.randint(1, 40)
        parts = [ln]
        if ln["stype"] == "Company" and ln["pence"] > 150_000 and rng.random() < 0.05:
            k = rng.choice([2, 3])
            cut = sorted(rng.sample(range(1, 100), k - 1))
            shares = [b - a for a, b in zip([0, *cut], [*cut, 100])]
            etypes = SERVICE_AREAS[ln["area"]]
            parts = []
            left = ln["pence"]
            for i, sh in enumerate(shares):
                p = left if i == k - 1 else round(ln["pence"] * sh / 100)
                left -= p
                parts.append(dict(ln, pence=p, etype=ln["etype"] if i == 0 else rng.choice(etypes)))
        for p in parts:
            p["txn"] = txn
            name = p["supplier"]
            if p["date"] >= ERP_SWITCH:
                shown = name.upper()
            else:
                shown = name + "  " if name in padded else name
            p["shown"] = shown
            p["redacted"] = name == REDACTED
            out.append(p)
    return out


def _money(pence: int) -> str:
    s = f"{abs(pence) / 100:,.2f}"
    return ("-" if pence < 0 else "") + s


def _csv_field(s: str) -> str:
    return f'"{s}"' if ("," in s or '"' in s) else s


def _write_spending(t: Truth, d: Path) -> None:
    header = [
        "Body Name",
        "Body",
        "Service Area",
        "Expense Type",
        "Payment Date",
        "Transaction Number",
        "Net Amount (\u00a3)",
        "Supplier Name",
        "Supplier Type",
    ]
    rows = [",".join(header)]
    for p in t.payments:
        rows.append(
            ",".join(
                _csv_field(x)
                for x in (
                    BODY,
                    BODY_CODE,
                    p["area"],
                    p["etype"],
                    p["date"].strftime("%d/%m/%Y"),
                    str(p["txn"]),
                    _money(p["pence"]),
                    p["shown"],
                    p["stype"],
                )
            )
        )
    rows += [",,,,,,,,"] * 3
    (d / SPEND_FILE).write_bytes(("\r\n".join(rows) + "\r\n").encode("cp1252"))


# =================================================================================================
# hygiene: FSA Food Hygiene Rating Scheme open data, two neighbouring councils
# =================================================================================================

BUSINESS_TYPES = [  # name, FSA BusinessTypeID, share, how badly run on average
    ("Restaurant/Cafe/Canteen", 1, 0.22, 0.95),
    ("Takeaway/sandwich shop", 7844, 0.13, 1.35),
    ("Pub/bar/nightclub", 7843, 0.09, 0.8),
    ("Retailers - other", 4613, 0.18, 0.7),
    ("Retailers - supermarkets/hypermarkets", 7840, 0.035, 0.55),
    ("Other catering premises", 7841, 0.08, 0.75),
    ("Mobile caterer", 7846, 0.05, 0.85),
    ("School/college/university", 7845, 0.05, 0.35),
    ("Hospitals/Childcare/Caring Premises", 5, 0.065, 0.45),
    ("Hotel/bed & breakfast/guest house", 7842, 0.04, 0.85),
    ("Manufacturers/packers", 7839, 0.02, 0.7),
    ("Distributors/Transporters", 7, 0.02, 0.6),
    ("Importers/Exporters", 14, 0.005, 0.6),
    ("Farmers/growers", 7838, 0.005, 0.7),
]
COUNCILS = {
    "527": dict(
        name="Eastvale",
        area="EV",
        n=1180,
        extract=date(2024, 5, 14),
        offset=0.0,
        site="http://www.eastvale.gov.uk",
        email="food.safety@eastvale.gov.uk",
        town="Eastvale",
    ),
    "528": dict(
        name="Westbury",
        area="WB",
        n=960,
        extract=date(2024, 5, 13),
        offset=0.12,
        site="http://www.westbury.gov.uk",
        email="environmental.health@westbury.gov.uk",
        town="Westbury",
    ),
}
HYG = [0, 5, 10, 15, 20, 25]
STR = [0, 5, 10, 15, 20, 25]
CIM = [0, 5, 10, 20, 30]
NAME_BITS = {
    "Restaurant/Cafe/Canteen": (
        [
            "The Olive Tree",
            "Bella Napoli",
            "Spice Garden",
            "The Copper Kettle",
            "Jade Palace",
            "Cafe Rouge",
            "The Tea Rooms",
            "La Taverna",
            "Bombay Nights",
            "The Old Bakery Cafe",
            "Sakura",
            "Bistro 21",
            "The Coffee House",
            "Rosie's Diner",
            "Kebab House",
        ],
        True,
    ),
    "Takeaway/sandwich shop": (
        [
            "Dragon Express",
            "Pizza Palace",
            "Fish Bar",
            "Chicken Spot",
            "Golden Fry",
            "Sub Station",
            "Wok Inn",
            "Tandoori Express",
            "Burger Shack",
            "The Sandwich Box",
        ],
        True,
    ),
    "Pub/bar/nightclub": (
        [
            "The Red Lion",
            "The King's Head",
            "The Plough",
            "The White Hart",
            "The Crown",
            "The Black Bull",
            "The Rose & Crown",
            "The Swan",
            "The Railway Inn",
            "The Fox",
        ],
        False,
    ),
    "Retailers - other": (
        [
            "News & Booze",
            "Convenience Store",
            "Mini Market",
            "Food & Wine",
            "Deli",
            "Butchers",
            "Bakery",
            "Sweet Shop",
            "Pharmacy",
            "Farm Shop",
        ],
        True,
    ),
    "Retailers - supermarkets/hypermarkets": (
        ["Fresco Superstore", "ValuMart", "Greens Supermarket", "Co-op Food"],
        False,
    ),
    "Other catering premises": (
        [
            "Community Centre",
            "Village Hall",
            "Cricket Club",
            "Bowls Club",
            "Home Baker",
            "Cake Maker",
            "Scout Hut",
            "Golf Club",
        ],
        True,
    ),
    "Mobile caterer": (["Burger Van", "Ice Cream Van", "Coffee Cart", "Street Kitchen", "Hog Roast"], True),
    "School/college/university": (["Primary School", "Infant School", "Academy", "College", "Nursery School"], True),
    "Hospitals/Childcare/Caring Premises": (
        ["Care Home", "Day Nursery", "Residential Home", "Pre-School", "Nursing Home"],
        True,
    ),
    "Hotel/bed & breakfast/guest house": (["Guest House", "Hotel", "B&B", "Lodge", "Inn"], True),
    "Manufacturers/packers": (["Foods Ltd", "Bakeries Ltd", "Dairy", "Brewery", "Preserves"], True),
    "Distributors/Transporters": (["Distribution Ltd", "Cold Store", "Wholesale"], True),
    "Importers/Exporters": (["Trading Ltd", "Imports"], True),
    "Farmers/growers": (["Farm", "Nurseries"], True),
}
PLACES = [
    "Ashby",
    "Bramley",
    "Church",
    "Dale",
    "Elm",
    "Fenwick",
    "Glebe",
    "Hall",
    "Kings",
    "Linden",
    "Market",
    "Mill",
    "North",
    "Orchard",
    "Park",
    "Queens",
    "Station",
    "Victoria",
    "West",
    "York",
]
STREETS = [
    "High Street",
    "Market Place",
    "Station Road",
    "Church Lane",
    "Mill Road",
    "London Road",
    "Victoria Street",
    "Park Avenue",
    "North Street",
    "The Green",
    "Bridge Street",
    "Queen Street",
    "Chapel Lane",
    "West End",
]


def _rating(h: int, s: int, c: int) -> int:
    total = h + s + c
    by_total = (
        5 if total <= 15 else 4 if total <= 20 else 3 if total <= 30 else 2 if total <= 40 else 1 if total <= 50 else 0
    )
    hi = max(h, s, c)
    cap = 5 if hi <= 5 else 4 if hi <= 10 else 2 if hi <= 15 else 1 if hi <= 20 else 0
    return min(by_total, cap)


def _postcode(rng: random.Random, area: str, district: int) -> str:
    return (
        f"{area}{district} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"
    )


def _build_fhrs(rng: random.Random) -> dict[str, dict]:
    out = {}
    next_id = 412_000
    for code, c in COUNCILS.items():
        districts = list(range(1, 10)) if code == "527" else list(range(1, 8))
        dist_w = [rng.uniform(0.5, 1.6) for _ in districts]
        dist_eff = {k: rng.gauss(0, 0.16) for k in districts}
        lon0, lat0 = (-1.43, 52.88) if code == "527" else (-1.71, 52.93)
        ests = []
        for _i in range(c["n"]):
            next_id += rng.randint(1, 180)
            bt = rng.choices(BUSINESS_TYPES, [b[2] for b in BUSINESS_TYPES])[0]
            btype, btid, _, bad = bt
            district = rng.choices(districts, dist_w)[0]
            stems, prefixed = NAME_BITS[btype]
            stem = rng.choice(stems)
            name = f"{rng.choice(PLACES)} {stem}" if prefixed and rng.random() < 0.6 else stem
            r = rng.random()
            status = "rated"
            if btype == "Mobile caterer" and r < 0.08 or r < 0.04:
                status = "AwaitingInspection"
            elif r < 0.10 and btype in (
                "Retailers - other",
                "Distributors/Transporters",
                "Other catering premises",
                "Retailers - supermarkets/hypermarkets",
                "Importers/Exporters",
                "Farmers/growers",
            ):
                status = "Exempt"
            elif r < 0.11:
                status = "AwaitingPublication" if rng.random() < 0.08 else "rated"
            b = bad + c["offset"] + dist_eff[district] + rng.gauss(0, 0.35)
            h = HYG[max(0, min(5, round(rng.gauss(-0.15 + 0.8 * b, 0.7))))]
            s = STR[max(0, min(5, round(rng.gauss(-0.2 + 0.75 * b, 0.7))))]
            cim = CIM[max(0, min(4, round(rng.gauss(0.05 + 0.7 * b, 0.65))))]
            if status == "rated":
                rating, scores = str(_rating(h, s, cim)), (h, s, cim)
                years = min(8.5, rng.expovariate(1 / (1.4 if int(rating) >= 4 else 0.8)))
                rdate = c["extract"] - timedelta(days=max(3, round(years * 365.25)))
            else:
                rating, scores = status, None
                rdate = c["extract"] - timedelta(days=rng.randint(5, 60)) if status == "AwaitingPublication" else None
            no_address = btype == "Mobile caterer" and rng.random() < 0.4
            if no_address:
                addr, pc = [], None
            else:
                addr = [f"{rng.randint(1, 140)} {rng.choice(STREETS)}"]
                if rng.random() < 0.5:
                    addr.append(f"{rng.choice(PLACES)}field")
                addr.append(c["town"])
                pc = _postcode(rng, c["area"], district)
                if rng.random() < 0.004:
                    pc = None
            pc_shown = pc
            if pc and rng.random() < 0.006:
                pc_shown = pc.replace(" ", "")
            geo = None
            if pc and rng.random() > 0.02:
                geo = (
                    round(lon0 + (district - 5) * 0.012 + rng.uniform(-0.02, 0.02), 6),
                    round(lat0 + rng.uniform(-0.03, 0.03), 6),
                )
            labid = f"PI/{rng.randint(1000, 99999):09d}" if code == "527" else str(rng.randint(10000, 99999))
            ests.append(
                dict(
                    fhrsid=next_id,
                    labid=labid,
                    name=name,
                    btype=btype,
                    btype_id=btid,
                    addr=addr,
                    postcode=pc,
                    postcode_shown=pc_shown,
                    district=(f"{c['area']}{district}" if pc else None),
                    rating=rating,
                    rating_date=rdate,
                    scores=scores,
                    new_pending=status == "rated" and rng.random() < 0.012,
                    geo=geo,
                )
            )
        out[code] = dict(
            code=code, name=c["name"], extract=c["extract"], site=c["site"], email=c["email"], establishments=ests
        )
    return out


def _rating_key(rating: str) -> str:
    return f"fhrs_{rating.lower()}_en-GB"


def _write_fhrs_xml(t: Truth, d: Path) -> None:
    c = t.fhrs["527"]
    ests = c["establishments"]
    out = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<FHRSEstablishment xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
        "  <Header>",
        f"    <ExtractDate>{c['extract'].isoformat()}</ExtractDate>",
        f"    <ItemCount>{len(ests)}</ItemCount>",
        "    <ReturnCode>Success</ReturnCode>",
        "  </Header>",
        "  <EstablishmentCollection>",
    ]
    for e in ests:
        x = [
            "    <EstablishmentDetail>",
            f"      <FHRSID>{e['fhrsid']}</FHRSID>",
            f"      <LocalAuthorityBusinessID>{e['labid']}</LocalAuthorityBusinessID>",
            f"      <BusinessName>{escape(e['name'])}</BusinessName>",
            f"      <BusinessType>{escape(e['btype'])}</BusinessType>",
            f"      <BusinessTypeID>{e['btype_id']}</BusinessTypeID>",
        ]
        for i, line in enumerate(e["addr"], 1):
            x.append(f"      <AddressLine{i}>{escape(line)}</AddressLine{i}>")
        if e["postcode_shown"]:
            x.append(f"      <PostCode>{e['postcode_shown']}</PostCode>")
        x.append(f"      <RatingValue>{e['rating']}</RatingValue>")
        x.append(f"      <RatingKey>{_rating_key(e['rating'])}</RatingKey>")
        if e["rating_date"]:
            x.append(f"      <RatingDate>{e['rating_date'].isoformat()}</RatingDate>")
        else:
            x.append('      <RatingDate xsi:nil="true" />')
        x += [
            "      <LocalAuthorityCode>527</LocalAuthorityCode>",
            f"      <LocalAuthorityName>{c['name']}</LocalAuthorityName>",
            f"      <LocalAuthorityWebSite>{c['site']}</LocalAuthorityWebSite>",
            f"      <LocalAuthorityEmailAddress>{c['email']}</LocalAuthorityEmailAddress>",
        ]
        if e["scores"]:
            h, s, cim = e["scores"]
            x += [
                "      <Scores>",
                f"        <Hygiene>{h}</Hygiene>",
                f"        <Structural>{s}</Structural>",
                f"        <ConfidenceInManagement>{cim}</ConfidenceInManagement>",
                "      </Scores>",
            ]
        else:
            x.append("      <Scores />")
        x += [
            "      <SchemeType>FHRS</SchemeType>",
            f"      <NewRatingPending>{'True' if e['new_pending'] else 'False'}</NewRatingPending>",
        ]
        if e["geo"]:
            x += [
                "      <Geocode>",
                f"        <Longitude>{e['geo'][0]:.6f}</Longitude>",
                f"        <Latitude>{e['geo'][1]:.6f}</Latitude>",
                "      </Geocode>",
            ]
        else:
            x.append("      <Geocode />")
        x.append("    </EstablishmentDetail>")
        out += x
    out += ["  </EstablishmentCollection>", "</FHRSEstablishment>"]
    (d / XML_FILE).write_bytes(("\r\n".join(out) + "\r\n").encode("utf-8"))


def _write_fhrs_json(t: Truth, d: Path) -> None:
    c = t.fhrs["528"]
    ests = c["establishments"]
    details = []
    for e in ests:
        rec = {
            "FHRSID": str(e["fhrsid"]),
            "LocalAuthorityBusinessID": e["labid"],
            "BusinessName": e["name"],
            "BusinessType": e["btype"],
            "BusinessTypeID": str(e["btype_id"]),
        }
        for i in range(1, 5):
            rec[f"AddressLine{i}"] = e["addr"][i - 1] if i <= len(e["addr"]) else None
        rec["PostCode"] = e["postcode_shown"]
        rec["RatingValue"] = e["rating"]
        rec["RatingKey"] = _rating_key(e["rating"])
        rec["RatingDate"] = e["rating_date"].isoformat() if e["rating_date"] else None
        rec["LocalAuthorityCode"] = "528"
        rec["LocalAuthorityName"] = c["name"]
        rec["LocalAuthorityWebSite"] = c["site"]
        rec["LocalAuthorityEmailAddress"] = c["email"]
        if e["scores"]:
            h, s, cim = e["scores"]
            rec["Scores"] = {"Hygiene": str(h), "Structural": str(s), "ConfidenceInManagement": str(cim)}
        else:
            rec["Scores"] = None
        rec["SchemeType"] = "FHRS"
        rec["NewRatingPending"] = "True" if e["new_pending"] else "False"
        rec["Geocode"] = {"Longitude": f"{e['geo'][0]:.6f}", "Latitude": f"{e['geo'][1]:.6f}"} if e["geo"] else None
        details.append(rec)
    doc = {
        "FHRSEstablishment": {
            "Header": {"ExtractDate": c["extract"].isoformat(), "ItemCount": str(len(ests)), "ReturnCode": "Success"},
            "EstablishmentCollection": {"EstablishmentDetail": details},
        }
    }
    (d / JSON_FILE).write_bytes(json.dumps(doc, ensure_ascii=False).encode("utf-8"))


# =================================================================================================


def truth() -> Truth:
    trips, zones = _build_taxi(_rng("taxi"))
    return Truth(
        trips=trips,
        zones=zones,
        weather=_build_weather(_rng("weather")),
        payments=_build_spending(_rng("spending")),
        fhrs=_build_fhrs(_rng("hygiene")),
    )


def write_files(d) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_taxi(t, d)
    _write_weather(t, d)
    _write_spending(t, d)
    _write_fhrs_xml(t, d)
    _write_fhrs_json(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python data.py DIR")
    for p in write_files(sys.argv[1]):
        print(p, p.stat().st_size)
