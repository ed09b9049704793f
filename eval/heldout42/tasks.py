"""The forty-second held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, several steps or a careful definition).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise; so does a seed on which a trap would not bite.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from data import (
    DEM_FILE,
    E_CONC_SAMPLE,
    E_DILUTION,
    E_STD_CONC,
    ELISA_FILE,
    GNIS_FILE,
    HOPS_RECIPE,
    Q_GAPDH_SAMPLE,
    Q_REF,
    QPCR_FILE,
    RECIPES_FILE,
    SUMMIT_Q,
    TILT_COUNT_BEER,
    TILT_FG_BEER,
    TILT_FILE,
    TILT_KEGGED,
    TILT_TEMP_BEER,
    Truth,
    cell_of,
    edge_margin,
    timepoint,
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


def no_trap(ref: Any, careless: Any, what: str, rel: float = 0.002) -> None:
    """Raise when the careless reading comes within rel (the scorer's 0.2 % by default) of the reference."""
    close = careless == ref or (
        isinstance(ref, float)
        and isinstance(careless, (int, float))
        and abs(float(careless) - ref) <= max(0.006, rel * abs(ref))
    )
    if close:
        raise ValueError(f"the careless reading gives the reference ({ref!r}): {what}")


def not_on_edge(x: float, places: int, what: str) -> None:
    """Raise when x sits so near a rounding boundary that careful readings could round it either way."""
    scaled = x * 10**places
    if abs(scaled - round(scaled) - 0.5) < 1e-3 or abs(scaled - round(scaled) + 0.5) < 1e-3:
        raise ValueError(f"{what}: {x} is on a rounding edge")


def rounded(x: float, places: int, what: str) -> float:
    not_on_edge(x, places, what)
    return round(x, places)


def mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


# Lab: the qPCR wells (sample, target, task, omit, ct: None when Undetermined) and the ELISA plate


def _ct_mean(t: Truth, sample: str, target: str, keep_omitted: bool = False) -> float:
    vals = [r["ct"] for r in t.qpcr if r["sample"] == sample and r["target"] == target and r["ct"] is not None
            and (keep_omitted or not r["omit"])]  # fmt: skip
    return mean(vals)


def _dct(t: Truth, cond: str, target: str, keep_omitted: bool = False) -> float:
    """The condition's mean delta Ct: per sample, target minus GAPDH (technical means), averaged."""
    samples = sorted({r["sample"] for r in t.qpcr if r["cond"] == cond})
    assert len(samples) == 3
    return mean([_ct_mean(t, s, target, keep_omitted) - _ct_mean(t, s, Q_REF, keep_omitted) for s in samples])


def _q_gapdh_mean(t: Truth, keep_omitted: bool = False) -> float:
    if keep_omitted:  # the omitted outlier averaged in
        return round(_ct_mean(t, Q_GAPDH_SAMPLE, Q_REF, keep_omitted=True), 2)
    assert any(r["omit"] for r in t.qpcr if r["sample"] == Q_GAPDH_SAMPLE and r["target"] == Q_REF)
    ref = rounded(_ct_mean(t, Q_GAPDH_SAMPLE, Q_REF), 2, "GAPDH mean")
    no_trap(ref, _q_gapdh_mean(t, keep_omitted=True), "no omitted GAPDH well")
    return ref


def _q_fold_il6(t: Truth, keep_omitted: bool = False) -> float:
    ddct = _dct(t, "LPS", "IL6", keep_omitted) - _dct(t, "Ctrl", "IL6", keep_omitted)
    if keep_omitted:
        return round(2 ** (-ddct), 1)
    ref = rounded(2 ** (-ddct), 1, "IL6 fold change")
    no_trap(ref, _q_fold_il6(t, keep_omitted=True), "no omitted well in the IL6 comparison")
    return ref


def _q_tnf_dex(t: Truth, keep_omitted: bool = False) -> float:
    ddct = _dct(t, "LPS+Dex", "TNF", keep_omitted) - _dct(t, "LPS", "TNF", keep_omitted)
    pct = 100 * (1 - 2 ** (-ddct))
    assert pct > 0
    if keep_omitted:
        return round(pct, 1)
    ref = rounded(pct, 1, "TNF reduction")
    no_trap(ref, _q_tnf_dex(t, keep_omitted=True), "no omitted well in the TNF comparison")
    return ref


def _wells(t: Truth, ident: str) -> list[str]:
    return [p for p, i in t.elisa_layout.items() if i == ident]


def _corr(t: Truth, ident: str) -> float:
    """The mean of the wells' 450 - 570 nm optical densities."""
    ps = _wells(t, ident)
    assert all(t.elisa_450[p] is not None for p in ps)
    return mean([t.elisa_450[p] - t.elisa_570[p] for p in ps])


def _e_top_sample(t: Truth, raw: bool = False) -> str:
    spl = sorted({i for i in t.elisa_layout.values() if i.startswith("SPL")}, key=lambda s: int(s[3:]))
    full = [s for s in spl if all(t.elisa_450[p] is not None for p in _wells(t, s))]
    if raw:  # the 450 nm reading alone, the 570 nm correction left out
        return argmax({s: mean([t.elisa_450[p] for p in _wells(t, s)]) for s in full})
    ref = argmax({s: _corr(t, s) for s in full}, margin=0.01)
    no_trap(ref, _e_top_sample(t, raw=True), "no scratched well near the top")
    return ref


def _e_conc(t: Truth) -> float:
    std = [(E_STD_CONC[k], _corr(t, f"STD{k + 1}")) for k in range(len(E_STD_CONC))]
    std.sort(key=lambda cv: cv[1])
    assert all(a[0] < b[0] for a, b in zip(std, std[1:])), "standards out of order"
    od = _corr(t, E_CONC_SAMPLE)
    for (c0, v0), (c1, v1) in zip(std, std[1:]):
        if v0 <= od <= v1:
            assert min(od - v0, v1 - od) > 0.01
            return rounded(E_DILUTION * (c0 + (od - v0) * (c1 - c0) / (v1 - v0)), 1, "concentration")
    raise ValueError("the sample is outside the standards")


# Brewing: recipes (hops, fermentables, yeasts, est_og/est_fg) and the Tilt rows (ts, sg, temp, color, beer, comment)


def _recipe(t: Truth, name: str) -> dict:
    return next(r for r in t.recipes if r["name"] == name)


def _beer_rows(t: Truth, beer: str) -> list[dict]:
    return [r for r in t.tilt if r["beer"] == beer]


def _b_temp_c(t: Truth, fahrenheit: bool = False) -> float:
    temps = [r["temp"] for r in _beer_rows(t, TILT_TEMP_BEER)]
    if fahrenheit:  # the Tilt's degrees Fahrenheit averaged as they stand
        return round(mean(temps), 1)
    ref = rounded(mean([(f - 32) * 5 / 9 for f in temps]), 1, "mean temperature")
    no_trap(ref, _b_temp_c(t, fahrenheit=True), "Fahrenheit equals Celsius")
    return ref


def _b_abv(t: Truth, last_row: bool = False) -> float:
    rows = _beer_rows(t, TILT_KEGGED)
    og = rows[0]["sg"]
    kegged = [r for r in rows if r["comment"] == "Kegged"]
    assert len(kegged) == 1
    fg = rows[-1]["sg"] if last_row else kegged[0]["sg"]
    if last_row:  # the last reading, taken in the sanitiser
        return round((og - fg) * 131.25, 2)
    ref = rounded((og - fg) * 131.25, 2, "ABV")
    no_trap(ref, _b_abv(t, last_row=True), "no readings after kegging")
    return ref


def _b_og_short(t: Truth) -> str:
    beers = list(dict.fromkeys(r["beer"] for r in t.tilt))
    short = {b: _beer_rows(t, b)[0]["sg"] - _recipe(t, b)["est_og"] for b in beers}
    return argmax({b: -v for b, v in short.items()}, margin=0.0025)


def _b_days_to_fg(t: Truth) -> float:
    rows = _beer_rows(t, TILT_FG_BEER)
    fg = _recipe(t, TILT_FG_BEER)["est_fg"]
    first = next(r for r in rows if r["sg"] <= fg + 1e-9)
    return rounded(timepoint(first["ts"]) - timepoint(rows[0]["ts"]), 1, "days")


# Terrain: the DEM (rows north first, -9999 voids, dem_header) and the GNIS features


def _cells(t: Truth) -> list[int]:
    return [v for row in t.dem for v in row if v != t.dem_header["nodata"]]


def _t_mean(t: Truth, with_voids: bool = False) -> float:
    if with_voids:  # -9999 averaged in as if an elevation
        vals = [v for row in t.dem for v in row]
        return round(mean(vals), 1)
    ref = rounded(mean(_cells(t)), 1, "mean elevation")
    no_trap(ref, _t_mean(t, with_voids=True), "no voids")
    return ref


def _t_treeline(t: Truth, with_voids: bool = False) -> float:
    cells = _cells(t)
    above = sum(v > 3500 for v in cells)
    if with_voids:  # the voids counted in the total
        return round(100 * above / sum(len(row) for row in t.dem), 1)
    ref = rounded(100 * above / len(cells), 1, "share above 3500 m")
    no_trap(ref, _t_treeline(t, with_voids=True), "no voids")
    return ref


def _dem_value(t: Truth, lat: float, lon: float) -> int | None:
    h = t.dem_header
    rc = cell_of(h, lat, lon)
    if rc is None:
        return None
    assert edge_margin(h, lat, lon) > 0.05, (lat, lon)
    v = t.dem[rc[0]][rc[1]]
    return None if v == h["nodata"] else v


def _t_summit_dem(t: Truth, from_south: bool = False) -> int:
    f = next(f for f in t.gnis if f["name"] == SUMMIT_Q and f["cls"] == "Summit")
    h = t.dem_header
    if from_south:  # the file's first row taken as the southern edge
        row = math.floor((f["lat"] - h["yll"]) / h["cellsize"])
        col = math.floor((f["lon"] - h["xll"]) / h["cellsize"])
        return t.dem[row][col]
    ref = _dem_value(t, f["lat"], f["lon"])
    assert ref is not None
    no_trap(ref, _t_summit_dem(t, from_south=True), "the grid symmetric north-south")
    return ref


def _t_summit_diff(t: Truth) -> str:
    diffs = {}
    for f in t.gnis:
        if f["cls"] == "Summit" and f["elev_m"] is not None and f["lat"] != 0:
            v = _dem_value(t, f["lat"], f["lon"])
            if v is not None:
                diffs[f["id"]] = abs(f["elev_m"] - v)
    best = argmax(diffs, margin=20)
    name = next(f["name"] for f in t.gnis if f["id"] == best)
    assert sum(f["name"] == name and f["cls"] == "Summit" for f in t.gnis) == 1
    return name


def _t_stream_drop(t: Truth) -> int:
    drops = {}
    for f in t.gnis:
        if f["cls"] == "Stream" and f["src_lat"] is not None:
            a = _dem_value(t, f["src_lat"], f["src_lon"])
            b = _dem_value(t, f["lat"], f["lon"])
            if a is not None and b is not None:
                drops[f["id"]] = a - b
    return argmax(drops, margin=15)


LAB = (
    f"My lab data: a qPCR run (SYBR Green, THP-1 cells untreated (Ctrl), with LPS, and with LPS plus dexamethasone "
    f"(LPS+Dex), three biological replicates each, in technical triplicate) exported as text from the QuantStudio "
    f"3 software ({QPCR_FILE}), and an IL-6 ELISA plate read at 450 and 570 nm and exported from Gen5 "
    f"({ELISA_FILE})."
)
BREW = (
    f"My homebrewing records: my recipes exported from BeerSmith as BeerXML ({RECIPES_FILE}) and my Tilt "
    f"hydrometers' cloud log downloaded from Google Sheets ({TILT_FILE}; its Beer column holds the recipe name)."
)
GEO = (
    f"A 3 arc-second SRTM elevation tile (metres) of the mountains west of Georgetown, Colorado, downloaded from "
    f"OpenTopography as an ESRI ASCII grid ({DEM_FILE}), and the USGS GNIS place names for Clear Creek, Summit and "
    f"Park counties ({GNIS_FILE})."
)
DDCT = (
    "Use the comparative Ct method with GAPDH as the reference gene: for each sample, average the CT of its "
    "technical replicates for the gene and for GAPDH, leaving out wells marked Omit true and wells with CT "
    "Undetermined; delta Ct = gene minus GAPDH; average the delta Ct of the three samples of each condition; "
    "delta delta Ct = treated minus comparison condition; relative expression = 2 to the power of minus delta delta Ct."
)
STDS = ", ".join(f"STD{k + 1} {c:g}" for k, c in enumerate(E_STD_CONC))
CORR = "corrected OD (the 450 nm reading minus the 570 nm reading of the same well)"

TASKS = [
    # --- Lab: QuantStudio qPCR export and Gen5 ELISA plate ---
    Task(
        "q_undetermined",
        "easy",
        f"{LAB} How many wells in the run's results have a CT of Undetermined?",
        lambda t: sum(r["ct"] is None for r in t.qpcr),
    ),
    Task(
        "q_omitted",
        "easy",
        f"{LAB} How many wells did I mark as omitted (Omit true) in the qPCR results?",
        lambda t: sum(r["omit"] for r in t.qpcr),
    ),
    Task(
        "e_ovrflw",
        "easy",
        f"{LAB} How many wells of the ELISA plate read OVRFLW (over the reader's range) at 450 nm?",
        lambda t: sum(v is None for v in t.elisa_450.values()),
    ),
    Task(
        "q_ntc_amp",
        "medium",
        f"{LAB} How many of the no-template control wells (Task NTC) in the qPCR results came up with a CT value "
        "instead of Undetermined?",
        lambda t: sum(r["task"] == "NTC" and r["ct"] is not None for r in t.qpcr),
    ),
    Task(
        "q_gapdh_mean",
        "medium",
        f"{LAB} What is the mean GAPDH CT of sample {Q_GAPDH_SAMPLE} over its technical replicates, leaving out "
        "wells marked Omit true? Give two decimals.",
        _q_gapdh_mean,
    ),
    Task(
        "e_std4",
        "medium",
        f"{LAB} On the ELISA plate, what is the mean {CORR} of the two STD4 wells (the Layout block says which wells "
        "hold which standard or sample)? Give four decimals.",
        lambda t: rounded(_corr(t, "STD4"), 4, "STD4"),
    ),
    Task(
        "q_fold_il6",
        "hard",
        f"{LAB} By how many fold does LPS raise IL6 expression compared with Ctrl? {DDCT} Give one decimal.",
        _q_fold_il6,
    ),
    Task(
        "q_tnf_dex",
        "hard",
        f"{LAB} By what percentage does dexamethasone lower TNF expression in LPS-treated cells, that is LPS+Dex "
        f"compared with LPS? {DDCT} The percentage is 100 x (1 - relative expression). Give one decimal.",
        _q_tnf_dex,
    ),
    Task(
        "e_top_sample",
        "hard",
        f"{LAB} On the ELISA plate, each sample (SPL1 to SPL40) is in two wells. Among the samples with no OVRFLW "
        f"well at 450 nm, which has the highest mean {CORR}? Give the sample ID as in the Layout (e.g. SPL7).",
        _e_top_sample,
        kind="text",
    ),
    Task(
        "e_conc",
        "hard",
        f"{LAB} What is the IL-6 concentration of sample {E_CONC_SAMPLE} in pg/mL? The standards are {STDS} pg/mL. "
        f"Use each standard's and the sample's mean {CORR} over their two wells, interpolate linearly between the "
        f"two standards whose mean corrected ODs bracket the sample's (point to point), and multiply by {E_DILUTION} "
        "because every sample was diluted 1:4. Give one decimal.",
        _e_conc,
    ),
    # --- Brewing: BeerXML recipes and the Tilt log ---
    Task(
        "b_citra",
        "easy",
        f"{BREW} How many of the recipes in {RECIPES_FILE} use Citra hops (in any addition)?",
        lambda t: sum(any(h["name"] == "Citra" for h in r["hops"]) for r in t.recipes),
    ),
    Task(
        "b_boil",
        "easy",
        f"{BREW} Which recipe in {RECIPES_FILE} has the longest boil time? Give its name.",
        lambda t: argmax({r["name"]: r["boil"] for r in t.recipes}, margin=5),
        kind="text",
    ),
    Task(
        "b_readings",
        "easy",
        f"{BREW} How many readings in {TILT_FILE} are for the {TILT_COUNT_BEER}?",
        lambda t: len(_beer_rows(t, TILT_COUNT_BEER)),
    ),
    Task(
        "b_max_temp",
        "easy",
        f"{BREW} What is the highest temperature (Temp, in degrees Fahrenheit) that the BLUE Tilt logged in {TILT_FILE}?",
        lambda t: max(r["temp"] for r in t.tilt if r["color"] == "BLUE"),
    ),
    Task(
        "b_hops_g",
        "medium",
        f"{BREW} How many grams of hops in total does my {HOPS_RECIPE} recipe use, all additions together? Give "
        "one decimal.",
        lambda t: rounded(1000 * sum(h["kg"] for h in _recipe(t, HOPS_RECIPE)["hops"]), 1, "hop grams"),
    ),
    Task(
        "b_temp_c",
        "medium",
        f"{BREW} What was the average temperature of my {TILT_TEMP_BEER} over all its readings in {TILT_FILE}, in "
        "degrees Celsius? Give one decimal.",
        _b_temp_c,
    ),
    Task(
        "b_dryhop_g",
        "medium",
        f"{BREW} How many grams of hops go in as dry hops (hop use Dry Hop) across all the recipes in "
        f"{RECIPES_FILE} together? Give one decimal.",
        lambda t: rounded(
            1000 * sum(h["kg"] for r in t.recipes for h in r["hops"] if h["use"] == "Dry Hop"), 1, "dry hop grams"
        ),  # fmt: skip
    ),
    Task(
        "b_abv",
        "hard",
        f"{BREW} Estimate the ABV of my {TILT_KEGGED} from the Tilt log: take its first reading's SG as the original "
        "gravity and the SG on the row where I commented Kegged as the final gravity (after that the Tilt sat in "
        "the sanitiser bucket), and use ABV = (OG - FG) x 131.25. Give two decimals.",
        _b_abv,
    ),
    Task(
        "b_og_short",
        "hard",
        f"{BREW} For each beer in {TILT_FILE}, compare the SG of its first reading with the estimated original "
        f"gravity (EST_OG) of its recipe in {RECIPES_FILE}. Which beer's first reading fell furthest below its "
        "recipe's estimate? Give the beer's name.",
        _b_og_short,
        kind="text",
    ),
    Task(
        "b_days_to_fg",
        "hard",
        f"{BREW} How many days after its first reading did my {TILT_FG_BEER} first read at or below the estimated "
        f"final gravity (EST_FG) of its recipe in {RECIPES_FILE}? Give one decimal.",
        _b_days_to_fg,
    ),
    # --- Terrain: SRTM grid and GNIS names ---
    Task(
        "t_max",
        "easy",
        f"{GEO} What is the highest elevation in {DEM_FILE}, in metres?",
        lambda t: max(_cells(t)),
    ),
    Task(
        "t_voids",
        "easy",
        f"{GEO} How many cells of {DEM_FILE} are voids (hold the NODATA_value)?",
        lambda t: sum(v == t.dem_header["nodata"] for row in t.dem for v in row),
    ),
    Task(
        "t_summits_cc",
        "easy",
        f"{GEO} How many features of class Summit in {GNIS_FILE} are in Clear Creek County?",
        lambda t: sum(f["cls"] == "Summit" and f["county"] == "Clear Creek" for f in t.gnis),
    ),
    Task(
        "t_mean",
        "medium",
        f"{GEO} What is the mean elevation in metres of the cells of {DEM_FILE} that have data? Give one decimal.",
        _t_mean,
    ),
    Task(
        "t_treeline",
        "medium",
        f"{GEO} What percentage of the cells of {DEM_FILE} that have data lie above 3,500 m? Give one decimal.",
        _t_treeline,
    ),
    Task(
        "t_historical_mines",
        "medium",
        f"{GEO} How many of the mines (class Mine) in {GNIS_FILE} are marked as historical in their name?",
        lambda t: sum(f["cls"] == "Mine" and f["name"].endswith("(historical)") for f in t.gnis),
    ),
    Task(
        "t_lakes_ft",
        "medium",
        f"{GEO} How many lakes (class Lake) in {GNIS_FILE} have an elevation above 12,000 feet?",
        lambda t: sum(f["cls"] == "Lake" and f["elev_ft"] is not None and f["elev_ft"] > 12000 for f in t.gnis),
    ),
    Task(
        "t_summit_dem",
        "hard",
        f"{GEO} What elevation does {DEM_FILE} give for {SUMMIT_Q}, that is the value of the grid cell that contains "
        f"its primary coordinates (PRIM_LAT_DEC, PRIM_LONG_DEC) in {GNIS_FILE}? Give metres.",
        _t_summit_dem,
    ),
    Task(
        "t_summit_diff",
        "hard",
        f"{GEO} Take the summits (class Summit) in {GNIS_FILE} that have an ELEV_IN_M and whose primary coordinates "
        f"fall in a cell of {DEM_FILE} with data. Which of them has the largest difference (either way) between its "
        "ELEV_IN_M and the grid's value at that cell? Give its name.",
        _t_summit_diff,
        kind="text",
    ),
    Task(
        "t_stream_drop",
        "hard",
        f"{GEO} In {GNIS_FILE} a stream's primary coordinates are its mouth and its SOURCE coordinates its head. Of the "
        f"streams (class Stream) whose mouth and head both fall in cells of {DEM_FILE} with data, which drops the "
        "most from head to mouth according to the grid? Give its FEATURE_ID.",
        _t_stream_drop,
    ),
]

QUICK = ["q_undetermined", "b_temp_c", "t_summit_dem"]  # one per difficulty, one per topic

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "q_gapdh_mean": "every GAPDH well of the sample averaged: the well marked Omit true (a pipetting outlier) is in "
    "the CT column like the others",
    "q_fold_il6": "the omitted wells left in the technical means: the Omit column is the only sign of them",
    "q_tnf_dex": "the omitted wells left in the technical means: the Omit column is the only sign of them",
    "e_top_sample": "the 450 nm grid read alone: a scratched well absorbs at 570 nm too, and the 450 - 570 "
    "correction takes it out",
    "b_temp_c": "the Temp column averaged as it stands: the Tilt logs degrees Fahrenheit",
    "b_abv": "the beer's last row taken as the final gravity: the Tilt kept logging from the sanitiser bucket "
    "(about 1.000) after the Kegged comment",
    "t_mean": "every number of the grid averaged: voids are -9999",
    "t_treeline": "the share taken of all cells: the voids are in the denominator",
    "t_summit_dem": "the grid's first row taken as its southern edge: an ESRI ASCII grid lists rows from the "
    "north (yllcorner is the lower-left corner)",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a sample ID written with a space)."""
    refs = references()
    for task in TASKS:
        ref = refs[task.id]
        if task.id == "e_top_sample":
            task.aliases = [f"SPL {ref[3:]}", f"sample {ref[3:]}"]


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert len(QUICK) == 3 and sorted(t.difficulty for t in TASKS if t.id in QUICK) == ["easy", "hard", "medium"]
assert set(TRAPS) <= {t.id for t in TASKS}
assert all(t.difficulty != "easy" for t in TASKS if t.id in TRAPS)

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
