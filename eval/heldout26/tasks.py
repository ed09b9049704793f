"""The twenty-sixth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, time arithmetic or several steps).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from data import (
    ACFTREF_FILE,
    AMSTERDAM,
    CHESS_FILE,
    COOWNER,
    HA_FILE,
    MASTER_FILE,
    PURGE_CUTOFF,
    SNAP,
    STAT_START,
    WB_FILE,
    Truth,
    energy_consumed,
    truth,
    window_rows,
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


def _day(y: int, m: int, d: int) -> tuple[float, float]:
    """A local (Amsterdam) calendar day as epoch seconds [start, end)."""
    start = datetime(y, m, d, tzinfo=AMSTERDAM)
    end = datetime.fromordinal(start.toordinal() + 1).replace(tzinfo=AMSTERDAM)
    return start.timestamp(), end.timestamp()


# chess: one dict per game, newest first; my_color, result (win, draw, loss, aborted), my_rating, my_diff


def _draws(t: Truth, status_only: bool = False) -> int:
    if status_only:
        return sum(g["status"] == "draw" for g in t.chess)
    n = sum(g["result"] == "draw" for g in t.chess)
    if n == _draws(t, status_only=True):
        raise ValueError("every draw has status 'draw': no trap")
    return n


def _blitz_now(t: Truth, file_last: bool = False) -> int:
    blitz = [g for g in t.chess if g["perf"] == "blitz" and g["rated"] and g["result"] != "aborted"]
    g = blitz[-1] if file_last else max(blitz, key=lambda g: g["created"])
    return g["my_rating"] + g["my_diff"]


def _time_losses(t: Truth) -> int:
    n = sum(g["status"] == "outoftime" and g["result"] == "loss" for g in t.chess)
    if n == sum(g["status"] == "outoftime" for g in t.chess):
        raise ValueError("every outoftime game is a loss: no trap")
    return n


def _streak(t: Truth) -> int:
    best = cur = 0
    for g in sorted(t.chess, key=lambda g: g["created"]):
        if g["result"] == "aborted":
            continue
        cur = cur + 1 if g["result"] == "win" else 0
        best = max(best, cur)
    return best


def _top_opening(t: Truth) -> str:
    return argmax(Counter(g["opening"][1] for g in t.chess if g["opening"]))


# home assistant: the full series of each entity (time, state[, attributes]) and the recorder's window


def _series(t: Truth, entity: str) -> list:
    return t.ha["series"][entity]


def _max_outdoor(t: Truth) -> float:
    """The highest value the outdoor sensor held during the hours the statistics cover."""
    lo = STAT_START.timestamp()
    hi = lo + 3600 * int((SNAP.timestamp() - lo) // 3600)
    ser = [(ts, s) for ts, s in _series(t, "sensor.outdoor_temperature")]
    held = []
    for i, (ts, s) in enumerate(ser):
        nxt = ser[i + 1][0] if i + 1 < len(ser) else hi
        if s != "unavailable" and ts < hi and nxt > lo:
            held.append(float(s))
    return max(held)


def _power_max(t: Truth) -> float:
    rows = window_rows(t.ha)["sensor.washing_machine_power"]
    return max(float(s) for _, s, _, _ in rows if s not in ("unavailable", "unknown"))


def _door_opens(t: Truth) -> int:
    lo, hi = _day(2025, 2, 1)
    return sum(s == "on" and lo <= ts < hi for ts, s in _series(t, "binary_sensor.front_door"))


def _kitchen_on(t: Truth, rows_on: bool = False) -> int:
    if rows_on:
        return sum(s == "on" for _, s, _, _ in window_rows(t.ha)["light.kitchen"])
    lo, hi = PURGE_CUTOFF.timestamp(), SNAP.timestamp()
    n, prev = 0, None
    for ts, s, _ in _series(t, "light.kitchen"):
        if s == "on" and prev != "on" and lo <= ts < hi:
            n += 1
        prev = s
    if n == _kitchen_on(t, rows_on=True):
        raise ValueError("no brightness change while on: no trap")
    return n


def _time_weighted(series: list, lo: float, hi: float, value: Callable[[Any], float | None]) -> float:
    """The time-weighted mean of a step function over [lo, hi): each value holds until the next."""
    total = dur = 0.0
    for i, item in enumerate(series):
        nxt = series[i + 1][0] if i + 1 < len(series) else float("inf")
        a, b = max(item[0], lo), min(nxt, hi)
        v = value(item)
        if b > a and v is not None:
            total += v * (b - a)
            dur += b - a
    return total / dur


def _temp_mean(t: Truth, row_mean: bool = False) -> float:
    lo, hi = _day(2025, 1, 29)
    ser = _series(t, "sensor.outdoor_temperature")
    if any(s == "unavailable" and lo - 86400 <= ts < hi for ts, s in ser):
        raise ValueError("the sensor was unavailable that day")
    if row_mean:
        vals = [float(s) for ts, s in ser if lo <= ts < hi]
        return round(sum(vals) / len(vals), 2)
    ref = round(_time_weighted(ser, lo, hi, lambda it: None if it[1] == "unavailable" else float(it[1])), 2)
    if abs(ref - _temp_mean(t, row_mean=True)) < 0.1:
        raise ValueError("the row mean is too close to the time-weighted mean: no trap")
    return ref


def _washer_kwh(t: Truth) -> float:
    lo, _ = _day(2025, 1, 1)
    hi, _ = _day(2025, 2, 1)
    ref = round(energy_consumed(t.ha, lo, hi), 2)
    in_states = round(energy_consumed(t.ha, max(lo, PURGE_CUTOFF.timestamp()), hi), 2)
    if abs(ref - in_states) < 1:
        raise ValueError("January's consumption is mostly in the states window: no trap")
    return ref


def _heating_hours(t: Truth) -> float:
    lo, hi = _day(2025, 1, 30)
    ser = _series(t, "climate.living_room")
    secs = 0.0
    for i, (ts, _, attrs) in enumerate(ser):
        nxt = ser[i + 1][0] if i + 1 < len(ser) else hi
        if attrs["hvac_action"] == "heating":
            secs += max(0.0, min(nxt, hi) - max(ts, lo))
    return round(secs / 3600, 2)


# world bank: economies (countries have a region) and values[(code, series, year)] (None for '..')


def _countries(t: Truth) -> list[dict]:
    return [e for e in t.wb["economies"] if e["region"]]


def _val(t: Truth, code: str, series: str, year: int) -> float | None:
    return t.wb["values"][(code, series, year)]


def _le_top(t: Truth) -> str:
    return argmax({e["name"]: _val(t, e["code"], "SP.DYN.LE00.IN", 2022) for e in _countries(t)})


def _top_gdp(t: Truth, with_aggregates: bool = False) -> str:
    pool = t.wb["economies"] if with_aggregates else _countries(t)
    vals = {e["name"]: _val(t, e["code"], "NY.GDP.MKTP.CD", 2022) for e in pool}
    ref = argmax({k: v for k, v in vals.items() if v is not None})
    if not with_aggregates and ref == _top_gdp(t, with_aggregates=True):
        raise ValueError("no aggregate beats the largest country: no trap")
    return ref


def _elec_count(t: Truth) -> int:
    n = sum(_val(t, e["code"], "EG.ELC.ACCS.ZS", 2022) is not None for e in _countries(t))
    if n == len(_countries(t)):
        raise ValueError("no country lacks the 2022 value: no trap")
    return n


def _region_le(t: Truth) -> float:
    vals = [_val(t, e["code"], "SP.DYN.LE00.IN", 2022) for e in _countries(t) if e["region"] == "Sub-Saharan Africa"]
    vals = [v for v in vals if v is not None]
    return round(sum(vals) / len(vals), 1)


def _weighted_elec(t: Truth) -> float:
    num = den = 0.0
    for e in _countries(t):
        if e["income"] != "Low income":
            continue
        el = _val(t, e["code"], "EG.ELC.ACCS.ZS", 2021)
        if el is None:
            continue
        pop = _val(t, e["code"], "SP.POP.TOTL", 2021)
        num += el * pop
        den += pop
    return round(num / den, 1)


# faa: aircraft (one dict per registration, the model's reference row in a["model"])


def _model_name(m: dict) -> str:
    return f"{m['mfr']} {m['model']}"


def _zip5(t: Truth) -> str:
    return argmax(Counter(a["zip"][:5] for a in t.faa["aircraft"]))


def _zip5_careless(t: Truth) -> str:
    """ZIP CODE read as a number (the padded digits parse as integers): leading zeros lost."""
    return argmax(Counter(str(int(a["zip"]))[:5] for a in t.faa["aircraft"]))


def _zip_ref(t: Truth) -> str:
    ref = _zip5(t)
    if _zip5_careless(t) == ref or not ref.startswith("0"):
        raise ValueError("the top ZIP code survives being read as a number: no trap")
    return ref


def _coowner(t: Truth) -> int:
    n = sum(a["name"] == COOWNER or COOWNER in a["others"] for a in t.faa["aircraft"])
    if n == sum(a["name"] == COOWNER for a in t.faa["aircraft"]):
        raise ValueError("never a co-owner: no trap")
    return n


def _hex_aircraft(t: Truth) -> dict:
    return next(a for a in t.faa["aircraft"] if a["model"]["model"] == "R44 II" and a["status"] == "V")


def _seats_ut(t: Truth) -> int:
    return sum(a["model"]["seats"] for a in t.faa["aircraft"] if a["state"] == "UT")


CH = (
    f"My Lichess game export {CHESS_FILE} (one game per line, as the Lichess API's NDJSON export gives it; "
    "my username is NadiaKoval)."
)
HA = f"My Home Assistant database {HA_FILE} (SQLite; the house is in Amsterdam, so days are Europe/Amsterdam days)."
WB = f"The World Bank DataBank extract {WB_FILE} (World Development Indicators)."
FA = f"The FAA aircraft registry files {MASTER_FILE} and {ACFTREF_FILE} (from the FAA's Releasable Aircraft Database)."
HEX = f"{_hex_aircraft(truth())['hex']:06x}"

TASKS = [
    # --- Lichess games ---
    Task(
        "ch_games",
        "easy",
        f"{CH} How many games does the export contain?",
        lambda t: len(t.chess),
    ),
    Task(
        "ch_mates",
        "easy",
        f"{CH} How many of the games ended in checkmate (by either player)?",
        lambda t: sum(g["status"] == "mate" for g in t.chess),
    ),
    Task(
        "ch_top_opening",
        "easy",
        f"{CH} Which opening appears most often in my games? Give the opening's name as the file writes it.",
        _top_opening,
        kind="text",
    ),
    Task(
        "ch_draws",
        "medium",
        f"{CH} How many of my games ended in a draw? Aborted games were never played, so leave them out.",
        _draws,
    ),
    Task(
        "ch_bullet_hours",
        "medium",
        f"{CH} How many hours did I spend on bullet games (perf 'bullet'), taking each game from its creation to "
        "its last move? Round to two decimals.",
        lambda t: round(sum(g["last"] - g["created"] for g in t.chess if g["perf"] == "bullet") / 3_600_000, 2),
    ),
    Task(
        "ch_blitz_now",
        "medium",
        f"{CH} What is my current blitz rating according to the export, that is my rating after my most recent "
        "rated blitz game (perf 'blitz')?",
        _blitz_now,
    ),
    Task(
        "ch_time_losses",
        "hard",
        f"{CH} How many games did I lose on time (my clock ran out)?",
        _time_losses,
    ),
    Task(
        "ch_streak",
        "hard",
        f"{CH} What was my longest run of consecutive wins, in the order I played the games? Aborted games don't "
        "count; a draw or a loss ends a run.",
        _streak,
    ),
    # --- Home Assistant ---
    Task(
        "ha_entities",
        "easy",
        f"{HA} How many different entities have rows in the states table?",
        lambda t: sum(bool(rows) for rows in window_rows(t.ha).values()),
    ),
    Task(
        "ha_max_outdoor",
        "easy",
        f"{HA} According to the long-term statistics (the hourly statistics table), what is the highest outdoor "
        "temperature (sensor.outdoor_temperature) recorded, in °C?",
        _max_outdoor,
    ),
    Task(
        "ha_power_max",
        "medium",
        f"{HA} What is the highest power draw of the washing machine (sensor.washing_machine_power) in the states "
        "table, in watts?",
        _power_max,
    ),
    Task(
        "ha_door_opens",
        "medium",
        f"{HA} How many times was the front door (binary_sensor.front_door) opened on Saturday 1 February 2025?",
        _door_opens,
    ),
    Task(
        "ha_kitchen_on",
        "medium",
        f"{HA} How many times was the kitchen light (light.kitchen) switched on over the period the states table "
        "covers?",
        _kitchen_on,
    ),
    Task(
        "ha_outdoor_mean",
        "hard",
        f"{HA} What was the average outdoor temperature (sensor.outdoor_temperature) on Wednesday 29 January 2025, "
        "weighting each value by how long it held (a time-weighted mean over the whole day)? Give °C rounded to two "
        "decimals.",
        _temp_mean,
    ),
    Task(
        "ha_washer_kwh",
        "hard",
        f"{HA} How much energy did the washing machine (sensor.washing_machine_energy) use in January 2025, in kWh "
        "rounded to two decimals?",
        _washer_kwh,
    ),
    Task(
        "ha_heating_hours",
        "hard",
        f"{HA} For how many hours was the living-room thermostat (climate.living_room) actively heating (its "
        "hvac_action 'heating') on Thursday 30 January 2025? Round to two decimals.",
        _heating_hours,
    ),
    # --- World Bank ---
    Task(
        "wb_pop",
        "easy",
        f"{WB} What was Kenya's total population in 2020?",
        lambda t: int(_val(t, "KEN", "SP.POP.TOTL", 2020)),
    ),
    Task(
        "wb_le_top",
        "easy",
        f"{WB} Which country had the highest life expectancy at birth in 2022?",
        _le_top,
        kind="text",
    ),
    Task(
        "wb_income_groups",
        "easy",
        f"{WB} How many of the countries in the extract does the World Bank classify as Upper middle income?",
        lambda t: sum(e["income"] == "Upper middle income" for e in _countries(t)),
    ),
    Task(
        "wb_top_gdp",
        "medium",
        f"{WB} Which country had the largest GDP (current US$) in 2022?",
        _top_gdp,
        kind="text",
    ),
    Task(
        "wb_elec_count",
        "medium",
        f"{WB} For how many countries (not regional or income-group aggregates) does the extract have a 2022 value "
        "for 'Access to electricity (% of population)'?",
        _elec_count,
    ),
    Task(
        "wb_region_le",
        "hard",
        f"{WB} What was the average life expectancy at birth in 2022 across the Sub-Saharan African countries in the "
        "extract (a simple average over the countries, not the World Bank's regional aggregate)? Round to one "
        "decimal.",
        _region_le,
    ),
    Task(
        "wb_weighted_elec",
        "hard",
        f"{WB} Over the low-income countries that have a 2021 value, what share of people had access to electricity "
        "in 2021, weighting each country by its 2021 population? Give a percentage rounded to one decimal.",
        _weighted_elec,
    ),
    # --- FAA registry ---
    Task(
        "fa_alaska",
        "easy",
        f"{FA} How many aircraft in MASTER.txt are registered to an address in Alaska (STATE AK)?",
        lambda t: sum(a["state"] == "AK" for a in t.faa["aircraft"]),
    ),
    Task(
        "fa_rotorcraft",
        "easy",
        f"{FA} How many aircraft in MASTER.txt are rotorcraft (TYPE AIRCRAFT 6)?",
        lambda t: sum(a["model"]["type_acft"] == "6" for a in t.faa["aircraft"]),
    ),
    Task(
        "fa_top_model",
        "medium",
        f"{FA} Which make and model has the most registered aircraft? Look each aircraft's MFR MDL CODE up in "
        "ACFTREF.txt and give the manufacturer and model as that file names them.",
        lambda t: argmax(Counter(_model_name(a["model"]) for a in t.faa["aircraft"])),
        kind="text",
    ),
    Task(
        "fa_hex",
        "medium",
        f"{FA} My ADS-B receiver picked up an aircraft with the ICAO address {HEX} (hex). What make and model is "
        "it, according to the registry?",
        lambda t: _model_name(_hex_aircraft(t)["model"]),
        kind="text",
    ),
    Task(
        "fa_zip",
        "hard",
        f"{FA} Which 5-digit ZIP code has the most registered aircraft in MASTER.txt? Give the ZIP code.",
        _zip_ref,
        kind="text",
    ),
    Task(
        "fa_coowner",
        "hard",
        f"{FA} How many aircraft is {COOWNER} (as the registry writes the name) registered on, either as the "
        "registrant or as a co-owner?",
        _coowner,
    ),
    Task(
        "fa_seats_ut",
        "hard",
        f"{FA} What is the total number of seats (NO-SEATS in ACFTREF.txt) of all the aircraft registered to "
        "addresses in Utah (STATE UT)?",
        _seats_ut,
    ),
]

QUICK = ["ch_games", "ha_entities", "fa_alaska"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "ch_draws": "only status 'draw' counted: stalemates, and flag falls where the opponent could not mate (status "
    "'outoftime' with no winner), are draws too",
    "ch_blitz_now": "the last blitz line of the file taken as the latest: the export lists games newest first",
    "ch_time_losses": "every 'outoftime' game counted: that status is also on games the opponent lost on time and on "
    "draws by a flag fall, so only those whose winner is the opponent are my losses",
    "ha_kitchen_on": "rows with state 'on' counted: a brightness change writes another 'on' row (attributes only), "
    "so only changes into 'on' are switch-ons",
    "ha_outdoor_mean": "the plain mean of the day's rows: the recorder writes a row only when the value changes, so "
    "rows cluster where the temperature moves and a steady spell is one row however long it lasts",
    "ha_washer_kwh": "only the states table read: it keeps the last 10 days; January as a whole is in the hourly "
    "statistics (the sum column, which also carries the counter over its reset)",
    "wb_top_gdp": "the largest row taken: the World and the income and regional aggregates sit among the countries",
    "wb_elec_count": "non-empty cells counted: a missing value is written '..', a string",
    "fa_zip": "ZIP CODE read as a number: padded digits parse as integers, so New England's leading zeros are lost and "
    "the ZIP+4 entries no longer start with the 5-digit ZIP",
    "fa_coowner": "only NAME searched: co-owners are listed in OTHER NAMES(1) to OTHER NAMES(5)",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a model without its maker, a country's other names)."""
    t = truth()
    refs = references(t)
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id in ("fa_top_model", "fa_hex"):
            m = next(a["model"] for a in t.faa["aircraft"] if _model_name(a["model"]) == ref)
            short = m["mfr"].split()[0]
            task.aliases = [f"{short} {m['model']}"] + ([m["model"]] if any(ch.isdigit() for ch in m["model"]) else [])
        elif task.id in ("wb_le_top", "wb_top_gdp"):
            code = next(e["code"] for e in t.wb["economies"] if e["name"] == ref)
            other = {"USA": ["USA", "United States of America", "U.S."], "KOR": ["South Korea", "KOR"]}
            task.aliases = other.get(code, [code])


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
