"""The eighth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, resampling or reshaping). A reference whose answer would be a tie raises, so a seed that
makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from data import BREEDS, SUCCESS, Truth, truth


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


def mean(values) -> float:
    values = list(values)
    return sum(values) / len(values)


def share(part: int, whole: int) -> float:
    return 100 * part / whole


def ascii_fold(text: str) -> str:
    """'Saint-Éloi' -> 'Saint-Eloi', 'Lumière' -> 'Lumiere' (an answer typed without accents)."""
    text = text.replace("œ", "oe").replace("Œ", "OE")
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def folded(text: str) -> list[str]:
    return [ascii_fold(text)] if ascii_fold(text) != text else []


def hour_text(h: int) -> str:
    return f"{h}:00"


def hour_aliases(h: int) -> list[str]:
    twelve = h % 12 or 12
    half = "am" if h < 12 else "pm"
    extra = ["noon", "midday"] if h == 12 else []
    return [
        f"{h:02d}:00",
        f"{twelve} {half}",
        f"{twelve}{half}",
        f"{twelve}:00 {half}",
        f"{h}h",
        f"{h:02d}h",
        f"hour {h}",
        *extra,
    ]


def week_text(week: int) -> str:
    return f"week {week}"


def week_aliases(week: int) -> list[str]:
    return [f"W{week:02d}", f"W{week}", f"2024-W{week:02d}", f"wk {week}", f"week {week:02d}"]


# water utility


def _usage(t: Truth) -> list[tuple[dict, int]]:
    """Each read with a reading and its meter's previous reading: (read, reading minus the previous one)."""
    last: dict[str, int] = {}
    out = []
    for r in sorted(t.reads, key=lambda r: (r["meter"], r["date"], r["seq"])):
        if r["reading"] is None:
            continue
        if r["meter"] in last:
            out.append((r, r["reading"] - last[r["meter"]]))
        last[r["meter"]] = r["reading"]
    return out


def _accounts(t: Truth) -> dict[int, dict]:
    return {a["account"]: a for a in t.accounts}


def _district_2024(t: Truth) -> str:
    acc = _accounts(t)
    used: Counter = Counter()
    for r, m3 in _usage(t):
        if r["date"].year == 2024:
            used[acc[r["account"]]["district"]] += m3
    return argmax(used)


def _residential_2024(t: Truth) -> int:
    acc = _accounts(t)
    return sum(m3 for r, m3 in _usage(t) if r["date"].year == 2024 and acc[r["account"]]["tariff"] == "Residential")


def _estimated_2024(t: Truth) -> float:
    read = [r for r in t.reads if r["date"].year == 2024 and r["reading"] is not None]
    return share(sum(r["type"] == "Estimated" for r in read), len(read))


def _commercial_district(t: Truth) -> str:
    return argmax(Counter(a["district"] for a in t.accounts if a["tariff"] == "Commercial"))


# courier


def _attempts(t: Truth) -> list[tuple[dict, dict]]:
    return [(run, s) for run in t.runs for s in run["stops"]]


def _peak_hour(t: Truth) -> int:
    return argmax(Counter(s["time"].hour for _, s in _attempts(t)))


def _depot_fail(t: Truth) -> str:
    tried: Counter = Counter()
    failed: Counter = Counter()
    for run, s in _attempts(t):
        tried[run["depot"]] += 1
        failed[run["depot"]] += s["outcome"] not in SUCCESS
    return argmax({d: failed[d] / tried[d] for d in tried})


def _next_day_first(t: Truth) -> float:
    first: dict[str, str] = {}
    for _, s in sorted(_attempts(t), key=lambda rs: (rs[0]["date"], rs[1]["time"])):
        first.setdefault(s["parcel"], s["outcome"])
    nd = [p for p in t.parcels if p["service"] == "Next day"]
    return share(sum(first[p["parcel"]] in SUCCESS for p in nd), len(nd))


# cinema


def _film_genre(t: Truth) -> dict[str, str]:
    return {f["title"]: f["genre"] for f in t.films}


def _top_film(t: Truth) -> str:
    sold: Counter = Counter()
    for s in t.screenings:
        sold[s["film"]] += s["admissions"]
    return argmax(sold)


def _genre_gross(t: Truth) -> str:
    genre = _film_genre(t)
    gross: dict[str, list[int]] = {}
    for s in t.screenings:
        gross.setdefault(genre[s["film"]], []).append(s["gross"])
    return argmax({g: mean(v) for g, v in gross.items()})


def _imax_occupancy(t: Truth) -> float:
    imax = [s for s in t.screenings if s["format"] == "IMAX"]
    return share(sum(s["admissions"] for s in imax), sum(s["capacity"] for s in imax))


def _concession_week(t: Truth) -> int:
    admissions: Counter = Counter()
    for s in t.screenings:
        admissions[s["date"].isocalendar()[1]] += s["admissions"]
    revenue: Counter = Counter()
    for c in t.concessions:
        revenue[c["week"]] += c["pence"]
    return argmax({w: revenue[w] / admissions[w] for w in admissions})


def _popcorn_cinema(t: Truth) -> str:
    units: Counter = Counter()
    pence: Counter = Counter()
    for c in t.concessions:
        if c["category"] == "Popcorn":
            units[c["cinema"]] += c["units"]
            pence[c["cinema"]] += c["pence"]
    return argmax({c: pence[c] / units[c] for c in units})


# dairy


def _breed(t: Truth) -> dict[int, str]:
    return {c["cow"]: BREEDS[c["breed"]][0] for c in t.cows}


def _peak_milking_hour(t: Truth) -> int:
    return argmax(Counter(m["local"].hour for m in t.milkings))


def _breed_yield(t: Truth) -> str:
    breed = _breed(t)
    milk: dict[str, list[int]] = {}
    for m in t.milkings:
        if m["tenths"] is not None:
            milk.setdefault(breed[m["cow"]], []).append(m["tenths"])
    return argmax({b: mean(v) for b, v in milk.items()})


def _top_week(t: Truth) -> int:
    milk: Counter = Counter()
    for m in t.milkings:
        milk[m["local"].isocalendar()[1]] += m["tenths"] or 0
    return argmax(milk)


def _jersey_june(t: Truth) -> float:
    breed = _breed(t)
    days: Counter = Counter()
    for m in t.milkings:
        local = m["local"]
        if breed[m["cow"]] == "Jersey" and (local.year, local.month) == (2024, 6) and m["tenths"] is not None:
            days[(m["cow"], local.date())] += m["tenths"]
    return sum(days.values()) / 10 / len(days)


_SEED_T = truth()

WATER_USAGE = (
    "Take the water used at a read as its reading minus the previous reading of the same meter (reads "
    "without a reading are skipped, and a meter's first reading has no usage), dated at that read."
)

TASKS: list[Task] = [
    # --- easy -------------------------------------------------------------------------------------
    Task(
        "water-accounts",
        "easy",
        "How many customer accounts are listed in water_accounts.csv?",
        lambda t: len(t.accounts),
    ),
    Task(
        "water-reads",
        "easy",
        "How many meter reads are recorded in meter_reads_2023_2024.csv, counting every read whether or not it "
        "has a reading?",
        lambda t: len(t.reads),
    ),
    Task(
        "courier-runs",
        "easy",
        "How many delivery runs are recorded in courier_runs_march_2024.json?",
        lambda t: len(t.runs),
    ),
    Task(
        "courier-drivers",
        "easy",
        "How many different drivers drove the courier's delivery runs in March 2024?",
        lambda t: len({run["driver"] for run in t.runs}),
    ),
    Task(
        "parcel-count",
        "easy",
        "How many parcels are listed in the courier's parcel manifest?",
        lambda t: len(t.parcels),
    ),
    Task(
        "cin-screenings",
        "easy",
        "How many screenings are listed in lumen_screenings_q3_2024.xlsx?",
        lambda t: len(t.screenings),
    ),
    Task(
        "cin-admissions",
        "easy",
        "How many tickets (admissions) did the Lumen cinemas sell in total over the screenings report's period?",
        lambda t: sum(s["admissions"] for s in t.screenings),
    ),
    Task(
        "dairy-milkings",
        "easy",
        "How many milkings are recorded in milkings_2024.parquet?",
        lambda t: len(t.milkings),
    ),
    Task(
        "dairy-lactation",
        "easy",
        "What is the average lactation number of the cows in the dairy farm's herd register?",
        lambda t: mean(c["lactation"] for c in t.cows),
    ),
    Task(
        "dairy-total-milk",
        "easy",
        "How many kilograms of milk did the farm's milking robots record in total?",
        lambda t: sum(m["tenths"] or 0 for m in t.milkings) / 10,
    ),
    # --- medium -----------------------------------------------------------------------------------
    Task(
        "water-no-reading",
        "medium",
        "How many of the water meter reads have no reading value (the meter could not be read)?",
        lambda t: sum(r["reading"] is None for r in t.reads),
    ),
    Task(
        "water-estimated-2024",
        "medium",
        "Of the water meter reads dated in 2024 that have a reading, what percentage were estimated reads?",
        _estimated_2024,
    ),
    Task(
        "water-commercial-district",
        "medium",
        "Which district has the most water accounts on the commercial tariff?",
        _commercial_district,
        "text",
        folded(_commercial_district(_SEED_T)),
    ),
    Task(
        "courier-peak-hour",
        "medium",
        "In which hour of the day did the courier's drivers make the most delivery attempts (successful or "
        "not)? Give the hour as its start, e.g. 9:00 for attempts from 9:00 to 9:59.",
        lambda t: hour_text(_peak_hour(t)),
        "text",
        hour_aliases(_peak_hour(_SEED_T)),
    ),
    Task(
        "parcel-weight",
        "medium",
        "What is the total weight, in kilograms, of all the parcels in parcel_manifest_march_2024.txt?",
        lambda t: sum(p["grams"] for p in t.parcels) / 1000,
    ),
    Task(
        "parcel-signature",
        "medium",
        "How many parcels in the courier's manifest require a signature on delivery?",
        lambda t: sum(p["signature"] for p in t.parcels),
    ),
    Task(
        "cin-top-film",
        "medium",
        "Which film sold the most tickets across the Lumen cinemas from July to September 2024?",
        _top_film,
        "text",
        folded(_top_film(_SEED_T)),
    ),
    Task(
        "cin-imax-occupancy",
        "medium",
        "What percentage of the seats at Lumen's IMAX screenings were filled: the IMAX screenings' total "
        "admissions divided by their total capacity?",
        _imax_occupancy,
    ),
    Task(
        "film-budget",
        "medium",
        "What is the average production budget, in millions of US dollars, of the films in films.csv whose "
        "budget is known?",
        lambda t: mean(f["budget"] for f in t.films if f["budget"] is not None) / 1000,
    ),
    Task(
        "dairy-peak-hour",
        "medium",
        "At what hour of the day, in the farm's local time (Ireland), do the most milkings start?",
        lambda t: hour_text(_peak_milking_hour(t)),
        "text",
        hour_aliases(_peak_milking_hour(_SEED_T)),
    ),
    # --- hard -------------------------------------------------------------------------------------
    Task(
        "water-district-2024",
        "hard",
        f"{WATER_USAGE} Which district's accounts used the most water in 2024?",
        _district_2024,
        "text",
        folded(_district_2024(_SEED_T)),
    ),
    Task(
        "water-residential-2024",
        "hard",
        f"{WATER_USAGE} How many cubic metres of water did the accounts on the residential tariff use in 2024?",
        _residential_2024,
    ),
    Task(
        "courier-depot-fail",
        "hard",
        "Which of the courier's depots had the highest share of failed delivery attempts (attempts where the "
        "parcel was neither delivered to the addressee nor left with a neighbour)?",
        _depot_fail,
        "text",
    ),
    Task(
        "courier-next-day-first",
        "hard",
        "Of the parcels booked on the Next day service, what percentage were delivered (to the addressee or "
        "to a neighbour) at their first delivery attempt?",
        _next_day_first,
    ),
    Task(
        "cin-genre-gross",
        "hard",
        "Which film genre took the most box-office gross per screening, on average, at the Lumen cinemas?",
        _genre_gross,
        "text",
        ["Science fiction", "Science-fiction", "SF"] if _genre_gross(_SEED_T) == "Sci-Fi" else [],
    ),
    Task(
        "cin-concession-week",
        "hard",
        "Across all the Lumen cinemas, in which ISO week of 2024 was concession revenue per admission highest?",
        lambda t: week_text(_concession_week(t)),
        "text",
        week_aliases(_concession_week(_SEED_T)),
    ),
    Task(
        "cin-popcorn-price",
        "hard",
        "At which Lumen cinema did popcorn cost the most per unit sold (popcorn revenue divided by popcorn "
        "units, over the whole period)?",
        _popcorn_cinema,
        "text",
    ),
    Task(
        "dairy-breed-yield",
        "hard",
        "Which breed of cow gave the most milk per milking on average, over the milkings that recorded milk?",
        _breed_yield,
        "text",
        {"Holstein Friesian": ["Holstein", "Holstein-Friesian", "Friesian"], "Jersey": ["Jerseys"]}.get(
            _breed_yield(_SEED_T), []
        ),
    ),
    Task(
        "dairy-top-week",
        "hard",
        "In which ISO week of 2024 did the dairy herd give the most milk, putting each milking in the week of "
        "its local (Irish) date?",
        lambda t: week_text(_top_week(t)),
        "text",
        week_aliases(_top_week(_SEED_T)),
    ),
    Task(
        "dairy-jersey-june",
        "hard",
        "In June 2024 (by Irish local date), what was the Jersey cows' average daily milk yield per cow, in kg: "
        "their total milk divided by the number of cow-days on which a Jersey cow gave milk?",
        _jersey_june,
    ),
]

# Quick mode: a few easy tasks.
QUICK = ["water-accounts", "courier-runs", "dairy-milkings"]


def references(seed: int | None = None) -> dict[str, Any]:
    t = truth() if seed is None else truth(seed)
    return {task.id: task.ref(t) for task in TASKS}


if __name__ == "__main__":
    for task, (tid, ref) in zip(TASKS, references().items()):
        print(f"{task.difficulty:<7} {tid:<30} {ref!r:<30} {task.question}")
