"""Check the fourteenth held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import importlib.util
import io
import json
import shutil
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import data  # noqa: E402
from tasks import TASKS, TRAPS, references  # noqa: E402

SCORE = HERE.parent / "score.py"
_spec = importlib.util.spec_from_file_location("score", SCORE)
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)


# --- reading the files the way a careful analyst would ---------------------------------------------


def money(col: pd.Series) -> pd.Series:
    """'£1,234.50' as 1234.5; 'n/a' and blanks as NaN."""
    return pd.to_numeric(col.str.replace("£", "", regex=False).str.replace(",", "", regex=False), errors="coerce")


def read_repairs(d: Path) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    # a title, a note and a blank line above the header; a TOTAL row and a note under the table
    raw = pd.read_csv(d / data.HOU_FILE, skiprows=3, dtype=str)
    rows = raw[raw["Job Ref"].str.fullmatch(r"RJ\d+", na=False)].copy()
    rows["cost"] = money(rows["Cost"])
    rows["reported"] = pd.to_datetime(rows["Date Reported"], format="%d/%m/%Y")
    rows["completed"] = pd.to_datetime(rows["Date Completed"], format="%d/%m/%Y")
    jobs = rows.drop_duplicates("Job Ref")  # jobs updated while the extract ran are listed twice
    assert (rows.groupby("Job Ref").nunique(dropna=False) <= 1).all().all(), "duplicates are identical"
    return raw, rows, jobs


SIRI = "{http://www.siri.org.uk/siri}"


def read_bus(d: Path) -> pd.DataFrame:
    root = ET.parse(d / data.BUS_FILE).getroot()
    recs = [{c.tag.replace(SIRI, ""): c.text for c in v} for v in root.iter(f"{SIRI}MonitoredStopVisit")]
    bus = pd.DataFrame(recs)
    bus["aimed"] = pd.to_datetime(bus["AimedDepartureTime"], utc=True)
    bus["actual"] = pd.to_datetime(bus["ActualDepartureTime"], utc=True)
    bus["delay"] = (bus["actual"] - bus["aimed"]).dt.total_seconds()
    bus["local"] = bus["aimed"].dt.tz_convert("Europe/London")
    return bus


def read_readings(d: Path) -> pd.DataFrame:
    with open(d / data.RIV_FILE, encoding="utf-8") as f:
        it = pd.DataFrame(json.load(f)["items"])
    it["v"] = it["value"].map(lambda v: v[0] if isinstance(v, list) else v).astype(float)
    it[["ref", "param"]] = it["measure"].str.extract(r"/measures/([^-/]+)-(level|flow)-")
    assert it["param"].notna().all()
    it["time"] = pd.to_datetime(it["dateTime"], utc=True)
    return it


def read_register(d: Path) -> pd.DataFrame:
    lines = (d / data.REG_FILE).read_text(encoding="utf-8").splitlines()
    dash = next(i for i, ln in enumerate(lines) if ln.startswith("-----"))
    spans, pos = [], 0
    for run in lines[dash].split("  "):
        spans.append((pos, pos + len(run)))
        pos += len(run) + 2
    names = [lines[dash - 1][a:b].strip() for a, b in spans]
    body = []
    for ln in lines[dash + 1 :]:
        if not ln.strip():
            break
        body.append(ln)
    reg = pd.read_fwf(io.StringIO("\n".join(body)), colspecs=spans, names=names, dtype=str)
    reg["area"] = reg["CATCHMENT"].str.replace(",", "").astype(float)
    rng = reg["TYPICAL RANGE"].str.extract(r"([\d.]+)\s*m\s*-\s*([\d.]+)\s*m").astype(float)
    reg["low"], reg["high"] = rng[0], rng[1]
    reg["opened"] = pd.to_datetime(reg["OPENED"], format="%d/%m/%Y")
    return reg


def read_university(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    regs = pd.read_excel(d / data.UNI_FILE, sheet_name="Registrations", header=3)
    regs["mark"] = pd.to_numeric(regs["Mark"], errors="coerce")  # ABS, DEF and blanks as NaN
    cat = pd.read_excel(d / data.UNI_FILE, sheet_name="Module catalogue", header=2)
    cat = cat[pd.to_numeric(cat["Credits"], errors="coerce").notna()].copy()  # notes under the table
    cat["key"] = cat["Module code"].str.replace(" ", "")  # 'CHEM 1010' in the catalogue, 'CHEM1010' in regs
    return regs, cat


def day_text(ts) -> str:
    return f"{ts.day} {ts:%B %Y}"


def answers(d: Path) -> tuple[dict, dict]:
    a, careless = {}, {}

    # housing ---------------------------------------------------------------------------------------
    raw, rows, jobs = read_repairs(d)
    a["hou_cancelled"] = int((jobs["Status"] == "Cancelled").sum())
    a["hou_top_contractor"] = jobs["Contractor"].value_counts().idxmax()
    a["hou_p1_jobs"] = int(jobs["Priority"].str.startswith("P1").sum())
    careless["hou_p1_jobs"] = int(rows["Priority"].str.startswith("P1").sum())  # duplicated rows too
    a["hou_total_cost"] = float(jobs["cost"].sum())
    careless["hou_total_cost"] = float(money(raw.drop_duplicates("Job Ref")["Cost"]).sum())  # with TOTAL row
    done = jobs[jobs["Status"] == "Completed"]
    days = (done["completed"] - done["reported"]).dt.days
    a["hou_median_days"] = float(days[done["Priority"].str.startswith("P3")].median())
    p1 = done["Priority"].str.startswith("P1")
    a["hou_p1_within_target"] = float(100 * (days[p1] <= 1).mean())
    a["hou_ward_avg_cost"] = done.groupby("Ward")["cost"].mean().idxmax()
    damp = jobs[jobs["Trade"] == "Damp & Mould"]
    a["hou_damp_month"] = damp.groupby(damp["reported"].dt.to_period("M")).size().idxmax().strftime("%B %Y")

    # bus -------------------------------------------------------------------------------------------
    bus = read_bus(d)
    a["bus_cancelled"] = int((bus["DepartureStatus"] == "cancelled").sum())
    a["bus_line12_departures"] = int((bus["LineRef"] == "12").sum())
    a["bus_vehicles"] = int(bus["VehicleRef"].nunique())
    tr = bus[bus["delay"].notna()].copy()
    tr["on_time"] = (tr["delay"] >= -60) & (tr["delay"] < 360)
    a["bus_on_time_pct"] = float(100 * tr["on_time"].mean())
    careless["bus_on_time_pct"] = float(100 * (tr["DepartureStatus"] == "onTime").mean())  # the AVL's flag
    a["bus_worst_line"] = tr.groupby("LineRef")["delay"].mean().idxmax()

    def morning_late(clock: pd.Series) -> int:
        minute = clock.dt.hour * 60 + clock.dt.minute
        return int(((clock.dt.day_of_week < 5) & (minute >= 420) & (minute < 570) & (tr["delay"] >= 360)).sum())

    a["bus_morning_late"] = morning_late(tr["local"])
    careless["bus_morning_late"] = morning_late(tr["aimed"])  # the UTC clock
    worst = tr.groupby(tr["local"].dt.date)["on_time"].mean().idxmin()
    a["bus_worst_date"] = day_text(worst)

    # river -----------------------------------------------------------------------------------------
    it = read_readings(d)
    reg = read_register(d)
    a["riv_kell_stations"] = int((reg["RIVER"] == "River Kell").sum())
    a["riv_oldest_station"] = reg.loc[reg["opened"].idxmin(), "STATION NAME"]
    a["riv_largest_catchment"] = reg.loc[reg["area"].idxmax(), "STATION NAME"]
    coerced = pd.to_numeric(reg["CATCHMENT"], errors="coerce")  # '1,482.6' becomes NaN
    careless["riv_largest_catchment"] = reg.loc[coerced.idxmax(), "STATION NAME"]
    ref = dict(zip(reg["STATION NAME"], reg["STN REF"]))
    level = it[it["param"] == "level"]
    flow = it[it["param"] == "flow"]
    a["riv_peak_level"] = float(level.loc[level["ref"] == ref["Kelby Bridge"], "v"].max())
    careless["riv_peak_level"] = float(it.loc[it["measure"].str.contains(ref["Kelby Bridge"]), "v"].max())
    a["riv_mean_flow"] = float(flow.loc[flow["ref"] == ref["Kelby Bridge"], "v"].mean())
    high = reg.set_index("STATION NAME").loc["Rye Mill", "high"]
    a["riv_hours_above"] = float(0.25 * (level.loc[level["ref"] == ref["Rye Mill"], "v"] > high).sum())
    cw = flow[flow["ref"] == ref["Castleford Weir"]]
    a["riv_peak_flow_day"] = day_text(
        cw.groupby(cw["time"].dt.tz_convert("Europe/London").dt.date)["v"].mean().idxmax()
    )
    span = level.groupby("ref")["v"].agg(lambda s: s.max() - s.min())
    j = reg.merge(span.rename("span"), left_on="STN REF", right_index=True)
    assert len(j) == len(reg) == len(span)
    a["riv_widest_range"] = j.loc[j["span"].idxmax(), "STATION NAME"]

    # university ------------------------------------------------------------------------------------
    regs, cat = read_university(d)
    a["uni_students"] = int(regs["Student ID"].nunique())
    a["uni_computing_modules"] = int((cat["School"] == "School of Computing").sum())
    a["uni_withdrawn"] = int((regs["Registration status"] == "Withdrawn").sum())
    students = regs.drop_duplicates("Student ID")
    a["uni_overseas_pct"] = float(100 * (students["Fee status"] == "Overseas").mean())
    careless["uni_overseas_pct"] = float(100 * (regs["Fee status"] == "Overseas").mean())  # rows, not students
    a["uni_hist2010_mean"] = float(regs.loc[regs["Module"] == "HIST2010", "mark"].mean())
    jm = regs.merge(cat, left_on="Module", right_on="key", how="left")
    assert jm["School"].notna().all()
    marked = jm[jm["mark"].notna()]
    a["uni_school_fail"] = (marked["mark"] < 40).groupby(marked["School"]).mean().idxmax()
    n = regs[regs["Registration status"] == "Registered"].groupby("Module").size().rename("n")
    cap = cat.merge(n, left_on="key", right_index=True, how="left").fillna({"n": 0})
    a["uni_over_capacity"] = int((cap["n"] > cap["Capacity"]).sum())
    return a, careless


def render(value) -> str:
    """An answer as the assistant might state it."""
    if isinstance(value, str):
        return f"The answer is {value}."
    if float(value).is_integer() and not isinstance(value, float):
        return f"The answer is {int(value)}."
    return f"The answer is {float(value):.4f}."


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout14_a_"))
    out.mkdir(parents=True, exist_ok=True)
    again = Path(tempfile.mkdtemp(prefix="heldout14_b_", dir=out.resolve().parent))
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
