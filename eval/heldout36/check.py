"""Check the thirty-sixth held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import importlib.util
import re
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
from tasks import JR_EPIC, JR_SPRINT, TASKS, TRAPS, references  # noqa: E402

SCORE = HERE.parent / "score.py"
if not SCORE.exists():
    SCORE = Path("/work/main/eval/score.py")
_spec = importlib.util.spec_from_file_location("score", SCORE)
score = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(score)

FOR, AGAINST = {"Yea", "Aye"}, {"Nay", "No"}


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_dly(d: Path) -> pd.DataFrame:
    """One row per day slot: the value, its three flags and the date (NaT for 30 February and the like)."""
    rows = []
    for line in (d / data.WX_FILE).read_text(encoding="ascii").splitlines():
        year, month, element = int(line[11:15]), int(line[15:17]), line[17:21]
        for k in range(31):
            c = line[21 + 8 * k : 29 + 8 * k]
            rows.append((year, month, k + 1, element, int(c[:5]), c[5].strip(), c[6].strip(), c[7].strip()))
    df = pd.DataFrame(rows, columns=["year", "month", "day", "element", "value", "mflag", "qflag", "sflag"])
    df["date"] = pd.to_datetime(df[["year", "month", "day"]], errors="coerce")
    return df


def wx_good(dly: pd.DataFrame, element: str) -> pd.DataFrame:
    """Real days with a value that passed quality control."""
    return dly[(dly["element"] == element) & (dly["value"] != -9999) & dly["date"].notna() & (dly["qflag"] == "")]


def read_votes(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    rolls, votes = [], []
    with zipfile.ZipFile(d / data.VT_FILE) as z:
        for name in sorted(z.namelist()):
            root = ET.fromstring(z.read(name))
            meta = root.find("vote-metadata")
            roll = int(meta.findtext("rollcall-num"))
            tot = meta.find("vote-totals/totals-by-vote")
            rolls.append({"roll": roll, "result": meta.findtext("vote-result"), "type": meta.findtext("vote-type"),
                          "yea": int(tot.findtext("yea-total")), "nay": int(tot.findtext("nay-total"))})  # fmt: skip
            for rv in root.iter("recorded-vote"):
                leg = rv.find("legislator")
                votes.append({"roll": roll, "id": leg.get("name-id"), "name": leg.text, "party": leg.get("party"),
                              "state": leg.get("state"), "vote": rv.findtext("vote")})  # fmt: skip
    return pd.DataFrame(rolls), pd.DataFrame(votes)


def against_majority(v: pd.DataFrame) -> pd.Series:
    """Per vote row (for or against only): whether it went against the majority of its party on that roll call."""
    v = v[v["vote"].isin(FOR | AGAINST)].assign(yes=lambda x: x["vote"].isin(FOR))
    share = v.groupby(["roll", "party"])["yes"].transform("mean")
    assert not (share == 0.5).any()
    return v.assign(against=v["yes"] != (share > 0.5))


def read_ofx(d: Path) -> tuple[pd.DataFrame, float]:
    text = (d / data.OFX_FILE).read_text(encoding="ascii")
    rows = [dict(re.findall(r"<([A-Z.]+)>([^\r\n<]*)", b)) for b in re.findall(r"<STMTTRN>(.*?)</STMTTRN>", text, re.S)]
    tx = pd.DataFrame(rows)
    tx["amount"] = tx["TRNAMT"].astype(float)
    tx["date"] = pd.to_datetime(tx["DTPOSTED"].str[:8], format="%Y%m%d")
    tx["name"] = tx["NAME"].str.replace("&amp;", "&")
    ledger = float(re.search(r"<LEDGERBAL>\s*<BALAMT>([-\d.]+)", text).group(1))
    return tx, ledger


def read_card(d: Path) -> pd.DataFrame:
    card = pd.read_csv(d / data.CARD_FILE)
    card["Transaction Date"] = pd.to_datetime(card["Transaction Date"], format="%m/%d/%Y")
    return card


JIRA_TIME = "%d/%b/%y %I:%M %p"


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    dly = read_dly(d)
    snow = wx_good(dly, "SNOW")
    a["wx_snow_days"] = int(((snow["year"] == 2021) & (snow["value"] > 0)).sum())
    tmax = wx_good(dly, "TMAX")
    a["wx_hot_days"] = int(((tmax["year"] == 2023) & (tmax["value"] / 10 >= 30)).sum())
    prcp = wx_good(dly, "PRCP")
    a["wx_max_prcp"] = round(float(prcp.loc[prcp["year"] == 2018, "value"].max() / 10), 1)  # tenths of mm
    tmin = wx_good(dly, "TMIN")
    a["wx_frost"] = int(((tmin["year"] == 2022) & (tmin["value"] < 0)).sum())
    season = snow[(snow["date"] >= "2021-07-01") & (snow["date"] <= "2022-06-30")]
    a["wx_snow_season"] = round(float(season["value"].sum() / 10), 1)  # SNOW is in whole millimetres
    a["wx_hottest_qc"] = round(float(tmax.loc[tmax["year"] == 2019, "value"].max() / 10), 1)
    july = tmax[tmax["month"] == 7].groupby("year")["value"].mean() / 10
    a["wx_warm_july"] = int(unique_max(july))

    rolls, votes = read_votes(d)
    assert len(rolls) == 64
    a["vt_failed"] = int((rolls["result"] == "Failed").sum())
    a["vt_present"] = int((votes["vote"] == "Present").sum())
    a["vt_close"] = int(((rolls["yea"] - rolls["nay"]).abs() <= 20).sum())
    a["vt_adopted"] = int(rolls["result"].isin(["Passed", "Agreed to"]).sum())
    mine = votes[(votes["name"] == "Lindahl") & (votes["state"] == "WA")]
    assert mine["id"].nunique() == 1
    a["vt_member_yes"] = int(mine["vote"].isin(FOR).sum())
    nv = votes[(votes["party"] == "D") & (votes["vote"] == "Not Voting")]
    top = unique_max(nv["id"].value_counts())
    a["vt_most_missed"] = f"{nv.loc[nv['id'] == top, 'name'].iloc[-1]} ({top})"
    maj = votes[votes["vote"].isin(FOR | AGAINST)].assign(yes=lambda x: x["vote"].isin(FOR))
    share = maj.groupby(["roll", "party"])["yes"].mean().unstack()
    a["vt_party_line"] = int(((share["D"] > 0.5) != (share["R"] > 0.5)).sum())
    rep = against_majority(votes[votes["party"] == "R"])
    top = unique_max(rep.groupby("id")["against"].sum())
    a["vt_maverick"] = f"{rep.loc[rep['id'] == top, 'name'].iloc[-1]} ({top})"

    jr = pd.read_csv(d / data.JR_FILE)
    labels = jr.filter(regex=r"^Labels(\.\d+)?$")
    sprints = jr.filter(regex=r"^Sprint(\.\d+)?$")
    assert labels.shape[1] > 1 and sprints.shape[1] > 1
    a["jr_unassigned"] = int(jr["Assignee"].isna().sum())
    a["jr_top_assignee"] = unique_max(jr["Assignee"].value_counts())
    a["jr_bugs_highest"] = int(((jr["Issue Type"] == "Bug") & (jr["Priority"] == "Highest")).sum())
    a["jr_label"] = int((labels == "regression").any(axis=1).sum())
    a["jr_open"] = int(jr["Resolution"].isna().sum())
    in_sprint = (sprints == JR_SPRINT).any(axis=1)
    a["jr_sprint_points"] = int(jr.loc[in_sprint, "Custom field (Story Points)"].sum())
    bugs = jr[(jr["Issue Type"] == "Bug") & (jr["Resolution"] == "Done")]
    took = pd.to_datetime(bugs["Resolved"], format=JIRA_TIME) - pd.to_datetime(bugs["Created"], format=JIRA_TIME)
    a["jr_cycle"] = round(float(took.dt.total_seconds().median() / 86400), 1)
    epic = jr.loc[(jr["Issue Type"] == "Epic") & (jr["Summary"] == JR_EPIC), "Issue id"].item()
    under = jr[jr["Parent"] == epic]
    subs = jr[jr["Parent"].isin(under["Issue id"])]
    a["jr_epic_hours"] = round(float((under["Time Spent"].sum() + subs["Time Spent"].sum()) / 3600), 2)

    tx, ledger = read_ofx(d)
    card = read_card(d)
    sale = card["Type"] == "Sale"
    a["bk_checks"] = round(float(-tx.loc[tx["TRNTYPE"] == "CHECK", "amount"].sum()), 2)
    a["bk_card_gas"] = round(float(-card.loc[sale & (card["Category"] == "Gas"), "Amount"].sum()), 2)
    amazon = card["Description"].str.match(r"(?i)(amazon|amzn)")
    a["bk_amazon"] = round(float(-card.loc[sale & amazon, "Amount"].sum()), 2)
    opening = ledger - tx["amount"].sum()
    a["bk_opening"] = round(float(opening), 2)
    net = card[card["Type"].isin(["Sale", "Return"])].groupby("Category")["Amount"].sum()
    a["bk_top_category"] = unique_max(-net)
    own = tx["name"].str.contains("CHASE CREDIT CRD") | tx["name"].str.contains("TRANSFER TO SAVINGS")
    jan_out = tx[(tx["date"].dt.month == 1) & (tx["amount"] < 0) & ~own]
    jan_card = card[sale & (card["Transaction Date"].dt.strftime("%Y-%m") == "2024-01")]
    a["bk_spending"] = round(float(-jan_out["amount"].sum() - jan_card["Amount"].sum()), 2)
    end_of_day = (opening + tx["amount"].cumsum()).groupby(tx["date"]).last()
    a["bk_lowest"] = round(float(end_of_day.min()), 2)
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    dly = read_dly(d)
    raw = dly[(dly["element"] == "TMIN") & (dly["year"] == 2022)]
    c["wx_frost"] = int((raw["value"] < 0).sum())  # -9999 read as a temperature
    snow = wx_good(dly, "SNOW")
    season = snow[(snow["date"] >= "2021-07-01") & (snow["date"] <= "2022-06-30")]
    c["wx_snow_season"] = round(float(season["value"].sum() / 100), 2)  # SNOW taken as tenths of mm

    rolls, votes = read_votes(d)
    c["vt_adopted"] = int((rolls["result"] == "Passed").sum())
    mine = votes[(votes["name"] == "Lindahl") & (votes["state"] == "WA")]
    c["vt_member_yes"] = int((mine["vote"] == "Yea").sum())
    nv = votes[(votes["party"] == "D") & (votes["vote"] == "Not Voting")]
    c["vt_most_missed"] = unique_max(nv["name"].value_counts())

    jr = pd.read_csv(d / data.JR_FILE)
    c["jr_label"] = int((jr["Labels"] == "regression").sum())
    c["jr_open"] = int((jr["Status"] != "Done").sum())
    c["jr_sprint_points"] = int(jr.loc[jr["Sprint"] == JR_SPRINT, "Custom field (Story Points)"].sum())

    tx, _ledger = read_ofx(d)
    card = read_card(d)
    sale = card["Type"] == "Sale"
    c["bk_amazon"] = round(
        float(-card.loc[sale & card["Description"].str.contains("amazon", case=False), "Amount"].sum()), 2
    )
    savings = tx["name"].str.contains("TRANSFER TO SAVINGS")
    jan_out = tx[(tx["date"].dt.month == 1) & (tx["amount"] < 0) & ~savings]  # the card's bill counted too
    jan_card = card[sale & (card["Transaction Date"].dt.strftime("%Y-%m") == "2024-01")]
    c["bk_spending"] = round(float(-jan_out["amount"].sum() - jan_card["Amount"].sum()), 2)
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout36-"))
    other = Path(tempfile.mkdtemp(prefix="heldout36-again-"))
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
