"""Cross-check: answer every question of the fourth held-out set from the MESSY files with pandas, as a
careful analyst would, and compare with the references computed from the clean records
(`tasks.references()`).

A match proves the question is answerable from the files alone and that the reference is right.
It also checks that the files are byte-identical when written twice, that each computed answer,
written out as prose, is scored right by eval/score.py's `correct()`, and that the traps the
questions are about really bite (the careless answer differs from the careful one).

    python eval/heldout4/check.py [DIR]     # DIR: where to write the files (default: a temp dir)

Exits non-zero on any mismatch.
"""

from __future__ import annotations

import filecmp
import importlib.util
import json
import re
import sqlite3
import sys
import tempfile
from collections import Counter
from pathlib import Path

import pandas as pd
import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from data import write_files  # noqa: E402
from tasks import TASKS, references  # noqa: E402

LOCAL = "Europe/Amsterdam"


def _load_eval_score():
    spec = importlib.util.spec_from_file_location("eval_score", HERE.parent / "score.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


score = _load_eval_score()


def top(series: pd.Series, largest: bool = True):
    """The index label of the largest (or smallest) value; asserts there is no tie for first place."""
    s = series.sort_values(ascending=not largest)
    assert len(s) < 2 or s.iloc[0] != s.iloc[1], f"tie: {s.head(2).to_dict()}"
    return s.index[0]


def _key(name: str) -> str:
    """A branch name reduced to a comparable key: 'CENTRAL LIBRARY', 'Central' -> 'central'."""
    k = name.strip().lower()
    k = re.sub(r"\s+(library|branch)$", "", k)
    return k.replace(" ", "")


# --- the library ---------------------------------------------------------------------------------------


def library(d: Path, a: dict, traps: dict) -> None:
    raw = pd.read_csv(d / "loans.csv", sep=";", encoding="utf-8-sig", dtype=str, keep_default_na=False)
    loans = raw.drop_duplicates().copy()
    assert loans["Loan ID"].is_unique
    loans["out"] = pd.to_datetime(loans["Checked out"], format="%d.%m.%Y %H:%M")
    loans["due"] = pd.to_datetime(loans["Due date"], format="%d.%m.%Y")
    loans["back"] = pd.to_datetime(loans["Returned"].replace("", None), format="%d.%m.%Y %H:%M")
    loans["fine"] = pd.to_numeric(loans["Fine (EUR)"].str.replace(",", ".", regex=False).replace("", None))
    loans["item"] = loans["Item No"].astype(int)

    catalogue = pd.read_xml(d / "catalogue.xml", parser="etree", dtype={"barcode": str})
    catalogue["item"] = catalogue["barcode"].astype(int)
    a["lib-catalogue-items"] = len(catalogue)

    branches = yaml.safe_load((d / "branches.yaml").read_text(encoding="utf-8"))["branches"]
    a["lib-branch-seats"] = sum(b["seats"] for b in branches)

    members = pd.read_parquet(d / "members.parquet")
    a["lib-student-members"] = int((members["member_type"] == "student").sum())

    a["lib-distinct-loans"] = len(loans)
    traps["lib-distinct-loans"] = (len(raw), len(loans))

    names = {_key(b["name"]): b["name"] for b in branches}
    loans["branch"] = loans["Branch"].map(lambda s: names[_key(s)])
    a["lib-busiest-branch"] = top(loans["branch"].value_counts())
    traps["lib-busiest-branch"] = (raw["Branch"].value_counts().index[0], a["lib-busiest-branch"])

    back = loans.dropna(subset=["back"])
    a["lib-late-returns"] = int((back["back"].dt.normalize() > back["due"]).sum())
    traps["lib-late-returns"] = (int((back["back"] > back["due"]).sum()), a["lib-late-returns"])

    kept = back.merge(catalogue[["item", "genre"]], on="item", how="left", validate="many_to_one")
    assert kept["genre"].notna().all()
    kept["days"] = (kept["back"] - kept["out"]).dt.total_seconds() / 86400
    a["lib-genre-longest-kept"] = top(kept.groupby("genre")["days"].median())

    a["lib-never-borrowed"] = int((~catalogue["item"].isin(loans["item"])).sum())
    traps["lib-never-borrowed"] = (int((~catalogue["barcode"].isin(loans["Item No"])).sum()), a["lib-never-borrowed"])

    kind = members.set_index("member_id")["member_type"].astype(str)
    loans["type"] = loans["Member"].map(kind)
    assert loans["type"].notna().all()
    a["lib-adult-fines"] = round(float(loans.loc[loans["type"] == "adult", "fine"].sum()), 2)
    raw_fine = pd.to_numeric(raw["Fine (EUR)"].str.replace(",", ".", regex=False).replace("", None))
    careless = round(float(raw_fine[raw["Member"].map(kind) == "adult"].sum()), 2)
    traps["lib-adult-fines"] = (careless, a["lib-adult-fines"])


# --- 311 service requests and the districts ---------------------------------------------------------


def districts(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The district rows of the fixed-width report (and, for the trap, the careless read with the TOTAL row)."""
    text = (d / "districts.txt").read_bytes().decode("cp1252")
    rows = []
    for line in text.splitlines():
        m = re.match(r"^(D\d\d)\s+(.+?)\s+([\d,]+)\s+([\d.]+)\s*$", line)
        if m:
            rows.append({"code": m[1], "name": m[2], "population": int(m[3].replace(",", "")), "area": float(m[4])})
    careful = pd.DataFrame(rows)
    careless = pd.read_fwf(d / "districts.txt", encoding="cp1252", skiprows=4, thousands=",").iloc[1:]
    careless = careless[~careless["CODE"].astype(str).str.startswith("--")]
    careless["DISTRICT"] = careless["DISTRICT"].astype(str)
    careless["POPULATION"] = pd.to_numeric(careless["POPULATION"])
    return careful, careless


def service_requests(d: Path, a: dict, traps: dict) -> None:
    doc = json.loads((d / "service_requests.json").read_text(encoding="utf-8"))
    cols = [c["fieldName"] for c in doc["meta"]["view"]["columns"]]
    sr = pd.DataFrame(doc["data"], columns=cols)
    sr = sr[[c for c in cols if not c.startswith(":")]].copy()
    sr["created"] = pd.to_datetime(sr["created_date"])
    sr["closed"] = pd.to_datetime(sr["closed_date"])
    sr["status_clean"] = sr["status"].str.strip().str.lower()
    assert ((sr["status_clean"] == "closed") == sr["closed"].notna()).all()

    dist, careless_dist = districts(d)
    a["sr-requests-count"] = len(sr)
    a["sr-largest-district"] = top(dist.set_index("name")["population"])
    traps["sr-largest-district"] = (
        careless_dist.set_index("DISTRICT")["POPULATION"].idxmax(),
        a["sr-largest-district"],
    )
    a["sr-top-channel"] = top(sr["channel"].value_counts())

    y24 = sr[sr["created"].dt.year == 2024]
    a["sr-top-type-2024"] = top(y24["complaint_type"].value_counts())
    traps["sr-top-type-2024"] = (sr["complaint_type"].value_counts().index[0], a["sr-top-type-2024"])

    hours = (sr["closed"] - sr["created"]).dt.total_seconds() / 3600
    a["sr-median-close-hours"] = round(float(hours.median()), 2)
    traps["sr-median-close-hours"] = (round(float(hours.mean()), 2), a["sr-median-close-hours"])

    a["sr-still-open"] = int((sr["status_clean"] != "closed").sum())
    traps["sr-still-open"] = (int((sr["status"] == "Open").sum()), a["sr-still-open"])

    by_name = dist.assign(key=dist["name"].str.upper()).set_index("key")
    counts = y24["district"].dropna().value_counts()
    assert set(counts.index) <= set(by_name.index)
    rate = counts / by_name.loc[counts.index, "population"] * 1000
    a["sr-per-1000-district"] = by_name.loc[top(rate), "name"]
    traps["sr-per-1000-district"] = (by_name.loc[counts.index[0], "name"], a["sr-per-1000-district"])

    noise = sr[sr["complaint_type"] == "Noise"]
    per_month = noise["created"].dt.to_period("M").value_counts()
    peak = top(per_month)
    a["sr-noise-peak-month"] = peak.strftime("%B %Y")
    traps["sr-noise-peak-month"] = (
        pd.Timestamp(2000, top(noise["created"].dt.month.value_counts()), 1).strftime("%B"),
        a["sr-noise-peak-month"],
    )

    west = y24[y24["district"] == "WESTMOOR"]
    daily = (
        west.set_index("created").resample("D").size().reindex(pd.date_range("2024-01-01", "2024-12-31"), fill_value=0)
    )
    a["sr-westmoor-daily"] = round(float(daily.mean()), 4)
    traps["sr-westmoor-daily"] = (round(float(daily[daily > 0].mean()), 4), a["sr-westmoor-daily"])


# --- the ferry --------------------------------------------------------------------------------------------


def ferry(d: Path, a: dict, traps: dict) -> None:
    con = sqlite3.connect(d / "ferry.sqlite")
    routes = pd.read_sql("SELECT * FROM routes", con).set_index("route_id")
    vessels = pd.read_sql("SELECT * FROM vessels", con)
    s = pd.read_sql("SELECT * FROM sailings", con)
    con.close()
    a["ferry-vessel-count"] = len(vessels)
    a["ferry-largest-vessel"] = top(vessels.set_index("name")["passenger_capacity"])
    a["ferry-total-passengers"] = int(s["passengers"].sum())

    s["cancelled"] = s["status"].str.upper().str.startswith("CXL")
    a["ferry-cancelled"] = int(s["cancelled"].sum())
    traps["ferry-cancelled"] = (int((s["status"] == "CXL").sum()), a["ferry-cancelled"])

    ran = s[~s["cancelled"]].copy()
    a["ferry-fullest-route"] = routes.loc[top(ran.groupby("route_id")["passengers"].mean()), "name"]
    traps["ferry-fullest-route"] = (
        routes.loc[ran.groupby("route_id")["passengers"].sum().idxmax(), "name"],
        a["ferry-fullest-route"],
    )

    ran["sched"] = pd.to_datetime(ran["scheduled_departure"], format="%Y-%m-%d %H:%M")
    actual = pd.to_datetime(ran["actual_departure"], unit="s", utc=True).dt.tz_convert(LOCAL).dt.tz_localize(None)
    ran["delay"] = (actual - ran["sched"]).dt.total_seconds() / 60
    naive = (pd.to_datetime(ran["actual_departure"], unit="s") - ran["sched"]).dt.total_seconds() / 60
    assert ran["delay"].min() >= 0
    july = (ran["route_id"] == "R2") & (ran["sched"].dt.strftime("%Y-%m") == "2024-07")
    a["ferry-r2-july-delay"] = round(float(ran.loc[july, "delay"].mean()), 3)
    traps["ferry-r2-july-delay"] = (round(float(naive[july].mean()), 3), a["ferry-r2-july-delay"])

    aug = ran["sched"].dt.strftime("%Y-%m") == "2024-08"
    late = ran[aug & (ran["delay"] >= 15)].groupby("route_id").size()
    a["ferry-late-route-aug"] = routes.loc[top(late), "name"]
    naive_late = ran[aug & (naive >= 15)].groupby("route_id").size()
    traps["ferry-late-route-aug"] = (
        routes.loc[naive_late.idxmax(), "name"] if len(naive_late) else "none late",
        a["ferry-late-route-aug"],
    )

    def fares(sheet) -> pd.DataFrame:
        f = pd.read_excel(d / "ferry_fares.xlsx", sheet_name=sheet, header=2)
        f = f[f["Code"].astype(str).str.fullmatch(r"R\d+")].set_index("Code")
        return f.rename(columns=lambda c: c.split(" (")[0])

    f24, first_sheet = fares("2024"), fares(0)
    a["ferry-child-fare-r2"] = float(f24.loc["R2", "Child"])
    traps["ferry-child-fare-r2"] = (float(first_sheet.loc["R2", "Child"]), a["ferry-child-fare-r2"])

    def revenue(f: pd.DataFrame) -> float:
        car = pd.to_numeric(f["Car incl. driver"], errors="coerce").fillna(0)
        return round(float((ran["cars"] * ran["route_id"].map(car)).sum()), 2)

    a["ferry-car-revenue-2024"] = revenue(f24)
    traps["ferry-car-revenue-2024"] = (revenue(first_sheet), a["ferry-car-revenue-2024"])


# --- air quality ------------------------------------------------------------------------------------------


def air(d: Path, a: dict, traps: dict) -> None:
    meta = json.loads((d / "sensors.json").read_text(encoding="utf-8"))
    sensors = pd.json_normalize(meta["sensors"])
    a["aq-sensor-count"] = len(sensors)
    a["aq-first-installed"] = top(sensors.set_index("id")["installed"].map(pd.Timestamp), largest=False)
    a["aq-traffic-sensors"] = int((sensors["site.type"] == "traffic").sum())

    raw = pd.read_csv(d / "aq_hourly_2024.csv.gz", header=[0, 1], index_col=0)
    raw.index = pd.to_datetime(raw.index, utc=True)
    raw.index.name = "time"
    raw.columns.names = ["sensor", "pollutant"]
    clean = raw.where(raw != -999)
    for _, s in sensors.iterrows():
        unit = s["pollutants.pm25.unit"].replace("µ", "u")
        if unit == "mg/m3":
            clean[(s["id"], "pm25")] = clean[(s["id"], "pm25")] * 1000
        else:
            assert unit == "ug/m3"
    long = clean.stack(level=[0, 1]).rename("value").reset_index()
    long.columns = ["time", "sensor", "pollutant", "value"]
    long = long.dropna(subset=["value"])
    long["local"] = long["time"].dt.tz_convert(LOCAL)
    pm, no2 = long[long["pollutant"] == "pm25"], long[long["pollutant"] == "no2"]

    a["aq-mean-pm-aq02"] = round(float(pm.loc[pm["sensor"] == "AQ-02", "value"].mean()), 3)
    traps["aq-mean-pm-aq02"] = (round(float(raw[("AQ-02", "pm25")].mean()), 3), a["aq-mean-pm-aq02"])

    aq1 = no2[no2["sensor"] == "AQ-01"]
    a["aq-no2-peak-hour"] = int(top(aq1.groupby(aq1["local"].dt.hour)["value"].mean()))
    traps["aq-no2-peak-hour"] = (int(aq1.groupby(aq1["time"].dt.hour)["value"].mean().idxmax()), a["aq-no2-peak-hour"])

    a["aq-max-no2-sensor"] = top(no2.groupby("sensor")["value"].max())

    feb = pm[pm["local"].dt.strftime("%Y-%m") == "2024-02"]
    a["aq-feb-median-pm"] = top(feb.groupby("sensor")["value"].median())
    raw_feb = raw.xs("pm25", axis=1, level=1)
    raw_feb = raw_feb[raw_feb.index.tz_convert(LOCAL).strftime("%Y-%m") == "2024-02"]
    traps["aq-feb-median-pm"] = (raw_feb.where(raw_feb != -999).median().idxmax(), a["aq-feb-median-pm"])

    aq4 = pm[pm["sensor"] == "AQ-04"]
    daily = aq4.groupby(aq4["local"].dt.date)["value"].mean()
    daily = daily[
        (daily.index >= pd.Timestamp("2024-01-01").date()) & (daily.index <= pd.Timestamp("2024-06-30").date())
    ]
    a["aq-exceed-days"] = int((daily > 15).sum())
    raw4 = raw[("AQ-04", "pm25")]
    traps["aq-exceed-days"] = (
        int((raw4.groupby(raw4.index.tz_convert(LOCAL).date).mean() > 15).sum()),
        a["aq-exceed-days"],
    )

    dist, _ = districts(d)
    names = dist.set_index("code")["name"]
    where = sensors.set_index("id")["site.district"]
    no2d = no2.assign(district=no2["sensor"].map(where).map(names))
    a["aq-district-no2"] = top(no2d.groupby("district")["value"].mean())
    raw_no2 = raw.xs("no2", axis=1, level=1).mean()
    traps["aq-district-no2"] = (names[where[raw_no2.idxmax()]], a["aq-district-no2"])


def answers(d: Path) -> tuple[dict[str, object], dict[str, tuple[object, object]]]:
    a: dict[str, object] = {}
    traps: dict[str, tuple[object, object]] = {}
    library(d, a, traps)
    service_requests(d, a, traps)
    ferry(d, a, traps)
    air(d, a, traps)
    return a, traps


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tmp) / "a"
        names = write_files(d)
        again = write_files(Path(tmp) / "b")
        print(f"files in {d}:")
        for n in names:
            print(f"  {n:<26} {(d / n).stat().st_size:>9,} bytes")
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
        print(f"{flag} {task.difficulty:<6} {task.id:<26} ref={ref!r:<28.28} files={value!r:.28}")
    bitten = 0
    for tid, (careless, careful) in traps.items():
        bites = str(careless) != str(careful)
        bitten += bites
        bad += not bites
        print(f"{'ok  ' if bites else 'FAIL'} trap   {tid:<26} careless={careless!r:<24.24} careful={careful!r:.28}")
    count = Counter(t.difficulty for t in TASKS)
    agree = sum(1 for task in TASKS if task.id in got) - sum(
        1 for task in TASKS if task.id in got and not _agrees(task, refs[task.id], got[task.id])
    )
    print(
        f"{agree}/{len(TASKS)} tasks agree ({count['easy']} easy, {count['medium']} medium, "
        f"{count['hard']} hard); traps bite: {bitten}/{len(traps)}; files reproducible: {same}"
    )
    return 1 if bad or not same else 0


def _agrees(task, ref, value) -> bool:
    if task.kind == "number":
        ok = score.number_ok(float(value), ref)
    else:
        ok = score.normalise(str(value)) == score.normalise(str(ref))
    return ok and score.correct(f"The answer is {value}.", ref, task.kind, task.aliases)


if __name__ == "__main__":
    sys.exit(main())
