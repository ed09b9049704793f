"""Check the thirty-third held-out set end to end.

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

INDIVIDUAL = "individual-person-with-significant-control"
SNAPSHOT = pd.Timestamp("2024-06-01")


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------

ADIF_TAG = re.compile(r"<(\w+)(?::(\d+)(?::\w)?)?>")


def read_adif(d: Path) -> pd.DataFrame:
    """One row per record: every field by its length, names in lower case, as text."""
    body = (d / data.HR_FILE).read_text(encoding="utf-8")
    body = body[re.search(r"<eoh>", body, re.IGNORECASE).end() :]
    recs, cur, pos = [], {}, 0
    for m in ADIF_TAG.finditer(body):
        if m.start() < pos:  # a '<' inside a value
            continue
        name = m.group(1).lower()
        if name == "eor":
            recs.append(cur)
            cur, pos = {}, m.end()
            continue
        n = int(m.group(2))
        cur[name] = body[m.end() : m.end() + n]
        pos = m.end() + n
    return pd.DataFrame(recs)


def read_psc(d: Path) -> pd.DataFrame:
    """One row per person or statement (the totals line at the end left out), the nested data flattened."""
    lines = [json.loads(x) for x in (d / data.PSC_FILE).read_text(encoding="utf-8").splitlines() if x.strip()]
    rows = [x for x in lines if "company_number" in x]
    assert len(rows) == len(lines) - 1
    return pd.json_normalize(rows)


def adif_time(day: pd.Series, hms: pd.Series) -> pd.Series:
    return pd.to_datetime(day + hms.str.pad(6, side="right", fillchar="0"), format="%Y%m%d%H%M%S")


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    met = pd.read_csv(d / data.MET_FILE, encoding="utf-8-sig")
    a["met_highlights"] = int(met["Is Highlight"].sum())
    a["met_dept"] = unique_max(met["Department"].value_counts())
    egy = met[met["Department"] == "Egyptian Art"]
    a["met_egypt_bc"] = int((egy["Object End Date"] < -1000).sum())
    makers = met["Artist Display Name"].fillna("").str.split("|")
    a["met_tiffany"] = int(makers.apply(lambda xs: "Louis Comfort Tiffany" in xs).sum())
    a["met_women"] = int(met["Artist Gender"].fillna("").str.contains("Female").sum())
    ep = met[met["Department"] == "European Paintings"]
    a["met_gallery"] = int(unique_max(ep["Gallery Number"].dropna().astype(int).value_counts()))
    gr = met[met["Department"] == "Greek and Roman Art"]
    cm = pd.to_numeric(gr["Dimensions"].str.extract(r"^H\. [\d /]+ in\. \(([\d.]+) cm\)")[0])
    assert cm.notna().sum() == gr["Dimensions"].str.startswith("H. ").sum()
    a["met_height"] = round(float(cm.mean()), 1)
    dp = met[met["Department"] == "Drawings and Prints"]
    year = pd.to_numeric(dp["AccessionYear"].astype("string").str[:4]).dropna()  # some are full dates
    a["met_acq_decade"] = int(unique_max((year // 10 * 10).astype(int).value_counts()))

    co = pd.read_csv(d / data.CH_FILE, dtype=str, keep_default_na=False)
    co.columns = co.columns.str.strip()  # ' CompanyNumber'
    a["ch_active"] = int((co["CompanyStatus"] == "Active").sum())
    sic = co.loc[co["SICCode.SicText_1"] != "None Supplied", "SICCode.SicText_1"].str[:5]
    a["ch_sic"] = unique_max(sic.value_counts())
    a["ch_norwich"] = int((co["RegAddress.PostTown"].str.strip().str.upper() == "NORWICH").sum())
    due = pd.to_datetime(co["Accounts.NextDueDate"], format="%d/%m/%Y")
    a["ch_overdue"] = int((due < SNAPSHOT).sum())
    psc = read_psc(d)
    if "data.ceased_on" not in psc:
        psc["data.ceased_on"] = None
    ind = psc[psc["data.kind"] == INDIVIDUAL]
    a["ch_psc_count"] = len(ind)
    cur_ind = ind[ind["data.ceased_on"].isna()]
    a["ch_psc_birth"] = float(cur_ind["data.date_of_birth.year"].median())
    current = psc[psc["data.ceased_on"].isna()]
    natures = current["data.natures_of_control"].apply(lambda x: x if isinstance(x, list) else [])
    a["ch_majority"] = int(natures.apply(lambda xs: any(n.startswith("ownership-of-shares-75-to-100-percent") for n in xs)).sum())  # fmt: skip
    active = co[co["CompanyStatus"] == "Active"]
    a["ch_no_psc"] = int((~active["CompanyNumber"].isin(set(cur_ind["company_number"]))).sum())

    log = read_adif(d)
    a["hr_qsos"] = len(log)
    a["hr_top_band"] = unique_max(log["band"].str.lower().value_counts())
    a["hr_ft4"] = int(((log["mode"] == "FT4") | (log["submode"] == "FT4")).sum())
    a["hr_dxcc"] = int(log["dxcc"].nunique())
    ft8 = log[log["mode"] == "FT8"]
    a["hr_rst"] = round(float(pd.to_numeric(ft8["rst_rcvd"]).mean()), 1)
    first = log.groupby("dxcc")["qso_date"].min()
    a["hr_new_dxcc"] = int((first >= "20240101").sum())
    ssb = log[log["mode"] == "SSB"]
    mins = (adif_time(ssb["qso_date_off"], ssb["time_off"]) - adif_time(ssb["qso_date"], ssb["time_on"])).dt.total_seconds() / 60  # fmt: skip
    assert (mins > 0).all()
    a["hr_ssb_minutes"] = round(float(mins.mean()), 1)

    con = sqlite3.connect(d / data.LR_FILE)
    img = pd.read_sql("SELECT * FROM Adobe_images", con)
    exif = pd.read_sql("SELECT * FROM AgHarvestedExifMetadata", con)
    cams = pd.read_sql("SELECT id_local AS cameraModelRef, value AS camera FROM AgInternedExifCameraModel", con)
    files = pd.read_sql("SELECT id_local AS rootFile, folder FROM AgLibraryFile", con)
    folders = pd.read_sql("SELECT id_local AS folder, pathFromRoot FROM AgLibraryFolder", con)
    con.close()
    a["lr_rejected"] = int((img["pick"] == -1).sum())
    a["lr_five_star"] = int((img["rating"] == 5).sum())
    masters = img[img["masterImage"].isna()]
    a["lr_photos"] = len(masters)
    ex = masters.merge(exif, left_on="id_local", right_on="image").merge(cams, on="cameraModelRef")
    assert len(ex) == len(masters)
    a["lr_camera"] = unique_max(ex["camera"].value_counts())
    touched = img[img["touchTime"] > 0]
    when = pd.to_datetime(touched["touchTime"], unit="s", origin=pd.Timestamp("2001-01-01"))
    a["lr_edited"] = int((when.dt.year == 2024).sum())
    a["lr_f8"] = int((2 ** (ex["aperture"] / 2) >= 8 - 1e-6).sum())
    good = masters[masters["rating"] >= 4].merge(files, on="rootFile").merge(folders, on="folder")
    a["lr_folder"] = unique_max(good["pathFromRoot"].value_counts())
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    met = pd.read_csv(d / data.MET_FILE, encoding="utf-8-sig")
    c["met_tiffany"] = int((met["Artist Display Name"] == "Louis Comfort Tiffany").sum())
    c["met_women"] = int((met["Artist Gender"] == "Female").sum())
    gr = met[(met["Department"] == "Greek and Roman Art") & met["Dimensions"].str.startswith("H. ")]
    c["met_height"] = round(float(pd.to_numeric(gr["Dimensions"].str.extract(r"(\d+)")[0]).mean()), 1)

    co = pd.read_csv(d / data.CH_FILE, dtype=str, keep_default_na=False)
    c["ch_norwich"] = int((co["RegAddress.PostTown"] == "NORWICH").sum())
    due = pd.to_datetime(co["Accounts.NextDueDate"], format="mixed")  # month first wherever it can be
    c["ch_overdue"] = int((due < SNAPSHOT).sum())
    psc = read_psc(d)
    current = psc[psc["data.ceased_on"].isna()]
    natures = current["data.natures_of_control"].apply(lambda x: x if isinstance(x, list) else [])
    c["ch_majority"] = int(natures.apply(lambda xs: "ownership-of-shares-75-to-100-percent" in xs).sum())

    log = read_adif(d)
    c["hr_ft4"] = int((log["mode"] == "FT4").sum())
    ssb = log[log["mode"] == "SSB"]
    mins = (adif_time(ssb["qso_date"], ssb["time_off"]) - adif_time(ssb["qso_date"], ssb["time_on"])).dt.total_seconds() / 60  # fmt: skip
    c["hr_ssb_minutes"] = round(float(mins.mean()), 1)

    con = sqlite3.connect(d / data.LR_FILE)
    c["lr_photos"] = int(con.execute("SELECT count(*) FROM Adobe_images").fetchone()[0])
    c["lr_f8"] = int(con.execute("SELECT count(*) FROM AgHarvestedExifMetadata WHERE aperture >= 8").fetchone()[0])
    con.close()
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout33-"))
    other = Path(tempfile.mkdtemp(prefix="heldout33-again-"))
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
