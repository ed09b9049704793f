"""Check the twenty-ninth held-out set end to end.

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
from collections import Counter
from datetime import date
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


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_fao(d: Path) -> pd.DataFrame:
    """The bulk CSV is Latin-1; aggregates (Area Code 5000 and up) and China (351) are areas beside the countries."""
    return pd.read_csv(d / data.FAO_FILE, encoding="latin-1")


def fao_countries(fao: pd.DataFrame) -> pd.DataFrame:
    return fao[(fao["Area Code"] < 5000) & (fao["Area Code"] != 351)]


def fao_value(fao: pd.DataFrame, area: str, item: str, element: str, year: int) -> float:
    s = fao[(fao["Area"] == area) & (fao["Item"] == item) & (fao["Element"] == element) & (fao["Year"] == year)]
    assert len(s) == 1, (area, item, element, year)
    return s["Value"].iloc[0]


def read_bts(d: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    with zipfile.ZipFile(d / data.BTS_FILE) as z:  # a CSV and readme.html: read_csv cannot take the zip whole
        name = next(n for n in z.namelist() if n.endswith(".csv"))
        with z.open(name) as f:
            bts = pd.read_csv(f, low_memory=False)
    bts = bts.loc[:, ~bts.columns.str.startswith("Unnamed")]  # the trailing comma's empty column
    carriers = pd.read_csv(d / data.BTS_CARRIERS_FILE)
    return bts, carriers


VALUES = ["(thousand)", "Median", "percentage change", "Mean", "percentage change.1"]


def read_ashe(d: Path, sheet: str) -> pd.DataFrame:
    """One sheet: header on the fifth row, footnotes dropped, 'x' as missing, codes as text."""
    df = pd.read_excel(d / data.ASHE_FILE, sheet_name=sheet, header=4)
    df = df[df["Code"].notna() | (df["Description"] == "All employees")].copy()
    df["Code"] = df["Code"].map(lambda c: "" if pd.isna(c) else str(int(c)))
    for col in df.columns[2:]:
        df[col] = pd.to_numeric(df[col].replace("x", pd.NA), errors="coerce")
    return df.set_index("Code")


def read_pubmed(d: Path) -> list[ET.Element]:
    return ET.parse(d / data.PM_FILE).getroot().findall("PubmedArticle")


def issue_year(art: ET.Element) -> int:
    pub = art.find(".//JournalIssue/PubDate")
    y = pub.findtext("Year")
    return int(y) if y else int(re.match(r"\d{4}", pub.findtext("MedlineDate")).group())


def history(art: ET.Element, status: str) -> date | None:
    for h in art.findall(".//History/PubMedPubDate"):
        if h.get("PubStatus") == status:
            return date(int(h.findtext("Year")), int(h.findtext("Month")), int(h.findtext("Day")))
    return None


# --- the careful answers ----------------------------------------------------------------------------


def answers(d: Path) -> dict:
    a: dict = {}
    fao = read_fao(d)
    a["fao_wheat_fr"] = int(fao_value(fao, "France", "Wheat", "Production", 2022))
    ng = fao[(fao["Area"] == "Nigeria") & (fao["Item"] == "Cassava, fresh") & (fao["Element"] == "Production")]
    a["fao_cassava_est"] = int((ng[ng["Year"].between(2010, 2022)]["Flag"] == "E").sum())
    vn = fao[(fao["Area"] == "Viet Nam") & (fao["Item"] == "Coffee, green") & (fao["Element"] == "Production")]
    a["fao_vn_coffee_peak"] = int(unique_max(vn.set_index("Year")["Value"]))
    a["fao_world_wheat"] = int(fao_value(fao, "World", "Wheat", "Production", 2022))
    chick = fao[(fao["Area"] == "Brazil") & (fao["Item"] == "Chickens") & (fao["Year"] == 2022)]
    assert chick["Unit"].iloc[0] == "1000 An"
    a["fao_chickens"] = int(chick["Value"].iloc[0] * 1000)
    yld = fao[
        (fao["Area"] == "United States of America") & (fao["Item"] == "Maize (corn)") & (fao["Element"] == "Yield")
    ]
    yld = yld[yld["Year"] == 2022]
    assert yld["Unit"].iloc[0] == "100 g/ha"
    a["fao_yield_us"] = round(float(yld["Value"].iloc[0]) / 10_000, 2)
    countries = fao_countries(fao)
    soy = countries[(countries["Item"] == "Soya beans") & (countries["Element"] == "Area harvested")]
    soy = soy.pivot(index="Area", columns="Year", values="Value")
    a["fao_soy_increase"] = unique_max((soy[2022] - soy[2012]).dropna())
    wheat = countries[(countries["Item"] == "Wheat") & (countries["Year"] == 2022)]
    wheat = wheat.pivot(index="Area", columns="Element", values="Value")
    a["fao_wheat_yield_top"] = unique_max(wheat.loc[wheat["Area harvested"] >= 1_000_000, "Yield"])

    bts, carriers = read_bts(d)
    name = carriers.set_index("Code")["Description"]
    a["bts_cancelled"] = int((bts["Cancelled"] == 1).sum())
    a["bts_busiest_origin"] = unique_max(bts["Origin"].value_counts())
    a["bts_diverted"] = int((bts["Diverted"] == 1).sum())
    nk = bts[bts["Reporting_Airline"] == "NK"]
    on_time = (nk["Cancelled"] == 0) & (nk["Diverted"] == 0) & (nk["ArrDelay"] < 15)
    a["bts_ontime_pct"] = round(100 * int(on_time.sum()) / len(nk), 1)
    flown = bts[bts["Cancelled"] == 0]
    a["bts_red_eye"] = int((flown["DepTime"] % 2400 < 100).sum())  # midnight is 2400
    a["bts_cxl_airline"] = name[unique_max(bts.groupby("Reporting_Airline")["Cancelled"].mean())]
    crs = flown["CRSDepTime"].astype(int)
    scheduled = pd.to_datetime(flown["FlightDate"]) + pd.to_timedelta(crs // 100 * 60 + crs % 100, unit="min")
    left = scheduled + pd.to_timedelta(flown["DepDelay"], unit="min")
    a["bts_departed_day"] = int((left.dt.date == date(2024, 1, 13)).sum())
    causes = ["CarrierDelay", "WeatherDelay", "NASDelay", "SecurityDelay", "LateAircraftDelay"]
    by = bts.groupby("Reporting_Airline")[causes].sum()
    a["bts_late_aircraft"] = name[unique_max(by["LateAircraftDelay"] / by.sum(axis=1))]

    every = read_ashe(d, "All")
    a["ashe_jobs_all"] = round(float(every.loc["", "(thousand)"]), 1)
    majors = every[every.index.str.len() == 1]
    a["ashe_top_major"] = majors.loc[unique_max(majors["Median"]), "Description"]
    ft = read_ashe(d, "Full-Time")
    a["ashe_programmers_ft"] = int(ft.loc["2134", "Median"])
    a["ashe_prof_jobs"] = round(float(every.loc["2", "(thousand)"]), 1)
    mft, fft = read_ashe(d, "Male Full-Time"), read_ashe(d, "Female Full-Time")
    m, f = mft.loc["", "Median"], fft.loc["", "Median"]
    a["ashe_gender_gap"] = round(100 * (m - f) / m, 1)
    pt = read_ashe(d, "Part-Time")
    share = pt.loc[majors.index, "(thousand)"] / majors["(thousand)"]
    a["ashe_pt_share"] = majors.loc[unique_max(share), "Description"]
    units = mft[mft.index.str.len() == 4].merge(
        fft[["Median"]].rename(columns={"Median": "Median_f"}), left_index=True, right_index=True
    )
    units = units.dropna(subset=["Median", "Median_f"])
    gap = (units["Median"] - units["Median_f"]) / units["Median"]
    a["ashe_gap_unit"] = units.loc[unique_max(gap), "Description"]

    arts = read_pubmed(d)
    a["pm_top_journal"] = unique_max(pd.Series([x.findtext(".//Journal/ISOAbbreviation") for x in arts]).value_counts())
    a["pm_reviews"] = sum("Review" in [p.text for p in x.findall(".//PublicationType")] for x in arts)
    a["pm_issue_2022"] = sum(issue_year(x) == 2022 for x in arts)
    titles = ["".join(x.find(".//ArticleTitle").itertext()) for x in arts]  # the text inside <i> too
    a["pm_daphnia"] = sum("daphnia" in t.lower() for t in titles)
    count: Counter = Counter()
    for x in arts:
        people = x.findall(".//AuthorList/Author")
        count.update(
            {f"{p.findtext('LastName')} {p.findtext('Initials')}" for p in people if p.find("LastName") is not None}
        )
    a["pm_top_author"] = unique_max(pd.Series(count))
    china = 0
    for x in arts:
        first = x.find(".//AuthorList/Author")
        aff = first.findtext("AffiliationInfo/Affiliation") if first is not None else None
        china += bool(aff) and "China" in aff  # 'China.', 'PR China.', "People's Republic of China." ...
    a["pm_china_first"] = china
    days = [
        (history(x, "accepted") - history(x, "received")).days
        for x in arts
        if history(x, "received") and history(x, "accepted")
    ]
    a["pm_days_accept"] = float(pd.Series(days).median())
    return a


# --- the careless answers (one per trap) ------------------------------------------------------------


def careless(d: Path) -> dict:
    c: dict = {}
    fao = read_fao(d)
    rows = fao[(fao["Item"] == "Wheat") & (fao["Element"] == "Production") & (fao["Year"] == 2022)]
    c["fao_world_wheat"] = int(rows["Value"].sum())  # aggregates, China (351) and all
    chick = fao[(fao["Area"] == "Brazil") & (fao["Item"] == "Chickens") & (fao["Year"] == 2022)]
    c["fao_chickens"] = int(chick["Value"].iloc[0])

    bts, _ = read_bts(d)
    nk = bts[bts["Reporting_Airline"] == "NK"]
    c["bts_ontime_pct"] = round(100 * (1 - nk["ArrDel15"].mean()), 1)
    flown = bts[bts["Cancelled"] == 0]
    c["bts_red_eye"] = int((flown["DepTime"] < 100).sum())
    c["bts_departed_day"] = int((flown["FlightDate"] == "2024-01-13").sum())

    first = pd.read_excel(d / data.ASHE_FILE, header=4)  # the first sheet, 'All'
    c["ashe_programmers_ft"] = int(first.loc[first["Code"] == 2134, "Median"].iloc[0])
    every = read_ashe(d, "All")
    c["ashe_prof_jobs"] = round(every.loc[every.index.str.startswith("2"), "(thousand)"].sum(), 1)

    arts = read_pubmed(d)
    c["pm_issue_2022"] = sum(x.findtext(".//JournalIssue/PubDate/Year") == "2022" for x in arts)
    c["pm_daphnia"] = sum("daphnia" in (x.find(".//ArticleTitle").text or "").lower() for x in arts)
    surnames: Counter = Counter()
    for x in arts:
        surnames.update({p.text for p in x.findall(".//AuthorList/Author/LastName")})
    c["pm_top_author"] = surnames.most_common(1)[0][0]
    return c


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout29-"))
    other = Path(tempfile.mkdtemp(prefix="heldout29-again-"))
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
