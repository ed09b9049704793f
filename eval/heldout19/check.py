"""Check the nineteenth held-out set end to end.

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
import xml.etree.ElementTree as ET
import zipfile
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

# the survey's country names -> the World Bank's, written out by hand as an analyst would (after listing
# the survey countries that found no match)
WB_NAMES = {
    "United States of America": "United States",
    "United Kingdom of Great Britain and Northern Ireland": "United Kingdom",
    "Republic of Korea": "Korea, Rep.", "Czech Republic": "Czechia", "Turkey": "Turkiye", "Slovakia": "Slovak Republic",
    "Hong Kong (S.A.R.)": "Hong Kong SAR, China", "Egypt": "Egypt, Arab Rep.",
    "Iran, Islamic Republic of...": "Iran, Islamic Rep.", "Venezuela, Bolivarian Republic of...": "Venezuela, RB",
}  # fmt: skip
HK = "HKQuantityTypeIdentifier"
STAMP = "%Y-%m-%d %H:%M:%S %z"


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_gtfs(d: Path) -> dict[str, pd.DataFrame]:
    """Every table as text (ids keep their form, empty stays ''); utf-8-sig for the BOM on stops.txt."""
    with zipfile.ZipFile(d / data.GTFS_FILE) as z:
        return {
            name.removesuffix(".txt"): pd.read_csv(z.open(name), dtype=str, keep_default_na=False, encoding="utf-8-sig")
            for name in z.namelist()
        }


def read_health(d: Path) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    root = ET.parse(d / data.HEALTH_FILE).getroot()
    records = pd.DataFrame([r.attrib for r in root.iter("Record")])
    rows = []
    for w in root.iter("Workout"):
        row = dict(w.attrib)
        for st in w.iter("WorkoutStatistics"):
            if "sum" in st.attrib:
                row[st.attrib["type"].removeprefix(HK)] = float(st.attrib["sum"])
        rows.append(row)
    workouts = pd.DataFrame(rows)
    summaries = pd.DataFrame([a.attrib for a in root.iter("ActivitySummary")])
    return records, workouts, summaries


def read_wdi(d: Path) -> pd.DataFrame:
    wdi = pd.read_csv(d / data.WDI_FILE, na_values="..")
    return wdi.dropna(subset=["Series Code"])  # the two footer lines under the blank ones


def read_wb(d: Path) -> pd.DataFrame:
    _, entries = json.loads((d / data.WB_FILE).read_text(encoding="utf-8"))
    wb = pd.json_normalize(entries)
    wb["region"] = wb["region.value"].str.strip()  # 'Sub-Saharan Africa ' with a trailing space
    return wb


def answers(d: Path) -> tuple[dict, dict]:
    a, careless = {}, {}

    # transit ---------------------------------------------------------------------------------------
    g = read_gtfs(d)
    routes, trips, st, stops = g["routes"], g["trips"], g["stop_times"], g["stops"]
    a["gtfs_bus_routes"] = int((routes["route_type"] == "3").sum())
    a["gtfs_sat_trips"] = int((trips["service_id"] == data.SAT).sum())
    vehicle_stops = stops[stops["location_type"].isin(["", "0"])]
    a["gtfs_accessible_stops"] = int((vehicle_stops["wheelchair_boarding"] == "1").sum())
    r7 = routes.loc[routes["route_short_name"] == "7", "route_id"].item()
    a["gtfs_route7_stops"] = int(st.loc[st["trip_id"].isin(trips.loc[trips["route_id"] == r7, "trip_id"]), "stop_id"].nunique())  # fmt: skip
    bus = trips[(trips["service_id"] == data.WKDY) & trips["route_id"].isin(routes.loc[routes["route_type"] == "3", "route_id"])]  # fmt: skip
    calls = st[st["trip_id"].isin(bus["trip_id"])].merge(stops[["stop_id", "stop_name"]], on="stop_id")
    a["gtfs_busiest_bus_stop"] = unique_max(calls["stop_name"].value_counts())
    cal, cal_dates = g["calendar"], g["calendar_dates"]
    day = "20250526"
    running = set(cal.loc[(cal["monday"] == "1") & (cal["start_date"] <= day) & (cal["end_date"] >= day), "service_id"])
    careless["gtfs_memorial_day_trips"] = int(trips["service_id"].isin(running).sum())
    on_day = cal_dates[cal_dates["date"] == day]
    running -= set(on_day.loc[on_day["exception_type"] == "2", "service_id"])
    running |= set(on_day.loc[on_day["exception_type"] == "1", "service_id"])
    a["gtfs_memorial_day_trips"] = int(trips["service_id"].isin(running).sum())
    r22 = routes.loc[routes["route_short_name"] == "22", "route_id"].item()
    t22 = st[st["trip_id"].isin(trips.loc[(trips["route_id"] == r22) & (trips["service_id"] == data.WKDY), "trip_id"])].copy()  # fmt: skip
    t22["seq"] = t22["stop_sequence"].astype(int)
    t22 = t22.sort_values(["trip_id", "seq"])
    ends = t22.groupby("trip_id").agg(start=("departure_time", "first"), end=("arrival_time", "last"))
    a["gtfs_route22_runtime"] = float(
        ((pd.to_timedelta(ends["end"]) - pd.to_timedelta(ends["start"])).dt.total_seconds() / 60).mean()
    )
    central = stops.loc[(stops["stop_name"] == "Central Station") & (stops["location_type"] == "0"), "stop_id"]
    red = trips[(trips["route_id"] == "RED") & (trips["service_id"] == data.SAT) & (trips["trip_headsign"] == "Airport Terminal")]  # fmt: skip
    leave = pd.to_timedelta(st.loc[st["trip_id"].isin(red["trip_id"]) & st["stop_id"].isin(central), "departure_time"])
    last = int(leave.max().total_seconds() // 60)
    a["gtfs_last_red_saturday"] = f"{(last // 60) % 24:02d}:{last % 60:02d}"

    # health ----------------------------------------------------------------------------------------
    rec, wo, summ = read_health(d)
    year = rec["startDate"].str[:4]
    wyear = wo["startDate"].str[:4]
    runs = wo[wo["workoutActivityType"] == "HKWorkoutActivityTypeRunning"]
    a["hl_runs_2024"] = int((runs["startDate"].str[:4] == "2024").sum())
    a["hl_max_heart_rate"] = int(rec.loc[rec["type"] == HK + "HeartRate", "value"].astype(float).max())
    s24 = summ[summ["dateComponents"].str[:4] == "2024"]
    a["hl_move_ring_days"] = int((s24["activeEnergyBurned"].astype(float) >= s24["activeEnergyBurnedGoal"].astype(float)).sum())  # fmt: skip
    bm = rec[(rec["type"] == HK + "BodyMass") & (year == "2024")]
    value = bm["value"].astype(float)
    a["hl_weight_2024"] = float((value * bm["unit"].map({"kg": 1.0, "lb": data.LB})).mean())
    careless["hl_weight_2024"] = float(value.mean())
    deep = rec[(rec["value"] == "HKCategoryValueSleepAnalysisAsleepDeep") & (rec["startDate"].str[:7] == "2024-03")]
    span = pd.to_datetime(deep["endDate"], format=STAMP, utc=True) - pd.to_datetime(deep["startDate"], format=STAMP, utc=True)  # fmt: skip
    a["hl_deep_sleep_march"] = float(span.dt.total_seconds().sum() / 3600)
    steps = rec[rec["type"] == HK + "StepCount"].assign(day=lambda x: x["startDate"].str[:10], n=lambda x: x["value"].astype(int))  # fmt: skip
    steps = steps[steps["day"].str[:4] == "2024"]
    a["hl_10k_days"] = int((steps[steps["sourceName"] == data.WATCH].groupby("day")["n"].sum() >= 10_000).sum())
    careless["hl_10k_days"] = int((steps.groupby("day")["n"].sum() >= 10_000).sum())
    w24 = wo[wyear == "2024"]
    a["hl_early_workouts"] = int((w24["startDate"].str[11:13].astype(int) < 7).sum())  # the local hour as written
    careless["hl_early_workouts"] = int((pd.to_datetime(w24["startDate"], format=STAMP, utc=True).dt.hour < 7).sum())
    r24 = runs[runs["startDate"].str[:4] == "2024"]
    km = r24.groupby(r24["startDate"].str[:7])["DistanceWalkingRunning"].sum()
    a["hl_run_month"] = f"{pd.Period(unique_max(km)):%B %Y}"

    # survey ----------------------------------------------------------------------------------------
    sv = pd.read_csv(d / data.SURVEY_FILE)  # 'NA' is read as missing
    a["sv_germany_count"] = int((sv["Country"] == "Germany").sum())
    a["sv_median_comp"] = float(sv["ConvertedCompYearly"].median())
    a["sv_pro_count"] = int((sv["MainBranch"] == "I am a developer by profession").sum())
    langs = sv["LanguageHaveWorkedWith"].str.split(";")
    a["sv_java_count"] = int(langs.apply(lambda x: isinstance(x, list) and "Java" in x).sum())
    careless["sv_java_count"] = int(sv["LanguageHaveWorkedWith"].str.contains("Java", na=False).sum())
    a["sv_top_wanted"] = unique_max(sv["LanguageWantToWorkWith"].str.split(";").explode().value_counts())
    pro = sv["YearsCodePro"].replace({"Less than 1 year": "0", "More than 50 years": "51"}).astype(float)
    a["sv_years_pro_mean"] = float(pro.mean())
    wb = read_wb(d)
    income = wb.set_index("name")["incomeLevel.value"]
    gave = sv["Country"].dropna()
    assert set(gave.replace(WB_NAMES)) <= set(income.index), "every survey country maps to a World Bank name"
    a["sv_high_income_pct"] = float(100 * (gave.replace(WB_NAMES).map(income) == "High income").mean())
    joined = sv.merge(wb, left_on="Country", right_on="name")  # the names spelled differently drop out
    careless["sv_high_income_pct"] = float(100 * (joined["incomeLevel.value"] == "High income").mean())

    # world -----------------------------------------------------------------------------------------
    wdi = read_wdi(d)
    countries = set(wb.loc[wb["region"] != "Aggregates", "id"])
    pop = wdi[wdi["Series Code"] == "SP.POP.TOTL"]
    a["wb_nigeria_pop_2020"] = int(pop.loc[pop["Country Code"] == "NGA", "2020 [YR2020]"].item())
    life = wdi[wdi["Series Code"] == "SP.DYN.LE00.IN"].set_index("Country Name")["2022 [YR2022]"].astype(float)
    a["wb_top_life_2022"] = unique_max(life)
    a["wb_long_life_2022"] = int((life[life.index.isin(wb.loc[wb["region"] != "Aggregates", "name"])] >= 80).sum())
    careless["wb_long_life_2022"] = int((life >= 80).sum())
    a["wb_ssa_countries"] = int((wb["region"] == "Sub-Saharan Africa").sum())
    gdp = wdi[wdi["Series Code"] == "NY.GDP.MKTP.CD"]
    a["wb_missing_gdp_2023"] = int(gdp["2023 [YR2023]"].isna().sum())
    net = wdi[(wdi["Series Code"] == "IT.NET.USER.ZS") & wdi["Country Code"].isin(countries)].set_index("Country Name")
    rise = (net["2023 [YR2023]"].astype(float) - net["2015 [YR2015]"].astype(float)).dropna()
    a["wb_internet_jump"] = unique_max(rise)
    g22 = gdp[gdp["Country Code"].isin(countries)].merge(wb[["id", "region"]], left_on="Country Code", right_on="id")
    a["wb_region_gdp_2022"] = unique_max(g22.groupby("region")["2022 [YR2022]"].sum())
    return a, careless


def render(value) -> str:
    """An answer as the assistant might state it."""
    if isinstance(value, str):
        return f"The answer is {value}."
    if float(value).is_integer() and not isinstance(value, float):
        return f"The answer is {int(value)}."
    return f"The answer is {float(value):.4f}."


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout19_a_"))
    out.mkdir(parents=True, exist_ok=True)
    again = Path(tempfile.mkdtemp(prefix="heldout19_b_", dir=out.resolve().parent))
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
        value = got[task.id]
        if task.kind == "number" and isinstance(refs[task.id], int) and float(value).is_integer():
            value = int(value)
        good = score.correct(render(value), refs[task.id], task.kind, task.aliases)
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
