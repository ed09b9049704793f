"""The twentieth held-out set's data: clean records built from a fixed seed, rendered the way real
public data exports look.

Four topics, each modelled on a real kind of export:

* census   -- the US Census Bureau's data API answering an ACS 5-year query for every census tract
              of Arizona (`acs5_2023_arizona_tracts.json`): a JSON array of arrays whose first row
              is the header, every value a string, state / county / tract as separate zero-padded
              codes, NAME as `Census Tract 101.01; Maricopa County; Arizona`, and the ACS's negative
              annotation values in place of estimates that could not be computed (`-666666666`) or
              margins of error (`-222222222`, `-333333333`), top- and bottom-coded medians
              (`250001`, `2000001`, `9999`, `3501`); and the Census Gazetteer tract file for the
              state (`2023_Gaz_tracts_04.txt`): tab-separated, an 11-digit GEOID that starts with
              the state's leading zero, land and water areas in square metres and square miles,
              the last column name padded with a run of spaces;
* browser  -- Google Chrome's `History` file (an SQLite database copied out of the profile folder):
              times as microseconds since 1601-01-01 UTC (the WebKit epoch), the transition as an
              integer whose low byte is the core type and whose high bits are qualifiers, visit
              durations in microseconds, redirect chains (`youtu.be`, `t.co`, http to https) as extra
              visits, visits synced from the owner's phone mixed in (marked only in `visit_source`
              and `originator_cache_guid`), search terms in `keyword_search_terms` as typed and
              lower-cased, downloads with their state code and byte counts;
* films    -- the IMDb non-commercial datasets (`title.basics.tsv.gz`, `title.ratings.tsv.gz`):
              gzipped tab-separated text with no quoting (a title may start with a `"`), `\\N` for
              no value, years and runtimes as text, genres joined with commas, every title type
              (episodes, shorts, videos, series ...) in one table, the ratings in a second file
              that covers only some of the titles;
* names    -- the Office for National Statistics' baby names workbook for England and Wales
              (`babynames2014to2023.xlsx`): a cover sheet, contents and notes before the data, boys
              and girls on separate sheets, a title block above the header, each year a pair of
              Rank / Count columns (newest first, one header with a note marker), `[x]` where a
              name was given to fewer than 3 babies that year, names in alphabetical order.

`truth()` builds the clean records with the standard library only (one random stream per topic);
every random choice is made there, so rendering is deterministic and the same seed gives the same
bytes (the gzip headers carry no time, the workbook's zip entries and properties a fixed one, the
SQLite file is built from scratch). `write_files(dir)` renders the files. `python data.py DIR`
writes them.
"""

from __future__ import annotations

import gzip
import io
import json
import math
import random
import re
import sqlite3
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path
from urllib.parse import quote_plus
from zoneinfo import ZoneInfo

SEED = 20_240_817
UTC = timezone.utc

ACS_FILE = "acs5_2023_arizona_tracts.json"
GAZ_FILE = "2023_Gaz_tracts_04.txt"
HISTORY_FILE = "History"
BASICS_FILE = "title.basics.tsv.gz"
RATINGS_FILE = "title.ratings.tsv.gz"
NAMES_FILE = "babynames2014to2023.xlsx"
FILES = [ACS_FILE, GAZ_FILE, HISTORY_FILE, BASICS_FILE, RATINGS_FILE, NAMES_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}:{topic}")


@dataclass
class Truth:
    tracts: list[dict]  # one per census tract: codes, name, estimates (None where the ACS has none), areas
    browser: dict  # urls, visits (aware UTC datetimes, synced flag), searches, downloads
    titles: list[dict]  # IMDb titles (None for \N), with rating and votes where rated
    names: dict  # {"boys": [...], "girls": [...]}: name and its true count per year


def _pick(rng: random.Random, weights: dict):
    keys = list(weights)
    return rng.choices(keys, weights=[weights[k] for k in keys])[0]


# ================================================================================================
# census: ACS 5-year 2019-2023 tract estimates from the Census data API, and the Gazetteer file
# ================================================================================================

STATE = "04"
# code, county, population, land km², median household income, median home value, work-from-home share, lat, lon
COUNTIES = [
    ("001", "Apache", 66_000, 29_000, 36_000, 110_000, 0.05, 35.40, -109.49),
    ("003", "Cochise", 126_000, 16_085, 57_000, 185_000, 0.08, 31.88, -109.75),
    ("005", "Coconino", 145_000, 48_220, 68_000, 390_000, 0.11, 35.83, -111.77),
    ("007", "Gila", 54_000, 12_330, 50_000, 215_000, 0.07, 33.80, -110.81),
    ("009", "Graham", 39_000, 11_970, 60_000, 190_000, 0.05, 32.93, -109.88),
    ("011", "Greenlee", 9_500, 4_770, 66_000, 140_000, 0.04, 33.22, -109.24),
    ("012", "La Paz", 16_500, 11_650, 42_000, 120_000, 0.05, 33.73, -113.98),
    ("013", "Maricopa", 4_490_000, 23_830, 82_000, 420_000, 0.15, 33.35, -112.49),
    ("015", "Mohave", 220_000, 34_480, 53_000, 265_000, 0.07, 35.70, -113.75),
    ("017", "Navajo", 108_000, 25_770, 48_000, 170_000, 0.06, 35.40, -110.32),
    ("019", "Pima", 1_050_000, 23_790, 67_000, 300_000, 0.17, 32.10, -111.79),
    ("021", "Pinal", 440_000, 13_900, 74_000, 310_000, 0.12, 32.90, -111.34),
    ("023", "Santa Cruz", 48_000, 3_200, 50_000, 200_000, 0.06, 31.53, -110.85),
    ("025", "Yavapai", 245_000, 21_040, 64_000, 400_000, 0.12, 34.60, -112.55),
    ("027", "Yuma", 207_000, 14_280, 55_000, 200_000, 0.05, 32.77, -113.91),
]  # fmt: skip
COUNTY_NAME = {c[0]: c[1] for c in COUNTIES}
TRACT_START = {"001": 9400, "017": 9401, "013": 101, "005": 1, "012": 201}  # others start at 1
ACS_VARS = [
    "B01003_001E",  # total population
    "B19013_001E",  # median household income (dollars)
    "B19013_001M",  # its margin of error
    "B25077_001E",  # median value of owner-occupied housing units (dollars)
    "B25064_001E",  # median gross rent (dollars)
    "B25003_001E",  # occupied housing units
    "B25003_002E",  # owner occupied
    "B25003_003E",  # renter occupied
    "B08301_001E",  # workers 16 years and over
    "B08301_021E",  # worked from home
]
NO_ESTIMATE = -666666666  # the estimate could not be computed (too few sample observations)
NO_MOE = -222222222  # no margin of error: the estimate could not be computed
TOPCODED_MOE = -333333333  # no margin of error: the median falls in the open-ended top interval
INCOME_TOP, HOME_TOP, HOME_BOTTOM, RENT_TOP = 250_001, 2_000_001, 9_999, 3_501
SQM_PER_SQMI = 2_589_988.110336


def _build_tracts(rng: random.Random) -> list[dict]:
    tracts: list[dict] = []
    for code, county, pop_total, land_km2, inc0, home0, wfh0, lat0, lon0 in COUNTIES:
        n = max(3, round(pop_total / 4050))
        n_special = 0 if n < 20 else 1 if n < 100 else 2 if n < 300 else 6
        numbers: list[tuple[int, int]] = []
        base = TRACT_START.get(code, 1)
        while len(numbers) < n:
            parts = _pick(rng, {1: 0.65, 2: 0.28, 3: 0.07})
            if parts == 1:
                numbers.append((base, 0))
            else:
                numbers.extend((base, s) for s in range(1, parts + 1))
            base += rng.choice([1, 1, 1, 2, 3, 5])
        numbers = numbers[:n]
        if numbers[-1][1] == 1:  # a split tract cut after its first part: make it whole
            numbers[-1] = (numbers[-1][0], 0)
        numbers += [(9800 + j * 2 + 1, 0) for j in range(n_special)]  # special land use: parks, airports, bases
        weights = []
        rows = []
        for num, suffix in numbers:
            special = num >= 9800
            if special:
                pop = rng.choice([0, 0, rng.randint(1, 45)])
                w = math.exp(rng.gauss(0.5, 1.0))
            else:
                pop = min(12_000, max(700, round(4050 * math.exp(rng.gauss(0, 0.33)))))
                w = math.exp(rng.gauss(0, 1.5))
            weights.append(w)
            hh = round(pop / rng.uniform(2.3, 3.3)) if pop else 0
            share = rng.betavariate(5, 2.6) if rng.random() > 0.13 else rng.betavariate(1.5, 4.5)
            owners = round(hh * share)
            renters = hh - owners
            wealthy = code == "013" and not special and rng.random() < 0.012  # Paradise Valley, north Scottsdale
            income = None
            moe = None
            if hh >= 40:
                income = max(8_000, round(inc0 * (2.6 if wealthy else 1) * math.exp(rng.gauss(0, 0.38))))
                if income > 250_000:
                    income = INCOME_TOP
                    moe = TOPCODED_MOE
                else:
                    moe = round(income * rng.uniform(0.07, 0.45))
            home = None
            if owners >= 25 and rng.random() > 0.03:
                home = round(home0 * (5 if wealthy else 1) * math.exp(rng.gauss(0, 0.45)) / 100) * 100
                home = HOME_TOP if home > 2_000_000 else HOME_BOTTOM if home < 10_000 else home
            rent = None
            if renters >= 25:
                rent = round((600 + (home or home0) / 420) * math.exp(rng.gauss(0, 0.22)))
                rent = RENT_TOP if rent > 3_500 else rent
            workers = round(pop * rng.uniform(0.36, 0.52))
            wfh = min(workers, round(workers * wfh0 * math.exp(rng.gauss(0, 0.4))))
            label = f"{num}" if suffix == 0 else f"{num}.{suffix:02d}"
            rows.append(
                {
                    "county": code, "county_name": county, "tract": f"{num:04d}{suffix:02d}", "label": label,
                    "geoid": f"{STATE}{code}{num:04d}{suffix:02d}", "special": special, "pop": pop, "hh": hh,
                    "owners": owners, "renters": renters, "income": income, "income_moe": moe, "home": home,
                    "rent": rent, "workers": workers, "wfh": wfh,
                    "lat": round(lat0 + rng.gauss(0, 0.25), 6), "lon": round(lon0 + rng.gauss(0, 0.3), 6),
                }
            )  # fmt: skip
        total = sum(weights)
        for row, w in zip(rows, weights):
            row["aland"] = max(600_000 + round(rng.random() * 400_000), round(land_km2 * 1e6 * w / total))
            row["awater"] = 0 if rng.random() < 0.5 else round(math.exp(rng.gauss(10.5, 1.8)))
        if code in ("005", "007", "012", "015", "027"):  # Lake Powell, Roosevelt Lake, Lake Havasu, Lake Mead ...
            for row in rng.sample(rows, 2):
                row["awater"] = rng.randint(20_000_000, 250_000_000)
        tracts.extend(rows)
    return tracts


def _acs_cell(v, kind: str = "est") -> str:
    if v is None:
        return str(NO_MOE if kind == "moe" else NO_ESTIMATE)
    return str(v)


def _write_acs(t: Truth, d: Path) -> None:
    header = ["NAME", *ACS_VARS, "state", "county", "tract"]
    lines = [json.dumps(header, separators=(",", ":"))]
    for r in t.tracts:
        row = [
            f"Census Tract {r['label']}; {r['county_name']} County; Arizona",
            _acs_cell(r["pop"]), _acs_cell(r["income"]), _acs_cell(r["income_moe"], "moe"), _acs_cell(r["home"]),
            _acs_cell(r["rent"]), _acs_cell(r["hh"]), _acs_cell(r["owners"]), _acs_cell(r["renters"]),
            _acs_cell(r["workers"]), _acs_cell(r["wfh"]), STATE, r["county"], r["tract"],
        ]  # fmt: skip
        lines.append(json.dumps(row, separators=(",", ":")))
    (d / ACS_FILE).write_text("[" + ",\n".join(lines) + "]", encoding="utf-8")


def _write_gaz(t: Truth, d: Path) -> None:
    cols = ["USPS", "GEOID", "ALAND", "AWATER", "ALAND_SQMI", "AWATER_SQMI", "INTPTLAT", "INTPTLONG"]
    out = ["\t".join(cols) + " " * 107]
    for r in sorted(t.tracts, key=lambda r: r["geoid"]):
        lon = f"{r['lon']:.6f}"
        out.append(
            "\t".join(
                [
                    "AZ", r["geoid"], str(r["aland"]), str(r["awater"]), f"{r['aland'] / SQM_PER_SQMI:.3f}",
                    f"{r['awater'] / SQM_PER_SQMI:.3f}", f"{r['lat']:.6f}", lon + " " * (20 - len(lon)),
                ]
            )
        )  # fmt: skip
    (d / GAZ_FILE).write_text("\n".join(out) + "\n", encoding="utf-8")


# ================================================================================================
# browser: a Chrome History database (Sydney, 12 Aug - 9 Nov 2024), with visits synced from a phone
# ================================================================================================

HOME_TZ = ZoneInfo("Australia/Sydney")
HIST_DAYS = (date(2024, 8, 12), date(2024, 11, 9))
AWAY = (date(2024, 9, 20), date(2024, 9, 24))  # a trip: the laptop stays at home, the phone browses
BINGE_DAY = date(2024, 10, 19)  # a long Saturday-morning reading session, then out for the day
WEBKIT_EPOCH = datetime(1601, 1, 1, tzinfo=UTC)
LINK, TYPED, AUTO_BOOKMARK, GENERATED, FORM_SUBMIT, RELOAD = 0, 1, 2, 5, 7, 8
FORWARD_BACK, FROM_ADDRESS_BAR = 0x01000000, 0x02000000
CHAIN_START, CHAIN_END, CLIENT_REDIRECT, SERVER_REDIRECT = 0x10000000, 0x20000000, 0x40000000, 0x80000000
PHONE_GUID = "kR3vWq9sT0aZp1XbYc8uLg=="
SOURCE_SYNCED = 0
SEARCH_TERMS = {  # term as typed -> weight; the weather search is typed in three ways
    "Weather Sydney": 1.1, "weather sydney": 1.0, "Weather sydney": 0.7, "pandas merge": 1.35,
    "pandas groupby": 0.55, "python f string format": 0.35, "git rebase interactive": 0.3, "bom radar": 0.5,
    "opal card top up": 0.25, "sydney swans score": 0.4, "afl ladder": 0.3, "nrl results": 0.2,
    "flights to melbourne": 0.3, "melbourne weather": 0.25, "coffee near me": 0.3, "thai food newtown": 0.2,
    "pho marrickville": 0.15, "sqlite datetime": 0.3, "regex lookahead": 0.2, "numpy where": 0.3,
    "matplotlib twin axis": 0.2, "docker compose volumes": 0.25, "vscode shortcuts": 0.15,
    "how long to boil an egg": 0.1, "daylight saving nsw 2024": 0.3, "public holidays nsw": 0.15,
    "labour day 2024": 0.15, "rent assistance": 0.1, "tax return deadline": 0.2, "mygov login": 0.25,
    "medicare claim": 0.1, "kmart": 0.15, "bunnings opening hours": 0.15, "jb hifi headphones": 0.2,
    "sony wh-1000xm5": 0.2, "best running shoes 2024": 0.15, "city2surf results": 0.1, "parkrun": 0.15,
    "sourdough starter": 0.1, "banana bread recipe": 0.1, "typescript generics": 0.2, "rust borrow checker": 0.15,
    "postgres jsonb": 0.2, "pytest fixtures": 0.2, "asyncio gather": 0.15, "k8s ingress": 0.1, "Jacaranda season": 0.15,
}  # fmt: skip
WORK_SITES = {"search": 3, "stackoverflow": 3, "github": 3, "pydocs": 2, "pandas_docs": 2, "gmail": 1, "wiki": 1}
LEISURE_SITES = {"youtube": 5, "reddit": 3, "news_abc": 2, "news_smh": 1.5, "netflix": 0.8, "search": 1.5, "wiki": 1.5,
                 "music": 0.6}  # fmt: skip
ERRAND_SITES = {"gmail": 3, "bank": 1.2, "transport": 1, "bom": 2.5, "amazon": 1, "search": 1.5, "news_abc": 0.8}
PHONE_SITES = {"m_youtube": 3, "reddit": 3, "news_abc": 2.5, "bom": 1.2, "phone_search": 2, "transport": 1}
SUBREDDITS = ["sydney", "AFL", "Python", "australia", "AskReddit", "running", "Coffee", "dataisbeautiful"]
WIKI = [
    "Sydney_Harbour_Bridge", "Daylight_saving_time", "Pandas_(software)", "SQLite", "Jacaranda_mimosifolia",
    "Australian_Football_League", "Blue_Mountains_(New_South_Wales)", "WebKit", "Unix_time", "Opal_card",
    "Bondi_Beach", "Platypus", "Great_Barrier_Reef", "Python_(programming_language)", "Git", "Sourdough",
    "Coordinated_Universal_Time", "Tasmania", "Snowy_Mountains", "Kookaburra", "Federation_Drought", "Wollemi_pine",
]  # fmt: skip
REPOS = ["pandas-dev/pandas", "numpy/numpy", "python/cpython", "psf/black", "astral-sh/ruff", "tiangolo/fastapi",
         "sam-keller/budget-tracker", "sam-keller/dotfiles", "matplotlib/matplotlib", "pytest-dev/pytest"]  # fmt: skip
VIDEO_TOPICS = [
    "Lo-fi beats to code to", "Sydney Swans vs Brisbane Lions | Grand Final Highlights", "How to make sourdough",
    "10 pandas tricks you didn't know", "Walking the Bondi to Coogee coastal walk in 4K", "Why daylight saving exists",
    "Rust in 100 seconds", "The perfect flat white at home", "Learning Git the hard way", "Blue Mountains hike vlog",
    "Cooking the best laksa", "Marathon training week 6", "I tried 7 days of cold showers", "Explaining SQL joins",
    "Tiny house tour", "Reacting to the AFL ladder", "Synthwave mix for focus", "Why Sydney houses cost so much",
]  # fmt: skip
NEWS = [
    "nsw-weather-warning", "housing-affordability-report", "daylight-saving-begins", "opal-fares-rise",
    "swans-grand-final-loss", "sydney-metro-opening", "bushfire-season-outlook", "rba-interest-rate-decision",
    "bondi-shark-sighting", "jacaranda-blooms-early", "election-preview", "heatwave-hits-western-sydney",
]  # fmt: skip
DOWNLOADS = [
    ("application/pdf", "pdf", (40_000, 4_000_000)), ("image/jpeg", "jpg", (200_000, 6_000_000)),
    ("application/zip", "zip", (1_000_000, 250_000_000)), ("text/csv", "csv", (5_000, 30_000_000)),
    ("application/x-apple-diskimage", "dmg", (50_000_000, 900_000_000)),
    ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx", (20_000, 3_000_000)),
]  # fmt: skip
DOWNLOAD_STEMS = ["statement", "invoice", "boarding-pass", "IMG", "data", "report", "lease", "payslip", "notes",
                  "Python-3.12.7-macos11", "ticket", "receipt", "opal-history", "tax-summary", "slides"]  # fmt: skip


def webkit(dt: datetime) -> int:
    """Microseconds since 1601-01-01 UTC, as Chrome stores times."""
    return (dt - WEBKIT_EPOCH) // timedelta(microseconds=1)


def _token(rng: random.Random, n: int, alphabet: str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") -> str:  # fmt: skip
    return "".join(rng.choice(alphabet) for _ in range(n))


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class _Pages:
    """Builds page visits (url, title, seconds on page, optional redirect source) for a kind of site."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        yt = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
        self.videos = [(_token(rng, 11, yt), f"{rng.choice(VIDEO_TOPICS)}{rng.choice(['', '', ' (Part 2)', ' #shorts', ' - Full Episode', ' | 2024'])}") for _ in range(320)]  # fmt: skip
        self.questions = [
            (rng.randint(1_000_000, 78_000_000), rng.choice(["How to", "Why does", "Best way to", "Can I"]) + " "
             + rng.choice(["merge two DataFrames", "convert a timestamp to local time", "group by and count",
                           "read a SQLite table", "parse a date with a time zone", "rebase onto main", "pin a dependency",
                           "mock a datetime in pytest", "sort a dict by value", "iterate rows quickly", "write a regex for emails"])
             + rng.choice(["", " in pandas", " in Python", " in git", " without a loop", " with NaN values"]))
            for _ in range(220)
        ]  # fmt: skip
        self.posts = [(rng.choice(SUBREDDITS), _token(rng, 7, "abcdefghijklmnopqrstuvwxyz0123456789"),
                       rng.choice(["Anyone else notice", "PSA:", "What's the best", "Finally finished", "Is it just me or",
                                   "Photo of", "Weekly discussion:", "Question about"]) + " "
                       + rng.choice(["the jacarandas this year", "my first half marathon", "the new metro line", "rent prices",
                                     "a bug in my pandas code", "the Swans", "coffee in the inner west", "daylight saving"]))
                      for _ in range(400)]  # fmt: skip
        self.products = [(_token(rng, 10, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), rng.choice(
            ["USB-C Hub 7-in-1", "Running Socks 3 Pack", "Ceramic Pour Over Set", "Noise Cancelling Headphones",
             "Mechanical Keyboard", "Book: Python for Data Analysis", "Yoga Mat", "LED Desk Lamp"])) for _ in range(40)]  # fmt: skip
        self.unread = 3

    def _dur(self, median: float, spread: float, cap: float = 3 * 3600) -> float:
        return min(cap, max(1.5, median * math.exp(self.rng.gauss(0, spread))))

    def make(self, kind: str, day: date) -> dict:
        rng = self.rng
        if kind in ("youtube", "m_youtube"):
            vid, title = self.videos[min(len(self.videos) - 1, int(rng.paretovariate(1.1)) - 1 + rng.randrange(0, 40) * (rng.random() < 0.7))]  # fmt: skip
            host = "m.youtube.com" if kind == "m_youtube" or rng.random() < 0.04 else "www.youtube.com"
            if rng.random() < 0.12:
                return {"url": f"https://{host}/", "title": "YouTube", "sec": self._dur(40, 0.8)}
            page = {"url": f"https://{host}/watch?v={vid}", "title": f"{title} - YouTube", "sec": self._dur(330, 0.9)}
            if kind == "youtube" and rng.random() < 0.1:  # a shared short link, redirected by the server
                page["url"] += "&feature=youtu.be"
                page["redirect"] = f"https://youtu.be/{vid}"
            return page
        if kind == "music":
            return {"url": "https://music.youtube.com/", "title": "YouTube Music", "sec": self._dur(1500, 0.6)}
        if kind == "stackoverflow":
            qid, q = rng.choice(self.questions)
            return {"url": f"https://stackoverflow.com/questions/{qid}/{_slug(q)}", "title": f"{q} - Stack Overflow",
                    "sec": self._dur(75, 0.9)}  # fmt: skip
        if kind == "github":
            repo = rng.choice(REPOS)
            tail = _pick(rng, {"": 3, "/issues": 1, "/pulls": 1, f"/issues/{rng.randint(1, 60000)}": 2, "/blob/main/README.md": 1})  # fmt: skip
            page = {
                "url": f"https://github.com/{repo}{tail}",
                "title": f"{repo}{tail} · GitHub",
                "sec": self._dur(70, 1.0),
            }
            if rng.random() < 0.08:
                page["redirect"] = f"http://github.com/{repo}{tail}"
            return page
        if kind == "pydocs":
            mod = rng.choice(["datetime", "zoneinfo", "sqlite3", "re", "itertools", "pathlib", "json", "asyncio"])
            return {"url": f"https://docs.python.org/3/library/{mod}.html", "title": f"{mod} — Python 3.12.7 documentation",
                    "sec": self._dur(90, 0.9)}  # fmt: skip
        if kind == "pandas_docs":
            fn = rng.choice(
                ["merge", "to_datetime", "read_sql", "DataFrame.groupby", "Series.dt.tz_convert", "read_csv"]
            )
            return {"url": f"https://pandas.pydata.org/docs/reference/api/pandas.{fn}.html",
                    "title": f"pandas.{fn} — pandas 2.2.3 documentation", "sec": self._dur(80, 0.9)}  # fmt: skip
        if kind == "wiki":
            art = rng.choice(WIKI)
            return {"url": f"https://en.wikipedia.org/wiki/{art}", "title": f"{art.replace('_', ' ')} - Wikipedia",
                    "sec": self._dur(110, 0.9)}  # fmt: skip
        if kind == "gmail":
            self.unread = max(0, min(14, self.unread + rng.randint(-3, 3)))
            inbox = f"Inbox ({self.unread})" if self.unread else "Inbox"
            return {"url": "https://mail.google.com/mail/u/0/#inbox", "title": f"{inbox} - sam.keller.syd@gmail.com - Gmail",
                    "sec": self._dur(60, 0.8)}  # fmt: skip
        if kind == "reddit":
            sub, pid, title = rng.choice(self.posts)
            return {"url": f"https://www.reddit.com/r/{sub}/comments/{pid}/{_slug(title)[:40]}/",
                    "title": f"{title} : r/{sub}", "sec": self._dur(45, 0.9)}  # fmt: skip
        if kind == "news_abc":
            story = rng.choice(NEWS)
            page = {"url": f"https://www.abc.net.au/news/{day:%Y-%m-%d}/{story}/{104_000_000 + rng.randint(0, 999_999)}",
                    "title": f"{story.replace('-', ' ').capitalize()} - ABC News", "sec": self._dur(70, 0.8)}  # fmt: skip
            if rng.random() < 0.1:
                page["redirect"] = f"https://t.co/{_token(rng, 10)}"
            return page
        if kind == "news_smh":
            story = rng.choice(NEWS)
            return {"url": f"https://www.smh.com.au/national/nsw/{story}-{day:%Y%m%d}-p5{_token(rng, 4, 'abcdefghijklmnopqrstuvwxyz0123456789')}.html",
                    "title": f"{story.replace('-', ' ').capitalize()} | The Sydney Morning Herald", "sec": self._dur(80, 0.8)}  # fmt: skip
        if kind == "netflix":
            if rng.random() < 0.4:
                return {"url": "https://www.netflix.com/browse", "title": "Netflix", "sec": self._dur(90, 0.7)}
            return {"url": f"https://www.netflix.com/watch/{rng.randint(80_000_000, 81_900_000)}", "title": "Netflix",
                    "sec": self._dur(2400, 0.5)}  # fmt: skip
        if kind == "bank":
            return {"url": "https://www.my.commbank.com.au/netbank/Logon/Logon.aspx", "title": "NetBank - Log on to NetBank",
                    "sec": self._dur(150, 0.6)}  # fmt: skip
        if kind == "transport":
            return {"url": "https://transportnsw.info/trip#/trip", "title": "Trip Planner | transportnsw.info",
                    "sec": self._dur(60, 0.7)}  # fmt: skip
        if kind == "bom":
            if rng.random() < 0.55:
                return {"url": "http://www.bom.gov.au/products/IDR714.loop.shtml", "title": "Sydney (Terrey Hills) Radar Loop",
                        "sec": self._dur(35, 0.7)}  # fmt: skip
            return {"url": "http://www.bom.gov.au/nsw/forecasts/sydney.shtml", "title": "Sydney Forecast",
                    "sec": self._dur(30, 0.7)}  # fmt: skip
        if kind == "amazon":
            asin, prod = rng.choice(self.products)
            return {
                "url": f"https://www.amazon.com.au/dp/{asin}",
                "title": f"Amazon.com.au: {prod}",
                "sec": self._dur(70, 0.8),
            }
        raise ValueError(kind)


def _search_page(rng: random.Random, term: str, phone: bool = False) -> dict:
    q = quote_plus(term)
    tail = "&client=ms-android-samsung-ss&sourceid=chrome-mobile&ie=UTF-8" if phone else "&sourceid=chrome&ie=UTF-8"
    url = f"https://www.google.com/search?q={q}&oq={q}&gs_lcrp={_token(rng, 48)}{tail}"
    return {
        "url": url,
        "title": f"{term} - Google Search",
        "sec": max(2.0, 12 * math.exp(rng.gauss(0, 0.6))),
        "term": term,
    }


def _build_browser(rng: random.Random) -> dict:
    pages = _Pages(rng)
    terms = SEARCH_TERMS
    raw: list[dict] = []  # visits before ids: time (aware UTC), page, transition, synced, session

    def local(day: date, minutes: float) -> datetime:
        naive = datetime.combine(day, time()) + timedelta(minutes=minutes, microseconds=rng.randrange(1_000_000))
        return naive.replace(tzinfo=HOME_TZ).astimezone(UTC)

    def session(day: date, start_min: float, mode: dict, n: int, session_id: int) -> None:
        t = local(day, start_min)
        prev_kind = None
        for i in range(n):
            kind = _pick(rng, mode)
            if kind == "search":
                page = _search_page(rng, _pick(rng, terms))
                core = GENERATED
            else:
                page = pages.make(kind, day)
                if i == 0:
                    core = _pick(rng, {TYPED: 0.45, AUTO_BOOKMARK: 0.35, LINK: 0.2})
                elif prev_kind == "search":
                    core = LINK
                else:
                    core = _pick(rng, {LINK: 0.72, TYPED: 0.12, RELOAD: 0.05, FORM_SUBMIT: 0.03, "back": 0.08})
            qual = CHAIN_START | CHAIN_END
            if core == "back":
                core, qual = LINK, qual | FORWARD_BACK
            if core in (TYPED, GENERATED):
                qual |= FROM_ADDRESS_BAR
            if "redirect" in page and core == LINK:
                raw.append({"time": t, "url": page["redirect"], "title": "", "transition": LINK | CHAIN_START,
                            "sec": 0.0, "synced": False, "session": session_id, "link": i > 0})  # fmt: skip
                t += timedelta(milliseconds=rng.randint(80, 400))
                qual = CHAIN_END | SERVER_REDIRECT
            raw.append({"time": t, "url": page["url"], "title": page["title"], "transition": core | qual,
                        "sec": page["sec"], "synced": False, "session": session_id, "link": core == LINK,
                        "term": page.get("term")})  # fmt: skip
            t += timedelta(seconds=page["sec"] + rng.uniform(1, 25))
            prev_kind = kind

    sid = 0
    day = HIST_DAYS[0]
    while day <= HIST_DAYS[1]:
        weekend = day.weekday() >= 5
        away = AWAY[0] <= day <= AWAY[1]
        if day == BINGE_DAY:
            sid += 1
            session(day, 7 * 60 + rng.uniform(0, 10), {"reddit": 4, "news_abc": 3, "news_smh": 2, "wiki": 1}, 150, sid)
        elif not away:
            starts = []
            if not weekend:
                starts += [(rng.uniform(7 * 60, 8 * 60 + 30), WORK_SITES), (rng.uniform(9 * 60, 11 * 60), WORK_SITES)]
                if rng.random() < 0.6:
                    starts.append((rng.uniform(12 * 60, 13 * 60 + 30), ERRAND_SITES))
                starts.append((rng.uniform(14 * 60, 16 * 60), WORK_SITES))
                if day == BINGE_DAY - timedelta(days=1):
                    starts.append((19 * 60 + 30, LEISURE_SITES))
            else:
                for _ in range(rng.randint(2, 4)):
                    starts.append((rng.uniform(8 * 60, 17 * 60), _pick(rng, {0: 1, 1: 2})))
                starts = [(m, ERRAND_SITES if w == 0 else LEISURE_SITES) for m, w in starts]
            if rng.random() < 0.85:
                starts.append((rng.uniform(19 * 60, 23 * 60 + 40), LEISURE_SITES))
            for start, mode in starts:
                sid += 1
                n = max(2, round(rng.expovariate(1 / 10)))
                if day == BINGE_DAY - timedelta(days=1) and start == 19 * 60 + 30:
                    n = 45
                session(day, start, mode, n, sid)
        # the phone: commute, lunch and late evening, synced into this History
        for _ in range(rng.randint(6, 26) + (20 if away else 0)):
            slot = _pick(
                rng, {"commute": 0 if weekend else 2, "lunch": 1, "evening": 3, "day": 2 if weekend or away else 0}
            )
            minute = {"commute": rng.uniform(7 * 60 + 30, 8 * 60 + 50), "lunch": rng.uniform(12 * 60, 13 * 60 + 30),
                      "evening": rng.uniform(21 * 60 + 30, 24 * 60 + 45), "day": rng.uniform(9 * 60, 18 * 60)}[slot]  # fmt: skip
            kind = _pick(rng, PHONE_SITES)
            if kind == "phone_search":
                page = _search_page(rng, _pick(rng, terms), phone=True)
                trans = GENERATED | FROM_ADDRESS_BAR | CHAIN_START | CHAIN_END
            else:
                page = pages.make(kind, day)
                page.pop("redirect", None)
                trans = _pick(rng, {LINK: 0.8, TYPED: 0.2})
                trans |= CHAIN_START | CHAIN_END | (FROM_ADDRESS_BAR if trans == TYPED else 0)
            raw.append({"time": local(day, minute), "url": page["url"], "title": page["title"], "transition": trans,
                        "sec": page["sec"], "synced": True, "session": 0, "link": False})  # fmt: skip
        day += timedelta(days=1)

    raw.sort(key=lambda v: v["time"])
    urls: dict[str, dict] = {}
    visits: list[dict] = []
    last_in_session: dict[int, int] = {}
    for i, v in enumerate(raw, start=1):
        u = urls.get(v["url"])
        if u is None:
            u = urls[v["url"]] = {"id": len(urls) + 1, "url": v["url"], "title": v["title"], "visits": 0, "typed": 0,
                                  "last": v["time"], "hidden": v["title"] == ""}  # fmt: skip
        u["visits"] += 1
        u["typed"] += (v["transition"] & 0xFF) == TYPED
        u["last"] = v["time"]
        if v["title"]:
            u["title"] = v["title"]
        from_visit = last_in_session.get(v["session"], 0) if v["link"] and not v["synced"] else 0
        if v["session"]:
            last_in_session[v["session"]] = i
        visits.append({"id": i, "url_id": u["id"], "url": v["url"], "time": v["time"], "transition": v["transition"],
                       "from_visit": from_visit, "duration_us": round(v["sec"] * 1e6), "synced": v["synced"],
                       "origin_id": 6_000_000 + i * 3 + rng.randint(0, 2) if v["synced"] else 0,
                       "term": v.get("term") if not v["synced"] else None})  # fmt: skip
    searches = [
        {"url_id": v["url_id"], "term": v["term"], "normalized": " ".join(v["term"].lower().split()), "time": v["time"]}
        for v in visits
        if v["term"]
    ]
    downloads = []
    for k in range(54):
        mime, ext, (lo, hi) = rng.choice(DOWNLOADS)
        day = HIST_DAYS[0] + timedelta(days=rng.randrange((HIST_DAYS[1] - HIST_DAYS[0]).days + 1))
        start = local(day, rng.uniform(8 * 60, 23 * 60))
        total = round(math.exp(rng.uniform(math.log(lo), math.log(hi))))
        state = _pick(rng, {1: 0.82, 2: 0.1, 4: 0.08})
        received = total if state == 1 else round(total * rng.uniform(0.02, 0.9))
        stem = rng.choice(DOWNLOAD_STEMS)
        name = f"{stem}-{rng.randint(1, 9999)}.{ext}" if stem != "IMG" else f"IMG_{rng.randint(1000, 9999)}.{ext}"
        downloads.append({
            "id": k + 1, "guid": "-".join(_token(rng, n, "0123456789ABCDEF") for n in (8, 4, 4, 4, 12)),
            "path": f"/Users/sam/Downloads/{name}", "start": start, "end": start + timedelta(seconds=received / rng.uniform(2e5, 4e6) + 1),
            "received": received, "total": total if state == 1 or rng.random() < 0.7 else 0, "state": state, "mime": mime,
            "url": f"https://files.example-cdn.net/{_token(rng, 16)}/{name}",
        })  # fmt: skip
    return {"urls": list(urls.values()), "visits": visits, "searches": searches, "downloads": downloads}


HISTORY_SCHEMA = """
CREATE TABLE meta(key LONGVARCHAR NOT NULL UNIQUE PRIMARY KEY, value LONGVARCHAR);
CREATE TABLE urls(id INTEGER PRIMARY KEY AUTOINCREMENT,url LONGVARCHAR,title LONGVARCHAR,visit_count INTEGER DEFAULT 0 NOT NULL,typed_count INTEGER DEFAULT 0 NOT NULL,last_visit_time INTEGER NOT NULL,hidden INTEGER DEFAULT 0 NOT NULL);
CREATE TABLE visits(id INTEGER PRIMARY KEY AUTOINCREMENT,url INTEGER NOT NULL,visit_time INTEGER NOT NULL,from_visit INTEGER,external_referrer_url TEXT,transition INTEGER DEFAULT 0 NOT NULL,segment_id INTEGER,visit_duration INTEGER DEFAULT 0 NOT NULL,incremented_omnibox_typed_score BOOLEAN DEFAULT FALSE NOT NULL,opener_visit INTEGER,originator_cache_guid TEXT,originator_visit_id INTEGER,originator_from_visit INTEGER,originator_opener_visit INTEGER,is_known_to_sync BOOLEAN DEFAULT FALSE NOT NULL,consider_for_ntp_most_visited BOOLEAN DEFAULT FALSE NOT NULL,visited_link_id INTEGER DEFAULT 0 NOT NULL,app_id TEXT);
CREATE TABLE visit_source(id INTEGER PRIMARY KEY,source INTEGER NOT NULL);
CREATE TABLE keyword_search_terms (keyword_id INTEGER NOT NULL,url_id INTEGER NOT NULL,term LONGVARCHAR NOT NULL,normalized_term LONGVARCHAR NOT NULL);
CREATE TABLE segments (id INTEGER PRIMARY KEY,name VARCHAR,url_id INTEGER NON NULL);
CREATE TABLE segment_usage (id INTEGER PRIMARY KEY,segment_id INTEGER NOT NULL,time_slot INTEGER NOT NULL,visit_count INTEGER DEFAULT 0 NOT NULL);
CREATE TABLE downloads (id INTEGER PRIMARY KEY,guid VARCHAR NOT NULL,current_path LONGVARCHAR NOT NULL,target_path LONGVARCHAR NOT NULL,start_time INTEGER NOT NULL,received_bytes INTEGER NOT NULL,total_bytes INTEGER NOT NULL,state INTEGER NOT NULL,danger_type INTEGER NOT NULL,interrupt_reason INTEGER NOT NULL,hash BLOB NOT NULL,end_time INTEGER NOT NULL,opened INTEGER NOT NULL,last_access_time INTEGER NOT NULL,transient INTEGER NOT NULL,referrer VARCHAR NOT NULL,site_url VARCHAR NOT NULL,embedder_download_data VARCHAR NOT NULL,tab_url VARCHAR NOT NULL,tab_referrer_url VARCHAR NOT NULL,http_method VARCHAR NOT NULL,by_ext_id VARCHAR NOT NULL,by_ext_name VARCHAR NOT NULL,by_web_app_id VARCHAR NOT NULL DEFAULT '',etag VARCHAR NOT NULL,last_modified VARCHAR NOT NULL,mime_type VARCHAR(255) NOT NULL,original_mime_type VARCHAR(255) NOT NULL);
CREATE TABLE downloads_url_chains (id INTEGER NOT NULL,chain_index INTEGER NOT NULL,url LONGVARCHAR NOT NULL, PRIMARY KEY (id, chain_index) );
CREATE INDEX visits_url_index ON visits (url);
CREATE INDEX visits_time_index ON visits (visit_time);
CREATE INDEX keyword_search_terms_index1 ON keyword_search_terms (keyword_id, normalized_term);
CREATE INDEX urls_url_index ON urls (url);
"""


def _write_history(t: Truth, d: Path) -> None:
    b = t.browser
    path = d / HISTORY_FILE
    path.unlink(missing_ok=True)
    con = sqlite3.connect(path)
    try:
        con.executescript(HISTORY_SCHEMA)
        end = datetime.combine(HIST_DAYS[1] + timedelta(days=1), time(8, 12), tzinfo=HOME_TZ).astimezone(UTC)
        con.executemany("INSERT INTO meta VALUES (?, ?)", [
            ("mmap_status", "-1"), ("version", "68"), ("last_compatible_version", "16"),
            ("early_expiration_threshold", str(webkit(end - timedelta(days=90)))),
        ])  # fmt: skip
        con.executemany(
            "INSERT INTO urls VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(u["id"], u["url"], u["title"], u["visits"], u["typed"], webkit(u["last"]), int(u["hidden"])) for u in b["urls"]],
        )  # fmt: skip
        con.executemany(
            "INSERT INTO visits VALUES (?, ?, ?, ?, '', ?, 0, ?, ?, 0, ?, ?, 0, 0, 1, ?, 0, NULL)",
            [
                (v["id"], v["url_id"], webkit(v["time"]), v["from_visit"], v["transition"], v["duration_us"],
                 int((v["transition"] & 0xFF) == TYPED), PHONE_GUID if v["synced"] else "", v["origin_id"],
                 int(not (v["transition"] & CHAIN_START and not v["transition"] & CHAIN_END)))
                for v in b["visits"]
            ],
        )  # fmt: skip
        con.executemany(
            "INSERT INTO visit_source VALUES (?, ?)", [(v["id"], SOURCE_SYNCED) for v in b["visits"] if v["synced"]]
        )
        con.executemany(
            "INSERT INTO keyword_search_terms VALUES (2, ?, ?, ?)",
            [(s["url_id"], s["term"], s["normalized"]) for s in b["searches"]],
        )
        for dl in b["downloads"]:
            partial = dl["path"] + ".crdownload" if dl["state"] != 1 else dl["path"]
            con.execute(
                "INSERT INTO downloads VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, X'', ?, ?, ?, 0, '', ?, '', ?, '', 'GET', '', '', '', '', '', ?, ?)",
                (dl["id"], dl["guid"], partial, dl["path"], webkit(dl["start"]), dl["received"], dl["total"], dl["state"],
                 0 if dl["state"] == 1 else 40 if dl["state"] == 2 else 20, webkit(dl["end"]) if dl["state"] == 1 else 0,
                 int(dl["state"] == 1 and dl["mime"] == "application/pdf"), webkit(dl["end"]) if dl["state"] == 1 else 0,
                 "https://files.example-cdn.net/", "https://files.example-cdn.net/", dl["mime"], dl["mime"]),
            )  # fmt: skip
            con.execute("INSERT INTO downloads_url_chains VALUES (?, 0, ?)", (dl["id"], dl["url"]))
        con.commit()
    finally:
        con.close()


# ================================================================================================
# films: the IMDb non-commercial datasets (title.basics and title.ratings)
# ================================================================================================

TITLE_TYPES = {"tvEpisode": 0.50, "short": 0.10, "movie": 0.17, "video": 0.05, "tvSeries": 0.06, "tvMovie": 0.04,
               "tvMiniSeries": 0.015, "tvSpecial": 0.01, "videoGame": 0.01, "tvShort": 0.005}  # fmt: skip
GENRES = {
    "Drama": 0.40, "Comedy": 0.28, "Documentary": 0.14, "Action": 0.11, "Thriller": 0.11, "Romance": 0.10,
    "Horror": 0.10, "Crime": 0.10, "Adventure": 0.07, "Family": 0.06, "Mystery": 0.06, "Fantasy": 0.05,
    "Biography": 0.05, "Animation": 0.05, "History": 0.04, "Music": 0.04, "Sci-Fi": 0.04, "Musical": 0.02,
    "War": 0.02, "Western": 0.015, "Sport": 0.02, "Film-Noir": 0.005, "News": 0.01, "Reality-TV": 0.02,
    "Talk-Show": 0.01, "Game-Show": 0.005,
}  # fmt: skip
ADJ = ["Silent", "Last", "Broken", "Golden", "Hidden", "Lost", "Crimson", "Eternal", "Dark", "Wild", "Quiet",
       "Burning", "Frozen", "Electric", "Little", "Secret", "Final", "Lonely", "Midnight", "Savage", "Bitter",
       "Endless", "Hollow", "Sacred", "Distant", "Velvet", "Iron", "Paper", "Glass", "Blue", "Red", "Black", "White",
       "Forgotten", "Restless", "Perfect", "Strange", "Sweet", "Bright", "Cold", "Scarlet", "Northern", "Falling"]  # fmt: skip
NOUN = ["Harbor", "Road", "Garden", "River", "House", "Kingdom", "Summer", "Winter", "City", "Heart", "Shadow",
        "Storm", "Island", "Mirror", "Letter", "Promise", "Station", "Horizon", "Empire", "Circus", "Forest", "Valley",
        "Bridge", "Machine", "Witness", "Stranger", "Daughter", "Hunter", "Ghost", "Voyage", "Game", "Night", "Dream",
        "Signal", "Frontier", "Orchard", "Lighthouse", "Carnival", "Comet", "Saint", "Tide", "Orphan", "Engine"]  # fmt: skip
PLACES = ["Paris", "Tangier", "Brooklyn", "Kyoto", "Lagos", "Havana", "Oslo", "Mumbai", "Texas", "Berlin", "Seoul",
          "Lisbon", "Cairo", "Dublin", "Marseille", "Palermo", "Manila", "Alaska", "Montana", "Rio", "Glasgow"]  # fmt: skip
FIRST = ["Anna", "Marco", "Lena", "Tom", "Yuki", "Omar", "Clara", "Felix", "Rosa", "Jack", "Ines", "Ravi", "Mia"]
FOREIGN = {  # language -> (nouns, adjectives, article)
    "fr": (["Maison", "Rivière", "Nuit", "Jardin", "Mémoire", "Route", "Fille", "Saison"], ["perdue", "secrète", "blanche", "dernière", "froide"], "La"),
    "es": (["Casa", "Noche", "Ciudad", "Sombra", "Isla", "Memoria", "Herida"], ["perdida", "oscura", "blanca", "última", "dormida"], "La"),
    "de": (["Haus", "Licht", "Spiel", "Schweigen", "Ufer", "Land"], ["dunkle", "letzte", "stille", "kalte"], "Das"),
    "it": (["Notte", "Strada", "Casa", "Estate", "Isola"], ["perduta", "segreta", "lunga", "ultima"], "La"),
}  # fmt: skip
QUOTED_TITLES = ['"Doc" Hollis Rides Again', '"Allo Stranger!', '"Weird" Walter and the Moon', '"Lucky" Pete',
                 '"Hey You"', '12" Vinyl Nights', '"Red" Harris and the Tide']  # fmt: skip


def _title_text(rng: random.Random, ttype: str, season: int, episode: int) -> str:
    if ttype == "tvEpisode":
        if rng.random() < 0.45:
            return f"Episode #{season}.{episode}"
        if episode == 1 and rng.random() < 0.5:
            return "Pilot"
    pattern = rng.randrange(9)
    adj, noun, place, first = rng.choice(ADJ), rng.choice(NOUN), rng.choice(PLACES), rng.choice(FIRST)
    text = [
        f"The {adj} {noun}", f"{adj} {noun}", f"{noun} of {place}", f"A {noun} in {place}", f"{first}'s {noun}",
        f"The {noun}", f"{adj} {noun}: {noun}s of {place}", f"{place} {noun}", f"{first} and the {adj} {noun}",
    ][pattern]  # fmt: skip
    if ttype in ("movie", "video") and rng.random() < 0.04:
        text += f" {rng.choice([2, 2, 3, 'II', 'III'])}"
    return text


def _build_titles(rng: random.Random) -> list[dict]:
    titles: list[dict] = []
    n = 26_000
    for _ in range(n):
        ttype = _pick(rng, TITLE_TYPES)
        # years: few early titles, most recent; no year for some announced titles
        year = int(2026 - (1 + rng.expovariate(1 / 14)))
        year = max(1910, year)
        if ttype in ("videoGame", "video"):
            year = max(year, 1985)
        if ttype in ("tvSeries", "tvEpisode", "tvMiniSeries", "tvMovie", "tvSpecial", "tvShort"):
            year = max(year, 1950)
        no_year = rng.random() < 0.02
        adult = ttype in ("movie", "video") and rng.random() < 0.02
        ng = _pick(rng, {0: 0.05, 1: 0.4, 2: 0.3, 3: 0.25})
        genres: list[str] = []
        if adult:
            genres = ["Adult"]
        else:
            pool = dict(GENRES)
            if ttype == "short":
                pool["Short"] = 0.8
            while len(genres) < ng:
                g = _pick(rng, pool)
                if g not in genres:
                    genres.append(g)
        genres.sort()
        if ttype == "movie":
            runtime = (
                None if rng.random() < (0.13 if year >= 1980 else 0.3) else max(45, min(240, round(rng.gauss(97, 17))))
            )
            if runtime is not None and rng.random() < 0.003:
                runtime = rng.choice([300, 420, 565, 720, 1_440])
        elif ttype in ("short", "tvShort"):
            runtime = None if rng.random() < 0.3 else rng.randint(2, 40)
        elif ttype == "tvEpisode":
            runtime = None if rng.random() < 0.45 else rng.choice([22, 24, 25, 30, 42, 44, 45, 48, 50, 55, 60])
        elif ttype in ("tvSeries", "tvMiniSeries"):
            runtime = None if rng.random() < 0.4 else rng.choice([22, 25, 30, 43, 45, 50, 60])
        elif ttype == "videoGame":
            runtime = None
        else:
            runtime = None if rng.random() < 0.35 else max(20, min(200, round(rng.gauss(85, 20))))
        end = None
        if ttype == "tvSeries" and not no_year and rng.random() < 0.6:
            end = min(2025, year + int(rng.expovariate(1 / 4)))
        title = _title_text(rng, ttype, rng.randint(1, 6), rng.randint(1, 12))
        if rng.random() < 0.0012:
            title = rng.choice(QUOTED_TITLES)
        original = title
        if ttype in ("movie", "tvMovie", "tvSeries", "short") and rng.random() < 0.12:
            nouns, adjs, art = FOREIGN[rng.choice(list(FOREIGN))]
            original = f"{art} {rng.choice(nouns).lower()} {rng.choice(adjs)}".capitalize()
        titles.append({"type": ttype, "title": title, "original": original, "adult": adult,
                       "year": None if no_year else year, "end": end, "runtime": runtime, "genres": genres,
                       "key": year + rng.gauss(0, 6)})  # fmt: skip
    titles.sort(key=lambda x: x["key"])
    ids = sorted(rng.sample(range(1, 31_500_000), n))
    rate_p = {"movie": 0.78, "tvSeries": 0.7, "tvEpisode": 0.35, "short": 0.35, "video": 0.3, "tvMovie": 0.55,
              "videoGame": 0.5, "tvMiniSeries": 0.6, "tvSpecial": 0.4, "tvShort": 0.3}  # fmt: skip
    for x, num in zip(titles, ids):
        del x["key"]
        x["tconst"] = f"tt{num:07d}"
        x["rating"] = x["votes"] = None
        if x["year"] is not None and x["year"] <= 2024 and rng.random() < rate_p[x["type"]]:
            big = x["type"] in ("movie", "tvSeries")
            votes = max(5, round(math.exp(rng.gauss(5.3 if big else 3.6, 2.4 if big else 2.0))))
            votes = min(votes, 2_900_000)
            base = 7.4 if x["type"] == "tvEpisode" else 6.1
            rating = base + 0.12 * math.log10(votes) + rng.gauss(0, 0.95) + (0.4 if "Documentary" in x["genres"] else 0)
            rating -= 0.5 if "Horror" in x["genres"] else 0
            x["votes"], x["rating"] = votes, round(min(10.0, max(1.0, rating)), 1)
    return titles


def _nz(v) -> str:
    return "\\N" if v is None else str(v)


def _gz(text: str) -> bytes:
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0) as z:
        z.write(text.encode("utf-8"))
    return buf.getvalue()


def _write_imdb(t: Truth, d: Path) -> None:
    lines = ["tconst\ttitleType\tprimaryTitle\toriginalTitle\tisAdult\tstartYear\tendYear\truntimeMinutes\tgenres"]
    for x in t.titles:
        lines.append("\t".join([x["tconst"], x["type"], x["title"], x["original"], str(int(x["adult"])), _nz(x["year"]),
                                _nz(x["end"]), _nz(x["runtime"]), ",".join(x["genres"]) or "\\N"]))  # fmt: skip
    (d / BASICS_FILE).write_bytes(_gz("\n".join(lines) + "\n"))
    lines = ["tconst\taverageRating\tnumVotes"]
    lines += [f"{x['tconst']}\t{x['rating']:.1f}\t{x['votes']}" for x in t.titles if x["rating"] is not None]
    (d / RATINGS_FILE).write_bytes(_gz("\n".join(lines) + "\n"))


# ================================================================================================
# names: ONS baby names in England and Wales, 2014 to 2023 (one workbook, boys and girls sheets)
# ================================================================================================

YEARS = list(range(2014, 2024))
BOYS = {  # name: (count 2014, count 2023), roughly as England and Wales had them
    "Oliver": (6650, 4270), "Jack": (5800, 2560), "Harry": (5380, 2150), "Jacob": (5050, 1850), "Charlie": (4390, 2300),
    "Thomas": (4080, 2050), "George": (4060, 4130), "Oscar": (3960, 3100), "James": (3780, 2400),
    "William": (3630, 2080), "Noah": (3500, 4380), "Alfie": (3450, 2310), "Joshua": (3350, 1800),
    "Muhammad": (3500, 4660), "Henry": (2900, 3050), "Leo": (2780, 4020), "Archie": (2700, 2650), "Ethan": (2650, 1560),
    "Joseph": (2600, 1450), "Freddie": (2450, 2760), "Samuel": (2400, 1380), "Alexander": (2200, 1500),
    "Logan": (2150, 1200), "Daniel": (2100, 1230), "Isaac": (2000, 1900), "Max": (1950, 1580), "Mohammed": (2900, 2010),
    "Benjamin": (1900, 1300), "Mason": (1880, 1290), "Lucas": (1800, 2200), "Edward": (1750, 1720), "Harrison": (1700, 1150),
    "Jake": (1600, 750), "Dylan": (1580, 1350), "Riley": (1560, 1120), "Finley": (1550, 1960), "Theo": (1500, 3150),
    "Sebastian": (1450, 1520), "Arthur": (1150, 3980), "Theodore": (620, 3300), "Teddy": (700, 2230), "Tommy": (1100, 2200),
    "Luca": (950, 2120), "Albie": (550, 1800), "Reggie": (420, 1650), "Hudson": (150, 1600), "Roman": (700, 1480),
    "Rory": (1000, 1400), "Ezra": (300, 1450), "Ronnie": (800, 1430), "Louie": (1500, 1250), "Arlo": (120, 1390),
    "Elijah": (900, 1320), "Jude": (850, 1300), "Mohammad": (1200, 1000), "Muhammed": (300, 250), "Mohamed": (480, 420),
    "Frankie": (900, 1650), "Bobby": (1300, 1200), "Jaxon": (600, 950), "Otis": (250, 1100), "Kai": (1000, 900),
    "Tyler": (1650, 520), "Kian": (800, 300), "Callum": (1200, 450), "Connor": (1100, 380), "Bradley": (800, 260),
}  # fmt: skip
GIRLS = {
    "Amelia": (5330, 2620), "Olivia": (5050, 2850), "Isla": (4010, 2650), "Emily": (3990, 1650), "Poppy": (3270, 1900),
    "Ava": (3170, 2150), "Isabella": (3020, 1750), "Jessica": (2940, 720), "Lily": (2880, 2500), "Sophie": (2830, 1100),
    "Grace": (2720, 1800), "Sophia": (2600, 2200), "Mia": (2590, 2050), "Evie": (2520, 1800), "Ruby": (2510, 1300),
    "Ella": (2500, 1650), "Scarlett": (2440, 1500), "Isabelle": (2400, 1200), "Chloe": (2380, 900), "Sienna": (2100, 1250),
    "Freya": (2090, 2300), "Phoebe": (2000, 1550), "Charlotte": (2000, 1400), "Daisy": (1950, 1500), "Alice": (1900, 1550),
    "Florence": (1150, 2300), "Ivy": (700, 2550), "Willow": (900, 1950), "Rosie": (1700, 1750), "Elsie": (1400, 1850),
    "Matilda": (1500, 1500), "Harper": (900, 1400), "Maya": (1450, 1350), "Evelyn": (900, 1600), "Luna": (300, 1750),
    "Aria": (350, 1650), "Margot": (100, 1000), "Hallie": (150, 700), "Mila": (250, 1550), "Maeve": (150, 900),
    "Emilia": (1200, 1450), "Layla": (1600, 1100), "Millie": (2100, 1200), "Lola": (1700, 1150), "Zara": (1000, 900),
    "Zoe": (1250, 700), "Zoë": (60, 40), "Frankie": (300, 480), "Charlie": (250, 500), "Riley": (280, 190),
    "Lacey": (1250, 380), "Holly": (1500, 500), "Megan": (1350, 300), "Lexi": (1700, 550), "Leah": (1600, 650),
    "Lily-Mae": (180, 90), "Lilly-May": (70, 20), "Ella-Rose": (90, 120), "Ivy-Rose": (10, 160),
    # names that faded away fast
    "Kacey": (60, 1.2), "Demi-Leigh": (55, 0.7), "Lacey-Mae": (72, 2.2), "Tiana": (88, 4.6), "Shannon": (95, 3.6),
    "Chelsea": (112, 4.2), "Courtney": (80, 2.0), "Kayleigh": (70, 1.0), "Jodie": (66, 5.8), "Leah-Mae": (58, 3.3),
    "Tia-Rose": (51, 2.5), "Mollie-Mae": (67, 6.5),
}  # fmt: skip
STARTS = ["Ka", "Ja", "Ma", "Ri", "Lo", "Ze", "Ar", "El", "Bra", "Da", "Ti", "No", "Ro", "Sa", "Ky", "Le", "Mi", "Ca",
          "Fa", "Ha", "Ib", "Yu", "Am", "Is", "Ol", "Te", "Va", "Na", "Re", "Zi", "Ju", "Ta", "Ke", "Sy", "De"]  # fmt: skip
MIDDLES = ["", "", "la", "ri", "de", "na", "lo", "ven", "ran", "mi", "ce", "ly", "sha", "ro"]
ENDS = {"boys": ["n", "an", "on", "o", "ias", "er", "el", "us", "ik", "ey", "den", "son", "ar", "im", "ard"],
        "girls": ["a", "ia", "ie", "elle", "ine", "ah", "ette", "lyn", "ey", "i", "ara", "enna", "ora", "essa"]}  # fmt: skip
SUFFIXES = ["-Mae", "-Rose", "-Grace", "-May", "-Louise", "-Jane", "-Belle"]


def _name_counts(rng: random.Random, c14: float, c23: float) -> dict[int, int]:
    slope = (math.log(max(c23, 0.3)) - math.log(max(c14, 0.3))) / 9
    out = {}
    for y in YEARS:
        mu = c14 * math.exp(slope * (y - 2014))
        noise = rng.gauss(0, 0.03 + 0.5 / math.sqrt(mu + 1))
        out[y] = max(0, round(mu * math.exp(noise)))
    return out


def _build_names(rng: random.Random) -> dict:
    out = {}
    for sex, core, n_tail in (("boys", BOYS, 2_700), ("girls", GIRLS, 3_500)):
        rows = {name: _name_counts(rng, c14, c23) for name, (c14, c23) in core.items()}
        firsts = list(core)[:30]
        while len(rows) < len(core) + n_tail:
            if sex == "girls" and rng.random() < 0.12:
                name = rng.choice(firsts) + rng.choice(SUFFIXES)
            else:
                name = (rng.choice(STARTS) + rng.choice(MIDDLES) + rng.choice(ENDS[sex])).capitalize()
            if name in rows or name in BOYS or name in GIRLS:
                continue
            c14 = min(260.0, 0.5 * math.exp(rng.expovariate(1 / 1.3)))
            c23 = min(420.0, c14 * math.exp(rng.gauss(0, 0.8)))
            counts = _name_counts(rng, c14, c23)
            if max(counts.values()) >= 3:
                rows[name] = counts
        out[sex] = [{"name": n, "counts": cs} for n, cs in sorted(rows.items())]
    return out


def shown(count: int) -> int | None:
    """The count as the table shows it: None ([x]) below 3."""
    return count if count >= 3 else None


def ranks(rows: list[dict], year: int) -> dict[str, int]:
    """ONS ranks: names with a shown count, highest first; equal counts share a rank."""
    counts = sorted((shown(r["counts"][year]) for r in rows if shown(r["counts"][year])), reverse=True)
    first = {}
    for i, c in enumerate(counts, start=1):
        first.setdefault(c, i)
    return {r["name"]: first[r["counts"][year]] for r in rows if shown(r["counts"][year])}


def _count_header(y: int) -> str:
    return f"{y} Count [note 3]" if y == 2020 else f"{y} Count"


def _write_names(t: Truth, d: Path) -> None:
    from openpyxl import Workbook  # only needed to write the workbook

    wb = Workbook(write_only=True)
    ws = wb.create_sheet("Cover_sheet")
    for line in [
        ["Baby names in England and Wales: 2014 to 2023"],
        ["Boys' and girls' first names given at birth registration, with their rank and count in each year."],
        [], ["Source: Office for National Statistics, birth registrations"], [],
        ["Contact details"], ["Email: vsob@ons.gov.uk"], [], ["Release date: 4 September 2024"],
    ]:  # fmt: skip
        ws.append(line)
    ws = wb.create_sheet("Contents")
    ws.append(["Contents"])
    ws.append(["Worksheet name", "Worksheet title"])
    ws.append(["Notes", "Notes used in this workbook"])
    ws.append(["Table_1", "Boys' baby names in England and Wales, 2014 to 2023"])
    ws.append(["Table_2", "Girls' baby names in England and Wales, 2014 to 2023"])
    ws = wb.create_sheet("Notes")
    ws.append(["Notes"])
    ws.append(["Note number", "Note text"])
    for i, text in enumerate([
        "Figures are based on the first name given at birth registration, for live births in England and Wales.",
        "Names are counted exactly as registered: different spellings, accents and hyphenations are counted "
        "separately (for example Muhammad and Mohammed, Zoe and Zoë).",
        "Birth registration was paused for part of 2020 because of the coronavirus (COVID-19) pandemic; the 2020 "
        "figures cover all births registered for that year.",
        "Names given to fewer than 3 babies in a year are shown as [x] to protect confidentiality. Names with equal "
        "counts share a rank.",
    ], start=1):  # fmt: skip
        ws.append([f"note {i}", text])
    for sheet, sex, label in (("Table_1", "boys", "Boys'"), ("Table_2", "girls", "Girls'")):
        rows = t.names[sex]
        rk = {y: ranks(rows, y) for y in YEARS}
        ws = wb.create_sheet(sheet)
        ws.append([f"{label} baby names in England and Wales, 2014 to 2023 [note 1] [note 2]"])
        ws.append(["This worksheet contains one table. Some cells refer to notes which can be found in the notes worksheet."])  # fmt: skip
        ws.append(["[x] = fewer than 3 babies were given the name in that year [note 4]"])
        ws.append(["Source: Office for National Statistics"])
        header = ["Name"]
        for y in reversed(YEARS):
            header += [f"{y} Rank", _count_header(y)]
        ws.append(header)
        for r in rows:
            line = [r["name"]]
            for y in reversed(YEARS):
                c = shown(r["counts"][y])
                line += [rk[y][r["name"]], c] if c else ["[x]", "[x]"]
            ws.append(line)
    wb.properties.creator = "Office for National Statistics"
    fixed = datetime(2024, 9, 4, 9, 30)
    wb.properties.created = wb.properties.modified = fixed
    raw = io.BytesIO()
    wb.save(raw)
    stamp = fixed.strftime("%Y-%m-%dT%H:%M:%SZ").encode()
    out = io.BytesIO()
    with zipfile.ZipFile(raw) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            body = zin.read(info.filename)
            if info.filename == "docProps/core.xml":
                body = re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*", rb"\g<1>" + stamp, body)
            zout.writestr(zipfile.ZipInfo(info.filename, date_time=(2024, 9, 4, 9, 30, 0)), body, zipfile.ZIP_DEFLATED)
    (d / NAMES_FILE).write_bytes(out.getvalue())


# ================================================================================================


def truth() -> Truth:
    return Truth(
        tracts=_build_tracts(_rng("census")),
        browser=_build_browser(_rng("browser")),
        titles=_build_titles(_rng("films")),
        names=_build_names(_rng("names")),
    )


def write_files(d) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_acs(t, d)
    _write_gaz(t, d)
    _write_history(t, d)
    _write_imdb(t, d)
    _write_names(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python data.py DIR")
    for p in write_files(sys.argv[1]):
        print(p, p.stat().st_size)
