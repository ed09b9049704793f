"""The forty-sixth held-out set's data: six files on three topics, each imitating a real export or download.

* `eo_ma.csv`: the IRS Exempt Organizations Business Master File extract for Massachusetts (`EIN,NAME,ICO,STREET,
  CITY,STATE,ZIP,GROUP,SUBSECTION,AFFILIATION,CLASSIFICATION,RULING,DEDUCTIBILITY,FOUNDATION,ACTIVITY,ORGANIZATION,
  STATUS,TAX_PERIOD,ASSET_CD,INCOME_CD,FILING_REQ_CD,PF_FILING_REQ_CD,ACCT_PD,ASSET_AMT,INCOME_AMT,REVENUE_AMT,
  NTEE_CD,SORT_NAME`): the EIN as nine digits with its leading zero (`042103580`), codes as zero-padded digits
  (`SUBSECTION` `03`, `FOUNDATION` `15`), `RULING` and `TAX_PERIOD` as `YYYYMM`, ZIP codes five digits or ZIP+4
  (`02139-4307`), amounts blank where nothing was filed, an NTEE code whose first letter is the major group, names
  in capitals; sorted by EIN.
* `propublica_ma_organizations.json`: ProPublica Nonprofit Explorer API v2 answers (`organizations/{ein}.json`) for
  some of those charities, saved as one JSON list: each `{"organization": {...}, "filings_with_data": [...],
  "filings_without_data": [...], "data_source", "api_version"}`; the EIN an integer (`42103580`); `formtype` 0
  (990), 1 (990-EZ) or 2 (990-PF); `tax_prd` the end of the fiscal year (`202306`) and `tax_prd_yr` the tax year
  (the year it began); the revenue under `totrevenue` on a 990 but `totrevnue` on a 990-EZ and `totrcptperbks` on
  a 990-PF (the IRS extracts' own field names).
* `COMPLAINTS_RECEIVED_2020-2024.zip`: NHTSA's flat file of vehicle safety complaints (a zip of one text file):
  tab-separated, **no header row** (the 49 fields are named in NHTSA's separate field list), Windows-1252 text
  (`’` in the narratives), dates `YYYYMMDD`, **one row per component a complaint names, the complaint's number
  `ODINO` repeated on each**, `YEARTXT` 9999 where the model year is unknown.
* `Recalls_Data.csv`: NHTSA's recalls as downloaded from data.transportation.gov (`Report Received Date,NHTSA ID,
  Recall Link,Manufacturer,Subject,Component,Mfr Campaign Number,Recall Type,Potentially Affected,Recall
  Description,Consequence Summary,Corrective Action,Park Outside Advisory,Do Not Drive Advisory,Completion Rate %
  (Blank - Not Reported)`): dates `MM/DD/YYYY`, newest first, multi-line quoted texts, a manufacturer's name spelled
  two ways across the years, the unit in a header.
* `Most-Recent-Cohorts-Institution.csv`: the College Scorecard's institution-level file, with 35 of its columns:
  `NULL` where a value does not apply and `PrivacySuppressed` where it is withheld, rates as fractions (`0.4523`),
  coded `CONTROL`, `PREDDEG`, `REGION`.
* `tabn330.20.xlsx`: an NCES Digest of Education Statistics table (average undergraduate tuition and fees and room
  and board by control and level of institution and state, 2021-22 and 2022-23): a title, a three-row header with
  merged cells and a row of column numbers, the United States above the states, state names with dot leaders,
  states in groups of five between blank rows, the other jurisdictions below, `†` and `—` for not applicable and not
  available, notes and the source at the bottom.

Every record is built first with the standard library from a fixed seed (one random stream per topic);
the files are then rendered from those records, so the same seed gives the same bytes. `truth()` returns
the clean records the references are computed from.

    python data.py DIR   # writes the six files into DIR
"""

from __future__ import annotations

import csv
import functools
import io
import json
import math
import random
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from xml.sax.saxutils import escape

SEED = 46_731_905

BMF_FILE = "eo_ma.csv"
PP_FILE = "propublica_ma_organizations.json"
CMPL_ZIP = "COMPLAINTS_RECEIVED_2020-2024.zip"
CMPL_TXT = "COMPLAINTS_RECEIVED_2020-2024.txt"
RECALLS_FILE = "Recalls_Data.csv"
SC_FILE = "Most-Recent-Cohorts-Institution.csv"
DIGEST_FILE = "tabn330.20.xlsx"
FILES = [BMF_FILE, PP_FILE, CMPL_ZIP, RECALLS_FILE, SC_FILE, DIGEST_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


def _poisson(rng: random.Random, lam: float) -> int:
    if lam <= 0:
        return 0
    if lam > 40:
        return max(0, round(rng.gauss(lam, math.sqrt(lam))))
    limit, k, p = math.exp(-lam), 0, 1.0
    while True:
        p *= rng.random()
        if p <= limit:
            return k
        k += 1


def _pick(rng: random.Random, pairs: list) -> object:
    return rng.choices([p[0] for p in pairs], weights=[p[1] for p in pairs])[0]


def _lognormal(rng: random.Random, median: float, sd: float) -> float:
    return math.exp(rng.gauss(math.log(median), sd))


@dataclass
class Truth:
    orgs: list[dict]  # the BMF rows, in file order (clean values; None where blank)
    pp: list[dict]  # the ProPublica answers, in file order, as written
    filings: list[dict]  # every filing with data, clean: ein, name, formtype, tax_prd, tax_prd_yr, revenue, ...
    complaints: list[dict]  # one per ODINO: make, year, crash, deaths, datea, faildate, components, ...
    recalls: list[dict]  # the recalls, in file order
    colleges: list[dict]  # the Scorecard rows, in file order (None for NULL, "PS" for PrivacySuppressed)
    digest: list[dict]  # the Digest table's data rows: name, kind (us, state, other), values (None for † or —)


# ==================================================================================================
# Nonprofits: the IRS EO BMF extract for Massachusetts and ProPublica Nonprofit Explorer API answers
# ==================================================================================================

N_ORGS = 3200
N_PP = 250
PP_TOP = 110  # the largest organizations by revenue are all fetched, the rest at random
# city, weight, ZIP codes
MA_CITIES = [
    ("BOSTON", 16.0, ["02108", "02109", "02110", "02111", "02113", "02114", "02115", "02116", "02118", "02119",
                      "02120", "02121", "02122", "02124", "02125", "02127", "02128", "02130", "02131", "02132",
                      "02134", "02135", "02136", "02199", "02210", "02215"]),
    ("CAMBRIDGE", 6.5, ["02138", "02139", "02140", "02141", "02142"]),
    ("WORCESTER", 4.6, ["01602", "01603", "01604", "01605", "01606", "01608", "01609", "01610"]),
    ("SPRINGFIELD", 3.8, ["01103", "01104", "01105", "01107", "01108", "01109", "01118", "01119", "01128"]),
    ("NEWTON", 3.0, ["02458", "02459", "02460", "02461", "02462", "02464", "02465", "02466", "02467", "02468"]),
    ("SOMERVILLE", 2.4, ["02143", "02144", "02145"]), ("LOWELL", 2.3, ["01850", "01851", "01852", "01854"]),
    ("BROOKLINE", 2.0, ["02445", "02446"]), ("QUINCY", 1.9, ["02169", "02170", "02171"]),
    ("NEW BEDFORD", 1.8, ["02740", "02744", "02745", "02746"]), ("PITTSFIELD", 1.7, ["01201"]),
    ("FRAMINGHAM", 1.7, ["01701", "01702"]), ("WALTHAM", 1.7, ["02451", "02452", "02453"]),
    ("NORTHAMPTON", 1.7, ["01060", "01062"]), ("FALL RIVER", 1.6, ["02720", "02721", "02723", "02724"]),
    ("LEXINGTON", 1.4, ["02420", "02421"]), ("SALEM", 1.4, ["01970"]), ("PLYMOUTH", 1.3, ["02360"]),
    ("BROCKTON", 1.3, ["02301", "02302"]), ("LYNN", 1.3, ["01901", "01902", "01904", "01905"]),
    ("ARLINGTON", 1.2, ["02474", "02476"]), ("MEDFORD", 1.2, ["02155"]), ("LAWRENCE", 1.2, ["01840", "01841"]),
    ("AMHERST", 1.2, ["01002"]), ("HAVERHILL", 1.1, ["01830", "01832", "01835"]),
    ("WELLESLEY", 1.1, ["02481", "02482"]), ("ANDOVER", 1.0, ["01810"]), ("CONCORD", 1.0, ["01742"]),
    ("NATICK", 1.0, ["01760"]), ("NEEDHAM", 0.9, ["02492", "02494"]), ("HOLYOKE", 0.9, ["01040"]),
    ("GLOUCESTER", 0.9, ["01930"]), ("BEVERLY", 0.9, ["01915"]), ("HYANNIS", 0.8, ["02601"]),
    ("WOBURN", 0.8, ["01801"]), ("WESTFIELD", 0.8, ["01085"]), ("FITCHBURG", 0.8, ["01420"]),
    ("MARLBOROUGH", 0.8, ["01752"]), ("GREENFIELD", 0.8, ["01301"]), ("LEOMINSTER", 0.7, ["01453"]),
    ("NANTUCKET", 0.6, ["02554"]), ("GREAT BARRINGTON", 0.6, ["01230"]), ("WILLIAMSTOWN", 0.5, ["01267"]),
    ("FALMOUTH", 0.7, ["02540"]), ("DEDHAM", 0.7, ["02026"]), ("MILTON", 0.6, ["02186"]),
    ("BELMONT", 0.6, ["02478"]), ("WATERTOWN", 0.8, ["02472"]), ("CHELSEA", 0.6, ["02150"]),
    ("MALDEN", 0.7, ["02148"]),
]  # fmt: skip
NP_ZIP = "02139"  # the ZIP code asked about
REGIONS_MA = ["BERKSHIRE", "CAPE COD", "NORTH SHORE", "SOUTH SHORE", "MERRIMACK VALLEY", "PIONEER VALLEY",
              "METROWEST", "NASHOBA VALLEY", "BLACKSTONE VALLEY", "MARTHAS VINEYARD", "CAPE ANN", "GREATER BOSTON",
              "MASSACHUSETTS", "WESTERN MASSACHUSETTS", "CENTRAL MASSACHUSETTS"]  # fmt: skip
SURNAMES = ["ABBOTT", "ALDEN", "BARTLETT", "BRADFORD", "CABOT", "CHASE", "COFFIN", "CURTIS", "DOANE", "DWIGHT",
            "ELLIS", "FALLON", "FISKE", "FOLEY", "GARDNER", "HALE", "HASKELL", "HOWLAND", "KELLEHER", "LOWELL",
            "LYMAN", "MACOMBER", "MAHONEY", "MERRILL", "NICKERSON", "NOONAN", "OTIS", "PARKMAN", "PEABODY",
            "PIERCE", "QUINN", "RUSSO", "SALTONSTALL", "SEARS", "SHAW", "SULLIVAN", "THAYER", "TOBIN", "WARE",
            "WELD", "WHITCOMB", "WINSLOW", "YEE", "ZHANG", "NGUYEN", "PATEL", "SILVA", "COSTA", "OLIVEIRA",
            "KAPLAN", "ROSEN", "GOLDBERG", "OKAFOR", "MENDES", "RIVERA", "DOHERTY", "KENNEDY", "LEBLANC", "MARTEL"]  # fmt: skip
FIRST_NAMES = ["JANE", "JOHN", "MARY", "ROBERT", "SUSAN", "DAVID", "LINDA", "MICHAEL", "KAREN", "PAUL", "ANA",
               "LUIS", "MEI", "RAJ", "FATIMA", "KEVIN", "NANCY", "THOMAS", "ELLEN", "PETER"]  # fmt: skip
SAINTS = ["ST JOSEPH", "ST MARY", "ST ANTHONY", "ST PATRICK", "ST JOHN THE BAPTIST", "HOLY TRINITY", "ST BRIGID",
          "SACRED HEART", "ST ANNE", "ST FRANCIS", "OUR LADY OF FATIMA", "ST MICHAEL"]  # fmt: skip
RIVERS = ["CHARLES RIVER", "MYSTIC RIVER", "NASHUA RIVER", "CONCORD RIVER", "NEPONSET RIVER", "TAUNTON RIVER",
          "WESTFIELD RIVER", "HOUSATONIC RIVER", "IPSWICH RIVER", "PARKER RIVER", "SUDBURY RIVER", "DEERFIELD RIVER"]  # fmt: skip
STREETS = ["MAIN ST", "CENTRAL ST", "SCHOOL ST", "CHURCH ST", "HIGH ST", "ELM ST", "PARK ST", "WASHINGTON ST",
           "PLEASANT ST", "MASSACHUSETTS AVE", "BROADWAY", "WATER ST", "UNION ST", "MAPLE AVE", "SUMMER ST",
           "COMMERCIAL ST", "BEACON ST", "HARVARD ST", "NORTH ST", "MILL ST"]  # fmt: skip
# kind, weight, subsection, (NTEE code, name pattern) choices, foundation codes with weights, median revenue, log sd
NP_TYPES = [
    ("arts", 8.0, 3, [("A82", "{p} HISTORICAL SOCIETY INC"), ("A68", "{p} COMMUNITY CHORUS INC"),
                      ("A69", "{p} SYMPHONY ORCHESTRA INC"), ("A65", "{p} THEATRE COMPANY INC"),
                      ("A20", "{p} ARTS COUNCIL INC"), ("A51", "{p} ART MUSEUM INC"), ("A23", "{p} CULTURAL CENTER INC"),
                      ("A62", "{p} DANCE COLLECTIVE INC")], [("15", 6), ("16", 4)], 70_000, 1.5),
    ("education", 11.0, 3, [("B11", "{p} EDUCATION FOUNDATION INC"), ("B24", "{p} MONTESSORI SCHOOL INC"),
                            ("B94", "{p} PARENT TEACHER ORGANIZATION INC"), ("B70", "FRIENDS OF THE {p} PUBLIC LIBRARY INC"),
                            ("B82", "{s} MEMORIAL SCHOLARSHIP FUND INC"), ("B25", "{p} ACADEMY INC"),
                            ("B29", "{p} COMMUNITY CHARTER SCHOOL"), ("B60", "{p} ADULT LEARNING CENTER INC")],
     [("15", 5), ("16", 3), ("11", 2)], 110_000, 1.9),
    ("environment", 3.0, 3, [("C32", "{r} WATERSHED ASSOCIATION INC"), ("C34", "{p} LAND TRUST INC"),
                             ("C42", "{p} GARDEN CLUB INC"), ("C30", "{p} CONSERVATION COALITION INC")],
     [("15", 6), ("16", 4)], 80_000, 1.5),
    ("animals", 2.5, 3, [("D20", "{p} ANIMAL RESCUE LEAGUE INC"), ("D20", "{p} HUMANE SOCIETY INC"),
                         ("D40", "{p} WILDLIFE SANCTUARY INC")], [("15", 6), ("16", 4)], 90_000, 1.6),
    ("health", 4.0, 3, [("E32", "{p} COMMUNITY HEALTH CENTER INC"), ("E70", "{p} VISITING NURSE ASSOCIATION INC"),
                        ("E92", "{p} HOSPICE INC"), ("E21", "{p} MEDICAL CENTER INC"),
                        ("E60", "{p} HEALTH ACCESS PROJECT INC")], [("15", 8), ("12", 1), ("16", 1)], 1_200_000, 1.8),
    ("mental", 2.0, 3, [("F20", "{p} RECOVERY CENTER INC"), ("F32", "{p} COUNSELING CENTER INC"),
                        ("F60", "{p} CRISIS LINE INC")], [("15", 6), ("16", 4)], 500_000, 1.6),
    ("disease", 1.5, 3, [("G30", "{p} CANCER SUPPORT NETWORK INC"), ("G41", "{p} HEART HEALTH COALITION INC"),
                         ("G98", "{p} ALZHEIMERS RESPITE FUND INC")], [("15", 7), ("16", 3)], 90_000, 1.5),
    ("legal", 1.0, 3, [("I80", "{p} LEGAL SERVICES INC"), ("I43", "{p} RESTORATIVE JUSTICE PROJECT INC")],
     [("15", 7), ("16", 3)], 400_000, 1.5),
    ("employment", 1.0, 3, [("J22", "{p} WORKFORCE PARTNERS INC"), ("J30", "{p} GOODWORKS INDUSTRIES INC")],
     [("16", 6), ("15", 4)], 500_000, 1.6),
    ("food", 2.5, 3, [("K31", "{p} FOOD PANTRY INC"), ("K30", "{p} COMMUNITY MEALS INC"),
                      ("K25", "{p} COMMUNITY FARM INC")], [("15", 7), ("16", 3)], 80_000, 1.6),
    ("housing", 3.0, 3, [("L20", "{p} HABITAT FOR HUMANITY INC"), ("L21", "{p} HOUSING CORPORATION"),
                         ("L41", "{p} FAMILY SHELTER INC"), ("L22", "{p} ELDER HOUSING INC")],
     [("15", 5), ("16", 5)], 400_000, 1.7),
    ("safety", 1.0, 3, [("M24", "{p} AUXILIARY FIRE ASSOCIATION INC"), ("M20", "{p} SEARCH AND RESCUE TEAM INC")],
     [("15", 6), ("16", 4)], 30_000, 1.2),
    ("recreation", 7.0, 3, [("N64", "{p} YOUTH SOCCER ASSOCIATION INC"), ("N63", "{p} LITTLE LEAGUE INC"),
                            ("N68", "{p} YOUTH HOCKEY ASSOCIATION INC"), ("N67", "{p} SWIM TEAM INC"),
                            ("N60", "{p} ROWING ASSOCIATION INC"), ("N40", "{p} SKI CLUB INC")],
     [("16", 6), ("15", 4)], 45_000, 1.3),
    ("youth", 3.0, 3, [("O20", "BOYS AND GIRLS CLUB OF {p} INC"), ("O21", "{p} YOUTH CENTER INC"),
                       ("O50", "{p} MENTORING PARTNERSHIP INC")], [("15", 6), ("16", 4)], 300_000, 1.6),
    ("human", 6.0, 3, [("P81", "{p} COUNCIL ON AGING INC"), ("P40", "{p} FAMILY SERVICES INC"),
                       ("P20", "{p} COMMUNITY ACTION INC"), ("P85", "{p} HOMELESS SHELTER INC"),
                       ("P30", "{p} CHILDRENS SERVICES INC"), ("P60", "{p} EMERGENCY ASSISTANCE FUND INC")],
     [("15", 6), ("16", 4)], 300_000, 1.8),
    ("international", 1.0, 3, [("Q21", "{p} SISTER CITY ASSOCIATION INC"), ("Q33", "{p} MEDICAL MISSION INC")],
     [("15", 7), ("16", 3)], 60_000, 1.5),
    ("community", 3.0, 3, [("S20", "{p} MAIN STREETS INC"), ("S22", "{p} COMMUNITY DEVELOPMENT CORPORATION"),
                           ("S21", "{p} CIVIC ALLIANCE INC")], [("15", 5), ("16", 5)], 150_000, 1.7),
    ("philanthropy", 2.5, 3, [("T31", "{p} COMMUNITY FOUNDATION INC"), ("T30", "{p} CHARITABLE FUND INC")],
     [("15", 8), ("17", 2)], 600_000, 1.9),
    ("private", 6.0, 3, [("T20", "{s} FAMILY FOUNDATION"), ("T20", "{s} CHARITABLE TRUST"),
                         ("T22", "{s} FOUNDATION INC")], [("04", 1)], 200_000, 1.6),
    ("religion", 7.0, 3, [("X21", "FIRST CONGREGATIONAL CHURCH OF {p}"), ("X22", "{t} PARISH {p}"),
                          ("X21", "FIRST BAPTIST CHURCH OF {p}"), ("X20", "{p} MINISTRIES INC"),
                          ("X30", "TEMPLE BETH SHALOM OF {p}"), ("X21", "{p} UNITED METHODIST CHURCH")],
     [("10", 1)], 150_000, 1.2),
    ("major", 0.4, 3, [("B43", "{p} UNIVERSITY"), ("B42", "{p} COLLEGE"), ("E22", "{p} GENERAL HOSPITAL INC"),
                       ("E21", "{p} MEDICAL CENTER CORPORATION")], [("11", 2), ("12", 2)], 120_000_000, 1.0),
    ("c4", 3.0, 4, [("S80", "{p} ROTARY CLUB INC"), ("S80", "{p} LIONS CLUB INC"),
                    ("R20", "{p} TAXPAYERS ASSOCIATION INC"), ("W24", "{p} CITIZENS FOR CLEAN ENERGY INC")],
     [("00", 1)], 20_000, 1.2),
    ("c5", 1.5, 5, [("J40", "{p} TEACHERS ASSOCIATION"), ("J40", "LOCAL {n} BUILDING TRADES UNION")],
     [("00", 1)], 200_000, 1.4),
    ("c6", 1.5, 6, [("S41", "{p} CHAMBER OF COMMERCE INC"), ("S41", "{p} BUSINESS ASSOCIATION INC")],
     [("00", 1)], 150_000, 1.3),
    ("c7", 2.0, 7, [("N50", "{p} COUNTRY CLUB INC"), ("N50", "{p} YACHT CLUB INC"), ("N50", "{p} TENNIS CLUB INC")],
     [("00", 1)], 400_000, 1.3),
    ("c8", 1.5, 8, [("Y42", "{p} LODGE NO {n} INDEPENDENT ORDER OF ODD FELLOWS"),
                    ("Y42", "{p} COUNCIL NO {n} FRATERNAL ORDER")], [("00", 1)], 30_000, 1.0),
    ("c13", 1.0, 13, [("Y50", "{p} CEMETERY ASSOCIATION")], [("00", 1)], 40_000, 1.2),
    ("c19", 1.5, 19, [("W30", "{p} VETERANS POST {n}")], [("00", 1)], 35_000, 1.1),
    ("c2", 0.4, 2, [("", "{p} REALTY HOLDING CORPORATION")], [("00", 1)], 100_000, 1.2),
]  # fmt: skip
NTEE_GROUPS = {
    "A": "Arts, Culture and Humanities", "B": "Education", "C": "Environment", "D": "Animal-Related",
    "E": "Health Care", "F": "Mental Health and Crisis Intervention", "G": "Diseases, Disorders and Medical Disciplines",
    "I": "Crime and Legal-Related", "J": "Employment", "K": "Food, Agriculture and Nutrition",
    "L": "Housing and Shelter", "M": "Public Safety, Disaster Preparedness and Relief",
    "N": "Recreation and Sports", "O": "Youth Development", "P": "Human Services",
    "Q": "International, Foreign Affairs and National Security", "R": "Civil Rights, Social Action and Advocacy",
    "S": "Community Improvement and Capacity Building", "T": "Philanthropy, Voluntarism and Grantmaking Foundations",
    "W": "Public and Societal Benefit", "X": "Religion-Related", "Y": "Mutual and Membership Benefit",
}  # fmt: skip
# officer compensation as a share of functional expenses, by NTEE major group (median of the Form 990 filers)
COMP_SHARE = {"A": 0.062, "B": 0.045, "C": 0.06, "D": 0.06, "E": 0.024, "F": 0.04, "G": 0.05, "I": 0.06, "J": 0.05,
              "K": 0.035, "L": 0.055, "M": 0.05, "N": 0.065, "O": 0.05, "P": 0.088, "Q": 0.05, "S": 0.055, "T": 0.03}  # fmt: skip
EIN_PREFIXES = [("04", 45), ("22", 6), ("23", 3), ("20", 10), ("26", 8), ("27", 7), ("45", 6), ("46", 6), ("47", 5),
                ("81", 3), ("82", 2), ("83", 3), ("84", 3), ("85", 2), ("86", 2), ("87", 3), ("88", 2), ("92", 3),
                ("93", 2)]  # fmt: skip
RULING_SPIKE = (2021, 5)  # a month when the IRS cleared a backlog of determinations
ACCT_PERIODS = [(12, 55), (6, 30), (9, 6), (8, 3), (3, 3), (5, 3)]
PP_YEARS = [2018, 2019, 2020, 2021, 2022, 2023]  # tax years with data
PP_UPDATED = "2025-03-14T09:21:47.000Z"


def _amount_code(x: int | None) -> str:
    if x is None:
        return ""
    for code, limit in enumerate([1, 10_000, 25_000, 100_000, 500_000, 1_000_000, 5_000_000, 10_000_000, 50_000_000]):
        if x < limit:
            return str(max(0, code))
    return "9"


def _tax_prd(tax_year: int, acct_pd: int) -> int:
    """The end of a fiscal year (YYYYMM) from its tax year (the year it began) and its closing month."""
    return tax_year * 100 + 12 if acct_pd == 12 else (tax_year + 1) * 100 + acct_pd


def _build_orgs(rng: random.Random) -> list[dict]:
    eins: set[str] = set()
    names: set[str] = set()
    out = []
    for _ in range(N_ORGS):
        kind, _w, sub, patterns, foundations, median, sd = rng.choices(NP_TYPES, weights=[t[1] for t in NP_TYPES])[0]
        city, _cw, zips = rng.choices(MA_CITIES, weights=[c[1] for c in MA_CITIES])[0]
        while True:
            ein = _pick(rng, EIN_PREFIXES) + f"{rng.randint(0, 9_999_999):07d}"
            if ein not in eins:
                eins.add(ein)
                break
        name, ntee = "", ""
        for attempt in range(30):
            ntee, pat = rng.choice(patterns)
            place = city if rng.random() < 0.75 and attempt < 20 else rng.choice(REGIONS_MA + [c[0] for c in MA_CITIES])
            name = pat.format(p=place, s=rng.choice(SURNAMES), t=rng.choice(SAINTS), r=rng.choice(RIVERS),
                              n=rng.randint(2, 480))  # fmt: skip
            if name not in names:
                break
        while name in names:
            name += " " + rng.choice(["FUND", "TRUST", "II"])
        names.add(name)
        if rng.random() < 0.06 or not ntee:
            ntee = ""
        old = ein[:2] in ("04", "22", "23")
        if old:
            ry = rng.choices(range(1935, 2011), weights=[1 + (y - 1935) / 20 for y in range(1935, 2011)])[0]
        else:
            ry = rng.choices(range(1998, 2025), weights=[1 + (y - 1998) / 6 for y in range(1998, 2025)])[0]
        rm = rng.randint(1, 12)
        if not old and rng.random() < 0.012:
            ry, rm = RULING_SPIKE
        foundation = _pick(rng, foundations)
        acct = _pick(rng, ACCT_PERIODS)
        # what was filed
        rev = round(_lognormal(rng, median, sd))
        never = ry >= 2024 or rng.random() < 0.03
        if kind == "religion" and rng.random() < 0.9:
            filing, amounts = "06", False
        elif never:
            filing, amounts = "01", False
        elif rev < 50_000 and foundation != "04":
            filing, amounts = "02", True  # the 990-N e-Postcard: no amounts
        else:
            filing, amounts = ("00" if foundation == "04" else "01"), True
        latest = 2023 if rng.random() < 0.85 else 2022
        if foundation == "04":
            assets = round(rev * _lognormal(rng, 14, 0.6))
            if rng.random() < 0.04:
                rev = -round(rev * rng.uniform(0.05, 0.4))  # investment losses
        elif kind == "major":
            assets = round(rev * rng.uniform(1.5, 6.0))
        else:
            assets = round(rev * _lognormal(rng, 1.1, 0.9))
        income = round(abs(rev) * rng.uniform(1.0, 1.25))
        if filing == "02":
            asset_amt, income_amt, revenue_amt = 0, 0, 0
        elif amounts:
            asset_amt, income_amt, revenue_amt = assets, income, rev
        else:
            asset_amt = income_amt = revenue_amt = None
        zip5 = rng.choice(zips)
        zipcode = f"{zip5}-{rng.randint(1001, 9899):04d}" if rng.random() < 0.6 else zip5
        street = (
            f"PO BOX {rng.randint(1, 9999)}" if rng.random() < 0.15 else f"{rng.randint(1, 1999)} {rng.choice(STREETS)}"
        )
        subordinate = kind in ("c8", "c19")
        out.append({
            "ein": ein, "name": name, "kind": kind,
            "ico": f"% {rng.choice(FIRST_NAMES)} {rng.choice(SURNAMES)}" if rng.random() < 0.2 else "",
            "street": street, "city": city, "zip": zipcode, "zip5": zip5,
            "group": {"c8": "0925", "c19": "1163"}.get(kind, "0000"), "subsection": sub,
            "affiliation": "9" if subordinate else "3", "classification": rng.choice(["1000", "1000", "1000", "1200", "2000"]),
            "ruling": (ry, rm), "deductibility": "1" if sub in (3, 13, 19) else "2", "foundation": foundation,
            "activity": "000000000" if rng.random() < 0.9 else f"{rng.randint(1, 599):03d}{rng.randint(0, 599):03d}000",
            "organization": "2" if "TRUST" in name else ("5" if sub in (5, 8, 19) else "1"),
            "status": "12" if "TRUST" in name and foundation == "04" else ("25" if rng.random() < 0.01 else "01"),
            "tax_period": _tax_prd(latest, acct) if filing != "06" and not never else None,
            "filing": filing, "pf_filing": "1" if foundation == "04" else "0", "acct_pd": acct,
            "asset_amt": asset_amt, "income_amt": income_amt, "revenue_amt": revenue_amt, "ntee": ntee,
            "sort_name": f"FRIENDS OF {city}" if rng.random() < 0.03 else "",
            "latest": latest, "assets": assets, "rev": rev,
        })  # fmt: skip
    out.sort(key=lambda o: o["ein"])
    return out


def _build_propublica(rng: random.Random, orgs: list[dict]) -> tuple[list[dict], list[dict]]:
    eligible = [o for o in orgs if o["subsection"] == 3 and o["kind"] not in ("religion",) and o["filing"] in ("00", "01")
                and o["revenue_amt"] is not None]  # fmt: skip
    eligible.sort(key=lambda o: -o["rev"])
    chosen = eligible[:PP_TOP] + rng.sample(eligible[PP_TOP:], N_PP - PP_TOP)
    chosen.sort(key=lambda o: o["ein"])
    # the one whose revenue grew fastest: a food bank or human services agency that expanded in the pandemic
    boomers = [o for o in chosen if o["kind"] in ("food", "human", "health") and 6e6 <= o["rev"] <= 6e7]
    boom = rng.choice(boomers)["ein"]
    answers, filings = [], []
    for o in chosen:
        pf = o["foundation"] == "04"
        years = [y for y in PP_YEARS if y <= o["latest"]]
        rel = {years[0]: 1.0}
        for y in years[1:]:
            g = _lognormal(rng, 1.04, 0.13)
            if o["kind"] == "arts" and y == 2020:
                g *= 0.72
            if o["ein"] == boom and y in (2020, 2021):
                g *= 1.75
            rel[y] = rel[y - 1] * g
        scale = o["rev"] / rel[years[-1]]
        ez_pref = rng.random() < 0.85
        share = COMP_SHARE.get(o["ntee"][:1], 0.05) * _lognormal(rng, 1, 0.3)
        zero_comp = o["rev"] < 600_000 and rng.random() < 0.15
        with_data, without = [], []
        for y in reversed(years):
            rev = round(scale * rel[y]) if y != years[-1] else o["rev"]
            assets = round(o["assets"] * (rel[y] / rel[years[-1]]) ** 0.7)
            if not pf and abs(rev) < 50_000:
                continue  # a 990-N year: nothing on ProPublica
            if rng.random() < 0.04 and y != years[-1]:
                continue  # a missing year
            form = 2 if pf else (1 if rev < 200_000 and assets < 500_000 and ez_pref else 0)
            prd = _tax_prd(y, o["acct_pd"])
            base = {"ein": int(o["ein"]), "tax_prd": prd, "tax_prd_yr": y, "formtype": form, "pdf_url": None,
                    "updated": PP_UPDATED}  # fmt: skip
            if y == years[-1] and rng.random() < 0.03:  # filed, but not yet extracted
                without.append({"tax_prd": prd, "tax_prd_yr": y, "formtype": form,
                                "formtype_str": ["990", "990EZ", "990PF"][form],
                                "pdf_url": f"https://projects.propublica.org/nonprofits/download-filing?path={o['ein']}_{prd}.pdf"})  # fmt: skip
                continue
            exp = round(abs(rev) * rng.uniform(0.86, 1.06))
            liab = round(assets * rng.uniform(0.05, 0.5))
            comp = None
            if form == 0:
                comp = 0 if zero_comp else round(exp * share * rng.uniform(0.95, 1.05))
                salaries = round(exp * rng.uniform(0.2, 0.5))
                base.update({"totrevenue": rev, "totfuncexpns": exp, "totassetsend": assets, "totliabend": liab,
                             "totnetassetend": assets - liab, "totcntrbgfts": round(rev * rng.uniform(0.1, 0.9)),
                             "totprgmrevnue": round(rev * rng.uniform(0.0, 0.6)),
                             "invstmntinc": round(assets * rng.uniform(0, 0.03)), "compnsatncurrofcr": comp,
                             "othrsalwages": salaries, "payrolltx": round(salaries * 0.075),
                             "profndraising": round(rev * rng.uniform(0, 0.02)) if rng.random() < 0.3 else 0,
                             "pct_compnsatncurrofcr": round(comp / exp, 4) if exp else 0})  # fmt: skip
            elif form == 1:
                base.update({"totrevnue": rev, "totexpns": exp, "totassetsend": assets, "totliabend": liab,
                             "totnetassetsend": assets - liab, "totcntrbs": round(rev * rng.uniform(0.2, 0.95)),
                             "prgmservrev": round(rev * rng.uniform(0.0, 0.5)),
                             "othrinvstinc": round(assets * rng.uniform(0, 0.02))})  # fmt: skip
            else:
                base.update({"totrcptperbks": rev, "totexpnspbks": exp, "totassetsend": assets,
                             "fairmrktvalamt": round(assets * rng.uniform(1.0, 1.3)),
                             "grscontrgifts": round(abs(rev) * rng.uniform(0, 0.5)),
                             "contrpdpbks": round(exp * rng.uniform(0.6, 0.95)),
                             "netinvstinc": round(assets * rng.uniform(-0.02, 0.06))})  # fmt: skip
            with_data.append(base)
            filings.append({"ein": o["ein"], "name": o["name"], "formtype": form, "tax_prd": prd, "tax_prd_yr": y,
                            "revenue": rev, "expenses": exp, "comp": comp})  # fmt: skip
        for y in sorted(rng.sample(range(2011, 2016), rng.randint(0, 2)), reverse=True):
            prd = _tax_prd(y, o["acct_pd"])
            form = 2 if pf else 0
            without.append({"tax_prd": prd, "tax_prd_yr": y, "formtype": form,
                            "formtype_str": ["990", "990EZ", "990PF"][form],
                            "pdf_url": f"https://projects.propublica.org/nonprofits/download-filing?path={o['ein']}_{prd}.pdf"})  # fmt: skip
        ntee = o["ntee"] or None
        r = rng.random()
        if r < 0.12:
            ntee = None
        elif r < 0.2:
            ntee = rng.choice([p[0] for t in NP_TYPES if t[2] == 3 for p in t[3]])  # an older classification
        ry, rm = o["ruling"]
        prev = {y: f for y, f in ((f["tax_prd_yr"], f) for f in with_data)}
        snap = prev.get(o["latest"] - 1) or (with_data[0] if with_data else {})
        snap_rev = next((snap[k] for k in ("totrevenue", "totrevnue", "totrcptperbks") if k in snap), None)
        organization = {
            "id": int(o["ein"]), "ein": int(o["ein"]), "name": o["name"], "careofname": o["ico"] or None,
            "address": o["street"], "city": o["city"], "state": "MA", "zipcode": o["zip"], "exemption_number": 0,
            "subsection_code": o["subsection"], "affiliation_code": int(o["affiliation"]),
            "classification_codes": o["classification"], "ruling_date": f"{ry}-{rm:02d}-01",
            "deductibility_code": int(o["deductibility"]), "foundation_code": int(o["foundation"]),
            "activity_codes": o["activity"], "organization_code": int(o["organization"]),
            "exempt_organization_status_code": int(o["status"]),
            "tax_period": f"{snap['tax_prd'] // 100}-{snap['tax_prd'] % 100:02d}-01" if snap else None,
            "asset_code": int(_amount_code(snap.get("totassetsend")) or 0), "income_code": int(_amount_code(snap_rev) or 0),
            "filing_requirement_code": int(o["filing"]), "pf_filing_requirement_code": int(o["pf_filing"]),
            "accounting_period": o["acct_pd"], "asset_amount": snap.get("totassetsend"), "income_amount": snap_rev,
            "revenue_amount": snap_rev, "ntee_code": ntee, "sort_name": o["sort_name"] or None,
            "created_at": "2013-05-13T22:55:13.000Z", "updated_at": "2024-06-21T16:03:28.000Z", "data_source": None,
            "have_extracts": None, "have_pdfs": None, "latest_object_id": f"2024{rng.randint(10**13, 10**14 - 1)}",
        }  # fmt: skip
        answers.append({"organization": organization, "filings_with_data": with_data, "filings_without_data": without,
                        "data_source": "ProPublica Nonprofit Explorer API: https://projects.propublica.org/nonprofits/api/\n"
                        "IRS Exempt Organizations Business Master File Extract (EO BMF): "
                        "https://www.irs.gov/charities-non-profits/exempt-organizations-business-master-file-extract-eo-bmf\n"
                        "IRS Annual Extract of Tax-Exempt Organization Financial Data: "
                        "https://www.irs.gov/uac/soi-tax-stats-annual-extract-of-tax-exempt-organization-financial-data",
                        "api_version": 2})  # fmt: skip
    return answers, filings


BMF_COLUMNS = ["EIN", "NAME", "ICO", "STREET", "CITY", "STATE", "ZIP", "GROUP", "SUBSECTION", "AFFILIATION",
               "CLASSIFICATION", "RULING", "DEDUCTIBILITY", "FOUNDATION", "ACTIVITY", "ORGANIZATION", "STATUS",
               "TAX_PERIOD", "ASSET_CD", "INCOME_CD", "FILING_REQ_CD", "PF_FILING_REQ_CD", "ACCT_PD", "ASSET_AMT",
               "INCOME_AMT", "REVENUE_AMT", "NTEE_CD", "SORT_NAME"]  # fmt: skip


def _write_bmf(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(BMF_COLUMNS)
    for o in t.orgs:
        ry, rm = o["ruling"]

        def amt(x: int | None) -> str:
            return "" if x is None else str(x)

        w.writerow([o["ein"], o["name"], o["ico"], o["street"], o["city"], "MA", o["zip"], o["group"],
                    f"{o['subsection']:02d}", o["affiliation"], o["classification"], f"{ry}{rm:02d}",
                    o["deductibility"], o["foundation"], o["activity"], o["organization"], o["status"],
                    "" if o["tax_period"] is None else str(o["tax_period"]), _amount_code(o["asset_amt"]),
                    _amount_code(o["income_amt"]), o["filing"], o["pf_filing"], f"{o['acct_pd']:02d}",
                    amt(o["asset_amt"]), amt(o["income_amt"]), amt(o["revenue_amt"]), o["ntee"], o["sort_name"]])  # fmt: skip
    (d / BMF_FILE).write_bytes(buf.getvalue().encode("utf-8"))


def _write_propublica(t: Truth, d: Path) -> None:
    (d / PP_FILE).write_bytes(json.dumps(t.pp).encode("utf-8"))


# ==================================================================================================
# Vehicle safety: NHTSA's complaints flat file (2020-2024) and its recalls data from data.transportation.gov
# ==================================================================================================

# the 49 fields of NHTSA's complaints flat file, in order (its field list, CMPL.txt)
CMPL_FIELDS = ["CMPLID", "ODINO", "MFR_NAME", "MAKETXT", "MODELTXT", "YEARTXT", "CRASH", "FAILDATE", "FIRE",
               "INJURED", "DEATHS", "COMPDESC", "CITY", "STATE", "VIN", "DATEA", "LDATE", "MILES", "OCCURENCES",
               "CDESCR", "CMPL_TYPE", "POLICE_RPT_YN", "PURCH_DT", "ORIG_OWNER_YN", "ANTI_BRAKES_YN",
               "CRUISE_CONT_YN", "NUM_CYLS", "DRIVE_TRAIN", "FUEL_SYS", "FUEL_TYPE", "TRANS_TYPE", "VEH_SPEED", "DOT",
               "TIRE_SIZE", "LOC_OF_TIRE", "TIRE_FAIL_TYPE", "ORIG_EQUIP_YN", "MANUF_DT", "SEAT_TYPE",
               "RESTRAINT_TYPE", "DEALER_NAME", "DEALER_TEL", "DEALER_CITY", "DEALER_STATE", "DEALER_ZIP",
               "PROD_TYPE", "REPAIRED_YN", "MEDICAL_ATTN", "VEHICLES_TOWED_YN"]  # fmt: skip
RECALL_COLUMNS = ["Report Received Date", "NHTSA ID", "Recall Link", "Manufacturer", "Subject", "Component",
                  "Mfr Campaign Number", "Recall Type", "Potentially Affected", "Recall Description",
                  "Consequence Summary", "Corrective Action", "Park Outside Advisory", "Do Not Drive Advisory",
                  "Completion Rate % (Blank - Not Reported)"]  # fmt: skip
VS_YEARS = [2020, 2021, 2022, 2023, 2024]
# make, manufacturer (complaints and recalls), the recalls' later spelling and the year it starts, models with their
# first model year, VIN prefix, complaints a year (2020 ... 2024), vehicle recalls a year (2020 ... 2024)
VS_MAKES = [
    ("CORVANE", "Corvane Motors USA, Inc.", ("Corvane Motors USA Inc.", 2023),
     [("ARDEN", 2014), ("ARDEN HYBRID", 2019), ("TALLIS", 2016), ("MERIDIAN", 2015), ("MERIDIAN XL", 2020)], "5CV",
     [118, 122, 125, 120, 117], [24, 23, 25, 22, 21]),
    ("KESTREL", "Kestrel Electric Vehicles, Inc.", None, [("K1", 2018), ("K2", 2020), ("KX", 2022)], "7KE",
     [70, 92, 118, 140, 158], [16, 18, 20, 17, 9]),
    ("ORIEL", "Oriel Motor Company", ("Oriel Motor Co.", 2022), [("PARAGON", 2014), ("CITYLINE", 2016), ("SUMMIT", 2019)],
     "1RL", [88, 84, 86, 90, 85], [14, 13, 15, 12, 14]),
    ("HALVORSEN", "Halvorsen Automotive LLC", None, [("FJORD", 2015), ("SKAGEN", 2017), ("NORDKAPP", 2021)], "YH4",
     [62, 60, 64, 58, 61], [10, 11, 12, 10, 11]),
    ("TESSARO", "Tessaro North America, Inc.", None, [("VIALE", 2016), ("CORSO", 2018), ("CORSO SPORT", 2021)], "ZTS",
     [40, 42, 38, 41, 39], [7, 8, 8, 9, 8]),
]  # fmt: skip
# complaints about equipment, tires and child seats: make, manufacturer, model, product type, components, a year
VS_OTHER_COMPLAINTS = [
    ("BRIGHTWAY", "Brightway Tire Corporation", "TRAILMASTER AT", "T", ["TIRES", "TIRES: TREAD/BELT"], 12),
    ("SAFENEST", "Safenest Juvenile Products LLC", "CLOUDRIDE 360", "C", ["CHILD SEAT"], 6),
    ("ROADLUX", "Roadlux Lighting Inc.", "LED HEADLAMP KIT", "E", ["EQUIPMENT", "EXTERIOR LIGHTING: HEADLIGHTS"], 5),
]
# recalls by other manufacturers: name, recall type, recalls a year, median units
VS_OTHER_RECALLS = [
    ("Pinecrest RV, LLC", "Vehicle", 10, 600), ("Granite Truck Company", "Vehicle", 8, 900),
    ("Ridgeway Trailer Manufacturing", "Vehicle", 7, 250), ("Lakeshore Towables LLC", "Vehicle", 6, 300),
    ("Northway Coach Corporation", "Vehicle", 5, 150), ("Summit Ridge Motorcycles Inc.", "Vehicle", 4, 1500),
    ("Blue Heron Boat Trailers", "Vehicle", 3, 120), ("Prairie Wind Buses Inc.", "Vehicle", 3, 200),
    ("Cascade Fire Apparatus", "Vehicle", 3, 60), ("Ironwood Utility Bodies", "Vehicle", 4, 350),
    ("Roadlux Lighting Inc.", "Equipment", 6, 4000), ("Trailguard Hitch Co.", "Equipment", 5, 2500),
    ("Brightline Mirrors LLC", "Equipment", 4, 3000), ("Apex Brake Components", "Equipment", 7, 8000),
    ("Harborview Safety Products", "Equipment", 5, 1500), ("Westfork Helmets Inc.", "Equipment", 6, 5000),
    ("Brightway Tire Corporation", "Tire", 4, 9000), ("Stonegate Tire & Rubber", "Tire", 5, 4000),
    ("Safenest Juvenile Products LLC", "Child Seat", 2, 30000), ("Little Voyager Inc.", "Child Seat", 2, 15000),
]  # fmt: skip
VS_RECALL_SPIKE = ((2022, 11), "Granite Truck Company", 11)  # a month with a run of recalls from one maker
VS_COMPONENTS = [
    ("ELECTRICAL SYSTEM", 14), ("ELECTRICAL SYSTEM: 12V/24V/48V BATTERY", 5), ("POWER TRAIN", 8),
    ("POWER TRAIN: AUTOMATIC TRANSMISSION", 6), ("ENGINE", 9), ("ENGINE AND ENGINE COOLING", 4), ("SERVICE BRAKES", 7),
    ("FORWARD COLLISION AVOIDANCE: AUTOMATIC EMERGENCY BRAKING", 5), ("STEERING", 6), ("SUSPENSION", 4),
    ("AIR BAGS", 4), ("SEAT BELTS", 2), ("VISIBILITY/WIPER", 3), ("BACK OVER PREVENTION", 3), ("LANE DEPARTURE", 2),
    ("FUEL/PROPULSION SYSTEM", 4), ("LATCHES/LOCKS/LINKAGES", 3), ("STRUCTURE", 2), ("EXTERIOR LIGHTING", 2),
    ("UNKNOWN OR OTHER", 5), ("WHEELS", 1),
]  # fmt: skip
EV_COMPONENTS = [(c, w) for c, w in VS_COMPONENTS if not c.startswith(("ENGINE", "FUEL"))] + [
    ("ELECTRICAL SYSTEM: PROPULSION SYSTEM: TRACTION BATTERY", 16),
    ("ELECTRICAL SYSTEM: CHARGING SYSTEM", 8),
]
PHRASES = {
    "ELECTRICAL SYSTEM": "instrument panel went dark and several warning lights illuminated",
    "POWER TRAIN": "vehicle lost motive power and would not shift out of park",
    "ENGINE": "engine stalled without warning and the check engine light came on",
    "ENGINE AND ENGINE COOLING": "engine overheated and coolant leaked onto the ground",
    "SERVICE BRAKES": "brake pedal went to the floor and the vehicle took longer to stop",
    "FORWARD COLLISION AVOIDANCE": "automatic emergency braking engaged with nothing in the road",
    "STEERING": "steering wheel became difficult to turn",
    "SUSPENSION": "front suspension made a loud noise and the vehicle pulled to the right",
    "AIR BAGS": "air bag warning light stayed on",
    "SEAT BELTS": "driver’s seat belt would not retract",
    "VISIBILITY/WIPER": "windshield wipers stopped working in heavy rain",
    "BACK OVER PREVENTION": "rearview camera image did not display",
    "LANE DEPARTURE": "lane keeping assist pulled the vehicle toward the shoulder",
    "FUEL/PROPULSION SYSTEM": "a strong fuel odor entered the cabin",
    "LATCHES/LOCKS/LINKAGES": "rear door would not latch",
    "STRUCTURE": "hood latch failed and the hood flew open",
    "EXTERIOR LIGHTING": "headlights flickered and turned off",
    "UNKNOWN OR OTHER": "vehicle made a grinding noise",
    "WHEELS": "lug nuts loosened and the wheel wobbled",
    "TIRES": "tire tread separated on the highway",
    "CHILD SEAT": "child seat harness buckle would not release",
    "EQUIPMENT": "headlamp kit overheated and melted the housing",
}  # fmt: skip
SUBJECTS = {
    "ELECTRICAL SYSTEM": ["Loss of Drive Power Due to Software Error", "Instrument Panel May Go Blank",
                          "12-Volt Battery May Drain"],
    "POWER TRAIN": ["Transmission May Shift Unexpectedly", "Vehicle May Roll Away When Parked"],
    "ENGINE": ["Engine Stall Due to Fuel Pump Failure", "Engine Connecting Rod May Fail"],
    "SERVICE BRAKES": ["Brake Fluid Leak May Reduce Braking", "Brake Hose May Chafe"],
    "STEERING": ["Loss of Power Steering Assist", "Steering Column Bolt May Loosen"],
    "SUSPENSION": ["Rear Control Arm May Fracture", "Front Strut Mount May Fail"],
    "AIR BAGS": ["Passenger Air Bag May Not Deploy", "Air Bag Inflator May Rupture"],
    "SEAT BELTS": ["Seat Belt Buckle May Not Latch"], "BACK OVER PREVENTION": ["Rearview Camera Image May Not Display"],
    "EXTERIOR LIGHTING": ["Tail Lights May Not Illuminate", "Headlights Do Not Meet Photometry Requirements"],
    "LATCHES/LOCKS/LINKAGES": ["Door May Open While Driving"], "STRUCTURE": ["Frame Weld May Crack"],
    "WHEELS": ["Wheel Studs May Break"], "FUEL/PROPULSION SYSTEM": ["Fuel Leak May Increase Risk of Fire"],
    "VISIBILITY/WIPER": ["Windshield Wipers May Stop Working"], "TIRES": ["Tread Separation", "Sidewall May Crack"],
    "CHILD SEAT": ["Harness Buckle May Not Release", "Child Seat Shell May Crack in a Crash"],
    "EQUIPMENT": ["Hitch Coupler May Detach", "Brake Pads May Delaminate", "Helmet Does Not Meet FMVSS 218"],
    "TRAILER BRAKES": ["Breakaway Switch May Fail"],
}  # fmt: skip
CONSEQUENCES = {
    "AIR BAGS": "An air bag that does not deploy as intended can increase the risk of injury.",
    "FUEL/PROPULSION SYSTEM": "A fuel leak in the presence of an ignition source increases the risk of a fire.",
    "ELECTRICAL SYSTEM": "A loss of drive power while driving increases the risk of a crash.",
}  # fmt: skip
STATES_CMPL = [("CA", 12, ["Los Angeles", "San Jose", "Fresno"]), ("TX", 9, ["Houston", "Austin", "El Paso"]),
               ("FL", 7, ["Miami", "Orlando", "Tampa"]), ("NY", 5, ["Brooklyn", "Buffalo"]), ("PA", 4, ["Pittsburgh"]),
               ("OH", 4, ["Columbus", "Dayton"]), ("IL", 4, ["Chicago", "Naperville"]), ("GA", 3, ["Atlanta"]),
               ("NC", 3, ["Charlotte", "Raleigh"]), ("MI", 3, ["Detroit", "Grand Rapids"]), ("NJ", 3, ["Newark"]),
               ("VA", 3, ["Richmond"]), ("WA", 3, ["Seattle", "Spokane"]), ("AZ", 3, ["Phoenix", "Tucson"]),
               ("MA", 2, ["Worcester"]), ("TN", 2, ["Nashville"]), ("CO", 2, ["Denver", "Cañon City"]),
               ("MN", 2, ["Saint Paul"]), ("OR", 1, ["Portland"]), ("NM", 1, ["Española", "Albuquerque"]),
               ("NV", 1, ["Las Vegas"]), ("UT", 1, ["Provo"]), ("MO", 2, ["Kansas City"]), ("IN", 2, ["Fort Wayne"])]  # fmt: skip
VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"
VS_MAKER_YEAR = ("ORIEL", 2023)  # the complaints counted for one make and year
VS_PER_RECALL_YEAR = 2024


def _narrative(rng: random.Random, make: str, model: str, year: int, comp: str, miles: int | None) -> str:
    top = comp.split(":")[0]
    phrase = PHRASES.get(top, "the vehicle failed")
    my = "" if year == 9999 else f"{year} "
    r = rng.random()
    if r < 0.5:
        text = (f"The contact owns a {my}{make.title()} {model.title()}. The contact stated that while driving at "
                f"approximately {rng.choice([25, 35, 40, 45, 55, 65, 70])} MPH, the {phrase}. The vehicle was taken to "
                "the dealer, who could not duplicate the failure. The manufacturer was notified of the failure.")  # fmt: skip
        if miles:
            text += f" The failure mileage was approximately {miles:,}."
    elif r < 0.75:
        warn = rng.choice(["Service Vehicle Soon", "Check Engine", "Propulsion System Fault", "Brake System"])
        text = (f"My {model.title()} showed a \"{warn}\" message and then the {phrase}. The dealer said there’s no "
                "fix available yet and I’m afraid to drive it with my kids.")  # fmt: skip
    else:
        text = f"WHILE DRIVING MY {my}{make} {model} THE {phrase.upper()}. I DON’T FEEL SAFE IN THIS VEHICLE."
    return text


def _build_complaints(rng: random.Random) -> list[dict]:
    out = []
    for y in VS_YEARS:
        start = date(y, 1, 1)
        days = (date(y + 1, 1, 1) - start).days
        jobs = [(m, m[5][y - 2020], "V") for m in VS_MAKES] + [(m, m[5], m[3]) for m in VS_OTHER_COMPLAINTS]
        for m, rate, ptype in jobs:
            for _ in range(_poisson(rng, rate)):
                datea = start + timedelta(days=rng.randrange(days))
                if ptype == "V":
                    make, mfr, _alt, models, wmi = m[0], m[1], m[2], m[3], m[4]
                    options = [(name, first) for name, first in models if first <= y + 1]
                    model, first = rng.choice(options)
                    my = max(first, min(y + 1, y - int(rng.expovariate(1 / 3.2)) + (rng.random() < 0.15)))
                    if rng.random() < 0.03:
                        my = 9999
                    weights = EV_COMPONENTS if make == "KESTREL" else VS_COMPONENTS
                    k = _pick(rng, [(1, 70), (2, 22), (3, 8)])
                    comps: list[str] = []
                    while len(comps) < k:
                        c = _pick(rng, weights)
                        if c not in comps:
                            comps.append(c)
                    crash = rng.random() < (0.07 if make == "KESTREL" else 0.06)
                    fire = rng.random() < (0.05 if make == "KESTREL" else 0.025)
                else:
                    make, mfr, model, _pt, comp_list, _rate = m
                    wmi = ""
                    my = 9999 if rng.random() < 0.8 else rng.choice([2021, 2022, 2023])
                    comps = [rng.choice(comp_list)]
                    crash = rng.random() < 0.03
                    fire = ptype == "E" and rng.random() < 0.1
                injured = rng.choice([0, 0, 1, 1, 2, 3]) if crash else (1 if rng.random() < 0.005 else 0)
                deaths = 1 if crash and rng.random() < 0.05 else 0
                lag = min(int(_lognormal(rng, 21, 1.2)), 1500)
                fail = None if rng.random() < 0.06 else datea - timedelta(days=lag)
                miles = None
                if ptype == "V" and rng.random() < 0.85:
                    age = max(0.2, (datea.year - (my if my != 9999 else y - 3)) + rng.random())
                    miles = round(age * rng.uniform(6000, 15000), -2) if rng.random() < 0.95 else 0
                st, _w, cities = rng.choices(STATES_CMPL, weights=[s[1] for s in STATES_CMPL])[0]
                out.append({
                    "make": make, "mfr": mfr, "model": model, "year": my, "ptype": ptype, "components": comps,
                    "crash": crash, "fire": fire, "injured": injured, "deaths": deaths, "datea": datea, "faildate": fail,
                    "miles": None if miles is None else int(miles), "state": st, "city": rng.choice(cities),
                    "vin": (wmi + "".join(rng.choice(VIN_CHARS) for _ in range(8))) if wmi else "",
                    "cdescr": _narrative(rng, make, model, my, comps[0], None if miles is None else int(miles)),
                    "cmpl_type": _pick(rng, [("IVOQ", 80), ("EVOQ", 12), ("MIVQ", 5), ("CAG", 3)]),
                    "police": "Y" if crash and rng.random() < 0.6 else "N",
                    "speed": rng.choice([0, 25, 35, 45, 55, 65, 70]) if rng.random() < 0.5 else None,
                    "towed": "Y" if crash and rng.random() < 0.5 else "N",
                    "owner": rng.choice(["Y", "N", ""]), "abs": rng.choice(["Y", "N", ""]),
                    "cruise": rng.choice(["Y", "N", ""]), "ldate_lag": rng.choice([0, 0, 0, 1, 2]),
                })  # fmt: skip
    out.sort(key=lambda c: (c["datea"], c["make"], c["model"]))
    odino, cmplid = 11_301_117, 1_713_402
    for c in out:
        odino += rng.randint(1, 40)
        c["odino"] = odino
        c["cmplids"] = []
        for _comp in c["components"]:
            cmplid += rng.randint(1, 3)
            c["cmplids"].append(cmplid)
    return out


def _ymd(d: date | None) -> str:
    return "" if d is None else d.strftime("%Y%m%d")


def complaint_rows(t: Truth) -> list[list[str]]:
    """The flat file's rows, one per component of each complaint."""
    rows = []
    for c in t.complaints:
        for cid, comp in zip(c["cmplids"], c["components"]):
            f = dict.fromkeys(CMPL_FIELDS, "")
            f.update({
                "CMPLID": str(cid), "ODINO": str(c["odino"]), "MFR_NAME": c["mfr"], "MAKETXT": c["make"],
                "MODELTXT": c["model"], "YEARTXT": str(c["year"]), "CRASH": "Y" if c["crash"] else "N",
                "FAILDATE": _ymd(c["faildate"]), "FIRE": "Y" if c["fire"] else "N", "INJURED": str(c["injured"]),
                "DEATHS": str(c["deaths"]), "COMPDESC": comp, "CITY": c["city"], "STATE": c["state"], "VIN": c["vin"],
                "DATEA": _ymd(c["datea"]), "LDATE": _ymd(c["datea"] + timedelta(days=c["ldate_lag"])),
                "MILES": "" if c["miles"] is None else str(c["miles"]), "CDESCR": c["cdescr"],
                "CMPL_TYPE": c["cmpl_type"], "POLICE_RPT_YN": c["police"], "ORIG_OWNER_YN": c["owner"],
                "ANTI_BRAKES_YN": c["abs"], "CRUISE_CONT_YN": c["cruise"],
                "VEH_SPEED": "" if c["speed"] is None else str(c["speed"]), "PROD_TYPE": c["ptype"],
                "MEDICAL_ATTN": "Y" if c["injured"] else "N", "VEHICLES_TOWED_YN": c["towed"],
            })  # fmt: skip
            rows.append([f[k] for k in CMPL_FIELDS])
    return rows


def _build_recalls(rng: random.Random) -> list[dict]:
    jobs: list[tuple] = []  # (manufacturer, make or None, type, year, median units)
    for make, mfr, alt, _models, _wmi, _c, per_year in VS_MAKES:
        for y, n in zip(VS_YEARS, per_year):
            for _ in range(n):
                name = alt[0] if alt and y >= alt[1] and (make != "ORIEL" or rng.random() < 0.35) else mfr
                jobs.append((name, make, "Vehicle", y, 9000))
    for name, rtype, rate, units in VS_OTHER_RECALLS:
        for y in VS_YEARS:
            for _ in range(_poisson(rng, rate)):
                jobs.append((name, None, rtype, y, units))
    (sy, sm), spike_name, spike_n = VS_RECALL_SPIKE
    out = []
    for name, make, rtype, y, units in jobs:
        start = date(y, 1, 1)
        day = start + timedelta(days=rng.randrange((date(y + 1, 1, 1) - start).days))
        out.append(_recall(rng, name, make, rtype, day, units))
    for _ in range(spike_n):
        day = date(sy, sm, rng.randint(1, 28))
        out.append(_recall(rng, spike_name, None, "Vehicle", day, 900))
    out.sort(key=lambda r: (r["date"], r["manufacturer"], r["subject"]))
    seq: dict[tuple[int, str], int] = {}
    for r in out:
        key = (r["date"].year, r["type"][0])
        seq[key] = seq.get(key, 0) + 1 + (rng.random() < 0.7) * rng.randint(0, 4)  # numbers of recalls not listed here
        r["nhtsa_id"] = f"{r['date'].year % 100:02d}{r['type'][0]}{seq[key]:03d}000"
        camp = r["campaign"]
        r["campaign"] = camp.format(yy=r["date"].year % 100) if camp else "NR (Not Reported)"
    out.sort(key=lambda r: (r["date"], r["nhtsa_id"]), reverse=True)
    return out


def _recall(rng: random.Random, name: str, make: str | None, rtype: str, day: date, units: int) -> dict:
    if rtype == "Vehicle":
        comp = _pick(rng, VS_COMPONENTS).split(":")[0]
        if comp in ("UNKNOWN OR OTHER", "ENGINE AND ENGINE COOLING", "LANE DEPARTURE", "FORWARD COLLISION AVOIDANCE"):
            comp = "ELECTRICAL SYSTEM"
        if make is None and rng.random() < 0.3:
            comp = "TRAILER BRAKES" if "Trailer" in name or "Towables" in name or "RV" in name else "STRUCTURE"
    else:
        comp = {"Equipment": "EQUIPMENT", "Tire": "TIRES", "Child Seat": "CHILD SEAT"}[rtype]
    subject = rng.choice(SUBJECTS.get(comp, ["Component May Fail"]))
    if make:
        models = next(m[3] for m in VS_MAKES if m[0] == make)
        model = rng.choice(models)[0].title()
        y2 = min(day.year + 1, max(day.year - 5, 2016) + rng.randint(0, 5))
        y1 = max(2014, y2 - rng.randint(0, 3))
        what = (
            f"certain {y1}-{y2} {make.title()} {model} vehicles"
            if y1 < y2
            else f"certain {y1} {make.title()} {model} vehicles"
        )
    else:
        what = {"Vehicle": "certain vehicles", "Equipment": "certain replacement equipment",
                "Tire": "certain tires", "Child Seat": "certain child restraint systems"}[rtype]  # fmt: skip
    desc = f"{name} is recalling {what}. {subject}."
    if rng.random() < 0.12:
        desc += "\nThis recall supersedes an earlier recall of the same vehicles."
    affected = None if rng.random() < 0.02 else max(1, round(_lognormal(rng, units, 1.5)))
    done = None
    if day.year <= 2023 and rng.random() < 0.6:
        done = round(rng.uniform(15, 100), 2)
    dnd = rng.random() < (0.02 if rtype == "Vehicle" else 0.005)
    park = dnd or rng.random() < (0.04 if comp in ("ELECTRICAL SYSTEM", "FUEL/PROPULSION SYSTEM") else 0.005)
    mail = day + timedelta(days=rng.randint(30, 70))
    remedy = rng.choice(["inspect and replace the part as necessary", "update the software",
                         "replace the component", "repair the wiring"])  # fmt: skip
    prefix = "".join(w[0] for w in name.split()[:2]).upper()
    campaign = None if make is None and rng.random() < 0.15 else prefix + "{yy}" + f"{rng.randint(1, 40):02d}"
    return {
        "date": day, "manufacturer": name, "make": make, "type": rtype, "component": comp, "subject": subject,
        "affected": affected, "completion": done, "dnd": dnd, "park": park, "campaign": campaign,
        "description": desc,
        "consequence": CONSEQUENCES.get(comp, "A failure of this component can increase the risk of a crash or injury."),
        "action": (f"Dealers will {remedy}, free of charge. Owner notification letters are expected to be mailed "
                   f"{mail:%B %d, %Y}. Owners may contact {name} customer service at 1-800-{rng.randint(200, 999)}-"
                   f"{rng.randint(1000, 9999)}."),
    }  # fmt: skip


def _write_complaints(t: Truth, d: Path) -> None:
    lines = ["\t".join(r) for r in complaint_rows(t)]
    payload = ("\r\n".join(lines) + "\r\n").encode("cp1252")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        info = zipfile.ZipInfo(CMPL_TXT, date_time=(2025, 1, 6, 3, 12, 44))
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, payload)
    (d / CMPL_ZIP).write_bytes(buf.getvalue())


def _write_recalls(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(RECALL_COLUMNS)
    for r in t.recalls:
        w.writerow([r["date"].strftime("%m/%d/%Y"), r["nhtsa_id"],
                    f"Go to Recall (https://www.nhtsa.gov/recalls?nhtsaId={r['nhtsa_id']})", r["manufacturer"],
                    r["subject"], r["component"], r["campaign"], r["type"],
                    "" if r["affected"] is None else str(r["affected"]), r["description"], r["consequence"],
                    r["action"], "Yes" if r["park"] else "No", "Yes" if r["dnd"] else "No",
                    "" if r["completion"] is None else f"{r['completion']:.2f}"])  # fmt: skip
    (d / RECALLS_FILE).write_bytes(buf.getvalue().encode("utf-8"))


# ==================================================================================================
# Colleges: the College Scorecard's institution-level file and NCES Digest table 330.20
# ==================================================================================================

# name, postcode, FIPS, Scorecard region, institutions (about), Digest 2022-23 averages (dollars): public 4-year
# in-state tuition and fees, public 2-year in-district tuition and fees (None: no such institutions), private
# nonprofit 4-year tuition and fees (None: none), public 4-year room and board; the levels approximate
STATES = [
    ("Alabama", "AL", "01", 5, 45, 11400, 4900, 21800, 11500), ("Alaska", "AK", "02", 8, 6, 8700, None, 22500, 11800),
    ("Arizona", "AZ", "04", 6, 45, 11900, 2400, 19500, 13900), ("Arkansas", "AR", "05", 5, 30, 9300, 3900, 24500, 10200),
    ("California", "CA", "06", 8, 230, 9500, 1400, 45200, 16800), ("Colorado", "CO", "08", 7, 45, 10300, 4300, 35800, 13800),
    ("Connecticut", "CT", "09", 1, 30, 14700, 4700, 47800, 14800), ("Delaware", "DE", "10", 2, 8, 13300, 4600, 28700, 13800),
    ("District of Columbia", "DC", "11", 2, 12, 7200, None, 53300, 18700),
    ("Florida", "FL", "12", 5, 130, 6400, 3300, 34300, 11800), ("Georgia", "GA", "13", 5, 70, 7500, 3100, 33900, 11400),
    ("Hawaii", "HI", "15", 8, 10, 11000, 3400, 22400, 14900), ("Idaho", "ID", "16", 7, 12, 8400, 3300, 11800, 9900),
    ("Illinois", "IL", "17", 3, 95, 14500, 4300, 40500, 12100), ("Indiana", "IN", "18", 3, 55, 9600, 4700, 37800, 11700),
    ("Iowa", "IA", "19", 4, 35, 9500, 5500, 36300, 10000), ("Kansas", "KS", "20", 4, 35, 9900, 3800, 30800, 10500),
    ("Kentucky", "KY", "21", 5, 40, 11200, 4400, 30200, 10900), ("Louisiana", "LA", "22", 5, 45, 10500, 4300, 33700, 11900),
    ("Maine", "ME", "23", 1, 20, 11000, 3900, 48500, 12200), ("Maryland", "MD", "24", 2, 40, 10500, 4700, 46800, 13500),
    ("Massachusetts", "MA", "25", 1, 85, 15000, 6200, 55200, 15200),
    ("Michigan", "MI", "26", 3, 75, 14600, 4100, 30500, 11700), ("Minnesota", "MN", "27", 4, 55, 11700, 5700, 45200, 10600),
    ("Mississippi", "MS", "28", 5, 25, 9000, 3700, 21800, 10400), ("Missouri", "MO", "29", 4, 60, 9800, 3900, 31400, 11100),
    ("Montana", "MT", "30", 7, 15, 7800, 3600, 28200, 10800), ("Nebraska", "NE", "31", 4, 25, 8600, 3300, 32900, 11100),
    ("Nevada", "NV", "32", 8, 15, 7900, 3600, 27200, 12600), ("New Hampshire", "NH", "33", 1, 18, 16400, 7300, 45100, 12700),
    ("New Jersey", "NJ", "34", 2, 55, 15300, 5200, 43300, 14600), ("New Mexico", "NM", "35", 6, 20, 8000, 2000, 19600, 10800),
    ("New York", "NY", "36", 2, 190, 8800, 5500, 49800, 15400),
    ("North Carolina", "NC", "37", 5, 80, 7300, 2600, 39300, 11500),
    ("North Dakota", "ND", "38", 4, 12, 9300, 5100, 18700, 9100), ("Ohio", "OH", "39", 3, 110, 11400, 4500, 35700, 12000),
    ("Oklahoma", "OK", "40", 6, 40, 8700, 4000, 29600, 10000), ("Oregon", "OR", "41", 8, 35, 11700, 5300, 45100, 13200),
    ("Pennsylvania", "PA", "42", 2, 130, 15700, 5600, 46800, 13100),
    ("Rhode Island", "RI", "44", 1, 12, 12900, 4900, 47400, 14600),
    ("South Carolina", "SC", "45", 5, 45, 12600, 4700, 30000, 10800),
    ("South Dakota", "SD", "46", 4, 12, 9600, 6800, 27200, 8700), ("Tennessee", "TN", "47", 5, 60, 10000, 4400, 32900, 11900),
    ("Texas", "TX", "48", 6, 160, 10800, 2800, 37800, 11800), ("Utah", "UT", "49", 7, 25, 7400, 4200, 13100, 10500),
    ("Vermont", "VT", "50", 1, 12, 17600, 6500, 48800, 12300), ("Virginia", "VA", "51", 5, 65, 14100, 5100, 34700, 12400),
    ("Washington", "WA", "53", 8, 55, 9100, 4500, 45600, 13300),
    ("West Virginia", "WV", "54", 5, 20, 8800, 4400, 23900, 10300),
    ("Wisconsin", "WI", "55", 3, 55, 9200, 4700, 38400, 9500), ("Wyoming", "WY", "56", 7, 8, 6300, 3700, None, 10900),
]  # fmt: skip
OTHER_JURISDICTIONS = [
    ("Guam", "GU", "66", 9, 3, 7100, 4700, None, 11200), ("Puerto Rico", "PR", "72", 9, 35, 2800, 2400, 7400, 6500),
    ("U.S. Virgin Islands", "VI", "78", 9, 2, 5400, None, None, None),
]  # fmt: skip
OTHER_INCREASE = {"Guam": 0.118, "Puerto Rico": 0.031, "U.S. Virgin Islands": 0.02}  # 2021-22 to 2022-23
STATE_INCREASE = {"Michigan": 0.081}  # the end of a tuition freeze; the other states 0 to 6.2 %
SC_SCALE = 0.75
CS_STATE_COUNT = "OH"  # the state whose institutions are counted
CS_DIGEST_STATE = "Ohio"  # the Digest value asked about
CS_TOP5_STATE = "TX"
CS_THRESHOLD = 9_500  # public 4-year in-state tuition, 2022-23
CS_STATE_RELATED = ("PA", 0.4, 1.45)  # state-related universities: a share of the public 4-year ones, priced higher
SC_COLUMNS = ["UNITID", "OPEID", "OPEID6", "INSTNM", "CITY", "STABBR", "ZIP", "ACCREDAGENCY", "INSTURL", "NPCURL",
              "SCH_DEG", "HCM2", "MAIN", "NUMBRANCH", "PREDDEG", "HIGHDEG", "CONTROL", "ST_FIPS", "REGION", "LOCALE",
              "CCBASIC", "HBCU", "ADM_RATE", "SAT_AVG", "UGDS", "UGDS_WOMEN", "TUITIONFEE_IN", "TUITIONFEE_OUT",
              "NPT4_PUB", "NPT4_PRIV", "PCTPELL", "C150_4", "RET_FT4", "MD_EARN_WNE_P10", "GRAD_DEBT_MDN"]  # fmt: skip
TOWNS = ["Ashford", "Bellmont", "Brookfield", "Cedar Ridge", "Clearwater", "Dover Falls", "Eastfield", "Fairhaven",
         "Glenwood", "Granite Bluff", "Harlow", "Highland Park", "Jasper", "Kingsport", "Lakeview", "Lexford",
         "Maple Grove", "Marion", "Millbrook", "New Albion", "Northgate", "Oak Hill", "Pine Bluff", "Port Jervis",
         "Red Rock", "Riverside", "Rosedale", "Salem Heights", "Silver Lake", "Southport", "Stanton", "Summerville",
         "Thornton", "Union City", "Valley Forge", "Westbury", "Whitfield", "Willow Creek", "Woodland", "Yorktown",
         "Alder Springs", "Bayside", "Canton", "Delmar", "Elmira Heights", "Franklin", "Georgetown", "Hartwell",
         "Ironton", "Juniper", "Kent", "Laurel", "Midland", "Newport", "Oxford", "Plainview", "Quincy", "Richmond",
         "Sheffield", "Troy"]  # fmt: skip
SAINT_NAMES = ["Saint Brendan", "Saint Clare", "Saint Gregory", "Saint Ambrose", "Saint Bede", "Saint Hilda",
               "Saint Columba", "Saint Agnes", "Saint Dominic", "Saint Lucy"]  # fmt: skip
BRANDS = ["Aveline", "Crestline", "Elevate", "Bellus", "Lumen", "Pinnacle", "Vantage", "Horizon Career", "Luxe",
          "Evolve", "Radiant", "Trueform", "Northstar", "Silverline"]  # fmt: skip
DIRECTIONS = ["Northern", "Southern", "Eastern", "Western", "Central", "Northwestern", "Southeastern"]
ACCREDITORS = {1: "New England Commission on Higher Education", 2: "Middle States Commission on Higher Education",
               3: "Higher Learning Commission", 4: "Higher Learning Commission",
               5: "Southern Association of Colleges and Schools Commission on Colleges",
               6: "Higher Learning Commission", 7: "Northwest Commission on Colleges and Universities",
               8: "WASC Senior College and University Commission", 9: "Middle States Commission on Higher Education"}  # fmt: skip
# (CONTROL, PREDDEG, tag), weight
SC_KINDS = [((1, 3, ""), 12), ((1, 2, ""), 22), ((1, 1, ""), 3), ((2, 3, ""), 20), ((2, 3, "selective"), 2.5),
            ((2, 4, ""), 3), ((2, 2, ""), 1.5), ((2, 1, ""), 1.5), ((3, 1, ""), 28), ((3, 2, ""), 4), ((3, 3, ""), 3)]  # fmt: skip


def _college_name(rng: random.Random, kind: tuple, state: str, abbr: str, town: str) -> str:
    control, pred, tag = kind
    sur = rng.choice(SURNAMES).title()
    if tag == "flagship":
        return {"DC": "University of the District of Columbia", "VI": "University of the Virgin Islands"}.get(
            abbr, f"University of {state}"
        )
    if tag == "state":
        return f"{state} State University"
    if control == 1 and pred == 3:
        pats = ["{d} {st} University", "{t} State University", "University of {st}-{t}", "{t} State College"]
    elif control == 1 and pred == 2:
        pats = ["{t} Community College", "{t} Technical College", "{t} Technical Community College"]
    elif control == 1:
        pats = ["{t} Area Career Center", "{t} County Technical Institute"]
    elif tag == "selective":
        pats = ["{s} College", "{s} University", "{s} Institute of Technology"]
    elif control == 2 and pred == 3:
        pats = [
            "{s} College",
            "{s} University",
            "{sa} University",
            "College of {sa}",
            "{t} College",
            "{t} College of Art and Design",
        ]
    elif control == 2 and pred == 4:
        pats = ["{t} School of Law", "{s} Theological Seminary", "{t} Graduate Institute"]
    elif control == 2:
        pats = ["{t} School of Nursing", "{sa} Hospital School of Radiography"]
    elif pred == 1:
        pats = [
            "{b} Beauty Academy-{t}",
            "{b} Institute-{t}",
            "{b} Barber College-{t}",
            "{b} School of Cosmetology-{t}",
        ]
    else:
        pats = ["{b} Career College-{t}", "{b} University-{t}", "{b} College of Health Sciences-{t}"]
    return rng.choice(pats).format(d=rng.choice(DIRECTIONS), st=state, t=town, s=sur, sa=rng.choice(SAINT_NAMES),
                                   b=rng.choice(BRANDS))  # fmt: skip


def _clamp(x: float, lo: float, hi: float) -> float:
    return max(lo, min(hi, x))


def _build_colleges(rng: random.Random) -> list[dict]:
    out = []
    names: set[str] = set()
    for si, (state, abbr, fips, region, n_inst, pub4, pub2, priv4, _room) in enumerate(STATES + OTHER_JURISDICTIONS):
        n = max(2, round(n_inst * SC_SCALE))
        kinds = [(1, 3, "flagship")] + ([(1, 3, "state")] if n >= 6 and abbr not in ("DC", "PR", "GU", "VI") else [])
        while len(kinds) < n:
            k = _pick(rng, SC_KINDS)
            if (k[0], k[1]) == (1, 2) and pub2 is None:
                continue
            if k[0] == 2 and priv4 is None:
                continue
            kinds.append(k)
        uids = sorted(rng.sample(range(100_000 + 7_000 * si, 106_900 + 7_000 * si), len(kinds)))
        related = rng.sample(range(len(kinds)), len(kinds))  # an order to pick state-related universities by
        pub3_ix = [i for i in related if kinds[i][:2] == (1, 3)]
        special = set(pub3_ix[: round(len(pub3_ix) * CS_STATE_RELATED[1])]) if abbr == CS_STATE_RELATED[0] else set()
        for i, (kind, uid) in enumerate(zip(kinds, uids)):
            control, pred, tag = kind
            town = rng.choice(TOWNS)
            name = ""
            for _ in range(30):
                name = _college_name(rng, kind, state, abbr, town)
                if name not in names:
                    break
                town = rng.choice(TOWNS)
            if name in names:
                name = f"{name}-{town}"
            while name in names:
                name += " II"
            names.add(name)
            # enrolment and admissions
            if tag == "flagship":
                ugds = round(_lognormal(rng, 24_000 if n > 10 else 9_000, 0.3))
            elif tag == "state":
                ugds = round(_lognormal(rng, 15_000, 0.4))
            else:
                med = {(1, 3): 7000, (1, 2): 4500, (1, 1): 600, (2, 3): 1800, (2, 2): 300, (2, 1): 300, (3, 1): 150,
                       (3, 2): 500, (3, 3): 1200}.get((control, pred))  # fmt: skip
                ugds = None if med is None else max(12, round(_lognormal(rng, med, 0.8)))
            adm = None
            if pred == 3:
                if tag == "flagship":
                    adm = rng.uniform(0.35, 0.85)
                elif tag == "selective":
                    adm = rng.uniform(0.04, 0.25)
                elif control == 3:
                    adm = rng.uniform(0.6, 1.0) if rng.random() < 0.5 else None
                else:
                    adm = rng.uniform(0.3 if control == 2 else 0.5, 0.98)
                if adm is not None and rng.random() < 0.05:
                    adm = None
            elif pred in (1, 2) and rng.random() < 0.1:
                adm = rng.uniform(0.9, 1.0)
            adm = None if adm is None else round(adm, 4)
            sat = None
            if adm is not None and pred == 3 and rng.random() < 0.7:
                sat = round(_clamp(1030 + 420 * (1 - adm) ** 2.2 + rng.gauss(0, 45), 880, 1565))
            # prices
            tin = None
            if control == 1 and pred == 3:
                tin = pub4 * _lognormal(rng, 1.08 if tag == "flagship" else 1.0, 0.13)
                if i in special:
                    tin *= CS_STATE_RELATED[2]
            elif control == 1:
                tin = (pub2 or 3500) * _lognormal(rng, 1.0 if pred == 2 else 0.8, 0.15)
            elif control == 2 and pred != 4:
                tin = ((priv4 or 30000) * (1.3 if tag == "selective" else 1.0) * _lognormal(rng, 1, 0.25)
                       if pred == 3 else 15000 * _lognormal(rng, 1, 0.3))  # fmt: skip
            elif control == 3:
                tin = {1: 14000, 2: 16000, 3: 15500}[pred] * _lognormal(rng, 1, 0.3)
            if tin is not None and rng.random() < 0.03:
                tin = None
            tin = None if tin is None else round(tin)
            tout = None if tin is None else (round(tin * rng.uniform(2.0, 3.0)) if control == 1 else tin)
            if pred == 4:
                pell = None
            elif control == 3:
                pell = _clamp(rng.gauss(0.58, 0.12), 0.05, 0.95)
            elif tag == "selective":
                pell = _clamp(rng.gauss(0.17, 0.05), 0.05, 0.95)
            else:
                pell = _clamp(
                    rng.gauss({(1, 3): 0.33, (1, 2): 0.35, (1, 1): 0.4}.get((control, pred), 0.3), 0.09), 0.05, 0.95
                )
            pell = None if pell is None else round(pell, 4)
            npt = None
            if tin is not None and rng.random() > 0.05:
                base = tin + 13000 - 9000 * (pell or 0.3) if control == 1 else tin * 0.55 + 9000 - 6000 * (pell or 0.3)
                npt = max(1500, round(base - rng.uniform(0, 4000)))
            c150 = ret = None
            if pred in (3, 4) and control != 3 or (control == 3 and pred == 3):
                c150 = (sat - 850) / 800 + rng.gauss(0, 0.06) if sat else rng.gauss(0.5, 0.12)
                c150 = round(_clamp(c150, 0.12, 0.97), 4) if pred == 3 else None
                ret = None if c150 is None else round(_clamp(c150 + 0.2 + rng.gauss(0, 0.04), 0.3, 0.99), 4)
            base_earn = {(1, 3): 49000, (2, 3): 52000, (1, 2): 36000, (1, 1): 33000, (3, 1): 27000, (3, 2): 31000,
                         (3, 3): 38000, (2, 2): 42000, (2, 1): 40000}.get((control, pred))  # fmt: skip
            if base_earn is None or pell is None:
                earn: int | str | None = None
            elif (ugds or 0) < 200:
                earn = "PS"
            elif rng.random() < 0.04:
                earn = None
            else:
                earn = round(base_earn * (1 - 0.9 * (pell - 0.33)) + 60 * ((sat or 1100) - 1100) + rng.gauss(0, 4500))
            debt: float | str | None = None
            if pred != 4:
                if (ugds or 0) < 150:
                    debt = "PS"
                else:
                    debt = {1: 21000, 2: 24500, 3: 12500}[control] * _lognormal(rng, 1, 0.15)
                    debt = round(debt) + (0.5 if rng.random() < 0.2 else 0)
            hbcu = 1 if region == 5 and control in (1, 2) and pred == 3 and rng.random() < 0.08 else 0
            slug = "".join(
                ch for ch in name.lower().replace("university", "u").replace("college", "c") if ch.isalnum()
            )[:18]
            opeid6 = rng.randint(1000, 42000)
            out.append({
                "unitid": uid, "opeid": f"{opeid6:06d}00", "opeid6": f"{opeid6:06d}", "name": name, "city": town,
                "stabbr": abbr, "zip": f"{(int(fips) * 1931 + rng.randint(0, 900)) % 99999:05d}"
                + (f"-{rng.randint(1000, 9999)}" if rng.random() < 0.4 else ""),
                "accred": (ACCREDITORS[region] if control != 3 or pred == 3 else
                           rng.choice(["National Accrediting Commission of Career Arts and Sciences",
                                       "Accrediting Commission of Career Schools and Colleges"])),
                "url": f"www.{slug}.edu/", "npc": f"{slug}.edu/net-price" if rng.random() < 0.8 else None,
                "sch_deg": None if pred == 4 else pred, "hcm2": 1 if rng.random() < 0.01 else 0,
                "main": 0 if control == 3 and rng.random() < 0.5 else 1, "numbranch": rng.choice([1, 1, 1, 2, 3]),
                "preddeg": pred, "highdeg": 4 if pred in (3, 4) and rng.random() < 0.7 else max(pred, 1),
                "control": control, "st_fips": int(fips), "region": region,
                "locale": rng.choice([11, 12, 13, 21, 22, 23, 31, 32, 33, 41, 42, 43]),
                "ccbasic": rng.choice([15, 16, 18, 19, 21, 22, 1, 2, 3, 14]) if pred >= 2 else -2, "hbcu": hbcu,
                "adm_rate": adm, "sat_avg": sat, "ugds": ugds,
                "ugds_women": None if ugds is None else round(_clamp(rng.gauss(0.58, 0.1), 0.1, 0.98), 4),
                "tuition_in": tin, "tuition_out": tout, "npt4_pub": npt if control == 1 else None,
                "npt4_priv": npt if control != 1 else None, "pctpell": pell, "c150_4": c150, "ret_ft4": ret,
                "earn": earn, "debt": debt,
            })  # fmt: skip
    out.sort(key=lambda c: c["unitid"])
    return out


def _build_digest(rng: random.Random, colleges: list[dict]) -> list[dict]:
    rows = []
    for (state, abbr, _f, _r, _n, pub4, pub2, priv4, room), kind in [(s, "state") for s in STATES] + [
        (s, "other") for s in OTHER_JURISDICTIONS
    ]:
        p4b = round(pub4 * rng.uniform(0.985, 1.015))
        inc = OTHER_INCREASE[state] if kind == "other" else rng.uniform(0.0, 0.062)
        inc = STATE_INCREASE.get(state, inc)
        vals = {
            "p4a": round(p4b / (1 + inc)),
            "p4b": p4b,
            "p4room": None if room is None else round(room * rng.uniform(0.98, 1.02)),
        }
        if pub2 is None:
            vals.update(p2a=None, p2b=None)
        else:
            b = round(pub2 * rng.uniform(0.98, 1.02))
            vals.update(p2a=round(b / (1 + rng.uniform(-0.01, 0.05))), p2b=b)
        if priv4 is None:
            vals.update(npa=None, npb=None, nproom=None)
        else:
            b = round(priv4 * rng.uniform(0.98, 1.02))
            vals.update(npa=round(b / (1 + rng.uniform(0.02, 0.05))), npb=b,
                        nproom=round((room or 12000) * rng.uniform(1.02, 1.15)))  # fmt: skip
        rows.append({"name": state, "abbr": abbr, "kind": kind, **vals})
    weights = {}
    for key, ctrl, pred in (("p4", 1, 3), ("p2", 1, 2), ("np", 2, 3)):
        for abbr in {s[1] for s in STATES}:
            weights[(key, abbr)] = sum(c["ugds"] or 0 for c in colleges
                                       if c["stabbr"] == abbr and c["control"] == ctrl and c["preddeg"] == pred)  # fmt: skip
    us: dict = {}
    for col in ("p4a", "p4b", "p4room", "p2a", "p2b", "npa", "npb", "nproom"):
        key = col[:2]
        pairs = [(weights[(key, r["abbr"])], r[col]) for r in rows if r["kind"] == "state" and r[col] is not None]
        us[col] = round(sum(w * v for w, v in pairs) / sum(w for w, _v in pairs))
    return [{"name": "United States", "abbr": "US", "kind": "us", **us}, *rows]


DIGEST_TITLE = (
    "Table 330.20. Average undergraduate tuition and fees and room and board rates charged for full-time students in "
    "degree-granting postsecondary institutions, by control and level of institution and state or jurisdiction: "
    "2021-22 and 2022-23"
)
DIGEST_NOTES = [
    "†Not applicable.",
    "—Not available.",
    "NOTE: Data are for the entire academic year and are average charges for full-time students. Tuition and fees "
    "were weighted by the number of full-time-equivalent undergraduates, but were not adjusted to reflect student "
    "residency. Room and board were based on full-time students. Degree-granting institutions grant associate's or "
    "higher degrees and participate in Title IV federal financial aid programs.",
    "SOURCE: U.S. Department of Education, National Center for Education Statistics, Integrated Postsecondary "
    "Education Data System (IPEDS), Fall 2021 and Fall 2022, Institutional Characteristics component; and Spring 2022 "
    "and Spring 2023, Fall Enrollment component. (This table was prepared December 2023.)",
]
DIGEST_KEYS = ["p4a", "p4b", "p4room", "p2a", "p2b", "npa", "npb", "nproom"]


def _leader(name: str) -> str:
    return f"{name} " + "." * max(3, 34 - len(name))


def digest_cells(t: Truth) -> list[list]:
    """The workbook's cells, row by row (None for an empty cell)."""
    blank = [None] * 9
    rows: list[list] = [
        [DIGEST_TITLE, *blank[1:]],
        ["[In current dollars]", *blank[1:]],
        ["State or jurisdiction", "Public 4-year", None, None, "Public 2-year", None, "Private nonprofit 4-year", None, None],
        [None, "Tuition and required fees (in-state)", None, "Room and board", "Tuition and required fees (in-district)",
         None, "Tuition and required fees", None, "Room and board"],
        [None, "2021-22", "2022-23", "2022-23", "2021-22", "2022-23", "2021-22", "2022-23", "2022-23"],
        [str(i) for i in range(1, 10)],
    ]  # fmt: skip

    def cells(r: dict) -> list:
        out: list = [_leader(r["name"])]
        for k in DIGEST_KEYS:
            v = r[k]
            out.append(v if v is not None else ("—" if r["abbr"] == "VI" and k.endswith("room") else "†"))
        return out

    us = t.digest[0]
    rows.append(cells(us))
    states = [r for r in t.digest if r["kind"] == "state"]
    for i, r in enumerate(states):
        if i % 5 == 0:
            rows.append(list(blank))
        rows.append(cells(r))
    rows.append(list(blank))
    rows.append([_leader("Other jurisdictions"), *blank[1:]])
    for r in t.digest:
        if r["kind"] == "other":
            rows.append(cells(r))
    rows.append(list(blank))
    for note in DIGEST_NOTES:
        rows.append([note, *blank[1:]])
    return rows


def _col(i: int) -> str:
    return "ABCDEFGHIJ"[i]


def _xlsx(rows: list[list], sheet: str, merges: list[str], widths: list[float], header_rows: int) -> bytes:
    """A minimal workbook written with the standard library: inline strings, numbers with a #,##0 format."""
    xml_rows = []
    for r, row in enumerate(rows, start=1):
        cells = []
        for c, v in enumerate(row):
            ref = f"{_col(c)}{r}"
            if v is None:
                continue
            if isinstance(v, str):
                cells.append(
                    f'<c r="{ref}" t="inlineStr" s="{2 if r <= header_rows else 0}"><is><t>{escape(v)}</t></is></c>'
                )
            else:
                cells.append(f'<c r="{ref}" s="1"><v>{v}</v></c>')
        xml_rows.append(f'<row r="{r}">{"".join(cells)}</row>')
    cols = "".join(f'<col min="{i + 1}" max="{i + 1}" width="{w}" customWidth="1"/>' for i, w in enumerate(widths))
    merge = "".join(f'<mergeCell ref="{m}"/>' for m in merges)
    width = max(len(r) for r in rows)
    sheet_xml = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        f'<dimension ref="A1:{_col(width - 1)}{len(rows)}"/><cols>{cols}</cols>'
        f"<sheetData>{''.join(xml_rows)}</sheetData>"
        f'<mergeCells count="{len(merges)}">{merge}</mergeCells></worksheet>'
    )
    parts = {
        "[Content_Types].xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
            '<Override PartName="/xl/styles.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
            '<Override PartName="/docProps/core.xml" '
            'ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>'
        ),
        "_rels/.rels": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" '
            'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" '
            'Target="xl/workbook.xml"/>'
            '<Relationship Id="rId2" '
            'Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" '
            'Target="docProps/core.xml"/></Relationships>'
        ),
        "docProps/core.xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
            'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
            'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
            f"<dc:title>{escape(DIGEST_TITLE[:60])}</dc:title><dc:creator>NCES</dc:creator>"
            '<dcterms:created xsi:type="dcterms:W3CDTF">2023-12-12T14:00:00Z</dcterms:created>'
            "</cp:coreProperties>"
        ),
        "xl/workbook.xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
            'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
            f'<sheets><sheet name="{escape(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>'
        ),
        "xl/_rels/workbook.xml.rels": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" '
            'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" '
            'Target="worksheets/sheet1.xml"/>'
            '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" '
            'Target="styles.xml"/></Relationships>'
        ),
        "xl/styles.xml": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>'
            '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
            '<fills count="2"><fill><patternFill patternType="none"/></fill>'
            '<fill><patternFill patternType="gray125"/></fill></fills>'
            '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
            '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
            '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
            '<xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
            '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>'
            '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
        ),
        "xl/worksheets/sheet1.xml": sheet_xml,
    }
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in parts.items():
            info = zipfile.ZipInfo(name, date_time=(2023, 12, 12, 14, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text.encode("utf-8"))
    return buf.getvalue()


def _sc_value(v: object) -> str:
    if v is None:
        return "NULL"
    if v == "PS":
        return "PrivacySuppressed"
    if isinstance(v, float) and v == int(v) and not isinstance(v, bool):
        return str(int(v))
    return str(v)


def _write_scorecard(t: Truth, d: Path) -> None:
    keys = ["unitid", "opeid", "opeid6", "name", "city", "stabbr", "zip", "accred", "url", "npc", "sch_deg", "hcm2",
            "main", "numbranch", "preddeg", "highdeg", "control", "st_fips", "region", "locale", "ccbasic", "hbcu",
            "adm_rate", "sat_avg", "ugds", "ugds_women", "tuition_in", "tuition_out", "npt4_pub", "npt4_priv",
            "pctpell", "c150_4", "ret_ft4", "earn", "debt"]  # fmt: skip
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(SC_COLUMNS)
    for c in t.colleges:
        w.writerow([_sc_value(c[k]) for k in keys])
    (d / SC_FILE).write_bytes(buf.getvalue().encode("utf-8"))


def _write_digest(t: Truth, d: Path) -> None:
    merges = ["B3:D3", "E3:F3", "G3:I3", "B4:C4", "E4:F4", "G4:H4"]
    data = _xlsx(digest_cells(t), "Digest 2023 Table 330.20", merges, [40, 13, 13, 13, 13, 13, 13, 13, 13], 6)
    (d / DIGEST_FILE).write_bytes(data)


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    np_rng = _rng("nonprofits")
    orgs = _build_orgs(np_rng)
    pp, filings = _build_propublica(np_rng, orgs)
    vs_rng = _rng("vehicles")
    complaints = _build_complaints(vs_rng)
    recalls = _build_recalls(vs_rng)
    cs_rng = _rng("colleges")
    colleges = _build_colleges(cs_rng)
    digest = _build_digest(cs_rng, colleges)
    return Truth(orgs=orgs, pp=pp, filings=filings, complaints=complaints, recalls=recalls, colleges=colleges,
                 digest=digest)  # fmt: skip


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_bmf(t, d)
    _write_propublica(t, d)
    _write_complaints(t, d)
    _write_recalls(t, d)
    _write_scorecard(t, d)
    _write_digest(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout46-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
