"""Held-out set 10: the questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth()`), never typed by hand and
never read back from the messy files. A question whose answer would be a tie (or would depend on a
rounding that sits exactly on a half) raises, so a seed cannot make a question ambiguous silently.
Difficulty: easy (one obvious operation on one file), medium (one cleaning step, a group-by, or
reading an odd format), hard (cleaning plus grouping, joining, resampling or reshaping).
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from data import Truth, truth


@dataclass
class Task:
    id: str
    difficulty: str
    question: str
    ref: Callable[[Truth], Any]
    kind: str = "number"  # number | text
    aliases: list[str] = field(default_factory=list)  # other accepted spellings of a text answer


# --------------------------------------------------------------------------------------------
# helpers


def _top(scores: dict) -> Any:
    """The key with the highest score; raises on a tie for first place."""
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) > 1 and abs(ranked[0][1] - ranked[1][1]) <= 1e-9 * max(1.0, abs(ranked[0][1])):
        raise ValueError(f"tie for first place: {ranked[:2]}")
    return ranked[0][0]


def _round(x: float, nd: int) -> float:
    """round(x, nd), raising when x sits (within float noise) on a half between two roundings."""
    scaled = x * 10**nd
    if abs(scaled - int(scaled) - 0.5) < 1e-6:
        raise ValueError(f"{x} is on a rounding half at {nd} decimals")
    return round(x, nd)


MONTHS = [
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


def _date_aliases(d: date) -> list[str]:
    m = MONTHS[d.month - 1]
    return [
        f"{d.day} {m}",
        f"{m} {d.day}",
        f"{d.day} {m[:3]}",
        f"{m[:3]} {d.day}",
        f"{d.day:02d}/{d.month:02d}/{d.year}",
        f"{d.day:02d}.{d.month:02d}.{d.year}",
    ]


def _hour_aliases(h: int) -> list[str]:
    ampm = f"{h % 12 or 12} {'am' if h < 12 else 'pm'}"
    return list(
        dict.fromkeys(
            [f"{h:02d}:00", f"{h}h", f"{h:02d}h", ampm, ampm.replace(" ", ""), f"{h}-{h + 1}", f"{h}:00-{h + 1}:00"]
        )
    )


# EV charging


def _completed(t: Truth) -> list[dict]:
    return [s for s in t.sessions if s["stop"] is not None]


def _cp(t: Truth) -> dict[str, dict]:
    return {c["id"]: c for c in t.charge_points}


def _tariff(cp: dict, day: date) -> float:
    return [p for d, p in cp["tariffs"] if d <= day][-1]


def ev_sessions_started(t):
    return len(t.sessions)


def ev_dc_count(t):
    return sum(c["current"] == "DC" for c in t.charge_points)


def ev_oldest(t):
    return _top({c["id"]: -c["commissioned"].toordinal() for c in t.charge_points})


def ev_energy(t):
    return _round(sum(s["wh"] for s in _completed(t)) / 1000, 1)


def ev_median_minutes(t):
    first = statistics.median((s["stop"] - s["start"]).total_seconds() / 60 for s in _completed(t))
    last = statistics.median(((s["resent"] or s["stop"]) - s["start"]).total_seconds() / 60 for s in _completed(t))
    if _round(first, 1) != _round(last, 1):
        raise ValueError("the median depends on which of a resent StopTransaction is taken")
    return _round(first, 1)


def ev_top_fault_cp(t):
    return _top(Counter(f["cp"] for f in t.faults))


def ev_top_district(t):
    cps = _cp(t)
    by = defaultdict(float)
    for s in _completed(t):
        by[cps[s["cp"]]["district"]] += s["wh"]
    return _top(by)


def ev_revenue(t):
    cps = _cp(t)
    return _round(sum(s["wh"] / 1000 * _tariff(cps[s["cp"]], s["start"].date()) for s in _completed(t)), 2)


# fish auction


def _live(t: Truth, lot: dict) -> float:
    return lot["kg"] * t.species[lot["species"]]["factors"][lot["pres"]]


def fish_hake(t):
    return t.species["HKE"]["name_en"]


def fish_max_price(t):
    best = max(lot["price"] for lot in t.lots)
    if any(lot["price"] >= best for lot in t.reversed_lots):
        raise ValueError("a reversed lot has the highest price")
    return best


def fish_vessels(t):
    return len({lot["vessel"] for lot in t.lots})


def fish_mac_tonnes(t):
    return _round(sum(lot["kg"] for lot in t.lots if lot["species"] == "MAC") / 1000, 2)


def fish_top_vessel(t):
    by = defaultdict(float)
    for lot in t.lots:
        by[lot["vessel"]] += lot["kg"] * lot["price"]
    return _top(by)


def fish_demersal_q2(t):
    return _round(
        sum(
            _live(t, lot)
            for lot in t.lots
            if t.species[lot["species"]]["group"] == "demersal" and 4 <= lot["date"].month <= 6
        )
        / 1000,
        2,
    )


def fish_cod_month(t):
    by = defaultdict(float)
    for lot in t.lots:
        if lot["species"] == "COD":
            by[lot["date"].month] += _live(t, lot)
    return MONTHS[_top(by) - 1]


# property transfers


def _sales(t: Truth, kind: str | None = None) -> list[dict]:
    return [x for x in t.transfers if x["transfer"] == "Kauf" and (kind is None or x["kind"] == kind)]


def prop_winterthur(t):
    return sum(x["municipality"] == "Winterthur" for x in t.transfers)


def prop_largest_house(t):
    return max(x["living_m2"] for x in t.transfers if x["kind"] == "Einfamilienhaus")


def prop_median_condo_2024(t):
    return float(statistics.median(x["price"] for x in _sales(t, "Stockwerkeigentum") if x["date"].year == 2024))


def prop_mean_rooms(t):
    return _round(statistics.mean(x["rooms"] for x in _sales(t, "Einfamilienhaus")), 2)


def prop_top_municipality(t):
    per = defaultdict(list)
    for x in _sales(t, "Stockwerkeigentum"):
        per[x["municipality"]].append(x["price"] / x["living_m2"])
    return _top({m: statistics.median(v) for m, v in per.items() if len(v) >= 20})


def prop_zurich_change(t):
    med = {
        y: statistics.median(
            x["price"] / x["living_m2"]
            for x in _sales(t, "Stockwerkeigentum")
            if x["municipality"] == "Zürich" and x["date"].year == y
        )
        for y in (2023, 2024)
    }
    return _round((med[2024] / med[2023] - 1) * 100, 1)


def prop_top_quarter(t):
    by = defaultdict(int)
    for x in _sales(t):
        by[(x["date"].year, (x["date"].month - 1) // 3 + 1)] += x["price"]
    y, q = _top(by)
    return f"{y} Q{q}"


def _quarter_aliases(t):
    y, q = prop_top_quarter(t).split(" Q")
    months = ["January March", "April June", "July September", "October December"][int(q) - 1]
    return [f"Q{q} {y}", f"{y}-Q{q}", f"{y}Q{q}", f"Q{q}/{y}", f"{months} {y}"]


# ski lifts


def _rides(t: Truth) -> list[dict]:
    return [s for s in t.scans if s["result"] == "OK" and not s["double"]]


def _vertical(t: Truth) -> dict[str, int]:
    return {x["code"]: x["top"] - x["bottom"] for x in t.lifts}


def ski_denied(t):
    return sum(s["result"] != "OK" for s in t.scans)


def ski_highest(t):
    return _top({x["name"]: x["top"] for x in t.lifts})


def _ski_highest_code(t):
    return next(x["code"] for x in t.lifts if x["name"] == ski_highest(t))


def ski_passes_feb10(t):
    return len({s["pass_id"] for s in _rides(t) if s["time"].date() == date(2024, 2, 10)})


def ski_busiest_hour(t):
    return _top(Counter(s["time"].hour for s in _rides(t)))


def ski_rides_l04(t):
    return sum(s["lift"] == "L04" for s in _rides(t))


def ski_top_vertical_pass(t):
    v = _vertical(t)
    by = defaultdict(int)
    for s in _rides(t):
        by[s["pass_id"]] += v[s["lift"]]
    return _top(by)


def ski_day_adult_rides(t):
    per = Counter(s["pass_id"] for s in _rides(t) if s["pass_type"] == "Day adult")
    return _round(sum(per.values()) / len(per), 2)


def ski_top_vertical_day(t):
    v = _vertical(t)
    by = defaultdict(int)
    for s in _rides(t):
        by[s["time"].date()] += v[s["lift"]]
    return _top(by)


# --------------------------------------------------------------------------------------------

_T = truth()
LOG = "charger_events_2024-06.log"
DOUBLE = "a turnstile sometimes reads a card twice, so an accepted scan of the same pass at the same lift less than 60 seconds after the previous accepted one is the same ride"

TASKS: list[Task] = [
    # EV charging
    Task(
        "ev-sessions-started",
        "easy",
        f"How many charging sessions were started in June 2024 according to {LOG}?",
        ev_sessions_started,
    ),
    Task(
        "ev-dc-count", "easy", "How many of the charge points in charge_points.xml are DC fast chargers?", ev_dc_count
    ),
    Task(
        "ev-oldest-charge-point",
        "easy",
        "Which charge point in charge_points.xml was commissioned first? Give its id.",
        ev_oldest,
        "text",
        [ev_oldest(_T).removeprefix("CP-"), _cp(_T)[ev_oldest(_T)]["site"]],
    ),
    Task(
        "ev-energy-total",
        "medium",
        f"What was the total energy, in kWh, delivered by the charging sessions that both started and stopped within {LOG}? A session's energy is its meterStop minus its meterStart. Round to one decimal.",
        ev_energy,
    ),
    Task(
        "ev-median-duration",
        "medium",
        f"What was the median duration, in minutes, of the charging sessions that both started and stopped within {LOG} (from the StartTransaction to the StopTransaction)? Round to one decimal.",
        ev_median_minutes,
    ),
    Task(
        "ev-most-faults",
        "medium",
        f"Which charge point (not connector) reported the status Faulted most often in {LOG}? Give its id.",
        ev_top_fault_cp,
        "text",
        [ev_top_fault_cp(_T).removeprefix("CP-"), _cp(_T)[ev_top_fault_cp(_T)]["site"]],
    ),
    Task(
        "ev-top-district",
        "hard",
        f"Which district's charge points delivered the most energy in June 2024? Use the sessions that both started and stopped within {LOG} and the districts in charge_points.xml.",
        ev_top_district,
        "text",
    ),
    Task(
        "ev-revenue",
        "hard",
        f"What was the total revenue, in euros, of the charging sessions that both started and stopped within {LOG}, if each session's energy (in kWh) is billed at the tariff that was in force at its charge point on the day the session started, according to charge_points.xml? Round to the cent.",
        ev_revenue,
    ),
    # fish auction
    Task(
        "fish-hake-name",
        "easy",
        "What is the English name of the species with code HKE in species.json?",
        fish_hake,
        "text",
        ["hake"],
    ),
    Task(
        "fish-max-price",
        "easy",
        "What was the highest price per kg, in euros, paid for a lot in landings_2024.csv?",
        fish_max_price,
    ),
    Task(
        "fish-vessel-count",
        "easy",
        "How many different vessels sold fish at the auction in 2024, according to landings_2024.csv?",
        fish_vessels,
    ),
    Task(
        "fish-mackerel-tonnes",
        "medium",
        "How many tonnes of mackerel (species code MAC) were sold at the auction in 2024, according to landings_2024.csv, net of the correction lines? Round to two decimals.",
        fish_mac_tonnes,
    ),
    Task(
        "fish-top-vessel",
        "medium",
        "Which vessel took the most money at the auction in 2024 (net kg times price per kg, summed over its lots in landings_2024.csv, net of the correction lines)? Give its registration.",
        fish_top_vessel,
        "text",
        [fish_top_vessel(_T).replace(" ", ""), next(v["name"] for v in _T.vessels if v["reg"] == fish_top_vessel(_T))],
    ),
    Task(
        "fish-demersal-live-q2",
        "hard",
        "Using the live-weight conversion factors and the species groups in species.json, what was the live weight, in tonnes, of the demersal fish sold at the auction from April to June 2024 (landings_2024.csv, net of the correction lines)? Round to two decimals.",
        fish_demersal_q2,
    ),
    Task(
        "fish-cod-month",
        "hard",
        "In which month of 2024 was the most cod (COD) sold at the auction, measured in live weight with the conversion factors in species.json? Use landings_2024.csv, net of the correction lines.",
        fish_cod_month,
        "text",
        [fish_cod_month(_T)[:3] + " 2024", "2024-" + f"{MONTHS.index(fish_cod_month(_T)) + 1:02d}"],
    ),
    # property transfers
    Task(
        "prop-winterthur-count",
        "easy",
        "How many property transfers in Winterthur are recorded in property_transfers_2023_2024.txt (all kinds of transfer)?",
        prop_winterthur,
    ),
    Task(
        "prop-largest-house",
        "easy",
        "What is the largest living area (Wohnfläche, in m²) of any single-family house (Objektart Einfamilienhaus) in property_transfers_2023_2024.txt?",
        prop_largest_house,
    ),
    Task(
        "prop-median-condo-2024",
        "medium",
        "What was the median price, in CHF, of the condominium flats (Objektart Stockwerkeigentum) that were sold (Handänderung Kauf) in 2024, according to property_transfers_2023_2024.txt?",
        prop_median_condo_2024,
    ),
    Task(
        "prop-mean-rooms-houses",
        "medium",
        "What is the average number of rooms (Zimmer) of the single-family houses (Einfamilienhaus) sold (Handänderung Kauf) in 2023-2024, according to property_transfers_2023_2024.txt? Round to two decimals.",
        prop_mean_rooms,
    ),
    Task(
        "prop-top-municipality",
        "hard",
        "Among the municipalities with at least 20 condominium (Stockwerkeigentum) sales (Kauf) in 2023-2024, which had the highest median price per m² of living area? Use property_transfers_2023_2024.txt.",
        prop_top_municipality,
        "text",
        [
            prop_top_municipality(_T).replace("ü", "u").replace("ä", "a"),
            prop_top_municipality(_T).replace("ü", "ue").replace("ä", "ae"),
        ],
    ),
    Task(
        "prop-zurich-change",
        "hard",
        "By what percentage did the median price per m² of living area of condominium (Stockwerkeigentum) sales (Kauf) in Zürich change from 2023 to 2024, according to property_transfers_2023_2024.txt? Round to one decimal.",
        prop_zurich_change,
    ),
    Task(
        "prop-top-quarter",
        "hard",
        "Which calendar quarter had the highest total value of sales (Handänderung Kauf, all kinds of property) in property_transfers_2023_2024.txt? Answer like 2023 Q4.",
        prop_top_quarter,
        "text",
        _quarter_aliases(_T),
    ),
    # ski lifts
    Task(
        "ski-denied-scans",
        "easy",
        "How many of the scans in lift_scans_2024-02.parquet were refused at the gate (any result other than OK)?",
        ski_denied,
    ),
    Task(
        "ski-highest-lift",
        "easy",
        "Which lift in lifts.xlsx has the highest top station? Give its name.",
        ski_highest,
        "text",
        [_ski_highest_code(_T)],
    ),
    Task(
        "ski-passes-feb10",
        "medium",
        "How many different passes had at least one accepted (OK) scan on Saturday 10 February 2024, according to lift_scans_2024-02.parquet?",
        ski_passes_feb10,
    ),
    Task(
        "ski-busiest-hour",
        "medium",
        f"In lift_scans_2024-02.parquet, in which hour of the day (resort local time) were the most rides started over February 2024? Count accepted (OK) scans; {DOUBLE}. Give the hour like 14:00.",
        lambda t: f"{ski_busiest_hour(t)}:00",
        "text",
        _hour_aliases(ski_busiest_hour(_T)),
    ),
    Task(
        "ski-rides-l04",
        "medium",
        f"How many rides were taken on lift L04 in February 2024, according to lift_scans_2024-02.parquet? Count accepted (OK) scans; {DOUBLE}.",
        ski_rides_l04,
    ),
    Task(
        "ski-top-vertical-pass",
        "hard",
        f"Which pass rode the most vertical metres in February 2024? A ride's vertical metres are its lift's top station minus its bottom station (lifts.xlsx); the rides are the accepted (OK) scans in lift_scans_2024-02.parquet, and {DOUBLE}. Give the pass id.",
        ski_top_vertical_pass,
        "text",
    ),
    Task(
        "ski-day-adult-rides",
        "hard",
        f"On average, how many rides did a 'Day adult' pass make in lift_scans_2024-02.parquet? Count accepted (OK) scans, {DOUBLE}; average over the Day adult passes with at least one ride. Round to two decimals.",
        ski_day_adult_rides,
    ),
    Task(
        "ski-top-vertical-day",
        "hard",
        f"On which date in February 2024 were the most vertical metres ridden at the resort (all passes)? A ride's vertical metres are its lift's top station minus its bottom station (lifts.xlsx); the rides are the accepted (OK) scans in lift_scans_2024-02.parquet, and {DOUBLE}.",
        lambda t: ski_top_vertical_day(t).isoformat(),
        "text",
        _date_aliases(ski_top_vertical_day(_T)),
    ),
]

QUICK = ["ev-sessions-started", "fish-hake-name", "ski-highest-lift"]


def references(seed: int | None = None) -> dict[str, Any]:
    """Each task's reference answer for the set's own seed."""
    return {task.id: task.ref(truth()) for task in TASKS}


assert len({task.id for task in TASKS}) == len(TASKS) == 30
assert Counter(task.difficulty for task in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert set(QUICK) <= {task.id for task in TASKS if task.difficulty == "easy"}

if __name__ == "__main__":
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {task.ref(_T)!r}  {task.aliases or ''}\n    {task.question}")
