"""The thirty-second held-out set's data: five files on four topics, each imitating a real public export.

* `HoC-GE2024-results-by-candidate.csv` and `HoC-GE2024-results-by-constituency.xlsx`: the House of
  Commons Library's results of the UK general election of 4 July 2024, kept to Scotland's 57 seats:
  one row per candidate (vote shares as fractions `0.452318`, `Change` empty where the party did not
  stand before, `Labour and Co-operative` candidates beside `Labour` ones, several `Independent`s in
  a seat) and one row per constituency in a workbook with a title and a source note above the header
  (electorate, valid and invalid votes, majority, `Result` as `Lab gain from SNP`, one column of votes
  per party with `Lab` including the Co-operative candidates).
* `Meteorite_Landings.json`: NASA's Meteoritical Society meteorite landings as the Socrata open data
  API (data.nasa.gov, `gh4g-9sfh.json?$limit=50000`) returns them: an array of objects with every
  number a string (`"mass": "21"`), keys left out when empty, the year as a floating time stamp
  (`"1880-01-01T00:00:00.000"`, a few before 1677 and one typo in the future), `reclat` / `reclong`
  beside a nested GeoJSON `geolocation` whose coordinates are longitude first, unknown places written
  as `0.000000`, classes with commas (`Iron, IIIAB`), Socrata's `:@computed_region_...` columns.
* `auth.log`: an Ubuntu server's SSH and sudo log (rsyslog's traditional format) from 18 December
  2023 to 14 January 2024: time stamps without a year and with a space-padded day (`Jan  2`), several
  lines per connection (pam_unix, sshd, systemd-logind), `message repeated 5 times: [ Failed
  password ...]` collapsing repeated attempts, `Invalid user  from` with an empty user name.
* `pihole-FTL.db`: a Pi-hole's long-term query database (FTL v5, SQLite) from a house in Bristol for
  1 to 14 June 2024: `query_storage` with integer codes for the query type and status and ids for the
  domain, client and upstream (`domain_by_id`, `client_by_id`, `forward_by_id`, `addinfo_by_id`) and
  the `queries` view that resolves them; Unix time stamps in UTC (the house is on BST), reply times
  in seconds, a `counters` table with lifetime totals, `network` tables.

Every record is built first with the standard library from a fixed seed (one random stream per
topic); the files are then rendered from those records, so the same seed gives the same bytes.
`truth()` returns the clean records the references are computed from.

    python data.py DIR   # writes the five files into DIR
"""

from __future__ import annotations

import csv
import functools
import io
import json
import math
import random
import re
import sqlite3
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

SEED = 32_508_119

EL_CAND_FILE = "HoC-GE2024-results-by-candidate.csv"
EL_SEAT_FILE = "HoC-GE2024-results-by-constituency.xlsx"
MT_FILE = "Meteorite_Landings.json"
SSH_FILE = "auth.log"
PH_FILE = "pihole-FTL.db"
FILES = [EL_CAND_FILE, EL_SEAT_FILE, MT_FILE, SSH_FILE, PH_FILE]

ZIP_TIME = (2024, 7, 19, 9, 30, 0)  # the time stamp inside the workbook's zip
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    seats: list[dict]  # one dict per constituency (with its candidates under "cands")
    cands: list[dict]  # one dict per candidate: seat, party, abbr, votes, share ...
    mt: list[dict]  # one dict per meteorite: name, recclass, mass (g or None), fall, year, lat, lon ...
    ssh: list[dict]  # one dict per event: time, kind, user, ip, attempts ...
    ph: list[dict]  # one dict per DNS query: time (UTC), type, status, domain, client, reply_time ...


# ==================================================================================================
# House of Commons Library: general election 2024 results, Scotland's 57 constituencies
# ==================================================================================================

# name, type, factors for (Lab, SNP, Con, LD), notional 2019 winner
EL_SEATS = [
    ("Aberdeen North", "Borough", "snp", "SNP"),
    ("Aberdeen South", "Borough", "snp", "SNP"),
    ("Aberdeenshire North and Moray East", "County", "con", "Con"),
    ("Airdrie and Shotts", "County", "lab", "SNP"),
    ("Alloa and Grangemouth", "County", "", "SNP"),
    ("Angus and Perthshire Glens", "County", "snpcon", "SNP"),
    ("Arbroath and Broughty Ferry", "County", "snp", "SNP"),
    ("Argyll, Bute and South Lochaber", "County", "snp", "SNP"),
    ("Ayr, Carrick and Cumnock", "County", "", "SNP"),
    ("Bathgate and Linlithgow", "County", "lab", "SNP"),
    ("Berwickshire, Roxburgh and Selkirk", "County", "con", "Con"),
    ("Caithness, Sutherland and Easter Ross", "County", "ld", "LD"),
    ("Central Ayrshire", "County", "", "SNP"),
    ("Coatbridge and Bellshill", "Borough", "lab", "SNP"),
    ("Cowdenbeath and Kirkcaldy", "County", "lab", "SNP"),
    ("Cumbernauld and Kirkintilloch", "County", "", "SNP"),
    ("Dumfries and Galloway", "County", "con", "Con"),
    ("Dumfriesshire, Clydesdale and Tweeddale", "County", "con", "Con"),
    ("Dundee Central", "Borough", "snp", "SNP"),
    ("Dunfermline and Dollar", "County", "", "SNP"),
    ("East Kilbride and Strathaven", "County", "", "SNP"),
    ("East Renfrewshire", "County", "", "SNP"),
    ("Edinburgh East and Musselburgh", "Borough", "", "SNP"),
    ("Edinburgh North and Leith", "Borough", "lab", "SNP"),
    ("Edinburgh South", "Borough", "lab", "Lab"),
    ("Edinburgh South West", "Borough", "", "SNP"),
    ("Edinburgh West", "Borough", "ld", "LD"),
    ("Falkirk", "County", "", "SNP"),
    ("Glasgow East", "Borough", "lab", "SNP"),
    ("Glasgow North", "Borough", "lab", "SNP"),
    ("Glasgow North East", "Borough", "lab", "SNP"),
    ("Glasgow South", "Borough", "", "SNP"),
    ("Glasgow South West", "Borough", "lab", "SNP"),
    ("Glasgow West", "Borough", "lab", "SNP"),
    ("Glenrothes and Mid Fife", "County", "", "SNP"),
    ("Gordon and Buchan", "County", "con", "Con"),
    ("Hamilton and Clyde Valley", "County", "lab", "SNP"),
    ("Inverclyde and Renfrewshire West", "County", "", "SNP"),
    ("Inverness, Skye and West Ross-shire", "County", "snpld", "SNP"),
    ("Kilmarnock and Loudoun", "County", "", "SNP"),
    ("Livingston", "County", "", "SNP"),
    ("Lothian East", "County", "lab", "SNP"),
    ("Mid Dunbartonshire", "County", "ld", "LD"),
    ("Midlothian", "County", "lab", "SNP"),
    ("Moray West, Nairn and Strathspey", "County", "snpcon", "SNP"),
    ("Motherwell, Wishaw and Carluke", "County", "lab", "SNP"),
    ("Na h-Eileanan an Iar", "County", "snp", "SNP"),
    ("North Ayrshire and Arran", "County", "", "SNP"),
    ("North East Fife", "County", "ld", "LD"),
    ("Orkney and Shetland", "County", "ld", "LD"),
    ("Paisley and Renfrewshire North", "County", "", "SNP"),
    ("Paisley and Renfrewshire South", "County", "", "SNP"),
    ("Perth and Kinross-shire", "County", "snp", "SNP"),
    ("Rutherglen", "County", "lab", "SNP"),
    ("Stirling and Strathallan", "County", "snpcon", "SNP"),
    ("West Aberdeenshire and Kincardine", "County", "con", "Con"),
    ("West Dunbartonshire", "County", "lab", "SNP"),
]
# party name in the candidate file, its abbreviation there, the constituency file's column
EL_MAIN = [
    ("Labour", "Lab", "Lab"),
    ("Scottish National Party", "SNP", "SNP"),
    ("Conservative", "Con", "Con"),
    ("Liberal Democrat", "LD", "LD"),
    ("Reform UK", "RUK", "RUK"),
    ("Scottish Green Party", "Green", "Green"),
]
LAB_COOP = ("Labour and Co-operative", "Lab Co-op", "Lab")
EL_MINOR = [
    ("Alba Party", "Alba"),
    ("Scottish Family Party", "SFP"),
    ("Independent", "Ind"),
    ("Independent", "Ind"),
    ("Workers Party of Britain", "WPB"),
    ("Trade Unionist and Socialist Coalition", "TUSC"),
    ("Social Democratic Party", "SDP"),
    ("Scottish Socialist Party", "SSP"),
    ("Libertarian Party", "Lib"),
    ("Independence for Scotland Party", "ISP"),
]
EL_BASE = {"Lab": 0.355, "SNP": 0.30, "Con": 0.12, "LD": 0.085, "RUK": 0.07, "Green": 0.038}
EL_TILT = {
    "lab": {"Lab": 1.25, "SNP": 0.95, "Con": 0.6, "LD": 0.6},
    "snp": {"SNP": 1.3, "Lab": 0.8},
    "con": {"Con": 2.6, "Lab": 0.55, "LD": 0.8},
    "ld": {"LD": 4.2, "Lab": 0.6, "Con": 0.8},
    "snpcon": {"SNP": 1.2, "Con": 2.0, "Lab": 0.55},
    "snpld": {"SNP": 1.15, "LD": 2.6, "Lab": 0.7},
    "": {},
}
EL_FIRST_M = ["Douglas", "Graham", "Martin", "Kenneth", "Torcuil", "Blair", "Scott", "Gregor", "Alasdair", "Brian", "Michael", "Chris", "Euan", "Stephen", "Jamie", "Pàdraig", "Kirk", "Tom", "Callum", "Liam", "Kevin", "Andrew", "Neil", "Ross", "Ciarán", "Gordon", "Angus", "Iain", "Dave", "Richard"]  # fmt: skip
EL_FIRST_F = ["Kirsty", "Pamela", "Joani", "Melanie", "Lillian", "Màiri", "Susan", "Christine", "Carol", "Katrina", "Elaine", "Fiona", "Jackie", "Anum", "Natalie", "Karen", "Shona", "Morven", "Sophie", "Rachael", "Marie", "Gillian", "Heather", "Catriona", "Ailsa", "Aileen"]  # fmt: skip
EL_SURNAMES = ["Campbell", "MacDonald", "Stewart", "Murray", "Robertson", "Thomson", "Anderson", "MacLeod", "Paterson", "Ross", "Reid", "Fraser", "Kerr", "McLean", "Ferguson", "Grant", "Hamilton", "Wilson", "Crawford", "Gillies", "Munro", "Baillie", "Docherty", "McKenzie", "Ó Briain", "Sinclair", "Hughes", "Lennon", "Quinn", "Gallacher", "Shanks", "Dalziel", "Urquhart", "Boyle", "Sweeney", "Duncan", "MacNeil", "Chisholm", "Lamont", "Rennie", "Cowan", "Bhatti", "Khan", "Sarwar", "Nicol", "Whyte", "Brodie", "Cairns", "Doogan", "Owen"]  # fmt: skip
EL_NOTIONAL_2019 = {"Lab": 0.19, "SNP": 0.45, "Con": 0.25, "LD": 0.095, "Green": 0.01}
EL_DEPOSIT = 0.05  # a candidate under 5 % of the valid votes loses the deposit


def _split_votes(rng: random.Random, shares: dict[str, float], total: int) -> dict[str, int]:
    """Votes per candidate that add up to `total` (largest remainders)."""
    s = sum(shares.values())
    raw = {k: total * v / s for k, v in shares.items()}
    votes = {k: int(x) for k, x in raw.items()}
    left = total - sum(votes.values())
    for k in sorted(raw, key=lambda k: (raw[k] - votes[k], k), reverse=True)[:left]:
        votes[k] += 1
    return votes


def _build_el(rng: random.Random) -> tuple[list[dict], list[dict]]:
    seats, cands = [], []
    coop = set(rng.sample([s[0] for s in EL_SEATS if s[2] in ("lab", "")], 7))
    decl = datetime(2024, 7, 4, 23, 41)
    for k, (name, ctype, tilt, prev) in enumerate(EL_SEATS):
        if name == "Na h-Eileanan an Iar":
            electorate = rng.randint(20_800, 21_600)
        elif name == "Orkney and Shetland":
            electorate = rng.randint(33_000, 34_500)
        else:
            electorate = rng.randint(68_500, 77_400)
        turnout = rng.uniform(0.50, 0.67) + (0.04 if tilt in ("ld", "con") else 0.0)
        while True:
            shares: dict[str, float] = {}
            for party, base in EL_BASE.items():
                if party == "Green" and rng.random() < 0.12:
                    continue
                f = EL_TILT[tilt].get(party, 1.0)
                shares[party] = base * f * math.exp(rng.gauss(0, 0.22))
            n_minor = rng.choices([0, 1, 2, 3], [0.3, 0.4, 0.2, 0.1])[0]
            minors = rng.sample(EL_MINOR, n_minor)
            for j, (pname, _) in enumerate(minors):
                shares[f"m{j}"] = rng.uniform(0.003, 0.03) if pname != "Independent" else rng.uniform(0.002, 0.06)
            valid = int(round(electorate * turnout))
            votes = _split_votes(rng, shares, valid)
            ranked = sorted(votes.values(), reverse=True)
            fr = {p: v / valid for p, v in votes.items()}
            if ranked[0] - ranked[1] >= 20 and all(abs(x - EL_DEPOSIT) > 0.0006 for x in fr.values()):
                break
        seat_cands = []
        for key, v in votes.items():
            if key.startswith("m"):
                pname, abbr = minors[int(key[1:])]
                col = None
            else:
                pname, abbr, col = next(p for p in EL_MAIN if p[2] == key)
                if key == "Lab" and name in coop:
                    pname, abbr, col = LAB_COOP
            female = rng.random() < 0.38
            first = rng.choice(EL_FIRST_F if female else EL_FIRST_M)
            seat_cands.append(
                {
                    "seat": name,
                    "party": pname,
                    "abbr": abbr,
                    "col": col,  # the constituency file's column (None: 'All other candidates')
                    "first": first,
                    "surname": rng.choice(EL_SURNAMES),
                    "female": female,
                    "votes": v,
                    "share": v / valid,
                    "prev_share": EL_NOTIONAL_2019.get(col or "", None),
                }
            )
        seat_cands.sort(key=lambda c: -c["votes"])
        win, second = seat_cands[0], seat_cands[1]
        for c in seat_cands:
            if c["prev_share"] is not None:
                c["prev_share"] = min(0.8, c["prev_share"] * math.exp(rng.gauss(0, 0.3)))
            c["sitting"] = c["col"] == prev and rng.random() < 0.85
            c["former"] = not c["sitting"] and rng.random() < 0.03
        decl += timedelta(minutes=rng.randint(2, 9))
        seats.append(
            {
                "name": name,
                "ons_id": f"S140000{21 + k:02d}",
                "type": ctype,
                "electorate": electorate,
                "valid": valid,
                "invalid": rng.randint(70, 320),
                "majority": win["votes"] - second["votes"],
                "first": win["col"] or "Ind",
                "second": second["col"] or "Ind",
                "prev": prev,
                "winner": win,
                "declared": decl,
                "cands": seat_cands,
            }
        )
        cands.extend(seat_cands)
    # declaration order: a late count in the Highlands on the Saturday
    order = list(range(len(seats)))
    rng.shuffle(order)
    times = sorted(s["declared"] for s in seats)
    for i, k in enumerate(order):
        seats[k]["declared"] = times[i]
    for s in seats:
        if s["name"].startswith("Inverness"):
            s["declared"] = datetime(2024, 7, 6, 13, 2)
    return seats, cands


def _write_el(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(
        ["ONS ID", "ONS region ID", "Constituency name", "County name", "Region name", "Country name",
         "Constituency type", "Party name", "Party abbreviation", "Firstname", "Surname", "Gender", "Sitting MP",
         "Former MP", "Votes", "Share", "Change"]
    )  # fmt: skip
    for s in t.seats:
        for c in s["cands"]:
            change = "" if c["prev_share"] is None else f"{c['share'] - c['prev_share']:.6f}"
            w.writerow(
                [s["ons_id"], "S92000003", s["name"], "", "Scotland", "Scotland", s["type"], c["party"], c["abbr"],
                 c["first"], c["surname"], "Female" if c["female"] else "Male", "Yes" if c["sitting"] else "No",
                 "Yes" if c["former"] else "No", c["votes"], f"{c['share']:.6f}", change]
            )  # fmt: skip
    (d / EL_CAND_FILE).write_text(buf.getvalue(), encoding="utf-8")

    from openpyxl import Workbook

    wb = Workbook(write_only=True)
    ws = wb.create_sheet("Data")
    ws.append(["General election 2024: results by constituency"])
    ws.append(["Source: House of Commons Library. Scotland. Lab includes Labour and Co-operative candidates."])
    ws.append([])
    cols = ["Con", "Lab", "LD", "RUK", "Green", "SNP", "PC", "DUP", "SF", "SDLP", "UUP", "APNI"]
    ws.append(
        ["ONS ID", "ONS region ID", "Constituency name", "County name", "Region name", "Country name",
         "Constituency type", "Declaration time", "Member first name", "Member surname", "Member gender", "Result",
         "First party", "Second party", "Electorate", "Valid votes", "Invalid votes", "Majority", *cols,
         "All other candidates", "Of which other winner"]
    )  # fmt: skip
    for s in t.seats:
        by = {c: 0 for c in cols}
        other = 0
        for c in s["cands"]:
            if c["col"]:
                by[c["col"]] += c["votes"]
            else:
                other += c["votes"]
        win = s["winner"]
        result = f"{s['first']} hold" if s["first"] == s["prev"] else f"{s['first']} gain from {s['prev']}"
        ws.append(
            [s["ons_id"], "S92000003", s["name"], None, "Scotland", "Scotland", s["type"], s["declared"],
             win["first"], win["surname"], "Female" if win["female"] else "Male", result, s["first"], s["second"],
             s["electorate"], s["valid"], s["invalid"], s["majority"], *[by[c] for c in cols], other,
             win["votes"] if win["col"] is None else 0]
        )  # fmt: skip
    wb.properties.creator = "House of Commons Library"
    wb.properties.created = datetime(2024, 7, 19, 9, 0, 0)
    buf2 = io.BytesIO()
    wb.save(buf2)
    (d / EL_SEAT_FILE).write_bytes(_fixed_zip(buf2.getvalue()))


def _fixed_zip(raw: bytes) -> bytes:
    """openpyxl stamps the save time and the zip entries' times: fix both so the bytes are reproducible."""
    entries = []
    with zipfile.ZipFile(io.BytesIO(raw)) as z:
        for name in z.namelist():
            body = z.read(name)
            if name == "docProps/core.xml":
                body = re.sub(
                    rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)", rb"\g<1>2024-07-19T09:30:00Z\g<2>", body
                )
            entries.append((name, body))
    zbuf = io.BytesIO()
    with zipfile.ZipFile(zbuf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, body in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, body)
    return zbuf.getvalue()


# ==================================================================================================
# NASA / Meteoritical Society: meteorite landings, as the Socrata API of data.nasa.gov returns them
# ==================================================================================================

MT_N = 5200
# class, weight among finds, weight among falls, median mass in grams (finds; falls are heavier)
MT_CLASSES = [
    ("L6", 0.20, 0.20, 60), ("H5", 0.17, 0.15, 45), ("H6", 0.08, 0.07, 50), ("L5", 0.08, 0.07, 55),
    ("LL5", 0.05, 0.04, 30), ("H4", 0.06, 0.05, 40), ("LL6", 0.05, 0.04, 35), ("L4", 0.02, 0.02, 50),
    ("H3", 0.015, 0.01, 30), ("CM2", 0.015, 0.02, 12), ("CO3", 0.01, 0.005, 15), ("CV3", 0.008, 0.008, 25),
    ("H5/6", 0.01, 0.005, 40), ("L/LL5", 0.006, 0.005, 40), ("Eucrite-mmict", 0.01, 0.015, 30),
    ("Howardite", 0.007, 0.01, 25), ("Diogenite", 0.006, 0.006, 30), ("Ureilite", 0.008, 0.005, 20),
    ("Aubrite", 0.003, 0.004, 40), ("Mesosiderite-A1", 0.003, 0.004, 300), ("Pallasite, PMG", 0.004, 0.003, 900),
    ("Iron, IIIAB", 0.02, 0.03, 9000), ("Iron, IAB-MG", 0.015, 0.02, 7000), ("Iron, IVA", 0.008, 0.01, 5000),
    ("Iron, IIAB", 0.006, 0.008, 6000), ("Iron, ungrouped", 0.006, 0.006, 3000), ("Iron", 0.004, 0.003, 8000),
    ("Martian (shergottite)", 0.002, 0.002, 80), ("Lunar (anorth)", 0.002, 0.0, 20),
]  # fmt: skip
MT_FINDS = [  # name prefix, share, latitude centre, longitude centre, spread, number format
    ("Northwest Africa", 0.30, None, None, 0, "{}"),
    ("Dhofar", 0.06, 18.9, 54.4, 0.6, "{}"),
    ("Sayh al Uhaymir", 0.03, 21.0, 57.3, 0.5, "{:03d}"),
    ("Jiddat al Harasis", 0.015, 19.8, 56.4, 0.4, "{:03d}"),
    ("Allan Hills", 0.08, -76.7, 159.5, 0.2, "A{}"),
    ("Elephant Moraine", 0.06, -76.2, 157.2, 0.2, "E{}"),
    ("Yamato", 0.10, -71.5, 35.7, 0.3, "Y{}"),
    ("Queen Alexandra Range", 0.05, -84.3, 168.0, 0.3, "A{}"),
    ("Miller Range", 0.04, -83.3, 157.0, 0.2, "M{}"),
    ("Grosvenor Mountains", 0.03, -85.6, -175.0, 0.3, "A{}"),
    ("Acfer", 0.02, 27.4, 4.0, 0.5, "{:03d}"),
    ("Dar al Gani", 0.03, 27.1, 16.2, 0.4, "{:03d}"),
    ("Roosevelt County", 0.005, 34.1, -103.5, 0.2, "{:03d}"),
    ("Catalina", 0.01, -25.2, -69.7, 0.3, "{:03d}"),
    ("El Médano", 0.01, -24.8, -70.5, 0.3, "{:03d}"),
    ("Larkman Nunatak", 0.03, -85.8, 179.4, 0.1, "A{}"),
]
MT_SYL = ["ka", "lo", "mar", "ten", "vi", "sa", "ber", "go", "ran", "del", "mo", "tu", "ish", "pa", "ro", "nek", "wa", "li", "zan", "or", "que", "bu", "ste", "hal", "in", "da", "cor", "ne", "vo", "ly"]  # fmt: skip
# fall sites: latitude ranges of land where people live (lat centre, lon centre, spread)
MT_FALL_AREAS = [(50, 10, 6), (40, -90, 9), (25, 80, 8), (35, 135, 4), (-30, 25, 6), (-25, -55, 8), (10, 10, 8), (55, 40, 10), (-30, 140, 8)]  # fmt: skip


def _mt_unique_name(rng: random.Random, used: set[str]) -> str:
    while True:
        n = "".join(rng.choice(MT_SYL) for _ in range(rng.choice([2, 3, 3])))
        if rng.random() < 0.12:
            n += rng.choice([" (a)", " (b)", " Springs", " Creek", "-Iwa"])
        n = n[0].upper() + n[1:]
        if n not in used:
            used.add(n)
            return n


def _build_mt(rng: random.Random) -> list[dict]:
    used: set[str] = set()
    out = []
    next_id = 1
    numbers: dict[str, int] = {}
    for _ in range(MT_N):
        next_id += rng.randint(1, 20)
        fell = rng.random() < 0.16
        cls = rng.choices(MT_CLASSES, [c[2] if fell else c[1] for c in MT_CLASSES])[0]
        median = cls[3] * (40 if fell else 1) * (0.3 if fell and cls[0].startswith("Iron") else 1)
        mass = round(median * math.exp(rng.gauss(0, 1.6)), rng.choice([0, 0, 1, 2]))
        if mass >= 100:
            mass = round(mass)
        if mass <= 0:
            mass = 0.1
        if fell:
            name = _mt_unique_name(rng, used)
            y = int(min(2013, max(1790, rng.gauss(1925, 45))))
            year: int | None = y
            c = rng.choice(MT_FALL_AREAS)
            lat, lon = c[0] + rng.gauss(0, c[2]), c[1] + rng.gauss(0, c[2] * 1.4)
            where = rng.random()
            if where < 0.025:
                lat = lon = None
            elif where < 0.055:
                lat = lon = 0.0
        else:
            f = rng.choices(MT_FINDS, [x[1] for x in MT_FINDS])[0]
            numbers[f[0]] = numbers.get(f[0], 0) + rng.randint(1, 60)
            num = numbers[f[0]]
            if f[5].startswith("A") or f[5].startswith("E") or f[5].startswith("M"):
                year = rng.randint(1977, 2012)
                num_text = f"{year % 100:02d}{num % 1000:03d}"
            elif f[5].startswith("Y"):
                year = rng.choice([1969, 1974, 1975, 1979, 1980, 1982, 1986, 1998, 2000])
                num_text = f"{year % 100:02d}{num:04d}"
            else:
                year = rng.randint(1985, 2013) if f[0] != "Roosevelt County" else rng.randint(1970, 1990)
                num_text = f[5].format(num)
            name = f"{f[0]} {num_text}"
            if name in used:
                name += rng.choice(["a", "b", "c"])
            used.add(name)
            if f[2] is None:
                lat = lon = 0.0 if rng.random() < 0.7 else None
            else:
                lat, lon = f[2] + rng.gauss(0, f[4]), f[3] + rng.gauss(0, f[4] * 2)
            if rng.random() < 0.01:
                year = None
        if lat is not None:
            lat, lon = round(lat, 5), round(lon, 5)
        out.append(
            {
                "id": next_id,
                "name": name,
                "nametype": "Relict" if rng.random() < 0.002 else "Valid",
                "recclass": cls[0],
                "mass": mass if rng.random() > 0.03 else None,
                "fall": "Fell" if fell else "Found",
                "year": year,
                "lat": lat,
                "lon": lon,
            }
        )
    # old falls (before pandas' nanosecond range), one heavy iron, a year typed into the future
    old = [m for m in out if m["fall"] == "Fell"][:4]
    for m, y in zip(old, (861, 1490, 1583, 1631)):
        m["year"] = y
    finds_iron = [m for m in out if m["fall"] == "Found" and m["recclass"] == "Iron, IIIAB" and m["mass"]]
    finds_iron[0]["mass"] = 23_000_000
    typo = [m for m in out if m["fall"] == "Found" and m["name"].startswith("Northwest Africa") and m["year"]]
    typo[5]["year"] = 2101
    return out


def _write_mt(t: Truth, d: Path) -> None:
    rng = _rng("meteorite-render")
    rows = []
    for m in t.mt:
        r: dict = {"name": m["name"], "id": str(m["id"]), "nametype": m["nametype"], "recclass": m["recclass"]}
        if m["mass"] is not None:
            r["mass"] = f"{m['mass']:g}" if m["mass"] < 1e6 else str(int(m["mass"]))
        r["fall"] = m["fall"]
        if m["year"] is not None:
            r["year"] = f"{m['year']:04d}-01-01T00:00:00.000"
        if m["lat"] is not None:
            r["reclat"] = f"{m['lat']:.6f}"
            r["reclong"] = f"{m['lon']:.6f}"
            r["geolocation"] = {"type": "Point", "coordinates": [m["lon"], m["lat"]]}
            if 25 < m["lat"] < 49 and -125 < m["lon"] < -67:
                r[":@computed_region_cbhk_fwbd"] = str(rng.randint(1, 50))
                r[":@computed_region_nnqa_25f4"] = str(rng.randint(1, 3200))
        rows.append(json.dumps(r, ensure_ascii=False, separators=(",", ":")))
    (d / MT_FILE).write_text("[" + "\n,".join(rows) + "]\n", encoding="utf-8")


# ==================================================================================================
# An Ubuntu server's /var/log/auth.log, 18 December 2023 to 14 January 2024
# ==================================================================================================

SSH_START, SSH_DAYS = datetime(2023, 12, 18), 28
SSH_HOST = "web-01"
SSH_USERS = {"alice": 1000, "bob": 1001, "deploy": 1002}
SSH_HOLIDAY = (date(2023, 12, 22), date(2024, 1, 2))  # nobody logs in (from the evening of the first)
SSH_SESSION_USER = "alice"
SSH_NAMES = ["admin", "test", "user", "oracle", "ubuntu", "postgres", "git", "ftpuser", "guest", "pi", "support", "deployer", "dev", "mysql", "hadoop", "minecraft", "steam", "jenkins", "www", "ansible"]  # fmt: skip
SSH_NAME_W = [9, 5, 6, 3, 6, 4, 3, 2, 2, 3, 2, 2, 2, 2, 1, 1, 1, 2, 1, 1]
SSH_COMMANDS = ["/usr/bin/apt update", "/usr/bin/apt upgrade -y", "/usr/bin/systemctl restart nginx", "/usr/bin/journalctl -u nginx --since today", "/usr/bin/tail -n 100 /var/log/nginx/error.log", "/usr/sbin/ufw status", "/usr/bin/docker ps"]  # fmt: skip


def _ip(rng: random.Random) -> str:
    while True:
        a = rng.randint(1, 223)
        if a not in (10, 127, 172, 192, 100, 169):
            return f"{a}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"


def _build_ssh(rng: random.Random) -> list[dict]:
    ev: list[dict] = []
    end = SSH_START + timedelta(days=SSH_DAYS)

    def at(day: int, h0: float, h1: float) -> datetime:
        return SSH_START + timedelta(days=day, seconds=int(rng.uniform(h0, h1) * 3600))

    # the people who work on the server: logins on working days, sudo, sessions
    for day in range(SSH_DAYS):
        d = (SSH_START + timedelta(days=day)).date()
        if SSH_HOLIDAY[0] < d < SSH_HOLIDAY[1] or d.weekday() >= 5:
            continue
        for user, n in (("alice", rng.randint(1, 3)), ("bob", rng.choice([0, 1, 1, 2])), ("deploy", rng.randint(1, 4))):
            for _ in range(n):
                start = at(day, 8.5, 17.5 if d != SSH_HOLIDAY[0] else 16.0)
                length = timedelta(seconds=int(rng.expovariate(1 / (2400 if user != "deploy" else 90))) + 5)
                ev.append({"time": start, "kind": "login", "user": user, "ip": f"192.0.2.{10 + list(SSH_USERS).index(user)}", "length": length})  # fmt: skip
                if user != "deploy":
                    for _ in range(rng.choice([0, 0, 1, 2, 3])):
                        when = start + timedelta(seconds=rng.randint(10, max(11, int(length.total_seconds()) - 5)))
                        ev.append({"time": when, "kind": "sudo", "user": user, "cmd": rng.choice(SSH_COMMANDS)})
    # the Internet: dictionary attacks on invalid users, root brute force, scanners
    brute = _ip(rng)
    dictionary = _ip(rng)
    others = [_ip(rng) for _ in range(140)]
    for day in range(SSH_DAYS):
        for _ in range(rng.randint(25, 45)):  # invalid users, one attempt per connection
            ip = rng.choice(others) if rng.random() > 0.25 else dictionary
            user = "" if rng.random() < 0.03 else rng.choices(SSH_NAMES, SSH_NAME_W)[0]
            ev.append({"time": at(day, 0, 24), "kind": "invalid", "user": user, "ip": ip, "attempts": 1})
        for _ in range(rng.randint(6, 14)):  # root, several attempts per connection, collapsed by rsyslog
            ip = brute if rng.random() < 0.35 else rng.choice(others)
            ev.append({"time": at(day, 0, 24), "kind": "root", "user": "root", "ip": ip, "attempts": rng.choice([1, 2, 3, 6, 6])})  # fmt: skip
        for _ in range(rng.randint(8, 20)):  # no authentication at all
            ev.append({"time": at(day, 0, 24), "kind": "scan", "ip": rng.choice(others + [_ip(rng)])})
    # the dictionary attacker's burst and the brute forcer's nights
    for _ in range(120):
        ev.append({"time": at(rng.randint(0, SSH_DAYS - 1), 1, 4), "kind": "invalid", "user": rng.choices(SSH_NAMES, SSH_NAME_W)[0], "ip": dictionary, "attempts": 1})  # fmt: skip
    for _ in range(45):
        ev.append({"time": at(rng.randint(0, SSH_DAYS - 1), 2, 5), "kind": "root", "user": "root", "ip": brute, "attempts": 6})  # fmt: skip
    ev = [e for e in ev if e["time"] < end]
    ev.sort(key=lambda e: e["time"])
    pid = 20_311
    session = 311
    for e in ev:
        pid += rng.randint(3, 40)
        e["pid"] = pid
        e["port"] = rng.randint(32768, 60999)
        if e["kind"] == "login":
            session += 1
            e["session"] = session
    return ev


def _stamp(t: datetime) -> str:
    return f"{MONTHS[t.month - 1]} {t.day:>2} {t:%H:%M:%S}"


def _write_ssh(t: Truth, d: Path) -> None:
    rng = _rng("ssh-render")
    lines: list[tuple[datetime, int, str]] = []
    seq = 0

    def put(when: datetime, prog: str, text: str) -> None:
        nonlocal seq
        seq += 1
        lines.append((when, seq, f"{_stamp(when)} {SSH_HOST} {prog}: {text}"))

    for e in t.ssh:
        s, p, ip, port = e["time"], f"sshd[{e['pid']}]", e.get("ip"), e["port"]
        sec = timedelta(seconds=1)
        if e["kind"] == "login":
            u, uid = e["user"], SSH_USERS[e["user"]]
            put(s, p, f"Accepted publickey for {u} from {ip} port {port} ssh2: ED25519 SHA256:{_key(u)}")
            put(s, p, f"pam_unix(sshd:session): session opened for user {u}(uid={uid}) by (uid=0)")
            put(s, "systemd-logind[612]", f"New session {e['session']} of user {u}.")
            out = s + e["length"]
            put(out, p, f"Received disconnect from {ip} port {port}:11: disconnected by user")
            put(out, p, f"Disconnected from user {u} {ip} port {port}")
            put(out, p, f"pam_unix(sshd:session): session closed for user {u}")
            put(out, "systemd-logind[612]", f"Session {e['session']} logged out. Waiting for processes to exit.")
            put(out, "systemd-logind[612]", f"Removed session {e['session']}.")
        elif e["kind"] == "sudo":
            u = e["user"]
            put(s, "sudo", f"   {u} : TTY=pts/0 ; PWD=/home/{u} ; USER=root ; COMMAND={e['cmd']}")
            put(s, "sudo", f"pam_unix(sudo:session): session opened for user root(uid=0) by {u}(uid={SSH_USERS[u]})")
            put(
                s + timedelta(seconds=rng.randint(1, 40)),
                "sudo",
                "pam_unix(sudo:session): session closed for user root",
            )
        elif e["kind"] == "invalid":
            u = e["user"]
            put(s, p, f"Invalid user {u} from {ip} port {port}")
            put(s + sec, p, "pam_unix(sshd:auth): check pass; user unknown")
            put(s + sec, p, f"pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser= rhost={ip}")  # fmt: skip
            put(s + 3 * sec, p, f"Failed password for invalid user {u} from {ip} port {port} ssh2")
            if rng.random() < 0.5:
                put(s + 4 * sec, p, f"Received disconnect from {ip} port {port}:11: Bye Bye [preauth]")
            put(s + 4 * sec, p, f"Disconnected from invalid user {u} {ip} port {port} [preauth]")
        elif e["kind"] == "root":
            n = e["attempts"]
            put(s, p, f"pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser= rhost={ip}  user=root")  # fmt: skip
            put(s + 2 * sec, p, f"Failed password for root from {ip} port {port} ssh2")
            if n > 1:
                put(s + (2 + 2 * (n - 1)) * sec, p, f"message repeated {n - 1} times: [ Failed password for root from {ip} port {port} ssh2]")  # fmt: skip
            end = s + (3 + 2 * n) * sec
            if n >= 6:
                put(end, p, f"error: maximum authentication attempts exceeded for root from {ip} port {port} ssh2 [preauth]")  # fmt: skip
                put(end, p, f"Disconnecting authenticating user root {ip} port {port}: Too many authentication failures [preauth]")  # fmt: skip
                put(end, p, f"PAM {n - 1} more authentication failures; logname= uid=0 euid=0 tty=ssh ruser= rhost={ip}  user=root")  # fmt: skip
            else:
                put(end, p, f"Connection closed by authenticating user root {ip} port {port} [preauth]")
                if n > 1:
                    put(end, p, f"PAM {n - 1} more authentication failures; logname= uid=0 euid=0 tty=ssh ruser= rhost={ip}  user=root")  # fmt: skip
        else:  # a scanner
            text = rng.choice(
                [
                    f"Connection closed by {ip} port {port} [preauth]",
                    f"Did not receive identification string from {ip} port {port}",
                    f"banner exchange: Connection from {ip} port {port}: invalid format",
                    f"Connection reset by {ip} port {port} [preauth]",
                ]
            )
            put(s, p, text)
    # cron every hour and logrotate's reload
    for h in range(SSH_DAYS * 24):
        when = SSH_START + timedelta(hours=h, minutes=17, seconds=1)
        cp = f"CRON[{(h * 7919) % 30000 + 1000}]"
        put(when, cp, "pam_unix(cron:session): session opened for user root(uid=0) by (uid=0)")
        put(when + timedelta(seconds=1), cp, "pam_unix(cron:session): session closed for user root")
    lines.sort(key=lambda x: (x[0], x[1]))
    (d / SSH_FILE).write_text("\n".join(x[2] for x in lines) + "\n", encoding="utf-8")


def _key(user: str) -> str:
    rng = random.Random(f"{SEED}-key-{user}")
    abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    return "".join(rng.choice(abc) for _ in range(43))


# ==================================================================================================
# Pi-hole: the FTL long-term query database (v5 schema) of a house in Bristol, 1 to 14 June 2024
# ==================================================================================================

PH_START = datetime(2024, 6, 1, tzinfo=timezone.utc) - timedelta(hours=1)  # midnight BST, in UTC
PH_DAYS = 14
PH_UTC_OFFSET = 1  # British Summer Time
# ip, name (None: never resolved), queries per day, kind
PH_CLIENTS = [
    ("192.168.1.10", "anna-laptop.lan", 620, "laptop"),
    ("192.168.1.11", "toms-macbook.lan", 540, "laptop"),
    ("192.168.1.20", "pixel-8.lan", 700, "phone"),
    ("192.168.1.21", "iphone-tom.lan", 660, "phone"),
    ("192.168.1.30", "samsung-tv.lan", 420, "tv"),
    ("192.168.1.31", "echo-kitchen.lan", 260, "speaker"),
    ("192.168.1.40", "nas.lan", 150, "server"),
    ("192.168.1.41", "ps5.lan", 110, "console"),
    ("192.168.1.57", None, 25, "laptop"),
    ("127.0.0.1", "localhost", 30, "server"),
]
PH_HOURS = {  # weight of each local hour by kind of device
    "laptop": [0.2, 0.1, 0, 0, 0, 0, 0.1, 0.5, 1.2, 1.6, 1.7, 1.6, 1.3, 1.5, 1.6, 1.5, 1.3, 1.0, 0.9, 1.1, 1.3, 1.5, 1.0, 0.5],
    "phone": [0.4, 0.2, 0.1, 0.1, 0.1, 0.1, 0.4, 1.2, 1.3, 0.8, 0.7, 0.8, 1.2, 1.0, 0.8, 0.8, 0.9, 1.2, 1.4, 1.5, 1.8, 2.1, 2.0, 1.2],
    "tv": [0.2, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.2, 0.3, 0.2, 0.2, 0.2, 0.3, 0.3, 0.3, 0.4, 0.6, 1.0, 1.6, 2.4, 3.0, 3.4, 2.6, 1.0],
    "speaker": [0.4, 0.4, 0.4, 0.4, 0.4, 0.4, 0.8, 1.6, 1.2, 0.8, 0.8, 0.8, 1.0, 0.8, 0.8, 0.8, 1.0, 1.6, 1.8, 1.2, 1.0, 0.9, 0.6, 0.5],
    "server": [1.0] * 24,
    "console": [0.3, 0.1, 0, 0, 0, 0, 0, 0, 0, 0.1, 0.2, 0.3, 0.4, 0.4, 0.5, 0.8, 1.2, 1.6, 1.8, 2.0, 2.4, 2.4, 1.8, 0.8],
}  # fmt: skip
# domain, blocked how (None, gravity, regex, blacklist, cname), weight per kind of device
PH_DOMAINS = [
    ("www.google.com", None, {"laptop": 5, "phone": 5, "tv": 1}),
    ("connectivitycheck.gstatic.com", None, {"phone": 6}),
    ("clients4.google.com", None, {"phone": 3, "laptop": 2}),
    ("www.youtube.com", None, {"laptop": 2, "phone": 2, "tv": 3}),
    ("i.ytimg.com", None, {"laptop": 2, "phone": 2, "tv": 2}),
    ("rr3---sn-aigl6nzr.googlevideo.com", None, {"tv": 4, "phone": 1}),
    ("api.bbc.co.uk", None, {"laptop": 1, "phone": 1.5, "tv": 1}),
    ("www.bbc.co.uk", None, {"laptop": 1.5, "phone": 1}),
    ("outlook.office365.com", None, {"laptop": 4}),
    ("teams.microsoft.com", None, {"laptop": 3}),
    ("github.com", None, {"laptop": 1.5}),
    ("api.github.com", None, {"laptop": 1}),
    ("gateway.icloud.com", None, {"phone": 2, "laptop": 1}),
    ("mask.icloud.com", None, {"phone": 2}),
    ("gspe1-ssl.ls.apple.com", None, {"phone": 1.5, "laptop": 0.5}),
    ("api.spotify.com", None, {"phone": 1.5, "laptop": 1, "speaker": 1}),
    ("www.netflix.com", None, {"tv": 1.5, "laptop": 0.3}),
    ("nrdp.prod.ftl.netflix.com", None, {"tv": 2}),
    ("whatsapp.net", None, {"phone": 2}),
    ("graph.instagram.com", None, {"phone": 1.5}),
    ("time.cloudflare.com", None, {"server": 1}),
    ("api.synology.com", None, {"server": 2}),
    ("checkip.synology.com", None, {"server": 2}),
    ("pool.ntp.org", None, {"server": 1, "speaker": 0.3}),
    ("avs-alexa-4-eu.amazon.com", None, {"speaker": 6}),
    ("device-metrics-us.amazon.com", "gravity", {"speaker": 2.5}),
    ("msh.amazon.co.uk", None, {"speaker": 1}),
    ("playstation.net", None, {"console": 3}),
    ("telemetry-console.api.playstation.com", "gravity", {"console": 1}),
    ("pi.hole", None, {"server": 1}),
    ("googleads.g.doubleclick.net", "gravity", {"laptop": 1.2, "phone": 1.5, "tv": 0.5}),
    ("ad.doubleclick.net", "gravity", {"laptop": 0.8, "phone": 1.0}),
    ("app-measurement.com", "gravity", {"phone": 2}),
    ("www.google-analytics.com", "gravity", {"laptop": 1.5, "phone": 0.8}),
    ("graph.facebook.com", "blacklist", {"phone": 1.2}),
    ("log-config.samsungacr.com", "gravity", {"tv": 3}),
    ("samsungads.com", "gravity", {"tv": 1.5}),
    ("acr-eu-prd.samsungcloud.tv", "regex", {"tv": 2}),
    ("ads2.tvproviders.net", "regex", {"tv": 1}),
    ("adservice.google.com", "regex", {"laptop": 0.6, "phone": 0.6}),
    ("smetrics.bbc.co.uk", "cname", {"laptop": 0.4, "phone": 0.6, "tv": 0.3}),
    ("metrics.icloud.com", "cname", {"phone": 0.7}),
]
PH_TYPES = [(1, 0.58), (2, 0.26), (16, 0.1), (12, 0.0), (6, 0.03), (4, 0.015), (7, 0.015)]  # type code, weight
PH_BLOCK_STATUS = {"gravity": 1, "regex": 4, "blacklist": 5, "cname": 9}
PH_BLOCKED = (1, 4, 5, 6, 7, 8, 9, 10, 11, 15, 16)  # Pi-hole's status codes for a blocked query
PH_UPSTREAMS = ["1.1.1.1#53", "9.9.9.9#53"]


def _build_ph(rng: random.Random) -> list[dict]:
    out = []
    for ip, name, per_day, kind in PH_CLIENTS:
        doms = [(dm, how, w[kind]) for dm, how, w in PH_DOMAINS if kind in w]
        n = int(per_day * PH_DAYS * rng.uniform(0.9, 1.1))
        hours = PH_HOURS[kind]
        for _ in range(n):
            day = rng.randrange(PH_DAYS)
            h = rng.choices(range(24), hours)[0]
            t = PH_START + timedelta(days=day, hours=h, seconds=rng.randrange(3600))
            dm, how, _ = rng.choices(doms, [x[2] for x in doms])[0]
            qtype = rng.choices([x[0] for x in PH_TYPES], [x[1] for x in PH_TYPES])[0]
            if dm.endswith(".lan") or dm == "pi.hole":
                qtype = 1
            forward = None
            addinfo = None
            if how:
                status = PH_BLOCK_STATUS[how]
                if how == "gravity" and rng.random() < 0.04:
                    status = 9  # found through a CNAME
                if how == "cname":
                    addinfo = "sc.omtrdc.net" if "bbc" in dm else "metrics.apple.com.edgekey.net"
                reply_type, reply_time = 4, round(rng.uniform(0.00002, 0.0002), 6)
            else:
                r = rng.random()
                if r < 0.55:
                    status = 2
                    forward = PH_UPSTREAMS[0] if rng.random() < 0.7 else PH_UPSTREAMS[1]
                    slow = 1.8 if forward == PH_UPSTREAMS[1] else 1.0
                    reply_time = round(0.012 * slow * math.exp(rng.gauss(0, 0.6)), 6)
                    if rng.random() < 0.01:
                        reply_time = None  # no answer came back
                elif r < 0.97:
                    status, reply_time = 3, round(rng.uniform(0.00001, 0.0003), 6)
                elif r < 0.99:
                    status, reply_time = 17, round(rng.uniform(0.00001, 0.0003), 6)
                else:
                    status, reply_time = 14, None
                reply_type = (
                    None
                    if reply_time is None
                    else (
                        1
                        if qtype in (2, 16) and rng.random() < 0.3
                        else 2
                        if qtype == 6
                        else 3
                        if rng.random() < 0.2
                        else 4
                    )
                )
            out.append(
                {
                    "time": t,
                    "type": qtype,
                    "status": status,
                    "domain": dm,
                    "client": ip,
                    "name": name,
                    "forward": forward,
                    "addinfo": addinfo,
                    "reply_type": reply_type,
                    "reply_time": reply_time,
                }
            )
    out.sort(key=lambda q: q["time"])
    return out


PH_SCHEMA = """
CREATE TABLE ftl ( id INTEGER PRIMARY KEY NOT NULL, value BLOB NOT NULL );
CREATE TABLE counters ( id INTEGER PRIMARY KEY NOT NULL, value INTEGER NOT NULL );
CREATE TABLE network ( id INTEGER PRIMARY KEY NOT NULL, hwaddr TEXT UNIQUE NOT NULL, interface TEXT NOT NULL, firstSeen INTEGER NOT NULL, lastQuery INTEGER NOT NULL, numQueries INTEGER NOT NULL, macVendor TEXT, aliasclient_id INTEGER);
CREATE TABLE network_addresses ( network_id INTEGER NOT NULL, ip TEXT UNIQUE NOT NULL, lastSeen INTEGER NOT NULL DEFAULT (cast(strftime('%s', 'now') as int)), name TEXT, nameUpdated INTEGER, FOREIGN KEY(network_id) REFERENCES network(id));
CREATE TABLE aliasclient (id INTEGER PRIMARY KEY NOT NULL, name TEXT NOT NULL, comment TEXT);
CREATE TABLE message ( id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp INTEGER NOT NULL, type TEXT NOT NULL, message TEXT NOT NULL, blob1 BLOB, blob2 BLOB, blob3 BLOB, blob4 BLOB, blob5 BLOB );
CREATE TABLE IF NOT EXISTS "query_storage" (id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp INTEGER NOT NULL, type INTEGER NOT NULL, status INTEGER NOT NULL, domain INTEGER NOT NULL, client INTEGER NOT NULL, forward INTEGER, additional_info INTEGER, reply_type INTEGER, reply_time REAL, dnssec INTEGER, regex_id INTEGER);
CREATE INDEX idx_queries_timestamps ON "query_storage" (timestamp);
CREATE TABLE domain_by_id (id INTEGER PRIMARY KEY, domain TEXT NOT NULL);
CREATE TABLE client_by_id (id INTEGER PRIMARY KEY, ip TEXT NOT NULL, name TEXT);
CREATE TABLE forward_by_id (id INTEGER PRIMARY KEY, forward TEXT NOT NULL);
CREATE UNIQUE INDEX domain_by_id_domain_idx ON domain_by_id(domain);
CREATE UNIQUE INDEX client_by_id_client_idx ON client_by_id(ip,name);
CREATE UNIQUE INDEX forward_by_id_forward_idx ON forward_by_id(forward);
CREATE TABLE addinfo_by_id (id INTEGER PRIMARY KEY, type INTEGER NOT NULL, content NOT NULL);
CREATE UNIQUE INDEX addinfo_by_id_idx ON addinfo_by_id(type,content);
CREATE VIEW queries AS SELECT id, timestamp, type, status, CASE typeof(domain) WHEN 'integer' THEN (SELECT domain FROM domain_by_id d WHERE d.id = q.domain) ELSE domain END domain,CASE typeof(client) WHEN 'integer' THEN (SELECT ip FROM client_by_id c WHERE c.id = q.client) ELSE client END client,CASE typeof(forward) WHEN 'integer' THEN (SELECT forward FROM forward_by_id f WHERE f.id = q.forward) ELSE forward END forward,CASE typeof(additional_info) WHEN 'integer' THEN (SELECT content FROM addinfo_by_id a WHERE a.id = q.additional_info) ELSE additional_info END additional_info, reply_type, reply_time, dnssec, regex_id FROM query_storage q;
"""


def _write_ph(t: Truth, d: Path) -> None:
    rng = _rng("pihole-render")
    path = d / PH_FILE
    for p in (path, path.with_name(PH_FILE + "-journal")):
        if p.exists():
            p.unlink()
    con = sqlite3.connect(path)
    con.execute("PRAGMA page_size = 4096")
    con.executescript(PH_SCHEMA)
    ids: dict[str, dict] = {"domain": {}, "client": {}, "forward": {}, "addinfo": {}}

    def idof(kind: str, key) -> int:
        table = ids[kind]
        if key not in table:
            table[key] = len(table) + 1
        return table[key]

    rows = []
    for i, q in enumerate(t.ph, start=1):
        rows.append(
            (
                i,
                int(q["time"].timestamp()),
                q["type"],
                q["status"],
                idof("domain", q["domain"]),
                idof("client", (q["client"], q["name"])),
                None if q["forward"] is None else idof("forward", q["forward"]),
                None if q["addinfo"] is None else idof("addinfo", q["addinfo"]),
                q["reply_type"],
                q["reply_time"],
                0,
                None,
            )
        )
    con.executemany("INSERT INTO query_storage VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", rows)
    con.executemany("INSERT INTO domain_by_id VALUES (?,?)", [(v, k) for k, v in ids["domain"].items()])
    con.executemany("INSERT INTO client_by_id VALUES (?,?,?)", [(v, k[0], k[1]) for k, v in ids["client"].items()])
    con.executemany("INSERT INTO forward_by_id VALUES (?,?)", [(v, k) for k, v in ids["forward"].items()])
    con.executemany("INSERT INTO addinfo_by_id VALUES (?,1,?)", [(v, k) for k, v in ids["addinfo"].items()])
    last = int(t.ph[-1]["time"].timestamp())
    con.executemany("INSERT INTO ftl VALUES (?,?)", [(0, 13), (1, last), (2, 1_672_531_200)])
    lifetime = len(t.ph) * 11 + rng.randint(0, 9999)
    con.executemany("INSERT INTO counters VALUES (?,?)", [(0, lifetime), (1, int(lifetime * 0.17))])
    for k, (ip, name, per_day, _) in enumerate(PH_CLIENTS, start=1):
        if ip == "127.0.0.1":
            continue
        mac = ":".join(f"{rng.randrange(256):02x}" for _ in range(6))
        con.execute(
            "INSERT INTO network VALUES (?,?,?,?,?,?,?,NULL)",
            (
                k,
                mac,
                "eth0",
                1_672_600_000 + k * 86400,
                last,
                per_day * 200,
                rng.choice(
                    [
                        "Samsung Electronics Co.,Ltd",
                        "Apple, Inc.",
                        "Google, Inc.",
                        "Amazon Technologies Inc.",
                        "Synology Incorporated",
                        "Sony Interactive Entertainment Inc.",
                        "",
                    ]
                ),
            ),  # fmt: skip
        )
        con.execute("INSERT INTO network_addresses VALUES (?,?,?,?,?)", (k, ip, last, name or "", last))
    con.execute(
        "INSERT INTO message VALUES (1, ?, 'RATE_LIMIT', '192.168.1.30', 1000, 60, NULL, NULL, NULL)",
        (int((PH_START + timedelta(days=3, hours=20)).timestamp()),),
    )
    con.commit()
    con.execute("VACUUM")
    con.close()


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    seats, cands = _build_el(_rng("election"))
    return Truth(
        seats=seats,
        cands=cands,
        mt=_build_mt(_rng("meteorites")),
        ssh=_build_ssh(_rng("ssh")),
        ph=_build_ph(_rng("pihole")),
    )


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_el(t, d)
    _write_mt(t, d)
    _write_ssh(t, d)
    _write_ph(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout32-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
