"""The thirty-fourth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, time arithmetic or several steps).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise; so does a seed on which a trap would not bite.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from statistics import median
from typing import Any

from data import CK_FILE, EPD_FILE, ODS_FILE, SR_FILE, ST_FILE, Truth, _st_summary, truth


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


# NHS prescribing: one dict per EPD row (practice, month, presentation, quantity per item); epraccur's organisations

OMEPRAZOLE = "Omeprazole 20mg gastro-resistant capsules"


def _epd_top_practice(t: Truth) -> str:
    names = {o["code"]: o["name"] for o in t.orgs}
    cost: Counter = Counter()
    for r in t.epd:
        cost[names[r["practice"]]] += r["cost"]
    return argmax(cost, margin=1.0)


def _epd_atorva(t: Truth, rows: bool = False) -> int:
    jan = [r for r in t.epd if r["chem"] == "Atorvastatin" and r["month"] == 202401]
    if rows:  # the rows counted: a practice's items of one presentation are split by quantity per item
        return len(jan)
    ref = sum(r["items"] for r in jan)
    no_trap(ref, _epd_atorva(t, rows=True), "one row per item")
    return ref


def _epd_chapter(t: Truth) -> str:
    nic: Counter = Counter()
    for r in t.epd:
        nic[r["chapter"]] += r["nic"]
    return argmax(nic, margin=1.0).split(": ", 1)[1]


def _epd_active(t: Truth, header: bool = False) -> int:
    orgs = t.orgs[1:] if header else t.orgs  # read with a header row: the first practice becomes the column names
    n = sum(o["status"] == "A" and o["setting"] == 4 for o in orgs)
    if not header:
        no_trap(n, _epd_active(t, header=True), "the first row is not an active GP practice")
    return n


def _epd_capsules(t: Truth, per_item: bool = False) -> int:
    rows = [r for r in t.epd if r["desc"] == OMEPRAZOLE]
    if per_item:  # QUANTITY summed: it is the quantity per item, not the total
        return sum(r["qty"] for r in rows)
    ref = sum(r["total_qty"] for r in rows)
    assert all(r["total_qty"] == r["qty"] * r["items"] for r in rows)
    no_trap(ref, _epd_capsules(t, per_item=True), "one item per row")
    return ref


def _epd_antibacterial_fall(t: Truth) -> float:
    jan = sum(r["items"] for r in t.epd if r["bnf"].startswith("0501") and r["month"] == 202401)
    mar = sum(r["items"] for r in t.epd if r["bnf"].startswith("0501") and r["month"] == 202403)
    assert mar < jan
    return round(100 * (jan - mar) / jan, 1)


def _epd_closed_nic(t: Truth) -> float:
    closed = {o["code"] for o in t.orgs if o["status"] == "C"}
    assert any(r["practice"] in closed for r in t.epd)
    return round(sum(r["nic"] for r in t.epd if r["practice"] in closed), 2)


# Steam: one dict per distinct review; the pages list each review as often as the API handed it out


def _st_language(t: Truth) -> str:
    ref = argmax(Counter(r["lang"] for r in t.reviews if r["lang"] != "english"), margin=5)
    again = Counter(t.reviews[i]["lang"] for p in t.pages for i in p if t.reviews[i]["lang"] != "english")
    assert argmax(again) == ref  # an easy question: the repeated reviews do not change it
    return ref


def _st_distinct(t: Truth, raw: bool = False) -> int:
    if raw:  # every review object counted: the ones the cursor handed out twice come twice
        return sum(len(p) for p in t.pages)
    ref = len(t.reviews)
    assert {i for p in t.pages for i in p} == set(range(ref))
    no_trap(ref, _st_distinct(t, raw=True), "no review repeated")
    return ref


def _st_playtime(t: Truth, minutes: bool = False) -> float:
    mins = [r["at_review"] for r in t.reviews if r["up"]]
    if minutes:  # playtime_at_review taken as hours: it is in minutes
        return round(float(median(mins)), 1)
    ref = round(median(mins) / 60, 1)
    no_trap(ref, _st_playtime(t, minutes=True), "minutes read as hours")
    return ref


def _st_march(t: Truth) -> int:
    lo, hi = datetime(2024, 3, 1, tzinfo=timezone.utc), datetime(2024, 4, 1, tzinfo=timezone.utc)
    return sum(lo <= r["created"] < hi for r in t.reviews)


def _st_gap(t: Truth) -> float:
    ea = [r["up"] for r in t.reviews if r["ea"]]
    after = [r["up"] for r in t.reviews if not r["ea"]]
    gap = 100 * (sum(ea) / len(ea) - sum(after) / len(after))
    assert gap > 0
    return round(gap, 1)


def _st_edited(t: Truth) -> int:
    days = [(r["updated"] - r["created"]).total_seconds() / 86400 for r in t.reviews]
    assert not any(25 < x < 35 for x in days)
    return sum(x > 30 for x in days)


# NYC 311: one dict per request (created and closed as naive New York times)


def _sr_noise(t: Truth, exact: bool = False) -> int:
    if exact:  # Complaint Type == 'Noise': only the Department of Environmental Protection's own noise complaints
        return sum(r["type"] == "Noise" for r in t.requests)
    ref = sum(r["type"].startswith("Noise") for r in t.requests)
    no_trap(ref, _sr_noise(t, exact=True), "no NYPD noise complaints")
    return ref


def _sr_open(t: Truth, exact: bool = False) -> int:
    if exact:  # Status == 'Open': 'In Progress', 'Assigned', 'Pending' and 'Started' left out
        return sum(r["status"] == "Open" for r in t.requests)
    ref = sum(r["status"] != "Closed" for r in t.requests)
    assert ref == sum(r["closed"] is None for r in t.requests)
    no_trap(ref, _sr_open(t, exact=True), "every request not closed is 'Open'")
    return ref


def _sr_zip(t: Truth) -> int:
    return argmax(Counter(r["zip"] for r in t.requests if r["zip"] is not None))


def _sr_noise_hour(t: Truth, twelve: bool = False) -> int:
    noise = [r["created"] for r in t.requests if r["type"].startswith("Noise")]
    if twelve:  # the hour read from the text ('10:23:45 PM' as 10): AM and PM fall together
        return argmax(Counter(int(c.strftime("%I")) for c in noise))
    ref = argmax(Counter(c.hour for c in noise))
    no_trap(ref, _sr_noise_hour(t, twelve=True), "the busiest hour is before noon")
    return ref


def _sr_heat_hours(t: Truth) -> float:
    hours = [(r["closed"] - r["created"]).total_seconds() / 3600 for r in t.requests if r["type"] == "HEAT/HOT WATER" and r["closed"]]  # fmt: skip
    assert min(hours) > 0
    return round(median(hours), 1)


# Clockify: one dict per time entry (start and end as naive London times, minutes, amount)


def _ck_hours(entries: list[dict]) -> float:
    return round(sum(e["minutes"] for e in entries) / 60, 1)


def _ck_meeting(t: Truth, exact: bool = False) -> float:
    if exact:  # Tags == 'Meeting': entries tagged 'Client, Meeting' or 'Meeting, Remote' left out
        return _ck_hours([e for e in t.entries if e["tags"] == ["Meeting"]])
    ref = _ck_hours([e for e in t.entries if "Meeting" in e["tags"]])
    no_trap(ref, _ck_meeting(t, exact=True), "Meeting never beside another tag")
    return ref


def _ck_march(t: Truth, month_first: bool = False) -> float:
    def month(d: date) -> int:
        return d.day if month_first and d.day <= 12 else d.month  # '05/03/2024' read as 3 May where it can be

    ref = _ck_hours([e for e in t.entries if month(e["start"].date()) == 3])
    if not month_first:
        no_trap(ref, _ck_march(t, month_first=True), "the month-first reading gives the same hours")
    return ref


def _ck_busiest(t: Truth) -> str:
    per_day: Counter = Counter()
    for e in t.entries:
        if e["user"] == "Ewa Nowak":
            per_day[e["start"].date()] += e["minutes"] / 60
    return argmax(per_day, margin=0.25).isoformat()


def _ck_rate(t: Truth) -> float:
    billed = [e for e in t.entries if e["client"] == "Kestrel Outdoor" and e["billable"]]
    return round(sum(e["amount"] for e in billed) / (sum(e["minutes"] for e in billed) / 60), 2)


EPD = (
    f"NHS England's English Prescribing Dataset (EPD) for January to March 2024, cut to fourteen GP practices in "
    f"west Cornwall and two urgent care services: {EPD_FILE}, prescribing by month (YEAR_MONTH), practice and BNF "
    "presentation."
)
ODS = (
    f"{ODS_FILE}, NHS England's ODS file of GP practices and other prescribing cost centres (epraccur) for the "
    "Cornwall and Isles of Scilly ICB. Its columns, as NHS England documents them: 1 organisation code, 2 name, "
    "11 open date and 12 close date (YYYYMMDD), 13 status code (A active, C closed, D dormant, P proposed), "
    "26 prescribing setting (4 is a GP practice)."
)
ST = (
    f"Steam's user reviews of the game Lanternfall (app 2231470), fetched from the store's appreviews API "
    f"(filter=recent, language=all, 100 per page) until a page came back empty: {ST_FILE}, one API answer per line "
    "with its reviews in a list."
)
SR = (
    f"NYC 311 service requests for Brooklyn Community Board 6 from January to March 2024, exported from NYC Open Data "
    f"and saved as Parquet: {SR_FILE}, one row per request; times are New York local time."
)
CK = (
    f"Our studio's Clockify detailed time report for January to March 2024, {CK_FILE}: one row per time entry, for "
    "all five members of the workspace."
)

TASKS = [
    # --- NHS prescribing: the EPD and epraccur ---
    Task(
        "epd_nic_march",
        "easy",
        f"{EPD} What was the total net ingredient cost (NIC) of all the prescribing in March 2024? Give pounds to two "
        "decimals.",
        lambda t: round(sum(r["nic"] for r in t.epd if r["month"] == 202403), 2),
    ),
    Task(
        "epd_top_practice",
        "easy",
        f"{EPD} Which practice (PRACTICE_NAME) had the highest total ACTUAL_COST over the three months?",
        _epd_top_practice,
        kind="text",
    ),
    Task(
        "epd_atorvastatin",
        "medium",
        f"{EPD} How many prescription items of atorvastatin (CHEMICAL_SUBSTANCE_BNF_DESCR 'Atorvastatin', all "
        "strengths) were dispensed in January 2024?",
        _epd_atorva,
    ),
    Task(
        "epd_chapter",
        "medium",
        f"{EPD} Which BNF chapter (BNF_CHAPTER_PLUS_CODE) accounts for the highest net ingredient cost (NIC) over the "
        "three months?",
        _epd_chapter,
        kind="text",
    ),
    Task(
        "epd_active_gp",
        "medium",
        f"{ODS} How many GP practices (prescribing setting 4) does the file list as active (status code A)?",
        _epd_active,
    ),
    Task(
        "epd_omeprazole",
        "hard",
        f"{EPD} How many capsules of '{OMEPRAZOLE}' (BNF_DESCRIPTION) were dispensed in all over the three months?",
        _epd_capsules,
    ),
    Task(
        "epd_antibacterial",
        "hard",
        f"{EPD} By how many percent did the number of prescription items for antibacterial drugs (BNF section 5.1: "
        "BNF_CODE beginning 0501) fall from January 2024 to March 2024? Give the fall as a percentage of the January "
        "items, to one decimal.",
        _epd_antibacterial_fall,
    ),
    Task(
        "epd_closed_nic",
        "hard",
        f"{EPD} With {ODS_FILE}, NHS England's ODS file of GP practices for the same ICB (column 1 the organisation "
        "code, column 13 the status code, C for closed): what was the total net ingredient cost (NIC) of the "
        "prescribing in the EPD file by practices that the ODS file lists as closed? Give pounds to two decimals.",
        _epd_closed_nic,
    ),
    # --- Steam reviews (JSON lines) ---
    Task(
        "st_language",
        "easy",
        f"{ST} Apart from English, in which language (the reviews' language field) were the most reviews written?",
        _st_language,
        kind="text",
    ),
    Task(
        "st_summary",
        "easy",
        f"{ST} What overall review summary does Steam give the game (review_score_desc in the query summary)?",
        _st_summary,
        kind="text",
    ),
    Task(
        "st_distinct",
        "medium",
        f"{ST} How many different reviews (recommendationid) are in the file?",
        _st_distinct,
    ),
    Task(
        "st_playtime",
        "medium",
        f"{ST} What is the median playtime at the time of review (author.playtime_at_review) of the players who "
        "recommended the game (voted_up true)? Count each review once and give hours to one decimal.",
        _st_playtime,
    ),
    Task(
        "st_march",
        "medium",
        f"{ST} How many reviews were posted in March 2024 (timestamp_created, UTC)? Count each review once.",
        _st_march,
    ),
    Task(
        "st_ea_gap",
        "hard",
        f"{ST} How many percentage points higher was the share of positive reviews (voted_up) among reviews written "
        "during early access (written_during_early_access true) than among the reviews written after it? Count each "
        "review once and give percentage points to one decimal.",
        _st_gap,
    ),
    Task(
        "st_edited",
        "hard",
        f"{ST} How many reviews were edited more than 30 days after they were posted, i.e. timestamp_updated is more "
        "than 30 days after timestamp_created? Count each review once.",
        _st_edited,
    ),
    # --- NYC 311 (Parquet) ---
    Task(
        "sr_heat",
        "easy",
        f"{SR} How many requests have the Complaint Type HEAT/HOT WATER?",
        lambda t: sum(r["type"] == "HEAT/HOT WATER" for r in t.requests),
    ),
    Task(
        "sr_agency",
        "easy",
        f"{SR} Which agency (the Agency column) received the most requests?",
        lambda t: argmax(Counter(r["agency"] for r in t.requests)),
        kind="text",
        aliases=["New York City Police Department"],
    ),
    Task(
        "sr_mobile",
        "easy",
        f"{SR} How many requests came in through the mobile app (Open Data Channel Type MOBILE)?",
        lambda t: sum(r["channel"] == "MOBILE" for r in t.requests),
    ),
    Task(
        "sr_noise",
        "medium",
        f"{SR} How many noise complaints were made in all, whatever the kind of noise?",
        _sr_noise,
    ),
    Task(
        "sr_not_closed",
        "medium",
        f"{SR} How many of the requests had not yet been closed when the data was exported?",
        _sr_open,
    ),
    Task(
        "sr_zip",
        "medium",
        f"{SR} Which ZIP code (Incident Zip) had the most requests? Give the five-digit ZIP code.",
        _sr_zip,
    ),
    Task(
        "sr_noise_hour",
        "hard",
        f"{SR} At which hour of the day were noise complaints of any kind most often made, going by Created Date? "
        "Give the hour on the 24-hour clock (0-23), e.g. 14 for 2 pm to 3 pm.",
        _sr_noise_hour,
    ),
    Task(
        "sr_heat_hours",
        "hard",
        f"{SR} For the HEAT/HOT WATER complaints that have been closed, what is the median time from Created Date to "
        "Closed Date? Give hours to one decimal.",
        _sr_heat_hours,
    ),
    # --- Clockify detailed report (xlsx) ---
    Task(
        "ck_billable",
        "easy",
        f"{CK} How many time entries are billable (Billable 'Yes')?",
        lambda t: sum(e["billable"] for e in t.entries),
    ),
    Task(
        "ck_client",
        "easy",
        f"{CK} Which client has the largest total Billable Amount (GBP)?",
        lambda t: argmax(
            Counter(
                {
                    c: sum(e["amount"] for e in t.entries if e["client"] == c)
                    for c in {e["client"] for e in t.entries if e["client"]}
                }
            ),
            margin=50,
        ),  # fmt: skip
        kind="text",
    ),
    Task(
        "ck_tom_hours",
        "easy",
        f"{CK} How many hours did Tom Okafor log in total? Give hours to one decimal.",
        lambda t: _ck_hours([e for e in t.entries if e["user"] == "Tom Okafor"]),
    ),
    Task(
        "ck_meeting",
        "medium",
        f"{CK} How many hours in total were logged on time entries tagged Meeting? Give hours to one decimal.",
        _ck_meeting,
    ),
    Task(
        "ck_march",
        "hard",
        f"{CK} How many hours were logged on time entries that started in March 2024 (all members)? Give hours to one "
        "decimal.",
        _ck_march,
    ),
    Task(
        "ck_busiest_day",
        "hard",
        f"{CK} On which day did Ewa Nowak log the most hours (counting each entry on the day it started)? Give the date "
        "as YYYY-MM-DD.",
        _ck_busiest,
        kind="text",
    ),
    Task(
        "ck_rate",
        "hard",
        f"{CK} For the client Kestrel Outdoor, what was the effective hourly rate of the billable work: the total "
        "Billable Amount (GBP) divided by the total hours of its billable entries? Give pounds per hour to two decimals.",
        _ck_rate,
    ),
]

QUICK = ["epd_nic_march", "st_language", "sr_heat"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "epd_atorvastatin": "the rows counted: the EPD splits a practice's items of a presentation over one row per "
    "quantity per item, so ITEMS must be summed",
    "epd_active_gp": "epraccur read with a header row: it has none, so the first practice becomes the column names "
    "and is not counted",
    "epd_omeprazole": "QUANTITY summed: it is the quantity per item; TOTAL_QUANTITY (QUANTITY times ITEMS) is the "
    "number of capsules",
    "st_distinct": "every review object counted: the cursor hands some reviews out again at the top of the next page",
    "st_playtime": "playtime_at_review taken as hours: Steam gives playtimes in minutes",
    "sr_noise": "Complaint Type compared with 'Noise': that is only the Department of Environmental Protection's own "
    "type; the NYPD's 'Noise - Residential', 'Noise - Street/Sidewalk' and the rest are noise complaints too",
    "sr_not_closed": "Status compared with 'Open': requests 'In Progress', 'Assigned', 'Pending' or 'Started' are not "
    "closed either",
    "sr_noise_hour": "the hour read from the text ('10:23:45 PM' as 10): the export writes a 12-hour clock with AM/PM",
    "ck_meeting": "Tags compared with 'Meeting': entries tagged 'Client, Meeting' or 'Meeting, Remote' are meetings too",
    "ck_march": "the dates read month first ('05/03/2024' as 3 May): Clockify writes them in the workspace's "
    "day/month/year format",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


LANGUAGE_NAMES = {"schinese": ["Simplified Chinese"], "russian": [], "brazilian": ["Brazilian Portuguese"]}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a practice's code, a language's name, other date forms)."""
    t = truth()
    refs = references(t)
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "epd_top_practice":
            task.aliases = [o["code"] for o in t.orgs if o["name"] == ref]
        elif task.id == "epd_chapter":
            task.aliases = [c for c in {r["chapter"] for r in t.epd} if c.endswith(ref)]
        elif task.id == "st_language":
            task.aliases = list(LANGUAGE_NAMES[ref])
        elif task.id == "ck_busiest_day":
            d = date.fromisoformat(ref)
            task.aliases = [
                d.strftime("%d/%m/%Y"),
                f"{d.day} {d.strftime('%B %Y')}",
                f"{d.day} {d.strftime('%b %Y')}",
                f"{d.strftime('%B')} {d.day}, {d.year}",
            ]


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
