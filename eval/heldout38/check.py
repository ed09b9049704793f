"""Check the thirty-eighth held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import gzip
import importlib.util
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

PLP = ["Pathogenic", "Likely_pathogenic", "Pathogenic/Likely_pathogenic"]
TWO_STARS = ["criteria_provided,_multiple_submitters,_no_conflicts", "reviewed_by_expert_panel", "practice_guideline"]


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_genome(d: Path) -> pd.DataFrame:
    """The header line is itself a '#' comment, so the names are given."""
    return pd.read_csv(d / data.GENOME_FILE, sep="\t", comment="#", header=None,
                       names=["rsid", "chromosome", "position", "genotype"], dtype={"chromosome": str})  # fmt: skip


def read_vcf(d: Path) -> pd.DataFrame:
    with gzip.open(d / data.CLINVAR_FILE, "rt") as f:
        skip = sum(1 for line in f if line.startswith("##"))
    cv = pd.read_csv(d / data.CLINVAR_FILE, sep="\t", skiprows=skip, dtype={"#CHROM": str})
    info = cv["INFO"].str.split(";").map(lambda kv: dict(x.split("=", 1) for x in kv))
    for key in ("CLNSIG", "CLNREVSTAT", "CLNVC", "GENEINFO", "RS"):
        cv[key] = info.map(lambda d, k=key: d.get(k))
    cv["genes"] = cv["GENEINFO"].str.split("|").map(lambda gs: [g.split(":")[0] for g in gs])
    return cv


def read_plays(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """One row per <play> element as saved (pages overlap), and one row per player of each distinct play."""
    rows, players = [], []
    with zipfile.ZipFile(d / data.PLAYS_FILE) as z:
        for name in sorted(z.namelist(), key=lambda n: int(n.split("page")[1].split(".")[0])):
            root = ET.fromstring(z.read(name))
            for p in root.iter("play"):
                item = p.find("item")
                rows.append({"id": int(p.get("id")), "date": pd.Timestamp(p.get("date")),
                             "quantity": int(p.get("quantity")), "length": int(p.get("length")),
                             "game": item.get("name"), "objectid": int(item.get("objectid"))})  # fmt: skip
                for pl in p.iter("player"):
                    players.append({"id": int(p.get("id")), "username": pl.get("username"), "name": pl.get("name"),
                                    "win": int(pl.get("win"))})  # fmt: skip
    entries = pd.DataFrame(rows)
    pl = pd.DataFrame(players).drop_duplicates()
    return entries, pl


VOL_SPECS = [(0, 1), (1, 3), (3, 5), (5, 11), (11, 12), (12, 13), (13, 15), (15, 17), (17, 19), (19, 20)]
VOL_NAMES = ["rtype", "state", "fc", "station", "dir", "lane", "yy", "mm", "dd", "dow"]


def read_vol(d: Path) -> pd.DataFrame:
    specs = VOL_SPECS + [(20 + 5 * h, 25 + 5 * h) for h in range(24)] + [(140, 141)]
    names = VOL_NAMES + [f"h{h:02d}" for h in range(24)] + ["restr"]
    v = pd.read_fwf(d / data.VOL_FILE, colspecs=specs, names=names, header=None, dtype=str)
    for c in names:
        if c not in ("rtype", "station"):
            v[c] = v[c].astype(int)
    v["date"] = pd.to_datetime(dict(year=2000 + v["yy"], month=v["mm"], day=v["dd"]))
    v["total"] = v[[f"h{h:02d}" for h in range(24)]].sum(axis=1)
    return v


def read_sta(d: Path) -> pd.DataFrame:
    specs = [(0, 1), (3, 9), (9, 10), (10, 11), (13, 15), (66, 72), (82, 85), (99, 100), (100, 108), (117, 167)]
    names = ["rtype", "station", "dir", "lane", "fc", "aadt", "county", "sign", "route", "location"]
    s = pd.read_fwf(d / data.STA_FILE, colspecs=specs, names=names, header=None, dtype=str)
    for c in ("dir", "lane", "fc", "aadt", "sign"):
        s[c] = s[c].astype(int)
    return s


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    g = read_genome(d)
    cv = read_vcf(d)
    a["dna_x"] = int((g["chromosome"] == "X").sum())
    a["dna_nocalls"] = int((g["genotype"] == "--").sum())
    a["dna_internal"] = int(g["rsid"].str.startswith("i").sum())
    a["cv_brca1"] = int(cv["genes"].map(lambda gs: "BRCA1" in gs).sum())
    auto = g[g["chromosome"].isin([str(i) for i in range(1, 23)])]
    gt = auto["genotype"]
    a["dna_het"] = int((gt.str.fullmatch(r"[ACGT]{2}") & (gt.str[0] != gt.str[1])).sum())
    a["cv_plp"] = int(cv["CLNSIG"].isin(PLP).sum())
    a["cv_stars"] = int(cv["CLNREVSTAT"].isin(TWO_STARS).sum())
    rs = set(cv["RS"].dropna().map(lambda x: f"rs{x}"))
    a["dna_in_clinvar"] = int(g["rsid"].isin(rs).sum())
    snv = cv[cv["CLNSIG"].isin(PLP) & (cv["CLNVC"] == "single_nucleotide_variant") & cv["RS"].notna()].copy()
    snv["rsid"] = "rs" + snv["RS"]
    m = snv.merge(g, on="rsid")
    a["dna_carrier"] = int(sum(gt != "--" and alt in gt for gt, alt in zip(m["genotype"], m["ALT"])))
    good = cv[cv["CLNSIG"].isin(PLP) & cv["CLNREVSTAT"].isin(TWO_STARS)]
    a["cv_top_gene"] = unique_max(good["genes"].str[0].value_counts())

    col = pd.read_csv(d / data.COLLECTION_FILE)
    entries, players = read_plays(d)
    plays = entries.drop_duplicates("id")
    a["bg_fortrade"] = int((col["fortrade"] == 1).sum())
    a["bg_wishlist_must"] = int(((col["wishlist"] == 1) & (col["wishlistpriority"] == 1)).sum())
    a["bg_top_rated"] = col.loc[unique_max(pd.to_numeric(col["rating"], errors="coerce")), "objectname"]
    own = col[col["own"] == 1]
    a["bg_distinct_owned"] = int(own["objectid"].nunique())
    a["bg_plays_2023"] = int(plays.loc[plays["date"].dt.year == 2023, "quantity"].sum())
    wing = plays[(plays["game"] == data.BG_LONG_GAME) & (plays["length"] > 0)]
    a["bg_wingspan_length"] = round(float(wing["length"].mean()), 1)
    rate = own["pp_currency"].map({"EUR": 1.0, "USD": 0.92, "GBP": 1.17})
    a["bg_price_eur"] = round(float((own["pricepaid"] * rate).sum()), 2)
    mine = players[players["username"] == data.BG_USER].set_index("id")["win"]
    any_win = players.groupby("id")["win"].max()
    decided = any_win[(any_win == 1) & any_win.index.isin(mine.index)].index
    a["bg_win_rate"] = round(float(100 * mine.loc[decided].mean()), 1)
    others = players[(players["username"] != data.BG_USER) & players["id"].isin(mine.index)].copy()
    others["who"] = others["name"].str.strip().str.lower()
    a["bg_coplayer"] = unique_max(others.drop_duplicates(["id", "who"])["who"].value_counts()).title()
    base = own[own["itemtype"] == "standalone"]
    a["bg_unplayed"] = int((~base["objectid"].drop_duplicates().isin(plays["objectid"])).sum())

    vol = read_vol(d)
    sta = read_sta(d)
    lane0 = vol[vol["lane"] == 0]
    a["tr_construction"] = int((vol["restr"] == 1).sum())
    a["tr_max_hourly"] = int(vol[[f"h{h:02d}" for h in range(24)]].to_numpy().max())
    a["tr_fc11"] = int((sta["fc"] == 11).sum())
    a["tr_stations"] = int(sta["station"].nunique())
    daily = lane0.groupby(["station", "date"]).agg(total=("total", "sum"), fault=("restr", lambda r: (r == 2).any()))
    x = daily.loc[data.TR_WEEKDAY_STATION]
    a["tr_weekday"] = round(float(x.loc[x.index.day_of_week < 5, "total"].mean()), 1)
    hours = lane0[lane0["station"] == data.TR_PEAK_STATION][[f"h{h:02d}" for h in range(24)]].sum()
    a["tr_peak_hour"] = int(unique_max(hours)[1:])
    w = daily.loc[data.TR_DEVICE_STATION]
    a["tr_adt_device"] = round(float(w.loc[~w["fault"], "total"].mean()), 1)
    z = lane0[(lane0["station"] == data.TR_LANE_STATION) & (lane0["date"] == pd.Timestamp(data.TR_LANE_DAY))]
    a["tr_day_total"] = int(z["total"].sum())
    adt = daily[~daily["fault"]].groupby("station")["total"].mean()
    ratio = adt / sta.groupby("station")["aadt"].sum().reindex(adt.index)
    a["tr_aadt_ratio"] = unique_max(ratio)
    inter = set(sta.loc[sta["sign"] == 1, "station"])
    a["tr_interstate"] = int(lane0.loc[lane0["station"].isin(inter), "total"].sum())
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    g = read_genome(d)
    cv = read_vcf(d)
    c["cv_plp"] = int(cv["CLNSIG"].str.contains("pathogenic", case=False).sum())
    both = g.merge(cv, left_on=["chromosome", "position"], right_on=["#CHROM", "POS"])  # build 37 against GRCh38
    c["dna_in_clinvar"] = int(both["rsid"].nunique())

    col = pd.read_csv(d / data.COLLECTION_FILE)
    entries, _players = read_plays(d)
    plays = entries.drop_duplicates("id")
    own = col[col["own"] == 1]
    c["bg_distinct_owned"] = len(own)
    c["bg_plays_2023"] = int(entries.loc[entries["date"].dt.year == 2023, "quantity"].sum())
    c["bg_wingspan_length"] = round(float(plays.loc[plays["game"] == data.BG_LONG_GAME, "length"].mean()), 1)
    c["bg_price_eur"] = round(float(own["pricepaid"].sum()), 2)

    vol = read_vol(d)
    sta = read_sta(d)
    lane0 = vol[vol["lane"] == 0]
    c["tr_stations"] = len(sta)
    x = lane0[lane0["station"] == data.TR_WEEKDAY_STATION].groupby(["date", "dow"])["total"].sum().reset_index()
    c["tr_weekday"] = round(float(x.loc[x["dow"] <= 5, "total"].mean()), 1)  # 1 taken as Monday
    w = lane0[lane0["station"] == data.TR_DEVICE_STATION].groupby("date")["total"].sum()
    c["tr_adt_device"] = round(float(w.mean()), 1)
    z = vol[(vol["station"] == data.TR_LANE_STATION) & (vol["date"] == pd.Timestamp(data.TR_LANE_DAY))]
    c["tr_day_total"] = int(z["total"].sum())
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout38-"))
    other = Path(tempfile.mkdtemp(prefix="heldout38-again-"))
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
