"""The twenty-third held-out set's data: clean records built from a fixed seed, rendered the way real
public data exports look.

Four topics, each modelled on a real kind of export:

* fec     -- the Federal Election Commission's bulk file of itemized contributions from individuals
             (`itcont.txt`, www.fec.gov/data/browse-data/?tab=bulk-data) for the 2023-2024 cycle, cut to
             the three campaign committees of an invented House race in New Jersey's 7th district, with
             the FEC's separate one-line `indiv_header_file.csv`. The data file has **no header**, is
             **pipe-delimited** and unquoted; dates are `MMDDYYYY` (`04152024`, the leading zero matters);
             ZIP codes are nine digits or five, the same donor written both ways; contributions earmarked
             through ActBlue or WinRed (type `15E`) count, but **memo entries (`MEMO_CD` `X`, here the
             attributions of joint fundraising committee transfers, type `15J`) are not to be added to
             the totals**; refunds (type `22Y`) are negative; each contribution is designated for the
             primary (`P2024`) or the general (`G2024`) election, the $3,300 limit applying to each;
* fda     -- an openFDA drug adverse event API result (api.fda.gov/drug/event.json) saved as JSON: FAERS
             reports received in the first quarter of 2024 naming semaglutide or tirzepatide. Nested:
             `meta` and `results`, each report with a `patient` holding lists of `reaction` and `drug`,
             each drug with an `openfda` block of lists; **every value a string, and codes for
             everything** (`serious` 1 = serious, 2 = not serious; seriousness criteria present only
             when met; `patientsex` 0/1/2; `patientonsetage` with a unit code `patientonsetageunit`,
             801 years, 802 months, 804 days; `drugcharacterization` 1 suspect, 2 concomitant, 3
             interacting; primary source `qualification` 1-5); product names as reported (`OZEMPIC`,
             `Ozempic 1 mg/dose`, `SEMAGLUTIDE`), the `openfda` generic name harmonised;
* chess   -- a lichess.org game export (`lichess_<user>_<date>.pgn`, lichess.org/api/games/user) of one
             player's 2024 games with clocks: PGN, not a table; **newest game first**; `White`/`Black`
             and a `Result` from White's point of view (`1-0`, `0-1`, `1/2-1/2`); `UTCDate`/`UTCTime` in
             UTC; `WhiteElo`/`BlackElo` before the game and `WhiteRatingDiff`/`BlackRatingDiff` (`+6`,
             `-5`) only on rated games; `?` for an anonymous opponent's rating; a separate rating per
             speed (`Rated Blitz game`, `Rated Rapid game`, ...); Chess960 games with a `FEN`; the moves on
             one line with `{ [%clk 0:02:58] }` comments, a checkmate marked `#`;
* cofid   -- McCance and Widdowson's Composition of Foods Integrated Dataset (CoFID, 2021) from gov.uk,
             cut to the title sheet and three of its data sheets (`1.2 Factors`, `1.3 Proximates`,
             `1.4 Inorganics`) and about 430 foods: **three header rows** (headings with units, the
             component codes, short names), numbers stored as numbers but **`Tr` (trace) and `N`
             (present in significant amounts, not reliably measured) as text in the same columns**, blank
             for not analysed; values per 100 g of the edible portion, the edible proportion on the
             Factors sheet; the file name keeps gov.uk's double dot (`..xlsx`).

`truth()` builds the clean records with the standard library only (one random stream per topic);
every random choice is made there, so rendering is deterministic and the same seed gives the same
bytes (the workbook is zipped by hand with fixed timestamps). `write_files(dir)` renders the files.
`python data.py DIR` writes them.
"""

from __future__ import annotations

import json
import random
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from xml.sax.saxutils import escape
from zoneinfo import ZoneInfo

SEED = 23_518_207
UTC = timezone.utc
MADRID = ZoneInfo("Europe/Madrid")

FEC_FILE = "itcont.txt"
FEC_HEADER_FILE = "indiv_header_file.csv"
FDA_FILE = "drug_event_glp1_2024q1.json"
CHESS_USER = "tortuga_lenta"
CHESS_FILE = f"lichess_{CHESS_USER}_2025-01-03.pgn"
COFID_FILE = "McCance_Widdowsons_Composition_of_Foods_Integrated_Dataset_2021..xlsx"
FILES = [FEC_FILE, FEC_HEADER_FILE, FDA_FILE, CHESS_FILE, COFID_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}:{topic}")


@dataclass
class Truth:
    fec: list[dict]  # one row per record of itcont.txt ("person" is the donor's key; "memo" True for X)
    fda: list[dict]  # one report each, with clean fields (see _build_fda)
    chess: list[dict]  # one game each, oldest first, with the user's side, score and rating after
    cofid: dict  # "foods": list of foods (code, name, group, values by column), "order" of columns


# =================================================================================================
# fec: FEC bulk individual contributions, 2023-2024 cycle, one House race
# =================================================================================================

OKAFOR, RAMAN, HALVORSEN = "C00841296", "C00850305", "C00826917"
FEC_COMMITTEES = {
    OKAFOR: "OKAFOR FOR CONGRESS",
    RAMAN: "RAMAN FOR NEW JERSEY",
    HALVORSEN: "HALVORSEN FOR CONGRESS",
}
CONDUITS = {OKAFOR: ("C00401224", "ACTBLUE"), RAMAN: ("C00401224", "ACTBLUE"), HALVORSEN: ("C00694323", "WINRED")}
JFCS = {OKAFOR: "OKAFOR VICTORY FUND", HALVORSEN: "HALVORSEN NJ VICTORY COMMITTEE"}
FEC_START = {OKAFOR: date(2023, 4, 11), RAMAN: date(2023, 6, 6), HALVORSEN: date(2023, 1, 9)}
PRIMARY_DAY = date(2024, 6, 4)
CYCLE_END = date(2024, 12, 31)
LIMIT = 3300
FEC_HEADER = [
    "CMTE_ID", "AMNDT_IND", "RPT_TP", "TRANSACTION_PGI", "IMAGE_NUM", "TRANSACTION_TP", "ENTITY_TP", "NAME", "CITY",
    "STATE", "ZIP_CODE", "EMPLOYER", "OCCUPATION", "TRANSACTION_DT", "TRANSACTION_AMT", "OTHER_ID", "TRAN_ID",
    "FILE_NUM", "MEMO_CD", "MEMO_TEXT", "SUB_ID",
]  # fmt: skip
PLACES = [  # city, state, five-digit ZIP, weight (the district first, then the rest of NJ, then beyond)
    ("WESTFIELD", "NJ", "07090", 9), ("SUMMIT", "NJ", "07901", 9), ("CRANFORD", "NJ", "07016", 5),
    ("NEW PROVIDENCE", "NJ", "07974", 4), ("BERNARDSVILLE", "NJ", "07924", 4), ("BASKING RIDGE", "NJ", "07920", 6),
    ("BRIDGEWATER", "NJ", "08807", 6), ("SOMERVILLE", "NJ", "08876", 4), ("FLEMINGTON", "NJ", "08822", 5),
    ("CLINTON", "NJ", "08809", 3), ("HACKETTSTOWN", "NJ", "07840", 3), ("WASHINGTON", "NJ", "07882", 2),
    ("PHILLIPSBURG", "NJ", "08865", 2), ("NEWTON", "NJ", "07860", 2), ("SPARTA", "NJ", "07871", 3),
    ("MONTCLAIR", "NJ", "07042", 3), ("PRINCETON", "NJ", "08540", 3), ("HOBOKEN", "NJ", "07030", 2),
    ("NEW YORK", "NY", "10024", 4), ("NEW YORK", "NY", "10128", 3), ("BROOKLYN", "NY", "11215", 2),
    ("PHILADELPHIA", "PA", "19103", 2), ("WASHINGTON", "DC", "20003", 2), ("BOSTON", "MA", "02116", 1),
    ("ALEXANDRIA", "VA", "22314", 1), ("SAN FRANCISCO", "CA", "94117", 1), ("CHICAGO", "IL", "60614", 1),
    ("MIAMI", "FL", "33133", 1),
]  # fmt: skip
LAST_NAMES = [
    "SMITH", "JOHNSON", "WILLIAMS", "BROWN", "GARCIA", "MILLER", "DAVIS", "RODRIGUEZ", "MARTINEZ", "PATEL", "SHAH",
    "KIM", "LEE", "CHEN", "WONG", "NGUYEN", "O'BRIEN", "MURPHY", "KELLY", "SULLIVAN", "RUSSO", "ESPOSITO", "ROMANO",
    "COHEN", "LEVINE", "GOLDBERG", "FRIEDMAN", "SCHWARTZ", "MUELLER", "SCHMIDT", "HOFFMAN", "KOWALSKI", "NOWAK",
    "ADEYEMI", "OKONKWO", "MENSAH", "BANERJEE", "IYER", "REDDY", "DESAI", "MEHTA", "GUPTA", "SINGH", "KHAN", "ALI",
    "HASSAN", "RIVERA", "TORRES", "FLORES", "RAMIREZ", "GONZALEZ", "SANTOS", "OLIVEIRA", "FERREIRA", "ANDERSEN",
    "LARSEN", "NIELSEN", "BERG", "LINDQVIST", "JOHANSSON", "WALSH", "BYRNE", "DOYLE", "GALLAGHER", "BECKER", "WAGNER",
    "FISCHER", "WEBER", "MOORE", "TAYLOR", "THOMAS", "JACKSON", "WHITE", "HARRIS", "CLARK", "LEWIS", "ROBINSON",
    "WALKER", "YOUNG", "ALLEN", "KING", "WRIGHT", "SCOTT", "GREEN", "BAKER", "ADAMS", "NELSON", "HILL", "CAMPBELL",
    "MITCHELL", "ROBERTS", "CARTER", "PHILLIPS", "EVANS", "TURNER", "PARKER", "COLLINS", "EDWARDS", "STEWART",
]  # fmt: skip
FIRST_NAMES = [
    "JAMES", "JOHN", "ROBERT", "MICHAEL", "WILLIAM", "DAVID", "RICHARD", "JOSEPH", "THOMAS", "CHARLES", "DANIEL",
    "MATTHEW", "ANTHONY", "MARK", "STEVEN", "PAUL", "ANDREW", "KEVIN", "BRIAN", "GEORGE", "RAVI", "ANIL", "SANJAY",
    "WEI", "JUN", "MIN", "CHIDI", "KWAME", "OMAR", "LUIS", "CARLOS", "JORGE", "MARY", "PATRICIA", "JENNIFER",
    "LINDA", "ELIZABETH", "BARBARA", "SUSAN", "JESSICA", "SARAH", "KAREN", "NANCY", "LISA", "MARGARET", "SANDRA",
    "ASHLEY", "EMILY", "DONNA", "MICHELLE", "CAROL", "AMANDA", "MELISSA", "DEBORAH", "PRIYA", "ANJALI", "MEI",
    "NGOZI", "AMARA", "FATIMA", "ANA", "SOFIA", "INGRID", "ASTRID", "ELLEN", "RUTH", "JUDITH", "HELEN", "ANNE",
]  # fmt: skip
JOBS = [  # employer, occupation, weight
    ("RETIRED", "RETIRED", 20), ("NONE", "RETIRED", 4), ("NOT EMPLOYED", "NOT EMPLOYED", 9),
    ("SELF-EMPLOYED", "ATTORNEY", 6), ("SELF-EMPLOYED", "CONSULTANT", 4), ("JOHNSON & JOHNSON", "SCIENTIST", 3),
    ("MERCK & CO.", "CHEMIST", 3), ("PRUDENTIAL FINANCIAL", "ACTUARY", 2), ("BRISTOL MYERS SQUIBB", "DIRECTOR", 2),
    ("ATLANTIC HEALTH SYSTEM", "PHYSICIAN", 4), ("RWJBARNABAS HEALTH", "NURSE", 3), ("RUTGERS UNIVERSITY", "PROFESSOR", 2),
    ("WESTFIELD PUBLIC SCHOOLS", "TEACHER", 3), ("GOLDMAN SACHS", "MANAGING DIRECTOR", 2), ("JPMORGAN CHASE", "BANKER", 2),
    ("VERIZON", "ENGINEER", 3), ("HOMEMAKER", "HOMEMAKER", 3), ("SELF", "REAL ESTATE BROKER", 2),
    ("DELOITTE", "ACCOUNTANT", 2), ("INFORMATION REQUESTED", "INFORMATION REQUESTED", 3), ("SELF", "OWNER", 3),
]  # fmt: skip
FEC_TIERS = {  # tier -> weight per committee
    OKAFOR: {"small": 150, "mid": 110, "large": 45, "max_p": 34, "max_pg": 20, "mixed_pg": 26, "excess": 6},
    RAMAN: {"small": 70, "mid": 60, "large": 25, "max_p": 18, "max_pg": 6, "excess": 3},
    HALVORSEN: {"small": 140, "mid": 100, "large": 45, "max_p": 22, "max_pg": 24, "mixed_pg": 22, "excess": 5},
}


def _weighted(rng: random.Random, items: list, weights: list[float]):
    return rng.choices(items, weights=weights, k=1)[0]


def _person(rng: random.Random, used: set) -> dict:
    while True:
        first = rng.choice(FIRST_NAMES)
        name = f"{rng.choice(LAST_NAMES)}, {first}" + (
            f" {rng.choice('ABCDEFGHJKLMPRSTW')}." if rng.random() < 0.3 else ""
        )
        city, state, zip5, _ = _weighted(rng, PLACES, [p[3] for p in PLACES])
        if (name, zip5) not in used:
            break
    used.add((name, zip5))
    employer, occupation, _ = _weighted(rng, JOBS, [j[2] for j in JOBS])
    style = _weighted(rng, ["nine", "five", "mixed"], [60, 25, 15])
    return {"name": name, "city": city, "state": state, "zip5": zip5, "zip4": f"{rng.randint(1000, 9899):04d}",
            "style": style, "employer": employer, "occupation": occupation}  # fmt: skip


def _fec_day(rng: random.Random, lo: date, hi: date) -> date:
    """A contribution date, busier at the ends of quarters and in the weeks before the elections."""
    span = (hi - lo).days
    if span <= 0:
        return lo
    for _ in range(50):
        d = lo + timedelta(days=rng.randint(0, span))
        w = 1.0
        if d.month in (3, 6, 9, 12) and d.day >= 24:
            w += 2.5
        if date(2024, 9, 1) <= d <= date(2024, 11, 4):
            w += 1.2 + (2.0 if d.month == 10 else 0.0)
        if date(2024, 5, 10) <= d <= PRIMARY_DAY:
            w += 1.5
        if rng.random() < w / 5.5:
            return d
    return d


def _plan(rng: random.Random, cmte: str, tier: str) -> list[dict]:
    """The contributions of one donor to one committee: date, amount, election, kind."""
    start = FEC_START[cmte]
    last = PRIMARY_DAY if cmte == RAMAN else CYCLE_END
    out: list[dict] = []

    def add(d: date, amt: int, pgi: str, kind: str = "direct") -> None:
        out.append({"date": d, "amt": amt, "pgi": pgi, "kind": kind})

    def by_date(d: date, amt: int, kind: str) -> None:
        add(d, amt, "P2024" if d <= PRIMARY_DAY else "G2024", kind)

    if tier == "small":
        n = rng.randint(3, 11)
        amounts = [rng.choice([10, 15, 20, 25, 25, 27, 35, 50, 50, 75, 100]) for _ in range(n)]
        while sum(amounts) <= 200:
            amounts.append(rng.choice([25, 50, 100]))
        for a in amounts:
            by_date(_fec_day(rng, start, last), a, "earmark")
    elif tier == "mid":
        for _ in range(rng.randint(1, 4)):
            kind = "earmark" if rng.random() < 0.5 else "direct"
            by_date(_fec_day(rng, start, last), rng.choice([150, 200, 250, 250, 300, 500, 500, 600, 750]), kind)
        if sum(c["amt"] for c in out) <= 200:
            out[0]["amt"] = 250
    elif tier == "large":
        budget = {"P2024": 0, "G2024": 0}
        for _ in range(rng.randint(1, 3)):
            d = _fec_day(rng, start, last)
            pgi = "P2024" if d <= PRIMARY_DAY else "G2024"
            a = rng.choice([1000, 1000, 1500, 2000, 2500])
            if budget[pgi] + a < LIMIT:
                budget[pgi] += a
                add(d, a, pgi, "direct" if rng.random() < 0.7 else "earmark")
        if not out:
            by_date(_fec_day(rng, start, last), 1000, "direct")
    elif tier in ("max_p", "max_pg"):
        pattern = rng.choice([[3300], [3300], [1000, 2300], [500, 1000, 1800], [1650, 1650], [2800, 500]])
        days = sorted(_fec_day(rng, start, PRIMARY_DAY) for _ in pattern)
        for d, a in zip(days, pattern):
            add(d, a, "P2024", "direct" if rng.random() < 0.8 else "earmark")
        if tier == "max_pg":
            if cmte == RAMAN or rng.random() < 0.5:  # one $6,600 cheque split between the two elections
                add(days[-1], 3300, "G2024")
                if cmte == RAMAN:  # she lost the primary: the general election money goes back
                    add(PRIMARY_DAY + timedelta(days=rng.randint(12, 45)), -3300, "G2024", "refund")
            else:
                add(_fec_day(rng, PRIMARY_DAY + timedelta(days=1), CYCLE_END), rng.choice([1000, 2000, 3300]), "G2024")
    elif tier == "mixed_pg":
        p = rng.choice([1000, 1500, 2000, 2500, 2900])
        g = rng.randint((LIMIT - p + 99) // 100, 33) * 100
        add(_fec_day(rng, start, PRIMARY_DAY), p, "P2024")
        add(_fec_day(rng, PRIMARY_DAY + timedelta(days=1), CYCLE_END), g, "G2024")
    elif tier == "excess":
        cheques = rng.choice([(2500, 1500), (3300, 1000), (2000, 2000), (3300, 3300), (5000,), (4000,)])
        d = _fec_day(rng, start, PRIMARY_DAY - timedelta(days=60))
        for a in cheques:
            add(d, a, "P2024")
            d += timedelta(days=rng.randint(5, 40))
        add(d + timedelta(days=rng.randint(9, 45)), LIMIT - sum(cheques), "P2024", "refund")
    else:
        raise ValueError(tier)
    return out


def _report(cmte: str, d: date) -> str:
    if d.year == 2023:
        return ("Q1", "Q2", "Q3", "YE")[(d.month - 1) // 3]
    for code, end in (("Q1", date(2024, 3, 31)), ("12P", date(2024, 5, 15)), ("Q2", date(2024, 6, 30)),
                      ("Q3", date(2024, 9, 30)), ("12G", date(2024, 10, 16)), ("30G", date(2024, 11, 25))):  # fmt: skip
        if d <= end:
            return code
    return "YE"


def _build_fec(rng: random.Random) -> list[dict]:
    used: set = set()
    plans: list[tuple[dict, str, list[dict]]] = []
    people: dict[str, list[dict]] = {}
    for cmte, tiers in FEC_TIERS.items():
        people[cmte] = []
        for tier, n in tiers.items():
            for _ in range(n):
                person = _person(rng, used)
                people[cmte].append(person)
                plans.append((person, cmte, _plan(rng, cmte, tier)))
    # donors who gave in both Democratic campaigns, and a few who gave to both parties' candidates
    for person in rng.sample(people[OKAFOR], 44):
        plans.append((person, RAMAN, _plan(rng, RAMAN, _weighted(rng, ["small", "mid", "large"], [4, 4, 2]))))
    for person in rng.sample(people[HALVORSEN], 3):
        plans.append((person, OKAFOR, _plan(rng, OKAFOR, "mid")))
    # namesakes: the same name in another ZIP code, one giving to Okafor and the other to Raman
    for person in rng.sample(people[OKAFOR], 7):
        twin = dict(person)
        for _ in range(20):
            city, state, zip5, _ = _weighted(rng, PLACES, [p[3] for p in PLACES])
            if (person["name"], zip5) not in used:
                break
        used.add((person["name"], zip5))
        twin.update(city=city, state=state, zip5=zip5, zip4=f"{rng.randint(1000, 9899):04d}")
        plans.append((twin, RAMAN, _plan(rng, RAMAN, "mid")))
    # joint fundraising committee attributions: memo entries, donors who gave nothing directly
    for cmte, n in ((OKAFOR, 38), (HALVORSEN, 27)):
        for _ in range(n):
            person = _person(rng, used)
            d = _fec_day(rng, date(2024, 3, 1), date(2024, 10, 20))
            plans.append((person, cmte, [{"date": d, "amt": rng.choice([500, 1000, 1500, 2000, 2900]),
                                          "pgi": "P2024" if d <= PRIMARY_DAY else "G2024", "kind": "jfc"}]))  # fmt: skip

    rows: list[dict] = []
    for person, cmte, plan in plans:
        for c in plan:
            if person["style"] == "nine" or (person["style"] == "mixed" and rng.random() < 0.5):
                zip_code = person["zip5"] + person["zip4"]
            else:
                zip_code = person["zip5"]
            kind = c["kind"]
            conduit_id, conduit = CONDUITS[cmte]
            rows.append({
                "cmte": cmte, "person": (person["name"], person["zip5"]), "name": person["name"],
                "city": person["city"], "state": person["state"], "zip": zip_code, "employer": person["employer"],
                "occupation": person["occupation"], "date": c["date"], "amt": c["amt"], "pgi": c["pgi"],
                "tp": {"direct": "15", "earmark": "15E", "jfc": "15J", "refund": "22Y"}[kind],
                "other_id": conduit_id if kind == "earmark" else "",
                "memo": kind == "jfc",
                "memo_text": {"direct": "", "earmark": f"EARMARKED THROUGH {conduit}", "jfc": f"JFC MEMO: {JFCS.get(cmte, '')}",
                              "refund": "REFUND OF EXCESSIVE CONTRIBUTION" if c["pgi"] == "P2024" or cmte != RAMAN
                              else "REFUND OF GENERAL ELECTION CONTRIBUTION"}[kind],
                "rpt": _report(cmte, c["date"]),
            })  # fmt: skip
    # filings: one per committee and report; a tenth of them amended (the amendment replaced the original)
    filings: dict[tuple[str, int, str], dict] = {}
    for key in sorted({(r["cmte"], r["date"].year, r["rpt"]) for r in rows}):
        filings[key] = {
            "file_num": 0,
            "amnd": "A" if rng.random() < 0.1 else "N",
            "image": rng.randint(10**8, 10**9 - 1),
        }
    for n, key in enumerate(
        sorted(filings, key=lambda k: (k[1], ["Q1", "12P", "Q2", "Q3", "12G", "30G", "YE"].index(k[2]), k[0]))
    ):
        filings[key]["file_num"] = 1_668_000 + 4_000 * n + rng.randint(0, 3_000)
    rng.shuffle(rows)
    seq: dict[tuple, int] = {}
    subs: set[int] = set()
    for r in rows:
        f = filings[(r["cmte"], r["date"].year, r["rpt"])]
        k = seq[(r["cmte"], r["date"].year, r["rpt"])] = seq.get((r["cmte"], r["date"].year, r["rpt"]), 0) + 1
        r["amnd"], r["file_num"] = f["amnd"], f["file_num"]
        r["image"] = f"{r['date'].year}{f['image']:09d}{k:05d}"  # 18 digits: year, filing, page
        prefix = {"15": "SA11AI", "15E": "SA11AI", "15J": "SA12", "22Y": "SB28A"}[r["tp"]]
        r["tran_id"] = (
            f"{prefix}.{4000 + k}" if r["tp"] != "15E" else f"{r['other_id'][-4:]}E{rng.randint(10**7, 10**8 - 1)}"
        )
        while True:
            sub = rng.randint(4_000_000_000_000_000_000, 4_999_999_999_999_999_999)
            if sub not in subs:
                subs.add(sub)
                break
        r["sub_id"] = str(sub)
    rows.sort(key=lambda r: (r["file_num"], r["tran_id"]))
    return rows


def _fec_line(r: dict) -> str:
    fields = [
        r["cmte"], r["amnd"], r["rpt"], r["pgi"], r["image"], r["tp"], "IND", r["name"], r["city"], r["state"], r["zip"],
        r["employer"], r["occupation"], f"{r['date']:%m%d%Y}", str(r["amt"]), r["other_id"], r["tran_id"],
        str(r["file_num"]), "X" if r["memo"] else "", r["memo_text"], r["sub_id"],
    ]  # fmt: skip
    return "|".join(fields)


def _write_fec(t: Truth, d: Path) -> None:
    (d / FEC_FILE).write_bytes(("\n".join(_fec_line(r) for r in t.fec) + "\n").encode("utf-8"))
    (d / FEC_HEADER_FILE).write_bytes((",".join(FEC_HEADER) + "\n").encode("utf-8"))


# =================================================================================================
# fda: openFDA drug adverse event API result, FAERS reports for semaglutide and tirzepatide, 2024 Q1
# =================================================================================================

FDA_REPORTS = 560
PRODUCTS = {  # key -> generic, brand names, application numbers, manufacturer, route
    "OZEMPIC": ("SEMAGLUTIDE", ["OZEMPIC"], ["NDA209637"], "Novo Nordisk", "SUBCUTANEOUS"),
    "WEGOVY": ("SEMAGLUTIDE", ["WEGOVY"], ["NDA215256"], "Novo Nordisk", "SUBCUTANEOUS"),
    "RYBELSUS": ("SEMAGLUTIDE", ["RYBELSUS"], ["NDA213051"], "Novo Nordisk", "ORAL"),
    "SEMAGLUTIDE": (
        "SEMAGLUTIDE",
        ["OZEMPIC", "RYBELSUS", "WEGOVY"],
        ["NDA209637", "NDA213051", "NDA215256"],
        "Novo Nordisk",
        "SUBCUTANEOUS",
    ),  # fmt: skip
    "MOUNJARO": ("TIRZEPATIDE", ["MOUNJARO"], ["NDA215866"], "Eli Lilly and Company", "SUBCUTANEOUS"),
    "ZEPBOUND": ("TIRZEPATIDE", ["ZEPBOUND"], ["NDA217806"], "Eli Lilly and Company", "SUBCUTANEOUS"),
    "TIRZEPATIDE": (
        "TIRZEPATIDE",
        ["MOUNJARO", "ZEPBOUND"],
        ["NDA215866", "NDA217806"],
        "Eli Lilly and Company",
        "SUBCUTANEOUS",
    ),  # fmt: skip
    "METFORMIN": (
        "METFORMIN HYDROCHLORIDE",
        ["METFORMIN HYDROCHLORIDE"],
        ["ANDA076245"],
        "Zydus Pharmaceuticals USA Inc.",
        "ORAL",
    ),
    "LISINOPRIL": ("LISINOPRIL", ["LISINOPRIL"], ["ANDA076180"], "Lupin Pharmaceuticals, Inc.", "ORAL"),
    "LIPITOR": ("ATORVASTATIN CALCIUM", ["LIPITOR"], ["NDA020702"], "Viatris Specialty LLC", "ORAL"),
    "LANTUS": ("INSULIN GLARGINE", ["LANTUS"], ["BLA021081"], "sanofi-aventis U.S. LLC", "SUBCUTANEOUS"),
    "SYNTHROID": ("LEVOTHYROXINE SODIUM", ["SYNTHROID"], ["NDA021402"], "AbbVie Inc.", "ORAL"),
    "JARDIANCE": ("EMPAGLIFLOZIN", ["JARDIANCE"], ["NDA204629"], "Boehringer Ingelheim Pharmaceuticals, Inc.", "ORAL"),
    "OMEPRAZOLE": ("OMEPRAZOLE", ["OMEPRAZOLE"], ["ANDA075347"], "Dr. Reddy's Laboratories Limited", "ORAL"),
    "TRULICITY": ("DULAGLUTIDE", ["TRULICITY"], ["BLA125469"], "Eli Lilly and Company", "SUBCUTANEOUS"),
}
WRITTEN = {  # how reporters wrote the product (medicinalproduct), with weights
    "OZEMPIC": [("OZEMPIC", 10), ("Ozempic", 3), ("OZEMPIC 1 MG/DOSE (4 MG/3 ML)", 2), ("OZEMPIC 0.5 MG", 2)],
    "WEGOVY": [("WEGOVY", 8), ("Wegovy", 2), ("WEGOVY 2.4 MG", 2)],
    "RYBELSUS": [("RYBELSUS", 5), ("RYBELSUS 7 MG", 2)],
    "SEMAGLUTIDE": [("SEMAGLUTIDE", 5), ("semaglutide", 2)],
    "MOUNJARO": [("MOUNJARO", 9), ("Mounjaro", 3), ("MOUNJARO 5MG/0.5ML", 2)],
    "ZEPBOUND": [("ZEPBOUND", 6), ("Zepbound", 2)],
    "TIRZEPATIDE": [("TIRZEPATIDE", 3)],
}
SUSPECTS = [("OZEMPIC", 40), ("WEGOVY", 18), ("RYBELSUS", 7), ("SEMAGLUTIDE", 5), ("MOUNJARO", 18), ("ZEPBOUND", 9),
            ("TIRZEPATIDE", 3)]  # fmt: skip
DOSES = {  # weekly injected doses in mg
    "SEMAGLUTIDE": ["0.25", "0.5", "0.5", "1", "1", "2"],
    "WEGOVY": ["0.25", "0.5", "1", "1.7", "2.4", "2.4"],
    "TIRZEPATIDE": ["2.5", "5", "5", "7.5", "10", "12.5", "15"],
}
CONCOMITANT = [("METFORMIN", 10), ("LISINOPRIL", 6), ("LIPITOR", 6), ("LANTUS", 4), ("SYNTHROID", 5), ("JARDIANCE", 3),
               ("OMEPRAZOLE", 4), ("TRULICITY", 2), ("VITAMIN D3", 4), ("FISH OIL", 2)]  # fmt: skip
INDICATIONS = {"SEMAGLUTIDE": [("Type 2 diabetes mellitus", 6), ("Weight control", 3), ("Obesity", 3), ("Product used for unknown indication", 2)],
               "TIRZEPATIDE": [("Type 2 diabetes mellitus", 5), ("Weight control", 3), ("Obesity", 3), ("Product used for unknown indication", 2)]}  # fmt: skip
COMMON_REACTIONS = [
    ("Nausea", 30), ("Vomiting", 18), ("Diarrhoea", 14), ("Constipation", 10), ("Decreased appetite", 8),
    ("Abdominal pain upper", 7), ("Weight decreased", 6), ("Drug ineffective", 8), ("Off label use", 6),
    ("Injection site pain", 5), ("Headache", 6), ("Fatigue", 6), ("Dizziness", 4), ("Eructation", 4),
    ("Gastrooesophageal reflux disease", 4), ("Incorrect dose administered", 5), ("Product dose omission issue", 4),
    ("Alopecia", 3), ("Blood glucose increased", 4),
]  # fmt: skip
SERIOUS_REACTIONS = [
    ("Pancreatitis", 8), ("Dehydration", 7), ("Cholelithiasis", 5), ("Acute kidney injury", 4),
    ("Intestinal obstruction", 3), ("Gastroparesis", 5), ("Hypoglycaemia", 4), ("Cholecystitis", 3), ("Ileus", 2),
    ("Pancreatitis acute", 3),
]  # fmt: skip
SERIOUS_TIRZEPATIDE = [(pt, w * 2 if pt == "Dehydration" else w) for pt, w in SERIOUS_REACTIONS]
COUNTRIES = [
    ("US", 80),
    ("CA", 4),
    ("GB", 3),
    ("DE", 2),
    ("FR", 2),
    ("JP", 2),
    ("BR", 2),
    ("IT", 1),
    ("ES", 1),
    ("AU", 2),
]
FDA_DISCLAIMER = (
    "Do not rely on openFDA to make decisions regarding medical care. While we make every effort to ensure that data "
    "is accurate, you should assume all results are unvalidated. We may limit or otherwise restrict your access to "
    "the API in line with our Terms of Service."
)


def _pick(rng: random.Random, table: list[tuple[str, float]]) -> str:
    return _weighted(rng, [k for k, _ in table], [w for _, w in table])


def _ymd(d: date) -> str:
    return f"{d:%Y%m%d}"


def _fda_drug(rng: random.Random, key: str, role: str, indication: str | None) -> dict:
    """A drug entry as openFDA gives it; role '1' suspect, '2' concomitant, '3' interacting."""
    written = _pick(rng, WRITTEN[key]) if key in WRITTEN else key
    drug: dict = {"drugcharacterization": role, "medicinalproduct": written}
    if key in PRODUCTS:
        generic, brands, apps, maker, route = PRODUCTS[key]
        if role == "1":
            drug["drugauthorizationnumb"] = apps[0][3:]
            if route == "SUBCUTANEOUS":
                dose = rng.choice(DOSES.get(key, DOSES[generic]))
                drug["drugstructuredosagenumb"] = dose
                drug["drugstructuredosageunit"] = "003"
                drug["drugdosagetext"] = f"{dose} MG, QW"
                drug["drugadministrationroute"] = "058"
            else:
                drug["drugdosagetext"] = f"{rng.choice(['3', '7', '14'])} MG, QD"
                drug["drugadministrationroute"] = "048"
            drug["drugindication"] = indication
            drug["actiondrug"] = rng.choice(["1", "4", "5", "5", "6"])
        elif rng.random() < 0.5:
            drug["drugindication"] = "Product used for unknown indication"
        drug["activesubstance"] = {"activesubstancename": generic}
        drug["openfda"] = {
            "application_number": apps, "brand_name": brands, "generic_name": [generic], "manufacturer_name": [maker],
            "product_type": ["HUMAN PRESCRIPTION DRUG"], "route": [route], "substance_name": [generic],
        }  # fmt: skip
    else:
        drug["activesubstance"] = {
            "activesubstancename": {"VITAMIN D3": "CHOLECALCIFEROL", "FISH OIL": "FISH OIL"}[key]
        }
    return drug


def _build_fda(rng: random.Random) -> list[dict]:
    reports = []
    ids: set[str] = set()
    received_days = [date(2024, 1, 2) + timedelta(days=i) for i in range(90)]
    received_days = [d for d in received_days if d.weekday() < 5]
    for _ in range(FDA_REPORTS):
        while True:
            rid = str(rng.randint(23_300_000, 23_999_999))
            if rid not in ids:
                ids.add(rid)
                break
        suspect = _pick(rng, SUSPECTS)
        generic = PRODUCTS[suspect][0]
        serious = rng.random() < 0.56
        criteria = []
        if serious:
            criteria = [c for c, p in (("death", 0.035), ("lifethreatening", 0.06), ("hospitalization", 0.55),
                                       ("disabling", 0.05), ("other", 0.5)) if rng.random() < p]  # fmt: skip
            if not criteria:
                criteria = ["other"]
        consumer = rng.random() < 0.47
        qual = "5" if consumer else _pick(rng, [("1", 5), ("2", 2), ("3", 3)])
        maker = "NOVOPROD" if generic == "SEMAGLUTIDE" else "ELI_LILLY_AND_COMPANY"
        direct = rng.random() < 0.12
        received = rng.choice(received_days)
        receipt = received if rng.random() < 0.6 else received + timedelta(days=rng.randint(10, 280))
        country = _pick(rng, COUNTRIES)
        if maker == "NOVOPROD":
            company = f"{country}-NOVOPROD-{rng.randint(10**6, 10**7 - 1)}"
        else:
            company = f"{country}-{maker}-{country}{received:%Y%m}{rng.randint(10**5, 10**6 - 1)}"
        # patient
        age_years = max(18, min(88, round(rng.gauss(55, 12))))
        age = None
        if rng.random() < 0.86:
            unit = _pick(rng, [("801", 93), ("802", 5), ("804", 2)])
            if unit == "801":
                age = (str(age_years), unit)
            elif unit == "802":
                age = (str(age_years * 12 + rng.randint(0, 11)), unit)
            else:
                age = (str(round(age_years * 365.25 + rng.randint(0, 300))), unit)
        sex = _pick(rng, [("2", 60), ("1", 34), ("0", 2), (None, 4)])
        weight = f"{rng.gauss(98 if generic == 'TIRZEPATIDE' else 95, 18):.1f}" if rng.random() < 0.45 else None
        # reactions
        pts: list[str] = []
        if serious:
            for _ in range(rng.randint(1, 2)):
                pts.append(_pick(rng, SERIOUS_TIRZEPATIDE if generic == "TIRZEPATIDE" else SERIOUS_REACTIONS))
        for _ in range(rng.randint(0 if serious else 1, 3)):
            pts.append(_pick(rng, COMMON_REACTIONS))
        pts = list(dict.fromkeys(pts))
        outcome = "5" if "death" in criteria else None
        reactions = [{"reactionmeddraversionpt": "26.1", "reactionmeddrapt": pt,
                      "reactionoutcome": outcome or _pick(rng, [("1", 3), ("2", 2), ("3", 3), ("6", 4)])} for pt in pts]  # fmt: skip
        # drugs
        indication = _pick(rng, INDICATIONS[generic])
        drugs = [_fda_drug(rng, suspect, "1", indication)]
        if rng.random() < 0.04:  # switched from one to the other: both suspect
            other = "MOUNJARO" if generic == "SEMAGLUTIDE" else "OZEMPIC"
            drugs.append(_fda_drug(rng, other, "1", indication))
        elif generic == "TIRZEPATIDE" and rng.random() < 0.14:  # earlier semaglutide therapy, listed as concomitant
            drugs.append(_fda_drug(rng, rng.choice(["OZEMPIC", "WEGOVY", "OZEMPIC"]), "2", None))
        for key in dict.fromkeys(_pick(rng, CONCOMITANT) for _ in range(rng.choice([0, 0, 1, 1, 2, 3]))):
            drugs.append(_fda_drug(rng, key, rng.choice(["2"] * 12 + ["3"]), None))
        reports.append({
            "id": rid, "version": str(rng.choice([1, 1, 1, 2, 2, 3, 4])), "received": received, "receipt": receipt,
            "serious": serious, "criteria": criteria, "qualification": qual, "country": country, "direct": direct,
            "company": None if direct else company,
            "age": age, "agegroup": None if age else rng.choice([None, "5", "5", "6"]), "sex": sex, "weight": weight,
            "reactions": reactions, "drugs": drugs, "expedite": "1" if serious else "2",
        })  # fmt: skip
    reports.sort(key=lambda r: (r["received"], r["id"]))
    return reports


def _fda_result(r: dict) -> dict:
    out: dict = {
        "safetyreportid": r["id"], "safetyreportversion": r["version"], "transmissiondateformat": "102",
        "transmissiondate": _ymd(r["receipt"] + timedelta(days=3)),
        "primarysourcecountry": r["country"] if not r["direct"] else "US",
    }  # fmt: skip
    if r["country"]:
        out["occurcountry"] = r["country"]
    out["reporttype"] = "1"
    out["serious"] = "1" if r["serious"] else "2"
    for c in r["criteria"]:
        out[f"seriousness{c}"] = "1"
    out.update({"receivedateformat": "102", "receivedate": _ymd(r["received"]), "receiptdateformat": "102",
                "receiptdate": _ymd(r["receipt"]), "fulfillexpeditecriteria": r["expedite"]})  # fmt: skip
    if r["company"]:
        out["companynumb"] = r["company"]
    out["primarysource"] = {
        "reportercountry": r["country"] if not r["direct"] else "US",
        "qualification": r["qualification"],
    }
    out["sender"] = {"sendertype": "2", "senderorganization": "FDA-Public Use"}
    out["receiver"] = {"receivertype": "6", "receiverorganization": "FDA"}
    patient: dict = {}
    if r["age"]:
        patient["patientonsetage"], patient["patientonsetageunit"] = r["age"]
    if r["agegroup"]:
        patient["patientagegroup"] = r["agegroup"]
    if r["sex"] is not None:
        patient["patientsex"] = r["sex"]
    if r["weight"]:
        patient["patientweight"] = r["weight"]
    patient["reaction"] = r["reactions"]
    patient["drug"] = r["drugs"]
    if "death" in r["criteria"]:
        patient["patientdeath"] = {
            "patientdeathdateformat": "102",
            "patientdeathdate": _ymd(r["received"] - timedelta(days=9)),
        }
    out["patient"] = patient
    return out


def _write_fda(t: Truth, d: Path) -> None:
    doc = {
        "meta": {"disclaimer": FDA_DISCLAIMER, "terms": "https://open.fda.gov/terms/",
                 "license": "https://open.fda.gov/license/", "last_updated": "2024-12-17",
                 "results": {"skip": 0, "limit": 1000, "total": len(t.fda)}},
        "results": [_fda_result(r) for r in t.fda],
    }  # fmt: skip
    (d / FDA_FILE).write_bytes(json.dumps(doc, indent=2, ensure_ascii=False).encode("utf-8"))


# =================================================================================================
# chess: one lichess player's 2024 games (PGN export with clocks, newest first)
# =================================================================================================

OPENINGS = {  # name -> (ECO, moves)
    "Italian Game": ("C50", "e4 e5 Nf3 Nc6 Bc4"),
    "Italian Game: Giuoco Pianissimo": ("C50", "e4 e5 Nf3 Nc6 Bc4 Bc5 d3"),
    "Italian Game: Two Knights Defense": ("C55", "e4 e5 Nf3 Nc6 Bc4 Nf6"),
    "Scotch Game": ("C44", "e4 e5 Nf3 Nc6 d4"),
    "Ruy Lopez: Berlin Defense": ("C65", "e4 e5 Nf3 Nc6 Bb5 Nf6"),
    "Petrov's Defense": ("C42", "e4 e5 Nf3 Nf6"),
    "Sicilian Defense: Alapin Variation": ("B22", "e4 c5 c3"),
    "Sicilian Defense: Najdorf Variation": ("B90", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6"),
    "Sicilian Defense: Old Sicilian": ("B30", "e4 c5 Nf3 Nc6"),
    "French Defense: Advance Variation": ("C02", "e4 e6 d4 d5 e5"),
    "French Defense: Normal Variation": ("C00", "e4 e6 d4 d5"),
    "Caro-Kann Defense: Advance Variation": ("B12", "e4 c6 d4 d5 e5"),
    "Caro-Kann Defense: Classical Variation": ("B18", "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5"),
    "Scandinavian Defense: Mieses-Kotroc Variation": ("B01", "e4 d5 exd5 Qxd5"),
    "Scandinavian Defense: Modern Variation": ("B01", "e4 d5 exd5 Nf6"),
    "Modern Defense": ("B06", "e4 g6"),
    "Queen's Pawn Game: London System": ("D02", "d4 d5 Nf3 Nf6 Bf4"),
    "Queen's Gambit Declined": ("D30", "d4 d5 c4 e6"),
    "Queen's Gambit Declined: Exchange Variation": ("D35", "d4 d5 c4 e6 Nc3 Nf6 cxd5"),
    "Queen's Gambit Accepted": ("D20", "d4 d5 c4 dxc4"),
    "King's Indian Defense: Normal Variation": ("E70", "d4 Nf6 c4 g6 Nc3 Bg7 e4"),
    "Indian Defense": ("A45", "d4 Nf6"),
    "English Opening: King's English Variation": ("A20", "c4 e5"),
    "Zukertort Opening": ("A04", "Nf3"),
}
USER_WHITE = [  # the user's choice with White, by the opponent's reply
    ("Italian Game", 14), ("Italian Game: Giuoco Pianissimo", 12), ("Italian Game: Two Knights Defense", 7),
    ("Scotch Game", 12), ("Ruy Lopez: Berlin Defense", 4), ("Petrov's Defense", 4),
    ("Sicilian Defense: Alapin Variation", 14), ("Sicilian Defense: Old Sicilian", 3),
    ("French Defense: Advance Variation", 8), ("Caro-Kann Defense: Advance Variation", 7),
    ("Scandinavian Defense: Mieses-Kotroc Variation", 5), ("Modern Defense", 3),
    ("Queen's Pawn Game: London System", 22),
]  # fmt: skip
USER_BLACK = [
    ("Caro-Kann Defense: Advance Variation", 14), ("Caro-Kann Defense: Classical Variation", 12),
    ("Scandinavian Defense: Mieses-Kotroc Variation", 10), ("Scandinavian Defense: Modern Variation", 6),
    ("Queen's Gambit Declined", 10), ("Queen's Gambit Declined: Exchange Variation", 8),
    ("Queen's Gambit Accepted", 3), ("King's Indian Defense: Normal Variation", 6), ("Indian Defense", 6),
    ("English Opening: King's English Variation", 5), ("Zukertort Opening", 4), ("French Defense: Normal Variation", 2),
    ("Sicilian Defense: Najdorf Variation", 2),
]  # fmt: skip
SPEEDS = {  # event speed -> (weight, time controls, starting rating, K)
    "Blitz": (62, ["180+2", "180+2", "300+0", "300+0", "180+0"], 1712, 11),
    "Rapid": (18, ["600+0", "600+5", "900+10"], 1806, 9),
    "Bullet": (12, ["60+0", "120+1"], 1591, 12),
    "Chess960": (4, ["180+2"], 1500, 14),
}
HANDLE_PARTS = (["Knight", "Rook", "Pawn", "Bishop", "Gambit", "Zugzwang", "Tempo", "Fianchetto", "Castle", "Endgame",
                 "Blunder", "Patzer", "Mate", "Fork", "Pin", "Skewer", "Tiburon", "Lobo", "Gato", "Halcon", "Oso"],
                ["Rider", "Master", "Hunter", "King", "Lord", "Wizard", "Fan", "Lover", "Machine", "Storm", "Ninja",
                 "Runner", "Dream", "Loco", "Rapido", "Fuerte", "Negro", "Blanco"])  # fmt: skip
FRIEND = "pucelano_77"
TERMINATIONS = [("Normal", 78), ("Time forfeit", 19), ("Abandoned", 3)]
PIECES = ["N", "B", "R", "Q", "K", "", "", ""]
FILES_ = "abcdefgh"


def _handle(rng: random.Random) -> str:
    a, b = rng.choice(HANDLE_PARTS[0]), rng.choice(HANDLE_PARTS[1])
    style = rng.randint(0, 3)
    if style == 0:
        return f"{a}{b}{rng.randint(1, 99)}"
    if style == 1:
        return f"{a.lower()}_{b.lower()}"
    if style == 2:
        return f"{a}_{b}_{rng.randint(1960, 2010)}"
    return f"{a.lower()}{b.lower()}{rng.randint(1, 9)}"


def _pseudo_move(rng: random.Random, white: bool, check: bool = False) -> str:
    piece = rng.choice(PIECES)
    square = rng.choice(FILES_) + str(
        rng.randint(1, 8) if piece else (rng.randint(3, 7) if white else rng.randint(2, 6))
    )
    if piece:
        capture = "x" if rng.random() < 0.22 else ""
        move = f"{piece}{capture}{square}"
    elif rng.random() < 0.25:
        f = FILES_.index(square[0])
        src = FILES_[f - 1] if f > 0 and (f == 7 or rng.random() < 0.5) else FILES_[min(f + 1, 7)]
        move = f"{src}x{square}"
    else:
        move = square
    return move + ("+" if check or rng.random() < 0.06 else "")


def _movetext(rng: random.Random, opening: str | None, plies: int, base: int, inc: int, mate: bool, result: str) -> str:
    moves = OPENINGS[opening][1].split() if opening else []
    moves = moves[:plies]
    castled = [False, False]
    while len(moves) < plies:
        white = len(moves) % 2 == 0
        if not castled[0 if white else 1] and len(moves) > 6 and rng.random() < 0.18:
            castled[0 if white else 1] = True
            moves.append("O-O" if rng.random() < 0.85 else "O-O-O")
        else:
            moves.append(_pseudo_move(rng, white))
    if mate:
        moves[-1] = moves[-1].rstrip("+") + "#"
        if moves[-1].startswith("O-"):
            moves[-1] = "Qh7#" if len(moves) % 2 == 1 else "Qh2#"
    clocks = [base, base]
    parts = []
    for i, mv in enumerate(moves):
        side = i % 2
        if i >= 2:
            spent = rng.expovariate(1 / max(1.0, base / 45))
            clocks[side] = max(0, int(clocks[side] - spent + inc))
        h, rem = divmod(clocks[side], 3600)
        m, s = divmod(rem, 60)
        num = f"{i // 2 + 1}." if side == 0 else f"{i // 2 + 1}..."
        parts.append(f"{num} {mv} {{ [%clk {h}:{m:02d}:{s:02d}] }}")
    return " ".join(parts) + f" {result}"


def _chess960_fen(rng: random.Random) -> str:
    row: list[str | None] = [None] * 8
    row[rng.choice([0, 2, 4, 6])] = "b"
    row[rng.choice([1, 3, 5, 7])] = "b"
    free = [i for i in range(8) if row[i] is None]
    row[free.pop(rng.randrange(len(free)))] = "q"
    free = [i for i in range(8) if row[i] is None]
    row[free.pop(rng.randrange(len(free)))] = "n"
    free = [i for i in range(8) if row[i] is None]
    row[free.pop(rng.randrange(len(free)))] = "n"
    free = [i for i in range(8) if row[i] is None]
    row[free[0]], row[free[1]], row[free[2]] = "r", "k", "r"
    back = "".join(row)  # type: ignore[arg-type]
    return f"{back}/pppppppp/8/8/8/8/PPPPPPPP/{back.upper()} w KQkq - 0 1"


def _game_id(rng: random.Random) -> str:
    return "".join(rng.choice("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(8))


def _build_chess(rng: random.Random) -> list[dict]:
    opponents = [_handle(rng) for _ in range(320)]
    opponents = [o for o in dict.fromkeys(opponents) if o.lower() != FRIEND]
    regulars = opponents[:12]
    ratings = {speed: spec[2] for speed, spec in SPEEDS.items()}
    games: list[dict] = []
    busy_until = datetime(2024, 1, 1, tzinfo=UTC)
    day = date(2024, 1, 2)
    while day <= date(2024, 12, 29):
        weekend = day.weekday() >= 5
        if rng.random() < (0.55 if weekend else 0.36):
            sessions = [rng.choice([11, 16, 17, 18])] if weekend and rng.random() < 0.4 else []
            sessions.append(_weighted(rng, [19, 20, 21, 22, 23, 24, 25, 26], [3, 6, 8, 9, 8, 6, 3, 1]))
            for hour in sessions:
                local = datetime(day.year, day.month, day.day, tzinfo=MADRID) + timedelta(hours=hour, minutes=rng.randint(0, 59), seconds=rng.randint(0, 59))  # fmt: skip
                if local.astimezone(UTC) < busy_until:  # still playing the previous session
                    local = busy_until.astimezone(MADRID) + timedelta(minutes=rng.randint(5, 40))
                speed = _weighted(rng, list(SPEEDS), [s[0] for s in SPEEDS.values()])
                for _ in range(rng.randint(1, 6 if speed != "Rapid" else 3)):
                    game, secs = _chess_game(rng, local, speed, ratings, opponents, regulars)
                    games.append(game)
                    busy_until = local.astimezone(UTC) + timedelta(seconds=secs)
                    local = local + timedelta(seconds=secs + rng.randint(15, 150))
                    if rng.random() < 0.25:
                        speed = _weighted(rng, list(SPEEDS), [s[0] for s in SPEEDS.values()])
        day += timedelta(days=1)
    games.sort(key=lambda g: g["utc"])
    return games


def _chess_game(rng, local, speed, ratings, opponents, regulars) -> tuple[dict, int]:
    casual = speed in ("Blitz", "Rapid") and rng.random() < 0.05
    if casual and rng.random() < 0.2:
        opp = "Anonymous"
    elif rng.random() < 0.035:
        opp = FRIEND
    elif rng.random() < 0.12:
        opp = rng.choice(regulars)
    else:
        opp = rng.choice(opponents)
    tc = rng.choice(SPEEDS[speed][1])
    base, inc = (int(x) for x in tc.split("+"))
    mine = ratings[speed]
    theirs = None if opp == "Anonymous" else max(800, round(rng.gauss(mine + (60 if opp == FRIEND else 0), 110)))
    expected = 0.5 if theirs is None else 1 / (1 + 10 ** ((theirs - mine) / 400))
    # an improving player: she plays about 30 points above her rating all year, so the rating climbs
    strength = 0.56 if theirs is None else 1 / (1 + 10 ** ((theirs - mine - 30) / 400))
    u = rng.random()
    score = 0.5 if u < 0.06 else (1.0 if u < 0.06 + 0.94 * strength else 0.0)
    user_white = rng.random() < 0.5
    termination = "Normal" if score == 0.5 else _pick(rng, TERMINATIONS)
    rated = not casual and opp != "Anonymous"
    diff = opp_diff = None
    if rated:
        diff = round(SPEEDS[speed][3] * (score - expected))
        if score == 1.0:
            diff = max(diff, 1)
        elif score == 0.0:
            diff = min(diff, -1)
        opp_diff = -diff + rng.choice([-1, 0, 0, 1])
    if termination == "Abandoned":
        plies = rng.randint(1, 4)
    else:
        plies = max(12, min(150, round(rng.gauss(72, 24))))
    winner_white = None if score == 0.5 else (user_white if score == 1.0 else not user_white)
    if winner_white is not None and termination == "Normal":
        # the game ends on the winner's move when it is mate (and often when the loser resigns)
        if (plies % 2 == 1) != winner_white:
            plies += 1
    mate = termination == "Normal" and winner_white is not None and rng.random() < 0.3
    result = "1/2-1/2" if winner_white is None else ("1-0" if winner_white else "0-1")
    opening = None
    if speed != "Chess960":
        opening = _pick(rng, USER_WHITE if user_white else USER_BLACK)
    movetext = _movetext(rng, opening, plies, base, inc, mate, result)
    utc = local.astimezone(UTC)
    secs = min(2 * base + plies * inc, int(plies * (base / 40 + inc) * rng.uniform(0.6, 1.1))) + 5
    if diff is not None:
        ratings[speed] = mine + diff
    return {
        "utc": utc, "speed": speed, "rated": rated, "tc": tc, "opp": opp, "user_white": user_white,
        "mine": mine, "theirs": theirs, "diff": diff, "opp_diff": opp_diff, "score": score, "result": result,
        "termination": termination, "opening": opening, "mate": mate, "moves": (plies + 1) // 2, "movetext": movetext,
        "site": _game_id(rng), "fen": _chess960_fen(rng) if speed == "Chess960" else None,
    }, secs  # fmt: skip


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def _pgn(g: dict) -> str:
    white, black = (CHESS_USER, g["opp"]) if g["user_white"] else (g["opp"], CHESS_USER)
    w_elo, b_elo = (g["mine"], g["theirs"]) if g["user_white"] else (g["theirs"], g["mine"])
    event = f"{'Rated' if g['rated'] else 'Casual'} {g['speed']} game"
    tags = [("Event", event), ("Site", f"https://lichess.org/{g['site']}"), ("Date", f"{g['utc']:%Y.%m.%d}"),
            ("White", white), ("Black", black), ("Result", g["result"]), ("UTCDate", f"{g['utc']:%Y.%m.%d}"),
            ("UTCTime", f"{g['utc']:%H:%M:%S}"), ("WhiteElo", "?" if w_elo is None else str(w_elo)),
            ("BlackElo", "?" if b_elo is None else str(b_elo))]  # fmt: skip
    if g["rated"]:
        w_d, b_d = (g["diff"], g["opp_diff"]) if g["user_white"] else (g["opp_diff"], g["diff"])
        tags += [("WhiteRatingDiff", _signed(w_d)), ("BlackRatingDiff", _signed(b_d))]
    if g["speed"] == "Chess960":
        tags += [("Variant", "Chess960"), ("TimeControl", g["tc"]), ("ECO", "?"), ("Opening", "?"),
                 ("Termination", g["termination"]), ("FEN", g["fen"]), ("SetUp", "1")]  # fmt: skip
    else:
        eco = OPENINGS[g["opening"]][0]
        tags += [("Variant", "Standard"), ("TimeControl", g["tc"]), ("ECO", eco), ("Opening", g["opening"]),
                 ("Termination", g["termination"])]  # fmt: skip
    head = "\n".join(f'[{k} "{v}"]' for k, v in tags)
    return f"{head}\n\n{g['movetext']}\n\n\n"


def _write_chess(t: Truth, d: Path) -> None:
    (d / CHESS_FILE).write_bytes("".join(_pgn(g) for g in reversed(t.chess)).encode("utf-8"))


# =================================================================================================
# cofid: McCance and Widdowson's Composition of Foods Integrated Dataset (extract of three sheets)
# =================================================================================================

COFID_GROUPS = {  # code -> (name, food code prefix, base profile per 100 g)
    # profile: water, protein, fat, carbohydrate, sugar share of carbohydrate, fibre (AOAC), Na, K, Ca, Mg, P, Fe, Zn
    "AA": ("Flours, grains and starches", "11", (12, 10.5, 1.8, 72, 0.03, 4.0, 3, 170, 110, 40, 140, 2.0, 1.1)),
    "AD": ("Breads", "11", (38, 9.0, 2.6, 45, 0.07, 4.2, 430, 170, 150, 35, 120, 1.9, 0.9)),
    "AI": ("Breakfast cereals", "11", (4, 9.0, 4.5, 74, 0.25, 7.0, 320, 350, 60, 80, 250, 8.0, 2.0)),
    "BA": ("Milks", "12", (89, 3.4, 1.8, 4.7, 1.0, 0.0, 43, 160, 120, 11, 95, 0.03, 0.4)),
    "BL": ("Cheeses", "12", (42, 24.0, 29.0, 0.1, 1.0, 0.0, 660, 90, 700, 27, 480, 0.3, 3.5)),
    "CA": ("Eggs", "12", (75, 12.6, 9.6, 0.1, 1.0, 0.0, 140, 130, 56, 12, 190, 1.7, 1.2)),
    "DB": ("Beans and lentils", "13", (10, 22.0, 1.6, 46, 0.05, 14.0, 18, 900, 80, 110, 380, 7.0, 3.0)),
    "DF": ("Vegetables, general", "13", (90, 2.0, 0.3, 5.0, 0.55, 2.6, 10, 260, 32, 14, 45, 0.7, 0.3)),
    "FA": ("Fruit, general", "14", (84, 0.8, 0.2, 11.5, 0.9, 2.0, 2, 210, 16, 12, 20, 0.3, 0.1)),
    "GA": ("Nuts and seeds", "14", (4, 21.0, 52.0, 9.0, 0.4, 8.5, 5, 700, 110, 220, 480, 3.5, 3.5)),
    "JA": ("Fish and fish products", "16", (72, 20.5, 6.0, 0.0, 0.0, 0.0, 95, 350, 30, 30, 230, 0.5, 0.5)),
    "MA": ("Meat and meat products", "18", (64, 24.5, 10.0, 0.0, 0.0, 0.0, 72, 330, 10, 24, 210, 1.6, 3.5)),
    "OB": ("Fats and oils", "17", (0.2, 0.1, 99.8, 0.0, 0.0, 0.0, 0.6, 0.5, 0.5, 0.1, 0.5, 0.05, 0.02)),
    "WY": ("Miscellaneous foods", "17", (10, 5.0, 1.0, 30, 0.3, 1.0, 500, 300, 60, 30, 120, 1.5, 0.8)),
}
PREP = {  # preparation -> (water after, from water before), share of minerals kept, fat taken up (g)
    "raw": (lambda w: w, 1.0, 0.0),
    "boiled in unsalted water": (lambda w: min(97.0, w + 1.5) if w >= 50 else max(w, 68.0), 0.8, 0.0),
    "steamed": (lambda w: w + 0.5 if w >= 50 else max(w, 65.0), 0.95, 0.0),
    "frozen, boiled in unsalted water": (lambda w: min(97.0, w + 2.0) if w >= 50 else max(w, 68.0), 0.75, 0.0),
    "roasted": (lambda w: w * 0.82, 1.0, 3.0),
    "grilled": (lambda w: w * 0.86, 1.0, 0.0),
    "fried in sunflower oil": (lambda w: w * 0.8, 1.0, 7.0),
    "toasted": (lambda w: w * 0.72, 1.0, 0.0),
    "dried": (lambda w: 18.0, 1.0, 0.0),
    "canned in water, drained": (lambda w: min(97.0, w + 3.0), 0.85, 0.0),
    "stewed without sugar": (lambda w: min(97.0, w + 4.0), 0.85, 0.0),
}
BASES = {  # group -> list of (base name, preparations, profile tweaks {field index: factor})
    "AA": [
        ("Flour, wheat, white, plain", ["raw"], {}),
        ("Flour, wheat, white, self-raising", ["raw"], {6: 120}),
        ("Flour, wheat, wholemeal", ["raw"], {5: 2.4, 12: 2.3}),
        ("Flour, wheat, brown", ["raw"], {5: 1.7}),
        ("Flour, rye, whole", ["raw"], {5: 3.0}),
        ("Flour, chickpea", ["raw"], {1: 2.0, 5: 2.5, 10: 3}),
        ("Flour, soya, full fat", ["raw"], {1: 3.5, 2: 12, 5: 3.2}),
        ("Cornflour", ["raw"], {1: 0.06, 5: 0.03, 8: 0.15}),
        ("Oatmeal, quick cook", ["raw"], {1: 1.1, 2: 4.8, 5: 2.2}),
        ("Rice, white, basmati", ["raw", "boiled in unsalted water"], {1: 0.8, 5: 0.2, 8: 0.1}),
        ("Rice, brown, wholegrain", ["raw", "boiled in unsalted water"], {1: 0.75, 5: 0.7}),
        ("Pasta, white, dried", ["raw", "boiled in unsalted water"], {1: 1.2, 5: 0.8}),
        ("Pasta, wholewheat, dried", ["raw", "boiled in unsalted water"], {1: 1.3, 5: 2.0}),
        ("Couscous", ["raw", "boiled in unsalted water"], {}),
        ("Bulgur wheat", ["raw", "boiled in unsalted water"], {5: 2.0}),
        ("Quinoa", ["raw", "boiled in unsalted water"], {1: 1.3, 2: 3.0, 9: 4}),
        ("Barley, pearl", ["raw", "boiled in unsalted water"], {5: 2.0}),
        ("Noodles, egg, dried", ["raw", "boiled in unsalted water"], {1: 1.15}),
    ],  # fmt: skip
    "AD": [
        ("Bread, white, sliced", ["raw", "toasted"], {}),
        ("Bread, wholemeal", ["raw", "toasted"], {5: 1.6, 11: 1.3}),
        ("Bread, brown", ["raw", "toasted"], {5: 1.3}),
        ("Bread, granary", ["raw", "toasted"], {5: 1.4}),
        ("Bread, rye", ["raw"], {5: 1.6, 1: 0.9}),
        ("Bread, sourdough, white", ["raw", "toasted"], {6: 1.15}),
        ("Bread, malt, fruited", ["raw"], {4: 3.5, 6: 0.6}),
        ("Bread, soda", ["raw"], {6: 1.2}),
        ("Bread, gluten-free, white", ["raw"], {1: 0.3, 2: 2.0}),
        ("Bagels, plain", ["raw", "toasted"], {6: 1.05}),
        ("Baguette", ["raw"], {6: 1.3}),
        ("Ciabatta", ["raw"], {2: 1.5, 6: 1.25}),
        ("Chapatis, made with fat", ["raw"], {2: 4.0, 6: 0.3}),
        ("Crumpets", ["raw", "toasted"], {6: 1.6, 1: 0.7}),
        ("Naan bread, plain", ["raw"], {2: 2.7}),
        ("Pitta bread, white", ["raw"], {6: 0.9}),
        ("Rolls, white, soft", ["raw"], {}),
        ("Rolls, wholemeal", ["raw"], {5: 1.5}),
        ("Tortillas, wheat", ["raw"], {2: 2.8}),
        ("English muffins, white", ["raw", "toasted"], {}),
        ("Brioche", ["raw"], {2: 5.0, 4: 3.0}),
    ],  # fmt: skip
    "AI": [
        ("Bran flakes", [None], {5: 2.1, 4: 0.9}),
        ("Cornflakes", [None], {1: 0.8, 4: 0.35, 5: 0.4, 6: 2.0}),
        ("Frosted flakes", [None], {4: 1.5, 5: 0.3}),
        ("Crunchy nut cornflakes", [None], {4: 1.4, 2: 1.0}),
        ("Muesli, Swiss style", [None], {4: 0.9, 5: 1.0, 6: 0.2}),
        ("Muesli, no added sugar", [None], {4: 0.6, 6: 0.05}),
        ("Granola, plain", [None], {2: 3.2, 4: 0.8}),
        ("Granola, fruit and nut", [None], {2: 3.0, 4: 1.0}),
        ("Wheat biscuits", [None], {4: 0.18, 5: 1.4, 6: 0.8}),
        ("Shredded wheat", [None], {4: 0.0, 5: 1.7, 6: 0.0}),
        ("Puffed wheat", [None], {4: 0.0, 6: 0.01}),
        ("Puffed rice", [None], {4: 0.4, 5: 0.2, 6: 2.0}),
        ("Porridge oats, rolled", [None], {4: 0.04, 2: 1.8, 6: 0.01}),
        ("Porridge, made with water", [None], {"w": 87, 4: 0.0, 6: 0.01}),
        ("Oat hoops, honey", [None], {4: 1.1}),
        ("Chocolate puffs", [None], {4: 1.35, 5: 0.5}),
        ("Malted wheat cereal", [None], {4: 0.7, 5: 1.3}),
        ("Bran sticks", [None], {5: 3.8, 4: 0.8}),
        ("Multigrain hoops", [None], {4: 0.85}),
        ("Rice pops, chocolate", [None], {4: 1.45, 5: 0.3}),
        ("Instant oat cereal", [None], {4: 0.05, 6: 0.02}),
    ],  # fmt: skip
    "BA": [
        ("Milk, whole, pasteurised", [None], {2: 2.0}),
        ("Milk, semi-skimmed, pasteurised", [None], {}),
        ("Milk, skimmed, pasteurised", [None], {2: 0.05}),
        ("Milk, 1% fat", [None], {2: 0.55}),
        ("Milk, goats, pasteurised", [None], {2: 2.1, 8: 0.95}),
        ("Milk, dried, skimmed", [None], {0: 0.04, 1: 10.6, 2: 0.3, 3: 11.0, 8: 10.6, 6: 12}),
        ("Milk, evaporated, whole", [None], {0: 0.77, 1: 2.5, 2: 5.0, 3: 1.8, 8: 2.4}),
        ("Milk, condensed, sweetened", [None], {0: 0.3, 1: 2.4, 2: 5.0, 3: 11.5, 8: 2.4}),
        ("Yogurt, Greek style, plain", [None], {1: 1.7, 2: 5.5, 8: 1.0}),
        ("Yogurt, low fat, plain", [None], {1: 1.4, 2: 0.5, 3: 1.6, 8: 1.3}),
        ("Yogurt, fruit, low fat", [None], {1: 1.2, 2: 0.6, 3: 2.9}),
        ("Cream, single", [None], {1: 0.7, 2: 10.0, 8: 0.75}),
        ("Cream, double", [None], {1: 0.5, 2: 27.0, 8: 0.5}),
        ("Soya drink, unsweetened, fortified", [None], {1: 1.0, 2: 1.1, 3: 0.1, 4: 0.5}),
    ],  # fmt: skip
    "BL": [
        ("Cheese, Cheddar, English", [None], {}),
        ("Cheese, Cheddar, reduced fat", [None], {1: 1.2, 2: 0.75}),
        ("Cheese, Parmesan, fresh", [None], {0: 0.45, 1: 1.51, 8: 1.46, 6: 1.1}),
        ("Cheese, Brie", [None], {1: 0.82, 8: 0.36}),
        ("Cheese, Camembert", [None], {1: 0.87, 2: 0.78, 8: 0.33}),
        ("Cheese, Edam", [None], {1: 1.1, 2: 0.9, 8: 1.1}),
        ("Cheese, Emmental", [None], {1: 1.2, 8: 1.4}),
        ("Cheese, feta", [None], {1: 0.65, 2: 0.7, 6: 2.2, 8: 0.5}),
        ("Cheese, Gouda", [None], {1: 1.0, 8: 1.05}),
        ("Cheese, Mozzarella, fresh", [None], {1: 0.78, 2: 0.7, 8: 0.5, 6: 0.5}),
        ("Cheese, Stilton, blue", [None], {1: 0.95, 2: 1.2, 6: 1.4}),
        ("Cheese, cottage, plain", [None], {0: 1.9, 1: 0.52, 2: 0.15, 3: 30, 8: 0.18}),
        ("Cheese, halloumi", [None], {1: 0.9, 2: 0.85, 6: 2.2}),
        ("Cheese, paneer", [None], {1: 0.8, 2: 0.85, 6: 0.05}),
        ("Cheese, soft, full fat", [None], {1: 0.35, 2: 1.1, 3: 20, 8: 0.15}),
    ],  # fmt: skip
    "CA": [
        ("Eggs, chicken, whole", ["raw", "boiled in unsalted water", "fried in sunflower oil"], {}),
        ("Eggs, chicken, white", ["raw"], {1: 0.86, 2: 0.02}),
        ("Eggs, chicken, yolk", ["raw"], {1: 1.3, 2: 2.9, 8: 2.4}),
        ("Eggs, duck, whole", ["raw"], {1: 1.0, 2: 1.25}),
    ],  # fmt: skip
    "DB": [
        ("Lentils, red, split, dried", ["raw", "boiled in unsalted water"], {}),
        ("Lentils, green and brown, whole, dried", ["raw", "boiled in unsalted water"], {}),
        ("Chickpeas, whole, dried", ["raw", "boiled in unsalted water"], {2: 3.0}),
        ("Chickpeas, canned, re-heated, drained", [None], {"w": 70, 6: 15}),
        ("Red kidney beans, dried", ["raw", "boiled in unsalted water"], {}),
        ("Red kidney beans, canned, re-heated, drained", [None], {"w": 69, 6: 16}),
        ("Butter beans, canned, re-heated, drained", [None], {"w": 73, 6: 20}),
        ("Baked beans, canned in tomato sauce", [None], {"w": 72, 6: 45, 4: 5.0}),
        ("Black-eye beans, dried", ["raw", "boiled in unsalted water"], {}),
        ("Soya beans, dried", ["raw", "boiled in unsalted water"], {1: 1.7, 2: 9.0}),
        ("Tofu, soya bean, steamed", [None], {"w": 85, 1: 1.6, 2: 5.0, 3: 0.05, 8: 7}),
        ("Hummus", [None], {"w": 60, 2: 30, 6: 30}),
        ("Mung beans, whole, dried", ["raw", "boiled in unsalted water"], {}),
        ("Split peas, dried", ["raw", "boiled in unsalted water"], {}),
    ],  # fmt: skip
    "DF": [
        ("Asparagus", ["raw", "boiled in unsalted water"], {}),
        ("Aubergine", ["raw", "fried in sunflower oil"], {}),
        ("Beans, runner", ["raw", "boiled in unsalted water"], {}),
        ("Beetroot", ["raw", "boiled in unsalted water"], {3: 1.5}),
        ("Broccoli, green", ["raw", "boiled in unsalted water", "steamed"], {1: 2.0, 8: 1.3}),
        ("Brussels sprouts", ["raw", "boiled in unsalted water", "frozen, boiled in unsalted water"], {1: 1.7}),
        ("Cabbage, white", ["raw", "boiled in unsalted water"], {}),
        ("Carrots, old", ["raw", "boiled in unsalted water"], {3: 1.5}),
        ("Cauliflower", ["raw", "boiled in unsalted water", "frozen, boiled in unsalted water"], {1: 1.5}),
        ("Celery", ["raw"], {6: 6}),
        ("Courgette", ["raw", "fried in sunflower oil"], {}),
        ("Cucumber", ["raw"], {}),
        ("Garlic", ["raw"], {0: 0.7, 1: 3.0, 3: 3.3}),
        ("Kale, curly", ["raw", "boiled in unsalted water"], {1: 1.7, 8: 4.2, 11: 2.5}),
        ("Leeks", ["raw", "boiled in unsalted water"], {}),
        ("Lettuce, average", ["raw"], {}),
        ("Mushrooms, white", ["raw", "fried in sunflower oil"], {1: 0.9, 3: 0.1}),
        ("Onions", ["raw", "boiled in unsalted water", "fried in sunflower oil"], {}),
        ("Parsnip", ["raw", "boiled in unsalted water"], {3: 2.5}),
        ("Peas", ["raw", "boiled in unsalted water", "frozen, boiled in unsalted water"], {1: 3.0, 3: 2.0}),
        ("Peppers, capsicum, red", ["raw", "grilled"], {}),
        ("Potatoes, old", ["raw", "boiled in unsalted water", "roasted"], {1: 1.0, 3: 3.4, 4: 0.04}),
        ("Potatoes, new", ["boiled in unsalted water"], {3: 3.0, 4: 0.06}),
        ("Spinach, mature", ["raw", "boiled in unsalted water"], {1: 1.4, 8: 5.0, 11: 2.8}),
        ("Sweet potato", ["raw", "boiled in unsalted water"], {3: 4.0}),
        ("Sweetcorn, kernels", ["raw", "boiled in unsalted water"], {1: 1.5, 3: 3.0}),
        ("Swede", ["raw", "boiled in unsalted water"], {}),
        ("Tomatoes, standard", ["raw", "grilled"], {}),
        ("Seaweed, kombu, dried", [None], {0: 0.1, 1: 3.5, 3: 8, 8: 47, 6: 300}),
        ("Watercress", ["raw"], {8: 5.0}),
    ],  # fmt: skip
    "FA": [
        ("Apples, eating", ["raw"], {}),
        ("Apples, cooking", ["raw", "stewed without sugar"], {4: 0.8}),
        ("Apricots", ["raw", "dried"], {}),
        ("Avocado, Hass", ["raw"], {2: 95, 3: 0.16, 4: 0.05}),
        ("Bananas, flesh only", ["raw"], {0: 0.89, 3: 1.75, 6: 0.5, 7: 1.5}),
        ("Blackberries", ["raw"], {5: 2.6}),
        ("Blueberries", ["raw"], {}),
        ("Cherries", ["raw"], {}),
        ("Dates", ["raw", "dried"], {}),
        ("Figs", ["raw", "dried"], {}),
        ("Grapefruit", ["raw"], {3: 0.6}),
        ("Grapes, green and black", ["raw"], {3: 1.3}),
        ("Kiwi fruit", ["raw"], {}),
        ("Lemons, whole", ["raw"], {3: 0.3}),
        ("Mango", ["raw", "dried"], {}),
        ("Melon, cantaloupe", ["raw"], {3: 0.6}),
        ("Nectarines", ["raw"], {}),
        ("Oranges", ["raw"], {}),
        ("Peaches", ["raw", "canned in water, drained"], {}),
        ("Pears", ["raw"], {}),
        ("Pineapple", ["raw", "canned in water, drained"], {}),
        ("Plums", ["raw", "stewed without sugar"], {}),
        ("Raspberries", ["raw"], {5: 3.0, 3: 0.5}),
        ("Strawberries", ["raw"], {3: 0.6}),
        ("Watermelon", ["raw"], {3: 0.7}),
    ],  # fmt: skip
    "GA": [
        ("Almonds", ["raw", "toasted"], {8: 2.2}),
        ("Brazil nuts", ["raw"], {2: 1.3}),
        ("Cashew nuts, plain", ["raw", "roasted"], {}),
        ("Hazelnuts", ["raw"], {1: 0.7}),
        ("Macadamia nuts, salted", [None], {1: 0.4, 2: 1.5, 6: 56}),
        ("Peanuts, plain", ["raw"], {1: 1.2}),
        ("Peanuts, dry roasted", [None], {1: 1.25, 6: 160}),
        ("Peanut butter, smooth", [None], {1: 1.1, 6: 70}),
        ("Pecan nuts", ["raw"], {1: 0.45, 2: 1.35}),
        ("Pine nuts", ["raw"], {1: 0.7, 2: 1.3}),
        ("Pistachio nuts, roasted and salted", [None], {6: 105}),
        ("Pumpkin seeds", ["raw"], {1: 1.15, 11: 2.8}),
        ("Sesame seeds", ["raw"], {1: 0.87, 8: 6.1}),
        ("Sunflower seeds", ["raw"], {1: 0.95}),
        ("Walnuts", ["raw"], {1: 0.7, 2: 1.33}),
        ("Tahini paste", [None], {1: 0.88, 8: 6.0}),
        ("Chia seeds", ["raw"], {1: 0.8, 2: 0.6, 5: 4.0, 8: 5.5}),
        ("Linseeds", ["raw"], {1: 0.9, 2: 0.75, 5: 3.0}),
    ],  # fmt: skip
    "JA": [
        ("Cod", ["raw", "grilled"], {2: 0.1}),
        ("Haddock", ["raw", "grilled"], {2: 0.1}),
        ("Plaice", ["raw", "grilled"], {2: 0.3}),
        ("Salmon, farmed", ["raw", "grilled"], {2: 2.2}),
        ("Mackerel", ["raw", "grilled"], {2: 3.0, 1: 0.9}),
        ("Sardines, canned in olive oil, drained", [None], {2: 2.0, 8: 16, 6: 4}),
        ("Tuna, canned in brine, drained", [None], {1: 1.2, 2: 0.15, 6: 3.5}),
        ("Prawns, king", ["raw", "grilled"], {2: 0.15, 6: 2.5}),
        ("Trout, rainbow", ["raw", "grilled"], {}),
        ("Whitebait, in flour, fried", [None], {2: 7.0, 3: 5, 8: 29}),
        ("Fish fingers, cod", ["grilled"], {1: 0.6, 2: 1.5, 3: 17, 6: 3.5}),
    ],  # fmt: skip
    "MA": [
        ("Beef, mince, 10-15% fat", ["raw", "fried in sunflower oil"], {}),
        ("Beef, rump steak, lean", ["raw", "grilled"], {2: 0.4}),
        ("Chicken, breast, meat only", ["raw", "grilled"], {2: 0.2}),
        ("Chicken, thigh, meat only", ["raw", "roasted"], {2: 0.8}),
        ("Lamb, leg, lean", ["raw", "roasted"], {2: 0.8}),
        ("Pork, loin chops, lean", ["raw", "grilled"], {2: 0.6}),
        ("Turkey, breast, meat only", ["raw", "roasted"], {2: 0.15}),
        ("Bacon rashers, back", ["raw", "grilled"], {2: 1.5, 6: 17}),
        ("Ham, smoked", [None], {1: 0.75, 2: 0.4, 6: 15}),
        ("Sausages, pork", ["grilled"], {1: 0.55, 2: 2.2, 3: 10, 6: 11}),
        ("Liver, lamb", ["raw", "fried in sunflower oil"], {11: 6.0}),
        ("Duck, meat only", ["raw", "roasted"], {2: 0.9}),
    ],  # fmt: skip
    "OB": [
        ("Butter, salted", [None], {0: 80, 1: 6, 2: 0.82, 6: 1010, 8: 36}),
        ("Butter, unsalted", [None], {0: 80, 1: 6, 2: 0.82, 6: 18, 8: 36}),
        ("Oil, olive, extra virgin", [None], {}),
        ("Oil, rapeseed", [None], {}),
        ("Oil, sunflower", [None], {}),
        ("Oil, coconut", [None], {}),
        ("Lard", [None], {2: 0.99}),
        ("Ghee, butter", [None], {2: 0.998}),
        ("Fat spread, 60% fat, polyunsaturated", [None], {0: 190, 2: 0.6, 6: 920}),
    ],  # fmt: skip
    "WY": [
        ("Salt, table", [None], {0: 0.02, 1: 0.0, 2: 0.0, 3: 0.0, 5: 0.0, 6: 78.6, 7: 0.0, 8: 0.4}),
        ("Yeast, dried", [None], {0: 0.5, 1: 7.1, 2: 1.5, 3: 0.12, 5: 10, 6: 0.1, 7: 6.7}),
        ("Gelatine", [None], {0: 1.3, 1: 16.9, 2: 0.0, 3: 0.0, 6: 0.5, 8: 1.2}),
        ("Baking powder", [None], {0: 0.6, 1: 0.0, 3: 1.25, 6: 23.6, 8: 18.8}),
        ("Cocoa powder", [None], {0: 0.3, 1: 3.7, 2: 21.7, 3: 0.38, 6: 1.9, 8: 2.2}),
        ("Sugar, white", [None], {0: 0.0, 1: 0.0, 2: 0.0, 3: 3.33, 4: 3.33, 6: 0.0}),
        ("Honey", [None], {0: 1.7, 1: 0.08, 2: 0.0, 3: 2.5, 4: 3.2, 6: 0.02}),
        ("Jam, fruit with edible seeds", [None], {0: 3.0, 1: 0.12, 2: 0.0, 3: 2.3, 4: 3.0, 6: 0.03}),
        ("Stock cubes, chicken", [None], {0: 0.1, 1: 3.1, 2: 15, 3: 0.3, 6: 33}),
        ("Soy sauce", [None], {0: 7.0, 1: 0.5, 2: 0.0, 3: 0.27, 6: 11.4}),
        ("Marmite yeast extract", [None], {0: 3.0, 1: 7.8, 2: 0.1, 3: 0.6, 6: 8.6}),
        ("Chocolate, milk", [None], {0: 0.1, 1: 1.5, 2: 30, 3: 1.9, 4: 3.0, 8: 3.6}),
        ("Crisps, potato, ready salted", [None], {0: 0.2, 1: 1.3, 2: 35, 3: 1.7, 6: 1.7}),
    ],  # fmt: skip
}
EDIBLE = {  # base name -> edible proportion of the food as bought (weighed with skin, stones, shell or bone)
    "Bananas, flesh only": 0.66, "Oranges": 0.7, "Apples, eating": 0.89, "Apples, cooking": 0.79, "Mango": 0.68,
    "Avocado, Hass": 0.71, "Melon, cantaloupe": 0.6, "Pineapple": 0.53, "Kiwi fruit": 0.86, "Plums": 0.94,
    "Cherries": 0.89, "Peaches": 0.9, "Nectarines": 0.89, "Grapes, green and black": 0.95, "Apricots": 0.92,
    "Grapefruit": 0.68, "Lemons, whole": 0.99, "Watermelon": 0.58, "Pears": 0.91, "Eggs, chicken, whole": 0.88,
    "Eggs, duck, whole": 0.87, "Prawns, king": 0.47, "Mackerel": 0.66, "Trout, rainbow": 0.62, "Plaice": 0.48,
    "Onions": 0.91, "Carrots, old": 0.89, "Leeks": 0.61, "Cauliflower": 0.56, "Broccoli, green": 0.68,
    "Potatoes, old": 0.86, "Swede": 0.82, "Parsnip": 0.83, "Brussels sprouts": 0.78, "Cabbage, white": 0.85,
    "Sweet potato": 0.86, "Sweetcorn, kernels": 0.5, "Asparagus": 0.59, "Garlic": 0.79, "Beetroot": 0.8,
}  # fmt: skip
PROX_COLUMNS = [  # heading, code, short name, decimals
    ("Water (g)", "WATER", "Water", 1), ("Total nitrogen (g)", "TOTNIT", "Total nitrogen", 2),
    ("Protein (g)", "PROT", "Protein", 1), ("Fat (g)", "FAT", "Fat", 1), ("Carbohydrate (g)", "CHO", "Carbohydrate", 1),
    ("Energy (kcal) (kcal)", "KCALS", "Energy (kcal)", 0), ("Energy (kJ) (kJ)", "KJ", "Energy (kJ)", 0),
    ("Starch (g)", "STARCH", "Starch", 1), ("Total sugars (g)", "TOTSUG", "Total sugars", 1),
    ("NSP (g)", "NSP", "NSP", 1), ("AOAC fibre (g)", "AOACFIB", "AOAC fibre", 1), ("Cholesterol (mg)", "CHOL", "Cholesterol", 0),
]  # fmt: skip
INORG_COLUMNS = [
    ("Sodium (mg)", "NA", "Sodium", 0), ("Potassium (mg)", "K", "Potassium", 0), ("Calcium (mg)", "CA", "Calcium", 0),
    ("Magnesium (mg)", "MG", "Magnesium", 0), ("Phosphorus (mg)", "P", "Phosphorus", 0), ("Iron (mg)", "FE", "Iron", 2),
    ("Zinc (mg)", "ZN", "Zinc", 1), ("Chloride (mg)", "CL", "Chloride", 0),
]  # fmt: skip
FACTOR_COLUMNS = [
    ("Edible proportion", "EDIBLE", "Edible proportion", 2), ("Specific gravity", "SPECGRAV", "Specific gravity", 2),
    ("Nitrogen conversion factor", "NCF", "Nitrogen conversion factor", 2),
    ("Glycerol conversion factor", "GLYCF", "Glycerol conversion factor", 3),
]  # fmt: skip
ID_COLUMNS = ["Food Code", "Food Name", "Description", "Group", "Previous", "Main data references", "Footnote"]
COFID_SHEETS = ["Title", "1.2 Factors", "1.3 Proximates", "1.4 Inorganics"]


def _round(v: float, nd: int) -> float | int:
    return int(round(v)) if nd == 0 else round(v, nd)


def _cofid_food(rng: random.Random, group: str, base: str, prep: str | None, tweaks: dict) -> dict:
    prof = list(COFID_GROUPS[group][2])
    for i, f in tweaks.items():
        if i != "w":
            prof[i] *= f
    if "w" in tweaks:  # a food sold wet (canned, cooked): the dry matter thinned to that water content
        scale = (100 - tweaks["w"]) / (100 - prof[0])
        prof = [tweaks["w"]] + [x * scale if j != 3 else x for j, x in enumerate(prof[1:])]
    water, prot, fat, carb, sugshare, fibre, na, k, ca, mg, p, fe, zn = prof
    after, kept, fat_up = PREP[prep or "raw"]
    jitter = lambda: rng.uniform(0.85, 1.15)  # noqa: E731
    water = water * rng.uniform(0.97, 1.03)
    cooked = min(99.0, after(water) * rng.uniform(0.98, 1.02)) if prep not in (None, "raw") else water
    dry = (100 - cooked) / max(0.5, 100 - water)  # the same dry matter in less (or more) water
    prot, fat, carb, fibre = (x * dry * jitter() for x in (prot, fat, carb, fibre))
    fat += fat_up * rng.uniform(0.6, 1.3)
    na, k, ca, mg, p, fe, zn = (x * dry * kept * jitter() for x in (na, k, ca, mg, p, fe, zn))
    water = cooked
    solids = prot + fat + carb + fibre
    if solids + water > 100:  # keep the composition physical
        scale = (100 - water) / solids
        prot, fat, carb, fibre = (x * scale for x in (prot, fat, carb, fibre))
    sugars = carb * min(1.0, sugshare * rng.uniform(0.8, 1.2))
    starch = max(0.0, carb - sugars)
    kcal = 4 * prot + 9 * fat + 3.75 * carb + 2 * fibre
    animal = group in ("BA", "BL", "CA", "JA", "MA") or base.startswith(("Butter", "Lard", "Ghee"))
    chol = (rng.uniform(40, 110) if group in ("JA", "MA") else rng.uniform(5, 120)) if animal else 0.0
    if group == "CA":
        chol = rng.uniform(350, 420) if "white" not in base else 0.0
    name = base if prep is None else f"{base}, {prep}"
    values: dict[str, object] = {
        "Water (g)": water, "Total nitrogen (g)": prot / 6.25, "Protein (g)": prot, "Fat (g)": fat,
        "Carbohydrate (g)": carb, "Energy (kcal) (kcal)": kcal, "Energy (kJ) (kJ)": kcal * 4.184, "Starch (g)": starch,
        "Total sugars (g)": sugars, "NSP (g)": fibre * 0.72, "AOAC fibre (g)": fibre, "Cholesterol (mg)": chol,
        "Sodium (mg)": na, "Potassium (mg)": k, "Calcium (mg)": ca, "Magnesium (mg)": mg, "Phosphorus (mg)": p,
        "Iron (mg)": fe, "Zinc (mg)": zn, "Chloride (mg)": na * 1.5 + k * 0.1,
        "Edible proportion": EDIBLE.get(base, 1.0) if prep in (None, "raw") else 1.0,
        "Specific gravity": 1.03 if group == "BA" else (0.92 if group == "OB" and "Oil" in base else None),
        "Nitrogen conversion factor": {"AA": 5.7, "AD": 5.7, "AI": 5.7, "BA": 6.38, "BL": 6.38, "GA": 5.3}.get(group, 6.25),
        "Glycerol conversion factor": 0.956 if fat > 1 else None,
    }  # fmt: skip
    for heading, _, _, nd in PROX_COLUMNS + INORG_COLUMNS + FACTOR_COLUMNS:
        v = values[heading]
        if isinstance(v, float):
            values[heading] = _round(v, nd)
    # the dataset's markers: a trace, an unmeasured but significant amount, or not analysed
    for heading in (
        "Total sugars (g)",
        "Starch (g)",
        "AOAC fibre (g)",
        "NSP (g)",
        "Cholesterol (mg)",
        "Sodium (mg)",
        "Iron (mg)",
    ):
        v = values[heading]
        if isinstance(v, (int, float)) and 0 < v < (0.1 if "(g)" in heading else 1) and heading != "Iron (mg)":
            values[heading] = "Tr"
    if group == "AI" and values["Total sugars (g)"] in (0, 0.0):
        values["Total sugars (g)"] = "Tr"
    if rng.random() < 0.42 and group not in ("AI",):
        values["AOAC fibre (g)"] = None  # AOAC fibre was not analysed for many older foods
    elif rng.random() < 0.05:
        values["AOAC fibre (g)"] = "N"
    if group not in ("AI",) and rng.random() < 0.04:
        values["Total sugars (g)"] = "N"
    if rng.random() < 0.03:
        values["Calcium (mg)"] = "N"
    if rng.random() < 0.05:
        values["Chloride (mg)"] = "N"
    if rng.random() < 0.06:
        values["Cholesterol (mg)"] = "N" if animal else None
    return {"name": name, "group": group, "values": values, "base": base, "prep": prep}


def _build_cofid(rng: random.Random) -> dict:
    foods: list[dict] = []
    for group, bases in BASES.items():
        for base, preps, tweaks in bases:
            for prep in preps:
                foods.append(_cofid_food(rng, group, base, prep, tweaks))
    # food codes: the prefix of the source publication, numbers with gaps, in name order within the group
    numbers: dict[str, int] = {}
    for f in sorted(foods, key=lambda f: (f["group"], f["name"])):
        prefix = COFID_GROUPS[f["group"]][1]
        numbers[prefix] = numbers.get(prefix, rng.randint(1, 30)) + rng.randint(1, 9)
        f["code"] = f"{prefix}-{numbers[prefix]:03d}"
        f["description"] = "" if f["prep"] is None else f["prep"].capitalize()
        f["references"] = f"{rng.choice([1, 4, 8, 12, 19, 23, 30, 34, 41, 47])}, {rng.choice([52, 56, 58, 61, 63])}"
        f["previous"] = (
            f"{int(prefix) + rng.choice([0, 0, 1, 3])}-{rng.randint(1, 999):03d}" if rng.random() < 0.5 else ""
        )
    foods.sort(key=lambda f: f["code"])
    return {"foods": foods}


def _cell(ref: str, value, bold: bool = False) -> str:
    style = ' s="1"' if bold else ""
    if value is None or value == "":
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f'<c r="{ref}"{style}><v>{value!r}</v></c>'
    return f'<c r="{ref}"{style} t="inlineStr"><is><t>{escape(str(value))}</t></is></c>'


def _col(i: int) -> str:
    s = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(65 + r) + s
    return s


def _sheet_xml(rows: list[list], bold_rows: int) -> str:
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
           '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>']  # fmt: skip
    for r, row in enumerate(rows, start=1):
        cells = "".join(_cell(f"{_col(c)}{r}", v, r <= bold_rows) for c, v in enumerate(row))
        out.append(f'<row r="{r}">{cells}</row>')
    out.append("</sheetData></worksheet>")
    return "".join(out)


def _cofid_rows(t: Truth, columns: list[tuple]) -> list[list]:
    head = ID_COLUMNS + [c[0] for c in columns]
    codes = [""] * len(ID_COLUMNS) + [c[1] for c in columns]
    names = [""] * len(ID_COLUMNS) + [c[2] for c in columns]
    rows = [head, codes, names]
    for f in t.cofid["foods"]:
        group_name = f["group"]
        rows.append([f["code"], f["name"], f["description"], group_name, f["previous"], f["references"], ""]
                    + [f["values"][c[0]] for c in columns])  # fmt: skip
    return rows


def _write_cofid(t: Truth, d: Path) -> None:
    title = [["McCance and Widdowson's The Composition of Foods Integrated Dataset 2021"], [],
             ["Public Health England"], [],
             ["This extract holds the Factors, Proximates and Inorganics worksheets."],
             ["Values are given per 100g of the edible portion of the food, unless stated."],
             ["Tr = trace; N = the nutrient is present in significant quantities but there is no reliable information on the amount;"],
             ["a blank cell means the nutrient was not analysed."],
             ["Food groups:"]] + [[f"{code}  {spec[0]}"] for code, spec in COFID_GROUPS.items()]  # fmt: skip
    sheets = [_sheet_xml(title, 1)] + [
        _sheet_xml(_cofid_rows(t, cols), 1) for cols in (FACTOR_COLUMNS, PROX_COLUMNS, INORG_COLUMNS)
    ]
    ct = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
          '<Default Extension="xml" ContentType="application/xml"/>'
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
          + "".join(f'<Override PartName="/xl/worksheets/sheet{i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' for i in range(len(sheets)))
          + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
          '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
          '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>'
          "</Types>")  # fmt: skip
    rels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
            '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>'
            '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>'
            "</Relationships>")  # fmt: skip
    workbook = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
                'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>'
                + "".join(f'<sheet name="{escape(n)}" sheetId="{i + 1}" r:id="rId{i + 1}"/>' for i, n in enumerate(COFID_SHEETS))
                + "</sheets></workbook>")  # fmt: skip
    wb_rels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
               '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
               + "".join(f'<Relationship Id="rId{i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet{i + 1}.xml"/>' for i in range(len(sheets)))
               + f'<Relationship Id="rId{len(sheets) + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>'
               "</Relationships>")  # fmt: skip
    styles = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
              '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
              '<fonts count="2"><font><sz val="11"/><name val="Arial"/></font><font><b/><sz val="11"/><name val="Arial"/></font></fonts>'
              '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
              '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
              '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
              '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
              '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>'
              '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>')  # fmt: skip
    core = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
            'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
            'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>Composition of Foods Integrated Dataset 2021</dc:title>'
            '<dc:creator>Public Health England</dc:creator>'
            '<dcterms:created xsi:type="dcterms:W3CDTF">2021-03-18T09:12:00Z</dcterms:created>'
            '<dcterms:modified xsi:type="dcterms:W3CDTF">2021-03-18T09:12:00Z</dcterms:modified></cp:coreProperties>')  # fmt: skip
    app = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
           '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">'
           "<Application>Microsoft Excel</Application></Properties>")  # fmt: skip
    parts = [("[Content_Types].xml", ct), ("_rels/.rels", rels), ("docProps/core.xml", core), ("docProps/app.xml", app),
             ("xl/workbook.xml", workbook), ("xl/_rels/workbook.xml.rels", wb_rels), ("xl/styles.xml", styles)]  # fmt: skip
    parts += [(f"xl/worksheets/sheet{i + 1}.xml", s) for i, s in enumerate(sheets)]
    with zipfile.ZipFile(d / COFID_FILE, "w") as z:
        for name, text in parts:
            info = zipfile.ZipInfo(name, date_time=(2021, 3, 18, 9, 12, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text.encode("utf-8"))


# =================================================================================================


def truth() -> Truth:
    return Truth(
        fec=_build_fec(_rng("fec")),
        fda=_build_fda(_rng("fda")),
        chess=_build_chess(_rng("chess")),
        cofid=_build_cofid(_rng("cofid")),
    )


def write_files(d) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_fec(t, d)
    _write_fda(t, d)
    _write_chess(t, d)
    _write_cofid(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python data.py DIR")
    for p in write_files(sys.argv[1]):
        print(p, p.stat().st_size)
