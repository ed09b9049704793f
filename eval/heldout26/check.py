"""Check the twenty-sixth held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import data  # noqa: E402
from tasks import HEX, TASKS, TRAPS, references  # noqa: E402

SCORE = HERE.parent / "score.py"
if not SCORE.exists():
    SCORE = Path("/work/main/eval/score.py")
_spec = importlib.util.spec_from_file_location("score", SCORE)
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)

TZ = "Europe/Amsterdam"
ME = "NadiaKoval"
COOWNER = "OKAFOR DANIEL C"  # as the question names the person


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


def local_day(day: str) -> tuple[pd.Timestamp, pd.Timestamp]:
    lo = pd.Timestamp(day, tz=TZ)
    return lo, lo + pd.Timedelta(days=1)


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_chess(d: Path) -> pd.DataFrame:
    with open(d / data.CHESS_FILE, encoding="utf-8") as f:
        df = pd.json_normalize([json.loads(line) for line in f if line.strip()])
    df["me"] = (df["players.white.user.name"] == ME).map({True: "white", False: "black"})
    assert ((df["players.black.user.name"] == ME) == (df["me"] == "black")).all()
    df["opp"] = df["me"].map({"white": "black", "black": "white"})
    df["my_rating"] = df.apply(lambda r: r[f"players.{r['me']}.rating"], axis=1)
    df["my_diff"] = df.apply(lambda r: r[f"players.{r['me']}.ratingDiff"], axis=1)
    df["result"] = "draw"
    df.loc[df["winner"] == df["me"], "result"] = "win"
    df.loc[df["winner"] == df["opp"], "result"] = "loss"
    df.loc[df["status"] == "aborted", "result"] = "aborted"
    return df


def read_states(con: sqlite3.Connection) -> pd.DataFrame:
    st = pd.read_sql(
        "SELECT s.state_id, m.entity_id, s.state, s.last_updated_ts, s.last_changed_ts, a.shared_attrs "
        "FROM states s JOIN states_meta m ON s.metadata_id = m.metadata_id "
        "LEFT JOIN state_attributes a ON s.attributes_id = a.attributes_id",
        con,
    )
    st["t"] = pd.to_datetime(st["last_updated_ts"], unit="s", utc=True).dt.tz_convert(TZ)
    return st.sort_values(["entity_id", "last_updated_ts"]).reset_index(drop=True)


def read_stats(con: sqlite3.Connection, statistic_id: str) -> pd.DataFrame:
    s = pd.read_sql(
        "SELECT s.* FROM statistics s JOIN statistics_meta m ON s.metadata_id = m.id WHERE m.statistic_id = ? "
        "ORDER BY s.start_ts",
        con,
        params=(statistic_id,),
    )
    s["start"] = pd.to_datetime(s["start_ts"], unit="s", utc=True).dt.tz_convert(TZ)
    return s


def entity(st: pd.DataFrame, entity_id: str) -> pd.DataFrame:
    return st[st["entity_id"] == entity_id].reset_index(drop=True)


def held_within(rows: pd.DataFrame, lo: pd.Timestamp, hi: pd.Timestamp) -> pd.DataFrame:
    """Each row with the seconds its state held inside [lo, hi) (a state holds until the next row)."""
    nxt = rows["t"].shift(-1).fillna(hi)
    start, end = rows["t"].clip(lower=lo), nxt.clip(upper=hi)
    return rows.assign(secs=(end - start).dt.total_seconds().clip(lower=0))


def switch_ons(rows: pd.DataFrame, state: str = "on") -> pd.Series:
    """Rows where the state became `state` (the previous row had another state)."""
    return (rows["state"] == state) & (rows["state"].shift() != state)


def read_wb(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    df = pd.read_excel(d / data.WB_FILE, sheet_name="Data")
    df = df[df["Series Code"].notna()].copy()  # the two footer lines
    years = [c for c in df.columns if "[YR" in str(c)]
    for c in years:
        df[c] = pd.to_numeric(df[c], errors="coerce")  # '..' is missing
    df.columns = [c.split(" [")[0] if c in years else c for c in df.columns]
    meta = pd.read_excel(d / data.WB_FILE, sheet_name="Country - Metadata")
    return df, meta


def read_faa(d: Path, name: str) -> pd.DataFrame:
    df = pd.read_csv(d / name, dtype=str, keep_default_na=False, encoding="utf-8-sig")
    df.columns = [c.strip() for c in df.columns]
    df = df.loc[:, ~df.columns.str.startswith("Unnamed")]  # the trailing comma's empty column
    return df.apply(lambda c: c.str.strip())


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    ch = read_chess(d)
    a["ch_games"] = len(ch)
    a["ch_mates"] = int((ch["status"] == "mate").sum())
    a["ch_top_opening"] = unique_max(ch["opening.name"].value_counts())
    a["ch_draws"] = int((ch["result"] == "draw").sum())
    bullet = ch[ch["perf"] == "bullet"]
    a["ch_bullet_hours"] = round((bullet["lastMoveAt"] - bullet["createdAt"]).sum() / 3_600_000, 2)
    blitz = ch[(ch["perf"] == "blitz") & ch["rated"] & (ch["status"] != "aborted")]
    newest = blitz.loc[blitz["createdAt"].idxmax()]
    a["ch_blitz_now"] = int(newest["my_rating"] + newest["my_diff"])
    a["ch_time_losses"] = int(((ch["status"] == "outoftime") & (ch["result"] == "loss")).sum())
    played = ch[ch["result"] != "aborted"].sort_values("createdAt")
    win = played["result"] == "win"
    runs = win.groupby((~win).cumsum()).sum()
    a["ch_streak"] = int(runs.max())

    con = sqlite3.connect(d / data.HA_FILE)
    try:
        st = read_states(con)
        out_stats = read_stats(con, "sensor.outdoor_temperature")
        energy_stats = read_stats(con, "sensor.washing_machine_energy")
    finally:
        con.close()
    a["ha_entities"] = st["entity_id"].nunique()
    a["ha_max_outdoor"] = out_stats["max"].max()
    a["ha_power_max"] = pd.to_numeric(entity(st, "sensor.washing_machine_power")["state"], errors="coerce").max()
    door = entity(st, "binary_sensor.front_door")
    lo, hi = local_day("2025-02-01")
    a["ha_door_opens"] = int((switch_ons(door) & (door["t"] >= lo) & (door["t"] < hi)).sum())
    a["ha_kitchen_on"] = int(switch_ons(entity(st, "light.kitchen")).sum())
    out = entity(st, "sensor.outdoor_temperature")
    out = out.assign(v=pd.to_numeric(out["state"], errors="coerce"))
    lo, hi = local_day("2025-01-29")
    held = held_within(out, lo, hi).dropna(subset=["v"])
    a["ha_outdoor_mean"] = round((held["v"] * held["secs"]).sum() / held["secs"].sum(), 2)
    hours = out_stats[(out_stats["start"] >= lo) & (out_stats["start"] < hi)]
    assert len(hours) == 24 and abs(hours["mean"].mean() - a["ha_outdoor_mean"]) < 0.01, "statistics disagree"
    energy_stats["used"] = energy_stats["sum"].diff()
    jan = energy_stats["start"].dt.strftime("%Y-%m") == "2025-01"
    a["ha_washer_kwh"] = round(energy_stats.loc[jan, "used"].sum(), 2)
    climate = entity(st, "climate.living_room")
    climate["action"] = climate["shared_attrs"].map(lambda s: json.loads(s)["hvac_action"])
    lo, hi = local_day("2025-01-30")
    held = held_within(climate, lo, hi)
    a["ha_heating_hours"] = round(held.loc[held["action"] == "heating", "secs"].sum() / 3600, 2)

    wb, meta = read_wb(d)
    countries = meta.loc[meta["Region"].notna(), ["Code", "Region", "Income Group"]]
    cw = wb.merge(countries, left_on="Country Code", right_on="Code")

    def series(frame: pd.DataFrame, code: str) -> pd.DataFrame:
        return frame[frame["Series Code"] == code].set_index("Country Name")

    a["wb_pop"] = int(series(wb, "SP.POP.TOTL").loc["Kenya", "2020"])
    a["wb_le_top"] = unique_max(series(cw, "SP.DYN.LE00.IN")["2022"])
    a["wb_income_groups"] = int((meta["Income Group"] == "Upper middle income").sum())
    a["wb_top_gdp"] = unique_max(series(cw, "NY.GDP.MKTP.CD")["2022"])
    a["wb_elec_count"] = int(series(cw, "EG.ELC.ACCS.ZS")["2022"].notna().sum())
    le = series(cw, "SP.DYN.LE00.IN")
    a["wb_region_le"] = round(le.loc[le["Region"] == "Sub-Saharan Africa", "2022"].mean(), 1)
    pop, el = series(cw, "SP.POP.TOTL"), series(cw, "EG.ELC.ACCS.ZS")
    low = el[(el["Income Group"] == "Low income") & el["2021"].notna()].index
    a["wb_weighted_elec"] = round((el.loc[low, "2021"] * pop.loc[low, "2021"]).sum() / pop.loc[low, "2021"].sum(), 1)

    master, ref = read_faa(d, data.MASTER_FILE), read_faa(d, data.ACFTREF_FILE)
    a["fa_alaska"] = int((master["STATE"] == "AK").sum())
    a["fa_rotorcraft"] = int((master["TYPE AIRCRAFT"] == "6").sum())
    joined = master.merge(ref, left_on="MFR MDL CODE", right_on="CODE", how="left")
    assert joined["MFR"].notna().all() and len(joined) == len(master)
    joined["make_model"] = joined["MFR"] + " " + joined["MODEL"]
    a["fa_top_model"] = unique_max(joined["make_model"].value_counts())
    a["fa_hex"] = joined.loc[joined["MODE S CODE HEX"] == HEX.upper(), "make_model"].item()
    a["fa_zip"] = unique_max(master["ZIP CODE"].str[:5].value_counts())
    others = master[[f"OTHER NAMES({i})" for i in range(1, 6)]]
    a["fa_coowner"] = int(((master["NAME"] == COOWNER) | (others == COOWNER).any(axis=1)).sum())
    a["fa_seats_ut"] = int(joined.loc[joined["STATE"] == "UT", "NO-SEATS"].astype(int).sum())
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    ch = read_chess(d)
    c["ch_draws"] = int((ch["status"] == "draw").sum())
    blitz = ch[(ch["perf"] == "blitz") & ch["rated"] & (ch["status"] != "aborted")]
    c["ch_blitz_now"] = int(blitz.iloc[-1]["my_rating"] + blitz.iloc[-1]["my_diff"])
    c["ch_time_losses"] = int((ch["status"] == "outoftime").sum())
    con = sqlite3.connect(d / data.HA_FILE)
    try:
        st = read_states(con)
    finally:
        con.close()
    c["ha_kitchen_on"] = int((entity(st, "light.kitchen")["state"] == "on").sum())
    out = entity(st, "sensor.outdoor_temperature")
    lo, hi = local_day("2025-01-29")
    c["ha_outdoor_mean"] = round(pd.to_numeric(out.loc[(out["t"] >= lo) & (out["t"] < hi), "state"]).mean(), 2)
    en = entity(st, "sensor.washing_machine_energy")
    en = en.assign(v=pd.to_numeric(en["state"], errors="coerce")).dropna(subset=["v"])
    step = en["v"].diff()
    step = step.where(step.isna() | (step >= 0), en["v"])  # even the counter's reset handled
    c["ha_washer_kwh"] = round(step[en["t"].dt.strftime("%Y-%m") == "2025-01"].sum(), 2)
    wb = pd.read_excel(d / data.WB_FILE, sheet_name="Data")
    gdp = wb[wb["Series Code"] == "NY.GDP.MKTP.CD"]
    c["wb_top_gdp"] = gdp.loc[pd.to_numeric(gdp["2022 [YR2022]"], errors="coerce").idxmax(), "Country Name"]
    meta = pd.read_excel(d / data.WB_FILE, sheet_name="Country - Metadata")
    el = wb[(wb["Series Code"] == "EG.ELC.ACCS.ZS") & wb["Country Code"].isin(meta.loc[meta["Region"].notna(), "Code"])]
    c["wb_elec_count"] = int(el["2022 [YR2022]"].notna().sum())
    master = pd.read_csv(d / data.MASTER_FILE)
    c["fa_zip"] = master["ZIP CODE"].astype(str).str[:5].value_counts().idxmax()
    c["fa_coowner"] = int((master["NAME"].str.strip() == COOWNER).sum())
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout26-"))
    other = Path(tempfile.mkdtemp(prefix="heldout26-again-"))
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
