"""The forty-sixth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, several steps or a careful definition).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise; so does a seed on which a trap would not bite.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from data import (
    BMF_FILE,
    CMPL_FIELDS,
    CMPL_ZIP,
    CS_DIGEST_STATE,
    CS_STATE_COUNT,
    CS_THRESHOLD,
    CS_TOP5_STATE,
    DIGEST_FILE,
    N_PP,
    NP_ZIP,
    NTEE_GROUPS,
    PP_FILE,
    RECALLS_FILE,
    SC_FILE,
    STATES,
    VS_MAKER_YEAR,
    VS_MAKES,
    VS_PER_RECALL_YEAR,
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


def pearson(xs: list[float], ys: list[float]) -> float:
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy)


def month_year(ym: tuple[int, int]) -> str:
    return date(ym[0], ym[1], 1).strftime("%B %Y")


# Nonprofits: orgs (the BMF rows: ein, name, city, zip, zip5, subsection, ruling (y, m), ntee, asset_amt, ...) and
# filings (every filing with data: ein, name, formtype, tax_prd, tax_prd_yr, revenue, expenses, comp)


def _np_city(t: Truth) -> str:
    c = Counter(o["city"] for o in t.orgs)
    c.pop("BOSTON")
    return argmax(dict(c), margin=5)


def _np_top_assets(t: Truth) -> str:
    return argmax({o["name"]: o["asset_amt"] for o in t.orgs if o["asset_amt"] is not None}, margin=1000)


def _np_ntee_b(t: Truth) -> float:
    c3 = [o for o in t.orgs if o["subsection"] == 3]
    return rounded(100 * sum(o["ntee"].startswith("B") for o in c3) / len(c3), 1, "share in group B")


def _np_zip(t: Truth, careless: bool = False) -> int:
    if careless:  # the ZIP column compared as it stands: the ZIP+4 codes (02139-4307) are missed
        return sum(o["zip"] == NP_ZIP for o in t.orgs)
    n = sum(o["zip5"] == NP_ZIP for o in t.orgs)
    no_trap(n, _np_zip(t, careless=True), "no ZIP+4 code in that ZIP")
    return n


def _np_ruling_month(t: Truth) -> str:
    c = Counter(o["ruling"] for o in t.orgs if 2015 <= o["ruling"][0] <= 2023)
    return month_year(argmax(dict(c), margin=3))


def _np_fy2023(t: Truth, careless: bool = False) -> int:
    f990 = [f for f in t.filings if f["formtype"] == 0]
    if careless:  # tax_prd_yr 2023 taken for the fiscal year: it is the year the fiscal year began
        return sum(f["revenue"] for f in f990 if f["tax_prd_yr"] == 2023)
    total = sum(f["revenue"] for f in f990 if f["tax_prd"] // 100 == 2023)
    no_trap(total, _np_fy2023(t, careless=True), "no fiscal-year filers")
    return total


def _np_ez_median(t: Truth, careless: bool = False) -> float:
    rows = [f for f in t.filings if f["tax_prd_yr"] == 2022 and f["formtype"] in (0, 1)]
    if careless:  # totrevenue only: a 990-EZ's revenue is under totrevnue, so the EZ filings drop out
        return float(statistics.median(f["revenue"] for f in rows if f["formtype"] == 0))
    assert sum(f["formtype"] == 1 for f in rows) >= 10
    x = float(statistics.median(f["revenue"] for f in rows))
    no_trap(x, _np_ez_median(t, careless=True), "the EZ filings do not move the median")
    return x


def _np_growth(t: Truth) -> str:
    rev = {(f["ein"], f["tax_prd_yr"]): f for f in t.filings if f["formtype"] == 0}
    growth = {}
    for (ein, y), f in rev.items():
        if y == 2019 and f["revenue"] >= 1_000_000 and (ein, 2022) in rev:
            growth[f["name"]] = 100 * (rev[(ein, 2022)]["revenue"] / f["revenue"] - 1)
    return argmax(growth, margin=5)


def _np_ntee_comp(t: Truth) -> str:
    ntee = {o["ein"]: o["ntee"][:1] for o in t.orgs if o["ntee"]}
    groups: dict[str, list[float]] = {}
    for f in t.filings:
        if f["formtype"] == 0 and f["tax_prd_yr"] == 2022 and f["expenses"] > 0 and f["ein"] in ntee:
            groups.setdefault(ntee[f["ein"]], []).append(100 * f["comp"] / f["expenses"])
    top = argmax({g: statistics.median(v) for g, v in groups.items() if len(v) >= 10}, margin=0.3)
    assert top not in ("A", "I")  # a one-letter answer that is also an English word would score anything
    return top


# Vehicle safety: complaints (one per ODINO: make, year, components, deaths, datea, faildate, ...) and recalls
# (date, manufacturer, make (one of the five or None), type, affected, dnd, nhtsa_id, ...)


def _vs_max_affected(t: Truth) -> str:
    return argmax({r["nhtsa_id"]: r["affected"] for r in t.recalls if r["affected"]}, margin=1000)


def _vs_deaths(t: Truth) -> int:
    n = sum(c["deaths"] > 0 for c in t.complaints)
    assert n > 0
    return n


def _vs_maker_year(t: Truth, careless: bool = False) -> int:
    make, year = VS_MAKER_YEAR
    cs = [c for c in t.complaints if c["make"] == make and c["datea"].year == year]
    if careless:  # the rows counted: a complaint has a row for each component it names
        return sum(len(c["components"]) for c in cs)
    n = len(cs)
    no_trap(n, _vs_maker_year(t, careless=True), "no complaint with several components")
    return n


def _vs_recall_month(t: Truth) -> str:
    c = Counter((r["date"].year, r["date"].month) for r in t.recalls if r["type"] == "Vehicle")
    return month_year(argmax(dict(c), margin=2))


def _vs_my2022(t: Truth, careless: bool = False) -> int:
    if careless:  # YEARTXT >= 2022 taken as it stands: 9999 (unknown) counts as new
        return sum(c["year"] >= 2022 for c in t.complaints)
    n = sum(2022 <= c["year"] < 9999 for c in t.complaints)
    no_trap(n, _vs_my2022(t, careless=True), "no unknown model year")
    return n


def _company(r: dict) -> str:
    return r["make"].title() if r["make"] else r["manufacturer"]


def _vs_top_maker(t: Truth, careless: bool = False) -> str:
    vehicle = [r for r in t.recalls if r["type"] == "Vehicle"]
    if careless:  # the Manufacturer column counted as it stands: one company's recalls are split over two spellings
        return argmax(dict(Counter(r["manufacturer"] for r in vehicle)), margin=1)
    top = argmax(dict(Counter(_company(r) for r in vehicle)), margin=3)
    bad = _vs_top_maker(t, careless=True)
    no_trap(top, bad.split()[0], "the split spelling is still the top")
    return top


def _vs_days_median(t: Truth) -> float:
    return float(statistics.median((c["datea"] - c["faildate"]).days for c in t.complaints if c["faildate"]))


def _vs_per_recall(t: Truth) -> str:
    y = VS_PER_RECALL_YEAR
    ratio = {}
    for make, *_rest in VS_MAKES:
        n = sum(c["make"] == make and c["datea"].year == y for c in t.complaints)
        r = sum(rec["make"] == make and rec["type"] == "Vehicle" and rec["date"].year == y for rec in t.recalls)
        ratio[make.title()] = n / r
    return argmax(ratio, margin=1.5)


# Colleges: colleges (the Scorecard rows: name, stabbr, control, preddeg, adm_rate, sat_avg, ugds, tuition_in,
# pctpell, earn (int, "PS" or None), ...) and digest (rows: name, abbr, kind us/state/other, p4a, p4b, ...)


def _digest_state(t: Truth, name: str) -> dict:
    (r,) = [r for r in t.digest if r["name"] == name]
    return r


def _cs_top_sat(t: Truth) -> str:
    return argmax({c["name"]: c["sat_avg"] for c in t.colleges if c["sat_avg"] is not None}, margin=2)


def _cs_adm_pct(t: Truth, careless: bool = False) -> float:
    rows = [c["adm_rate"] for c in t.colleges if c["preddeg"] == 3 and c["adm_rate"] is not None]
    if careless:  # ADM_RATE compared with 25 as if it were a percentage: it is a fraction
        return round(100 * sum(a < 25 for a in rows) / len(rows), 1)
    x = rounded(100 * sum(a < 0.25 for a in rows) / len(rows), 1, "share under 25%")
    no_trap(x, _cs_adm_pct(t, careless=True), "rates as fractions")
    return x


def _cs_states_above(t: Truth, careless: bool = False) -> int:
    if careless:  # every row of the column counted: the United States row (and any other jurisdiction) too
        return sum(r["p4b"] is not None and r["p4b"] > CS_THRESHOLD for r in t.digest)
    n = sum(r["p4b"] > CS_THRESHOLD for r in t.digest if r["kind"] == "state")
    assert 0 < n < 51
    no_trap(n, _cs_states_above(t, careless=True), "the United States row is under the threshold")
    return n


def _cs_std_sat(t: Truth) -> float:
    sats = [c["sat_avg"] for c in t.colleges if c["control"] == 2 and c["sat_avg"] is not None]
    return rounded(statistics.stdev(sats), 1, "standard deviation")


def _cs_top5(t: Truth) -> int:
    ugds = sorted((c["ugds"] for c in t.colleges if c["control"] == 1 and c["stabbr"] == CS_TOP5_STATE and c["ugds"]),
                  reverse=True)  # fmt: skip
    return sum(ugds[:5])


def _cs_corr(t: Truth) -> float:
    rows = [(c["pctpell"], c["earn"]) for c in t.colleges
            if c["preddeg"] == 3 and c["pctpell"] is not None and isinstance(c["earn"], int)]  # fmt: skip
    return rounded(pearson([r[0] for r in rows], [r[1] for r in rows]), 2, "correlation")


def _cs_state_gap(t: Truth) -> str:
    gaps = {}
    for name, abbr, *_rest in STATES:
        fees = [c["tuition_in"] for c in t.colleges
                if c["stabbr"] == abbr and c["control"] == 1 and c["preddeg"] == 3 and c["tuition_in"] is not None]  # fmt: skip
        if len(fees) >= 3:
            gaps[name] = sum(fees) / len(fees) - _digest_state(t, name)["p4b"]
    return argmax(gaps, margin=200)


def _cs_jur_increase(t: Truth, careless: bool = False) -> str:
    rows = t.digest if careless else [r for r in t.digest if r["kind"] == "state"]
    top = argmax({r["name"]: 100 * (r["p4b"] - r["p4a"]) / r["p4a"] for r in rows}, margin=0.2)
    if careless:  # every row with values: the other jurisdictions below the states too
        return top
    no_trap(top, _cs_jur_increase(t, careless=True), "no other jurisdiction above the top state")
    return top


NP = (
    f"The IRS Exempt Organizations Business Master File extract for Massachusetts ({BMF_FILE}) and ProPublica "
    f"Nonprofit Explorer API answers (the v2 organization endpoint) for {N_PP} of those organizations, saved as one "
    f"JSON list ({PP_FILE}); in the API's filings, formtype 0 is a Form 990, 1 a Form 990-EZ and 2 a Form 990-PF."
)
VS = (
    f"NHTSA's vehicle safety complaints received 2020-2024 ({CMPL_ZIP}: a zip of one tab-separated text file with no "
    f"header row; NHTSA's field list names its 49 fields, in order: {', '.join(CMPL_FIELDS)}; ODINO is NHTSA's "
    "reference number of the complaint, DATEA the date NHTSA received it, FAILDATE the date of the incident, YEARTXT "
    f"the model year) and NHTSA's recalls data downloaded from data.transportation.gov ({RECALLS_FILE})."
)
CS = (
    f"The U.S. Department of Education's College Scorecard institution-level data ({SC_FILE}, 35 of its columns) "
    f"and the NCES Digest of Education Statistics table 330.20 of average undergraduate tuition and fees and room "
    f"and board by state ({DIGEST_FILE})."
)
MAKER, MAKER_YEAR = VS_MAKER_YEAR
MAKES = ", ".join(m[0] for m in VS_MAKES)

TASKS = [
    # --- Nonprofits: the IRS EO BMF and ProPublica Nonprofit Explorer ---
    Task(
        "np_c3",
        "easy",
        f"{NP} How many organizations in {BMF_FILE} are 501(c)(3) organizations (SUBSECTION 3)?",
        lambda t: sum(o["subsection"] == 3 for o in t.orgs),
    ),
    Task(
        "np_city",
        "easy",
        f"{NP} Which city, other than Boston, has the most organizations in {BMF_FILE}?",
        _np_city,
        kind="text",
    ),
    Task(
        "np_top_assets",
        "easy",
        f"{NP} Which organization in {BMF_FILE} reports the largest total assets (ASSET_AMT)? Give its name.",
        _np_top_assets,
        kind="text",
    ),
    Task(
        "np_ntee_b",
        "medium",
        f"{NP} Of the 501(c)(3) organizations (SUBSECTION 3) in {BMF_FILE}, what percentage have an NTEE code in major "
        "group B, Education (NTEE_CD starting with B)? Count the organizations with no NTEE code in the total. Give one "
        "decimal.",
        _np_ntee_b,
    ),
    Task(
        "np_zip",
        "medium",
        f"{NP} How many organizations in {BMF_FILE} have their address in ZIP code {NP_ZIP}?",
        _np_zip,
    ),
    Task(
        "np_ruling_month",
        "medium",
        f"{NP} Taking the month and year of each organization's ruling date (RULING, YYYYMM) in {BMF_FILE}, which month "
        "from January 2015 to December 2023 saw the most rulings? Give the month and year.",
        _np_ruling_month,
        kind="text",
    ),
    Task(
        "np_fy2023",
        "hard",
        f"{NP} What is the total revenue (totrevenue), in dollars, of all the Form 990 filings with data in {PP_FILE} "
        "whose fiscal year ended in 2023 (a tax period ending in 2023)?",
        _np_fy2023,
    ),
    Task(
        "np_ez_median",
        "hard",
        f"{NP} Among the filings with data in {PP_FILE} for tax year 2022 (tax_prd_yr 2022) made on Form 990 or Form "
        "990-EZ, what is the median total revenue, in dollars?",
        _np_ez_median,
    ),
    Task(
        "np_growth",
        "hard",
        f"{NP} Among the organizations in {PP_FILE} with a Form 990 filing with data for both tax year 2019 and tax year "
        "2022 (tax_prd_yr) and total revenue of at least $1,000,000 in 2019, which organization's total revenue grew "
        "the most, in percent, from 2019 to 2022? Give its name.",
        _np_growth,
        kind="text",
    ),
    Task(
        "np_ntee_comp",
        "hard",
        f"{NP} For the Form 990 filings with data for tax year 2022 (tax_prd_yr 2022) in {PP_FILE}, take each "
        "organization's compensation of current officers (compnsatncurrofcr) as a percentage of its total functional "
        f"expenses (totfuncexpns), and group the organizations by the NTEE major group of their NTEE code in {BMF_FILE} "
        "(the code's first letter; match the two files on the EIN). Among the major groups with at least 10 such "
        "organizations, which has the highest median percentage? Give the group's letter.",
        _np_ntee_comp,
        kind="text",
    ),
    # --- Vehicle safety: NHTSA complaints and recalls ---
    Task(
        "vs_dnd",
        "easy",
        f"{VS} How many recalls in {RECALLS_FILE} carry a Do Not Drive advisory?",
        lambda t: sum(r["dnd"] for r in t.recalls),
    ),
    Task(
        "vs_tire_2022",
        "easy",
        f"{VS} How many tire recalls (Recall Type Tire) did NHTSA receive in 2022 (Report Received Date), according to "
        f"{RECALLS_FILE}?",
        lambda t: sum(r["type"] == "Tire" and r["date"].year == 2022 for r in t.recalls),
    ),
    Task(
        "vs_max_affected",
        "easy",
        f"{VS} Which recall in {RECALLS_FILE} has the largest number of potentially affected units? Give its NHTSA ID.",
        _vs_max_affected,
        kind="text",
    ),
    Task(
        "vs_deaths",
        "easy",
        f"{VS} How many complaints in the complaints file report at least one death (DEATHS above 0)? Count each "
        "complaint (ODINO) once.",
        _vs_deaths,
    ),
    Task(
        "vs_maker_year",
        "medium",
        f"{VS} How many complaints about {MAKER} vehicles (MAKETXT {MAKER}) did NHTSA receive in {MAKER_YEAR} (DATEA)?",
        _vs_maker_year,
    ),
    Task(
        "vs_recall_month",
        "medium",
        f"{VS} Counting the vehicle recalls (Recall Type Vehicle) in {RECALLS_FILE} by the month of their Report "
        "Received Date, which month of which year had the most? Give the month and year.",
        _vs_recall_month,
        kind="text",
    ),
    Task(
        "vs_my2022",
        "medium",
        f"{VS} How many complaints (each ODINO counted once) are about a vehicle or product of model year 2022 or later?",
        _vs_my2022,
    ),
    Task(
        "vs_top_maker",
        "hard",
        f"{VS} Which manufacturer filed the most vehicle recalls (Recall Type Vehicle) from 2020 to 2024 in "
        f"{RECALLS_FILE}? Count all of a company's recalls together. Give the manufacturer's name.",
        _vs_top_maker,
        kind="text",
    ),
    Task(
        "vs_days_median",
        "hard",
        f"{VS} For the complaints that give an incident date (FAILDATE), what is the median number of days from the "
        "incident to the date NHTSA received the complaint (DATEA)? Count each complaint (ODINO) once.",
        _vs_days_median,
    ),
    Task(
        "vs_per_recall",
        "hard",
        f"{VS} For each of the five vehicle makes in the complaints file ({MAKES}), divide the number of complaints "
        f"NHTSA received in {VS_PER_RECALL_YEAR} (DATEA; each ODINO once) by the number of vehicle recalls its "
        f"manufacturer (MFR_NAME in the complaints, Manufacturer in {RECALLS_FILE}) filed in {VS_PER_RECALL_YEAR} "
        "(Report Received Date). Which make has the most complaints per recall?",
        _vs_per_recall,
        kind="text",
    ),
    # --- Colleges: the College Scorecard and the Digest of Education Statistics ---
    Task(
        "cs_count",
        "easy",
        f"{CS} How many institutions in {SC_FILE} are in Ohio (STABBR {CS_STATE_COUNT})?",
        lambda t: sum(c["stabbr"] == CS_STATE_COUNT for c in t.colleges),
    ),
    Task(
        "cs_top_sat",
        "easy",
        f"{CS} Which institution in {SC_FILE} has the highest average SAT score (SAT_AVG)? Give its name.",
        _cs_top_sat,
        kind="text",
    ),
    Task(
        "cs_digest_oh",
        "easy",
        f"{CS} According to {DIGEST_FILE}, what were the average in-state tuition and required fees at public 4-year "
        f"institutions in {CS_DIGEST_STATE} in 2022-23, in dollars?",
        lambda t: _digest_state(t, CS_DIGEST_STATE)["p4b"],
    ),
    Task(
        "cs_adm_pct",
        "medium",
        f"{CS} Among the predominantly bachelor's-degree-granting institutions (PREDDEG 3) in {SC_FILE} that report an "
        "admission rate (ADM_RATE), what percentage admit fewer than 25% of their applicants? Give one decimal.",
        _cs_adm_pct,
    ),
    Task(
        "cs_states_above",
        "medium",
        f"{CS} In how many of the 50 states and the District of Columbia were the average in-state tuition and required "
        f"fees at public 4-year institutions above ${CS_THRESHOLD:,} in 2022-23, according to {DIGEST_FILE}?",
        _cs_states_above,
    ),
    Task(
        "cs_std_sat",
        "medium",
        f"{CS} What is the sample standard deviation of the average SAT score (SAT_AVG) across the private nonprofit "
        f"institutions (CONTROL 2) in {SC_FILE} that report one? Give one decimal.",
        _cs_std_sat,
    ),
    Task(
        "cs_top5",
        "medium",
        f"{CS} What is the combined undergraduate enrollment (UGDS) of the five public institutions (CONTROL 1) in Texas "
        f"(STABBR {CS_TOP5_STATE}) with the largest undergraduate enrollment in {SC_FILE}?",
        _cs_top5,
    ),
    Task(
        "cs_corr",
        "hard",
        f"{CS} Across the predominantly bachelor's-degree-granting institutions (PREDDEG 3) in {SC_FILE}, what is the "
        "Pearson correlation between the share of undergraduates with a Pell grant (PCTPELL) and the median earnings "
        "of students 10 years after entry (MD_EARN_WNE_P10)? Use the institutions that publish both (leave out NULL "
        "and PrivacySuppressed). Give two decimals.",
        _cs_corr,
    ),
    Task(
        "cs_state_gap",
        "hard",
        f"{CS} For each of the 50 states and the District of Columbia, take the plain mean of TUITIONFEE_IN over its "
        f"public (CONTROL 1) predominantly bachelor's-degree-granting (PREDDEG 3) institutions in {SC_FILE}, counting "
        "only states with at least three such institutions reporting it, and subtract the average in-state tuition and "
        f"required fees at public 4-year institutions for 2022-23 from {DIGEST_FILE}. Which state's Scorecard mean is "
        "the most above its Digest average?",
        _cs_state_gap,
        kind="text",
    ),
    Task(
        "cs_jur_increase",
        "hard",
        f"{CS} Of the 50 states and the District of Columbia in {DIGEST_FILE}, which had the largest percentage increase "
        "in the average in-state tuition and required fees at public 4-year institutions from 2021-22 to 2022-23?",
        _cs_jur_increase,
        kind="text",
    ),
]

QUICK = ["np_c3", "vs_dnd", "cs_digest_oh"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "np_zip": "the ZIP column compared with 02139 as it stands: most addresses carry a ZIP+4 code (02139-4307)",
    "np_fy2023": "tax_prd_yr 2023 taken as the fiscal year ending in 2023: tax_prd_yr is the year the fiscal year "
    "began, so a year ending in June 2023 has tax_prd_yr 2022 (tax_prd 202306)",
    "np_ez_median": "the median of totrevenue: a Form 990-EZ's revenue is under totrevnue, so the EZ filings drop out",
    "vs_maker_year": "the rows counted: a complaint naming several components has a row for each, with the same ODINO",
    "vs_my2022": "YEARTXT 2022 or more taken as it stands: 9999 means the model year is unknown",
    "vs_top_maker": "the Manufacturer column counted as it stands: one company's recalls are split over two spellings "
    "of its name (a comma dropped from 2023)",
    "cs_adm_pct": "ADM_RATE compared with 25: the rates are fractions, so every institution is under 25",
    "cs_states_above": "every row of the column counted: the United States row above the states is over the threshold",
    "cs_jur_increase": "every row of the table compared: the other jurisdictions below the states (Guam) are not states",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


_CORP = (" INC", " CORPORATION", " CORP")


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (another spelling of a name, a month, a state, an ID)."""
    refs = references()
    postcode = {s[0]: s[1] for s in STATES}
    for task in TASKS:
        ref = refs[task.id]
        if task.id in ("np_top_assets", "np_growth"):
            short = ref
            for suffix in _CORP:
                short = short.removesuffix(suffix)
            task.aliases = [short] if short != ref else []
        if task.id in ("np_ruling_month", "vs_recall_month"):
            d = _parse_month_year(ref)
            task.aliases = [f"{d:%Y-%m}", f"{d:%b %Y}", f"{d:%Y/%m}", f"{d:%m/%Y}"]
        if task.id == "np_ntee_comp":
            task.aliases = [NTEE_GROUPS[ref]]
        if task.id == "vs_max_affected":
            task.aliases = [ref.removesuffix("000")]
        if task.id in ("cs_state_gap", "cs_jur_increase"):
            task.aliases = [postcode[ref]]


def _parse_month_year(text: str) -> date:
    name, year = text.split()
    months = [date(2000, m, 1).strftime("%B") for m in range(1, 13)]
    return date(int(year), months.index(name) + 1, 1)


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)
assert set(TRAPS) <= {t.id for t in TASKS} and 7 <= len(TRAPS) <= 10
assert all(t.difficulty != "easy" for t in TASKS if t.id in TRAPS)

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
