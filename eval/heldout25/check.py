"""Check the twenty-fifth held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import importlib.util
import math
import re
import shutil
import sys
import tempfile
import xml.etree.ElementTree as ET
import zipfile
from datetime import date, datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pandas as pd
from dateutil.rrule import rrulestr

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

LONDON, PARIS = ZoneInfo("Europe/London"), ZoneInfo("Europe/Paris")
MEMORIAL_DAY = date(2025, 5, 26)  # as the question names it


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def gtfs_seconds(col: pd.Series) -> pd.Series:
    """GTFS times: H:MM:SS, hours unpadded below 10 and past 24 after midnight; blank when untimed."""
    parts = col.replace("", None).str.split(":", expand=True).astype(float)
    return parts[0] * 3600 + parts[1] * 60 + parts[2]


def read_gtfs(d: Path) -> dict[str, pd.DataFrame]:
    with zipfile.ZipFile(d / data.GTFS_FILE) as z:
        tables = {
            n[:-4]: pd.read_csv(z.open(n), dtype=str, keep_default_na=False, encoding="utf-8-sig") for n in z.namelist()
        }
    st = tables["stop_times"]
    st["arr"] = gtfs_seconds(st["arrival_time"])
    st["dep"] = gtfs_seconds(st["departure_time"])
    st["seq"] = st["stop_sequence"].astype(int)
    return tables


def services_on(g: dict[str, pd.DataFrame], day: date) -> set[str]:
    cal = g["calendar"]
    weekday = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][day.weekday()]
    ymd = f"{day:%Y%m%d}"
    on = set(cal.loc[(cal[weekday] == "1") & (cal["start_date"] <= ymd) & (cal["end_date"] >= ymd), "service_id"])
    for _, row in g["calendar_dates"][g["calendar_dates"]["date"] == ymd].iterrows():
        (on.add if row["exception_type"] == "1" else on.discard)(row["service_id"])
    return on


def unescape(text: str) -> str:
    return re.sub(r"\\([\\;,nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), text)


def read_ics(d: Path) -> list[dict]:
    """VEVENTs as dicts of property -> list of (params, value), after unfolding the lines."""
    text = (d / data.ICS_FILE).read_bytes().decode("utf-8").replace("\r\n ", "").replace("\r\n\t", "")
    events, cur = [], None
    for line in text.split("\r\n"):
        if line == "BEGIN:VEVENT":
            cur = {}
            continue
        if line == "END:VEVENT":
            events.append(cur)
            cur = None
            continue
        if cur is None or not line:
            continue
        head, value = line.split(":", 1)
        name, *params = head.split(";")
        cur.setdefault(name, []).append((dict(p.split("=", 1) for p in params), value))
    return events


def ical_dt(prop: tuple[dict, str]):
    params, value = prop
    if params.get("VALUE") == "DATE":
        return date(int(value[:4]), int(value[4:6]), int(value[6:8]))
    dt = datetime.strptime(value.rstrip("Z"), "%Y%m%dT%H%M%S")
    if value.endswith("Z"):
        return dt.replace(tzinfo=timezone.utc)
    return dt.replace(tzinfo=ZoneInfo(params["TZID"]))


def occurrences(events: list[dict], summary: str, use_exdate: bool = True) -> list[tuple[datetime, datetime]]:
    """A recurring event's instances: the RRULE expanded, EXDATEs removed, RECURRENCE-ID overrides applied."""
    master = next(e for e in events if unescape(e["SUMMARY"][0][1]) == summary and "RRULE" in e)
    uid = master["UID"][0][1]
    start, end = ical_dt(master["DTSTART"][0]), ical_dt(master["DTEND"][0])
    starts = list(rrulestr(master["RRULE"][0][1], dtstart=start))
    if use_exdate:
        ex = {ical_dt(p) for p in master.get("EXDATE", [])}
        starts = [s for s in starts if s not in ex]
    overrides = {ical_dt(e["RECURRENCE-ID"][0]): e for e in events if e["UID"][0][1] == uid and "RECURRENCE-ID" in e}
    out = []
    for s in starts:
        o = overrides.get(s)
        if o is None:
            out.append((s, s + (end - start)))
        elif o["STATUS"][0][1] != "CANCELLED":
            out.append((ical_dt(o["DTSTART"][0]), ical_dt(o["DTEND"][0])))
    return out


GPX_NS = {"g": "http://www.topografix.com/GPX/1/1", "tpx": "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"}


def read_gpx(d: Path) -> pd.DataFrame:
    """One row per track point with its day (track) and segment numbers."""
    root = ET.parse(d / data.GPX_FILE).getroot()
    rows = []
    for ti, trk in enumerate(root.findall("g:trk", GPX_NS)):
        for si, seg in enumerate(trk.findall("g:trkseg", GPX_NS)):
            for p in seg.findall("g:trkpt", GPX_NS):
                hr = p.find(".//tpx:hr", GPX_NS)
                rows.append(
                    {
                        "day": ti + 1,
                        "seg": si,
                        "lat": float(p.get("lat")),
                        "lon": float(p.get("lon")),
                        "ele": float(p.findtext("g:ele", namespaces=GPX_NS)),
                        "time": p.findtext("g:time", namespaces=GPX_NS),
                        "hr": float(hr.text) if hr is not None else None,
                    }
                )
    df = pd.DataFrame(rows)
    df["time"] = pd.to_datetime(df["time"], utc=True)
    return df


def haversine(lat1, lon1, lat2, lon2):
    p1, p2 = lat1.map(math.radians), lat2.map(math.radians)
    dp, dl = p2 - p1, (lon2 - lon1).map(math.radians)
    a = (dp / 2).map(math.sin) ** 2 + p1.map(math.cos) * p2.map(math.cos) * (dl / 2).map(math.sin) ** 2
    return 2 * 6371.0 * a.map(math.sqrt).map(math.asin)


def with_previous(df: pd.DataFrame, within_segments: bool = True) -> pd.DataFrame:
    keys = ["day", "seg"] if within_segments else None
    prev = (
        df.groupby(keys)[["lat", "lon", "ele", "time"]].shift() if keys else df[["lat", "lon", "ele", "time"]].shift()
    )
    out = df.join(prev.add_prefix("prev_"))
    return out.dropna(subset=["prev_lat"])


LOG_RE = re.compile(
    r'^(?P<ip>\S+) \S+ \S+ \[(?P<time>[^\]]+)\] "(?P<request>(?:[^"\\]|\\.)*)" (?P<status>\d{3}) (?P<bytes>\S+) '
    r'"(?P<referer>(?:[^"\\]|\\.)*)" "(?P<ua>(?:[^"\\]|\\.)*)"$'
)


def read_log(d: Path) -> pd.DataFrame:
    lines = (d / data.LOG_FILE).read_text(encoding="utf-8").splitlines()
    rows = [LOG_RE.match(line).groupdict() for line in lines]
    assert len(rows) == len(lines)
    df = pd.DataFrame(rows)
    df["utc"] = pd.to_datetime(df["time"], format="%d/%b/%Y:%H:%M:%S %z", utc=True)
    df["local_hour"] = df["time"].str[12:14].astype(int)
    df["status"] = df["status"].astype(int)
    df["size"] = pd.to_numeric(df["bytes"].replace("-", "0"))
    req = df["request"].str.extract(r"^(?P<method>[A-Z]+) (?P<target>\S+) HTTP/[\d.]+$")
    df["target"] = req["target"]
    df["path"] = df["target"].str.split("?").str[0]
    return df


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    g = read_gtfs(d)
    routes, stops, trips, st = g["routes"], g["stops"], g["trips"], g["stop_times"]
    a["gt_routes"] = len(routes)
    per_route = trips.merge(routes, on="route_id")["route_long_name"].value_counts()
    a["gt_top_route"] = unique_max(per_route)
    boarding = stops[stops["location_type"].isin(["0", ""])]
    a["gt_accessible"] = int((boarding["wheelchair_boarding"] == "1").sum())
    wk = st.merge(trips[["trip_id", "service_id"]], on="trip_id")
    wk = wk[wk["service_id"] == "WKDY"]
    last_seq = wk.groupby("trip_id")["seq"].transform("max")
    central = stops.loc[stops["parent_station"] == "9000", "stop_id"]
    deps = wk.loc[wk["stop_id"].isin(central) & (wk["seq"] < last_seq), "dep"]
    s = int(deps.max()) % 86400
    a["gt_last_departure"] = f"{s // 3600:02d}:{s // 60 % 60:02d}"
    ends = wk[wk["seq"] == last_seq]
    a["gt_after_midnight"] = int((ends["arr"] >= 86400).sum())
    a["gt_holiday_trips"] = int(trips["service_id"].isin(services_on(g, MEMORIAL_DAY)).sum())
    sat = st.merge(trips.loc[trips["service_id"] == "SAT", ["trip_id"]], on="trip_id")
    span = sat.groupby("trip_id").apply(lambda x: x.loc[x["seq"].idxmax(), "arr"] - x.loc[x["seq"].idxmin(), "dep"])
    a["gt_saturday_hours"] = round(span.sum() / 3600, 1)
    names = stops.set_index("stop_id")["stop_name"]
    parent = stops.set_index("stop_id")["parent_station"]
    key = wk["stop_id"].map(lambda x: names[parent[x]] if parent[x] else names[x])
    a["gt_busiest_stop"] = unique_max(key.value_counts())

    ev = read_ics(d)
    a["ic_events"] = len(ev)
    a["ic_all_day"] = sum(e["DTSTART"][0][0].get("VALUE") == "DATE" for e in ev)
    a["ic_yoga_2024"] = sum(s.astimezone(LONDON).year == 2024 for s, _ in occurrences(ev, "Yoga"))
    leave = [e for e in ev if unescape(e["SUMMARY"][0][1]) == "Annual leave" and e["STATUS"][0][1] != "CANCELLED"]
    a["ic_leave_days"] = sum((ical_dt(e["DTEND"][0]) - ical_dt(e["DTSTART"][0])).days for e in leave)
    org = pd.Series([e["ORGANIZER"][0][0]["CN"] for e in ev if "ORGANIZER" in e])
    a["ic_top_organizer"] = unique_max(org.value_counts())
    single = [
        ical_dt(e["DTSTART"][0])
        for e in ev
        if "RRULE" not in e
        and "RECURRENCE-ID" not in e
        and e["STATUS"][0][1] != "CANCELLED"
        and e["DTSTART"][0][0].get("VALUE") != "DATE"
    ]
    local = [x.astimezone(LONDON) for x in single]
    a["ic_early_starts"] = sum(x.year == 2024 and x.hour < 9 for x in local)
    classes = [(s, e) for s, e in occurrences(ev, "Spanish class (B1)") if s.astimezone(LONDON).year == 2024]
    a["ic_spanish_hours"] = round(sum((e - s).total_seconds() for s, e in classes) / 3600, 2)

    gx = read_gpx(d)
    a["gx_max_ele"] = gx["ele"].max()
    a["gx_max_hr"] = int(gx["hr"].max())
    first3 = gx.loc[gx["day"] == 3, "time"].min().tz_convert(PARIS)
    a["gx_start_local"] = f"{first3:%H:%M}"
    a["gx_hr_day2"] = round(gx.loc[gx["day"] == 2, "hr"].mean(), 1)
    pairs = with_previous(gx)
    a["gx_walk_km"] = round(haversine(pairs["prev_lat"], pairs["prev_lon"], pairs["lat"], pairs["lon"]).sum(), 1)
    pairs = pairs.assign(up=(pairs["ele"] - pairs["prev_ele"]).clip(lower=0))
    climb = pairs.groupby("day")["up"].sum().round(1)
    best = unique_max(climb)
    a["gx_climb_day"] = f"{gx.loc[gx['day'] == best, 'time'].min().tz_convert(PARIS):%Y-%m-%d}"
    high = pairs[(pairs["ele"] > 2500) & (pairs["prev_ele"] > 2500)]
    a["gx_above_2500"] = round((high["time"] - high["prev_time"]).dt.total_seconds().sum() / 60, 1)

    lg = read_log(d)
    a["lg_404"] = int((lg["status"] == 404).sum())
    a["lg_clients"] = lg["ip"].nunique()
    a["lg_biggest"] = lg.loc[lg["size"] == lg["size"].max(), "path"].unique().item()  # one path, maybe fetched twice
    a["lg_mib"] = round(lg["size"].sum() / 1_048_576, 2)
    posts = lg["path"].str.extract(r"^/blog/([^/?]+)/$")[0].dropna()
    a["lg_top_post"] = unique_max(posts.value_counts())
    a["lg_bot_share"] = round(100 * lg["ua"].str.contains("bot", case=False).mean(), 1)
    a["lg_peak_hour_utc"] = int(unique_max(lg["utc"].dt.hour.value_counts()))
    human = lg[~lg["ua"].str.contains("bot|spider|crawl|python|curl", case=False)].sort_values("utc", kind="stable")
    gap = human.groupby(["ip", "ua"])["utc"].diff()
    a["lg_sessions"] = int(gap.isna().sum() + (gap > pd.Timedelta(minutes=30)).sum())
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    g = read_gtfs(d)
    stops, trips, st = g["stops"], g["trips"], g["stop_times"]
    wk = st.merge(trips[["trip_id", "service_id"]], on="trip_id")
    wk = wk[wk["service_id"] == "WKDY"]
    central = stops.loc[stops["parent_station"] == "9000", "stop_id"]
    text_max = wk.loc[wk["stop_id"].isin(central), "departure_time"].max()
    c["gt_last_departure"] = text_max.rsplit(":", 1)[0]
    c["gt_holiday_trips"] = int((trips["service_id"] == "WKDY").sum())
    names = stops.set_index("stop_id")["stop_name"]
    c["gt_busiest_stop"] = names[wk["stop_id"].value_counts().idxmax()]
    ev = read_ics(d)
    c["ic_yoga_2024"] = sum(s.astimezone(LONDON).year == 2024 for s, _ in occurrences(ev, "Yoga", use_exdate=False))
    leave = [e for e in ev if unescape(e["SUMMARY"][0][1]) == "Annual leave" and e["STATUS"][0][1] != "CANCELLED"]
    c["ic_leave_days"] = sum((ical_dt(e["DTEND"][0]) - ical_dt(e["DTSTART"][0])).days + 1 for e in leave)
    single = [
        e["DTSTART"][0][1]
        for e in ev
        if "RRULE" not in e
        and "RECURRENCE-ID" not in e
        and e["STATUS"][0][1] != "CANCELLED"
        and e["DTSTART"][0][0].get("VALUE") != "DATE"
    ]
    c["ic_early_starts"] = sum(v.startswith("2024") and int(v[9:11]) < 9 for v in single)
    gx = read_gpx(d)
    c["gx_start_local"] = f"{gx.loc[gx['day'] == 3, 'time'].min():%H:%M}"
    pairs = with_previous(gx, within_segments=False)
    c["gx_walk_km"] = round(haversine(pairs["prev_lat"], pairs["prev_lon"], pairs["lat"], pairs["lon"]).sum(), 1)
    lg = read_log(d)
    c["lg_top_post"] = lg.loc[lg["target"].str.match(r"^/blog/[^/]+/"), "target"].value_counts().idxmax()
    c["lg_peak_hour_utc"] = int(lg["local_hour"].value_counts().idxmax())
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout25-"))
    other = Path(tempfile.mkdtemp(prefix="heldout25-again-"))
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
