"""Check the twenty-third held-out set end to end.

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

OKAFOR, RAMAN, HALVORSEN = "C00841296", "C00850305", "C00826917"  # as the questions name them
USER = "tortuga_lenta"
AGE_UNIT_YEARS = {"801": 1.0, "802": 12.0, "804": 365.25}  # openFDA's age unit codes: years, months, days


def unique_max(s: pd.Series):
    assert (s == s.max()).sum() == 1, f"tie: {s.sort_values().tail(2)}"
    return s.idxmax()


# --- reading the files the way a careful analyst would ---------------------------------------------


def read_fec(d: Path) -> pd.DataFrame:
    """No header (the names are in the header file), pipe-delimited, everything kept as text."""
    names = pd.read_csv(d / data.FEC_HEADER_FILE).columns.tolist()
    df = pd.read_csv(d / data.FEC_FILE, sep="|", header=None, names=names, dtype=str, keep_default_na=False)
    df["amount"] = df["TRANSACTION_AMT"].astype(float)
    df["date"] = pd.to_datetime(df["TRANSACTION_DT"], format="%m%d%Y")
    df["donor"] = df["NAME"] + "|" + df["ZIP_CODE"].str[:5]
    return df


def read_pgn(path: Path) -> pd.DataFrame:
    """One row per game: the tags as columns and the movetext."""
    games, tags, moves = [], {}, []
    for line in path.read_text(encoding="utf-8").splitlines() + ['[Event "end"]']:
        m = re.match(r'^\[(\w+) "(.*)"\]$', line)
        if m and m.group(1) == "Event" and tags:
            games.append({**tags, "movetext": " ".join(moves)})
            tags, moves = {}, []
        if m:
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            moves.append(line.strip())
    g = pd.DataFrame(games)
    g["utc"] = pd.to_datetime(g["UTCDate"] + " " + g["UTCTime"], format="%Y.%m.%d %H:%M:%S").dt.tz_localize("UTC")
    g["user_white"] = g["White"] == USER
    g["opponent"] = g["Black"].where(g["user_white"], g["White"])
    g["won"] = (g["user_white"] & (g["Result"] == "1-0")) | (~g["user_white"] & (g["Result"] == "0-1"))
    g["user_elo"] = g["WhiteElo"].where(g["user_white"], g["BlackElo"])
    g["user_diff"] = g["WhiteRatingDiff"].where(g["user_white"], g["BlackRatingDiff"])
    return g


def read_cofid(path: Path, sheet: str) -> pd.DataFrame:
    """Three header rows: the headings, then the component codes and short names, which are skipped."""
    return pd.read_excel(path, sheet_name=sheet, skiprows=[1, 2])


def answers(d: Path) -> tuple[dict, dict]:
    a, careless = {}, {}

    # fec -------------------------------------------------------------------------------------------
    fec = read_fec(d)
    counted = fec[fec["MEMO_CD"] != "X"]  # memo entries are not to be added to the totals
    a["fec_largest"] = int(fec["amount"].max())
    a["fec_raman_rows"] = int((fec["CMTE_ID"] == RAMAN).sum())
    a["fec_retired"] = int((fec["OCCUPATION"] == "RETIRED").sum())
    a["fec_okafor_total"] = float(counted.loc[counted["CMTE_ID"] == OKAFOR, "amount"].sum())
    careless["fec_okafor_total"] = float(fec.loc[fec["CMTE_ID"] == OKAFOR, "amount"].sum())
    halv = counted[counted["CMTE_ID"] == HALVORSEN]
    month = unique_max(halv.groupby(halv["date"].dt.to_period("M"))["amount"].sum())
    a["fec_halvorsen_month"] = f"{month:%B %Y}"
    okafor = counted[counted["CMTE_ID"] == OKAFOR]
    primary = okafor[okafor["TRANSACTION_PGI"] == "P2024"].groupby("donor")["amount"].sum()
    assert primary.max() <= 3300
    a["fec_maxed_primary"] = int((primary >= 3300).sum())
    careless["fec_maxed_primary"] = int((okafor.groupby("donor")["amount"].sum() >= 3300).sum())
    raman = counted[counted["CMTE_ID"] == RAMAN]
    a["fec_both_democrats"] = len(set(okafor["donor"]) & set(raman["donor"]))

    # fda -------------------------------------------------------------------------------------------
    results = json.loads((d / data.FDA_FILE).read_text(encoding="utf-8"))["results"]
    rep = pd.json_normalize(results, max_level=1)
    drugs = pd.json_normalize(results, record_path=["patient", "drug"], meta=["safetyreportid", "serious"])
    reactions = pd.json_normalize(results, record_path=["patient", "reaction"], meta=["safetyreportid", "serious"])
    drugs["generic"] = drugs["openfda.generic_name"].apply(lambda x: x if isinstance(x, list) else [])
    a["fda_reports"] = len(rep)
    a["fda_deaths"] = int((rep["seriousnessdeath"] == "1").sum())
    a["fda_consumer"] = int((rep["primarysource.qualification"] == "5").sum())
    a["fda_serious"] = int((rep["serious"] == "1").sum())
    careless["fda_serious"] = int(rep["serious"].astype(int).sum())
    age = pd.to_numeric(rep["patient.patientonsetage"])
    years = age / rep["patient.patientonsetageunit"].map(AGE_UNIT_YEARS)
    assert years.notna().sum() == age.notna().sum()
    a["fda_mean_age"] = float(years.mean())
    careless["fda_mean_age"] = float(age.mean())
    sex = rep["patient.patientsex"]
    a["fda_female_pct"] = float(100 * (sex == "2").sum() / sex.isin(["1", "2"]).sum())
    sema = drugs[drugs["generic"].apply(lambda g: "SEMAGLUTIDE" in g)]
    a["fda_semaglutide_suspect"] = int(sema.loc[sema["drugcharacterization"] == "1", "safetyreportid"].nunique())
    careless["fda_semaglutide_suspect"] = int(sema["safetyreportid"].nunique())
    tirz = drugs[drugs["generic"].apply(lambda g: "TIRZEPATIDE" in g) & (drugs["drugcharacterization"] == "1")]
    serious_tirz = set(tirz.loc[tirz["serious"] == "1", "safetyreportid"])
    hits = reactions[reactions["safetyreportid"].isin(serious_tirz)].drop_duplicates(
        ["safetyreportid", "reactionmeddrapt"]
    )
    a["fda_tirzepatide_reaction"] = unique_max(hits["reactionmeddrapt"].value_counts())

    # chess -----------------------------------------------------------------------------------------
    g = read_pgn(d / data.CHESS_FILE)
    a["chess_games"] = len(g)
    a["chess_time_forfeit"] = int((g["Termination"] == "Time forfeit").sum())
    a["chess_wins"] = int(g["won"].sum())
    careless["chess_wins"] = int((g["Result"] == "1-0").sum())
    opponents = g.loc[g["opponent"] != "Anonymous", "opponent"].value_counts()
    a["chess_top_opponent"] = unique_max(opponents)
    white = g[g["user_white"] & (g["Opening"] != "?")]
    a["chess_white_opening"] = unique_max(white["Opening"].str.split(":").str[0].value_counts())
    blitz = g[g["Event"] == "Rated Blitz game"]
    last = blitz.sort_values("utc").iloc[-1]  # the export lists the newest game first
    a["chess_blitz_final"] = int(last["user_elo"]) + int(last["user_diff"])
    first_in_file = blitz.iloc[-1]
    careless["chess_blitz_final"] = int(first_in_file["user_elo"]) + int(first_in_file["user_diff"])
    a["chess_night_games"] = int((g["utc"].dt.tz_convert("Europe/Madrid").dt.hour < 6).sum())
    careless["chess_night_games"] = int((g["utc"].dt.hour < 6).sum())
    g["last_move"] = g["movetext"].str.findall(r"(\d+)\.").str[-1].astype(int)
    mates = g[g["won"] & (g["Termination"] == "Normal") & g["movetext"].str.contains("#", regex=False)]
    a["chess_mate_length"] = float(mates["last_move"].mean())

    # cofid -----------------------------------------------------------------------------------------
    book = d / data.COFID_FILE
    prox = read_cofid(book, "1.3 Proximates")
    inorg = read_cofid(book, "1.4 Inorganics")
    factors = read_cofid(book, "1.2 Factors")
    protein = pd.to_numeric(prox["Protein (g)"], errors="coerce")
    a["cofid_lentils"] = float(prox.loc[prox["Food Name"] == "Lentils, red, split, dried, boiled in unsalted water", "Protein (g)"].item())  # fmt: skip
    a["cofid_max_protein"] = prox.loc[unique_max(protein), "Food Name"]
    cereals = prox.loc[prox["Group"] == "AI", "Total sugars (g)"]
    a["cofid_cereal_sugars"] = float(pd.to_numeric(cereals.replace("Tr", 0)).mean())  # a trace is (about) none
    careless["cofid_cereal_sugars"] = float(pd.to_numeric(cereals, errors="coerce").mean())
    a["cofid_fibre_6g"] = int((pd.to_numeric(prox["AOAC fibre (g)"], errors="coerce") >= 6).sum())
    both = (
        prox[["Food Code", "Food Name"]]
        .assign(protein=protein)
        .merge(inorg[["Food Code", "Calcium (mg)"]], on="Food Code")
    )
    both["calcium"] = pd.to_numeric(both["Calcium (mg)"], errors="coerce")
    rich = both[both["protein"] >= 20].set_index("Food Name")["calcium"].dropna()
    a["cofid_calcium_protein"] = unique_max(rich)
    banana = "Bananas, flesh only, raw"
    edible = factors.loc[factors["Food Name"] == banana, "Edible proportion"].item()
    potassium = inorg.loc[inorg["Food Name"] == banana, "Potassium (mg)"].item()
    a["cofid_bananas_potassium"] = float(1500 * edible * potassium / 100)
    sodium = inorg.set_index("Food Name")["Sodium (mg)"]
    recipe = {"Flour, wheat, white, plain, raw": 500, "Salt, table": 9, "Yeast, dried": 7, "Butter, salted": 25}
    a["cofid_loaf_salt"] = float(sum(grams * float(sodium[name]) / 100 for name, grams in recipe.items()) * 2.5 / 1000)
    return a, careless


def render(value) -> str:
    """An answer as the assistant might state it."""
    if isinstance(value, str):
        return f"The answer is {value}."
    if float(value).is_integer() and not isinstance(value, float):
        return f"The answer is {int(value)}."
    return f"The answer is {float(value):.4f}."


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="heldout23_a_"))
    out.mkdir(parents=True, exist_ok=True)
    again = Path(tempfile.mkdtemp(prefix="heldout23_b_", dir=out.resolve().parent))
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
        value = got[task.id]
        if task.kind == "number" and isinstance(refs[task.id], int) and float(value).is_integer():
            value = int(value)
        good = score.correct(render(value), refs[task.id], task.kind, task.aliases)
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
