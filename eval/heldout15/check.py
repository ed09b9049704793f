"""Check the fifteenth held-out set end to end.

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


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_quakes(d: Path) -> pd.DataFrame:
    with open(d / data.EQ_FILE, encoding="utf-8") as f:
        feats = json.load(f)["features"]
    # the feature's own "type" ("Feature") would clash with the event type in a flat json_normalize
    eq = pd.DataFrame([f["properties"] for f in feats])
    eq["depth"] = [f["geometry"]["coordinates"][2] for f in feats]
    eq["utc"] = pd.to_datetime(eq["time"], unit="ms", utc=True)
    eq["local"] = eq["utc"].dt.tz_convert("America/Los_Angeles")
    return eq


def read_fx(d: Path) -> pd.DataFrame:
    fx = pd.read_csv(d / data.FX_FILE)  # 'N/A' is read as missing by default
    fx = fx.loc[:, ~fx.columns.str.startswith("Unnamed")]  # the trailing comma makes an empty column
    fx["Date"] = pd.to_datetime(fx["Date"], format="%Y-%m-%d")
    return fx.sort_values("Date").set_index("Date")


def read_collisions(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    col = pd.read_csv(d / data.COL_FILE, dtype={"collision_reference": str, "lsoa_of_collision_location": str})
    col["when"] = pd.to_datetime(col["date"] + " " + col["time"], format="%d/%m/%Y %H:%M")
    guide = pd.read_excel(d / data.GUIDE_FILE, sheet_name="2023_Data_Guide")
    guide = guide[guide["table"] == "collision"]
    return col, guide


def codes(guide: pd.DataFrame, fieldname: str) -> pd.DataFrame:
    g = guide[guide["field name"] == fieldname]
    return g[["code/format", "label"]].rename(columns={"code/format": "code"})


def read_tourism(d: Path) -> pd.DataFrame:
    raw = pd.read_csv(d / data.TOU_FILE, sep="\t", dtype=str)
    first = raw.columns[0]
    dims = raw[first].str.split(",", expand=True)
    dims.columns = first.split("\\")[0].split(",")
    wide = pd.concat([dims, raw.drop(columns=first)], axis=1)
    long = wide.melt(id_vars=list(dims.columns), var_name="month", value_name="raw")
    long["month"] = long["month"].str.strip()
    long["raw"] = long["raw"].str.strip()
    long["value"] = pd.to_numeric(long["raw"].str.extract(r"^(\d+)")[0])  # '123456 p' -> 123456; ':' -> NaN
    long["year"] = long["month"].str[:4].astype(int)
    return long


def day_text(d) -> str:
    return f"{d.day} {d:%B %Y}"


def answers(d: Path) -> tuple[dict, dict]:
    a, careless = {}, {}

    # earthquakes -----------------------------------------------------------------------------------
    eq = read_quakes(d)
    quakes = eq[eq["type"] == "earthquake"]
    a["eq_quarry_blasts"] = int((eq["type"] == "quarry blast").sum())
    a["eq_largest_place"] = eq.loc[eq["mag"].idxmax(), "place"]
    a["eq_m3_count"] = int((eq["mag"] >= 3.0).sum())
    a["eq_reviewed_pct"] = float(100 * (quakes["status"] == "reviewed").mean())
    a["eq_median_depth"] = float(quakes["depth"].median())
    a["eq_nevada"] = int(eq["place"].str.endswith("Nevada").sum())
    careless["eq_nevada"] = int(eq["place"].str.contains("Nevada").sum())  # Nevada City, CA too
    a["eq_busiest_day"] = day_text(quakes.groupby(quakes["local"].dt.date).size().idxmax())
    careless["eq_busiest_day"] = day_text(quakes.groupby(quakes["utc"].dt.date).size().idxmax())
    town = quakes["place"].str.extract(r" km [NSEW]+ of (.+), CA$")[0]
    stats = quakes.groupby(town)["mag"].agg(["mean", "size"])
    a["eq_top_town_mag"] = stats[stats["size"] >= 20]["mean"].idxmax()

    # exchange rates --------------------------------------------------------------------------------
    fx = read_fx(d)
    a["fx_jpy_on_date"] = float(fx.loc["2023-03-15", "JPY"])
    a["fx_days_2024"] = int((fx.index.year == 2024).sum())
    y22, y23, y24 = (fx[fx.index.year == y] for y in (2022, 2023, 2024))
    a["fx_parity_days"] = int((y22["USD"] < 1).sum())
    a["fx_jpy_std"] = float(y23["JPY"].std())
    a["fx_usd_cny_corr"] = float(y24["USD"].corr(y24["CNY"]))
    monthly = fx["USD"].resample("MS").mean()
    a["fx_usd_peak_month"] = f"{monthly.idxmax():%B %Y}"
    rate = fx.loc[:"2024-03-17", "JPY"].iloc[-1]
    a["fx_jpy_invoice"] = float(2_500_000 / rate)
    careless["fx_jpy_invoice"] = float(2_500_000 * rate)  # the rate read as euros per yen

    # road collisions -------------------------------------------------------------------------------
    col, guide = read_collisions(d)
    a["col_casualties"] = int(col["number_of_casualties"].sum())
    a["col_70mph"] = int((col["speed_limit"] == 70).sum())
    sev = codes(guide, "collision_severity")
    fatal = int(sev.loc[sev["label"] == "Fatal", "code"].iloc[0])
    a["col_fatal"] = int((col["collision_severity"] == fatal).sum())
    sp = codes(guide, "speed_limit")
    unknown = sp.loc[sp["label"].str.contains("missing|unknown", case=False), "code"].astype(int).tolist()
    assert sorted(unknown) == [-1, 99]
    a["col_mean_speed"] = float(col.loc[~col["speed_limit"].isin(unknown), "speed_limit"].mean())
    careless["col_mean_speed"] = float(col["speed_limit"].mean())
    lc = codes(guide, "light_conditions")
    dark = lc.loc[lc["label"].str.startswith("Darkness"), "code"].astype(int).tolist()
    known = col[col["light_conditions"] != -1]
    a["col_dark_pct"] = float(100 * known["light_conditions"].isin(dark).mean())
    dow = codes(guide, "day_of_week").astype({"code": int}).set_index("code")["label"]
    a["col_weekday"] = dow[col["day_of_week"].value_counts().idxmax()]
    assert a["col_weekday"] == col["when"].dt.day_name().value_counts().idxmax()
    monday_first = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    careless["col_weekday"] = monday_first[col["day_of_week"].value_counts().idxmax() - 1]
    la = codes(guide, "local_authority_ons_district").set_index("code")["label"]
    ksi = col["collision_severity"].isin([1, 2]).groupby(col["local_authority_ons_district"]).mean()
    assert set(ksi.index) <= set(la.index)
    a["col_la_ksi"] = la[ksi.idxmax()]
    rs = codes(guide, "road_surface_conditions")
    frost = int(rs.loc[rs["label"] == "Frost or ice", "code"].iloc[0])
    fr = col[col["road_surface_conditions"] == frost]
    a["col_frost_month"] = f"{fr.groupby(fr['when'].dt.to_period('M')).size().idxmax():%B %Y}"

    # tourism ---------------------------------------------------------------------------------------
    tou = read_tourism(d)
    aggregates = {"EU27_2020", "EA20"}
    countries = tou[~tou["geo"].isin(aggregates)]
    allacc = tou[tou["nace_r2"] == "I551-I553"]

    def pick(frame: pd.DataFrame, resid: str, geo: str | None = None) -> pd.DataFrame:
        f = frame[frame["c_resid"] == resid]
        return f if geo is None else f[f["geo"] == geo]

    es = pick(allacc, "TOTAL", "ES")
    a["tou_es_aug2023"] = int(es.loc[es["month"] == "2023-08", "value"].iloc[0])
    a["tou_countries"] = int(countries["geo"].nunique())
    hr = pick(allacc, "FOR", "HR")
    hr24 = hr[hr["year"] == 2024]
    a["tou_hr_for_2024"] = int(hr24["value"].sum())
    careless["tou_hr_for_2024"] = int(pd.to_numeric(hr24["raw"], errors="coerce").sum())
    for23 = pick(allacc, "FOR")
    for23 = for23[for23["year"] == 2023].groupby("geo")["value"].sum()
    names = {"ES": "Spain", "IT": "Italy", "DE": "Germany", "FR": "France", "AT": "Austria"}
    a["tou_top_for_2023"] = names.get(for23.drop(list(aggregates)).idxmax(), "?")
    careless["tou_top_for_2023"] = for23.idxmax()
    el = pick(allacc, "TOTAL", "EL").dropna(subset=["value"])
    low = el.loc[el["value"].idxmin(), "month"]
    a["tou_el_low_month"] = f"{pd.Period(low, 'M'):%B %Y}"
    nl = tou[(tou["c_resid"] == "TOTAL") & (tou["geo"] == "NL") & (tou["year"] == 2023)]
    by_nace = nl.groupby("nace_r2")["value"].sum()
    a["tou_nl_hotel_share"] = float(100 * by_nace["I551"] / by_nace["I551-I553"])
    pt = pick(allacc, "TOTAL", "PT").groupby("year")["value"].sum()
    a["tou_pt_change"] = float(100 * (pt[2023] - pt[2019]) / pt[2019])
    return a, careless


def render(value) -> str:
    """An answer as the assistant might state it."""
    if isinstance(value, str):
        return f"The answer is {value}."
    if float(value).is_integer() and not isinstance(value, float):
        return f"The answer is {int(value)}."
    return f"The answer is {float(value):.4f}."


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout15_a_"))
    out.mkdir(parents=True, exist_ok=True)
    again = Path(tempfile.mkdtemp(prefix="heldout15_b_", dir=out.resolve().parent))
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
