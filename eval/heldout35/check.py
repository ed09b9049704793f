"""Check the thirty-fifth held-out set end to end.

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

STAR_BATTER, STAR_BOWLER = data.STAR_BATTER[0], data.STAR_BOWLER[0]
DOMAIN = "@" + data.MX_DOMAIN
NOT_BOWLERS = {"run out", "retired hurt", "retired out", "obstructing the field"}


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_cricsheet(d: Path) -> tuple[list[dict], pd.DataFrame]:
    """Each match's JSON, and one row per delivery (super overs flagged)."""
    matches, rows = [], []
    with zipfile.ZipFile(d / data.CR_FILE) as z:
        for name in sorted(z.namelist()):
            if not name.endswith(".json"):
                continue
            m = json.loads(z.read(name))
            matches.append(m)
            for i, inn in enumerate(m["innings"]):
                for ov in inn["overs"]:
                    for dl in ov["deliveries"]:
                        ex = dl.get("extras", {})
                        rows.append(
                            {"match": name, "inn": i, "super": inn.get("super_over", False), "over": ov["over"],
                             "batter": dl["batter"], "bowler": dl["bowler"], "rb": dl["runs"]["batter"],
                             "total": dl["runs"]["total"], "wides": ex.get("wides", 0), "noballs": ex.get("noballs", 0),
                             "byes": ex.get("byes", 0), "legbyes": ex.get("legbyes", 0),
                             "kinds": [w["kind"] for w in dl.get("wickets", [])]},
                        )  # fmt: skip
    return matches, pd.DataFrame(rows)


LINE = re.compile(r"^(\w{3}) +(\d+) (\d\d:\d\d:\d\d) (\S+) ([^:\[]+)(?:\[(\d+)\])?: (.*)$")


def read_maillog(d: Path) -> pd.DataFrame:
    rows = []
    for line in (d / data.MX_FILE).read_text(encoding="utf-8").splitlines():
        m = LINE.match(line)
        assert m, line
        rows.append({"proc": m.group(5), "msg": m.group(7)})
    log = pd.DataFrame(rows)
    log["qid"] = log["msg"].str.extract(r"^([0-9A-F]{10}): ")[0]
    return log


def read_nvd(d: Path) -> list[dict]:
    doc = json.loads((d / data.NVD_FILE).read_text(encoding="utf-8"))
    assert doc["totalResults"] == len(doc["vulnerabilities"])
    return [v["cve"] for v in doc["vulnerabilities"]]


def cna_v3(cve: dict, keys=("cvssMetricV31", "cvssMetricV30")) -> float | None:
    for k in keys:
        for mt in cve.get("metrics", {}).get(k, []):
            if mt["type"] == "Secondary":
                return mt["cvssData"]["baseScore"]
    return None


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    matches, dl = read_cricsheet(d)
    assert len(matches) == 63
    reg = dl[~dl["super"]]
    a["cr_no_result"] = sum(m["info"]["outcome"].get("result") == "no result" for m in matches)
    a["cr_toss_field"] = sum(m["info"]["toss"]["decision"] == "field" for m in matches)
    a["cr_highest_total"] = int(reg.groupby(["match", "inn"])["total"].sum().max())
    a["cr_overs_1_6"] = int(reg.loc[reg["over"] < 6, "total"].sum())  # Cricsheet numbers the overs from 0
    mine = reg[reg["bowler"] == STAR_BOWLER]
    a["cr_wickets"] = int(mine["kinds"].apply(lambda ks: sum(k not in NOT_BOWLERS for k in ks)).sum())
    a["cr_wide_runs"] = int(reg["wides"].sum())
    bat = reg[reg["batter"] == STAR_BATTER]
    a["cr_strike_rate"] = round(float(100 * bat["rb"].sum() / (bat["wides"] == 0).sum()), 1)
    legal = (reg["wides"] == 0) & (reg["noballs"] == 0)
    bw = (
        reg.assign(conceded=reg["total"] - reg["byes"] - reg["legbyes"], legal=legal)
        .groupby("bowler")[["conceded", "legal"]]
        .sum()
    )
    bw = bw[bw["legal"] >= 180]
    a["cr_economy"] = unique_max(-6 * bw["conceded"] / bw["legal"])
    won = [m for m in matches if "winner" in m["info"]["outcome"]]
    a["cr_chasing"] = round(
        100 * sum(m["info"]["outcome"]["winner"] == m["innings"][1]["team"] for m in won) / len(won), 1
    )

    mot = pd.read_csv(d / data.MOT_FILE, sep="|")
    a["mot_electric"] = int((mot["fuel_type"] == "EL").sum())
    a["mot_top_make"] = unique_max(mot["make"].value_counts())
    a["mot_vehicles"] = int(mot["vehicle_id"].nunique())
    a["mot_mercedes"] = int(mot["make"].str.replace("-", " ").str.startswith("MERCEDES").sum())
    nt4 = mot[(mot["test_class_id"] == 4) & (mot["test_type"] == "NT")]
    a["mot_passed"] = int(nt4["test_result"].isin(["P", "PRS"]).sum())
    age = (pd.to_datetime(nt4["test_date"]) - pd.to_datetime(nt4["first_use_date"])).dt.days / 365.25
    a["mot_age"] = round(float(age.median()), 1)
    fails = nt4[nt4["test_result"] == "F"]
    re_ok = mot[mot["test_type"].isin(["RT", "PL", "PV"]) & mot["test_result"].isin(["P", "PRS"])]
    j = fails.merge(re_ok, on="vehicle_id", suffixes=("", "_re"))
    ok = j[j["test_date_re"] >= j["test_date"]]["test_id"].nunique()
    a["mot_retest"] = round(100 * ok / len(fails), 1)

    log = read_maillog(d)
    msg = log["msg"]
    a["mx_spam"] = int(msg.str.contains("Blocked SPAM").sum())
    a["mx_noqueue"] = int(msg.str.startswith("NOQUEUE: reject:").sum())
    subs = log[(log["proc"] == "postfix/submission/smtpd") & msg.str.contains(" client=")]
    a["mx_top_user"] = unique_max(subs["msg"].str.extract(r"sasl_username=(\S+)")[0].value_counts())
    smtpd = log[(log["proc"] == "postfix/smtpd") & msg.str.contains(r": client=")]
    a["mx_inbound"] = int((~smtpd["msg"].str.contains(r"client=localhost\[127\.0\.0\.1\]")).sum())
    a["mx_deferred"] = int(log.loc[msg.str.contains("status=deferred"), "qid"].nunique())
    bounced = set(log.loc[msg.str.contains("status=bounced"), "qid"])
    a["mx_bounced"] = len(bounced & set(subs["qid"]))
    out = log[(log["proc"] == "postfix/smtp") & msg.str.contains("status=sent")]
    to = out["msg"].str.extract(r"to=<([^>]+)>")[0]
    ext = out[~to.str.endswith(DOMAIN)]
    a["mx_delay"] = round(float(ext["msg"].str.extract(r"delay=([\d.]+)")[0].astype(float).median()), 2)
    q = log[(log["proc"] == "postfix/qmgr") & msg.str.contains(" from=<")].drop_duplicates("qid")
    sizes = q.set_index("qid")["msg"].str.extract(r"size=(\d+)")[0].astype(int)
    a["mx_submitted_mb"] = round(float(sizes[sizes.index.isin(subs["qid"])].sum() / 1e6), 2)

    cves = read_nvd(d)
    kev = pd.read_csv(d / data.KEV_FILE)
    a["cve_top_cna"] = unique_max(pd.Series([c["sourceIdentifier"] for c in cves]).value_counts())
    a["cve_kev_ransomware"] = int((kev["knownRansomwareCampaignUse"] == "Known").sum())
    a["cve_cwe79"] = sum(
        any(x["value"] == "CWE-79" for w in c.get("weaknesses", []) for x in w["description"]) for c in cves
    )
    a["cve_cna_critical"] = sum((cna_v3(c) or 0) >= 9.0 for c in cves)
    higher = both = 0
    for c in cves:
        v31 = c.get("metrics", {}).get("cvssMetricV31", [])
        nvd = [m["cvssData"]["baseScore"] for m in v31 if m["source"] == data.NVD and m["type"] == "Primary"]
        cna = [m["cvssData"]["baseScore"] for m in v31 if m["type"] == "Secondary"]
        if nvd and cna:
            both += 1
            higher += nvd[0] > cna[0]
    a["cve_nvd_higher"] = higher
    pub = pd.DataFrame({"cveID": [c["id"] for c in cves], "published": [c["published"] for c in cves]})
    k = pub.merge(kev, on="cveID")
    days = (pd.to_datetime(k["dateAdded"]) - pd.to_datetime(k["published"]).dt.normalize()).dt.days
    a["cve_kev_days"] = round(float(days.median()), 1)
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    _matches, dl = read_cricsheet(d)
    reg = dl[~dl["super"]]
    c["cr_overs_1_6"] = int(reg.loc[reg["over"].between(1, 6), "total"].sum())  # overs taken as numbered from 1
    c["cr_wickets"] = int(reg.loc[reg["bowler"] == STAR_BOWLER, "kinds"].apply(len).sum())
    bat = reg[reg["batter"] == STAR_BATTER]
    c["cr_strike_rate"] = round(float(100 * bat["rb"].sum() / len(bat)), 1)

    mot = pd.read_csv(d / data.MOT_FILE, sep="|")
    c["mot_mercedes"] = int((mot["make"] == "MERCEDES-BENZ").sum())
    nt4 = mot[(mot["test_class_id"] == 4) & (mot["test_type"] == "NT")]
    c["mot_passed"] = int((nt4["test_result"] == "P").sum())

    log = read_maillog(d)
    msg = log["msg"]
    c["mx_inbound"] = int(((log["proc"] == "postfix/smtpd") & msg.str.contains(r": client=")).sum())
    c["mx_deferred"] = int(msg.str.contains("status=deferred").sum())
    q = log[(log["proc"] == "postfix/qmgr") & msg.str.contains(f"from=<[^>]*{re.escape(DOMAIN)}>")]
    c["mx_submitted_mb"] = round(float(q["msg"].str.extract(r"size=(\d+)")[0].astype(int).sum() / 1e6), 2)

    cves = read_nvd(d)
    c["cve_cwe79"] = sum(
        x["value"] == "CWE-79" for v in cves for w in v.get("weaknesses", []) for x in w["description"]
    )
    c["cve_cna_critical"] = sum((cna_v3(v, keys=("cvssMetricV31",)) or 0) >= 9.0 for v in cves)
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout35-"))
    other = Path(tempfile.mkdtemp(prefix="heldout35-again-"))
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
