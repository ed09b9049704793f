"""The thirty-fifth held-out set's data: five files on four topics, each imitating a real public export.

* `ntb_male_json.zip`: Cricsheet's ball-by-ball download for the T20 Blast, cut to the 63 matches of the
  2024 South Group: one JSON file per match (`<match id>.json`, Cricsheet's format 1.1.0, indented) and a
  `README.txt` listing the matches newest first. Overs are numbered from 0; wides and no-balls are
  deliveries that are not legal balls; a wide is not a ball faced by the batter; run outs stand in
  `wickets` on the bowler's delivery though they are not the bowler's wickets; a tied match has two more
  innings marked `"super_over": true`; no-result matches keep the innings they had; grounds are written
  two ways (`Kennington Oval, London` and `Kennington Oval`).
* `test_result_2023_EX.txt`: DVSA's anonymised MOT test results for 2023, cut to tests at stations in
  the EX postcode area in January to March 2023: pipe-delimited with a header, one row per test, the rows
  in `test_id` order (not by date); retests (`RT`, `PL`, `PV`) as rows of their own; `PRS` (pass after
  rectification at the station) beside `P`, `F`, `ABA` and `ABR`; makes typed as the keeper's V5C has
  them (`MERCEDES-BENZ`, `MERCEDES`, `MERCEDES BENZ`); empty cylinder capacities for electric vehicles
  and a few empty mileages.
* `mail.log`: a week of `/var/log/mail.log` from a small organisation's Ubuntu mail server (Postfix with
  amavis on port 10024/10025 and Dovecot LMTP): rsyslog's traditional time stamps without a year; every
  message from the internet is accepted once and re-injected by amavis under a second queue ID from
  `localhost[127.0.0.1]`; spam discarded by amavis with `status=sent`; staff submissions on
  `postfix/submission/smtpd` with `sasl_username`; deferred deliveries retried, the queue manager logging
  the message's `from=..., size=..., nrcpt=...` line again at each retry; bounces with a non-delivery
  notification under a new queue ID; `NOQUEUE: reject` lines, SASL failures and Dovecot logins between.
* `nvdcve-2.0_pub_2024-03-11_2024-03-17.json`: one answer of NVD's CVE API 2.0 for the CVEs published
  from 11 to 17 March 2024 (minified): the real field names; most CVEs `Awaiting Analysis` with only their
  CNA's scores (`type` `Secondary`), a few analysed by NVD (`nvd@nist.gov`, `Primary`) so a CVE has two
  scores and often two weakness entries naming the same CWE; some CNAs still scoring with CVSS 3.0
  (`cvssMetricV30`), VulDB adding CVSS 2.0; rejected CVEs without metrics; Spanish descriptions beside the
  English ones; the `cisaExploitAdd` fields on CVEs in CISA's catalogue.
* `known_exploited_vulnerabilities.csv`: CISA's Known Exploited Vulnerabilities catalogue as CSV, cut to
  the entries added from September 2023 to 21 March 2024, newest first.

Every record is built first with the standard library from a fixed seed (one random stream per
topic); the files are then rendered from those records, so the same seed gives the same bytes.
`truth()` returns the clean records the references are computed from.

    python data.py DIR   # writes the five files into DIR
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
from datetime import date, datetime, timedelta
from pathlib import Path

SEED = 35_604_219

CR_FILE = "ntb_male_json.zip"
MOT_FILE = "test_result_2023_EX.txt"
MX_FILE = "mail.log"
NVD_FILE = "nvdcve-2.0_pub_2024-03-11_2024-03-17.json"
KEV_FILE = "known_exploited_vulnerabilities.csv"
FILES = [CR_FILE, MOT_FILE, MX_FILE, NVD_FILE, KEV_FILE]


def _rng(topic: str) -> random.Random:
    return random.Random(f"{SEED}-{topic}")


@dataclass
class Truth:
    matches: list[dict]  # one dict per match, its innings and deliveries (super overs marked)
    tests: list[dict]  # one dict per MOT test
    messages: list[dict]  # one dict per Postfix queue ID (with its delivery attempts)
    rejects: list[dict]  # one dict per NOQUEUE reject
    cves: list[dict]  # one dict per CVE record in the NVD answer
    kev: list[dict]  # one dict per KEV catalogue entry
    mail_events: list[tuple]  # the week's log lines (time, order, process, text), rendered by _write_mail


# ==================================================================================================
# Cricket: Cricsheet ball-by-ball JSON for the 2024 T20 Blast South Group
# ==================================================================================================

# team: (venue as Cricsheet mostly writes it, the other spelling some matches have, city)
CR_TEAMS = {
    "Essex": ("County Ground, Chelmsford", None, "Chelmsford"),
    "Glamorgan": ("Sophia Gardens, Cardiff", "Sophia Gardens", "Cardiff"),
    "Gloucestershire": ("County Ground, Bristol", None, "Bristol"),
    "Hampshire": ("The Rose Bowl, Southampton", "The Rose Bowl", "Southampton"),
    "Kent": ("St Lawrence Ground, Canterbury", None, "Canterbury"),
    "Middlesex": ("Lord's, London", "Lord's", "London"),
    "Somerset": ("County Ground, Taunton", None, "Taunton"),
    "Surrey": ("Kennington Oval, London", "Kennington Oval", "London"),
    "Sussex": ("County Ground, Hove", None, "Hove"),
}
STAR_BATTER = ("JD Holloway", "Somerset")
STAR_BOWLER = ("MA Quayle", "Kent")
SPINNER = ("RK Bhatti", "Hampshire")
CR_SURNAMES = [
    "Abbott", "Ackland", "Ainsley", "Alderton", "Ambrose", "Appleby", "Arkwright", "Ashdown", "Aspinall", "Badger",
    "Bairstow", "Baldock", "Barnard", "Beckwith", "Bellamy", "Benning", "Birtwistle", "Blackwood", "Blewett",
    "Boden", "Bracewell", "Brimble", "Broadhurst", "Buckland", "Bulmer", "Cadman", "Carver", "Chadwick", "Chowdhury",
    "Clegg", "Colbourne", "Coutts", "Cracknell", "Crouch", "Dabner", "Dalgleish", "Darby", "Denholm", "Dhillon",
    "Dobbs", "Drummond", "Dyer", "Eastwood", "Eckersley", "Elphick", "Emsley", "Everitt", "Fairbrother", "Farooq",
    "Fawcett", "Fenwick", "Fitzgerald", "Flintham", "Forsyth", "Fraser", "Gallimore", "Garside", "Gill", "Gladwin",
    "Goddard", "Gorman", "Greaves", "Grewal", "Haddock", "Halliwell", "Hanif", "Harrop", "Haslam", "Hendry",
    "Hetherington", "Hoskins", "Hulme", "Iqbal", "Jagger", "Jarvis", "Jessop", "Kaur", "Keeling", "Kershaw",
    "Kingdon", "Lambourne", "Latchford", "Lethbridge", "Loxley", "Lund", "Makepeace", "Malik", "Marchant",
    "Mawson", "McAllister", "Merrick", "Mottram", "Naylor", "Nettleton", "Nuttall", "Oakes", "Ormerod", "Padgett",
    "Pardoe", "Pennock", "Pickard", "Pilling", "Prentice", "Quartermaine", "Radcliffe", "Rafiq", "Rainford",
    "Redfern", "Rowntree", "Sadler", "Sandhu", "Scattergood", "Sellars", "Shilton", "Sidhu", "Slingsby",
    "Sowerby", "Stainthorpe", "Stubbs", "Swindells", "Tansley", "Thewlis", "Tindall", "Trueman", "Tuffin",
    "Underhill", "Varley", "Venables", "Wadsworth", "Walmsley", "Warburton", "Whitlock", "Wigley", "Wrigley",
    "Yardley", "Yeomans",
]  # fmt: skip
CR_OFFICIALS = ["GW Pemberton", "RT Kellaway", "BJ Duckmanton", "SA Orme", "MJ Sayle", "DK Treloar", "HP Gotobed",
                "NC Haddow", "AL Brimacombe", "PF Yelland"]  # fmt: skip
CR_FIRST_ID = 1410371


def _cr_name(rng: random.Random, used: set[str]) -> str:
    while True:
        ini = "".join(rng.choice("ABCDEGHJKLMNPRSTW") for _ in range(rng.choice([1, 2, 2, 2])))
        name = f"{ini} {rng.choice(CR_SURNAMES)}"
        if name not in used:
            used.add(name)
            return name


def _cr_squads(rng: random.Random) -> dict[str, list[dict]]:
    used: set[str] = {STAR_BATTER[0], STAR_BOWLER[0], SPINNER[0]}
    squads: dict[str, list[dict]] = {}
    for team in CR_TEAMS:
        players = []
        for role, n in (("bat", 6), ("wk", 1), ("ar", 3), ("bowl", 5)):
            for _ in range(n):
                bat = {"bat": (0.95, 1.25), "wk": (0.9, 1.1), "ar": (0.85, 1.05), "bowl": (0.4, 0.65)}[role]
                p = {"name": _cr_name(rng, used), "role": role, "bat": rng.uniform(*bat), "wkt": 0.0, "tight": 1.0,
                     "wide": 0.03}  # fmt: skip
                if role in ("ar", "bowl"):
                    p["wkt"] = rng.uniform(0.85, 1.15) if role == "bowl" else rng.uniform(0.75, 1.0)
                    p["tight"] = rng.uniform(0.92, 1.1)
                    p["wide"] = rng.uniform(0.022, 0.045)
                players.append(p)
        squads[team] = players
    for (name, team), role, changes in (
        (STAR_BATTER, "bat", {"bat": 1.5}),
        (STAR_BOWLER, "bowl", {"wkt": 1.6, "tight": 0.98, "wide": 0.034}),
        (SPINNER, "bowl", {"wkt": 0.95, "tight": 1.55, "wide": 0.012}),
    ):
        p = next(p for p in squads[team] if p["role"] == role)
        p.update(name=name, star=True, **changes)
    for team in squads:  # the part-time bowler among the batters
        bats = [p for p in squads[team] if p["role"] == "bat" and not p.get("star")]
        bats[0].update(wkt=0.7, tight=0.85, wide=0.05)
    return squads


def _cr_xi(rng: random.Random, squad: list[dict]) -> tuple[list[dict], list[dict], dict, dict]:
    """Batting order, the five bowlers, the part-timer and the keeper for one match."""
    bats = [p for p in squad if p["role"] == "bat"]
    rest = [p for p in bats if not p.get("star")]
    rng.shuffle(rest)
    part = next(p for p in bats if p["wkt"] > 0 and not p.get("star"))
    chosen = [p for p in bats if p.get("star")] + [p for p in rest if p is part] + [p for p in rest if p is not part]
    chosen = chosen[:5]
    rng.shuffle(chosen)
    star = [p for p in chosen if p.get("star")]
    if star:  # the star bats at three
        chosen.remove(star[0])
        chosen.insert(2, star[0])
    keeper = next(p for p in squad if p["role"] == "wk")
    ars = rng.sample([p for p in squad if p["role"] == "ar"], 2)
    bowl = [p for p in squad if p["role"] == "bowl"]
    bowlers = [p for p in bowl if p.get("star")]
    bowlers += rng.sample([p for p in bowl if not p.get("star")], 3 - len(bowlers))
    order = chosen + [keeper] + ars + bowlers
    return order, ars + bowlers, part, keeper


_PHASE_OUT = {"pp": 0.85, "mid": 1.0, "death": 1.4}
_PHASE_HIT = {"pp": 1.12, "mid": 0.88, "death": 1.35}


def _cr_ball(rng: random.Random, striker: dict, bowler: dict, phase: str) -> dict:
    """One delivery: the batter's runs, the extras, runs run (for the strike) and a dismissal kind."""
    u = rng.random()
    if u < bowler["wide"]:
        w = rng.choices([1, 2, 5], [88, 4, 8])[0]
        return {"rb": 0, "extras": {"wides": w}, "legal": False, "run": 0 if w == 5 else w - 1, "kind": None}
    if u < bowler["wide"] + 0.006:
        rb = rng.choices([0, 1, 2, 4, 6], [45, 30, 5, 12, 8])[0]
        return {"rb": rb, "extras": {"noballs": 1}, "legal": False, "run": rb if rb < 4 else 0, "kind": None}
    u = rng.random()
    if u < 0.006:
        b = rng.choices([1, 2, 4], [80, 8, 12])[0]
        return {"rb": 0, "extras": {"byes": b}, "legal": True, "run": 0 if b == 4 else b, "kind": None}
    if u < 0.021:
        b = rng.choices([1, 2, 4], [82, 8, 10])[0]
        return {"rb": 0, "extras": {"legbyes": b}, "legal": True, "run": 0 if b == 4 else b, "kind": None}
    p_out = 0.05 * bowler["wkt"] * _PHASE_OUT[phase] / striker["bat"] ** 0.6
    if rng.random() < p_out:
        kind = rng.choices(  # more run outs when the batters chase runs at the death
            ["caught", "bowled", "lbw", "run out", "stumped", "caught and bowled"],
            [58, 17, 9, 16 if phase == "death" else 7, 4, 3],
        )[0]
        rb = rng.choice([0, 0, 1]) if kind == "run out" else 0
        return {"rb": rb, "extras": {}, "legal": True, "run": rb, "kind": kind}
    a = striker["bat"] * _PHASE_HIT[phase] / bowler["tight"]
    rb = rng.choices([0, 1, 2, 3, 4, 6], [38 / a, 36, 8, 0.5, 11 * a, 4.5 * a**1.3])[0]
    return {"rb": rb, "extras": {}, "legal": True, "run": rb if rb < 4 else 0, "kind": None}


def _cr_pick(rng: random.Random, over: int, n: int, bowlers: list[dict], quota: dict, last: dict | None,
             part: dict) -> dict:  # fmt: skip
    free = [b for b in bowlers if b is not last and quota[b["name"]] > 0]
    if not free:
        return part
    weights = []
    for b in free:
        x = quota[b["name"]] ** 2
        if b.get("star") and b["tight"] < 1.2 and (over < 2 or over >= n - 4):
            x *= 8
        weights.append(x)
    return rng.choices(free, weights)[0]


def _cr_innings(rng: random.Random, team: str, order: list[dict], field: tuple, overs: int, target: int | None,
                wkts_limit: int = 10, stop_after: int | None = None) -> dict:  # fmt: skip
    bowlers, part, keeper, xi = field
    at = [order[0], order[1]]
    nxt, total, wk, legal = 2, 0, 0, 0
    quota = {b["name"]: max(1, math.ceil(overs / 5)) for b in bowlers}
    quota[part["name"]] = 99
    last = None
    dels: list[dict] = []
    done = False
    for over in range(overs):
        bowler = _cr_pick(rng, over, overs, bowlers, quota, last, part)
        quota[bowler["name"]] -= 1
        last = bowler
        phase = "pp" if over < round(overs * 0.3) else "death" if over >= overs - 4 else "mid"
        balls = 0
        while balls < 6:
            b = _cr_ball(rng, at[0], bowler, phase)
            d = {"over": over, "batter": at[0]["name"], "bowler": bowler["name"], "non_striker": at[1]["name"],
                 "rb": b["rb"], "extras": b["extras"], "wicket": None}  # fmt: skip
            total += b["rb"] + sum(b["extras"].values())
            if b["legal"]:
                balls += 1
                legal += 1
            if b["run"] % 2:
                at.reverse()
            if b["kind"]:
                if b["kind"] == "run out":
                    out = 0 if rng.random() < 0.65 else 1
                    fielders = [{"name": rng.choice([p["name"] for p in xi if p is not bowler])}]
                elif b["kind"] in ("caught", "stumped"):
                    out = 0
                    who = (
                        keeper["name"]
                        if b["kind"] == "stumped" or rng.random() < 0.12
                        else rng.choice([p["name"] for p in xi if p is not bowler and p is not keeper])
                    )
                    fielders = [{"name": who}]
                else:
                    out = 0
                    fielders = []
                w = {"player_out": at[out]["name"], "kind": b["kind"]}
                if fielders:
                    w["fielders"] = fielders
                d["wicket"] = w
                wk += 1
                if wk >= wkts_limit or nxt >= len(order):
                    dels.append(d)
                    done = True
                    break
                at[out] = order[nxt]
                nxt += 1
            dels.append(d)
            if target is not None and total >= target:
                done = True
                break
            if stop_after is not None and legal >= stop_after:
                done = True
                break
        if done:
            break
        at.reverse()
    return {"team": team, "super_over": False, "deliveries": dels, "total": total, "wickets": wk,
            "legal": legal, "overs": overs, "target": None}  # fmt: skip


def _cr_schedule(rng: random.Random) -> list[tuple[str, str, date]]:
    teams = list(CR_TEAMS)
    pairs = [(teams[i], teams[j]) for i in range(9) for j in range(i + 1, 9)]
    pairs += [(teams[i], teams[(i + k) % 9]) for i in range(9) for k in (1, 2, 3)]  # six opponents twice
    home_first: dict[frozenset, str] = {}
    games = []
    for a, b in pairs:
        key = frozenset((a, b))
        if key in home_first:
            h = b if home_first[key] == a else a
        else:
            h = rng.choice([a, b])
            home_first[key] = h
        games.append((h, b if h == a else a))
    rng.shuffle(games)
    days = [date(2024, 5, 30) + timedelta(days=i) for i in range(44)]
    days = [d for d in days if d.weekday() in (3, 4, 5, 6)]  # Thursday to Sunday
    busy: dict[date, set] = {d: set() for d in days}
    out = []
    for h, a in games:
        start = rng.randrange(len(days) // 3)
        for d in days[start:] + days[:start]:
            if h not in busy[d] and a not in busy[d] and len(busy[d]) < 8:
                busy[d] |= {h, a}
                out.append((h, a, d))
                break
        else:
            raise ValueError("no day for a match")
    return sorted(out, key=lambda g: (g[2], g[0]))


def _build_cricket(rng: random.Random) -> list[dict]:
    squads = _cr_squads(rng)
    sched = _cr_schedule(rng)
    stars = {STAR_BATTER[1], STAR_BOWLER[1], SPINNER[1]}
    n = len(sched)
    idx = list(range(n))
    rng.shuffle(idx)
    tie = next(i for i in idx if not {sched[i][0], sched[i][1]} & stars)
    others = [i for i in idx if i != tie]
    nr_first, nr_second = others[0], others[1:3]
    dls = others[3:5]
    registry: dict[str, str] = {}
    matches = []
    for num, (home, away, day) in enumerate(sched):
        mid = CR_FIRST_ID + num * 2 + (1 if num % 7 == 3 else 0)
        toss_win = rng.choice([home, away])
        decision = "field" if rng.random() < 0.64 else "bat"
        bat1 = toss_win if decision == "bat" else (away if toss_win == home else home)
        bat2 = away if bat1 == home else home
        xi = {t: _cr_xi(rng, squads[t]) for t in (bat1, bat2)}

        def field(t: str) -> tuple:
            order, bowlers, part, keeper = xi[t]  # noqa: B023 - called within this iteration
            return bowlers, part, keeper, order

        attempt = 0
        while True:
            r = rng if attempt == 0 else random.Random(f"{SEED}-cricket-{num}-{attempt}")
            attempt += 1
            inns = []
            outcome: dict
            if num == nr_first:
                i1 = _cr_innings(r, bat1, xi[bat1][0], field(bat2), 20, None, stop_after=r.randint(38, 62))
                inns, outcome = [i1], {"result": "no result"}
                break
            i1 = _cr_innings(r, bat1, xi[bat1][0], field(bat2), 20, None)
            overs2, target = 20, i1["total"] + 1
            method = None
            if num in dls:
                overs2 = r.choice([14, 15, 16])
                target = round(i1["total"] * (overs2 / 20) ** 0.78) + 1
                method = "D/L"
            stop = r.randint(10, 27) if num in nr_second else None
            i2 = _cr_innings(r, bat2, xi[bat2][0], field(bat1), overs2, target, stop_after=stop)
            i2["target"] = (overs2, target)
            inns = [i1, i2]
            if stop is not None and i2["total"] < target and i2["wickets"] < 10:
                outcome = {"result": "no result"}
                break
            if stop is not None:
                continue
            if i2["total"] == target - 1:
                if num != tie:
                    continue
                so = []
                for k in range(50):
                    rs = random.Random(f"{SEED}-super-{num}-{k}")
                    o2 = sorted(xi[bat2][0][:7], key=lambda p: -p["bat"])[:3]
                    o1 = sorted(xi[bat1][0][:7], key=lambda p: -p["bat"])[:3]
                    b1 = max([b for b in xi[bat1][1] if not b.get("star")], key=lambda b: b["wkt"])
                    b2 = max([b for b in xi[bat2][1] if not b.get("star")], key=lambda b: b["wkt"])
                    s1 = _cr_innings(rs, bat2, o2, ([b1], b1, xi[bat1][3], xi[bat1][0]), 1, None, wkts_limit=2)
                    s2 = _cr_innings(rs, bat1, o1, ([b2], b2, xi[bat2][3], xi[bat2][0]), 1, s1["total"] + 1,
                                     wkts_limit=2)  # fmt: skip
                    if s1["total"] != s2["total"]:
                        so = [s1, s2]
                        break
                for s in so:
                    s["super_over"] = True
                winner = so[0]["team"] if so[0]["total"] > so[1]["total"] else so[1]["team"]
                inns += so
                outcome = {"result": "tie", "eliminator": winner}
                break
            if num == tie:
                continue
            if i2["total"] >= target:
                outcome = {"winner": bat2, "by": {"wickets": 10 - i2["wickets"]}}
            else:
                outcome = {"winner": bat1, "by": {"runs": target - 1 - i2["total"]}}
            if method:
                outcome["method"] = method
            break
        venue, other, city = CR_TEAMS[home]
        if other and rng.random() < 0.4:
            venue = other
        pom = None
        if "winner" in outcome or "eliminator" in outcome:
            win = outcome.get("winner") or outcome.get("eliminator")
            runs: dict[str, int] = {}
            for inn in inns[:2]:
                if inn["team"] == win:
                    for d in inn["deliveries"]:
                        runs[d["batter"]] = runs.get(d["batter"], 0) + d["rb"]
            pom = max(sorted(runs), key=lambda k: runs[k]) if runs else None
        offs = rng.sample(CR_OFFICIALS, 4)
        matches.append(
            {"id": mid, "date": day, "number": num + 1, "teams": [home, away], "venue": venue, "city": city,
             "toss": (toss_win, decision), "outcome": outcome, "innings": inns, "pom": pom,
             "players": {t: [p["name"] for p in xi[t][0]] for t in (home, away)}, "officials": offs},
        )  # fmt: skip
    for m in matches:
        m["registry"] = {n: registry.setdefault(n, "".join(rng.choice("0123456789abcdef") for _ in range(8)))
                         for t in m["teams"] for n in m["players"][t]}  # fmt: skip
        for n in m["officials"]:
            m["registry"][n] = registry.setdefault(n, "".join(rng.choice("0123456789abcdef") for _ in range(8)))
    return matches


def _cr_json(m: dict) -> dict:
    info = {
        "balls_per_over": 6,
        "city": m["city"],
        "dates": [m["date"].isoformat()],
        "event": {"name": "Vitality Blast", "group": "South", "match_number": m["number"]},
        "gender": "male",
        "match_type": "T20",
        "officials": {
            "match_referees": [m["officials"][2]],
            "reserve_umpires": [m["officials"][3]],
            "umpires": m["officials"][:2],
        },  # fmt: skip
        "outcome": m["outcome"],
        "overs": 20,
    }
    if m["pom"]:
        info["player_of_match"] = [m["pom"]]
    info.update(
        players={t: m["players"][t] for t in m["teams"]},
        registry={"people": dict(sorted(m["registry"].items()))},
        season="2024",
        team_type="club",
        teams=m["teams"],
        toss={"decision": m["toss"][1], "winner": m["toss"][0]},
        venue=m["venue"],
    )
    innings = []
    for inn in m["innings"]:
        overs: list[dict] = []
        for d in inn["deliveries"]:
            if not overs or overs[-1]["over"] != d["over"]:
                overs.append({"over": d["over"], "deliveries": []})
            x: dict = {"batter": d["batter"], "bowler": d["bowler"]}
            if d["extras"]:
                x["extras"] = dict(d["extras"])
            x["non_striker"] = d["non_striker"]
            ex = sum(d["extras"].values())
            x["runs"] = {"batter": d["rb"], "extras": ex, "total": d["rb"] + ex}
            if d["wicket"]:
                x["wickets"] = [d["wicket"]]
            overs[-1]["deliveries"].append(x)
        j: dict = {"team": inn["team"], "overs": overs}
        if inn["super_over"]:
            j["super_over"] = True
        else:
            pp = {20: 5.6, 16: 4.5, 15: 4.3, 14: 4.1}[inn["overs"]]
            j["powerplays"] = [{"from": 0.1, "to": pp, "type": "mandatory"}]
            if inn["target"]:
                j["target"] = {"overs": inn["target"][0], "runs": inn["target"][1]}
        innings.append(j)
    created = (m["date"] + timedelta(days=3)).isoformat()
    return {"meta": {"data_version": "1.1.0", "created": created, "revision": 1}, "info": info, "innings": innings}


def _write_cricket(t: Truth, d: Path) -> None:
    lines = [
        "The files in this archive are in the format described at",
        "https://cricsheet.org/format/json/",
        "",
        "The following matches are included in this archive, listed in reverse",
        "chronological order (and then by match id):",
        "",
    ]
    for m in sorted(t.matches, key=lambda m: (m["date"], m["id"]), reverse=True):
        lines.append(f"{m['date'].isoformat()} - club - T20 - male - {m['id']} - {m['teams'][0]} vs {m['teams'][1]}")
    out = io.BytesIO()
    stamp = (2024, 7, 16, 4, 12, 0)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for m in sorted(t.matches, key=lambda m: m["id"]):
            body = json.dumps(_cr_json(m), indent=2, ensure_ascii=False) + "\n"
            z.writestr(zipfile.ZipInfo(f"{m['id']}.json", date_time=stamp), body.encode("utf-8"), zipfile.ZIP_DEFLATED)
        z.writestr(zipfile.ZipInfo("README.txt", date_time=stamp), ("\n".join(lines) + "\n").encode("utf-8"),
                   zipfile.ZIP_DEFLATED)  # fmt: skip
    (d / CR_FILE).write_bytes(out.getvalue())


# ==================================================================================================
# MOT: DVSA's anonymised MOT test results (pipe-delimited)
# ==================================================================================================

MOT_COLUMNS = [
    "test_id", "vehicle_id", "test_date", "test_class_id", "test_type", "test_result", "test_mileage",
    "postcode_area", "make", "model", "colour", "fuel_type", "cylinder_capacity", "first_use_date",
]  # fmt: skip
# make, model, weight, fuel types (weights), cylinder capacities (cc; None for electric), test class
MOT_MODELS = [
    ("FORD", "FIESTA", 60, {"PE": 80, "DI": 20}, [998, 1242, 1596], 4),
    ("FORD", "FOCUS", 50, {"PE": 65, "DI": 35}, [998, 1596, 1499, 1997], 4),
    ("FORD", "KUGA", 18, {"PE": 40, "DI": 50, "HY": 10}, [1499, 1997, 2488], 4),
    ("FORD", "TRANSIT CUSTOM", 14, {"DI": 1}, [1995], 4),
    ("FORD", "ECOSPORT", 8, {"PE": 1}, [998], 4),
    ("FORD", "TRANSIT CONNECT", 8, {"DI": 1}, [1560], 4),
    ("VAUXHALL", "CORSA", 45, {"PE": 85, "DI": 15}, [1229, 1398], 4),
    ("VAUXHALL", "ASTRA", 35, {"PE": 60, "DI": 40}, [1398, 1598, 1956], 4),
    ("VAUXHALL", "MOKKA", 12, {"PE": 70, "DI": 30}, [1364, 1598], 4),
    ("VAUXHALL", "INSIGNIA", 8, {"DI": 70, "PE": 30}, [1956, 1598], 4),
    ("VOLKSWAGEN", "GOLF", 35, {"PE": 55, "DI": 40, "HY": 5}, [1395, 1598, 1968], 4),
    ("VOLKSWAGEN", "POLO", 28, {"PE": 90, "DI": 10}, [999, 1198], 4),
    ("VOLKSWAGEN", "TIGUAN", 10, {"DI": 70, "PE": 30}, [1968, 1395], 4),
    ("VOLKSWAGEN", "PASSAT", 6, {"DI": 1}, [1968], 4),
    ("VOLKSWAGEN", "TRANSPORTER", 8, {"DI": 1}, [1968], 4),
    ("VOLKSWAGEN", "ID.3", 3, {"EL": 1}, [None], 4),
    ("TOYOTA", "YARIS", 20, {"PE": 60, "HY": 40}, [998, 1329, 1490], 4),
    ("TOYOTA", "AYGO", 12, {"PE": 1}, [998], 4),
    ("TOYOTA", "PRIUS", 8, {"HY": 1}, [1798], 4),
    ("TOYOTA", "C-HR", 8, {"HY": 1}, [1798], 4),
    ("TOYOTA", "COROLLA", 8, {"HY": 80, "PE": 20}, [1798], 4),
    ("TOYOTA", "RAV4", 6, {"HY": 70, "DI": 30}, [2487, 2231], 4),
    ("NISSAN", "QASHQAI", 22, {"DI": 55, "PE": 45}, [1461, 1197, 1332], 4),
    ("NISSAN", "JUKE", 15, {"PE": 80, "DI": 20}, [1598, 1461], 4),
    ("NISSAN", "MICRA", 10, {"PE": 1}, [1198], 4),
    ("NISSAN", "LEAF", 6, {"EL": 1}, [None], 4),
    ("BMW", "1 SERIES", 12, {"DI": 55, "PE": 45}, [1995, 1499], 4),
    ("BMW", "3 SERIES", 12, {"DI": 70, "PE": 30}, [1995], 4),
    ("BMW", "X1", 6, {"DI": 1}, [1995], 4),
    ("BMW", "I3", 2, {"EL": 1}, [None], 4),
    ("AUDI", "A3", 14, {"DI": 55, "PE": 45}, [1598, 1968, 1395], 4),
    ("AUDI", "A4", 8, {"DI": 1}, [1968], 4),
    ("AUDI", "Q3", 5, {"DI": 60, "PE": 40}, [1968, 1395], 4),
    ("MERCEDES-BENZ", "A CLASS", 10, {"DI": 50, "PE": 50}, [1461, 1332], 4),
    ("MERCEDES-BENZ", "C CLASS", 10, {"DI": 80, "PE": 20}, [2143, 1595], 4),
    ("MERCEDES-BENZ", "E CLASS", 4, {"DI": 1}, [2143], 4),
    ("MERCEDES-BENZ", "GLA", 3, {"DI": 60, "PE": 40}, [2143, 1595], 4),
    ("MERCEDES-BENZ", "VITO", 4, {"DI": 1}, [2143], 4),
    ("KIA", "SPORTAGE", 12, {"DI": 60, "PE": 40}, [1685, 1591], 4),
    ("KIA", "CEED", 8, {"PE": 60, "DI": 40}, [1396, 1582], 4),
    ("KIA", "PICANTO", 8, {"PE": 1}, [998], 4),
    ("KIA", "NIRO", 5, {"HY": 60, "EL": 40}, [1580], 4),
    ("HYUNDAI", "I10", 8, {"PE": 1}, [998], 4),
    ("HYUNDAI", "I20", 8, {"PE": 1}, [1248], 4),
    ("HYUNDAI", "TUCSON", 8, {"DI": 50, "PE": 50}, [1685, 1591], 4),
    ("HYUNDAI", "KONA", 4, {"EL": 60, "PE": 40}, [998], 4),
    ("PEUGEOT", "208", 12, {"PE": 70, "DI": 30}, [1199, 1560], 4),
    ("PEUGEOT", "308", 8, {"DI": 60, "PE": 40}, [1560, 1199], 4),
    ("PEUGEOT", "2008", 6, {"PE": 1}, [1199], 4),
    ("RENAULT", "CLIO", 12, {"PE": 75, "DI": 25}, [898, 1461], 4),
    ("RENAULT", "CAPTUR", 8, {"PE": 70, "DI": 30}, [898, 1461], 4),
    ("RENAULT", "ZOE", 4, {"EL": 1}, [None], 4),
    ("CITROEN", "C3", 10, {"PE": 70, "DI": 30}, [1199, 1560], 4),
    ("CITROEN", "BERLINGO", 6, {"DI": 1}, [1560], 4),
    ("SKODA", "OCTAVIA", 12, {"DI": 60, "PE": 40}, [1968, 1395], 4),
    ("SKODA", "FABIA", 10, {"PE": 1}, [999, 1197], 4),
    ("HONDA", "CIVIC", 8, {"PE": 70, "DI": 30}, [1798, 1597], 4),
    ("HONDA", "JAZZ", 8, {"PE": 80, "HY": 20}, [1339, 1498], 4),
    ("HONDA", "CR-V", 4, {"DI": 60, "PE": 40}, [2199, 1997], 4),
    ("MINI", "COOPER", 10, {"PE": 85, "DI": 15}, [1598, 1499], 4),
    ("LAND ROVER", "DISCOVERY SPORT", 5, {"DI": 1}, [2179, 1999], 4),
    ("LAND ROVER", "RANGE ROVER EVOQUE", 5, {"DI": 1}, [2179, 1999], 4),
    ("LAND ROVER", "DEFENDER", 3, {"DI": 1}, [2495], 4),
    ("VOLVO", "XC60", 5, {"DI": 1}, [1969], 4),
    ("VOLVO", "V40", 4, {"DI": 60, "PE": 40}, [1969, 1596], 4),
    ("FIAT", "500", 10, {"PE": 1}, [1242], 4),
    ("FIAT", "PANDA", 5, {"PE": 1}, [1242], 4),
    ("MAZDA", "CX-5", 5, {"DI": 1}, [2191], 4),
    ("MAZDA", "MX-5", 4, {"PE": 1}, [1798], 4),
    ("TESLA", "MODEL 3", 4, {"EL": 1}, [None], 4),
    ("SUZUKI", "SWIFT", 6, {"PE": 1}, [1242], 4),
    ("DACIA", "SANDERO", 6, {"PE": 1}, [898], 4),
    ("DACIA", "DUSTER", 5, {"DI": 50, "PE": 50}, [1461, 1598], 4),
    ("FORD", "TRANSIT", 12, {"DI": 1}, [2198], 7),
    ("MERCEDES-BENZ", "SPRINTER", 8, {"DI": 1}, [2143], 7),
    ("VOLKSWAGEN", "CRAFTER", 5, {"DI": 1}, [1968], 7),
    ("RENAULT", "MASTER", 3, {"DI": 1}, [2299], 7),
    ("CITROEN", "RELAY", 3, {"DI": 1}, [2179], 7),
    ("IVECO", "DAILY", 3, {"DI": 1}, [2287], 7),
    ("HONDA", "CB125F", 6, {"PE": 1}, [124], 1),
    ("YAMAHA", "YBR 125", 4, {"PE": 1}, [124], 1),
    ("HONDA", "CBF600", 4, {"PE": 1}, [599], 2),
    ("TRIUMPH", "BONNEVILLE", 4, {"PE": 1}, [865], 2),
    ("BMW", "R 1200 GS", 4, {"PE": 1}, [1170], 2),
    ("KAWASAKI", "Z650", 3, {"PE": 1}, [649], 2),
    ("SUZUKI", "SV650", 3, {"PE": 1}, [645], 2),
]  # fmt: skip
# how the keepers' documents spell some makes
MOT_SPELLINGS = {
    "MERCEDES-BENZ": [("MERCEDES-BENZ", 68), ("MERCEDES", 24), ("MERCEDES BENZ", 8)],
    "LAND ROVER": [("LAND ROVER", 85), ("LANDROVER", 15)],
}
MOT_COLOURS = [("SILVER", 16), ("BLACK", 16), ("GREY", 16), ("BLUE", 14), ("WHITE", 14), ("RED", 11), ("GREEN", 3),
               ("ORANGE", 2), ("BROWN", 1), ("BEIGE", 1), ("YELLOW", 1), ("PURPLE", 1), ("GOLD", 1), ("BRONZE", 1),
               ("MULTI-COLOUR", 0.5), ("NOT STATED", 0.5)]  # fmt: skip
MOT_START, MOT_END = date(2023, 1, 3), date(2023, 3, 31)
MOT_VEHICLES = 4600
MOT_RETESTS = ("RT", "PL", "PV")
MOT_PASSES = ("P", "PRS")


def _mot_day(rng: random.Random) -> date:
    while True:
        d = MOT_START + timedelta(days=rng.randrange((MOT_END - MOT_START).days + 1))
        if d.weekday() < 5 or (d.weekday() == 5 and rng.random() < 0.5):
            return d


def _build_mot(rng: random.Random) -> list[dict]:
    weights = [m[2] for m in MOT_MODELS]
    ages = list(range(3, 23))
    age_w = [8, 9, 9] + [10] * 7 + [7] * 4 + [3] * 6
    ids: set[int] = set()

    def new_id() -> int:
        while True:
            x = rng.randrange(100_000_000, 1_999_999_999)
            if x not in ids:
                ids.add(x)
                return x

    tests: list[dict] = []
    for _ in range(MOT_VEHICLES):
        make, model, _w, fuels, ccs, cls = rng.choices(MOT_MODELS, weights)[0]
        fuel = rng.choices(list(fuels), list(fuels.values()))[0]
        age = rng.choices(ages, age_w)[0]
        if fuel == "EL":
            age = min(age, rng.randint(3, 10))
        if cls in (1, 2) and rng.random() < 0.5:  # fewer bikes come in over the winter
            continue
        spelled = rng.choices(*zip(*MOT_SPELLINGS[make]))[0] if make in MOT_SPELLINGS else make
        veh = {"vehicle_id": new_id(), "make": make, "make_raw": spelled, "model": model, "class": cls, "fuel": fuel,
               "cc": None if fuel == "EL" else rng.choice(ccs), "colour": rng.choices(*zip(*MOT_COLOURS))[0]}  # fmt: skip
        first = _mot_day(rng)
        anniv = first + timedelta(days=rng.randint(0, 30))
        y = anniv.year - age
        veh["first_use"] = (
            anniv.replace(year=y, day=28) if (anniv.month, anniv.day) == (2, 29) else anniv.replace(year=y)
        )
        annual = {"DI": 9500, "EL": 7500}.get(fuel, 7000) if cls in (4, 7) else 2500
        miles = annual * age * rng.lognormvariate(0, 0.3)
        missing_miles = rng.random() < 0.006

        def add(day: date, kind: str, result: str) -> None:
            tests.append(
                {**veh, "test_id": new_id(), "date": day, "type": kind, "result": result,  # noqa: B023 - called within this iteration
                 "mileage": None if missing_miles else int(miles + (day - first).days * annual / 365)},  # noqa: B023 - called within this iteration
            )  # fmt: skip

        day = first
        for _nt in range(3):
            p_fail = (0.10 + 0.011 * age + (0.03 if fuel == "DI" else 0) - (0.03 if fuel == "EL" else 0)
                      if cls == 4 else 0.25 if cls == 7 else 0.12)  # fmt: skip
            result = rng.choices(["F", "PRS", "ABA", "ABR", "P"], [p_fail, 0.08, 0.012, 0.005, 1 - p_fail - 0.097])[0]
            add(day, "NT", result)
            if result in ("ABA", "ABR") and rng.random() < 0.5:
                day += timedelta(days=rng.randint(1, 14))
                if day > MOT_END:
                    break
                continue
            if result == "F" and rng.random() < 0.84:
                for _rt in range(3):
                    gap = 0 if rng.random() < 0.35 else rng.randint(1, 10)
                    kind = "PV" if gap == 0 else rng.choices(["PL", "RT"], [85, 15])[0]
                    day += timedelta(days=gap)
                    if day > MOT_END:
                        break
                    r2 = rng.choices(["P", "PRS", "F"], [82, 5, 13])[0]
                    add(day, kind, r2)
                    if r2 != "F":
                        break
            break
    tests.sort(key=lambda r: r["test_id"])
    return tests


def _write_mot(t: Truth, d: Path) -> None:
    lines = ["|".join(MOT_COLUMNS)]
    for r in t.tests:
        lines.append(
            "|".join(
                str(x) for x in (
                    r["test_id"], r["vehicle_id"], r["date"].isoformat(), r["class"], r["type"], r["result"],
                    "" if r["mileage"] is None else r["mileage"], "EX", r["make_raw"], r["model"], r["colour"],
                    r["fuel"], "" if r["cc"] is None else r["cc"], r["first_use"].isoformat(),
                )
            )
        )  # fmt: skip
    (d / MOT_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")


# ==================================================================================================
# Mail: a week of Postfix / amavis / Dovecot in /var/log/mail.log
# ==================================================================================================

MX_DOMAIN = "hollinsmoor.org.uk"
MX_START = datetime(2024, 3, 4)
MX_DAYS = 7
MX_STAFF = [("office", 16), ("bookings", 9), ("j.whitfield", 8), ("s.okonkwo", 7), ("accounts", 6), ("r.pryce", 6),
            ("m.delaney", 5), ("h.qureshi", 5), ("t.barraclough", 4), ("l.fennimore", 4), ("d.oyelaran", 3),
            ("k.marsh", 3), ("p.lindqvist", 2), ("a.hartigan", 2)]  # fmt: skip
# domain, weight, kind of provider
MX_PEERS = [("gmail.com", 30, "google"), ("outlook.com", 8, "microsoft"), ("hotmail.co.uk", 10, "microsoft"),
            ("btinternet.com", 9, "bt"), ("yahoo.co.uk", 5, "yahoo"), ("icloud.com", 5, "apple"),
            ("calderbrook.gov.uk", 7, "m365"), ("northfieldsupplies.co.uk", 6, "m365"),
            ("pennineaccountants.co.uk", 5, "m365"), ("westmoorprinting.co.uk", 3, "m365"),
            ("brightwaterlettings.co.uk", 3, "m365"), ("hebdenvalleytrust.org.uk", 4, "own"),
            ("ryburnfoodbank.org.uk", 3, "own")]  # fmt: skip
MX_FIRST = ["sarah", "david", "helen", "mark", "priya", "tom", "aisha", "gareth", "lucy", "ben", "joanne", "imran",
            "claire", "paul", "rachel", "stuart", "nadia", "chris", "emma", "kevin"]  # fmt: skip
MX_LAST = ["holt", "ibbotson", "kaur", "lumb", "mitchell", "nolan", "oakley", "pearson", "riley", "shaw", "thornton",
           "uttley", "walsh", "yates", "ahmed", "brook", "crossley", "dawson", "firth", "greenwood"]  # fmt: skip
MX_HOURS = [0.3, 0.2, 0.1, 0.1, 0.2, 0.4, 1.2, 3, 6, 8, 8, 7.5, 6, 6.5, 7.5, 7, 6, 4, 2.5, 2, 1.8, 1.4, 1, 0.6]


def _mx_fmt(x: float) -> str:
    """Postfix's delay format: two decimals under a second, one under ten, whole seconds above."""
    if x < 1:
        return f"{x:.2f}"
    if x < 10:
        return f"{x:.1f}"
    return f"{x:.0f}"


def _mx_addr(rng: random.Random, dom: str) -> str:
    style = rng.random()
    f, la = rng.choice(MX_FIRST), rng.choice(MX_LAST)
    if dom in ("gmail.com", "outlook.com", "hotmail.co.uk", "btinternet.com", "yahoo.co.uk", "icloud.com"):
        return f"{f}.{la}{rng.randint(1, 99)}@{dom}" if style < 0.5 else f"{f[0]}{la}@{dom}"
    return f"{f}.{la}@{dom}" if style < 0.7 else rng.choice(["info", "accounts", "enquiries", "admin"]) + f"@{dom}"


def _mx_client(rng: random.Random, dom: str, kind: str) -> str:
    if kind == "google":
        n = rng.randint(41, 98)
        return f"mail-{rng.choice(['wm1', 'ej1', 'lf1', 'ed1', 'wr1'])}-f{n}.google.com[209.85.{rng.choice([128, 208, 218, 221])}.{n}]"
    if kind in ("microsoft", "m365"):
        a, b = rng.randint(1, 250), rng.randint(2, 250)
        region = rng.choice(["db8eur05", "am6eur05", "lon02", "gbr01", "eur03", "eur05"])
        return f"mail-{region}on2{rng.randint(100, 139)}.outbound.protection.outlook.com[40.107.{a}.{b}]"
    if kind == "bt":
        n = rng.randint(2, 60)
        return f"re-prd-fep-0{rng.randint(40, 49)}.btinternet.com[213.120.69.{n}]"
    if kind == "yahoo":
        return f"sonic{rng.randint(301, 330)}-{rng.randint(1, 40)}.consmr.mail.ir2.yahoo.com[77.238.{rng.randint(176, 179)}.{rng.randint(2, 250)}]"
    if kind == "apple":
        return f"qs51p00im-qukt01080{rng.randint(100, 999)}.me.com[17.57.155.{rng.randint(2, 60)}]"
    return f"mail.{dom}[198.51.100.{25 if dom.startswith('hebden') else 61}]"


def _mx_relay(rng: random.Random, dom: str, kind: str) -> str:
    if kind == "google":
        return f"{rng.choice(['gmail-smtp-in', 'alt1.gmail-smtp-in'])}.l.google.com[142.250.{rng.choice([102, 27, 153])}.{rng.choice([26, 27])}]:25"
    if kind == "microsoft":
        return f"eur.olc.protection.outlook.com[52.101.73.{rng.randint(1, 40)}]:25"
    if kind == "m365":
        return f"{dom.replace('.', '-')}.mail.protection.outlook.com[52.101.{rng.randint(64, 95)}.{rng.randint(1, 250)}]:25"
    if kind == "bt":
        return f"mx.bt.lon5.cpcloud.co.uk[65.20.0.{rng.randint(40, 60)}]:25"
    if kind == "yahoo":
        return f"mx-eu.mail.am0.yahoodns.net[188.125.72.{rng.choice([73, 74])}]:25"
    if kind == "apple":
        return f"mx0{rng.randint(1, 2)}.mail.icloud.com[17.57.154.{rng.randint(6, 33)}]:25"
    return f"mail.{dom}[198.51.100.{25 if dom.startswith('hebden') else 61}]:25"


def _mx_when(rng: random.Random, day: int) -> datetime:
    while True:  # nothing starts in the log's last quarter of an hour, so every exchange ends inside it
        h = rng.choices(range(24), MX_HOURS)[0]
        t = MX_START + timedelta(days=day, hours=h, seconds=rng.uniform(0, 3600))
        if t < MX_START + timedelta(days=MX_DAYS, minutes=-15):
            return t


def _build_mail(rng: random.Random) -> tuple[list[dict], list[dict], list[tuple]]:
    """The messages (one per queue ID), the NOQUEUE rejects, and the week's log events (time, order, process, text)."""
    ev: list[tuple] = []
    seq = [0]
    pid = [4100]
    qids: set[str] = set()

    def log(t: datetime, proc: str, text: str) -> None:
        seq[0] += 1
        ev.append((t, seq[0], proc, text))

    def new_pid() -> int:
        pid[0] += rng.randint(1, 9)
        return pid[0]

    def new_qid() -> str:
        while True:
            q = "".join(rng.choice("0123456789ABCDEF") for _ in range(10))
            if q not in qids:
                qids.add(q)
                return q

    staff = [f"{u}@{MX_DOMAIN}" for u, _ in MX_STAFF]
    staff_w = [w for _, w in MX_STAFF]
    peers_w = [w for _, w, _ in MX_PEERS]
    end = MX_START + timedelta(days=MX_DAYS)
    reload_at = MX_START + timedelta(days=2, hours=4, minutes=10, seconds=12.3)
    log(reload_at, "postfix/master[1180]", "reload -- version 3.6.4, configuration /etc/postfix")
    log(reload_at + timedelta(seconds=0.02), "postfix/postfix-script[31877]", "refreshing the Postfix mail system")

    def qpid(t: datetime) -> str:
        return f"postfix/qmgr[{1187 if t < reload_at else 31893}]"

    amavis_n = [0]
    messages: list[dict] = []
    rejects: list[dict] = []

    def lmtp(m: dict, t: datetime, rcpt: tuple[str, str | None]) -> datetime:
        to, orig = rcpt
        t += timedelta(seconds=rng.uniform(0.03, 0.2))
        a, b, c, dd = rng.uniform(0.01, 0.06), 0.01, rng.uniform(0.003, 0.02), rng.uniform(0.01, 0.08)
        delay = (t - m["t"]).total_seconds()
        o = f", orig_to=<{orig}>" if orig else ""
        sess = "".join(
            rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") for _ in range(22)
        )
        log(
            t - timedelta(seconds=0.004),
            "dovecot",
            f"lmtp({to})<{new_pid()}><{sess}>: msgid={m['mid']}: saved mail to INBOX",
        )
        log(t, f"postfix/lmtp[{new_pid()}]",
            f"{m['qid']}: to=<{to}>{o}, relay=mx1.{MX_DOMAIN}[private/dovecot-lmtp], delay={_mx_fmt(delay)}, "
            f"delays={_mx_fmt(max(a, delay - b - c - dd))}/{b}/{_mx_fmt(c)}/{_mx_fmt(dd)}, dsn=2.0.0, "
            f"status=sent (250 2.0.0 <{to}> {sess} Saved)")  # fmt: skip
        m["attempts"].append({"t": t, "rcpt": to, "status": "sent", "proc": "lmtp", "delay": float(_mx_fmt(delay))})
        return t

    def queue(m: dict, t: datetime) -> None:
        m["qmgr"].append(t)
        log(t, qpid(t), f"{m['qid']}: from=<{m['from']}>, size={m['size']}, nrcpt={len(m['rcpts'])} (queue active)")

    def bounce_notice(parent: dict, t: datetime) -> None:
        b = {"qid": new_qid(), "kind": "bounce", "t": t, "client": None, "sasl": None, "from": "",
             "size": rng.randint(3200, 7800), "rcpts": [(parent["from"], None)], "attempts": [], "qmgr": [],
             "mid": f"<{t:%Y%m%d%H%M%S}.{0}@mx1.{MX_DOMAIN}>"}  # fmt: skip
        b["mid"] = f"<{t:%Y%m%d%H%M%S}.{b['qid']}@mx1.{MX_DOMAIN}>"
        log(t, f"postfix/bounce[{new_pid()}]", f"{parent['qid']}: sender non-delivery notification: {b['qid']}")
        log(t + timedelta(seconds=0.002), f"postfix/cleanup[{new_pid()}]", f"{b['qid']}: message-id={b['mid']}")
        queue(b, t + timedelta(seconds=0.005))
        tt = lmtp(b, t + timedelta(seconds=0.005), b["rcpts"][0])
        log(tt + timedelta(seconds=0.001), qpid(tt), f"{b['qid']}: removed")
        messages.append(b)

    # --- mail from the internet: accepted, scanned by amavis, re-injected, delivered over LMTP ---
    for day in range(MX_DAYS):
        wd = (MX_START + timedelta(days=day)).weekday()
        for _ in range({5: 18, 6: 14}.get(wd, 60) + rng.randint(-6, 6)):
            t0 = _mx_when(rng, day)
            news = rng.random() < 0.12
            spam = not news and rng.random() < 0.13
            if news:
                n = rng.randint(10, 240)
                client = f"mail{n}.suw{rng.randint(11, 41)}.mcsv.net[198.2.{rng.randint(128, 191)}.{n}]"
                sender = f"bounce-mc.us{rng.randint(2, 21)}_{rng.randint(10**7, 10**8)}.{rng.randint(10**5, 10**6)}-office={MX_DOMAIN}@mail{n}.suw{rng.randint(11, 41)}.mcsv.net"
                rcpts = [(f"office@{MX_DOMAIN}", None)]
                size = rng.randint(38_000, 95_000)
            elif spam:
                client = f"{rng.choice(['unknown', 'static.vnpt.vn', 'host-' + str(rng.randint(10, 99)) + '.netplus.co'])}[{rng.choice([45, 91, 103, 185, 194])}.{rng.randint(1, 254)}.{rng.randint(1, 254)}.{rng.randint(1, 254)}]"
                sender = f"{rng.choice(MX_FIRST)}{rng.randint(100, 9999)}@{rng.choice(['mailer.top', 'promo-deals.biz', 'secure-notify.info', 'outlook.com'])}"
                rcpts = [(f"info@{MX_DOMAIN}" if rng.random() < 0.5 else rng.choice(staff), None)]
                size = rng.randint(2_500, 40_000)
            else:
                dom, _w, kind = rng.choices(MX_PEERS, peers_w)[0]
                client = _mx_client(rng, dom, kind)
                sender = _mx_addr(rng, dom)
                k = rng.choices([1, 2, 3], [80, 15, 5])[0]
                rcpts = []
                for _r in range(k):
                    to = f"info@{MX_DOMAIN}" if rng.random() < 0.2 else rng.choices(staff, staff_w)[0]
                    if to not in [x for x, _ in rcpts]:
                        rcpts.append((to, None))
                size = min(10_000_000, int(rng.lognormvariate(math.log(14_000), 1.3)) + 1500)
            rcpts = [(f"office@{MX_DOMAIN}", to) if to == f"info@{MX_DOMAIN}" else (to, o) for to, o in rcpts]
            m = {"qid": new_qid(), "kind": "inbound", "t": t0 + timedelta(seconds=0.3), "client": client, "sasl": None,
                 "from": sender, "size": size, "rcpts": rcpts, "attempts": [], "qmgr": [],
                 "mid": f"<{rng.getrandbits(64):016x}.{rng.getrandbits(24):06x}@{client.split('[')[0] if '.' in client.split('[')[0] else 'localhost'}>",
                 "amavis": "SPAM" if spam else "CLEAN"}  # fmt: skip
            spid = new_pid()
            log(t0, f"postfix/smtpd[{spid}]", f"connect from {client}")
            log(m["t"], f"postfix/smtpd[{spid}]", f"{m['qid']}: client={client}")
            log(m["t"] + timedelta(seconds=0.05), f"postfix/cleanup[{new_pid()}]", f"{m['qid']}: message-id={m['mid']}")
            tq = m["t"] + timedelta(seconds=0.1 + size / 2_000_000)
            queue(m, tq)
            log(tq + timedelta(seconds=0.04), f"postfix/smtpd[{spid}]",
                f"disconnect from {client} ehlo=2 starttls=1 mail=1 rcpt={len(rcpts)} data=1 quit=1 commands={6 + len(rcpts)}")  # fmt: skip
            ta = tq + timedelta(seconds=rng.uniform(0.6, 3.5))
            amavis_n[0] += 1
            apid = 2240 + amavis_n[0] % 7
            aid = f"({apid:05d}-{amavis_n[0] // 7 % 100:02d})"
            ip = client.split("[")[1].rstrip("]")
            arrow = f"<{sender}> -> " + ",".join(f"<{to}>" for to, _ in rcpts)
            mail_id = "".join(
                rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") for _ in range(12)
            )
            ms = int((ta - tq).total_seconds() * 1000)
            if spam:
                hits = rng.uniform(6.2, 24.0)
                log(ta - timedelta(seconds=0.01), f"amavis[{apid}]",
                    f"{aid} Blocked SPAM {{DiscardedInbound}}, [{ip}]:{rng.randint(30000, 65000)} [{ip}] {arrow}, "
                    f"Queue-ID: {m['qid']}, Message-ID: {m['mid']}, mail_id: {mail_id}, Hits: {hits:.3f}, size: {size}, {ms} ms")  # fmt: skip
                reply = f"250 2.7.0 Ok, discarded, id={apid:05d}-{amavis_n[0] // 7 % 100:02d} - spam"
            else:
                child = {"qid": new_qid(), "kind": "filtered", "t": ta - timedelta(seconds=0.05), "client": "localhost[127.0.0.1]",
                         "sasl": None, "from": sender, "size": size + rng.randint(780, 1420), "rcpts": rcpts, "attempts": [],
                         "qmgr": [], "mid": m["mid"], "parent": m["qid"]}  # fmt: skip
                m["child"] = child["qid"]
                lpid = new_pid()
                log(child["t"] - timedelta(seconds=0.01), f"postfix/smtpd[{lpid}]", "connect from localhost[127.0.0.1]")
                log(child["t"], f"postfix/smtpd[{lpid}]", f"{child['qid']}: client=localhost[127.0.0.1]")
                log(
                    child["t"] + timedelta(seconds=0.005),
                    f"postfix/cleanup[{new_pid()}]",
                    f"{child['qid']}: message-id={m['mid']}",
                )
                queue(child, child["t"] + timedelta(seconds=0.01))
                log(child["t"] + timedelta(seconds=0.02), f"postfix/smtpd[{lpid}]",
                    f"disconnect from localhost[127.0.0.1] ehlo=1 mail=1 rcpt={len(rcpts)} data=1 quit=1 commands={4 + len(rcpts)}")  # fmt: skip
                hits = rng.uniform(-3.5, 4.5)
                log(ta - timedelta(seconds=0.01), f"amavis[{apid}]",
                    f"{aid} Passed CLEAN {{RelayedInbound}}, [{ip}]:{rng.randint(30000, 65000)} [{ip}] {arrow}, "
                    f"Queue-ID: {m['qid']}, Message-ID: {m['mid']}, mail_id: {mail_id}, Hits: {hits:.3f}, size: {size}, "
                    f"queued_as: {child['qid']}, {ms} ms")  # fmt: skip
                reply = f"250 2.0.0 from MTA(smtp:[127.0.0.1]:10025): 250 2.0.0 Ok: queued as {child['qid']}"
                tt = child["t"] + timedelta(seconds=0.01)
                for r in rcpts:
                    tt = lmtp(child, tt, r)
                log(tt + timedelta(seconds=0.001), qpid(tt), f"{child['qid']}: removed")
                messages.append(child)
            spid2 = new_pid()
            delay = (ta - m["t"]).total_seconds()
            for to, orig in rcpts:
                o = f", orig_to=<{orig}>" if orig else ""
                log(ta, f"postfix/smtp[{spid2}]",
                    f"{m['qid']}: to=<{to}>{o}, relay=127.0.0.1[127.0.0.1]:10024, delay={_mx_fmt(delay)}, "
                    f"delays={_mx_fmt((tq - m['t']).total_seconds())}/0/0/{_mx_fmt((ta - tq).total_seconds())}, "
                    f"dsn=2.0.0, status=sent ({reply})")  # fmt: skip
                m["attempts"].append(
                    {"t": ta, "rcpt": to, "status": "sent", "proc": "amavis", "delay": float(_mx_fmt(delay))}
                )
            log(ta + timedelta(seconds=0.002), qpid(ta), f"{m['qid']}: removed")
            messages.append(m)

    # --- rejected before queueing ---
    for day in range(MX_DAYS):
        for _ in range(rng.randint(38, 52)):
            t0 = (
                _mx_when(rng, day)
                if rng.random() < 0.4
                else MX_START + timedelta(days=day, seconds=rng.uniform(0, 86000))
            )
            ip = f"{rng.choice([45, 77, 89, 91, 103, 117, 141, 185, 193, 194, 212])}.{rng.randint(1, 254)}.{rng.randint(1, 254)}.{rng.randint(1, 254)}"
            why = rng.choices(["rbl", "unknown", "rdns", "helo"], [50, 20, 20, 10])[0]
            host = (
                "unknown"
                if why in ("rbl", "rdns") or rng.random() < 0.5
                else f"mail.{rng.choice(['kzx-trade', 'bestoffer-now', 'vn-ship'])}.com"
            )
            client = f"{host}[{ip}]"
            helo = rng.choice(
                [
                    "localhost",
                    "User",
                    f"[{ip}]",
                    "mail.example.com",
                    "WIN-" + "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") for _ in range(11)),
                ]
            )
            frm = f"{rng.choice(MX_FIRST)}@{rng.choice(['qq.com', 'mail.ru', 'hotmail.com', 'kzx-trade.com', 'gmail.com'])}"
            to = (rng.choice(["sales", "admin", "jobs", "marketing", "ceo", "finance"]) if why == "unknown" else
                  rng.choice(["info", "office", "accounts", "bookings"])) + f"@{MX_DOMAIN}"  # fmt: skip
            if why == "rbl":
                reply = (f"554 5.7.1 Service unavailable; Client host [{ip}] blocked using zen.spamhaus.org; "
                         f"https://www.spamhaus.org/query/ip/{ip}")  # fmt: skip
            elif why == "unknown":
                reply = f"550 5.1.1 <{to}>: Recipient address rejected: User unknown in virtual mailbox table"
            elif why == "rdns":
                reply = f"450 4.7.1 Client host rejected: cannot find your reverse hostname, [{ip}]"
            else:
                reply = f"504 5.5.2 <{helo}>: Helo command rejected: need fully-qualified hostname"
            spid = new_pid()
            log(t0, f"postfix/smtpd[{spid}]", f"connect from {client}")
            log(t0 + timedelta(seconds=rng.uniform(0.3, 2)), f"postfix/smtpd[{spid}]",
                f"NOQUEUE: reject: RCPT from {client}: {reply}; from=<{frm}> to=<{to}> proto=ESMTP helo=<{helo}>")  # fmt: skip
            log(t0 + timedelta(seconds=rng.uniform(2.1, 5)), f"postfix/smtpd[{spid}]",
                f"disconnect from {client} ehlo=1 mail=1 rcpt=0/1 {'quit=1 commands=3/4' if rng.random() < 0.6 else 'commands=2/3'}")  # fmt: skip
            rejects.append({"t": t0, "client": client, "why": why, "to": to})

    # --- staff sending through the submission port ---
    homes = {u: f"host86-{rng.randint(128, 191)}-{rng.randint(1, 254)}-{rng.randint(1, 254)}" for u in staff}
    for day in range(MX_DAYS):
        wd = (MX_START + timedelta(days=day)).weekday()
        for _ in range({5: 5, 6: 3}.get(wd, 42) + rng.randint(-5, 5)):
            t0 = _mx_when(rng, day)
            user = rng.choices(staff, staff_w)[0]
            if 8 <= t0.hour < 18 and wd < 5 and rng.random() < 0.8:
                client = "office-gw.hollinsmoor.org.uk[81.2.110.34]"
            else:
                h = homes[user]
                client = f"{h}.range86-{h.split('-')[1]}.btcentralplus.com[86.{h.split('-')[1]}.{h.split('-')[2]}.{h.split('-')[3]}]"
            k = rng.choices([1, 2, 3, 4], [70, 18, 8, 4])[0]
            rc: list[tuple[str, str | None]] = []
            for _r in range(k):
                if rng.random() < 0.2:
                    to = rng.choice([s for s in staff if s != user])
                else:
                    dom, _w, kind = rng.choices(MX_PEERS, peers_w)[0]
                    to = _mx_addr(rng, dom)
                if to not in [x for x, _ in rc]:
                    rc.append((to, None))
            size = min(10_000_000, int(rng.lognormvariate(math.log(24_000), 1.35)) + 900)
            m = {"qid": new_qid(), "kind": "submission", "t": t0 + timedelta(seconds=rng.uniform(0.4, 1.5)),
                 "client": client, "sasl": user, "from": user, "size": size, "rcpts": rc, "attempts": [], "qmgr": [],
                 "mid": f"<{rng.getrandbits(32):08x}-{rng.getrandbits(16):04x}-{rng.getrandbits(16):04x}-{rng.getrandbits(48):012x}@{MX_DOMAIN}>"}  # fmt: skip
            spid = new_pid()
            log(t0, f"postfix/submission/smtpd[{spid}]", f"connect from {client}")
            log(
                m["t"],
                f"postfix/submission/smtpd[{spid}]",
                f"{m['qid']}: client={client}, sasl_method=PLAIN, sasl_username={user}",
            )
            log(m["t"] + timedelta(seconds=0.03), f"postfix/cleanup[{new_pid()}]", f"{m['qid']}: message-id={m['mid']}")
            tq = m["t"] + timedelta(seconds=0.06 + size / 3_000_000)
            queue(m, tq)
            log(tq + timedelta(seconds=0.03), f"postfix/submission/smtpd[{spid}]",
                f"disconnect from {client} ehlo=2 starttls=1 auth=1 mail=1 rcpt={len(rc)} data=1 quit=1 commands={7 + len(rc)}")  # fmt: skip
            pending = []
            last = tq
            for r in rc:
                if r[0].endswith("@" + MX_DOMAIN):
                    last = max(last, lmtp(m, tq, r))
                else:
                    pending.append(r[0])
            # remote deliveries, with retries
            fate = {}
            for to in pending:
                dom = to.split("@")[1]
                kind = next(k for d, _w, k in MX_PEERS if d == dom)
                u = rng.random()
                if kind == "own" and u < 0.45:
                    fate[to] = rng.choice(["greylist", "timeout", "timeout", "full"])
                elif u < 0.035:
                    fate[to] = rng.choice(["greylist", "full", "timeout"])
                elif u < 0.055:
                    fate[to] = "unknown"
                else:
                    fate[to] = "ok"
            tries = {to: 0 for to in pending}
            when = tq
            gap = rng.uniform(300, 900)
            while pending:
                done = []
                spid2 = new_pid()
                for to in pending:
                    dom = to.split("@")[1]
                    kind = next(k for d, _w, k in MX_PEERS if d == dom)
                    relay = _mx_relay(rng, dom, kind)
                    f = fate[to]
                    tries[to] += 1
                    c = 30.0 if f == "timeout" and tries[to] <= 3 else rng.uniform(0.05, 0.6)
                    dd = rng.uniform(0.08, 1.2) + size / 1_500_000
                    tend = when + timedelta(seconds=rng.uniform(0.02, 0.3) + c + (0 if c == 30.0 else dd))
                    delay = (tend - m["t"]).total_seconds()
                    if f == "ok" or (f == "greylist" and tries[to] > 1) or (f == "timeout" and tries[to] > 3):
                        if kind in ("google",):
                            text = f"250 2.0.0 OK  {int(tend.timestamp())} {rng.choice('abcdefghijklmnopqrstuvwxyz')}{rng.randint(1, 99)}-20020a05600c{rng.getrandbits(40):010x}.{rng.randint(10, 999)} - gsmtp"
                        elif kind in ("microsoft", "m365"):
                            text = f"250 2.6.0 {m['mid']} [InternalId={rng.randint(10**12, 10**13)}, Hostname=AM{rng.randint(0, 9)}PR0{rng.randint(1, 9)}MB{rng.randint(1000, 9999)}.eurprd0{rng.randint(1, 9)}.prod.outlook.com] {size + 5200} bytes in {rng.uniform(0.05, 0.4):.3f}, {rng.uniform(20, 900):.3f} KB/sec Queued mail for delivery"
                        else:
                            text = f"250 2.0.0 Ok: queued as {rng.getrandbits(40):010X}"
                        status, dsn = "sent", "2.0.0"
                    elif f == "unknown" or (f == "full" and tries[to] >= 3):
                        status = "bounced"
                        if f == "unknown":
                            host = relay.rsplit(":", 1)[0]
                            text = (f"host {host} said: 550 5.1.1 <{to}>: Recipient address rejected: User unknown "
                                    "(in reply to RCPT TO command)")  # fmt: skip
                            dsn = "5.1.1"
                        else:
                            text = f"host {relay.rsplit(':', 1)[0]} said: 552 5.2.2 <{to}>: Mailbox full (in reply to RCPT TO command)"
                            dsn = "5.2.2"
                    else:
                        status = "deferred"
                        host = relay.rsplit(":", 1)[0]
                        if f == "timeout":
                            dsn = "4.4.1"
                            text = f"connect to {host}:25: Connection timed out"
                            relay = "none"
                        elif f == "greylist":
                            dsn = "4.7.1"
                            text = (f"host {host} said: 450 4.7.1 <{to}>: Recipient address rejected: Greylisted, see "
                                    f"https://postgrey.schweikert.ch/help/{to.split('@')[1]}.html (in reply to RCPT TO command)")  # fmt: skip
                        else:
                            dsn = "4.2.2"
                            text = f"host {host} said: 452 4.2.2 <{to}>: Mailbox full (in reply to RCPT TO command)"
                    a = max(0.01, delay - c - dd - 0.01)
                    log(tend, f"postfix/smtp[{spid2}]",
                        f"{m['qid']}: to=<{to}>, relay={relay}, delay={_mx_fmt(delay)}, delays={_mx_fmt(a)}/0.01/"
                        f"{_mx_fmt(c)}/{_mx_fmt(0 if c == 30.0 else dd)}, dsn={dsn}, status={status} ({text})")  # fmt: skip
                    m["attempts"].append(
                        {"t": tend, "rcpt": to, "status": status, "proc": "smtp", "delay": float(_mx_fmt(delay))}
                    )
                    last = max(last, tend)
                    if status == "bounced":
                        bounce_notice(m, tend + timedelta(seconds=0.01))
                    if status != "deferred":
                        done.append(to)
                pending = [p for p in pending if p not in done]
                if not pending:
                    break
                when = last + timedelta(seconds=gap)
                gap = min(4000, gap * 2)
                if when >= end - timedelta(minutes=2):
                    break  # still deferred when the log ends
                queue(m, when)  # the queue manager logs the message again on each retry
            if not pending:
                log(last + timedelta(seconds=0.002), qpid(last), f"{m['qid']}: removed")
            messages.append(m)

    # --- noise: SASL guessing on the submission port, IMAP logins, anvil statistics ---
    for day in range(MX_DAYS):
        for _ in range(rng.randint(25, 45)):
            t0 = MX_START + timedelta(days=day, seconds=rng.uniform(0, 86399))
            ip = f"{rng.choice([45, 80, 141, 185, 193])}.{rng.randint(1, 254)}.{rng.randint(1, 254)}.{rng.randint(1, 254)}"
            spid = new_pid()
            log(t0, f"postfix/submission/smtpd[{spid}]", f"connect from unknown[{ip}]")
            log(t0 + timedelta(seconds=2.1), f"postfix/submission/smtpd[{spid}]",
                f"warning: unknown[{ip}]: SASL LOGIN authentication failed: UGFzc3dvcmQ6")  # fmt: skip
            log(t0 + timedelta(seconds=2.3), f"postfix/submission/smtpd[{spid}]",
                f"disconnect from unknown[{ip}] ehlo=1 auth=0/1 rset=1 quit=1 commands=3/4")  # fmt: skip
        for _ in range(rng.randint(60, 110) if (MX_START + timedelta(days=day)).weekday() < 5 else rng.randint(10, 25)):
            t0 = _mx_when(rng, day)
            user = rng.choices(staff, staff_w)[0]
            sess = "".join(
                rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") for _ in range(16)
            )
            log(t0, "dovecot", f"imap-login: Login: user=<{user}>, method=PLAIN, rip=81.2.110.34, lip=10.0.0.5, "
                               f"mpid={new_pid()}, TLS, session=<{sess}>")  # fmt: skip
        for h in range(0, 24, 6):
            t0 = MX_START + timedelta(days=day, hours=h, minutes=rng.randint(0, 59), seconds=rng.uniform(0, 59))
            log(t0, f"postfix/anvil[{new_pid()}]", f"statistics: max connection rate {rng.randint(1, 6)}/60s for "
                                                    f"(smtp:{rng.choice([45, 185, 209])}.{rng.randint(1, 254)}.{rng.randint(1, 254)}.{rng.randint(1, 254)}) at "
                                                    f"{t0 - timedelta(minutes=rng.randint(1, 9)):%b %e %H:%M:%S}")  # fmt: skip
    ev = [e for e in ev if MX_START <= e[0] < end]
    messages = [m for m in messages if m["t"] < end]
    messages.sort(key=lambda m: m["t"])
    return messages, rejects, ev


def _write_mail(t: Truth, d: Path) -> None:
    lines = []
    for when, _seq, proc, text in sorted(t.mail_events, key=lambda e: (e[0], e[1])):
        lines.append(f"{when:%b} {when.day:2d} {when:%H:%M:%S} mx1 {proc}: {text}")
    (d / MX_FILE).write_text("\n".join(lines) + "\n", encoding="utf-8")


# ==================================================================================================
# Vulnerabilities: NVD's CVE API 2.0 answer and CISA's KEV catalogue
# ==================================================================================================

NVD_START = datetime(2024, 3, 11)
NVD_FETCHED = datetime(2024, 3, 25, 8, 41, 17, 653000)
KEV_FETCHED = date(2024, 3, 21)
NVD = "nvd@nist.gov"
# source identifier, CVEs in the week, profile, CVSS version the CNA scores with (None: no score), adds CVSS 2.0
NVD_CNAS = [
    ("cna@vuldb.com", 118, "vuldb", "3.1", True),
    ("security@wordfence.com", 104, "wordfence", "3.1", False),
    ("cve@mitre.org", 78, "mitre", None, False),
    ("audit@patchstack.com", 66, "patchstack", "3.1", False),
    ("secure@microsoft.com", 61, "microsoft", "3.1", False),
    ("security-advisories@github.com", 57, "github", "3.1", False),
    ("security@android.com", 34, "android", None, False),
    ("productcert@siemens.com", 33, "siemens", "3.1", False),
    ("security@huntr.dev", 24, "huntr", "3.0", False),
    ("secalert@redhat.com", 22, "redhat", "3.1", False),
    ("zdi-disclosures@trendmicro.com", 21, "zdi", "3.0", False),
    ("psirt@us.ibm.com", 14, "ibm", "3.1", False),
    ("vultures@jpcert.or.jp", 11, "jpcert", None, False),
    ("psirt@fortinet.com", 9, "fortinet", "3.1", False),
    ("security@apache.org", 9, "apache", None, False),
    ("cve@gitlab.com", 8, "gitlab", "3.1", False),
]  # fmt: skip
# profile: (CWE, weight, vectors the CNA uses for it)
NVD_KINDS = {
    "vuldb": [("CWE-89", 40, ["AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:L", "AV:N/AC:L/PR:L/UI:N/S:U/C:L/I:L/A:L"]),
              ("CWE-79", 25, ["AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:L/A:N", "AV:N/AC:L/PR:L/UI:R/S:U/C:N/I:L/A:N"]),
              ("CWE-434", 8, ["AV:N/AC:L/PR:L/UI:N/S:U/C:L/I:L/A:L", "AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:L"]),
              ("CWE-352", 7, ["AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:L/A:N"]),
              ("CWE-121", 10, ["AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H"]),
              ("CWE-284", 5, ["AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N"]),
              ("CWE-22", 5, ["AV:N/AC:L/PR:L/UI:N/S:U/C:L/I:N/A:N"])],
    "wordfence": [("CWE-79", 60, ["AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N", "AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N",
                                  "AV:N/AC:H/PR:H/UI:N/S:C/C:L/I:L/A:N"]),
                  ("CWE-862", 20, ["AV:N/AC:L/PR:L/UI:N/S:U/C:N/I:L/A:N", "AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:L/A:N"]),
                  ("CWE-352", 10, ["AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:L/A:N"]),
                  ("CWE-89", 5, ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N"]),
                  ("CWE-434", 3, ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"]),
                  ("CWE-22", 2, ["AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:N/A:N"])],
    "patchstack": [("CWE-79", 50, ["AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:L", "AV:N/AC:L/PR:H/UI:R/S:C/C:L/I:L/A:L",
                                   "AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:L"]),
                   ("CWE-352", 25, ["AV:N/AC:L/PR:N/UI:R/S:U/C:N/I:L/A:N", "AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H"]),
                   ("CWE-862", 15, ["AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L"]),
                   ("CWE-89", 7, ["AV:N/AC:L/PR:H/UI:N/S:C/C:H/I:N/A:L"]),
                   ("CWE-434", 3, ["AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H"])],
    "microsoft": [("CWE-416", 22, ["AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H"]),
                  ("CWE-122", 20, ["AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H", "AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H"]),
                  ("CWE-200", 15, ["AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N"]),
                  ("CWE-400", 15, ["AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H"]),
                  ("CWE-20", 10, ["AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:N/A:N", "AV:L/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H"]),
                  ("CWE-693", 5, ["AV:P/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"]),
                  ("CWE-190", 8, ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H"])],
    "github": [("CWE-22", 15, ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N"]),
               ("CWE-79", 20, ["AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N"]),
               ("CWE-400", 15, ["AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H"]),
               ("CWE-918", 10, ["AV:N/AC:L/PR:N/UI:N/S:C/C:L/I:N/A:N"]),
               ("CWE-287", 10, ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N"]),
               ("CWE-94", 10, ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"]),
               ("CWE-1321", 10, ["AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:L"]),
               ("CWE-770", 10, ["AV:N/AC:L/PR:L/UI:N/S:U/C:N/I:N/A:H"])],
    "siemens": [("CWE-787", 35, ["AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H"]),
                ("CWE-125", 25, ["AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H"]),
                ("CWE-20", 15, ["AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H"]),
                ("CWE-78", 15, ["AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H"]),
                ("CWE-200", 10, ["AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N"])],
    "huntr": [("CWE-22", 25, ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N"]),
              ("CWE-79", 20, ["AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N"]),
              ("CWE-94", 15, ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"]),
              ("CWE-1333", 15, ["AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H"]),
              ("CWE-918", 15, ["AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:N/A:N"]),
              ("CWE-639", 10, ["AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:N"])],
    "zdi": [("CWE-787", 35, ["AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H"]),
            ("CWE-502", 20, ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"]),
            ("CWE-59", 20, ["AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H"]),
            ("CWE-125", 15, ["AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:N/A:N"]),
            ("CWE-22", 10, ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"])],
    "redhat": [("CWE-476", 30, ["AV:L/AC:L/PR:L/UI:N/S:U/C:N/I:N/A:H"]),
               ("CWE-400", 30, ["AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H"]),
               ("CWE-200", 20, ["AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N"]),
               ("CWE-416", 20, ["AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H"])],
    "ibm": [("CWE-79", 40, ["AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N"]),
            ("CWE-200", 25, ["AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N"]),
            ("CWE-209", 20, ["AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:N/A:N"]),
            ("CWE-352", 15, ["AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H"])],
    "fortinet": [("CWE-89", 40, ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"]),
                 ("CWE-78", 30, ["AV:L/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H"]),
                 ("CWE-79", 30, ["AV:N/AC:L/PR:N/UI:R/S:U/C:L/I:L/A:N"])],
    "gitlab": [("CWE-862", 40, ["AV:N/AC:L/PR:L/UI:N/S:U/C:N/I:L/A:N"]),
               ("CWE-400", 30, ["AV:N/AC:L/PR:L/UI:N/S:U/C:N/I:N/A:H"]),
               ("CWE-79", 30, ["AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N"])],
    "mitre": [("CWE-121", 25, []), ("CWE-78", 20, []), ("CWE-79", 15, []), ("CWE-89", 15, []), ("CWE-22", 10, []),
              ("CWE-476", 15, [])],
    "android": [("CWE-787", 40, []), ("CWE-125", 30, []), ("CWE-862", 30, [])],
    "apache": [("CWE-502", 30, []), ("CWE-400", 40, []), ("CWE-20", 30, [])],
    "jpcert": [("CWE-79", 40, []), ("CWE-22", 30, []), ("CWE-306", 30, [])],
}  # fmt: skip
# NVD's own vectors for a CWE when it does not simply take the CNA's
NVD_OWN = {
    "CWE-79": ["AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N", "AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N"],
    "CWE-89": ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H"],
    "CWE-352": ["AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H"],
    "CWE-862": ["AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:L/A:N", "AV:N/AC:L/PR:L/UI:N/S:U/C:N/I:H/A:N"],
    "CWE-434": ["AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H"],
    "CWE-22": ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N"],
    "CWE-400": ["AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H"],
    "CWE-200": ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N"],
}
NVD_OWN_DEFAULT = ["AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H",
                   "AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H"]  # fmt: skip
NVD_ANALYSED = {"microsoft": 0.5, "fortinet": 0.6, "mitre": 0.3, "android": 0.25, "vuldb": 0.12}
NVD_REJECTED = {"mitre": 5, "redhat": 2, "vuldb": 2, "github": 1}
# CVEs of the week that CISA added to its catalogue: profile, vendorProject, product, vulnerability name
NVD_KEV = [
    ("fortinet", "CWE-89", "Fortinet", "FortiClientEMS", "Fortinet FortiClientEMS SQL Injection Vulnerability"),
    ("microsoft", "CWE-416", "Microsoft", "Windows", "Microsoft Windows Kernel Use-After-Free Vulnerability"),
    ("mitre", "CWE-121", "D-Link", "DIR-X5460 Routers", "D-Link DIR-X5460 Routers Stack-Based Buffer Overflow Vulnerability"),
    ("mitre", "CWE-78", "Hikvision", "Network Video Recorders", "Hikvision Network Video Recorders OS Command Injection Vulnerability"),
    ("github", "CWE-22", "Nexpose", "Fileshare Gateway", "Nexpose Fileshare Gateway Path Traversal Vulnerability"),
    ("zdi", "CWE-502", "Ivolta", "Panorama Viewer", "Ivolta Panorama Viewer Deserialization of Untrusted Data Vulnerability"),
    ("android", "CWE-787", "Android", "Framework", "Android Framework Out-of-Bounds Write Vulnerability"),
]  # fmt: skip
KEV_OLD = [
    ("Microsoft", "Windows", "Microsoft Windows {x} Privilege Escalation Vulnerability", "CWE-416"),
    ("Microsoft", "Exchange Server", "Microsoft Exchange Server Privilege Escalation Vulnerability", "CWE-287"),
    ("Apple", "Multiple Products", "Apple Multiple Products WebKit {x} Vulnerability", "CWE-787"),
    ("Google", "Chromium V8", "Google Chromium V8 Type Confusion Vulnerability", "CWE-843"),
    ("Ivanti", "Connect Secure and Policy Secure", "Ivanti Connect Secure and Policy Secure {x} Vulnerability", "CWE-77"),
    ("Cisco", "IOS XE", "Cisco IOS XE Web UI Privilege Escalation Vulnerability", "CWE-269"),
    ("Citrix", "NetScaler ADC and NetScaler Gateway", "Citrix NetScaler ADC and NetScaler Gateway {x} Vulnerability", "CWE-119"),
    ("Atlassian", "Confluence Data Center and Server", "Atlassian Confluence Data Center and Server {x} Vulnerability", "CWE-863"),
    ("Apache", "ActiveMQ", "Apache ActiveMQ Deserialization of Untrusted Data Vulnerability", "CWE-502"),
    ("VMware", "vCenter Server", "VMware vCenter Server Out-of-Bounds Write Vulnerability", "CWE-787"),
    ("JetBrains", "TeamCity", "JetBrains TeamCity {x} Vulnerability", "CWE-288"),
    ("Adobe", "ColdFusion", "Adobe ColdFusion Deserialization of Untrusted Data Vulnerability", "CWE-502"),
    ("Juniper", "Junos OS", "Juniper Junos OS SRX Series and EX Series {x} Vulnerability", "CWE-306"),
    ("Progress", "WS_FTP Server", "Progress WS_FTP Server Deserialization of Untrusted Data Vulnerability", "CWE-502"),
    ("Zimbra", "Collaboration (ZCS)", "Zimbra Collaboration (ZCS) Cross-Site Scripting (XSS) Vulnerability", "CWE-79"),
    ("F5", "BIG-IP Configuration Utility", "F5 BIG-IP Configuration Utility {x} Vulnerability", "CWE-89"),
    ("Samsung", "Mobile Devices", "Samsung Mobile Devices {x} Vulnerability", "CWE-20"),
    ("Arm", "Mali GPU Kernel Driver", "Arm Mali GPU Kernel Driver Use-After-Free Vulnerability", "CWE-416"),
    ("Qualcomm", "Multiple Chipsets", "Qualcomm Multiple Chipsets {x} Vulnerability", "CWE-787"),
    ("Mozilla", "Firefox and Thunderbird", "Mozilla Firefox and Thunderbird {x} Vulnerability", "CWE-416"),
    ("Roundcube", "Webmail", "Roundcube Webmail Persistent Cross-Site Scripting (XSS) Vulnerability", "CWE-79"),
    ("Fortinet", "FortiOS", "Fortinet FortiOS {x} Vulnerability", "CWE-787"),
    ("Palo Alto Networks", "PAN-OS", "Palo Alto Networks PAN-OS {x} Vulnerability", "CWE-77"),
    ("Sophos", "Web Appliance", "Sophos Web Appliance OS Command Injection Vulnerability", "CWE-78"),
    ("D-Link", "Multiple Routers", "D-Link Multiple Routers {x} Vulnerability", "CWE-78"),
    ("Oracle", "WebLogic Server", "Oracle WebLogic Server {x} Vulnerability", ""),
    ("Linux", "Kernel", "Linux Kernel {x} Vulnerability", "CWE-416"),
]  # fmt: skip
KEV_FLAWS = ["Use-After-Free", "Out-of-Bounds Write", "Command Injection", "Authentication Bypass", "Improper Input Validation",
             "Buffer Overflow", "Code Injection", "Path Traversal", "Server-Side Request Forgery (SSRF)", "Memory Corruption"]  # fmt: skip
KEV_ACTIONS = [
    "Apply mitigations per vendor instructions or discontinue use of the product if mitigations are unavailable.",
    "Apply updates per vendor instructions.",
    "Apply mitigations per vendor instructions or discontinue use of the product if mitigations are unavailable. "
    "For affected devices that are end-of-life, discontinue use of the product.",
]

_AV = {"N": ("NETWORK", 0.85), "A": ("ADJACENT_NETWORK", 0.62), "L": ("LOCAL", 0.55), "P": ("PHYSICAL", 0.2)}
_AC = {"L": ("LOW", 0.77), "H": ("HIGH", 0.44)}
_UI = {"N": ("NONE", 0.85), "R": ("REQUIRED", 0.62)}
_CIA = {"H": ("HIGH", 0.56), "L": ("LOW", 0.22), "N": ("NONE", 0.0)}
_PR_NAME = {"N": "NONE", "L": "LOW", "H": "HIGH"}


def _sev3(x: float) -> str:
    return "NONE" if x == 0 else "LOW" if x < 4 else "MEDIUM" if x < 7 else "HIGH" if x < 9 else "CRITICAL"


def _round1(x: float) -> float:
    return math.floor(x * 10 + 0.5 + 1e-9) / 10


def _cvss3(vec: str, version: str) -> dict:
    """A CVSS 3.x cvssData block with the base score worked out from the vector (FIRST's formulas)."""
    m = dict(x.split(":") for x in vec.split("/"))
    changed = m["S"] == "C"
    pr = {"N": 0.85, "L": 0.68 if changed else 0.62, "H": 0.5 if changed else 0.27}[m["PR"]]
    iss = 1 - (1 - _CIA[m["C"]][1]) * (1 - _CIA[m["I"]][1]) * (1 - _CIA[m["A"]][1])
    impact = 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02) ** 15 if changed else 6.42 * iss
    expl = 8.22 * _AV[m["AV"]][1] * _AC[m["AC"]][1] * pr * _UI[m["UI"]][1]

    def roundup(x: float) -> float:
        if version == "3.0":
            return math.ceil(x * 10 - 1e-9) / 10
        i = round(x * 100000)
        return i / 100000.0 if i % 10000 == 0 else (math.floor(i / 10000) + 1) / 10.0

    base = 0.0 if impact <= 0 else roundup(min((1.08 if changed else 1) * (impact + expl), 10))
    data = {
        "version": version, "vectorString": f"CVSS:{version}/{vec}", "attackVector": _AV[m["AV"]][0],
        "attackComplexity": _AC[m["AC"]][0], "privilegesRequired": _PR_NAME[m["PR"]], "userInteraction": _UI[m["UI"]][0],
        "scope": "CHANGED" if changed else "UNCHANGED", "confidentialityImpact": _CIA[m["C"]][0],
        "integrityImpact": _CIA[m["I"]][0], "availabilityImpact": _CIA[m["A"]][0], "baseScore": base,
        "baseSeverity": _sev3(base),
    }  # fmt: skip
    return {"cvssData": data, "exploitabilityScore": _round1(expl), "impactScore": _round1(max(impact, 0))}


def _cvss2(vec3: str) -> dict:
    """VulDB's CVSS 2.0 block, its vector read off the 3.1 one."""
    m = dict(x.split(":") for x in vec3.split("/"))
    av = {
        "N": ("N", "NETWORK", 1.0),
        "A": ("A", "ADJACENT_NETWORK", 0.646),
        "L": ("L", "LOCAL", 0.395),
        "P": ("L", "LOCAL", 0.395),
    }[m["AV"]]
    ac = {"L": ("L", "LOW", 0.71), "H": ("H", "HIGH", 0.35)}[m["AC"]]
    au = {"N": ("N", "NONE", 0.704), "L": ("S", "SINGLE", 0.56), "H": ("M", "MULTIPLE", 0.45)}[m["PR"]]
    cia = {"H": ("C", "COMPLETE", 0.66), "L": ("P", "PARTIAL", 0.275), "N": ("N", "NONE", 0.0)}
    c, i, a = cia[m["C"]], cia[m["I"]], cia[m["A"]]
    impact = 10.41 * (1 - (1 - c[2]) * (1 - i[2]) * (1 - a[2]))
    expl = 20 * av[2] * ac[2] * au[2]
    base = _round1(((0.6 * impact) + (0.4 * expl) - 1.5) * (0 if impact == 0 else 1.176))
    data = {
        "version": "2.0", "vectorString": f"AV:{av[0]}/AC:{ac[0]}/Au:{au[0]}/C:{c[0]}/I:{i[0]}/A:{a[0]}",
        "accessVector": av[1], "accessComplexity": ac[1], "authentication": au[1], "confidentialityImpact": c[1],
        "integrityImpact": i[1], "availabilityImpact": a[1], "baseScore": base,
    }  # fmt: skip
    sev = "LOW" if base < 4 else "MEDIUM" if base < 7 else "HIGH"
    return {"cvssData": data, "baseSeverity": sev, "exploitabilityScore": _round1(expl), "impactScore": _round1(impact),
            "acInsufInfo": False, "obtainAllPrivilege": False, "obtainUserPrivilege": False,
            "obtainOtherPrivilege": False, "userInteractionRequired": m["UI"] == "R"}  # fmt: skip


_WORDS = ["aurora", "beacon", "cobalt", "delta", "ember", "fable", "granite", "harbor", "iris", "juniper", "kestrel",
          "lumen", "meadow", "nimbus", "orbit", "pebble", "quartz", "raven", "sable", "tundra", "umber", "vertex",
          "willow", "zephyr"]  # fmt: skip
_FLAW_TEXT = {
    "CWE-79": "cross-site scripting", "CWE-89": "SQL injection", "CWE-434": "unrestricted upload",
    "CWE-352": "cross-site request forgery", "CWE-121": "stack-based buffer overflow", "CWE-284": "improper access controls",
    "CWE-22": "path traversal", "CWE-862": "missing authorization", "CWE-416": "use after free",
    "CWE-122": "heap-based buffer overflow", "CWE-200": "information disclosure", "CWE-400": "uncontrolled resource consumption",
    "CWE-20": "improper input validation", "CWE-693": "protection mechanism failure", "CWE-190": "integer overflow",
    "CWE-918": "server-side request forgery", "CWE-287": "improper authentication", "CWE-94": "code injection",
    "CWE-1321": "prototype pollution", "CWE-770": "allocation of resources without limits", "CWE-787": "out-of-bounds write",
    "CWE-125": "out-of-bounds read", "CWE-78": "OS command injection", "CWE-1333": "inefficient regular expression",
    "CWE-639": "authorization bypass through user-controlled key", "CWE-502": "deserialization of untrusted data",
    "CWE-59": "link following", "CWE-476": "NULL pointer dereference", "CWE-209": "information exposure through an error message",
    "CWE-306": "missing authentication for a critical function",
}  # fmt: skip
_MS_KIND = {"CWE-416": "Elevation of Privilege", "CWE-122": "Remote Code Execution", "CWE-200": "Information Disclosure",
            "CWE-400": "Denial of Service", "CWE-20": "Spoofing", "CWE-693": "Security Feature Bypass",
            "CWE-190": "Remote Code Execution"}  # fmt: skip
_MS_PARTS = ["Windows Kernel", "Windows Hyper-V", "Microsoft ODBC Driver", "Windows Print Spooler", "Windows Installer",
             "Microsoft WDAC OLE DB provider for SQL Server", "Windows Graphics Component", "Microsoft Exchange Server",
             "Windows Composite Image File System", "Windows OLE", "Microsoft SharePoint Server", "Windows Error Reporting Service",
             "Microsoft Azure Kubernetes Service Confidential Container", "Windows USB Print Driver", "Open Management Infrastructure"]  # fmt: skip


def _nvd_text(rng: random.Random, kind: str, cwe: str) -> tuple[str, str]:
    """An English description in the CNA's house style, and the product it names."""
    w1, w2 = rng.choice(_WORDS).capitalize(), rng.choice(_WORDS).capitalize()
    flaw = _FLAW_TEXT[cwe]
    v = f"{rng.randint(1, 9)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}"
    if kind == "vuldb":
        prod = (f"Tenda AC{rng.choice([15, 18, 10])} 15.03.05.{rng.randint(5, 19)}" if cwe == "CWE-121"
                else f"{rng.choice(['SourceCodester', 'code-projects', 'Campcodes'])} {w1} {rng.choice(['Management System', 'Ordering System', 'Booking System', 'Portal'])} 1.0")  # fmt: skip
        sev = "critical" if cwe in ("CWE-89", "CWE-121", "CWE-434") else "problematic"
        return (f"A vulnerability, which was classified as {sev}, has been found in {prod}. Affected by this issue is some "
                f"unknown functionality of the file /{rng.choice(['admin', 'goform', 'classes'])}/{w2.lower()}.php. The "
                f"manipulation of the argument {rng.choice(['id', 'page', 'name', 'cid'])} leads to {flaw}. The attack may be "
                f"launched remotely. The exploit has been disclosed to the public and may be used. The identifier of this "
                f"vulnerability is VDB-{rng.randint(256000, 257200)}."), prod  # fmt: skip
    if kind == "wordfence":
        prod = f"{w1} {w2} {rng.choice(['Blocks', 'Forms', 'Gallery', 'Slider', 'Booking', 'Addons'])}"
        return (f"The {prod} plugin for WordPress is vulnerable to {flaw} in all versions up to, and including, {v}. This "
                f"makes it possible for {rng.choice(['unauthenticated attackers', 'authenticated attackers, with contributor-level access and above,'])} "
                f"to exploit it."), prod  # fmt: skip
    if kind == "patchstack":
        prod = f"{w1}Themes {w2} {rng.choice(['Builder', 'Toolkit', 'Forms', 'Widgets'])}"
        return (
            f"{flaw[0].upper() + flaw[1:]} vulnerability in {prod}.This issue affects {prod}: from n/a through {v}.",
            prod,
        )
    if kind == "microsoft":
        prod = f"{rng.choice(_MS_PARTS)}"
        return f"{prod} {_MS_KIND[cwe]} Vulnerability", prod
    if kind == "github":
        prod = f"{w1.lower()}-{w2.lower()}"
        return (f"{prod} is an open source {rng.choice(['web framework', 'package manager', 'CMS', 'chat server', 'API gateway'])}. "
                f"Prior to version {v}, a {flaw} issue allows an attacker to compromise the service. This issue has been "
                f"patched in version {v[:-1]}{int(v[-1]) + 1}."), prod  # fmt: skip
    if kind == "siemens":
        prod = f"{rng.choice(['SINEC NMS', 'SIMATIC RTLS Locating Manager', 'Solid Edge', 'Parasolid', 'SCALANCE W1750D', 'SENTRON 7KM PAC3200'])}"
        return (f"A vulnerability has been identified in {prod} (All versions < V{v}). The affected application is "
                f"affected by {flaw}. This could allow an attacker to execute code in the context of the current process."), prod  # fmt: skip
    if kind == "huntr":
        prod = f"{w1.lower()}{rng.randint(1, 99)}/{w2.lower()}"
        return f"{flaw[0].upper() + flaw[1:]} in GitHub repository {prod} prior to {v}.", prod
    if kind == "zdi":
        prod = f"{w1} {w2} {rng.choice(['Viewer', 'Studio', 'Server', 'PDF Editor'])}"
        return (f"{prod} {flaw} Remote Code Execution Vulnerability. This vulnerability allows remote attackers to execute "
                f"arbitrary code on affected installations of {prod}. The specific flaw exists within the parsing of "
                f"{rng.choice(['DWG', 'PDF', 'SKP', 'U3D', 'EMF'])} files. Was ZDI-CAN-{rng.randint(21000, 23500)}."), prod  # fmt: skip
    if kind == "redhat":
        prod = rng.choice(["the Linux kernel", "libtiff", "podman", "Keycloak", "glibc", "the GNOME Shell", "Quarkus"])
        return (
            f"A flaw was found in {prod}. A {flaw} issue may allow an attacker to crash the system or gain access.",
            prod,
        )
    if kind == "ibm":
        prod = (
            f"IBM {rng.choice(['Security Verify Access', 'Db2', 'MQ', 'Cognos Analytics', 'Maximo Application Suite'])}"
        )
        return (f"{prod} {v} through {v[:-1]}{int(v[-1]) + 3} is vulnerable to {flaw}. IBM X-Force ID: "
                f"{rng.randint(270000, 282000)}."), prod  # fmt: skip
    if kind == "fortinet":
        prod = f"Fortinet {rng.choice(['FortiClientEMS', 'FortiOS', 'FortiProxy', 'FortiManager'])}"
        return (f"An improper neutralization of special elements ({flaw}) in {prod} version 7.2.0 through 7.2.2 allows "
                f"attacker to execute unauthorized code or commands via specially crafted packets."), prod  # fmt: skip
    if kind == "gitlab":
        return (f"An issue has been discovered in GitLab CE/EE affecting all versions starting from 16.{rng.randint(0, 7)} "
                f"before 16.7.7. A {flaw} issue allows an attacker to act beyond their permissions."), "GitLab"  # fmt: skip
    if kind == "mitre":
        prod = f"{rng.choice(['TOTOLINK', 'D-Link', 'Tenda', 'Hikvision', 'Netgear'])} {w1.upper()[:2]}{rng.randint(100, 9999)}"
        return (f"{prod} v{v} was discovered to contain a {flaw} via the {rng.choice(['ip', 'cmd', 'url', 'ssid'])} "
                f"parameter in the {w2.lower()}Cfg function."), prod  # fmt: skip
    if kind == "android":
        return (f"In {w1.lower()}_{w2.lower()} of {w1}{w2}.cpp, there is a possible {flaw} due to a missing bounds check. "
                "This could lead to local escalation of privilege with no additional execution privileges needed. User "
                "interaction is not needed for exploitation."), "Android"  # fmt: skip
    if kind == "apache":
        prod = f"Apache {w1}"
        return (f"{flaw[0].upper() + flaw[1:]} vulnerability in {prod}. This issue affects {prod}: from {v} before "
                f"{v[:-1]}{int(v[-1]) + 1}. Users are recommended to upgrade to version {v[:-1]}{int(v[-1]) + 1}, which fixes the issue."), prod  # fmt: skip
    prod = f"{w1} {w2}"
    return f"{prod} contains a {flaw} vulnerability. A remote attacker may exploit it.", prod


def _build_nvd(rng: random.Random) -> tuple[list[dict], list[dict]]:
    ids: set[str] = set()

    def new_id() -> str:
        while True:
            c = (
                f"CVE-2024-{rng.randint(1200, 28999)}"
                if rng.random() < 0.93
                else f"CVE-2023-{rng.randint(46000, 52999)}"
            )
            if c not in ids:
                ids.add(c)
                return c

    cves = []
    for source, n, kind, ver, v2 in NVD_CNAS:
        rejected = NVD_REJECTED.get(kind, 0)
        for i in range(n):
            cwe = rng.choices([k[0] for k in NVD_KINDS[kind]], [k[1] for k in NVD_KINDS[kind]])[0]
            vecs = next(k[2] for k in NVD_KINDS[kind] if k[0] == cwe)
            if kind == "microsoft":
                pub = datetime(2024, 3, 12, 17, 15, rng.randint(45, 59), rng.randint(0, 999) * 1000)
            elif kind in ("siemens", "fortinet"):
                pub = datetime(2024, 3, 12, rng.choice([10, 11]), 15, rng.randint(0, 59), rng.randint(0, 999) * 1000)
            elif kind == "android":
                pub = datetime(2024, 3, 11, 19, 15, rng.randint(0, 59), rng.randint(0, 999) * 1000)
            else:
                day = rng.choices(range(7), [18, 18, 17, 17, 16, 7, 7])[0]
                pub = NVD_START + timedelta(days=day, hours=rng.randint(0, 23), minutes=15,
                                            seconds=rng.randint(0, 59), milliseconds=rng.randint(0, 999))  # fmt: skip
            en, prod = _nvd_text(rng, kind, cwe)
            rec = {"id": new_id(), "source": source, "kind": kind, "published": pub, "cwe": cwe, "product": prod,
                   "en": en, "rejected": i < rejected, "cna_vec": rng.choice(vecs) if ver else None, "cna_ver": ver,
                   "cna_v2": v2 and ver is not None, "cna_cwe": cwe if ver or kind == "apache" else None,
                   "analysed": False, "modified": False, "undergoing": False, "nvd_vec": None, "nvd_cwe": None,
                   "kev": None, "es": rng.random() < 0.55}  # fmt: skip
            if rec["rejected"]:
                rec.update(cna_vec=None, cna_cwe=None, cna_v2=False, en=(
                    "Rejected reason: DO NOT USE THIS CANDIDATE NUMBER. ConsultIDs: none. Reason: This candidate was "
                    "withdrawn by its CNA. Further investigation showed that it was not a security issue. Notes: none."
                    if kind == "mitre" else "Rejected reason: This CVE ID has been rejected or withdrawn by its CVE Numbering Authority."))  # fmt: skip
            elif rng.random() < NVD_ANALYSED.get(kind, 0.15):
                rec["analysed"] = True
            elif rng.random() < 0.05:
                rec["undergoing"] = True
            cves.append(rec)
    # the week's CVEs CISA added to its catalogue
    kev: list[dict] = []
    for kind, cwe, vendor, product, name in NVD_KEV:
        c = next(c for c in cves if c["kind"] == kind and c["cwe"] == cwe and not c["rejected"] and c["kev"] is None
                 and c["published"] < datetime(2024, 3, 16))  # fmt: skip
        added = min(KEV_FETCHED, c["published"].date() + timedelta(days=rng.choice([0, 1, 2, 3, 5, 6, 8, 9])))
        c["kev"] = {"cveID": c["id"], "vendorProject": vendor, "product": product, "vulnerabilityName": name,
                    "dateAdded": added, "ransomware": rng.random() < 0.3, "cwe": c["cwe"]}  # fmt: skip
        c["analysed"] = True
        c["undergoing"] = False
        kev.append(c["kev"])
    for c in cves:
        if not c["analysed"]:
            continue
        if c["cna_vec"] and rng.random() < 0.45:
            c["nvd_vec"] = c["cna_vec"]
        else:
            c["nvd_vec"] = rng.choice(NVD_OWN.get(c["cwe"], NVD_OWN_DEFAULT))
        u = rng.random()
        c["nvd_cwe"] = c["cwe"] if u < 0.78 else "NVD-CWE-Other" if u < 0.88 else "NVD-CWE-noinfo"
        c["modified"] = rng.random() < 0.1
        c["analysed_on"] = min(NVD_FETCHED - timedelta(hours=3), c["published"] + timedelta(days=rng.uniform(0.5, 9)))
    # the rest of the catalogue, added from September 2023 on
    kev_ids = {c["id"] for c in cves}
    day = date(2023, 9, 1)
    while day <= KEV_FETCHED:
        if day.weekday() < 5 and rng.random() < 0.28:
            for _ in range(rng.choices([1, 2, 3, 4], [55, 25, 12, 8])[0]):
                vendor, product, name, cwe = rng.choice(KEV_OLD)
                year = rng.choices([2017, 2019, 2021, 2022, 2023, 2024], [3, 4, 8, 12, 55, 18])[0]
                if year == 2024 and day < date(2024, 1, 3):
                    year = 2023
                while True:
                    cid = f"CVE-{year}-{rng.randint(1000, 49999)}"
                    if cid not in kev_ids:
                        kev_ids.add(cid)
                        break
                kev.append({"cveID": cid, "vendorProject": vendor, "product": product,
                            "vulnerabilityName": name.format(x=rng.choice(KEV_FLAWS)), "dateAdded": day,
                            "ransomware": rng.random() < 0.2, "cwe": cwe})  # fmt: skip
        day += timedelta(days=1)
    for k in kev:
        k["due"] = k["dateAdded"] + timedelta(
            days=rng.choice([21, 21, 21, 14, 7]) if k["vendorProject"] != "Ivanti" else 7
        )
        k["action"] = rng.choice(KEV_ACTIONS[:2]) if "Routers" not in k["product"] else KEV_ACTIONS[2]
    kev.sort(key=lambda k: (k["dateAdded"], k["cveID"]), reverse=True)
    return cves, kev


def _nvd_metric(source: str, primary: bool, vec: str, ver: str) -> dict:
    return {"source": source, "type": "Primary" if primary else "Secondary", **_cvss3(vec, ver)}


def _nvd_ref(rng: random.Random, c: dict) -> str:
    """The CNA's advisory link in the form that CNA uses."""
    slug = c["product"].split()[-1].lower()
    uid = str(__import__("uuid").UUID(int=rng.getrandbits(128)))
    if c["kind"] == "vuldb":
        return f"https://vuldb.com/?id.{rng.randint(256000, 257200)}"
    if c["kind"] == "wordfence":
        return f"https://www.wordfence.com/threat-intel/vulnerabilities/id/{uid}?source=cve"
    if c["kind"] == "patchstack":
        return f"https://patchstack.com/database/vulnerability/{slug}/wordpress-{slug}-plugin-vulnerability?_s_id=cve"
    if c["kind"] == "github":
        return f"https://github.com/{c['product']}/security/advisories/GHSA-{rng.getrandbits(16):04x}-{rng.getrandbits(16):04x}-{rng.getrandbits(16):04x}"
    if c["kind"] == "huntr":
        return f"https://huntr.com/bounties/{uid}"
    if c["kind"] == "zdi":
        return f"https://www.zerodayinitiative.com/advisories/ZDI-24-{rng.randint(200, 330)}/"
    return f"https://{c['product'].split()[0].lower().replace(',', '')}.example/security/{c['id'].lower()}"


def _write_nvd(t: Truth, d: Path) -> None:
    rng = _rng("nvd-render")
    out = []
    for c in sorted(t.cves, key=lambda c: (c["published"], c["id"])):
        if c["rejected"]:
            status = "Rejected"
        elif c["analysed"]:
            status = "Modified" if c["modified"] else "Analyzed"
        elif c["undergoing"]:
            status = "Undergoing Analysis"
        else:
            status = "Awaiting Analysis"
        if c["analysed"]:
            last = c["analysed_on"] + (timedelta(days=rng.uniform(0.1, 2)) if c["modified"] else timedelta(0))
        else:
            last = c["published"] + timedelta(hours=rng.uniform(2, 40))
        last = min(last, NVD_FETCHED - timedelta(minutes=30))
        cve: dict = {
            "id": c["id"], "sourceIdentifier": c["source"],
            "published": c["published"].isoformat(timespec="milliseconds"),
            "lastModified": last.isoformat(timespec="milliseconds"), "vulnStatus": status,
        }  # fmt: skip
        if c["kev"]:
            k = c["kev"]
            cve.update(cisaExploitAdd=k["dateAdded"].isoformat(), cisaActionDue=k["due"].isoformat(),
                       cisaRequiredAction=k["action"], cisaVulnerabilityName=k["vulnerabilityName"])  # fmt: skip
        desc = [{"lang": "en", "value": c["en"]}]
        if c["es"] and not c["rejected"]:
            flaw = _FLAW_TEXT[c["cwe"]]
            desc.append({"lang": "es", "value": f"Se ha encontrado una vulnerabilidad ({flaw}) en {c['product']}."})
        cve["descriptions"] = desc
        metrics: dict = {}
        if c["nvd_vec"] or (c["cna_vec"] and c["cna_ver"] == "3.1"):
            v31 = []
            if c["nvd_vec"]:
                v31.append(_nvd_metric(NVD, True, c["nvd_vec"], "3.1"))
            if c["cna_vec"] and c["cna_ver"] == "3.1":
                v31.append(_nvd_metric(c["source"], False, c["cna_vec"], "3.1"))
            metrics["cvssMetricV31"] = v31
        if c["cna_vec"] and c["cna_ver"] == "3.0":
            metrics["cvssMetricV30"] = [_nvd_metric(c["source"], False, c["cna_vec"], "3.0")]
        if c["cna_v2"]:
            metrics["cvssMetricV2"] = [{"source": c["source"], "type": "Secondary", **_cvss2(c["cna_vec"])}]
        if not c["rejected"]:
            cve["metrics"] = metrics
            weak = []
            if c["nvd_cwe"]:
                weak.append({"source": NVD, "type": "Primary", "description": [{"lang": "en", "value": c["nvd_cwe"]}]})
            if c["cna_cwe"]:
                weak.append(
                    {"source": c["source"], "type": "Secondary", "description": [{"lang": "en", "value": c["cna_cwe"]}]}
                )
            if weak:
                cve["weaknesses"] = weak
            if c["analysed"]:
                vend = c["product"].split()[0].lower().replace("-", "_")
                cve["configurations"] = [{"nodes": [{"operator": "OR", "negate": False, "cpeMatch": [{
                    "vulnerable": True,
                    "criteria": f"cpe:2.3:a:{vend}:{'_'.join(c['product'].lower().split()[1:3]) or vend}:*:*:*:*:*:*:*:*",
                    "versionEndExcluding": f"{rng.randint(1, 9)}.{rng.randint(0, 9)}.{rng.randint(0, 9)}",
                    "matchCriteriaId": str(__import__('uuid').UUID(int=rng.getrandbits(128))).upper()}]}]}]  # fmt: skip
            url = _nvd_ref(rng, c)
            refs = [{"url": url, "source": c["source"]}]
            if c["kind"] == "microsoft":
                refs = [
                    {"url": f"https://msrc.microsoft.com/update-guide/vulnerability/{c['id']}", "source": c["source"]}
                ]
            if c["analysed"]:
                for r in refs:
                    r["tags"] = (
                        ["Patch", "Vendor Advisory"]
                        if c["kind"] in ("microsoft", "fortinet")
                        else ["Third Party Advisory"]
                    )
            cve["references"] = refs
        else:
            cve["metrics"] = {}
            cve["references"] = []
        out.append({"cve": cve})
    doc = {"resultsPerPage": len(out), "startIndex": 0, "totalResults": len(out), "format": "NVD_CVE",
           "version": "2.0", "timestamp": NVD_FETCHED.isoformat(timespec="milliseconds"), "vulnerabilities": out}  # fmt: skip
    (d / NVD_FILE).write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def _write_kev(t: Truth, d: Path) -> None:
    rng = _rng("kev-render")
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["cveID", "vendorProject", "product", "vulnerabilityName", "dateAdded", "shortDescription",
                "requiredAction", "dueDate", "knownRansomwareCampaignUse", "notes", "cwes"])  # fmt: skip
    for k in t.kev:
        flaw = k["vulnerabilityName"].replace(f"{k['vendorProject']} {k['product']} ", "").replace(" Vulnerability", "")
        flaw = " ".join(x if x.isupper() or "(" in x else x.lower() for x in flaw.split())
        desc = (f"{k['vendorProject']} {k['product']} contains a{'n' if flaw[:1].lower() in 'aeiou' else ''} "
                f"{flaw} vulnerability that could allow {rng.choice(['a remote attacker to execute code', 'an attacker to escalate privileges', 'an unauthenticated attacker to access sensitive data'])}.")  # fmt: skip
        notes = f"https://{k['vendorProject'].lower().replace(' ', '')}.example/security/advisories ; https://nvd.nist.gov/vuln/detail/{k['cveID']}"
        w.writerow([k["cveID"], k["vendorProject"], k["product"], k["vulnerabilityName"], k["dateAdded"].isoformat(),
                    desc, k["action"], k["due"].isoformat(), "Known" if k["ransomware"] else "Unknown", notes, k["cwe"]])  # fmt: skip
    (d / KEV_FILE).write_text(buf.getvalue(), encoding="utf-8")


# ==================================================================================================


@functools.lru_cache(maxsize=1)
def truth() -> Truth:
    messages, rejects, events = _build_mail(_rng("mail"))
    cves, kev = _build_nvd(_rng("nvd"))
    return Truth(matches=_build_cricket(_rng("cricket")), tests=_build_mot(_rng("mot")), messages=messages,
                 rejects=rejects, cves=cves, kev=kev, mail_events=events)  # fmt: skip


def write_files(d: Path | str) -> list[Path]:
    d = Path(d)
    d.mkdir(parents=True, exist_ok=True)
    t = truth()
    _write_cricket(t, d)
    _write_mot(t, d)
    _write_mail(t, d)
    _write_nvd(t, d)
    _write_kev(t, d)
    return [d / f for f in FILES]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "heldout35-files")
    for p in write_files(out):
        print(f"{p}  {p.stat().st_size:,} bytes")
