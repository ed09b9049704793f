"""Check the forty-second held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import importlib.util
import io
import math
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

STD_CONC = {"STD1": 300, "STD2": 150, "STD3": 75, "STD4": 37.5, "STD5": 18.75, "STD6": 9.375, "STD7": 4.6875}


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_section(path: Path, name: str) -> pd.DataFrame:
    """One [Section] of the QuantStudio export: the lines from its header to the next blank line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"[{name}]") + 1
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    df = pd.read_csv(io.StringIO("\n".join(lines[start:end])), sep="\t")
    df["Omit"] = df["Omit"].astype(str).str.lower() == "true"
    return df


def read_qpcr(d: Path) -> pd.DataFrame:
    q = read_section(d / data.QPCR_FILE, "Results")
    q["ct"] = pd.to_numeric(q["CT"], errors="coerce")
    q["cond"] = q["Sample Name"].str.rsplit("_", n=1).str[0]
    return q


def read_plate(d: Path) -> pd.DataFrame:
    """One row per well: its Layout ID and its 450 and 570 nm readings (NaN for OVRFLW)."""
    x = pd.read_excel(d / data.ELISA_FILE, header=None)
    first = x[0].astype(str)

    def grid(label: str) -> dict:
        at = first[first == label].index[0] + 2  # the label row, then the 1..12 header row
        block = x.iloc[at : at + 8, 0:13].set_index(0)
        return {f"{r}{c}": block.loc[r, c] for r in block.index for c in range(1, 13)}

    layout, g450, g570 = grid("Layout"), grid("450"), grid("570")
    w = pd.DataFrame({"well": list(layout), "id": list(layout.values())})
    w["raw450"] = w["well"].map(g450)
    w["od450"] = pd.to_numeric(w["raw450"], errors="coerce")
    w["od570"] = pd.to_numeric(w["well"].map(g570))
    w["corr"] = w["od450"] - w["od570"]
    return w


def read_recipes(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    root = ET.parse(d / data.RECIPES_FILE).getroot()
    recs, hops = [], []
    for r in root.findall("RECIPE"):
        name = r.findtext("NAME")
        recs.append({"name": name, "boil": float(r.findtext("BOIL_TIME")),
                     "est_og": float(r.findtext("EST_OG").split()[0]), "est_fg": float(r.findtext("EST_FG").split()[0])})  # fmt: skip
        for h in r.findall("HOPS/HOP"):
            hops.append({"recipe": name, "hop": h.findtext("NAME"), "use": h.findtext("USE"),
                         "grams": 1000 * float(h.findtext("AMOUNT"))})  # fmt: skip
    return pd.DataFrame(recs), pd.DataFrame(hops)


def read_tilt(d: Path) -> pd.DataFrame:
    t = pd.read_csv(d / data.TILT_FILE)
    t["Comment"] = t["Comment"].fillna("")
    return t


def read_dem(d: Path) -> tuple[dict, pd.DataFrame]:
    with open(d / data.DEM_FILE) as f:
        head = dict(next(f).split() for _ in range(6))
    h = {"ncols": int(head["ncols"]), "nrows": int(head["nrows"]), "xll": float(head["xllcorner"]),
         "yll": float(head["yllcorner"]), "cs": float(head["cellsize"]), "nodata": int(head["NODATA_value"])}  # fmt: skip
    g = pd.read_csv(d / data.DEM_FILE, skiprows=6, header=None, sep=r"\s+")
    assert g.shape == (h["nrows"], h["ncols"])
    return h, g.mask(g == h["nodata"])


def lookup(h: dict, g: pd.DataFrame, lat: float, lon: float, from_south: bool = False) -> float:
    col = math.floor((lon - h["xll"]) / h["cs"])
    if from_south:
        row = math.floor((lat - h["yll"]) / h["cs"])
    else:
        row = math.floor((h["yll"] + h["nrows"] * h["cs"] - lat) / h["cs"])
    if not (0 <= row < h["nrows"] and 0 <= col < h["ncols"]):
        return float("nan")
    return g.iat[row, col]


def read_gnis(d: Path) -> pd.DataFrame:
    return pd.read_csv(d / data.GNIS_FILE, sep="|", dtype={"FEATURE_ID": int, "COUNTY_NUMERIC": str})


# --- the careful answers ----------------------------------------------------------------------------


def ddct_means(q: pd.DataFrame, keep_omitted: bool = False) -> pd.Series:
    """The mean delta Ct (gene - GAPDH) of each condition and gene."""
    u = q[(q["Task"] == "UNKNOWN") & q["ct"].notna() & (keep_omitted | ~q["Omit"])]
    tech = u.groupby(["Sample Name", "Target Name"])["ct"].mean().unstack()
    dct = tech[["IL6", "TNF"]].sub(tech["GAPDH"], axis=0)
    dct["cond"] = dct.index.str.rsplit("_", n=1).str[0]
    return dct.groupby("cond").mean()


def answers(d: Path) -> dict:
    a: dict = {}
    q = read_qpcr(d)
    a["q_undetermined"] = int((q["CT"] == "Undetermined").sum())
    a["q_omitted"] = int(q["Omit"].sum())
    a["q_ntc_amp"] = int(((q["Task"] == "NTC") & q["ct"].notna()).sum())
    g = q[(q["Sample Name"] == data.Q_GAPDH_SAMPLE) & (q["Target Name"] == "GAPDH") & ~q["Omit"]]
    a["q_gapdh_mean"] = round(float(g["ct"].mean()), 2)
    m = ddct_means(q)
    a["q_fold_il6"] = round(2 ** -(m.loc["LPS", "IL6"] - m.loc["Ctrl", "IL6"]), 1)
    a["q_tnf_dex"] = round(100 * (1 - 2 ** -(m.loc["LPS+Dex", "TNF"] - m.loc["LPS", "TNF"])), 1)

    w = read_plate(d)
    a["e_ovrflw"] = int((w["raw450"] == "OVRFLW").sum())
    a["e_std4"] = round(float(w.loc[w["id"] == "STD4", "corr"].mean()), 4)
    spl = w[w["id"].str.startswith("SPL")]
    full = spl.groupby("id").filter(lambda x: x["od450"].notna().all())
    a["e_top_sample"] = unique_max(full.groupby("id")["corr"].mean())
    means = w.groupby("id")["corr"].mean()
    std = pd.DataFrame({"conc": STD_CONC, "od": means.reindex(list(STD_CONC))}).sort_values("od")
    od = means[data.E_CONC_SAMPLE]
    k = int((std["od"] < od).sum())
    lo, hi = std.iloc[k - 1], std.iloc[k]
    a["e_conc"] = round(4 * (lo["conc"] + (od - lo["od"]) * (hi["conc"] - lo["conc"]) / (hi["od"] - lo["od"])), 1)

    rec, hops = read_recipes(d)
    tilt = read_tilt(d)
    a["b_citra"] = int(hops.loc[hops["hop"] == "Citra", "recipe"].nunique())
    a["b_boil"] = unique_max(rec.set_index("name")["boil"])
    a["b_readings"] = int((tilt["Beer"] == data.TILT_COUNT_BEER).sum())
    a["b_max_temp"] = int(tilt.loc[tilt["Color"] == "BLUE", "Temp"].max())
    a["b_hops_g"] = round(float(hops.loc[hops["recipe"] == data.HOPS_RECIPE, "grams"].sum()), 1)
    pils = tilt[tilt["Beer"] == data.TILT_TEMP_BEER]
    a["b_temp_c"] = round(float(((pils["Temp"] - 32) * 5 / 9).mean()), 1)
    a["b_dryhop_g"] = round(float(hops.loc[hops["use"] == "Dry Hop", "grams"].sum()), 1)
    neipa = tilt[tilt["Beer"] == data.TILT_KEGGED]
    og = neipa["SG"].iloc[0]
    fg = neipa.loc[neipa["Comment"] == "Kegged", "SG"].iloc[0]
    a["b_abv"] = round((og - fg) * 131.25, 2)
    first = tilt.groupby("Beer", sort=False).first()
    short = first["SG"] - rec.set_index("name")["est_og"].reindex(first.index)
    a["b_og_short"] = unique_max(-short)
    tr = tilt[tilt["Beer"] == data.TILT_FG_BEER]
    est_fg = rec.set_index("name").loc[data.TILT_FG_BEER, "est_fg"]
    at = tr[tr["SG"] <= est_fg + 1e-9].iloc[0]
    a["b_days_to_fg"] = round(float(at["Timepoint"] - tr["Timepoint"].iloc[0]), 1)

    h, dem = read_dem(d)
    vals = dem.stack().dropna()
    a["t_max"] = int(vals.max())
    a["t_voids"] = int(dem.isna().sum().sum())
    a["t_mean"] = round(float(vals.mean()), 1)
    a["t_treeline"] = round(float(100 * (vals > 3500).mean()), 1)
    gn = read_gnis(d)
    a["t_summits_cc"] = int(((gn["FEATURE_CLASS"] == "Summit") & (gn["COUNTY_NAME"] == "Clear Creek")).sum())
    mines = gn[gn["FEATURE_CLASS"] == "Mine"]
    a["t_historical_mines"] = int(mines["FEATURE_NAME"].str.endswith("(historical)").sum())
    a["t_lakes_ft"] = int(((gn["FEATURE_CLASS"] == "Lake") & (gn["ELEV_IN_FT"] > 12000)).sum())
    grays = gn[(gn["FEATURE_NAME"] == data.SUMMIT_Q) & (gn["FEATURE_CLASS"] == "Summit")].iloc[0]
    a["t_summit_dem"] = int(lookup(h, dem, grays["PRIM_LAT_DEC"], grays["PRIM_LONG_DEC"]))
    s = gn[(gn["FEATURE_CLASS"] == "Summit") & gn["ELEV_IN_M"].notna()].copy()
    s["dem"] = [lookup(h, dem, la, lo) for la, lo in zip(s["PRIM_LAT_DEC"], s["PRIM_LONG_DEC"])]
    s = s[s["dem"].notna()]
    a["t_summit_diff"] = s.loc[unique_max((s["ELEV_IN_M"] - s["dem"]).abs()), "FEATURE_NAME"]
    st = gn[(gn["FEATURE_CLASS"] == "Stream") & gn["SOURCE_LAT_DEC"].notna()].copy()
    st["head"] = [lookup(h, dem, la, lo) for la, lo in zip(st["SOURCE_LAT_DEC"], st["SOURCE_LONG_DEC"])]
    st["mouth"] = [lookup(h, dem, la, lo) for la, lo in zip(st["PRIM_LAT_DEC"], st["PRIM_LONG_DEC"])]
    st = st.dropna(subset=["head", "mouth"])
    a["t_stream_drop"] = int(st.loc[unique_max(st["head"] - st["mouth"]), "FEATURE_ID"])
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    q = read_qpcr(d)
    g = q[(q["Sample Name"] == data.Q_GAPDH_SAMPLE) & (q["Target Name"] == "GAPDH")]
    c["q_gapdh_mean"] = round(float(g["ct"].mean()), 2)
    m = ddct_means(q, keep_omitted=True)
    c["q_fold_il6"] = round(2 ** -(m.loc["LPS", "IL6"] - m.loc["Ctrl", "IL6"]), 1)
    c["q_tnf_dex"] = round(100 * (1 - 2 ** -(m.loc["LPS+Dex", "TNF"] - m.loc["LPS", "TNF"])), 1)
    w = read_plate(d)
    spl = w[w["id"].str.startswith("SPL")]
    full = spl.groupby("id").filter(lambda x: x["od450"].notna().all())
    c["e_top_sample"] = unique_max(full.groupby("id")["od450"].mean())

    tilt = read_tilt(d)
    c["b_temp_c"] = round(float(tilt.loc[tilt["Beer"] == data.TILT_TEMP_BEER, "Temp"].mean()), 1)
    neipa = tilt[tilt["Beer"] == data.TILT_KEGGED]
    c["b_abv"] = round((neipa["SG"].iloc[0] - neipa["SG"].iloc[-1]) * 131.25, 2)

    h, dem = read_dem(d)
    raw = pd.read_csv(d / data.DEM_FILE, skiprows=6, header=None, sep=r"\s+")
    c["t_mean"] = round(float(raw.stack().mean()), 1)
    c["t_treeline"] = round(float(100 * (raw > 3500).sum().sum() / raw.size), 1)
    gn = read_gnis(d)
    grays = gn[(gn["FEATURE_NAME"] == data.SUMMIT_Q) & (gn["FEATURE_CLASS"] == "Summit")].iloc[0]
    c["t_summit_dem"] = int(lookup(h, raw, grays["PRIM_LAT_DEC"], grays["PRIM_LONG_DEC"], from_south=True))
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout42-"))
    other = Path(tempfile.mkdtemp(prefix="heldout42-again-"))
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
