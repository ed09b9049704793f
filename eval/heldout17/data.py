"""The seventeenth held-out set's data: clean records built from a fixed seed, rendered the way real
public data exports look.

Four topics, each modelled on a real kind of export:

* baseball   -- the Lahman Baseball Database as a SQLite file (`lahman_2019-2023.sqlite`, tables `People`,
                `Batting`, `Teams`): one `Batting` row per player, season and *stint* (a player traded in
                mid-season has a row for each team), retro team codes (`NYA`, `LAN`, `SLN`) beside the
                Baseball-Reference ones (`teamIDBR`: `NYY`, `LAD`, `STL`), birth dates split over three
                columns, NULLs; with a payroll workbook in the style of a Spotrac / Cot's export
                (`mlb_payrolls_2019-2023.xlsx`): a read-me sheet first, then one wide table (a column per
                season) of dollar amounts as text, Baseball-Reference codes and today's team names;
* hurricanes -- NOAA's HURDAT2 Atlantic best-track file (`hurdat2-atlantic-2014-2023.txt`): a header line per
                storm followed by its 6-hourly entries, extra non-synoptic entries for landfalls (`L`),
                positions as `28.0N, 94.8W`, -999 for a missing pressure, names reused every six years;
* fuel       -- the French government's fuel price history (`prix-carburants.gouv.fr`, the yearly
                `PrixCarburants_annuel` XML), cut to Auvergne-Rhone-Alpes and January-March 2024
                (`PrixCarburants_2024T1_ARA.xml`): ISO-8859-1, one `<pdv>` per station with its prices,
                stock-outs and services as child elements, postcodes with a leading zero, coordinates
                times 100,000, price update times in French local time;
* streaming  -- a Spotify "Extended streaming history" download (`Streaming_History_Audio_2023-2024.json`):
                one JSON object per play, `ts` the UTC time the play *ended*, `ms_played`, podcast episodes
                mixed in among the songs with null track fields, `skipped` null in the oldest records.

`truth()` builds the clean records with the standard library only (one random stream per topic);
every random choice is made there, so rendering is deterministic and the same seed gives the same
bytes. `write_files(dir)` renders the files (sqlite3 for the database, openpyxl for the workbook).
`python data.py DIR` writes them.
"""

from __future__ import annotations

import json
import math
import random
import re
import sqlite3
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr
from zoneinfo import ZoneInfo

SEED = 17_241_129

DB_FILE = "lahman_2019-2023.sqlite"
PAY_FILE = "mlb_payrolls_2019-2023.xlsx"
HUR_FILE = "hurdat2-atlantic-2014-2023.txt"
FUEL_FILE = "PrixCarburants_2024T1_ARA.xml"
SP_FILE = "Streaming_History_Audio_2023-2024.json"
FILES = [DB_FILE, PAY_FILE, HUR_FILE, FUEL_FILE, SP_FILE]

UTC = timezone.utc
LONDON = ZoneInfo("Europe/London")
MADRID = ZoneInfo("Europe/Madrid")


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}:{topic}")


@dataclass
class Truth:
    players: dict[str, dict]  # playerID -> person
    batting: list[dict]  # one per player, season and stint
    teams: list[dict]  # one per team and season
    storms: list[dict]  # one per storm, with its entries
    stations: list[dict]  # one per fuel station, with its price updates
    plays: list[dict]  # one per Spotify play, in time order


def _poisson(rng: random.Random, lam: float) -> int:
    if lam <= 0:
        return 0
    if lam > 40:
        return max(0, round(rng.gauss(lam, math.sqrt(lam))))
    k, p, target = 0, 1.0, math.exp(-lam)
    while True:
        p *= rng.random()
        if p < target:
            return k
        k += 1


def _binom(rng: random.Random, n: int, p: float) -> int:
    if n <= 0 or p <= 0:
        return 0
    if p >= 1:
        return n
    if n <= 40:
        return sum(rng.random() < p for _ in range(n))
    if n * p < 15:
        return min(n, _poisson(rng, n * p))
    return max(0, min(n, round(rng.gauss(n * p, math.sqrt(n * p * (1 - p))))))


def _pick(rng: random.Random, weights: dict):
    keys = list(weights)
    return rng.choices(keys, weights=[weights[k] for k in keys])[0]


# =================================================================================================
# baseball: the Lahman database (People, Batting, Teams), 2019-2023, and a payroll workbook
# =================================================================================================

YEARS = [2019, 2020, 2021, 2022, 2023]
# teamID (Lahman / Retrosheet), teamIDBR (Baseball-Reference, as the payroll sheet has it), franchID,
# league, division, name
MLB = [
    ("BAL", "BAL", "BAL", "AL", "E", "Baltimore Orioles"), ("BOS", "BOS", "BOS", "AL", "E", "Boston Red Sox"),
    ("NYA", "NYY", "NYY", "AL", "E", "New York Yankees"), ("TBA", "TBR", "TBD", "AL", "E", "Tampa Bay Rays"),
    ("TOR", "TOR", "TOR", "AL", "E", "Toronto Blue Jays"), ("CHA", "CHW", "CHW", "AL", "C", "Chicago White Sox"),
    ("CLE", "CLE", "CLE", "AL", "C", "Cleveland Guardians"), ("DET", "DET", "DET", "AL", "C", "Detroit Tigers"),
    ("KCA", "KCR", "KCR", "AL", "C", "Kansas City Royals"), ("MIN", "MIN", "MIN", "AL", "C", "Minnesota Twins"),
    ("HOU", "HOU", "HOU", "AL", "W", "Houston Astros"), ("LAA", "LAA", "ANA", "AL", "W", "Los Angeles Angels"),
    ("OAK", "OAK", "OAK", "AL", "W", "Oakland Athletics"), ("SEA", "SEA", "SEA", "AL", "W", "Seattle Mariners"),
    ("TEX", "TEX", "TEX", "AL", "W", "Texas Rangers"), ("ATL", "ATL", "ATL", "NL", "E", "Atlanta Braves"),
    ("MIA", "MIA", "FLA", "NL", "E", "Miami Marlins"), ("NYN", "NYM", "NYM", "NL", "E", "New York Mets"),
    ("PHI", "PHI", "PHI", "NL", "E", "Philadelphia Phillies"), ("WAS", "WSN", "WSN", "NL", "E", "Washington Nationals"),
    ("CHN", "CHC", "CHC", "NL", "C", "Chicago Cubs"), ("CIN", "CIN", "CIN", "NL", "C", "Cincinnati Reds"),
    ("MIL", "MIL", "MIL", "NL", "C", "Milwaukee Brewers"), ("PIT", "PIT", "PIT", "NL", "C", "Pittsburgh Pirates"),
    ("SLN", "STL", "STL", "NL", "C", "St. Louis Cardinals"), ("ARI", "ARI", "ARI", "NL", "W", "Arizona Diamondbacks"),
    ("COL", "COL", "COL", "NL", "W", "Colorado Rockies"), ("LAN", "LAD", "LAD", "NL", "W", "Los Angeles Dodgers"),
    ("SDN", "SDP", "SDP", "NL", "W", "San Diego Padres"), ("SFN", "SFG", "SFG", "NL", "W", "San Francisco Giants"),
]  # fmt: skip
MARKET = {"NYA": 2.0, "LAN": 2.0, "NYN": 1.8, "BOS": 1.5, "PHI": 1.2, "SDN": 1.0, "CHN": 1.0, "SFN": 0.9}
MARKET |= {"HOU": 0.9, "TOR": 0.8, "LAA": 0.8, "ATL": 0.6, "TEX": 0.6, "SLN": 0.4, "WAS": 0.3, "CHA": 0.2}
MARKET |= {"MIN": 0.0, "SEA": 0.0, "COL": 0.0, "MIL": -0.3, "DET": -0.3, "ARI": -0.3, "CIN": -0.6, "CLE": -0.7}
MARKET |= {"KCA": -0.8, "BAL": -1.0, "MIA": -1.1, "TBA": -1.2, "PIT": -1.2, "OAK": -1.8}
NICKNAMES = {name: " ".join(name.split()[-2:]) if name.split()[-1] in ("Sox", "Jays") else name.split()[-1] for *_, name in MLB}  # fmt: skip
PARKS = {
    "BAL": "Oriole Park at Camden Yards",
    "BOS": "Fenway Park",
    "NYA": "Yankee Stadium III",
    "TBA": "Tropicana Field",
}
PARKS |= {"TOR": "Rogers Centre", "CHA": "Guaranteed Rate Field", "CLE": "Progressive Field", "DET": "Comerica Park"}
PARKS |= {"KCA": "Kauffman Stadium", "MIN": "Target Field", "HOU": "Minute Maid Park", "LAA": "Angel Stadium"}
PARKS |= {"OAK": "Oakland Coliseum", "SEA": "T-Mobile Park", "TEX": "Globe Life Field", "ATL": "Truist Park"}
PARKS |= {"MIA": "loanDepot park", "NYN": "Citi Field", "PHI": "Citizens Bank Park", "WAS": "Nationals Park"}
PARKS |= {"CHN": "Wrigley Field", "CIN": "Great American Ball Park", "MIL": "American Family Field"}
PARKS |= {"PIT": "PNC Park", "SLN": "Busch Stadium III", "ARI": "Chase Field", "COL": "Coors Field"}
PARKS |= {"LAN": "Dodger Stadium", "SDN": "Petco Park", "SFN": "Oracle Park"}

FIRST = """Aaron Adam Adolis Alec Alex Andres Andrew Anthony Austin Bobby Brandon Brent Brett Bryce Bryan
Caleb Carlos Chris Christian Cody Colton Corbin Corey Dansby Daniel David Dylan Eddie Edwin Eloy Elvis Emmanuel
Eric Eugenio Evan Francisco Freddy Gavin Gleyber Hunter Ian Isaac Jake Jared Jarred Jason Javier Jeff Jesus
Joey Jonah Jordan Jorge Jose Josh Juan Julio Justin Kyle Keibert Ketel Kolten Kyle Lane Logan Luis Manny Marcus
Matt Max Michael Miguel Mitch Nathaniel Nick Nolan Oneil Oscar Pete Rafael Ramon Randy Riley Ronald Ryan Salvador
Sean Seiya Shohei Spencer Starling Taylor Teoscar Thairo Tommy Trea Trent Tyler Vinnie Vladimir Walker Whit
Willy Wilmer Yandy Yordan Zach""".split()
LAST = """Abreu Acuna Adames Allen Alonso Altuve Anderson Arenado Arozarena Baez Bellinger Benintendi Betts Bichette
Bogaerts Bohm Bregman Bryant Buxton Cabrera Candelario Carpenter Castellanos Chapman Contreras Correa Cronenworth
Cruz Devers Diaz Donaldson Duran Edman Escobar Estrada Flores France Franco Freeman Gallo Garcia Gimenez Goldschmidt
Gonzalez Gordon Grichuk Gurriel Guerrero Haniger Harper Hayes Henderson Hernandez Hicks Hoerner Hosmer India Iglesias
Jimenez Judge Kelenic Kepler Kim Kirk Kwan Lindor Lowe Machado Margot Marte Martinez Mateo McCutchen McNeil Meadows
Merrifield Moncada Moreno Mountcastle Munoz Murphy Naylor Nimmo Olson Ozuna Pena Perez Pham Polanco Pollock Ramirez
Realmuto Renfroe Reynolds Riley Robert Rodgers Rodriguez Rojas Rosario Ruiz Santana Santander Schwarber Seager
Semien Smith Soler Soto Springer Stanton Steer Story Suarez Suzuki Swanson Tatis Tellez Torres Trout Tucker Turner
Urias Varsho Vaughn Verdugo Vogelbach Walsh Wendle Winker Witt Wong Yastrzemski Yelich Young Zunino""".split()
COUNTRIES = {"USA": 70, "D.R.": 11, "Venezuela": 7, "Cuba": 3, "P.R.": 2, "Mexico": 2, "Japan": 1.2, "Canada": 1.3}
COUNTRIES |= {"Colombia": 1, "Panama": 0.8, "Curacao": 0.4, "South Korea": 0.4}
STATES = ["CA", "TX", "FL", "GA", "NC", "AZ", "IL", "OH", "NY", "PA", "WA", "TN", "LA", "NJ", "VA", "OK", "MO"]
CITIES = {"USA": ["Houston", "San Diego", "Atlanta", "Tampa", "Phoenix", "Chicago", "Dallas", "Seattle", "Miami"]}
CITIES |= {"D.R.": ["Santo Domingo", "San Pedro de Macoris", "Bani", "Santiago"], "Venezuela": ["Maracaibo", "Caracas"]}
CITIES |= {"Cuba": ["Havana", "Cienfuegos"], "P.R.": ["San Juan", "Bayamon"], "Mexico": ["Hermosillo", "Culiacan"]}
CITIES |= {"Japan": ["Tokyo", "Osaka"], "Canada": ["Toronto", "Vancouver"], "Colombia": ["Cartagena", "Barranquilla"]}
CITIES |= {"Panama": ["Panama City"], "Curacao": ["Willemstad"], "South Korea": ["Seoul", "Busan"]}


def _new_player(rng: random.Random, players: dict, names: set, kind: str, year: int, age: int | None = None) -> str:
    while True:
        first, last = rng.choice(FIRST), rng.choice(LAST)
        if (first, last) not in names:
            break
    names.add((first, last))
    stem = (re.sub(r"[^a-z]", "", last.lower())[:5] + first.lower()[:2])[:7]
    n = 1
    while f"{stem}{n:02d}" in players:
        n += 1
    pid = f"{stem}{n:02d}"
    age = age if age is not None else rng.randint(21, 26)
    country = _pick(rng, COUNTRIES)
    month, day = rng.randint(1, 12), rng.randint(1, 28)
    missing = rng.random() < 0.01  # a few players' birth month and day are unknown
    p = {
        "id": pid, "first": first, "last": last, "kind": kind,
        "birth": (year - age, None if missing else month, None if missing else day),
        "country": country, "state": rng.choice(STATES) if country == "USA" else None,
        "city": rng.choice(CITIES[country]),
        "bats": None if rng.random() < 0.015 else _pick(rng, {"R": 56, "L": 33, "B": 9}),
        "throws": _pick(rng, {"R": 74, "L": 26}),
        "height": round(rng.gauss(73.6, 2.2) + (1 if kind == "pit" else 0)),
        "weight": round(rng.gauss(212, 19)) if rng.random() > 0.01 else None,
        "debut": None, "final": None,
        "avg": rng.gauss(0.250, 0.018) if kind == "bat" else rng.gauss(0.12, 0.03),
        "hr": max(0.006, rng.gauss(0.034, 0.014)) if kind == "bat" else 0.01,
        "bb": max(0.03, rng.gauss(0.085, 0.022)) if kind == "bat" else 0.04,
        "so": max(0.1, rng.gauss(0.22, 0.045)) if kind == "bat" else 0.4,
        "sb": rng.expovariate(1 / 0.025) if kind == "bat" else 0.0,
    }  # fmt: skip
    if year == YEARS[0] and age > 24:  # a veteran on an opening roster debuted years before
        p["debut"] = year - rng.randint(1, age - 22)
    players[pid] = p
    return pid


def _stint_stats(rng: random.Random, p: dict, pa: int, games: int, season_avg: float) -> dict:
    bb = _binom(rng, pa, p["bb"])
    hbp = _binom(rng, pa, 0.011)
    sf = _binom(rng, pa, 0.008)
    sh = _binom(rng, pa, 0.003 if p["kind"] == "bat" else 0.06)
    ab = max(0, pa - bb - hbp - sf - sh)
    h = _binom(rng, ab, max(0.05, season_avg))
    hr = min(h, _binom(rng, ab, p["hr"]))
    b3 = _binom(rng, h - hr, 0.02)
    b2 = _binom(rng, h - hr - b3, 0.24)
    so = min(ab - h, _binom(rng, pa, p["so"]))
    sb = _binom(rng, h + bb, p["sb"])
    r = max(0, round(0.33 * h + 0.3 * bb + 0.65 * hr + rng.gauss(0, 2)))
    rbi = max(hr, round(1.55 * hr + 0.27 * (h - hr) + rng.gauss(0, 2)))
    return {
        "G": games, "AB": ab, "R": r, "H": h, "2B": b2, "3B": b3, "HR": hr, "RBI": rbi, "SB": sb,
        "CS": _binom(rng, sb, 0.22), "BB": bb, "SO": so, "IBB": _binom(rng, bb, 0.05), "HBP": hbp, "SH": sh,
        "SF": sf, "GIDP": _binom(rng, ab, 0.018),
    }  # fmt: skip


def _build_baseball(rng: random.Random) -> tuple[dict, list[dict], list[dict]]:
    players: dict[str, dict] = {}
    names: set = set()
    z = {tid: MARKET[tid] + rng.gauss(0, 0.3) for tid, *_ in MLB}  # big markets spend more
    strength = {tid: 0.05 * z[tid] + rng.gauss(0, 0.03) for tid in z}
    pay_level = {tid: 150e6 * math.exp(0.38 * z[tid]) for tid in z}
    rosters = {tid: {"bat": [], "pit": []} for tid in z}
    pool: list[str] = []
    batting, teams = [], []
    for year in YEARS:
        games = 60 if year == 2020 else 162
        sf = games / 162
        for tid in z:
            strength[tid] = 0.8 * strength[tid] + 0.2 * 0.05 * z[tid] + rng.gauss(0, 0.02)
            for kind, size in (("bat", 13), ("pit", 15)):
                kept = []
                for pid in rosters[tid][kind]:
                    if year == YEARS[0] or rng.random() > 0.22:
                        kept.append(pid)
                    elif rng.random() < 0.55:
                        pool.append(pid)
                while len(kept) < size:
                    free = [q for q in pool if players[q]["kind"] == kind]
                    if free and rng.random() < 0.5:
                        pid = rng.choice(free)
                        pool.remove(pid)
                    else:
                        age = rng.randint(22, 34) if year == YEARS[0] else None
                        pid = _new_player(rng, players, names, kind, year, age)
                    kept.append(pid)
                rosters[tid][kind] = kept
        # who plays how much, and who is traded in mid-season
        season: list[tuple] = []  # (pid, [(teamID, share)], pa, role)
        moved: dict[str, tuple[str, str]] = {}
        slugger = None
        if year == 2023:  # a trade-deadline slugger: the best power hitter among the regulars is traded
            regulars = [pid for tid in z for pid in sorted(rosters[tid]["bat"], key=lambda q: -players[q]["avg"])[:9]]
            slugger = max(regulars, key=lambda q: players[q]["hr"])
        for tid in z:
            ranked_bat = sorted(rosters[tid]["bat"], key=lambda q: -(players[q]["avg"] + rng.gauss(0, 0.01)))
            for i, pid in enumerate(ranked_bat):
                pa = round((rng.uniform(470, 700) if i < 9 else rng.uniform(40, 320)) * sf)
                season.append((pid, tid, pa, "bat", i < 9))
            for i, pid in enumerate(rosters[tid]["pit"]):
                season.append((pid, tid, 0, "pit", i < 5))
        for pid, tid, pa, kind, main in season:
            traded = rng.random() < (0.045 if kind == "bat" else 0.035) or pid == slugger
            if traded:
                new = rng.choice([t for t in z if t != tid])
                share = 0.58 if pid == slugger else rng.uniform(0.25, 0.75)
                stints = [(tid, share), (new, 1 - share)]
                moved[pid] = (tid, new)
            else:
                stints = [(tid, 1.0)]
            p = players[pid]
            season_avg = p["avg"] + rng.gauss(0, 0.012)
            for k, (team, share) in enumerate(stints, start=1):
                lg = next(m[3] for m in MLB if m[0] == team)
                if kind == "bat":
                    spa = max(1, round(pa * share))
                    g = max(1, min(round(games * share), round(spa / (4.1 if main else 2.9) + rng.gauss(0, 3))))
                else:
                    g = max(1, round((rng.uniform(26, 33) if main else rng.uniform(15, 68)) * sf * share))
                    bats = lg == "NL" and year in (2019, 2021)  # no universal DH yet; pitchers bat in NL parks
                    spa = round((rng.uniform(35, 65) if main else rng.uniform(0, 4)) * share) if bats else 0
                row = {"playerID": pid, "yearID": year, "stint": k, "teamID": team, "lgID": lg}
                row |= _stint_stats(rng, p, spa, g, season_avg)
                batting.append(row)
            p["debut"] = p["debut"] or year
            p["final"] = year
        if slugger:  # he leads the majors in 2023 only when his two stints are added up
            rows = [r for r in batting if r["yearID"] == 2023]
            tot: dict[str, int] = {}
            for r in rows:
                tot[r["playerID"]] = tot.get(r["playerID"], 0) + r["HR"]
            best = max(v for q, v in tot.items() if q != slugger)
            total = best + 3
            mine = [r for r in rows if r["playerID"] == slugger]
            split = [round(total * 0.58), total - round(total * 0.58)]
            for r, hr in zip(mine, split):
                r["HR"] = hr
                r["H"] = max(r["H"], hr + r["2B"] + r["3B"] + round(hr * 0.9))
                r["AB"] = max(r["AB"], r["H"] + 40)
                r["RBI"] = max(r["RBI"], round(hr * 2.4))
                r["R"] = max(r["R"], round(hr * 2.0))
        for pid, (old, new) in moved.items():
            kind = players[pid]["kind"]
            if pid in rosters[old][kind]:
                rosters[old][kind].remove(pid)
            rosters[new][kind].append(pid)
        for tid in z:  # call-ups who played a little
            for _ in range(rng.randint(1, 3)):
                kind = rng.choice(["bat", "pit"])
                pid = _new_player(rng, players, names, kind, year)
                lg = next(m[3] for m in MLB if m[0] == tid)
                pa = round(rng.uniform(5, 120) * sf) if kind == "bat" else 0
                row = {"playerID": pid, "yearID": year, "stint": 1, "teamID": tid, "lgID": lg}
                row |= _stint_stats(rng, players[pid], pa, max(1, round(pa / 3.2)) if pa else rng.randint(1, 9), players[pid]["avg"])  # fmt: skip
                batting.append(row)
                players[pid]["debut"] = players[pid]["final"] = year
                pool.append(pid)
        # the season's standings
        wins = {}
        for tid in z:
            w = round(games * (0.5 + strength[tid]) + rng.gauss(0, 3.0 * math.sqrt(sf)))
            wins[tid] = max(round(games * 0.3), min(round(games * 0.7), w))
        top = sorted(wins.values(), reverse=True)
        if top[0] == top[1]:  # no shared first place in the majors
            wins[max(wins, key=wins.get)] += 1
        for tid, br, franch, lg, div, name in MLB:
            if tid == "CLE" and year <= 2021:
                name = "Cleveland Indians"
            rows = [r for r in batting if r["yearID"] == year and r["teamID"] == tid]
            same_div = sorted((wins[m[0]], m[0]) for m in MLB if m[3] == lg and m[4] == div)[::-1]
            rank = [t for _, t in same_div].index(tid) + 1
            team = {
                "yearID": year, "lgID": lg, "teamID": tid, "franchID": franch, "divID": div, "Rank": rank,
                "G": games, "Ghome": games // 2, "W": wins[tid], "L": games - wins[tid],
                "DivWin": "Y" if rank == 1 else "N",
                **{k: sum(r[k] for r in rows) for k in ("R", "AB", "H", "2B", "3B", "HR", "BB", "SO", "SB")},
                "name": name, "park": PARKS[tid],
                "attendance": None if year == 2020 else round(2.1e6 * math.exp(0.25 * z[tid] + rng.gauss(0, 0.15)) * (0.75 if year == 2021 else 1)),  # fmt: skip
                "teamIDBR": br, "teamIDlahman45": "ANA" if tid == "LAA" else ("FLO" if tid == "MIA" else tid),
                "teamIDretro": "ANA" if tid == "LAA" else tid,
                "payroll": round(pay_level[tid] * math.exp(rng.gauss(0, 0.12)) * (0.37 if year == 2020 else 1)),
                "nick": NICKNAMES[MLB[[m[0] for m in MLB].index(tid)][5]],
            }  # fmt: skip
            teams.append(team)
    return players, batting, teams


def _write_db(t: Truth, d: Path) -> None:
    path = d / DB_FILE
    if path.exists():
        path.unlink()
    con = sqlite3.connect(path)
    con.execute(
        'CREATE TABLE "People" ("playerID" TEXT, "birthYear" INTEGER, "birthMonth" INTEGER, "birthDay" INTEGER, '
        '"birthCountry" TEXT, "birthState" TEXT, "birthCity" TEXT, "deathYear" INTEGER, "deathMonth" INTEGER, '
        '"deathDay" INTEGER, "nameFirst" TEXT, "nameLast" TEXT, "nameGiven" TEXT, "weight" INTEGER, '
        '"height" INTEGER, "bats" TEXT, "throws" TEXT, "debut" TEXT, "finalGame" TEXT, "retroID" TEXT, '
        '"bbrefID" TEXT)'
    )
    for pid in sorted(t.players):
        p = t.players[pid]
        by, bm, bd = p["birth"]
        retro = (p["last"].lower()[:4] + p["first"].lower()[:1] + "001")[:8]
        con.execute(
            'INSERT INTO "People" VALUES (?,?,?,?,?,?,?,NULL,NULL,NULL,?,?,?,?,?,?,?,?,?,?,?)',
            (pid, by, bm, bd, p["country"], p["state"], p["city"], p["first"], p["last"], f"{p['first']} {p['last']}")
            + (p["weight"], p["height"], p["bats"], p["throws"], f"{p['debut']}-04-{1 + len(pid) % 20:02d}")
            + (f"{p['final']}-09-{20 + len(p['last']) % 10:02d}", retro, pid),
        )
    cols = ["playerID", "yearID", "stint", "teamID", "lgID", "G", "AB", "R", "H", "2B", "3B", "HR", "RBI", "SB"]
    cols += ["CS", "BB", "SO", "IBB", "HBP", "SH", "SF", "GIDP"]
    types = {"playerID": "TEXT", "teamID": "TEXT", "lgID": "TEXT"}
    decl = ", ".join(f'"{c}" {types.get(c, "INTEGER")}' for c in cols)
    con.execute(f'CREATE TABLE "Batting" ({decl})')
    for r in sorted(t.batting, key=lambda r: (r["yearID"], r["playerID"], r["stint"])):
        con.execute(f'INSERT INTO "Batting" VALUES ({",".join("?" * len(cols))})', [r[c] for c in cols])
    tcols = ["yearID", "lgID", "teamID", "franchID", "divID", "Rank", "G", "Ghome", "W", "L", "DivWin", "R", "AB"]
    tcols += ["H", "2B", "3B", "HR", "BB", "SO", "SB", "name", "park", "attendance", "teamIDBR", "teamIDlahman45"]
    tcols += ["teamIDretro"]
    text = {
        "lgID",
        "teamID",
        "franchID",
        "divID",
        "DivWin",
        "name",
        "park",
        "teamIDBR",
        "teamIDlahman45",
        "teamIDretro",
    }
    decl = ", ".join(f'"{c}" {"TEXT" if c in text else "INTEGER"}' for c in tcols)
    con.execute(f'CREATE TABLE "Teams" ({decl})')
    for r in sorted(t.teams, key=lambda r: (r["yearID"], r["lgID"], r["teamID"])):
        con.execute(f'INSERT INTO "Teams" VALUES ({",".join("?" * len(tcols))})', [r[c] for c in tcols])
    con.commit()
    con.execute("VACUUM")
    con.close()


def _money(x: int) -> str:
    return f"${x:,}"


def _fixed_zip(path: Path, stamp: str, when: tuple) -> None:
    """Rewrite the xlsx zip with fixed entry timestamps, so the same seed gives the same bytes."""
    with zipfile.ZipFile(path) as z:
        entries = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for fname, blob in entries:
            if fname == "docProps/core.xml":  # openpyxl stamps "modified" with the time of saving
                blob = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>" + stamp.encode(), blob)
            info = zipfile.ZipInfo(fname, date_time=when)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, blob)


def _write_payrolls(t: Truth, d: Path) -> None:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = "Read me"
    for line in [
        "MLB team payrolls, 2019-2023",
        "Opening Day 26-man active payroll plus injured list, in US dollars, as tracked by the payroll site.",
        "2020 figures are prorated to the 60-game season (about 37% of the full-season amounts).",
        "Teams are listed under their current names and Baseball-Reference abbreviations.",
        "Downloaded 2024-01-15.",
    ]:
        ws.append([line])
    ws["A1"].font = Font(bold=True, size=14)
    ws = wb.create_sheet("Payroll by year")
    ws.append(["MLB Payrolls by Year (USD)"])
    ws["A1"].font = Font(bold=True, size=13)
    ws.append(["Sorted by 2023 payroll"])
    ws.append([])
    ws.append(["Rank", "Team", "Tm", "2023", "2022", "2021", "2020", "2019"])
    for c in ws[4]:
        c.font = Font(bold=True)
    pay = {(r["teamIDBR"], r["yearID"]): r["payroll"] for r in t.teams}
    order = sorted(MLB, key=lambda m: -pay[(m[1], 2023)])
    for i, (_tid, br, _f, _lg, _div, name) in enumerate(order, start=1):
        ws.append([i, name, br, *[_money(pay[(br, y)]) for y in (2023, 2022, 2021, 2020, 2019)]])
    ws.append([None, "League Average", None, *[_money(round(sum(pay[(m[1], y)] for m in MLB) / 30)) for y in (2023, 2022, 2021, 2020, 2019)]])  # fmt: skip
    fixed = datetime(2024, 1, 15, 16, 2, 0)
    wb.properties.creator = "payrolls"
    wb.properties.created = fixed
    wb.properties.modified = fixed
    path = d / PAY_FILE
    wb.save(path)
    _fixed_zip(path, "2024-01-15T16:02:00Z", (2024, 1, 15, 16, 2, 0))


# =================================================================================================
# hurricanes: NOAA HURDAT2, Atlantic basin, 2014-2023
# =================================================================================================

NAME_LISTS = [
    "Arthur Bertha Cristobal Dolly Edouard Fay Gonzalo Hanna Isaias Josephine Kyle Laura Marco Nana Omar Paulette "
    "Rene Sally Teddy Vicky Wilfred",
    "Ana Bill Claudette Danny Elsa Fred Grace Henri Ida Julian Kate Larry Mindy Nicholas Odette Peter Rose Sam "
    "Teresa Victor Wanda",
    "Alex Bonnie Colin Danielle Earl Fiona Gaston Hermine Ian Julia Karl Lisa Martin Nicole Owen Paula Richard "
    "Shary Tobias Virginie Walter",
    "Arlene Bret Cindy Don Emily Franklin Gert Harold Idalia Jose Katia Lee Margot Nigel Ophelia Philippe Rina "
    "Sean Tammy Vince Whitney",
    "Alberto Beryl Chris Debby Ernesto Florence Gordon Helene Isaac Joyce Kirk Leslie Michael Nadine Oscar Patty "
    "Rafael Sara Tony Valerie William",
    "Andrea Barry Chantal Dorian Erin Fernand Gabrielle Humberto Imelda Jerry Karen Lorenzo Melissa Nestor Olga "
    "Pablo Rebekah Sebastien Tanya Van Wendy",
]
GREEK = "Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota".split()
SEASONS = {2014: (8, 1), 2015: (11, 1), 2016: (15, 1), 2017: (17, 1), 2018: (15, 1), 2019: (18, 2)}
SEASONS |= {2020: (30, 1), 2021: (21, 0), 2022: (14, 2), 2023: (20, 1)}  # (named storms, depressions only)
NUMBERS = "ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN ELEVEN TWELVE THIRTEEN FOURTEEN FIFTEEN SIXTEEN".split()
NUMBERS += "SEVENTEEN EIGHTEEN NINETEEN TWENTY TWENTY-ONE TWENTY-TWO TWENTY-THREE TWENTY-FOUR TWENTY-FIVE".split()
NUMBERS += "TWENTY-SIX TWENTY-SEVEN TWENTY-EIGHT TWENTY-NINE THIRTY THIRTY-ONE".split()


def _status(wind: int, phase: str) -> str:
    if phase in ("LO", "EX", "DB", "WV"):
        return phase
    if phase == "sub":
        return "SD" if wind < 34 else "SS"
    return "TD" if wind < 34 else ("TS" if wind < 64 else "HU")


def _pressure(rng: random.Random, wind: int) -> int:
    return round(1012 - (wind / 8) ** 1.62 + rng.gauss(0, 2.5))


def _radii(rng: random.Random, wind: int, status: str) -> list[int]:
    out = []
    for thr, base in ((34, 1.4), (50, 0.7), (64, 0.35)):
        if wind < thr or status in ("LO", "DB", "WV", "TD", "SD"):
            out += [0, 0, 0, 0]
        else:
            r = 25 + base * (wind - thr + 10) * rng.uniform(0.8, 1.3)
            out += [5 * round(r * f / 5) for f in (1.2, 1.0, 0.7, 0.9)]
    return out


def _storm_track(rng: random.Random, year: int, start: datetime, named: bool) -> list[dict]:
    n = min(72, int(12 + rng.expovariate(1 / 14))) if named else rng.randint(4, 12)
    peak_at = max(2, int(n * rng.uniform(0.3, 0.7)))
    vp = min(160, 5 * round((35 + rng.expovariate(1 / 32)) / 5)) if named else rng.choice([25, 30, 30])
    sub = named and rng.random() < 0.1
    pre = rng.choice([0, 0, 1, 2])
    ex_from = n - rng.randint(2, 6) if named and rng.random() < 0.55 else n + 1
    lat, lon = rng.uniform(11, 27), rng.uniform(35, 92)
    entries = []
    for i in range(n):
        x = min(1.0, i / peak_at) if i <= peak_at else max(0.0, 1 - (i - peak_at) / max(3, (n - peak_at) * 0.9))
        wind = 5 * round((25 + (vp - 25) * math.sin(x * math.pi / 2) ** 1.3) / 5)
        if i < pre:
            phase, wind = rng.choice(["LO", "LO", "DB", "WV"]), rng.choice([20, 25])
        elif i >= ex_from and i > peak_at:
            phase = "EX"
        elif sub and i < peak_at - 1:
            phase = "sub"
        else:
            phase = "trop"
        st = _status(wind, phase)
        pres = _pressure(rng, wind)
        if st in ("LO", "DB", "WV") and rng.random() < 0.35:
            pres = None
        entries.append(
            {"t": start + timedelta(hours=6 * i), "rec": "", "status": st, "lat": round(lat, 1), "lon": round(lon, 1)}
            | {"wind": wind, "pres": pres, "radii": _radii(rng, wind, st)}
            | {"rmw": (5 * round(rng.uniform(10, 60) / 5) if year >= 2021 and st not in ("LO", "DB", "WV") else None)}
        )
        lat += max(0.05, 0.18 + 0.018 * i + rng.gauss(0, 0.12))
        lon += 0.9 - 0.085 * i * (1.6 if lat > 26 else 0.6) + rng.gauss(0, 0.15)
        if lon < 2 or lat > 58:
            break
    # landfalls: an extra entry between two 6-hourly ones (or, now and then, on one of them)
    if rng.random() < (0.4 if named else 0.2) and len(entries) > 4:
        for _ in range(rng.choice([1, 1, 2])):
            i = rng.randint(1, len(entries) - 2)
            if rng.random() < 0.15:
                entries[i]["rec"] = "L"
                continue
            a, b = entries[i], entries[i + 1]
            if a["t"].minute or b["t"] - a["t"] != timedelta(hours=6):
                continue
            f = rng.randint(1, 71) / 72  # in five-minute steps
            wind = 5 * round((a["wind"] + f * (b["wind"] - a["wind"])) / 5)
            entries.insert(
                i + 1,
                {"t": a["t"] + timedelta(minutes=5 * round(f * 72)), "rec": "L", "status": a["status"]}
                | {"lat": round(a["lat"] + f * (b["lat"] - a["lat"]), 1), "lon": round(a["lon"] + f * (b["lon"] - a["lon"]), 1)}
                | {"wind": wind, "pres": _pressure(rng, wind), "radii": _radii(rng, wind, a["status"]), "rmw": a["rmw"]},
            )  # fmt: skip
    return entries


def _build_hurricanes(rng: random.Random) -> list[dict]:
    storms = []
    for year, (named, deps) in SEASONS.items():
        kinds = [True] * named + [False] * deps
        rng.shuffle(kinds)
        first = kinds.index(True)
        kinds[0], kinds[first] = True, kinds[0]  # the season opens with a named storm
        days = sorted(rng.randint(0, 170) for _ in kinds)
        names = NAME_LISTS[(year - 2014) % 6].split() + GREEK
        k = 0
        for num, (is_named, day) in enumerate(zip(kinds, days), start=1):
            start = datetime(year, 6, 1, tzinfo=UTC) + timedelta(days=day - 10, hours=6 * rng.randint(0, 3))
            name = names[k].upper() if is_named else NUMBERS[num - 1]
            k += is_named
            storms.append(
                {"id": f"AL{num:02d}{year}", "name": name, "year": year, "named": is_named}
                | {"entries": _storm_track(rng, year, start, is_named)}
            )
    # no shared first place for the longest-lived storm
    span = sorted(((s["entries"][-1]["t"] - s["entries"][0]["t"]), i) for i, s in enumerate(storms))[::-1]
    if span[0][0] == span[1][0]:
        s = storms[span[0][1]]
        last = dict(s["entries"][-1])
        last.update(t=last["t"] + timedelta(hours=6), rec="", wind=max(20, last["wind"] - 5))
        s["entries"].append(last)
    return storms


def _write_hurdat(t: Truth, d: Path) -> None:
    lines = []
    for s in t.storms:
        lines.append(f"{s['id']},{s['name']:>19},{len(s['entries']):>7},")
        for e in s["entries"]:
            lat = f"{e['lat']:.1f}N"
            lon = f"{abs(e['lon']):.1f}{'W' if e['lon'] >= 0 else 'E'}"
            fields = [f"{e['t']:%Y%m%d}", f"{e['t']:%H%M}", f"{e['rec']:>1}", f"{e['status']:>2}", f"{lat:>5}"]
            fields += [f"{lon:>6}", f"{e['wind']:>3}", f"{e['pres'] if e['pres'] is not None else -999:>4}"]
            fields += [f"{r:>4}" for r in e["radii"]] + [f"{e['rmw'] if e['rmw'] is not None else -999:>4}"]
            lines.append(", ".join(fields) + ",")
    (d / HUR_FILE).write_bytes(("\n".join(lines) + "\n").encode("ascii"))


# =================================================================================================
# fuel: prix-carburants.gouv.fr yearly history XML, Auvergne-Rhone-Alpes, January-March 2024
# =================================================================================================

DEPTS = {
    "01": ("Ain", [("Bourg-en-Bresse", "01000", 46.205, 5.225), ("Oyonnax", "01100", 46.256, 5.655), ("Ambérieu-en-Bugey", "01500", 45.958, 5.359), ("Bellegarde-sur-Valserine", "01200", 46.108, 5.826)]),
    "03": ("Allier", [("Moulins", "03000", 46.566, 3.333), ("Montluçon", "03100", 46.340, 2.603), ("Vichy", "03200", 46.128, 3.426)]),
    "07": ("Ardèche", [("Privas", "07000", 44.735, 4.599), ("Annonay", "07100", 45.240, 4.671), ("Aubenas", "07200", 44.620, 4.390)]),
    "15": ("Cantal", [("Aurillac", "15000", 44.926, 2.445), ("Saint-Flour", "15100", 45.034, 3.093)]),
    "26": ("Drôme", [("Valence", "26000", 44.933, 4.892), ("Montélimar", "26200", 44.558, 4.751), ("Romans-sur-Isère", "26100", 45.043, 5.051)]),
    "38": ("Isère", [("Grenoble", "38000", 45.188, 5.724), ("Vienne", "38200", 45.525, 4.874), ("Bourgoin-Jallieu", "38300", 45.586, 5.279), ("Voiron", "38500", 45.364, 5.590)]),
    "42": ("Loire", [("Saint-Étienne", "42000", 45.439, 4.387), ("Roanne", "42300", 46.036, 4.068), ("Montbrison", "42600", 45.607, 4.065)]),
    "43": ("Haute-Loire", [("Le Puy-en-Velay", "43000", 45.043, 3.885), ("Yssingeaux", "43200", 45.143, 4.124)]),
    "63": ("Puy-de-Dôme", [("Clermont-Ferrand", "63000", 45.778, 3.087), ("Riom", "63200", 45.894, 3.113), ("Issoire", "63500", 45.544, 3.249), ("Thiers", "63300", 45.857, 3.547)]),
    "69": ("Rhône", [("Lyon", "69003", 45.760, 4.850), ("Lyon", "69007", 45.745, 4.842), ("Villeurbanne", "69100", 45.767, 4.880), ("Vénissieux", "69200", 45.697, 4.886), ("Villefranche-sur-Saône", "69400", 45.990, 4.718)]),
    "73": ("Savoie", [("Chambéry", "73000", 45.566, 5.920), ("Albertville", "73200", 45.676, 6.392), ("Aix-les-Bains", "73100", 45.688, 5.915)]),
    "74": ("Haute-Savoie", [("Annecy", "74000", 45.899, 6.129), ("Annemasse", "74100", 46.193, 6.234), ("Thonon-les-Bains", "74200", 46.371, 6.480), ("Cluses", "74300", 46.060, 6.580)]),
}  # fmt: skip
DEPT_W = {"01": 10, "03": 6, "07": 6, "15": 3, "26": 9, "38": 18, "42": 10, "43": 4, "63": 11, "69": 22, "73": 7}
DEPT_W |= {"74": 11}
FUELS = [("1", "Gazole", 1.0, 1.775), ("2", "SP95", 0.55, 1.862), ("6", "SP98", 0.8, 1.928)]
FUELS += [("5", "E10", 0.85, 1.829), ("3", "E85", 0.3, 1.049), ("4", "GPLc", 0.15, 0.999)]  # id, name, share, base
SERVICES = [
    ("Automate CB 24/24", 0.55), ("Station de gonflage", 0.6), ("Lavage automatique", 0.35),
    ("Boutique alimentaire", 0.4), ("Toilettes publiques", 0.25), ("Vente de gaz domestique (Butane, Propane)", 0.35),
    ("Piste poids lourds", 0.12), ("Relais colis", 0.1), ("Wifi", 0.08), ("Bornes électriques", 0.15),
    ("DAB (Distributeur automatique de billets)", 0.06), ("Restauration à emporter", 0.1),
]  # fmt: skip
STREETS = ["AVENUE JEAN JAURES", "ROUTE DE LYON", "RUE DE LA REPUBLIQUE", "BOULEVARD GAMBETTA", "ZAC DES PLAINES"]
STREETS += [
    "ROUTE NATIONALE 7",
    "AVENUE DU GENERAL DE GAULLE",
    "CENTRE COMMERCIAL",
    "RUE DU STADE",
    "ROUTE DE GRENOBLE",
]
AIRES = ["AIRE DE SAINT-RAMBERT-D'ALBON", "AIRE DE LA VALLEE DU RHONE", "AIRE DE L'ISLE D'ABEAU", "AIRE DE SEVRIER"]
AIRES += ["AIRE DE LA CHAMPAGNE", "AIRE DU VELAY", "AIRE DE LA LOIRE", "AIRE DE MONTELIMAR EST", "AIRE DES VOLCANS"]
Q1_START = datetime(2024, 1, 1)
Q1_DAYS = 91


def _trend(name: str, day: float) -> float:
    """Regional average price drift over the quarter (euros per litre)."""
    return {"Gazole": 0.075, "SP95": 0.05, "SP98": 0.05, "E10": 0.055, "E85": -0.01, "GPLc": 0.0}[name] * day / Q1_DAYS + 0.012 * math.sin(day / 9)  # fmt: skip


def _build_fuel(rng: random.Random) -> list[dict]:
    stations = []
    dept_off = {dep: rng.gauss(0, 0.014) for dep in DEPTS}
    n_stations = 120
    for k in range(n_stations):
        dep = _pick(rng, DEPT_W)
        town, cp, lat, lon = rng.choice(DEPTS[dep][1])
        motorway = rng.random() < 0.12
        sid = int(dep) * 1_000_000 + int(cp[2:]) * 10 + rng.randint(1, 9) + k * 10_000 % 900_000
        st = {
            "id": sid, "dept": dep, "cp": cp, "town": town, "pop": "A" if motorway else "R",
            "lat": round((lat + rng.gauss(0, 0.03)) * 100000), "lon": round((lon + rng.gauss(0, 0.04)) * 100000),
            "address": rng.choice(AIRES) + " A" + rng.choice(["7", "43", "75", "41", "89"]) if motorway
            else f"{rng.randint(1, 240)} {rng.choice(STREETS)}",
            "services": [s for s, p in SERVICES if rng.random() < (p + (0.3 if motorway else 0))],
            "prices": [], "ruptures": [],
        }  # fmt: skip
        off = rng.gauss(0, 0.028) + (0.21 if motorway else 0) + dept_off[dep]
        every = rng.choice([0.85, 0.95]) if motorway else rng.choice([0.12, 0.2, 0.3, 0.4])
        for fid, name, share, base in FUELS:
            if name != "Gazole" and rng.random() > share + (0.3 if motorway else 0):
                continue
            fuel_off = off + rng.gauss(0, 0.01)
            for day in range(Q1_DAYS):
                if day > 0 and rng.random() > every:
                    continue
                when = Q1_START + timedelta(days=day, minutes=rng.randint(5 * 60, 10 * 60) if rng.random() < 0.8 else rng.randint(0, 1439))  # fmt: skip
                price = base + fuel_off + _trend(name, day) + rng.gauss(0, 0.006)
                price = math.floor(price * 100) / 100 + (0.009 if rng.random() < 0.7 else rng.randint(0, 9) / 1000)
                st["prices"].append({"fuel": name, "fid": fid, "t": when.replace(second=rng.randint(0, 59)), "price": round(price, 3)})  # fmt: skip
            if rng.random() < (0.12 if name in ("E10", "SP98") else 0.04):
                begin = Q1_START + timedelta(days=rng.randint(0, 85), hours=rng.randint(6, 20))
                st["ruptures"].append({"fuel": name, "fid": fid, "begin": begin, "end": begin + timedelta(hours=rng.randint(5, 90))})  # fmt: skip
        st["prices"].sort(key=lambda p: (int(p["fid"]), p["t"]))
        stations.append(st)
    stations.sort(key=lambda s: s["id"])
    return stations


def _write_fuel(t: Truth, d: Path) -> None:
    out = ['<?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?>', "<pdv_liste>"]
    for s in t.stations:
        out.append(f'  <pdv id="{s["id"]}" latitude="{s["lat"]}" longitude="{s["lon"]}" cp="{s["cp"]}" pop="{s["pop"]}">')  # fmt: skip
        out.append(f"    <adresse>{escape(s['address'])}</adresse>")
        out.append(f"    <ville>{escape(s['town'].upper() if s['id'] % 3 else s['town'])}</ville>")
        if s["services"]:
            out.append("    <services>")
            out += [f"      <service>{escape(x)}</service>" for x in s["services"]]
            out.append("    </services>")
        else:
            out.append("    <services/>")
        for p in s["prices"]:
            out.append(f'    <prix nom="{p["fuel"]}" id="{p["fid"]}" maj="{p["t"]:%Y-%m-%dT%H:%M:%S}" valeur="{p["price"]:.3f}"/>')  # fmt: skip
        for r in s["ruptures"]:
            out.append(f'    <rupture id="{r["fid"]}" nom={quoteattr(r["fuel"])} debut="{r["begin"]:%Y-%m-%dT%H:%M:%S}" fin="{r["end"]:%Y-%m-%dT%H:%M:%S}"/>')  # fmt: skip
        out.append("  </pdv>")
    out.append("</pdv_liste>")
    (d / FUEL_FILE).write_bytes(("\n".join(out) + "\n").encode("iso-8859-1"))


# =================================================================================================
# streaming: a Spotify "Extended streaming history" download, 2023-2024, a listener in London
# =================================================================================================

ARTISTS = [
    "Hollow Pines", "Mira Okafor", "Salt & Sable", "Kestrel Bay", "Dina Vale", "Northbound Static", "Los Fuegos Lentos",
    "The Lantern Years", "Ada Brightwater", "Velvet Cartography", "Juno Marsh", "Tomas Eder", "Paper Lions Club",
    "Ghost Orchard", "Noor Haddad", "The Quiet Engines", "Lúa Ferreiro", "Brass Meridian", "Sunday Satellites",
    "Ivo Lindqvist", "Moth & Marigold", "Clay Harbour", "Rosa Tenebra", "Static Gardens", "Finch Avenue",
    "Orla Keane", "The Minor Hours", "Koji Ayers", "Blue Fathom", "Wren & Wolf", "Anouk Visser", "Cinder Valley",
    "Dusk Parade", "Elsie Cole", "Marlow Tides", "Neon Almanac",
]  # fmt: skip
WORDS = """Home Intro Gold River Glass Night Drive Summer Static Lanterns Harbour Letters Ghosts Northern Lights
Paper Orchard Weather Marigold Fever Slow Motion Satellite Echo Wild Open Water Embers Sunday Last Train Hollow
Silver Motel Runaway Tides Cathedral Honey Avalanche Neon Postcard Electric Blue Horizon Velvet Daylight""".split()
SHOWS = [("The Slow History Hour", 55), ("Offside Weekly", 50), ("Curious Cosmos", 40), ("Daily Briefing", 22)]
TRIPS = [(date(2023, 8, 5), date(2023, 8, 19)), (date(2024, 4, 12), date(2024, 4, 16))]
SKIPPED_FROM = datetime(2023, 4, 20, tzinfo=UTC)  # older records carry skipped = null


def _build_streaming(rng: random.Random) -> list[dict]:
    catalogue = {}
    for a in ARTISTS:
        tracks = []
        for j in range(rng.randint(6, 14)):
            title = rng.choice(WORDS) if rng.random() < 0.35 else f"{rng.choice(WORDS)} {rng.choice(WORDS)}"
            uri = "spotify:track:" + "".join(rng.choice("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") for _ in range(22))  # fmt: skip
            tracks.append({"title": title, "uri": uri, "ms": rng.randint(140_000, 330_000), "album": f"{rng.choice(WORDS)} {('Sessions', 'Tapes', 'EP', '')[j % 4]}".strip()})  # fmt: skip
        catalogue[a] = tracks
    zipf = {a: 1 / (i + 1) ** 0.9 for i, a in enumerate(ARTISTS)}
    episodes = {
        show: [
            (
                f"Episode {n}: {rng.choice(WORDS)} {rng.choice(WORDS)}",
                "spotify:episode:" + f"{rng.getrandbits(100):025x}"[:22],
                rng.randint(int(m * 0.7), int(m * 1.2)) * 60_000,
            )
            for n in range(1, 160)
        ]  # fmt: skip
        for show, m in SHOWS
    }
    ep_next = {show: 0 for show, _ in SHOWS}
    plays: list[dict] = []

    def session(start: datetime, country: str, platform: str, n: int, podcast: bool) -> None:
        t = start.astimezone(UTC)
        shuffle = rng.random() < 0.4
        prev_end = None
        if podcast:
            show = _pick(rng, {s: w for s, w in zip([s for s, _ in SHOWS], [3, 2, 2, 3])})
            title, uri, length = episodes[show][ep_next[show] % len(episodes[show])]
            ep_next[show] += 1
            done = rng.random() < 0.7
            ms = length if done else rng.randint(120_000, length)
            t += timedelta(milliseconds=ms)
            plays.append(
                {"end": t.replace(microsecond=0), "ms": ms, "country": country, "platform": platform, "artist": None}
                | {"track": None, "album": None, "uri": None, "episode": title, "show": show, "ep_uri": uri}
                | {"reason_start": "clickrow", "reason_end": "trackdone" if done else "endplay", "shuffle": False}
                | {"skipped": None if t < SKIPPED_FROM else False, "offline": platform == "android" and rng.random() < 0.3}
            )  # fmt: skip
            return
        month_bias = {a: (2.5 if (i * 7 + t.month + 3 * (t.year - 2023)) % 11 == 0 else 1.0) for i, a in enumerate(ARTISTS)}  # fmt: skip
        for k in range(n):
            artist = _pick(rng, {a: zipf[a] * month_bias[a] for a in ARTISTS})
            tr = rng.choice(catalogue[artist])
            u = rng.random()
            if u < 0.72:
                end_reason, ms = "trackdone", tr["ms"] - rng.randint(0, 600)
            elif u < 0.93:
                end_reason, ms = "fwdbtn", rng.randint(400, min(tr["ms"], 95_000))
            else:
                end_reason, ms = rng.choice(["endplay", "logout"]), rng.randint(10_000, tr["ms"])
            if k == n - 1 and end_reason == "trackdone" and rng.random() < 0.3:
                end_reason, ms = "endplay", rng.randint(10_000, tr["ms"])
            start_reason = "clickrow" if k == 0 else ("fwdbtn" if prev_end == "fwdbtn" else "trackdone")
            t += timedelta(milliseconds=ms + (rng.randint(0, 2500) if k else 0))
            plays.append(
                {"end": t.replace(microsecond=0), "ms": ms, "country": country, "platform": platform, "artist": artist}
                | {"track": tr["title"], "album": tr["album"], "uri": tr["uri"], "episode": None, "show": None}
                | {"ep_uri": None, "reason_start": start_reason, "reason_end": end_reason, "shuffle": shuffle}
                | {"skipped": None if t < SKIPPED_FROM else end_reason == "fwdbtn"}
                | {"offline": platform == "android" and rng.random() < 0.25}
            )  # fmt: skip
            prev_end = end_reason

    day = date(2023, 1, 1)
    while day <= date(2024, 12, 31):
        away = any(a <= day <= b for a, b in TRIPS)
        weekday = day.weekday() < 5
        season = 1.25 if day.month in (11, 12, 1) else 1.0

        def at(h: int, m: int, zone=LONDON, day=day) -> datetime:
            return datetime(day.year, day.month, day.day, h, m, tzinfo=zone)

        if away:
            for _ in range(rng.randint(1, 3)):
                session(at(rng.randint(10, 22), rng.randint(0, 59), MADRID), "ES", "android", rng.randint(3, 9), False)
        elif weekday:
            if rng.random() < 0.8:
                session(at(8, rng.randint(2, 15)), "GB", "android", rng.randint(2, 4), rng.random() < 0.04)
            if rng.random() < 0.35:
                session(at(17, rng.randint(35, 59)), "GB", "android", rng.randint(2, 4), rng.random() < 0.25)
            if rng.random() < 0.2 * season:
                session(at(rng.randint(19, 22), rng.randint(0, 59)), "GB", rng.choice(["windows", "android", "web_player"]), rng.randint(3, 9), False)  # fmt: skip
        else:
            for _ in range(rng.choice([0, 1, 1, 1, 1, 2])):
                session(at(rng.randint(10, 21), rng.randint(0, 59)), "GB", rng.choice(["android", "windows"]), rng.randint(3, 10), rng.random() < 0.12)  # fmt: skip
        day += timedelta(days=1)
    for p in plays:
        p["incognito"] = rng.random() < 0.008
    plays.sort(key=lambda p: p["end"])
    return plays


def _write_streaming(t: Truth, d: Path) -> None:
    recs = []
    for p in t.plays:
        recs.append(
            {
                "ts": p["end"].strftime("%Y-%m-%dT%H:%M:%SZ"),
                "platform": p["platform"],
                "ms_played": p["ms"],
                "conn_country": p["country"],
                "master_metadata_track_name": p["track"],
                "master_metadata_album_artist_name": p["artist"],
                "master_metadata_album_album_name": p["album"],
                "spotify_track_uri": p["uri"],
                "episode_name": p["episode"],
                "episode_show_name": p["show"],
                "spotify_episode_uri": p["ep_uri"],
                "reason_start": p["reason_start"],
                "reason_end": p["reason_end"],
                "shuffle": p["shuffle"],
                "skipped": p["skipped"],
                "offline": p["offline"],
                "offline_timestamp": int((p["end"] - timedelta(milliseconds=p["ms"])).timestamp())
                if p["offline"]
                else 0,  # fmt: skip
                "incognito_mode": p["incognito"],
            }
        )
    text = "[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in recs) + "\n]\n"
    (d / SP_FILE).write_bytes(text.encode("utf-8"))


# =================================================================================================


def truth() -> Truth:
    players, batting, teams = _build_baseball(_rng("baseball"))
    return Truth(
        players=players,
        batting=batting,
        teams=teams,
        storms=_build_hurricanes(_rng("hurricanes")),
        stations=_build_fuel(_rng("fuel")),
        plays=_build_streaming(_rng("streaming")),
    )


def write_files(d) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_db(t, d)
    _write_payrolls(t, d)
    _write_hurdat(t, d)
    _write_fuel(t, d)
    _write_streaming(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python data.py DIR")
    for p in write_files(sys.argv[1]):
        print(p, p.stat().st_size)
