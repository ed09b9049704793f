"""Cross-check: answer every held-out question from the MESSY files with pandas, as a careful analyst
would, and compare with the references computed from the clean records (`tasks.references()`).

A match proves the question is answerable from the files alone and that the reference is right.
It also checks that the files are byte-identical when written twice, and that each computed
answer, written out as prose, is scored right by eval/score.py's `correct()`.

    python eval/heldout/check.py [DIR]     # DIR: where to write the files (default: a temp dir)

Exits non-zero on any mismatch.
"""

from __future__ import annotations

import filecmp
import importlib.util
import json
import sqlite3
import sys
import tempfile
from collections import Counter
from pathlib import Path

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


def _digits(s: pd.Series) -> pd.Series:
    return s.astype(str).str.replace(r"\D", "", regex=True)


def answers(d: Path) -> dict[str, object]:
    a: dict[str, object] = {}

    # --- trips.parquet: typed, but stray spaces in station names and missing end times
    trips = pd.read_parquet(d / "trips.parquet")
    trips["start_station"] = trips["start_station"].str.strip()
    trips["end_station"] = trips["end_station"].str.strip()
    a["trips-count"] = len(trips)
    a["trips-electric"] = int((trips["bike_type"] == "electric").sum())
    a["trips-longest-distance"] = float(trips["distance_km"].max())
    ended = trips.dropna(subset=["ended_at"])
    a["trips-median-minutes"] = float(((ended["ended_at"] - ended["started_at"]).dt.total_seconds() / 60).median())
    a["trips-top-start-station"] = trips["start_station"].value_counts().idxmax()
    week = trips["started_at"].dt.to_period("W-SUN").dt.start_time
    a["trips-busiest-week"] = week.value_counts().idxmax().date().isoformat()
    casual = trips[(trips["rider_type"] == "casual") & trips["end_station"].notna()]
    a["trips-casual-round-pct"] = float(100 * (casual["start_station"] == casual["end_station"]).mean())

    # --- air_quality.csv: title line, ';', decimal commas, day-first times, four spellings of missing
    air = pd.read_csv(d / "air_quality.csv", sep=";", skiprows=1, decimal=",", na_values=["NA", "-", "n/a"])
    air["at"] = pd.to_datetime(air["Date/time"], format="%d/%m/%Y %H:%M")
    a["air-min-temp"] = float(air["Temp"].min())
    a["air-ringroad-rows"] = int((air["Station"] == "Ringroad").sum())
    central = air[air["Station"] == "Central"].set_index("at")
    ringroad = air[air["Station"] == "Ringroad"].set_index("at")
    a["air-central-pm25"] = float(central["PM2.5"].mean())
    both = ringroad.dropna(subset=["PM2.5", "NO2"])
    a["air-ringroad-corr"] = float(both["PM2.5"].corr(both["NO2"]))
    a["air-worst-no2-day"] = ringroad["NO2"].resample("D").mean().idxmax().date().isoformat()
    daily_pm = central["PM2.5"].resample("D").mean()
    a["air-march-pm25-days"] = int((daily_pm[daily_pm.index.month == 3] > 25).sum())
    a["air-feb-no2"] = float(ringroad.loc["2024-02", "NO2"].mean())

    # --- loans.jsonl and books.json: ISBNs spelled three ways, yes/no/Y/N/true/false, nested catalogue
    loans = pd.read_json(d / "loans.jsonl", lines=True, dtype={"isbn": str})
    loans["isbn13"] = _digits(loans["isbn"])
    for col in ("borrowed", "returned"):
        loans[col] = pd.to_datetime(loans[col])
    renewed = (
        loans["renewed"]
        .astype(str)
        .str.strip()
        .str.lower()
        .map({"yes": True, "y": True, "true": True, "no": False, "n": False, "false": False})
    )
    assert renewed.notna().all(), "an unexpected spelling of renewed"
    a["loans-still-out"] = int(loans["returned"].isna().sum())
    a["loans-harbour"] = int((loans["branch"] == "Harbour").sum())
    a["loans-renewed-pct"] = float(100 * renewed.mean())
    q1 = loans["borrowed"].dt.month <= 3
    a["loans-q1-fines"] = float(loans.loc[q1, "fine_eur"].fillna(0).sum())
    a["loans-mean-days"] = float((loans["returned"] - loans["borrowed"]).dt.days.mean())  # NaT rows are skipped

    raw_books = json.loads((d / "books.json").read_text(encoding="utf-8"))
    books = pd.json_normalize(raw_books)
    books["isbn13"] = _digits(books["isbn"])
    a["books-count"] = len(books)
    a["books-max-pages"] = int(books["pages"].max())
    a["books-top-publisher"] = books["published.publisher"].value_counts().idxmax()
    a["books-history-count"] = int(books["subjects"].apply(lambda s: "history" in s).sum())
    a["books-rating-std"] = float(books.loc[books["ratings.count"] >= 500, "ratings.average"].std())

    joined = loans.merge(books, on="isbn13", how="left", validate="many_to_one")
    assert joined["title"].notna().all(), "a loan whose ISBN is not in the catalogue"
    a["loans-pre-2000-pct"] = float(100 * (joined["published.year"] < 2000).mean())
    a["loans-top-title"] = joined["title"].value_counts().idxmax()
    per_author = joined.explode("authors")["authors"].apply(lambda x: x["name"]).value_counts()
    last, first = per_author.idxmax().split(", ")
    a["loans-top-author"] = f"{first} {last}"

    # --- clinic.sqlite: two tables, "Lastname, Firstname" names, e-mail domains in mixed case
    with sqlite3.connect(d / "clinic.sqlite") as con:
        patients = pd.read_sql_query("SELECT * FROM patients", con)
        appts = pd.read_sql_query("SELECT * FROM appointments", con)
    a["clinic-appointments"] = len(appts)
    a["clinic-unity-care"] = int((patients["insurer"] == "Unity Care").sum())
    derm = appts[appts["department"] == "Dermatology"]
    a["clinic-derm-no-show"] = float(100 * (derm["status"] == "no-show").mean())
    a["clinic-top-email-domain"] = patients["email"].str.split("@").str[1].str.lower().value_counts().idxmax()
    done = appts[appts["status"] == "completed"].merge(patients, on="patient_id", how="left")
    last, first = done["name"].value_counts().idxmax().split(", ")
    a["clinic-top-patient"] = f"{first} {last}"
    old = done[pd.to_datetime(done["birth_date"]).dt.year < 1960]
    a["clinic-wait-born-before-1960"] = float(old["wait_min"].dropna().median())

    # --- retail.xlsx (two sheets, "%" text, a title above the Targets header) and the wide revenue table
    stores = pd.read_excel(d / "retail.xlsx", sheet_name="Stores")
    targets = pd.read_excel(d / "retail.xlsx", sheet_name="Targets", header=2)
    stores["store_no"] = _digits(stores["Store ID"]).astype(int)
    targets["store_no"] = _digits(targets["Store"]).astype(int)
    a["stores-count"] = len(stores)
    a["stores-floor-area"] = int(stores["Floor area (m2)"].sum())
    a["stores-opened-before-2015"] = int((stores["Opened"] < "2015-01-01").sum())
    share = stores["Online share"].str.rstrip("%").astype(float)
    a["stores-outlet-online-share"] = float(share[stores["Format"] == "Outlet"].mean())

    wide = pd.read_csv(d / "store_revenue.csv", thousands=",", na_values=["n/a", "-"])
    wide["store_no"] = wide["store"].str.extract(r"(\d+)", expand=False).astype(int)
    long = wide.drop(columns="store").melt(id_vars="store_no", var_name="month", value_name="revenue")
    long["month"] = pd.to_datetime(long["month"], format="%b %Y")
    y2024 = long[long["month"].dt.year == 2024]
    a["revenue-2024-total"] = int(y2024["revenue"].sum())
    by_month = y2024.groupby("month")["revenue"].sum()
    a["revenue-best-month-2024"] = by_month.idxmax().strftime("%B")
    per_store = y2024.groupby("store_no")["revenue"].sum()
    city = stores.set_index("store_no")["City"]
    assert set(per_store.index) == set(city.index), "store numbers do not match between the two files"
    a["revenue-top-city"] = per_store.groupby(city).sum().idxmax()
    target = targets.set_index("store_no")["Target 2024"]
    a["revenue-over-target"] = int((per_store > target.reindex(per_store.index)).sum())
    return a


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tmp) / "a"
        names = write_files(d)
        again = write_files(Path(tmp) / "b")
        print(f"files in {d}:")
        for n in names:
            print(f"  {n:<20} {(d / n).stat().st_size:>8,} bytes")
        same = all(filecmp.cmp(d / n, Path(tmp) / "b" / n, shallow=False) for n in names) and names == again
        print(f"written twice, byte-identical: {same}")
        got = answers(d)

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
    count = Counter(t.difficulty for t in TASKS)
    print(
        f"{len(TASKS) - bad}/{len(TASKS)} tasks agree ({count['easy']} easy, {count['medium']} medium, "
        f"{count['hard']} hard); files reproducible: {same}"
    )
    return 1 if bad or not same else 0


if __name__ == "__main__":
    sys.exit(main())
