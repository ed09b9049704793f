"""Cross-check: answer every question of the eighth held-out set from the MESSY files with pandas, as a
careful analyst would, and compare with the references computed from the clean records
(`tasks.references()`).

A match proves the question is answerable from the files alone and that the reference is right.
It also checks that the files are byte-identical when written twice, that each computed answer,
written out as prose, is scored right by eval/score.py's `correct()`, and that the traps the
questions are about really bite (the careless answer differs from the careful one and, written as
prose, is scored wrong).

    python eval/heldout8/check.py [DIR]     # DIR: where to write the files (default: a temp dir)

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
import time
from collections import Counter
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from data import write_files  # noqa: E402
from tasks import TASKS, references  # noqa: E402

LOCAL = "Europe/Dublin"


def _load_eval_score():
    spec = importlib.util.spec_from_file_location("eval_score", HERE.parent / "score.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


score = _load_eval_score()


def top(series: pd.Series, largest: bool = True, strict: bool = True):
    """The index label of the largest (or smallest) value; asserts there is no tie for first place
    (`strict=False` for a careless answer, which takes the first of a tie as idxmax would)."""
    s = series.dropna().sort_values(ascending=not largest, kind="stable")
    assert not strict or len(s) < 2 or s.iloc[0] != s.iloc[1], f"tie: {s.head(2).to_dict()}"
    return s.index[0]


def hour(h: int) -> str:
    return f"{int(h)}:00"


def week(w: int) -> str:
    return f"week {int(w)}"


# --- water utility -------------------------------------------------------------------------------------


def water(d: Path, a: dict, traps: dict) -> None:
    acc = pd.read_csv(d / "water_accounts.csv", encoding="cp1252")  # a Windows export: UTF-8 fails
    a["water-accounts"] = len(acc)
    try:
        pd.read_csv(d / "water_accounts.csv")
        raise AssertionError("the accounts file should not read as UTF-8")
    except UnicodeDecodeError:
        pass

    path = d / "meter_reads_2023_2024.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("Account,"))
    reads = pd.read_csv(path, skiprows=header, dtype=str, keep_default_na=False)
    a["water-reads"] = len(reads)

    text = reads["Reading"].str.strip()
    missing = text.isin(["", "NA", "?"])
    reads["reading"] = pd.to_numeric(text.str.replace(",", "", regex=False).where(~missing))
    assert reads["reading"].notna().sum() == (~missing).sum()
    a["water-no-reading"] = int(missing.sum())
    default = pd.read_csv(path, skiprows=header)  # "" and "NA" become NaN, "?" stays a string
    traps["water-no-reading"] = (int(default["Reading"].isna().sum()), a["water-no-reading"])

    kind = reads["Read type"].str.strip().str.upper().str[:1]  # A/E/C, however spelled
    assert set(kind[~missing]) == {"A", "E", "C"}, set(kind)
    reads["date"] = pd.to_datetime(reads["Read date"], format="%Y-%m-%d")
    has = reads[~missing & (reads["date"].dt.year == 2024)]
    a["water-estimated-2024"] = float((kind[has.index] == "E").mean() * 100)
    exact = has["Read type"].isin(["E", "Estimated"])  # two of the four spellings
    traps["water-estimated-2024"] = (round(float(exact.mean() * 100), 3), a["water-estimated-2024"])

    acc["key"] = acc["Account"].str.extract(r"(\d+)", expand=False).astype(int)
    reads["key"] = reads["Account"].str.extract(r"(\d+)", expand=False).astype(int)
    tariff = acc["Tariff"].str.strip().str.upper().str[0]  # Residential / Résidentiel, Comm., Institutionnel
    assert set(tariff) == {"R", "C", "I"}, set(acc["Tariff"])
    acc["tariff"] = tariff
    a["water-commercial-district"] = top(acc.loc[acc["tariff"] == "C", "District"].value_counts())

    r = reads[~missing].sort_values(["Meter", "date"], kind="stable").copy()
    r["used"] = r.groupby("Meter")["reading"].diff()
    assert (r["used"].dropna() >= 0).all()
    r = r.merge(acc[["key", "District", "tariff"]], on="key", how="left", validate="many_to_one")
    assert r["District"].notna().all()
    y24 = r[r["date"].dt.year == 2024]
    a["water-district-2024"] = top(y24.groupby("District")["used"].sum())
    a["water-residential-2024"] = int(y24.loc[y24["tariff"] == "R", "used"].sum())

    # careless: the difference per account, not per meter (a new meter starts again near zero)
    per_account = reads[~missing].sort_values(["key", "date"], kind="stable").copy()
    per_account["used"] = per_account.groupby("key")["reading"].diff()
    pa = per_account.merge(acc[["key", "tariff"]], on="key")
    careless = pa.loc[(pa["date"].dt.year == 2024) & (pa["tariff"] == "R"), "used"].sum()
    traps["water-residential-2024"] = (int(careless), a["water-residential-2024"])
    # careless: differencing before dropping the missing readings loses the usage after each gap
    gaps = reads.sort_values(["Meter", "date"], kind="stable").copy()
    gaps["used"] = gaps.groupby("Meter")["reading"].diff()
    gaps = gaps.merge(acc[["key", "tariff"]], on="key")
    careless = gaps.loc[(gaps["date"].dt.year == 2024) & (gaps["tariff"] == "R"), "used"].sum()
    traps["water-residential-2024 (gaps)"] = (int(careless), a["water-residential-2024"])
    # careless: only the exact spelling "Residential"
    exact = r.merge(acc[["key", "Tariff"]], on="key")
    exact = exact[(exact["date"].dt.year == 2024) & (exact["Tariff"] == "Residential")]
    traps["water-residential-2024 (spelling)"] = (int(exact["used"].sum()), a["water-residential-2024"])


# --- parcel courier ---------------------------------------------------------------------------------------


SUCCESS = re.compile(r"^\s*delivered|neighbour", re.IGNORECASE)


def courier(d: Path, a: dict, traps: dict) -> None:
    runs = json.loads((d / "courier_runs_march_2024.json").read_text(encoding="utf-8"))
    a["courier-runs"] = len(runs)
    r = pd.DataFrame(runs)
    a["courier-drivers"] = int(r["driver"].nunique())
    stops = pd.json_normalize(runs, record_path="stops", meta=["run_id", "date", "depot"])
    traps["courier-runs"] = (len(stops), a["courier-runs"])  # counting the stops, not the runs

    clock = pd.to_datetime(stops["time"], format="%I:%M %p")
    a["courier-peak-hour"] = hour(top(clock.dt.hour.value_counts()))

    ok = stops["outcome"].str.contains(SUCCESS)
    assert set(stops.loc[~ok, "outcome"].str.lower().str.extract(r"(home|access|refused)", expand=False)) == {
        "home",
        "access",
        "refused",
    }
    depot = stops["depot"].str.strip().str.title()
    assert depot.nunique() == 3
    a["courier-depot-fail"] = top((~ok).groupby(depot).mean())
    exact = stops["outcome"].ne("Delivered").groupby(depot).mean()  # one spelling of six successes
    traps["courier-depot-fail"] = (top(exact, strict=False), a["courier-depot-fail"])

    man = pd.read_csv(d / "parcel_manifest_march_2024.txt", sep="|", dtype=str, keep_default_na=False)
    a["parcel-count"] = len(man)
    parts = man["weight"].str.extract(r"^\s*([\d.]+)\s*(kg|g)\s*$")
    assert parts.notna().all().all()
    grams = parts[0].astype(float) * parts[1].map({"kg": 1000, "g": 1})
    a["parcel-weight"] = round(float(grams.sum()) / 1000, 3)
    as_kg = pd.to_numeric(man["weight"].str.replace(r"\s*k?g", "", regex=True)).sum()  # grams taken for kg
    traps["parcel-weight"] = (round(float(as_kg), 3), a["parcel-weight"])

    flag = man["signature_required"].str.strip().str.upper()
    assert set(flag) <= {"Y", "YES", "TRUE", "1", "N", "NO", "FALSE", "0"}, set(flag)
    a["parcel-signature"] = int(flag.isin(["Y", "YES", "TRUE", "1"]).sum())
    traps["parcel-signature"] = (int(man["signature_required"].eq("Y").sum()), a["parcel-signature"])

    stops["parcel_id"] = stops["parcel"].str.strip().str.upper()
    stops["when"] = pd.to_datetime(stops["date"]) + (clock - clock.dt.normalize())
    first = stops.sort_values("when", kind="stable").groupby("parcel_id").first()
    man["service_"] = man["service"].str.strip().str.lower().str.replace("-", " ", regex=False)
    assert set(man["service_"]) == {"next day", "economy", "premium"}, set(man["service_"])
    m = man.merge(first, on="parcel_id", how="left", validate="one_to_one")
    assert m["outcome"].notna().all()
    nd = m[m["service_"] == "next day"]
    a["courier-next-day-first"] = float(nd["outcome"].str.contains(SUCCESS).mean() * 100)


# --- cinema chain -----------------------------------------------------------------------------------------


def cinema(d: Path, a: dict, traps: dict) -> None:
    xlsx = d / "lumen_screenings_q3_2024.xlsx"
    sheet = pd.read_excel(xlsx, header=4, usecols="B:J")
    total = sheet["Date"].astype(str).eq("Total")
    assert total.sum() == 1
    scr = sheet[~total & sheet["Cinema"].notna()].copy()
    scr["Date"] = pd.to_datetime(scr["Date"])
    a["cin-screenings"] = len(scr)
    a["cin-admissions"] = int(scr["Admissions"].sum())
    assert int(sheet.loc[total, "Admissions"].iloc[0]) == a["cin-admissions"]
    traps["cin-screenings"] = (len(sheet), a["cin-screenings"])  # the totals row counted
    traps["cin-admissions"] = (int(sheet["Admissions"].sum()), a["cin-admissions"])  # and summed

    a["cin-top-film"] = top(scr.groupby("Film")["Admissions"].sum())
    fmt = scr["Format"].str.strip().str.upper().str.replace("-", "", regex=False)
    assert set(fmt) == {"IMAX", "3D", "2D"}, set(fmt)
    imax = scr[fmt == "IMAX"]
    a["cin-imax-occupancy"] = float(imax["Admissions"].sum() / imax["Capacity"].sum() * 100)
    exact = scr[scr["Format"] == "IMAX"]
    traps["cin-imax-occupancy"] = (
        round(float((exact["Admissions"] / exact["Capacity"]).mean() * 100), 3),  # and a mean of ratios
        a["cin-imax-occupancy"],
    )

    films = pd.read_csv(d / "films.csv", keep_default_na=False)
    budget = films["budget"].str.extract(r"^\$([\d.]+)([MmKk])$")
    millions = budget[0].astype(float) * budget[1].str.upper().map({"M": 1.0, "K": 0.001})
    assert millions.isna().sum() == films["budget"].isin(["", "n/a", "undisclosed"]).sum()
    a["film-budget"] = float(millions.mean())
    only_m = pd.to_numeric(films["budget"].str.strip("$M"), errors="coerce")  # "$900k" dropped
    traps["film-budget"] = (round(float(only_m.mean()), 3), a["film-budget"])

    films["key"] = films["title"].str.upper().str.strip()
    scr["key"] = scr["Film"].str.upper().str.strip()
    m = scr.merge(films, on="key", how="left", validate="many_to_one")
    assert m["genre"].notna().all()
    a["cin-genre-gross"] = top(m.groupby("genre")["Gross"].mean())

    con = pd.read_csv(d / "concessions_weekly.csv")
    wide = con.pivot_table(index=["week", "cinema", "category"], columns="measure", values="value", aggfunc="sum")
    wide = wide.reset_index()
    revenue = wide.groupby("week")["revenue_gbp"].sum()
    iso = scr["Date"].dt.isocalendar()
    label = "2024-W" + iso["week"].astype(int).map("{:02d}".format)
    admissions = scr.groupby(label)["Admissions"].sum()
    assert set(admissions.index) == set(revenue.index)
    per_head = revenue / admissions
    a["cin-concession-week"] = week(top(per_head).split("W")[1])
    both = con.groupby("week")["value"].sum() / admissions  # units and revenue added together
    traps["cin-concession-week"] = (week(top(both).split("W")[1]), a["cin-concession-week"])

    pop = wide[wide["category"] == "Popcorn"].groupby("cinema")[["revenue_gbp", "units"]].sum()
    a["cin-popcorn-price"] = top(pop["revenue_gbp"] / pop["units"])
    traps["cin-popcorn-price"] = (top(pop["revenue_gbp"]), a["cin-popcorn-price"])  # revenue, not per unit


# --- dairy farm -------------------------------------------------------------------------------------------


def dairy(d: Path, a: dict, traps: dict) -> None:
    mk = pd.read_parquet(d / "milkings_2024.parquet")
    assert str(mk["started_at"].dt.tz) == "UTC"
    with sqlite3.connect(d / "herd.sqlite") as con:
        cows = pd.read_sql("SELECT * FROM cows", con)
        breeds = pd.read_sql("SELECT * FROM breeds", con)
        view = pd.read_sql("SELECT * FROM herd_list", con)

    a["dairy-milkings"] = len(mk)
    a["dairy-lactation"] = float(cows["lactation"].mean())
    a["dairy-total-milk"] = round(float(mk["milk_kg"].sum()), 1)

    local = mk["started_at"].dt.tz_convert(LOCAL)
    a["dairy-peak-hour"] = hour(top(local.dt.hour.value_counts()))
    traps["dairy-peak-hour"] = (hour(top(mk["started_at"].dt.hour.value_counts(), strict=False)), a["dairy-peak-hour"])

    cows["code"] = cows["breed_code"].str.strip().str.upper()
    cows = cows.merge(breeds, on="code", how="left", validate="many_to_one")
    assert cows["breed"].notna().all()
    m = mk.merge(cows[["cow_no", "breed"]], left_on="cow", right_on="cow_no", how="left", validate="many_to_one")
    assert m["breed"].notna().all()
    a["dairy-breed-yield"] = top(m.groupby("breed")["milk_kg"].mean())

    m["local_date"] = local.dt.date
    wk = local.dt.isocalendar()["week"]
    a["dairy-top-week"] = week(top(m.groupby(wk.values)["milk_kg"].sum()))

    june = m[(local.dt.year == 2024).values & (local.dt.month == 6).values & m["milk_kg"].notna()]
    jersey = june[june["breed"] == "Jersey"]
    days = jersey.groupby(["cow", "local_date"])["milk_kg"].sum()
    a["dairy-jersey-june"] = float(days.mean())
    assert view["breed"].isna().any()  # the view's exact join loses the breed codes typed differently
    listed = view.loc[view["breed"] == "Jersey", "cow_no"]
    by_view = june[june["cow"].isin(listed)].groupby(["cow", "local_date"])["milk_kg"].sum()
    traps["dairy-jersey-june"] = (round(float(by_view.mean()), 3), a["dairy-jersey-june"])


def answers(d: Path) -> tuple[dict[str, object], dict[str, tuple[object, object]]]:
    a: dict[str, object] = {}
    traps: dict[str, tuple[object, object]] = {}
    water(d, a, traps)
    courier(d, a, traps)
    cinema(d, a, traps)
    dairy(d, a, traps)
    return a, traps


def main() -> int:
    began = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tmp) / "a"
        names = write_files(d)
        again = write_files(Path(tmp) / "b")
        print(f"files in {d}:")
        for n in names:
            print(f"  {n:<32} {(d / n).stat().st_size:>9,} bytes")
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
    by_id = {task.id: task for task in TASKS}
    for name, (careless, careful) in traps.items():
        bites = str(careless) != str(careful)
        tid = name.split(" ")[0]
        if tid in by_id:  # the careless answer, written as prose, is scored wrong
            task = by_id[tid]
            bites = bites and not score.correct(f"The answer is {careless}.", refs[tid], task.kind, task.aliases)
        bitten += bites
        bad += not bites
        print(f"{'ok  ' if bites else 'FAIL'} trap   {name:<34} careless={careless!r:<22.22} careful={careful!r:.24}")
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
