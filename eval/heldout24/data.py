"""The twenty-fourth held-out set's data: four files on four topics, each imitating a real public export.

* `PS_2025.01.14_08.30.12.csv`: the NASA Exoplanet Archive's Planetary Systems table (`ps`) as its
  download page writes it: a `#` comment block naming the columns, then a CSV with one row per
  planet *and parameter set* (several references per planet, one of them flagged `default_flag` 1).
* `tweets.js`: the `data/tweets.js` of a Twitter (X) archive: a JavaScript assignment
  `window.YTD.tweets.part0 = [...]` around JSON, every number a string, `created_at` in UTC,
  retweets, replies, threads and each version of an edited tweet as its own entry.
* `collection.anki2`: an Anki collection (the legacy SQLite schema 11 of an `.apkg`): notes whose
  fields are joined by `\\x1f`, cards, a review log keyed by epoch milliseconds with coded answers,
  and the deck names inside a JSON column of the `col` table.
* `pubmed_result.xml`: a PubMed search saved as XML (E-utilities `efetch`, `PubmedArticleSet`),
  with publication dates in several shapes and affiliations as free text.

Every record is built first with the standard library from a fixed seed (one random stream per
topic); the files are then rendered from those records, so the same seed gives the same bytes.
`truth()` returns the clean records the references are computed from.

    python data.py DIR   # writes the four files into DIR
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import random
import sqlite3
import sys
import tempfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from xml.sax.saxutils import escape
from zoneinfo import ZoneInfo

SEED = 24_907_311
UTC = timezone.utc
CHICAGO = ZoneInfo("America/Chicago")
BERLIN = ZoneInfo("Europe/Berlin")

EXO_FILE = "PS_2025.01.14_08.30.12.csv"
TWEETS_FILE = "tweets.js"
ANKI_FILE = "collection.anki2"
PUBMED_FILE = "pubmed_result.xml"
FILES = [EXO_FILE, TWEETS_FILE, ANKI_FILE, PUBMED_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


def _pick(rng: random.Random, table: list[tuple]) -> object:
    """One item of a (item, weight) table."""
    return rng.choices([x for x, _ in table], weights=[w for _, w in table])[0]


@dataclass
class Truth:
    exo: list[dict]  # one dict per row of the Planetary Systems table, values as written
    tweets: list[dict]  # one dict per archive entry, oldest first, with clean fields
    anki: dict  # decks, notes, cards, revlog (clean, with UTC datetimes), deleted note ids
    pubmed: list[dict]  # one dict per article, clean fields


# ==================================================================================================
# NASA Exoplanet Archive, Planetary Systems table
# ==================================================================================================

EXO_COLUMNS = [  # (name, description as the archive's header block gives it)
    ("pl_name", "Planet Name"),
    ("hostname", "Host Name"),
    ("default_flag", "Default Parameter Set"),
    ("sy_snum", "Number of Stars"),
    ("sy_pnum", "Number of Planets"),
    ("discoverymethod", "Discovery Method"),
    ("disc_year", "Discovery Year"),
    ("disc_facility", "Discovery Facility"),
    ("soltype", "Solution Type"),
    ("pl_controv_flag", "Controversial Flag"),
    ("pl_refname", "Planetary Parameter Reference"),
    ("pl_orbper", "Orbital Period [days]"),
    ("pl_orbpererr1", "Orbital Period Upper Unc. [days]"),
    ("pl_orbpererr2", "Orbital Period Lower Unc. [days]"),
    ("pl_orbperlim", "Orbital Period Limit Flag"),
    ("pl_orbsmax", "Orbit Semi-Major Axis [au])"),
    ("pl_rade", "Planet Radius [Earth Radius]"),
    ("pl_radeerr1", "Planet Radius Upper Unc. [Earth Radius]"),
    ("pl_radeerr2", "Planet Radius Lower Unc. [Earth Radius]"),
    ("pl_radj", "Planet Radius [Jupiter Radius]"),
    ("pl_bmasse", "Planet Mass or Mass*sin(i) [Earth Mass]"),
    ("pl_bmasseerr1", "Planet Mass or Mass*sin(i) [Earth Mass] Upper Unc."),
    ("pl_bmasseerr2", "Planet Mass or Mass*sin(i) [Earth Mass] Lower Unc."),
    ("pl_bmassj", "Planet Mass or Mass*sin(i) [Jupiter Mass]"),
    ("pl_bmassprov", "Planet Mass or Mass*sin(i) Provenance"),
    ("pl_orbeccen", "Eccentricity"),
    ("pl_eqt", "Equilibrium Temperature [K]"),
    ("st_spectype", "Spectral Type"),
    ("st_teff", "Stellar Effective Temperature [K]"),
    ("st_rad", "Stellar Radius [Solar Radius]"),
    ("st_mass", "Stellar Mass [Solar mass]"),
    ("ra", "RA [decimal degrees]"),
    ("dec", "Dec [decimal degrees]"),
    ("sy_dist", "Distance [pc]"),
    ("sy_vmag", "V (Johnson) Magnitude"),
    ("rowupdate", "Date of Last Update"),
    ("pl_pubdate", "Planetary Parameter Reference Publication Date"),
    ("releasedate", "Release Date"),
]
EARTH_PER_JUPITER_RADIUS = 11.209
EARTH_PER_JUPITER_MASS = 317.83
PC_TO_LY = 3.2616  # the questions give this factor

# survey -> (method, facility, name pattern, years, distance range pc, planets per host, giant share)
SURVEYS = {
    "Kepler": (
        "Transit",
        "Kepler",
        "Kepler-{n}",
        (2010, 2018),
        (120, 1400),
        [(1, 50), (2, 25), (3, 13), (4, 7), (5, 4), (6, 1)],
        0.12,
    ),
    "K2": ("Transit", "K2", "K2-{n}", (2015, 2023), (40, 600), [(1, 70), (2, 20), (3, 10)], 0.2),
    "TESS": (
        "Transit",
        "Transiting Exoplanet Survey Satellite (TESS)",
        "TOI-{n}",
        (2019, 2024),
        (8, 450),
        [(1, 72), (2, 19), (3, 7), (4, 2)],
        0.3,
    ),
    "WASP": ("Transit", "SuperWASP", "WASP-{n}", (2007, 2021), (60, 700), [(1, 95), (2, 5)], 1.0),
    "HATNet": ("Transit", "HATNet", "HAT-P-{n}", (2007, 2019), (60, 600), [(1, 96), (2, 4)], 1.0),
    "KELT": ("Transit", "KELT", "KELT-{n}", (2011, 2020), (80, 500), [(1, 100)], 1.0),
    "RV": ("Radial Velocity", None, None, (1995, 2024), (8, 160), [(1, 62), (2, 22), (3, 10), (4, 4), (5, 2)], 0.6),
    "Nearby": ("Radial Velocity", None, "GJ {n}", (2005, 2024), (1.6, 22), [(1, 55), (2, 25), (3, 15), (4, 5)], 0.05),
    "Microlensing": ("Microlensing", None, None, (2005, 2024), (900, 7500), [(1, 93), (2, 7)], 0.7),
    "Imaging": ("Imaging", None, None, (2004, 2023), (12, 160), [(1, 85), (2, 10), (4, 5)], 1.0),
}
SURVEY_WEIGHTS = [
    ("Kepler", 150),
    ("K2", 38),
    ("TESS", 95),
    ("WASP", 42),
    ("HATNet", 20),
    ("KELT", 8),
    ("RV", 150),
    ("Nearby", 22),
    ("Microlensing", 45),
    ("Imaging", 14),
]
RV_FACILITIES = [
    ("La Silla Observatory", 30),
    ("W. M. Keck Observatory", 22),
    ("Haute-Provence Observatory", 10),
    ("Lick Observatory", 8),
    ("Calar Alto Observatory", 6),
    ("Okayama Astrophysical Observatory", 5),
    ("Roque de los Muchachos Observatory", 8),
]
IMAGING_FACILITIES = [
    ("Gemini Observatory", 3),
    ("Paranal Observatory", 4),
    ("W. M. Keck Observatory", 2),
    ("Subaru Telescope", 2),
]
REF_AUTHORS = [
    "Morton",
    "Thompson",
    "Holczer",
    "Berger",
    "Stassun",
    "Mann",
    "Guerrero",
    "Bonomo",
    "Southworth",
    "Hellier",
    "Bakos",
    "Pepper",
    "Udry",
    "Butler",
    "Rosenthal",
    "Feng",
    "Gould",
    "Ryu",
    "Marois",
    "Nielsen",
    "Mayo",
    "Hord",
    "Kunimoto",
    "Polanski",
    "Rice",
    "Dalba",
    "Kipping",
    "Hadden",
    "Luque",
    "Trifonov",
]
REF_JOURNALS = ["AJ", "ApJ", "MNRAS", "A&A", "ApJS", "PASP"]
SPECTRAL = [
    (7200, "F0 V"),
    (6600, "F5 V"),
    (6000, "G0 V"),
    (5780, "G2 V"),
    (5500, "G8 V"),
    (5200, "K0 V"),
    (4600, "K4 V"),
    (4100, "K7 V"),
    (3800, "M0 V"),
    (3500, "M2 V"),
    (3300, "M3.5 V"),
    (3000, "M5 V"),
]


def _g(x: float, digits: int) -> float:
    """x rounded to `digits` significant figures (as the archive writes most values)."""
    if x == 0:
        return 0.0
    return round(x, digits - 1 - int(math.floor(math.log10(abs(x)))))


def _loguniform(rng: random.Random, lo: float, hi: float) -> float:
    return math.exp(rng.uniform(math.log(lo), math.log(hi)))


def _exo_host_name(rng: random.Random, survey: str, year: int, used: set) -> str:
    while True:
        if survey == "Kepler":
            name = f"Kepler-{rng.randint(4, 1990)}"
        elif survey == "K2":
            name = f"K2-{rng.randint(2, 420)}"
        elif survey == "TESS":
            name = f"TOI-{rng.randint(120, 6900)}"
        elif survey == "WASP":
            name = f"WASP-{rng.randint(1, 199)}"
        elif survey == "HATNet":
            name = f"HAT-P-{rng.randint(1, 70)}"
        elif survey == "KELT":
            name = f"KELT-{rng.randint(1, 26)}"
        elif survey == "RV":
            name = rng.choice(
                [
                    f"HD {rng.randint(1000, 229000)}",
                    f"HIP {rng.randint(1000, 118000)}",
                    f"BD+{rng.randint(10, 60)} {rng.randint(100, 4999)}",
                ]
            )
        elif survey == "Nearby":
            name = rng.choice(
                [f"GJ {rng.randint(1, 1290)}", f"LHS {rng.randint(1000, 3999)}", f"Wolf {rng.randint(300, 1500)}"]
            )
        elif survey == "Microlensing":
            tag = rng.choice(["OGLE", "KMT", "MOA"])
            name = (
                f"{tag}-{year - rng.randint(1, 2)}-BLG-{rng.randint(20, 1999):04d}L"
                if tag != "MOA"
                else f"MOA-{year - rng.randint(1, 2)}-BLG-{rng.randint(10, 999):03d}L"
            )
        else:
            name = rng.choice(
                [
                    f"HR {rng.randint(100, 9000)}",
                    f"2MASS J{rng.randint(0, 23):02d}{rng.randint(0, 59):02d}{rng.randint(0, 99):02d}{rng.choice('+-')}{rng.randint(0, 60):02d}{rng.randint(0, 59):02d}{rng.randint(0, 59):02d}",
                ]
            )
        if name not in used:
            used.add(name)
            return name


def _refname(rng: random.Random, year: int) -> str:
    author = rng.choice(REF_AUTHORS)
    journal = rng.choice(REF_JOURNALS)
    bib = f"{year}{journal}{'.' * (5 - len(journal))}{rng.randint(100, 999)}..{rng.randint(1, 299):3d}{author[0]}".replace(
        " ", "."
    )
    return f"<a refstr={author.upper()}_ET_AL__{year} href=https://ui.adsabs.harvard.edu/abs/{bib}/abstract target=ref>{author} et al. {year}</a>"


def _build_exo(rng: random.Random) -> list[dict]:
    rows: list[dict] = []
    used: set = set()
    n_hosts = 0
    while n_hosts < 560:
        survey = _pick(rng, SURVEY_WEIGHTS)
        method, facility, _, (y0, y1), (d0, d1), npl_table, giant_share = SURVEYS[survey]
        n_hosts += 1
        year = rng.randint(y0, y1)
        if survey == "Kepler":
            year = _pick(
                rng,
                [(2010, 2), (2011, 4), (2012, 5), (2013, 6), (2014, 20), (2015, 4), (2016, 30), (2017, 4), (2018, 5)],
            )
        host = _exo_host_name(rng, survey, year, used)
        if facility is None:
            if method == "Radial Velocity":
                facility = _pick(rng, RV_FACILITIES)
            elif method == "Imaging":
                facility = _pick(rng, IMAGING_FACILITIES)
            else:
                facility = {"OGLE": "OGLE", "KMT": "KMTNet", "MOA": "MOA"}[host.split("-")[0]]
        n_planets = _pick(rng, npl_table)
        dist = _loguniform(rng, d0, d1)
        if survey in ("Nearby",):
            dist = rng.uniform(d0, d1)
        teff = rng.uniform(3000, 6600) if survey not in ("Nearby",) else rng.uniform(2900, 4200)
        if survey in ("WASP", "HATNet", "KELT", "Kepler", "K2"):
            teff = rng.uniform(4200, 6800)
        spectype = min(SPECTRAL, key=lambda s: abs(s[0] - teff))[1]
        st_rad = _g(max(0.12, (teff / 5780) ** 1.9 * rng.uniform(0.85, 1.25)), 3)
        st_mass = _g(max(0.1, (teff / 5780) ** 1.7 * rng.uniform(0.9, 1.1)), 3)
        ra, dec = round(rng.uniform(0, 360), 7), round(math.degrees(math.asin(rng.uniform(-1, 1))), 7)
        if method == "Microlensing":
            ra, dec = round(rng.uniform(262, 275), 7), round(rng.uniform(-34, -24), 7)
        vmag = round(rng.uniform(4.5, 9.5) + 5 * math.log10(dist / 10) * 0.35, 3) if method != "Microlensing" else None
        periods: list[float] = []
        for i in range(n_planets):
            giant = rng.random() < giant_share
            disc = year if i == 0 or rng.random() < 0.6 else min(2024, year + rng.randint(1, 5))
            if method == "Transit":
                period = _loguniform(
                    rng, 0.6, 12 if survey in ("WASP", "HATNet", "KELT") else (45 if survey == "TESS" else 380)
                )
            elif method == "Radial Velocity":
                period = _loguniform(rng, 2.5, 6000 if survey == "RV" else 400)
            else:
                period = _loguniform(rng, 300, 40000)
            periods.append(period)
            if giant:
                radius = rng.uniform(8.5, 21.0)
                mass = _loguniform(rng, 25, 4500 if method != "Imaging" else 5000)
                if method == "Imaging":
                    mass = rng.uniform(800, 4500)
            else:
                radius = _loguniform(rng, 0.55, 4.2)
                mass = max(0.05, radius**2.06 * _loguniform(rng, 0.55, 1.8))
                if method in ("Radial Velocity", "Microlensing"):
                    mass = _loguniform(rng, 1.2, 40)
            has_period = method in ("Transit", "Radial Velocity") or (method == "Imaging" and rng.random() < 0.35)
            has_radius = method == "Transit" or (method == "Imaging" and rng.random() < 0.6)
            measured = method != "Transit" or (rng.random() < (0.8 if giant else 0.3))
            prov = "Msini" if method == "Radial Velocity" else "Mass"
            a = (period / 365.25) ** (2 / 3) * st_mass ** (1 / 3)
            eqt = teff * math.sqrt(st_rad * 0.00465047 / (2 * a))
            controv = 1 if rng.random() < 0.01 else 0
            n_sets = _pick(rng, [(1, 42), (2, 30), (3, 18), (4, 10)])
            months = (
                sorted(rng.sample(range(1, 12 * (2025 - disc) - 1), min(n_sets - 1, 12 * (2025 - disc) - 2)))
                if n_sets > 1
                else []
            )
            pubs = [(disc, rng.randint(1, 12))] + [(disc + (m // 12), m % 12 + 1) for m in months]
            pubs = sorted(set(pubs))
            default = rng.randrange(len(pubs))
            name = f"{host} {'bcdefghij'[i]}"
            for k, (py, pm) in enumerate(pubs):
                is_default = k == default
                row = {
                    "pl_name": name,
                    "hostname": host,
                    "default_flag": int(is_default),
                    "sy_snum": 1 if rng.random() < 0.9 else 2,
                    "sy_pnum": n_planets,
                    "discoverymethod": method,
                    "disc_year": disc,
                    "disc_facility": facility,
                    "soltype": "Published Confirmed",
                    "pl_controv_flag": controv,
                    "pl_refname": _refname(rng, py),
                    "pl_orbper": None,
                    "pl_orbpererr1": None,
                    "pl_orbpererr2": None,
                    "pl_orbperlim": None,
                    "pl_orbsmax": None,
                    "pl_rade": None,
                    "pl_radeerr1": None,
                    "pl_radeerr2": None,
                    "pl_radj": None,
                    "pl_bmasse": None,
                    "pl_bmasseerr1": None,
                    "pl_bmasseerr2": None,
                    "pl_bmassj": None,
                    "pl_bmassprov": None,
                    "pl_orbeccen": None,
                    "pl_eqt": None,
                    "st_spectype": spectype if rng.random() < 0.55 else None,
                    "st_teff": round(teff * rng.uniform(0.98, 1.02)),
                    "st_rad": st_rad,
                    "st_mass": st_mass,
                    "ra": ra,
                    "dec": dec,
                    "sy_dist": None,
                    "sy_vmag": vmag,
                    "rowupdate": None,
                    "pl_pubdate": f"{py}-{pm:02d}",
                    "releasedate": None,
                }
                if has_period and (is_default or rng.random() < 0.9):
                    p = _g(period * (1 + rng.gauss(0, 2e-5)), 8 if period < 100 else 6)
                    err = _g(p * _loguniform(rng, 2e-7, 1e-4), 2)
                    row.update(
                        pl_orbper=p,
                        pl_orbpererr1=err,
                        pl_orbpererr2=-err,
                        pl_orbperlim=0,
                        pl_orbsmax=_g(a, 4) if rng.random() < 0.8 else None,
                    )
                if has_radius and (is_default or rng.random() < 0.8):
                    r = round(radius * (1 + rng.gauss(0, 0.05)), 2 if radius < 10 else 1)
                    e = round(r * rng.uniform(0.02, 0.12), 2)
                    row.update(pl_rade=r, pl_radeerr1=e, pl_radeerr2=-e, pl_radj=round(r / EARTH_PER_JUPITER_RADIUS, 3))
                if measured and (is_default or rng.random() < 0.7):
                    m = _g(mass * (1 + rng.gauss(0, 0.1)), 4 if mass >= 10 else 3)
                    e = _g(m * rng.uniform(0.05, 0.35), 2)
                    row.update(
                        pl_bmasse=m,
                        pl_bmasseerr1=e,
                        pl_bmasseerr2=-e,
                        pl_bmassj=_g(m / EARTH_PER_JUPITER_MASS, 4),
                        pl_bmassprov=prov,
                    )
                if row["pl_orbper"] is not None and rng.random() < 0.5:
                    row["pl_orbeccen"] = (
                        0
                        if rng.random() < 0.4
                        else round(rng.uniform(0, 0.45 if method == "Radial Velocity" else 0.2), 3)
                    )
                if method == "Transit" and rng.random() < 0.6:
                    row["pl_eqt"] = round(eqt * rng.uniform(0.97, 1.03))
                row["releasedate"] = f"{py}-{pm:02d}-{rng.randint(1, 28):02d}"
                row["rowupdate"] = (
                    row["releasedate"]
                    if rng.random() < 0.6
                    else f"{rng.randint(py, 2024)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
                )
                rows.append(row)
        for row in rows:
            if row["hostname"] == host:
                row["sy_dist"] = round(dist, 4)
    return rows


def _exo_value(v) -> str:
    if v is None:
        return ""
    if isinstance(v, float):
        return repr(v)
    return str(v)


def _write_exo(t: Truth, d: Path) -> None:
    import csv
    import io

    out = io.StringIO()
    out.write("# This file was produced by the NASA Exoplanet Archive  http://exoplanetarchive.ipac.caltech.edu\n")
    out.write("# Tue Jan 14 08:30:12 2025\n#\n# User preference: *\n#\n")
    for name, desc in EXO_COLUMNS:
        out.write(f"# COLUMN {name + ':':<15} {desc}\n")
    out.write("#\n")
    w = csv.writer(out, lineterminator="\n")
    w.writerow([c for c, _ in EXO_COLUMNS])
    for row in t.exo:
        w.writerow([_exo_value(row[c]) for c, _ in EXO_COLUMNS])
    (d / EXO_FILE).write_bytes(out.getvalue().encode("utf-8"))


# ==================================================================================================
# Twitter archive, data/tweets.js
# ==================================================================================================

TW_USER = "loafwithmari"
TW_NAME = "Mari 🍞 bakes"
TW_USER_ID = "1187362049915125760"
TWITTER_EPOCH_MS = 1288834974657
SOURCES = [
    ('<a href="http://twitter.com/download/iphone" rel="nofollow">Twitter for iPhone</a>', "Twitter for iPhone", 52),
    ('<a href="https://mobile.twitter.com" rel="nofollow">Twitter Web App</a>', "Twitter Web App", 34),
    ('<a href="http://twitter.com/#!/download/ipad" rel="nofollow">Twitter for iPad</a>', "Twitter for iPad", 9),
    ('<a href="https://about.twitter.com/products/tweetdeck" rel="nofollow">TweetDeck</a>', "TweetDeck", 5),
]
FRIENDS = [  # handle, display name, weight as a reply target
    ("proofingbasket_ed", "Ed | Proofing Basket", 30),
    ("crumbshot_cat", "Cat Alvarez", 18),
    ("levain_lou", "Lou", 16),
    ("windowpane_test", "Windowpane Weekly", 14),
    ("flourdusted_k", "Kasia", 12),
    ("bakersdozen_sam", "Sam B.", 11),
    ("ryeorrye", "Rye or Rye", 10),
    ("chicagobreadclub", "Chicago Bread Club", 9),
    ("hydration_hank", "Hank", 8),
    ("ovenspring_co", "Oven Spring Co.", 7),
    ("millerjune", "June Miller", 6),
    ("scorelines", "Scorelines", 5),
    ("pretzel_pat", "Pat", 5),
    ("bannetonbabe", "Banneton Babe", 4),
    ("autolyse_al", "Al", 4),
    ("starterhotel", "Starter Hotel", 3),
    ("grainandgrit", "Grain & Grit", 3),
    ("bench_rest", "Bench Rest", 2),
]
BREADS = [
    "country loaf",
    "seeded rye",
    "focaccia",
    "olive batard",
    "spelt boule",
    "cinnamon babka",
    "bagels",
    "baguettes",
    "brioche",
    "pan de muerto",
    "challah",
    "ciabatta",
    "polenta loaf",
    "milk bread",
    "pretzels",
]
HASHTAGS = [  # (spellings with weights) per tag
    [("sourdough", 40), ("Sourdough", 30), ("SOURDOUGH", 3)],
    [("BreadTwitter", 55), ("breadtwitter", 4)],
    [("baking", 22), ("Baking", 6)],
    [("ChicagoEats", 10), ("chicagoeats", 2)],
    [("rye", 8), ("Rye", 4)],
    [("focaccia", 7)],
    [("homebaker", 6), ("HomeBaker", 3)],
]
TAG_WEIGHTS = [70, 55, 25, 11, 11, 6, 8]
OPENERS = [
    "Today's bake: {b}.",
    "Fresh out of the oven: {b}!",
    "Weekend project: {b}.",
    "Tried a new {b} recipe.",
    "{B} at 78% hydration &amp; a long cold proof.",
    "Crumb shot of this morning's {b}.",
    "Not my best {b} but it'll taste great.",
    "Shaping {b} before work, wish me luck.",
    "Day 3 of the {b} experiment.",
    "Sold out of {b} at the Logan Square market today!",
]
CLOSERS = [
    "",
    "",
    " So happy with the ear on this one.",
    " Crumb was a bit tight, more fermentation next time.",
    " Recipe in the replies.",
    " The kitchen smells amazing.",
    " 450°F, lid on for 20 min.",
    " Who else is baking this weekend?",
    " Starter was extra lively today.",
    " Overproofed &gt; underproofed? Discuss.",
]
REPLIES = [
    "thank you!! it was a long proof",
    "haha yes, always",
    "try a longer autolyse, it helped me a lot",
    "that crumb 😍",
    "I use about 2% salt",
    "this looks incredible",
    "cold retard overnight, 38°F",
    "good luck at the market!",
    "same thing happened to me last week",
    "send me the recipe please?",
    "you're right, more steam next time",
    "congrats!!",
]
EDIT_NOTES = [
    "75% hydration, not 78!",
    "it was rye flour, not spelt.",
    "typo, sorry",
    "baked at 475°F actually.",
    "the market is on Sunday!",
    "forgot the salt in the recipe, 2%.",
]
THREADS = [
    "Recipe: 500g bread flour, 375g water, 100g starter, 10g salt.",
    "Bulk 5h at 76°F, 4 sets of coil folds.",
    "Shape, then into the fridge overnight.",
    "Bake 450°F: 20 min lid on, 25 min lid off.",
    "Let it cool before cutting! (I never do)",
    "Update: it was worth it.",
]


def _snowflake(rng: random.Random, ts: datetime) -> int:
    return ((int(ts.timestamp() * 1000) - TWITTER_EPOCH_MS) << 22) + rng.randrange(1 << 22)


def _tw_local_time(rng: random.Random, day: date) -> datetime:
    hour = _pick(
        rng,
        [
            (0, 4),
            (1, 3),
            (2, 2),
            (3, 1),
            (4, 1),
            (5, 3),
            (6, 6),
            (7, 8),
            (8, 6),
            (9, 5),
            (10, 5),
            (11, 5),
            (12, 6),
            (13, 5),
            (14, 5),
            (15, 5),
            (16, 6),
            (17, 8),
            (18, 9),
            (19, 11),
            (20, 12),
            (21, 11),
            (22, 9),
            (23, 7),
        ],
    )
    local = datetime(day.year, day.month, day.day, hour, rng.randint(0, 59), rng.randint(0, 59), tzinfo=CHICAGO)
    return local.astimezone(UTC)


def _build_tweets(rng: random.Random) -> list[dict]:
    tweets: list[dict] = []
    start, end = date(2022, 1, 1), date(2024, 12, 31)
    day = start
    own_by_day: list[dict] = []
    while day <= end:
        n = _pick(rng, [(0, 48), (1, 28), (2, 14), (3, 6), (4, 3), (6, 1)])
        for _ in range(n):
            utc = _tw_local_time(rng, day)
            kind = _pick(rng, [("original", 48), ("reply", 22), ("thread", 10), ("retweet", 20)])
            tw = {
                "utc": utc,
                "kind": kind,
                "source": _pick(rng, [(s, w) for s, _, w in SOURCES]),
                "lang": "en",
                "hashtags": [],
                "mentions": [],
                "reply_to": None,
                "reply_status": None,
                "favorites": 0,
                "retweets": 0,
                "edit_of": None,
                "versions": None,
                "url": None,
            }
            if kind == "retweet":
                who = rng.choice(FRIENDS)
                text = f"{rng.choice(OPENERS).format(b=rng.choice(BREADS), B=rng.choice(BREADS).capitalize())}{rng.choice(CLOSERS)}"
                tags = [_pick(rng, HASHTAGS[i]) for i in sorted(rng.sample(range(len(HASHTAGS)), rng.randint(0, 2)))]
                full = f"RT @{who[0]}: {text}" + "".join(f" #{h}" for h in tags)
                if len(full) > 140:
                    full = full[:139] + "…"
                    tags = [h for h in tags if f"#{h}" in full and full.index(f"#{h}") + len(h) + 1 <= 139]
                tw.update(text=full, hashtags=tags, mentions=[(who[0], who[1])], retweets=int(_loguniform(rng, 2, 900)))
            elif kind == "reply" or (kind == "thread" and not own_by_day):
                who = _pick(rng, [((h, n_), w) for h, n_, w in FRIENDS])
                tw.update(
                    kind="reply",
                    text=f"@{who[0]} {rng.choice(REPLIES)}",
                    mentions=[who],
                    reply_to=who[0],
                    reply_status=str(_snowflake(rng, utc - timedelta(minutes=rng.randint(3, 600)))),
                    favorites=_pick(rng, [(0, 30), (1, 30), (2, 20), (3, 10), (5, 6), (9, 4)]),
                )
            elif kind == "thread":
                parent = own_by_day[-1]
                tw.update(
                    text=rng.choice(THREADS),
                    reply_to=TW_USER,
                    reply_status=str(parent["id"]),
                    favorites=_pick(rng, [(0, 20), (1, 30), (2, 25), (4, 15), (8, 10)]),
                )
                tw["utc"] = max(utc, parent["utc"] + timedelta(seconds=rng.randint(40, 400)))
            else:
                tags = [
                    _pick(rng, HASHTAGS[i])
                    for i in sorted(
                        rng.choices(range(len(HASHTAGS)), weights=TAG_WEIGHTS, k=rng.choice([0, 1, 1, 2, 2, 3]))
                    )
                ]
                seen: list[str] = []
                for h in tags:
                    if h.lower() not in [s.lower() for s in seen]:
                        seen.append(h)
                text = f"{rng.choice(OPENERS).format(b=rng.choice(BREADS), B=rng.choice(BREADS).capitalize())}{rng.choice(CLOSERS)}"
                text += "".join(f" #{h}" for h in seen)
                url = None
                if rng.random() < 0.45:
                    url = "https://t.co/" + "".join(
                        rng.choice("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(10)
                    )
                    text += " " + url
                fav = int(_loguniform(rng, 1, 60))
                if rng.random() < 0.03:
                    fav = int(_loguniform(rng, 150, 2400))
                tw.update(text=text, hashtags=seen, favorites=fav, retweets=int(fav * rng.uniform(0, 0.25)), url=url)
            tw["id"] = _snowflake(rng, tw["utc"])
            tweets.append(tw)
            if tw["kind"] in ("original", "thread"):
                own_by_day.append(tw)
        day += timedelta(days=1)
    # edits (the feature came in late 2022): each later version is its own entry
    edited = [
        tw
        for tw in tweets
        if tw["kind"] == "original" and tw["utc"] >= datetime(2022, 10, 15, tzinfo=UTC) and rng.random() < 0.07
    ]
    for tw in edited:
        chain = [tw]
        for _ in range(_pick(rng, [(1, 80), (2, 20)])):
            prev = chain[-1]
            utc = prev["utc"] + timedelta(seconds=rng.randint(30, 1500))
            if utc >= chain[0]["utc"] + timedelta(minutes=30):
                break
            cut = min(
                [i for i in (prev["text"].find(" #"), prev["text"].find(" https://")) if i >= 0] or [len(prev["text"])]
            )
            text = prev["text"][:cut] + " Edit: " + rng.choice(EDIT_NOTES) + prev["text"][cut:]
            v = dict(prev, utc=utc, text=text, id=_snowflake(rng, utc), edit_of=tw["id"])
            v["favorites"] = int(prev["favorites"] * rng.uniform(0.8, 1.6)) + 1
            prev["favorites"] = int(prev["favorites"] * rng.uniform(0.05, 0.3))
            prev["retweets"] = 0
            chain.append(v)
            tweets.append(v)
        ids = [str(v["id"]) for v in chain]
        for v in chain:
            v["versions"] = ids
    tweets.sort(key=lambda tw: tw["utc"])
    return tweets


def _tw_entry(tw: dict) -> dict:
    """One archive entry as the archive writes it (key order and string numbers included)."""
    created = tw["utc"].strftime("%a %b %d %H:%M:%S +0000 %Y")
    tid = str(tw["id"])
    root = tw["edit_of"] if tw["edit_of"] is not None else tw["id"]
    root_utc = datetime.fromtimestamp((((root >> 22) + TWITTER_EPOCH_MS) / 1000), UTC)
    control = {
        "editTweetIds": tw["versions"] or [tid],
        "editableUntil": (root_utc + timedelta(minutes=30)).strftime("%Y-%m-%dT%H:%M:%S.000Z"),
        "editsRemaining": str(5 - (len(tw["versions"]) - 1 if tw["versions"] else 0)),
        "isEditEligible": tw["kind"] == "original",
    }
    edit_info = (
        {"initial": control}
        if tw["edit_of"] is None
        else {"edit": {"initialTweetId": str(root), "editControlInitial": control}}
    )
    text = tw["text"]
    hashtags, pos = [], 0
    for h in tw["hashtags"]:
        i = text.index("#" + h, pos)
        hashtags.append({"text": h, "indices": [str(i), str(i + len(h) + 1)]})
        pos = i + 1
    mentions = []
    for handle, name in tw["mentions"]:
        i = text.index("@" + handle)
        mentions.append(
            {
                "name": name,
                "screen_name": handle,
                "indices": [str(i), str(i + len(handle) + 1)],
                "id_str": str(1000000 + sum(map(ord, handle)) * 7919),
                "id": str(1000000 + sum(map(ord, handle)) * 7919),
            }
        )
    urls = []
    if tw["url"]:
        i = text.index(tw["url"])
        urls.append(
            {
                "url": tw["url"],
                "expanded_url": f"https://twitter.com/{TW_USER}/status/{tid}/photo/1",
                "display_url": "pic.twitter.com/" + tw["url"][-10:],
                "indices": [str(i), str(i + len(tw["url"]))],
            }
        )
    start = len(f"@{tw['reply_to']} ") if tw["kind"] == "reply" else 0
    end = len(text) - (len(tw["url"]) + 1 if tw["url"] else 0)
    e: dict = {
        "edit_info": edit_info,
        "retweeted": False,
        "source": tw["source"],
        "entities": {"hashtags": hashtags, "symbols": [], "user_mentions": mentions, "urls": urls},
        "display_text_range": [str(start), str(end)],
        "favorite_count": str(tw["favorites"]),
    }
    if tw["reply_to"]:
        e["in_reply_to_status_id_str"] = tw["reply_status"]
    e.update(id_str=tid, truncated=False, retweet_count=str(tw["retweets"]), id=tid)
    if tw["reply_to"]:
        e["in_reply_to_status_id"] = tw["reply_status"]
    e.update(created_at=created, favorited=False, full_text=text, lang=tw["lang"])
    if tw["reply_to"]:
        uid = TW_USER_ID if tw["reply_to"] == TW_USER else str(1000000 + sum(map(ord, tw["reply_to"])) * 7919)
        e.update(in_reply_to_screen_name=tw["reply_to"], in_reply_to_user_id=uid, in_reply_to_user_id_str=uid)
    return {"tweet": e}


def _write_tweets(t: Truth, d: Path) -> None:
    entries = [_tw_entry(tw) for tw in reversed(t.tweets)]  # newest first, as the archive lists them
    body = json.dumps(entries, indent=2, ensure_ascii=False, separators=(",", " : "))
    (d / TWEETS_FILE).write_bytes(("window.YTD.tweets.part0 = " + body).encode("utf-8"))


# ==================================================================================================
# Anki collection (legacy schema 11)
# ==================================================================================================

ANKI_CREATED = datetime(2023, 9, 4, 4, 0, tzinfo=BERLIN)
ANKI_END = date(2024, 12, 22)
ROLLOVER = 4  # Anki's day starts at 4 am local time
VACATION = (date(2024, 7, 21), date(2024, 8, 3))  # Anki days with no study
CATCH_UP = date(2024, 8, 4)  # back late: the backlog cleared from 02:21 on the 5th (still the 4th's Anki day)

VOCAB = [
    ("la manzana", "the apple"),
    ("el perro", "the dog"),
    ("la ventana", "the window"),
    ("el cuchillo", "the knife"),
    ("la almohada", "the pillow"),
    ("el ayuntamiento", "the town hall"),
    ("la cuchara", "the spoon"),
    ("el sobre", "the envelope"),
    ("la lavadora", "the washing machine"),
    ("el buzón", "the mailbox"),
    ("la acera", "the pavement"),
    ("el grifo", "the tap"),
    ("la bombilla", "the light bulb"),
    ("el cajón", "the drawer"),
    ("la nevera", "the fridge"),
    ("el desarrollo", "the development"),
    ("la herramienta", "the tool"),
    ("el ferrocarril", "the railway"),
    ("la desventaja", "the disadvantage"),
    ("el alquiler", "the rent"),
    ("la huelga", "the strike"),
    ("el embalse", "the reservoir"),
    ("la cerradura", "the lock"),
    ("el tobillo", "the ankle"),
    ("la muñeca", "the wrist"),
    ("el codo", "the elbow"),
    ("la rodilla", "the knee"),
    ("el hombro", "the shoulder"),
    ("la mejilla", "the cheek"),
    ("el pulgar", "the thumb"),
    ("la ceja", "the eyebrow"),
    ("el pañuelo", "the handkerchief"),
    ("la bufanda", "the scarf"),
    ("el cinturón", "the belt"),
    ("la chaqueta", "the jacket"),
    ("el abrigo", "the coat"),
    ("la zanahoria", "the carrot"),
    ("el ajo", "the garlic"),
    ("la cebolla", "the onion"),
    ("el pepino", "the cucumber"),
    ("la berenjena", "the aubergine"),
    ("el melocotón", "the peach"),
    ("la fresa", "the strawberry"),
    ("el limón", "the lemon"),
    ("la sandía", "the watermelon"),
    ("el cordero", "the lamb"),
    ("la ternera", "the veal"),
    ("el cerdo", "the pork"),
    ("la harina", "the flour"),
    ("el azúcar", "the sugar"),
    ("la mantequilla", "the butter"),
    ("el aceite", "the oil"),
    ("la sartén", "the frying pan"),
    ("el horno", "the oven"),
    ("la olla", "the pot"),
    ("el vaso", "the glass"),
    ("la taza", "the cup"),
    ("el plato", "the plate"),
    ("la servilleta", "the napkin"),
    ("el mantel", "the tablecloth"),
    ("la estantería", "the bookshelf"),
    ("el escritorio", "the desk"),
    ("la alfombra", "the rug"),
    ("el espejo", "the mirror"),
    ("la escalera", "the staircase"),
    ("el sótano", "the basement"),
    ("la azotea", "the roof terrace"),
    ("el tejado", "the roof"),
    ("la chimenea", "the fireplace"),
    ("el jardín", "the garden"),
    ("la valla", "the fence"),
    ("el césped", "the lawn"),
    ("la ardilla", "the squirrel"),
    ("el murciélago", "the bat"),
    ("la golondrina", "the swallow"),
    ("el búho", "the owl"),
    ("la mariposa", "the butterfly"),
    ("el caracol", "the snail"),
    ("la hormiga", "the ant"),
    ("el mosquito", "the mosquito"),
    ("la nube", "the cloud"),
    ("el relámpago", "the lightning"),
    ("la niebla", "the fog"),
    ("el granizo", "the hail"),
    ("la sequía", "the drought"),
    ("el terremoto", "the earthquake"),
    ("la orilla", "the shore"),
    ("el acantilado", "the cliff"),
    ("la colina", "the hill"),
    ("el valle", "the valley"),
    ("la cueva", "the cave"),
    ("el bosque", "the forest"),
    ("la factura", "the bill"),
    ("el recibo", "the receipt"),
    ("la hipoteca", "the mortgage"),
    ("el presupuesto", "the budget"),
    ("la beca", "the scholarship"),
    ("el sueldo", "the salary"),
    ("la jubilación", "the retirement"),
    ("el despido", "the dismissal"),
    ("la entrevista", "the interview"),
    ("el ascenso", "the promotion"),
    ("la plantilla", "the staff"),
    ("el horario", "the timetable"),
    ("la ubicación", "the location"),
    ("el atasco", "the traffic jam"),
    ("la rueda", "the wheel"),
    ("el volante", "the steering wheel"),
    ("la gasolinera", "the petrol station"),
    ("el peaje", "the toll"),
    ("la multa", "the fine"),
    ("el andén", "the platform"),
    ("la maleta", "the suitcase"),
    ("el billete", "the ticket"),
    ("la aduana", "the customs"),
    ("el vuelo", "the flight"),
]
VERBS = [
    ("tener", "to have"),
    ("hacer", "to do, to make"),
    ("poder", "to be able to"),
    ("decir", "to say"),
    ("poner", "to put"),
    ("saber", "to know (a fact)"),
    ("conocer", "to know (a person)"),
    ("querer", "to want"),
    ("llevar", "to carry, to wear"),
    ("dejar", "to leave, to let"),
    ("seguir", "to follow, to continue"),
    ("encontrar", "to find"),
    ("llamar", "to call"),
    ("venir", "to come"),
    ("pensar", "to think"),
    ("salir", "to go out"),
    ("volver", "to return"),
    ("tomar", "to take"),
    ("sentir", "to feel"),
    ("conseguir", "to obtain"),
    ("empezar", "to begin"),
    ("esperar", "to wait, to hope"),
    ("buscar", "to look for"),
    ("entrar", "to enter"),
    ("trabajar", "to work"),
    ("escribir", "to write"),
    ("perder", "to lose"),
    ("producir", "to produce"),
    ("ocurrir", "to happen"),
    ("entender", "to understand"),
    ("pedir", "to ask for"),
    ("recibir", "to receive"),
    ("recordar", "to remember"),
    ("terminar", "to finish"),
    ("permitir", "to allow"),
    ("aparecer", "to appear"),
    ("servir", "to serve"),
    ("sacar", "to take out"),
    ("necesitar", "to need"),
    ("mantener", "to maintain"),
    ("resultar", "to turn out"),
    ("leer", "to read"),
    ("caer", "to fall"),
    ("cambiar", "to change"),
    ("presentar", "to present"),
    ("crear", "to create"),
    ("abrir", "to open"),
    ("considerar", "to consider"),
    ("oír", "to hear"),
    ("acabar", "to finish, to end up"),
    ("convertir", "to convert"),
    ("ganar", "to win, to earn"),
    ("formar", "to form"),
    ("traer", "to bring"),
    ("partir", "to leave, to split"),
    ("morir", "to die"),
    ("aceptar", "to accept"),
    ("realizar", "to carry out"),
    ("suponer", "to suppose"),
    ("comprender", "to understand"),
    ("lograr", "to achieve"),
    ("explicar", "to explain"),
]
PHRASES = [
    ("¿Dónde está el baño?", "Where is the bathroom?"),
    ("Me da igual.", "I don't mind."),
    ("¡Qué va!", "No way!"),
    ("Tengo ganas de...", "I feel like..."),
    ("Echo de menos a mi familia.", "I miss my family."),
    ("¿Me pone un café con leche?", "Can I have a white coffee?"),
    ("Estoy hecho polvo.", "I'm exhausted."),
    ("No pasa nada.", "It's fine."),
    ("¿Qué tal?", "How are things?"),
    ("Vale la pena.", "It's worth it."),
    ("Ponerse las pilas.", "To get one's act together."),
    ("Estar en las nubes.", "To daydream."),
    ("Tomar el pelo.", "To pull someone's leg."),
    ("Costar un ojo de la cara.", "To cost an arm and a leg."),
    ("Me cae bien.", "I like him/her."),
    ("¿Cuánto cuesta?", "How much is it?"),
    ("Hace mucho calor.", "It's very hot."),
    ("Llevo dos años aquí.", "I've been here for two years."),
    ("Acabo de llegar.", "I've just arrived."),
    ("Se me olvidó.", "I forgot."),
    ("¿Te apetece?", "Do you fancy it?"),
    ("Ni idea.", "No idea."),
    ("Por si acaso.", "Just in case."),
    ("A lo mejor.", "Maybe."),
    ("Cada dos por tres.", "Every now and then."),
    ("Dar en el clavo.", "To hit the nail on the head."),
    ("Meter la pata.", "To put one's foot in it."),
    ("Ser pan comido.", "To be a piece of cake."),
]
CAPITALS = [
    ("Burkina Faso", "Ouagadougou"),
    ("Kazakhstan", "Astana"),
    ("Myanmar", "Naypyidaw"),
    ("Tanzania", "Dodoma"),
    ("Côte d'Ivoire", "Yamoussoukro"),
    ("Sri Lanka", "Sri Jayawardenepura Kotte"),
    ("Bolivia", "Sucre"),
    ("Bhutan", "Thimphu"),
    ("Eritrea", "Asmara"),
    ("Kyrgyzstan", "Bishkek"),
    ("Tajikistan", "Dushanbe"),
    ("Turkmenistan", "Ashgabat"),
    ("Mongolia", "Ulaanbaatar"),
    ("Laos", "Vientiane"),
    ("Brunei", "Bandar Seri Begawan"),
    ("Palau", "Ngerulmud"),
    ("Vanuatu", "Port Vila"),
    ("Tuvalu", "Funafuti"),
    ("Kiribati", "South Tarawa"),
    ("Nauru", "Yaren"),
    ("Malawi", "Lilongwe"),
    ("Zambia", "Lusaka"),
    ("Botswana", "Gaborone"),
    ("Namibia", "Windhoek"),
    ("Lesotho", "Maseru"),
    ("Eswatini", "Mbabane"),
    ("Gabon", "Libreville"),
    ("Chad", "N'Djamena"),
    ("Niger", "Niamey"),
    ("Mali", "Bamako"),
    ("Mauritania", "Nouakchott"),
    ("Guinea-Bissau", "Bissau"),
    ("Suriname", "Paramaribo"),
    ("Guyana", "Georgetown"),
    ("Belize", "Belmopan"),
    ("Honduras", "Tegucigalpa"),
    ("Moldova", "Chișinău"),
    ("Montenegro", "Podgorica"),
    ("North Macedonia", "Skopje"),
    ("Slovenia", "Ljubljana"),
    ("Azerbaijan", "Baku"),
    ("Armenia", "Yerevan"),
    ("Georgia", "Tbilisi"),
    ("Oman", "Muscat"),
    ("Yemen", "Sana'a"),
    ("Bahrain", "Manama"),
    ("Djibouti", "Djibouti"),
    ("Comoros", "Moroni"),
]
ANKI_DECKS = {  # deck id -> name (ids are creation times in ms, as Anki makes them)
    1: "Default",
    1693794061381: "Spanish",
    1693794061382: "Spanish::Vocabulary",
    1693794101917: "Spanish::Verbs",
    1694457223045: "Spanish::Phrases",
    1698512903776: "Geography",
    1698512903777: "Geography::Capitals",
}
DECK_ID = {name: i for i, name in ANKI_DECKS.items()}
MODEL_BASIC = 1693794000001
MODEL_REVERSED = 1693794000002
GUID_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~"


def _anki_day_start(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, ROLLOVER, 0, tzinfo=BERLIN)


def _build_anki(rng: random.Random) -> dict:
    notes: list[dict] = []
    cards: list[dict] = []
    plan = [  # deck, model, items, first day the deck's notes were added, cards per note
        ("Spanish::Vocabulary", MODEL_REVERSED, VOCAB, date(2023, 9, 4)),
        ("Spanish::Verbs", MODEL_REVERSED, VERBS, date(2023, 9, 4)),
        ("Spanish::Phrases", MODEL_BASIC, PHRASES, date(2023, 9, 12)),
        ("Geography::Capitals", MODEL_BASIC, CAPITALS, date(2023, 10, 28)),
    ]
    base_difficulty = {
        "Spanish::Vocabulary": 1.0,
        "Spanish::Verbs": 1.15,
        "Spanish::Phrases": 0.8,
        "Geography::Capitals": 1.3,
    }
    hard_words = {
        "el ferrocarril",
        "la desventaja",
        "el ayuntamiento",
        "la cerradura",
        "el murciélago",
        "la golondrina",
    }
    for k_deck, (deck, model, items, added) in enumerate(plan):
        t0 = datetime(added.year, added.month, added.day, 18 + k_deck, 5, tzinfo=BERLIN)
        for i, (front, back) in enumerate(items):
            nid = int((t0 + timedelta(seconds=25 * i + rng.randint(0, 20))).timestamp() * 1000)
            shown = front
            r = rng.random()
            if r < 0.06:
                shown = front + "&nbsp;"
            elif r < 0.1:
                shown = f"<b>{front}</b>"
            elif r < 0.13:
                shown = front + "<br>"
            difficulty = base_difficulty[deck] * _loguniform(rng, 0.45, 2.0)
            if front in hard_words:
                difficulty *= rng.uniform(3.0, 4.0)
            tags = []
            if deck.startswith("Spanish"):
                tags.append(rng.choice(["A2", "B1", "B1", "B2"]))
            if deck == "Spanish::Verbs" and rng.random() < 0.4:
                tags.append("irregular")
            note = {
                "id": nid,
                "deck": deck,
                "mid": model,
                "front": front,
                "back": back,
                "flds": f"{shown}\x1f{back}",
                "tags": tags,
                "guid": "".join(rng.choice(GUID_CHARS) for _ in range(10)),
                "difficulty": difficulty,
            }
            notes.append(note)
            for ord_ in range(2 if model == MODEL_REVERSED else 1):
                cards.append(
                    {
                        "id": nid + ord_ + 1,
                        "nid": nid,
                        "did": DECK_ID[deck],
                        "ord": ord_,
                        "deck": deck,
                        "added": added,
                        "difficulty": difficulty * (1.25 if ord_ == 1 else 1.0),
                        "type": 0,
                        "queue": 0,
                        "due": len(cards) + 1,
                        "ivl": 0,
                        "factor": 0,
                        "reps": 0,
                        "lapses": 0,
                        "left": 0,
                        "step": 0,
                        "due_day": None,
                        "mod": nid // 1000,
                    }
                )
    revlog: list[dict] = []
    used_ms: set = set()

    def log(when: datetime, card: dict, ease: int, ivl: int, last: int, factor: int, taken: int, kind: int) -> None:
        ms = int(when.timestamp() * 1000)
        while ms in used_ms:
            ms += 1
        used_ms.add(ms)
        revlog.append(
            {
                "id": ms,
                "cid": card["id"],
                "ease": ease,
                "ivl": ivl,
                "lastIvl": last,
                "factor": factor,
                "time": min(60000, taken),
                "type": kind,
                "utc": datetime.fromtimestamp(ms / 1000, UTC),
            }
        )

    new_per_day = 14
    day = ANKI_CREATED.date()
    backlog_stop = None
    while day <= ANKI_END:
        d_index = (day - ANKI_CREATED.date()).days
        studies = not (VACATION[0] <= day <= VACATION[1]) and (day == CATCH_UP or rng.random() < 0.88)
        if studies:
            if day == CATCH_UP:
                starts = [datetime(day.year, day.month, day.day, 2, 21, 12, tzinfo=BERLIN) + timedelta(days=1)]
                backlog_stop = _anki_day_start(day + timedelta(days=1)) - timedelta(minutes=3)
            else:
                slot = _pick(rng, [("evening", 66), ("morning", 16), ("late", 18)])
                if slot == "evening":
                    local = datetime(
                        day.year,
                        day.month,
                        day.day,
                        rng.randint(19, 22),
                        rng.randint(0, 59),
                        rng.randint(0, 59),
                        tzinfo=BERLIN,
                    )
                elif slot == "morning":
                    local = datetime(
                        day.year, day.month, day.day, 7, rng.randint(0, 59), rng.randint(0, 59), tzinfo=BERLIN
                    )
                else:
                    nxt = day + timedelta(days=1)
                    local = datetime(
                        nxt.year, nxt.month, nxt.day, 0, rng.randint(0, 50), rng.randint(0, 59), tzinfo=BERLIN
                    )
                starts = [local]
                backlog_stop = None
            for start in starts:
                now = start.astimezone(UTC)
                due = [c for c in cards if c["queue"] == 2 and c["due_day"] is not None and c["due_day"] <= d_index]
                rng.shuffle(due)
                fresh = [c for c in cards if c["queue"] == 0 and c["added"] <= day][:new_per_day]
                queue = due + fresh
                rng.shuffle(queue)
                learning: list[tuple[datetime, int, dict]] = []
                seq = 0
                while queue or learning:
                    if backlog_stop is not None and now >= backlog_stop.astimezone(UTC):
                        break
                    learning.sort(key=lambda x: (x[0], x[1]))
                    if learning and (learning[0][0] <= now or not queue):
                        when, _, card = learning.pop(0)
                        now = max(now, when)
                    else:
                        card = queue.pop()
                    taken = int(
                        _loguniform(rng, 2500, 14000)
                        * (1.4 if card["type"] == 0 else 1.0)
                        * (1 + 0.15 * card["difficulty"])
                    )
                    now += timedelta(milliseconds=min(taken, 60000) + rng.randint(300, 2500))
                    p_fail = min(0.75, 0.055 * card["difficulty"] * (1.0 + 0.12 * math.log1p(card["ivl"])))
                    if card["type"] in (0, 1, 3):  # learning or relearning steps: 1 min, 10 min
                        kind = 0 if card["type"] in (0, 1) else 2
                        last = (
                            card["ivl"]
                            if card["type"] == 3
                            else (0 if card["type"] == 0 and card["step"] == 0 else [-60, -600][card["step"]])
                        )
                        first = card["type"] == 0
                        ease = (
                            1
                            if rng.random() < min(0.7, 0.22 * card["difficulty"])
                            else (4 if first and rng.random() < 0.04 else 3)
                        )
                        if first:
                            card["type"], card["queue"], card["step"] = 1, 1, 0
                        if ease == 1:
                            card["step"] = 0
                            ivl = -60
                            seq += 1
                            learning.append((now + timedelta(seconds=60), seq, card))
                        elif ease == 4 or card["step"] == 1 or card["type"] == 3:
                            new_ivl = (
                                4 if ease == 4 else (max(1, card.get("relearn_ivl", 1)) if card["type"] == 3 else 1)
                            )
                            card.update(
                                type=2,
                                queue=2,
                                ivl=new_ivl,
                                due_day=d_index + new_ivl,
                                step=0,
                                factor=card["factor"] or 2500,
                            )
                            ivl = new_ivl
                        else:
                            card["step"] = 1
                            ivl = -600
                            seq += 1
                            learning.append((now + timedelta(seconds=600), seq, card))
                        log(now, card, ease, ivl, last, card["factor"] if card["type"] == 2 else 0, taken, kind)
                    else:  # a review
                        last = card["ivl"]
                        late = max(0, d_index - card["due_day"])
                        if rng.random() < p_fail:
                            card["lapses"] += 1
                            card["factor"] = max(1300, card["factor"] - 200)
                            card.update(type=3, queue=1, relearn_ivl=1)
                            log(now, card, 1, -600, last, card["factor"], taken, 1)
                            if card["lapses"] >= 8:  # a leech: suspended
                                card.update(queue=-1, type=2, ivl=1, due_day=d_index + 1)
                                card["leech"] = True
                            else:
                                seq += 1
                                learning.append((now + timedelta(seconds=600), seq, card))
                        else:
                            ease = _pick(rng, [(2, 12), (3, 78), (4, 10)])
                            if ease == 2:
                                new_ivl = max(last + 1, int(last * 1.2))
                                card["factor"] = max(1300, card["factor"] - 150)
                            elif ease == 3:
                                new_ivl = max(last + 1, int((last + late / 2) * card["factor"] / 1000))
                            else:
                                new_ivl = max(last + 2, int((last + late) * card["factor"] / 1000 * 1.3))
                                card["factor"] += 150
                            new_ivl = max(1, min(36500, int(new_ivl * rng.uniform(0.95, 1.05))))
                            card.update(ivl=new_ivl, due_day=d_index + new_ivl)
                            log(now, card, ease, new_ivl, last, card["factor"], taken, 1)
                    card["reps"] += 1
                    card["mod"] = int(now.timestamp())
                # learning cards left at the session's end come back the next day
                for _, _, card in learning:
                    if card["type"] == 3:
                        card.update(type=2, queue=2, ivl=1, due_day=d_index + 1)
                    elif card["queue"] == 1:
                        card.update(type=2, queue=2, ivl=1, due_day=d_index + 1, factor=2500)
                # a manual reschedule now and then ("Set due date"): a log row that is not an answer
                if rng.random() < 0.07:
                    reviewed = [c for c in cards if c["queue"] == 2 and c["ivl"] >= 3]
                    if reviewed:
                        card = rng.choice(reviewed)
                        new_ivl = rng.randint(1, 5)
                        log(
                            now + timedelta(seconds=rng.randint(20, 300)),
                            card,
                            0,
                            new_ivl,
                            card["ivl"],
                            card["factor"],
                            0,
                            4,
                        )
                        card.update(ivl=new_ivl, due_day=d_index + new_ivl)
        day += timedelta(days=1)
    # a few manual suspensions and buried cards, and notes deleted along the way (their review history stays)
    live = [c for c in cards if c["queue"] == 2]
    for c in rng.sample(live, 9):
        c["queue"] = -1
    for c in rng.sample([c for c in cards if c["queue"] == 2], 4):
        c["queue"] = -2
    deletable = [n for n in notes if n["deck"] == "Spanish::Vocabulary" and n["front"] not in hard_words]
    deleted = sorted(n["id"] for n in rng.sample(deletable, 5))
    for n in notes:
        if any(c.get("leech") for c in cards if c["nid"] == n["id"]):
            n["tags"].append("leech")
    return {
        "notes": notes,
        "cards": cards,
        "revlog": sorted(revlog, key=lambda r: r["id"]),
        "deleted": deleted,
        "decks": dict(ANKI_DECKS),
    }


def _anki_json_blobs(t: Truth) -> tuple[str, str, str, str]:
    crt = int(ANKI_CREATED.timestamp())
    conf = {
        "activeDecks": [1],
        "addToCur": True,
        "collapseTime": 1200,
        "curDeck": 1693794061382,
        "curModel": MODEL_REVERSED,
        "dueCounts": True,
        "estTimes": True,
        "newSpread": 0,
        "nextPos": len(t.anki["cards"]) + 1,
        "sortBackwards": False,
        "sortType": "noteFld",
        "timeLim": 0,
        "schedVer": 2,
        "rollover": ROLLOVER,
        "creationOffset": -60,
        "localOffset": -60,
        "dayLearnFirst": False,
        "newBury": True,
    }
    decks = {}
    for did, name in ANKI_DECKS.items():
        decks[str(did)] = {
            "id": did,
            "mod": crt + (did % 97) * 3600,
            "name": name,
            "usn": -1,
            "lrnToday": [0, 0],
            "revToday": [0, 0],
            "newToday": [0, 0],
            "timeToday": [0, 0],
            "collapsed": False,
            "browserCollapsed": False,
            "desc": "",
            "dyn": 0,
            "conf": 1,
            "extendNew": 0,
            "extendRev": 0,
        }
    dconf = {
        "1": {
            "id": 1,
            "mod": 0,
            "name": "Default",
            "usn": 0,
            "maxTaken": 60,
            "autoplay": True,
            "timer": 0,
            "replayq": True,
            "dyn": False,
            "new": {
                "bury": False,
                "delays": [1.0, 10.0],
                "initialFactor": 2500,
                "ints": [1, 4, 0],
                "order": 1,
                "perDay": 14,
            },
            "lapse": {"delays": [10.0], "leechAction": 0, "leechFails": 8, "minInt": 1, "mult": 0.0},
            "rev": {"bury": False, "ease4": 1.3, "ivlFct": 1.0, "maxIvl": 36500, "perDay": 9999, "hardFactor": 1.2},
        }
    }

    def model(mid: int, name: str, two: bool) -> dict:
        tmpl = [
            {
                "name": "Card 1",
                "ord": 0,
                "qfmt": "{{Front}}",
                "afmt": "{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}",
                "bqfmt": "",
                "bafmt": "",
                "did": None,
            }
        ]
        if two:
            tmpl.append(
                {
                    "name": "Card 2",
                    "ord": 1,
                    "qfmt": "{{Back}}",
                    "afmt": "{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}",
                    "bqfmt": "",
                    "bafmt": "",
                    "did": None,
                }
            )
        flds = [
            {"name": n, "ord": i, "sticky": False, "rtl": False, "font": "Arial", "size": 20}
            for i, n in enumerate(["Front", "Back"])
        ]
        return {
            "id": mid,
            "name": name,
            "type": 0,
            "mod": crt,
            "usn": -1,
            "sortf": 0,
            "did": 1693794061382,
            "tmpls": tmpl,
            "flds": flds,
            "css": ".card {\n  font-family: arial;\n  font-size: 20px;\n  text-align: center;\n}\n",
            "latexPre": "",
            "latexPost": "",
            "req": [[0, "any", [0]]],
        }

    models = {
        str(MODEL_BASIC): model(MODEL_BASIC, "Basic", False),
        str(MODEL_REVERSED): model(MODEL_REVERSED, "Basic (and reversed card)", True),
    }
    return (
        json.dumps(conf, separators=(",", ":")),
        json.dumps(models, separators=(",", ":")),
        json.dumps(decks, separators=(",", ":")),
        json.dumps(dconf, separators=(",", ":")),
    )


ANKI_SCHEMA = """
CREATE TABLE col (
    id              integer primary key,
    crt             integer not null,
    mod             integer not null,
    scm             integer not null,
    ver             integer not null,
    dty             integer not null,
    usn             integer not null,
    ls              integer not null,
    conf            text not null,
    models          text not null,
    decks           text not null,
    dconf           text not null,
    tags            text not null
);
CREATE TABLE notes (
    id              integer primary key,   /* 0 */
    guid            text not null,         /* 1 */
    mid             integer not null,      /* 2 */
    mod             integer not null,      /* 3 */
    usn             integer not null,      /* 4 */
    tags            text not null,         /* 5 */
    flds            text not null,         /* 6 */
    sfld            integer not null,      /* 7 */
    csum            integer not null,      /* 8 */
    flags           integer not null,      /* 9 */
    data            text not null          /* 10 */
);
CREATE TABLE cards (
    id              integer primary key,   /* 0 */
    nid             integer not null,      /* 1 */
    did             integer not null,      /* 2 */
    ord             integer not null,      /* 3 */
    mod             integer not null,      /* 4 */
    usn             integer not null,      /* 5 */
    type            integer not null,      /* 6 */
    queue           integer not null,      /* 7 */
    due             integer not null,      /* 8 */
    ivl             integer not null,      /* 9 */
    factor          integer not null,      /* 10 */
    reps            integer not null,      /* 11 */
    lapses          integer not null,      /* 12 */
    left            integer not null,      /* 13 */
    odue            integer not null,      /* 14 */
    odid            integer not null,      /* 15 */
    flags           integer not null,      /* 16 */
    data            text not null          /* 17 */
);
CREATE TABLE revlog (
    id              integer primary key,
    cid             integer not null,
    usn             integer not null,
    ease            integer not null,
    ivl             integer not null,
    lastIvl         integer not null,
    factor          integer not null,
    time            integer not null,
    type            integer not null
);
CREATE TABLE graves (
    usn             integer not null,
    oid             integer not null,
    type            integer not null
);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
"""


def _write_anki(t: Truth, d: Path) -> None:
    a = t.anki
    deleted = set(a["deleted"])
    crt = int(ANKI_CREATED.timestamp())
    last_mod = max(r["id"] for r in a["revlog"])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / ANKI_FILE
        con = sqlite3.connect(path)
        con.executescript("PRAGMA page_size = 4096; PRAGMA journal_mode = DELETE;" + ANKI_SCHEMA)
        conf, models, decks, dconf = _anki_json_blobs(t)
        con.execute(
            "INSERT INTO col VALUES (1,?,?,?,11,0,0,0,?,?,?,?,?)",
            (crt, last_mod, crt * 1000 + 1, conf, models, decks, dconf, "{}"),
        )
        for n in a["notes"]:
            if n["id"] in deleted:
                continue
            sort_field = n["front"]
            csum = int(hashlib.sha1(sort_field.encode("utf-8")).hexdigest()[:8], 16)
            tags = " " + " ".join(n["tags"]) + " " if n["tags"] else ""
            con.execute(
                "INSERT INTO notes VALUES (?,?,?,?,?,?,?,?,?,0,'')",
                (n["id"], n["guid"], n["mid"], n["id"] // 1000, -1, tags, n["flds"], sort_field, csum),
            )
        cards_of_deleted = []
        for c in a["cards"]:
            if c["nid"] in deleted:
                cards_of_deleted.append(c["id"])
                continue
            if c["type"] == 0:
                due = c["due"]
            elif c["queue"] == 1:
                due = c["mod"] + 600
            else:
                due = c["due_day"] if c["due_day"] is not None else 0
            con.execute(
                "INSERT INTO cards VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,0,0,0,'')",
                (
                    c["id"],
                    c["nid"],
                    c["did"],
                    c["ord"],
                    c["mod"],
                    -1,
                    c["type"] if c["type"] != 3 else 2,
                    c["queue"],
                    due,
                    c["ivl"],
                    c["factor"],
                    c["reps"],
                    c["lapses"],
                    0,
                ),
            )
        for r in a["revlog"]:
            con.execute(
                "INSERT INTO revlog VALUES (?,?,?,?,?,?,?,?,?)",
                (r["id"], r["cid"], -1, r["ease"], r["ivl"], r["lastIvl"], r["factor"], r["time"], r["type"]),
            )
        for nid in sorted(deleted):
            con.execute("INSERT INTO graves VALUES (-1,?,1)", (nid,))
        for cid in cards_of_deleted:
            con.execute("INSERT INTO graves VALUES (-1,?,0)", (cid,))
        con.commit()
        con.execute("VACUUM")
        con.close()
        (d / ANKI_FILE).write_bytes(path.read_bytes())


# ==================================================================================================
# PubMed search results as XML (efetch)
# ==================================================================================================

JOURNALS = [  # title, ISO abbreviation, NLM id, print ISSN, electronic ISSN, country, language, weight, MedlineDate share
    (
        "The Science of the total environment",
        "Sci Total Environ",
        "0330500",
        "0048-9697",
        "1879-1026",
        "Netherlands",
        "eng",
        30,
        0.0,
    ),
    (
        "Environmental pollution (Barking, Essex : 1987)",
        "Environ Pollut",
        "8804476",
        "0269-7491",
        "1873-6424",
        "England",
        "eng",
        26,
        0.0,
    ),
    (
        "Journal of hazardous materials",
        "J Hazard Mater",
        "9422688",
        "0304-3894",
        "1873-3336",
        "Netherlands",
        "eng",
        24,
        0.0,
    ),
    ("Marine pollution bulletin", "Mar Pollut Bull", "0260231", "0025-326X", "1879-3363", "England", "eng", 34, 0.0),
    ("Chemosphere", "Chemosphere", "0320657", "0045-6535", "1879-1298", "England", "eng", 27, 0.0),
    (
        "Environmental science & technology",
        "Environ Sci Technol",
        "0213155",
        "0013-936X",
        "1520-5851",
        "United States",
        "eng",
        14,
        0.0,
    ),
    ("Water research", "Water Res", "0105072", "0043-1354", "1879-2448", "England", "eng", 12, 0.0),
    ("Environment international", "Environ Int", "7807270", "0160-4120", "1873-6750", "Netherlands", "eng", 11, 0.0),
    (
        "Ecotoxicology and environmental safety",
        "Ecotoxicol Environ Saf",
        "7805381",
        "0147-6513",
        "1090-2414",
        "Netherlands",
        "eng",
        13,
        0.0,
    ),
    (
        "Environmental science and pollution research international",
        "Environ Sci Pollut Res Int",
        "9441769",
        "0944-1344",
        "1614-7499",
        "Germany",
        "eng",
        15,
        0.0,
    ),
    ("Toxics", "Toxics", "101639637", None, "2305-6304", "Switzerland", "eng", 9, 0.0),
    (
        "International journal of environmental research and public health",
        "Int J Environ Res Public Health",
        "101238455",
        "1661-7827",
        "1660-4601",
        "Switzerland",
        "eng",
        8,
        0.0,
    ),
    ("Huan jing ke xue= Huanjing kexue", "Huan Jing Ke Xue", "8405344", "0250-3301", None, "China", "chi", 9, 0.0),
    (
        "Bundesgesundheitsblatt, Gesundheitsforschung, Gesundheitsschutz",
        "Bundesgesundheitsblatt Gesundheitsforschung Gesundheitsschutz",
        "101181368",
        "1436-9990",
        "1437-1588",
        "Germany",
        "ger",
        3,
        0.0,
    ),
    (
        "Revista espanola de salud publica",
        "Rev Esp Salud Publica",
        "9415683",
        "1135-5727",
        "2173-9110",
        "Spain",
        "spa",
        3,
        0.5,
    ),
    ("Particle and fibre toxicology", "Part Fibre Toxicol", "101236354", None, "1743-8977", "England", "eng", 4, 0.0),
    (
        "Journal of agricultural and food chemistry",
        "J Agric Food Chem",
        "0374755",
        "0021-8561",
        "1520-5118",
        "United States",
        "eng",
        5,
        0.0,
    ),
    (
        "Reviews on environmental health",
        "Rev Environ Health",
        "0425754",
        "0048-7554",
        "2191-0308",
        "Germany",
        "eng",
        4,
        1.0,
    ),
    (
        "Journal of environmental health",
        "J Environ Health",
        "0405540",
        "0022-0892",
        None,
        "United States",
        "eng",
        4,
        1.0,
    ),
    (
        "Environmental health perspectives",
        "Environ Health Perspect",
        "0330411",
        "0091-6765",
        "1552-9924",
        "United States",
        "eng",
        6,
        0.0,
    ),
]
BIMONTHS = ["Jan-Feb", "Mar-Apr", "May-Jun", "Jul-Aug", "Sep-Oct", "Nov-Dec"]
MONTH_ABBR = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
COUNTRIES = [  # country, weight, spellings at the end of an affiliation (with weights), (institution, city) pairs
    (
        "China",
        40,
        [("China", 58), ("P.R. China", 12), ("PR China", 9), ("People's Republic of China", 9)],
        [
            ("Research Center for Eco-Environmental Sciences, Chinese Academy of Sciences", "Beijing 100085"),
            ("School of the Environment, Nanjing University", "Nanjing 210023"),
            ("College of Environmental Science and Engineering, Tongji University", "Shanghai 200092"),
            ("School of Marine Sciences, Sun Yat-sen University", "Zhuhai 519082"),
            ("College of Oceanic and Atmospheric Sciences, Ocean University of China", "Qingdao 266100"),
            ("College of the Environment and Ecology, Xiamen University", "Xiamen 361102"),
            ("School of Resource and Environmental Sciences, Wuhan University", "Wuhan 430079"),
            ("College of Environmental and Resource Sciences, Zhejiang University", "Hangzhou 310058"),
        ],
    ),
    (
        "USA",
        11,
        [("USA", 80), ("United States", 15), ("United States of America", 5)],
        [
            ("Department of Environmental Health and Engineering, Johns Hopkins University", "Baltimore, MD"),
            ("Department of Civil and Environmental Engineering, University of California", "Davis, CA"),
            ("School of Public Health, University of Michigan", "Ann Arbor, MI"),
            ("Nicholas School of the Environment, Duke University", "Durham, NC"),
        ],
    ),
    (
        "Italy",
        6,
        [("Italy", 100)],
        [
            ("Department of Life and Environmental Sciences, Polytechnic University of Marche", "Ancona"),
            ("Department of Biology, University of Naples Federico II", "Naples"),
            ("Istituto Superiore di Sanità", "Rome"),
        ],
    ),
    (
        "Germany",
        6,
        [("Germany", 100)],
        [
            ("Animal Ecology I, University of Bayreuth", "Bayreuth"),
            ("German Federal Institute for Risk Assessment (BfR)", "Berlin"),
            ("Helmholtz Centre for Environmental Research - UFZ", "Leipzig"),
        ],
    ),
    (
        "Spain",
        5,
        [("Spain", 100)],
        [
            ("Institute of Environmental Assessment and Water Research (IDAEA-CSIC)", "Barcelona"),
            ("Department of Chemistry, University of Cádiz", "Cádiz"),
        ],
    ),
    (
        "United Kingdom",
        5,
        [("UK", 70), ("United Kingdom", 30)],
        [
            ("School of Biological and Marine Sciences, University of Plymouth", "Plymouth"),
            ("College of Life and Environmental Sciences, University of Exeter", "Exeter"),
        ],
    ),
    (
        "Korea",
        4,
        [("Republic of Korea", 60), ("South Korea", 30), ("Korea", 10)],
        [
            ("Department of Environmental Engineering, Seoul National University", "Seoul"),
            ("Korea Institute of Ocean Science and Technology", "Busan"),
        ],
    ),
    (
        "India",
        5,
        [("India", 100)],
        [
            ("Centre for Environmental Studies, Anna University", "Chennai"),
            ("School of Environmental Sciences, Jawaharlal Nehru University", "New Delhi"),
        ],
    ),
    ("Brazil", 3, [("Brazil", 100)], [("Oceanographic Institute, University of São Paulo", "São Paulo")]),
    (
        "Netherlands",
        4,
        [("the Netherlands", 70), ("The Netherlands", 30)],
        [
            ("Aquatic Ecology and Water Quality Management Group, Wageningen University", "Wageningen"),
            ("Institute for Risk Assessment Sciences, Utrecht University", "Utrecht"),
        ],
    ),
    (
        "Australia",
        4,
        [("Australia", 100)],
        [("School of Life and Environmental Sciences, University of Sydney", "Sydney, NSW")],
    ),
    (
        "Canada",
        4,
        [("Canada", 100)],
        [("Department of Ecology and Evolutionary Biology, University of Toronto", "Toronto, ON")],
    ),
    (
        "Iran",
        3,
        [("Iran", 100)],
        [("Department of Environmental Health Engineering, Tehran University of Medical Sciences", "Tehran")],
    ),
    ("Sweden", 2, [("Sweden", 100)], [("Department of Marine Sciences, University of Gothenburg", "Gothenburg")]),
]
SURNAMES = {
    "China": [
        "Wang",
        "Li",
        "Zhang",
        "Liu",
        "Chen",
        "Yang",
        "Zhao",
        "Huang",
        "Zhou",
        "Wu",
        "Xu",
        "Sun",
        "Ma",
        "Zhu",
        "Hu",
        "Guo",
        "He",
        "Lin",
    ],
    "USA": [
        "Smith",
        "Johnson",
        "Brown",
        "Miller",
        "Davis",
        "Garcia",
        "Rodriguez",
        "Wilson",
        "Anderson",
        "Taylor",
        "Moore",
        "Nguyen",
    ],
    "Italy": ["Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Gregori"],
    "Germany": [
        "Müller",
        "Schmidt",
        "Schneider",
        "Fischer",
        "Weber",
        "Meyer",
        "Wagner",
        "Becker",
        "Hoffmann",
        "Krause",
    ],
    "Spain": ["García", "Fernández", "González", "Rodríguez", "López", "Martínez", "Sánchez", "Pérez", "Gómez"],
    "United Kingdom": ["Jones", "Williams", "Evans", "Thomas", "Roberts", "Walker", "Wright", "Green", "Hall"],
    "Korea": ["Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon"],
    "India": ["Kumar", "Singh", "Sharma", "Patel", "Das", "Reddy", "Iyer", "Nair"],
    "Brazil": ["Silva", "Santos", "Oliveira", "Souza", "Costa", "Pereira"],
    "Netherlands": ["de Vries", "Jansen", "van Dijk", "Bakker", "Visser", "Smit", "de Boer"],
    "Australia": ["Smith", "Jones", "Kelly", "Ryan", "Murphy", "Clarke"],
    "Canada": ["Tremblay", "Gagnon", "Roy", "Campbell", "MacDonald", "Wong"],
    "Iran": ["Hosseini", "Mohammadi", "Ahmadi", "Rezaei", "Karimi", "Moradi"],
    "Sweden": ["Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson"],
}
GIVEN = {
    "China": [
        "Yu",
        "Jing",
        "Xin",
        "Hui",
        "Lei",
        "Yan",
        "Wei",
        "Jun",
        "Ying",
        "Hong",
        "Li",
        "Xiao",
        "Yue",
        "Jian",
        "Ming",
        "Fang",
        "Yan-Ling",
        "Xiao-Wei",
        "Zhi-Hong",
        "Chun",
    ],
    "other": [
        "Anna",
        "Marco",
        "Laura",
        "David",
        "Sarah",
        "Thomas",
        "Julia",
        "Michael",
        "Elena",
        "Pedro",
        "Sofia",
        "James",
        "Hannah",
        "Min-Jun",
        "Priya",
        "Lucas",
        "Emma",
        "Reza",
        "Karin",
        "Erik",
    ],
}
PROLIFIC = {"last": "Lindqvist", "fore": "Karin E", "initials": "KE", "country": "Sweden"}
TOPICS = [
    ("Microplastics in {m} from {p}: occurrence, characteristics and risk assessment.", None),
    ("Polystyrene nanoplastics induce oxidative stress in <i>{s}</i>.", "species"),
    ("Occurrence of microplastics in human {h}: a pilot study.", None),
    ("Effects of polyethylene microplastics on the gut microbiota of <i>{s}</i>.", "species"),
    ("Microplastic pollution in {m}: a systematic review and meta-analysis.", None),
    ("Atmospheric microplastics and PM<sub>2.5</sub> in {p}.", None),
    ("Release of microplastics from {k} during everyday use.", None),
    ("Removal of microplastics in drinking water treatment plants in {p}.", None),
    ("Nanoplastics cross the blood-brain barrier in <i>{s}</i>.", "species"),
    ("Microplastics as vectors of heavy metals in {m}.", None),
]
MATRICES = [
    "coastal sediments",
    "drinking water",
    "bottled water",
    "table salt",
    "commercial fish",
    "agricultural soils",
    "river water",
    "sea ice",
    "urban air",
    "honey",
]
PLACES = [
    "the Yangtze River estuary",
    "the Bohai Sea",
    "the Mediterranean Sea",
    "the Great Lakes",
    "the North Sea",
    "the Bay of Bengal",
    "Lake Victoria",
    "the Baltic Sea",
    "Sydney Harbour",
    "the Arctic",
]
SPECIES = ["Daphnia magna", "Danio rerio", "Mytilus edulis", "Caenorhabditis elegans", "Eisenia fetida", "Mus musculus"]
HUMAN = ["placenta", "blood", "stool", "lung tissue", "breast milk", "testis"]
KITCHEN = ["plastic kettles", "tea bags", "baby feeding bottles", "chopping boards", "takeaway containers"]
PUB_TYPES_EXTRA = [("Research Support, Non-U.S. Gov't", 0.4), ("Research Support, N.I.H., Extramural", 0.05)]
MESH = [
    ("Microplastics", "D000072756"),
    ("Water Pollutants, Chemical", "D014874"),
    ("Environmental Monitoring", "D004784"),
    ("Humans", "D006801"),
    ("Animals", "D000818"),
    ("Plastics", "D010969"),
    ("Polystyrenes", "D011137"),
    ("Geologic Sediments", "D019015"),
    ("Oxidative Stress", "D018384"),
    ("Drinking Water", "D060766"),
    ("Fishes", "D005399"),
    ("Soil Pollutants", "D012989"),
    ("Risk Assessment", "D018570"),
    ("Gastrointestinal Microbiome", "D000069196"),
    ("Nanoparticles", "D053758"),
]


def _initials(fore: str) -> str:
    return "".join(p[0].upper() for p in fore.replace("-", " ").split())


def _pm_author(rng: random.Random, country: str) -> dict:
    pool = SURNAMES[country]
    last = rng.choice(pool)
    if country == "China":
        fore = rng.choice(GIVEN["China"])
        if "-" not in fore and rng.random() < 0.35:
            fore += rng.choice(["fei", "hua", "ling", "ming", "qing", "wen", "yu", "jie"])
    else:
        fore = rng.choice(GIVEN["other"]) + (f" {rng.choice('ABCDEFGHJKLMNPRST')}" if rng.random() < 0.35 else "")
    return {"last": last, "fore": fore, "initials": _initials(fore), "country": country}


def _affiliation(rng: random.Random, country: str, email_of: dict | None = None) -> tuple[str, str]:
    """An affiliation string ending with the country as written, and the country (clean)."""
    _, _, spellings, places = next(c for c in COUNTRIES if c[0] == country)
    spelled = _pick(rng, spellings)
    inst, city = rng.choice(places)
    text = f"{inst}, {city}, {spelled}."
    if email_of is not None and rng.random() < 0.16:
        dom = "edu.cn" if country == "China" else rng.choice(["edu", "ac.uk", "de", "it", "es"])
        text += f" Electronic address: {email_of['last'].lower().replace(' ', '')}{email_of['initials'].lower()}@{rng.choice(['mail', 'ees', 'env'])}.{dom}."
    return text, country


def _pm_date(y: int, m: int, d: int) -> date:
    return date(y, m, min(d, 28))


def _build_pubmed(rng: random.Random) -> list[dict]:
    arts: list[dict] = []
    year_weights = [(2019, 8), (2020, 11), (2021, 14), (2022, 17), (2023, 21), (2024, 23)]
    n = 270
    prolific_slots = set(rng.sample(range(n), 17))
    for i in range(n):
        year = _pick(rng, year_weights)
        jt = _pick(rng, [(j, j[7]) for j in JOURNALS])
        title_j, iso, nlm, issn_p, issn_e, jcountry, lang, _, mdshare = jt
        # the issue date and its shape
        month = rng.randint(1, 12)
        day = rng.randint(1, 28)
        if rng.random() < mdshare:
            shape = "medline"
            month = rng.choice([1, 3, 5, 7, 9, 11])
        else:
            shape = _pick(rng, [("ymd", 44), ("ym", 38), ("y", 8), ("season", 3), ("medline", 7)])
        if shape == "medline":
            pubdate = {"MedlineDate": f"{year} {BIMONTHS[(month - 1) // 2]}"}
            issue_year = year
        elif shape == "season":
            pubdate = {"Year": str(year), "Season": rng.choice(["Spring", "Summer", "Fall", "Winter"])}
            issue_year = year
        elif shape == "y":
            pubdate = {"Year": str(year)}
            issue_year = year
        elif shape == "ym":
            pubdate = {"Year": str(year), "Month": MONTH_ABBR[month - 1]}
            issue_year = year
        else:
            pubdate = {"Year": str(year), "Month": MONTH_ABBR[month - 1], "Day": f"{day:02d}"}
            issue_year = year
        issue_day = _pm_date(year, month, day)
        epub = issue_day - timedelta(days=rng.randint(5, 120))
        has_epub = rng.random() < 0.85
        # authors
        first_country = _pick(rng, [(c[0], c[1]) for c in COUNTRIES])
        n_auth = max(1, min(16, int(rng.gauss(6.5, 3))))
        authors = []
        for k in range(n_auth):
            country = first_country if (k == 0 or rng.random() < 0.8) else _pick(rng, [(c[0], c[1]) for c in COUNTRIES])
            a = _pm_author(rng, country)
            affs = []
            for _ in range(1 if rng.random() < 0.8 else 2):
                affs.append(_affiliation(rng, country, a if k == 0 or k == n_auth - 1 else None))
            if k == 0 and country != "China" and rng.random() < 0.12:  # a second affiliation abroad
                affs.append(_affiliation(rng, "China" if rng.random() < 0.5 else "USA"))
            a["affs"] = affs
            authors.append(a)
        if rng.random() < 0.05 and first_country != "China":  # a Chinese name at a foreign first affiliation
            authors[0].update(last=rng.choice(SURNAMES["China"]), fore=rng.choice(GIVEN["China"]))
            authors[0]["initials"] = _initials(authors[0]["fore"])
        if i in prolific_slots:
            pos = rng.choice([0, len(authors) - 1, min(1, len(authors) - 1)])
            aff = _affiliation(rng, "Sweden", PROLIFIC)
            authors[pos] = dict(PROLIFIC, affs=[aff])
            if len(authors) == 1:
                authors.append(_pm_author(rng, first_country) | {"affs": [_affiliation(rng, first_country)]})
        if rng.random() < 0.04:
            authors.append(
                {
                    "collective": rng.choice(["MicroPlastics Exposure Consortium", "PlasticHealth Study Group"]),
                    "affs": [],
                }
            )
        # types, language, title
        ptypes = ["Journal Article"]
        r = rng.random()
        if r < 0.17:
            ptypes.append("Review")
        elif r < 0.21:
            ptypes += ["Systematic Review", "Review"] if rng.random() < 0.7 else ["Meta-Analysis", "Systematic Review"]
        elif r < 0.23:
            ptypes = ["Editorial"]
        elif r < 0.25:
            ptypes = ["Letter", "Comment"]
        for pt, p in PUB_TYPES_EXTRA:
            if rng.random() < p:
                ptypes.append(pt)
        article_lang = lang if lang == "eng" or rng.random() < 0.75 else "eng"
        tmpl, _ = rng.choice(TOPICS)
        title = tmpl.format(
            m=rng.choice(MATRICES),
            p=rng.choice(PLACES),
            s=rng.choice(SPECIES),
            h=rng.choice(HUMAN),
            k=rng.choice(KITCHEN),
        )
        if article_lang != "eng":
            ptypes.append("English Abstract")
            title = f"[{title.rstrip('.')}]."
        status = _pick(
            rng,
            [("MEDLINE", 78), ("PubMed-not-MEDLINE", 8), ("In-Process", 6), ("In-Data-Review", 4), ("Publisher", 4)],
        )
        mesh = []
        if status == "MEDLINE":
            picks = [MESH[0]] + rng.sample(MESH[1:], rng.randint(3, 7))
            for k, (term, ui) in enumerate(picks):
                mesh.append((term, ui, "Y" if k == 0 or rng.random() < 0.25 else "N"))
        # history
        history = {}
        if rng.random() < 0.72:
            received = epub - timedelta(days=int(_loguniform(rng, 25, 330)))
            accepted = epub - timedelta(days=rng.randint(3, 25))
            history["received"] = received
            if rng.random() < 0.6:
                history["revised"] = received + (accepted - received) * rng.uniform(0.5, 0.9)
            history["accepted"] = accepted
        elif rng.random() < 0.2:
            history["accepted"] = epub - timedelta(days=rng.randint(3, 25))
        arts.append(
            {
                "journal": title_j,
                "iso": iso,
                "nlm": nlm,
                "issn_p": issn_p,
                "issn_e": issn_e,
                "jcountry": jcountry,
                "pubdate": pubdate,
                "issue_year": issue_year,
                "issue_day": issue_day,
                "epub": epub if has_epub else None,
                "authors": authors,
                "ptypes": ptypes,
                "lang": article_lang,
                "title": title,
                "status": status,
                "mesh": mesh,
                "history": history,
                "volume": str(rng.randint(100, 950)),
                "pmc": rng.random() < 0.33,
                "abstract": rng.random() < 0.93 and "Editorial" not in ptypes,
            }
        )
    arts.sort(key=lambda a: (a["epub"] or a["issue_day"], a["journal"]))
    pmid = 30_500_000
    for a in arts:
        base = 30_500_000 + int(((a["epub"] or a["issue_day"]) - date(2019, 1, 1)).days * 4150)
        pmid = max(pmid + rng.randint(1, 900), base)
        a["pmid"] = str(pmid)
        a["doi"] = _doi(rng, a)
        a["pmcid"] = f"PMC{rng.randint(7000000, 11500000)}" if a["pmc"] else None
    arts.sort(key=lambda a: -int(a["pmid"]))
    return arts


DOI_STEMS = {  # ISO abbreviation -> how the journal's DOIs look
    "Sci Total Environ": "10.1016/j.scitotenv.{y}.{n6}",
    "Environ Pollut": "10.1016/j.envpol.{y}.{n6}",
    "J Hazard Mater": "10.1016/j.jhazmat.{y}.{n6}",
    "Mar Pollut Bull": "10.1016/j.marpolbul.{y}.{n6}",
    "Chemosphere": "10.1016/j.chemosphere.{y}.{n6}",
    "Environ Sci Technol": "10.1021/acs.est.{y2}c{n5}",
    "Water Res": "10.1016/j.watres.{y}.{n6}",
    "Environ Int": "10.1016/j.envint.{y}.{n6}",
    "Ecotoxicol Environ Saf": "10.1016/j.ecoenv.{y}.{n6}",
    "Environ Sci Pollut Res Int": "10.1007/s11356-0{y2}-{n5}-{d}",
    "Toxics": "10.3390/toxics{y2}0{n3}",
    "Int J Environ Res Public Health": "10.3390/ijerph{y2}0{n5}",
    "Huan Jing Ke Xue": "10.13227/j.hjkx.{y}0{n5}",
    "Bundesgesundheitsblatt Gesundheitsforschung Gesundheitsschutz": "10.1007/s00103-0{y2}-0{n4}-{d}",
    "Rev Esp Salud Publica": "10.4321/resp.{y}.{n5}",
    "Part Fibre Toxicol": "10.1186/s12989-0{y2}-00{n3}-{d}",
    "J Agric Food Chem": "10.1021/acs.jafc.{y2}c{n5}",
    "Rev Environ Health": "10.1515/reveh-{y}-0{n3}",
    "J Environ Health": "10.5555/jeh.{y}.{n4}",
    "Environ Health Perspect": "10.1289/EHP{n5}",
}


def _doi(rng: random.Random, a: dict) -> str:
    y = a["issue_day"].year
    return DOI_STEMS[a["iso"]].format(
        y=y,
        y2=y % 100,
        n6=rng.randint(100000, 999999),
        n5=f"{rng.randint(1, 99999):05d}",
        n4=f"{rng.randint(1, 9999):04d}",
        n3=f"{rng.randint(1, 999):03d}",
        d=rng.randint(0, 9),
    )


def _x(text: str) -> str:
    return escape(text, {'"': "&quot;"})


def _title_xml(title: str) -> str:
    """Escape a title but keep its inline <i>, <sub> markup, as PubMed does."""
    out = _x(title)
    for tag in ("i", "sub", "sup"):
        out = out.replace(f"&lt;{tag}&gt;", f"<{tag}>").replace(f"&lt;/{tag}&gt;", f"</{tag}>")
    return out


def _date_xml(tag: str, d: date, ind: str, attr: str = "") -> list[str]:
    return [
        f"{ind}<{tag}{attr}>",
        f"{ind}  <Year>{d.year}</Year>",
        f"{ind}  <Month>{d.month:02d}</Month>",
        f"{ind}  <Day>{d.day:02d}</Day>",
        f"{ind}</{tag}>",
    ]


def _article_xml(a: dict, rng: random.Random) -> list[str]:
    L: list[str] = ["<PubmedArticle>"]
    indexing = ' IndexingMethod="Automated"' if a["status"] == "MEDLINE" and rng.random() < 0.4 else ""
    L.append(f'  <MedlineCitation Status="{a["status"]}" Owner="NLM"{indexing}>')
    L.append(f'    <PMID Version="1">{a["pmid"]}</PMID>')
    if a["status"] == "MEDLINE":
        L += _date_xml(
            "DateCompleted",
            min(date(2024, 12, 20), (a["epub"] or a["issue_day"]) + timedelta(days=rng.randint(20, 90))),
            "    ",
        )
    L += _date_xml("DateRevised", date(2024, 12, rng.randint(1, 28)), "    ")
    model = "Print-Electronic" if a["epub"] else "Print"
    L.append(f'    <Article PubModel="{model}">')
    L.append("      <Journal>")
    if a["issn_e"]:
        L.append(f'        <ISSN IssnType="Electronic">{a["issn_e"]}</ISSN>')
    elif a["issn_p"]:
        L.append(f'        <ISSN IssnType="Print">{a["issn_p"]}</ISSN>')
    L.append(f'        <JournalIssue CitedMedium="{"Internet" if a["issn_e"] else "Print"}">')
    L.append(f"          <Volume>{a['volume']}</Volume>")
    L.append("          <PubDate>")
    for k, v in a["pubdate"].items():
        L.append(f"            <{k}>{v}</{k}>")
    L.append("          </PubDate>")
    L.append("        </JournalIssue>")
    L.append(f"        <Title>{_x(a['journal'])}</Title>")
    L.append(f"        <ISOAbbreviation>{_x(a['iso'])}</ISOAbbreviation>")
    L.append("      </Journal>")
    L.append(f"      <ArticleTitle>{_title_xml(a['title'])}</ArticleTitle>")
    L.append("      <Pagination>")
    L.append(f"        <StartPage>{rng.randint(1, 170000)}</StartPage>")
    L.append("      </Pagination>")
    L.append(f'      <ELocationID EIdType="doi" ValidYN="Y">{a["doi"]}</ELocationID>')
    if a["abstract"]:
        L.append("      <Abstract>")
        if rng.random() < 0.3:
            for label in ("BACKGROUND", "METHODS", "RESULTS", "CONCLUSIONS"):
                L.append(
                    f'        <AbstractText Label="{label}" NlmCategory="{label}">{_x(rng.choice(["Microplastics (MPs) are emerging contaminants.", "Samples were analysed by micro-FTIR and Raman spectroscopy.", "MPs were detected in 87% of samples (median 12.4 particles/g).", "Exposure warrants further study."]))}</AbstractText>'
                )
        else:
            L.append(
                f"        <AbstractText>{_x('Microplastics (MPs) are ubiquitous. ' + rng.choice(['We quantified MPs <5 mm by μ-FTIR.', 'Fibres & fragments dominated (>60%).', 'Polyethylene and polypropylene were the main polymers.']))}</AbstractText>"
            )
        if rng.random() < 0.5:
            L.append(
                "        <CopyrightInformation>Copyright © 2024 Elsevier Ltd. All rights reserved.</CopyrightInformation>"
            )
        L.append("      </Abstract>")
    L.append('      <AuthorList CompleteYN="Y">')
    for au in a["authors"]:
        L.append('        <Author ValidYN="Y">')
        if "collective" in au:
            L.append(f"          <CollectiveName>{_x(au['collective'])}</CollectiveName>")
        else:
            L.append(f"          <LastName>{_x(au['last'])}</LastName>")
            L.append(f"          <ForeName>{_x(au['fore'])}</ForeName>")
            L.append(f"          <Initials>{au['initials']}</Initials>")
            for text, _ in au["affs"]:
                L.append("          <AffiliationInfo>")
                L.append(f"            <Affiliation>{_x(text)}</Affiliation>")
                L.append("          </AffiliationInfo>")
        L.append("        </Author>")
    L.append("      </AuthorList>")
    L.append(f"      <Language>{a['lang']}</Language>")
    L.append("      <PublicationTypeList>")
    uis = {
        "Journal Article": "D016428",
        "Review": "D016454",
        "Systematic Review": "D000078182",
        "Meta-Analysis": "D017418",
        "Editorial": "D016421",
        "Letter": "D016422",
        "Comment": "D016420",
        "Research Support, Non-U.S. Gov't": "D013485",
        "Research Support, N.I.H., Extramural": "D052061",
        "English Abstract": "D004740",
    }
    for pt in a["ptypes"]:
        L.append(f'        <PublicationType UI="{uis[pt]}">{_x(pt)}</PublicationType>')
    L.append("      </PublicationTypeList>")
    if a["lang"] != "eng":
        L.append(f"      <VernacularTitle>{_x(a['title'].strip('[].'))}</VernacularTitle>")
    if a["epub"]:
        L += _date_xml("ArticleDate", a["epub"], "      ", ' DateType="Electronic"')
    L.append("    </Article>")
    L.append("    <MedlineJournalInfo>")
    L.append(f"      <Country>{a['jcountry']}</Country>")
    L.append(f"      <MedlineTA>{_x(a['iso'])}</MedlineTA>")
    L.append(f"      <NlmUniqueID>{a['nlm']}</NlmUniqueID>")
    L.append(f"      <ISSNLinking>{a['issn_p'] or a['issn_e']}</ISSNLinking>")
    L.append("    </MedlineJournalInfo>")
    if a["status"] == "MEDLINE":
        L.append("    <CitationSubset>IM</CitationSubset>")
        L.append("    <MeshHeadingList>")
        for term, ui, major in a["mesh"]:
            L.append("      <MeshHeading>")
            L.append(f'        <DescriptorName UI="{ui}" MajorTopicYN="{major}">{_x(term)}</DescriptorName>')
            L.append("      </MeshHeading>")
        L.append("    </MeshHeadingList>")
    L.append("  </MedlineCitation>")
    L.append("  <PubmedData>")
    L.append("    <History>")
    hist = list(a["history"].items())
    base = a["epub"] or a["issue_day"]
    hist += [("pubmed", base + timedelta(days=1)), ("medline", base + timedelta(days=1)), ("entrez", base)]
    for status, d in hist:
        L.append(f'      <PubMedPubDate PubStatus="{status}">')
        L.append(f"        <Year>{d.year}</Year>")
        L.append(f"        <Month>{d.month}</Month>")
        L.append(f"        <Day>{d.day}</Day>")
        if status in ("pubmed", "medline", "entrez"):
            L.append(f"        <Hour>{ {'pubmed': 6, 'medline': 6, 'entrez': 19}[status] }</Hour>")
            L.append(f"        <Minute>{ {'pubmed': 0, 'medline': 1, 'entrez': 53}[status] }</Minute>")
        L.append("      </PubMedPubDate>")
    L.append("    </History>")
    L.append(
        f"    <PublicationStatus>{'ppublish' if a['status'] != 'Publisher' else 'aheadofprint'}</PublicationStatus>"
    )
    L.append("    <ArticleIdList>")
    L.append(f'      <ArticleId IdType="pubmed">{a["pmid"]}</ArticleId>')
    L.append(f'      <ArticleId IdType="doi">{a["doi"]}</ArticleId>')
    if a["pmcid"]:
        L.append(f'      <ArticleId IdType="pmc">{a["pmcid"]}</ArticleId>')
    L.append("    </ArticleIdList>")
    L.append("  </PubmedData>")
    L.append("</PubmedArticle>")
    return L


def _write_pubmed(t: Truth, d: Path) -> None:
    rng = _rng("pubmed-render")
    lines = [
        '<?xml version="1.0" ?>',
        '<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2024//EN" "https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_240101.dtd">',
        "<PubmedArticleSet>",
    ]
    for a in t.pubmed:
        lines += _article_xml(a, rng)
    lines.append("</PubmedArticleSet>")
    (d / PUBMED_FILE).write_bytes(("\n".join(lines) + "\n").encode("utf-8"))


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    return Truth(
        exo=_build_exo(_rng("exo")),
        tweets=_build_tweets(_rng("tweets")),
        anki=_build_anki(_rng("anki")),
        pubmed=_build_pubmed(_rng("pubmed")),
    )


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_exo(t, d)
    _write_tweets(t, d)
    _write_anki(t, d)
    _write_pubmed(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout24-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
