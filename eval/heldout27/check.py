"""Check the twenty-seventh held-out set end to end.

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

TZ = "Europe/Dublin"
SOLAR = "Solare Strahlungsenergie"
PLUGIN = "Steckerfertige Erzeugungsanlage (sog. Plug-In- oder Balkonkraftwerk)"


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_names(d: Path, sheet: str) -> pd.DataFrame:
    """One row per name and year (melted from the wide table), counts as numbers, '[x]' as missing."""
    wide = pd.read_excel(d / data.BN_FILE, sheet_name=sheet, header=4)  # four title lines above the header
    long = wide.melt(id_vars="Name", var_name="col", value_name="v")
    long[["year", "what"]] = long["col"].str.split(" ", expand=True)
    long["year"] = long["year"].astype(int)
    long["v"] = pd.to_numeric(long["v"].replace("[x]", pd.NA), errors="coerce")
    return long.pivot_table(index=["Name", "year"], columns="what", values="v").reset_index()


def read_mastr(d: Path) -> pd.DataFrame:
    df = pd.read_csv(
        d / data.MS_FILE,
        sep=";",
        decimal=",",
        encoding="utf-8-sig",
        dtype={"Postleitzahl": str, "Gemeindeschlüssel": str},
    )
    for c in ("Inbetriebnahmedatum der Einheit", "Registrierungsdatum der Einheit"):
        df[c] = pd.to_datetime(df[c], format="%d.%m.%Y")
    return df


def read_stripe(d: Path) -> pd.DataFrame:
    with open(d / data.ST_FILE, encoding="utf-8") as f:
        df = pd.json_normalize(json.load(f))
    df["when"] = pd.to_datetime(df["created"], unit="s", utc=True).dt.tz_convert(TZ)
    return df


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    q2 = pd.read_parquet(d / data.OK_Q2_FILE)
    q3 = pd.read_parquet(d / data.OK_Q3_FILE)
    a["ok_tiles"] = len(q3)
    a["ok_tests"] = int(q3["tests"].sum())
    a["ok_busiest"] = q3.loc[unique_max(q3["tests"]), "quadkey"]
    a["ok_mean_dl"] = round((q3["avg_d_kbps"] * q3["tests"]).sum() / q3["tests"].sum() / 1000, 1)
    a["ok_fast_share"] = round(100 * (q3["avg_d_kbps"] / 1000 >= 300).mean(), 1)
    both = q2.merge(q3, on="quadkey", suffixes=("_q2", "_q3"))
    a["ok_change"] = round(((both["avg_d_kbps_q3"] - both["avg_d_kbps_q2"]) / 1000).median(), 2)
    a["ok_parent"] = unique_max(q3.groupby(q3["quadkey"].str[:12])["tests"].sum())

    boys, girls = read_names(d, "Table_1"), read_names(d, "Table_2")
    g23, b23 = girls[girls["year"] == 2023], boys[boys["year"] == 2023]
    a["bn_top_girl"] = g23.loc[g23["Rank"] == 1, "Name"].item()
    a["bn_noah"] = int(boys.loc[(boys["Name"] == "NOAH") & (boys["year"] == 2020), "Count"].item())
    a["bn_girls_2023"] = int(g23["Count"].notna().sum())
    a["bn_a_boys"] = int(b23.loc[b23["Name"].str.startswith("A"), "Count"].sum())
    a["bn_unisex"] = len(set(g23.dropna(subset=["Count"])["Name"]) & set(b23.dropna(subset=["Count"])["Name"]))
    poppy = girls[girls["Name"] == "POPPY"].set_index("year")["Count"]
    a["bn_poppy_peak"] = int(unique_max(poppy))
    r = boys.pivot_table(index="Name", columns="year", values="Rank")
    top = r[(r[2023] <= 20) & r[2013].notna()]
    a["bn_climber"] = unique_max(top[2013] - top[2023])

    ms = read_mastr(d)
    op = ms[ms["Betriebs-Status"] == "In Betrieb"]
    solar_op = op[op["Energieträger"] == SOLAR]
    comm = ms["Inbetriebnahmedatum der Einheit"]
    a["ms_operating"] = len(op)
    a["ms_top_ort"] = unique_max(ms.loc[ms["Ort"] != "Göttingen", "Ort"].value_counts())
    a["ms_solar_mw"] = round(solar_op["Bruttoleistung der Einheit"].sum() / 1000, 2)
    solar = ms[ms["Energieträger"] == SOLAR]
    q = solar["Inbetriebnahmedatum der Einheit"]
    a["ms_q2_2023"] = int(((q >= "2023-04-01") & (q < "2023-07-01")).sum())
    plug = solar_op[solar_op["Lage der Einheit"] == PLUGIN]
    a["ms_plugin_median"] = round(plug["Bruttoleistung der Einheit"].median(), 2)
    h2 = solar_op[solar_op["Inbetriebnahmedatum der Einheit"] >= "2024-07-01"]
    a["ms_h2_2024"] = round(h2["Bruttoleistung der Einheit"].sum(), 1)
    p24 = plug[plug["Inbetriebnahmedatum der Einheit"].dt.year == 2024]
    delay = p24["Registrierungsdatum der Einheit"] - p24["Inbetriebnahmedatum der Einheit"]
    a["ms_plugin_delay"] = delay.dt.days.median()
    assert comm.notna().sum() == (ms["Betriebs-Status"] != "In Planung").sum()

    st = read_stripe(d)
    ok = st[st["status"] == "succeeded"]
    eur = ok[ok["currency"] == "eur"]
    a["st_succeeded"] = len(ok)
    a["st_brand"] = unique_max(st["payment_method_details.card.brand"].value_counts())
    a["st_blocked"] = int((st["outcome.type"] == "blocked").sum())
    a["st_takings_eur"] = round(eur["amount"].sum() / 100, 2)
    gbp = ok[ok["currency"] == "gbp"]
    a["st_avg_gbp"] = round(gbp["amount"].mean() / 100, 2)
    rate = (st["status"] == "failed").groupby(st["payment_method_details.card.brand"]).mean()
    a["st_fail_brand"] = unique_max(rate)
    a["st_net_eur"] = round((eur["amount"] - eur["amount_refunded"]).sum() / 100, 2)
    day = ok["when"].dt.strftime("%Y-%m-%d") == "2024-07-06"
    a["st_sale_day"] = int(day.sum())
    spent = (eur["amount"] - eur["amount_refunded"]).groupby(eur["customer"]).sum()  # guests (no id) drop out
    top = unique_max(spent)
    a["st_top_customer"] = eur.loc[eur["customer"] == top, "billing_details.email"].iloc[0]
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    q2 = pd.read_parquet(d / data.OK_Q2_FILE)
    q3 = pd.read_parquet(d / data.OK_Q3_FILE)
    c["ok_mean_dl"] = round(q3["avg_d_kbps"].mean() / 1000, 1)
    c["ok_change"] = round((q3["avg_d_kbps"].median() - q2["avg_d_kbps"].median()) / 1000, 2)
    wide_b = pd.read_excel(d / data.BN_FILE, sheet_name="Table_1", header=4)
    wide_g = pd.read_excel(d / data.BN_FILE, sheet_name="Table_2", header=4)
    c["bn_girls_2023"] = int(wide_g["2023 Count"].notna().sum())
    c["bn_unisex"] = len(set(wide_b["Name"]) & set(wide_g["Name"]))
    raw = pd.read_csv(d / data.MS_FILE, sep=";", encoding="utf-8-sig")  # no decimal=','
    raw["kw"] = pd.to_numeric(raw["Bruttoleistung der Einheit"], errors="coerce")
    solar_op = raw[(raw["Energieträger"] == SOLAR) & (raw["Betriebs-Status"] == "In Betrieb")]
    c["ms_solar_mw"] = round(solar_op["kw"].sum() / 1000, 2)
    ms = read_mastr(d)
    solar = raw[raw["Energieträger"] == SOLAR]
    when = pd.to_datetime(solar["Inbetriebnahmedatum der Einheit"], format="mixed")  # month first where it can
    c["ms_q2_2023"] = int(((when >= "2023-04-01") & (when < "2023-07-01")).sum())
    h2 = ms[(ms["Betriebs-Status"] == "In Betrieb") & (ms["Inbetriebnahmedatum der Einheit"] >= "2024-07-01")]
    c["ms_h2_2024"] = round(h2["Bruttoleistung der Einheit"].sum(), 1)
    st = read_stripe(d)
    eur = st[st["currency"] == "eur"]
    c["st_takings_eur"] = round(eur["amount"].sum() / 100, 2)
    ok = eur[eur["status"] == "succeeded"]
    c["st_net_eur"] = round(ok.loc[~ok["refunded"], "amount"].sum() / 100, 2)
    utc = pd.to_datetime(st["created"], unit="s")
    c["st_sale_day"] = int(((st["status"] == "succeeded") & (utc.dt.strftime("%Y-%m-%d") == "2024-07-06")).sum())
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout27-"))
    other = Path(tempfile.mkdtemp(prefix="heldout27-again-"))
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
