"""Cross-check: answer every question of the third held-out set from the MESSY files with pandas, as a
careful analyst would, and compare with the references computed from the clean records
(`tasks.references()`).

A match proves the question is answerable from the files alone and that the reference is right.
It also checks that the files are byte-identical when written twice, that each computed answer,
written out as prose, is scored right by eval/score.py's `correct()`, and that the traps the
questions are about really bite (the careless answer differs from the careful one).

    python eval/heldout3/check.py [DIR]     # DIR: where to write the files (default: a temp dir)

Exits non-zero on any mismatch.
"""

from __future__ import annotations

import filecmp
import gzip
import importlib.util
import json
import re
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from data import write_files  # noqa: E402
from tasks import TASKS, references  # noqa: E402


def _load_eval_score():
    spec = importlib.util.spec_from_file_location("eval_score", HERE.parent / "score.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


score = _load_eval_score()


def _appointments(d: Path) -> pd.DataFrame:
    """All monthly exports stacked (columns aligned by name), one row per exported line, with parsed fields."""
    frames = []
    for path in sorted(d.glob("appointments_2024-*.csv")):
        frame = pd.read_csv(path, dtype=str, keep_default_na=False)
        frame["file"] = path.name
        frames.append(frame)
    a = pd.concat(frames, ignore_index=True)
    a["date"] = pd.to_datetime(a["date"], format="%d/%m/%Y")
    a["start"] = pd.to_datetime(a["time"].str.upper(), format="%I:%M %p")
    a["minutes"] = pd.to_timedelta(a["duration"]).dt.total_seconds() / 60
    status = a["status"].str.lower()
    a["state"] = np.select(
        [status.str.contains("cancel"), status.str.contains(r"no.?show"), status.str.contains("attend")],
        ["cancelled", "no-show", "attended"],
        "unknown",
    )
    a["new"] = a["new_patient"].str.upper().map({"1": True, "TRUE": True, "0": False, "FALSE": False})
    a["fee"] = pd.to_numeric(a["fee"].replace("-", None))
    assert (a["state"] != "unknown").all() and a["new"].notna().all()
    return a


def _markdown_table(text: str, heading: str) -> pd.DataFrame:
    """The first markdown table after `heading`."""
    lines = text[text.index(heading) :].splitlines()
    rows = [line for line in lines if line.startswith("|")]
    start = lines.index(rows[0])
    block = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        block.append([c.strip() for c in line.strip().strip("|").split("|")])
    header, body = block[0], [r for r in block[1:] if not set("".join(r)) <= set(":-")]
    return pd.DataFrame(body, columns=header)


def answers(d: Path) -> tuple[dict[str, object], dict[str, tuple[object, object]]]:
    """The careful answers, and for some questions (careless answer, careful answer) to show the trap bites."""
    a: dict[str, object] = {}
    traps: dict[str, tuple[object, object]] = {}

    # --- clinic ---
    rows = _appointments(d)
    once = rows.drop_duplicates("booking_ref")
    jan = rows[rows["file"] == "appointments_2024-01.csv"]
    feb = rows[rows["file"] == "appointments_2024-02.csv"]
    a["clinic-jan-count"] = len(jan)
    a["clinic-jan-cancelled"] = int((jan["state"] == "cancelled").sum())
    a["clinic-feb-evening"] = int((feb["start"].dt.hour >= 17).sum())
    march = once[once["date"].dt.month == 3]
    a["clinic-march-fees"] = round(float(march["fee"].sum()), 2)
    in_march_file = rows[rows["file"] == "appointments_2024-03.csv"]
    traps["clinic-march-fees"] = (round(float(in_march_file["fee"].sum()), 2), a["clinic-march-fees"])
    a["clinic-distinct-appointments"] = len(once)
    traps["clinic-distinct-appointments"] = (len(rows), len(once))

    root = ET.parse(d / "doctors.xml").getroot()
    doctors = pd.read_xml(d / "doctors.xml", parser="etree", xpath=".//doctor")
    languages = {doc.get("id"): [x.text for x in doc.iter("language")] for doc in root.iter("doctor")}
    a["clinic-doctors-count"] = len(doctors)
    a["clinic-top-specialty"] = doctors["specialty"].value_counts().idxmax()
    a["clinic-german-doctors"] = sum("German" in langs for langs in languages.values())

    seen = once[once["state"].isin(["attended", "no-show"])]
    rate = (seen["state"] == "no-show").groupby(seen["doctor"]).mean().sort_values(ascending=False)
    assert rate.iloc[0] > rate.iloc[1]
    a["clinic-noshow-doctor"] = doctors.set_index("id").loc[rate.index[0], "name"]
    attended = once[once["state"] == "attended"]
    a["clinic-new-patient-fraction"] = round(float(attended["new"].mean()), 3)
    careless_new = round(float((attended["new_patient"] == "1").mean()), 3)
    traps["clinic-new-patient-fraction"] = (careless_new, a["clinic-new-patient-fraction"])
    derm = attended.merge(doctors, left_on="doctor", right_on="id")
    a["clinic-dermatology-hours"] = round(float(derm.loc[derm["specialty"] == "Dermatology", "minutes"].sum()) / 60, 2)
    by_day = attended["date"].dt.day_name().value_counts()
    assert by_day.iloc[0] > by_day.iloc[1]
    a["clinic-busiest-weekday"] = by_day.index[0]

    # --- shop ---
    orders = pd.read_csv(d / "orders.csv.gz")
    with gzip.open(d / "orders.csv.gz", "rt", encoding="utf-8") as f:
        lines = sum(1 for _ in f) - 1
    a["shop-orders-count"] = len(orders)
    traps["shop-orders-count"] = (lines, len(orders))
    orders["placed"] = pd.to_datetime(orders["created_ts"], unit="ms", utc=True)
    discount = orders["discount"].str.rstrip("%").astype(float).fillna(0)
    orders["total"] = orders["qty"] * orders["unit_price"] * (1 - discount / 100)
    a["shop-revenue"] = round(float(orders["total"].sum()), 2)
    weekday = orders["placed"].dt.day_name().value_counts()
    assert weekday.iloc[0] > weekday.iloc[1]
    a["shop-busiest-weekday"] = weekday.index[0]
    monthly = orders.groupby(orders["placed"].dt.month)["total"].sum()
    growth = monthly.pct_change().dropna().sort_values(ascending=False)
    assert growth.iloc[0] > growth.iloc[1]
    a["shop-best-month-growth"] = pd.Timestamp(2024, int(growth.index[0]), 1).month_name()

    products = pd.read_parquet(d / "products.parquet")
    a["shop-garden-products"] = int((products["category"] == "Garden").sum())
    a["shop-max-price"] = float(products["price"].max())
    weight = pd.json_normalize(products["dimensions"].tolist())["weight_kg"]
    a["shop-heavy-products"] = int((weight > 3).sum())
    a["shop-eco-products"] = int(products.explode("tags")["tags"].eq("eco").sum())

    doc = json.loads((d / "returns.json").read_text(encoding="utf-8"))
    returns = pd.DataFrame.from_dict(doc["returns"], orient="index")
    a["shop-returns-count"] = len(returns)
    a["shop-refund-total"] = round(float(returns["refund_eur"].sum()), 2)
    returns["order_id"] = returns["order_ref"].str.removeprefix("ORD-").astype(int)
    returns["received"] = pd.to_datetime(returns["received_at"], unit="s", utc=True)
    joined = returns.merge(orders, on="order_id", how="inner", validate="one_to_one")
    traps["shop-return-join"] = (int(returns["order_ref"].isin(orders["order_id"].astype(str)).sum()), len(joined))
    days = (joined["received"] - joined["placed"]) / pd.Timedelta(days=1)
    a["shop-days-to-return"] = round(float(days.mean()), 1)
    orders = orders.merge(products[["sku", "category"]], on="sku", how="left")
    orders["returned"] = orders["order_id"].isin(returns["order_id"])
    by_cat = orders.groupby("category")["returned"].mean().sort_values(ascending=False)
    assert by_cat.iloc[0] > by_cat.iloc[1]
    a["shop-return-rate-category"] = by_cat.index[0]

    # --- weather ---
    stations = _markdown_table((d / "stations.md").read_text(encoding="utf-8"), "## Stations")
    stations["elevation (m)"] = stations["elevation (m)"].astype(int)
    stations["opened"] = pd.to_datetime(stations["opened"], format="%b %Y")
    a["weather-highest-station"] = stations.loc[stations["elevation (m)"].idxmax(), "name"]
    a["weather-opened-before-2015"] = int((stations["opened"].dt.year < 2015).sum())

    try:
        pd.read_csv(d / "weather.csv")
        utf8 = "read"
    except UnicodeDecodeError as e:
        utf8 = type(e).__name__
    weather = pd.read_csv(d / "weather.csv", encoding="latin-1", skiprows=[1], na_values=["n/a", "-", "?"])
    traps["weather-encoding"] = (utf8, "read")
    careless = pd.read_csv(d / "weather.csv", encoding="latin-1")["tmax"].dropna().max()
    weather["date"] = pd.to_datetime(weather["date"], format="%Y-%m-%d")
    a["weather-ws02-days"] = int((weather["station"] == "WS02").sum())
    a["weather-max-temp"] = float(weather["tmax"].max())
    traps["weather-max-temp"] = (careless, a["weather-max-temp"])
    ws04 = weather[(weather["station"] == "WS04") & (weather["date"].dt.year == 2024)]
    a["weather-ws04-frost"] = int((ws04["tmin"] < 0).sum())
    ws01 = weather[(weather["station"] == "WS01") & (weather["date"].dt.strftime("%Y-%m") == "2024-07")]
    a["weather-ws01-july-std"] = round(float(ws01["tmax"].std()), 2)

    by_month = weather.groupby(weather["date"].dt.month)["rain"].sum()
    a["weather-wettest-month-of-year"] = pd.Timestamp(2024, int(by_month.idxmax()), 1).month_name()
    by_year_month = weather.groupby(weather["date"].dt.to_period("M"))["rain"].sum()
    best = by_year_month.idxmax()
    a["weather-wettest-single-month"] = f"{best.strftime('%B')} {best.year}"
    traps["weather-wettest-single-month"] = (a["weather-wettest-month-of-year"], a["weather-wettest-single-month"])

    ws03 = weather[weather["station"] == "WS03"].set_index("date")["rain"].fillna(0)
    full = ws03.reindex(pd.date_range(ws03.index.min(), ws03.index.max(), freq="D"), fill_value=0)
    a["weather-ws03-rolling-rain"] = round(float(full.rolling(7).sum().max()), 1)
    traps["weather-ws03-rolling-rain"] = (round(float(ws03.rolling(7).sum().max()), 1), a["weather-ws03-rolling-rain"])

    mean_tmax = weather.groupby("station")["tmax"].mean().rename("mean_tmax")
    site = stations.set_index("id").join(mean_tmax)
    a["weather-elevation-corr"] = round(float(site["elevation (m)"].corr(site["mean_tmax"])), 3)
    ws05 = weather[weather["station"] == "WS05"].groupby(weather["date"].dt.year)["rain"].sum()
    a["weather-ws05-rain-change"] = round(float((ws05[2024] / ws05[2023] - 1) * 100), 1)

    # --- school ---
    book = d / "exam_results.xlsx"
    notes = pd.read_excel(book, sheet_name="Notes", header=None)[0].dropna().astype(str)
    pass_mark = int(re.search(r"Pass mark:\s*(\d+)", " ".join(notes)).group(1))
    results = pd.read_excel(book, sheet_name="Results", header=2)
    traps["exam-students-count"] = (len(pd.read_excel(book)), len(results))
    subjects = ["Maths", "English", "Science", "History", "Geography"]
    for s in subjects:
        results[s] = pd.to_numeric(results[s], errors="coerce")
    a["exam-students-count"] = len(results)
    a["exam-top-history"] = int(results["History"].max())
    classes = results["Class"].value_counts()
    assert classes.iloc[0] > classes.iloc[1]
    a["exam-largest-class"] = classes.index[0]
    science = results["Science"].dropna()
    a["exam-science-pass-pct"] = round(float((science >= pass_mark).mean() * 100), 1)
    long = results.melt(id_vars=["Student ID", "Class"], value_vars=subjects, var_name="subject", value_name="score")
    long = long.dropna(subset=["score"])
    by_class = long.groupby("Class")["score"].mean().sort_values(ascending=False)
    assert by_class.iloc[0] > by_class.iloc[1]
    a["exam-best-class"] = by_class.index[0]
    medians = long.groupby("subject")["score"].median().sort_values()
    assert medians.iloc[0] < medians.iloc[1]
    a["exam-lowest-median-subject"] = medians.index[0]
    resits = pd.read_excel(book, sheet_name="Resits")
    resits["Student ID"] = "S" + resits["Student no."].astype(int).astype(str).str.zfill(4)
    maths_resit = resits[resits["Subject"] == "Maths"].set_index("Student ID")["Resit score"]
    best_maths = pd.concat([results.set_index("Student ID")["Maths"], maths_resit], axis=1).max(axis=1)
    a["exam-maths-pass-resits"] = int((best_maths >= pass_mark).sum())
    traps["exam-maths-pass-resits"] = (int((results["Maths"] >= pass_mark).sum()), a["exam-maths-pass-resits"])
    return a, traps


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tmp) / "a"
        names = write_files(d)
        again = write_files(Path(tmp) / "b")
        print(f"files in {d}:")
        for n in names:
            print(f"  {n:<26} {(d / n).stat().st_size:>8,} bytes")
        same = all(filecmp.cmp(d / n, Path(tmp) / "b" / n, shallow=False) for n in names) and names == again
        print(f"written twice, byte-identical: {same}")
        got, traps = answers(d)

    refs = references()
    bad = 0
    for task in TASKS:
        ref, value = refs[task.id], got.get(task.id)
        if value is None:
            ok = False
        elif task.kind == "number":
            ok = score.number_ok(float(value), ref)
        else:
            ok = score.normalise(str(value)) == score.normalise(str(ref))
        # the computed answer, as prose, must also pass the product's scorer
        scored = value is not None and score.correct(f"The answer is {value}.", ref, task.kind, task.aliases)
        bad += not (ok and scored)
        flag = "ok  " if ok and scored else "FAIL"
        print(f"{flag} {task.difficulty:<6} {task.id:<30} ref={ref!r:<28} files={value!r}")
    for tid, (careless, careful) in traps.items():
        bites = str(careless) != str(careful)
        bad += not bites
        print(f"{'ok  ' if bites else 'FAIL'} trap   {tid:<30} careless={careless!r} careful={careful!r}")
    count = Counter(t.difficulty for t in TASKS)
    print(
        f"{len(TASKS) - bad}/{len(TASKS)} tasks agree ({count['easy']} easy, {count['medium']} medium, "
        f"{count['hard']} hard); traps bite: {len(traps)}; files reproducible: {same}"
    )
    return 1 if bad or not same else 0


if __name__ == "__main__":
    sys.exit(main())
