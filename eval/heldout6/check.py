"""Cross-check: answer every question of the sixth held-out set from the MESSY files with pandas, as a
careful analyst would, and compare with the references computed from the clean records
(`tasks.references()`).

A match proves the question is answerable from the files alone and that the reference is right.
It also checks that the files are byte-identical when written twice, that each computed answer,
written out as prose, is scored right by eval/score.py's `correct()`, and that the traps the
questions are about really bite (the careless answer differs from the careful one and, written as
prose, is scored wrong).

    python eval/heldout6/check.py [DIR]     # DIR: where to write the files (default: a temp dir)

Exits non-zero on any mismatch.
"""

from __future__ import annotations

import filecmp
import importlib.util
import json
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

LOCAL = "America/Chicago"


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


def month_of(p: pd.Period) -> str:
    return p.strftime("%B %Y")


# --- library -------------------------------------------------------------------------------------------


def library(d: Path, a: dict, traps: dict) -> None:
    with sqlite3.connect(d / "library.sqlite") as con:
        loans = pd.read_sql("SELECT * FROM loans", con)
        cat = pd.read_sql("SELECT * FROM catalogue", con)
    members = pd.read_csv(d / "library_members.csv.gz")

    a["lib-loan-count"] = len(loans)
    a["lib-still-out"] = int(loans["returned"].isna().sum())
    joined = pd.to_datetime(members["joined"], format="%d/%m/%Y")
    a["lib-members-2023"] = int((joined.dt.year == 2023).sum())
    month_first = pd.to_datetime(members["joined"], format="%m/%d/%Y", errors="coerce")
    traps["lib-members-2023"] = (int((month_first.dt.year == 2023).sum()), a["lib-members-2023"])

    out = pd.to_datetime(loans["checked_out"])
    a["lib-busiest-month"] = month_of(top(out.dt.to_period("M").value_counts()))
    traps["lib-busiest-month"] = (top(out.dt.month_name().value_counts()), a["lib-busiest-month"])
    a["lib-weekday"] = top(out.dt.day_name().value_counts())

    returned = pd.to_datetime(loans["returned"])
    a["lib-median-days"] = float((returned - out.dt.normalize()).dt.days.median())
    traps["lib-median-days"] = (float((returned - out).dt.days.median()), a["lib-median-days"])

    # the loans' INTEGER item is the catalogue's zero-padded text id
    loans["item_id"] = loans["item"].astype(str).str.zfill(6)
    cat["fmt"] = cat["format"].str.strip().str.lower().str.replace("-", "", regex=False)
    m = loans.merge(cat, on="item_id", how="left", validate="many_to_one")
    assert m["fmt"].notna().all()
    back = m[m["returned"].notna()]
    late = pd.to_datetime(back["returned"]) > pd.to_datetime(back["due_date"])
    a["lib-late-format"] = top(late.groupby(back["fmt"]).mean())
    unpadded = loans.assign(item_id=loans["item"].astype(str)).merge(cat, on="item_id")
    traps["lib-item-join"] = (len(unpadded), len(m))  # joined without the leading zeros: nothing matches

    m = m.merge(members, left_on="borrower", right_on="patron_id", how="left", validate="many_to_one")
    assert m["age_group"].notna().all()
    a["lib-senior-subject"] = top(m.loc[m["age_group"] == "Senior", "subject"].value_counts())
    traps["lib-senior-subject"] = (top(m["subject"].value_counts(), strict=False), a["lib-senior-subject"])


# --- emergency department --------------------------------------------------------------------------------


def ed(d: Path, a: dict, traps: dict) -> None:
    doc = json.loads((d / "ed_visits_2024.json").read_text(encoding="utf-8"))
    v = pd.json_normalize(doc["visits"])
    assert doc["meta"]["count"] == len(v)

    a["ed-visit-count"] = len(v)
    amb = v["arrived_by_ambulance"].eq("Yes")
    a["ed-ambulance"] = int(amb.sum())

    arrived = pd.to_datetime(v["arrived_at"], utc=True)
    local = arrived.dt.tz_convert(LOCAL)
    a["ed-peak-local-hour"] = hour(top(local.dt.hour.value_counts()))
    traps["ed-peak-local-hour"] = (hour(top(arrived.dt.hour.value_counts(), strict=False)), a["ed-peak-local-hour"])
    a["ed-weekday"] = top(local.dt.day_name().value_counts())

    wait = (pd.to_datetime(v["provider_seen_at"], utc=True) - arrived).dt.total_seconds() / 60
    level3 = wait[v["triage_level"] == 3]
    a["ed-median-wait-esi3"] = float(level3.median())
    traps["ed-median-wait-esi3"] = (round(float(level3.mean()), 2), a["ed-median-wait-esi3"])

    disp = v["disposition"].str.strip().str.lower().replace({"left without being seen": "lwbs"})
    assert set(disp) == {"admitted", "discharged", "transferred", "lwbs"}, set(disp)
    lwbs = disp.eq("lwbs")
    by_month = lwbs.groupby(local.dt.month).mean()
    a["ed-lwbs-month"] = pd.Timestamp(2024, top(by_month), 1).month_name()
    exact = v["disposition"].eq("LWBS").groupby(local.dt.month).mean()  # one spelling of three
    traps["ed-lwbs-month"] = (pd.Timestamp(2024, top(exact, strict=False), 1).month_name(), a["ed-lwbs-month"])

    hours = pd.to_timedelta(v["length_of_stay"]).dt.total_seconds() / 3600
    assert (hours * 60).round().equals((pd.to_datetime(v["departed_at"]) - arrived).dt.total_seconds() / 60)
    admitted = disp.eq("admitted")
    a["ed-los-ambulance-admitted"] = float(hours[amb & admitted].mean())
    whole_hours = v["length_of_stay"].str.extract(r"(\d+)H", expand=False).astype(float)  # days, minutes lost
    traps["ed-los-ambulance-admitted"] = (
        round(float(whole_hours[amb & admitted].mean()), 3),
        a["ed-los-ambulance-admitted"],
    )

    text = v["vitals.spo2"]
    spo2 = pd.to_numeric(text.str.rstrip("%"))
    low = spo2 < 92
    a["ed-low-spo2-admitted"] = float(admitted[low].mean() * 100)
    as_text = text.notna() & (text < "92%")  # compared as strings, "100%" < "92%"
    traps["ed-low-spo2-admitted"] = (round(float(admitted[as_text].mean() * 100), 2), a["ed-low-spo2-admitted"])


# --- port ----------------------------------------------------------------------------------------------


def port(d: Path, a: dict, traps: dict) -> None:
    xlsx = d / "port_calls_2023_2024.xlsx"
    calls = pd.read_excel(xlsx, sheet_name="Calls")
    cargo = pd.read_csv(d / "cargo_2023_2024.csv", sep=";", decimal=",", thousands=".")

    a["port-call-count"] = len(calls)
    traps["port-call-count"] = (len(pd.read_excel(xlsx)), len(calls))  # the first sheet is the notes
    a["port-largest-vessel"] = calls.loc[calls["GT"].idxmax(), "Vessel"]
    assert calls.loc[calls["GT"] == calls["GT"].max(), "IMO"].nunique() == 1
    a["port-vessel-count"] = int(calls["IMO"].nunique())

    a["port-total-tonnes"] = round(float(cargo["Tonnes"].sum()), 1)
    plain = pd.read_csv(d / "cargo_2023_2024.csv", sep=";", decimal=",")
    careless = pd.to_numeric(plain["Tonnes"], errors="coerce").sum()
    traps["port-total-tonnes"] = (round(float(careless), 1), a["port-total-tonnes"])

    vtype = calls["Vessel type"].str.strip().str.lower()
    stay = (calls["ATD"] - calls["ATA"]).dt.total_seconds() / 3600
    a["port-container-hours"] = float(stay[vtype == "container ship"].mean())
    exact = float(stay[calls["Vessel type"] == "Container ship"].mean())
    traps["port-container-hours"] = (round(exact, 3), a["port-container-hours"])

    m = cargo.merge(calls, left_on="Call ref", right_on="Call No.", how="left", validate="many_to_one")
    assert m["ATA"].notna().all()
    in_2024 = m["ATA"].dt.year == 2024
    a["port-top-berth-2024"] = top(m[in_2024].groupby("Berth")["Tonnes"].sum())
    traps["port-top-berth-2024"] = (top(m.groupby("Berth")["Tonnes"].sum()), a["port-top-berth-2024"])

    a["port-teu-2024"] = int(m.loc[in_2024, "TEU"].sum())
    dotted = pd.read_csv(d / "cargo_2023_2024.csv", sep=";")  # "1.234" TEU read as 1.234
    dm = dotted.merge(calls, left_on="Call ref", right_on="Call No.")
    traps["port-teu-2024"] = (round(float(dm.loc[dm["ATA"].dt.year == 2024, "TEU"].sum()), 3), a["port-teu-2024"])

    a["port-tonnage-month"] = month_of(top(m.groupby(m["ATA"].dt.to_period("M"))["Tonnes"].sum()))
    by_name = m.groupby(m["ATA"].dt.month_name())["Tonnes"].sum()
    traps["port-tonnage-month"] = (top(by_name, strict=False), a["port-tonnage-month"])


# --- marathon --------------------------------------------------------------------------------------------


def marathon(d: Path, a: dict, traps: dict) -> None:
    res = pd.read_csv(d / "marathon_2024_results.tsv", sep="\t", comment="#", dtype={"Bib": str})
    ent = pd.read_parquet(d / "marathon_entrants.parquet")
    assert isinstance(ent["country"].dtype, pd.CategoricalDtype)

    fin = res[res["Status"] == "FIN"].copy()
    a["mara-finishers"] = len(fin)
    traps["mara-finishers"] = (len(res), len(fin))
    a["mara-first-timers"] = int(ent["first_marathon"].eq("Yes").sum())

    fin["minutes"] = pd.to_timedelta(fin["Chip"]).dt.total_seconds() / 60
    women = fin.loc[fin["Sex"] == "F", "minutes"]
    a["mara-median-women"] = float(women.median())
    traps["mara-median-women"] = (round(float(women.mean()), 3), a["mara-median-women"])
    a["mara-sub4-pct"] = float((fin["minutes"] < 240).mean() * 100)
    traps["mara-sub4-pct"] = (round(float((fin["minutes"] < 240).sum() / len(res) * 100), 3), a["mara-sub4-pct"])

    m = fin.merge(ent, left_on="Bib", right_on="bib", how="left", validate="one_to_one")
    assert m["country"].notna().all()
    stats = m.groupby("country", observed=True)["minutes"].agg(["median", "size"])
    a["mara-country-median"] = top(stats.loc[stats["size"] >= 20, "median"], largest=False)
    traps["mara-country-median"] = (top(stats["median"], largest=False, strict=False), a["mara-country-median"])

    s = res.merge(ent, left_on="Bib", right_on="bib", how="left", validate="one_to_one")
    dnf = s["Status"].eq("DNF")
    a["mara-dnf-age-group"] = top(dnf.groupby(s["age_group"], observed=True).mean())
    traps["mara-dnf-age-group"] = (top(dnf.groupby(s["age_group"], observed=True).sum()), a["mara-dnf-age-group"])
    unpadded = pd.read_csv(d / "marathon_2024_results.tsv", sep="\t", comment="#")  # Bib 42, not "0042"
    lost = unpadded.assign(Bib=unpadded["Bib"].astype(str)).merge(ent, left_on="Bib", right_on="bib")
    traps["mara-bib-join"] = (len(lost), len(s))


def answers(d: Path) -> tuple[dict[str, object], dict[str, tuple[object, object]]]:
    a: dict[str, object] = {}
    traps: dict[str, tuple[object, object]] = {}
    library(d, a, traps)
    ed(d, a, traps)
    port(d, a, traps)
    marathon(d, a, traps)
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
    by_id = {task.id: task for task in TASKS}
    for tid, (careless, careful) in traps.items():
        bites = str(careless) != str(careful)
        if tid in by_id:  # the careless answer, written as prose, is scored wrong
            task = by_id[tid]
            bites = bites and not score.correct(f"The answer is {careless}.", refs[tid], task.kind, task.aliases)
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
