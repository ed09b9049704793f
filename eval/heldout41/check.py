"""Check the forty-first held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
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


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_kraken(d: Path) -> pd.DataFrame:
    k = pd.read_csv(d / data.KRAKEN_FILE)
    k["time"] = pd.to_datetime(k["time"])
    return k


def read_coinbase(d: Path) -> pd.DataFrame:
    """Three preamble lines come before the header; the money columns are text like '€1,234.56'."""
    lines = (d / data.COINBASE_FILE).read_text(encoding="utf-8").splitlines()
    skip = next(i for i, line in enumerate(lines) if line.startswith("ID,"))
    cb = pd.read_csv(d / data.COINBASE_FILE, skiprows=skip)
    for c in ("Price at Transaction", "Subtotal", "Total (inclusive of fees and/or spread)", "Fees and/or Spread"):
        cb[c] = cb[c].str.replace(r"[€,]", "", regex=True).astype(float)
    return cb


def read_ais(d: Path) -> pd.DataFrame:
    a = pd.read_csv(d / data.AIS_FILE)
    a["BaseDateTime"] = pd.to_datetime(a["BaseDateTime"])
    return a


def haversine_nm(lat1, lon1, lat2, lon2) -> np.ndarray:
    la1, lo1, la2, lo2 = map(np.radians, (lat1, lon1, lat2, lon2))
    h = np.sin((la2 - la1) / 2) ** 2 + np.cos(la1) * np.cos(la2) * np.sin((lo2 - lo1) / 2) ** 2
    return 2 * 3440.065 * np.arcsin(np.sqrt(h))


def read_calls(d: Path) -> pd.DataFrame:
    root = ET.parse(d / data.CALLS_FILE).getroot()
    c = pd.DataFrame([x.attrib for x in root.iter("call")])
    for col in ("duration", "date", "type"):
        c[col] = c[col].astype("int64")
    c["local"] = pd.to_datetime(c["readable_date"], format="%d %b %Y %H:%M:%S")
    return c


def norm(n: str) -> str:
    """A UK number in +44 form, whatever way it was written."""
    s = n.replace(" ", "")
    return "+44" + s[1:] if s.startswith("0") else s


def read_mms(d: Path) -> pd.DataFrame:
    root = ET.parse(d / data.SMS_FILE).getroot()
    rows = []
    for m in root.iter("mms"):
        rows.append({"box": int(m.get("msg_box")), "address": m.get("address"), "contact_name": m.get("contact_name"),
                     "local": pd.to_datetime(m.get("readable_date"), format="%d %b %Y %H:%M:%S"),
                     "sender": next(a.get("address") for a in m.iter("addr") if a.get("type") == "137"),
                     "images": sum(p.get("ct").startswith("image/") for p in m.iter("part"))})  # fmt: skip
    return pd.DataFrame(rows)


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    k = read_kraken(d)
    cb = read_coinbase(d)
    a["kr_eur_deposits"] = int(((k["type"] == "deposit") & (k["asset"] == "ZEUR")).sum())
    a["kr_btc_balance"] = float(k.loc[k["asset"] == "XXBT", "balance"].iloc[-1])
    a["cb_staking_rows"] = int((cb["Transaction Type"] == "Staking Income").sum())
    a["kr_trades"] = int(k.loc[k["type"] == "trade", "refid"].nunique())
    st = k[k["type"] == "staking"]
    a["kr_dot_rewards"] = round(float((st["amount"] - st["fee"]).sum()), 4)
    legs = k[k["type"].isin(["trade", "spend", "receive"])]
    btc_in = legs[(legs["asset"] == "XXBT") & (legs["amount"] > 0)]
    eur_out = legs[(legs["asset"] == "ZEUR") & legs["refid"].isin(btc_in["refid"])]
    a["kr_btc_cost"] = round(float((-eur_out["amount"] + eur_out["fee"]).sum()), 2)
    cb_btc = cb[(cb["Asset"] == "BTC") & cb["Transaction Type"].isin(["Buy", "Advanced Trade Buy"])]
    a["cb_btc_bought"] = round(float(cb_btc["Quantity Transacted"].sum()), 8)
    a["cb_fees"] = round(float(cb["Fees and/or Spread"].sum()), 2)
    conv = cb[(cb["Transaction Type"] == "Convert") & (cb["Asset"] == "ETH")]
    a["cb_usdc"] = round(float(conv["Notes"].str.extract(r"to ([\d.]+) USDC")[0].astype(float).sum()), 2)
    a["cx_btc_bought"] = round(float(btc_in["amount"].sum() + cb_btc["Quantity Transacted"].sum()), 6)

    s = read_ais(d)
    a["ais_vessels"] = int(s["MMSI"].nunique())
    a["ais_classb"] = int((s["TransceiverClass"] == "B").sum())
    a["ais_tankers"] = int(s.loc[s["VesselType"].between(80, 89), "MMSI"].nunique())
    a["ais_longest"] = s.loc[s["Length"].idxmax(), "VesselName"]
    a["ais_max_sog"] = float(s.loc[s["SOG"] < 102.3, "SOG"].max())
    a["ais_ferry_reports"] = len(s[s["VesselName"] == data.AIS_DUP_FERRY].drop_duplicates())
    a["ais_anchored"] = int(s.loc[s["Status"] == 1, "MMSI"].nunique())
    local = s["BaseDateTime"] - pd.Timedelta(hours=7)
    win = (local >= "2023-07-15 08:00") & (local < "2023-07-15 09:00") & (s["SOG"] >= 1) & (s["SOG"] < 102.3)
    a["ais_local_moving"] = int(s.loc[win, "MMSI"].nunique())
    f = s[(s["VesselName"] == data.AIS_DIST_FERRY) & (s["LAT"] <= 90)].drop_duplicates().sort_values("BaseDateTime")
    lat, lon = f["LAT"].to_numpy(), f["LON"].to_numpy()
    a["ais_ferry_distance"] = round(float(haversine_nm(lat[:-1], lon[:-1], lat[1:], lon[1:]).sum()), 1)
    span = s[s["Status"] == 1].groupby("VesselName")["BaseDateTime"].agg(lambda x: x.max() - x.min())
    a["ais_anchor_longest"] = unique_max(span)

    c = read_calls(d)
    mms = read_mms(d)
    a["ph_missed"] = int((c["type"] == 3).sum())
    a["ph_longest"] = c.loc[c["duration"].idxmax(), "contact_name"]
    a["sms_mms"] = len(mms)
    out = c[c["type"] == 2].copy()
    a["ph_out_minutes"] = round(float(out["duration"].sum() / 60), 1)
    ans = c[c["type"].isin([1, 2]) & (c["duration"] > 0) & (c["contact_name"] != "(Unknown)")]
    g = ans.groupby("contact_name")["duration"].agg(["mean", "size"])
    a["ph_avg_top"] = unique_max(g.loc[g["size"] >= 10, "mean"])
    out["norm"] = out["number"].map(norm)
    a["ph_distinct_called"] = int(out["norm"].nunique())
    a["ph_late_calls"] = int((out["local"].dt.hour >= 22).sum())
    missed = c[(c["type"] == 3) & (c["number"] != "")]
    n = 0
    for num, when in zip(missed["number"].map(norm), missed["date"]):
        gap = (out.loc[out["norm"] == num, "date"] - when) / 60_000
        n += bool(((gap > 0) & (gap <= 60)).any())
    a["ph_callback"] = n
    dan = mms.loc[mms["contact_name"] == "Dan", "address"].iloc[0]
    group = mms[mms["contact_name"].str.split(", ").map(lambda x: sorted(x) == ["Dan", "Priya", "Sophie"])]
    a["sms_group_dan"] = int((group["sender"] == dan).sum())
    recv = mms[(mms["box"] == 1) & (mms["local"].dt.year == 2023)]
    a["sms_photos"] = int(recv["images"].sum())
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    k = read_kraken(d)
    cb = read_coinbase(d)
    c["kr_trades"] = int((k["type"] == "trade").sum())
    c["kr_dot_rewards"] = round(float(k.loc[(k["asset"] == "DOT.S") & (k["amount"] > 0), "amount"].sum()), 4)
    c["cb_btc_bought"] = round(
        float(cb.loc[(cb["Asset"] == "BTC") & (cb["Transaction Type"] == "Buy"), "Quantity Transacted"].sum()), 8
    )
    legs = k[k["type"].isin(["trade", "spend", "receive"])]
    btc_in = legs[(legs["asset"] == "XXBT") & (legs["amount"] > 0)]
    c["kr_btc_cost"] = round(
        float(-legs.loc[(legs["asset"] == "ZEUR") & legs["refid"].isin(btc_in["refid"]), "amount"].sum()), 2
    )

    s = read_ais(d)
    c["ais_max_sog"] = float(s["SOG"].max())
    c["ais_ferry_reports"] = int((s["VesselName"] == data.AIS_DUP_FERRY).sum())
    h = s["BaseDateTime"].dt.hour
    c["ais_local_moving"] = int(s.loc[(h == 8) & (s["SOG"] >= 1) & (s["SOG"] < 102.3), "MMSI"].nunique())

    calls = read_calls(d)
    out = calls[calls["type"] == 2]
    c["ph_distinct_called"] = int(out["number"].nunique())
    c["ph_late_calls"] = int((pd.to_datetime(out["date"], unit="ms").dt.hour >= 22).sum())
    mms = read_mms(d)
    dan = mms.loc[mms["contact_name"] == "Dan", "address"].iloc[0]
    c["sms_group_dan"] = int(mms["address"].str.split("~").map(lambda x: dan in x).sum())
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout41-"))
    other = Path(tempfile.mkdtemp(prefix="heldout41-again-"))
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
