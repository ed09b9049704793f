"""Check the forty-third held-out set end to end.

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
import re
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

STUDENT_DOMAIN = "@students.bayview.edu"


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_logbook(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Two tables in one CSV: each under a title line and a row of field types; the aircraft table ends at a blank row."""
    path = d / data.LOGBOOK_FILE
    lines = path.read_text(encoding="utf-8").splitlines()
    a = next(i for i, line in enumerate(lines) if line.startswith("Aircraft Table"))
    f = next(i for i, line in enumerate(lines) if line.startswith("Flights Table"))
    n_aircraft = next(i for i in range(a + 3, f) if not lines[i].strip(",")) - (a + 3)
    aircraft = pd.read_csv(path, skiprows=a + 2, nrows=n_aircraft).dropna(axis=1, how="all")
    flights = pd.read_csv(path, skiprows=f + 2)  # the field names, under the row of types
    flights["Date"] = pd.to_datetime(flights["Date"])
    return aircraft, flights


def read_g1000(d: Path) -> pd.DataFrame:
    """A metadata line and a line of units (both starting with #), then names padded with spaces."""
    g = pd.read_csv(d / data.G1000_FILE, skiprows=2, skipinitialspace=True)
    g.columns = g.columns.str.strip()
    return g


def read_grades(d: Path) -> tuple[pd.DataFrame, pd.DataFrame, pd.Series]:
    """All rows, the real students (no Points Possible row, no test student), and the points possible."""
    g = pd.read_csv(d / data.GRADES_FILE, encoding="utf-8-sig", dtype={"SIS Login ID": str})
    points_row = g["Student"].str.strip() == "Points Possible"
    points = g.loc[points_row].iloc[0]
    real = g[~points_row & (g["Student"] != "Student, Test")].copy()
    return g, real, points


def _duration(text: str) -> float:
    """Teams' '1h 4m 28s' in minutes."""
    parts = dict((u, int(v)) for v, u in re.findall(r"(\d+)([hms])", text))
    return parts.get("h", 0) * 60 + parts.get("m", 0) + parts.get("s", 0) / 60


def teams_lines(d: Path) -> list[str]:
    return (d / data.TEAMS_FILE).read_bytes().decode("utf-16").splitlines()


def read_teams(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The participants section (one row a person) and the activities section (one row a join)."""
    lines = teams_lines(d)

    def section(title: str) -> pd.DataFrame:
        start = lines.index(title) + 1
        end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
        return pd.read_csv(io.StringIO("\n".join(lines[start:end])), sep="\t")

    p = section("2. Participants")
    p["minutes"] = p["In-Meeting Duration"].map(_duration)
    return p, section("3. In-Meeting Activities")


def read_sleep(d: Path) -> tuple[list[dict], pd.DataFrame]:
    records = json.loads((d / data.SLEEP_FILE).read_text(encoding="utf-8"))
    s = pd.json_normalize(records)
    s["start"] = pd.to_datetime(s["startTime"])
    s["dateOfSleep"] = pd.to_datetime(s["dateOfSleep"])
    return records, s


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    aircraft, fl = read_logbook(d)
    g = read_g1000(d)
    y2023 = fl[fl["Date"].dt.year == 2023]
    a["ff_landings_2023"] = int(y2023["AllLandings"].fillna(0).sum())
    a["ff_kpao"] = int((fl["From"] == "KPAO").sum())
    a["g1_max_alt"] = float(g["AltMSL"].max())
    a["g1_max_cht"] = float(g[[f"E1 CHT{k}" for k in range(1, 5)]].max().max())
    sims = set(aircraft.loc[aircraft["equipType (FAA)"] != "aircraft", "AircraftID"])
    a["ff_flights_2023"] = int((~y2023["AircraftID"].isin(sims)).sum())
    q2 = fl[(fl["Date"] >= "2024-04-01") & (fl["Date"] <= "2024-06-30")]
    a["ff_night_landings"] = int(q2["NightLandingsFullStop"].fillna(0).sum())
    a["g1_fuel"] = round(float(g["E1 FFlow"].sum() / 3600), 1)
    h1 = fl[(fl["Date"] >= "2024-01-01") & (fl["Date"] <= "2024-06-30")]
    appr = h1[[f"Approach{i}" for i in range(1, 7)]].stack().dropna()
    a["ff_approaches"] = int(appr.str.split(";").str[0].astype(int).sum())
    complex_ids = set(aircraft.loc[aircraft["Complex"].astype(bool), "AircraftID"])
    a["ff_complex_pic"] = round(float(fl.loc[fl["AircraftID"].isin(complex_ids), "PIC"].fillna(0).sum()), 1)
    day = pd.Timestamp(g["Lcl Date"].iloc[0])
    here = g.dropna(subset=["Latitude"]).iloc[0]
    assert abs(here["Latitude"] - 37.46) < 0.02 and abs(here["Longitude"] + 122.115) < 0.02  # starts at KPAO
    entry = fl[(fl["Date"] == day) & (fl["From"] == "KPAO")]
    assert len(entry) == 1
    a["g1_logbook_total"] = float(entry["TotalTime"].iloc[0])

    _, real, points = read_grades(d)
    part, _act = read_teams(d)
    mid = next(c for c in real.columns if c.startswith("Midterm Exam"))
    real["mid"] = pd.to_numeric(real[mid], errors="coerce")
    a["cv_section2"] = int((real["Section"] == "STAT 201-002").sum())
    a["cv_gradeA"] = int((real["Final Grade"] == "A").sum())
    a["tm_guests"] = int(part["Email"].isna().sum())
    a["cv_students"] = len(real)
    a["cv_midterm_mean"] = round(float(real["mid"].mean()), 2)
    students = part[part["Email"].fillna("").str.endswith(STUDENT_DOMAIN)].copy()
    a["tm_students"] = len(students)
    a["tm_avg_duration"] = round(float(students["minutes"].mean()), 1)
    hw = [c for c in real.columns if c.startswith("Homework ") and "Score" not in c]
    assert len(hw) == 6
    possible = pd.Series({c: float(points[c]) for c in hw})
    scored = real.set_index("Student")[hw]
    earned = scored.apply(pd.to_numeric, errors="coerce").fillna(0).sum(axis=1)
    counted = (scored != "EX").mul(possible, axis=1).sum(axis=1)
    a["cv_top_hw"] = unique_max(100 * earned / counted)
    students["login"] = students["Email"].str.split("@").str[0]
    a["x_absent"] = int((~real["SIS Login ID"].isin(students["login"])).sum())
    long_stay = set(students.loc[students["minutes"] >= 30, "login"])
    a["x_review_midterm"] = round(float(real.loc[real["SIS Login ID"].isin(long_stay), "mid"].mean()), 2)

    records, s = read_sleep(d)
    main = s[s["mainSleep"]].copy()
    stages = s[s["type"] == "stages"]
    a["sl_naps"] = int((~s["mainSleep"]).sum())
    a["sl_manual"] = int((s["logType"] == "manual").sum())
    a["sl_most_asleep"] = unique_max(main.set_index("dateOfSleep")["minutesAsleep"]).strftime("%Y-%m-%d")
    a["sl_avg_asleep"] = round(float(main["minutesAsleep"].mean()), 1)
    a["sl_deep"] = round(float(stages["levels.summary.deep.minutes"].mean()), 1)
    a["sl_after_midnight"] = int((main["start"].dt.hour < 12).sum())
    night = (main["start"] - pd.Timedelta(hours=12)).dt.day_of_week
    weekend = night.isin([4, 5])
    diff = main.loc[weekend, "minutesAsleep"].mean() - main.loc[~weekend, "minutesAsleep"].mean()
    a["sl_weekend_diff"] = round(float(diff), 1)
    rem = stages["levels.summary.rem.minutes"].sum()
    asleep = stages[[f"levels.summary.{k}.minutes" for k in ("deep", "light", "rem")]].sum().sum()
    a["sl_rem_share"] = round(float(100 * rem / asleep), 1)
    rec = next(r for r in records if r["mainSleep"] and r["dateOfSleep"] == data.SL_WAKE_NIGHT.isoformat())
    segs = pd.DataFrame(rec["levels"]["data"])
    a["sl_longest_wake"] = round(float(segs.loc[segs["level"] == "wake", "seconds"].max() / 60), 1)
    m = main.sort_values("dateOfSleep")
    good = m["minutesAsleep"] >= 420
    new_run = ~good | ~good.shift(fill_value=False) | (m["dateOfSleep"].diff() != pd.Timedelta(days=1))
    runs = good.groupby(new_run.cumsum()).sum()
    a["sl_streak"] = int(runs.max())
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    _aircraft, fl = read_logbook(d)
    c["ff_flights_2023"] = int((fl["Date"].dt.year == 2023).sum())
    h1 = fl[(fl["Date"] >= "2024-01-01") & (fl["Date"] <= "2024-06-30")]
    c["ff_approaches"] = int(h1[[f"Approach{i}" for i in range(1, 7)]].notna().sum().sum())

    every, _real, _points = read_grades(d)
    c["cv_students"] = len(every)
    mid = next(col for col in every.columns if col.startswith("Midterm Exam"))
    c["cv_midterm_mean"] = round(float(pd.to_numeric(every[mid], errors="coerce").mean()), 2)
    lines = teams_lines(d)
    start = lines.index("2. Participants") + 1
    to_end = pd.read_csv(io.StringIO("\n".join(lines[start:])), sep="\t")
    c["tm_students"] = int(to_end["Email"].fillna("").str.endswith(STUDENT_DOMAIN).sum())
    part, _act = read_teams(d)
    st = part[part["Email"].fillna("").str.endswith(STUDENT_DOMAIN)]
    fmt = "%m/%d/%y, %I:%M:%S %p"
    span = pd.to_datetime(st["Last Leave"], format=fmt) - pd.to_datetime(st["First Join"], format=fmt)
    c["tm_avg_duration"] = round(float(span.dt.total_seconds().mean() / 60), 1)
    turned = _real["Student"].str.split(", ").map(lambda x: f"{x[1]} {x[0]}")
    c["x_absent"] = int((~turned.isin(part["Name"])).sum())

    _records, s = read_sleep(d)
    main = s[s["mainSleep"]]
    c["sl_avg_asleep"] = round(float(s["minutesAsleep"].mean()), 1)
    wk = main["dateOfSleep"].dt.day_of_week.isin([4, 5])
    c["sl_weekend_diff"] = round(float(main.loc[wk, "minutesAsleep"].mean() - main.loc[~wk, "minutesAsleep"].mean()), 1)
    good = (main.sort_values("dateOfSleep")["minutesAsleep"] >= 420).reset_index(drop=True)
    c["sl_streak"] = int(good.groupby((~good).cumsum()).sum().max())
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout43-"))
    other = Path(tempfile.mkdtemp(prefix="heldout43-again-"))
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
