"""The twenty-eighth held-out set's data: five files on four topics, each imitating a real public export.

* `estat_tour_occ_nim.tsv`: Eurostat's dataset tour_occ_nim (nights spent at tourist accommodation
  establishments, monthly) as its bulk download gives it: tab-separated, the dimension codes packed
  into one comma-separated first column (`freq,c_resid,unit,nace_r2,geo\\TIME_PERIOD`), one column a
  month with a trailing space in its header, values with status flags after a space (`1234567 p`),
  `:` where no value is available, the EU and euro-area aggregates among the countries, numbers and
  percentage changes (`NR`, `PCH_SM`) in one table.
* `CIK0001793405.json`: the SEC's XBRL "company facts" file of one (invented) listed company, as in
  `companyfacts.zip` or `GET https://data.sec.gov/api/xbrl/companyfacts/CIK##########.json`: facts by
  taxonomy, concept and unit, each fact repeated in every filing that reports it, `fy` and `fp` those of
  the filing, quarters and year-to-date periods side by side, a revenue concept that changed in 2018.
* `Streaming_History_Audio_2023_0.json`, `Streaming_History_Audio_2023-2024_1.json`: one listener's
  Spotify "Extended streaming history" (two JSON arrays split by size, as Spotify sends them): `ts` in
  UTC when a stream *ended*, `ms_played`, music and podcast episodes in one list, skips and zero-length
  plays, trips abroad.
* `KoboReader.sqlite`: the database of a Kobo e-reader (`.kobo/KoboReader.sqlite`): books and their
  chapters in one `content` table, highlights in `Bookmark`, collections in `Shelf` and `ShelfContent`
  with soft-deleted rows, reading time in seconds, dates as text in two formats.

Every record is built first with the standard library from a fixed seed (one random stream per
topic); the files are then rendered from those records, so the same seed gives the same bytes.
`truth()` returns the clean records the references are computed from.

    python data.py DIR   # writes the five files into DIR
"""

from __future__ import annotations

import functools
import json
import math
import os
import random
import re
import sqlite3
import string
import sys
import tempfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

SEED = 28_604_117
UTC = timezone.utc
LONDON = ZoneInfo("Europe/London")

ES_FILE = "estat_tour_occ_nim.tsv"
SEC_FILE = "CIK0001793405.json"
SP_FILE_0 = "Streaming_History_Audio_2023_0.json"
SP_FILE_1 = "Streaming_History_Audio_2023-2024_1.json"
KB_FILE = "KoboReader.sqlite"
FILES = [ES_FILE, SEC_FILE, SP_FILE_0, SP_FILE_1, KB_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    estat: (
        dict  # "nr": {(geo, c_resid, nace, ym): nights}, "cell": {(geo, c_resid, unit, nace, ym): (value|None, flag)}
    )
    sec: dict  # quarters and years (true amounts), filings, facts as filed
    spotify: list[dict]  # one dict per stream, in ts order (start and end as aware UTC datetimes)
    kobo: dict  # "books", "chapters", "bookmarks", "shelves", "shelf_content"


# ==================================================================================================
# Eurostat tour_occ_nim: nights spent at tourist accommodation, monthly (bulk TSV)
# ==================================================================================================

ES_MONTHS = [(y, m) for y in range(2019, 2025) for m in range(1, 13) if (y, m) <= (2024, 6)]
C_RESID = ["DOM", "FOR", "TOTAL"]
NACE = ["I551", "I551-I553", "I552", "I553"]  # sorted as the codes sort
UNITS = ["NR", "PCH_SM"]
EU27, EA20 = "EU27_2020", "EA20"
# code, English label, EU member, euro area (EA20), nights in 2019 (millions), residents' share,
# (hotels, holiday and short-stay, camping) shares, season, nights in 2023 over 2019
ES_GEO = [
    ("AT", "Austria", 1, 1, 153, 0.26, (0.70, 0.23, 0.07), "alpine", 0.99),
    ("BE", "Belgium", 1, 1, 41, 0.50, (0.55, 0.30, 0.15), "north", 0.97),
    ("BG", "Bulgaria", 1, 0, 26, 0.40, (0.88, 0.11, 0.01), "sun", 0.95),
    ("CY", "Cyprus", 1, 1, 18, 0.10, (0.96, 0.04, 0.0), "sun", 1.04),
    ("CZ", "Czechia", 1, 0, 57, 0.52, (0.70, 0.24, 0.06), "north", 0.93),
    ("DE", "Germany", 1, 1, 495, 0.80, (0.62, 0.27, 0.11), "north", 0.97),
    ("DK", "Denmark", 1, 0, 56, 0.55, (0.42, 0.30, 0.28), "north", 1.06),
    ("EE", "Estonia", 1, 1, 7, 0.35, (0.78, 0.20, 0.02), "north", 0.90),
    ("EL", "Greece", 1, 1, 131, 0.20, (0.82, 0.16, 0.02), "sun", 1.08),
    ("ES", "Spain", 1, 1, 469, 0.35, (0.72, 0.16, 0.12), "sun", 1.03),
    ("FI", "Finland", 1, 1, 23, 0.72, (0.75, 0.15, 0.10), "north", 0.98),
    ("FR", "France", 1, 1, 443, 0.70, (0.48, 0.27, 0.25), "mixed", 1.01),
    ("HR", "Croatia", 1, 1, 91, 0.08, (0.33, 0.42, 0.25), "sun", 1.05),
    ("HU", "Hungary", 1, 0, 33, 0.55, (0.80, 0.15, 0.05), "north", 0.99),
    ("IE", "Ireland", 1, 1, 40, 0.55, (0.80, 0.15, 0.05), "north", 1.00),
    ("IT", "Italy", 1, 1, 437, 0.50, (0.60, 0.25, 0.15), "sun", 1.02),
    ("LT", "Lithuania", 1, 1, 10, 0.50, (0.75, 0.22, 0.03), "north", 1.01),
    ("LU", "Luxembourg", 1, 1, 3, 0.10, (0.55, 0.15, 0.30), "north", 0.96),
    ("LV", "Latvia", 1, 1, 5.5, 0.40, (0.80, 0.17, 0.03), "north", 0.91),
    ("MT", "Malta", 1, 1, 11, 0.07, (0.92, 0.08, 0.0), "sun", 1.17),
    ("NL", "Netherlands", 1, 1, 130, 0.60, (0.45, 0.30, 0.25), "north", 1.02),
    ("PL", "Poland", 1, 0, 92, 0.80, (0.62, 0.33, 0.05), "north", 1.00),
    ("PT", "Portugal", 1, 1, 77, 0.35, (0.82, 0.10, 0.08), "sun", 1.09),
    ("RO", "Romania", 1, 0, 30, 0.80, (0.85, 0.13, 0.02), "north", 0.96),
    ("SE", "Sweden", 1, 0, 66, 0.75, (0.55, 0.20, 0.25), "north", 1.00),
    ("SI", "Slovenia", 1, 1, 16, 0.30, (0.62, 0.25, 0.13), "alpine", 1.04),
    ("SK", "Slovakia", 1, 1, 17, 0.60, (0.70, 0.27, 0.03), "north", 0.95),
    ("AL", "Albania", 0, 0, 5, 0.30, (0.85, 0.12, 0.03), "sun", 1.38),
    ("CH", "Switzerland", 0, 0, 56, 0.45, (0.70, 0.20, 0.10), "alpine", 1.05),
    ("IS", "Iceland", 0, 0, 8.5, 0.20, (0.60, 0.30, 0.10), "north", 1.03),
    ("LI", "Liechtenstein", 0, 0, 0.2, 0.10, (0.85, 0.10, 0.05), "alpine", 1.00),
    ("ME", "Montenegro", 0, 0, 12, 0.10, (0.55, 0.43, 0.02), "sun", 1.10),
    ("MK", "North Macedonia", 0, 0, 3.3, 0.40, (0.80, 0.17, 0.03), "sun", 1.12),
    ("NO", "Norway", 0, 0, 35, 0.70, (0.62, 0.13, 0.25), "north", 1.02),
    ("RS", "Serbia", 0, 0, 10, 0.60, (0.75, 0.23, 0.02), "north", 1.08),
    ("TR", "Türkiye", 0, 0, 190, 0.45, (1.0, 0.0, 0.0), "sun", 1.07),
]
ES_NAME = {g[0]: g[1] for g in ES_GEO} | {
    EU27: "European Union - 27 countries (from 2020)",
    EA20: "Euro area - 20 countries",
}
ES_MEMBERS = [g[0] for g in ES_GEO if g[2]]
ES_EURO = [g[0] for g in ES_GEO if g[3]]
SEASON = {
    "sun": [2, 2.5, 4, 6, 8, 11, 16, 17, 11, 6, 2.5, 2],
    "alpine": [11, 12, 10, 6, 6, 9, 13, 13, 8, 5, 3, 7],
    "north": [5, 5.5, 6.5, 7, 8.5, 9.5, 12, 11.5, 9, 8, 6.5, 6],
}
SEASON["mixed"] = [(a + b) / 2 for a, b in zip(SEASON["sun"], SEASON["north"])]
CAMP_SEASON = [0.5, 0.5, 1.5, 4, 8, 14, 26, 26, 11, 4, 1, 0.8]
COVID = {
    2020: [1.0, 0.95, 0.45, 0.05, 0.1, 0.35, 0.65, 0.7, 0.55, 0.4, 0.2, 0.2],
    2021: [0.15, 0.15, 0.2, 0.2, 0.35, 0.6, 0.85, 0.9, 0.8, 0.75, 0.6, 0.5],
    2022: [0.6, 0.7, 0.85, 0.93, 0.95, 0.97, 0.98, 0.98, 0.98, 0.99, 0.99, 0.99],
}
# cells kept free of flags (asked for by the easy questions, which should be plain look-ups)
ES_PLAIN = {("ES", "FOR", "I551-I553", (2023, 8)), ("EL", "FOR", "I551", (2023, 7))} | {
    ("IT", "TOTAL", "I551-I553", (2023, m)) for m in range(1, 13)
}


def _norm(w: list[float]) -> list[float]:
    s = sum(w)
    return [x / s for x in w]


def _build_estat(rng: random.Random) -> dict:
    months = [(2018, m) for m in range(1, 13)] + ES_MONTHS
    nr: dict = {}
    for code, _, _, _, base, dom, shares, season, ratio in ES_GEO:
        g24 = 1.03 + rng.gauss(0, 0.015)
        r = {"DOM": ratio * (1 + rng.gauss(0, 0.015)), "FOR": ratio * (1 + rng.gauss(0, 0.015))}
        covid = {(y, m): COVID[y][m - 1] * (1 + rng.gauss(0, 0.06)) for y in COVID for m in range(1, 13)}
        for c, share_c in (("DOM", dom), ("FOR", 1 - dom)):
            for n, share_n in zip(("I551", "I552", "I553"), shares):
                w = _norm(CAMP_SEASON if n == "I553" else SEASON[season])
                for y, m in months:
                    if y == 2018:
                        f = 0.97
                    elif y == 2019:
                        f = 1.0
                    elif y in COVID:
                        f = min(1.0, covid[(y, m)] ** (1.5 if c == "FOR" else 0.8))
                    elif y == 2023:
                        f = r[c]
                    else:
                        f = r[c] * g24
                    v = base * 1e6 * share_c * share_n * w[m - 1] * f * (1 + rng.gauss(0, 0.03))
                    nr[(code, c, n, (y, m))] = max(0, int(round(v)))
    for key in list(nr):
        code, c, n, ym = key
        if c == "DOM" and n == "I551":
            for cc in ("DOM", "FOR"):
                nr[(code, cc, "I551-I553", ym)] = sum(nr[(code, cc, x, ym)] for x in ("I551", "I552", "I553"))
    for key in list(nr):
        code, c, n, ym = key
        if c == "DOM":
            nr[(code, "TOTAL", n, ym)] = nr[key] + nr[(code, "FOR", n, ym)]
    for agg, members in ((EU27, ES_MEMBERS), (EA20, ES_EURO)):
        for c in C_RESID:
            for n in NACE:
                for ym in months:
                    nr[(agg, c, n, ym)] = sum(nr[(g, c, n, ym)] for g in members)

    # which cells are published, and with which flag
    last_month = {}
    for code in [g[0] for g in ES_GEO]:
        r = rng.random()
        last_month[code] = (2024, 6) if r < 0.65 else (2024, 5) if r < 0.9 else (2024, 4)
    last_month["IE"] = (2024, 5)
    last_month["DE"] = (2024, 6)
    breaks = {("DE", (2023, 1)), ("NL", (2021, 1)), ("PL", (2020, 1))}

    def status(code: str, c: str, n: str, ym: tuple[int, int]) -> tuple[bool, str]:
        """(published, flag) of a country's cell in number of nights."""
        if ym > last_month[code] or (code == "IE" and (2020, 4) <= ym <= (2021, 5)):
            return False, ""
        if code == "TR" and n != "I551":
            return False, ""
        if code in ("CY", "MT") and n == "I553":
            return False, ""  # no campsites: not applicable
        if (code == "LI" and n in ("I552", "I553")) or (code == "LV" and n == "I553" and ym[1] in (11, 12, 1, 2, 3)):
            return False, "c"  # confidential
        flags = set()
        if (code, ym) in breaks:
            flags.add("b")
        lm = last_month[code]
        if ym[0] == 2024 and (lm[0] * 12 + lm[1]) - (ym[0] * 12 + ym[1]) < 3:
            flags.add("p")
        if code == "LI" and rng.random() < 0.15:
            flags.add("u")
        if (code, c, n, ym) not in ES_PLAIN and rng.random() < 0.015:
            flags.add("e")
        if (code, c, n, ym) in ES_PLAIN:
            flags.clear()
        return True, "".join(sorted(flags))

    cell: dict = {}
    for code in [g[0] for g in ES_GEO]:
        for c in C_RESID:
            for n in NACE:
                for ym in ES_MONTHS:
                    ok, flag = status(code, c, n, ym)
                    cell[(code, c, "NR", n, ym)] = (nr[(code, c, n, ym)] if ok else None, flag)
    for agg, members in ((EU27, ES_MEMBERS), (EA20, ES_EURO)):
        for c in C_RESID:
            for n in NACE:
                for ym in ES_MONTHS:
                    if ym == (2024, 6):
                        cell[(agg, c, "NR", n, ym)] = (None, "")
                        continue
                    flags = set()
                    for g in members:
                        v, f = cell[(g, c, "NR", n, ym)]
                        if v is None and f == "" and not (g in ("CY", "MT") and n == "I553"):
                            flags.add("e")  # a member's value not available: the aggregate is estimated
                        if "p" in f:
                            flags.add("p")
                    cell[(agg, c, "NR", n, ym)] = (nr[(agg, c, n, ym)], "".join(sorted(flags)))
    # percentage change on the same month of the previous year, from the same counts
    for (code, c, _unit, n, ym), (v, flag) in list(cell.items()):  # the NR cells
        prev_ym = (ym[0] - 1, ym[1])
        prev = nr[(code, c, n, prev_ym)] if prev_ym[0] == 2018 else cell[(code, c, "NR", n, prev_ym)][0]
        if v is None or prev is None or prev == 0:
            cell[(code, c, "PCH_SM", n, ym)] = (None, flag if v is None else "")
        else:
            pf = "".join(sorted(set(flag) & {"b", "p"}))
            cell[(code, c, "PCH_SM", n, ym)] = (round(100 * (v / prev - 1), 1), pf)
    return {"nr": nr, "cell": cell, "last_month": last_month}


def _es_cell(v, flag: str) -> str:
    if v is None:
        return ":" + (f" {flag}" if flag else "")
    s = f"{v:.1f}" if isinstance(v, float) else str(v)
    return s + (f" {flag}" if flag else "")


def _write_estat(t: Truth, d: Path) -> None:
    geos = sorted([g[0] for g in ES_GEO] + [EU27, EA20])
    head = "freq,c_resid,unit,nace_r2,geo\\TIME_PERIOD\t" + "\t".join(f"{y}-{m:02d} " for y, m in ES_MONTHS)
    lines = [head]
    cell = t.estat["cell"]
    for c in C_RESID:
        for unit in UNITS:
            for n in NACE:
                for g in geos:
                    vals = [_es_cell(*cell[(g, c, unit, n, ym)]) for ym in ES_MONTHS]
                    lines.append(f"M,{c},{unit},{n},{g}\t" + "\t".join(vals))
    (d / ES_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")


# ==================================================================================================
# SEC EDGAR XBRL company facts (JSON, one company)
# ==================================================================================================

CIK = 1793405
SEC_NAME = "Pinecrest Outdoor Brands, Inc."
REV_OLD, REV_NEW = "Revenues", "RevenueFromContractWithCustomerExcludingAssessedTax"
REV_SWITCH = date(2018, 4, 1)  # filings from the first quarter of 2018 on tag revenue with the ASC 606 concept
SEC_GROWTH = {
    2014: 0.08,
    2015: 0.10,
    2016: 0.34,
    2017: 0.09,
    2018: 0.07,
    2019: 0.05,
    2020: -0.12,
    2021: 0.25,
    2022: 0.06,
    2023: 0.03,
    2024: 0.04,
    2025: 0.05,
}
SEC_LABELS = {
    REV_OLD: (
        "Revenues",
        "Amount of revenue recognized from goods sold, services rendered, insurance premiums, or other activities "
        "that constitute an earning process. Includes, but is not limited to, investment and interest income before "
        "deduction of interest expense when recognized as a component of revenue, and sales and trading gain (loss).",
    ),
    REV_NEW: (
        "Revenue from Contract with Customer, Excluding Assessed Tax",
        "Amount, excluding tax collected from customer, of revenue from satisfaction of performance obligation by "
        "transferring promised good or service to customer. Tax collected from customer is tax assessed by "
        "governmental authority that is both imposed on and concurrent with specific revenue-producing transaction, "
        "including, but not limited to, sales, use, value added and excise.",
    ),
    "CostOfRevenue": (
        "Cost of Revenue",
        "The aggregate cost of goods produced and sold and services rendered during the reporting period.",
    ),
    "GrossProfit": (
        "Gross Profit",
        "Aggregate revenue less cost of goods and services sold or operating expenses directly attributable to the "
        "revenue generation activity.",
    ),
    "OperatingIncomeLoss": (
        "Operating Income (Loss)",
        "The net result for the period of deducting operating expenses from operating revenues.",
    ),
    "NetIncomeLoss": (
        "Net Income (Loss) Attributable to Parent",
        "The portion of profit or loss for the period, net of income taxes, which is attributable to the parent.",
    ),
    "EarningsPerShareBasic": (
        "Earnings Per Share, Basic",
        "The amount of net income (loss) for the period per each share of common stock or unit outstanding during "
        "the reporting period.",
    ),
    "EarningsPerShareDiluted": (
        "Earnings Per Share, Diluted",
        "The amount of net income (loss) for the period available to each share of common stock or common unit "
        "outstanding during the reporting period and to each share or unit that would have been outstanding "
        "assuming the issuance of common shares or units for all dilutive potential common shares or units "
        "outstanding during the reporting period.",
    ),
    "WeightedAverageNumberOfDilutedSharesOutstanding": (
        "Weighted Average Number of Shares Outstanding, Diluted",
        "The average number of shares or units issued and outstanding that are used in calculating diluted EPS or "
        "earnings per unit (EPU), determined based on the timing of issuance of shares or units in the period.",
    ),
    "PaymentsToAcquirePropertyPlantAndEquipment": (
        "Payments to Acquire Property, Plant, and Equipment",
        "The cash outflow associated with the acquisition of long-lived, physical assets that are used in the "
        "normal conduct of business to produce goods and services and not intended for resale; includes cash "
        "outflows to pay for construction of self-constructed assets.",
    ),
    "Assets": (
        "Assets",
        "Sum of the carrying amounts as of the balance sheet date of all assets that are recognized. Assets are "
        "probable future economic benefits obtained or controlled by an entity as a result of past transactions "
        "or events.",
    ),
    "CashAndCashEquivalentsAtCarryingValue": (
        "Cash and Cash Equivalents, at Carrying Value",
        "Amount of currency on hand as well as demand deposits with banks or financial institutions. Includes "
        "other kinds of accounts that have the general characteristics of demand deposits.",
    ),
    "EntityCommonStockSharesOutstanding": (
        "Entity Common Stock, Shares Outstanding",
        "Indicate number of shares or other units outstanding of each of registrant's classes of capital or common "
        "stock or other ownership interests, if and as stated on cover of related periodic report. Where multiple "
        "classes or units exist define each class/interest by adding class of stock items such as Common Class A "
        "[Member], Common Class B [Member] or Partnership Interest [Member] onto the Instrument [Domain] of the "
        "Entity Listings, Instrument.",
    ),
    "EntityPublicFloat": (
        "Entity Public Float",
        "The aggregate market value of the voting and non-voting common equity held by non-affiliates computed by "
        "reference to the price at which the common equity was last sold, or the average bid and asked price of "
        "such common equity, as of the last business day of the registrant's most recently completed second fiscal "
        "quarter.",
    ),
}
INCOME = [
    "REV",
    "CostOfRevenue",
    "GrossProfit",
    "OperatingIncomeLoss",
    "NetIncomeLoss",
    "EarningsPerShareBasic",
    "EarningsPerShareDiluted",
    "WeightedAverageNumberOfDilutedSharesOutstanding",
]


def _q_start(y: int, k: int) -> date:
    return date(y, 3 * k - 2, 1)


def _q_end(y: int, k: int) -> date:
    return date(y, 3 * k + 1, 1) - timedelta(days=1) if k < 4 else date(y, 12, 31)


def _build_sec(rng: random.Random) -> dict:
    years = list(range(2013, 2026))
    rev_y = {2013: 612_400.0}
    for y in years[1:]:
        rev_y[y] = rev_y[y - 1] * (1 + SEC_GROWTH[y] + rng.gauss(0, 0.004))
    q: dict = {}  # (y, k) -> amounts in thousands of dollars (shares in shares, eps in dollars)
    shares_base = 51_200_000.0
    for y in years:
        shares = [0.21, 0.27, 0.28, 0.24] if y != 2020 else [0.25, 0.13, 0.32, 0.30]
        shares = _norm([s * (1 + rng.gauss(0, 0.012)) for s in shares])
        for k in range(1, 5):
            if y == 2025 and k > 1:
                break
            rev = round(rev_y[y] * shares[k - 1])
            gross = round(rev * (0.42 + rng.gauss(0, 0.008)))
            opex = 0.31 * rev + 0.02 * rev_y[y] / 4 + rng.gauss(0, 0.002) * rev
            if (y, k) == (2016, 3):
                opex += 0.07 * rev_y[y]  # acquisition and integration costs
            if (y, k) == (2016, 4):
                opex += 0.06 * rev_y[y]  # goodwill impairment
            if (y, k) == (2020, 2):
                opex += 0.11 * rev_y[y]  # store closures and inventory write-downs
            oi = gross - round(opex)
            pretax = oi - 3_000
            ni = round(pretax * 0.76)
            if y == 2016 and k >= 2:
                shares_base += 1_150_000  # shares issued for the acquisition
            if y >= 2017:
                shares_base -= 95_000 + rng.randint(0, 30_000)  # buy-backs
            dil = int(round(shares_base + rng.gauss(0, 40_000)))
            basic = dil - 610_000 if ni > 0 else dil
            q[(y, k)] = {
                "REV": rev,
                "CostOfRevenue": rev - gross,
                "GrossProfit": gross,
                "OperatingIncomeLoss": oi,
                "NetIncomeLoss": ni,
                "dil": dil,
                "basic": basic,
                "capex": round(rev * 0.045 * (1 + rng.gauss(0, 0.15))),
                "assets": round(rev_y[y] * (1.1 + rng.gauss(0, 0.03))),
                "cash": round(rev_y[y] * (0.09 + rng.gauss(0, 0.015))),
                "outstanding": int(basic - rng.randint(0, 200_000)),
            }

    def period(y: int, ks: list[int]) -> dict:
        """Sums over quarters ks of year y (a year-to-date or a full year)."""
        out = {c: sum(q[(y, k)][c] for k in ks) for c in ("REV", "CostOfRevenue", "GrossProfit")}
        out |= {c: sum(q[(y, k)][c] for k in ks) for c in ("OperatingIncomeLoss", "NetIncomeLoss", "capex")}
        dil = int(round(sum(q[(y, k)]["dil"] for k in ks) / len(ks)))
        basic = int(round(sum(q[(y, k)]["basic"] for k in ks) / len(ks)))
        if out["NetIncomeLoss"] < 0:
            basic = dil
        out["WeightedAverageNumberOfDilutedSharesOutstanding"] = dil
        out["EarningsPerShareDiluted"] = round(out["NetIncomeLoss"] * 1000 / dil, 2)
        out["EarningsPerShareBasic"] = round(out["NetIncomeLoss"] * 1000 / basic, 2)
        return out

    # the filings: a 10-K for each year from 2015, 10-Qs for the first three quarters from 2016
    filings = []
    for y in range(2015, 2025):
        filings.append(
            {"form": "10-K", "fy": y, "fp": "FY", "y": y, "k": 4, "filed": date(y + 1, 2, rng.randint(19, 28))}
        )
    for y in range(2016, 2026):
        for k in (1, 2, 3):
            if y == 2025 and k > 1:
                break
            filed = {1: date(y, 5, rng.randint(1, 8)), 2: date(y, 8, rng.randint(1, 8)), 3: date(y, 10, 29)}[k]
            if k == 3:
                filed += timedelta(days=rng.randint(0, 7))
            filings.append({"form": "10-Q", "fy": y, "fp": f"Q{k}", "y": y, "k": k, "filed": filed})
    filings.sort(key=lambda f: f["filed"])
    seq: dict = {}
    for f in filings:
        yy = f["filed"].year
        seq[yy] = seq.get(yy, rng.randint(3, 9)) + rng.randint(1, 6)
        f["accn"] = f"{CIK:010d}-{yy % 100:02d}-{seq[yy]:06d}"
        # the cover page's share count, as of a few weeks after the period
        y, k = f["y"], f["k"]
        f["cover_date"] = f["filed"] - timedelta(days=rng.randint(6, 14))
        nxt = (y + 1, 1) if k == 4 else (y, k + 1)
        f["outstanding"] = q[nxt]["outstanding"] if nxt in q else q[(y, k)]["outstanding"] - rng.randint(0, 90_000)

    facts: list[dict] = []  # concept, unit, start, end, val, filing

    def add(concept: str, unit: str, start: date | None, end: date, val, f: dict) -> None:
        facts.append({"concept": concept, "unit": unit, "start": start, "end": end, "val": val, "filing": f})

    for f in filings:
        y, k = f["y"], f["k"]
        rev_tag = REV_OLD if f["filed"] < REV_SWITCH else REV_NEW
        if f["form"] == "10-K":
            spans = [(yy, [1, 2, 3, 4]) for yy in (y, y - 1, y - 2)]
            capex_spans = spans
            instants = [(y, 4), (y - 1, 4)]
        else:
            spans = [(yy, [k]) for yy in (y, y - 1)] + (
                [(yy, list(range(1, k + 1))) for yy in (y, y - 1)] if k > 1 else []
            )
            capex_spans = [(yy, list(range(1, k + 1))) for yy in (y, y - 1)]
            instants = [(y, k), (y - 1, 4)]
        for yy, ks in spans:
            p = period(yy, ks)
            start, end = _q_start(yy, ks[0]), _q_end(yy, ks[-1])
            for c in INCOME:
                concept = rev_tag if c == "REV" else c
                if c.startswith("EarningsPerShare"):
                    add(concept, "USD/shares", start, end, p[c], f)
                elif c.startswith("Weighted"):
                    add(concept, "shares", start, end, p[c], f)
                else:
                    add(concept, "USD", start, end, p[c] * 1000, f)
        for yy, ks in capex_spans:
            p = period(yy, ks)
            add(
                "PaymentsToAcquirePropertyPlantAndEquipment",
                "USD",
                _q_start(yy, ks[0]),
                _q_end(yy, ks[-1]),
                p["capex"] * 1000,
                f,
            )
        for yy, kk in instants:
            add("Assets", "USD", None, _q_end(yy, kk), q[(yy, kk)]["assets"] * 1000, f)
            add("CashAndCashEquivalentsAtCarryingValue", "USD", None, _q_end(yy, kk), q[(yy, kk)]["cash"] * 1000, f)
        add("EntityCommonStockSharesOutstanding", "shares", None, f["cover_date"], f["outstanding"], f)
        if f["form"] == "10-K":
            price = 18 + 6 * math.sin(y) + rng.random() * 4
            add("EntityPublicFloat", "USD", None, date(y, 6, 30), int(round(q[(y, 2)]["basic"] * 0.93 * price, -3)), f)
    return {"q": q, "period": period, "filings": filings, "facts": facts}


def _frame(fa: dict) -> str | None:
    s, e = fa["start"], fa["end"]
    if s is None:
        return f"CY{e.year}Q{(e.month - 1) // 3 + 1}I" if e == _q_end(e.year, (e.month - 1) // 3 + 1) else None
    days = (e - s).days + 1
    if 360 <= days <= 366:
        return f"CY{e.year}"
    if 89 <= days <= 92:
        return f"CY{e.year}Q{(e.month - 1) // 3 + 1}"
    return None


def _write_sec(t: Truth, d: Path) -> None:
    facts = t.sec["facts"]
    # each calendar frame goes to the last filed fact for that concept, unit and period
    latest: dict = {}
    for i, fa in enumerate(facts):
        key = (fa["concept"], fa["unit"], fa["start"], fa["end"])
        if key not in latest or fa["filing"]["filed"] >= facts[latest[key]]["filing"]["filed"]:
            latest[key] = i
    framed = {i for i in latest.values() if facts[i]["concept"] != "EntityCommonStockSharesOutstanding"}
    out: dict = {"cik": CIK, "entityName": SEC_NAME, "facts": {"dei": {}, "us-gaap": {}}}
    order = ["EntityCommonStockSharesOutstanding", "EntityPublicFloat"] + sorted(
        {fa["concept"] for fa in facts} - {"EntityCommonStockSharesOutstanding", "EntityPublicFloat"}
    )
    for concept in order:
        tax = "dei" if concept.startswith("Entity") else "us-gaap"
        label, desc = SEC_LABELS[concept]
        units: dict = {}
        rows = [(i, fa) for i, fa in enumerate(facts) if fa["concept"] == concept]
        rows.sort(key=lambda r: (r[1]["end"], r[1]["start"] or r[1]["end"], r[1]["filing"]["filed"]))
        for i, fa in rows:
            f = fa["filing"]
            o = {}
            if fa["start"] is not None:
                o["start"] = fa["start"].isoformat()
            o |= {
                "end": fa["end"].isoformat(),
                "val": fa["val"],
                "accn": f["accn"],
                "fy": f["fy"],
                "fp": f["fp"],
                "form": f["form"],
                "filed": f["filed"].isoformat(),
            }
            if i in framed and _frame(fa):
                o["frame"] = _frame(fa)
            units.setdefault(fa["unit"], []).append(o)
        out["facts"][tax][concept] = {"label": label, "description": desc, "units": units}
    (d / SEC_FILE).write_text(json.dumps(out, separators=(",", ":"), ensure_ascii=False), encoding="utf-8")


# ==================================================================================================
# Spotify Extended streaming history (two JSON arrays)
# ==================================================================================================

SP_START, SP_END = date(2023, 1, 1), date(2024, 6, 30)
PARTY_DAY = date(2023, 7, 15)  # Saturday: a party the night before, and late listening that night
FAV_TRACK, FAV_ARTIST = "Glasshouse Summer", "The Lantern Tides"
# (artist, weight, era): era "all", "old" (fades in 2024) or "new" (first played in 2024)
SP_ARTISTS = [
    ("The Lantern Tides", 36, "all"),
    ("Mira Solenne", 22, "all"),
    ("Cobalt Avenue", 18, "old"),
    ("Hollow Pines", 16, "all"),
    ("June Okafor", 14, "all"),
    ("The Paper Orchards", 12, "old"),
    ("Saltmarsh", 11, "all"),
    ("Velvet Harbour", 10, "all"),
    ("Nils Aberg", 9, "old"),
    ("Kestrel & Vine", 9, "all"),
    ("Lowland Radio", 8, "all"),
    ("Amara Quist", 8, "old"),
    ("The Winter Sails", 7, "all"),
    ("Dune Collective", 7, "all"),
    ("Fennel", 6, "all"),
    ("Marisol Vega", 6, "old"),
    ("Brightwater Youth", 6, "all"),
    ("Theo Lindqvist", 5, "all"),
    ("Glass Animals of Leeds", 5, "old"),
    ("Parallel Coast", 5, "all"),
    ("Ivy Larkspur", 4, "all"),
    ("Northbound Static", 4, "all"),
    ("Rosa Mendel", 4, "old"),
    ("The Quiet Foxes", 4, "all"),
    ("Ostrava Nights", 3, "all"),
    ("Sable Island", 3, "all"),
    ("Hana Morikawa", 3, "all"),
    ("Blue Meridian", 3, "old"),
    ("Chalk Hill Band", 3, "all"),
    ("Lior Ben-David", 2, "all"),
    ("Copperline", 2, "all"),
    ("Elsewhere Choir", 2, "all"),
    ("Tamsin Greaves", 2, "old"),
    ("Yellow Kites", 2, "all"),
    ("Morning Tram", 2, "all"),
    ("Ada Rhee", 1.5, "all"),
    ("Pelican Bay", 1.5, "all"),
    ("Gorse", 1.5, "old"),
    ("The Understudies", 1, "all"),
    ("Wren Harlow", 1, "all"),
    ("Clementine Park", 14, "new"),
    ("Sunday Static", 9, "new"),
    ("Aurelia Knox", 7, "new"),
    ("Field Notes", 4, "new"),
    ("Harbour Lights Club", 2.5, "new"),
]
SP_SHOWS = [
    ("The Commute Briefing", 13, 3),  # (show, minutes an episode, weight)
    ("Half-Past History", 48, 3.4),
    ("Kitchen Table Science", 32, 1.6),
    ("Boundary Lines", 55, 1.0),
]
WORDS_A = (
    "Glass Paper Silver Quiet Northern Amber Hollow Golden Velvet Broken Electric Distant Lonely Crimson Faded "
    "Borrowed Gentle Restless Hidden Winter Summer Midnight Salt Copper Neon Slow Open Little Wild Second Last "
    "First Sleepless Blue Yellow Green Honest Careless Tender Bright Empty"
).split()
WORDS_B = (
    "Lanterns Harbour Static Rivers Orchard Letters Engines Tides Gardens Stations Windows Satellites Roads "
    "Signals Mornings Houses Fields Shadows Islands Bridges Echoes Horses Cities Ghosts Mirrors Waves Hearts "
    "Lines Maps Towers Rooms Streets Birds Clouds Hands Songs Lights Years Doors Skies"
).split()
PLATFORMS = {
    "phone": "android",
    "desktop": "windows",
    "tv": "Partner google cast_tv;Chromecast;;",
}
TRIPS = [  # (first day, last day, country, time zone)
    (date(2023, 8, 12), date(2023, 8, 19), "ES", "Europe/Madrid"),
    (date(2023, 10, 5), date(2023, 10, 13), "US", "America/New_York"),
    (date(2024, 3, 22), date(2024, 3, 25), "DE", "Europe/Berlin"),
]
B62 = string.ascii_letters + string.digits


def _uri(rng: random.Random, kind: str) -> str:
    return f"spotify:{kind}:" + "".join(rng.choice(B62) for _ in range(22))


def _build_spotify(rng: random.Random) -> list[dict]:
    used: set[str] = {FAV_TRACK}
    catalogue: dict[str, list[dict]] = {}
    for artist, _, _ in SP_ARTISTS:
        albums = []
        for _ in range(rng.choice([1, 2, 2, 3])):
            while True:
                a = f"{rng.choice(WORDS_A)} {rng.choice(WORDS_B)}"
                if a not in used:
                    used.add(a)
                    albums.append(a)
                    break
        tracks = []
        for i in range(rng.randint(6, 12)):
            if artist == FAV_ARTIST and i == 0:
                name = FAV_TRACK
            else:
                while True:
                    name = rng.choice(
                        [
                            f"{rng.choice(WORDS_A)} {rng.choice(WORDS_B)}",
                            f"{rng.choice(WORDS_B)} of {rng.choice(WORDS_A)} {rng.choice(WORDS_B)}",
                            f"The {rng.choice(WORDS_A)} {rng.choice(WORDS_B)}",
                        ]
                    )
                    if name not in used and not any(name in u or u in name for u in used if len(u) > 3):
                        used.add(name)
                        break
            tracks.append(
                {
                    "name": name,
                    "artist": artist,
                    "album": rng.choice(albums),
                    "uri": _uri(rng, "track"),
                    "ms": rng.randint(148_000, 318_000),
                    "w": (4.0 if name == FAV_TRACK else 1.0) / (i + 1) ** 0.7,
                }
            )
        catalogue[artist] = tracks
    episodes: dict[str, list[dict]] = {}
    for show, minutes, _ in SP_SHOWS:
        episodes[show] = [
            {
                "name": f"Ep. {n}: {rng.choice(WORDS_A)} {rng.choice(WORDS_B)}"
                if show != "The Commute Briefing"
                else None,
                "uri": _uri(rng, "episode"),
                "ms": int(minutes * 60_000 * rng.uniform(0.8, 1.2)),
                "n": n,
            }
            for n in range(1, 170)
        ]
        for e in episodes[show]:
            if e["name"] is None:
                e["name"] = f"Briefing #{e['n']}: the day's headlines"
    ep_next = {show: 40 for show, _, _ in SP_SHOWS}

    plays: list[dict] = []

    def pick_artist(day: date) -> str:
        names, weights = [], []
        for a, w, era in SP_ARTISTS:
            if era == "new" and day < date(2024, 1, 2):
                continue
            if era == "old" and day.year == 2024:
                w *= 0.35
            names.append(a)
            weights.append(w)
        return rng.choices(names, weights)[0]

    def emit(
        start: datetime,
        ms: int,
        item: dict,
        kind: str,
        country: str,
        platform: str,
        reason_start: str,
        reason_end: str,
        shuffle: bool,
    ) -> datetime:
        end = start + timedelta(milliseconds=ms)
        offline = platform == "phone" and rng.random() < 0.04
        plays.append(
            {
                "start": start,
                "end": end,
                "ms_played": ms,
                "kind": kind,
                "track": item["name"] if kind == "music" else None,
                "artist": item["artist"] if kind == "music" else None,
                "album": item["album"] if kind == "music" else None,
                "track_uri": item["uri"] if kind == "music" else None,
                "episode": item["name"] if kind == "podcast" else None,
                "show": item["show"] if kind == "podcast" else None,
                "episode_uri": item["uri"] if kind == "podcast" else None,
                "platform": PLATFORMS[platform],
                "country": country,
                "reason_start": reason_start,
                "reason_end": reason_end,
                "shuffle": shuffle,
                "skipped": reason_end == "fwdbtn",
                "offline": offline,
                "offline_ts": int(start.timestamp() * 1000) if offline else None,
            }
        )
        return end

    def music_session(
        start: datetime,
        minutes: float,
        country: str,
        platform: str,
        stop: datetime | None = None,
        calm: tuple | None = None,
    ) -> None:
        t = start
        until = start + timedelta(minutes=minutes) if stop is None else stop
        shuffle = rng.random() < 0.6
        reason_start = rng.choice(["clickrow", "playbtn", "appload"])
        while t < until:
            day = t.astimezone(LONDON).date()
            artist = pick_artist(day)
            tracks = catalogue[artist]
            tr = rng.choices(tracks, [x["w"] for x in tracks])[0]
            r = rng.random()
            if calm and calm[0] <= t < calm[1]:
                r = 0.0  # played through
            if r < 0.72:
                ms, reason_end = tr["ms"] - rng.randint(0, 400), "trackdone"
            elif r < 0.86:
                ms, reason_end = min(tr["ms"], rng.randint(1_500, 45_000)), "fwdbtn"
            elif r < 0.89:
                ms, reason_end = min(tr["ms"], rng.randint(2_000, 20_000)), "backbtn"
            else:
                ms, reason_end = rng.randint(0, 900), "fwdbtn"
            if stop is not None and t + timedelta(milliseconds=ms) > stop:
                ms, reason_end = int((stop - t).total_seconds() * 1000), "endplay"
                if ms <= 0:
                    break
            elif stop is None and t + timedelta(milliseconds=ms) >= until:
                reason_end = rng.choice(["trackdone", "endplay", "endplay", "logout"])
                if reason_end != "trackdone":
                    ms = max(1000, int(ms * rng.uniform(0.2, 0.9)))
            end = emit(t, ms, tr, "music", country, platform, reason_start, reason_end, shuffle)
            reason_start = {"trackdone": "trackdone", "fwdbtn": "fwdbtn", "backbtn": "backbtn"}.get(
                reason_end, "clickrow"
            )
            t = end + timedelta(seconds=rng.randint(0, 2))

    def podcast(start: datetime, country: str, platform: str, show: str | None = None) -> datetime:
        if show is None:
            show = rng.choices([s for s, _, _ in SP_SHOWS], [w for _, _, w in SP_SHOWS])[0]
        ep = episodes[show][ep_next[show] % len(episodes[show])]
        ep_next[show] += 1 if rng.random() < 0.9 else 0
        frac = 1.0 if rng.random() < 0.55 else rng.uniform(0.3, 0.95)
        ms = int(ep["ms"] * frac)
        return emit(
            start,
            ms,
            {**ep, "show": show},
            "podcast",
            country,
            platform,
            "clickrow",
            "trackdone" if frac == 1.0 else "endplay",
            False,
        )

    def at(day: date, hh: int, mm: int, tz: ZoneInfo, ss: int = 0) -> datetime:
        return datetime(day.year, day.month, day.day, hh, mm, ss, tzinfo=tz).astimezone(UTC)

    def minute(day: date, lo: float, hi: float, tz: ZoneInfo) -> datetime:
        m = rng.uniform(lo, hi) * 60
        return at(day, int(m // 60), int(m % 60), tz, rng.randint(0, 59))

    day = SP_START
    while day <= SP_END:
        trip = next((tr for tr in TRIPS if tr[0] <= day <= tr[1]), None)
        country, tz = (trip[2], ZoneInfo(trip[3])) if trip else ("GB", LONDON)
        if day == PARTY_DAY - timedelta(days=1):  # Friday: the commute, then a party that breaks at midnight
            music_session(minute(day, 7.6, 7.9, tz), 25, country, "phone")
            music_session(at(day, 23, 12, tz), 0, country, "tv", stop=at(day, 23, 58, tz, 40))
        elif day == PARTY_DAY:
            music_session(at(day, 0, 1, tz, 30), 0, country, "tv", stop=at(day, 1, 24, tz))
            t = podcast(at(day, 11, 5, tz), country, "phone", "Half-Past History")
            music_session(t + timedelta(seconds=20), 25, country, "phone")
            music_session(at(day, 15, 2, tz), 35, country, "desktop")
            music_session(at(day, 22, 36, tz), 0, country, "desktop", stop=at(day, 23, 58, tz, 30))
        elif day == PARTY_DAY + timedelta(days=1):
            music_session(at(day, 0, 2, tz, 10), 0, country, "desktop", stop=at(day, 0, 41, tz))
            music_session(minute(day, 12, 12.5, tz), 30, country, "phone")
        elif day == date(2023, 12, 31):  # New Year's Eve: a party that plays on past midnight
            music_session(minute(day, 15, 16, tz), 30, country, "desktop")
            music_session(
                at(day, 22, 31, tz),
                0,
                country,
                "tv",
                stop=at(day + timedelta(days=1), 1, 10, tz),
                calm=(at(day, 23, 45, tz), at(day + timedelta(days=1), 0, 15, tz)),
            )
        elif day == date(2024, 1, 1):
            music_session(minute(day, 13, 15, tz), 40, country, "desktop")
        elif not trip and rng.random() < 0.13:
            pass  # a day without listening
        elif day.weekday() < 5 and not trip:
            if rng.random() < 0.55:
                t = minute(day, 7.5, 8.0, tz)
                if rng.random() < 0.5:
                    t = podcast(t, country, "phone", "The Commute Briefing") + timedelta(seconds=5)
                music_session(t, rng.uniform(12, 25), country, "phone")
            if rng.random() < 0.5:
                if rng.random() < 0.3:
                    podcast(minute(day, 17.4, 18.0, tz), country, "phone")
                else:
                    music_session(minute(day, 17.4, 18.0, tz), rng.uniform(15, 30), country, "phone")
            if rng.random() < 0.3:
                music_session(minute(day, 19.5, 22.0, tz), rng.uniform(20, 60), country, rng.choice(["desktop", "tv"]))
        else:
            for _ in range(rng.choice([1, 2] if trip else [0, 1, 1, 2])):
                if rng.random() < 0.22:
                    podcast(minute(day, 9.5, 20.0, tz), country, "phone")
                else:
                    music_session(
                        minute(day, 10.0, 21.0, tz),
                        rng.uniform(20, 55),
                        country,
                        rng.choice(["phone", "desktop", "tv"]),
                    )
        day += timedelta(days=1)
    plays.sort(key=lambda p: (p["end"], p["start"]))
    # overlapping sessions on one day are possible (a podcast and a session): keep them, as Spotify does
    return plays


SP_KEYS = [
    "ts",
    "platform",
    "ms_played",
    "conn_country",
    "ip_addr",
    "master_metadata_track_name",
    "master_metadata_album_artist_name",
    "master_metadata_album_album_name",
    "spotify_track_uri",
    "episode_name",
    "episode_show_name",
    "spotify_episode_uri",
    "audiobook_title",
    "audiobook_uri",
    "audiobook_chapter_uri",
    "audiobook_chapter_title",
    "reason_start",
    "reason_end",
    "shuffle",
    "skipped",
    "offline",
    "offline_timestamp",
    "incognito_mode",
]
SP_IPS = {"GB": "86.12.148.27", "ES": "83.45.201.9", "US": "72.229.28.185", "DE": "91.64.35.112"}


def sp_ts(p: dict) -> str:
    """The export's `ts`: when the stream ended, in UTC, to the second."""
    return p["end"].astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def sp_split(plays: list[dict]) -> int:
    """Spotify splits the history by size; the first file ends with the stream at this index."""
    return len(plays) // 2


def _write_spotify(t: Truth, d: Path) -> None:
    def obj(p: dict) -> dict:
        vals = [
            sp_ts(p),
            p["platform"],
            p["ms_played"],
            p["country"],
            SP_IPS[p["country"]],
            p["track"],
            p["artist"],
            p["album"],
            p["track_uri"],
            p["episode"],
            p["show"],
            p["episode_uri"],
            None,
            None,
            None,
            None,
            p["reason_start"],
            p["reason_end"],
            p["shuffle"],
            p["skipped"],
            p["offline"],
            p["offline_ts"],
            False,
        ]
        return dict(zip(SP_KEYS, vals))

    k = sp_split(t.spotify)
    for name, part in ((SP_FILE_0, t.spotify[:k]), (SP_FILE_1, t.spotify[k:])):
        (d / name).write_text(json.dumps([obj(p) for p in part], indent=4, ensure_ascii=False), encoding="utf-8")


# ==================================================================================================
# Kobo e-reader database (SQLite)
# ==================================================================================================

# (title, author, pages, store book?, series, series number)
KB_BOOKS = [
    ("Pride and Prejudice", "Jane Austen", 432, 0, None, None),
    ("Persuasion", "Jane Austen", 278, 0, None, None),
    ("Emma", "Jane Austen", 512, 0, None, None),
    ("Great Expectations", "Charles Dickens", 544, 0, None, None),
    ("Bleak House", "Charles Dickens", 1036, 0, None, None),
    ("A Tale of Two Cities", "Charles Dickens", 489, 0, None, None),
    ("David Copperfield", "Charles Dickens", 882, 0, None, None),
    ("Little Dorrit", "Charles Dickens", 901, 0, None, None),
    ("Middlemarch", "George Eliot", 904, 0, None, None),
    ("Anna Karenina", "Leo Tolstoy", 964, 0, None, None),
    ("The Brothers Karamazov", "Fyodor Dostoevsky", 824, 0, None, None),
    ("Crime and Punishment", "Fyodor Dostoevsky", 565, 0, None, None),
    ("Moby-Dick", "Herman Melville", 720, 0, None, None),
    ("The Age of Innocence", "Edith Wharton", 365, 0, None, None),
    ("The House of Mirth", "Edith Wharton", 412, 0, None, None),
    ("North and South", "Elizabeth Gaskell", 521, 0, None, None),
    ("Jane Eyre", "Charlotte Brontë", 532, 0, None, None),
    ("Wuthering Heights", "Emily Brontë", 416, 0, None, None),
    ("Dracula", "Bram Stoker", 488, 0, None, None),
    ("Frankenstein", "Mary Shelley", 280, 0, None, None),
    ("The Moonstone", "Wilkie Collins", 528, 0, None, None),
    ("The Woman in White", "Wilkie Collins", 720, 0, None, None),
    ("Heart of Darkness", "Joseph Conrad", 110, 0, None, None),
    ("The Secret Agent", "Joseph Conrad", 296, 0, None, None),
    ("Mrs Dalloway", "Virginia Woolf", 216, 0, None, None),
    ("To the Lighthouse", "Virginia Woolf", 252, 0, None, None),
    ("The Great Gatsby", "F. Scott Fitzgerald", 208, 0, None, None),
    ("The Salt Road", "Imogen Hale", 384, 1, None, None),
    ("The Glass Orchard", "Imogen Hale", 352, 1, None, None),
    ("Winter Ledger", "Tomas Verne", 296, 1, None, None),
    ("A Map of Small Hours", "Nadia Okafor", 336, 1, None, None),
    ("Tidewater", "Rafael Ortega", 448, 1, None, None),
    ("The Quiet Engineers", "Priya Raman", 312, 1, None, None),
    ("Ashes of the Lantern Court", "M. K. Sorensen", 512, 1, "The Lantern Court", "1"),
    ("Embers of the Lantern Court", "M. K. Sorensen", 544, 1, "The Lantern Court", "2"),
    ("Crown of the Lantern Court", "M. K. Sorensen", 608, 1, "The Lantern Court", "3"),
    ("The Long Field", "Aoife Brennan", 288, 1, None, None),
    ("Night Ferry to Bergen", "Lars Eidem", 320, 1, None, None),
    ("The Cartographer's Daughter", "Helena Voss", 400, 1, None, None),
    ("Small Gods of the Allotment", "Bea Marlow", 256, 1, None, None),
]
KB_BOOK_CLUB = "Book Club"
KB_USER = "b6a3f1d0-4c2e-4e8a-9a57-2f0d9c1e7b44"
PHRASES = (
    "it is a truth universally acknowledged|the light on the water|she had never been so happy|a kind of quiet "
    "courage|the letter lay unopened on the table|nothing was ever quite what it seemed|he spoke as if the matter "
    "were settled|the long road home|all the years between them|the house was full of voices|a promise made in "
    "haste|the sea kept its own counsel|every heart has its secret sorrows|the fog came down over the marsh|we "
    "are all of us strangers|what she wanted was to be understood|the city woke slowly|there is no charm equal to "
    "tenderness of heart|a small and stubborn hope|the candle burned low"
).split("|")


def _uuid(rng: random.Random) -> str:
    h = "".join(rng.choice("0123456789abcdef") for _ in range(32))
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{rng.choice('89ab')}{h[17:20]}-{h[20:32]}"


def _slug(s: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", s.lower().replace("ë", "e")).strip("-")


def _build_kobo(rng: random.Random) -> dict:
    books, chapters, bookmarks = [], [], []
    t0 = datetime(2022, 3, 1, tzinfo=UTC)
    for title, author, pages, store, series, num in KB_BOOKS:
        if store:
            cid = _uuid(rng)
            mime = "application/x-kobo-epub+zip"
        else:
            cid = f"file:///mnt/onboard/Standard Ebooks/{_slug(author)}_{_slug(title)}.kepub.epub"
            mime = "application/x-kobo-epub+zip"
        added = t0 + timedelta(days=rng.randint(0, 640), seconds=rng.randint(0, 86399))
        r = rng.random()
        status = 2 if r < 0.5 else 1 if r < 0.65 else 0
        spp = rng.uniform(55, 105)  # seconds a page
        if status == 2:
            pct, spent = 100, int(pages * spp * rng.uniform(0.9, 1.1))
        elif status == 1:
            pct = rng.randint(4, 88)
            spent = int(pages * pct / 100 * spp)
        else:
            pct, spent = 0, 0
        started = added + timedelta(days=rng.randint(0, 60), seconds=rng.randint(0, 86399))
        last = started + timedelta(seconds=spent * rng.uniform(8, 30)) if status else None
        n_ch = max(6, pages // rng.randint(12, 30))
        book = {
            "cid": cid,
            "title": title,
            "author": author,
            "pages": pages,
            "store": store,
            "mime": mime,
            "series": series,
            "series_no": num,
            "added": added,
            "last_read": last,
            "finished": last if status == 2 else None,
            "status": status,
            "percent": pct,
            "spent": spent,
            "rest": int(pages * (100 - pct) / 100 * spp) if status != 2 else 0,
            "times_started": (1 if status else 0) + (1 if status and rng.random() < 0.1 else 0),
            "fmt": "z" if store else rng.choice(["z", "ms"]),
            "publisher": rng.choice(["Standard Ebooks"])
            if not store
            else rng.choice(["Harbour House", "Fenwick & Lowe", "Northlight Press"]),
            "isbn": f"978{rng.randint(0, 10**10 - 1):010d}" if store else None,
            "size": rng.randint(400_000, 3_900_000),
            "chapters": n_ch,
        }
        books.append(book)
        front = ["Titlepage", "Imprint"] if not store else ["Cover", "Title Page", "Copyright"]
        back = ["Endnotes", "Colophon", "Uncopyright"] if not store else ["Acknowledgements", "About the Author"]
        names = front + [f"Chapter {i}" for i in range(1, n_ch + 1)] + back
        for i, name in enumerate(names):
            path = f"text/chapter-{i}.xhtml" if not store else f"OEBPS/Text/ch{i:03d}.xhtml"
            chapters.append(
                {
                    "cid": f"{cid}!{'!' if store else 'OEBPS!'}{path}",
                    "book": cid,
                    "book_title": title,
                    "title": name,
                    "index": i,
                    "read": 100 if status == 2 or (status == 1 and i < len(names) * pct / 100) else 0,
                }
            )
        if status:
            book_chapters = [c for c in chapters if c["book"] == cid and c["title"].startswith("Chapter")]
            read_to = len(book_chapters) if status == 2 else max(1, int(len(book_chapters) * pct / 100))
            lam = rng.choice([1, 2, 4, 6, 10, 16]) * pages / 300
            n_hl = int(rng.expovariate(1 / lam)) if lam else 0
            for _ in range(n_hl):
                kind = rng.choices(["highlight", "note", "dogear"], [72, 12, 16])[0]
                ch = rng.choice(book_chapters[:read_to])
                text = None if kind == "dogear" else rng.choice(PHRASES).capitalize() + rng.choice([".", ",", ";", "."])
                when = started + (last - started) * rng.random()
                bookmarks.append(
                    {
                        "id": _uuid(rng),
                        "volume": cid,
                        "chapter": ch["cid"],
                        "text": text,
                        "annotation": rng.choice(
                            ["Yes!", "Compare ch. 3", "Lovely.", "Book club question?", "cf. Eliot"]
                        )
                        if kind == "note"
                        else None,
                        "created": when,
                        "type": kind,
                        "progress": round(ch["index"] / max(1, len(book_chapters)), 4),
                    }
                )
    bookmarks.sort(key=lambda b: b["created"])
    by_title = {b["title"]: b for b in books}
    read_books = [b for b in books if b["spent"] > 0]
    club_now = rng.sample(read_books, 6)
    club_gone = rng.sample([b for b in read_books if b not in club_now], 3)
    shelves = [
        {"name": KB_BOOK_CLUB, "created": datetime(2022, 9, 3, 19, 4, 11, tzinfo=UTC), "deleted": False},
        {"name": "Classics", "created": datetime(2022, 3, 14, 8, 30, 2, tzinfo=UTC), "deleted": False},
        {"name": "Holiday 2023", "created": datetime(2023, 7, 20, 21, 12, 45, tzinfo=UTC), "deleted": False},
        {"name": "Maybe Later", "created": datetime(2022, 5, 2, 12, 0, 9, tzinfo=UTC), "deleted": True},
    ]
    content = []
    for b in club_now:
        content.append((KB_BOOK_CLUB, b["cid"], False))
    for b in club_gone:
        content.append((KB_BOOK_CLUB, b["cid"], True))
    for b in books:
        if not b["store"] and rng.random() < 0.6:
            content.append(("Classics", b["cid"], False))
    for title in rng.sample([b["title"] for b in books if b["store"]], 4):
        content.append(("Holiday 2023", by_title[title]["cid"], False))
    for b in rng.sample(books, 3):
        content.append(("Maybe Later", b["cid"], True))
    created = {s["name"]: s["created"] for s in shelves}
    shelf_content = []
    for name, cid, deleted in content:
        shelf_content.append(
            {
                "shelf": name,
                "cid": cid,
                "modified": created[name] + timedelta(seconds=rng.randint(600, 25_000_000)),
                "deleted": deleted,
            }
        )
    return {
        "books": books,
        "chapters": chapters,
        "bookmarks": bookmarks,
        "shelves": shelves,
        "shelf_content": shelf_content,
    }


def kobo_date(dt: datetime | None, fmt: str) -> str | None:
    """A date as the Kobo firmware writes it: sometimes with a 'Z', sometimes with milliseconds."""
    if dt is None:
        return None
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ") if fmt == "z" else dt.strftime("%Y-%m-%dT%H:%M:%S.000")


KB_CONTENT_COLUMNS = [
    ("ContentID", "TEXT NOT NULL"),
    ("ContentType", "TEXT NOT NULL"),
    ("MimeType", "TEXT NOT NULL"),
    ("BookID", "TEXT"),
    ("BookTitle", "TEXT"),
    ("ImageId", "TEXT"),
    ("Title", "TEXT COLLATE NOCASE"),
    ("Attribution", "TEXT COLLATE NOCASE"),
    ("Description", "TEXT"),
    ("DateCreated", "TEXT"),
    ("ShortCoverKey", "TEXT"),
    ("adobe_location", "TEXT"),
    ("Publisher", "TEXT"),
    ("IsEncrypted", "BOOL"),
    ("DateLastRead", "TEXT"),
    ("FirstTimeReading", "BOOL"),
    ("ChapterIDBookmarked", "TEXT"),
    ("ParagraphBookmarked", "INTEGER"),
    ("BookmarkWordOffset", "INTEGER"),
    ("NumShortcovers", "INTEGER"),
    ("VolumeIndex", "INTEGER"),
    ("___NumPages", "INTEGER"),
    ("ReadStatus", "INTEGER"),
    ("___SyncTime", "TEXT"),
    ("___UserID", "TEXT NOT NULL"),
    ("PublicationId", "TEXT"),
    ("___FileOffset", "INTEGER"),
    ("___FileSize", "INTEGER"),
    ("___PercentRead", "INTEGER"),
    ("___ExpirationStatus", "INTEGER"),
    ("FavouritesIndex", "NUMERIC"),
    ("Accessibility", "INTEGER"),
    ("ContentURL", "TEXT"),
    ("Language", "TEXT"),
    ("BookshelfTags", "TEXT"),
    ("IsDownloaded", "BIT"),
    ("ISBN", "TEXT"),
    ("Series", "TEXT"),
    ("SeriesNumber", "TEXT"),
    ("Subtitle", "TEXT"),
    ("WordCount", "INTEGER"),
    ("RestOfBookEstimate", "INTEGER"),
    ("CurrentChapterEstimate", "INTEGER"),
    ("CurrentChapterProgress", "FLOAT"),
    ("DateAdded", "TEXT"),
    ("ReadStateSynced", "BOOL"),
    ("TimesStartedReading", "INTEGER"),
    ("TimeSpentReading", "INTEGER"),
    ("LastTimeStartedReading", "TEXT"),
    ("LastTimeFinishedReading", "TEXT"),
    ("DateModified", "TEXT"),
]
KB_BOOKMARK_COLUMNS = [
    ("BookmarkID", "TEXT NOT NULL"),
    ("VolumeID", "TEXT NOT NULL"),
    ("ContentID", "TEXT NOT NULL"),
    ("StartContainerPath", "TEXT NOT NULL"),
    ("StartContainerChildIndex", "INTEGER NOT NULL"),
    ("StartOffset", "INTEGER NOT NULL"),
    ("EndContainerPath", "TEXT NOT NULL"),
    ("EndContainerChildIndex", "INTEGER NOT NULL"),
    ("EndOffset", "INTEGER NOT NULL"),
    ("Text", "TEXT"),
    ("Annotation", "TEXT"),
    ("ExtraAnnotationData", "BLOB"),
    ("DateCreated", "TEXT"),
    ("ChapterProgress", "REAL NOT NULL DEFAULT 0"),
    ("Hidden", "BOOL NOT NULL DEFAULT 0"),
    ("Version", "TEXT"),
    ("DateModified", "TEXT"),
    ("Creator", "TEXT"),
    ("UUID", "TEXT"),
    ("UserID", "TEXT"),
    ("SyncTime", "TEXT"),
    ("Published", "BIT DEFAULT FALSE"),
    ("ContextString", "TEXT"),
    ("Type", "TEXT"),
    ("Color", "INTEGER DEFAULT 0"),
]


def _kobo_rows(t: Truth) -> dict[str, list[tuple]]:
    kb = t.kobo
    rng = _rng("kobo-render")
    content = []
    for b in kb["books"]:
        f = b["fmt"]
        row = {
            "ContentID": b["cid"],
            "ContentType": "6",
            "MimeType": b["mime"],
            "Title": b["title"],
            "Attribution": b["author"],
            "Description": f"<p>{b['title']} by {b['author']}.</p>",
            "DateCreated": kobo_date(b["added"], f),
            "Publisher": b["publisher"],
            "IsEncrypted": "false",
            "DateLastRead": kobo_date(b["last_read"], f),
            "FirstTimeReading": "true" if b["status"] == 0 else "false",
            "ChapterIDBookmarked": None,
            "NumShortcovers": 0,
            "VolumeIndex": -1,
            "___NumPages": b["pages"],
            "ReadStatus": b["status"],
            "___SyncTime": kobo_date(b["added"] + timedelta(minutes=3), "z"),
            "___UserID": KB_USER if b["store"] else "adobe_user",
            "___FileSize": b["size"],
            "___PercentRead": b["percent"],
            "___ExpirationStatus": 0,
            "Accessibility": 1 if b["store"] else -1,
            "Language": "en",
            "IsDownloaded": "true",
            "ISBN": b["isbn"],
            "Series": b["series"],
            "SeriesNumber": b["series_no"],
            "WordCount": b["pages"] * 275,
            "RestOfBookEstimate": b["rest"],
            "DateAdded": kobo_date(b["added"], f),
            "ReadStateSynced": "true" if b["store"] else "false",
            "TimesStartedReading": b["times_started"],
            "TimeSpentReading": b["spent"],
            "LastTimeStartedReading": kobo_date(b["last_read"] - timedelta(minutes=rng.randint(5, 50)), f)
            if b["last_read"]
            else None,
            "LastTimeFinishedReading": kobo_date(b["finished"], f),
            "DateModified": kobo_date(b["last_read"] or b["added"], f),
        }
        content.append(row)
        for c in (c for c in kb["chapters"] if c["book"] == b["cid"]):
            content.append(
                {
                    "ContentID": c["cid"],
                    "ContentType": "9",
                    "MimeType": "application/xhtml+xml",
                    "BookID": b["cid"],
                    "BookTitle": b["title"],
                    "Title": c["title"],
                    "VolumeIndex": c["index"],
                    "ReadStatus": 0,
                    "___UserID": row["___UserID"],
                    "___FileOffset": c["index"] * 1000,
                    "___FileSize": rng.randint(4_000, 90_000),
                    "___PercentRead": c["read"],
                    "IsDownloaded": "true",
                    "TimeSpentReading": 0,
                    "TimesStartedReading": 0,
                }
            )
    cols = [c for c, _ in KB_CONTENT_COLUMNS]
    content_rows = [tuple(r.get(c) for c in cols) for r in content]
    bm_cols = [c for c, _ in KB_BOOKMARK_COLUMNS]
    bm_rows = []
    fmt_of = {b["cid"]: b["fmt"] for b in kb["books"]}
    for m in kb["bookmarks"]:
        f = fmt_of[m["volume"]]
        span = rng.randint(40, 400)
        start = rng.randint(0, 3000)
        r = {
            "BookmarkID": m["id"],
            "VolumeID": m["volume"],
            "ContentID": m["chapter"],
            "StartContainerPath": f"span#kobo\\.{rng.randint(1, 300)}\\.1",
            "StartContainerChildIndex": -99,
            "StartOffset": start,
            "EndContainerPath": f"span#kobo\\.{rng.randint(1, 300)}\\.1",
            "EndContainerChildIndex": -99,
            "EndOffset": start + span if m["type"] != "dogear" else start,
            "Text": m["text"],
            "Annotation": m["annotation"],
            "DateCreated": kobo_date(m["created"], f),
            "ChapterProgress": m["progress"],
            "Hidden": "false",
            "Version": "",
            "DateModified": kobo_date(m["created"], f),
            "Creator": None,
            "UUID": None,
            "UserID": KB_USER,
            "SyncTime": kobo_date(m["created"] + timedelta(hours=2), "z"),
            "Published": "false",
            "ContextString": m["text"],
            "Type": m["type"],
            "Color": 0,
        }
        bm_rows.append(tuple(r.get(c) for c in bm_cols))
    shelf_rows = []
    for s in kb["shelves"]:
        ts = s["created"].strftime("%Y-%m-%dT%H:%M:%SZ")
        sid = _uuid(rng)
        shelf_rows.append(
            (
                ts,
                sid,
                s["name"],
                ts,
                s["name"],
                "UserTag",
                "true" if s["deleted"] else "false",
                "true",
                "true",
                None,
                None,
            )
        )
    sc_rows = [
        (
            s["shelf"],
            s["cid"],
            s["modified"].strftime("%Y-%m-%dT%H:%M:%SZ"),
            "true" if s["deleted"] else "false",
            "true",
        )
        for s in kb["shelf_content"]
    ]
    return {"content": content_rows, "Bookmark": bm_rows, "Shelf": shelf_rows, "ShelfContent": sc_rows}


def _write_kobo(t: Truth, d: Path) -> None:
    rows = _kobo_rows(t)
    fd, tmp = tempfile.mkstemp(suffix=".sqlite")
    os.close(fd)
    os.unlink(tmp)
    con = sqlite3.connect(tmp)
    try:
        con.execute("CREATE TABLE DbVersion (version INTEGER)")
        con.execute("INSERT INTO DbVersion VALUES (174)")
        con.execute(
            "CREATE TABLE content ("
            + ", ".join(f"{c} {ty}" for c, ty in KB_CONTENT_COLUMNS)
            + ", PRIMARY KEY (ContentID))"
        )
        con.executemany(f"INSERT INTO content VALUES ({', '.join('?' * len(KB_CONTENT_COLUMNS))})", rows["content"])
        con.execute(
            "CREATE TABLE Bookmark ("
            + ", ".join(f"{c} {ty}" for c, ty in KB_BOOKMARK_COLUMNS)
            + ", PRIMARY KEY (BookmarkID))"
        )
        con.executemany(f"INSERT INTO Bookmark VALUES ({', '.join('?' * len(KB_BOOKMARK_COLUMNS))})", rows["Bookmark"])
        con.execute(
            "CREATE TABLE Shelf (CreationDate TEXT, Id TEXT, InternalName TEXT, LastModified TEXT, Name TEXT, "
            "Type TEXT, _IsDeleted BOOL, _IsVisible BOOL, _IsSynced BOOL, _SyncTime TEXT, LastAccessed TEXT, "
            "PRIMARY KEY (Id))"
        )
        con.executemany("INSERT INTO Shelf VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows["Shelf"])
        con.execute(
            "CREATE TABLE ShelfContent (ShelfName TEXT, ContentId TEXT, DateModified TEXT, _IsDeleted BOOL, "
            "_IsSynced BOOL, PRIMARY KEY (ShelfName, ContentId))"
        )
        con.executemany("INSERT INTO ShelfContent VALUES (?, ?, ?, ?, ?)", rows["ShelfContent"])
        con.execute("CREATE INDEX content_bookid_index ON content (BookID)")
        con.execute("CREATE INDEX bookmark_volume_index ON Bookmark (VolumeID)")
        con.commit()
    finally:
        con.close()
    (d / KB_FILE).write_bytes(Path(tmp).read_bytes())
    os.unlink(tmp)


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    return Truth(
        estat=_build_estat(_rng("estat")),
        sec=_build_sec(_rng("sec")),
        spotify=_build_spotify(_rng("spotify")),
        kobo=_build_kobo(_rng("kobo")),
    )


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_estat(t, d)
    _write_sec(t, d)
    _write_spotify(t, d)
    _write_kobo(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout28-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
