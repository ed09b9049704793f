"""The twenty-second held-out set's data: clean records built from a fixed seed, rendered the way real
public data exports look.

Four topics, each modelled on a real kind of export:

* ppd     -- HM Land Registry's Price Paid Data (www.gov.uk/government/statistical-data-sets/price-paid-data-
             downloads), cut to three local authority districts around Bristol: the yearly file `pp-2024.csv`
             as downloaded before the January 2025 release, and that release's monthly change file
             `pp-monthly-update-new-version.csv`. Both have **no header**, every field in double quotes
             (the price too), the transaction id as a braced GUID, the date of transfer as
             `2024-06-28 00:00`, one-letter codes (property type D/S/T/F/O, old/new Y/N, duration F/L, PPD
             category A/B) and a record status that is always `A` in the yearly file and `A` (added),
             `C` (changed, the whole corrected record) or `D` (deleted) in the update; addresses in
             capitals with the post town (`BRISTOL` for every BS postcode, well beyond the City of Bristol)
             apart from the local authority district; a few postcodes blank;
* grid    -- the National Energy System Operator's historic demand data for 2024 (`demanddata_2024.csv`,
             www.neso.energy/data-portal/historic-demand-data): one row per half-hour settlement period,
             `SETTLEMENT_DATE` in ISO form and `SETTLEMENT_PERIOD` counted from 1 at local midnight, so the
             day the clocks go forward has 46 periods and the day they go back 50; every value in MW
             (a half-hour's energy is half of it in MWh); embedded (distribution-connected) wind and solar
             estimated apart from the transmission-metered national demand; interconnector flows signed,
             positive for imports;
* se      -- a Stack Exchange data dump of coffee.stackexchange.com (`Posts.xml`, `Users.xml`, as in the
             archive.org dumps): one `<row>` element per record with every field an attribute, attributes
             left out when empty (no `AcceptedAnswerId` on a question without one, no `OwnerUserId` for a
             deleted user's post, who keeps only an `OwnerDisplayName`), questions, answers and tag wiki
             posts in one file told apart by `PostTypeId`, the post bodies as escaped HTML, tags written
             `|espresso|milk|` (the 2024 dump format), UTC times without a zone (`2016-03-04T15:22:07.913`);
* sec     -- SEC EDGAR's XBRL company facts JSON (`CIK##########.json`, data.sec.gov/api/xbrl/companyfacts/)
             of an invented instrument maker whose fiscal year ends on the last Saturday of September:
             facts nested by taxonomy, concept and unit; every filing repeating the prior periods it
             compares with (so `fy`/`fp` name the filing, not the period); quarterly filings giving
             income items for the quarter and the year to date and cash-flow items only for the year to
             date; no fourth-quarter filing; revenue tagged `SalesRevenueNet` until fiscal 2018 and
             `RevenueFromContractWithCustomerExcludingAssessedTax` since; a restated fiscal 2022; `frame`
             on the latest filed fact of each calendar-aligned period only.

`truth()` builds the clean records with the standard library only (one random stream per topic);
every random choice is made there, so rendering is deterministic and the same seed gives the same
bytes. `write_files(dir)` renders the files. `python data.py DIR` writes them.
"""

from __future__ import annotations

import json
import math
import random
import sys
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

SEED = 22_407_953
UTC = timezone.utc
LONDON = ZoneInfo("Europe/London")

PPD_YEAR_FILE = "pp-2024.csv"
PPD_UPDATE_FILE = "pp-monthly-update-new-version.csv"
GRID_FILE = "demanddata_2024.csv"
SE_POSTS_FILE = "Posts.xml"
SE_USERS_FILE = "Users.xml"
SEC_CIK = 1783417
SEC_FILE = f"CIK{SEC_CIK:010d}.json"
FILES = [PPD_YEAR_FILE, PPD_UPDATE_FILE, GRID_FILE, SE_POSTS_FILE, SE_USERS_FILE, SEC_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}:{topic}")


@dataclass
class Truth:
    ppd: (
        dict  # "year": records in pp-2024.csv; "update": records in the update (with "status"); "final": guid -> record
    )
    grid: list[dict]  # one row per settlement period: "date", "period", "utc" (aware start), the columns
    posts: list[dict]  # Stack Exchange posts in Id order (datetimes naive UTC)
    users: dict  # user id -> user record
    sec: dict  # "quarters": (fy, q) -> values as last reported; "fy_end": fy -> date; "facts": concept -> list


# =================================================================================================
# ppd: HM Land Registry Price Paid Data for three districts, 2024
# =================================================================================================

RELEASE_CUTOFF = date(2024, 11, 30)  # the yearly file holds what was registered by the end of November
UPDATE_END = date(2024, 12, 31)  # the January 2025 update: registrations during December

# district -> (share of sales, base price of a semi-detached house, new-build share, property mix,
#              [(outward code, price factor, post town, localities)])
LR_DISTRICTS = {
    "CITY OF BRISTOL": (
        0.47, 345_000, 0.05, {"D": 0.07, "S": 0.21, "T": 0.40, "F": 0.29, "O": 0.03},
        [("BS1", 1.0, "BRISTOL", []), ("BS2", 0.9, "BRISTOL", []), ("BS3", 1.02, "BRISTOL", ["BEDMINSTER"]),
         ("BS4", 0.86, "BRISTOL", ["KNOWLE", "BRISLINGTON"]), ("BS5", 0.9, "BRISTOL", ["EASTON", "ST GEORGE"]),
         ("BS6", 1.35, "BRISTOL", ["REDLAND", "COTHAM"]), ("BS7", 1.22, "BRISTOL", ["BISHOPSTON", "HORFIELD"]),
         ("BS8", 1.6, "BRISTOL", ["CLIFTON"]), ("BS9", 1.45, "BRISTOL", ["STOKE BISHOP", "WESTBURY-ON-TRYM"]),
         ("BS10", 0.95, "BRISTOL", ["HENBURY", "SOUTHMEAD"]), ("BS11", 0.8, "BRISTOL", ["SHIREHAMPTON", "AVONMOUTH"]),
         ("BS13", 0.76, "BRISTOL", ["HARTCLIFFE", "BISHOPSWORTH"]), ("BS14", 0.84, "BRISTOL", ["WHITCHURCH"]),
         ("BS16", 1.0, "BRISTOL", ["FISHPONDS", "STAPLETON"])],
    ),
    "SOUTH GLOUCESTERSHIRE": (
        0.33, 335_000, 0.12, {"D": 0.22, "S": 0.33, "T": 0.30, "F": 0.13, "O": 0.02},
        [("BS15", 0.9, "BRISTOL", ["KINGSWOOD", "HANHAM"]), ("BS16", 1.02, "BRISTOL", ["DOWNEND", "EMERSONS GREEN"]),
         ("BS30", 1.0, "BRISTOL", ["WARMLEY", "LONGWELL GREEN", "BITTON"]),
         ("BS32", 1.02, "BRISTOL", ["BRADLEY STOKE", "ALMONDSBURY"]),
         ("BS34", 0.98, "BRISTOL", ["FILTON", "PATCHWAY", "STOKE GIFFORD"]),
         ("BS35", 1.1, "BRISTOL", ["THORNBURY", "ALVESTON"]),
         ("BS36", 1.12, "BRISTOL", ["FRAMPTON COTTERELL", "WINTERBOURNE", "COALPIT HEATH"]),
         ("BS37", 0.95, "BRISTOL", ["YATE", "CHIPPING SODBURY"])],
    ),
    "BATH AND NORTH EAST SOMERSET": (
        0.20, 420_000, 0.07, {"D": 0.16, "S": 0.24, "T": 0.33, "F": 0.24, "O": 0.03},
        [("BA1", 1.22, "BATH", ["WESTON", "LARKHALL"]), ("BA2", 1.12, "BATH", ["COMBE DOWN", "WIDCOMBE", "ODD DOWN"]),
         ("BA3", 0.74, "RADSTOCK", ["MIDSOMER NORTON", "PEASEDOWN ST JOHN", "WESTFIELD"]),
         ("BS31", 0.92, "BRISTOL", ["KEYNSHAM", "SALTFORD"]), ("BS39", 0.86, "BRISTOL", ["PAULTON", "PENSFORD", "TIMSBURY"])],
    ),
}  # fmt: skip
LR_TYPE_FACTOR = {"D": 1.55, "S": 1.0, "T": 0.86, "F": 0.6}
LR_MONTH_WEIGHT = [0.72, 0.74, 0.88, 0.86, 0.95, 1.0, 1.14, 1.06, 0.98, 1.0, 0.94, 0.99]
STREETS = [
    "HIGH STREET", "CHURCH ROAD", "STATION ROAD", "VICTORIA ROAD", "PARK AVENUE", "MILL LANE", "THE AVENUE",
    "NORTH STREET", "LONDON ROAD", "QUEENS ROAD", "MAPLE CLOSE", "BEECH DRIVE", "ORCHARD WAY", "KINGS ROAD",
    "ELM GROVE", "WESTFIELD PARK", "HILLSIDE", "MEADOW VIEW", "ALBERT ROAD", "GROVE ROAD", "MANOR ROAD",
    "SCHOOL LANE", "THE CRESCENT", "WINDSOR TERRACE", "SOMERSET STREET", "CHESTNUT WAY", "WILLOW CLOSE",
    "RICHMOND ROAD", "CHURCH LANE", "WELLS ROAD", "BATH ROAD", "GLOUCESTER ROAD", "SPRINGFIELD ROAD",
    "HAWTHORN AVENUE", "OAKFIELD ROAD", "CHARLTON ROAD", "RODNEY PLACE", "BROOK STREET", "COLLEGE ROAD",
]  # fmt: skip
HOUSE_NAMES = ["ROSE COTTAGE", "THE OLD RECTORY", "HILLVIEW", "LAUREL HOUSE", "THE COACH HOUSE", "IVY COTTAGE"]
BUILDINGS = ["ALBERT HOUSE", "HARBOUR COURT", "VICTORIA MANSIONS", "THE MALTINGS", "CABOT HOUSE", "ST PAULS COURT",
             "REGENT HOUSE", "PARKSIDE", "THE WHARF", "CORN EXCHANGE"]  # fmt: skip
POSTCODE_LETTERS = "ABDEFGHJLNPQRSTUWXYZ"


def _guid(rng: random.Random) -> str:
    a, b, c, d = rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16), rng.getrandbits(16)
    return f"{{{a:08X}-{b:04X}-{c:04X}-E063-4704A8C0{d:04X}}}"


def _ppd_date(rng: random.Random, year: int, months: list[int] | None = None) -> date:
    months = months or list(range(1, 13))
    m = rng.choices(months, weights=[LR_MONTH_WEIGHT[x - 1] for x in months])[0]
    while True:
        d = date(year, m, rng.randint(1, 28 if m == 2 else 30))
        if d.weekday() < 5 and (d.weekday() == 4 or rng.random() < 0.55):  # completions cluster on Fridays
            return d


def _ppd_price(rng: random.Random, level: float) -> int:
    raw = rng.lognormvariate(math.log(level), 0.3)
    r = rng.random()
    step = (5000 if raw >= 250_000 else 2500) if r < 0.72 else 1000 if r < 0.92 else 1
    return max(40_000, int(round(raw / step) * step))


def _ppd_record(rng: random.Random, deed: date) -> dict:
    district = rng.choices(list(LR_DISTRICTS), weights=[v[0] for v in LR_DISTRICTS.values()])[0]
    _, base, new_share, mix, outwards = LR_DISTRICTS[district]
    outward, factor, town, localities = rng.choice(outwards)
    ptype = rng.choices(list(mix), weights=list(mix.values()))[0]
    new = "Y" if ptype != "O" and rng.random() < new_share else "N"
    if ptype == "O":
        price = max(50_000, int(round(rng.lognormvariate(math.log(520_000), 0.95) / 1000) * 1000))
        cat, duration = "B", "F" if rng.random() < 0.7 else "L"
        paon, saon = rng.choice([f"UNIT {rng.randint(1, 30)}", rng.choice(BUILDINGS), str(rng.randint(1, 200))]), ""
    else:
        price = _ppd_price(rng, base * factor * LR_TYPE_FACTOR[ptype] * (1.06 if new == "Y" else 1.0))
        cat = "B" if rng.random() < 0.085 else "A"
        if ptype == "F":
            duration = "L" if rng.random() < 0.97 else "F"
            saon = rng.choice(
                [f"FLAT {rng.randint(1, 40)}", f"APARTMENT {rng.randint(1, 60)}", f"FLAT {rng.choice('ABCDEF')}"]
            )
            paon = rng.choice(BUILDINGS) if rng.random() < 0.5 else str(rng.randint(1, 180))
        else:
            duration = "L" if new == "Y" and rng.random() < 0.15 else "F"
            saon = ""
            paon = rng.choice(HOUSE_NAMES) if rng.random() < 0.03 else str(rng.randint(1, 240))
    postcode = "" if rng.random() < 0.006 else f"{outward} {rng.randint(1, 9)}{rng.choice(POSTCODE_LETTERS)}{rng.choice(POSTCODE_LETTERS)}"  # fmt: skip
    locality = rng.choice(localities) if localities and rng.random() < (0.15 if district == "CITY OF BRISTOL" else 0.65) else ""  # fmt: skip
    return {
        "guid": _guid(rng), "price": price, "date": deed, "postcode": postcode, "ptype": ptype, "new": new,
        "duration": duration, "paon": paon, "saon": saon, "street": rng.choice(STREETS), "locality": locality,
        "town": town, "district": district, "county": district, "cat": cat, "status": "A",
    }  # fmt: skip


def _build_ppd(rng: random.Random) -> dict:
    deeds = []
    for _ in range(8200):  # every sale with a 2024 date of transfer in the three districts
        deed = _ppd_date(rng, 2024)
        rec = _ppd_record(rng, deed)
        rec["registered"] = deed + timedelta(days=8 + int(rng.lognormvariate(math.log(36), 0.55)))
        deeds.append(rec)
    for _ in range(24):  # late registrations of 2023 sales that arrive with the update
        rec = _ppd_record(rng, _ppd_date(rng, 2023, [9, 10, 11, 12]))
        rec["registered"] = date(2024, 12, rng.randint(2, 30))
        deeds.append(rec)
    year = [r for r in deeds if r["date"].year == 2024 and r["registered"] <= RELEASE_CUTOFF]
    added = [r for r in deeds if RELEASE_CUTOFF < r["registered"] <= UPDATE_END]
    # corrections and deletions touch the recently registered records most
    pool = sorted(year, key=lambda r: (r["registered"], r["guid"]))
    recent = [r for r in pool if r["registered"] >= date(2024, 10, 1)]
    older = [r for r in pool if r["registered"] < date(2024, 10, 1)]
    touched = rng.sample(recent, 95) + rng.sample(older, 35)
    changed, deleted = touched[:78], touched[78:]
    update = []
    for r in changed:
        c = dict(r, status="C")
        kind = rng.random()
        if r["ptype"] == "O":
            kind = 0.5  # a commercial sale: only its price gets corrected
        if r["postcode"] == "" or kind < 0.12:
            outward = next(o for o, *_ in LR_DISTRICTS[r["district"]][4] if r["postcode"].startswith(o + " ")) if r["postcode"] else LR_DISTRICTS[r["district"]][4][0][0]  # fmt: skip
            c["postcode"] = f"{outward} {rng.randint(1, 9)}{rng.choice(POSTCODE_LETTERS)}{rng.choice(POSTCODE_LETTERS)}"
        elif kind < 0.62:
            c["price"] = int(
                round(r["price"] * rng.choice([rng.uniform(0.8, 0.97), rng.uniform(1.03, 1.25)]) / 500) * 500
            )
        elif kind < 0.82 and r["ptype"] in ("S", "T", "D"):
            c["ptype"] = {"S": "T", "T": "S", "D": "S"}[r["ptype"]]
        else:
            c["cat"] = "B" if r["cat"] == "A" else "A"
        update.append(c)
    update += [dict(r, status="D") for r in deleted]
    update += [dict(r, status="A") for r in added]
    final = {r["guid"]: r for r in year}
    for r in update:
        if r["status"] == "D":
            del final[r["guid"]]
        else:
            final[r["guid"]] = r
    return {"year": year, "update": update, "final": final}


def _ppd_line(r: dict) -> str:
    fields = [
        r["guid"], str(r["price"]), f"{r['date']:%Y-%m-%d} 00:00", r["postcode"], r["ptype"], r["new"], r["duration"],
        r["paon"], r["saon"], r["street"], r["locality"], r["town"], r["district"], r["county"], r["cat"], r["status"],
    ]  # fmt: skip
    return ",".join(f'"{f}"' for f in fields)


def _write_ppd(t: Truth, d: Path) -> None:
    year = sorted(t.ppd["year"], key=lambda r: (r["date"], r["guid"]))
    (d / PPD_YEAR_FILE).write_bytes(("\n".join(_ppd_line(r) for r in year) + "\n").encode("utf-8"))
    update = sorted(t.ppd["update"], key=lambda r: (r["date"], r["guid"]))
    (d / PPD_UPDATE_FILE).write_bytes(("\n".join(_ppd_line(r) for r in update) + "\n").encode("utf-8"))


# =================================================================================================
# grid: NESO historic demand data, 2024 (half-hourly settlement periods, UK local days)
# =================================================================================================

GRID_COLUMNS = [
    "SETTLEMENT_DATE", "SETTLEMENT_PERIOD", "ND", "TSD", "ENGLAND_WALES_DEMAND", "EMBEDDED_WIND_GENERATION",
    "EMBEDDED_WIND_CAPACITY", "EMBEDDED_SOLAR_GENERATION", "EMBEDDED_SOLAR_CAPACITY", "NON_BM_STOR",
    "PUMP_STORAGE_PUMPING", "SCOTTISH_TRANSFER", "IFA_FLOW", "IFA2_FLOW", "BRITNED_FLOW", "MOYLE_FLOW",
    "EAST_WEST_FLOW", "NEMO_FLOW", "NSL_FLOW", "ELECLINK_FLOW", "VIKING_FLOW", "GREENLINK_FLOW",
]  # fmt: skip
INTERCONNECTORS = {  # capacity in MW and a bias (positive: mostly importing into GB)
    "IFA_FLOW": (2000, 0.55), "IFA2_FLOW": (1000, 0.5), "BRITNED_FLOW": (1000, 0.2), "MOYLE_FLOW": (500, -0.5),
    "EAST_WEST_FLOW": (500, -0.45), "NEMO_FLOW": (1000, 0.25), "NSL_FLOW": (1400, 0.75), "ELECLINK_FLOW": (1000, 0.5),
    "VIKING_FLOW": (1400, 0.35), "GREENLINK_FLOW": (0, 0.0),
}  # fmt: skip
BANK_HOLIDAYS = {date(2024, 1, 1), date(2024, 3, 29), date(2024, 4, 1), date(2024, 5, 6), date(2024, 5, 27),
                 date(2024, 8, 26), date(2024, 12, 25), date(2024, 12, 26)}  # fmt: skip
# underlying demand (GW) by local hour, a winter and a summer weekday
WINTER = [27, 25.5, 24.5, 24, 24, 24.5, 27, 31, 33.5, 34.5, 34.5, 34.5, 34, 33.5, 33.5, 34.5, 37, 39, 38.5, 36.5, 34.5, 32.5, 30.5, 28.5]  # fmt: skip
SUMMER = [21, 19.5, 18.5, 18, 18, 18.2, 19.5, 22.5, 25.5, 26.5, 27, 27.5, 27.5, 27, 26.8, 26.8, 26.8, 27.2, 27.4, 27.2, 27, 26.5, 24.5, 22.8]  # fmt: skip
SOLAR_LAT, SOLAR_LON = 51.9, -2.6  # the embedded solar fleet's centre of gravity lies in the south-west


def _sin_elevation(when: datetime) -> float:
    """Sine of the sun's elevation at the solar fleet's centre (NOAA's approximations)."""
    doy = when.timetuple().tm_yday
    hours = when.hour + when.minute / 60
    g = 2 * math.pi / 365 * (doy - 1 + (hours - 12) / 24)
    decl = (0.006918 - 0.399912 * math.cos(g) + 0.070257 * math.sin(g) - 0.006758 * math.cos(2 * g)
            + 0.000907 * math.sin(2 * g) - 0.002697 * math.cos(3 * g) + 0.00148 * math.sin(3 * g))  # fmt: skip
    eqt = 229.18 * (0.000075 + 0.001868 * math.cos(g) - 0.032077 * math.sin(g) - 0.014615 * math.cos(2 * g)
                    - 0.040849 * math.sin(2 * g))  # fmt: skip
    ha = math.radians((hours * 60 + eqt + 4 * SOLAR_LON) / 4 - 180)
    lat = math.radians(SOLAR_LAT)
    return math.sin(lat) * math.sin(decl) + math.cos(lat) * math.cos(decl) * math.cos(ha)


def _profile(table: list[float], local_hours: float) -> float:
    i = int(local_hours) % 24
    f = local_hours - int(local_hours)
    return table[i] * (1 - f) + table[(i + 1) % 24] * f


def _build_grid(rng: random.Random) -> list[dict]:
    rows = []
    start = datetime(2024, 1, 1, tzinfo=LONDON).astimezone(UTC)
    end = datetime(2025, 1, 1, tzinfo=LONDON).astimezone(UTC)
    wind_x, trade = 0.0, 0.4
    links = dict.fromkeys(INTERCONNECTORS, 0.0)
    day_noise: dict[date, tuple[float, float, float, float]] = {}
    period, last_day = 0, None
    t = start
    while t < end:
        local = t.astimezone(LONDON)
        day = local.date()
        if day != last_day:
            period, last_day = 0, day
            day_noise[day] = (rng.gauss(0, 0.015), rng.uniform(0.25, 1.0), rng.uniform(0.0, 0.12), rng.uniform(0, 6.28))
        period += 1
        dn, cloud, wobble, phase = day_noise[day]
        doy = local.timetuple().tm_yday
        w = (1 + math.cos(2 * math.pi * (doy - 15) / 366)) / 2  # 1 in mid-January, 0 in mid-July
        lh = local.hour + local.minute / 60 + 0.25
        weekday = day.weekday()
        shape = w * _profile(WINTER, lh) * 0.97 + (1 - w) * _profile(SUMMER, lh)
        factor = 0.86 if day in BANK_HOLIDAYS else 0.9 if weekday == 5 else 0.86 if weekday == 6 else 1.0
        if weekday >= 5 or day in BANK_HOLIDAYS:
            shape = shape * factor + (1.2 if 6 <= local.hour < 10 else 0) * -1  # a later, flatter morning
        underlying = 1000 * shape * (1 + dn) + rng.gauss(0, 160)
        # embedded solar follows the sun (UTC), capacity growing over the year
        solar_cap = int(16_400 + 900 * (doy / 366))
        mid = t + timedelta(minutes=15)
        sin_el = _sin_elevation(mid)
        hours = mid.hour + mid.minute / 60
        solar = 0.0
        if sin_el > 0:
            sky = cloud * (1 + wobble * math.sin(hours / 3 + phase))
            solar = min(solar_cap * 0.72, solar_cap * 0.72 * sin_el**1.15 * sky * (1 + rng.gauss(0, 0.008)))
        # embedded wind: a slow random walk, windier in winter
        wind_x = 0.985 * wind_x + rng.gauss(0, 0.17)
        wind_cap = int(6_480 + 180 * (doy / 366))
        cf = (0.55 + 0.5 * w) / (1 + math.exp(-(wind_x - 0.2) * 1.3)) * 0.72
        wind = wind_cap * min(0.85, cf)
        nd = int(round(underlying - solar - wind))
        # interconnectors: a shared market signal (exports when it is windy at home) plus each link's own
        trade = 0.97 * trade + 0.03 * (0.45 - 1.1 * (cf - 0.35)) + rng.gauss(0, 0.09)
        flows = {}
        for name, (cap, bias) in INTERCONNECTORS.items():
            links[name] = 0.95 * links[name] + rng.gauss(0, 0.12)
            flows[name] = int(round(cap * math.tanh(1.4 * (trade + bias + links[name])))) if cap else 0
        pumping = (
            int(max(0.0, rng.gauss(900, 450)))
            if local.hour < 6 or solar > 9000
            else int(max(0.0, rng.gauss(-300, 250)))
        )
        exports = sum(-f for f in flows.values() if f < 0)
        station = 500 if local.utcoffset() else 600
        tsd = nd + station + pumping + exports
        stor = int(max(0.0, rng.gauss(-40, 60))) if 16 <= local.hour < 20 else 0
        rows.append(
            {
                "date": day, "period": period, "utc": t, "ND": nd, "TSD": tsd,
                "ENGLAND_WALES_DEMAND": int(round(nd * rng.uniform(0.885, 0.905))),
                "EMBEDDED_WIND_GENERATION": int(round(wind)), "EMBEDDED_WIND_CAPACITY": wind_cap,
                "EMBEDDED_SOLAR_GENERATION": int(round(solar)), "EMBEDDED_SOLAR_CAPACITY": solar_cap,
                "NON_BM_STOR": stor, "PUMP_STORAGE_PUMPING": pumping,
                "SCOTTISH_TRANSFER": int(round(max(0.0, 1500 + 3800 * cf + rng.gauss(0, 400)))), **flows,
            }
        )  # fmt: skip
        t += timedelta(minutes=30)
    return rows


def _write_grid(t: Truth, d: Path) -> None:
    lines = [",".join(GRID_COLUMNS)]
    for r in t.grid:
        vals = [r["date"].isoformat(), str(r["period"])] + [str(r[c]) for c in GRID_COLUMNS[2:]]
        lines.append(",".join(vals))
    (d / GRID_FILE).write_bytes(("\n".join(lines) + "\n").encode("utf-8"))


# =================================================================================================
# se: a Stack Exchange data dump (coffee.stackexchange.com), Posts.xml and Users.xml
# =================================================================================================

SITE_START = datetime(2015, 1, 27, 19, 0)
DUMP_AT = datetime(2024, 6, 30, 3, 0)
TAGS = {  # tag -> weight on questions
    "espresso": 20, "espresso-machine": 9, "brewing": 14, "grinding": 9, "grinder": 7, "beans": 11, "roasting": 8,
    "french-press": 7, "pour-over": 7, "aeropress": 6, "cold-brew": 6, "milk": 7, "latte-art": 3, "caffeine": 8,
    "storage": 5, "health": 6, "water": 5, "moka-pot": 5, "decaffeinated": 3, "taste": 9, "equipment": 6,
    "instant-coffee": 3, "filter": 4, "temperature": 4, "history": 3, "espresso-grind": 2,
}  # fmt: skip
TOP_NAMES = [
    "Ristretto Rita", "hoppel_moppel", "Jürgen Brandt", "BeanCounter", "Søren Ask", "Moka Mario", "pourover_pete",
    "Amélie Roux", "dave_the_roaster", "Kees van Dijk", "Thermoblock", "Naomi Hart", "crema_queen", "J. Okonkwo",
    "grindsize", "Tobias K.", "Lena Fischer", "Chemex Chris", "María José", "the_barista",
]  # fmt: skip
PLAIN_NAMES = ["Chris", "Mark", "Anna", "Tom", "Sarah", "David", "Laura", "Peter", "Emma", "John", "Mike", "Kate",
               "Alex", "Sam", "Ben", "Lisa", "Dan", "Jo", "Nick", "Eva"]  # fmt: skip
LOCATIONS = ["Seattle, WA", "Berlin, Germany", "London, United Kingdom", "London", "Melbourne VIC, Australia",
             "Oslo, Norway", "Portland, OR, USA", "Amsterdam, Netherlands", "Toronto, ON, Canada", "Deutschland",
             "Milano, Italia", "São Paulo, Brazil", "Tokyo, Japan", "Somewhere over the rainbow", "Austin, TX",
             "Copenhagen, Denmark", "Bristol, UK", "Wien, Österreich"]  # fmt: skip
Q_TEMPLATES = [
    "How do I {verb} {thing} for my {device}?", "Why does my {device} coffee taste {taste}?",
    "Is it safe to {action}?", "What is the difference between {a} and {b}?", "Can I {verb} {thing} without a proper {device}?",
    "How long can I keep {thing}?", "Why is my {device} {problem}?", "Does {a} really make better coffee than {b}?",
    "What grind size for {a} & {b}?", "Best ratio of coffee to water for the \"{device}\"?",
    "How much {thing} should I use in my {device}?", "Should I {verb} {thing} before using my {device}?",
    "My {device} makes {a} taste {taste} - what am I doing wrong?", "Where can I learn to {verb} {thing}?",
    "Why does {a} taste {taste} compared to {b}?", "Is the {device} worth it for {a}?",
]  # fmt: skip
Q_WORDS = {
    "verb": ["grind", "store", "roast", "descale", "froth", "brew", "dose", "tamp", "bloom", "reheat"],
    "thing": ["beans", "milk", "ground coffee", "green coffee", "oat milk", "decaf beans", "cold brew concentrate"],
    "device": ["moka pot", "French press", "AeroPress", "V60", "espresso machine", "Chemex", "drip machine",
               "burr grinder", "Turkish cezve", "siphon brewer"],
    "taste": ["sour", "bitter", "burnt", "watery", "metallic", "salty", "flat"],
    "action": ["drink coffee left out overnight", "use tap water in an espresso machine", "reuse coffee grounds",
               "freeze roasted beans", "microwave coffee", "drink espresso while pregnant"],
    "a": ["light roast", "dark roast", "espresso", "a flat white", "arabica", "a lungo", "a cortado", "cold brew"],
    "b": ["medium roast", "filter coffee", "a latte", "robusta", "an americano", "a macchiato", "iced coffee"],
    "problem": ["leaking", "not building pressure", "channeling", "spitting", "too slow", "clogged"],
}  # fmt: skip


def _se_stamp(when: datetime) -> str:
    return when.strftime("%Y-%m-%dT%H:%M:%S.") + f"{when.microsecond // 1000:03d}"


def _se_when(rng: random.Random, lo: datetime, hi: datetime) -> datetime:
    secs = rng.uniform(0, (hi - lo).total_seconds())
    return (lo + timedelta(seconds=secs)).replace(microsecond=rng.randint(0, 999) * 1000)


def _build_se(rng: random.Random) -> tuple[list[dict], dict]:
    # users: Community (-1), then ids with gaps where accounts were deleted
    users: dict[int, dict] = {-1: {"id": -1, "name": "Community", "location": "on the server farm", "created": datetime(2015, 1, 27, 18, 5, 11, 437000)}}  # fmt: skip
    uid = 1
    names = list(TOP_NAMES)
    for i in range(1450):
        uid += 1 if rng.random() < 0.8 else rng.randint(2, 9)
        if i < len(names):
            name = names[i]
        elif rng.random() < 0.45:
            name = f"user{rng.randint(1000, 99999)}"
        else:
            name = rng.choice(PLAIN_NAMES) + ("" if rng.random() < 0.6 else f" {rng.choice('ABCDEFGHJKLMNPRSTW')}.")
        users[uid] = {"id": uid, "name": name, "location": rng.choice(LOCATIONS) if rng.random() < 0.45 else None}
    people = [u for u in users if u > 0]
    answer_w = [1 / (k + 1) ** 1.15 for k in range(len(people))]  # the first ids (the site's regulars) answer most
    ask_w = [1 / (k + 8) ** 0.6 for k in range(len(people))]
    rng_order = people[:]
    rng.shuffle(rng_order)
    ask_order = rng_order  # askers are spread over everybody
    answer_order = people[:40] + rng_order  # answerers: the regulars first
    answer_order = list(dict.fromkeys(answer_order))
    tag_names, tag_w = list(TAGS), list(TAGS.values())
    posts: list[dict] = []
    month = datetime(2015, 1, 1)
    titles: set[str] = set()
    while month < DUMP_AT:
        nxt = (month + timedelta(days=32)).replace(day=1)
        years = (month - SITE_START).days / 365.25
        rate = 58 if years < 0.4 else max(7.0, 36 * math.exp(-years / 3.2))
        for _ in range(int(rng.gauss(rate, math.sqrt(rate)))):
            lo, hi = max(month, SITE_START), min(nxt, DUMP_AT - timedelta(days=2))
            if hi <= lo:
                continue
            created = _se_when(rng, lo, hi)
            while True:
                tpl = rng.choice(Q_TEMPLATES)
                title = tpl.format(**{k: rng.choice(v) for k, v in Q_WORDS.items()})
                if title not in titles:
                    titles.add(title)
                    break
            k = rng.choices([1, 2, 3, 4], weights=[0.3, 0.38, 0.22, 0.1])[0]
            tags: list[str] = []
            while len(tags) < k:
                tg = rng.choices(tag_names, weights=tag_w)[0]
                if tg not in tags:
                    tags.append(tg)
            age = (DUMP_AT - created).days / 365.25
            q = {
                "type": 1, "created": created, "title": title, "tags": tags,
                "owner": rng.choices(ask_order, weights=ask_w)[0], "score": max(-4, int(rng.gauss(3, 4) + age * 0.8)),
                "views": int(rng.lognormvariate(math.log(180 + 260 * age), 1.0)) + 12, "comments": rng.choice([0, 0, 1, 2, 3, 5]),
                "closed": created + timedelta(days=rng.randint(0, 20)) if rng.random() < 0.045 else None,
                "edited": created + timedelta(hours=rng.uniform(0.1, 400)) if rng.random() < 0.4 else None,
            }  # fmt: skip
            if rng.random() < 0.03:
                q["deleted_owner"] = f"user{rng.randint(100000, 999999)}"
            p0 = 0.05 + 0.3 * min(1.0, years / 9.4)
            n_ans = 0 if rng.random() < p0 else rng.choices([1, 2, 3, 4, 5, 6], weights=[40, 28, 15, 9, 5, 3])[0]
            if q["closed"]:
                n_ans = min(n_ans, 1)
            answers = []
            for _ in range(n_ans):
                lag = timedelta(hours=rng.lognormvariate(math.log(5.5), 1.7))
                when = (created + lag).replace(microsecond=rng.randint(0, 999) * 1000)
                if when >= DUMP_AT:
                    continue
                owner = q["owner"] if rng.random() < 0.04 else rng.choices(answer_order, weights=answer_w[: len(answer_order)])[0]  # fmt: skip
                a = {"type": 2, "created": when, "owner": owner, "score": max(-3, int(rng.gauss(2.5, 3.5) + age * 0.5)),
                     "comments": rng.choice([0, 0, 0, 1, 2]), "question": q}  # fmt: skip
                if rng.random() < 0.03:
                    a["deleted_owner"] = f"user{rng.randint(100000, 999999)}"
                answers.append(a)
            q["answers"] = sorted(answers, key=lambda a: a["created"])
            q["accepted"] = None
            if answers and rng.random() < 0.58:
                q["accepted"] = rng.choices(answers, weights=[max(1, a["score"] + 2) for a in answers])[0]
            posts.append(q)
            posts.extend(q["answers"])
        month = nxt
    # tag wiki excerpts (4) and tag wikis (5), written a while after a tag is first used
    first_use: dict[str, datetime] = {}
    for p in posts:
        if p["type"] == 1:
            for tg in p["tags"]:
                first_use[tg] = min(first_use.get(tg, p["created"]), p["created"])
    for tg in sorted(first_use):
        if rng.random() < 0.8:
            when = _se_when(rng, first_use[tg] + timedelta(days=3), first_use[tg] + timedelta(days=400))
            posts.append({"type": 4, "created": when, "owner": -1, "tag": tg, "editor": rng.choice(people[:30])})
            posts.append({"type": 5, "created": when + timedelta(milliseconds=3), "owner": -1, "tag": tg,
                          "editor": rng.choice(people[:30])})  # fmt: skip
    posts.sort(key=lambda p: p["created"])
    pid = 0
    for p in posts:
        pid += 1 if rng.random() < 0.9 else rng.randint(2, 5)  # gaps: deleted posts
        p["id"] = pid
    # users: creation before their first post, reputation from their posts
    first: dict[int, datetime] = {}
    rep = dict.fromkeys(people, 1)
    for p in posts:
        if p["type"] in (1, 2) and "deleted_owner" not in p:
            first[p["owner"]] = min(first.get(p["owner"], p["created"]), p["created"])
            if p["type"] == 1:
                rep[p["owner"]] += 5 * max(0, p["score"]) - 2 * max(0, -p["score"])
                if (
                    p["accepted"] is not None
                    and "deleted_owner" not in p["accepted"]
                    and p["accepted"]["owner"] != p["owner"]
                ):
                    rep[p["owner"]] += 2
            else:
                rep[p["owner"]] += 10 * max(0, p["score"]) - 2 * max(0, -p["score"])
                if p["question"]["accepted"] is p and p["question"]["owner"] != p["owner"]:
                    rep[p["owner"]] += 15
    for u in people:
        user = users[u]
        if u in first:
            user["created"] = max(
                SITE_START + timedelta(minutes=rng.uniform(1, 300)), first[u] - timedelta(days=rng.uniform(0, 120))
            )
            user["created"] = min(user["created"], first[u] - timedelta(minutes=rng.uniform(2, 30)))
            user["created"] = user["created"].replace(microsecond=rng.randint(0, 999) * 1000)
        else:
            user["created"] = _se_when(rng, SITE_START, DUMP_AT - timedelta(days=1))
        user["reputation"] = max(1, rep[u] + (100 if rng.random() < 0.22 else 0))
        user["last_access"] = _se_when(rng, user["created"], DUMP_AT)
        user["views"] = int(rng.lognormvariate(math.log(8 + rep[u] / 8), 0.8))
        user["up"], user["down"] = int(rng.lognormvariate(math.log(2 + rep[u] / 40), 1.0)), rng.choice([0, 0, 0, 1, 2])
        user["account"] = 2_000_000 + u * 7 + rng.randint(0, 6)
        user["website"] = f"https://{user['name'].split()[0].lower()}.example.org" if rng.random() < 0.08 else None
    users[-1].update({"reputation": 1, "last_access": datetime(2015, 1, 27, 18, 5, 11, 437000), "views": 2140,
                      "up": 5120, "down": 3890, "account": -1, "website": "https://meta.stackexchange.com/"})  # fmt: skip
    return posts, users


def _xml_attr(value: str) -> str:
    return (value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("\n", "&#xA;"))  # fmt: skip


def _license(when: datetime) -> str:
    return "CC BY-SA 3.0" if when < datetime(2018, 5, 2) else "CC BY-SA 4.0"


def _row(attrs: list[tuple[str, object]]) -> str:
    return "  <row " + " ".join(f'{k}="{_xml_attr(str(v))}"' for k, v in attrs if v is not None) + " />"


def _write_se(t: Truth, d: Path) -> None:
    out = ['<?xml version="1.0" encoding="utf-8"?>', "<posts>"]
    for p in t.posts:
        owner = (
            [("OwnerUserId", p["owner"])] if "deleted_owner" not in p else [("OwnerDisplayName", p["deleted_owner"])]
        )
        if p["type"] == 1:
            last = max([p["created"]] + [a["created"] for a in p["answers"]] + ([p["edited"]] if p["edited"] else []))
            body = f"<p>{p['title']}</p>\n\n<p>I have tried a few things with my setup but nothing works so far.</p>\n"
            out.append(_row([
                ("Id", p["id"]), ("PostTypeId", 1),
                ("AcceptedAnswerId", p["accepted"]["id"] if p["accepted"] else None),
                ("CreationDate", _se_stamp(p["created"])), ("Score", p["score"]), ("ViewCount", p["views"]),
                ("Body", body), *owner,
                ("LastEditorUserId", p["owner"] if p["edited"] and "deleted_owner" not in p else None),
                ("LastEditDate", _se_stamp(p["edited"]) if p["edited"] else None),
                ("LastActivityDate", _se_stamp(last)), ("Title", p["title"]),
                ("Tags", "|" + "|".join(p["tags"]) + "|"), ("AnswerCount", len(p["answers"])),
                ("CommentCount", p["comments"]), ("ClosedDate", _se_stamp(p["closed"]) if p["closed"] else None),
                ("ContentLicense", _license(p["edited"] or p["created"])),
            ]))  # fmt: skip
        elif p["type"] == 2:
            body = "<p>In my experience the grind matters most &amp; the water second.</p>\n<ul>\n<li>Try a finer grind</li>\n</ul>\n"
            out.append(_row([
                ("Id", p["id"]), ("PostTypeId", 2), ("ParentId", p["question"]["id"]),
                ("CreationDate", _se_stamp(p["created"])), ("Score", p["score"]), ("Body", body), *owner,
                ("LastActivityDate", _se_stamp(p["created"])), ("CommentCount", p["comments"]),
                ("ContentLicense", _license(p["created"])),
            ]))  # fmt: skip
        else:
            body = f"<p>Questions about {p['tag'].replace('-', ' ')}.</p>\n" if p["type"] == 4 else ""
            out.append(_row([
                ("Id", p["id"]), ("PostTypeId", p["type"]), ("CreationDate", _se_stamp(p["created"])), ("Score", 0),
                ("Body", body), *owner, ("LastEditorUserId", p["editor"]),
                ("LastEditDate", _se_stamp(p["created"] + timedelta(days=2))),
                ("LastActivityDate", _se_stamp(p["created"] + timedelta(days=2))), ("CommentCount", 0),
                ("CommunityOwnedDate", _se_stamp(p["created"])), ("ContentLicense", _license(p["created"])),
            ]))  # fmt: skip
    out += ["</posts>", ""]
    (d / SE_POSTS_FILE).write_bytes("\n".join(out).encode("utf-8"))
    out = ['<?xml version="1.0" encoding="utf-8"?>', "<users>"]
    for u in sorted(t.users):
        user = t.users[u]
        about = "<p>Hi, I'm a bot.</p>\n" if u == -1 else ("<p>Coffee nerd.</p>\n" if user["views"] > 40 else None)
        out.append(_row([
            ("Id", u), ("Reputation", user["reputation"]), ("CreationDate", _se_stamp(user["created"])),
            ("DisplayName", user["name"]), ("LastAccessDate", _se_stamp(user["last_access"])),
            ("WebsiteUrl", user["website"]), ("Location", user["location"]), ("AboutMe", about),
            ("Views", user["views"]), ("UpVotes", user["up"]), ("DownVotes", user["down"]), ("AccountId", user["account"]),
        ]))  # fmt: skip
    out += ["</users>", ""]
    (d / SE_USERS_FILE).write_bytes("\n".join(out).encode("utf-8"))


# =================================================================================================
# sec: SEC EDGAR XBRL company facts of an invented company (fiscal year ends the last Saturday of September)
# =================================================================================================

SEC_NAME = "Calder Ridge Instruments, Inc."
SEC_FIRST_FY, SEC_LAST_FY = 2014, 2024  # values from fiscal 2014; filings from fiscal 2016 (and Q1 of 2025)
NEW_REVENUE_FROM = (2019, 1)  # ASC 606: the new revenue concept from the first filing of fiscal 2019
RESTATED_FY = 2022  # a fourth-quarter cut-off error found during the fiscal 2023 audit
CONCEPTS = {
    ("us-gaap", "SalesRevenueNet"): ("Revenues, Net", "Amount of revenue recognized for goods sold, services rendered, insurance premiums, or other activities that constitute an earning process. Includes, but is not limited to, investment and interest income before deduction of interest expense when recognized as a component of revenue, and sales and trading gain (loss)."),
    ("us-gaap", "RevenueFromContractWithCustomerExcludingAssessedTax"): ("Revenue from Contract with Customer, Excluding Assessed Tax", "Amount, excluding tax collected from customer, of revenue from satisfaction of performance obligation by transferring promised good or service to customer. Tax collected from customer is tax assessed by governmental authority that is both imposed on and concurrent with specific revenue-producing transaction, including, but not limited to, sales, use, value added and excise."),
    ("us-gaap", "NetIncomeLoss"): ("Net Income (Loss) Attributable to Parent", "The portion of profit or loss for the period, net of income taxes, which is attributable to the parent."),
    ("us-gaap", "EarningsPerShareDiluted"): ("Earnings Per Share, Diluted", "The amount of net income (loss) for the period available to each share of common stock or common unit outstanding during the reporting period and to each share or unit that would have been outstanding assuming the issuance of common shares or units for all dilutive potential common shares or units outstanding during the reporting period."),
    ("us-gaap", "ResearchAndDevelopmentExpense"): ("Research and Development Expense", "Amount of expense for research and development. Includes, but is not limited to, cost for computer software product to be sold, leased, or otherwise marketed and writeoff of research and development assets acquired in transaction other than business combination or joint venture formation or both."),
    ("us-gaap", "PaymentsForRepurchaseOfCommonStock"): ("Payments for Repurchase of Common Stock", "The cash outflow to reacquire common stock during the period."),
    ("us-gaap", "Assets"): ("Assets", "Amount of asset recognized for present right to economic benefit."),
    ("us-gaap", "CashAndCashEquivalentsAtCarryingValue"): ("Cash and Cash Equivalents, at Carrying Value", "Amount of currency on hand as well as demand deposits with banks or financial institutions. Includes other kinds of accounts that have the general characteristics of demand deposits. Also includes short-term, highly liquid investments that are both readily convertible to known amounts of cash and so near their maturity that the associated risk of changes in value is insignificant."),
    ("dei", "EntityCommonStockSharesOutstanding"): ("Entity Common Stock, Shares Outstanding", "Indicate number of shares or other units outstanding of each of registrant's classes of capital or common stock or other ownership interests, if and as stated on cover of related periodic report. Where multiple classes or units exist define each class/interest by adding class of stock items such as Common Class A [Member], Common Class B [Member] or Partnership Interest [Member] onto the Instrument [Domain] of the Entity Listing, Instrument."),
    ("dei", "EntityPublicFloat"): ("Entity Public Float", "The aggregate market value of the voting and non-voting common equity held by non-affiliates computed by reference to the price at which the common equity was last sold, or the average bid and asked price of such common equity, as of the last business day of the registrant's most recently completed second fiscal quarter."),
}  # fmt: skip
SEASON = [0.235, 0.228, 0.247, 0.29]  # fiscal Q1 (Oct-Dec) .. Q4 (Jul-Sep: US federal labs spend before 30 Sep)


def _fy_end(fy: int) -> date:
    d = date(fy, 9, 30)
    return d - timedelta(days=(d.weekday() - 5) % 7)


def _quarter_bounds(fy: int) -> list[tuple[date, date]]:
    start = _fy_end(fy - 1) + timedelta(days=1)
    weeks = [14 if (_fy_end(fy) - _fy_end(fy - 1)).days == 371 else 13, 13, 13, 13]
    out = []
    for w in weeks:
        end = start + timedelta(weeks=w) - timedelta(days=1)
        out.append((start, end))
        start = end + timedelta(days=1)
    assert out[-1][1] == _fy_end(fy)
    return out


def _build_sec(rng: random.Random) -> dict:
    quarters: dict[tuple[int, int], dict] = {}
    revenue_year = 268_000_000.0
    growth = {2015: 0.05, 2016: 0.06, 2017: 0.08, 2018: 0.09, 2019: 0.07, 2020: -0.04, 2021: 0.13, 2022: 0.11,
              2023: 0.06, 2024: 0.08, 2025: 0.07}  # fmt: skip
    shares = 41_800_000.0
    assets, cash = 402_000_000.0, 88_000_000.0
    for fy in range(SEC_FIRST_FY, SEC_LAST_FY + 2):
        revenue_year *= 1 + growth.get(fy, 0.05)
        for q, (start, end) in enumerate(_quarter_bounds(fy), start=1):
            if fy == SEC_LAST_FY + 1 and q > 1:
                break
            season = SEASON[q - 1] * (0.93 if (fy, q) == (2020, 3) else 1.0)
            rev = int(round(revenue_year * season * rng.uniform(0.97, 1.03) / 1000)) * 1000
            margin = -0.03 if (fy, q) == (2020, 3) else rng.uniform(0.07, 0.14) + (0.03 if q == 4 else 0)
            ni = int(round(rev * margin / 1000)) * 1000
            buyback = 0 if rng.random() < 0.2 else int(round(rng.uniform(4e6, 38e6) / 1000)) * 1000
            shares -= buyback / 95 + rng.uniform(-40_000, 60_000)
            diluted = shares * 1.012
            assets *= 1 + rng.uniform(0.0, 0.03)
            cash = max(30e6, cash + ni * 0.6 - buyback + rng.uniform(-9e6, 9e6))
            quarters[(fy, q)] = {
                "start": start, "end": end, "revenue": rev, "net_income": ni,
                "rnd": int(round(rev * rng.uniform(0.10, 0.12) / 1000)) * 1000, "buyback": buyback,
                "diluted": diluted, "assets": int(round(assets / 1000)) * 1000, "cash": int(round(cash / 1000)) * 1000,
                "shares_out": int(round(shares - rng.uniform(0, 150_000))),
            }  # fmt: skip
    # the restatement: fiscal 2022's fourth quarter lost revenue booked too early, found a year later
    original = {k: dict(v) for k, v in quarters.items() if k == (RESTATED_FY, 4)}
    q4 = quarters[(RESTATED_FY, 4)]
    cut = int(round(q4["revenue"] * 0.035 / 1000)) * 1000
    q4["revenue"] -= cut
    q4["net_income"] -= int(round(cut * 0.6 / 1000)) * 1000
    return {
        "quarters": quarters,
        "original_q4": original[(RESTATED_FY, 4)],
        "facts": _sec_facts(rng, quarters, original),
    }


def _eps(ni: float, diluted: float) -> float:
    return round(ni / diluted, 2)


def _sec_facts(rng: random.Random, quarters: dict, original: dict) -> dict:
    """Every filing from fiscal 2016 with the facts it reports, as company facts lists them."""
    facts: dict[tuple[str, str], dict[str, list]] = {}
    seq = dict.fromkeys(range(2015, 2027), 100)

    def add(concept, unit, start, end, val, filing):
        entry = {"start": start.isoformat()} if start else {}
        entry.update({"end": end.isoformat(), "val": val, **filing})
        facts.setdefault(concept, {}).setdefault(unit, []).append(entry)

    def restated(fy: int, q: int, filed: date) -> dict:
        """A quarter as a filing on `filed` reports it (the restatement applies from the fiscal 2023 10-K)."""
        if (fy, q) == (RESTATED_FY, 4) and filed < date(2023, 11, 1):
            return original[(RESTATED_FY, 4)]
        return quarters[(fy, q)]

    def span(fy: int, q_from: int, q_to: int, filed: date, key: str) -> int:
        return sum(restated(fy, q, filed)[key] for q in range(q_from, q_to + 1))

    def eps(fy: int, q_from: int, q_to: int, filed: date) -> float:
        qs = [restated(fy, q, filed) for q in range(q_from, q_to + 1)]
        return _eps(sum(x["net_income"] for x in qs), sum(x["diluted"] for x in qs) / len(qs))

    for fy in range(2016, SEC_LAST_FY + 2):
        for q in (1, 2, 3, 4):
            if fy == SEC_LAST_FY + 1 and q > 1:
                break
            end = quarters[(fy, q)]["end"]
            filed = end + timedelta(days=rng.randint(34, 40) if q < 4 else rng.randint(52, 60))
            while filed.weekday() >= 5:
                filed += timedelta(days=1)
            seq[filed.year] += rng.randint(1, 40)
            accn = f"0000950170-{filed.year % 100:02d}-{seq[filed.year]:06d}"
            form = "10-K" if q == 4 else "10-Q"
            filing = {
                "accn": accn,
                "fy": fy,
                "fp": "FY" if q == 4 else f"Q{q}",
                "form": form,
                "filed": filed.isoformat(),
            }
            rev = ("us-gaap", "RevenueFromContractWithCustomerExcludingAssessedTax") if (fy, q) >= NEW_REVENUE_FROM else ("us-gaap", "SalesRevenueNet")  # fmt: skip
            if q == 4:
                years = [fy - 2, fy - 1, fy]
                for y in years:
                    s, e = quarters[(y, 1)]["start"], quarters[(y, 4)]["end"]
                    add(rev, "USD", s, e, span(y, 1, 4, filed, "revenue"), filing)
                    add(("us-gaap", "NetIncomeLoss"), "USD", s, e, span(y, 1, 4, filed, "net_income"), filing)
                    add(("us-gaap", "EarningsPerShareDiluted"), "USD/shares", s, e, eps(y, 1, 4, filed), filing)
                    add(("us-gaap", "ResearchAndDevelopmentExpense"), "USD", s, e, span(y, 1, 4, filed, "rnd"), filing)
                    add(("us-gaap", "PaymentsForRepurchaseOfCommonStock"), "USD", s, e, span(y, 1, 4, filed, "buyback"), filing)  # fmt: skip
                for y in (fy - 1, fy):
                    add(("us-gaap", "Assets"), "USD", None, quarters[(y, 4)]["end"], quarters[(y, 4)]["assets"], filing)
                for y in (fy - 2, fy - 1, fy):
                    add(("us-gaap", "CashAndCashEquivalentsAtCarryingValue"), "USD", None, quarters[(y, 4)]["end"], quarters[(y, 4)]["cash"], filing)  # fmt: skip
                q2_end = quarters[(fy, 2)]["end"]
                add(("dei", "EntityPublicFloat"), "USD", None, q2_end, int(round(quarters[(fy, 2)]["shares_out"] * rng.uniform(38, 90) / 1e6)) * 1_000_000, filing)  # fmt: skip
            else:
                for y in (fy - 1, fy):
                    s, e = quarters[(y, q)]["start"], quarters[(y, q)]["end"]
                    add(rev, "USD", s, e, restated(y, q, filed)["revenue"], filing)
                    add(("us-gaap", "NetIncomeLoss"), "USD", s, e, restated(y, q, filed)["net_income"], filing)
                    add(("us-gaap", "EarningsPerShareDiluted"), "USD/shares", s, e, eps(y, q, q, filed), filing)
                    add(("us-gaap", "ResearchAndDevelopmentExpense"), "USD", s, e, restated(y, q, filed)["rnd"], filing)
                    ys = quarters[(y, 1)]["start"]
                    if q > 1:  # the year to date beside the quarter
                        add(rev, "USD", ys, e, span(y, 1, q, filed, "revenue"), filing)
                        add(("us-gaap", "NetIncomeLoss"), "USD", ys, e, span(y, 1, q, filed, "net_income"), filing)
                        add(("us-gaap", "EarningsPerShareDiluted"), "USD/shares", ys, e, eps(y, 1, q, filed), filing)
                        add(("us-gaap", "ResearchAndDevelopmentExpense"), "USD", ys, e, span(y, 1, q, filed, "rnd"), filing)  # fmt: skip
                    # the cash flow statement: the year to date only
                    add(("us-gaap", "PaymentsForRepurchaseOfCommonStock"), "USD", ys, e, span(y, 1, q, filed, "buyback"), filing)  # fmt: skip
                add(("us-gaap", "Assets"), "USD", None, end, quarters[(fy, q)]["assets"], filing)
                add(("us-gaap", "Assets"), "USD", None, quarters[(fy - 1, 4)]["end"], quarters[(fy - 1, 4)]["assets"], filing)  # fmt: skip
                add(("us-gaap", "CashAndCashEquivalentsAtCarryingValue"), "USD", None, end, quarters[(fy, q)]["cash"], filing)  # fmt: skip
                add(("us-gaap", "CashAndCashEquivalentsAtCarryingValue"), "USD", None, quarters[(fy - 1, 4)]["end"], quarters[(fy - 1, 4)]["cash"], filing)  # fmt: skip
            cover = filed - timedelta(days=rng.randint(3, 12))
            add(("dei", "EntityCommonStockSharesOutstanding"), "shares", None, cover, quarters[(fy, q)]["shares_out"] - rng.randint(0, 90_000), filing)  # fmt: skip
    # frames: the latest filed fact of each calendar-aligned period carries it
    for units in facts.values():
        for rows in units.values():
            by_period: dict[tuple, list] = {}
            for r in rows:
                by_period.setdefault((r.get("start"), r["end"]), []).append(r)
            for (start, end), group in by_period.items():
                frame = _frame(start, end)
                if frame:
                    max(group, key=lambda r: (r["filed"], r["accn"]))["frame"] = frame
            rows.sort(key=lambda r: (r["end"], r.get("start", ""), r["filed"], r["accn"]))
    return facts


def _frame(start: str | None, end: str) -> str | None:
    e = date.fromisoformat(end)
    if start is None:  # an instant: a calendar quarter end within a few days
        ends = [date(y, m, 1) - timedelta(days=1) for y in (e.year, e.year + 1) for m in (1, 4, 7, 10)]
        near = min(ends, key=lambda x: abs((x - e).days))
        return f"CY{near.year}Q{(near.month - 1) // 3 + 1}I" if abs((near - e).days) <= 15 else None
    s = date.fromisoformat(start)
    days = (e - s).days + 1
    mid = s + (e - s) / 2
    if 330 <= days <= 400:
        overlap = {y: (min(e, date(y, 12, 31)) - max(s, date(y, 1, 1))).days for y in (s.year, e.year)}
        return f"CY{max(overlap, key=overlap.get)}"
    if 80 <= days <= 100:
        return f"CY{mid.year}Q{(mid.month - 1) // 3 + 1}"
    return None


def _write_sec(t: Truth, d: Path) -> None:
    doc: dict = {"cik": SEC_CIK, "entityName": SEC_NAME, "facts": {}}
    for taxonomy in ("dei", "us-gaap"):
        doc["facts"][taxonomy] = {}
        for (tax, concept), (label, description) in sorted(CONCEPTS.items()):
            if tax != taxonomy or (tax, concept) not in t.sec["facts"]:
                continue
            doc["facts"][taxonomy][concept] = {"label": label, "description": description,
                                               "units": t.sec["facts"][(tax, concept)]}  # fmt: skip
    (d / SEC_FILE).write_bytes(json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


# =================================================================================================


def truth() -> Truth:
    posts, users = _build_se(_rng("se"))
    return Truth(
        ppd=_build_ppd(_rng("ppd")),
        grid=_build_grid(_rng("grid")),
        posts=posts,
        users=users,
        sec=_build_sec(_rng("sec")),
    )


def write_files(d) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_ppd(t, d)
    _write_grid(t, d)
    _write_se(t, d)
    _write_sec(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python data.py DIR")
    for p in write_files(sys.argv[1]):
        print(p, p.stat().st_size)
