"""The twenty-seventh held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, time arithmetic or several steps).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise; so does a seed on which a trap would not bite.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from data import (
    BN_FILE,
    DUBLIN,
    IN_OP,
    MS_FILE,
    OK_Q2_FILE,
    OK_Q3_FILE,
    PLUGIN,
    SALE_DAY,
    SOLAR,
    ST_FILE,
    UTC,
    Truth,
    published,
    ranks,
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


def no_trap(ref: Any, careless: Any, what: str) -> None:
    close = careless == ref or (isinstance(ref, float) and abs(float(careless) - ref) <= max(0.006, 0.002 * abs(ref)))
    if close:
        raise ValueError(f"the careless reading gives the reference ({ref!r}): {what}")


# ookla: two quarters of tiles; speeds in kbps, each a tile's mean over its `tests`


def _q3(t: Truth) -> list[dict]:
    return t.ookla["q3"]


def _mean_dl(t: Truth, per_tile: bool = False) -> float:
    tiles = _q3(t)
    if per_tile:
        return round(sum(x["avg_d_kbps"] for x in tiles) / len(tiles) / 1000, 1)
    ref = round(sum(x["avg_d_kbps"] * x["tests"] for x in tiles) / sum(x["tests"] for x in tiles) / 1000, 1)
    no_trap(ref, _mean_dl(t, per_tile=True), "tiles as heavy as tests")
    return ref


def _change(t: Truth, of_medians: bool = False) -> float:
    q2 = {x["quadkey"]: x["avg_d_kbps"] for x in t.ookla["q2"]}
    q3 = {x["quadkey"]: x["avg_d_kbps"] for x in t.ookla["q3"]}
    if of_medians:
        return round((statistics.median(q3.values()) - statistics.median(q2.values())) / 1000, 2)
    ref = round(statistics.median(q3[k] - q2[k] for k in q3.keys() & q2.keys()) / 1000, 2)
    no_trap(ref, _change(t, of_medians=True), "the change of the medians equals the median change")
    return ref


def _parent(t: Truth) -> str:
    tests: Counter = Counter()
    for x in _q3(t):
        tests[x["quadkey"][:12]] += x["tests"]
    return argmax(tests)


# baby names: {name: {year: count}} with every count; published() gives None for [x] (under 3)


def _count(t: Truth, sex: str, name: str, year: int) -> int:
    return t.names[sex][name][year]


def _girls_2023(t: Truth) -> int:
    ref = sum(published(c, 2023) is not None for c in t.names["girls"].values())
    no_trap(ref, len(t.names["girls"]), "every girls' name has a 2023 count")
    return ref


def _a_boys(t: Truth) -> int:
    return sum(published(c, 2023) or 0 for n, c in t.names["boys"].items() if n.startswith("A"))


def _unisex(t: Truth) -> int:
    b, g = t.names["boys"], t.names["girls"]
    both = b.keys() & g.keys()
    ref = sum(published(b[n], 2023) is not None and published(g[n], 2023) is not None for n in both)
    no_trap(ref, len(both), "every name in both tables has both 2023 counts")
    return ref


def _peak_year(t: Truth) -> int:
    c = t.names["girls"]["POPPY"]
    return argmax({y: c[y] for y in c})


def _climber(t: Truth) -> str:
    boys = t.names["boys"]
    r23, r13 = ranks(boys, 2023), ranks(boys, 2013)
    top = [n for n, r in r23.items() if r <= 20 and n in r13]
    return argmax({n: r13[n] - r23[n] for n in top})


# mastr: one dict per unit (carrier, status, brutto kW, commissioned/registered as date or None)


def _solar_op(t: Truth) -> list[dict]:
    return [u for u in t.mastr if u["carrier"] == SOLAR and u["status"] == IN_OP]


def _solar_mw(t: Truth, integers_only: bool = False) -> float:
    units = _solar_op(t)
    if integers_only:  # the decimal-comma values lost when coerced to numbers
        return round(sum(u["brutto"] for u in units if float(u["brutto"]).is_integer()) / 1000, 2)
    ref = round(sum(u["brutto"] for u in units) / 1000, 2)
    no_trap(ref, _solar_mw(t, integers_only=True), "every capacity is a whole number")
    return ref


def _q2_2023(t: Truth, month_first: bool = False) -> int:
    days = [u["commissioned"] for u in t.mastr if u["carrier"] == SOLAR and u["commissioned"]]
    if month_first:  # 'dd.mm.yyyy' read month first where the day allows it (dateutil's default)
        return sum(d.year == 2023 and 4 <= (d.day if d.day <= 12 else d.month) <= 6 for d in days)
    ref = sum(d.year == 2023 and 4 <= d.month <= 6 for d in days)
    no_trap(ref, _q2_2023(t, month_first=True), "the month-first reading gives the same count")
    return ref


def _plugin_median(t: Truth) -> float:
    return round(statistics.median(u["brutto"] for u in _solar_op(t) if u["lage"] == PLUGIN), 2)


def _h2_2024(t: Truth, every_carrier: bool = False) -> float:
    lo, hi = date(2024, 7, 1), date(2025, 1, 1)
    units = [u for u in t.mastr if u["status"] == IN_OP and u["commissioned"] and lo <= u["commissioned"] < hi]
    if every_carrier:
        return round(sum(u["brutto"] for u in units), 1)
    ref = round(sum(u["brutto"] for u in units if u["carrier"] == SOLAR), 1)
    no_trap(ref, _h2_2024(t, every_carrier=True), "no storage unit in the half year")
    return ref


def _plugin_delay(t: Truth) -> float:
    units = [u for u in _solar_op(t) if u["lage"] == PLUGIN and u["commissioned"].year == 2024]
    return float(statistics.median((u["registered"] - u["commissioned"]).days for u in units))


def _top_ort(t: Truth) -> str:
    return argmax(Counter(u["ort"] for u in t.mastr if u["ort"] != "Göttingen"))


# stripe: one dict per charge (amount and amount_refunded in minor units, created in epoch seconds)


def _ok(t: Truth, currency: str | None = None) -> list[dict]:
    return [c for c in t.stripe if c["status"] == "succeeded" and (currency is None or c["currency"] == currency)]


def _takings(t: Truth, every_status: bool = False) -> float:
    if every_status:
        return round(sum(c["amount"] for c in t.stripe if c["currency"] == "eur") / 100, 2)
    ref = round(sum(c["amount"] for c in _ok(t, "eur")) / 100, 2)
    no_trap(ref, _takings(t, every_status=True), "no EUR charge failed")
    return ref


def _net(t: Truth, refunded_flag: bool = False) -> float:
    if refunded_flag:  # fully refunded charges dropped, partial refunds missed
        return round(sum(c["amount"] for c in _ok(t, "eur") if c["amount_refunded"] != c["amount"]) / 100, 2)
    ref = round(sum(c["amount"] - c["amount_refunded"] for c in _ok(t, "eur")) / 100, 2)
    no_trap(ref, _net(t, refunded_flag=True), "no partial refund")
    return ref


def _sale_day(t: Truth, utc_day: bool = False) -> int:
    if utc_day:
        lo = datetime(SALE_DAY.year, SALE_DAY.month, SALE_DAY.day, tzinfo=UTC)
    else:
        lo = datetime(SALE_DAY.year, SALE_DAY.month, SALE_DAY.day, tzinfo=DUBLIN)
    a, b = lo.timestamp(), (lo + timedelta(days=1)).timestamp()
    n = sum(a <= c["created"] < b for c in _ok(t))
    if not utc_day:
        no_trap(n, _sale_day(t, utc_day=True), "the UTC day holds as many charges")
    return n


def _fail_brand(t: Truth) -> str:
    n, f = Counter(c["brand"] for c in t.stripe), Counter(c["brand"] for c in t.stripe if c["status"] == "failed")
    return argmax({b: f[b] / n[b] for b in n})


def _top_customer(t: Truth) -> str:
    spent: Counter = Counter()
    email = {}
    for c in _ok(t, "eur"):
        if c["customer"]:
            spent[c["customer"]] += c["amount"] - c["amount_refunded"]
            email[c["customer"]] = c["email"]
    return email[argmax(spent)]


OK = (
    f"The Ookla open-data fixed broadband tiles {OK_Q3_FILE} (July to September 2024, cut to the tiles around "
    "Utrecht; Parquet)."
)
OK2 = (
    f"The Ookla open-data fixed broadband tiles {OK_Q2_FILE} (April to June 2024) and {OK_Q3_FILE} (July to "
    "September 2024), both cut to the tiles around Utrecht (Parquet)."
)
BN = f"The ONS workbook {BN_FILE} (baby names in England and Wales, 1996 to 2023)."
MS = (
    f"The Marktstammdatenregister export {MS_FILE} (electricity generating units in the Landkreis Göttingen, "
    "exported on 2 December 2024)."
)
ST = f"Our shop's Stripe charges for 2024 in {ST_FILE} (a JSON list of Charge objects from the Stripe API)."

TASKS = [
    # --- Ookla tiles ---
    Task(
        "ok_tiles",
        "easy",
        f"{OK} How many tiles does the file contain?",
        lambda t: len(_q3(t)),
    ),
    Task(
        "ok_tests",
        "easy",
        f"{OK} How many speed tests does the file count in total (the tests column summed over all tiles)?",
        lambda t: sum(x["tests"] for x in _q3(t)),
    ),
    Task(
        "ok_busiest",
        "easy",
        f"{OK} Which tile has the most tests? Give its quadkey.",
        lambda t: argmax({x["quadkey"]: x["tests"] for x in _q3(t)}),
        kind="text",
    ),
    Task(
        "ok_mean_dl",
        "medium",
        f"{OK} Across all the speed tests behind this file, what was the average download speed in Mbit/s "
        "(1 Mbit/s = 1000 kbit/s)? Round to one decimal.",
        _mean_dl,
    ),
    Task(
        "ok_fast_share",
        "medium",
        f"{OK} What percentage of the tiles have an average download speed of at least 300 Mbit/s (1 Mbit/s = 1000 "
        "kbit/s)? Round to one decimal.",
        lambda t: round(100 * sum(x["avg_d_kbps"] >= 300_000 for x in _q3(t)) / len(_q3(t)), 1),
    ),
    Task(
        "ok_change",
        "hard",
        f"{OK2} For the tiles that appear in both quarters (the same quadkey), what is the median change in a "
        "tile's average download speed from the second to the third quarter, in Mbit/s? Round to two decimals.",
        _change,
    ),
    Task(
        "ok_parent",
        "hard",
        f"{OK} Group the tiles into their zoom-12 parent tiles (a parent's quadkey is the first 12 digits of its "
        "tiles' quadkeys). Which parent tile has the most tests in total? Give its 12-digit quadkey.",
        _parent,
        kind="text",
    ),
    # --- baby names ---
    Task(
        "bn_top_girl",
        "easy",
        f"{BN} What was the most popular girls' name in 2023?",
        lambda t: argmax({n: c[2023] for n, c in t.names["girls"].items()}),
        kind="text",
    ),
    Task(
        "bn_noah",
        "easy",
        f"{BN} How many baby boys were named Noah in 2020?",
        lambda t: _count(t, "boys", "NOAH", 2020),
    ),
    Task(
        "bn_girls_2023",
        "medium",
        f"{BN} How many different girls' names does the workbook give a 2023 count for (that is, names given to at "
        "least 3 girls in 2023)?",
        _girls_2023,
    ),
    Task(
        "bn_a_boys",
        "medium",
        f"{BN} In 2023, how many baby boys in total were given a name beginning with the letter A (counting the "
        "names the workbook lists)?",
        _a_boys,
    ),
    Task(
        "bn_unisex",
        "hard",
        f"{BN} How many names were given to at least 3 boys and also to at least 3 girls in 2023?",
        _unisex,
    ),
    Task(
        "bn_poppy_peak",
        "hard",
        f"{BN} In which year were the most baby girls named Poppy? Give the year.",
        _peak_year,
    ),
    Task(
        "bn_climber",
        "hard",
        f"{BN} Of the boys' names in the 2023 top 20 by rank, which one has climbed the most places since 2013? "
        "Compare each name's 2023 rank with its 2013 rank.",
        _climber,
        kind="text",
    ),
    # --- Marktstammdatenregister ---
    Task(
        "ms_operating",
        "easy",
        f"{MS} How many units in the export are in operation (Betriebs-Status 'In Betrieb')?",
        lambda t: sum(u["status"] == IN_OP for u in t.mastr),
    ),
    Task(
        "ms_top_ort",
        "easy",
        f"{MS} Apart from the city of Göttingen itself, which town (column Ort) has the most units in the export?",
        _top_ort,
        kind="text",
    ),
    Task(
        "ms_solar_mw",
        "medium",
        f"{MS} What is the total gross capacity (Bruttoleistung der Einheit, given in kW) of the solar units "
        "(Energieträger 'Solare Strahlungsenergie') that are in operation? Give MW rounded to two decimals.",
        _solar_mw,
    ),
    Task(
        "ms_q2_2023",
        "medium",
        f"{MS} How many solar units (Energieträger 'Solare Strahlungsenergie') were commissioned in the second "
        "quarter of 2023 (April to June), going by Inbetriebnahmedatum der Einheit? Count every one whatever its "
        "status now.",
        _q2_2023,
    ),
    Task(
        "ms_plugin_median",
        "medium",
        f"{MS} What is the median gross capacity (Bruttoleistung der Einheit) of the plug-in balcony solar units "
        "(Lage der Einheit 'Steckerfertige Erzeugungsanlage (sog. Plug-In- oder Balkonkraftwerk)') in operation, "
        "in kW?",
        _plugin_median,
    ),
    Task(
        "ms_h2_2024",
        "hard",
        f"{MS} How much solar generating capacity was commissioned in the second half of 2024 (Inbetriebnahmedatum "
        "from 1 July 2024 on), counting the units still in operation? Give the total gross capacity in kW, rounded "
        "to one decimal.",
        _h2_2024,
    ),
    Task(
        "ms_plugin_delay",
        "hard",
        f"{MS} For the plug-in balcony solar units in operation that were commissioned in 2024, what is the median "
        "number of days between commissioning (Inbetriebnahmedatum) and registration (Registrierungsdatum)?",
        _plugin_delay,
    ),
    # --- Stripe charges ---
    Task(
        "st_succeeded",
        "easy",
        f"{ST} How many charges succeeded (status 'succeeded')?",
        lambda t: len(_ok(t)),
    ),
    Task(
        "st_brand",
        "easy",
        f"{ST} Which card brand was used for the most charges?",
        lambda t: argmax(Counter(c["brand"] for c in t.stripe)),
        kind="text",
    ),
    Task(
        "st_blocked",
        "easy",
        f"{ST} How many charges did Stripe's fraud screening block (outcome type 'blocked')?",
        lambda t: sum(c["outcome"] == "blocked" for c in t.stripe),
    ),
    Task(
        "st_takings_eur",
        "medium",
        f"{ST} How much did customers pay us in euros (charges in EUR) over 2024, before any refunds? Give euros "
        "to two decimals.",
        _takings,
    ),
    Task(
        "st_avg_gbp",
        "medium",
        f"{ST} What was the average successful charge in pounds sterling (charges in GBP)? Give pounds to two "
        "decimals.",
        lambda t: round(sum(c["amount"] for c in _ok(t, "gbp")) / len(_ok(t, "gbp")) / 100, 2),
    ),
    Task(
        "st_fail_brand",
        "medium",
        f"{ST} Which card brand had the highest failure rate, that is the largest share of its charges with status "
        "'failed'?",
        _fail_brand,
        kind="text",
    ),
    Task(
        "st_net_eur",
        "hard",
        f"{ST} What were our net takings in euros (charges in EUR) for 2024 once refunds are taken off? Give euros "
        "to two decimals.",
        _net,
    ),
    Task(
        "st_sale_day",
        "hard",
        f"{ST} Our summer sale opened on Saturday 6 July 2024. How many successful charges were made that day, "
        "counting the day in Irish time (Europe/Dublin)?",
        _sale_day,
    ),
    Task(
        "st_top_customer",
        "hard",
        f"{ST} Which customer (by Stripe customer id) spent the most in euros (EUR charges that succeeded, minus any "
        "amount refunded)? Give the customer's email address.",
        _top_customer,
        kind="text",
    ),
]

QUICK = ["ok_tiles", "ms_operating", "st_succeeded"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "ok_mean_dl": "the plain mean of avg_d_kbps over the tiles: each row is a tile's average over its tests, so the "
    "mean over tests weights each tile by its tests (busy tiles are the fibre-rich ones)",
    "ok_change": "the median of the third quarter minus the median of the second: the median of the per-tile "
    "changes needs the two files joined on quadkey",
    "bn_girls_2023": "non-empty 2023 cells counted (or the table's rows): names under 3 are written '[x]', a string",
    "bn_unisex": "names found in both tables counted: a name is listed for every year once it reached 3 in any year, "
    "so some are '[x]' for one sex in 2023",
    "ms_solar_mw": "the capacity column read without decimal=',' and coerced to numbers: '9,84' becomes missing and "
    "only whole-number capacities are summed",
    "ms_q2_2023": "the day-first dates parsed month first where the day allows it ('05.07.2023' as 7 May): the "
    "export writes dd.mm.yyyy",
    "ms_h2_2024": "every unit commissioned in the half year summed: home batteries are registered as units of their "
    "own (Energieträger 'Speicher') beside the solar ones",
    "st_takings_eur": "every EUR charge summed: failed and blocked charges are in the list with their amount",
    "st_net_eur": "fully refunded charges (refunded true) dropped and the rest summed: a partial refund leaves "
    "refunded false, so amount_refunded must be taken off",
    "st_sale_day": "the day taken in UTC from the epoch seconds: Ireland is on UTC+1 in July, and the sale's first "
    "hour falls on 5 July in UTC",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a town's other spelling, a customer's id, a brand's full name)."""
    t = truth()
    refs = references(t)
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "ms_top_ort":
            task.aliases = [ref.replace("ü", "ue").replace("ö", "oe"), ref.replace("Hann.", "Hannoversch")]
        elif task.id == "st_top_customer":
            task.aliases = [next(c["customer"] for c in t.stripe if c["email"] == ref and c["customer"])]
        elif task.id == "st_fail_brand":
            task.aliases = {"amex": ["American Express"], "mastercard": ["Master Card"]}.get(ref, [])
        elif task.id in ("bn_top_girl", "bn_climber"):
            task.aliases = [ref.title()]


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
