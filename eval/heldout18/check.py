"""Check the eighteenth held-out set end to end.

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

# football-data.co.uk's team names -> the Wikidata labels, written out by hand as an analyst would
WIKIDATA_NAMES = {
    "Arsenal": "Arsenal F.C.", "Aston Villa": "Aston Villa F.C.", "Bournemouth": "AFC Bournemouth",
    "Brentford": "Brentford F.C.", "Brighton": "Brighton & Hove Albion F.C.", "Burnley": "Burnley F.C.",
    "Chelsea": "Chelsea F.C.", "Crystal Palace": "Crystal Palace F.C.", "Everton": "Everton F.C.",
    "Fulham": "Fulham F.C.", "Liverpool": "Liverpool F.C.", "Luton": "Luton Town F.C.",
    "Man City": "Manchester City F.C.", "Man United": "Manchester United F.C.", "Newcastle": "Newcastle United F.C.",
    "Nott'm Forest": "Nottingham Forest F.C.", "Sheffield United": "Sheffield United F.C.",
    "Tottenham": "Tottenham Hotspur F.C.", "West Ham": "West Ham United F.C.", "Wolves": "Wolverhampton Wanderers F.C.",
}  # fmt: skip
SUPERMARKETS = "rewe|edeka|aldi|lidl|kaufland"


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_bank(d: Path) -> pd.DataFrame:
    """Six account lines above the header, `;`, ISO-8859-1, decimal commas and `.` thousands separators.

    The dates are read as text: with thousands='.', '31.12.2024' would otherwise become the number 31122024.
    """
    bank = pd.read_csv(
        d / data.BANK_FILE,
        sep=";",
        skiprows=6,
        encoding="latin-1",
        decimal=",",
        thousands=".",
        dtype={"Buchungstag": str, "Wertstellung": str},
    )
    bank = bank.loc[:, ~bank.columns.str.startswith("Unnamed")]  # every line ends in ';'
    bank["Buchungstag"] = pd.to_datetime(bank["Buchungstag"], format="%d.%m.%Y")
    return bank


def read_ebd(d: Path) -> pd.DataFrame:
    ebd = pd.read_csv(d / data.EBD_FILE, sep="\t", low_memory=False)  # gzip from the name
    ebd["OBSERVATION DATE"] = pd.to_datetime(ebd["OBSERVATION DATE"])
    # a checklist: its GROUP IDENTIFIER when shared, else its SAMPLING EVENT IDENTIFIER
    ebd["checklist"] = ebd["GROUP IDENTIFIER"].fillna(ebd["SAMPLING EVENT IDENTIFIER"])
    return ebd


def read_wikidata(d: Path) -> pd.DataFrame:
    doc = json.loads((d / data.WD_FILE).read_text(encoding="utf-8"))
    wd = pd.DataFrame([{k: v["value"] for k, v in b.items()} for b in doc["results"]["bindings"]])
    wd["capacity"] = wd["capacity"].astype(float)
    wd["inception"] = pd.to_datetime(wd["inception"])
    return wd


def read_yelp(d: Path) -> pd.DataFrame:
    yelp = pd.read_json(d / data.YELP_FILE, lines=True)
    yelp["cats"] = yelp["categories"].fillna("").str.split(", ")
    return yelp


def open_at_23(hours) -> bool:
    if not isinstance(hours, dict) or "Saturday" not in hours:
        return False
    start, end = (int(h) * 60 + int(m) for h, m in (part.split(":") for part in hours["Saturday"].split("-")))
    return start <= 23 * 60 and (end <= start or end > 23 * 60)


def answers(d: Path) -> tuple[dict, dict]:
    a, careless = {}, {}

    # banking ---------------------------------------------------------------------------------------
    bank = read_bank(d)
    amount = bank["Betrag (EUR)"]
    year = bank["Buchungstag"].dt.year
    card = bank[bank["Buchungstext"] == "Kartenzahlung"]
    a["bank_card_count_2024"] = int((card["Buchungstag"].dt.year == 2024).sum())
    a["bank_salary_2023"] = float(amount[(bank["Buchungstext"] == "Lohn, Gehalt, Rente") & (year == 2023)].sum())
    a["bank_largest_out"] = float(-amount.min())
    a["bank_spend_2024"] = float(-amount[(amount < 0) & (year == 2024)].sum())
    raw = pd.read_csv(d / data.BANK_FILE, sep=";", skiprows=6, encoding="latin-1", dtype=str)
    sloppy = pd.to_numeric(raw["Betrag (EUR)"].str.replace(",", "."), errors="coerce")  # '-1.215,00' -> NaN
    sloppy_year = raw["Buchungstag"].str[-4:] == "2024"
    careless["bank_spend_2024"] = float(-sloppy[(sloppy < 0) & sloppy_year].sum())
    rewe = card[card["Auftraggeber / Begünstigter"].str.contains("rewe", case=False)]
    a["bank_median_rewe"] = float(-rewe["Betrag (EUR)"].median())
    monthly = -card.groupby(card["Buchungstag"].dt.to_period("M"))["Betrag (EUR)"].sum()
    assert (monthly == monthly.max()).sum() == 1
    a["bank_card_peak_month"] = f"{monthly.idxmax():%B %Y}"
    c24 = card[card["Buchungstag"].dt.year == 2024]
    grocer = c24["Auftraggeber / Begünstigter"].str.contains(SUPERMARKETS, case=False)
    a["bank_grocery_pct_2024"] = float(100 * c24.loc[grocer, "Betrag (EUR)"].sum() / c24["Betrag (EUR)"].sum())

    # birding ---------------------------------------------------------------------------------------
    ebd = read_ebd(d)
    a["eb_kingfisher_rows"] = int((ebd["COMMON NAME"] == "Common Kingfisher").sum())
    count = pd.to_numeric(ebd["OBSERVATION COUNT"], errors="coerce")  # X -> NaN
    a["eb_max_crane"] = int(count[ebd["COMMON NAME"] == "Common Crane"].max())
    real = ebd[ebd["CATEGORY"].isin(["species", "issf", "form"])]
    a["eb_species"] = int(real["COMMON NAME"].nunique())
    careless["eb_species"] = int(ebd["COMMON NAME"].nunique())
    a["eb_checklists"] = int(ebd["checklist"].nunique())
    careless["eb_checklists"] = int(ebd["SAMPLING EVENT IDENTIFIER"].nunique())
    lists = ebd.drop_duplicates("checklist")
    a["eb_median_duration"] = float(lists["DURATION MINUTES"].median())
    careless["eb_median_duration"] = float(ebd["DURATION MINUTES"].median())  # one value per row
    swift = ebd[(ebd["COMMON NAME"] == "Common Swift") & (ebd["OBSERVATION DATE"].dt.year == 2024)]
    a["eb_swift_first_2024"] = f"{swift['OBSERVATION DATE'].min():%Y-%m-%d}"
    complete = lists[lists["ALL SPECIES REPORTED"] == 1]
    per_month = complete.groupby(complete["OBSERVATION DATE"].dt.to_period("M")).size()
    assert (per_month == per_month.max()).sum() == 1
    a["eb_busiest_month"] = f"{per_month.idxmax():%B %Y}"
    n_species = ebd[ebd["CATEGORY"].isin(["species", "issf"])].groupby("SAMPLING EVENT IDENTIFIER").size()
    richness = complete["SAMPLING EVENT IDENTIFIER"].map(n_species).fillna(0)  # one copy of each shared list
    by_county = richness.groupby(complete["COUNTY"]).mean()
    assert (by_county == by_county.max()).sum() == 1
    a["eb_richest_county"] = by_county.idxmax()

    # football --------------------------------------------------------------------------------------
    sheets = pd.read_excel(d / data.FB_FILE, sheet_name=None)
    e0, d1, sp1 = sheets["E0"], sheets["D1"], sheets["SP1"]
    a["fb_pl_goals"] = int((e0["FTHG"] + e0["FTAG"]).sum())
    a["fb_d1_draws"] = int((d1["FTR"] == "D").sum())
    a["fb_sp1_home_wins"] = int((sp1["FTR"] == "H").sum())
    yellows = (e0["HY"] + e0["AY"]).groupby(e0["Referee"]).sum()
    assert (yellows == yellows.max()).sum() == 1
    a["fb_top_referee"] = yellows.idxmax()
    wd = read_wikidata(d)
    a["fb_oldest_club"] = wd.loc[wd["inception"].idxmin(), "clubLabel"].removesuffix(" F.C.")
    home = pd.DataFrame({"team": e0["HomeTeam"], "pts": e0["FTR"].map({"H": 3, "D": 1, "A": 0})})
    away = pd.DataFrame({"team": e0["AwayTeam"], "pts": e0["FTR"].map({"A": 3, "D": 1, "H": 0})})
    table = pd.concat([home, away]).groupby("team")["pts"].sum().sort_values(ascending=False)
    assert table.iloc[0] != table.iloc[1]
    a["fb_pl_champion"] = table.index[0]
    uk = pd.to_datetime(sp1["Date"].dt.strftime("%Y-%m-%d") + " " + sp1["Time"].astype(str))
    madrid = uk.dt.tz_localize("Europe/London").dt.tz_convert("Europe/Madrid")
    a["fb_sp1_late"] = float(100 * (madrid.dt.hour >= 21).mean())
    careless["fb_sp1_late"] = float(100 * (sp1["Time"].astype(str) >= "21:00").mean())  # UK time taken as Spanish
    capacity = wd.groupby("clubLabel")["capacity"].max()  # two rows for a stadium with two capacities
    e0["capacity"] = e0["HomeTeam"].map(WIKIDATA_NAMES).map(capacity)
    assert e0["capacity"].notna().all()
    a["fb_big_stadium_goals"] = int((e0["FTHG"] + e0["FTAG"])[e0["capacity"] >= 50_000].sum())
    wd["team"] = wd["clubLabel"].str.replace(" F.C.", "", regex=False)
    joined = e0.drop(columns="capacity").merge(
        wd, left_on="HomeTeam", right_on="team"
    )  # 'Man City' != 'Manchester City'
    careless["fb_big_stadium_goals"] = int((joined["FTHG"] + joined["FTAG"])[joined["capacity"] >= 50_000].sum())

    # reviews ---------------------------------------------------------------------------------------
    yelp = read_yelp(d)
    a["yelp_open_count"] = int((yelp["is_open"] == 1).sum())
    top = yelp[yelp["review_count"] == yelp["review_count"].max()]
    assert len(top) == 1
    a["yelp_most_reviewed"] = top["name"].iloc[0]
    philly = yelp[(yelp["city"] == "Philadelphia") & (yelp["state"] == "PA")]
    a["yelp_food_count"] = int(philly["cats"].apply(lambda c: "Food" in c).sum())
    careless["yelp_food_count"] = int(philly["categories"].str.contains("Food", na=False).sum())
    city = yelp["city"].str.strip().str.lower().str.replace(".", "", regex=False).str.replace("saint ", "st ")
    st_louis = (city == "st louis") & (yelp["state"] == "MO")
    a["yelp_st_louis"] = int(st_louis.sum())
    restaurant = yelp["cats"].apply(lambda c: "Restaurants" in c)
    tampa = yelp[(yelp["city"] == "Tampa") & (yelp["state"] == "FL") & restaurant]
    wifi = tampa["attributes"].apply(lambda x: x.get("WiFi") if isinstance(x, dict) else None)
    a["yelp_wifi_pct"] = float(100 * wifi.isin(["u'free'", "'free'"]).mean())
    a["yelp_late_saturday"] = int(philly.loc[philly["is_open"] == 1, "hours"].apply(open_at_23).sum())
    main = yelp["city"].where(~st_louis, "St. Louis")
    in_main = pd.Series(list(zip(main, yelp["state"]))).isin(
        [("Philadelphia", "PA"), ("Tampa", "FL"), ("Nashville", "TN"), ("St. Louis", "MO")]
    )
    rest = yelp[in_main & restaurant & (yelp["is_open"] == 1)]
    stars = rest.groupby(main[rest.index])["stars"].mean()
    assert (stars == stars.max()).sum() == 1
    a["yelp_city_stars"] = stars.idxmax()
    return a, careless


def render(value) -> str:
    """An answer as the assistant might state it."""
    if isinstance(value, str):
        return f"The answer is {value}."
    if float(value).is_integer() and not isinstance(value, float):
        return f"The answer is {int(value)}."
    return f"The answer is {float(value):.4f}."


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout18_a_"))
    out.mkdir(parents=True, exist_ok=True)
    again = Path(tempfile.mkdtemp(prefix="heldout18_b_", dir=out.resolve().parent))
    try:
        data.write_files(out)
        data.write_files(again)
        same = all((out / f).read_bytes() == (again / f).read_bytes() for f in data.FILES)
    finally:
        shutil.rmtree(again, ignore_errors=True)

    refs = references()
    got, careless = answers(out)
    assert set(careless) == set(TRAPS), "every documented trap is checked, and only those"
    ok = 0
    for task in TASKS:
        good = score.correct(render(got[task.id]), refs[task.id], task.kind, task.aliases)
        ok += good
        if not good:
            print(f"DISAGREE {task.id}: careful {got[task.id]!r} vs reference {refs[task.id]!r}")
    kinds = {t.id: t for t in TASKS}
    bite = 0
    for tid, value in careless.items():
        task = kinds[tid]
        wrong = value != got[tid] and not score.correct(render(value), refs[tid], task.kind, task.aliases)
        bite += wrong
        if not wrong:
            print(f"TRAP DOES NOT BITE {tid}: careless {value!r} vs reference {refs[tid]!r}")
    print(f"{ok}/{len(TASKS)} tasks agree; {bite}/{len(careless)} traps bite; files reproducible: {same}")
    return 0 if ok == len(TASKS) and bite == len(careless) and same else 1


if __name__ == "__main__":
    sys.exit(main())
