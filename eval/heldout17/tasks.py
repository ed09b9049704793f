"""The seventeenth held-out set's questions, each with its difficulty and the reference code that computes its answer.

References are computed from the generator's clean records (`data.truth`), never typed by hand
and never read back from the messy files. Difficulty: easy (one obvious operation on one file),
medium (one cleaning step, a group-by, or reading an odd format), hard (cleaning plus grouping,
joining, time-zone conversion, resampling, reshaping or parsing text). A reference whose answer
would be a tie raises, so a seed that makes a question ambiguous fails loudly instead of scoring noise.
"""

from __future__ import annotations

import calendar
import statistics
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from data import DB_FILE, DEPTS, FUEL_FILE, HUR_FILE, LONDON, PAY_FILE, SP_FILE, Truth, truth


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


def ranked(scores: dict[Any, float], k: int) -> Any:
    """The key in place k (1 = first); raises on a tie around that place."""
    order = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    if len({v for _, v in order[: k + 1]}) < k + 1:
        raise ValueError(f"tie in the first {k + 1}: {order[: k + 1]}")
    return order[k - 1][0]


def _month_text(year: int, month: int) -> str:
    return f"{calendar.month_name[month]} {year}"


# baseball: t.batting has one row per player, season and stint; t.teams one per team and season


def _name(t: Truth, pid: str) -> str:
    p = t.players[pid]
    return f"{p['first']} {p['last']}"


def _season(t: Truth, year: int) -> dict[str, Counter]:
    out: dict[str, Counter] = defaultdict(Counter)
    for r in t.batting:
        if r["yearID"] == year:
            out[r["playerID"]].update(
                {k: v for k, v in r.items() if isinstance(v, int) and k not in ("yearID", "stint")}
            )
    return out


def _team(t: Truth, year: int) -> dict[str, dict]:
    return {r["teamID"]: r for r in t.teams if r["yearID"] == year}


def _hr_leader(t: Truth) -> str:
    return _name(t, argmax({pid: s["HR"] for pid, s in _season(t, 2023).items()}))


def _avg_leader(t: Truth) -> str:
    qualified = {
        pid: s["H"] / s["AB"]
        for pid, s in _season(t, 2023).items()
        if s["AB"] + s["BB"] + s["HBP"] + s["SF"] + s["SH"] >= 502
    }
    return _name(t, argmax(qualified))


def _young(t: Truth) -> int:
    n = 0
    for pid in {r["playerID"] for r in t.batting if r["yearID"] == 2023}:
        by, bm, bd = t.players[pid]["birth"]
        if bm is None or bd is None:
            continue
        n += 2023 - by - ((bm, bd) > (7, 1)) <= 24
    return n


def _pay_wins_corr(t: Truth) -> float:
    return statistics.correlation([r["payroll"] for r in t.teams], [r["W"] / (r["W"] + r["L"]) for r in t.teams])


def _cost_per_win(t: Truth) -> str:
    return argmax({r["name"]: r["payroll"] / r["W"] for r in _team(t, 2023).values()})


# hurricanes: one record per storm with its entries (times in UTC)

NAMED = ("TS", "SS", "HU")


def _storms(t: Truth, year: int) -> list[dict]:
    return [s for s in t.storms if s["year"] == year]


def _min_pressure_id(t: Truth) -> str:
    return argmax({s["id"]: -min(e["pres"] for e in s["entries"] if e["pres"] is not None) for s in t.storms})


def _longest_id(t: Truth) -> str:
    return argmax({s["id"]: (s["entries"][-1]["t"] - s["entries"][0]["t"]).total_seconds() for s in t.storms})


def _storm_name(t: Truth, sid: str) -> str:
    return next(s["name"] for s in t.storms if s["id"] == sid)


def _ace(t: Truth, year: int) -> float:
    return sum(
        e["wind"] ** 2 / 10_000
        for s in _storms(t, year)
        for e in s["entries"]
        if e["t"].minute == 0 and e["t"].hour in (0, 6, 12, 18) and e["status"] in NAMED
    )


def _second_year(t: Truth) -> str:
    named = Counter(s["year"] for s in t.storms if any(e["status"] in NAMED for e in s["entries"]))
    return str(ranked(named, 2))


# fuel: one record per station with its price updates (naive French local times)


def _in_force(t: Truth, fuel: str, when: datetime) -> dict[int, float]:
    """Each station's price of `fuel` at `when`: its latest update at or before that time."""
    out = {}
    for s in t.stations:
        before = [p for p in s["prices"] if p["fuel"] == fuel and p["t"] <= when]
        if before:
            out[s["id"]] = max(before, key=lambda p: p["t"])["price"]
    return out


def _midfeb(t: Truth) -> float:
    return statistics.fmean(_in_force(t, "Gazole", datetime(2024, 2, 15, 12, 0)).values())


def _dept_cheapest(t: Truth) -> str:
    prices = _in_force(t, "Gazole", datetime(2024, 3, 1, 12, 0))
    by: dict[str, list[float]] = defaultdict(list)
    for s in t.stations:
        if s["id"] in prices:
            by[s["dept"]].append(prices[s["id"]])
    dep = argmax({d: -statistics.median(v) for d, v in by.items()})
    return DEPTS[dep][0]


# streaming: one record per play; `end` is the UTC time the play ended (the file's ts)


def _music(t: Truth) -> list[dict]:
    return [p for p in t.plays if p["uri"] is not None]


def _short_pct(t: Truth) -> float:
    rows = [p for p in _music(t) if p["end"].year == 2024]
    return 100 * sum(p["ms"] < 30_000 for p in rows) / len(rows)


def _peak_hour(t: Truth) -> int:
    by: Counter = Counter()
    for p in t.plays:
        by[p["end"].astimezone(LONDON).hour] += p["ms"]
    return argmax(by)


def _peak_month(t: Truth) -> str:
    by: Counter = Counter()
    for p in t.plays:
        local = p["end"].astimezone(LONDON)
        by[(local.year, local.month)] += p["ms"]
    return _month_text(*argmax(by))


# --- the questions --------------------------------------------------------------------------------

TASKS = [
    # baseball (Lahman database and payrolls) -------------------------------------------------------
    Task(
        "bb_hr_total_2023",
        "easy",
        f"{DB_FILE} is a SQLite copy of the Lahman baseball database. How many home runs were hit in total in the "
        "2023 season, according to its Batting table (sum of HR over all rows with yearID 2023)?",
        lambda t: sum(r["HR"] for r in t.batting if r["yearID"] == 2023),
    ),
    Task(
        "bb_most_wins_2022",
        "easy",
        f"In {DB_FILE}, which team won the most games (W in the Teams table) in the 2022 season? Give the team's name.",
        lambda t: argmax({r["name"]: r["W"] for r in _team(t, 2022).values()}),
        kind="text",
    ),
    Task(
        "bb_bats_left",
        "easy",
        f"How many players in the People table of {DB_FILE} bat left-handed (bats = 'L')? Switch hitters ('B') and "
        "players with no value do not count.",
        lambda t: sum(p["bats"] == "L" for p in t.players.values()),
    ),
    Task(
        "bb_hr_leader_2023",
        "medium",
        f"Using {DB_FILE}, which player hit the most home runs in the 2023 season (his season total)? Give his first "
        "and last name (People table).",
        _hr_leader,
        kind="text",
    ),
    Task(
        "bb_wins_std_2021",
        "medium",
        f"Using the Teams table of {DB_FILE}, what is the sample standard deviation (n - 1 in the denominator) of "
        "the 30 teams' wins (W) in the 2021 season?",
        lambda t: statistics.stdev(r["W"] for r in _team(t, 2021).values()),
    ),
    Task(
        "bb_young_2023",
        "hard",
        f"Using {DB_FILE}, how many different players who appear in the Batting table for 2023 were 24 years old or "
        "younger on 1 July 2023? Build each player's birth date from birthYear, birthMonth and birthDay in People, "
        "and leave out players whose birth month or day is missing.",
        _young,
    ),
    Task(
        "bb_pay_wins_corr",
        "hard",
        f"{PAY_FILE} holds each MLB team's payroll (US dollars) for 2019 to 2023. Combine it with the Teams table of "
        f"{DB_FILE} and compute the Pearson correlation between a team's payroll and its winning percentage "
        "(W / (W + L)) over every team-season from 2019 to 2023. Use the payroll amounts as given (2020 is "
        "prorated).",
        _pay_wins_corr,
    ),
    Task(
        "bb_avg_leader_2023",
        "hard",
        f"Using the Batting and People tables of {DB_FILE}: among players with at least 502 plate appearances in "
        "2023 (plate appearances = AB + BB + HBP + SF + SH, added up over all the teams a player played for), who had "
        "the highest batting average (H / AB)? Give his first and last name.",
        _avg_leader,
        kind="text",
    ),
    Task(
        "bb_cost_per_win_2023",
        "hard",
        f"Using {PAY_FILE} and the Teams table of {DB_FILE}, which team paid the most per win in 2023 (2023 payroll "
        "in dollars divided by 2023 wins W)? Give the team's name.",
        _cost_per_win,
        kind="text",
    ),
    # hurricanes (HURDAT2) ----------------------------------------------------------------------------
    Task(
        "hur_storms_2020",
        "easy",
        f"{HUR_FILE} is NOAA's HURDAT2 best-track file for the Atlantic. How many systems (storm header lines, ids "
        "ending in 2020) does it hold for the 2020 season?",
        lambda t: len(_storms(t, 2020)),
    ),
    Task(
        "hur_landfalls_2021",
        "easy",
        f"In {HUR_FILE}, how many track entries dated in 2021 have the record identifier L (landfall)?",
        lambda t: sum(e["rec"] == "L" and e["t"].year == 2021 for s in t.storms for e in s["entries"]),
    ),
    Task(
        "hur_hurricanes_2017",
        "medium",
        f"In {HUR_FILE}, how many systems of the 2017 season reached hurricane status (status HU in at least one "
        "entry)?",
        lambda t: sum(any(e["status"] == "HU" for e in s["entries"]) for s in _storms(t, 2017)),
    ),
    Task(
        "hur_second_year",
        "medium",
        f"Using {HUR_FILE}, count the named storms of each season from 2014 to 2023 (systems with status TS, SS or HU "
        "in at least one entry). Which season had the second most?",
        _second_year,
        kind="text",
    ),
    Task(
        "hur_min_pressure",
        "medium",
        f"In {HUR_FILE}, which storm had the lowest minimum central pressure (millibars) of any entry? A pressure of "
        "-999 means not measured. Give the storm's name.",
        lambda t: _storm_name(t, _min_pressure_id(t)),
        kind="text",
    ),
    Task(
        "hur_longest",
        "hard",
        f"In {HUR_FILE}, which storm (a single system) lasted longest, from its first track entry to its last (all "
        "statuses, times in UTC)? Give the storm's name.",
        lambda t: _storm_name(t, _longest_id(t)),
        kind="text",
    ),
    Task(
        "hur_ace_2020",
        "hard",
        f"Using {HUR_FILE}, what was the Accumulated Cyclone Energy (ACE) of the 2020 season, in units of 10^4 kt^2? "
        "ACE is the sum, over the six-hourly synoptic entries (00, 06, 12 and 18 UTC) at which a system had status "
        "TS, SS or HU, of the square of its maximum sustained wind in knots, divided by 10,000.",
        lambda t: _ace(t, 2020),
    ),
    # fuel prices (prix-carburants XML) ---------------------------------------------------------------
    Task(
        "fuel_motorway",
        "easy",
        f"{FUEL_FILE} is the French government's fuel price history for Auvergne-Rhone-Alpes, January to March 2024. "
        'How many stations (pdv elements) are on a motorway (pop="A")?',
        lambda t: sum(s["pop"] == "A" for s in t.stations),
    ),
    Task(
        "fuel_e85",
        "easy",
        f"In {FUEL_FILE}, how many stations have at least one E85 price (a prix element with nom E85)?",
        lambda t: sum(any(p["fuel"] == "E85" for p in s["prices"]) for s in t.stations),
    ),
    Task(
        "fuel_max_gazole",
        "easy",
        f"What is the highest diesel (Gazole) price in {FUEL_FILE}, in euros per litre?",
        lambda t: max(p["price"] for s in t.stations for p in s["prices"] if p["fuel"] == "Gazole"),
    ),
    Task(
        "fuel_cb24",
        "medium",
        f"In {FUEL_FILE}, how many stations list the service 'Automate CB 24/24' (24-hour card payment)?",
        lambda t: sum("Automate CB 24/24" in s["services"] for s in t.stations),
    ),
    Task(
        "fuel_rupture_e10",
        "medium",
        f"In {FUEL_FILE}, how many stations had at least one stock-out (rupture element) of E10?",
        lambda t: sum(any(r["fuel"] == "E10" for r in s["ruptures"]) for s in t.stations),
    ),
    Task(
        "fuel_midfeb",
        "hard",
        f"Using {FUEL_FILE}: what was the average diesel (Gazole) price across the stations at 12:00 on 15 February "
        "2024 (French local time, as the maj times are)? A station's price at that moment is its latest Gazole "
        "update at or before it. Give euros per litre, the plain mean over stations.",
        _midfeb,
    ),
    Task(
        "fuel_dept_cheapest",
        "hard",
        f"Using {FUEL_FILE}: take each station's diesel (Gazole) price in force at 12:00 on 1 March 2024 (French local "
        "time; its latest update at or before then). Which département (the first two digits of the postcode cp) "
        "had the lowest median price? Give the département's name or number.",
        _dept_cheapest,
        kind="text",
    ),
    # streaming (Spotify extended history) ------------------------------------------------------------
    Task(
        "sp_total_2024",
        "easy",
        f"{SP_FILE} is a Spotify extended streaming history. How many hours of listening (ms_played, songs and podcasts "
        "together) does it hold for plays whose ts is in 2024 (ts is in UTC)?",
        lambda t: sum(p["ms"] for p in t.plays if p["end"].year == 2024) / 3_600_000,
    ),
    Task(
        "sp_podcasts",
        "easy",
        f"How many records in {SP_FILE} are podcast episodes (spotify_episode_uri set)?",
        lambda t: sum(p["ep_uri"] is not None for p in t.plays),
    ),
    Task(
        "sp_top_artist",
        "medium",
        f"In {SP_FILE}, which artist (master_metadata_album_artist_name) has the most listening time (sum of "
        "ms_played) over the whole file? Podcast episodes have no artist; leave them out.",
        lambda t: argmax(
            Counter({a: sum(p["ms"] for p in _music(t) if p["artist"] == a) for a in {p["artist"] for p in _music(t)}})
        ),  # fmt: skip
        kind="text",
    ),
    Task(
        "sp_short_pct",
        "medium",
        f"In {SP_FILE}, what percentage of the 2024 song plays (spotify_track_uri set, ts in 2024 UTC) lasted less "
        "than 30 seconds (ms_played under 30,000)?",
        _short_pct,
    ),
    Task(
        "sp_median_minutes",
        "medium",
        f"In {SP_FILE}, what is the median length in minutes (ms_played / 60,000) of the song plays (spotify_track_uri "
        "set) that ran to the end of the track (reason_end trackdone)?",
        lambda t: statistics.median(p["ms"] / 60_000 for p in _music(t) if p["reason_end"] == "trackdone"),
    ),
    Task(
        "sp_peak_hour",
        "hard",
        f"The listener of {SP_FILE} lives in London. At which hour of the day, in UK local time (Europe/London), do "
        "they listen most? Take the hour of each play's ts (the time the play ended, given in UTC), add up ms_played "
        "per hour over the whole file, and give the hour as a number from 0 to 23 (for example 14 for 14:00-14:59).",
        _peak_hour,
    ),
    Task(
        "sp_peak_month",
        "hard",
        f"Using {SP_FILE}, add up the listening time (ms_played, songs and podcasts) in each month of each year, by UK "
        "local time (Europe/London) of ts. Which month (month and year) had the most?",
        _peak_month,
        kind="text",
    ),
]

QUICK = ["bb_hr_total_2023", "hur_storms_2020", "sp_podcasts"]

# The questions with a careless reading that gives a plausible but wrong answer, and that reading.
# check.py computes each careless answer from the files and asserts it differs and is scored wrong.
TRAPS = {
    "bb_hr_leader_2023": "the largest single Batting row taken, but a player traded in mid-season has a row (stint) "
    "for each team, and the leader's home runs are split over two",
    "bb_pay_wins_corr": "the payroll sheet's Tm joined to Teams.teamID, but 11 teams have different codes there "
    "(NYY / NYA, LAD / LAN, STL / SLN ...), so they silently drop out; teamIDBR matches",
    "hur_min_pressure": "the lowest value of the pressure column taken, which is -999 (not measured)",
    "hur_longest": "entries grouped by storm name, but names are reused every six years (and depressions are "
    "numbered ONE, TWO ... every season), so a name spans years",
    "hur_ace_2020": "every entry with status TS, SS or HU added, including the extra non-synoptic landfall entries",
    "fuel_midfeb": "the mean of the Gazole updates made on 15 February, which over-weights the stations that "
    "update often (the dearer motorway ones) and leaves out the others",
    "sp_peak_hour": "the hour taken from ts in UTC, an hour behind London in summer time",
}


def references(t: Truth | None = None) -> dict[str, Any]:
    t = t or truth()
    return {task.id: task.ref(t) for task in TASKS}


def _month_aliases(text: str) -> list[str]:
    """`July 2023`: the other ways of writing that month."""
    name, year = text.split()
    m = list(calendar.month_name).index(name)
    return [f"{calendar.month_abbr[m]} {year}", f"{year}-{m:02d}", f"{m:02d}/{year}", f"{m}/{year}"]


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def _fill_aliases() -> None:
    """Text aliases that depend on the reference (a team, a player, a storm, a département, a month)."""
    t = truth()
    refs = references(t)
    by_name = {r["name"]: r for r in t.teams}
    for task in TASKS:
        if task.kind != "text":
            continue
        ref = refs[task.id]
        if task.id in ("bb_most_wins_2022", "bb_cost_per_win_2023"):
            r = by_name[ref]
            task.aliases = list(dict.fromkeys([r["teamIDBR"], r["teamID"], r["nick"]]))
        elif task.id in ("bb_hr_leader_2023", "bb_avg_leader_2023"):
            task.aliases = [next(pid for pid, p in t.players.items() if f"{p['first']} {p['last']}" == ref)]
        elif task.id == "hur_min_pressure":
            task.aliases = [_min_pressure_id(t)]
        elif task.id == "hur_longest":
            task.aliases = [_longest_id(t)]
        elif task.id == "fuel_dept_cheapest":
            code = next(c for c, (name, _) in DEPTS.items() if name == ref)
            task.aliases = [code] + ([_plain(ref)] if _plain(ref) != ref else [])
        elif task.id == "sp_peak_month":
            task.aliases = _month_aliases(ref)
        elif task.id == "sp_top_artist":
            task.aliases = [_plain(ref).replace("&", "and")] if "&" in ref else []


_fill_aliases()

assert len(TASKS) == 30 and len({t.id for t in TASKS}) == 30
assert Counter(t.difficulty for t in TASKS) == {"easy": 10, "medium": 10, "hard": 10}
assert all(any(t.id == q and t.difficulty == "easy" for t in TASKS) for q in QUICK)
assert set(TRAPS) <= {t.id for t in TASKS} and 6 <= len(TRAPS) <= 8

if __name__ == "__main__":
    refs = references()
    for task in TASKS:
        print(f"[{task.difficulty}] {task.id}: {refs[task.id]!r}  {task.aliases if task.aliases else ''}")
        print(f"    {task.question}")
