"""The thirty-first held-out set's questions, each with its difficulty and the reference code that computes its answer.

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
from datetime import date
from typing import Any

from data import (
    AB_CALENDAR_FILE,
    AB_LISTINGS_FILE,
    F1_DRIVER,
    F1_FINISH_DRIVER,
    F1_GRID_DRIVER,
    F1_POINTS_DRIVER,
    F1_RESULTS_FILE,
    F1_RET_TEAM,
    F1_SPRINT_FILE,
    F1_TEAM,
    FE_FILE,
    LEITH,
    OLD_TOWN,
    WA_FILE,
    WA_WORD,
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


# inside airbnb: one dict per listing (neighbourhood = neighbourhood_cleansed, price in pounds or None)


def _ab_top_neigh(t: Truth, free_text: bool = False) -> str:
    if free_text:  # the free-text `neighbourhood` column: mostly 'Edinburgh, Scotland, United Kingdom'
        return "Edinburgh, Scotland, United Kingdom"
    ref = argmax(Counter(a["neighbourhood"] for a in t.ab))
    no_trap(ref, _ab_top_neigh(t, free_text=True), "the free-text neighbourhood")
    return ref


def _ab_mean_price(t: Truth, under_1000: bool = False) -> float:
    prices = [
        a["price"]
        for a in t.ab
        if a["neighbourhood"] == OLD_TOWN and a["room"] == "Entire home/apt" and a["price"] is not None
    ]
    if under_1000:  # '$1,250.00' made missing by a conversion that does not drop the thousands comma
        prices = [p for p in prices if p < 1000]
        return round(sum(prices) / len(prices), 2)
    ref = round(sum(prices) / len(prices), 2)
    no_trap(ref, _ab_mean_price(t, under_1000=True), "no price of a thousand pounds or more in the Old Town")
    return ref


def _ab_hosts(t: Truth, host_column: bool = False) -> int:
    if host_column:  # host_listings_count: the host's listings everywhere, not only in this file
        return len({a["host_id"] for a in t.ab if a["host_listings"] > 5})
    ref = sum(n > 5 for n in Counter(a["host_id"] for a in t.ab).values())
    no_trap(ref, _ab_hosts(t, host_column=True), "no host with listings elsewhere")
    return ref


def _ab_leith_dec(t: Truth) -> int:
    ids = {a["id"] for a in t.ab if a["neighbourhood"] == LEITH}
    return sum(c["available"] for c in t.cal if c["id"] in ids and (c["date"].year, c["date"].month) == (2024, 12))


def _ab_hogmanay(t: Truth) -> float:
    entire = {a["id"] for a in t.ab if a["room"] == "Entire home/apt"}
    prices = [c["price"] for c in t.cal if c["id"] in entire and c["date"] == date(2024, 12, 31) and c["available"]]
    assert prices and all(p is not None for p in prices)
    return round(sum(prices) / len(prices), 2)


# f1: one dict per race entry (round, race, driver, constructor, grid, position, position_text, points ...)


def _f1_name(x: str) -> str:
    d = F1_DRIVER[x]
    return f"{d[3]} {d[4]}"


def _f1_wins(t: Truth) -> int:
    wins = Counter(r["driver"] for r in t.f1 if r["position_text"] == "1")
    return wins[argmax(wins)]


def _f1_top_winner(t: Truth) -> str:
    return argmax(Counter(r["driver"] for r in t.f1 if r["position_text"] == "1"))


def _f1_monaco(t: Truth) -> str:
    (r,) = [r for r in t.f1 if r["race"] == "Monaco Grand Prix" and r["position_text"] == "1"]
    return _f1_name(r["driver"])


def _f1_team_ret(t: Truth) -> int:
    n = sum(r["constructor"] == F1_RET_TEAM and r["position_text"] == "R" for r in t.f1)
    assert n > 0
    return n


def _f1_gap(t: Truth) -> float:
    (r,) = [r for r in t.f1 if r["race"] == "British Grand Prix" and r["position_text"] == "3"]
    assert r["gap_ms"] is not None
    return round(r["gap_ms"] / 1000, 3)


def _f1_grid(t: Truth, with_pit: bool = False) -> float:
    grids = [r["grid"] for r in t.f1 if r["driver"] == F1_GRID_DRIVER]
    if with_pit:  # grid 0 (a pit-lane start) averaged in as a position
        return round(sum(grids) / len(grids), 2)
    g = [x for x in grids if x > 0]
    assert len(g) < len(grids)
    ref = round(sum(g) / len(g), 2)
    no_trap(ref, _f1_grid(t, with_pit=True), "no pit-lane start")
    return ref


def _f1_points(t: Truth, races_only: bool = False) -> int:
    race = sum(r["points"] for r in t.f1 if r["driver"] == F1_POINTS_DRIVER)
    if races_only:  # the sprint file left out
        return race
    ref = race + sum(r["points"] for r in t.f1_sprint if r["driver"] == F1_POINTS_DRIVER)
    no_trap(ref, _f1_points(t, races_only=True), "no sprint points")
    return ref


def _f1_constructor(t: Truth) -> str:
    pts: Counter = Counter()
    for r in t.f1 + t.f1_sprint:
        pts[r["constructor"]] += r["points"]
    return F1_TEAM[argmax(pts)][1]


def _f1_avg_finish(t: Truth, every_race: bool = False) -> float:
    mine = [r for r in t.f1 if r["driver"] == F1_FINISH_DRIVER]
    if every_race:  # the `position` column, which ranks retirements too
        return round(sum(r["position"] for r in mine) / len(mine), 2)
    done = [r["position"] for r in mine if r["position_text"].isdigit()]
    assert all(str(p) == r["position_text"] for p, r in zip(done, [r for r in mine if r["position_text"].isdigit()]))
    ref = round(sum(done) / len(done), 2)
    no_trap(ref, _f1_avg_finish(t, every_race=True), "no retirement")
    return ref


# fuel economy guide: one dict per configuration (division, carline, comb mpg, trans code, fuel code ...)

SMALL_SUV_4WD = "Small Sport Utility Vehicle 4WD"


def _fe_best(t: Truth) -> str:
    top = max(r["comb"] for r in t.fe)
    (r,) = [r for r in t.fe if r["comb"] == top]
    return r["carline"]


def _fe_premium(t: Truth, any_premium: bool = False) -> int:
    if any_premium:  # 'Premium' in the description: 'Premium Unleaded Recommended' too
        return sum(r["fuel"] in ("GP", "GPR") for r in t.fe)
    ref = sum(r["fuel"] == "GP" for r in t.fe)
    no_trap(ref, _fe_premium(t, any_premium=True), "no premium-recommended configuration")
    return ref


def _fe_manual(t: Truth, any_manual: bool = False) -> int:
    if any_manual:  # 'Manual' in Trans Desc: the automated manuals too
        return sum(r["trans"] in ("M", "AM", "AM-S") for r in t.fe)
    ref = sum(r["trans"] == "M" for r in t.fe)
    no_trap(ref, _fe_manual(t, any_manual=True), "no automated manual")
    return ref


def _fe_l100(t: Truth) -> float:
    vals = [235.215 / r["comb"] for r in t.fe if r["cls"] == "Midsize Cars"]
    return round(sum(vals) / len(vals), 2)


def _fe_co2(t: Truth) -> str:
    by: dict[str, list[int]] = defaultdict(list)
    for r in t.fe:
        by[r["division"]].append(r["co2"])
    big = {k: sum(v) / len(v) for k, v in by.items() if len(v) >= 10}
    assert len(big) >= 5, big
    return argmin(big)


# whatsapp: one dict per message (time, sender or None for a system line, text, kind text/media/deleted)


def _wa_msgs(t: Truth) -> list[dict]:
    return [m for m in t.wa if m["sender"] is not None]


def _wa_top(t: Truth) -> str:
    return argmax(Counter(m["sender"] for m in _wa_msgs(t)))


def _wa_hour(t: Truth, twelve_hour: bool = False) -> int:
    if twelve_hour:  # the hour as written, AM and PM not told apart
        return argmax(Counter(m["time"].hour % 12 or 12 for m in _wa_msgs(t)))
    ref = argmax(Counter(m["time"].hour for m in _wa_msgs(t)))
    no_trap(ref, _wa_hour(t, twelve_hour=True), "the busiest hour is in the morning")
    return ref


def _wa_word(t: Truth, first_line: bool = False) -> int:
    msgs = [m for m in _wa_msgs(t) if m["kind"] == "text"]
    if first_line:  # only the lines that start with a time stamp: later lines of a message are missed
        return sum(WA_WORD in m["text"].split("\n")[0].lower() for m in msgs)
    ref = sum(WA_WORD in m["text"].lower() for m in msgs)
    no_trap(ref, _wa_word(t, first_line=True), "no mention on a message's later lines")
    return ref


def _wa_gap(t: Truth) -> float:
    times = [m["time"] for m in _wa_msgs(t)]
    gaps = [(b - a).total_seconds() / 3600 for a, b in zip(times, times[1:])]
    return round(max(gaps), 1)


def _wa_words(t: Truth) -> str:
    msgs = _wa_msgs(t)
    n = Counter(m["sender"] for m in msgs)
    words: dict[str, list[int]] = defaultdict(list)
    for m in msgs:
        if m["kind"] == "text" and n[m["sender"]] >= 300:
            words[m["sender"]].append(len(m["text"].split()))
    return argmax({k: sum(v) / len(v) for k, v in words.items()})


def _wa_first(t: Truth) -> str:
    first: dict[date, str] = {}
    for m in _wa_msgs(t):
        first.setdefault(m["time"].date(), m["sender"])
    return argmax(Counter(first.values()))


AB = (
    f"An Inside Airbnb snapshot of Edinburgh's short-term rentals (scraped 14 September 2024): the listings file "
    f"{AB_LISTINGS_FILE}, one row per listing. Prices are in pounds per night, although written with a $ sign."
)
ABC = (
    f"An Inside Airbnb snapshot of Edinburgh's short-term rentals (scraped 14 September 2024): the listings file "
    f"{AB_LISTINGS_FILE} and the calendar {AB_CALENDAR_FILE} (one row per listing and night for the next 365 nights, "
    "listing_id matching the listings' id). Prices are in pounds per night, although written with a $ sign."
)
F1 = (
    f"Formula 1 race results for the 2024 season as the Ergast / Jolpica API returns them, saved as {F1_RESULTS_FILE} "
    "(Grands Prix only, not sprints)."
)
F1S = (
    f"Formula 1 results for the 2024 season as the Ergast / Jolpica API returns them: the Grands Prix in "
    f"{F1_RESULTS_FILE} and the sprint races in {F1_SPRINT_FILE}."
)
FE = (
    f"The US Fuel Economy Guide for model year 2024 (DOE / EPA workbook, one row per vehicle configuration) in "
    f"'{FE_FILE}'."
)
WA = (
    f"A WhatsApp group chat exported from an Android phone, in '{WA_FILE}' (times as the phone showed them). Lines "
    "without a sender (someone joined, left, was added ...) are system lines, not messages."
)

TASKS = [
    # --- Inside Airbnb ---
    Task(
        "ab_entire",
        "easy",
        f"{AB} How many listings are entire homes or apartments (room_type 'Entire home/apt')?",
        lambda t: sum(a["room"] == "Entire home/apt" for a in t.ab),
    ),
    Task(
        "ab_superhost",
        "easy",
        f"{AB} How many listings belong to a superhost?",
        lambda t: sum(a["superhost"] for a in t.ab),
    ),
    Task(
        "ab_most_reviews",
        "easy",
        f"{AB} How many reviews does the most-reviewed listing have?",
        lambda t: max(a["reviews"] for a in t.ab),
    ),
    Task(
        "ab_top_neigh",
        "medium",
        f"{AB} Which neighbourhood of Edinburgh has the most listings?",
        _ab_top_neigh,
        kind="text",
    ),
    Task(
        "ab_mean_price",
        "medium",
        f"{AB} What is the average nightly price of the entire homes/apartments in the neighbourhood "
        f"'{OLD_TOWN}'? Leave out listings without a price, and give pounds to two decimals.",
        _ab_mean_price,
    ),
    Task(
        "ab_hosts_multi",
        "medium",
        f"{AB} How many hosts have more than 5 listings in this file?",
        _ab_hosts,
    ),
    Task(
        "ab_leith_dec",
        "hard",
        f"{ABC} Across all the listings in the neighbourhood '{LEITH}', how many nights in December 2024 are still "
        "available (listing-nights with available 't')?",
        _ab_leith_dec,
    ),
    Task(
        "ab_hogmanay",
        "hard",
        f"{ABC} For the night of 31 December 2024 (Hogmanay), what is the average calendar price of the entire "
        "homes/apartments (room_type 'Entire home/apt') that are still available that night? Give pounds to two "
        "decimals.",
        _ab_hogmanay,
    ),
    # --- Formula 1 (Ergast) ---
    Task(
        "f1_wins",
        "easy",
        f"{F1} How many Grands Prix did the season's most frequent winner win?",
        _f1_wins,
    ),
    Task(
        "f1_monaco",
        "easy",
        f"{F1} Who won the Monaco Grand Prix? Give the driver's name.",
        _f1_monaco,
        kind="text",
    ),
    Task(
        "f1_team_ret",
        "easy",
        f"{F1} How many times did a {F1_TEAM[F1_RET_TEAM][1]} car retire from a Grand Prix (positionText 'R')?",
        _f1_team_ret,
    ),
    Task(
        "f1_gap",
        "medium",
        f"{F1} At the British Grand Prix, how many seconds behind the winner did the third-placed driver finish? "
        "Give seconds to three decimals.",
        _f1_gap,
    ),
    Task(
        "f1_grid",
        "medium",
        f"{F1} What was {_f1_name(F1_GRID_DRIVER)}'s average starting grid position over the season, leaving out "
        "the races he started from the pit lane? Round to two decimals.",
        _f1_grid,
    ),
    Task(
        "f1_points",
        "hard",
        f"{F1S} How many championship points did {_f1_name(F1_POINTS_DRIVER)} score in 2024, Grands Prix and "
        "sprints together?",
        _f1_points,
    ),
    Task(
        "f1_constructor",
        "hard",
        f"{F1S} Which constructor (team) scored the most points in 2024, counting both its cars in the Grands Prix "
        "and the sprints?",
        _f1_constructor,
        kind="text",
    ),
    Task(
        "f1_avg_finish",
        "hard",
        f"{F1} What was {_f1_name(F1_FINISH_DRIVER)}'s average finishing position in the Grands Prix he finished "
        "(was classified in)? Round to two decimals.",
        _f1_avg_finish,
    ),
    # --- Fuel Economy Guide ---
    Task(
        "fe_class_count",
        "easy",
        f"{FE} How many configurations are in the class 'Small Sport Utility Vehicle 4WD' (Carline Class Desc)?",
        lambda t: sum(r["cls"] == SMALL_SUV_4WD for r in t.fe),
    ),
    Task(
        "fe_best_comb",
        "easy",
        f"{FE} Which carline has the highest combined fuel economy (Comb FE (Guide) - Conventional Fuel, mpg)? Give "
        "the carline as the guide writes it.",
        _fe_best,
        kind="text",
    ),
    Task(
        "fe_premium",
        "medium",
        f"{FE} How many configurations require premium gasoline (premium required, not merely recommended)?",
        _fe_premium,
    ),
    Task(
        "fe_manual",
        "medium",
        f"{FE} How many configurations have a manual transmission (a conventional manual with a clutch pedal; "
        "automated manuals do not count)?",
        _fe_manual,
    ),
    Task(
        "fe_guzzler",
        "medium",
        f"{FE} How many configurations are subject to the gas guzzler tax (flagged 'G' in the Guzzler? column)?",
        lambda t: sum(r["guzzler"] for r in t.fe),
    ),
    Task(
        "fe_l100",
        "hard",
        f"{FE} For the class 'Midsize Cars' (Carline Class Desc), convert each configuration's combined fuel economy "
        "(Comb FE (Guide) - Conventional Fuel, mpg) to litres per 100 km as 235.215 / mpg, then average over the "
        "configurations. Give L/100 km to two decimals.",
        _fe_l100,
    ),
    Task(
        "fe_co2",
        "hard",
        f"{FE} Among the brands (the Division column) with at least 10 configurations, which has the lowest average "
        "combined CO2 emissions (Comb CO2 Rounded Adjusted (as shown on FE Label), grams per mile)?",
        _fe_co2,
        kind="text",
    ),
    # --- WhatsApp group chat ---
    Task(
        "wa_top_sender",
        "easy",
        f"{WA} Who sent the most messages (media and deleted messages count too)?",
        _wa_top,
        kind="text",
    ),
    Task(
        "wa_media",
        "easy",
        f"{WA} How many messages were media (shown as '<Media omitted>')?",
        lambda t: sum(m["kind"] == "media" for m in t.wa),
    ),
    Task(
        "wa_hour",
        "medium",
        f"{WA} In which hour of the day are the most messages sent? Give the hour on the 24-hour clock as a whole "
        "number from 0 to 23 (the hour a message's time falls in).",
        _wa_hour,
    ),
    Task(
        "wa_bothy",
        "medium",
        f"{WA} How many messages mention a bothy (the word '{WA_WORD}', any capitalisation, anywhere in the message)?",
        _wa_word,
    ),
    Task(
        "wa_gap",
        "hard",
        f"{WA} What was the longest silence in the chat, the longest time between two consecutive messages (system "
        "lines left out)? Give hours to one decimal.",
        _wa_gap,
    ),
    Task(
        "wa_words",
        "hard",
        f"{WA} Among the people who sent at least 300 messages, who writes the longest text messages on average, "
        "counted in words (words split on whitespace, over all the lines of a message)? Leave out media ('<Media "
        "omitted>') and deleted messages, and do not count the '<This message was edited>' marker as words.",
        _wa_words,
        kind="text",
    ),
    Task(
        "wa_first",
        "hard",
        f"{WA} Who most often sends the first message of the day (the earliest message on each calendar date that "
        "has messages)?",
        _wa_first,
        kind="text",
    ),
]

QUICK = ["ab_entire", "f1_monaco", "wa_media"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "ab_top_neigh": "the free-text `neighbourhood` column taken as the neighbourhood: it holds what hosts typed "
    "('Edinburgh, Scotland, United Kingdom' or nothing); the neighbourhood is `neighbourhood_cleansed`",
    "ab_mean_price": "prices converted with the '$' stripped but not the thousands comma, errors made missing: "
    "'$1,250.00' drops out, so the dearest flats are left out",
    "ab_hosts_multi": "host_listings_count taken as the host's listings in the file: it counts the host's listings "
    "everywhere (calculated_host_listings_count, or a count of host_id, is the one for this file)",
    "f1_grid": "grid '0' averaged in as a position: it marks a pit-lane start",
    "f1_points": "only the Grands Prix counted: sprint points are in the other file",
    "f1_avg_finish": "`position` averaged over every race: Ergast ranks retirements too (positionText 'R'), so "
    "races he did not finish count",
    "fe_premium": "every description with 'Premium' counted: 'Gasoline (Premium Unleaded Recommended)' (code GPR) "
    "is not required; only code GP is",
    "fe_manual": "every Trans Desc with 'Manual' counted: 'Automated Manual' and 'Automated Manual- Selectable' "
    "are automatics; only Trans 'M' is a manual",
    "wa_hour": "the hour read as written on the 12-hour clock, AM and PM not told apart",
    "wa_bothy": "only the lines that start with a time stamp searched: a message running over several lines "
    "mentions it on a later line",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a driver's surname and code, a team's short name, ...)."""
    refs = references(truth())
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "f1_monaco":
            d = next(d for d in F1_DRIVER.values() if f"{d[3]} {d[4]}" == ref)
            task.aliases = [d[4], d[2]]
        elif task.id == "f1_constructor":
            task.aliases = [ref.replace("Scuderia ", "").replace(" Racing", "")]
        elif task.id.startswith("wa_") and " " in ref and not ref.startswith("+"):
            task.aliases = [ref.split()[0]]
        elif task.id == "ab_top_neigh":
            task.aliases = [ref.split(",")[0]] if "," in ref else []


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
