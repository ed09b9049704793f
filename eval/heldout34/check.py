"""Check the thirty-fourth held-out set end to end.

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
from tasks import OMEPRAZOLE, TASKS, TRAPS, references  # noqa: E402

SCORE = HERE.parent / "score.py"
if not SCORE.exists():
    SCORE = Path("/work/main/eval/score.py")
_spec = importlib.util.spec_from_file_location("score", SCORE)
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)

SR_TIME = "%m/%d/%Y %I:%M:%S %p"


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_reviews(d: Path) -> tuple[list[dict], pd.DataFrame]:
    """The API's pages, and one row per review object (author flattened), repeats included."""
    pages = [json.loads(x) for x in (d / data.ST_FILE).read_text(encoding="utf-8").splitlines() if x.strip()]
    return pages, pd.json_normalize([r for p in pages for r in p["reviews"]])


def read_clockify(d: Path) -> pd.DataFrame:
    ck = pd.read_excel(d / data.CK_FILE)
    ck["hours"] = pd.to_timedelta(ck["Duration (h)"]).dt.total_seconds() / 3600
    assert (ck["hours"] - ck["Duration (decimal)"]).abs().max() <= 0.005 + 1e-9
    ck["start"] = pd.to_datetime(ck["Start Date"], format="%d/%m/%Y")  # the workspace writes day/month/year
    return ck


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    epd = pd.read_csv(d / data.EPD_FILE)
    a["epd_nic_march"] = round(float(epd.loc[epd["YEAR_MONTH"] == 202403, "NIC"].sum()), 2)
    a["epd_top_practice"] = unique_max(epd.groupby("PRACTICE_NAME")["ACTUAL_COST"].sum())
    ator = epd[(epd["CHEMICAL_SUBSTANCE_BNF_DESCR"] == "Atorvastatin") & (epd["YEAR_MONTH"] == 202401)]
    a["epd_atorvastatin"] = int(ator["ITEMS"].sum())
    a["epd_chapter"] = unique_max(epd.groupby("BNF_CHAPTER_PLUS_CODE")["NIC"].sum())
    ods = pd.read_csv(d / data.ODS_FILE, header=None, dtype=str, keep_default_na=False)  # no header row
    assert ods.shape[1] == 27
    a["epd_active_gp"] = int(((ods[12] == "A") & (ods[25] == "4")).sum())
    a["epd_omeprazole"] = int(epd.loc[epd["BNF_DESCRIPTION"] == OMEPRAZOLE, "TOTAL_QUANTITY"].sum())
    anti = epd[epd["BNF_CODE"].str.startswith("0501")].groupby("YEAR_MONTH")["ITEMS"].sum()
    a["epd_antibacterial"] = round(float(100 * (anti[202401] - anti[202403]) / anti[202401]), 1)
    closed = set(ods.loc[ods[12] == "C", 0])
    a["epd_closed_nic"] = round(float(epd.loc[epd["PRACTICE_CODE"].isin(closed), "NIC"].sum()), 2)

    pages, rev = read_reviews(d)
    assert pages[-1]["reviews"] == []
    st = rev.drop_duplicates("recommendationid")
    a["st_language"] = unique_max(st.loc[st["language"] != "english", "language"].value_counts())
    a["st_summary"] = pages[0]["query_summary"]["review_score_desc"]
    a["st_distinct"] = int(rev["recommendationid"].nunique())
    assert a["st_distinct"] == pages[0]["query_summary"]["total_reviews"]
    a["st_playtime"] = round(float(st.loc[st["voted_up"], "author.playtime_at_review"].median()) / 60, 1)
    created = pd.to_datetime(st["timestamp_created"], unit="s", utc=True)
    a["st_march"] = int(((created >= "2024-03-01") & (created < "2024-04-01")).sum())
    share = st.groupby("written_during_early_access")["voted_up"].mean()
    a["st_ea_gap"] = round(float(100 * (share[True] - share[False])), 1)
    a["st_edited"] = int(((st["timestamp_updated"] - st["timestamp_created"]) > 30 * 86400).sum())

    sr = pd.read_parquet(d / data.SR_FILE)
    kind = sr["Complaint Type"]
    a["sr_heat"] = int((kind == "HEAT/HOT WATER").sum())
    a["sr_agency"] = unique_max(sr["Agency"].value_counts())
    a["sr_mobile"] = int((sr["Open Data Channel Type"] == "MOBILE").sum())
    noise = kind.str.startswith("Noise")
    a["sr_noise"] = int(noise.sum())
    a["sr_not_closed"] = int((sr["Status"] != "Closed").sum())
    assert a["sr_not_closed"] == sr["Closed Date"].isna().sum()
    a["sr_zip"] = int(unique_max(sr["Incident Zip"].dropna().astype(int).value_counts()))
    made = pd.to_datetime(sr["Created Date"], format=SR_TIME)
    a["sr_noise_hour"] = int(unique_max(made[noise].dt.hour.value_counts()))
    heat = sr[(kind == "HEAT/HOT WATER") & sr["Closed Date"].notna()]
    took = pd.to_datetime(heat["Closed Date"], format=SR_TIME) - pd.to_datetime(heat["Created Date"], format=SR_TIME)
    a["sr_heat_hours"] = round(float(took.dt.total_seconds().median() / 3600), 1)

    ck = read_clockify(d)
    a["ck_billable"] = int((ck["Billable"] == "Yes").sum())
    a["ck_client"] = unique_max(ck.groupby("Client")["Billable Amount (GBP)"].sum())
    a["ck_tom_hours"] = round(float(ck.loc[ck["User"] == "Tom Okafor", "hours"].sum()), 1)
    tags = ck["Tags"].fillna("").str.split(", ")
    a["ck_meeting"] = round(float(ck.loc[tags.apply(lambda xs: "Meeting" in xs), "hours"].sum()), 1)
    a["ck_march"] = round(float(ck.loc[ck["start"].dt.month == 3, "hours"].sum()), 1)
    ewa = ck[ck["User"] == "Ewa Nowak"].groupby("start")["hours"].sum()
    a["ck_busiest_day"] = unique_max(ewa).strftime("%Y-%m-%d")
    kes = ck[(ck["Client"] == "Kestrel Outdoor") & (ck["Billable"] == "Yes")]
    a["ck_rate"] = round(float(kes["Billable Amount (GBP)"].sum() / kes["hours"].sum()), 2)
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    epd = pd.read_csv(d / data.EPD_FILE)
    c["epd_atorvastatin"] = int(
        ((epd["CHEMICAL_SUBSTANCE_BNF_DESCR"] == "Atorvastatin") & (epd["YEAR_MONTH"] == 202401)).sum()
    )
    ods = pd.read_csv(d / data.ODS_FILE)  # the first practice taken for the header
    c["epd_active_gp"] = int(((ods.iloc[:, 12] == "A") & (ods.iloc[:, 25] == 4)).sum())
    c["epd_omeprazole"] = int(epd.loc[epd["BNF_DESCRIPTION"] == OMEPRAZOLE, "QUANTITY"].sum())

    _pages, rev = read_reviews(d)
    c["st_distinct"] = len(rev)
    st = rev.drop_duplicates("recommendationid")
    c["st_playtime"] = round(float(st.loc[st["voted_up"], "author.playtime_at_review"].median()), 1)

    sr = pd.read_parquet(d / data.SR_FILE)
    c["sr_noise"] = int((sr["Complaint Type"] == "Noise").sum())
    c["sr_not_closed"] = int((sr["Status"] == "Open").sum())
    noise = sr[sr["Complaint Type"].str.startswith("Noise")]
    c["sr_noise_hour"] = int(unique_max(noise["Created Date"].str[11:13].astype(int).value_counts()))

    ck = read_clockify(d)
    c["ck_meeting"] = round(float(ck.loc[ck["Tags"] == "Meeting", "hours"].sum()), 1)
    start = pd.to_datetime(ck["Start Date"], format="mixed")  # month first wherever it can be
    c["ck_march"] = round(float(ck.loc[start.dt.month == 3, "hours"].sum()), 1)
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout34-"))
    other = Path(tempfile.mkdtemp(prefix="heldout34-again-"))
    try:
        data.write_files(out)
        data.write_files(other)
        same = all((out / f).read_bytes() == (other / f).read_bytes() for f in data.FILES)
        total = sum((out / f).stat().st_size for f in data.FILES)
        print(f"files: {', '.join(data.FILES)} ({total / 1e6:.1f} MB)")
        refs = references()
        got = answers(out)
        ok = 0
        for task in TASKS:
            good = score.correct(str(got[task.id]), refs[task.id], task.kind, task.aliases)
            ok += good
            if not good:
                print(f"DISAGREE {task.id}: reference {refs[task.id]!r}, from the files {got[task.id]!r}")
        bad = careless(out)
        bites = 0
        for tid in TRAPS:
            task = next(t for t in TASKS if t.id == tid)
            wrong = bad[tid]
            bit = wrong != refs[tid] and not score.correct(str(wrong), refs[tid], task.kind, task.aliases)
            bites += bit
            if not bit:
                print(f"TRAP DOES NOT BITE {tid}: careless {wrong!r}, reference {refs[tid]!r}")
        print(f"{ok}/{len(TASKS)} tasks agree; {bites}/{len(TRAPS)} traps bite; files reproducible: {same}")
        return 0 if ok == len(TASKS) and bites == len(TRAPS) and same else 1
    finally:
        shutil.rmtree(other, ignore_errors=True)
        if len(sys.argv) <= 1:
            shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
