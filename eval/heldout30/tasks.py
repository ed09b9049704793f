"""The thirtieth held-out set's questions, each with its difficulty and the reference code that computes its answer.

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
from typing import Any

from data import (
    BELGIUM,
    BRAZIL,
    CT_AREAS_FILE,
    CT_FILE,
    CT_ISO3,
    CT_NAME,
    ESC_FILE,
    GERMANY,
    GREEN,
    GREEN_DECAF,
    HEADING,
    ITALY,
    JAPAN,
    MONTH_NAMES,
    MONTHS,
    ROASTED,
    ROASTED_DECAF,
    ROTW,
    SN_D_FILE,
    SN_MS_FILE,
    ST_FILE,
    SWITZERLAND,
    TYPO_YEARS,
    USA,
    WORLD,
    Truth,
    esc_name,
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


def month_text(ym: tuple[int, int]) -> str:
    y, m = ym
    return f"{MONTH_NAMES[m - 1]} {y}"


def month_aliases(text: str) -> list[str]:
    name, y = text.split()
    m = MONTH_NAMES.index(name) + 1
    return [f"{y}-{m:02d}", f"{MONTHS[m - 1]} {y}", f"{y}/{m:02d}", f"{m:02d}/{y}", f"{y}{m:02d}"]


# comtrade: one dict per record (reporter, flow, month, partner, cmd, cents, kg or None)


def _ct(t: Truth, reporter: int, flow: str, partner: int | None = None, cmd: str | None = None) -> list[dict]:
    return [
        r
        for r in t.ct
        if r["reporter"] == reporter
        and r["flow"] == flow
        and (partner is None or r["partner"] == partner)
        and (cmd is None or r["cmd"] == cmd)
    ]


def _de_br_mar(t: Truth) -> float:
    (r,) = [r for r in _ct(t, GERMANY, "M", BRAZIL, HEADING) if r["month"] == 3]
    return round(r["cents"] / 1e8, 2)


def _us_peak(t: Truth) -> str:
    return month_text((2023, argmax({r["month"]: r["cents"] for r in _ct(t, USA, "M", WORLD, HEADING)})))


def _de_total(t: Truth, every_partner: bool = False) -> float:
    if every_partner:  # the World row summed with the partners it is the total of
        return round(sum(r["cents"] for r in _ct(t, GERMANY, "M", None, HEADING)) / 1e8, 1)
    ref = round(sum(r["cents"] for r in _ct(t, GERMANY, "M", WORLD, HEADING)) / 1e8, 1)
    members = round(
        sum(r["cents"] for r in _ct(t, GERMANY, "M", None, HEADING) if r["partner"] != WORLD) / 1e8,
        1,
    )
    assert ref == members, "the World row is the sum of the partners"
    no_trap(ref, _de_total(t, every_partner=True), "no World row")
    return ref


def _it_br_tonnes(t: Truth, every_code: bool = False) -> int:
    if every_code:  # the heading 0901 summed with its own subheadings
        return round(sum(r["kg"] or 0 for r in _ct(t, ITALY, "M", BRAZIL)) / 1000)
    rows = _ct(t, ITALY, "M", BRAZIL, HEADING)
    assert all(r["kg"] is not None for r in rows)
    ref = round(sum(r["kg"] for r in rows) / 1000)
    no_trap(ref, _it_br_tonnes(t, every_code=True), "no subheading rows for Italy's imports from Brazil")
    return ref


def _jp_ch_roasted(t: Truth) -> float:
    rows = _ct(t, JAPAN, "M", SWITZERLAND, ROASTED)
    assert rows and all(r["kg"] is not None for r in rows)
    return round(sum(r["kg"] for r in rows) / 1000, 1)


def _decaf_share(t: Truth) -> float:
    world = _ct(t, USA, "M", WORLD)
    decaf = sum(r["cents"] for r in world if r["cmd"] in (GREEN_DECAF, ROASTED_DECAF))
    total = sum(r["cents"] for r in world if r["cmd"] == HEADING)
    return round(100 * decaf / total, 1)


def _unit_value(t: Truth) -> str:
    cents, kg = Counter(), Counter()
    for r in _ct(t, GERMANY, "M", None, GREEN):
        if r["partner"] != WORLD:
            assert r["kg"] is not None
            cents[r["partner"]] += r["cents"]
            kg[r["partner"]] += r["kg"]
    return CT_NAME[argmax({p: cents[p] / kg[p] for p in kg if kg[p] >= 1_000_000})]


def _be_months(t: Truth) -> int:
    x = {r["month"]: r["cents"] for r in _ct(t, BELGIUM, "X", WORLD, HEADING)}
    m = {r["month"]: r["cents"] for r in _ct(t, BELGIUM, "M", WORLD, HEADING)}
    assert set(x) == set(m) == set(range(1, 13))
    if any(abs(x[k] / m[k] - 1) < 0.002 for k in m):
        raise ValueError("a month with exports and imports too close to call")
    n = sum(x[k] > m[k] for k in m)
    if not 2 <= n <= 10:
        raise ValueError(f"exports above imports in {n} months")
    return n


# strava: one dict per activity (local and utc datetimes, type, m (metres), moving, speed (m/s), gear ...)


def _st_year(t: Truth, year: int = 2023, kind: str | None = None) -> list[dict]:
    return [a for a in t.st if a["local"].year == year and (kind is None or a["type"] == kind)]


def _shown_distance(a: dict) -> float:
    """The first Distance column: km with two decimals, but metres for swims."""
    return float(round(a["m"])) if a["type"] == "Swim" else round(a["m"] / 1000, 2)


def _total_km(t: Truth, first_column: bool = False) -> float:
    acts = _st_year(t)
    if first_column:  # the first Distance column taken as km: swims are in metres there
        return round(sum(_shown_distance(a) for a in acts), 1)
    ref = round(sum(a["m"] for a in acts) / 1000, 1)
    no_trap(ref, _total_km(t, first_column=True), "no swim in 2023")
    return ref


def _weekend(t: Truth, utc: bool = False) -> int:
    if utc:  # Activity Date read as local time: it is UTC, seven (or six) hours ahead of Boulder
        return sum(a["utc"].year == 2023 and a["utc"].weekday() >= 5 for a in t.st)
    ref = sum(a["local"].weekday() >= 5 for a in _st_year(t))
    no_trap(ref, _weekend(t, utc=True), "no evening activity on a Friday or Sunday")
    return ref


def _max_speed(t: Truth, as_given: bool = False) -> float:
    top = max(a["speed"] for a in _st_year(t, kind="Ride"))
    if as_given:  # Average Speed is in metres per second
        return round(top, 1)
    ref = round(top * 3.6, 1)
    no_trap(ref, _max_speed(t, as_given=True), "speed in km/h")
    return ref


def _run_pace(t: Truth) -> float:
    runs = _st_year(t, kind="Run")
    return round(sum(a["moving"] for a in runs) / (sum(a["m"] for a in runs) / 1000), 1)


def _best_month(t: Truth) -> str:
    km: Counter = Counter()
    for a in _st_year(t, kind="Run"):
        km[(a["local"].year, a["local"].month)] += a["m"]
    return month_text(argmax(km))


# eurovision: one dict per row (year, round, kind J/T, from, to (canonical names), points, dup)


def _esc(t: Truth, year: int | None = None, rnd: str = "f", with_dups: bool = False) -> list[dict]:
    return [
        r for r in t.esc if (year is None or r["year"] == year) and r["round"] == rnd and (with_dups or not r["dup"])
    ]


def _twelves(t: Truth) -> int:
    rows = _esc(t, 2019)
    assert not any(r["dup"] for r in t.esc if r["year"] == 2019)
    return sum(r["to"] == "Sweden" and r["points"] == 12 for r in rows)


def _top_jury(t: Truth) -> str:
    pts: Counter = Counter()
    for r in _esc(t, 2017):
        if r["kind"] == "J":
            pts[r["to"]] += r["points"]
    return esc_name(argmax(pts), 2017)


def _netherlands(t: Truth, one_spelling: bool = False) -> int:
    rows = [r for r in _esc(t) if r["to"] == "Netherlands"]
    if one_spelling:  # only the rows spelt 'Netherlands': the years spelt 'The Netherands' drop out
        return sum(r["points"] for r in rows if r["year"] not in TYPO_YEARS)
    ref = sum(r["points"] for r in rows)
    no_trap(ref, _netherlands(t, one_spelling=True), "the Netherlands in no final of a misspelt year")
    return ref


def _finland_tele(t: Truth, with_rotw: bool = False) -> int:
    givers = {r["from"] for r in _esc(t, 2023) if r["to"] == "Finland" and r["kind"] == "T"}
    if with_rotw:  # the Rest of the World counted as a country
        return len(givers)
    if ROTW not in givers:
        raise ValueError("the Rest of the World gave Finland no points")
    return len(givers - {ROTW})


def _top_2011(t: Truth, with_dups: bool = False) -> int:
    pts: Counter = Counter()
    for r in _esc(t, 2011, with_dups=with_dups):
        pts[r["to"]] += r["points"]
    if with_dups:  # the rows flagged 'x' in Duplicate summed too
        return max(pts.values())
    ref = pts[argmax(pts)]
    no_trap(ref, _top_2011(t, with_dups=True), "no repeated row for the 2011 final's top scorer")
    return ref


def _greece_friend(t: Truth) -> str:
    pts: Counter = Counter()
    for r in _esc(t):
        if r["to"] == "Greece":
            pts[r["from"]] += r["points"]
    return argmax(pts)


# silso: one dict per day (date, value or None) and per month (year, month, smoothed or None)


def _sn_days(t: Truth, start: int, end: int) -> list[dict]:
    return [r for r in t.sn_daily if start <= r["date"].year <= end]


def _spotless(t: Truth) -> int:
    return sum(r["value"] == 0 for r in _sn_days(t, 2019, 2019))


def _max_2014(t: Truth) -> int:
    return max(r["value"] for r in _sn_days(t, 2014, 2014))


def _mean_1830(t: Truth, minus_one: bool = False) -> float:
    days = _sn_days(t, 1830, 1830)
    if minus_one:  # the -1 of a day without observation averaged in as a value
        return round(sum(-1 if r["value"] is None else r["value"] for r in days) / len(days), 1)
    seen = [r["value"] for r in days if r["value"] is not None]
    ref = round(sum(seen) / len(seen), 1)
    no_trap(ref, _mean_1830(t, minus_one=True), "no day without observation in 1830")
    return ref


def _smoothed_min(t: Truth, minus_one: bool = False) -> str:
    months = [r for r in t.sn_smoothed if r["year"] >= 2000]
    if minus_one:  # the -1 of the last six months (not yet computable) taken as values
        vals = {(r["year"], r["month"]): -1.0 if r["smoothed"] is None else r["smoothed"] for r in months}
        lowest = min(vals.values())
        return month_text(next(k for k, v in vals.items() if v == lowest))
    ref = month_text(argmin({(r["year"], r["month"]): r["smoothed"] for r in months if r["smoothed"] is not None}))
    no_trap(ref, _smoothed_min(t, minus_one=True), "no -1 in the smoothed series since 2000")
    return ref


def _month_max(t: Truth) -> str:
    vals = defaultdict(list)
    for r in _sn_days(t, 1990, 2024):
        vals[(r["date"].year, r["date"].month)].append(r["value"])
    return month_text(argmax({k: sum(v) / len(v) for k, v in vals.items()}))


def _spotless_run(t: Truth) -> int:
    days = _sn_days(t, 2006, 2010)
    best, cur, best_end = 0, 0, -1
    for i, r in enumerate(days):
        cur = cur + 1 if r["value"] == 0 else 0
        if cur > best:
            best, best_end = cur, i
    runs = []
    cur = 0
    for r in days:
        cur = cur + 1 if r["value"] == 0 else 0
        runs.append(cur)
    if runs.count(best) > 1:
        raise ValueError("two longest runs")
    if best_end - best + 1 == 0 or best_end == len(days) - 1:
        raise ValueError("the longest run touches the ends of the period")
    return best


def _peak_daily(t: Truth) -> int:
    peak = argmax({(r["year"], r["month"]): r["smoothed"] for r in t.sn_smoothed if 2011 <= r["year"] <= 2016})
    return max(r["value"] for r in t.sn_daily if (r["date"].year, r["date"].month) == peak)


CT = (
    f"A UN Comtrade data API answer (goods, monthly, HS) for coffee, HS 0901 and its subheadings, 2023, saved as "
    f"{CT_FILE}, with Comtrade's reference list of areas {CT_AREAS_FILE}. Values are in US dollars and net weights "
    "in kilograms."
)
ST = (
    f"My Strava activities, from Strava's bulk export ('Download your data'), in {ST_FILE}. I live and train in "
    "Boulder, Colorado (US Mountain Time), so go by my local time."
)
ESC = (
    "Eurovision Song Contest votes 2004 to 2023 (one row per set of points one country gave another), from the "
    f"widely shared scores spreadsheet, in {ESC_FILE}."
)
SN = f"The daily total sunspot number (version 2.0) from SILSO, the Royal Observatory of Belgium, in {SN_D_FILE}."
SNS = f"The 13-month smoothed monthly total sunspot number (version 2.0) from SILSO, in {SN_MS_FILE}."

TASKS = [
    # --- UN Comtrade: coffee trade ---
    Task(
        "ct_de_br_mar",
        "easy",
        f"{CT} What was the value of Germany's imports of coffee (HS 0901) from Brazil in March 2023? Give it in "
        "millions of US dollars to two decimals.",
        _de_br_mar,
    ),
    Task(
        "ct_us_peak_month",
        "easy",
        f"{CT} In which month of 2023 were the USA's imports of coffee (HS 0901) from the world as a whole highest "
        "by value? Give the month and year.",
        _us_peak,
        kind="text",
    ),
    Task(
        "ct_de_total",
        "medium",
        f"{CT} What was the total value of Germany's coffee imports (HS 0901) in 2023, all partners together? Give "
        "it in millions of US dollars to one decimal.",
        _de_total,
    ),
    Task(
        "ct_it_br_tonnes",
        "medium",
        f"{CT} How many tonnes of coffee of all kinds (HS 0901) did Italy import from Brazil in 2023, by net weight? "
        "Round to the nearest tonne.",
        _it_br_tonnes,
    ),
    Task(
        "ct_jp_ch_roasted",
        "medium",
        f"{CT} How many tonnes of roasted, not decaffeinated coffee (HS 090121) did Japan import from Switzerland in "
        "2023, by net weight? Round to one decimal.",
        _jp_ch_roasted,
    ),
    Task(
        "ct_decaf_share",
        "hard",
        f"{CT} What share of the value of the USA's coffee imports (HS 0901) in 2023 was decaffeinated coffee, "
        "roasted or not (HS 090112 and 090122)? Give a percentage to one decimal.",
        _decaf_share,
    ),
    Task(
        "ct_unit_value",
        "hard",
        f"{CT} Of the countries that supplied Germany with at least 1,000 tonnes (net weight) of green coffee, not "
        "roasted and not decaffeinated (HS 090111), in 2023, which had the highest average price per kilogram "
        "(total value divided by total net weight)? Give the country.",
        _unit_value,
        kind="text",
    ),
    Task(
        "ct_be_months",
        "hard",
        f"{CT} In how many months of 2023 was the value of Belgium's coffee exports (HS 0901) to the world greater "
        "than the value of its coffee imports (HS 0901) from the world?",
        _be_months,
    ),
    # --- Strava activities ---
    Task(
        "st_runs_2023",
        "easy",
        f"{ST} How many runs (Activity Type 'Run') did I record in 2023?",
        lambda t: len(_st_year(t, kind="Run")),
    ),
    Task(
        "st_longest_ride",
        "easy",
        f"{ST} How long was my longest ride (Activity Type 'Ride') in the whole file, in kilometres? Round to one "
        "decimal.",
        lambda t: round(max(a["m"] for a in t.st if a["type"] == "Ride") / 1000, 1),
    ),
    Task(
        "st_gear_runs",
        "easy",
        f"{ST} Which shoes (Activity Gear) did I wear on the most runs (Activity Type 'Run') in 2023?",
        lambda t: argmax(Counter(a["gear"] for a in _st_year(t, kind="Run") if a["gear"])),
        kind="text",
    ),
    Task(
        "st_total_km",
        "medium",
        f"{ST} How many kilometres did I cover in 2023, all activities together (runs, rides, virtual rides, swims, "
        "hikes, walks ...)? Round to one decimal.",
        _total_km,
    ),
    Task(
        "st_weekend",
        "medium",
        f"{ST} How many activities did I start on a Saturday or a Sunday in 2023?",
        _weekend,
    ),
    Task(
        "st_max_speed",
        "medium",
        f"{ST} What was the highest average moving speed (distance over moving time) of any of my rides (Activity "
        "Type 'Ride') in 2023, in km/h? Round to one decimal.",
        _max_speed,
    ),
    Task(
        "st_run_pace",
        "hard",
        f"{ST} What was my average running pace in 2023 (Activity Type 'Run'), taken as the total moving time of my "
        "runs divided by their total distance, in seconds per kilometre? Round to one decimal.",
        _run_pace,
    ),
    Task(
        "st_best_month",
        "hard",
        f"{ST} In which month of 2023 did I run the most kilometres (Activity Type 'Run')? Give the month and year.",
        _best_month,
        kind="text",
    ),
    # --- Eurovision scores ---
    Task(
        "esc_12s",
        "easy",
        f"{ESC} In the 2019 final, how many times was Sweden given 12 points? Count jury and televote 12s separately.",
        _twelves,
    ),
    Task(
        "esc_voters_2022",
        "easy",
        f"{ESC} How many countries gave points in the 2022 final?",
        lambda t: len({r["from"] for r in _esc(t, 2022)}),
    ),
    Task(
        "esc_top_jury",
        "easy",
        f"{ESC} Which country received the most jury points in the 2017 final?",
        _top_jury,
        kind="text",
    ),
    Task(
        "esc_netherlands",
        "medium",
        f"{ESC} How many points did the Netherlands receive in all the finals from 2004 to 2023 together (jury and "
        "televote)?",
        _netherlands,
    ),
    Task(
        "esc_finland_tele",
        "medium",
        f"{ESC} In the 2023 final, from how many countries did Finland receive televote points?",
        _finland_tele,
    ),
    Task(
        "esc_top_2011",
        "hard",
        f"{ESC} How many points did the highest-scoring country get in the 2011 final?",
        _top_2011,
    ),
    Task(
        "esc_greece_friend",
        "hard",
        f"{ESC} Over all the finals from 2004 to 2023, which country gave Greece the most points in total?",
        _greece_friend,
        kind="text",
    ),
    # --- SILSO sunspot numbers ---
    Task(
        "sn_spotless_2019",
        "easy",
        f"{SN} On how many days in 2019 was the sun spotless (a daily sunspot number of 0)?",
        _spotless,
    ),
    Task(
        "sn_max_2014",
        "easy",
        f"{SN} What was the highest daily sunspot number in 2014?",
        _max_2014,
    ),
    Task(
        "sn_mean_1830",
        "medium",
        f"{SN} What was the average daily sunspot number in 1830? Round to one decimal.",
        _mean_1830,
    ),
    Task(
        "sn_smoothed_min",
        "medium",
        f"{SNS} In which month since January 2000 was the smoothed sunspot number at its lowest? Give the month and "
        "year.",
        _smoothed_min,
        kind="text",
    ),
    Task(
        "sn_month_max",
        "hard",
        f"{SN} Which calendar month from January 1990 to the end of the file had the highest mean daily sunspot "
        "number? Give the month and year.",
        _month_max,
        kind="text",
    ),
    Task(
        "sn_spotless_run",
        "hard",
        f"{SN} What was the longest run of consecutive spotless days (daily sunspot number 0) between 1 January 2006 "
        "and 31 December 2010? Give the number of days.",
        _spotless_run,
    ),
    Task(
        "sn_peak_daily",
        "hard",
        f"{SN} {SNS} Solar cycle 24 peaked between 2011 and 2016: in the month when the smoothed sunspot number was "
        "highest in those years, what was the highest daily sunspot number?",
        _peak_daily,
    ),
]

QUICK = ["ct_de_br_mar", "st_runs_2023", "sn_spotless_2019"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "ct_de_total": "every 0901 row of Germany's imports summed: the partner World (code 0) is the total of the "
    "partners beside it, so the value is counted twice",
    "ct_it_br_tonnes": "every row of Italy's imports from Brazil summed: the heading 0901 is the total of its "
    "subheadings (090111, 090112 ...) beside it, so the weight is counted twice",
    "st_total_km": "the first Distance column taken as kilometres: swims are shown there in metres ('1,500'); "
    "the second Distance column is in metres for every activity",
    "st_weekend": "Activity Date read as local time: it is UTC, so evening activities (after 17:00 or 18:00 in "
    "Boulder) fall on the next day, Friday evenings on Saturday and Sunday evenings on Monday",
    "st_max_speed": "Average Speed taken as km/h: it is in metres per second",
    "esc_netherlands": "only the rows spelt 'Netherlands' counted: from 2004 to 2012 the spreadsheet spells it "
    "'The Netherands'",
    "esc_finland_tele": "every giver of televote points counted: in 2023 the 'Rest of the World' online vote is a "
    "giver beside the countries",
    "esc_top_2011": "every row summed: repeated rows flagged 'x' in the Duplicate column are counted twice",
    "sn_mean_1830": "the daily values averaged as they are: -1 marks a day without observation, not a value",
    "sn_smoothed_min": "the minimum taken as it is: the last six months of the smoothed series are -1 (not yet "
    "computable), so the minimum falls in 2024",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


ESC_ALIASES = {
    "North Macedonia": ["F.Y.R. Macedonia", "Macedonia", "FYR Macedonia"],
    "F.Y.R. Macedonia": ["North Macedonia", "Macedonia", "FYR Macedonia"],
    "Czechia": ["Czech Republic"],
    "Czech Republic": ["Czechia"],
    "Netherlands": ["The Netherlands"],
    "The Netherands": ["Netherlands", "The Netherlands"],
    "Bosnia & Herzegovina": ["Bosnia and Herzegovina", "Bosnia"],
    "Serbia & Montenegro": ["Serbia and Montenegro"],
    "United Kingdom": ["UK"],
}
CT_ALIASES = {
    "USA": ["United States", "United States of America"],
    "Viet Nam": ["Vietnam"],
    "United Rep. of Tanzania": ["Tanzania", "United Republic of Tanzania"],
    "Rep. of Korea": ["South Korea", "Korea"],
}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a month's other spellings, a country's other names, ...)."""
    refs = references(truth())
    code = {v: k for k, v in CT_NAME.items()}
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id in ("ct_us_peak_month", "st_best_month", "sn_smoothed_min", "sn_month_max"):
            task.aliases = month_aliases(ref)
        elif task.id.startswith("ct_"):
            task.aliases = CT_ALIASES.get(ref, []) + [CT_ISO3[code[ref]]]
        elif task.id.startswith("esc_"):
            task.aliases = ESC_ALIASES.get(ref, [])


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
