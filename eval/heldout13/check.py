"""Check the thirteenth held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import calendar
import importlib.util
import json
import re
import sys
import tempfile
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import data  # noqa: E402
from tasks import TASKS, TRAPS, references  # noqa: E402

SCORE = HERE.parent / "score.py"
_spec = importlib.util.spec_from_file_location("score", SCORE)
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_results(d: Path) -> pd.DataFrame:
    # a title, a note and a blank line above the header
    return pd.read_csv(d / data.MAR_FILE, skiprows=3)


def seconds(col: pd.Series) -> pd.Series:
    """h:mm:ss or (under an hour) mm:ss as seconds; DNF, DSQ and blanks as NaN."""

    def one(v) -> float:
        if not isinstance(v, str) or not re.fullmatch(r"\d+:\d{2}(?::\d{2})?", v.strip()):
            return float("nan")
        parts = [int(p) for p in v.strip().split(":")]
        h, m, s = ([0] + parts)[-3:]
        return float(3600 * h + 60 * m + s)

    return col.map(one)


def read_ferry(d: Path) -> pd.DataFrame:
    with open(d / data.FERRY_FILE, encoding="utf-8") as f:
        fe = pd.json_normalize([json.loads(line) for line in f if line.strip()])
    fe["scheduled"] = pd.to_datetime(fe["scheduled_departure"], utc=True)
    fe["actual"] = pd.to_datetime(fe["actual_departure"], utc=True)
    fe["local"] = fe["scheduled"].dt.tz_convert("Europe/London")
    return fe


AE_COLUMNS = ["Period", "Org Code", "Parent Org", "Org name", "t1", "t2", "t3", "att", "b1", "b2", "b3", "br"]
AE_COLUMNS += ["pct", "adm_t1", "adm_total", "w12"]


def read_ae(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    # title rows, a blank row, a group-header row, then the header (its type names repeat per group)
    raw = pd.read_excel(d / data.AE_FILE, sheet_name="Provider Level Data", header=5)
    assert len(raw.columns) == len(AE_COLUMNS)
    raw.columns = AE_COLUMNS
    raw = raw[raw["Period"].astype(str).str.startswith("MSitAE")].copy()  # notes below the table
    for c in AE_COLUMNS[4:]:
        raw[c] = pd.to_numeric(raw[c], errors="coerce").fillna(0)  # "-": no such service
    raw["month"] = pd.to_datetime(raw["Period"].str.replace("MSitAE-", ""), format="%B-%Y")
    return raw, raw[raw["Org Code"] != "-"]  # the second without each month's Total row


def read_meters(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    m = pd.read_parquet(d / data.METER_FILE)
    latest = m.sort_values("received_at_utc", kind="stable").drop_duplicates(
        ["mpan", "interval_start_utc"], keep="last"
    )
    latest = latest.assign(local=latest["interval_start_utc"].dt.tz_localize("UTC").dt.tz_convert("Europe/London"))
    return m, latest


def read_sites(d: Path) -> pd.DataFrame:
    st = pd.read_csv(d / data.SITES_FILE, sep="\t", thousands=",", dtype={"mpan": str})
    st["mpan_key"] = st["mpan"].str.replace(" ", "")  # the meter export writes the MPAN without spaces
    return st


def answers(d: Path) -> tuple[dict, dict]:
    a, careless = {}, {}

    # marathon --------------------------------------------------------------------------------------
    r = read_results(d)
    r["chip_s"] = seconds(r["Chip Time"])
    fin = r[r["chip_s"].notna()].copy()
    assert len(fin) + (r["Chip Time"].isin(["DNF", "DSQ"])).sum() == len(r)
    a["mar_dnf_count"] = int((r["Chip Time"] == "DNF").sum())
    a["mar_m50_finishers"] = int((fin["Category"] == "M50").sum())
    a["mar_median_chip"] = float(fin["chip_s"].median() / 60)
    a["mar_harriers"] = int(fin["Club"].fillna("").str.contains("harriers", case=False).sum())
    f40 = fin[fin["Category"] == "F40"]
    a["mar_f40_fastest"] = f40.loc[f40["chip_s"].idxmin(), "Name"]
    half = seconds(fin["Half"])
    h = fin[half.notna()]
    a["mar_negative_split_pct"] = float(100 * ((h["chip_s"] - half[h.index]) < half[h.index]).mean())
    k10 = seconds(fin["10K"])
    a["mar_split_corr"] = float(k10.corr(fin["chip_s"]))
    coerced = pd.to_timedelta(fin["10K"], errors="coerce").dt.total_seconds()  # mm:ss splits become NaT
    careless["mar_split_corr"] = float(coerced.corr(fin["chip_s"]))

    # ferry -----------------------------------------------------------------------------------------
    fe = read_ferry(d)
    a["fer_cancelled"] = int((fe["status"] == "CANCELLED").sum())
    a["fer_max_pax"] = int(fe["carried.passengers"].max())
    a["fer_vessel_count"] = int(fe["vessel"].nunique())
    ard = fe["route"].isin(["ARD-BRO", "BRO-ARD"])
    a["fer_route_cars"] = int(fe.loc[ard, "carried.cars"].sum())
    delay = (fe["actual"] - fe["scheduled"]).dt.total_seconds()
    departed = fe["status"] == "DEPARTED"
    a["fer_on_time_pct"] = float(100 * (delay[departed] <= 300).mean())
    careless["fer_on_time_pct"] = float(100 * (delay <= 300).mean())  # cancelled sailings as late
    a["fer_early_sailings"] = int((fe["local"].dt.hour < 7).sum())
    careless["fer_early_sailings"] = int((fe["scheduled"].dt.hour < 7).sum())  # the UTC clock
    share = (fe["status"] == "CANCELLED").groupby(fe["local"].dt.month).mean()
    a["fer_worst_month"] = calendar.month_name[int(share.idxmax())]
    pax = pd.Series(fe["carried.passengers"].fillna(0).to_numpy(), index=fe["local"])
    a["fer_weekly_peak"] = int(pax.sort_index().resample("W-SUN").sum().max())

    # a&e -------------------------------------------------------------------------------------------
    ae_all, ae = read_ae(d)
    tr = pd.read_excel(d / data.AE_FILE, sheet_name="Trusts")
    a["ae_region_trusts"] = int((tr["Region"] == "London").sum())
    a["ae_biggest_catchment"] = tr.loc[tr["Catchment population (2023)"].idxmax(), "Trust name"]
    a["ae_total_attendances"] = int(ae["att"].sum())
    careless["ae_total_attendances"] = int(ae_all["att"].sum())  # each month's Total row counted too
    top = ae.groupby("month")["t1"].sum().idxmax()
    a["ae_busiest_month"] = top.strftime("%B %Y")
    a["ae_england_4hr"] = float(100 * (1 - ae["br"].sum() / ae["att"].sum()))
    careless["ae_england_4hr"] = float(100 * ae["pct"].mean())  # the providers' percentages averaged
    reg = ae.groupby("Parent Org")[["w12", "adm_t1"]].sum()
    a["ae_region_12hr"] = (1000 * reg["w12"] / reg["adm_t1"]).idxmax()
    year = ae.groupby(["Org Code", "Org name"], as_index=False)["t1"].sum()
    j = year.merge(tr, left_on="Org Code", right_on="ODS code")
    assert len(j) == len(year) == len(tr)
    a["ae_per_population"] = j.loc[(1000 * j["t1"] / j["Catchment population (2023)"]).idxmax(), "Org name"]

    # energy ----------------------------------------------------------------------------------------
    m, latest = read_meters(d)
    st = read_sites(d)
    a["en_school_count"] = int((st["site_type"] == "School").sum())
    a["en_estimated_rows"] = int((m["quality"] == "E").sum())
    a["en_max_reading"] = float(m["kwh"].max())
    a["en_floor_area"] = int(st["floor_area_m2"].sum())
    installed = pd.to_datetime(st["smart_meter_installed"], format="%d/%m/%Y")
    a["en_install_before"] = int((installed < "2020-07-01").sum())
    sloppy = pd.to_datetime(st["smart_meter_installed"], format="mixed")  # month-first where it can be
    careless["en_install_before"] = int((sloppy < "2020-07-01").sum())
    a["en_total_kwh"] = float(latest["kwh"].sum())
    careless["en_total_kwh"] = float(m["kwh"].sum())  # superseded estimates counted as well
    y2024 = latest[latest["local"].dt.year == 2024]
    per = y2024.groupby("mpan")["kwh"].sum().rename("kwh").reset_index()
    js = st.merge(per, left_on="mpan_key", right_on="mpan", suffixes=("", "_meter"))
    assert len(js) == len(st) == len(per)
    a["en_kwh_per_m2"] = js.loc[(js["kwh"] / js["floor_area_m2"]).idxmin(), "site_name"]
    schools = st.loc[st["site_type"] == "School", "mpan_key"]
    sch = y2024[y2024["mpan"].isin(schools)]
    a["en_school_peak_month"] = calendar.month_name[int(sch.groupby(sch["local"].dt.month)["kwh"].sum().idxmax())]
    return a, careless


def render(value) -> str:
    """An answer as the assistant might state it."""
    if isinstance(value, str):
        return f"The answer is {value}."
    if float(value).is_integer() and not isinstance(value, float):
        return f"The answer is {int(value)}."
    return f"The answer is {float(value):.4f}."


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout13_a_"))
    again = Path(tempfile.mkdtemp(prefix="heldout13_b_"))
    data.write_files(out)
    data.write_files(again)
    same = all((out / f).read_bytes() == (again / f).read_bytes() for f in data.FILES)

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
