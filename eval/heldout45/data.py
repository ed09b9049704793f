"""The forty-fifth held-out set's data: six files on three topics, each imitating a real export or download.

* `7A3C91E2-5B4D-3F08-9E6A-2D1B8C4F0A77.csv`: a USDA NASS Quick Stats download (the "Spreadsheet" button, a file
  named by a GUID): county and state survey estimates for Iowa, 2020-2023, corn for grain (acres harvested,
  production in bushels, yield in bushels per acre) and soybeans (acres harvested, yield), 21 quoted columns
  (`"Program","Year","Period","Week Ending","Geo Level","State","State ANSI","Ag District","Ag District Code",
  "County","County ANSI",...,"Commodity","Data Item","Domain","Domain Category","Value","CV (%)"`), the value as
  text with thousands separators (`"25,372,000"`), `(D)` where a county is withheld, the withheld counties added
  into an `OTHER (COMBINED) COUNTIES` row of their agricultural district (Geo Level `COUNTY`, no County ANSI), the
  state rows in the same column as the county rows, county names in capitals without the apostrophe (`O BRIEN`),
  the county code as a three-digit text (`"001"`).
* `dm_export_20230101_20231231.csv`: a U.S. Drought Monitor comprehensive statistics download, county level, Iowa,
  every weekly map of 2023 (`MapDate,FIPS,County,State,None,D0,D1,D2,D3,D4,ValidStart,ValidEnd,
  StatisticFormatID`): percent of area, **cumulative** (StatisticFormatID 1: D1 is the area in D1 or worse),
  newest map first, `MapDate` as a `YYYYMMDD` number, the county as `O'Brien County`, the state as `IA`.
* `export-2024-07-02-1517-4719203-9c41e07d5b.zip`: a Zendesk Support full JSON export of a payroll company's help
  desk (a zip of one file, one ticket object a line), tickets created 1 January 2023 to 30 June 2024:
  `created_at`/`updated_at` in UTC (`2024-03-05T14:22:31Z`), `via.channel`, `satisfaction_rating.score`
  (`unoffered`, `offered`, `good`, `bad`), `custom_fields` as a list of `{"id", "value"}`, tags, a null priority
  where none was set; the support team works Monday to Friday, 08:00-18:00 US Central time.
* `ticket_metrics.json`: the same help desk's ticket metrics from the Zendesk API (`{"ticket_metrics": [...],
  "next_page": null, "previous_page": null, "count": N}`): each record its own `id` and the ticket's `ticket_id`,
  times as `{"calendar": m, "business": m}` in minutes (null where the ticket has no reply or is unsolved).
* `Provisional Mortality Statistics, 2018 through Last Week.txt`: a CDC WONDER export (tab-separated, quoted
  text): drug overdose deaths by residence state and month, 2021-2024, with `Show Totals` (a `"Total"` row after
  each state and a grand total), counts under 10 suppressed and their rows hidden (but counted in the totals),
  2024 months labelled `"Jan., 2024 (provisional)"`, population and rate `Not Applicable`, and the dataset's notes,
  query parameters and caveats below the table.
* `NST-EST2024-POP.xlsx`: the Census Bureau's state population estimates workbook (vintage 2024): a title block,
  a two-row header (`Population Estimate (as of July 1)` merged over the years), the United States and the four
  regions above the states, state names with a leading dot (`.Alabama`), Puerto Rico after a blank row, notes
  below.

Every record is built first with the standard library from a fixed seed (one random stream per topic);
the files are then rendered from those records, so the same seed gives the same bytes. `truth()` returns
the clean records the references are computed from.

    python data.py DIR   # writes the six files into DIR
"""

from __future__ import annotations

import functools
import io
import json
import math
import random
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from xml.sax.saxutils import escape

SEED = 45_208_611

NASS_FILE = "7A3C91E2-5B4D-3F08-9E6A-2D1B8C4F0A77.csv"
USDM_FILE = "dm_export_20230101_20231231.csv"
ZD_ZIP = "export-2024-07-02-1517-4719203-9c41e07d5b.zip"
ZD_JSON = "export-2024-07-02-1517-4719203-9c41e07d5b.json"
METRICS_FILE = "ticket_metrics.json"
WONDER_FILE = "Provisional Mortality Statistics, 2018 through Last Week.txt"
CENSUS_FILE = "NST-EST2024-POP.xlsx"
FILES = [NASS_FILE, USDM_FILE, ZD_ZIP, METRICS_FILE, WONDER_FILE, CENSUS_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


def _poisson(rng: random.Random, lam: float) -> int:
    if lam <= 0:
        return 0
    if lam > 40:
        return max(0, round(rng.gauss(lam, math.sqrt(lam))))
    limit, k, p = math.exp(-lam), 0, 1.0
    while True:
        p *= rng.random()
        if p <= limit:
            return k
        k += 1


@dataclass
class Truth:
    counties: list[dict]  # Iowa counties: name, nass name, ansi, fips, district, x, y
    nass: list[dict]  # the Quick Stats rows, in file order (value None where withheld)
    usdm: list[dict]  # the Drought Monitor rows, in file order
    tickets: list[dict]  # Zendesk tickets (the export's objects plus clean times), in file order
    metrics: list[dict]  # Zendesk ticket metrics, in file order
    states: list[dict]  # name, code, abbr, region, pops {year: n}, base
    deaths: list[dict]  # every state-month: state, year, month, deaths (suppressed ones too)


# ==================================================================================================
# Crops and drought: a NASS Quick Stats download (Iowa counties, corn and soybeans, 2020-2023) and the U.S.
# Drought Monitor's county statistics for Iowa, 2023
# ==================================================================================================

# NASS agricultural districts (code, name) and their counties (best recollection of the district lines);
# district (row, column) on a 3 x 3 grid over the state, north-west first
DISTRICTS = [
    ("10", "NORTHWEST", (0, 0), ["Lyon", "Osceola", "Dickinson", "Emmet", "Sioux", "O'Brien", "Clay", "Palo Alto",
                                 "Plymouth", "Cherokee", "Buena Vista", "Pocahontas"]),
    ("20", "NORTH CENTRAL", (0, 1), ["Kossuth", "Winnebago", "Worth", "Mitchell", "Hancock", "Cerro Gordo", "Floyd",
                                     "Humboldt", "Wright", "Franklin", "Butler"]),
    ("30", "NORTHEAST", (0, 2), ["Howard", "Winneshiek", "Allamakee", "Chickasaw", "Fayette", "Clayton", "Bremer",
                                 "Black Hawk", "Buchanan", "Delaware", "Dubuque"]),
    ("40", "WEST CENTRAL", (1, 0), ["Woodbury", "Ida", "Sac", "Calhoun", "Monona", "Crawford", "Carroll", "Greene",
                                    "Harrison", "Shelby", "Audubon", "Guthrie"]),
    ("50", "CENTRAL", (1, 1), ["Webster", "Hamilton", "Hardin", "Grundy", "Boone", "Story", "Marshall", "Tama",
                               "Dallas", "Polk", "Jasper", "Poweshiek"]),
    ("60", "EAST CENTRAL", (1, 2), ["Benton", "Linn", "Jones", "Jackson", "Iowa", "Johnson", "Cedar", "Clinton",
                                    "Scott", "Muscatine"]),
    ("70", "SOUTHWEST", (2, 0), ["Pottawattamie", "Cass", "Adair", "Mills", "Montgomery", "Adams", "Union",
                                 "Fremont", "Page", "Taylor"]),
    ("80", "SOUTH CENTRAL", (2, 1), ["Madison", "Warren", "Marion", "Mahaska", "Clarke", "Lucas", "Monroe",
                                     "Wapello", "Decatur", "Wayne", "Appanoose", "Davis", "Ringgold"]),
    ("90", "SOUTHEAST", (2, 2), ["Keokuk", "Washington", "Louisa", "Jefferson", "Henry", "Des Moines", "Van Buren",
                                 "Lee"]),
]  # fmt: skip
# 2021-like corn yield by district (bu/acre) and the share of cropland (low in the south)
DISTRICT_YIELD = {"10": 206, "20": 203, "30": 204, "40": 201, "50": 208, "60": 209, "70": 191, "80": 172, "90": 192}
DISTRICT_ACRES = {"10": 1.0, "20": 1.0, "30": 0.8, "40": 0.95, "50": 1.0, "60": 0.9, "70": 0.8, "80": 0.5, "90": 0.75}
NASS_YEARS = [2020, 2021, 2022, 2023]
CORN_ITEMS = [
    ("ACRES", "CORN, GRAIN - ACRES HARVESTED"),
    ("PROD", "CORN, GRAIN - PRODUCTION, MEASURED IN BU"),
    ("YIELD", "CORN, GRAIN - YIELD, MEASURED IN BU / ACRE"),
]
SOY_ITEMS = [("ACRES", "SOYBEANS - ACRES HARVESTED"), ("YIELD", "SOYBEANS - YIELD, MEASURED IN BU / ACRE")]
NASS_COLUMNS = ["Program", "Year", "Period", "Week Ending", "Geo Level", "State", "State ANSI", "Ag District",
                "Ag District Code", "County", "County ANSI", "Zip Code", "Region", "watershed_code", "Watershed",
                "Commodity", "Data Item", "Domain", "Domain Category", "Value", "CV (%)"]  # fmt: skip
USDM_FIRST = date(2023, 1, 3)  # the first Tuesday map of 2023; 52 maps
USDM_WEEKS = 52
IA_D1_DATE = date(2023, 9, 26)  # the map asked about
IA_LINN = "Linn"


def _iowa_counties(rng: random.Random) -> list[dict]:
    names = sorted(c for *_x, cs in DISTRICTS for c in cs)
    assert len(names) == 99 and len(set(names)) == 99
    district = {c: (code, dname, cell) for code, dname, cell, cs in DISTRICTS for c in cs}
    out = []
    for i, name in enumerate(names):  # Iowa's county codes run alphabetically: 001, 003, ..., 197
        code, dname, (row, col) = district[name]
        ansi = f"{2 * i + 1:03d}"
        out.append({"name": name, "nass": name.upper().replace("'", " "), "ansi": ansi, "fips": "19" + ansi,
                    "district": code, "district_name": dname, "x": col + rng.uniform(0.08, 0.92),
                    "y": row + rng.uniform(0.08, 0.92), "effect": rng.gauss(0, 6), "drought_bias": rng.gauss(0, 0.18),
                    "corn_acres": rng.uniform(95_000, 235_000) * DISTRICT_ACRES[code],
                    "soy_acres": rng.uniform(70_000, 165_000) * DISTRICT_ACRES[code]})  # fmt: skip
    return out


def _intensity(c: dict, week: int, rng: random.Random) -> float:
    """A county's drought intensity on a map (0 = D0 edge, 1 = D1 ...): the 2022 drought fading in the north-west,
    the 2023 summer drought building in the centre and south-east."""
    nw = 2.7 * max(0.0, 1 - week / 24) * max(0.0, 1 - math.hypot(c["x"] - 0.2, c["y"] - 0.4) / 1.9)
    if week < 14:
        amp = 0.2
    elif week < 35:
        amp = 0.2 + 4.5 * (week - 14) / 21
    else:
        amp = 4.7 - 1.6 * (week - 35) / 16
    summer = amp * math.exp(-((c["x"] - 2.0) ** 2 + (c["y"] - 2.0) ** 2) / 2.2)
    return nw + summer - 0.95 + c["drought_bias"] + rng.gauss(0, 0.06)


def _build_usdm(rng: random.Random, counties: list[dict]) -> list[dict]:
    h = 0.75  # half-width of the spread of intensity inside a county
    rows = []
    for w in range(USDM_WEEKS):
        day = USDM_FIRST + timedelta(days=7 * w)
        for c in counties:
            s = _intensity(c, w, rng)
            cum = [round(100 * min(1.0, max(0.0, (s + h - k) / (2 * h))), 2) for k in range(5)]
            rows.append({"date": day, "fips": c["fips"], "county": c["name"], "none": round(100 - cum[0], 2),
                         "d": cum})  # fmt: skip
    rows.sort(key=lambda r: (-r["date"].toordinal(), r["fips"]))  # newest map first, as the site sorts them
    return rows


def _summer_d2(usdm: list[dict]) -> dict[str, float]:
    """Mean D2-or-worse share over the maps dated June to August, by FIPS."""
    acc: dict[str, list[float]] = {}
    for r in usdm:
        if 6 <= r["date"].month <= 8:
            acc.setdefault(r["fips"], []).append(r["d"][2])
    return {f: sum(v) / len(v) for f, v in acc.items()}


def _build_nass(rng: random.Random, counties: list[dict], usdm: list[dict]) -> list[dict]:
    d2 = _summer_d2(usdm)
    nw_2022 = {c["fips"]: max(0.0, 1 - math.hypot(c["x"] - 0.2, c["y"] - 0.4) / 1.9) for c in counties}
    rows: list[dict] = []
    for year in sorted(NASS_YEARS, reverse=True):
        # counties withheld this year (few operators or one dominant one), by crop
        pool = counties if year != 2023 else [c for c in counties if c["district"] in ("10", "20", "30", "50")]
        withheld = {"CORN": set(c["fips"] for c in rng.sample(pool, 3)),
                    "SOYBEANS": set(c["fips"] for c in rng.sample(counties, 2))}  # fmt: skip
        values: dict[tuple[str, str], dict] = {}
        for c in counties:
            base = DISTRICT_YIELD[c["district"]] + c["effect"]
            if year == 2020:  # the August derecho across central and east-central Iowa
                hit = 24 if c["district"] in ("50", "60") else (8 if c["district"] in ("30", "40") else 0)
                corn = base - 7 - hit + rng.gauss(0, 4)
            elif year == 2021:
                corn = base + 2 + rng.gauss(0, 4)
            elif year == 2022:
                corn = base - 1 - 16 * nw_2022[c["fips"]] + rng.gauss(0, 4)
            else:
                corn = base + 4 - 0.34 * d2[c["fips"]] + rng.gauss(0, 4.5)
            soy = 0.285 * corn + rng.gauss(1.5, 1.6)
            for crop, yld, acres0 in (("CORN", corn, c["corn_acres"]), ("SOYBEANS", soy, c["soy_acres"])):
                acres = round(acres0 * rng.uniform(0.95, 1.05), -2)
                yld = round(yld, 1)
                values[(c["fips"], crop)] = {"ACRES": acres, "YIELD": yld, "PROD": round(acres * yld, -3)}
        state: dict[str, dict] = {}
        for crop, items in (("CORN", CORN_ITEMS), ("SOYBEANS", SOY_ITEMS)):
            ac = sum(values[(c["fips"], crop)]["ACRES"] for c in counties)
            pr = sum(values[(c["fips"], crop)]["PROD"] for c in counties)
            state[crop] = {"ACRES": ac, "PROD": pr, "YIELD": round(pr / ac, 1)}
            for key, item in items:
                rows.append({"year": year, "level": "STATE", "county": None, "crop": crop, "key": key, "item": item,
                             "value": state[crop][key]})  # fmt: skip
        for c in counties:
            for crop, items in (("CORN", CORN_ITEMS), ("SOYBEANS", SOY_ITEMS)):
                v = values[(c["fips"], crop)]
                for key, item in items:
                    rows.append({"year": year, "level": "COUNTY", "county": c, "crop": crop, "key": key, "item": item,
                                 "value": None if c["fips"] in withheld[crop] else v[key], "true": v[key]})  # fmt: skip
        # the withheld counties, combined by district
        for code, dname, _cell, _cs in DISTRICTS:
            for crop, items in (("CORN", CORN_ITEMS), ("SOYBEANS", SOY_ITEMS)):
                members = [c for c in counties if c["district"] == code and c["fips"] in withheld[crop]]
                if not members:
                    continue
                ac = sum(values[(c["fips"], crop)]["ACRES"] for c in members)
                pr = sum(values[(c["fips"], crop)]["PROD"] for c in members)
                comb = {"ACRES": ac, "PROD": pr, "YIELD": round(pr / ac, 1)}
                other = {"name": "OTHER (COMBINED) COUNTIES", "nass": "OTHER (COMBINED) COUNTIES", "ansi": "",
                         "district": code, "district_name": dname}  # fmt: skip
                for key, item in items:
                    rows.append({"year": year, "level": "COUNTY", "county": other, "crop": crop, "key": key,
                                 "item": item, "value": comb[key], "other": True})  # fmt: skip
    return rows


def _nass_value(key: str, v: float | None) -> str:
    if v is None:
        return "(D)"
    if key == "YIELD":
        return f"{v:.1f}"
    return f"{int(v):,}"


def _write_nass(t: Truth, d: Path) -> None:
    def q(x: str) -> str:
        return '"' + x.replace('"', '""') + '"'

    lines = [",".join(q(c) for c in NASS_COLUMNS)]
    for r in t.nass:
        c = r["county"]
        county = c["nass"] if c else ""
        vals = ["SURVEY", str(r["year"]), "YEAR", "", r["level"], "IOWA", "19", c["district_name"] if c else "",
                c["district"] if c else "", county, c["ansi"] if c else "", "", "", "00000000", "", r["crop"],
                r["item"], "TOTAL", "NOT SPECIFIED", _nass_value(r["key"], r["value"]), ""]  # fmt: skip
        lines.append(",".join(q(v) for v in vals))
    (d / NASS_FILE).write_bytes(("\n".join(lines) + "\n").encode("utf-8"))


def _write_usdm(t: Truth, d: Path) -> None:
    lines = ["MapDate,FIPS,County,State,None,D0,D1,D2,D3,D4,ValidStart,ValidEnd,StatisticFormatID"]
    for r in t.usdm:
        day = r["date"]
        vals = [day.strftime("%Y%m%d"), r["fips"], f"{r['county']} County", "IA", f"{r['none']:.2f}",
                *(f"{x:.2f}" for x in r["d"]), day.isoformat(), (day + timedelta(days=6)).isoformat(), "1"]  # fmt: skip
        lines.append(",".join(vals))
    (d / USDM_FILE).write_bytes(("\r\n".join(lines) + "\r\n").encode("utf-8"))


# ==================================================================================================
# Help desk: a Zendesk full JSON export (tickets) and the ticket metrics from the API
# ==================================================================================================

ZD_START, ZD_END = date(2023, 1, 1), date(2024, 6, 30)  # local creation dates
ZD_EXPORT = datetime(2024, 7, 2, 15, 17, 0)  # UTC
ZD_HOST = "https://larkspurpayroll.zendesk.com"
AREA_FIELD, PLAN_FIELD, FORM_ID, BRAND_ID = 360041128731, 360041128751, 360003391812, 360002874431
# product area (custom field value), weight, January-February weight
AREAS = [("payroll_runs", 24, 20), ("tax_filings", 14, 40), ("direct_deposit", 15, 12), ("time_tracking", 10, 7),
         ("benefits", 9, 8), ("integrations", 9, 6), ("billing", 10, 8), ("login_access", 9, 7)]  # fmt: skip
PLANS = [("plan_starter", 45), ("plan_growth", 40), ("plan_enterprise", 15)]
CHANNELS = [("email", 44), ("web", 28), ("native_messaging", 16), ("voice", 7), ("api", 5)]
PRIORITIES = [("low", 14), ("normal", 50), ("high", 20), ("urgent", 8), (None, 8)]
GROUPS = [360011475092, 360011475112, 360011981731]
AGENTS = [381264900111, 381264900231, 381264900352, 381264900473, 381264900594, 381264900615, 381264900736]
SUBJECTS = {
    "payroll_runs": ["Payroll run stuck in processing", "Off-cycle payroll for {n} employees", "Bonus payroll question",
                     "Payroll preview shows wrong hours", "Re: Payroll approval deadline", "Can't submit payroll",
                     "Fwd: payroll didn't run on Friday", "Missing employee in pay run"],
    "tax_filings": ["W-2 correction for {n} employees", "Where is my W2?", "w-2 shows wrong address",
                    "Quarterly 941 filing rejected", "State tax ID missing", "Re: W-2 reprint request",
                    "1099-NEC for contractors", "W-4 changes not applied", "Local tax withholding wrong",
                    "Fwd: notice from the IRS"],
    "direct_deposit": ["Direct deposit didn't arrive for {n} employees", "Bank account verification failed",
                       "Re: deposit delayed", "Change direct deposit account", "Refund of returned deposit"],
    "time_tracking": ["Timesheets not syncing", "Overtime calculated wrong", "PTO balance incorrect",
                      "Re: time clock app crashes"],
    "benefits": ["401(k) deductions missing", "Health insurance deduction doubled", "Open enrollment question",
                 "HSA contribution limit"],
    "integrations": ["QuickBooks sync error", "Xero export failing", "API token expired", "Re: webhook not firing"],
    "billing": ["Refund request", "Charged twice this month", "Invoice shows the wrong plan", "Cancel my subscription",
                "Re: refund for unused seats", "Update card on file"],
    "login_access": ["Can't log in", "2FA code not received", "Locked out of my account", "Add an admin user",
                     "Re: password reset link expired"],
}  # fmt: skip
COMMENTS_GOOD = ["Quick and helpful, thanks!", "Solved my problem", None, None, "Great support", None]
COMMENTS_BAD = ["Took too long", "Still not fixed", None, "Had to explain twice"]
ZD_WEEKEND_NOTE = "America/Chicago"


def _nth_sunday(year: int, month: int, n: int) -> date:
    d = date(year, month, 1)
    d += timedelta(days=(6 - d.weekday()) % 7)
    return d + timedelta(days=7 * (n - 1))


def _central_offset_utc(utc: datetime) -> timedelta:
    """US Central: UTC-5 from the second Sunday of March (08:00 UTC) to the first Sunday of November (07:00 UTC)."""
    start = datetime.combine(_nth_sunday(utc.year, 3, 2), datetime.min.time()) + timedelta(hours=8)
    end = datetime.combine(_nth_sunday(utc.year, 11, 1), datetime.min.time()) + timedelta(hours=7)
    return timedelta(hours=-5) if start <= utc < end else timedelta(hours=-6)


def to_local(utc: datetime) -> datetime:
    return utc + _central_offset_utc(utc)


def to_utc(local: datetime) -> datetime:
    guess = local + timedelta(hours=6)
    return local - _central_offset_utc(guess)


def _is_open(local: datetime) -> bool:
    return local.weekday() < 5 and 8 <= local.hour < 18


def _business_minutes(start_utc: datetime, end_utc: datetime) -> int:
    """Minutes inside Monday-Friday 08:00-18:00 Central between two instants (the local wall clock)."""
    a, b = to_local(start_utc), to_local(end_utc)
    total = 0.0
    day = a.date()
    while day <= b.date():
        if day.weekday() < 5:
            lo = max(a, datetime.combine(day, datetime.min.time()) + timedelta(hours=8))
            hi = min(b, datetime.combine(day, datetime.min.time()) + timedelta(hours=18))
            if hi > lo:
                total += (hi - lo).total_seconds() / 60
        day += timedelta(days=1)
    return int(total)


def _add_business(start_utc: datetime, minutes: float) -> datetime:
    """The instant `minutes` business minutes after start (the clock waits for the next opening)."""
    t = to_local(start_utc)
    left = minutes
    while True:
        day0 = datetime.combine(t.date(), datetime.min.time())
        if t.weekday() >= 5 or t >= day0 + timedelta(hours=18):
            t = day0 + timedelta(days=1, hours=8)
            continue
        if t < day0 + timedelta(hours=8):
            t = day0 + timedelta(hours=8)
        room = (day0 + timedelta(hours=18) - t).total_seconds() / 60
        if left <= room:
            return to_utc(t + timedelta(minutes=left))
        left -= room
        t = day0 + timedelta(days=1, hours=8)


def _pick(rng: random.Random, pairs: list) -> object:
    return rng.choices([p[0] for p in pairs], weights=[p[1] for p in pairs])[0]


def _iso(t: datetime | None) -> str | None:
    return None if t is None else t.strftime("%Y-%m-%dT%H:%M:%SZ")


def _mins(a: datetime, b: datetime) -> int:
    return int((b - a).total_seconds() // 60)


def _build_zendesk(rng: random.Random) -> tuple[list[dict], list[dict]]:
    month_factor = {1: 1.75, 2: 1.4, 3: 1.0, 4: 1.15, 5: 0.9, 6: 0.85, 7: 0.85, 8: 0.9, 9: 0.95, 10: 1.05, 11: 0.9,
                    12: 0.95}  # fmt: skip
    created: list[datetime] = []
    day = ZD_START
    while day <= ZD_END:
        lam = 1.55 * month_factor[day.month] * (1.18 if day.year == 2024 else 1.0) * (0.3 if day.weekday() >= 5 else 1)
        for _ in range(_poisson(rng, lam)):
            r = rng.random()
            if r < 0.72:
                minute = rng.uniform(8 * 60, 18 * 60)
            elif r < 0.94:
                minute = rng.uniform(18 * 60, 23 * 60 + 59)
            else:
                minute = rng.uniform(0, 8 * 60)
            local = datetime.combine(day, datetime.min.time()) + timedelta(minutes=minute)
            created.append(to_utc(local.replace(microsecond=0)))
        day += timedelta(days=1)
    created.sort()
    customers = [(9_100_000_000 + rng.randint(10_000, 99_999_999), 5_000_000_000 + rng.randint(1000, 9999))
                 for _ in range(420)]  # fmt: skip
    tickets, metrics = [], []
    tid, mid = 48_201, 9_214_004_731
    for utc in created:
        tid += 1 + (rng.random() < 0.04)
        mid += rng.randint(1, 40)
        local = to_local(utc)
        jan_feb = local.month in (1, 2)
        area = rng.choices([a[0] for a in AREAS], weights=[a[2] if jan_feb else a[1] for a in AREAS])[0]
        if rng.random() < 0.05:
            area = None
        plan = _pick(rng, PLANS)
        channel = _pick(rng, CHANNELS)
        priority = _pick(rng, PRIORITIES)
        if area == "login_access" and rng.random() < 0.3:
            priority = "urgent"
        if area == "direct_deposit" and rng.random() < 0.25:
            priority = "urgent"
        ttype = rng.choices(["question", "incident", "problem", "task", None], weights=[45, 30, 3, 7, 15])[0]
        requester, org = rng.choice(customers)
        subject = rng.choice(SUBJECTS[area or rng.choice(sorted(SUBJECTS))]).format(n=rng.randint(2, 14))
        merged = rng.random() < 0.045
        # first reply, resolution, reopens (business clock, then calendar)
        speed = {"urgent": 0.35, "high": 0.7, "normal": 1.0, "low": 1.4, None: 1.1}[priority]
        reply = None
        if not merged and not (channel == "api" and rng.random() < 0.45):
            if channel == "native_messaging":
                bm = math.exp(rng.gauss(math.log(6), 0.9))
            elif channel == "voice":
                bm = math.exp(rng.gauss(math.log(3), 0.7))
            else:
                bm = math.exp(rng.gauss(math.log(110 if channel == "email" else 85), 0.85)) * speed
            reply = _add_business(utc, bm)
            if channel in ("native_messaging", "voice") and not _is_open(local):
                reply = utc + timedelta(minutes=rng.uniform(2, 25))  # the after-hours messaging and phone rota
            reply = reply.replace(microsecond=0)
        if merged:
            first_res = _add_business(utc, math.exp(rng.gauss(math.log(35), 0.8))).replace(microsecond=0)
            reopens = 0
            full_res = first_res
        elif reply is not None:
            first_res = _add_business(reply, math.exp(rng.gauss(math.log(420), 1.0)) * speed).replace(microsecond=0)
            reopens = 0 if rng.random() > 0.11 else (1 if rng.random() < 0.85 else 2)
            full_res = first_res
            for _ in range(reopens):
                back = full_res + timedelta(hours=rng.uniform(3, 96))
                full_res = _add_business(back, math.exp(rng.gauss(math.log(300), 0.9))).replace(microsecond=0)
        else:
            first_res = _add_business(utc, math.exp(rng.gauss(math.log(900), 0.9))).replace(microsecond=0)
            reopens = 0
            full_res = first_res
        stuck = rng.random() < 0.012
        if reply is not None and reply > ZD_EXPORT:
            reply = None
        solved = full_res <= ZD_EXPORT and not stuck
        if not solved:
            reopens = 0 if first_res > ZD_EXPORT else reopens
        if solved:
            status = "closed" if full_res <= ZD_EXPORT - timedelta(days=4) else "solved"
        elif reply is None:
            status = "new" if not stuck else "hold"
        else:
            status = "hold" if stuck and rng.random() < 0.5 else rng.choice(["open", "open", "pending"])
        # satisfaction
        sat: dict = {"score": "unoffered"}
        if solved and not merged and rng.random() < 0.74:
            sid = 28_800_000_000 + tid * 7
            if rng.random() < 0.42:
                good = rng.random() < (0.87 if channel != "api" else 0.7)
                sat = {"id": sid, "score": "good" if good else "bad",
                       "comment": rng.choice(COMMENTS_GOOD if good else COMMENTS_BAD)}  # fmt: skip
            else:
                sat = {"id": sid, "score": "offered", "comment": None}
        tags = [t for t in (area, plan) if t]
        if channel == "native_messaging":
            tags.append("messaging")
        if org % 17 == 0:
            tags.append("vip")
        if merged:
            tags.append("closed_by_merge")
        tags.sort()
        replies = 0 if reply is None else 1 + reopens + (rng.random() < 0.4) + (rng.random() < 0.2)
        assignee = None if (status == "new" and not stuck) else rng.choice(AGENTS)
        updated = max(x for x in (utc, reply, full_res if solved else None) if x is not None)
        if status == "closed":
            updated = full_res + timedelta(days=4, minutes=rng.randint(0, 600))
        if updated > ZD_EXPORT:
            updated = ZD_EXPORT - timedelta(minutes=rng.randint(1, 300))
        via_source = {"from": {}, "to": {}, "rel": None}
        if channel == "email":
            via_source = {"from": {"address": f"user{requester % 100000}@example.com", "name": None},
                          "to": {"name": "Larkspur Support", "address": "help@larkspurpayroll.com"}, "rel": None}  # fmt: skip
        elif channel == "web":
            via_source = {"from": {}, "to": {}, "rel": None}
        tickets.append({
            "url": f"{ZD_HOST}/api/v2/tickets/{tid}.json", "id": tid, "external_id": None,
            "via": {"channel": channel, "source": via_source}, "created_at": _iso(utc), "updated_at": _iso(updated),
            "type": ttype, "subject": subject, "raw_subject": subject,
            "description": f"{subject}. Customer on {plan.replace('plan_', '')} plan.",
            "priority": priority, "status": status,
            "recipient": "help@larkspurpayroll.com" if channel == "email" else None,
            "requester_id": requester, "submitter_id": requester, "assignee_id": assignee,
            "organization_id": org, "group_id": None if assignee is None else rng.choice(GROUPS),
            "collaborator_ids": [], "follower_ids": [], "email_cc_ids": [], "forum_topic_id": None,
            "problem_id": None, "has_incidents": False, "is_public": True, "due_at": None, "tags": tags,
            "custom_fields": [{"id": AREA_FIELD, "value": area}, {"id": PLAN_FIELD, "value": plan}],
            "satisfaction_rating": sat, "sharing_agreement_ids": [], "followup_ids": [],
            "ticket_form_id": FORM_ID, "brand_id": BRAND_ID, "allow_channelback": False, "allow_attachments": True,
            "from_messaging_channel": channel == "native_messaging",
            "_utc": utc, "_merged": merged,
        })  # fmt: skip

        def pair(end: datetime | None, start: datetime = utc) -> dict:
            if end is None:
                return {"calendar": None, "business": None}
            return {"calendar": _mins(start, end), "business": _business_minutes(start, end)}

        assigned = None if assignee is None else min(reply or first_res, utc + timedelta(minutes=rng.randint(1, 90)))
        wait_cal = 0 if not solved else max(0, _mins(utc, full_res) - rng.randint(0, max(1, _mins(utc, full_res))))
        metrics.append({
            "url": f"{ZD_HOST}/api/v2/ticket_metrics/{mid}.json", "id": mid, "ticket_id": tid,
            "created_at": _iso(utc), "updated_at": _iso(updated), "group_stations": 1 + (rng.random() < 0.15),
            "assignee_stations": 0 if assignee is None else 1 + (rng.random() < 0.2), "reopens": reopens,
            "replies": replies, "assignee_updated_at": _iso(reply), "requester_updated_at": _iso(utc),
            "status_updated_at": _iso(updated), "initially_assigned_at": _iso(assigned), "assigned_at": _iso(assigned),
            "solved_at": _iso(full_res if solved else None), "latest_comment_added_at": _iso(updated),
            "reply_time_in_minutes": pair(reply),
            "first_resolution_time_in_minutes": pair(first_res if solved or (reopens and first_res <= ZD_EXPORT) else None),
            "full_resolution_time_in_minutes": pair(full_res if solved else None),
            "agent_wait_time_in_minutes": {"calendar": wait_cal, "business": wait_cal // 3},
            "requester_wait_time_in_minutes": pair(full_res if solved else None),
            "on_hold_time_in_minutes": {"calendar": 0, "business": 0},
            "_reply": reply, "_full": full_res if solved else None, "_first": first_res,
        })  # fmt: skip
    return tickets, metrics


def _public(rec: dict) -> dict:
    return {k: v for k, v in rec.items() if not k.startswith("_")}


def _write_zendesk(t: Truth, d: Path) -> None:
    lines = [json.dumps(_public(x), separators=(",", ":")) for x in t.tickets]
    payload = ("\n".join(lines) + "\n").encode("utf-8")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        info = zipfile.ZipInfo(ZD_JSON, date_time=(2024, 7, 2, 15, 17, 40))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, payload)
    (d / ZD_ZIP).write_bytes(buf.getvalue())
    doc = {"ticket_metrics": [_public(m) for m in t.metrics], "next_page": None, "previous_page": None,
           "count": len(t.metrics)}  # fmt: skip
    (d / METRICS_FILE).write_bytes(json.dumps(doc, separators=(",", ":")).encode("utf-8"))


# ==================================================================================================
# Overdose deaths: a CDC WONDER export (provisional mortality, by residence state and month, 2021-2024) and the
# Census Bureau's state population estimates workbook
# ==================================================================================================

# name, FIPS code, postal code, region, July 2023 population (thousands, approximate), annual growth (%),
# 2022 overdose death rate per 100,000 (approximate)
STATES = [
    ("Alabama", "01", "AL", "South", 5108, 0.5, 31), ("Alaska", "02", "AK", "West", 733, 0.1, 36),
    ("Arizona", "04", "AZ", "West", 7431, 1.2, 40), ("Arkansas", "05", "AR", "South", 3068, 0.6, 22),
    ("California", "06", "CA", "West", 38965, -0.1, 28), ("Colorado", "08", "CO", "West", 5878, 0.6, 33),
    ("Connecticut", "09", "CT", "Northeast", 3617, 0.2, 40), ("Delaware", "10", "DE", "South", 1031, 1.1, 55),
    ("District of Columbia", "11", "DC", "South", 679, 0.4, 64), ("Florida", "12", "FL", "South", 22610, 1.8, 37),
    ("Georgia", "13", "GA", "South", 11029, 1.0, 24), ("Hawaii", "15", "HI", "West", 1435, -0.2, 21),
    ("Idaho", "16", "ID", "West", 1965, 1.6, 20), ("Illinois", "17", "IL", "Midwest", 12550, -0.3, 31),
    ("Indiana", "18", "IN", "Midwest", 6862, 0.5, 40), ("Iowa", "19", "IA", "Midwest", 3207, 0.3, 14),
    ("Kansas", "20", "KS", "Midwest", 2940, 0.2, 20), ("Kentucky", "21", "KY", "South", 4526, 0.4, 53),
    ("Louisiana", "22", "LA", "South", 4573, -0.3, 51), ("Maine", "23", "ME", "Northeast", 1395, 0.6, 53),
    ("Maryland", "24", "MD", "South", 6180, 0.2, 42), ("Massachusetts", "25", "MA", "Northeast", 7001, 0.2, 37),
    ("Michigan", "26", "MI", "Midwest", 10037, 0.1, 33), ("Minnesota", "27", "MN", "Midwest", 5738, 0.3, 22),
    ("Mississippi", "28", "MS", "South", 2940, -0.2, 32), ("Missouri", "29", "MO", "Midwest", 6196, 0.3, 36),
    ("Montana", "30", "MT", "West", 1133, 1.2, 19), ("Nebraska", "31", "NE", "Midwest", 1978, 0.5, 11),
    ("Nevada", "32", "NV", "West", 3194, 1.2, 33), ("New Hampshire", "33", "NH", "Northeast", 1402, 0.5, 31),
    ("New Jersey", "34", "NJ", "Northeast", 9291, 0.4, 35), ("New Mexico", "35", "NM", "West", 2114, 0.1, 50),
    ("New York", "36", "NY", "Northeast", 19571, -0.5, 30), ("North Carolina", "37", "NC", "South", 10835, 1.3, 42),
    ("North Dakota", "38", "ND", "Midwest", 784, 0.7, 15), ("Ohio", "39", "OH", "Midwest", 11785, 0.1, 47),
    ("Oklahoma", "40", "OK", "South", 4054, 0.7, 27), ("Oregon", "41", "OR", "West", 4233, -0.1, 31),
    ("Pennsylvania", "42", "PA", "Northeast", 12962, 0.0, 40), ("Rhode Island", "44", "RI", "Northeast", 1096, 0.2, 40),
    ("South Carolina", "45", "SC", "South", 5374, 1.6, 44), ("South Dakota", "46", "SD", "Midwest", 919, 0.9, 13),
    ("Tennessee", "47", "TN", "South", 7126, 1.1, 56), ("Texas", "48", "TX", "South", 30503, 1.6, 19),
    ("Utah", "49", "UT", "West", 3418, 1.4, 22), ("Vermont", "50", "VT", "Northeast", 647, 0.1, 37),
    ("Virginia", "51", "VA", "South", 8715, 0.4, 30), ("Washington", "53", "WA", "West", 7812, 0.8, 35),
    ("West Virginia", "54", "WV", "South", 1770, -0.3, 80), ("Wisconsin", "55", "WI", "Midwest", 5911, 0.2, 31),
    ("Wyoming", "56", "WY", "West", 584, 0.4, 19),
]  # fmt: skip
PUERTO_RICO = {2020: 3281, 2021: 3262, 2022: 3220, 2023: 3205, 2024: 3203}  # thousands
OD_YEARS = [2021, 2022, 2023, 2024]
YEAR_FACTOR = {2021: 0.96, 2022: 1.0, 2023: 1.02, 2024: 0.74}
MONTH_ABBR = ["Jan.", "Feb.", "Mar.", "Apr.", "May", "Jun.", "Jul.", "Aug.", "Sep.", "Oct.", "Nov.", "Dec."]
OD_FL = ("Florida", 2023, 3)
OD_SMALL = "Wyoming"  # the total asked about
OD_SUPPRESSED = "South Dakota"  # the months without a row counted
OD_POP_STATE = "Texas"
OD_TOP_MONTH = (2024, 1)  # the month whose top state is asked


def _build_states(rng: random.Random) -> list[dict]:
    out = []
    for name, code, abbr, region, pop23, growth, rate in STATES:
        g = growth / 100 + rng.gauss(0, 0.002)
        pops = {y: round(pop23 * 1000 * (1 + g) ** (y - 2023) * rng.uniform(0.9995, 1.0005)) for y in range(2020, 2025)}
        base = round(pops[2020] * rng.uniform(0.9985, 1.0012))
        out.append({"name": name, "code": code, "abbr": abbr, "region": region, "pops": pops, "base": base,
                    "rate": rate * rng.uniform(0.94, 1.06)})  # fmt: skip
    return out


def _build_deaths(rng: random.Random, states: list[dict]) -> list[dict]:
    season = [1.02, 0.95, 1.03, 1.0, 1.04, 1.0, 1.02, 1.01, 0.97, 1.0, 0.96, 1.0]
    out = []
    for s in states:
        trend = {y: YEAR_FACTOR[y] * rng.uniform(0.93, 1.07) for y in OD_YEARS}
        for y in OD_YEARS:
            for m in range(1, 13):
                drift = 1 + (0.12 if y == 2024 else 0.03) * (6.5 - m) / 6  # the 2024 fall is steady through the year
                lam = s["rate"] / 1e5 * s["pops"][y] / 12 * trend[y] * season[m - 1] * drift * rng.uniform(0.93, 1.07)
                out.append({"state": s["name"], "code": s["code"], "year": y, "month": m, "deaths": _poisson(rng, lam)})
    return out


def _month_label(y: int, m: int) -> str:
    return f"{MONTH_ABBR[m - 1]}, {y}" + (" (provisional)" if y == 2024 else "")


WONDER_FOOTER = [
    "---",
    "Dataset: Provisional Mortality Statistics, 2018 through Last Week",
    "Query Parameters:",
    "Year/Month: 2021; 2022; 2023; 2024",
    "UCD - Drug/Alcohol Induced Cause: Drug poisonings (overdose) Unintentional (X40-X44); Drug poisonings "
    "(overdose) Suicide (X60-X64); Drug poisonings (overdose) Homicide (X85); Drug poisonings (overdose) "
    "Undetermined (Y10-Y14)",
    "Group By: Residence State; Month",
    "Show Totals: True",
    "Show Zero Values: False",
    "Show Suppressed: False",
    "Calculate Rates Per: 100,000",
    "Rate Options: Default intercensal populations for years 2001-2009 (except Infant Age Groups)",
    "---",
    "Help: See http://wonder.cdc.gov/wonder/help/mcd-provisional.html for more information.",
    "---",
    "Query Date: Mar 4, 2025 9:12:37 AM",
    "---",
    "Suggested Citation: Centers for Disease Control and Prevention, National Center for Health Statistics. National "
    "Vital Statistics",
    "System, Provisional Mortality on CDC WONDER Online Database. Data are from the final Multiple Cause of Death "
    "Files, 2018-2023,",
    "and from provisional data for years 2024-2025, as compiled from data provided by the 57 vital statistics "
    "jurisdictions through",
    "the Vital Statistics Cooperative Program. Accessed at http://wonder.cdc.gov/mcd-icd10-provisional.html on Mar 4, "
    "2025 9:12:37 AM",
    "---",
    "Messages:",
    "1. Rows with suppressed Deaths are hidden, but the Deaths and Population values in those rows are included in "
    "the totals. Use",
    "Quick Options above to show suppressed rows.",
    "---",
    "Caveats:",
    "1. Population and rates are labeled 'Not Applicable' when location of Death's Occurrence, Autopsy, Place of "
    "Death, Weekday or",
    "Month are grouped by or limited, due to lack of a valid population.",
    "2. Data are Suppressed when the data meet the criteria for confidentiality constraints: death counts of 1-9.",
    "3. Provisional data for 2024 and later are incomplete and may change as death records are completed.",
    "4. Deaths occurring through February 22, 2025 as of March 2, 2025.",
]


def _write_wonder(t: Truth, d: Path) -> None:
    def q(x: str) -> str:
        return '"' + x.replace('"', '""') + '"'

    na = "Not Applicable"
    lines = ["\t".join([q("Notes"), q("Residence State"), q("Residence State Code"), q("Month"), q("Month Code"),
                        "Deaths", "Population", "Crude Rate"])]  # fmt: skip
    grand = 0
    for s in t.states:
        rows = [r for r in t.deaths if r["state"] == s["name"]]
        for r in rows:
            if r["deaths"] >= 10:
                lines.append("\t".join(["", q(s["name"]), q(s["code"]), q(_month_label(r["year"], r["month"])),
                                        q(f"{r['year']}/{r['month']:02d}"), str(r["deaths"]), na, na]))  # fmt: skip
        total = sum(r["deaths"] for r in rows)
        grand += total
        lines.append("\t".join([q("Total"), q(s["name"]), q(s["code"]), "", "", str(total), na, na]))
    lines.append("\t".join([q("Total"), "", "", "", "", str(grand), na, na]))
    for f in WONDER_FOOTER:
        lines.append(f if f.endswith(":") and " " not in f else q(f))
    (d / WONDER_FILE).write_bytes(("\r\n".join(lines) + "\r\n").encode("utf-8"))


CENSUS_TITLE = (
    "Annual Estimates of the Resident Population for the United States, Regions, States, District of Columbia, "
    "and Puerto Rico: April 1, 2020 to July 1, 2024 (NST-EST2024-POP)"
)
CENSUS_NOTES = [
    "Note: The estimates are developed from a base that integrates the 2020 Census, Vintage 2020 estimates, and 2020 "
    "Demographic Analysis estimates. For population estimates methodology statements, see "
    "http://www.census.gov/programs-surveys/popest/technical-documentation/methodology.html. The estimates feature "
    "geographic boundaries as of January 1, 2024.",
    "Suggested Citation:",
    CENSUS_TITLE,
    "Source: U.S. Census Bureau, Population Division",
    "Release Date: December 2024",
]
REGIONS = ["Northeast", "Midwest", "South", "West"]


def census_rows(t: Truth) -> list[list]:
    """The workbook's cells, row by row (None for an empty cell)."""
    years = list(range(2020, 2025))
    rows: list[list] = [
        ["table with row headers in column A and column headers in rows 3 through 4 (leading dots indicate "
         "sub-parts)", None, None, None, None, None, None],
        [CENSUS_TITLE, None, None, None, None, None, None],
        ["Geographic Area", "April 1, 2020 Estimates Base", "Population Estimate (as of July 1)", None, None, None, None],
        [None, None, *years],
    ]  # fmt: skip

    def agg(states: list[dict]) -> list:
        return [sum(s["base"] for s in states), *(sum(s["pops"][y] for s in states) for y in years)]

    rows.append(["United States", *agg(t.states)])
    for reg in REGIONS:
        rows.append([reg, *agg([s for s in t.states if s["region"] == reg])])
    for s in t.states:
        rows.append(["." + s["name"], s["base"], *(s["pops"][y] for y in years)])
    rows.append([None] * 7)
    rows.append(["Puerto Rico", 3_285_874, *(PUERTO_RICO[y] * 1000 + 317 * (y - 2019) for y in years)])
    for note in CENSUS_NOTES:
        rows.append([note, None, None, None, None, None, None])
    return rows


def _col(i: int) -> str:
    return "ABCDEFGHIJ"[i]


def _xlsx(rows: list[list], sheet: str, merges: list[str], widths: list[float]) -> bytes:
    """A minimal workbook written with the standard library: inline strings, numbers with a #,##0 format."""
    xml_rows = []
    for r, row in enumerate(rows, start=1):
        cells = []
        for c, v in enumerate(row):
            ref = f"{_col(c)}{r}"
            if v is None:
                continue
            if isinstance(v, str):
                cells.append(f'<c r="{ref}" t="inlineStr" s="{2 if r <= 4 else 0}"><is><t>{escape(v)}</t></is></c>')
            else:
                cells.append(f'<c r="{ref}" s="{3 if r == 4 else 1}"><v>{v}</v></c>')
        xml_rows.append(f'<row r="{r}">{"".join(cells)}</row>')
    cols = "".join(f'<col min="{i + 1}" max="{i + 1}" width="{w}" customWidth="1"/>' for i, w in enumerate(widths))
    merge = "".join(f'<mergeCell ref="{m}"/>' for m in merges)
    sheet_xml = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        f'<dimension ref="A1:{_col(len(rows[0]) - 1)}{len(rows)}"/><cols>{cols}</cols>'
        f"<sheetData>{''.join(xml_rows)}</sheetData>"
        f'<mergeCells count="{len(merges)}">{merge}</mergeCells></worksheet>'
    )
    parts = {
        "[Content_Types].xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
            '<Override PartName="/xl/styles.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
            '<Override PartName="/docProps/core.xml" '
            'ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>'
        ),
        "_rels/.rels": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" '
            'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
            'Target="xl/workbook.xml"/>'
            '<Relationship Id="rId2" '
            'Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" '
            'Target="docProps/core.xml"/></Relationships>'
        ),
        "docProps/core.xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
            'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
            'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
            f"<dc:title>{escape(CENSUS_TITLE)}</dc:title><dc:creator>U.S. Census Bureau</dc:creator>"
            '<dcterms:created xsi:type="dcterms:W3CDTF">2024-12-05T15:00:00Z</dcterms:created>'
            "</cp:coreProperties>"
        ),
        "xl/workbook.xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
            'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
            f'<sheets><sheet name="{escape(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>'
        ),
        "xl/_rels/workbook.xml.rels": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" '
            'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" '
            'Target="worksheets/sheet1.xml"/>'
            '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" '
            'Target="styles.xml"/></Relationships>'
        ),
        "xl/styles.xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>'
            '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
            '<fills count="2"><fill><patternFill patternType="none"/></fill>'
            '<fill><patternFill patternType="gray125"/></fill></fills>'
            '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
            '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
            '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
            '<xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
            '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>'
            '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>'
            '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
        ),
        "xl/worksheets/sheet1.xml": sheet_xml,
    }
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in parts.items():
            info = zipfile.ZipInfo(name, date_time=(2024, 12, 5, 15, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text.encode("utf-8"))
    return buf.getvalue()


def _write_census(t: Truth, d: Path) -> None:
    data = _xlsx(census_rows(t), "NST-EST2024-POP", ["C3:G3"], [40, 18, 14, 14, 14, 14, 14])
    (d / CENSUS_FILE).write_bytes(data)


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    crop_rng = _rng("crops")
    counties = _iowa_counties(crop_rng)
    usdm = _build_usdm(crop_rng, counties)
    nass = _build_nass(crop_rng, counties, usdm)
    tickets, metrics = _build_zendesk(_rng("helpdesk"))
    od_rng = _rng("overdose")
    states = _build_states(od_rng)
    deaths = _build_deaths(od_rng, states)
    return Truth(counties=counties, nass=nass, usdm=usdm, tickets=tickets, metrics=metrics, states=states,
                 deaths=deaths)  # fmt: skip


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_nass(t, d)
    _write_usdm(t, d)
    _write_zendesk(t, d)
    _write_wonder(t, d)
    _write_census(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout45-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
