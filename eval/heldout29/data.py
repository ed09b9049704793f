"""The twenty-ninth held-out set's data: five files on four topics, each imitating a real public export.

* `Production_Crops_Livestock_E_All_Data_(Normalized).csv`: FAOSTAT's bulk download of the "Crops and
  livestock products" domain (QCL), normalized form: Latin-1 encoded, one row per area, item, element and
  year, M49 and CPC codes with a leading apostrophe, `Year Code` beside `Year`, status flags (`A`, `E`,
  `I`, `X`, `M` with no value), the regional aggregates (`World`, `Asia`, `European Union (27)` ...) and
  `China` (mainland, Taiwan and Hong Kong together) as areas beside the countries, yields in `100 g/ha`,
  chickens counted in thousands (`1000 An`).
* `On_Time_Reporting_Carrier_On_Time_Performance_1987_present_2024_1.zip` and `L_UNIQUE_CARRIERS.csv`:
  the US Bureau of Transportation Statistics' "Reporting Carrier On-Time Performance (1987-present)"
  prezipped monthly file for January 2024 (a CSV and a `readme.html` in one zip; 109 columns and a
  trailing comma; times as local `hhmm` with `2400` for midnight; numbers written with two decimals),
  and the TranStats lookup table of carrier codes.
* `PROV - Occupation SOC20 (4) Table 14.7a Annual pay - Gross 2024.xlsx`: the Office for National
  Statistics' ASHE table 14.7a (annual gross pay by four-digit SOC 2020 occupation), provisional 2024:
  one sheet per sex and working pattern, title and header rows above the table, footnotes below it,
  `x` for estimates too unreliable to publish, the jobs in thousands, occupations at four levels of the
  classification in one column of codes.
* `pubmed_result.xml`: a PubMed search for microplastics saved as PubMed XML (an E-utilities efetch
  answer): nested articles with inline markup in titles, issue dates as Year/Month/Day, as a `MedlineDate`
  range or ahead of print, authors with surname and initials, collective authors, free-text affiliations,
  publication types, publication history dates.

Every record is built first with the standard library from a fixed seed (one random stream per
topic); the files are then rendered from those records, so the same seed gives the same bytes.
`truth()` returns the clean records the references are computed from.

    python data.py DIR   # writes the five files into DIR
"""

from __future__ import annotations

import functools
import io
import math
import random
import re
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from xml.sax.saxutils import escape

SEED = 29_733_051

FAO_FILE = "Production_Crops_Livestock_E_All_Data_(Normalized).csv"
BTS_FILE = "On_Time_Reporting_Carrier_On_Time_Performance_1987_present_2024_1.zip"
BTS_CSV = "On_Time_Reporting_Carrier_On_Time_Performance_(1987_present)_2024_1.csv"
BTS_CARRIERS_FILE = "L_UNIQUE_CARRIERS.csv"
ASHE_FILE = "PROV - Occupation SOC20 (4) Table 14.7a Annual pay - Gross 2024.xlsx"
PM_FILE = "pubmed_result.xml"
FILES = [FAO_FILE, BTS_FILE, BTS_CARRIERS_FILE, ASHE_FILE, PM_FILE]

ZIP_TIME = (2024, 3, 14, 10, 12, 0)  # the time stamp inside both zip files (the xlsx is a zip too)


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    fao: dict  # "cell": {(area, item, element, year): (value or None, flag)}
    bts: list[dict]  # one dict per scheduled flight, in file order
    ashe: dict  # "sheets": {sheet: [row dicts]}, values None where the file shows 'x'
    pubmed: list[dict]  # one dict per record, in file order


# ==================================================================================================
# FAOSTAT: Crops and livestock products (QCL), bulk download, normalized
# ==================================================================================================

FAO_YEARS = list(range(2010, 2023))
# area code, M49, name, region, EU member, least developed country
FAO_AREAS = [
    (9, "032", "Argentina", "SA", 0, 0),
    (10, "036", "Australia", "OC", 0, 0),
    (16, "050", "Bangladesh", "AS", 0, 1),
    (21, "076", "Brazil", "SA", 0, 0),
    (33, "124", "Canada", "NA", 0, 0),
    (41, "156", "China, mainland", "AS", 0, 0),
    (44, "170", "Colombia", "SA", 0, 0),
    (58, "218", "Ecuador", "SA", 0, 0),
    (59, "818", "Egypt", "AF", 0, 0),
    (68, "250", "France", "EUR", 1, 0),
    (79, "276", "Germany", "EUR", 1, 0),
    (81, "288", "Ghana", "AF", 0, 0),
    (96, "344", "China, Hong Kong SAR", "AS", 0, 0),
    (100, "356", "India", "AS", 0, 0),
    (101, "360", "Indonesia", "AS", 0, 0),
    (102, "364", "Iran (Islamic Republic of)", "AS", 0, 0),
    (106, "380", "Italy", "EUR", 1, 0),
    (107, "384", "Côte d'Ivoire", "AF", 0, 0),
    (108, "398", "Kazakhstan", "AS", 0, 0),
    (110, "392", "Japan", "AS", 0, 0),
    (138, "484", "Mexico", "CA", 0, 0),
    (159, "566", "Nigeria", "AF", 0, 0),
    (165, "586", "Pakistan", "AS", 0, 0),
    (169, "600", "Paraguay", "SA", 0, 0),
    (171, "608", "Philippines", "AS", 0, 0),
    (173, "616", "Poland", "EUR", 1, 0),
    (182, "638", "Réunion", "AF", 0, 0),
    (183, "642", "Romania", "EUR", 1, 0),
    (185, "643", "Russian Federation", "EUR", 0, 0),
    (203, "724", "Spain", "EUR", 1, 0),
    (214, "158", "China, Taiwan Province of", "AS", 0, 0),
    (216, "764", "Thailand", "AS", 0, 0),
    (223, "792", "Türkiye", "AS", 0, 0),
    (226, "800", "Uganda", "AF", 0, 1),
    (229, "826", "United Kingdom of Great Britain and Northern Ireland", "EUR", 0, 0),
    (230, "804", "Ukraine", "EUR", 0, 0),
    (231, "840", "United States of America", "NA", 0, 0),
    (237, "704", "Viet Nam", "AS", 0, 0),
    (238, "231", "Ethiopia", "AF", 0, 1),
]
FAO_COUNTRIES = [a[0] for a in FAO_AREAS]
FAO_CHINA = (351, "159", "China")  # mainland, Taiwan and Hong Kong (and Macao, absent here) together
FAO_CHINA_PARTS = [41, 96, 214]
FAO_AGGS = [
    (5000, "001", "World"),
    (5100, "002", "Africa"),
    (5200, "019", "Americas"),
    (5203, "021", "Northern America"),
    (5204, "013", "Central America"),
    (5207, "005", "South America"),
    (5300, "142", "Asia"),
    (5400, "150", "Europe"),
    (5500, "009", "Oceania"),
    (5706, "", "European Union (27)"),
    (5801, "199", "Least Developed Countries"),
]
FAO_NAME = {a[0]: a[2] for a in FAO_AREAS} | {FAO_CHINA[0]: FAO_CHINA[2]} | {a[0]: a[2] for a in FAO_AGGS}
FAO_M49 = {a[0]: a[1] for a in FAO_AREAS} | {FAO_CHINA[0]: FAO_CHINA[1]} | {a[0]: a[1] for a in FAO_AGGS}
_REGION = {a[0]: a[3] for a in FAO_AREAS}
FAO_MEMBERS = {
    5000: FAO_COUNTRIES,
    5100: [c for c in FAO_COUNTRIES if _REGION[c] == "AF"],
    5200: [c for c in FAO_COUNTRIES if _REGION[c] in ("NA", "CA", "SA")],
    5203: [c for c in FAO_COUNTRIES if _REGION[c] == "NA"],
    5204: [c for c in FAO_COUNTRIES if _REGION[c] == "CA"],
    5207: [c for c in FAO_COUNTRIES if _REGION[c] == "SA"],
    5300: [c for c in FAO_COUNTRIES if _REGION[c] == "AS"],
    5400: [c for c in FAO_COUNTRIES if _REGION[c] == "EUR"],
    5500: [c for c in FAO_COUNTRIES if _REGION[c] == "OC"],
    5706: [a[0] for a in FAO_AREAS if a[4]],
    5801: [a[0] for a in FAO_AREAS if a[5]],
    351: FAO_CHINA_PARTS,
}
WHEAT, RICE, MAIZE, POTATOES, CASSAVA, SOYA, BANANAS, COFFEE, CATTLE, CHICKENS = (
    15,
    27,
    56,
    116,
    125,
    236,
    486,
    656,
    866,
    1057,
)
FAO_ITEMS = [  # item code, CPC code, item
    (WHEAT, "0111", "Wheat"),
    (RICE, "0113", "Rice"),
    (MAIZE, "0112", "Maize (corn)"),
    (POTATOES, "01510", "Potatoes"),
    (CASSAVA, "01520.01", "Cassava, fresh"),
    (SOYA, "0141", "Soya beans"),
    (BANANAS, "01312", "Bananas"),
    (COFFEE, "01610", "Coffee, green"),
    (CATTLE, "02111", "Cattle"),
    (CHICKENS, "02151", "Chickens"),
]
AREA_H, YIELD, PRODUCTION, STOCKS = 5312, 5412, 5510, 5111
FAO_ELEMENTS = {AREA_H: ("Area harvested", "ha"), YIELD: ("Yield", "100 g/ha"), PRODUCTION: ("Production", "t")}
# crop -> {area code: (area harvested in 2022 in thousand ha, yield in 2022 in t/ha, yearly change of the area in %)}
CROPS = {
    WHEAT: {
        41: (23_520, 5.86, 0.1),
        100: (30_450, 3.52, 0.5),
        185: (28_600, 3.65, 1.2),
        231: (14_900, 3.13, -0.8),
        68: (4_750, 7.05, -0.5),
        33: (10_100, 3.40, 0.6),
        230: (4_900, 4.10, -3.0),
        165: (8_980, 2.93, 0.0),
        79: (3_020, 7.37, -0.3),
        223: (6_900, 2.87, -1.2),
        9: (6_100, 2.08, 1.0),
        10: (12_700, 2.88, 0.5),
        108: (12_800, 1.28, -0.2),
        229: (1_810, 8.62, 0.3),
        173: (2_390, 5.50, 0.2),
        183: (2_100, 4.10, 0.4),
        102: (5_400, 1.90, -0.5),
        59: (1_400, 6.48, 0.3),
        106: (1_700, 3.70, -1.0),
        203: (2_000, 3.30, -1.0),
        238: (1_880, 2.95, 0.8),
        110: (227, 4.35, 0.5),
        138: (520, 5.90, -1.0),
        21: (3_100, 3.30, 5.0),
    },
    RICE: {
        100: (47_800, 4.30, 0.4),
        41: (29_500, 7.10, -0.3),
        16: (11_600, 4.90, 0.2),
        101: (10_500, 5.20, -0.5),
        237: (7_100, 6.00, -0.6),
        216: (11_100, 3.10, 0.3),
        171: (4_800, 4.10, 0.3),
        165: (3_000, 3.60, 0.9),
        21: (1_600, 6.60, -2.5),
        110: (1_360, 6.30, -0.6),
        231: (890, 8.10, -1.0),
        59: (550, 9.00, -2.0),
        159: (3_400, 2.20, 2.0),
        214: (210, 6.20, -0.8),
        44: (500, 5.00, 0.5),
        58: (300, 4.50, -0.5),
        106: (220, 6.50, -0.5),
        203: (80, 7.00, -1.5),
        102: (600, 4.50, 0.0),
        107: (800, 2.30, 2.5),
        81: (350, 3.00, 3.0),
        226: (100, 2.50, 1.0),
        9: (180, 6.80, -1.0),
        169: (180, 6.50, 3.0),
        138: (40, 6.00, -1.0),
        185: (190, 5.60, -0.5),
        223: (120, 8.00, 0.5),
        108: (100, 5.00, 0.5),
        10: (60, 10.00, -2.0),
    },
    MAIZE: {
        231: (31_900, 10.90, 0.0),
        41: (43_100, 6.40, 1.0),
        21: (21_600, 5.30, 3.5),
        9: (7_100, 7.00, 3.0),
        100: (10_000, 3.40, 1.0),
        230: (4_600, 5.80, 0.0),
        138: (7_100, 3.80, 0.0),
        101: (4_000, 5.50, 0.5),
        68: (1_250, 8.50, -2.0),
        159: (5_000, 2.20, 0.5),
        183: (2_300, 3.60, -1.0),
        238: (2_500, 4.20, 1.0),
        185: (2_700, 5.80, 2.0),
        33: (1_500, 10.00, 0.8),
        59: (1_000, 7.50, 0.0),
        171: (2_500, 3.30, -0.5),
        106: (550, 8.50, -3.0),
        165: (1_600, 6.00, 2.5),
        203: (330, 11.00, -1.0),
        173: (1_200, 6.20, 4.0),
        79: (450, 9.00, -0.5),
        81: (1_100, 2.30, 2.0),
        223: (700, 9.00, 1.5),
        237: (900, 4.80, -1.5),
        216: (1_100, 4.60, 0.0),
        169: (900, 4.50, 2.0),
        44: (400, 4.00, -1.0),
        226: (1_300, 2.20, 1.0),
        108: (200, 6.00, 3.0),
        214: (10, 4.50, -2.0),
    },
    POTATOES: {
        41: (5_800, 16.50, 0.3),
        100: (2_300, 24.50, 1.0),
        230: (1_300, 16.00, -0.5),
        185: (1_100, 17.00, -3.0),
        231: (370, 49.00, -0.5),
        79: (270, 40.00, 0.2),
        16: (460, 22.00, 0.5),
        68: (200, 41.00, 1.5),
        173: (200, 27.00, -5.0),
        59: (200, 28.00, 1.0),
        223: (140, 37.00, 0.5),
        165: (330, 24.00, 3.0),
        102: (150, 33.00, -1.0),
        33: (150, 40.00, 0.5),
        229: (120, 45.00, -0.5),
        108: (190, 20.00, 0.5),
        183: (160, 16.00, -3.0),
        110: (70, 32.00, -1.0),
        21: (120, 33.00, -0.5),
        9: (60, 35.00, 0.0),
        44: (140, 21.00, 1.0),
        138: (60, 30.00, 0.5),
        159: (400, 3.00, 2.0),
        238: (70, 13.00, 3.0),
        226: (50, 5.00, 1.0),
        203: (60, 30.00, -2.5),
        106: (50, 27.00, -1.0),
        10: (30, 42.00, 0.0),
        214: (3, 26.00, 0.0),
    },
    CASSAVA: {
        159: (9_500, 6.30, 2.0),
        216: (1_500, 22.00, 1.0),
        101: (600, 25.00, -3.0),
        21: (1_200, 15.00, -1.5),
        81: (1_100, 21.00, 2.5),
        237: (530, 19.50, -0.5),
        100: (170, 30.00, -2.0),
        107: (500, 12.00, 3.0),
        226: (1_000, 7.00, 1.0),
        44: (200, 11.00, 0.5),
        171: (220, 12.50, 0.0),
        169: (160, 18.00, 0.5),
        41: (280, 17.00, 0.0),
        238: (100, 15.00, 2.0),
    },
    SOYA: {
        21: (40_900, 2.90, 4.9),
        231: (34_900, 3.30, 1.0),
        9: (15_900, 2.80, -1.0),
        100: (12_100, 1.10, 0.5),
        41: (10_200, 2.00, 3.5),
        169: (3_400, 0.80, 1.5),
        185: (3_000, 2.00, 5.0),
        33: (2_100, 3.00, 2.0),
        230: (1_500, 2.30, 0.0),
        106: (300, 3.50, 1.0),
        159: (1_000, 1.00, 2.0),
        101: (300, 1.50, -2.0),
        108: (100, 2.20, 2.0),
        183: (170, 2.40, 2.0),
        138: (200, 1.30, 0.5),
        238: (50, 2.00, 5.0),
        110: (150, 1.60, 0.5),
        214: (2, 2.00, 0.0),
    },
    BANANAS: {
        100: (960, 36.00, 1.0),
        41: (330, 35.00, -0.5),
        101: (170, 54.00, 1.0),
        21: (450, 15.30, -0.5),
        58: (160, 40.00, -0.5),
        171: (440, 13.50, 0.0),
        44: (100, 24.00, 1.5),
        138: (80, 30.00, 0.5),
        237: (160, 16.00, 2.0),
        216: (90, 16.00, 1.0),
        59: (60, 23.00, 1.0),
        203: (9, 44.00, 0.0),
        182: (1, 25.00, 0.0),
        214: (15, 22.00, 0.0),
        10: (12, 30.00, 0.0),
        16: (50, 17.00, 0.5),
    },
    COFFEE: {
        21: (1_840, 1.70, -0.5),
        237: (630, 2.90, 0.4),
        44: (840, 0.93, -0.8),
        101: (1_270, 0.60, 0.3),
        238: (550, 0.90, 0.5),
        226: (350, 0.80, 1.0),
        100: (470, 0.75, 0.5),
        138: (600, 0.30, -1.5),
        107: (200, 0.50, -3.0),
        171: (110, 0.55, -1.0),
        216: (40, 0.50, -3.0),
        58: (30, 0.40, -5.0),
        41: (80, 1.40, 2.0),
    },
}
# livestock -> {area code: (head in 2022, thousand; yearly change in %)}; cattle counted in head, chickens in thousands
HERDS = {
    CATTLE: {
        21: (234_000, 1.0),
        100: (193_000, 0.2),
        231: (92_000, -0.3),
        41: (60_000, 1.5),
        238: (70_000, 2.0),
        9: (53_000, 0.3),
        165: (53_000, 2.5),
        138: (36_000, 1.0),
        10: (24_000, -1.0),
        44: (29_000, 1.5),
        223: (17_000, 2.0),
        185: (18_000, -0.5),
        68: (17_000, -1.0),
        159: (20_000, 0.5),
        226: (14_000, 2.0),
        79: (11_000, -1.0),
        33: (11_000, -0.5),
        16: (24_000, 0.3),
        169: (14_000, 0.5),
        108: (8_600, 3.0),
        59: (4_500, -0.5),
        229: (9_500, -0.3),
        102: (5_000, -2.0),
        173: (6_400, 1.0),
        106: (5_600, -0.5),
        203: (6_500, 0.5),
        101: (18_000, 2.0),
        237: (6_300, 1.0),
        216: (5_000, 0.5),
        110: (3_900, 0.0),
        171: (2_600, 0.5),
        58: (4_200, 0.5),
        230: (2_500, -4.0),
        183: (1_800, -1.5),
        81: (2_000, 2.0),
        107: (1_800, 2.0),
        214: (150, 0.0),
        96: (1.2, 0.0),
        182: (25, -1.0),
    },
    CHICKENS: {
        41: (5_300_000, 1.0),
        231: (2_100_000, 1.0),
        101: (3_600_000, 4.0),
        21: (1_550_000, 1.0),
        165: (1_550_000, 6.0),
        100: (820_000, 2.0),
        102: (1_000_000, 2.0),
        138: (600_000, 2.0),
        185: (500_000, 1.5),
        237: (480_000, 5.0),
        216: (290_000, 2.0),
        110: (320_000, 0.5),
        223: (380_000, 3.0),
        59: (170_000, 1.0),
        159: (190_000, 1.5),
        16: (300_000, 2.0),
        171: (190_000, 2.0),
        9: (120_000, 1.0),
        44: (200_000, 3.0),
        173: (200_000, 2.5),
        229: (190_000, 1.0),
        68: (230_000, 0.5),
        79: (170_000, 0.5),
        203: (150_000, 1.0),
        106: (160_000, 0.5),
        33: (170_000, 1.0),
        230: (200_000, -1.0),
        10: (110_000, 1.5),
        238: (55_000, 3.0),
        81: (80_000, 5.0),
        226: (45_000, 2.0),
        108: (45_000, 4.0),
        183: (75_000, -1.0),
        58: (50_000, 2.0),
        169: (25_000, 2.0),
        107: (60_000, 3.0),
        214: (100_000, 0.0),
        96: (1_000, -3.0),
        182: (3_500, 0.0),
    },
}
FAO_OFFICIAL = {9, 10, 21, 33, 41, 68, 79, 100, 106, 110, 173, 183, 203, 214, 229, 231}
FAO_KEEP = {  # cells the questions read: never missing
    (68, WHEAT),
    (159, CASSAVA),
    (237, COFFEE),
    (231, MAIZE),
    (21, CHICKENS),
}


def _fao_flag(rng: random.Random, area: int) -> str:
    if area in FAO_OFFICIAL:
        return "A" if rng.random() < 0.95 else "E"
    return rng.choices(["A", "E", "I", "X"], [55, 25, 15, 5])[0]


def _build_fao(rng: random.Random) -> dict:
    cell: dict = {}
    small = sorted(
        (area, item)
        for item, prod in CROPS.items()
        for area, (kha, _, _) in prod.items()
        if kha < 120 and (area, item) not in FAO_KEEP
    )
    missing = {}
    for area, item in rng.sample(small, 7):
        start = rng.choice([2010, 2010, 2011, 2019])
        missing[(area, item)] = set(range(start, start + rng.randint(1, 3)))
    for item, _, _ in FAO_ITEMS:
        if item in CROPS:
            for area, (kha, yld, trend) in CROPS[item].items():
                for y in FAO_YEARS:
                    k = y - 2022
                    ha = max(1, round(kha * 1000 * (1 + trend / 100) ** k * (1 + rng.gauss(0, 0.02))))
                    t_ha = yld * 1.012**k * (1 + rng.gauss(0, 0.045))
                    prod_t = round(ha * t_ha)
                    if y in missing.get((area, item), ()):
                        for el in (AREA_H, YIELD, PRODUCTION):
                            cell[(area, item, el, y)] = (None, "M")
                        continue
                    fp = _fao_flag(rng, area)
                    fa = fp if rng.random() < 0.8 else _fao_flag(rng, area)
                    cell[(area, item, AREA_H, y)] = (ha, fa)
                    cell[(area, item, PRODUCTION, y)] = (prod_t, fp)
                    cell[(area, item, YIELD, y)] = (round(prod_t / ha * 10_000), "E")
        else:
            for area, (head, trend) in HERDS[item].items():
                for y in FAO_YEARS:
                    n = head * 1000 * (1 + trend / 100) ** (y - 2022) * (1 + rng.gauss(0, 0.025))
                    v = round(n) if item == CATTLE else round(n / 1000)  # chickens in thousands
                    cell[(area, item, STOCKS, y)] = (v, _fao_flag(rng, area))
    # China (351) and the regional aggregates: sums of their members' published values
    for agg in [351] + [a[0] for a in FAO_AGGS]:
        members = FAO_MEMBERS[agg]
        for item, _, _ in FAO_ITEMS:
            els = (AREA_H, PRODUCTION) if item in CROPS else (STOCKS,)
            if not any((m, item, els[0], FAO_YEARS[0]) in cell for m in members):
                continue
            for y in FAO_YEARS:
                for el in els:
                    vals = [cell[(m, item, el, y)][0] for m in members if (m, item, el, y) in cell]
                    cell[(agg, item, el, y)] = (sum(v for v in vals if v is not None), "A")
                if item in CROPS:
                    ha, prod_t = cell[(agg, item, AREA_H, y)][0], cell[(agg, item, PRODUCTION, y)][0]
                    cell[(agg, item, YIELD, y)] = (round(prod_t / ha * 10_000) if ha else None, "E")
    return {"cell": cell, "missing": missing}


def _write_fao(t: Truth, d: Path) -> None:
    cell = t.fao["cell"]
    items = {i[0]: i for i in FAO_ITEMS}
    head = (
        '"Area Code","Area Code (M49)","Area","Item Code","Item Code (CPC)","Item","Element Code","Element",'
        '"Year Code","Year","Unit","Value","Flag","Note"'
    )
    lines = [head]
    for area, item, el, y in sorted(cell):
        v, flag = cell[(area, item, el, y)]
        _, cpc, iname = items[item]
        if el == STOCKS:
            ename, unit = "Stocks", "1000 An" if item == CHICKENS else "An"
        else:
            ename, unit = FAO_ELEMENTS[el]
        m49 = "'" + FAO_M49[area] if FAO_M49[area] else ""
        value = "" if v is None else str(v)
        lines.append(
            f'{area},"{m49}","{FAO_NAME[area]}",{item},"{chr(39)}{cpc}","{iname}",{el},"{ename}",'
            f'{y},"{y}","{unit}",{value},"{flag}",""'
        )
    (d / FAO_FILE).write_bytes(("\r\n".join(lines) + "\r\n").encode("latin-1"))


# ==================================================================================================
# BTS TranStats: Reporting Carrier On-Time Performance (1987-present), January 2024
# ==================================================================================================

# code, airport id, city market id, city, state, state FIPS, state name, world area code, lat, lon, UTC offset in January
BTS_AIRPORTS = [
    ("ANC", 10299, 30299, "Anchorage, AK", "AK", "02", "Alaska", 1, 61.17, -150.00, -9),
    ("ATL", 10397, 30397, "Atlanta, GA", "GA", "13", "Georgia", 34, 33.64, -84.43, -5),
    ("AUS", 10423, 30423, "Austin, TX", "TX", "48", "Texas", 74, 30.19, -97.67, -6),
    ("BNA", 10693, 30693, "Nashville, TN", "TN", "47", "Tennessee", 54, 36.12, -86.68, -6),
    ("BOS", 10721, 30721, "Boston, MA", "MA", "25", "Massachusetts", 13, 42.36, -71.01, -5),
    ("BWI", 10821, 30852, "Baltimore, MD", "MD", "24", "Maryland", 35, 39.18, -76.67, -5),
    ("CLT", 11057, 31057, "Charlotte, NC", "NC", "37", "North Carolina", 36, 35.21, -80.94, -5),
    ("DCA", 11278, 30852, "Washington, DC", "VA", "51", "Virginia", 38, 38.85, -77.04, -5),
    ("DEN", 11292, 30325, "Denver, CO", "CO", "08", "Colorado", 82, 39.86, -104.67, -7),
    ("DFW", 11298, 30194, "Dallas/Fort Worth, TX", "TX", "48", "Texas", 74, 32.90, -97.04, -6),
    ("DTW", 11433, 31295, "Detroit, MI", "MI", "26", "Michigan", 43, 42.21, -83.35, -5),
    ("EWR", 11618, 31703, "Newark, NJ", "NJ", "34", "New Jersey", 21, 40.69, -74.17, -5),
    ("FLL", 11697, 32467, "Fort Lauderdale, FL", "FL", "12", "Florida", 33, 26.07, -80.15, -5),
    ("HNL", 12173, 32134, "Honolulu, HI", "HI", "15", "Hawaii", 2, 21.32, -157.92, -10),
    ("IAH", 12266, 31453, "Houston, TX", "TX", "48", "Texas", 74, 29.98, -95.34, -6),
    ("JFK", 12478, 31703, "New York, NY", "NY", "36", "New York", 22, 40.64, -73.78, -5),
    ("LAS", 12889, 32211, "Las Vegas, NV", "NV", "32", "Nevada", 85, 36.08, -115.15, -8),
    ("LAX", 12892, 32575, "Los Angeles, CA", "CA", "06", "California", 91, 33.94, -118.41, -8),
    ("LGA", 12953, 31703, "New York, NY", "NY", "36", "New York", 22, 40.78, -73.87, -5),
    ("MCO", 13204, 31454, "Orlando, FL", "FL", "12", "Florida", 33, 28.43, -81.31, -5),
    ("MDW", 13232, 30977, "Chicago, IL", "IL", "17", "Illinois", 41, 41.79, -87.75, -6),
    ("MIA", 13303, 32467, "Miami, FL", "FL", "12", "Florida", 33, 25.80, -80.29, -5),
    ("MSP", 13487, 31650, "Minneapolis, MN", "MN", "27", "Minnesota", 63, 44.88, -93.22, -6),
    ("ORD", 13930, 30977, "Chicago, IL", "IL", "17", "Illinois", 41, 41.98, -87.90, -6),
    ("PDX", 14057, 34057, "Portland, OR", "OR", "41", "Oregon", 92, 45.59, -122.60, -8),
    ("PHX", 14107, 30466, "Phoenix, AZ", "AZ", "04", "Arizona", 81, 33.43, -112.01, -7),
    ("SAN", 14679, 33570, "San Diego, CA", "CA", "06", "California", 91, 32.73, -117.19, -8),
    ("SEA", 14747, 30559, "Seattle, WA", "WA", "53", "Washington", 93, 47.45, -122.31, -8),
    ("SFO", 14771, 32457, "San Francisco, CA", "CA", "06", "California", 91, 37.62, -122.38, -8),
    ("SLC", 14869, 34614, "Salt Lake City, UT", "UT", "49", "Utah", 87, 40.79, -111.98, -7),
]
APT = {a[0]: a for a in BTS_AIRPORTS}
# code, DOT id, name, hubs, routes, flights a day each way (range), delay proneness, late-aircraft weight,
# cancellation multiplier, tail number pattern
BTS_CARRIERS = [
    ("9E", 20363, "Endeavor Air Inc.", ["MSP", "DTW", "ATL", "JFK"], 10, (1, 2), 0.8, 0.9, 1.1, "N###EV"),
    ("AA", 19805, "American Airlines Inc.", ["DFW", "CLT", "ORD", "MIA", "PHX"], 14, (1, 3), 1.1, 1.0, 1.0, "N###AN"),
    ("AS", 19930, "Alaska Airlines Inc.", ["SEA", "PDX", "ANC", "SFO", "LAX"], 8, (1, 2), 0.9, 0.8, 0.8, "N###AS"),
    ("B6", 20409, "JetBlue Airways", ["JFK", "BOS", "FLL", "MCO"], 8, (1, 2), 1.4, 1.1, 1.3, "N9##JB"),
    (
        "DL",
        19790,
        "Delta Air Lines Inc.",
        ["ATL", "MSP", "DTW", "SLC", "JFK", "SEA"],
        16,
        (1, 3),
        0.7,
        0.8,
        0.6,
        "N###DN",
    ),
    ("F9", 20436, "Frontier Airlines Inc.", ["DEN", "MCO", "LAS"], 8, (1, 1), 1.5, 1.2, 1.4, "N3##FR"),
    ("G4", 20368, "Allegiant Air", ["LAS", "AUS"], 4, (1, 1), 1.3, 1.0, 1.3, "N2##NV"),
    ("HA", 19690, "Hawaiian Airlines Inc.", ["HNL"], 5, (1, 2), 0.6, 0.7, 0.5, "N3##HA"),
    ("MQ", 20398, "Envoy Air", ["DFW", "ORD"], 10, (1, 2), 1.0, 1.0, 1.4, "N2##NN"),
    ("NK", 20416, "Spirit Air Lines", ["FLL", "LAS", "MCO", "DTW"], 8, (1, 1), 1.5, 1.2, 1.8, "N6##NK"),
    ("OH", 20397, "PSA Airlines Inc.", ["CLT", "DCA"], 8, (1, 2), 1.0, 1.0, 1.5, "N5##AE"),
    (
        "OO",
        20304,
        "SkyWest Airlines Inc.",
        ["DEN", "ORD", "SFO", "SLC", "LAX", "SEA"],
        14,
        (1, 2),
        0.9,
        1.0,
        1.2,
        "N###SY",
    ),
    ("UA", 19977, "United Air Lines Inc.", ["ORD", "DEN", "IAH", "EWR", "SFO"], 14, (1, 3), 1.0, 0.9, 0.8, "N#####"),
    (
        "WN",
        19393,
        "Southwest Airlines Co.",
        ["DEN", "LAS", "MDW", "BWI", "PHX", "AUS", "BNA"],
        16,
        (1, 2),
        1.2,
        1.9,
        1.2,
        "N8###Q",
    ),
    ("YX", 20452, "Republic Airline", ["EWR", "DCA", "ORD"], 8, (1, 2), 1.0, 1.0, 1.2, "N###YX"),
]
CARRIER_NAME = {c[0]: c[2] for c in BTS_CARRIERS}
REGIONALS = {"9E", "MQ", "OH", "OO", "YX"}
# other codes of the TranStats lookup table (present-day and historical carriers)
OTHER_CARRIERS = [
    ("02Q", "Titan Airways"),
    ("04Q", "Tradewind Aviation"),
    ("07Q", "Flair Airlines Ltd."),
    ("0WQ", "Avjet Corporation"),
    ("3M", "Silver Airways"),
    ("5X", "United Parcel Service"),
    ("CO", "Continental Air Lines Inc."),
    ("EV", "ExpressJet Airlines LLC d/b/a aha!"),
    ("FX", "Federal Express Corporation"),
    ("MX", "Mexicana de Aviacion"),
    ("NW", "Northwest Airlines Inc."),
    ("PA (1)", "Pan American World Airways (1)"),
    ("PA (2)", "Pan American World Airways (2)"),
    ("QX", "Horizon Air"),
    ("SY", "Sun Country Airlines d/b/a MN Airlines"),
    ("TW", "Trans World Airways LLC"),
    ("US", "US Airways Inc."),
    ("VX", "Virgin America"),
    ("XE", "ExpressJet Airlines Inc. (1)"),
    ("XP", "Avelo Airlines Inc."),
]
BTS_DAYS = [date(2024, 1, d) for d in range(1, 32)]
# storms of January 2024 (invented intensities): day -> {airport: disruption, 0 to 1}
STORMS = {
    9: {
        "ORD": 0.6,
        "MDW": 0.6,
        "DTW": 0.5,
        "BOS": 0.5,
        "JFK": 0.55,
        "LGA": 0.6,
        "EWR": 0.6,
        "DCA": 0.45,
        "BWI": 0.45,
        "CLT": 0.35,
        "ATL": 0.4,
    },
    10: {"BOS": 0.4, "JFK": 0.35, "LGA": 0.4, "EWR": 0.35},
    12: {"ORD": 0.8, "MDW": 0.8, "MSP": 0.5, "DTW": 0.6, "DEN": 0.4},
    13: {"ORD": 0.7, "MDW": 0.7, "MSP": 0.6, "DTW": 0.5, "PDX": 0.5},
    14: {"ORD": 0.5, "DEN": 0.5, "MSP": 0.5, "SLC": 0.4, "PDX": 0.6, "SEA": 0.5},
    15: {"DFW": 0.8, "AUS": 0.7, "IAH": 0.6, "DEN": 0.6, "ORD": 0.5, "BNA": 0.7, "PDX": 0.6},
    16: {
        "BNA": 0.8,
        "ATL": 0.5,
        "CLT": 0.4,
        "DFW": 0.6,
        "AUS": 0.6,
        "JFK": 0.5,
        "LGA": 0.5,
        "EWR": 0.5,
        "DCA": 0.6,
        "BWI": 0.6,
        "PDX": 0.7,
        "SEA": 0.5,
    },
    17: {"PDX": 0.6, "SEA": 0.4},
    19: {"BOS": 0.3, "DCA": 0.3},
    28: {"LAX": 0.3, "SFO": 0.35},
}
MAX9 = (date(2024, 1, 6), date(2024, 1, 26))  # the Boeing 737 MAX 9 grounding: extra cancellations for AS and UA
DEPARTED_DAY = date(2024, 1, 13)


def _miles(a: str, b: str) -> int:
    la1, lo1, la2, lo2 = (math.radians(x) for x in (APT[a][8], APT[a][9], APT[b][8], APT[b][9]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return round(2 * 3958.8 * math.asin(math.sqrt(h)))


def _tail(rng: random.Random, pattern: str) -> str:
    return "".join(
        str(rng.randint(1, 9) if i == 1 else rng.randint(0, 9)) if ch == "#" else ch for i, ch in enumerate(pattern)
    )


def _split(total: int, weights: list[float]) -> list[int]:
    """Whole minutes in proportion to the weights, summing to the total (largest remainder)."""
    s = sum(weights)
    raw = [total * w / s for w in weights]
    out = [math.floor(r) for r in raw]
    for i in sorted(range(len(raw)), key=lambda i: (out[i] - raw[i], i))[: total - sum(out)]:
        out[i] += 1
    return out


def _build_bts(rng: random.Random) -> list[dict]:
    codes = [a[0] for a in BTS_AIRPORTS]
    dis = {}
    for day in BTS_DAYS:
        for c in codes:
            dis[(c, day)] = min(
                1.0, rng.random() * 0.12 + STORMS.get(day.day, {}).get(c, 0) * (0.9 + 0.2 * rng.random())
            )
    schedules = []
    for code, _, _, hubs, n_routes, (lo, hi), prone, la_w, cx, pattern in BTS_CARRIERS:
        pairs: list[tuple[str, str]] = []
        tries = 0
        while len(pairs) < n_routes and tries < 5000:
            tries += 1
            hub = rng.choice(hubs)
            spoke = rng.choice(codes)
            if spoke == hub or (hub, spoke) in pairs or (spoke, hub) in pairs:
                continue
            if code == "HA" and spoke not in ("LAX", "SFO", "SEA", "SAN", "PDX", "LAS"):
                continue
            if code not in ("HA", "AS") and "HNL" in (hub, spoke):
                continue
            if code != "AS" and "ANC" in (hub, spoke):
                continue
            if code in REGIONALS and _miles(hub, spoke) > 1300:
                continue
            pairs.append((hub, spoke))
        tails = [_tail(rng, pattern) for _ in range(n_routes * 3)]
        number = rng.randint(100, 3000)
        for hub, spoke in pairs:
            for o, dst in ((hub, spoke), (spoke, hub)):
                dist = _miles(o, dst)
                east = APT[dst][9] > APT[o][9]
                air_std = 18 + dist / 7.9 * (0.94 if east else 1.06)
                pad = rng.randint(3, 15)
                crs_elapsed = round(air_std + 15 + 7 + pad)
                times = sorted({rng.randrange(330, 1355, 5) for _ in range(rng.randint(lo, hi))})
                if dist > 1500 and APT[o][10] <= -7 and APT[dst][10] >= -6 and rng.random() < 0.7:
                    times.append(rng.choice([1320, 1350, 1380, 1405, 1420, 1435, 1439, 1445, 1455, 1470, 1490]) % 1440)
                for crs in times:
                    number += rng.randint(1, 40)
                    schedules.append(
                        {
                            "carrier": code,
                            "number": number,
                            "origin": o,
                            "dest": dst,
                            "crs_dep": crs,
                            "crs_elapsed": crs_elapsed,
                            "distance": dist,
                            "air_std": air_std,
                            "prone": prone,
                            "la_w": la_w,
                            "cx": cx,
                            "no_sat": rng.random() < 0.15,
                            "tails": tails,
                        }
                    )
    flights = []
    for day in BTS_DAYS:
        for s in schedules:
            if s["no_sat"] and day.weekday() == 5:
                continue
            o, dst, crs = s["origin"], s["dest"], s["crs_dep"]
            d_o, d_d = dis[(o, day)], dis[(dst, day)]
            h = crs / 60
            evening = 1.0 if crs >= 17 * 60 else 0.0
            special = 0.0
            if MAX9[0] <= day <= MAX9[1]:
                special = {"AS": 0.09, "UA": 0.015}.get(s["carrier"], 0.0)
            w_a = 0.003 * s["cx"] + special
            w_b = 0.22 * d_o**2 * (1 + 0.5 * evening) + 0.08 * d_d**2
            w_c = 0.002
            f = {
                "date": day,
                "carrier": s["carrier"],
                "number": s["number"],
                "tail": rng.choice(s["tails"]),
                "origin": o,
                "dest": dst,
                "crs_dep": crs,
                "crs_elapsed": s["crs_elapsed"],
                "distance": s["distance"],
                "cancelled": False,
                "code": None,
                "diverted": False,
            }
            tz_shift = (APT[dst][10] - APT[o][10]) * 60
            crs_arr = (crs + s["crs_elapsed"] + tz_shift) % 1440
            if crs_arr == 0:
                crs_arr = 1
            f["crs_arr"] = crs_arr
            if rng.random() < 0.0002:
                f["cancelled"], f["code"] = True, "D"
            elif rng.random() < w_a + w_b + w_c:
                f["cancelled"] = True
                f["code"] = rng.choices(["A", "B", "C"], [w_a, w_b, w_c])[0]
            if f["cancelled"]:
                flights.append(f)
                continue
            p_late = min(0.9, 0.12 + 0.06 * s["prone"] + 0.55 * max(d_o, 0.6 * d_d) + 0.1 * h / 24)
            if rng.random() < p_late:
                mean = 15 + 12 * s["prone"] + 110 * d_o * (1 + 1.2 * evening) + 20 * h / 24
                dep_delay = 1 + int(rng.expovariate(1 / mean))
            else:
                dep_delay = rng.randint(-12, 4)
            taxi_out = max(4, round(rng.gauss(15 + 12 * d_o, 4)))
            air = max(15, round(s["air_std"] * (1 + rng.gauss(0, 0.04))))
            taxi_in = max(2, round(rng.gauss(7 + 4 * d_d, 2.5)))
            dep_abs = crs + dep_delay  # minutes from the scheduled day's midnight, origin's local time
            f.update(
                dep_delay=dep_delay,
                dep_abs=dep_abs,
                dep_date=day + timedelta(days=dep_abs // 1440),
                taxi_out=taxi_out,
                air=air,
                taxi_in=taxi_in,
                tz_shift=tz_shift,
            )
            if rng.random() < 0.0015 + 0.015 * d_d:
                alt = rng.choice([c for c in codes if c not in (o, dst) and c not in ("HNL", "ANC")])
                reached = rng.random() < 0.7
                f.update(
                    diverted=True,
                    div_airport=alt,
                    div_reached=reached,
                    div_extra=rng.randint(70, 220),
                    div_ground=rng.randint(30, 140),
                    div_distance=_miles(dst, alt),
                )
                flights.append(f)
                continue
            arr_delay = dep_delay + taxi_out + air + taxi_in - s["crs_elapsed"]
            f["arr_delay"] = arr_delay
            if arr_delay >= 15:
                weights = [
                    0.25 + 0.15 * s["prone"],
                    0.02 + 0.7 * d_o + 0.3 * d_d,
                    0.18 + 0.3 * d_d,
                    0.05 if rng.random() < 0.01 else 0.0,
                    s["la_w"] * (0.3 + 1.4 * h / 24),
                ]
                f["causes"] = _split(arr_delay, weights)
            flights.append(f)
    return flights


BTS_COLUMNS = (
    "Year,Quarter,Month,DayofMonth,DayOfWeek,FlightDate,Reporting_Airline,DOT_ID_Reporting_Airline,"
    "IATA_CODE_Reporting_Airline,Tail_Number,Flight_Number_Reporting_Airline,OriginAirportID,OriginAirportSeqID,"
    "OriginCityMarketID,Origin,OriginCityName,OriginState,OriginStateFips,OriginStateName,OriginWac,DestAirportID,"
    "DestAirportSeqID,DestCityMarketID,Dest,DestCityName,DestState,DestStateFips,DestStateName,DestWac,CRSDepTime,"
    "DepTime,DepDelay,DepDelayMinutes,DepDel15,DepartureDelayGroups,DepTimeBlk,TaxiOut,WheelsOff,WheelsOn,TaxiIn,"
    "CRSArrTime,ArrTime,ArrDelay,ArrDelayMinutes,ArrDel15,ArrivalDelayGroups,ArrTimeBlk,Cancelled,CancellationCode,"
    "Diverted,CRSElapsedTime,ActualElapsedTime,AirTime,Flights,Distance,DistanceGroup,CarrierDelay,WeatherDelay,"
    "NASDelay,SecurityDelay,LateAircraftDelay,FirstDepTime,TotalAddGTime,LongestAddGTime,DivAirportLandings,"
    "DivReachedDest,DivActualElapsedTime,DivArrDelay,DivDistance"
).split(",") + [
    f"Div{i}{f}"
    for i in range(1, 6)
    for f in ("Airport", "AirportID", "AirportSeqID", "WheelsOn", "TotalGTime", "LongestGTime", "WheelsOff", "TailNum")
]
assert len(BTS_COLUMNS) == 109


def _hhmm(minutes: int, actual: bool = True) -> str:
    m = minutes % 1440
    if m == 0 and actual:
        return '"2400"'
    return f'"{m // 60:02d}{m % 60:02d}"'


def _blk(minutes: int) -> str:
    h = minutes // 60
    return '"0001-0559"' if h < 6 else f'"{h:02d}00-{h:02d}59"'


def _f2(x) -> str:
    return "" if x is None else f"{x:.2f}"


def _group(delay: int) -> str:
    return str(max(-2, min(12, math.floor(delay / 15))))


def _bts_line(f: dict, seq: dict) -> str:
    day = f["date"]
    o, dst = APT[f["origin"]], APT[f["dest"]]
    carrier = next(c for c in BTS_CARRIERS if c[0] == f["carrier"])
    v: dict = {
        "Year": "2024",
        "Quarter": "1",
        "Month": "1",
        "DayofMonth": str(day.day),
        "DayOfWeek": str(day.isoweekday()),
        "FlightDate": day.isoformat(),
        "Reporting_Airline": f'"{f["carrier"]}"',
        "DOT_ID_Reporting_Airline": str(carrier[1]),
        "IATA_CODE_Reporting_Airline": f'"{f["carrier"]}"',
        "Tail_Number": f'"{f["tail"]}"',
        "Flight_Number_Reporting_Airline": str(f["number"]),
    }
    for side, a in (("Origin", o), ("Dest", dst)):
        v[f"{side}AirportID"] = str(a[1])
        v[f"{side}AirportSeqID"] = f"{a[1]}{seq[a[0]]:02d}"
        v[f"{side}CityMarketID"] = str(a[2])
        v[side] = f'"{a[0]}"'
        v[f"{side}CityName"] = f'"{a[3]}"'
        v[f"{side}State"] = f'"{a[4]}"'
        v[f"{side}StateFips"] = f'"{a[5]}"'
        v[f"{side}StateName"] = f'"{a[6]}"'
        v[f"{side}Wac"] = str(a[7])
    v["CRSDepTime"] = _hhmm(f["crs_dep"], actual=False)
    v["DepTimeBlk"] = _blk(f["crs_dep"])
    v["CRSArrTime"] = _hhmm(f["crs_arr"], actual=False)
    v["ArrTimeBlk"] = _blk(f["crs_arr"])
    v["Cancelled"] = _f2(1.0 if f["cancelled"] else 0.0)
    v["CancellationCode"] = f'"{f["code"]}"' if f["code"] else ""
    v["Diverted"] = _f2(1.0 if f["diverted"] else 0.0)
    v["CRSElapsedTime"] = _f2(f["crs_elapsed"])
    v["Flights"] = _f2(1.0)
    v["Distance"] = _f2(f["distance"])
    v["DistanceGroup"] = str(min(11, f["distance"] // 250 + 1))
    v["DivAirportLandings"] = "1" if f["diverted"] else "0"
    if not f["cancelled"]:
        dd = f["dep_delay"]
        v["DepTime"] = _hhmm(f["dep_abs"])
        v["DepDelay"] = _f2(dd)
        v["DepDelayMinutes"] = _f2(max(0, dd))
        v["DepDel15"] = _f2(1.0 if dd >= 15 else 0.0)
        v["DepartureDelayGroups"] = _group(dd)
        v["TaxiOut"] = _f2(f["taxi_out"])
        v["WheelsOff"] = _hhmm(f["dep_abs"] + f["taxi_out"])
        if f["diverted"]:
            alt = APT[f["div_airport"]]
            on = f["dep_abs"] + f["taxi_out"] + f["air"] // 2 + 40
            v["DivReachedDest"] = _f2(1.0 if f["div_reached"] else 0.0)
            if f["div_reached"]:
                elapsed = f["taxi_out"] + f["air"] + f["taxi_in"] + f["div_extra"]
                v["DivActualElapsedTime"] = _f2(elapsed)
                v["DivArrDelay"] = _f2(f["dep_delay"] + elapsed - f["crs_elapsed"])
            v["DivDistance"] = _f2(f["div_distance"])
            v["Div1Airport"] = f'"{alt[0]}"'
            v["Div1AirportID"] = str(alt[1])
            v["Div1AirportSeqID"] = f"{alt[1]}{seq[alt[0]]:02d}"
            v["Div1WheelsOn"] = _hhmm(on)
            v["Div1TotalGTime"] = _f2(f["div_ground"])
            v["Div1LongestGTime"] = _f2(f["div_ground"])
            if f["div_reached"]:
                v["Div1WheelsOff"] = _hhmm(on + f["div_ground"])
            v["Div1TailNum"] = f'"{f["tail"]}"'
        else:
            ad = f["arr_delay"]
            v["WheelsOn"] = _hhmm(f["dep_abs"] + f["taxi_out"] + f["air"] + f["tz_shift"])
            v["TaxiIn"] = _f2(f["taxi_in"])
            v["ArrTime"] = _hhmm(f["dep_abs"] + f["taxi_out"] + f["air"] + f["tz_shift"] + f["taxi_in"])
            v["ArrDelay"] = _f2(ad)
            v["ArrDelayMinutes"] = _f2(max(0, ad))
            v["ArrDel15"] = _f2(1.0 if ad >= 15 else 0.0)
            v["ArrivalDelayGroups"] = _group(ad)
            v["ActualElapsedTime"] = _f2(f["taxi_out"] + f["air"] + f["taxi_in"])
            v["AirTime"] = _f2(f["air"])
            if "causes" in f:
                for col, m in zip(
                    ("CarrierDelay", "WeatherDelay", "NASDelay", "SecurityDelay", "LateAircraftDelay"), f["causes"]
                ):
                    v[col] = _f2(m)
    return ",".join(v.get(c, "") for c in BTS_COLUMNS) + ","


BTS_README = """<HTML>
<HEAD>
<TITLE>readme</TITLE>
</HEAD>
<BODY>
<H3>BACKGROUND</H3>
<P>The data contained in the compressed file has been extracted from the Reporting Carrier On-Time Performance (1987-present) data table of the "On-Time" database from the TranStats data library. The time period is indicated in the name of the compressed file; for example, XXX_XXXXX_2001_1 contains data of the first month of the year 2001. </P>
<H3>RECORD LAYOUT</H3>
<P>Below are fields in the order that they appear on the records:</P>
<TABLE>
<TR><TD>FlightDate</TD><TD>Flight Date (yyyymmdd)</TD></TR>
<TR><TD>Reporting_Airline</TD><TD>Unique Carrier Code. When the same code has been used by multiple carriers, a numeric suffix is used for earlier users, for example, PA, PA(1), PA(2). Use this field for analysis across a range of years.</TD></TR>
<TR><TD>CRSDepTime</TD><TD>CRS Departure Time (local time: hhmm)</TD></TR>
<TR><TD>DepTime</TD><TD>Actual Departure Time (local time: hhmm)</TD></TR>
<TR><TD>DepDelay</TD><TD>Difference in minutes between scheduled and actual departure time. Early departures show negative numbers.</TD></TR>
<TR><TD>DepDelayMinutes</TD><TD>Difference in minutes between scheduled and actual departure time. Early departures set to 0.</TD></TR>
<TR><TD>DepDel15</TD><TD>Departure Delay Indicator, 15 Minutes or More (1=Yes)</TD></TR>
<TR><TD>ArrDelay</TD><TD>Difference in minutes between scheduled and actual arrival time. Early arrivals show negative numbers.</TD></TR>
<TR><TD>ArrDel15</TD><TD>Arrival Delay Indicator, 15 Minutes or More (1=Yes)</TD></TR>
<TR><TD>Cancelled</TD><TD>Cancelled Flight Indicator (1=Yes)</TD></TR>
<TR><TD>CancellationCode</TD><TD>Specifies The Reason For Cancellation</TD></TR>
<TR><TD>Diverted</TD><TD>Diverted Flight Indicator (1=Yes)</TD></TR>
<TR><TD>CarrierDelay</TD><TD>Carrier Delay, in Minutes</TD></TR>
<TR><TD>WeatherDelay</TD><TD>Weather Delay, in Minutes</TD></TR>
<TR><TD>NASDelay</TD><TD>National Air System Delay, in Minutes</TD></TR>
<TR><TD>SecurityDelay</TD><TD>Security Delay, in Minutes</TD></TR>
<TR><TD>LateAircraftDelay</TD><TD>Late Aircraft Delay, in Minutes</TD></TR>
</TABLE>
</BODY>
</HTML>
"""


def _zip_bytes(entries: list[tuple[str, bytes]]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return buf.getvalue()


def _write_bts(t: Truth, d: Path) -> None:
    rng = _rng("bts-render")
    seq = {a[0]: rng.randint(2, 9) for a in BTS_AIRPORTS}
    lines = [",".join(f'"{c}"' for c in BTS_COLUMNS) + ","]
    lines += [_bts_line(f, seq) for f in t.bts]
    csv = ("\r\n".join(lines) + "\r\n").encode("utf-8")
    readme = BTS_README.replace("\n", "\r\n").encode("utf-8")
    (d / BTS_FILE).write_bytes(_zip_bytes([(BTS_CSV, csv), ("readme.html", readme)]))
    rows = sorted([(c[0], c[2]) for c in BTS_CARRIERS] + OTHER_CARRIERS)
    text = '"Code","Description"\r\n' + "".join(f'"{c}","{n}"\r\n' for c, n in rows)
    (d / BTS_CARRIERS_FILE).write_bytes(text.encode("utf-8"))


# ==================================================================================================
# ONS ASHE table 14.7a: annual gross pay by occupation (four-digit SOC 2020), 2024 provisional
# ==================================================================================================

SOC_GROUPS = {
    "1": "Managers, directors and senior officials",
    "11": "Corporate managers and directors",
    "111": "Chief executives and senior officials",
    "113": "Functional managers and directors",
    "12": "Other managers and proprietors",
    "122": "Managers and proprietors in hospitality and leisure services",
    "2": "Professional occupations",
    "21": "Science, research, engineering and technology professionals",
    "212": "Engineering professionals",
    "213": "Information technology professionals",
    "22": "Health professionals",
    "221": "Medical practitioners",
    "223": "Nursing and midwifery professionals",
    "23": "Teaching and other educational professionals",
    "231": "Teaching professionals",
    "24": "Business, media and public service professionals",
    "241": "Legal professionals",
    "242": "Finance professionals",
    "3": "Associate professional occupations",
    "31": "Science, engineering and technology associate professionals",
    "313": "Information technology technicians",
    "32": "Health and social care associate professionals",
    "321": "Health associate professionals",
    "33": "Protective service occupations",
    "331": "Protective service occupations",
    "35": "Business and public service associate professionals",
    "354": "Sales, marketing and related associate professionals",
    "4": "Administrative and secretarial occupations",
    "41": "Administrative occupations",
    "412": "Administrative occupations: finance",
    "415": "Other administrative occupations",
    "42": "Secretarial and related occupations",
    "421": "Secretarial and related occupations",
    "5": "Skilled trades occupations",
    "52": "Skilled metal, electrical and electronic trades",
    "523": "Vehicle trades",
    "524": "Electrical and electronic trades",
    "53": "Skilled construction and building trades",
    "531": "Construction and building trades",
    "54": "Textiles, printing and other skilled trades",
    "543": "Food preparation and hospitality trades",
    "6": "Caring, leisure and other service occupations",
    "61": "Caring personal service occupations",
    "611": "Childcare and related personal services",
    "613": "Caring personal services",
    "62": "Leisure, travel and related personal service occupations",
    "622": "Hairdressers and related services",
    "7": "Sales and customer service occupations",
    "71": "Sales occupations",
    "711": "Sales assistants and retail cashiers",
    "72": "Customer service occupations",
    "721": "Customer service occupations",
    "8": "Process, plant and machine operatives",
    "82": "Transport and mobile machine drivers and operatives",
    "821": "Road transport drivers",
    "9": "Elementary occupations",
    "91": "Elementary trades and related occupations",
    "912": "Elementary construction occupations",
    "92": "Elementary administration and service occupations",
    "925": "Elementary sales occupations",
    "926": "Elementary storage occupations",
    "927": "Other elementary services occupations",
}
# unit group: code, name, employee jobs (thousand), women's share, men's full-time median (GBP thousand)
SOC_UNITS = [
    ("1111", "Chief executives and senior officials", 95, 0.28, 105),
    ("1112", "Elected officers and representatives", 6, 0.40, 42),
    ("1131", "Financial managers and directors", 260, 0.40, 68),
    ("1132", "Marketing, sales and advertising directors", 120, 0.38, 72),
    ("1137", "Information technology directors", 75, 0.20, 88),
    ("1221", "Hotel and accommodation managers and proprietors", 30, 0.50, 36),
    ("1222", "Restaurant and catering establishment managers and proprietors", 95, 0.45, 31),
    ("1224", "Leisure and sports managers and proprietors", 55, 0.45, 34),
    ("2121", "Civil engineers", 85, 0.15, 48),
    ("2122", "Mechanical engineers", 70, 0.10, 50),
    ("2123", "Electrical engineers", 60, 0.10, 52),
    ("2132", "IT managers", 140, 0.25, 58),
    ("2133", "IT business analysts, architects and systems designers", 200, 0.25, 56),
    ("2134", "Programmers and software development professionals", 420, 0.18, 52),
    ("2135", "Cyber security professionals", 50, 0.18, 60),
    ("2136", "IT quality and testing professionals", 40, 0.30, 45),
    ("2211", "Generalist medical practitioners", 60, 0.55, 95),
    ("2212", "Specialist medical practitioners", 150, 0.45, 98),
    ("2231", "Midwifery professionals", 35, 0.985, 42),
    ("2237", "Other registered nursing professionals", 480, 0.88, 38),
    ("2311", "Higher education teaching professionals", 190, 0.47, 52),
    ("2313", "Secondary education teaching professionals", 330, 0.62, 43),
    ("2314", "Primary education teaching professionals", 360, 0.86, 38),
    ("2412", "Solicitors and lawyers", 150, 0.58, 62),
    ("2421", "Chartered and certified accountants", 140, 0.45, 52),
    ("2422", "Finance and investment analysts and advisers", 190, 0.35, 55),
    ("3131", "IT operations technicians", 110, 0.25, 34),
    ("3132", "IT user support technicians", 100, 0.22, 31),
    ("3213", "Paramedics", 35, 0.45, 40),
    ("3312", "Police officers (sergeant and below)", 150, 0.35, 44),
    ("3313", "Fire service officers (watch manager and below)", 35, 0.10, 38),
    ("3544", "Estate agents and auctioneers", 60, 0.45, 32),
    ("4121", "Book-keepers, payroll managers and wages clerks", 380, 0.80, 30),
    ("4159", "Other administrative occupations n.e.c.", 550, 0.72, 27),
    ("4211", "Medical secretaries", 70, 0.95, 24),
    ("4216", "Receptionists", 240, 0.88, 22),
    ("5231", "Vehicle technicians, mechanics and electricians", 170, 0.02, 33),
    ("5241", "Electricians and electrical fitters", 210, 0.02, 38),
    ("5312", "Bricklayers", 20, 0.01, 34),
    ("5316", "Carpenters and joiners", 60, 0.02, 33),
    ("5434", "Chefs", 180, 0.25, 25),
    ("5435", "Cooks", 90, 0.55, 21),
    ("6112", "Teaching assistants", 450, 0.92, 20),
    ("6114", "Childminders", 8, 0.96, 18),
    ("6131", "Nursing auxiliaries and assistants", 330, 0.85, 24),
    ("6135", "Care workers and home carers", 780, 0.82, 22),
    ("6136", "Senior care workers", 160, 0.85, 24),
    ("6221", "Hairdressers and barbers", 70, 0.80, 19),
    ("7111", "Sales and retail assistants", 1050, 0.63, 22),
    ("7112", "Retail cashiers and check-out operators", 190, 0.70, 21),
    ("7211", "Call and contact centre occupations", 180, 0.60, 23),
    ("7219", "Customer service occupations n.e.c.", 300, 0.62, 24),
    ("8211", "Large goods vehicle drivers", 260, 0.02, 35),
    ("8212", "Van drivers", 210, 0.05, 27),
    ("8213", "Bus and coach drivers", 110, 0.10, 31),
    ("9120", "Elementary construction occupations", 110, 0.03, 26),
    ("9251", "Shelf fillers", 120, 0.45, 21),
    ("9260", "Elementary storage occupations", 380, 0.25, 24),
    ("9272", "Kitchen and catering assistants", 420, 0.65, 19),
    ("9273", "Waiters and waitresses", 210, 0.62, 18),
    ("9274", "Bar staff", 140, 0.55, 18),
]
# major group: part-time share of women's jobs, of men's jobs
SOC_PART_TIME = {
    "1": (0.18, 0.05),
    "2": (0.28, 0.10),
    "3": (0.25, 0.08),
    "4": (0.42, 0.18),
    "5": (0.35, 0.06),
    "6": (0.58, 0.30),
    "7": (0.62, 0.45),
    "8": (0.25, 0.08),
    "9": (0.70, 0.48),
}
ASHE_CELLS = ["MFT", "MPT", "FFT", "FPT"]
ASHE_SHEETS = {  # sheet: the cells it covers
    "All": ASHE_CELLS,
    "Male": ["MFT", "MPT"],
    "Female": ["FFT", "FPT"],
    "Full-Time": ["MFT", "FFT"],
    "Part-Time": ["MPT", "FPT"],
    "Male Full-Time": ["MFT"],
    "Male Part-Time": ["MPT"],
    "Female Full-Time": ["FFT"],
    "Female Part-Time": ["FPT"],
}
ASHE_TITLE = {
    "All": "all employee jobs",
    "Male": "male employee jobs",
    "Female": "female employee jobs",
    "Full-Time": "full-time employee jobs",
    "Part-Time": "part-time employee jobs",
    "Male Full-Time": "male full-time employee jobs",
    "Male Part-Time": "male part-time employee jobs",
    "Female Full-Time": "female full-time employee jobs",
    "Female Part-Time": "female part-time employee jobs",
}
PERCENTILES = [10, 20, 25, 30, 40, 60, 70, 75, 80, 90]
PROGRAMMERS = "2134"


def _phi(z: float) -> float:
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def _quantile(comps: list[tuple[float, float, float]], q: float) -> float:
    """The q-quantile of a mixture of log-normals, comps = [(weight, mu, sigma)]."""
    total = sum(w for w, _, _ in comps)
    lo = min(mu - 5 * s for _, mu, s in comps)
    hi = max(mu + 5 * s for _, mu, s in comps)
    for _ in range(26):
        mid = (lo + hi) / 2
        if sum(w * _phi((mid - mu) / s) for w, mu, s in comps) / total < q:
            lo = mid
        else:
            hi = mid
    return math.exp((lo + hi) / 2)


def _build_ashe(rng: random.Random) -> dict:
    units = []
    for code, name, jobs_k, women, med_k in SOC_UNITS:
        pt_f, pt_m = SOC_PART_TIME[code[0]]
        pt_f = min(0.9, pt_f * (0.8 + 0.4 * rng.random()))
        pt_m = min(0.9, pt_m * (0.8 + 0.4 * rng.random()))
        total = jobs_k * 1000 * (0.95 + 0.1 * rng.random())
        gap = 0.88 + rng.gauss(0, 0.05)
        sigma = 0.36 + 0.12 * rng.random() + (0.08 if code[0] == "1" else 0)
        pt_ratio = 0.42 + rng.gauss(0, 0.05)
        growth = 0.065 + rng.gauss(0, 0.02)
        med_m = med_k * 1000 * (0.97 + 0.06 * rng.random())
        med = {"MFT": med_m, "FFT": med_m * gap, "MPT": med_m * pt_ratio, "FPT": med_m * gap * pt_ratio * 1.05}
        jobs = {
            "MFT": total * (1 - women) * (1 - pt_m),
            "MPT": total * (1 - women) * pt_m,
            "FFT": total * women * (1 - pt_f),
            "FPT": total * women * pt_f,
        }
        cells = {}
        for c in ASHE_CELLS:
            s = sigma + (0.15 if c.endswith("PT") else 0)
            cells[c] = (round(jobs[c]), math.log(med[c]), s)
        units.append({"code": code, "name": name, "cells": cells, "growth": growth})

    def row(desc: str, code: str | None, members: list[dict], sheet: str) -> dict:
        comps = [(u["cells"][c][0], u["cells"][c][1], u["cells"][c][2]) for u in members for c in ASHE_SHEETS[sheet]]
        comps = [x for x in comps if x[0] > 0]
        jobs = sum(w for w, _, _ in comps)
        out = {
            "desc": desc,
            "code": code,
            "jobs": jobs,
            "median": None,
            "median_change": None,
            "mean": None,
            "mean_change": None,
            "p": {p: None for p in PERCENTILES},
        }
        if jobs < 1000:
            out["jobs"] = None
        if jobs < 5000:
            return out
        prev = [
            (u["cells"][c][0], u["cells"][c][1] - math.log(1 + u["growth"]), u["cells"][c][2])
            for u in members
            for c in ASHE_SHEETS[sheet]
            if u["cells"][c][0] > 0
        ]
        med = _quantile(comps, 0.5)
        med_prev = _quantile(prev, 0.5)
        mean = sum(w * math.exp(mu + s * s / 2) for w, mu, s in comps) / jobs
        mean_prev = sum(w * math.exp(mu + s * s / 2) for w, mu, s in prev) / jobs
        out["median"] = round(med)
        out["mean"] = round(mean)
        out["median_change"] = round(100 * (round(med) / round(med_prev) - 1), 1)
        out["mean_change"] = round(100 * (round(mean) / round(mean_prev) - 1), 1)
        for p in PERCENTILES:
            need = 20_000 if p in (10, 90) else 10_000 if p in (20, 25, 75, 80) else 7_000
            if jobs >= need:
                out["p"][p] = round(_quantile(comps, p / 100))
        return out

    order: list[tuple[str, str]] = []
    for u in units:
        for k in (1, 2, 3):
            g = u["code"][:k]
            if (g, SOC_GROUPS[g]) not in order:
                order.append((g, SOC_GROUPS[g]))
        order.append((u["code"], u["name"]))
    sheets = {}
    for sheet in ASHE_SHEETS:
        rows = [row("All employees", None, units, sheet)]
        for code, desc in order:
            rows.append(row(desc, code, [u for u in units if u["code"].startswith(code)], sheet))
        for r in rows:
            if r["jobs"] is not None:
                r["jobs"] = round(r["jobs"] / 1000, 3)  # thousands, as the table gives them
        sheets[sheet] = rows
    return {"sheets": sheets, "units": units}


def _x(v):
    return "x" if v is None else v


def _write_ashe(t: Truth, d: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    wb.remove(wb.active)
    for sheet, rows in t.ashe["sheets"].items():
        ws = wb.create_sheet(sheet)
        ws.append([f"Table 14.7a   Annual pay - Gross (£) - For {ASHE_TITLE[sheet]}a: United Kingdom, 2024"])
        ws["A1"].font = Font(bold=True)
        ws.append(["Provisional results"])
        ws.append([])
        ws.append(["", "", "Number of jobsb", "", "Annual", "", "Annual", "Percentiles"])
        ws.append(
            ["Description", "Code", "(thousand)", "Median", "percentage change", "Mean", "percentage change"]
            + PERCENTILES
        )
        for r in rows:
            ws.append(
                [
                    r["desc"],
                    int(r["code"]) if r["code"] else None,
                    _x(r["jobs"]),
                    _x(r["median"]),
                    _x(r["median_change"]),
                    _x(r["mean"]),
                    _x(r["mean_change"]),
                ]
                + [_x(r["p"][p]) for p in PERCENTILES]
            )
        ws.append([])
        ws.append(["a  Employees on adult rates whose pay for the survey pay-period was not affected by absence."])
        ws.append(["b  Employee jobs in thousands."])
        ws.append(["x  Estimates are considered unreliable for practical purposes or are unavailable."])
        ws.append(["Source: Annual Survey of Hours and Earnings, Office for National Statistics."])
        ws.column_dimensions["A"].width = 60
    fixed = datetime(2024, 10, 23, 9, 30, 0)
    wb.properties.creator = "Office for National Statistics"
    wb.properties.created = fixed
    buf = io.BytesIO()
    wb.save(buf)
    # openpyxl stamps the save time and the zip entries' times: fix both so the bytes are reproducible
    entries = []
    with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as z:
        for name in z.namelist():
            data = z.read(name)
            if name == "docProps/core.xml":
                data = re.sub(
                    rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)", rb"\g<1>2024-10-23T09:30:00Z\g<2>", data
                )
            entries.append((name, data))
    (d / ASHE_FILE).write_bytes(_zip_bytes(entries))


# ==================================================================================================
# PubMed: a search saved as PubMed XML (E-utilities efetch)
# ==================================================================================================

# ISO abbreviation, title, electronic ISSN, country, NLM id, weight, issue dates ("ymd", "ym", "range")
PM_JOURNALS = [
    ("Sci Total Environ", "The Science of the total environment", "1879-1026", "Netherlands", "0330500", 20, "ymd"),
    ("Environ Pollut", "Environmental pollution (Barking, Essex : 1987)", "1873-6424", "England", "8804476", 14, "ymd"),
    ("Mar Pollut Bull", "Marine pollution bulletin", "1879-3363", "England", "0260231", 15, "ym"),
    ("J Hazard Mater", "Journal of hazardous materials", "1873-3336", "Netherlands", "9422688", 12, "ymd"),
    ("Chemosphere", "Chemosphere", "1879-1298", "England", "0320657", 12, "ym"),
    ("Water Res", "Water research", "1879-2448", "England", "0105072", 7, "ymd"),
    ("Environ Sci Technol", "Environmental science & technology", "1520-5851", "United States", "0213155", 8, "ymd"),
    (
        "Ecotoxicol Environ Saf",
        "Ecotoxicology and environmental safety",
        "1090-2414",
        "Netherlands",
        "7805381",
        7,
        "ym",
    ),
    ("Aquat Toxicol", "Aquatic toxicology (Amsterdam, Netherlands)", "1879-1514", "Netherlands", "8500246", 4, "ym"),
    ("Environ Int", "Environment international", "1873-6750", "Netherlands", "7807270", 4, "ym"),
    (
        "Int J Environ Res Public Health",
        "International journal of environmental research and public health",
        "1660-4601",
        "Switzerland",
        "101238455",
        4,
        "ymd",
    ),
    (
        "Integr Environ Assess Manag",
        "Integrated environmental assessment and management",
        "1551-3793",
        "United States",
        "101234521",
        5,
        "range",
    ),
    ("J Environ Qual", "Journal of environmental quality", "1537-2537", "United States", "0330666", 5, "range"),
    (
        "Environ Sci Process Impacts",
        "Environmental science. Processes & impacts",
        "2050-7895",
        "England",
        "101601576",
        2,
        "ym",
    ),
]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
CN_SURNAMES = [
    ("Wang", 10),
    ("Li", 10),
    ("Zhang", 9),
    ("Liu", 7),
    ("Chen", 6),
    ("Yang", 5),
    ("Huang", 4),
    ("Zhao", 4),
    ("Wu", 3),
    ("Zhou", 3),
    ("Xu", 3),
    ("Sun", 2),
    ("Ma", 2),
    ("Zhu", 2),
    ("Hu", 2),
    ("Guo", 2),
    ("He", 2),
    ("Lin", 2),
    ("Luo", 1.5),
    ("Gao", 1.5),
    ("Zheng", 1.5),
    ("Liang", 1),
    ("Song", 1),
    ("Tang", 1),
    ("Xie", 1),
    ("Han", 1),
    ("Feng", 1),
    ("Deng", 1),
    ("Cao", 1),
    ("Peng", 1),
]
CN_GIVEN = (
    "Wei Jing Yan Xiaoming Yu Hui Ming Lei Jun Tao Fang Na Ying Hao Jie Qian Xin Chao Peng Rui Bo Dan Lu Shuang "
    "Ting Xue Yi Zhen Kai Meng Nan Qing Shan Tian Wen Xia Yao Zhi Jian Bin Cheng Dong Gang Hong Jia Kun Long Min "
    "Ning Ping Qiang Rong Wenjing Xiaoyu Yifan Zhiwei Haoran Yuting Jiayi Mengyao Shuai Xiang Yuan Zhe Hang Fei"
).split()
CN_INSTITUTIONS = [
    (
        "State Key Laboratory of Marine Environmental Science, College of Ocean and Earth Sciences, Xiamen University",
        "Xiamen 361102",
    ),
    (
        "Key Laboratory of Pollution Ecology and Environmental Engineering, Institute of Applied Ecology, Chinese Academy of Sciences",
        "Shenyang 110016",
    ),
    (
        "State Key Laboratory of Pollution Control and Resource Reuse, School of the Environment, Nanjing University",
        "Nanjing 210023",
    ),
    ("College of Environmental Science and Engineering, Tongji University", "Shanghai 200092"),
    ("Research Center for Eco-Environmental Sciences, Chinese Academy of Sciences", "Beijing 100085"),
    ("School of Environmental Science and Engineering, Sun Yat-sen University", "Guangzhou 510275"),
    ("College of Marine Life Sciences, Ocean University of China", "Qingdao 266003"),
    ("School of Environmental Science and Engineering, Shandong University", "Qingdao 266237"),
    ("College of Resources and Environment, Huazhong Agricultural University", "Wuhan 430070"),
    ("School of Environment, Harbin Institute of Technology", "Harbin 150090"),
    ("Institute of Soil Science, Chinese Academy of Sciences", "Nanjing 210008"),
    ("Key Laboratory of Yangtze River Water Environment, Tongji University", "Shanghai 200092"),
]
CN_ENDINGS = [("China.", 70), ("PR China.", 8), ("P.R. China.", 8), ("People's Republic of China.", 6), ("China", 4)]
# country: (surnames, forenames, institutions (name, place), the country as affiliations end, weight)
PM_COUNTRIES = {
    "USA": (
        "Smith Johnson Brown Miller Davis Garcia Rodriguez Wilson Anderson Thomas Moore Martin Walker Young".split(),
        [
            "Sarah E",
            "Michael J",
            "Jennifer",
            "David A",
            "Emily R",
            "James",
            "Jessica L",
            "Robert",
            "Ashley",
            "Daniel P",
        ],
        [
            ("Department of Civil and Environmental Engineering, University of California", "Davis, CA 95616"),
            ("Scripps Institution of Oceanography, University of California San Diego", "La Jolla, CA 92093"),
            ("Great Lakes Institute, University of Wisconsin-Milwaukee", "Milwaukee, WI 53204"),
        ],
        [("USA.", 8), ("United States.", 2), ("United States of America.", 1)],
        9,
    ),
    "UK": (
        "Thompson Evans Roberts Hughes Wright Green Hall Clarke Jackson Wood".split(),
        ["Claire", "Matthew", "Rebecca", "Thomas", "Hannah", "Oliver J", "Sophie", "Richard C"],
        [
            ("School of Biological and Marine Sciences, University of Plymouth", "Plymouth PL4 8AA"),
            ("Department of Geography, University of Exeter", "Exeter EX4 4RJ"),
        ],
        [("UK.", 3), ("United Kingdom.", 2)],
        6,
    ),
    "Germany": (
        "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Hoffmann".split(),
        ["Julia", "Thomas", "Katharina", "Stefan", "Lena", "Andreas", "Christian", "Anne"],
        [
            ("Department of Ecological Chemistry, Helmholtz Centre for Environmental Research - UFZ", "Leipzig"),
            ("Animal Ecology I, University of Bayreuth", "Bayreuth"),
        ],
        [("Germany.", 1)],
        5,
    ),
    "Italy": (
        "Rossi Russo Ferrari Esposito Bianchi Romano Colombo".split(),
        ["Giulia", "Marco", "Francesca", "Luca", "Chiara", "Alessandro"],
        [
            ("Department of Earth and Environmental Sciences, University of Milano-Bicocca", "Milan"),
            ("Department of Life and Environmental Sciences, Polytechnic University of Marche", "Ancona"),
        ],
        [("Italy.", 1)],
        4,
    ),
    "Spain": (
        "García Martínez López Sánchez Pérez González Fernández".split(),
        ["María José", "Javier", "Laura", "Carlos", "Ana Belén", "Pablo"],
        [
            ("Institute of Environmental Assessment and Water Research (IDAEA-CSIC)", "Barcelona"),
            ("Department of Analytical Chemistry, University of Alcalá", "Alcalá de Henares, Madrid"),
        ],
        [("Spain.", 1)],
        4,
    ),
    "Korea": (
        "Kim Lee Park Choi Jung Kang Cho".split(),
        ["Ji-Hoon", "Min-Ji", "Seung-Woo", "Hyun-Jung", "Sang-Hee", "Young-Min"],
        [
            ("Korea Institute of Ocean Science and Technology", "Busan 49111"),
            ("Department of Environmental Engineering, Seoul National University", "Seoul 08826"),
        ],
        [("Republic of Korea.", 3), ("Korea.", 1), ("South Korea.", 1)],
        6,
    ),
    "Japan": (
        "Tanaka Suzuki Sato Takahashi Watanabe Ito Yamamoto".split(),
        ["Hiroshi", "Yuki", "Kenji", "Ayaka", "Takeshi", "Naoko"],
        [
            ("Graduate School of Environmental Studies, Tohoku University", "Sendai"),
            ("Laboratory of Organic Geochemistry, Tokyo University of Agriculture and Technology", "Tokyo"),
        ],
        [("Japan.", 1)],
        3,
    ),
    "India": (
        "Kumar Singh Sharma Patel Gupta Reddy Das".split(),
        ["Amit", "Priya", "Rahul", "Sneha", "Vikram", "Anjali"],
        [
            ("Department of Environmental Science, Central University of Kerala", "Kasaragod 671320"),
            ("CSIR-National Institute of Oceanography", "Goa 403004"),
        ],
        [("India.", 1)],
        5,
    ),
    "Brazil": (
        "Silva Santos Oliveira Souza Costa Pereira".split(),
        ["Ana Paula", "João", "Mariana", "Lucas", "Fernanda", "Rafael"],
        [
            ("Instituto Oceanográfico, Universidade de São Paulo", "São Paulo"),
            ("Departamento de Oceanografia, Universidade Federal de Pernambuco", "Recife"),
        ],
        [("Brazil.", 1)],
        3,
    ),
    "Australia": (
        "Taylor White Harris Martin Kelly Ryan".split(),
        ["Jessica", "Ben", "Chloe", "Liam", "Natalie"],
        [
            ("CSIRO Oceans and Atmosphere", "Hobart, Tasmania 7001"),
            ("School of Earth and Environmental Sciences, University of Queensland", "Brisbane, QLD 4072"),
        ],
        [("Australia.", 1)],
        3,
    ),
    "Canada": (
        "Tremblay Gagnon Roy Campbell MacDonald Bouchard".split(),
        ["Marie-Ève", "Jonathan", "Émilie", "Patrick", "Sarah"],
        [
            ("Department of Ecology and Evolutionary Biology, University of Toronto", "Toronto, ON M5S 3B2"),
            ("Institut des sciences de la mer, Université du Québec à Rimouski", "Rimouski, QC G5L 3A1"),
        ],
        [("Canada.", 1)],
        3,
    ),
    "Netherlands": (
        ["de Vries", "van den Berg", "Jansen", "Bakker", "Visser", "de Jong"],
        ["Sanne", "Bart", "Lotte", "Joris", "Femke"],
        [
            ("Aquatic Ecology and Water Quality Management Group, Wageningen University", "Wageningen"),
            ("Institute for Environmental Studies, Vrije Universiteit Amsterdam", "Amsterdam"),
        ],
        [("the Netherlands.", 2), ("Netherlands.", 1)],
        3,
    ),
    "Sweden": (
        "Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson".split(),
        ["Anna", "Erik", "Lars", "Maria", "Johan", "Sara", "Oskar", "Elin"],
        [
            ("Department of Biological and Environmental Sciences, University of Gothenburg", "Gothenburg"),
            ("Department of Environmental Science, Stockholm University", "Stockholm"),
        ],
        [("Sweden.", 1)],
        2,
    ),
}
PROLIFIC = {
    "last": "Lindqvist",
    "fore": "Karin M",
    "initials": "KM",
    "country": "Sweden",
    "aff": "Department of Ecology, Environment and Plant Sciences, Stockholm University, 106 91 Stockholm, Sweden.",
}
ORGANISMS = [  # markup, plain text, weight, is Daphnia
    ("<i>Daphnia magna</i>", "Daphnia magna", 8, True),
    ("<i>Daphnia pulex</i>", "Daphnia pulex", 2, True),
    ("the water flea <i>Daphnia magna</i>", "the water flea Daphnia magna", 2, True),
    ("the amphipod <i>Hyalella azteca</i>", "the amphipod Hyalella azteca", 2, False),
    ("zebrafish (<i>Danio rerio</i>)", "zebrafish (Danio rerio)", 10, False),
    ("the mussel <i>Mytilus galloprovincialis</i>", "the mussel Mytilus galloprovincialis", 6, False),
    ("the earthworm <i>Eisenia fetida</i>", "the earthworm Eisenia fetida", 5, False),
    ("<i>Caenorhabditis elegans</i>", "Caenorhabditis elegans", 5, False),
    ("marine medaka (<i>Oryzias melastigma</i>)", "marine medaka (Oryzias melastigma)", 4, False),
    ("the microalga <i>Chlorella vulgaris</i>", "the microalga Chlorella vulgaris", 4, False),
    ("juvenile rainbow trout (<i>Oncorhynchus mykiss</i>)", "juvenile rainbow trout (Oncorhynchus mykiss)", 3, False),
    ("the copepod <i>Tigriopus japonicus</i>", "the copepod Tigriopus japonicus", 3, False),
    ("mice", "mice", 6, False),
    ("rice (<i>Oryza sativa</i> L.) seedlings", "rice (Oryza sativa L.) seedlings", 3, False),
]
ENDPOINTS = [
    "oxidative stress and intestinal damage",
    "developmental toxicity",
    "reproductive toxicity",
    "changes in the gut microbiota",
    "neurotoxicity",
    "immune responses",
    "growth inhibition",
    "transcriptomic and metabolomic changes",
    "behavioural changes",
    "lipid metabolism disorders",
]
CHEMICALS = [
    ("cadmium", "cadmium"),
    ("Cd<sup>2+</sup>", "Cd2+"),
    ("bisphenol A", "bisphenol A"),
    ("phenanthrene", "phenanthrene"),
    ("TiO<sub>2</sub> nanoparticles", "TiO2 nanoparticles"),
    ("triclosan", "triclosan"),
    ("roxithromycin", "roxithromycin"),
    ("copper", "copper"),
    ("glyphosate", "glyphosate"),
]
MATRICES = [
    "surface water",
    "sediments",
    "beach sand",
    "drinking water",
    "agricultural soils",
    "urban runoff",
    "the atmosphere",
    "sea ice",
    "mangrove sediments",
    "bottled water",
    "sewage sludge",
    "fish gut contents",
]
PLACES = {
    "China": [
        "the Yangtze River Estuary",
        "the Bohai Sea",
        "Taihu Lake",
        "the Pearl River Delta",
        "Poyang Lake",
        "the South China Sea",
        "the Yellow River",
        "Dongting Lake",
        "Jiaozhou Bay",
    ],
    "USA": ["the Laurentian Great Lakes", "San Francisco Bay", "the Gulf of Mexico", "Chesapeake Bay"],
    "UK": ["the Thames Estuary", "the English Channel", "Scottish sea lochs"],
    "Germany": ["the Rhine", "the Baltic Sea coast", "Bavarian lakes"],
    "Italy": ["the Adriatic Sea", "Lake Garda", "the Tyrrhenian Sea"],
    "Spain": ["the Ebro Delta", "the Balearic Islands", "the Bay of Cádiz"],
    "Korea": ["the Nakdong River", "the Yellow Sea coast of Korea"],
    "Japan": ["Tokyo Bay", "the Seto Inland Sea"],
    "India": ["the Ganga River", "the Bay of Bengal coast", "Chennai beaches"],
    "Brazil": ["the Amazon estuary", "Guanabara Bay"],
    "Australia": ["the Great Barrier Reef lagoon", "Sydney Harbour"],
    "Canada": ["the St. Lawrence River", "Lake Ontario"],
    "Netherlands": ["the Dutch Wadden Sea", "the Meuse"],
    "Sweden": ["the Baltic Sea", "Swedish west-coast fjords", "Lake Vättern"],
}
POLYMERS = [
    "Polystyrene",
    "Polyethylene",
    "Polypropylene",
    "Polyvinyl chloride",
    "Polyethylene terephthalate",
    "Biodegradable polylactic acid",
]
PUB_TYPE_UI = {
    "Journal Article": "D016428",
    "Review": "D016454",
    "Systematic Review": "D000078182",
    "Meta-Analysis": "D017418",
    "Research Support, Non-U.S. Gov't": "D013485",
    "Comment": "D016420",
    "Letter": "D016422",
    "Published Erratum": "D016425",
    "Editorial": "D016421",
}
MESH = [
    ("D000073391", "Microplastics"),
    ("D014874", "Water Pollutants, Chemical"),
    ("D004784", "Environmental Monitoring"),
    ("D000818", "Animals"),
    ("D010969", "Plastics"),
    ("D011137", "Polystyrenes"),
    ("D015027", "Zebrafish"),
    ("D003620", "Daphnia"),
    ("D012623", "Seawater"),
    ("D012989", "Soil Pollutants"),
    ("D019216", "Geologic Sediments"),
    ("D018384", "Oxidative Stress"),
    ("D006801", "Humans"),
]
YEAR_WEIGHTS = {2019: 8, 2020: 12, 2021: 16, 2022: 20, 2023: 22, 2024: 22}


def _initials(fore: str) -> str:
    return "".join(p[0] for p in re.split(r"[ \-]+", fore) if p)


ELSEVIER = {
    "Sci Total Environ": "scitotenv",
    "Environ Pollut": "envpol",
    "Mar Pollut Bull": "marpolbul",
    "J Hazard Mater": "jhazmat",
    "Chemosphere": "chemosphere",
    "Water Res": "watres",
    "Ecotoxicol Environ Saf": "ecoenv",
    "Aquat Toxicol": "aquatox",
    "Environ Int": "envint",
}


def _doi(iso: str, year: int, rng: random.Random) -> str:
    if iso in ELSEVIER:
        return f"10.1016/j.{ELSEVIER[iso]}.{year}.{rng.randint(100000, 179999)}"
    if iso == "Environ Sci Technol":
        return f"10.1021/acs.est.{year % 100 - rng.randint(0, 1)}c{rng.randint(1, 9999):05d}"
    if iso == "Int J Environ Res Public Health":
        return f"10.3390/ijerph{year - 2003}{rng.randint(1, 24):02d}{rng.randint(1, 9999):04d}"
    if iso == "Integr Environ Assess Manag":
        return f"10.1002/ieam.{rng.randint(4100, 4999)}"
    if iso == "J Environ Qual":
        return f"10.1002/jeq2.{rng.randint(20100, 20699)}"
    return f"10.1039/d{year % 10 - 1 if year % 10 else 9}em00{rng.randint(100, 599)}{rng.choice('abcdefghjk')}"


def _copyright(iso: str, year: int) -> str | None:
    if iso in ELSEVIER:
        return f"Copyright © {year} Elsevier Ltd. All rights reserved."
    if iso in ("Integr Environ Assess Manag", "J Environ Qual"):
        return f"© {year} The Authors."
    return None


def _build_pubmed(rng: random.Random) -> list[dict]:
    people: dict[str, list[dict]] = {}
    cn = []
    for _ in range(650):
        last = rng.choices([s for s, _ in CN_SURNAMES], [w for _, w in CN_SURNAMES])[0]
        fore = rng.choice(CN_GIVEN)
        inst, place = rng.choice(CN_INSTITUTIONS)
        cn.append({"last": last, "fore": fore, "initials": fore[0], "country": "China", "inst": inst, "place": place})
    people["China"] = cn
    for country, (lasts, fores, insts, _, _) in PM_COUNTRIES.items():
        group = []
        for _ in range(40):
            fore = rng.choice(fores)
            inst, place = rng.choice(insts)
            group.append(
                {
                    "last": rng.choice(lasts),
                    "fore": fore,
                    "initials": _initials(fore),
                    "country": country,
                    "inst": inst,
                    "place": place,
                }
            )
        people[country] = group
    countries = ["China"] + list(PM_COUNTRIES)
    cweights = [55] + [c[4] for c in PM_COUNTRIES.values()]

    def affiliation(p: dict) -> str:
        if p is PROLIFIC:
            return PROLIFIC["aff"]
        if p["country"] == "China":
            ending = rng.choices([e for e, _ in CN_ENDINGS], [w for _, w in CN_ENDINGS])[0]
            return f"{p['inst']}, {p['place']}, {ending}"
        endings = PM_COUNTRIES[p["country"]][3]
        ending = rng.choices([e for e, _ in endings], [w for _, w in endings])[0]
        return f"{p['inst']}, {p['place']}, {ending}"

    n = 540
    years = rng.choices(list(YEAR_WEIGHTS), list(YEAR_WEIGHTS.values()), k=n)
    prolific_at = set(rng.sample(range(n), 40))
    records = []
    for i in range(n):
        year = years[i]
        j = rng.choices(PM_JOURNALS, [x[5] for x in PM_JOURNALS])[0]
        kind = rng.choices(["research", "review", "erratum", "comment"], [80, 15, 2.5, 2.5])[0]
        lead = rng.choices(countries, cweights)[0]
        if i in prolific_at and lead == "China" and rng.random() < 0.5:
            lead = "Sweden"
        # dates: the issue date first, then the electronic publication, acceptance and receipt before it
        month = rng.randint(1, 12)
        fmt = j[6]
        ahead = year == 2024 and month >= 10 and rng.random() < 0.35
        if fmt == "range" and not ahead:
            month = rng.choice([1, 3, 5, 7, 9, 11])
            issue = date(year, month, 1)
            pubdate = {"medline": f"{year} {MONTHS[month - 1]}-{MONTHS[month]}"}
        elif fmt == "ymd" or ahead:
            issue = date(year, month, rng.randint(1, 28))
            pubdate = {"year": year, "month": MONTHS[issue.month - 1], "day": f"{issue.day:02d}"}
        else:
            issue = date(year, month, 1)
            pubdate = {"year": year, "month": MONTHS[month - 1]}
        epub = issue if ahead else issue - timedelta(days=rng.randint(10, 120))
        accepted = epub - timedelta(days=rng.randint(3, 20))
        received = accepted - timedelta(days=max(12, round(math.exp(rng.gauss(math.log(80), 0.45)))))
        revised = received + (accepted - received) * rng.uniform(0.55, 0.9)
        has_history = kind in ("research", "review") and rng.random() < 0.8
        # authors
        authors = []
        if kind != "erratum":
            n_auth = rng.randint(1, 3) if kind == "comment" else rng.randint(2, 11)
            pool = people[lead]
            for k in range(n_auth):
                if k and rng.random() < 0.15:
                    other = rng.choices(countries, cweights)[0]
                    authors.append(rng.choice(people[other]))
                else:
                    authors.append(rng.choice(pool))
            if i in prolific_at:
                pos = rng.choice([0, n_auth - 1, min(1, n_auth - 1)])
                authors[pos] = PROLIFIC
            uniq = []
            for a in authors:  # the same person is listed once
                if all(a is not b for b in uniq):
                    uniq.append(a)
            authors = uniq
        author_rows = []
        for k, a in enumerate(authors):
            aff = affiliation(a)
            if k == len(authors) - 1 and rng.random() < 0.4:
                domain = "edu.cn" if a["country"] == "China" else "ac.uk" if a["country"] == "UK" else "edu"
                aff += (
                    f" Electronic address: {a['last'].lower().replace(' ', '')}{rng.randint(1, 99)}@example.{domain}."
                )
            affs = [aff]
            if rng.random() < 0.12 and a["country"] == "China":
                affs.append("University of Chinese Academy of Sciences, Beijing 100049, China.")
            author_rows.append(
                {"last": a["last"], "fore": a["fore"], "initials": a["initials"], "country": a["country"], "affs": affs}
            )
        collective = None
        if kind == "research" and rng.random() < 0.025:
            collective = rng.choice(["PlasticNet Study Group", "MICROFLOW Consortium", "Baltic Litter Network"])
        # title
        org_markup, org_plain, _, daphnia = rng.choices(ORGANISMS, [o[2] for o in ORGANISMS])[0]
        if daphnia and rng.random() < 0.22:
            org_markup = org_plain  # not every journal sets the genus in italics
        place = rng.choice(PLACES[lead])
        matrix = rng.choice(MATRICES)
        chem_markup, chem_plain = rng.choice(CHEMICALS)
        polymer = rng.choice(POLYMERS)
        size = rng.choice(["micro", "nano"])
        endpoint = rng.choice(ENDPOINTS)
        templates = {
            "research": [
                (f"Occurrence and characteristics of microplastics in {matrix} of {place}.", None),
                (f"Polystyrene {size}plastics induce {endpoint} in {org_markup}.", org_plain),
                (f"Combined toxicity of {chem_markup} and polystyrene microplastics to {org_markup}.", org_plain),
                (f"Microplastic ingestion by {org_markup} in {place}.", org_plain),
                (f"{polymer} microplastics alter soil enzyme activities and plant growth.", None),
                (f"Effects of aged {polymer.lower()} microplastics on {org_markup}: {endpoint}.", org_plain),
                (f"Atmospheric deposition of microplastics in {place}.", None),
                ("Removal of microplastics by coagulation and sand filtration in drinking water treatment.", None),
            ],
            "review": [
                (f"Microplastics in {matrix}: a review of sources, fate and effects.", None),
                (f"A critical review of the toxicity of {size}plastics to aquatic organisms.", None),
                (f"Analytical methods for microplastics in {matrix}: a review.", None),
            ],
        }
        markup_title = None
        if kind in templates:
            markup_title = rng.choice(templates[kind])[0]
        elif kind == "comment":
            markup_title = f'Comment on "{rng.choice(templates["research"])[0][:-1]}".'
        else:
            markup_title = (
                f'Corrigendum to "{rng.choice(templates["research"])[0][:-1]}" '
                f"[{j[0].replace(' ', '. ')}. {rng.randint(200, 900)} ({year - 1}) {rng.randint(100, 170000)}]."
            )
        plain_title = re.sub(r"</?(i|sub|sup|b)>", "", markup_title)
        pubtypes = {
            "research": ["Journal Article"],
            "review": ["Journal Article", "Review"],
            "erratum": ["Published Erratum"],
            "comment": ["Journal Article", "Comment"],
        }[kind]
        if kind == "review" and rng.random() < 0.15:
            pubtypes = ["Journal Article", "Systematic Review", "Review"] + (
                ["Meta-Analysis"] if rng.random() < 0.5 else []
            )
        if kind in ("research", "review") and rng.random() < 0.45:
            pubtypes.append("Research Support, Non-U.S. Gov't")
        mesh = []
        if kind in ("research", "review") and (year < 2024 or rng.random() < 0.4):
            picks = [MESH[0]] + rng.sample(MESH[1:], rng.randint(2, 6))
            if "Daphnia" in plain_title and MESH[7] not in picks:
                picks.append(MESH[7])
            mesh = [(ui, name, rng.random() < 0.3) for ui, name in picks]
        records.append(
            {
                "journal": j,
                "kind": kind,
                "year": year,
                "issue": issue,
                "pubdate": pubdate,
                "ahead": ahead,
                "epub": epub,
                "received": received if has_history else None,
                "revised": revised if has_history and rng.random() < 0.7 else None,
                "accepted": accepted if has_history else None,
                "authors": author_rows,
                "collective": collective,
                "title": plain_title,
                "title_markup": markup_title,
                "pubtypes": pubtypes,
                "mesh": mesh,
                "volume": str(rng.randint(100, 950)),
                "pages": rng.randint(100, 170000),
                "lead": lead,
                "pmc": rng.random() < 0.2,
                "language": "eng" if rng.random() < 0.97 else "chi",
            }
        )
    # PMIDs grow with the entrez date; the search answer lists the most recent first
    for r in records:
        r["entrez"] = (
            r["epub"] - timedelta(days=rng.randint(0, 2))
            if r["ahead"]
            else r["epub"] + timedelta(days=rng.randint(0, 3))
        )
    records.sort(key=lambda r: (r["entrez"], r["title"]))
    used = set()
    for r in records:
        base = 30_600_000 + (r["entrez"] - date(2018, 9, 1)).days * 4_300
        pmid = base + rng.randint(0, 4_000)
        while pmid in used:
            pmid += 1
        used.add(pmid)
        r["pmid"] = pmid
        r["doi"] = _doi(r["journal"][0], r["epub"].year, rng)
    records.reverse()
    return records


ABSTRACT_SENTENCES = [
    "Microplastics are ubiquitous in the environment and have raised growing concern.",
    "However, their effects on {org} remain poorly understood.",
    "Here we investigated {end} after exposure to {poly} particles at environmentally relevant concentrations.",
    "Particles were characterised by micro-Fourier transform infrared spectroscopy.",
    "The mean abundance was {n} items per litre, dominated by fibres and fragments smaller than 1 mm.",
    "Exposure significantly increased the activities of superoxide dismutase and catalase (p &lt; 0.05).",
    "These results provide new insight into the ecological risk of microplastics.",
]


def _pm_date(tag: str, dt: date, attrs: str = "", hm: bool = False) -> str:
    extra = f"<Hour>{dt.day % 24}</Hour><Minute>{(dt.day * 7) % 60}</Minute>" if hm else ""
    return f"<{tag}{attrs}><Year>{dt.year}</Year><Month>{dt.month}</Month><Day>{dt.day}</Day>{extra}</{tag}>"


def _pm_record(r: dict, rng: random.Random) -> str:
    j = r["journal"]
    ind = "  "
    out = [f"{ind}<PubmedArticle>"]
    status = (
        "MEDLINE" if r["mesh"] else ("PubMed-not-MEDLINE" if r["kind"] in ("erratum", "comment") else "In-Data-Review")
    )
    indexing = ' IndexingMethod="Automated"' if r["mesh"] else ""
    out.append(f'{ind * 2}<MedlineCitation Status="{status}" Owner="NLM"{indexing}>')
    out.append(f'{ind * 3}<PMID Version="1">{r["pmid"]}</PMID>')
    if r["mesh"]:
        done = r["issue"] + timedelta(days=rng.randint(20, 90))
        out.append(
            f"{ind * 3}<DateCompleted><Year>{done.year}</Year><Month>{done.month:02d}</Month><Day>{done.day:02d}</Day></DateCompleted>"
        )
    rev = r["epub"] + timedelta(days=rng.randint(30, 400))
    out.append(
        f"{ind * 3}<DateRevised><Year>{rev.year}</Year><Month>{rev.month:02d}</Month><Day>{rev.day:02d}</Day></DateRevised>"
    )
    out.append(f'{ind * 3}<Article PubModel="Print-Electronic">')
    out.append(f"{ind * 4}<Journal>")
    out.append(f'{ind * 5}<ISSN IssnType="Electronic">{j[2]}</ISSN>')
    out.append(f'{ind * 5}<JournalIssue CitedMedium="Internet">')
    if not r["ahead"]:
        out.append(f"{ind * 6}<Volume>{r['volume']}</Volume>")
    pd_ = r["pubdate"]
    if "medline" in pd_:
        out.append(f"{ind * 6}<PubDate><MedlineDate>{pd_['medline']}</MedlineDate></PubDate>")
    else:
        parts = f"<Year>{pd_['year']}</Year><Month>{pd_['month']}</Month>" + (
            f"<Day>{pd_['day']}</Day>" if "day" in pd_ else ""
        )
        out.append(f"{ind * 6}<PubDate>{parts}</PubDate>")
    out.append(f"{ind * 5}</JournalIssue>")
    out.append(f"{ind * 5}<Title>{escape(j[1])}</Title>")
    out.append(f"{ind * 5}<ISOAbbreviation>{escape(j[0])}</ISOAbbreviation>")
    out.append(f"{ind * 4}</Journal>")
    title = escape(r["title_markup"]).replace("&lt;i&gt;", "<i>").replace("&lt;/i&gt;", "</i>")
    for tag in ("sub", "sup"):
        title = title.replace(f"&lt;{tag}&gt;", f"<{tag}>").replace(f"&lt;/{tag}&gt;", f"</{tag}>")
    if r["language"] == "chi":
        title = "[" + title.rstrip(".") + "]."
    out.append(f"{ind * 4}<ArticleTitle>{title}</ArticleTitle>")
    if not r["ahead"]:
        out.append(
            f"{ind * 4}<Pagination><StartPage>{r['pages']}</StartPage><MedlinePgn>{r['pages']}</MedlinePgn></Pagination>"
        )
    out.append(f'{ind * 4}<ELocationID EIdType="doi" ValidYN="Y">{r["doi"]}</ELocationID>')
    if r["kind"] in ("research", "review"):
        org = rng.choice(ORGANISMS)[0]
        words = {
            "org": org,
            "end": rng.choice(ENDPOINTS),
            "poly": rng.choice(POLYMERS).lower(),
            "n": rng.randint(2, 900),
        }
        sents = [s.format(**words) for s in rng.sample(ABSTRACT_SENTENCES, 4)]
        out.append(f"{ind * 4}<Abstract>")
        if rng.random() < 0.3:
            for label, s in zip(("BACKGROUND", "METHODS", "RESULTS", "CONCLUSIONS"), sents):
                out.append(f'{ind * 5}<AbstractText Label="{label}" NlmCategory="{label}">{s}</AbstractText>')
        else:
            out.append(f"{ind * 5}<AbstractText>{' '.join(sents)}</AbstractText>")
        notice = _copyright(j[0], r["epub"].year)
        if notice:
            out.append(f"{ind * 5}<CopyrightInformation>{notice}</CopyrightInformation>")
        out.append(f"{ind * 4}</Abstract>")
    if r["authors"] or r["collective"]:
        out.append(f'{ind * 4}<AuthorList CompleteYN="Y">')
        for a in r["authors"]:
            out.append(f'{ind * 5}<Author ValidYN="Y">')
            out.append(f"{ind * 6}<LastName>{escape(a['last'])}</LastName>")
            out.append(f"{ind * 6}<ForeName>{escape(a['fore'])}</ForeName>")
            out.append(f"{ind * 6}<Initials>{a['initials']}</Initials>")
            for aff in a["affs"]:
                out.append(f"{ind * 6}<AffiliationInfo>")
                out.append(f"{ind * 7}<Affiliation>{escape(aff)}</Affiliation>")
                out.append(f"{ind * 6}</AffiliationInfo>")
            out.append(f"{ind * 5}</Author>")
        if r["collective"]:
            out.append(f'{ind * 5}<Author ValidYN="Y">')
            out.append(f"{ind * 6}<CollectiveName>{r['collective']}</CollectiveName>")
            out.append(f"{ind * 5}</Author>")
        out.append(f"{ind * 4}</AuthorList>")
    out.append(f"{ind * 4}<Language>{r['language']}</Language>")
    out.append(f"{ind * 4}<PublicationTypeList>")
    for pt in r["pubtypes"]:
        out.append(f'{ind * 5}<PublicationType UI="{PUB_TYPE_UI[pt]}">{escape(pt)}</PublicationType>')
    out.append(f"{ind * 4}</PublicationTypeList>")
    e = r["epub"]
    out.append(
        f'{ind * 4}<ArticleDate DateType="Electronic"><Year>{e.year}</Year><Month>{e.month:02d}</Month><Day>{e.day:02d}</Day></ArticleDate>'
    )
    out.append(f"{ind * 3}</Article>")
    out.append(f"{ind * 3}<MedlineJournalInfo>")
    out.append(f"{ind * 4}<Country>{j[3]}</Country>")
    out.append(f"{ind * 4}<MedlineTA>{escape(j[0])}</MedlineTA>")
    out.append(f"{ind * 4}<NlmUniqueID>{j[4]}</NlmUniqueID>")
    out.append(f"{ind * 3}</MedlineJournalInfo>")
    if r["mesh"]:
        out.append(f"{ind * 3}<CitationSubset>IM</CitationSubset>")
        out.append(f"{ind * 3}<MeshHeadingList>")
        for ui, name, major in r["mesh"]:
            out.append(f"{ind * 4}<MeshHeading>")
            out.append(
                f'{ind * 5}<DescriptorName UI="{ui}" MajorTopicYN="{"Y" if major else "N"}">{escape(name)}</DescriptorName>'
            )
            out.append(f"{ind * 4}</MeshHeading>")
        out.append(f"{ind * 3}</MeshHeadingList>")
    if r["kind"] in ("research", "review"):
        out.append(f'{ind * 3}<KeywordList Owner="NOTNLM">')
        for kw in ("Microplastics", rng.choice(["Toxicity", "Occurrence", "Risk assessment", "Polymer", "FTIR"])):
            out.append(f'{ind * 4}<Keyword MajorTopicYN="N">{kw}</Keyword>')
        out.append(f"{ind * 3}</KeywordList>")
    out.append(f"{ind * 2}</MedlineCitation>")
    out.append(f"{ind * 2}<PubmedData>")
    out.append(f"{ind * 3}<History>")
    if r["received"]:
        out.append(f"{ind * 4}" + _pm_date("PubMedPubDate", r["received"], ' PubStatus="received"'))
    if r["revised"]:
        out.append(f"{ind * 4}" + _pm_date("PubMedPubDate", r["revised"], ' PubStatus="revised"'))
    if r["accepted"]:
        out.append(f"{ind * 4}" + _pm_date("PubMedPubDate", r["accepted"], ' PubStatus="accepted"'))
    for st, dt in (("pubmed", r["entrez"]), ("medline", r["entrez"]), ("entrez", r["entrez"])):
        out.append(f"{ind * 4}" + _pm_date("PubMedPubDate", dt, f' PubStatus="{st}"', hm=True))
    out.append(f"{ind * 3}</History>")
    out.append(f"{ind * 3}<PublicationStatus>{'aheadofprint' if r['ahead'] else 'ppublish'}</PublicationStatus>")
    out.append(f"{ind * 3}<ArticleIdList>")
    out.append(f'{ind * 4}<ArticleId IdType="pubmed">{r["pmid"]}</ArticleId>')
    out.append(f'{ind * 4}<ArticleId IdType="doi">{r["doi"]}</ArticleId>')
    if r["pmc"]:
        out.append(f'{ind * 4}<ArticleId IdType="pmc">PMC{r["pmid"] % 10_000_000 + 1_000_000}</ArticleId>')
    out.append(f"{ind * 3}</ArticleIdList>")
    out.append(f"{ind * 2}</PubmedData>")
    out.append(f"{ind}</PubmedArticle>")
    return "\n".join(out)


def _write_pubmed(t: Truth, d: Path) -> None:
    rng = _rng("pubmed-render")
    head = (
        '<?xml version="1.0" ?>\n'
        '<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2024//EN" '
        '"https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_240101.dtd">\n<PubmedArticleSet>\n'
    )
    body = "\n".join(_pm_record(r, rng) for r in t.pubmed)
    (d / PM_FILE).write_text(head + body + "\n</PubmedArticleSet>\n", encoding="utf-8")


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    return Truth(
        fao=_build_fao(_rng("fao")),
        bts=_build_bts(_rng("bts")),
        ashe=_build_ashe(_rng("ashe")),
        pubmed=_build_pubmed(_rng("pubmed")),
    )


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_fao(t, d)
    _write_bts(t, d)
    _write_ashe(t, d)
    _write_pubmed(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout29-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
