"""The twenty-third held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step or an odd format), hard (joins, reshapes, time arithmetic or several steps).
A reference whose answer would be a tie raises, so a seed that makes a question ambiguous fails
loudly instead of scoring noise.
"""

from __future__ import annotations

import calendar
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from data import (
    CHESS_FILE,
    CHESS_USER,
    COFID_FILE,
    FDA_FILE,
    FEC_FILE,
    FEC_HEADER_FILE,
    HALVORSEN,
    LIMIT,
    MADRID,
    OKAFOR,
    RAMAN,
    Truth,
    truth,
)


@dataclass
class Task:
    id: str
    difficulty: str
    question: str
    ref: Callable[[Truth], Any]
    kind: str = "number"  # number | text
    aliases: list[str] = field(default_factory=list)  # other accepted spellings of a text answer (default seed)


# --- helpers over the clean records ---------------------------------------------------------------


def argmax(scores: dict[Any, float]) -> Any:
    """The key with the highest score; raises on a tie (the question would have two answers)."""
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        raise ValueError(f"tie for first place: {ranked[:2]}")
    return ranked[0][0]


# fec: one row per record of itcont.txt; "person" is (name, five-digit ZIP); memo rows are not money received


def _counted(t: Truth, cmte: str) -> list[dict]:
    return [r for r in t.fec if r["cmte"] == cmte and not r["memo"]]


def _okafor_total(t: Truth) -> int:
    if not any(r["memo"] for r in t.fec if r["cmte"] == OKAFOR):
        raise ValueError("no memo entries: the question would not test them")
    return sum(r["amt"] for r in _counted(t, OKAFOR))


def _best_month(t: Truth) -> str:
    by: Counter = Counter()
    for r in _counted(t, HALVORSEN):
        by[(r["date"].year, r["date"].month)] += r["amt"]
    year, month = argmax(by)
    return f"{calendar.month_name[month]} {year}"


def _maxed_primary(t: Truth) -> int:
    given: Counter = Counter()
    for r in _counted(t, OKAFOR):
        if r["pgi"] == "P2024":
            given[r["person"]] += r["amt"]
    if any(v > LIMIT for v in given.values()):
        raise ValueError("a donor over the limit after refunds")
    return sum(v == LIMIT for v in given.values())


def _both(t: Truth) -> int:
    return len({r["person"] for r in _counted(t, OKAFOR)} & {r["person"] for r in _counted(t, RAMAN)})


# fda: reports with clean fields; "drugs" and "reactions" as the API gives them

AGE_UNIT_YEARS = {"801": 1.0, "802": 12.0, "804": 365.25}


def _suspect(report: dict, generic: str) -> bool:
    return any(
        d["drugcharacterization"] == "1" and generic in d.get("openfda", {}).get("generic_name", [])
        for d in report["drugs"]
    )


def _mean_age(t: Truth) -> float:
    ages = [int(r["age"][0]) / AGE_UNIT_YEARS[r["age"][1]] for r in t.fda if r["age"]]
    return statistics.mean(ages)


def _female_pct(t: Truth) -> float:
    known = [r["sex"] for r in t.fda if r["sex"] in ("1", "2")]
    return 100 * known.count("2") / len(known)


def _tirz_reaction(t: Truth) -> str:
    counts: Counter = Counter()
    for r in t.fda:
        if r["serious"] and _suspect(r, "TIRZEPATIDE"):
            counts.update({x["reactionmeddrapt"] for x in r["reactions"]})
    return argmax(counts)


# chess: games oldest first; "mine" is the user's rating before the game, "diff" its change (rated games)


def _top_opponent(t: Truth) -> str:
    counts = Counter(g["opp"] for g in t.chess)
    anonymous = counts.pop("Anonymous", 0)
    best = argmax(counts)
    if anonymous >= counts[best]:
        raise ValueError("more games against anonymous players than against the top opponent")
    return best


def _white_opening(t: Truth) -> str:
    return argmax(Counter(g["opening"].split(":")[0] for g in t.chess if g["user_white"] and g["opening"]))


def _blitz_final(t: Truth) -> int:
    blitz = [g for g in t.chess if g["rated"] and g["speed"] == "Blitz"]
    last = max(blitz, key=lambda g: g["utc"])
    return last["mine"] + last["diff"]


def _night_games(t: Truth) -> int:
    return sum(g["utc"].astimezone(MADRID).hour < 6 for g in t.chess)


def _mate_length(t: Truth) -> float:
    lengths = [g["moves"] for g in t.chess if g["mate"] and g["score"] == 1.0]
    return statistics.mean(lengths)


# cofid: foods with their values by column heading; "Tr" a trace, "N" unknown, None not analysed


def _food(t: Truth, name: str) -> dict:
    (food,) = [f for f in t.cofid["foods"] if f["name"] == name]
    return food["values"]


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _max_protein(t: Truth) -> str:
    return argmax({f["name"]: f["values"]["Protein (g)"] for f in t.cofid["foods"] if _num(f["values"]["Protein (g)"])})


def _cereal_sugars(t: Truth) -> float:
    values = [f["values"]["Total sugars (g)"] for f in t.cofid["foods"] if f["group"] == "AI"]
    if not all(_num(v) or v == "Tr" for v in values) or values.count("Tr") < 2:
        raise ValueError("the cereals' sugars should be numbers or traces, with traces among them")
    return statistics.mean(0.0 if v == "Tr" else v for v in values)


def _calcium_protein(t: Truth) -> str:
    return argmax({
        f["name"]: f["values"]["Calcium (mg)"]
        for f in t.cofid["foods"]
        if _num(f["values"]["Protein (g)"]) and f["values"]["Protein (g)"] >= 20 and _num(f["values"]["Calcium (mg)"])
    })  # fmt: skip


BANANAS = "Bananas, flesh only, raw"
LOAF = [("Flour, wheat, white, plain, raw", 500), ("Salt, table", 9), ("Yeast, dried", 7), ("Butter, salted", 25)]


def _bananas(t: Truth) -> float:
    v = _food(t, BANANAS)
    return 1500 * v["Edible proportion"] * v["Potassium (mg)"] / 100


def _loaf_salt(t: Truth) -> float:
    return sum(grams * _food(t, name)["Sodium (mg)"] / 100 for name, grams in LOAF) * 2.5 / 1000


def _code_of(t: Truth, name: str) -> str:
    (food,) = [f for f in t.cofid["foods"] if f["name"] == name]
    return food["code"]


# --- the questions --------------------------------------------------------------------------------

FEC_READ = (
    f"{FEC_FILE} is the FEC's bulk file of itemized contributions from individuals for the 2023-2024 cycle, cut to the "
    f"three campaign committees in the race for New Jersey's 7th congressional district: Okafor for Congress "
    f"({OKAFOR}), Raman for New Jersey ({RAMAN}) and Halvorsen for Congress ({HALVORSEN}). Its column names are in "
    f"{FEC_HEADER_FILE}."
)
FDA_READ = (
    f"{FDA_FILE} is a result of the openFDA drug adverse event API (api.fda.gov/drug/event.json): the FAERS reports "
    "received by the FDA from January to March 2024 that name semaglutide or tirzepatide."
)
CHESS_READ = (
    f"{CHESS_FILE} is the lichess.org export (PGN) of all the games the player {CHESS_USER} played in 2024. "
    f"{CHESS_USER} lives in Madrid."
)
COFID_READ = (
    f"{COFID_FILE} is an extract of McCance and Widdowson's Composition of Foods Integrated Dataset (CoFID, 2021) with "
    "its Factors, Proximates and Inorganics sheets; nutrients are given per 100 g of the edible part of each food."
)

TASKS = [
    # fec (FEC bulk individual contributions) ------------------------------------------------------------
    Task(
        "fec_largest",
        "easy",
        f"{FEC_READ} What is the largest single contribution amount in {FEC_FILE}, in dollars?",
        lambda t: max(r["amt"] for r in t.fec),
    ),
    Task(
        "fec_raman_rows",
        "easy",
        f"{FEC_READ} How many records in {FEC_FILE} are for Raman for New Jersey ({RAMAN})?",
        lambda t: sum(r["cmte"] == RAMAN for r in t.fec),
    ),
    Task(
        "fec_retired",
        "easy",
        f"{FEC_READ} How many records in {FEC_FILE} give the contributor's occupation as RETIRED?",
        lambda t: sum(r["occupation"] == "RETIRED" for r in t.fec),
    ),
    Task(
        "fec_okafor_total",
        "medium",
        f"{FEC_READ} How much did Okafor for Congress raise in itemized contributions from individuals over the cycle, "
        "net of refunds, in dollars?",
        _okafor_total,
    ),
    Task(
        "fec_halvorsen_month",
        "medium",
        f"{FEC_READ} In which month did Halvorsen for Congress take in the most money in itemized individual "
        "contributions (net of refunds, memo entries not counted)? Give the month and year.",
        _best_month,
        kind="text",
    ),
    Task(
        "fec_maxed_primary",
        "hard",
        f"{FEC_READ} How many individuals had given Okafor for Congress the maximum of ${LIMIT:,} for the 2024 primary "
        "election, net of any refunds? Count a donor as one person when the name and the five-digit ZIP code match.",
        _maxed_primary,
    ),
    Task(
        "fec_both_democrats",
        "hard",
        f"{FEC_READ} How many individuals gave to both Okafor for Congress and Raman for New Jersey? Count a donor as "
        "one person when the name and the five-digit ZIP code match.",
        _both,
    ),
    # fda (openFDA drug adverse events) ----------------------------------------------------------------
    Task(
        "fda_reports",
        "easy",
        f"{FDA_READ} How many adverse event reports does the file hold?",
        lambda t: len(t.fda),
    ),
    Task(
        "fda_deaths",
        "easy",
        f"{FDA_READ} In how many of the reports did the patient die (the seriousness criterion death)?",
        lambda t: sum("death" in r["criteria"] for r in t.fda),
    ),
    Task(
        "fda_consumer",
        "easy",
        f"{FDA_READ} How many of the reports were made by a consumer or other non-health professional (primary source "
        "qualification 5)?",
        lambda t: sum(r["qualification"] == "5" for r in t.fda),
    ),
    Task(
        "fda_serious",
        "medium",
        f"{FDA_READ} How many of the reports are classed as serious?",
        lambda t: sum(r["serious"] for r in t.fda),
    ),
    Task(
        "fda_mean_age",
        "medium",
        f"{FDA_READ} What is the mean age of the patients, in years, over the reports that give the patient's age? "
        "Give one decimal.",
        _mean_age,
    ),
    Task(
        "fda_female_pct",
        "medium",
        f"{FDA_READ} Of the reports that say whether the patient was male or female, what percentage are about women?",
        _female_pct,
    ),
    Task(
        "fda_semaglutide_suspect",
        "hard",
        f"{FDA_READ} In how many of the reports is semaglutide, under any of its brand names, a suspect drug?",
        lambda t: sum(_suspect(r, "SEMAGLUTIDE") for r in t.fda),
    ),
    Task(
        "fda_tirzepatide_reaction",
        "hard",
        f"{FDA_READ} Among the serious reports in which tirzepatide (Mounjaro or Zepbound) is a suspect drug, which "
        "reaction (MedDRA preferred term) appears in the most reports?",
        _tirz_reaction,
        kind="text",
    ),
    # chess (lichess PGN export) -----------------------------------------------------------------------
    Task(
        "chess_games",
        "easy",
        f"{CHESS_READ} How many games are in the file?",
        lambda t: len(t.chess),
    ),
    Task(
        "chess_time_forfeit",
        "easy",
        f"{CHESS_READ} How many of the games ended on time (termination: time forfeit)?",
        lambda t: sum(g["termination"] == "Time forfeit" for g in t.chess),
    ),
    Task(
        "chess_wins",
        "medium",
        f"{CHESS_READ} How many of the games did {CHESS_USER} win?",
        lambda t: sum(g["score"] == 1.0 for g in t.chess),
    ),
    Task(
        "chess_top_opponent",
        "medium",
        f"{CHESS_READ} Which opponent did {CHESS_USER} play most often? Give the lichess username.",
        _top_opponent,
        kind="text",
    ),
    Task(
        "chess_white_opening",
        "medium",
        f"{CHESS_READ} Which opening did {CHESS_USER} play most often with the white pieces? Count by opening family: "
        "the name in the Opening tag up to the first colon.",
        _white_opening,
        kind="text",
    ),
    Task(
        "chess_blitz_final",
        "hard",
        f"{CHESS_READ} What was {CHESS_USER}'s blitz rating after the last rated blitz game of 2024?",
        _blitz_final,
    ),
    Task(
        "chess_night_games",
        "hard",
        f"{CHESS_READ} How many of the games did {CHESS_USER} start between midnight and 6 in the morning, Madrid time?",
        _night_games,
    ),
    Task(
        "chess_mate_length",
        "hard",
        f"{CHESS_READ} In the games {CHESS_USER} won by checkmate, how many moves did a game last on average? Count "
        "full moves, i.e. the number of the last move. Give two decimals.",
        _mate_length,
    ),
    # cofid (McCance and Widdowson's food composition workbook) ---------------------------------------
    Task(
        "cofid_lentils",
        "easy",
        f"{COFID_READ} How much protein is in 100 g of 'Lentils, red, split, dried, boiled in unsalted water', in grams?",
        lambda t: _food(t, "Lentils, red, split, dried, boiled in unsalted water")["Protein (g)"],
    ),
    Task(
        "cofid_max_protein",
        "easy",
        f"{COFID_READ} Which food in the Proximates sheet has the most protein per 100 g? Give the food name.",
        _max_protein,
        kind="text",
    ),
    Task(
        "cofid_cereal_sugars",
        "medium",
        f"{COFID_READ} What is the average total sugars content of the breakfast cereals (food group AI), in grams per "
        "100 g, over all the cereals in the group?",
        _cereal_sugars,
    ),
    Task(
        "cofid_fibre_6g",
        "medium",
        f"{COFID_READ} How many foods have at least 6 g of AOAC fibre per 100 g?",
        lambda t: sum(_num(v := f["values"]["AOAC fibre (g)"]) and v >= 6 for f in t.cofid["foods"]),
    ),
    Task(
        "cofid_calcium_protein",
        "hard",
        f"{COFID_READ} Of the foods with at least 20 g of protein per 100 g, which has the most calcium per 100 g? Give "
        "the food name.",
        _calcium_protein,
        kind="text",
    ),
    Task(
        "cofid_bananas_potassium",
        "hard",
        f"{COFID_READ} I bought 1.5 kg of bananas, weighed with their skins. How much potassium is in the part I can eat, "
        f"in mg? Use the food '{BANANAS}'.",
        _bananas,
    ),
    Task(
        "cofid_loaf_salt",
        "hard",
        f"{COFID_READ} A bread dough is made from "
        + ", ".join(f"{g} g of '{n}'" for n, g in LOAF[:-1])
        + f" and {LOAF[-1][1]} g of '{LOAF[-1][0]}' (plus water). How much salt does it contain, in grams, counting "
        "salt as sodium x 2.5?",
        _loaf_salt,
    ),
]

QUICK = ["fec_largest", "fda_reports", "chess_games"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "fec_okafor_total": "every record of the committee summed, memo entries (MEMO_CD X: joint fundraising committee "
    "attributions, already counted as the transfer) included",
    "fec_maxed_primary": "the donors' contributions added up over both elections: the $3,300 limit applies to the "
    "primary (P2024) and the general (G2024) separately",
    "fda_serious": "the serious field summed as if it were a 0/1 flag: it is 1 for serious and 2 for not serious",
    "fda_mean_age": "patientonsetage averaged without its unit: a few ages are given in months (802) or days (804)",
    "fda_semaglutide_suspect": "every report naming semaglutide counted, including those where it is only a "
    "concomitant drug (drugcharacterization 2), e.g. earlier therapy in a tirzepatide report",
    "chess_wins": "the games with Result 1-0 counted: the result is from White's point of view, and the player has "
    "Black in half the games",
    "chess_blitz_final": "the last rated blitz game in the file taken: lichess exports the newest game first, so that "
    "is the first blitz game of the year",
    "chess_night_games": "the UTCTime tag read as Madrid time: Madrid is one hour ahead of UTC in winter and two in "
    "summer",
    "cofid_cereal_sugars": "the sugars column turned to numbers with the traces (Tr) becoming missing values, so the "
    "cereals with a trace of sugar drop out of the average instead of counting as (about) zero",
}

US_SPELLINGS = {
    "Diarrhoea": ["Diarrhea"],
    "Hypoglycaemia": ["Hypoglycemia"],
    "Gastrooesophageal reflux disease": ["Gastroesophageal reflux disease", "GERD"],
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _month_aliases(text: str) -> list[str]:
    """`July 2024`: the other ways of writing that month."""
    name, year = text.split()
    m = list(calendar.month_name).index(name)
    spellings = [f"{calendar.month_abbr[m]} {year}", f"{year}-{m:02d}", f"{m:02d}/{year}", f"{m}/{year}"]
    return [s for s in dict.fromkeys(spellings) if s != text]


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a month, a spelling, a food code)."""
    t = truth()
    refs = references(t)
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id == "fec_halvorsen_month":
            task.aliases = _month_aliases(ref)
        elif task.id == "fda_tirzepatide_reaction":
            task.aliases = US_SPELLINGS.get(ref, [])
        elif task.id.startswith("cofid_"):
            task.aliases = [_code_of(t, ref)]


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)
assert set(TRAPS) <= {t.id for t in TASKS} and len(TRAPS) <= 10
assert all(t.difficulty != "easy" for t in TASKS if t.id in TRAPS)

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
