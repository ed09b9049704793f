"""The seventh held-out set's data files: generated from a seed, with the mess real exports have.

`truth(seed)` builds the clean records (the ground truth the reference answers are computed from,
stdlib only); `write_files(dir, seed)` renders them messily into these files:

- solar_inverters_2024.jsonl
                        a solar farm's 15-minute inverter readings, April to June 2024, as JSON
                        Lines: one object per reading, timestamps with a "+02:00" offset marking
                        the END of each 15-minute interval, the power in watts ("p_ac_w") until a
                        firmware update in May and in kilowatts ("p_ac_kw") after it, states
                        spelled differently by the two firmwares ("FAULT" / "fault"), temperature
                        sometimes null, no readings at night and gaps when the logger was offline
- inverter_register.txt a fixed-width text report of the farm's six inverters: a title line, a
                        header, a dashed rule, unit ids "INV01" where the readings say "INV-01",
                        day-first commissioning dates "14.06.2021"
- hotel_bookings_2024.xlsx
                        a hotel group's bookings for arrivals June to September 2024: a "Hotels"
                        sheet first (rooms per hotel), then one sheet per hotel, each with a
                        two-row header (merged group labels above the column names); nightly
                        rates as numbers in most rows but text with a currency ("€149.00",
                        "149.00 EUR") in some; statuses and channels spelled several ways
- flights_2024q3.xml    a regional airline's flights, July to September 2024, as XML: day-first
                        dates "05/08/2024", scheduled and actual times as local "HH:MM" (an
                        arrival after midnight keeps the flight's date), missing times written
                        "-" (cancelled) or "n/a" (diverted), status codes ARR / CNL / DIV
- airports.csv          the airports: "Bergen Flesland (BGO)" (the code only inside the name),
                        "Bergen, Norway" (city and country in one field)
- harvest_by_block.csv  a vineyard's harvest per block, one column per vintage 2017-2024 (a wide
                        table): tonnes as "12.4", some cells "12.4 t", young vines' small crops in
                        kilograms "850 kg", "n/a" (not yet cropping) and "-" (no crop); blocks
                        named "A-01"
- vineyard_blocks.dta   the vineyard's block register as a Stata file: blocks named "A1", the
                        variety as a value-labelled code, area in hectares, year planted
Same seed, same bytes.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import math
import random
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEED = 7_318_007


def _days(first: dt.date, last: dt.date):
    d = first
    while d <= last:
        yield d
        d += dt.timedelta(days=1)


def _poisson(rng: random.Random, lam: float) -> int:
    limit, k, p = math.exp(-lam), 0, 1.0
    while True:
        p *= rng.random()
        if p <= limit:
            return k
        k += 1


def _pick(rng: random.Random, weights: dict) -> Any:
    return rng.choices(list(weights), weights=list(weights.values()))[0]


@dataclass
class Truth:
    inverters: list[dict[str, Any]] = field(default_factory=list)
    readings: list[dict[str, Any]] = field(default_factory=list)  # local interval-end times; power in watts
    hotels: list[dict[str, Any]] = field(default_factory=list)
    bookings: list[dict[str, Any]] = field(default_factory=list)  # nightly rate in whole euros
    airports: list[dict[str, Any]] = field(default_factory=list)
    flights: list[dict[str, Any]] = field(default_factory=list)  # local datetimes at each airport
    blocks: list[dict[str, Any]] = field(default_factory=list)
    harvest: list[dict[str, Any]] = field(default_factory=list)  # one row per block and vintage; kg or None


# --- solar farm ------------------------------------------------------------------------------------------

SOLAR_FIRST = dt.date(2024, 4, 1)
SOLAR_LAST = dt.date(2024, 6, 30)
STRING_KWP = 4.14  # ten 414 W modules per string
INVERTERS = [  # unit, block, model, rated kVA, strings, efficiency, commissioned
    ("INV-01", "A", "SG110CX", 110, 32, 0.975, dt.date(2021, 6, 14)),
    ("INV-02", "A", "SG110CX", 110, 32, 0.969, dt.date(2021, 6, 14)),
    ("INV-03", "B", "SG110CX", 110, 31, 0.972, dt.date(2021, 6, 21)),
    ("INV-04", "B", "SG110CX", 110, 32, 0.958, dt.date(2021, 6, 21)),
    ("INV-05", "C", "SG125HX", 125, 33, 0.971, dt.date(2021, 7, 2)),
    ("INV-06", "C", "SG125HX", 125, 33, 0.974, dt.date(2023, 2, 8)),  # replaced after a failure
]
FIRMWARE = {  # the update to 3.0.2 (power in kW, lower-case states), per block
    "A": dt.datetime(2024, 5, 14, 10, 40),
    "B": dt.datetime(2024, 5, 15, 11, 10),
    "C": dt.datetime(2024, 5, 21, 9, 25),
}
STRING_FAULT = ("INV-05", dt.date(2024, 5, 6), dt.date(2024, 5, 27), 0.84)  # a blown string fuse, then repaired
LONG_FAULT = ("INV-06", dt.datetime(2024, 6, 10, 8, 0), dt.datetime(2024, 6, 11, 14, 0))
LOGGER_OUTAGE = (dt.datetime(2024, 4, 23, 11, 0), dt.datetime(2024, 4, 23, 15, 45))
SKY = {"clear": 0.45, "mixed": 0.35, "overcast": 0.2}


def _sun(day: dt.date) -> tuple[float, float]:
    """Sunrise and sunset in local summer time, in hours (latitude about 50 degrees north)."""
    doy = day.timetuple().tm_yday
    half = (12 + 4.2 * math.sin(2 * math.pi * (doy - 81) / 365.25)) / 2
    noon = 13 + 25 / 60
    return noon - half, noon + half


def _solar(rng: random.Random, t: Truth) -> None:
    for unit, block, model, kva, strings, eff, commissioned in INVERTERS:
        t.inverters.append(
            {
                "unit": unit,
                "block": block,
                "model": model,
                "kva": kva,
                "strings": strings,
                "kwp": round(strings * STRING_KWP, 2),
                "eff": eff,
                "commissioned": commissioned,
            }
        )
    faults: set[tuple[str, dt.datetime]] = set()
    offline: set[tuple[str, dt.datetime]] = set()
    for day in _days(SOLAR_FIRST, SOLAR_LAST):
        doy = day.timetuple().tm_yday
        rise, sett = _sun(day)
        slots = []
        for k in range(96):
            end = dt.datetime.combine(day, dt.time()) + dt.timedelta(minutes=15 * (k + 1))
            mid = (k + 0.5) / 4
            if rise < mid < sett:
                slots.append((end, math.sin(math.pi * (mid - rise) / (sett - rise)) ** 1.25))
        sky = _pick(rng, SKY)
        clear = {"clear": rng.uniform(0.88, 1.0), "mixed": rng.uniform(0.5, 0.85), "overcast": rng.uniform(0.12, 0.42)}
        clear = clear[sky]
        swing = {"clear": 0.05, "mixed": 0.55, "overcast": 0.25}[sky]
        peak = 0.8 + 0.17 * min(1.0, (doy - 92) / 80)
        ambient = 9 + 12 * (doy - 92) / 90 + rng.gauss(0, 3.2) + (3 if sky == "clear" else -1)
        sky_at = [clear * (1 - swing * rng.random() ** 2) for _ in slots]
        for inv in t.inverters:
            unit = inv["unit"]
            if rng.random() < 0.025:  # a short fault: the inverter reports, producing nothing
                start = rng.randrange(len(slots))
                for end, _ in slots[start : start + rng.randint(1, 20)]:
                    faults.add((unit, end))
            if rng.random() < 0.016:  # the inverter's link drops: no readings at all
                start = rng.randrange(len(slots))
                for end, _ in slots[start : start + rng.randint(2, 30)]:
                    offline.add((unit, end))
            update = FIRMWARE[inv["block"]]
            for (end, profile), s in zip(slots, sky_at):
                if (unit, end) in offline or LOGGER_OUTAGE[0] < end <= LOGGER_OUTAGE[1]:
                    continue
                if update <= end < update + dt.timedelta(hours=1):  # restarting after the update
                    continue
                new = end >= update
                fault = (unit, end) in faults or (unit == LONG_FAULT[0] and LONG_FAULT[1] <= end < LONG_FAULT[2])
                irr = peak * profile * s
                dc = inv["kwp"] * 1000 * irr * 0.96 * rng.uniform(0.985, 1.015)
                if unit == STRING_FAULT[0] and STRING_FAULT[1] <= day <= STRING_FAULT[2]:
                    dc *= STRING_FAULT[3]
                watts = min(inv["kva"] * 1000, dc * inv["eff"])
                temp = ambient + 6 * profile + 29 * watts / (inv["kva"] * 1000) + rng.gauss(0, 0.8)
                state = "ok"
                if fault:
                    watts, state = 0.0, "fault"
                    temp = ambient + 6 * profile + rng.gauss(0, 0.8)
                elif temp > 61:
                    watts, state = min(watts, 0.88 * inv["kva"] * 1000), "derate"
                t.readings.append(
                    {
                        "ts": end,
                        "unit": unit,
                        "firmware": "3.0.2" if new else "2.4.1",
                        "watts": round(watts),
                        "temp": round(temp, 1) if rng.random() > 0.006 else None,
                        "state": state,
                    }
                )
    t.readings.sort(key=lambda r: (r["ts"], r["unit"]))


# --- hotel group -----------------------------------------------------------------------------------------

HOTEL_FIRST = dt.date(2024, 6, 1)
HOTEL_LAST = dt.date(2024, 9, 30)  # arrivals; the last stays end in October
HOTELS = [  # name, city, rooms, opened, reference prefix, arrival requests a day
    ("Harbour", "Lisbon", 28, dt.date(2016, 5, 2), "HB", 9.0),
    ("Old Town", "Porto", 16, dt.date(2019, 3, 15), "OT", 6.2),
    ("Airport", "Lisbon", 36, dt.date(2021, 6, 1), "AP", 19.0),
]
ROOMS = {  # room type: share, base rate
    "Harbour": {"Standard": (0.6, 128), "Superior": (0.3, 162), "Suite": (0.1, 245)},
    "Old Town": {"Standard": (0.55, 112), "Superior": (0.35, 139), "Suite": (0.1, 198)},
    "Airport": {"Standard": (0.8, 94), "Family": (0.2, 121)},
}
STAY = {
    "Harbour": {1: 10, 2: 22, 3: 26, 4: 18, 5: 10, 6: 5, 7: 6, 10: 3},
    "Old Town": {1: 12, 2: 28, 3: 28, 4: 16, 5: 9, 6: 4, 7: 3},
    "Airport": {1: 62, 2: 25, 3: 9, 4: 4},
}
SEASON = {6: 1.0, 7: 1.14, 8: 1.22, 9: 0.96}
CHANNELS = {
    "Harbour": {"Booking.com": 36, "Direct": 30, "Expedia": 17, "Phone": 8, "Travel agent": 9},
    "Old Town": {"Booking.com": 40, "Direct": 26, "Expedia": 20, "Phone": 8, "Travel agent": 6},
    "Airport": {"Booking.com": 30, "Direct": 29, "Expedia": 15, "Phone": 6, "Walk-in": 20},
}
CHANNEL_SPELLINGS = {
    "Booking.com": {"Booking.com": 5, "booking.com": 2, "BOOKING.COM": 1, "Booking": 2},
    "Direct": {"Direct": 8, "direct": 1},
    "Expedia": {"Expedia": 5, "expedia": 2, "Expedia.com": 1},
    "Phone": {"Phone": 4, "phone": 1, "Telephone": 1},
    "Travel agent": {"Travel agent": 3, "Travel Agent": 2, "TA": 1},
    "Walk-in": {"Walk-in": 3, "Walk in": 2, "walk-in": 1},
}
CANCEL = {"Booking.com": 0.26, "Direct": 0.1, "Expedia": 0.2, "Phone": 0.08, "Travel agent": 0.12, "Walk-in": 0.0}
STATUS_SPELLINGS = {
    "Checked out": {"Checked out": 6, "Checked-out": 2, "checked out": 1, "CHECKED OUT": 1},
    "Cancelled": {"Cancelled": 5, "cancelled": 2, "Canceled": 2, "CANCELLED": 1},
    "No-show": {"No-show": 3, "No show": 2, "no-show": 1},
}
GUEST_COUNTRIES = {"PT": 22, "ES": 14, "FR": 12, "DE": 10, "GB": 10, "US": 9, "BR": 8, "NL": 5, "IT": 5, "CH": 3}


def _hotels(rng: random.Random, t: Truth) -> None:
    for name, city, rooms, opened, prefix, lam in HOTELS:
        t.hotels.append({"hotel": name, "city": city, "rooms": rooms, "opened": opened})
        held: dict[dt.date, int] = {}  # rooms taken (stays and no-shows) per night
        made = []
        for day in _days(HOTEL_FIRST, HOTEL_LAST):
            season = SEASON[day.month] * (1.15 if day.weekday() in (4, 5) else 1.0)
            for _ in range(_poisson(rng, lam * season**1.6)):
                channel = _pick(rng, CHANNELS[name])
                nights = _pick(rng, STAY[name])
                departure = day + dt.timedelta(days=nights)
                room = _pick(rng, {k: v[0] for k, v in ROOMS[name].items()})
                r = rng.random()
                cancel = CANCEL[channel] * (1 + 0.12 * (nights - 2))  # long stays are cancelled more often
                status = "Cancelled" if r < cancel else "No-show" if r < cancel + 0.025 else "Checked out"
                if status != "Cancelled":
                    stay = list(_days(day, departure - dt.timedelta(days=1)))
                    if any(held.get(n, 0) >= rooms for n in stay):
                        continue  # full: the request was turned away
                    for n in stay:
                        held[n] = held.get(n, 0) + 1
                rate = ROOMS[name][room][1] * SEASON[day.month] * (1.1 if day.weekday() in (4, 5) else 1.0)
                rate *= 0.85 if nights >= 7 else 0.92 if nights >= 4 else 1.0  # long-stay discounts
                rate *= 0.95 if channel == "Direct" else 1.0
                rate *= rng.uniform(0.96, 1.04)
                lead = 0 if channel == "Walk-in" else int(rng.expovariate(1 / (12 if name == "Airport" else 45)))
                made.append(
                    {
                        "hotel": name,
                        "booked": day - dt.timedelta(days=lead),
                        "channel": channel,
                        "country": _pick(rng, GUEST_COUNTRIES),
                        "guests": min(_pick(rng, {1: 3, 2: 6, 3: 1, 4: 1}), 2 if room == "Standard" else 4),
                        "arrival": day,
                        "departure": departure,
                        "room": room,
                        "rate": round(rate),
                        "board": "B&B" if rng.random() < 0.55 else "Room only",
                        "status": status,
                    }
                )
        for n, b in enumerate(sorted(made, key=lambda b: (b["booked"], b["arrival"])), start=1):
            b["ref"] = f"{prefix}24-{n:05d}"
        t.bookings.extend(sorted(made, key=lambda b: (b["arrival"], b["ref"])))


# --- airline -----------------------------------------------------------------------------------------------

AIR_FIRST = dt.date(2024, 7, 1)
AIR_LAST = dt.date(2024, 9, 30)
AIRPORTS = [  # code, name, city, country, hours ahead of Oslo, elevation (ft), congestion
    ("OSL", "Oslo Gardermoen", "Oslo", "Norway", 0, 681, 1.12),
    ("BGO", "Bergen Flesland", "Bergen", "Norway", 0, 170, 1.0),
    ("TRD", "Trondheim Værnes", "Trondheim", "Norway", 0, 56, 0.98),
    ("SVG", "Stavanger Sola", "Stavanger", "Norway", 0, 29, 0.95),
    ("TOS", "Tromsø Langnes", "Tromsø", "Norway", 0, 31, 1.05),
    ("BOO", "Bodø", "Bodø", "Norway", 0, 42, 1.0),
    ("AES", "Ålesund Vigra", "Ålesund", "Norway", 0, 69, 0.95),
    ("KRS", "Kristiansand Kjevik", "Kristiansand", "Norway", 0, 57, 0.9),
    ("CPH", "Copenhagen Kastrup", "Copenhagen", "Denmark", 0, 17, 1.3),
    ("ARN", "Stockholm Arlanda", "Stockholm", "Sweden", 0, 137, 1.2),
    ("GOT", "Gothenburg Landvetter", "Gothenburg", "Sweden", 0, 506, 1.0),
    ("HEL", "Helsinki-Vantaa", "Helsinki", "Finland", 1, 179, 1.1),
    ("AMS", "Amsterdam Schiphol", "Amsterdam", "Netherlands", 0, -11, 1.55),
    ("ABZ", "Aberdeen Dyce", "Aberdeen", "United Kingdom", -1, 215, 2.1),
    ("EDI", "Edinburgh", "Edinburgh", "United Kingdom", -1, 135, 1.3),
]
OTHER_AIRPORTS = [  # in the airports file, not in the schedule
    ("KEF", "Reykjavik Keflavik", "Reykjavik", "Iceland", -2, 171),
    ("BLL", "Billund", "Billund", "Denmark", 0, 247),
    ("LHR", "London Heathrow", "London", "United Kingdom", -1, 83),
]
ROUTES = [  # (from, to), block minutes, departures each way: (hour, minute) out, (hour, minute) back
    (
        ("OSL", "BGO"),
        50,
        [(6, 30), (8, 15), (11, 5), (14, 40), (17, 20), (23, 5)],
        [(6, 45), (9, 30), (12, 50), (16, 10), (19, 35), (21, 50)],
    ),
    (
        ("OSL", "TRD"),
        55,
        [(7, 0), (10, 20), (15, 5), (18, 30), (21, 40)],
        [(6, 35), (9, 40), (13, 15), (17, 45), (22, 50)],
    ),
    (
        ("OSL", "SVG"),
        55,
        [(7, 10), (11, 30), (16, 0), (19, 50), (22, 15)],
        [(6, 40), (9, 55), (14, 25), (18, 5), (22, 40)],
    ),
    (("OSL", "TOS"), 110, [(8, 5), (15, 30), (22, 45)], [(6, 15), (11, 40), (18, 55)]),
    (("OSL", "BOO"), 90, [(9, 10), (19, 15)], [(7, 5), (13, 30)]),
    (("OSL", "AES"), 50, [(8, 40), (22, 30)], [(6, 50), (17, 10)]),
    (("OSL", "KRS"), 45, [(9, 45), (20, 10)], [(7, 15), (17, 35)]),
    (("BGO", "TRD"), 60, [(7, 30), (16, 45)], [(10, 5), (19, 20)]),
    (("BGO", "SVG"), 40, [(8, 0), (17, 30)], [(9, 25), (19, 0)]),
    (("OSL", "CPH"), 70, [(7, 20), (12, 35), (18, 10)], [(9, 50), (15, 15), (20, 45)]),
    (("BGO", "CPH"), 80, [(11, 15)], [(14, 5)]),
    (("OSL", "ARN"), 60, [(7, 5), (13, 0), (18, 40)], [(8, 50), (15, 20), (20, 35)]),
    (("OSL", "GOT"), 55, [(8, 25), (17, 5)], [(10, 10), (18, 50)]),
    (("OSL", "HEL"), 95, [(21, 55)], [(7, 35)]),
    (("OSL", "AMS"), 115, [(7, 45), (16, 20)], [(10, 40), (19, 25)]),
    (("BGO", "AMS"), 105, [(12, 10)], [(15, 0)]),
    (("SVG", "ABZ"), 70, [(9, 30)], [(12, 30)]),
    (("OSL", "EDI"), 120, [(13, 40)], [(16, 50)]),
]
AIR_MONTH = {7: 1.35, 8: 1.08, 9: 0.8}
STORM = {dt.date(2024, 8, 6): {"TOS", "BOO", "AES"}, dt.date(2024, 9, 13): {"BGO", "SVG", "AES"}}


def _airline(rng: random.Random, t: Truth) -> None:
    airports = {a[0]: a for a in AIRPORTS}
    for code, name, city, country, _, elevation, *_ in AIRPORTS + OTHER_AIRPORTS:
        t.airports.append({"code": code, "name": name, "city": city, "country": country, "elevation": elevation})
    slots = []
    for i, ((a, b), block, out, back) in enumerate(ROUTES):
        for odd, (origin, dest, times) in enumerate(((a, b, out), (b, a, back))):
            for k, (h, m) in enumerate(times):  # outbound flights even-numbered, the way back odd
                slots.append((f"NV{400 + 20 * i + 2 * k + odd}", origin, dest, block, h, m, k))
    n = 100000
    for day in _days(AIR_FIRST, AIR_LAST):
        wd = day.weekday()
        flights = []
        for flight_no, origin, dest, block, h, m, k in slots:
            if wd == 5 and k >= 3:  # thinner Saturday schedule
                continue
            if "ABZ" in (origin, dest) and wd == 5 or "EDI" in (origin, dest) and wd in (1, 2):
                continue
            std = dt.datetime.combine(day, dt.time(h, m))
            ahead = airports[dest][4] - airports[origin][4]
            sta = std + dt.timedelta(minutes=block + 60 * ahead)
            flights.append((flight_no, origin, dest, std, sta))
        for flight_no, origin, dest, std, sta in sorted(flights, key=lambda f: (f[3], f[0])):
            n += 1
            p_cancel = 0.011 * (2.6 if wd == 4 else 1.0) * (1.4 if std.hour >= 17 else 1.0)
            if day in STORM and (origin in STORM[day] or dest in STORM[day]):
                p_cancel = 0.7
            status, atd, ata = "ARR", None, None
            if rng.random() < p_cancel:
                status = "CNL"
            else:
                late = 0.22 * airports[origin][6] * AIR_MONTH[day.month] * (1 + max(0, std.hour - 12) / 14)
                if rng.random() < min(0.85, late):
                    delay = 3 + round(rng.lognormvariate(math.log(22), 0.85) * airports[origin][6] ** 0.5)
                else:
                    delay = rng.randint(-6, 6)
                delay = min(delay, 540)
                atd = std + dt.timedelta(minutes=delay)
                ata = sta + dt.timedelta(minutes=delay + rng.randint(-14, 9))
                if rng.random() < 0.003:
                    status, ata = "DIV", None
            t.flights.append(
                {
                    "id": n,
                    "number": flight_no,
                    "date": day,
                    "origin": origin,
                    "dest": dest,
                    "std": std,
                    "sta": sta,
                    "atd": atd,
                    "ata": ata,
                    "status": status,
                }
            )


# --- vineyard --------------------------------------------------------------------------------------------

VINTAGES = list(range(2017, 2025))
VARIETIES = {  # tonnes per hectare in a normal year, blocks
    "Sauvignon Blanc": (10.8, 5),
    "Pinot Noir": (6.4, 7),
    "Chardonnay": (11.2, 4),
    "Pinot Gris": (9.4, 3),
    "Riesling": (8.2, 3),
    "Syrah": (7.2, 2),
}
VINTAGE_FACTOR = {2017: 0.92, 2018: 1.06, 2019: 0.97, 2020: 1.0, 2021: 0.68, 2022: 1.12, 2023: 0.84, 2024: 1.03}
YOUNG = {3: 0.3, 4: 0.7}  # the crop of vines in their third and fourth leaf, as a share of a full crop
NO_CROP = {("D-03", 2021), ("D-04", 2021), ("D-05", 2021), ("B-02", 2024), ("C-06", 2019)}  # frost, hail, reworked
ROOTSTOCKS = ["101-14", "3309C", "SO4", "Riparia Gloire", "Schwarzmann"]


def _vineyard(rng: random.Random, t: Truth) -> None:
    varieties = [v for v, (_, count) in VARIETIES.items() for _ in range(count)]
    rng.shuffle(varieties)
    planted_young = {"A-04": 2020, "C-02": 2019, "D-06": 2020, "B-05": 2018}
    for n, variety in enumerate(varieties):
        code = f"{'ABCD'[n // 6]}-{n % 6 + 1:02d}"
        area = rng.uniform(1.6, 4.8) if variety == "Sauvignon Blanc" else rng.uniform(0.7, 2.9)
        if variety == "Pinot Noir":
            area *= 0.8
        planted = planted_young.get(code, rng.choice(range(1989, 2013)))
        block = {
            "block": code,
            "variety": variety,
            "hectares": round(area, 2),
            "planted": planted,
            "rootstock": rng.choice(ROOTSTOCKS),
            "irrigated": rng.random() < 0.6,
            "vigour": rng.uniform(0.86, 1.14),
        }
        t.blocks.append(block)
        for year in VINTAGES:
            leaf = year - planted
            if leaf < 3:
                kg, note = None, "n/a"
            elif (code, year) in NO_CROP:
                kg, note = None, "-"
            else:
                tonnes = block["hectares"] * VARIETIES[variety][0] * VINTAGE_FACTOR[year] * block["vigour"]
                tonnes *= YOUNG.get(leaf, 1.0) * rng.uniform(0.88, 1.12)
                kg, note = (round(tonnes * 100) * 10, "kg") if leaf in YOUNG else (round(tonnes * 10) * 100, "t")
            t.harvest.append({"block": code, "vintage": year, "kg": kg, "note": note})


def truth(seed: int = SEED) -> Truth:
    t = Truth()
    # one random stream per topic, so that changing one topic's generator leaves the others' data alone
    for name, build in (("solar", _solar), ("hotels", _hotels), ("airline", _airline), ("vineyard", _vineyard)):
        build(random.Random(f"{seed}/{name}"), t)
    return t


# --- rendering: the mess ------------------------------------------------------------------------------

WHEN = (2025, 1, 6, 9, 0, 0)  # the xlsx parts' and the Stata file's timestamps


def _write_readings(t: Truth, path: Path) -> None:
    old = {"ok": "OK", "fault": "FAULT", "derate": "DERATE"}
    new = {"ok": "ok", "fault": "fault", "derate": "derating"}
    lines = []
    for r in t.readings:
        ts = r["ts"].strftime("%Y-%m-%dT%H:%M:%S") + "+02:00"
        if r["firmware"] == "2.4.1":
            rec = {"ts": ts, "inverter": r["unit"], "fw": r["firmware"], "p_ac_w": r["watts"]}
            rec |= {"temp_c": r["temp"], "state": old[r["state"]]}
        else:
            rec = {"ts": ts, "inverter": r["unit"], "fw": r["firmware"], "state": new[r["state"]]}
            rec |= {"p_ac_kw": round(r["watts"] / 1000, 3), "temp_c": r["temp"]}
        lines.append(json.dumps(rec))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _write_register(t: Truth, path: Path) -> None:
    lines = [
        "SUNFIELD SOLAR FARM - INVERTER REGISTER                       revision 2024-03-18",
        "Unit   Block  Model      Rated_kVA  Strings   DC_kWp  Commissioned",
        "-----  -----  ---------  ---------  -------  -------  ------------",
    ]
    for inv in t.inverters:
        lines.append(
            f"{inv['unit'].replace('-', ''):<5}  {inv['block']:<5}  {inv['model']:<9}  {inv['kva']:>9.1f}  "
            f"{inv['strings']:>7}  {inv['kwp']:>7.2f}  {inv['commissioned'].strftime('%d.%m.%Y'):>12}"
        )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _normalise_zip(raw: bytes, when: tuple[int, ...]) -> bytes:
    """Rewrite an xlsx (a zip) with fixed timestamps, so the same workbook gives the same bytes."""
    stamp = dt.datetime(*when).strftime("%Y-%m-%dT%H:%M:%SZ").encode()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(raw)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                data = re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*", rb"\g<1>" + stamp, data)
            z = zipfile.ZipInfo(info.filename, date_time=when)
            z.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(z, data)
    return out.getvalue()


def _write_bookings(t: Truth, path: Path, seed: int) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font

    rng = random.Random(f"{seed}/hotels-render")
    wb = Workbook()
    ws = wb.active
    ws.title = "Hotels"
    ws.append(["Hotel", "City", "Rooms", "Opened"])
    for h in t.hotels:
        ws.append([h["hotel"], h["city"], h["rooms"], h["opened"]])
    for row in ws.iter_rows(min_row=2, min_col=4, max_col=4):
        row[0].number_format = "yyyy-mm-dd"
    columns = ["Ref", "Booked on", "Channel", "Country", "Guests", "Arrival", "Departure", "Room type"]
    columns += ["EUR/night", "Board", "Status"]
    for h in t.hotels:
        ws = wb.create_sheet(h["hotel"])
        ws.append(["Booking", None, None, "Guest", None, "Stay", None, None, "Rate", None, "Outcome"])
        for cells in ("A1:C1", "D1:E1", "F1:H1", "I1:J1"):  # Booking, Guest, Stay, Rate
            ws.merge_cells(cells)
            ws[cells.split(":")[0]].alignment = Alignment(horizontal="center")
        ws.append(columns)
        for cell in ws[1] + ws[2]:
            cell.font = Font(bold=True)
        for b in t.bookings:
            if b["hotel"] != h["hotel"]:
                continue
            r = rng.random()
            rate: Any = b["rate"] if r < 0.86 else f"€{b['rate']}.00" if r < 0.93 else f"{b['rate']}.00 EUR"
            ws.append(
                [
                    b["ref"],
                    b["booked"],
                    _pick(rng, CHANNEL_SPELLINGS[b["channel"]]),
                    b["country"],
                    b["guests"],
                    b["arrival"],
                    b["departure"],
                    b["room"],
                    rate,
                    b["board"],
                    _pick(rng, STATUS_SPELLINGS[b["status"]]),
                ]
            )
        for row in ws.iter_rows(min_row=3):
            for col in (1, 5, 6):
                row[col].number_format = "dd/mm/yyyy"
        for col, width in zip("ABCDEFGHIJK", [12, 11, 13, 8, 7, 11, 11, 10, 11, 10, 12]):
            ws.column_dimensions[col].width = width
        ws.freeze_panes = "A3"
    stamp = dt.datetime(*WHEN)
    wb.properties.created = stamp
    wb.properties.modified = stamp
    wb.properties.creator = "reservations"
    buf = io.BytesIO()
    wb.save(buf)
    path.write_bytes(_normalise_zip(buf.getvalue(), WHEN))


def _write_flights(t: Truth, path: Path) -> None:
    def hhmm(x: dt.datetime | None, missing: str) -> str:
        return x.strftime("%H:%M") if x else missing

    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<flights airline="Nordvik Air" period="2024-07-01/2024-09-30" exported="2024-10-02T06:00:00"'
        ' note="Times are local at each airport (HH:MM). date = scheduled departure date. A time after midnight'
        ' belongs to the next day. status: ARR arrived, CNL cancelled, DIV diverted.">',
    ]
    for f in t.flights:
        cancelled = f["status"] == "CNL"
        lines += [
            f'  <flight id="{f["id"]}" number="{f["number"]}">',
            f"    <date>{f['date'].strftime('%d/%m/%Y')}</date>",
            f"    <from>{f['origin']}</from>",
            f"    <to>{f['dest']}</to>",
            f"    <std>{hhmm(f['std'], '')}</std>",
            f"    <atd>{hhmm(f['atd'], '-')}</atd>",
            f"    <sta>{hhmm(f['sta'], '')}</sta>",
            f"    <ata>{hhmm(f['ata'], '-' if cancelled else 'n/a')}</ata>",
            f"    <status>{f['status']}</status>",
            "  </flight>",
        ]
    lines.append("</flights>")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _write_airports(t: Truth, path: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["Airport", "Location", "Elevation (ft)"])
    for a in sorted(t.airports, key=lambda a: a["name"]):
        w.writerow([f"{a['name']} ({a['code']})", f"{a['city']}, {a['country']}", a["elevation"]])
    path.write_text(buf.getvalue(), encoding="utf-8")


def _write_harvest(t: Truth, path: Path, seed: int) -> None:
    rng = random.Random(f"{seed}/vineyard-render")
    cells: dict[str, dict[int, str]] = {}
    for h in t.harvest:
        if h["kg"] is None:
            text = h["note"]
        elif h["note"] == "kg":
            text = f"{h['kg']} kg"
        else:
            text = f"{h['kg'] / 1000:.1f}" + (" t" if rng.random() < 0.12 else "")
        cells.setdefault(h["block"], {})[h["vintage"]] = text
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["Block"] + [str(y) for y in VINTAGES])
    for block in sorted(cells):
        w.writerow([block] + [cells[block][y] for y in VINTAGES])
    path.write_text(buf.getvalue(), encoding="utf-8")


def _write_blocks(t: Truth, path: Path) -> None:
    import pandas as pd

    b = t.blocks
    frame = pd.DataFrame(
        {
            "blk": [x["block"][0] + str(int(x["block"][2:])) for x in b],
            "variety": pd.Categorical([x["variety"] for x in b], categories=list(VARIETIES)),
            "area_ha": [float(x["hectares"]) for x in b],
            "yr_planted": pd.array([x["planted"] for x in b], dtype="int16"),
            "rootstock": [x["rootstock"] for x in b],
            "irrigated": pd.Categorical(["yes" if x["irrigated"] else "no" for x in b], categories=["no", "yes"]),
        }
    )
    frame.to_stata(
        path,
        write_index=False,
        version=118,
        time_stamp=dt.datetime(*WHEN),
        data_label="Riverstone Estate - block register",
        variable_labels={
            "blk": "Block",
            "variety": "Grape variety",
            "area_ha": "Planted area (ha)",
            "yr_planted": "Year planted",
            "rootstock": "Rootstock",
            "irrigated": "Drip irrigation",
        },
    )


FILES = [
    "solar_inverters_2024.jsonl",
    "inverter_register.txt",
    "hotel_bookings_2024.xlsx",
    "flights_2024q3.xml",
    "airports.csv",
    "harvest_by_block.csv",
    "vineyard_blocks.dta",
]


def write_files(target: Path, seed: int = SEED) -> list[str]:
    """Write the data files into `target`; return their names."""
    t = truth(seed)
    target = Path(target)
    target.mkdir(parents=True, exist_ok=True)
    _write_readings(t, target / "solar_inverters_2024.jsonl")
    _write_register(t, target / "inverter_register.txt")
    _write_bookings(t, target / "hotel_bookings_2024.xlsx", seed)
    _write_flights(t, target / "flights_2024q3.xml")
    _write_airports(t, target / "airports.csv")
    _write_harvest(t, target / "harvest_by_block.csv", seed)
    _write_blocks(t, target / "vineyard_blocks.dta")
    return list(FILES)


if __name__ == "__main__":
    import sys

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout7-data")
    print("\n".join(str(out / n) for n in write_files(out)))
