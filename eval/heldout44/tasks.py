"""The forty-fourth held-out set's questions, each with its difficulty and the reference code that computes its answer.

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
from datetime import date
from typing import Any

from data import (
    AEDT,
    FR_BOX,
    FR_LOCAL_DAY,
    HOSP_A_FILE,
    HOSP_B_FILE,
    HP_DRG,
    HP_LUMBAR,
    HP_MRI,
    MATCHES_FILE,
    MODIS_ARCHIVE,
    MODIS_ZIP,
    RANKINGS_FILE,
    TN_COUNTRY,
    TN_NO1,
    TN_SERVE,
    TN_TOP,
    VIIRS_ARCHIVE,
    VIIRS_NRT,
    VIIRS_ZIP,
    Truth,
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


# Tennis: match rows (winner, loser, kind 'done' / 'ret' / 'wo', sets, w/l stats ...) and weekly rankings


def _pid(t: Truth, name: str) -> int:
    return next(pid for pid, p in t.players.items() if p["name"] == name)


def _tn_wins_usa(t: Truth, with_walkovers: bool = False) -> int:
    n = sum(t.players[m["winner"]]["ioc"] == TN_COUNTRY and (with_walkovers or m["kind"] != "wo") for m in t.matches)
    if with_walkovers:  # walkovers counted as wins
        return n
    no_trap(n, _tn_wins_usa(t, with_walkovers=True), "no American walkover win")
    return n


def _tn_tiebreaks(t: Truth, matches_only: bool = False) -> int:
    slams = [m for m in t.matches if m["tourney_level"] == "G" and m["kind"] != "wo"]
    if matches_only:  # matches with a tiebreak counted, not sets
        return sum(any(s[2] is not None for s in m["sets"]) for m in slams)
    n = sum(s[2] is not None for m in slams for s in m["sets"])
    no_trap(n, _tn_tiebreaks(t, matches_only=True), "one tiebreak a match")
    return n


def _tn_no1(t: Truth) -> int:
    pid = _pid(t, TN_NO1)
    n = sum(r["player"] == pid and r["rank"] == 1 for r in t.rankings)
    assert n >= 2
    return n


def _tn_first_serve(t: Truth) -> float:
    pid = _pid(t, TN_SERVE)
    first = svpt = 0
    for m in t.matches:
        for side, who in (("w", "winner"), ("l", "loser")):
            if m[who] == pid and m[side] is not None:
                first += m[side]["1stIn"]
                svpt += m[side]["svpt"]
    return rounded(100 * first / svpt, 1, "first-serve percentage")


def _tn_climber(t: Truth) -> str:
    dates = sorted({r["date"] for r in t.rankings})
    start = {r["player"]: r["rank"] for r in t.rankings if r["date"] == dates[0]}
    end = {r["player"]: r["rank"] for r in t.rankings if r["date"] == dates[-1]}
    gain = {pid: start[pid] - rk for pid, rk in end.items() if rk <= TN_TOP and pid in start}
    return t.players[argmax(gain, margin=1)]["name"]


def _tn_comebacks(t: Truth) -> int:
    return sum(m["kind"] == "done" and m["sets"][0][0] < m["sets"][0][1] for m in t.matches)


# Hospitals: Riverbend's CSV rows (codes [(code, type)], setting, billing_class, gross, cash, payers {(payer,
# plan): {dollar | pct+est, method, notes} or None}) and St. Columba's items (the JSON's standard_charge_information)


def _a_rows(t: Truth, code: str, facility: bool = True) -> list[dict]:
    return [
        r
        for r in t.hosp_a
        if any(c == code for c, _ in r["codes"]) and (not facility or r["billing_class"] == "facility")
    ]


def _b_item(t: Truth, code: str) -> dict:
    return next(i for i in t.hosp_b if any(c["code"] == code for c in i["code_information"]))


def _hp_drg_gross(t: Truth) -> float:
    (row,) = [r for r in t.hosp_a if r["codes"] == [(HP_DRG, "MS-DRG")]]
    return row["gross"]


def _hp_mri_cash(t: Truth, first_row: bool = False) -> float:
    if first_row:  # the first row that carries the code: the radiologist's professional (modifier 26) row
        return _a_rows(t, HP_MRI, facility=False)[0]["cash"]
    (row,) = _a_rows(t, HP_MRI)
    no_trap(row["cash"], _hp_mri_cash(t, first_row=True), "the facility row comes first")
    return row["cash"]


def _hp_payer_count(t: Truth, plans: bool = False) -> int:
    keys = {k for r in t.hosp_a for k in r["payers"]}
    if plans:  # payer and plan combinations counted
        return len(keys)
    n = len({payer for payer, _plan in keys})
    no_trap(n, _hp_payer_count(t, plans=True), "one plan a payer")
    return n


def _hp_codes(t: Truth, first_column: bool = False) -> int:
    cols = (lambda r: r["codes"][:1]) if first_column else (lambda r: r["codes"])
    n = len({c for r in t.hosp_a for c, ty in cols(r) if ty in ("CPT", "HCPCS")})
    if first_column:  # only code|1 read: the CPT code sits in code|2 on the rows with a chargemaster code first
        return n
    no_trap(n, _hp_codes(t, first_column=True), "every CPT code in code|1")
    return n


def _hp_pct_items(t: Truth) -> int:
    return sum(
        any("standard_charge_percentage" in p and "standard_charge_dollar" not in p for sc in i["standard_charges"]
            for p in sc["payers_information"])
        for i in t.hosp_b
    )  # fmt: skip


def _a_cash_by_cpt(t: Truth) -> dict[str, float]:
    out: dict[str, float] = {}
    for r in t.hosp_a:
        if r["billing_class"] != "facility" or r["setting"] not in ("outpatient", "both"):
            continue
        for c, ty in r["codes"]:
            if ty == "CPT":
                assert out.get(c, r["cash"]) == r["cash"]
                out[c] = r["cash"]
    return out


def _b_cash_by_cpt(t: Truth) -> dict[str, float]:
    out: dict[str, float] = {}
    for i in t.hosp_b:
        for c in i["code_information"]:
            if c["type"] == "CPT":
                (sc,) = [s for s in i["standard_charges"] if s["setting"] in ("outpatient", "both")]
                out[c["code"]] = sc["discounted_cash"]
    return out


def _hp_cash_cheaper(t: Truth) -> int:
    a, b = _a_cash_by_cpt(t), _b_cash_by_cpt(t)
    both = set(a) & set(b)
    assert all(a[c] != b[c] for c in both) and len(both) >= 15
    n = sum(b[c] < a[c] for c in both)
    assert 0 < n < len(both)
    return n


def _hp_anthem_mri(t: Truth) -> float:
    (row,) = _a_rows(t, HP_LUMBAR)
    a = row["payers"][("Anthem Blue Cross and Blue Shield", "Blue Access PPO")]["dollar"]
    item = _b_item(t, HP_LUMBAR)
    (sc,) = item["standard_charges"]
    (p,) = [p for p in sc["payers_information"] if p["payer_name"] == "Anthem Blue Cross and Blue Shield"]
    assert "standard_charge_dollar" not in p
    return rounded(abs(p["estimated_amount"] - a), 2, "difference")


def _hp_drg_gap(t: Truth) -> str:
    a = {r["codes"][0][0]: r["gross"] for r in t.hosp_a if r["codes"][0][1] == "MS-DRG"}
    b = {}
    for i in t.hosp_b:
        for c in i["code_information"]:
            if c["type"] == "MS-DRG":
                b[c["code"]] = i["standard_charges"][0]["gross_charge"]
    return argmax({c: abs(a[c] - b[c]) for c in set(a) & set(b)}, margin=500)


# Fires: detections {sensor, file, utc, lat, lon, confidence, frp, satellite, daynight, type}


def _viirs(t: Truth) -> list[dict]:
    return [d for d in t.fires if d["sensor"] == "VIIRS"]


def _modis(t: Truth) -> list[dict]:
    return [d for d in t.fires if d["sensor"] == "MODIS"]


def _local(d: dict):
    return d["utc"] + AEDT


def _in_box(d: dict) -> bool:
    return FR_BOX[0] <= d["lat"] <= FR_BOX[1] and FR_BOX[2] <= d["lon"] <= FR_BOX[3]


def _fr_viirs_total(t: Truth, archive_only: bool = False) -> int:
    if archive_only:  # only the first CSV of the zip read
        return sum(d["file"] == "archive" for d in _viirs(t))
    n = len(_viirs(t))
    no_trap(n, _fr_viirs_total(t, archive_only=True), "no NRT file")
    return n


def _fr_modis_high(t: Truth, archive_only: bool = False) -> float:
    rows = [d for d in _modis(t) if not archive_only or d["file"] == "archive"]
    x = 100 * sum(d["confidence"] >= 80 for d in rows) / len(rows)
    if archive_only:
        return round(x, 1)
    ref = rounded(x, 1, "MODIS high-confidence share")
    no_trap(ref, _fr_modis_high(t, archive_only=True), "the archive alone gives the share")
    return ref


def _fr_aqua_share(t: Truth) -> float:
    rows = _modis(t)
    return rounded(100 * sum(d["frp"] for d in rows if d["satellite"] == "Aqua") / sum(d["frp"] for d in rows), 1,
                   "Aqua share")  # fmt: skip


def _fr_local_day(t: Truth, utc: bool = False) -> int:
    day = (lambda d: d["utc"].date()) if utc else (lambda d: _local(d).date())
    n = sum(day(d) == FR_LOCAL_DAY for d in _viirs(t))
    if utc:  # acq_date taken as the local date
        return n
    no_trap(n, _fr_local_day(t, utc=True), "no night pass")
    return n


def _fr_peak_hour(t: Truth, utc: bool = False) -> int:
    hour = (lambda d: d["utc"].hour) if utc else (lambda d: _local(d).hour)
    c = Counter(hour(d) for d in _viirs(t))
    h = argmax(c, margin=100)
    if utc:
        return h
    no_trap(h, _fr_peak_hour(t, utc=True), "UTC hour the local hour")
    return h


def _fr_grampians_days(t: Truth, utc: bool = False) -> int:
    day = (lambda d: d["utc"].date()) if utc else (lambda d: _local(d).date())
    n = len({day(d) for d in _viirs(t) if d["confidence"] in ("n", "h") and _in_box(d)})
    if utc:  # acq_date taken as the local date
        return n
    no_trap(n, _fr_grampians_days(t, utc=True), "the same number of UTC and local days")
    return n


def _fr_both_days(t: Truth) -> int:
    v = {_local(d).date() for d in _viirs(t) if _in_box(d)}
    m = {_local(d).date() for d in _modis(t) if _in_box(d)}
    assert len(v & m) < len(v)
    return len(v & m)


def _date_aliases(d: date) -> list[str]:
    return [f"{d.day} {d:%B %Y}", f"{d:%B} {d.day}, {d.year}", f"{d.day}/{d.month}/{d.year}"]


TN = (
    f"Jeff Sackmann's ATP tennis data (the tennis_atp repository on GitHub): the 2023 tour-level singles matches "
    f"({MATCHES_FILE}) and the weekly singles rankings for 2023 ({RANKINGS_FILE})."
)
HP = (
    "The price transparency files (CMS standard charges machine-readable files) of two hospitals near Dayton, "
    f"Ohio: Riverbend Regional Medical Center ({HOSP_A_FILE}) and St. Columba Hospital ({HOSP_B_FILE})."
)
FR = (
    "NASA FIRMS active fire data for Victoria, Australia, 1 December 2024 to 28 February 2025, downloaded as two "
    f"zips: VIIRS S-NPP 375 m ({VIIRS_ZIP}) and MODIS ({MODIS_ZIP})."
)
BOX = f"latitude {FR_BOX[0]} to {FR_BOX[1]}, longitude {FR_BOX[2]} to {FR_BOX[3]}"

TASKS = [
    # --- Tennis: Sackmann's match file and weekly rankings ---
    Task(
        "tn_clay",
        "easy",
        f"{TN} How many matches in {MATCHES_FILE} were played on clay?",
        lambda t: sum(m["surface"] == "Clay" for m in t.matches),
    ),
    Task(
        "tn_ret",
        "easy",
        f"{TN} How many matches in {MATCHES_FILE} ended with a player retiring (RET in the score)?",
        lambda t: sum(m["kind"] == "ret" for m in t.matches),
    ),
    Task(
        "tn_rank_dates",
        "easy",
        f"{TN} How many different ranking dates (weekly rankings) are there in {RANKINGS_FILE}?",
        lambda t: len({r["date"] for r in t.rankings}),
    ),
    Task(
        "tn_longest",
        "easy",
        f"{TN} How long was the longest match in {MATCHES_FILE}, in minutes?",
        lambda t: max(m["minutes"] for m in t.matches if m["minutes"] is not None),
    ),
    Task(
        "tn_wins_usa",
        "medium",
        f"{TN} How many matches did American players (winner_ioc USA) win in 2023 according to {MATCHES_FILE}? "
        "Walkovers don't count as matches played.",
        _tn_wins_usa,
    ),
    Task(
        "tn_tiebreaks",
        "medium",
        f"{TN} How many sets at the four Grand Slams (tourney_level G) in {MATCHES_FILE} were decided by a tiebreak?",
        _tn_tiebreaks,
    ),
    Task(
        "tn_no1",
        "medium",
        f"{TN} On how many of the ranking dates in {RANKINGS_FILE} was {TN_NO1} ranked No. 1?",
        _tn_no1,
    ),
    Task(
        "tn_first_serve",
        "hard",
        f"{TN} What was {TN_SERVE}'s first-serve percentage in 2023 (first serves in divided by service points, "
        f"summed over all his matches in {MATCHES_FILE}, the ones he won and the ones he lost)? Give one decimal.",
        _tn_first_serve,
    ),
    Task(
        "tn_climber",
        "hard",
        f"{TN} Of the players in the top {TN_TOP} on the last ranking date of {RANKINGS_FILE} who were also ranked "
        "on the first ranking date, who climbed the most places over the year? Give the player's name.",
        _tn_climber,
        kind="text",
    ),
    Task(
        "tn_comebacks",
        "hard",
        f"{TN} In how many matches in {MATCHES_FILE} did the winner lose the first set? Leave out walkovers and "
        "matches that ended in a retirement.",
        _tn_comebacks,
    ),
    # --- Hospital prices: a CMS wide CSV and a CMS JSON ---
    Task(
        "hp_inpatient_rows",
        "easy",
        f"{HP} How many rows of charges in Riverbend's CSV are for the inpatient setting?",
        lambda t: sum(r["setting"] == "inpatient" for r in t.hosp_a),
    ),
    Task(
        "hp_json_items",
        "easy",
        f"{HP} How many items and services (entries of standard_charge_information) does St. Columba's JSON list?",
        lambda t: len(t.hosp_b),
    ),
    Task(
        "hp_drg_gross",
        "easy",
        f"{HP} What is Riverbend's gross charge for MS-DRG {HP_DRG} (major hip and knee joint replacement)?",
        _hp_drg_gross,
    ),
    Task(
        "hp_mri_cash",
        "medium",
        f"{HP} What is Riverbend's discounted cash price for an MRI of the brain without and with contrast (CPT "
        f"{HP_MRI}), the hospital's own (facility) charge?",
        _hp_mri_cash,
    ),
    Task(
        "hp_payer_count",
        "medium",
        f"{HP} How many different insurance companies (payers, not plans) have negotiated rates in Riverbend's CSV?",
        _hp_payer_count,
    ),
    Task(
        "hp_codes",
        "medium",
        f"{HP} How many different CPT and HCPCS codes does Riverbend's CSV give prices for?",
        _hp_codes,
    ),
    Task(
        "hp_pct_items",
        "medium",
        f"{HP} In St. Columba's JSON, how many items have at least one payer whose rate is given only as a "
        "percentage of billed charges (a standard_charge_percentage and no standard_charge_dollar)?",
        _hp_pct_items,
    ),
    Task(
        "hp_cash_cheaper",
        "hard",
        f"{HP} Take the CPT codes that both hospitals price for outpatients (setting outpatient or both; at Riverbend "
        "the facility charges, not the professional ones). For how many of them is St. Columba's discounted cash "
        "price lower than Riverbend's?",
        _hp_cash_cheaper,
    ),
    Task(
        "hp_anthem_mri",
        "hard",
        f"{HP} For an outpatient MRI of the lumbar spine without contrast (CPT {HP_LUMBAR}, facility charge), what is "
        "the difference in dollars between what Anthem Blue Cross and Blue Shield's PPO plan pays the two hospitals? "
        "Where a rate is a percentage of charges, use the estimated allowed amount. Give two decimals.",
        _hp_anthem_mri,
    ),
    Task(
        "hp_drg_gap",
        "hard",
        f"{HP} Of the MS-DRGs that both hospitals price, which one has the biggest difference in gross charge between "
        "the two hospitals? Give the MS-DRG number.",
        _hp_drg_gap,
        kind="text",
    ),
    # --- Bushfires: NASA FIRMS VIIRS and MODIS downloads ---
    Task(
        "fr_static",
        "easy",
        f"{FR} How many detections in {VIIRS_ARCHIVE} are of type 2 (other static land source)?",
        lambda t: sum(d["sensor"] == "VIIRS" and d["file"] == "archive" and d["type"] == 2 for d in t.fires),
    ),
    Task(
        "fr_aqua",
        "easy",
        f"{FR} How many detections in {MODIS_ARCHIVE} were made by the Aqua satellite?",
        lambda t: sum(d["sensor"] == "MODIS" and d["file"] == "archive" and d["satellite"] == "Aqua" for d in t.fires),
    ),
    Task(
        "fr_max_frp",
        "easy",
        f"{FR} What is the highest fire radiative power (frp, in MW) in {VIIRS_NRT}?",
        lambda t: max(d["frp"] for d in t.fires if d["sensor"] == "VIIRS" and d["file"] == "nrt"),
    ),
    Task(
        "fr_viirs_total",
        "medium",
        f"{FR} How many VIIRS fire detections are there in total over the three months?",
        _fr_viirs_total,
    ),
    Task(
        "fr_modis_high",
        "medium",
        f"{FR} What percentage of all the MODIS detections over the three months have a confidence of 80 or more? "
        "Give one decimal.",
        _fr_modis_high,
    ),
    Task(
        "fr_aqua_share",
        "medium",
        f"{FR} What share of the total fire radiative power (frp) detected by MODIS over the three months came from "
        "the Aqua satellite, in percent? Give one decimal.",
        _fr_aqua_share,
    ),
    Task(
        "fr_local_day",
        "hard",
        f"{FR} How many VIIRS detections were made on Saturday {FR_LOCAL_DAY.day} December {FR_LOCAL_DAY.year}, "
        "Melbourne local time?",
        _fr_local_day,
    ),
    Task(
        "fr_peak_hour",
        "hard",
        f"{FR} In which hour of the day, Melbourne local time, did VIIRS make the most detections over the three "
        "months? Give the hour it starts (0 to 23).",
        _fr_peak_hour,
    ),
    Task(
        "fr_grampians_days",
        "hard",
        f"{FR} On how many days (Melbourne local dates) did VIIRS detect fire with nominal or high confidence inside "
        f"the Grampians box ({BOX})?",
        _fr_grampians_days,
    ),
    Task(
        "fr_both_days",
        "hard",
        f"{FR} On how many days (Melbourne local dates) did both VIIRS and MODIS detect fire inside the Grampians box "
        f"({BOX}), any confidence?",
        _fr_both_days,
    ),
]

QUICK = ["tn_clay", "hp_json_items", "fr_aqua"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "tn_wins_usa": "every row with an American winner counted: walkovers (score W/O) are rows of the file too",
    "tn_tiebreaks": "the matches with a tiebreak counted (a bracket in the score), not the tiebreak sets",
    "hp_mri_cash": "the first row with the CPT code taken: it is the radiologist's professional row (modifier 26, "
    "billing_class professional), listed before the facility row",
    "hp_payer_count": "the payer and plan combinations in the column headers counted: Aetna has two plans",
    "hp_codes": "only code|1 read: on most rows code|1 is the chargemaster (CDM) number and the CPT code is in code|2",
    "fr_viirs_total": "only the archive CSV of the zip counted: the near real-time file holds January and February",
    "fr_modis_high": "only the archive CSV read: the share over the three months needs the NRT file too",
    "fr_local_day": "acq_date taken as the local date: acq_date and acq_time are UTC, and the night pass at about "
    "03:00 in Melbourne falls on the day before in UTC",
    "fr_peak_hour": "the hour of acq_time (UTC) taken as the local hour: Melbourne is UTC+11 in summer",
    "fr_grampians_days": "the days counted by acq_date: a detection's UTC date is not its Melbourne date, and the "
    "night passes move to the day before",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (names the repository spells its own way)."""
    refs = references()
    spelled = {"Christopher Oconnell": ["Christopher O'Connell"], "Mackenzie Mcdonald": ["Mackenzie McDonald"],
               "Botic Van De Zandschulp": ["Botic van de Zandschulp"], "J J Wolf": ["J.J. Wolf", "JJ Wolf"]}  # fmt: skip
    for task in TASKS:
        ref = refs[task.id]
        if task.id == "tn_climber":
            task.aliases = spelled.get(ref, [])
        if task.id == "hp_drg_gap":
            task.aliases = [f"MS-DRG {ref}", f"DRG {ref}"]


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
