"""Check the twenty-eighth held-out set end to end.

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
from tasks import TASKS, TRAPS, references  # noqa: E402

SCORE = HERE.parent / "score.py"
if not SCORE.exists():
    SCORE = Path("/work/main/eval/score.py")
_spec = importlib.util.spec_from_file_location("score", SCORE)
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)

TZ = "Europe/London"
# the 27 member states, as an analyst would list them (Greece is EL in Eurostat's codes)
EU = "AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK".split()
REVENUE = ("Revenues", "RevenueFromContractWithCustomerExcludingAssessedTax")


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_estat(d: Path) -> pd.DataFrame:
    """One row per series and month; the flag split off the value, ':' as missing."""
    raw = pd.read_csv(d / data.ES_FILE, sep="\t", dtype=str)
    key = raw.columns[0]  # 'freq,c_resid,unit,nace_r2,geo\TIME_PERIOD'
    dims = ["freq", "c_resid", "unit", "nace_r2", "geo"]
    raw[dims] = raw[key].str.split(",", expand=True)
    long = raw.drop(columns=key).melt(id_vars=dims, var_name="month", value_name="raw")
    long["month"] = long["month"].str.strip()  # the headers end with a space
    parts = long["raw"].str.strip().str.extract(r"^(?P<v>[-\d.:]+)\s*(?P<flag>[a-z]*)$")
    long["value"] = pd.to_numeric(parts["v"].replace(":", pd.NA), errors="coerce")
    long["flag"] = parts["flag"]
    return long


def nights(es: pd.DataFrame, geo: str, c: str = "TOTAL", n: str = "I551-I553") -> pd.Series:
    s = es[(es["geo"] == geo) & (es["c_resid"] == c) & (es["unit"] == "NR") & (es["nace_r2"] == n)]
    return s.set_index("month")["value"]


def read_sec(d: Path) -> dict:
    with open(d / data.SEC_FILE, encoding="utf-8") as f:
        return json.load(f)


def sec_facts(j: dict, concepts, unit: str = "USD", tax: str = "us-gaap") -> pd.DataFrame:
    if isinstance(concepts, str):
        concepts = [concepts]
    frames = []
    for c in concepts:
        if c in j["facts"][tax]:
            df = pd.DataFrame(j["facts"][tax][c]["units"][unit])
            df["concept"] = c
            frames.append(df)
    df = pd.concat(frames, ignore_index=True)
    for col in ("start", "end", "filed"):
        if col in df:
            df[col] = pd.to_datetime(df[col])
    if "start" in df:
        df["days"] = (df["end"] - df["start"]).dt.days + 1
    return df


def one_value(df: pd.DataFrame, start: str, end: str) -> float:
    """The value for one period, from the latest filing that reports it (every filing repeats it)."""
    rows = df[(df["start"] == start) & (df["end"] == end)].sort_values("filed")
    assert len(rows), (start, end)
    return rows["val"].iloc[-1]


def annual(df: pd.DataFrame) -> pd.Series:
    """One value per fiscal year (full-year periods only), the latest filed."""
    yr = df[df["days"] > 360].sort_values("filed").drop_duplicates(["start", "end"], keep="last")
    return yr.set_index(yr["end"].dt.year)["val"].sort_index()


def read_spotify(d: Path) -> pd.DataFrame:
    rows = []
    for f in (data.SP_FILE_0, data.SP_FILE_1):  # the history is split by size, not by year
        with open(d / f, encoding="utf-8") as fh:
            rows += json.load(fh)
    df = pd.DataFrame(rows)
    df["end"] = pd.to_datetime(df["ts"], utc=True)  # ts: when the stream ended
    df["start"] = df["end"] - pd.to_timedelta(df["ms_played"], unit="ms")
    df["local_end"] = df["end"].dt.tz_convert(TZ)
    df["local_start"] = df["start"].dt.tz_convert(TZ)
    return df


def read_kobo(d: Path) -> dict:
    con = sqlite3.connect(d / data.KB_FILE)
    try:
        return {t: pd.read_sql(f"SELECT * FROM {t}", con) for t in ("content", "Bookmark", "Shelf", "ShelfContent")}
    finally:
        con.close()


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    es = read_estat(d)
    a["es_spain_aug"] = int(nights(es, "ES", "FOR")["2023-08"])
    it = nights(es, "IT")
    it = it[it.index.str.startswith("2023")]
    a["es_italy_peak"] = pd.Timestamp(unique_max(it) + "-01").strftime("%B")
    a["es_greece"] = int(nights(es, "EL", "FOR", "I551")["2023-07"])
    a["es_eu_july"] = int(nights(es, "EU27_2020")["2023-07"])
    de = nights(es, "DE")
    de23 = de[de.index.str.startswith("2023")]
    assert de23.notna().all() and len(de23) == 12
    a["es_de_2023"] = int(de23.sum())
    fr_all, fr_camp = nights(es, "FR"), nights(es, "FR", n="I553")
    y23 = fr_all.index.str.startswith("2023")
    assert fr_all[y23].notna().all() and fr_camp[y23].notna().all()
    a["es_camping_share"] = round(100 * fr_camp[y23].sum() / fr_all[y23].sum(), 1)
    change = {}
    for g in EU:
        s = nights(es, g)
        s19, s23 = s[s.index.str.startswith("2019")], s[s.index.str.startswith("2023")]
        assert s19.notna().all() and s23.notna().all() and len(s19) == len(s23) == 12, g
        change[g] = s23.sum() / s19.sum() - 1
    a["es_recovery"] = unique_max(pd.Series(change))

    j = read_sec(d)
    ni = sec_facts(j, "NetIncomeLoss")
    rev = sec_facts(j, REVENUE)
    a["sec_ni_2024"] = round(one_value(ni, "2024-01-01", "2024-12-31") / 1e6, 1)
    eps = sec_facts(j, "EarningsPerShareDiluted", unit="USD/shares")
    a["sec_eps_2024"] = one_value(eps, "2024-01-01", "2024-12-31")
    cover = sec_facts(j, "EntityCommonStockSharesOutstanding", unit="shares", tax="dei")
    a["sec_shares"] = int(cover.sort_values(["filed", "end"])["val"].iloc[-1])
    a["sec_q2_2023"] = round(one_value(rev, "2023-04-01", "2023-06-30") / 1e6, 1)
    yearly_ni = annual(ni).loc[2015:2024]
    a["sec_losses"] = round(-yearly_ni[yearly_ni < 0].sum() / 1e6, 1)
    yearly_rev = annual(rev)  # both revenue concepts: the tag changed in 2018
    growth = yearly_rev.pct_change().loc[2014:2024]
    a["sec_growth"] = int(unique_max(growth))
    fy23 = one_value(rev, "2023-01-01", "2023-12-31")
    nine = one_value(rev, "2023-01-01", "2023-09-30")
    a["sec_q4_2023"] = round((fy23 - nine) / 1e6, 1)
    capex = sec_facts(j, "PaymentsToAcquirePropertyPlantAndEquipment")
    q3 = one_value(capex, "2024-01-01", "2024-09-30") - one_value(capex, "2024-01-01", "2024-06-30")
    a["sec_capex_q3"] = round(q3 / 1e6, 1)

    sp = read_spotify(d)
    music = sp[sp["master_metadata_track_name"].notna()]
    a["sp_top_artist"] = unique_max(music.groupby("master_metadata_album_artist_name")["ms_played"].sum())
    a["sp_podcast"] = unique_max(sp.groupby("episode_show_name")["ms_played"].sum())
    a["sp_skipped"] = int((sp["skipped"] == True).sum())  # noqa: E712
    fav = music[
        (music["master_metadata_track_name"] == data.FAV_TRACK)
        & (music["master_metadata_album_artist_name"] == data.FAV_ARTIST)
    ]
    a["sp_fav_plays"] = int((fav["ms_played"] >= 30_000).sum())
    day = music[music["local_end"].dt.strftime("%Y-%m-%d") == "2023-07-15"]
    a["sp_party_day"] = round(day["ms_played"].sum() / 60_000, 1)
    a["sp_hours_2023"] = round(music.loc[music["local_end"].dt.year == 2023, "ms_played"].sum() / 3.6e6, 1)
    started = music[music["local_start"] >= pd.Timestamp("2024-01-01", tz=TZ)]
    a["sp_first_2024"] = started.sort_values("local_start")["master_metadata_track_name"].iloc[0]
    first = music.groupby("master_metadata_album_artist_name")["local_end"].min()
    new = first[first.dt.year == 2024].index
    total = music.groupby("master_metadata_album_artist_name")["ms_played"].sum()
    a["sp_new_artist"] = unique_max(total[new])

    kb = read_kobo(d)
    content = kb["content"]
    books = content[content["ContentType"] == "6"]  # the chapters are ContentType 9
    a["kb_finished"] = int((books["ReadStatus"] == 2).sum())
    a["kb_author"] = unique_max(books["Attribution"].value_counts())
    bm = kb["Bookmark"]
    a["kb_highlights"] = int((bm["Type"] == "highlight").sum())
    a["kb_books"] = len(books)
    a["kb_hours"] = round(books["TimeSpentReading"].sum() / 3600, 1)
    sc = kb["ShelfContent"]
    club = sc[(sc["ShelfName"] == data.KB_BOOK_CLUB) & (sc["_IsDeleted"] == "false")]
    club_books = books.merge(club, left_on="ContentID", right_on="ContentId")
    a["kb_bookclub"] = round(club_books["TimeSpentReading"].sum() / 3600, 1)
    marks = bm[bm["Type"].isin(["highlight", "note"])].groupby("VolumeID").size()
    a["kb_most_highlighted"] = books.set_index("ContentID").loc[unique_max(marks), "Title"]
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    es = read_estat(d)
    rows = es[(es["c_resid"] == "TOTAL") & (es["unit"] == "NR") & (es["nace_r2"] == "I551-I553")]
    c["es_eu_july"] = int(rows.loc[rows["month"] == "2023-07", "value"].sum())  # aggregates and all
    raw = pd.read_csv(d / data.ES_FILE, sep="\t")
    raw.columns = [col.strip() for col in raw.columns]
    de = raw[raw.iloc[:, 0] == "M,TOTAL,NR,I551-I553,DE"]
    months = [col for col in raw.columns if col.startswith("2023-")]
    c["es_de_2023"] = int(de[months].apply(pd.to_numeric, errors="coerce").sum(axis=1).iloc[0])

    j = read_sec(d)
    new = sec_facts(j, "RevenueFromContractWithCustomerExcludingAssessedTax")
    q2 = new[(new["fy"] == 2023) & (new["fp"] == "Q2") & (new["end"] == "2023-06-30")]
    c["sec_q2_2023"] = round(q2["val"].iloc[0] / 1e6, 1)  # the first of the two: six months to date
    ni = sec_facts(j, "NetIncomeLoss")
    loss = ni[(ni["form"] == "10-K") & (ni["days"] > 360) & ni["end"].dt.year.between(2015, 2024) & (ni["val"] < 0)]
    c["sec_losses"] = round(-loss["val"].sum() / 1e6, 1)
    c["sec_growth"] = int(unique_max(annual(new).pct_change().loc[2014:2024]))
    capex = sec_facts(j, "PaymentsToAcquirePropertyPlantAndEquipment")
    c["sec_capex_q3"] = round(capex.loc[(capex["fy"] == 2024) & (capex["fp"] == "Q3"), "val"].max() / 1e6, 1)

    sp = read_spotify(d)
    music = sp[sp["master_metadata_track_name"].notna()]
    utc_day = music["end"].dt.strftime("%Y-%m-%d") == "2023-07-15"
    c["sp_party_day"] = round(music.loc[utc_day, "ms_played"].sum() / 60_000, 1)
    late = music[music["local_end"] >= pd.Timestamp("2024-01-01", tz=TZ)]
    c["sp_first_2024"] = late.sort_values("end")["master_metadata_track_name"].iloc[0]

    kb = read_kobo(d)
    c["kb_books"] = len(kb["content"])
    books = kb["content"][kb["content"]["ContentType"] == "6"]
    sc = kb["ShelfContent"]
    club = books.merge(sc[sc["ShelfName"] == data.KB_BOOK_CLUB], left_on="ContentID", right_on="ContentId")
    c["kb_bookclub"] = round(club["TimeSpentReading"].sum() / 3600, 1)
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout28-"))
    other = Path(tempfile.mkdtemp(prefix="heldout28-again-"))
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
