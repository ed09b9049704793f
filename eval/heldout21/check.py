"""Check the twenty-first held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import csv
import importlib.util
import json
import math
import re
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
if not SCORE.exists():
    SCORE = Path("/work/main/eval/score.py")
_spec = importlib.util.spec_from_file_location("score", SCORE)
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)

NS = {"itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd"}
RFC822 = "%a, %d %b %Y %H:%M:%S %z"
DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
NAMESPACES = ("Special", "File", "Category", "Talk", "User", "Template", "Help", "Portal", "Wikipedia")
STATION = (53.79495, -1.54734)


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_feed(d: Path) -> pd.DataFrame:
    root = ET.parse(d / data.PODCAST_FILE).getroot()
    rows = []
    for item in root.iter("item"):
        rows.append(
            {
                "title": item.findtext("title"),
                "itunes_title": item.findtext("itunes:title", namespaces=NS),
                "pubDate": item.findtext("pubDate"),
                "duration": item.findtext("itunes:duration", namespaces=NS),
                "explicit": item.findtext("itunes:explicit", namespaces=NS),
                "episodeType": item.findtext("itunes:episodeType", namespaces=NS),
            }
        )
    feed = pd.DataFrame(rows)
    feed["when"] = pd.to_datetime(feed["pubDate"], format=RFC822, utc=True)  # mixed offsets: to UTC first
    feed["ny"] = feed["when"].dt.tz_convert("America/New_York")
    return feed


def duration_seconds(text: str) -> int:
    """`3723` (seconds), `62:03` (minutes:seconds, minutes may pass 60), `1:02:03` / `01:02:03`."""
    parts = [int(p) for p in text.strip().split(":")]
    secs = 0
    for p in parts:
        secs = secs * 60 + p
    return secs


def read_cpi(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    cu = pd.read_csv(d / data.CPI_DATA_FILE, sep="\t", dtype={"footnote_codes": str})
    cu.columns = cu.columns.str.strip()  # '       value'
    cu["series_id"] = cu["series_id"].str.strip()  # padded with trailing spaces
    series = pd.read_csv(d / data.CPI_SERIES_FILE, sep="\t", dtype=str)
    series.columns = series.columns.str.strip()
    series["series_id"] = series["series_id"].str.strip()
    return cu, series


def monthly(cu: pd.DataFrame, sid: str) -> pd.Series:
    """A series' monthly values (M13, the annual average, left out), indexed by a monthly period."""
    s = cu[(cu["series_id"] == sid) & cu["period"].str.match(r"M(0[1-9]|1[0-2])$")]
    idx = pd.PeriodIndex([pd.Period(f"{y}-{p[1:]}", freq="M") for y, p in zip(s["year"], s["period"])])
    return pd.Series(s["value"].to_numpy(), index=idx).sort_index()


def yoy(s: pd.Series) -> pd.Series:
    """12-month change in percent, matched by calendar month (not by row position)."""
    prior = s.copy()
    prior.index = prior.index + 12
    return (100 * (s / prior - 1)).dropna()


def read_pageviews(path: Path) -> pd.DataFrame:
    """No header, space-separated; titles can hold quotes or be 'NA', so no quoting and no NA parsing."""
    return pd.read_csv(
        path, sep=" ", header=None, names=["domain", "title", "views", "bytes"],
        quoting=csv.QUOTE_NONE, keep_default_na=False, na_filter=False, dtype={"domain": str, "title": str},
    )  # fmt: skip


def km(a: tuple[float, float], b: tuple[float, float]) -> float:
    la1, lo1, la2, lo2 = map(math.radians, (*a, *b))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def open_days(rule_text: str) -> set[int]:
    """The weekdays (Mo=0) an OSM opening_hours value opens on; later rules override earlier ones."""
    if rule_text.strip() == "24/7":
        return set(range(7))
    state: dict[int, bool] = {}
    for rule in rule_text.split(";"):
        rule = rule.strip()
        if not rule:
            continue
        selector, _, rest = rule.partition(" ")
        days: set[int] = set()
        for part in selector.split(","):
            if part == "PH":
                continue
            if "-" in part:
                a, b = (DAYS.index(x) for x in part.split("-"))
                i = a
                while True:
                    days.add(i)
                    if i == b:
                        break
                    i = (i + 1) % 7  # Fr-Mo wraps over the weekend
            else:
                days.add(DAYS.index(part))
        for day in days:
            state[day] = rest.strip() not in ("off", "closed")
    return {day for day, is_open in state.items() if is_open}


def answers(d: Path) -> tuple[dict, dict]:
    a, careless = {}, {}

    # podcast ---------------------------------------------------------------------------------------
    feed = read_feed(d)
    a["pod_bonus_count"] = int((feed["episodeType"] == "bonus").sum())
    a["pod_items_2023"] = int((feed["ny"].dt.year == 2023).sum())
    a["pod_explicit"] = int(feed["explicit"].str.lower().isin(["yes", "true", "explicit"]).sum())
    careless["pod_explicit"] = int((feed["explicit"] == "true").sum())
    secs = feed["duration"].map(duration_seconds)
    a["pod_total_hours"] = float(secs.sum() / 3600)
    careless["pod_total_hours"] = float(pd.to_timedelta(feed["duration"], errors="coerce").sum().total_seconds() / 3600)
    a["pod_longest_episode"] = feed.loc[unique_max(secs), "itunes_title"]
    full = feed[feed["episodeType"] == "full"]
    dates = pd.to_datetime(full["ny"].dt.date).sort_values()
    gaps = dates.diff().dt.days.dropna()
    assert (gaps == gaps.max()).sum() == 1
    a["pod_longest_gap"] = int(gaps.max())
    a["pod_monday_releases"] = int((full["ny"].dt.day_of_week == 0).sum())
    careless["pod_monday_releases"] = int((full["when"].dt.day_of_week == 0).sum())

    # prices ----------------------------------------------------------------------------------------
    cu, series = read_cpi(d)

    def value(sid: str, year: int, period: str) -> float:
        return float(cu.loc[(cu["series_id"] == sid) & (cu["year"] == year) & (cu["period"] == period), "value"].item())

    a["cpi_annual_2023"] = value("CUUR0000SA0", 2023, "M13")
    a["cpi_sa_dec_2024"] = value("CUSR0000SA0", 2024, "M12")
    a["cpi_sa_series"] = int((series["seasonal"] == "S").sum())
    headline = monthly(cu, "CUUR0000SA0")
    a["cpi_dec_2024_change"] = float(100 * (headline[pd.Period("2024-12", "M")] / headline[pd.Period("2023-12", "M")] - 1))  # fmt: skip
    gas = monthly(cu, "CUUR0000SETB01")
    a["cpi_gasoline_peak"] = f"{unique_max(gas):%B %Y}"
    a["cpi_peak_inflation"] = float(yoy(headline).max())
    rows = cu[cu["series_id"] == "CUUR0000SA0"]  # in file order: M01..M12, M13 for each year
    careless["cpi_peak_inflation"] = float(100 * rows["value"].pct_change(12).max())
    metros = series[series["area_code"].str.startswith("S") & (series["item_code"] == "SA0") & (series["periodicity_code"] == "R")]  # fmt: skip
    rise = {}
    for _, s in metros.iterrows():
        name = re.match(r"All items in (.*), all urban consumers", s["series_title"]).group(1)
        rise[name] = value(s["series_id"], 2024, "M13") / value(s["series_id"], 2023, "M13") - 1
    a["cpi_metro_2024"] = unique_max(pd.Series(rise))
    core = yoy(monthly(cu, "CUUR0000SA0L1E"))
    head = yoy(headline)
    months_2023 = [p for p in head.index if p.year == 2023]
    a["cpi_core_above_2023"] = int(sum(core[p] > head[p] for p in months_2023))

    # pageviews -------------------------------------------------------------------------------------
    pv14, pv15 = read_pageviews(d / data.PV14_FILE), read_pageviews(d / data.PV15_FILE)
    a["pv_de_main_page"] = int(pv14.loc[(pv14["domain"] == "de") & (pv14["title"] == "Wikipedia:Hauptseite"), "views"].item())  # fmt: skip
    a["pv_swift_mobile"] = int(pv15.loc[(pv15["domain"] == "en.m") & (pv15["title"] == "Taylor_Swift"), "views"].item())  # fmt: skip
    en14 = pv14[pv14["domain"].isin(["en", "en.m"])]
    a["pv_en_total"] = int(en14["views"].sum())
    naive = pd.read_csv(d / data.PV14_FILE, sep=" ", header=None)
    careless["pv_en_total"] = int(naive.loc[naive[0].isin(["en", "en.m"]), 2].sum())
    en15 = pv15[pv15["domain"].isin(["en", "en.m"])]
    a["pv_mobile_share"] = float(100 * en15.loc[en15["domain"] == "en.m", "views"].sum() / en15["views"].sum())
    lang = pv14["domain"].str.removesuffix(".m")
    wikipedia = ~lang.str.contains(".", regex=False) & ~lang.isin(["commons", "www", "meta", "species"])
    by_lang = pv14[wikipedia].groupby(lang[wikipedia])["views"].sum().drop("en")
    a["pv_second_wikipedia"] = unique_max(by_lang)
    careless["pv_second_wikipedia"] = unique_max(pv14.groupby(pv14["domain"].str.split(".").str[0])["views"].sum().drop("en"))  # fmt: skip
    t14 = en14.groupby("title")["views"].sum()
    t15 = en15.groupby("title")["views"].sum()
    both = pd.concat([t14.rename("h14"), t15.rename("h15")], axis=1).fillna(0)  # a page missing in an hour: 0 views
    a["pv_biggest_riser"] = unique_max(both["h15"] - both["h14"])
    inner = pd.merge(t14.rename("h14"), t15.rename("h15"), left_index=True, right_index=True)
    careless["pv_biggest_riser"] = unique_max(inner["h15"] - inner["h14"])
    total = both["h14"] + both["h15"]
    is_article = (total.index != "Main_Page") & ~total.index.str.split(":").str[0].isin(NAMESPACES)
    a["pv_top_article"] = unique_max(total[is_article])

    # osm -------------------------------------------------------------------------------------------
    doc = json.loads((d / data.OSM_FILE).read_text(encoding="utf-8"))
    elements = doc["elements"]
    coords = {e["id"]: (e["lat"], e["lon"]) for e in elements if e["type"] == "node"}
    rows = []
    for e in elements:
        if "tags" not in e:
            continue  # a way's bare skeleton node
        if e["type"] == "way":
            corners = [coords[n] for n in dict.fromkeys(e["nodes"])]  # the closing node repeats the first
            lat, lon = sum(c[0] for c in corners) / len(corners), sum(c[1] for c in corners) / len(corners)
        else:
            lat, lon = e["lat"], e["lon"]
        rows.append({"type": e["type"], "lat": lat, "lon": lon, **e["tags"]})
    osm = pd.DataFrame(rows)
    a["osm_cafes"] = int((osm["amenity"] == "cafe").sum())
    a["osm_wheelchair_restaurants"] = int(((osm["amenity"] == "restaurant") & (osm["wheelchair"] == "yes")).sum())
    a["osm_mcdonalds"] = int((osm["brand"] == "McDonald's").sum())
    a["osm_places_total"] = len(osm)
    careless["osm_places_total"] = len(elements)
    cuisines = osm.loc[osm["amenity"] == "restaurant", "cuisine"].str.split(";").explode().str.strip()
    a["osm_top_cuisine"] = unique_max(cuisines.value_counts())
    pubs = osm[osm["amenity"] == "pub"]
    pc = pubs["addr:postcode"].dropna()
    district = pc.str.upper().str.replace(" ", "", regex=False).str[:-3]  # the inward code is always 3 characters
    a["osm_pub_district"] = unique_max(district.value_counts())
    careless["osm_pub_district"] = unique_max(pc.str.split().str[0].value_counts())
    dist = pubs.apply(lambda p: km((p["lat"], p["lon"]), STATION), axis=1)
    a["osm_pubs_near_station"] = int((dist <= 1.0).sum())
    careless["osm_pubs_near_station"] = int((dist[pubs["type"] == "node"] <= 1.0).sum())
    cafes = osm[(osm["amenity"] == "cafe") & osm["opening_hours"].notna()]
    a["osm_sunday_cafes"] = int(cafes["opening_hours"].map(lambda h: 6 in open_days(h)).sum())
    return a, careless


def render(value) -> str:
    """An answer as the assistant might state it."""
    if isinstance(value, str):
        return f"The answer is {value}."
    if float(value).is_integer() and not isinstance(value, float):
        return f"The answer is {int(value)}."
    return f"The answer is {float(value):.4f}."


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout21_a_"))
    out.mkdir(parents=True, exist_ok=True)
    again = Path(tempfile.mkdtemp(prefix="heldout21_b_", dir=out.resolve().parent))
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
