"""The thirty-sixth held-out set's questions, each with its difficulty and the reference code that computes its answer.

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
from datetime import date
from statistics import mean, median
from typing import Any

from data import (
    BK_CARD_PAYEE,
    BK_SAVINGS_PAYEE,
    CARD_FILE,
    JR_FILE,
    OFX_FILE,
    VT_FILE,
    VT_MAVERICK,
    VT_MEMBER,
    VT_MISSER,
    VT_RUNNER,
    WX_FILE,
    WX_FIRST,
    WX_LAST,
    Truth,
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


def no_trap(ref: Any, careless: Any, what: str) -> None:
    close = careless == ref or (
        isinstance(ref, float)
        and isinstance(careless, (int, float))
        and abs(float(careless) - ref) <= max(0.006, 0.002 * abs(ref))
    )
    if close:
        raise ValueError(f"the careless reading gives the reference ({ref!r}): {what}")


def not_on_edge(x: float, places: int, what: str) -> None:
    """Raise when x sits so near a rounding boundary that careful readings could round it either way."""
    scaled = x * 10**places
    if abs(scaled - round(scaled) - 0.5) < 1e-6 or abs(scaled - round(scaled) + 0.5) < 1e-6:
        raise ValueError(f"{what}: {x} is on a rounding edge")


# Weather: element -> {day: (value in the file's units or None, MFLAG, QFLAG, SFLAG)}


def _wx(t: Truth, e: str, first: date, last: date, qc: bool = True) -> dict[date, int]:
    """The element's values from first to last: missing values left out, and values that failed QC when qc."""
    return {d: v[0] for d, v in t.wx[e].items() if first <= d <= last and v[0] is not None and not (qc and v[2])}


def _year(y: int) -> tuple[date, date]:
    return date(y, 1, 1), date(y, 12, 31)


def _slots(year: int) -> int:
    """Day slots in a year's twelve lines that are not days (30 February ...)."""
    return 12 * 31 - (date(year + 1, 1, 1) - date(year, 1, 1)).days


def _wx_snow_days(t: Truth) -> int:
    assert not any(v[2] for d, v in t.wx["SNOW"].items() if d.year == 2021)
    return sum(v > 0 for v in _wx(t, "SNOW", *_year(2021)).values())


def _wx_hot_days(t: Truth) -> int:
    assert not any(v[2] for d, v in t.wx["TMAX"].items() if d.year == 2023)
    return sum(v >= 300 for v in _wx(t, "TMAX", *_year(2023)).values())


def _wx_max_prcp(t: Truth) -> float:
    assert not any(v[2] for d, v in t.wx["PRCP"].items() if d.year == 2018)
    return max(_wx(t, "PRCP", *_year(2018)).values()) / 10


def _wx_frost(t: Truth, missing_too: bool = False) -> int:
    vals = _wx(t, "TMIN", *_year(2022))
    ref = sum(v < 0 for v in vals.values())
    if missing_too:  # -9999 read as a temperature: missing days and the slots that are not days count as frost
        return ref + (365 - len(vals)) + _slots(2022)
    assert len(_wx(t, "TMIN", *_year(2022), qc=False)) == len(vals)  # no QC flag to muddle the trap
    no_trap(ref, _wx_frost(t, missing_too=True), "no TMIN missing in 2022")
    return ref


def _wx_snow_season(t: Truth, as_tenths: bool = False) -> float:
    mm = sum(_wx(t, "SNOW", date(2021, 7, 1), date(2022, 6, 30)).values())
    assert len(_wx(t, "SNOW", date(2021, 7, 1), date(2022, 6, 30), qc=False)) == 365
    if as_tenths:  # SNOW read as tenths of a millimetre, as PRCP is
        return round(mm / 100, 2)
    ref = round(mm / 10, 1)
    no_trap(ref, _wx_snow_season(t, as_tenths=True), "no snow")
    return ref


def _wx_hottest_qc(t: Truth) -> float:
    ref = max(_wx(t, "TMAX", *_year(2019)).values())
    assert max(_wx(t, "TMAX", *_year(2019), qc=False).values()) > ref  # the flagged value is the raw maximum
    return ref / 10


def _wx_warm_july(t: Truth) -> int:
    means = {y: mean(_wx(t, "TMAX", date(y, 7, 1), date(y, 7, 31)).values()) / 10 for y in range(WX_FIRST, WX_LAST + 1)}
    return argmax(means, margin=0.05)


# Votes: members by name_id; each roll call with every sitting member's vote (Y, N, P, NV) and printed name


def _vt_id(t: Truth, key: tuple) -> str:
    return next(i for i, m in t.members.items() if m["key"] == key)


def _vt_close(t: Truth) -> int:
    margins = [abs(list(rc["votes"].values()).count("Y") - list(rc["votes"].values()).count("N")) for rc in t.rollcalls]
    assert not any(m in (20, 21) for m in margins)  # no roll call on the edge of the question's line
    return sum(m <= 20 for m in margins)


def _vt_adopted(t: Truth, passed_only: bool = False) -> int:
    if passed_only:  # vote-result compared with 'Passed': amendments, rules and motions are 'Agreed to'
        return sum(rc["result"] == "Passed" for rc in t.rollcalls)
    ref = sum(rc["result"] in ("Passed", "Agreed to") for rc in t.rollcalls)
    no_trap(ref, _vt_adopted(t, passed_only=True), "nothing agreed to")
    return ref


def _vt_member_yes(t: Truth, yea_only: bool = False) -> int:
    i = _vt_id(t, VT_MEMBER)
    assert len({rc["names"][i] for rc in t.rollcalls}) == 1
    if yea_only:  # only the 'Yea' votes: on a recorded vote a vote in favour is 'Aye'
        return sum(rc["votes"].get(i) == "Y" and "YEA-AND-NAY" in rc["vtype"] for rc in t.rollcalls)
    ref = sum(rc["votes"].get(i) == "Y" for rc in t.rollcalls)
    no_trap(ref, _vt_member_yes(t, yea_only=True), "no Aye")
    return ref


def _vt_missed(t: Truth, by_name: bool = False) -> str:
    counts: Counter = Counter()
    for rc in t.rollcalls:
        for i, v in rc["votes"].items():
            if v == "NV" and t.members[i]["party"] == "D":
                counts[rc["names"][i] if by_name else i] += 1
    if by_name:  # the Clerk's printed name counted: a member's name changes when a namesake is sworn in
        return argmax(counts)
    ref = argmax(counts, margin=2)
    assert t.members[ref]["key"] == VT_MISSER
    careless = _vt_missed(t, by_name=True)
    assert careless == t.members[_vt_id(t, VT_RUNNER)]["surname"], careless  # the trap bites
    return t.members[ref]["surname"]


def _majority(votes: list[str]) -> str:
    y, n = votes.count("Y"), votes.count("N")
    assert y != n, "a party split evenly"
    return "Y" if y > n else "N"


def _vt_party_line(t: Truth) -> int:
    out = 0
    for rc in t.rollcalls:
        by = {p: [v for i, v in rc["votes"].items() if t.members[i]["party"] == p] for p in "RD"}
        out += _majority(by["R"]) != _majority(by["D"])
    return out


def _vt_maverick(t: Truth) -> str:
    against: Counter = Counter()
    for rc in t.rollcalls:
        rep = {i: v for i, v in rc["votes"].items() if t.members[i]["party"] == "R"}
        maj = _majority(list(rep.values()))
        for i, v in rep.items():
            against[i] += v in ("Y", "N") and v != maj
    ref = argmax(against, margin=3)
    assert t.members[ref]["key"] == VT_MAVERICK and len({rc["names"][ref] for rc in t.rollcalls}) == 1
    return t.members[ref]["surname"]


# Jira: one dict per issue (type, status, resolution, resolved, sprints, labels, parent, children, seconds)


def _jr_label(t: Truth, first_only: bool = False) -> int:
    if first_only:  # only the first of the repeated Labels columns read
        return sum(it["labels"][:1] == ["regression"] for it in t.issues)
    ref = sum("regression" in it["labels"] for it in t.issues)
    no_trap(ref, _jr_label(t, first_only=True), "regression always the first label")
    return ref


def _jr_open(t: Truth, not_done: bool = False) -> int:
    if not_done:  # Status other than 'Done' taken as open: 'Closed' issues are resolved too
        return sum(it["status"] != "Done" for it in t.issues)
    assert all((it["resolved"] is None) == (it["resolution"] == "") for it in t.issues)
    ref = sum(it["resolved"] is None for it in t.issues)
    no_trap(ref, _jr_open(t, not_done=True), "no Closed issue")
    return ref


JR_SPRINT = "PAY Sprint 24"


def _jr_sprint_points(t: Truth, first_only: bool = False) -> int:
    if first_only:  # only the first of the repeated Sprint columns read: carried-over issues lost
        return sum(it["points"] or 0 for it in t.issues if it["sprints"][:1] == [JR_SPRINT])
    ref = sum(it["points"] or 0 for it in t.issues if JR_SPRINT in it["sprints"])
    no_trap(ref, _jr_sprint_points(t, first_only=True), "nothing carried into or out of the sprint")
    return ref


def _jr_cycle(t: Truth) -> float:
    days = [(it["resolved"] - it["created"]).total_seconds() / 86400 for it in t.issues
            if it["type"] == "Bug" and it["resolution"] == "Done"]  # fmt: skip
    x = median(days)
    not_on_edge(x, 1, "bug cycle time")
    return round(x, 1)


JR_EPIC = "Card vault migration"


def _jr_epic_hours(t: Truth) -> float:
    epic = next(it for it in t.issues if it["type"] == "Epic" and it["summary"] == JR_EPIC)
    under = [it for it in t.issues if it["parent"] is epic]
    assert "Story" in {it["type"] for it in under}
    subs = [s for it in under for s in it["children"]]
    return round(sum((it["spent"] or 0) for it in under + subs) / 3600, 2)


# Bank: the checking account's transactions (date, type, name, amount) and the card CSV's rows


def _bk_amazon(t: Truth, word_only: bool = False) -> float:
    sales = [c for c in t.card if c["type"] == "Sale"]
    if word_only:  # descriptions searched for 'amazon': the card also writes Amazon as 'AMZN'
        return round(-sum(c["amount"] for c in sales if "amazon" in c["desc"].lower()), 2)
    ref = round(-sum(c["amount"] for c in sales if c["desc"].lower().startswith(("amazon", "amzn"))), 2)
    no_trap(ref, _bk_amazon(t, word_only=True), "no AMZN")
    return ref


def _bk_opening(t: Truth) -> float:
    x = round(t.checking["ledger"] - sum(x["amount"] for x in t.checking["txns"]), 2)
    assert abs(x - t.checking["opening"]) < 0.005
    return x


def _bk_top_category(t: Truth) -> str:
    net: Counter = Counter()
    for c in t.card:
        if c["type"] in ("Sale", "Return"):
            net[c["cat"]] -= c["amount"]
    return argmax(net, margin=20)


def _bk_spending(t: Truth, with_card_bill: bool = False) -> float:
    jan = [x for x in t.checking["txns"] if x["date"].month == 1 and x["amount"] < 0]
    out = [x for x in jan if x["name"] not in (BK_CARD_PAYEE, BK_SAVINGS_PAYEE)]
    if with_card_bill:  # the card's bill paid from checking counted too: its purchases are counted already
        out = [x for x in jan if x["name"] != BK_SAVINGS_PAYEE]
    card = [c for c in t.card if c["type"] == "Sale" and c["tdate"].year == 2024 and c["tdate"].month == 1]
    x = round(-sum(x["amount"] for x in out) - sum(c["amount"] for c in card), 2)
    if not with_card_bill:
        assert any(c["tdate"].year == 2023 for c in t.card)  # December purchases posted in January stay out
        no_trap(x, _bk_spending(t, with_card_bill=True), "no card bill paid in January")
    return x


def _bk_lowest(t: Truth) -> float:
    bal, end = t.checking["opening"], {}
    for x in t.checking["txns"]:
        bal += x["amount"]
        end[x["date"]] = round(bal, 2)
    return min(end.values())


WX = (
    f"NOAA's GHCN-Daily record for Boston Logan International Airport (station USW00014739), the station's "
    f"{WX_FILE} file cut to 2014-2023 (GHCN-Daily's fixed-width format: one line per element and month)."
)
VT = (
    "The US House of Representatives' roll-call votes 301 to 364 of the 118th Congress (11 to 27 July 2023), as "
    f"the Clerk's XML files (clerk.house.gov/evs/2023/rollNNN.xml) zipped together: {VT_FILE}."
)
JR = (
    "An export of our payments team's Jira project PAY (Jira Cloud, 'Export Excel CSV (all fields)', taken on "
    f"2 April 2024; two-week sprints PAY Sprint 20 to PAY Sprint 27): {JR_FILE}. One row per issue, sub-tasks included."
)
BK = (
    "Our household's checking account at our credit union, downloaded as OFX (Quicken/Money format) for "
    f"1 January to 31 March 2024 ({OFX_FILE}), and our Chase credit card's activity download for the same "
    f"quarter ({CARD_FILE})."
)

TASKS = [
    # --- Weather: GHCN-Daily .dly ---
    Task(
        "wx_snow_days",
        "easy",
        f"{WX} On how many days of 2021 was snowfall measured (SNOW greater than zero)?",
        _wx_snow_days,
    ),
    Task(
        "wx_hot_days",
        "easy",
        f"{WX} On how many days of 2023 did the maximum temperature (TMAX) reach 30 °C or more?",
        _wx_hot_days,
    ),
    Task(
        "wx_max_prcp",
        "medium",
        f"{WX} What was the largest one-day precipitation (PRCP) of 2018, in millimetres? Give one decimal.",
        _wx_max_prcp,
    ),
    Task(
        "wx_frost",
        "medium",
        f"{WX} On how many days of 2022 did the minimum temperature (TMIN) fall below 0 °C?",
        _wx_frost,
    ),
    Task(
        "wx_snow_season",
        "hard",
        f"{WX} How much snow (SNOW) fell in the 2021-22 winter season, from 1 July 2021 to 30 June 2022, in "
        "centimetres? Give one decimal.",
        _wx_snow_season,
    ),
    Task(
        "wx_hottest_qc",
        "hard",
        f"{WX} What was the highest maximum temperature (TMAX) of 2019 in °C? Leave out any value that failed NCEI's "
        "quality control. Give one decimal.",
        _wx_hottest_qc,
    ),
    Task(
        "wx_warm_july",
        "hard",
        f"{WX} Which year had the warmest July, by the mean of the daily maximum temperatures (TMAX) over the days "
        "that have one?",
        _wx_warm_july,
    ),
    # --- House roll calls: the Clerk's XML ---
    Task(
        "vt_failed",
        "easy",
        f"{VT} How many of these roll calls failed?",
        lambda t: sum(rc["result"] == "Failed" for rc in t.rollcalls),
    ),
    Task(
        "vt_present",
        "easy",
        f"{VT} How many votes of 'Present' were cast in these roll calls altogether?",
        lambda t: sum(v == "P" for rc in t.rollcalls for v in rc["votes"].values()),
    ),
    Task(
        "vt_close",
        "easy",
        f"{VT} On how many of these roll calls was the difference between the votes for and the votes against 20 "
        "or fewer?",
        _vt_close,
    ),
    Task(
        "vt_adopted",
        "medium",
        f"{VT} On how many of these roll calls did the House approve the question put to it (a bill passed, or an "
        "amendment, resolution or motion adopted)?",
        _vt_adopted,
    ),
    Task(
        "vt_member_yes",
        "medium",
        f"{VT} On how many of these roll calls did Representative Lindahl of Washington vote in favour?",
        _vt_member_yes,
    ),
    Task(
        "vt_most_missed",
        "medium",
        f"{VT} Which Democratic member missed the most of these roll calls (recorded as Not Voting)?",
        _vt_missed,
        kind="text",
    ),
    Task(
        "vt_party_line",
        "hard",
        f"{VT} On how many roll calls did a majority of the Democrats who voted for or against vote the opposite way "
        "to a majority of the Republicans who did?",
        _vt_party_line,
    ),
    Task(
        "vt_maverick",
        "hard",
        f"{VT} Which Republican member most often voted against the majority of the Republicans (counting the roll "
        "calls where the member voted for or against and most voting Republicans voted the other way)?",
        _vt_maverick,
        kind="text",
    ),
    # --- Jira CSV ---
    Task(
        "jr_unassigned",
        "easy",
        f"{JR} How many issues have no assignee?",
        lambda t: sum(not it["assignee"] for it in t.issues),
    ),
    Task(
        "jr_top_assignee",
        "easy",
        f"{JR} Who is the assignee of the most issues?",
        lambda t: argmax(Counter(it["assignee"] for it in t.issues if it["assignee"]), margin=3),
        kind="text",
    ),
    Task(
        "jr_bugs_highest",
        "easy",
        f"{JR} How many bugs have priority Highest?",
        lambda t: sum(it["type"] == "Bug" and it["priority"] == "Highest" for it in t.issues),
    ),
    Task(
        "jr_label",
        "medium",
        f"{JR} How many issues carry the label regression?",
        _jr_label,
    ),
    Task(
        "jr_open",
        "medium",
        f"{JR} How many issues (sub-tasks included) were still unresolved when the export was taken?",
        _jr_open,
    ),
    Task(
        "jr_sprint_points",
        "hard",
        f"{JR} What is the total of the story points (Custom field (Story Points)) of the issues that were in "
        f"{JR_SPRINT}? Count every issue that was in that sprint, including those carried over from an earlier "
        "sprint or on to a later one.",
        _jr_sprint_points,
    ),
    Task(
        "jr_cycle",
        "hard",
        f"{JR} For the bugs resolved as Done (Resolution Done), what is the median time from Created to Resolved, in "
        "days? Give one decimal.",
        _jr_cycle,
    ),
    Task(
        "jr_epic_hours",
        "hard",
        f"{JR} How many hours of work were logged (Time Spent) on the epic '{JR_EPIC}': on the issues whose parent is "
        "that epic and on their sub-tasks? Give two decimals.",
        _jr_epic_hours,
    ),
    # --- Bank: OFX checking and the Chase card CSV ---
    Task(
        "bk_checks",
        "easy",
        f"{BK} How much was paid out of the checking account by check (TRNTYPE CHECK) in the quarter, in dollars?",
        lambda t: round(-sum(x["amount"] for x in t.checking["txns"] if x["type"] == "CHECK"), 2),
    ),
    Task(
        "bk_card_gas",
        "easy",
        f"{BK} How much did we spend on the card on gas (Category Gas, Type Sale), in dollars?",
        lambda t: round(-sum(c["amount"] for c in t.card if c["cat"] == "Gas" and c["type"] == "Sale"), 2),
    ),
    Task(
        "bk_amazon",
        "medium",
        f"{BK} How much did we spend at Amazon on the card (the Amazon purchases, Type Sale, Prime and digital "
        "orders included), in dollars?",
        _bk_amazon,
    ),
    Task(
        "bk_opening",
        "medium",
        f"{BK} What was the checking account's balance at the start of the quarter, before the first transaction in "
        "the OFX file, in dollars?",
        _bk_opening,
    ),
    Task(
        "bk_top_category",
        "medium",
        f"{BK} On the card, which Category had the most spending, counting purchases (Type Sale) less returns "
        "(Type Return)?",
        _bk_top_category,
        kind="text",
    ),
    Task(
        "bk_spending",
        "hard",
        f"{BK} How much did we spend in January 2024 across the two accounts? Count the card's purchases (Type Sale, "
        "by Transaction Date) and the money that left the checking account (by date posted) for anyone but "
        "ourselves: moving money between our own accounts is not spending. Give dollars and cents.",
        _bk_spending,
    ),
    Task(
        "bk_lowest",
        "hard",
        f"{BK} What was the lowest end-of-day balance of the checking account during the quarter, in dollars?",
        _bk_lowest,
    ),
]

QUICK = ["wx_snow_days", "vt_failed", "jr_unassigned"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "wx_frost": "-9999 read as a temperature: missing days, and the slots of days a month does not have "
    "(30 February ...), count as below freezing",
    "wx_snow_season": "SNOW read as tenths of a millimetre like PRCP: GHCN-Daily gives snowfall in whole millimetres",
    "vt_adopted": "vote-result compared with 'Passed': amendments, rules and motions that carry are 'Agreed to'",
    "vt_member_yes": "only 'Yea' counted: on a recorded vote (RECORDED VOTE) a vote in favour is 'Aye'",
    "vt_most_missed": "Not Voting counted by the printed name: the Clerk adds the state to a member's name once a "
    "namesake is sworn in, so one member's absences fall under two names",
    "jr_label": "only the first Labels column read: the export repeats the column once per label (Labels.1, "
    "Labels.2 in pandas)",
    "jr_open": "Status other than Done taken as unresolved: Closed is a done status too (Won't Do, Duplicate, "
    "Cannot Reproduce)",
    "jr_sprint_points": "only the first Sprint column read: an issue carried over lists each sprint in a repeated "
    "Sprint column",
    "bk_amazon": "descriptions searched for 'amazon': the card writes Amazon as 'AMZN Mktp US*' and 'AMZN "
    "Digital*' too",
    "bk_spending": "every debit counted: the card's bill paid from checking (CHASE CREDIT CRD EPAY) pays for "
    "purchases already counted on the card",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a member's bioguide ID or printed names, a category's '&')."""
    t = truth()
    refs = references(t)
    for task in TASKS:
        ref = refs[task.id]
        if task.id == "vt_most_missed":
            i = _vt_id(t, VT_MISSER)
            task.aliases = [i] + sorted({rc["names"][i] for rc in t.rollcalls} - {ref})
        elif task.id == "vt_maverick":
            task.aliases = [_vt_id(t, VT_MAVERICK)]
        elif task.id == "bk_top_category" and "&" in ref:
            task.aliases = [ref.replace("&", "and")]


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
