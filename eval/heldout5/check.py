"""Cross-check: answer every question of the fifth held-out set from the MESSY files with pandas, as a
careful analyst would, and compare with the references computed from the clean records
(`tasks.references()`).

A match proves the question is answerable from the files alone and that the reference is right.
It also checks that the files are byte-identical when written twice, that each computed answer,
written out as prose, is scored right by eval/score.py's `correct()`, and that the traps the
questions are about really bite (the careless answer differs from the careful one).

    python eval/heldout5/check.py [DIR]     # DIR: where to write the files (default: a temp dir)

Exits non-zero on any mismatch.
"""

from __future__ import annotations

import filecmp
import importlib.util
import json
import sys
import tempfile
import time
import zipfile
from collections import Counter
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from data import write_files  # noqa: E402
from tasks import TASKS, references  # noqa: E402

LOCAL = "Europe/Brussels"


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


def hour(h: int) -> str:
    return f"{int(h)}:00"


# --- bike share ------------------------------------------------------------------------------------------


def bikes(d: Path, a: dict, traps: dict) -> None:
    doc = json.loads((d / "bike_stations.geojson").read_text(encoding="utf-8"))
    stations = pd.json_normalize(doc["features"])
    stations.columns = [c.removeprefix("properties.") for c in stations.columns]
    a["bike-station-count"] = len(stations)
    a["bike-total-docks"] = int(stations["capacity"].sum())

    with zipfile.ZipFile(d / "tripdata_2024Q2.zip") as z:
        names = sorted(n for n in z.namelist() if n.endswith(".csv") and not n.startswith("__MACOSX/"))
        assert len(names) == 3, names
        parts = [pd.read_csv(z.open(n), dtype={"start_station_id": str, "end_station_id": str}) for n in names]
    trips = pd.concat(parts, ignore_index=True)
    trips["start"] = pd.to_datetime(trips["started_at"], format="ISO8601")
    trips["end"] = pd.to_datetime(trips["ended_at"], format="ISO8601")
    a["bike-trips-q2"] = len(trips)
    traps["bike-trips-q2"] = (len(parts[0]), a["bike-trips-q2"])

    minutes = (trips["end"] - trips["start"]).dt.total_seconds() / 60
    may_casual = minutes[(trips["start"].dt.month == 5) & (trips["member_casual"] == "casual")]
    a["bike-casual-median-may"] = round(float(may_casual.median()), 3)
    traps["bike-casual-median-may"] = (round(float(may_casual.mean()), 3), a["bike-casual-median-may"])

    weekend = trips[trips["start"].dt.day_of_week >= 5]
    a["bike-weekend-peak-hour"] = hour(top(weekend["start"].dt.hour.value_counts()))
    traps["bike-weekend-peak-hour"] = (hour(top(trips["start"].dt.hour.value_counts())), a["bike-weekend-peak-hour"])

    hood = stations.set_index("station_id")["neighbourhood"]
    starts = trips["start_station_id"].dropna().map(hood)
    assert starts.notna().all()
    a["bike-top-neighbourhood"] = top(starts.value_counts())
    traps["bike-top-neighbourhood"] = (top(stations["neighbourhood"].value_counts()), a["bike-top-neighbourhood"])

    out = trips["start_station_id"].value_counts()
    came = trips["end_station_id"].value_counts()
    net = out.sub(came, fill_value=0)
    name = stations.set_index("station_id")["name"]
    a["bike-net-loss-station"] = name[top(net)]
    traps["bike-net-loss-station"] = (name[top(out)], a["bike-net-loss-station"])


# --- food inspections --------------------------------------------------------------------------------------


def food(d: Path, a: dict, traps: dict) -> None:
    path = d / "food_inspections.csv"
    insp = pd.read_csv(path, dtype={"License #": str})
    insp["licence"] = insp["License #"].astype(float).astype(int)
    insp["date"] = pd.to_datetime(insp["Inspection Date"], format="%m/%d/%Y")
    a["food-inspection-count"] = len(insp)
    traps["food-inspection-count"] = (len(path.read_text(encoding="utf-8").splitlines()) - 1, len(insp))
    fail = insp["Results"] == "Fail"
    a["food-fail-count"] = int(fail.sum())
    a["food-risk1-count"] = int((insp["Risk"] == "Risk 1 (High)").sum())

    f24 = insp[fail & (insp["date"].dt.year == 2024)]
    a["food-fail-month-2024"] = pd.Timestamp(2024, top(f24["date"].dt.month.value_counts()), 1).strftime("%B")
    wrong = pd.to_datetime(insp["Inspection Date"], format="%d/%m/%Y", errors="coerce")
    wrong24 = wrong[fail & (wrong.dt.year == 2024)]
    traps["food-fail-month-2024"] = (
        pd.Timestamp(2024, int(wrong24.dt.month.value_counts().index[0]), 1).strftime("%B"),
        a["food-fail-month-2024"],
    )

    text = insp["Violations"].fillna("")
    count = text.map(lambda s: len(s.split(" | ")) if s else 0)
    a["food-mean-violations"] = round(float(count.mean()), 4)
    traps["food-mean-violations"] = (round(float(count[count > 0].mean()), 4), a["food-mean-violations"])

    y24 = insp[insp["date"].dt.year == 2024]
    rest = y24[y24["Facility Type"].str.strip().str.lower() == "restaurant"]
    a["food-restaurant-fail-pct-2024"] = round(100 * float((rest["Results"] == "Fail").mean()), 3)
    naive = y24[y24["Facility Type"] == "Restaurant"]
    traps["food-restaurant-fail-pct-2024"] = (
        round(100 * float((naive["Results"] == "Fail").mean()), 3),
        a["food-restaurant-fail-pct-2024"],
    )

    lic = pd.read_json(d / "business_licences.jsonl", lines=True, dtype={"ward": str})
    ward = lic.dropna(subset=["ward"]).groupby("license_number")["ward"].agg(lambda s: s.iloc[-1])
    assert lic.dropna(subset=["ward"]).groupby("license_number")["ward"].nunique().max() == 1
    wards = f24["licence"].map(ward)
    assert wards.notna().all()
    a["food-ward-most-fails"] = f"Ward {top(wards.value_counts())}"
    joined = f24.merge(lic, left_on="licence", right_on="license_number")
    traps["food-ward-most-fails"] = (f"Ward {joined['ward'].value_counts().index[0]}", a["food-ward-most-fails"])

    per = f24.groupby("licence").size()
    a["food-repeat-failers"] = int((per >= 2).sum())
    by_name = f24.groupby("DBA Name").size()
    traps["food-repeat-failers"] = (int((by_name >= 2).sum()), a["food-repeat-failers"])


# --- electricity --------------------------------------------------------------------------------------------


def ics_events(path: Path) -> list[dict[str, str]]:
    """The VEVENTs of an iCalendar file, lines unfolded, as dicts of property name -> value."""
    raw = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    lines: list[str] = []
    for line in raw.split("\n"):
        if line.startswith(" ") and lines:
            lines[-1] += line[1:]
        elif line:
            lines.append(line)
    events, cur = [], None
    for line in lines:
        if line == "BEGIN:VEVENT":
            cur = {}
        elif line == "END:VEVENT":
            events.append(cur)
            cur = None
        elif cur is not None:
            key, _, value = line.partition(":")
            cur[key.split(";")[0]] = value
    return events


def electricity(d: Path, a: dict, traps: dict) -> None:
    prices = pd.read_parquet(d / "day_ahead_prices_2024.parquet")
    p = prices.set_index("datetime_utc")["price_eur_mwh"]
    a["elec-negative-hours"] = int((p < 0).sum())
    a["elec-max-price"] = round(float(p.max()), 2)

    raw = pd.read_csv(d / "actual_total_load_2024.csv", dtype=str)
    load = pd.read_csv(d / "actual_total_load_2024.csv", na_values=["n/e", "-"])
    load.columns = ["mtu", "forecast", "actual"]
    start = pd.to_datetime(load["mtu"].str.split(" - ").str[0], format="%d.%m.%Y %H:%M")
    load["local"] = start.dt.tz_localize(LOCAL, ambiguous="infer")
    load["utc"] = load["local"].dt.tz_convert("UTC")
    a["elec-mean-forecast"] = round(float(load["forecast"].mean()), 3)
    a["elec-peak-load"] = int(load["actual"].max())
    traps["elec-peak-load"] = (raw.iloc[:, 2].max(), a["elec-peak-load"])

    events = pd.DataFrame(ics_events(d / "public_holidays.ics"))
    events["date"] = pd.to_datetime(events["DTSTART"], format="%Y%m%d")
    y24 = events[events["date"].dt.year == 2024]
    national = y24[y24["CATEGORIES"] == "Public holiday"]
    a["elec-weekday-holidays"] = int((national["date"].dt.day_of_week < 5).sum())
    traps["elec-weekday-holidays"] = (int((y24["date"].dt.day_of_week < 5).sum()), a["elec-weekday-holidays"])

    by_utc = load.set_index("utc")["actual"]
    peak = p.idxmax()
    a["elec-load-at-max-price"] = int(by_utc[peak])
    naive = load.set_index(start.dt.tz_localize("UTC"))["actual"]
    traps["elec-load-at-max-price"] = (int(naive[peak]), a["elec-load-at-max-price"])

    local_hour = p.index.tz_convert(LOCAL).hour
    a["elec-priciest-hour"] = hour(top(p.groupby(local_hour).mean()))
    traps["elec-priciest-hour"] = (hour(top(p.groupby(p.index.hour).mean())), a["elec-priciest-hour"])

    day = load["local"].dt.date
    daily = load.groupby(day)["actual"].agg(["sum", "count"])
    hol = daily.loc[[x.date() for x in national["date"]]]
    assert (hol["count"] >= 23).all()
    a["elec-holiday-gwh"] = round(float(hol["sum"].mean()) / 1000, 3)
    every = daily.loc[[x.date() for x in y24["date"]]]
    traps["elec-holiday-gwh"] = (round(float(every["sum"].mean()) / 1000, 3), a["elec-holiday-gwh"])


# --- schools ----------------------------------------------------------------------------------------------


def schools(d: Path, a: dict, traps: dict) -> None:
    cen = pd.read_stata(d / "school_census.dta")
    y24 = cen[cen["time_period"] == 202324]
    a["sch-pupils-2324"] = int(y24["headcount"].sum())
    traps["sch-pupils-2324"] = (int(cen["headcount"].sum()), a["sch-pupils-2324"])
    a["sch-secondary-2324"] = int((y24["phase"] == "Secondary").sum())
    traps["sch-secondary-2324"] = (int((cen["phase"] == "Secondary").sum()), a["sch-secondary-2324"])

    lines = (d / "schools_directory.txt").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("HDR|") and lines[-1].startswith("TRL|")
    dirx = pd.read_csv(d / "schools_directory.txt", sep="|", skiprows=1, skipfooter=1, engine="python")
    assert len(dirx) == int(lines[-1].split("|")[1])
    is_open = dirx["STATUS"].str.startswith("Open")
    a["sch-open-directory"] = int(is_open.sum())
    traps["sch-open-directory"] = (int((dirx["STATUS"] == "Open").sum()), a["sch-open-directory"])

    rec = cen.groupby("time_period")["hc_rec"].sum()
    a["sch-reception-fall"] = int(rec[202122] - rec[202324])

    fsm = y24.loc[y24["phase"] == "Primary", "fsm_pct"]
    a["sch-fsm-primary"] = round(float(fsm[fsm >= 0].mean()), 3)
    traps["sch-fsm-primary"] = (round(float(fsm.mean()), 3), a["sch-fsm-primary"])

    m = cen.merge(dirx, left_on="urn", right_on="URN", how="left", validate="many_to_one")
    assert m["DISTRICT"].notna().all()
    totals = m.pivot_table(index="DISTRICT", columns="time_period", values="headcount", aggfunc="sum")
    a["sch-district-growth"] = top(totals[202324] - totals[202122])
    traps["sch-district-growth"] = (top(totals[202324]), a["sch-district-growth"])

    m24 = m[m["time_period"] == 202324]
    a["sch-district-mean-open"] = top(m24[m24["STATUS"].str.startswith("Open")].groupby("DISTRICT")["headcount"].mean())
    traps["sch-district-mean-open"] = (top(m24.groupby("DISTRICT")["headcount"].mean()), a["sch-district-mean-open"])


def answers(d: Path) -> tuple[dict[str, object], dict[str, tuple[object, object]]]:
    a: dict[str, object] = {}
    traps: dict[str, tuple[object, object]] = {}
    bikes(d, a, traps)
    food(d, a, traps)
    electricity(d, a, traps)
    schools(d, a, traps)
    return a, traps


def main() -> int:
    began = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tmp) / "a"
        names = write_files(d)
        again = write_files(Path(tmp) / "b")
        print(f"files in {d}:")
        for n in names:
            print(f"  {n:<30} {(d / n).stat().st_size:>9,} bytes")
        same = all(filecmp.cmp(d / n, Path(tmp) / "b" / n, shallow=False) for n in names) and names == again
        print(f"written twice, byte-identical: {same}")
        got, traps = answers(d)

    refs = references()
    bad = 0
    for task in TASKS:
        ref, value = refs[task.id], got.get(task.id)
        ok = value is not None and _agrees(task, ref, value)
        bad += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {task.difficulty:<6} {task.id:<30} ref={ref!r:<24.24} files={value!r:.24}")
    bitten = 0
    for tid, (careless, careful) in traps.items():
        bites = str(careless) != str(careful)
        bitten += bites
        bad += not bites
        print(f"{'ok  ' if bites else 'FAIL'} trap   {tid:<30} careless={careless!r:<22.22} careful={careful!r:.24}")
    count = Counter(t.difficulty for t in TASKS)
    agree = sum(1 for task in TASKS if task.id in got and _agrees(task, refs[task.id], got[task.id]))
    print(
        f"{agree}/{len(TASKS)} tasks agree ({count['easy']} easy, {count['medium']} medium, "
        f"{count['hard']} hard); traps bite: {bitten}/{len(traps)}; files reproducible: {same}; "
        f"{time.monotonic() - began:.1f} s"
    )
    return 1 if bad or not same else 0


def _agrees(task, ref, value) -> bool:
    """The files' answer equals the reference, and written as prose it passes eval/score.py's `correct()`."""
    if task.kind == "number":
        ok = score.number_ok(float(value), ref)
    else:
        ok = score.normalise(str(value)) == score.normalise(str(ref))
    return ok and score.correct(f"The answer is {value}.", ref, task.kind, task.aliases)


if __name__ == "__main__":
    sys.exit(main())
