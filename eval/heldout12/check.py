"""Check the twelfth held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import importlib.util
import json
import sqlite3
import sys
import tempfile
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import data  # noqa: E402
from tasks import TASKS, references  # noqa: E402

_spec = importlib.util.spec_from_file_location("score", HERE.parent / "score.py")
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_rides(d: Path) -> pd.DataFrame:
    return pd.read_csv(d / data.BIKE_FILE, parse_dates=["started_at", "ended_at"])


def read_stations(d: Path) -> pd.DataFrame:
    doc = json.loads((d / data.STATION_FILE).read_text(encoding="utf-8"))
    st = pd.DataFrame(doc["data"]["stations"])  # the stations sit under data -> stations
    st["short_name"] = st["short_name"].astype(int)  # the trips file's ids read as float (blank for dockless)
    return st


def read_air(d: Path, careful: bool = True) -> pd.DataFrame:
    aq = pd.read_csv(d / data.AQ_FILE, na_values=[-999] if careful else None)
    aq["utc"] = pd.to_datetime(aq["Date Time (UTC)"]).dt.tz_localize("UTC")
    aq["local"] = aq["utc"].dt.tz_convert("America/Denver")
    return aq


def read_issues(d: Path) -> pd.DataFrame:
    # a title, a note and a blank line above the header; a Total row and a footnote below the branches
    return pd.read_excel(d / data.LIB_FILE, sheet_name="Issues by branch", skiprows=3)


def clean_issues(raw: pd.DataFrame) -> tuple[pd.DataFrame, list]:
    df = raw[
        raw["Branch"].notna() & (raw["Branch"] != "Total") & ~raw["Branch"].astype(str).str.startswith("Figures")
    ].copy()
    months = [c for c in df.columns if c not in ("Branch", "Total")]
    for c in months:  # January was pasted in as text ("1,234"); refurbishment months read "Closed"
        df[c] = pd.to_numeric(df[c].astype(str).str.replace(",", ""), errors="coerce").fillna(0)
    return df, months


def branch_key(name: pd.Series) -> pd.Series:
    s = name.str.lower().str.replace("&", "and").str.replace(r"[.']", "", regex=True).str.strip()
    return s.str.replace(r"^central library$", "central", regex=True)


def read_shop(d: Path) -> dict[str, pd.DataFrame]:
    con = sqlite3.connect(d / data.SHOP_FILE)
    try:
        return {t: pd.read_sql(f"SELECT * FROM {t}", con) for t in ("customers", "products", "orders", "order_items")}
    finally:
        con.close()


def shop_dates(s: pd.Series) -> pd.Series:
    legacy = s.str.contains("/")  # imported orders: dd/mm/yyyy HH:MM; later ones ISO
    out = pd.to_datetime(s.where(~legacy), format="%Y-%m-%d %H:%M:%S")
    return out.fillna(pd.to_datetime(s.where(legacy), format="%d/%m/%Y %H:%M"))


def answers(d: Path) -> tuple[dict, dict]:
    a, careless = {}, {}

    # bike ------------------------------------------------------------------------------------------
    r, st = read_rides(d), read_stations(d)
    a["bike_ride_count"] = len(r)
    a["bike_casual_rides"] = int((r["member_casual"] == "casual").sum())
    dur = (r["ended_at"] - r["started_at"]).dt.total_seconds() / 60
    a["bike_member_minutes"] = float(dur[r["member_casual"] == "member"].mean())
    a["bike_top_start_station"] = r["start_station_name"].value_counts().idxmax()
    a["bike_total_docks"] = int(st["capacity"].sum())
    docked = r.dropna(subset=["start_station_id", "end_station_id"])
    a["bike_same_station_pct"] = 100 * (docked["start_station_id"] == docked["end_station_id"]).mean()
    careless["bike_same_station_pct"] = 100 * (r["start_station_id"] == r["end_station_id"]).mean()
    dep = r.dropna(subset=["start_station_id"]).groupby("start_station_id").size().rename("n").reset_index()
    dep["start_station_id"] = dep["start_station_id"].astype(int)
    j = dep.merge(st, left_on="start_station_id", right_on="short_name")
    assert len(j) == len(dep)
    a["bike_departures_per_dock"] = j.loc[(j["n"] / j["capacity"]).idxmax(), "name"]
    big = st.loc[st["capacity"].idxmax(), "short_name"]
    a["bike_biggest_station_rides"] = int((r["start_station_id"] == big).sum())

    # air -------------------------------------------------------------------------------------------
    aq, aq_raw = read_air(d), read_air(d, careful=False)
    pm, o3 = "PM2.5 (ug/m3)", "O3 (ppb)"
    a["aq_max_o3"] = int(aq[o3].max())
    a["aq_pm25_over_35"] = int((aq[pm] > 35).sum())
    a["aq_mean_pm25"] = float(aq[pm].mean())
    careless["aq_mean_pm25"] = float(aq_raw[pm].mean())
    a["aq_pm10_missing"] = int(aq["PM10 (ug/m3)"].isna().sum())
    a["aq_worst_local_day"] = aq.groupby(aq["local"].dt.date)[pm].mean().idxmax().isoformat()
    careless["aq_worst_local_day"] = aq.groupby(aq["utc"].dt.date)[pm].mean().idxmax().isoformat()
    loc = aq["local"]
    aft = aq[(loc.dt.month == 8) & loc.dt.hour.between(12, 17)]
    a["aq_aug_afternoon_o3"] = float(aft[o3].mean())
    july = aq[(loc.dt.year == 2024) & (loc.dt.month == 7)]
    daily_max = july.groupby(july["local"].dt.date)[o3].max()
    assert len(daily_max) == 31
    a["aq_july_daily_max_o3"] = float(daily_max.mean())

    # library ---------------------------------------------------------------------------------------
    br = pd.read_excel(d / data.LIB_FILE, sheet_name="Branches")
    raw = read_issues(d)
    iss, months = clean_issues(raw)
    a["lib_branch_count"] = len(br)
    a["lib_longest_hours"] = br.loc[br["Weekly opening hours"].idxmax(), "Branch"]
    a["lib_community_hours"] = int(br.loc[br["Type"] == "Community", "Weekly opening hours"].sum())
    a["lib_total_issues"] = int(iss[months].sum().sum())
    assert a["lib_total_issues"] == int(iss["Total"].sum())
    careless["lib_total_issues"] = int(raw["Total"].sum())  # the Total row counted as a branch
    jan = next(c for c in months if (c.year, c.month) == (2024, 1))
    a["lib_jan_issues"] = int(iss[jan].sum())
    branch_rows = raw[raw["Branch"].isin(iss["Branch"])]
    careless["lib_jan_issues"] = int(pd.to_numeric(branch_rows[jan], errors="coerce").sum())
    year = iss.assign(year=iss[months].sum(axis=1), key=branch_key(iss["Branch"]))
    m = year.merge(br.assign(key=branch_key(br["Branch"])), on="key", suffixes=("_iss", ""))
    assert len(m) == len(br) == len(year)
    a["lib_issues_per_hour"] = m.loc[(m["year"] / m["Weekly opening hours"]).idxmax(), "Branch"]
    naive = year.merge(br, on="Branch")  # names as spelled: three branches do not match
    careless["lib_issues_per_hour"] = naive.loc[(naive["year"] / naive["Weekly opening hours"]).idxmax(), "Branch"]
    long = iss.melt(id_vars="Branch", value_vars=months, var_name="month", value_name="issues")
    long["q"] = pd.PeriodIndex(pd.to_datetime(long["month"]), freq="Q-MAR")  # fiscal quarters, April start
    q = long.groupby(["Branch", "q"])["issues"].sum().unstack()
    growth = q.iloc[:, -1] / q.iloc[:, 0] - 1
    a["lib_q1_q4_growth"] = growth.idxmax()

    # shop ------------------------------------------------------------------------------------------
    s = read_shop(d)
    cu, pr, od, it = s["customers"], s["products"], s["orders"], s["order_items"]
    a["shop_product_count"] = len(pr)
    a["shop_cancelled_orders"] = int((od["status"] == "cancelled").sum())
    a["shop_priciest_product"] = pr.loc[pr["price_pence"].idxmax(), "name"]
    od["when"] = shop_dates(od["order_date"])
    it = it.merge(od, on="order_id").merge(pr[["product_id", "category"]], on="product_id")
    it["value"] = it["quantity"] * it["unit_price_pence"] / 100
    done = it[it["status"] == "completed"]
    a["shop_completed_revenue"] = float(done["value"].sum())
    a["shop_orders_march_2023"] = int(((od["when"].dt.year == 2023) & (od["when"].dt.month == 3)).sum())
    sloppy = pd.to_datetime(od["order_date"], format="mixed")  # month-first: 05/03/2023 becomes 3 May
    careless["shop_orders_march_2023"] = int(((sloppy.dt.year == 2023) & (sloppy.dt.month == 3)).sum())
    oc = od.merge(cu, on="customer_id")
    a["shop_unique_customers"] = oc["email"].str.strip().str.lower().nunique()
    careless["shop_unique_customers"] = oc["email"].nunique()
    a["shop_top_category_2024"] = done[done["when"].dt.year == 2024].groupby("category")["value"].sum().idxmax()
    top = od.groupby(od["when"].dt.to_period("M")).size().idxmax()
    a["shop_busiest_month"] = top.strftime("%B %Y")
    return a, careless


def render(value) -> str:
    """An answer as the assistant might state it."""
    if isinstance(value, str):
        return f"The answer is {value}."
    if float(value).is_integer() and not isinstance(value, float):
        return f"The answer is {int(value)}."
    return f"The answer is {float(value):.4f}."


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout12_a_"))
    again = Path(tempfile.mkdtemp(prefix="heldout12_b_"))
    data.write_files(out)
    data.write_files(again)
    same = all((out / f).read_bytes() == (again / f).read_bytes() for f in data.FILES)

    refs = references()
    got, careless = answers(out)
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
