"""The sixteenth held-out set's data: clean records built from a fixed seed, rendered the way real
public data exports look.

Four topics, each modelled on a real kind of export:

* issues     -- an open-source plotting library's issue tracker, pulled from the GitHub REST API
                (`GET /repos/orbitplot/orbitplot/issues?state=all`, pages joined into one JSON array,
                `orbitplot_issues_2022-2024.json`): pull requests mixed in among the issues (told apart
                only by a `pull_request` object), nested `user` and `labels`, ISO 8601 UTC times;
* downloads  -- the library's PyPI downloads, aggregated from the `bigquery-public-data.pypi.file_downloads`
                table and exported from BigQuery as Parquet (`pypi_downloads_orbitplot_2023-2024.parquet`):
                one row per day, country, installer and Python version, nulls for unknowns, Python
                versions as text (`3.9`, `3.10`), mirror downloads (bandersnatch) on release days;
* trials     -- a ClinicalTrials.gov search for type 2 diabetes downloaded as CSV (`ctg-studies.csv`):
                pipe-separated lists in a cell (`PHASE2|PHASE3`, `DRUG: Metformin|DRUG: Placebo`, sites),
                dates to the day or only to the month, upper-case enumerations;
* crime      -- data.police.uk street-level crime for Lincolnshire Police, a custom download of 36
                months as a zip of monthly CSV files (`police_uk_lincolnshire_2022-01_2024-12.zip`), with
                the ONS mid-2022 population estimates workbook (`mye22_population_estimates.xlsx`) to turn
                counts into rates: blank crime ids for anti-social behaviour, `No Location`, the district
                only inside the LSOA name (`North Kesteven 012A`), and a workbook of cover, contents and
                notes sheets before the tables, each table under title lines, one column per year of age.

`truth()` builds the clean records with the standard library only (one random stream per topic);
every random choice is made there, so rendering is deterministic and the same seed gives the same
bytes. `write_files(dir)` renders the files (pyarrow for the Parquet file, openpyxl for the workbook).
`python data.py DIR` writes them.
"""

from __future__ import annotations

import csv
import io
import json
import math
import random
import re
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

SEED = 16_240_917

GH_FILE = "orbitplot_issues_2022-2024.json"
PYPI_FILE = "pypi_downloads_orbitplot_2023-2024.parquet"
CTG_FILE = "ctg-studies.csv"
POL_FILE = "police_uk_lincolnshire_2022-01_2024-12.zip"
POP_FILE = "mye22_population_estimates.xlsx"
FILES = [GH_FILE, PYPI_FILE, CTG_FILE, POL_FILE, POP_FILE]

UTC = timezone.utc
BERLIN = ZoneInfo("Europe/Berlin")


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}:{topic}")


@dataclass
class Truth:
    items: list[dict]  # issues and pull requests, oldest first
    downloads: list[tuple]  # (day, country_code, installer, python_version, downloads); None = null
    studies: list[dict]  # one per study, file order
    crimes: list[dict]  # one per crime or anti-social behaviour incident, month order
    areas: list[dict]  # the population workbook's rows, in order: code, name, geography, males, females


# =================================================================================================
# issues: GitHub REST API, issues endpoint (pull requests included), created 2022-2024
# =================================================================================================

GH_REPO = "orbitplot/orbitplot"
GH_SNAPSHOT = datetime(2025, 1, 6, 9, 12, 40, tzinfo=UTC)
GH_START, GH_END = date(2022, 1, 1), date(2024, 12, 31)
MAINTAINERS = [("mkoenig", "Europe/Berlin"), ("lhartmann", "Europe/Berlin"), ("ayusuf", "Europe/London")]
MAINTAINERS += [("tbrennan", "America/New_York")]
ZONES = [("Europe/Berlin", 30), ("America/New_York", 20), ("America/Los_Angeles", 15), ("Asia/Kolkata", 12)]
ZONES += [("Asia/Shanghai", 10), ("Europe/London", 8), ("Australia/Sydney", 5)]
SYLLABLES = ["an", "ba", "chen", "da", "el", "fu", "go", "han", "ik", "jo", "ka", "li", "mo", "no", "or", "pe"]
SYLLABLES += ["qi", "ra", "sa", "ta", "ul", "vi", "wu", "xi", "ya", "zo", "ber", "din", "kov", "lund", "son"]
ISSUE_KINDS = {"bug": 45, "enhancement": 25, "documentation": 10, "question": 12, "performance": 8}
TITLES = {
    "bug": ["{} crashes with empty data", "Wrong tick labels on {} axis", "{} ignores the colour argument",
            "Legend overlaps {} in saved PNG", "TypeError in {} with pandas 2", "{} fails on datetime index"],
    "enhancement": ["Add {} option", "Support {} in subplots", "Allow custom {} formatter", "Feature: {} export"],
    "documentation": ["Docs: {} example is outdated", "Typo in {} tutorial", "Document the {} parameter"],
    "question": ["How do I change the {} size?", "Is {} supported?", "Question about {} defaults"],
    "performance": ["{} is slow for 1M points", "Memory use of {} grows", "Speed up {} rendering"],
}  # fmt: skip
WIDGETS = ["scatter", "heatmap", "colorbar", "polar plot", "histogram", "log axis", "facet grid", "twin axis"]
WIDGETS += ["violin plot", "SVG backend", "legend", "annotation", "3D surface", "time axis", "bar chart"]


def _gh_users(rng: random.Random) -> list[tuple[str, str]]:
    users, seen = [], set()
    while len(users) < 160:
        name = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3)))
        name += rng.choice(["", "", str(rng.randint(1, 99)), "-dev", "_py"])
        if name not in seen:
            seen.add(name)
            users.append((name, _pick(rng, dict(ZONES))))
    return users


def _pick(rng: random.Random, weights: dict):
    return rng.choices(list(weights), weights=list(weights.values()))[0]


def _local_time(rng: random.Random, day: date, zone: str, hours: tuple[int, int]) -> datetime:
    minute = rng.randint(hours[0] * 60, hours[1] * 60 - 1)
    local = datetime(day.year, day.month, day.day, minute // 60, minute % 60, rng.randint(0, 59), tzinfo=ZoneInfo(zone))
    return local.astimezone(UTC)


def _build_issues(rng: random.Random) -> list[dict]:
    users = _gh_users(rng)
    items: list[dict] = []
    day = GH_START
    while day <= GH_END:
        years = (day - GH_START).days / 365.25
        growth = 1.0 + 0.35 * years
        wk = day.weekday() >= 5
        # issues from users (and now and then a maintainer)
        for _ in range(_poisson(rng, 0.55 * growth * (0.6 if wk else 1.0))):
            login, zone = rng.choice(users) if rng.random() > 0.1 else rng.choice(MAINTAINERS)
            hours = (8, 24) if rng.random() < 0.8 else (0, 8)
            items.append({"is_pr": False, "login": login, "bot": False, "created": _local_time(rng, day, zone, hours)})
        # pull requests from people; Hacktoberfest brings a surge every October, the biggest in 2023
        surge = {2022: 1.7, 2023: 3.0, 2024: 1.9}[day.year] if day.month == 10 else 1.0
        for _ in range(_poisson(rng, 0.33 * growth * surge * (0.7 if wk else 1.0))):
            login, zone = rng.choice(MAINTAINERS) if rng.random() < 0.35 else rng.choice(users)
            items.append({"is_pr": True, "login": login, "bot": False, "created": _local_time(rng, day, zone, (7, 24))})
        if day.weekday() == 0:  # dependabot's weekly run
            for _ in range(rng.choice([0, 1, 1, 2, 2, 3])):
                ts = datetime(day.year, day.month, day.day, 5, rng.randint(0, 40), rng.randint(0, 59), tzinfo=UTC)
                items.append({"is_pr": True, "login": "dependabot[bot]", "bot": True, "created": ts})
            if day.day <= 7:  # pre-commit.ci's monthly autoupdate
                ts = datetime(day.year, day.month, day.day, 17, rng.randint(0, 59), rng.randint(0, 59), tzinfo=UTC)
                items.append({"is_pr": True, "login": "pre-commit-ci[bot]", "bot": True, "created": ts})
        day += timedelta(days=1)
    items.sort(key=lambda it: it["created"])
    # one long discussion, pinned by the maintainers
    roadmap = next(it for it in items if not it["is_pr"] and it["created"].date() >= date(2023, 4, 3))
    assoc = {login: rng.choice(["NONE", "NONE", "CONTRIBUTOR"]) for login, _ in users}
    assoc |= {m: "MEMBER" for m, _ in MAINTAINERS} | {
        "dependabot[bot]": "CONTRIBUTOR",
        "pre-commit-ci[bot]": "CONTRIBUTOR",
    }
    number = 1187
    for it in items:
        number += rng.randint(1, 2)  # discussions take numbers too
        it["number"] = number
        it["id"] = 1_080_000_000 + number * 1_731 + rng.randint(0, 999)
        it["assoc"] = assoc[it["login"]]
        it["merged"] = it["closed"] = it["state_reason"] = None
        it["draft"] = False
        if it["is_pr"]:
            _pr_fate(rng, it)
        else:
            _issue_fate(rng, it)
        if it is roadmap:
            it.update(title="Roadmap for orbitplot 2.0", labels=["enhancement"], comments=87, login="mkoenig")
            it.update(assoc="MEMBER", closed=None, state_reason=None)
        if it["closed"] is not None and it["closed"] > GH_SNAPSHOT:
            it["closed"] = it["merged"] = it["state_reason"] = None
        it["state"] = "closed" if it["closed"] else "open"
        if not it["is_pr"] and it["state"] == "open" and it["created"] < datetime(2024, 6, 1, tzinfo=UTC):
            if rng.random() < 0.12:
                it["state_reason"] = "reopened"
        last = it["closed"] or it["created"]
        it["updated"] = min(GH_SNAPSHOT, last + timedelta(minutes=rng.randint(1, 60 * 24 * 20)))
        it["reactions"] = max(0, round(0.8 * it["comments"] + rng.gauss(0, 2.2)))
        if it is roadmap:
            it["reactions"] = 64
    return items


def _poisson(rng: random.Random, lam: float) -> int:
    k, p, target = 0, 1.0, math.exp(-lam)
    while True:
        p *= rng.random()
        if p < target:
            return k
        k += 1


def _issue_fate(rng: random.Random, it: dict) -> None:
    kind = _pick(rng, ISSUE_KINDS)
    it["title"] = rng.choice(TITLES[kind]).format(rng.choice(WIDGETS))
    labels = [kind]
    if kind == "bug" and rng.random() < 0.12:
        labels.append("regression")
    if rng.random() < 0.08:
        labels.append("good first issue")
    it["comments"] = min(40, int(rng.expovariate(1 / 3.2)))
    p_close = {"bug": 0.88, "enhancement": 0.55, "documentation": 0.9, "question": 0.92, "performance": 0.7}[kind]
    if rng.random() < p_close:
        median_days = {"bug": 6, "enhancement": 40, "documentation": 4, "question": 2, "performance": 25}[kind]
        it["closed"] = it["created"] + timedelta(seconds=round(median_days * 86400 * math.exp(rng.gauss(0, 1.3))))
        p_np = {"bug": 0.12, "enhancement": 0.3, "documentation": 0.05, "question": 0.45, "performance": 0.2}[kind]
        if rng.random() < p_np:
            it["state_reason"] = "not_planned"
            labels.append(rng.choice(["wontfix", "duplicate", "invalid"]))
        else:
            it["state_reason"] = "completed"
    elif rng.random() < 0.5:
        labels.append("needs triage")
    it["labels"] = labels


def _pr_fate(rng: random.Random, it: dict) -> None:
    if it["login"] == "dependabot[bot]":
        pkg = rng.choice(
            ["actions/checkout", "actions/setup-python", "codecov/codecov-action", "pypa/gh-action-pypi-publish"]
        )
        it["title"] = (
            f"Bump {pkg} from {rng.randint(2, 4)}.{rng.randint(0, 9)} to {rng.randint(4, 5)}.{rng.randint(0, 9)}"
        )
        it["labels"] = ["dependencies", "github_actions"]
    elif it["login"] == "pre-commit-ci[bot]":
        it["title"], it["labels"] = "[pre-commit.ci] pre-commit autoupdate", []
    else:
        verb = rng.choice(["Fix", "Add", "Improve", "Refactor", "Document", "Speed up"])
        it["title"] = f"{verb} {rng.choice(WIDGETS)}"
        it["labels"] = (
            [rng.choice(["bug", "enhancement", "documentation", "maintenance"])] if rng.random() < 0.6 else []
        )
        it["draft"] = rng.random() < 0.06
    it["comments"] = min(25, int(rng.expovariate(1 / 1.8)))
    u = rng.random()
    member = it["assoc"] == "MEMBER" or it["login"].endswith("[bot]")
    if it["draft"] and u < 0.5:
        return
    if u < (0.93 if member else 0.68):
        it["closed"] = it["merged"] = it["created"] + timedelta(
            seconds=round(86400 * 1.5 * math.exp(rng.gauss(0, 1.2)))
        )
    elif u < 0.95:
        it["closed"] = it["created"] + timedelta(seconds=round(86400 * 12 * math.exp(rng.gauss(0, 1.0))))


def _iso(ts: datetime | None) -> str | None:
    return None if ts is None else ts.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


LABEL_META = {
    "bug": ("d73a4a", "Something isn't working"), "enhancement": ("a2eeef", "New feature or request"),
    "documentation": ("0075ca", "Improvements or additions to documentation"),
    "question": ("d876e3", "Further information is requested"), "performance": ("fbca04", "Speed or memory"),
    "regression": ("b60205", "Worked in an earlier release"), "good first issue": ("7057ff", "Good for newcomers"),
    "wontfix": ("ffffff", "This will not be worked on"), "duplicate": ("cfd3d7", "This issue or pull request already exists"),
    "invalid": ("e4e669", "This doesn't seem right"), "needs triage": ("ededed", "Not looked at yet"),
    "dependencies": ("0366d6", "Pull requests that update a dependency file"),
    "github_actions": ("000000", "Pull requests that update GitHub Actions code"), "maintenance": ("c5def5", "CI, packaging, tooling"),
}  # fmt: skip


def _write_issues(t: Truth, d: Path) -> None:
    api = f"https://api.github.com/repos/{GH_REPO}"
    out = []
    for it in sorted(t.items, key=lambda x: x["created"], reverse=True):  # sort=created, direction=desc
        n = it["number"]
        uid = 5_000_000 + sum(ord(c) * 131**i for i, c in enumerate(it["login"][:6])) % 90_000_000
        user = {"login": it["login"], "id": uid, "type": "Bot" if it["bot"] else "User", "site_admin": False}
        labels = [
            {"id": 3_100_000_000 + sorted(LABEL_META).index(name), "name": name, "color": LABEL_META[name][0]}
            | {"default": name in ("bug", "enhancement", "documentation", "question"), "description": LABEL_META[name][1]}
            for name in it["labels"]
        ]  # fmt: skip
        rec = {
            "url": f"{api}/issues/{n}",
            "html_url": f"https://github.com/{GH_REPO}/{'pull' if it['is_pr'] else 'issues'}/{n}",
            "id": it["id"],
            "number": n,
            "title": it["title"],
            "user": user,
            "labels": labels,
            "state": it["state"],
            "locked": False,
            "assignee": None,
            "milestone": None,
            "comments": it["comments"],
            "created_at": _iso(it["created"]),
            "updated_at": _iso(it["updated"]),
            "closed_at": _iso(it["closed"]),
            "author_association": it["assoc"],
        }
        if it["is_pr"]:
            rec["draft"] = it["draft"]
            rec["pull_request"] = {"url": f"{api}/pulls/{n}", "merged_at": _iso(it["merged"])}
        rec["reactions"] = {"total_count": it["reactions"], "+1": it["reactions"] // 2 + it["reactions"] % 2}
        rec["state_reason"] = it["state_reason"]
        out.append(rec)
    (d / GH_FILE).write_bytes(json.dumps(out, separators=(",", ":")).encode("utf-8"))


# =================================================================================================
# downloads: PyPI file downloads, BigQuery aggregate per day, country, installer, Python version
# =================================================================================================

PYPI_START, PYPI_END = date(2023, 1, 1), date(2024, 12, 31)
RELEASES = [date(2023, 2, 14), date(2023, 4, 26), date(2023, 7, 11), date(2023, 10, 3), date(2023, 12, 5)]
RELEASES += [date(2024, 2, 20), date(2024, 4, 9), date(2024, 6, 18), date(2024, 9, 10), date(2024, 11, 19)]
COUNTRY_W = {"US": 34, "CN": 13, "DE": 8, "GB": 5.5, "IN": 5, "FR": 4, "JP": 3.5, "NL": 3, "CA": 2.5, "KR": 2}
COUNTRY_W |= {"BR": 2, "SG": 2.5, "IE": 1.5, "CH": 1.5, None: 3}
SEASON_W = [1.0, 1.05, 1.12, 1.06, 1.0, 0.93, 0.86, 0.8, 0.99, 1.09, 1.07, 0.83]
PY_VERSIONS = ["3.7", "3.8", "3.9", "3.10", "3.11", "3.12", "3.13"]


def _py_weights(day: date) -> dict:
    x = (day - PYPI_START).days / 730  # 0 at the start, 1 at the end
    w = {"3.7": 5 - 3 * x, "3.8": 14 - 8 * x, "3.9": 18 - 7 * x, "3.10": 25 - 5 * x, "3.11": 30 - 3 * x}
    w["3.12"] = 0 if day < date(2023, 10, 2) else 4 + 22 * x
    w["3.13"] = 0 if day < date(2024, 10, 7) else 2 + 60 * (x - 0.88)
    w[None] = 4
    return w


def _installer_weights(day: date) -> dict:
    uv = 0.0 if day < date(2024, 2, 15) else 2 + 20 * (day - date(2024, 2, 15)).days / 320
    return {"pip": 78 - uv * 0.8, "uv": uv, "poetry": 8, "pdm": 1, "requests": 3, "Browser": 1, None: 2}


def _build_downloads(rng: random.Random) -> list[tuple]:
    rows = []
    day = PYPI_START
    while day <= PYPI_END:
        x = (day - PYPI_START).days / 730
        total = 1400 * math.exp(0.75 * x) * SEASON_W[day.month - 1] * (0.55 if day.weekday() >= 5 else 1.0)
        if day.month == 12 and day.day >= 23 or day.month == 1 and day.day <= 2:
            total *= 0.55
        if day.year == 2023 and day.month == 3:  # a popular course used orbitplot that spring
            total *= 1.65
        if any(0 <= (day - r).days <= 2 for r in RELEASES):
            total *= 1.25
        total *= rng.uniform(0.92, 1.08)
        cw, iw, pw = COUNTRY_W, _installer_weights(day), _py_weights(day)
        cs, iS, ps = sum(cw.values()), sum(iw.values()), sum(pw.values())
        for c, wc in cw.items():
            for inst, wi in iw.items():
                if wi <= 0:
                    continue
                for py, wp in pw.items():
                    if wp <= 0 or (inst == "Browser" and py is not None):
                        continue
                    exp = total * wc / cs * wi / iS * wp / ps
                    if inst == "Browser":
                        exp = total * wc / cs * wi / iS
                    n = int(exp * rng.uniform(0.8, 1.2) + rng.random())
                    if n > 0:
                        rows.append((day, c, inst, py, n))
        # mirrors pull every file of a new release (and a trickle of syncs otherwise)
        for mirror, mc in (("bandersnatch", ["US", "DE", "CN", "JP"]), ("Artifactory", ["US", "DE", "GB"])):
            for c in mc:
                n = rng.randint(30, 70) if any(0 <= (day - r).days <= 1 for r in RELEASES) else rng.randint(0, 3)
                if n:
                    rows.append((day, c, mirror, None, n))
        day += timedelta(days=1)
    return rows


def _write_downloads(t: Truth, d: Path, rng: random.Random) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = list(t.downloads)
    rng.shuffle(rows)  # a BigQuery export has no order
    table = pa.table(
        {
            "download_date": pa.array([r[0] for r in rows], pa.date32()),
            "country_code": pa.array([r[1] for r in rows], pa.string()),
            "installer": pa.array([r[2] for r in rows], pa.string()),
            "python_version": pa.array([r[3] for r in rows], pa.string()),
            "downloads": pa.array([r[4] for r in rows], pa.int64()),
        }
    )
    pq.write_table(table, d / PYPI_FILE, compression="snappy")


# =================================================================================================
# trials: ClinicalTrials.gov search "type 2 diabetes", CSV download
# =================================================================================================

CTG_SNAPSHOT = date(2025, 1, 14)
DRUGS = {"Metformin": 16, "Semaglutide": 13, "Empagliflozin": 9, "Dapagliflozin": 9, "Tirzepatide": 7}
DRUGS |= {"Sitagliptin": 8, "Insulin Glargine": 7, "Liraglutide": 8, "Dulaglutide": 5, "Pioglitazone": 5}
DRUGS |= {"Linagliptin": 5, "Canagliflozin": 3, "Glimepiride": 3, "Insulin Degludec": 3}
OTHER_INTERVENTIONS = ["BEHAVIORAL: Lifestyle intervention", "BEHAVIORAL: Diabetes self-management education",
                       "DEVICE: Continuous glucose monitoring", "DIETARY_SUPPLEMENT: Vitamin D3",
                       "PROCEDURE: Sleeve gastrectomy", "OTHER: Standard care", "BEHAVIORAL: Text message reminders",
                       "DIETARY_SUPPLEMENT: Probiotic capsules", "DEVICE: Insulin pump"]  # fmt: skip
CONDITIONS = ["Type 2 Diabetes", "Diabetes Mellitus, Type 2", "Type 2 Diabetes Mellitus", "T2DM", "Diabetes Mellitus"]
EXTRA_CONDITIONS = [
    "Obesity",
    "Overweight",
    "Hypertension",
    "Diabetic Kidney Disease",
    "NAFLD",
    "Cardiovascular Diseases",
]
SPONSORS_INDUSTRY = ["Novo Nordisk A/S", "Eli Lilly and Company", "AstraZeneca", "Boehringer Ingelheim", "Sanofi"]
SPONSORS_INDUSTRY += [
    "Merck Sharp & Dohme LLC",
    "Hanmi Pharmaceutical Company Limited",
    "Jiangsu HengRui Medicine Co., Ltd.",
]
SPONSORS_OTHER = ["University of Copenhagen", "Peking University First Hospital", "Mayo Clinic", "Cairo University"]
SPONSORS_OTHER += ["Vanderbilt University Medical Center", "Emory University", "Seoul National University Hospital"]
SPONSORS_OTHER += ["University of Oxford", "Charite University, Berlin, Germany", "Tbilisi State Medical University"]
SPONSORS_OTHER += ["Postgraduate Institute of Medical Education and Research", "Universidade Federal de Sao Paulo"]
# (city, state, zip) for US sites; Atlanta, Augusta and Savannah are in the state of Georgia
US_SITES = [("Atlanta", "Georgia", "30322"), ("Augusta", "Georgia", "30912"), ("Savannah", "Georgia", "31405"),
            ("Birmingham", "Alabama", "35294"), ("Phoenix", "Arizona", "85012"), ("Los Angeles", "California", "90095"),
            ("San Diego", "California", "92093"), ("Miami", "Florida", "33136"), ("Chicago", "Illinois", "60611"),
            ("Boston", "Massachusetts", "02115"), ("Detroit", "Michigan", "48202"), ("New York", "New York", "10032"),
            ("Dallas", "Texas", "75390"), ("Houston", "Texas", "77030"), ("San Antonio", "Texas", "78229"),
            ("Nashville", "Tennessee", "37232"), ("Columbus", "Ohio", "43210"), ("Seattle", "Washington", "98104")]  # fmt: skip
# (country, cities, facility words); the country Georgia's sites are in Tbilisi, Batumi and Kutaisi
WORLD_SITES = {
    "Germany": (["Berlin", "Mainz", "Neuss", "Dresden", "Muenchen"], "Klinische Forschung"),
    "Poland": (["Warszawa", "Krakow", "Lodz", "Gdansk"], "Centrum Medyczne"),
    "Georgia": (["Tbilisi", "Batumi", "Kutaisi"], "Diabetes Center"),
    "Hungary": (["Budapest", "Debrecen", "Szeged"], "Klinika"),
    "Bulgaria": (["Sofia", "Plovdiv", "Varna"], "Medical Center"),
    "India": (["Bangalore", "Pune", "Chennai", "Hyderabad"], "Hospital"),
    "China": (["Beijing", "Shanghai", "Guangzhou", "Chengdu"], "People's Hospital"),
    "Japan": (["Tokyo", "Osaka", "Fukuoka"], "Clinic"),
    "Mexico": (["Guadalajara", "Monterrey", "Mexico City"], "Centro de Investigacion"),
    "Canada": (["Toronto", "Montreal", "Calgary"], "Research Centre"),
    "Spain": (["Madrid", "Barcelona", "Sevilla"], "Hospital Universitario"),
    "Korea, Republic of": (["Seoul", "Busan"], "University Hospital"),
    "Denmark": (["Copenhagen", "Aarhus", "Odense"], "Steno Diabetes Center"),
    "Egypt": (["Cairo", "Alexandria"], "University Hospital"),
    "United Kingdom": (["London", "Oxford", "Leicester"], "NHS Trust"),
}  # fmt: skip
PHASES_INT = {"NA": 30, "EARLY_PHASE1": 2, "PHASE1": 14, "PHASE1|PHASE2": 3, "PHASE2": 15, "PHASE2|PHASE3": 5}
PHASES_INT |= {"PHASE3": 18, "PHASE4": 13}
FUNDERS = {"INDUSTRY": 0, "OTHER": 0, "NIH": 4, "OTHER_GOV": 3, "FED": 1, "NETWORK": 1}


def _ctg_date(rng: random.Random, d: date) -> tuple[date, bool]:
    """A date and whether it is published to the day (else only year-month)."""
    return d, rng.random() < 0.72


def _build_trials(rng: random.Random) -> list[dict]:
    studies, used = [], set()
    while len(studies) < 690:
        s: dict = {}
        start = date(2005, 1, 1) + timedelta(days=rng.randint(0, (date(2025, 9, 1) - date(2005, 1, 1)).days))
        interventional = rng.random() < 0.76
        industry = interventional and rng.random() < 0.42
        s["type"] = "INTERVENTIONAL" if interventional else "OBSERVATIONAL"
        s["phases"] = _pick(rng, PHASES_INT) if interventional else ""
        if industry and s["phases"] in ("NA", "EARLY_PHASE1"):
            s["phases"] = "PHASE3"
        s["funder"] = (
            "INDUSTRY" if industry else _pick(rng, {"OTHER": 80, "NIH": 4, "OTHER_GOV": 4, "FED": 1, "NETWORK": 1})
        )
        s["sponsor"] = rng.choice(SPONSORS_INDUSTRY if industry else SPONSORS_OTHER)
        big = industry and s["phases"] in ("PHASE3", "PHASE2|PHASE3")
        enrol = round(math.exp(rng.gauss(6.6 if big else 4.4, 0.8)))
        dur = round(math.exp(rng.gauss(6.5 if big else 6.1, 0.55)))
        pcd = start + timedelta(days=dur)
        cd = pcd + timedelta(days=rng.choice([0, 0, rng.randint(20, 400)]))
        posted = start + timedelta(days=rng.randint(-120, 60))
        if start > CTG_SNAPSHOT:
            status = "NOT_YET_RECRUITING" if rng.random() < 0.92 else "WITHDRAWN"
        elif pcd > CTG_SNAPSHOT:
            status = _pick(rng, {"RECRUITING": 70, "ACTIVE_NOT_RECRUITING": 15, "ENROLLING_BY_INVITATION": 6, "NOT_YET_RECRUITING": 4, "WITHDRAWN": 2, "SUSPENDED": 2})  # fmt: skip
        else:
            old = start < date(2016, 1, 1)
            status = _pick(rng, {"COMPLETED": 72, "UNKNOWN": 18 if old else 8, "TERMINATED": 8, "WITHDRAWN": 4, "ACTIVE_NOT_RECRUITING": 5})  # fmt: skip
        s["status"] = status
        if status == "WITHDRAWN":
            enrol = 0
        elif rng.random() < 0.012:
            enrol = None
        s["enrollment"] = enrol
        s["start"] = _ctg_date(rng, start)
        s["pcd"] = None if status == "WITHDRAWN" and rng.random() < 0.5 else _ctg_date(rng, pcd)
        s["cd"] = None if s["pcd"] is None else _ctg_date(rng, max(cd, s["pcd"][0]))
        s["posted"] = min(posted, CTG_SNAPSHOT - timedelta(days=rng.randint(5, 60)))
        s["results"] = status == "COMPLETED" and rng.random() < (0.7 if industry else 0.18)
        s["sex"] = "ALL" if rng.random() < 0.96 else rng.choice(["FEMALE", "MALE"])
        # interventions
        inter = []
        if interventional and (industry or rng.random() < 0.5):
            for name in rng.sample(list(DRUGS), k=rng.choice([1, 1, 2])) if not industry else [_pick(rng, DRUGS)]:
                if name == "Metformin" and rng.random() < 0.3:
                    inter.append(("DRUG", "metformin", name))  # registrants do not agree on capitals
                else:
                    inter.append(("DRUG", name, name))
            if industry and _pick(rng, DRUGS) == "Metformin":
                inter.append(("DRUG", "Metformin", "Metformin"))  # background therapy in the comparator arm
            if rng.random() < 0.45:
                inter.append(_pick(rng, {("DRUG", "Placebo", None): 6, ("DRUG", "Matching placebo", None): 2, ("OTHER", "Placebo", None): 2}))  # fmt: skip
        elif interventional:
            inter.append(tuple(rng.choice(OTHER_INTERVENTIONS).split(": ")) + (None,))
        else:
            inter = [("OTHER", "No intervention", None)] if rng.random() < 0.3 else []
        seen, s["interventions"] = set(), []
        for kind, shown, canon in inter:  # a study names a drug once
            if (kind, shown.lower()) not in seen:
                seen.add((kind, shown.lower()))
                s["interventions"].append((kind, shown, canon))
        s["conditions"] = [rng.choice(CONDITIONS)] + rng.sample(EXTRA_CONDITIONS, k=rng.choice([0, 0, 1, 2]))
        s["sites"] = [] if status in ("WITHDRAWN", "NOT_YET_RECRUITING") and rng.random() < 0.7 else _sites(rng, s, big)
        s["acronym"] = rng.choice(["SURPASS", "SUSTAIN", "PIONEER", "DECLARE", "EMPA", "SOUL", "GRADE"]) + f"-{rng.randint(1, 12)}" if big and rng.random() < 0.6 else ""  # fmt: skip
        year = s["posted"].year
        nct = f"NCT{min(6_900_000, max(100_000, (year - 2004) * 320_000 + rng.randint(0, 319_999))):08d}"
        if nct in used:
            continue
        used.add(nct)
        s["nct"] = nct
        drug = next((c for _, _, c in s["interventions"] if c), None)
        s["title"] = (f"A Study of {drug} in People With Type 2 Diabetes" if drug else f"{s['conditions'][0]} and {rng.choice(['Lifestyle', 'Glucose Monitoring', 'Gut Microbiota', 'Sleep', 'Exercise'])}")  # fmt: skip
        studies.append(s)
    return studies


def _sites(rng: random.Random, s: dict, big: bool) -> list[str]:
    out = []
    if big:
        countries = ["United States"] + rng.sample(list(WORLD_SITES), k=rng.randint(2, 7))
        for country in countries:
            for _ in range(rng.randint(1, 6)):
                out.append(_site(rng, country))
    else:
        home = _pick(rng, {"United States": 30, "China": 14, "Denmark": 5, "Egypt": 6, "India": 6, "Germany": 5, "United Kingdom": 5, "Korea, Republic of": 4, "Canada": 4, "Spain": 3, "Georgia": 1, "Japan": 3, "Mexico": 3})  # fmt: skip
        for _ in range(1 if rng.random() < 0.7 else rng.randint(2, 5)):
            out.append(_site(rng, home))
    return list(dict.fromkeys(out))


def _site(rng: random.Random, country: str) -> str:
    if country == "United States":
        city, state, zipc = rng.choice(US_SITES)
        facility = rng.choice(["Research Site", "Clinical Research Center", f"University Hospital, {city}", "Diabetes Research Institute"])  # fmt: skip
        return f"{facility}, {city}, {state}, {zipc}, United States"
    cities, word = WORLD_SITES[country]
    city = rng.choice(cities)
    if rng.random() < 0.4:
        return f"Research Site, {city}, {country}"
    if rng.random() < 0.5:
        return f"{city} {word}, {city}, {rng.randint(10000, 99999)}, {country}"
    return f"{word} {rng.randint(1, 9)}, {city}, {country}"


def _ctg_text(v: tuple[date, bool] | None) -> str:
    if v is None:
        return ""
    d, full = v
    return f"{d:%Y-%m-%d}" if full else f"{d:%Y-%m}"


CTG_COLUMNS = ["NCT Number", "Study Title", "Study URL", "Acronym", "Study Status", "Brief Summary", "Study Results",
               "Conditions", "Interventions", "Primary Outcome Measures", "Sponsor", "Collaborators", "Sex", "Age",
               "Phases", "Enrollment", "Funder Type", "Study Type", "Study Design", "Other IDs", "Start Date",
               "Primary Completion Date", "Completion Date", "First Posted", "Results First Posted",
               "Last Update Posted", "Locations"]  # fmt: skip


def _write_trials(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CTG_COLUMNS)
    for s in t.studies:
        design = ("Allocation: RANDOMIZED|Intervention Model: PARALLEL|Masking: DOUBLE|Primary Purpose: TREATMENT"
                  if s["type"] == "INTERVENTIONAL" else "Observational Model: COHORT|Time Perspective: PROSPECTIVE")  # fmt: skip
        results_posted = f"{s['pcd'][0] + timedelta(days=300):%Y-%m-%d}" if s["results"] else ""
        w.writerow(
            [s["nct"], s["title"], f"https://clinicaltrials.gov/study/{s['nct']}", s["acronym"], s["status"]]
            + [f"This study will look at {s['conditions'][0].lower()} in adults.", "YES" if s["results"] else "NO"]
            + ["|".join(s["conditions"]), "|".join(f"{k}: {n}" for k, n, _ in s["interventions"])]
            + ["Change in HbA1c from baseline, HbA1c measured in a blood sample, Baseline, week 26", s["sponsor"], ""]
            + [s["sex"], "ADULT, OLDER_ADULT", s["phases"], "" if s["enrollment"] is None else s["enrollment"]]
            + [s["funder"], s["type"], design, f"{s['sponsor'][:4].upper()}-{s['nct'][-5:]}"]
            + [_ctg_text(s["start"]), _ctg_text(s["pcd"]), _ctg_text(s["cd"]), f"{s['posted']:%Y-%m-%d}"]
            + [results_posted, f"{min(CTG_SNAPSHOT, s['posted'] + timedelta(days=900)):%Y-%m-%d}", "|".join(s["sites"])]
        )
    (d / CTG_FILE).write_bytes(buf.getvalue().encode("utf-8"))


# =================================================================================================
# crime: data.police.uk street-level crime, Lincolnshire Police, January 2022 - December 2024,
# and ONS mid-2022 population estimates
# =================================================================================================

MONTHS = [f"{y}-{m:02d}" for y in (2022, 2023, 2024) for m in range(1, 13)]
# (ONS code, district, mid-2022 population, centre lat, lon, crime level, violence level, vehicle level,
#  share aged 65+ (a shape for the age profile))
LINCS = [
    ("E07000136", "Boston", 71_300, 52.978, -0.026, 1.45, 2.3, 1.0, 0.22),
    ("E07000137", "East Lindsey", 144_600, 53.27, 0.17, 0.95, 1.0, 0.75, 0.33),
    ("E07000138", "Lincoln", 104_300, 53.228, -0.547, 1.9, 1.9, 2.2, 0.15),
    ("E07000139", "North Kesteven", 120_300, 53.07, -0.45, 0.6, 0.6, 0.8, 0.25),
    ("E07000140", "South Holland", 97_100, 52.79, -0.15, 0.85, 0.9, 0.95, 0.26),
    ("E07000141", "South Kesteven", 145_300, 52.91, -0.64, 0.8, 0.8, 1.1, 0.23),
    ("E07000142", "West Lindsey", 97_200, 53.38, -0.58, 0.75, 0.75, 0.85, 0.26),
]  # fmt: skip
CRIME_TYPES = {
    "Anti-social behaviour": 0.22, "Violence and sexual offences": 0.31, "Criminal damage and arson": 0.09,
    "Other theft": 0.065, "Shoplifting": 0.07, "Public order": 0.07, "Burglary": 0.04, "Vehicle crime": 0.03,
    "Drugs": 0.025, "Other crime": 0.02, "Possession of weapons": 0.01, "Bicycle theft": 0.012,
    "Robbery": 0.005, "Theft from the person": 0.005,
}  # fmt: skip
ASB_SEASON = [0.75, 0.75, 0.9, 1.05, 1.15, 1.2, 1.3, 1.25, 1.0, 1.05, 0.85, 0.75]
PLACES = [
    "High Street",
    "Station Road",
    "Church Lane",
    "Parking Area",
    "Supermarket",
    "Petrol Station",
    "Park/Open Space",
]
PLACES += ["Shopping Area", "Nightclub", "Sports/Recreation Area", "Pedestrian Subway", "Mill Lane", "London Road"]
PLACES += [
    "Police Station",
    "Further/Higher Educational Building",
    "Hospital",
    "Bus/Coach Station",
    "Theatre/Concert Hall",
]
OUTCOMES = {
    "Investigation complete; no suspect identified": 38, "Unable to prosecute suspect": 30,
    "Local resolution": 6, "Awaiting court outcome": 4, "Offender given a caution": 2,
    "Formal action is not in the public interest": 2, "Further action is not in the public interest": 2,
    "Court result unavailable": 3, "Action to be taken by another organisation": 2,
    "Further investigation is not in the public interest": 1, "Offender sent to prison": 2,
    "Offender given community sentence": 2, "Offender fined": 1,
}  # fmt: skip


def _build_crime(rng: random.Random) -> list[dict]:
    lsoas = {}
    code = 26_000
    for _ons, name, pop, *_ in LINCS:
        n = pop // 1_550
        lsoas[name] = [(f"E01{code + i:06d}", f"{name} {1 + i // 3:03d}{'ABC'[i % 3]}") for i in range(n)]
        code += n + 3
    crimes = []
    for month in MONTHS:
        y, m = int(month[:4]), int(month[5:])
        for _ons, name, pop, lat, lon, level, viol, veh, _ in LINCS:
            for ctype, base in CRIME_TYPES.items():
                lam = pop / 1000 * 0.55 * base * level
                if ctype == "Violence and sexual offences":
                    lam *= viol / level
                elif ctype == "Vehicle crime":
                    lam *= veh / level
                elif ctype == "Anti-social behaviour":
                    lam *= ASB_SEASON[m - 1] * (1.1 if y == 2022 else 1.0)
                for _ in range(_poisson(rng, lam)):
                    located = rng.random() > (0.06 if ctype in ("Other crime", "Drugs") else 0.015)
                    c = {"month": month, "type": ctype, "district": name if located else None}
                    if located:
                        c["lsoa_code"], c["lsoa_name"] = rng.choice(lsoas[name])
                        c["lat"] = round(lat + rng.gauss(0, 0.05), 6)
                        c["lon"] = round(lon + rng.gauss(0, 0.07), 6)
                        c["location"] = "On or near " + rng.choice(PLACES)
                    else:
                        c["lsoa_code"] = c["lsoa_name"] = c["lat"] = c["lon"] = None
                        c["location"] = "No Location"
                    if ctype == "Anti-social behaviour":
                        c["id"], c["outcome"] = None, None
                    else:
                        c["id"] = f"{rng.getrandbits(256):064x}"
                        age = (2024 - y) * 12 + 12 - m  # months before the last month
                        c["outcome"] = (
                            "Under investigation" if rng.random() < math.exp(-age / 2.5) else _pick(rng, OUTCOMES)
                        )
                        if c["outcome"] != "Under investigation" and rng.random() < 0.04:
                            c["outcome"] = "Status update unavailable"
                    crimes.append(c)
    # within a month's file the rows come grouped by nothing in particular
    by_month: dict[str, list[dict]] = {}
    for c in crimes:
        by_month.setdefault(c["month"], []).append(c)
    out = []
    for month in MONTHS:
        rows = by_month[month]
        rng.shuffle(rows)
        rows.sort(key=lambda c: c["id"] is None)  # crimes first, anti-social behaviour after, as the files have it
        out += rows
    return out


POL_COLUMNS = ["Crime ID", "Month", "Reported by", "Falls within", "Longitude", "Latitude", "Location", "LSOA code"]
POL_COLUMNS += ["LSOA name", "Crime type", "Last outcome category", "Context"]
FIXED_ZIP_TIME = (2025, 2, 11, 14, 5, 0)


def _write_crime(t: Truth, d: Path) -> None:
    by_month: dict[str, list[dict]] = {}
    for c in t.crimes:
        by_month.setdefault(c["month"], []).append(c)
    with zipfile.ZipFile(d / POL_FILE, "w", zipfile.ZIP_DEFLATED) as z:
        for month in MONTHS:
            buf = io.StringIO()
            w = csv.writer(buf, lineterminator="\n")
            w.writerow(POL_COLUMNS)
            for c in by_month[month]:
                w.writerow(
                    [c["id"] or "", month, "Lincolnshire Police", "Lincolnshire Police"]
                    + ["" if c["lon"] is None else f"{c['lon']:.6f}", "" if c["lat"] is None else f"{c['lat']:.6f}"]
                    + [c["location"], c["lsoa_code"] or "", c["lsoa_name"] or "", c["type"], c["outcome"] or "", ""]
                )
            info = zipfile.ZipInfo(f"{month}/{month}-lincolnshire-street.csv", date_time=FIXED_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, buf.getvalue().encode("utf-8"))


# the population workbook: England, the East Midlands, its unitary authorities, counties and districts
EM_AREAS = [
    ("E06000015", "Derby", "Unitary Authority", 263_500, 0.16), ("E06000016", "Leicester", "Unitary Authority", 373_400, 0.12),
    ("E06000017", "Rutland", "Unitary Authority", 41_400, 0.27), ("E06000018", "Nottingham", "Unitary Authority", 328_900, 0.11),
    ("E06000061", "North Northamptonshire", "Unitary Authority", 365_400, 0.19),
    ("E06000062", "West Northamptonshire", "Unitary Authority", 431_700, 0.18),
    ("E10000007", "Derbyshire", "County", None, None),
    ("E07000032", "Amber Valley", "Non-metropolitan District", 127_400, 0.24),
    ("E07000033", "Bolsover", "Non-metropolitan District", 81_300, 0.21),
    ("E07000034", "Chesterfield", "Non-metropolitan District", 104_300, 0.22),
    ("E07000035", "Derbyshire Dales", "Non-metropolitan District", 72_700, 0.30),
    ("E07000036", "Erewash", "Non-metropolitan District", 113_200, 0.21),
    ("E07000037", "High Peak", "Non-metropolitan District", 91_100, 0.23),
    ("E07000038", "North East Derbyshire", "Non-metropolitan District", 102_800, 0.26),
    ("E07000039", "South Derbyshire", "Non-metropolitan District", 109_000, 0.19),
    ("E10000018", "Leicestershire", "County", None, None),
    ("E07000129", "Blaby", "Non-metropolitan District", 103_500, 0.21),
    ("E07000130", "Charnwood", "Non-metropolitan District", 187_700, 0.18),
    ("E07000131", "Harborough", "Non-metropolitan District", 98_200, 0.23),
    ("E07000132", "Hinckley and Bosworth", "Non-metropolitan District", 114_300, 0.23),
    ("E07000133", "Melton", "Non-metropolitan District", 52_100, 0.24),
    ("E07000134", "North West Leicestershire", "Non-metropolitan District", 106_200, 0.21),
    ("E07000135", "Oadby and Wigston", "Non-metropolitan District", 58_000, 0.21),
    ("E10000019", "Lincolnshire", "County", None, None),
    *[(code, name, "Non-metropolitan District", pop, old) for code, name, pop, *_, old in LINCS],
    ("E10000024", "Nottinghamshire", "County", None, None),
    ("E07000170", "Ashfield", "Non-metropolitan District", 128_500, 0.19),
    ("E07000171", "Bassetlaw", "Non-metropolitan District", 118_900, 0.23),
    ("E07000172", "Broxtowe", "Non-metropolitan District", 111_400, 0.21),
    ("E07000173", "Gedling", "Non-metropolitan District", 118_700, 0.21),
    ("E07000174", "Mansfield", "Non-metropolitan District", 110_500, 0.19),
    ("E07000175", "Newark and Sherwood", "Non-metropolitan District", 123_600, 0.24),
    ("E07000176", "Rushcliffe", "Non-metropolitan District", 120_200, 0.21),
]  # fmt: skip
AGES = 91  # 0 ... 89 and 90+


def _age_profile(old: float) -> list[float]:
    """Relative numbers at each age 0..89 and 90+ for an area whose share aged 65+ is about `old`."""
    w = []
    for a in range(AGES):
        young = 1.0 if a < 65 else 0.0
        base = 1.15 if 18 <= a <= 24 and old < 0.17 else 1.0  # a university town's students
        if a >= 65:
            base = math.exp(-(a - 65) / 11.5)
        if a == 90:
            base = sum(math.exp(-(x - 65) / 11.5) for x in range(90, 105))
        wave = 1 + 0.12 * math.sin(a / 9) if a < 65 else 1.0  # past baby booms and busts
        w.append(wave * base * (young * (1 - old) / 65 + (1 - young) * old / 14.3))
    return w


def _build_population(rng: random.Random) -> list[dict]:
    rows, region_m, region_f = [], [0] * AGES, [0] * AGES
    county = None
    for code, name, geo, total, old in EM_AREAS:
        if geo == "County":
            county = {"code": code, "name": name, "geography": "County", "males": [0] * AGES, "females": [0] * AGES}
            rows.append(county)
            continue
        w = _age_profile(old)
        s = sum(w)
        males, females = [], []
        for a in range(AGES):
            n = total * w[a] / s * rng.uniform(0.9, 1.1)
            fem = 0.5 + (0.0 if a < 60 else min(0.25, (a - 60) * 0.007))
            males.append(round(n * (1 - fem)))
            females.append(round(n * fem))
        rows.append({"code": code, "name": name, "geography": geo, "males": males, "females": females})
        if geo != "Unitary Authority":
            county["males"] = [x + y for x, y in zip(county["males"], males)]
            county["females"] = [x + y for x, y in zip(county["females"], females)]
        region_m = [x + y for x, y in zip(region_m, males)]
        region_f = [x + y for x, y in zip(region_f, females)]
    w = _age_profile(0.19)
    s = sum(w)
    eng_m = [round(57_106_398 * w[a] / s * (0.5 - min(0.2, max(0, a - 60) * 0.007))) for a in range(AGES)]
    eng_f = [round(57_106_398 * w[a] / s * (0.5 + min(0.2, max(0, a - 60) * 0.007))) for a in range(AGES)]
    head = [{"code": "E92000001", "name": "England", "geography": "Country", "males": eng_m, "females": eng_f}]
    head.append(
        {"code": "E12000004", "name": "East Midlands", "geography": "Region", "males": region_m, "females": region_f}
    )
    return head + rows


def _fixed_zip(path: Path) -> None:
    """Rewrite the xlsx zip with fixed entry timestamps, so the same seed gives the same bytes."""
    with zipfile.ZipFile(path) as z:
        entries = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for fname, blob in entries:
            if fname == "docProps/core.xml":  # openpyxl stamps "modified" with the time of saving
                blob = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2023-11-29T09:30:00Z", blob)
            info = zipfile.ZipInfo(fname, date_time=(2023, 11, 29, 9, 30, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, blob)


def _write_population(t: Truth, d: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    cover = wb.active
    cover.title = "Cover sheet"
    for line in [
        "Population estimates for England and Wales: mid-2022",
        "Mid-year (30 June) estimates of the usual resident population for local authorities.",
        "Release date: 26 March 2024",
        "Source: Office for National Statistics",
        "This extract holds England, the East Midlands region and its local authorities.",
        "Contact: pop.info@ons.gov.uk",
    ]:
        cover.append([line])
    cover["A1"].font = Font(bold=True, size=14)
    contents = wb.create_sheet("Contents")
    contents.append(["Worksheet", "Description"])
    for name, desc in [
        ("Notes", "Notes used in this workbook"),
        ("MYE2 - Persons", "Population estimates by single year of age, persons, mid-2022"),
        ("MYE2 - Males", "Population estimates by single year of age, males, mid-2022"),
        ("MYE2 - Females", "Population estimates by single year of age, females, mid-2022"),
    ]:
        contents.append([name, desc])
    notes = wb.create_sheet("Notes")
    notes.append(["Note number", "Note text"])
    notes.append([1, "Geography column: Country, Region, County, Unitary Authority, Non-metropolitan District. "
                     "County rows are the sum of their districts; rows at different levels overlap."])  # fmt: skip
    notes.append([2, "Age 90+ is one column covering everyone aged 90 and over."])
    notes.append([3, "Estimates are rounded to whole people; totals may not add exactly across sheets."])
    for sheet, key in (("MYE2 - Persons", None), ("MYE2 - Males", "males"), ("MYE2 - Females", "females")):
        ws = wb.create_sheet(sheet)
        who = {None: "persons", "males": "males", "females": "females"}[key]
        ws.append(
            [f"Mid-2022 population estimates by single year of age, {who}, local authorities in England [note 1]"]
        )
        ws["A1"].font = Font(bold=True, size=13)
        ws.append(
            ["This worksheet contains one table. Some cells refer to notes which can be found on the Notes worksheet."]
        )
        ws.append(["Age 90+ covers everyone aged 90 and over [note 2]."])
        ws.append(["Source: Office for National Statistics"])
        ws.append(["Unit: number of people"])
        ws.append([])
        ws.append([f"Table MYE2: {who}"])
        ws.append(["Code", "Name", "Geography", "All ages", *range(90), "90+"])
        for c in ws[8]:
            c.font = Font(bold=True)
        for r in t.areas:
            vals = [m + f for m, f in zip(r["males"], r["females"])] if key is None else r[key]
            ws.append([r["code"], r["name"], r["geography"], sum(vals), *vals])
    fixed = datetime(2023, 11, 29, 9, 30, 0)
    wb.properties.creator = "Office for National Statistics"
    wb.properties.created = fixed
    wb.properties.modified = fixed
    wb.properties.lastModifiedBy = "Office for National Statistics"
    path = d / POP_FILE
    wb.save(path)
    _fixed_zip(path)


# =================================================================================================


def truth() -> Truth:
    return Truth(
        items=_build_issues(_rng("issues")),
        downloads=_build_downloads(_rng("downloads")),
        studies=_build_trials(_rng("trials")),
        crimes=_build_crime(_rng("crime")),
        areas=_build_population(_rng("population")),
    )


def write_files(d) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_issues(t, d)
    _write_downloads(t, d, _rng("downloads-order"))
    _write_trials(t, d)
    _write_crime(t, d)
    _write_population(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python data.py DIR")
    for p in write_files(sys.argv[1]):
        print(p, p.stat().st_size)
