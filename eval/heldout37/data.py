"""The thirty-seventh held-out set's data: five files on three topics, each imitating a real public export.

* `gp_history_2024-03-01--2024-03-07.3le`: a Space-Track.org `gp_history` query for the objects of a
  few dozen launches, 1 to 7 March 2024, in three-line element format (3LE): a name line `0 NAME`, then
  the two fixed-column lines of a TLE with their checksums. Several element sets per object (ordered by
  NORAD_CAT_ID, then EPOCH), the epoch as a two-digit year and a fractional day of the year
  (`24065.41234567`), the eccentricity with an implied leading decimal point, the drag terms in the
  implied-decimal exponent notation (`10270-3`), catalogue numbers with leading zeros (`00005`), objects
  that re-entered during the week stopping early.
* `satcat.csv`: CelesTrak's satellite catalogue (SATCAT) in CSV for the same launches: every object
  catalogued from them, re-entered ones (`DECAY_DATE`, `OPS_STATUS_CODE` `D`) and a landed shuttle
  included, owner and launch-site codes (`PRC`, `CIS`, `AFWTR` ...), orbit summaries, `RCS` empty since 2017.
* `Hartley Family Tree.ged`: an Ancestry.com family tree exported as GEDCOM 5.5.1: a UTF-8 file with a
  BOM and CRLF line ends, level-numbered lines, individuals and families cross-referenced by `@I…@` and
  `@F…@` pointers, dates as typed (`12 MAR 1843`, `12 Mar 1843`, `MAR 1843`, `ABT 1843`, `Abt. 1843`,
  `BET 1840 AND 1845`, `14 FEB 1741/42`), `1 DEAT Y` for a death known without a date, a place written
  several ways, census residences and source citations with their own dates and pages.
* `DEMO_L.XPT` and `BMX_L.XPT`: NHANES August 2021-August 2023 demographics and body measures as SAS
  transport (XPORT v5) files: all numeric variables as IBM floating point, SAS missing values, coded
  answers (`7`/`9`, `77`/`99` for refused and don't know), age top-coded at 80, interview and exam weights
  (`WTINT2YR`, `WTMEC2YR`, 0 for those not examined), zeros stored as true zeros (which pandas's XPORT
  reader turns into 5.4e-79).

Every record is built first with the standard library from a fixed seed (one random stream per topic);
the files are then rendered from those records, so the same seed gives the same bytes. `truth()` returns
the clean records the references are computed from.

    python data.py DIR   # writes the five files into DIR
"""

from __future__ import annotations

import csv
import functools
import io
import math
import random
import struct
import sys
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

SEED = 37_204_919

TLE_FILE = "gp_history_2024-03-01--2024-03-07.3le"
SATCAT_FILE = "satcat.csv"
GED_FILE = "Hartley Family Tree.ged"
DEMO_FILE = "DEMO_L.XPT"
BMX_FILE = "BMX_L.XPT"
FILES = [TLE_FILE, SATCAT_FILE, GED_FILE, DEMO_FILE, BMX_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    sats: list[dict]  # one dict per catalogued object (the SATCAT rows)
    elsets: list[dict]  # one dict per element set in the 3LE file, in file order
    people: list[dict]  # one dict per individual in the tree
    families: list[dict]  # one dict per family
    home: int  # the home person's index in people
    nh: list[dict]  # one dict per NHANES participant, with the body measures of the examined


# ==================================================================================================
# Satellites: Space-Track 3LE history and CelesTrak SATCAT
# ==================================================================================================

SAT_START, SAT_END = datetime(2024, 3, 1), datetime(2024, 3, 8)  # the query's window (end exclusive)
SAT_CATALOGUED = date(2024, 3, 8)  # SATCAT downloaded the next morning
MU, RE = 398600.4418, 6378.137  # km^3/s^2, km (WGS-84)
J2 = 1.08263e-3
SAT_DECAYER = "STARLINK-1039"  # re-enters on 6 March: its first and last element sets differ


def n_from_a(a: float) -> float:
    """Mean motion (revolutions a day) of a semi-major axis in km."""
    return math.sqrt(MU / a**3) * 86400 / (2 * math.pi)


def a_from_n(n: float) -> float:
    return (MU / (n * 2 * math.pi / 86400) ** 2) ** (1 / 3)


def _pieces() -> list[str]:
    letters = [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in "IO"]
    return letters + [a + b for a in letters for b in letters]


PIECES = _pieces()


def _circ(h: float, inc: float, e: float = 0.00015) -> dict:
    return {"k": "circ", "h": h, "inc": inc, "e": e}


def _ell(hp: float, ha: float, inc: float) -> dict:
    return {"k": "ell", "hp": hp, "ha": ha, "inc": inc}


def _geo(inc: float, drift: float = 0.0) -> dict:
    return {"k": "geo", "inc": inc, "drift": drift}


def _build_satcat(rng: random.Random) -> list[dict]:
    """Every object of the launches, with its orbit model (None once it is down)."""
    sats: list[dict] = []

    def launch(intdes: str, day: date, site: str, objs: list[tuple], norad: int | list[int]) -> None:
        for k, (name, otype, owner, ops, orbit, decay) in enumerate(objs):
            cat = norad[k] if isinstance(norad, list) else norad + k
            sats.append({"name": name, "intdes": f"{intdes}{PIECES[k]}", "norad": cat, "type": otype,
                         "owner": owner, "ops": ops, "orbit": orbit, "decay": decay, "launch": day, "site": site,
                         "landed": False})  # fmt: skip
        incs = [o[4]["inc"] for o in objs if o[4] is not None]
        for s in sats[-len(objs) :]:
            s["inc0"] = incs[0] if incs else {"AFETR": 28.5, "AFWTR": 97.6, "WSC": 41.5}.get(site, 51.6)

    def down(lo: date, hi: date) -> date:
        return lo + timedelta(days=rng.randint(0, (hi - lo).days))

    launch("1958-002", date(1958, 3, 17), "AFETR", [
        ("VANGUARD R/B", "R/B", "US", "", _ell(662, 3960, 34.26), None),
        ("VANGUARD 1", "PAY", "US", "-", _ell(654, 3850, 34.24), None)], [4, 5])  # fmt: skip
    launch("1974-089", date(1974, 11, 15), "AFWTR", [
        ("NOAA 4", "PAY", "US", "-", _circ(1445, 101.6, 0.0008), None),
        ("OSCAR 7 (AO-7)", "PAY", "US", "P", _circ(1446, 101.99, 0.0012), None),
        ("DELTA 1 R/B", "R/B", "US", "", _circ(1437, 101.7, 0.0011), None)], 7529)  # fmt: skip
    launch("1976-039", date(1976, 5, 4), "AFWTR", [
        ("LAGEOS 1", "PAY", "US", "+", _circ(5850, 109.84, 0.0044), None)], 8820)  # fmt: skip
    launch("1988-091", date(1988, 9, 29), "AFETR", [
        ("STS 26", "PAY", "US", "D", None, date(1988, 10, 3)),
        ("TDRS 3", "PAY", "US", "-", _geo(14.6, 0.0021), None),
        ("IUS R/B(2)", "R/B", "US", "", _geo(12.1, 0.0035), None)], 19546)  # fmt: skip
    launch("1990-037", date(1990, 4, 24), "AFETR", [
        ("STS 31", "PAY", "US", "D", None, date(1990, 4, 29)),
        ("HST", "PAY", "US", "+", _circ(515, 28.47, 0.0002), None)], 20579)  # fmt: skip
    iss = [("ISS (ZARYA)", "PAY", "ISS", "+", _circ(418, 51.64, 0.0005), None)]
    for name, owner, h, dec in (
        ("CUBEBUG-7", "ARGN", None, date(2023, 5, 2)),
        ("TUMNANOSAT", "TURK", 352, None),
        ("SPHINX-SAT 2", "US", None, date(2023, 10, 19)),
        ("KIRIKO-1", "JPN", 371, None),
    ):
        iss.append((name, "PAY", owner, "D" if dec else "+", _circ(h, 51.63, 0.0007) if h else None, dec))
    launch("1998-067", date(1998, 11, 20), "TYMSC", iss, [25544, 53961, 54683, 55121, 56310])
    launch("2015-028", date(2015, 6, 23), "FRGUI", [
        ("SENTINEL-2A", "PAY", "ESA", "+", _circ(788, 98.57, 0.0001), None),
        ("VEGA R/B", "R/B", "ESA", "", _ell(690, 760, 98.2), None)], 40697)  # fmt: skip
    launch("2016-064", date(2016, 11, 2), "TNSTA", [
        ("HIMAWARI-9", "PAY", "JPN", "+", _geo(0.02), None),
        ("H-2A R/B", "R/B", "JPN", "", _ell(248, 35920, 22.4), None)], 41836)  # fmt: skip
    launch("2016-071", date(2016, 11, 19), "AFETR", [
        ("GOES 16", "PAY", "US", "+", _geo(0.08), None),
        ("ATLAS 5 CENTAUR R/B", "R/B", "US", "", _ell(4510, 35840, 21.9), None)], 41866)  # fmt: skip
    launch("2017-073", date(2017, 11, 18), "AFWTR", [
        ("NOAA 20 (JPSS-1)", "PAY", "US", "+", _circ(824, 98.74, 0.0001), None),
        ("MIRATA", "PAY", "US", "D", None, date(2021, 6, 2)),
        ("BUCCANEER RMM", "PAY", "AUS", "D", None, date(2022, 8, 27)),
        ("DELTA 2 R/B", "R/B", "US", "", _ell(440, 810, 97.71), None)], 43013)  # fmt: skip
    launch("2018-038", date(2018, 4, 18), "AFETR", [
        ("TESS", "PAY", "US", "+", _ell(108000, 375000, 37.1), None),
        ("FALCON 9 R/B", "R/B", "US", "D", None, date(2018, 4, 19))], 43435)  # fmt: skip
    v09 = []
    alive = set(rng.sample(range(60), 2))
    for k in range(60):
        keep = k in alive
        v09.append((f"STARLINK-{21 + k}", "PAY", "US", "-" if keep else "D", _circ(rng.uniform(385, 405), 53.0,
                    0.0003) if keep else None, None if keep else down(date(2019, 9, 1), date(2023, 12, 20))))  # fmt: skip
    launch("2019-029", date(2019, 5, 24), "AFETR", v09, 44235)
    launch("2019-002", date(2019, 1, 11), "AFWTR",
           [(f"IRIDIUM {k}", "PAY", "US", "S" if k in (166, 171) else "+", _circ(rng.uniform(776, 781), 86.4,
             0.0002), None) for k in (155, 156, 158, 160, 163, 164, 165, 166, 169, 171)]
           + [("FALCON 9 R/B", "R/B", "US", "D", None, date(2019, 1, 12))], 43922)  # fmt: skip
    launch("2019-027", date(2019, 5, 17), "XICLF", [
        ("BEIDOU-2 G8", "PAY", "PRC", "+", _geo(1.2), None),
        ("CZ-3C R/B", "R/B", "PRC", "", _ell(162, 35810, 27.9), None)], 44231)  # fmt: skip
    l1 = []
    k_dec = int(SAT_DECAYER.split("-")[1]) - 1007
    order = [k for k in range(60) if k != k_dec]
    rng.shuffle(order)
    decaying = {k_dec: datetime(2024, 3, 6, 9, 41), order[0]: datetime(2024, 3, 3, 14, 22),
                order[1]: datetime(2024, 3, 5, 3, 5)}  # fmt: skip
    gone = set(order[2:40])
    for k in range(60):
        name = f"STARLINK-{1007 + k}"
        if k in decaying:
            t = decaying[k]
            l1.append((name, "PAY", "US", "D", {"k": "decay", "h0": rng.uniform(262, 300), "t": t, "inc": 53.05,
                                               "e": 0.0006}, t.date()))  # fmt: skip
        elif k in gone:
            l1.append((name, "PAY", "US", "D", None, down(date(2022, 3, 1), date(2024, 2, 25))))
        else:
            l1.append((name, "PAY", "US", "+", _circ(rng.uniform(545, 552), 53.05, 0.00014), None))
    launch("2019-074", date(2019, 11, 11), "AFETR", l1, 44713)
    launch("2019-081", date(2019, 11, 27), "SRILR", [
        ("CARTOSAT-3", "PAY", "IND", "+", _circ(505, 97.47, 0.0012), None),
        ("PSLV R/B", "R/B", "IND", "", _ell(330, 510, 97.5), None)], 44804)  # fmt: skip
    launch("2020-041", date(2020, 6, 30), "AFETR", [
        ("NAVSTAR 79 (USA 304)", "PAY", "US", "+", {"k": "meo", "n": 2.00561, "inc": 55.3, "e": 0.0021}, None),
        ("FALCON 9 R/B", "R/B", "US", "", _ell(1340, 20300, 55.0), None)], 45854)  # fmt: skip
    launch("2021-035", date(2021, 4, 29), "WSC", [
        ("CSS (TIANHE)", "PAY", "PRC", "+", _circ(383, 41.47, 0.0004), None),
        ("CZ-5B R/B", "R/B", "PRC", "D", None, date(2021, 5, 9))], 48274)  # fmt: skip
    launch("2021-054", date(2021, 6, 17), "AFETR", [
        ("NAVSTAR 80 (USA 319)", "PAY", "US", "+", {"k": "meo", "n": 2.00564, "inc": 55.1, "e": 0.0014}, None),
        ("FALCON 9 R/B", "R/B", "US", "", _ell(1190, 20280, 55.1), None)], 48859)  # fmt: skip
    launch("2021-088", date(2021, 9, 27), "AFWTR", [
        ("LANDSAT 9", "PAY", "US", "+", _circ(705, 98.2, 0.0001), None),
        ("CUTE", "PAY", "US", "-", _circ(rng.uniform(440, 470), 97.7, 0.0012), None),
        ("CUPID", "PAY", "US", "D", None, date(2022, 10, 11)),
        ("ATLAS 5 CENTAUR R/B", "R/B", "US", "D", None, date(2021, 9, 28))], 49260)  # fmt: skip
    launch("2021-092", date(2021, 10, 14), "XICLF", [
        ("YAOGAN-35 01A", "PAY", "PRC", "+", _circ(497, 35.0, 0.0009), None),
        ("YAOGAN-35 01B", "PAY", "PRC", "+", _circ(498, 35.0, 0.0009), None),
        ("YAOGAN-35 01C", "PAY", "PRC", "+", _circ(497, 35.0, 0.0010), None),
        ("CZ-2D R/B", "R/B", "PRC", "", _ell(455, 505, 35.0), None)], 49390)  # fmt: skip
    launch("2021-116", date(2021, 12, 5), "FRGUI", [
        ("GSAT0223 (GALILEO 27)", "PAY", "ESA", "+", {"k": "meo", "n": 1.70475, "inc": 56.9, "e": 0.0004}, None),
        ("GSAT0224 (GALILEO 28)", "PAY", "ESA", "+", {"k": "meo", "n": 1.70476, "inc": 56.9, "e": 0.0003}, None),
        ("FREGAT R/B", "R/B", "ESA", "", {"k": "meo", "n": 1.65102, "inc": 57.1, "e": 0.0011}, None)], 49809)  # fmt: skip
    launch("2022-011", date(2022, 2, 1), "PLMSC", [
        ("COSMOS 2553", "PAY", "CIS", "?", _circ(2000, 67.1, 0.0006), None),
        ("FREGAT R/B", "R/B", "CIS", "", _ell(1850, 2010, 67.1), None)], 51264)  # fmt: skip
    launch("2022-021", date(2022, 3, 1), "AFETR", [
        ("GOES 18", "PAY", "US", "+", _geo(0.04), None),
        ("ATLAS 5 CENTAUR R/B", "R/B", "US", "", _ell(3470, 35850, 9.7), None)], 51850)  # fmt: skip
    launch("2022-127", date(2022, 10, 10), "PLMSC", [
        ("COSMOS 2559 (GLONASS)", "PAY", "CIS", "+", {"k": "meo", "n": 2.13102, "inc": 64.8, "e": 0.0009}, None),
        ("FREGAT R/B", "R/B", "CIS", "", {"k": "meo", "n": 2.08911, "inc": 64.8, "e": 0.0021}, None)], 54031)  # fmt: skip
    cz6 = [("YUNHAI-3 02", "PAY", "PRC", "+", _circ(848, 98.79, 0.0007), None),
           ("CZ-6A R/B", "R/B", "PRC", "", _ell(812, 860, 98.8), None)]  # fmt: skip
    for k in range(34):
        if k % 4 == 3:
            cz6.append(("CZ-6A DEB", "DEB", "PRC", "D", None, down(date(2023, 1, 10), date(2023, 12, 30))))
        else:
            hp = rng.uniform(430, 830)
            cz6.append(
                ("CZ-6A DEB", "DEB", "PRC", "", _ell(hp, hp + rng.uniform(20, 520), rng.uniform(98.6, 99.0)), None)
            )
    launch("2022-151", date(2022, 11, 11), "TSC", cz6, 54211)
    launch("2022-170", date(2022, 12, 13), "FRGUI", [
        ("MTG-I1 DISPENSER", "DEB", "EUME", "", _ell(255, 35700, 4.1), None),
        ("SYLDA R/B", "R/B", "FR", "", _ell(250, 35690, 4.1), None),
        ("METEOSAT-12 (MTG-I1)", "PAY", "EUME", "+", _geo(0.35), None),
        ("ARIANE 5 R/B", "R/B", "FR", "", _ell(221, 35720, 4.0), None)], 54741)  # fmt: skip
    launch("2023-008", date(2023, 1, 10), "AFETR",
           [(f"ONEWEB-{k:04d}", "PAY", "UK", "S" if k in (588, 601) else "+", _circ(rng.uniform(1195, 1202), 87.9,
             0.0002), None) for k in list(range(578, 614)) + [616, 617, 619, 620]]
           + [("FALCON 9 R/B", "R/B", "US", "D", None, date(2023, 1, 10))], 55130)  # fmt: skip
    launch("2023-009", date(2023, 1, 18), "AFETR", [
        ("NAVSTAR 81 (USA 343)", "PAY", "US", "+", {"k": "meo", "n": 2.00559, "inc": 55.4, "e": 0.0009}, None),
        ("FALCON 9 R/B", "R/B", "US", "", _ell(1010, 20310, 55.2), None)], 55268)  # fmt: skip
    for intdes, day, site, inc, n, norad, lost, first in (
        ("2023-118", date(2023, 8, 17), "AFETR", 43.0, 22, 57322, 2, 30120),
        ("2023-161", date(2023, 10, 18), "AFETR", 43.0, 22, 58241, 1, 30571),
        ("2023-173", date(2023, 11, 4), "AFWTR", 53.05, 21, 58347, 0, 30685),
        ("2024-027", date(2024, 2, 15), "AFWTR", 53.05, 22, 58998, 0, 31292),
    ):
        objs = []
        names = sorted(rng.sample(range(first, first + 60), n))
        dead = set(rng.sample(range(n), lost))
        for k in range(n):
            if k in dead:
                objs.append((f"STARLINK-{names[k]}", "PAY", "US", "D", None, day + timedelta(days=rng.randint(25, 60))))
            elif intdes == "2024-027":
                objs.append((f"STARLINK-{names[k]}", "PAY", "US", "+", {"k": "raise", "h0": rng.uniform(318, 345),
                             "h1": rng.uniform(372, 410), "inc": inc, "e": 0.0002}, None))  # fmt: skip
            else:
                objs.append(
                    (f"STARLINK-{names[k]}", "PAY", "US", "+", _circ(rng.uniform(528, 562), inc, 0.00012), None)
                )
        objs.append(("FALCON 9 R/B", "R/B", "US", "D", None, day + timedelta(days=rng.randint(0, 2))))
        launch(intdes, day, site, objs, norad)
    t9 = [("ICEYE-X30", "FIN"), ("ICEYE-X31", "FIN"), ("ICEYE-X32", "FIN"), ("LEMUR-2-ZACHARY", "US"),
          ("LEMUR-2-OLIVIA", "US"), ("NORSAT-TD", "NOR"), ("KUVA SPACE HYPERFIELD-1A", "FIN"),
          ("DISCOVERER-S1", "US"), ("VARDA W-1", "US"), ("GHOSTSAT-3", "DEN"), ("TIGER-4", "US"),
          ("HAWK-8A", "US"), ("HAWK-8B", "US"), ("HAWK-8C", "US"), ("ION SCV-011", "IT")]  # fmt: skip
    t9objs = [(name, "PAY", owner, "+" if k % 7 else "?", _circ(rng.uniform(505, 545), 97.45, 0.0011), None)
              for k, (name, owner) in enumerate(t9)]  # fmt: skip
    t9objs[8] = ("VARDA W-1", "PAY", "US", "D", None, date(2024, 2, 21))
    t9objs.append(("FALCON 9 R/B", "R/B", "US", "D", None, date(2023, 11, 11)))
    launch("2023-174", date(2023, 11, 11), "AFWTR", t9objs, 58420)
    debris = []
    for k in range(20):
        if k < 17:
            debris.append(("COSMOS 1408 DEB", "DEB", "CIS", "D", None, down(date(2022, 1, 5), date(2023, 11, 30))))
        else:
            hp = rng.uniform(335, 380)
            debris.append(("COSMOS 1408 DEB", "DEB", "CIS", "", _ell(hp, hp + rng.uniform(15, 160), 82.5), None))
    launch("1982-092", date(1982, 9, 16), "PLMSC", debris, [49863 + 3 * k for k in range(20)])
    for s in sats:  # debris of 1982-092 was catalogued in 2021 with pieces after the parent's
        if s["intdes"].startswith("1982-092"):
            k = int(s["norad"] - 49863) // 3
            s["intdes"] = f"1982-092{PIECES[10 + k * 3]}"
        if s["name"].startswith("STS "):
            s["landed"] = True
    sats.sort(key=lambda s: s["norad"])
    for s in sats:
        s["rcs"] = ""
        if s["launch"].year < 2017:
            s["rcs"] = f"{rng.uniform(0.05, 0.6) if s['type'] == 'DEB' else rng.uniform(0.8, 12):.4f}".rstrip("0")
    return sats


def _h_at(o: dict, t: datetime) -> float:
    days = (t - SAT_START).total_seconds() / 86400
    if o["k"] == "decay":
        left = (o["t"] - t).total_seconds() / (o["t"] - SAT_START).total_seconds()
        return 120 + (o["h0"] - 120) * max(left, 0) ** 0.55
    if o["k"] == "raise":
        return o["h0"] + (o["h1"] - o["h0"]) * days / 7
    return o["h"] - 0.02 * days * (1 if o["h"] < 600 else 0)


def _elements(o: dict, t: datetime, rng: random.Random) -> tuple[float, float, float]:
    """(mean motion, eccentricity, inclination) of an orbit model at t."""
    if o["k"] in ("circ", "decay", "raise"):
        e = max(0.00002, o["e"] * rng.uniform(0.85, 1.15))
        return n_from_a(RE + _h_at(o, t)), e, o["inc"] + rng.uniform(-0.0006, 0.0006)
    if o["k"] == "ell":
        a = RE + (o["hp"] + o["ha"]) / 2
        e = (o["ha"] - o["hp"]) / (2 * a)
        return (
            n_from_a(a) * (1 + rng.uniform(-2e-6, 2e-6)),
            e + rng.uniform(-3e-6, 3e-6),
            o["inc"] + rng.uniform(-3e-4, 3e-4),
        )
    if o["k"] == "meo":
        return o["n"] + rng.uniform(-2e-7, 2e-7), o["e"] + rng.uniform(-2e-6, 2e-6), o["inc"] + rng.uniform(-2e-4, 2e-4)
    return (
        1.00272 + o["drift"] + rng.uniform(-2e-5, 2e-5),
        rng.uniform(0.0001, 0.0004),
        o["inc"] + rng.uniform(-1e-3, 1e-3),
    )


def _build_elsets(sats: list[dict], rng: random.Random) -> list[dict]:
    out: list[dict] = []
    for s in sats:
        o = s["orbit"]
        if o is None:
            continue
        n0, _e, _i = _elements(o, SAT_START, random.Random(0))
        lo, hi = (8, 26) if n0 > 11 else (18, 40)
        if o["k"] == "decay":
            lo, hi = 5, 11
        t = SAT_START + timedelta(hours=rng.uniform(0, hi))
        stop = o["t"] - timedelta(hours=rng.uniform(3, 9)) if o["k"] == "decay" else SAT_END
        raan = rng.uniform(0, 360)
        argp = rng.uniform(0, 360)
        elset = rng.randint(100, 999)
        rev0 = rng.randint(1000, 99000)
        while t < stop:
            n, e, inc = _elements(o, t, rng)
            a = a_from_n(n)
            days = (t - SAT_START).total_seconds() / 86400
            rate = -1.5 * (n * 360) * J2 * (RE / a) ** 2 * math.cos(math.radians(inc)) / (1 - e * e) ** 2
            doy = (t.date() - date(t.year, 1, 1)).days + 1
            frac = round(((t - datetime(t.year, t.month, t.day)).total_seconds() / 86400) * 1e8)
            if frac >= 10**8:  # not at midnight exactly: keep the day whole
                frac = 10**8 - 1
            if o["k"] == "decay":
                later = n_from_a(RE + _h_at(o, t + timedelta(hours=2)))
                ndot = (later - n) / (2 / 24) / 2
                bstar = rng.uniform(8e-4, 2.5e-3)
            elif o["k"] == "raise":
                ndot, bstar = -rng.uniform(0.003, 0.009), rng.uniform(2e-4, 9e-4)
            elif n > 11:
                ndot, bstar = rng.uniform(2e-6, 3e-4), rng.uniform(5e-5, 9e-4)
            else:
                ndot, bstar = rng.choice([-1, 1]) * rng.uniform(1e-8, 9e-7), 0.0
            elset += 1
            out.append({"norad": s["norad"], "name": s["name"], "intdes": s["intdes"], "epoch": t, "doy": doy,
                        "frac": frac, "inc": round(inc * 1e4), "raan": round(((raan + rate * days) % 360) * 1e4),
                        "ecc": round(e * 1e7), "argp": round(((argp + rng.uniform(-3, 3) * days) % 360) * 1e4),
                        "ma": round(rng.uniform(0, 359.9999) * 1e4), "mm": round(n * 1e8), "ndot": round(ndot * 1e8),
                        "bstar": bstar, "elset": elset % 10000, "rev": (rev0 + int(n * days)) % 100000})  # fmt: skip
            t += timedelta(hours=rng.uniform(lo, hi), seconds=rng.randint(0, 59))
    return out


def _implied(x: float) -> str:
    """TLE's implied-decimal exponent field: 0.10270e-3 as ' 10270-3'."""
    if x == 0:
        return " 00000+0"
    exp = math.floor(math.log10(abs(x))) + 1
    mant = round(abs(x) / 10**exp * 1e5)
    if mant == 100000:
        mant, exp = 10000, exp + 1
    return f"{'-' if x < 0 else ' '}{mant:05d}{'-' if exp < 0 else '+'}{abs(exp)}"


def _checksum(line: str) -> int:
    return sum(int(c) if c.isdigit() else (1 if c == "-" else 0) for c in line) % 10


def tle_lines(es: dict) -> tuple[str, str]:
    yy, launch, piece = es["intdes"][2:4], es["intdes"][5:8], es["intdes"][8:]
    ndot = es["ndot"] / 1e8
    ndot_s = f"{'-' if ndot < 0 else ' '}.{abs(es['ndot']):08d}"
    l1 = (f"1 {es['norad']:05d}U {yy}{launch}{piece:<3} {es['epoch'].year % 100:02d}{es['doy']:03d}."
          f"{es['frac']:08d} {ndot_s}  00000-0 {_implied(es['bstar'])} 0 {es['elset']:4d}")  # fmt: skip
    l2 = (f"2 {es['norad']:05d} {es['inc'] / 1e4:8.4f} {es['raan'] / 1e4:8.4f} {es['ecc']:07d} {es['argp'] / 1e4:8.4f} "
          f"{es['ma'] / 1e4:8.4f} {es['mm'] / 1e8:11.8f}{es['rev']:5d}")  # fmt: skip
    assert len(l1) == 68 and len(l2) == 68, (l1, l2)
    return l1 + str(_checksum(l1)), l2 + str(_checksum(l2))


def _write_tle(t: Truth, d: Path) -> None:
    lines = []
    for es in t.elsets:
        l1, l2 = tle_lines(es)
        lines += [f"0 {es['name']}", l1, l2]
    (d / TLE_FILE).write_bytes(("\r\n".join(lines) + "\r\n").encode("ascii"))


def sat_orbit_summary(t: Truth, s: dict) -> tuple[float, float, int, int] | None:
    """SATCAT's period (minutes), inclination, apogee and perigee (km) for an object, from its last element set."""
    mine = [es for es in t.elsets if es["norad"] == s["norad"]]
    if mine:
        es = mine[-1]
        n, e, inc = es["mm"] / 1e8, es["ecc"] / 1e7, es["inc"] / 1e4
    elif s["landed"]:
        return None
    else:  # down before the window: its last orbit, low and circular
        rng = random.Random(f"{SEED}-last-{s['norad']}")
        n, e, inc = n_from_a(RE + rng.uniform(175, 205)), rng.uniform(0.0002, 0.002), s.get("inc0", 53.05)
    a = a_from_n(n)
    return 1440 / n, inc, round(a * (1 + e) - RE), round(a * (1 - e) - RE)


def _write_satcat(t: Truth, d: Path) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(["OBJECT_NAME", "OBJECT_ID", "NORAD_CAT_ID", "OBJECT_TYPE", "OPS_STATUS_CODE", "OWNER", "LAUNCH_DATE",
                "LAUNCH_SITE", "DECAY_DATE", "PERIOD", "INCLINATION", "APOGEE", "PERIGEE", "RCS", "DATA_STATUS_CODE",
                "ORBIT_CENTER", "ORBIT_TYPE"])  # fmt: skip
    for s in t.sats:
        orb = sat_orbit_summary(t, s)
        period, inc, apo, per = ("", "", "", "") if orb is None else (f"{orb[0]:.2f}", f"{orb[1]:.2f}", orb[2], orb[3])
        w.writerow([s["name"], s["intdes"], s["norad"], s["type"], s["ops"], s["owner"], f"{s['launch']:%Y-%m-%d}",
                    s["site"], f"{s['decay']:%Y-%m-%d}" if s["decay"] else "", period, inc, apo, per, s["rcs"],
                    "", "EA", "LAN" if s["landed"] else "ORB"])  # fmt: skip
    (d / SATCAT_FILE).write_text(buf.getvalue(), encoding="utf-8", newline="")


# ==================================================================================================
# Genealogy: an Ancestry family tree as GEDCOM 5.5.1
# ==================================================================================================

GD_HOME = ("Emily Rose", "Hartley", date(1988, 6, 14))
GD_PROLIFIC = "Jeremiah"  # the ancestral father of the largest family (gen 5 of the Hartley line)
GD_TOWNS = {  # town: (variants, weights) as typed into Ancestry by the tree's owner and by record hints
    "Halifax": (["Halifax, Yorkshire, England", "Halifax, West Riding of Yorkshire, England",
                 "Halifax, Yorkshire, England, United Kingdom"], [0.4, 0.34, 0.26]),
    "Leeds": (["Leeds, Yorkshire, England", "Leeds, West Riding of Yorkshire, England"], [0.86, 0.14]),
    "Bradford": (["Bradford, Yorkshire, England", "Bradford, West Riding of Yorkshire, England",
                  "Bradford, Yorkshire, England, United Kingdom"], [0.38, 0.34, 0.28]),
    "Huddersfield": (["Huddersfield, Yorkshire, England", "Huddersfield, West Riding of Yorkshire, England"], [0.8, 0.2]),
    "Keighley": (["Keighley, Yorkshire, England"], [1]),
    "Wakefield": (["Wakefield, Yorkshire, England", "Wakefield, West Riding of Yorkshire, England"], [0.7, 0.3]),
    "Dewsbury": (["Dewsbury, Yorkshire, England"], [1]),
    "Sowerby Bridge": (["Sowerby Bridge, Yorkshire, England", "Sowerby Bridge, Halifax, Yorkshire, England"], [0.7, 0.3]),
    "Heptonstall": (["Heptonstall, Yorkshire, England", "Heptonstall, Halifax, Yorkshire, England"], [0.6, 0.4]),
    "Todmorden": (["Todmorden, Yorkshire, England", "Todmorden, Lancashire, England"], [0.6, 0.4]),
    "Rochdale": (["Rochdale, Lancashire, England", "Rochdale, Lancashire, England, United Kingdom"], [0.8, 0.2]),
    "Burnley": (["Burnley, Lancashire, England"], [1]),
    "Otley": (["Otley, Yorkshire, England"], [1]),
    "Cork": (["Cork, County Cork, Ireland"], [1]),
    "Kraków": (["Kraków, Małopolskie, Poland"], [1]),
}  # fmt: skip
GD_MODERN = {"Leeds": "Leeds, West Yorkshire, England", "Bradford": "Bradford, West Yorkshire, England",
             "Halifax": "Halifax, West Yorkshire, England", "Huddersfield": "Huddersfield, West Yorkshire, England",
             "Wakefield": "Wakefield, West Yorkshire, England", "Keighley": "Keighley, West Yorkshire, England",
             "Rochdale": "Rochdale, Greater Manchester, England"}  # fmt: skip
GD_RANDOM_TOWNS = [("Leeds", 5.5), ("Bradford", 3), ("Halifax", 1.2), ("Huddersfield", 2), ("Keighley", 1.5),
                   ("Wakefield", 1), ("Dewsbury", 1), ("Sowerby Bridge", 1.2), ("Todmorden", 1), ("Heptonstall", 0.8),
                   ("Rochdale", 1), ("Burnley", 0.8), ("Otley", 0.7)]  # fmt: skip
GD_MALE = [
    "John",
    "William",
    "James",
    "Thomas",
    "Joseph",
    "George",
    "Samuel",
    "Richard",
    "Robert",
    "Henry",
    "Benjamin",
    "Abraham",
    "Edward",
    "Charles",
    "Jonathan",
    "Isaac",
    "Daniel",
    "Nathan",
    "Joshua",
    "Michael",
]
GD_MALE_LATE = ["Frederick", "Arthur", "Albert", "Harold", "Walter", "Ernest", "Frank", "Herbert", "Fred", "Harry",
                "Wilfred", "Norman"]  # fmt: skip
GD_MALE_MODERN = ["Kenneth", "Peter", "David", "Michael", "Stephen", "Andrew", "Paul", "Mark", "Brian", "Keith"]
GD_FEMALE = ["Mary", "Sarah", "Ann", "Elizabeth", "Hannah", "Martha", "Susannah", "Grace", "Betty", "Ellen", "Jane",
             "Alice", "Nancy", "Rachel"]  # fmt: skip
GD_FEMALE_LATE = ["Emma", "Harriet", "Eliza", "Margaret", "Ada", "Annie", "Florence", "Edith", "Lily", "Elsie",
                  "Clara", "Mabel", "Ethel"]  # fmt: skip
GD_FEMALE_MODERN = ["Doris", "Dorothy", "Joan", "Barbara", "Susan", "Linda", "Karen", "Julie", "Christine", "Janet"]
GD_SURNAMES = ["Sutcliffe", "Greenwood", "Crossley", "Whiteley", "Ackroyd", "Shackleton", "Helliwell", "Holdsworth",
               "Mitchell", "Barker", "Wilkinson", "Firth", "Priestley", "Haigh", "Pickles", "Midgley", "Wadsworth",
               "Ingham", "Lister", "Walsh", "Jennings", "Fielding", "Whitworth", "Booth", "Dobson", "Hirst",
               "Fawcett", "Thornton", "Normington", "Bairstow"]  # fmt: skip
GD_OCCUPATIONS = {  # (sex, era): [(occupation, weight)]
    ("M", 0): [("Weaver", 5), ("Woolcomber", 3), ("Farmer", 3), ("Labourer", 3), ("Clothier", 2), ("Stone Mason", 1)],
    ("M", 1): [("Weaver", 3), ("Mill Hand", 3), ("Coal Miner", 2), ("Labourer", 3), ("Carter", 1), ("Joiner", 2),
               ("Overlooker", 1), ("Wool Sorter", 1)],
    ("M", 2): [("Engineer", 2), ("Clerk", 2), ("Labourer", 2), ("Bus Driver", 1), ("Joiner", 1), ("Teacher", 1)],
    ("F", 0): [("Weaver", 4), ("Worsted Spinner", 3), ("Domestic Servant", 3)],
    ("F", 1): [("Weaver", 3), ("Worsted Spinner", 3), ("Mill Hand", 2), ("Dressmaker", 1), ("Domestic Servant", 2)],
    ("F", 2): [("Clerk", 2), ("Shop Assistant", 2), ("Teacher", 1), ("Nurse", 1), ("Machinist", 1)],
}  # fmt: skip
GD_CENSUS = [1841, 1851, 1861, 1871, 1881, 1891, 1901, 1911, 1921]
GD_SOURCES = ["1841 England Census", "1851 England Census", "1861 England Census", "1871 England Census",
              "1881 England Census", "1891 England Census", "1901 England Census", "1911 England Census",
              "1921 England Census", "England & Wales, Civil Registration Birth Index, 1837-1915",
              "England & Wales, Civil Registration Death Index, 1837-1915",
              "England & Wales, Civil Registration Marriage Index, 1837-1915",
              "West Yorkshire, England, Church of England Baptisms, Marriages and Burials, 1512-1812",
              "England, Select Births and Christenings, 1538-1975",
              "England & Wales, National Probate Calendar (Index of Wills and Administrations), 1858-1995"]  # fmt: skip
GD_EXPORTED = date(2024, 3, 14)
MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]


def _rand_date(rng: random.Random, y: int) -> date:
    return date(y, 1, 1) + timedelta(days=rng.randint(0, 364))


def _date_rec(rng: random.Random, d: date, forms: list[tuple[str, float]], dual_ok: bool = False) -> dict:
    """A date as the tree holds it: the year a reader takes from it, whether it is a full date, and its text."""
    form = rng.choices([f for f, _ in forms], [w for _, w in forms])[0]
    y = d.year
    if form in ("ABT", "BEF", "AFT", "CAL", "EST", "BET"):
        shift = {"ABT": rng.choice([-1, 0, 0, 1]), "BEF": rng.randint(0, 2), "AFT": -rng.randint(0, 2),
                 "CAL": rng.choice([-1, 0, 1]), "EST": rng.choice([-1, 0, 1]), "BET": -rng.randint(0, 3)}[form]  # fmt: skip
        y = d.year + shift
        y2 = y + rng.randint(2, 5)
        edge = y in (1799, 1800, 1899, 1900) or (form == "BET" and y // 100 != y2 // 100)
        if not edge:
            if form == "ABT" and rng.random() < 0.3:
                text = f"Abt. {y}"
            elif form == "BET":
                text = f"BET {y} AND {y2}"
            else:
                text = f"{form} {y}"
            return {"y": y, "exact": False, "qual": True, "text": text, "date": None}
        form, y = "exact", d.year
    mon = MONTHS[d.month - 1] if rng.random() < 0.62 else MONTHS[d.month - 1].title()
    if form == "month":
        return {"y": y, "exact": False, "qual": False, "text": f"{mon} {y}", "date": None}
    if form == "year":
        return {"y": y, "exact": False, "qual": False, "text": f"{y}", "date": None}
    if dual_ok and d.year < 1752 and d.month <= 3 and not (d.month == 3 and d.day >= 25):
        return {"y": y, "exact": True, "qual": False, "text": f"{d.day} {mon} {y - 1}/{y % 100:02d}", "date": d,
                "dual": True}  # fmt: skip
    return {"y": y, "exact": True, "qual": False, "text": f"{d.day} {mon} {y}", "date": d}


def _birth_forms(y: int) -> list[tuple[str, float]]:
    if y < 1752:
        return [("year", 30), ("ABT", 40), ("BET", 10), ("CAL", 8), ("EST", 7), ("BEF", 5)]
    if y < 1837:
        return [("exact", 48), ("year", 12), ("ABT", 26), ("BET", 5), ("CAL", 4), ("BEF", 3), ("AFT", 2)]
    if y < 1915:
        return [("exact", 55), ("month", 14), ("year", 6), ("ABT", 20), ("BEF", 2), ("AFT", 3)]
    return [("exact", 90), ("month", 4), ("year", 3), ("ABT", 3)]


def _build_tree(rng: random.Random) -> tuple[list[dict], list[dict], int]:
    people: list[dict] = []
    families: list[dict] = []

    def given(sex: str, y: int, avoid: set[str]) -> str:
        pool = (GD_MALE + (GD_MALE_LATE if y > 1840 else []) if y < 1925 else GD_MALE_MODERN) if sex == "M" else (
            GD_FEMALE + (GD_FEMALE_LATE if y > 1840 else []) if y < 1925 else GD_FEMALE_MODERN)  # fmt: skip
        choices = [g for g in pool if g not in avoid] or pool
        first = rng.choice(choices)
        if y > 1830 and rng.random() < (0.25 if y < 1900 else 0.5):
            first += " " + rng.choice([g for g in pool if g != first])
        return first

    def town_of(y: int) -> str:
        return rng.choices([t for t, _ in GD_RANDOM_TOWNS], [w for _, w in GD_RANDOM_TOWNS])[0]

    def new(
        sex: str, surname: str, born: date, town: str, first: str | None = None, avoid: set[str] = frozenset()
    ) -> int:
        people.append({"given": first or given(sex, born.year, set(avoid)), "surname": surname, "sex": sex,
                       "born": born, "town": town, "famc": None, "fams": [], "dies_young": False})  # fmt: skip
        return len(people) - 1

    def family(h: int | None, w: int | None, town: str) -> int:
        families.append({"husb": h, "wife": w, "children": [], "town": town})
        f = len(families) - 1
        for p in (h, w):
            if p is not None:
                people[p]["fams"].append(f)
        return f

    def add_child(f: int, c: int) -> None:
        families[f]["children"].append(c)
        people[c]["famc"] = f

    def spread(center: int, lo: int, hi: int, k: int) -> list[int]:
        """k other birth years between lo and hi, at least a year apart from each other and from center."""
        years = [y for y in range(lo, hi + 1) if y != center]
        rng.shuffle(years)
        out: list[int] = []
        for y in years:
            if len(out) == k:
                break
            if all(abs(y - o) >= 1 for o in out):
                out.append(y)
        return sorted(out)

    def marry_off(p: int, depth: int) -> None:
        """A sibling's spouse and children (collateral lines, one or two generations)."""
        me = people[p]
        y = me["born"].year + rng.randint(20, 29)
        if y > 2005:
            return
        sex = "F" if me["sex"] == "M" else "M"
        sp_surname = rng.choice(GD_SURNAMES)
        sp = new(sex, sp_surname, _rand_date(rng, me["born"].year + rng.randint(-4, 4)), town_of(y))
        h, w = (p, sp) if me["sex"] == "M" else (sp, p)
        f = family(h, w, me["town"] if rng.random() < 0.7 else people[sp]["town"])
        surname = people[h]["surname"]
        mother_born = people[w]["born"].year
        n = rng.choice([0, 1, 2, 2, 3, 3, 4, 5, 6]) if y < 1930 else rng.choice([0, 1, 2, 2, 3])
        years = sorted(spread(-1, y + 1, min(mother_born + 42, 2010), n))
        names: set[str] = set()
        for cy in years:
            s = rng.choice("MF")
            c = new(s, surname, _rand_date(rng, cy), families[f]["town"], avoid=names)
            names.add(people[c]["given"])
            add_child(f, c)
            if cy < 1900 and rng.random() < 0.16:
                people[c]["dies_young"] = True
            elif depth > 0 and cy < 1960 and rng.random() < 0.3:
                marry_off(c, depth - 1)

    forced = {  # pedigree position ("F" father, "M" mother, "FM" father's mother ...): overrides
        "": {"town": "Leeds"}, "F": {"town": "Leeds"}, "M": {"town": "Bradford", "surname": "Kowalski"},
        "MF": {"town": "Kraków", "stop": True, "born": 1921}, "MM": {"town": "Bradford"},
        "FF": {"town": "Halifax"}, "FM": {"town": "Leeds", "surname": "Brennan"},
        "FMF": {"town": "Cork", "stop": True}, "FFF": {"town": "Halifax"}, "FFFF": {"town": "Halifax"},
        "FFFFF": {"town": "Halifax", "given": GD_PROLIFIC}, "FFFFFF": {"town": "Halifax"},
        "FFFFFFF": {"town": "Heptonstall"}, "FFFFFFFF": {"town": "Heptonstall"}, "FFFFFFFFF": {"town": "Heptonstall"},
        "FFFFFFFFFF": {"town": "Heptonstall"},
    }  # fmt: skip
    known = {1: 1.0, 2: 1.0, 3: 1.0, 4: 0.92, 5: 0.8, 6: 0.62, 7: 0.45, 8: 0.3, 9: 0.15, 10: 0.0}

    def parents_of(c: int, path: str) -> None:
        gen = len(path) + 1
        if forced.get(path, {}).get("stop") or gen > 10:
            return
        line = set(path) <= {"F"}  # the Hartley line: the home person's father's father's ...
        has_f = line or rng.random() < known[gen]
        has_m = rng.random() < known[gen] * (1.0 if has_f else 0.5)
        if not has_f and not has_m:
            return
        child = people[c]
        cy = child["born"].year
        f_over, m_over = forced.get(path + "F", {}), forced.get(path + "M", {})
        fy = f_over.get("born", cy - rng.randint(24, 38))
        my = cy - rng.randint(20, 37)
        town = child["town"]
        fam_town = town if child["town"] not in ("Kraków", "Cork") else "Leeds"
        h = w = None
        if has_f:
            h = new("M", child["surname"], _rand_date(rng, fy), f_over.get("town", town if rng.random() < 0.55
                    else town_of(fy)), first=f_over.get("given"))  # fmt: skip
        if has_m:
            sur = m_over.get("surname", rng.choice(GD_SURNAMES))
            w = new("F", sur, _rand_date(rng, my), m_over.get("town", fam_town if rng.random() < 0.5 else town_of(my)))
        for x, tag in ((h, "F"), (w, "M")):
            if x is not None:
                people[x]["path"] = path + tag
        f = family(h, w, fam_town)
        big = path + "F" == "FFFFF"
        n_more = (
            11
            if big
            else rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9])
            if cy < 1930
            else rng.choice([0, 1, 1, 2, 3])
        )
        mother_y = people[w]["born"].year if w is not None else my
        lo, hi = max(mother_y + 19, cy - 14), min(mother_y + 44, cy + 14)
        years = spread(cy, lo, hi, n_more)
        kids = [(cy, c)]
        names = {child["given"].split()[0]}
        for y in years:
            s = rng.choice("MF") if rng.random() > 0.01 else "U"
            town_y = fam_town if rng.random() < 0.85 else town_of(y)
            k = new(s, child["surname"] if h is not None else (people[w]["surname"] if w is not None else child["surname"]),
                    _rand_date(rng, y), town_y, avoid=names)  # fmt: skip
            names.add(people[k]["given"].split()[0])
            kids.append((y, k))
            if s == "U" or (y < 1900 and rng.random() < 0.17) or (y < 1950 and rng.random() < 0.04):
                people[k]["dies_young"] = True
            elif gen <= 7 and y < 1975 and rng.random() < 0.42:
                marry_off(k, 1 if gen <= 3 else 0)
        for _y, k in sorted(kids, key=lambda x: (people[x[1]]["born"], x[1])):
            add_child(f, k)
        if h is not None:
            parents_of(h, path + "F")
        if w is not None:
            parents_of(w, path + "M")

    home = new("F", GD_HOME[1], GD_HOME[2], "Leeds", first=GD_HOME[0])
    parents_of(home, "")
    # a widower's second marriage on the Hartley line, with half-siblings
    man = next(i for i, p in enumerate(people) if p.get("path") == "FFFFFF")
    first_wife = next(i for i, p in enumerate(people) if p.get("path") == "FFFFFM")
    first = families[people[man]["fams"][0]]
    widowed = max(people[c]["born"] for c in first["children"]) + timedelta(days=rng.randint(200, 700))
    people[first_wife]["died_on"] = widowed
    again = widowed.year + rng.randint(1, 3)
    w2 = new("F", rng.choice(GD_SURNAMES), _rand_date(rng, people[man]["born"].year + rng.randint(3, 10)), "Halifax")
    f2 = family(man, w2, first["town"])
    names = {people[c]["given"].split()[0] for c in first["children"]}
    for k in range(rng.randint(2, 3)):
        c = new(rng.choice("MF"), "Hartley", _rand_date(rng, again + 1 + 2 * k), first["town"], avoid=names)
        names.add(people[c]["given"].split()[0])
        add_child(f2, c)
    _finish_tree(rng, people, families, home)
    return people, families, home


def _finish_tree(rng: random.Random, people: list[dict], families: list[dict], home: int) -> None:
    """Deaths, marriages, dates as typed, places as typed, residences, occupations, notes and ids."""
    last_child: dict[int, date] = {}
    for f in families:
        if f["children"]:
            newest = max(people[c]["born"] for c in f["children"])
            for p in (f["husb"], f["wife"]):
                if p is not None:
                    last_child[p] = max(last_child.get(p, newest), newest)
    cutoff = date(2024, 1, 31)
    for i, p in enumerate(people):
        y = p["born"].year
        if p["dies_young"]:
            died = p["born"] + timedelta(days=rng.randint(3, 6 * 365))
        elif "died_on" in p:
            died = p["died_on"]
        elif y < 1905 or (y < 1946 and rng.random() < 0.72) or rng.random() < 0.03:
            age = min(99, max(19, rng.gauss(67 if y > 1850 else 60, 14)))
            died = p["born"] + timedelta(days=int(age * 365.25) + rng.randint(0, 300))
            if i in last_child:
                died = max(died, last_child[i] + timedelta(days=rng.randint(200, 4000)))
            if died > cutoff:
                died = None if y >= 1905 else cutoff - timedelta(days=rng.randint(30, 900))
        else:
            died = None
        p["died"] = died
        if i == home:
            p["died"] = None
    for p in people:
        y = p["born"].year
        p["birth"] = _date_rec(rng, p["born"], _birth_forms(y))
        if rng.random() < 0.04 and p["famc"] is not None and y < 1900:
            p["birth"] = None  # a sibling known only from a census household, no birth date entered
        p["bplace"] = _place(rng, p["town"], y) if rng.random() > 0.06 else None
        p["chr"] = None
        if y < 1752 or (y < 1837 and rng.random() < 0.55):  # before 1752 known from the parish register
            d = p["born"] + timedelta(days=rng.randint(5, 70))
            p["chr"] = (_date_rec(rng, d, [("exact", 1)], dual_ok=True), _place(rng, p["town"], y))
        p["death"] = p["dform"] = p["dplace"] = p["burial"] = None
        if p["died"] is not None:
            d = p["died"]
            young = (d - p["born"]).days < 7 * 365
            p["dform"] = rng.choices(["date", "Y", "place"], [86, 8, 6] if not young else [97, 2, 1])[0]
            forms = [("exact", 60), ("month", 12), ("year", 12), ("ABT", 12), ("BEF", 2), ("AFT", 2)]
            if d.year >= 1915 or young:
                forms = [("exact", 88), ("month", 6), ("year", 6)]
            if p["dform"] == "date":
                p["death"] = _date_rec(rng, d, forms)
            if p["dform"] != "Y" and rng.random() < 0.85:
                p["dplace"] = _place(rng, p["town"] if rng.random() < 0.7 else
                                     rng.choice(["Leeds", "Halifax", "Bradford", "Huddersfield"]), d.year)  # fmt: skip
            if p["dform"] == "date" and p["death"]["exact"] and rng.random() < 0.3:
                b = d + timedelta(days=rng.randint(3, 9))
                p["burial"] = (_date_rec(rng, b, [("exact", 1)]), rng.choice(["St John the Baptist Churchyard",
                               "Lister Lane Cemetery", "Stoney Royd Cemetery", "Beckett Street Cemetery",
                               "Undercliffe Cemetery"]) + ", " + _place(rng, p["town"], b.year))  # fmt: skip
        p["resi"] = []
        for cy in GD_CENSUS:
            if (
                p["born"] < date(cy, 3, 1)
                and (p["died"] is None or p["died"] > date(cy, 6, 30))
                and rng.random() < 0.33
            ):
                text = f"{cy}" if rng.random() < 0.7 else _date_rec(rng, date(cy, 4, 2), [("exact", 1)])["text"]
                p["resi"].append((text, _place(rng, p["town"] if rng.random() < 0.8 else "Halifax", cy), cy))
        adult = p["died"] is None or (p["died"] - p["born"]).days > 16 * 365
        p["occu"] = None
        if adult and y < 1950 and rng.random() < 0.55:
            era = 0 if y < 1830 else 1 if y < 1900 else 2
            opts = GD_OCCUPATIONS[("F" if p["sex"] == "F" else "M", era)]
            p["occu"] = rng.choices([o for o, _ in opts], [w for _, w in opts])[0]
        p["note"] = None
        if rng.random() < 0.06:
            p["note"] = _gd_note(rng, p)
    for f in families:
        kids = [people[c]["born"] for c in f["children"]]
        first = min(kids) if kids else None
        spouses = [people[x]["born"] for x in (f["husb"], f["wife"]) if x is not None]
        base = max(spouses) + timedelta(days=365 * 19) if spouses else date(1800, 1, 1)
        when = (
            first - timedelta(days=rng.randint(120, 1000)) if first else base + timedelta(days=rng.randint(365, 3650))
        )
        if first is None and when > date(2015, 1, 1):
            when = date(2015, 1, 1) - timedelta(days=rng.randint(0, 3000))
        if f["husb"] is None or f["wife"] is None or rng.random() < 0.08:
            f["marr"] = None
        else:
            f["marr"] = _date_rec(rng, when, [("exact", 62), ("year", 14), ("month", 10), ("ABT", 14)], dual_ok=True)
        f["mplace"] = _place(rng, f["town"], when.year) if f["marr"] and rng.random() < 0.9 else None
    ids: set[int] = set()
    for p in people:
        while True:
            x = rng.randint(10**11, 10**12 - 1)
            if x not in ids:
                ids.add(x)
                break
        p["id"] = f"@I{x}@"
    for k, f in enumerate(families):
        f["id"] = f"@F{k + 1}@"


def _place(rng: random.Random, town: str, y: int) -> str:
    if y >= 1974 and town in GD_MODERN:
        return GD_MODERN[town]
    variants, weights = GD_TOWNS[town]
    return rng.choices(variants, weights)[0]


def _gd_note(rng: random.Random, p: dict) -> str:
    return (
        f"{p['given'].split()[0]} is listed in the {rng.choice(GD_CENSUS[:6])} census as a "
        f"{rng.choice(['scholar', 'worker in the mill', 'lodger', 'visitor'])} in the household of "
        f"{rng.choice(GD_MALE)} {rng.choice(GD_SURNAMES)}. The transcription gives the name as "
        f'"{p["given"].split()[0][:-1]}{p["surname"]}" and the age as {rng.randint(3, 60)}, which does not fit '
        "the baptism; a second household in the same street holds a person of the same name, so this may be "
        "a different person. Checked against the enumerator's book on microfilm at the West Yorkshire "
        "Archive Service, Wakefield.\nSee also the family bible transcription (photo in media)."
    )


def _write_ged(t: Truth, d: Path) -> None:
    rng = _rng("gedcom-render")
    src_ids = [f"@S{rng.randint(10**11, 10**12 - 1)}@" for _ in GD_SOURCES]
    by_title = dict(zip(GD_SOURCES, src_ids))
    out = ["0 HEAD", "1 SOUR Ancestry.com Family Trees", "2 NAME Ancestry.com Member Trees", "2 VERS 2021.07",
           "2 _TREE Hartley Family Tree", "3 RIN 181946233", "3 _ENV prd", "2 CORP Ancestry.com",
           "3 PHON 801-705-7000", "3 WWW www.ancestry.com", "3 ADDR 1300 West Traverse Parkway",
           "4 CONT Lehi, UT  84043", "4 CONT USA", f"1 DATE {GD_EXPORTED.day} {MONTHS[GD_EXPORTED.month - 1]} "
           f"{GD_EXPORTED.year}", "2 TIME 09:41:27", "1 GEDC", "2 VERS 5.5.1", "2 FORM LINEAGE-LINKED",
           "1 CHAR UTF-8"]  # fmt: skip

    def cite(level: int, title: str, page: str) -> list[str]:
        lines = [f"{level} SOUR {by_title[title]}", f"{level + 1} PAGE {page}"]
        if rng.random() < 0.8:
            lines.append(f"{level + 1} _APID 1,{rng.randint(1000, 9999)}::{rng.randint(100000, 99999999)}")
        return lines

    def birth_source(y: int) -> str:
        return GD_SOURCES[9] if 1837 <= y <= 1915 else GD_SOURCES[12] if y < 1813 else GD_SOURCES[13]

    def census_page(cy: int) -> str:
        cls = {1841: "HO107", 1851: "HO107", 1861: "RG 9", 1871: "RG10", 1881: "RG11", 1891: "RG12", 1901: "RG13",
               1911: "RG14", 1921: "RG15"}[cy]  # fmt: skip
        return (f"Class: {cls}; Piece: {rng.randint(200, 4800)}; Folio: {rng.randint(1, 700)}; Page: "
                f"{rng.randint(1, 60)}; GSU roll: {rng.randint(87000, 99999)}")  # fmt: skip

    order = list(range(len(t.people)))
    rng.shuffle(order)
    for i in order:
        p = t.people[i]
        out += [f"0 {p['id']} INDI", f"1 NAME {p['given']} /{p['surname']}/", f"2 GIVN {p['given']}",
                f"2 SURN {p['surname']}", f"1 SEX {p['sex']}"]  # fmt: skip
        if p["birth"] or p["bplace"]:
            out.append("1 BIRT")
            if p["birth"]:
                out.append(f"2 DATE {p['birth']['text']}")
            if p["bplace"]:
                out.append(f"2 PLAC {p['bplace']}")
            if rng.random() < 0.45:
                out += cite(2, birth_source(p["born"].year), f"Volume: {rng.randint(1, 23)}; Page: {rng.randint(1, 600)}"
                            if p["born"].year >= 1837 else f"Halifax, St John the Baptist; {p['born'].year}")  # fmt: skip
        if p["chr"]:
            out += ["1 CHR", f"2 DATE {p['chr'][0]['text']}", f"2 PLAC {p['chr'][1]}"]
            if rng.random() < 0.6:
                out += cite(2, GD_SOURCES[12], f"WYAS Reference Number: WDP{rng.randint(1, 160)}/1/{rng.randint(1, 9)}")
        for text, place, cy in p["resi"]:
            out += ["1 RESI", f"2 DATE {text}", f"2 PLAC {place}"]
            out += cite(2, f"{cy} England Census", census_page(cy))
        if p["occu"]:
            out.append(f"1 OCCU {p['occu']}")
        if p["dform"] == "Y":
            out.append("1 DEAT Y")
        elif p["dform"] is not None:
            out.append("1 DEAT")
            if p["death"]:
                out.append(f"2 DATE {p['death']['text']}")
            if p["dplace"]:
                out.append(f"2 PLAC {p['dplace']}")
            if p["death"] and 1837 <= p["died"].year <= 1915 and rng.random() < 0.4:
                out += cite(2, GD_SOURCES[10], f"Volume: {rng.randint(1, 23)}; Page: {rng.randint(1, 600)}")
        if p["burial"]:
            out += ["1 BURI", f"2 DATE {p['burial'][0]['text']}", f"2 PLAC {p['burial'][1]}"]
        if p["note"]:
            paras = p["note"].split("\n")
            first = True
            for para in paras:
                chunks = [para[k : k + 200] for k in range(0, len(para), 200)]
                for k, chunk in enumerate(chunks):
                    tag = "1 NOTE" if first else ("2 CONT" if k == 0 else "2 CONC")
                    out.append(f"{tag} {chunk}")
                    first = False
        for f in p["fams"]:
            out.append(f"1 FAMS {t.families[f]['id']}")
        if p["famc"] is not None:
            out.append(f"1 FAMC {t.families[p['famc']]['id']}")
    for f in t.families:
        out.append(f"0 {f['id']} FAM")
        if f["husb"] is not None:
            out.append(f"1 HUSB {t.people[f['husb']]['id']}")
        if f["wife"] is not None:
            out.append(f"1 WIFE {t.people[f['wife']]['id']}")
        if f["marr"] or f["mplace"]:
            out.append("1 MARR")
            if f["marr"]:
                out.append(f"2 DATE {f['marr']['text']}")
            if f["mplace"]:
                out.append(f"2 PLAC {f['mplace']}")
            if f["marr"] and rng.random() < 0.4:
                out += cite(2, GD_SOURCES[11], f"Volume: {rng.randint(1, 23)}; Page: {rng.randint(1, 900)}")
        for c in f["children"]:
            out.append(f"1 CHIL {t.people[c]['id']}")
    for title, sid in zip(GD_SOURCES, src_ids):
        out += [f"0 {sid} SOUR", "1 AUTH Ancestry.com", f"1 TITL {title}",
                "1 PUBL Ancestry.com Operations, Inc.", "1 REPO @R1@"]  # fmt: skip
    out += ["0 @R1@ REPO", "1 NAME Ancestry.com", "1 ADDR", "0 TRLR"]
    (d / GED_FILE).write_bytes(("\ufeff" + "\r\n".join(out) + "\r\n").encode("utf-8"))


# ==================================================================================================
# NHANES 2021-2023: DEMO_L and BMX_L as SAS transport files
# ==================================================================================================

NH_DEMO_VARS = [
    ("SEQN", "Respondent sequence number"), ("SDDSRVYR", "Data release cycle"),
    ("RIDSTATR", "Interview/Examination status"), ("RIAGENDR", "Gender"), ("RIDAGEYR", "Age in years at screening"),
    ("RIDAGEMN", "Age in months at screening - 0 to 24 mos"), ("RIDRETH1", "Race/Hispanic origin"),
    ("RIDRETH3", "Race/Hispanic origin w/ NH Asian"), ("RIDEXMON", "Six-month time period"),
    ("RIDEXAGM", "Age in months at exam - 0 to 19 years"), ("DMQMILIZ", "Served active duty in US Armed Forces"),
    ("DMDBORN4", "Country of birth"), ("DMDYRUSR", "Length of time in US"),
    ("DMDEDUC2", "Education level - Adults 20+"), ("DMDMARTZ", "Marital status"),
    ("RIDEXPRG", "Pregnancy status at exam"), ("DMDHHSIZ", "Total number of people in the Household"),
    ("DMDHRGND", "HH ref person's gender"), ("DMDHRAGZ", "HH ref person's age in years"),
    ("DMDHREDZ", "HH ref person's education level"), ("DMDHRMAZ", "HH ref person's marital status"),
    ("DMDHSEDZ", "HH ref person's spouse's education level"), ("WTINT2YR", "Full sample 2-year interview weight"),
    ("WTMEC2YR", "Full sample 2-year MEC exam weight"), ("SDMVSTRA", "Masked variance pseudo-stratum"),
    ("SDMVPSU", "Masked variance pseudo-PSU"), ("INDFMPIR", "Ratio of family income to poverty"),
]  # fmt: skip
NH_BMX_VARS = [
    ("SEQN", "Respondent sequence number"), ("BMDSTATS", "Body Measures Component Status Code"),
    ("BMXWT", "Weight (kg)"), ("BMIWT", "Weight Comment"), ("BMXRECUM", "Recumbent Length (cm)"),
    ("BMIRECUM", "Recumbent Length Comment"), ("BMXHEAD", "Head Circumference (cm)"),
    ("BMIHEAD", "Head Circumference Comment"), ("BMXHT", "Standing Height (cm)"),
    ("BMIHT", "Standing Height Comment"), ("BMXBMI", "Body Mass Index (kg/m**2)"),
    ("BMDBMIC", "BMI Category - Children/Youth"), ("BMXLEG", "Upper Leg Length (cm)"),
    ("BMILEG", "Upper Leg Length Comment"), ("BMXARML", "Upper Arm Length (cm)"),
    ("BMIARML", "Upper Arm Length Comment"), ("BMXARMC", "Arm Circumference (cm)"),
    ("BMIARMC", "Arm Circumference Comment"), ("BMXWAIST", "Waist Circumference (cm)"),
    ("BMIWAIST", "Waist Circumference Comment"), ("BMXHIP", "Hip Circumference (cm)"),
    ("BMIHIP", "Hip Circumference Comment"),
]  # fmt: skip
NH_N = 3600
NH_RACES = {1: 0.1, 2: 0.09, 3: 0.34, 4: 0.22, 6: 0.12, 7: 0.13}  # RIDRETH3 shares of the sample
NH_RACE_NAMES = {1: "Mexican American", 2: "Other Hispanic", 3: "Non-Hispanic White", 4: "Non-Hispanic Black",
                 6: "Non-Hispanic Asian", 7: "Other Race - Including Multi-Racial"}  # fmt: skip


def _nh_height(rng: random.Random, age: int, sex: int, race: int) -> float:
    """Standing height in cm (age 2 and over)."""
    boys = [(2, 88), (5, 110), (8, 128), (10, 139), (12, 150), (14, 163), (16, 172), (18, 176), (20, 176.5)]
    girls = [(2, 87), (5, 109), (8, 127), (10, 139), (12, 152), (14, 159), (16, 162), (18, 162.5), (20, 162.5)]
    curve = boys if sex == 1 else girls
    if age >= 20:
        mean = curve[-1][1] - max(0, age - 60) * 0.12
    else:
        for (a0, h0), (a1, h1) in zip(curve, curve[1:]):
            if a0 <= age <= a1:
                mean = h0 + (h1 - h0) * (age - a0) / (a1 - a0)
                break
    mean += {1: -4.5, 2: -3.0, 3: 0.8, 4: 0.3, 6: -4.0, 7: 0.0}[race] * min(1, age / 18)
    return mean + rng.gauss(0, 7.0 if age >= 18 else 2.5 + age * 0.25)


def _build_nhanes(rng: random.Random) -> list[dict]:
    seqns = sorted(rng.sample(range(130378, 142311), NH_N))
    out = []
    for seqn in seqns:
        band = rng.choices([(0, 0), (1, 5), (6, 11), (12, 19), (20, 39), (40, 59), (60, 79), (80, 80)],
                           [2.6, 7, 9, 12, 21, 22, 22.4, 4])[0]  # fmt: skip
        age = rng.randint(*band)
        sex = rng.choice([1, 2])
        race = rng.choices(list(NH_RACES), list(NH_RACES.values()))[0]
        pir = None if rng.random() < 0.1 else (0.0 if rng.random() < 0.012 else round(min(5.0, max(0.0,
              rng.lognormvariate(0.75 + {1: -0.35, 2: -0.3, 3: 0.2, 4: -0.3, 6: 0.25, 7: -0.1}[race], 0.7))), 2))  # fmt: skip
        p_exam = {1: 0.8, 2: 0.78, 3: 0.7, 4: 0.76, 6: 0.74, 7: 0.75}[race] - (0.12 if age >= 70 else 0) + (
            0.08 if age < 20 else 0)  # fmt: skip
        examined = rng.random() < p_exam
        r = {"SEQN": seqn, "SDDSRVYR": 12, "RIDSTATR": 2 if examined else 1, "RIAGENDR": sex, "RIDAGEYR": age,
             "RIDRETH3": race, "RIDRETH1": {1: 1, 2: 2, 3: 3, 4: 4, 6: 5, 7: 5}[race], "INDFMPIR": pir}  # fmt: skip
        months = age * 12 + rng.randint(0, 11)
        r["RIDAGEMN"] = months if months <= 24 else None
        r["RIDEXMON"] = rng.choice([1, 2]) if examined else None
        r["RIDEXAGM"] = min(239, months + rng.randint(0, 1)) if examined and age < 20 else None
        r["DMQMILIZ"] = (rng.choices([1, 2, 7, 9], [7 if sex == 1 else 1, 93, 0.2, 0.3])[0]) if age >= 17 else None
        abroad = {1: 0.45, 2: 0.5, 3: 0.05, 4: 0.13, 6: 0.66, 7: 0.12}[race] * (1 if age >= 20 else 0.3)
        r["DMDBORN4"] = rng.choices([1, 2, 77, 99], [1 - abroad, abroad, 0.006, 0.011])[0]
        r["DMDYRUSR"] = rng.choices([1, 2, 3, 4, 5, 6, 77, 99], [6, 8, 10, 14, 20, 40, 0.5, 1.5])[0] if r[
            "DMDBORN4"] == 2 else None  # fmt: skip
        r["DMDEDUC2"] = rng.choices([1, 2, 3, 4, 5, 7, 9], [6, 8, 24, 29, 32, 0.3, 0.5])[0] if age >= 20 else None
        r["DMDMARTZ"] = rng.choices([1, 2, 3, 77, 99], [55, 20, 24, 0.3, 0.5])[0] if age >= 20 else None
        preg = None
        if sex == 2 and 20 <= age <= 44 and examined:
            preg = rng.choices([1, 2, 3], [4, 95, 1])[0]
        r["RIDEXPRG"] = preg
        r["DMDHHSIZ"] = rng.choices([1, 2, 3, 4, 5, 6, 7], [8, 22, 20, 22, 15, 8, 5])[0] if age >= 20 else rng.choices(
            [2, 3, 4, 5, 6, 7], [6, 20, 30, 24, 12, 8])[0]  # fmt: skip
        r["DMDHRGND"] = rng.choice([1, 2])
        r["DMDHRAGZ"] = rng.choices([1, 2, 3, 4], [2, 35, 35, 28])[0]
        r["DMDHREDZ"] = rng.choices([1, 2, 3, 7, 9], [14, 50, 35, 0.4, 0.6])[0]
        r["DMDHRMAZ"] = rng.choices([1, 2, 3, 7, 9], [58, 24, 17, 0.4, 0.6])[0]
        r["DMDHSEDZ"] = rng.choices([1, 2, 3, 7, 9], [12, 50, 37, 0.4, 0.6])[0] if r["DMDHRMAZ"] == 1 else None
        r["SDMVSTRA"] = rng.randint(173, 187)
        r["SDMVPSU"] = rng.choice([1, 2])
        base = {1: 52000, 2: 60000, 3: 135000, 4: 40000, 6: 33000, 7: 30000}[race]
        wint = base * rng.lognormvariate(0, 0.45) * (1.15 if 20 <= age < 80 else 0.85)
        r["WTINT2YR"] = round(wint, 6)
        adj = 1 / p_exam * rng.uniform(0.9, 1.1)
        r["WTMEC2YR"] = round(wint * adj, 6) if examined else 0.0
        r["bmx"] = _nh_body(rng, r) if examined else None
        out.append(r)
    return out


def _nh_body(rng: random.Random, r: dict) -> dict:
    age, sex, race = r["RIDAGEYR"], r["RIAGENDR"], r["RIDRETH3"]
    b: dict = {k: None for k, _ in NH_BMX_VARS}
    b["SEQN"] = r["SEQN"]
    status = rng.choices([1, 2, 3], [95, 4, 1])[0]
    b["BMDSTATS"] = status
    if status == 3:
        return b
    months = r["RIDEXAGM"] if r["RIDEXAGM"] is not None else age * 12
    if age >= 20:
        mu = 28.4 + {1: 1.6, 2: 1.0, 3: 0.0, 4: 1.2 if sex == 1 else 4.6, 6: -3.8, 7: 0.8}[race]
        mu += -2.2 * ((age - 55) / 30) ** 2 + (1.3 if r["INDFMPIR"] is not None and r["INDFMPIR"] < 1 else 0)
        mu -= 1.2 if r["INDFMPIR"] is not None and r["INDFMPIR"] >= 4 else 0
        if r["RIDEXPRG"] == 1:
            mu += 2.5
        bmi = mu * math.exp(rng.gauss(0, 0.2))
    elif age >= 2:
        med = 16.0 + max(0, age - 5) * 0.45
        z = rng.gauss(0.35 + (0.25 if race in (1, 4) else 0), 1)
        bmi = med * math.exp(0.13 * z)
        b["BMDBMIC"] = 1 if z < -1.645 else 2 if z < 1.036 else 3 if z < 1.645 else 4
    if age >= 2:
        ht = round(_nh_height(rng, age, sex, race), 1)
        wt = round(bmi * (ht / 100) ** 2, 1)
        b["BMXHT"], b["BMXWT"] = ht, wt
        b["BMXBMI"] = round(wt / (ht / 100) ** 2, 1)
        if age >= 20:
            waist = (35 if sex == 1 else 25) + 2.25 * b["BMXBMI"] + rng.gauss(0, 5.5)
        else:
            waist = 30 + 2.1 * b["BMXBMI"] + age * 0.6 + rng.gauss(0, 3)
        b["BMXWAIST"] = round(waist, 1)
        b["BMXARMC"] = round(8 + 0.7 * b["BMXBMI"] + rng.gauss(0, 1.8), 1)
        b["BMXARML"] = round(ht * 0.215 + rng.gauss(0, 1.2), 1)
        if age >= 8:
            b["BMXHIP"] = round(40 + 2.1 * b["BMXBMI"] + (4 if sex == 2 else 0) + rng.gauss(0, 4), 1)
            b["BMXLEG"] = round(ht * 0.235 + rng.gauss(0, 1.6), 1)
    else:
        length = 50 + months * 2.6 - months**2 * 0.03 + rng.gauss(0, 2.2)
        b["BMXWT"] = round(3.4 + months * 0.62 - months**2 * 0.008 + rng.gauss(0, 0.7), 1)
        b["BMXRECUM"] = round(length, 1)
        if months < 7:
            b["BMXHEAD"] = round(35 + months * 1.3 + rng.gauss(0, 1.0), 1)
    if age < 4 and age >= 2:
        b["BMXRECUM"] = round(b["BMXHT"] + rng.uniform(0.4, 1.6), 1)
    if status == 2:  # partial: weight or height could not be obtained
        lost = rng.choice(["BMXWT", "BMXHT"] if age >= 2 else ["BMXWT"])
        b[lost] = None
        b["BMIWT" if lost == "BMXWT" else "BMIHT"] = 1
        b["BMXBMI"] = None
        b["BMDBMIC"] = None
    if b["BMXWT"] is not None and rng.random() < 0.025:
        b["BMIWT"] = rng.choice([3, 3, 3, 4])
    for k in ("BMXWAIST", "BMXHIP", "BMXARMC"):
        if b[k] is not None and rng.random() < 0.015:
            b[k] = None
            b["BMI" + k[3:]] = 1
    return b


def _ibm(x: float | None) -> bytes:
    """An IBM System/360 double, as SAS transport files hold numbers; '.' for a missing value."""
    if x is None:
        return b"\x2e" + bytes(7)
    if x == 0:
        return bytes(8)
    m, ex = math.frexp(abs(x))
    m_int = int(m * 2**53)
    k = -(-ex // 4)
    mant = m_int << (3 - (4 * k - ex))
    return struct.pack(">B", (0x80 if x < 0 else 0) | (k + 64)) + mant.to_bytes(7, "big")


def _xpt(name: str, label: str, variables: list[tuple[str, str]], rows: list[dict]) -> bytes:
    stamp = "19SEP24:09:12:33"

    def card(s: str) -> bytes:
        assert len(s) == 80, (len(s), s)
        return s.encode("ascii")

    out = [card("HEADER RECORD*******LIBRARY HEADER RECORD!!!!!!!000000000000000000000000000000  "),
           card(f"{'SAS':8}{'SAS':8}{'SASLIB':8}{'9.4':8}{'X64_10PR':8}{'':24}{stamp}"), card(f"{stamp}{'':64}"),
           card("HEADER RECORD*******MEMBER  HEADER RECORD!!!!!!!000000000000000001600000000140  "),
           card("HEADER RECORD*******DSCRPTR HEADER RECORD!!!!!!!000000000000000000000000000000  "),
           card(f"{'SAS':8}{name:8}{'SASDATA':8}{'9.4':8}{'X64_10PR':8}{'':24}{stamp}"),
           card(f"{stamp}{'':16}{label:40}{'':8}"),
           card(f"HEADER RECORD*******NAMESTR HEADER RECORD!!!!!!!000000{len(variables):04d}" + "0" * 20 + "  ")]  # fmt: skip
    names = b""
    for k, (var, lab) in enumerate(variables):
        names += struct.pack(">hhhh8s40s8shhh2s8shhi52s", 1, 0, 8, k + 1, f"{var:8}".encode(), f"{lab:40}".encode(),
                             b" " * 8, 0, 0, 0, b"\0\0", b" " * 8, 0, 0, 8 * k, bytes(52))  # fmt: skip
    names += b" " * (-len(names) % 80)
    obs = b"".join(_ibm(None if r[v] is None else float(r[v])) for r in rows for v, _ in variables)
    obs += b" " * (-len(obs) % 80)
    return b"".join(out) + names + card("HEADER RECORD*******OBS     HEADER RECORD!!!!!!!" + "0" * 30 + "  ") + obs


def _write_nhanes(t: Truth, d: Path) -> None:
    (d / DEMO_FILE).write_bytes(_xpt("DEMO_L", "Demographic Variables and Sample Weights", NH_DEMO_VARS, t.nh))
    bmx = [r["bmx"] for r in t.nh if r["bmx"] is not None]
    (d / BMX_FILE).write_bytes(_xpt("BMX_L", "Body Measures", NH_BMX_VARS, bmx))


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    sats = _build_satcat(_rng("satcat"))
    people, families, home = _build_tree(_rng("tree"))
    return Truth(sats=sats, elsets=_build_elsets(sats, _rng("elsets")), people=people, families=families, home=home,
                 nh=_build_nhanes(_rng("nhanes")))  # fmt: skip


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_tle(t, d)
    _write_satcat(t, d)
    _write_ged(t, d)
    _write_nhanes(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout37-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
