"""The thirty-second held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, time arithmetic or several steps).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise; so does a seed on which a trap would not bite.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from statistics import median
from typing import Any

from data import (
    EL_CAND_FILE,
    EL_DEPOSIT,
    EL_SEAT_FILE,
    MT_FILE,
    PH_BLOCKED,
    PH_CLIENTS,
    PH_FILE,
    PH_UTC_OFFSET,
    SSH_FILE,
    SSH_SESSION_USER,
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


def argmin(scores: dict[Any, float]) -> Any:
    return argmax({k: -v for k, v in scores.items()})


def no_trap(ref: Any, careless: Any, what: str) -> None:
    close = careless == ref or (
        isinstance(ref, float)
        and isinstance(careless, (int, float))
        and abs(float(careless) - ref) <= max(0.006, 0.002 * abs(ref))
    )
    if close:
        raise ValueError(f"the careless reading gives the reference ({ref!r}): {what}")


# election: seats (one dict per constituency) and cands (one dict per candidate, share a fraction)


def _el_lab_votes(t: Truth, labour_only: bool = False) -> int:
    if labour_only:  # Party name 'Labour' only: the Labour and Co-operative candidates left out
        return sum(c["votes"] for c in t.cands if c["party"] == "Labour")
    ref = sum(c["votes"] for c in t.cands if c["col"] == "Lab")
    no_trap(ref, _el_lab_votes(t, labour_only=True), "no Labour and Co-operative candidate")
    return ref


def _el_deposits(t: Truth, percent: bool = False) -> int:
    if percent:  # Share read as a percentage: 'Share < 5' holds for every candidate
        return sum(c["share"] < EL_DEPOSIT * 100 for c in t.cands)
    ref = sum(c["share"] < EL_DEPOSIT for c in t.cands)
    assert all(abs(c["share"] - EL_DEPOSIT) > 0.0005 for c in t.cands)
    no_trap(ref, _el_deposits(t, percent=True), "every candidate lost the deposit")
    return ref


def _el_turnout(t: Truth) -> str:
    return argmin({s["name"]: s["valid"] / s["electorate"] for s in t.seats})


def _el_margin(t: Truth) -> float:
    won = [100 * s["majority"] / s["valid"] for s in t.seats if s["first"] == "Lab"]
    return round(sum(won) / len(won), 2)


# meteorites: one dict per record (mass in grams or None, year or None, lat/lon or None, 0/0 unknown)


def _mt_heaviest(t: Truth, as_text: bool = False) -> str:
    have = [m for m in t.mt if m["mass"] is not None]
    if as_text:  # the mass strings compared as text: '9.5' beats '23000000'
        return max(have, key=lambda m: f"{m['mass']:g}" if m["mass"] < 1e6 else str(int(m["mass"])))["name"]
    ref = argmax({m["name"]: m["mass"] for m in have})
    no_trap(ref, _mt_heaviest(t, as_text=True), "the heaviest is also the largest string")
    return ref


def _mt_iron(t: Truth) -> float:
    return round(sum(m["mass"] for m in t.mt if m["recclass"].startswith("Iron") and m["mass"]) / 1000, 1)


def _mt_lat(t: Truth, keep_zero: bool = False) -> float:
    falls = [m for m in t.mt if m["fall"] == "Fell" and m["lat"] is not None]
    if keep_zero:  # 0, 0 (the dataset's 'unknown') taken as a place on the equator
        return round(sum(m["lat"] for m in falls) / len(falls), 2)
    known = [m["lat"] for m in falls if not (m["lat"] == 0 and m["lon"] == 0)]
    assert len(known) < len(falls)
    ref = round(sum(known) / len(known), 2)
    no_trap(ref, _mt_lat(t, keep_zero=True), "no fall at 0, 0")
    return ref


def _mt_decade(t: Truth) -> int:
    return argmax(Counter(m["year"] // 10 * 10 for m in t.mt if m["fall"] == "Fell" and m["year"] is not None))


def _mt_class_median(t: Truth) -> str:
    n = Counter(m["recclass"] for m in t.mt)
    masses: dict[str, list[float]] = defaultdict(list)
    for m in t.mt:
        if n[m["recclass"]] >= 100 and m["mass"] is not None:
            masses[m["recclass"]].append(m["mass"])
    assert len(masses) >= 5
    return argmax({k: median(v) for k, v in masses.items()})


# ssh: one dict per event (login, sudo, invalid, root, scan) with its time (the year known here)


def _ssh_of(t: Truth, *kinds: str) -> list[dict]:
    return [e for e in t.ssh if e["kind"] in kinds]


def _ssh_failed(t: Truth, lines: bool = False) -> int:
    attacks = _ssh_of(t, "invalid", "root")
    if lines:  # lines holding 'Failed password': a 'message repeated 5 times' line counted once
        return len(attacks) + sum(e["attempts"] > 1 for e in attacks)
    ref = sum(e["attempts"] for e in attacks)
    no_trap(ref, _ssh_failed(t, lines=True), "no repeated attempts")
    return ref


def _ssh_top_ip(t: Truth, lines: bool = False) -> str:
    c: Counter = Counter()
    for e in _ssh_of(t, "invalid", "root"):
        c[e["ip"]] += (1 + (e["attempts"] > 1)) if lines else e["attempts"]
    if lines:
        return argmax(c)
    ref = argmax(c)
    no_trap(ref, _ssh_top_ip(t, lines=True), "the top address also has the most lines")
    return ref


def _ssh_session(t: Truth) -> float:
    s = [e["length"].total_seconds() / 60 for e in _ssh_of(t, "login") if e["user"] == SSH_SESSION_USER]
    return round(sum(s) / len(s), 2)


def _ssh_gap(t: Truth, no_year: bool = False) -> float:
    times = [e["time"] for e in _ssh_of(t, "login")]
    if no_year:  # times read without a year (1900), in file order: January sorts before December
        times = [x.replace(year=1900) for x in times]
        gaps = [(b - a).total_seconds() / 3600 for a, b in zip(times, times[1:])]
        return round(max(gaps), 1)
    gaps = [(b - a).total_seconds() / 3600 for a, b in zip(times, times[1:])]
    ref = round(max(gaps), 1)
    no_trap(ref, _ssh_gap(t, no_year=True), "the longest gap does not span the new year")
    return ref


# pi-hole: one dict per query (time in UTC, type and status codes, domain, client ip and name)


def _ph_blocked(t: Truth, gravity_only: bool = False) -> int:
    if gravity_only:  # status 1 only: regex, blacklist and CNAME blocks left out
        return sum(q["status"] == 1 for q in t.ph)
    ref = sum(q["status"] in PH_BLOCKED for q in t.ph)
    no_trap(ref, _ph_blocked(t, gravity_only=True), "only gravity blocks")
    return ref


def _ph_reply(t: Truth, seconds: bool = False) -> float:
    r = [q["reply_time"] for q in t.ph if q["status"] == 2 and q["reply_time"] is not None]
    if seconds:  # reply_time is in seconds: reported without converting
        return round(sum(r) / len(r), 4)
    ref = round(1000 * sum(r) / len(r), 2)
    no_trap(ref, _ph_reply(t, seconds=True), "reply times already in milliseconds")
    return ref


def _ph_hour(t: Truth, utc: bool = False) -> int:
    off = 0 if utc else PH_UTC_OFFSET
    c = Counter((q["time"] + timedelta(hours=off)).hour for q in t.ph)
    if utc:  # the Unix time stamps read as UK time although they are UTC and the house is on BST
        return argmax(c)
    ref = argmax(c)
    no_trap(ref, _ph_hour(t, utc=True), "UTC and BST give the same hour")
    return ref


def _ph_top_client(t: Truth) -> str:
    return argmax(Counter(q["name"] for q in t.ph if q["name"]))


def _ph_share(t: Truth) -> str:
    n = Counter(q["client"] for q in t.ph)
    b = Counter(q["client"] for q in t.ph if q["status"] in PH_BLOCKED)
    ip = argmax({k: b[k] / v for k, v in n.items() if v >= 1000})
    return next(c[1] for c in PH_CLIENTS if c[0] == ip)


EL = (
    f"UK general election of 4 July 2024, Scotland's constituencies, from the House of Commons Library: "
    f"{EL_CAND_FILE} has one row per candidate."
)
ELS = (
    f"UK general election of 4 July 2024, Scotland's constituencies, from the House of Commons Library: the "
    f"workbook {EL_SEAT_FILE} has one row per constituency."
)
MT = (
    f"NASA's meteorite landings dataset (the Meteoritical Society's catalogue) saved from the data.nasa.gov API "
    f"as {MT_FILE}; mass is in grams."
)
SSH = f"The SSH and sudo log of our web server, {SSH_FILE}; it runs from 18 December 2023 to 14 January 2024."
PH = (
    f"My Pi-hole's query database {PH_FILE} (SQLite) for 1 to 14 June 2024; the queries are in query_storage, or "
    "in the view queries with the domain, client and upstream filled in."
)

TASKS = [
    # --- UK general election 2024 (House of Commons Library) ---
    Task(
        "el_lab_seats",
        "easy",
        f"{ELS} How many seats did Labour win (First party 'Lab')?",
        lambda t: sum(s["first"] == "Lab" for s in t.seats),
    ),
    Task(
        "el_electorate",
        "easy",
        f"{ELS} Which constituency has the largest electorate?",
        lambda t: argmax({s["name"]: s["electorate"] for s in t.seats}),
        kind="text",
    ),
    Task(
        "el_candidates",
        "easy",
        f"{EL} How many candidates stood altogether?",
        lambda t: len(t.cands),
    ),
    Task(
        "el_lab_gain",
        "medium",
        f"{ELS} In how many constituencies did Labour take the seat from the SNP (a Labour gain from the SNP)?",
        lambda t: sum(s["first"] == "Lab" and s["prev"] == "SNP" for s in t.seats),
    ),
    Task(
        "el_lab_votes",
        "medium",
        f"{EL} How many votes did Labour get in Scotland in total? Labour and Co-operative candidates stand for "
        "Labour, so count them too.",
        _el_lab_votes,
    ),
    Task(
        "el_turnout",
        "medium",
        f"{ELS} Which constituency had the lowest turnout, taken as valid votes divided by the electorate?",
        _el_turnout,
        kind="text",
    ),
    Task(
        "el_deposits",
        "hard",
        f"{EL} A candidate who gets less than 5% of the valid votes in the constituency loses the deposit. How many "
        "candidates lost their deposit?",
        _el_deposits,
    ),
    Task(
        "el_margin",
        "hard",
        f"{ELS} For the seats Labour won, express each majority as a percentage of that seat's valid votes and "
        "average over those seats. Give the percentage to two decimals.",
        _el_margin,
    ),
    # --- meteorite landings (NASA, Socrata API) ---
    Task(
        "mt_fell",
        "easy",
        f"{MT} How many of the meteorites were seen to fall (fall 'Fell') rather than found later?",
        lambda t: sum(m["fall"] == "Fell" for m in t.mt),
    ),
    Task(
        "mt_l6",
        "easy",
        f"{MT} How many meteorites are of class L6 (recclass exactly 'L6')?",
        lambda t: sum(m["recclass"] == "L6" for m in t.mt),
    ),
    Task(
        "mt_heaviest",
        "medium",
        f"{MT} What is the name of the heaviest meteorite in the file?",
        _mt_heaviest,
        kind="text",
    ),
    Task(
        "mt_iron_mass",
        "medium",
        f"{MT} What is the total mass of the iron meteorites, i.e. every recclass that begins with 'Iron' "
        "('Iron', 'Iron, IIIAB', ...)? Give kilograms to one decimal.",
        _mt_iron,
    ),
    Task(
        "mt_lat",
        "hard",
        f"{MT} What is the average latitude (reclat) of the meteorites seen to fall (fall 'Fell')? Leave out the "
        "ones whose place is unknown: no coordinates, or the placeholder 0, 0. Give degrees to two decimals.",
        _mt_lat,
    ),
    Task(
        "mt_decade",
        "hard",
        f"{MT} In which decade were the most falls (fall 'Fell') recorded, going by the year field? Give the "
        "decade's first year, e.g. 1950 for the 1950s.",
        _mt_decade,
    ),
    Task(
        "mt_class_median",
        "hard",
        f"{MT} Among the classes (recclass) with at least 100 meteorites in the file, which has the highest median "
        "mass? Leave out meteorites without a mass.",
        _mt_class_median,
        kind="text",
    ),
    # --- SSH auth.log ---
    Task(
        "ssh_accepted",
        "easy",
        f"{SSH} How many successful SSH logins are there (lines 'Accepted publickey for ...')?",
        lambda t: len(_ssh_of(t, "login")),
    ),
    Task(
        "ssh_sudo",
        "easy",
        f"{SSH} Which user ran the most commands with sudo?",
        lambda t: argmax(Counter(e["user"] for e in _ssh_of(t, "sudo"))),
        kind="text",
    ),
    Task(
        "ssh_invalid_user",
        "easy",
        f"{SSH} Which user name do attackers try most often ('Invalid user NAME from ...' lines)?",
        lambda t: argmax(Counter(e["user"] for e in _ssh_of(t, "invalid"))),
        kind="text",
    ),
    Task(
        "ssh_failed",
        "medium",
        f"{SSH} How many failed password attempts were there in total (for root and for invalid users)? Count "
        "every attempt, including the ones the log folds into 'message repeated N times'.",
        _ssh_failed,
    ),
    Task(
        "ssh_distinct_ips",
        "medium",
        f"{SSH} How many different IP addresses had at least one failed password attempt?",
        lambda t: len({e["ip"] for e in _ssh_of(t, "invalid", "root")}),
    ),
    Task(
        "ssh_top_ip",
        "hard",
        f"{SSH} Which IP address made the most failed password attempts (every attempt counted, including repeats)?",
        _ssh_top_ip,
        kind="text",
    ),
    Task(
        "ssh_session",
        "hard",
        f"{SSH} On average, how long did {SSH_SESSION_USER}'s SSH sessions last, from 'session opened' to 'session "
        "closed' (match them by the sshd process id)? Give minutes to two decimals.",
        _ssh_session,
    ),
    Task(
        "ssh_gap",
        "hard",
        f"{SSH} What was the longest time between two consecutive successful logins? Give hours to one decimal.",
        _ssh_gap,
    ),
    # --- Pi-hole query database ---
    Task(
        "ph_aaaa",
        "easy",
        f"{PH} How many AAAA queries (type 2) are there?",
        lambda t: sum(q["type"] == 2 for q in t.ph),
    ),
    Task(
        "ph_top_domain",
        "easy",
        f"{PH} Which domain was queried most often?",
        lambda t: argmax(Counter(q["domain"] for q in t.ph)),
        kind="text",
    ),
    Task(
        "ph_blocked",
        "medium",
        f"{PH} How many queries were blocked, for any reason? Pi-hole's status codes for a blocked query are 1 "
        "(gravity), 4 (regex), 5 (exact blacklist), 6, 7 and 8 (blocked upstream), 9, 10 and 11 (gravity, regex "
        "and blacklist found through a CNAME), 15 and 16.",
        _ph_blocked,
    ),
    Task(
        "ph_top_client",
        "medium",
        f"{PH} Which device made the most queries? Give its name (client_by_id has each client's name).",
        _ph_top_client,
        kind="text",
    ),
    Task(
        "ph_reply_ms",
        "medium",
        f"{PH} What is the average reply time of the queries forwarded upstream (status 2), leaving out those "
        "without a reply time? Give milliseconds to two decimals.",
        _ph_reply,
    ),
    Task(
        "ph_hour",
        "hard",
        f"{PH} The Pi-hole is in a house in Bristol. In which hour of the day, UK local time, are the most queries "
        "made? Give the hour as a whole number from 0 to 23.",
        _ph_hour,
    ),
    Task(
        "ph_device_share",
        "hard",
        f"{PH} Among the devices with at least 1,000 queries, which has the largest share of its queries blocked "
        "(status 1, 4, 5, 6, 7, 8, 9, 10, 11, 15 or 16)? Give its name.",
        _ph_share,
        kind="text",
    ),
]

QUICK = ["el_lab_seats", "mt_fell", "ssh_accepted"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "el_lab_votes": "only Party name 'Labour' counted: the 'Labour and Co-operative' candidates are Labour too",
    "el_deposits": "Share taken as a percentage: it is a fraction (0.0423), so 'Share < 5' holds for everyone",
    "mt_heaviest": "mass compared as text (the API writes every number as a string): '9.5' beats '23000000'",
    "mt_lat": "only missing coordinates left out: reclat 0.000000 with reclong 0.000000 is the dataset's "
    "'unknown' and pulls the mean towards the equator",
    "ssh_failed": "lines with 'Failed password' counted: a 'message repeated 5 times: [ Failed password ...]' line "
    "stands for five attempts",
    "ssh_top_ip": "lines counted per address: the root brute forcer's attempts are folded into 'message repeated' "
    "lines, so a dictionary attacker with more lines but fewer attempts comes first",
    "ssh_gap": "times parsed without a year (1900): January sorts before December, so the gap over the new year "
    "is lost (or negative)",
    "ph_blocked": "only status 1 (gravity) counted: regex, exact blacklist and CNAME blocks are blocked too",
    "ph_reply_ms": "reply_time averaged without converting: it is in seconds, not milliseconds",
    "ph_hour": "the Unix time stamps converted to hours as UTC: the house is on British Summer Time (UTC+1)",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a device's IP address, a host name without '.lan')."""
    refs = references(truth())
    ips = {c[1]: c[0] for c in PH_CLIENTS}
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id in ("ph_top_client", "ph_device_share"):
            task.aliases = [ref.removesuffix(".lan"), ips[ref]]


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
