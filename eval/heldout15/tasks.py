"""The fifteenth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, time-zone conversion, resampling or reshaping). A reference whose answer would be a tie
raises, so a seed that makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import calendar
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from data import COL_FILE, COUNTRIES, DISTRICTS, EQ_FILE, FX_FILE, GUIDE_FILE, PACIFIC, TOU_FILE, Truth, truth


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


def _day_text(d: date) -> str:
    return f"{d.day} {calendar.month_name[d.month]} {d.year}"


def _month_text(year: int, month: int) -> str:
    return f"{calendar.month_name[month]} {year}"


# quakes: t.events holds one record per catalogue event; `type` tells earthquakes from blasts


def _quakes(t: Truth) -> list[dict]:
    return [e for e in t.events if e["type"] == "earthquake"]


def _largest_place(t: Truth) -> str:
    top = argmax({e["id"]: e["mag"] for e in t.events})
    return next(e["place"] for e in t.events if e["id"] == top)


def _reviewed_pct(t: Truth) -> float:
    q = _quakes(t)
    return 100 * sum(e["status"] == "reviewed" for e in q) / len(q)


def _busiest_day(t: Truth) -> str:
    return _day_text(argmax(Counter(e["time"].astimezone(PACIFIC).date() for e in _quakes(t))))


def _ca_town(place: str) -> str | None:
    """'12 km SSW of Ridgecrest, CA' -> 'Ridgecrest'; None for other places."""
    if not place.endswith(", CA") or " of " not in place:
        return None
    return place.split(" of ", 1)[1][: -len(", CA")]


def _top_town_mag(t: Truth) -> str:
    mags = defaultdict(list)
    for e in _quakes(t):
        town = _ca_town(e["place"])
        if town:
            mags[town].append(e["mag"])
    return argmax({k: statistics.fmean(v) for k, v in mags.items() if len(v) >= 20})


# fx: t.fx[currency][day] is the published rate, in units of the currency per euro


def _year(t: Truth, cur: str, year: int) -> list[float]:
    return [t.fx[cur][d] for d in t.fx_days if d.year == year and d in t.fx[cur]]


def _usd_cny_corr(t: Truth) -> float:
    days = [d for d in t.fx_days if d.year == 2024]
    return statistics.correlation([t.fx["USD"][d] for d in days], [t.fx["CNY"][d] for d in days])


def _usd_peak_month(t: Truth) -> str:
    by = defaultdict(list)
    for d in t.fx_days:
        by[(d.year, d.month)].append(t.fx["USD"][d])
    return _month_text(*argmax({k: statistics.fmean(v) for k, v in by.items()}))


INVOICE_JPY, INVOICE_DAY = 2_500_000, date(2024, 3, 17)  # a Sunday


def _rate_on_or_before(t: Truth, cur: str, day: date) -> float:
    return t.fx[cur][max(d for d in t.fx_days if d <= day)]


def _jpy_invoice(t: Truth) -> float:
    return INVOICE_JPY / _rate_on_or_before(t, "JPY", INVOICE_DAY)


# collisions: one record per collision; codes as in the data guide

WEEKDAYS = list(calendar.day_name)


def _mean_speed(t: Truth) -> float:
    return statistics.fmean(c["speed"] for c in t.collisions if c["speed"] not in (-1, 99))


def _dark_pct(t: Truth) -> float:
    known = [c for c in t.collisions if c["light"] != -1]
    return 100 * sum(c["light"] in (4, 5, 6, 7) for c in known) / len(known)


def _weekday(t: Truth) -> str:
    return WEEKDAYS[argmax(Counter(c["date"].weekday() for c in t.collisions))]


def _district_ksi(t: Truth) -> str:
    ksi, n = Counter(), Counter()
    for c in t.collisions:
        n[c["district"]] += 1
        ksi[c["district"]] += c["severity"] in (1, 2)
    return argmax({k: ksi[k] / n[k] for k in n})


def _frost_month(t: Truth) -> str:
    return _month_text(2023, argmax(Counter(c["date"].month for c in t.collisions if c["surface"] == 4)))


# tourism: t.nights[(c_resid, nace_r2, geo)][month] (None where the file has ':')

NAMES = {"AT": "Austria", "BE": "Belgium", "CZ": "Czechia", "DE": "Germany", "EL": "Greece", "ES": "Spain"}
NAMES |= {"FR": "France", "HR": "Croatia", "IT": "Italy", "NL": "Netherlands", "PL": "Poland", "PT": "Portugal"}
GEOS = [g for g, *_ in COUNTRIES]


def _sum(t: Truth, resid: str, nace: str, geo: str, year: int) -> int:
    return sum(v for m, v in t.nights[(resid, nace, geo)].items() if m.startswith(str(year)) and v is not None)


def _top_for_2023(t: Truth) -> str:
    return NAMES[argmax({g: _sum(t, "FOR", "I551-I553", g, 2023) for g in GEOS})]


def _el_low_month(t: Truth) -> str:
    vals = {m: v for m, v in t.nights[("TOTAL", "I551-I553", "EL")].items() if v is not None}
    m = argmin(vals)
    return _month_text(int(m[:4]), int(m[5:]))


def _nl_hotel_share(t: Truth) -> float:
    return 100 * _sum(t, "TOTAL", "I551", "NL", 2023) / _sum(t, "TOTAL", "I551-I553", "NL", 2023)


def _pt_change(t: Truth) -> float:
    a, b = _sum(t, "TOTAL", "I551-I553", "PT", 2019), _sum(t, "TOTAL", "I551-I553", "PT", 2023)
    return 100 * (b - a) / a


# --- the questions --------------------------------------------------------------------------------

TASKS = [
    # earthquakes -------------------------------------------------------------------------------
    Task(
        "eq_quarry_blasts",
        "easy",
        f"How many events in {EQ_FILE} have the event type quarry blast?",
        lambda t: sum(e["type"] == "quarry blast" for e in t.events),
    ),
    Task(
        "eq_largest_place",
        "easy",
        f"Where was the event with the largest magnitude in {EQ_FILE}? Give its place description (the place field).",
        _largest_place,
        kind="text",
    ),
    Task(
        "eq_m3_count",
        "easy",
        f"How many events of any type in {EQ_FILE} have a magnitude of 3.0 or more?",
        lambda t: sum(e["mag"] >= 3.0 for e in t.events),
    ),
    Task(
        "eq_reviewed_pct",
        "medium",
        f"In {EQ_FILE}, what percentage of the earthquakes (event type earthquake; quarry blasts and "
        "explosions left out) have the status reviewed rather than automatic?",
        _reviewed_pct,
    ),
    Task(
        "eq_median_depth",
        "medium",
        f"What is the median depth, in kilometres, of the earthquakes (event type earthquake only) in "
        f"{EQ_FILE}? The depth is the third coordinate of each event's geometry; keep negative depths "
        "(above sea level) as they are.",
        lambda t: float(statistics.median(e["depth"] for e in _quakes(t))),
    ),
    Task(
        "eq_nevada",
        "medium",
        f"How many events of any type in {EQ_FILE} were in the state of Nevada, judging by their place "
        "description (for example '12 km SSE of Mina, Nevada' or 'central Nevada')? Places in California end "
        "in ', CA' and do not count.",
        lambda t: sum(e["place"].endswith("Nevada") for e in t.events),
    ),
    Task(
        "eq_busiest_day",
        "hard",
        f"The event times in {EQ_FILE} are UTC, in milliseconds since 1970. On which date, in Pacific local "
        "time (America/Los_Angeles), were the most earthquakes recorded? Count events of type earthquake only.",
        _busiest_day,
        kind="text",
    ),
    Task(
        "eq_top_town_mag",
        "hard",
        f"In {EQ_FILE}, take the earthquakes (event type earthquake) whose place has the form "
        "'<distance> km <direction> of <town>, CA'. Among the towns named in 20 or more of these places, which "
        "town has the highest mean magnitude?",
        _top_town_mag,
        kind="text",
    ),
    # exchange rates ----------------------------------------------------------------------------
    Task(
        "fx_jpy_on_date",
        "easy",
        f"In {FX_FILE} (ECB euro reference rates, units of each currency per 1 euro), what was the Japanese yen "
        "(JPY) rate on 15 March 2023?",
        lambda t: t.fx["JPY"][date(2023, 3, 15)],
    ),
    Task(
        "fx_days_2024",
        "easy",
        f"How many days in 2024 have reference rates in {FX_FILE} (one row per day)?",
        lambda t: sum(d.year == 2024 for d in t.fx_days),
    ),
    Task(
        "fx_parity_days",
        "easy",
        f"In {FX_FILE}, on how many days in 2022 was the US dollar rate below 1 (a euro was worth less than "
        "one dollar)?",
        lambda t: sum(v < 1 for v in _year(t, "USD", 2022)),
    ),
    Task(
        "fx_jpy_std",
        "medium",
        f"What is the sample standard deviation (n - 1 in the denominator) of the daily Japanese yen (JPY) "
        f"rate in {FX_FILE} over the days of 2023?",
        lambda t: statistics.stdev(_year(t, "JPY", 2023)),
    ),
    Task(
        "fx_usd_cny_corr",
        "medium",
        f"Using {FX_FILE}, what is the Pearson correlation between the daily US dollar (USD) and Chinese "
        "yuan (CNY) rates over the days of 2024?",
        _usd_cny_corr,
    ),
    Task(
        "fx_usd_peak_month",
        "hard",
        f"Using {FX_FILE}, average the US dollar rate over the days of each calendar month of each year from "
        "January 2019 to December 2024. Which month (month and year) had the highest average?",
        _usd_peak_month,
        kind="text",
    ),
    Task(
        "fx_jpy_invoice",
        "hard",
        f"An invoice for 2,500,000 Japanese yen is dated Sunday 17 March 2024. Using {FX_FILE} (units of each "
        "currency per 1 euro) and the most recent rate published on or before the invoice date, how many euros "
        "is the invoice worth?",
        _jpy_invoice,
    ),
    # road collisions ---------------------------------------------------------------------------
    Task(
        "col_casualties",
        "easy",
        f"What is the total number of casualties (sum of number_of_casualties) over all collisions in {COL_FILE}?",
        lambda t: sum(c["casualties"] for c in t.collisions),
    ),
    Task(
        "col_70mph",
        "easy",
        f"How many collisions in {COL_FILE} happened on a road with a speed limit of 70 mph?",
        lambda t: sum(c["speed"] == 70 for c in t.collisions),
    ),
    Task(
        "col_fatal",
        "medium",
        f"How many collisions in {COL_FILE} were fatal? The severity codes are explained in {GUIDE_FILE}.",
        lambda t: sum(c["severity"] == 1 for c in t.collisions),
    ),
    Task(
        "col_mean_speed",
        "medium",
        f"What is the average speed limit, in mph, over the collisions in {COL_FILE}? Leave out collisions "
        f"whose speed limit is missing or unknown (see {GUIDE_FILE} for the codes).",
        _mean_speed,
    ),
    Task(
        "col_dark_pct",
        "medium",
        f"Using {COL_FILE} and {GUIDE_FILE}, what percentage of collisions happened in darkness (any of the "
        "light conditions whose label starts with 'Darkness')? Leave collisions with missing light conditions "
        "out of the count and the total.",
        _dark_pct,
    ),
    Task(
        "col_weekday",
        "hard",
        f"On which day of the week did the most collisions in {COL_FILE} happen? The codes are explained in "
        f"{GUIDE_FILE}.",
        _weekday,
        kind="text",
    ),
    Task(
        "col_la_ksi",
        "hard",
        f"Using {COL_FILE} and {GUIDE_FILE}, which local authority district (local_authority_ons_district, "
        "named as in the data guide) had the highest percentage of its collisions that were fatal or serious?",
        _district_ksi,
        kind="text",
    ),
    Task(
        "col_frost_month",
        "hard",
        f"Using {COL_FILE} and {GUIDE_FILE}, in which month of 2023 were the most collisions on a road surface "
        "of frost or ice? The dates are day-first (dd/mm/yyyy).",
        _frost_month,
        kind="text",
    ),
    # tourism nights ----------------------------------------------------------------------------
    Task(
        "tou_es_aug2023",
        "easy",
        f"In the Eurostat file {TOU_FILE}, how many nights did all residents (c_resid TOTAL) spend in all "
        "tourist accommodation (nace_r2 I551-I553) in Spain (geo ES) in August 2023?",
        lambda t: t.nights[("TOTAL", "I551-I553", "ES")]["2023-08"],
    ),
    Task(
        "tou_countries",
        "easy",
        f"How many individual countries does the Eurostat file {TOU_FILE} cover? The EU and euro-area "
        "aggregates (EU27_2020, EA20) are not countries.",
        lambda t: len(GEOS),
    ),
    Task(
        "tou_hr_for_2024",
        "medium",
        f"Using the Eurostat file {TOU_FILE}, how many nights did foreign residents (c_resid FOR) spend in all "
        "tourist accommodation (nace_r2 I551-I553) in Croatia (geo HR) in 2024? Values flagged p (provisional) "
        "count as they are.",
        lambda t: _sum(t, "FOR", "I551-I553", "HR", 2024),
    ),
    Task(
        "tou_top_for_2023",
        "medium",
        f"Using the Eurostat file {TOU_FILE}, which country had the most nights spent by foreign residents "
        "(c_resid FOR) in all tourist accommodation (nace_r2 I551-I553) over 2023? Leave out the EU and "
        "euro-area aggregates (EU27_2020, EA20).",
        _top_for_2023,
        kind="text",
    ),
    Task(
        "tou_el_low_month",
        "hard",
        f"Using the Eurostat file {TOU_FILE}, in which month (month and year) between January 2019 and December "
        "2024 did all residents (c_resid TOTAL) spend the fewest nights in all tourist accommodation (nace_r2 "
        "I551-I553) in Greece (geo EL)? Leave out months with no value (':').",
        _el_low_month,
        kind="text",
    ),
    Task(
        "tou_nl_hotel_share",
        "hard",
        f"Using the Eurostat file {TOU_FILE}, what percentage of all nights spent by all residents (c_resid "
        "TOTAL) in tourist accommodation in the Netherlands (geo NL) over 2023 were spent in hotels (nace_r2 I551 "
        "out of I551-I553)?",
        _nl_hotel_share,
    ),
    Task(
        "tou_pt_change",
        "hard",
        f"Using the Eurostat file {TOU_FILE}, by what percentage did the nights spent by all residents (c_resid "
        "TOTAL) in all tourist accommodation (nace_r2 I551-I553) in Portugal (geo PT) change from 2019 to 2023 "
        "(annual totals; a fall is negative)?",
        _pt_change,
    ),
]

QUICK = ["eq_quarry_blasts", "fx_days_2024", "col_casualties"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "eq_nevada": "every place containing 'Nevada' counted, so the events near Nevada City, CA count too",
    "eq_busiest_day": "the events grouped by their UTC date, so an evening aftershock sequence lands on the next day",
    "fx_jpy_invoice": "the yen amount multiplied by the rate instead of divided (the rates are yen per euro)",
    "col_mean_speed": "the codes -1 (missing) and 99 (unknown, self reported) averaged as speed limits",
    "col_weekday": "day_of_week read as 1 = Monday, where the data guide has 1 = Sunday",
    "tou_hr_for_2024": "values with a flag ('123456 p') coerced to NaN by to_numeric(errors='coerce'), so "
    "the provisional second half of 2024 drops out",
    "tou_top_for_2023": "the EU27_2020 aggregate taken as the top country",
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
        f"{d.month}/{d.day}/{d.year}",
        f"{d.day} {calendar.month_abbr[d.month]} {d.year}",
        f"{name} {d.day}, {d.year}",
        f"{d.day}{nth} {name} {d.year}",
        f"{d.day}{nth} {name}",
        f"{name} {d.day}{nth}",
    ]


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a place, a date, a month, a district, a country)."""
    refs = references()
    ons = {name: code for code, name, *_ in DISTRICTS}
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "eq_largest_place":
            town = ref.split(" of ", 1)[1] if " of " in ref else ref
            task.aliases = [town, town.split(",")[0]]
        elif task.id == "eq_busiest_day":
            task.aliases = _date_aliases(ref)
        elif task.id == "eq_top_town_mag":
            task.aliases = [f"{ref}, CA"]
        elif task.id in ("fx_usd_peak_month", "tou_el_low_month"):
            task.aliases = _month_aliases(ref)
        elif task.id == "col_frost_month":
            task.aliases = [ref.split()[0], *_month_aliases(ref)]
        elif task.id == "col_la_ksi":
            task.aliases = [ons[ref]]
            if ref.startswith("Kingston upon Hull"):
                task.aliases += ["Kingston upon Hull", "Hull"]
            elif ref.endswith(" of Yorkshire"):
                task.aliases += [ref.removesuffix(" of Yorkshire")]
        elif task.id == "tou_top_for_2023":
            task.aliases = [next(g for g, n in NAMES.items() if n == ref)]


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
