"""Check the forty-sixth held-out set end to end.

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

DIGEST_COLUMNS = ["p4a", "p4b", "p4room", "p2a", "p2b", "npa", "npb", "nproom"]


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


def month_name(period: str) -> str:
    return pd.Timestamp(period + "-01").strftime("%B %Y")


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_bmf(d: Path) -> pd.DataFrame:
    """Every column as text (the EIN and the ZIP codes keep their leading zeros); codes and amounts made numbers."""
    b = pd.read_csv(d / data.BMF_FILE, dtype=str, keep_default_na=False)
    b["sub"] = b["SUBSECTION"].astype(int)
    for col in ("ASSET_AMT", "INCOME_AMT", "REVENUE_AMT"):
        b[col.lower()] = pd.to_numeric(b[col].replace("", None))
    b["ein"] = b["EIN"].astype(int)
    return b


def read_propublica(d: Path) -> pd.DataFrame:
    """One row per filing with data; the revenue from whichever field the form uses."""
    answers = json.loads((d / data.PP_FILE).read_text(encoding="utf-8"))
    rows = []
    for a in answers:
        org = a["organization"]
        for f in a["filings_with_data"]:
            rows.append({**f, "ein": org["ein"], "name": org["name"]})
    f = pd.DataFrame(rows)
    f["revenue"] = f["totrevenue"].fillna(f["totrevnue"]).fillna(f["totrcptperbks"])
    return f


def read_complaints(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The rows (no header, Windows-1252) and one row per complaint (ODINO)."""
    c = pd.read_csv(d / data.CMPL_ZIP, sep="\t", header=None, names=data.CMPL_FIELDS, dtype=str,
                    keep_default_na=False, encoding="cp1252")  # fmt: skip
    assert c["CMPLID"].is_unique and len(c.columns) == 49
    u = c.drop_duplicates("ODINO").copy()
    u["datea"] = pd.to_datetime(u["DATEA"], format="%Y%m%d")
    return c, u


def read_recalls(d: Path) -> pd.DataFrame:
    r = pd.read_csv(d / data.RECALLS_FILE)
    r["date"] = pd.to_datetime(r["Report Received Date"], format="%m/%d/%Y")
    r["company"] = r["Manufacturer"].str.split().str[0]  # the spellings of a name differ after the first word
    return r


def read_scorecard(d: Path) -> pd.DataFrame:
    """NULL is read as missing by default; PrivacySuppressed made missing too."""
    s = pd.read_csv(d / data.SC_FILE)
    for col in ("MD_EARN_WNE_P10", "GRAD_DEBT_MDN"):
        s[col] = pd.to_numeric(s[col], errors="coerce")
    return s


def read_digest(d: Path) -> pd.DataFrame:
    """Data below the row of column numbers; dot leaders stripped; † and — made missing; the kind of each row."""
    raw = pd.read_excel(d / data.DIGEST_FILE, header=None)
    numbers = raw.index[raw[0].astype(str) == "1"][0]
    body = raw.iloc[numbers + 1 :].dropna(how="all")
    body = body[body[0].astype(str).str.contains(r"\.\.\.")]  # the notes below have no dot leaders
    out = pd.DataFrame({"name": body[0].str.replace(r"\s*\.+$", "", regex=True).str.strip()})
    for i, col in enumerate(DIGEST_COLUMNS, start=1):
        out[col] = pd.to_numeric(body[i], errors="coerce")
    other = out.index[out["name"] == "Other jurisdictions"][0]
    out["kind"] = ["us" if n == "United States" else ("other" if ix >= other else "state")
                   for ix, n in zip(out.index, out["name"])]  # fmt: skip
    out = out[out["name"] != "Other jurisdictions"]
    return out.set_index("name")


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    b = read_bmf(d)
    f = read_propublica(d)
    a["np_c3"] = int((b["sub"] == 3).sum())
    a["np_city"] = unique_max(b.loc[b["CITY"] != "BOSTON", "CITY"].value_counts())
    a["np_top_assets"] = b.loc[b["asset_amt"].idxmax(), "NAME"]
    c3 = b[b["sub"] == 3]
    a["np_ntee_b"] = round(float(100 * c3["NTEE_CD"].str.startswith("B").mean()), 1)
    a["np_zip"] = int((b["ZIP"].str[:5] == data.NP_ZIP).sum())
    ym = b["RULING"].str[:4] + "-" + b["RULING"].str[4:6]
    ym = ym[(ym >= "2015-01") & (ym <= "2023-12")]
    a["np_ruling_month"] = month_name(unique_max(ym.value_counts()))
    f990 = f[f["formtype"] == 0]
    a["np_fy2023"] = int(f990.loc[f990["tax_prd"] // 100 == 2023, "totrevenue"].sum())
    y22 = f[(f["tax_prd_yr"] == 2022) & f["formtype"].isin([0, 1])]
    a["np_ez_median"] = float(y22["revenue"].median())
    rev = f990.pivot_table(index=["ein", "name"], columns="tax_prd_yr", values="totrevenue")
    rev = rev[(rev[2019] >= 1_000_000) & rev[2022].notna()]
    a["np_growth"] = unique_max(100 * (rev[2022] / rev[2019] - 1))[1]
    j = f990[f990["tax_prd_yr"] == 2022].merge(b[["ein", "NTEE_CD"]], on="ein")
    j = j[(j["NTEE_CD"] != "") & (j["totfuncexpns"] > 0)]
    j = j.assign(group=j["NTEE_CD"].str[0], pct=100 * j["compnsatncurrofcr"] / j["totfuncexpns"])
    g = j.groupby("group")["pct"].agg(["median", "size"])
    a["np_ntee_comp"] = unique_max(g.loc[g["size"] >= 10, "median"])

    rows, u = read_complaints(d)
    r = read_recalls(d)
    a["vs_dnd"] = int((r["Do Not Drive Advisory"] == "Yes").sum())
    a["vs_tire_2022"] = int(((r["Recall Type"] == "Tire") & (r["date"].dt.year == 2022)).sum())
    a["vs_max_affected"] = r.loc[r["Potentially Affected"].idxmax(), "NHTSA ID"]
    a["vs_deaths"] = int((u["DEATHS"].astype(int) > 0).sum())
    make, year = data.VS_MAKER_YEAR
    a["vs_maker_year"] = int(((u["MAKETXT"] == make) & (u["datea"].dt.year == year)).sum())
    veh = r[r["Recall Type"] == "Vehicle"]
    a["vs_recall_month"] = month_name(str(unique_max(veh["date"].dt.to_period("M").value_counts())))
    my = u["YEARTXT"].astype(int)
    a["vs_my2022"] = int(((my >= 2022) & (my != 9999)).sum())
    a["vs_top_maker"] = unique_max(veh.loc[veh["date"].dt.year.between(2020, 2024), "company"].value_counts())
    failed = u[u["FAILDATE"] != ""]
    days = (failed["datea"] - pd.to_datetime(failed["FAILDATE"], format="%Y%m%d")).dt.days
    a["vs_days_median"] = float(days.median())
    y = data.VS_PER_RECALL_YEAR
    makes = [m[0] for m in data.VS_MAKES]
    n = u[u["datea"].dt.year == y]["MAKETXT"].value_counts().reindex(makes)
    rec = veh[veh["date"].dt.year == y]["company"].str.upper().value_counts().reindex(makes)
    a["vs_per_recall"] = unique_max(n / rec).title()

    s = read_scorecard(d)
    dg = read_digest(d)
    states = dg[dg["kind"] == "state"]
    assert len(states) == 51
    a["cs_count"] = int((s["STABBR"] == data.CS_STATE_COUNT).sum())
    a["cs_top_sat"] = s.loc[unique_max(s["SAT_AVG"]), "INSTNM"]
    a["cs_digest_oh"] = int(states.loc[data.CS_DIGEST_STATE, "p4b"])
    bach = s[s["PREDDEG"] == 3]
    adm = bach["ADM_RATE"].dropna()
    a["cs_adm_pct"] = round(float(100 * (adm < 0.25).mean()), 1)
    a["cs_states_above"] = int((states["p4b"] > data.CS_THRESHOLD).sum())
    a["cs_std_sat"] = round(float(s.loc[s["CONTROL"] == 2, "SAT_AVG"].std()), 1)
    tx = s[(s["CONTROL"] == 1) & (s["STABBR"] == data.CS_TOP5_STATE)]
    a["cs_top5"] = int(tx["UGDS"].nlargest(5).sum())
    both = bach[["PCTPELL", "MD_EARN_WNE_P10"]].dropna()
    a["cs_corr"] = round(float(both["PCTPELL"].corr(both["MD_EARN_WNE_P10"])), 2)
    postcode = {st[0]: st[1] for st in data.STATES}
    pub = s[(s["CONTROL"] == 1) & (s["PREDDEG"] == 3)].dropna(subset=["TUITIONFEE_IN"])
    fees = pub.groupby("STABBR")["TUITIONFEE_IN"].agg(["mean", "size"])
    fees = fees[fees["size"] >= 3]
    digest = states["p4b"].rename(index=postcode)
    gap = (fees["mean"] - digest.reindex(fees.index)).dropna()
    a["cs_state_gap"] = {v: k for k, v in postcode.items()}[unique_max(gap)]
    a["cs_jur_increase"] = unique_max(100 * (states["p4b"] - states["p4a"]) / states["p4a"])
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    b = read_bmf(d)
    f = read_propublica(d)
    c["np_zip"] = int((b["ZIP"] == data.NP_ZIP).sum())
    f990 = f[f["formtype"] == 0]
    c["np_fy2023"] = int(f990.loc[f990["tax_prd_yr"] == 2023, "totrevenue"].sum())
    y22 = f[(f["tax_prd_yr"] == 2022) & f["formtype"].isin([0, 1])]
    c["np_ez_median"] = float(y22["totrevenue"].median())

    rows, u = read_complaints(d)
    r = read_recalls(d)
    make, year = data.VS_MAKER_YEAR
    c["vs_maker_year"] = int(((rows["MAKETXT"] == make) & (rows["DATEA"].str[:4] == str(year))).sum())
    c["vs_my2022"] = int((u["YEARTXT"].astype(int) >= 2022).sum())
    c["vs_top_maker"] = unique_max(r.loc[r["Recall Type"] == "Vehicle", "Manufacturer"].value_counts())

    s = read_scorecard(d)
    dg = read_digest(d)
    adm = s.loc[s["PREDDEG"] == 3, "ADM_RATE"].dropna()
    c["cs_adm_pct"] = round(float(100 * (adm < 25).mean()), 1)
    c["cs_states_above"] = int((dg["p4b"] > data.CS_THRESHOLD).sum())
    c["cs_jur_increase"] = unique_max(100 * (dg["p4b"] - dg["p4a"]) / dg["p4a"])
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout46-"))
    other = Path(tempfile.mkdtemp(prefix="heldout46-again-"))
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
