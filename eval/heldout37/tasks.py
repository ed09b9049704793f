"""The thirty-seventh held-out set's questions, each with its difficulty and the reference code that computes its answer.

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
from typing import Any

from data import (
    BMX_FILE,
    DEMO_FILE,
    GD_HOME,
    GED_FILE,
    NH_RACE_NAMES,
    RE,
    SAT_DECAYER,
    SATCAT_FILE,
    TLE_FILE,
    Truth,
    a_from_n,
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
    if abs(scaled - round(scaled) - 0.5) < 1e-3 or abs(scaled - round(scaled) + 0.5) < 1e-3:
        raise ValueError(f"{what}: {x} is on a rounding edge")


def rounded(x: float, places: int, what: str) -> float:
    not_on_edge(x, places, what)
    return round(x, places)


# Satellites: the SATCAT rows (name, type, ops, owner, site, decay ...) and the element sets in file order


def _latest(t: Truth) -> dict[int, dict]:
    out: dict[int, dict] = {}
    for es in t.elsets:
        if es["norad"] not in out or es["epoch"] > out[es["norad"]]["epoch"]:
            out[es["norad"]] = es
    return out


def _sat_objects(t: Truth, by_name: bool = False) -> int:
    if by_name:  # objects counted by their name line: debris pieces and rocket bodies share a name
        return len({es["name"] for es in t.elsets})
    ref = len({es["norad"] for es in t.elsets})
    no_trap(ref, _sat_objects(t, by_name=True), "every object has a name of its own")
    return ref


def _sat_starlink(t: Truth, all_rows: bool = False) -> int:
    rows = [s for s in t.sats if s["name"].startswith("STARLINK")]
    if all_rows:  # every Starlink row counted: the catalogue keeps the re-entered ones, with a DECAY_DATE
        return len(rows)
    ref = sum(s["decay"] is None for s in rows)
    no_trap(ref, _sat_starlink(t, all_rows=True), "no Starlink re-entered")
    return ref


def _sat_epoch_day(t: Truth, off_by_one: bool = False) -> int:
    if off_by_one:  # the day of the year added to 1 January: day 1 is 1 January itself, so every date is a day late
        return sum(es["doy"] == 64 for es in t.elsets)
    ref = sum(es["doy"] == 65 for es in t.elsets)  # 2024 is a leap year: 5 March is day 65
    no_trap(ref, _sat_epoch_day(t, off_by_one=True), "as many sets on 4 March as on 5 March")
    return ref


def _sat_max_ecc(t: Truth) -> int:
    return argmax({k: es["ecc"] for k, es in _latest(t).items()}, margin=5)


def _perigee(es: dict) -> float:
    return a_from_n(es["mm"] / 1e8) * (1 - es["ecc"] / 1e7) - RE


def _sat_decayer(t: Truth, first: bool = False) -> float:
    mine = [es for es in t.elsets if es["name"] == SAT_DECAYER]
    if first:  # the first element set listed for it (the file runs oldest first within an object)
        return round(_perigee(mine[0]), 1)
    last = max(mine, key=lambda es: es["epoch"])
    ref = rounded(_perigee(last), 1, "perigee")
    no_trap(ref, _sat_decayer(t, first=True), "only one element set")
    return ref


def _sat_prc(t: Truth) -> int:
    owner = {s["norad"]: s["owner"] for s in t.sats}
    return sum(owner[k] == "PRC" for k in {es["norad"] for es in t.elsets})


def _sat_geo(t: Truth) -> int:
    mm = [es["mm"] / 1e8 for es in _latest(t).values()]
    assert not any(0.88 < x < 0.92 or 1.08 < x < 1.12 for x in mm)
    return sum(0.9 <= x <= 1.1 for x in mm)


# Genealogy: people (names, dates as typed, places, death) and families (husband, wife, children)


def _gd_born_1800s(t: Truth, plain_only: bool = False) -> int:
    born = [p["birth"] for p in t.people if p["birth"]]
    if plain_only:  # only dates without a qualifier parsed (ABT 1843, Abt. 1843, BET ... AND ... dropped)
        return sum(1800 <= b["y"] <= 1899 for b in born if not b["qual"])
    ref = sum(1800 <= b["y"] <= 1899 for b in born)
    no_trap(ref, _gd_born_1800s(t, plain_only=True), "no approximate date in the 1800s")
    return ref


def _gd_dead(t: Truth, dated_only: bool = False) -> int:
    if dated_only:  # only deaths with a DATE: '1 DEAT Y' and a death with only a place are left out
        return sum(p["death"] is not None for p in t.people)
    ref = sum(p["dform"] is not None for p in t.people)
    no_trap(ref, _gd_dead(t, dated_only=True), "every death dated")
    return ref


def _gd_top_town(t: Truth, whole_place: bool = False) -> str:
    if whole_place:  # the most common whole PLAC string: the top town is written three ways
        top = argmax(Counter(p["bplace"] for p in t.people if p["bplace"]))
        return top.split(",")[0]
    ref = argmax(Counter(p["bplace"].split(",")[0] for p in t.people if p["bplace"]), margin=5)
    no_trap(ref, _gd_top_town(t, whole_place=True), "the top town written one way")
    return ref


def _gd_lifespan(t: Truth) -> float:
    ages = [(p["died"] - p["born"]).days / 365.25 for p in t.people
            if p["birth"] and p["birth"]["exact"] and p["death"] and p["death"]["exact"]]  # fmt: skip
    assert not any(p["birth"].get("dual") for p in t.people if p["birth"])
    return rounded(sum(ages) / len(ages), 1, "mean age at death")


def _ancestors(t: Truth, i: int) -> set[int]:
    f = t.people[i]["famc"]
    if f is None:
        return set()
    out: set[int] = set()
    for x in (t.families[f]["husb"], t.families[f]["wife"]):
        if x is not None:
            out |= {x} | _ancestors(t, x)
    return out


def _gd_most_children(t: Truth) -> str:
    anc = _ancestors(t, t.home)
    fams = {k: len(f["children"]) for k, f in enumerate(t.families) if f["husb"] in anc and f["wife"] in anc}
    top = t.families[argmax(fams, margin=1)]
    father = t.people[top["husb"]]
    name = f"{father['given']} {father['surname']}"
    assert sum(f"{p['given']} {p['surname']}" == name for p in t.people) == 1, name
    return name


# NHANES: one dict per participant (DEMO_L's variables), with 'bmx' (BMX_L's) for the examined


def _adults(t: Truth) -> list[dict]:
    return [r for r in t.nh if r["RIDAGEYR"] >= 20]


def _with_bmi(t: Truth, pregnant: bool = True) -> list[dict]:
    rows = [r for r in _adults(t) if r["bmx"] and r["bmx"]["BMXBMI"] is not None]
    return rows if pregnant else [r for r in rows if r["RIDEXPRG"] != 1]


def _nh_infants(t: Truth, equals_zero: bool = False) -> int:
    if equals_zero:  # RIDAGEYR == 0 after pandas.read_sas: the XPORT reader turns a stored 0 into 5.4e-79
        return 0
    ref = sum(r["RIDAGEYR"] == 0 for r in t.nh)
    no_trap(ref, _nh_infants(t, equals_zero=True), "no infants")
    return ref


def _nh_born_abroad(t: Truth, not_one: bool = False) -> float:
    adults = [r for r in _adults(t) if r["DMDBORN4"] is not None]
    if not_one:  # every code but 1 taken as born abroad: 77 (refused) and 99 (don't know) too
        return round(100 * sum(r["DMDBORN4"] != 1 for r in adults) / len(adults), 1)
    answered = [r for r in adults if r["DMDBORN4"] in (1, 2)]
    ref = rounded(100 * sum(r["DMDBORN4"] == 2 for r in answered) / len(answered), 1, "born abroad")
    no_trap(ref, _nh_born_abroad(t, not_one=True), "no refused or don't know")
    return ref


def _nh_height_gap(t: Truth) -> float:
    hts = {s: [r["bmx"]["BMXHT"] for r in _adults(t) if r["RIAGENDR"] == s and r["bmx"] and r["bmx"]["BMXHT"]]
           for s in (1, 2)}  # fmt: skip
    return rounded(sum(hts[1]) / len(hts[1]) - sum(hts[2]) / len(hts[2]), 1, "height gap")


def _nh_obesity(t: Truth, weight: str = "WTMEC2YR") -> float:
    rows = _with_bmi(t, pregnant=False)
    assert len(rows) < len(_with_bmi(t))
    x = 100 * sum(r[weight] for r in rows if r["bmx"]["BMXBMI"] >= 30) / sum(r[weight] for r in rows)
    if weight != "WTMEC2YR":  # the interview weight: BMI is measured at the exam, so the exam weight applies
        return round(x, 1)
    ref = rounded(x, 1, "obesity")
    no_trap(ref, _nh_obesity(t, weight="WTINT2YR"), "interview and exam weights agree")
    return ref


def _nh_race_bmi(t: Truth) -> str:
    means = {}
    for race in NH_RACE_NAMES:
        rows = [r for r in _with_bmi(t) if r["RIDRETH3"] == race]
        means[race] = sum(r["WTMEC2YR"] * r["bmx"]["BMXBMI"] for r in rows) / sum(r["WTMEC2YR"] for r in rows)
    return NH_RACE_NAMES[argmax(means, margin=0.4)]


def _nh_waist(t: Truth) -> float:
    rows = [r for r in _adults(t) if r["bmx"] and r["bmx"]["BMXWAIST"] is not None]
    high = sum(r["bmx"]["BMXWAIST"] > (102 if r["RIAGENDR"] == 1 else 88) for r in rows)
    return rounded(100 * high / len(rows), 1, "waist")


def _nh_poverty_gap(t: Truth) -> float:
    rows = [r for r in _with_bmi(t, pregnant=False) if r["INDFMPIR"] is not None]

    def share(group: list[dict]) -> float:
        return 100 * sum(r["bmx"]["BMXBMI"] >= 30 for r in group) / len(group)

    x = share([r for r in rows if r["INDFMPIR"] < 1]) - share([r for r in rows if r["INDFMPIR"] >= 4])
    return rounded(x, 1, "poverty gap")


SAT = (
    "A Space-Track.org element-set history (gp_history) for the objects of a few dozen launches, 1 to 7 March "
    f"2024, in three-line element format ({TLE_FILE}: a name line, then the two TLE lines; several element sets "
    f"per object), with CelesTrak's satellite catalogue (SATCAT) rows for the same launches ({SATCAT_FILE}, "
    "downloaded on 8 March 2024)."
)
GD = (
    f"Our family tree, exported from Ancestry as a GEDCOM file ({GED_FILE}). The home person is "
    f"{GD_HOME[0]} {GD_HOME[1]}, born {GD_HOME[2].year}."
)
NH = (
    f"NHANES August 2021-August 2023 public-use data: the demographics file {DEMO_FILE} and the body measures "
    f"file {BMX_FILE} (SAS transport files; they join on SEQN)."
)

TASKS = [
    # --- Satellites: Space-Track 3LE history and CelesTrak SATCAT ---
    Task(
        "sat_rb",
        "easy",
        f"{SAT} In {SATCAT_FILE}, how many objects are rocket bodies (OBJECT_TYPE R/B)?",
        lambda t: sum(s["type"] == "R/B" for s in t.sats),
    ),
    Task(
        "sat_vandenberg",
        "easy",
        f"{SAT} In {SATCAT_FILE}, how many objects were launched from Vandenberg (LAUNCH_SITE AFWTR)?",
        lambda t: sum(s["site"] == "AFWTR" for s in t.sats),
    ),
    Task(
        "sat_operational",
        "easy",
        f"{SAT} In {SATCAT_FILE}, how many payloads (OBJECT_TYPE PAY) are operational (OPS_STATUS_CODE +)?",
        lambda t: sum(s["type"] == "PAY" and s["ops"] == "+" for s in t.sats),
    ),
    Task(
        "sat_objects",
        "medium",
        f"{SAT} How many different objects (satellites, rocket bodies and pieces of debris) does {TLE_FILE} hold "
        "element sets for?",
        _sat_objects,
    ),
    Task(
        "sat_starlink_orbit",
        "medium",
        f"{SAT} According to {SATCAT_FILE}, how many of these launches' Starlink satellites are still in orbit?",
        _sat_starlink,
    ),
    Task(
        "sat_epoch_day",
        "medium",
        f"{SAT} How many element sets in {TLE_FILE} have an epoch on 5 March 2024 (UTC)?",
        _sat_epoch_day,
    ),
    Task(
        "sat_max_ecc",
        "medium",
        f"{SAT} Which object in {TLE_FILE} has the most eccentric orbit, going by each object's latest element set? "
        "Give its NORAD catalogue number.",
        _sat_max_ecc,
    ),
    Task(
        "sat_decayer_perigee",
        "hard",
        f"{SAT} What was the perigee altitude of {SAT_DECAYER} at its latest element set in {TLE_FILE}, in km? Take "
        "the semi-major axis from the mean motion n (revolutions a day, turned into radians per second) as "
        "a = (μ / n²)^(1/3) with μ = 398600.4418 km³/s², and the perigee altitude as a(1 − e) − 6378.137 km. Give "
        "one decimal.",
        _sat_decayer,
    ),
    Task(
        "sat_owner_join",
        "hard",
        f"{SAT} How many different objects with element sets in {TLE_FILE} belong to China (OWNER PRC in "
        f"{SATCAT_FILE})?",
        _sat_prc,
    ),
    Task(
        "sat_geo",
        "hard",
        f"{SAT} Going by each object's latest element set, how many objects in {TLE_FILE} are geosynchronous (a mean "
        "motion between 0.9 and 1.1 revolutions a day)?",
        _sat_geo,
    ),
    # --- Genealogy: Ancestry GEDCOM ---
    Task(
        "gd_people",
        "easy",
        f"{GD} How many individuals are in the tree?",
        lambda t: len(t.people),
    ),
    Task(
        "gd_families",
        "easy",
        f"{GD} How many families (FAM records) are in the tree?",
        lambda t: len(t.families),
    ),
    Task(
        "gd_surname",
        "easy",
        f"{GD} Which surname is the most common in the tree (the surname between the slashes of NAME)?",
        lambda t: argmax(Counter(p["surname"] for p in t.people), margin=3),
        kind="text",
    ),
    Task(
        "gd_occupation",
        "easy",
        f"{GD} Which occupation (OCCU) is recorded for the most people?",
        lambda t: argmax(Counter(p["occu"] for p in t.people if p["occu"]), margin=2),
        kind="text",
    ),
    Task(
        "gd_born_1800s",
        "medium",
        f"{GD} How many people in the tree were born in the 1800s (1800 to 1899)? Go by the year of the birth date, "
        "counting approximate dates too (ABT, BEF, AFT, CAL, EST, and a range BET ... AND ... by its first year).",
        _gd_born_1800s,
    ),
    Task(
        "gd_dead",
        "medium",
        f"{GD} How many people in the tree are recorded as having died?",
        _gd_dead,
    ),
    Task(
        "gd_top_town",
        "medium",
        f"{GD} In which town were the most people in the tree born? Take the town as the first part of the birth "
        "place (before the first comma).",
        _gd_top_town,
        kind="text",
    ),
    Task(
        "gd_lifespan",
        "hard",
        f"{GD} For the people whose birth and death dates are both full dates (day, month and year, with no "
        "qualifier), what was the average age at death in years? Take each age as the days from birth to death "
        "divided by 365.25. Give one decimal.",
        _gd_lifespan,
    ),
    Task(
        "gd_ancestors",
        "hard",
        f"{GD} How many of {GD_HOME[0]} {GD_HOME[1]}'s ancestors (parents, grandparents and so on back) are in the "
        "tree?",
        lambda t: len(_ancestors(t, t.home)),
    ),
    Task(
        "gd_most_children",
        "hard",
        f"{GD} Of the couples among {GD_HOME[0]} {GD_HOME[1]}'s direct ancestors, which had the most children in "
        "the tree? Give the father's name.",
        _gd_most_children,
        kind="text",
    ),
    # --- NHANES: DEMO_L and BMX_L ---
    Task(
        "nh_examined",
        "easy",
        f"{NH} How many participants in {DEMO_FILE} were both interviewed and examined in the mobile examination "
        "centre (RIDSTATR 2)?",
        lambda t: sum(r["RIDSTATR"] == 2 for r in t.nh),
    ),
    Task(
        "nh_80plus",
        "easy",
        f"{NH} How many participants were aged 80 or over at screening (RIDAGEYR)?",
        lambda t: sum(r["RIDAGEYR"] >= 80 for r in t.nh),
    ),
    Task(
        "nh_height",
        "easy",
        f"{NH} What is the mean standing height (BMXHT) in {BMX_FILE}, in cm, over the participants who have one? "
        "Give one decimal.",
        lambda t: rounded(
            sum(h := [r["bmx"]["BMXHT"] for r in t.nh if r["bmx"] and r["bmx"]["BMXHT"] is not None]) / len(h),
            1,
            "height",
        ),
    ),
    Task(
        "nh_infants",
        "medium",
        f"{NH} How many participants were under one year old at screening (RIDAGEYR)?",
        _nh_infants,
    ),
    Task(
        "nh_born_abroad",
        "medium",
        f"{NH} Among participants aged 20 and over who answered the question, what percentage were born outside "
        "the United States (DMDBORN4)? Give one decimal.",
        _nh_born_abroad,
    ),
    Task(
        "nh_height_gap",
        "medium",
        f"{NH} Among participants aged 20 and over, how much taller on average are men than women (mean BMXHT by "
        "RIAGENDR), in cm? Give one decimal.",
        _nh_height_gap,
    ),
    Task(
        "nh_obesity_weighted",
        "hard",
        f"{NH} Estimate the percentage of US adults aged 20 and over with obesity (BMXBMI 30 or more) in 2021-2023, "
        "using NHANES's sample weights and leaving out participants without a BMI and pregnant women (RIDEXPRG 1). "
        "Give one decimal.",
        _nh_obesity,
    ),
    Task(
        "nh_race_bmi",
        "hard",
        f"{NH} Among adults aged 20 and over with a BMI, which race and Hispanic-origin group (RIDRETH3) has the "
        "highest mean BMI, weighted with the exam weights (WTMEC2YR)? Give the group's name.",
        _nh_race_bmi,
        kind="text",
    ),
    Task(
        "nh_waist",
        "hard",
        f"{NH} Among participants aged 20 and over with a waist measurement, what percentage have a high waist "
        "circumference: more than 102 cm for men, more than 88 cm for women (BMXWAIST, RIAGENDR)? Unweighted; give "
        "one decimal.",
        _nh_waist,
    ),
    Task(
        "nh_poverty_gap",
        "hard",
        f"{NH} Among adults aged 20 and over with a BMI, pregnant women (RIDEXPRG 1) left out, by how many "
        "percentage points is the unweighted share with "
        "obesity (BMXBMI 30 or more) higher in families below the poverty line (INDFMPIR below 1) than in families "
        "with an income of at least four times the poverty line (INDFMPIR 4 or more)? Give one decimal.",
        _nh_poverty_gap,
    ),
]

QUICK = ["sat_rb", "gd_people", "nh_examined"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "sat_objects": "objects counted by their name line: debris pieces and rocket bodies share a name (CZ-6A DEB, "
    "FALCON 9 R/B ...), so distinct names undercount the objects; the NORAD catalogue number tells them apart",
    "sat_starlink_orbit": "every Starlink row of the catalogue counted: SATCAT keeps re-entered objects, marked by "
    "a DECAY_DATE (and OPS_STATUS_CODE D)",
    "sat_epoch_day": "the epoch's day of the year added to 1 January: day 001 is 1 January itself, so every date "
    "comes out a day late",
    "sat_decayer_perigee": "the first element set listed for the satellite taken: the file runs oldest first "
    "within an object, and a re-entering satellite sinks fast",
    "gd_born_1800s": "only birth dates without a qualifier parsed: ABT, Abt., BEF, AFT, CAL, EST and BET ... AND "
    "... dates dropped",
    "gd_dead": "only deaths with a DATE counted: '1 DEAT Y' (known dead, date unknown) and a death with only a "
    "place are deaths too",
    "gd_top_town": "the most common whole PLAC string taken: the top town is written three ways, so another town "
    "written one way comes out on top",
    "nh_infants": "RIDAGEYR == 0 after pandas.read_sas: pandas's XPORT reader turns a stored zero into 5.4e-79, so "
    "no age equals 0",
    "nh_born_abroad": "every DMDBORN4 code but 1 taken as born abroad: 77 (refused) and 99 (don't know) counted too",
    "nh_obesity_weighted": "the interview weight WTINT2YR used: BMI is an exam measure, so the MEC exam weight "
    "WTMEC2YR applies",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a race group's short name)."""
    refs = references()
    for task in TASKS:
        ref = refs[task.id]
        if task.id == "nh_race_bmi" and ref.startswith("Non-Hispanic "):
            task.aliases = ["NH " + ref.split(" ", 1)[1]]


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
