"""Check the thirty-seventh held-out set end to end.

1. Write the files twice from the seed and check they are byte-identical.
2. Answer every question from the messy files with pandas, the way a careful analyst would, and
   compare each answer with its reference through `eval/score.py`'s `correct()`.
3. For each trap, compute the careless answer and check it differs and is scored wrong.

Exits non-zero on any disagreement.  Usage: python check.py [DIR]
"""

from __future__ import annotations

import importlib.util
import math
import re
import shutil
import sys
import tempfile
from datetime import date, datetime, timedelta
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

MU, R_EARTH = 398600.4418, 6378.137
RIDRETH3 = {
    1: "Mexican American",
    2: "Other Hispanic",
    3: "Non-Hispanic White",
    4: "Non-Hispanic Black",
    6: "Non-Hispanic Asian",
    7: "Other Race - Including Multi-Racial",
}  # fmt: skip  (the NHANES codebook)


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def _tle_ok(line: str) -> bool:
    return sum(int(c) if c.isdigit() else c == "-" for c in line[:68]) % 10 == int(line[68])


def read_3le(d: Path) -> pd.DataFrame:
    """One row per element set, from the fixed columns of the two TLE lines (not split on spaces)."""
    lines = (d / data.TLE_FILE).read_text(encoding="ascii").splitlines()
    assert len(lines) % 3 == 0
    rows = []
    for k in range(0, len(lines), 3):
        name, l1, l2 = lines[k : k + 3]
        assert name.startswith("0 ") and l1.startswith("1 ") and l2.startswith("2 ") and _tle_ok(l1) and _tle_ok(l2)
        yy, day = int(l1[18:20]), float(l1[20:32])
        year = 2000 + yy if yy < 57 else 1900 + yy
        rows.append({"name": name[2:].strip(), "norad": int(l1[2:7]), "year": year, "day": day,
                     "epoch": datetime(year, 1, 1) + timedelta(days=day - 1),  # day 1.0 is 1 January 00:00
                     "inc": float(l2[8:16]), "ecc": float("0." + l2[26:33]), "mm": float(l2[52:63])})  # fmt: skip
    return pd.DataFrame(rows)


def latest(tle: pd.DataFrame) -> pd.DataFrame:
    return tle.sort_values("epoch").groupby("norad").last()


def perigee(mm: float, ecc: float) -> float:
    n = mm * 2 * math.pi / 86400
    return (MU / n**2) ** (1 / 3) * (1 - ecc) - R_EARTH


def read_ged(d: Path) -> tuple[dict, dict]:
    """INDI and FAM records: names, events (with their level-2 DATE and PLAC), links."""
    indi: dict = {}
    fam: dict = {}
    rec = event = None
    text = (d / data.GED_FILE).read_text(encoding="utf-8-sig")
    for line in text.splitlines():
        m = re.match(r"(\d+) (@[^@]+@ )?(\w+)(?: (.*))?$", line)
        level, xref, tag, value = int(m.group(1)), (m.group(2) or "").strip(), m.group(3), m.group(4) or ""
        if level == 0:
            rec = event = None
            if tag == "INDI":
                rec = indi[xref] = {"events": {}, "fams": [], "famc": None, "occu": None}
            elif tag == "FAM":
                rec = fam[xref] = {"husb": None, "wife": None, "chil": []}
            continue
        if rec is None:
            continue
        if level == 1:
            event = None
            if tag == "NAME":
                rec["name"] = value
            elif tag in ("BIRT", "DEAT", "CHR", "BURI"):
                event = rec["events"][tag] = {"value": value}
            elif tag == "OCCU":
                rec["occu"] = value
            elif tag == "FAMS":
                rec["fams"].append(value)
            elif tag == "FAMC":
                rec["famc"] = value
            elif tag in ("HUSB", "WIFE"):
                rec[tag.lower()] = value
            elif tag == "CHIL":
                rec["chil"].append(value)
        elif level == 2 and event is not None and tag in ("DATE", "PLAC"):
            event[tag] = value
    return indi, fam


QUALIFIED = re.compile(r"^(ABT|Abt\.|BEF|AFT|CAL|EST|BET)\s+(\d{4})")
PLAIN = re.compile(r"^(?:(\d{1,2}) )?(?:([A-Za-z]{3}) )?(\d{4})(?:/(\d{2}))?$")


def ged_year(text: str) -> int | None:
    """The year a GEDCOM date gives: qualifiers ignored, a range by its first year, 1741/42 as 1742."""
    m = QUALIFIED.match(text)
    if m:
        return int(m.group(2))
    m = PLAIN.match(text)
    if not m:
        return None
    return int(m.group(3)) + (1 if m.group(4) else 0)


def ged_full_date(text) -> datetime | None:
    """A full date (day, month, year; months in any case), None for anything else."""
    m = re.fullmatch(r"(\d{1,2}) ([A-Za-z]{3}) (\d{4})", text) if isinstance(text, str) else None
    return datetime.strptime(f"{m.group(1)} {m.group(2).title()} {m.group(3)}", "%d %b %Y") if m else None


def read_nhanes(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    demo = pd.read_sas(d / data.DEMO_FILE, format="xport")
    bmx = pd.read_sas(d / data.BMX_FILE, format="xport")
    return demo, bmx


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    tle = read_3le(d)
    sc = pd.read_csv(d / data.SATCAT_FILE)
    a["sat_rb"] = int((sc["OBJECT_TYPE"] == "R/B").sum())
    a["sat_vandenberg"] = int((sc["LAUNCH_SITE"] == "AFWTR").sum())
    a["sat_operational"] = int(((sc["OBJECT_TYPE"] == "PAY") & (sc["OPS_STATUS_CODE"] == "+")).sum())
    a["sat_objects"] = int(tle["norad"].nunique())
    starlink = sc["OBJECT_NAME"].str.startswith("STARLINK")
    a["sat_starlink_orbit"] = int((starlink & sc["DECAY_DATE"].isna()).sum())
    a["sat_epoch_day"] = int((tle["epoch"].dt.date == date(2024, 3, 5)).sum())
    last = latest(tle)
    a["sat_max_ecc"] = int(unique_max(last["ecc"]))
    mine = tle[tle["name"] == data.SAT_DECAYER].sort_values("epoch").iloc[-1]
    a["sat_decayer_perigee"] = round(perigee(mine["mm"], mine["ecc"]), 1)
    owned = last.join(sc.set_index("NORAD_CAT_ID")["OWNER"])
    assert owned["OWNER"].notna().all()
    a["sat_owner_join"] = int((owned["OWNER"] == "PRC").sum())
    a["sat_geo"] = int(last["mm"].between(0.9, 1.1).sum())

    indi, fam = read_ged(d)
    people = pd.DataFrame(
        [{"id": k, "name": v["name"], "surname": re.search(r"/(.*)/", v["name"]).group(1), "occu": v["occu"],
          "birth": v["events"].get("BIRT", {}).get("DATE"), "bplace": v["events"].get("BIRT", {}).get("PLAC"),
          "dead": "DEAT" in v["events"], "death": v["events"].get("DEAT", {}).get("DATE")} for k, v in indi.items()]
    )  # fmt: skip
    a["gd_people"] = len(people)
    a["gd_families"] = len(fam)
    a["gd_surname"] = unique_max(people["surname"].value_counts())
    a["gd_occupation"] = unique_max(people["occu"].value_counts())
    years = people["birth"].dropna().map(ged_year)
    assert years.notna().all()
    a["gd_born_1800s"] = int(years.between(1800, 1899).sum())
    a["gd_dead"] = int(people["dead"].sum())
    a["gd_top_town"] = unique_max(people["bplace"].dropna().str.split(",").str[0].str.strip().value_counts())
    born = pd.to_datetime(people["birth"].map(ged_full_date))
    died = pd.to_datetime(people["death"].map(ged_full_date))
    both = born.notna() & died.notna()
    a["gd_lifespan"] = round(float(((died[both] - born[both]).dt.days / 365.25).mean()), 1)
    home = people[(people["name"] == "Emily Rose /Hartley/") & people["birth"].str.contains("1988")]["id"].item()

    def ancestors(i: str) -> set:
        f = indi[i]["famc"]
        out: set = set()
        for p in (fam[f]["husb"], fam[f]["wife"]) if f else ():
            if p:
                out |= {p} | ancestors(p)
        return out

    anc = ancestors(home)
    a["gd_ancestors"] = len(anc)
    couples = pd.Series({k: len(f["chil"]) for k, f in fam.items() if f["husb"] in anc and f["wife"] in anc})
    top = fam[unique_max(couples)]
    a["gd_most_children"] = indi[top["husb"]]["name"].replace("/", "").strip()

    demo, bmx = read_nhanes(d)
    a["nh_examined"] = int((demo["RIDSTATR"] == 2).sum())
    a["nh_80plus"] = int((demo["RIDAGEYR"] >= 80).sum())
    a["nh_height"] = round(float(bmx["BMXHT"].mean()), 1)
    a["nh_infants"] = int((demo["RIDAGEYR"] < 1).sum())  # a stored 0 comes back as 5.4e-79
    adults = demo[demo["RIDAGEYR"] >= 20]
    answered = adults[adults["DMDBORN4"].isin([1, 2])]
    a["nh_born_abroad"] = round(float(100 * (answered["DMDBORN4"] == 2).mean()), 1)
    m = adults.merge(bmx, on="SEQN")
    ht = m.groupby("RIAGENDR")["BMXHT"].mean()
    a["nh_height_gap"] = round(float(ht[1.0] - ht[2.0]), 1)
    bmi = m[m["BMXBMI"].notna()]
    est = bmi[bmi["RIDEXPRG"] != 1]  # pregnant women left out of the prevalence estimates
    obese = est["BMXBMI"] >= 30
    a["nh_obesity_weighted"] = round(float(100 * est.loc[obese, "WTMEC2YR"].sum() / est["WTMEC2YR"].sum()), 1)
    wmean = (bmi["BMXBMI"] * bmi["WTMEC2YR"]).groupby(bmi["RIDRETH3"]).sum() / bmi.groupby("RIDRETH3")["WTMEC2YR"].sum()
    a["nh_race_bmi"] = RIDRETH3[int(unique_max(wmean))]
    waist = m[m["BMXWAIST"].notna()]
    high = waist["BMXWAIST"] > waist["RIAGENDR"].map({1.0: 102, 2.0: 88})
    a["nh_waist"] = round(float(100 * high.mean()), 1)
    pir = est[est["INDFMPIR"].notna()]
    poor, rich = pir[pir["INDFMPIR"] < 1], pir[pir["INDFMPIR"] >= 4]
    a["nh_poverty_gap"] = round(float(100 * ((poor["BMXBMI"] >= 30).mean() - (rich["BMXBMI"] >= 30).mean())), 1)
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    tle = read_3le(d)
    sc = pd.read_csv(d / data.SATCAT_FILE)
    c["sat_objects"] = int(tle["name"].nunique())  # objects told apart by name
    c["sat_starlink_orbit"] = int(sc["OBJECT_NAME"].str.startswith("STARLINK").sum())  # re-entered ones too
    late = tle.apply(lambda r: datetime(r["year"], 1, 1) + timedelta(days=r["day"]), axis=1)  # day 1 read as 2 January
    c["sat_epoch_day"] = int((late.dt.date == date(2024, 3, 5)).sum())
    first = tle[tle["name"] == data.SAT_DECAYER].iloc[0]  # the first set listed
    c["sat_decayer_perigee"] = round(perigee(first["mm"], first["ecc"]), 1)

    indi, _fam = read_ged(d)
    births = [v["events"].get("BIRT", {}).get("DATE") for v in indi.values()]
    plain = [int(b[-4:]) for b in births if b and PLAIN.match(b)]  # qualified dates dropped
    c["gd_born_1800s"] = sum(1800 <= y <= 1899 for y in plain)
    c["gd_dead"] = sum("DATE" in v["events"].get("DEAT", {}) for v in indi.values())
    places = pd.Series([v["events"].get("BIRT", {}).get("PLAC") for v in indi.values()]).dropna()
    c["gd_top_town"] = unique_max(places.value_counts()).split(",")[0]

    demo, bmx = read_nhanes(d)
    c["nh_infants"] = int((demo["RIDAGEYR"] == 0).sum())
    adults = demo[(demo["RIDAGEYR"] >= 20) & demo["DMDBORN4"].notna()]
    c["nh_born_abroad"] = round(float(100 * (adults["DMDBORN4"] != 1).mean()), 1)
    m = demo[demo["RIDAGEYR"] >= 20].merge(bmx, on="SEQN")
    bmi = m[m["BMXBMI"].notna() & (m["RIDEXPRG"] != 1)]
    c["nh_obesity_weighted"] = round(
        float(100 * bmi.loc[bmi["BMXBMI"] >= 30, "WTINT2YR"].sum() / bmi["WTINT2YR"].sum()), 1
    )
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout37-"))
    other = Path(tempfile.mkdtemp(prefix="heldout37-again-"))
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
