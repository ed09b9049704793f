"""The forty-third held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, several steps or a careful definition).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise; so does a seed on which a trap would not bite.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from data import (
    G1000_FILE,
    GRADES_FILE,
    LOGBOOK_FILE,
    SIM_ID,
    SL_WAKE_NIGHT,
    SLEEP_FILE,
    STUDENT_DOMAIN,
    TEAMS_FILE,
    Truth,
    in_meeting,
    letter,
    truth,
)  # fmt: skip


@dataclass
class Task:
    id: str
    difficulty: str
    question: str
    ref: Callable[[Truth], Any]
    kind: str = "number"  # number | text
    aliases: list[str] = field(default_factory=list)  # other accepted spellings of a text answer (default seed)


# --- helpers over the clean records ---------------------------------------------------------------


def argmax(scores: dict[Any, float], margin: float = 0) -> Any:
    """The key with the highest score; raises on a tie (the question would have two answers)."""
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) > 1 and ranked[0][1] - ranked[1][1] <= margin:
        raise ValueError(f"tie for first place: {ranked[:2]}")
    return ranked[0][0]


def no_trap(ref: Any, careless: Any, what: str, rel: float = 0.002) -> None:
    """Raise when the careless reading comes within rel (the scorer's 0.2 % by default) of the reference."""
    close = careless == ref or (
        isinstance(ref, float)
        and isinstance(careless, (int, float))
        and abs(float(careless) - ref) <= max(0.006, rel * abs(ref))
    )
    if close:
        raise ValueError(f"the careless reading gives the reference ({ref!r}): {what}")


def not_on_edge(x: float, places: int, what: str) -> None:
    """Raise when x sits so near a rounding boundary that careful readings could round it either way."""
    scaled = x * 10**places
    if abs(scaled - round(scaled) - 0.5) < 1e-3 or abs(scaled - round(scaled) + 0.5) < 1e-3:
        raise ValueError(f"{what}: {x} is on a rounding edge")


def rounded(x: float, places: int, what: str) -> float:
    not_on_edge(x, places, what)
    return round(x, places)


def mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


# Aviation: the logbook's flights (date, aircraft, total, pic, approaches ...) and the G1000 rows


def _complex(t: Truth) -> set[str]:
    return {a["id"] for a in t.aircraft if a["complex"]}


def _ff_flights_2023(t: Truth, with_sims: bool = False) -> int:
    rows = [f for f in t.flights if f["date"].year == 2023]
    if with_sims:  # every 2023 row counted: the Redbird sessions are rows of the Flights Table too
        return len(rows)
    ref = sum(f["aircraft"] != SIM_ID for f in rows)
    assert all(f["total"] > 0 for f in rows if f["aircraft"] != SIM_ID)
    no_trap(ref, _ff_flights_2023(t, with_sims=True), "no simulator session in 2023")
    return ref


def _ff_approaches(t: Truth, fields: bool = False) -> int:
    rows = [f for f in t.flights if date(2024, 1, 1) <= f["date"] <= date(2024, 6, 30)]
    if fields:  # the filled Approach fields counted: a field can hold several approaches of one kind
        return sum(len(f["approaches"]) for f in rows)
    ref = sum(a[0] for f in rows for a in f["approaches"])
    no_trap(ref, _ff_approaches(t, fields=True), "one approach a field")
    return ref


def _ff_complex_pic(t: Truth) -> float:
    cx = _complex(t)
    rows = [f for f in t.flights if f["aircraft"] in cx]
    assert any(f["sic"] and not f["pic"] for f in rows)  # some of those hours are SIC, not PIC
    return round(sum(f["pic"] for f in rows), 1)


def _g1_fuel(t: Truth) -> float:
    return rounded(sum(r["E1 FFlow"] for r in t.g1000) / 3600, 1, "fuel burned")


def _g1_max_cht(t: Truth) -> float:
    return max(r[f"E1 CHT{k}"] for r in t.g1000 for k in range(1, 5))


def _g1_logbook_total(t: Truth) -> float:
    day = [f for f in t.flights if f["date"] == t.g1000_flight["date"]]
    assert len(day) == 2 and len({f["total"] for f in day}) == 2
    return t.g1000_flight["total"]


# Teaching: gradebook rows (scores by assignment name, "EX" or None) and Teams participants


def _real(t: Truth) -> list[dict]:
    return [s for s in t.students if not s["test"]]


def _mid(s: dict) -> float | None:
    v = s["scores"]["Midterm Exam"]
    return v if isinstance(v, float) else None


def _cv_students(t: Truth, rows: bool = False) -> int:
    if rows:  # the rows under the header counted: the Points Possible row and Canvas's test student too
        return len(t.students) + 1
    ref = len(_real(t))
    no_trap(ref, _cv_students(t, rows=True), "no extra rows")
    return ref


def _cv_midterm_mean(t: Truth, points_row: bool = False) -> float:
    vals = [_mid(s) for s in _real(t) if _mid(s) is not None]
    assert any(s["scores"]["Midterm Exam"] == "EX" for s in _real(t))
    if points_row:  # the column averaged as read: the Points Possible row's 100.00 is averaged in
        return round(mean(vals + [100.0]), 2)
    ref = rounded(mean(vals), 2, "midterm mean")
    no_trap(ref, _cv_midterm_mean(t, points_row=True), "the points row changes nothing")
    return ref


def _students_in_teams(t: Truth) -> list[dict]:
    return [p for p in t.participants if p["email"].endswith("@" + STUDENT_DOMAIN)]


def _tm_students(t: Truth, to_end: bool = False) -> int:
    ref = len(_students_in_teams(t))
    if to_end:  # everything below the Participants header read as one table: the activities rows too
        return ref + sum(len(p["sessions"]) for p in _students_in_teams(t))
    no_trap(ref, _tm_students(t, to_end=True), "no activities section")
    return ref


def _tm_avg_duration(t: Truth, span: bool = False) -> float:
    st = _students_in_teams(t)
    if span:  # Last Leave - First Join: the time away between a drop and a rejoin counted as in the meeting
        return round(mean([(p["sessions"][-1][1] - p["sessions"][0][0]).total_seconds() / 60 for p in st]), 1)
    ref = rounded(mean([in_meeting(p) / 60 for p in st]), 1, "average duration")
    no_trap(ref, _tm_avg_duration(t, span=True), "nobody dropped out and came back")
    return ref


def _hw_pct(t: Truth, s: dict) -> float:
    hw = [a for a in t.assignments if a["group"] == "Homework" and s["scores"][a["name"]] != "EX"]
    return 100 * sum(s["scores"][a["name"]] or 0.0 for a in hw) / sum(a["points"] for a in hw)


def _cv_top_hw(t: Truth) -> str:
    return argmax({s["name"]: _hw_pct(t, s) for s in _real(t)}, margin=1.0)


def _x_absent(t: Truth, by_name: bool = False) -> int:
    real = _real(t)
    if by_name:  # "Last, First" turned round and matched to the Teams display names
        names = {p["name"] for p in t.participants}
        return sum(f"{s['first']} {s['last']}" not in names for s in real)
    came = {p["email"].split("@")[0] for p in _students_in_teams(t)}
    ref = sum(s["login"] not in came for s in real)
    no_trap(ref, _x_absent(t, by_name=True), "every display name matches")
    return ref


def _x_review_midterm(t: Truth) -> float:
    minutes = {p["email"].split("@")[0]: in_meeting(p) / 60 for p in _students_in_teams(t)}
    vals = [_mid(s) for s in _real(t) if minutes.get(s["login"], 0) >= 30 and _mid(s) is not None]
    return rounded(mean(vals), 2, "midterm of the review's attendees")


# Sleep: the Fitbit records as written


def _main(t: Truth) -> list[dict]:
    return [r for r in t.sleeps if r["mainSleep"]]


def _start(r: dict) -> datetime:
    return datetime.strptime(r["startTime"], "%Y-%m-%dT%H:%M:%S.000")


def _sl_most_asleep(t: Truth) -> str:
    return argmax({r["dateOfSleep"]: r["minutesAsleep"] for r in _main(t)}, margin=5)


def _sl_avg_asleep(t: Truth, naps: bool = False) -> float:
    rows = t.sleeps if naps else _main(t)
    if naps:  # every log averaged: the naps pull it down
        return round(mean([r["minutesAsleep"] for r in rows]), 1)
    ref = rounded(mean([r["minutesAsleep"] for r in rows]), 1, "average sleep")
    no_trap(ref, _sl_avg_asleep(t, naps=True), "no naps")
    return ref


def _sl_deep(t: Truth) -> float:
    rows = [r for r in t.sleeps if r["type"] == "stages"]
    assert all(r["mainSleep"] for r in rows) and len(rows) < len(_main(t))
    return rounded(mean([r["levels"]["summary"]["deep"]["minutes"] for r in rows]), 1, "deep sleep")


def _sl_weekend_diff(t: Truth, wake_day: bool = False) -> float:
    def night(r: dict) -> date:
        if wake_day:  # the weekday of dateOfSleep, the morning after: Thursday and Friday nights taken
            return date.fromisoformat(r["dateOfSleep"])
        return (_start(r) - timedelta(hours=12)).date()

    weekend = [r["minutesAsleep"] for r in _main(t) if night(r).weekday() in (4, 5)]
    week = [r["minutesAsleep"] for r in _main(t) if night(r).weekday() not in (4, 5)]
    if wake_day:
        return round(mean(weekend) - mean(week), 1)
    ref = rounded(mean(weekend) - mean(week), 1, "weekend difference")
    no_trap(ref, _sl_weekend_diff(t, wake_day=True), "the wake day names the night")
    return ref


def _sl_rem_share(t: Truth) -> float:
    rows = [r["levels"]["summary"] for r in t.sleeps if r["type"] == "stages"]
    asleep = sum(s[k]["minutes"] for s in rows for k in ("deep", "light", "rem"))
    return rounded(100 * sum(s["rem"]["minutes"] for s in rows) / asleep, 1, "REM share")


def _sl_longest_wake(t: Truth) -> float:
    r = next(r for r in _main(t) if r["dateOfSleep"] == SL_WAKE_NIGHT.isoformat())
    return max(x["seconds"] for x in r["levels"]["data"] if x["level"] == "wake") / 60


def _sl_streak(t: Truth, rows_only: bool = False) -> int:
    mains = sorted(_main(t), key=lambda r: r["dateOfSleep"])
    best = run = 0
    prev = None
    for r in mains:
        d = date.fromisoformat(r["dateOfSleep"])
        ok = r["minutesAsleep"] >= 420
        follows = prev is not None and (rows_only or d - prev == timedelta(days=1))
        run = (run + 1 if follows else 1) if ok else 0
        best = max(best, run)
        prev = d
    if rows_only:  # consecutive records taken as consecutive nights: the night with no log is skipped over
        return best
    no_trap(best, _sl_streak(t, rows_only=True), "no missing night inside the best run")
    return best


AV = (
    f"My pilot logbook exported from ForeFlight ({LOGBOOK_FILE}) and the Garmin G1000 data log of one of my flights, "
    f"copied from the airplane's SD card ({G1000_FILE})."
)
TE = (
    f"My STAT 201 course this spring: the Canvas gradebook export ({GRADES_FILE}) and the Microsoft Teams attendance "
    f"report of the midterm review session I ran on March 5 ({TEAMS_FILE})."
)
SL = f"My Fitbit sleep data from a Google Takeout export ({SLEEP_FILE})."
STUDENTS_TEXT = f"participants with a @{STUDENT_DOMAIN} email address"

TASKS = [
    # --- Aviation: ForeFlight logbook and G1000 data log ---
    Task(
        "ff_landings_2023",
        "easy",
        f"{AV} How many landings in total (AllLandings) did I log in 2023?",
        lambda t: sum(f["all_ldg"] for f in t.flights if f["date"].year == 2023),
    ),
    Task(
        "ff_kpao",
        "easy",
        f"{AV} How many of the entries in my logbook's flights table departed from KPAO (From KPAO)?",
        lambda t: sum(f["from"] == "KPAO" for f in t.flights),
    ),
    Task(
        "g1_max_alt",
        "easy",
        f"{AV} What was the highest altitude above mean sea level (AltMSL, in feet) recorded in {G1000_FILE}?",
        lambda t: max(r["AltMSL"] for r in t.g1000 if r["AltMSL"] is not None),
    ),
    Task(
        "g1_max_cht",
        "easy",
        f"{AV} What was the highest cylinder head temperature in {G1000_FILE}, in °F, over the four cylinders "
        "(E1 CHT1 to E1 CHT4)?",
        _g1_max_cht,
    ),
    Task(
        "ff_flights_2023",
        "medium",
        f"{AV} How many flights did I log in 2023? Count flights in an aircraft only, not simulator sessions.",
        _ff_flights_2023,
    ),
    Task(
        "ff_night_landings",
        "medium",
        f"{AV} How many full-stop night landings (NightLandingsFullStop) did I log from April 1 to June 30, 2024, "
        "both days included?",
        lambda t: sum(f["night_fs"] for f in t.flights if date(2024, 4, 1) <= f["date"] <= date(2024, 6, 30)),
    ),
    Task(
        "g1_fuel",
        "medium",
        f"{AV} How many US gallons of fuel did the engine burn over the whole of {G1000_FILE}, according to the fuel "
        "flow (E1 FFlow, in gallons per hour, logged once a second)? Give one decimal.",
        _g1_fuel,
    ),
    Task(
        "ff_approaches",
        "hard",
        f"{AV} How many instrument approaches did I log in the first half of 2024 (January 1 to June 30), simulator "
        "sessions included?",
        _ff_approaches,
    ),
    Task(
        "ff_complex_pic",
        "hard",
        f"{AV} How many hours of PIC time have I logged in complex aircraft (Complex in the logbook's aircraft "
        "table)? Give one decimal.",
        _ff_complex_pic,
    ),
    Task(
        "g1_logbook_total",
        "hard",
        f"{AV} {G1000_FILE} was recorded on one of the flights in my logbook. How much total time (TotalTime, in "
        "hours) did I log for that flight?",
        _g1_logbook_total,
    ),
    # --- Teaching: Canvas gradebook and Teams attendance report ---
    Task(
        "cv_section2",
        "easy",
        f"{TE} How many students are in section STAT 201-002 according to {GRADES_FILE}?",
        lambda t: sum(s["section"] == "STAT 201-002" for s in _real(t)),
    ),
    Task(
        "cv_gradeA",
        "easy",
        f"{TE} How many students have a Final Grade of A (not A-) in {GRADES_FILE}?",
        lambda t: sum(letter(s["final"]) == "A" for s in t.students),
    ),
    Task(
        "tm_guests",
        "easy",
        f"{TE} How many of the participants listed in {TEAMS_FILE} have no email address (guests and dial-in callers)?",
        lambda t: sum(not p["email"] for p in t.participants),
    ),
    Task(
        "cv_students",
        "medium",
        f"{TE} How many students are enrolled in the course according to {GRADES_FILE}? Count real students only.",
        _cv_students,
    ),
    Task(
        "cv_midterm_mean",
        "medium",
        f"{TE} What is the class average on the Midterm Exam in {GRADES_FILE}, over the students who have a score "
        "(leave out excused and missing)? Give two decimals.",
        _cv_midterm_mean,
    ),
    Task(
        "tm_students",
        "medium",
        f"{TE} How many students attended the review session? Count the {STUDENTS_TEXT} in {TEAMS_FILE}.",
        _tm_students,
    ),
    Task(
        "tm_avg_duration",
        "medium",
        f"{TE} On average, how many minutes did a student ({STUDENTS_TEXT}) spend in the review session, counting "
        f"each student's total time in the meeting according to {TEAMS_FILE}? Give one decimal.",
        _tm_avg_duration,
    ),
    Task(
        "cv_top_hw",
        "hard",
        f"{TE} Which student has the highest homework percentage in {GRADES_FILE}, that is points earned over "
        "points possible on Homework 1 to 6, with a missing homework counting as zero and an excused one left "
        "out? Give the student's name.",
        _cv_top_hw,
        kind="text",
    ),
    Task(
        "x_absent",
        "hard",
        f"{TE} How many of the students enrolled in {GRADES_FILE} (real students only) did not attend the review "
        f"session, according to {TEAMS_FILE}?",
        _x_absent,
    ),
    Task(
        "x_review_midterm",
        "hard",
        f"{TE} What is the average Midterm Exam score of the students who spent at least 30 minutes in the review "
        f"session (their total time in the meeting according to {TEAMS_FILE})? Leave out students without a "
        "midterm score; give two decimals.",
        _x_review_midterm,
    ),
    # --- Sleep: Fitbit sleep logs ---
    Task(
        "sl_naps",
        "easy",
        f"{SL} How many naps are in {SLEEP_FILE}, that is sleep logs that are not my main sleep?",
        lambda t: sum(not r["mainSleep"] for r in t.sleeps),
    ),
    Task(
        "sl_manual",
        "easy",
        f"{SL} How many of the sleep logs in {SLEEP_FILE} did I enter by hand (logType manual)?",
        lambda t: sum(r["logType"] == "manual" for r in t.sleeps),
    ),
    Task(
        "sl_most_asleep",
        "easy",
        f"{SL} Which night's main sleep had the most minutes asleep (minutesAsleep)? Give its dateOfSleep.",
        _sl_most_asleep,
        kind="text",
    ),
    Task(
        "sl_avg_asleep",
        "medium",
        f"{SL} How many minutes did I sleep per night on average (minutesAsleep)? Naps don't count; give one decimal.",
        _sl_avg_asleep,
    ),
    Task(
        "sl_deep",
        "medium",
        f"{SL} How many minutes of deep sleep did I get per night on average, over the nights that have sleep-stage "
        "data? Give one decimal.",
        _sl_deep,
    ),
    Task(
        "sl_after_midnight",
        "medium",
        f"{SL} On how many nights did my main sleep start after midnight (a startTime between 00:00 and 12:00)?",
        lambda t: sum(_start(r).hour < 12 for r in _main(t)),
    ),
    Task(
        "sl_weekend_diff",
        "hard",
        f"{SL} How many more minutes (minutesAsleep) did I sleep on average on Friday and Saturday nights than on "
        "Sunday to Thursday nights? Main sleeps only; a night is named after the evening it began, so a sleep "
        "that started at 00:30 on a Saturday is Friday night. Give one decimal.",
        _sl_weekend_diff,
    ),
    Task(
        "sl_rem_share",
        "hard",
        f"{SL} What percentage of my time asleep was REM sleep, over all the nights that have sleep-stage data "
        "(total REM minutes over total light, deep and REM minutes)? Give one decimal.",
        _sl_rem_share,
    ),
    Task(
        "sl_longest_wake",
        "hard",
        f"{SL} In my main sleep with dateOfSleep {SL_WAKE_NIGHT.isoformat()}, how long was the longest single "
        "period awake in the sleep-stage data (levels.data), in minutes? Give one decimal.",
        _sl_longest_wake,
    ),
    Task(
        "sl_streak",
        "hard",
        f"{SL} What was my longest run of consecutive nights with at least 7 hours asleep (main sleep "
        "minutesAsleep of 420 or more)? Give the number of nights.",
        _sl_streak,
    ),
]

QUICK = ["ff_kpao", "cv_gradeA", "sl_naps"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "ff_flights_2023": "every 2023 row of the Flights Table counted: the Redbird simulator sessions (equipType "
    "aatd in the Aircraft Table, TotalTime 0.0) are rows too",
    "ff_approaches": "the filled Approach1-Approach6 fields counted: each field starts with the number of "
    "approaches flown of that kind (2;ILS;30L;KSJC;)",
    "cv_students": "the rows under the header counted: the '    Points Possible' row and Canvas's 'Student, "
    "Test' are rows too",
    "cv_midterm_mean": "the Midterm Exam column averaged as read with the non-numbers dropped: the Points "
    "Possible row's 100.00 is averaged in",
    "tm_students": "everything below the Participants header read as one table: the In-Meeting Activities "
    "section below it repeats each person once per join",
    "tm_avg_duration": "Last Leave minus First Join taken as the time in the meeting: students who dropped out and "
    "rejoined were away in between; In-Meeting Duration sums their sessions",
    "x_absent": "students matched by name ('Last, First' turned round): Teams shows directory display names, "
    "with preferred first names and some accents dropped; the SIS Login ID is the part of the email before @",
    "sl_avg_asleep": "every sleep log averaged: the naps (mainSleep false) are logs too",
    "sl_weekend_diff": "the weekday of dateOfSleep taken: it is the morning the sleep ended, so Friday's date "
    "names Thursday night",
    "sl_streak": "consecutive records taken as consecutive nights: the records are newest first and one night "
    "has no log at all, which breaks the run",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _date_aliases(iso: str) -> list[str]:
    d = date.fromisoformat(iso)
    month = d.strftime("%B")
    return [f"{month} {d.day}", f"{d.day} {month}", f"{month[:3]} {d.day}", f"{d.day} {month[:3]}",
            f"{d.month}/{d.day}/{d.year}", f"{d.month:02d}/{d.day:02d}/{d.year}", f"{d.day:02d}/{d.month:02d}/{d.year}"]  # fmt: skip


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (the student as 'First Last', a date in words)."""
    refs = references()
    for task in TASKS:
        ref = refs[task.id]
        if task.id == "cv_top_hw":
            last, first = ref.split(", ")
            task.aliases = [f"{first} {last}"]
        elif task.id == "sl_most_asleep":
            task.aliases = _date_aliases(ref)


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)
assert set(TRAPS) <= {t.id for t in TASKS} and len(TRAPS) == 10
assert all(t.difficulty != "easy" for t in TASKS if t.id in TRAPS)

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
