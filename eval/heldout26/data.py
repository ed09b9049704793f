"""The twenty-sixth held-out set's data: five files on four topics, each imitating a real public export.

* `lichess_NadiaKoval_2025-01-05.ndjson`: one player's games as the Lichess API exports them
  (`GET /api/games/user/{username}` with `Accept: application/x-ndjson`): one nested JSON object per
  line, newest game first, times in milliseconds since the epoch, `winner` absent for draws and
  aborted games, `ratingDiff` absent for casual and aborted games, computer opponents as `aiLevel`.
* `home-assistant_v2.db`: a Home Assistant recorder database (SQLite, schema 43): states keyed by
  `metadata_id` (the legacy `entity_id` column empty), attributes as JSON in `state_attributes`,
  float epoch times, `last_changed_ts` NULL when equal to `last_updated_ts`, only the last 10 days of
  states kept (the recorder's purge) beside hourly long-term statistics from 1 December.
* `P_Data_Extract_From_World_Development_Indicators.xlsx`: a World Bank DataBank extract (World
  Development Indicators) as an Excel workbook: a wide `Data` sheet with years as `2015 [YR2015]`,
  `..` for missing values, regional and income aggregates among the countries and two footer lines,
  beside `Country - Metadata` and `Series - Metadata` sheets.
* `MASTER.txt` and `ACFTREF.txt`: the FAA's Releasable Aircraft Database (the aircraft registration
  master file and the aircraft reference file): comma-separated but every field padded with spaces
  to its fixed width, a trailing comma on every line, a byte-order mark, codes to join on.

Every record is built first with the standard library from a fixed seed (one random stream per
topic); the files are then rendered from those records, so the same seed gives the same bytes.
`truth()` returns the clean records the references are computed from.

    python data.py DIR   # writes the five files into DIR
"""

from __future__ import annotations

import functools
import json
import math
import random
import sqlite3
import string
import sys
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from xml.sax.saxutils import escape
from zoneinfo import ZoneInfo

SEED = 26_604_117
UTC = timezone.utc
WARSAW = ZoneInfo("Europe/Warsaw")
AMSTERDAM = ZoneInfo("Europe/Amsterdam")

CHESS_FILE = "lichess_NadiaKoval_2025-01-05.ndjson"
HA_FILE = "home-assistant_v2.db"
WB_FILE = "P_Data_Extract_From_World_Development_Indicators.xlsx"
MASTER_FILE = "MASTER.txt"
ACFTREF_FILE = "ACFTREF.txt"
FILES = [CHESS_FILE, HA_FILE, WB_FILE, MASTER_FILE, ACFTREF_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    chess: list[dict]  # one dict per game, newest first (file order), clean fields
    ha: dict  # entities with their state rows (window only) and the full sensor series behind the statistics
    wb: dict  # economies (countries and aggregates), series, values by (code, series, year) or None
    faa: dict  # aircraft (registrations) and reference models


# ==================================================================================================
# Lichess games (NDJSON)
# ==================================================================================================

ME_NAME, ME_ID = "NadiaKoval", "nadiakoval"
CH_START = datetime(2024, 1, 2, tzinfo=WARSAW)
CH_END = datetime(2025, 1, 5, 11, 0, tzinfo=WARSAW)

# (perf, initial seconds, increment seconds, weight); a correspondence game has days per move instead
TIME_CONTROLS = [
    ("bullet", 60, 0, 9),
    ("bullet", 120, 1, 6),
    ("blitz", 180, 0, 9),
    ("blitz", 180, 2, 20),
    ("blitz", 300, 0, 8),
    ("blitz", 300, 3, 6),
    ("rapid", 600, 0, 10),
    ("rapid", 600, 5, 5),
    ("rapid", 900, 10, 4),
    ("classical", 1800, 0, 1),
    ("correspondence", 2, None, 1),
    ("chess960", 180, 2, 2),
]

# (eco, name, moves) of the openings the player and her opponents reach
OPENINGS_WHITE = [  # as White she opens 1. e4
    ("C53", "Italian Game: Giuoco Piano", "e4 e5 Nf3 Nc6 Bc4 Bc5 c3", 9),
    ("C55", "Italian Game: Two Knights Defense", "e4 e5 Nf3 Nc6 Bc4 Nf6", 6),
    ("B22", "Sicilian Defense: Alapin Variation", "e4 c5 c3", 12),
    ("C02", "French Defense: Advance Variation", "e4 e6 d4 d5 e5", 7),
    ("B12", "Caro-Kann Defense: Advance Variation", "e4 c6 d4 d5 e5", 6),
    ("B01", "Scandinavian Defense: Main Line", "e4 d5 exd5 Qxd5 Nc3 Qa5", 5),
    ("B07", "Pirc Defense", "e4 d6 d4 Nf6 Nc3 g6", 3),
    ("C42", "Petrov's Defense", "e4 e5 Nf3 Nf6", 3),
    ("C20", "King's Pawn Game: Wayward Queen Attack", "e4 e5 Qh5", 1),
]
OPENINGS_BLACK = [  # as Black she answers 1. e4 with the Caro-Kann and 1. d4 with the Slav
    ("B13", "Caro-Kann Defense: Exchange Variation", "e4 c6 d4 d5 exd5 cxd5", 7),
    ("B12", "Caro-Kann Defense: Advance Variation", "e4 c6 d4 d5 e5", 9),
    ("B10", "Caro-Kann Defense: Two Knights Attack", "e4 c6 Nc3 d5 Nf3", 4),
    ("D11", "Slav Defense: Modern Line", "d4 d5 c4 c6 Nf3", 7),
    ("D02", "Queen's Pawn Game: London System", "d4 d5 Nf3 Nf6 Bf4", 6),
    ("A20", "English Opening: King's English Variation", "c4 e5", 3),
    ("A00", "Van't Kruijs Opening", "e3", 1),
    ("A40", "Englund Gambit", "d4 e5", 1),
]
OPP_PREFIX = [
    "chess",
    "knight",
    "rook",
    "pawn",
    "blitz",
    "tactic",
    "endgame",
    "gambit",
    "castle",
    "bishop",
    "zugzwang",
    "patzer",
    "fianchetto",
    "queen",
    "sac",
]
OPP_FIRST = [
    "Marek",
    "Ola",
    "Jan",
    "Piotr",
    "Kasia",
    "Tomas",
    "Lukas",
    "Ivan",
    "Nina",
    "Sven",
    "Ahmed",
    "Diego",
    "Ravi",
    "Yuki",
    "Emre",
    "Lena",
    "Pablo",
    "Femi",
    "Oskar",
    "Mila",
]


def _game_id(rng: random.Random) -> str:
    return "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(8))


def _opponents(rng: random.Random) -> list[dict]:
    names: set[str] = set()
    out = []
    while len(out) < 420:
        r = rng.random()
        if r < 0.4:
            name = f"{rng.choice(OPP_FIRST)}{rng.choice(['_', '', '-'])}{rng.randint(1, 2009)}"
        elif r < 0.75:
            name = f"{rng.choice(OPP_PREFIX)}{rng.choice(OPP_FIRST).lower()}{rng.randint(0, 99)}"
        else:
            name = f"{rng.choice(OPP_PREFIX).capitalize()}{rng.choice(OPP_PREFIX).capitalize()}{rng.randint(1, 999)}"
        if name.lower() in names:
            continue
        names.add(name.lower())
        user: dict = {"name": name}
        if rng.random() < 0.06:
            user["patron"] = True
        if rng.random() < 0.015:
            user["title"] = rng.choice(["FM", "CM", "NM"])
        user["id"] = name.lower()
        out.append({"user": user, "skill": rng.gauss(0, 130)})
    return out


FILES_SAN = "abcdefgh"


def _fake_san(rng: random.Random, ply: int) -> str:
    """A plausible-looking SAN token (the moves are decoration; only their count is asked about)."""
    r = rng.random()
    if r < 0.34:
        f = rng.choice(FILES_SAN)
        rank = rng.randint(3, 6) if ply % 2 == 0 else rng.randint(3, 6)
        if rng.random() < 0.25:
            g = FILES_SAN[max(0, min(7, FILES_SAN.index(f) + rng.choice([-1, 1])))]
            return f"{f}x{g}{rank}"
        return f"{f}{rank}"
    piece = rng.choice("NNBBRRQK")
    sq = f"{rng.choice(FILES_SAN)}{rng.randint(1, 8)}"
    cap = "x" if rng.random() < 0.3 else ""
    chk = "+" if rng.random() < 0.08 else ""
    return f"{piece}{cap}{sq}{chk}"


def _moves(rng: random.Random, prefix: str, ply: int, mate: bool) -> str:
    toks = prefix.split()[:ply] if prefix else []
    castled = [False, False]
    while len(toks) < ply:
        side = len(toks) % 2
        if not castled[side] and len(toks) > 6 and rng.random() < 0.15:
            toks.append(rng.choice(["O-O", "O-O", "O-O-O"]))
            castled[side] = True
        else:
            toks.append(_fake_san(rng, len(toks)))
    if mate and toks:
        last = toks[-1].rstrip("+")
        toks[-1] = (last if last[0] in "NBRQK" else f"Q{rng.choice(FILES_SAN)}{rng.randint(1, 8)}") + "#"
    return " ".join(toks)


def _build_chess(rng: random.Random) -> list[dict]:
    opps = _opponents(rng)
    rating = {"bullet": 1585, "blitz": 1702, "rapid": 1768, "classical": 1690, "correspondence": 1500, "chess960": 1500}
    played = {"bullet": 40, "blitz": 400, "rapid": 90, "classical": 3, "correspondence": 0, "chess960": 0}
    strength = {"bullet": 1560, "blitz": 1745, "rapid": 1800, "classical": 1760, "correspondence": 1650}
    strength["chess960"] = 1640
    weights = [tc[3] for tc in TIME_CONTROLS]
    games: list[dict] = []
    day = CH_START
    while day < CH_END:
        if rng.random() < 0.62:
            evening = rng.random() < 0.75
            hour = rng.uniform(18.5, 23.3) if evening else rng.uniform(12.0, 14.0)
            t = day + timedelta(hours=hour)
            for _ in range(rng.choice([1, 1, 2, 2, 3, 3, 4, 5, 6, 8])):
                if t >= CH_END:
                    break
                perf, initial, inc, _w = rng.choices(TIME_CONTROLS, weights)[0]
                g = _one_game(rng, opps, perf, initial, inc, rating, played, strength, t)
                games.append(g)
                if perf == "correspondence":
                    continue  # played over days beside the live games
                t = datetime.fromtimestamp(g["last"] / 1000, UTC).astimezone(WARSAW) + timedelta(
                    seconds=rng.randint(8, 150)
                )
        day += timedelta(days=1)
    games.sort(key=lambda g: g["created"], reverse=True)  # the API's order: newest first
    return games


def _speed(perf: str, initial: int, inc: int | None) -> str:
    if perf == "correspondence":
        return "correspondence"
    est = initial + 40 * (inc or 0)
    return (
        "ultraBullet"
        if est < 30
        else "bullet"
        if est < 180
        else "blitz"
        if est < 480
        else "rapid"
        if est < 1500
        else "classical"
    )


def _one_game(rng, opps, perf, initial, inc, rating, played, strength, t) -> dict:
    my_color = rng.choice(["white", "black"])
    created_ms = int(t.timestamp() * 1000) + rng.randint(0, 999)
    ai = perf in ("rapid", "blitz") and rng.random() < 0.02
    rated = not ai and rng.random() < (0.9 if perf != "chess960" else 0.8)
    source = "ai" if ai else rng.choices(["pool", "lobby", "friend", "arena"], [60, 22, 6, 12])[0]
    if perf in ("correspondence", "classical") and source == "pool":
        source = "lobby"
    if not rated and source == "arena":
        source = "friend"
    my_rating = rating[perf]
    if ai:
        level = rng.randint(3, 6)
        opp_player: dict = {"aiLevel": level}
        opp_strength = 900 + 180 * level
        opp_rating = None
    else:
        o = rng.choice(opps)
        opp_rating = int(round(my_rating + o["skill"] * 0.6 + rng.gauss(0, 90)))
        opp_player = {"user": dict(o["user"]), "rating": opp_rating}
        opp_strength = opp_rating + rng.gauss(0, 60)
    expected = 1 / (1 + 10 ** ((opp_strength - strength[perf]) / 400))
    draw_p = 0.05 if perf in ("bullet", "blitz", "chess960") else 0.09
    aborted = rng.random() < 0.025
    if aborted:
        result = "aborted"
    else:
        u = rng.random()
        result = "win" if u < expected - draw_p / 2 else "draw" if u < expected + draw_p / 2 else "loss"
    opp_color = "black" if my_color == "white" else "white"
    winner = None
    if result == "aborted":
        status, ply = "aborted", rng.choice([0, 0, 1])
    elif result == "draw":
        status = rng.choices(["draw", "stalemate", "outoftime"], [70, 12, 18])[0]
        ply = rng.randint(40, 140)
    else:
        winner = my_color if result == "win" else opp_color
        if perf == "correspondence":
            status = rng.choices(["mate", "resign"], [3, 7])[0]
        elif perf == "bullet":
            status = rng.choices(["mate", "resign", "outoftime"], [22, 30, 48])[0]
        elif perf in ("blitz", "chess960"):
            status = rng.choices(["mate", "resign", "outoftime"], [26, 50, 24])[0]
        else:
            status = rng.choices(["mate", "resign", "outoftime"], [24, 66, 10])[0]
        if result == "win" and not ai and rng.random() < 0.03:
            status = "timeout"  # the opponent left the game and she claimed the win
        ply = rng.randint(24, 120)
        if status in ("mate", "outoftime"):  # the winner made the last move
            want_odd = winner == "white"
            if (ply % 2 == 1) != want_odd:
                ply += 1
    variant = "chess960" if perf == "chess960" else "standard"
    if variant == "chess960" or ply < 2:
        opening = None
        prefix = ""
    else:
        book = OPENINGS_WHITE if my_color == "white" else OPENINGS_BLACK
        eco, name, prefix, _w = rng.choices(book, [b[3] for b in book])[0]
        opening = (eco, name, min(len(prefix.split()), ply))
        if len(prefix.split()) > ply:
            opening = None
    moves = _moves(rng, prefix if variant == "standard" else "", ply, status == "mate")
    if ply == 1 and variant == "standard":
        moves = "e4" if my_color == "white" else rng.choice(["e4", "d4", "Nf3"])
    # how long the game lasted
    if perf == "correspondence":
        dur_ms = int(rng.uniform(2, 16) * 86_400_000)
    elif result == "aborted":
        dur_ms = rng.randint(9_000, 60_000)
    else:
        per_side = []
        for side in ("white", "black"):
            moves_side = (ply + (1 if side == "white" else 0)) // 2
            frac = rng.uniform(0.35, 0.92)
            if status == "outoftime" and (winner is not None and side != winner):
                frac = 1.0
            if status == "outoftime" and winner is None and side == ("white" if ply % 2 == 0 else "black"):
                frac = 1.0  # flagged, but the opponent could not mate: a draw
            per_side.append(initial * frac + moves_side * (inc or 0) * rng.uniform(0.6, 1.0))
        dur_ms = int((sum(per_side) + rng.uniform(2, 9)) * 1000)
    last_ms = created_ms + dur_ms
    # ratings
    me_player: dict = {"user": {"name": ME_NAME, "id": ME_ID}, "rating": my_rating}
    my_diff = None
    provisional = played[perf] < 12
    if rated and result != "aborted":
        score = {"win": 1.0, "draw": 0.5, "loss": 0.0}[result]
        e_r = 1 / (1 + 10 ** ((opp_rating - my_rating) / 400))
        k = 45 if provisional else rng.uniform(9, 14)
        my_diff = int(round(k * (score - e_r)))
        if my_diff == 0 and score != 0.5:
            my_diff = 1 if score == 1 else -1
        me_player["ratingDiff"] = my_diff
        opp_player["ratingDiff"] = -my_diff + rng.choice([-1, 0, 0, 1])
        rating[perf] = my_rating + my_diff
        played[perf] += 1
    if provisional and rated:
        me_player["provisional"] = True
    berserk = source == "arena" and perf in ("blitz", "bullet") and rng.random() < 0.12
    if berserk:
        me_player["berserk"] = True
    players = {my_color: me_player, opp_color: opp_player}
    g = {
        "id": _game_id(rng),
        "rated": rated,
        "variant": variant,
        "speed": _speed(perf, initial, inc),
        "perf": perf,
        "created": created_ms,
        "last": last_ms,
        "status": status,
        "source": source,
        "players": {"white": players["white"], "black": players["black"]},
        "winner": winner,
        "opening": opening,
        "moves": moves,
        "ply": len(moves.split()) if moves else 0,
        "clock": None if perf == "correspondence" else (initial, inc),
        "days_per_turn": initial if perf == "correspondence" else None,
        "tournament": _game_id(rng) if source == "arena" else None,
        "my_color": my_color,
        "my_rating": my_rating,
        "my_diff": my_diff,
        "result": result,
    }
    return g


def _chess_line(g: dict) -> str:
    d: dict = {
        "id": g["id"],
        "rated": g["rated"],
        "variant": g["variant"],
        "speed": g["speed"],
        "perf": g["perf"],
        "createdAt": g["created"],
        "lastMoveAt": g["last"],
        "status": g["status"],
        "source": g["source"],
        "players": g["players"],
    }
    if g["winner"]:
        d["winner"] = g["winner"]
    if g["opening"]:
        eco, name, ply = g["opening"]
        d["opening"] = {"eco": eco, "name": name, "ply": ply}
    d["moves"] = g["moves"]
    if g["clock"]:
        initial, inc = g["clock"]
        d["clock"] = {"initial": initial, "increment": inc, "totalTime": initial + 40 * inc}
    else:
        d["daysPerTurn"] = g["days_per_turn"]
    if g["tournament"]:
        d["tournament"] = g["tournament"]
    return json.dumps(d, ensure_ascii=False, separators=(",", ":"))


def _write_chess(t: Truth, d: Path) -> None:
    (d / CHESS_FILE).write_bytes(("".join(_chess_line(g) + "\n" for g in t.chess)).encode("utf-8"))


# ==================================================================================================
# Home Assistant recorder database (SQLite)
# ==================================================================================================

STAT_START = datetime(2024, 12, 1, tzinfo=AMSTERDAM)  # long-term statistics begin (the sensors were added)
SNAP = datetime(2025, 2, 3, 10, 17, 41, tzinfo=AMSTERDAM)  # when the database file was copied
PURGE_CUTOFF = datetime(2025, 1, 24, 4, 12, 0, tzinfo=AMSTERDAM)  # last nightly purge (04:12) minus 10 days
ENERGY_RESET = datetime(
    2025, 1, 29, 3, 2, 0, tzinfo=AMSTERDAM
)  # the plug's counter back to 0 (a night firmware update)

ENTITIES = [  # entity_id, attributes that never change (friendly name and class)
    ("sensor.outdoor_temperature", {"state_class": "measurement", "unit_of_measurement": "°C"}),
    ("sensor.living_room_temperature", {"state_class": "measurement", "unit_of_measurement": "°C"}),
    ("climate.living_room", {}),
    ("switch.boiler_relay", {}),
    ("binary_sensor.front_door", {}),
    ("binary_sensor.hallway_motion", {}),
    ("light.kitchen", {}),
    ("sensor.washing_machine_power", {"state_class": "measurement", "unit_of_measurement": "W"}),
    ("sensor.washing_machine_energy", {"state_class": "total_increasing", "unit_of_measurement": "kWh"}),
    ("person.jeroen", {}),
]
FRIENDLY = {
    "sensor.outdoor_temperature": ("Outdoor temperature", "temperature"),
    "sensor.living_room_temperature": ("Living room temperature", "temperature"),
    "climate.living_room": ("Living room", None),
    "switch.boiler_relay": ("Boiler relay", None),
    "binary_sensor.front_door": ("Front door", "door"),
    "binary_sensor.hallway_motion": ("Hallway motion", "motion"),
    "light.kitchen": ("Kitchen", None),
    "sensor.washing_machine_power": ("Washing machine power", "power"),
    "sensor.washing_machine_energy": ("Washing machine energy", "energy"),
    "person.jeroen": ("Jeroen", None),
}
STAT_ENTITIES = ["sensor.outdoor_temperature", "sensor.living_room_temperature", "sensor.washing_machine_energy"]


def _ts(dt: datetime) -> float:
    return dt.timestamp()


def _setpoint(local: datetime) -> float:
    morning = (6, 30) if local.weekday() < 5 else (8, 0)
    hm = (local.hour, local.minute)
    return 20.5 if morning <= hm < (22, 30) else 17.0


def _build_ha(rng: random.Random) -> dict:
    t0, t1 = _ts(STAT_START) - 3600, _ts(SNAP)
    minutes = int((t1 - t0) // 60)
    # --- outdoor temperature: a daily cycle on a wandering mean, polled every 10 minutes
    out_series: list[tuple[float, str]] = []  # (ts, state) every change, the whole period
    mean, noise = 4.0, 0.0
    out_val = None
    outage = (
        _ts(datetime(2025, 1, 30, 13, 40, tzinfo=AMSTERDAM)),
        _ts(datetime(2025, 1, 30, 14, 35, tzinfo=AMSTERDAM)),
    )
    temps_out = []
    for m in range(minutes + 1):
        ts = t0 + 60 * m
        if m % 1440 == 0:
            mean += rng.gauss(0, 1.4) - 0.08 * (mean - 4.0)
        noise = 0.998 * noise + rng.gauss(0, 0.02)
        local = datetime.fromtimestamp(ts, UTC).astimezone(AMSTERDAM)
        h = local.hour + local.minute / 60
        temp = mean + 2.6 * math.sin((h - 8.5) / 24 * 2 * math.pi) + noise
        temps_out.append(temp)
        if m % 15 == 3:
            stamp = ts + rng.uniform(0.2, 9.8)
            if outage[0] <= stamp < outage[1]:
                if out_val != "unavailable":
                    out_val = "unavailable"
                    out_series.append((stamp, out_val))
                continue
            v = f"{round(temp, 1):.1f}"
            if v == "-0.0":
                v = "0.0"
            if v != out_val:
                out_val = v
                out_series.append((stamp, v))
    # --- living room: a thermostat (generic_thermostat) heating with a boiler relay
    living: list[tuple[float, str]] = []
    climate: list[tuple[float, str, dict]] = []
    relay: list[tuple[float, str]] = []
    t_in = 19.0
    heating = False
    reported = None
    target = None
    for m in range(minutes + 1):
        ts = t0 + 60 * m
        local = datetime.fromtimestamp(ts, UTC).astimezone(AMSTERDAM)
        sp = _setpoint(local)
        t_in += (0.04 if heating else 0.0) - 0.0008 * (t_in - temps_out[m]) + rng.gauss(0, 0.002)
        changed = False
        stamp = ts + rng.uniform(0.5, 50.0)
        rep = f"{round(t_in, 1):.1f}"
        if reported is None or abs(float(rep) - float(reported)) >= 0.19:  # the sensor reports 0.2 degree steps
            reported = rep
            living.append((stamp, rep))
            changed = True
        if sp != target:
            target = sp
            changed = True
        if changed:
            cur = float(reported)
            if not heating and cur <= target - 0.3:
                heating = True
                relay.append((stamp + 0.041, "on"))
            elif heating and cur >= target + 0.3:
                heating = False
                relay.append((stamp + 0.041, "off"))
            attrs = {
                "hvac_modes": ["heat", "off"],
                "min_temp": 7,
                "max_temp": 35,
                "target_temp_step": 0.5,
                "preset_modes": ["none", "away"],
                "current_temperature": cur,
                "temperature": target,
                "hvac_action": "heating" if heating else "idle",
                "preset_mode": "none",
                "friendly_name": "Living room",
                "supported_features": 401,
            }
            climate.append((stamp + 0.012, "heat", attrs))
    # --- washing machine: a Shelly plug's power and energy counter
    power: list[tuple[float, str]] = []
    energy: list[tuple[float, float | None]] = []  # (ts, counter kWh) ; None while unavailable
    counter = 398.41  # kWh on the plug's counter when the statistics begin
    cycle_day = _ts(STAT_START) + rng.uniform(0.3, 1.5) * 86400
    cycles = []
    while cycle_day < t1 - 4 * 3600:
        local = datetime.fromtimestamp(cycle_day, UTC).astimezone(AMSTERDAM)
        start_local = local.replace(hour=rng.randint(8, 20), minute=rng.randint(0, 59), second=rng.randint(0, 59))
        cycles.append(_ts(start_local))
        cycle_day += rng.uniform(1.3, 3.6) * 86400
    power.append((t0 + 17.3, "0.0"))
    energy.append((t0 + 17.3, counter))
    reset_ts = _ts(ENERGY_RESET)
    reset_done = False
    for c0 in cycles:
        if not reset_done and c0 > reset_ts:
            # firmware update: unavailable for a minute, then the counter restarts at zero
            power.append((reset_ts, "unavailable"))
            energy.append((reset_ts + 0.004, None))
            power.append((reset_ts + 71.8, "0.0"))
            counter = 0.0
            energy.append((reset_ts + 71.806, counter))
            reset_done = True
        dur_min = rng.randint(95, 165)
        heat_min = rng.randint(12, 20)
        t = c0
        last_rep = None
        acc = 0.0
        for k in range(dur_min * 2):  # every 30 s
            minute = k / 2
            if minute < 3:
                w = rng.uniform(2.0, 6.0)
            elif minute < 3 + heat_min:
                w = rng.uniform(1950, 2150)
            elif minute < dur_min - 14:
                w = rng.uniform(60, 320) if rng.random() < 0.7 else rng.uniform(5, 30)
            elif minute < dur_min - 2:
                w = rng.uniform(380, 640)
            else:
                w = rng.uniform(1.5, 4.0)
            rep = f"{w:.1f}"
            stamp = t + rng.uniform(0, 0.9)
            if rep != last_rep:
                power.append((stamp, rep))
                last_rep = rep
            acc += w * 30 / 3_600_000
            if acc >= 0.01:
                steps = int(acc / 0.01)
                counter = round(counter + steps * 0.01, 2)
                acc -= steps * 0.01
                energy.append((stamp + 0.003, counter))
            t += 30
        power.append((t + 1.2, "0.0"))
        if rng.random() < 0.15:  # a Wi-Fi drop after the cycle
            power.append((t + 600.5, "unavailable"))
            energy.append((t + 600.503, None))
            power.append((t + 600.5 + rng.uniform(60, 900), "0.0"))
            energy.append((power[-1][0] + 0.003, counter))
    if not reset_done:
        raise ValueError("no washing cycle after the energy counter's reset")
    # --- the front door, the hallway's motion sensor, the kitchen light and a person
    door: list[tuple[float, str]] = []
    motion: list[tuple[float, str]] = []
    kitchen: list[tuple[float, str, dict]] = []
    person: list[tuple[float, str]] = []
    day = PURGE_CUTOFF.replace(hour=0, minute=0, second=0) - timedelta(days=1)
    while day < SNAP:

        def at(h0: float, h1: float, day: datetime = day) -> float:
            return _ts(day) + rng.uniform(h0, h1) * 3600

        opens = sorted(at(6.8, 22.8) for _ in range(rng.randint(4, 11)))
        for o in opens:
            if door and o < door[-1][0] + 300:
                continue
            door.append((o, "on"))
            door.append((o + rng.uniform(6, 140), "off"))
        for s in sorted(at(6.3, 23.5) for _ in range(rng.randint(14, 30))):
            if motion and s < motion[-1][0] + 200:
                continue
            motion.append((s, "on"))
            motion.append((s + rng.uniform(62, 190), "off"))
        for h0, h1 in [(6.6, 8.5), (12.0, 13.3), (17.2, 19.5), (20.5, 22.5)]:
            if rng.random() < 0.8:
                on = at(h0, h1 - 0.3)
                off = on + rng.uniform(5, 75) * 60
                bri = rng.choice([255, 204, 153, 128])
                kitchen.append((on, "on", {"brightness": bri}))
                for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
                    when = rng.uniform(on + 30, off - 30)
                    kitchen.append((when, "on", {"brightness": rng.choice([255, 230, 179, 102, 77])}))
                kitchen.append((off, "off", {}))
        away = at(7.9, 8.6) if day.weekday() < 5 else at(10.0, 14.0)
        back = away + rng.uniform(2.5, 9.5) * 3600
        person.append((away, "not_home"))
        person.append((back, "home"))
        day += timedelta(days=1)
    # door sensor drop-outs (Zigbee): off -> unavailable -> off
    for when in (datetime(2025, 1, 27, 3, 21, 7, tzinfo=AMSTERDAM), datetime(2025, 2, 1, 2, 48, 55, tzinfo=AMSTERDAM)):
        w = _ts(when)
        door.append((w, "unavailable"))
        door.append((w + rng.uniform(40, 400), "off"))
    door.sort()
    kitchen.sort(key=lambda x: x[0])
    motion.sort()
    power.sort(key=lambda x: x[0])
    energy.sort(key=lambda x: x[0])
    return {
        "series": {
            "sensor.outdoor_temperature": out_series,
            "sensor.living_room_temperature": living,
            "climate.living_room": climate,
            "switch.boiler_relay": relay,
            "binary_sensor.front_door": door,
            "binary_sensor.hallway_motion": motion,
            "light.kitchen": kitchen,
            "sensor.washing_machine_power": power,
            "sensor.washing_machine_energy": energy,
            "person.jeroen": person,
        },
        "cycles": cycles,
    }


def _attrs(entity: str, extra: dict | None = None, state: str | None = None) -> dict:
    name, dclass = FRIENDLY[entity]
    base = dict(dict(ENTITIES)[entity])
    if entity == "light.kitchen":
        on = state == "on"
        a = {
            "supported_color_modes": ["brightness"],
            "color_mode": "brightness" if on else None,
            "brightness": (extra or {}).get("brightness") if on else None,
            "friendly_name": name,
            "supported_features": 40,
        }
        return a
    if entity == "climate.living_room":
        return dict(extra or {})
    if entity == "person.jeroen":
        return {
            "editable": True,
            "id": "jeroen",
            "device_trackers": ["device_tracker.pixel_8"],
            "source": "device_tracker.pixel_8",
            "user_id": "5d1c3e0b7a5f4a4f9c2e0a8b1f6d3c21",
            "friendly_name": name,
        }
    if entity == "sensor.washing_machine_energy":
        base = {"state_class": "total_increasing", "unit_of_measurement": "kWh"}
    if dclass:
        base["device_class"] = dclass
    base["friendly_name"] = name
    if state == "unavailable":
        return {
            k: v
            for k, v in base.items()
            if k in ("friendly_name", "device_class", "unit_of_measurement", "state_class")
        }
    return base


def window_rows(ha: dict) -> dict[str, list[tuple[float, str, dict, float]]]:
    """Each entity's rows as the recorder keeps them: (time, state, attributes, time the state last
    changed), within the purge window. A row is written when the state or the attributes change."""
    lo, hi = _ts(PURGE_CUTOFF), _ts(SNAP)
    out: dict[str, list[tuple[float, str, dict, float]]] = {}
    for entity, _ in ENTITIES:
        rows = []
        prev = None
        prev_state = None
        changed_at = 0.0
        for item in ha["series"][entity]:
            ts = item[0]
            if entity == "sensor.washing_machine_energy":
                state = "unavailable" if item[1] is None else repr(round(item[1], 2))
                attrs = _attrs(entity, None, state)
            elif entity in ("climate.living_room", "light.kitchen"):
                state = item[1]
                attrs = _attrs(entity, item[2], state)
            else:
                state = item[1]
                attrs = _attrs(entity, None, state)
            key = (state, json.dumps(attrs, sort_keys=True))
            if key == prev:
                continue
            prev = key
            if state != prev_state:
                changed_at = ts
                prev_state = state
            if lo <= ts < hi:
                rows.append((ts, state, attrs, changed_at))
        out[entity] = rows
    return out


def energy_consumed(ha: dict, start: float, end: float) -> float:
    """kWh the washing machine's counter recorded between two times, a drop to zero being a reset
    (the rule of a `total_increasing` sensor)."""
    total = 0.0
    prev = None
    for ts, v in ha["series"]["sensor.washing_machine_energy"]:
        if v is None:
            continue
        if prev is not None and start <= ts < end:
            total += v - prev if v >= prev else v
        prev = v
    return round(total, 6)


def _hourly_stats(ha: dict) -> list[tuple]:
    """Long-term statistics: one row per hour and statistic (mean/min/max of a measurement, weighted by
    time; the last counter reading and the running sum of a total_increasing counter)."""
    rows = []
    start = _ts(STAT_START)
    end_hours = int((_ts(SNAP) - start) // 3600)
    measurement = {}
    for entity in STAT_ENTITIES[:2]:
        measurement[entity] = [(ts, float(s)) if s != "unavailable" else (ts, None) for ts, s in ha["series"][entity]]
    energy = ha["series"]["sensor.washing_machine_energy"]
    run_sum = 0.0
    last_counter = None
    ei = 0
    for h in range(end_hours):
        h0, h1 = start + 3600 * h, start + 3600 * (h + 1)
        for mid, entity in enumerate(STAT_ENTITIES, start=1):
            if entity in measurement:
                ser = measurement[entity]
                # value at h0: the last change before it
                cur = None
                vals = []
                wsum = 0.0
                wdur = 0.0
                for ts, v in ser:
                    if ts <= h0:
                        cur = v
                        continue
                    if ts >= h1:
                        break
                    vals.append((ts, v))
                pts = [(h0, cur)] + vals
                lo_v, hi_v = math.inf, -math.inf
                for i, (ts, v) in enumerate(pts):
                    nxt = pts[i + 1][0] if i + 1 < len(pts) else h1
                    if v is None:
                        continue
                    wsum += v * (nxt - ts)
                    wdur += nxt - ts
                    lo_v, hi_v = min(lo_v, v), max(hi_v, v)
                if wdur == 0:
                    continue
                rows.append((h, mid, wsum / wdur, lo_v, hi_v, None, None))
            else:
                while ei < len(energy) and energy[ei][0] < h1:
                    v = energy[ei][1]
                    if v is not None:
                        if last_counter is not None and h > 0:
                            run_sum += v - last_counter if v >= last_counter else v
                        last_counter = v
                    ei += 1
                rows.append((h, mid, None, None, None, last_counter, round(run_sum, 6)))
    return rows


def _fnv1a_32(data: bytes) -> int:
    h = 0x811C9DC5
    for b in data:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


HA_SCHEMA = """
CREATE TABLE event_types (event_type_id INTEGER NOT NULL, event_type VARCHAR(64), PRIMARY KEY (event_type_id));
CREATE TABLE recorder_runs (run_id INTEGER NOT NULL, start DATETIME NOT NULL, "end" DATETIME,
  closed_incorrect BOOLEAN NOT NULL, created DATETIME NOT NULL, PRIMARY KEY (run_id));
CREATE TABLE schema_changes (change_id INTEGER NOT NULL, schema_version INTEGER, changed DATETIME NOT NULL,
  PRIMARY KEY (change_id));
CREATE TABLE state_attributes (attributes_id INTEGER NOT NULL, hash BIGINT, shared_attrs TEXT,
  PRIMARY KEY (attributes_id));
CREATE TABLE states_meta (metadata_id INTEGER NOT NULL, entity_id VARCHAR(255), PRIMARY KEY (metadata_id));
CREATE TABLE statistics_meta (id INTEGER NOT NULL, statistic_id VARCHAR(255), source VARCHAR(32),
  unit_of_measurement VARCHAR(255), has_mean BOOLEAN, has_sum BOOLEAN, name VARCHAR(255), PRIMARY KEY (id));
CREATE TABLE states (state_id INTEGER NOT NULL, entity_id CHAR(0), state VARCHAR(255), attributes CHAR(0),
  event_id SMALLINT, last_changed CHAR(0), last_changed_ts FLOAT, last_reported_ts FLOAT, last_updated CHAR(0),
  last_updated_ts FLOAT, old_state_id INTEGER, attributes_id INTEGER, context_id CHAR(0), context_user_id CHAR(0),
  context_parent_id CHAR(0), origin_idx SMALLINT, context_id_bin BLOB, context_user_id_bin BLOB,
  context_parent_id_bin BLOB, metadata_id INTEGER, PRIMARY KEY (state_id),
  FOREIGN KEY(old_state_id) REFERENCES states (state_id),
  FOREIGN KEY(attributes_id) REFERENCES state_attributes (attributes_id),
  FOREIGN KEY(metadata_id) REFERENCES states_meta (metadata_id));
CREATE TABLE statistics (id INTEGER NOT NULL, created CHAR(0), created_ts FLOAT, metadata_id INTEGER,
  start CHAR(0), start_ts FLOAT, mean FLOAT, min FLOAT, max FLOAT, last_reset CHAR(0), last_reset_ts FLOAT,
  state FLOAT, sum FLOAT, PRIMARY KEY (id), FOREIGN KEY(metadata_id) REFERENCES statistics_meta (id) ON DELETE CASCADE);
CREATE INDEX ix_states_metadata_id_last_updated_ts ON states (metadata_id, last_updated_ts);
CREATE INDEX ix_states_last_updated_ts ON states (last_updated_ts);
CREATE INDEX ix_states_attributes_id ON states (attributes_id);
CREATE INDEX ix_states_old_state_id ON states (old_state_id);
CREATE UNIQUE INDEX ix_states_meta_entity_id ON states_meta (entity_id);
CREATE INDEX ix_state_attributes_hash ON state_attributes (hash);
CREATE UNIQUE INDEX ix_statistics_statistic_id_start_ts ON statistics (metadata_id, start_ts);
CREATE INDEX ix_statistics_start_ts ON statistics (start_ts);
CREATE UNIQUE INDEX ix_statistics_meta_statistic_id ON statistics_meta (statistic_id);
"""


def _write_ha(t: Truth, d: Path) -> None:
    path = d / HA_FILE
    if path.exists():
        path.unlink()
    rng = _rng("ha-ids")  # context ids only: the recorded values are all in the truth
    rows = window_rows(t.ha)
    con = sqlite3.connect(path)
    try:
        con.executescript(HA_SCHEMA)
        con.execute("INSERT INTO schema_changes VALUES (1, 43, '2024-03-06 19:02:11.482113')")
        con.executemany(
            "INSERT INTO event_types VALUES (?, ?)",
            [(1, "state_changed"), (2, "call_service"), (3, "automation_triggered"), (4, "homeassistant_start")],
        )
        con.executemany(
            "INSERT INTO recorder_runs VALUES (?, ?, ?, 0, ?)",
            [(58, "2025-01-09 07:41:03.117542", None, "2025-01-09 07:41:03.117542")],
        )
        meta_order = [
            "person.jeroen",
            "sensor.outdoor_temperature",
            "climate.living_room",
            "switch.boiler_relay",
            "sensor.living_room_temperature",
            "binary_sensor.front_door",
            "light.kitchen",
            "binary_sensor.hallway_motion",
            "sensor.washing_machine_power",
            "sensor.washing_machine_energy",
        ]
        meta = {e: i for i, e in enumerate(meta_order, start=1)}
        con.executemany("INSERT INTO states_meta VALUES (?, ?)", [(i, e) for e, i in meta.items()])
        all_rows = sorted(((ts, e, s, a, c) for e, rs in rows.items() for ts, s, a, c in rs), key=lambda r: r[0])
        attr_ids: dict[str, int] = {}
        attr_rows = []
        state_rows = []
        last_id: dict[str, int] = {}
        next_attr = 1_204_117
        sid = 28_114_305
        for ts, e, s, a, changed_at in all_rows:
            shared = json.dumps(a, ensure_ascii=False, separators=(",", ":"))
            if shared not in attr_ids:
                next_attr += rng.choice([1, 1, 2, 3])
                attr_ids[shared] = next_attr
                attr_rows.append((attr_ids[shared], _fnv1a_32(shared.encode("utf-8")), shared))
            changed = None if changed_at == ts else changed_at  # not stored when equal to last_updated_ts
            ms = int(ts * 1000)
            ctx = ms.to_bytes(6, "big") + bytes(rng.randrange(256) for _ in range(10))
            state_rows.append(
                (sid, None, s, None, None, None, changed, None, None, ts, last_id.get(e), attr_ids[shared])
                + (None, None, None, 0, ctx, None, None, meta[e])
            )
            last_id[e] = sid
            sid += rng.choice([1, 1, 1, 2, 3, 5])
        con.executemany("INSERT INTO state_attributes VALUES (?, ?, ?)", attr_rows)
        con.executemany(f"INSERT INTO states VALUES ({', '.join('?' * 20)})", state_rows)
        con.executemany(
            "INSERT INTO statistics_meta VALUES (?, ?, 'recorder', ?, ?, ?, NULL)",
            [
                (1, "sensor.outdoor_temperature", "°C", 1, 0),
                (2, "sensor.living_room_temperature", "°C", 1, 0),
                (3, "sensor.washing_machine_energy", "kWh", 0, 1),
            ],
        )
        stat_rows = []
        start = _ts(STAT_START)
        for n, (h, mid, mean, lo, hi, state, total) in enumerate(_hourly_stats(t.ha), start=1):
            h0 = start + 3600 * h
            stat_rows.append(
                (n, None, h0 + 3600 + 10.2 + (h % 7) * 0.013, mid, None, h0, mean, lo, hi, None, None, state, total)
            )
        con.executemany(f"INSERT INTO statistics VALUES ({', '.join('?' * 13)})", stat_rows)
        con.commit()
    finally:
        con.close()


# ==================================================================================================
# World Bank DataBank extract (xlsx)
# ==================================================================================================

YEARS = list(range(2015, 2024))
SERIES = [  # code, name, unit, topic, aggregation
    ("SP.POP.TOTL", "Population, total", "", "Health: Population: Structure", "Sum"),
    (
        "NY.GDP.MKTP.CD",
        "GDP (current US$)",
        "Current US$",
        "Economic Policy & Debt: National accounts",
        "Gap-filled total",
    ),
    (
        "NY.GDP.PCAP.CD",
        "GDP per capita (current US$)",
        "Current US$",
        "Economic Policy & Debt: National accounts",
        "Weighted average",
    ),
    ("SP.DYN.LE00.IN", "Life expectancy at birth, total (years)", "Years", "Health: Mortality", "Weighted average"),
    (
        "EG.ELC.ACCS.ZS",
        "Access to electricity (% of population)",
        "%",
        "Environment: Energy production & use",
        "Weighted average",
    ),
    (
        "IT.NET.USER.ZS",
        "Individuals using the Internet (% of population)",
        "%",
        "Infrastructure: Communications",
        "Weighted average",
    ),
]
# code, name, region, income group, currency, population 2015 (millions), growth %/yr, GDP per capita 2015,
# nominal GDP per capita growth %/yr, life expectancy 2015, electricity access 2015 (%), internet 2015 (%)
# fmt: off
COUNTRIES = [
    ("AFG", "Afghanistan", "South Asia", "Low income", "Afghan afghani", 33.8, 2.6, 566, 0.5, 62.7, 71.5, 8.3),
    ("ARG", "Argentina", "Latin America & Caribbean", "Upper middle income", "Argentine peso", 43.1, 0.9, 13790, 0.0, 76.8, 99.8, 68.0),
    ("AUS", "Australia", "East Asia & Pacific", "High income", "Australian dollar", 23.8, 1.3, 56760, 2.5, 82.4, 100, 84.6),
    ("BGD", "Bangladesh", "South Asia", "Lower middle income", "Bangladeshi taka", 157.8, 1.1, 1248, 7.5, 71.2, 74.4, 14.4),
    ("BFA", "Burkina Faso", "Sub-Saharan Africa", "Low income", "West African CFA franc", 18.7, 2.8, 620, 3.0, 58.8, 19.2, 11.4),
    ("BOL", "Bolivia", "Latin America & Caribbean", "Lower middle income", "Bolivian Boliviano", 11.1, 1.4, 3036, 3.0, 67.5, 90.5, 35.6),
    ("BWA", "Botswana", "Sub-Saharan Africa", "Upper middle income", "Botswana pula", 2.2, 1.7, 6800, 2.5, 63.9, 60.7, 37.3),
    ("BRA", "Brazil", "Latin America & Caribbean", "Upper middle income", "Brazilian real", 204.5, 0.6, 8810, 2.5, 74.9, 99.7, 58.3),
    ("CAN", "Canada", "North America", "High income", "Canadian dollar", 35.7, 1.1, 43600, 3.0, 81.9, 100, 90.0),
    ("TCD", "Chad", "Sub-Saharan Africa", "Low income", "Central African CFA franc", 14.1, 3.1, 770, -1.0, 51.6, 7.7, 3.5),
    ("CHL", "Chile", "Latin America & Caribbean", "High income", "Chilean peso", 17.9, 1.1, 13570, 1.5, 79.6, 99.6, 76.6),
    ("CHN", "China", "East Asia & Pacific", "Upper middle income", "Chinese yuan", 1379.9, 0.3, 8016, 6.5, 76.1, 100, 50.3),
    ("COL", "Colombia", "Latin America & Caribbean", "Upper middle income", "Colombian peso", 47.1, 1.4, 6180, 1.5, 76.4, 97.8, 55.9),
    ("EGY", "Egypt, Arab Rep.", "Middle East & North Africa", "Lower middle income", "Egyptian pound", 97.7, 1.9, 3560, 0.5, 70.3, 99.5, 37.8),
    ("ETH", "Ethiopia", "Sub-Saharan Africa", "Low income", "Ethiopian birr", 100.8, 2.6, 640, 7.0, 64.6, 38.9, 13.9),
    ("FRA", "France", "Europe & Central Asia", "High income", "Euro", 66.5, 0.3, 36650, 2.2, 82.3, 100, 78.0),
    ("DEU", "Germany", "Europe & Central Asia", "High income", "Euro", 81.7, 0.4, 41100, 3.2, 80.6, 100, 87.6),
    ("GHA", "Ghana", "Sub-Saharan Africa", "Lower middle income", "Ghanaian cedi", 27.8, 2.2, 1710, 3.5, 62.4, 78.3, 23.5),
    ("HTI", "Haiti", "Latin America & Caribbean", "Lower middle income", "Haitian gourde", 10.7, 1.3, 1390, 2.5, 62.6, 38.5, 19.7),
    ("IND", "India", "South Asia", "Lower middle income", "Indian rupee", 1322.9, 1.0, 1590, 5.5, 69.6, 88.0, 14.9),
    ("IDN", "Indonesia", "East Asia & Pacific", "Upper middle income", "Indonesian rupiah", 259.1, 1.1, 3320, 4.8, 68.8, 97.5, 22.1),
    ("IRQ", "Iraq", "Middle East & North Africa", "Upper middle income", "Iraqi dinar", 36.0, 2.4, 4690, 3.0, 69.4, 98.2, 17.2),
    ("ITA", "Italy", "Europe & Central Asia", "High income", "Euro", 60.7, -0.2, 30240, 2.5, 82.5, 100, 58.1),
    ("JPN", "Japan", "East Asia & Pacific", "High income", "Japanese yen", 127.1, -0.3, 34960, -0.5, 83.8, 100, 91.1),
    ("KAZ", "Kazakhstan", "Europe & Central Asia", "Upper middle income", "Kazakh tenge", 17.5, 1.3, 10510, 2.0, 72.0, 100, 70.8),
    ("KEN", "Kenya", "Sub-Saharan Africa", "Lower middle income", "Kenyan shilling", 47.9, 2.2, 1465, 4.5, 63.9, 41.6, 16.6),
    ("KOR", "Korea, Rep.", "East Asia & Pacific", "High income", "Korean won", 51.0, 0.2, 28730, 2.3, 82.0, 100, 89.9),
    ("MDG", "Madagascar", "Sub-Saharan Africa", "Low income", "Malagasy ariary", 24.2, 2.6, 467, 2.0, 64.0, 23.8, 4.2),
    ("MWI", "Malawi", "Sub-Saharan Africa", "Low income", "Malawian kwacha", 16.7, 2.6, 480, 2.5, 62.3, 10.8, 5.4),
    ("MLI", "Mali", "Sub-Saharan Africa", "Low income", "West African CFA franc", 17.4, 3.0, 780, 2.5, 58.4, 37.6, 10.3),
    ("MEX", "Mexico", "Latin America & Caribbean", "Upper middle income", "Mexican peso", 121.9, 1.0, 9620, 2.8, 74.9, 99.2, 57.4),
    ("MAR", "Morocco", "Middle East & North Africa", "Lower middle income", "Moroccan dirham", 34.7, 1.2, 2880, 2.6, 73.3, 99.3, 57.1),
    ("MOZ", "Mozambique", "Sub-Saharan Africa", "Low income", "Mozambican metical", 27.0, 2.9, 590, 0.5, 57.6, 24.2, 6.5),
    ("NPL", "Nepal", "South Asia", "Lower middle income", "Nepalese rupee", 27.6, 1.0, 900, 6.5, 68.3, 82.1, 17.6),
    ("NER", "Niger", "Sub-Saharan Africa", "Low income", "West African CFA franc", 20.0, 3.7, 520, 2.0, 60.4, 16.3, 2.5),
    ("NGA", "Nigeria", "Sub-Saharan Africa", "Lower middle income", "Nigerian naira", 183.0, 2.5, 2730, -5.0, 52.7, 52.5, 24.5),
    ("PAK", "Pakistan", "South Asia", "Lower middle income", "Pakistani rupee", 199.4, 2.0, 1420, 2.0, 65.4, 90.4, 10.0),
    ("PER", "Peru", "Latin America & Caribbean", "Upper middle income", "Peruvian sol", 30.5, 1.5, 6180, 3.0, 75.3, 93.9, 40.9),
    ("PHL", "Philippines", "East Asia & Pacific", "Lower middle income", "Philippine peso", 102.1, 1.5, 3000, 3.8, 70.5, 89.1, 36.9),
    ("POL", "Poland", "Europe & Central Asia", "High income", "Polish zloty", 38.0, -0.1, 12570, 6.0, 77.5, 100, 68.0),
    ("RWA", "Rwanda", "Sub-Saharan Africa", "Low income", "Rwandan franc", 11.4, 2.4, 750, 2.5, 67.1, 22.8, 18.0),
    ("SAU", "Saudi Arabia", "Middle East & North Africa", "High income", "Saudi Arabian riyal", 31.7, 1.6, 20630, 2.6, 76.9, 100, 69.6),
    ("SEN", "Senegal", "Sub-Saharan Africa", "Lower middle income", "West African CFA franc", 14.6, 2.6, 1220, 3.5, 66.8, 60.5, 21.7),
    ("ZAF", "South Africa", "Sub-Saharan Africa", "Upper middle income", "South African rand", 55.9, 1.3, 6200, -1.0, 62.6, 85.5, 51.9),
    ("LKA", "Sri Lanka", "South Asia", "Lower middle income", "Sri Lankan rupee", 20.9, 0.5, 3840, -1.5, 76.2, 96.4, 23.7),
    ("TZA", "Tanzania", "Sub-Saharan Africa", "Lower middle income", "Tanzanian shilling", 52.5, 3.0, 990, 3.5, 64.4, 26.0, 10.0),
    ("THA", "Thailand", "East Asia & Pacific", "Upper middle income", "Thai baht", 68.7, 0.2, 5840, 3.0, 77.2, 100, 39.3),
    ("TUR", "Turkiye", "Europe & Central Asia", "Upper middle income", "Turkish lira", 78.5, 1.2, 11000, 1.0, 77.5, 100, 53.7),
    ("UGA", "Uganda", "Sub-Saharan Africa", "Low income", "Ugandan shilling", 38.2, 3.2, 790, 4.0, 61.9, 18.5, 8.1),
    ("UKR", "Ukraine", "Europe & Central Asia", "Lower middle income", "Ukrainian hryvnia", 45.2, -0.5, 2120, 5.0, 71.2, 100, 48.9),
    ("GBR", "United Kingdom", "Europe & Central Asia", "High income", "Pound sterling", 65.1, 0.6, 45070, 0.8, 81.0, 100, 92.0),
    ("USA", "United States", "North America", "High income", "U.S. dollar", 320.7, 0.6, 56850, 4.3, 78.7, 100, 74.6),
    ("VNM", "Viet Nam", "East Asia & Pacific", "Lower middle income", "Vietnamese dong", 92.2, 0.9, 2600, 6.5, 73.3, 98.9, 45.0),
    ("ZMB", "Zambia", "Sub-Saharan Africa", "Lower middle income", "Zambian kwacha", 16.2, 2.9, 1340, -0.5, 61.8, 31.1, 8.5),
]
# fmt: on
# code, name, special note, population 2015 (millions), growth, GDP 2015 (US$ bn), nominal growth %, LE, elec, internet
# fmt: off
AGGREGATES = [
    ("EAS", "East Asia & Pacific", "East Asia and Pacific regional aggregate (includes high-income economies).", 2280, 0.5, 22480, 4.6, 75.6, 96.5, 50.1),
    ("ECS", "Europe & Central Asia", "Europe and Central Asia regional aggregate (including high-income economies).", 912, 0.3, 20950, 3.0, 77.6, 100, 72.9),
    ("EUU", "European Union", "European Union aggregate.", 444, 0.1, 13550, 3.1, 80.9, 100, 76.9),
    ("HIC", "High income", "High income group aggregate.", 1212, 0.4, 49410, 3.0, 80.6, 100, 82.6),
    ("LCN", "Latin America & Caribbean", "Latin America and the Caribbean aggregate.", 630, 0.9, 5460, 2.7, 75.1, 97.1, 56.4),
    ("LIC", "Low income", "Low income group aggregate.", 623, 2.7, 430, 2.0, 62.1, 40.1, 10.3),
    ("LMC", "Lower middle income", "Lower middle income group aggregate.", 2880, 1.5, 6580, 5.0, 67.9, 85.2, 22.8),
    ("MEA", "Middle East & North Africa", "Middle East and North Africa regional aggregate.", 440, 1.8, 3290, 2.0, 73.1, 96.1, 47.5),
    ("NAC", "North America", "North America aggregate.", 356, 0.7, 19770, 4.2, 79.0, 100, 76.1),
    ("SAS", "South Asia", "South Asia regional aggregate.", 1770, 1.2, 2820, 5.5, 68.9, 85.6, 14.8),
    ("SSF", "Sub-Saharan Africa", "Sub-Saharan Africa regional aggregate.", 1010, 2.6, 1670, 1.5, 60.6, 40.9, 18.6),
    ("UMC", "Upper middle income", "Upper middle income group aggregate.", 2640, 0.5, 21400, 4.5, 75.3, 98.1, 51.0),
    ("WLD", "World", "World aggregate.", 7430, 1.0, 75000, 4.0, 72.0, 88.3, 40.9),
]
# fmt: on
COVID_YEARS = {2020: -6.0, 2021: 2.0}  # nominal GDP shocks, percentage points


def _build_wb(rng: random.Random) -> dict:
    values: dict[tuple[str, str, int], float | None] = {}
    economies = []

    def fill(code, pop0, gpop, gdp0_usd, ggdp, le0, el0, net0, hic, lic):
        pop = pop0 * 1e6
        gdp = gdp0_usd
        le = le0
        el = el0
        net = net0
        le_trend = rng.uniform(0.12, 0.32) if not hic else rng.uniform(0.05, 0.18)
        el_trend = 0.0 if el0 >= 99.95 else rng.uniform(0.4, 2.4) * (1.4 if lic else 1.0)
        net_trend = rng.uniform(2.0, 5.0) * (0.6 if net0 > 80 else 1.0)
        for y in YEARS:
            if y > 2015:
                pop *= 1 + (gpop + rng.gauss(0, 0.12)) / 100
                gdp *= 1 + (ggdp + COVID_YEARS.get(y, 0) + rng.gauss(0, 4.0)) / 100
                le += (
                    le_trend
                    + rng.gauss(0, 0.08)
                    + (-0.9 if y == 2020 else -0.5 if y == 2021 else 0.9 if y == 2022 else 0)
                )
                el = min(100.0, el + el_trend + rng.gauss(0, 0.5))
                net = min(97.0, net + net_trend + rng.gauss(0, 1.2))
            values[(code, "SP.POP.TOTL", y)] = float(int(round(pop)))
            values[(code, "NY.GDP.MKTP.CD", y)] = round(gdp, 3)
            values[(code, "NY.GDP.PCAP.CD", y)] = gdp / int(round(pop))
            values[(code, "SP.DYN.LE00.IN", y)] = round(le, 3) if y < 2023 else None
            values[(code, "EG.ELC.ACCS.ZS", y)] = (100.0 if el >= 99.95 else round(el, 1)) if y < 2023 else None
            values[(code, "IT.NET.USER.ZS", y)] = round(net, 1)

    for c in COUNTRIES:
        code, name, region, income, currency, pop0, gpop, gdppc0, ggdp, le0, el0, net0 = c
        fill(
            code, pop0, gpop, gdppc0 * pop0 * 1e6, ggdp, le0, el0, net0, income == "High income", income == "Low income"
        )
        economies.append({"code": code, "name": name, "region": region, "income": income, "currency": currency})
    for a in AGGREGATES:
        code, name, note, pop0, gpop, gdp0, ggdp, le0, el0, net0 = a
        fill(code, pop0, gpop, gdp0 * 1e9, ggdp, le0, el0, net0, code == "HIC", code == "LIC")
        economies.append({"code": code, "name": name, "region": None, "income": None, "note": note})
    # the gaps of a real extract: late reporters, surveys not every year
    countries = [c[0] for c in COUNTRIES]
    for code in rng.sample([c[0] for c in COUNTRIES if c[3] != "High income"], 6):
        values[(code, "EG.ELC.ACCS.ZS", 2022)] = None
    values[("AFG", "EG.ELC.ACCS.ZS", 2021)] = None
    values[("AFG", "EG.ELC.ACCS.ZS", 2022)] = None
    for code in countries:
        for y in YEARS:
            if rng.random() < 0.06:
                values[(code, "IT.NET.USER.ZS", y)] = None
        if rng.random() < 0.45:
            values[(code, "IT.NET.USER.ZS", 2023)] = None
    for code in rng.sample(countries, 3):
        values[(code, "NY.GDP.MKTP.CD", 2023)] = None
        values[(code, "NY.GDP.PCAP.CD", 2023)] = None
    values[("AFG", "NY.GDP.MKTP.CD", 2022)] = None
    values[("AFG", "NY.GDP.PCAP.CD", 2022)] = None
    return {"economies": economies, "values": values, "countries": countries}


def _col(n: int) -> str:
    s = ""
    n += 1
    while n:
        n, r = divmod(n - 1, 26)
        s = chr(65 + r) + s
    return s


def _xlsx(sheets: list[tuple[str, list[list]]]) -> bytes:
    """A minimal Office Open XML workbook (shared strings, numbers as written) with fixed timestamps."""
    strings: dict[str, int] = {}
    sheet_xml = []
    for _, rows in sheets:
        out = []
        for r, row in enumerate(rows, start=1):
            if row is None:
                continue
            cells = []
            for c, v in enumerate(row):
                if v is None or v == "":
                    continue
                ref = f"{_col(c)}{r}"
                if isinstance(v, str):
                    idx = strings.setdefault(v, len(strings))
                    cells.append(f'<c r="{ref}" t="s"><v>{idx}</v></c>')
                else:
                    cells.append(f'<c r="{ref}"><v>{repr(float(v)) if not float(v).is_integer() else int(v)}</v></c>')
            out.append(f'<row r="{r}">{"".join(cells)}</row>')
        sheet_xml.append(
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
            f"<sheetData>{''.join(out)}</sheetData></worksheet>"
        )
    n_total = sum(1 for _, rows in sheets for row in rows if row for v in row if isinstance(v, str) and v != "")
    sst = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="{n_total}" '
        f'uniqueCount="{len(strings)}">' + "".join(f"<si><t>{escape(s)}</t></si>" for s in strings) + "</sst>"
    )
    ns_r = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    workbook = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="{ns_r}"><sheets>'
        + "".join(
            f'<sheet name="{escape(name)}" sheetId="{i}" r:id="rId{i}"/>' for i, (name, _) in enumerate(sheets, start=1)
        )
        + "</sheets></workbook>"
    )
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    wb_rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        + "".join(
            f'<Relationship Id="rId{i}" Type="{rel}/worksheet" Target="worksheets/sheet{i}.xml"/>'
            for i in range(1, len(sheets) + 1)
        )
        + f'<Relationship Id="rId{len(sheets) + 1}" Type="{rel}/styles" Target="styles.xml"/>'
        + f'<Relationship Id="rId{len(sheets) + 2}" Type="{rel}/sharedStrings" Target="sharedStrings.xml"/>'
        + "</Relationships>"
    )
    root_rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/'
        'core-properties" Target="docProps/core.xml"/>'
        f'<Relationship Id="rId3" Type="{rel}/extended-properties" Target="docProps/app.xml"/>'
        "</Relationships>"
    )
    styles = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/>'
        "</fill></fills>"
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
        "</styleSheet>"
    )
    main = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    types = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{main}.sheet.main+xml"/>'
        + "".join(
            f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="{main}.worksheet+xml"/>'
            for i in range(1, len(sheets) + 1)
        )
        + f'<Override PartName="/xl/styles.xml" ContentType="{main}.styles+xml"/>'
        f'<Override PartName="/xl/sharedStrings.xml" ContentType="{main}.sharedStrings+xml"/>'
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
        '<Override PartName="/docProps/app.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>'
        "</Types>"
    )
    core = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
        "<dc:creator>DataBank</dc:creator>"
        '<dcterms:created xsi:type="dcterms:W3CDTF">2024-09-18T14:06:51Z</dcterms:created>'
        '<dcterms:modified xsi:type="dcterms:W3CDTF">2024-09-18T14:06:51Z</dcterms:modified>'
        "</cp:coreProperties>"
    )
    app = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">'
        "<Application>Microsoft Excel</Application></Properties>"
    )
    parts = [
        ("[Content_Types].xml", types),
        ("_rels/.rels", root_rels),
        ("docProps/core.xml", core),
        ("docProps/app.xml", app),
        ("xl/workbook.xml", workbook),
        ("xl/_rels/workbook.xml.rels", wb_rels),
        ("xl/styles.xml", styles),
        ("xl/sharedStrings.xml", sst),
    ] + [(f"xl/worksheets/sheet{i}.xml", x) for i, x in enumerate(sheet_xml, start=1)]
    import io

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in parts:
            info = zipfile.ZipInfo(name, date_time=(2024, 9, 18, 14, 6, 50))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, text.encode("utf-8"))
    return buf.getvalue()


def _write_wb(t: Truth, d: Path) -> None:
    wb = t.wb
    header = ["Country Name", "Country Code", "Series Name", "Series Code"] + [f"{y} [YR{y}]" for y in YEARS]
    data_rows: list = [header]
    for e in wb["economies"]:
        for code, name, *_ in SERIES:
            row = [e["name"], e["code"], name, code]
            for y in YEARS:
                v = wb["values"][(e["code"], code, y)]
                row.append(".." if v is None else v)
            data_rows.append(row)
    data_rows += [None, None, ["Data from database: World Development Indicators"], ["Last Updated: 09/16/2024"]]
    cmeta: list = [
        [
            "Code",
            "Long Name",
            "Income Group",
            "Region",
            "Lending category",
            "Other groups",
            "Currency Unit",
            "Special Notes",
            "Table Name",
            "Short Name",
        ]
    ]
    lending = {"High income": "", "Upper middle income": "IBRD", "Lower middle income": "IBRD", "Low income": "IDA"}
    for e in sorted(wb["economies"], key=lambda e: e["code"]):
        if e["region"]:
            long_name = {
                "EGY": "Arab Republic of Egypt",
                "KOR": "Republic of Korea",
                "VNM": "Socialist Republic of Vietnam",
                "TUR": "Republic of Türkiye",
                "GBR": "United Kingdom of Great Britain and Northern Ireland",
                "USA": "United States of America",
            }.get(e["code"], e["name"])
            other = "Euro area" if e["currency"] == "Euro" else ""
            cmeta.append(
                [
                    e["code"],
                    long_name,
                    e["income"],
                    e["region"],
                    lending[e["income"]],
                    other,
                    e["currency"],
                    "",
                    e["name"],
                    e["name"],
                ]
            )
        else:
            cmeta.append([e["code"], e["name"], "", "", "", "", "", e["note"], e["name"], e["name"]])
    smeta: list = [
        ["Code", "Indicator Name", "Unit of measure", "Periodicity", "Aggregation method", "Topic", "Source"]
    ]
    for code, name, unit, topic, agg in SERIES:
        smeta.append([code, name, unit, "Annual", agg, topic, "World Bank staff estimates based on national sources."])
    (d / WB_FILE).write_bytes(_xlsx([("Data", data_rows), ("Country - Metadata", cmeta), ("Series - Metadata", smeta)]))


# ==================================================================================================
# FAA Releasable Aircraft Database (MASTER.txt, ACFTREF.txt)
# ==================================================================================================

FAA_DATE = date(2025, 3, 10)
# code, MFR, MODEL, type aircraft, type engine, category, build cert, engines, seats, weight class, speed,
# TC data sheet, TC holder, weight in the registry sample
# fmt: off
MODELS = [
    ("2072738", "CESSNA", "172S", "4", "1", 1, 0, 1, 4, "CLASS 1", 0, "3A12", "TEXTRON AVIATION INC", 120),
    ("2072734", "CESSNA", "172N", "4", "1", 1, 0, 1, 4, "CLASS 1", 0, "3A12", "TEXTRON AVIATION INC", 70),
    ("2072732", "CESSNA", "172M", "4", "1", 1, 0, 1, 4, "CLASS 1", 0, "3A12", "TEXTRON AVIATION INC", 55),
    ("2073608", "CESSNA", "182T", "4", "1", 1, 0, 1, 4, "CLASS 1", 0, "3A13", "TEXTRON AVIATION INC", 45),
    ("2071514", "CESSNA", "150M", "4", "1", 1, 0, 1, 2, "CLASS 1", 0, "3A19", "TEXTRON AVIATION INC", 40),
    ("2074807", "CESSNA", "208B", "4", "2", 1, 0, 1, 14, "CLASS 2", 0, "A37CE", "TEXTRON AVIATION INC", 16),
    ("2075812", "CESSNA", "402C", "5", "1", 1, 0, 2, 10, "CLASS 2", 0, "A7CE", "TEXTRON AVIATION INC", 4),
    ("2076722", "CESSNA", "525", "5", "5", 1, 0, 2, 7, "CLASS 2", 0, "A1WI", "TEXTRON AVIATION INC", 12),
    ("7102818", "PIPER", "PA-28-181", "4", "1", 1, 0, 1, 4, "CLASS 1", 0, "2A13", "PIPER AIRCRAFT INC", 85),
    ("7102810", "PIPER", "PA-28-161", "4", "1", 1, 0, 1, 4, "CLASS 1", 0, "2A13", "PIPER AIRCRAFT INC", 60),
    ("7102405", "PIPER", "PA-18-150", "4", "1", 1, 0, 1, 2, "CLASS 1", 0, "1A2", "PIPER AIRCRAFT INC", 30),
    ("7103406", "PIPER", "PA-34-200T", "5", "1", 1, 0, 2, 6, "CLASS 1", 0, "A7SO", "PIPER AIRCRAFT INC", 14),
    ("7103211", "PIPER", "PA-32R-301", "4", "1", 1, 0, 1, 6, "CLASS 1", 0, "A3SO", "PIPER AIRCRAFT INC", 18),
    ("1152020", "BEECH", "A36", "4", "1", 1, 0, 1, 6, "CLASS 1", 0, "3A15", "TEXTRON AVIATION INC", 35),
    ("1150158", "BEECH", "58", "5", "1", 1, 0, 2, 6, "CLASS 1", 0, "3A16", "TEXTRON AVIATION INC", 18),
    ("1151562", "BEECH", "C90GTI", "5", "2", 1, 0, 2, 8, "CLASS 2", 0, "3A20", "TEXTRON AVIATION INC", 8),
    ("1151760", "BEECH", "B300", "5", "2", 1, 0, 2, 11, "CLASS 2", 0, "A24CE", "TEXTRON AVIATION INC", 5),
    ("2890029", "CIRRUS DESIGN CORP", "SR22", "4", "1", 1, 0, 1, 5, "CLASS 1", 0, "A00009CH", "CIRRUS DESIGN CORP", 62),
    ("2890027", "CIRRUS DESIGN CORP", "SR20", "4", "1", 1, 0, 1, 4, "CLASS 1", 0, "A00009CH", "CIRRUS DESIGN CORP", 25),
    ("2890037", "CIRRUS DESIGN CORP", "SF50", "4", "5", 1, 0, 1, 7, "CLASS 2", 0, "A000107CE", "CIRRUS DESIGN CORP", 6),
    ("0561007", "AERONCA", "7AC", "4", "1", 1, 0, 1, 2, "CLASS 1", 0, "A-759", "AMERICAN CHAMPION AIRCRAFT CORP", 22),
    ("0562413", "AMERICAN CHAMPION AIRCRAFT", "8KCAB", "4", "1", 1, 0, 1, 2, "CLASS 1", 0, "A21CE", "AMERICAN CHAMPION AIRCRAFT CORP", 9),
    ("0560920", "AVIAT AIRCRAFT INC", "A-1C-180", "4", "1", 1, 0, 1, 2, "CLASS 1", 0, "A-759", "AVIAT AIRCRAFT INC", 10),
    ("0540103", "AIR TRACTOR INC", "AT-802A", "4", "2", 1, 0, 1, 1, "CLASS 2", 0, "A19SW", "AIR TRACTOR INC", 7),
    ("7460018", "ROBINSON HELICOPTER", "R44 II", "6", "1", 1, 0, 1, 4, "CLASS 1", 0, "H11NM", "ROBINSON HELICOPTER CO", 30),
    ("7460002", "ROBINSON HELICOPTER", "R22 BETA", "6", "1", 1, 0, 1, 2, "CLASS 1", 0, "H10WE", "ROBINSON HELICOPTER CO", 18),
    ("7460044", "ROBINSON HELICOPTER", "R66", "6", "3", 1, 0, 1, 5, "CLASS 1", 0, "R00015LA", "ROBINSON HELICOPTER CO", 10),
    ("1220043", "BELL", "206B", "6", "3", 1, 0, 1, 5, "CLASS 1", 0, "4H12", "BELL TEXTRON INC", 12),
    ("0890035", "AIRBUS HELICOPTERS INC", "AS350B3", "6", "3", 1, 0, 1, 6, "CLASS 1", 0, "H9EU", "AIRBUS HELICOPTERS", 11),
    ("0220007", "AUTOGYRO GMBH", "CAVALON", "9", "1", 1, 2, 1, 2, "CLASS 1", 0, "", "", 3),
    ("8230007", "SCHWEIZER", "SGS 2-33A", "1", "0", 1, 0, 0, 2, "CLASS 1", 0, "G16EA", "K AND L SOARING LLC", 8),
    ("1390304", "CAMERON BALLOONS", "Z-105", "2", "0", 1, 0, 0, 5, "CLASS 1", 0, "B00001NE", "CAMERON BALLOONS US", 6),
    ("3370007", "TECNAM COSTRUZIONI AERONAUTICHE", "P2012", "5", "1", 1, 0, 2, 11, "CLASS 2", 0, "A00094CE", "COSTRUZIONI AERONAUTICHE TECNAM", 2),
    ("1384622", "BOEING", "737-8", "5", "5", 1, 0, 2, 189, "CLASS 3", 0, "A16WE", "THE BOEING COMPANY", 2),
    ("1384412", "BOEING", "737-800", "5", "5", 1, 0, 2, 189, "CLASS 3", 0, "A16WE", "THE BOEING COMPANY", 2),
    ("0309412", "AIRBUS", "A321-231", "5", "5", 1, 0, 2, 220, "CLASS 3", 0, "A28NM", "AIRBUS SAS", 2),
    ("1560010", "EMBRAER", "ERJ 170-200 LR", "5", "5", 1, 0, 2, 88, "CLASS 3", 0, "A56NM", "EMBRAER S A", 2),
    ("5330018", "ICON AIRCRAFT INC", "A5", "4", "1", 3, 2, 1, 2, "CLASS 1", 0, "", "", 4),
]
# fmt: on
KITS = [("VANS AIRCRAFT", "RV-7A"), ("VANS AIRCRAFT", "RV-10"), ("VANS AIRCRAFT", "RV-14"), ("KITFOX", "KITFOX S7")]
KITS += [("LANCAIR", "LEGACY"), ("ZENITH AIRCRAFT", "CH 750"), ("GLASAIR AVIATION", "SPORTSMAN 2+2")]

# fmt: off
PLACES = [  # city, state, its 5-digit ZIP codes, region code, county code, weight in the registry sample
    ("ANCHORAGE", "AK", "99502 99507 99515 99516 99517 99501 99504", "5", "020", 26),
    ("FAIRBANKS", "AK", "99709 99712 99701", "5", "090", 11),
    ("WASILLA", "AK", "99654 99623", "5", "170", 12),
    ("SOLDOTNA", "AK", "99669", "5", "122", 5),
    ("HOUSTON", "TX", "77058 77062 77079 77024 77043 77094", "2", "201", 30),
    ("DALLAS", "TX", "75248 75230 75225 75214 75287", "2", "113", 26),
    ("SAN ANTONIO", "TX", "78216 78209 78232 78258", "2", "029", 18),
    ("AUSTIN", "TX", "78719 78746 78731 78759", "2", "453", 14),
    ("SCOTTSDALE", "AZ", "85260 85255 85258 85262", "4", "013", 22),
    ("PRESCOTT", "AZ", "86301 86305", "4", "025", 10),
    ("VAN NUYS", "CA", "91406 91411 91405", "4", "037", 24),
    ("SAN DIEGO", "CA", "92123 92130 92106 92127", "4", "073", 18),
    ("SANTA ROSA", "CA", "95403 95404", "4", "097", 9),
    ("FORT LAUDERDALE", "FL", "33309 33301 33308 33312", "7", "011", 22),
    ("ORLANDO", "FL", "32827 32803 32819 32835", "7", "095", 17),
    ("NAPLES", "FL", "34104 34102 34108", "7", "021", 14),
    ("CENTENNIAL", "CO", "80112 80122 80016", "S", "005", 15),
    ("ATLANTA", "GA", "30354 30305 30327", "7", "121", 12),
    ("SEATTLE", "WA", "98108 98199 98103", "S", "033", 14),
    ("BOISE", "ID", "83705 83706 83714", "S", "001", 9),
    ("BILLINGS", "MT", "59105 59106", "S", "111", 7),
    ("OSHKOSH", "WI", "54902 54904", "C", "139", 10),
    ("WICHITA", "KS", "67209 67226 67212", "3", "173", 12),
    ("BEDFORD", "MA", "01730", "E", "017", 12),
    ("NASHUA", "NH", "03063 03062 03060", "E", "011", 10),
    ("PORTLAND", "ME", "04102 04103", "E", "005", 9),
    ("BURLINGTON", "VT", "05401 05403", "E", "007", 6),
    ("WINDSOR LOCKS", "CT", "06096", "E", "003", 8),
    ("TETERBORO", "NJ", "07608", "1", "003", 10),
    ("HYANNIS", "MA", "02601", "E", "001", 8),
    ("WILMINGTON", "DE", "19801", "1", "003", 0),
    ("SALT LAKE CITY", "UT", "84111", "S", "035", 0),
    ("SALT LAKE CITY", "UT", "84116 84117 84108", "S", "035", 8),
    ("OGDEN", "UT", "84405 84403", "S", "057", 5),
]
# fmt: on
SURNAMES = (
    "SMITH JOHNSON WILLIAMS BROWN JONES MILLER DAVIS GARCIA RODRIGUEZ WILSON MARTINEZ ANDERSON TAYLOR THOMAS "
    "HERNANDEZ MOORE MARTIN JACKSON THOMPSON WHITE LOPEZ LEE GONZALEZ HARRIS CLARK LEWIS ROBINSON WALKER PEREZ "
    "HALL YOUNG ALLEN SANCHEZ WRIGHT KING SCOTT GREEN BAKER ADAMS NELSON HILL RAMIREZ CAMPBELL MITCHELL ROBERTS "
    "CARTER PHILLIPS EVANS TURNER TORRES PARKER COLLINS EDWARDS STEWART MORRIS NGUYEN MURPHY RIVERA COOK ROGERS "
    "PETERSON OLSON LARSON JENSEN BECKER SCHMIDT KOWALSKI NOVAK IVANOV OKAFOR NAKAMURA PATEL SHAH CHEN WANG"
).split()
GIVEN = (
    "JAMES ROBERT MICHAEL WILLIAM DAVID RICHARD JOSEPH THOMAS CHARLES DANIEL MATTHEW ANTHONY MARK STEVEN PAUL "
    "ANDREW JOSHUA KENNETH KEVIN BRIAN GEORGE TIMOTHY MARY PATRICIA JENNIFER LINDA ELIZABETH BARBARA SUSAN JESSICA "
    "SARAH KAREN LISA NANCY BETTY MARGARET SANDRA ASHLEY EMILY DONNA MICHELLE CAROL AMANDA MELISSA DEBORAH"
).split()
COMPANY_WORDS = (
    "BLUE SKY EAGLE FALCON SUMMIT CREST NORTHERN LIGHTS TAILWIND CROSSWIND RIDGE VALLEY PRAIRIE COASTAL".split()
)
COOWNER = "OKAFOR DANIEL C"  # appears as a registrant alone and as a co-owner
TRUSTS = [
    ("WILMINGTON TRUST CO TRUSTEE", "1100 N MARKET ST", "WILMINGTON", "DE", "19890", "1", "003"),
    ("WELLS FARGO TRUST CO NA TRUSTEE", "299 S MAIN ST", "SALT LAKE CITY", "UT", "84111", "S", "035"),
    ("BANK OF UTAH TRUSTEE", "200 E SOUTH TEMPLE STE 210", "SALT LAKE CITY", "UT", "84111", "S", "035"),
    ("UMB BANK NA TRUSTEE", "1011 CENTRE RD STE 300", "WILMINGTON", "DE", "19805", "1", "003"),
    ("DELAWARE TRUST CO TRUSTEE", "251 LITTLE FALLS DR", "WILMINGTON", "DE", "19808", "1", "003"),
]
STREETS = "MAIN ST|AIRPORT RD|HANGAR LN|RUNWAY DR|OAK AVE|PINE ST|LAKESHORE DR|FLIGHTLINE BLVD|PO BOX".split("|")
LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def _n_number(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.35:
        return str(rng.randint(100, 99999))
    if kind < 0.7:
        return f"{rng.randint(1, 9999)}{rng.choice(LETTERS)}"
    return f"{rng.randint(1, 999)}{rng.choice(LETTERS)}{rng.choice(LETTERS)}"


def _person(rng: random.Random) -> str:
    return f"{rng.choice(SURNAMES)} {rng.choice(GIVEN)} {rng.choice(LETTERS)}"


def _build_faa(rng: random.Random) -> dict:
    models = [
        dict(
            zip(
                [
                    "code",
                    "mfr",
                    "model",
                    "type_acft",
                    "type_eng",
                    "cat",
                    "build",
                    "n_eng",
                    "seats",
                    "weight",
                    "speed",
                    "tc",
                    "holder",
                    "w",
                ],
                m,
            )
        )
        for m in MODELS
    ]
    homebuilt_models = []
    aircraft = []
    used_n: set[str] = set()
    used_hex: set[int] = set()
    used_uid: set[int] = set()

    def new_n() -> str:
        while True:
            n = _n_number(rng)
            if n not in used_n and len(n) <= 5:
                used_n.add(n)
                return n

    def new_hex(n: str) -> int:
        while True:
            h = rng.randint(0xA00001, 0xADF7C7)
            if h not in used_hex:
                used_hex.add(h)
                return h

    def zip_of(z5: str) -> str:
        return z5 + f"{rng.randint(1000, 9999)}" if rng.random() < 0.62 else z5

    def registrant(kind: str) -> dict:
        place = rng.choices(PLACES, [p[5] for p in PLACES])[0]
        city, state, zips, region, county, _w = place
        z5 = rng.choice(zips.split())
        street = rng.choice(STREETS)
        street = f"PO BOX {rng.randint(10, 9999)}" if street == "PO BOX" else f"{rng.randint(1, 29999)} {street}"
        if kind == "1":
            name, others = _person(rng), []
        elif kind == "4":
            name, others = _person(rng), [_person(rng) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
        elif kind == "7":
            name, others = (
                f"{rng.choice(COMPANY_WORDS)} {rng.choice(COMPANY_WORDS)} {rng.choice(['AVIATION', 'AIR', 'HOLDINGS', 'FLYERS'])} LLC",
                [],
            )
        elif kind == "3":
            name, others = (
                f"{rng.choice(COMPANY_WORDS)} {rng.choice(['AIR SERVICE', 'AVIATION', 'FLIGHT TRAINING', 'AIR CHARTER'])} INC",
                [],
            )
        elif kind == "2":
            name, others = f"{rng.choice(SURNAMES)} & {rng.choice(SURNAMES)} PARTNERSHIP", []
        else:  # 5 government
            name, others = f"{state} DEPARTMENT OF PUBLIC SAFETY", []
        return {
            "name": name,
            "others": others,
            "street": street,
            "street2": "",
            "city": city,
            "state": state,
            "zip": zip_of(z5),
            "region": region,
            "county": county,
        }

    def add(model: dict, reg: dict, kind: str, **kw) -> dict:
        year = rng.randint(1946, 2024)
        if model["model"] in ("172S", "SR22", "SR20", "R66", "SF50", "737-8", "P2012", "A5"):
            year = rng.randint(2001 if model["model"] in ("172S", "SR22", "SR20") else 2012, 2024)
        if model["model"] in ("172M", "150M", "7AC", "PA-18-150", "SGS 2-33A"):
            year = rng.randint(1946 if model["model"] in ("7AC", "PA-18-150") else 1967, 1979)
        cert_issue = date(rng.randint(max(year, 1995), 2024), rng.randint(1, 12), rng.randint(1, 28))
        expiry = date(cert_issue.year + 7, cert_issue.month, 28 if cert_issue.month == 2 else 30)
        while expiry < FAA_DATE:
            expiry = date(expiry.year + 7, expiry.month, expiry.day)
        status = rng.choices(["V", "V", "R", "M", "D", "27", "14", "T"], [80, 10, 3, 1, 1, 2, 2, 1])[0]
        if model["build"] == 1:
            cert = "42"
        elif model["build"] == 2:
            cert = "9A"
        elif model["type_acft"] == "1":
            cert = "1G"
        elif model["type_acft"] == "2":
            cert = "1B"
        elif model["seats"] > 50:
            cert = "1T"
        elif model["model"] == "AT-802A":
            cert = "31"
        else:
            cert = rng.choice(["1N", "1N", "1NU", "1U"]) if model["type_acft"] == "4" else "1N"
        uid = rng.randint(100000, 1999999)
        while uid in used_uid:
            uid += 1
        used_uid.add(uid)
        n = kw.get("n") or new_n()
        hexcode = new_hex(n)
        a = {
            "n": n,
            "serial": kw.get("serial") or f"{rng.choice(['', '', '172', '28-', 'RK-'])}{rng.randint(1000, 99999)}",
            "model": model,
            "eng": "" if model["type_eng"] == "0" else f"{rng.randint(10000, 67999)}",
            "year": "" if rng.random() < 0.03 else str(year),
            "type_registrant": kind,
            **reg,
            "country": "US",
            "last_action": date(rng.randint(2019, 2025), rng.randint(1, 12), rng.randint(1, 28)),
            "cert_issue": cert_issue,
            "cert": cert,
            "status": status,
            "hex": hexcode,
            "fract": "Y" if rng.random() < 0.01 else "",
            "air_worth": date(year if year > 1990 else rng.randint(1990, 2010), rng.randint(1, 12), rng.randint(1, 28)),
            "expiry": expiry,
            "uid": uid,
            "kit": kw.get("kit", ("", "")),
        }
        if a["last_action"] > FAA_DATE:
            a["last_action"] = FAA_DATE - timedelta(days=rng.randint(1, 60))
        aircraft.append(a)
        return a

    weights = [m["w"] for m in models if m["w"] > 2]
    common = [m for m in models if m["w"] > 2]
    for _ in range(1900):
        kind = rng.choices(["1", "4", "7", "3", "2", "5"], [56, 9, 22, 9, 2, 2])[0]
        add(rng.choices(common, weights)[0], registrant(kind), kind)
    # amateur-built aircraft: the reference file names the builder as the manufacturer
    for _i in range(90):
        kit = rng.choice(KITS)
        builder = _person(rng)
        code = f"05{rng.randint(600, 699)}{rng.choice(LETTERS)}{rng.choice(LETTERS)}"
        while any(m["code"] == code for m in models + homebuilt_models):
            code = f"05{rng.randint(600, 699)}{rng.choice(LETTERS)}{rng.choice(LETTERS)}"
        m = {
            "code": code,
            "mfr": builder,
            "model": kit[1],
            "type_acft": "4",
            "type_eng": "1",
            "cat": 1,
            "build": 1,
            "n_eng": 1,
            "seats": 4 if kit[1] in ("RV-10", "LEGACY", "SPORTSMAN 2+2") else 2,
            "weight": "CLASS 1",
            "speed": 0,
            "tc": "",
            "holder": "",
            "w": 0,
        }
        homebuilt_models.append(m)
        reg = registrant("1")
        reg["name"] = builder
        add(m, reg, "1", kit=kit)
    # an air-taxi operator on Cape Cod with its fleet at one address
    cape = {
        "name": "HYANNIS AIR SERVICE INC",
        "others": [],
        "street": "660 BARNSTABLE RD",
        "street2": "",
        "city": "HYANNIS",
        "state": "MA",
        "region": "E",
        "county": "001",
    }
    by_model = {m["model"]: m for m in models}
    for mname, k in (("402C", 22), ("P2012", 19), ("208B", 3)):
        for _ in range(k):
            add(
                by_model[mname],
                {**cape, "zip": "02601" if rng.random() < 0.45 else f"02601{rng.choice(['3015', '3020'])}"},
                "3",
            )
    # airliners held in trust (owner trusts in Wilmington and Salt Lake City)
    for mname, k in (("737-8", 9), ("737-800", 11), ("A321-231", 8), ("ERJ 170-200 LR", 12)):
        for _ in range(k):
            name, street, city, state, z5, region, county = rng.choice(TRUSTS)
            reg = {
                "name": name,
                "others": [],
                "street": street,
                "street2": "",
                "city": city,
                "state": state,
                "zip": z5 + f"{rng.randint(1, 9999):04d}" if rng.random() < 0.3 else z5,
                "region": region,
                "county": county,
            }
            add(by_model[mname], reg, "3")
    # the co-owner of the question: alone on one aircraft, named first on one, and a co-owner on three
    me = registrant("1")
    me.update(name=COOWNER, city="NASHUA", state="NH", zip="030631842", region="E", county="011")
    add(by_model["PA-18-150"], dict(me), "1")
    add(by_model["172N"], {**me, "others": ["OKAFOR GRACE A"]}, "4")
    for mname in ("SR22", "PA-28-181", "8KCAB"):
        reg = registrant("4")
        reg["others"] = [_person(rng), COOWNER] if rng.random() < 0.5 else [COOWNER]
        add(by_model[mname], reg, "4")
    aircraft.sort(key=lambda a: a["n"])
    return {"aircraft": aircraft, "models": models + sorted(homebuilt_models, key=lambda m: m["code"])}


MASTER_FIELDS = [  # name, width
    ("N-NUMBER", 5),
    ("SERIAL NUMBER", 30),
    ("MFR MDL CODE", 7),
    ("ENG MFR MDL", 5),
    ("YEAR MFR", 4),
    ("TYPE REGISTRANT", 1),
    ("NAME", 50),
    ("STREET", 33),
    ("STREET2", 33),
    ("CITY", 18),
    ("STATE", 2),
    ("ZIP CODE", 10),
    ("REGION", 1),
    ("COUNTY", 3),
    ("COUNTRY", 2),
    ("LAST ACTION DATE", 8),
    ("CERT ISSUE DATE", 8),
    ("CERTIFICATION", 10),
    ("TYPE AIRCRAFT", 1),
    ("TYPE ENGINE", 2),
    ("STATUS CODE", 2),
    ("MODE S CODE", 8),
    ("FRACT OWNER", 1),
    ("AIR WORTH DATE", 8),
    ("OTHER NAMES(1)", 50),
    ("OTHER NAMES(2)", 50),
    ("OTHER NAMES(3)", 50),
    ("OTHER NAMES(4)", 50),
    ("OTHER NAMES(5)", 50),
    ("EXPIRATION DATE", 8),
    ("UNIQUE ID", 8),
    ("KIT MFR", 30),
    (" KIT MODEL", 20),
    ("MODE S CODE HEX", 10),
]
ACFTREF_FIELDS = [
    ("CODE", 7),
    ("MFR", 30),
    ("MODEL", 20),
    ("TYPE-ACFT", 1),
    ("TYPE-ENG", 2),
    ("AC-CAT", 1),
    ("BUILD-CERT-IND", 1),
    ("NO-ENG", 2),
    ("NO-SEATS", 3),
    ("AC-WEIGHT", 7),
    ("SPEED", 4),
    ("TC-DATA-SHEET", 15),
    ("TC-DATA-HOLDER", 50),
]


def _fixed(values: list, fields: list[tuple[str, int]]) -> str:
    return "".join(f"{str(v):<{w}}"[:w] + "," for v, (_, w) in zip(values, fields))


def _write_faa(t: Truth, d: Path) -> None:
    lines = [",".join(f for f, _ in MASTER_FIELDS) + ","]
    for a in t.faa["aircraft"]:
        others = (a["others"] + [""] * 5)[:5]
        vals = [
            a["n"],
            a["serial"],
            a["model"]["code"],
            a["eng"],
            a["year"],
            a["type_registrant"],
            a["name"],
            a["street"],
            a["street2"],
            a["city"],
            a["state"],
            a["zip"],
            a["region"],
            a["county"],
            a["country"],
            f"{a['last_action']:%Y%m%d}",
            f"{a['cert_issue']:%Y%m%d}",
            a["cert"],
            a["model"]["type_acft"],
            a["model"]["type_eng"],
            a["status"],
            f"{a['hex']:08o}",
            a["fract"],
            f"{a['air_worth']:%Y%m%d}",
            *others,
            f"{a['expiry']:%Y%m%d}",
            a["uid"],
            a["kit"][0],
            a["kit"][1],
            f"{a['hex']:X}",
        ]
        lines.append(_fixed(vals, MASTER_FIELDS))
    (d / MASTER_FILE).write_bytes(("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8"))
    lines = [",".join(f for f, _ in ACFTREF_FIELDS) + ","]
    for m in sorted(t.faa["models"], key=lambda m: m["code"]):
        vals = [m["code"], m["mfr"], m["model"], m["type_acft"], m["type_eng"], m["cat"], m["build"], m["n_eng"]]
        vals += [m["seats"], m["weight"], m["speed"], m["tc"], m["holder"]]
        lines.append(_fixed(vals, ACFTREF_FIELDS))
    (d / ACFTREF_FILE).write_bytes(("\ufeff" + "\r\n".join(lines) + "\r\n").encode("utf-8"))


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    return Truth(
        chess=_build_chess(_rng("chess")),
        ha=_build_ha(_rng("ha")),
        wb=_build_wb(_rng("wb")),
        faa=_build_faa(_rng("faa")),
    )


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_chess(t, d)
    _write_ha(t, d)
    _write_wb(t, d)
    _write_faa(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout26-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
