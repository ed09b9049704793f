"""Check the thirty-second held-out set end to end.

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

BLOCKED = [1, 4, 5, 6, 7, 8, 9, 10, 11, 15, 16]  # Pi-hole's status codes for a blocked query


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


def unique_min(s: pd.Series):
    return unique_max(-s)


# --- reading the files the way a careful analyst would ---------------------------------------------

SYSLOG = re.compile(r"^(\w{3}) +(\d{1,2}) (\d\d:\d\d:\d\d) (\S+) ([^:\[]+)(?:\[(\d+)\])?: (.*)$")


def read_auth(d: Path) -> pd.DataFrame:
    """One row per line: time (the year added: December is 2023, January 2024), program, pid, text."""
    rows = []
    for line in (d / data.SSH_FILE).read_text(encoding="utf-8").splitlines():
        m = SYSLOG.match(line)
        assert m, line
        mon, day, hms, _host, prog, pid, text = m.groups()
        year = 2023 if mon == "Dec" else 2024
        rows.append({"stamp": f"{year} {mon} {day} {hms}", "prog": prog, "pid": pid, "text": text})
    df = pd.DataFrame(rows)
    df["time"] = pd.to_datetime(df["stamp"], format="%Y %b %d %H:%M:%S")
    return df


def failed_attempts(log: pd.DataFrame) -> pd.DataFrame:
    """One row per line that records failed passwords, with the address and the number of attempts."""
    rep = log["text"].str.extract(r"^message repeated (\d+) times: \[ Failed password")[0]
    one = log["text"].str.startswith("Failed password for ")
    f = log[one | rep.notna()].copy()
    f["attempts"] = pd.to_numeric(rep[f.index]).fillna(1).astype(int)
    f["ip"] = f["text"].str.extract(r"from (\S+) port")[0]
    return f


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    cand = pd.read_csv(d / data.EL_CAND_FILE)
    seat = pd.read_excel(d / data.EL_SEAT_FILE, header=3)  # a title and a source note above the header
    a["el_lab_seats"] = int((seat["First party"] == "Lab").sum())
    a["el_electorate"] = seat.loc[unique_max(seat["Electorate"]), "Constituency name"]
    a["el_candidates"] = len(cand)
    a["el_lab_gain"] = int((seat["Result"] == "Lab gain from SNP").sum())
    lab = cand[cand["Party name"].isin(["Labour", "Labour and Co-operative"])]
    a["el_lab_votes"] = int(lab["Votes"].sum())
    assert a["el_lab_votes"] == seat["Lab"].sum()
    a["el_turnout"] = seat.loc[unique_min(seat["Valid votes"] / seat["Electorate"]), "Constituency name"]
    both = cand.merge(seat[["ONS ID", "Valid votes"]], on="ONS ID")
    a["el_deposits"] = int((both["Votes"] / both["Valid votes"] < 0.05).sum())
    assert a["el_deposits"] == (cand["Share"] < 0.05).sum()
    won = seat[seat["First party"] == "Lab"]
    a["el_margin"] = round(float((100 * won["Majority"] / won["Valid votes"]).mean()), 2)

    mt = pd.json_normalize(json.loads((d / data.MT_FILE).read_text(encoding="utf-8")))
    mt["mass_g"] = pd.to_numeric(mt["mass"])
    mt["yr"] = pd.to_numeric(mt["year"].str[:4])  # years before 1677 do not fit a pandas time stamp
    for col in ("reclat", "reclong"):
        mt[col] = pd.to_numeric(mt[col])
    fell = mt[mt["fall"] == "Fell"]
    a["mt_fell"] = len(fell)
    a["mt_l6"] = int((mt["recclass"] == "L6").sum())
    a["mt_heaviest"] = mt.loc[unique_max(mt["mass_g"]), "name"]
    a["mt_iron_mass"] = round(float(mt.loc[mt["recclass"].str.startswith("Iron"), "mass_g"].sum()) / 1000, 1)
    known = fell.dropna(subset=["reclat"])
    known = known[~((known["reclat"] == 0) & (known["reclong"] == 0))]
    a["mt_lat"] = round(float(known["reclat"].mean()), 2)
    a["mt_decade"] = int(unique_max((fell["yr"].dropna() // 10 * 10).astype(int).value_counts()))
    n = mt["recclass"].value_counts()
    big = mt[mt["recclass"].isin(n[n >= 100].index)]
    a["mt_class_median"] = unique_max(big.groupby("recclass")["mass_g"].median())

    log = read_auth(d)
    a["ssh_accepted"] = int(log["text"].str.startswith("Accepted publickey for ").sum())
    sudo = log[(log["prog"] == "sudo") & log["text"].str.contains("COMMAND=")]
    a["ssh_sudo"] = unique_max(sudo["text"].str.split(" : ").str[0].str.strip().value_counts())
    inv = log["text"].str.extract(r"^Invalid user (\S*) from ")[0].dropna()
    a["ssh_invalid_user"] = unique_max(inv.value_counts())
    f = failed_attempts(log)
    a["ssh_failed"] = int(f["attempts"].sum())
    a["ssh_distinct_ips"] = int(f["ip"].nunique())
    a["ssh_top_ip"] = unique_max(f.groupby("ip")["attempts"].sum())
    user = data.SSH_SESSION_USER
    opened = log[log["text"].str.startswith(f"pam_unix(sshd:session): session opened for user {user}(")]
    closed = log[log["text"] == f"pam_unix(sshd:session): session closed for user {user}"]
    sess = opened[["pid", "time"]].merge(closed[["pid", "time"]], on="pid", suffixes=("_in", "_out"))
    assert len(sess) == len(opened) == len(closed)
    a["ssh_session"] = round(float((sess["time_out"] - sess["time_in"]).dt.total_seconds().mean() / 60), 2)
    ok = log.loc[log["text"].str.startswith("Accepted "), "time"].sort_values()
    a["ssh_gap"] = round(ok.diff().max().total_seconds() / 3600, 1)

    con = sqlite3.connect(d / data.PH_FILE)
    q = pd.read_sql("SELECT * FROM queries", con)
    clients = pd.read_sql("SELECT ip, name FROM client_by_id", con)
    con.close()
    a["ph_aaaa"] = int((q["type"] == 2).sum())
    a["ph_top_domain"] = unique_max(q["domain"].value_counts())
    q["blocked"] = q["status"].isin(BLOCKED)
    a["ph_blocked"] = int(q["blocked"].sum())
    q = q.merge(clients, left_on="client", right_on="ip", how="left")
    a["ph_top_client"] = unique_max(q["name"].value_counts())
    fwd = q[q["status"] == 2]
    a["ph_reply_ms"] = round(float(fwd["reply_time"].mean()) * 1000, 2)
    local = pd.to_datetime(q["timestamp"], unit="s", utc=True).dt.tz_convert("Europe/London")
    a["ph_hour"] = int(unique_max(local.dt.hour.value_counts()))
    per = q.groupby("client")["blocked"].agg(["size", "mean"])
    top_ip = unique_max(per.loc[per["size"] >= 1000, "mean"])
    a["ph_device_share"] = clients.loc[clients["ip"] == top_ip, "name"].iloc[0]
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    cand = pd.read_csv(d / data.EL_CAND_FILE)
    c["el_lab_votes"] = int(cand.loc[cand["Party name"] == "Labour", "Votes"].sum())
    c["el_deposits"] = int((cand["Share"] < 5).sum())

    mt = pd.json_normalize(json.loads((d / data.MT_FILE).read_text(encoding="utf-8")))
    c["mt_heaviest"] = mt.dropna(subset=["mass"]).sort_values("mass")["name"].iloc[-1]  # text order
    fell = mt[(mt["fall"] == "Fell") & mt["reclat"].notna()]
    c["mt_lat"] = round(float(pd.to_numeric(fell["reclat"]).mean()), 2)

    text = (d / data.SSH_FILE).read_text(encoding="utf-8").splitlines()
    failed = [x for x in text if "Failed password" in x]
    c["ssh_failed"] = len(failed)
    ips = pd.Series([re.search(r"from (\S+) port", x).group(1) for x in failed])
    c["ssh_top_ip"] = ips.value_counts().idxmax()
    stamps = [" ".join(x.split()[:3]) for x in text if " Accepted publickey for " in x]
    times = pd.Series(pd.to_datetime(stamps, format="%b %d %H:%M:%S"))  # no year: 1900
    c["ssh_gap"] = round(times.diff().max().total_seconds() / 3600, 1)

    con = sqlite3.connect(d / data.PH_FILE)
    q = pd.read_sql("SELECT * FROM query_storage", con)
    con.close()
    c["ph_blocked"] = int((q["status"] == 1).sum())
    c["ph_reply_ms"] = round(float(q.loc[q["status"] == 2, "reply_time"].mean()), 4)
    c["ph_hour"] = int(pd.to_datetime(q["timestamp"], unit="s").dt.hour.value_counts().idxmax())
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout32-"))
    other = Path(tempfile.mkdtemp(prefix="heldout32-again-"))
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
