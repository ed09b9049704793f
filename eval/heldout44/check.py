"""Check the forty-fourth held-out set end to end.

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

BOX = (-37.45, -36.95, 142.15, 142.65)


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_tennis(d: Path) -> tuple[pd.DataFrame, pd.DataFrame, pd.Series]:
    m = pd.read_csv(d / data.MATCHES_FILE)
    r = pd.read_csv(d / data.RANKINGS_FILE)
    names = pd.concat(
        [m[["winner_id", "winner_name"]].set_axis(["id", "name"], axis=1),
         m[["loser_id", "loser_name"]].set_axis(["id", "name"], axis=1)]
    ).drop_duplicates().set_index("id")["name"]  # fmt: skip
    assert names.index.is_unique
    return m, r, names


def read_riverbend(d: Path) -> pd.DataFrame:
    """Rows 1-2 are the general data elements; the column headers are on row 3. Codes stay text."""
    a = pd.read_csv(d / data.HOSP_A_FILE, skiprows=2, dtype=str, encoding="utf-8-sig")
    num = [c for c in a.columns if c.startswith(("standard_charge|", "estimated_amount|")) and not c.endswith(
        ("methodology", "negotiated_algorithm"))]  # fmt: skip
    a[num] = a[num].apply(pd.to_numeric)
    return a


def codes_long(a: pd.DataFrame) -> pd.DataFrame:
    """One row per (charge row, code): code|1 and code|2 stacked with their types."""
    parts = []
    for i in (1, 2):
        p = a[[f"code|{i}", f"code|{i}|type"]].set_axis(["code", "type"], axis=1).dropna()
        parts.append(p.assign(row=p.index))
    return pd.concat(parts)


def read_columba(d: Path) -> tuple[dict, pd.DataFrame]:
    """The JSON flattened to one row per item, setting and payer (payers_information)."""
    doc = json.loads((d / data.HOSP_B_FILE).read_text(encoding="utf-8"))
    rows = []
    for k, item in enumerate(doc["standard_charge_information"]):
        codes = {c["type"]: c["code"] for c in item["code_information"]}
        for sc in item["standard_charges"]:
            base = {"item": k, "cpt": codes.get("CPT"), "drg": codes.get("MS-DRG"), "setting": sc["setting"],
                    "gross": sc.get("gross_charge"), "cash": sc.get("discounted_cash")}  # fmt: skip
            for p in sc["payers_information"]:
                rows.append(base | p)
    return doc, pd.DataFrame(rows)


def read_firms(d: Path) -> pd.DataFrame:
    """Both CSVs of both zips; acq_date + acq_time (HHMM, UTC, no leading zeros in the archive) to Melbourne time."""
    frames = []
    for zname, sensor in ((data.VIIRS_ZIP, "VIIRS"), (data.MODIS_ZIP, "MODIS")):
        with zipfile.ZipFile(d / zname) as z:
            for name in z.namelist():
                if name.endswith(".csv"):
                    f = pd.read_csv(z.open(name), dtype={"confidence": str})
                    f = f.rename(columns={"bright_ti4": "bright", "brightness": "bright"})
                    frames.append(f.assign(sensor=sensor, file="archive" if "archive" in name else "nrt", member=name))
    f = pd.concat(frames, ignore_index=True)
    t = f["acq_time"].astype(int)
    utc = pd.to_datetime(f["acq_date"]) + pd.to_timedelta(t // 100, unit="h") + pd.to_timedelta(t % 100, unit="m")
    f["utc"] = utc.dt.tz_localize("UTC")
    f["local"] = f["utc"].dt.tz_convert("Australia/Melbourne")
    f["in_box"] = f["latitude"].between(BOX[0], BOX[1]) & f["longitude"].between(BOX[2], BOX[3])
    return f


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    m, r, names = read_tennis(d)
    ids = pd.Series(names.index, index=names.values)
    a["tn_clay"] = int((m["surface"] == "Clay").sum())
    a["tn_ret"] = int(m["score"].str.contains("RET").sum())
    a["tn_rank_dates"] = int(r["ranking_date"].nunique())
    a["tn_longest"] = int(m["minutes"].max())
    a["tn_wins_usa"] = int(((m["winner_ioc"] == "USA") & (m["score"] != "W/O")).sum())
    sets = m.loc[m["tourney_level"] == "G", "score"].str.split().explode()
    a["tn_tiebreaks"] = int(sets.str.match(r"^(7-6|6-7)").sum())
    no1 = ids[data.TN_NO1]
    a["tn_no1"] = int(((r["player"] == no1) & (r["rank"] == 1)).sum())
    pid = ids[data.TN_SERVE]
    won, lost = m[m["winner_id"] == pid], m[m["loser_id"] == pid]
    first = won["w_1stIn"].sum() + lost["l_1stIn"].sum()
    pts = won["w_svpt"].sum() + lost["l_svpt"].sum()
    a["tn_first_serve"] = round(float(100 * first / pts), 1)
    d0, d1 = r["ranking_date"].min(), r["ranking_date"].max()
    start = r[r["ranking_date"] == d0].set_index("player")["rank"]
    end = r[(r["ranking_date"] == d1) & (r["rank"] <= data.TN_TOP)].set_index("player")["rank"]
    gain = (start.reindex(end.index) - end).dropna()
    a["tn_climber"] = names[unique_max(gain)]
    done = m[~m["score"].str.contains("RET|W/O")]
    first_set = done["score"].str.split().str[0].str.replace(r"\(\d+\)", "", regex=True).str.split("-", expand=True)
    a["tn_comebacks"] = int((first_set[0].astype(int) < first_set[1].astype(int)).sum())

    rb = read_riverbend(d)
    doc, sc = read_columba(d)
    lc = codes_long(rb)
    a["hp_inpatient_rows"] = int((rb["setting"] == "inpatient").sum())
    a["hp_json_items"] = len(doc["standard_charge_information"])
    drg = rb[(rb["code|1|type"] == "MS-DRG") & (rb["code|1"] == data.HP_DRG)]
    a["hp_drg_gross"] = float(drg["standard_charge|gross"].item())
    mri = rb.loc[lc.loc[lc["code"] == data.HP_MRI, "row"]]
    a["hp_mri_cash"] = float(mri.loc[mri["billing_class"] == "facility", "standard_charge|discounted_cash"].item())
    payer_cols = [c.split("|") for c in rb.columns if c.startswith("standard_charge|") and len(c.split("|")) == 4]
    a["hp_payer_count"] = len({c[1] for c in payer_cols})
    a["hp_codes"] = int(lc.loc[lc["type"].isin(["CPT", "HCPCS"]), "code"].nunique())
    pct_only = sc["standard_charge_percentage"].notna() & sc["standard_charge_dollar"].isna()
    a["hp_pct_items"] = int(sc.loc[pct_only, "item"].nunique())
    fac = rb[(rb["billing_class"] == "facility") & rb["setting"].isin(["outpatient", "both"])]
    cpt = lc[(lc["type"] == "CPT") & lc["row"].isin(fac.index)]
    cash_a = fac.loc[cpt["row"], "standard_charge|discounted_cash"].set_axis(cpt["code"].values)
    cash_a = cash_a.groupby(level=0).agg(["min", "max"])
    assert (cash_a["min"] == cash_a["max"]).all()
    cash_b = sc[sc["cpt"].notna() & sc["setting"].isin(["outpatient", "both"])].drop_duplicates("item")
    both = cash_b.set_index("cpt")["cash"].to_frame("b").join(cash_a["min"].rename("a"), how="inner")
    a["hp_cash_cheaper"] = int((both["b"] < both["a"]).sum())
    lum = rb.loc[lc.loc[lc["code"] == data.HP_LUMBAR, "row"]]
    anthem_a = lum.loc[lum["billing_class"] == "facility",
                       "standard_charge|Anthem Blue Cross and Blue Shield|Blue Access PPO|negotiated_dollar"].item()  # fmt: skip
    b_row = sc[(sc["cpt"] == data.HP_LUMBAR) & (sc["payer_name"] == "Anthem Blue Cross and Blue Shield")]
    anthem_b = b_row["standard_charge_dollar"].fillna(b_row["estimated_amount"]).item()
    a["hp_anthem_mri"] = round(abs(float(anthem_b) - float(anthem_a)), 2)
    gross_a = rb[rb["code|1|type"] == "MS-DRG"].set_index("code|1")["standard_charge|gross"]
    gross_b = sc[sc["drg"].notna() & (sc["setting"] == "inpatient")].drop_duplicates("item").set_index("drg")["gross"]
    gap = (gross_a - gross_b).abs().dropna()
    a["hp_drg_gap"] = unique_max(gap)

    f = read_firms(d)
    v, mo = f[f["sensor"] == "VIIRS"], f[f["sensor"] == "MODIS"]
    a["fr_static"] = int(((v["file"] == "archive") & (v["type"] == 2)).sum())
    a["fr_aqua"] = int(((mo["file"] == "archive") & (mo["satellite"] == "Aqua")).sum())
    a["fr_max_frp"] = float(v.loc[v["file"] == "nrt", "frp"].max())
    a["fr_viirs_total"] = len(v)
    conf = mo["confidence"].astype(int)
    a["fr_modis_high"] = round(float(100 * (conf >= 80).mean()), 1)
    a["fr_aqua_share"] = round(float(100 * mo.loc[mo["satellite"] == "Aqua", "frp"].sum() / mo["frp"].sum()), 1)
    a["fr_local_day"] = int((v["local"].dt.date == data.FR_LOCAL_DAY).sum())
    a["fr_peak_hour"] = int(unique_max(v["local"].dt.hour.value_counts()))
    good = v[v["confidence"].isin(["n", "h"]) & v["in_box"]]
    a["fr_grampians_days"] = int(good["local"].dt.date.nunique())
    days_v = set(v.loc[v["in_box"], "local"].dt.date)
    days_m = set(mo.loc[mo["in_box"], "local"].dt.date)
    a["fr_both_days"] = len(days_v & days_m)
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    m, _r, _names = read_tennis(d)
    c["tn_wins_usa"] = int((m["winner_ioc"] == "USA").sum())
    c["tn_tiebreaks"] = int(m.loc[m["tourney_level"] == "G", "score"].str.contains(r"\(").sum())

    rb = read_riverbend(d)
    hit = rb[(rb["code|1"] == data.HP_MRI) | (rb["code|2"] == data.HP_MRI)]
    c["hp_mri_cash"] = float(hit["standard_charge|discounted_cash"].iloc[0])
    c["hp_payer_count"] = len({c.split("|", 1)[1] for c in rb.columns if c.startswith("estimated_amount|")})
    c["hp_codes"] = int(rb.loc[rb["code|1|type"].isin(["CPT", "HCPCS"]), "code|1"].nunique())

    f = read_firms(d)
    v, mo = f[f["sensor"] == "VIIRS"], f[f["sensor"] == "MODIS"]
    c["fr_viirs_total"] = int((v["file"] == "archive").sum())
    arch = mo[mo["file"] == "archive"]
    c["fr_modis_high"] = round(float(100 * (arch["confidence"].astype(int) >= 80).mean()), 1)
    c["fr_local_day"] = int((v["acq_date"] == str(data.FR_LOCAL_DAY)).sum())
    c["fr_peak_hour"] = int(unique_max((v["acq_time"] // 100).value_counts()))
    good = v[v["confidence"].isin(["n", "h"]) & v["in_box"]]
    c["fr_grampians_days"] = int(good["acq_date"].nunique())
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout44-"))
    other = Path(tempfile.mkdtemp(prefix="heldout44-again-"))
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
