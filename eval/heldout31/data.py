"""The thirty-first held-out set's data: six files on four topics, each imitating a real public export.

* `listings.csv` and `calendar.csv`: an Inside Airbnb snapshot of short-term rentals in Edinburgh
  (scraped 14 September 2024): the detailed listings file (75 columns: prices written `$1,250.00`
  although they are in pounds, booleans `t`/`f`, rates `96%` or `N/A`, the free-text `neighbourhood`
  beside `neighbourhood_cleansed`, host listing counts that include the host's listings elsewhere,
  names like `Rental unit in Edinburgh · ★4.87 · 2 bedrooms · 3 beds · 1 bath`, HTML in the
  description, ids of 18 digits beside old ones of five) and the calendar (one row per listing and
  night for the next 365 nights: `available` as `t`/`f`, prices `$1,250.00`, `adjusted_price` empty).
* `ergast_f1_2024_results.json` and `ergast_f1_2024_sprint.json`: answers of the Ergast / Jolpica
  motor-racing API (`/ergast/f1/2024/results.json?limit=1000` and `/sprint.json`) for a season of
  24 rounds and 6 sprints on the real 2024 calendar with an invented grid of drivers and teams:
  the `MRData` wrapper, every number written as a string, `position` given to every entrant
  (retirements too, with `positionText` `R`, disqualifications `D`), `grid` `0` for a pit-lane start,
  the winner's race time `1:31:44.742` and the others' gaps `+5.123`, lapped cars without a time,
  fastest laps as `1:32.608`, the fastest-lap point folded into `points`, sprint points in the
  other file.
* `2024 FE Guide for DOE-release dates before 9-3-2024-no-sales-9-3-2024public.xlsx`: the US
  Department of Energy / EPA Fuel Economy Guide workbook for model year 2024 (conventional-fuel
  vehicles, sheet `FEguide`): long headers (`Comb FE (Guide) - Conventional Fuel`, `Guzzler?  ` with
  trailing spaces), the manufacturer group (`Mfr Name`, truncated: `Volkswagen Group of`) beside the
  brand (`Division`), upper-case carlines, codes beside descriptions (fuel usage `G`, `GP`, `GPR`;
  transmissions `A`, `SA`, `AM`, `AM-S`, `AV`, `SCV`, `M`), mpg and g/mile.
* `WhatsApp Chat with Hill Walkers.txt`: a WhatsApp group chat exported from an Android phone set to
  US English: `3/12/24, 9:15 PM - Name: text` with a narrow no-break space before AM/PM, messages
  running over several lines, system lines without a sender (the group created, people added,
  joining by link, leaving), `<Media omitted>`, `This message was deleted`, `<This message was
  edited>`, a member known only by a phone number.

Every record is built first with the standard library from a fixed seed (one random stream per
topic); the files are then rendered from those records, so the same seed gives the same bytes.
`truth()` returns the clean records the references are computed from.

    python data.py DIR   # writes the six files into DIR
"""

from __future__ import annotations

import csv
import functools
import io
import json
import math
import random
import re
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

SEED = 31_907_215

AB_LISTINGS_FILE = "listings.csv"
AB_CALENDAR_FILE = "calendar.csv"
F1_RESULTS_FILE = "ergast_f1_2024_results.json"
F1_SPRINT_FILE = "ergast_f1_2024_sprint.json"
FE_FILE = "2024 FE Guide for DOE-release dates before 9-3-2024-no-sales-9-3-2024public.xlsx"
WA_FILE = "WhatsApp Chat with Hill Walkers.txt"
FILES = [AB_LISTINGS_FILE, AB_CALENDAR_FILE, F1_RESULTS_FILE, F1_SPRINT_FILE, FE_FILE, WA_FILE]

ZIP_TIME = (2024, 9, 3, 10, 12, 0)  # the time stamp inside the workbook's zip
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    ab: list[dict]  # one dict per listing, in file order
    cal: list[dict]  # one dict per listing and night: id, date, available, price (pounds or None)
    f1: list[dict]  # one dict per race entry: round, race, driver, constructor, grid, position ...
    f1_sprint: list[dict]  # one dict per sprint entry
    fe: list[dict]  # one dict per vehicle configuration (one row of the guide)
    wa: list[dict]  # one dict per chat message (system lines have sender None)


# ==================================================================================================
# Inside Airbnb: Edinburgh, listings (detailed) and calendar, scraped 14 September 2024
# ==================================================================================================

AB_SCRAPED = date(2024, 9, 14)
AB_SCRAPE_ID = 20240914023516
OLD_TOWN = "Old Town, Princes Street and Leith Street"
LEITH = "Leith (Albert Street)"
# neighbourhood_cleansed (Edinburgh's intermediate zones), weight, price factor
AB_NEIGHBOURHOODS = [
    (OLD_TOWN, 0.15, 1.35),
    ("Canongate, Southside and Dumbiedykes", 0.10, 1.2),
    ("New Town West", 0.08, 1.3),
    ("Meadows and Southside", 0.07, 1.05),
    ("Tollcross", 0.07, 1.1),
    (LEITH, 0.07, 0.85),
    ("Hillside and Calton Hill", 0.06, 1.05),
    ("Stockbridge", 0.06, 1.15),
    ("Marchmont West", 0.06, 1.0),
    ("Dalry and Fountainbridge", 0.06, 0.9),
    ("Deans Village", 0.05, 1.2),
    ("Abbeyhill", 0.05, 0.9),
    ("Leith Links", 0.05, 0.85),
    ("Morningside", 0.04, 0.95),
    ("Portobello", 0.04, 0.85),
]
AB_MANAGERS = [  # invented letting agents: name, listings in this city, listings elsewhere
    ("Castlegate Stays", 14, 31),
    ("Heriot Lets", 11, 0),
    ("Forth Apartments", 9, 17),
    ("Calton Serviced Living", 8, 3),
    ("Lothian Holiday Homes", 7, 0),
    ("Grassmarket Residences", 6, 12),
]
FIRST_NAMES = [
    "Fiona", "Callum", "Morag", "Euan", "Kirsty", "Alasdair", "Isla", "Ross", "Catriona", "Hamish", "Mhairi",
    "Graeme", "Aileen", "Duncan", "Shona", "Iain", "Eilidh", "Craig", "Lorna", "Fraser", "Ailsa", "Gordon",
    "Heather", "Struan", "Moira", "Niall", "Rhona", "Stuart", "Elspeth", "Andrew", "Jenny", "Marco", "Sofia",
    "Piotr", "Agnieszka", "Chen", "Priya", "David", "Sarah", "James",
]  # fmt: skip
AB_PROPERTY = {
    "Entire home/apt": ["Entire rental unit", "Entire rental unit", "Entire condo", "Entire home", "Entire serviced apartment", "Entire townhouse"],
    "Private room": ["Private room in rental unit", "Private room in home", "Private room in townhouse", "Private room in bed and breakfast"],
    "Shared room": ["Shared room in hostel"],
    "Hotel room": ["Room in boutique hotel"],
}  # fmt: skip
AB_AMENITIES = [
    "Wifi", "Kitchen", "Heating", "Washer", "Hair dryer", "Iron", "Hot water", "Dishes and silverware",
    "Bed linens", "Smoke alarm", "Carbon monoxide alarm", "TV", "Refrigerator", "Microwave", "Dedicated workspace",
    "Long term stays allowed", "Coffee maker", "Elevator", "Free street parking", "Paid parking off premises",
    "Self check-in", "Lockbox", "Host greets you", "Essentials", "Shampoo", "Books and reading material",
]  # fmt: skip
AB_HEADER = [
    "id", "listing_url", "scrape_id", "last_scraped", "source", "name", "description", "neighborhood_overview",
    "picture_url", "host_id", "host_url", "host_name", "host_since", "host_location", "host_about",
    "host_response_time", "host_response_rate", "host_acceptance_rate", "host_is_superhost", "host_thumbnail_url",
    "host_picture_url", "host_neighbourhood", "host_listings_count", "host_total_listings_count",
    "host_verifications", "host_has_profile_pic", "host_identity_verified", "neighbourhood",
    "neighbourhood_cleansed", "neighbourhood_group_cleansed", "latitude", "longitude", "property_type",
    "room_type", "accommodates", "bathrooms", "bathrooms_text", "bedrooms", "beds", "amenities", "price",
    "minimum_nights", "maximum_nights", "minimum_minimum_nights", "maximum_minimum_nights",
    "minimum_maximum_nights", "maximum_maximum_nights", "minimum_nights_avg_ntm", "maximum_nights_avg_ntm",
    "calendar_updated", "has_availability", "availability_30", "availability_60", "availability_90",
    "availability_365", "calendar_last_scraped", "number_of_reviews", "number_of_reviews_ltm",
    "number_of_reviews_l30d", "first_review", "last_review", "review_scores_rating", "review_scores_accuracy",
    "review_scores_cleanliness", "review_scores_checkin", "review_scores_communication",
    "review_scores_location", "review_scores_value", "license", "instant_bookable",
    "calculated_host_listings_count", "calculated_host_listings_count_entire_homes",
    "calculated_host_listings_count_private_rooms", "calculated_host_listings_count_shared_rooms",
    "reviews_per_month",
]  # fmt: skip
AB_CAL_DAYS = 365


def _ab_price(rng: random.Random, room: str, acc: int, factor: float) -> int:
    if room == "Entire home/apt":
        base = 55 + 32 * acc
    elif room == "Hotel room":
        base = 110
    elif room == "Shared room":
        base = 35
    else:
        base = 48 + 8 * acc
    return int(round(base * factor * math.exp(rng.gauss(0, 0.28))))


def _night_factor(day: date) -> float:
    f = 1.0
    if day.weekday() in (4, 5):
        f *= 1.18
    if day.month == 8:  # the festivals
        f *= 1.9
    if (day.month, day.day) == (12, 31):  # Hogmanay
        f *= 2.6
    elif (day.month, day.day) in ((12, 30), (1, 1)):
        f *= 1.5
    if day.month in (1, 2, 11):
        f *= 0.85
    return f


def _build_ab(rng: random.Random) -> tuple[list[dict], list[dict]]:
    names = [n for n, _, _ in AB_NEIGHBOURHOODS]
    weights = [w for _, w, _ in AB_NEIGHBOURHOODS]
    factor = {n: f for n, _, f in AB_NEIGHBOURHOODS}
    hosts = []  # (host_id, name, in-city listings, elsewhere, is manager)
    next_host = 1_204_117
    for name, n, elsewhere in AB_MANAGERS:
        next_host += rng.randint(2_000_000, 60_000_000)
        hosts.append((next_host, name, n, elsewhere, True))
    while sum(h[2] for h in hosts) < 300:
        next_host += rng.randint(200_000, 4_000_000)
        n = rng.choices([1, 2, 3, 4], [0.72, 0.17, 0.08, 0.03])[0]
        elsewhere = rng.choice([3, 4, 6, 9, 15]) if rng.random() < 0.14 else 0
        hosts.append((next_host, rng.choice(FIRST_NAMES), n, elsewhere, False))
    inactive = {h[0]: rng.choice([0, 0, 0, 1, 2]) for h in hosts}  # listings the host has switched off
    slots = [h for h in hosts for _ in range(h[2])]
    rng.shuffle(slots)
    listings = []
    old_id = 24_288
    for host_id, host_name, n_city, elsewhere, manager in slots:
        new = rng.random() < 0.45
        if new:
            lid = 600_000_000_000_000_000 + rng.randint(0, 600_000_000_000_000_000)
        else:
            old_id += rng.randint(3_000, 160_000)
            lid = old_id
        neigh = rng.choices(names, weights)[0]
        if manager:
            room = "Entire home/apt"
        else:
            room = rng.choices(
                ["Entire home/apt", "Private room", "Shared room", "Hotel room"], [0.66, 0.31, 0.015, 0.015]
            )[0]
        bedrooms = rng.choices([1, 2, 3, 4], [0.5, 0.32, 0.13, 0.05])[0] if room == "Entire home/apt" else 1
        acc = min(16, bedrooms * 2 + rng.choice([0, 0, 1, 2])) if room == "Entire home/apt" else rng.choice([1, 2, 2])
        price = _ab_price(rng, room, acc, factor[neigh])
        has_price = rng.random() > 0.06
        listings.append(
            {
                "id": lid,
                "host_id": host_id,
                "host_name": host_name,
                "manager": manager,
                "host_city": n_city,
                "host_elsewhere": elsewhere,
                "host_listings": n_city + elsewhere,  # host_listings_count: the host's listings anywhere
                "host_total": n_city + elsewhere + inactive[host_id],  # host_total_listings_count
                "neighbourhood": neigh,
                "room": room,
                "property": rng.choice(AB_PROPERTY[room]),
                "accommodates": acc,
                "bedrooms": bedrooms,
                "beds": max(1, bedrooms + rng.choice([0, 0, 1])),
                "baths": rng.choice([1.0, 1.0, 1.0, 1.5, 2.0]) if bedrooms > 1 else 1.0,
                "shared_bath": room in ("Private room", "Shared room") and rng.random() < 0.5,
                "price": price if has_price else None,
                "reviews": int(rng.expovariate(1 / 55)) if rng.random() > 0.1 else 0,
                "rating": round(min(5.0, 4.2 + rng.random() * 0.85), 2),
                "superhost": rng.random() < (0.15 if manager else 0.38),
                "response_rate": None if rng.random() < 0.12 else rng.choice([100, 100, 100, 98, 95, 90, 80, 67, 50]),
                "instant": rng.random() < (0.95 if manager else 0.4),
                "min_nights": rng.choice([1, 1, 2, 2, 3, 30]) if not manager else 2,
                "host_since": date(2010, 1, 1) + timedelta(days=rng.randint(0, 4900)),
                "licence": (
                    f"EH-{rng.randint(10000, 99999)}-{rng.choice('FPSE')}"
                    if rng.random() < 0.72
                    else rng.choice(["", "", "Exempt"])
                ),
                "lat": round(55.953 + rng.gauss(0, 0.012), 6),
                "lon": round(-3.19 + rng.gauss(0, 0.02), 6),
                "amenities": rng.sample(AB_AMENITIES, rng.randint(8, 20)),
                "first_review": None,
            }
        )
    # a few luxury flats in the Old Town (the Royal Mile), priced above a thousand pounds a night
    lux = [a for a in listings if a["neighbourhood"] == OLD_TOWN and a["room"] == "Entire home/apt" and a["price"]]
    for a in lux[:3]:
        a["bedrooms"], a["accommodates"] = 5, 12
        a["price"] = 1_000 + rng.randint(50, 900)
    # the calendar: one row per listing and night, 365 nights from the scrape
    cal = []
    for a in listings:
        busy = rng.uniform(0.25, 0.85)
        avail = []
        for k in range(AB_CAL_DAYS):
            day = AB_SCRAPED + timedelta(days=k)
            if a["price"] is None:
                ok, p = False, None
            else:
                ok = rng.random() > busy * (1.3 if day.month == 8 else 1.0)
                p = int(round(a["price"] * _night_factor(day)))
            avail.append(ok)
            cal.append({"id": a["id"], "date": day, "available": ok, "price": p})
        for n in (30, 60, 90, 365):
            a[f"avail_{n}"] = sum(avail[:n])
        if a["reviews"]:
            a["first_review"] = a["host_since"] + timedelta(days=rng.randint(20, 400))
            if a["first_review"] > AB_SCRAPED - timedelta(days=30):
                a["first_review"] = AB_SCRAPED - timedelta(days=200)
            a["last_review"] = AB_SCRAPED - timedelta(days=int(rng.expovariate(1 / 40)) + 1)
    return listings, cal


def _money(p: int | None) -> str:
    return "" if p is None else f"${p:,.2f}"


def _ab_row(a: dict, rng: random.Random) -> list[str]:
    lid = a["id"]
    kind = a["property"].replace("Entire ", "").replace("Private room in ", "").replace("Shared room in ", "")
    kind = kind[0].upper() + kind[1:]
    if a["room"] == "Private room":
        kind = "Room"
    stars = f" · ★{a['rating']:.2f}" if a["reviews"] >= 3 else " · ★New"
    baths = a["baths"]
    if a["shared_bath"]:
        btext = "1 shared bath" if baths == 1 else f"{baths:g} shared baths"
    elif a["room"] == "Private room" and rng.random() < 0.05:
        btext, baths = "Half-bath", 0.5
    else:
        btext = "1 bath" if baths == 1 else f"{baths:g} baths"
    name = (
        f"{kind} in Edinburgh{stars} · {a['bedrooms']} bedroom{'s' if a['bedrooms'] > 1 else ''}"
        f" · {a['beds']} bed{'s' if a['beds'] > 1 else ''} · {btext}"
    )
    desc = rng.choice(
        [
            "Bright flat a short walk from the Royal Mile.<br /><br /><b>The space</b><br />Two minutes from the bus.",
            "Traditional tenement flat with high ceilings and original features.<br />Close to the Meadows.",
            'Cosy room in a shared flat, "home from home".\nWe love having guests!',
            "Stylish apartment, fully refurbished in 2022. Check-in from 3pm, check-out 11am.",
            "",
        ]
    )
    reviews = a["reviews"]
    ltm = min(reviews, int(reviews * rng.uniform(0.1, 0.5)))
    months_active = None
    if a["first_review"]:
        months_active = max(1.0, (AB_SCRAPED - a["first_review"]).days / 30.4)
    rate = "N/A" if a["response_rate"] is None else f"{a['response_rate']}%"
    rtime = (
        "N/A"
        if a["response_rate"] is None
        else rng.choice(["within an hour", "within an hour", "within a few hours", "within a day"])
    )
    return [
        str(lid),
        f"https://www.airbnb.com/rooms/{lid}",
        str(AB_SCRAPE_ID),
        AB_SCRAPED.isoformat(),
        rng.choice(["city scrape", "city scrape", "previous scrape"]),
        name,
        desc,
        rng.choice(["", "Lively area full of cafes and bars.", "Quiet residential street near the park."]),
        f"https://a0.muscache.com/pictures/{lid % 10**9:09d}.jpg",
        str(a["host_id"]),
        f"https://www.airbnb.com/users/show/{a['host_id']}",
        a["host_name"],
        a["host_since"].isoformat(),
        rng.choice(["Edinburgh, United Kingdom", "Edinburgh, United Kingdom", "London, United Kingdom", ""]),
        "",
        rtime,
        rate,
        rng.choice(["100%", "99%", "95%", "87%", "N/A"]),
        "t" if a["superhost"] else "f",
        f"https://a0.muscache.com/im/users/{a['host_id']}/profile_pic/small.jpg",
        f"https://a0.muscache.com/im/users/{a['host_id']}/profile_pic/large.jpg",
        rng.choice(["Old Town", "New Town", "Leith", "Southside", ""]),
        str(a["host_listings"]),
        str(a["host_total"]),
        rng.choice(["['email', 'phone']", "['email', 'phone', 'work_email']", "['phone']"]),
        "t",
        rng.choice(["t", "t", "f"]),
        rng.choice(
            [
                "Edinburgh, Scotland, United Kingdom",
                "Edinburgh, Scotland, United Kingdom",
                "",
                "Edinburgh, United Kingdom",
            ]
        ),
        a["neighbourhood"],
        "",
        f"{a['lat']:.6f}".rstrip("0").rstrip("."),
        f"{a['lon']:.6f}".rstrip("0").rstrip("."),
        a["property"],
        a["room"],
        str(a["accommodates"]),
        f"{baths:.1f}",
        btext,
        str(a["bedrooms"]),
        str(a["beds"]),
        json.dumps(a["amenities"], ensure_ascii=False),
        _money(a["price"]),
        str(a["min_nights"]),
        str(rng.choice([30, 90, 365, 1125])),
        str(a["min_nights"]),
        str(a["min_nights"]),
        "1125",
        "1125",
        f"{a['min_nights']:.1f}",
        "1125.0",
        "",
        "t" if a["price"] is not None else "",
        str(a["avail_30"]),
        str(a["avail_60"]),
        str(a["avail_90"]),
        str(a["avail_365"]),
        AB_SCRAPED.isoformat(),
        str(reviews),
        str(ltm),
        str(min(ltm, rng.randint(0, 3))),
        a["first_review"].isoformat() if a["first_review"] else "",
        a["last_review"].isoformat() if a["first_review"] else "",
        *(
            [f"{a['rating']:.2f}"] + [f"{min(5.0, a['rating'] + rng.uniform(-0.15, 0.12)):.2f}" for _ in range(6)]
            if reviews
            else [""] * 7
        ),
        a["licence"],
        "t" if a["instant"] else "f",
        "",  # calculated host counts: filled in by the writer
        "",
        "",
        "",
        f"{reviews / months_active:.2f}" if months_active else "",
    ]


def _write_ab(t: Truth, d: Path) -> None:
    rng = _rng("airbnb-render")
    by_host: dict[int, list[dict]] = {}
    for a in t.ab:
        by_host.setdefault(a["host_id"], []).append(a)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(AB_HEADER)
    for a in t.ab:
        row = _ab_row(a, rng)
        mine = by_host[a["host_id"]]
        row[-5:-1] = [
            str(len(mine)),
            str(sum(x["room"] == "Entire home/apt" for x in mine)),
            str(sum(x["room"] == "Private room" for x in mine)),
            str(sum(x["room"] == "Shared room" for x in mine)),
        ]
        w.writerow(row)
    (d / AB_LISTINGS_FILE).write_text(buf.getvalue(), encoding="utf-8")
    min_n = {a["id"]: a["min_nights"] for a in t.ab}
    lines = ["listing_id,date,available,price,adjusted_price,minimum_nights,maximum_nights"]
    for c in t.cal:
        price = _money(c["price"])
        if "," in price:
            price = f'"{price}"'
        lines.append(
            f"{c['id']},{c['date'].isoformat()},{'t' if c['available'] else 'f'},{price},,{min_n[c['id']]},1125"
        )
    (d / AB_CALENDAR_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")


# ==================================================================================================
# Ergast / Jolpica API: a 2024 season's race and sprint results (real calendar, invented grid)
# ==================================================================================================

# circuitId, circuit name, locality, country, lat, long, race name, laps, lap km, typical lap (s), date, sprint
F1_CALENDAR = [
    ("bahrain", "Bahrain International Circuit", "Sakhir", "Bahrain", 26.0325, 50.5106, "Bahrain Grand Prix", 57, 5.412, 94.5, "2024-03-02", False),
    ("jeddah", "Jeddah Corniche Circuit", "Jeddah", "Saudi Arabia", 21.6319, 39.1044, "Saudi Arabian Grand Prix", 50, 6.174, 91.5, "2024-03-09", False),
    ("albert_park", "Albert Park Grand Prix Circuit", "Melbourne", "Australia", -37.8497, 144.968, "Australian Grand Prix", 58, 5.278, 80.8, "2024-03-24", False),
    ("suzuka", "Suzuka Circuit", "Suzuka", "Japan", 34.8431, 136.541, "Japanese Grand Prix", 53, 5.807, 94.0, "2024-04-07", False),
    ("shanghai", "Shanghai International Circuit", "Shanghai", "China", 31.3389, 121.22, "Chinese Grand Prix", 56, 5.451, 97.8, "2024-04-21", True),
    ("miami", "Miami International Autodrome", "Miami", "USA", 25.9581, -80.2389, "Miami Grand Prix", 57, 5.412, 91.0, "2024-05-05", True),
    ("imola", "Autodromo Enzo e Dino Ferrari", "Imola", "Italy", 44.3439, 11.7167, "Emilia Romagna Grand Prix", 63, 4.909, 80.4, "2024-05-19", False),
    ("monaco", "Circuit de Monaco", "Monte-Carlo", "Monaco", 43.7347, 7.42056, "Monaco Grand Prix", 78, 3.337, 75.5, "2024-05-26", False),
    ("villeneuve", "Circuit Gilles Villeneuve", "Montreal", "Canada", 45.5, -73.5228, "Canadian Grand Prix", 70, 4.361, 76.0, "2024-06-09", False),
    ("catalunya", "Circuit de Barcelona-Catalunya", "Montmeló", "Spain", 41.57, 2.26111, "Spanish Grand Prix", 66, 4.657, 77.5, "2024-06-23", False),
    ("red_bull_ring", "Red Bull Ring", "Spielberg", "Austria", 47.2197, 14.7647, "Austrian Grand Prix", 71, 4.318, 68.0, "2024-06-30", True),
    ("silverstone", "Silverstone Circuit", "Silverstone", "UK", 52.0786, -1.01694, "British Grand Prix", 52, 5.891, 89.5, "2024-07-07", False),
    ("hungaroring", "Hungaroring", "Budapest", "Hungary", 47.5789, 19.2486, "Hungarian Grand Prix", 70, 4.381, 80.5, "2024-07-21", False),
    ("spa", "Circuit de Spa-Francorchamps", "Spa", "Belgium", 50.4372, 5.97139, "Belgian Grand Prix", 44, 7.004, 107.5, "2024-07-28", False),
    ("zandvoort", "Circuit Park Zandvoort", "Zandvoort", "Netherlands", 52.3888, 4.54092, "Dutch Grand Prix", 72, 4.259, 74.5, "2024-08-25", False),
    ("monza", "Autodromo Nazionale di Monza", "Monza", "Italy", 45.6156, 9.28111, "Italian Grand Prix", 53, 5.793, 83.5, "2024-09-01", False),
    ("baku", "Baku City Circuit", "Baku", "Azerbaijan", 40.3725, 49.8533, "Azerbaijan Grand Prix", 51, 6.003, 106.5, "2024-09-15", False),
    ("marina_bay", "Marina Bay Street Circuit", "Marina Bay", "Singapore", 1.2914, 103.864, "Singapore Grand Prix", 62, 4.94, 96.5, "2024-09-22", False),
    ("americas", "Circuit of the Americas", "Austin", "USA", 30.1328, -97.6411, "United States Grand Prix", 56, 5.513, 99.5, "2024-10-20", True),
    ("rodriguez", "Autódromo Hermanos Rodríguez", "Mexico City", "Mexico", 19.4042, -99.0907, "Mexico City Grand Prix", 71, 4.304, 80.0, "2024-10-27", False),
    ("interlagos", "Autódromo José Carlos Pace", "São Paulo", "Brazil", -23.7036, -46.6997, "São Paulo Grand Prix", 69, 4.309, 74.0, "2024-11-03", True),
    ("vegas", "Las Vegas Strip Street Circuit", "Las Vegas", "United States", 36.1147, -115.173, "Las Vegas Grand Prix", 50, 6.201, 96.0, "2024-11-23", False),
    ("losail", "Losail International Circuit", "Al Daayen", "Qatar", 25.49, 51.4542, "Qatar Grand Prix", 57, 5.419, 85.5, "2024-12-01", True),
    ("yas_marina", "Yas Marina Circuit", "Abu Dhabi", "UAE", 24.4672, 54.6031, "Abu Dhabi Grand Prix", 58, 5.281, 87.5, "2024-12-08", False),
]  # fmt: skip
# constructorId, name, nationality, strength
F1_TEAMS = [
    ("aldermoor", "Aldermoor", "British", 1.00),
    ("vantaggio", "Scuderia Vantaggio", "Italian", 0.97),
    ("kessler", "Kessler", "German", 0.93),
    ("pelletier", "Pelletier", "French", 0.86),
    ("tatsumi", "Tatsumi", "Japanese", 0.80),
    ("harlan", "Harlan", "American", 0.76),
    ("brunswick", "Brunswick", "British", 0.72),
    ("marchetti", "Marchetti", "Italian", 0.70),
    ("nordvik", "Nordvik", "Swiss", 0.66),
    ("calder", "Calder Racing", "British", 0.62),
]
# driverId, number, code, given, family, born, nationality, team, skill
F1_DRIVERS = [
    ("lindqvist", 7, "LIN", "Teodor", "Lindqvist", "1998-04-11", "Swedish", "aldermoor", 0.045),
    ("okafor", 23, "OKA", "Daniel", "Okafor", "2000-09-30", "British", "aldermoor", 0.0),
    ("rinaldi", 16, "RIN", "Matteo", "Rinaldi", "1997-01-19", "Italian", "vantaggio", 0.04),
    ("duval", 5, "DUV", "Lucas", "Duval", "1999-07-02", "French", "vantaggio", 0.025),
    ("hartmann", 3, "HAR", "Jonas", "Hartmann", "1996-11-24", "German", "kessler", 0.03),
    ("costa", 12, "COS", "Rafael", "Costa", "2001-03-15", "Brazilian", "kessler", 0.01),
    ("moreau", 10, "MOR", "Antoine", "Moreau", "1995-05-08", "French", "pelletier", 0.02),
    ("sato", 21, "SAT", "Kenji", "Sato", "2002-02-27", "Japanese", "pelletier", 0.0),
    ("nakamura", 8, "NAK", "Haruto", "Nakamura", "1999-12-05", "Japanese", "tatsumi", 0.015),
    ("wright", 44, "WRI", "Ethan", "Wright", "1997-08-21", "Australian", "tatsumi", 0.005),
    ("mcallister", 30, "MCA", "Ryan", "McAllister", "2000-06-14", "American", "harlan", 0.01),
    ("ferreira", 27, "FER", "Tiago", "Ferreira", "1998-10-09", "Portuguese", "harlan", 0.0),
    ("kowalczyk", 14, "KOW", "Piotr", "Kowalczyk", "1996-04-03", "Polish", "brunswick", 0.02),
    ("vermeulen", 33, "VER", "Sem", "Vermeulen", "2003-01-22", "Dutch", "brunswick", 0.0),
    ("alvarez", 55, "ALV", "Diego", "Alvarez", "1999-09-17", "Mexican", "marchetti", 0.015),
    ("bianchi", 9, "BIA", "Luca", "Bianchi", "2002-11-11", "Italian", "marchetti", 0.0),
    ("strand", 20, "STR", "Magnus", "Strand", "1995-02-06", "Danish", "nordvik", 0.01),
    ("keller", 2, "KEL", "Noah", "Keller", "2001-07-29", "Swiss", "nordvik", 0.0),
    ("oconnell", 18, "OCO", "Liam", "O'Connell", "1998-03-12", "Irish", "calder", 0.005),
    ("tanaka", 22, "TAN", "Yuto", "Tanaka", "2003-05-31", "Japanese", "calder", 0.0),
    ("brandt", 38, "BRA", "Oliver", "Brandt", "2004-08-16", "German", "kessler", -0.01),  # reserve
]
F1_DRIVER = {d[0]: d for d in F1_DRIVERS}
F1_TEAM = {t[0]: t for t in F1_TEAMS}
F1_SUB = ("costa", "brandt", "Emilia Romagna Grand Prix")  # Costa ill at Imola: the reserve drives
F1_POINTS = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]
F1_SPRINT_POINTS = [8, 7, 6, 5, 4, 3, 2, 1]
F1_RETIRE = ["Engine", "Collision", "Accident", "Gearbox", "Hydraulics", "Brakes", "Power Unit", "Retired", "Spun off", "Collision damage", "Water pressure", "Electrical"]  # fmt: skip
# the drivers some questions are about
F1_GRID_DRIVER = "moreau"  # starts from the pit lane at least once
F1_FINISH_DRIVER = "hartmann"  # retires at least once
F1_POINTS_DRIVER = "duval"  # scores sprint points
F1_RET_TEAM = "harlan"
F1_DSQ = ("Belgian Grand Prix", "kowalczyk")  # disqualified after the race (car underweight)


def _fmt_race_time(ms: int) -> str:
    h, rest = divmod(ms, 3_600_000)
    m, rest = divmod(rest, 60_000)
    s = rest / 1000
    return f"{h}:{m:02d}:{s:06.3f}" if h else f"{m}:{s:06.3f}"  # a sprint's time has no hours


def _fmt_gap(ms: int) -> str:
    if ms >= 60_000:
        m, rest = divmod(ms, 60_000)
        return f"+{m}:{rest / 1000:06.3f}"
    return f"+{ms / 1000:.3f}"


def _fmt_lap(ms: int) -> str:
    m, rest = divmod(ms, 60_000)
    return f"{m}:{rest / 1000:06.3f}"


def _f1_session(rng: random.Random, rnd: int, race: tuple, entrants: list[str], sprint: bool) -> list[dict]:
    cid, _, _, _, _, _, rname, laps, km, lap_s, _, _ = race
    if sprint:
        laps = int(math.ceil(100 / km))
    pace = {}
    for drv in entrants:
        d = F1_DRIVER[drv]
        pace[drv] = F1_TEAM[d[7]][3] + d[8] + rng.gauss(0, 0.035)
    quali = sorted(entrants, key=lambda x: -(pace[x] + rng.gauss(0, 0.02)))
    grid = {drv: i + 1 for i, drv in enumerate(quali)}
    if not sprint:
        pit = [x for x in entrants if rng.random() < 0.02]
        if rnd == 9 and F1_GRID_DRIVER in entrants:
            pit.append(F1_GRID_DRIVER)  # a new power unit in Canada: from the pit lane
        if rnd == 19 and F1_GRID_DRIVER in entrants:
            pit.append(F1_GRID_DRIVER)
        for x in pit:
            grid[x] = 0
    race_perf = {x: pace[x] + rng.gauss(0, 0.03) for x in entrants}
    retired = {}
    for x in entrants:
        p = 0.035 if sprint else 0.07
        if (not sprint and rnd in (6, 17) and x == F1_FINISH_DRIVER) or rng.random() < p:
            retired[x] = rng.randint(0, laps - 3)
    finishers = sorted([x for x in entrants if x not in retired], key=lambda x: -race_perf[x])
    lap_ms = int(lap_s * 1000)
    win_ms = laps * (lap_ms + 2600) + rng.randint(-20_000, 60_000)
    gap = 0
    rows = []
    for x in finishers:
        if rows:
            gap += int(rng.expovariate(1 / (2600 if len(rows) < 6 else 7000 if not sprint else 2500))) + 250
        rows.append({"driver": x, "gap": gap})
    retirees = sorted(retired, key=lambda x: -retired[x])
    out = []
    fastest = {}
    for r in rows:
        fastest[r["driver"]] = lap_ms - int(2500 * (race_perf[r["driver"]] - 0.8)) + rng.randint(-600, 900)
    for x in retirees:
        if retired[x] >= 2:
            fastest[x] = lap_ms - int(2500 * (race_perf[x] - 0.8)) + rng.randint(0, 1800)
    fl_rank = {x: i + 1 for i, x in enumerate(sorted(fastest, key=lambda x: fastest[x]))}
    dsq = F1_DSQ[1] if (not sprint and rname == F1_DSQ[0]) else None
    classified = [r for r in rows if r["driver"] != dsq]
    pos_of = {r["driver"]: i + 1 for i, r in enumerate(classified)}
    order = [r["driver"] for r in classified] + retirees + ([dsq] if dsq else [])
    for i, x in enumerate(order):
        d = F1_DRIVER[x]
        team = d[7]
        if x in retired:
            laps_done, status, text, t_ms = retired[x], rng.choice(F1_RETIRE), "R", None
        elif x == dsq:
            laps_done, status, text, t_ms = laps, "Disqualified", "D", None
        else:
            g = next(r["gap"] for r in rows if r["driver"] == x)
            down = g // (lap_ms + 2600)
            laps_done = laps - down
            status = "Finished" if down == 0 else f"+{down} Lap{'s' if down > 1 else ''}"
            text = str(pos_of[x])
            t_ms = g if down == 0 else None
        pts = 0
        if text.isdigit():
            table = F1_SPRINT_POINTS if sprint else F1_POINTS
            pts = table[int(text) - 1] if int(text) <= len(table) else 0
            if not sprint and fl_rank.get(x) == 1 and int(text) <= 10:
                pts += 1
        out.append(
            {
                "round": rnd,
                "race": rname,
                "circuit": cid,
                "sprint": sprint,
                "driver": x,
                "constructor": team if x != "brandt" else "kessler",
                "number": d[1],
                "position": i + 1,
                "position_text": text,
                "points": pts,
                "grid": grid[x],
                "laps": laps_done,
                "status": status,
                "gap_ms": t_ms,
                "win_ms": win_ms,
                "fastest_ms": fastest.get(x),
                "fastest_lap": rng.randint(max(1, laps_done // 3), max(1, laps_done)) if x in fastest else None,
                "fastest_rank": fl_rank.get(x),
                "km": km,
            }
        )
    return out


def _build_f1(rng: random.Random) -> tuple[list[dict], list[dict]]:
    results, sprints = [], []
    regulars = [d[0] for d in F1_DRIVERS if d[0] != "brandt"]
    for rnd, race in enumerate(F1_CALENDAR, start=1):
        entrants = [("brandt" if (x == F1_SUB[0] and race[6] == F1_SUB[2]) else x) for x in regulars]
        if race[11]:
            sprints += _f1_session(rng, rnd, race, entrants, sprint=True)
        results += _f1_session(rng, rnd, race, entrants, sprint=False)
    return results, sprints


def _f1_person(x: str) -> dict:
    d = F1_DRIVER[x]
    return {
        "driverId": x,
        "permanentNumber": str(d[1]),
        "code": d[2],
        "url": f"http://en.wikipedia.org/wiki/{d[3]}_{d[4].replace(' ', '_')}",
        "givenName": d[3],
        "familyName": d[4],
        "dateOfBirth": d[5],
        "nationality": d[6],
    }


def _f1_team(c: str) -> dict:
    t = F1_TEAM[c]
    return {
        "constructorId": c,
        "url": f"http://en.wikipedia.org/wiki/{t[1].replace(' ', '_')}",
        "name": t[1],
        "nationality": t[2],
    }


def _f1_entry(r: dict) -> dict:
    e = {
        "number": str(r["number"]),
        "position": str(r["position"]),
        "positionText": r["position_text"],
        "points": str(r["points"]),
        "Driver": _f1_person(r["driver"]),
        "Constructor": _f1_team(r["constructor"]),
        "grid": str(r["grid"]),
        "laps": str(r["laps"]),
        "status": r["status"],
    }
    if r["gap_ms"] is not None:
        total = r["win_ms"] + r["gap_ms"]
        e["Time"] = {
            "millis": str(total),
            "time": _fmt_race_time(total) if r["gap_ms"] == 0 else _fmt_gap(r["gap_ms"]),
        }
    if r["fastest_ms"] is not None:
        fl: dict = {}
        if not r["sprint"]:
            fl["rank"] = str(r["fastest_rank"])
        fl["lap"] = str(r["fastest_lap"])
        fl["Time"] = {"time": _fmt_lap(r["fastest_ms"])}
        if not r["sprint"]:
            fl["AverageSpeed"] = {"units": "kph", "speed": f"{r['km'] * 3_600_000 / r['fastest_ms']:.3f}"}
        e["FastestLap"] = fl
    return e


def _f1_answer(rows: list[dict], key: str, path: str) -> dict:
    races = []
    for race in F1_CALENDAR:
        mine = [r for r in rows if r["race"] == race[6]]
        if not mine:
            continue
        rnd = mine[0]["round"]
        cid, cname, loc, country, lat, lon, rname, _, _, _, day, _ = race
        entry = {
            "season": "2024",
            "round": str(rnd),
            "url": f"https://en.wikipedia.org/wiki/2024_{rname.replace(' ', '_')}",
            "raceName": rname,
            "Circuit": {
                "circuitId": cid,
                "url": f"https://en.wikipedia.org/wiki/{cname.replace(' ', '_')}",
                "circuitName": cname,
                "Location": {"lat": str(lat), "long": str(lon), "locality": loc, "country": country},
            },
            "date": day,
            "time": "13:00:00Z"
            if rnd not in (17, 18, 22)
            else ("11:00:00Z" if rnd == 17 else "12:00:00Z" if rnd == 18 else "06:00:00Z"),
        }
        entry[key] = [_f1_entry(r) for r in mine]
        races.append(entry)
    n = sum(len(r[key]) for r in races)
    return {
        "MRData": {
            "xmlns": "",
            "series": "f1",
            "url": f"https://api.jolpi.ca/ergast/f1/2024/{path}.json",
            "limit": "1000",
            "offset": "0",
            "total": str(n),
            "RaceTable": {"season": "2024", "Races": races},
        }
    }


def _write_f1(t: Truth, d: Path) -> None:
    (d / F1_RESULTS_FILE).write_text(
        json.dumps(_f1_answer(t.f1, "Results", "results"), ensure_ascii=False), encoding="utf-8"
    )
    (d / F1_SPRINT_FILE).write_text(
        json.dumps(_f1_answer(t.f1_sprint, "SprintResults", "sprint"), ensure_ascii=False), encoding="utf-8"
    )


# ==================================================================================================
# Fuel Economy Guide (DOE / EPA), model year 2024: the workbook of conventional-fuel vehicles
# ==================================================================================================

# Mfr Name (as the guide truncates it), Division, [(carline, class desc, base combined mpg, displ, cyl)]
FE_MAKERS = [
    ("General Motors", "Chevrolet", [("MALIBU", "Midsize Cars", 31, 1.5, 4), ("TRAX", "Small Sport Utility Vehicle 2WD", 30, 1.2, 3), ("EQUINOX FWD", "Small Sport Utility Vehicle 2WD", 28, 1.5, 4), ("EQUINOX AWD", "Small Sport Utility Vehicle 4WD", 26, 1.5, 4), ("CAMARO", "Subcompact Cars", 22, 2.0, 4), ("CORVETTE", "Two Seaters", 19, 6.2, 8), ("SILVERADO 2WD", "Standard Pick-up Trucks 2WD", 20, 2.7, 4), ("SILVERADO 4WD", "Standard Pick-up Trucks 4WD", 18, 5.3, 8), ("TAHOE 4WD", "Standard Sport Utility Vehicle 4WD", 17, 5.3, 8), ("COLORADO 4WD", "Small Pick-up Trucks 4WD", 19, 2.7, 4)]),
    ("General Motors", "GMC", [("TERRAIN AWD", "Small Sport Utility Vehicle 4WD", 25, 1.5, 4), ("SIERRA 4WD", "Standard Pick-up Trucks 4WD", 18, 5.3, 8), ("YUKON 4WD", "Standard Sport Utility Vehicle 4WD", 17, 5.3, 8), ("CANYON 4WD", "Small Pick-up Trucks 4WD", 19, 2.7, 4)]),
    ("General Motors", "Cadillac", [("CT4", "Compact Cars", 26, 2.0, 4), ("CT5", "Midsize Cars", 25, 2.0, 4), ("XT4 AWD", "Small Sport Utility Vehicle 4WD", 26, 2.0, 4), ("ESCALADE 4WD", "Standard Sport Utility Vehicle 4WD", 16, 6.2, 8)]),
    ("General Motors", "Buick", [("ENCORE GX AWD", "Small Sport Utility Vehicle 4WD", 28, 1.3, 3), ("ENVISTA", "Small Sport Utility Vehicle 2WD", 30, 1.2, 3), ("ENCLAVE AWD", "Standard Sport Utility Vehicle 4WD", 21, 2.5, 4)]),
    ("Toyota", "Toyota", [("COROLLA", "Compact Cars", 35, 2.0, 4), ("COROLLA HYBRID", "Compact Cars", 50, 1.8, 4), ("CAMRY", "Midsize Cars", 32, 2.5, 4), ("CAMRY HYBRID LE", "Midsize Cars", 52, 2.5, 4), ("PRIUS", "Midsize Cars", 57, 2.0, 4), ("GR86", "Minicompact Cars", 24, 2.4, 4), ("RAV4 AWD", "Small Sport Utility Vehicle 4WD", 30, 2.5, 4), ("RAV4 HYBRID AWD", "Small Sport Utility Vehicle 4WD", 39, 2.5, 4), ("TACOMA 4WD", "Small Pick-up Trucks 4WD", 21, 2.4, 4), ("TUNDRA 4WD", "Standard Pick-up Trucks 4WD", 19, 3.4, 6), ("SIENNA AWD", "Minivan - 4WD", 35, 2.5, 4), ("GR SUPRA", "Two Seaters", 26, 3.0, 6)]),
    ("Toyota", "Lexus", [("IS 350", "Compact Cars", 23, 3.5, 6), ("ES 300h", "Midsize Cars", 44, 2.5, 4), ("NX 350 AWD", "Small Sport Utility Vehicle 4WD", 25, 2.4, 4), ("RX 350 AWD", "Standard Sport Utility Vehicle 4WD", 24, 2.4, 4), ("LC 500", "Minicompact Cars", 19, 5.0, 8)]),
    ("Honda", "Honda", [("CIVIC 4DR", "Midsize Cars", 36, 2.0, 4), ("ACCORD", "Large Cars", 32, 1.5, 4), ("ACCORD HYBRID", "Large Cars", 46, 2.0, 4), ("HR-V AWD", "Small Sport Utility Vehicle 4WD", 27, 2.0, 4), ("CR-V AWD", "Small Sport Utility Vehicle 4WD", 29, 1.5, 4), ("PILOT AWD", "Standard Sport Utility Vehicle 4WD", 21, 3.5, 6), ("ODYSSEY", "Minivan - 2WD", 22, 3.5, 6), ("RIDGELINE AWD", "Small Pick-up Trucks 4WD", 21, 3.5, 6)]),
    ("Honda", "Acura", [("INTEGRA", "Compact Cars", 32, 1.5, 4), ("TLX", "Midsize Cars", 25, 2.0, 4), ("RDX AWD", "Small Sport Utility Vehicle 4WD", 23, 2.0, 4), ("MDX AWD", "Standard Sport Utility Vehicle 4WD", 21, 3.5, 6)]),
    ("Ford Motor Company", "Ford", [("MUSTANG", "Subcompact Cars", 22, 2.3, 4), ("ESCAPE FWD", "Small Sport Utility Vehicle 2WD", 30, 1.5, 3), ("BRONCO 4WD", "Standard Sport Utility Vehicle 4WD", 18, 2.7, 6), ("F150 PICKUP 2WD", "Standard Pick-up Trucks 2WD", 21, 2.7, 6), ("F150 PICKUP 4WD", "Standard Pick-up Trucks 4WD", 19, 3.5, 6), ("MAVERICK HEV FWD", "Small Pick-up Trucks 2WD", 37, 2.5, 4), ("EXPLORER AWD", "Standard Sport Utility Vehicle 4WD", 21, 2.3, 4)]),
    ("Ford Motor Company", "Lincoln", [("CORSAIR AWD", "Small Sport Utility Vehicle 4WD", 24, 2.0, 4), ("NAVIGATOR 4WD", "Standard Sport Utility Vehicle 4WD", 17, 3.5, 6)]),
    ("Stellantis", "Jeep", [("WRANGLER 4DR 4WD", "Standard Sport Utility Vehicle 4WD", 19, 3.6, 6), ("COMPASS 4WD", "Small Sport Utility Vehicle 4WD", 25, 2.0, 4), ("GRAND CHEROKEE 4WD", "Standard Sport Utility Vehicle 4WD", 21, 3.6, 6), ("GLADIATOR PICKUP 4WD", "Small Pick-up Trucks 4WD", 19, 3.6, 6)]),
    ("Stellantis", "Ram", [("1500 2WD", "Standard Pick-up Trucks 2WD", 20, 3.6, 6), ("1500 4WD", "Standard Pick-up Trucks 4WD", 18, 5.7, 8)]),
    ("Stellantis", "Dodge", [("CHARGER", "Large Cars", 19, 3.6, 6), ("CHALLENGER", "Midsize Cars", 19, 5.7, 8), ("HORNET AWD", "Small Sport Utility Vehicle 4WD", 24, 2.0, 4)]),
    ("Stellantis", "Alfa Romeo", [("GIULIA", "Midsize Cars", 27, 2.0, 4), ("STELVIO AWD", "Small Sport Utility Vehicle 4WD", 24, 2.0, 4)]),
    ("Hyundai Motor Company", "Hyundai", [("ELANTRA", "Midsize Cars", 36, 2.0, 4), ("ELANTRA HYBRID BLUE", "Midsize Cars", 54, 1.6, 4), ("SONATA", "Midsize Cars", 31, 2.5, 4), ("TUCSON AWD", "Small Sport Utility Vehicle 4WD", 26, 2.5, 4), ("SANTA FE AWD", "Standard Sport Utility Vehicle 4WD", 24, 2.5, 4), ("KONA FWD", "Small Sport Utility Vehicle 2WD", 31, 2.0, 4)]),
    ("Hyundai Motor Company", "Genesis", [("G70 AWD", "Compact Cars", 23, 2.5, 4), ("G80 AWD", "Midsize Cars", 23, 2.5, 4), ("GV70 AWD", "Small Sport Utility Vehicle 4WD", 22, 2.5, 4)]),
    ("Kia", "Kia", [("FORTE", "Midsize Cars", 34, 2.0, 4), ("K5", "Midsize Cars", 31, 1.6, 4), ("SELTOS AWD", "Small Sport Utility Vehicle 4WD", 28, 2.0, 4), ("SPORTAGE AWD", "Small Sport Utility Vehicle 4WD", 26, 2.5, 4), ("TELLURIDE AWD", "Standard Sport Utility Vehicle 4WD", 21, 3.8, 6), ("CARNIVAL", "Minivan - 2WD", 22, 3.5, 6)]),
    ("Nissan", "Nissan", [("SENTRA", "Midsize Cars", 33, 2.0, 4), ("ALTIMA AWD", "Midsize Cars", 29, 2.5, 4), ("ROGUE AWD", "Small Sport Utility Vehicle 4WD", 31, 1.5, 3), ("KICKS", "Small Sport Utility Vehicle 2WD", 33, 1.6, 4), ("FRONTIER 4WD", "Small Pick-up Trucks 4WD", 19, 3.8, 6), ("Z", "Two Seaters", 21, 3.0, 6)]),
    ("Nissan", "Infiniti", [("Q50 AWD", "Midsize Cars", 22, 3.0, 6), ("QX50 AWD", "Small Sport Utility Vehicle 4WD", 24, 2.0, 4)]),
    ("BMW", "BMW", [("330i", "Compact Cars", 30, 2.0, 4), ("M340i xDrive", "Compact Cars", 26, 3.0, 6), ("540i xDrive", "Midsize Cars", 27, 3.0, 6), ("X3 xDrive30i", "Small Sport Utility Vehicle 4WD", 25, 2.0, 4), ("X5 xDrive40i", "Standard Sport Utility Vehicle 4WD", 23, 3.0, 6), ("M4 COMPETITION COUPE", "Subcompact Cars", 19, 3.0, 6), ("Z4 sDrive30i", "Two Seaters", 28, 2.0, 4)]),
    ("BMW", "MINI", [("COOPER HARDTOP 2 DOOR", "Minicompact Cars", 32, 1.5, 3), ("COOPER S COUNTRYMAN ALL4", "Small Sport Utility Vehicle 4WD", 26, 2.0, 4)]),
    ("Mercedes-Benz", "Mercedes-Benz", [("C300", "Compact Cars", 28, 2.0, 4), ("E350 4MATIC", "Midsize Cars", 27, 2.0, 4), ("GLC300 4MATIC", "Small Sport Utility Vehicle 4WD", 25, 2.0, 4), ("GLE450 4MATIC", "Standard Sport Utility Vehicle 4WD", 22, 3.0, 6), ("AMG GT 63", "Two Seaters", 16, 4.0, 8)]),
    ("Volkswagen Group of", "Volkswagen", [("JETTA", "Compact Cars", 34, 1.5, 4), ("GOLF GTI", "Compact Cars", 27, 2.0, 4), ("TIGUAN 4MOTION", "Small Sport Utility Vehicle 4WD", 25, 2.0, 4), ("ATLAS 4MOTION", "Standard Sport Utility Vehicle 4WD", 22, 2.0, 4)]),
    ("Volkswagen Group of", "Audi", [("A4 quattro", "Compact Cars", 28, 2.0, 4), ("A6 quattro", "Midsize Cars", 26, 2.0, 4), ("Q5", "Small Sport Utility Vehicle 4WD", 25, 2.0, 4), ("R8 Coupe RWD", "Two Seaters", 16, 5.2, 10)]),
    ("Volkswagen Group of", "Porsche", [("911 Carrera", "Minicompact Cars", 21, 3.0, 6), ("Macan", "Small Sport Utility Vehicle 4WD", 21, 2.0, 4), ("Cayenne", "Standard Sport Utility Vehicle 4WD", 19, 3.0, 6)]),
    ("Subaru", "Subaru", [("IMPREZA AWD", "Midsize Cars", 30, 2.0, 4), ("OUTBACK AWD", "Midsize Station Wagons", 28, 2.5, 4), ("FORESTER AWD", "Small Sport Utility Vehicle 4WD", 29, 2.5, 4), ("CROSSTREK AWD", "Small Sport Utility Vehicle 4WD", 29, 2.0, 4), ("WRX", "Compact Cars", 22, 2.4, 4), ("BRZ", "Minicompact Cars", 24, 2.4, 4)]),
    ("Mazda", "Mazda", [("MAZDA3 4-DOOR", "Compact Cars", 31, 2.5, 4), ("CX-30 AWD", "Small Sport Utility Vehicle 4WD", 28, 2.5, 4), ("CX-5 AWD", "Small Sport Utility Vehicle 4WD", 26, 2.5, 4), ("CX-90 AWD", "Standard Sport Utility Vehicle 4WD", 25, 3.3, 6), ("MX-5", "Two Seaters", 29, 2.0, 4)]),
    ("Volvo", "Volvo", [("S60 B5", "Compact Cars", 29, 2.0, 4), ("XC40 B5 AWD", "Small Sport Utility Vehicle 4WD", 26, 2.0, 4), ("XC90 B6 AWD", "Standard Sport Utility Vehicle 4WD", 22, 2.0, 4)]),
    ("aston martin", "Aston Martin Lagonda Ltd", [("VANTAGE V8", "Two Seaters", 18, 4.0, 8), ("DBX707", "Standard Sport Utility Vehicle 4WD", 16, 4.0, 8)]),
]  # fmt: skip
FE_CLASS_CODE = {
    "Two Seaters": 1, "Minicompact Cars": 2, "Subcompact Cars": 3, "Compact Cars": 4, "Midsize Cars": 5,
    "Large Cars": 6, "Small Station Wagons": 7, "Midsize Station Wagons": 8, "Small Pick-up Trucks 2WD": 9,
    "Small Pick-up Trucks 4WD": 10, "Standard Pick-up Trucks 2WD": 11, "Standard Pick-up Trucks 4WD": 12,
    "Minivan - 2WD": 14, "Minivan - 4WD": 15, "Small Sport Utility Vehicle 2WD": 17,
    "Small Sport Utility Vehicle 4WD": 18, "Standard Sport Utility Vehicle 2WD": 19,
    "Standard Sport Utility Vehicle 4WD": 20,
}  # fmt: skip
# Trans code, description, how it is shown in the guide's transmission column
FE_TRANS = {
    "A": ("Automatic", "Auto(A{g})"),
    "SA": ("Semi-Automatic", "Auto(S{g})"),
    "AM": ("Automated Manual", "Auto(AM{g})"),
    "AM-S": ("Automated Manual- Selectable (e.g. Automated Manual with paddles)", "Auto(AM-S{g})"),
    "AV": ("Continuously Variable (e.g. CVT)", "Auto(AV)"),
    "SCV": ("Selectable Continuously Variable (e.g. CVT with paddles)", "Auto(AV-S{g})"),
    "M": ("Manual", "Manual(M{g})"),
}
FE_FUEL = {
    "G": "Gasoline (Regular Unleaded Recommended)",
    "GM": "Gasoline (Mid Grade Unleaded Recommended)",
    "GPR": "Gasoline (Premium Unleaded Recommended)",
    "GP": "Gasoline (Premium Unleaded Required)",
    "DU": "Diesel, ultra low sulfur (15 ppm, maximum)",
}
FE_DRIVE = {
    "F": "2-Wheel Drive, Front",
    "R": "2-Wheel Drive, Rear",
    "A": "All Wheel Drive",
    "4": "4-Wheel Drive",
    "P": "Part-time 4-Wheel Drive",
}
FE_LUXURY = {"Cadillac", "Lexus", "Acura", "Lincoln", "Genesis", "Infiniti", "BMW", "MINI", "Mercedes-Benz", "Audi", "Porsche", "Volvo", "Alfa Romeo", "Aston Martin Lagonda Ltd"}  # fmt: skip
FE_HEADER = [
    "Model Year", "Mfr Name", "Division", "Carline", "Verify Mfr Cd", "Index (Model Type Index)", "Eng Displ",
    "# Cyl", "Transmission", "City FE (Guide) - Conventional Fuel", "Hwy FE (Guide) - Conventional Fuel",
    "Comb FE (Guide) - Conventional Fuel", "City Unadj FE - Conventional Fuel", "Hwy Unadj FE - Conventional Fuel",
    "Comb Unadj FE - Conventional Fuel", "City Unrd Adj FE - Conventional Fuel", "Hwy Unrd Adj FE - Conventional Fuel",
    "Comb Unrd Adj FE - Conventional Fuel", "Guzzler?  ", "Air Aspir Method", "Air Aspiration Method Desc", "Trans",
    "Trans Desc", "# Gears", "Lockup Torque Converter", "Trans Creeper Gear", "Drive Sys", "Drive Desc",
    "Max Ethanol % - Gasoline", "Range1 - Model Type Driving Range - Conventional Fuel",
    "Fuel Usage - Conventional Fuel", "Fuel Usage Desc - Conventional Fuel", "Fuel Unit - Conventional Fuel",
    "Fuel Unit Desc - Conventional Fuel", "Annual Fuel1 Cost - Conventional Fuel", "Intake Valves Per Cyl",
    "Exhaust Valves Per Cyl", "Carline Class", "Carline Class Desc", "Release Date",
    "Comb CO2 Rounded Adjusted (as shown on FE Label)", "FE Rating (1-10 rating on Label)",
    "GHG Rating (1-10 rating on Label)", "Stop/Start System (Engine Management System) Code",
    "Stop/Start System (Engine Management System) Description", "Cyl Deact?", "Var Valve Timing?",
    "Var Valve Lift?", "Oil Viscosity",
]  # fmt: skip
FE_FUEL_PRICE = {"G": 3.45, "GM": 3.9, "GPR": 4.3, "GP": 4.3, "DU": 3.9}  # $/gallon behind the annual cost


def _build_fe(rng: random.Random) -> list[dict]:
    rows = []
    index = 0
    for mfr, division, lines in FE_MAKERS:
        for carline, cls, base, displ, cyl in lines:
            hybrid = "HYBRID" in carline or "HEV" in carline or carline in ("PRIUS", "ES 300h")
            sporty = cls in ("Two Seaters", "Minicompact Cars", "Subcompact Cars") or any(
                k in carline for k in ("GTI", "WRX", "M4", "AMG", "911", "R8", "CORVETTE", "CAMARO", "MUSTANG")
            )
            n_cfg = rng.choices([1, 2, 3, 4], [0.35, 0.35, 0.2, 0.1])[0]
            for k in range(n_cfg):
                index += rng.randint(1, 9)
                d = displ if k == 0 else round(displ + rng.choice([0.5, 0.7, 1.0, 1.5]), 1)
                c = cyl if k == 0 else min(12, cyl + 2)
                if sporty and rng.random() < 0.45:
                    tcode = "M"
                elif hybrid:
                    tcode = "AV" if rng.random() < 0.7 else "SCV"
                elif division in ("Porsche", "Audi", "Volkswagen") and rng.random() < 0.6:
                    tcode = rng.choice(["AM-S", "AM"])
                elif division in ("Subaru", "Nissan", "Honda") and rng.random() < 0.6:
                    tcode = rng.choice(["AV", "SCV"])
                elif division == "Mazda" and cls == "Compact Cars" and rng.random() < 0.4:
                    tcode = "M"
                else:
                    tcode = rng.choice(["A", "SA", "SA", "SA"])
                gears = {"M": 6, "AV": 1, "SCV": rng.choice([7, 8, 10]), "AM": 7, "AM-S": rng.choice([7, 8])}.get(
                    tcode, rng.choice([6, 8, 8, 9, 10])
                )
                if tcode == "M" and rng.random() < 0.2:
                    gears = 7
                if (
                    " 4WD" in cls
                    or "AWD" in carline
                    or "4MATIC" in carline
                    or "quattro" in carline
                    or "xDrive" in carline
                    or "4MOTION" in carline
                    or "ALL4" in carline
                ):
                    drive = "4" if ("PICKUP" in carline or "Pick-up" in cls or "WRANGLER" in carline) else "A"
                    if drive == "4" and rng.random() < 0.4:
                        drive = "P"
                elif cls.startswith("Standard Pick-up") or sporty and division not in ("Toyota", "MINI", "Volkswagen"):
                    drive = "R"
                else:
                    drive = "F"
                comb = base - (k * rng.choice([1, 2, 3])) + rng.choice([-1, 0, 0, 1])
                comb = max(12, comb)
                city = max(10, int(round(comb * (1.12 if hybrid else 0.88) + rng.choice([-1, 0, 1]))))
                hwy = max(13, int(round(comb * (0.95 if hybrid else 1.18) + rng.choice([-1, 0, 1]))))
                if (
                    division in FE_LUXURY
                    or sporty
                    or d >= 3.0
                    and c >= 6
                    and division
                    not in (
                        "Toyota",
                        "Honda",
                        "Ram",
                        "Chevrolet",
                        "GMC",
                        "Ford",
                        "Jeep",
                        "Kia",
                        "Hyundai",
                        "Nissan",
                        "Dodge",
                    )
                ):
                    fuel = (
                        "GP"
                        if (
                            sporty
                            or division in ("Porsche", "Aston Martin Lagonda Ltd", "Mercedes-Benz", "BMW")
                            and rng.random() < 0.6
                        )
                        else rng.choice(["GP", "GPR", "GPR"])
                    )
                elif rng.random() < 0.08:
                    fuel = "GPR"
                elif division in ("Ram", "Chevrolet", "GMC") and "4WD" in cls and rng.random() < 0.1:
                    fuel = "DU"
                else:
                    fuel = "G"
                co2 = int(round(8887 / comb * (1.0 if fuel != "DU" else 1.14) + rng.randint(-4, 4)))
                guzzler = comb <= 21 and cls in (
                    "Two Seaters",
                    "Minicompact Cars",
                    "Subcompact Cars",
                    "Compact Cars",
                    "Midsize Cars",
                    "Large Cars",
                )
                rows.append(
                    {
                        "mfr": mfr,
                        "division": division,
                        "carline": carline,
                        "index": index,
                        "displ": d,
                        "cyl": c,
                        "trans": tcode,
                        "gears": gears,
                        "drive": drive,
                        "city": city,
                        "hwy": hwy,
                        "comb": comb,
                        "guzzler": guzzler,
                        "turbo": rng.random() < (0.2 if hybrid else 0.6),
                        "fuel": fuel,
                        "cost": int(round(15000 / comb * FE_FUEL_PRICE[fuel] / 50)) * 50,
                        "cls": cls,
                        "co2": co2,
                        "release": date(2023, 5, 1) + timedelta(days=rng.randint(0, 420)),
                        "stop_start": rng.random() < 0.55,
                        "oil": rng.choice(["0W-20", "0W-20", "0W-16", "5W-30", "0W-40"]),
                    }
                )
    return rows


def _fe_rating(comb: int) -> int:
    return max(1, min(10, (comb - 12) // 4 + 1))


def _write_fe(t: Truth, d: Path) -> None:
    from openpyxl import Workbook

    rng = _rng("fe-render")
    wb = Workbook(write_only=True)
    ws = wb.create_sheet("FEguide")
    ws.append(FE_HEADER)
    for r in t.fe:
        desc, shown = FE_TRANS[r["trans"]]
        g = r["gears"]
        unadj = [
            round(x / (0.78 if i == 0 else 0.73 if i == 1 else 0.76) + rng.uniform(-0.3, 0.3), 4)
            for i, x in enumerate((r["city"], r["hwy"], r["comb"]))
        ]
        unrd = [round(x + rng.uniform(-0.49, 0.49), 4) for x in (r["city"], r["hwy"], r["comb"])]
        ws.append(
            [
                2024,
                r["mfr"],
                r["division"],
                r["carline"],
                r["mfr"][:3].upper(),
                r["index"],
                r["displ"],
                r["cyl"],
                shown.format(g=g),
                r["city"],
                r["hwy"],
                r["comb"],
                *unadj,
                *unrd,
                "G" if r["guzzler"] else None,
                "TC" if r["turbo"] else "NA",
                "Turbocharged" if r["turbo"] else "Naturally Aspirated",
                r["trans"],
                desc,
                g,
                "Y" if r["trans"] in ("A", "SA") else "N",
                "N",
                r["drive"],
                FE_DRIVE[r["drive"]],
                "15" if r["fuel"] != "DU" else None,
                int(r["comb"] * rng.choice([14, 15, 16, 18, 20]) + rng.randint(-20, 20)),
                r["fuel"],
                FE_FUEL[r["fuel"]],
                "MPG",
                "Miles per Gallon",
                r["cost"],
                4 if r["cyl"] > 3 else 2,
                4 if r["cyl"] > 3 else 2,
                FE_CLASS_CODE[r["cls"]],
                r["cls"],
                datetime(r["release"].year, r["release"].month, r["release"].day),
                r["co2"],
                _fe_rating(r["comb"]),
                _fe_rating(r["comb"]),
                "Y" if r["stop_start"] else "N",
                "Stop-Start" if r["stop_start"] else "No Stop-Start",
                rng.choice(["N", "N", "Y"]),
                "Y",
                rng.choice(["N", "Y"]),
                r["oil"],
            ]
        )
    fixed = datetime(2024, 9, 3, 10, 0, 0)
    wb.properties.creator = "EPA"
    wb.properties.created = fixed
    buf = io.BytesIO()
    wb.save(buf)
    # openpyxl stamps the save time and the zip entries' times: fix both so the bytes are reproducible
    entries = []
    with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as z:
        for name in z.namelist():
            body = z.read(name)
            if name == "docProps/core.xml":
                body = re.sub(
                    rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)", rb"\g<1>2024-09-03T10:00:00Z\g<2>", body
                )
            entries.append((name, body))
    zbuf = io.BytesIO()
    with zipfile.ZipFile(zbuf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, body in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, body)
    (d / FE_FILE).write_bytes(zbuf.getvalue())


# ==================================================================================================
# WhatsApp: a group chat exported from an Android phone (US English), March 2023 to August 2024
# ==================================================================================================

WA_START, WA_END = date(2023, 3, 4), date(2024, 8, 31)
WA_ME = "Rob Lennox"  # the phone the chat was exported from: its own messages carry its name
WA_PHONE = "+44 7700 900461"  # a member not in the exporter's contacts
WA_PEOPLE = {  # name: weight of talking
    "Rob Lennox": 1.0,
    "Anna Kowalski": 1.35,
    "Ben Okafor": 0.8,
    "Chris Dunn": 1.1,
    "Dee": 0.55,
    WA_PHONE: 0.4,
    "Fiona MacLeod": 0.6,
}
WA_JOINED = {  # who joins when (the rest are there from the start)
    "Dee": date(2023, 6, 10),
    WA_PHONE: date(2023, 9, 2),
}
WA_EARLY = "Ben Okafor"  # often the first to write in the morning
WA_MULTI = {"Chris Dunn": 0.3}  # writes long messages over several lines
WA_LEFT = {"Fiona MacLeod": date(2024, 2, 18)}
WA_WORD = "bothy"
WA_LINES = [
    "Anyone up for {hill} on Saturday?",
    "I'm in 👍",
    "Can't this weekend sorry",
    "What time are we meeting?",
    "Forecast looks grim for {hill} tbh",
    "Let's do {hill} instead, less exposed",
    "Leaving Edinburgh at 7, can take 3 in the car",
    "Sounds good",
    "Haha",
    "Brilliant day, thanks all",
    "Anyone got a spare headtorch?",
    "Midges were horrendous",
    "Pub after?",
    "Parking at the visitor centre is £5 now",
    "Who's bringing the stove",
    "Count me in",
    "Train from Waverley at 8:12 if anyone wants to skip driving",
    "My knees are still recovering from last week",
    "Snow on the tops already!",
    "Photos from today in the album",
    "We could stay at the {w} near {hill}",
    "Is the {w} at {hill} open this time of year?",
    "Booked",
    "Ok",
    "Nice one",
    "See you there",
]
WA_SECOND = [
    "Bring waterproofs",
    "Meet at the car park",
    "I'll check the MWIS forecast tonight",
    "Might be late, will text",
    "The {w} by the river was full last time",
    "we could sleep in the {w} if the tents are too much",
    "also who has the map",
    "Forecast says gusts of 50mph on the summit",
    "Bus leaves at 9",
]
WA_HILLS = ["Ben Lomond", "Ben Vorlich", "Schiehallion", "Ben Ledi", "the Pentlands", "Buachaille Etive Mor", "Ben More", "Stob Binnein", "Lochnagar", "Ben Nevis"]  # fmt: skip


def _wa_text(rng: random.Random, multi: float = 0.1) -> tuple[str, str]:
    """A message's text (lines joined by newlines) and its kind: text, media, deleted."""
    r = rng.random()
    if r < 0.07:
        return "<Media omitted>", "media"
    if r < 0.08:
        return "", "deleted"
    word = WA_WORD if rng.random() < 0.5 else WA_WORD.capitalize()

    def fill(s: str) -> str:
        return s.format(hill=rng.choice(WA_HILLS), w=word)

    first = fill(rng.choice(WA_LINES))
    if rng.random() < multi:
        lines = [first] + [fill(rng.choice(WA_SECOND)) for _ in range(rng.randint(1, 3))]
        return "\n".join(lines), "text"
    return first, "text"


def _build_wa(rng: random.Random) -> list[dict]:
    msgs: list[dict] = []
    start = datetime(2023, 3, 4, 19, 2)
    msgs.append({"time": start, "sender": None, "text": "Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.", "kind": "system"})  # fmt: skip
    msgs.append({"time": start, "sender": None, "text": 'You created group "Walks 2023"', "kind": "system"})
    msgs.append({"time": start + timedelta(minutes=1), "sender": None, "text": "You added Anna Kowalski, Ben Okafor, Chris Dunn and Fiona MacLeod", "kind": "system"})  # fmt: skip
    members = {"Rob Lennox", "Anna Kowalski", "Ben Okafor", "Chris Dunn", "Fiona MacLeod"}
    day = WA_START
    while day <= WA_END:
        for who, when in WA_JOINED.items():
            if when == day:
                t = datetime(day.year, day.month, day.day, 12, 30)
                text = f"{who} joined using this group's invite link" if who == "Dee" else f"Anna Kowalski added {who}"
                msgs.append({"time": t, "sender": None, "text": text, "kind": "system"})
                members.add(who)
        for who, when in WA_LEFT.items():
            if when == day:
                t = datetime(day.year, day.month, day.day, 8, 41)
                msgs.append({"time": t, "sender": None, "text": f"{who} left", "kind": "system"})
                members.discard(who)
        if day == date(2023, 4, 2):
            t = datetime(2023, 4, 2, 10, 15)
            msgs.append({"time": t, "sender": None, "text": 'Anna Kowalski changed the subject from "Walks 2023" to "Hill Walkers"', "kind": "system"})  # fmt: skip
        # conversations: more before weekends, fewer in winter
        lam = 1.2 if day.weekday() in (3, 4) else 0.8
        if day.month in (12, 1, 2):
            lam *= 0.7
        n_conv = 0
        while rng.random() < lam / (1 + n_conv):
            n_conv += 1
        hours = []
        for _ in range(n_conv):
            h = rng.choices(range(24), [0.1, 0.05, 0.02, 0.01, 0.01, 0.02, 0.2, 0.6, 0.9, 0.7, 0.6, 0.6, 1.1, 1.0, 0.6, 0.5, 0.6, 0.9, 1.2, 1.5, 1.9, 2.4, 1.3, 0.5])[0]  # fmt: skip
            hours.append(h)
        for h in sorted(hours):
            t = datetime(day.year, day.month, day.day, h, rng.randint(0, 59))
            for k in range(rng.randint(2, 14)):
                who_list = sorted(members)
                sender = rng.choices(who_list, [WA_PEOPLE[p] for p in who_list])[0]
                if k == 0 and h < 10 and rng.random() < 0.5:
                    sender = WA_EARLY  # the early riser opens the morning conversations
                text, kind = _wa_text(rng, WA_MULTI.get(sender, 0.08))
                if kind == "deleted":
                    text = "You deleted this message" if sender == WA_ME else "This message was deleted"
                edited = kind == "text" and rng.random() < 0.03
                if t.date() != day:
                    break
                msgs.append({"time": t, "sender": sender, "text": text, "kind": kind, "edited": edited})
                t += timedelta(minutes=int(rng.expovariate(1 / 3.0)))
        day += timedelta(days=1)
    msgs.sort(key=lambda m: m["time"])  # stable: system lines keep their place within a minute
    return msgs


def _wa_stamp(t: datetime) -> str:
    h = t.hour % 12 or 12
    ampm = "AM" if t.hour < 12 else "PM"
    return f"{t.month}/{t.day}/{t.year % 100:02d}, {h}:{t.minute:02d}\u202f{ampm}"


def _write_wa(t: Truth, d: Path) -> None:
    out = []
    for m in t.wa:
        if m["sender"] is None:
            out.append(f"{_wa_stamp(m['time'])} - {m['text']}")
        else:
            text = m["text"] + (" <This message was edited>" if m.get("edited") else "")
            out.append(f"{_wa_stamp(m['time'])} - {m['sender']}: {text}")
    (d / WA_FILE).write_text("\n".join(out) + "\n", encoding="utf-8")


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    ab, cal = _build_ab(_rng("airbnb"))
    f1, sprint = _build_f1(_rng("f1"))
    return Truth(
        ab=ab, cal=cal, f1=f1, f1_sprint=sprint, fe=_build_fe(_rng("fueleconomy")), wa=_build_wa(_rng("whatsapp"))
    )


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_ab(t, d)
    _write_f1(t, d)
    _write_fe(t, d)
    _write_wa(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout31-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
