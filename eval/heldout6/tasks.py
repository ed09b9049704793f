"""The sixth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, resampling or reshaping). A reference whose answer would be a tie raises, so a seed that
makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from data import Truth, to_local, truth

MONTH_NAMES = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
COUNTRY_NAMES = {
    "GBR": ["United Kingdom", "UK", "Great Britain", "Britain", "GB"],
    "IRL": ["Ireland", "IE"],
    "FRA": ["France", "FR"],
    "DEU": ["Germany", "DE", "GER"],
    "NLD": ["Netherlands", "the Netherlands", "Holland", "NL", "NED"],
    "USA": ["United States", "US"],
    "ESP": ["Spain", "ES"],
    "ITA": ["Italy", "IT"],
    "DNK": ["Denmark", "DK", "DEN"],
    "KEN": ["Kenya", "KE"],
}


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


def argmin(scores: dict[Any, float]) -> Any:
    return argmax({k: -v for k, v in scores.items()})


def mean(values) -> float:
    values = list(values)
    return sum(values) / len(values)


def share(part: int, whole: int) -> float:
    return 100 * part / whole


def hour_text(h: int) -> str:
    return f"{h}:00"


def hour_aliases(h: int) -> list[str]:
    twelve = h % 12 or 12
    half = "am" if h < 12 else "pm"
    return [
        f"{h:02d}:00",
        f"{twelve} {half}",
        f"{twelve}{half}",
        f"{twelve}:00 {half}",
        f"{h}h",
        f"{h:02d}h",
        f"hour {h}",
    ]


def year_month_text(ym: tuple[int, int]) -> str:
    return f"{MONTH_NAMES[ym[1] - 1]} {ym[0]}"


def year_month_aliases(ym: tuple[int, int]) -> list[str]:
    y, m = ym
    return [f"{MONTH_NAMES[m - 1][:3]} {y}", f"{y}-{m:02d}", f"{m:02d}/{y}", f"{y}/{m:02d}", f"{m}/{y}"]


# library


def _formats(t: Truth) -> dict[str, str]:
    return {i["item_id"]: i["format"] for i in t.items}


def _busiest_month(t: Truth) -> tuple[int, int]:
    return argmax(Counter((x["checked_out"].year, x["checked_out"].month) for x in t.loans))


def _median_loan_days(t: Truth) -> float:
    return statistics.median((x["returned"] - x["checked_out"].date()).days for x in t.loans if x["returned"])


def _late_format(t: Truth) -> str:
    fmt = _formats(t)
    back: Counter = Counter()
    late: Counter = Counter()
    for x in t.loans:
        if x["returned"]:
            back[fmt[x["item_id"]]] += 1
            late[fmt[x["item_id"]]] += x["returned"] > x["due"]
    return argmax({f: late[f] / back[f] for f in back})


def _senior_subject(t: Truth) -> str:
    age = {m["patron_id"]: m["age_group"] for m in t.members}
    subject = {i["item_id"]: i["subject"] for i in t.items}
    return argmax(Counter(subject[x["item_id"]] for x in t.loans if age[x["patron_id"]] == "Senior"))


# emergency department


def _minutes(a, b) -> float:
    return (b - a).total_seconds() / 60


def _peak_local_hour(t: Truth) -> int:
    return argmax(Counter(to_local(v["arrived"]).hour for v in t.visits))


def _busiest_weekday(t: Truth) -> str:
    return WEEKDAYS[argmax(Counter(to_local(v["arrived"]).weekday() for v in t.visits))]


def _lwbs_month(t: Truth) -> int:
    visits: Counter = Counter()
    lwbs: Counter = Counter()
    for v in t.visits:
        m = to_local(v["arrived"]).month
        visits[m] += 1
        lwbs[m] += v["disposition"] == "LWBS"
    return argmax({m: lwbs[m] / visits[m] for m in visits})


def _low_spo2_admitted(t: Truth) -> float:
    low = [v for v in t.visits if v["spo2"] is not None and v["spo2"] < 92]
    return share(sum(v["disposition"] == "Admitted" for v in low), len(low))


# port


def _call_year(t: Truth) -> dict[str, int]:
    return {c["call_no"]: c["ata"].year for c in t.calls}


def _teu_2024(t: Truth) -> int:
    year = _call_year(t)
    return sum(x["teu"] or 0 for x in t.cargo if year[x["call_no"]] == 2024)


def _largest_vessel(t: Truth) -> str:
    called = {c["imo"] for c in t.calls}
    vessels = {v["name"]: v["gt"] for v in t.vessels if v["imo"] in called}
    return argmax(vessels)


def _top_berth_2024(t: Truth) -> str:
    berth = {c["call_no"]: c["berth"] for c in t.calls if c["ata"].year == 2024}
    tonnes: Counter = Counter()
    for x in t.cargo:
        if x["call_no"] in berth:
            tonnes[berth[x["call_no"]]] += x["tenths"]
    return argmax(tonnes)


def _tonnage_month(t: Truth) -> tuple[int, int]:
    ym = {c["call_no"]: (c["ata"].year, c["ata"].month) for c in t.calls}
    tonnes: Counter = Counter()
    for x in t.cargo:
        tonnes[ym[x["call_no"]]] += x["tenths"]
    return argmax(tonnes)


# marathon


def _finishers(t: Truth) -> list[dict]:
    return [r for r in t.results if r["status"] == "FIN"]


def _entrant(t: Truth) -> dict[str, dict]:
    return {e["bib"]: e for e in t.entrants}


def _median_women(t: Truth) -> float:
    who = _entrant(t)
    return statistics.median(r["chip"] / 60 for r in _finishers(t) if who[r["bib"]]["sex"] == "F")


def _country_median(t: Truth) -> str:
    who = _entrant(t)
    chips: dict[str, list[int]] = {}
    for r in _finishers(t):
        chips.setdefault(who[r["bib"]]["country"], []).append(r["chip"])
    return argmin({c: statistics.median(v) for c, v in chips.items() if len(v) >= 20})


def _dnf_age_group(t: Truth) -> str:
    who = _entrant(t)
    starters: Counter = Counter()
    dnf: Counter = Counter()
    for r in t.results:
        g = who[r["bib"]]["age_group"]
        starters[g] += 1
        dnf[g] += r["status"] == "DNF"
    return argmax({g: dnf[g] / starters[g] for g in starters})


_SEED_T = truth()

TASKS: list[Task] = [
    # --- easy -------------------------------------------------------------------------------------
    Task(
        "lib-loan-count",
        "easy",
        "How many loans are recorded in library.sqlite?",
        lambda t: len(t.loans),
    ),
    Task(
        "lib-still-out",
        "easy",
        "How many of the library's loans had not been returned yet when the data was extracted?",
        lambda t: sum(x["returned"] is None for x in t.loans),
    ),
    Task(
        "lib-members-2023",
        "easy",
        "How many members in library_members.csv.gz joined the library in 2023?",
        lambda t: sum(m["joined"].year == 2023 for m in t.members),
    ),
    Task(
        "ed-visit-count",
        "easy",
        "How many visits does ed_visits_2024.json contain?",
        lambda t: len(t.visits),
    ),
    Task(
        "ed-ambulance",
        "easy",
        "How many of the emergency department's visits arrived by ambulance?",
        lambda t: sum(v["ambulance"] for v in t.visits),
    ),
    Task(
        "port-call-count",
        "easy",
        "How many ship calls are listed in port_calls_2023_2024.xlsx?",
        lambda t: len(t.calls),
    ),
    Task(
        "port-largest-vessel",
        "easy",
        "What is the name of the largest vessel, by gross tonnage, that called at the port?",
        _largest_vessel,
        "text",
    ),
    Task(
        "port-vessel-count",
        "easy",
        "How many different vessels (distinct IMO numbers) called at the port in 2023-2024?",
        lambda t: len({c["imo"] for c in t.calls}),
    ),
    Task(
        "mara-finishers",
        "easy",
        "How many runners finished the marathon?",
        lambda t: len(_finishers(t)),
    ),
    Task(
        "mara-first-timers",
        "easy",
        "How many entrants in marathon_entrants.parquet were running their first marathon?",
        lambda t: sum(e["first_marathon"] for e in t.entrants),
    ),
    # --- medium -----------------------------------------------------------------------------------
    Task(
        "lib-busiest-month",
        "medium",
        "Which month (year and month) had the most library checkouts?",
        lambda t: year_month_text(_busiest_month(t)),
        "text",
        year_month_aliases(_busiest_month(_SEED_T)),
    ),
    Task(
        "lib-weekday",
        "medium",
        "On which day of the week do the library's borrowers check out the most items?",
        lambda t: WEEKDAYS[argmax(Counter(x["checked_out"].weekday() for x in t.loans))],
        "text",
    ),
    Task(
        "lib-median-days",
        "medium",
        "For the loans in library.sqlite that have been returned, what is the median loan length in days, "
        "counting calendar days from the checkout date to the return date?",
        _median_loan_days,
    ),
    Task(
        "ed-peak-local-hour",
        "medium",
        "At what hour of the day do the most patients arrive at the emergency department, in the hospital's "
        "local time (Chicago)?",
        lambda t: hour_text(_peak_local_hour(t)),
        "text",
        hour_aliases(_peak_local_hour(_SEED_T)),
    ),
    Task(
        "ed-median-wait-esi3",
        "medium",
        "In ed_visits_2024.json, what is the median time in minutes from arrival to being seen by a provider, "
        "for triage level 3 patients who were seen?",
        lambda t: statistics.median(
            _minutes(v["arrived"], v["seen"]) for v in t.visits if v["triage"] == 3 and v["seen"]
        ),
    ),
    Task(
        "ed-weekday",
        "medium",
        "Which day of the week has the most emergency department arrivals, in local (Chicago) time?",
        _busiest_weekday,
        "text",
    ),
    Task(
        "port-total-tonnes",
        "medium",
        "What was the total cargo tonnage handled over both years, according to cargo_2023_2024.csv?",
        lambda t: sum(x["tenths"] for x in t.cargo) / 10,
    ),
    Task(
        "port-container-hours",
        "medium",
        "On average, how many hours did a container ship stay at its berth per call (from ATA to ATD)?",
        lambda t: mean(_minutes(c["ata"], c["atd"]) / 60 for c in t.calls if c["type"] == "Container ship"),
    ),
    Task(
        "mara-median-women",
        "medium",
        "What was the median chip time, in minutes, of the women who finished the marathon?",
        _median_women,
    ),
    Task(
        "mara-sub4-pct",
        "medium",
        "What percentage of the marathon's finishers ran a chip time under 4 hours?",
        lambda t: share(sum(r["chip"] < 4 * 3600 for r in _finishers(t)), len(_finishers(t))),
    ),
    # --- hard -------------------------------------------------------------------------------------
    Task(
        "lib-late-format",
        "hard",
        "Which item format in the library's catalogue has the highest share of its returned loans brought back "
        "after the due date?",
        _late_format,
        "text",
        [_late_format(_SEED_T) + "s"],
    ),
    Task(
        "lib-senior-subject",
        "hard",
        "Which subject do the library's Senior members borrow most often, by number of loans?",
        _senior_subject,
        "text",
        ["Mysteries"] if _senior_subject(_SEED_T) == "Mystery" else [],
    ),
    Task(
        "ed-lwbs-month",
        "hard",
        "In which month of 2024 did the largest share of emergency department patients leave without being "
        "seen? Put each visit in the month of its local (Chicago) arrival time.",
        lambda t: MONTH_NAMES[_lwbs_month(t) - 1],
        "text",
        [MONTH_NAMES[_lwbs_month(_SEED_T) - 1][:3], *year_month_aliases((2024, _lwbs_month(_SEED_T)))],
    ),
    Task(
        "ed-los-ambulance-admitted",
        "hard",
        "What was the average length of stay, in hours, of the ED patients who arrived by ambulance and were admitted?",
        lambda t: mean(
            _minutes(v["arrived"], v["departed"]) / 60
            for v in t.visits
            if v["ambulance"] and v["disposition"] == "Admitted"
        ),
    ),
    Task(
        "ed-low-spo2-admitted",
        "hard",
        "Of the emergency department visits with a recorded oxygen saturation below 92%, what percentage ended "
        "in admission to the hospital?",
        _low_spo2_admitted,
    ),
    Task(
        "port-top-berth-2024",
        "hard",
        "Which berth handled the most cargo tonnage on calls that arrived in 2024?",
        _top_berth_2024,
        "text",
        ["Berth " + _top_berth_2024(_SEED_T)],
    ),
    Task(
        "port-teu-2024",
        "hard",
        "How many TEU did the port handle on ship calls that arrived in 2024?",
        _teu_2024,
    ),
    Task(
        "port-tonnage-month",
        "hard",
        "Which month (year and month) saw the most cargo tonnage at the port, by the ship's arrival date?",
        lambda t: year_month_text(_tonnage_month(t)),
        "text",
        year_month_aliases(_tonnage_month(_SEED_T)),
    ),
    Task(
        "mara-country-median",
        "hard",
        "Among countries with at least 20 finishers, which country's finishers had the fastest median chip time "
        "in the marathon?",
        _country_median,
        "text",
        COUNTRY_NAMES[_country_median(_SEED_T)],
    ),
    Task(
        "mara-dnf-age-group",
        "hard",
        "Which age group had the highest share of its starters not finishing (DNF) the marathon?",
        _dnf_age_group,
        "text",
        ["65 and over", "over 65", "65 plus", "65 or older"] if _dnf_age_group(_SEED_T) == "65+" else [],
    ),
]

# Quick mode: a few easy tasks.
QUICK = ["lib-loan-count", "ed-visit-count", "mara-finishers"]


def references(seed: int | None = None) -> dict[str, Any]:
    t = truth() if seed is None else truth(seed)
    return {task.id: task.ref(t) for task in TASKS}


if __name__ == "__main__":
    for task, (tid, ref) in zip(TASKS, references().items()):
        print(f"{task.difficulty:<7} {tid:<30} {ref!r:<30} {task.question}")
