"""Check the sixteenth held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import tempfile
import zipfile
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


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_issues(d: Path) -> pd.DataFrame:
    gh = pd.read_json(d / data.GH_FILE)  # created_at, updated_at, closed_at come back as UTC datetimes
    gh["is_pr"] = gh["pull_request"].apply(lambda p: isinstance(p, dict))
    gh["login"] = gh["user"].apply(lambda u: u["login"])
    gh["label_names"] = gh["labels"].apply(lambda labels: [lab["name"] for lab in labels])
    gh["reaction_count"] = gh["reactions"].apply(lambda r: r["total_count"])
    merged = gh["pull_request"].apply(lambda p: p.get("merged_at") if isinstance(p, dict) else None)
    gh["merged_at"] = pd.to_datetime(merged, utc=True)
    return gh


def read_downloads(d: Path) -> pd.DataFrame:
    dl = pd.read_parquet(d / data.PYPI_FILE)
    dl["download_date"] = pd.to_datetime(dl["download_date"])
    return dl


def read_trials(d: Path) -> pd.DataFrame:
    ct = pd.read_csv(d / data.CTG_FILE)  # note: the phase "NA" is read as missing, which is harmless here
    for col in ("Start Date", "Primary Completion Date"):
        ct[col] = pd.to_datetime(ct[col], format="ISO8601")  # '2021-03' -> 2021-03-01, '2021-03-15' as is
    return ct


def read_crime(d: Path) -> pd.DataFrame:
    with zipfile.ZipFile(d / data.POL_FILE) as z:
        names = sorted(n for n in z.namelist() if n.endswith("-street.csv"))
        crime = pd.concat([pd.read_csv(z.open(n), dtype={"Month": str}) for n in names], ignore_index=True)
    crime["district"] = crime["LSOA name"].str.replace(r" \d{3}[A-Z]$", "", regex=True)
    return crime


def read_population(d: Path, sheet: str = "MYE2 - Persons") -> pd.DataFrame:
    return pd.read_excel(d / data.POP_FILE, sheet_name=sheet, header=7)  # seven lines of titles above the header


def day_text(d) -> str:
    return f"{d.day} {d:%B %Y}"


def answers(d: Path) -> tuple[dict, dict]:
    a, careless = {}, {}

    # GitHub issues ---------------------------------------------------------------------------------
    gh = read_issues(d)
    issues = gh[~gh["is_pr"]]
    a["gh_dependabot"] = int((gh["login"] == "dependabot[bot]").sum())
    a["gh_most_comments"] = int(gh.loc[gh["comments"].idxmax(), "number"])
    assert (gh["comments"] == gh["comments"].max()).sum() == 1
    a["gh_prs_2023"] = int((gh["is_pr"] & (gh["created_at"].dt.year == 2023)).sum())
    a["gh_open_issues"] = int((issues["state"] == "open").sum())
    careless["gh_open_issues"] = int((gh["state"] == "open").sum())  # pull requests too
    i24 = issues[issues["created_at"].dt.year == 2024]
    a["gh_top_label"] = i24["label_names"].explode().value_counts().idxmax()
    i23 = issues[issues["created_at"].dt.year == 2023]
    a["gh_comments_reactions_corr"] = float(i23["comments"].corr(i23["reaction_count"]))
    berlin = issues["created_at"].dt.tz_convert("Europe/Berlin")
    a["gh_evening_berlin"] = int(berlin.dt.hour.between(18, 23).sum())
    careless["gh_evening_berlin"] = int(issues["created_at"].dt.hour.between(18, 23).sum())  # UTC hours
    bugs = issues[
        issues["label_names"].apply(lambda names: "bug" in names)
        & (issues["state_reason"] == "completed")
        & (issues["closed_at"].dt.year == 2024)
    ]
    a["gh_bug_close_days"] = float(((bugs["closed_at"] - bugs["created_at"]).dt.total_seconds() / 86400).median())
    merged = gh["merged_at"].dropna().dt.tz_convert(None)
    a["gh_merged_peak_month"] = f"{merged.dt.to_period('M').value_counts().idxmax():%B %Y}"

    # PyPI downloads --------------------------------------------------------------------------------
    dl = read_downloads(d)
    y24 = dl[dl["download_date"].dt.year == 2024]
    a["pypi_total_2024"] = int(y24["downloads"].sum())
    daily = dl.groupby("download_date")["downloads"].sum()
    a["pypi_top_day"] = day_text(daily.idxmax())
    known = y24.dropna(subset=["python_version"])
    parts = known["python_version"].str.split(".", expand=True).astype(int)
    newer = (parts[0] > 3) | ((parts[0] == 3) & (parts[1] >= 10))
    a["pypi_py310_share"] = float(100 * known.loc[newer, "downloads"].sum() / known["downloads"].sum())
    as_text = known["python_version"] >= "3.10"  # '3.9' >= '3.10' as strings
    careless["pypi_py310_share"] = float(100 * known.loc[as_text, "downloads"].sum() / known["downloads"].sum())
    by_country = y24.groupby("country_code")["downloads"].sum().sort_values(ascending=False)  # nulls dropped
    a["pypi_second_country"] = by_country.index[1]
    dec = daily[(daily.index.year == 2024) & (daily.index.month == 12)]
    assert len(dec) == 31
    a["pypi_std_dec2024"] = float(dec.std())
    monthly = daily.resample("MS").sum()
    a["pypi_peak_month"] = f"{monthly.idxmax():%B %Y}"
    a["pypi_calendar_month"] = f"{pd.Timestamp(2000, monthly.groupby(monthly.index.month).sum().idxmax(), 1):%B}"

    # clinical trials -------------------------------------------------------------------------------
    ct = read_trials(d)
    a["ctg_recruiting"] = int((ct["Study Status"] == "RECRUITING").sum())
    completed = ct[ct["Study Status"] == "COMPLETED"]
    a["ctg_completed_enrol"] = int(completed["Enrollment"].sum())  # NaN skipped
    a["ctg_industry"] = int((ct["Funder Type"] == "INDUSTRY").sum())
    phases = ct["Phases"].fillna("").str.split("|")
    a["ctg_phase3"] = int(phases.apply(lambda p: "PHASE3" in p).sum())
    careless["ctg_phase3"] = int((ct["Phases"] == "PHASE3").sum())
    a["ctg_median_enrol"] = float(completed.loc[completed["Study Type"] == "INTERVENTIONAL", "Enrollment"].median())
    sites = ct["Locations"].fillna("").str.split("|")
    a["ctg_georgia"] = int(sites.apply(lambda ss: any(s.rsplit(",", 1)[-1].strip() == "Georgia" for s in ss)).sum())
    careless["ctg_georgia"] = int(ct["Locations"].str.contains("Georgia", na=False).sum())  # US state too
    dur = (completed["Primary Completion Date"] - completed["Start Date"]).dt.days
    a["ctg_duration"] = float(dur.dropna().median())
    inter = ct[["NCT Number", "Interventions"]].assign(entry=ct["Interventions"].str.split("|")).explode("entry")
    drugs = inter[inter["entry"].str.startswith("DRUG: ", na=False)].copy()
    drugs["drug"] = drugs["entry"].str.removeprefix("DRUG: ").str.strip().str.lower()
    drugs = drugs[~drugs["drug"].str.contains("placebo")].drop_duplicates(["NCT Number", "drug"])
    a["ctg_top_drug"] = drugs["drug"].value_counts().idxmax()

    # crime and population --------------------------------------------------------------------------
    crime = read_crime(d)
    pop = read_population(d)
    a["pol_burglary_mar2024"] = int(((crime["Crime type"] == "Burglary") & (crime["Month"] == "2024-03")).sum())
    a["pop_boston"] = int(pop.loc[pop["Name"] == "Boston", "All ages"].iloc[0])
    c23 = crime[crime["Month"].str.startswith("2023")]
    a["pol_asb_2023"] = int((c23["Crime type"] == "Anti-social behaviour").sum())
    veh = c23[(c23["Crime type"] == "Vehicle crime") & c23["LSOA name"].notna()]
    a["pol_vehicle_district"] = veh["district"].value_counts().idxmax()
    careless["pol_vehicle_district"] = veh["LSOA name"].str.split().str[0].value_counts().idxmax()
    vio = c23[(c23["Crime type"] == "Violence and sexual offences") & c23["LSOA name"].notna()]
    counts = vio.groupby("district").size().rename("crimes").reset_index()
    joined = counts.merge(pop[["Name", "All ages"]], left_on="district", right_on="Name", how="left")
    assert joined["All ages"].notna().all()
    joined["rate"] = 1000 * joined["crimes"] / joined["All ages"]
    a["pol_violence_rate"] = joined.loc[joined["rate"].idxmax(), "district"]
    el = pop[pop["Name"] == "East Lindsey"].iloc[0]
    ages = [c for c in pop.columns if isinstance(c, int)]
    assert ages == list(range(90)) and "90+" in pop.columns
    assert el[ages + ["90+"]].sum() == el["All ages"]
    old = el[[c for c in ages if c >= 65] + ["90+"]].sum()
    a["pop_65plus_pct"] = float(100 * old / el["All ages"])
    careless["pop_65plus_pct"] = float(100 * el[list(range(65, 90))].sum() / el["All ages"])  # 90+ left out
    return a, careless


def render(value) -> str:
    """An answer as the assistant might state it."""
    if isinstance(value, str):
        return f"The answer is {value}."
    if float(value).is_integer() and not isinstance(value, float):
        return f"The answer is {int(value)}."
    return f"The answer is {float(value):.4f}."


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout16_a_"))
    out.mkdir(parents=True, exist_ok=True)
    again = Path(tempfile.mkdtemp(prefix="heldout16_b_", dir=out.resolve().parent))
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
        good = score.correct(render(got[task.id]), refs[task.id], task.kind, task.aliases)
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
