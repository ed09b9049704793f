"""The third held-out set's data files: generated from a seed, with the mess real exports have.

`truth(seed)` builds the clean records (the ground truth the reference answers are computed from,
stdlib only); `write_files(dir, seed)` renders them messily into these files:

- appointments_2024-01.csv .. appointments_2024-06.csv
                    a clinic's bookings, one export per month: day-first dates "04/03/2024", times
                    "2:35 pm", durations "00:45:00", status spelled many ways ("No-show", "no show",
                    "Cancelled (clinic)"), fees with "-" for none; from April the export has another
                    column order, an extra column and booleans TRUE/FALSE instead of 1/0; the March and
                    June files repeat the last day of the month before (the same bookings twice)
- doctors.xml       the clinic's doctors: an id attribute, nested <languages> elements
- orders.csv.gz     an online shop's 2024 orders, gzip-compressed: Unix epoch MILLISECOND timestamps,
                    discounts as "12.5%" or empty, quoted addresses with embedded commas and newlines
- returns.json      the shop's returns as records keyed by return id, next to export metadata; the
                    order as "ORD-100123" (the orders file says 100123), Unix epoch SECONDS, null refunds
- products.parquet  the shop's catalogue: a list column (tags) and a struct column (dimensions)
- stations.md       a weather network's status report in markdown: prose, a stations table (units in
                    the header, opening month as "Mar 2014") and a second table (a maintenance log)
- weather.csv       daily readings of the stations 2023-2024: latin-1 encoded, a units row under the
                    header, missing values as "n/a" / "-" / "?", days without a row (outages)
- exam_results.xlsx a school's exam results: a Notes sheet first, a merged title over the Results
                    sheet's header (row 3), wide subjects with "abs" / "exc", a Resits sheet keyed
                    by the student number without its "S0" prefix
Same seed, same bytes.
"""

from __future__ import annotations

import csv
import datetime as dt
import gzip
import io
import json
import math
import random
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEED = 7_204_003
UTC = dt.timezone.utc

# --- clinic ---------------------------------------------------------------------------------------
SPECIALTIES = {  # specialty: (number of doctors, durations in minutes, base fee, fee per extra 15 min)
    "General practice": (3, [15, 15, 15, 30], 32.0, 18.0),
    "Paediatrics": (2, [15, 30, 30], 40.0, 20.0),
    "Dermatology": (1, [15, 30, 45], 55.0, 25.0),
    "Cardiology": (1, [30, 45, 60], 70.0, 30.0),
    "Physiotherapy": (1, [30, 45, 60, 60], 38.0, 16.0),
}
DOCTOR_NAMES = [
    "Maria Okafor",
    "Pieter Lindqvist",
    "Sanne Huisman",
    "Tomasz Nowak",
    "Leila Haddad",
    "Ruben Castillo",
    "Ingrid Dahl",
    "Youssef Amrani",
]
LANGUAGES = ["French", "German", "Spanish", "Arabic", "Turkish", "Polish"]
STATUSES = ["attended", "no-show", "cancelled by patient", "cancelled by clinic"]
NO_SHOW_FEE = 20.0
CLINIC_FIRST, CLINIC_LAST = dt.date(2024, 1, 1), dt.date(2024, 6, 30)
MONTHS = range(1, 7)  # one export per month
OVERLAP_MONTHS = (3, 6)  # these exports repeat the last day of the month before

# --- shop -----------------------------------------------------------------------------------------
CATEGORIES = {
    "Kitchen": ["Bamboo cutting board", "Cast iron pan", "Espresso cups", "Knife block", "Salad spinner", "Tea kettle"],
    "Garden": ["Hose reel", "Pruning shears", "Seed tray set", "Solar lantern", "Watering can", "Bird feeder"],
    "Toys": ["Wooden train", "Puzzle 500", "Kite", "Stacking rings", "Marble run", "Plush fox"],
    "Electronics": ["USB-C hub", "Desk lamp", "Bluetooth speaker", "Power bank", "Smart plug", "Webcam"],
    "Home": ["Linen cushion", "Wool throw", "Wall clock", "Photo frame", "Candle set", "Door mat"],
}
TAGS = ["eco", "bestseller", "gift", "new", "clearance"]
COUNTRIES = {"NL": ["Utrecht", "Zwolle", "Delft"], "DE": ["Köln", "Münster", "Bremen"], "BE": ["Gent", "Leuven"]}
COUNTRIES["FR"] = ["Lille", "Amiens"]
STREETS = ["Kerkstraat", "Hauptstraße", "Rue de la Gare", "Molenweg", "Lindenallee", "Stationsplein"]
DISCOUNTS = [5.0, 10.0, 12.5, 15.0, 20.0, 25.0]
RETURN_REASONS = ["damaged", "wrong size", "not as described", "changed mind", "arrived late"]
SHOP_EXPORTED = dt.datetime(2025, 1, 20, 9, 0, tzinfo=UTC)

# --- weather --------------------------------------------------------------------------------------
STATIONS = [  # id, name, elevation in m, latitude, longitude, opened (year, month)
    ("WS01", "Harbour Point", 4, 51.912, 4.482, (2009, 3)),
    ("WS02", "Old Mill", 87, 51.774, 5.061, (2016, 9)),
    ("WS03", "Valley Farm", 212, 50.851, 5.903, (2013, 5)),
    ("WS04", "Ridge Top", 688, 50.402, 6.117, (2018, 11)),
    ("WS05", "Airfield North", 141, 52.203, 5.389, (2011, 1)),
    ("WS06", "Forest Lodge", 356, 50.713, 6.242, (2021, 4)),
]
WEATHER_FIRST, WEATHER_LAST = dt.date(2023, 1, 1), dt.date(2024, 12, 31)
MISSING_CODES = ["n/a", "-", "?"]
POWER_CUT = (dt.date(2024, 6, 2), 2)  # lightning cut WS03's power after a wet end of May
REMARKS = ["Störung Sensor", "capteur nettoyé", "Schnee auf dem Messfeld", "vérification annuelle", "mât réparé"]

# --- school ---------------------------------------------------------------------------------------
SUBJECTS = ["Maths", "English", "Science", "History", "Geography"]
SUBJECT_SHIFT = {"Maths": -2.0, "English": 4.0, "Science": 0.0, "History": -9.0, "Geography": 2.0}
CLASSES = {"10A": 1.0, "10B": -3.0, "10C": 5.0, "10D": -1.0}
PASS_MARK = 55
FIRST = ["Amira", "Bram", "Chloe", "Dev", "Emma", "Finn", "Gwen", "Hugo", "Isla", "Jonas", "Kiara", "Lucas", "Mila"]
FIRST += ["Noah", "Olivia", "Pim", "Quinn", "Rosa", "Sam", "Tess", "Umar", "Vera", "Wout", "Yara", "Zoe"]
LAST = ["Adams", "Brouwer", "Chen", "Dijkstra", "Evers", "Fischer", "Gomez", "Hoekstra", "Ivanova", "Janssen"]
LAST += ["Kowalski", "Lambert", "Moreau", "Nguyen", "Osei", "Prins", "Rossi", "Schouten", "Tan", "Verhoeven"]


@dataclass
class Truth:
    doctors: list[dict[str, Any]] = field(default_factory=list)
    appointments: list[dict[str, Any]] = field(default_factory=list)  # one per booking (no duplicates)
    products: list[dict[str, Any]] = field(default_factory=list)
    orders: list[dict[str, Any]] = field(default_factory=list)
    returns: list[dict[str, Any]] = field(default_factory=list)
    stations: list[dict[str, Any]] = field(default_factory=list)
    weather: list[dict[str, Any]] = field(default_factory=list)  # only the days with a row; None = missing value
    students: list[dict[str, Any]] = field(default_factory=list)
    resits: list[dict[str, Any]] = field(default_factory=list)


def _days(first: dt.date, last: dt.date):
    d = first
    while d <= last:
        yield d
        d += dt.timedelta(days=1)


def _clinic(rng: random.Random, t: Truth) -> None:
    names = list(DOCTOR_NAMES)
    rng.shuffle(names)
    specialties = [s for s, (n, *_) in SPECIALTIES.items() for _ in range(n)]
    for i, (name, spec) in enumerate(zip(names, specialties), start=1):
        days = sorted(rng.sample(range(5), rng.randint(3, 5)))  # working weekdays
        if spec == "General practice" and i <= 2:
            days.append(5)  # two GPs hold a Saturday morning surgery
        langs = ["Dutch", "English"] + sorted(rng.sample(LANGUAGES, rng.choice([0, 1, 1, 2])))
        t.doctors.append(
            {
                "id": f"D{i:02d}",
                "name": name,
                "specialty": spec,
                "room": f"{rng.randint(0, 2)}.{rng.randint(1, 24):02d}",
                "since": rng.randint(2004, 2022),
                "languages": langs,
                "workdays": days,
            }
        )
    rows = []
    for day in _days(CLINIC_FIRST, CLINIC_LAST):
        for doc in t.doctors:
            if day.weekday() not in doc["workdays"]:
                continue
            _, durations, base, extra = SPECIALTIES[doc["specialty"]]
            saturday = day.weekday() == 5
            n = rng.randint(1, 3) if saturday else rng.randint(2, 6)
            first, last = (9 * 60, 12 * 60) if saturday else (8 * 60, 18 * 60 + 30)
            starts = sorted(rng.sample(range(first, last, 5), n))
            for start in starts:
                minutes = rng.choice(durations)
                status = rng.choices(STATUSES, weights=[80, 7, 9, 4])[0]
                fee = None
                if status == "attended":
                    fee = base + extra * (minutes // 15 - 1)
                elif status == "no-show":
                    fee = NO_SHOW_FEE
                rows.append(
                    {
                        "date": day,
                        "time": dt.time(start // 60, start % 60),
                        "doctor": doc["id"],
                        "patient": f"P{rng.randint(1, 420):04d}",
                        "minutes": minutes,
                        "status": status,
                        "new_patient": rng.random() < 0.18,
                        "fee": fee,
                        "via": rng.choices(["phone", "online", "walk-in"], weights=[45, 45, 10])[0]
                        if day.month >= 4
                        else None,
                    }
                )
    rows.sort(key=lambda r: (r["date"], r["time"], r["doctor"]))
    for i, r in enumerate(rows, start=1):
        r["ref"] = f"BK{i:05d}"
    t.appointments = rows


def _shop(rng: random.Random, t: Truth) -> None:
    sku = 1001
    for cat, names in CATEGORIES.items():
        for name in rng.sample(names, rng.randint(4, 6)):
            low, high = {"Kitchen": (6, 90), "Garden": (5, 70), "Toys": (8, 60), "Electronics": (15, 240)}.get(
                cat, (9, 110)
            )
            tags = sorted(rng.sample(TAGS, rng.choice([0, 1, 1, 2, 2, 3])), key=TAGS.index)
            t.products.append(
                {
                    "sku": f"SK-{sku}",
                    "name": name,
                    "category": cat,
                    "price": round(rng.uniform(low, high), 0) - 0.01,
                    "tags": tags,
                    "dims": {
                        "weight_kg": round(rng.uniform(0.1, 6.0), 2),
                        "width_cm": rng.randint(5, 80),
                        "height_cm": rng.randint(3, 60),
                        "depth_cm": rng.randint(2, 50),
                    },
                }
            )
            sku += rng.randint(1, 7)
    popularity = [rng.uniform(0.3, 3.0) for _ in t.products]
    season = [0.8, 0.7, 0.85, 0.9, 1.0, 0.9, 0.8, 0.85, 0.95, 1.1, 1.5, 1.9]  # by month
    start = dt.datetime(2024, 1, 1, tzinfo=UTC)
    orders = []
    for day in range(366):
        when = start + dt.timedelta(days=day)
        for _ in range(max(0, round(rng.gauss(1.75 * season[when.month - 1], 1.0)))):
            hour = rng.choices(
                range(24), weights=[1, 1, 1, 1, 1, 1, 2, 3, 4, 5, 5, 5, 6, 6, 5, 5, 5, 6, 8, 9, 9, 7, 4, 2]
            )
            ms = rng.randint(0, 3_599_999)
            placed_ms = int((when - dt.datetime(1970, 1, 1, tzinfo=UTC)).total_seconds()) * 1000
            placed_ms += hour[0] * 3_600_000 + ms
            product = rng.choices(t.products, weights=popularity)[0]
            country = rng.choices(list(COUNTRIES), weights=[40, 30, 20, 10])[0]
            orders.append(
                {
                    "placed_ms": placed_ms,
                    "customer": f"C{rng.randint(1, 260):04d}",
                    "country": country,
                    "sku": product["sku"],
                    "qty": rng.choices([1, 2, 3, 4], weights=[70, 20, 7, 3])[0],
                    "unit_price": product["price"],
                    "discount": rng.choice(DISCOUNTS) if rng.random() < 0.3 else 0.0,
                    "address": f"{rng.choice(STREETS)} {rng.randint(1, 180)},\n"
                    f"{rng.randint(1000, 9999)} {rng.choice(COUNTRIES[country])}",
                    "note": rng.choice(
                        ["", "", "", "", "Leave at the door, please", 'Ring "twice"', "Gift, no invoice", "Call first"]
                    ),
                }
            )
    orders.sort(key=lambda o: o["placed_ms"])
    for i, o in enumerate(orders):
        o["id"] = 100_001 + i
    t.orders = orders
    category = {p["sku"]: p["category"] for p in t.products}
    rate = {"Kitchen": 0.08, "Garden": 0.10, "Toys": 0.07, "Electronics": 0.15, "Home": 0.12}
    exported_s = int((SHOP_EXPORTED - dt.datetime(1970, 1, 1, tzinfo=UTC)).total_seconds())
    for o in orders:
        if rng.random() >= rate[category[o["sku"]]]:
            continue
        received_s = o["placed_ms"] // 1000 + rng.randint(2 * 86_400, 28 * 86_400)
        if received_s >= exported_s:
            continue
        qty = rng.randint(1, o["qty"])
        refund = round(qty * o["unit_price"] * (1 - o["discount"] / 100), 2)
        pending = received_s > exported_s - 10 * 86_400 or rng.random() < 0.08
        t.returns.append(
            {
                "order": o["id"],
                "received_s": received_s,
                "reason": rng.choice(RETURN_REASONS),
                "qty": qty,
                "refund": None if pending else refund,
            }
        )
    t.returns.sort(key=lambda r: r["received_s"])
    for i, r in enumerate(t.returns, start=1):
        r["id"] = f"RT-{i:05d}"


def _weather(rng: random.Random, t: Truth) -> None:
    for sid, name, elev, lat, lon, (year, month) in STATIONS:
        t.stations.append(
            {"id": sid, "name": name, "elevation": elev, "lat": lat, "lon": lon, "opened": dt.date(year, month, 1)}
        )
    wet = [0.55, 0.5, 0.5, 0.42, 0.4, 0.38, 0.42, 0.45, 0.35, 0.56, 0.65, 0.58]  # chance of rain by month
    amount = [3.0, 2.8, 2.6, 2.4, 3.6, 4.0, 4.6, 4.4, 2.6, 3.9, 4.8, 3.4]  # mean mm on a wet day by month
    storm = (dt.date(2024, 9, 12), dt.date(2024, 9, 14))  # three days of heavy rain over the whole network
    # outages (days without a row) and the storm's extra rain come from their own stream, and a day's values are
    # drawn even when its row is then dropped, so these events leave every other reading alone
    events = random.Random(rng.getrandbits(64))
    outages: dict[str, list[tuple[dt.date, int]]] = {
        "WS02": [(dt.date(2023, 8, 14), 9)],
        # a flaky modem: many short outages
        "WS03": [(WEATHER_FIRST + dt.timedelta(days=events.randint(0, 725)), events.randint(1, 3)) for _ in range(16)],
        "WS04": [(dt.date(2023, 2, 6), 12), (dt.date(2024, 1, 22), 5)],
        "WS06": [(dt.date(2024, 6, events.randint(1, 20)), events.randint(6, 10))],
    }
    outages["WS03"].append(POWER_CUT)
    local = {st["id"]: rng.gauss(0, 1.2) for st in t.stations}  # sheltered valley, sea breeze, city heat
    gone = {
        (sid, start + dt.timedelta(days=k)) for sid, spans in outages.items() for start, n in spans for k in range(n)
    }
    for day in _days(WEATHER_FIRST, WEATHER_LAST):
        doy = day.timetuple().tm_yday
        base = 10.5 - 8.5 * math.cos(2 * math.pi * (doy - 20) / 365.25) + (0.4 if day.year == 2024 else 0.0)
        front = rng.gauss(0, 2.5)  # weather shared by the network that day
        front_wet = rng.random()
        for st in t.stations:
            mean = base + front + local[st["id"]] - 0.0065 * st["elevation"] + rng.gauss(0, 1.0)
            span = rng.uniform(5.0, 11.0)
            tmax, tmin = round(mean + span / 2, 1), round(mean - span / 2, 1)
            p_wet = wet[day.month - 1] * (1.15 if day.year == 2024 else 1.0) + st["elevation"] / 4000
            rainy = front_wet < p_wet if rng.random() < 0.8 else rng.random() < p_wet
            rain = (
                round(rng.expovariate(1 / (amount[day.month - 1] * (1 + st["elevation"] / 1500))), 1) if rainy else 0.0
            )
            if storm[0] <= day <= storm[1]:
                rain = round(rain + max(8.0, events.gauss(27, 6)), 1)
            humidity = max(35, min(100, round(78 + (12 if rain else -4) - (tmax - 12) * 0.8 + rng.gauss(0, 6))))
            row = {"date": day, "station": st["id"], "tmax": tmax, "tmin": tmin, "rain": rain, "humidity": humidity}
            for key in ("tmax", "tmin", "rain", "humidity"):
                if rng.random() < 0.015:
                    row[key] = None
            if (st["id"], day) not in gone:
                t.weather.append(row)


def _school(rng: random.Random, t: Truth) -> None:
    names = rng.sample([f"{f} {last}" for f in FIRST for last in LAST], 114)
    classes = list(CLASSES)
    for i, name in enumerate(names, start=1):
        klass = rng.choices(classes, weights=[27, 30, 26, 31])[0]
        ability = rng.gauss(64, 11) + CLASSES[klass]
        scores: dict[str, Any] = {}
        for subject in SUBJECTS:
            roll = rng.random()
            if roll < 0.03:
                scores[subject] = "abs"
            elif roll < 0.05:
                scores[subject] = "exc"
            else:
                scores[subject] = max(0, min(100, round(ability + SUBJECT_SHIFT[subject] + rng.gauss(0, 9))))
        t.students.append({"id": f"S{i:04d}", "name": name, "class": klass, "scores": scores})
    for s in t.students:
        for subject in ("Maths", "Science"):
            score = s["scores"][subject]
            failed = score in ("abs", "exc") or score < PASS_MARK
            if failed and rng.random() < 0.6:
                old = score if isinstance(score, int) else rng.randint(40, 60)
                new = max(0, min(100, old + rng.randint(-6, 22)))
                day = dt.date(2024, 5, rng.choice([13, 14, 15]))
                t.resits.append({"student": s["id"], "subject": subject, "score": new, "date": day})


def truth(seed: int = SEED) -> Truth:
    t = Truth()
    # one random stream per topic, so that changing one topic's generator leaves the others' data alone
    for name, build in (("clinic", _clinic), ("shop", _shop), ("weather", _weather), ("school", _school)):
        build(random.Random(f"{seed}/{name}"), t)
    return t


# --- rendering: the mess ------------------------------------------------------------------------

STATUS_SPELLINGS = {
    "attended": ["attended", "attended", "Attended"],
    "no-show": ["no-show", "No-show", "no show", "NO SHOW"],
    "cancelled by patient": ["cancelled by patient", "Cancelled (patient)", "CANCELLED"],
    "cancelled by clinic": ["cancelled by clinic", "Cancelled (clinic)"],
}
OLD_COLUMNS = ["booking_ref", "patient_id", "doctor", "date", "time", "duration", "status", "new_patient", "fee"]
NEW_COLUMNS = ["booking_ref", "date", "time", "doctor", "patient_id", "status", "duration", "fee", "new_patient"]
NEW_COLUMNS.append("booked_via")


def file_months(a: dict[str, Any]) -> list[int]:
    """The monthly exports an appointment appears in (the overlap repeats the previous month's last day)."""
    months = [a["date"].month]
    nxt = a["date"] + dt.timedelta(days=1)
    if nxt.month != a["date"].month and nxt.month in OVERLAP_MONTHS:
        months.append(nxt.month)
    return months


def _clock(t: dt.time) -> str:  # 14:35 -> "2:35 pm"
    hour = t.hour % 12 or 12
    return f"{hour}:{t.minute:02d} {'am' if t.hour < 12 else 'pm'}"


def _write_appointments(t: Truth, target: Path, seed: int) -> list[str]:
    rng = random.Random(f"{seed}/render-appointments")
    spelled = {a["ref"]: rng.choice(STATUS_SPELLINGS[a["status"]]) for a in t.appointments}
    names = []
    for month in MONTHS:
        rows = [a for a in t.appointments if month in file_months(a)]
        new = month >= 4
        name = f"appointments_2024-{month:02d}.csv"
        with open(target / name, "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f)
            w.writerow(NEW_COLUMNS if new else OLD_COLUMNS)
            for a in rows:
                cell = {
                    "booking_ref": a["ref"],
                    "patient_id": a["patient"],
                    "doctor": a["doctor"],
                    "date": a["date"].strftime("%d/%m/%Y"),
                    "time": _clock(a["time"]),
                    "duration": f"{a['minutes'] // 60:02d}:{a['minutes'] % 60:02d}:00",
                    "status": spelled[a["ref"]],
                    "new_patient": ("TRUE" if a["new_patient"] else "FALSE") if new else int(a["new_patient"]),
                    "fee": "-" if a["fee"] is None else f"{a['fee']:.2f}",
                    "booked_via": a["via"],
                }
                w.writerow([cell[c] for c in (NEW_COLUMNS if new else OLD_COLUMNS)])
        names.append(name)
    return names


def _write_doctors(t: Truth, path: Path) -> None:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<clinic name="Lindenhof Health Centre" exported="2024-07-01">']
    lines.append("  <doctors>")
    for d in t.doctors:
        lines.append(f'    <doctor id="{d["id"]}">')
        lines.append(f"      <name>{d['name']}</name>")
        lines.append(f"      <specialty>{d['specialty']}</specialty>")
        lines.append(f"      <room>{d['room']}</room>")
        lines.append(f"      <since>{d['since']}</since>")
        lines.append("      <languages>")
        lines.extend(f"        <language>{lang}</language>" for lang in d["languages"])
        lines.append("      </languages>")
        lines.append("    </doctor>")
    lines += ["  </doctors>", "</clinic>", ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def _write_orders(t: Truth, path: Path) -> None:
    text = io.StringIO()
    w = csv.writer(text, lineterminator="\n")
    w.writerow(
        ["order_id", "created_ts", "customer", "country", "sku", "qty", "unit_price", "discount", "ship_to", "note"]
    )
    for o in t.orders:
        discount = f"{o['discount']:g}%" if o["discount"] else ""
        w.writerow(
            [
                o["id"],
                o["placed_ms"],
                o["customer"],
                o["country"],
                o["sku"],
                o["qty"],
                f"{o['unit_price']:.2f}",
                discount,
            ]
            + [o["address"], o["note"]]
        )
    raw = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz:
        gz.write(text.getvalue().encode("utf-8"))
    path.write_bytes(raw.getvalue())


def _write_returns(t: Truth, path: Path) -> None:
    records = {
        r["id"]: {
            "order_ref": f"ORD-{r['order']}",
            "received_at": r["received_s"],
            "reason": r["reason"],
            "items": r["qty"],
            "refund_eur": r["refund"],
        }
        for r in t.returns
    }
    doc = {"export": {"system": "returns-desk", "generated": SHOP_EXPORTED.isoformat()}, "returns": records}
    path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _write_products(t: Truth, path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    dims = pa.struct(
        [("weight_kg", pa.float64()), ("width_cm", pa.int64()), ("height_cm", pa.int64()), ("depth_cm", pa.int64())]
    )
    table = pa.table(
        {
            "sku": pa.array([p["sku"] for p in t.products]),
            "name": pa.array([p["name"] for p in t.products]),
            "category": pa.array([p["category"] for p in t.products]),
            "price": pa.array([p["price"] for p in t.products], pa.float64()),
            "tags": pa.array([p["tags"] for p in t.products], pa.list_(pa.string())),
            "dimensions": pa.array([p["dims"] for p in t.products], dims),
        }
    )
    pq.write_table(table, path)


def _write_stations(t: Truth, path: Path) -> None:
    out = [
        "# Weather station network — status report",
        "",
        "Prepared for the network's annual review. All stations report one row per day to the central",
        "database; the figures below describe the sites, not the measurements.",
        "",
        "## Stations",
        "",
        "| id | name | elevation (m) | latitude | longitude | opened |",
        "|:---|:-----|--------------:|---------:|----------:|:------:|",
    ]
    for s in t.stations:
        opened = s["opened"].strftime("%b %Y")
        out.append(f"| {s['id']} | {s['name']} | {s['elevation']} | {s['lat']:.3f} | {s['lon']:.3f} | {opened} |")
    out += [
        "",
        "Elevations are above mean sea level. Ridge Top is exposed to wind from the west.",
        "",
        "## Maintenance log 2024",
        "",
        "| station | date | work |",
        "|---|---|---|",
        "| WS03 | 2024-03-12 | rain gauge cleaned |",
        "| WS04 | 2024-05-02 | mast repaired after storm |",
        "| WS03 | 2024-06-04 | power restored after a lightning strike |",
        "| WS01 | 2024-09-18 | humidity sensor replaced |",
        "| WS06 | 2024-10-07 | annual calibration |",
        "",
        "Days without a row in the readings are outages (power or modem failure). The storm of 12-14",
        "September 2024 brought the heaviest rain since the network was set up.",
        "",
    ]
    path.write_text("\n".join(out), encoding="utf-8")


def _write_weather(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/render-weather")
    text = io.StringIO()
    w = csv.writer(text, lineterminator="\n")
    w.writerow(["date", "station", "tmax", "tmin", "rain", "humidity", "remarks"])
    w.writerow(["yyyy-mm-dd", "", "°C", "°C", "mm", "%", ""])
    for r in t.weather:
        cells = [r["date"].isoformat(), r["station"]]
        for key in ("tmax", "tmin", "rain", "humidity"):
            cells.append(rng.choice(MISSING_CODES) if r[key] is None else r[key])
        cells.append(rng.choice(REMARKS) if rng.random() < 0.01 else "")
        w.writerow(cells)
    path.write_bytes(text.getvalue().encode("latin-1"))


def _write_exams(t: Truth, path: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font

    wb = Workbook()
    notes = wb.active
    notes.title = "Notes"
    for line in [
        "Year 10 spring exams 2024 - export from the school information system",
        "",
        "Scores are percentages (0-100).",
        "abs = absent on the day of the exam; exc = excused (medical or family reasons).",
        f"Pass mark: {PASS_MARK} or more.",
        "Resits were held in May 2024; see the sheet Resits.",
    ]:
        notes.append([line])
    ws = wb.create_sheet("Results")
    ws.append(["Year 10 - spring term 2024 - exam results"])
    ws.merge_cells(start_row=1, start_column=1, end_row=1, end_column=3 + len(SUBJECTS))
    ws["A1"].font = Font(bold=True, size=14)
    ws["A1"].alignment = Alignment(horizontal="center")
    ws.append([])
    ws.append(["Student ID", "Name", "Class", *SUBJECTS])
    for s in t.students:
        ws.append([s["id"], s["name"], s["class"], *(s["scores"][x] for x in SUBJECTS)])
    rs = wb.create_sheet("Resits")
    rs.append(["Student no.", "Subject", "Resit score", "Date"])
    for r in t.resits:
        rs.append([int(r["student"][1:]), r["subject"], r["score"], r["date"]])
        rs.cell(row=rs.max_row, column=4).number_format = "DD-MM-YYYY"
    fixed = dt.datetime(2024, 6, 3, 8, 0, 0)
    wb.properties.created = fixed
    wb.properties.modified = fixed
    wb.properties.creator = "School office"
    raw = io.BytesIO()
    wb.save(raw)
    # openpyxl stamps the save time into the zip entries and docProps/core.xml: pin both
    with zipfile.ZipFile(io.BytesIO(raw.getvalue())) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                data = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"2024-06-03T08:00:00Z", data)
            out.writestr(zipfile.ZipInfo(info.filename, date_time=(2024, 6, 3, 8, 0, 0)), data, zipfile.ZIP_DEFLATED)


def write_files(target: Path, seed: int = SEED) -> list[str]:
    """Write the data files into `target`; return their names."""
    t = truth(seed)
    target = Path(target)
    target.mkdir(parents=True, exist_ok=True)
    names = _write_appointments(t, target, seed)
    _write_doctors(t, target / "doctors.xml")
    _write_orders(t, target / "orders.csv.gz")
    _write_returns(t, target / "returns.json")
    _write_products(t, target / "products.parquet")
    _write_stations(t, target / "stations.md")
    _write_weather(t, target / "weather.csv", seed)
    _write_exams(t, target / "exam_results.xlsx")
    return names + [
        "doctors.xml",
        "orders.csv.gz",
        "returns.json",
        "products.parquet",
        "stations.md",
        "weather.csv",
        "exam_results.xlsx",
    ]


if __name__ == "__main__":
    import sys

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout3-data")
    print("\n".join(str(out / n) for n in write_files(out)))
