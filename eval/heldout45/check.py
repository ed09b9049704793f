"""Check the forty-fifth held-out set end to end.

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

CORN_YIELD = "CORN, GRAIN - YIELD, MEASURED IN BU / ACRE"
CORN_PROD = "CORN, GRAIN - PRODUCTION, MEASURED IN BU"
SOY_YIELD = "SOYBEANS - YIELD, MEASURED IN BU / ACRE"
OTHER = "OTHER (COMBINED) COUNTIES"


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_nass(d: Path) -> pd.DataFrame:
    """Codes kept as text; the value's thousands separators removed and (D) (withheld) made missing."""
    n = pd.read_csv(d / data.NASS_FILE, dtype={"State ANSI": str, "County ANSI": str, "Ag District Code": str})
    n["value"] = pd.to_numeric(n["Value"].str.replace(",", "", regex=False).str.strip(), errors="coerce")
    n["is_county"] = (n["Geo Level"] == "COUNTY") & (n["County"] != OTHER)
    return n


def county_item(n: pd.DataFrame, year: int, item: str) -> pd.Series:
    """Published county values of one item and year (not the state row, not the combined counties), by county."""
    s = n[n["is_county"] & (n["Year"] == year) & (n["Data Item"] == item)].set_index("County")["value"]
    return s.dropna()


def state_item(n: pd.DataFrame, year: int, item: str) -> float:
    return float(n.loc[(n["Geo Level"] == "STATE") & (n["Year"] == year) & (n["Data Item"] == item), "value"].item())


def read_usdm(d: Path) -> pd.DataFrame:
    u = pd.read_csv(d / data.USDM_FILE)
    u["date"] = pd.to_datetime(u["MapDate"].astype(str), format="%Y%m%d")
    return u


def read_zendesk(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The export is one ticket a line in a zip (read_json parses created_at itself); the metrics flattened."""
    tk = pd.read_json(d / data.ZD_ZIP, lines=True)
    assert str(tk["created_at"].dtype).startswith("datetime64") and str(tk["created_at"].dt.tz) == "UTC"
    tk["channel"] = tk["via"].str["channel"]
    tk["score"] = tk["satisfaction_rating"].str["score"]
    tk["area"] = tk["custom_fields"].apply(lambda fs: next(f["value"] for f in fs if f["id"] == 360041128731))
    tk["merged"] = tk["tags"].apply(lambda tags: "closed_by_merge" in tags)
    tk["local"] = tk["created_at"].dt.tz_convert("America/Chicago")
    doc = json.loads((d / data.METRICS_FILE).read_text(encoding="utf-8"))
    m = pd.json_normalize(doc["ticket_metrics"])
    return tk, m


def read_wonder(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The monthly rows (no Notes) and the Total rows; the notes below the table dropped."""
    w = pd.read_csv(d / data.WONDER_FILE, sep="\t", dtype={"Residence State Code": str, "Month Code": str})
    months = w[w["Notes"].isna() & w["Month Code"].notna()].copy()
    months["Deaths"] = months["Deaths"].astype(int)
    months["year"] = months["Month Code"].str[:4].astype(int)
    totals = w[w["Notes"] == "Total"].copy()
    totals["Deaths"] = totals["Deaths"].astype(int)
    return months, totals


def read_census(d: Path) -> pd.DataFrame:
    """Header on rows 3-4 (the years on row 4); the names' leading dots stripped; notes below dropped."""
    raw = pd.read_excel(d / data.CENSUS_FILE, header=None)
    years = raw.iloc[3]
    c = raw.iloc[4:].copy()
    c.columns = ["area", "base", *[int(y) for y in years.iloc[2:]]]
    c = c[c[2023].apply(lambda v: isinstance(v, (int, float)) and v == v)]
    c["area"] = c["area"].str.lstrip(".")
    return c.set_index("area")


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    n = read_nass(d)
    u = read_usdm(d)
    a["ia_state_yield"] = state_item(n, 2022, CORN_YIELD)
    a["ia_soy_top"] = unique_max(county_item(n, 2021, SOY_YIELD))
    a["ia_linn_none"] = int(((u["County"] == f"{data.IA_LINN} County") & (u["None"] == 100)).sum())
    a["ia_corn_total"] = int(state_item(n, 2023, CORN_PROD))
    a["ia_counties_200"] = int((county_item(n, 2023, CORN_YIELD) >= 200).sum())
    a["ia_median_soy"] = round(float(county_item(n, 2020, SOY_YIELD).median()), 2)
    day = u[u["date"] == pd.Timestamp(data.IA_D1_DATE)]
    assert len(day) == 99
    a["ia_d1_only"] = round(float((day["D1"] - day["D2"]).mean()), 2)
    y23 = n[n["is_county"] & (n["Year"] == 2023) & (n["Data Item"] == CORN_YIELD)].dropna(subset=["value"])
    y23 = y23.assign(FIPS=19000 + y23["County ANSI"].astype(int)).set_index("FIPS")["value"]
    summer = u[(u["date"] >= "2023-06-01") & (u["date"] <= "2023-08-31")].groupby("FIPS")["D2"].mean()
    joined = pd.concat([y23.rename("yield"), summer.rename("d2")], axis=1, join="inner")
    assert len(joined) == len(y23)
    a["ia_corr"] = round(float(joined["yield"].corr(joined["d2"])), 2)
    drop = (county_item(n, 2022, CORN_YIELD) - county_item(n, 2023, CORN_YIELD)).dropna()
    a["ia_drop"] = unique_max(drop)
    monthly = u.set_index("date")["D2"].resample("MS").mean()
    a["ia_month"] = unique_max(monthly).strftime("%B")

    tk, m = read_zendesk(d)
    a["zd_urgent"] = int((tk["priority"] == "urgent").sum())
    a["zd_email"] = int((tk["channel"] == "email").sum())
    a["zd_reopened"] = int((m["reopens"] > 0).sum())
    a["zd_subject"] = int(tk["subject"].str.contains(r"\bw-?2\b", case=False, regex=True).sum())
    sc = tk["score"].value_counts()
    a["zd_csat"] = round(float(100 * sc["good"] / (sc["good"] + sc["bad"])), 1)
    a["zd_area_urgent"] = unique_max(tk.loc[tk["priority"] == "urgent", "area"].value_counts())
    a["zd_month"] = unique_max(tk["local"].dt.strftime("%Y-%m").value_counts())
    a["zd_month"] = pd.Timestamp(a["zd_month"] + "-01").strftime("%B %Y")
    a["zd_weekend"] = int((tk["local"].dt.day_of_week >= 5).sum())
    j = m.merge(tk[["id", "status", "merged", "channel"]], left_on="ticket_id", right_on="id", suffixes=("_m", ""))
    assert len(j) == len(tk) == len(m)
    done = j[j["status"].isin(["solved", "closed"]) & ~j["merged"]]
    a["zd_merge"] = round(float(done["full_resolution_time_in_minutes.calendar"].median() / 60), 1)
    replied = j.dropna(subset=["reply_time_in_minutes.business"])
    a["zd_slow_channel"] = unique_max(replied.groupby("channel")["reply_time_in_minutes.business"].median())

    months, totals = read_wonder(d)
    c = read_census(d)
    state, y, mo = data.OD_FL
    a["od_fl_mar"] = int(months.loc[(months["Residence State"] == state) & (months["Month Code"] == f"{y}/{mo:02d}"),
                                    "Deaths"].item())  # fmt: skip
    a["od_tx_pop"] = int(c.loc[data.OD_POP_STATE, 2023])
    ty, tm = data.OD_TOP_MONTH
    a["od_jan_top"] = unique_max(
        months[months["Month Code"] == f"{ty}/{tm:02d}"].set_index("Residence State")["Deaths"]
    )
    a["od_total"] = int(totals.loc[totals["Residence State"].isna(), "Deaths"].item())
    a["od_small_total"] = int(totals.loc[totals["Residence State"] == data.OD_SMALL, "Deaths"].item())
    a["od_missing"] = 48 - int((months["Residence State"] == data.OD_SUPPRESSED).sum())
    d23 = months[months["year"] == 2023].groupby("Residence State")["Deaths"].sum()
    rate = 1e5 * d23 / c.loc[d23.index, 2023].astype(float)
    a["od_rate_top"] = unique_max(rate)
    a["od_us_rate"] = round(float(1e5 * d23.sum() / c.loc["United States", 2023]), 1)
    national = months.groupby("Month Code")["Deaths"].sum()
    a["od_month_peak"] = pd.Timestamp(unique_max(national).replace("/", "-") + "-01").strftime("%B %Y")
    by_year = months.groupby("year")["Deaths"].sum()
    a["od_fall"] = round(float(100 * (by_year[2023] - by_year[2024]) / by_year[2023]), 1)
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    n = read_nass(d)
    u = read_usdm(d)
    c["ia_corn_total"] = int(n.loc[(n["Year"] == 2023) & (n["Data Item"] == CORN_PROD), "value"].sum())
    rows = n[(n["Geo Level"] == "COUNTY") & (n["Year"] == 2023) & (n["Data Item"] == CORN_YIELD)]
    c["ia_counties_200"] = int((rows["value"] >= 200).sum())
    c["ia_d1_only"] = round(float(u.loc[u["date"] == pd.Timestamp(data.IA_D1_DATE), "D1"].mean()), 2)

    tk, m = read_zendesk(d)
    surveyed = tk[tk["score"] != "unoffered"]
    c["zd_csat"] = round(float(100 * (surveyed["score"] == "good").mean()), 1)
    c["zd_weekend"] = int((tk["created_at"].dt.day_of_week >= 5).sum())
    j = m.merge(tk[["id", "status"]], left_on="ticket_id", right_on="id", suffixes=("_m", ""))
    done = j[j["status"].isin(["solved", "closed"])]
    c["zd_merge"] = round(float(done["full_resolution_time_in_minutes.calendar"].median() / 60), 1)

    w = pd.read_csv(d / data.WONDER_FILE, sep="\t")
    c["od_total"] = int(w["Deaths"].sum())
    months, _totals = read_wonder(d)
    c["od_small_total"] = int(months.loc[months["Residence State"] == data.OD_SMALL, "Deaths"].sum())
    raw = pd.read_excel(d / data.CENSUS_FILE, header=3)
    col = pd.to_numeric(raw[2023], errors="coerce").sum()
    c["od_us_rate"] = round(float(1e5 * months.loc[months["year"] == 2023, "Deaths"].sum() / col), 1)
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout45-"))
    other = Path(tempfile.mkdtemp(prefix="heldout45-again-"))
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
