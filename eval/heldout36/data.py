"""The thirty-sixth held-out set's data: five files on four topics, each imitating a real public export.

* `USW00014739.dly`: NOAA's GHCN-Daily record for Boston Logan International Airport, cut to 2014-2023,
  in GHCN-Daily's fixed-width `.dly` layout: one line per station, year, month and element with 31 day
  slots of a five-character value and three one-character flags (MFLAG, QFLAG, SFLAG). Temperatures in
  tenths of a degree Celsius (converted from whole degrees Fahrenheit, so only some tenths occur),
  precipitation in tenths of a millimetre, snowfall and snow depth in whole millimetres (converted from
  inches), wind in tenths of m/s; `-9999` for a missing value and for the days a month does not have
  (30 and 31 February, 31 April ...); `T` in MFLAG for a trace; a few values kept with a QFLAG after
  failing NCEI's quality checks; weather-type elements (`WT01`, `WT03`) holding 1 or -9999.
* `clerk_evs_2023_roll301-364.zip`: the US House Clerk's roll-call vote XML files (`rollNNN.xml` as on
  clerk.house.gov/evs/2023/) for roll calls 301 to 364 of the 118th Congress, 11 to 27 July 2023, zipped:
  `vote-metadata` with the question, the vote type, the result and totals by party, then one
  `recorded-vote` per member. Recorded votes (`RECORDED VOTE`) are `Aye` / `No`, yea-and-nay votes
  `Yea` / `Nay`; bills are `Passed` but amendments, rules and motions are `Agreed to`; a member is named
  by surname, with the state added once another member of that surname sits (so a member's name changes
  when a namesake is sworn in mid-month), and by `name-id` (the bioguide ID); the Speaker does not vote.
* `Jira.csv`: a Jira Cloud "Export Excel CSV (all fields)" of a payments team's Scrum project (PAY): a
  header with repeated column names for multi-valued fields (`Labels`, `Sprint`, `Component/s`,
  `Fix Version/s`, `Watchers`, `Comment`), dates as `05/Mar/24 9:07 AM`, time tracking in seconds with
  `Σ` roll-ups that include sub-tasks, story points as `5.0`, parents by numeric issue id, two done
  statuses (`Done`, `Closed`) and resolutions, multi-line wiki-markup descriptions.
* `ExportedTransactions.ofx`: a credit union checking account's OFX 1.02 download (SGML: leaf tags not
  closed, a `KEY:VALUE` header, CRLF line ends) for the first quarter of 2024: `DTPOSTED` with a zone in
  brackets (`[-5:EST]`, then `[-4:EDT]`), `TRNTYPE` codes, payees cut to 32 characters and `&amp;`.
* `Chase4417_Activity20240101_20240331_20240402.CSV`: the household's Chase credit card activity CSV for
  the same quarter: `Transaction Date,Post Date,Description,Category,Type,Amount,Memo`, newest first,
  US dates, purchases negative and payments and returns positive, an empty Memo leaving a trailing comma,
  Amazon written several ways (`AMAZON MKTPL*`, `Amazon.com*`, `AMZN Mktp US*` ...).

Every record is built first with the standard library from a fixed seed (one random stream per topic);
the files are then rendered from those records, so the same seed gives the same bytes. `truth()` returns
the clean records the references are computed from.

    python data.py DIR   # writes the five files into DIR
"""

from __future__ import annotations

import csv
import functools
import io
import math
import random
import sys
import unicodedata
import uuid
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

SEED = 36_118_407

WX_FILE = "USW00014739.dly"
VT_FILE = "clerk_evs_2023_roll301-364.zip"
JR_FILE = "Jira.csv"
OFX_FILE = "ExportedTransactions.ofx"
CARD_FILE = "Chase4417_Activity20240101_20240331_20240402.CSV"
FILES = [WX_FILE, VT_FILE, JR_FILE, OFX_FILE, CARD_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


def _half_up(x: float) -> int:
    return math.floor(x + 0.5)


@dataclass
class Truth:
    wx: dict  # element -> {date: (value or None, mflag, qflag, sflag)}, values in the file's units
    members: dict  # name_id -> member
    rollcalls: list[dict]  # one dict per roll call with every member's vote and name as printed
    issues: list[dict]  # one dict per Jira issue
    checking: dict  # the OFX statement: opening balance, transactions, ledger balance
    card: list[dict]  # one dict per card CSV row


# ==================================================================================================
# Weather: GHCN-Daily .dly for Boston Logan International Airport
# ==================================================================================================

WX_ID = "USW00014739"
WX_FIRST, WX_LAST = 2014, 2023
WX_ELEMENTS = ["TMAX", "TMIN", "PRCP", "SNOW", "SNWD", "AWND", "TAVG", "WDF2", "WSF2", "WT01", "WT03"]
WX_OUTAGES = [(date(2016, 7, 9), date(2016, 7, 12)), (date(2022, 1, 14), date(2022, 1, 19))]  # ASOS down
WX_QFLAGS = {  # (element, day): (value or None to keep, QFLAG)
    ("TMAX", date(2019, 8, 6)): (417, "O"),  # a climatological outlier
    ("TMIN", date(2017, 3, 2)): (-311, "I"),  # internally inconsistent with TMAX
    ("PRCP", date(2016, 10, 21)): (1123, "S"),  # failed the spatial check
    ("SNOW", date(2020, 4, 18)): (51, "W"),  # too warm for snow
    ("TMAX", date(2015, 6, 30)): (None, "T"),  # failed the temporal check
}


def _c_from_f(f: int) -> int:
    """Tenths of a degree Celsius from whole degrees Fahrenheit, as GHCN-Daily converts ASOS values."""
    return _half_up((f - 32) * 50 / 9)


def _build_weather(rng: random.Random) -> dict:
    rec: dict[str, dict] = {e: {} for e in WX_ELEMENTS}
    anom, wet, depth_in = 0.0, False, 0.0
    d = date(WX_FIRST, 1, 1)
    while d.year <= WX_LAST:
        season = math.cos(2 * math.pi * (d.timetuple().tm_yday - 22) / 365.25)
        anom = 0.72 * anom + rng.gauss(0, 2.6)
        wet = rng.random() < (0.5 if wet else 0.27)
        tx = 14.6 - 12.6 * season + anom + rng.gauss(0, 1.6) - (rng.uniform(0, 2.5) if wet else 0)
        tn = min(7.0 - 12.0 * season + 0.9 * anom + rng.gauss(0, 1.4), tx - rng.uniform(2, 5.5))
        tmax, tmin = _c_from_f(round(tx * 9 / 5 + 32)), _c_from_f(round(tn * 9 / 5 + 32))
        rec["TMAX"][d] = (tmax, "", "", "W")
        rec["TMIN"][d] = (tmin, "", "", "W")
        rec["TAVG"][d] = (_half_up((tmax + tmin) / 2 + rng.gauss(0, 7)), "", "", "W")
        snow_mm, snow_flag = 0, ""
        if wet:
            hundredths = min(460, max(1, round(rng.gammavariate(0.72, 42))))
            rec["PRCP"][d] = (_half_up(hundredths * 2.54), "", "", "W")
            if tx < 2.5 and tn < 0.5:
                tenths_in = max(1, round(hundredths / 100 * rng.uniform(8, 15) * 10))
                snow_mm = _half_up(tenths_in * 2.54)
        else:
            trace = rng.random() < 0.09
            rec["PRCP"][d] = (0, "T" if trace else "", "", "W")
            if tx < 2.5 and rng.random() < 0.12:
                snow_flag = "T"
        rec["SNOW"][d] = (snow_mm, snow_flag, "", "W")
        depth_in = max(0.0, depth_in + snow_mm / 25.4 * 0.8 - max(0.0, tx) * 0.3 - (0.6 if wet and not snow_mm else 0))
        whole = round(depth_in)
        rec["SNWD"][d] = (_half_up(whole * 25.4), "T" if whole == 0 and depth_in > 0.2 else "", "", "W")
        awnd = max(0.8, rng.gauss(5.3 + 0.9 * season + (0.8 if wet else 0), 1.5))
        rec["AWND"][d] = (_half_up(awnd * 10), "", "", "W")
        gust_mph = round(awnd / 0.44704 * rng.uniform(1.6, 2.4))
        rec["WSF2"][d] = (_half_up(gust_mph * 0.44704 * 10), "", "", "W")
        rec["WDF2"][d] = (rng.choice([10, 20, 30, 40, 50, 60, 70, 90, 110, 140, 170, 200, 220, 230, 240, 250, 260, 270,
                                      280, 290, 300, 310, 320, 330, 340, 350, 360]), "", "", "W")  # fmt: skip
        if rng.random() < 0.06 + (0.12 if wet else 0):
            rec["WT01"][d] = (1, "", "", "W")
        if wet and 5 <= d.month <= 9 and rng.random() < 0.22:
            rec["WT03"][d] = (1, "", "", "W")
        for e, p in (("TMAX", 0.004), ("TMIN", 0.004), ("PRCP", 0.002), ("SNWD", 0.02), ("AWND", 0.006)):
            if rng.random() < p:
                rec[e][d] = (None, "", "", "")
        d += timedelta(days=1)
    for first, last in WX_OUTAGES:
        d = first
        while d <= last:
            for e in ("TMAX", "TMIN", "TAVG", "AWND", "WSF2", "WDF2"):
                rec[e][d] = (None, "", "", "")
            d += timedelta(days=1)
    for (e, d), (value, q) in WX_QFLAGS.items():
        old = rec[e][d]
        rec[e][d] = (old[0] if value is None else value, old[1], q, old[3])
    return rec


def _write_weather(t: Truth, d: Path) -> None:
    lines = []
    for year in range(WX_FIRST, WX_LAST + 1):
        for month in range(1, 13):
            for e in WX_ELEMENTS:
                slots, seen = [], False
                for day in range(1, 32):
                    try:
                        v = t.wx[e].get(date(year, month, day))
                    except ValueError:  # 30 February and the like
                        v = None
                    if v is None or v[0] is None:
                        slots.append("-9999   ")
                    else:
                        seen = True
                        slots.append(f"{v[0]:5d}{v[1] or ' '}{v[2] or ' '}{v[3] or ' '}")
                if seen:
                    lines.append(f"{WX_ID}{year:04d}{month:02d}{e}{''.join(slots)}")
    (d / WX_FILE).write_text("\n".join(lines) + "\n", encoding="ascii")


# ==================================================================================================
# House roll-call votes: the Clerk's XML, 118th Congress, roll calls 301-364
# ==================================================================================================

# state: (name, seats, share of seats held by Republicans)
VT_STATES = {
    "AL": ("Alabama", 7, 0.86), "AK": ("Alaska", 1, 0.0), "AZ": ("Arizona", 9, 0.67), "AR": ("Arkansas", 4, 1.0),
    "CA": ("California", 52, 0.23), "CO": ("Colorado", 8, 0.5), "CT": ("Connecticut", 5, 0.0),
    "DE": ("Delaware", 1, 0.0), "FL": ("Florida", 28, 0.71), "GA": ("Georgia", 14, 0.64), "HI": ("Hawaii", 2, 0.0),
    "ID": ("Idaho", 2, 1.0), "IL": ("Illinois", 17, 0.18), "IN": ("Indiana", 9, 0.78), "IA": ("Iowa", 4, 1.0),
    "KS": ("Kansas", 4, 0.75), "KY": ("Kentucky", 6, 0.83), "LA": ("Louisiana", 6, 0.83), "ME": ("Maine", 2, 0.0),
    "MD": ("Maryland", 8, 0.13), "MA": ("Massachusetts", 9, 0.0), "MI": ("Michigan", 13, 0.46),
    "MN": ("Minnesota", 8, 0.5), "MS": ("Mississippi", 4, 0.75), "MO": ("Missouri", 8, 0.75),
    "MT": ("Montana", 2, 1.0), "NE": ("Nebraska", 3, 1.0), "NV": ("Nevada", 4, 0.25),
    "NH": ("New Hampshire", 2, 0.0), "NJ": ("New Jersey", 12, 0.25), "NM": ("New Mexico", 3, 0.0),
    "NY": ("New York", 26, 0.42), "NC": ("North Carolina", 14, 0.5), "ND": ("North Dakota", 1, 1.0),
    "OH": ("Ohio", 15, 0.67), "OK": ("Oklahoma", 5, 1.0), "OR": ("Oregon", 6, 0.33),
    "PA": ("Pennsylvania", 17, 0.47), "RI": ("Rhode Island", 2, 0.0), "SC": ("South Carolina", 7, 0.86),
    "SD": ("South Dakota", 1, 1.0), "TN": ("Tennessee", 9, 0.89), "TX": ("Texas", 38, 0.66),
    "UT": ("Utah", 4, 1.0), "VT": ("Vermont", 1, 0.0), "VA": ("Virginia", 11, 0.45),
    "WA": ("Washington", 10, 0.2), "WV": ("West Virginia", 2, 1.0), "WI": ("Wisconsin", 8, 0.75),
    "WY": ("Wyoming", 1, 1.0),
}  # fmt: skip
VT_REPUBLICAN_SEATS = 223
VT_SURNAMES = [
    "Abernathy", "Acevedo", "Adair", "Alcott", "Amodei", "Arrington", "Baca", "Ballard", "Banerjee", "Barragan",
    "Beaumont", "Bellweather", "Benavides", "Bishop", "Blanchard", "Bostic", "Brandt", "Breckenridge", "Bui",
    "Burkhardt", "Calloway", "Capelli", "Castaneda", "Chaudhry", "Chen", "Cisneros", "Colquitt", "Conaway",
    "Corbin", "Costa", "Crenshaw", "Dabrowski", "Dalton", "DeLuca", "Desai", "Dorsey", "Drummond", "Duarte",
    "Eckhart", "Ellison", "Escobedo", "Farrow", "Feeney", "Fitzpatrick", "Flores", "Foxworth", "Fujimoto",
    "Gallagher", "Gattis", "Gonzales", "Gottlieb", "Greer", "Guerrero", "Haddad", "Halvorsen", "Haney",
    "Hargrove", "Hashemi", "Hatch", "Hennessy", "Hinojosa", "Holloway", "Horvath", "Huizenga", "Ibarra", "Iwasaki",
    "Jablonski", "Jaramillo", "Jennings", "Kaplan", "Karamanlis", "Keane", "Kessler", "Khanna", "Kilmer", "Kowal",
    "Lachance", "Lamberth", "Landry", "Larkin", "Lavoie", "Leclerc", "Lindahl", "Loudermilk", "Lujan", "Lyle",
    "Macklin", "Maldonado", "Mancuso", "Marchetti", "Mathis", "McAdams", "McCaffrey", "McKinnon", "Medina",
    "Mercado", "Moolenaar", "Mulcahy", "Nadeau", "Nakamura", "Navarro", "Nehls", "Norcross", "Novak", "Obi",
    "Ogletree", "Okonkwo", "Oliveira", "Orozco", "Ortega", "Pappas", "Pascrell", "Petrakis", "Pfluger", "Pham",
    "Pitts", "Posey", "Quigley", "Quintero", "Rafferty", "Raskin", "Reyes", "Rinaldi", "Robles", "Rosendale",
    "Rouzer", "Ruppersberger", "Salazar", "Santoro", "Schrader", "Sessions", "Shah", "Sherrill", "Sorensen",
    "Spartz", "Stansbury", "Steil", "Strickland", "Sykes", "Takano", "Tenney", "Thibodeaux", "Tiffany", "Tlaib",
    "Torres", "Trahan", "Tran", "Underwood", "Valadao", "Vasquez", "Villanueva", "Wahls", "Waltz", "Wexton",
    "Whitfield", "Yakym", "Yates", "Zaragoza", "Zinke",
]  # fmt: skip
VT_PARTS = (["Ash", "Black", "Brad", "Brook", "Cald", "Clay", "Craw", "Dun", "Elling", "Fair", "Gold", "Green", "Hal",
             "Hart", "Hol", "Kings", "Lang", "Lock", "Mar", "Mid", "Mor", "New", "North", "Oak", "Pem", "Rad", "Red",
             "Rock", "Ross", "Rut", "Sand", "Shel", "Stan", "Stock", "Thorn", "War", "West", "Whit", "Wood", "Fen"],
            ["ford", "well", "ley", "ton", "wood", "field", "by", "more", "worth", "stead", "ham", "bury", "don",
             "brook", "man", "er", "ridge", "son"])  # fmt: skip
VT_ACCENTED = ["Méndez", "Núñez", "Peña"]
VT_FIRST = ["James", "Mary", "Robert", "Linda", "Michael", "Patricia", "David", "Susan", "William", "Karen", "Kevin",
            "Nancy", "Thomas", "Lisa", "Daniel", "Angela", "Mark", "Donna", "Steven", "Michelle", "Brian", "Carol",
            "Greg", "Teresa", "Jason", "Andrea", "Jim", "Debbie", "Tim", "Julia", "Chris", "Ann"]  # fmt: skip
# surname -> states of the members who share it (two in one state are told apart by first name)
VT_SHARED = {"Johnson": ["MN", "AZ", "NC"], "Garcia": ["NV", "FL", "NM"], "Smith": ["KS", "WA", "PA"],
             "Davis": ["MI", "OK"], "Carter": ["VA", "TN"]}  # fmt: skip
VT_SAME_STATE = [("Nguyen", "Linda", "TX"), ("Nguyen", "Kevin", "TX")]  # told apart by first name
VT_SPEAKER = ("Hollister", "Kenneth", "CA")
VT_MISSER = ("Whitaker", "Diane", "OR")  # a Democrat absent often; a namesake is sworn in mid-month
VT_NAMESAKE = ("Whitaker", "Scott", "OH")  # a Republican who wins a special election
VT_RUNNER = ("Okonkwo", "Grace", "MD")  # the Democrat absent most often under one name
VT_MAVERICK = ("Kessler", "Troy", "FL")  # the Republican who most often votes against his party
VT_MEMBER = ("Lindahl", "Karen", "WA")  # the member whose votes in favour are counted
VT_VACANT = "UT"  # one Utah seat vacant all month
VT_SWORN = date(2023, 7, 18)
VT_FIRST_ROLL = 301
VT_DAYS = [  # (day, first vote at, the business of the day)
    (date(2023, 7, 11), "18:31", ["susp", "susp", "susp"]),
    (date(2023, 7, 12), "13:02", ["pq", "rule", "amend_R", "amend_D", "amend_R", "susp"]),
    (date(2023, 7, 13), "11:15", ["amend_R", "amend_R", "amend_D", "amend_bi", "amend_R", "amend_D", "amend_R",
                                  "amend_R", "amend_D", "amend_bi", "amend_R", "amend_R", "amend_D", "amend_R"]),
    (date(2023, 7, 14), "09:14", ["amend_R", "amend_D", "amend_R", "amend_bi", "amend_R", "recommit", "passage"]),
    (date(2023, 7, 17), "18:30", ["susp", "susp", "susp_contested"]),
    (date(2023, 7, 18), "14:05", ["susp", "pq", "rule", "susp_recorded"]),
    (date(2023, 7, 19), "12:40", ["amend_R", "amend_D", "amend_bi", "amend_R", "susp", "recommit", "passage"]),
    (date(2023, 7, 20), "10:48", ["amend_R", "amend_D", "amend_R", "amend_R", "amend_bi", "passage", "susp"]),
    (date(2023, 7, 25), "18:32", ["susp", "susp_contested", "susp"]),
    (date(2023, 7, 26), "12:15", ["pq", "rule", "amend_R", "amend_D", "amend_R", "recommit", "passage", "susp"]),
    (date(2023, 7, 27), "09:30", ["susp", "amend_bi"]),
]  # fmt: skip
VT_MILCON = "Military Construction, Veterans Affairs, and Related Agencies Appropriations Act, 2024"
VT_BILLS = {  # the bill each day's amendments and passage vote are on, and its rule
    date(2023, 7, 12): ("H R 2670", "National Defense Authorization Act for Fiscal Year 2024", "H RES 547"),
    date(2023, 7, 13): ("H R 2670", "National Defense Authorization Act for Fiscal Year 2024", "H RES 547"),
    date(2023, 7, 14): ("H R 2670", "National Defense Authorization Act for Fiscal Year 2024", "H RES 547"),
    date(2023, 7, 18): ("H R 3799", "Custom Health Option and Individual Care Expense Arrangement Act", "H RES 581"),
    date(2023, 7, 19): ("H R 3799", "Custom Health Option and Individual Care Expense Arrangement Act", "H RES 581"),
    date(2023, 7, 20): ("H R 3941", "Schools Not Shelters Act", "H RES 581"),
    date(2023, 7, 25): ("H R 4366", VT_MILCON, "H RES 614"),
    date(2023, 7, 26): ("H R 4366", VT_MILCON, "H RES 614"),
    date(2023, 7, 27): ("H R 4366", VT_MILCON, "H RES 614"),
}  # fmt: skip
VT_SUSPENSIONS = [
    ("H R 1615", "Gas Stove Protection and Freedom Act"), ("H R 2882", "Rural Broadband Mapping Accuracy Act"),
    ("H R 3152", "Veterans' Caregiver Respite Act"), ("H R 1226", "Coast Guard Housing Improvement Act"),
    ("H R 2437", "Small Business Cyber Training Act"), ("H R 3397", "Wildfire Smoke Monitoring Act"),
    ("H R 4004", "Tribal Water Access Improvement Act"), ("H RES 504", "Condemning the rise in attacks on "
     "election workers"), ("H R 2811", "Protecting Americans' Retirement Savings Act"),
    ("H R 3608", "Fentanyl Analogue Scheduling Act"), ("H R 1089", "Great Lakes Fishery Research Act"),
    ("H R 3226", "Servicemember Food Security Act"), ("H R 2745", "Harbor Maintenance Transparency Act"),
    ("H R 3672", "Medicare Telehealth Continuity Act"), ("H R 1949", "Unlocking our Domestic LNG Potential Act"),
    ("H R 2544", "Securing Maritime Data from Communist China Act"), ("H R 3027", "Lake Tahoe Restoration Act"),
]  # fmt: skip


def _unaccent(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


def _vt_seats(rng: random.Random) -> list[tuple[str, str]]:
    """(state, party) for every seat, with the apportionment's number of Republican seats."""
    want = {st: v[1] * v[2] for st, v in VT_STATES.items()}
    rs = {st: math.floor(w) for st, w in want.items()}
    order = sorted(want, key=lambda st: (want[st] - rs[st], rng.random()), reverse=True)
    for st in order[: VT_REPUBLICAN_SEATS - sum(rs.values())]:
        rs[st] += 1
    seats = []
    for st, (_name, n, _share) in VT_STATES.items():
        parties = ["R"] * rs[st] + ["D"] * (n - rs[st])
        rng.shuffle(parties)
        seats += [(st, p) for p in parties]
    assert len(seats) == 435 and sum(p == "R" for _s, p in seats) == VT_REPUBLICAN_SEATS
    return seats


def _vt_members(rng: random.Random) -> dict[str, dict]:
    seats = _vt_seats(rng)
    fixed = {VT_SPEAKER: "R", VT_MISSER: "D", VT_NAMESAKE: "R", VT_RUNNER: "D", VT_MAVERICK: "R", VT_MEMBER: "D"}
    named: list[tuple[str, str, str, str | None]] = [(s, f, st, p) for (s, f, st), p in fixed.items()]
    for sn, states in VT_SHARED.items():
        named += [(sn, rng.choice(VT_FIRST), st, None) for st in states]
    named += [(sn, first, st, None) for sn, first, st in VT_SAME_STATE]
    pool = [s for s in VT_SURNAMES if s not in {x[0] for x in named}] + VT_ACCENTED
    pool += [a + b for a in VT_PARTS[0] for b in VT_PARTS[1]]
    rng.shuffle(pool)
    free = list(range(len(seats)))
    taken: list[tuple[int, str, str, str]] = []
    vacant = next(i for i, (st, p) in enumerate(seats) if st == VT_VACANT)
    free.remove(vacant)
    for sn, first, st, party in named:
        i = next(i for i in free if seats[i][0] == st and (party is None or seats[i][1] == party))
        free.remove(i)
        taken.append((i, sn, first, seats[i][1]))
    used = {x[1] for x in taken}
    for i in free:
        sn = pool.pop()
        while sn in used:
            sn = pool.pop()
        used.add(sn)
        taken.append((i, sn, rng.choice(VT_FIRST), seats[i][1]))
    members, ids = {}, set()
    for i, sn, first, party in sorted(taken):
        st = seats[i][0]
        while True:
            nid = f"{_unaccent(sn)[0]}{rng.randint(100, 1299):06d}"
            if nid not in ids:
                ids.add(nid)
                break
        key = (sn, first, st)
        defect = rng.uniform(0.005, 0.03) if rng.random() < 0.88 else rng.uniform(0.06, 0.11)
        members[nid] = {"id": nid, "surname": sn, "first": first, "state": st, "party": party, "defect": defect,
                        "absent_day": rng.uniform(0.0, 0.012), "speaker": key == VT_SPEAKER,
                        "from": VT_SWORN if key == VT_NAMESAKE else None, "key": key}  # fmt: skip
    byk = {m["key"]: m for m in members.values()}
    byk[VT_MAVERICK]["defect"] = 0.5
    byk[VT_MEMBER]["defect"] = 0.04
    return members


def _vt_names(sitting: list[dict]) -> dict[str, str]:
    """The Clerk's name for each sitting member: surname, with the state or first name for namesakes."""
    by: dict[str, list[dict]] = {}
    for m in sitting:
        by.setdefault(m["surname"], []).append(m)
    out = {}
    for sn, ms in by.items():
        for m in ms:
            if len(ms) == 1:
                out[m["id"]] = sn
            elif sum(x["state"] == m["state"] for x in ms) > 1:
                out[m["id"]] = f"{sn}, {m['first']}"
            else:
                out[m["id"]] = f"{sn} ({m['state']})"
    return out


VT_KINDS = {  # kind: (question, vote type, Republicans' and Democrats' chance of voting yes)
    "amend_R": ("On Agreeing to the Amendment", "RECORDED VOTE", (0.3, 0.9), (0.0, 0.05)),
    "amend_D": ("On Agreeing to the Amendment", "RECORDED VOTE", (0.0, 0.07), (0.93, 1.0)),
    "amend_bi": ("On Agreeing to the Amendment", "RECORDED VOTE", (0.75, 0.97), (0.55, 0.95)),
    "susp": ("On Motion to Suspend the Rules and Pass", "2/3 YEA-AND-NAY", (0.88, 1.0), (0.75, 1.0)),
    "susp_recorded": ("On Motion to Suspend the Rules and Pass, as Amended", "2/3 RECORDED VOTE", (0.9, 1.0),
                      (0.8, 1.0)),
    "susp_contested": ("On Motion to Suspend the Rules and Pass", "2/3 YEA-AND-NAY", (0.92, 1.0), (0.12, 0.3)),
    "pq": ("On Ordering the Previous Question", "YEA-AND-NAY", (1.0, 1.0), (0.0, 0.0)),
    "rule": ("On Agreeing to the Resolution", "YEA-AND-NAY", (0.98, 1.0), (0.0, 0.0)),
    "recommit": ("On Motion to Recommit", "YEA-AND-NAY", (0.0, 0.0), (1.0, 1.0)),
    "passage": ("On Passage", "YEA-AND-NAY", (0.93, 0.99), (0.01, 0.12)),
}  # fmt: skip


def _build_votes(rng: random.Random) -> tuple[dict, list[dict]]:
    members = _vt_members(rng)
    byk = {m["key"]: m for m in members.values()}
    plan = []
    for day, start, kinds in VT_DAYS:
        h, mi = map(int, start.split(":"))
        at = datetime.combine(day, datetime.min.time()) + timedelta(hours=h, minutes=mi)
        for k in kinds:
            plan.append((day, at, k))
            at += timedelta(minutes=rng.choice([2, 2, 3, 5, 8, 21, 34]) if k.startswith("amend") else
                            rng.choice([5, 6, 11, 25, 47]))  # fmt: skip
    assert len(plan) == 64, len(plan)
    rolls = list(range(VT_FIRST_ROLL, VT_FIRST_ROLL + len(plan)))
    before = [r for r, (day, _a, _k) in zip(rolls, plan) if day < VT_SWORN]
    after = [r for r in rolls if r not in before]
    absent: dict[str, set[int]] = {m["id"]: set() for m in members.values()}
    absent[byk[VT_MISSER]["id"]] = set(rng.sample(before, 11)) | set(rng.sample(after, 10))
    absent[byk[VT_RUNNER]["id"]] = set(rng.sample(rolls, 16))
    days = sorted({p[0] for p in plan})
    for m in members.values():
        if m["key"] in (VT_MISSER, VT_RUNNER, VT_SPEAKER):
            continue
        for day in days:
            if rng.random() < m["absent_day"]:
                absent[m["id"]] |= {r for r, p in zip(rolls, plan) if p[0] == day}
        absent[m["id"]] |= {r for r in rolls if rng.random() < 0.006}
    susp = list(VT_SUSPENSIONS)
    rng.shuffle(susp)
    amend_no: dict[str, int] = {}
    out = []
    for roll, (day, at, kind) in zip(rolls, plan):
        question, vtype, r_range, d_range = VT_KINDS[kind]
        p_yes = {"R": rng.uniform(*r_range), "D": rng.uniform(*d_range)}
        if kind == "amend_R" and rng.random() < 0.45:  # the conference united behind it
            p_yes["R"] = rng.uniform(0.97, 1.0)
        rc = {"roll": roll, "date": day, "time": at, "kind": kind, "question": question, "vtype": vtype}
        bill = VT_BILLS.get(day)
        if kind.startswith("susp"):
            rc["legis"], rc["desc"] = susp.pop()
        elif kind in ("pq", "rule"):
            rc["legis"], rc["desc"] = (
                bill[2],
                f"Providing for consideration of the bill ({bill[0].replace('H R ', 'H.R. ')})",
            )
        else:
            rc["legis"], rc["desc"] = bill[0], bill[1]
        if kind.startswith("amend"):
            side = {"amend_R": "R", "amend_D": "D"}.get(kind, rng.choice("RD"))
            author = rng.choice([m for m in members.values() if m["party"] == side and not m["speaker"]])
            amend_no[bill[0]] = amend_no.get(bill[0], 0) + rng.randint(1, 4)
            rc["amend_num"] = amend_no[bill[0]]
            rc["amend_author"] = (f"{author['surname']} of {VT_STATES[author['state']][0]} Part A Amendment No. "
                                  f"{rc['amend_num']}")  # fmt: skip
        sitting = [m for m in members.values() if m["from"] is None or day >= m["from"]]
        rc["names"] = _vt_names(sitting)
        votes = {}
        for m in sitting:
            if m["speaker"] or roll in absent[m["id"]]:
                votes[m["id"]] = "NV"
                continue
            p = p_yes[m["party"]]
            defect = m["defect"] * (0.12 if kind in ("pq", "rule", "recommit") and m["key"] != VT_MAVERICK else 1)
            p = p * (1 - defect) + (1 - p) * defect
            votes[m["id"]] = "Y" if rng.random() < p else "N"
            if rng.random() < 0.0005 or (kind == "amend_bi" and m["key"] == VT_MAVERICK and rng.random() < 0.5):
                votes[m["id"]] = "P"
        rc["votes"] = votes
        yes = sum(v == "Y" for v in votes.values())
        no = sum(v == "N" for v in votes.values())
        ok = 3 * yes >= 2 * (yes + no) if vtype.startswith("2/3") else yes > no
        passing = question.startswith("On Passage") or question.startswith("On Motion to Suspend the Rules and Pass")
        rc["result"] = ("Passed" if passing else "Agreed to") if ok else "Failed"
        out.append(rc)
    return members, out


VT_VOTE_WORDS = {("RECORDED VOTE", "Y"): "Aye", ("RECORDED VOTE", "N"): "No", ("YEA-AND-NAY", "Y"): "Yea",
                 ("YEA-AND-NAY", "N"): "Nay"}  # fmt: skip
VT_PARTY_NAMES = [("R", "Republican"), ("D", "Democratic"), ("I", "Independent")]


def vote_word(vtype: str, v: str) -> str:
    if v == "P":
        return "Present"
    if v == "NV":
        return "Not Voting"
    return VT_VOTE_WORDS[(vtype.replace("2/3 ", ""), v)]


def _vt_xml(t: Truth, rc: dict) -> str:
    def tally(vs: list[str]) -> tuple[int, int, int, int]:
        return (sum(v == "Y" for v in vs), sum(v == "N" for v in vs), sum(v == "P" for v in vs),
                sum(v == "NV" for v in vs))  # fmt: skip

    at = rc["time"]
    hh = at.hour % 12 or 12
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE rollcall-vote PUBLIC "-//US House of Representatives//DTD Roll Call Vote//EN" '
        '"http://clerk.house.gov/evs/vote.dtd">',
        '<?xml-stylesheet type="text/xsl" href="http://clerk.house.gov/evs/vote.xsl"?>',
        "<rollcall-vote>",
        "<vote-metadata>",
        "<majority>R</majority>",
        "<congress>118</congress>",
        "<session>1st</session>",
        "<chamber>U.S. House of Representatives</chamber>",
        f"<rollcall-num>{rc['roll']}</rollcall-num>",
        f"<legis-num>{rc['legis']}</legis-num>",
        f"<vote-question>{rc['question']}</vote-question>",
    ]
    if "amend_num" in rc:
        lines += [f"<amendment-num>{rc['amend_num']}</amendment-num>",
                  f"<amendment-author>{rc['amend_author']}</amendment-author>"]  # fmt: skip
    lines += [
        f"<vote-type>{rc['vtype']}</vote-type>",
        f"<vote-result>{rc['result']}</vote-result>",
        f"<action-date>{rc['date'].day}-{rc['date'].strftime('%b')}-{rc['date'].year}</action-date>",
        f'<action-time time-etz="{at:%H:%M}">{hh}:{at.minute:02d} {"AM" if at.hour < 12 else "PM"}</action-time>',
        f"<vote-desc>{rc['desc'].replace('&', '&amp;')}</vote-desc>",
        "<vote-totals>",
        "<totals-by-party-header>",
        "<party-header>Party</party-header>",
        f"<yea-header>{'Ayes' if 'RECORDED' in rc['vtype'] else 'Yeas'}</yea-header>",
        f"<nay-header>{'Noes' if 'RECORDED' in rc['vtype'] else 'Nays'}</nay-header>",
        "<present-header>Answered \u201cPresent\u201d</present-header>",
        "<not-voting-header>Not Voting</not-voting-header>",
        "</totals-by-party-header>",
    ]
    for code, name in VT_PARTY_NAMES:
        y, n, p, nv = tally([v for i, v in rc["votes"].items() if t.members[i]["party"] == code])
        lines += ["<totals-by-party>", f"<party>{name}</party>", f"<yea-total>{y}</yea-total>",
                  f"<nay-total>{n}</nay-total>", f"<present-total>{p}</present-total>",
                  f"<not-voting-total>{nv}</not-voting-total>", "</totals-by-party>"]  # fmt: skip
    y, n, p, nv = tally(list(rc["votes"].values()))
    lines += ["<totals-by-vote>", "<total-stub>Totals</total-stub>", f"<yea-total>{y}</yea-total>",
              f"<nay-total>{n}</nay-total>", f"<present-total>{p}</present-total>",
              f"<not-voting-total>{nv}</not-voting-total>", "</totals-by-vote>", "</vote-totals>", "</vote-metadata>",
              "<vote-data>"]  # fmt: skip
    names = rc["names"]
    for i in sorted(rc["votes"], key=lambda i: (_unaccent(names[i]).lower(), i)):
        m = t.members[i]
        lines.append(
            f'<recorded-vote><legislator name-id="{i}" sort-field="{names[i]}" unaccented-name="{_unaccent(names[i])}" '
            f'party="{m["party"]}" state="{m["state"]}" role="legislator">{names[i]}</legislator>'
            f"<vote>{vote_word(rc['vtype'], rc['votes'][i])}</vote></recorded-vote>"
        )
    lines += ["</vote-data>", "</rollcall-vote>"]
    return "\n".join(lines) + "\n"


def _write_votes(t: Truth, d: Path) -> None:
    with zipfile.ZipFile(d / VT_FILE, "w", compression=zipfile.ZIP_DEFLATED) as z:
        for rc in t.rollcalls:
            info = zipfile.ZipInfo(f"roll{rc['roll']}.xml", date_time=(2023, 8, 1, 9, 12, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, _vt_xml(t, rc).encode("utf-8"))


# ==================================================================================================
# Jira: a Cloud "Export Excel CSV (all fields)" of a Scrum project
# ==================================================================================================

JR_PROJECT = ("PAY", "Payments Platform")
JR_LEAD = "Elena Marsh"
JR_TEAM = [("Priya Raman", 14), ("Tomasz Nowak", 11), ("Aisha Bello", 10), ("Daniel Cho", 10), ("Marta Lindqvist", 9),
           ("Kwame Mensah", 8), ("Sofia Ferreira", 8), ("Ravi Iyer", 6), ("Hannah Kowalski", 5)]  # fmt: skip
JR_REPORTERS = [("Elena Marsh", 10), ("Jun Watanabe", 5), ("Carlos Rivera", 4)]
JR_EXPORTED = datetime(2024, 4, 2, 9, 14)
JR_SPRINT0 = 20
JR_SPRINT_START = date(2023, 12, 20)  # Sprint 20; two weeks each, Sprint 27 running at the export
JR_LABELS = ["backend", "frontend", "api", "tech-debt", "pci", "needs-qa", "flaky-test", "ios", "android", "hotfix"]
JR_COMPONENTS = ["Vault", "Checkout", "Payouts", "Ledger", "Onboarding", "Platform"]
JR_EPICS = [
    ("Card vault migration", "Vault", ["Migrate {x} tokens to the new vault", "Dual-write {x} to the old and new vault",
                                        "Backfill {x} from the legacy vault", "Rotate vault keys for {x}"]),
    ("3DS2 challenge flow", "Checkout", ["Render the 3DS2 challenge for {x}", "Handle 3DS2 timeouts for {x}",
                                          "Frictionless flow for {x}", "Fallback to 3DS1 for {x}"]),
    ("Payout reconciliation", "Payouts", ["Reconcile {x} against bank statements", "Flag unmatched {x}",
                                           "Daily payout report for {x}", "Retry failed {x}"]),
    ("PSD2 SCA exemptions", "Checkout", ["Apply the low-value exemption to {x}", "TRA exemption scoring for {x}",
                                          "Merchant-initiated exemption for {x}"]),
    ("Merchant onboarding API v2", "Onboarding", ["KYC document upload for {x}", "Webhook for {x} status",
                                                   "Validate {x} bank details", "v2 endpoint for {x}"]),
    ("Observability and alerting", "Platform", ["Dashboards for {x}", "Alert on {x} error rate",
                                                 "Trace {x} end to end", "SLO for {x}"]),
]  # fmt: skip
JR_THINGS = ["card-on-file payments", "recurring charges", "EUR payouts", "GBP payouts", "Visa cards", "Mastercard",
             "Amex cards", "marketplace merchants", "refunds", "disputes", "sole traders", "limited companies",
             "mobile checkouts", "web checkouts", "partial captures", "ledger entries", "settlement files"]  # fmt: skip
JR_BUGS = ["{x} fail with a 500 after the vault cutover", "Duplicate webhook sent for {x}",
           "Rounding error on {x} in JPY", "Timeout on {x} during peak", "{x} stuck in PENDING",
           "Wrong currency shown for {x}", "Null pointer in the {x} job", "Retry storm on {x}",
           "Amount off by one cent for {x}", "{x} missing from the daily report"]  # fmt: skip
JR_TASKS = ["Upgrade the {x} service to Java 21", "Clean up feature flags for {x}", "Write a runbook for {x}",
            "Load test {x}", "Rotate credentials for {x}", "Remove the legacy {x} endpoint"]  # fmt: skip
JR_SUBTASKS = ["Backend changes", "Unit tests", "Integration tests", "Code review fixes", "Update API docs",
               "QA on staging", "Feature flag", "DB migration", "Frontend changes", "Monitoring"]  # fmt: skip


def _sprint_dates(n: int) -> tuple[date, date]:
    start = JR_SPRINT_START + timedelta(days=14 * (n - JR_SPRINT0))
    return start, start + timedelta(days=13)


def _sprint_of(day: date) -> int:
    return JR_SPRINT0 + (day - JR_SPRINT_START).days // 14


def _jr_when(rng: random.Random, lo: datetime, hi: datetime) -> datetime:
    """A working-hours moment between lo and hi (to the minute)."""
    for _ in range(200):
        t = lo + timedelta(minutes=rng.randint(0, max(1, int((hi - lo).total_seconds() // 60))))
        if t.weekday() < 5 and 8 <= t.hour < 19:
            return t.replace(second=0, microsecond=0)
    return lo.replace(second=0, microsecond=0)


def _build_jira(rng: random.Random) -> list[dict]:
    def pick(pairs):
        return rng.choices([p[0] for p in pairs], [p[1] for p in pairs])[0]

    issues: list[dict] = []

    def new(kind: str, summary: str, created: datetime, **kw) -> dict:
        it = {"type": kind, "summary": summary, "created": created, "labels": [], "components": [], "sprints": [],
              "points": None, "parent": None, "orig": None, "spent": None, "resolution": "", "resolved": None,
              "status": "Backlog", "assignee": "", "reporter": pick(JR_REPORTERS), "priority": "Medium",
              "fix": [], "watchers": [], "comments": [], "children": []}  # fmt: skip
        it.update(kw)
        issues.append(it)
        return it

    def labels(kind: str) -> list[str]:
        out = []
        if kind == "Bug":
            if rng.random() < 0.3:
                out.append("regression")
            if rng.random() < 0.35:
                out.append("customer-reported")
        for lab in rng.sample(JR_LABELS, 3):
            if rng.random() < 0.22:
                out.append(lab)
        rng.shuffle(out)
        return out[:3]

    def schedule(it: dict, done_p: float) -> None:
        """Sprints, status, resolution and time stamps of a story, task or bug."""
        first = _sprint_of(it["created"].date()) + rng.choice([0, 0, 1])
        if first < JR_SPRINT0:  # created before the export's first sprint: groomed into one of the first three
            first = JR_SPRINT0 + rng.choice([0, 0, 1, 2])
        if rng.random() < 0.13 or first > 27:
            it["status"] = "Backlog"
            if rng.random() < 0.25 and it["type"] != "Story":
                it["status"], it["resolution"] = "Closed", rng.choice(["Won't Do", "Duplicate", "Cannot Reproduce"])
                it["resolved"] = _jr_when(rng, it["created"] + timedelta(days=1), JR_EXPORTED - timedelta(days=1))
            return
        s = first
        it["sprints"] = [f"PAY Sprint {s}"]
        while s < 27 and rng.random() > done_p and len(it["sprints"]) < 3:
            s += 1
            it["sprints"].append(f"PAY Sprint {s}")
        lo, hi = _sprint_dates(s)
        lo_dt = max(it["created"] + timedelta(hours=3), datetime.combine(lo, datetime.min.time()))
        if s == 27:
            hi_dt = JR_EXPORTED - timedelta(hours=2)
            if rng.random() < 0.55:
                it["status"] = rng.choice(["Selected for Development", "In Progress", "In Progress", "In Review"])
                return
        else:
            hi_dt = datetime.combine(hi, datetime.min.time()) + timedelta(hours=18)
        it["resolved"] = _jr_when(rng, lo_dt, hi_dt)
        if it["type"] == "Bug" and rng.random() < 0.12:
            it["status"], it["resolution"] = "Closed", rng.choice(["Cannot Reproduce", "Duplicate", "Won't Do"])
        else:
            it["status"], it["resolution"] = "Done", "Done"

    start = datetime(2023, 11, 13, 9, 0)
    for title, comp, stories in JR_EPICS:
        ep = new("Epic", title, _jr_when(rng, start, start + timedelta(days=40)), components=[comp],
                 assignee=pick(JR_TEAM[:5]), reporter=JR_LEAD, priority="High")  # fmt: skip
        things = rng.sample(JR_THINGS, rng.randint(8, 12))
        n_done = 0
        for k, x in enumerate(things):
            created = _jr_when(rng, ep["created"] + timedelta(days=1), datetime(2024, 3, 25, 17))
            st = new("Story", rng.choice(stories).format(x=x), created, components=[comp], parent=ep,
                     points=rng.choice([1, 2, 3, 3, 5, 5, 8, 13]), priority=rng.choice(["Medium", "Medium", "High", "Low"]),
                     labels=labels("Story"), assignee=pick(JR_TEAM), reporter=JR_LEAD)  # fmt: skip
            schedule(st, done_p=0.72)
            n_done += st["resolution"] == "Done"
            if rng.random() < 0.25:
                st["orig"] = rng.choice([4, 8, 16]) * 3600
                st["spent"] = rng.choice([1, 2, 3, 4, 6]) * 3600 + rng.choice([0, 1800])
            for name in rng.sample(JR_SUBTASKS, rng.randint(0, 4) if k % 3 else rng.randint(2, 4)):
                sub = new("Sub-task", name, _jr_when(rng, created, created + timedelta(days=3)), parent=st,
                          assignee=st["assignee"] if rng.random() < 0.7 else pick(JR_TEAM), reporter=st["assignee"] or JR_LEAD,
                          priority=st["priority"], sprints=list(st["sprints"]))  # fmt: skip
                sub["orig"] = rng.choice([2, 3, 4, 6, 8, 12, 16]) * 3600
                if st["resolved"] is not None or st["status"] in ("In Progress", "In Review"):
                    sub["spent"] = max(900, round(sub["orig"] * rng.uniform(0.5, 1.7) / 900) * 900)
                if st["resolved"] is not None:
                    sub["status"], sub["resolution"] = "Done", "Done"
                    sub["resolved"] = max(sub["created"] + timedelta(hours=1), st["resolved"] - timedelta(
                        hours=rng.randint(0, 40), minutes=rng.randint(0, 59)))  # fmt: skip
                elif sub["spent"] and rng.random() < 0.5:
                    sub["status"], sub["resolution"] = "Done", "Done"
                    sub["resolved"] = _jr_when(
                        rng, sub["created"] + timedelta(hours=2), JR_EXPORTED - timedelta(hours=1)
                    )
                else:
                    sub["status"] = st["status"] if st["status"] != "Backlog" else "Backlog"
                st["children"].append(sub)
        if n_done == len(things):
            ep["status"], ep["resolution"] = "Done", "Done"
            ep["resolved"] = max(c["resolved"] for c in issues if c["parent"] is ep and c["resolved"]) + timedelta(
                hours=20
            )
        else:
            ep["status"] = "In Progress"
    for _ in range(112):
        x = rng.choice(JR_THINGS)
        created = _jr_when(rng, datetime(2023, 11, 20, 9), datetime(2024, 3, 29, 17))
        prio = rng.choices(["Highest", "High", "Medium", "Low", "Lowest"], [10, 26, 40, 18, 6])[0]
        summary = rng.choice(JR_BUGS).format(x=x)
        bug = new("Bug", summary[0].upper() + summary[1:], created, priority=prio, labels=labels("Bug"),
                  components=rng.sample(JR_COMPONENTS, rng.choice([1, 1, 2])),
                  assignee=pick(JR_TEAM) if rng.random() < 0.82 else "", reporter=pick(JR_REPORTERS[1:] + [(JR_LEAD, 2)]),
                  env=rng.choice(["Production", "Production", "Staging", "Production (EU)", ""]))  # fmt: skip
        if rng.random() < 0.35:
            bug["parent"] = rng.choice([i for i in issues if i["type"] == "Epic"])
        bug["orig"] = rng.choice([None, 2, 4, 8]) and rng.choice([2, 4, 8]) * 3600
        schedule(bug, done_p=0.82 if prio in ("Highest", "High") else 0.7)
        if bug["resolved"] is not None and bug["resolution"] == "Done":
            fast = {"Highest": 0.15, "High": 0.5}.get(prio, 1.0)
            bug["resolved"] = max(bug["created"] + timedelta(hours=2), min(bug["resolved"], bug["created"] + timedelta(
                days=rng.expovariate(1 / (9 * fast)), hours=rng.randint(1, 30)))).replace(second=0, microsecond=0)  # fmt: skip
            bug["spent"] = rng.choice([1, 2, 3, 4, 5, 6, 8, 12]) * 3600 + rng.choice([0, 900, 1800])
    for _ in range(64):
        x = rng.choice(JR_THINGS)
        created = _jr_when(rng, datetime(2023, 11, 20, 9), datetime(2024, 3, 29, 17))
        task = new("Task", rng.choice(JR_TASKS).format(x=x), created, labels=labels("Task"),
                   components=rng.sample(JR_COMPONENTS, 1), assignee=pick(JR_TEAM) if rng.random() < 0.8 else "",
                   priority=rng.choice(["Medium", "Medium", "Low", "High"]))  # fmt: skip
        if rng.random() < 0.4:
            task["points"] = rng.choice([1, 2, 3, 5])
        task["orig"] = rng.choice([2, 4, 8, 16]) * 3600
        schedule(task, done_p=0.75)
        if task["resolution"] == "Done" or task["status"] in ("In Progress", "In Review"):
            task["spent"] = max(900, round(task["orig"] * rng.uniform(0.4, 1.8) / 900) * 900)
    issues.sort(key=lambda i: i["created"])
    ident, key = 10412, 1187
    people = [p for p, _w in JR_TEAM] + [p for p, _w in JR_REPORTERS]
    for it in issues:
        ident += rng.choice([1, 1, 1, 2, 3])
        key += 1
        it["id"], it["key"] = ident, f"PAY-{key}"
        it["watchers"] = sorted({x for x in [it["reporter"], it["assignee"], rng.choice(people)] if x})[:3]
        it["updated"] = it["resolved"] or _jr_when(rng, it["created"], JR_EXPORTED - timedelta(hours=1))
        if it["resolved"]:
            it["updated"] = min(
                JR_EXPORTED - timedelta(minutes=30), it["resolved"] + timedelta(minutes=rng.randint(0, 600))
            )
        it["category_changed"] = it["resolved"] or (_jr_when(rng, it["created"], it["updated"]) if it["status"] in (
            "In Progress", "In Review") else it["created"])  # fmt: skip
        if it["resolution"] == "Done" and it["type"] != "Sub-task":
            s = it["sprints"][-1] if it["sprints"] else None
            it["fix"] = [f"PAY {it['resolved']:%Y.%m}"] if s else []
            if it["resolved"].day > 24 and rng.random() < 0.3:
                it["fix"].append(f"PAY {(it['resolved'] + timedelta(days=10)):%Y.%m}")
        n_comments = rng.choice([0, 0, 1, 1, 2, 3]) if it["type"] != "Sub-task" else rng.choice([0, 0, 0, 1])
        for _ in range(n_comments):
            when = _jr_when(rng, it["created"], it["updated"])
            who = f"712020:{uuid.UUID(int=rng.getrandbits(128))}"
            it["comments"].append((when, who, rng.choice([
                "Reproduced on staging, see the attached HAR.", "PR is up: https://bitbucket.example/pay/pull/"
                f"{rng.randint(1200, 2400)}", "Blocked on the vault team, ping me if this gets urgent.",
                "Merchant confirmed the fix, closing.", "Moving to next sprint, we ran out of time.",
                'Customer says: "it worked yesterday, now every refund fails".', "Can't reproduce with a test card, "
                "need the merchant's config."])))  # fmt: skip
        it["comments"].sort()
    return issues


def jira_date(t: datetime | None) -> str:
    if t is None:
        return ""
    return f"{t.day:02d}/{t:%b}/{t.year % 100:02d} {t.hour % 12 or 12}:{t.minute:02d} {'AM' if t.hour < 12 else 'PM'}"


def _jr_description(rng: random.Random, it: dict) -> str:
    if it["type"] == "Bug":
        return ("h3. Steps to reproduce\n# Create a payment for a test merchant\n# " + it["summary"].lower()
                + "\n\n*Expected:* the payment settles\n*Actual:* " + rng.choice(['HTTP 500, "internal error"',
                  "status stays PENDING, no webhook", "amount is 0.01 higher, see ledger"])
                + f"\n\nSeen {rng.randint(2, 40)} times since {it['created']:%d %b}, trace id "
                f"{rng.getrandbits(64):016x}")  # fmt: skip
    if it["type"] == "Story":
        return (f"As a merchant, I want {it['summary'][0].lower() + it['summary'][1:]}, so that payments keep "
                "working.\n\nh3. Acceptance criteria\n* covered by integration tests\n* behind a feature flag, "
                "default off")  # fmt: skip
    if it["type"] == "Epic":
        return f"{it['summary']}: see the design doc, Q1 goals, {rng.choice(['phase 1', 'phase 2'])}."
    return "" if rng.random() < 0.5 else "See parent."


def _write_jira(t: Truth, d: Path) -> None:
    rng = _rng("jira-render")
    issues = sorted(t.issues, key=lambda i: i["created"], reverse=True)
    n = {
        k: max(1, max(len(i[k]) for i in issues))
        for k in ("labels", "sprints", "components", "fix", "watchers", "comments")
    }
    header = (["Summary", "Issue key", "Issue id", "Issue Type", "Status", "Project key", "Project name",
               "Project type", "Project lead", "Project description", "Project url", "Priority", "Resolution",
               "Assignee", "Reporter", "Creator", "Created", "Updated", "Last Viewed", "Resolved", "Affects Version/s"]
              + ["Fix Version/s"] * n["fix"] + ["Component/s"] * n["components"] + ["Due Date", "Votes"]
              + ["Labels"] * n["labels"] + ["Description", "Environment"] + ["Watchers"] * n["watchers"]
              + ["Original Estimate", "Remaining Estimate", "Time Spent", "Σ Original Estimate",
                 "Σ Remaining Estimate", "Σ Time Spent", "Security Level", "Attachment", "Custom field (Rank)",
                 "Custom field (Story Points)"] + ["Sprint"] * n["sprints"]
              + ["Status Category", "Status Category Changed", "Parent", "Parent summary"]
              + ["Comment"] * n["comments"])  # fmt: skip

    def pad(xs: list, k: int) -> list:
        return list(xs) + [""] * (k - len(xs))

    def secs(x: int | None) -> str:
        return "" if x is None else str(x)

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(header)
    category = {"Backlog": "To Do", "Selected for Development": "To Do", "In Progress": "In Progress",
                "In Review": "In Progress", "Done": "Done", "Closed": "Done"}  # fmt: skip
    for it in issues:
        resolved = it["resolved"] is not None
        remaining = None if it["orig"] is None else (0 if resolved else max(0, it["orig"] - (it["spent"] or 0)))
        kids = it["children"]
        s_orig = sum(x["orig"] or 0 for x in [it, *kids]) if any(x["orig"] is not None for x in [it, *kids]) else None
        s_spent = (
            sum(x["spent"] or 0 for x in [it, *kids]) if any(x["spent"] is not None for x in [it, *kids]) else None
        )
        s_rem = None
        if s_orig is not None:
            s_rem = sum(0 if x["resolved"] is not None or x["orig"] is None else max(0, x["orig"] - (x["spent"] or 0))
                        for x in [it, *kids])  # fmt: skip
        viewed = jira_date(_jr_when(rng, it["updated"], JR_EXPORTED)) if rng.random() < 0.4 else ""
        due = f"{(it['created'] + timedelta(days=rng.randint(5, 30))):%d/%b/%y} 12:00 AM" if rng.random() < 0.1 else ""
        rank = f"0|i{(it['id'] * 7919) % 46656:03x}{rng.choice('abcdefghijklmnop')}:{rng.choice(['', 'r', 'i', 'zz'])}"
        pts = "" if it["points"] is None else f"{float(it['points'])}"
        par = it["parent"]
        w.writerow(
            [it["summary"], it["key"], it["id"], it["type"], it["status"], JR_PROJECT[0], JR_PROJECT[1], "software",
             JR_LEAD, "Card payments, payouts and the ledger.", "", it["priority"], it["resolution"], it["assignee"],
             it["reporter"], it["reporter"], jira_date(it["created"]), jira_date(it["updated"]), viewed,
             jira_date(it["resolved"]), ""]
            + pad(it["fix"], n["fix"]) + pad(it["components"], n["components"]) + [due, 0]
            + pad(it["labels"], n["labels"]) + [_jr_description(rng, it), it.get("env", "")]
            + pad(it["watchers"], n["watchers"])
            + [secs(it["orig"]), secs(remaining), secs(it["spent"]), secs(s_orig), secs(s_rem), secs(s_spent), "",
               "", rank, pts] + pad(it["sprints"], n["sprints"])
            + [category[it["status"]], jira_date(it["category_changed"]), par["id"] if par else "",
               par["summary"] if par else ""]
            + pad([f"{jira_date(c[0])};{c[1]};{c[2]}" for c in it["comments"]], n["comments"])
        )  # fmt: skip
    (d / JR_FILE).write_text(buf.getvalue(), encoding="utf-8", newline="")


# ==================================================================================================
# Household banking: a checking account as OFX and a Chase card's activity CSV
# ==================================================================================================

BK_OPENING = 4214.58
BK_FIRST, BK_LAST = date(2024, 1, 1), date(2024, 3, 31)
BK_DST = date(2024, 3, 10)
BK_CARD_PAYEE = "CHASE CREDIT CRD EPAY"
BK_SAVINGS_PAYEE = "ONLINE TRANSFER TO SAVINGS XXXXXX4471"
BK_PAYMENT_DAYS = [date(2024, 1, 24), date(2024, 2, 23), date(2024, 3, 25)]
BK_MERCHANTS = {  # category: ([descriptions], purchases a month, amount range)
    "Groceries": (["STAR MARKET 4512", "TRADER JOE S #510", "STOP & SHOP 0417", "H MART BURLINGTON"], 9, (24, 185)),
    "Food & Drink": (["TST* FLOUR BAKERY - CAMB", "SQ *BLUE BOTTLE COFFEE", "DOORDASH*SWEETGREEN", "UBER   *EATS",
                      "CAVA 1043", "TATTE BAKERY CAFE", "TST* SARMA RESTAURANT", "DUNKIN #341219"], 15, (4.5, 72)),
    "Gas": (["SHELL OIL 57444212008", "MOBIL 0931", "SUNOCO 0367321900"], 3, (31, 68)),
    "Shopping": (["TARGET 00012345", "TJ MAXX #0412", "BEST BUY 00008472", "REI #17 CAMBRIDGE"], 3, (12, 160)),
    "Entertainment": (["NETFLIX.COM", "SPOTIFY USA", "AMC ONLINE #0418", "TICKETMASTER"], 3, (9.99, 120)),
    "Bills & Utilities": (["GOOGLE *YouTubeTV", "NYTIMES*DIGITAL"], 2, (4, 72.99)),
    "Health & Wellness": (["CVS/PHARMACY #01234", "PLANET FITNESS", "WALGREENS #7733"], 3, (10, 58)),
    "Travel": (["JETBLUE 2794512345678", "LYFT   *RIDE SUN 4PM", "MBTA MTICKET", "MARRIOTT PORTLAND"], 3, (2.4, 420)),
    "Home": (["THE HOME DEPOT #2654", "WAYFAIR*WAYFAIR4567"], 1, (18, 240)),
    "Personal": (["GREAT CLIPS #1234"], 1, (22, 38)),
    "Automotive": (["JIFFY LUBE #1811"], 0.4, (59, 89)),
}  # fmt: skip
BK_AMAZON = [("AMAZON MKTPL*{}", 5), ("Amazon.com*{}", 4), ("AMZN Mktp US*{}", 5), ("AMZN Digital*{}", 1)]


def _bk_code(rng: random.Random) -> str:
    return "".join(rng.choice("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(9))


def _build_bank(rng: random.Random) -> tuple[dict, list[dict]]:
    days = [BK_FIRST + timedelta(i) for i in range((BK_LAST - BK_FIRST).days + 1)]
    card: list[dict] = []

    def purchase(desc: str, cat: str, day: date, amount: float, kind: str = "Sale") -> None:
        post = day + timedelta(days=rng.choice([0, 1, 1, 2, 3]))
        if post > BK_LAST:
            return
        card.append({"tdate": day, "pdate": post, "desc": desc, "cat": cat, "type": kind,
                     "amount": round(amount if kind == "Return" else -amount, 2)})  # fmt: skip

    for day0 in (date(2023, 12, 29), date(2023, 12, 30), date(2023, 12, 31)):  # posted in January
        card.append({"tdate": day0, "pdate": date(2024, 1, 2), "desc": rng.choice(BK_MERCHANTS["Food & Drink"][0]),
                     "cat": "Food & Drink", "type": "Sale", "amount": -round(rng.uniform(8, 60), 2)})  # fmt: skip
    for cat, (names, per_month, (lo, hi)) in BK_MERCHANTS.items():
        n = round(per_month * 3 + rng.uniform(-1, 1))
        for _ in range(n):
            day = rng.choice(days)
            desc = rng.choice(names)
            amount = {"NETFLIX.COM": 15.49, "SPOTIFY USA": 11.99, "PLANET FITNESS": 24.99}.get(desc)
            purchase(desc, cat, day, amount or round(rng.uniform(lo, hi), 2))
    for _ in range(19):
        fmt = rng.choices([a for a, _w in BK_AMAZON], [w for _a, w in BK_AMAZON])[0]
        purchase(fmt.format(_bk_code(rng)), "Shopping", rng.choice(days), round(rng.uniform(8, 129), 2))
    for m in (1, 2, 3):
        purchase(f"Amazon Prime*{_bk_code(rng)}", "Shopping", date(2024, m, 9), 14.99)
    sales = [c for c in card if c["type"] == "Sale" and c["cat"] == "Shopping"]
    for c in rng.sample(sales, 5):  # returns, some of them at Amazon
        back = c["tdate"] + timedelta(days=rng.randint(4, 20))
        if back <= BK_LAST - timedelta(days=3):
            purchase(c["desc"], c["cat"], back, round(-c["amount"] * rng.choice([1, 1, 0.5]), 2), kind="Return")
    checking: list[dict] = []

    def tx(day: date, kind: str, name: str, amount: float, memo: str = "", **kw) -> None:
        checking.append({"date": day, "type": kind, "name": name, "amount": round(amount, 2), "memo": memo, **kw})

    for day in days:
        if day.weekday() == 4 and (day - date(2024, 1, 5)).days % 14 == 0:
            tx(day, "DIRECTDEP", "NORTHWIND LABS INC PAYROLL", round(2846.12 + rng.uniform(-35, 35), 2),
               "PPD ID: 9111111101")  # fmt: skip
        if day.day == 15 or (day + timedelta(days=1)).day == 1:  # semimonthly, on the Friday before a weekend
            paid = day if day.weekday() < 5 else day - timedelta(days=day.weekday() - 4)
            tx(paid, "DIRECTDEP", "MASS GENERAL BRIGHAM PAYROLL", round(2212.40 + rng.uniform(-20, 20), 2),
               "PPD ID: 1042103010")  # fmt: skip
        if day.day == 2:
            tx(day, "DEBIT", "ROCKET MORTGAGE", -2318.44, "MTG PYMT PPD ID: 3381234567")
        if day.day == 12:
            tx(day, "DEBIT", "EVERSOURCE ENERGY", -round(rng.uniform(140, 260), 2), "UTIL PYMT WEB ID: 1042941000")
        if day.day == 16:
            tx(day, "DEBIT", "NATIONAL GRID", -round(rng.uniform(95, 210), 2), "GAS BILL WEB ID: 1135522000")
        if day.day == 18:
            tx(day, "DEBIT", "VERIZON WIRELESS", -142.37, "PAYMENTREC PPD ID: 2223344556")
        if day.day == 20:
            tx(day, "DEBIT", "AT&T", -80.00, "PAYMENT WEB ID: 9864031004")
        if day.day == 16:
            tx(day, "XFER", BK_SAVINGS_PAYEE, -1500.00, "", payee_kind="savings")
        if (day + timedelta(days=1)).day == 1:
            tx(day, "INT", "DIVIDEND", round(rng.uniform(0.6, 1.1), 2), "ANNUAL PERCENTAGE YIELD EARNED 0.10%")
    for k, day in enumerate(rng.sample(days, 6)):
        tx(day, "CHECK", f"CHECK {1187 + k}", -round(rng.choice([45, 60, 120, 175, 250, 385.5]), 2), "",
           checknum=str(1187 + k))  # fmt: skip
    for day in rng.sample(days, 7):
        amt = rng.choice([40, 60, 100, 100, 200])
        foreign = rng.random() < 0.4
        tx(day, "ATM", "ATM WITHDRAWAL 00731 MASS AVE CAMBRIDGE MA" if not foreign else
           "NON-NETWORK ATM WITHDRAWAL CITIZENS BANK BOSTON MA", -amt)  # fmt: skip
        if foreign:
            tx(day, "FEE", "NON-NETWORK ATM FEE", -3.00)
    for day in rng.sample(days, 22):
        name = rng.choice(["POS PURCHASE TRADER JOE S #510 CAMBRIDGE MA", "POS PURCHASE CVS/PHARMACY #01234 CAMBRIDGE",
                           "POS PURCHASE STAR MARKET 4512 SOMERVILLE MA", "POS PURCHASE DUNKIN #341219 BOSTON MA",
                           "POS PURCHASE BOW MARKET & CO SOMERVILLE"])  # fmt: skip
        tx(day, "POS", name, -round(rng.uniform(4, 96), 2))
    for day in rng.sample(days, 5):
        tx(day, "DEBIT", f"VENMO PAYMENT {rng.randint(1000000000, 1099999999)} WEB ID: 3264681992",
           -round(rng.choice([18, 25, 40, 62.5, 120]), 2))  # fmt: skip
    for day in rng.sample(days, 2):
        tx(day, "CREDIT", "ZELLE FROM JORDAN PATEL ON 0" + f"{day:%m/%d}", round(rng.choice([45, 80, 150]), 2))
    for k, day in enumerate(BK_PAYMENT_DAYS):
        if k == 0:
            owed = 1874.36
        else:
            prev = date(2024, k, 1)
            owed = -sum(c["amount"] for c in card if c["type"] in ("Sale", "Return") and c["pdate"] < day
                        and (c["pdate"].year, c["pdate"].month) == (prev.year, prev.month))  # fmt: skip
        owed = round(owed, 2)
        tx(day, "PAYMENT", BK_CARD_PAYEE, -owed, "PPD ID: 4760039224", payee_kind="card")
        card.append({"tdate": day, "pdate": day, "desc": "Payment Thank You-Mobile" if k != 1 else
                     "Payment Thank You - Web", "cat": "", "type": "Payment", "amount": owed})  # fmt: skip
    checking.sort(key=lambda x: (x["date"], x["type"] not in ("DIRECTDEP", "CREDIT", "INT"), x["name"]))
    for k, x in enumerate(checking):
        x["fitid"] = f"{x['date']:%Y%m%d}{rng.randint(100000, 999999)}{k:04d}"
    ledger = round(BK_OPENING + sum(x["amount"] for x in checking), 2)
    card.sort(key=lambda c: (c["tdate"], c["pdate"], c["desc"]), reverse=True)
    return {"opening": BK_OPENING, "txns": checking, "ledger": ledger}, card


def _ofx_date(day: date, hour: int = 12) -> str:
    zone = "[-4:EDT]" if day >= BK_DST else "[-5:EST]"
    return f"{day:%Y%m%d}{hour:02d}0000.000{zone}"


def _write_ofx(t: Truth, d: Path) -> None:
    head = ["OFXHEADER:100", "DATA:OFXSGML", "VERSION:102", "SECURITY:NONE", "ENCODING:USASCII", "CHARSET:1252",
            "COMPRESSION:NONE", "OLDFILEUID:NONE", "NEWFILEUID:NONE", ""]  # fmt: skip
    body = ["<OFX>", "<SIGNONMSGSRSV1>", "<SONRS>", "<STATUS>", "<CODE>0", "<SEVERITY>INFO", "</STATUS>",
            "<DTSERVER>20240402081533.000[-4:EDT]", "<LANGUAGE>ENG", "<FI>", "<ORG>HARBORPOINTCU", "<FID>11273",
            "</FI>", "<INTU.BID>11273", "</SONRS>", "</SIGNONMSGSRSV1>", "<BANKMSGSRSV1>", "<STMTTRNRS>", "<TRNUID>0",
            "<STATUS>", "<CODE>0", "<SEVERITY>INFO", "</STATUS>", "<STMTRS>", "<CURDEF>USD", "<BANKACCTFROM>",
            "<BANKID>211382591", "<ACCTID>7730012458S12", "<ACCTTYPE>CHECKING", "</BANKACCTFROM>", "<BANKTRANLIST>",
            f"<DTSTART>{_ofx_date(BK_FIRST, 0)}", f"<DTEND>{_ofx_date(BK_LAST, 23).replace('230000', '235959')}"]  # fmt: skip
    for x in t.checking["txns"]:
        name = x["name"]
        memo = x["memo"] or (name[32:].strip() if len(name) > 32 else "")
        body += ["<STMTTRN>", f"<TRNTYPE>{x['type']}", f"<DTPOSTED>{_ofx_date(x['date'])}",
                 f"<TRNAMT>{x['amount']:.2f}", f"<FITID>{x['fitid']}"]  # fmt: skip
        if "checknum" in x:
            body.append(f"<CHECKNUM>{x['checknum']}")
        body.append(f"<NAME>{name[:32].rstrip().replace('&', '&amp;')}")
        if memo:
            body.append(f"<MEMO>{memo.replace('&', '&amp;')}")
        body.append("</STMTTRN>")
    ledger = t.checking["ledger"]
    body += ["</BANKTRANLIST>", "<LEDGERBAL>", f"<BALAMT>{ledger:.2f}", "<DTASOF>20240402081533.000[-4:EDT]",
             "</LEDGERBAL>", "<AVAILBAL>", f"<BALAMT>{ledger - 46.12:.2f}", "<DTASOF>20240402081533.000[-4:EDT]",
             "</AVAILBAL>", "</STMTRS>", "</STMTTRNRS>", "</BANKMSGSRSV1>", "</OFX>"]  # fmt: skip
    (d / OFX_FILE).write_bytes(("\r\n".join(head + body) + "\r\n").encode("ascii"))


def _write_card(t: Truth, d: Path) -> None:
    lines = ["Transaction Date,Post Date,Description,Category,Type,Amount,Memo"]
    for c in t.card:
        lines.append(
            f"{c['tdate']:%m/%d/%Y},{c['pdate']:%m/%d/%Y},{c['desc']},{c['cat']},{c['type']},{c['amount']:.2f},"
        )
    (d / CARD_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    members, rollcalls = _build_votes(_rng("votes"))
    checking, card = _build_bank(_rng("bank"))
    return Truth(wx=_build_weather(_rng("weather")), members=members, rollcalls=rollcalls,
                 issues=_build_jira(_rng("jira")), checking=checking, card=card)  # fmt: skip


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_weather(t, d)
    _write_votes(t, d)
    _write_jira(t, d)
    _write_ofx(t, d)
    _write_card(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout36-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
