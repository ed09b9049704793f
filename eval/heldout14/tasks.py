"""The fourteenth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, time-zone conversion or reshaping). A reference whose answer would be a tie raises, so a
seed that makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import calendar
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from data import BUS_FILE, HOU_FILE, LONDON, REG_FILE, RIV_FILE, UNI_FILE, Truth, truth


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


# housing: each job once (t.jobs holds every Job Ref once; the file lists some twice)


def _completed(t: Truth, priority: str | None = None) -> list[dict]:
    return [
        j for j in t.jobs if j["status"] == "Completed" and (priority is None or j["priority"].startswith(priority))
    ]


def _days(j: dict) -> int:
    return (j["completed"] - j["reported"]).days


def _top_contractor(t: Truth) -> str:
    return argmax(Counter(j["contractor"] for j in t.jobs))


def _median_days_p3(t: Truth) -> float:
    return float(statistics.median(_days(j) for j in _completed(t, "P3")))


def _p1_within_pct(t: Truth) -> float:
    jobs = _completed(t, "P1")
    return 100 * sum(_days(j) <= 1 for j in jobs) / len(jobs)


def _ward_avg_cost(t: Truth) -> str:
    cost, n = defaultdict(float), Counter()
    for j in _completed(t):
        cost[j["ward"]] += j["cost"]
        n[j["ward"]] += 1
    return argmax({w: cost[w] / n[w] for w in n})


def _damp_month(t: Truth) -> str:
    by = Counter(j["reported"].replace(day=1) for j in t.jobs if j["trade"] == "Damp & Mould")
    m = argmax(by)
    return f"{calendar.month_name[m.month]} {m.year}"


# bus: delay in seconds (None when cancelled or not tracked); on time is -60 <= delay < 360


def _tracked(t: Truth) -> list[dict]:
    return [x for x in t.departures if x["delay"] is not None]


def _on_time(x: dict) -> bool:
    return -60 <= x["delay"] < 360


def _on_time_pct(t: Truth) -> float:
    dep = _tracked(t)
    return 100 * sum(map(_on_time, dep)) / len(dep)


def _worst_line(t: Truth) -> str:
    total, n = defaultdict(float), Counter()
    for x in _tracked(t):
        total[x["line"]] += x["delay"]
        n[x["line"]] += 1
    return argmax({k: total[k] / n[k] for k in n})


def _morning_late(t: Truth) -> int:
    out = 0
    for x in _tracked(t):
        loc = x["local"]
        minute = loc.hour * 60 + loc.minute
        out += loc.weekday() < 5 and 7 * 60 <= minute < 9 * 60 + 30 and x["delay"] >= 360
    return out


def _worst_date(t: Truth) -> str:
    ok, n = Counter(), Counter()
    for x in _tracked(t):
        d = x["local"].date()
        ok[d] += _on_time(x)
        n[d] += 1
    d = argmin({k: ok[k] / n[k] for k in n})
    return f"{d.day} {calendar.month_name[d.month]} {d.year}"


# river: a reading's value is its first value; stations are looked up by name in the register


def _station(t: Truth, name: str) -> dict:
    return next(s for s in t.stations if s["name"] == name)


def _series(t: Truth, name: str, param: str) -> list[tuple]:
    ref = _station(t, name)["ref"]
    return [(r["time"], r["values"][0]) for r in t.readings if r["ref"] == ref and r["param"] == param]


def _hours_above(t: Truth) -> float:
    high = _station(t, "Rye Mill")["high"]
    return 0.25 * sum(v > high for _, v in _series(t, "Rye Mill", "level"))


def _peak_flow_day(t: Truth) -> str:
    total, n = defaultdict(float), Counter()
    for ts, v in _series(t, "Castleford Weir", "flow"):
        d = ts.astimezone(LONDON).date()
        total[d] += v
        n[d] += 1
    d = argmax({k: total[k] / n[k] for k in n})
    return f"{d.day} {calendar.month_name[d.month]} {d.year}"


def _widest_range(t: Truth) -> str:
    span = {}
    for s in t.stations:
        vals = [v for _, v in _series(t, s["name"], "level")]
        span[s["name"]] = max(vals) - min(vals)
    return argmax(span)


# university: t.regs is one row per registration; t.modules the catalogue


def _overseas_pct(t: Truth) -> float:
    fee = {r["student"]: r["fee"] for r in t.regs}
    return 100 * sum(f == "Overseas" for f in fee.values()) / len(fee)


def _numeric(mark: Any) -> bool:
    return isinstance(mark, int)


def _school_fail(t: Truth) -> str:
    school = {m["code"]: m["school"] for m in t.modules}
    fail, n = Counter(), Counter()
    for r in t.regs:
        if _numeric(r["mark"]):
            s = school[r["module"]]
            n[s] += 1
            fail[s] += r["mark"] < 40
    return argmax({s: fail[s] / n[s] for s in n})


def _over_capacity(t: Truth) -> int:
    reg = Counter(r["module"] for r in t.regs if r["status"] == "Registered")
    return sum(reg[m["code"]] > m["capacity"] for m in t.modules)


# --- the questions --------------------------------------------------------------------------------

TASKS = [
    # housing repairs ---------------------------------------------------------------------------
    Task(
        "hou_cancelled",
        "easy",
        f"In {HOU_FILE}, how many repair jobs have the status Cancelled?",
        lambda t: sum(j["status"] == "Cancelled" for j in t.jobs),
    ),
    Task(
        "hou_top_contractor",
        "easy",
        f"Which contractor in {HOU_FILE} was given the most repair jobs?",
        _top_contractor,
        kind="text",
    ),
    Task(
        "hou_p1_jobs",
        "medium",
        f"How many P1 Emergency repair jobs were reported in {HOU_FILE}? Some jobs are listed more than "
        "once in the file; count each Job Ref once.",
        lambda t: sum(j["priority"].startswith("P1") for j in t.jobs),
    ),
    Task(
        "hou_total_cost",
        "medium",
        f"What is the total cost, in pounds, of all the repair jobs in {HOU_FILE}? Count each Job Ref "
        "once; jobs with no cost (blank or n/a) add nothing.",
        lambda t: sum(j["cost"] or 0.0 for j in t.jobs),
    ),
    Task(
        "hou_median_days",
        "medium",
        f"In {HOU_FILE}, what is the median number of days from the date reported to the date completed "
        "for completed P3 Routine jobs (status Completed)? Count each Job Ref once.",
        _median_days_p3,
    ),
    Task(
        "hou_p1_within_target",
        "hard",
        f"In {HOU_FILE}, of the completed P1 Emergency jobs (status Completed, each Job Ref once), what "
        "percentage were completed no more than 1 day after the date they were reported?",
        _p1_within_pct,
    ),
    Task(
        "hou_ward_avg_cost",
        "hard",
        f"Which ward in {HOU_FILE} had the highest average cost per completed job (status Completed)? "
        "Count each Job Ref once.",
        _ward_avg_cost,
        kind="text",
    ),
    Task(
        "hou_damp_month",
        "hard",
        f"In {HOU_FILE}, in which month were the most Damp & Mould jobs reported (by Date Reported, any "
        "status, each Job Ref once)?",
        _damp_month,
        kind="text",
    ),
    # bus punctuality ---------------------------------------------------------------------------
    Task(
        "bus_cancelled",
        "easy",
        f"How many departures in {BUS_FILE} have the departure status cancelled?",
        lambda t: sum(x["status"] == "cancelled" for x in t.departures),
    ),
    Task(
        "bus_line12_departures",
        "easy",
        f"How many scheduled departures of line 12 are recorded in {BUS_FILE}, whatever their status?",
        lambda t: sum(x["line"] == "12" for x in t.departures),
    ),
    Task(
        "bus_vehicles",
        "easy",
        f"How many different vehicles (VehicleRef) appear in {BUS_FILE}?",
        lambda t: len({x["vehicle"] for x in t.departures if x["vehicle"]}),
    ),
    Task(
        "bus_on_time_pct",
        "medium",
        f"In {BUS_FILE}, take the departures that have an actual departure time. What percentage of them "
        "were on time, meaning they left no more than 1 minute early and less than 6 minutes late "
        "(actual minus aimed departure time from -60 seconds up to 359 seconds)?",
        _on_time_pct,
    ),
    Task(
        "bus_worst_line",
        "medium",
        f"Which line in {BUS_FILE} had the highest average delay (actual minus aimed departure time, "
        "early departures counting as negative), over the departures that have an actual departure time?",
        _worst_line,
        kind="text",
    ),
    Task(
        "bus_morning_late",
        "hard",
        f"The times in {BUS_FILE} are in UTC. How many departures aimed to leave on a weekday (Monday to "
        "Friday) between 07:00 and 09:29 UK local time left 6 minutes or more late (actual minus aimed "
        "departure time of at least 360 seconds)? Departures with no actual departure time are not counted.",
        _morning_late,
    ),
    Task(
        "bus_worst_date",
        "hard",
        f"Using {BUS_FILE}, on which date (UK local date of the aimed departure) was the percentage of "
        "on-time departures lowest? On time means from 60 seconds early up to 359 seconds late; count only "
        "departures that have an actual departure time.",
        _worst_date,
        kind="text",
    ),
    # river gauges ------------------------------------------------------------------------------
    Task(
        "riv_kell_stations",
        "easy",
        f"How many gauging stations in {REG_FILE} are on the River Kell?",
        lambda t: sum(s["river"] == "River Kell" for s in t.stations),
    ),
    Task(
        "riv_oldest_station",
        "easy",
        f"Which station in {REG_FILE} opened first (has the earliest opening date)?",
        lambda t: argmin({s["name"]: s["opened"].toordinal() for s in t.stations}),
        kind="text",
    ),
    Task(
        "riv_largest_catchment",
        "medium",
        f"Which gauging station in {REG_FILE} has the largest catchment area?",
        lambda t: argmax({s["name"]: s["area"] for s in t.stations}),
        kind="text",
    ),
    Task(
        "riv_peak_level",
        "medium",
        f"What was the highest river level, in metres, recorded at the Kelby Bridge station in {RIV_FILE}? "
        f"The station's reference is in {REG_FILE}. A few readings list two values; use the first.",
        lambda t: max(v for _, v in _series(t, "Kelby Bridge", "level")),
    ),
    Task(
        "riv_mean_flow",
        "medium",
        f"What was the mean river flow, in cubic metres per second, at the Kelby Bridge station over all "
        f"its flow readings in {RIV_FILE}? The station's reference is in {REG_FILE}. A few readings list "
        "two values; use the first.",
        lambda t: statistics.fmean(v for _, v in _series(t, "Kelby Bridge", "flow")),
    ),
    Task(
        "riv_hours_above",
        "hard",
        f"Using {RIV_FILE} and {REG_FILE}, for how many hours in total was the river level at Rye Mill "
        "above the top of its typical range? Count each 15-minute level reading above it as a quarter of "
        "an hour. A few readings list two values; use the first.",
        _hours_above,
    ),
    Task(
        "riv_peak_flow_day",
        "hard",
        f"Using {RIV_FILE} and {REG_FILE}, on which day was the mean flow at Castleford Weir highest? "
        "Assign readings to days by UK local date (the file's times are UTC) and average the flow readings "
        "of each day. A few readings list two values; use the first.",
        _peak_flow_day,
        kind="text",
    ),
    Task(
        "riv_widest_range",
        "hard",
        f"Using {RIV_FILE} and {REG_FILE}, which station had the largest difference between its highest "
        "and lowest river level reading? Use level readings only, and where a reading lists two values use "
        "the first.",
        _widest_range,
        kind="text",
    ),
    # university registrations ------------------------------------------------------------------
    Task(
        "uni_students",
        "easy",
        f"How many different students (Student ID) appear on the Registrations sheet of {UNI_FILE}?",
        lambda t: len({r["student"] for r in t.regs}),
    ),
    Task(
        "uni_computing_modules",
        "easy",
        f"How many modules does the Module catalogue sheet of {UNI_FILE} list for the School of Computing?",
        lambda t: sum(m["school"] == "School of Computing" for m in t.modules),
    ),
    Task(
        "uni_withdrawn",
        "easy",
        f"How many rows of the Registrations sheet of {UNI_FILE} have the registration status Withdrawn?",
        lambda t: sum(r["status"] == "Withdrawn" for r in t.regs),
    ),
    Task(
        "uni_overseas_pct",
        "medium",
        f"What percentage of the students on the Registrations sheet of {UNI_FILE} have the fee status "
        "Overseas? Count each student once.",
        _overseas_pct,
    ),
    Task(
        "uni_hist2010_mean",
        "medium",
        f"On the Registrations sheet of {UNI_FILE}, what is the mean mark on module HIST2010? Use numeric "
        "marks only; ABS, DEF and blank marks are left out.",
        lambda t: statistics.fmean(r["mark"] for r in t.regs if r["module"] == "HIST2010" and _numeric(r["mark"])),
    ),
    Task(
        "uni_school_fail",
        "hard",
        f"Using both sheets of {UNI_FILE}, which School had the highest percentage of numeric marks below 40 "
        "on its modules? A module belongs to the School given for it in the Module catalogue; ABS, DEF and "
        "blank marks are left out.",
        _school_fail,
        kind="text",
    ),
    Task(
        "uni_over_capacity",
        "hard",
        f"Using both sheets of {UNI_FILE}, how many modules have more registrations with the status "
        "Registered than their capacity in the Module catalogue?",
        _over_capacity,
    ),
]

QUICK = ["hou_cancelled", "bus_cancelled", "uni_students"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "hou_p1_jobs": "the rows counted, so the jobs the export lists twice are counted twice",
    "hou_total_cost": "the TOTAL row under the table summed along with the jobs, roughly doubling the total",
    "bus_on_time_pct": "the AVL system's own DepartureStatus 'onTime' flag counted, whose window is narrower "
    "than the one the question defines",
    "bus_morning_late": "the 07:00-09:29 window applied to the UTC clock instead of UK local time (BST)",
    "riv_largest_catchment": "catchment areas with a thousands separator coerced to NaN by "
    "to_numeric(errors='coerce'), so the largest stations drop out",
    "riv_peak_level": "every measure of the station taken, so the flow readings (m3/s) are read as levels",
    "uni_overseas_pct": "the share of registration rows instead of students (postgraduates, mostly "
    "overseas, have more rows each)",
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
        f"{d.day} {calendar.month_abbr[d.month]} {d.year}",
        f"{name} {d.day}, {d.year}",
        f"{d.day}{nth} {name} {d.year}",
        f"{d.day}{nth} {name}",
        f"{name} {d.day}{nth}",
    ]


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a month, a date, a ward, a station, a school)."""
    t = truth()
    refs = references(t)
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "hou_damp_month":
            task.aliases = _month_aliases(ref)
        elif task.id in ("bus_worst_date", "riv_peak_flow_day"):
            task.aliases = _date_aliases(ref)
        elif task.id == "hou_ward_avg_cost" and "'" in ref:
            task.aliases = [ref.replace("'", "")]
        elif task.id.startswith("riv_"):
            task.aliases = [next(s["ref"] for s in t.stations if s["name"] == ref)]
        elif task.id == "uni_school_fail":
            task.aliases = [ref.replace("School of ", "")] if ref.startswith("School of ") else []
        elif task.id == "bus_worst_line":
            task.aliases = [f"line {ref}"]


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
