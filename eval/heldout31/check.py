"""Check the thirty-first held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import importlib.util
import json
import re
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


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


def unique_min(s: pd.Series):
    return unique_max(-s)


# --- reading the files the way a careful analyst would ---------------------------------------------


def pounds(s: pd.Series) -> pd.Series:
    """'$1,250.00' -> 1250.0 (Inside Airbnb writes a $ sign whatever the currency)."""
    return pd.to_numeric(s.str.replace(r"[$,]", "", regex=True))


def read_f1(d: Path, name: str, key: str) -> pd.DataFrame:
    races = json.loads((d / name).read_text(encoding="utf-8"))["MRData"]["RaceTable"]["Races"]
    df = pd.json_normalize(races, record_path=key, meta=["round", "raceName"])
    for col in ("position", "points", "grid", "laps"):
        df[col] = pd.to_numeric(df[col])
    df["driver"] = df["Driver.givenName"] + " " + df["Driver.familyName"]
    return df


def gap_seconds(text: str) -> float:
    """'+1.455' or '+1:02.345' -> seconds."""
    m = re.fullmatch(r"\+(?:(\d+):)?(\d+\.\d+)", text)
    assert m, text
    return int(m.group(1) or 0) * 60 + float(m.group(2))


STAMP = re.compile(r"^(\d{1,2}/\d{1,2}/\d{2}, \d{1,2}:\d{2}\u202f[AP]M) - (.*)$")


def read_wa(d: Path) -> pd.DataFrame:
    """One row per message: lines without a time stamp continue the message above; lines with a time
    stamp but no 'Sender: ' are system lines."""
    rows: list[dict] = []
    for line in (d / data.WA_FILE).read_text(encoding="utf-8").splitlines():
        m = STAMP.match(line)
        if not m:
            rows[-1]["text"] += "\n" + line
            continue
        stamp, rest = m.groups()
        sender, sep, text = rest.partition(": ")
        rows.append({"stamp": stamp, "sender": sender if sep else None, "text": text if sep else rest})
    df = pd.DataFrame(rows)
    df["time"] = pd.to_datetime(df["stamp"], format="%m/%d/%y, %I:%M\u202f%p")
    return df[df["sender"].notna()].reset_index(drop=True)


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    ls = pd.read_csv(d / data.AB_LISTINGS_FILE)
    ls["price_gbp"] = pounds(ls["price"])
    a["ab_entire"] = int((ls["room_type"] == "Entire home/apt").sum())
    a["ab_superhost"] = int((ls["host_is_superhost"] == "t").sum())
    a["ab_most_reviews"] = int(ls["number_of_reviews"].max())
    a["ab_top_neigh"] = unique_max(ls["neighbourhood_cleansed"].value_counts())
    ot = ls[(ls["neighbourhood_cleansed"] == data.OLD_TOWN) & (ls["room_type"] == "Entire home/apt")]
    a["ab_mean_price"] = round(float(ot["price_gbp"].mean()), 2)
    a["ab_hosts_multi"] = int((ls.groupby("host_id").size() > 5).sum())
    assert a["ab_hosts_multi"] == ls.drop_duplicates("host_id")["calculated_host_listings_count"].gt(5).sum()
    cal = pd.read_csv(d / data.AB_CALENDAR_FILE, parse_dates=["date"])
    cal = cal.merge(ls[["id", "neighbourhood_cleansed", "room_type"]], left_on="listing_id", right_on="id")
    dec = cal[(cal["neighbourhood_cleansed"] == data.LEITH) & (cal["date"].dt.strftime("%Y-%m") == "2024-12")]
    a["ab_leith_dec"] = int((dec["available"] == "t").sum())
    nye = cal[(cal["date"] == "2024-12-31") & (cal["available"] == "t") & (cal["room_type"] == "Entire home/apt")]
    a["ab_hogmanay"] = round(float(pounds(nye["price"]).mean()), 2)

    f1 = read_f1(d, data.F1_RESULTS_FILE, "Results")
    sp = read_f1(d, data.F1_SPRINT_FILE, "SprintResults")
    wins = f1[f1["positionText"] == "1"]["driver"].value_counts()
    a["f1_wins"] = int(wins[unique_max(wins)])
    a["f1_monaco"] = f1.loc[(f1["raceName"] == "Monaco Grand Prix") & (f1["position"] == 1), "driver"].iloc[0]
    team = data.F1_TEAM[data.F1_RET_TEAM][1]
    a["f1_team_ret"] = int(((f1["Constructor.name"] == team) & (f1["positionText"] == "R")).sum())
    third = f1[(f1["raceName"] == "British Grand Prix") & (f1["positionText"] == "3")].iloc[0]
    a["f1_gap"] = round(gap_seconds(third["Time.time"]), 3)
    gdrv = f1[f1["driver"] == "Antoine Moreau"]
    a["f1_grid"] = round(float(gdrv.loc[gdrv["grid"] > 0, "grid"].mean()), 2)  # grid 0: pit-lane start
    who = "Lucas Duval"
    a["f1_points"] = int(f1.loc[f1["driver"] == who, "points"].sum() + sp.loc[sp["driver"] == who, "points"].sum())
    both = pd.concat([f1, sp])
    a["f1_constructor"] = unique_max(both.groupby("Constructor.name")["points"].sum())
    hdrv = f1[(f1["driver"] == "Jonas Hartmann") & f1["positionText"].str.isdigit()]
    a["f1_avg_finish"] = round(float(hdrv["position"].mean()), 2)

    fe = pd.read_excel(d / data.FE_FILE, sheet_name="FEguide")
    fe.columns = fe.columns.str.strip()  # 'Guzzler?  '
    comb = "Comb FE (Guide) - Conventional Fuel"
    a["fe_class_count"] = int((fe["Carline Class Desc"] == "Small Sport Utility Vehicle 4WD").sum())
    a["fe_best_comb"] = fe.loc[unique_max(fe[comb]), "Carline"]
    a["fe_premium"] = int((fe["Fuel Usage - Conventional Fuel"] == "GP").sum())
    a["fe_manual"] = int((fe["Trans"] == "M").sum())
    a["fe_guzzler"] = int((fe["Guzzler?"] == "G").sum())
    mid = fe[fe["Carline Class Desc"] == "Midsize Cars"]
    a["fe_l100"] = round(float((235.215 / mid[comb]).mean()), 2)
    co2 = fe.groupby("Division")["Comb CO2 Rounded Adjusted (as shown on FE Label)"].agg(["mean", "size"])
    a["fe_co2"] = unique_min(co2.loc[co2["size"] >= 10, "mean"])

    wa = read_wa(d)
    a["wa_top_sender"] = unique_max(wa["sender"].value_counts())
    a["wa_media"] = int((wa["text"] == "<Media omitted>").sum())
    a["wa_hour"] = int(unique_max(wa["time"].dt.hour.value_counts()))
    a["wa_bothy"] = int(wa["text"].str.contains("bothy", case=False).sum())
    a["wa_gap"] = round(wa["time"].diff().max().total_seconds() / 3600, 1)
    n = wa["sender"].value_counts()
    deleted = wa["text"].isin(["This message was deleted", "You deleted this message"])
    txt = wa[(wa["text"] != "<Media omitted>") & ~deleted & wa["sender"].isin(n[n >= 300].index)].copy()
    txt["words"] = txt["text"].str.replace("<This message was edited>", "", regex=False).str.split().str.len()
    a["wa_words"] = unique_max(txt.groupby("sender")["words"].mean())
    first = wa.sort_values("time", kind="stable").groupby(wa["time"].dt.date).head(1)
    a["wa_first"] = unique_max(first["sender"].value_counts())
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    ls = pd.read_csv(d / data.AB_LISTINGS_FILE)
    c["ab_top_neigh"] = ls["neighbourhood"].value_counts().idxmax()
    price = pd.to_numeric(ls["price"].str.replace("$", "", regex=False), errors="coerce")
    ot = (ls["neighbourhood_cleansed"] == data.OLD_TOWN) & (ls["room_type"] == "Entire home/apt")
    c["ab_mean_price"] = round(float(price[ot].mean()), 2)
    c["ab_hosts_multi"] = int((ls.drop_duplicates("host_id")["host_listings_count"] > 5).sum())

    f1 = read_f1(d, data.F1_RESULTS_FILE, "Results")
    c["f1_grid"] = round(float(f1.loc[f1["driver"] == "Antoine Moreau", "grid"].mean()), 2)
    c["f1_points"] = int(f1.loc[f1["driver"] == "Lucas Duval", "points"].sum())
    c["f1_avg_finish"] = round(float(f1.loc[f1["driver"] == "Jonas Hartmann", "position"].mean()), 2)

    fe = pd.read_excel(d / data.FE_FILE, sheet_name="FEguide")
    c["fe_premium"] = int(fe["Fuel Usage Desc - Conventional Fuel"].str.contains("Premium").sum())
    c["fe_manual"] = int(fe["Trans Desc"].str.contains("Manual").sum())

    lines = (d / data.WA_FILE).read_text(encoding="utf-8").splitlines()
    msgs = [m for m in (STAMP.match(x) for x in lines) if m and ": " in m.group(2)]
    hours = pd.Series([int(m.group(1).split(", ")[1].split(":")[0]) for m in msgs])  # AM/PM ignored
    c["wa_hour"] = int(hours.value_counts().idxmax())
    c["wa_bothy"] = sum("bothy" in m.group(2).lower() for m in msgs)
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout31-"))
    other = Path(tempfile.mkdtemp(prefix="heldout31-again-"))
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
