"""Check the twenty-second held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
import tempfile
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import data  # noqa: E402
from tasks import TASKS, TRAPS, references  # noqa: E402

SCORE = HERE.parent / "score.py"
if not SCORE.exists():
    SCORE = Path("/work/main/eval/score.py")
_spec = importlib.util.spec_from_file_location("score", SCORE)
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)

PPD_COLUMNS = [
    "transaction_id", "price", "date_of_transfer", "postcode", "property_type", "old_new", "duration", "paon",
    "saon", "street", "locality", "town_city", "district", "county", "ppd_category", "record_status",
]  # fmt: skip
REVENUE = ["SalesRevenueNet", "RevenueFromContractWithCustomerExcludingAssessedTax"]


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_ppd(path: Path) -> pd.DataFrame:
    """No header; every field quoted; blank fields stay blank strings."""
    df = pd.read_csv(path, header=None, names=PPD_COLUMNS, dtype=str, keep_default_na=False)
    df["price"] = df["price"].astype(int)
    df["date_of_transfer"] = pd.to_datetime(df["date_of_transfer"], format="%Y-%m-%d %H:%M")
    return df


def apply_update(year: pd.DataFrame, update: pd.DataFrame) -> pd.DataFrame:
    """Deleted records out, changed records replaced by their new version, added records in."""
    reg = year.set_index("transaction_id")
    reg = reg.drop(update.loc[update["record_status"] == "D", "transaction_id"])
    new = update[update["record_status"].isin(["A", "C"])].set_index("transaction_id")
    return pd.concat([reg.drop(new.index, errors="ignore"), new])


def read_grid(path: Path) -> pd.DataFrame:
    """Settlement periods count half-hours from local midnight: the UTC start is midnight (UK) plus the periods."""
    g = pd.read_csv(path)
    midnight = pd.to_datetime(g["SETTLEMENT_DATE"]).dt.tz_localize("Europe/London").dt.tz_convert("UTC")
    g["start_utc"] = midnight + pd.to_timedelta((g["SETTLEMENT_PERIOD"] - 1) * 30, unit="min")
    g["start_local"] = g["start_utc"].dt.tz_convert("Europe/London")
    g["naive"] = pd.to_datetime(g["SETTLEMENT_DATE"]) + pd.to_timedelta((g["SETTLEMENT_PERIOD"] - 1) * 30, unit="min")
    return g


def read_rows(path: Path) -> pd.DataFrame:
    """A Stack Exchange dump file: one <row> element per record, the fields as attributes."""
    return pd.read_xml(path, xpath="./row", parser="etree")


def read_facts(path: Path) -> pd.DataFrame:
    doc = json.loads(path.read_text(encoding="utf-8"))
    rows = []
    for taxonomy, concepts in doc["facts"].items():
        for concept, body in concepts.items():
            for unit, facts in body["units"].items():
                for f in facts:
                    rows.append({"taxonomy": taxonomy, "concept": concept, "unit": unit, **f})
    df = pd.DataFrame(rows)
    df["start"] = pd.to_datetime(df["start"])
    df["end"] = pd.to_datetime(df["end"])
    df["filed"] = pd.to_datetime(df["filed"])
    df["days"] = (df["end"] - df["start"]).dt.days + 1
    return df


def answers(d: Path) -> tuple[dict, dict]:
    a, careless = {}, {}

    # ppd -------------------------------------------------------------------------------------------
    year = read_ppd(d / data.PPD_YEAR_FILE)
    update = read_ppd(d / data.PPD_UPDATE_FILE)
    a["ppd_rows"] = len(year)
    careless["ppd_rows"] = len(pd.read_csv(d / data.PPD_YEAR_FILE))
    a["ppd_top_price"] = int(year["price"].max())
    a["ppd_new_builds_banes"] = int(((year["district"] == "BATH AND NORTH EAST SOMERSET") & (year["old_new"] == "Y")).sum())  # fmt: skip
    a["ppd_bristol_district"] = int((year["district"] == "CITY OF BRISTOL").sum())
    careless["ppd_bristol_district"] = int((year["town_city"] == "BRISTOL").sum())
    semis = year[(year["property_type"] == "S") & (year["ppd_category"] == "A")]
    a["ppd_median_semi"] = float(semis["price"].median())
    month = unique_max(year["date_of_transfer"].dt.to_period("M").value_counts())
    a["ppd_busiest_month"] = f"{month:%B %Y}"
    reg = apply_update(year, update)
    oct24 = (reg["date_of_transfer"].dt.year == 2024) & (reg["date_of_transfer"].dt.month == 10)
    a["ppd_oct_after_update"] = int(oct24.sum())
    both = pd.concat([year, update])
    careless["ppd_oct_after_update"] = int(((both["date_of_transfer"].dt.year == 2024) & (both["date_of_transfer"].dt.month == 10)).sum())  # fmt: skip
    q4 = reg[
        (reg["district"] == "CITY OF BRISTOL") & (reg["property_type"] == "F") & (reg["ppd_category"] == "A")
        & (reg["date_of_transfer"] >= "2024-10-01") & (reg["date_of_transfer"] < "2025-01-01")
    ]  # fmt: skip
    a["ppd_q4_flat_median"] = float(q4["price"].median())

    # grid ------------------------------------------------------------------------------------------
    g = read_grid(d / data.GRID_FILE)
    a["grid_peak_nd"] = int(g["ND"].max())
    a["grid_max_solar"] = int(g["EMBEDDED_SOLAR_GENERATION"].max())
    jan = g[g["SETTLEMENT_DATE"].str.startswith("2024-01")]
    a["grid_energy_jan"] = float(jan["ND"].sum() * 0.5 / 1000)  # MW over half an hour: MWh = MW / 2
    careless["grid_energy_jan"] = float(jan["ND"].sum() / 1000)
    lowest = g[g["ND"] == g["ND"].min()]
    assert lowest["SETTLEMENT_DATE"].nunique() == 1
    a["grid_min_date"] = lowest["SETTLEMENT_DATE"].iloc[0]
    at = pd.Timestamp("2024-03-31 18:00", tz="Europe/London")
    a["grid_mar31_1800"] = int(g.loc[g["start_local"] == at, "ND"].item())
    careless["grid_mar31_1800"] = int(g.loc[g["naive"] == pd.Timestamp("2024-03-31 18:00"), "ND"].item())
    june = g[g["SETTLEMENT_DATE"].str.startswith("2024-06")]
    a["grid_june_solar_utc"] = unique_max(june.groupby(june["start_utc"].dt.strftime("%H:%M"))["EMBEDDED_SOLAR_GENERATION"].mean())  # fmt: skip
    careless["grid_june_solar_utc"] = unique_max(june.groupby(june["naive"].dt.strftime("%H:%M"))["EMBEDDED_SOLAR_GENERATION"].mean())  # fmt: skip
    exporting = g.filter(like="_FLOW").sum(axis=1) < 0
    runs = exporting.groupby((~exporting).cumsum()).sum()  # each run of True rows after a False row
    a["grid_export_run"] = float(runs.max() * 0.5)

    # se --------------------------------------------------------------------------------------------
    posts = read_rows(d / data.SE_POSTS_FILE)
    users = read_rows(d / data.SE_USERS_FILE)
    posts["CreationDate"] = pd.to_datetime(posts["CreationDate"])  # UTC, written without a zone
    questions = posts[posts["PostTypeId"] == 1]
    answers_ = posts[posts["PostTypeId"] == 2]
    a["se_questions"] = len(questions)
    careless["se_questions"] = len(posts)
    a["se_rep_1000"] = int((users["Reputation"] >= 1000).sum())
    a["se_most_viewed"] = questions.loc[unique_max(questions["ViewCount"]), "Title"]
    tag_lists = questions["Tags"].str.strip("|").str.split("|")
    a["se_espresso"] = int(tag_lists.map(lambda tags: "espresso" in tags).sum())
    careless["se_espresso"] = int(questions["Tags"].str.contains("espresso").sum())
    a["se_accepted_pct"] = float(100 * questions["AcceptedAnswerId"].notna().mean())
    a["se_unanswered_2023"] = int(((questions["CreationDate"].dt.year == 2023) & (questions["AnswerCount"] == 0)).sum())
    first = answers_.groupby("ParentId")["CreationDate"].min()
    asked = questions.set_index("Id")["CreationDate"]
    wait = (first - asked.reindex(first.index)).dt.total_seconds() / 3600
    a["se_median_first_answer"] = float(wait.median())
    accepted = answers_[answers_["Id"].isin(questions["AcceptedAnswerId"].dropna().astype(int))]
    top = unique_max(accepted["OwnerUserId"].dropna().astype(int).value_counts())
    name = users.loc[users["Id"] == top, "DisplayName"].item()
    assert (users["DisplayName"] == name).sum() == 1
    a["se_most_accepted_user"] = name

    # sec -------------------------------------------------------------------------------------------
    facts = read_facts(d / data.SEC_FILE)
    latest = facts.sort_values(["filed", "accn"]).groupby(["concept", "start", "end"], dropna=False).tail(1)
    rev = latest[latest["concept"].isin(REVENUE)].sort_values("filed").groupby(["start", "end"]).tail(1)
    annual_rev = rev[rev["days"].between(350, 380)].set_index("end")["val"]
    tenk_rev = facts[facts["concept"].isin(REVENUE) & (facts["form"] == "10-K") & facts["days"].between(350, 380)]
    fy_end = tenk_rev.groupby("fy")["end"].max()  # a 10-K's own fiscal year is the latest it reports
    fy_start = tenk_rev.loc[tenk_rev.groupby("fy")["end"].idxmax()].set_index("fy")["start"]

    def annual(concept_rows: pd.DataFrame, fy: int) -> int:
        rows = concept_rows[concept_rows["days"].between(350, 380) & (concept_rows["end"] == fy_end[fy])]
        return int(rows.sort_values("filed")["val"].iloc[-1])

    assets = latest[(latest["concept"] == "Assets") & latest["start"].isna()].set_index("end")["val"]
    a["sec_assets_fy2023"] = int(assets[fy_end[2023]])
    shares = facts[facts["concept"] == "EntityCommonStockSharesOutstanding"].sort_values("filed")
    a["sec_shares_latest"] = int(shares["val"].iloc[-1])
    a["sec_revenue_fy2021"] = int(annual_rev[fy_end[2021]])
    new_rev = facts[facts["concept"] == REVENUE[1]]
    careless["sec_revenue_fy2021"] = int(new_rev[(new_rev["fy"] == 2021) & (new_rev["fp"] == "FY")]["val"].iloc[0])
    ni = latest[latest["concept"] == "NetIncomeLoss"]
    a["sec_net_margin_fy2023"] = float(100 * annual(ni, 2023) / annual_rev[fy_end[2023]])
    buy = latest[latest["concept"] == "PaymentsForRepurchaseOfCommonStock"]
    ytd = buy[buy["start"] == fy_start[2024]].sort_values("end")
    q_filings = facts[(facts["fy"] == 2024) & facts["fp"].isin(["Q2", "Q3"]) & facts["start"].notna()]
    q_end = q_filings.groupby("fp")["end"].max()  # a 10-Q's own quarter is the latest it reports
    nine = ytd.loc[ytd["end"] == q_end["Q3"], "val"].item()
    six = ytd.loc[ytd["end"] == q_end["Q2"], "val"].item()
    a["sec_buyback_q3_2024"] = int(nine - six)
    raw_q3 = facts[
        (facts["concept"] == "PaymentsForRepurchaseOfCommonStock") & (facts["fy"] == 2024) & (facts["fp"] == "Q3")
    ]
    careless["sec_buyback_q3_2024"] = int(raw_q3.sort_values("end")["val"].iloc[-1])
    best = 0
    for fy in range(2020, 2025):
        start = fy_start[fy]
        three = rev[rev["days"].between(85, 100) & (rev["start"] >= start) & (rev["end"] <= fy_end[fy])]
        assert len(three) == 3, three
        nine_months = rev[(rev["start"] == start) & rev["days"].between(260, 280)]["val"].item()
        q4_rev = annual_rev[fy_end[fy]] - nine_months  # no fourth-quarter filing: the year less nine months
        best = max(best, int(three["val"].max()), int(q4_rev))
    a["sec_best_quarter"] = best
    a["sec_growth_2016_2024"] = float(100 * (annual_rev[fy_end[2024]] / annual_rev[fy_end[2016]] - 1))
    return a, careless


def render(value) -> str:
    """An answer as the assistant might state it."""
    if isinstance(value, str):
        return f"The answer is {value}."
    if float(value).is_integer() and not isinstance(value, float):
        return f"The answer is {int(value)}."
    return f"The answer is {float(value):.4f}."


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout22_a_"))
    out.mkdir(parents=True, exist_ok=True)
    again = Path(tempfile.mkdtemp(prefix="heldout22_b_", dir=out.resolve().parent))
    try:
        data.write_files(out)
        data.write_files(again)
        same = all((out / f).read_bytes() == (again / f).read_bytes() for f in data.FILES)
    finally:
        shutil.rmtree(again, ignore_errors=True)

    refs = references()
    got, careless = answers(out)
    assert set(careless) == set(TRAPS), "every documented trap is checked, and only those"
    ok = 0
    for task in TASKS:
        value = got[task.id]
        if task.kind == "number" and isinstance(refs[task.id], int) and float(value).is_integer():
            value = int(value)
        good = score.correct(render(value), refs[task.id], task.kind, task.aliases)
        ok += good
        if not good:
            print(f"DISAGREE {task.id}: careful {got[task.id]!r} vs reference {refs[task.id]!r}")
    kinds = {t.id: t for t in TASKS}
    bite = 0
    for tid, value in careless.items():
        task = kinds[tid]
        wrong = value != got[tid] and not score.correct(render(value), refs[tid], task.kind, task.aliases)
        bite += wrong
        if not wrong:
            print(f"TRAP DOES NOT BITE {tid}: careless {value!r} vs reference {refs[tid]!r}")
    print(f"{ok}/{len(TASKS)} tasks agree; {bite}/{len(careless)} traps bite; files reproducible: {same}")
    return 0 if ok == len(TASKS) and bite == len(careless) and same else 1


if __name__ == "__main__":
    sys.exit(main())
