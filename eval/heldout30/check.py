"""Check the thirtieth held-out set end to end.

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


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


def unique_min(s: pd.Series):
    return unique_max(-s)


def month(ym) -> str:
    y, m = ym
    return f"{calendar.month_name[int(m)]} {int(y)}"


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_ct(d: Path) -> tuple[pd.DataFrame, pd.Series, pd.Series]:
    """The API answer's records (codes only) and the area list: code -> name, name -> code (current areas)."""
    ct = pd.DataFrame(json.loads((d / data.CT_FILE).read_text(encoding="utf-8"))["data"])
    areas = pd.DataFrame(json.loads((d / data.CT_AREAS_FILE).read_text(encoding="utf-8"))["results"])
    name = areas.set_index("PartnerCode")["text"]
    code = areas[areas["entryExpiredDate"].isna()].set_index("text")["PartnerCode"]
    return ct, name, code


def ct_rows(ct: pd.DataFrame, reporter: int, flow: str, partner: int | None = None, cmd: str | None = None):
    s = ct[(ct["reporterCode"] == reporter) & (ct["flowCode"] == flow)]
    if partner is not None:
        s = s[s["partnerCode"] == partner]
    if cmd is not None:
        s = s[s["cmdCode"] == cmd]
    return s


def read_st(d: Path) -> pd.DataFrame:
    """Duplicate column names get '.1' (the second block, in SI units); Activity Date is UTC."""
    st = pd.read_csv(d / data.ST_FILE)
    utc = pd.to_datetime(st["Activity Date"], format="%b %d, %Y, %I:%M:%S %p").dt.tz_localize("UTC")
    st["local"] = utc.dt.tz_convert("America/Denver")
    st["km"] = st["Distance.1"] / 1000  # metres for every activity
    return st


ESC_NAMES = {"The Netherands": "Netherlands", "F.Y.R. Macedonia": "North Macedonia", "Czech Republic": "Czechia"}


def read_esc(d: Path) -> pd.DataFrame:
    esc = pd.read_excel(d / data.ESC_FILE, sheet_name="Data")
    esc.columns = esc.columns.str.strip()  # 'Points      '
    esc = esc[esc["Duplicate"] != "x"].copy()
    for col in ("From country", "To country"):
        esc[col] = esc[col].replace(ESC_NAMES)
    return esc


def read_sn(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    daily = pd.read_csv(
        d / data.SN_D_FILE, sep=";", header=None, names=["year", "month", "day", "dec", "sn", "std", "nobs", "final"]
    )
    daily["sn"] = daily["sn"].where(daily["sn"] >= 0)  # -1: no observation
    smoothed = pd.read_csv(
        d / data.SN_MS_FILE, sep=";", header=None, names=["year", "month", "dec", "sn", "std", "nobs", "final"]
    )
    smoothed["sn"] = smoothed["sn"].where(smoothed["sn"] >= 0)  # -1: not computable
    return daily, smoothed


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    ct, name, code = read_ct(d)
    de, it, us, jp, ch, be, br = (
        code[c] for c in ("Germany", "Italy", "USA", "Japan", "Switzerland", "Belgium", "Brazil")
    )
    world = code["World"]
    r = ct_rows(ct, de, "M", br, "0901")
    a["ct_de_br_mar"] = round(float(r.loc[r["period"] == "202303", "primaryValue"].iloc[0]) / 1e6, 2)
    us_world = ct_rows(ct, us, "M", world, "0901").set_index("refMonth")["primaryValue"]
    a["ct_us_peak_month"] = month((2023, unique_max(us_world)))
    a["ct_de_total"] = round(ct_rows(ct, de, "M", world, "0901")["primaryValue"].sum() / 1e6, 1)
    a["ct_it_br_tonnes"] = round(ct_rows(ct, it, "M", br, "0901")["netWgt"].sum() / 1000)
    a["ct_jp_ch_roasted"] = round(ct_rows(ct, jp, "M", ch, "090121")["netWgt"].sum() / 1000, 1)
    usw = ct_rows(ct, us, "M", world).groupby("cmdCode")["primaryValue"].sum()
    a["ct_decaf_share"] = round(100 * (usw["090112"] + usw["090122"]) / usw["0901"], 1)
    green = ct_rows(ct, de, "M", None, "090111")
    green = green[green["partnerCode"] != world].groupby("partnerCode")[["primaryValue", "netWgt"]].sum()
    green = green[green["netWgt"] >= 1_000_000]
    a["ct_unit_value"] = name[unique_max(green["primaryValue"] / green["netWgt"])]
    x = ct_rows(ct, be, "X", world, "0901").set_index("refMonth")["primaryValue"]
    m = ct_rows(ct, be, "M", world, "0901").set_index("refMonth")["primaryValue"]
    a["ct_be_months"] = int((x > m).sum())

    st = read_st(d)
    y23 = st[st["local"].dt.year == 2023]
    runs = y23[y23["Activity Type"] == "Run"]
    a["st_runs_2023"] = len(runs)
    a["st_longest_ride"] = round(st.loc[st["Activity Type"] == "Ride", "km"].max(), 1)
    a["st_gear_runs"] = unique_max(runs["Activity Gear"].value_counts())
    a["st_total_km"] = round(y23["km"].sum(), 1)
    a["st_weekend"] = int((y23["local"].dt.day_of_week >= 5).sum())
    rides = y23[y23["Activity Type"] == "Ride"]
    a["st_max_speed"] = round(float((rides["Distance.1"] / rides["Moving Time"]).max() * 3.6), 1)
    a["st_run_pace"] = round(runs["Moving Time"].sum() / runs["km"].sum(), 1)
    a["st_best_month"] = month((2023, unique_max(runs.groupby(runs["local"].dt.month)["km"].sum())))

    esc = read_esc(d)
    final = esc[esc["(semi-) final"] == "f"]
    f19 = final[final["Year"] == 2019]
    a["esc_12s"] = int(((f19["To country"] == "Sweden") & (f19["Points"] == 12)).sum())
    a["esc_voters_2022"] = final.loc[final["Year"] == 2022, "From country"].nunique()
    f17 = final[(final["Year"] == 2017) & (final["Jury or Televoting"] == "J")]
    a["esc_top_jury"] = unique_max(f17.groupby("To country")["Points"].sum())
    a["esc_netherlands"] = int(final.loc[final["To country"] == "Netherlands", "Points"].sum())
    fi = final[(final["Year"] == 2023) & (final["To country"] == "Finland") & (final["Jury or Televoting"] == "T")]
    a["esc_finland_tele"] = fi.loc[fi["From country"] != "Rest of the World", "From country"].nunique()
    a["esc_top_2011"] = int(final[final["Year"] == 2011].groupby("To country")["Points"].sum().max())
    gr = final[final["To country"] == "Greece"]
    a["esc_greece_friend"] = unique_max(gr.groupby("From country")["Points"].sum())

    daily, smoothed = read_sn(d)
    a["sn_spotless_2019"] = int((daily.loc[daily["year"] == 2019, "sn"] == 0).sum())
    a["sn_max_2014"] = int(daily.loc[daily["year"] == 2014, "sn"].max())
    a["sn_mean_1830"] = round(float(daily.loc[daily["year"] == 1830, "sn"].mean()), 1)
    since = smoothed[smoothed["year"] >= 2000].dropna(subset=["sn"]).set_index(["year", "month"])["sn"]
    a["sn_smoothed_min"] = month(unique_min(since))
    recent = daily[daily["year"] >= 1990]
    a["sn_month_max"] = month(unique_max(recent.groupby(["year", "month"])["sn"].mean()))
    window = daily[daily["year"].between(2006, 2010)]
    zero = window["sn"] == 0
    runs_of_zero = zero.groupby((~zero).cumsum()).sum()
    a["sn_spotless_run"] = int(runs_of_zero.max())
    c24 = smoothed[smoothed["year"].between(2011, 2016)].set_index(["year", "month"])["sn"]
    py, pm = unique_max(c24)
    a["sn_peak_daily"] = int(daily.loc[(daily["year"] == py) & (daily["month"] == pm), "sn"].max())
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    ct, _, code = read_ct(d)
    c["ct_de_total"] = round(ct_rows(ct, code["Germany"], "M", None, "0901")["primaryValue"].sum() / 1e6, 1)
    c["ct_it_br_tonnes"] = round(ct_rows(ct, code["Italy"], "M", code["Brazil"])["netWgt"].sum() / 1000)

    st = read_st(d)
    y23 = st[st["local"].dt.year == 2023]
    c["st_total_km"] = round(pd.to_numeric(y23["Distance"].astype(str).str.replace(",", "")).sum(), 1)
    naive = pd.to_datetime(st["Activity Date"], format="%b %d, %Y, %I:%M:%S %p")  # UTC read as local time
    c["st_weekend"] = int(((naive.dt.year == 2023) & (naive.dt.day_of_week >= 5)).sum())
    c["st_max_speed"] = round(float(y23.loc[y23["Activity Type"] == "Ride", "Average Speed"].max()), 1)

    esc = pd.read_excel(d / data.ESC_FILE, sheet_name="Data")
    esc.columns = esc.columns.str.strip()
    clean = esc[esc["Duplicate"] != "x"]
    final = clean[clean["(semi-) final"] == "f"]
    c["esc_netherlands"] = int(final.loc[final["To country"] == "Netherlands", "Points"].sum())
    fi = final[(final["Year"] == 2023) & (final["To country"] == "Finland") & (final["Jury or Televoting"] == "T")]
    c["esc_finland_tele"] = fi["From country"].nunique()
    every = esc[(esc["(semi-) final"] == "f") & (esc["Year"] == 2011)]
    c["esc_top_2011"] = int(every.groupby("To country")["Points"].sum().max())

    raw = pd.read_csv(d / data.SN_D_FILE, sep=";", header=None)
    c["sn_mean_1830"] = round(float(raw.loc[raw[0] == 1830, 4].mean()), 1)
    sm = pd.read_csv(d / data.SN_MS_FILE, sep=";", header=None)
    sm = sm[sm[0] >= 2000].set_index([0, 1])[3]
    c["sn_smoothed_min"] = month(sm.idxmin())
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout30-"))
    other = Path(tempfile.mkdtemp(prefix="heldout30-again-"))
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
