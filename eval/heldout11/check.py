"""Check the eleventh held-out set end to end.

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
import sys
import tempfile
import xml.etree.ElementTree as ET
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

WX_COLS = ["yyyy", "mm", "tmax", "tmin", "af", "rain", "sun", "status"]


def read_weather_raw(d: Path) -> pd.DataFrame:
    # 7 header lines; recent rows carry an eighth word, "Provisional"
    return pd.read_csv(d / data.WEATHER_FILE, sep=r"\s+", skiprows=7, header=None, names=WX_COLS, dtype=str)


def read_weather(d: Path) -> pd.DataFrame:
    w = read_weather_raw(d)
    w["yyyy"], w["mm"] = w["yyyy"].astype(int), w["mm"].astype(int)
    for c in WX_COLS[2:7]:  # strip the estimated (*) and Kipp & Zonen (#) markers; --- is missing
        w[c] = pd.to_numeric(w[c].str.rstrip("*#").replace("---", None))
    w["provisional"] = w["status"].eq("Provisional")
    return w


def read_spend(d: Path, **kw) -> pd.DataFrame:
    return pd.read_csv(d / data.SPEND_FILE, encoding="cp1252", **kw)


def read_fhrs_xml(d: Path) -> pd.DataFrame:
    root = ET.parse(d / data.XML_FILE).getroot()
    rows = []
    for e in root.iter("EstablishmentDetail"):
        row = {}
        for child in e:
            if len(child):  # Scores, Geocode: nested
                for g in child:
                    row[f"{child.tag}.{g.tag}"] = g.text
            else:
                row[child.tag] = child.text
        rows.append(row)
    return pd.DataFrame(rows)


def read_fhrs_json(d: Path) -> pd.DataFrame:
    doc = json.loads((d / data.JSON_FILE).read_text(encoding="utf-8"))
    return pd.json_normalize(doc["FHRSEstablishment"]["EstablishmentCollection"]["EstablishmentDetail"])


def with_numeric_rating(df: pd.DataFrame) -> pd.DataFrame:
    df = df.assign(rating=pd.to_numeric(df["RatingValue"], errors="coerce"))
    return df[df["rating"].notna()]


def answers(d: Path) -> tuple[dict, dict]:
    a, careless = {}, {}

    # taxi ------------------------------------------------------------------------------------------
    tx = pd.read_parquet(d / data.TAXI_FILE)
    zones = pd.read_csv(d / data.ZONE_FILE)
    a["taxi_cash_trips"] = int((tx["payment_type"] == 2).sum())
    a["taxi_max_total"] = float(tx["total_amount"].max())
    a["taxi_jfk_flat_fares"] = int((tx["RatecodeID"] == 2).sum())
    cc = tx[tx["payment_type"] == 1]
    a["taxi_tip_share"] = 100 * cc["tip_amount"].sum() / cc["fare_amount"].sum()
    pu = tx["tpep_pickup_datetime"]
    march = tx[(pu >= "2024-03-01") & (pu < "2024-04-01") & (tx["total_amount"] >= 0)]  # drop reversals
    per_day = march.groupby(march["tpep_pickup_datetime"].dt.date).size()
    a["taxi_busiest_day"] = per_day.idxmax().isoformat()
    m = march.merge(zones.add_prefix("PU_"), left_on="PULocationID", right_on="PU_LocationID").merge(
        zones.add_prefix("DO_"), left_on="DOLocationID", right_on="DO_LocationID"
    )
    a["taxi_top_manhattan_zone"] = m.loc[m["PU_Borough"] == "Manhattan", "PU_Zone"].value_counts().idxmax()
    lga = m[(m["PU_Zone"] == "LaGuardia Airport") & (m["DO_Borough"] == "Manhattan")]
    a["taxi_lga_minutes"] = (
        (lga["tpep_dropoff_datetime"] - lga["tpep_pickup_datetime"]).dt.total_seconds() / 60
    ).mean()
    days = per_day.rename_axis("day").reset_index(name="n")
    dow = pd.to_datetime(days["day"]).dt.day_name()
    assert len(days) == 31
    a["taxi_friday_vs_sunday"] = days.loc[dow == "Friday", "n"].mean() - days.loc[dow == "Sunday", "n"].mean()

    # weather ---------------------------------------------------------------------------------------
    w = read_weather(d)
    raw = read_weather_raw(d)
    a["wx_max_tmax"] = float(w["tmax"].max())
    careless["wx_max_tmax"] = raw["tmax"].max()  # text column: the largest string, not number
    a["wx_rain_2023"] = float(w.loc[w["yyyy"] == 2023, "rain"].sum())
    careless["wx_rain_2023"] = pd.to_numeric(raw.loc[raw["yyyy"] == "2023", "rain"], errors="coerce").sum()
    full = w[~w["provisional"]].groupby("yyyy")["rain"].agg(["sum", "count"])
    a["wx_wettest_year"] = int(full.loc[full["count"] == 12, "sum"].idxmax())
    a["wx_june_sun"] = w.loc[w["mm"] == 6, "sun"].mean()
    careless["wx_june_sun"] = pd.to_numeric(raw.loc[raw["mm"] == "6", "sun"], errors="coerce").mean()
    w["tmean"] = (w["tmax"] + w["tmin"]) / 2
    old, new = w[w["yyyy"].between(1961, 1990)], w[w["yyyy"].between(1991, 2020)]
    assert old["tmean"].notna().sum() == 360 and new["tmean"].notna().sum() == 360
    a["wx_warming"] = new["tmean"].mean() - old["tmean"].mean()
    rise = new.groupby("mm")["tmax"].mean() - old.groupby("mm")["tmax"].mean()
    a["wx_month_most_warming"] = calendar.month_name[int(rise.idxmax())]

    # spending --------------------------------------------------------------------------------------
    s_raw = read_spend(d)
    s = read_spend(d, thousands=",").dropna(how="all")  # three empty ",,,," rows at the bottom
    amount = "Net Amount (\u00a3)"
    a["spend_max_payment"] = float(s[amount].max())
    a["spend_redacted_lines"] = int(s["Supplier Name"].str.contains("REDACTED", case=False).sum())
    a["spend_line_count"] = len(s)
    careless["spend_line_count"] = len(s_raw)
    a["spend_total"] = float(s[amount].sum())
    careless["spend_total"] = float(pd.to_numeric(s_raw[amount], errors="coerce").sum())
    a["spend_top_area"] = s.groupby("Service Area")[amount].sum().idxmax()
    month = pd.to_datetime(s["Payment Date"], format="%d/%m/%Y").dt.to_period("M")
    top = s.groupby(month)[amount].sum().idxmax()
    a["spend_top_month"] = f"{calendar.month_name[top.month]} {top.year}"
    named = s[~s["Supplier Name"].str.contains("REDACTED", case=False)]
    supplier = named["Supplier Name"].str.strip().str.upper()  # capitals after the October system change
    a["spend_supplier_count"] = supplier.nunique()
    careless["spend_supplier_count"] = named["Supplier Name"].nunique()
    a["spend_largest_supplier_total"] = float(named.groupby(supplier)[amount].sum().max())
    careless["spend_largest_supplier_total"] = float(named.groupby("Supplier Name")[amount].sum().max())

    # hygiene ---------------------------------------------------------------------------------------
    x, j = read_fhrs_xml(d), read_fhrs_json(d)
    a["fhrs_xml_count"] = len(x)
    a["fhrs_json_fives"] = int((j["RatingValue"] == "5").sum())
    xr = with_numeric_rating(x)
    a["fhrs_xml_share_5"] = 100 * (xr["rating"] == 5).mean()
    careless["fhrs_xml_share_5"] = 100 * (x["RatingValue"] == "5").mean()  # Exempt / Awaiting... in the denominator
    a["fhrs_json_top_type"] = j["BusinessType"].value_counts().idxmax()
    both = pd.concat([xr, with_numeric_rating(j)], ignore_index=True)
    by_type = both.groupby("BusinessType")["rating"].agg(n="size", share5=lambda r: (r == 5).mean())
    a["fhrs_type_lowest_5"] = by_type.loc[by_type["n"] >= 50, "share5"].idxmin()
    a["fhrs_old_ratings"] = int((pd.to_datetime(both["RatingDate"]) < "2022-01-01").sum())
    district = xr["PostCode"].str.upper().str.replace(" ", "").str[:-3]
    by_d = xr.groupby(district)["rating"].agg(["mean", "size"])
    a["fhrs_worst_district"] = by_d.loc[by_d["size"] >= 40, "mean"].idxmin()
    rest = both[both["BusinessType"] == "Restaurant/Cafe/Canteen"]
    a["fhrs_restaurant_hygiene"] = pd.to_numeric(rest["Scores.Hygiene"]).mean()
    return a, careless


def render(value) -> str:
    """An answer as the assistant might state it."""
    if isinstance(value, str):
        return f"The answer is {value}."
    if float(value).is_integer() and not isinstance(value, float):
        return f"The answer is {int(value)}."
    return f"The answer is {float(value):.4f}."


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout11_a_"))
    again = Path(tempfile.mkdtemp(prefix="heldout11_b_"))
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
