"""The twenty-second held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, time zones, reshaping or parsing text). A reference whose answer would be a tie raises,
so a seed that makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import calendar
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any

from data import (
    GRID_FILE,
    INTERCONNECTORS,
    PPD_UPDATE_FILE,
    PPD_YEAR_FILE,
    SE_POSTS_FILE,
    SE_USERS_FILE,
    SEC_FILE,
    SEC_NAME,
    Truth,
    truth,
)


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


def _month_text(year: int, month: int) -> str:
    return f"{calendar.month_name[month]} {year}"


# ppd: "year" holds the records of pp-2024.csv, "final" the register once the January update is applied

BRISTOL = "CITY OF BRISTOL"


def _year(t: Truth) -> list[dict]:
    return t.ppd["year"]


def _busiest_month(t: Truth) -> str:
    return _month_text(2024, argmax(Counter(r["date"].month for r in _year(t))))


def _oct_after_update(t: Truth) -> int:
    n = sum(r["date"].year == 2024 and r["date"].month == 10 for r in t.ppd["final"].values())
    touched = [r for r in t.ppd["update"] if r["status"] in ("C", "D") and r["date"].month == 10]
    if not touched:
        raise ValueError("no changed or deleted October record: the update would not matter")
    return n


def _q4_flat_median(t: Truth) -> float:
    prices = [
        r["price"]
        for r in t.ppd["final"].values()
        if r["district"] == BRISTOL
        and r["ptype"] == "F"
        and r["cat"] == "A"
        and date(2024, 10, 1) <= r["date"] <= date(2024, 12, 31)  # fmt: skip
    ]
    return statistics.median(prices)


# grid: one row per settlement period; "utc" is the aware start of the half-hour


def _energy_gwh(t: Truth, month: int) -> float:
    return sum(r["ND"] for r in t.grid if r["date"].month == month) * 0.5 / 1000


def _min_date(t: Truth) -> str:
    low = min(r["ND"] for r in t.grid)
    days = {r["date"] for r in t.grid if r["ND"] == low}
    if len(days) > 1:
        raise ValueError("the lowest demand on two days")
    return days.pop().isoformat()


def _mar31_1800(t: Truth) -> int:
    at = datetime(2024, 3, 31, 17, 0, tzinfo=timezone.utc)  # 18:00 BST
    row = next(r for r in t.grid if r["utc"] == at)
    naive = next(r for r in t.grid if r["date"] == date(2024, 3, 31) and r["period"] == 37)
    if row["ND"] == naive["ND"]:
        raise ValueError("period 37 would give the same value")
    return row["ND"]


def _june_solar_utc(t: Truth) -> str:
    by: defaultdict[str, list[int]] = defaultdict(list)
    for r in t.grid:
        if r["date"].month == 6:
            by[f"{r['utc']:%H:%M}"].append(r["EMBEDDED_SOLAR_GENERATION"])
    return argmax({slot: sum(v) / len(v) for slot, v in by.items()})


def _export_run(t: Truth) -> float:
    best = run = 0
    for r in t.grid:
        run = run + 1 if sum(r[name] for name in INTERCONNECTORS) < 0 else 0
        best = max(best, run)
    if best < 4:
        raise ValueError("no real export stretch")
    return best / 2


# se: posts in Id order (type 1 question, 2 answer, 4/5 tag wiki), naive UTC datetimes


def _questions(t: Truth) -> list[dict]:
    return [p for p in t.posts if p["type"] == 1]


def _user_name(t: Truth, uid: int) -> str:
    name = t.users[uid]["name"]
    if sum(u["name"] == name for u in t.users.values()) > 1:
        raise ValueError(f"two users are called {name}")
    return name


def _median_first_answer(t: Truth) -> float:
    return statistics.median(
        (q["answers"][0]["created"] - q["created"]).total_seconds() / 3600 for q in _questions(t) if q["answers"]
    )


def _most_accepted_user(t: Truth) -> str:
    owners = Counter(
        q["accepted"]["owner"] for q in _questions(t) if q["accepted"] and "deleted_owner" not in q["accepted"]
    )
    return _user_name(t, argmax(owners))


# sec: (fiscal year, quarter) -> values as last reported


def _q(t: Truth, fy: int, q: int) -> dict:
    return t.sec["quarters"][(fy, q)]


def _annual(t: Truth, fy: int, key: str) -> int:
    return sum(_q(t, fy, q)[key] for q in (1, 2, 3, 4))


def _shares_latest(t: Truth) -> int:
    rows = t.sec["facts"][("dei", "EntityCommonStockSharesOutstanding")]["shares"]
    return max(rows, key=lambda r: r["filed"])["val"]


def _buyback_q3(t: Truth) -> int:
    q3 = _q(t, 2024, 3)["buyback"]
    if q3 == 0:
        raise ValueError("no buyback in the quarter")
    return q3


def _best_quarter(t: Truth) -> int:
    revs = {(fy, q): _q(t, fy, q)["revenue"] for fy in range(2020, 2025) for q in (1, 2, 3, 4)}
    best = argmax(revs)
    if best[1] != 4:
        raise ValueError("the best quarter is a reported one")
    return revs[best]


# --- the questions --------------------------------------------------------------------------------

PPD_READ = (
    f"{PPD_YEAR_FILE} is HM Land Registry's Price Paid Data for 2024 (the yearly file, as downloaded in early January "
    "2025) for three local authority districts: the City of Bristol, South Gloucestershire and Bath and North East "
    "Somerset."
)
PPD_UPD = (
    f"{PPD_UPDATE_FILE} is the monthly update Land Registry published in late January 2025 for the same districts: "
    "records added (A), changed (C) or deleted (D) since the yearly file was made."
)
GRID_READ = (
    f"{GRID_FILE} is NESO's historic demand data for 2024: Great Britain's electricity demand and related figures by "
    "half-hour settlement period, values in MW."
)
SE_READ = (
    f"{SE_POSTS_FILE} and {SE_USERS_FILE} are from the Stack Exchange data dump of coffee.stackexchange.com "
    "(June 2024)."
)
SEC_READ = (
    f"{SEC_FILE} is the SEC EDGAR company facts file (data.sec.gov/api/xbrl/companyfacts/) of {SEC_NAME}, whose "
    "fiscal year ends on the last Saturday of September."
)

TASKS = [
    # ppd (Land Registry price paid) --------------------------------------------------------------------
    Task(
        "ppd_rows",
        "easy",
        f"{PPD_READ} How many transactions does {PPD_YEAR_FILE} list?",
        lambda t: len(_year(t)),
    ),
    Task(
        "ppd_top_price",
        "easy",
        f"{PPD_READ} What is the highest price paid in {PPD_YEAR_FILE}, in pounds?",
        lambda t: max(r["price"] for r in _year(t)),
    ),
    Task(
        "ppd_new_builds_banes",
        "easy",
        f"{PPD_READ} How many new-build sales (old/new flag Y) in Bath and North East Somerset does {PPD_YEAR_FILE} "
        "list?",
        lambda t: sum(r["district"] == "BATH AND NORTH EAST SOMERSET" and r["new"] == "Y" for r in _year(t)),
    ),
    Task(
        "ppd_bristol_district",
        "medium",
        f"{PPD_READ} How many of the transactions in {PPD_YEAR_FILE} were in the City of Bristol local authority district?",
        lambda t: sum(r["district"] == BRISTOL for r in _year(t)),
    ),
    Task(
        "ppd_median_semi",
        "medium",
        f"{PPD_READ} What was the median price of the semi-detached houses in {PPD_YEAR_FILE}, counting only standard "
        "price paid entries (PPD category A)?",
        lambda t: statistics.median(r["price"] for r in _year(t) if r["ptype"] == "S" and r["cat"] == "A"),
    ),
    Task(
        "ppd_busiest_month",
        "medium",
        f"{PPD_READ} In which month of 2024 were the most sales (by date of transfer) in {PPD_YEAR_FILE}?",
        _busiest_month,
        kind="text",
    ),
    Task(
        "ppd_oct_after_update",
        "hard",
        f"{PPD_READ} {PPD_UPD} With the update applied (added records added, changed records replacing their old "
        "version, deleted records removed), how many transactions with a date of transfer in October 2024 are there?",
        _oct_after_update,
    ),
    Task(
        "ppd_q4_flat_median",
        "hard",
        f"{PPD_READ} {PPD_UPD} With the update applied, what was the median price of the flats and maisonettes "
        "(property type F) in the City of Bristol with a date of transfer from October to December 2024? Count only "
        "standard price paid entries (PPD category A).",
        _q4_flat_median,
    ),
    # grid (NESO historic demand data) ----------------------------------------------------------------
    Task(
        "grid_peak_nd",
        "easy",
        f"{GRID_READ} What was the highest national demand (ND) in 2024, in MW?",
        lambda t: max(r["ND"] for r in t.grid),
    ),
    Task(
        "grid_max_solar",
        "easy",
        f"{GRID_READ} What was the highest estimated embedded solar generation in 2024, in MW?",
        lambda t: max(r["EMBEDDED_SOLAR_GENERATION"] for r in t.grid),
    ),
    Task(
        "grid_energy_jan",
        "medium",
        f"{GRID_READ} How much electricity did national demand (ND) add up to in January 2024, in GWh?",
        lambda t: _energy_gwh(t, 1),
    ),
    Task(
        "grid_min_date",
        "medium",
        f"{GRID_READ} On which date in 2024 was national demand (ND) at its lowest?",
        _min_date,
        kind="text",
    ),
    Task(
        "grid_mar31_1800",
        "hard",
        f"{GRID_READ} What was the national demand (ND) in the half-hour from 18:00 to 18:30 UK time on Sunday "
        "31 March 2024, in MW?",
        _mar31_1800,
    ),
    Task(
        "grid_june_solar_utc",
        "hard",
        f"{GRID_READ} Averaged over the days of June 2024, in which half-hour of the day was embedded solar "
        "generation highest? Give the time the half-hour starts, in UTC.",
        _june_solar_utc,
        kind="text",
    ),
    Task(
        "grid_export_run",
        "hard",
        f"{GRID_READ} What was the longest unbroken stretch of time in 2024 during which Great Britain was a net "
        "exporter over its interconnectors, i.e. the sum of all the *_FLOW columns (positive is import) was below "
        "zero? Give its length in hours.",
        _export_run,
    ),
    # se (Stack Exchange data dump) ---------------------------------------------------------------------
    Task(
        "se_questions",
        "easy",
        f"{SE_READ} How many questions does the dump hold?",
        lambda t: len(_questions(t)),
    ),
    Task(
        "se_rep_1000",
        "easy",
        f"{SE_READ} How many users have a reputation of 1,000 or more?",
        lambda t: sum(u["reputation"] >= 1000 for u in t.users.values()),
    ),
    Task(
        "se_most_viewed",
        "easy",
        f"{SE_READ} Which question has been viewed the most times? Give its title.",
        lambda t: argmax({q["title"]: q["views"] for q in _questions(t)}),
        kind="text",
    ),
    Task(
        "se_espresso",
        "medium",
        f"{SE_READ} How many questions carry the tag espresso?",
        lambda t: sum("espresso" in q["tags"] for q in _questions(t)),
    ),
    Task(
        "se_accepted_pct",
        "medium",
        f"{SE_READ} What percentage of the questions have an accepted answer?",
        lambda t: 100 * sum(q["accepted"] is not None for q in _questions(t)) / len(_questions(t)),
    ),
    Task(
        "se_unanswered_2023",
        "medium",
        f"{SE_READ} How many of the questions asked in 2023 have no answers at all?",
        lambda t: sum(q["created"].year == 2023 and not q["answers"] for q in _questions(t)),
    ),
    Task(
        "se_median_first_answer",
        "hard",
        f"{SE_READ} For the questions with at least one answer, what is the median time from the question being "
        "asked to its first answer, in hours?",
        _median_first_answer,
    ),
    Task(
        "se_most_accepted_user",
        "hard",
        f"{SE_READ} Which user has written the most accepted answers? Give the display name.",
        _most_accepted_user,
        kind="text",
    ),
    # sec (EDGAR company facts) -------------------------------------------------------------------------
    Task(
        "sec_assets_fy2023",
        "easy",
        f"{SEC_READ} What were the company's total assets (us-gaap Assets) at the end of fiscal 2023, in US dollars?",
        lambda t: _q(t, 2023, 4)["assets"],
    ),
    Task(
        "sec_shares_latest",
        "easy",
        f"{SEC_READ} How many shares of common stock outstanding (dei EntityCommonStockSharesOutstanding) did the "
        "company report on the cover of its most recent filing?",
        _shares_latest,
    ),
    Task(
        "sec_revenue_fy2021",
        "medium",
        f"{SEC_READ} What was the company's revenue for fiscal 2021 (the whole fiscal year), in US dollars?",
        lambda t: _annual(t, 2021, "revenue"),
    ),
    Task(
        "sec_net_margin_fy2023",
        "medium",
        f"{SEC_READ} What was the company's net margin in fiscal 2023, i.e. net income (NetIncomeLoss) as a "
        "percentage of revenue? Give two decimals.",
        lambda t: 100 * _annual(t, 2023, "net_income") / _annual(t, 2023, "revenue"),
    ),
    Task(
        "sec_buyback_q3_2024",
        "hard",
        f"{SEC_READ} How much cash did the company spend on repurchasing its common stock in the third quarter of "
        "fiscal 2024 alone (the three months to late June 2024), in US dollars?",
        _buyback_q3,
    ),
    Task(
        "sec_best_quarter",
        "hard",
        f"{SEC_READ} Over fiscal years 2020 to 2024, what was the company's highest revenue in a single fiscal "
        "quarter, in US dollars? Use the latest reported figures.",
        _best_quarter,
    ),
    Task(
        "sec_growth_2016_2024",
        "hard",
        f"{SEC_READ} By how many percent did the company's annual revenue grow from fiscal 2016 to fiscal 2024? Use "
        "the latest reported figures and give two decimals.",
        lambda t: 100 * (_annual(t, 2024, "revenue") / _annual(t, 2016, "revenue") - 1),
    ),
]

QUICK = ["ppd_rows", "grid_peak_nd", "se_questions"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "ppd_rows": "the file read with read_csv's default header=0: it has no header, so the first transaction "
    "becomes the column names and the count is one short",
    "ppd_bristol_district": "the sales counted by the Town/City column ('BRISTOL'), which is the post town of every "
    "BS postcode, so South Gloucestershire and Keynsham count too; the local authority is the District column",
    "ppd_oct_after_update": "the update appended to the yearly file without applying its record status: changed "
    "records count twice and deleted records still count (twice)",
    "grid_energy_jan": "the MW values summed as if they were MWh: each settlement period lasts half an hour, so the "
    "energy is half the sum",
    "grid_mar31_1800": "the time of day taken as (SETTLEMENT_PERIOD - 1) x 30 minutes: on 31 March the clocks went "
    "forward and the day has 46 periods, so 18:00 BST is period 35, not 37",
    "grid_june_solar_utc": "the start of the half-hour taken from the settlement period (local time) and called UTC: "
    "in June the UK is on BST, an hour ahead of UTC",
    "se_questions": "every row of Posts.xml counted, but the file also holds the answers and the tag wiki posts "
    "(PostTypeId 2, 4 and 5)",
    "se_espresso": "the Tags text searched for 'espresso', which also matches espresso-machine and espresso-grind",
    "sec_revenue_fy2021": "the facts filtered by fy 2021 and fp FY and the first one taken: fy and fp name the filing, "
    "and the 10-K for fiscal 2021 also reports fiscal 2019 and 2020, listed first",
    "sec_buyback_q3_2024": "the value of the fiscal 2024 Q3 10-Q taken as the quarter's: the cash flow statement "
    "reports the nine months to date, so the quarter is that minus the six months of the Q2 10-Q",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _month_aliases(text: str) -> list[str]:
    """`July 2024`: the other ways of writing that month."""
    name, year = text.split()
    m = list(calendar.month_name).index(name)
    spellings = [f"{calendar.month_abbr[m]} {year}", f"{year}-{m:02d}", f"{m:02d}/{year}", f"{m}/{year}"]
    return [s for s in dict.fromkeys(spellings) if s != text]


def _date_aliases(text: str) -> list[str]:
    """`2024-07-07`: the day written out (`7 July 2024`, `July 7, 2024`, `07/07/2024`)."""
    d = date.fromisoformat(text)
    month = calendar.month_name[d.month]
    spellings = [f"{d.day} {month} {d.year}", f"{month} {d.day}, {d.year}", f"{d:%d/%m/%Y}", f"{d.day} {month[:3]} {d.year}"]  # fmt: skip
    return list(dict.fromkeys(spellings))


def _time_aliases(text: str) -> list[str]:
    """`12:00`: with a leading zero dropped or written with a dot."""
    h, m = text.split(":")
    return [s for s in dict.fromkeys([f"{int(h)}:{m}", f"{h}.{m}", f"{h}{m} UTC"]) if s != text]


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a month, a date, a time of day)."""
    refs = references(truth())
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "ppd_busiest_month":
            task.aliases = _month_aliases(ref)
        elif task.id == "grid_min_date":
            task.aliases = _date_aliases(ref)
        elif task.id == "grid_june_solar_utc":
            task.aliases = _time_aliases(ref)


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)
assert set(TRAPS) <= {t.id for t in TASKS} and len(TRAPS) >= 7

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
