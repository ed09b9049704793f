"""Check the seventeenth held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import importlib.util
import shutil
import sqlite3
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
if not SCORE.exists():
    SCORE = Path("/work/main/eval/score.py")
_spec = importlib.util.spec_from_file_location("score", SCORE)
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)

NAMED = ["TS", "SS", "HU"]


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_lahman(d: Path) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    with sqlite3.connect(d / data.DB_FILE) as con:
        people = pd.read_sql("SELECT * FROM People", con)
        batting = pd.read_sql("SELECT * FROM Batting", con)
        teams = pd.read_sql("SELECT * FROM Teams", con)
    people["name"] = people["nameFirst"] + " " + people["nameLast"]
    return people, batting, teams


def read_payrolls(d: Path) -> pd.DataFrame:
    """The wide sheet (a column per season, dollars as text) as one row per team and season."""
    wide = pd.read_excel(d / data.PAY_FILE, sheet_name="Payroll by year", header=3)  # read-me sheet first
    wide = wide[wide["Tm"].notna()]  # the League Average row has no code
    long = wide.melt(id_vars=["Team", "Tm"], value_vars=["2023", "2022", "2021", "2020", "2019"], var_name="yearID")
    long["yearID"] = long["yearID"].astype(int)
    long["payroll"] = long["value"].str.replace(r"[$,]", "", regex=True).astype("int64")
    return long[["Team", "Tm", "yearID", "payroll"]]


def read_hurdat(d: Path) -> pd.DataFrame:
    rows = []
    sid = name = None
    for line in (d / data.HUR_FILE).read_text().splitlines():
        parts = [p.strip() for p in line.rstrip().rstrip(",").split(",")]
        if len(parts) == 3:  # a storm's header: id, name, number of entries
            sid, name, _ = parts
            continue
        day, hhmm, rec, status, lat, lon, wind, pres = parts[:8]
        rows.append({"id": sid, "name": name, "time": day + hhmm, "rec": rec, "status": status, "lat": lat})
        rows[-1] |= {"lon": lon, "wind": int(wind), "pres": int(pres)}
    hur = pd.DataFrame(rows)
    hur["time"] = pd.to_datetime(hur["time"], format="%Y%m%d%H%M", utc=True)
    hur["season"] = hur["id"].str[-4:].astype(int)
    return hur


def read_fuel(d: Path) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    root = ET.parse(d / data.FUEL_FILE).getroot()  # the XML declaration says ISO-8859-1
    stations, prices, ruptures = [], [], []
    for pdv in root.iter("pdv"):
        sid = pdv.get("id")
        services = [s.text for s in pdv.iter("service")]
        stations.append({"id": sid, "cp": pdv.get("cp"), "pop": pdv.get("pop"), "services": services})
        for p in pdv.findall("prix"):
            prices.append({"id": sid, "nom": p.get("nom"), "maj": p.get("maj"), "valeur": float(p.get("valeur"))})
        for r in pdv.findall("rupture"):
            ruptures.append({"id": sid, "nom": r.get("nom"), "debut": r.get("debut")})
    prices = pd.DataFrame(prices)
    prices["maj"] = pd.to_datetime(prices["maj"])  # French local time, kept naive
    return pd.DataFrame(stations), prices, pd.DataFrame(ruptures)


def in_force(prices: pd.DataFrame, fuel: str, when: str) -> pd.Series:
    """Each station's latest price of `fuel` at or before `when`."""
    p = prices[(prices["nom"] == fuel) & (prices["maj"] <= pd.Timestamp(when))].sort_values("maj")
    return p.groupby("id")["valeur"].last()


def read_streaming(d: Path) -> pd.DataFrame:
    sp = pd.read_json(d / data.SP_FILE)
    sp["ts"] = pd.to_datetime(sp["ts"], utc=True)
    return sp


def answers(d: Path) -> tuple[dict, dict]:
    a, careless = {}, {}

    # baseball --------------------------------------------------------------------------------------
    people, bat, teams = read_lahman(d)
    names = people.set_index("playerID")["name"]
    b23 = bat[bat["yearID"] == 2023]
    a["bb_hr_total_2023"] = int(b23["HR"].sum())
    t22 = teams[teams["yearID"] == 2022]
    assert (t22["W"] == t22["W"].max()).sum() == 1
    a["bb_most_wins_2022"] = t22.loc[t22["W"].idxmax(), "name"]
    a["bb_bats_left"] = int((people["bats"] == "L").sum())
    hr = b23.groupby("playerID")["HR"].sum()
    assert (hr == hr.max()).sum() == 1
    a["bb_hr_leader_2023"] = names[hr.idxmax()]
    careless["bb_hr_leader_2023"] = names[b23.loc[b23["HR"].idxmax(), "playerID"]]  # one stint only
    a["bb_wins_std_2021"] = float(teams.loc[teams["yearID"] == 2021, "W"].std())
    p23 = people[people["playerID"].isin(b23["playerID"].unique())].dropna(subset=["birthMonth", "birthDay"])
    after_july_1 = (p23["birthMonth"] > 7) | ((p23["birthMonth"] == 7) & (p23["birthDay"] > 1))
    age = 2023 - p23["birthYear"] - after_july_1.astype(int)
    a["bb_young_2023"] = int((age <= 24).sum())
    pay = read_payrolls(d)
    joined = teams.merge(pay, left_on=["teamIDBR", "yearID"], right_on=["Tm", "yearID"], how="left")
    assert joined["payroll"].notna().all() and len(joined) == 150
    joined["pct"] = joined["W"] / (joined["W"] + joined["L"])
    a["bb_pay_wins_corr"] = float(joined["payroll"].corr(joined["pct"]))
    sloppy = teams.merge(pay, left_on=["teamID", "yearID"], right_on=["Tm", "yearID"])  # retro codes: 11 teams lost
    careless["bb_pay_wins_corr"] = float(sloppy["payroll"].corr(sloppy["W"] / (sloppy["W"] + sloppy["L"])))
    tot = b23.groupby("playerID")[["AB", "H", "BB", "HBP", "SF", "SH"]].sum()
    qual = tot[tot[["AB", "BB", "HBP", "SF", "SH"]].sum(axis=1) >= 502]
    avg = qual["H"] / qual["AB"]
    assert (avg == avg.max()).sum() == 1
    a["bb_avg_leader_2023"] = names[avg.idxmax()]
    j23 = joined[joined["yearID"] == 2023]
    a["bb_cost_per_win_2023"] = j23.loc[(j23["payroll"] / j23["W"]).idxmax(), "name"]

    # hurricanes ------------------------------------------------------------------------------------
    hur = read_hurdat(d)
    a["hur_storms_2020"] = int(hur.loc[hur["season"] == 2020, "id"].nunique())
    a["hur_landfalls_2021"] = int(((hur["rec"] == "L") & (hur["time"].dt.year == 2021)).sum())
    h17 = hur[hur["season"] == 2017]
    a["hur_hurricanes_2017"] = int(h17.loc[h17["status"] == "HU", "id"].nunique())
    named = hur[hur["status"].isin(NAMED)].groupby("season")["id"].nunique().sort_values(ascending=False)
    assert named.iloc[1] != named.iloc[2]
    a["hur_second_year"] = str(named.index[1])
    measured = hur[hur["pres"] != -999]
    a["hur_min_pressure"] = measured.loc[measured["pres"].idxmin(), "name"]
    careless["hur_min_pressure"] = hur.loc[hur["pres"].idxmin(), "name"]  # -999 taken as a pressure
    life = hur.groupby("id")["time"].agg(lambda s: s.max() - s.min())
    assert (life == life.max()).sum() == 1
    a["hur_longest"] = hur.loc[hur["id"] == life.idxmax(), "name"].iloc[0]
    by_name = hur.groupby("name")["time"].agg(lambda s: s.max() - s.min())  # names reused
    careless["hur_longest"] = by_name.idxmax()
    h20 = hur[(hur["season"] == 2020) & hur["status"].isin(NAMED)]
    synoptic = (h20["time"].dt.minute == 0) & h20["time"].dt.hour.isin([0, 6, 12, 18])
    a["hur_ace_2020"] = float((h20.loc[synoptic, "wind"] ** 2).sum() / 10_000)
    careless["hur_ace_2020"] = float((h20["wind"] ** 2).sum() / 10_000)  # landfall entries too

    # fuel prices -----------------------------------------------------------------------------------
    st, prices, rup = read_fuel(d)
    a["fuel_motorway"] = int((st["pop"] == "A").sum())
    a["fuel_e85"] = int(prices.loc[prices["nom"] == "E85", "id"].nunique())
    a["fuel_max_gazole"] = float(prices.loc[prices["nom"] == "Gazole", "valeur"].max())
    a["fuel_cb24"] = int(st["services"].apply(lambda s: "Automate CB 24/24" in s).sum())
    a["fuel_rupture_e10"] = int(rup.loc[rup["nom"] == "E10", "id"].nunique())
    a["fuel_midfeb"] = float(in_force(prices, "Gazole", "2024-02-15 12:00").mean())
    g = prices[prices["nom"] == "Gazole"]
    careless["fuel_midfeb"] = float(g.loc[g["maj"].dt.date == pd.Timestamp("2024-02-15").date(), "valeur"].mean())
    march = in_force(prices, "Gazole", "2024-03-01 12:00").rename("price").reset_index()
    march = march.merge(st[["id", "cp"]], on="id")
    med = march.groupby(march["cp"].str[:2])["price"].median()  # cp as text: '07200' -> '07'
    assert (med == med.min()).sum() == 1
    a["fuel_dept_cheapest"] = med.idxmin()

    # streaming -------------------------------------------------------------------------------------
    sp = read_streaming(d)
    a["sp_total_2024"] = float(sp.loc[sp["ts"].dt.year == 2024, "ms_played"].sum() / 3_600_000)
    a["sp_podcasts"] = int(sp["spotify_episode_uri"].notna().sum())
    music = sp[sp["spotify_track_uri"].notna()]
    by_artist = music.groupby("master_metadata_album_artist_name")["ms_played"].sum()
    a["sp_top_artist"] = by_artist.idxmax()
    m24 = music[music["ts"].dt.year == 2024]
    a["sp_short_pct"] = float(100 * (m24["ms_played"] < 30_000).mean())
    a["sp_median_minutes"] = float((music.loc[music["reason_end"] == "trackdone", "ms_played"] / 60_000).median())
    local = sp["ts"].dt.tz_convert("Europe/London")
    hours = sp.groupby(local.dt.hour)["ms_played"].sum()
    a["sp_peak_hour"] = int(hours.idxmax())
    careless["sp_peak_hour"] = int(sp.groupby(sp["ts"].dt.hour)["ms_played"].sum().idxmax())  # UTC hours
    months = sp.groupby(local.dt.tz_localize(None).dt.to_period("M"))["ms_played"].sum()
    a["sp_peak_month"] = f"{months.idxmax():%B %Y}"
    return a, careless


def render(value) -> str:
    """An answer as the assistant might state it."""
    if isinstance(value, str):
        return f"The answer is {value}."
    if float(value).is_integer() and not isinstance(value, float):
        return f"The answer is {int(value)}."
    return f"The answer is {float(value):.4f}."


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout17_a_"))
    out.mkdir(parents=True, exist_ok=True)
    again = Path(tempfile.mkdtemp(prefix="heldout17_b_", dir=out.resolve().parent))
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
