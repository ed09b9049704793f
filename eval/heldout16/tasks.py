"""The sixteenth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, time-zone conversion, resampling or reshaping). A reference whose answer would be a tie
raises, so a seed that makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import calendar
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from data import BERLIN, CTG_FILE, GH_FILE, LINCS, POL_FILE, POP_FILE, PYPI_FILE, Truth, truth


@dataclass
class Task:
    id: str
    difficulty: str
    question: str
    ref: Callable[[Truth], Any]
    kind: str = "number"  # number | text
    aliases: list[str] = field(default_factory=list)  # other accepted spellings of a text answer (default seed)


# --- helpers over the clean records ---------------------------------------------------------------


def argmax(scores: dict[Any, float]) -> Any:
    """The key with the highest score; raises on a tie (the question would have two answers)."""
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        raise ValueError(f"tie for first place: {ranked[:2]}")
    return ranked[0][0]


def ranked(scores: dict[Any, float], k: int) -> Any:
    """The key in place k (1 = first); raises on a tie around that place."""
    order = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    if len({v for _, v in order[: k + 1]}) < k + 1:
        raise ValueError(f"tie in the first {k + 1}: {order[: k + 1]}")
    return order[k - 1][0]


def _day_text(d: date) -> str:
    return f"{d.day} {calendar.month_name[d.month]} {d.year}"


def _month_text(year: int, month: int) -> str:
    return f"{calendar.month_name[month]} {year}"


# issues: t.items holds issues and pull requests; `is_pr` tells them apart


def _issues(t: Truth) -> list[dict]:
    return [it for it in t.items if not it["is_pr"]]


def _top_label_2024(t: Truth) -> str:
    return argmax(Counter(lab for it in _issues(t) if it["created"].year == 2024 for lab in it["labels"]))


def _comments_reactions_corr(t: Truth) -> float:
    rows = [it for it in _issues(t) if it["created"].year == 2023]
    return statistics.correlation([it["comments"] for it in rows], [it["reactions"] for it in rows])


def _evening_berlin(t: Truth) -> int:
    return sum(18 <= it["created"].astimezone(BERLIN).hour <= 23 for it in _issues(t))


def _bug_close_days(t: Truth) -> float:
    days = [
        (it["closed"] - it["created"]).total_seconds() / 86400
        for it in _issues(t)
        if "bug" in it["labels"] and it["state_reason"] == "completed" and it["closed"].year == 2024
    ]
    return float(statistics.median(days))


def _merged_peak_month(t: Truth) -> str:
    merged = Counter((it["merged"].year, it["merged"].month) for it in t.items if it["merged"] is not None)
    return _month_text(*argmax(merged))


# downloads: t.downloads rows are (day, country, installer, python, downloads)


def _by_day(t: Truth) -> dict[date, int]:
    out: dict[date, int] = defaultdict(int)
    for day, *_, n in t.downloads:
        out[day] += n
    return out


def _py310_share(t: Truth) -> float:
    known = [(py, n) for day, _, _, py, n in t.downloads if day.year == 2024 and py is not None]
    new = sum(n for py, n in known if tuple(int(x) for x in py.split(".")) >= (3, 10))
    return 100 * new / sum(n for _, n in known)


def _second_country(t: Truth) -> str:
    by: dict[str, int] = defaultdict(int)
    for day, c, _, _, n in t.downloads:
        if day.year == 2024 and c is not None:
            by[c] += n
    return ranked(by, 2)


def _std_dec2024(t: Truth) -> float:
    return statistics.stdev(v for d, v in _by_day(t).items() if (d.year, d.month) == (2024, 12))


def _peak_month(t: Truth) -> str:
    by: dict[tuple, int] = defaultdict(int)
    for d, v in _by_day(t).items():
        by[(d.year, d.month)] += v
    return _month_text(*argmax(by))


def _calendar_month(t: Truth) -> str:
    by: dict[int, int] = defaultdict(int)
    for d, v in _by_day(t).items():
        by[d.month] += v
    return calendar.month_name[argmax(by)]


# trials: one record per study; dates as (date, published to the day)


def _first_of_month(v: tuple[date, bool]) -> date:
    d, full = v
    return d if full else d.replace(day=1)


def _duration_days(t: Truth) -> float:
    days = [
        (_first_of_month(s["pcd"]) - _first_of_month(s["start"])).days
        for s in t.studies
        if s["status"] == "COMPLETED" and s["pcd"] is not None
    ]
    return float(statistics.median(days))


def _top_drug(t: Truth) -> str:
    n = Counter(c for s in t.studies for c in {c for kind, _, c in s["interventions"] if kind == "DRUG" and c})
    return argmax(n)


def _georgia(t: Truth) -> int:
    return sum(any(site.rsplit(", ", 1)[-1] == "Georgia" for site in s["sites"]) for s in t.studies)


# crime: one record per crime or anti-social behaviour incident; population rows from the workbook


def _persons(t: Truth, name: str) -> list[int]:
    r = next(a for a in t.areas if a["name"] == name)
    return [m + f for m, f in zip(r["males"], r["females"])]


def _vehicle_district(t: Truth) -> str:
    return argmax(Counter(c["district"] for c in t.crimes if c["type"] == "Vehicle crime" and c["month"][:4] == "2023" and c["district"]))  # fmt: skip


def _violence_rate(t: Truth) -> str:
    n = Counter(c["district"] for c in t.crimes if c["type"] == "Violence and sexual offences" and c["month"][:4] == "2023" and c["district"])  # fmt: skip
    return argmax({d: 1000 * n[d] / sum(_persons(t, d)) for d in n})


def _old_pct(t: Truth) -> float:
    p = _persons(t, "East Lindsey")
    return 100 * sum(p[65:]) / sum(p)


# --- the questions --------------------------------------------------------------------------------

TASKS = [
    # GitHub issues ---------------------------------------------------------------------------------
    Task(
        "gh_dependabot",
        "easy",
        f"{GH_FILE} is an export of the GitHub issues API for the orbitplot repository. How many items in it "
        "were opened by the user dependabot[bot] (user login)?",
        lambda t: sum(it["login"] == "dependabot[bot]" for it in t.items),
    ),
    Task(
        "gh_most_comments",
        "easy",
        f"In {GH_FILE}, which item has the most comments? Give its number (the number field, as in #1234).",
        lambda t: argmax({it["number"]: it["comments"] for it in t.items}),
    ),
    Task(
        "gh_prs_2023",
        "easy",
        f"How many pull requests in {GH_FILE} were created in 2023 (created_at, UTC)? Pull requests are the "
        "items that have a pull_request field.",
        lambda t: sum(it["is_pr"] and it["created"].year == 2023 for it in t.items),
    ),
    Task(
        "gh_open_issues",
        "medium",
        f"How many issues in {GH_FILE} are still open? Count issues only, not pull requests.",
        lambda t: sum(it["state"] == "open" for it in _issues(t)),
    ),
    Task(
        "gh_top_label",
        "medium",
        f"In {GH_FILE}, which label is attached to the most issues (not pull requests) created in 2024 (created_at, "
        "UTC)? An issue can have several labels; count each.",
        _top_label_2024,
        kind="text",
    ),
    Task(
        "gh_comments_reactions_corr",
        "medium",
        f"Using {GH_FILE}, what is the Pearson correlation between the number of comments (comments) and the "
        "number of reactions (reactions.total_count) over the issues (not pull requests) created in 2023 (UTC)?",
        _comments_reactions_corr,
    ),
    Task(
        "gh_evening_berlin",
        "hard",
        f"The orbitplot maintainers work in Berlin. How many issues (not pull requests) in {GH_FILE} were opened in "
        "the evening in Berlin local time (Europe/Berlin), that is from 18:00 to 23:59? created_at is in UTC.",
        _evening_berlin,
    ),
    Task(
        "gh_bug_close_days",
        "hard",
        f"Using {GH_FILE}, take the issues (not pull requests) labelled bug that were closed as completed "
        "(state_reason completed) with a closed_at in 2024 (UTC). What is the median time from created_at to "
        "closed_at, in days (fractional days, not rounded)?",
        _bug_close_days,
    ),
    Task(
        "gh_merged_peak_month",
        "hard",
        f"Using {GH_FILE}, count the pull requests merged (pull_request.merged_at set; closed without merging does "
        "not count) in each month of each year, by the UTC merge time. Which month (month and year) had the most?",
        _merged_peak_month,
        kind="text",
    ),
    # PyPI downloads --------------------------------------------------------------------------------
    Task(
        "pypi_total_2024",
        "easy",
        f"{PYPI_FILE} holds orbitplot's daily PyPI downloads from BigQuery. What is the total number of downloads "
        "in 2024 (sum of the downloads column, all rows)?",
        lambda t: sum(n for day, *_, n in t.downloads if day.year == 2024),
    ),
    Task(
        "pypi_top_day",
        "easy",
        f"In {PYPI_FILE}, on which date was the total number of downloads (all countries, installers and Python "
        "versions together) highest?",
        lambda t: _day_text(argmax(_by_day(t))),
        kind="text",
    ),
    Task(
        "pypi_py310_share",
        "medium",
        f"Using {PYPI_FILE}, what percentage of the 2024 downloads with a known Python version came from Python "
        "3.10 or newer? Leave rows with no python_version out of both the count and the total.",
        _py310_share,
    ),
    Task(
        "pypi_second_country",
        "medium",
        f"Using {PYPI_FILE}, which country (country_code) had the second most downloads in 2024? Leave out rows "
        "with no country code.",
        _second_country,
        kind="text",
    ),
    Task(
        "pypi_std_dec2024",
        "medium",
        f"Using {PYPI_FILE}, add up the downloads of each day of December 2024 (all rows of a day together). What "
        "is the sample standard deviation (n - 1 in the denominator) of those 31 daily totals?",
        _std_dec2024,
    ),
    Task(
        "pypi_peak_month",
        "hard",
        f"Using {PYPI_FILE}, total the downloads of each month of each year from January 2023 to December 2024. "
        "Which month (month and year) had the most downloads?",
        _peak_month,
        kind="text",
    ),
    Task(
        "pypi_calendar_month",
        "hard",
        f"Using {PYPI_FILE}, which calendar month is orbitplot's busiest on average? Add up each calendar month's "
        "downloads over both years (for example January 2023 plus January 2024) and give the month with the "
        "largest total.",
        _calendar_month,
        kind="text",
    ),
    # clinical trials -------------------------------------------------------------------------------
    Task(
        "ctg_recruiting",
        "easy",
        f"{CTG_FILE} is a ClinicalTrials.gov search result for type 2 diabetes. How many studies in it have the "
        "status RECRUITING (Study Status)?",
        lambda t: sum(s["status"] == "RECRUITING" for s in t.studies),
    ),
    Task(
        "ctg_completed_enrol",
        "easy",
        f"In {CTG_FILE}, what is the total enrollment (sum of Enrollment, in participants) of the studies with "
        "status COMPLETED? Skip studies with no enrollment figure.",
        lambda t: sum(s["enrollment"] for s in t.studies if s["status"] == "COMPLETED" and s["enrollment"] is not None),
    ),
    Task(
        "ctg_industry",
        "easy",
        f"How many studies in {CTG_FILE} have the funder type INDUSTRY (Funder Type)?",
        lambda t: sum(s["funder"] == "INDUSTRY" for s in t.studies),
    ),
    Task(
        "ctg_phase3",
        "medium",
        f"How many studies in {CTG_FILE} are phase 3 studies? A study listed under more than one phase (the Phases "
        "column separates them with |) counts if PHASE3 is one of them.",
        lambda t: sum("PHASE3" in s["phases"].split("|") for s in t.studies),
    ),
    Task(
        "ctg_median_enrol",
        "medium",
        f"In {CTG_FILE}, what is the median enrollment (participants) of the interventional studies (Study Type "
        "INTERVENTIONAL) with status COMPLETED? Skip studies with no enrollment figure.",
        lambda t: float(
            statistics.median(
                s["enrollment"]
                for s in t.studies
                if s["type"] == "INTERVENTIONAL" and s["status"] == "COMPLETED" and s["enrollment"] is not None
            )
        ),
    ),
    Task(
        "ctg_georgia",
        "medium",
        f"How many studies in {CTG_FILE} have at least one site in the country Georgia? The Locations column lists "
        "the sites separated by |, each ending with its country.",
        _georgia,
    ),
    Task(
        "ctg_duration",
        "hard",
        f"In {CTG_FILE}, for the studies with status COMPLETED, what is the median number of days from the Start "
        "Date to the Primary Completion Date? Some dates give only the year and month; take those as the first "
        "day of the month. Skip studies with no primary completion date.",
        _duration_days,
    ),
    Task(
        "ctg_top_drug",
        "hard",
        f"In {CTG_FILE}, which drug is named in the most studies? Use the Interventions entries of type DRUG "
        "(written 'DRUG: name', several per study separated by |), treat names case-insensitively, count each "
        "study once per drug, and leave out any name containing the word placebo.",
        _top_drug,
        kind="text",
    ),
    # crime and population --------------------------------------------------------------------------
    Task(
        "pol_burglary_mar2024",
        "easy",
        f"{POL_FILE} is a data.police.uk download of Lincolnshire Police street-level crime, one CSV per month. How "
        "many burglaries (Crime type Burglary) were recorded in March 2024?",
        lambda t: sum(c["type"] == "Burglary" and c["month"] == "2024-03" for c in t.crimes),
    ),
    Task(
        "pop_boston",
        "easy",
        f"According to the ONS workbook {POP_FILE}, what was the mid-2022 population (all ages, persons) of Boston?",
        lambda t: sum(_persons(t, "Boston")),
    ),
    Task(
        "pol_asb_2023",
        "medium",
        f"How many anti-social behaviour incidents (Crime type Anti-social behaviour) does {POL_FILE} hold for the "
        "twelve months of 2023?",
        lambda t: sum(c["type"] == "Anti-social behaviour" and c["month"][:4] == "2023" for c in t.crimes),
    ),
    Task(
        "pol_vehicle_district",
        "hard",
        f"Using {POL_FILE}, which local authority district had the most vehicle crime (Crime type Vehicle crime) in "
        "2023? The district is the LSOA name without its trailing code (for example 'North Kesteven 012A' is in "
        "North Kesteven). Leave out crimes with no LSOA.",
        _vehicle_district,
        kind="text",
    ),
    Task(
        "pol_violence_rate",
        "hard",
        f"Using {POL_FILE} and the mid-2022 population estimates in {POP_FILE} (sheet MYE2 - Persons, All ages), "
        "which district of Lincolnshire had the highest rate of violence and sexual offences per 1,000 residents "
        "in 2023? Take the district from the LSOA name (without its trailing code) and leave out crimes with no "
        "LSOA.",
        _violence_rate,
        kind="text",
    ),
    Task(
        "pop_65plus_pct",
        "hard",
        f"According to the ONS workbook {POP_FILE} (mid-2022, persons), what percentage of the population of East "
        "Lindsey was aged 65 or over?",
        _old_pct,
    ),
]

QUICK = ["gh_dependabot", "pypi_total_2024", "ctg_recruiting"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "gh_open_issues": "every open item counted, but the issues API returns pull requests too (they carry a "
    "pull_request field)",
    "gh_evening_berlin": "the hour taken from the UTC created_at, one or two hours (summer time) off Berlin's",
    "pypi_py310_share": "python_version compared as text (python_version >= '3.10'), so '3.8' and '3.9' count as "
    "newer than '3.10'",
    "ctg_phase3": "only Phases == 'PHASE3' counted, so the PHASE2|PHASE3 studies are missed",
    "ctg_georgia": "every Locations text containing 'Georgia' counted, so US sites in the state of Georgia "
    "(Atlanta, Augusta, Savannah) count too",
    "pol_vehicle_district": "the district taken as the LSOA name's first word, so South Holland and South "
    "Kesteven merge into 'South'",
    "pop_65plus_pct": "the age columns 65 to 89 added up, leaving out the 90+ column",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _month_aliases(text: str) -> list[str]:
    """`July 2023`: the other ways of writing that month."""
    name, year = text.split()
    m = list(calendar.month_name).index(name)
    return [f"{calendar.month_abbr[m]} {year}", f"{year}-{m:02d}", f"{m:02d}/{year}"]


def _date_aliases(text: str) -> list[str]:
    """`19 June 2024`: the other ways of writing that date."""
    day, name, year = text.split()
    d = date(int(year), list(calendar.month_name).index(name), int(day))
    nth = "th" if 10 <= d.day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
    return [
        f"{d:%Y-%m-%d}",
        f"{d:%d/%m/%Y}",
        f"{d.month}/{d.day}/{d.year}",
        f"{d.day} {calendar.month_abbr[d.month]} {d.year}",
        f"{name} {d.day}, {d.year}",
        f"{d.day}{nth} {name} {d.year}",
        f"{d.day}{nth} {name}",
        f"{name} {d.day}{nth}",
    ]


COUNTRY_NAMES = {"US": "United States", "CN": "China", "DE": "Germany", "GB": "United Kingdom", "IN": "India"}
COUNTRY_NAMES |= {"FR": "France", "JP": "Japan", "NL": "Netherlands", "SG": "Singapore"}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a date, a month, a country, a district)."""
    refs = references()
    ons = {name: code for code, name, *_ in LINCS}
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "pypi_top_day":
            task.aliases = _date_aliases(ref)
        elif task.id in ("gh_merged_peak_month", "pypi_peak_month"):
            task.aliases = _month_aliases(ref)
        elif task.id == "pypi_calendar_month":
            task.aliases = [calendar.month_abbr[list(calendar.month_name).index(ref)]]
        elif task.id == "pypi_second_country":
            task.aliases = [COUNTRY_NAMES[ref]]
        elif task.id in ("pol_vehicle_district", "pol_violence_rate"):
            task.aliases = [ons[ref]]


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)
assert set(TRAPS) <= {t.id for t in TASKS} and 6 <= len(TRAPS) <= 8

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
