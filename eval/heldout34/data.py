"""The thirty-fourth held-out set's data: five files on four topics, each imitating a real public export.

* `EPD_2024Q1_west-cornwall.csv` and `epraccur.csv`: NHS England's English Prescribing Dataset (EPD,
  published by the NHS Business Services Authority) for January to March 2024, cut to fourteen GP
  practices of west Cornwall and two urgent care services, and the ODS file of GP practices and
  prescribing cost centres (`epraccur`) for the Cornwall and Isles of Scilly ICB. The EPD has one row per
  practice, month, BNF presentation and quantity per item (`QUANTITY`), so a drug's items are spread over
  several rows, and `TOTAL_QUANTITY` is `QUANTITY` times `ITEMS`; `YEAR_MONTH` is an integer (`202401`),
  names are in capitals, chapters read `02: Cardiovascular System`. `epraccur` has no header row, every
  field quoted, dates as `YYYYMMDD`, one-letter status codes and the prescribing setting as a number.
* `appreviews_2231470.jsonl`: a game's user reviews as fetched from Steam's `appreviews` API, one JSON
  answer (a page of up to 100 reviews) per line, until a page came back empty: the query summary only
  on the first page, the author nested, playtimes in minutes, Unix time stamps, `weighted_vote_score` a
  string (or the number 0), `votes_funny` sometimes 4294967295, and reviews that the cursor hands out
  again at the top of the next page.
* `311_Service_Requests_BK06_2024Q1.parquet`: NYC 311 service requests for Brooklyn Community Board 6,
  January to March 2024, as NYC Open Data's CSV export saved to Parquet: the real 41 columns, dates kept
  as the export's text (`03/14/2024 10:42:17 PM`), `Incident Zip` a float, several noise complaint types
  beside the Department of Environmental Protection's plain `Noise`, statuses other than `Open` for
  requests not yet closed, some requests stamped at midnight, a few closed before they were created.
* `Clockify_Time_Report_Detailed_01_01_2024-31_03_2024.xlsx`: a small studio's Clockify detailed time
  report: dates as day/month/year text, times and `Duration (h)` as text, `Duration (decimal)` rounded
  to two places, tags joined with `, `, `Billable` as `Yes`/`No`, entries past midnight.

Every record is built first with the standard library from a fixed seed (one random stream per
topic); the files are then rendered from those records, so the same seed gives the same bytes.
`truth()` returns the clean records the references are computed from. The Parquet file needs pyarrow
and the workbook openpyxl.

    python data.py DIR   # writes the five files into DIR
"""

from __future__ import annotations

import csv
import functools
import io
import json
import math
import random
import re
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

SEED = 34_270_913

EPD_FILE = "EPD_2024Q1_west-cornwall.csv"
ODS_FILE = "epraccur.csv"
ST_FILE = "appreviews_2231470.jsonl"
SR_FILE = "311_Service_Requests_BK06_2024Q1.parquet"
CK_FILE = "Clockify_Time_Report_Detailed_01_01_2024-31_03_2024.xlsx"
FILES = [EPD_FILE, ODS_FILE, ST_FILE, SR_FILE, CK_FILE]

UTC = timezone.utc


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


def _poisson(rng: random.Random, lam: float) -> int:
    if lam <= 0:
        return 0
    if lam > 60:
        return max(0, round(rng.gauss(lam, math.sqrt(lam))))
    limit, k, p = math.exp(-lam), 0, 1.0
    while True:
        p *= rng.random()
        if p <= limit:
            return k
        k += 1


@dataclass
class Truth:
    epd: list[dict]  # one dict per EPD row (practice, month, presentation, quantity per item)
    orgs: list[dict]  # one dict per epraccur organisation
    reviews: list[dict]  # one dict per distinct Steam review
    pages: list[list[int]]  # the API's pages as indexes into reviews (a review can come twice)
    requests: list[dict]  # one dict per 311 request
    entries: list[dict]  # one dict per Clockify time entry


# ==================================================================================================
# NHS prescribing: the English Prescribing Dataset and the ODS practice file
# ==================================================================================================

EPD_COLUMNS = [
    "YEAR_MONTH", "REGIONAL_OFFICE_NAME", "REGIONAL_OFFICE_CODE", "ICB_NAME", "ICB_CODE", "PCO_NAME", "PCO_CODE",
    "PRACTICE_NAME", "PRACTICE_CODE", "ADDRESS_1", "ADDRESS_2", "ADDRESS_3", "ADDRESS_4", "POSTCODE",
    "BNF_CHEMICAL_SUBSTANCE", "CHEMICAL_SUBSTANCE_BNF_DESCR", "BNF_CODE", "BNF_DESCRIPTION", "BNF_CHAPTER_PLUS_CODE",
    "QUANTITY", "ITEMS", "TOTAL_QUANTITY", "ADQUSAGE", "NIC", "ACTUAL_COST", "UNIDENTIFIED",
]  # fmt: skip
EPD_MONTHS = [202401, 202402, 202403]
EPD_GENERAL = {202401: 1.0, 202402: 0.93, 202403: 0.98}
EPD_WINTER = {202401: 1.32, 202402: 1.08, 202403: 0.84}  # antibacterials, inhalers and steroids in winter
EPD_CHAPTERS = {
    "01": "01: Gastro-Intestinal System",
    "02": "02: Cardiovascular System",
    "03": "03: Respiratory System",
    "04": "04: Central Nervous System",
    "05": "05: Infections",
    "06": "06: Endocrine System",
    "09": "09: Nutrition And Blood",
    "10": "10: Musculoskeletal And Joint Diseases",
}
# BNF code, description, chemical substance, quantities per item (quantity, weight), price per unit (£),
# ADQ per unit, items a month per 10,000 patients, winter drug, items a month at an urgent care service
EPD_PRES = [
    (
        "0103050P0AAAAAA",
        "Omeprazole 20mg gastro-resistant capsules",
        "Omeprazole",
        [(28, 6), (56, 3), (14, 1)],
        0.036,
        1.0,
        30,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0103050P0AAABAB",
        "Omeprazole 10mg gastro-resistant capsules",
        "Omeprazole",
        [(28, 8), (56, 2)],
        0.052,
        0.5,
        4,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0103050P0AAAFAF",
        "Omeprazole 40mg gastro-resistant capsules",
        "Omeprazole",
        [(28, 8), (56, 2)],
        0.061,
        2.0,
        6,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0103050L0AAAAAA",
        "Lansoprazole 30mg gastro-resistant capsules",
        "Lansoprazole",
        [(28, 8), (56, 2)],
        0.041,
        1.0,
        16,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0103050L0AAABAB",
        "Lansoprazole 15mg gastro-resistant capsules",
        "Lansoprazole",
        [(28, 8), (56, 2)],
        0.039,
        0.5,
        9,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0106040M0AAAMAM",
        "Macrogol compound oral powder sachets NPF sugar free",
        "Macrogol 3350",
        [(30, 6), (20, 3), (60, 1)],
        0.153,
        0.5,
        7,
        False,
        0.2,
    ),  # fmt: skip
    (
        "0212000B0AAAAAA",
        "Atorvastatin 10mg tablets",
        "Atorvastatin",
        [(28, 8), (56, 1), (84, 1)],
        0.027,
        1.0,
        6,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0212000B0AAABAB",
        "Atorvastatin 20mg tablets",
        "Atorvastatin",
        [(28, 8), (56, 1), (84, 1)],
        0.031,
        1.0,
        26,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0212000B0AAACAC",
        "Atorvastatin 40mg tablets",
        "Atorvastatin",
        [(28, 8), (56, 1), (84, 1)],
        0.036,
        1.0,
        16,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0212000B0AAADAD",
        "Atorvastatin 80mg tablets",
        "Atorvastatin",
        [(28, 8), (56, 1), (84, 1)],
        0.062,
        1.0,
        8,
        False,
        0.0,
    ),  # fmt: skip
    ("0212000Y0AAADAD", "Simvastatin 40mg tablets", "Simvastatin", [(28, 9), (56, 1)], 0.029, 1.0, 9, False, 0.0),
    ("0206020A0AAAAAA", "Amlodipine 5mg tablets", "Amlodipine", [(28, 8), (56, 2)], 0.021, 1.0, 21, False, 0.0),
    ("0206020A0AAABAB", "Amlodipine 10mg tablets", "Amlodipine", [(28, 8), (56, 2)], 0.024, 2.0, 13, False, 0.0),
    ("0205051R0AAAAAA", "Ramipril 2.5mg capsules", "Ramipril", [(28, 9), (56, 1)], 0.033, 0.5, 8, False, 0.0),
    ("0205051R0AAABAB", "Ramipril 5mg capsules", "Ramipril", [(28, 9), (56, 1)], 0.036, 1.0, 9, False, 0.0),
    ("0205051R0AAACAC", "Ramipril 10mg capsules", "Ramipril", [(28, 9), (56, 1)], 0.045, 2.0, 8, False, 0.0),
    (
        "0204000H0AAAAAA",
        "Bisoprolol 2.5mg tablets",
        "Bisoprolol fumarate",
        [(28, 9), (56, 1)],
        0.025,
        0.25,
        13,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0204000H0AAABAB",
        "Bisoprolol 5mg tablets",
        "Bisoprolol fumarate",
        [(28, 9), (56, 1)],
        0.028,
        0.5,
        9,
        False,
        0.0,
    ),  # fmt: skip
    ("0208020Z0AAAAAA", "Apixaban 5mg tablets", "Apixaban", [(56, 8), (28, 2)], 0.953, 0.5, 12, False, 0.0),
    ("0208020Z0AAABAB", "Apixaban 2.5mg tablets", "Apixaban", [(56, 8), (28, 2)], 0.953, 0.25, 5, False, 0.0),
    ("0202020L0AABDBD", "Furosemide 40mg tablets", "Furosemide", [(28, 9), (56, 1)], 0.028, 1.0, 7, False, 0.0),
    (
        "0205052N0AAABAB",
        "Losartan 50mg tablets",
        "Losartan potassium",
        [(28, 9), (56, 1)],
        0.035,
        1.0,
        7,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0301011R0AAAPAP",
        "Salbutamol 100micrograms/dose inhaler CFC free",
        "Salbutamol",
        [(200, 9), (400, 1)],
        0.0075,
        0.125,
        15,
        True,
        0.6,
    ),  # fmt: skip
    (
        "0302000C0AAAFAF",
        "Beclometasone 100micrograms/dose inhaler CFC free",
        "Beclometasone dipropionate",
        [(200, 10)],
        0.037,
        0.125,
        6,
        True,
        0.0,
    ),  # fmt: skip
    ("0303020G0AAAAAA", "Montelukast 10mg tablets", "Montelukast", [(28, 10)], 0.045, 1.0, 4, False, 0.0),
    (
        "0304010I0AAAAAA",
        "Cetirizine 10mg tablets",
        "Cetirizine hydrochloride",
        [(30, 8), (60, 2)],
        0.03,
        1.0,
        5,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0403030Q0AAAAAA",
        "Sertraline 50mg tablets",
        "Sertraline hydrochloride",
        [(28, 8), (56, 1), (14, 1)],
        0.034,
        1.0,
        18,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0403030Q0AAABAB",
        "Sertraline 100mg tablets",
        "Sertraline hydrochloride",
        [(28, 9), (56, 1)],
        0.046,
        2.0,
        9,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0403030D0AAAAAA",
        "Citalopram 20mg tablets",
        "Citalopram hydrobromide",
        [(28, 9), (56, 1)],
        0.029,
        1.0,
        10,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0403030E0AAAAAA",
        "Fluoxetine 20mg capsules",
        "Fluoxetine hydrochloride",
        [(30, 8), (60, 2)],
        0.035,
        1.0,
        9,
        False,
        0.0,
    ),  # fmt: skip
    ("0403040W0AAAAAA", "Mirtazapine 15mg tablets", "Mirtazapine", [(28, 10)], 0.05, 0.5, 7, False, 0.0),
    (
        "0407010H0AAAMAM",
        "Paracetamol 500mg tablets",
        "Paracetamol",
        [(100, 6), (32, 2), (200, 1)],
        0.012,
        0.125,
        14,
        False,
        0.8,
    ),  # fmt: skip
    (
        "0407010F0AAAAAA",
        "Co-codamol 30mg/500mg tablets",
        "Co-codamol (Codeine phosphate/paracetamol)",
        [(100, 7), (30, 2), (60, 1)],
        0.048,
        0.125,
        10,
        False,
        0.8,
    ),  # fmt: skip
    (
        "0407020Q0AAAFAF",
        "Morphine sulfate 10mg/5ml oral solution",
        "Morphine",
        [(100, 5), (300, 2)],
        0.021,
        0.03,
        3,
        False,
        0.3,
    ),  # fmt: skip
    (
        "0408010G0AAABAB",
        "Gabapentin 300mg capsules",
        "Gabapentin",
        [(84, 5), (100, 3), (56, 2)],
        0.03,
        0.17,
        7,
        False,
        0.0,
    ),  # fmt: skip
    ("0408010AEAAABAB", "Pregabalin 75mg capsules", "Pregabalin", [(56, 10)], 0.041, 0.25, 8, False, 0.0),
    ("0407041T0AAABAB", "Sumatriptan 50mg tablets", "Sumatriptan", [(6, 8), (12, 2)], 0.21, 1.0, 3, False, 0.0),
    (
        "0501013B0AAAAAA",
        "Amoxicillin 500mg capsules",
        "Amoxicillin",
        [(21, 8), (15, 2)],
        0.043,
        0.67,
        14,
        True,
        3.0,
    ),  # fmt: skip
    (
        "0501013B0AAAJAJ",
        "Amoxicillin 250mg/5ml oral suspension sugar free",
        "Amoxicillin",
        [(100, 8), (200, 2)],
        0.019,
        0.07,
        4,
        True,
        2.0,
    ),  # fmt: skip
    (
        "0501030I0AAABAB",
        "Doxycycline 100mg capsules",
        "Doxycycline hyclate",
        [(8, 6), (7, 2), (14, 2)],
        0.118,
        1.0,
        6,
        True,
        1.5,
    ),  # fmt: skip
    (
        "0501130R0AAADAD",
        "Nitrofurantoin 100mg modified-release capsules",
        "Nitrofurantoin",
        [(6, 8), (14, 2)],
        0.451,
        0.5,
        6,
        False,
        1.5,
    ),  # fmt: skip
    (
        "0501050B0AAAAAA",
        "Clarithromycin 500mg tablets",
        "Clarithromycin",
        [(14, 9), (10, 1)],
        0.182,
        2.0,
        4,
        True,
        1.0,
    ),  # fmt: skip
    (
        "0501012G0AAABAB",
        "Flucloxacillin 500mg capsules",
        "Flucloxacillin sodium",
        [(28, 9), (56, 1)],
        0.118,
        0.5,
        4,
        False,
        1.5,
    ),  # fmt: skip
    (
        "0501080W0AAAEAE",
        "Trimethoprim 200mg tablets",
        "Trimethoprim",
        [(6, 8), (14, 2)],
        0.091,
        1.0,
        4,
        False,
        1.0,
    ),  # fmt: skip
    (
        "0601022B0AAABAB",
        "Metformin 500mg tablets",
        "Metformin hydrochloride",
        [(56, 5), (112, 3), (84, 2)],
        0.022,
        0.5,
        20,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0601022B0AAASAS",
        "Metformin 500mg modified-release tablets",
        "Metformin hydrochloride",
        [(56, 8), (28, 2)],
        0.052,
        0.5,
        6,
        False,
        0.0,
    ),  # fmt: skip
    ("0601023AGAAAAAA", "Empagliflozin 10mg tablets", "Empagliflozin", [(28, 10)], 1.311, 1.0, 6, False, 0.0),
    (
        "0602010V0AAABAB",
        "Levothyroxine sodium 50microgram tablets",
        "Levothyroxine sodium",
        [(28, 8), (56, 2)],
        0.031,
        0.33,
        14,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0602010V0AAACAC",
        "Levothyroxine sodium 100microgram tablets",
        "Levothyroxine sodium",
        [(28, 8), (56, 2)],
        0.033,
        0.67,
        12,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0603020T0AAACAC",
        "Prednisolone 5mg tablets",
        "Prednisolone",
        [(28, 6), (56, 3), (30, 1)],
        0.033,
        1.0,
        6,
        True,
        1.0,
    ),  # fmt: skip
    (
        "0906040G0AAAGAG",
        "Colecalciferol 800unit capsules",
        "Colecalciferol",
        [(30, 5), (28, 3), (90, 2)],
        0.095,
        1.0,
        6,
        False,
        0.0,
    ),  # fmt: skip
    (
        "0901011N0AAAAAA",
        "Ferrous fumarate 210mg tablets",
        "Ferrous fumarate",
        [(84, 6), (28, 4)],
        0.021,
        1.0,
        4,
        False,
        0.0,
    ),  # fmt: skip
    ("1001010P0AAADAD", "Naproxen 500mg tablets", "Naproxen", [(28, 6), (56, 4)], 0.052, 1.0, 6, False, 0.4),
    ("1001010J0AAAEAE", "Ibuprofen 400mg tablets", "Ibuprofen", [(24, 6), (84, 4)], 0.031, 0.75, 4, False, 0.5),
]
EPD_REGION = ("SOUTH WEST", "Y58")
EPD_ICB = ("NHS CORNWALL AND THE ISLES OF SCILLY INTEGRATED CARE BOARD", "QT6")
EPD_PCO = ("NHS CORNWALL AND THE ISLES OF SCILLY ICB - 11N", "11N")
# code, name, address lines, postcode, patients (thousands; 0 for a service), setting, status, opened, closed
ODS_ORGS = [
    (
        "L82001",
        "CARNMARTH MEDICAL CENTRE",
        ["CARNMARTH ROAD", "REDRUTH", "CORNWALL", ""],
        "TR15 1AD",
        11.2,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L82002",
        "THE PENTIRE SURGERY",
        ["PENTIRE CRESCENT", "NEWQUAY", "", ""],
        "TR7 1PU",
        0,
        4,
        "C",
        "19740401",
        "20160331",
    ),  # fmt: skip
    (
        "L82004",
        "PENWITH VALLEY SURGERY",
        ["ALVERTON TERRACE", "PENZANCE", "CORNWALL", ""],
        "TR18 4JH",
        9.8,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L82007",
        "ST PIRAN'S SURGERY",
        ["CHAPEL HILL", "PERRANPORTH", "", ""],
        "TR6 0DD",
        6.1,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L82009",
        "MOUSEHOLE LANE SURGERY",
        ["MOUSEHOLE LANE", "NEWLYN", "PENZANCE", ""],
        "TR18 5PQ",
        0,
        4,
        "C",
        "19740401",
        "20190930",
    ),  # fmt: skip
    (
        "L82011",
        "LOWER MOOR HEALTH CENTRE",
        ["LOWER MOOR", "TRURO", "CORNWALL", ""],
        "TR1 2PX",
        13.5,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L82015",
        "TREVELLAS PRACTICE",
        ["TREVELLAS LANE", "ST AGNES", "", ""],
        "TR5 0XT",
        5.2,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L82019",
        "ROSEWARNE SURGERY",
        ["ROSEWARNE ROAD", "CAMBORNE", "CORNWALL", ""],
        "TR14 8AJ",
        12.4,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L82023",
        "CHYVOGUE MEDICAL GROUP",
        ["CHYVOGUE LANE", "PERRANARWORTHAL", "TRURO", "CORNWALL"],
        "TR3 7NP",
        8.7,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L82026",
        "PORTHLEVEN SURGERY",
        ["PEVERELL ROAD", "PORTHLEVEN", "HELSTON", ""],
        "TR13 9DH",
        0,
        4,
        "C",
        "19740401",
        "20210630",
    ),  # fmt: skip
    (
        "L82028",
        "MOUNT WHISTLE SURGERY",
        ["MOUNT WHISTLE ROAD", "REDRUTH", "", ""],
        "TR16 4BS",
        7.3,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L82033",
        "PENHALLOW HOUSE SURGERY",
        ["PENHALLOW ROAD", "NEWQUAY", "CORNWALL", ""],
        "TR7 2AH",
        10.6,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L82036",
        "KENWYN BRIDGE PRACTICE",
        ["KENWYN STREET", "TRURO", "", ""],
        "TR1 3DJ",
        9.1,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L82042",
        "TOLVADDON FAMILY PRACTICE",
        ["TOLVADDON DOWNS", "CAMBORNE", "", ""],
        "TR14 0HX",
        6.8,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L82047",
        "HAYLE ESTUARY SURGERY",
        ["FORE STREET", "COPPERHOUSE", "HAYLE", "CORNWALL"],
        "TR27 4DX",
        8.2,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L82051",
        "HELSTON ROAD SURGERY",
        ["HELSTON ROAD", "PENRYN", "", ""],
        "TR10 8RP",
        7.7,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L82054",
        "GOLDSITHNEY SURGERY",
        ["FORE STREET", "GOLDSITHNEY", "PENZANCE", ""],
        "TR20 9JZ",
        3.9,
        4,
        "C",
        "19740401",
        "20240131",
    ),  # fmt: skip
    (
        "L82058",
        "ST JUST MEDICAL PRACTICE",
        ["CAPE CORNWALL STREET", "ST JUST", "PENZANCE", ""],
        "TR19 7HX",
        0,
        4,
        "C",
        "19740401",
        "20140331",
    ),  # fmt: skip
    (
        "L83001",
        "CARLYON ROAD SURGERY",
        ["CARLYON ROAD", "ST AUSTELL", "CORNWALL", ""],
        "PL25 4LD",
        0,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83003",
        "BODMIN PRIORY PRACTICE",
        ["PRIORY ROAD", "BODMIN", "", ""],
        "PL31 2AB",
        0,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83006",
        "DOBWALLS SURGERY",
        ["DULOE ROAD", "DOBWALLS", "LISKEARD", ""],
        "PL14 6JA",
        0,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83008",
        "LAUNCESTON CASTLE PRACTICE",
        ["WESTGATE STREET", "LAUNCESTON", "CORNWALL", ""],
        "PL15 7AB",
        0,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83010",
        "POLGOOTH SURGERY",
        ["POLGOOTH", "ST AUSTELL", "", ""],
        "PL26 7BS",
        0,
        4,
        "C",
        "19740401",
        "20180331",
    ),  # fmt: skip
    (
        "L83012",
        "WADEBRIDGE CAMEL PRACTICE",
        ["EDDYSTONE ROAD", "WADEBRIDGE", "", ""],
        "PL27 7AL",
        0,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83014",
        "PADSTOW HARBOUR SURGERY",
        ["BODMIN ROAD", "PADSTOW", "", ""],
        "PL28 8BL",
        0,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83017",
        "CAMELFORD MOOR SURGERY",
        ["VICTORIA ROAD", "CAMELFORD", "", ""],
        "PL32 9XA",
        0,
        4,
        "D",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83019",
        "SALTASH TAMAR PRACTICE",
        ["CALLINGTON ROAD", "SALTASH", "CORNWALL", ""],
        "PL12 6DL",
        0,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83021",
        "CALLINGTON HILL SURGERY",
        ["BELLING ROAD", "CALLINGTON", "", ""],
        "PL17 7AQ",
        0,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83024",
        "LOOE HARBOUR PRACTICE",
        ["FORE STREET", "EAST LOOE", "LOOE", ""],
        "PL13 1AD",
        0,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83026",
        "TORPOINT PARADE SURGERY",
        ["FORE STREET", "TORPOINT", "", ""],
        "PL11 2AG",
        0,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83029",
        "BUDE STRATTON SURGERY",
        ["STRATTON ROAD", "BUDE", "", ""],
        "EX23 8AS",
        0,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83031",
        "LOSTWITHIEL QUAY SURGERY",
        ["NORTH STREET", "LOSTWITHIEL", "", ""],
        "PL22 0BL",
        0,
        4,
        "C",
        "19740401",
        "20220331",
    ),  # fmt: skip
    (
        "L83033",
        "FOWEY ESPLANADE PRACTICE",
        ["THE ESPLANADE", "FOWEY", "", ""],
        "PL23 1HY",
        0,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83036",
        "ST COLUMB MAJOR SURGERY",
        ["FAIR STREET", "ST COLUMB", "", ""],
        "TR9 6RL",
        0,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83038",
        "INDIAN QUEENS SURGERY",
        ["ST FRANCIS ROAD", "INDIAN QUEENS", "ST COLUMB", ""],
        "TR9 6QF",
        0,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83041",
        "MEVAGISSEY SURGERY",
        ["TREGONEY HILL", "MEVAGISSEY", "ST AUSTELL", ""],
        "PL26 6RD",
        0,
        4,
        "A",
        "19740401",
        "",
    ),  # fmt: skip
    (
        "L83044",
        "PELYNT ROAD SURGERY",
        ["PELYNT ROAD", "POLPERRO", "", ""],
        "PL13 2JE",
        0,
        4,
        "P",
        "20240401",
        "",
    ),  # fmt: skip
    (
        "Y01960",
        "TRELISKE COMMUNITY NURSING TEAM",
        ["TRELISKE", "TRURO", "", ""],
        "TR1 3HD",
        0,
        9,
        "A",
        "20050401",
        "",
    ),  # fmt: skip
    (
        "Y02817",
        "KERNOW OUT OF HOURS SERVICE",
        ["TRELISKE", "TRURO", "CORNWALL", ""],
        "TR1 3LJ",
        0,
        2,
        "A",
        "20060401",
        "",
    ),  # fmt: skip
    (
        "Y03410",
        "TREGOLLS CARE HOME",
        ["TREGOLLS ROAD", "TRURO", "", ""],
        "TR1 1LE",
        0,
        14,
        "A",
        "20130701",
        "",
    ),  # fmt: skip
    (
        "Y04288",
        "CORNWALL SEXUAL HEALTH SERVICE",
        ["STATION ROAD", "ST AUSTELL", "", ""],
        "PL25 4AL",
        0,
        8,
        "A",
        "20150401",
        "",
    ),  # fmt: skip
    (
        "Y05522",
        "WEST CORNWALL URGENT TREATMENT CENTRE",
        ["ST CLARE STREET", "PENZANCE", "", ""],
        "TR18 2PF",
        0,
        12,
        "A",
        "20190401",
        "",
    ),  # fmt: skip
    (
        "Y06011",
        "EAST CORNWALL MINOR INJURY UNIT",
        ["STATION ROAD", "LISKEARD", "", ""],
        "PL14 4DT",
        0,
        12,
        "C",
        "20190401",
        "20230331",
    ),  # fmt: skip
]
EPD_SERVICES = {"Y02817": 1.0, "Y05522": 0.7}  # urgent care services in the cut, with their relative size


def _build_epd(rng: random.Random) -> tuple[list[dict], list[dict]]:
    orgs = []
    for code, name, addr, post, size, setting, status, opened, closed in ODS_ORGS:
        orgs.append(
            {"code": code, "name": name, "addr": addr, "postcode": post, "size": size, "setting": setting,
             "status": status, "opened": opened, "closed": closed},
        )  # fmt: skip
    in_cut = [o for o in orgs if o["size"] > 0 or o["code"] in EPD_SERVICES]
    taste = {(o["code"], ch): rng.uniform(0.75, 1.3) for o in in_cut for ch in EPD_CHAPTERS}
    rows = []
    for month in EPD_MONTHS:
        for o in in_cut:
            if o["closed"] and int(o["closed"][:6]) < month:
                continue  # a practice that closed prescribes no more
            for code, desc, chem, qtys, price, adq, pop, winter, urgent in EPD_PRES:
                season = (EPD_WINTER if winter else EPD_GENERAL)[month]
                if o["code"] in EPD_SERVICES:
                    lam = urgent * 5 * EPD_SERVICES[o["code"]] * season
                else:
                    lam = pop * o["size"] / 10 * taste[(o["code"], code[:2])] * season
                items = _poisson(rng, lam)
                if not items:
                    continue
                split: dict[int, int] = {}
                for _ in range(items):
                    q = rng.choices([q for q, _w in qtys], [w for _q, w in qtys])[0]
                    split[q] = split.get(q, 0) + 1
                for q in sorted(split):
                    n = split[q]
                    nic = round(n * q * price * rng.uniform(0.97, 1.03), 2)
                    rows.append(
                        {"month": month, "practice": o["code"], "bnf": code, "desc": desc, "chem": chem,
                         "chapter": EPD_CHAPTERS[code[:2]], "qty": q, "items": n, "total_qty": n * q,
                         "adq": round(n * q * adq, 3), "nic": nic,
                         "cost": round(nic * 0.92657 + n * rng.uniform(0.005, 0.012), 5)},
                    )  # fmt: skip
    return rows, orgs


def _write_epd(t: Truth, d: Path) -> None:
    orgs = {o["code"]: o for o in t.orgs}
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(EPD_COLUMNS)
    for r in sorted(t.epd, key=lambda r: (r["month"], r["practice"], r["bnf"], r["qty"])):
        o = orgs[r["practice"]]
        w.writerow(
            [r["month"], *EPD_REGION, *EPD_ICB, *EPD_PCO, o["name"], o["code"], *o["addr"], o["postcode"],
             r["bnf"][:9], r["chem"], r["bnf"], r["desc"], r["chapter"], r["qty"], r["items"], r["total_qty"],
             f"{r['adq']:.3f}".rstrip("0").rstrip("."), f"{r['nic']:.2f}", f"{r['cost']:.5f}", "FALSE"],
        )  # fmt: skip
    (d / EPD_FILE).write_text(buf.getvalue(), encoding="utf-8", newline="")


def _write_ods(t: Truth, d: Path) -> None:
    rng = _rng("ods-render")
    buf = io.StringIO()
    w = csv.writer(buf, quoting=csv.QUOTE_ALL, lineterminator="\r\n")
    for o in t.orgs:  # sorted by code, as the file comes; no header row
        phone = f"01{rng.choice(['209', '326', '736', '872', '579', '208'])} {rng.randint(200000, 899999)}"
        joined = "20220701" if o["opened"] < "20220701" else o["opened"]
        left = o["closed"] if o["closed"] and o["closed"] >= "20220701" else ""
        w.writerow(
            [o["code"], o["name"], EPD_REGION[1], EPD_ICB[1], *o["addr"], "", o["postcode"], o["opened"], o["closed"],
             o["status"], "B", EPD_PCO[1], joined, left, phone, "", "", "", "0", "", EPD_PCO[1], "", o["setting"], ""],
        )  # fmt: skip
    (d / ODS_FILE).write_text(buf.getvalue(), encoding="utf-8", newline="")


# ==================================================================================================
# Steam: a game's reviews from the appreviews API
# ==================================================================================================

ST_APP = 2231470
ST_EA = datetime(2023, 4, 20, 17, 0, tzinfo=UTC)  # early access launch
ST_RELEASE = datetime(2024, 1, 18, 17, 0, tzinfo=UTC)  # version 1.0
ST_FETCHED = datetime(2024, 6, 1, 7, 30, tzinfo=UTC)
ST_N = 2000
# language, weight, share of positive reviews relative to English
ST_LANGS = [
    ("english", 55, 1.0), ("schinese", 14, 0.86), ("russian", 8, 1.0), ("brazilian", 5, 1.02), ("german", 4, 0.98),
    ("french", 3, 0.99), ("spanish", 2.5, 1.0), ("koreana", 2, 0.95), ("japanese", 2, 0.97), ("latam", 1.5, 1.02),
    ("polish", 1.5, 1.01), ("tchinese", 1.5, 0.93), ("turkish", 1, 1.0),
]  # fmt: skip
ST_TEXT = {
    "english": (
        ["Great roguelite, the lantern mechanic is genius.", "Runs feel different every time.", "Cozy art, brutal bosses.",
         "Worth every penny.", "The soundtrack slaps.", "One more run... it's 3am again.", "Solid early access, devs listen.",
         "Co-op is a blast with friends."],
        ["Too grindy after the first biome.", "Crashes on my Steam Deck.", "Balance is all over the place, nerf the spiders.",
         "Got boring after 10 hours.", "The 1.0 update ruined the meta.", "Performance is terrible in act 3."],
    ),
    "schinese": (["很好玩，推荐！", "美术风格很棒", "肉鸽爱好者必玩", "联机很有意思"], ["优化太差了", "没有中文配音", "后期太肝了"]),
    "russian": (["Отличная игра!", "Затягивает надолго", "Лучший рогалик года"], ["Скучно после 10 часов", "Вылетает постоянно"]),
    "brazilian": (["Jogo viciante demais", "Muito bom, recomendo"], ["Otimização ruim", "Ficou repetitivo"]),
    "german": (["Macht süchtig!", "Tolle Atmosphäre"], ["Zu viel Grind", "Stürzt ständig ab"]),
    "french": (["Excellent rogue-lite", "Très addictif"], ["Trop répétitif", "Mal optimisé"]),
    "spanish": (["Muy adictivo", "Arte precioso"], ["Demasiado repetitivo"]),
    "koreana": (["재밌어요", "강추합니다"], ["최적화가 별로"]),
    "japanese": (["面白い！", "中毒性がある"], ["難しすぎる"]),
    "latam": (["Buenísimo", "Lo recomiendo"], ["Se vuelve aburrido"]),
    "polish": (["Świetna gra", "Polecam"], ["Nudna po kilku godzinach"]),
    "tchinese": (["很好玩", "推薦"], ["優化很差"]),
    "turkish": (["Harika oyun", "Tavsiye ederim"], ["Çok tekrar ediyor"]),
}  # fmt: skip


def _st_time(rng: random.Random) -> datetime:
    while True:
        phase = rng.choices(["ea-launch", "ea", "release", "after"], [30, 33, 27, 10])[0]
        if phase == "ea-launch":
            t = ST_EA + timedelta(days=rng.expovariate(1 / 9))
        elif phase == "ea":
            t = ST_EA + (ST_RELEASE - ST_EA) * rng.random()
        elif phase == "release":
            t = ST_RELEASE + timedelta(days=rng.expovariate(1 / 14))
        else:
            t = ST_RELEASE + (ST_FETCHED - ST_RELEASE) * rng.random()
        if t < ST_FETCHED - timedelta(hours=2):
            return t.replace(microsecond=0)


def _build_steam(rng: random.Random) -> tuple[list[dict], list[list[int]]]:
    times = sorted(_st_time(rng) for _ in range(ST_N))
    reviews = []
    rid = 138_204_117
    for created in times:
        rid += rng.randint(8, 4000)
        lang, _w, tilt = rng.choices(ST_LANGS, [x[1] for x in ST_LANGS])[0]
        ea = created < ST_RELEASE
        up = rng.random() < (0.905 if ea else 0.795) * tilt
        mu = math.log(15 * 60) if up else math.log(4 * 60)
        at_review = max(3, int(rng.lognormvariate(mu, 1.0)))
        edited = rng.random()
        if edited < 0.86:
            updated = created
        elif edited < 0.93:
            updated = created + timedelta(days=rng.uniform(0.01, 20))
        else:
            updated = created + timedelta(days=rng.uniform(40, 220))
        if updated > ST_FETCHED - timedelta(hours=1):
            updated = created
        last = updated + (ST_FETCHED - updated) * rng.random() ** 2
        forever = at_review + int(rng.expovariate(1 / 600)) * (rng.random() < 0.7)
        recent = min(rng.randint(30, 900), forever) if (ST_FETCHED - last).days < 14 and forever > at_review else 0
        votes_up = int(rng.expovariate(1 / 2.5)) if rng.random() < 0.6 else 0
        good, bad = ST_TEXT[lang]
        text = " ".join(rng.sample(good if up else bad, rng.randint(1, min(2, len(good if up else bad)))))
        if lang == "english" and rng.random() < 0.25:
            text += rng.choice(["\n\n10/10", "\nEdit: fixed in the latest patch.", " :)", "\n\nPros: art\nCons: grind"])
        reviews.append(
            {"id": str(rid), "steamid": f"7656119{rng.randint(8_000_000_000, 9_999_999_999)}", "lang": lang,
             "text": text, "created": created, "updated": updated.replace(microsecond=0), "up": up, "ea": ea,
             "at_review": at_review, "forever": max(forever, at_review), "recent": recent,
             "last_played": last.replace(microsecond=0), "games": int(rng.lognormvariate(4.2, 1.1)) if rng.random() < 0.8 else 0,
             "nrev": 1 + int(rng.expovariate(1 / 6)), "votes_up": votes_up,
             "funny": 4294967295 if rng.random() < 0.002 else (int(rng.expovariate(1 / 0.8)) if rng.random() < 0.25 else 0),
             "score": 0 if votes_up == 0 else rng.uniform(0.45, 0.9), "comments": int(rng.expovariate(1)) if rng.random() < 0.08 else 0,
             "free": rng.random() < 0.04, "key": rng.random() < 0.05,
             "deck": rng.random() < 0.06 if created > datetime(2023, 9, 1, tzinfo=UTC) else None},
        )  # fmt: skip
    # filter=recent hands out the newest first; the cursor sometimes repeats the end of a page at the top of the next
    order = list(range(len(reviews)))[::-1]
    pages: list[list[int]] = []
    k = 0
    while k < len(order):
        page: list[int] = []
        if pages and rng.random() < 0.35:
            page.extend(pages[-1][-rng.randint(1, 3) :])
        while len(page) < 100 and k < len(order):
            page.append(order[k])
            k += 1
        pages.append(page)
    pages.append([])  # the empty page that ends the loop
    return reviews, pages


def _st_summary(t: Truth) -> str:
    share = sum(r["up"] for r in t.reviews) / len(t.reviews)
    if share >= 0.95:
        return "Overwhelmingly Positive"
    if share >= 0.80:
        return "Very Positive"
    return "Mostly Positive" if share >= 0.7 else "Mixed"


def _write_steam(t: Truth, d: Path) -> None:
    rng = _rng("steam-render")
    lines = []
    cursor = "*"
    for n, page in enumerate(t.pages):
        summary: dict = {"num_reviews": len(page)}
        if n == 0:
            pos = sum(r["up"] for r in t.reviews)
            summary.update(
                review_score=8, review_score_desc=_st_summary(t), total_positive=pos,
                total_negative=len(t.reviews) - pos, total_reviews=len(t.reviews),
            )  # fmt: skip
        out = []
        for i in page:
            r = t.reviews[i]
            author = {
                "steamid": r["steamid"], "num_games_owned": r["games"], "num_reviews": r["nrev"],
                "playtime_forever": r["forever"], "playtime_last_two_weeks": r["recent"],
                "playtime_at_review": r["at_review"], "last_played": int(r["last_played"].timestamp()),
            }  # fmt: skip
            if r["deck"]:
                author["deck_playtime_at_review"] = r["at_review"] // 3
            rev = {
                "recommendationid": r["id"], "author": author, "language": r["lang"], "review": r["text"],
                "timestamp_created": int(r["created"].timestamp()), "timestamp_updated": int(r["updated"].timestamp()),
                "voted_up": r["up"], "votes_up": r["votes_up"], "votes_funny": r["funny"],
                "weighted_vote_score": 0 if r["score"] == 0 else f"{r['score']:.18f}", "comment_count": r["comments"],
                "steam_purchase": not (r["free"] or r["key"]), "received_for_free": r["free"],
                "written_during_early_access": r["ea"], "hidden_in_steam_china": True, "steam_china_location": "",
            }  # fmt: skip
            if r["deck"] is not None:
                rev["primarily_steam_deck"] = r["deck"]
            out.append(rev)
        if page:
            cursor = "AoJ" + "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") for _ in range(21))  # fmt: skip
        lines.append(json.dumps({"success": 1, "query_summary": summary, "reviews": out, "cursor": cursor}, ensure_ascii=False))  # fmt: skip
    (d / ST_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")


# ==================================================================================================
# NYC 311 service requests, Brooklyn Community Board 6 (Parquet)
# ==================================================================================================

SR_COLUMNS = [
    "Unique Key", "Created Date", "Closed Date", "Agency", "Agency Name", "Complaint Type", "Descriptor",
    "Location Type", "Incident Zip", "Incident Address", "Street Name", "Cross Street 1", "Cross Street 2",
    "Intersection Street 1", "Intersection Street 2", "Address Type", "City", "Landmark", "Facility Type", "Status",
    "Due Date", "Resolution Description", "Resolution Action Updated Date", "Community Board", "BBL", "Borough",
    "X Coordinate (State Plane)", "Y Coordinate (State Plane)", "Open Data Channel Type", "Park Facility Name",
    "Park Borough", "Vehicle Type", "Taxi Company Borough", "Taxi Pick Up Location", "Bridge Highway Name",
    "Bridge Highway Direction", "Road Ramp", "Bridge Highway Segment", "Latitude", "Longitude", "Location",
]  # fmt: skip
SR_FLOATS = {"Incident Zip", "BBL", "X Coordinate (State Plane)", "Y Coordinate (State Plane)", "Latitude", "Longitude"}
SR_START = datetime(2024, 1, 1)
SR_END = datetime(2024, 4, 1)
SR_EXPORTED = datetime(2024, 4, 2, 9, 0)
SR_AGENCIES = {
    "NYPD": "New York City Police Department",
    "HPD": "Department of Housing Preservation and Development",
    "DSNY": "Department of Sanitation",
    "DOT": "Department of Transportation",
    "DEP": "Department of Environmental Protection",
    "DOHMH": "Department of Health and Mental Hygiene",
    "DPR": "Department of Parks and Recreation",
    "DOB": "Department of Buildings",
}
_NIGHT = [6, 3.5, 2, 1, 0.5, 0.3, 0.3, 0.5, 0.8, 1, 1.2, 1.4, 1.5, 1.7, 1.9, 2.1, 2.4, 2.9, 3.4, 4, 5, 6.5, 9.5, 7.5]
_DAY = [0.2, 0.1, 0.1, 0.1, 0.1, 0.2, 0.6, 1.5, 3, 4, 4.5, 4.5, 4.2, 4.2, 4, 3.8, 3.5, 3, 2.4, 1.8, 1.3, 0.9, 0.6, 0.4]
_HOME = [0.8, 0.5, 0.3, 0.3, 0.4, 1, 3, 4.5, 4, 3, 2.4, 2, 1.8, 1.6, 1.6, 1.8, 2.2, 2.8, 3.2, 3.4, 3.2, 2.8, 2.2, 1.4]
# complaint type: agency, descriptors, location types, expected count, hour profile, (median hours to close, spread),
# share created at midnight (a date without a time), share closed before created, the channels' weights
SR_TYPES = {
    "Noise - Residential": (
        "NYPD",
        ["Loud Music/Party", "Banging/Pounding", "Loud Talking"],
        ["Residential Building/House"],
        700,
        _NIGHT,
        (1.6, 0.9),
        0,
        0,
    ),  # fmt: skip
    "Illegal Parking": (
        "NYPD",
        [
            "Blocked Hydrant",
            "Posted Parking Sign Violation",
            "Double Parked Blocking Traffic",
            "Blocked Sidewalk",
            "Blocked Bike Lane",
        ],
        ["Street/Sidewalk"],
        640,
        _DAY,
        (2.5, 1.0),
        0,
        0,
    ),  # fmt: skip
    "Blocked Driveway": (
        "NYPD",
        ["No Access", "Partial Access"],
        ["Street/Sidewalk"],
        380,
        _HOME,
        (2.2, 0.9),
        0,
        0,
    ),  # fmt: skip
    "Noise - Street/Sidewalk": (
        "NYPD",
        ["Loud Music/Party", "Loud Talking"],
        ["Street/Sidewalk"],
        260,
        _NIGHT,
        (1.4, 0.9),
        0,
        0,
    ),  # fmt: skip
    "Noise - Vehicle": (
        "NYPD",
        ["Car/Truck Music", "Engine Idling", "Car/Truck Horn"],
        ["Street/Sidewalk"],
        150,
        _NIGHT,
        (1.5, 0.9),
        0,
        0,
    ),  # fmt: skip
    "Noise - Commercial": (
        "NYPD",
        ["Loud Music/Party", "Loud Talking"],
        ["Club/Bar/Restaurant", "Store/Commercial"],
        140,
        _NIGHT,
        (1.5, 0.9),
        0,
        0,
    ),  # fmt: skip
    "Noise - Park": (
        "NYPD",
        ["Loud Music/Party", "Loud Talking"],
        ["Park/Playground"],
        20,
        _NIGHT,
        (1.3, 0.9),
        0,
        0,
    ),  # fmt: skip
    "Abandoned Vehicle": (
        "NYPD",
        ["With License Plate", "Without License Plate"],
        ["Street/Sidewalk"],
        110,
        _DAY,
        (30, 1.2),
        0,
        0,
    ),  # fmt: skip
    "HEAT/HOT WATER": (
        "HPD",
        ["ENTIRE BUILDING", "APARTMENT ONLY"],
        ["RESIDENTIAL BUILDING"],
        420,
        _HOME,
        (42, 0.8),
        0,
        0,
    ),  # fmt: skip
    "UNSANITARY CONDITION": (
        "HPD",
        ["PESTS", "MOLD", "GARBAGE"],
        ["RESIDENTIAL BUILDING"],
        90,
        _HOME,
        (240, 0.7),
        0,
        0,
    ),  # fmt: skip
    "PLUMBING": (
        "HPD",
        ["WATER SUPPLY", "BATHTUB/SHOWER", "TOILET"],
        ["RESIDENTIAL BUILDING"],
        80,
        _HOME,
        (200, 0.7),
        0,
        0,
    ),  # fmt: skip
    "PAINT/PLASTER": ("HPD", ["WALL", "CEILING"], ["RESIDENTIAL BUILDING"], 60, _HOME, (260, 0.7), 0, 0),
    "WATER LEAK": ("HPD", ["SLOW LEAK", "HEAVY FLOW"], ["RESIDENTIAL BUILDING"], 60, _HOME, (150, 0.8), 0, 0),
    "Request Large Bulky Item Collection": (
        "DSNY",
        ["Request Large Bulky Item Collection"],
        ["Sidewalk"],
        300,
        _DAY,
        (60, 0.5),
        0,
        0,
    ),  # fmt: skip
    "Dirty Condition": (
        "DSNY",
        ["Trash", "Graffiti", "Dumping"],
        ["Sidewalk", "Street"],
        120,
        _DAY,
        (120, 0.8),
        0.15,
        0,
    ),  # fmt: skip
    "Missed Collection": (
        "DSNY",
        ["Trash", "Recycling - Paper", "Recycling - Metal/Glass/Plastic"],
        ["Sidewalk"],
        90,
        _DAY,
        (40, 0.6),
        0,
        0,
    ),  # fmt: skip
    "Street Condition": (
        "DOT",
        ["Pothole", "Defective Hardware", "Cave-in"],
        ["Street"],
        170,
        _DAY,
        (150, 0.9),
        0.3,
        0.04,
    ),  # fmt: skip
    "Street Light Condition": (
        "DOT",
        ["Street Light Out", "Street Light Cycling"],
        ["Street"],
        90,
        _DAY,
        (180, 0.9),
        0.3,
        0.03,
    ),  # fmt: skip
    "Traffic Signal Condition": (
        "DOT",
        ["Controller", "Ped Multiple Lamps"],
        ["Street"],
        40,
        _DAY,
        (6, 1.0),
        0,
        0,
    ),  # fmt: skip
    "Noise": (
        "DEP",
        [
            "Noise: Construction Before/After Hours (NM1)",
            "Noise: Alarms (PR3)",
            "Noise: air condition/ventilation equipment (NV1)",
            "Noise: Jack Hammering (NC2)",
        ],
        [None],
        180,
        _DAY,
        (170, 0.8),
        0,
        0,
    ),  # fmt: skip
    "Water System": (
        "DEP",
        ["Hydrant Running (WC3)", "Leak (Use Comments) (WA2)", "No Water (WNW)"],
        [None],
        70,
        _DAY,
        (30, 1.0),
        0,
        0,
    ),  # fmt: skip
    "Rodent": (
        "DOHMH",
        ["Rat Sighting", "Signs of Rodents"],
        ["3+ Family Apt. Building", "Vacant Lot"],
        90,
        _DAY,
        (300, 0.6),
        0,
        0,
    ),  # fmt: skip
    "Damaged Tree": (
        "DPR",
        ["Branch Cracked and Will Fall", "Tree Leaning/Uprooted"],
        ["Street"],
        60,
        _DAY,
        (250, 0.8),
        0,
        0,
    ),  # fmt: skip
    "General Construction/Plumbing": (
        "DOB",
        ["Working Contrary To Stop Work Order", "Illegal Conversion Of Residential Building/Space"],
        [None],
        50,
        _DAY,
        (400, 0.7),
        0,
        0,
    ),  # fmt: skip
}
SR_CHANNELS = {"NYPD": [3, 3, 4, 0.3], "HPD": [5, 3, 2, 0.2], "DSNY": [2, 6, 2, 0.2], "DOT": [3, 3, 3, 1], "DEP": [5, 3, 2, 0.3],
               "DOHMH": [3, 4, 3, 0.2], "DPR": [3, 4, 3, 0.2], "DOB": [4, 4, 2, 0.2]}  # PHONE ONLINE MOBILE UNKNOWN  # fmt: skip
SR_NOT_CLOSED = {"NYPD": ["In Progress", "Open"], "HPD": ["Open"], "DSNY": ["In Progress", "Pending", "Open"],
                 "DOT": ["Assigned", "Open", "In Progress"], "DEP": ["Started", "Open"], "DOHMH": ["In Progress", "Open"],
                 "DPR": ["Assigned", "In Progress"], "DOB": ["Open", "Assigned"]}  # fmt: skip
SR_RESOLUTION = {
    "NYPD": ["The Police Department responded to the complaint and took action to fix the condition.",
             "The Police Department responded to the complaint and with the information available observed no evidence of the violation at that time.",
             "The Police Department responded and upon arrival those responsible for the condition were gone.",
             "The Police Department reviewed your complaint and provided additional information below."],
    "HPD": ["The Department of Housing Preservation and Development contacted a tenant in the building and verified that the following conditions were corrected. The complaint has been closed. If the condition still exists, please file a new complaint.",
            "The Department of Housing Preservation and Development inspected the following conditions. Violations were issued. Information about specific violations is available at www.nyc.gov/hpd."],
    "DSNY": ["The Department of Sanitation collected the requested items.", "The Department of Sanitation investigated this complaint and found no condition at the location."],
    "DOT": ["The Department of Transportation inspected this complaint and repaired the problem.", "The Department of Transportation inspected the condition you reported and referred it to the appropriate agency."],
    "DEP": ["The Department of Environmental Protection did not observe a violation of the New York City Air/Noise Code at the time of inspection and could not issue a notice of violation.",
            "The Department of Environmental Protection has inspected your complaint and determined that it is not a DEP matter."],
    "DOHMH": ["The Department of Health and Mental Hygiene inspected the property and issued a Commissioner's Order to correct the conditions."],
    "DPR": ["The Department of Parks and Recreation visited the location and completed work to address the issue."],
    "DOB": ["The Department of Buildings attempted to investigate but could not gain access. A second attempt will be made."],
}  # fmt: skip
SR_STREETS = ["UNION STREET", "PRESIDENT STREET", "CARROLL STREET", "GARFIELD PLACE", "1 STREET", "3 STREET", "9 STREET",
              "5 AVENUE", "7 AVENUE", "4 AVENUE", "PROSPECT PARK WEST", "COURT STREET", "SMITH STREET", "HOYT STREET",
              "BERGEN STREET", "DEGRAW STREET", "VAN BRUNT STREET", "COLUMBIA STREET", "HENRY STREET", "BOND STREET"]  # fmt: skip
SR_ZIPS = [(11215, 45), (11217, 21), (11231, 26), (11201, 6)]


def _sr_when(rng: random.Random, hours: list[float], midnight: float) -> datetime:
    day = SR_START + timedelta(days=rng.randrange((SR_END - SR_START).days))
    if rng.random() < midnight:
        return day
    h = rng.choices(range(24), hours)[0]
    return day + timedelta(hours=h, minutes=rng.randrange(60), seconds=rng.randrange(60))


def _build_311(rng: random.Random) -> list[dict]:
    out = []
    for ctype, (agency, descs, locs, n, hours, (med, spread), midnight, before) in SR_TYPES.items():
        for _ in range(_poisson(rng, n)):
            created = _sr_when(rng, hours, midnight)
            if ctype == "HEAT/HOT WATER":  # a cold January
                while rng.random() < (created - SR_START).days / 140:
                    created = _sr_when(rng, hours, midnight)
            if rng.random() < before:
                closed: datetime | None = created - timedelta(hours=rng.uniform(1, 40))
            else:
                closed = created + timedelta(hours=rng.lognormvariate(math.log(med), spread))
            if closed > SR_EXPORTED or rng.random() < 0.01:
                closed = None
            zipc = rng.choices([z for z, _w in SR_ZIPS], [w for _z, w in SR_ZIPS])[0] if rng.random() > 0.015 else None
            out.append(
                {"type": ctype, "agency": agency, "desc": rng.choice(descs), "loc": rng.choice(locs),
                 "created": created.replace(microsecond=0), "closed": closed.replace(microsecond=0) if closed else None,
                 "status": "Closed" if closed else rng.choice(SR_NOT_CLOSED[agency]), "zip": zipc,
                 "channel": rng.choices(["PHONE", "ONLINE", "MOBILE", "UNKNOWN"], SR_CHANNELS[agency])[0]},
            )  # fmt: skip
    out.sort(key=lambda r: (r["created"], r["type"]))
    key = 59_842_000
    for r in out:
        key += rng.randint(1, 5)
        r["key"] = key
    return out


def _sr_text(t: datetime | None) -> str | None:
    return None if t is None else t.strftime("%m/%d/%Y %I:%M:%S %p")


def _write_311(t: Truth, d: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rng = _rng("311-render")
    cols: dict[str, list] = {c: [] for c in SR_COLUMNS}
    for r in sorted(t.requests, key=lambda r: r["key"], reverse=True):  # the portal's newest first
        street = rng.choice(SR_STREETS)
        crosses = rng.sample([s for s in SR_STREETS if s != street], 2)
        intersection = (
            r["agency"] in ("NYPD", "DOT") and r["loc"] in ("Street/Sidewalk", "Street") and rng.random() < 0.3
        )
        lat, lon = 40.668 + rng.random() * 0.022, -74.012 + rng.random() * 0.03
        unknown_place = r["zip"] is None
        res = None
        if r["closed"] is not None:
            res = rng.choice(SR_RESOLUTION[r["agency"]])
        elif rng.random() < 0.3:
            res = "The request has been received and is being reviewed."
        park = r["loc"] == "Park/Playground"
        row = {
            "Unique Key": r["key"], "Created Date": _sr_text(r["created"]), "Closed Date": _sr_text(r["closed"]),
            "Agency": r["agency"], "Agency Name": SR_AGENCIES[r["agency"]], "Complaint Type": r["type"],
            "Descriptor": r["desc"], "Location Type": r["loc"], "Incident Zip": None if r["zip"] is None else float(r["zip"]),
            "Incident Address": None if intersection or unknown_place else f"{rng.randint(1, 780)} {street}",
            "Street Name": None if intersection or unknown_place else street,
            "Cross Street 1": None if intersection or unknown_place else crosses[0],
            "Cross Street 2": None if intersection or unknown_place else crosses[1],
            "Intersection Street 1": street if intersection else None, "Intersection Street 2": crosses[0] if intersection else None,
            "Address Type": None if unknown_place else ("INTERSECTION" if intersection else "ADDRESS"),
            "City": None if unknown_place else "BROOKLYN", "Landmark": None, "Facility Type": "N/A" if r["agency"] == "DSNY" else None,
            "Status": r["status"], "Due Date": None,
            "Resolution Description": res,
            "Resolution Action Updated Date": _sr_text(r["closed"]) if r["closed"] else (_sr_text(r["created"] + timedelta(hours=rng.uniform(1, 30))) if res else None),
            "Community Board": "06 BROOKLYN", "BBL": None if intersection or unknown_place else float(3_000_000_000 + rng.randint(4_000, 10_999) * 10_000 + rng.randint(1, 80)),
            "Borough": "Unspecified" if unknown_place else "BROOKLYN",
            "X Coordinate (State Plane)": None if unknown_place else float(round(985_000 + (lon + 74.012) * 250_000)),
            "Y Coordinate (State Plane)": None if unknown_place else float(round(180_500 + (lat - 40.668) * 364_000)),
            "Open Data Channel Type": r["channel"], "Park Facility Name": "Prospect Park" if park else "Unspecified",
            "Park Borough": "Unspecified" if unknown_place else "BROOKLYN", "Vehicle Type": None, "Taxi Company Borough": None,
            "Taxi Pick Up Location": None, "Bridge Highway Name": None, "Bridge Highway Direction": None, "Road Ramp": None,
            "Bridge Highway Segment": None, "Latitude": None if unknown_place else round(lat, 8),
            "Longitude": None if unknown_place else round(lon, 8),
            "Location": None if unknown_place else f"({lat:.8f}, {lon:.8f})",
        }  # fmt: skip
        for c in SR_COLUMNS:
            cols[c].append(row[c])
    kinds = {
        c: pa.int64() if c == "Unique Key" else pa.float64() if c in SR_FLOATS else pa.string() for c in SR_COLUMNS
    }
    schema = pa.schema(list(kinds.items()))
    table = pa.table({c: pa.array(cols[c], type=schema.field(c).type) for c in SR_COLUMNS}, schema=schema)
    pq.write_table(table, d / SR_FILE, compression="snappy")


# ==================================================================================================
# Clockify: a studio's detailed time report (xlsx)
# ==================================================================================================

CK_COLUMNS = [
    "Project", "Client", "Description", "Task", "User", "Group", "Email", "Tags", "Billable", "Start Date",
    "Start Time", "End Date", "End Time", "Duration (h)", "Duration (decimal)", "Billable Rate (GBP)",
    "Billable Amount (GBP)",
]  # fmt: skip
# name, email, group, rate (£/h), weights over the projects below
CK_USERS = [
    ("Priya Shah", "priya@fernhill.studio", "Design", 85, [4, 3, 1, 2, 5, 2, 2]),
    ("Tom Okafor", "tom@fernhill.studio", "Development", 75, [5, 5, 3, 5, 0.5, 2, 0.5]),
    ("Ewa Nowak", "ewa@fernhill.studio", "Development", 75, [3, 4, 2, 6, 0.5, 2, 0.5]),
    ("Daniel Reyes", "daniel@fernhill.studio", "Management", 65, [2, 2, 2, 2, 2, 5, 2]),
    ("Hannah Clarke", "hannah@fernhill.studio", "Design", 50, [3, 2, 1, 1, 4, 2, 1]),
]
# project, client ('' for internal), billable, tasks, descriptions
CK_PROJECTS = [
    (
        "Website rebuild",
        "Harbour Bakery",
        True,
        ["Design", "Development", "QA"],
        ["Homepage layout", "Menu page", "Order form", "Accessibility fixes", "Image optimisation"],
    ),  # fmt: skip
    (
        "Shopify store",
        "Kestrel Outdoor",
        True,
        ["Development", "Design", "QA"],
        ["Product filters", "Checkout tweaks", "Theme update", "Size guide"],
    ),  # fmt: skip
    (
        "SEO retainer",
        "Kestrel Outdoor",
        True,
        ["Content", "Development"],
        ["Monthly report", "Keyword research", "Schema markup"],
    ),  # fmt: skip
    (
        "Booking app",
        "Northfield Council",
        True,
        ["Development", "QA", "Project management"],
        ["Room booking API", "Calendar sync", "Login with GOV.UK", "Bug bash", "Release notes"],
    ),  # fmt: skip
    (
        "Brand refresh",
        "Greyling Books",
        True,
        ["Design"],
        ["Logo options", "Colour palette", "Shop signage", "Bookmarks print run"],
    ),  # fmt: skip
    (
        "Internal",
        "",
        False,
        ["Admin", ""],
        ["Invoices", "Timesheets", "Inbox", "Portfolio update", "Hardware setup"],
    ),  # fmt: skip
    ("Pitches", "", False, ["Design", ""], ["Tender for museum site", "Pitch deck", "Proposal"]),
]
CK_START = date(2024, 1, 2)
CK_END = date(2024, 3, 28)
CK_HOLIDAYS = {date(2024, 1, 1), date(2024, 3, 29)}
CK_CRUNCH = ("Ewa Nowak", date(2024, 2, 13))  # a release day: her longest day


def _ck_tags(rng: random.Random, meeting: bool, client: str, bug: bool) -> list[str]:
    tags = []
    if meeting:
        tags.append("Meeting")
        if client:
            tags.append("Client")
        if rng.random() < 0.3:
            tags.append("Remote")
    else:
        if bug:
            tags.append("Bug")
        if rng.random() < 0.12:
            tags.append("Remote")
    return sorted(tags)


def _build_clockify(rng: random.Random) -> list[dict]:
    out = []
    day = CK_START
    while day <= CK_END:
        weekday = day.weekday()
        for name, email, group, rate, weights in CK_USERS:
            if day in CK_HOLIDAYS:
                continue
            if weekday >= 5:
                if rng.random() > 0.04:
                    continue
                target = rng.randint(90, 240)
            else:
                if rng.random() < 0.07:
                    continue  # leave
                target = rng.randint(390, 500)
            if (name, day) == CK_CRUNCH:
                target = 690
            t = datetime.combine(day, datetime.min.time()) + timedelta(minutes=rng.randint(8 * 60 + 35, 9 * 60 + 40))
            done = 0
            lunch = False
            if weekday == 0:
                mins = rng.randint(15, 30)
                out.append(
                    {"user": name, "email": email, "group": group, "rate": rate, "project": "Internal", "client": "",
                     "billable": False, "task": "", "desc": "Weekly standup", "tags": sorted(["Meeting"] + (["Remote"] if rng.random() < 0.3 else [])),
                     "start": t, "end": t + timedelta(minutes=mins)},
                )  # fmt: skip
                t += timedelta(minutes=mins + rng.randint(0, 10))
                done += mins
            while done < target:
                p = rng.choices(CK_PROJECTS, weights)[0]
                project, client, billable, tasks, descs = p
                meeting = rng.random() < (0.3 if name == "Daniel Reyes" else 0.12)
                bug = (
                    not meeting
                    and project in ("Website rebuild", "Booking app", "Shopify store")
                    and rng.random() < 0.2
                )
                mins = min(rng.randint(20, 50) if meeting else rng.randint(30, 170), target - done + 15)
                mins = max(mins, 10)
                warranty = bug and project == "Website rebuild" and rng.random() < 0.5
                desc = ("Client call" if client else "Team sync") if meeting else rng.choice(descs)
                if bug:
                    desc = rng.choice(["Fix: ", "Bug: "]) + desc.lower()
                out.append(
                    {"user": name, "email": email, "group": group, "rate": rate, "project": project, "client": client,
                     "billable": billable and not warranty and not (meeting and not client),
                     "task": "Meetings" if meeting and client else rng.choice(tasks), "desc": desc,
                     "tags": _ck_tags(rng, meeting, client, bug), "start": t, "end": t + timedelta(minutes=mins)},
                )  # fmt: skip
                done += mins
                t += timedelta(minutes=mins + rng.randint(0, 12))
                if not lunch and t.hour >= 12 and weekday < 5:
                    t += timedelta(minutes=rng.randint(30, 60))
                    lunch = True
            if name == "Tom Okafor" and weekday < 4 and rng.random() < 0.05:  # a late deploy, past midnight
                s = datetime.combine(day, datetime.min.time()) + timedelta(hours=22, minutes=rng.randint(0, 50))
                out.append(
                    {"user": name, "email": email, "group": group, "rate": rate, "project": "Booking app",
                     "client": "Northfield Council", "billable": True, "task": "Development", "desc": "Production deploy",
                     "tags": ["Deploy", "Overtime"], "start": s, "end": s + timedelta(minutes=rng.randint(80, 170))},
                )  # fmt: skip
        day += timedelta(days=1)
    for e in out:
        e["minutes"] = round((e["end"] - e["start"]).total_seconds() / 60)
        e["amount"] = round(e["rate"] * e["minutes"] / 60, 2) if e["billable"] else 0.0
    out.sort(key=lambda e: (e["start"], e["user"]))
    return out


def _write_clockify(t: Truth, d: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = "Detailed Report"
    ws.append(CK_COLUMNS)
    for c in ws[1]:
        c.font = Font(bold=True)
    for e in t.entries:
        h, m = divmod(e["minutes"], 60)
        ws.append(
            [e["project"], e["client"] or None, e["desc"], e["task"] or None, e["user"], e["group"], e["email"],
             ", ".join(e["tags"]) or None, "Yes" if e["billable"] else "No", e["start"].strftime("%d/%m/%Y"),
             e["start"].strftime("%H:%M:%S"), e["end"].strftime("%d/%m/%Y"), e["end"].strftime("%H:%M:%S"),
             f"{h:02d}:{m:02d}:00", round(e["minutes"] / 60, 2), float(e["rate"]), e["amount"]],
        )  # fmt: skip
    for col, width in zip("ABCDEFGHIJKLMNOPQ", [18, 18, 28, 18, 15, 12, 24, 18, 8, 11, 10, 11, 10, 12, 10, 10, 12]):
        ws.column_dimensions[col].width = width
    stamp = datetime(2024, 4, 2, 8, 15, 0)
    wb.properties.creator = "Clockify"
    wb.properties.created = stamp
    wb.properties.modified = stamp
    buf = io.BytesIO()
    wb.save(buf)
    # re-zip with fixed time stamps and the modified property reset, so the same records give the same bytes
    src = zipfile.ZipFile(io.BytesIO(buf.getvalue()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                text = body.decode("utf-8")
                text = re.sub(r"(<dcterms:modified[^>]*>)[^<]*", r"\g<1>2024-04-02T08:15:00Z", text)
                text = re.sub(r"(<dcterms:created[^>]*>)[^<]*", r"\g<1>2024-04-02T08:15:00Z", text)
                body = text.encode("utf-8")
            z.writestr(zipfile.ZipInfo(info.filename, date_time=(2024, 4, 2, 8, 15, 0)), body, zipfile.ZIP_DEFLATED)
    (d / CK_FILE).write_bytes(out.getvalue())


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    epd, orgs = _build_epd(_rng("epd"))
    reviews, pages = _build_steam(_rng("steam"))
    return Truth(
        epd=epd,
        orgs=orgs,
        reviews=reviews,
        pages=pages,
        requests=_build_311(_rng("311")),
        entries=_build_clockify(_rng("clockify")),
    )


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_epd(t, d)
    _write_ods(t, d)
    _write_steam(t, d)
    _write_311(t, d)
    _write_clockify(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout34-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
