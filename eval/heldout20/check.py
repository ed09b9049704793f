"""Check the twentieth held-out set end to end.

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
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

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

WEBKIT_TO_UNIX_US = 11_644_473_600_000_000  # microseconds from 1601-01-01 to 1970-01-01
SYDNEY = "Australia/Sydney"
TYPED = 1
SOURCE_SYNCED = 0


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_acs(d: Path) -> pd.DataFrame:
    """The API's array of arrays: the first row is the header, every value a string."""
    rows = json.loads((d / data.ACS_FILE).read_text(encoding="utf-8"))
    acs = pd.DataFrame(rows[1:], columns=rows[0])
    variables = [c for c in acs.columns if c[:1] == "B"]
    acs[variables] = acs[variables].astype("int64")
    acs[variables] = acs[variables].mask(acs[variables] < 0)  # -666666666 etc. are annotations, not estimates
    acs["GEOID"] = acs["state"] + acs["county"] + acs["tract"]  # the codes keep their leading zeros as text
    return acs


def read_gaz(d: Path) -> pd.DataFrame:
    gaz = pd.read_csv(d / data.GAZ_FILE, sep="\t", dtype={"GEOID": str})
    gaz.columns = gaz.columns.str.strip()  # 'INTPTLONG' comes with a run of spaces
    return gaz


def read_history(d: Path) -> dict[str, pd.DataFrame]:
    con = sqlite3.connect(f"file:{d / data.HISTORY_FILE}?mode=ro", uri=True)
    try:
        tables = {n: pd.read_sql(f"SELECT * FROM {n}", con) for n in ("urls", "visits", "visit_source", "keyword_search_terms", "downloads")}  # fmt: skip
    finally:
        con.close()
    v = tables["visits"].merge(tables["urls"][["id", "url"]].rename(columns={"id": "url_id", "url": "page"}), left_on="url", right_on="url_id")  # fmt: skip
    synced = tables["visit_source"].loc[tables["visit_source"]["source"] == SOURCE_SYNCED, "id"]
    v["synced"] = v["id"].isin(synced)
    v["utc"] = pd.to_datetime(v["visit_time"] - WEBKIT_TO_UNIX_US, unit="us", utc=True)
    v["local"] = v["utc"].dt.tz_convert(SYDNEY)
    tables["visits"] = v
    return tables


def read_imdb(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """No quoting in the IMDb files (a title may start with a quote), and \\N for no value."""
    basics = pd.read_csv(d / data.BASICS_FILE, sep="\t", quoting=csv.QUOTE_NONE, dtype=str, keep_default_na=False, na_values=["\\N"])  # fmt: skip
    for col in ("startYear", "endYear", "runtimeMinutes", "isAdult"):
        basics[col] = pd.to_numeric(basics[col])
    ratings = pd.read_csv(d / data.RATINGS_FILE, sep="\t", quoting=csv.QUOTE_NONE, dtype={"tconst": str})
    return basics, ratings


def read_names(d: Path, sheet: str) -> pd.DataFrame:
    """A title block of four rows above the header; one header carries a note marker; [x] below 3."""
    t = pd.read_excel(d / data.NAMES_FILE, sheet_name=sheet, header=4, dtype=object)
    t.columns = [str(c).split(" [note")[0] for c in t.columns]
    return t.set_index("Name")


def counts(t: pd.DataFrame, year: int) -> pd.Series:
    """A year's counts with [x] as missing (the shown counts only)."""
    return pd.to_numeric(t[f"{year} Count"].replace("[x]", pd.NA), errors="coerce")


def answers(d: Path) -> tuple[dict, dict]:
    a, careless = {}, {}

    # census ----------------------------------------------------------------------------------------
    acs, gaz = read_acs(d), read_gaz(d)
    a["ac_pima_tracts"] = int((acs["county"] == "019").sum())
    a["ac_population"] = int(acs["B01003_001E"].sum())
    a["ac_dry_tracts"] = int((gaz["AWATER"] == 0).sum())
    mar = acs[acs["county"] == "013"]
    a["ac_home_under_300k"] = int((mar["B25077_001E"] < 300_000).sum())  # NaN (no estimate) is not below
    raw = json.loads((d / data.ACS_FILE).read_text(encoding="utf-8"))
    raw = pd.DataFrame(raw[1:], columns=raw[0])
    careless["ac_home_under_300k"] = int((raw.loc[raw["county"] == "013", "B25077_001E"].astype(int) < 300_000).sum())
    yuma = acs[acs["county"] == "027"]
    a["ac_renter_pct"] = float(100 * yuma["B25003_003E"].sum() / yuma["B25003_001E"].sum())
    both = acs.merge(gaz, on="GEOID", validate="one_to_one")
    assert len(both) == len(acs) == len(gaz)
    pima = both[both["county"] == "019"]
    a["ac_pima_density"] = float(pima["B01003_001E"].sum() / (pima["ALAND"].sum() / 1e6))
    big = both[both["B01003_001E"] >= 1000].set_index("GEOID")
    a["ac_densest_tract"] = unique_max(big["B01003_001E"] / (big["ALAND"] / 1e6))
    acs["county_name"] = acs["NAME"].str.split("; ").str[1]
    by = acs.groupby("county_name")[["B08301_021E", "B08301_001E"]].sum()
    a["ac_wfh_county"] = unique_max(by["B08301_021E"] / by["B08301_001E"])

    # browser ---------------------------------------------------------------------------------------
    h = read_history(d)
    urls, v, dl, kw = h["urls"], h["visits"], h["downloads"], h["keyword_search_terms"]
    a["ch_typed_urls"] = int((urls["typed_count"] > 0).sum())
    a["ch_top_url"] = unique_max(urls.set_index("url")["visit_count"])
    a["ch_download_mib"] = float(dl.loc[dl["state"] == 1, "received_bytes"].sum() / 2**20)
    a["ch_typed_visits"] = int(((v["transition"] & 0xFF) == TYPED).sum())
    sep = v[(v["local"].dt.year == 2024) & (v["local"].dt.month == 9)]
    a["ch_laptop_visits_sep"] = int((~sep["synced"]).sum())
    careless["ch_laptop_visits_sep"] = len(sep)
    a["ch_busiest_day"] = unique_max(v["local"].dt.date.value_counts()).isoformat()
    careless["ch_busiest_day"] = unique_max(v["utc"].dt.date.value_counts()).isoformat()
    host = v["page"].map(lambda u: urlsplit(u).hostname)
    octo = (v["local"].dt.year == 2024) & (v["local"].dt.month == 10)
    yt = v[octo & ~v["synced"] & host.isin(["www.youtube.com", "m.youtube.com"])]
    a["ch_youtube_hours"] = float(yt["visit_duration"].sum() / 1e6 / 3600)
    searches = kw.merge(v[["url", "local"]], left_on="url_id", right_on="url")
    assert len(searches) == len(kw), "one visit per search"
    oct_s = searches[(searches["local"].dt.year == 2024) & (searches["local"].dt.month == 10)]
    a["ch_top_search"] = unique_max(oct_s["normalized_term"].value_counts())
    careless["ch_top_search"] = unique_max(oct_s["term"].value_counts())

    # films -----------------------------------------------------------------------------------------
    basics, ratings = read_imdb(d)
    movies = basics[basics["titleType"] == "movie"]
    a["im_movies_2023"] = int((movies["startYear"] == 2023).sum())
    a["im_votes_100k"] = int((ratings["numVotes"] >= 100_000).sum())
    a["im_series_2010s"] = int(((basics["titleType"] == "tvSeries") & basics["startYear"].between(2010, 2019)).sum())
    a["im_no_runtime"] = int(movies["runtimeMinutes"].isna().sum())
    naive = pd.read_csv(d / data.BASICS_FILE, sep="\t")  # read_csv's defaults: \N stays a string
    careless["im_no_runtime"] = int(naive.loc[naive["titleType"] == "movie", "runtimeMinutes"].isna().sum())
    pool = movies[(movies["isAdult"] == 0) & movies["startYear"].between(2020, 2024)]
    genres = pool["genres"].str.split(",")
    horror = genres[genres.map(lambda g: isinstance(g, list) and "Horror" in g)].explode()
    a["im_horror_partner"] = unique_max(horror[horror != "Horror"].value_counts())
    rated = movies.merge(ratings, on="tconst")
    best = rated[(rated["isAdult"] == 0) & rated["startYear"].between(2010, 2019) & (rated["numVotes"] >= 50_000)]
    a["im_best_2010s"] = best.sort_values(["averageRating", "numVotes"]).iloc[-1]["primaryTitle"]
    hr = rated[rated["genres"].str.split(",").map(lambda g: isinstance(g, list) and "Horror" in g) & rated["startYear"].between(1960, 2019)].copy()  # fmt: skip
    hr["decade"] = (hr["startYear"] // 10 * 10).astype(int)
    hr["weighted"] = hr["averageRating"] * hr["numVotes"]
    dec = hr.groupby("decade")[["weighted", "numVotes"]].sum()
    a["im_horror_decade"] = f"{unique_max(dec['weighted'] / dec['numVotes'])}s"

    # names -----------------------------------------------------------------------------------------
    boys, girls = read_names(d, "Table_1"), read_names(d, "Table_2")
    g23 = counts(girls, 2023)
    a["bn_top_girl_2023"] = unique_max(g23)
    a["bn_theo_2019"] = int(counts(boys, 2019)["Theo"])
    a["bn_muhammad_2023"] = int(counts(boys, 2023)[["Muhammad", "Mohammed", "Mohammad", "Muhammed", "Mohamed"]].sum())
    a["bn_frankie_2023"] = int(counts(boys, 2023)["Frankie"] + g23["Frankie"])
    careless["bn_frankie_2023"] = int(counts(boys, 2023)["Frankie"])
    g14 = counts(girls, 2014)
    a["bn_faded"] = int(((g14 >= 50) & (g23.fillna(0) < 5)).sum())  # [x]: fewer than 3, so fewer than 5
    careless["bn_faded"] = int(((g14 >= 50) & (g23 < 5)).fillna(False).sum())
    b14, b23 = counts(boys, 2014), counts(boys, 2023)
    rise = (b23 - b14).dropna()
    a["bn_biggest_rise"] = unique_max(rise)
    top = g23.dropna().sort_values(ascending=False)
    assert top.iloc[9] != top.iloc[10], "tie at the tenth place"
    a["bn_top10_share"] = float(100 * top.iloc[:10].sum() / top.sum())
    return a, careless


def render(value) -> str:
    """An answer as the assistant might state it."""
    if isinstance(value, str):
        return f"The answer is {value}."
    if float(value).is_integer() and not isinstance(value, float):
        return f"The answer is {int(value)}."
    return f"The answer is {float(value):.4f}."


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout20_a_"))
    out.mkdir(parents=True, exist_ok=True)
    again = Path(tempfile.mkdtemp(prefix="heldout20_b_", dir=out.resolve().parent))
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
