"""Check the thirty-ninth held-out set end to end.

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
import sys
import tempfile
import zipfile
from pathlib import Path

import numpy as np
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

AMS = "Europe/Amsterdam"
MISSING = {"WDIR": 999, "WSPD": 99.0, "GST": 99.0, "WVHT": 99.0, "DPD": 99.0, "APD": 99.0, "MWD": 999,
           "PRES": 9999.0, "ATMP": 999.0, "WTMP": 999.0, "DEWP": 999.0, "VIS": 99.0, "TIDE": 99.0}  # fmt: skip


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


def haversine_km(lat1, lon1, lat2, lon2):
    p1, p2 = np.radians(lat1), np.radians(lat2)
    a = np.sin((p2 - p1) / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(np.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * np.arcsin(np.sqrt(a))


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_buoy(d: Path, codes: bool = False) -> pd.DataFrame:
    """Whitespace columns under two '#' lines: the names (kept) and the units (skipped)."""
    b = pd.read_csv(d / data.BUOY_FILE, sep=r"\s+", skiprows=[1]).rename(columns={"#YY": "year"})
    b["ts"] = pd.to_datetime(
        b[["year", "MM", "DD", "hh", "mm"]].set_axis(["year", "month", "day", "hour", "minute"], axis=1)
    )
    if not codes:
        for c, m in MISSING.items():
            b[c] = b[c].mask(b[c] == m)
    return b


def read_stations(d: Path) -> pd.DataFrame:
    with open(d / data.STATION_FILE, encoding="utf-8") as f:
        names = [x.strip() for x in f.readline().lstrip("#").split("|")]
    st = pd.read_csv(d / data.STATION_FILE, sep="|", skiprows=2, header=None, names=names, dtype=str,
                     keep_default_na=False)  # fmt: skip
    loc = st["LOCATION"].str.extract(r"^([\d.]+) ([NS]) ([\d.]+) ([EW])")
    st["lat"] = loc[0].astype(float) * np.where(loc[1] == "S", -1, 1)
    st["lon"] = loc[2].astype(float) * np.where(loc[3] == "W", -1, 1)
    return st


def read_libre(d: Path) -> pd.DataFrame:
    lib = pd.read_csv(d / data.LIBRE_FILE, skiprows=1)
    lib["ts"] = pd.to_datetime(lib["Device Timestamp"], format="%m-%d-%Y %I:%M %p")
    return lib


def libre_hist(lib: pd.DataFrame) -> pd.DataFrame:
    """The historic readings, each once (the reader and the app both hold a week of them), in time order."""
    h = lib[lib["Record Type"] == 0].drop_duplicates("ts").sort_values("ts")
    return h.rename(columns={"Historic Glucose mg/dL": "g"})[["ts", "g"]].reset_index(drop=True)


def read_dexcom(d: Path) -> pd.DataFrame:
    dex = pd.read_csv(d / data.DEXCOM_FILE)
    egv = dex[dex["Event Type"] == "EGV"].copy()
    egv["ts"] = pd.to_datetime(egv["Timestamp (YYYY-MM-DDThh:mm:ss)"])
    egv["raw"] = egv["Glucose Value (mg/dL)"]
    egv["g"] = pd.to_numeric(egv["raw"].replace({"Low": "40", "High": "400"}))
    return egv


def read_timeline(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Every placeVisit and activitySegment of the monthly files, with the file it came from."""
    visits, segs = [], []
    with zipfile.ZipFile(d / data.TAKEOUT_FILE) as z:
        for name in sorted(z.namelist()):
            if "/Semantic Location History/" not in name:
                continue
            month = name.rsplit("/", 1)[1].removesuffix(".json")
            for obj in json.loads(z.read(name))["timelineObjects"]:
                if "placeVisit" in obj:
                    v = obj["placeVisit"]
                    loc = v["location"]
                    visits.append({"month": month, "placeId": loc["placeId"], "name": loc.get("name"),
                                   "semanticType": loc.get("semanticType"), "lat": loc["latitudeE7"] / 1e7,
                                   "lon": loc["longitudeE7"] / 1e7, "start": v["duration"]["startTimestamp"],
                                   "end": v["duration"]["endTimestamp"]})  # fmt: skip
                else:
                    s = obj["activitySegment"]
                    segs.append({"month": month, "type": s["activityType"], "distance": s.get("distance"),
                                 "wp": s.get("waypointPath", {}).get("distanceMeters"),
                                 "lat0": s["startLocation"]["latitudeE7"] / 1e7, "lon0": s["startLocation"]["longitudeE7"] / 1e7,
                                 "lat1": s["endLocation"]["latitudeE7"] / 1e7, "lon1": s["endLocation"]["longitudeE7"] / 1e7,
                                 "start": s["duration"]["startTimestamp"], "end": s["duration"]["endTimestamp"]})  # fmt: skip
    vis, seg = pd.DataFrame(visits), pd.DataFrame(segs)
    for df in (vis, seg):
        for c in ("start", "end"):
            df[c] = pd.to_datetime(df[c], format="ISO8601", utc=True)
    return vis, seg


def hours_of_day(ts: pd.Series) -> pd.Series:
    return ts.dt.hour + ts.dt.minute / 60 + ts.dt.second / 3600 + ts.dt.microsecond / 3.6e9


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    b = read_buoy(d)
    st = read_stations(d)
    a["by_min_pres"] = float(b["PRES"].min())
    a["by_min_wtmp"] = float(b["WTMP"].min())
    a["st_cman"] = int((st["TTYPE"] == "C-MAN Station").sum())
    a["by_max_wave"] = float(b["WVHT"].max())
    a["by_gale"] = int((b["WSPD"] / 0.514444 >= 34).sum())
    a["by_longest_gap"] = round(b["ts"].diff().max() / pd.Timedelta(hours=1), 1)
    a["st_southern"] = st.loc[st["lat"].idxmin(), "STATION_ID"]
    local = b["ts"].dt.tz_localize("UTC").dt.tz_convert(data.BY_TZ)
    daily = b.groupby(local.dt.strftime("%Y-%m-%d"))["WSPD"].mean()
    a["by_windiest_day"] = unique_max(daily)
    dec = b[(b["ts"].dt.month == 12) & b["WDIR"].notna()]
    sectors = np.array(["N", "NE", "E", "SE", "S", "SW", "W", "NW"])[(((dec["WDIR"] + 22.5) % 360) // 45).astype(int)]
    a["by_sector_dec"] = unique_max(pd.Series(sectors).value_counts())
    me = st[st["STATION_ID"] == data.BY_ID].iloc[0]
    others = st[st["STATION_ID"] != data.BY_ID]
    a["st_within"] = int((haversine_km(me["lat"], me["lon"], others["lat"], others["lon"]) <= data.ST_RADIUS_KM).sum())

    lib = read_libre(d)
    h = libre_hist(lib)
    egv = read_dexcom(d)
    a["cgm_scans"] = int((lib["Record Type"] == 1).sum())
    a["cgm_rapid_total"] = round(float(lib["Rapid-Acting Insulin (units)"].sum()), 1)
    a["dex_egv_count"] = len(egv)
    a["cgm_mean_jan"] = round(float(h["g"].mean()), 1)
    a["cgm_carbs"] = round(float(lib["Carbohydrates (grams)"].sum() + 15 * lib["Carbohydrates (servings)"].sum()), 1)
    a["dex_very_low"] = round(float(100 * (egv["g"] < 54).mean()), 2)
    low = h["g"] < 70
    cont = low & low.shift(fill_value=False) & (h["ts"].diff() == pd.Timedelta(minutes=15))
    run = (low & ~cont).cumsum().where(low)
    a["cgm_low_episodes"] = int((run.dropna().value_counts() >= 2).sum())
    tir_jan = 100 * h["g"].between(70, 180).mean()
    num = pd.to_numeric(egv["raw"], errors="coerce")  # Low and High are out of range either way
    tir_feb = 100 * num.between(70, 180).mean()
    a["cgm_tir_change"] = round(float(tir_feb - tir_jan), 1)
    a["cgm_top_hour"] = int(unique_max(h.groupby(h["ts"].dt.hour)["g"].mean()))
    a["dex_night_mean"] = round(float(egv.loc[egv["ts"].dt.hour < 6, "g"].mean()), 1)

    vis, seg = read_timeline(d)
    uv = vis.drop_duplicates(["placeId", "start"])
    us = seg.drop_duplicates(["type", "start"])
    a["tl_visits_jan"] = int((vis["month"] == "2024_JANUARY").sum())
    a["tl_cycling_feb"] = int(((seg["month"] == "2024_FEBRUARY") & (seg["type"] == "CYCLING")).sum())
    a["tl_flight_km"] = round(float(seg.loc[seg["type"] == "FLYING", "distance"].max() / 1000), 1)
    a["tl_places_dec"] = int(vis.loc[vis["month"] == "2023_DECEMBER", "placeId"].nunique())
    a["tl_visits_total"] = len(uv)
    cyc = us[(us["type"] == "CYCLING") & (us["start"].dt.tz_convert(AMS).dt.strftime("%Y-%m") == "2024-01")]
    a["tl_km_cycled_jan"] = round(float(cyc["distance"].fillna(cyc["wp"]).sum() / 1000), 1)
    named = uv[~uv["semanticType"].isin(["TYPE_HOME", "TYPE_WORK"])]
    a["tl_top_place"] = unique_max(named["name"].value_counts())
    work_end = uv.loc[uv["semanticType"] == "TYPE_WORK", "end"].dt.tz_convert(AMS)
    work_end = work_end[work_end.dt.strftime("%Y-%m") == "2024-01"]
    a["tl_leave_work"] = round(float(hours_of_day(work_end).mean()), 2)
    home = uv[uv["semanticType"] == "TYPE_HOME"]
    lo, hi = pd.Timestamp("2024-02-01", tz=AMS), pd.Timestamp("2024-03-01", tz=AMS)
    overlap = (home["end"].clip(upper=hi) - home["start"].clip(lower=lo)).clip(lower=pd.Timedelta(0))
    a["tl_home_hours_feb"] = round(float(overlap.sum() / pd.Timedelta(hours=1)), 1)
    hp, wp = home.iloc[0], uv[uv["semanticType"] == "TYPE_WORK"].iloc[0]
    near_home = haversine_km(cyc["lat0"], cyc["lon0"], hp["lat"], hp["lon"]) * 1000 <= data.TL_NEAR_M
    near_work = haversine_km(cyc["lat1"], cyc["lon1"], wp["lat"], wp["lon"]) * 1000 <= data.TL_NEAR_M
    commute = cyc[near_home & near_work]
    a["tl_commute_median"] = round(float(((commute["end"] - commute["start"]) / pd.Timedelta(minutes=1)).median()), 1)
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    raw = read_buoy(d, codes=True)
    c["by_max_wave"] = float(raw["WVHT"].max())
    c["by_gale"] = int((raw["WSPD"] >= 34).sum())
    st = read_stations(d)
    first = st["LOCATION"].str.split().str[0].astype(float)  # the hemisphere letter ignored
    c["st_southern"] = st.loc[first.idxmin(), "STATION_ID"]
    b = read_buoy(d)
    c["by_windiest_day"] = b.groupby(b["ts"].dt.strftime("%Y-%m-%d"))["WSPD"].mean().idxmax()

    lib = read_libre(d)
    c["cgm_mean_jan"] = round(float(lib.loc[lib["Record Type"] == 0, "Historic Glucose mg/dL"].mean()), 1)
    c["cgm_carbs"] = round(float(lib["Carbohydrates (grams)"].sum()), 1)
    egv = read_dexcom(d)
    num = pd.to_numeric(egv["raw"], errors="coerce").dropna()
    c["dex_very_low"] = round(float(100 * (num < 54).mean()), 2)

    vis, seg = read_timeline(d)
    c["tl_visits_total"] = len(vis)
    us = seg.drop_duplicates(["type", "start"])
    cyc = us[(us["type"] == "CYCLING") & (us["start"].dt.tz_convert(AMS).dt.strftime("%Y-%m") == "2024-01")]
    c["tl_km_cycled_jan"] = round(float(cyc["distance"].sum() / 1000), 1)
    uv = vis.drop_duplicates(["placeId", "start"])
    work_end = uv.loc[uv["semanticType"] == "TYPE_WORK", "end"]
    work_end = work_end[work_end.dt.tz_convert(AMS).dt.strftime("%Y-%m") == "2024-01"]
    c["tl_leave_work"] = round(float(hours_of_day(work_end).mean()), 2)  # the UTC clock
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout39-"))
    other = Path(tempfile.mkdtemp(prefix="heldout39-again-"))
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
