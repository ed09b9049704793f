"""The thirteenth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, resampling or reshaping). A reference whose answer would be a tie raises, so a seed that
makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import calendar
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from data import AE_FILE, FERRY_FILE, LONDON, MAR_FILE, METER_FILE, REGIONS, SITES_FILE, Truth, truth


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


def month_name(m: date) -> str:
    return f"{calendar.month_name[m.month]} {m.year}"


# marathon: a finisher has status FIN (DNF and DSQ runners have no chip time); times in seconds


def _finishers(t: Truth) -> list[dict]:
    return [r for r in t.runners if r["status"] == "FIN"]


def _f40_fastest(t: Truth) -> str:
    f40 = [r for r in _finishers(t) if r["category"] == "F40"]
    name = argmax({r["name"]: -r["chip"] for r in f40})
    if sum(r["name"] == name for r in t.runners) != 1:
        raise ValueError(f"{name} has a namesake in the file: the answer would be ambiguous")
    return name


def _negative_split_pct(t: Truth) -> float:
    rows = [r for r in _finishers(t) if r["half"] is not None]
    return 100 * sum(r["chip"] - r["half"] < r["half"] for r in rows) / len(rows)


def _split_corr(t: Truth) -> float:
    rows = [r for r in _finishers(t) if r["k10"] is not None]
    return statistics.correlation([r["k10"] for r in rows], [r["chip"] for r in rows])


# ferry: local time is Europe/London; a sailing with no recorded count carried nobody we know of


def _on_time_pct(t: Truth) -> float:
    dep = [s for s in t.sailings if s["status"] == "DEPARTED"]
    return 100 * sum(s["delay"] <= 300 for s in dep) / len(dep)


def _worst_month(t: Truth) -> str:
    n, cancelled = Counter(), Counter()
    for s in t.sailings:
        m = s["local"].date().replace(day=1)
        n[m] += 1
        cancelled[m] += s["status"] == "CANCELLED"
    return calendar.month_name[argmax({m: cancelled[m] / n[m] for m in n}).month]


def _weekly_peak(t: Truth) -> int:
    weeks = Counter()
    for s in t.sailings:
        d = s["local"].date()
        weeks[d - timedelta(days=d.weekday())] += s["passengers"] or 0
    return max(weeks.values())


# a&e: the provider rows (the Total rows are the return's own sums)


def _trust(t: Truth, code: str) -> dict:
    return next(tr for tr in t.trusts if tr["code"] == code)


def _attendances(r: dict) -> int:
    return r["t1"] + r["t2"] + r["t3"]


def _england_4hr(t: Truth) -> float:
    breaches = sum(r["b1"] + r["b2"] + r["b3"] for r in t.ae)
    return 100 * (1 - breaches / sum(_attendances(r) for r in t.ae))


def _busiest_month(t: Truth) -> str:
    by = Counter()
    for r in t.ae:
        by[r["month"]] += r["t1"]
    return month_name(argmax(by))


def _region_12hr(t: Truth) -> str:
    waits, adm = Counter(), Counter()
    for r in t.ae:
        region = _trust(t, r["code"])["region"]
        waits[region] += r["w12"]
        adm[region] += r["adm_t1"]
    return argmax({k: 1000 * waits[k] / adm[k] for k in adm})


def _per_population(t: Truth) -> str:
    t1 = Counter()
    for r in t.ae:
        t1[r["code"]] += r["t1"]
    code = argmax({c: 1000 * n / _trust(t, c)["population"] for c, n in t1.items()})
    return _trust(t, code)["name"]


# energy: the consumption of a meter in a half hour is its latest received reading


def _latest(t: Truth) -> dict[tuple[str, datetime], float]:
    out: dict[tuple[str, datetime], tuple[datetime, float]] = {}
    for r in t.readings:
        key = (r["mpan"], r["start"])
        if key not in out or r["received"] > out[key][0]:
            out[key] = (r["received"], r["kwh"])
    return {k: v[1] for k, v in out.items()}


def _total_kwh(t: Truth) -> float:
    return sum(_latest(t).values())


def _kwh_per_m2(t: Truth) -> str:
    per = defaultdict(float)
    for (mpan, start), kwh in _latest(t).items():
        if start.astimezone(LONDON).year == 2024:
            per[mpan] += kwh
    return argmax({s["name"]: -per[s["mpan"]] / s["area"] for s in t.sites})  # the least per m2


def _school_peak_month(t: Truth) -> str:
    schools = {s["mpan"] for s in t.sites if s["type"] == "School"}
    per = Counter()
    for (mpan, start), kwh in _latest(t).items():
        local = start.astimezone(LONDON)
        if mpan in schools and local.year == 2024:
            per[local.month] += kwh
    return calendar.month_name[argmax(per)]


# --- the questions --------------------------------------------------------------------------------

TASKS = [
    # marathon ----------------------------------------------------------------------------------
    Task(
        "mar_dnf_count",
        "easy",
        f"In {MAR_FILE}, how many runners are recorded as DNF (did not finish)?",
        lambda t: sum(r["status"] == "DNF" for r in t.runners),
    ),
    Task(
        "mar_m50_finishers",
        "easy",
        f"In {MAR_FILE}, how many runners in category M50 finished the race (that is, have a chip time)?",
        lambda t: sum(r["category"] == "M50" for r in _finishers(t)),
    ),
    Task(
        "mar_median_chip",
        "medium",
        f"What is the median chip time, in minutes, of all finishers in {MAR_FILE}? Runners marked DNF "
        "or DSQ have no chip time and are not finishers.",
        lambda t: statistics.median(r["chip"] for r in _finishers(t)) / 60,
    ),
    Task(
        "mar_harriers",
        "medium",
        f"In {MAR_FILE}, how many finishers (runners with a chip time) gave a club whose name contains "
        'the word "Harriers", in any letter case?',
        lambda t: sum("harriers" in r["club"].lower() for r in _finishers(t)),
    ),
    Task(
        "mar_f40_fastest",
        "medium",
        f"Which runner in category F40 had the fastest chip time in {MAR_FILE}? Give the runner's name.",
        _f40_fastest,
        kind="text",
    ),
    Task(
        "mar_negative_split_pct",
        "hard",
        f"In {MAR_FILE}, take the finishers who have a recorded half-marathon split (the Half column). "
        "What percentage of them ran a negative split, i.e. their second half (chip time minus the "
        "half split) took strictly less time than their first half (the half split)?",
        _negative_split_pct,
    ),
    Task(
        "mar_split_corr",
        "hard",
        f"In {MAR_FILE}, what is the Pearson correlation coefficient between the 10K split time and the "
        "chip time, over all finishers who have a recorded 10K split?",
        _split_corr,
    ),
    # ferry -------------------------------------------------------------------------------------
    Task(
        "fer_cancelled",
        "easy",
        f"How many sailings in {FERRY_FILE} have the status CANCELLED?",
        lambda t: sum(s["status"] == "CANCELLED" for s in t.sailings),
    ),
    Task(
        "fer_max_pax",
        "easy",
        f"What is the largest number of passengers carried on a single sailing in {FERRY_FILE}?",
        lambda t: max(s["passengers"] for s in t.sailings if s["passengers"] is not None),
    ),
    Task(
        "fer_vessel_count",
        "easy",
        f"How many different vessels appear in the vessel field of {FERRY_FILE}?",
        lambda t: len({s["vessel"] for s in t.sailings}),
    ),
    Task(
        "fer_route_cars",
        "medium",
        f"In {FERRY_FILE}, how many cars were carried in total on the Ardrossan-Brodick crossing in both "
        "directions (routes ARD-BRO and BRO-ARD)? Sailings with no recorded count add nothing.",
        lambda t: sum(s["cars"] or 0 for s in t.sailings if s["route"] in ("ARD-BRO", "BRO-ARD")),
    ),
    Task(
        "fer_on_time_pct",
        "medium",
        f"In {FERRY_FILE}, of the sailings that actually departed (status DEPARTED), what percentage left "
        "no more than 5 minutes after their scheduled departure time? A departure exactly 5 minutes late, "
        "or early, counts as on time.",
        _on_time_pct,
    ),
    Task(
        "fer_early_sailings",
        "hard",
        f"The ferry operator in {FERRY_FILE} sails in Scotland and its timestamps are in UTC. How many "
        "sailings (any status) were scheduled to depart before 07:00 UK local time, i.e. at 06:59 or "
        "earlier on the local clock?",
        lambda t: sum(s["local"].hour < 7 for s in t.sailings),
    ),
    Task(
        "fer_worst_month",
        "hard",
        f"Using {FERRY_FILE}, which month of 2024 had the highest percentage of its scheduled sailings "
        "cancelled? Assign each sailing to a month by its scheduled departure in UK local time.",
        _worst_month,
        kind="text",
    ),
    Task(
        "fer_weekly_peak",
        "hard",
        f"Using {FERRY_FILE}, total the passengers carried per week, with weeks running Monday to Sunday "
        "by the UK local date of the scheduled departure (sailings with no recorded count add nothing). "
        "What is the largest weekly total?",
        _weekly_peak,
    ),
    # a&e ---------------------------------------------------------------------------------------
    Task(
        "ae_region_trusts",
        "easy",
        f"On the Trusts sheet of {AE_FILE}, how many trusts are in the London region?",
        lambda t: sum(tr["region"] == "London" for tr in t.trusts),
    ),
    Task(
        "ae_biggest_catchment",
        "easy",
        f"Which trust on the Trusts sheet of {AE_FILE} has the largest catchment population?",
        lambda t: argmax({tr["alt"]: tr["population"] for tr in t.trusts}),
        kind="text",
    ),
    Task(
        "ae_total_attendances",
        "medium",
        f"According to the Provider Level Data sheet of {AE_FILE}, how many A&E attendances (all types) "
        "were there in total across all providers from April 2023 to March 2024?",
        lambda t: sum(_attendances(r) for r in t.ae),
    ),
    Task(
        "ae_busiest_month",
        "medium",
        f"In the Provider Level Data sheet of {AE_FILE}, which month had the most Type 1 (major A&E) "
        "attendances across all providers?",
        _busiest_month,
        kind="text",
    ),
    Task(
        "ae_england_4hr",
        "hard",
        f"From the Provider Level Data sheet of {AE_FILE}, what percentage of all A&E attendances (all "
        "types, all providers) over the whole year April 2023 to March 2024 were admitted, transferred "
        "or discharged within 4 hours?",
        _england_4hr,
    ),
    Task(
        "ae_region_12hr",
        "hard",
        f"Using the Provider Level Data sheet of {AE_FILE}, which region (Parent Org) had the most patients "
        "spending more than 12 hours from decision to admit to admission per 1,000 emergency admissions "
        "via Type 1 A&E, over the whole year?",
        _region_12hr,
        kind="text",
    ),
    Task(
        "ae_per_population",
        "hard",
        f"Using both sheets of {AE_FILE}, which trust had the most Type 1 A&E attendances over April 2023 "
        "to March 2024 per 1,000 people of catchment population?",
        _per_population,
        kind="text",
    ),
    # energy ------------------------------------------------------------------------------------
    Task(
        "en_school_count",
        "easy",
        f"How many sites in {SITES_FILE} have the site type School?",
        lambda t: sum(s["type"] == "School" for s in t.sites),
    ),
    Task(
        "en_estimated_rows",
        "easy",
        f"How many rows of {METER_FILE} have the quality flag E (estimated)?",
        lambda t: sum(r["quality"] == "E" for r in t.readings),
    ),
    Task(
        "en_max_reading",
        "easy",
        f"What is the largest kwh value in any single row of {METER_FILE}?",
        lambda t: max(r["kwh"] for r in t.readings),
    ),
    Task(
        "en_floor_area",
        "medium",
        f"What is the total floor area, in square metres, of all the sites listed in {SITES_FILE}?",
        lambda t: sum(s["area"] for s in t.sites),
    ),
    Task(
        "en_install_before",
        "medium",
        f"According to {SITES_FILE}, how many sites had their smart meter installed before 1 July 2020?",
        lambda t: sum(s["installed"] < date(2020, 7, 1) for s in t.sites),
    ),
    Task(
        "en_total_kwh",
        "medium",
        f"What was the total electricity consumption in kWh over all meters in {METER_FILE}? Some half "
        "hours appear more than once because an estimated reading was later replaced: for each meter "
        "and half hour, count only the row with the latest received_at_utc.",
        _total_kwh,
    ),
    Task(
        "en_kwh_per_m2",
        "hard",
        f"Using {METER_FILE} and {SITES_FILE}, which site used the least electricity in 2024 per square "
        "metre of floor area? For each meter and half hour, count only the row with the latest "
        "received_at_utc.",
        _kwh_per_m2,
        kind="text",
    ),
    Task(
        "en_school_peak_month",
        "hard",
        f"Using {METER_FILE} and {SITES_FILE}, in which calendar month of 2024 did the School sites "
        "together use the most electricity? Assign half hours to months in UK local time, and for each "
        "meter and half hour count only the row with the latest received_at_utc.",
        _school_peak_month,
        kind="text",
    ),
]

QUICK = ["mar_dnf_count", "fer_cancelled", "en_school_count"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "mar_split_corr": "splits under an hour are written mm:ss; parsed with errors='coerce' they become NaT "
    "and the correlation is taken over the slower runners only",
    "fer_on_time_pct": "cancelled sailings (no actual departure) left in the denominator as not on time",
    "fer_early_sailings": "the hour read off the UTC timestamp instead of UK local time (BST in summer)",
    "ae_total_attendances": "each month's Total row summed along with the providers, doubling the total",
    "ae_england_4hr": "the providers' 'Percentage in 4 hours or less' column averaged instead of pooling "
    "breaches over attendances",
    "en_install_before": "the day-first dates parsed month-first wherever that is possible",
    "en_total_kwh": "superseded estimated readings summed along with the actual readings that replaced them",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _month_aliases(text: str, year: int | None = None) -> list[str]:
    """`July 2023` or (with the year given) `July`: the other ways of writing that month."""
    name, *rest = text.split()
    year = int(rest[0]) if rest else year
    m = list(calendar.month_name).index(name)
    out = [f"{calendar.month_abbr[m]} {year}", f"{year}-{m:02d}", f"{m:02d}/{year}"]
    return out + ([name] if rest else [f"{name} {year}"])


def _trust_aliases(t: Truth, ref: str) -> list[str]:
    tr = next(tr for tr in t.trusts if ref in (tr["name"], tr["alt"]))
    stem = tr["name"].replace(" NHS Foundation Trust", "").replace(" NHS Trust", "")
    return sorted({tr["name"], tr["alt"], stem, tr["code"]} - {ref})


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a month, a trust's other spellings, a region)."""
    t = truth()
    refs = references(t)
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "ae_busiest_month":
            task.aliases = _month_aliases(ref)
        elif task.id in ("fer_worst_month", "en_school_peak_month"):
            task.aliases = _month_aliases(ref, 2024)
        elif task.id in ("ae_biggest_catchment", "ae_per_population"):
            task.aliases = _trust_aliases(t, ref)
        elif task.id == "ae_region_12hr":
            task.aliases = [REGIONS[ref]]
        elif task.id == "mar_f40_fastest":
            first, last = ref.split(" ", 1)
            task.aliases = [f"{last}, {first}"]


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
